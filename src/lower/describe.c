/* SPDX-License-Identifier: MIT */
/*
 * describe.c - a descriptor pair in words (`texunit decode-send`): the message line in the
 * manner of Mesa's disassembler (brw_disasm.c, brw_disassemble_inst: "SFID MsgDesc: ..." with
 * Mesa's names of sampler messages, SIMD modes, data-port messages and LSC operations, sizes
 * and cache controls, and "*** invalid NAME value N" for a value with none), then every field
 * with its bits, its value and what it means on the target (the layouts of Mesa brw_eu.h:
 * brw_sampler_desc, brw_dp_desc, lsc_msg_desc, lsc_bti_ex_desc, brw_message_desc and
 * brw_message_ex_desc), then whether texunit executes the message: the decoders' verdict
 * (decode.c, dataport.c) on payloads of zeros, so every refusal is the one a send would meet.
 */
#include "lower_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The text being built: snprintf into buf, counting what did not fit. */
typedef struct out {
    char *buf;
    size_t size, len;
} out;

static void put(out *o, const char *fmt, ...) TU_PRINTF(2, 3);
static void put(out *o, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    const size_t room = o->len < o->size ? o->size - o->len : 0;
    const int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0) o->len += (size_t)n;
}

/* One field: bits hi:lo (lo2 >= 0 adds a second, one-bit, part), its name, value, meaning. */
static void field(out *o, unsigned hi, unsigned lo, const char *name, uint32_t v,
                  const char *meaning) {
    char bits[16];
    if (hi == lo)
        snprintf(bits, sizeof bits, "%u", hi);
    else
        snprintf(bits, sizeof bits, "%u:%u", hi, lo);
    put(o, "    %-8s %-24s %u", bits, name, v);
    if (meaning && *meaning) put(o, " (%s)", meaning);
    put(o, "\n");
}

/* Mesa's name of a value from one of its tables, or the disassembler's invalid form. */
static void named(out *o, const char *what, const char *name, uint32_t v) {
    if (name)
        put(o, "%s", name);
    else
        put(o, "*** invalid %s value %u", what, v);
}

static uint32_t bits(uint32_t v, unsigned hi, unsigned lo) {
    return v >> lo & (hi - lo >= 31 ? 0xffffffffu : (1u << (hi - lo + 1)) - 1);
}

/* --- the sampler ------------------------------------------------------------------------- */

/* Mesa brw_disasm.c, gfx5_sampler_msg_type and xe2_sampler_msg_type (its names of the message
 * types, by type; Xe2's table adds the gather4 forms and the min-LOD samples) */
static const char *mesa_sampler_name(uint32_t type, bool xe2) {
    static const char *const gfx9[32] = {
        "sample",       "sample_b",    "sample_l",   "sample_c", "sample_d",  "sample_b_c",
        "sample_l_c",   "ld",          "gather4",    "lod",      "resinfo",   "sampleinfo",
        NULL,           NULL,          NULL,         NULL,       "gather4_c", "gather4_po",
        "gather4_po_c", NULL,          "sample_d_c", NULL,       NULL,        NULL,
        "sample_lz",    "sample_c_lz", "ld_lz",      NULL,       "ld2dms_w",  "ld_mcs",
        "ld2dms",       "ld2dss"};
    if (!xe2) return type < 32 ? gfx9[type] : NULL;
    switch (type) {
    case 13: return "gather4_l";
    case 14: return "gather4_b";
    case 15: return "gather4_i";
    case 18: return "sample_mlod";
    case 19: return "sample_c_mlod";
    case 21: return "gather4_i_c";
    case 23: return "gather4_l_c";
    case 45: return "gather4_po_l";
    case 46: return "gather4_po_b";
    case 55: return "gather4_po_l_c";
    default: return type < 32 && type != 18 ? gfx9[type] : NULL;
    }
}

static void describe_sampler(out *o, uint32_t desc, uint32_t ex_desc, const tu_target *t) {
    const tu_send_fields f = tu_lower_fields(desc, ex_desc, t);
    const bool xe2 = t->xe2_msg_types;
    static const char *const gfx9_modes[8] = {"SIMD4x2", "SIMD8",  "SIMD16",  "SIMD32/64",
                                              NULL,      "SIMD8H", "SIMD16H", NULL};
    static const char *const xe2_modes[8] = {NULL, "SIMD16",  "SIMD32",  NULL,
                                             NULL, "SIMD16H", "SIMD32H", NULL};
    const char *mode = (xe2 ? xe2_modes : gfx9_modes)[f.simd_mode & 7];
    put(o, "sampler MsgDesc: ");
    named(o, "sampler message", mesa_sampler_name(f.msg_type, xe2), f.msg_type);
    put(o, " ");
    named(o, "sampler simd mode", mode, f.simd_mode);
    if (f.return16) put(o, " HP");
    put(o, " Surface = %u Sampler = %u mlen %u ex_mlen %u rlen %u\n", f.bti, f.sampler, f.mlen,
        f.ex_mlen, f.rlen);

    char m[96];
    tu_lower_type_info info;
    const bool known = tu_lower_describe_type(f.msg_type, f.simd_mode >= 5, t, &info);
    put(o, "  desc    0x%08x\n", desc);
    field(o, 7, 0, "binding-table index", f.bti,
          f.bti == TUL_BTI_BINDLESS  ? "bindless: the surface handle is ex_desc 31:12"
          : f.bti > TUL_BTI_BINDLESS ? "not a sampler surface"
                                     : "");
    field(o, 11, 8, "sampler index", f.sampler, "");
    snprintf(m, sizeof m, "%s%s%s", known ? "texunit " : "", known ? info.mnemonic : "",
             known                                ? ""
             : mesa_sampler_name(f.msg_type, xe2) ? "texunit executes no such message"
                                                  : "no message of this type");
    field(o, 16, 12, xe2 ? "message type 4:0" : "message type", desc >> 12 & 0x1f, m);
    snprintf(m, sizeof m, "%s%s%s", mode ? mode : "reserved",
             mode && f.simd_mode >= 5 ? ", 16-bit parameters" : "",
             mode && f.simd_mode >= 5 && !t->half_params ? ", which the target has not" : "");
    field(o, 18, 17, "SIMD mode 1:0", f.simd_mode & 3, m);
    field(o, 29, 29, "SIMD mode 2", f.simd_mode >> 2, "");
    field(o, 19, 19, "header present", f.header, "");
    snprintf(m, sizeof m, "GRFs of %u bytes", t->grf_bytes);
    field(o, 24, 20, "response length", f.rlen, m);
    field(o, 28, 25, "message length", f.mlen, f.ex_mlen ? "src0 GRFs" : "GRFs");
    field(o, 30, 30, "return format", f.return16, f.return16 ? "16-bit" : "32-bit");
    field(o, 31, 31, xe2 ? "message type 5" : "CPS LOD compensation", f.bit31,
          xe2 && f.bit31 ? "the programmable-offset (_po) samples" : "");
    put(o, "  ex_desc 0x%08x\n", ex_desc);
    field(o, 3, 0, "SFID", f.sfid, "sampler");
    field(o, 5, 4, "reserved", bits(ex_desc, 5, 4), bits(ex_desc, 5, 4) ? "must be 0" : "");
    const unsigned top = 5 + tuL_generation_of(t)->ex_mlen_bits;
    field(o, top, 6, "extended length", f.ex_mlen, f.ex_mlen ? "a split send: src1 GRFs" : "");
    if (top < 10)
        field(o, 10, 10, "reserved", bits(ex_desc, 10, 10),
              bits(ex_desc, 10, 10) ? "must be 0" : "");
    field(o, 11, 11, "CPS", f.cps, "");
    snprintf(m, sizeof m, "handle 0x%08x", f.surface_handle);
    field(o, 31, 12, "bindless surface", f.surface_handle >> 12, f.surface_handle ? m : "");
}

/* The verdict on a sampler message: decode it with zero parameters and, when it has a header,
 * the channel disable mask and pixel null mask its response length allows (the header's DW2
 * is the message's, not the descriptor's); the first that decodes, or the refusal of the plain
 * RGBA header. */
static tu_status verdict_sampler(uint32_t desc, uint32_t ex_desc, const tu_target *t,
                                 tu_send_decoded *d, tu_error *err) {
    static uint8_t zeros[TU_LOWER_MAX_MLEN * TU_LOWER_MAX_GRF_BYTES * 2];
    uint8_t src0[TU_LOWER_MAX_MLEN * TU_LOWER_MAX_GRF_BYTES];
    memset(src0, 0, sizeof src0);
    const tu_send s = {desc, ex_desc, 0xffffffffu, src0, sizeof src0, 1, 1, zeros, sizeof zeros};
    TU_TRY(tuL_sampler_target(t, err));
    tu_error first = {TU_OK, ""};
    for (uint32_t pnm = 0; pnm < 2 && (desc >> 19 & 1); pnm++)
        for (uint32_t channels = 4; channels >= 1; channels--) {
            const uint32_t dw2 = (~((1u << channels) - 1) & 0xf) << 12 | pnm << 23;
            tuB_store_le32(src0 + 8, dw2);
            tu_error e = {TU_OK, ""};
            memset(d, 0, sizeof *d);
            if (tuL_decode(&s, t, d, &e) == TU_OK) return TU_OK;
            if (first.status == TU_OK) first = e;
        }
    if (first.status != TU_OK) {
        if (err) *err = first;
        return first.status;
    }
    memset(d, 0, sizeof *d);
    return tuL_decode(&s, t, d, err);
}

/* --- the data port ----------------------------------------------------------------------- */

/* Mesa brw_disasm.c, lsc_operation (Mesa's names of the LSC opcodes) */
static const char *mesa_lsc_op(uint32_t op) {
    static const char *const names[32] = {"load",
                                          "load_strided",
                                          "load_cmask",
                                          "load_block2d",
                                          "store",
                                          "store_strided",
                                          "store_cmask",
                                          "store_block2d",
                                          "atomic_inc",
                                          "atomic_dec",
                                          "atomic_load",
                                          "atomic_store",
                                          "atomic_add",
                                          "atomic_sub",
                                          "atomic_min",
                                          "atomic_max",
                                          "atomic_umin",
                                          "atomic_umax",
                                          "atomic_cmpxchg",
                                          "atomic_fadd",
                                          "atomic_fsub",
                                          "atomic_fmin",
                                          "atomic_fmax",
                                          "atomic_fcmpxchg",
                                          "atomic_and",
                                          "atomic_or",
                                          "atomic_xor",
                                          NULL,
                                          NULL,
                                          NULL,
                                          NULL,
                                          "fence"};
    return op < 32 ? names[op] : NULL;
}

static tu_dp_cache_class lsc_class(uint32_t op) {
    return op == 0 || op == 2    ? TU_DP_CACHE_LOAD
           : op >= 8 && op <= 26 ? TU_DP_CACHE_ATOMIC
                                 : TU_DP_CACHE_STORE;
}

static void describe_lsc(out *o, uint32_t desc, uint32_t ex_desc, uint32_t sfid,
                         const tu_target *t) {
    static const char *const asizes[4] = {NULL, "a16", "a32", "a64"};
    static const char *const dsizes[8] = {"d8",    "d16",    "d32",     "d64",
                                          "d8u32", "d16u32", "d16bf32", NULL};
    static const char *const vsizes[8] = {"V1", "V2", "V3", "V4", "V8", "V16", "V32", "V64"};
    static const char *const cmasks[16] = {NULL, "x",  "y",  "xy",  "z",  "xz",  "yz",  "xyz",
                                           "w",  "xw", "yw", "xyw", "zw", "xzw", "yzw", "xyzw"};
    static const char *const atypes[4] = {"flat", "bss", "ss", "bti"};
    const uint32_t op = desc & 0x3f;
    const bool cmask = op == 2 || op == 6;
    uint32_t low, width;
    tu_dp_cache_bits(t, &low, &width);
    const uint32_t cache = bits(desc, 19, low);
    const tu_dp_cache_class c = lsc_class(op);
    const char *cname = tu_dp_cache_name(t, c, cache);
    const uint32_t ex_mlen = bits(ex_desc, 5 + tuL_generation_of(t)->ex_mlen_bits, 6);
    put(o, "%s MsgDesc: ( ", sfid == 13 ? "tgm" : "ugm");
    named(o, "operation", mesa_lsc_op(op), op);
    put(o, ", ");
    named(o, "addr_size", asizes[bits(desc, 8, 7)], bits(desc, 8, 7));
    put(o, ", ");
    named(o, "data_size", dsizes[bits(desc, 11, 9)], bits(desc, 11, 9));
    put(o, ", ");
    if (cmask)
        named(o, "component_mask", cmasks[bits(desc, 15, 12)], bits(desc, 15, 12));
    else
        named(o, "vector_size", vsizes[bits(desc, 14, 12)], bits(desc, 14, 12));
    if (!cmask && bits(desc, 15, 15)) put(o, ", transpose");
    put(o, ", ");
    named(o, c == TU_DP_CACHE_LOAD ? "cache_load" : "cache_store", cname, cache);
    put(o, " dst_len = %u, src0_len = %u, src1_len = %u %s )", bits(desc, 24, 20),
        bits(desc, 28, 25), ex_mlen, atypes[bits(desc, 30, 29)]);
    if (bits(desc, 30, 29) == 3)
        put(o, " BTI %u  base_offset %u", bits(ex_desc, 31, 24), bits(ex_desc, 23, 12));
    put(o, "\n");

    char m[96];
    put(o, "  desc    0x%08x\n", desc);
    field(o, 5, 0, "opcode", op, mesa_lsc_op(op) ? mesa_lsc_op(op) : "no LSC operation");
    field(o, 8, 7, "address size", bits(desc, 8, 7),
          asizes[bits(desc, 8, 7)] ? asizes[bits(desc, 8, 7)] : "reserved");
    field(o, 11, 9, "data size", bits(desc, 11, 9),
          dsizes[bits(desc, 11, 9)] ? dsizes[bits(desc, 11, 9)] : "reserved");
    if (cmask) {
        field(o, 15, 12, "component mask", bits(desc, 15, 12),
              cmasks[bits(desc, 15, 12)] ? cmasks[bits(desc, 15, 12)] : "enables nothing");
    } else {
        field(o, 14, 12, "vector size", bits(desc, 14, 12), vsizes[bits(desc, 14, 12)]);
        field(o, 15, 15, "transpose", bits(desc, 15, 15), "");
    }
    if (low == 17)
        field(o, 16, 16, "reserved", bits(desc, 16, 16), bits(desc, 16, 16) ? "must be 0" : "");
    static const char *const class_names[3] = {"a load", "a store",
                                               "an atomic, whose values are the stores'"};
    snprintf(m, sizeof m, "%s; %s%s", cname ? cname : "not a legal value", class_names[c],
             c == TU_DP_CACHE_ATOMIC ? ", uncached in L1 whatever it says" : "");
    field(o, 19, low, "cache control", cache, m);
    field(o, 24, 20, "response length", bits(desc, 24, 20), "");
    field(o, 28, 25, "message length", bits(desc, 28, 25), "src0 GRFs: the addresses");
    field(o, 30, 29, "address type", bits(desc, 30, 29), atypes[bits(desc, 30, 29)]);
    put(o, "  ex_desc 0x%08x\n", ex_desc);
    field(o, 3, 0, "SFID", ex_desc & 0xf, sfid == 13 ? "tgm" : "ugm");
    const unsigned top = 5 + tuL_generation_of(t)->ex_mlen_bits;
    field(o, top, 6, "extended length", ex_mlen, "src1 GRFs: the data");
    if (bits(desc, 30, 29) == 3) {
        const int32_t base = tuB_sign_extend(ex_desc >> 12, 12);
        snprintf(m, sizeof m, "%d bytes", base);
        field(o, 23, 12, "base offset", bits(ex_desc, 23, 12), m);
        field(o, 31, 24, "binding-table index", bits(ex_desc, 31, 24), "");
    }
}

static void describe_legacy(out *o, uint32_t desc, uint32_t ex_desc, uint32_t sfid,
                            const tu_target *t) {
    /* Mesa brw_disasm.c, dp_dc1_msg_type_hsw and dp_dc0_msg_type_gfx7 (the messages texunit
     * lowers; IVB's render-cache typed and data-cache untyped messages are named as its own) */
    const uint32_t type = bits(desc, 18, 14), ctrl = bits(desc, 13, 8);
    const bool ivb = tuL_generation_of(t)->dp_gen == TUL_DP_IVB;
    const char *name = NULL, *port = sfid == 12 ? "dp data 1" : sfid == 10 ? "dp data 0" : "render";
    if (sfid == 12 && !ivb) {
        static const char *const dc1[32] = {
            [1] = "untyped surface read",         [2] = "DC untyped atomic op",
            [5] = "DC typed surface read",        [6] = "DC typed atomic",
            [9] = "DC untyped surface write",     [13] = "DC typed surface write",
            [0x1B] = "DC untyped atomic float op"};
        name = dc1[type];
    } else if (sfid == 10) {
        static const char *const dc0[32] = {
            [3] = "DC DWORD scattered read",  [4] = "DC byte scattered read",
            [5] = "DC untyped surface read",  [6] = "DC untyped atomic",
            [11] = "DC DWORD scatterd write", [12] = "DC byte scattered write",
            [13] = "DC untyped surface write"};
        name = dc0[type & 0xf];
    } else if (sfid == 5 && ivb) {
        name = type == 5    ? "typed surface read"
               : type == 13 ? "typed surface write"
               : type == 6  ? "typed atomic"
                            : NULL;
    }
    put(o, "%s MsgDesc: ( ", port);
    named(o, "DP message type", name, type);
    put(o, ", Surface = %u, 0x%x) mlen %u ex_mlen %u rlen %u\n", bits(desc, 7, 0), ctrl,
        bits(desc, 28, 25), bits(ex_desc, 9, 6), bits(desc, 24, 20));
    put(o, "  desc    0x%08x\n", desc);
    field(o, 7, 0, "binding-table index", bits(desc, 7, 0), "");
    field(o, 13, 8, "message control", ctrl, "");
    field(o, ivb ? 17 : 18, 14, "message type", ivb ? type & 0xf : type, name ? name : "");
    field(o, 19, 19, "header present", bits(desc, 19, 19), "");
    field(o, 24, 20, "response length", bits(desc, 24, 20), "");
    field(o, 28, 25, "message length", bits(desc, 28, 25), "");
    put(o, "  ex_desc 0x%08x\n", ex_desc);
    field(o, 3, 0, "SFID", sfid, port);
    field(o, 9, 6, "extended length", bits(ex_desc, 9, 6), "src1 GRFs: the data");
}

tu_status tu_send_describe(uint32_t desc, uint32_t ex_desc, const tu_target *t, char *buf,
                           size_t size, size_t *needed, tu_error *err) {
    TU_RETURN_IF(!t || (!buf && size), err, TU_INVALID_ARGUMENT,
                 "target and buffer must not be NULL");
    TU_TRY(tu_target_validate(t, err));
    out o = {buf, size, 0};
    if (size) buf[0] = 0;
    const uint32_t sfid = ex_desc & 0xf;
    const tuL_dp_gen g = (tuL_dp_gen)tuL_generation_of(t)->dp_gen;
    tu_status st;
    tu_error e = {TU_OK, ""};
    if (sfid == TUL_SFID_SAMPLER) {
        describe_sampler(&o, desc, ex_desc, t);
        tu_send_decoded d;
        st = verdict_sampler(desc, ex_desc, t, &d, &e);
        if (st == TU_OK)
            put(&o, "texunit executes it: SIMD%u, %u parameter%s of %u GRF%s%s%s%s\n", d.width,
                d.param_count, d.param_count == 1 ? "" : "s",
                tu_lower_regs(1, d.width, (d.msg.flags & TU_LMSG_PARAMS_16BIT) ? 2 : 4, t),
                tu_lower_regs(1, d.width, (d.msg.flags & TU_LMSG_PARAMS_16BIT) ? 2 : 4, t) == 1
                    ? ""
                    : "s",
                d.header ? " after the header" : "",
                d.ex_mlen ? ", a split send: src0 and src1 read as one message" : "",
                d.header ? " (the channels come from the header's DW2)" : "");
    } else if (g == TUL_DP_LSC ? sfid == 13 || sfid == 15
                               : sfid == 10 || sfid == 12 || (g == TUL_DP_IVB && sfid == 5)) {
        if (g == TUL_DP_LSC)
            describe_lsc(&o, desc, ex_desc, sfid, t);
        else
            describe_legacy(&o, desc, ex_desc, sfid, t);
        static uint8_t zeros[2][TU_LOWER_MAX_MLEN * TU_LOWER_MAX_GRF_BYTES * 2];
        const tu_dp_send s = {desc,     ex_desc,        0xffffffffu, zeros[0], sizeof zeros[0],
                              zeros[1], sizeof zeros[1]};
        tu_dp_lmsg m;
        uint32_t rlen;
        st = tu_dp_lower_decode(&s, t, &m, &rlen, &e);
        if (st == TU_OK)
            put(&o, "texunit executes it: %s, SIMD%u%s%s\n", tu_dp_op_describe(m.msg.op)->name,
                m.msg.simd, g == TUL_DP_LSC ? ", cache control " : "",
                g == TUL_DP_LSC ? tu_dp_cache_name(t, tuL_dp_cache_class(m.msg.op),
                                                   m.cache & ~(uint32_t)TU_DP_CACHE_SET)
                                : "");
    } else {
        put(&o, "SFID %u MsgDesc: 0x%08x ex_desc 0x%08x\n", sfid, desc, ex_desc);
        st = tuB_fail(&e, TU_UNSUPPORTED,
                      "SFID %u is not a shared function texunit executes on target %s (the "
                      "sampler 2; %s)",
                      sfid, t->name ? t->name : "?",
                      g == TUL_DP_LSC   ? "LSC tgm 13, ugm 15"
                      : g == TUL_DP_IVB ? "render cache 5, data cache 10"
                                        : "data cache 10, data cache 1 12");
    }
    if (st != TU_OK) put(&o, "texunit refuses it: %s\n", e.message);
    if (needed) *needed = o.len;
    if (err && st != TU_OK) *err = e;
    return st;
}
