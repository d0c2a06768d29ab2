/* SPDX-License-Identifier: MIT */
/*
 * payload.c - pass 2: a part of a logical message into its physical sampler message.
 *
 * One procedure for every op: the Intel op table gives the parameters in order and their
 * class; each takes ceil(width * bytes / GRF) GRFs after the header (Mesa
 * brw_lower_logical_sends.cpp, lower_sampler_logical_send: a 16-bit SIMD8 parameter pads to a
 * whole GRF). The header (the same function) starts from zero (Gfx11+; texunit models the
 * sampler-state base pointer of g0.3 as 0): DW2 = U[11:8] V[7:4] R[3:0] offsets | channel
 * disable mask [15:12] | gather channel [17:16] | pixel null mask enable [23]; DW3 =
 * 16 * (index / 16) * 16 for a sampler index >= 16, or the bindless sampler handle.
 * Descriptor (Mesa brw_eu.h, brw_sampler_desc): BTI 7:0, sampler 11:8, message type 16:12,
 * SIMD mode 18:17 and 29, header 19, rlen 24:20, mlen 28:25, 16-bit return 30, bit 31 =
 * message-type bit 5 on Xe2 or CPS LOD compensation before it. Extended descriptor (IGC
 * TranslateSend3D.cpp; Mesa lower_sampler_logical_send): SFID 2 in 3:0, CPS in bit 11, the
 * bindless surface handle in 31:12 (with BTI 252). The SIMD mode is 1 for a native message and
 * 2 for 2x native, plus 4 for 16-bit parameters (SIMD8H/16H; SIMD16H/32H on Xe2).
 */
#include "lower_internal.h"

#include <stdio.h>
#include <string.h>

static const char *const src_names[TU_SRC_COUNT] = {
#define TU_SRC_NAME_(name) #name,
    TU_SRC_LIST(TU_SRC_NAME_)
#undef TU_SRC_NAME_
};

tu_send_fields tu_lower_fields(uint32_t desc, uint32_t ex_desc, const tu_target *t) {
    tu_send_fields f;
    f.bti = desc & 0xff;
    f.sampler = desc >> 8 & 0xf;
    f.bit31 = desc >> 31 & 1;
    f.msg_type = (desc >> 12 & 0x1f) | (t && t->xe2_msg_types ? f.bit31 << 5 : 0);
    f.simd_mode = (desc >> 17 & 3) | (desc >> 29 & 1) << 2;
    f.header = desc >> 19 & 1;
    f.rlen = desc >> 20 & 0x1f;
    f.mlen = desc >> 25 & 0xf;
    f.return16 = desc >> 30 & 1;
    f.sfid = ex_desc & 0xf;
    f.cps = ex_desc >> 11 & 1;
    f.surface_handle = ex_desc & TUL_EXDESC_HANDLE_MASK;
    f.ex_mlen = ex_desc >> 6 & (t && tuL_generation_of(t)->ex_mlen_bits == 5 ? 0x1f : 0xf);
    return f;
}

/* The parameter of the row that carries source s, for the refusal's sentence. */
static const char *carrier(const tuL_op *row, unsigned s, uint32_t count, char *buf, size_t size) {
    for (int i = (int)row->nparams - 1; i >= 0; i--)
        if (tuL_param_info_of((tuL_param)row->params[i])->sources >> s & 1) {
            snprintf(buf, size, "parameter %d (%s)%s", i, tuL_param_name((tuL_param)row->params[i]),
                     (uint32_t)i >= count ? ", which is not sent" : "");
            return buf;
        }
    snprintf(buf, size, "no parameter: %s has none for it", row->mnemonic);
    return buf;
}

/* Decode what was built and hold it against the part: every source the op reads or the
 * payload carries must arrive as the engine would see it directly, in every lane a result
 * depends on. */
static tu_status verify(const tu_lpart *part, const tuL_op *row, const tu_target *t,
                        const tu_payload *p, tu_error *err) {
    const tu_lmsg *lm = &part->msg;
    const tu_send s = {
        p->desc,       p->ex_desc,    p->exec_mask, p->grf, (size_t)p->mlen * t->grf_bytes,
        lm->msg.cps_x, lm->msg.cps_y, NULL,         0};
    tu_send_decoded d;
    memset(&d, 0, sizeof d); /* tuL_decode zeroes only the sources the op reads */
    tu_error derr = {TU_OK, ""};
    if (tuL_decode(&s, t, &d, &derr) != TU_OK)
        return tuB_fail(err, TU_UNSUPPORTED, "internal: the lowered %s does not decode: %s",
                        row->mnemonic, derr.message);
    const tu_msg *a = &lm->msg, *b = &d.msg.msg;
    const tu_op_info *info = tu_op_describe(a->op);
    const bool response = !(lm->flags & TU_LMSG_NO_RESPONSE);
    const uint32_t want_sampler =
        (lm->flags & TU_LMSG_BINDLESS_SAMPLER) ? lm->sampler : 16u * lm->sampler;
    bool same = b->op == a->op && b->simd == a->simd && b->lane_mask == a->lane_mask &&
                (!response || b->channel_mask == a->channel_mask) &&
                (info->kind != TU_KIND_GATHER || b->gather_channel == a->gather_channel) &&
                memcmp(b->offset, a->offset, sizeof a->offset) == 0 &&
                (b->flags & (TU_MSG_PIXEL_NULL_MASK | TU_MSG_CPS)) ==
                    (a->flags & (TU_MSG_PIXEL_NULL_MASK | TU_MSG_CPS)) &&
                d.msg.surface == lm->surface &&
                (!tu_op_uses_sampler(tu_op_describe(a->op)) || d.sampler_address == want_sampler);
    if (!same)
        return tuB_fail(err, TU_UNSUPPORTED,
                        "internal: the lowered %s decodes to other fields than its part",
                        row->mnemonic);
    const bool round = tuL_rounds_sources(a);
    const uint32_t mask = tuL_compare_mask(a->op, row), lanes = tuL_relevant_lanes(a);
    for (unsigned src = 0; src < TU_SRC_COUNT; src++) {
        if (!(mask >> src & 1)) continue;
        for (uint32_t l = 0; l < part->lanes; l++) {
            if (!(lanes >> l & 1)) continue; /* a lane no result depends on */
            const uint32_t want = tuL_seen(a, src, l, round), got = tuL_seen(b, src, l, round);
            if (want == got) continue;
            char buf[96];
            return tuB_fail(err, TU_INVALID_ARGUMENT,
                            "%s cannot carry source %s of lane %u exactly: 0x%08x arrives as "
                            "0x%08x (%s)",
                            row->mnemonic, src_names[src], part->first_lane + l, want, got,
                            carrier(row, src, part->param_count, buf, sizeof buf));
        }
    }
    return TU_OK;
}

tu_status tu_lower_payload(const tu_lpart *part, const tu_target *t, tu_payload *out,
                           tu_error *err) {
    TU_RETURN_IF(!part || !out, err, TU_INVALID_ARGUMENT, "part and payload must not be NULL");
    const tuL_op *row;
    const tu_lmsg *lm = &part->msg;
    TU_TRY(tuL_check(lm, t, &row, err));
    const tu_msg *m = &lm->msg;
    const tu_op_info *info = tu_op_describe(m->op);
    const uint32_t w = m->simd, native = t->native_simd, grf = t->grf_bytes;
    TU_RETURN_IF(w != native && w != 2 * native, err, TU_INVALID_ARGUMENT,
                 "part width SIMD%u is not a message width of target %s (SIMD%u or SIMD%u): "
                 "split the message first",
                 w, t->name ? t->name : "?", native, 2 * native);
    TU_RETURN_IF(part->lanes < 1 || part->lanes > w, err, TU_INVALID_ARGUMENT,
                 "part lanes %u is not in 1..%u", part->lanes, w);
    TU_RETURN_IF(part->param_count > row->nparams || (row->nparams && !part->param_count), err,
                 TU_INVALID_ARGUMENT, "part param_count %u is not in %u..%u for %s",
                 part->param_count, row->nparams ? 1 : 0, row->nparams, row->mnemonic);
    TU_TRY(tuL_check_sample_d(row, part->param_count, t, err));
    const bool half = (lm->flags & TU_LMSG_PARAMS_16BIT) != 0;
    const bool header = tuL_needs_header(lm, row);
    const uint32_t bytes = half ? 2 : 4, regs = tu_lower_regs(1, w, bytes, t);
    const uint32_t mlen = (header ? 1 : 0) + part->param_count * regs;
    TU_RETURN_IF(mlen > t->max_mlen, err, TU_UNSUPPORTED,
                 "%s needs %u GRFs at SIMD%u, more than the %u of target %s", row->mnemonic, mlen,
                 w, t->max_mlen, t->name ? t->name : "?");
    TU_RETURN_IF(info->lod == TU_LOD_GRAD && w > t->grad_max_simd, err, TU_UNSUPPORTED,
                 "%s at SIMD%u is wider than target %s's widest gradient message, SIMD%u",
                 row->mnemonic, w, t->name ? t->name : "?", t->grad_max_simd);
    const tuL_resp_layout R = tuL_response_layout(lm, grf);
    TU_RETURN_IF(R.rlen > 31, err, TU_UNSUPPORTED,
                 "the response of %s needs %u GRFs; the descriptor field holds 31", row->mnemonic,
                 R.rlen);

    memset(out, 0, sizeof *out);
    const bool cps = (m->flags & TU_MSG_CPS) != 0;
    const bool bindless_surface = (lm->flags & TU_LMSG_BINDLESS_SURFACE) != 0;
    const bool bindless_sampler = (lm->flags & TU_LMSG_BINDLESS_SAMPLER) != 0;
    const bool sampled = tu_op_uses_sampler(tu_op_describe(m->op));
    const uint32_t mode = (w == native ? 1u : 2u) | (half ? 4u : 0u);
    const uint32_t bit31 = t->xe2_msg_types ? (uint32_t)row->subop >> 5 & 1 : (cps ? 1u : 0u);
    out->desc = (bindless_surface ? TUL_BTI_BINDLESS : lm->surface) |
                (sampled && !bindless_sampler ? lm->sampler % 16 : 0) << 8 |
                ((uint32_t)row->subop & 0x1f) << 12 | (mode & 3) << 17 | (header ? 1u : 0u) << 19 |
                R.rlen << 20 | mlen << 25 | (mode >> 2) << 29 |
                ((lm->flags & TU_LMSG_RETURN_16BIT) ? 1u : 0u) << 30 | bit31 << 31;
    out->ex_desc =
        TUL_SFID_SAMPLER | (cps ? TUL_EXDESC_CPS : 0) | (bindless_surface ? lm->surface : 0);
    out->exec_mask = m->lane_mask & tuL_lanes(w);
    out->width = w;
    out->mlen = mlen;
    out->rlen = R.rlen;
    out->header = header;
    out->param_count = part->param_count;
    out->param_regs = regs;
    out->param_bytes = bytes;
    for (uint32_t i = 0; i < row->nparams && i < TU_LOWER_MAX_PARAMS; i++)
        out->param_names[i] = tuL_param_name((tuL_param)row->params[i]);

    if (header) {
        const bool gather = info->kind == TU_KIND_GATHER;
        uint32_t dw2 = ((uint32_t)m->offset[0] & 0xf) << 8 | ((uint32_t)m->offset[1] & 0xf) << 4 |
                       ((uint32_t)m->offset[2] & 0xf);
        /* with a header the hardware takes the channels from it, trailing masks too (Mesa:
         * "fewer than four channels ... and we have an explicit header") */
        if (!(lm->flags & TU_LMSG_NO_RESPONSE))
            dw2 |= (~m->channel_mask & 0xf) << 12; /* inverted: 1 = don't write */
        if (gather) dw2 |= (m->gather_channel & 3) << 16;
        if (m->flags & TU_MSG_PIXEL_NULL_MASK) dw2 |= 1u << 23;
        uint32_t dw3 = 0;
        if (sampled) dw3 = bindless_sampler ? lm->sampler : 16u * (lm->sampler / 16) * 16u;
        tuB_store_le32(out->grf + 8, dw2);
        tuB_store_le32(out->grf + 12, dw3);
    }
    if (!(lm->flags & TU_LMSG_STATIC)) {
        const bool fl = row->pclass == TUL_PC_FLOAT;
        for (uint32_t i = 0; i < part->param_count; i++) {
            uint8_t *base = out->grf + ((header ? 1 : 0) + i * regs) * grf;
            for (uint32_t l = 0; l < w; l++) {
                const uint32_t bits = tuL_param_pack((tuL_param)row->params[i], fl, bytes, m, l);
                if (bytes == 4) {
                    tuB_store_le32(base + l * 4, bits);
                } else {
                    base[l * 2] = (uint8_t)bits;
                    base[l * 2 + 1] = (uint8_t)(bits >> 8);
                }
            }
        }
        TU_TRY(verify(part, row, t, out, err));
    }
    return TU_OK;
}
