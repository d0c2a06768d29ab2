/* SPDX-License-Identifier: MIT */
/*
 * simd.h - the small vector layer the kernels are written in:
 * GCC/Clang vector extensions over TUK_W lanes, one register of the build's ISA (16 for
 * AVX-512, 8 for AVX2, 4 for the portable SSE2 baseline: wider vectors than the registers
 * make GCC compare floats one lane at a time) or, in kernels_avx2_pairs.c, 16 in two AVX2
 * registers (clang only), plus the few operations the extensions lack (gathers, table
 * look-ups, masks), written with intrinsics where the file is built for an ISA that has them
 * and as plain loops otherwise. Included once per build by kernels_<build>.c, which defines
 * TUK_ISA_AVX512 or TUK_ISA_AVX2 (or neither: the portable build), and TUK_AVX2_PAIRS for
 * the pairs.
 *
 * Every operation here is exact or IEEE-rounded like its scalar counterpart; the kernel
 * files are built with -ffp-contract=off so that no multiply-add is fused (the generic
 * path rounds each product).
 */
#ifndef TEXUNIT_KERNELS_SIMD_H
#define TEXUNIT_KERNELS_SIMD_H

#include <stdint.h>
#include <string.h>

#if defined(TUK_ISA_AVX512) || defined(TUK_ISA_AVX2)
#include <immintrin.h>
#endif

/* The vector types are wider than the portable and AVX2 builds' registers; GCC and clang
 * note that passing them by value differs from the AVX-512 ABI. Every function taking them
 * is static to one build, so no call crosses builds. */
#if defined(__clang__)
#if __has_warning("-Wpsabi")
#pragma clang diagnostic ignored "-Wpsabi"
#endif
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

/* TUK_W lanes a value, TUK_REG a register. The AVX2 pairs hold a SIMD16 message's lanes in
 * two registers, so that a sampling kernel runs it in one pass and the two halves' chains
 * (coordinates, addresses, texel loads, filter) interleave, where a pass per register starts
 * the second half only behind the first (docs/bindings.md, "AVX2 pairs"). */
#if defined(TUK_ISA_AVX512)
enum { TUK_W = 16, TUK_REG = 16 };
#elif defined(TUK_ISA_AVX2) && defined(TUK_AVX2_PAIRS)
enum { TUK_W = 16, TUK_REG = 8 };
#elif defined(TUK_ISA_AVX2)
enum { TUK_W = 8, TUK_REG = 8 };
#else
enum { TUK_W = 4, TUK_REG = 4 };
#endif

/* The kernels' shared bodies are inlined into every kernel, so that each is compiled for
 * its constant texel kind and shape (no run-time branches on them, no dead paths). */
#define TUK_ALWAYS_INLINE inline __attribute__((always_inline))

typedef float vf __attribute__((vector_size(TUK_W * 4)));
typedef int32_t vi __attribute__((vector_size(TUK_W * 4)));
typedef uint32_t vu __attribute__((vector_size(TUK_W * 4)));
typedef double vd __attribute__((vector_size(TUK_W * 8)));
typedef uint16_t vh __attribute__((vector_size(TUK_W * 4))); /* two 16-bit halves per lane */

#if defined(TUK_ISA_AVX2)
/* The AVX2 helpers below work a register at a time: part h of a value is its lanes
 * 8h .. 8h + 7 (the copies are register moves, no memory). */
enum { TUK_PARTS = TUK_W / 8 };
static inline __m256i tuk_part_i(const void *v, int h) {
    __m256i r;
    memcpy(&r, (const char *)v + 32 * h, 32);
    return r;
}
static inline __m256 tuk_part_f(const void *v, int h) {
    __m256 r;
    memcpy(&r, (const char *)v + 32 * h, 32);
    return r;
}
static inline void tuk_set_part_i(void *v, int h, __m256i x) {
    memcpy((char *)v + 32 * h, &x, 32);
}
static inline void tuk_set_part_f(void *v, int h, __m256 x) {
    memcpy((char *)v + 32 * h, &x, 32);
}
#endif

static inline vi vi_splat(int32_t x) {
    return (vi){0} + x;
}
/* x in every lane, bit for bit: (vf){0} + x would make -0 +0 (a border colour of -0 read
 * as +0). */
static inline vf vf_splat(float x) {
    vf v;
    for (int k = 0; k < TUK_W; k++)
        v[k] = x;
    return v;
}
static inline vi vi_iota(void) {
    static const int32_t iota[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    vi v;
    memcpy(&v, iota, sizeof v);
    return v;
}

/* Bitwise select: lanes where mask is all ones take a, the others b. */
static inline vi vi_sel(vi mask, vi a, vi b) {
    return (a & mask) | (b & ~mask);
}
static inline vf vf_sel(vi mask, vf a, vf b) {
    return (vf)vi_sel(mask, (vi)a, (vi)b);
}
static inline vi vi_min(vi a, vi b) {
    return vi_sel(a < b, a, b);
}
static inline vi vi_max(vi a, vi b) {
    return vi_sel(a > b, a, b);
}

/* Conversions: float -> int truncates; callers keep the inputs inside int32's range. */
static inline vi vf_to_vi(vf x) {
    return __builtin_convertvector(x, vi);
}
static inline vf vi_to_vf(vi x) {
    return __builtin_convertvector(x, vf);
}

/* The lane bits of a 32-lane mask word starting at lane `first`, as all-ones lanes. */
static inline vi vi_lane_mask(uint32_t bits, unsigned first) {
    const vi bit = vi_splat(1) << vi_iota();
    return (vi_splat((int32_t)(bits >> first)) & bit) != 0;
}

static inline int vi_any(vi m) {
#if defined(TUK_ISA_AVX512)
    return _mm512_test_epi32_mask((__m512i)m, (__m512i)m) != 0;
#elif defined(TUK_ISA_AVX2)
    __m256i acc = tuk_part_i(&m, 0);
    for (int h = 1; h < TUK_PARTS; h++)
        acc = _mm256_or_si256(acc, tuk_part_i(&m, h));
    return !_mm256_testz_si256(acc, acc);
#else
    int32_t acc = 0;
    for (int k = 0; k < TUK_W; k++)
        acc |= m[k];
    return acc != 0;
#endif
}

/* Whether every lane of the mask m is set. */
static inline int vi_all(vi m) {
    return !vi_any(~m);
}

/* Whether every lane of v holds the same value. */
static inline int vi_uniform(vi v) {
    return !vi_any(v != v[0]);
}

/* Load TUK_W lanes of a message source (a tu_lanes holds 32: callers stay inside it). */
static inline vf vf_load(const float *p) {
    vf v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline vi vi_load(const int32_t *p) {
    vi v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* AddressSanitizer does not see inside gather instructions: under it every build gathers
 * with plain loads, so that each address a kernel forms is checked. */
#if defined(__SANITIZE_ADDRESS__)
#define TUK_PLAIN_GATHERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TUK_PLAIN_GATHERS 1
#endif
#endif

/* The 32-bit words at byte offsets off[k] from base, every offset valid (callers replace
 * the offsets of inactive lanes by 0 before calling: no address is formed outside memory). */
static inline vi vi_gather_bytes(const uint8_t *base, vi off) {
#if defined(TUK_PLAIN_GATHERS)
    int32_t r[TUK_W];
    for (int k = 0; k < TUK_W; k++)
        memcpy(&r[k], base + off[k], 4);
    return vi_load(r);
#elif defined(TUK_ISA_AVX512)
    return (vi)_mm512_i32gather_epi32((__m512i)off, (const void *)base, 1);
#elif defined(TUK_ISA_AVX2)
    vi r;
    for (int h = 0; h < TUK_PARTS; h++)
        tuk_set_part_i(
            &r, h, _mm256_i32gather_epi32((const int *)(const void *)base, tuk_part_i(&off, h), 1));
    return r;
#else
    int32_t r[TUK_W];
    for (int k = 0; k < TUK_W; k++)
        memcpy(&r[k], base + off[k], 4);
    return vi_load(r);
#endif
}

/* The four 32-bit words of the 16-byte texel at byte offset off[k] from base, every
 * offset valid: out[c] holds word c of every lane. AVX2 and AVX-512 load each texel whole
 * and transpose in registers (4 loads per 4 lanes, instead of one gather per word). */
static inline void vf_load_texels16(const uint8_t *base, vi off, vf out[4]) {
#if (defined(TUK_ISA_AVX512) || defined(TUK_ISA_AVX2)) && !defined(TUK_PLAIN_GATHERS)
    int32_t o[TUK_W];
    memcpy(o, &off, sizeof o);
#if defined(TUK_ISA_AVX512)
    __m512 r[4]; /* r[j], 128-bit block b: the texel of lane 4b + j */
#define TUK_TEXEL16(k) _mm_loadu_ps((const float *)(const void *)(base + o[k]))
    for (int j = 0; j < 4; j++) {
        r[j] = _mm512_castps128_ps512(TUK_TEXEL16(j));
        r[j] = _mm512_insertf32x4(r[j], TUK_TEXEL16(4 + j), 1);
        r[j] = _mm512_insertf32x4(r[j], TUK_TEXEL16(8 + j), 2);
        r[j] = _mm512_insertf32x4(r[j], TUK_TEXEL16(12 + j), 3);
    }
#undef TUK_TEXEL16
    const __m512 t0 = _mm512_unpacklo_ps(r[0], r[1]), t1 = _mm512_unpacklo_ps(r[2], r[3]);
    const __m512 t2 = _mm512_unpackhi_ps(r[0], r[1]), t3 = _mm512_unpackhi_ps(r[2], r[3]);
    out[0] = (vf)_mm512_shuffle_ps(t0, t1, 0x44);
    out[1] = (vf)_mm512_shuffle_ps(t0, t1, 0xee);
    out[2] = (vf)_mm512_shuffle_ps(t2, t3, 0x44);
    out[3] = (vf)_mm512_shuffle_ps(t2, t3, 0xee);
#else
    for (int h = 0; h < TUK_PARTS; h++) {
        const int32_t *oh = o + 8 * h;
        __m256 r[4];
        for (int j = 0; j < 4; j++)
            r[j] = _mm256_loadu2_m128((const float *)(const void *)(base + oh[4 + j]),
                                      (const float *)(const void *)(base + oh[j]));
        const __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpacklo_ps(r[2], r[3]);
        const __m256 t2 = _mm256_unpackhi_ps(r[0], r[1]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
        tuk_set_part_f(&out[0], h, _mm256_shuffle_ps(t0, t1, 0x44));
        tuk_set_part_f(&out[1], h, _mm256_shuffle_ps(t0, t1, 0xee));
        tuk_set_part_f(&out[2], h, _mm256_shuffle_ps(t2, t3, 0x44));
        tuk_set_part_f(&out[3], h, _mm256_shuffle_ps(t2, t3, 0xee));
    }
#endif
#else
    for (int c = 0; c < 4; c++)
        out[c] = (vf)vi_gather_bytes(base, off + 4 * c);
#endif
}

/* The 8 bytes at byte offset off[k] from base, as the 32-bit words lo[k] (bytes 0-3) and
 * hi[k] (bytes 4-7), every off[k] + 8 inside memory: one 64-bit gather element per lane
 * instead of two 32-bit ones (a bilinear footprint's two texels of a row). */
static inline void vi_gather_pairs(const uint8_t *base, vi off, vi *lo, vi *hi) {
#if defined(TUK_ISA_AVX512) && !defined(TUK_PLAIN_GATHERS)
    const __m512i o = (__m512i)off;
    const __m512i q0 = _mm512_i32gather_epi64(_mm512_castsi512_si256(o), (const void *)base, 1);
    const __m512i q1 =
        _mm512_i32gather_epi64(_mm512_extracti64x4_epi64(o, 1), (const void *)base, 1);
    const __m512i even =
        _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
    *lo = (vi)_mm512_permutex2var_epi32(q0, even, q1);
    *hi = (vi)_mm512_permutex2var_epi32(q0, _mm512_add_epi32(even, _mm512_set1_epi32(1)), q1);
#elif defined(TUK_ISA_AVX2) && !defined(TUK_PLAIN_GATHERS)
    for (int h = 0; h < TUK_PARTS; h++) {
        const __m256i o = tuk_part_i(&off, h);
        const __m256 q0 = _mm256_castsi256_ps(_mm256_i32gather_epi64(
            (const long long *)(const void *)base, _mm256_castsi256_si128(o), 1));
        const __m256 q1 = _mm256_castsi256_ps(_mm256_i32gather_epi64(
            (const long long *)(const void *)base, _mm256_extracti128_si256(o, 1), 1));
        /* Per 128-bit half: even (odd) words of q0 then of q1; then the halves' quarters in
         * order. */
        tuk_set_part_i(
            lo, h,
            _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(q0, q1, 0x88)), 0xd8));
        tuk_set_part_i(
            hi, h,
            _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(q0, q1, 0xdd)), 0xd8));
    }
#else
    int32_t l[TUK_W], h[TUK_W];
    for (int k = 0; k < TUK_W; k++) {
        memcpy(&l[k], base + off[k], 4);
        memcpy(&h[k], base + off[k] + 4, 4);
    }
    *lo = vi_load(l), *hi = vi_load(h);
#endif
}

/* table[idx[k]] for a table of 32-bit entries, every index valid. */
static inline vi vi_lookup(const int32_t *table, vi idx) {
#if defined(TUK_ISA_AVX512)
    return (vi)_mm512_i32gather_epi32((__m512i)idx, (const void *)table, 4);
#elif defined(TUK_ISA_AVX2)
    vi r;
    for (int h = 0; h < TUK_PARTS; h++)
        tuk_set_part_i(&r, h, _mm256_i32gather_epi32((const int *)table, tuk_part_i(&idx, h), 4));
    return r;
#else
    vi r;
    for (int k = 0; k < TUK_W; k++)
        r[k] = table[idx[k]];
    return r;
#endif
}
static inline vf vf_lookup(const float *table, vi idx) {
    vi r = vi_lookup((const int32_t *)(const void *)table, idx);
    return (vf)r;
}

/* table[idx[k]] for a table of 16 entries, every index in [0, 16): a lane-crossing permute
 * of registers rather than a gather (a gather costs several times a permute). */
static inline vi vi_lookup16(const int32_t *table, vi idx) {
#if defined(TUK_ISA_AVX512)
    return (vi)_mm512_permutexvar_epi32((__m512i)idx, _mm512_loadu_si512(table));
#elif defined(TUK_ISA_AVX2)
    const __m256i lo = _mm256_loadu_si256((const __m256i *)(const void *)table);
    const __m256i hi = _mm256_loadu_si256((const __m256i *)(const void *)(table + 8));
    vi from_lo, from_hi;
    for (int h = 0; h < TUK_PARTS; h++) {
        const __m256i ih = tuk_part_i(&idx, h);
        tuk_set_part_i(&from_lo, h, _mm256_permutevar8x32_epi32(lo, ih));
        tuk_set_part_i(&from_hi, h, _mm256_permutevar8x32_epi32(hi, ih));
    }
    return vi_sel(idx >= 8, from_hi, from_lo);
#else
    vi r;
    for (int k = 0; k < TUK_W; k++)
        r[k] = table[idx[k] & 15];
    return r;
#endif
}
static inline vf vf_lookup16(const float *table, vi idx) {
    return (vf)vi_lookup16((const int32_t *)(const void *)table, idx);
}

/* table[idx[k]] for a table of 32 entries, every index in [0, 32): one two-register permute
 * with AVX-512, four one-register permutes with AVX2. */
static inline vi vi_lookup32(const int32_t *table, vi idx) {
#if defined(TUK_ISA_AVX512)
    return (vi)_mm512_permutex2var_epi32(_mm512_loadu_si512(table), (__m512i)idx,
                                         _mm512_loadu_si512(table + 16));
#else
    return vi_sel(idx >= 16, vi_lookup16(table + 16, idx & 15), vi_lookup16(table, idx & 15));
#endif
}

/* table[idx[k]] for a table of one entry per level (TU_MAX_LEVELS = 17), every index in
 * [0, 17) (levels differ per lane in trilinear and gradient messages). */
static inline vi vi_lookup_level(const int32_t *table, vi idx) {
    return vi_sel(idx == 16, vi_splat(table[16]), vi_lookup16(table, idx));
}
static inline vf vf_lookup_level(const float *table, vi idx) {
    return (vf)vi_lookup_level((const int32_t *)(const void *)table, idx);
}

/* v[idx[k]] for every lane k, idx[k] in k's own aligned group of four lanes (a subspan:
 * kernels_body.h k_lambda), so in k's own register. */
static inline vf vf_permute(vf v, vi idx) {
#if defined(TUK_ISA_AVX512)
    return (vf)_mm512_permutexvar_ps((__m512i)idx, (__m512)v);
#elif defined(TUK_ISA_AVX2)
    vf r;
    for (int h = 0; h < TUK_PARTS; h++) /* permutevar8x32 takes the index's low 3 bits */
        tuk_set_part_f(&r, h, _mm256_permutevar8x32_ps(tuk_part_f(&v, h), tuk_part_i(&idx, h)));
    return r;
#else
    float r[TUK_W];
    for (int k = 0; k < TUK_W; k++)
        r[k] = v[idx[k] & (TUK_W - 1)];
    return vf_load(r);
#endif
}

/* Store the lanes of v whose mask is set to p[0..TUK_W); every lane (the usual message)
 * with a plain store, which masked stores are slower than on some processors. */
static inline void vf_store_masked(float *p, vf v, vi mask) {
    if (vi_all(mask)) {
        memcpy(p, &v, sizeof v);
        return;
    }
#if defined(TUK_ISA_AVX512)
    const __mmask16 k = _mm512_test_epi32_mask((__m512i)mask, (__m512i)mask);
    _mm512_mask_storeu_ps(p, k, (__m512)v);
#elif defined(TUK_ISA_AVX2)
    for (int h = 0; h < TUK_PARTS; h++)
        _mm256_maskstore_ps(p + 8 * h, tuk_part_i(&mask, h), tuk_part_f(&v, h));
#else
    for (int k = 0; k < TUK_W; k++)
        if (mask[k]) p[k] = v[k];
#endif
}

/* --- exact float helpers -------------------------------------------------------------- */

static inline vf vf_abs(vf x) {
    return (vf)((vi)x & 0x7fffffff);
}

/* The build's rounding instruction, where it has one: AVX-512's vrndscaleps, SSE4.1's
 * roundps in the AVX2 build (the same immediate: the IEEE rounding direction, no inexact
 * exception); one instruction, and a short dependency chain in front of the texel loads,
 * where the portable build needs four or five. Exact for every input; a NaN comes back
 * quiet, which no caller tells from the NaN it gave (they test x == x, or compare). */
#if defined(TUK_ISA_AVX512)
#define TUK_ROUND(x, dir) ((vf)_mm512_roundscale_ps((__m512)(x), (dir) | _MM_FROUND_NO_EXC))
#elif defined(TUK_ISA_AVX2)
/* A register at a time. The instruction takes its direction as an immediate, so each of the
 * three directions the callers use (toward -inf, toward +inf, to nearest) is written out;
 * every call passes a constant, and inlined, the choice folds away. */
static inline vf tuk_round(vf x, int dir) {
    vf r;
    for (int h = 0; h < TUK_PARTS; h++) {
        const __m256 xh = tuk_part_f(&x, h);
        tuk_set_part_f(&r, h,
                       dir == _MM_FROUND_TO_NEG_INF
                           ? _mm256_round_ps(xh, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
                       : dir == _MM_FROUND_TO_POS_INF
                           ? _mm256_round_ps(xh, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC)
                           : _mm256_round_ps(xh, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    }
    return r;
}
#define TUK_ROUND(x, dir) tuk_round((x), (dir))
#endif

/* floorf(x), exactly, for every x. Without a rounding instruction: NaN, infinities and
 * |x| >= 2^23 (already integers) are returned as they are; the rest through int32 and back
 * (exact), stepped down when the truncation rounded up. The sign of a zero result may differ
 * from floorf's (-0.0 for inputs in (-1, -0]): callers only subtract it from x or compare it. */
static inline vf vf_floor(vf x) {
#if defined(TUK_ROUND)
    return TUK_ROUND(x, _MM_FROUND_TO_NEG_INF);
#else
    const vi small = vf_abs(x) < 8388608.0f;
    const vf xs = vf_sel(small, x, vf_splat(0.0f));
    vf t = vi_to_vf(vf_to_vi(xs));
    t = vf_sel(t > xs, t - 1.0f, t);
    return vf_sel(small, t, x);
#endif
}

/* vf_floor_int of x given f = vf_floor(x): floor commutes with the clamp to +-2^30, whose
 * bounds are integers, and f is x itself where x is NaN, infinite or already whole. */
static inline vi vf_floored_int(vf f) {
    const float limit = 1073741824.0f; /* 2^30 */
    vf c = vf_sel(f == f, f, vf_splat(0.0f));
    c = vf_sel(c <= -limit, vf_splat(-limit), c);
    c = vf_sel(c >= limit, vf_splat(limit), c);
    return vf_to_vi(c);
}

/* tuE_floor_int: floor of x as int32, NaN -> 0, clamped to +-2^30. */
static inline vi vf_floor_int(vf x) {
#if defined(TUK_ROUND)
    return vf_floored_int(vf_floor(x));
#else
    const float limit = 1073741824.0f; /* 2^30 */
    vf c = vf_sel(x == x, x, vf_splat(0.0f));
    c = vf_sel(c <= -limit, vf_splat(-limit), c);
    c = vf_sel(c >= limit, vf_splat(limit), c);
    vi i = vf_to_vi(c);
    return i + (vi_to_vf(i) > c); /* a comparison is -1 where true */
#endif
}

/* ceilf(x) as int32 for 0 <= x < 2^31 (sample_at's nearest mip level). */
static inline vi vf_ceil_int(vf x) {
#if defined(TUK_ROUND)
    return vf_to_vi(TUK_ROUND(x, _MM_FROUND_TO_POS_INF));
#else
    const vi c = vf_to_vi(x);     /* x >= 0: truncation is floor */
    return c - (vi_to_vf(c) < x); /* a comparison is -1 where true */
#endif
}

/* RNE(x): x rounded to an integer, ties to even, for |x| < 2^23 (as a float). */
static inline vf vf_round_even(vf x) {
#if defined(TUK_ROUND)
    return TUK_ROUND(x, _MM_FROUND_TO_NEAREST_INT);
#else
    /* |x| + 2^23 has an ulp of 1: the sum rounds |x| to an integer, ties to even */
    const vf r = (vf_abs(x) + 8388608.0f) - 8388608.0f;
    return (vf)((vi)r | ((vi)x & (int32_t)0x80000000));
#endif
}

/* tuE_fast_weight256: RNE(x * 256) for x in [0, 1): x * 256 is exact and below 2^8, and the
 * conversion of the rounded integer is exact. */
static inline vi vf_weight256(vf x) {
    return vf_to_vi(vf_round_even(x * 256.0f));
}

/* tuE_snap256 for finite x, up to the sign of a zero result: RNE(x * 256) / 256. For
 * |x| >= 2^15, x * 256 >= 2^23 is an integer and x is returned (x * 256 could overflow
 * further up). AVX-512 rounds to a multiple of 2^-8 in one instruction (the scale 8 in the
 * immediate's high bits), which returns such x as they are by itself. */
static inline vf vf_snap256(vf x) {
#if defined(TUK_ISA_AVX512)
    return TUK_ROUND(x, (8 << 4) | _MM_FROUND_TO_NEAREST_INT);
#else
    return vf_sel(vf_abs(x) < 32768.0f, vf_round_even(x * 256.0f) / 256.0f, x);
#endif
}

/* code / d, IEEE-rounded, for codes 0 <= code <= d and d = 255 or 65535 (UNORM): where the
 * build has fused multiply-add, the quotient by the reciprocal with one correction step
 * (Markstein: q = x * (1/d), r = x - q * d exactly, q + r * (1/d)), which gives the
 * division's bits for every such code (tests/test_fast.c test_every_code walks them all)
 * at a fraction of a division's cost; elsewhere the division. */
static inline vf vf_unorm(vi code, float d) {
    const vf x = vi_to_vf(code);
#if defined(TUK_ISA_AVX512)
    const __m512 c = _mm512_set1_ps(1.0f / d), q = _mm512_mul_ps((__m512)x, c);
    const __m512 r = _mm512_fnmadd_ps(q, _mm512_set1_ps(d), (__m512)x);
    return (vf)_mm512_fmadd_ps(r, c, q);
#elif defined(TUK_ISA_AVX2)
    const __m256 c = _mm256_set1_ps(1.0f / d);
    vf out;
    for (int h = 0; h < TUK_PARTS; h++) {
        const __m256 xh = tuk_part_f(&x, h), q = _mm256_mul_ps(xh, c);
        const __m256 r = _mm256_fnmadd_ps(q, _mm256_set1_ps(d), xh);
        tuk_set_part_f(&out, h, _mm256_fmadd_ps(r, c, q));
    }
    return out;
#else
    return x / d;
#endif
}

/* sqrtf on every lane (correctly rounded, as sqrtf is). */
static inline vf vf_sqrt(vf x) {
#if defined(TUK_ISA_AVX512)
    return (vf)_mm512_sqrt_ps((__m512)x);
#elif defined(TUK_ISA_AVX2)
    vf r;
    for (int h = 0; h < TUK_PARTS; h++)
        tuk_set_part_f(&r, h, _mm256_sqrt_ps(tuk_part_f(&x, h)));
    return r;
#else
    float r[TUK_W];
    for (int k = 0; k < TUK_W; k++)
        r[k] = __builtin_sqrtf(x[k]);
    return vf_load(r);
#endif
}

/* tuE_log2 (lod.c), the same float operations in the same order on every lane. */
static inline vf vf_log2(vf x) {
    const vi denormal = x < 0x1p-126f;
    const vf xs = vf_sel(denormal, x * 0x1p23f, x);
    const vi b = (vi)xs;
    vi e = ((b >> 23) & 0xff) - 127 - (denormal & 23);
    vf m = (vf)((b & 0x7fffff) | 0x3f800000);
    const vi big = m > 1.41421356f;
    m = vf_sel(big, m * 0.5f, m);
    e -= big; /* big is -1 where true */
    const vf t = (m - 1.0f) / (m + 1.0f), t2 = t * t;
    vf p = vf_splat(1.0f / 9.0f);
    p = p * t2 + 1.0f / 7.0f;
    p = p * t2 + 1.0f / 5.0f;
    p = p * t2 + 1.0f / 3.0f;
    p = p * t2 + 1.0f;
    vf r = vi_to_vf(e) + t * p * 2.88539008f;
    r = vf_sel(x == __builtin_inff(), x, r);
    r = vf_sel(x > 0.0f, r, vf_splat(__builtin_nanf("")));
    return vf_sel(x == 0.0f, vf_splat(-__builtin_inff()), r);
}

#endif /* TEXUNIT_KERNELS_SIMD_H */
