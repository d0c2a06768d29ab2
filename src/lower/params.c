/* SPDX-License-Identifier: MIT */
/*
 * params.c - payload parameters as data: which Mesa source (Mesa brw_eu_defines.h, enum
 * tex_logical_srcs) and which engine sources each parameter of the Intel op table carries, and the
 * one pair of functions that packs a lane's sources into a payload element and unpacks it back.
 *
 * Element formats (Mesa brw_lower_logical_sends.cpp, lower_sampler_logical_send; the packed
 * offsets: Mesa brw_nir_lower_texture.c, pack_offset; docs/semantics.md "vISA"): F or HF for
 * sample and gather4 parameters, UD/D or UW for loads (UW zero-extended), gather4_po's offsets D
 * (W in a 16-bit payload, sign-extended), MCS pieces 16 bits each; the packed parameters carry
 * the float bias / LOD / r in bits 31:12 and 4-bit offsets U[11:8] V[7:4] R[3:0]. The vISA
 * executor (src/visa/exec.c) and the send decoder read through tuL_param_unpack, the payload
 * builder writes through tuL_param_pack.
 */
#include "lower_internal.h"

#include <string.h>

#define S(x)    (1u << TU_SRC_##x)
#define OFFSETS (S(OFFU) | S(OFFV) | S(OFFR))

/* clang-format off */
static const tuL_param_info param_table[TUL_P_COUNT] = {
    [TUL_P_U]           = {TU_LSRC_COORDINATE,   0, S(U)},
    [TUL_P_V]           = {TU_LSRC_COORDINATE,   0, S(V)},
    [TUL_P_R]           = {TU_LSRC_COORDINATE,   0, S(R)},
    [TUL_P_AI]          = {TU_LSRC_COORDINATE,   0, S(AI)},
    [TUL_P_REF]         = {TU_LSRC_SHADOW_C,     0, S(REF)},
    [TUL_P_BIAS]        = {TU_LSRC_LOD,          0, S(BIAS)},
    [TUL_P_LOD]         = {TU_LSRC_LOD,          0, S(LOD)},
    [TUL_P_DUDX]        = {TU_LSRC_LOD,          0, S(DUDX)}, /* dPdx: Mesa's LOD source */
    [TUL_P_DUDY]        = {TU_LSRC_LOD2,         0, S(DUDY)}, /* dPdy: LOD2 */
    [TUL_P_DVDX]        = {TU_LSRC_LOD,          0, S(DVDX)},
    [TUL_P_DVDY]        = {TU_LSRC_LOD2,         0, S(DVDY)},
    [TUL_P_DRDX]        = {TU_LSRC_LOD,          0, S(DRDX)},
    [TUL_P_DRDY]        = {TU_LSRC_LOD2,         0, S(DRDY)},
    [TUL_P_OFFU]        = {TU_LSRC_TG4_OFFSET,   0, S(OFFU)},
    [TUL_P_OFFV]        = {TU_LSRC_TG4_OFFSET,   0, S(OFFV)},
    [TUL_P_SI]          = {TU_LSRC_SAMPLE_INDEX, 0, S(SI)},
    [TUL_P_MCSL]        = {TU_LSRC_MCS,          0, S(MCSL)},
    [TUL_P_MCSH]        = {TU_LSRC_MCS,          0, S(MCSH)},
    [TUL_P_MCS0]        = {TU_LSRC_MCS,          0, S(MCSL)},
    [TUL_P_MCS1]        = {TU_LSRC_MCS,          0, S(MCSL)},
    [TUL_P_MCS2]        = {TU_LSRC_MCS,          0, S(MCSH)},
    [TUL_P_MCS3]        = {TU_LSRC_MCS,          0, S(MCSH)},
    [TUL_P_OFFUVR]      = {TU_LSRC_TG4_OFFSET,   1, OFFSETS},
    [TUL_P_BIAS_OFFUVR] = {TU_LSRC_LOD,          1, S(BIAS) | OFFSETS},
    [TUL_P_LOD_OFFUVR]  = {TU_LSRC_LOD,          1, S(LOD) | OFFSETS},
    [TUL_P_LOD_OFFUV]   = {TU_LSRC_LOD,          1, S(LOD) | OFFSETS}, /* r offset reads 0 */
    [TUL_P_R_OFFUV]     = {TU_LSRC_COORDINATE,   1, S(R) | OFFSETS},   /* r offset reads 0 */
    [TUL_P_R_OFFUVR]    = {TU_LSRC_COORDINATE,   1, S(R) | OFFSETS},
};
/* clang-format on */

const tuL_param_info *tuL_param_info_of(tuL_param p) {
    return (unsigned)p < TUL_P_COUNT ? &param_table[p] : &param_table[TUL_P_U];
}

/* An F element, or an HF one (round to nearest even). */
static uint32_t float_element(float f, uint32_t bytes) {
    return bytes == 2 ? tu_float_to_half(f) : tuB_float_bits(f);
}

/* The 12-bit offset field of a packed parameter: U[11:8] V[7:4], R[3:0] when it has one. */
static uint32_t offset_field(const tu_msg *m, uint32_t lane, bool has_r) {
    return ((uint32_t)m->src[TU_SRC_OFFU].i[lane] & 0xf) << 8 |
           ((uint32_t)m->src[TU_SRC_OFFV].i[lane] & 0xf) << 4 |
           (has_r ? (uint32_t)m->src[TU_SRC_OFFR].i[lane] & 0xf : 0);
}

static bool packed_has_r(tuL_param p) {
    return p == TUL_P_OFFUVR || p == TUL_P_BIAS_OFFUVR || p == TUL_P_LOD_OFFUVR ||
           p == TUL_P_R_OFFUVR;
}

/* The engine source of a plain (one-source) parameter. */
static tu_src plain_source(tuL_param p) {
    const uint32_t s = param_table[p].sources;
    unsigned i = 0;
    while (i < TU_SRC_COUNT && !(s >> i & 1))
        i++;
    return (tu_src)i;
}

uint32_t tuL_param_pack(tuL_param p, bool float_class, uint32_t bytes, const tu_msg *m,
                        uint32_t lane) {
    const uint32_t mask16 = bytes == 2 ? 0xffffu : 0xffffffffu;
    switch (p) {
    case TUL_P_U:
    case TUL_P_V:
    case TUL_P_R:
    case TUL_P_AI:
    case TUL_P_LOD:
        if (!float_class) return m->src[plain_source(p)].u[lane] & mask16;
        return float_element(m->src[plain_source(p)].f[lane], bytes);
    case TUL_P_REF:
    case TUL_P_BIAS:
    case TUL_P_DUDX:
    case TUL_P_DUDY:
    case TUL_P_DVDX:
    case TUL_P_DVDY:
    case TUL_P_DRDX:
    case TUL_P_DRDY: return float_element(m->src[plain_source(p)].f[lane], bytes);
    case TUL_P_OFFU:
    case TUL_P_OFFV:
    case TUL_P_SI:
    case TUL_P_MCSL:
    case TUL_P_MCSH: return m->src[plain_source(p)].u[lane] & mask16;
    case TUL_P_MCS0: return m->src[TU_SRC_MCSL].u[lane] & 0xffff;
    case TUL_P_MCS1: return m->src[TU_SRC_MCSL].u[lane] >> 16;
    case TUL_P_MCS2: return m->src[TU_SRC_MCSH].u[lane] & 0xffff;
    case TUL_P_MCS3: return m->src[TU_SRC_MCSH].u[lane] >> 16;
    case TUL_P_OFFUVR: return offset_field(m, lane, true);
    case TUL_P_BIAS_OFFUVR:
        return (tuB_float_bits(m->src[TU_SRC_BIAS].f[lane]) & 0xfffff000u) |
               offset_field(m, lane, true);
    case TUL_P_LOD_OFFUVR:
    case TUL_P_LOD_OFFUV:
        return (tuB_float_bits(m->src[TU_SRC_LOD].f[lane]) & 0xfffff000u) |
               offset_field(m, lane, packed_has_r(p));
    case TUL_P_R_OFFUV:
    case TUL_P_R_OFFUVR:
        return (tuB_float_bits(m->src[TU_SRC_R].f[lane]) & 0xfffff000u) |
               offset_field(m, lane, packed_has_r(p));
    case TUL_P_OFFSETS: /* the data port's operands are no sampler parameters */
    case TUL_P_SRC:
    case TUL_P_SRC0:
    case TUL_P_SRC1:
    case TUL_P_COUNT: break;
    }
    return 0;
}

void tuL_param_unpack(tuL_param p, bool float_class, uint32_t bytes, uint32_t bits, tu_msg *m,
                      uint32_t lane) {
    const float f = bytes == 2 ? tu_half_to_float((uint16_t)bits) : tuB_bits_float(bits);
    /* UW zero-extends, 32-bit elements are taken as they are */
    const uint32_t ival = bytes == 2 ? bits & 0xffff : bits;
    switch (p) {
    case TUL_P_U:
    case TUL_P_V:
    case TUL_P_R:
    case TUL_P_AI:
    case TUL_P_LOD:
        if (float_class)
            m->src[plain_source(p)].f[lane] = f;
        else
            m->src[plain_source(p)].u[lane] = ival;
        break;
    case TUL_P_REF:
    case TUL_P_BIAS:
    case TUL_P_DUDX:
    case TUL_P_DUDY:
    case TUL_P_DVDX:
    case TUL_P_DVDY:
    case TUL_P_DRDX:
    case TUL_P_DRDY: m->src[plain_source(p)].f[lane] = f; break;
    case TUL_P_OFFU:
    case TUL_P_OFFV: /* D, or W in a 16-bit payload: signed */
        m->src[plain_source(p)].i[lane] =
            bytes == 2 ? (int32_t)(int16_t)(uint16_t)bits : (int32_t)bits;
        break;
    case TUL_P_SI:
    case TUL_P_MCSL:
    case TUL_P_MCSH: m->src[plain_source(p)].u[lane] = ival; break;
    case TUL_P_MCS0:
    case TUL_P_MCS1:
    case TUL_P_MCS2:
    case TUL_P_MCS3: {
        const tu_src s = p <= TUL_P_MCS1 ? TU_SRC_MCSL : TU_SRC_MCSH;
        const unsigned shift = (p == TUL_P_MCS1 || p == TUL_P_MCS3) ? 16 : 0;
        m->src[s].u[lane] = (m->src[s].u[lane] & ~(0xffffu << shift)) | (bits & 0xffff) << shift;
        break;
    }
    case TUL_P_OFFUVR:
    case TUL_P_BIAS_OFFUVR:
    case TUL_P_LOD_OFFUVR:
    case TUL_P_LOD_OFFUV:
    case TUL_P_R_OFFUV:
    case TUL_P_R_OFFUVR: {
        m->src[TU_SRC_OFFU].i[lane] = tuB_sign_extend(bits >> 8, 4);
        m->src[TU_SRC_OFFV].i[lane] = tuB_sign_extend(bits >> 4, 4);
        m->src[TU_SRC_OFFR].i[lane] = packed_has_r(p) ? tuB_sign_extend(bits, 4) : 0;
        const float high = tuB_bits_float(bits & 0xfffff000u);
        if (p == TUL_P_BIAS_OFFUVR) m->src[TU_SRC_BIAS].f[lane] = high;
        if (p == TUL_P_LOD_OFFUVR || p == TUL_P_LOD_OFFUV) m->src[TU_SRC_LOD].f[lane] = high;
        if (p == TUL_P_R_OFFUV || p == TUL_P_R_OFFUVR) m->src[TU_SRC_R].f[lane] = high;
        break;
    }
    case TUL_P_OFFSETS: /* the data port's operands are no sampler parameters */
    case TUL_P_SRC:
    case TUL_P_SRC0:
    case TUL_P_SRC1:
    case TUL_P_COUNT: break;
    }
}

void tuL_param_unpack_lanes(tuL_param p, bool float_class, uint32_t bytes, const uint8_t *src,
                            uint32_t n, tu_msg *m) {
    if (n > TU_MAX_LANES) n = TU_MAX_LANES;
    const uint32_t plain = (unsigned)p < TUL_P_COUNT ? param_table[p].sources : 0;
    /* A 32-bit element of a one-source parameter other than an offset is its lane's value
     * bit for bit (F as the float, UD/D as the integer): copy the lanes at once. */
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (bytes == 4 && p <= TUL_P_DRDY && plain && !(plain & (plain - 1))) {
        memcpy(m->src[plain_source(p)].u, src, (size_t)n * 4);
        return;
    }
#endif
    for (uint32_t l = 0; l < n; l++) {
        const uint32_t bits = bytes == 4 ? tuB_load_le32(src + l * 4)
                                         : (uint32_t)src[l * 2] | (uint32_t)src[l * 2 + 1] << 8;
        tuL_param_unpack(p, float_class, bytes, bits, m, l);
    }
}
