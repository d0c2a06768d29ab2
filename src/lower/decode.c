/* SPDX-License-Identifier: MIT */
/*
 * decode.c - a physical sampler message back into its logical message: the inverse of
 * payload.c, and what the sampler `send` executor (src/visa/send.c) runs first.
 *
 * Every field is checked against the rules payload.c follows (the descriptor: Mesa brw_eu.h,
 * brw_sampler_desc; the header, the payload and the 11-GRF limit: Mesa
 * brw_lower_logical_sends.cpp, lower_sampler_logical_send; the widths: Mesa
 * brw_fs_lower_simd_width.cpp, get_sampler_lowered_simd_width; the message types: Mesa
 * brw_eu_defines.h; the extended descriptor and the response length: IGC TranslateSend3D.cpp,
 * getSamplerResponseLength; the writeback: vISA spec, 3D_SAMPLE, "Notes"; split sends: Mesa
 * brw_opt.cpp, brw_opt_split_sends, and brw_eu.h, brw_message_ex_desc), and a message that
 * breaks one is refused with the field and its value. Without a header the enabled channels
 * are R, RG, RGB or RGBA as the response length says (IGC: "channel mask R, RG, RGB, and RGBA
 * may be derived from response length"). Nothing outside the payload given is read.
 */
#include "lower_internal.h"

#include <string.h>

const char *tuL_xe2_mlod_name(uint32_t type) {
    /* Mesa brw_eu_defines.h, XE2_SAMPLER_MESSAGE_SAMPLE_MLOD 18 and SAMPLE_COMPARE_MLOD 19, as
     * IGC visa_igc_common_header.h (VISASampler3DSubOpCode) has them. 17 the two read apart:
     * IGC's SAMPLE_D_C_MLOD ("Xe2 reuses GATHER4_PO* opcode values"), while Mesa sends 17 on
     * Xe2 as gather4_po with its offsets packed into one parameter (brw_sampler.c,
     * GATHER4_PO_PACKED). */
    static const char *const names[3] = {
        "gather4_po with packed offsets in Mesa, sample_d_c_mlod in IGC", "sample_mlod",
        "sample_c_mlod"};
    return type >= 17 && type <= 19 ? names[type - 17] : NULL;
}

static const char *tname(const tu_target *t) {
    return t->name ? t->name : "?";
}

tu_status tu_lower_decode(const tu_send *s, const tu_target *t, tu_send_decoded *out,
                          tu_error *err) {
    TU_RETURN_IF(!s || !t || !out, err, TU_INVALID_ARGUMENT,
                 "send, target and output must not be NULL");
    TU_TRY(tuL_sampler_target(t, err));
    memset(out, 0, sizeof *out); /* every byte defined for the caller, not only what the op reads */
    return tuL_decode(s, t, out, err);
}

tu_status tuL_decode(const tu_send *s, const tu_target *t, tu_send_decoded *out, tu_error *err) {
    tu_send_fields f = tu_lower_fields(s->desc, s->ex_desc, t);
    const uint32_t grf = t->grf_bytes, native = t->native_simd;

    /* the extended descriptor */
    TU_RETURN_IF(f.sfid != TUL_SFID_SAMPLER, err, TU_INVALID_ARGUMENT,
                 "extended descriptor SFID %u is not the sampler (2)", f.sfid);
    const uint32_t ex_mlen_bits = tuL_generation_of(t)->ex_mlen_bits;
    const uint32_t unused = 0x7f0u & ~(((1u << ex_mlen_bits) - 1) << 6);
    TU_RETURN_IF(s->ex_desc & unused, err, TU_INVALID_ARGUMENT,
                 "extended descriptor bits 0x%x must be zero (bits 5:4%s; ex_mlen is bits %u:6)",
                 s->ex_desc & unused, ex_mlen_bits < 5 ? " and 10" : "", 5 + ex_mlen_bits);
    const uint32_t ex_mlen = f.ex_mlen;
    TU_RETURN_IF(ex_mlen && !f.mlen, err, TU_INVALID_ARGUMENT,
                 "a split send with ex_mlen %u needs src0 (descriptor message length 0)", ex_mlen);
    TU_RETURN_IF(f.bti > TUL_BTI_BINDLESS, err, TU_INVALID_ARGUMENT,
                 "descriptor binding-table index %u is not a sampler surface (0..251, or 252 "
                 "bindless)",
                 f.bti);
    TU_RETURN_IF(f.bti != TUL_BTI_BINDLESS && f.surface_handle, err, TU_INVALID_ARGUMENT,
                 "extended descriptor bits 31:12 (0x%x) hold a bindless surface handle, but the "
                 "binding-table index is %u, not 252",
                 f.surface_handle, f.bti);
    if (!t->xe2_msg_types)
        TU_RETURN_IF(f.bit31 != f.cps, err, TU_INVALID_ARGUMENT,
                     "descriptor bit 31 (CPS LOD compensation) is %u but extended descriptor bit "
                     "11 (CPS) is %u",
                     f.bit31, f.cps);

    /* SIMD mode: native or 2x native, +4 for a 16-bit payload */
    TU_RETURN_IF(f.simd_mode != 1 && f.simd_mode != 2 && f.simd_mode != 5 && f.simd_mode != 6, err,
                 TU_INVALID_ARGUMENT,
                 "descriptor SIMD mode %u is not 1, 2, 5 or 6 (SIMD%u, SIMD%u, and their 16-bit "
                 "forms) on target %s",
                 f.simd_mode, native, 2 * native, tname(t));
    const bool half = f.simd_mode >= 5;
    const uint32_t w = (f.simd_mode & 3) == 1 ? native : 2 * native;
    TU_RETURN_IF(half && !t->half_params, err, TU_INVALID_ARGUMENT,
                 "descriptor SIMD mode %u is a 16-bit payload, which target %s has not",
                 f.simd_mode, tname(t));

    /* the message type */
    const tuL_op *row = tuL_row_of_type(f.msg_type, half, t);
    if (!row) {
        const tuL_op *any = tuL_row_of_type(f.msg_type, !half, t);
        TU_RETURN_IF(any && half, err, TU_INVALID_ARGUMENT,
                     "message type %u (%s) has no 16-bit payload (SIMD mode %u)", f.msg_type,
                     any->mnemonic, f.simd_mode);
        const char *mlod = tuL_xe2_mlod_name(f.msg_type);
        TU_RETURN_IF(t->xe2_msg_types && mlod, err, TU_UNSUPPORTED,
                     "descriptor message type %u is %s on target %s, which texunit does not "
                     "execute (no op-table row: the engine has no per-lane minimum LOD)",
                     f.msg_type, mlod, tname(t));
        return tuB_fail(err, TU_INVALID_ARGUMENT,
                        "descriptor message type %u is not a sampler message of target %s",
                        f.msg_type, tname(t));
    }
    const tu_op_info *info = tu_op_describe((tu_op)row->op);
    if (half) {
        TU_RETURN_IF(row->pclass == TUL_PC_UD, err, TU_INVALID_ARGUMENT,
                     "message type %u (%s) takes UD parameters: SIMD mode %u (16-bit) is not "
                     "allowed",
                     f.msg_type, row->mnemonic, f.simd_mode);
        for (unsigned i = 0; i < row->nparams; i++)
            TU_RETURN_IF(
                tuL_param_info_of((tuL_param)row->params[i])->packed, err, TU_INVALID_ARGUMENT,
                "message type %u (%s) packs offsets into 32-bit parameter %s: SIMD mode "
                "%u (16-bit) is not allowed",
                f.msg_type, row->mnemonic, tuL_param_name((tuL_param)row->params[i]), f.simd_mode);
    }
    TU_RETURN_IF(t->ms_loads_16bit && (info->flags & (TU_OPF_MS | TU_OPF_MCS)) && !half, err,
                 TU_INVALID_ARGUMENT,
                 "message type %u (%s) takes 16-bit parameters only on target %s, but SIMD mode "
                 "is %u",
                 f.msg_type, row->mnemonic, tname(t), f.simd_mode);
    TU_RETURN_IF(info->lod == TU_LOD_GRAD && w > t->grad_max_simd, err, TU_INVALID_ARGUMENT,
                 "message type %u (%s) at SIMD%u is wider than target %s's widest gradient "
                 "message, SIMD%u",
                 f.msg_type, row->mnemonic, w, tname(t), t->grad_max_simd);
    TU_RETURN_IF(f.cps && !(row->flags & TUL_F_CPS), err, TU_INVALID_ARGUMENT,
                 "CPS LOD compensation is set on message type %u (%s), which does not take it",
                 f.msg_type, row->mnemonic);

    /* the message length (src0 + src1): header + whole parameters, parameter 0 required */
    const uint32_t hdr = f.header, bytes = half ? 2 : 4;
    const uint32_t regs = tu_lower_regs(1, w, bytes, t);
    const uint32_t src0_mlen = f.mlen;
    f.mlen += ex_mlen;
    TU_RETURN_IF(f.mlen > t->max_mlen, err, TU_INVALID_ARGUMENT,
                 "descriptor message length %u%s exceeds target %s's limit of %u GRFs", f.mlen,
                 ex_mlen ? " (src0 + src1)" : "", tname(t), t->max_mlen);
    uint32_t count = 0;
    if (row->nparams == 0) {
        TU_RETURN_IF(f.mlen != 1, err, TU_INVALID_ARGUMENT,
                     "descriptor message length %u: %s takes 1 (its header, or one ignored GRF)",
                     f.mlen, row->mnemonic);
    } else {
        TU_RETURN_IF(f.mlen < hdr + regs, err, TU_INVALID_ARGUMENT,
                     "descriptor message length %u is too short for %s at SIMD%u: %u (header) + "
                     "%u (parameter 0) at least",
                     f.mlen, row->mnemonic, w, hdr, regs);
        TU_RETURN_IF((f.mlen - hdr) % regs, err, TU_INVALID_ARGUMENT,
                     "descriptor message length %u minus the header (%u) is not a whole number "
                     "of %u-GRF parameters (%s at SIMD%u, %u-bit)",
                     f.mlen, hdr, regs, row->mnemonic, w, bytes * 8);
        count = (f.mlen - hdr) / regs;
        TU_RETURN_IF(count > row->nparams, err, TU_INVALID_ARGUMENT,
                     "descriptor message length %u carries %u parameters, but %s has %u", f.mlen,
                     count, row->mnemonic, row->nparams);
        TU_TRY(tuL_check_sample_d(row, count, t, err));
    }
    TU_RETURN_IF(src0_mlen && (!s->payload || s->payload_size < (size_t)src0_mlen * grf), err,
                 TU_INVALID_ARGUMENT,
                 "the payload of %zu bytes is shorter than the message length, %u GRFs of %u "
                 "bytes",
                 s->payload ? s->payload_size : 0, src0_mlen, grf);
    TU_RETURN_IF(ex_mlen && (!s->src1 || s->src1_size < (size_t)ex_mlen * grf), err,
                 TU_INVALID_ARGUMENT,
                 "src1 of %zu bytes is shorter than the extended message length, %u GRFs of %u "
                 "bytes",
                 s->src1 ? s->src1_size : 0, ex_mlen, grf);
    /* a split send's payloads, read as one */
    uint8_t joined[TU_LOWER_MAX_MLEN * TU_LOWER_MAX_GRF_BYTES];
    const uint8_t *payload = s->payload;
    if (ex_mlen) {
        memcpy(joined, s->payload, (size_t)src0_mlen * grf);
        memcpy(joined + (size_t)src0_mlen * grf, s->src1, (size_t)ex_mlen * grf);
        payload = joined;
    }

    /* the header */
    uint32_t dw2 = 0, dw3 = 0;
    if (hdr) {
        dw2 = tuB_load_le32(payload + 8);
        dw3 = tuB_load_le32(payload + 12);
        const uint32_t known = 0xfffu | 0xf000u | 0x30000u | 1u << 23;
        TU_RETURN_IF(dw2 & ~known, err, TU_INVALID_ARGUMENT,
                     "header DW2 0x%08x sets bits 0x%08x, which texunit does not model (only "
                     "offsets 11:0, channel disable 15:12, gather channel 17:16, pixel null mask "
                     "23)",
                     dw2, dw2 & ~known);
        TU_RETURN_IF((dw2 >> 16 & 3) && info->kind != TU_KIND_GATHER, err, TU_INVALID_ARGUMENT,
                     "header DW2 gather channel %u is set on %s, which is not a gather4",
                     dw2 >> 16 & 3, row->mnemonic);
        /* DW3 bit 0 from Gfx11: the handle is relative to the bindless sampler base (1) or
         * the dynamic state base (0) (Mesa brw_compiler.h, use_bindless_sampler_offset; ANV
         * sets it with direct descriptors); bits 4:1 are not the pointer's */
        const uint32_t heap_bit = t->verx10 >= 110 ? 1u : 0u;
        TU_RETURN_IF(dw3 & 0x1f & ~heap_bit, err, TU_INVALID_ARGUMENT,
                     "header DW3 0x%08x: bits %s are not part of the sampler-state pointer and "
                     "must be zero",
                     dw3, heap_bit ? "4:1" : "4:0");
    }
    const bool pnm = (dw2 >> 23 & 1) != 0;

    /* the response: channels x GRFs per channel + the null-mask GRF */
    const uint32_t elem = f.return16 ? 2 : 4;
    const uint32_t rregs = (w * elem + grf - 1) / grf;
    uint32_t mask;
    if (hdr) {
        mask = ~(dw2 >> 12) & 0xf;
        TU_RETURN_IF(!mask && f.rlen, err, TU_INVALID_ARGUMENT,
                     "header DW2 channel disable mask 0xf disables every channel");
        TU_RETURN_IF(f.rlen && f.rlen != tuL_popcount4(mask) * rregs + (pnm ? 1 : 0), err,
                     TU_INVALID_ARGUMENT,
                     "descriptor response length %u disagrees with %s at SIMD%u: %u channels x "
                     "%u GRFs%s = %u",
                     f.rlen, row->mnemonic, w, tuL_popcount4(mask), rregs,
                     pnm ? " + 1 (pixel null mask)" : "",
                     tuL_popcount4(mask) * rregs + (pnm ? 1 : 0));
        if (!mask) mask = 0xf;
    } else {
        TU_RETURN_IF(f.rlen % rregs || f.rlen / rregs > 4, err, TU_INVALID_ARGUMENT,
                     "descriptor response length %u is not 0..4 channels of %u GRFs (%s at "
                     "SIMD%u, %u-bit return, no header)",
                     f.rlen, rregs, row->mnemonic, w, elem * 8);
        mask = f.rlen ? (1u << (f.rlen / rregs)) - 1 : 0xf;
    }
    TU_RETURN_IF(pnm && !f.rlen, err, TU_INVALID_ARGUMENT,
                 "header DW2 enables the pixel null mask, but the response length is 0");

    /* the logical message: zero what the engine reads (tuL_msg_reset), every other field of
     * out is set below */
    tu_lmsg *lm = &out->msg;
    tu_msg *m = &lm->msg;
    tuL_msg_reset(m, (tu_op)row->op);
    m->simd = w;
    m->lane_mask = s->exec_mask & tuL_lanes(w);
    m->channel_mask = mask;
    m->gather_channel = info->kind == TU_KIND_GATHER ? dw2 >> 16 & 3 : 0;
    m->offset[0] = tuB_sign_extend(dw2 >> 8, 4);
    m->offset[1] = tuB_sign_extend(dw2 >> 4, 4);
    m->offset[2] = tuB_sign_extend(dw2, 4);
    m->flags = (pnm ? TU_MSG_PIXEL_NULL_MASK : 0) | (f.cps ? TU_MSG_CPS : 0) |
               (half && row->pclass == TUL_PC_FLOAT ? TU_MSG_HALF_SOURCES : 0);
    m->cps_x = s->cps_x ? s->cps_x : 1;
    m->cps_y = s->cps_y ? s->cps_y : 1;
    const bool fl = row->pclass == TUL_PC_FLOAT;
    for (uint32_t i = 0; i < count; i++) /* w elements: within the mlen GRFs checked above */
        tuL_param_unpack_lanes((tuL_param)row->params[i], fl, bytes,
                               payload + (hdr + i * regs) * grf, w, m);
    TU_TRY(tuL_check_gather_offsets(m, row, err));
    lm->flags = (half ? TU_LMSG_PARAMS_16BIT : 0) | (f.return16 ? TU_LMSG_RETURN_16BIT : 0) |
                (f.rlen ? 0 : TU_LMSG_NO_RESPONSE) |
                (f.bti == TUL_BTI_BINDLESS ? TU_LMSG_BINDLESS_SURFACE : 0);
    lm->surface = f.bti == TUL_BTI_BINDLESS ? f.surface_handle : f.bti;
    out->sampler_address = (dw3 & ~0x1fu) + 16u * f.sampler;
    out->bindless_sampler_heap = (dw3 & 1) != 0;
    lm->sampler = out->sampler_address / 16;
    lm->params_given = count >= 32 ? 0xffffffffu : (1u << count) - 1;
    out->width = w;
    out->mlen = f.mlen;
    out->ex_mlen = ex_mlen;
    out->rlen = f.rlen;
    out->param_count = count;
    out->header = hdr != 0;
    return TU_OK;
}
