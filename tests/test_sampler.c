/* SPDX-License-Identifier: MIT */
/*
 * test_sampler.c - the engine, case by case, with every expected value derived by hand
 * from the rule it tests (Vulkan "Image Operations", docs/semantics.md):
 * address modes, border colours, weights in both precision modes, LOD selection, bias
 * and clamps, the LOD op, derivatives from subspans, coarse pixels, anisotropy, cube
 * faces, seamless edges and corners, depth compare, offsets, gather, loads, residency,
 * min/max reduction, half sources, disabled lanes, and every refusal.
 */
#include "texunit/texunit.h"

#include "tu_test.h"

#include <math.h>
#include <stdlib.h>

typedef void (*texel_fn)(uint32_t level, uint32_t layer, uint32_t x, uint32_t y, uint32_t z,
                         tu_texel *out);

/* An image whose texels are fn(level, layer, x, y, z), encoded in its format. */
static tu_image make(tu_surface_type type, bool arrayed, tu_format format, uint32_t w, uint32_t h,
                     uint32_t d, uint32_t layers, uint32_t levels, texel_fn fn) {
    tu_image img = tu_test_image(type, arrayed, format, w, h, d, layers, levels, 1);
    if (!img.memory) return img;
    tu_surface *s = &img.surface;
    for (uint32_t L = 0; L < levels; L++) {
        uint32_t lw, lh, ld;
        tu_surface_level_extent(s, L, &lw, &lh, &ld);
        for (uint32_t layer = 0; layer < layers; layer++)
            for (uint32_t z = 0; z < ld; z++)
                for (uint32_t y = 0; y < lh; y++)
                    for (uint32_t x = 0; x < lw; x++) {
                        tu_texel_coord c = {x, y, z, layer, L, 0};
                        tu_texel t = {{0}};
                        fn(L, layer, x, y, z, &t);
                        tu_format_encode(format, &t, (void *)tu_surface_texel_pointer(s, &c));
                    }
    }
    return img;
}

static tu_msg *new_msg(tu_op op, uint32_t simd) {
    tu_msg *m = calloc(1, sizeof *m);
    m->op = op;
    m->simd = simd;
    m->lane_mask = simd == 32 ? 0xffffffffu : (1u << simd) - 1;
    m->channel_mask = 0xf;
    return m;
}

static tu_texel run_lane(const tu_msg *m, const tu_surface *s, const tu_sampler *smp,
                         unsigned lane) {
    static tu_reply r;
    tu_error err = {0};
    tu_texel t = {{0}};
    if (!CHECK(tu_execute(m, s, smp, &r, &err) == TU_OK, "%s", err.message)) return t;
    for (int c = 0; c < 4; c++)
        t.u[c] = r.channel[c].u[lane];
    return t;
}

/* Sample a single lane with normalized coordinates (u, v, r) through SAMPLE_L. */
static float sample_l(const tu_surface *s, const tu_sampler *smp, float u, float v, float r,
                      float lod) {
    tu_msg *m = new_msg(TU_OP_SAMPLE_L, 1);
    m->src[TU_SRC_U].f[0] = u, m->src[TU_SRC_V].f[0] = v, m->src[TU_SRC_R].f[0] = r;
    m->src[TU_SRC_LOD].f[0] = lod;
    float f = run_lane(m, s, smp, 0).f[0];
    free(m);
    return f;
}

#define CHECK_F(got, want)                       \
    do {                                         \
        float g_ = (got), w_ = (want);           \
        CHECK(g_ == w_, "%.9g != %.9g", g_, w_); \
    } while (0)

/* --- textures the cases use --------------------------------------------------------------- */

static void ramp4(uint32_t L, uint32_t layer, uint32_t x, uint32_t y, uint32_t z, tu_texel *t) {
    (void)L, (void)layer, (void)y, (void)z;
    t->f[0] = (float)(x + 1); /* 1 2 3 4 */
}

static void grid(uint32_t L, uint32_t layer, uint32_t x, uint32_t y, uint32_t z, tu_texel *t) {
    t->f[0] = (float)(x + 10 * y + 100 * z + 1000 * layer + 10000 * L);
    t->f[1] = (float)x, t->f[2] = (float)y, t->f[3] = 1.0f;
}

static void grid_int(uint32_t L, uint32_t layer, uint32_t x, uint32_t y, uint32_t z, tu_texel *t) {
    t->u[0] = x + 10 * y + 100 * z + 1000 * layer + 10000 * L;
    t->u[1] = x, t->u[2] = y, t->u[3] = 1;
}

static void per_level(uint32_t L, uint32_t layer, uint32_t x, uint32_t y, uint32_t z, tu_texel *t) {
    (void)layer, (void)x, (void)y, (void)z;
    t->f[0] = (float)(10 * L);
}

/* --- address modes and border ---------------------------------------------------------- */

static void test_address_modes(void) {
    tu_image img = make(TU_SURFACE_1D, false, TU_FORMAT_R32_SFLOAT, 4, 1, 1, 1, 1, ramp4);
    tu_sampler smp = tu_sampler_default();
    smp.border_color.f[0] = 7.0f;
    /* Texel i = -6..9 under each mode, from Vulkan "Wrapping Operation" worked by hand:
     * repeat i mod 4; mirrored repeat reflects every 4 (…,3,2,1,0 | 0,1,2,3 | 3,2,…);
     * clamp to edge; border outside [0,4); mirror once reflects once then clamps. */
    static const int want[5][16] = {
        /* i:        -6 -5 -4 -3 -2 -1  0  1  2  3  4  5  6  7  8  9 */
        [TU_ADDRESS_WRAP] = {2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1},
        [TU_ADDRESS_MIRROR] = {2, 3, 3, 2, 1, 0, 0, 1, 2, 3, 3, 2, 1, 0, 0, 1},
        [TU_ADDRESS_CLAMP_EDGE] = {0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 3, 3, 3},
        [TU_ADDRESS_CLAMP_BORDER] = {-1, -1, -1, -1, -1, -1, 0, 1, 2, 3, -1, -1, -1, -1, -1, -1},
        [TU_ADDRESS_MIRROR_ONCE] = {3, 3, 3, 2, 1, 0, 0, 1, 2, 3, 3, 3, 3, 3, 3, 3},
    };
    for (int mode = 0; mode < 5; mode++) {
        smp.address[0] = (uint8_t)mode;
        for (int i = -6; i <= 9; i++) {
            const float got = sample_l(&img.surface, &smp, ((float)i + 0.5f) / 4.0f, 0, 0, 0);
            const int w = want[mode][i + 6];
            CHECK(got == (w < 0 ? 7.0f : (float)(w + 1)), "mode %d texel %d: %g", mode, i,
                  (double)got);
        }
    }
    /* CUBE on a non-cube surface clamps to the edge. */
    smp.address[0] = TU_ADDRESS_CUBE;
    CHECK_F(sample_l(&img.surface, &smp, -0.4f, 0, 0, 0), 1.0f);
    CHECK_F(sample_l(&img.surface, &smp, 1.6f, 0, 0, 0), 4.0f);
    tu_image_free(&img);
}

static void test_border_colour(void) {
    /* The border replaces the components the format has; the others read 0, 0, 1 (Vulkan
     * "Texel Replacement", then "Conversion to RGBA"): R32F takes only B_r. */
    tu_image img = make(TU_SURFACE_2D, false, TU_FORMAT_R32_SFLOAT, 2, 2, 1, 1, 1, grid);
    tu_sampler smp = tu_sampler_default();
    smp.address[0] = smp.address[1] = TU_ADDRESS_CLAMP_BORDER;
    smp.border_color = (tu_texel){.f = {0.25f, 0.5f, 0.75f, 0.125f}};
    tu_msg *m = new_msg(TU_OP_SAMPLE_L, 1);
    m->src[TU_SRC_U].f[0] = -0.1f, m->src[TU_SRC_V].f[0] = 0.5f;
    tu_texel t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.f[0] == 0.25f && t.f[1] == 0.0f && t.f[2] == 0.0f && t.f[3] == 1.0f);
    /* Inside, the missing components read 0, 0, 1. */
    m->src[TU_SRC_U].f[0] = 0.75f, m->src[TU_SRC_V].f[0] = 0.75f;
    t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.f[0] == 11.0f && t.f[1] == 0.0f && t.f[2] == 0.0f && t.f[3] == 1.0f);
    tu_image_free(&img);

    /* A four-component format takes all four. */
    img = make(TU_SURFACE_2D, false, TU_FORMAT_R32G32B32A32_SFLOAT, 2, 2, 1, 1, 1, grid);
    m->src[TU_SRC_U].f[0] = -0.1f;
    t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.f[0] == 0.25f && t.f[1] == 0.5f && t.f[2] == 0.75f && t.f[3] == 0.125f);
    tu_image_free(&img);
    /* Integer formats take the integer border, likewise by component. */
    img = make(TU_SURFACE_2D, false, TU_FORMAT_R32G32B32A32_UINT, 2, 2, 1, 1, 1, grid_int);
    smp.border_color_int = (tu_texel){.u = {9, 8, 7, 6}};
    m->src[TU_SRC_U].f[0] = 1.5f;
    t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.u[0] == 9 && t.u[1] == 8 && t.u[2] == 7 && t.u[3] == 6);
    tu_image_free(&img);
    img = make(TU_SURFACE_2D, false, TU_FORMAT_R32G32_SINT, 2, 2, 1, 1, 1, grid_int);
    t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.u[0] == 9 && t.u[1] == 8 && t.u[2] == 0 && t.u[3] == 1);
    free(m);
    tu_image_free(&img);
    /* Depth takes B_r. */
    img = make(TU_SURFACE_2D, false, TU_FORMAT_D32_SFLOAT, 2, 2, 1, 1, 1, ramp4);
    m = new_msg(TU_OP_SAMPLE_L, 1);
    m->src[TU_SRC_U].f[0] = 1.5f, m->src[TU_SRC_V].f[0] = 0.5f;
    t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.f[0] == 0.25f && t.f[1] == 0.0f && t.f[2] == 0.0f && t.f[3] == 1.0f);
    free(m);
    tu_image_free(&img);
}

/* --- weights and precision ----------------------------------------------------------------- */

static void two_texels(uint32_t L, uint32_t layer, uint32_t x, uint32_t y, uint32_t z,
                       tu_texel *t) {
    (void)L, (void)layer, (void)y, (void)z;
    t->f[0] = x == 0 ? 0.0f : 1.0f;
}

static void test_bilinear_weights(void) {
    tu_sampler smp = tu_sampler_default();
    smp.mag_filter = smp.min_filter = TU_FILTER_LINEAR;
    smp.address[0] = TU_ADDRESS_CLAMP_EDGE;
    /* u*2 - 0.5 = 0.3: alpha = 0.3 (exact), round_even(0.3*256) / 256 = 77/256 (hw). */
    const float u = 0.4f;
    const float alpha = u * 2.0f - 0.5f;
    tu_image f32 = make(TU_SURFACE_1D, false, TU_FORMAT_R32_SFLOAT, 2, 1, 1, 1, 1, two_texels);
    smp.precision = TU_PRECISION_EXACT;
    CHECK_F(sample_l(&f32.surface, &smp, u, 0, 0, 0), alpha);
    smp.precision = TU_PRECISION_HW;
    CHECK_F(sample_l(&f32.surface, &smp, u, 0, 0, 0), 77.0f / 256.0f);
    /* 8-bit unorm in fixed point: (0*(256-77) + 255*77 + 128) >> 8 = 77, read as 77/255. */
    tu_image u8 = make(TU_SURFACE_1D, false, TU_FORMAT_R8_UNORM, 2, 1, 1, 1, 1, two_texels);
    CHECK_F(sample_l(&u8.surface, &smp, u, 0, 0, 0), 77.0f / 255.0f);
    smp.precision = TU_PRECISION_EXACT;
    CHECK_F(sample_l(&u8.surface, &smp, u, 0, 0, 0), alpha);
    /* sRGB is filtered after conversion, in float: not the fixed-point path. */
    tu_image srgb = make(TU_SURFACE_1D, false, TU_FORMAT_R8_SRGB, 2, 1, 1, 1, 1, two_texels);
    smp.precision = TU_PRECISION_HW;
    CHECK_F(sample_l(&srgb.surface, &smp, u, 0, 0, 0), 77.0f / 256.0f);
    /* At a texel centre only that texel counts. */
    CHECK_F(sample_l(&f32.surface, &smp, 0.25f, 0, 0, 0), 0.0f);
    CHECK_F(sample_l(&f32.surface, &smp, 0.75f, 0, 0, 0), 1.0f);
    tu_image_free(&f32);
    tu_image_free(&u8);
    tu_image_free(&srgb);

    /* 2D: four texels 0, 1 (top), 2, 3 (bottom); at the centre of the four, 1.5. */
    tu_image g = make(TU_SURFACE_2D, false, TU_FORMAT_R32_SFLOAT, 2, 2, 1, 1, 1, grid);
    smp.address[1] = TU_ADDRESS_CLAMP_EDGE;
    CHECK_F(sample_l(&g.surface, &smp, 0.5f, 0.5f, 0, 0), (0.0f + 1 + 10 + 11) / 4.0f);
    tu_image_free(&g);
}

static void test_min_max_reduction(void) {
    tu_image img = make(TU_SURFACE_1D, false, TU_FORMAT_R32_SFLOAT, 2, 1, 1, 1, 1, two_texels);
    tu_sampler smp = tu_sampler_default();
    smp.mag_filter = TU_FILTER_LINEAR;
    smp.address[0] = TU_ADDRESS_CLAMP_EDGE;
    smp.reduction = TU_REDUCTION_MIN;
    CHECK_F(sample_l(&img.surface, &smp, 0.4f, 0, 0, 0), 0.0f);
    CHECK_F(sample_l(&img.surface, &smp, 0.75f, 0, 0, 0), 1.0f); /* weight 0 on texel 0 */
    smp.reduction = TU_REDUCTION_MAX;
    CHECK_F(sample_l(&img.surface, &smp, 0.4f, 0, 0, 0), 1.0f);
    CHECK_F(sample_l(&img.surface, &smp, 0.25f, 0, 0, 0), 0.0f);
    tu_image_free(&img);
}

static void nan_then_one(uint32_t L, uint32_t layer, uint32_t x, uint32_t y, uint32_t z,
                         tu_texel *t) {
    (void)L, (void)layer, (void)y, (void)z;
    t->f[0] = x == 0 ? NAN : 1.0f;
    t->f[3] = 1.0f;
}

static void one_then_nan(uint32_t L, uint32_t layer, uint32_t x, uint32_t y, uint32_t z,
                         tu_texel *t) {
    nan_then_one(L, layer, 1 - x, y, z, t);
}

static void opaque_white(uint32_t L, uint32_t layer, uint32_t x, uint32_t y, uint32_t z,
                         tu_texel *t) {
    (void)L, (void)layer, (void)x, (void)y, (void)z;
    t->f[0] = t->f[1] = t->f[2] = t->f[3] = 1.0f;
}

static void test_nan_texels_and_borders(void) {
    /* A NaN texel in a min/max footprint loses to any number, in either order (fminf /
     * fmaxf, docs/semantics.md), in both precisions: u = 0.4 weighs both texels. */
    texel_fn order[2] = {nan_then_one, one_then_nan};
    for (int o = 0; o < 2; o++) {
        tu_image img = make(TU_SURFACE_1D, false, TU_FORMAT_R32_SFLOAT, 2, 1, 1, 1, 1, order[o]);
        tu_sampler smp = tu_sampler_default();
        smp.mag_filter = TU_FILTER_LINEAR;
        smp.address[0] = TU_ADDRESS_CLAMP_EDGE;
        for (int prec = 0; prec < 2; prec++)
            for (int red = TU_REDUCTION_MIN; red <= TU_REDUCTION_MAX; red++) {
                smp.precision = (uint8_t)prec, smp.reduction = (uint8_t)red;
                CHECK_F(sample_l(&img.surface, &smp, 0.4f, 0, 0, 0), 1.0f);
            }
        tu_image_free(&img);
    }
    /* Any float is a valid border colour (Vulkan's VkClearColorValue and NVIDIA's 32-bit
     * TSC border words have no finiteness rule). A float format returns it as it is. */
    tu_image f32 = make(TU_SURFACE_1D, false, TU_FORMAT_R32_SFLOAT, 2, 1, 1, 1, 1, two_texels);
    tu_sampler smp = tu_sampler_default();
    smp.address[0] = TU_ADDRESS_CLAMP_BORDER;
    smp.border_color.f[0] = NAN;
    tu_error err = {0};
    CHECK(tu_sampler_validate(&smp, &err) == TU_OK, "%s", err.message);
    CHECK(isnan(sample_l(&f32.surface, &smp, -0.1f, 0, 0, 0)));
    tu_image_free(&f32);
    /* At 8-bit fixed point the border converts like a texel by the unorm encoding rule:
     * NaN -> code 0, +Inf -> 255, -Inf -> 0. u = -63/512 on 2 texels: u * 2 - 0.5 = -1 +
     * 65/256, so the border (texel -1) weighs 191/256 and texel 0 (code 255) 65/256:
     * (c * 191 + 255 * 65 + 128) >> 8. (An odd weight: a NaN cast to INT_MIN, as it once
     * was, does not cancel out of the sum.) */
    tu_image u8 = make(TU_SURFACE_1D, false, TU_FORMAT_R8G8B8A8_UNORM, 2, 1, 1, 1, 1, opaque_white);
    smp.mag_filter = TU_FILTER_LINEAR;
    smp.precision = TU_PRECISION_HW;
    const float borders[3] = {NAN, INFINITY, -INFINITY};
    const int32_t codes[3] = {0, 255, 0};
    for (int b = 0; b < 3; b++) {
        smp.border_color = (tu_texel){.f = {borders[b], borders[b], borders[b], borders[b]}};
        const int32_t want = (codes[b] * 191 + 255 * 65 + 128) >> 8;
        CHECK_F(sample_l(&u8.surface, &smp, -63.0f / 512.0f, 0, 0, 0), (float)want / 255.0f);
    }
    /* In exact precision too: the border is what an RGBA8 texel can hold, so the blend is
     * 65/256 of texel 0 (1.0) and 191/256 of the border's 0 or 1. */
    smp.precision = TU_PRECISION_EXACT;
    const float held[3] = {0.0f, 1.0f, 0.0f};
    for (int b = 0; b < 3; b++) {
        smp.border_color = (tu_texel){.f = {borders[b], borders[b], borders[b], borders[b]}};
        const float a = 65.0f / 256.0f;
        CHECK_F(sample_l(&u8.surface, &smp, -63.0f / 512.0f, 0, 0, 0),
                held[b] + a * (1.0f - held[b]));
    }
    tu_image_free(&u8);
}

/* --- LOD ------------------------------------------------------------------------------------ */

static void test_lod_selection(void) {
    tu_image img = make(TU_SURFACE_2D, false, TU_FORMAT_R32_SFLOAT, 8, 8, 1, 1, 4, per_level);
    tu_sampler smp = tu_sampler_default();
    smp.mip_filter = TU_MIP_NEAREST;
    /* nearest(d') = ceil(d' + 0.5) - 1: 0.5 stays at level 0, 0.5+ goes to 1. */
    CHECK_F(sample_l(&img.surface, &smp, 0.5f, 0.5f, 0, 0.49f), 0.0f);
    CHECK_F(sample_l(&img.surface, &smp, 0.5f, 0.5f, 0, 0.5f), 0.0f);
    CHECK_F(sample_l(&img.surface, &smp, 0.5f, 0.5f, 0, 0.51f), 10.0f);
    CHECK_F(sample_l(&img.surface, &smp, 0.5f, 0.5f, 0, 9.0f), 30.0f); /* clamped to q = 3 */
    CHECK_F(sample_l(&img.surface, &smp, 0.5f, 0.5f, 0, -3.0f), 0.0f);
    smp.mip_filter = TU_MIP_LINEAR;
    CHECK_F(sample_l(&img.surface, &smp, 0.5f, 0.5f, 0, 1.25f), 12.5f);
    /* hw: the LOD fraction in 1/256: 1.3 -> 1 + 77/256; exact keeps 0.3 (as a float). */
    CHECK_F(sample_l(&img.surface, &smp, 0.5f, 0.5f, 0, 1.3f), 10.0f + 10.0f * 77.0f / 256.0f);
    smp.precision = TU_PRECISION_EXACT;
    CHECK_F(sample_l(&img.surface, &smp, 0.5f, 0.5f, 0, 1.3f), 10.0f + 10.0f * (1.3f - 1.0f));
    smp.precision = TU_PRECISION_HW;
    /* Sampler bias adds to the explicit LOD; min/max LOD clamp the sum. */
    smp.lod_bias = 1.0f;
    CHECK_F(sample_l(&img.surface, &smp, 0.5f, 0.5f, 0, 0.5f), 15.0f);
    smp.max_lod = 1.25f;
    CHECK_F(sample_l(&img.surface, &smp, 0.5f, 0.5f, 0, 2.0f), 12.5f);
    smp.lod_bias = 0.0f, smp.min_lod = 2.5f, smp.max_lod = 1000.0f;
    CHECK_F(sample_l(&img.surface, &smp, 0.5f, 0.5f, 0, 0.0f), 25.0f);
    /* The bias sum is clamped to [-16, 16]: lod -20 + bias 30 -> -20 + 16 = -4 -> level 0. */
    smp.min_lod = -1000.0f, smp.lod_bias = 30.0f;
    CHECK_F(sample_l(&img.surface, &smp, 0.5f, 0.5f, 0, -20.0f), 0.0f);
    /* A view based at level 1: its level 0 is memory level 1. */
    smp.lod_bias = 0.0f;
    img.surface.base_level = 1, img.surface.level_count = 3;
    CHECK_F(sample_l(&img.surface, &smp, 0.5f, 0.5f, 0, 0.0f), 10.0f);
    CHECK_F(sample_l(&img.surface, &smp, 0.5f, 0.5f, 0, 5.0f), 30.0f);
    tu_image_free(&img);
}

/* A subspan of four lanes: (u, v) at UL, UR = UL + (dx, 0), LL = UL + (0, dy), LR. */
static tu_msg *quad(tu_op op, float u, float v, float dx, float dy) {
    tu_msg *m = new_msg(op, 4);
    const float du[4] = {0, dx, 0, dx}, dv[4] = {0, 0, dy, dy};
    for (int l = 0; l < 4; l++) {
        m->src[TU_SRC_U].f[l] = u + du[l];
        m->src[TU_SRC_V].f[l] = v + dv[l];
    }
    return m;
}

static void test_lod_op_and_derivatives(void) {
    tu_image img = make(TU_SURFACE_2D, false, TU_FORMAT_R32_SFLOAT, 64, 64, 1, 1, 7, per_level);
    tu_sampler smp = tu_sampler_default();
    smp.mip_filter = TU_MIP_LINEAR;
    /* dx = 4 texels, dy = 1 texel: rho = 4, lambda = 2. R clamped, G unclamped. */
    tu_msg *m = quad(TU_OP_LOD, 0.25f, 0.25f, 4.0f / 64, 1.0f / 64);
    for (unsigned l = 0; l < 4; l++) {
        tu_texel t = run_lane(m, &img.surface, &smp, l);
        CHECK(t.f[0] == 2.0f && t.f[1] == 2.0f, "lane %u: %g %g", l, (double)t.f[0],
              (double)t.f[1]);
    }
    /* Max LOD clamps R, not G; bias moves both. */
    smp.max_lod = 1.5f, smp.lod_bias = 0.5f;
    tu_texel t = run_lane(m, &img.surface, &smp, 3);
    CHECK(t.f[0] == 1.5f && t.f[1] == 2.5f, "%g %g", (double)t.f[0], (double)t.f[1]);
    /* R is also clamped to the view's levels [0, q]; G is not. */
    smp.max_lod = 1000.0f, smp.lod_bias = 0.0f;
    free(m);
    m = quad(TU_OP_LOD, 0.25f, 0.25f, 2048.0f / 64, 0);
    t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.f[0] == 6.0f && t.f[1] == 11.0f, "%g %g", (double)t.f[0], (double)t.f[1]);
    free(m);
    /* Coarse pixels 2x1: x derivatives halve, 4 -> 2 texels: lambda = 1. */
    m = quad(TU_OP_LOD, 0.25f, 0.25f, 4.0f / 64, 1.0f / 64);
    m->flags = TU_MSG_CPS, m->cps_x = 2, m->cps_y = 1;
    t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.f[0] == 1.0f, "%g", (double)t.f[0]);
    free(m);
    /* sample with implicit LOD picks level 2 (value 20); sample_b adds its bias lane-wise. */
    m = quad(TU_OP_SAMPLE, 0.25f, 0.25f, 4.0f / 64, 1.0f / 64);
    CHECK_F(run_lane(m, &img.surface, &smp, 1).f[0], 20.0f);
    m->op = TU_OP_SAMPLE_B;
    for (int l = 0; l < 4; l++)
        m->src[TU_SRC_BIAS].f[l] = (float)l * 0.5f;
    CHECK_F(run_lane(m, &img.surface, &smp, 2).f[0], 30.0f); /* 2 + 1 */
    free(m);
    /* A SIMD width that cuts a subspan: lanes past it count as equal: derivative 0. */
    m = quad(TU_OP_LOD, 0.25f, 0.25f, 4.0f / 64, 8.0f / 64);
    m->simd = 2, m->lane_mask = 3;
    t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.f[0] == 2.0f, "%g", (double)t.f[0]); /* only dx counts */
    free(m);
    /* sample_d: the gradients come from the message. 3D: rho over three axes. */
    m = new_msg(TU_OP_SAMPLE_D, 1);
    m->src[TU_SRC_U].f[0] = m->src[TU_SRC_V].f[0] = 0.5f;
    m->src[TU_SRC_DUDX].f[0] = 3.0f / 64, m->src[TU_SRC_DVDX].f[0] = 4.0f / 64; /* |.| = 5 */
    m->src[TU_SRC_DUDY].f[0] = 1.0f / 64;
    smp.mip_filter = TU_MIP_LINEAR, smp.precision = TU_PRECISION_EXACT;
    CHECK_F(run_lane(m, &img.surface, &smp, 0).f[0], 10.0f * log2f(5.0f));
    free(m);
    tu_image_free(&img);
}

static void test_anisotropy(void) {
    tu_image img = make(TU_SURFACE_2D, false, TU_FORMAT_R32_SFLOAT, 64, 64, 1, 1, 7, per_level);
    tu_sampler smp = tu_sampler_default();
    smp.mip_filter = TU_MIP_NEAREST;
    smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
    tu_msg *m = new_msg(TU_OP_SAMPLE_D, 1);
    m->src[TU_SRC_U].f[0] = m->src[TU_SRC_V].f[0] = 0.5f;
    m->src[TU_SRC_DUDX].f[0] = 8.0f / 64, m->src[TU_SRC_DVDY].f[0] = 1.0f / 64;
    /* rho_x = 8, rho_y = 1. Isotropic: lambda = log2(8) = 3. */
    CHECK_F(run_lane(m, &img.surface, &smp, 0).f[0], 30.0f);
    /* eta = min(8, 16) = 8: lambda = log2(8 / 8) = 0. */
    smp.max_anisotropy = 16;
    CHECK_F(run_lane(m, &img.surface, &smp, 0).f[0], 0.0f);
    /* eta = min(8, 2) = 2: lambda = log2(4) = 2. */
    smp.max_anisotropy = 2;
    CHECK_F(run_lane(m, &img.surface, &smp, 0).f[0], 20.0f);
    free(m);
    tu_image_free(&img);
    /* The anisotropic average spreads along the major axis: on a ramp it is the mean of
     * ceil(eta) samples at offsets (k + 0.5)/n - 0.5 of the major derivative. */
    tu_image ramp = make(TU_SURFACE_1D, false, TU_FORMAT_R32_SFLOAT, 4, 1, 1, 1, 1, ramp4);
    m = new_msg(TU_OP_SAMPLE_D, 1);
    m->src[TU_SRC_U].f[0] = 0.5f;
    m->src[TU_SRC_DUDX].f[0] = 1.0f; /* four texels per pixel, clamped LOD 0 */
    smp.max_anisotropy = 4, smp.mip_filter = TU_MIP_NONE, smp.precision = TU_PRECISION_EXACT;
    smp.address[0] = TU_ADDRESS_CLAMP_EDGE;
    /* rho_y = 0: eta = 4, four samples at u = 0.5 + {-3/8, -1/8, 1/8, 3/8}: texel coordinates
     * 0.5, 1.5, 2.5, 3.5 -> texel centres 1, 2, 3, 4; mean 2.5. */
    CHECK_F(run_lane(m, &ramp.surface, &smp, 0).f[0], 2.5f);
    free(m);
    tu_image_free(&ramp);
}

/* --- cube maps ------------------------------------------------------------------------------ */

static void cube_texels(uint32_t L, uint32_t layer, uint32_t x, uint32_t y, uint32_t z,
                        tu_texel *t) {
    (void)L, (void)z;
    t->f[0] = (float)(100 * layer + 10 * y + x);
}

static void test_cube_faces(void) {
    tu_image img = make(TU_SURFACE_CUBE, false, TU_FORMAT_R32_SFLOAT, 4, 4, 1, 6, 1, cube_texels);
    tu_sampler smp = tu_sampler_default();
    /* Vulkan's face table: +X sc=-rz tc=-ry; -X sc=rz tc=-ry; +Y sc=rx tc=rz; -Y sc=rx tc=-rz;
     * +Z sc=rx tc=-ry; -Z sc=-rx tc=-ry; s = (sc/|ma| + 1)/2 -> texel floor(4s). */
    const struct {
        float d[3];
        int face, x, y;
    } cases[] = {
        {{1, 0.2f, -0.3f}, 0, 2, 1},   /* sc=0.3 -> s=.65 x2; tc=-0.2 -> t=.4 y1 */
        {{-1, 0.6f, 0.8f}, 1, 3, 0},   /* sc=0.8 -> .9 x3; tc=-0.6 -> .2 y0 */
        {{0.1f, 2, -1.2f}, 2, 2, 0},   /* sc=.05 -> .525 x2; tc=-0.6 -> .2 y0 */
        {{-0.9f, -3, 0.3f}, 3, 1, 1},  /* sc=-.9/3 -> .35 x1; tc=-.3/3 -> .45 y1 */
        {{0.5f, 0.5f, 1}, 4, 3, 1},    /* sc=.5 -> .75 x3; tc=-.5 -> .25 y1 */
        {{0.5f, -0.25f, -1}, 5, 1, 2}, /* sc=-.5 -> .25 x1; tc=.25 -> .625 y2 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const float got =
            sample_l(&img.surface, &smp, cases[i].d[0], cases[i].d[1], cases[i].d[2], 0);
        CHECK(got == (float)(100 * cases[i].face + 10 * cases[i].y + cases[i].x), "case %zu: %g", i,
              (double)got);
    }
    /* Ties go to Z, then Y. (1, 1, 1) is +Z: sc = 1, tc = -1: s = 1 (x 4, clamped to 3),
     * t = 0 (y 0). (1, 1, 0.5) is +Y: sc = 1, tc = 0.5: x 3, t = 0.75 (y 3). */
    CHECK_F(sample_l(&img.surface, &smp, 1, 1, 1, 0), 403.0f);
    CHECK_F(sample_l(&img.surface, &smp, 1, 1, 0.5f, 0), 233.0f);
    tu_image_free(&img);
}

/* Hostile directions on a seamless linear cube: NaN, infinities, huge and zero components
 * reach no int conversion (the asan build runs UBSan's float-cast-overflow) and read a blend
 * of texels, so the result lies within the texels' range 0..511. */
static void test_cube_hostile_directions(void) {
    tu_image img = make(TU_SURFACE_CUBE, false, TU_FORMAT_R32_SFLOAT, 2, 2, 1, 6, 1, cube_texels);
    tu_sampler smp = tu_sampler_default();
    smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
    const float v[] = {NAN, INFINITY, -INFINITY, 3e38f, -3e38f, 0.0f, 1e-38f, 1.0f, -1.0f};
    const unsigned n = sizeof v / sizeof v[0];
    for (int prec = 0; prec < 2; prec++) {
        smp.precision = (uint8_t)prec;
        for (unsigned i = 0; i < n * n * n; i++) {
            const float x = v[i % n], y = v[i / n % n], z = v[i / (n * n)];
            const float got = sample_l(&img.surface, &smp, x, y, z, 0);
            CHECK(got >= 0.0f && got <= 511.0f, "(%g, %g, %g): %g", (double)x, (double)y, (double)z,
                  (double)got);
        }
    }
    tu_image_free(&img);
}

static void test_cube_seamless(void) {
    /* Faces of 2x2. Linear at the exact corner (s, t) = (0, 0) of +X: the footprint is
     * (-1,-1) (-0,-1) (-1,0) (0,0); worked by hand from the face table, texel (-1, 0) of +X
     * folds onto +Z texel (1, 0) and texel (0, -1) onto +Y texel (1, 1); the corner texel is
     * the mean of the three, so the result is (+X(0,0) + +Z(1,0) + +Y(1,1)) / 3. */
    tu_image img = make(TU_SURFACE_CUBE, false, TU_FORMAT_R32_SFLOAT, 2, 2, 1, 6, 1, cube_texels);
    tu_sampler smp = tu_sampler_default();
    smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
    smp.precision = TU_PRECISION_EXACT;
    /* The direction of +X's corner (s, t) = (0, 0): sc = tc = -1 -> (1, 1, 1) ties to +Z;
     * nudge it to stay on +X: (1, 1 - e, 1 - e) gives sc = tc = -(1 - e). */
    const float e = 1.0f / 1024;
    const float got = sample_l(&img.surface, &smp, 1, 1 - e, 1 - e, 0);
    /* Footprint at s = t = e/2: texel coordinate s*2 - 0.5 = -0.5 + e: i0 = -1, alpha = 0.5 + e. */
    const float a = 0.5f + e; /* as computed in float: (e/2 * 2) - 0.5 */
    const float own = 0.0f, z_nb = 400 + 0 * 10 + 1, y_nb = 200 + 10 * 1 + 1;
    const float corner = (own + z_nb + y_nb) / 3.0f;
    /* Texels: (−1,−1)=corner, (0,−1)=+Y(1,1), (−1,0)=+Z(1,0), (0,0)=+X(0,0). */
    const float top = corner + a * (y_nb - corner);
    const float bottom = z_nb + a * (own - z_nb);
    const float want = top + a * (bottom - top);
    CHECK(fabsf(got - want) < 1e-3f, "%.9g != %.9g", (double)got, (double)want);
    /* Without seamless filtering the address modes apply on the face. The footprint is
     * i, j in {-1, 0} with both weights a. Clamp to edge: all four are +X(0,0) = 0. */
    smp.seamless_cube = false;
    smp.address[0] = smp.address[1] = TU_ADDRESS_CLAMP_EDGE;
    CHECK_F(sample_l(&img.surface, &smp, 1, 1 - e, 1 - e, 0), 0.0f);
    /* Wrap: -1 wraps to 1: (1,1) = 11, (0,1) = 10, (1,0) = 1, (0,0) = 0. */
    smp.address[0] = smp.address[1] = TU_ADDRESS_WRAP;
    const float wtop = 11.0f + a * (10.0f - 11.0f), wbottom = 1.0f + a * (0.0f - 1.0f);
    const float wrapped = sample_l(&img.surface, &smp, 1, 1 - e, 1 - e, 0);
    CHECK(fabsf(wrapped - (wtop + a * (wbottom - wtop))) < 1e-3f, "%.9g", (double)wrapped);
    /* Clamp to border (opaque white: R = 1 for R32F): three border texels and (0,0) = 0. */
    smp.address[0] = smp.address[1] = TU_ADDRESS_CLAMP_BORDER;
    smp.border_color = (tu_texel){.f = {1, 1, 1, 1}};
    const float bordered = sample_l(&img.surface, &smp, 1, 1 - e, 1 - e, 0);
    CHECK(fabsf(bordered - (1.0f + a * ((1.0f - a) - 1.0f))) < 1e-3f, "%.9g", (double)bordered);
    tu_image_free(&img);
}

/* --- depth compare ---------------------------------------------------------------------------- */

static void depth_pair(uint32_t L, uint32_t layer, uint32_t x, uint32_t y, uint32_t z,
                       tu_texel *t) {
    (void)L, (void)layer, (void)y, (void)z;
    t->f[0] = x == 0 ? 0.25f : 0.75f;
}

static void test_compare(void) {
    tu_image img = make(TU_SURFACE_2D, false, TU_FORMAT_D32_SFLOAT, 2, 1, 1, 1, 1, depth_pair);
    tu_sampler smp = tu_sampler_default();
    smp.address[0] = TU_ADDRESS_CLAMP_EDGE;
    tu_msg *m = new_msg(TU_OP_SAMPLE_L_C, 1);
    m->src[TU_SRC_U].f[0] = 0.25f, m->src[TU_SRC_V].f[0] = 0.5f; /* texel 0: depth 0.25 */
    /* result = ref OP texel, for ref below, equal to and above 0.25. */
    const float refs[3] = {0.125f, 0.25f, 0.5f};
    static const int want[9][3] = {
        [TU_COMPARE_NEVER] = {0, 0, 0},   [TU_COMPARE_LESS] = {1, 0, 0},
        [TU_COMPARE_EQUAL] = {0, 1, 0},   [TU_COMPARE_LEQUAL] = {1, 1, 0},
        [TU_COMPARE_GREATER] = {0, 0, 1}, [TU_COMPARE_NOTEQUAL] = {1, 0, 1},
        [TU_COMPARE_GEQUAL] = {0, 1, 1},  [TU_COMPARE_ALWAYS] = {1, 1, 1},
    };
    for (int op = TU_COMPARE_NEVER; op <= TU_COMPARE_ALWAYS; op++)
        for (int r = 0; r < 3; r++) {
            smp.compare = (uint8_t)op;
            m->src[TU_SRC_REF].f[0] = refs[r];
            tu_texel t = run_lane(m, &img.surface, &smp, 0);
            CHECK(t.f[0] == (float)want[op][r] && t.f[3] == 1.0f, "compare %d ref %g: %g", op,
                  (double)refs[r], (double)t.f[0]);
        }
    /* Percentage closer: each texel compared, then filtered. Halfway between 0.25 and 0.75
     * with ref 0.5 and LESS: 0 and 1 -> 0.5 (a filter-then-compare would give 1). */
    smp.compare = TU_COMPARE_LESS;
    smp.mag_filter = TU_FILTER_LINEAR;
    m->src[TU_SRC_U].f[0] = 0.5f, m->src[TU_SRC_REF].f[0] = 0.5f;
    CHECK_F(run_lane(m, &img.surface, &smp, 0).f[0], 0.5f);
    free(m);
    tu_image_free(&img);

    /* Unorm depth clamps ref to [0, 1]: ref 1.5 against depth 1.0 with LEQUAL passes. */
    img = make(TU_SURFACE_2D, false, TU_FORMAT_D16_UNORM, 1, 1, 1, 1, 1, two_texels);
    img.surface.format = TU_FORMAT_D16_UNORM;
    tu_texel one = {.f = {1.0f}};
    tu_format_encode(TU_FORMAT_D16_UNORM, &one, img.surface.data);
    m = new_msg(TU_OP_SAMPLE_C_LZ, 1);
    m->src[TU_SRC_REF].f[0] = 1.5f;
    smp = tu_sampler_default();
    smp.compare = TU_COMPARE_LEQUAL;
    CHECK_F(run_lane(m, &img.surface, &smp, 0).f[0], 1.0f);
    free(m);
    tu_image_free(&img);
}

/* --- offsets and gather ------------------------------------------------------------------------
 */

static void test_offsets(void) {
    tu_image img = make(TU_SURFACE_2D, false, TU_FORMAT_R32_SFLOAT, 8, 8, 1, 1, 1, grid);
    tu_sampler smp = tu_sampler_default();
    tu_msg *m = new_msg(TU_OP_SAMPLE_LZ, 1);
    m->src[TU_SRC_U].f[0] = 2.5f / 8, m->src[TU_SRC_V].f[0] = 3.5f / 8; /* texel (2, 3) */
    m->offset[0] = -3, m->offset[1] = 7;
    /* Offsets apply before wrapping: x = 2 - 3 = -1 -> 7; y = 3 + 7 = 10 -> 2. */
    CHECK_F(run_lane(m, &img.surface, &smp, 0).f[0], 7.0f + 10 * 2);
    /* Per-lane programmable offsets add to the immediate ones. */
    m->op = TU_OP_SAMPLE_PO_LZ;
    m->src[TU_SRC_OFFU].i[0] = 4, m->src[TU_SRC_OFFV].i[0] = -1;
    CHECK_F(run_lane(m, &img.surface, &smp, 0).f[0], 3.0f + 10 * 1);
    /* Any per-lane offset: the offset sum clamps to +-2^30, and so does the coordinate it
     * moves. x: -3 + (2^31 - 1) -> 2^30, 2 + 2^30 -> 2^30, which wraps to 0; y: 7 - 2^31 ->
     * -2^30, 3 - 2^30 wraps to 3. */
    m->src[TU_SRC_OFFU].i[0] = INT32_MAX, m->src[TU_SRC_OFFV].i[0] = INT32_MIN;
    CHECK_F(run_lane(m, &img.surface, &smp, 0).f[0], 0.0f + 10 * 3);
    /* -8 + INT32_MIN does not overflow: -2^30, and 2 - 2^30 wraps to 2; y = 3 + 7 -> 2. */
    m->offset[0] = -8, m->src[TU_SRC_OFFU].i[0] = INT32_MIN, m->src[TU_SRC_OFFV].i[0] = 0;
    CHECK_F(run_lane(m, &img.surface, &smp, 0).f[0], 2.0f + 10 * 2);
    free(m);
    tu_image_free(&img);
}

static void test_gather(void) {
    tu_image img = make(TU_SURFACE_2D, false, TU_FORMAT_R32G32B32A32_SFLOAT, 4, 4, 1, 1, 2, grid);
    tu_sampler smp = tu_sampler_default();
    tu_msg *m = new_msg(TU_OP_GATHER4, 1);
    m->src[TU_SRC_U].f[0] = 0.5f, m->src[TU_SRC_V].f[0] = 0.5f; /* between texels 1 and 2 */
    /* R = (i0, j1) = (1, 2), G = (i1, j1) = (2, 2), B = (i1, j0) = (2, 1), A = (i0, j0). */
    tu_texel t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.f[0] == 21 && t.f[1] == 22 && t.f[2] == 12 && t.f[3] == 11, "%g %g %g %g",
          (double)t.f[0], (double)t.f[1], (double)t.f[2], (double)t.f[3]);
    /* Component G holds x: 1 2 2 1. */
    m->gather_channel = 1;
    t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.f[0] == 1 && t.f[1] == 2 && t.f[2] == 2 && t.f[3] == 1);
    /* gather4 reads the base level even with mips; gather4_l picks level 1 (2x2 there). */
    m->gather_channel = 0;
    m->op = TU_OP_GATHER4_L;
    m->src[TU_SRC_LOD].f[0] = 1.0f;
    smp.mip_filter = TU_MIP_NEAREST;
    t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.f[0] == 10010 && t.f[1] == 10011 && t.f[2] == 10001 && t.f[3] == 10000);
    /* gather4_po: offsets of up to -32..31 per lane. */
    m->op = TU_OP_GATHER4_PO;
    m->src[TU_SRC_OFFU].i[0] = 1, m->src[TU_SRC_OFFV].i[0] = -20; /* y: 1-20 = -19 -> 1 */
    t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.f[3] == 10 * 1 + 2 && t.f[0] == 10 * 2 + 2, "%g %g", (double)t.f[3], (double)t.f[0]);
    free(m);
    tu_image_free(&img);
    /* Integer formats gather raw integers; missing components read 0 (or 1 for A). */
    img = make(TU_SURFACE_2D, false, TU_FORMAT_R32_UINT, 4, 4, 1, 1, 1, grid_int);
    m = new_msg(TU_OP_GATHER4, 1);
    m->src[TU_SRC_U].f[0] = 0.5f, m->src[TU_SRC_V].f[0] = 0.5f;
    t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.u[0] == 21 && t.u[3] == 11);
    m->gather_channel = 3;
    t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.u[0] == 1 && t.u[1] == 1 && t.u[2] == 1 && t.u[3] == 1);
    free(m);
    tu_image_free(&img);
    /* On a 3D surface gather reads the nearest slice: r = 0.6 of depth 4 is slice 2. */
    img = make(TU_SURFACE_3D, false, TU_FORMAT_R32_SFLOAT, 4, 4, 4, 1, 1, grid);
    m = new_msg(TU_OP_GATHER4, 1);
    m->src[TU_SRC_U].f[0] = 0.5f, m->src[TU_SRC_V].f[0] = 0.5f, m->src[TU_SRC_R].f[0] = 0.6f;
    t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.f[0] == 221 && t.f[1] == 222 && t.f[2] == 212 && t.f[3] == 211, "%g %g %g %g",
          (double)t.f[0], (double)t.f[1], (double)t.f[2], (double)t.f[3]);
    free(m);
    tu_image_free(&img);
    /* gather4_c compares each of the four. */
    img = make(TU_SURFACE_2D, false, TU_FORMAT_D32_SFLOAT, 2, 1, 1, 1, 1, depth_pair);
    m = new_msg(TU_OP_GATHER4_C, 1);
    m->src[TU_SRC_U].f[0] = 0.5f, m->src[TU_SRC_V].f[0] = 0.5f, m->src[TU_SRC_REF].f[0] = 0.5f;
    smp = tu_sampler_default();
    smp.compare = TU_COMPARE_LESS;
    t = run_lane(m, &img.surface, &smp, 0); /* x0: 0.5 < 0.25 no; x1: 0.5 < 0.75 yes */
    CHECK(t.f[0] == 0 && t.f[1] == 1 && t.f[2] == 1 && t.f[3] == 0);
    free(m);
    tu_image_free(&img);
}

/* --- loads ----------------------------------------------------------------------------------- */

static void test_loads(void) {
    tu_image img = make(TU_SURFACE_2D, true, TU_FORMAT_R32_SFLOAT, 4, 4, 1, 3, 2, grid);
    tu_sampler smp = tu_sampler_default();
    tu_msg *m = new_msg(TU_OP_LD, 1);
    m->src[TU_SRC_U].i[0] = 1, m->src[TU_SRC_V].i[0] = 1, m->src[TU_SRC_R].i[0] = 2;
    m->src[TU_SRC_LOD].i[0] = 1;
    tu_texel t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.f[0] == 10000 + 2000 + 10 + 1 && t.f[3] == 1.0f);
    m->offset[0] = -1; /* x = 0 */
    CHECK_F(run_lane(m, &img.surface, &smp, 0).f[0], 10000 + 2000 + 10);
    /* Out of bounds in every direction: zero, and R32's missing alpha reads 1. */
    const struct {
        int32_t u, v, r, lod, off;
    } oob[] = {{-1, 0, 0, 0, 0}, {4, 0, 0, 0, 0},  {0, -1, 0, 0, 0}, {0, 4, 0, 0, 0},
               {0, 0, 3, 0, 0},  {0, 0, -1, 0, 0}, {0, 0, 0, 2, 0},  {0, 0, 0, -1, 0},
               {3, 0, 0, 0, 1},  {2, 0, 0, 1, 0}};
    for (size_t i = 0; i < sizeof oob / sizeof oob[0]; i++) {
        m->src[TU_SRC_U].i[0] = oob[i].u, m->src[TU_SRC_V].i[0] = oob[i].v;
        m->src[TU_SRC_R].i[0] = oob[i].r, m->src[TU_SRC_LOD].i[0] = oob[i].lod;
        m->offset[0] = oob[i].off;
        t = run_lane(m, &img.surface, &smp, 0);
        CHECK(t.f[0] == 0 && t.f[1] == 0 && t.f[2] == 0 && t.f[3] == 1.0f, "case %zu", i);
    }
    free(m);
    tu_image_free(&img);
}

/* --- lanes, half sources, residency, integer formats --------------------------------------- */

static void test_lanes_and_masks(void) {
    tu_image img = make(TU_SURFACE_2D, false, TU_FORMAT_R32_SFLOAT, 8, 8, 1, 1, 1, grid);
    tu_sampler smp = tu_sampler_default();
    tu_msg *m = new_msg(TU_OP_SAMPLE_LZ, 16);
    for (int l = 0; l < 16; l++) {
        m->src[TU_SRC_U].f[l] = ((float)(l % 8) + 0.5f) / 8;
        m->src[TU_SRC_V].f[l] = ((float)(l / 8) + 0.5f) / 8;
    }
    m->lane_mask = 0xa5a5, m->channel_mask = 0x5; /* R and B */
    static tu_reply r;
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < 32; l++)
            r.channel[c].u[l] = 0xdeadbeef;
    tu_error err = {0};
    CHECK(tu_execute(m, &img.surface, &smp, &r, &err) == TU_OK, "%s", err.message);
    for (int l = 0; l < 16; l++) {
        const bool on = (0xa5a5 >> l) & 1;
        CHECK(r.channel[0].u[l] != 0xdeadbeef ? on : !on, "lane %d R", l);
        if (on) CHECK(r.channel[0].f[l] == (float)(l % 8 + 10 * (l / 8)) && r.channel[2].f[l] == 0);
        CHECK(r.channel[1].u[l] == 0xdeadbeef && r.channel[3].u[l] == 0xdeadbeef, "lane %d", l);
    }
    free(m);
    tu_image_free(&img);
}

/* A binding is the surface and sampler as they were at tu_bind: it answers as tu_execute
 * does, and later changes to the caller's descriptions do not reach it. */
static void test_binding(void) {
    tu_image img = make(TU_SURFACE_2D, false, TU_FORMAT_R32_SFLOAT, 8, 8, 1, 1, 1, grid);
    tu_sampler smp = tu_sampler_default();
    tu_binding *b = malloc(sizeof *b);
    tu_error err = {0};
    CHECK(tu_bind(&img.surface, &smp, b, &err) == TU_OK, "%s", err.message);
    tu_msg *m = new_msg(TU_OP_SAMPLE_LZ, 8);
    for (int l = 0; l < 8; l++)
        m->src[TU_SRC_U].f[l] = ((float)l + 0.5f) / 8, m->src[TU_SRC_V].f[l] = 2.5f / 8;
    static tu_reply direct, bound;
    CHECK(tu_execute(m, &img.surface, &smp, &direct, &err) == TU_OK, "%s", err.message);
    img.surface.width = 0; /* the caller's copy breaks; the binding's does not */
    smp.min_filter = (tu_filter)7;
    CHECK(tu_execute_bound(b, m, &bound, &err) == TU_OK, "%s", err.message);
    for (int l = 0; l < 8; l++)
        CHECK(bound.channel[0].f[l] == direct.channel[0].f[l] &&
                  bound.channel[0].f[l] == (float)(l + 20),
              "lane %d: %g", l, (double)bound.channel[0].f[l]);
    CHECK_ERR(tu_bind(&img.surface, &smp, b, &err), TU_INVALID_ARGUMENT, &err, "width");
    img.surface.width = 8;
    CHECK_ERR(tu_bind(&img.surface, &smp, b, &err), TU_INVALID_ARGUMENT, &err, "min_filter 7");
    CHECK_ERR(tu_bind(NULL, &smp, b, &err), TU_INVALID_ARGUMENT, &err, "NULL");
    CHECK_ERR(tu_execute_bound(NULL, m, &bound, &err), TU_INVALID_ARGUMENT, &err, "NULL");
    free(m);
    free(b);
    tu_image_free(&img);
}

static void test_half_sources(void) {
    /* 1D of 2048 texels. u = 0.33395 is texel floor(683.93) = 683 in F; in half (step 2^-12
     * near 1/3) it rounds to 1368 * 2^-12 = 684/2048: texel 684. */
    tu_image img = make(TU_SURFACE_1D, false, TU_FORMAT_R32_SFLOAT, 2048, 1, 1, 1, 1, grid);
    tu_sampler smp = tu_sampler_default();
    tu_msg *m = new_msg(TU_OP_SAMPLE_LZ, 1);
    const float u = 0.33395f;
    m->src[TU_SRC_U].f[0] = u;
    const float f_result = run_lane(m, &img.surface, &smp, 0).f[0];
    m->flags = TU_MSG_HALF_SOURCES;
    const float hf_result = run_lane(m, &img.surface, &smp, 0).f[0];
    const float rounded = tu_half_to_float(tu_float_to_half(u));
    CHECK_F(rounded, 684.0f / 2048);
    CHECK_F(f_result, 683.0f);
    CHECK_F(hf_result, 684.0f);
    free(m);
    tu_image_free(&img);
}

static void test_pixel_null_mask(void) {
    /* 16x16 R32F = 1 KiB: pages of 64 B are 4 rows each... 16 texels * 4 B = 64 B: one row
     * per page. Row 2 (page 2) is null. */
    tu_image img = make(TU_SURFACE_2D, false, TU_FORMAT_R32_SFLOAT, 16, 16, 1, 1, 1, grid);
    uint8_t bits[2] = {0xfb, 0xff};
    tu_residency res = {bits, 2, 6};
    img.surface.residency = &res;
    tu_sampler smp = tu_sampler_default();
    tu_msg *m = new_msg(TU_OP_SAMPLE_LZ, 8);
    for (int l = 0; l < 8; l++) {
        m->src[TU_SRC_U].f[l] = 5.5f / 16;
        m->src[TU_SRC_V].f[l] = ((float)l + 0.5f) / 16; /* lane l reads row l */
    }
    m->flags = TU_MSG_PIXEL_NULL_MASK;
    m->lane_mask = 0x7f; /* lane 7 disabled: its bit reads 1 */
    static tu_reply r;
    tu_error err = {0};
    CHECK(tu_execute(m, &img.surface, &smp, &r, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(r.pixel_null_mask, 0xfffffffbu);
    CHECK(r.channel[0].f[2] == 0.0f && r.channel[0].f[3] == 35.0f);
    /* Bilinear across the null row touches it from rows 1 and 3 too. */
    smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
    m->src[TU_SRC_V].f[1] = 2.0f / 16; /* between rows 1 and 2 */
    CHECK(tu_execute(m, &img.surface, &smp, &r, &err) == TU_OK, "%s", err.message);
    CHECK(!(r.pixel_null_mask & 2) && !(r.pixel_null_mask & 4));
    free(m);
    tu_image_free(&img);
}

static void test_integer_formats_nearest(void) {
    tu_image img = make(TU_SURFACE_2D, false, TU_FORMAT_R32_SINT, 4, 4, 1, 1, 3, grid_int);
    tu_sampler smp = tu_sampler_default();
    smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR, smp.mip_filter = TU_MIP_LINEAR;
    /* Linear on an integer format is nearest: texel (1, 2) whole; mip linear -> nearest. */
    tu_msg *m = new_msg(TU_OP_SAMPLE_L, 1);
    m->src[TU_SRC_U].f[0] = 0.49f, m->src[TU_SRC_V].f[0] = 0.6f, m->src[TU_SRC_LOD].f[0] = 0.4f;
    tu_texel t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.i[0] == 21 && t.i[3] == 1, "%d", t.i[0]);
    m->src[TU_SRC_LOD].f[0] = 0.6f; /* nearest level 1: (0, 1) of 2x2 */
    t = run_lane(m, &img.surface, &smp, 0);
    CHECK(t.i[0] == 10000 + 10, "%d", t.i[0]);
    free(m);
    tu_image_free(&img);
}

static void test_array_layers(void) {
    /* Layer = clamp(round_even(a), 0, layers - 1): 1.5 -> 2, 2.5 -> 2, 0.5 -> 0, -3 -> 0. */
    tu_image img = make(TU_SURFACE_2D, true, TU_FORMAT_R32_SFLOAT, 2, 2, 1, 4, 1, grid);
    tu_sampler smp = tu_sampler_default();
    const float a[] = {1.5f, 2.5f, 0.5f, -3.0f, 9.0f, 3.49f};
    const float want[] = {2, 2, 0, 0, 3, 3};
    for (int i = 0; i < 6; i++)
        CHECK_F(sample_l(&img.surface, &smp, 0.25f, 0.25f, a[i], 0), 1000.0f * want[i]);
    tu_image_free(&img);
    /* 1D arrays take the layer from v. */
    img = make(TU_SURFACE_1D, true, TU_FORMAT_R32_SFLOAT, 2, 1, 1, 3, 1, grid);
    CHECK_F(sample_l(&img.surface, &smp, 0.75f, 2.0f, 0, 0), 2001.0f);
    tu_image_free(&img);
}

static void test_unnormalized(void) {
    tu_image img = make(TU_SURFACE_2D, false, TU_FORMAT_R32_SFLOAT, 8, 8, 1, 1, 2, grid);
    tu_sampler smp = tu_sampler_default();
    smp.unnormalized = true;
    smp.address[0] = smp.address[1] = TU_ADDRESS_CLAMP_EDGE;
    CHECK_F(sample_l(&img.surface, &smp, 3.5f, 6.2f, 0, 1.0f), 3.0f + 60); /* level 0 always */
    tu_image_free(&img);
}

/* --- the op table: every op on every surface type it applies to ------------------------------ */

/* Run `op` twice, once with the sources it does not read set to 0 and once set to poison
 * (NaN floats, huge integers): the replies must be bit-identical, so the op reads exactly
 * the sources tu_op_sources names. Every op runs on every type, in both precisions. */
static void test_every_op_every_type(void) {
    static const struct {
        tu_surface_type type;
        bool arrayed;
        uint32_t w, h, d, layers;
    } types[] = {
        {TU_SURFACE_1D, false, 16, 1, 1, 1},  {TU_SURFACE_1D, true, 16, 1, 1, 3},
        {TU_SURFACE_2D, false, 16, 8, 1, 1},  {TU_SURFACE_2D, true, 16, 8, 1, 3},
        {TU_SURFACE_3D, false, 16, 8, 4, 1},  {TU_SURFACE_CUBE, false, 8, 8, 1, 6},
        {TU_SURFACE_CUBE, true, 8, 8, 1, 12}, {TU_SURFACE_BUFFER, false, 64, 1, 1, 1},
    };
    uint64_t rng = tu_test_seed(99);
    unsigned runs = 0;
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
        for (int op = 0; op < TU_OP_COUNT; op++) {
            const tu_op_info *info = tu_op_describe((tu_op)op);
            const bool compare = info->flags & TU_OPF_COMPARE;
            const bool filters = info->kind == TU_KIND_SAMPLE || info->kind == TU_KIND_GATHER ||
                                 info->kind == TU_KIND_LOD;
            if (filters && types[t].type == TU_SURFACE_BUFFER) continue;
            tu_surface desc = {.type = types[t].type,
                               .arrayed = types[t].arrayed,
                               .format =
                                   compare ? TU_FORMAT_D32_SFLOAT : TU_FORMAT_R16G16B16A16_SFLOAT,
                               .width = types[t].w,
                               .height = types[t].h,
                               .depth = types[t].d,
                               .layers = types[t].layers,
                               .samples = 1};
            desc.levels = types[t].type == TU_SURFACE_BUFFER ? 1 : 3;
            tu_image img = {0};
            tu_error err = {0};
            if (!CHECK(tu_image_create(&img, &desc, &err) == TU_OK, "%s", err.message)) continue;
            tu_surface_fill_hash(&img.surface, 5, &err);
            const uint32_t used = tu_op_sources((tu_op)op, desc.type, desc.arrayed);
            CHECK(used != 0 || info->kind == TU_KIND_INFO, "%s reads nothing", info->name);
            for (int precision = 0; precision < 2; precision++) {
                tu_sampler smp = tu_sampler_default();
                smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
                smp.mip_filter = TU_MIP_LINEAR;
                smp.precision = (uint8_t)precision;
                if (compare) smp.compare = TU_COMPARE_LEQUAL;
                tu_msg *m = new_msg((tu_op)op, 8);
                for (int src = 0; src < TU_SRC_COUNT; src++)
                    for (int l = 0; l < 8; l++) {
                        const uint64_t r = tu_test_rand(&rng);
                        if (!(used >> src & 1)) continue;
                        if (info->kind == TU_KIND_LOAD || info->kind == TU_KIND_INFO ||
                            src >= TU_SRC_OFFU)
                            m->src[src].i[l] = (int32_t)(r % 5) - 1; /* -1..3: some outside */
                        else
                            m->src[src].f[l] = (float)(r % 1000) / 600.0f - 0.3f;
                    }
                static tu_reply clean, poisoned;
                CHECK(tu_execute(m, &img.surface, &smp, &clean, &err) == TU_OK, "%s on %s%s: %s",
                      info->name, desc.arrayed ? "arrayed " : "",
                      (const char *[]){"1D", "2D", "3D", "CUBE", "BUFFER"}[desc.type], err.message);
                for (int src = 0; src < TU_SRC_COUNT; src++)
                    if (!(used >> src & 1))
                        for (int l = 0; l < 8; l++)
                            m->src[src].u[l] = 0x7fc01234u; /* NaN */
                CHECK(tu_execute(m, &img.surface, &smp, &poisoned, &err) == TU_OK, "%s",
                      err.message);
                CHECK(memcmp(clean.channel, poisoned.channel, sizeof clean.channel) == 0,
                      "%s on type %d arrayed %d reads a source tu_op_sources does not name",
                      info->name, desc.type, desc.arrayed);
                runs++;
                free(m);
            }
            tu_image_free(&img);
        }
    CHECK(runs > 400, "only %u runs", runs);
}

/* Every op on every surface type with every source hostile: NaN, infinities, huge, tiny and
 * extreme integer bit patterns, with min/max reductions, anisotropy, clamp to a NaN border and
 * both precisions. A message whose fields are valid always runs (no refusal for a source
 * value), UBSan (asan build) sees no float reach an int conversion, and an RGBA8 texture
 * reads values in [0, 1]: every result is a blend of texels, borders or compare results. */
static void test_hostile_sources(void) {
    static const uint32_t hostile[] = {0x7fc00000u, 0xffc01234u, 0x7f800000u, 0xff800000u,
                                       0x7f7fffffu, 0xff7fffffu, 0x00000001u, 0x80000000u,
                                       0x4e800000u, 0xcf000000u, 0x7fffffffu, 0xffffffffu};
    const unsigned nh = sizeof hostile / sizeof hostile[0];
    static const struct {
        tu_surface_type type;
        bool arrayed;
        uint32_t w, h, d, layers;
    } types[] = {
        {TU_SURFACE_1D, true, 8, 1, 1, 3},       {TU_SURFACE_2D, true, 8, 4, 1, 3},
        {TU_SURFACE_3D, false, 8, 4, 4, 1},      {TU_SURFACE_CUBE, true, 4, 4, 1, 12},
        {TU_SURFACE_BUFFER, false, 16, 1, 1, 1},
    };
    unsigned runs = 0;
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
        for (int op = 0; op < TU_OP_COUNT; op++) {
            const tu_op_info *info = tu_op_describe((tu_op)op);
            const bool compare = info->flags & TU_OPF_COMPARE;
            const bool filters = info->kind == TU_KIND_SAMPLE || info->kind == TU_KIND_GATHER ||
                                 info->kind == TU_KIND_LOD;
            if ((filters && types[t].type == TU_SURFACE_BUFFER) || info->flags & TU_OPF_MS)
                continue;
            tu_surface desc = {.type = types[t].type,
                               .arrayed = types[t].arrayed,
                               .format = compare ? TU_FORMAT_D16_UNORM : TU_FORMAT_R8G8B8A8_UNORM,
                               .width = types[t].w,
                               .height = types[t].h,
                               .depth = types[t].d,
                               .layers = types[t].layers,
                               .levels = types[t].type == TU_SURFACE_BUFFER ? 1 : 3,
                               .samples = 1};
            tu_image img = {0};
            tu_error err = {0};
            if (!CHECK(tu_image_create(&img, &desc, &err) == TU_OK, "%s", err.message)) continue;
            tu_surface_fill_hash(&img.surface, 11, &err);
            tu_msg *m = new_msg((tu_op)op, 16);
            for (int src = 0; src < TU_SRC_COUNT; src++)
                for (unsigned l = 0; l < 16; l++)
                    m->src[src].u[l] = hostile[(l + 5 * (unsigned)src) % nh];
            for (int variant = 0; variant < 6; variant++) {
                tu_sampler smp = tu_sampler_default();
                smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
                smp.mip_filter = TU_MIP_LINEAR;
                smp.precision = (uint8_t)(variant & 1);
                smp.reduction = (uint8_t)(variant / 2); /* AVERAGE, MIN, MAX */
                smp.max_anisotropy = 16;
                smp.lod_bias = 3e38f, smp.min_lod = -3e38f, smp.max_lod = 3e38f;
                smp.address[0] = smp.address[1] = smp.address[2] = TU_ADDRESS_CLAMP_BORDER;
                smp.border_color = (tu_texel){.u = {0x7fc00000u, 0x7f800000u, 0xff800000u, 0}};
                if (compare) smp.compare = TU_COMPARE_LEQUAL;
                static tu_reply r;
                if (!CHECK(tu_execute(m, &img.surface, &smp, &r, &err) == TU_OK,
                           "%s on type %d: %s", info->name, desc.type, err.message))
                    continue;
                runs++;
                if (info->kind == TU_KIND_LOD || info->kind == TU_KIND_INFO) continue;
                for (int c = 0; c < 4; c++)
                    for (unsigned l = 0; l < 16; l++)
                        CHECK(r.channel[c].f[l] >= 0.0f && r.channel[c].f[l] <= 1.0f,
                              "%s on type %d, variant %d, channel %d lane %u: %g", info->name,
                              desc.type, variant, c, l, (double)r.channel[c].f[l]);
            }
            free(m);
            tu_image_free(&img);
        }
    CHECK(runs > 500, "only %u runs", runs);
}

/* --- refusals -------------------------------------------------------------------------------- */

static void test_refusals(void) {
    tu_image img = make(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 1, grid);
    tu_sampler smp = tu_sampler_default();
    static tu_reply r;
    tu_error err = {0};
    tu_msg *m = new_msg(TU_OP_SAMPLE, 8);
    CHECK(tu_execute(m, &img.surface, &smp, &r, &err) == TU_OK, "%s", err.message);
    tu_msg saved = *m;
#define REFUSE(stmt, needle)                                                                      \
    do {                                                                                          \
        *m = saved;                                                                               \
        tu_sampler s2 = smp;                                                                      \
        (void)s2;                                                                                 \
        stmt;                                                                                     \
        CHECK_ERR(tu_execute(m, &img.surface, &s2, &r, &err), TU_INVALID_ARGUMENT, &err, needle); \
    } while (0)
    REFUSE(m->op = (tu_op)99, "message op 99 is not a tu_op (0..");
    REFUSE(m->simd = 0, "message simd 0 is not in 1..32");
    REFUSE(m->simd = 33, "message simd 33 is not in 1..32");
    REFUSE(m->channel_mask = 0, "channel_mask 0x0 must enable 1 to 4");
    REFUSE(m->channel_mask = 0x10, "channel_mask 0x10");
    REFUSE(m->gather_channel = 4, "gather_channel 4 is not 0..3");
    REFUSE(m->offset[0] = 8, "offset U 8 is not in -8..7");
    REFUSE(m->offset[1] = -9, "offset V -9 is not in -8..7");
    REFUSE(m->offset[2] = 100, "offset R 100");
    REFUSE(m->flags = 0x100, "flags 0x100 has unknown bits");
    REFUSE((m->flags = TU_MSG_CPS, m->cps_x = 0, m->cps_y = 1), "coarse pixel size 0x1");
    REFUSE((m->flags = TU_MSG_CPS, m->cps_x = 2, m->cps_y = 5), "coarse pixel size 2x5");
    REFUSE((m->flags = TU_MSG_CPS, m->op = TU_OP_SAMPLE_L, m->cps_x = m->cps_y = 2),
           "CPS needs an implicit-LOD op, not SAMPLE_L");
    REFUSE((m->op = TU_OP_SAMPLE_C, s2.compare = TU_COMPARE_LESS),
           "op SAMPLE_C compares against depth, but surface format R8G8B8A8_UNORM has no depth");
    REFUSE(s2.min_filter = 2, "sampler min_filter 2");
    REFUSE(s2.mag_filter = 7, "sampler mag_filter 7");
    REFUSE(s2.mip_filter = 3, "sampler mip_filter 3");
    REFUSE(s2.max_anisotropy = 17, "sampler max_anisotropy 17 is not in 0..16");
    REFUSE(s2.address[2] = 6, "sampler address[2] 6");
    REFUSE(s2.compare = 9, "sampler compare 9");
    REFUSE(s2.reduction = 3, "sampler reduction 3");
    REFUSE(s2.precision = 2, "sampler precision 2");
    REFUSE(s2.lod_bias = NAN, "must be finite");
    REFUSE(s2.max_lod = INFINITY, "must be finite");
    REFUSE((s2.min_lod = 3, s2.max_lod = 2), "sampler min_lod 3 is greater than max_lod 2");
    free(m);
    /* compare op with compare off; sample on a buffer; sample on a multisample surface */
    tu_image d = make(TU_SURFACE_2D, false, TU_FORMAT_D32_SFLOAT, 4, 4, 1, 1, 1, grid);
    m = new_msg(TU_OP_SAMPLE_C_LZ, 1);
    CHECK_ERR(tu_execute(m, &d.surface, &smp, &r, &err), TU_INVALID_ARGUMENT, &err,
              "op SAMPLE_C_LZ needs a sampler compare function, but sampler compare is OFF");
    free(m);
    tu_image b = make(TU_SURFACE_BUFFER, false, TU_FORMAT_R32_SFLOAT, 16, 1, 1, 1, 1, grid);
    m = new_msg(TU_OP_SAMPLE_LZ, 1);
    CHECK_ERR(tu_execute(m, &b.surface, &smp, &r, &err), TU_INVALID_ARGUMENT, &err,
              "a BUFFER surface can only be loaded");
    m->op = TU_OP_LD;
    m->src[TU_SRC_U].i[0] = 5;
    CHECK(tu_execute(m, &b.surface, &smp, &r, &err) == TU_OK && r.channel[0].f[0] == 5.0f);
    free(m);
    /* A surface that fails validation is refused with its own sentence. */
    m = new_msg(TU_OP_SAMPLE, 1);
    img.surface.width = 0;
    CHECK_ERR(tu_execute(m, &img.surface, &smp, &r, &err), TU_INVALID_ARGUMENT, &err,
              "surface width 0");
    CHECK_ERR(tu_execute(NULL, &img.surface, &smp, &r, &err), TU_INVALID_ARGUMENT, &err, "NULL");
    free(m);
    tu_image_free(&img);
    tu_image_free(&d);
    tu_image_free(&b);
}

int main(void) {
    TU_RUN(test_address_modes);
    TU_RUN(test_border_colour);
    TU_RUN(test_bilinear_weights);
    TU_RUN(test_min_max_reduction);
    TU_RUN(test_nan_texels_and_borders);
    TU_RUN(test_lod_selection);
    TU_RUN(test_lod_op_and_derivatives);
    TU_RUN(test_anisotropy);
    TU_RUN(test_cube_faces);
    TU_RUN(test_cube_seamless);
    TU_RUN(test_cube_hostile_directions);
    TU_RUN(test_compare);
    TU_RUN(test_offsets);
    TU_RUN(test_gather);
    TU_RUN(test_loads);
    TU_RUN(test_lanes_and_masks);
    TU_RUN(test_binding);
    TU_RUN(test_half_sources);
    TU_RUN(test_pixel_null_mask);
    TU_RUN(test_integer_formats_nearest);
    TU_RUN(test_array_layers);
    TU_RUN(test_unnormalized);
    TU_RUN(test_every_op_every_type);
    TU_RUN(test_hostile_sources);
    TU_RUN(test_refusals);
    return tu_test_finish();
}
