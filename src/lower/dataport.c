/* SPDX-License-Identifier: MIT */
/*
 * dataport.c - the compiler side of the data port: logical surface messages split to the
 * widths a generation's data port takes, their payloads (header, address and data registers,
 * descriptor and extended descriptor, split sends), the inverse decode and the response
 * layout (texunit/lower.h, "the data port").
 *
 * Sources: the widths, Mesa brw_fs_lower_simd_width.cpp (the surface messages); the payload
 * lowering, header, lengths and split sends, Mesa brw_lower_logical_sends.cpp,
 * lower_surface_logical_send (and its 2015 and 2018 forms); the SFIDs and message types, Mesa
 * brw_eu_defines.h; descriptors, message control and slot groups, the brw_dp_*_desc helpers of
 * Mesa brw_eu.h; the LSC, its lsc_msg_desc. Decisions: docs/lowering.md, "The data port".
 */
#include "lower_internal.h"

#include <stdio.h>
#include <string.h>

static tuL_dp_gen gen_of(const tu_target *t) {
    return (tuL_dp_gen)tuL_generation_of(t)->dp_gen;
}

/* Hardware SFIDs and the message types (Mesa brw_eu_defines.h). */
enum {
    SFID_RC = 5,   /* render cache: IVB typed */
    SFID_DC0 = 10, /* data cache: IVB untyped, scattered */
    SFID_DC1 = 12, /* data cache 1: HSW+ untyped and typed */
    SFID_TGM = 13,
    SFID_UGM = 15
};

enum {
    T_UNTYPED_READ_IVB = 5,
    T_UNTYPED_WRITE_IVB = 13,
    T_UNTYPED_ATOMIC_IVB = 6,
    T_UNTYPED_READ = 1,
    T_UNTYPED_WRITE = 9,
    T_UNTYPED_ATOMIC = 2,
    T_UNTYPED_ATOMIC_FLOAT = 0x1B,
    T_TYPED_READ = 5,
    T_TYPED_WRITE = 13,
    T_TYPED_ATOMIC = 6,
    T_BYTE_READ = 4,
    T_BYTE_WRITE = 12,
    T_DWORD_READ = 3,
    T_DWORD_WRITE = 11
};

/* LSC descriptor values (Mesa brw_eu.h, lsc_msg_desc; brw_eu_defines.h). */
enum {
    LSC_LOAD = 0,
    LSC_LOAD_CMASK = 2,
    LSC_STORE = 4,
    LSC_STORE_CMASK = 6,
    LSC_A32 = 2,
    LSC_D32 = 2,
    LSC_D8U32 = 4,
    LSC_D16U32 = 5,
    LSC_BTI = 3
};

enum { HEADER_MASK_DW = 7 };

/* The name of a hardware SFID, for the refusals. */
static const char *sfid_name(uint32_t sfid) {
    switch (sfid) {
    case 2: return "sampler";
    case SFID_RC: return "render cache";
    case SFID_DC0: return "data cache";
    case SFID_DC1: return "data cache 1";
    case SFID_TGM: return "LSC TGM";
    case SFID_UGM: return "LSC UGM";
    default: return "not a data-port SFID";
    }
}

/* The descriptor's LSC address size, address type and data size by name. The address size
 * codes are vISA's (a16 1, a32 2, a64 3); the hardware's address types and data sizes are
 * vISA's minus one (flat 0 .. bti 3; d8 0 .. d16u32 5, then d16bf32 6). */
static const char *lsc_addr_size_name(uint32_t v) {
    static const char *const names[4] = {"reserved", "A16", "A32", "A64"};
    return names[v & 3];
}
static const char *lsc_addr_type_name(uint32_t v) {
    return v < 4 ? tuL_lsc_addr_type_names[v + 1] : "?";
}
static const char *lsc_data_size_name(uint32_t v) {
    return v < 6 ? tuL_lsc_data_size_names[v + 1] : v == 6 ? "d16bf32" : "reserved";
}

/* The LSC cache-control values by name, loads and stores (atomics take the store names), as
 * Mesa brw_eu_defines.h names them: enum lsc_cache_load / lsc_cache_store (DG2, 3 bits) and
 * xe2_lsc_cache_load / xe2_lsc_cache_store (Xe2, 4 bits: the DG2 values shifted up one, with
 * the L3 constant-cached loads 5 and 9 and Xe2's L1IAR_L3IAR 14). NULL: not a legal value. */
typedef struct cache_row {
    const char *load, *store;
} cache_row;

static const cache_row dg2_cache[8] = {
    {"L1STATE_L3MOCS", "L1STATE_L3MOCS"},
    {"L1UC_L3UC", "L1UC_L3UC"},
    {"L1UC_L3C", "L1UC_L3WB"},
    {"L1C_L3UC", "L1WT_L3UC"},
    {"L1C_L3C", "L1WT_L3WB"},
    {"L1S_L3UC", "L1S_L3UC"},
    {"L1S_L3C", "L1S_L3WB"},
    {"L1IAR_L3C", "L1WB_L3WB"},
};

static const cache_row xe2_cache[16] = {
    [0] = {"L1STATE_L3MOCS", "L1STATE_L3MOCS"},
    [2] = {"L1UC_L3UC", "L1UC_L3UC"},
    [4] = {"L1UC_L3C", "L1UC_L3WB"},
    [5] = {"L1UC_L3CC", NULL},
    [6] = {"L1C_L3UC", "L1WT_L3UC"},
    [8] = {"L1C_L3C", "L1WT_L3WB"},
    [9] = {"L1C_L3CC", NULL},
    [10] = {"L1S_L3UC", "L1S_L3UC"},
    [12] = {"L1S_L3C", "L1S_L3WB"},
    [14] = {"L1IAR_L3IAR", "L1WB_L3WB"},
};

void tu_dp_cache_bits(const tu_target *t, uint32_t *low_bit, uint32_t *width) {
    const uint32_t low = t ? tuL_generation_of(t)->lsc_cache_low : 0;
    if (low_bit) *low_bit = low;
    if (width) *width = low ? 20 - low : 0;
}

const char *tu_dp_cache_name(const tu_target *t, tu_dp_cache_class c, uint32_t v) {
    uint32_t width;
    tu_dp_cache_bits(t, NULL, &width);
    if (!width || v >> width) return NULL;
    const cache_row *row = width == 3 ? &dg2_cache[v] : &xe2_cache[v];
    return c == TU_DP_CACHE_LOAD ? row->load : row->store;
}

uint32_t tu_dp_cache_mesa(const tu_target *t, tu_dp_cache_class c) {
    if (c != TU_DP_CACHE_ATOMIC) return 0;
    for (uint32_t v = 0; v < 16; v++) {
        const char *name = tu_dp_cache_name(t, c, v);
        if (name && strcmp(name, "L1UC_L3WB") == 0) return v;
    }
    return 0;
}

static bool is_typed(tu_dp_op op) {
    return op == TU_DP_TYPED_READ || op == TU_DP_TYPED_WRITE || op == TU_DP_TYPED_ATOMIC;
}

static bool is_atomic(tu_dp_op op) {
    return op == TU_DP_TYPED_ATOMIC || op == TU_DP_UNTYPED_ATOMIC;
}

static bool is_write(tu_dp_op op) {
    return op == TU_DP_TYPED_WRITE || op == TU_DP_UNTYPED_WRITE || op == TU_DP_SCATTERED_WRITE;
}

static bool is_scattered(tu_dp_op op) {
    return op == TU_DP_SCATTERED_READ || op == TU_DP_SCATTERED_WRITE;
}

static uint32_t popcount4(uint32_t m) {
    return (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1);
}

/* GRFs one 32-bit component of `width` lanes takes. */
static uint32_t regs_of(uint32_t width, const tu_target *t) {
    return (width * 4 + t->grf_bytes - 1) / t->grf_bytes;
}

/* The channels the data (or response) carries: the mask for reads and writes, one dword per
 * lane for scattered messages, data[0..operands-1] for atomics' data. */
static uint32_t data_components(const tu_dp_msg *m) {
    if (is_atomic(m->op)) return tu_atomic_describe((tu_atomic)m->atomic)->operands;
    if (is_scattered(m->op)) return is_write(m->op) ? 1 : 0;
    return is_write(m->op) ? popcount4(m->channel_mask) : 0;
}

static uint32_t response_components(const tu_dp_lmsg *m) {
    const tu_dp_msg *d = &m->msg;
    if (is_atomic(d->op)) return m->no_response ? 0 : 1;
    if (is_write(d->op)) return 0;
    return is_scattered(d->op) ? 1 : popcount4(d->channel_mask);
}

static uint32_t address_components(const tu_dp_lmsg *m) {
    return is_typed(m->msg.op) ? m->dims : 1;
}

/* The legacy atomic row of an engine atomic; NULL when the legacy data port has none. */
static const tuL_atomic_row *legacy_atomic(uint32_t atomic) {
    for (unsigned i = 0; i < tuL_atomic_row_count; i++)
        if (tuL_atomic_rows[i].atomic == atomic) return &tuL_atomic_rows[i];
    return NULL;
}

/* The LSC atomic of an engine atomic; XCHG is LSC's atomic store (the old value comes back
 * with the response), PREDEC has none. */
static const tuL_lsc_row *lsc_atomic(uint32_t atomic) {
    if (atomic == TU_ATOMIC_XCHG) atomic = TU_ATOMIC_STORE;
    for (unsigned i = 0; i < tuL_lsc_row_count; i++)
        if (tuL_lsc_rows[i].kind == TUL_LSC_ATOMIC && tuL_lsc_rows[i].atomic == atomic)
            return &tuL_lsc_rows[i];
    return NULL;
}

static bool is_float_atomic(uint32_t atomic) {
    return tu_atomic_describe((tu_atomic)atomic)->kind == TU_ATOMIC_KIND_FLOAT;
}

tu_dp_cache_class tuL_dp_cache_class(tu_dp_op op) {
    return is_atomic(op) ? TU_DP_CACHE_ATOMIC : is_write(op) ? TU_DP_CACHE_STORE : TU_DP_CACHE_LOAD;
}

static const char *const cache_class_names[3] = {"load", "store", "atomic"};

/* The cache field of m on t: Mesa's choice, or the value given, checked. */
static tu_status lsc_cache_field(const tu_dp_lmsg *m, const tu_target *t, uint32_t *field,
                                 tu_error *err) {
    const tu_dp_cache_class c = tuL_dp_cache_class(m->msg.op);
    if (!(m->cache & TU_DP_CACHE_SET)) {
        TU_RETURN_IF(m->cache, err, TU_INVALID_ARGUMENT,
                     "cache 0x%x is neither TU_DP_CACHE_MESA nor TU_DP_CACHE_SET | a value",
                     m->cache);
        *field = tu_dp_cache_mesa(t, c);
        return TU_OK;
    }
    const uint32_t v = m->cache & ~(uint32_t)TU_DP_CACHE_SET;
    uint32_t low, width;
    tu_dp_cache_bits(t, &low, &width);
    TU_RETURN_IF(!tu_dp_cache_name(t, c, v), err, TU_INVALID_ARGUMENT,
                 "LSC cache control %u is not a legal %s value on target %s (descriptor bits "
                 "19:%u)",
                 v, cache_class_names[c], t->name ? t->name : "?", low);
    *field = v;
    return TU_OK;
}

/* --- pass 1 ------------------------------------------------------------------------------- */

static tu_status check(const tu_dp_lmsg *m, const tu_target *t, tu_error *err) {
    TU_RETURN_IF(!m || !t, err, TU_INVALID_ARGUMENT, "message and target must not be NULL");
    TU_TRY(tu_target_validate(t, err));
    TU_TRY(tu_dp_msg_validate(&m->msg, err));
    const tu_dp_msg *d = &m->msg;
    const tuL_dp_gen g = gen_of(t);
    TU_RETURN_IF(m->surface > 239, err, TU_INVALID_ARGUMENT,
                 "surface %u is not a binding-table index 0..239 (240 and up are special)",
                 m->surface);
    if (is_typed(d->op))
        TU_RETURN_IF(m->dims < 1 || m->dims > 4, err, TU_INVALID_ARGUMENT,
                     "dims %u is not 1..4 address components (U, V, R, LOD)", m->dims);
    TU_RETURN_IF(m->no_response && !is_atomic(d->op), err, TU_INVALID_ARGUMENT,
                 "no_response is for atomics; %s returns %s", tu_dp_op_describe(d->op)->name,
                 is_write(d->op) ? "nothing anyway" : "its data");
    TU_RETURN_IF(g == TUL_DP_IVB && is_scattered(d->op) && d->bytes != 4, err, TU_UNSUPPORTED,
                 "byte scattered messages exist from HSW on (verx10 75), not on verx10 %u",
                 t->verx10);
    /* The engine refuses a misaligned lane for the whole message (docs/semantics.md); refusing
     * it here too keeps a split message from writing its first part before the second is
     * refused. */
    if (!is_typed(d->op)) {
        const uint32_t align = is_scattered(d->op) ? d->bytes : 4;
        for (uint32_t l = 0; l < d->simd; l++)
            TU_RETURN_IF((d->lane_mask >> l & 1) && d->addr[0].u[l] % align, err,
                         TU_INVALID_ARGUMENT,
                         "%s lane %u: byte address 0x%x is not a multiple of %u",
                         tu_dp_op_describe(d->op)->name, l, d->addr[0].u[l], align);
    }
    if (g == TUL_DP_LSC) {
        uint32_t field;
        TU_TRY(lsc_cache_field(m, t, &field, err));
    } else {
        TU_RETURN_IF(m->cache, err, TU_INVALID_ARGUMENT,
                     "cache control 0x%x is a field of LSC messages; verx10 %u has the legacy "
                     "data port",
                     m->cache, t->verx10);
    }
    if (is_atomic(d->op)) {
        const tu_atomic_info *a = tu_atomic_describe((tu_atomic)d->atomic);
        if (g == TUL_DP_LSC) {
            TU_RETURN_IF(!lsc_atomic(d->atomic), err, TU_UNSUPPORTED,
                         "atomic %s has no LSC operation", a->name);
        } else {
            TU_RETURN_IF(!legacy_atomic(d->atomic), err, TU_UNSUPPORTED,
                         "atomic %s has no legacy data-port operation (LSC only)", a->name);
            TU_RETURN_IF(is_float_atomic(d->atomic) &&
                             (g != TUL_DP_SKL || d->op == TU_DP_TYPED_ATOMIC),
                         err, TU_UNSUPPORTED,
                         "float atomic %s: the legacy data port has untyped float atomics from "
                         "Gen9 (message type 0x1B) and no typed ones",
                         a->name);
        }
    }
    return TU_OK;
}

/* The widths (Mesa brw_fs_lower_simd_width.cpp): typed SIMD8 (Xe2: 16); untyped and
 * scattered SIMD8 or 16 (Xe2: 16 or 32, the LSC's native widths). */
static uint32_t message_width(const tu_dp_msg *d, const tu_target *t) {
    const tuL_generation *gen = tuL_generation_of(t);
    if (is_typed(d->op)) return gen->typed_simd;
    return d->simd <= gen->untyped_simd ? gen->untyped_simd : 2u * gen->untyped_simd;
}

tu_status tu_dp_lower_split(const tu_dp_lmsg *m, const tu_target *t, tu_dp_plan *plan,
                            tu_error *err) {
    TU_RETURN_IF(!plan, err, TU_INVALID_ARGUMENT, "plan is NULL");
    TU_TRY(check(m, t, err));
    memset(plan, 0, sizeof *plan);
    const uint32_t w = message_width(&m->msg, t);
    plan->width = w;
    plan->count = (m->msg.simd + w - 1) / w;
    for (uint32_t p = 0; p < plan->count; p++) {
        tu_dp_part *part = &plan->part[p];
        const uint32_t first = p * w;
        const uint32_t lanes = m->msg.simd - first < w ? m->msg.simd - first : w;
        part->first_lane = first;
        part->lanes = lanes;
        part->header_mask = (m->msg.lane_mask >> (first & ~15u)) & 0xffff;
        tu_dp_lmsg *q = &part->msg;
        *q = *m;
        memset(q->msg.addr, 0, sizeof q->msg.addr);
        memset(q->msg.data, 0, sizeof q->msg.data);
        q->msg.simd = w;
        q->msg.lane_mask =
            (m->msg.lane_mask >> first) & (lanes == 32 ? 0xffffffffu : (1u << lanes) - 1);
        for (uint32_t l = 0; l < lanes; l++)
            for (int c = 0; c < 4; c++) {
                q->msg.addr[c].u[l] = m->msg.addr[c].u[first + l];
                q->msg.data[c].u[l] = m->msg.data[c].u[first + l];
            }
    }
    return TU_OK;
}

/* --- pass 2 ------------------------------------------------------------------------------- */

/* The legacy descriptor's SFID, message type and message control (Mesa brw_eu.h, brw_dp_*_desc). */
static void legacy_message(const tu_dp_part *p, tuL_dp_gen g, uint32_t *sfid, uint32_t *type,
                           uint32_t *ctrl) {
    const tu_dp_msg *d = &p->msg.msg;
    const uint32_t w = d->simd, half = (p->first_lane / 8) % 2;
    const uint32_t skip = ~d->channel_mask & 0xf;
    const bool ret = !p->msg.no_response;
    const uint32_t slot = g == TUL_DP_IVB ? half << 5 : (1 + half) << 4;
    switch (d->op) {
    case TU_DP_TYPED_READ:
    case TU_DP_TYPED_WRITE:
        *sfid = g == TUL_DP_IVB ? SFID_RC : SFID_DC1;
        *type = d->op == TU_DP_TYPED_READ ? T_TYPED_READ : T_TYPED_WRITE;
        *ctrl = skip | slot;
        break;
    case TU_DP_TYPED_ATOMIC:
        *sfid = g == TUL_DP_IVB ? SFID_RC : SFID_DC1;
        *type = T_TYPED_ATOMIC;
        *ctrl = legacy_atomic(d->atomic)->aop | half << 4 | (uint32_t)ret << 5;
        break;
    case TU_DP_UNTYPED_READ:
    case TU_DP_UNTYPED_WRITE: {
        const bool read = d->op == TU_DP_UNTYPED_READ;
        *sfid = g == TUL_DP_IVB ? SFID_DC0 : SFID_DC1;
        *type = g == TUL_DP_IVB ? (read ? T_UNTYPED_READ_IVB : T_UNTYPED_WRITE_IVB)
                                : (read ? T_UNTYPED_READ : T_UNTYPED_WRITE);
        *ctrl = skip | (w == 16 ? 1u : 2u) << 4;
        break;
    }
    case TU_DP_UNTYPED_ATOMIC:
        *sfid = g == TUL_DP_IVB ? SFID_DC0 : SFID_DC1;
        *type = g == TUL_DP_IVB              ? T_UNTYPED_ATOMIC_IVB
                : is_float_atomic(d->atomic) ? T_UNTYPED_ATOMIC_FLOAT
                                             : T_UNTYPED_ATOMIC;
        *ctrl = legacy_atomic(d->atomic)->aop | (uint32_t)(w == 8) << 4 | (uint32_t)ret << 5;
        break;
    default: /* scattered: DC0 */
        *sfid = SFID_DC0;
        if (d->bytes == 4) {
            *type = d->op == TU_DP_SCATTERED_READ ? T_DWORD_READ : T_DWORD_WRITE;
            *ctrl = 2u | (w == 16);
        } else {
            *type = d->op == TU_DP_SCATTERED_READ ? T_BYTE_READ : T_BYTE_WRITE;
            *ctrl = (uint32_t)(w == 16) | (d->bytes == 2 ? 1u : 0u) << 2;
        }
        break;
    }
}

/* The LSC descriptor (Mesa brw_eu.h, lsc_msg_desc): opcode, A32, data size, vector size or
 * channel mask, BTI. */
static uint32_t lsc_desc(const tu_dp_msg *d) {
    uint32_t opcode, size = LSC_D32, shape = 0;
    switch (d->op) {
    case TU_DP_TYPED_READ:
    case TU_DP_UNTYPED_READ: opcode = LSC_LOAD_CMASK, shape = d->channel_mask << 12; break;
    case TU_DP_TYPED_WRITE:
    case TU_DP_UNTYPED_WRITE: opcode = LSC_STORE_CMASK, shape = d->channel_mask << 12; break;
    case TU_DP_SCATTERED_READ:
    case TU_DP_SCATTERED_WRITE:
        opcode = d->op == TU_DP_SCATTERED_READ ? LSC_LOAD : LSC_STORE;
        size = d->bytes == 1 ? LSC_D8U32 : d->bytes == 2 ? LSC_D16U32 : LSC_D32;
        break;
    default: opcode = lsc_atomic(d->atomic)->subop; break;
    }
    return opcode | LSC_A32 << 7 | size << 9 | shape | (uint32_t)LSC_BTI << 29;
}

/* Write components of `width` lanes from arrays into consecutive GRF blocks at out. */
static uint8_t *put_components(uint8_t *out, const tu_lanes *src, uint32_t mask, uint32_t width,
                               uint32_t regs, const tu_target *t) {
    for (int c = 0; c < 4; c++) {
        if (!(mask >> c & 1)) continue;
        for (uint32_t l = 0; l < width; l++)
            tuB_store_le32(out + 4 * l, src[c].u[l]);
        out += regs * t->grf_bytes;
    }
    return out;
}

tu_status tu_dp_lower_payload(const tu_dp_part *part, const tu_target *t, tu_dp_payload *out,
                              tu_error *err) {
    TU_RETURN_IF(!part || !out, err, TU_INVALID_ARGUMENT, "part and payload must not be NULL");
    TU_TRY(check(&part->msg, t, err));
    memset(out, 0, sizeof *out);
    const tu_dp_msg *d = &part->msg.msg;
    const tuL_dp_gen g = gen_of(t);
    const uint32_t w = d->simd, regs = regs_of(w, t);
    const uint32_t naddr = address_components(&part->msg), ndata = data_components(d);
    const uint32_t data_mask = !ndata                ? 0
                               : is_atomic(d->op)    ? (1u << ndata) - 1
                               : is_scattered(d->op) ? 1
                                                     : d->channel_mask;
    out->width = w;
    out->exec_mask = d->lane_mask;
    out->rlen = response_components(&part->msg) * regs;
    /* Header: typed messages before Gen9 (Mesa 2018: the data-cache port needs one on BDW;
     * Mesa 2015: IVB/HSW), zero but DW7, the 16-bit pixel mask (Mesa 2015's header). */
    out->header = is_typed(d->op) && g <= TUL_DP_HSW;
    /* Split sends from Gen9 (Mesa merge request !70; Mesa 24): addresses in src0, data in src1. */
    const bool split = g >= TUL_DP_SKL && ndata > 0;
    uint8_t *p = out->src0;
    if (out->header) {
        tuB_store_le32(p + 4 * HEADER_MASK_DW, part->header_mask);
        p += t->grf_bytes;
    }
    const uint32_t addr_mask = (1u << naddr) - 1;
    p = put_components(p, d->addr, addr_mask, w, regs, t);
    uint8_t *q = split ? out->src1 : p;
    uint8_t *end = put_components(q, d->data, data_mask, w, regs, t);
    out->mlen = (uint32_t)((split ? p : end) - out->src0) / t->grf_bytes;
    out->ex_mlen = split ? (uint32_t)(end - out->src1) / t->grf_bytes : 0;
    const uint32_t ex_mlen_max = (1u << tuL_generation_of(t)->ex_mlen_bits) - 1;
    TU_RETURN_IF(out->mlen > TU_LOWER_MAX_MLEN || out->ex_mlen > ex_mlen_max, err, TU_UNSUPPORTED,
                 "the message needs mlen %u and ex_mlen %u; the descriptor holds 15 and %u",
                 out->mlen, out->ex_mlen, ex_mlen_max);
    TU_RETURN_IF(out->rlen > 31, err, TU_UNSUPPORTED, "the response needs %u GRFs; at most 31",
                 out->rlen);
    const uint32_t ex_mlen_field = out->ex_mlen << 6;
    if (g == TUL_DP_LSC) {
        const uint32_t sfid = is_typed(d->op) ? SFID_TGM : SFID_UGM;
        uint32_t cache;
        TU_TRY(lsc_cache_field(&part->msg, t, &cache, err));
        out->desc = lsc_desc(d) | cache << tuL_generation_of(t)->lsc_cache_low | out->rlen << 20 |
                    out->mlen << 25;
        out->ex_desc = sfid | ex_mlen_field | part->msg.surface << 24;
        return TU_OK;
    }
    uint32_t sfid, type, ctrl;
    legacy_message(part, g, &sfid, &type, &ctrl);
    out->desc = part->msg.surface | ctrl << 8 | type << 14 | (uint32_t)out->header << 19 |
                out->rlen << 20 | out->mlen << 25;
    out->ex_desc = sfid | ex_mlen_field;
    return TU_OK;
}

/* --- decode ---------------------------------------------------------------------------------- */

/* The legacy message back: op, width, channel mask, atomic, bytes, slot group. */
static tu_status legacy_decode(uint32_t sfid, uint32_t type, uint32_t ctrl, tuL_dp_gen g,
                               tu_dp_lmsg *m, uint32_t *width, uint32_t *half, tu_error *err) {
    tu_dp_msg *d = &m->msg;
    const bool dc1 = sfid == SFID_DC1, rc = sfid == SFID_RC, dc0 = sfid == SFID_DC0;
    TU_RETURN_IF(
        g == TUL_DP_IVB ? !(rc || dc0) : !(dc1 || dc0), err, TU_INVALID_ARGUMENT,
        "SFID %u (%s) is not a data-port SFID of this generation (%s)", sfid, sfid_name(sfid),
        g == TUL_DP_IVB ? "5 render cache, 10 data cache" : "10 data cache, 12 data cache 1");
    const bool typed_port =
        rc || (dc1 && (type == T_TYPED_READ || type == T_TYPED_WRITE || type == T_TYPED_ATOMIC));
    *half = 0;
    if (typed_port && (type == T_TYPED_READ || type == T_TYPED_WRITE)) {
        d->op = type == T_TYPED_READ ? TU_DP_TYPED_READ : TU_DP_TYPED_WRITE;
        d->channel_mask = ~ctrl & 0xf;
        const uint32_t group = g == TUL_DP_IVB ? ctrl >> 5 & 1 : (ctrl >> 4 & 3);
        TU_RETURN_IF(g != TUL_DP_IVB && group == 0, err, TU_UNSUPPORTED,
                     "message control 0x%x selects SIMD4x2, which texunit does not lower", ctrl);
        *half = g == TUL_DP_IVB ? group : group - 1;
        *width = 8;
        return TU_OK;
    }
    if (typed_port && type == T_TYPED_ATOMIC) {
        d->op = TU_DP_TYPED_ATOMIC;
        *half = ctrl >> 4 & 1;
        *width = 8;
    } else if ((g == TUL_DP_IVB && dc0 && type == T_UNTYPED_ATOMIC_IVB) ||
               (dc1 && (type == T_UNTYPED_ATOMIC || type == T_UNTYPED_ATOMIC_FLOAT))) {
        d->op = TU_DP_UNTYPED_ATOMIC;
        *width = ctrl >> 4 & 1 ? 8 : 16;
    } else if ((g == TUL_DP_IVB && dc0 &&
                (type == T_UNTYPED_READ_IVB || type == T_UNTYPED_WRITE_IVB)) ||
               (dc1 && (type == T_UNTYPED_READ || type == T_UNTYPED_WRITE))) {
        d->op = type == T_UNTYPED_READ || (g == TUL_DP_IVB && type == T_UNTYPED_READ_IVB)
                    ? TU_DP_UNTYPED_READ
                    : TU_DP_UNTYPED_WRITE;
        d->channel_mask = ~ctrl & 0xf;
        const uint32_t mode = ctrl >> 4 & 3;
        TU_RETURN_IF(mode != 1 && mode != 2, err, TU_UNSUPPORTED,
                     "untyped SIMD mode %u is not SIMD16 (1) or SIMD8 (2)", mode);
        *width = mode == 1 ? 16 : 8;
        return TU_OK;
    } else if (dc0 && (type == T_DWORD_READ || type == T_DWORD_WRITE)) {
        d->op = type == T_DWORD_READ ? TU_DP_SCATTERED_READ : TU_DP_SCATTERED_WRITE;
        d->bytes = 4;
        *width = ctrl & 1 ? 16 : 8;
        return TU_OK;
    } else if (dc0 && g != TUL_DP_IVB && (type == T_BYTE_READ || type == T_BYTE_WRITE)) {
        d->op = type == T_BYTE_READ ? TU_DP_SCATTERED_READ : TU_DP_SCATTERED_WRITE;
        const uint32_t size = ctrl >> 2 & 3;
        TU_RETURN_IF(size > 1, err, TU_UNSUPPORTED,
                     "byte scattered size %u: texunit lowers bytes and words (0, 1)", size);
        d->bytes = size ? 2 : 1;
        *width = ctrl & 1 ? 16 : 8;
        return TU_OK;
    } else {
        return tuB_fail(err, TU_INVALID_ARGUMENT,
                        "message type %u on SFID %u (%s) is not a data-port message texunit "
                        "lowers",
                        type, sfid, sfid_name(sfid));
    }
    /* the atomics: the op from message control 3:0, the response from bit 5 */
    const bool fl = type == T_UNTYPED_ATOMIC_FLOAT;
    const uint32_t aop = ctrl & 0xf;
    const tuL_atomic_row *row = NULL;
    for (unsigned i = 0; i < tuL_atomic_row_count; i++)
        if (tuL_atomic_rows[i].aop == aop &&
            (tu_atomic_describe((tu_atomic)tuL_atomic_rows[i].atomic)->kind ==
             TU_ATOMIC_KIND_FLOAT) == fl)
            row = &tuL_atomic_rows[i];
    if (!row) {
        char lowered[160];
        size_t n = 0;
        lowered[0] = 0;
        for (unsigned i = 0; i < tuL_atomic_row_count; i++)
            if ((tu_atomic_describe((tu_atomic)tuL_atomic_rows[i].atomic)->kind ==
                 TU_ATOMIC_KIND_FLOAT) == fl)
                n += (size_t)snprintf(lowered + n, n < sizeof lowered ? sizeof lowered - n : 0,
                                      "%s%s", n ? " " : "",
                                      tuL_aop_name(tuL_atomic_rows[i].aop, fl));
        return tuB_fail(err, TU_UNSUPPORTED,
                        "%satomic op %u (%s) in message control 3:0 is not one texunit lowers "
                        "(%s)",
                        fl ? "float " : "", aop, tuL_aop_name(aop, fl), lowered);
    }
    d->atomic = row->atomic;
    m->no_response = !(ctrl >> 5 & 1);
    return TU_OK;
}

static tu_status lsc_decode_op(uint32_t sfid, uint32_t desc, tu_dp_lmsg *m, uint32_t *width,
                               const tu_target *t, tu_error *err) {
    tu_dp_msg *d = &m->msg;
    TU_RETURN_IF(sfid != SFID_TGM && sfid != SFID_UGM, err, TU_INVALID_ARGUMENT,
                 "SFID %u (%s) is not an LSC data-port SFID (13 TGM, 15 UGM)", sfid,
                 sfid_name(sfid));
    const bool typed = sfid == SFID_TGM;
    const uint32_t opcode = desc & 0x3f, asize = desc >> 7 & 3, dsize = desc >> 9 & 7;
    TU_RETURN_IF(asize != LSC_A32, err, TU_UNSUPPORTED,
                 "LSC address size %u (%s) is not A32 (2), the one texunit lowers", asize,
                 lsc_addr_size_name(asize));
    TU_RETURN_IF((desc >> 29 & 3) != LSC_BTI, err, TU_UNSUPPORTED,
                 "LSC address type %u (%s) is not bti (3), the one texunit lowers", desc >> 29 & 3,
                 lsc_addr_type_name(desc >> 29 & 3));
    *width = typed ? tuL_generation_of(t)->typed_simd : 0; /* untyped: from the lengths */
    if (opcode == LSC_LOAD_CMASK || opcode == LSC_STORE_CMASK) {
        TU_RETURN_IF(dsize != LSC_D32, err, TU_UNSUPPORTED,
                     "LSC data size %u (%s) of a cmask message is not d32 (2), the one texunit "
                     "lowers",
                     dsize, lsc_data_size_name(dsize));
        d->op = opcode == LSC_LOAD_CMASK ? (typed ? TU_DP_TYPED_READ : TU_DP_UNTYPED_READ)
                                         : (typed ? TU_DP_TYPED_WRITE : TU_DP_UNTYPED_WRITE);
        d->channel_mask = desc >> 12 & 0xf;
        TU_RETURN_IF(!d->channel_mask, err, TU_INVALID_ARGUMENT,
                     "LSC channel mask 0 enables nothing");
        return TU_OK;
    }
    TU_RETURN_IF((desc >> 12 & 7) != 0, err, TU_UNSUPPORTED,
                 "LSC vector size code %u: texunit lowers one element per address", desc >> 12 & 7);
    TU_RETURN_IF(desc >> 15 & 1, err, TU_UNSUPPORTED,
                 "LSC transpose (descriptor bit 15): texunit lowers one address per lane");
    if (opcode == LSC_LOAD || opcode == LSC_STORE) {
        TU_RETURN_IF(typed, err, TU_INVALID_ARGUMENT, "LSC op %u (%s) is not a typed (TGM) message",
                     opcode, opcode == LSC_LOAD ? "load" : "store");
        TU_RETURN_IF(dsize != LSC_D32 && dsize != LSC_D8U32 && dsize != LSC_D16U32, err,
                     TU_UNSUPPORTED,
                     "LSC data size %u (%s) is not d32 (2), d8u32 (4) or d16u32 (5), the ones "
                     "texunit lowers",
                     dsize, lsc_data_size_name(dsize));
        d->op = opcode == LSC_LOAD ? TU_DP_SCATTERED_READ : TU_DP_SCATTERED_WRITE;
        d->bytes = dsize == LSC_D8U32 ? 1 : dsize == LSC_D16U32 ? 2 : 4;
        return TU_OK;
    }
    const tuL_lsc_row *row = tuL_lsc_by_subop((uint8_t)opcode);
    TU_RETURN_IF(!row || row->kind != TUL_LSC_ATOMIC, err, TU_UNSUPPORTED,
                 "LSC op %u (%s) is not one texunit lowers (load, store, their cmask forms, "
                 "atomics)",
                 opcode, row ? row->name : "no LSC op");
    TU_RETURN_IF(dsize != LSC_D32, err, TU_UNSUPPORTED,
                 "LSC atomic data size %u (%s) is not d32 (2), the one texunit lowers", dsize,
                 lsc_data_size_name(dsize));
    d->op = typed ? TU_DP_TYPED_ATOMIC : TU_DP_UNTYPED_ATOMIC;
    d->atomic = row->atomic;
    return TU_OK;
}

/* The op, then the cache field: its value must be legal for the op's class on t. */
static tu_status lsc_decode(uint32_t sfid, uint32_t desc, tu_dp_lmsg *m, uint32_t *width,
                            const tu_target *t, tu_error *err) {
    TU_TRY(lsc_decode_op(sfid, desc, m, width, t, err));
    uint32_t low, bits;
    tu_dp_cache_bits(t, &low, &bits);
    const uint32_t v = desc >> low & ((1u << bits) - 1);
    const tu_dp_cache_class c = tuL_dp_cache_class(m->msg.op);
    TU_RETURN_IF(!tu_dp_cache_name(t, c, v), err, TU_INVALID_ARGUMENT,
                 "LSC cache control %u (descriptor bits 19:%u) is not a legal %s value on target "
                 "%s",
                 v, low, cache_class_names[c], t->name ? t->name : "?");
    TU_RETURN_IF(low > 16 && (desc >> 16 & 1), err, TU_INVALID_ARGUMENT,
                 "descriptor bit 16 is reserved on target %s (its LSC cache field is 19:17)",
                 t->name ? t->name : "?");
    m->cache = TU_DP_CACHE_SET | v;
    return TU_OK;
}

static void get_components(tu_lanes *dst, uint32_t mask, const uint8_t *src, uint32_t width,
                           uint32_t regs, const tu_target *t) {
    for (int c = 0; c < 4; c++) {
        if (!(mask >> c & 1)) continue;
        for (uint32_t l = 0; l < width; l++)
            dst[c].u[l] = tuB_load_le32(src + 4 * l);
        src += regs * t->grf_bytes;
    }
}

tu_status tu_dp_lower_decode(const tu_dp_send *s, const tu_target *t, tu_dp_lmsg *out,
                             uint32_t *rlen, tu_error *err) {
    TU_RETURN_IF(!s || !t || !out || !rlen, err, TU_INVALID_ARGUMENT,
                 "send, target, message and rlen must not be NULL");
    TU_TRY(tu_target_validate(t, err));
    memset(out, 0, sizeof *out);
    const tuL_dp_gen g = gen_of(t);
    const uint32_t sfid = s->ex_desc & 0xf, mlen = s->desc >> 25 & 0xf;
    const uint32_t ex_mlen = s->ex_desc >> 6 & ((1u << tuL_generation_of(t)->ex_mlen_bits) - 1);
    /* bit 19: the header bit of legacy messages, the top of the LSC's cache field */
    const bool header = g != TUL_DP_LSC && (s->desc >> 19 & 1);
    *rlen = s->desc >> 20 & 0x1f;
    uint32_t width = 0, half = 0;
    int32_t base_offset = 0;
    tu_dp_msg *d = &out->msg;
    if (g == TUL_DP_LSC) {
        TU_TRY(lsc_decode(sfid, s->desc, out, &width, t, err));
        out->surface = s->ex_desc >> 24;
        /* ex_desc 23:12: the BTI message's immediate base offset, Xe2 only (Mesa brw_eu.h,
         * lsc_bti_ex_desc; brw_lower_logical_sends.cpp, setup_lsc_surface_descriptors: "assert(
         * base_offset == 0 || devinfo->ver >= 20)"), a signed byte offset added to each address */
        base_offset = tuB_sign_extend(s->ex_desc >> 12, 12);
        TU_RETURN_IF(base_offset && tuL_generation_of(t)->ex_mlen_bits < 5, err,
                     TU_INVALID_ARGUMENT,
                     "extended descriptor bits 23:12 (base offset %d) must be zero on target %s: "
                     "the immediate offset of BTI messages is Xe2's",
                     base_offset, t->name ? t->name : "?");
        TU_RETURN_IF(base_offset && is_typed(d->op), err, TU_UNSUPPORTED,
                     "extended descriptor bits 23:12 (base offset %d) on a typed (TGM) message: "
                     "texunit offsets untyped addresses only",
                     base_offset);
        const uint32_t known =
            0xfu | ((1u << tuL_generation_of(t)->ex_mlen_bits) - 1) << 6 | 0xfffff000u;
        TU_RETURN_IF(s->ex_desc & ~known, err, TU_INVALID_ARGUMENT,
                     "extended descriptor 0x%08x sets bits 0x%x outside the SFID, ex_mlen, base "
                     "offset and BTI",
                     s->ex_desc, s->ex_desc & ~known);
        out->no_response = is_atomic(d->op) && *rlen == 0; /* LSC: no return bit, rlen 0 */
    } else {
        TU_TRY(legacy_decode(sfid, s->desc >> 14 & (g == TUL_DP_IVB ? 0xf : 0x1f),
                             s->desc >> 8 & 0x3f, g, out, &width, &half, err));
        out->surface = s->desc & 0xff;
        TU_RETURN_IF(s->ex_desc & ~(uint32_t)0x3ff, err, TU_INVALID_ARGUMENT,
                     "extended descriptor 0x%x sets bits above the SFID and ex_mlen", s->ex_desc);
    }
    TU_RETURN_IF(out->surface > 239, err, TU_INVALID_ARGUMENT,
                 "surface %u is not a binding-table index 0..239", out->surface);
    const bool want_header = is_typed(d->op) && g <= TUL_DP_HSW;
    TU_RETURN_IF(header != want_header, err, TU_INVALID_ARGUMENT, "header bit %u: %s", header,
                 want_header ? "typed messages before Gen9 carry one"
                             : "this message carries none");
    /* LSC untyped messages carry their width in the lengths: the address block is 1 component */
    if (!width) { /* the LSC sends data in src1 always: src0 is the one address block */
        width = mlen * t->grf_bytes / 4;
        TU_RETURN_IF(width != 16 && width != 32 && width != 8, err, TU_INVALID_ARGUMENT,
                     "mlen %u gives no SIMD width of an untyped LSC message", mlen);
    }
    const uint32_t regs = regs_of(width, t);
    d->simd = width;
    d->lane_mask = s->exec_mask & (width == 32 ? 0xffffffffu : (1u << width) - 1);
    /* data: atomics carry as many operands as the op reads */
    const uint32_t ndata = data_components(d);
    const uint32_t hdr = header ? 1 : 0;
    const bool split = ex_mlen > 0;
    const uint32_t addr_regs = split ? mlen - hdr : mlen - hdr - ndata * regs;
    TU_RETURN_IF(split && !(g >= TUL_DP_SKL && ndata > 0), err, TU_INVALID_ARGUMENT,
                 "ex_mlen %u: this message carries %s", ex_mlen,
                 ndata ? "its data in one payload on this generation" : "no data for src1");
    TU_RETURN_IF(!split && g >= TUL_DP_SKL && ndata > 0, err, TU_INVALID_ARGUMENT,
                 "ex_mlen 0: from Gen9 the data travels in src1 (%u GRFs)", ndata * regs);
    TU_RETURN_IF(split && ex_mlen != ndata * regs, err, TU_INVALID_ARGUMENT,
                 "ex_mlen %u does not match the %u data GRFs of the message", ex_mlen,
                 ndata * regs);
    TU_RETURN_IF(mlen < hdr + ndata * regs * !split || addr_regs % regs != 0, err,
                 TU_INVALID_ARGUMENT, "mlen %u is not header + whole address components (+ data)",
                 mlen);
    const uint32_t naddr = addr_regs / regs;
    if (is_typed(d->op)) {
        TU_RETURN_IF(naddr < 1 || naddr > 4, err, TU_INVALID_ARGUMENT,
                     "mlen %u carries %u address components; typed messages take 1..4", mlen,
                     naddr);
        out->dims = naddr;
    } else {
        TU_RETURN_IF(naddr != 1, err, TU_INVALID_ARGUMENT,
                     "mlen %u carries %u address components; untyped messages take 1", mlen, naddr);
    }
    const uint32_t want_rlen = response_components(out) * regs;
    TU_RETURN_IF(*rlen != want_rlen, err, TU_INVALID_ARGUMENT,
                 "rlen %u does not match the %u GRFs the message returns", *rlen, want_rlen);
    TU_RETURN_IF(!s->src0 || s->src0_size < (size_t)mlen * t->grf_bytes, err, TU_OUT_OF_RANGE,
                 "src0 holds %zu bytes; mlen %u needs %u", s->src0 ? s->src0_size : 0, mlen,
                 mlen * t->grf_bytes);
    TU_RETURN_IF(split && (!s->src1 || s->src1_size < (size_t)ex_mlen * t->grf_bytes), err,
                 TU_OUT_OF_RANGE, "src1 holds %zu bytes; ex_mlen %u needs %u",
                 s->src1 ? s->src1_size : 0, ex_mlen, ex_mlen * t->grf_bytes);
    if (header) { /* the slot group's half of the pixel mask (texunit's reading of Mesa's
                     comments: docs/lowering.md, "Pass 2") */
        const uint32_t mask16 = tuB_load_le32(s->src0 + 4 * HEADER_MASK_DW) & 0xffff;
        d->lane_mask &= mask16 >> (8 * half) & 0xff;
    }
    const uint8_t *p = s->src0 + hdr * t->grf_bytes;
    get_components(d->addr, (1u << naddr) - 1, p, width, regs, t);
    for (uint32_t l = 0; base_offset && l < width; l++)
        d->addr[0].u[l] += (uint32_t)base_offset;
    const uint32_t data_mask = is_atomic(d->op)      ? (1u << ndata) - 1
                               : is_scattered(d->op) ? 1
                                                     : d->channel_mask;
    if (ndata)
        get_components(d->data, data_mask, split ? s->src1 : p + naddr * regs * t->grf_bytes, width,
                       regs, t);
    return tu_dp_msg_validate(d, err);
}

tu_status tu_dp_response_write(const tu_dp_lmsg *m, const tu_target *t, const tu_reply *r,
                               uint8_t *out, size_t size, tu_error *err) {
    TU_RETURN_IF(!m || !t || !r, err, TU_INVALID_ARGUMENT,
                 "message, target and reply must not be NULL");
    const tu_dp_msg *d = &m->msg;
    const uint32_t regs = regs_of(d->simd, t), n = response_components(m);
    TU_RETURN_IF((size_t)n * regs * t->grf_bytes > size || (n && !out), err, TU_OUT_OF_RANGE,
                 "the response needs %u bytes, %zu given", n * regs * t->grf_bytes, size);
    const uint32_t mask = is_atomic(d->op) || is_scattered(d->op) ? 1 : d->channel_mask;
    if (!n) return TU_OK;
    uint8_t *p = out;
    for (int c = 0; c < 4; c++) {
        if (!(mask >> c & 1)) continue;
        for (uint32_t l = 0; l < d->simd; l++)
            if (d->lane_mask >> l & 1) tuB_store_le32(p + 4 * l, r->channel[c].u[l]);
        p += regs * t->grf_bytes;
    }
    return TU_OK;
}

tu_dp_send tu_dp_payload_send(const tu_dp_payload *p, const tu_target *t) {
    const tu_dp_send s = {p->desc,
                          p->ex_desc,
                          p->exec_mask,
                          p->src0,
                          (size_t)p->mlen * t->grf_bytes,
                          p->ex_mlen ? p->src1 : NULL,
                          (size_t)p->ex_mlen * t->grf_bytes};
    return s;
}
