/* SPDX-License-Identifier: MIT */
/*
 * convert.c - decode and encode one texel, driven by the format table.
 *
 * Rules (Vulkan specification, "Fixed-Point Data Conversions", and the Khronos Data
 * Format Specification 1.3, §13 "Floating-point formats" and §17 "Transfer functions"):
 *   unorm  c -> c / (2^n - 1)                    (IEEE division: correctly rounded)
 *   snorm  c -> max(-1, c / (2^(n-1) - 1))
 *   sRGB   c -> EOTF(c / 255), evaluated in double and rounded once to float
 *   half, 11- and 10-bit floats: 5-bit exponent with bias 15, denormals, Inf and NaN
 *   E5B9G9R9: mantissa * 2^(exp - 15 - 9)
 *   USCALED / SSCALED c -> (float)c; SFIXED5 c -> c / 32 (Vulkan "Formats")
 *   L (luminance) -> R, G, B; I (intensity) -> R, G, B, A (texunit/format_list.h)
 * Encoding is the inverse with the choices written in texunit/format.h and
 * docs/semantics.md (round to nearest even; saturation; NaN handling).
 */
#include "texunit/format.h"

#include "../base/base.h"
#include "format_internal.h"

#include <math.h>
#include <string.h>

/* R16G16_SFIXED5_NV: "the last 5 bits represent the fractional value" (Vulkan "Formats",
 * VK_NV_optical_flow). */
enum { SFIXED5_FRACTION = 5 };

static uint32_t field_mask(unsigned bits) {
    return bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
}

uint32_t tuF_read_field(const uint8_t *p, unsigned shift, unsigned bits) {
    unsigned first = shift >> 3, last = (shift + bits - 1) >> 3;
    uint64_t v = 0;
    for (unsigned i = first; i <= last; i++)
        v |= (uint64_t)p[i] << (8 * (i - first));
    return (uint32_t)(v >> (shift & 7)) & field_mask(bits);
}

void tuF_write_field(uint8_t *p, unsigned shift, unsigned bits, uint32_t value) {
    unsigned first = shift >> 3, last = (shift + bits - 1) >> 3;
    uint64_t mask = (uint64_t)field_mask(bits) << (shift & 7);
    uint64_t v = (uint64_t)(value & field_mask(bits)) << (shift & 7);
    for (unsigned i = first; i <= last; i++) {
        unsigned s = 8 * (i - first);
        p[i] = (uint8_t)((p[i] & ~(mask >> s)) | (v >> s));
    }
}

/* Round a non-negative double to the nearest integer, ties to even, independent of the
 * floating-point environment's rounding mode. */
static double round_half_even(double x) {
    double r = floor(x), d = x - r;
    if (d > 0.5 || (d == 0.5 && fmod(r, 2.0) != 0.0)) r += 1.0;
    return r;
}

/* --- scalar conversions ---------------------------------------------------------------- */

float tu_half_to_float(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff;
    if (e == 0) return tuB_bits_float(sign | tuB_float_bits(ldexpf((float)m, -24)));
    if (e == 31) return tuB_bits_float(sign | 0x7f800000u | m << 13); /* Inf, NaN with payload */
    return tuB_bits_float(sign | (e + 112) << 23 | m << 13);
}

/* Round the magnitude ax (bits of a finite, non-negative float) to a float with a 5-bit
 * exponent (bias 15) and mb mantissa bits, ties to even. A result >= 31 << mb overflowed. */
static uint32_t round_to_small_float(uint32_t ax, unsigned mb) {
    unsigned drop = 23 - mb;
    uint32_t code, rem, half;
    if (ax < 0x38800000u) { /* below 2^-14: a denormal of the small format */
        unsigned e = ax >> 23;
        unsigned shift = 136 - mb - e; /* value in units of 2^(-14-mb) is m >> shift */
        if (e == 0 || shift > 24) return 0;
        uint32_t m = (ax & 0x7fffffu) | 0x800000u;
        code = m >> shift;
        rem = m & ((1u << shift) - 1);
        half = 1u << (shift - 1);
    } else {
        code = (ax >> drop) - (112u << mb);
        rem = ax & ((1u << drop) - 1);
        half = 1u << (drop - 1);
    }
    if (rem > half || (rem == half && (code & 1))) code++;
    return code;
}

uint16_t tu_float_to_half(float f) {
    uint32_t x = tuB_float_bits(f), sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu;
    if (ax > 0x7f800000u) return (uint16_t)(sign | 0x7e00u | ((ax >> 13) & 0x3ffu)); /* NaN */
    if (ax == 0x7f800000u) return (uint16_t)(sign | 0x7c00u);
    uint32_t code = round_to_small_float(ax, 10);
    return (uint16_t)(sign | (code >= 0x7c00u ? 0x7c00u : code));
}

float tu_ufloat_to_float(uint32_t bits, unsigned mantissa_bits) {
    uint32_t e = (bits >> mantissa_bits) & 0x1f, m = bits & ((1u << mantissa_bits) - 1);
    if (e == 0) return ldexpf((float)m, -14 - (int)mantissa_bits);
    if (e == 31) return m ? tuB_bits_float(0x7fc00000u | m << (23 - mantissa_bits)) : INFINITY;
    return ldexpf((float)((1u << mantissa_bits) | m), (int)e - 15 - (int)mantissa_bits);
}

/* D3D11 functional spec §3.2.2 (float11/float10 conversion), which Vulkan leaves open:
 * NaN stays NaN, +Inf stays +Inf, negatives (and -0) become 0, finite values above the
 * largest finite one become it, the rest round to nearest even. */
uint32_t tu_float_to_ufloat(float f, unsigned mantissa_bits) {
    uint32_t x = tuB_float_bits(f), ax = x & 0x7fffffffu;
    uint32_t inf = 31u << mantissa_bits, max_finite = inf - 1;
    if (ax > 0x7f800000u) return inf | 1u << (mantissa_bits - 1);
    if (x & 0x80000000u) return 0;
    if (ax == 0x7f800000u) return inf;
    uint32_t code = round_to_small_float(ax, mantissa_bits);
    return code > max_finite ? max_finite : code;
}

/* The sRGB transfer functions (KDFS 1.3 §13.3), in double. */
static double srgb_eotf(double c) {
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double srgb_oetf(double l) {
    return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
}

float tu_srgb_to_linear(float c) {
    return (float)srgb_eotf(c);
}

float tu_linear_to_srgb(float l) {
    if (!(l > 0.0f)) return 0.0f;
    if (l >= 1.0f) return 1.0f;
    return (float)srgb_oetf(l);
}

/* --- shared exponent (EXT_texture_shared_exponent, quoted by Vulkan "RGB9E5") -------- */

enum { SE_MANTISSA_BITS = 9, SE_BIAS = 15, SE_MAX_EXP = 31 };

static void decode_shared_exp(const tu_format_desc *d, const uint8_t *p, tu_texel *out) {
    int e = (int)tuF_read_field(p, d->channels[3].shift, d->channels[3].bits);
    for (int c = 0; c < 3; c++) {
        uint32_t m = tuF_read_field(p, d->channels[c].shift, d->channels[c].bits);
        out->f[d->channels[c].component] = ldexpf((float)m, e - SE_BIAS - SE_MANTISSA_BITS);
    }
    out->f[3] = 1.0f;
}

static void encode_shared_exp(const tu_format_desc *d, const tu_texel *in, uint8_t *p) {
    const double max_value = (double)((1 << SE_MANTISSA_BITS) - 1) / (1 << SE_MANTISSA_BITS) *
                             ldexp(1.0, SE_MAX_EXP - SE_BIAS);
    double v[3], vmax = 0.0;
    for (int c = 0; c < 3; c++) {
        double x = in->f[d->channels[c].component];
        v[c] = x > 0.0 ? (x < max_value ? x : max_value) : 0.0; /* NaN and negatives -> 0 */
        if (v[c] > vmax) vmax = v[c];
    }
    int floor_log2 = -SE_BIAS - 1;
    if (vmax > 0.0) {
        int e;
        frexp(vmax, &e); /* vmax = m * 2^e, m in [0.5, 1): floor(log2(vmax)) = e - 1 */
        if (e - 1 > floor_log2) floor_log2 = e - 1;
    }
    int exp_shared = floor_log2 + 1 + SE_BIAS;
    double max_s = floor(ldexp(vmax, -(exp_shared - SE_BIAS - SE_MANTISSA_BITS)) + 0.5);
    if (max_s == (double)(1 << SE_MANTISSA_BITS)) exp_shared++;
    for (int c = 0; c < 3; c++) {
        double s = floor(ldexp(v[c], -(exp_shared - SE_BIAS - SE_MANTISSA_BITS)) + 0.5);
        tuF_write_field(p, d->channels[c].shift, d->channels[c].bits, (uint32_t)s);
    }
    tuF_write_field(p, d->channels[3].shift, d->channels[3].bits, (uint32_t)exp_shared);
}

/* --- one texel ---------------------------------------------------------------------------- */

/* Where a field lands in a tu_texel of the format's class, or -1 when it does not. */
static int texel_slot(const tu_format_desc *d, const tu_channel *ch) {
    switch (ch->component) {
    case TU_COMPONENT_R:
    case TU_COMPONENT_G:
    case TU_COMPONENT_B:
    case TU_COMPONENT_A: return ch->component;
    case TU_COMPONENT_D:
    case TU_COMPONENT_L:
    case TU_COMPONENT_I: return 0;
    case TU_COMPONENT_S: return d->format_class == TU_CLASS_UINT ? 0 : -1;
    default: return -1;
    }
}

/* How many components a field's value fills from its slot on: luminance R, G and B,
 * intensity all four, any other field its own. */
static unsigned texel_fan_out(const tu_channel *ch) {
    return ch->component == TU_COMPONENT_L ? 3 : ch->component == TU_COMPONENT_I ? 4 : 1;
}

static void set_missing(const tu_format_desc *d, tu_texel *out) {
    if (!d || d->format_class == TU_CLASS_FLOAT) {
        out->f[0] = out->f[1] = out->f[2] = 0.0f;
        out->f[3] = 1.0f;
    } else {
        out->u[0] = out->u[1] = out->u[2] = 0;
        out->u[3] = 1;
    }
}

void tu_format_decode(tu_format format, const void *src, tu_texel *out) {
    const tu_format_desc *d = tu_format_describe(format);
    if (!d) {
        set_missing(d, out);
        return;
    }
    tuF_decode_generic(d, src, out);
}

void tuF_decode_generic(const tu_format_desc *d, const uint8_t *p, tu_texel *out) {
    set_missing(d, out);
    if (d->flags & TU_FORMAT_FLAG_COMPRESSED) { /* no per-texel fields: the zero texel */
        if (d->flags & TU_FORMAT_FLAG_ALPHA) out->f[3] = 0.0f;
        return;
    }
    if (d->flags & TU_FORMAT_FLAG_SHARED_EXP) {
        decode_shared_exp(d, p, out);
        return;
    }
    for (unsigned i = 0; i < d->channel_count; i++) {
        const tu_channel *ch = &d->channels[i];
        int slot = texel_slot(d, ch);
        if (slot < 0) continue;
        uint32_t raw = tuF_read_field(p, ch->shift, ch->bits);
        switch (ch->numeric) {
        case TU_NUMERIC_UNORM: out->f[slot] = (float)raw / (float)field_mask(ch->bits); break;
        case TU_NUMERIC_SNORM: {
            float v = (float)tuB_sign_extend(raw, ch->bits) / (float)field_mask(ch->bits - 1);
            out->f[slot] = v < -1.0f ? -1.0f : v;
            break;
        }
        case TU_NUMERIC_SRGB:
            out->f[slot] = (float)srgb_eotf((double)raw / (double)field_mask(ch->bits));
            break;
        case TU_NUMERIC_UINT: out->u[slot] = raw; break;
        case TU_NUMERIC_SINT: out->i[slot] = tuB_sign_extend(raw, ch->bits); break;
        case TU_NUMERIC_SFLOAT:
            out->f[slot] = ch->bits == 16 ? tu_half_to_float((uint16_t)raw) : tuB_bits_float(raw);
            break;
        case TU_NUMERIC_UFLOAT: out->f[slot] = tu_ufloat_to_float(raw, ch->bits - 5u); break;
        case TU_NUMERIC_USCALED: out->f[slot] = (float)raw; break;
        case TU_NUMERIC_SSCALED: out->f[slot] = (float)tuB_sign_extend(raw, ch->bits); break;
        case TU_NUMERIC_SFIXED5:
            out->f[slot] = (float)tuB_sign_extend(raw, ch->bits) / (float)(1 << SFIXED5_FRACTION);
            break;
        default: break;
        }
        for (unsigned k = 1; k < texel_fan_out(ch); k++)
            out->u[slot + k] = out->u[slot];
    }
}

/* --- per-family decoders (tuF_decoder) ----------------------------------------------------
 * Each handles formats whose fields all have one numeric type and width, start on a byte
 * and hold R, G, B, A or D (slot = component & 3: D, 4, lands in R as texel_slot says), so
 * a field is a plain little-endian load with no shift, mask or switch. Each computes the
 * same expression as tuF_decode_generic's case for its type. */

/* c / 255.0f for every 8-bit code: the UNORM rule with the division done by the compiler
 * (a constant expression, correctly rounded like the run-time division; test_format checks
 * all 256 against it). */
#define U8_(i)   ((float)(i) / 255.0f)
#define U8x4(i)  U8_(i), U8_((i) + 1), U8_((i) + 2), U8_((i) + 3)
#define U8x16(i) U8x4(i), U8x4((i) + 4), U8x4((i) + 8), U8x4((i) + 12)
#define U8x64(i) U8x16(i), U8x16((i) + 16), U8x16((i) + 32), U8x16((i) + 48)
static const float unorm8_value[256] = {U8x64(0), U8x64(64), U8x64(128), U8x64(192)};
#undef U8_
#undef U8x4
#undef U8x16
#undef U8x64

static void set_missing_float(tu_texel *out) {
    out->f[0] = out->f[1] = out->f[2] = 0.0f;
    out->f[3] = 1.0f;
}

static void set_missing_int(tu_texel *out) {
    out->u[0] = out->u[1] = out->u[2] = 0;
    out->u[3] = 1;
}

static void decode_unorm8(const tu_format_desc *d, const uint8_t *p, tu_texel *out) {
    set_missing_float(out);
    for (unsigned i = 0; i < d->channel_count; i++)
        out->f[d->channels[i].component & 3] = unorm8_value[p[d->channels[i].shift >> 3]];
}

/* The two 8-bit UNORM layouts the workloads use, unrolled: bytes R G B A and B G R A. */
static void decode_rgba8_unorm(const tu_format_desc *d, const uint8_t *p, tu_texel *out) {
    (void)d;
    out->f[0] = unorm8_value[p[0]], out->f[1] = unorm8_value[p[1]];
    out->f[2] = unorm8_value[p[2]], out->f[3] = unorm8_value[p[3]];
}

static void decode_bgra8_unorm(const tu_format_desc *d, const uint8_t *p, tu_texel *out) {
    (void)d;
    out->f[0] = unorm8_value[p[2]], out->f[1] = unorm8_value[p[1]];
    out->f[2] = unorm8_value[p[0]], out->f[3] = unorm8_value[p[3]];
}

static void decode_unorm16(const tu_format_desc *d, const uint8_t *p, tu_texel *out) {
    set_missing_float(out);
    for (unsigned i = 0; i < d->channel_count; i++) {
        const uint8_t *q = p + (d->channels[i].shift >> 3);
        out->f[d->channels[i].component & 3] = (float)(q[0] | (uint32_t)q[1] << 8) / 65535.0f;
    }
}

static void decode_sfloat16(const tu_format_desc *d, const uint8_t *p, tu_texel *out) {
    set_missing_float(out);
    for (unsigned i = 0; i < d->channel_count; i++) {
        const uint8_t *q = p + (d->channels[i].shift >> 3);
        out->f[d->channels[i].component & 3] = tu_half_to_float((uint16_t)(q[0] | q[1] << 8));
    }
}

static void decode_32(const tu_format_desc *d, const uint8_t *p, tu_texel *out) {
    /* SFLOAT, UINT and SINT 32-bit fields: the bits as they are (bits_float, raw,
     * tuB_sign_extend(raw, 32) all keep them). */
    if (d->format_class == TU_CLASS_FLOAT)
        set_missing_float(out);
    else
        set_missing_int(out);
    for (unsigned i = 0; i < d->channel_count; i++)
        out->u[d->channels[i].component & 3] = tuB_load_le32(p + (d->channels[i].shift >> 3));
}

/* Four 32-bit fields in R G B A order (R32G32B32A32 SFLOAT, UINT, SINT): the 16 bytes. */
static void decode_rgba32(const tu_format_desc *d, const uint8_t *p, tu_texel *out) {
    (void)d;
    out->u[0] = tuB_load_le32(p), out->u[1] = tuB_load_le32(p + 4);
    out->u[2] = tuB_load_le32(p + 8), out->u[3] = tuB_load_le32(p + 12);
}

static void decode_uint(const tu_format_desc *d, const uint8_t *p, tu_texel *out) {
    set_missing_int(out);
    for (unsigned i = 0; i < d->channel_count; i++) {
        const uint8_t *q = p + (d->channels[i].shift >> 3);
        out->u[d->channels[i].component & 3] =
            d->channels[i].bits == 8 ? q[0] : (uint32_t)(q[0] | q[1] << 8);
    }
}

static void decode_sint(const tu_format_desc *d, const uint8_t *p, tu_texel *out) {
    set_missing_int(out);
    for (unsigned i = 0; i < d->channel_count; i++) {
        const uint8_t *q = p + (d->channels[i].shift >> 3);
        out->i[d->channels[i].component & 3] =
            d->channels[i].bits == 8 ? (int32_t)(int8_t)q[0] : (int32_t)(int16_t)(q[0] | q[1] << 8);
    }
}

tuF_decode_fn tuF_decoder(tu_format format) {
    const tu_format_desc *d = tu_format_describe(format);
    if (!d || d->channel_count == 0 ||
        (d->flags & (TU_FORMAT_FLAG_SHARED_EXP | TU_FORMAT_FLAG_COMPRESSED)))
        return tuF_decode_generic;
    /* One family: every field of c0's numeric type and width, on a byte, R G B A or D. And
     * whether the four fields lie in the texel's byte order R G B A, or B G R A. */
    const tu_channel *c0 = &d->channels[0];
    bool rgba = d->channel_count == 4, bgra = rgba;
    for (unsigned i = 0; i < d->channel_count; i++) {
        const tu_channel *ch = &d->channels[i];
        if (ch->component > TU_COMPONENT_D || (ch->shift & 7) || ch->numeric != c0->numeric ||
            ch->bits != c0->bits)
            return tuF_decode_generic;
        const bool in_order = ch->shift == i * c0->bits; /* field i fills bytes i * bits / 8.. */
        rgba = rgba && in_order && ch->component == i;
        bgra = bgra && in_order && ch->component == (i < 3 ? 2 - i : 3);
    }
    switch (c0->numeric) {
    case TU_NUMERIC_UNORM:
        if (c0->bits == 8 && rgba) return decode_rgba8_unorm;
        if (c0->bits == 8 && bgra) return decode_bgra8_unorm;
        return c0->bits == 8 ? decode_unorm8 : c0->bits == 16 ? decode_unorm16 : tuF_decode_generic;
    case TU_NUMERIC_SFLOAT:
        if (c0->bits == 32 && rgba) return decode_rgba32;
        return c0->bits == 16 ? decode_sfloat16 : c0->bits == 32 ? decode_32 : tuF_decode_generic;
    case TU_NUMERIC_UINT:
        return c0->bits == 32                      ? decode_32
               : c0->bits <= 16 && !(c0->bits & 7) ? decode_uint
                                                   : tuF_decode_generic;
    case TU_NUMERIC_SINT:
        return c0->bits == 32                      ? decode_32
               : c0->bits <= 16 && !(c0->bits & 7) ? decode_sint
                                                   : tuF_decode_generic;
    default: return tuF_decode_generic;
    }
}

uint32_t tu_format_decode_stencil(tu_format format, const void *src) {
    const tu_format_desc *d = tu_format_describe(format);
    if (!d) return 0;
    for (unsigned i = 0; i < d->channel_count; i++)
        if (d->channels[i].component == TU_COMPONENT_S)
            return tuF_read_field(src, d->channels[i].shift, d->channels[i].bits);
    return 0;
}

static uint32_t encode_unorm(double f, unsigned bits) {
    if (!(f > 0.0)) return 0; /* negatives and NaN */
    if (f >= 1.0) return field_mask(bits);
    return (uint32_t)round_half_even(f * (double)field_mask(bits));
}

/* sRGB encode in double throughout: rounding the curve to float first would round twice. */
static uint32_t encode_srgb(float l, unsigned bits) {
    if (!(l > 0.0f)) return 0;
    if (l >= 1.0f) return field_mask(bits);
    return encode_unorm(srgb_oetf(l), bits);
}

static uint32_t encode_snorm(float f, unsigned bits) {
    double max = (double)field_mask(bits - 1);
    if (f != f) return 0;
    double x = f < -1.0f ? -1.0 : f > 1.0f ? 1.0 : (double)f;
    double r = x < 0 ? -round_half_even(-x * max) : round_half_even(x * max);
    return (uint32_t)(int32_t)r & field_mask(bits);
}

/* USCALED, SSCALED and SFIXED5 (f * 2^fraction): to the nearest integer, ties to even,
 * saturated to the field; NaN becomes 0. */
static uint32_t encode_scaled(float f, unsigned bits, bool is_signed, unsigned fraction) {
    const double hi = is_signed ? (double)field_mask(bits - 1) : (double)field_mask(bits);
    const double lo = is_signed ? -hi - 1.0 : 0.0;
    if (f != f) return 0;
    double x = ldexp((double)f, (int)fraction);
    x = x < lo ? lo : x > hi ? hi : x;
    double r = x < 0 ? -round_half_even(-x) : round_half_even(x);
    return (uint32_t)(int64_t)r & field_mask(bits);
}

static uint32_t encode_sint(int32_t v, unsigned bits) {
    if (bits < 32) {
        int32_t hi = (int32_t)field_mask(bits - 1), lo = -hi - 1;
        v = v < lo ? lo : v > hi ? hi : v;
    }
    return (uint32_t)v & field_mask(bits);
}

void tu_format_encode(tu_format format, const tu_texel *in, void *dst) {
    const tu_format_desc *d = tu_format_describe(format);
    uint8_t *p = dst;
    if (!d || (d->flags & TU_FORMAT_FLAG_COMPRESSED)) return;
    memset(p, 0, d->bytes);
    if (d->flags & TU_FORMAT_FLAG_SHARED_EXP) {
        encode_shared_exp(d, in, p);
        return;
    }
    for (unsigned i = 0; i < d->channel_count; i++) {
        const tu_channel *ch = &d->channels[i];
        int slot = texel_slot(d, ch);
        uint32_t raw = 0;
        if (slot < 0) continue;
        switch (ch->numeric) {
        case TU_NUMERIC_UNORM: raw = encode_unorm(in->f[slot], ch->bits); break;
        case TU_NUMERIC_SNORM: raw = encode_snorm(in->f[slot], ch->bits); break;
        case TU_NUMERIC_SRGB: raw = encode_srgb(in->f[slot], ch->bits); break;
        case TU_NUMERIC_UINT:
            raw = in->u[slot] > field_mask(ch->bits) ? field_mask(ch->bits) : in->u[slot];
            break;
        case TU_NUMERIC_SINT: raw = encode_sint(in->i[slot], ch->bits); break;
        case TU_NUMERIC_SFLOAT:
            raw = ch->bits == 16 ? tu_float_to_half(in->f[slot]) : tuB_float_bits(in->f[slot]);
            break;
        case TU_NUMERIC_UFLOAT: raw = tu_float_to_ufloat(in->f[slot], ch->bits - 5u); break;
        case TU_NUMERIC_USCALED: raw = encode_scaled(in->f[slot], ch->bits, false, 0); break;
        case TU_NUMERIC_SSCALED: raw = encode_scaled(in->f[slot], ch->bits, true, 0); break;
        case TU_NUMERIC_SFIXED5:
            raw = encode_scaled(in->f[slot], ch->bits, true, SFIXED5_FRACTION);
            break;
        default: break;
        }
        tuF_write_field(p, ch->shift, ch->bits, raw);
    }
}

void tu_format_encode_stencil(tu_format format, uint32_t stencil, void *dst) {
    const tu_format_desc *d = tu_format_describe(format);
    if (!d) return;
    for (unsigned i = 0; i < d->channel_count; i++) {
        const tu_channel *ch = &d->channels[i];
        if (ch->component == TU_COMPONENT_S)
            tuF_write_field(dst, ch->shift, ch->bits,
                            stencil > field_mask(ch->bits) ? field_mask(ch->bits) : stencil);
    }
}
