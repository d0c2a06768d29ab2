/* SPDX-License-Identifier: MIT */
/*
 * response.c - the response layout of a sampler message and the zip of split responses.
 *
 * Layout (vISA spec, 3D_SAMPLE, Dst; vISA spec, 3D_SAMPLE, Dst): each enabled channel in
 * RGBA order from a fresh GRF, ceil(simd * size / GRF) GRFs each (size 4, or 2 with the
 * 16-bit return format), then, with the pixel null mask, one GRF whose first DWord holds a
 * bit per lane, the bits at and above the SIMD width written as 1 ("bits 31:8 reserved,
 * always written as 0xffffff" at SIMD8). Zip (IGC splitSampleInst, Mesa emit_zip): a part's
 * lanes go to its lane offset in each channel, its null-mask bits to bit first_lane (the
 * second SIMD8 half's byte at bits 15:8, the second SIMD16 half's word at bits 31:16).
 */
#include "lower_internal.h"

#include <string.h>

tuL_resp_layout tuL_response_layout(const tu_lmsg *m, uint32_t grf_bytes) {
    tuL_resp_layout L;
    L.elem = (m->flags & TU_LMSG_RETURN_16BIT) ? 2 : 4;
    L.channels = tuL_popcount4(m->msg.channel_mask);
    L.regs = (m->msg.simd * L.elem + grf_bytes - 1) / grf_bytes;
    L.pnm = (m->msg.flags & TU_MSG_PIXEL_NULL_MASK) ? 1 : 0;
    L.rlen = (m->flags & TU_LMSG_NO_RESPONSE) ? 0 : L.channels * L.regs + L.pnm;
    return L;
}

uint16_t tuL_return16(uint32_t bits, uint8_t cls) {
    if (cls == TU_CLASS_SINT) {
        const int32_t v = (int32_t)bits;
        return (uint16_t)(v < -32768 ? -32768 : v > 32767 ? 32767 : v);
    }
    if (cls == TU_CLASS_UINT) return (uint16_t)(bits > 0xffff ? 0xffff : bits);
    return tu_float_to_half(tuB_bits_float(bits));
}

size_t tu_lower_response_size(const tu_lmsg *m, const tu_target *t) {
    if (!m || !t || (t->grf_bytes != 32 && t->grf_bytes != 64) || m->msg.simd > TU_MAX_LANES)
        return 0;
    return (size_t)tuL_response_layout(m, t->grf_bytes).rlen * t->grf_bytes;
}

tu_status tu_lower_response_write(const tu_lmsg *m, const tu_target *t, const tu_reply *r,
                                  uint8_t *out, size_t size, tu_error *err) {
    TU_RETURN_IF(!m || !t || !r, err, TU_INVALID_ARGUMENT,
                 "message, target and reply must not be NULL");
    TU_TRY(tuL_sampler_target(t, err));
    TU_RETURN_IF(m->msg.simd < 1 || m->msg.simd > TU_MAX_LANES, err, TU_INVALID_ARGUMENT,
                 "message simd %u is not in 1..32", m->msg.simd);
    const uint32_t grf = t->grf_bytes;
    const tuL_resp_layout L = tuL_response_layout(m, grf);
    if (!L.rlen) return TU_OK;
    TU_RETURN_IF(!out || size < (size_t)L.rlen * grf, err, TU_OUT_OF_RANGE,
                 "the response needs %u GRFs (%u bytes), but %zu bytes were given", L.rlen,
                 L.rlen * grf, out ? size : 0);
    const uint32_t lanes = m->msg.lane_mask & tuL_lanes(m->msg.simd);
    unsigned slot = 0;
    for (int c = 0; c < 4; c++) {
        if (!(m->msg.channel_mask >> c & 1)) continue;
        uint8_t *base = out + (size_t)slot++ * L.regs * grf;
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (L.elem == 4 && lanes == tuL_lanes(m->msg.simd)) { /* the whole channel at once */
            memcpy(base, r->channel[c].u, (size_t)m->msg.simd * 4);
            continue;
        }
#endif
        for (uint32_t l = 0; l < m->msg.simd; l++) {
            if (!(lanes >> l & 1)) continue;
            const uint32_t bits = r->channel[c].u[l];
            if (L.elem == 4) {
                tuB_store_le32(base + l * 4, bits);
            } else {
                const uint16_t h = tuL_return16(bits, r->value_class);
                base[l * 2] = (uint8_t)h;
                base[l * 2 + 1] = (uint8_t)(h >> 8);
            }
        }
    }
    if (L.pnm) {
        const uint32_t all = tuL_lanes(m->msg.simd);
        tuB_store_le32(out + (size_t)L.channels * L.regs * grf, (r->pixel_null_mask & all) | ~all);
    }
    return TU_OK;
}

tu_status tu_lower_zip(const tu_lmsg *logical, const tu_lpart *part, const tu_target *t,
                       const uint8_t *response, size_t response_size, uint8_t *dst, size_t dst_size,
                       tu_error *err) {
    TU_RETURN_IF(!logical || !part || !t, err, TU_INVALID_ARGUMENT,
                 "logical message, part and target must not be NULL");
    TU_TRY(tuL_sampler_target(t, err));
    const tu_msg *lm = &logical->msg, *pm = &part->msg.msg;
    TU_RETURN_IF(lm->simd < 1 || lm->simd > TU_MAX_LANES || pm->simd < 1 || pm->simd > TU_MAX_LANES,
                 err, TU_INVALID_ARGUMENT, "logical simd %u and part simd %u must be in 1..32",
                 lm->simd, pm->simd);
    TU_RETURN_IF(part->lanes > pm->simd || (uint64_t)part->first_lane + part->lanes > lm->simd, err,
                 TU_INVALID_ARGUMENT,
                 "part lanes %u at first_lane %u do not fit its SIMD%u or the logical SIMD%u",
                 part->lanes, part->first_lane, pm->simd, lm->simd);
    TU_RETURN_IF(
        pm->channel_mask != lm->channel_mask ||
            (pm->flags & TU_MSG_PIXEL_NULL_MASK) != (lm->flags & TU_MSG_PIXEL_NULL_MASK) ||
            ((part->msg.flags ^ logical->flags) & (TU_LMSG_RETURN_16BIT | TU_LMSG_NO_RESPONSE)),
        err, TU_INVALID_ARGUMENT,
        "the part's channel mask, null mask or return format differ from the logical "
        "message's");
    const uint32_t grf = t->grf_bytes;
    const tuL_resp_layout P = tuL_response_layout(&part->msg, grf);
    const tuL_resp_layout L = tuL_response_layout(logical, grf);
    if (!L.rlen) return TU_OK;
    TU_RETURN_IF(!response || response_size < (size_t)P.rlen * grf, err, TU_OUT_OF_RANGE,
                 "the part's response needs %u GRFs (%u bytes), but %zu bytes were given", P.rlen,
                 P.rlen * grf, response ? response_size : 0);
    TU_RETURN_IF(!dst || dst_size < (size_t)L.rlen * grf, err, TU_OUT_OF_RANGE,
                 "the destination needs %u GRFs (%u bytes), but %zu bytes were given", L.rlen,
                 L.rlen * grf, dst ? dst_size : 0);
    const uint32_t lanes = pm->lane_mask & tuL_lanes(part->lanes);
    for (uint32_t k = 0; k < L.channels; k++) {
        const uint8_t *from = response + (size_t)k * P.regs * grf;
        uint8_t *to = dst + (size_t)k * L.regs * grf + (size_t)part->first_lane * L.elem;
        for (uint32_t l = 0; l < part->lanes; l++)
            if (lanes >> l & 1) memcpy(to + l * L.elem, from + l * L.elem, L.elem);
    }
    if (L.pnm) {
        uint8_t *at = dst + (size_t)L.channels * L.regs * grf;
        const uint32_t bits = tuB_load_le32(response + (size_t)P.channels * P.regs * grf);
        const uint32_t mine = tuL_lanes(part->lanes);
        const uint64_t keep = ~((uint64_t)mine << part->first_lane) & 0xffffffffu;
        const uint32_t word =
            (uint32_t)((tuB_load_le32(at) & keep) | ((uint64_t)(bits & mine) << part->first_lane)) |
            ~tuL_lanes(lm->simd);
        tuB_store_le32(at, word);
    }
    return TU_OK;
}
