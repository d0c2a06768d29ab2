/* SPDX-License-Identifier: MIT */
/*
 * kernels.h - the SIMD kernels of the fast-path table, keyed like
 * llvmpipe's sampler key: each runs every lane of a message at once, structure of
 * arrays, TUK_W lanes per step (simd.h: 16 for AVX-512 and the AVX2 pairs, 8 for AVX2, 4 for
 * the portable build), and returns exactly what the generic path returns.
 *
 * One source (kernels_body.h, over the vector layer simd.h) is built three times:
 * kernels_avx512.c, kernels_avx2.c (each with its ISA's compiler flags, when the compiler
 * has them) and kernels_portable.c (the baseline ISA). fast.c keys the rows and picks the
 * build per binding (tu_isa).
 */
#ifndef TEXUNIT_KERNELS_H
#define TEXUNIT_KERNELS_H

#include "../engine.h"

/* Where a view's texels are, for kernels that read memory directly. The texel (x, y) of
 * layer `layer` of view level L is the `bpp` bytes at data + offset[L] + layer *
 * layer_pitch[L] + y * row_pitch[L] + x * bpp, for x < w[L], y < h[L], layer < layers.
 * tuE_fast_geometry proves, once per binding, that each such address lies inside the
 * surface's memory and below 2^31, so the kernels compute it in int32 without checks. */
typedef struct tuK_geom {
    const uint8_t *data;
    int32_t offset[TU_MAX_LEVELS];
    int32_t row_pitch[TU_MAX_LEVELS];
    int32_t layer_pitch[TU_MAX_LEVELS];
    int32_t w[TU_MAX_LEVELS], h[TU_MAX_LEVELS], d[TU_MAX_LEVELS];
    int32_t slice_pitch[TU_MAX_LEVELS]; /* 3D: texel (x, y, z) adds z * slice_pitch[L] */
    float fw[TU_MAX_LEVELS], fh[TU_MAX_LEVELS], fd[TU_MAX_LEVELS]; /* w, h, d as floats */
    int32_t levels, layers, bpp;
    bool pow2; /* every level's w and h is a power of two */
    /* Cube maps: where the texel one beyond side k (0: x < 0, 1: x >= n, 2: y < 0, 3: y >= n)
     * of face f, at position c along that side, lies: entry [f * 4 + k] = face | xk << 4 |
     * yk << 8, its x (and y) being 0, n - 1, c or n - 1 - c for xk (yk) = 0, 1, 2, 3. */
    const int32_t *cube_edge; /* 24 entries, padded to 32 (tuE_cube_edges) */
    const float *srgb;        /* sRGB formats: the decode of each 8-bit code (tuE_srgb8_decode) */
    /* The bit position of R, G, B, A in a little-endian texel: 0 8 16 24, or 16 8 0 24. */
    int32_t shift[4];
    float border[4]; /* the border colour as a texel of the format holds it (tuE_fast_border) */
} tuK_geom;

/* What a kernel reads besides the geometry: the message, its op, and the binding (its
 * sampler, and the message-independent fields of the context, tuK_fixed). Three words, so
 * that the way in from tu_execute_bound stores three pointers, not a whole context. */
typedef struct tuK_args {
    const tu_msg *msg;
    const tu_op_info *op;
    const tu_binding *binding;
} tuK_args;

static inline const tu_sampler *tuK_sampler(const tuK_args *a) {
    return &a->binding->sampler;
}

/* The binding's prototype context: the fields no message changes (msg, surf, smp, op and
 * level are not set; compare is false and fixed8 as without one). */
static inline const tuE_ctx *tuK_fixed(const tuK_args *a) {
    return &tuE_bound_of(a->binding)->proto;
}

typedef void (*tuK_fn)(const tuK_args *ctx, const tuK_geom *g, tu_reply *reply);

/* The kernels, by what they run: LD, LD_LZ, LD_L of 2D (array) surfaces; the SAMPLE ops
 * without compare or offsets (2D: every LOD mode; cube: explicit and zero LOD); the SAMPLE
 * ops with compare on D32 and D16. By format: RGBA8 = R8G8B8A8 or B8G8R8A8 UNORM, SRGBA8 the
 * same in sRGB, RGBA32F = R32G32B32A32_SFLOAT, RGBA16F = R16G16B16A16_SFLOAT, R32F =
 * R32_SFLOAT or D32_SFLOAT without compare, RG16F = R16G16_SFLOAT, RGBA16 =
 * R16G16B16A16_UNORM, R16 = R16_UNORM or D16_UNORM without compare, B10G11R11 =
 * B10G11R11_UFLOAT_PACK32, RGB9E5 = E5B9G9R9_UFLOAT_PACK32, R16F = R16_SFLOAT, RG32F =
 * R32G32_SFLOAT, RG16 = R16G16_UNORM, RGB10A2 = A2B10G10R10_UNORM_PACK32. */
enum {
    TUK_LD_RGBA8_2D,
    TUK_LD_SRGBA8_2D,
    TUK_LD_RGBA32F_2D,
    TUK_LD_RGBA16F_2D,
    TUK_LD_R32F_2D,
    TUK_SAMPLE_RGBA8_2D,
    TUK_SAMPLE_SRGBA8_2D,
    TUK_SAMPLE_RGBA32F_2D,
    TUK_SAMPLE_RGBA16F_2D,
    TUK_SAMPLE_R32F_2D,
    TUK_SAMPLE_C_D32_2D,
    TUK_SAMPLE_RGBA8_CUBE,
    TUK_SAMPLE_SRGBA8_CUBE,
    TUK_SAMPLE_RGBA32F_CUBE,
    TUK_SAMPLE_RGBA8_1D, /* 1D (array) surfaces: the SAMPLE ops without compare or offsets */
    TUK_SAMPLE_SRGBA8_1D,
    TUK_SAMPLE_RGBA32F_1D,
    TUK_SAMPLE_RGBA16F_1D,
    TUK_SAMPLE_R32F_1D,
    TUK_LD_RGBA8_1D, /* and loads */
    TUK_LD_RGBA32F_1D,
    TUK_SAMPLE_R16_2D,   /* R16_UNORM, or D16_UNORM read without compare */
    TUK_SAMPLE_C_D16_2D, /* D16_UNORM with compare */
    TUK_SAMPLE_RGBA8_3D, /* 3D surfaces: the SAMPLE ops without compare or offsets */
    TUK_SAMPLE_RGBA32F_3D,
    TUK_SAMPLE_RG16F_2D,
    TUK_SAMPLE_RGBA16_2D,
    TUK_LD_RG16F_2D,
    TUK_LD_RGBA16_2D,
    TUK_LD_R16_2D,
    TUK_SAMPLE_B10G11R11_2D,
    TUK_SAMPLE_RGB9E5_2D,
    TUK_LD_B10G11R11_2D,
    TUK_LD_RGB9E5_2D,
    TUK_SAMPLE_R16F_2D,
    TUK_SAMPLE_RG32F_2D,
    TUK_SAMPLE_RG16_2D,
    TUK_SAMPLE_RGB10A2_2D,
    TUK_LD_R16F_2D,
    TUK_LD_RG32F_2D,
    TUK_LD_RG16_2D,
    TUK_LD_RGB10A2_2D,
    /* GATHER4 of the base level on 2D surfaces, every kind but D32 and D16, and GATHER4_C on
     * those two */
    TUK_GATHER_RGBA8_2D,
    TUK_GATHER_SRGBA8_2D,
    TUK_GATHER_RGBA32F_2D,
    TUK_GATHER_RGBA16F_2D,
    TUK_GATHER_R32F_2D,
    TUK_GATHER_R16_2D,
    TUK_GATHER_RG16F_2D,
    TUK_GATHER_RGBA16_2D,
    TUK_GATHER_B10G11R11_2D,
    TUK_GATHER_RGB9E5_2D,
    TUK_GATHER_R16F_2D,
    TUK_GATHER_RG32F_2D,
    TUK_GATHER_RG16_2D,
    TUK_GATHER_RGB10A2_2D,
    TUK_GATHER_C_D32_2D,
    TUK_GATHER_C_D16_2D,
    TUK_COUNT
};

/* What a texel is, for the kernels. */
enum {
    TUK_KIND_RGBA8,
    TUK_KIND_SRGBA8,
    TUK_KIND_RGBA32F,
    TUK_KIND_RGBA16F,
    TUK_KIND_R32F,
    TUK_KIND_D32,
    TUK_KIND_R16, /* R16_UNORM, or D16_UNORM without compare */
    TUK_KIND_D16,
    TUK_KIND_RG16F,
    TUK_KIND_RGBA16, /* R16G16B16A16_UNORM */
    TUK_KIND_B10G11R11,
    TUK_KIND_RGB9E5,
    TUK_KIND_R16F,
    TUK_KIND_RG32F,
    TUK_KIND_RG16, /* R16G16_UNORM */
    TUK_KIND_RGB10A2
};

/* The filter variants of the SAMPLE kernels of 2D and cube surfaces: each built with the
 * sampler's filters as constants (what llvmpipe's sampler key does at run time), so that a
 * bilinear sample carries no code for a second level and no per-lane filter choice. ANY
 * reads the filters from the sampler; the others need the sampler to hold what they name
 * (tuK_filter_of). Every other kernel has one function in all four places. */
enum {
    TUK_FILTER_ANY,
    TUK_FILTER_BILINEAR,  /* min = mag = LINEAR, mip NONE or NEAREST */
    TUK_FILTER_TRILINEAR, /* min = mag = LINEAR, mip LINEAR */
    TUK_FILTER_POINT,     /* min = mag = NEAREST, mip NONE or NEAREST */
    TUK_FILTERS
};

static inline unsigned tuK_filter_of(const tu_sampler *smp) {
    if (smp->min_filter != smp->mag_filter) return TUK_FILTER_ANY;
    if (smp->min_filter == TU_FILTER_NEAREST)
        return smp->mip_filter == TU_MIP_LINEAR ? TUK_FILTER_ANY : TUK_FILTER_POINT;
    return smp->mip_filter == TU_MIP_LINEAR ? TUK_FILTER_TRILINEAR : TUK_FILTER_BILINEAR;
}

/* The kernels of one build, by kernel and filter variant. A build the compiler cannot make
 * has every entry NULL. */
typedef struct tuK_set {
    tuK_fn fn[TUK_COUNT][TUK_FILTERS];
    /* Whether binding b was bound from the very bytes of surface and sampler, compared in
     * the build's widest words (tu_execute's cache key: execute.c, docs/bindings.md). */
    bool (*same_binding)(const tu_binding *b, const tu_surface *surface, const tu_sampler *sampler);
} tuK_set;

/* tuK_avx2_pairs: the avx2 build's 2D sampling kernels with two registers a value (clang
 * only; every other entry, and every entry under GCC, NULL), which an avx2 binding runs in
 * place of tuK_avx2's (fast.c kernel_of). */
extern const tuK_set tuK_portable, tuK_avx2, tuK_avx2_pairs, tuK_avx512;

#endif /* TEXUNIT_KERNELS_H */
