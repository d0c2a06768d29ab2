/* SPDX-License-Identifier: MIT */
/*
 * split.c - pass 1: the SIMD width a target's sampler takes, and the cut of a logical
 * message into parts (Mesa's brw_fs_lower_simd_width: each part is a channel group of the
 * original, Mesa brw_fs_opt.cpp, brw_fs_optimize).
 *
 * Width rules (Mesa brw_fs_lower_simd_width.cpp, get_sampler_lowered_simd_width; IGC
 * TranslateSend3D.cpp): messages are native or 2x native wide (SIMD8/16 before Xe2, SIMD16/32 on
 * Xe2): a wider logical message goes in groups of 2x native, a narrower one is padded to native;
 *   TU_WIDTH_IGC   a 2x-native message becomes two native ones when header + parameters x
 *                  GRFs per parameter > max_mlen, or it is a gradient op (sample_d, sample_d_c,
 *                  sample_po_d) wider than grad_max_simd (IGC translateVISASampler3DInst);
 *   TU_WIDTH_MESA  get_sampler_lowered_simd_width: 16-bit ld2dms_w (Gfx12.5+) 16; gradient ops
 *                  grad_max_simd; else count the payload components with the coordinate as
 *                  4 slots (3 for sample_b on Xe2) and take reg_unit x (n > 5 ? 8 : 16); a
 *                  2x-native width whose payload exceeds max_mlen falls to native (Mesa packs
 *                  what the op table does not).
 * Each part keeps its lanes' sources; its execution-mask group is the original's plus
 * first_lane / 4 (M1/M3 for SIMD16 as 8+8, M1/M5 for SIMD32 as 16+16).
 */
#include "lower_internal.h"

#include <string.h>

/* Mesa's component count: coord_components + the other sources' components, then "+= 3 -
 * coord_components" (TXB on Xe2) or "+= 4 - coord_components" in unsigned arithmetic, so the
 * coordinate always counts as exactly 3 or 4 slots: a 4-component TXB coordinate on Xe2 counts
 * 3 (sample_b_c u v r ai: 3 + ref + bias = 5, one SIMD32 message). */
static uint32_t mesa_components(const tu_lmsg *lm, const tuL_op *row, uint32_t count,
                                const tu_target *t) {
    const tu_op_info *info = tu_op_describe(lm->msg.op);
    uint32_t other = 0;
    for (uint32_t i = 0; i < count; i++)
        if (tuL_param_info_of((tuL_param)row->params[i])->lsrc != TU_LSRC_COORDINATE) other++;
    const bool txb = info->kind == TU_KIND_SAMPLE && info->lod == TU_LOD_BIAS;
    return (txb ? tuL_generation_of(t)->txb_coord_slots : 4u) + other;
}

static uint32_t mesa_width(const tu_lmsg *lm, const tuL_op *row, uint32_t count,
                           const tu_target *t) {
    const tu_op_info *info = tu_op_describe(lm->msg.op);
    const uint32_t s = lm->msg.simd, reg_unit = t->grf_bytes / 32;
    /* TXF_CMS_W_GFX12: "parameters are fixed to 16-bit values and therefore they all fit" */
    if (row->pclass == TUL_PC_INT_UW && tuL_generation_of(t)->ms_fixed_16bit)
        return s < 16 ? s : 16;
    /* TXD: "unsupported in SIMD16 mode" before Xe2, "SIMD32 is still unsupported" on Xe2 */
    if (info->lod == TU_LOD_GRAD) return s < t->grad_max_simd ? s : t->grad_max_simd;
    const uint32_t n = mesa_components(lm, row, count, t);
    const uint32_t limit = reg_unit * (n > 11 / 2 ? 8 : 16);
    return s < limit ? s : limit;
}

static uint32_t legal_width(uint32_t w, const tu_target *t) {
    return w <= t->native_simd ? t->native_simd : 2 * t->native_simd;
}

tu_status tu_lower_split(const tu_lmsg *lm, const tu_target *t, tu_lplan *plan, tu_error *err) {
    const tuL_op *row;
    TU_RETURN_IF(!plan, err, TU_INVALID_ARGUMENT, "plan must not be NULL");
    TU_TRY(tuL_check(lm, t, &row, err));
    const tu_op_info *info = tu_op_describe(lm->msg.op);
    const uint32_t count = tuL_param_count(lm, row);
    TU_TRY(tuL_check_sample_d(row, count, t, err));
    const bool header = tuL_needs_header(lm, row);
    const uint32_t bytes = (lm->flags & TU_LMSG_PARAMS_16BIT) ? 2 : 4;
    const uint32_t s = lm->msg.simd, native = t->native_simd;
    const bool grad = info->lod == TU_LOD_GRAD;

    uint32_t w;
    if (t->width_rule == TU_WIDTH_MESA) {
        w = legal_width(mesa_width(lm, row, count, t), t);
        /* Mesa's width with texunit's payload over max_mlen: Mesa packs the bias or LOD with
         * the array index into one 32-bit parameter on Xe2 (brw_nir_lower_texture.c,
         * pack_lod_and_array_index), which the op table has no row for; the native width
         * carries it */
        if (w > native && (header ? 1 : 0) + tu_lower_regs(count, w, bytes, t) > t->max_mlen)
            w = native;
    } else {
        w = legal_width(s, t);
        if (w > native) {
            const uint32_t mlen = (header ? 1 : 0) + tu_lower_regs(count, w, bytes, t);
            if (mlen > t->max_mlen || (grad && w > t->grad_max_simd)) w = native;
        }
    }
    const uint32_t mlen = (header ? 1 : 0) + tu_lower_regs(count, w, bytes, t);
    TU_RETURN_IF(mlen > t->max_mlen, err, TU_UNSUPPORTED,
                 "%s needs %u GRFs at SIMD%u (%s%u parameters x %u), more than the %u of target %s",
                 row->mnemonic, mlen, w, header ? "a header + " : "", count,
                 tu_lower_regs(1, w, bytes, t), t->max_mlen, t->name ? t->name : "?");
    TU_RETURN_IF(grad && w > t->grad_max_simd, err, TU_UNSUPPORTED,
                 "%s at SIMD%u is wider than target %s's widest gradient message, SIMD%u",
                 row->mnemonic, w, t->name ? t->name : "?", t->grad_max_simd);

    memset(plan, 0, sizeof *plan);
    plan->width = w;
    plan->param_count = count;
    plan->header = header;
    plan->mlen = mlen;
    plan->count = (s + w - 1) / w;
    for (uint32_t g = 0; g < plan->count; g++) {
        tu_lpart *p = &plan->part[g];
        const uint32_t first = g * w, lanes = s - first < w ? s - first : w;
        p->first_lane = first;
        p->lanes = lanes;
        p->param_count = count;
        p->msg.flags = lm->flags;
        p->msg.surface = lm->surface;
        p->msg.sampler = lm->sampler;
        p->msg.params_given = lm->params_given;
        tu_msg *d = &p->msg.msg;
        const tu_msg *o = &lm->msg;
        d->op = o->op;
        d->simd = w;
        d->lane_mask = (uint32_t)((uint64_t)o->lane_mask >> first) & tuL_lanes(lanes);
        d->channel_mask = o->channel_mask;
        d->gather_channel = o->gather_channel;
        memcpy(d->offset, o->offset, sizeof d->offset);
        d->flags = o->flags;
        d->cps_x = o->cps_x;
        d->cps_y = o->cps_y;
        /* the part's lanes; padding lanes stay zero (disabled, and no subspan of a real lane
         * reaches them: implicit-LOD widths are multiples of 4) */
        for (unsigned src = 0; src < TU_SRC_COUNT; src++)
            memcpy(d->src[src].u, o->src[src].u + first, lanes * sizeof(uint32_t));
    }
    return TU_OK;
}
