/* SPDX-License-Identifier: MIT */
/*
 * test_format.c - the format table (texunit/format_list.h) and the texel conversions
 * (texunit/format.h), checked against values this file computes on its own.
 *
 * What is tested:
 *   - The table: every format 1..TU_FORMAT_COUNT-1 has a descriptor whose bytes, channels
 *     (component, numeric type, width, shift), class and flags agree with a layout this file
 *     parses out of the Vulkan NAME alone (array formats: first component in the lowest
 *     bits; _PACKnn formats: first component in the highest bits; the two documented
 *     depth/stencil layouts of format_list.h); lookups by name (any case, TU_FORMAT_ and
 *     VK_FORMAT_ prefixes) and by VkFormat number; the VK numbers against
 *     <vulkan/vulkan_core.h> when that header exists; invalid formats.
 *   - Decode of every code of every field of the formats whose fields are at most 16 bits
 *     wide (the other fields varying), and of edge values and a stride of the 24- and 32-bit
 *     fields (32-bit floats bit-exact, NaN payloads included);
 *     encode(decode(t)) reproduces t except where format.h says otherwise (snorm
 *     -2^(n-1) comes back as -(2^(n-1)-1), NaN payloads of 16/11/10-bit floats, padding and
 *     the stencil of combined depth/stencil formats become 0, E5B9G9R9 renormalises).
 *   - Encode from float and integer values: clamping, NaN, round-half-even ties and the
 *     floats next to the rounding midpoints, integer saturation, binary16 / 11- / 10-bit
 *     floats over every 4099th float bit pattern and the boundaries, E5B9G9R9 on random
 *     triples and hand-picked ones.
 *   - The scalar conversions tu_half_to_float ... tu_linear_to_srgb.
 *
 * Where the expected values come from (nothing here is taken from src/format/):
 *   unorm c/(2^b-1) and snorm max(c/(2^(b-1)-1), -1) (Vulkan spec, "Fixed-Point Data
 *     Conversions"): the quotient rounded once to float, chosen among neighbouring floats by
 *     exact long double residuals |x*d - c|; encode: clamp, NaN -> 0, then the exact product
 *     f*(2^b-1) rounded half to even (format.h);
 *   sRGB: the EOTF of the Khronos Data Format Specification,
 *     c <= 0.04045 ? c/12.92 : ((c+0.055)/1.055)^2.4, and its inverse, in long double;
 *   binary16 and the unsigned 11/10-bit floats: sign/exponent/mantissa arithmetic with
 *     ldexpl (bias 15; exponent 0 denormal, 31 Inf or NaN), encode rounds the exact value
 *     half to even;
 *   E5B9G9R9: m*2^(e-15-9), and the encoding algorithm of EXT_texture_shared_exponent
 *     (its floor(x + 0.5) rounding; its sample code sends NaN to 0);
 *   the documented choices of format.h: saturation, NaN -> 0 for unorm/snorm/sRGB, 11/10-bit
 *     overflow -> largest finite, missing components (0, 0, 0, 1).
 */
#include "../src/format/compressed/compressed.h"
#include "texunit/format.h"
#include "texunit/io.h"

#include "tu_test.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__has_include)
#if __has_include(<vulkan/vulkan_core.h>)
#include <vulkan/vulkan_core.h>
#define HAVE_VULKAN_CORE 1
#endif
#endif
#if defined(HAVE_VULKAN_CORE) && !defined(VK_VERSION_1_4)
/* Headers before Vulkan 1.4 spell three of the table's names the older way: R16G16_SFIXED5_NV
 * was R16G16_S10_5_NV, A8_UNORM and A1B5G5R5_UNORM_PACK16 carried _KHR (VK_KHR_maintenance5;
 * a header older than that extension has neither: then the registry's numbers, vk.xml). */
#ifdef VK_NV_optical_flow
#define VK_FORMAT_R16G16_SFIXED5_NV VK_FORMAT_R16G16_S10_5_NV
#endif
#ifdef VK_KHR_maintenance5
#define VK_FORMAT_A8_UNORM              VK_FORMAT_A8_UNORM_KHR
#define VK_FORMAT_A1B5G5R5_UNORM_PACK16 VK_FORMAT_A1B5G5R5_UNORM_PACK16_KHR
#else
#define VK_FORMAT_A8_UNORM              1000470001
#define VK_FORMAT_A1B5G5R5_UNORM_PACK16 1000470000
#endif
#endif

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* ---------------------------------------------------------------------------------------- */
/* Small helpers                                                                             */
/* ---------------------------------------------------------------------------------------- */

/* Float <-> bits through a union (C11 6.5.2.3): cheaper than memcpy in sanitizer builds. */
static uint32_t f2u(float f) {
    union {
        float f;
        uint32_t u;
    } x = {.f = f};
    return x.u;
}

static float u2f(uint32_t u) {
    union {
        uint32_t u;
        float f;
    } x = {.u = u};
    return x.f;
}

/* Bit-identical, or both NaN. */
static int same_float(float a, float b) {
    return (isnan(a) && isnan(b)) || f2u(a) == f2u(b);
}

static uint32_t mask_of(unsigned bits) {
    return bits >= 32 ? 0xffffffffu : (1u << bits) - 1u;
}

static int32_t sign_extend(uint32_t v, unsigned bits) {
    if (bits >= 32) return (int32_t)v;
    if (v & (1u << (bits - 1))) return (int32_t)(v | ~mask_of(bits));
    return (int32_t)v;
}

/* Field access on a little-endian byte buffer, a byte at a time (independent of how the
 * library assembles its words). A field spans at most 5 bytes. */
static uint32_t get_bits(const uint8_t *p, unsigned shift, unsigned bits) {
    uint64_t w = 0;
    unsigned first = shift / 8, last = (shift + bits - 1) / 8;
    for (unsigned i = last + 1; i-- > first;)
        w = w << 8 | p[i];
    return (uint32_t)(w >> (shift % 8)) & mask_of(bits);
}

static void put_bits(uint8_t *p, unsigned shift, unsigned bits, uint32_t v) {
    unsigned first = shift / 8, last = (shift + bits - 1) / 8;
    uint64_t w = 0, m = (uint64_t)mask_of(bits) << (shift % 8);
    for (unsigned i = last + 1; i-- > first;)
        w = w << 8 | p[i];
    w = (w & ~m) | (((uint64_t)(v & mask_of(bits)) << (shift % 8)) & m);
    for (unsigned i = first; i <= last; i++, w >>= 8)
        p[i] = (uint8_t)w;
}

static uint32_t rand32(uint64_t *state) {
    return (uint32_t)(tu_test_rand(state) >> 17);
}

/* x >= 0 rounded to an integer, ties to even. */
static long double rne_ld(long double x) {
    long double fl = floorl(x), fr = x - fl;
    if (fr > 0.5L) return fl + 1;
    if (fr < 0.5L) return fl;
    return fmodl(fl, 2.0L) == 0 ? fl : fl + 1;
}

/* c/d rounded once to the nearest float, ties to even (0 <= c, 0 < d < 2^25). The double
 * quotient is only a candidate: the float with the smallest exact residual |x*d - c| among
 * it and its neighbours wins (x has 24 significant bits and d at most 25, so the long double
 * product and difference are exact). */
static float rn_div(uint32_t c, uint32_t d) {
    float q = (float)((double)c / (double)d);
    float cand[5];
    cand[2] = q;
    cand[1] = nextafterf(q, -INFINITY);
    cand[0] = nextafterf(cand[1], -INFINITY);
    cand[3] = nextafterf(q, INFINITY);
    cand[4] = nextafterf(cand[3], INFINITY);
    float best = q;
    long double best_err = -1;
    for (int i = 0; i < 5; i++) {
        if (cand[i] < 0) continue;
        long double err = fabsl((long double)cand[i] * (long double)d - (long double)c);
        if (best_err < 0 || err < best_err || (err == best_err && (f2u(cand[i]) & 1u) == 0)) {
            best = cand[i];
            best_err = err;
        }
    }
    return best;
}

/* ---------------------------------------------------------------------------------------- */
/* Reference conversions                                                                     */
/* ---------------------------------------------------------------------------------------- */

static float ref_half_to_float(uint32_t h) {
    unsigned s = (h >> 15) & 1u, e = (h >> 10) & 31u, m = h & 1023u;
    long double v;
    if (e == 31)
        v = m ? (long double)NAN : (long double)INFINITY;
    else if (e == 0)
        v = ldexpl((long double)m, -24);
    else
        v = ldexpl((long double)(1024 + m), (int)e - 25);
    return s ? -(float)v : (float)v;
}

static float ref_ufloat_to_float(uint32_t code, unsigned mb) {
    uint32_t e = code >> mb, m = code & mask_of(mb);
    if (e == 31) return m ? NAN : INFINITY;
    if (e == 0) return (float)ldexpl((long double)m, -14 - (int)mb);
    return (float)ldexpl((long double)((1u << mb) + m), (int)e - 15 - (int)mb);
}

static int half_is_nan(uint32_t h) {
    return (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu) != 0;
}

static int ufloat_is_nan(uint32_t code, unsigned mb) {
    return (code >> mb) == 31 && (code & mask_of(mb)) != 0;
}

/* floor(log2(a)) for a > 0. */
static int floor_log2_ld(long double a) {
    int ex;
    (void)frexpl(a, &ex);
    return ex - 1;
}

/* binary16 round to nearest even, overflow to infinity; NaN gives 0x7e00 (callers only ask
 * whether the result is a NaN). */
static uint32_t ref_float_to_half(float f) {
    if (isnan(f)) return 0x7e00u;
    uint32_t s = signbit(f) ? 0x8000u : 0u;
    long double a = fabsl((long double)f);
    if (a >= 65520.0L) return s | 0x7c00u; /* 65504 + half an ulp rounds to even: Inf */
    if (a == 0) return s;
    int e = floor_log2_ld(a);
    int q = e < -14 ? -24 : e - 10; /* exponent of the last mantissa bit */
    uint32_t n = (uint32_t)rne_ld(ldexpl(a, -q));
    if (e < -14) return s | n; /* n == 1024 is the smallest normal, 0x0400 */
    return s | (((uint32_t)(e + 15) << 10) + (n - 1024u));
}

/* Unsigned float with a 5-bit exponent and mb mantissa bits: negatives and -0 -> 0, NaN ->
 * NaN (0x7c1 / 0x3e1 here; callers only ask whether it is a NaN), +Inf -> Inf, finite
 * overflow -> largest finite, otherwise round to nearest even. */
static uint32_t ref_float_to_ufloat(float f, unsigned mb) {
    uint32_t max_code = (30u << mb) | mask_of(mb), inf = 31u << mb;
    if (isnan(f)) return inf | 1u;
    if (!(f > 0)) return 0;
    if (isinf(f)) return inf;
    long double a = (long double)f;
    long double max_val = ldexpl((long double)((2u << mb) - 1u), 15 - (int)mb);
    if (a >= max_val) return max_code;
    int e = floor_log2_ld(a);
    int q = e < -14 ? -14 - (int)mb : e - (int)mb;
    uint32_t n = (uint32_t)rne_ld(ldexpl(a, -q));
    uint32_t code = e < -14 ? n : ((uint32_t)(e + 15) << mb) + (n - (1u << mb));
    return code > max_code ? max_code : code;
}

static long double ref_eotf(long double c) {
    return c <= 0.04045L ? c / 12.92L : powl((c + 0.055L) / 1.055L, 2.4L);
}

static long double ref_oetf(long double l) {
    return l <= 0.04045L / 12.92L ? l * 12.92L : 1.055L * powl(l, 1.0L / 2.4L) - 0.055L;
}

static float ref_srgb_decode(uint32_t code, unsigned bits) {
    return (float)ref_eotf((long double)code / (long double)mask_of(bits));
}

/* unorm encode: NaN -> 0, clamp to [0, 1], exact f*(2^b-1) rounded half to even. */
static uint32_t ref_unorm_encode(float f, unsigned bits) {
    if (isnan(f) || f <= 0) return 0;
    if (f >= 1) return mask_of(bits);
    return (uint32_t)rne_ld((long double)f * (long double)mask_of(bits));
}

/* snorm encode: NaN -> 0, clamp to [-1, 1], exact f*(2^(b-1)-1) rounded half to even. */
static int32_t ref_snorm_encode(float f, unsigned bits) {
    long double d = (long double)mask_of(bits - 1);
    if (isnan(f)) return 0;
    if (f >= 1) return (int32_t)d;
    if (f <= -1) return -(int32_t)d;
    long double r = rne_ld(fabsl((long double)f) * d);
    return f < 0 ? -(int32_t)r : (int32_t)r;
}

/* sRGB encode of 8 bits: NaN -> 0, clamp, 255*OETF(l) rounded half to even. *ambiguous is set
 * when the long double value is too close to a midpoint to decide. */
static uint32_t ref_srgb_encode(float f, unsigned bits, int *ambiguous) {
    *ambiguous = 0;
    if (isnan(f) || f <= 0) return 0;
    if (f >= 1) return mask_of(bits);
    long double x = ref_oetf((long double)f) * (long double)mask_of(bits);
    long double fr = x - floorl(x);
    if (fabsl(fr - 0.5L) < 1e-12L) *ambiguous = 1;
    /* EOTF is not monotonic in the window where its two pieces meet: leave it out */
    if (f > 0.0031305f && f < 0.0031310f) *ambiguous = 1;
    return (uint32_t)rne_ld(x);
}

/* E5B9G9R9 decode: m * 2^(e - 15 - 9). */
static float ref_sharedexp_value(uint32_t m, uint32_t e) {
    return (float)ldexp((double)m, (int)e - 24);
}

/* EXT_texture_shared_exponent, "Encoding": N = 9, B = 15, Emax = 31. */
static uint32_t ref_rgb9e5_encode(const float in[3]) {
    const int n_bits = 9, bias = 15;
    const double max_val = ldexp(511.0, 7); /* (2^N - 1)/2^N * 2^(Emax - B) = 65408 */
    double c[3], max_c = 0;
    for (int i = 0; i < 3; i++) {
        double v = in[i];
        if (!(v > 0)) v = 0; /* negatives; NaN as in the extension's sample code */
        if (v > max_val) v = max_val;
        c[i] = v;
        if (v > max_c) max_c = v;
    }
    int fl = -bias - 1;
    if (max_c > 0) {
        int ex;
        (void)frexp(max_c, &ex);
        if (ex - 1 > fl) fl = ex - 1;
    }
    int exp_p = fl + 1 + bias;
    double max_s = floor(ldexp(max_c, -(exp_p - bias - n_bits)) + 0.5);
    int e = max_s == 512.0 ? exp_p + 1 : exp_p;
    uint32_t out = (uint32_t)e << 27;
    for (int i = 0; i < 3; i++) {
        uint32_t m = (uint32_t)floor(ldexp(c[i], -(e - bias - n_bits)) + 0.5);
        out |= m << (9 * i);
    }
    return out;
}

/* ---------------------------------------------------------------------------------------- */
/* The layout a Vulkan format NAME spells                                                    */
/* ---------------------------------------------------------------------------------------- */

typedef struct ref_field {
    int component, numeric, bits, shift;
} ref_field;

typedef struct ref_layout {
    int count;
    ref_field f[4];
    unsigned bytes, flags;
    int cls;
} ref_layout;

/* The numeric tokens of the names. FLOAT (isl's) is SFLOAT for 16- and 32-bit fields, UFLOAT
 * for 10- and 11-bit ones (NUMERIC_FLOAT); TYPELESS (isl's) marks padding. */
enum { NUMERIC_FLOAT = 100 };

static int numeric_token(const char *t, size_t n) {
    static const struct {
        const char *s;
        int numeric;
    } tokens[] = {
        {"UNORM", TU_NUMERIC_UNORM},     {"SNORM", TU_NUMERIC_SNORM},
        {"UINT", TU_NUMERIC_UINT},       {"SINT", TU_NUMERIC_SINT},
        {"SFLOAT", TU_NUMERIC_SFLOAT},   {"UFLOAT", TU_NUMERIC_UFLOAT},
        {"SRGB", TU_NUMERIC_SRGB},       {"USCALED", TU_NUMERIC_USCALED},
        {"SSCALED", TU_NUMERIC_SSCALED}, {"SFIXED5", TU_NUMERIC_SFIXED5},
        {"FLOAT", NUMERIC_FLOAT},        {"TYPELESS", TU_NUMERIC_PAD},
    };
    for (size_t i = 0; i < COUNT_OF(tokens); i++)
        if (strlen(tokens[i].s) == n && memcmp(tokens[i].s, t, n) == 0) return tokens[i].numeric;
    return -1;
}

static int component_letter(char c) {
    switch (c) {
    case 'R': return TU_COMPONENT_R;
    case 'G': return TU_COMPONENT_G;
    case 'B': return TU_COMPONENT_B;
    case 'A': return TU_COMPONENT_A;
    case 'D': return TU_COMPONENT_D;
    case 'S': return TU_COMPONENT_S;
    case 'L': return TU_COMPONENT_L;
    case 'I': return TU_COMPONENT_I;
    case 'X':
    case 'E': return TU_COMPONENT_X;
    default: return -1;
    }
}

/* "R8G8", "D24", "E5B9G9R9", "R10X6": letters each followed by a width. */
static int is_group_token(const char *t, size_t n) {
    size_t i = 0;
    if (n < 2) return 0;
    while (i < n) {
        if (component_letter(t[i]) < 0) return 0;
        i++;
        if (i >= n || t[i] < '0' || t[i] > '9') return 0;
        while (i < n && t[i] >= '0' && t[i] <= '9')
            i++;
    }
    return 1;
}

/* "PACK16" or "4PACK16": *words words of *bits bits. */
static int is_pack_token(const char *t, size_t n, int *words, int *bits) {
    size_t i = 0;
    *words = 0;
    while (i < n && t[i] >= '0' && t[i] <= '9')
        *words = *words * 10 + (t[i++] - '0');
    if (n - i < 5 || memcmp(t + i, "PACK", 4) != 0) return 0;
    if (*words == 0) *words = 1;
    *bits = 0;
    for (i += 4; i < n; i++) {
        if (t[i] < '0' || t[i] > '9') return 0;
        *bits = *bits * 10 + (t[i] - '0');
    }
    return 1;
}

/*
 * Parse NAME into the layout it describes; 0 when the name does not parse. Vulkan's names
 * ("Formats", "Packed Formats"): array formats list their components from the lowest byte up;
 * a _PACKnn format's first component lies in the most significant bits of its word, and a
 * _kPACKnn format has k words, each holding the components named for it the same way (R10X6:
 * R in the top 10 bits, 6 unused bits below). isl's names (Mesa isl_format_layout.csv, isl
 * true) list every format's fields from bit 0 up. Padding narrower than a byte right below a
 * field is that field's padding (TU_CHP in the table); a depth/stencil texel is padded to
 * whole 32-bit words (format_list.h).
 */
static int parse_name(const char *name, int isl, ref_layout *out) {
    char letter[8];
    int bits[8], numeric[8], nf = 0, pending = 0, pack = 0, words = 0, srgb = 0, uint_tok = 0,
                             sint_tok = 0;
    const char *p = name;
    memset(out, 0, sizeof *out);
    while (*p) {
        const char *end = strchr(p, '_');
        if (!end) end = p + strlen(p);
        size_t n = (size_t)(end - p);
        int num, w, b;
        if (is_group_token(p, n)) {
            size_t i = 0;
            while (i < n) {
                if (nf >= 8) return 0;
                letter[nf] = p[i++];
                bits[nf] = 0;
                while (i < n && p[i] >= '0' && p[i] <= '9')
                    bits[nf] = bits[nf] * 10 + (p[i++] - '0');
                numeric[nf] = -1;
                nf++;
            }
        } else if (!isl && is_pack_token(p, n, &w, &b)) {
            words = w, pack = b;
        } else if (!isl && n == 2 && memcmp(p, "NV", 2) == 0) {
            /* a vendor suffix */
        } else if ((num = numeric_token(p, n)) >= 0) {
            if (isl && num == TU_NUMERIC_SRGB && pending == nf && nf > 0) {
                /* isl's UNORM_SRGB: the colour fields of the UNORM just named are sRGB */
                for (int i = 0; i < nf; i++)
                    if (numeric[i] == TU_NUMERIC_UNORM && letter[i] != 'A') numeric[i] = num;
                srgb = 1;
            } else {
                if (pending == nf) return 0; /* a numeric type with nothing to apply to */
                for (int i = pending; i < nf; i++)
                    numeric[i] = num == NUMERIC_FLOAT
                                     ? (bits[i] == 10 || bits[i] == 11 ? TU_NUMERIC_UFLOAT
                                                                       : TU_NUMERIC_SFLOAT)
                                     : num;
                pending = nf;
                if (num == TU_NUMERIC_SRGB) srgb = 1;
                if (num == TU_NUMERIC_UINT) uint_tok = 1;
                if (num == TU_NUMERIC_SINT) sint_tok = 1;
            }
        } else {
            return 0;
        }
        p = *end ? end + 1 : end;
    }
    if (nf == 0 || pending != nf) return 0;

    int has_e = 0, has_d = 0, has_s = 0;
    for (int i = 0; i < nf; i++) {
        has_e |= letter[i] == 'E';
        has_d |= letter[i] == 'D';
        has_s |= letter[i] == 'S';
    }
    ref_field fields[9];
    int total = 0, odd_width = 0;
    for (int i = 0; i < nf; i++) {
        ref_field *f = &fields[i];
        f->component = component_letter(letter[i]);
        f->bits = bits[i];
        f->numeric = numeric[i];
        if (letter[i] == 'X')
            f->numeric = TU_NUMERIC_PAD;
        else if (letter[i] == 'E')
            f->numeric = TU_NUMERIC_EXP;
        else if (has_e)
            f->numeric = TU_NUMERIC_SHAREDEXP;
        else if (letter[i] == 'A' && f->numeric == TU_NUMERIC_SRGB)
            f->numeric = TU_NUMERIC_UNORM;
        if (letter[i] != 'X' && bits[i] != 8 && bits[i] != 16 && bits[i] != 32) odd_width = 1;
        total += bits[i];
    }
    if (pack) { /* in each word, the first component named is in the most significant bits */
        if (nf % words != 0) return 0;
        const int per = nf / words;
        for (int w0 = 0; w0 < nf; w0 += per)
            for (int i = 0; i < per / 2; i++) {
                ref_field t = fields[w0 + i];
                fields[w0 + i] = fields[w0 + per - 1 - i];
                fields[w0 + per - 1 - i] = t;
            }
    }
    const int named = nf;
    if (!pack && has_d && has_s && total % 32 != 0) { /* D16S8, D32S8: unused bytes */
        fields[nf].component = TU_COMPONENT_X;
        fields[nf].numeric = TU_NUMERIC_PAD;
        fields[nf].bits = 32 - total % 32;
        total += fields[nf].bits;
        nf++;
    }
    /* padding below a field, narrower than a byte: the field's own */
    int shift = 0, kept = 0;
    for (int i = 0; i < nf; i++) {
        if (fields[i].component == TU_COMPONENT_X && fields[i].numeric == TU_NUMERIC_PAD &&
            fields[i].bits < 8 && i + 1 < nf && fields[i + 1].component != TU_COMPONENT_X) {
            shift += fields[i].bits;
            continue;
        }
        if (kept >= 4) return 0;
        out->f[kept] = fields[i];
        out->f[kept].shift = shift;
        shift += fields[i].bits;
        kept++;
    }
    out->count = kept;
    out->bytes = pack ? (unsigned)(words * pack) / 8 : (unsigned)total / 8;
    if (pack && words * pack != total) return 0;
    for (int i = 0; i < named; i++) {
        switch (letter[i]) {
        case 'D': out->flags |= TU_FORMAT_FLAG_DEPTH; break;
        case 'S': out->flags |= TU_FORMAT_FLAG_STENCIL; break;
        case 'A':
        case 'I': out->flags |= TU_FORMAT_FLAG_ALPHA; break;
        case 'E': out->flags |= TU_FORMAT_FLAG_SHARED_EXP; break;
        default: break;
        }
    }
    if (srgb) out->flags |= TU_FORMAT_FLAG_SRGB;
    if (odd_width) out->flags |= TU_FORMAT_FLAG_PACKED;
    out->cls = has_d      ? TU_CLASS_FLOAT
               : uint_tok ? TU_CLASS_UINT
               : sint_tok ? TU_CLASS_SINT
                          : TU_CLASS_FLOAT;
    return 1;
}

/* ---------------------------------------------------------------------------------------- */
/* 1. The table                                                                              */
/* ---------------------------------------------------------------------------------------- */

typedef struct row {
    tu_format format;
    const char *name;
    uint32_t vk;
    unsigned bytes;
} row;

#define ROW_(name, vk, bytes, c0, c1, c2, c3)             {TU_FORMAT_##name, #name, vk, bytes},
#define BLOCK_ROW_(name, vk, codec, bw, bh, bytes, flags) {TU_FORMAT_##name, #name, vk, bytes},
static const row rows[] = {TU_FORMAT_LIST(ROW_) TU_COMPRESSED_FORMAT_LIST(BLOCK_ROW_)};
#undef ROW_
#undef BLOCK_ROW_

static void lower_copy(char *dst, const char *src) {
    for (; *src; src++)
        *dst++ = (*src >= 'A' && *src <= 'Z') ? (char)(*src - 'A' + 'a') : *src;
    *dst = 0;
}

static void test_table_rows(void) {
    CHECK_EQ_U(TU_FORMAT_UNDEFINED, 0);
    CHECK_EQ_U(COUNT_OF(rows), TU_FORMAT_COUNT - 1);
    for (size_t i = 0; i < COUNT_OF(rows); i++) {
        const row *r = &rows[i];
        CHECK_EQ_U(r->format, i + 1);
        const tu_format_desc *d = tu_format_describe(r->format);
        if (!CHECK(d != NULL, "%s has no descriptor", r->name)) continue;
        CHECK_EQ_U(d->format, r->format);
        CHECK_EQ_STR(d->name, r->name);
        CHECK_EQ_U(d->vk_format, r->vk);
        CHECK_EQ_U(d->bytes, r->bytes);
        CHECK(tu_format_is_valid(r->format), "%s", r->name);
        CHECK_EQ_U(tu_format_bytes(r->format), r->bytes);
    }
#ifdef HAVE_VULKAN_CORE
#define VK_CHECK_(name, vk, ...)                                                             \
    CHECK_EQ_U(vk, VK_FORMAT_##name);                                                        \
    CHECK(tu_format_describe(TU_FORMAT_##name) &&                                            \
              tu_format_describe(TU_FORMAT_##name)->vk_format == (uint32_t)VK_FORMAT_##name, \
          "%s", #name);
    TU_VK_FORMAT_LIST(VK_CHECK_)
    TU_COMPRESSED_FORMAT_LIST(VK_CHECK_)
#undef VK_CHECK_
#else
    printf("  (vulkan/vulkan_core.h not found: VK numbers not checked against it)\n");
#endif
}

static void test_table_layout(void) {
    for (int fi = 1; fi < TU_FORMAT_COUNT; fi++) {
        const tu_format_desc *d = tu_format_describe((tu_format)fi);
        if (!CHECK(d != NULL && d->name != NULL, "format %d", fi)) continue;
        if (d->flags & TU_FORMAT_FLAG_COMPRESSED) continue; /* test_compressed_rows */
        ref_layout L;
        if (!CHECK(parse_name(d->name, d->vk_format == 0, &L), "name %s does not parse", d->name))
            continue;
        CHECK(d->bytes == L.bytes, "%s: bytes %u, name says %u", d->name, d->bytes, L.bytes);
        CHECK(d->channel_count == L.count, "%s: %u channels, name says %d", d->name,
              d->channel_count, L.count);
        CHECK(d->format_class == L.cls, "%s: class %u, name says %d", d->name, d->format_class,
              L.cls);
        static const unsigned all_flags = TU_FORMAT_FLAG_DEPTH | TU_FORMAT_FLAG_STENCIL |
                                          TU_FORMAT_FLAG_SRGB | TU_FORMAT_FLAG_ALPHA |
                                          TU_FORMAT_FLAG_SHARED_EXP | TU_FORMAT_FLAG_PACKED;
        static const char *const flag_names[] = {"DEPTH", "STENCIL",    "SRGB",
                                                 "ALPHA", "SHARED_EXP", "PACKED"};
        for (unsigned b = 0; b < 6; b++) {
            unsigned bit = 1u << b;
            CHECK((d->flags & bit) == (L.flags & bit), "%s: flag %s is %u, name says %u", d->name,
                  flag_names[b], (d->flags & bit) != 0, (L.flags & bit) != 0);
        }
        CHECK((d->flags & ~all_flags) == 0, "%s: unknown flags 0x%x", d->name, d->flags);
        /* the channels: in order from bit 0, within the texel, as the name places them */
        unsigned end = 0;
        for (int c = 0; c < d->channel_count && c < 4; c++) {
            const tu_channel *ch = &d->channels[c];
            CHECK(ch->shift >= end, "%s channel %d: shift %u overlaps the field below (ends at %u)",
                  d->name, c, ch->shift, end);
            CHECK(ch->bits > 0 && ch->bits <= 32, "%s channel %d: %u bits", d->name, c, ch->bits);
            end = ch->shift + ch->bits;
            if (c < L.count) {
                const ref_field *r = &L.f[c];
                CHECK(ch->component == r->component && ch->numeric == r->numeric &&
                          ch->bits == r->bits && ch->shift == r->shift,
                      "%s channel %d: (component %u, numeric %u, %u bits at %u), name says "
                      "(%d, %d, %d bits at %d)",
                      d->name, c, ch->component, ch->numeric, ch->bits, ch->shift, r->component,
                      r->numeric, r->bits, r->shift);
            }
        }
        CHECK(end == 8u * d->bytes, "%s: channels end at bit %u, texel %u", d->name, end,
              8u * d->bytes);
        for (int c = d->channel_count; c < 4; c++)
            CHECK(d->channels[c].bits == 0, "%s: unused channel %d has %u bits", d->name, c,
                  d->channels[c].bits);
    }
}

/* The block-compressed rows: the same formats as the block decoders' table, block size and
 * bytes per block, components and numeric types, and no per-texel decode or encode. */
static void test_compressed_rows(void) {
    unsigned compressed = 0;
    for (int fi = 1; fi < TU_FORMAT_COUNT; fi++) {
        const tu_format_desc *d = tu_format_describe((tu_format)fi);
        if (!CHECK(d != NULL)) continue;
        bool is = d->flags & TU_FORMAT_FLAG_COMPRESSED;
        CHECK(tu_format_is_compressed((tu_format)fi) == is, "%s", d->name);
        if (!is) {
            CHECK(d->block_width == 1 && d->block_height == 1, "%s", d->name);
            continue;
        }
        compressed++;
        const tuC_format_info *info = tuC_format_info_get(tuC_format_from_vk(d->vk_format));
        if (!CHECK(info != NULL, "%s: not a block decoder's format", d->name)) continue;
        CHECK_EQ_STR(info->name, d->name);
        CHECK_EQ_U(d->block_width, info->block_width);
        CHECK_EQ_U(d->block_height, info->block_height);
        CHECK_EQ_U(d->bytes, info->block_bytes);
        CHECK_EQ_U(d->channel_count, tuC_format_channels(info));
        CHECK_EQ_U(d->format_class, TU_CLASS_FLOAT);
        CHECK(!(d->flags & TU_FORMAT_FLAG_SRGB) == !(info->flags & TUC_SRGB), "%s", d->name);
        CHECK(!(d->flags & TU_FORMAT_FLAG_ALPHA) == (d->channel_count < 4), "%s", d->name);
        bool fp = info->codec == TUC_BC6H || info->codec == TUC_ASTC_HDR;
        for (unsigned c = 0; c < 4; c++) {
            const tu_channel *ch = &d->channels[c];
            CHECK(ch->bits == 0 && ch->shift == 0, "%s", d->name);
            if (c >= d->channel_count) {
                CHECK_EQ_U(ch->component, TU_COMPONENT_X);
                continue;
            }
            CHECK_EQ_U(ch->component, c);
            unsigned want =
                fp ? ((info->flags & TUC_SIGNED) ? TU_NUMERIC_SFLOAT : TU_NUMERIC_UFLOAT)
                : (info->flags & TUC_SIGNED)          ? TU_NUMERIC_SNORM
                : ((info->flags & TUC_SRGB) && c < 3) ? TU_NUMERIC_SRGB
                                                      : TU_NUMERIC_UNORM;
            CHECK(ch->numeric == want, "%s channel %u: numeric %u, want %u", d->name, c,
                  ch->numeric, want);
        }
        /* no per-texel decode or encode: the zero texel, and nothing written */
        uint8_t block[16], copy[16];
        for (unsigned i = 0; i < 16; i++)
            block[i] = copy[i] = (uint8_t)(0x5a + 7 * i);
        tu_texel t;
        tu_format_decode((tu_format)fi, block, &t);
        CHECK(t.f[0] == 0.0f && t.f[1] == 0.0f && t.f[2] == 0.0f &&
                  t.f[3] == (d->channel_count == 4 ? 0.0f : 1.0f),
              "%s", d->name);
        tu_texel in = {{0.5f, 0.5f, 0.5f, 0.5f}};
        tu_format_encode((tu_format)fi, &in, block);
        CHECK(memcmp(block, copy, sizeof block) == 0, "%s: encode wrote", d->name);
        CHECK(tu_format_from_name(d->name) == (tu_format)fi, "%s", d->name);
        CHECK(tu_format_from_vk(d->vk_format) == (tu_format)fi, "%s", d->name);
    }
    CHECK_EQ_U(compressed, TUC_FORMAT_COUNT - 1);
}

static void test_table_lookup(void) {
    char buf[128], low[128];
    for (int fi = 1; fi < TU_FORMAT_COUNT; fi++) {
        const tu_format_desc *d = tu_format_describe((tu_format)fi);
        if (!d || !d->name) continue;
        const char *name = d->name;
        CHECK_EQ_U(tu_format_from_name(name), fi);
        lower_copy(low, name);
        CHECK(tu_format_from_name(low) == (tu_format)fi, "from_name(\"%s\")", low);
        /* mixed case */
        snprintf(buf, sizeof buf, "%s", name);
        for (size_t i = 0; buf[i]; i += 2)
            buf[i] = low[i];
        CHECK(tu_format_from_name(buf) == (tu_format)fi, "from_name(\"%s\")", buf);
        if (snprintf(buf, sizeof buf, "TU_FORMAT_%s", name) < (int)sizeof buf)
            CHECK(tu_format_from_name(buf) == (tu_format)fi, "from_name(\"%s\")", buf);
        if (snprintf(buf, sizeof buf, "tu_format_%s", low) < (int)sizeof buf)
            CHECK(tu_format_from_name(buf) == (tu_format)fi, "from_name(\"%s\")", buf);
        if (snprintf(buf, sizeof buf, "VK_FORMAT_%s", name) < (int)sizeof buf)
            CHECK(tu_format_from_name(buf) == (tu_format)fi, "from_name(\"%s\")", buf);
        if (snprintf(buf, sizeof buf, "vk_format_%s", low) < (int)sizeof buf)
            CHECK(tu_format_from_name(buf) == (tu_format)fi, "from_name(\"%s\")", buf);
        /* near misses */
        if (snprintf(buf, sizeof buf, "%s_", name) < (int)sizeof buf)
            CHECK(tu_format_from_name(buf) == TU_FORMAT_UNDEFINED, "from_name(\"%s\")", buf);
        if (snprintf(buf, sizeof buf, "%s ", name) < (int)sizeof buf)
            CHECK(tu_format_from_name(buf) == TU_FORMAT_UNDEFINED, "from_name(\"%s\")", buf);
        if (snprintf(buf, sizeof buf, "%s", name) < (int)sizeof buf) {
            buf[strlen(buf) - 1] = 0;
            CHECK(tu_format_from_name(buf) == TU_FORMAT_UNDEFINED, "from_name(\"%s\")", buf);
        }
        if (snprintf(buf, sizeof buf, "TU_FORMAT_VK_FORMAT_%s", name) < (int)sizeof buf)
            CHECK(tu_format_from_name(buf) == TU_FORMAT_UNDEFINED, "from_name(\"%s\")", buf);
        /* by VkFormat number (none for Intel's formats: 0 finds nothing) */
        if (d->vk_format != 0) {
            CHECK(tu_format_from_vk(d->vk_format) == (tu_format)fi, "from_vk(%u) for %s",
                  d->vk_format, name);
            /* the name table gives the same name, and no refusal */
            const char *vk_name = tu_vk_format_name(d->vk_format);
            CHECK(vk_name && strncmp(vk_name, "VK_FORMAT_", 10) == 0 &&
                      strcmp(vk_name + 10, name) == 0,
                  "tu_vk_format_name(%u) is %s, the table's row %s", d->vk_format,
                  vk_name ? vk_name : "NULL", name);
            CHECK(tu_vk_format_refusal(d->vk_format) == NULL, "%s refused", name);
        }
        for (int gi = 1; gi < fi; gi++) {
            const tu_format_desc *g = tu_format_describe((tu_format)gi);
            if (!g || !g->name) continue;
            CHECK(strcmp(g->name, name) != 0, "name %s twice", name);
            CHECK(d->vk_format == 0 || g->vk_format != d->vk_format, "VkFormat %u twice (%s, %s)",
                  d->vk_format, g->name, name);
        }
    }
    static const char *const unknown[] = {"",
                                          "R8",
                                          "UNORM",
                                          "R8_UNORMX",
                                          "XR8_UNORM",
                                          " R8_UNORM",
                                          "R64_UINT",
                                          "TU_FORMAT_",
                                          "VK_FORMAT_",
                                          "TU_FORMAT_UNDEFINED",
                                          "UNDEFINED",
                                          "TU_FORMAT_COUNT",
                                          "BC1_RGB_UNORM",
                                          "R8_UNORM\n"};
    for (size_t i = 0; i < COUNT_OF(unknown); i++)
        CHECK(tu_format_from_name(unknown[i]) == TU_FORMAT_UNDEFINED, "from_name(\"%s\")",
              unknown[i]);
    /* the extensions' names vulkan_core.h keeps as aliases (the KTX suite's file names use them) */
    static const struct {
        const char *alias;
        tu_format format;
    } aliases[] = {
        {"VK_FORMAT_A8_UNORM_KHR", TU_FORMAT_A8_UNORM},
        {"a1b5g5r5_unorm_pack16_khr", TU_FORMAT_A1B5G5R5_UNORM_PACK16},
        {"A4R4G4B4_UNORM_PACK16_EXT", TU_FORMAT_A4R4G4B4_UNORM_PACK16},
        {"TU_FORMAT_A4B4G4R4_UNORM_PACK16_EXT", TU_FORMAT_A4B4G4R4_UNORM_PACK16},
        {"R16G16_S10_5_NV", TU_FORMAT_R16G16_SFIXED5_NV},
    };
    for (size_t i = 0; i < COUNT_OF(aliases); i++)
        CHECK(tu_format_from_name(aliases[i].alias) == aliases[i].format, "from_name(\"%s\")",
              aliases[i].alias);
    CHECK(tu_format_from_name("A8_UNORM_KHR_") == TU_FORMAT_UNDEFINED);
    CHECK(tu_format_from_name("R8_UNORM_KHR") == TU_FORMAT_UNDEFINED);
    static const uint32_t unknown_vk[] = {0,          110,        121,        185,       1000054000,
                                          1000156002, 1000288000, 0x7fffffff, 0xffffffff};
    for (size_t i = 0; i < COUNT_OF(unknown_vk); i++)
        CHECK(tu_format_from_vk(unknown_vk[i]) == TU_FORMAT_UNDEFINED, "from_vk(%u)",
              unknown_vk[i]);
}

/* Every VkFormat the name table knows (the number ranges of Vulkan 1.3 core and the extensions
 * KTX2 lists, vulkan_core.h) is a row of the table or refused with a reason; a KTX2 file of a
 * refused one or of an unknown number says so by name, number and reason. */
static void test_vk_names_and_refusals(void) {
    static const struct {
        uint32_t first, last;
    } ranges[] = {{0, 200},
                  {1000054000, 1000054007},
                  {1000066000, 1000066013},
                  {1000156000, 1000156033},
                  {1000288000, 1000288029},
                  {1000330000, 1000330003},
                  {1000340000, 1000340001},
                  {1000464000, 1000464000},
                  {1000470000, 1000470001}};
    unsigned named = 0, in_table = 0, refused = 0;
    for (size_t r = 0; r < COUNT_OF(ranges); r++)
        for (uint32_t vk = ranges[r].first; vk <= ranges[r].last; vk++) {
            const char *name = tu_vk_format_name(vk);
            const tu_format f = tu_format_from_vk(vk);
            const char *why = tu_vk_format_refusal(vk);
            if (!name) {
                CHECK(f == TU_FORMAT_UNDEFINED && !why, "VkFormat %u: no name, but a row", vk);
                continue;
            }
            named++;
            if (f != TU_FORMAT_UNDEFINED) {
                in_table++;
                CHECK(why == NULL, "%s is a row and refused", name);
                continue;
            }
            refused++;
            if (!CHECK(why != NULL, "%s (%u): neither a row nor refused", name, vk)) continue;
            const bool planar = strstr(name, "PLANE") != NULL,
                       r64 = strncmp(name, "VK_FORMAT_R64", 13) == 0;
            if (planar) CHECK(strstr(why, "multi-planar") != NULL, "%s: %s", name, why);
            if (r64) CHECK(strstr(why, "64-bit") != NULL, "%s: %s", name, why);
        }
    /* refused: the 12 R64 formats, the 24 multi-planar ones (20 of 1.1, 4 of 1.3), the 8 PVRTC
     * and 30 3D ASTC formats, and VK_FORMAT_UNDEFINED */
    CHECK_EQ_U(refused, 12 + 24 + 8 + 30 + 1);
    printf("  %u VkFormats named: %u rows of the table, %u refused with a reason\n", named,
           in_table, refused);

    /* A KTX2 file naming them is refused by name, number and reason: test_ktx2's refusals
     * (in a file that is otherwise valid, so no structural rule of KTX 2.0 speaks first). */
}

static void test_invalid_formats(void) {
    const tu_format bad[] = {TU_FORMAT_UNDEFINED, TU_FORMAT_COUNT, (tu_format)(TU_FORMAT_COUNT + 1),
                             (tu_format)9999, (tu_format)-1};
    for (size_t i = 0; i < COUNT_OF(bad); i++) {
        tu_format f = bad[i];
        CHECK(tu_format_describe(f) == NULL, "describe(%d)", (int)f);
        CHECK(!tu_format_is_valid(f), "is_valid(%d)", (int)f);
        CHECK_EQ_U(tu_format_bytes(f), 0);
        uint8_t src[32], dst[32], ref[32];
        memset(src, 0xff, sizeof src);
        tu_texel t;
        memset(&t, 0x55, sizeof t);
        tu_format_decode(f, src, &t);
        CHECK(t.u[0] == 0 && t.u[1] == 0 && t.u[2] == 0 && t.f[3] == 1.0f,
              "decode(%d) = (0x%x, 0x%x, 0x%x, 0x%x)", (int)f, t.u[0], t.u[1], t.u[2], t.u[3]);
        CHECK_EQ_U(tu_format_decode_stencil(f, src), 0);
        memset(dst, 0xa7, sizeof dst);
        memcpy(ref, dst, sizeof dst);
        t.f[0] = t.f[1] = t.f[2] = t.f[3] = 0.5f;
        tu_format_encode(f, &t, dst);
        CHECK(memcmp(dst, ref, sizeof dst) == 0, "encode(%d) wrote", (int)f);
        tu_format_encode_stencil(f, 3, dst);
        CHECK(memcmp(dst, ref, sizeof dst) == 0, "encode_stencil(%d) wrote", (int)f);
    }
    /* formats without stencil: decode_stencil 0, encode_stencil writes nothing */
    for (int fi = 1; fi < TU_FORMAT_COUNT; fi++) {
        const tu_format_desc *d = tu_format_describe((tu_format)fi);
        if (!d || (d->flags & TU_FORMAT_FLAG_STENCIL)) continue;
        uint8_t buf[32], ref[32];
        memset(buf, 0xff, sizeof buf);
        memcpy(ref, buf, sizeof buf);
        CHECK(tu_format_decode_stencil((tu_format)fi, buf) == 0, "%s", d->name);
        tu_format_encode_stencil((tu_format)fi, 7, buf);
        CHECK(memcmp(buf, ref, sizeof buf) == 0, "encode_stencil(%s) wrote", d->name);
    }
}

/* ---------------------------------------------------------------------------------------- */
/* 2./3. Decode of every code (<= 16-bit fields) or edge codes, and encode(decode(t))        */
/* ---------------------------------------------------------------------------------------- */

/* The slot of tu_texel a field decodes into, or -1 when decode does not return it. */
static int slot_of(const tu_format_desc *d, const tu_channel *c) {
    switch (c->component) {
    case TU_COMPONENT_R: return 0;
    case TU_COMPONENT_G: return 1;
    case TU_COMPONENT_B: return 2;
    case TU_COMPONENT_A: return 3;
    case TU_COMPONENT_D: return 0;
    case TU_COMPONENT_S: return (d->flags & TU_FORMAT_FLAG_DEPTH) ? -1 : 0;
    case TU_COMPONENT_L: /* luminance: R, G, B; intensity: R, G, B, A (format_list.h) */
    case TU_COMPONENT_I: return 0;
    default: return -1;
    }
}

static const tu_channel *find_numeric(const tu_format_desc *d, int numeric) {
    for (int c = 0; c < d->channel_count; c++)
        if (d->channels[c].numeric == numeric) return &d->channels[c];
    return NULL;
}

/* The reference value of one field code, as float bits or integer: computed once per
 * (numeric type, width, code) for fields of at most 16 bits, the exhaustive loops ask for
 * each millions of times. */
static uint32_t field_value(const tu_channel *ch, uint32_t code, uint32_t e);

static uint32_t cached_field_value(const tu_channel *ch, uint32_t code, uint32_t e) {
    static uint32_t *cache[TU_NUMERIC_SFIXED5 + 1][17];
    if (ch->bits > 16 || ch->numeric > TU_NUMERIC_SFIXED5 || ch->numeric == TU_NUMERIC_SHAREDEXP)
        return field_value(ch, code, e);
    uint32_t **slot = &cache[ch->numeric][ch->bits];
    if (!*slot) {
        uint32_t n = 1u << ch->bits;
        *slot = malloc(n * sizeof **slot);
        if (!*slot) return field_value(ch, code, e);
        for (uint32_t k = 0; k < n; k++)
            (*slot)[k] = field_value(ch, k, 0);
    }
    return (*slot)[code];
}

static uint32_t field_value(const tu_channel *ch, uint32_t code, uint32_t e) {
    switch (ch->numeric) {
    case TU_NUMERIC_UNORM: return f2u(rn_div(code, mask_of(ch->bits)));
    case TU_NUMERIC_SNORM: {
        int32_t v = sign_extend(code, ch->bits);
        uint32_t dd = mask_of(ch->bits - 1u);
        if (v < -(int32_t)dd) return f2u(-1.0f);
        if (v < 0) return f2u(-rn_div((uint32_t)-v, dd));
        return f2u(rn_div((uint32_t)v, dd));
    }
    case TU_NUMERIC_UINT: return code;
    case TU_NUMERIC_SINT: return (uint32_t)sign_extend(code, ch->bits);
    case TU_NUMERIC_SFLOAT: return ch->bits == 16 ? f2u(ref_half_to_float(code)) : code;
    case TU_NUMERIC_UFLOAT: return f2u(ref_ufloat_to_float(code, ch->bits - 5u));
    case TU_NUMERIC_SRGB: return f2u(ref_srgb_decode(code, ch->bits));
    case TU_NUMERIC_SHAREDEXP: return f2u(ref_sharedexp_value(code, e));
    /* scaled: the integer as a float (exact for these widths); SFIXED5: c * 2^-5 */
    case TU_NUMERIC_USCALED: return f2u((float)code);
    case TU_NUMERIC_SSCALED: return f2u((float)sign_extend(code, ch->bits));
    case TU_NUMERIC_SFIXED5: return f2u((float)ldexp((double)sign_extend(code, ch->bits), -5));
    default: return 0;
    }
}

/* The texel decode should give for the field codes. */
static void expected_decode(const tu_format_desc *d, const uint32_t codes[4], tu_texel *t) {
    if (d->format_class == TU_CLASS_FLOAT) {
        t->f[0] = t->f[1] = t->f[2] = 0.0f;
        t->f[3] = 1.0f;
    } else {
        t->u[0] = t->u[1] = t->u[2] = 0;
        t->u[3] = 1;
    }
    uint32_t e = 0;
    for (int c = 0; c < d->channel_count; c++)
        if (d->channels[c].numeric == TU_NUMERIC_EXP) e = codes[c];
    for (int c = 0; c < d->channel_count; c++) {
        const tu_channel *ch = &d->channels[c];
        int s = slot_of(d, ch);
        uint32_t code = codes[c];
        if (s < 0) continue;
        t->u[s] = cached_field_value(ch, code, e);
        if (ch->component == TU_COMPONENT_L) t->u[1] = t->u[2] = t->u[0];
        if (ch->component == TU_COMPONENT_I) t->u[1] = t->u[2] = t->u[3] = t->u[0];
    }
}

static int texel_equal(const tu_format_desc *d, const tu_texel *a, const tu_texel *b) {
    for (int k = 0; k < 4; k++) {
        if (d->format_class == TU_CLASS_FLOAT ? !same_float(a->f[k], b->f[k]) : a->u[k] != b->u[k])
            return 0;
    }
    return 1;
}

static void describe_codes(char *buf, size_t size, const tu_format_desc *d,
                           const uint32_t codes[4]) {
    int n = snprintf(buf, size, "%s fields", d->name);
    for (int c = 0; c < d->channel_count && n > 0 && (size_t)n < size; c++)
        n += snprintf(buf + n, size - (size_t)n, " 0x%x", codes[c]);
}

#define TEXEL_OFFSET 3 /* decode reads any alignment */
#define ENC_OFFSET   5
#define GUARD        0xc3

/* Build the texel from the field codes, decode it and compare with the reference, then encode
 * the decoded value and check what comes back field by field; stencil formats also check
 * decode_stencil and encode_stencil. */
static void check_codes(const tu_format_desc *d, const uint32_t codes[4], uint64_t *rng) {
    uint8_t src[32], dst[32];
    char what[160];
    tu_texel want, got;
    memset(src, 0xa5, sizeof src);
    memset(src + TEXEL_OFFSET, 0, d->bytes);
    for (int c = 0; c < d->channel_count; c++)
        put_bits(src + TEXEL_OFFSET, d->channels[c].shift, d->channels[c].bits, codes[c]);

    expected_decode(d, codes, &want);
    memset(&got, 0x5a, sizeof got);
    tu_format_decode(d->format, src + TEXEL_OFFSET, &got);
    if (!texel_equal(d, &want, &got)) {
        describe_codes(what, sizeof what, d, codes);
        CHECK(0,
              "decode %s: got (0x%08x 0x%08x 0x%08x 0x%08x) = (%.9g %.9g %.9g %.9g), "
              "want (0x%08x 0x%08x 0x%08x 0x%08x) = (%.9g %.9g %.9g %.9g)",
              what, got.u[0], got.u[1], got.u[2], got.u[3], (double)got.f[0], (double)got.f[1],
              (double)got.f[2], (double)got.f[3], want.u[0], want.u[1], want.u[2], want.u[3],
              (double)want.f[0], (double)want.f[1], (double)want.f[2], (double)want.f[3]);
    } else {
        tu_test_checks++;
    }

    const tu_channel *st = NULL;
    for (int c = 0; c < d->channel_count; c++)
        if (d->channels[c].component == TU_COMPONENT_S) st = &d->channels[c];
    if (st) { /* (other formats: test_invalid_formats) */
        uint32_t want_s = codes[st - d->channels];
        uint32_t got_s = tu_format_decode_stencil(d->format, src + TEXEL_OFFSET);
        if (got_s != want_s) {
            describe_codes(what, sizeof what, d, codes);
            CHECK(0, "decode_stencil %s: got %u, want %u", what, got_s, want_s);
        }
    }

    /* encode(decode(t)) */
    memset(dst, GUARD, sizeof dst);
    tu_format_encode(d->format, &got, dst + ENC_OFFSET);
    static uint8_t guard[sizeof dst];
    if (guard[0] != GUARD) memset(guard, GUARD, sizeof guard);
    if (memcmp(dst, guard, ENC_OFFSET) != 0 ||
        memcmp(dst + ENC_OFFSET + d->bytes, guard, sizeof dst - ENC_OFFSET - d->bytes) != 0) {
        describe_codes(what, sizeof what, d, codes);
        CHECK(0, "encode %s wrote outside its %u bytes", what, d->bytes);
    }
    if (d->flags & TU_FORMAT_FLAG_SHARED_EXP) {
        /* values survive; the bits do when the texel is normalised (largest mantissa >= 256)
         * or the exponent is already 0 */
        tu_texel again;
        tu_format_decode(d->format, dst + ENC_OFFSET, &again);
        uint32_t max_m = 0, e = 0;
        for (int c = 0; c < d->channel_count; c++) {
            if (d->channels[c].numeric == TU_NUMERIC_SHAREDEXP && codes[c] > max_m)
                max_m = codes[c];
            if (d->channels[c].numeric == TU_NUMERIC_EXP) e = codes[c];
        }
        int exact = max_m >= 256 || e == 0;
        if (!texel_equal(d, &got, &again) ||
            (exact && memcmp(dst + ENC_OFFSET, src + TEXEL_OFFSET, d->bytes) != 0)) {
            describe_codes(what, sizeof what, d, codes);
            CHECK(0, "encode(decode) %s: got 0x%08x", what, get_bits(dst + ENC_OFFSET, 0, 32));
        } else {
            tu_test_checks++;
        }
    } else {
        for (int c = 0; c < d->channel_count; c++) {
            const tu_channel *ch = &d->channels[c];
            uint32_t out = get_bits(dst + ENC_OFFSET, ch->shift, ch->bits), code = codes[c];
            uint32_t want_code = code;
            int want_nan = 0;
            if (ch->numeric == TU_NUMERIC_PAD)
                want_code = 0;
            else if (ch->component == TU_COMPONENT_S && (d->flags & TU_FORMAT_FLAG_DEPTH))
                want_code = 0; /* encode zeroes the stencil of a depth/stencil texel */
            else if (ch->numeric == TU_NUMERIC_SNORM && code == 1u << (ch->bits - 1))
                want_code = code + 1; /* -2^(n-1) -> -1.0 -> -(2^(n-1)-1) */
            else if (ch->numeric == TU_NUMERIC_SFLOAT && ch->bits == 16 && half_is_nan(code))
                want_nan = 1;
            else if (ch->numeric == TU_NUMERIC_UFLOAT && ufloat_is_nan(code, ch->bits - 5u))
                want_nan = 1;
            int ok = want_nan
                         ? (ch->bits == 16 ? half_is_nan(out) : ufloat_is_nan(out, ch->bits - 5u))
                         : out == want_code;
            if (!ok) {
                describe_codes(what, sizeof what, d, codes);
                CHECK(0, "encode(decode) %s: field %d is 0x%x, want %s0x%x", what, c, out,
                      want_nan ? "a NaN like " : "", want_code);
            } else {
                tu_test_checks++;
            }
        }
    }

    /* encode_stencil keeps every other bit */
    if (st) {
        uint32_t s = rand32(rng) % 300u;
        uint8_t tex[sizeof src];
        memcpy(tex, src, sizeof tex);
        tu_format_encode_stencil(d->format, s, tex + TEXEL_OFFSET);
        uint8_t expect[sizeof src];
        memcpy(expect, src, sizeof expect);
        put_bits(expect + TEXEL_OFFSET, st->shift, st->bits, s > 255 ? 255 : s);
        if (memcmp(tex, expect, sizeof tex) != 0) {
            describe_codes(what, sizeof what, d, codes);
            CHECK(0, "encode_stencil(%u) on %s changed the wrong bits", s, what);
        } else {
            tu_test_checks++;
        }
    }
}

static int max_field_bits(const tu_format_desc *d) {
    int m = 0;
    for (int c = 0; c < d->channel_count; c++)
        if (d->channels[c].bits > m) m = d->channels[c].bits;
    return m;
}

static void random_codes(const tu_format_desc *d, uint32_t codes[4], uint64_t *rng) {
    for (int c = 0; c < 4; c++)
        codes[c] = c < d->channel_count ? rand32(rng) & mask_of(d->channels[c].bits) : 0;
}

/* Every code of every field, for the formats whose fields are at most 16 bits wide. Field c of
 * texel k holds (a_c * k + b_c) mod 2^bits with a_c odd: over k = 0 .. 2^(widest field) - 1
 * every field runs through all its codes while the others vary. Narrow formats are swept a
 * second time a field at a time with the other fields random. */
static void test_decode_exhaustive(void) {
    static const uint32_t mul[4] = {1, 0x9e37u, 0x85ebu, 0xc2b3u};
    uint64_t rng = tu_test_seed(0x1234);
    for (int fi = 1; fi < TU_FORMAT_COUNT; fi++) {
        const tu_format_desc *d = tu_format_describe((tu_format)fi);
        if (!d || (d->flags & TU_FORMAT_FLAG_COMPRESSED) || max_field_bits(d) > 16) continue;
        uint32_t add[4], n = 1u << max_field_bits(d);
        for (int c = 0; c < 4; c++)
            add[c] = rand32(&rng);
        for (uint32_t k = 0; k < n; k++) {
            uint32_t codes[4] = {0};
            for (int c = 0; c < d->channel_count; c++)
                codes[c] = (mul[c] * k + add[c]) & mask_of(d->channels[c].bits);
            check_codes(d, codes, &rng);
        }
        if (max_field_bits(d) > 11) continue;
        for (int c = 0; c < d->channel_count; c++) {
            for (uint32_t code = 0; code <= mask_of(d->channels[c].bits); code++) {
                uint32_t codes[4];
                random_codes(d, codes, &rng);
                codes[c] = code;
                check_codes(d, codes, &rng);
            }
        }
    }
    /* E5B9G9R9: every exponent with every mantissa of each channel */
    const tu_format_desc *d = tu_format_describe(TU_FORMAT_E5B9G9R9_UFLOAT_PACK32);
    if (!CHECK(d != NULL)) return;
    const tu_channel *ex = find_numeric(d, TU_NUMERIC_EXP);
    if (!CHECK(ex != NULL)) return;
    int ei = (int)(ex - d->channels);
    for (uint32_t e = 0; e < 32; e++)
        for (int c = 0; c < d->channel_count; c++) {
            if (c == ei) continue;
            for (uint32_t m = 0; m < 512; m++) {
                uint32_t codes[4];
                random_codes(d, codes, &rng);
                codes[ei] = e;
                codes[c] = m;
                check_codes(d, codes, &rng);
                codes[(c + 1) % 3] = codes[(c + 2) % 3] = 0; /* alone: renormalised */
                check_codes(d, codes, &rng);
            }
        }
}

/* The edge codes of a field of more than 16 bits. */
static size_t edge_codes(const tu_channel *ch, uint32_t *out, size_t cap, uint64_t *rng) {
    static const uint32_t float_edges[] = {
        0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x00000001u, 0x80000001u,
        0x007fffffu, 0x807fffffu, 0x00800000u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u,
        0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7fc12345u, 0x7f800001u, 0x7fbfffffu,
        0xff812345u, 0x7fffffffu, 0xffffffffu, 0x3eaaaaabu, 0x3f000000u, 0x4b800001u};
    static const uint32_t int_edges[] = {0,          1,          2,          3,          0x7f,
                                         0x80,       0xff,       0x100,      0x7fff,     0x8000,
                                         0xffff,     0x10000,    0x7fffff,   0x800000,   0x800001,
                                         0xfffffe,   0xffffff,   0x1000000,  0x7fffffff, 0x80000000,
                                         0x80000001, 0xfffffffe, 0xffffffff, 0x12345678};
    size_t n = 0;
    if (ch->numeric == TU_NUMERIC_SFLOAT && ch->bits == 32) {
        for (size_t i = 0; i < COUNT_OF(float_edges) && n < cap; i++)
            out[n++] = float_edges[i];
    } else {
        for (size_t i = 0; i < COUNT_OF(int_edges) && n < cap; i++)
            if (int_edges[i] <= mask_of(ch->bits)) out[n++] = int_edges[i];
    }
    for (int i = 0; i < 64 && n < cap; i++)
        out[n++] = rand32(rng) & mask_of(ch->bits);
    return n;
}

/* Formats with a field of more than 16 bits: edge values of every field; every code of the
 * narrow fields (stencil, padding); a stride through the 24-bit depth codes. */
static void test_decode_edges(void) {
    uint64_t rng = tu_test_seed(0x5678);
    for (int fi = 1; fi < TU_FORMAT_COUNT; fi++) {
        const tu_format_desc *d = tu_format_describe((tu_format)fi);
        if (!d || (d->flags & TU_FORMAT_FLAG_COMPRESSED) || max_field_bits(d) <= 16) continue;
        for (int c = 0; c < d->channel_count; c++) {
            const tu_channel *ch = &d->channels[c];
            uint32_t list[128];
            size_t n;
            if (ch->bits <= 16) {
                for (uint32_t code = 0; code <= mask_of(ch->bits); code++) {
                    uint32_t codes[4];
                    random_codes(d, codes, &rng);
                    codes[c] = code;
                    check_codes(d, codes, &rng);
                }
                continue;
            }
            n = edge_codes(ch, list, COUNT_OF(list), &rng);
            for (size_t i = 0; i < n; i++) {
                uint32_t codes[4];
                /* the others random, then the others at edges too */
                random_codes(d, codes, &rng);
                codes[c] = list[i];
                check_codes(d, codes, &rng);
                for (int o = 0; o < d->channel_count; o++)
                    if (o != c)
                        codes[o] = list[(i + 7u * (unsigned)o) % n] & mask_of(d->channels[o].bits);
                check_codes(d, codes, &rng);
            }
            if (ch->bits == 24)
                for (uint32_t code = 0; code <= mask_of(24); code += 1021) {
                    uint32_t codes[4];
                    random_codes(d, codes, &rng);
                    codes[c] = code;
                    check_codes(d, codes, &rng);
                }
        }
    }
}

/* Hand-written texels: where each layout puts which component. */
static void check_literal(tu_format f, const uint8_t *bytes, float r, float g, float b, float a) {
    tu_texel t;
    const tu_format_desc *d = tu_format_describe(f);
    if (!CHECK(d != NULL)) return;
    tu_format_decode(f, bytes, &t);
    CHECK(t.f[0] == r && t.f[1] == g && t.f[2] == b && t.f[3] == a,
          "%s: got (%.9g %.9g %.9g %.9g), want (%.9g %.9g %.9g %.9g)", d->name, (double)t.f[0],
          (double)t.f[1], (double)t.f[2], (double)t.f[3], (double)r, (double)g, (double)b,
          (double)a);
    /* and back */
    uint8_t out[16] = {0};
    tu_format_encode(f, &t, out);
    CHECK(memcmp(out, bytes, d->bytes) == 0, "%s: encode does not give the bytes back", d->name);
}

static void test_literal_layouts(void) {
    const float k1 = 1.0f;
    check_literal(TU_FORMAT_B8G8R8A8_UNORM, (const uint8_t[]){0xff, 0, 0, 0}, 0, 0, k1, 0);
    check_literal(TU_FORMAT_B8G8R8A8_UNORM, (const uint8_t[]){0, 0, 0xff, 0}, k1, 0, 0, 0);
    check_literal(TU_FORMAT_R8G8B8A8_UNORM, (const uint8_t[]){0xff, 0, 0, 0}, k1, 0, 0, 0);
    check_literal(TU_FORMAT_R8G8B8A8_UNORM, (const uint8_t[]){0, 0, 0, 0xff}, 0, 0, 0, k1);
    check_literal(TU_FORMAT_R8G8_UNORM, (const uint8_t[]){0, 0xff}, 0, k1, 0, k1);
    check_literal(TU_FORMAT_R16_UNORM, (const uint8_t[]){0xff, 0xff}, k1, 0, 0, k1);
    check_literal(TU_FORMAT_R16_SFLOAT, (const uint8_t[]){0x00, 0x3c}, k1, 0, 0, k1);
    check_literal(TU_FORMAT_R16_SFLOAT, (const uint8_t[]){0x00, 0xc0}, -2.0f, 0, 0, k1);
    check_literal(TU_FORMAT_R16_SNORM, (const uint8_t[]){0x01, 0x80}, -1.0f, 0, 0, k1);
    /* R5G6B5: R in bits 15:11, G 10:5, B 4:0 */
    check_literal(TU_FORMAT_R5G6B5_UNORM_PACK16, (const uint8_t[]){0x00, 0xf8}, k1, 0, 0, k1);
    check_literal(TU_FORMAT_R5G6B5_UNORM_PACK16, (const uint8_t[]){0xe0, 0x07}, 0, k1, 0, k1);
    check_literal(TU_FORMAT_R5G6B5_UNORM_PACK16, (const uint8_t[]){0x1f, 0x00}, 0, 0, k1, k1);
    /* R4G4B4A4: R in 15:12 ... A in 3:0 */
    check_literal(TU_FORMAT_R4G4B4A4_UNORM_PACK16, (const uint8_t[]){0x00, 0xf0}, k1, 0, 0, 0);
    check_literal(TU_FORMAT_R4G4B4A4_UNORM_PACK16, (const uint8_t[]){0x00, 0x0f}, 0, k1, 0, 0);
    check_literal(TU_FORMAT_R4G4B4A4_UNORM_PACK16, (const uint8_t[]){0xf0, 0x00}, 0, 0, k1, 0);
    check_literal(TU_FORMAT_R4G4B4A4_UNORM_PACK16, (const uint8_t[]){0x0f, 0x00}, 0, 0, 0, k1);
    /* R5G5B5A1: R 15:11, G 10:6, B 5:1, A 0 */
    check_literal(TU_FORMAT_R5G5B5A1_UNORM_PACK16, (const uint8_t[]){0x00, 0xf8}, k1, 0, 0, 0);
    check_literal(TU_FORMAT_R5G5B5A1_UNORM_PACK16, (const uint8_t[]){0xc0, 0x07}, 0, k1, 0, 0);
    check_literal(TU_FORMAT_R5G5B5A1_UNORM_PACK16, (const uint8_t[]){0x3e, 0x00}, 0, 0, k1, 0);
    check_literal(TU_FORMAT_R5G5B5A1_UNORM_PACK16, (const uint8_t[]){0x01, 0x00}, 0, 0, 0, k1);
    /* A2B10G10R10: A 31:30, B 29:20, G 19:10, R 9:0 */
    check_literal(TU_FORMAT_A2B10G10R10_UNORM_PACK32, (const uint8_t[]){0, 0, 0, 0xc0}, 0, 0, 0,
                  k1);
    check_literal(TU_FORMAT_A2B10G10R10_UNORM_PACK32, (const uint8_t[]){0, 0, 0xf0, 0x3f}, 0, 0, k1,
                  0);
    check_literal(TU_FORMAT_A2B10G10R10_UNORM_PACK32, (const uint8_t[]){0, 0xfc, 0x0f, 0}, 0, k1, 0,
                  0);
    check_literal(TU_FORMAT_A2B10G10R10_UNORM_PACK32, (const uint8_t[]){0xff, 0x03, 0, 0}, k1, 0, 0,
                  0);
    /* B10G11R11: R 10:0, G 21:11, B 31:22; 1.0 is exponent 15, mantissa 0 */
    check_literal(TU_FORMAT_B10G11R11_UFLOAT_PACK32, (const uint8_t[]){0xc0, 0x03, 0, 0}, k1, 0, 0,
                  k1);
    check_literal(TU_FORMAT_B10G11R11_UFLOAT_PACK32, (const uint8_t[]){0, 0x00, 0x1e, 0}, 0, k1, 0,
                  k1);
    check_literal(TU_FORMAT_B10G11R11_UFLOAT_PACK32, (const uint8_t[]){0, 0, 0, 0x78}, 0, 0, k1,
                  k1);
    /* E5B9G9R9: E 31:27, B 26:18, G 17:9, R 8:0; 1.0 = 256 * 2^(16-24) */
    check_literal(TU_FORMAT_E5B9G9R9_UFLOAT_PACK32, (const uint8_t[]){0x00, 0x01, 0, 0x80}, k1, 0,
                  0, k1);
    check_literal(TU_FORMAT_E5B9G9R9_UFLOAT_PACK32, (const uint8_t[]){0x00, 0x00, 0x02, 0x80}, 0,
                  k1, 0, k1);
    check_literal(TU_FORMAT_E5B9G9R9_UFLOAT_PACK32, (const uint8_t[]){0x00, 0x00, 0x00, 0x84}, 0, 0,
                  k1, k1);
    check_literal(TU_FORMAT_E5B9G9R9_UFLOAT_PACK32, (const uint8_t[]){0xff, 0xff, 0xff, 0xff},
                  65408.0f, 65408.0f, 65408.0f, k1);
    /* depth */
    check_literal(TU_FORMAT_D16_UNORM, (const uint8_t[]){0xff, 0xff}, k1, 0, 0, k1);
    check_literal(TU_FORMAT_X8_D24_UNORM_PACK32, (const uint8_t[]){0xff, 0xff, 0xff, 0}, k1, 0, 0,
                  k1);
    check_literal(TU_FORMAT_D24_UNORM_S8_UINT, (const uint8_t[]){0xff, 0xff, 0xff, 0}, k1, 0, 0,
                  k1);
    check_literal(TU_FORMAT_D32_SFLOAT, (const uint8_t[]){0, 0, 0x80, 0x3f}, k1, 0, 0, k1);
    check_literal(TU_FORMAT_D32_SFLOAT_S8_UINT, (const uint8_t[]){0, 0, 0x80, 0x3f, 0, 0, 0, 0}, k1,
                  0, 0, k1);

    /* stencil */
    const uint8_t ds24[4] = {0x00, 0x00, 0x80, 0xab};
    CHECK_EQ_U(tu_format_decode_stencil(TU_FORMAT_D24_UNORM_S8_UINT, ds24), 0xab);
    tu_texel t;
    tu_format_decode(TU_FORMAT_D24_UNORM_S8_UINT, ds24, &t);
    CHECK(t.f[0] == rn_div(0x800000, 0xffffff), "%.9g", (double)t.f[0]);
    const uint8_t ds32[8] = {0x00, 0x00, 0x00, 0x3f, 0x07, 0xee, 0xee, 0xee};
    CHECK_EQ_U(tu_format_decode_stencil(TU_FORMAT_D32_SFLOAT_S8_UINT, ds32), 7);
    tu_format_decode(TU_FORMAT_D32_SFLOAT_S8_UINT, ds32, &t);
    CHECK(t.f[0] == 0.5f, "%.9g", (double)t.f[0]);
    const uint8_t s8[1] = {0xfe};
    CHECK_EQ_U(tu_format_decode_stencil(TU_FORMAT_S8_UINT, s8), 0xfe);
    tu_format_decode(TU_FORMAT_S8_UINT, s8, &t);
    CHECK(t.u[0] == 0xfe && t.u[1] == 0 && t.u[2] == 0 && t.u[3] == 1, "S8 (%u %u %u %u)", t.u[0],
          t.u[1], t.u[2], t.u[3]);

    /* encode: stencil and padding become 0; encode_stencil keeps the rest */
    uint8_t buf[8];
    memset(buf, 0xff, sizeof buf);
    t.f[0] = 1.0f;
    t.f[1] = t.f[2] = t.f[3] = 0.25f;
    tu_format_encode(TU_FORMAT_D24_UNORM_S8_UINT, &t, buf);
    CHECK(buf[0] == 0xff && buf[1] == 0xff && buf[2] == 0xff && buf[3] == 0,
          "D24S8 %02x%02x%02x%02x", buf[3], buf[2], buf[1], buf[0]);
    tu_format_encode_stencil(TU_FORMAT_D24_UNORM_S8_UINT, 1000, buf);
    CHECK(buf[0] == 0xff && buf[1] == 0xff && buf[2] == 0xff && buf[3] == 0xff,
          "D24S8 %02x%02x%02x%02x", buf[3], buf[2], buf[1], buf[0]);
    tu_format_encode_stencil(TU_FORMAT_D24_UNORM_S8_UINT, 0x12, buf);
    CHECK(buf[0] == 0xff && buf[1] == 0xff && buf[2] == 0xff && buf[3] == 0x12,
          "D24S8 %02x%02x%02x%02x", buf[3], buf[2], buf[1], buf[0]);
    memset(buf, 0xff, sizeof buf);
    tu_format_encode(TU_FORMAT_X8_D24_UNORM_PACK32, &t, buf);
    CHECK(buf[0] == 0xff && buf[1] == 0xff && buf[2] == 0xff && buf[3] == 0, "X8D24 %02x", buf[3]);
    memset(buf, 0xff, sizeof buf);
    tu_format_encode(TU_FORMAT_D32_SFLOAT_S8_UINT, &t, buf);
    CHECK(memcmp(buf, (const uint8_t[]){0, 0, 0x80, 0x3f, 0, 0, 0, 0}, 8) == 0,
          "D32S8 %02x %02x %02x %02x | %02x %02x %02x %02x", buf[0], buf[1], buf[2], buf[3], buf[4],
          buf[5], buf[6], buf[7]);
    buf[5] = 0x99;
    tu_format_encode_stencil(TU_FORMAT_D32_SFLOAT_S8_UINT, 256, buf);
    CHECK(memcmp(buf, (const uint8_t[]){0, 0, 0x80, 0x3f, 0xff, 0x99, 0, 0}, 8) == 0,
          "D32S8 %02x %02x %02x %02x | %02x %02x %02x %02x", buf[0], buf[1], buf[2], buf[3], buf[4],
          buf[5], buf[6], buf[7]);
    tu_texel s = {.u = {300, 5, 6, 7}};
    memset(buf, 0xff, sizeof buf);
    tu_format_encode(TU_FORMAT_S8_UINT, &s, buf);
    CHECK(buf[0] == 0xff && buf[1] == 0xff, "S8 encode 300 -> %u", buf[0]);
    tu_format_encode_stencil(TU_FORMAT_S8_UINT, 9, buf);
    CHECK_EQ_U(buf[0], 9);
}

/* ---------------------------------------------------------------------------------------- */
/* 4. Encode from float / integer values                                                     */
/* ---------------------------------------------------------------------------------------- */

/* Encode value v into the slot of channel ch (the other slots hold fill) and return the
 * field's bits. */
static uint32_t encode_one(const tu_format_desc *d, const tu_channel *ch, tu_texel in) {
    uint8_t buf[24];
    memset(buf, 0xee, sizeof buf);
    tu_format_encode(d->format, &in, buf);
    return get_bits(buf, ch->shift, ch->bits);
}

static uint32_t encode_float_field(const tu_format_desc *d, const tu_channel *ch, float v) {
    tu_texel in = {.f = {0.25f, 0.75f, 0.125f, 0.5f}};
    in.f[slot_of(d, ch)] = v;
    return encode_one(d, ch, in);
}

static void check_fixed_encode(const tu_format_desc *d, const tu_channel *ch, float v) {
    uint32_t got = encode_float_field(d, ch, v), want;
    int ambiguous = 0;
    if (ch->numeric == TU_NUMERIC_UNORM)
        want = ref_unorm_encode(v, ch->bits);
    else if (ch->numeric == TU_NUMERIC_SNORM)
        want = (uint32_t)ref_snorm_encode(v, ch->bits) & mask_of(ch->bits);
    else
        want = ref_srgb_encode(v, ch->bits, &ambiguous);
    if (ambiguous) return;
    if (got != want) {
        CHECK(0, "encode %s channel at bit %u of %.9g (0x%08x): got 0x%x, want 0x%x", d->name,
              ch->shift, (double)v, f2u(v), got, want);
    } else {
        tu_test_checks++;
    }
}

/* The float nearest x and two on either side. */
static void check_near(const tu_format_desc *d, const tu_channel *ch, long double x) {
    float f = (float)x;
    float lo = f, hi = f;
    check_fixed_encode(d, ch, f);
    for (int j = 0; j < 2; j++) {
        lo = nextafterf(lo, -INFINITY);
        hi = nextafterf(hi, INFINITY);
        check_fixed_encode(d, ch, lo);
        check_fixed_encode(d, ch, hi);
    }
}

/* unorm, snorm, sRGB: special values, random values and the floats around the rounding
 * midpoints (k + 0.5) / (2^b - 1) (sRGB: EOTF((k + 0.5) / 255)). */
static void test_encode_fixed(void) {
    static const float specials[] = {0.0f,     -0.0f,     1.0f,       -1.0f,    0.5f,    -0.5f,
                                     0.25f,    2.0f,      -2.0f,      1e-45f,   -1e-45f, 1e-30f,
                                     1e30f,    -1e30f,    FLT_MAX,    -FLT_MAX, FLT_MIN, 0.999999f,
                                     1.00001f, -1.00001f, 0.0031308f, 0.04045f};
    int seen[16][33] = {{0}};
    uint64_t rng = tu_test_seed(99);
    for (int fi = 1; fi < TU_FORMAT_COUNT; fi++) {
        const tu_format_desc *d = tu_format_describe((tu_format)fi);
        if (!d || (d->flags & TU_FORMAT_FLAG_COMPRESSED) || d->format_class != TU_CLASS_FLOAT)
            continue;
        for (int c = 0; c < d->channel_count; c++) {
            const tu_channel *ch = &d->channels[c];
            if (ch->numeric != TU_NUMERIC_UNORM && ch->numeric != TU_NUMERIC_SNORM &&
                ch->numeric != TU_NUMERIC_SRGB)
                continue;
            if (slot_of(d, ch) < 0) continue;
            for (size_t i = 0; i < COUNT_OF(specials); i++)
                check_fixed_encode(d, ch, specials[i]);
            /* NaN -> 0, infinities clamp */
            CHECK(encode_float_field(d, ch, NAN) == 0, "%s: NaN", d->name);
            CHECK(encode_float_field(d, ch, -NAN) == 0, "%s: -NaN", d->name);
            CHECK(encode_float_field(d, ch, u2f(0x7f800001u)) == 0, "%s: sNaN", d->name);
            check_fixed_encode(d, ch, INFINITY);
            check_fixed_encode(d, ch, -INFINITY);
            for (int i = 0; i < 2000; i++) {
                float v = (float)((double)rand32(&rng) / 4294967296.0 * 3.0 - 1.5);
                check_fixed_encode(d, ch, v);
                check_fixed_encode(d, ch, u2f(rand32(&rng)));
            }
            /* every midpoint up to 10 bits, 1 in 5 of 16 bits, 1 in 2049 of 24 bits; a
             * stride of 1/1024 of the range for a kind and width seen before */
            uint32_t stride = ch->bits <= 10 ? 1u : ch->bits <= 16 ? 5u : 2049u;
            if (seen[ch->numeric][ch->bits]++) stride = 1u + mask_of(ch->bits) / 1024u;
            if (ch->numeric == TU_NUMERIC_UNORM) {
                long double dd = (long double)mask_of(ch->bits);
                for (uint32_t k = 0; k < mask_of(ch->bits); k += stride)
                    check_near(d, ch, ((long double)k + 0.5L) / dd);
            } else if (ch->numeric == TU_NUMERIC_SNORM) {
                int32_t dd = (int32_t)mask_of(ch->bits - 1u);
                for (int32_t k = -dd; k < dd; k += (int32_t)stride)
                    check_near(d, ch, ((long double)k + 0.5L) / (long double)dd);
            } else {
                long double dd = (long double)mask_of(ch->bits);
                for (uint32_t k = 0; k < mask_of(ch->bits); k += stride)
                    check_near(d, ch, ref_eotf(((long double)k + 0.5L) / dd));
            }
        }
    }
}

/* The documented tie and clamp cases, written out. */
static void test_encode_literals(void) {
    const tu_format_desc *d;
#define ENC_F(fmt, ch_index, v, want)                                                           \
    do {                                                                                        \
        d = tu_format_describe(fmt);                                                            \
        if (CHECK(d != NULL)) {                                                                 \
            uint32_t got_ = encode_float_field(d, &d->channels[ch_index], (v));                 \
            CHECK(got_ == (uint32_t)(want), "%s(%.9g): got 0x%x, want 0x%x", #fmt, (double)(v), \
                  got_, (uint32_t)(want));                                                      \
        }                                                                                       \
    } while (0)
    /* 0.5 * 255 = 127.5: to even, 128; just below / above 0.5 */
    ENC_F(TU_FORMAT_R8_UNORM, 0, 0.5f, 128);
    ENC_F(TU_FORMAT_R8_UNORM, 0, nextafterf(0.5f, 0.0f), 127);
    ENC_F(TU_FORMAT_R8_UNORM, 0, nextafterf(0.5f, 1.0f), 128);
    ENC_F(TU_FORMAT_R8_UNORM, 0, 1.5f / 255.0f, 2); /* not a tie in float: 1.5f/255 > 1.5/255 */
    ENC_F(TU_FORMAT_R8_UNORM, 0, 2.0f, 255);
    ENC_F(TU_FORMAT_R8_UNORM, 0, -1.0f, 0);
    ENC_F(TU_FORMAT_R8_UNORM, 0, NAN, 0);
    ENC_F(TU_FORMAT_R16_UNORM, 0, 0.5f, 32768);         /* 32767.5 -> 32768 */
    ENC_F(TU_FORMAT_R5G5B5A1_UNORM_PACK16, 0, 0.5f, 0); /* 1-bit alpha: 0.5 -> 0 (even) */
    ENC_F(TU_FORMAT_R5G5B5A1_UNORM_PACK16, 0, nextafterf(0.5f, 1.0f), 1);
    ENC_F(TU_FORMAT_A2B10G10R10_UNORM_PACK32, 3, 0.5f, 2);             /* 1.5 -> 2 */
    ENC_F(TU_FORMAT_A2B10G10R10_UNORM_PACK32, 3, u2f(0x3e2aaaaau), 0); /* 3 * f = 0.49999997 */
    ENC_F(TU_FORMAT_A2B10G10R10_UNORM_PACK32, 3, u2f(0x3e2aaaabu), 1); /* 3 * f = 0.50000001 */
    ENC_F(TU_FORMAT_R4G4B4A4_UNORM_PACK16, 3, 0.5f, 8);                /* 7.5 -> 8 */
    ENC_F(TU_FORMAT_R5G6B5_UNORM_PACK16, 1, 0.5f, 32);                 /* 31.5 -> 32 */
    ENC_F(TU_FORMAT_R5G6B5_UNORM_PACK16, 0, 0.5f, 16);                 /* 15.5 -> 16 */
    ENC_F(TU_FORMAT_R8_SNORM, 0, 0.5f, 64);                            /* 63.5 -> 64 */
    ENC_F(TU_FORMAT_R8_SNORM, 0, -0.5f, 0xc0);                         /* -63.5 -> -64 */
    ENC_F(TU_FORMAT_R8_SNORM, 0, -1.0f, 0x81);
    ENC_F(TU_FORMAT_R8_SNORM, 0, -2.0f, 0x81);
    ENC_F(TU_FORMAT_R8_SNORM, 0, 2.0f, 0x7f);
    ENC_F(TU_FORMAT_R8_SNORM, 0, -0.0f, 0);
    ENC_F(TU_FORMAT_R8_SNORM, 0, NAN, 0);
    ENC_F(TU_FORMAT_R16_SNORM, 0, 0.5f, 16384);   /* 16383.5 -> 16384 */
    ENC_F(TU_FORMAT_R16_SNORM, 0, -0.5f, 0xc000); /* -16384 */
    ENC_F(TU_FORMAT_R16_SNORM, 0, -1.0f, 0x8001);
    ENC_F(TU_FORMAT_R8_SRGB, 0, 1.0f, 255);
    ENC_F(TU_FORMAT_R8_SRGB, 0, 2.0f, 255);
    ENC_F(TU_FORMAT_R8_SRGB, 0, -1.0f, 0);
    ENC_F(TU_FORMAT_R8_SRGB, 0, NAN, 0);
    ENC_F(TU_FORMAT_R8_SRGB, 0, 0.5f, 188);       /* 255*0.7353569 = 187.52 */
    ENC_F(TU_FORMAT_R8G8B8A8_SRGB, 3, 0.5f, 128); /* alpha is linear */
    ENC_F(TU_FORMAT_B8G8R8A8_SRGB, 3, 0.5f, 128);
    ENC_F(TU_FORMAT_D16_UNORM, 0, 0.5f, 32768);
    ENC_F(TU_FORMAT_D16_UNORM, 0, 1.5f, 65535);
    ENC_F(TU_FORMAT_D24_UNORM_S8_UINT, 0, 0.5f, 0x800000); /* 8388607.5 -> 8388608 */
    ENC_F(TU_FORMAT_X8_D24_UNORM_PACK32, 0, 0.5f, 0x800000);
    ENC_F(TU_FORMAT_X8_D24_UNORM_PACK32, 0, -0.5f, 0);
    ENC_F(TU_FORMAT_X8_D24_UNORM_PACK32, 0, NAN, 0);
    /* half: the boundaries */
    ENC_F(TU_FORMAT_R16_SFLOAT, 0, 65504.0f, 0x7bff);
    ENC_F(TU_FORMAT_R16_SFLOAT, 0, 65519.99f, 0x7bff);
    ENC_F(TU_FORMAT_R16_SFLOAT, 0, 65520.0f, 0x7c00);
    ENC_F(TU_FORMAT_R16_SFLOAT, 0, -65520.0f, 0xfc00);
    ENC_F(TU_FORMAT_R16_SFLOAT, 0, 0x1p-24f, 0x0001);
    ENC_F(TU_FORMAT_R16_SFLOAT, 0, 0x1p-25f, 0x0000);
    ENC_F(TU_FORMAT_R16_SFLOAT, 0, 0x3p-26f, 0x0001);
    ENC_F(TU_FORMAT_R16_SFLOAT, 0, -0.0f, 0x8000);
    ENC_F(TU_FORMAT_R16_SFLOAT, 0, 0x1.002p0f, 0x3c00); /* 1 + 2^-11: tie -> 1.0 */
    ENC_F(TU_FORMAT_R16_SFLOAT, 0, 0x1.006p0f, 0x3c02); /* 1 + 3*2^-11: tie -> even */
    ENC_F(TU_FORMAT_R16G16B16A16_SFLOAT, 3, INFINITY, 0x7c00);
    /* 11/10-bit floats */
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 0, 1.0f, 0x3c0);
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 2, 1.0f, 0x1e0);
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 0, 65024.0f, 0x7bf);
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 0, 65280.0f, 0x7bf); /* would round to Inf */
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 0, 1e9f, 0x7bf);
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 0, FLT_MAX, 0x7bf);
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 0, INFINITY, 0x7c0);
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 0, -INFINITY, 0);
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 0, -1.0f, 0);
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 0, -0.0f, 0);
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 1, 0x1p-20f, 1);
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 1, 0x1p-21f, 0);
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 1, 0x3p-22f, 1);
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 2, 64512.0f, 0x3df);
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 2, 65000.0f, 0x3df);
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 2, INFINITY, 0x3e0);
    ENC_F(TU_FORMAT_B10G11R11_UFLOAT_PACK32, 2, 0x1p-19f, 1);
    {
        d = tu_format_describe(TU_FORMAT_B10G11R11_UFLOAT_PACK32);
        if (CHECK(d != NULL))
            for (int c = 0; c < 3; c++) {
                CHECK(ufloat_is_nan(encode_float_field(d, &d->channels[c], NAN),
                                    d->channels[c].bits - 5u),
                      "B10G11R11 channel %d: NaN not kept", c);
                CHECK(ufloat_is_nan(encode_float_field(d, &d->channels[c], -NAN),
                                    d->channels[c].bits - 5u),
                      "B10G11R11 channel %d: -NaN not kept", c);
            }
        d = tu_format_describe(TU_FORMAT_R16_SFLOAT);
        if (CHECK(d != NULL)) {
            CHECK(half_is_nan(encode_float_field(d, &d->channels[0], NAN)), "R16_SFLOAT NaN");
            CHECK(half_is_nan(encode_float_field(d, &d->channels[0], u2f(0x7f800001u))),
                  "R16_SFLOAT sNaN with a payload only in the low bits");
            CHECK(half_is_nan(encode_float_field(d, &d->channels[0], u2f(0xff801000u))),
                  "R16_SFLOAT -sNaN with a payload only in the low bits");
        }
    }
#undef ENC_F
}

/* Integer fields saturate. */
static void test_encode_integers(void) {
    static const uint32_t uvals[] = {0,     1,     2,     3,          4,          127,
                                     128,   255,   256,   300,        1023,       1024,
                                     65535, 65536, 70000, 0x7fffffff, 0x80000000, 0xffffffff};
    static const int32_t ivals[] = {
        0,    1,     -1,    2,      -2,     127,   128,    -128,      -129,      200,
        -200, 32767, 32768, -32768, -32769, 40000, -40000, INT32_MAX, INT32_MIN, INT32_MIN + 1};
    for (int fi = 1; fi < TU_FORMAT_COUNT; fi++) {
        const tu_format_desc *d = tu_format_describe((tu_format)fi);
        if (!d || d->format_class == TU_CLASS_FLOAT) continue;
        for (int c = 0; c < d->channel_count; c++) {
            const tu_channel *ch = &d->channels[c];
            int s = slot_of(d, ch);
            if (s < 0) continue;
            if (ch->numeric == TU_NUMERIC_UINT) {
                for (size_t i = 0; i < COUNT_OF(uvals); i++) {
                    tu_texel in = {.u = {5, 6, 7, 8}};
                    in.u[s] = uvals[i];
                    uint32_t got = encode_one(d, ch, in);
                    uint32_t want = uvals[i] > mask_of(ch->bits) ? mask_of(ch->bits) : uvals[i];
                    CHECK(got == want, "%s channel %d: %u -> %u, want %u", d->name, c, uvals[i],
                          got, want);
                }
            } else if (ch->numeric == TU_NUMERIC_SINT) {
                int64_t hi = (int64_t)mask_of(ch->bits - 1u), lo = -hi - 1;
                for (size_t i = 0; i < COUNT_OF(ivals); i++) {
                    tu_texel in = {.i = {5, -6, 7, -8}};
                    in.i[s] = ivals[i];
                    uint32_t got = encode_one(d, ch, in);
                    int64_t w = ivals[i] > hi ? hi : ivals[i] < lo ? lo : ivals[i];
                    uint32_t want = (uint32_t)w & mask_of(ch->bits);
                    CHECK(got == want, "%s channel %d: %d -> 0x%x, want 0x%x", d->name, c, ivals[i],
                          got, want);
                }
            }
        }
    }
    /* the examples of the brief, written out */
    const tu_format_desc *d = tu_format_describe(TU_FORMAT_R8_UINT);
    if (CHECK(d != NULL)) CHECK_EQ_U(encode_one(d, &d->channels[0], (tu_texel){.u = {300}}), 255);
    d = tu_format_describe(TU_FORMAT_R8_SINT);
    if (CHECK(d != NULL)) CHECK_EQ_U(encode_one(d, &d->channels[0], (tu_texel){.i = {-200}}), 0x80);
    d = tu_format_describe(TU_FORMAT_A2B10G10R10_UINT_PACK32);
    if (CHECK(d != NULL)) {
        tu_texel in = {.u = {1024, 5, 1023, 0x80000000u}};
        uint8_t b[4];
        tu_format_encode(TU_FORMAT_A2B10G10R10_UINT_PACK32, &in, b);
        uint32_t w =
            (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        CHECK_EQ_U(w, 0xc0000000u | 1023u << 20 | 5u << 10 | 1023u);
    }
}

/* binary16 and 11/10-bit floats over a sweep of float bit patterns. */
static void test_encode_small_floats(void) {
    static const float specials[] = {
        0.0f,      -0.0f,        1.0f,         -1.0f,       65504.0f,    65519.99f,       65520.0f,
        -65520.0f, 65519.0f,     65536.0f,     0x1p-24f,    0x1p-25f,    0x1.000002p-25f, 0x3p-26f,
        0x1p-14f,  0x1.ff8p-15f, 0x1.ffcp-15f, FLT_MIN,     1e-45f,      FLT_MAX,         -FLT_MAX,
        INFINITY,  -INFINITY,    0x1.002p0f,   0x1.006p0f,  2049.0f,     2051.0f,         65024.0f,
        65280.0f,  65279.99f,    64512.0f,     64511.0f,    0x1p-20f,    0x1p-21f,        0x3p-22f,
        0x1p-19f,  0x3p-21f,     0x1.fcp-15f,  0x1.fep-15f, 0x1.f8p-15f, 0x1.fp-15f,      NAN,
        -NAN};
    const tu_format_desc *h16 = tu_format_describe(TU_FORMAT_R16G16B16A16_SFLOAT);
    const tu_format_desc *uf = tu_format_describe(TU_FORMAT_B10G11R11_UFLOAT_PACK32);
    if (!CHECK(h16 && uf)) return;
    uint64_t n = COUNT_OF(specials) + (0x100000000ull + 4098) / 4099;
    uint64_t rng = tu_test_seed(7);
    for (uint64_t i = 0; i < n; i++) {
        float f = i < COUNT_OF(specials) ? specials[i]
                                         : u2f((uint32_t)((i - COUNT_OF(specials)) * 4099u));
        uint32_t want = ref_float_to_half(f), got = tu_float_to_half(f);
        if (isnan(f) ? !half_is_nan(got) : got != want)
            CHECK(0, "tu_float_to_half(%.9g = 0x%08x) = 0x%04x, want 0x%04x", (double)f, f2u(f),
                  got, want);
        else
            tu_test_checks++;
        for (unsigned mb = 5; mb <= 6; mb++) {
            uint32_t uw = ref_float_to_ufloat(f, mb), ug = tu_float_to_ufloat(f, mb);
            if (isnan(f) ? !ufloat_is_nan(ug, mb) : ug != uw)
                CHECK(0, "tu_float_to_ufloat(%.9g = 0x%08x, %u) = 0x%x, want 0x%x", (double)f,
                      f2u(f), mb, ug, uw);
            else
                tu_test_checks++;
        }
        /* and through the formats, on a subset */
        if (i < COUNT_OF(specials) || (i & 31) == 0) {
            int c = (int)(rand32(&rng) & 3);
            uint32_t g = encode_float_field(h16, &h16->channels[c], f);
            if (isnan(f) ? !half_is_nan(g) : g != want)
                CHECK(0, "encode R16G16B16A16_SFLOAT[%d] of 0x%08x: 0x%04x, want 0x%04x", c, f2u(f),
                      g, want);
            c = (int)(rand32(&rng) % 3);
            const tu_channel *ch = &uf->channels[c];
            uint32_t mb = ch->bits - 5u;
            g = encode_float_field(uf, ch, f);
            uint32_t w = ref_float_to_ufloat(f, mb);
            if (isnan(f) ? !ufloat_is_nan(g, mb) : g != w)
                CHECK(0, "encode B10G11R11_UFLOAT[%d] of 0x%08x: 0x%x, want 0x%x", c, f2u(f), g, w);
        }
    }
}

/* E5B9G9R9 against the extension's algorithm. */
static float random_shared_value(uint64_t *rng) {
    uint32_t kind = rand32(rng) % 16u;
    switch (kind) {
    case 0: return 0.0f;
    case 1: return -(float)ldexp((double)(rand32(rng) % 1000u), -5);
    case 2: return 65408.0f;
    case 3:
        return (float)ldexp(1.0 + (double)(rand32(rng) % 1000u) / 1000.0,
                            16 + (int)(rand32(rng) % 8u));
    case 4:
        return (float)ldexp((double)(rand32(rng) & 0xffffffu), -24 - 24 - (int)(rand32(rng) % 10u));
    case 5: return (float)(rand32(rng) % 70000u); /* integers: ties */
    case 6: return (float)ldexp((double)(rand32(rng) % 1024u), (int)(rand32(rng) % 40u) - 30);
    default: {
        double m = (double)(rand32(rng) & 0xffffffu) / 16777216.0;
        return (float)ldexp(m, (int)(rand32(rng) % 46u) - 28);
    }
    }
}

static void check_rgb9e5(const float v[3]) {
    const tu_format_desc *d = tu_format_describe(TU_FORMAT_E5B9G9R9_UFLOAT_PACK32);
    tu_texel in = {.f = {v[0], v[1], v[2], 0.5f}};
    uint8_t b[8];
    memset(b, 0xee, sizeof b);
    tu_format_encode(d->format, &in, b);
    uint32_t got = get_bits(b, 0, 32), want = ref_rgb9e5_encode(v);
    if (got != want || b[4] != 0xee)
        CHECK(0, "encode E5B9G9R9 (%.9g, %.9g, %.9g) = (0x%08x 0x%08x 0x%08x): 0x%08x, want 0x%08x",
              (double)v[0], (double)v[1], (double)v[2], f2u(v[0]), f2u(v[1]), f2u(v[2]), got, want);
    else
        tu_test_checks++;
}

static void test_encode_shared_exp(void) {
    if (!CHECK(tu_format_describe(TU_FORMAT_E5B9G9R9_UFLOAT_PACK32) != NULL)) return;
    uint64_t rng = tu_test_seed(42);
    for (int i = 0; i < 5000; i++) {
        float v[3];
        for (int c = 0; c < 3; c++)
            v[c] = random_shared_value(&rng);
        check_rgb9e5(v);
    }
    static const float fixed[][3] = {
        {0, 0, 0},
        {65408.0f, 0, 0},
        {65408.0f, 65408.0f, 65408.0f},
        {65409.0f, 1.0f, 0},
        {1e30f, 0, 1e-30f},
        {FLT_MAX, 1, 2},
        {65344.0f, 0, 0}, /* 510.5 * 128: max_s rounds up to 511 */
        {65343.99f, 0, 0},
        {0x1.ff8p-1f, 0, 0},         /* 511.5 * 2^-9: max_s = 512, exponent + 1 */
        {0x1.ff8p-1f, 0x1.8p-9f, 0}, /* the other channel at the new exponent: 0.75 -> 1 */
        {1.0f, 0x1p-9f, 0x1.8p-9f},
        {1.0f, 0x1p-10f, 0x3p-10f}, /* ties: floor(x + 0.5) rounds up */
        {0x1p-16f, 0, 0},
        {0x1p-17f, 0x1p-24f, 0},
        {0x1p-24f, 0x1p-25f, 0x3p-26f},
        {0x1p-25f, 0, 0},
        {1e-40f, 0, 0},
        {-1.0f, 2.0f, -0.0f},
        {-INFINITY, 3.0f, 0},
        {0.1f, 0.2f, 0.3f},
        {1.0f, 1.0f, 1.0f},
        {3.0f, 5.0f, 7.0f},
    };
    for (size_t i = 0; i < COUNT_OF(fixed); i++)
        check_rgb9e5(fixed[i]);
    /* the values the extension's clamp gives: +Inf -> 65408 (511 * 2^7), NaN -> 0 */
    const float inf3[3] = {INFINITY, 1.0f, 0.0f};
    check_rgb9e5(inf3);
    const float nan3[3] = {NAN, 1.0f, 2.0f};
    check_rgb9e5(nan3);
    /* ties spelled out: 1.0 sets exponent 16 (unit 2^-8); 2^-9 is 0.5 units -> 1 and 3 * 2^-9
     * is 1.5 units -> 2 (floor(x + 0.5), not to even) */
    const float ties[3] = {1.0f, 0x1p-9f, 0x3p-9f};
    const tu_format_desc *d = tu_format_describe(TU_FORMAT_E5B9G9R9_UFLOAT_PACK32);
    tu_texel in = {.f = {ties[0], ties[1], ties[2], 0}};
    uint8_t b[4];
    tu_format_encode(d->format, &in, b);
    CHECK_EQ_U(get_bits(b, 0, 32), 16u << 27 | 2u << 18 | 1u << 9 | 256u);
}

/* ---------------------------------------------------------------------------------------- */
/* 5. The scalar conversions                                                                 */
/* ---------------------------------------------------------------------------------------- */

static void test_scalar_half_ufloat(void) {
    for (uint32_t h = 0; h < 65536; h++) {
        float f = tu_half_to_float((uint16_t)h), want = ref_half_to_float(h);
        if (!same_float(f, want))
            CHECK(0, "tu_half_to_float(0x%04x) = 0x%08x, want 0x%08x", h, f2u(f), f2u(want));
        else
            tu_test_checks++;
        uint32_t back = tu_float_to_half(f);
        if (half_is_nan(h) ? !half_is_nan(back) : back != h)
            CHECK(0, "tu_float_to_half(tu_half_to_float(0x%04x)) = 0x%04x", h, back);
        else
            tu_test_checks++;
    }
    for (unsigned mb = 5; mb <= 6; mb++) {
        for (uint32_t code = 0; code < (32u << mb); code++) {
            float f = tu_ufloat_to_float(code, mb), want = ref_ufloat_to_float(code, mb);
            if (!same_float(f, want))
                CHECK(0, "tu_ufloat_to_float(0x%x, %u) = 0x%08x, want 0x%08x", code, mb, f2u(f),
                      f2u(want));
            else
                tu_test_checks++;
            uint32_t back = tu_float_to_ufloat(f, mb);
            if (ufloat_is_nan(code, mb) ? !ufloat_is_nan(back, mb) : back != code)
                CHECK(0, "tu_float_to_ufloat(tu_ufloat_to_float(0x%x, %u)) = 0x%x", code, mb, back);
            else
                tu_test_checks++;
        }
    }
    /* the documented corners, written out */
    CHECK_EQ_U(tu_float_to_half(65519.99f), 0x7bff);
    CHECK_EQ_U(tu_float_to_half(65520.0f), 0x7c00);
    CHECK_EQ_U(tu_float_to_half(0x1p-24f), 0x0001);
    CHECK_EQ_U(tu_float_to_half(0x1p-25f), 0x0000);
    CHECK_EQ_U(tu_float_to_half(-0x1p-25f), 0x8000);
    CHECK_EQ_U(tu_float_to_half(0x3p-26f), 0x0001);
    CHECK_EQ_U(tu_float_to_half(0x1.ffcp-15f), 0x0400); /* 1023.5 * 2^-24 -> smallest normal */
    CHECK_EQ_U(tu_float_to_ufloat(65280.0f, 6), 0x7bf);
    CHECK_EQ_U(tu_float_to_ufloat(-0.0f, 6), 0);
    CHECK_EQ_U(tu_float_to_ufloat(-1.0f, 5), 0);
    CHECK_EQ_U(tu_float_to_ufloat(INFINITY, 5), 0x3e0);
    CHECK_EQ_U(tu_float_to_ufloat(-INFINITY, 6), 0);
    CHECK(ufloat_is_nan(tu_float_to_ufloat(NAN, 6), 6), "ufloat11 NaN");
    CHECK(ufloat_is_nan(tu_float_to_ufloat(-NAN, 5), 5), "ufloat10 -NaN");
    CHECK(tu_ufloat_to_float(0x7c0, 6) == INFINITY, "ufloat11 Inf");
    CHECK(tu_ufloat_to_float(0x3e0, 5) == INFINITY, "ufloat10 Inf");
    CHECK(tu_ufloat_to_float(0x7bf, 6) == 65024.0f, "ufloat11 max");
    CHECK(tu_ufloat_to_float(0x3df, 5) == 64512.0f, "ufloat10 max");
    CHECK(tu_ufloat_to_float(1, 6) == 0x1p-20f, "ufloat11 min");
    CHECK(tu_ufloat_to_float(1, 5) == 0x1p-19f, "ufloat10 min");
}

static void test_scalar_srgb(void) {
    /* the codes of an 8-bit channel: correctly rounded EOTF(k/255) */
    for (uint32_t k = 0; k < 256; k++) {
        float c = (float)k / 255.0f;
        float got = tu_srgb_to_linear(c), want = (float)ref_eotf((long double)c);
        CHECK(f2u(got) == f2u(want),
              "tu_srgb_to_linear(%u/255) = %.9g (0x%08x), want %.9g (0x%08x)", k, (double)got,
              f2u(got), (double)want, f2u(want));
        float back = tu_linear_to_srgb(got);
        float wb = (float)ref_oetf((long double)got);
        CHECK(f2u(back) == f2u(wb), "tu_linear_to_srgb(%.9g) = %.9g (0x%08x), want %.9g (0x%08x)",
              (double)got, (double)back, f2u(back), (double)wb, f2u(wb));
    }
    /* a sweep over [0, 1] */
    for (uint32_t i = 0; i <= 8192; i++) {
        float c = (float)i / 8192.0f;
        float got = tu_srgb_to_linear(c), want = (float)ref_eotf((long double)c);
        CHECK(f2u(got) == f2u(want), "tu_srgb_to_linear(%.9g) = %.9g (0x%08x), want %.9g (0x%08x)",
              (double)c, (double)got, f2u(got), (double)want, f2u(want));
        if (c > 0.0031305f && c < 0.0031310f) continue;
        float l = tu_linear_to_srgb(c), wl = (float)ref_oetf((long double)c);
        CHECK(f2u(l) == f2u(wl), "tu_linear_to_srgb(%.9g) = %.9g (0x%08x), want %.9g (0x%08x)",
              (double)c, (double)l, f2u(l), (double)wl, f2u(wl));
    }
    /* the clamp */
    CHECK(tu_linear_to_srgb(-1.0f) == 0.0f, "%.9g", (double)tu_linear_to_srgb(-1.0f));
    CHECK(tu_linear_to_srgb(2.0f) == 1.0f, "%.9g", (double)tu_linear_to_srgb(2.0f));
    CHECK(tu_linear_to_srgb(INFINITY) == 1.0f, "%.9g", (double)tu_linear_to_srgb(INFINITY));
    CHECK(tu_linear_to_srgb(1.0f) == 1.0f, "%.9g", (double)tu_linear_to_srgb(1.0f));
    CHECK(tu_srgb_to_linear(1.0f) == 1.0f, "%.9g", (double)tu_srgb_to_linear(1.0f));
    CHECK(tu_srgb_to_linear(0.0f) == 0.0f, "%.9g", (double)tu_srgb_to_linear(0.0f));
}

int main(void) {
    TU_RUN(test_table_rows);
    TU_RUN(test_table_layout);
    TU_RUN(test_compressed_rows);
    TU_RUN(test_table_lookup);
    TU_RUN(test_vk_names_and_refusals);
    TU_RUN(test_invalid_formats);
    TU_RUN(test_literal_layouts);
    TU_RUN(test_decode_exhaustive);
    TU_RUN(test_decode_edges);
    TU_RUN(test_encode_fixed);
    TU_RUN(test_encode_literals);
    TU_RUN(test_encode_integers);
    TU_RUN(test_encode_small_floats);
    TU_RUN(test_encode_shared_exp);
    TU_RUN(test_scalar_half_ufloat);
    TU_RUN(test_scalar_srgb);
    return tu_test_finish();
}
