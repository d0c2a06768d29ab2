/* SPDX-License-Identifier: MIT */
/*
 * test_lower.c - the lowering's rules, each value derived here from the rules of Mesa, IGC
 * and the vISA spec named below, never copied from the implementation's output:
 *
 *   - a hand-computed table of (op, width, target) -> (split count, width, message length,
 *     response length, header), including the sample_d, 11-register and 16-bit cases and the
 *     cases where Mesa's conservative width rule and IGC's differ (Mesa
 *     brw_lower_logical_sends.cpp, lower_sampler_logical_send, and brw_fs_lower_simd_width.cpp,
 *     get_sampler_lowered_simd_width; IGC TranslateSend3D.cpp);
 *   - a sweep of every row of the Intel op table x SIMD8/16/32 x skl/tgl/xe2 x both width
 *     rules x F/HF x with/without a header against a model of those rules written here;
 *   - descriptor, extended descriptor and header bits (Mesa brw_sampler_desc,
 *     lower_sampler_logical_send) of hand-built messages;
 *   - the Mesa-order source view (enum tex_logical_srcs), trailing-zero trimming, the zip of
 *     the pixel null mask (vISA spec, 3D_SAMPLE);
 *   - every refusal of the lowering, the decoder and the send, naming its field;
 *   - `texunit lower` on examples/trilinear.visaasm.
 */
#include "texunit/texunit.h"
#include "texunit/lower.h"

#include "../src/lower/intel_ops.h"
#include "../tools/lower_cmd.h"
#include "tu_test.h"

#include <stdlib.h>

/* --- facts from the sources, written down here --------------------------------------------- */

typedef struct hw {
    const char *name;
    uint32_t grf, native, verx10;
    bool half, xe2, ms16;
} hw;

/* IGC TranslateSend3D.cpp (GRF, native width), Mesa lower_sampler_logical_send (16-bit payloads
 * Gfx11+, ld2dms_w/ld_mcs 16-bit only on Gfx12.5+), Mesa brw_sampler_desc and brw_eu_defines.h
 * (bit 5 of the type on Xe2) */
static const hw hws[] = {
    {"skl", 32, 8, 90, false, false, false},
    {"tgl", 32, 8, 120, true, false, false},
    {"xe2", 64, 16, 200, true, true, true},
};

enum { MAX_MLEN = 11 }; /* MAX_SAMPLER_MESSAGE_SIZE, Mesa brw_lower_logical_sends.cpp */

static bool is(const char *a, const char *b) {
    return strcmp(a, b) == 0;
}

static bool grad_op(const char *m) { /* "sample_d and sample_d_c" (IGC), and the _po form */
    return is(m, "sample_d") || is(m, "sample_d_c") || is(m, "sample_po_d");
}

static bool always_header(const char *m) { /* shader_opcode_needs_header: TG4*, SAMPLEINFO */
    return strncmp(m, "sample4", 7) == 0 || is(m, "sampleinfo");
}

static bool txb(const char *m) { /* Mesa's FS_OPCODE_TXB */
    return is(m, "sample_b") || is(m, "sample_b_c") || is(m, "sample_po_b");
}

static bool coordinate_param(uint8_t p) {
    return p == TUL_P_U || p == TUL_P_V || p == TUL_P_R || p == TUL_P_AI || p == TUL_P_R_OFFUV ||
           p == TUL_P_R_OFFUVR;
}

static uint32_t regs_of(uint32_t width, uint32_t bytes, uint32_t grf) {
    return (width * bytes + grf - 1) / grf;
}

static const tuL_op *row_named(const char *mnemonic, bool uw) {
    for (unsigned i = 0; i < tuL_op_count; i++)
        if (is(tuL_ops[i].mnemonic, mnemonic) && (tuL_ops[i].pclass == TUL_PC_INT_UW) == uw)
            return &tuL_ops[i];
    return NULL;
}

/* --- building messages ---------------------------------------------------------------------- */

typedef struct spec {
    const char *target;
    const char *op;
    bool uw;           /* ld2dms_w's UW row */
    uint32_t simd;     /* logical width */
    uint32_t params;   /* parameters given (0: all) */
    bool half;         /* 16-bit parameters */
    bool ret16;        /* 16-bit return */
    uint32_t mask;     /* channel mask (0: RGBA) */
    bool offsets, pnm; /* header reasons */
    uint32_t sampler;  /* sampler index */
    bool mesa;         /* Mesa's width rule */
} spec;

static tu_lmsg *static_msg(const spec *s, const tuL_op *row) {
    tu_lmsg *lm = calloc(1, sizeof *lm);
    lm->msg.op = (tu_op)row->op;
    lm->msg.simd = s->simd;
    lm->msg.lane_mask = 0xffffffffu;
    lm->msg.channel_mask = s->mask ? s->mask : 0xf;
    if (s->offsets) lm->msg.offset[0] = 1, lm->msg.offset[1] = -2, lm->msg.offset[2] = 3;
    if (s->pnm) lm->msg.flags |= TU_MSG_PIXEL_NULL_MASK;
    lm->flags = TU_LMSG_STATIC;
    if (s->half) {
        lm->flags |= TU_LMSG_PARAMS_16BIT;
        if (row->pclass == TUL_PC_FLOAT) lm->msg.flags |= TU_MSG_HALF_SOURCES;
    }
    if (s->ret16) lm->flags |= TU_LMSG_RETURN_16BIT;
    const uint32_t n = s->params ? s->params : row->nparams;
    lm->params_given = n >= 32 ? 0xffffffffu : (1u << n) - 1;
    lm->surface = 7;
    lm->sampler = s->sampler;
    return lm;
}

static tu_target target_of(const spec *s) {
    tu_target t = *tu_target_preset(s->target);
    if (s->mesa) t.width_rule = TU_WIDTH_MESA;
    return t;
}

/* --- the hand-computed table ---------------------------------------------------------------- */

typedef struct row_case {
    spec s;
    uint32_t parts, width, mlen, rlen;
    bool header;
} row_case;

/* Each row: the arithmetic in the comment, from the sources' rules. reg = GRFs per parameter
 * = ceil(width * bytes / GRF); mlen = header + params x reg; rlen = channels x ceil(width x
 * return bytes / GRF) + null mask; IGC splits a 2x-native message when mlen > 11 or it is a
 * gradient op. */
static const row_case cases[] = {
    /* 16 x 4 B = 2 GRFs per param: 2 x 2 = 4; RGBA 4 x 2 = 8 */
    {{.target = "tgl", .op = "sample_3d", .uw = false, .simd = 16, .params = 2},
     1,
     16,
     4,
     8,
     false},
    /* SIMD32 on a SIMD8/16 target: two SIMD16 groups, M1 and M5 */
    {{.target = "tgl", .op = "sample_3d", .uw = false, .simd = 32, .params = 2},
     2,
     16,
     4,
     8,
     false},
    /* sample_d is native only: 2 x SIMD8, 6 params x 1 GRF; RGBA 4 x 1 */
    {{.target = "tgl", .op = "sample_d", .uw = false, .simd = 16, .params = 6}, 2, 8, 6, 4, false},
    {{.target = "tgl", .op = "sample_d", .uw = false, .simd = 32, .params = 6}, 4, 8, 6, 4, false},
    /* Xe2: 64-byte GRF, native SIMD16: 16 x 4 B = 1 GRF per param */
    {{.target = "xe2", .op = "sample_d", .uw = false, .simd = 32, .params = 6}, 2, 16, 6, 4, false},
    {{.target = "xe2", .op = "sample_d", .uw = false, .simd = 16, .params = 6}, 1, 16, 6, 4, false},
    /* 5 params x 2 + header = 11 = the limit: one SIMD16 message */
    {{.target = "tgl", .op = "sample_c", .uw = false, .simd = 16, .params = 5, .offsets = true},
     1,
     16,
     11,
     8,
     true},
    /* 6 params x 2 = 12 > 11: two SIMD8 messages of 6 */
    {{.target = "tgl", .op = "sample_b_c", .uw = false, .simd = 16, .params = 6},
     2,
     8,
     6,
     4,
     false},
    /* the same with HF: 16 x 2 B = 1 GRF per param: 6 <= 11, one SIMD16 message */
    {{.target = "tgl", .op = "sample_b_c", .uw = false, .simd = 16, .params = 6, .half = true},
     1,
     16,
     6,
     8,
     false},
    /* 4 params x 2 + header (null mask) = 9; rlen 4 x 2 + 1 */
    {{.target = "tgl", .op = "sample_l_c", .uw = false, .simd = 16, .params = 4, .pnm = true},
     1,
     16,
     9,
     9,
     true},
    /* sample_d_c with 11 params: 11 x 1 = 11 fits SIMD8 without a header */
    {{.target = "tgl", .op = "sample_d_c", .uw = false, .simd = 8, .params = 11},
     1,
     8,
     11,
     4,
     false},
    {{.target = "xe2", .op = "sample_d_c", .uw = false, .simd = 32, .params = 11},
     2,
     16,
     11,
     4,
     false},
    /* ld2dms_w si mcsl mcsh u v: IGC 5 x 2 = 10 fits SIMD16 ... */
    {{.target = "tgl", .op = "load_2dms_w", .uw = false, .simd = 16, .params = 5},
     1,
     16,
     10,
     8,
     false},
    /* ... Mesa counts 2 coords + 2 pad + si + 2 mcs = 7 > 5: SIMD8 (texunit's reading of Mesa
       brw_fs_lower_simd_width.cpp, get_sampler_lowered_simd_width) */
    {{.target = "tgl", .op = "load_2dms_w", .uw = false, .simd = 16, .params = 5, .mesa = true},
     2,
     8,
     5,
     4,
     false},
    /* sample_b_c ref bias u v: IGC 4 x 2 = 8; Mesa 4 slots + ref + bias = 6 > 5: SIMD8 */
    {{.target = "tgl", .op = "sample_b_c", .uw = false, .simd = 16, .params = 4},
     1,
     16,
     8,
     8,
     false},
    {{.target = "tgl", .op = "sample_b_c", .uw = false, .simd = 16, .params = 4, .mesa = true},
     2,
     8,
     4,
     4,
     false},
    /* sample_3d u v: Mesa 4 slots = 4 <= 5: SIMD16, the same as IGC */
    {{.target = "tgl", .op = "sample_3d", .uw = false, .simd = 16, .params = 2, .mesa = true},
     1,
     16,
     4,
     8,
     false},
    /* gather4 always has a header: 1 + 2 x 2 */
    {{.target = "tgl", .op = "sample4", .uw = false, .simd = 16, .params = 2}, 1, 16, 5, 8, true},
    /* sampleinfo: the header alone */
    {{.target = "tgl", .op = "sampleinfo", .uw = false, .simd = 16, .params = 0},
     1,
     16,
     1,
     8,
     true},
    /* SIMD8 on Xe2 is padded to SIMD16: 2 x 1; rlen 4 x 1 */
    {{.target = "xe2", .op = "sample_3d", .uw = false, .simd = 8, .params = 2}, 1, 16, 2, 4, false},
    /* .RB is not R/RG/RGB/RGBA: a header carries the disable mask; rlen 2 x 2 */
    {{.target = "tgl", .op = "sample_3d", .uw = false, .simd = 16, .params = 2, .mask = 0x5},
     1,
     16,
     5,
     4,
     true},
    /* .RG follows from the response length: no header */
    {{.target = "tgl", .op = "sample_3d", .uw = false, .simd = 16, .params = 2, .mask = 0x3},
     1,
     16,
     4,
     4,
     false},
    /* 16-bit return: 16 x 2 B = 1 GRF per channel */
    {{.target = "tgl", .op = "sample_l", .uw = false, .simd = 16, .params = 3, .ret16 = true},
     1,
     16,
     6,
     4,
     false},
    /* resinfo's lod: 1 x 2 */
    {{.target = "tgl", .op = "resinfo", .uw = false, .simd = 16, .params = 1}, 1, 16, 2, 8, false},
    /* sampler 20 >= 16: the header's DW3 */
    {{.target = "tgl", .op = "sample_3d", .uw = false, .simd = 16, .params = 2, .sampler = 20},
     1,
     16,
     5,
     8,
     true},
    /* UW ld2dms_w on Xe2, 7 params (si mcs0..3 u v) x 1 at SIMD32 (32 x 2 B = 64 B) */
    {{.target = "xe2", .op = "load_2dms_w", .uw = true, .simd = 32, .params = 7, .half = true},
     1,
     32,
     7,
     8,
     false},
    /* HF sample_b_c ref bias u v r ai at SIMD32 on Xe2: Mesa counts 3 coordinate slots + ref +
     * bias = 5, one SIMD32 message of 6 GRFs (IGC: the same, 6 <= 11) */
    {{.target = "xe2",
      .op = "sample_b_c",
      .uw = false,
      .simd = 32,
      .params = 6,
      .half = true,
      .mesa = true},
     1,
     32,
     6,
     8,
     false},
    /* ... F: 6 x 2 GRFs = 12 > 11 at SIMD32, so two SIMD16 messages under either rule */
    {{.target = "xe2", .op = "sample_b_c", .uw = false, .simd = 32, .params = 6, .mesa = true},
     2,
     16,
     6,
     4,
     false},
    /* ... Mesa: TXF_CMS_W_GFX12 is SIMD16 at most */
    {{.target = "xe2",
      .op = "load_2dms_w",
      .uw = true,
      .simd = 32,
      .params = 7,
      .half = true,
      .mesa = true},
     2,
     16,
     7,
     4,
     false},
    /* HF SIMD8: a parameter still takes a whole GRF (padded) */
    {{.target = "tgl", .op = "sample_l", .uw = false, .simd = 8, .params = 3, .half = true},
     1,
     8,
     3,
     4,
     false},
    /* Xe2 sample_po u v r OffUVR: 4 x 1 */
    {{.target = "xe2", .op = "sample_po", .uw = false, .simd = 16, .params = 4},
     1,
     16,
     4,
     4,
     false},
};

static void check_case(const row_case *c) {
    const spec *s = &c->s;
    const tuL_op *row = row_named(s->op, s->uw);
    if (!CHECK(row != NULL, "no row %s", s->op)) return;
    tu_target t = target_of(s);
    tu_lmsg *lm = static_msg(s, row);
    tu_lplan *plan = calloc(1, sizeof *plan);
    tu_payload *p = calloc(1, sizeof *p);
    tu_error err = {0};
    if (CHECK(tu_lower_split(lm, &t, plan, &err) == TU_OK, "%s SIMD%u on %s: %s", s->op, s->simd,
              s->target, err.message)) {
        CHECK(plan->count == c->parts, "%s SIMD%u on %s%s: %u parts, wanted %u", s->op, s->simd,
              s->target, s->mesa ? " (Mesa)" : "", plan->count, c->parts);
        CHECK(plan->width == c->width, "%s SIMD%u on %s: width %u, wanted %u", s->op, s->simd,
              s->target, plan->width, c->width);
        for (uint32_t k = 0; k < plan->count; k++) {
            if (!CHECK(tu_lower_payload(&plan->part[k], &t, p, &err) == TU_OK, "%s: %s", s->op,
                       err.message))
                continue;
            const tu_send_fields f = tu_lower_fields(p->desc, p->ex_desc, &t);
            CHECK(f.mlen == c->mlen && p->mlen == c->mlen, "%s SIMD%u on %s: mlen %u, wanted %u",
                  s->op, s->simd, s->target, f.mlen, c->mlen);
            CHECK(f.rlen == c->rlen, "%s SIMD%u on %s: rlen %u, wanted %u", s->op, s->simd,
                  s->target, f.rlen, c->rlen);
            CHECK(f.header == c->header, "%s SIMD%u on %s: header %u, wanted %u", s->op, s->simd,
                  s->target, f.header, c->header);
            /* the group of part k: M1 + first_lane / 4 */
            CHECK_EQ_U(plan->part[k].first_lane, k * c->width);
        }
    }
    free(p);
    free(plan);
    free(lm);
}

static void test_table(void) {
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_case(&cases[i]);
}

/* --- the sweep against a model of the sources' rules ---------------------------------------- */

typedef struct model {
    bool ok;
    uint32_t parts, width, mlen, rlen;
    bool header;
} model;

static model predict(const hw *h, const tuL_op *row, uint32_t simd, bool half, bool pnm,
                     bool mesa) {
    model m = {0};
    const char *mn = row->mnemonic;
    bool packed = false;
    for (unsigned i = 0; i < row->nparams; i++)
        packed |= row->params[i] >= TUL_P_OFFUVR;
    if (row->subop >= 32 && !h->xe2) return m;            /* no type bit 5 */
    if ((row->flags & TUL_F_PRE_XE2) && h->xe2) return m; /* 17/18 are the mlod samples */
    if (half && (!h->half || row->pclass == TUL_PC_UD || packed)) return m;
    const bool ms = is(mn, "load_2dms_w") || is(mn, "load_mcs");
    if (h->ms16 && ms && !half) return m;
    /* sample_d from Gfx12.5: u dudx dudy v dvdx dvdy r, then the minimum LOD (Mesa
     * brw_sampler.c, SAMPLE_D_REDUCED) */
    if (is(mn, "sample_d") && h->verx10 >= 125 && row->nparams > 7) return m;
    m.header = always_header(mn) || pnm;
    const uint32_t bytes = half ? 2 : 4, n = h->native, P = row->nparams;
    uint32_t w;
    if (!mesa) {
        w = simd <= n ? n : 2 * n;
        if (w == 2 * n &&
            ((m.header ? 1 : 0) + P * regs_of(w, bytes, h->grf) > MAX_MLEN || grad_op(mn)))
            w = n;
    } else {
        uint32_t lim;
        if (row->pclass == TUL_PC_INT_UW && h->verx10 >= 125)
            lim = 16;
        else if (grad_op(mn))
            lim = h->xe2 ? 16 : 8;
        else {
            /* Mesa's sum as it is written: coord_components + the others, then += 3 (TXB on
             * Xe2) or 4 - coord_components, in unsigned arithmetic */
            uint32_t coord = 0, other = 0;
            for (unsigned i = 0; i < P; i++)
                coordinate_param(row->params[i]) ? coord++ : other++;
            uint32_t comps = coord + other;
            comps += (txb(mn) && h->verx10 >= 200 ? 3u : 4u) - coord;
            lim = (h->grf / 32) * (comps > MAX_MLEN / 2 ? 8 : 16);
        }
        w = simd < lim ? simd : lim;
        w = w <= n ? n : 2 * n;
        /* texunit's payload has no BIAS_AI packing: over 11 GRFs at 2x native it goes native */
        if (w == 2 * n && (m.header ? 1 : 0) + P * regs_of(w, bytes, h->grf) > MAX_MLEN) w = n;
    }
    m.mlen = (m.header ? 1 : 0) + P * regs_of(w, bytes, h->grf);
    if (m.mlen > MAX_MLEN) return m;
    m.ok = true;
    m.width = w;
    m.parts = (simd + w - 1) / w;
    m.rlen = 4 * regs_of(w, 4, h->grf) + (pnm ? 1 : 0);
    return m;
}

static void test_sweep(void) {
    static const uint32_t widths[] = {8, 16, 32};
    long checked = 0, refused = 0;
    for (size_t hi = 0; hi < sizeof hws / sizeof hws[0]; hi++)
        for (unsigned r = 0; r < tuL_op_count; r++)
            for (size_t wi = 0; wi < 3; wi++)
                for (int variant = 0; variant < 8; variant++) {
                    const tuL_op *row = &tuL_ops[r];
                    const bool half = variant & 1, pnm = variant & 2, mesa = variant & 4;
                    /* ld2dms_w: 16-bit parameters are its UW row, 32-bit its UD row */
                    if (half ? row->pclass == TUL_PC_INT_UD : row->pclass == TUL_PC_INT_UW)
                        continue;
                    const spec s = {hws[hi].name,
                                    row->mnemonic,
                                    row->pclass == TUL_PC_INT_UW,
                                    widths[wi],
                                    0,
                                    half,
                                    false,
                                    0,
                                    false,
                                    pnm,
                                    0,
                                    mesa};
                    const model want = predict(&hws[hi], row, s.simd, half, pnm, mesa);
                    tu_target t = target_of(&s);
                    tu_lmsg *lm = static_msg(&s, row);
                    tu_lplan *plan = calloc(1, sizeof *plan);
                    tu_payload *p = calloc(1, sizeof *p);
                    tu_error err = {0};
                    tu_status st = tu_lower_split(lm, &t, plan, &err);
                    for (uint32_t k = 0; st == TU_OK && k < plan->count; k++)
                        st = tu_lower_payload(&plan->part[k], &t, p, &err);
                    if (!want.ok) {
                        refused++;
                        CHECK(st != TU_OK, "%s SIMD%u on %s%s%s: lowered, but the rules refuse it",
                              row->mnemonic, s.simd, s.target, half ? " HF" : "",
                              mesa ? " (Mesa)" : "");
                    } else if (CHECK(st == TU_OK, "%s SIMD%u on %s%s: %s", row->mnemonic, s.simd,
                                     s.target, half ? " HF" : "", err.message)) {
                        checked++;
                        const tu_send_fields f = tu_lower_fields(p->desc, p->ex_desc, &t);
                        CHECK(plan->count == want.parts && plan->width == want.width &&
                                  f.mlen == want.mlen && f.rlen == want.rlen &&
                                  f.header == want.header,
                              "%s SIMD%u on %s%s%s%s: %u x SIMD%u mlen %u rlen %u header %u; the "
                              "rules say %u x SIMD%u mlen %u rlen %u header %u",
                              row->mnemonic, s.simd, s.target, half ? " HF" : "", pnm ? " pnm" : "",
                              mesa ? " (Mesa)" : "", plan->count, plan->width, f.mlen, f.rlen,
                              f.header, want.parts, want.width, want.mlen, want.rlen, want.header);
                        /* SIMD mode: 1 native, 2 twice native, +4 for 16-bit parameters */
                        CHECK_EQ_U(f.simd_mode,
                                   (want.width == hws[hi].native ? 1u : 2u) + (half ? 4u : 0u));
                        CHECK_EQ_U(f.msg_type, row->subop);
                    }
                    free(p);
                    free(plan);
                    free(lm);
                }
    printf("  %ld combinations lowered as the rules say, %ld refused as they say\n", checked,
           refused);
}

/* --- descriptors, headers, payload bytes ----------------------------------------------------- */

static uint32_t le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void test_descriptor_bits(void) {
    const tu_target *tgl = tu_target_preset("tgl"), *xe2 = tu_target_preset("xe2");
    tu_error err = {0};
    tu_lplan *plan = calloc(1, sizeof *plan);
    tu_payload *p = calloc(1, sizeof *p);
    tu_lmsg *lm = calloc(1, sizeof *lm);

    /* sample_l.RGB SIMD16, offsets (1, -2, 3), sampler 21, BTI 0x7b, lod u v */
    lm->msg.op = TU_OP_SAMPLE_L;
    lm->msg.simd = 16;
    lm->msg.lane_mask = 0xffff;
    lm->msg.channel_mask = 0x7;
    lm->msg.offset[0] = 1, lm->msg.offset[1] = -2, lm->msg.offset[2] = 3;
    for (uint32_t l = 0; l < 16; l++) {
        lm->msg.src[TU_SRC_LOD].f[l] = 0.5f + (float)l;
        lm->msg.src[TU_SRC_U].f[l] = 0.25f;
        lm->msg.src[TU_SRC_V].f[l] = 0.75f;
    }
    lm->surface = 0x7b;
    lm->sampler = 21;
    CHECK(tu_lower_split(lm, tgl, plan, &err) == TU_OK, "%s", err.message);
    CHECK(tu_lower_payload(&plan->part[0], tgl, p, &err) == TU_OK, "%s", err.message);
    /* header: U 1 at 11:8, V -2 = 0xe at 7:4, R 3 at 3:0, disable ~RGB = 0x8 at 15:12;
     * DW3 = 16 * (21 / 16) * 16 = 256; desc: BTI 0x7b, sampler 21 % 16 = 5, type 2, SIMD
     * mode 2, header, rlen 3 x 2 = 6, mlen 1 + 3 x 2 = 7 */
    CHECK_EQ_U(le32(p->grf + 8), 0x81e3u);
    CHECK_EQ_U(le32(p->grf + 12), 256u);
    CHECK_EQ_U(p->desc, 0x7bu | 5u << 8 | 2u << 12 | 2u << 17 | 1u << 19 | 6u << 20 | 7u << 25);
    CHECK_EQ_U(p->ex_desc, 2u);
    /* lod lane 3 at GRF 1, byte 12; v lane 9 at GRF 5 + 4, byte 4 */
    CHECK_EQ_U(le32(p->grf + 32 + 12), 0x40600000u); /* 3.5f */
    CHECK_EQ_U(le32(p->grf + 5 * 32 + 4), 0x3f400000u);

    /* CPS on tgl: desc bit 31 and ex_desc bit 11; on Xe2 only ex_desc bit 11 */
    memset(lm, 0, sizeof *lm);
    lm->msg.op = TU_OP_SAMPLE;
    lm->msg.simd = 8;
    lm->msg.lane_mask = 0xff;
    lm->msg.channel_mask = 0xf;
    lm->msg.flags = TU_MSG_CPS;
    lm->msg.cps_x = lm->msg.cps_y = 2;
    lm->msg.src[TU_SRC_U].f[1] = 1.0f;
    CHECK(tu_lower_split(lm, tgl, plan, &err) == TU_OK, "%s", err.message);
    CHECK(tu_lower_payload(&plan->part[0], tgl, p, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(p->desc >> 31, 1u);
    CHECK_EQ_U(p->ex_desc, 0x802u);
    CHECK(tu_lower_split(lm, xe2, plan, &err) == TU_OK, "%s", err.message);
    CHECK(tu_lower_payload(&plan->part[0], xe2, p, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(p->desc >> 31, 0u);
    CHECK_EQ_U(p->ex_desc, 0x802u);
    CHECK_EQ_U(p->exec_mask, 0xffu); /* SIMD8 padded to SIMD16: lanes 8..15 disabled */

    /* Xe2 sample_po (type 0x20): type field 0, desc bit 31 = type bit 5; BTI 3, sampler 2,
     * u v r OffUVR: mlen 4, rlen 4, SIMD mode 1 */
    memset(lm, 0, sizeof *lm);
    lm->msg.op = TU_OP_SAMPLE_PO;
    lm->msg.simd = 16;
    lm->msg.lane_mask = 0xffff;
    lm->msg.channel_mask = 0xf;
    for (uint32_t l = 0; l < 16; l++) {
        lm->msg.src[TU_SRC_R].f[l] = 1.0f;
        lm->msg.src[TU_SRC_OFFU].i[l] = -1;
        lm->msg.src[TU_SRC_OFFR].i[l] = 7;
    }
    lm->surface = 3;
    lm->sampler = 2;
    CHECK(tu_lower_split(lm, xe2, plan, &err) == TU_OK, "%s", err.message);
    CHECK(tu_lower_payload(&plan->part[0], xe2, p, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(p->desc, 3u | 2u << 8 | 1u << 17 | 4u << 20 | 4u << 25 | 1u << 31);
    /* OffUVR = u << 8 | v << 4 | r: 0xf << 8 | 0 | 7 */
    CHECK_EQ_U(le32(p->grf + 3 * 64 + 5 * 4), 0xf07u);

    /* bindless surface 0x12345000 (BTI 252, ex_desc 31:12) and sampler 0x40020 (DW3) */
    memset(lm, 0, sizeof *lm);
    lm->msg.op = TU_OP_SAMPLE_LZ;
    lm->msg.simd = 8;
    lm->msg.lane_mask = 0xff;
    lm->msg.channel_mask = 0x1;
    lm->msg.src[TU_SRC_U].f[0] = 0.5f;
    lm->flags = TU_LMSG_BINDLESS_SURFACE | TU_LMSG_BINDLESS_SAMPLER;
    lm->surface = 0x12345000u;
    lm->sampler = 0x40020u;
    CHECK(tu_lower_split(lm, tgl, plan, &err) == TU_OK, "%s", err.message);
    CHECK(tu_lower_payload(&plan->part[0], tgl, p, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(p->desc & 0xfff, 252u); /* sampler field 0 */
    CHECK_EQ_U(p->ex_desc, 0x12345002u);
    CHECK_EQ_U(le32(p->grf + 12), 0x40020u);
    CHECK_EQ_U(le32(p->grf + 8), 0xe000u); /* R only: disable GBA */

    /* HF payload, SIMD8: lane 3 of u at byte 6 of its (padded) GRF */
    memset(lm, 0, sizeof *lm);
    lm->msg.op = TU_OP_SAMPLE;
    lm->msg.simd = 8;
    lm->msg.lane_mask = 0xff;
    lm->msg.channel_mask = 0xf;
    lm->msg.flags = TU_MSG_HALF_SOURCES;
    lm->flags = TU_LMSG_PARAMS_16BIT;
    lm->msg.src[TU_SRC_U].f[3] = 0.333333f;
    CHECK(tu_lower_split(lm, tgl, plan, &err) == TU_OK, "%s", err.message);
    CHECK(tu_lower_payload(&plan->part[0], tgl, p, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(p->grf[6] | p->grf[7] << 8, tu_float_to_half(0.333333f));
    CHECK_EQ_U((p->desc >> 17 & 3) | (p->desc >> 29 & 1) << 2, 5u); /* SIMD8H */
    CHECK_EQ_U(p->mlen, 1u);
    free(lm);
    free(p);
    free(plan);
}

/* --- the Mesa view, trimming, regs ----------------------------------------------------------- */

static void test_sources_and_trimming(void) {
    const tu_target *tgl = tu_target_preset("tgl"), *xe2 = tu_target_preset("xe2");
    CHECK_EQ_U(tu_lower_regs(2, 16, 4, tgl), 4u);
    CHECK_EQ_U(tu_lower_regs(1, 8, 2, tgl), 1u);
    CHECK_EQ_U(tu_lower_regs(1, 16, 2, xe2), 1u);
    CHECK_EQ_U(tu_lower_regs(1, 32, 4, xe2), 2u);
    tu_error err = {0};
    tu_lsource src[TU_LSRC_COUNT];
    tu_lmsg *lm = calloc(1, sizeof *lm);
    /* sample_d on a 2D surface: u dudx dudy v dvdx dvdy */
    lm->msg.op = TU_OP_SAMPLE_D;
    lm->msg.simd = 8;
    lm->msg.lane_mask = 0xff;
    lm->msg.channel_mask = 0xf;
    lm->surface = 9;
    lm->sampler = 4;
    for (int s = TU_SRC_DUDX; s <= TU_SRC_DVDY; s++)
        lm->msg.src[s].f[2] = 0.125f;
    lm->msg.src[TU_SRC_U].f[0] = lm->msg.src[TU_SRC_V].f[0] = 0.5f;
    CHECK(tu_lower_sources(lm, tgl, src, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(src[TU_LSRC_COORDINATE].components, 2u);
    CHECK_EQ_U(src[TU_LSRC_COORDINATE].params, 0x9u); /* params 0 (u) and 3 (v) */
    CHECK_EQ_U(src[TU_LSRC_LOD].params, 0x12u);       /* dudx, dvdx: Mesa's dPdx */
    CHECK_EQ_U(src[TU_LSRC_LOD2].params, 0x24u);      /* dudy, dvdy: dPdy */
    CHECK_EQ_U(src[TU_LSRC_GRAD_COMPONENTS].imm, 2u);
    CHECK_EQ_U(src[TU_LSRC_COORD_COMPONENTS].imm, 2u);
    CHECK_EQ_U(src[TU_LSRC_SURFACE].imm, 9u);
    CHECK_EQ_U(src[TU_LSRC_SAMPLER].imm, 4u);
    CHECK_EQ_U(src[TU_LSRC_SHADOW_C].file, TU_LSRC_ABSENT);
    CHECK_EQ_STR(tu_lsrc_name(TU_LSRC_SAMPLE_INDEX), "SAMPLE_INDEX");

    /* trailing zero parameters go; parameter 0 stays; -0.0 is not zero */
    memset(lm, 0, sizeof *lm);
    lm->msg.op = TU_OP_SAMPLE;
    lm->msg.simd = 8;
    lm->msg.lane_mask = 0xff;
    lm->msg.channel_mask = 0xf;
    CHECK(tu_lower_sources(lm, tgl, src, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(src[TU_LSRC_COORDINATE].components, 1u);
    lm->msg.src[TU_SRC_R].f[7] = -0.0f;
    CHECK(tu_lower_sources(lm, tgl, src, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(src[TU_LSRC_COORDINATE].components, 3u);
    /* STATIC: up to the last given parameter */
    lm->flags = TU_LMSG_STATIC;
    lm->params_given = 0x5;
    CHECK(tu_lower_sources(lm, tgl, src, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(src[TU_LSRC_COORDINATE].components, 3u);

    /* ld2dms_w UW: si, mcs0..3 (16-bit) */
    memset(lm, 0, sizeof *lm);
    lm->msg.op = TU_OP_LD2DMS_W;
    lm->msg.simd = 16;
    lm->msg.channel_mask = 0xf;
    lm->flags = TU_LMSG_PARAMS_16BIT | TU_LMSG_STATIC;
    lm->params_given = 0x7f;
    CHECK(tu_lower_sources(lm, xe2, src, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(src[TU_LSRC_SAMPLE_INDEX].components, 1u);
    CHECK_EQ_U(src[TU_LSRC_MCS].components, 4u);
    CHECK_EQ_U(src[TU_LSRC_MCS].bytes, 2u);

    /* sample_po_c (ref u v r OffUV_R ai): r in full and zero offsets: OffUV_R need not go */
    memset(lm, 0, sizeof *lm);
    lm->msg.op = TU_OP_SAMPLE_PO_C;
    lm->msg.simd = 16;
    lm->msg.lane_mask = 0xffff;
    lm->msg.channel_mask = 0x1;
    lm->msg.src[TU_SRC_R].f[0] = 1.2345f;
    lm->msg.src[TU_SRC_REF].f[0] = 0.5f;
    CHECK(tu_lower_sources(lm, xe2, src, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(src[TU_LSRC_COORDINATE].params, 0xeu); /* u v r */
    /* with an offset it must go, and then r loses its low 12 bits: refused */
    lm->msg.src[TU_SRC_OFFU].i[3] = 2;
    tu_lplan *plan = calloc(1, sizeof *plan);
    tu_payload *p = calloc(1, sizeof *p);
    CHECK(tu_lower_split(lm, xe2, plan, &err) == TU_OK, "%s", err.message);
    CHECK_ERR(tu_lower_payload(&plan->part[0], xe2, p, &err), TU_INVALID_ARGUMENT, &err,
              "source R of lane 0");
    free(p);
    free(plan);
    free(lm);
}

/* --- refusals --------------------------------------------------------------------------------- */

static tu_lmsg *simple(tu_op op, uint32_t simd) {
    tu_lmsg *lm = calloc(1, sizeof *lm);
    lm->msg.op = op;
    lm->msg.simd = simd;
    lm->msg.lane_mask = 0xffffffffu;
    lm->msg.channel_mask = 0xf;
    for (uint32_t l = 0; l < simd; l++)
        lm->msg.src[TU_SRC_U].u[l] = 1;
    return lm;
}

static tu_status lower_all(const tu_lmsg *lm, const char *target, tu_error *err) {
    const tu_target *t = tu_target_preset(target);
    tu_lplan *plan = calloc(1, sizeof *plan);
    tu_payload *p = calloc(1, sizeof *p);
    tu_status st = tu_lower_split(lm, t, plan, err);
    for (uint32_t k = 0; st == TU_OK && k < plan->count; k++)
        st = tu_lower_payload(&plan->part[k], t, p, err);
    free(p);
    free(plan);
    return st;
}

static void test_lowering_refusals(void) {
    tu_error err = {0};
    tu_lmsg *lm = simple(TU_OP_SAMPLE_PO, 16);
    CHECK_ERR(lower_all(lm, "tgl", &err), TU_UNSUPPORTED, &err, "message-type bit 5");
    free(lm);
    lm = simple(TU_OP_GATHER4_PO, 16);
    CHECK_ERR(lower_all(lm, "xe2", &err), TU_UNSUPPORTED, &err, "sample_d_c_mlod");
    free(lm);
    lm = simple(TU_OP_SAMPLE, 8);
    lm->flags = TU_LMSG_PARAMS_16BIT;
    lm->msg.flags = TU_MSG_HALF_SOURCES;
    CHECK_ERR(lower_all(lm, "skl", &err), TU_UNSUPPORTED, &err, "no 16-bit payloads");
    lm->msg.flags = 0;
    CHECK_ERR(lower_all(lm, "tgl", &err), TU_INVALID_ARGUMENT, &err, "TU_MSG_HALF_SOURCES");
    lm->flags = 0;
    lm->msg.simd = 6;
    CHECK_ERR(lower_all(lm, "tgl", &err), TU_UNSUPPORTED, &err, "multiple of 4");
    lm->msg.simd = 8;
    lm->flags = TU_LMSG_BINDLESS_SURFACE;
    lm->surface = 0x1234;
    CHECK_ERR(lower_all(lm, "tgl", &err), TU_INVALID_ARGUMENT, &err, "bits 11:0");
    lm->flags = TU_LMSG_BINDLESS_SAMPLER;
    lm->surface = 0;
    lm->sampler = 0x1010;
    CHECK_ERR(lower_all(lm, "tgl", &err), TU_INVALID_ARGUMENT, &err, "32-byte aligned");
    lm->flags = 0;
    lm->surface = 252;
    CHECK_ERR(lower_all(lm, "tgl", &err), TU_INVALID_ARGUMENT, &err, "0..251");
    lm->surface = 0;
    lm->msg.op = TU_OP_SAMPLE_L;
    lm->msg.flags = TU_MSG_CPS;
    lm->msg.cps_x = lm->msg.cps_y = 2;
    CHECK_ERR(lower_all(lm, "tgl", &err), TU_INVALID_ARGUMENT, &err,
              "message flag CPS needs an implicit-LOD op, not SAMPLE_L");
    /* gather4_i has an implicit LOD, but no CPS message (the op table's .cps column) */
    lm->msg.op = TU_OP_GATHER4_I;
    CHECK_ERR(lower_all(lm, "tgl", &err), TU_INVALID_ARGUMENT, &err, "cps is not allowed");
    free(lm);
    /* a UW coordinate outside 16 bits */
    lm = simple(TU_OP_LD, 8);
    lm->flags = TU_LMSG_PARAMS_16BIT;
    lm->msg.src[TU_SRC_U].i[5] = 70000;
    CHECK_ERR(lower_all(lm, "tgl", &err), TU_INVALID_ARGUMENT, &err, "source U of lane 5");
    lm->msg.lane_mask = 0xdf; /* no result depends on a disabled lane of a load */
    CHECK(lower_all(lm, "tgl", &err) == TU_OK, "%s", err.message);
    free(lm);
    /* an implicit LOD reads the whole 2x2 subspan of an enabled lane */
    lm = simple(TU_OP_SAMPLE_PO, 16);
    lm->msg.lane_mask = 0xff0d;        /* lanes 0, 2, 3 of the first subspan, none of 4..7 */
    lm->msg.src[TU_SRC_OFFU].i[5] = 9; /* outside the packed 4 bits, in an unread subspan */
    CHECK(lower_all(lm, "xe2", &err) == TU_OK, "%s", err.message);
    lm->msg.src[TU_SRC_OFFU].i[1] = 9; /* disabled, but in a subspan that is read */
    CHECK_ERR(lower_all(lm, "xe2", &err), TU_INVALID_ARGUMENT, &err, "source OFFU of lane 1");
    free(lm);
    /* gather4_po's offsets lie in the gather range -32..31 (enabled lanes) */
    lm = simple(TU_OP_GATHER4_PO, 8);
    lm->msg.src[TU_SRC_OFFV].i[6] = 40;
    CHECK_ERR(lower_all(lm, "tgl", &err), TU_INVALID_ARGUMENT, &err, "offv of lane 6 is 40");
    lm->msg.lane_mask = 0xbf;
    CHECK(lower_all(lm, "tgl", &err) == TU_OK, "%s", err.message);
    free(lm);
    /* gather4_po carries no r offset */
    lm = simple(TU_OP_GATHER4_PO, 8);
    lm->msg.src[TU_SRC_OFFR].i[2] = 1;
    CHECK_ERR(lower_all(lm, "tgl", &err), TU_INVALID_ARGUMENT, &err, "source OFFR of lane 2");
    free(lm);
    /* sample_po_l: a LOD whose low 12 bits the offsets take */
    lm = simple(TU_OP_SAMPLE_PO_L, 16);
    lm->msg.src[TU_SRC_LOD].f[0] = 1.0001f;
    lm->msg.src[TU_SRC_OFFV].i[0] = -3;
    CHECK_ERR(lower_all(lm, "xe2", &err), TU_INVALID_ARGUMENT, &err, "source LOD of lane 0");
    /* and an offset outside -8..7 in a packed parameter */
    lm->msg.src[TU_SRC_LOD].f[0] = 1.0f;
    lm->msg.src[TU_SRC_OFFV].i[0] = 9;
    CHECK_ERR(lower_all(lm, "xe2", &err), TU_INVALID_ARGUMENT, &err, "source OFFV of lane 0");
    free(lm);
    lm = simple(TU_OP_RESINFO, 8);
    lm->flags = TU_LMSG_PARAMS_16BIT;
    CHECK_ERR(lower_all(lm, "tgl", &err), TU_INVALID_ARGUMENT, &err, "UD parameters only");
    free(lm);
    lm = simple(TU_OP_SAMPLE_PO_B, 16);
    lm->flags = TU_LMSG_PARAMS_16BIT;
    lm->msg.flags = TU_MSG_HALF_SOURCES;
    CHECK_ERR(lower_all(lm, "xe2", &err), TU_INVALID_ARGUMENT, &err, "packs offsets");
    free(lm);
    lm = simple(TU_OP_LD2DMS_W, 16);
    CHECK_ERR(lower_all(lm, "xe2", &err), TU_UNSUPPORTED, &err, "16-bit parameters only");
    free(lm);
    /* sample_d_c with every parameter and a header: 12 GRFs even at SIMD8 */
    lm = simple(TU_OP_SAMPLE_D_C, 8);
    lm->msg.src[TU_SRC_AI].f[0] = 1.0f;
    lm->msg.offset[0] = 1;
    CHECK_ERR(lower_all(lm, "tgl", &err), TU_UNSUPPORTED, &err, "needs 12 GRFs at SIMD8");
    free(lm);
    tu_target bad = *tu_target_preset("tgl");
    bad.grad_max_simd = 32;
    CHECK_ERR(tu_target_validate(&bad, &err), TU_INVALID_ARGUMENT, &err, "grad_max_simd 32");
    bad = *tu_target_preset("tgl");
    bad.grf_bytes = 48;
    CHECK_ERR(tu_target_validate(&bad, &err), TU_INVALID_ARGUMENT, &err, "grf_bytes 48");
    CHECK(tu_target_preset("gen7") == NULL);
    /* ivb and hsw lower data-port messages only: every sampler entry point refuses them,
     * naming the target and why, and the data port takes them (their verx10) */
    static const struct {
        const char *name;
        uint32_t verx10;
    } dp_only[] = {{"ivb", 70}, {"hsw", 75}};
    for (size_t i = 0; i < sizeof dp_only / sizeof dp_only[0]; i++) {
        const tu_target *t = tu_target_preset(dp_only[i].name);
        CHECK(t && t->verx10 == dp_only[i].verx10 && t->sampler_refusal, "%s", dp_only[i].name);
        if (!t) continue;
        CHECK(tu_target_validate(t, &err) == TU_OK, "%s", err.message);
        char needle[64];
        snprintf(needle, sizeof needle, "target %s has no sampler lowering", t->name);
        lm = simple(TU_OP_SAMPLE, 8);
        CHECK_ERR(lower_all(lm, t->name, &err), TU_UNSUPPORTED, &err, needle);
        free(lm);
        uint8_t payload[64] = {0};
        tu_send_decoded *d = calloc(1, sizeof *d);
        const tu_send s = {
            1u | 2u << 25 | 4u << 20, 2, 0xff, payload, sizeof payload, 0, 0, NULL, 0};
        CHECK_ERR(tu_lower_decode(&s, t, d, &err), TU_UNSUPPORTED, &err, needle);
        free(d);
        tu_dp_lmsg *dm = calloc(1, sizeof *dm);
        tu_dp_plan *plan = calloc(1, sizeof *plan);
        dm->msg.op = TU_DP_TYPED_READ, dm->msg.simd = 8, dm->msg.lane_mask = 0xff;
        dm->msg.channel_mask = 0x1, dm->surface = 1, dm->dims = 2;
        CHECK(tu_dp_lower_split(dm, t, plan, &err) == TU_OK, "%s: %s", t->name, err.message);
        free(plan);
        free(dm);
    }
    CHECK(tu_target_preset("skl")->sampler_refusal == NULL);
    /* dg2 lowers sampler messages as TGL does, with 16-bit-only MSAA loads */
    const tu_target *dg2 = tu_target_preset("dg2");
    CHECK(dg2 && dg2->verx10 == 125 && !dg2->sampler_refusal && dg2->ms_loads_16bit);
    lm = simple(TU_OP_SAMPLE, 16);
    CHECK(lower_all(lm, "dg2", &err) == TU_OK, "%s", err.message);
    free(lm);
}

/* A sample_3d SIMD16 message u, v on tgl: desc built from the fields. */
static uint32_t desc_of(uint32_t bti, uint32_t type, uint32_t mode, uint32_t header, uint32_t rlen,
                        uint32_t mlen) {
    return bti | type << 12 | (mode & 3) << 17 | header << 19 | rlen << 20 | mlen << 25 |
           (mode >> 2) << 29;
}

static void test_decoder_refusals(void) {
    const tu_target *tgl = tu_target_preset("tgl"), *xe2 = tu_target_preset("xe2"),
                    *skl = tu_target_preset("skl");
    uint8_t payload[15 * 64];
    memset(payload, 0, sizeof payload);
    tu_send_decoded *d = calloc(1, sizeof *d);
    tu_error err = {0};
    tu_send s = {desc_of(1, 0, 2, 0, 8, 4), 2, 0xffff, payload, sizeof payload, 0, 0, NULL, 0};
    CHECK(tu_lower_decode(&s, tgl, d, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(d->param_count, 2u);
    CHECK_EQ_U(d->msg.msg.channel_mask, 0xfu);
#define REFUSE(target, field, value, status, needle)                           \
    do {                                                                       \
        tu_send b = s;                                                         \
        b.field = (value);                                                     \
        CHECK_ERR(tu_lower_decode(&b, target, d, &err), status, &err, needle); \
    } while (0)
    REFUSE(tgl, ex_desc, 3, TU_INVALID_ARGUMENT, "SFID 3");
    REFUSE(tgl, ex_desc, 0x12, TU_INVALID_ARGUMENT,
           "extended descriptor bits 0x10 must be zero (bits 5:4 and 10; ex_mlen is bits 9:6)");
    REFUSE(tgl, ex_desc, 0x402, TU_INVALID_ARGUMENT, "extended descriptor bits 0x400 must be zero");
    REFUSE(xe2, ex_desc, 0x22, TU_INVALID_ARGUMENT,
           "extended descriptor bits 0x20 must be zero (bits 5:4; ex_mlen is bits 10:6)");
    /* a split send: ex_mlen GRFs of src1 must be there, and src0 must hold something */
    REFUSE(tgl, ex_desc, 2u | 2u << 6, TU_INVALID_ARGUMENT,
           "src1 of 0 bytes is shorter than the extended message length, 2 GRFs of 32 bytes");
    REFUSE(tgl, ex_desc, 2u | 8u << 6, TU_INVALID_ARGUMENT,
           "descriptor message length 12 (src0 + src1) exceeds target tgl's limit of 11 GRFs");
    REFUSE(tgl, ex_desc, 0x1002, TU_INVALID_ARGUMENT, "not 252");
    REFUSE(tgl, desc, desc_of(254, 0, 2, 0, 8, 4), TU_INVALID_ARGUMENT, "binding-table index 254");
    REFUSE(tgl, desc, desc_of(1, 12, 2, 0, 8, 4), TU_INVALID_ARGUMENT, "message type 12");
    REFUSE(xe2, desc, desc_of(1, 17, 2, 0, 8, 4), TU_UNSUPPORTED, "sample_d_c_mlod");
    REFUSE(xe2, desc, desc_of(1, 4, 1, 0, 4, 8), TU_UNSUPPORTED,
           "sample_d on target xe2 (verx10 200) carries u, dudx, dudy, v, dvdx, dvdy, r and then "
           "the minimum LOD: its 8 parameters");
    REFUSE(xe2, desc, desc_of(1, 4, 1, 0, 4, 7), TU_OK, "");
    REFUSE(tgl, desc, desc_of(1, 0, 0, 0, 8, 4), TU_INVALID_ARGUMENT, "SIMD mode 0");
    REFUSE(tgl, desc, desc_of(1, 0, 3, 0, 8, 4), TU_INVALID_ARGUMENT, "SIMD mode 3");
    REFUSE(skl, desc, desc_of(1, 0, 6, 0, 8, 2), TU_INVALID_ARGUMENT, "16-bit payload");
    REFUSE(tgl, desc, desc_of(1, 0, 2, 0, 8, 3), TU_INVALID_ARGUMENT, "not a whole number");
    REFUSE(tgl, desc, desc_of(1, 0, 2, 0, 8, 1), TU_INVALID_ARGUMENT, "too short");
    REFUSE(tgl, desc, desc_of(1, 0, 2, 0, 8, 12), TU_INVALID_ARGUMENT, "exceeds");
    REFUSE(tgl, desc, desc_of(1, 0, 2, 0, 8, 10), TU_INVALID_ARGUMENT, "carries 5 parameters");
    REFUSE(tgl, desc, desc_of(1, 0, 2, 0, 7, 4), TU_INVALID_ARGUMENT, "not 0..4 channels");
    REFUSE(tgl, desc, desc_of(1, 0, 2, 1, 7, 5), TU_INVALID_ARGUMENT, "response length 7");
    REFUSE(tgl, desc, desc_of(1, 4, 2, 0, 8, 12 - 2), TU_INVALID_ARGUMENT, "widest gradient");
    REFUSE(tgl, desc, desc_of(1, 0, 2, 0, 8, 4) | 1u << 31, TU_INVALID_ARGUMENT, "bit 31");
    REFUSE(tgl, desc, desc_of(1, 2, 2, 0, 8, 4) | 1u << 31, TU_INVALID_ARGUMENT, "CPS");
    REFUSE(tgl, desc, desc_of(1, 10, 6, 0, 8, 1), TU_INVALID_ARGUMENT, "UD parameters");
    REFUSE(xe2, desc, desc_of(1, 0x1c, 1, 0, 4, 5), TU_INVALID_ARGUMENT, "16-bit parameters only");
    REFUSE(tgl, payload_size, 4 * 32 - 1, TU_INVALID_ARGUMENT, "shorter than the message length");
    REFUSE(tgl, payload, NULL, TU_INVALID_ARGUMENT, "shorter than the message length");
    REFUSE(tgl, desc, desc_of(1, 11, 2, 0, 8, 2), TU_INVALID_ARGUMENT, "sampleinfo");
    /* header fields */
    s.desc = desc_of(1, 0, 2, 1, 8, 5);
    payload[8 + 2] = 0x40; /* DW2 bit 22: SIMD4x2 */
    CHECK_ERR(tu_lower_decode(&s, tgl, d, &err), TU_INVALID_ARGUMENT, &err, "DW2 0x00400000");
    payload[8 + 2] = 0x01; /* gather channel on a sample */
    CHECK_ERR(tu_lower_decode(&s, tgl, d, &err), TU_INVALID_ARGUMENT, &err, "gather channel 1");
    payload[8 + 2] = 0;
    payload[12] = 0x08; /* DW3 bit 3 */
    CHECK_ERR(tu_lower_decode(&s, tgl, d, &err), TU_INVALID_ARGUMENT, &err,
              "header DW3 0x00000008: bits 4:1 are not part of the sampler-state pointer");
    payload[12] = 0x41; /* DW3 bit 0 from Gfx11: the bindless sampler heap (Mesa's ANV) */
    CHECK(tu_lower_decode(&s, tgl, d, &err) == TU_OK && d->bindless_sampler_heap &&
              d->sampler_address == 0x40,
          "%s", err.message);
    CHECK_ERR(tu_lower_decode(&s, skl, d, &err), TU_INVALID_ARGUMENT, &err,
              "header DW3 0x00000041: bits 4:0 are not part of the sampler-state pointer");
    payload[12] = 0;
    payload[9] = 0xf0; /* every channel disabled */
    CHECK_ERR(tu_lower_decode(&s, tgl, d, &err), TU_INVALID_ARGUMENT, &err, "disables every");
    payload[9] = 0;
    CHECK(tu_lower_decode(&s, tgl, d, &err) == TU_OK, "%s", err.message);
#undef REFUSE
    free(d);
}

static void test_send_refusals(void) {
    const tu_target *tgl = tu_target_preset("tgl");
    tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 1, 1);
    const tu_surface *table[8] = {0};
    table[5] = &img.surface;
    tu_sampler smp = tu_sampler_default();
    const tu_sampler *states[4] = {&smp, NULL, NULL, NULL};
    const tu_send_tables tables = {table, 8, states, 4, NULL, 0, NULL};
    uint8_t payload[4 * 32] = {0}, resp[8 * 32];
    tu_error err = {0};
    tu_send s = {desc_of(5, 0, 2, 0, 8, 4), 2, 0xffff, payload, sizeof payload, 0, 0, NULL, 0};
    CHECK(tu_send_execute(&s, tgl, &tables, resp, sizeof resp, &err) == TU_OK, "%s", err.message);
    CHECK_ERR(tu_send_execute(&s, tgl, &tables, resp, sizeof resp - 1, &err), TU_OUT_OF_RANGE, &err,
              "the response needs 8 GRFs");
    s.desc = desc_of(6, 0, 2, 0, 8, 4);
    CHECK_ERR(tu_send_execute(&s, tgl, &tables, resp, sizeof resp, &err), TU_INVALID_ARGUMENT, &err,
              "binding-table index 6 has no surface");
    s.desc = desc_of(5, 0, 2, 0, 8, 4) | 1u << 8;
    CHECK_ERR(tu_send_execute(&s, tgl, &tables, resp, sizeof resp, &err), TU_INVALID_ARGUMENT, &err,
              "no sampler state at address 0x10");
    s.desc = desc_of(252, 0, 2, 0, 8, 4);
    s.ex_desc = 0x5000 | 2;
    CHECK_ERR(tu_send_execute(&s, tgl, &tables, resp, sizeof resp, &err), TU_INVALID_ARGUMENT, &err,
              "no bindless surface has handle 0x5000");
    /* a load needs no sampler state */
    s.desc = desc_of(5, 7, 2, 0, 8, 4) | 3u << 8;
    s.ex_desc = 2;
    CHECK(tu_send_execute(&s, tgl, &tables, resp, sizeof resp, &err) == TU_OK, "%s", err.message);
    tu_image_free(&img);
}

/* --- the zip of responses --------------------------------------------------------------------- */

static void test_zip(void) {
    const tu_target *tgl = tu_target_preset("tgl"), *xe2 = tu_target_preset("xe2");
    tu_error err = {0};
    tu_lmsg *lm = simple(TU_OP_SAMPLE_D, 16);
    lm->msg.channel_mask = 0x3;
    lm->msg.flags = TU_MSG_PIXEL_NULL_MASK;
    tu_lplan *plan = calloc(1, sizeof *plan);
    CHECK(tu_lower_split(lm, tgl, plan, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(plan->count, 2u);
    /* logical layout: R r0-r1, G r2-r3, null mask r4; each SIMD8 part: R r0, G r1, mask r2 */
    uint8_t dst[5 * 32], part[3 * 32];
    memset(dst, 0, sizeof dst);
    for (uint32_t k = 0; k < 2; k++) {
        for (uint32_t l = 0; l < 8; l++) {
            const uint32_t r = 0x100 * k + l, g = 0x1000 + r;
            memcpy(part + 4 * l, &r, 4);
            memcpy(part + 32 + 4 * l, &g, 4);
        }
        const uint32_t mask = k ? 0xffffffa5u : 0xffffff5au; /* bits 31:8 always 1 */
        memcpy(part + 64, &mask, 4);
        CHECK(tu_lower_zip(lm, &plan->part[k], tgl, part, sizeof part, dst, sizeof dst, &err) ==
                  TU_OK,
              "%s", err.message);
    }
    CHECK_EQ_U(le32(dst + 4 * 9), 0x101u);       /* R lane 9 = part 1 lane 1 */
    CHECK_EQ_U(le32(dst + 64 + 4 * 3), 0x1003u); /* G lane 3 */
    CHECK_EQ_U(le32(dst + 4 * 32), 0xffffa55au); /* second half's byte at bits 15:8 */
    free(lm);
    /* SIMD32 as 16 + 16 on Xe2: the second half's word at bits 31:16 */
    lm = simple(TU_OP_SAMPLE_D, 32);
    lm->msg.channel_mask = 0x1;
    lm->msg.flags = TU_MSG_PIXEL_NULL_MASK;
    CHECK(tu_lower_split(lm, xe2, plan, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(plan->count, 2u);
    uint8_t dst2[3 * 64], part2[2 * 64];
    memset(dst2, 0, sizeof dst2);
    for (uint32_t k = 0; k < 2; k++) {
        memset(part2, 0, sizeof part2);
        const uint32_t mask = k ? 0xffff5678u : 0xffff1234u;
        memcpy(part2 + 64, &mask, 4);
        CHECK(tu_lower_zip(lm, &plan->part[k], xe2, part2, sizeof part2, dst2, sizeof dst2, &err) ==
                  TU_OK,
              "%s", err.message);
    }
    CHECK_EQ_U(le32(dst2 + 2 * 64), 0x56781234u);
    CHECK_ERR(tu_lower_zip(lm, &plan->part[1], xe2, part2, 64, dst2, sizeof dst2, &err),
              TU_OUT_OF_RANGE, &err, "the part's response needs 2 GRFs");
    free(plan);
    free(lm);
}

/* --- texunit lower -----------------------------------------------------------------------------
 */

static void test_lower_command(void) {
    char root[512];
    snprintf(root, sizeof root, "%s", __FILE__);
    char *cut = strstr(root, "tests/test_lower.c");
    if (!CHECK(cut != NULL, "%s", root)) return;
    *cut = 0;
    char path[600];
    snprintf(path, sizeof path, "%sexamples/trilinear.visaasm", root);
    FILE *out = tmpfile(), *err = tmpfile();
    if (!CHECK(out && err)) return;
    CHECK_EQ_U(tq_lower(path, "tgl", out, err), 0u);
    char text[8192] = {0};
    rewind(out);
    const size_t n = fread(text, 1, sizeof text - 1, out);
    text[n] = 0;
    /* BTI 0x7b, sampler 5, type 0, SIMD mode 2, rlen 4 x 2, mlen 2 x 2 */
    char want[64];
    snprintf(want, sizeof want, "desc    0x%08x", desc_of(0x7b, 0, 2, 0, 8, 4) | 5u << 8);
    CHECK(strstr(text, want) != NULL, "no \"%s\" in:\n%s", want, text);
    CHECK(strstr(text, "m1      u          f  lanes 8-15    <- V33.32") != NULL, "%s", text);
    CHECK(strstr(text, "response R r0-r1, G r2-r3, B r4-r5, A r6-r7") != NULL, "%s", text);
    CHECK_EQ_U(tq_lower(path, "gen7", out, err), 2u);
    CHECK_EQ_U(tq_lower("/nonexistent.visaasm", "tgl", out, err), 1u);
    /* A kernel without a .decl has no variables (kernel.vars is NULL): nothing to lower, and
     * no memcpy from NULL (UBSan's nonnull check in the asan build). */
    const char *dir = getenv("TU_TEST_TMP");
    snprintf(path, sizeof path, "%s/no_decl.visaasm", dir ? dir : ".");
    FILE *f = fopen(path, "w");
    if (CHECK(f != NULL, "%s", path)) {
        fputs(".version 4.2\n.kernel \"empty\"\n", f);
        fclose(f);
        CHECK_EQ_U(tq_lower(path, "tgl", out, err), 0u);
        remove(path);
    }
    fclose(out);
    fclose(err);
}

int main(void) {
    TU_RUN(test_table);
    TU_RUN(test_sweep);
    TU_RUN(test_descriptor_bits);
    TU_RUN(test_sources_and_trimming);
    TU_RUN(test_lowering_refusals);
    TU_RUN(test_decoder_refusals);
    TU_RUN(test_send_refusals);
    TU_RUN(test_zip);
    TU_RUN(test_lower_command);
    return tu_test_finish();
}
