/* SPDX-License-Identifier: MIT */
/*
 * validate.c - tu_visa_validate: the field rules of the vISA spec pages (3D_SAMPLE, 3D_LOAD,
 * 3D_SAMPLE4, INFO, MEDIA_LD) and of IGC: the exec-size byte, vector operands, Pred and the
 * layouts as ByteCodeReaderNG.cpp reads them (readExecSizeNG, readVectorOperandNG,
 * readPredicateOperandNG, readInstructionSampler); aoffimmi bit 15, which IGC uses as "sampler
 * index >= 16" where 3D_SAMPLE calls bits 15:12 reserved (TranslateSend3D.cpp); sub-ops 17/18
 * on Xe2 (VISASampler3DSubOpCode, hasGather4PO()); the reserved surfaces (Common_ISA_util.cpp
 * vISAPreDefSurf); the media block sizes, widths up to 64 (vISA spec, MEDIA_LD, "Notes", and
 * IsaVerification.cpp); cps (IsaVerification.cpp checkCPSEnable) and divS (3D_SAMPLE's Op
 * bit 10) — each refusal one sentence naming the field and its value.
 *
 * Which fields an opcode has comes from its binary layout (binary_internal.h): a field
 * outside the layout must be zero. Which sub-ops exist, and how many parameters each takes,
 * comes from the Intel op table (lower/intel_ops.h).
 */
#include "binary_internal.h"

#include <stdio.h>

/* IGC's MEDIA_LD_mod (CISA.y grammar), the UB Modifiers field: 0 nomod, 1 modified,
 * 2 top, 3 bottom, 4 top_mod, 5 bottom_mod. */
enum { MEDIA_MOD_COUNT = 6 };

/* Surfaces no sampler or media instruction may read (vISA spec, vISA header; vISA
 * spec, MEDIA_LD "T0(SLM): no, T5(stateless): no"). */
static const uint8_t forbidden_surfaces[] = {0, 5};

/* Vector operand region: three 4-bit codes 0..7 in bits 11:0 (vISA spec, Operands,
 * Common_ISA.h vector_opnd). */
enum { REGION_CODE_MAX = 7, REGION_UNUSED_MASK = 0xF000 };

static const char *platform_name(tu_visa_platform p) {
    return p == TU_VISA_XE2 ? "Xe2 (LNL/BMG)" : "Xe-LP (TGLLP)";
}

static bool raw_is_zero(const tu_visa_raw *r) {
    return r->id == 0 && r->offset == 0;
}

static bool scalar_is_zero(const tu_visa_scalar *s) {
    return !s->is_imm && s->type == 0 && s->id == 0 && s->row == 0 && s->col == 0 &&
           s->region == 0 && s->imm == 0;
}

tu_status tuV_check_op(uint8_t opcode, uint8_t subop, bool uw_params, tu_visa_platform platform,
                       const tuL_op **row, tu_error *err) {
    *row = NULL;
    TU_RETURN_IF(platform != TU_VISA_XE_LP && platform != TU_VISA_XE2, err, TU_INVALID_ARGUMENT,
                 "platform %d is not TU_VISA_XE_LP (0) or TU_VISA_XE2 (1)", (int)platform);
    const tuV_layout *layout = tuV_layout_of(opcode);
    TU_RETURN_IF(!layout, err, TU_INVALID_ARGUMENT, "opcode 0x%02X is not one of %s", opcode,
                 tuL_opcode_list_text());
    if (!tuV_layout_has(layout, TUV_F_OP_WORD) && !tuV_layout_has(layout, TUV_F_SUBOP))
        return TU_OK; /* MEDIA_LD and the data port: no sub-op, no sampler row */

    const tuL_op *found = tuL_op_by_code(opcode, subop, TUL_PC_INT_UD);
    TU_RETURN_IF(!found, err, TU_INVALID_ARGUMENT,
                 "sub-op %u (0x%02X) of %s (0x%02X) has no row in the op table", subop, subop,
                 tuL_opcode_name(opcode), opcode);
    /* Sub-ops 17 and 18 are sample4_po/_po_c up to TGLLP and the _mlod samples on Xe2+
     * (IGC hasGather4PO(): platform <= TGLLP). */
    TU_RETURN_IF((found->flags & TUL_F_PRE_XE2) && platform == TU_VISA_XE2, err, TU_UNSUPPORTED,
                 "3D_GATHER4 sub-op %u means %s on %s, which texunit does not execute", subop,
                 subop == 0x11 ? "sample_d_c_mlod" : "sample_mlod", platform_name(platform));
    if (uw_params) {
        const tuL_op *uw = tuL_op_by_code(opcode, subop, TUL_PC_INT_UW);
        TU_RETURN_IF(!uw || uw->pclass != TUL_PC_INT_UW, err, TU_INVALID_ARGUMENT,
                     "uw_params is set but %s has no UW parameter form (only load_2dms_w has)",
                     found->mnemonic);
        found = uw;
    }
    *row = found;
    return TU_OK;
}

/* A field the opcode's layout does not have must be zero. L: the layout's fields as a mask
 * (tuV_layout_mask), so that each test is one bit, not a walk of the layout. */
#define HAS(f) ((L >> (f)) & 1u)
/* Whether any LSC field is set, member by member: a memcmp of the struct against zeros would
 * also compare its padding, which a caller's designated initializer need not clear. */
static bool lsc_fields_set(const tu_visa_inst *in) {
    bool set = in->lsc.sfid || in->lsc.l1 || in->lsc.l3 || in->lsc.l2 || in->lsc.three_level ||
               in->lsc.addr_type || in->lsc.addr_size || in->lsc.scale || in->lsc.offset ||
               in->lsc.data_size || in->lsc.data_order || in->lsc.elems || in->lsc.chmask ||
               !scalar_is_zero(&in->lsc.surface) || in->lsc.ss_index ||
               !scalar_is_zero(&in->lsc.stride) || in->lsc.fence_op || in->lsc.scope ||
               in->lsc.blocks || in->lsc.vnni || in->lsc.block_width || in->lsc.block_height ||
               in->lsc.block_payload;
    for (int k = 0; k < 3; k++)
        set = set || in->lsc.coord_offset[k];
    for (int k = 0; k < 6; k++)
        set = set || !scalar_is_zero(&in->lsc.block[k]);
    for (int k = 0; k < 2; k++)
        set = set || in->lsc.block_offset[k];
    return set;
}

static tu_status check_unused(const tu_visa_inst *in, uint64_t L, const char *op, tu_error *err) {
#define UNUSED_ZERO(field, what, value)                                 \
    TU_RETURN_IF(!HAS(field) && (value) != 0, err, TU_INVALID_ARGUMENT, \
                 what " %llu is not a field of %s and must be 0", (unsigned long long)(value), op)
    if (!HAS(TUV_F_OP_WORD))
        for (size_t i = 0; i < TUV_OP_FLAG_COUNT; i++)
            TU_RETURN_IF(tuV_op_flag_get(in, &tuV_op_flags[i]), err, TU_INVALID_ARGUMENT,
                         "%s is set but %s has no Op word flags", tuV_op_flags[i].name, op);
    /* LSC_FENCE's sub-op is implied: the fence row (tuV_inst_lsc checks it) */
    TU_RETURN_IF(!HAS(TUV_F_OP_WORD) && !HAS(TUV_F_SUBOP) && !HAS(TUV_F_LSC_SUBOP) &&
                     !HAS(TUV_F_LSC_FENCE) && in->subop != 0,
                 err, TU_INVALID_ARGUMENT, "sub-op %u is not a field of %s and must be 0",
                 in->subop, op);
    TU_RETURN_IF(!HAS(TUV_F_LSC_SUBOP) && !HAS(TUV_F_LSC_FENCE) && lsc_fields_set(in), err,
                 TU_INVALID_ARGUMENT, "LSC fields are set, but %s is not an LSC instruction", op);
    const bool has_exec = HAS(TUV_F_EXEC) || HAS(TUV_F_DP_EXEC);
    TU_RETURN_IF(!has_exec && in->exec_size, err, TU_INVALID_ARGUMENT,
                 "exec size %u is not a field of %s and must be 0", in->exec_size, op);
    TU_RETURN_IF(!has_exec && in->emask, err, TU_INVALID_ARGUMENT,
                 "emask %u is not a field of %s and must be 0", in->emask, op);
    UNUSED_ZERO(TUV_F_ATOMIC_OP, "atomic op", in->atomic_op);
    UNUSED_ZERO(TUV_F_ATOMIC_OP, "16-bit atomic flag", in->atomic16);
    UNUSED_ZERO(TUV_F_SCALE, "scale", in->scale);
    UNUSED_ZERO(TUV_F_BLOCK_SIZE, "block size", in->block_size);
    UNUSED_ZERO(TUV_F_NUM_BLOCKS, "number of blocks", in->num_blocks);
    UNUSED_ZERO(TUV_F_PRED, "pred", in->pred);
    UNUSED_ZERO(TUV_F_CHANNELS, "channel mask", in->channels);
    UNUSED_ZERO(TUV_F_SAMPLER, "sampler", in->sampler);
    UNUSED_ZERO(TUV_F_SURFACE, "surface index", in->surface);
    UNUSED_ZERO(TUV_F_MEDIA_MOD, "media modifier", in->media_mod);
    UNUSED_ZERO(TUV_F_PLANE, "plane", in->plane);
    UNUSED_ZERO(TUV_F_BLOCK_WIDTH, "block width", in->block_width);
    UNUSED_ZERO(TUV_F_BLOCK_HEIGHT, "block height", in->block_height);
#undef UNUSED_ZERO
    TU_RETURN_IF(!HAS(TUV_F_AOFFIMMI) && !scalar_is_zero(&in->aoffimmi), err, TU_INVALID_ARGUMENT,
                 "aoffimmi is not a field of %s and must be all zero", op);
    TU_RETURN_IF(!HAS(TUV_F_X) && !scalar_is_zero(&in->x), err, TU_INVALID_ARGUMENT,
                 "x offset is not a field of %s and must be all zero", op);
    TU_RETURN_IF(!HAS(TUV_F_Y) && !scalar_is_zero(&in->y), err, TU_INVALID_ARGUMENT,
                 "y offset is not a field of %s and must be all zero", op);
    TU_RETURN_IF(!HAS(TUV_F_GLOBAL_OFFSET) && !scalar_is_zero(&in->global_offset), err,
                 TU_INVALID_ARGUMENT, "global offset is not a field of %s and must be all zero",
                 op);
    TU_RETURN_IF(!HAS(TUV_F_DST) && !raw_is_zero(&in->dst), err, TU_INVALID_ARGUMENT,
                 "dst V%u.%u is not a field of %s and must be %%null.0", in->dst.id, in->dst.offset,
                 op);
    const bool has_params =
        HAS(TUV_F_PARAMS) || HAS(TUV_F_INFO_PARAMS) || HAS(TUV_F_DP_RAW) || HAS(TUV_F_LSC_RAW);
    if (!has_params) {
        TU_RETURN_IF(in->num_params != 0, err, TU_INVALID_ARGUMENT,
                     "NumParams %u is not a field of %s and must be 0", in->num_params, op);
        for (unsigned i = 0; i < TU_VISA_MAX_PARAMS; i++)
            TU_RETURN_IF(!raw_is_zero(&in->params[i]), err, TU_INVALID_ARGUMENT,
                         "parameter %u (V%u.%u) is not a field of %s and must be %%null.0", i,
                         in->params[i].id, in->params[i].offset, op);
    }
    TU_RETURN_IF(!HAS(TUV_F_PARAMS) && in->uw_params, err, TU_INVALID_ARGUMENT,
                 "uw_params is set but %s has no UW parameter form (only load_2dms_w has)", op);
    /* The paired surface is a text operand of the three sampler instructions (IGC CISA.y). */
    TU_RETURN_IF(!HAS(TUV_F_PARAMS) && in->has_paired, err, TU_INVALID_ARGUMENT,
                 "has_paired is set but %s has no paired surface", op);
    TU_RETURN_IF(!in->has_paired && !raw_is_zero(&in->paired), err, TU_INVALID_ARGUMENT,
                 "paired surface V%u.%u is given but has_paired is not set", in->paired.id,
                 in->paired.offset);
    return TU_OK;
}
#undef HAS

/* The parameters past NumParams are not part of the instruction: they must be %null.0. */
static tu_status check_params_beyond(const tu_visa_inst *in, const char *op, tu_error *err) {
    for (unsigned i = in->num_params; i < TU_VISA_MAX_PARAMS; i++)
        TU_RETURN_IF(!raw_is_zero(&in->params[i]), err, TU_INVALID_ARGUMENT,
                     "parameter %u (V%u.%u) of %s lies beyond NumParams %u and must be %%null.0", i,
                     in->params[i].id, in->params[i].offset, op, in->num_params);
    return TU_OK;
}

static tu_status check_region(const char *what, uint16_t region, tu_error *err) {
    TU_RETURN_IF(region & REGION_UNUSED_MASK, err, TU_INVALID_ARGUMENT,
                 "%s region 0x%04X sets unused bits 15:12", what, region);
    static const char *const parts[] = {"vertical stride", "width", "horizontal stride"};
    for (unsigned i = 0; i < 3; i++) {
        const unsigned code = (region >> (4 * i)) & 0xF;
        TU_RETURN_IF(code > REGION_CODE_MAX, err, TU_INVALID_ARGUMENT,
                     "%s region 0x%04X: %s code %u is not in 0..7", what, region, parts[i], code);
    }
    return TU_OK;
}

/* An immediate's bits must fit its type (the binary holds 4 bytes even for UW: IGC
 * documentation/visa/5_operands.md). */
static tu_status check_imm_fits(const char *what, const tu_visa_scalar *s, tu_error *err) {
    const uint32_t size = tu_visa_type_size((tu_visa_type)s->type);
    TU_RETURN_IF(size < 8 && (s->imm >> (8 * size)) != 0, err, TU_INVALID_ARGUMENT,
                 "%s immediate 0x%llx does not fit its type %s", what, (unsigned long long)s->imm,
                 tu_visa_type_name((tu_visa_type)s->type));
    TU_RETURN_IF(s->id != 0 || s->row != 0 || s->col != 0 || s->region != 0, err,
                 TU_INVALID_ARGUMENT,
                 "%s is an immediate but also names variable %u (row %u, col %u, region 0x%04X)",
                 what, s->id, s->row, s->col, s->region);
    return TU_OK;
}

/* aoffimmi: an immediate UW (or W); bits 11:0 the U, V, R offsets, 14:12 reserved, bit 15
 * IGC's "sampler index >= 16" (IGC ByteCodeReaderNG.cpp readInstructionSampler). */
static tu_status check_aoffimmi(const tu_visa_inst *in, const char *op, tu_error *err) {
    const tu_visa_scalar *a = &in->aoffimmi;
    TU_RETURN_IF(!a->is_imm, err, TU_INVALID_ARGUMENT,
                 "aoffimmi of %s must be an immediate, not variable %u", op, a->id);
    TU_RETURN_IF(a->type != TU_VISA_UW && a->type != TU_VISA_W, err, TU_INVALID_ARGUMENT,
                 "aoffimmi type %s (%u) is not uw or w (%s)",
                 a->type < TU_VISA_TYPE_COUNT ? tu_visa_type_name((tu_visa_type)a->type) : "?",
                 a->type, op);
    TU_TRY(check_imm_fits("aoffimmi", a, err));
    TU_RETURN_IF(a->imm & 0x7000, err, TU_INVALID_ARGUMENT,
                 "aoffimmi bits 14:12 must be zero, not 0x%04llX",
                 (unsigned long long)(a->imm & 0x7000));
    return TU_OK;
}

/* MEDIA_LD's x and y and the scaled forms' global offset: scalars of type UD
 * (vISA spec, MEDIA_LD, vISA spec, GATHER4_TYPED .. DWORD_ATOMIC), an immediate or a general
 * variable (vISA spec, Operands, "scalar operand"). D is accepted too: IGC's
 * builder takes either. */
static tu_status check_ud_scalar(const char *what, const tu_visa_scalar *s, tu_error *err) {
    TU_RETURN_IF(s->type != TU_VISA_UD && s->type != TU_VISA_D, err, TU_INVALID_ARGUMENT,
                 "%s type %s (%u) is not ud or d", what,
                 s->type < TU_VISA_TYPE_COUNT ? tu_visa_type_name((tu_visa_type)s->type) : "?",
                 s->type);
    if (s->is_imm) return check_imm_fits(what, s, err);
    TU_RETURN_IF(s->imm != 0, err, TU_INVALID_ARGUMENT,
                 "%s is variable %u but also carries immediate 0x%llx", what, s->id,
                 (unsigned long long)s->imm);
    return check_region(what, s->region, err);
}

static tu_status check_op_word(const tu_visa_inst *in, const tuL_op *row, tu_error *err) {
    if (!in->cps) return TU_OK;
    TU_RETURN_IF(!(row->flags & TUL_F_CPS), err, TU_INVALID_ARGUMENT,
                 "cps is not allowed on %s (only sample_3d, sample_b, sample_c, sample_b_c, lod, "
                 "sample_po, sample_po_b, sample_po_c)",
                 row->mnemonic);
    TU_RETURN_IF(in->exec_size != 8 && in->exec_size != 16, err, TU_INVALID_ARGUMENT,
                 "cps needs exec size 8 or 16, not %u (%s)", in->exec_size, row->mnemonic);
    /* checkCPSEnable: "must be disabled if the response length is zero"; a %null dst has
     * none (vISA spec, 3D_SAMPLE). */
    TU_RETURN_IF(in->dst.id == 0, err, TU_INVALID_ARGUMENT,
                 "cps needs a response, but the dst of %s is %%null", row->mnemonic);
    return TU_OK;
}

static tu_status check_pred(uint16_t pred, tu_error *err) {
    TU_RETURN_IF(pred & 0x1000, err, TU_INVALID_ARGUMENT, "pred 0x%04X sets reserved bit 12", pred);
    const unsigned control = (pred >> 13) & 3;
    TU_RETURN_IF(control == 3, err, TU_INVALID_ARGUMENT,
                 "pred 0x%04X has control 3, which is reserved (0 normal, 1 .any, 2 .all)", pred);
    TU_RETURN_IF((pred & 0x0FFF) == 0 && pred != 0, err, TU_INVALID_ARGUMENT,
                 "pred 0x%04X inverts or sets a control but names no predicate (id 0)", pred);
    return TU_OK;
}

static tu_status check_channels(const tu_visa_inst *in, const char *op, tu_error *err) {
    if (in->opcode == TUL_OPCODE_3D_GATHER4) {
        TU_RETURN_IF(in->channels > 3, err, TU_INVALID_ARGUMENT,
                     "channel %u is not one of 0..3 (R, G, B, A) (%s)", in->channels, op);
        return TU_OK;
    }
    TU_RETURN_IF(in->channels == 0, err, TU_INVALID_ARGUMENT,
                 "channel mask 0 enables no channel (%s)", op);
    TU_RETURN_IF(in->channels > 0xF, err, TU_INVALID_ARGUMENT,
                 "channel mask 0x%02X is not in 1..15 (bit 0 R .. bit 3 A) (%s)", in->channels, op);
    return TU_OK;
}

static tu_status check_surface(uint8_t surface, const char *op, tu_error *err) {
    for (size_t i = 0; i < sizeof forbidden_surfaces; i++)
        TU_RETURN_IF(surface == forbidden_surfaces[i], err, TU_INVALID_ARGUMENT,
                     "surface T%u (%s) cannot be read by %s", surface, tuV_predef_surfaces[surface],
                     op);
    return TU_OK;
}

static tu_status check_params(const tu_visa_inst *in, const tuL_op *row, tu_error *err) {
    TU_RETURN_IF(in->num_params < 1 || in->num_params > TU_VISA_MAX_PARAMS, err,
                 TU_INVALID_ARGUMENT, "NumParams %u is not in 1..%u", in->num_params,
                 TU_VISA_MAX_PARAMS);
    TU_RETURN_IF(in->num_params > row->nparams, err, TU_INVALID_ARGUMENT,
                 "NumParams %u exceeds the %u parameters of %s%s", in->num_params, row->nparams,
                 row->mnemonic,
                 row->pclass == TUL_PC_INT_UD   ? " (UD form)"
                 : row->pclass == TUL_PC_INT_UW ? " (UW form)"
                                                : "");
    return check_params_beyond(in, row->mnemonic, err);
}

static tu_status check_info_params(const tu_visa_inst *in, const tuL_op *row, tu_error *err) {
    TU_RETURN_IF(in->num_params != row->nparams, err, TU_INVALID_ARGUMENT,
                 "NumParams %u of %s must be %u%s", in->num_params, row->mnemonic, row->nparams,
                 row->nparams ? " (its lod)" : "");
    return check_params_beyond(in, row->mnemonic, err);
}

/* MEDIA_LD legal block sizes: vISA spec, MEDIA_LD "Legal width/height combination",
 * the engine's table (tu_media_check_block). */
static tu_status check_media_block(const tu_visa_inst *in, tu_error *err) {
    return tu_media_check_block(in->block_width, in->block_height, err);
}

/* --- the data port (vISA spec, GATHER4_TYPED .. DWORD_ATOMIC) ------------------------------ */

static tu_status check_dp_exec(const tu_visa_inst *in, const tuL_dp_row *dp, const char *op,
                               tu_visa_platform platform, tu_error *err) {
    const uint8_t mask = platform == TU_VISA_XE2 ? dp->exec_xe2 : dp->exec_xe_lp;
    const int code = tuV_dp_exec_code(in->exec_size);
    if (code < 0 || !(mask >> code & 1)) {
        char sizes[40] = "";
        size_t n = 0;
        for (int c = 0; c <= 5; c++)
            if (mask >> c & 1)
                n += (size_t)snprintf(sizes + n, sizeof sizes - n, "%s%u", n ? ", " : "", 1u << c);
        return tuB_fail(err, TU_INVALID_ARGUMENT, "exec size %u of %s is not one of %s on %s",
                        in->exec_size, op, sizes, platform_name(platform));
    }
    TU_RETURN_IF(in->emask > 15, err, TU_INVALID_ARGUMENT,
                 "emask %u is not in 0..15 (M1..M8, M1_NM..M8_NM)", in->emask);
    return TU_OK;
}

static tu_status check_atomic_op(const tu_visa_inst *in, const tuL_dp_row *dp, const char *op,
                                 tu_visa_platform platform, tu_error *err) {
    const tuL_atomic_row *a = tuL_atomic_by_code(in->atomic_op);
    TU_RETURN_IF(!a, err, TU_INVALID_ARGUMENT,
                 "atomic op %u (0x%02X) of %s is not a vISA atomic op (0x00..0x0D, 0x10..0x14)",
                 in->atomic_op, in->atomic_op, op);
    TU_RETURN_IF(dp->typed && !a->typed, err, TU_INVALID_ARGUMENT,
                 "atomic op %s of %s: typed atomics have no float ops (float atomics are "
                 "DWORD_ATOMIC's: vISA spec, TYPED_ATOMIC)",
                 a->text, op);
    TU_RETURN_IF(a->xe2_only && platform != TU_VISA_XE2, err, TU_UNSUPPORTED,
                 "atomic op %s of %s exists from XeHP on, not on %s", a->text, op,
                 platform_name(platform));
    return TU_OK;
}

/* The raw operands: the row's count, and the atomics' src0 / src1 present exactly as the op
 * reads them (INC, DEC, PREDEC none; the compare-exchanges both; the rest src0). */
static tu_status check_dp_raw(const tu_visa_inst *in, const tuL_dp_row *dp, const char *op,
                              tu_error *err) {
    TU_RETURN_IF(in->num_params != dp->nraw, err, TU_INVALID_ARGUMENT,
                 "%s has %u raw operands before its destination, not %u", op, dp->nraw,
                 in->num_params);
    TU_TRY(check_params_beyond(in, op, err));
    if (dp->suffix != TUL_SUFFIX_ATOMIC) return TU_OK;
    const tuL_atomic_row *a = tuL_atomic_by_code(in->atomic_op);
    const unsigned operands = a ? tu_atomic_describe((tu_atomic)a->atomic)->operands : 0;
    for (unsigned i = 0; i < dp->nraw; i++) {
        const bool src0 = dp->raw[i] == TUL_P_SRC0, src1 = dp->raw[i] == TUL_P_SRC1;
        if (!src0 && !src1) continue;
        const bool wanted = src0 ? operands >= 1 : operands >= 2;
        TU_RETURN_IF(wanted && in->params[i].id == 0, err, TU_INVALID_ARGUMENT,
                     "%s of %s.%s must name a variable, not %%null", src0 ? "src0" : "src1", op,
                     a ? a->text : "?");
        TU_RETURN_IF(!wanted && !raw_is_zero(&in->params[i]), err, TU_INVALID_ARGUMENT,
                     "%s of %s.%s is not read and must be %%null.0, not V%u.%u",
                     src0 ? "src0" : "src1", op, a ? a->text : "?", in->params[i].id,
                     in->params[i].offset);
    }
    return TU_OK;
}

static tu_status check_dp_field(const tu_visa_inst *in, tuV_field f, const char *op,
                                tu_visa_platform platform, tu_error *err) {
    const tuL_dp_row *dp = tuV_inst_dp(in);
    switch (f) {
    case TUV_F_DP_EXEC: return check_dp_exec(in, dp, op, platform, err);
    case TUV_F_ATOMIC_OP: return check_atomic_op(in, dp, op, platform, err);
    case TUV_F_SCALE:
        TU_RETURN_IF(in->scale != 0, err, TU_INVALID_ARGUMENT,
                     "scale %u of %s must be 0 (the field is ignored: IGC ByteCodeReaderNG.cpp)",
                     in->scale, op);
        return TU_OK;
    case TUV_F_BLOCK_SIZE:
        TU_RETURN_IF(in->block_size != 0, err, TU_INVALID_ARGUMENT,
                     "block size %u of %s must be 0 (always one byte, GATHER_SCATTER_BYTE)",
                     in->block_size, op);
        return TU_OK;
    case TUV_F_NUM_BLOCKS:
        TU_RETURN_IF(in->num_blocks > 2, err, TU_INVALID_ARGUMENT,
                     "number of blocks %u of %s is not 0, 1, 2 (1, 2, 4 bytes)", in->num_blocks,
                     op);
        return TU_OK;
    case TUV_F_DP_RAW: return check_dp_raw(in, dp, op, err);
    default: return TU_OK;
    }
}

static tu_status check_field(const tu_visa_inst *in, const tuL_op *row, tuV_field f, const char *op,
                             tu_visa_platform platform, tu_error *err) {
    switch (f) {
    case TUV_F_OP_WORD: return check_op_word(in, row, err);
    case TUV_F_SUBOP: return TU_OK; /* tuV_check_op */
    case TUV_F_EXEC:
        TU_RETURN_IF(tuV_exec_code(in->exec_size) == 0, err, TU_INVALID_ARGUMENT,
                     "exec size %u is not one of 8, 16, 32 (%s)", in->exec_size, op);
        TU_RETURN_IF(in->emask > 15, err, TU_INVALID_ARGUMENT,
                     "emask %u is not in 0..15 (M1..M8, M1_NM..M8_NM)", in->emask);
        return TU_OK;
    case TUV_F_PRED: return check_pred(in->pred, err);
    case TUV_F_CHANNELS: return check_channels(in, op, err);
    case TUV_F_AOFFIMMI: return check_aoffimmi(in, op, err);
    case TUV_F_SAMPLER:
        TU_RETURN_IF(in->sampler > TUV_BINDLESS_SAMPLER, err, TU_INVALID_ARGUMENT,
                     "sampler %u is not in 0..31 (S31 is the bindless sampler)", in->sampler);
        return TU_OK;
    case TUV_F_SURFACE: /* an efficient-64b surface has no table index (check_state_ref) */
        /* untyped data-port messages may name SLM (T0) and stateless memory (T5) (vISA spec,
         * DWORD_ATOMIC and GATHER4_SCALED, "Surface"); typed ones may not (GATHER4_TYPED) */
        if (tuV_inst_dp(in) && !tuV_inst_dp(in)->typed) return TU_OK;
        return in->surface64.present ? TU_OK : check_surface(in->surface, op, err);
    case TUV_F_INFO_PARAMS: return check_info_params(in, row, err);
    case TUV_F_DST: return TU_OK; /* any raw operand; %null is a null destination */
    case TUV_F_PARAMS: return check_params(in, row, err);
    case TUV_F_MEDIA_MOD:
        TU_RETURN_IF(in->media_mod >= MEDIA_MOD_COUNT, err, TU_INVALID_ARGUMENT,
                     "media modifier %u is not one of 0..5 (nomod, modified, top, bottom, "
                     "top_mod, bottom_mod)",
                     in->media_mod);
        return TU_OK;
    case TUV_F_PLANE:
        TU_RETURN_IF(in->plane > 3, err, TU_INVALID_ARGUMENT, "media plane %u is not in 0..3",
                     in->plane);
        return TU_OK;
    case TUV_F_BLOCK_WIDTH: return TU_OK; /* with the height: tu_media_check_block */
    case TUV_F_BLOCK_HEIGHT: return check_media_block(in, err);
    case TUV_F_X: return check_ud_scalar("media x offset", &in->x, err);
    case TUV_F_Y: return check_ud_scalar("media y offset", &in->y, err);
    case TUV_F_LSC_SUBOP:
    case TUV_F_LSC_SFID:
    case TUV_F_LSC_CACHE:
    case TUV_F_LSC_ADDR:
    case TUV_F_LSC_ADDR_TYPED:
    case TUV_F_LSC_DATA:
    case TUV_F_LSC_SURFACE:
    case TUV_F_LSC_RAW:
    case TUV_F_LSC_FENCE: return tuV_check_lsc_field(in, f, op, platform, err);
    case TUV_F_DP_EXEC:
        if (tuV_inst_lsc(in) || in->opcode == TUL_OPCODE_LSC_FENCE)
            return tuV_check_lsc_field(in, f, op, platform, err);
        return check_dp_field(in, f, op, platform, err);
    case TUV_F_ATOMIC_OP:
    case TUV_F_SCALE:
    case TUV_F_BLOCK_SIZE:
    case TUV_F_NUM_BLOCKS:
    case TUV_F_DP_RAW: return check_dp_field(in, f, op, platform, err);
    case TUV_F_GLOBAL_OFFSET: return check_ud_scalar("global offset", &in->global_offset, err);
    case TUV_F_END:
    case TUV_F_COUNT: break;
    }
    return TU_OK;
}

/* The two state operands of a sampler instruction. */
typedef enum state_kind { STATE_SAMPLER, STATE_SURFACE } state_kind;

/* The efficient-64b sampler and surface forms (visa.h): only on the three sampler opcodes
 * (no sampler on 3D_LOAD), a general variable as the base, and the index byte left 0. */
static tu_status check_state_ref(const tu_visa_inst *in, state_kind kind,
                                 const tu_visa_state_ref *r, uint8_t byte, const char *op,
                                 tu_error *err) {
    const char *what = kind == STATE_SAMPLER ? "sampler" : "surface";
    if (!r->present) {
        TU_RETURN_IF(r->vector || r->index || r->base.id || r->base.imm, err, TU_INVALID_ARGUMENT,
                     "%s of %s carries efficient-64b fields but is not marked present", what, op);
        return TU_OK;
    }
    const unsigned flags = tuL_opcode_flags(in->opcode);
    TU_RETURN_IF(!(flags & TUL_OC_STATE64) || (kind == STATE_SAMPLER && !(flags & TUL_OC_SAMPLER)),
                 err, TU_INVALID_ARGUMENT, "%s has no efficient-64b %s operand", op, what);
    TU_RETURN_IF(r->base.is_imm || r->base.id == 0, err, TU_INVALID_ARGUMENT,
                 "the efficient-64b %s of %s needs a general variable as its base", what, op);
    TU_RETURN_IF(byte != 0, err, TU_INVALID_ARGUMENT,
                 "%s %u of %s must be 0 with an efficient-64b %s operand", what, byte, op, what);
    return TU_OK;
}

/* Raw operands are GRF-aligned (vISA spec, "Operands", raw operand, from IGC's operand rules): the
 * send that carries a sampler or media message addresses its payload and response by register
 * number alone. No instruction texunit runs documents otherwise, so the destination and every
 * parameter must start on a register: here their byte offsets, and in the executor
 * (exec.c, raw_span) the registers their variables sit in. %null takes offset 0 likewise. */
static tu_status check_raw_aligned(const tu_visa_kernel *k, const tu_visa_raw *r, const char *what,
                                   const char *op, tu_visa_platform platform, tu_error *err) {
    const uint32_t grf = tu_visa_grf_bytes(platform);
    if (r->offset % grf == 0) return TU_OK;
    char name[48];
    snprintf(name, sizeof name, "V%u", r->id);
    for (uint32_t i = 0; k && i < k->var_count; i++)
        if (k->vars[i].kind == TU_VISA_VAR_G && k->vars[i].id == r->id)
            snprintf(name, sizeof name, "%s", k->vars[i].name);
    if (k && r->id < sizeof tuV_predef_vars / sizeof tuV_predef_vars[0])
        snprintf(name, sizeof name, "%s", tuV_predef_vars[r->id]);
    return tuB_fail(err, TU_INVALID_ARGUMENT,
                    "%s %s.%u of %s is not GRF-aligned: raw operands start on a register, byte "
                    "offsets in multiples of %u on %s",
                    what, name, r->offset, op, grf, platform_name(platform));
}

static tu_status check_raw_operands(const tu_visa_kernel *k, const tu_visa_inst *in,
                                    const tuL_op *row, const char *op, tu_visa_platform platform,
                                    tu_error *err) {
    TU_TRY(check_raw_aligned(k, &in->dst, "the destination", op, platform, err));
    const uint32_t grf = tu_visa_grf_bytes(platform);
    for (unsigned i = 0; i < in->num_params && i < TU_VISA_MAX_PARAMS; i++) {
        if (in->params[i].offset % grf == 0) continue; /* the parameter's name only to refuse */
        char what[48];
        snprintf(what, sizeof what, "parameter %u (%s)", i,
                 row && i < row->nparams ? tuL_param_name((tuL_param)row->params[i]) : "?");
        return check_raw_aligned(k, &in->params[i], what, op, platform, err);
    }
    return TU_OK;
}

static tu_status validate(const tu_visa_kernel *k, const tu_visa_inst *in,
                          tu_visa_platform platform, const tuL_op **row, tu_error *err) {
    *row = NULL;
    TU_RETURN_IF(!in, err, TU_INVALID_ARGUMENT, "instruction is NULL");
    TU_TRY(tuV_check_op(in->opcode, in->subop, in->uw_params, platform, row, err));
    const tuV_layout *L = tuV_inst_lsc(in) ? tuV_layout_for(in) : tuV_layout_of(in->opcode);
    char lsc_name[48]; /* an LSC instruction's name is formatted (the others' are rows') */
    const bool lsc = !*row && !tuV_inst_dp(in) &&
                     (tuV_layout_has(L, TUV_F_LSC_SUBOP) || tuV_layout_has(L, TUV_F_LSC_FENCE));
    if (lsc) tuV_lsc_op_name(in, lsc_name, sizeof lsc_name);
    const char *op = *row              ? (*row)->mnemonic
                     : tuV_inst_dp(in) ? tuV_inst_dp(in)->mnemonic
                     : lsc             ? lsc_name
                                       : "media_ld";
    TU_TRY(check_unused(in, tuV_layout_mask(L), op, err));
    for (const uint8_t *f = L->fields; *f != TUV_F_END; f++)
        TU_TRY(check_field(in, *row, (tuV_field)*f, op, platform, err));
    TU_TRY(check_raw_operands(k, in, *row, op, platform, err));
    TU_TRY(check_state_ref(in, STATE_SAMPLER, &in->sampler64, in->sampler, op, err));
    return check_state_ref(in, STATE_SURFACE, &in->surface64, in->surface, op, err);
}

tu_status tuV_validate(const tu_visa_inst *in, tu_visa_platform platform, const tuL_op **row,
                       tu_error *err) {
    return validate(NULL, in, platform, row, err);
}

tu_status tuV_validate_in(const tu_visa_kernel *k, const tu_visa_inst *inst,
                          tu_visa_platform platform, tu_error *err) {
    const tuL_op *row;
    return validate(k, inst, platform, &row, err);
}

tu_status tu_visa_validate(const tu_visa_inst *inst, tu_visa_platform platform, tu_error *err) {
    const tuL_op *row;
    return tuV_validate(inst, platform, &row, err);
}
