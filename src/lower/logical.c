/* SPDX-License-Identifier: MIT */
/*
 * logical.c - the logical message: its checks against the Intel op table and a target, the
 * parameters it carries (trailing zeros dropped as Mesa's brw_fs_opt_zero_samples does,
 * never parameter 0: Mesa brw_lower_logical_sends.cpp, lower_sampler_logical_send), whether it
 * needs a header (the same function's rules), and the Mesa-order source view (Mesa
 * brw_eu_defines.h, enum tex_logical_srcs, and Mesa's components_read).
 */
#include "lower_internal.h"

#include "../format/format_internal.h"

#include <stddef.h>
#include <string.h>

static const char *const lsrc_names[TU_LSRC_COUNT] = {
#define TU_LSRC_NAME_(name) #name,
    TU_LSRC_LIST(TU_LSRC_NAME_)
#undef TU_LSRC_NAME_
};

const char *tu_lsrc_name(tu_lsrc s) {
    return (unsigned)s < TU_LSRC_COUNT ? lsrc_names[s] : "?";
}

uint32_t tu_lower_regs(uint32_t components, uint32_t width, uint32_t bytes, const tu_target *t) {
    if (!t || !t->grf_bytes) return 0;
    return components * ((width * bytes + t->grf_bytes - 1) / t->grf_bytes);
}

const tuL_op *tuL_row_of(tu_op op, bool uw) {
    const tuL_op *found = NULL;
    for (unsigned i = 0; i < tuL_op_count; i++) {
        const tuL_op *o = &tuL_ops[i];
        if (o->op != (uint8_t)op) continue;
        if (o->pclass == TUL_PC_INT_UW && !uw) continue;
        if (o->pclass == TUL_PC_INT_UD && uw) continue;
        found = o;
        break;
    }
    return found;
}

const tuL_op *tuL_row_of_type(uint32_t type, bool uw, const tu_target *t) {
    for (unsigned i = 0; i < tuL_op_count; i++) {
        const tuL_op *o = &tuL_ops[i];
        if (o->subop != type) continue;
        if ((o->flags & TUL_F_PRE_XE2) && t->xe2_msg_types) continue;
        if (o->pclass == TUL_PC_INT_UW && !uw) continue;
        if (o->pclass == TUL_PC_INT_UD && uw) continue;
        return o;
    }
    return NULL;
}

bool tu_lower_describe_type(uint32_t type, bool uw, const tu_target *t, tu_lower_type_info *out) {
    if (!t || !out) return false;
    const tuL_op *row = tuL_row_of_type(type, uw, t);
    if (!row) return false;
    memset(out, 0, sizeof *out);
    out->op = (tu_op)row->op;
    out->mnemonic = row->mnemonic;
    out->float_params = row->pclass == TUL_PC_FLOAT;
    out->param_count = row->nparams;
    for (unsigned i = 0; i < row->nparams && i < 16; i++)
        out->param_names[i] = tuL_param_name((tuL_param)row->params[i]);
    return true;
}

uint32_t tuL_engine_sources(tu_op op) {
    static const tu_surface_type types[] = {TU_SURFACE_1D, TU_SURFACE_2D, TU_SURFACE_3D,
                                            TU_SURFACE_CUBE, TU_SURFACE_BUFFER};
    uint32_t m = 0;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        m |= tu_op_sources(op, types[i], false) | tu_op_sources(op, types[i], true);
    return m;
}

void tuL_msg_reset(tu_msg *m, tu_op op) {
    if (!tu_op_describe(op)) {
        memset(m, 0, sizeof *m);
        m->op = op;
        return;
    }
    /* a cube array reads every source the other surface types do (tu_op_sources) */
    const uint32_t coords = 1u << TU_SRC_U | 1u << TU_SRC_V | 1u << TU_SRC_R | 1u << TU_SRC_AI;
    const uint32_t mask =
        tu_op_sources(op, TU_SURFACE_CUBE, true) | tu_op_sources(op, TU_SURFACE_3D, false) | coords;
    memset(m, 0, offsetof(tu_msg, src));
    m->op = op;
    for (unsigned s = 0; s < TU_SRC_COUNT;) { /* one memset per run of adjacent sources */
        if (!(mask >> s & 1)) {
            s++;
            continue;
        }
        unsigned e = s + 1;
        while (e < TU_SRC_COUNT && mask >> e & 1)
            e++;
        memset(&m->src[s], 0, (e - s) * sizeof m->src[s]);
        s = e;
    }
}

bool tuL_implicit_derivs(tu_op op) {
    const tu_op_info *info = tu_op_describe(op);
    return info && (info->lod == TU_LOD_IMPLICIT || info->lod == TU_LOD_BIAS) &&
           tu_op_uses_sampler(info);
}

uint32_t tuL_relevant_lanes(const tu_msg *m) {
    uint32_t lanes = m->lane_mask & tuL_lanes(m->simd);
    if (tuL_implicit_derivs(m->op))
        for (uint32_t q = 0; q < 32; q += 4)
            if (lanes >> q & 0xf) lanes |= (0xfu << q) & tuL_lanes(m->simd);
    return lanes;
}

static bool row_has_packed(const tuL_op *row, const char **name) {
    for (unsigned i = 0; i < row->nparams; i++)
        if (tuL_param_info_of((tuL_param)row->params[i])->packed) {
            *name = tuL_param_name((tuL_param)row->params[i]);
            return true;
        }
    return false;
}

tu_status tuL_check_sample_d(const tuL_op *row, uint32_t count, const tu_target *t, tu_error *err) {
    /* Gfx12.5 and Xe2 take sample_d as u dudx dudy v dvdx dvdy r mlod (Mesa brw_sampler.c,
     * SAMPLE_D_REDUCED, "gfx125"; brw_lower_logical_sends.cpp: "On DG2 and newer platforms,
     * sample_d can only be used with 1D and 2D surfaces") */
    TU_RETURN_IF(t->verx10 >= 125 && row->op == TU_OP_SAMPLE_D && count > 7, err, TU_UNSUPPORTED,
                 "sample_d on target %s (verx10 %u) carries u, dudx, dudy, v, dvdx, dvdy, r and "
                 "then the minimum LOD: its %u parameters (drdx, drdy, ai from the 8th) have no "
                 "place there",
                 t->name ? t->name : "?", t->verx10, count);
    return TU_OK;
}

tu_status tuL_check(const tu_lmsg *lm, const tu_target *t, const tuL_op **row, tu_error *err) {
    *row = NULL;
    TU_RETURN_IF(!lm || !t, err, TU_INVALID_ARGUMENT, "message and target must not be NULL");
    TU_TRY(tuL_sampler_target(t, err));
    const tu_msg *m = &lm->msg;
    TU_TRY(tu_msg_validate(m, err));
    const tu_op_info *info = tu_op_describe(m->op);
    const uint32_t known = TU_LMSG_PARAMS_16BIT | TU_LMSG_RETURN_16BIT | TU_LMSG_BINDLESS_SURFACE |
                           TU_LMSG_BINDLESS_SAMPLER | TU_LMSG_NO_RESPONSE | TU_LMSG_STATIC;
    TU_RETURN_IF(lm->flags & ~known, err, TU_INVALID_ARGUMENT,
                 "logical message flags 0x%x has unknown bits", lm->flags);

    const bool half = (lm->flags & TU_LMSG_PARAMS_16BIT) != 0;
    const tuL_op *r = tuL_row_of(m->op, half);
    TU_RETURN_IF(!r, err, TU_UNSUPPORTED, "op %s has no Intel message in the op table", info->name);
    /* Sub-ops 17 and 18 are the _mlod samples on Xe2 (IGC visa_igc_common_header.h, ISA_Opcode and
     * VISASampler3DSubOpCode). */
    TU_RETURN_IF((r->flags & TUL_F_PRE_XE2) && t->xe2_msg_types, err, TU_UNSUPPORTED,
                 "%s (message type %u) does not exist on target %s: there type %u is %s",
                 r->mnemonic, r->subop, t->name ? t->name : "?", r->subop,
                 r->subop == 0x11 ? "sample_d_c_mlod" : "sample_mlod");
    /* Types >= 32 need bit 5, which only Xe2's desc bit 31 carries (Mesa brw_eu.h brw_sampler_desc,
     * brw_eu_defines.h). */
    TU_RETURN_IF(r->subop >= 32 && !t->xe2_msg_types, err, TU_UNSUPPORTED,
                 "%s (message type %u) needs message-type bit 5 (desc bit 31), which target %s "
                 "has not (Xe2 and later)",
                 r->mnemonic, r->subop, t->name ? t->name : "?");
    if (half) {
        TU_RETURN_IF(!t->half_params, err, TU_UNSUPPORTED,
                     "target %s has no 16-bit payloads (SIMD8H/SIMD16H are Gfx11+)",
                     t->name ? t->name : "?");
        TU_RETURN_IF(r->pclass == TUL_PC_UD, err, TU_INVALID_ARGUMENT,
                     "%s takes UD parameters only: it has no 16-bit payload", r->mnemonic);
        const char *packed;
        TU_RETURN_IF(row_has_packed(r, &packed), err, TU_INVALID_ARGUMENT,
                     "%s packs offsets into its 32-bit parameter %s: it has no 16-bit payload",
                     r->mnemonic, packed);
    }
    TU_RETURN_IF(t->ms_loads_16bit && (info->flags & (TU_OPF_MS | TU_OPF_MCS)) && !half, err,
                 TU_UNSUPPORTED,
                 "target %s takes %s with 16-bit parameters only (Gfx12.5+: SIMD8H/16H only)",
                 t->name ? t->name : "?", r->mnemonic);
    if (r->pclass == TUL_PC_FLOAT)
        TU_RETURN_IF(half != ((m->flags & TU_MSG_HALF_SOURCES) != 0), err, TU_INVALID_ARGUMENT,
                     "%s: TU_LMSG_PARAMS_16BIT is %s but TU_MSG_HALF_SOURCES is %s; HF "
                     "parameters round the float sources, so both or neither",
                     r->mnemonic, half ? "set" : "clear", half ? "clear" : "set");
    TU_RETURN_IF((m->flags & TU_MSG_CPS) && !(r->flags & TUL_F_CPS), err, TU_INVALID_ARGUMENT,
                 "cps is not allowed on %s (only sample_3d, sample_b, sample_c, sample_b_c, lod, "
                 "sample_po, sample_po_b, sample_po_c)",
                 r->mnemonic);
    TU_RETURN_IF((m->flags & TU_MSG_PIXEL_NULL_MASK) && (lm->flags & TU_LMSG_NO_RESPONSE), err,
                 TU_INVALID_ARGUMENT,
                 "the pixel null mask is a response phase, but the message has no response");
    if (lm->flags & TU_LMSG_BINDLESS_SURFACE) {
        TU_RETURN_IF(lm->surface & ~TUL_EXDESC_HANDLE_MASK, err, TU_INVALID_ARGUMENT,
                     "bindless surface handle 0x%x has bits 11:0 set; it travels in ex_desc bits "
                     "31:12",
                     lm->surface);
    } else {
        TU_RETURN_IF(lm->surface >= TUL_BTI_BINDLESS, err, TU_INVALID_ARGUMENT,
                     "binding-table index %u is not in 0..251 (252 is bindless, 253..255 are "
                     "not sampler surfaces)",
                     lm->surface);
    }
    if (tu_op_uses_sampler(info)) {
        if (lm->flags & TU_LMSG_BINDLESS_SAMPLER)
            TU_RETURN_IF(lm->sampler & 0x1f, err, TU_INVALID_ARGUMENT,
                         "bindless sampler handle 0x%x is not 32-byte aligned (header DW3 bits "
                         "4:0 are not part of the pointer)",
                         lm->sampler);
        else
            TU_RETURN_IF(lm->sampler > 0xffff, err, TU_INVALID_ARGUMENT,
                         "sampler index %u is not in 0..65535", lm->sampler);
    }
    /* A physical message has no lanes "past the SIMD width" to stand for a partial subspan. */
    TU_RETURN_IF(tuL_implicit_derivs(m->op) && m->simd % 4 != 0, err, TU_UNSUPPORTED,
                 "%s at SIMD%u: its implicit LOD needs whole 2x2 subspans, so the width must be "
                 "a multiple of 4",
                 r->mnemonic, m->simd);
    if (!(lm->flags & TU_LMSG_STATIC)) TU_TRY(tuL_check_gather_offsets(m, r, err));
    *row = r;
    return TU_OK;
}

tu_status tuL_check_gather_offsets(const tu_msg *m, const tuL_op *row, tu_error *err) {
    const uint32_t lanes = m->lane_mask & tuL_lanes(m->simd);
    for (unsigned i = 0; i < row->nparams; i++) {
        const tuL_param p = (tuL_param)row->params[i];
        if (p != TUL_P_OFFU && p != TUL_P_OFFV) continue;
        const tu_src s = p == TUL_P_OFFU ? TU_SRC_OFFU : TU_SRC_OFFV;
        for (uint32_t l = 0; l < m->simd; l++)
            TU_RETURN_IF((lanes >> l & 1) && (m->src[s].i[l] < -32 || m->src[s].i[l] > 31), err,
                         TU_INVALID_ARGUMENT,
                         "%s parameter %s of lane %u is %d, outside the gather offset range "
                         "-32..31",
                         row->mnemonic, tuL_param_name(p), l, m->src[s].i[l]);
    }
    return TU_OK;
}

uint32_t tuL_compare_mask(tu_op op, const tuL_op *row) {
    uint32_t mask = tuL_engine_sources(op);
    for (unsigned i = 0; i < row->nparams; i++)
        mask |= tuL_param_info_of((tuL_param)row->params[i])->sources;
    return mask;
}

bool tuL_rounds_sources(const tu_msg *m) {
    const tu_op_info *info = tu_op_describe(m->op);
    return (m->flags & TU_MSG_HALF_SOURCES) && tu_op_uses_sampler(info);
}

uint32_t tuL_seen(const tu_msg *m, unsigned src, uint32_t lane, bool round) {
    if (round && src != TU_SRC_OFFU && src != TU_SRC_OFFV && src != TU_SRC_OFFR) {
        return tuB_float_bits(tuF_round_to_half(m->src[src].f[lane]));
    }
    return m->src[src].u[lane];
}

uint32_t tuL_param_count(const tu_lmsg *lm, const tuL_op *row) {
    const uint32_t n = row->nparams;
    uint32_t count = 0;
    if (n == 0) return 0; /* sampleinfo: the header only */
    if (lm->flags & TU_LMSG_STATIC) {
        for (uint32_t i = 0; i < n && i < 32; i++)
            if (lm->params_given >> i & 1) count = i + 1;
        return count ? count : 1;
    }
    /* The shortest prefix of parameters that decodes to the message: trailing zero
     * parameters go (omitted ones read as 0), and so does a trailing packed parameter whose
     * offsets are zero and whose float an earlier parameter already carries in full
     * (sample_po_c's OffUV_R after r). Parameter 0 always stays ("Parameter 0 is required
     * except for the sampleinfo message", HSW PRM). */
    const tu_msg *m = &lm->msg;
    const bool fl = row->pclass == TUL_PC_FLOAT, round = tuL_rounds_sources(m);
    const uint32_t bytes = (lm->flags & TU_LMSG_PARAMS_16BIT) ? 2 : 4;
    const uint32_t mask = tuL_compare_mask(m->op, row), lanes = tuL_relevant_lanes(m);
    tu_msg scratch;
    memset(&scratch, 0, sizeof scratch);
    scratch.op = m->op;
    for (uint32_t k = 1; k <= n; k++) {
        const tuL_param p = (tuL_param)row->params[k - 1];
        for (uint32_t l = 0; l < m->simd; l++)
            tuL_param_unpack(p, fl, bytes, tuL_param_pack(p, fl, bytes, m, l), &scratch, l);
        bool same = true;
        for (unsigned src = 0; same && src < TU_SRC_COUNT; src++)
            for (uint32_t l = 0; same && (mask >> src & 1) && l < m->simd; l++)
                same = !(lanes >> l & 1) ||
                       tuL_seen(m, src, l, round) == tuL_seen(&scratch, src, l, round);
        if (same) return k;
    }
    /* No prefix is exact: send every parameter up to the last non-zero one, and let the
     * payload's check name what cannot be carried. */
    for (uint32_t i = n; i-- > 0 && !count;)
        for (uint32_t l = 0; l < m->simd; l++)
            if (tuL_param_pack((tuL_param)row->params[i], fl, bytes, m, l) != 0) {
                count = i + 1;
                break;
            }
    return count ? count : 1;
}

bool tuL_needs_header(const tu_lmsg *lm, const tuL_op *row) {
    const tu_msg *m = &lm->msg;
    const tu_op_info *info = tu_op_describe(m->op);
    (void)row;
    /* Mesa's shader_opcode_needs_header: every gather4 variant and sampleinfo. */
    if (info->kind == TU_KIND_GATHER || (info->flags & TU_OPF_SAMPLES)) return true;
    if (m->offset[0] || m->offset[1] || m->offset[2]) return true;
    /* IGC: R, RG, RGB, RGBA follow from the response length; other masks need DW2[15:12]. */
    if (!(lm->flags & TU_LMSG_NO_RESPONSE) && !tuL_trailing_mask(m->channel_mask)) return true;
    if (m->flags & TU_MSG_PIXEL_NULL_MASK) return true;
    if (tu_op_uses_sampler(info)) {
        if (lm->flags & TU_LMSG_BINDLESS_SAMPLER) return true;
        if (lm->sampler >= 16) return true; /* the descriptor's field has 4 bits */
    }
    return false;
}

tu_status tu_lower_sources(const tu_lmsg *lm, const tu_target *t, tu_lsource src[TU_LSRC_COUNT],
                           tu_error *err) {
    const tuL_op *row;
    TU_RETURN_IF(!src, err, TU_INVALID_ARGUMENT, "src must not be NULL");
    TU_TRY(tuL_check(lm, t, &row, err));
    memset(src, 0, sizeof(tu_lsource) * TU_LSRC_COUNT);
    const uint32_t count = tuL_param_count(lm, row);
    const uint8_t bytes = (lm->flags & TU_LMSG_PARAMS_16BIT) ? 2 : 4;
    for (uint32_t i = 0; i < count; i++) {
        tu_lsource *s = &src[tuL_param_info_of((tuL_param)row->params[i])->lsrc];
        s->file = TU_LSRC_PAYLOAD;
        s->components++;
        s->bytes = bytes;
        s->params |= 1u << i;
    }
    const tu_op_info *info = tu_op_describe(lm->msg.op);
    tu_lsource *surf =
        &src[(lm->flags & TU_LMSG_BINDLESS_SURFACE) ? TU_LSRC_SURFACE_HANDLE : TU_LSRC_SURFACE];
    surf->file = TU_LSRC_IMM;
    surf->imm = lm->surface;
    if (tu_op_uses_sampler(info)) {
        tu_lsource *smp =
            &src[(lm->flags & TU_LMSG_BINDLESS_SAMPLER) ? TU_LSRC_SAMPLER_HANDLE : TU_LSRC_SAMPLER];
        smp->file = TU_LSRC_IMM;
        smp->imm = lm->sampler;
    }
    src[TU_LSRC_COORD_COMPONENTS].file = TU_LSRC_IMM;
    src[TU_LSRC_COORD_COMPONENTS].imm = src[TU_LSRC_COORDINATE].components;
    if (info->lod == TU_LOD_GRAD) {
        src[TU_LSRC_GRAD_COMPONENTS].file = TU_LSRC_IMM;
        src[TU_LSRC_GRAD_COMPONENTS].imm = src[TU_LSRC_LOD].components;
    }
    return TU_OK;
}
