/* SPDX-License-Identifier: MIT */
/*
 * test_nv_tld_exec.c - TLD executed on a warp (the NVIDIA TLD page; envytools
 * envydis/gm107.c). Block-linear textures are built by this test: the generator's fields written at
 * the offsets of the tests' own block-linear model (test_nv_ref.h); expected texels come from a
 * linear ("pitch") copy filled by tu_surface_fill_hash and decoded with tu_surface_decode_texel.
 * Covers every paramA on its texture type, several block heights and depths and every mip level
 * (block-linear == pitch), compressed textures (block-linear == linear), a real PITCH header,
 * the view's min level, .LL, .AOFFI, .MS, .CL,
 * out-of-range coordinates / array index / LOD / sample with and without .CL, mismatched paramA,
 * invalid header indices, the constant bank and bindless handles, sparse pages and Ps, the guard
 * predicate and active mask, wmask, RZ, overlapping registers, swizzles and formats, 1D buffers,
 * and the refusals.
 */
#include "texunit/texunit.h"
#include "texunit/nv.h"

#include "tu_test.h"
#include "test_nv_ref.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { MEM_SIZE = 1 << 22, GPU_BASE = 0x10000000, POOL_ENTRIES = 64 };

typedef struct gpu {
    uint8_t *mem;
    uint64_t next; /* next free byte of mem, 512-aligned */
    uint8_t headers[POOL_ENTRIES * 32];
    uint32_t cbank[POOL_ENTRIES];
    uint8_t res_bits[MEM_SIZE / 4096 / 8];
    tu_residency residency;
    tu_nv_region region;
    tu_nv_cache cache;
    tu_nv_state st;
    tu_nv_regs regs;
} gpu;

static gpu *gpu_new(void) {
    gpu *g = calloc(1, sizeof *g);
    g->mem = calloc(1, MEM_SIZE);
    g->region = (tu_nv_region){GPU_BASE, g->mem, MEM_SIZE, NULL};
    g->st = (tu_nv_state){&g->region,
                          1,
                          {g->headers, sizeof g->headers, POOL_ENTRIES - 1},
                          {g->headers, sizeof g->headers, POOL_ENTRIES - 1},
                          g->cbank,
                          POOL_ENTRIES,
                          NULL,
                          NULL};
    /* Every other warp state keeps a texture cache: the tests rewrite headers between TLDs,
     * so a binding not bound again after a change would show as a wrong texel. */
    static unsigned made;
    if (made++ & 1) g->st.cache = &g->cache;
    for (unsigned i = 0; i < POOL_ENTRIES; i++)
        g->cbank[i] = TU_NV_HANDLE(0x5a, i); /* word i -> header i (sampler bits ignored) */
    g->regs.lanes = 32;
    return g;
}

static void gpu_free(gpu *g) {
    free(g->mem);
    free(g);
}

static void put_header(gpu *g, unsigned index, const tu_nv_tic *h) {
    tu_error err;
    CHECK(tu_nv_tic_encode(h, g->headers + 32 * index, &err) == TU_OK, "%s", err.message);
}

/* A block-linear texture of desc's shape at the next free GPU memory: the generator's fields at
 * the reference offsets, its header at `index`. The view is desc's (every level by default). */
static tu_surface add_bl(gpu *g, unsigned index, tu_surface desc, uint32_t seed) {
    tu_error err;
    uint64_t need;
    const uint32_t base = desc.base_level, count = desc.level_count;
    CHECK(tu_surface_layout_block_linear(&desc, &need, &err) == TU_OK, "%s", err.message);
    desc.data = g->mem + g->next, desc.size = (size_t)need;
    desc.base_level = base, desc.level_count = count ? count : desc.levels - base;
    for (uint32_t L = 0; L < desc.levels; L++) {
        const ref_level r = ref_level_of(&desc, L);
        const uint32_t w = desc.width >> L ? desc.width >> L : 1;
        const uint32_t h =
            desc.type == TU_SURFACE_1D ? 1 : (desc.height >> L ? desc.height >> L : 1);
        for (uint32_t layer = 0; layer < desc.layers; layer++)
            for (uint32_t s = 0; s < desc.samples; s++)
                for (uint32_t z = 0; z < r.d; z++)
                    for (uint32_t y = 0; y < h; y++)
                        for (uint32_t x = 0; x < w; x++) {
                            const tu_texel_coord c = {x, y, z, layer, L, s};
                            ref_write_texel(desc.format,
                                            (uint8_t *)desc.data + ref_offset(&desc, &c), seed, L,
                                            layer, x, y, desc.samples > 1 ? s : z);
                        }
    }
    tu_nv_tic h;
    CHECK(tu_nv_tic_from_surface(&desc, GPU_BASE + g->next, &h, &err) == TU_OK, "%s", err.message);
    put_header(g, index, &h);
    g->next += (need + 511) / 512 * 512;
    return desc;
}

/* The linear reference of the same shape, filled by the generator. */
static tu_image linear_copy(const tu_surface *s, uint32_t seed) {
    tu_image img = tu_test_image(s->type, s->arrayed, s->format, s->width, s->height, s->depth,
                                 s->layers, s->levels, s->samples);
    tu_error err;
    CHECK(tu_surface_fill_hash(&img.surface, seed, &err) == TU_OK, "%s", err.message);
    return img;
}

/* The decoded texel of the linear reference at memory level L. */
static void expect_texel(const tu_image *img, uint32_t L, uint32_t layer, uint32_t x, uint32_t y,
                         uint32_t z, uint32_t sample, uint32_t out[4]) {
    const tu_texel_coord c = {x, y, z, layer, L, sample};
    tu_texel t = {{0}};
    tu_error err;
    CHECK(tu_surface_decode_texel(&img->surface, &c, &t, &err) == TU_OK, "%s", err.message);
    memcpy(out, t.u, sizeof t.u);
}

static tu_status tld(gpu *g, const char *text, uint32_t active, tu_error *err) {
    tu_nv_tld t;
    tu_status st = tu_nv_tld_parse(text, &t, err);
    if (!CHECK(st == TU_OK, "'%s': %s", text, err->message)) return st;
    return tu_nv_tld_execute(&t, &g->st, &g->regs, active, err);
}

static void run_ok(gpu *g, const char *text, uint32_t active) {
    tu_error err = {0};
    CHECK(tld(g, text, active, &err) == TU_OK, "'%s': %s", text, err.message);
}

#define CHECK_LANE(g, lane, rd, e0, e1, e2, e3)                                                  \
    do {                                                                                         \
        const uint32_t *r_ = &(g)->regs.r[lane][rd];                                             \
        CHECK(r_[0] == (uint32_t)(e0) && r_[1] == (uint32_t)(e1) && r_[2] == (uint32_t)(e2) &&   \
                  r_[3] == (uint32_t)(e3),                                                       \
              "lane %u: %08x %08x %08x %08x, want %08x %08x %08x %08x", (unsigned)(lane), r_[0], \
              r_[1], r_[2], r_[3], (uint32_t)(e0), (uint32_t)(e1), (uint32_t)(e2),               \
              (uint32_t)(e3));                                                                   \
    } while (0)

/* --- block-linear == pitch, every level, every paramA ----------------------------------------- */

typedef struct shape {
    const char *what, *param_a;
    tu_surface desc;
} shape;

/* TLD.LL of every texel of every level and layer of texture `index` (s's shape) on a warp, each
 * lane's result compared with ref's decoded texel; returns the number of texels read. */
static unsigned long tld_every_texel(gpu *g, unsigned index, const tu_surface *s,
                                     const char *param_a, const tu_image *ref) {
    char text[96];
    snprintf(text, sizeof text, "TLD.LL R0, R4, R8, %u, %s, 0xf;", index, param_a);
    const bool array = s->arrayed;
    unsigned long texels = 0;
    for (uint32_t L = 0; L < s->levels; L++) {
        uint32_t w, h, d;
        tu_surface_level_extent(s, L, &w, &h, &d);
        const uint32_t total = w * h * d * s->layers;
        for (uint32_t first = 0; first < total; first += 32) {
            uint32_t where[32][4];
            for (unsigned l = 0; l < 32; l++) {
                uint32_t k = (first + l) % total;
                const uint32_t x = k % w, y = k / w % h, z = k / w / h % d, layer = k / w / h / d;
                where[l][0] = x, where[l][1] = y, where[l][2] = z, where[l][3] = layer;
                uint32_t *r = &g->regs.r[l][4];
                if (array) *r++ = layer;
                *r++ = x;
                if (s->type != TU_SURFACE_1D) *r++ = y;
                if (s->type == TU_SURFACE_3D) *r++ = z;
                g->regs.r[l][8] = L;
            }
            run_ok(g, text, 0xffffffffu);
            for (unsigned l = 0; l < 32; l++) {
                uint32_t e[4];
                expect_texel(ref, L, where[l][3], where[l][0], where[l][1], where[l][2], 0, e);
                CHECK_LANE(g, l, 0, e[0], e[1], e[2], e[3]);
                texels++;
            }
        }
    }
    return texels;
}

static void test_block_linear_equals_pitch(void) {
    const shape shapes[] = {
#define S2(gh)                          \
    {.type = TU_SURFACE_2D,             \
     .format = TU_FORMAT_R8G8B8A8_UINT, \
     .width = 37,                       \
     .height = 29,                      \
     .depth = 1,                        \
     .layers = 1,                       \
     .levels = 6,                       \
     .samples = 1,                      \
     .gob_height_log2 = gh}
        {"2D bh0", "2D", S2(0)},
        {"2D bh1", "2D", S2(1)},
        {"2D bh2", "2D", S2(2)},
        {"2D bh3", "2D", S2(3)},
        {"2D bh4", "2D", S2(4)},
#undef S2
        {"2D rgba32f bh3",
         "2D",
         {.type = TU_SURFACE_2D,
          .format = TU_FORMAT_R32G32B32A32_SFLOAT,
          .width = 21,
          .height = 67,
          .depth = 1,
          .layers = 1,
          .levels = 7,
          .samples = 1,
          .gob_height_log2 = 3}},
        {"3D r16 bh1 bd2",
         "3D",
         {.type = TU_SURFACE_3D,
          .format = TU_FORMAT_R16_UNORM,
          .width = 19,
          .height = 11,
          .depth = 9,
          .layers = 1,
          .levels = 4,
          .samples = 1,
          .gob_height_log2 = 1,
          .gob_depth_log2 = 2}},
        {"2D array r8 bh1",
         "ARRAY_2D",
         {.type = TU_SURFACE_2D,
          .arrayed = true,
          .format = TU_FORMAT_R8_UINT,
          .width = 13,
          .height = 9,
          .depth = 1,
          .layers = 4,
          .levels = 3,
          .samples = 1,
          .gob_height_log2 = 1}},
        {"1D array rg16i",
         "ARRAY_1D",
         {.type = TU_SURFACE_1D,
          .arrayed = true,
          .format = TU_FORMAT_R16G16_SINT,
          .width = 50,
          .height = 1,
          .depth = 1,
          .layers = 3,
          .levels = 6,
          .samples = 1}},
        {"1D r32ui",
         "1D",
         {.type = TU_SURFACE_1D,
          .format = TU_FORMAT_R32_UINT,
          .width = 100,
          .height = 1,
          .depth = 1,
          .layers = 1,
          .levels = 7,
          .samples = 1}},
    };
    gpu *g = gpu_new();
    for (unsigned i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        const uint32_t seed = 1000 + i;
        const tu_surface s = add_bl(g, i, shapes[i].desc, seed);
        tu_image ref = linear_copy(&s, seed);
        CHECK(tld_every_texel(g, i, &s, shapes[i].param_a, &ref) > 0, "%s", shapes[i].what);
        tu_image_free(&ref);
    }
    gpu_free(g);
}

/* --- compressed formats: block-linear == linear ---------------------------------------------- */

/* A block-linear texture holding the blocks of ref (a linear image of random blocks), each
 * block at the tests' model's offset of its first texel, its header at `index`. */
static tu_surface add_bl_blocks(gpu *g, unsigned index, const tu_image *ref) {
    tu_surface s = ref->surface;
    tu_error err;
    uint64_t need;
    s.gob_height_log2 = ref->surface.gob_height_log2,
    s.gob_depth_log2 = ref->surface.gob_depth_log2;
    CHECK(tu_surface_layout_block_linear(&s, &need, &err) == TU_OK, "%s", err.message);
    s.data = g->mem + g->next, s.size = (size_t)need;
    const tu_format_desc *fd = tu_format_describe(s.format);
    for (uint32_t L = 0; L < s.levels; L++) {
        uint32_t w, h, d;
        tu_surface_level_extent(&s, L, &w, &h, &d);
        for (uint32_t layer = 0; layer < s.layers; layer++)
            for (uint32_t z = 0; z < d; z++)
                for (uint32_t y = 0; y < h; y += fd->block_height)
                    for (uint32_t x = 0; x < w; x += fd->block_width) {
                        const tu_texel_coord c = {x, y, z, layer, L, 0};
                        const void *block = tu_surface_texel_pointer(&ref->surface, &c);
                        if (CHECK(block != NULL))
                            memcpy((uint8_t *)s.data + ref_offset(&s, &c), block, fd->bytes);
                    }
    }
    tu_nv_tic h;
    CHECK(tu_nv_tic_from_surface(&s, GPU_BASE + g->next, &h, &err) == TU_OK, "%s", err.message);
    put_header(g, index, &h);
    g->next += (need + 511) / 512 * 512;
    return s;
}

/* TLD of every texel of BC1, BC4, BC7 and ASTC textures in block-linear memory (blocks as the
 * GOBs' elements, the partial last blocks whole) reads the block decoder's texel of the same
 * blocks in linear memory. */
static void test_compressed_block_linear(void) {
    const struct {
        const char *what, *param_a;
        tu_format format;
        tu_surface_type type;
        bool arrayed;
        uint32_t w, h, d, layers, levels;
        uint8_t gh, gd;
    } shapes[] = {
        {"BC1 RGBA 2D bh2", "2D", TU_FORMAT_BC1_RGBA_UNORM_BLOCK, TU_SURFACE_2D, false, 37, 29, 1,
         1, 6, 2, 0},
        {"BC4 SNORM 2D bh0", "2D", TU_FORMAT_BC4_SNORM_BLOCK, TU_SURFACE_2D, false, 70, 9, 1, 1, 3,
         0, 0},
        {"BC7 sRGB 2D array bh1", "ARRAY_2D", TU_FORMAT_BC7_SRGB_BLOCK, TU_SURFACE_2D, true, 21, 18,
         1, 3, 3, 1, 0},
        {"ASTC 5x4 2D bh3", "2D", TU_FORMAT_ASTC_5x4_UNORM_BLOCK, TU_SURFACE_2D, false, 23, 19, 1,
         1, 5, 3, 0},
        {"ASTC 8x5 sRGB 2D bh1", "2D", TU_FORMAT_ASTC_8x5_SRGB_BLOCK, TU_SURFACE_2D, false, 70, 11,
         1, 1, 3, 1, 0},
        {"ASTC 12x12 3D bh1 bd2", "3D", TU_FORMAT_ASTC_12x12_UNORM_BLOCK, TU_SURFACE_3D, false, 30,
         27, 5, 1, 2, 1, 2},
    };
    gpu *g = gpu_new();
    for (unsigned i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        tu_image ref =
            tu_test_image(shapes[i].type, shapes[i].arrayed, shapes[i].format, shapes[i].w,
                          shapes[i].h, shapes[i].d, shapes[i].layers, shapes[i].levels, 1);
        tu_error err;
        CHECK(tu_surface_fill_hash(&ref.surface, 2000 + i, &err) == TU_OK, "%s", err.message);
        ref.surface.gob_height_log2 = shapes[i].gh, ref.surface.gob_depth_log2 = shapes[i].gd;
        const tu_surface s = add_bl_blocks(g, i, &ref);
        CHECK(tld_every_texel(g, i, &s, shapes[i].param_a, &ref) > 0, "%s", shapes[i].what);
        tu_image_free(&ref);
    }
    gpu_free(g);
}

/* A real PITCH header over linear memory reads what the block-linear header reads. */
static void test_pitch_header(void) {
    gpu *g = gpu_new();
    tu_surface desc = {.type = TU_SURFACE_2D,
                       .format = TU_FORMAT_R8G8B8A8_UINT,
                       .width = 37,
                       .height = 29,
                       .depth = 1,
                       .layers = 1,
                       .levels = 1,
                       .samples = 1,
                       .gob_height_log2 = 2};
    add_bl(g, 0, desc, 77);
    /* Pitch: rows of 160 bytes (37 * 4 rounded up to 32), filled by the generator. */
    tu_surface p = desc;
    p.gob_height_log2 = 0, p.level_count = 1;
    uint64_t need;
    tu_error err;
    tu_surface_layout_packed(&p, &need, &err);
    p.level[0].row_pitch = 160,
    p.level[0].slice_pitch = p.level[0].sample_pitch = p.level[0].layer_pitch = 160 * 29;
    p.data = g->mem + g->next, p.size = 160 * 29;
    CHECK(tu_surface_fill_hash(&p, 77, &err) == TU_OK, "%s", err.message);
    tu_nv_tic h;
    CHECK(tu_nv_tic_from_surface(&p, GPU_BASE + g->next, &h, &err) == TU_OK, "%s", err.message);
    CHECK(h.header_version == TU_NV_HEADER_PITCH && h.pitch == 160);
    put_header(g, 1, &h);
    for (uint32_t first = 0; first < 37 * 29; first += 32) {
        for (unsigned l = 0; l < 32; l++) {
            const uint32_t k = (first + l) % (37 * 29);
            g->regs.r[l][4] = k % 37, g->regs.r[l][5] = k / 37;
        }
        run_ok(g, "TLD.LZ R0, R4, 0, 2D, 0xf;", ~0u);
        run_ok(g, "TLD.LZ R8, R4, 1, 2D, 0xf;", ~0u);
        for (unsigned l = 0; l < 32; l++)
            CHECK(memcmp(&g->regs.r[l][0], &g->regs.r[l][8], 16) == 0, "texel %u",
                  (first + l) % (37 * 29));
    }
    gpu_free(g);
}

/* --- LOD and the view ----------------------------------------------------------------- */

static void test_lod_and_view(void) {
    gpu *g = gpu_new();
    tu_surface desc = {.type = TU_SURFACE_2D,
                       .format = TU_FORMAT_R32G32B32A32_UINT,
                       .width = 16,
                       .height = 16,
                       .depth = 1,
                       .layers = 1,
                       .levels = 5,
                       .samples = 1,
                       .gob_height_log2 = 1,
                       .base_level = 1,
                       .level_count = 3};
    const tu_surface s = add_bl(g, 0, desc, 5);
    tu_image ref = linear_copy(&s, 5);
    /* View levels 1..3: .LZ reads memory level 1; .LL lod k reads level 1 + k. */
    for (unsigned l = 0; l < 32; l++)
        g->regs.r[l][4] = 1, g->regs.r[l][5] = 0, g->regs.r[l][8] = l % 5;
    run_ok(g, "TLD.LZ R0, R4, 0, 2D, 0xf;", 1);
    uint32_t e[4];
    expect_texel(&ref, 1, 0, 1, 0, 0, 0, e);
    CHECK_LANE(g, 0, 0, e[0], e[1], e[2], e[3]);
    for (int cl = 0; cl < 2; cl++) {
        run_ok(g, cl ? "TLD.LL.CL R0, R4, R8, 0, 2D, 0xf;" : "TLD.LL R0, R4, R8, 0, 2D, 0xf;",
               0x1f);
        for (unsigned l = 0; l < 5; l++) {
            if (l < 3) {
                expect_texel(&ref, 1 + l, 0, 1, 0, 0, 0, e);
                CHECK_LANE(g, l, 0, e[0], e[1], e[2], e[3]);
            } else { /* beyond the view's last level: zeros, .CL or not */
                CHECK_LANE(g, l, 0, 0, 0, 0, 0);
            }
        }
    }
    /* A huge LOD value. */
    g->regs.r[0][8] = 0xffffffffu;
    run_ok(g, "TLD.LL R0, R4, R8, 0, 2D, 0xf;", 1);
    CHECK_LANE(g, 0, 0, 0, 0, 0, 0);
    tu_image_free(&ref);
    gpu_free(g);
}

/* --- out of range, .CL ---------------------------------------------------------------- */

static void test_out_of_range(void) {
    gpu *g = gpu_new();
    const tu_surface arr = add_bl(g, 0,
                                  (tu_surface){.type = TU_SURFACE_2D,
                                               .arrayed = true,
                                               .format = TU_FORMAT_R32G32B32A32_UINT,
                                               .width = 8,
                                               .height = 6,
                                               .depth = 1,
                                               .layers = 4,
                                               .levels = 1,
                                               .samples = 1,
                                               .gob_height_log2 = 1},
                                  9);
    tu_image ref = linear_copy(&arr, 9);
    /* {layer, x, y} -> {layer, x, y} with .CL; out of range in the first place? */
    static const struct {
        uint32_t layer;
        int32_t x, y;
        uint32_t cl_layer, cl_x, cl_y;
        bool inside;
    } cases[] = {
        {0, 0, 0, 0, 0, 0, true},
        {3, 7, 5, 3, 7, 5, true},
        {1, -1, 2, 1, 0, 2, false},
        {1, 8, 2, 1, 7, 2, false},
        {2, 3, -1, 2, 3, 0, false},
        {2, 3, 6, 2, 3, 5, false},
        {4, 3, 3, 3, 3, 3, false},
        {0xffff, 3, 3, 3, 3, 3, false},
        {2, INT32_MIN, INT32_MAX, 2, 0, 5, false},
        {0x10002, 1, 1, 2, 1, 1, true}, /* U16 */
        {7, -5, 100, 3, 0, 5, false},
    };
    const unsigned n = sizeof cases / sizeof cases[0];
    for (unsigned l = 0; l < n; l++)
        g->regs.r[l][4] = cases[l].layer, g->regs.r[l][5] = (uint32_t)cases[l].x,
        g->regs.r[l][6] = (uint32_t)cases[l].y;
    for (int cl = 0; cl < 2; cl++) {
        run_ok(g, cl ? "TLD.LZ.CL R0, R4, 0, ARRAY_2D, 0xf;" : "TLD.LZ R0, R4, 0, ARRAY_2D, 0xf;",
               ~0u);
        for (unsigned l = 0; l < n; l++) {
            uint32_t e[4] = {0, 0, 0, 0};
            if (cases[l].inside || cl)
                expect_texel(&ref, 0, cases[l].cl_layer, cases[l].cl_x, cases[l].cl_y, 0, 0, e);
            CHECK_LANE(g, l, 0, e[0], e[1], e[2], e[3]);
        }
    }
    /* TLD's border is (0, 0, 0, 0), not the robust (0, 0, 0, 1) of a one-channel format. */
    add_bl(g, 1,
           (tu_surface){.type = TU_SURFACE_2D,
                        .format = TU_FORMAT_R8_UNORM,
                        .width = 4,
                        .height = 4,
                        .depth = 1,
                        .layers = 1,
                        .levels = 1,
                        .samples = 1},
           3);
    g->regs.r[0][4] = 4, g->regs.r[0][5] = 0;
    g->regs.r[1][4] = 1, g->regs.r[1][5] = 1;
    run_ok(g, "TLD.LZ R0, R4, 1, 2D, 0xf;", 3);
    CHECK_LANE(g, 0, 0, 0, 0, 0, 0);
    CHECK(g->regs.r[1][3] == 0x3f800000u, "in range: alpha 1.0");
    /* 3D: z out of range, and .CL on z. */
    const tu_surface vol = add_bl(g, 2,
                                  (tu_surface){.type = TU_SURFACE_3D,
                                               .format = TU_FORMAT_R32G32B32A32_UINT,
                                               .width = 4,
                                               .height = 4,
                                               .depth = 5,
                                               .layers = 1,
                                               .levels = 1,
                                               .samples = 1,
                                               .gob_depth_log2 = 1},
                                  21);
    tu_image vref = linear_copy(&vol, 21);
    g->regs.r[0][4] = 1, g->regs.r[0][5] = 2, g->regs.r[0][6] = 5;
    run_ok(g, "TLD.LZ R0, R4, 2, 3D, 0xf;", 1);
    CHECK_LANE(g, 0, 0, 0, 0, 0, 0);
    run_ok(g, "TLD.LZ.CL R0, R4, 2, 3D, 0xf;", 1);
    uint32_t e[4];
    expect_texel(&vref, 0, 0, 1, 2, 4, 0, e);
    CHECK_LANE(g, 0, 0, e[0], e[1], e[2], e[3]);
    tu_image_free(&vref);
    tu_image_free(&ref);
    gpu_free(g);
}

/* --- AOFFI ----------------------------------------------------------------------------- */

static void test_aoffi(void) {
    gpu *g = gpu_new();
    const tu_surface vol = add_bl(g, 0,
                                  (tu_surface){.type = TU_SURFACE_3D,
                                               .format = TU_FORMAT_R32G32B32A32_UINT,
                                               .width = 20,
                                               .height = 20,
                                               .depth = 20,
                                               .layers = 1,
                                               .levels = 1,
                                               .samples = 1,
                                               .gob_height_log2 = 1,
                                               .gob_depth_log2 = 1},
                                  31);
    tu_image ref = linear_copy(&vol, 31);
    /* Every offset -8..7 on each axis, from (10, 10, 10); upper bits of the word ignored. */
    for (int axis = 0; axis < 3; axis++)
        for (int junk = 0; junk < 2; junk++) {
            for (unsigned l = 0; l < 16; l++) {
                const int off = (int)l - 8;
                g->regs.r[l][4] = g->regs.r[l][5] = g->regs.r[l][6] = 10;
                g->regs.r[l][8] = ((uint32_t)off & 0xf) << (4 * axis) | (junk ? 0xfffff000u : 0);
            }
            run_ok(g, "TLD.LZ.AOFFI R0, R4, R8, 0, 3D, 0xf;", 0xffff);
            for (unsigned l = 0; l < 16; l++) {
                uint32_t p[3] = {10, 10, 10}, e[4];
                p[axis] = (uint32_t)(10 + (int)l - 8);
                expect_texel(&ref, 0, 0, p[0], p[1], p[2], 0, e);
                CHECK_LANE(g, l, 0, e[0], e[1], e[2], e[3]);
            }
        }
    /* Offsets move a coordinate out of range (zeros), or clamp with .CL. */
    g->regs.r[0][4] = 2, g->regs.r[0][5] = 19, g->regs.r[0][6] = 0;
    g->regs.r[0][8] = (uint32_t)(-3 & 0xf) | 1u << 4 | 0u << 8; /* u -3, v +1 */
    run_ok(g, "TLD.LZ.AOFFI R0, R4, R8, 0, 3D, 0xf;", 1);
    CHECK_LANE(g, 0, 0, 0, 0, 0, 0);
    run_ok(g, "TLD.LZ.AOFFI.CL R0, R4, R8, 0, 3D, 0xf;", 1);
    uint32_t e[4];
    expect_texel(&ref, 0, 0, 0, 19, 0, 0, e);
    CHECK_LANE(g, 0, 0, e[0], e[1], e[2], e[3]);
    /* With .LL and .AOFFI: Rb+0 lod, Rb+1 offsets (compaction). */
    const tu_surface mip = add_bl(g, 1,
                                  (tu_surface){.type = TU_SURFACE_2D,
                                               .format = TU_FORMAT_R32G32B32A32_UINT,
                                               .width = 16,
                                               .height = 16,
                                               .depth = 1,
                                               .layers = 1,
                                               .levels = 3,
                                               .samples = 1},
                                  41);
    tu_image mref = linear_copy(&mip, 41);
    g->regs.r[0][4] = 3, g->regs.r[0][5] = 4, g->regs.r[0][8] = 1;
    g->regs.r[0][9] = (uint32_t)(-1 & 0xf) | 2u << 4;
    run_ok(g, "TLD.LL.AOFFI R0, R4, R8, 1, 2D, 0xf;", 1);
    expect_texel(&mref, 1, 0, 2, 6, 0, 0, e);
    CHECK_LANE(g, 0, 0, e[0], e[1], e[2], e[3]);
    /* The array index is not offset. */
    const tu_surface arr = add_bl(g, 2,
                                  (tu_surface){.type = TU_SURFACE_1D,
                                               .arrayed = true,
                                               .format = TU_FORMAT_R32G32B32A32_UINT,
                                               .width = 16,
                                               .height = 1,
                                               .depth = 1,
                                               .layers = 3,
                                               .levels = 1,
                                               .samples = 1},
                                  43);
    tu_image aref = linear_copy(&arr, 43);
    g->regs.r[0][4] = 1, g->regs.r[0][5] = 5, g->regs.r[0][8] = 0x772; /* u +2, v/w ignored */
    run_ok(g, "TLD.LZ.AOFFI R0, R4, R8, 2, ARRAY_1D, 0xf;", 1);
    expect_texel(&aref, 0, 1, 7, 0, 0, 0, e);
    CHECK_LANE(g, 0, 0, e[0], e[1], e[2], e[3]);
    tu_image_free(&aref);
    tu_image_free(&mref);
    tu_image_free(&ref);
    gpu_free(g);
}

/* --- paramA against the texture type ------------------------------------------------------- */

static void test_param_a_matching(void) {
    gpu *g = gpu_new();
    const tu_surface t2 = add_bl(g, 0,
                                 (tu_surface){.type = TU_SURFACE_2D,
                                              .format = TU_FORMAT_R32G32B32A32_UINT,
                                              .width = 8,
                                              .height = 8,
                                              .depth = 1,
                                              .layers = 1,
                                              .levels = 1,
                                              .samples = 1},
                                 51);
    const tu_surface a2 = add_bl(g, 1,
                                 (tu_surface){.type = TU_SURFACE_2D,
                                              .arrayed = true,
                                              .format = TU_FORMAT_R32G32B32A32_UINT,
                                              .width = 8,
                                              .height = 8,
                                              .depth = 1,
                                              .layers = 3,
                                              .levels = 1,
                                              .samples = 1},
                                 52);
    add_bl(g, 2,
           (tu_surface){.type = TU_SURFACE_CUBE,
                        .format = TU_FORMAT_R32G32B32A32_UINT,
                        .width = 8,
                        .height = 8,
                        .depth = 1,
                        .layers = 6,
                        .levels = 1,
                        .samples = 1},
           53);
    const tu_surface t1 = add_bl(g, 3,
                                 (tu_surface){.type = TU_SURFACE_1D,
                                              .format = TU_FORMAT_R32G32B32A32_UINT,
                                              .width = 8,
                                              .height = 1,
                                              .depth = 1,
                                              .layers = 1,
                                              .levels = 1,
                                              .samples = 1},
                                 54);
    add_bl(g, 4,
           (tu_surface){.type = TU_SURFACE_3D,
                        .format = TU_FORMAT_R32G32B32A32_UINT,
                        .width = 8,
                        .height = 8,
                        .depth = 2,
                        .layers = 1,
                        .levels = 1,
                        .samples = 1},
           55);
    tu_image r2 = linear_copy(&t2, 51), ra = linear_copy(&a2, 52), r1 = linear_copy(&t1, 54);
    /* Ra = (layer or x, ...); every lane the same: (2, 3, 1). */
    for (unsigned l = 0; l < 32; l++)
        g->regs.r[l][4] = 2, g->regs.r[l][5] = 3, g->regs.r[l][6] = 1;
    uint32_t e[4];
    static const struct {
        const char *text;
        int tex; /* which reference; -1 zeros */
        uint32_t layer, x, y;
    } cases[] = {
        {"TLD.LZ R0, R4, 0, 2D, 0xf;", 0, 0, 2, 3},          /* 2D on 2D */
        {"TLD.LZ R0, R4, 0, ARRAY_2D, 0xf;", -1, 0, 0, 0},   /* layer 2 of a 1-layer texture */
        {"TLD.LZ.CL R0, R4, 0, ARRAY_2D, 0xf;", 0, 0, 3, 1}, /* .CL clamps the layer to 0 */
        {"TLD.LZ R0, R4, 1, ARRAY_2D, 0xf;", 1, 2, 3, 1},    /* ARRAY_2D on 2D array */
        {"TLD.LZ R0, R4, 1, 2D, 0xf;", 1, 0, 2, 3},          /* 2D on a 2D array: layer 0 */
        {"TLD.LZ R0, R4, 0, 1D, 0xf;", -1, 0, 0, 0},         /* 1 coordinate on 2D */
        {"TLD.LZ R0, R4, 0, 3D, 0xf;", -1, 0, 0, 0},         /* 3 coordinates on 2D */
        {"TLD.LZ R0, R4, 2, 2D, 0xf;", -1, 0, 0, 0},         /* a cube map: CUBE is reserved */
        {"TLD.LZ R0, R4, 2, ARRAY_2D, 0xf;", -1, 0, 0, 0},
        {"TLD.LZ R0, R4, 3, 1D, 0xf;", 3, 0, 2, 0},        /* 1D on 1D */
        {"TLD.LZ R0, R4, 3, ARRAY_1D, 0xf;", -1, 0, 0, 0}, /* layer 2 of a 1-layer 1D */
        {"TLD.LZ R0, R4, 3, 2D, 0xf;", -1, 0, 0, 0},
        {"TLD.LZ R0, R4, 4, 2D, 0xf;", -1, 0, 0, 0}, /* 2 coordinates on 3D */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(g->regs.r[0], 0xee, 16);
        run_ok(g, cases[i].text, 1);
        const tu_image *ref = cases[i].tex == 0 ? &r2 : cases[i].tex == 1 ? &ra : &r1;
        if (cases[i].tex < 0) {
            CHECK_LANE(g, 0, 0, 0, 0, 0, 0);
        } else {
            expect_texel(ref, 0, cases[i].layer, cases[i].x, cases[i].y, 0, 0, e);
            CHECK_LANE(g, 0, 0, e[0], e[1], e[2], e[3]);
        }
    }
    tu_image_free(&r2);
    tu_image_free(&ra);
    tu_image_free(&r1);
    gpu_free(g);
}

/* --- header indices: constant bank, bindless, MaximumIndex -------------------------------------
 */

static void test_header_indices(void) {
    gpu *g = gpu_new();
    tu_surface s[4];
    tu_image ref[4];
    for (unsigned i = 0; i < 4; i++) {
        s[i] = add_bl(g, 10 + i,
                      (tu_surface){.type = TU_SURFACE_2D,
                                   .format = TU_FORMAT_R32G32B32A32_UINT,
                                   .width = 4,
                                   .height = 4,
                                   .depth = 1,
                                   .layers = 1,
                                   .levels = 1,
                                   .samples = 1},
                      60 + i);
        ref[i] = linear_copy(&s[i], 60 + i);
    }
    uint32_t e[4];
    for (unsigned l = 0; l < 32; l++) {
        g->regs.r[l][4] = l % 4, g->regs.r[l][5] = 1;
        g->regs.r[l][8] = TU_NV_HANDLE(l, 10 + l % 4); /* the sampler bits are ignored */
    }
    /* Bindless: every lane its own texture. */
    run_ok(g, "TLD.B.LZ R0, R4, R8, 0, 2D, 0xf;", ~0u);
    for (unsigned l = 0; l < 32; l++) {
        expect_texel(&ref[l % 4], 0, 0, l % 4, 1, 0, 0, e);
        CHECK_LANE(g, l, 0, e[0], e[1], e[2], e[3]);
    }
    /* The constant bank: word 12 holds TU_NV_HANDLE(0x5a, 12). */
    run_ok(g, "TLD.LZ R0, R4, 12, 2D, 0xf;", 1);
    expect_texel(&ref[2], 0, 0, 0, 1, 0, 0, e);
    CHECK_LANE(g, 0, 0, e[0], e[1], e[2], e[3]);
    /* Above MaximumIndex: an invalid texture, zeros; the pool memory is not read. */
    g->st.headers.maximum_index = 11;
    run_ok(g, "TLD.LZ R0, R4, 12, 2D, 0xf;", 1);
    CHECK_LANE(g, 0, 0, 0, 0, 0, 0);
    run_ok(g, "TLD.B.LZ R0, R4, R8, 0, 2D, 0xf;", 0xf);
    for (unsigned l = 0; l < 4; l++) {
        if (10 + l <= 11) {
            expect_texel(&ref[l], 0, 0, l, 1, 0, 0, e);
            CHECK_LANE(g, l, 0, e[0], e[1], e[2], e[3]);
        } else {
            CHECK_LANE(g, l, 0, 0, 0, 0, 0);
        }
    }
    g->st.headers.maximum_index = POOL_ENTRIES - 1;
    g->regs.r[0][8] = 0xfffff; /* Mesa's NVE4_TIC_ENTRY_INVALID */
    run_ok(g, "TLD.B.LZ R0, R4, R8, 0, 2D, 0xf;", 1);
    CHECK_LANE(g, 0, 0, 0, 0, 0, 0);
    /* A constant-bank word beyond the bank reads 0: header 0 (here: an empty view). */
    tu_nv_tic null_view;
    memset(&null_view, 0, sizeof null_view);
    tu_nv_format_fields(TU_FORMAT_R8_UNORM, &null_view, NULL);
    null_view.header_version = TU_NV_HEADER_BLOCKLINEAR, null_view.texture_type = TU_NV_TEX_2D;
    null_view.address = GPU_BASE, null_view.res_view_min_mip_level = 1;
    put_header(g, 0, &null_view);
    g->st.cbank_words = 8;
    memset(g->regs.r[0], 0xee, 16);
    run_ok(g, "TLD.LZ R0, R4, 20, 2D, 0xf;", 1);
    CHECK_LANE(g, 0, 0, 0, 0, 0, 0);
    for (unsigned i = 0; i < 4; i++)
        tu_image_free(&ref[i]);
    gpu_free(g);
}

/* --- multisample ------------------------------------------------------------------------- */

static void test_multisample(void) {
    gpu *g = gpu_new();
    static const uint32_t counts[] = {2, 4, 8, 16};
    for (unsigned i = 0; i < 4; i++) {
        const tu_surface s = add_bl(g, i,
                                    (tu_surface){.type = TU_SURFACE_2D,
                                                 .arrayed = true,
                                                 .format = TU_FORMAT_R32_UINT,
                                                 .width = 6,
                                                 .height = 5,
                                                 .depth = 1,
                                                 .layers = 2,
                                                 .levels = 1,
                                                 .samples = counts[i],
                                                 .gob_height_log2 = 1},
                                    70 + i);
        tu_image ref = linear_copy(&s, 70 + i);
        char text[64];
        for (unsigned first = 0; first < 6 * 5 * 2 * (counts[i] + 1); first += 32) {
            for (unsigned l = 0; l < 32; l++) {
                const unsigned k = (first + l) % (6 * 5 * 2 * (counts[i] + 1));
                g->regs.r[l][4] = k / (6 * 5 * (counts[i] + 1)); /* layer */
                g->regs.r[l][5] = k % 6, g->regs.r[l][6] = k / 6 % 5;
                g->regs.r[l][8] = k / 30 % (counts[i] + 1); /* sample, one beyond the count */
            }
            snprintf(text, sizeof text, "TLD.LZ.MS R0, R4, R8, %u, ARRAY_2D, 0x1;", i);
            run_ok(g, text, ~0u);
            for (unsigned l = 0; l < 32; l++) {
                const uint32_t layer = g->regs.r[l][4], x = g->regs.r[l][5], y = g->regs.r[l][6],
                               smp = g->regs.r[l][8];
                uint32_t e[4] = {0};
                if (smp < counts[i]) expect_texel(&ref, 0, layer, x, y, 0, smp, e);
                CHECK(g->regs.r[l][0] == e[0], "%ux sample %u of (%u,%u) layer %u: %08x want %08x",
                      counts[i], smp, x, y, layer, g->regs.r[l][0], e[0]);
            }
        }
        /* Without .MS a multisample texture reads sample 0. */
        g->regs.r[0][4] = 1, g->regs.r[0][5] = 2, g->regs.r[0][6] = 3;
        snprintf(text, sizeof text, "TLD.LZ R0, R4, %u, ARRAY_2D, 0x1;", i);
        run_ok(g, text, 1);
        uint32_t e[4];
        expect_texel(&ref, 0, 1, 2, 3, 0, 0, e);
        CHECK(g->regs.r[0][0] == e[0]);
        tu_image_free(&ref);
    }
    /* .MS on a single-sample texture: sample 0 reads, sample 1 is out of range. */
    const tu_surface one = add_bl(g, 9,
                                  (tu_surface){.type = TU_SURFACE_2D,
                                               .format = TU_FORMAT_R32_UINT,
                                               .width = 4,
                                               .height = 4,
                                               .depth = 1,
                                               .layers = 1,
                                               .levels = 1,
                                               .samples = 1},
                                  79);
    tu_image ref = linear_copy(&one, 79);
    g->regs.r[0][4] = 1, g->regs.r[0][5] = 1, g->regs.r[0][6] = 0;
    g->regs.r[1][4] = 1, g->regs.r[1][5] = 1, g->regs.r[1][6] = 1;
    run_ok(g, "TLD.LZ.MS R0, R4, R6, 9, 2D, 0x1;", 3);
    uint32_t e[4];
    expect_texel(&ref, 0, 0, 1, 1, 0, 0, e);
    CHECK(g->regs.r[0][0] == e[0] && g->regs.r[1][0] == 0);
    tu_image_free(&ref);
    gpu_free(g);
}

/* MULTI_SAMPLE_COUNT 4X2_D3D and 2X1_D3D: sample k sits where Mesa nil image.rs
 * SampleLayout::sa_offset puts it; surface.h's grid has sample (x & 1) | (y & 1) << 1 |
 * (x >> 1) << 2 there. */
static void test_multisample_d3d(void) {
    static const uint8_t d3d_4x2[8][2] = {{2, 0}, {1, 1}, {3, 1}, {1, 0},
                                          {0, 1}, {0, 0}, {2, 1}, {3, 0}};
    static const uint8_t d3d_2x1[2][2] = {{1, 0}, {0, 0}};
    static const struct {
        uint32_t samples, mode;
        const uint8_t (*pos)[2];
    } modes[] = {{8, 4, d3d_4x2}, {2, 5, d3d_2x1}};
    gpu *g = gpu_new();
    for (unsigned m = 0; m < 2; m++) {
        const tu_surface s = add_bl(g, m,
                                    (tu_surface){.type = TU_SURFACE_2D,
                                                 .format = TU_FORMAT_R32_UINT,
                                                 .width = 5,
                                                 .height = 3,
                                                 .depth = 1,
                                                 .layers = 1,
                                                 .levels = 1,
                                                 .samples = modes[m].samples},
                                    90 + m);
        tu_nv_tic h;
        tu_error err;
        CHECK(tu_nv_tic_decode(g->headers + 32 * m, &h, &err) == TU_OK, "%s", err.message);
        h.multi_sample_count = modes[m].mode;
        put_header(g, m, &h);
        tu_image ref = linear_copy(&s, 90 + m);
        for (unsigned l = 0; l < 32; l++) {
            g->regs.r[l][4] = l % 5, g->regs.r[l][5] = l / 5 % 3;
            g->regs.r[l][6] = l % (modes[m].samples + 1); /* one beyond the count */
        }
        char text[64];
        snprintf(text, sizeof text, "TLD.LZ.MS R0, R4, R6, %u, 2D, 0x1;", m);
        run_ok(g, text, ~0u);
        for (unsigned l = 0; l < 32; l++) {
            const uint32_t k = g->regs.r[l][6];
            uint32_t e[4] = {0};
            if (k < modes[m].samples) {
                const uint32_t x = modes[m].pos[k][0], y = modes[m].pos[k][1];
                expect_texel(&ref, 0, 0, l % 5, l / 5 % 3, 0,
                             (x & 1) | (y & 1) << 1 | (x >> 1) << 2, e);
            }
            CHECK(g->regs.r[l][0] == e[0], "mode %u sample %u of (%u,%u): %08x want %08x",
                  modes[m].mode, k, l % 5, l / 5 % 3, g->regs.r[l][0], e[0]);
        }
        tu_image_free(&ref);
    }
    gpu_free(g);
}

/* --- sparse pages and Ps -------------------------------------------------------------------- */

static void test_sparse(void) {
    gpu *g = gpu_new();
    const tu_surface s = add_bl(g, 0,
                                (tu_surface){.type = TU_SURFACE_2D,
                                             .format = TU_FORMAT_R32G32B32A32_UINT,
                                             .width = 64,
                                             .height = 32,
                                             .depth = 1,
                                             .layers = 1,
                                             .levels = 1,
                                             .samples = 1,
                                             .gob_height_log2 = 1},
                                81);
    tu_image ref = linear_copy(&s, 81);
    memset(g->res_bits, 0xff, sizeof g->res_bits);
    const uint64_t start = (uint64_t)((uint8_t *)s.data - g->mem);
    const uint64_t null_page = start / 4096 + 3;
    g->res_bits[null_page / 8] &= (uint8_t) ~(1u << (null_page % 8));
    g->residency = (tu_residency){g->res_bits, sizeof g->res_bits, 12};
    g->region.residency = &g->residency;
    unsigned sparse_seen = 0, resident_seen = 0;
    for (unsigned first = 0; first < 64 * 32; first += 32) {
        for (unsigned l = 0; l < 32; l++) {
            g->regs.r[l][4] = (first + l) % 64, g->regs.r[l][5] = (first + l) / 64;
            g->regs.p[l] = 0x7f; /* P3 starts set */
        }
        g->regs.r[31][4] = 64; /* out of range: zeros, and not sparse */
        run_ok(g, "TLD.LZ P3, R0, R4, 0, 2D, 0xf;", ~0u);
        for (unsigned l = 0; l < 32; l++) {
            const uint32_t x = g->regs.r[l][4], y = g->regs.r[l][5];
            const tu_texel_coord c = {x, y, 0, 0, 0, 0};
            const bool null = x < 64 && (start + ref_offset(&s, &c)) / 4096 == null_page;
            uint32_t e[4] = {0, 0, 0, 0};
            if (x < 64 && !null) expect_texel(&ref, 0, 0, x, y, 0, 0, e);
            CHECK_LANE(g, l, 0, e[0], e[1], e[2], e[3]);
            CHECK((g->regs.p[l] >> 3 & 1) == null, "texel (%u, %u): Ps %u", x, y,
                  g->regs.p[l] >> 3 & 1);
            CHECK((g->regs.p[l] & ~8u) == 0x77, "other predicates untouched");
            sparse_seen += null, resident_seen += !null;
        }
    }
    CHECK(sparse_seen > 0 && resident_seen > 0);
    /* Ps = PT: no predicate is written; guarded-off lanes keep Ps. */
    g->regs.p[0] = 0;
    g->regs.r[0][4] = 0, g->regs.r[0][5] = 0;
    for (unsigned l = 0; l < 32; l++) {
        const tu_texel_coord c = {l, 16, 0, 0, 0, 0};
        g->regs.r[l][4] = l, g->regs.r[l][5] = 16;
        g->regs.p[l] = (uint8_t)((start + ref_offset(&s, &c)) / 4096 == null_page ? 0 : 0x08);
    }
    run_ok(g, "TLD.LZ R0, R4, 0, 2D, 0xf;", ~0u);
    for (unsigned l = 0; l < 32; l++) {
        const tu_texel_coord c = {l, 16, 0, 0, 0, 0};
        CHECK((g->regs.p[l] == 0) == ((start + ref_offset(&s, &c)) / 4096 == null_page));
    }
    tu_image_free(&ref);
    gpu_free(g);
}

/* --- threads: guard, active mask ----------------------------------------------------------- */

static void test_guard_and_active(void) {
    gpu *g = gpu_new();
    const tu_surface s = add_bl(g, 0,
                                (tu_surface){.type = TU_SURFACE_1D,
                                             .format = TU_FORMAT_R32G32B32A32_UINT,
                                             .width = 32,
                                             .height = 1,
                                             .depth = 1,
                                             .layers = 1,
                                             .levels = 1,
                                             .samples = 1},
                                91);
    tu_image ref = linear_copy(&s, 91);
    static const struct {
        const char *text;
        uint32_t active;
        bool (*runs)(unsigned lane);
    } cases[] = {
        {"@P0 TLD.LZ R0, R4, 0, 1D, 0xf;", ~0u, NULL},
        {"@!P0 TLD.LZ R0, R4, 0, 1D, 0xf;", ~0u, NULL},
        {"TLD.LZ R0, R4, 0, 1D, 0xf;", 0x0f0f00f1u, NULL},
        {"@!PT TLD.LZ R0, R4, 0, 1D, 0xf;", ~0u, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (unsigned l = 0; l < 32; l++) {
            g->regs.r[l][4] = l;
            memset(g->regs.r[l], 0xab, 16);
            g->regs.p[l] = (uint8_t)(l % 3 == 0); /* P0 on every third lane */
        }
        run_ok(g, cases[i].text, cases[i].active);
        for (unsigned l = 0; l < 32; l++) {
            const bool p0 = l % 3 == 0;
            const bool runs = i == 0   ? p0
                              : i == 1 ? !p0
                              : i == 2 ? (cases[i].active >> l & 1)
                                       : false;
            uint32_t e[4] = {0xabababab, 0xabababab, 0xabababab, 0xabababab};
            if (runs) expect_texel(&ref, 0, 0, l, 0, 0, 0, e);
            CHECK_LANE(g, l, 0, e[0], e[1], e[2], e[3]);
        }
    }
    /* A warp of 5 threads: lanes beyond it are not touched. */
    g->regs.lanes = 5;
    memset(g->regs.r[7], 0xab, 16);
    run_ok(g, "TLD.LZ R0, R4, 0, 1D, 0xf;", ~0u);
    CHECK(g->regs.r[7][0] == 0xabababab);
    tu_image_free(&ref);
    gpu_free(g);
}

/* --- wmask, RZ, overlapping registers ------------------------------------------------------- */

static void test_wmask_and_registers(void) {
    gpu *g = gpu_new();
    const tu_surface s = add_bl(g, 0,
                                (tu_surface){.type = TU_SURFACE_2D,
                                             .format = TU_FORMAT_R32G32B32A32_UINT,
                                             .width = 4,
                                             .height = 4,
                                             .depth = 1,
                                             .layers = 1,
                                             .levels = 1,
                                             .samples = 1},
                                95);
    tu_image ref = linear_copy(&s, 95);
    uint32_t e[4];
    expect_texel(&ref, 0, 0, 3, 2, 0, 0, e);
    for (unsigned wmask = 0; wmask < 16; wmask++) {
        g->regs.r[0][20] = 3, g->regs.r[0][21] = 2;
        for (unsigned r = 0; r < 8; r++)
            g->regs.r[0][8 + r] = 0xc0de0000u + r;
        char text[64];
        snprintf(text, sizeof text, "TLD.LZ R8, R20, 0, 2D, %#x;", wmask);
        run_ok(g, text, 1);
        unsigned next = 8;
        for (unsigned c = 0; c < 4; c++)
            if (wmask >> c & 1) {
                CHECK(g->regs.r[0][next] == e[c], "wmask %#x component %u in R%u", wmask, c, next);
                next++;
            }
        for (unsigned r = next; r < 16; r++)
            CHECK(g->regs.r[0][r] == 0xc0de0000u + (r - 8), "wmask %#x: R%u untouched", wmask, r);
    }
    /* Rd = RZ: nothing written. */
    for (unsigned r = 0; r < TU_NV_REGS; r++)
        g->regs.r[1][r] = r;
    g->regs.r[1][20] = 3, g->regs.r[1][21] = 2;
    run_ok(g, "TLD.LZ RZ, R20, 0, 2D, 0xf;", 2);
    for (unsigned r = 0; r < TU_NV_REGS; r++)
        if (r != 20 && r != 21) CHECK(g->regs.r[1][r] == r);
    /* R252 with four components: R252..R254, the fourth goes to RZ and is dropped. */
    run_ok(g, "TLD.LZ R252, R20, 0, 2D, 0xf;", 2);
    CHECK(g->regs.r[1][252] == e[0] && g->regs.r[1][253] == e[1] && g->regs.r[1][254] == e[2]);
    CHECK(tu_nv_reg_read(&g->regs, 1, TU_NV_RZ) == 0);
    /* Rd = Ra: the coordinates are read before the result is written. */
    g->regs.r[2][4] = 3, g->regs.r[2][5] = 2;
    run_ok(g, "TLD.LZ R4, R4, 0, 2D, 0xf;", 4);
    CHECK_LANE(g, 2, 4, e[0], e[1], e[2], e[3]);
    /* A vector of Ra ending in RZ reads 0 there: ARRAY_2D at R252 = layer, x, y = R252..R254. */
    tu_error err;
    CHECK(tu_nv_reg_write(&g->regs, 0, 300, 1, &err) == TU_INVALID_ARGUMENT);
    CHECK(tu_nv_reg_write(&g->regs, 40, 1, 1, &err) == TU_INVALID_ARGUMENT);
    CHECK(tu_nv_reg_write(&g->regs, 0, TU_NV_RZ, 7, &err) == TU_OK &&
          tu_nv_reg_read(&g->regs, 0, TU_NV_RZ) == 0);
    CHECK(tu_nv_pred_write(&g->regs, 0, TU_NV_PT, false, &err) == TU_OK &&
          tu_nv_pred_read(&g->regs, 0, TU_NV_PT));
    CHECK(tu_nv_pred_write(&g->regs, 0, 8, true, &err) == TU_INVALID_ARGUMENT);
    CHECK(tu_nv_pred_write(&g->regs, 0, 6, true, &err) == TU_OK && tu_nv_pred_read(&g->regs, 0, 6));
    CHECK(!tu_nv_pred_read(&g->regs, 99, 0) && tu_nv_reg_read(&g->regs, 99, 0) == 0);
    tu_image_free(&ref);
    gpu_free(g);
}

/* --- formats and swizzles --------------------------------------------------------------------- */

static uint32_t fbits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void test_formats_and_swizzle(void) {
    gpu *g = gpu_new();
    /* Formats whose texunit decode the NVIDIA path must reproduce through COMPONENTS, data types
     * and X..W_SOURCE (BGRA and the packed 16-bit ones go through a component permutation). */
    static const tu_format formats[] = {TU_FORMAT_B8G8R8A8_UNORM,
                                        TU_FORMAT_B8G8R8A8_SRGB,
                                        TU_FORMAT_R8G8B8A8_SRGB,
                                        TU_FORMAT_R5G6B5_UNORM_PACK16,
                                        TU_FORMAT_R4G4B4A4_UNORM_PACK16,
                                        TU_FORMAT_R5G5B5A1_UNORM_PACK16,
                                        TU_FORMAT_A2B10G10R10_UNORM_PACK32,
                                        TU_FORMAT_B10G11R11_UFLOAT_PACK32,
                                        TU_FORMAT_E5B9G9R9_UFLOAT_PACK32,
                                        TU_FORMAT_D32_SFLOAT,
                                        TU_FORMAT_D16_UNORM,
                                        TU_FORMAT_D24_UNORM_S8_UINT,
                                        TU_FORMAT_R16G16_SNORM,
                                        TU_FORMAT_R8_SINT,
                                        TU_FORMAT_R16G16B16A16_SFLOAT};
    for (unsigned i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        const tu_surface s = add_bl(g, i,
                                    (tu_surface){.type = TU_SURFACE_2D,
                                                 .format = formats[i],
                                                 .width = 8,
                                                 .height = 8,
                                                 .depth = 1,
                                                 .layers = 1,
                                                 .levels = 1,
                                                 .samples = 1},
                                    100 + i);
        tu_image ref = linear_copy(&s, 100 + i);
        char text[64];
        snprintf(text, sizeof text, "TLD.LZ R0, R4, %u, 2D, 0xf;", i);
        for (unsigned l = 0; l < 32; l++)
            g->regs.r[l][4] = l % 8, g->regs.r[l][5] = l / 8 + 2;
        run_ok(g, text, ~0u);
        for (unsigned l = 0; l < 32; l++) {
            uint32_t e[4];
            expect_texel(&ref, 0, 0, l % 8, l / 8 + 2, 0, 0, e);
            CHECK_LANE(g, l, 0, e[0], e[1], e[2], e[3]);
        }
        tu_image_free(&ref);
    }
    /* BGRA by hand: bytes (b, g, r, a) read as (r, g, b, a) / 255. */
    tu_surface bgra = add_bl(g, 30,
                             (tu_surface){.type = TU_SURFACE_2D,
                                          .format = TU_FORMAT_B8G8R8A8_UNORM,
                                          .width = 2,
                                          .height = 2,
                                          .depth = 1,
                                          .layers = 1,
                                          .levels = 1,
                                          .samples = 1},
                             0);
    const tu_texel_coord c11 = {1, 1, 0, 0, 0, 0};
    uint8_t *p = (uint8_t *)bgra.data + ref_offset(&bgra, &c11);
    p[0] = 10, p[1] = 20, p[2] = 30, p[3] = 255;
    g->regs.r[0][4] = 1, g->regs.r[0][5] = 1;
    run_ok(g, "TLD.LZ R0, R4, 30, 2D, 0xf;", 1);
    CHECK_LANE(g, 0, 0, fbits(30 / 255.0f), fbits(20 / 255.0f), fbits(10 / 255.0f), fbits(1.0f));
    /* Explicit sources: X = ONE_INT, Y = ONE_FLOAT, Z = ZERO, W = R on R32_UINT. */
    tu_surface r32 = add_bl(g, 31,
                            (tu_surface){.type = TU_SURFACE_2D,
                                         .format = TU_FORMAT_R32_UINT,
                                         .width = 2,
                                         .height = 2,
                                         .depth = 1,
                                         .layers = 1,
                                         .levels = 1,
                                         .samples = 1},
                            0);
    const tu_texel_coord c01 = {0, 1, 0, 0, 0, 0};
    const uint32_t v = 0x12345678;
    memcpy((uint8_t *)r32.data + ref_offset(&r32, &c01), &v, 4);
    tu_nv_tic h;
    tu_nv_tic_decode(g->headers + 31 * 32, &h, NULL);
    h.x_source = TU_NV_SOURCE_ONE_INT, h.y_source = TU_NV_SOURCE_ONE_FLOAT;
    h.z_source = TU_NV_SOURCE_ZERO, h.w_source = TU_NV_SOURCE_R;
    put_header(g, 31, &h);
    g->regs.r[0][4] = 0, g->regs.r[0][5] = 1;
    run_ok(g, "TLD.LZ R0, R4, 31, 2D, 0xf;", 1);
    CHECK_LANE(g, 0, 0, 1, 0x3f800000u, 0, v);
    /* A missing C3 read through A: 1 (integer class), and G of R32 reads 0. */
    h.x_source = TU_NV_SOURCE_A, h.y_source = TU_NV_SOURCE_G;
    put_header(g, 31, &h);
    run_ok(g, "TLD.LZ R0, R4, 31, 2D, 0x3;", 1);
    CHECK(g->regs.r[0][0] == 1 && g->regs.r[0][1] == 0);
    /* UNORM_FORCE_FP16: the unorm16 value rounded to half precision. */
    tu_surface r16 = add_bl(g, 32,
                            (tu_surface){.type = TU_SURFACE_2D,
                                         .format = TU_FORMAT_R16_UNORM,
                                         .width = 2,
                                         .height = 2,
                                         .depth = 1,
                                         .layers = 1,
                                         .levels = 1,
                                         .samples = 1},
                            0);
    const uint16_t code = 12345;
    memcpy((uint8_t *)r16.data + ref_offset(&r16, &c01), &code, 2);
    tu_nv_tic_decode(g->headers + 32 * 32, &h, NULL);
    h.r_data_type = TU_NV_TYPE_UNORM_FORCE_FP16;
    put_header(g, 32, &h);
    run_ok(g, "TLD.LZ R0, R4, 32, 2D, 0x1;", 1);
    const float exact = 12345.0f / 65535.0f;
    CHECK(g->regs.r[0][0] == fbits(tu_half_to_float(tu_float_to_half(exact))) &&
              g->regs.r[0][0] != fbits(exact),
          "%08x", g->regs.r[0][0]);
    tu_nv_tic_decode(g->headers + 32 * 32, &h, NULL);
    h.r_data_type = TU_NV_TYPE_UNORM;
    put_header(g, 32, &h);
    run_ok(g, "TLD.LZ R0, R4, 32, 2D, 0x1;", 1);
    CHECK(g->regs.r[0][0] == fbits(exact));
    gpu_free(g);
}

/* --- 1D buffers ----------------------------------------------------------------------------- */

static void test_buffer(void) {
    gpu *g = gpu_new();
    uint32_t *elements = (uint32_t *)(g->mem + 4096);
    for (unsigned i = 0; i < 100; i++)
        elements[i] = 0xb0000000u + i;
    tu_nv_tic h;
    memset(&h, 0, sizeof h);
    tu_nv_format_fields(TU_FORMAT_R32_UINT, &h, NULL);
    h.header_version = TU_NV_HEADER_ONE_D_BUFFER, h.texture_type = TU_NV_TEX_1D_BUFFER;
    h.address = GPU_BASE + 4096 + 4 * 10, h.width_minus_one = 49; /* elements 10..59 */
    put_header(g, 0, &h);
    for (unsigned l = 0; l < 32; l++)
        g->regs.r[l][4] = l * 2; /* 0..62: 50.. out of range */
    run_ok(g, "TLD.LZ R0, R4, 0, 1D, 0x1;", ~0u);
    for (unsigned l = 0; l < 32; l++)
        CHECK(g->regs.r[l][0] == (l * 2 < 50 ? 0xb0000000u + 10 + l * 2 : 0), "lane %u", l);
    g->regs.r[0][4] = 3, g->regs.r[0][5] = 1;
    run_ok(g, "TLD.LL R0, R4, R5, 0, 1D, 0x1;", 1); /* level 1 of a buffer */
    CHECK(g->regs.r[0][0] == 0);
    run_ok(g, "TLD.LZ R0, R4, 0, 2D, 0x1;", 1); /* two coordinates on a buffer */
    CHECK(g->regs.r[0][0] == 0);
    gpu_free(g);
}

/* --- refusals: the instruction fails and writes nothing ------------------------------------- */

static void test_refusals(void) {
    gpu *g = gpu_new();
    add_bl(g, 0,
           (tu_surface){.type = TU_SURFACE_2D,
                        .format = TU_FORMAT_R32_UINT,
                        .width = 4,
                        .height = 4,
                        .depth = 1,
                        .layers = 1,
                        .levels = 1,
                        .samples = 1},
           1);
    tu_error err;
    tu_nv_tic h;
    tu_nv_tic_decode(g->headers, &h, NULL);
    /* A header whose texture does not fit in its region, one texunit cannot model, an address
     * in no region, and a header version that does not exist. */
    tu_nv_tic big = h;
    big.address = GPU_BASE + MEM_SIZE - 512, big.width_minus_one = 1000;
    put_header(g, 1, &big);
    tu_nv_tic gob3d = h;
    gob3d.gob3d = 1;
    put_header(g, 2, &gob3d);
    tu_nv_tic nowhere = h;
    nowhere.address = 0x200;
    put_header(g, 3, &nowhere);
    memset(g->headers + 4 * 32, 0xff, 32);
    static const struct {
        const char *text;
        tu_status st;
        const char *needle;
    } cases[] = {
        {"TLD.LZ R0, R4, 1, 2D, 0x1;", TU_INVALID_ARGUMENT, "TLD texture header 1:"},
        {"TLD.LZ R0, R4, 2, 2D, 0x1;", TU_UNSUPPORTED, "GOB3D 1 is not supported"},
        {"TLD.LZ R0, R4, 3, 2D, 0x1;", TU_INVALID_ARGUMENT, "lies in no memory region"},
        {"TLD.LZ R0, R4, 4, 2D, 0x1;", TU_PARSE_ERROR,
         "texture header 4: texture header HEADER_VERSION 7"},
        /* the #paramA the page reserves decode and print, but do not run */
        {"TLD.LZ R0, R4, 0, CUBE, 0x1;", TU_UNSUPPORTED, "#paramA CUBE is RESERVED for TLD"},
        {"TLD.LZ R0, R4, 0, ARRAY_3D, 0x1;", TU_UNSUPPORTED, "#paramA ARRAY_3D is RESERVED"},
        {"TLD.LZ R0, R4, 0, ARRAY_CUBE, 0x1;", TU_UNSUPPORTED, "#paramA ARRAY_CUBE is RESERVED"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (unsigned l = 0; l < 32; l++)
            g->regs.r[l][0] = 0xdead, g->regs.r[l][4] = g->regs.r[l][5] = 0;
        CHECK_ERR(tld(g, cases[i].text, ~0u, &err), cases[i].st, &err, cases[i].needle);
        for (unsigned l = 0; l < 32; l++)
            CHECK(g->regs.r[l][0] == 0xdead, "a refused instruction wrote R0 of lane %u", l);
    }
    /* The texture is refused even when only one lane uses it (bindless). */
    for (unsigned l = 0; l < 32; l++)
        g->regs.r[l][8] = l == 17 ? 2 : 0;
    CHECK_ERR(tld(g, "TLD.B.LZ R0, R4, R8, 0, 2D, 0x1;", ~0u, &err), TU_UNSUPPORTED, &err, "GOB3D");
    CHECK(g->regs.r[0][0] == 0xdead);
    /* State and register file. */
    tu_nv_tld t;
    tu_nv_tld_parse("TLD.LZ R0, R4, 0, 2D, 0x1;", &t, NULL);
    g->st.headers.size = 64;
    CHECK_ERR(tu_nv_tld_execute(&t, &g->st, &g->regs, ~0u, &err), TU_INVALID_ARGUMENT, &err,
              "texture header pool MaximumIndex 63 needs 2048 bytes");
    g->st.headers.size = sizeof g->headers;
    g->regs.lanes = 0;
    CHECK_ERR(tu_nv_tld_execute(&t, &g->st, &g->regs, ~0u, &err), TU_INVALID_ARGUMENT, &err,
              "lanes 0 is not 1..32");
    g->regs.lanes = 33;
    CHECK_ERR(tu_nv_tld_execute(&t, &g->st, &g->regs, ~0u, &err), TU_INVALID_ARGUMENT, &err,
              "lanes 33");
    g->regs.lanes = 32;
    t.ms = true, t.lod = TU_NV_LOD_LL, t.rb = 8;
    CHECK_ERR(tu_nv_tld_execute(&t, &g->st, &g->regs, ~0u, &err), TU_INVALID_ARGUMENT, &err,
              ".MS can only be used with the .LZ");
    CHECK_ERR(tu_nv_tld_execute(NULL, &g->st, &g->regs, ~0u, &err), TU_INVALID_ARGUMENT, &err,
              "must not be NULL");
    gpu_free(g);
}

/* --- the texture cache (tu_nv_cache) ---------------------------------------------------- */

static void count_record(void *user, const tu_trace_record *r) {
    (void)r;
    ++*(unsigned long *)user;
}

/* Run `text` on g's registers twice, from the same registers: through `cache` and without a
 * cache; both register files must be equal after it. */
static void tld_both(gpu *g, tu_nv_cache *cache, const char *text) {
    static tu_nv_regs before, uncached;
    before = g->regs;
    g->st.cache = NULL;
    run_ok(g, text, ~0u);
    uncached = g->regs;
    g->regs = before;
    g->st.cache = cache;
    run_ok(g, text, ~0u);
    CHECK(memcmp(g->regs.r, uncached.r, sizeof uncached.r) == 0 &&
              memcmp(g->regs.p, uncached.p, sizeof uncached.p) == 0,
          "'%s': the cached TLD's registers differ from the uncached one's", text);
}

/* A cached and an uncached run of every TLD of a random sequence over more textures than the
 * cache holds agree, while headers are rewritten (swizzle, format), the region moves to other
 * memory, and .CL changes; and the cache decodes a header only when the bytes it read, the
 * region or .CL changed. */
static void test_texture_cache(void) {
    enum { TEXTURES = TU_NV_CACHE_ENTRIES + 2 };
    gpu *g = gpu_new();
    tu_nv_cache cache;
    tu_nv_cache_init(&cache);
    static const tu_format formats[] = {TU_FORMAT_R8G8B8A8_UNORM, TU_FORMAT_R32_UINT,
                                        TU_FORMAT_R16G16_SFLOAT};
    for (unsigned i = 0; i < TEXTURES; i++)
        add_bl(g, i,
               (tu_surface){.type = TU_SURFACE_2D,
                            .format = formats[i % 3],
                            .width = 16,
                            .height = 8,
                            .depth = 1,
                            .layers = 1,
                            .levels = 2,
                            .samples = 1},
               300 + i);
    /* The region's other memory: the same layout, other bytes. */
    uint8_t *other = malloc(MEM_SIZE);
    CHECK(other != NULL, "out of memory");
    for (size_t b = 0; b < MEM_SIZE; b++)
        other[b] = (uint8_t)(g->mem[b] ^ 0xa5);
    uint8_t *const mem = g->mem;

    /* Two runs of one TLD: one decode, then a hit. */
    for (unsigned l = 0; l < 32; l++)
        g->regs.r[l][4] = l % 17, g->regs.r[l][5] = l % 9;
    tld_both(g, &cache, "TLD.LZ R0, R4, 0, 2D, 0xf;");
    CHECK(cache.decodes == 1, "first TLD: %llu decodes, want 1", (unsigned long long)cache.decodes);
    tld_both(g, &cache, "TLD.LZ R0, R4, 0, 2D, 0xf;");
    CHECK(cache.decodes == 1 && cache.used == 1, "the same TLD again: %llu decodes, %u used",
          (unsigned long long)cache.decodes, cache.used);

    uint64_t rng = tu_test_seed(0x7ca5e);
    for (unsigned step = 0; step < 400; step++) {
        const unsigned what = (unsigned)(tu_test_rand(&rng) % 8);
        const unsigned index = (unsigned)(tu_test_rand(&rng) % TEXTURES);
        if (what == 0) { /* rewrite a header's swizzle (bytes 0-3) or its view (byte 28) */
            tu_nv_tic h;
            tu_error err;
            CHECK(tu_nv_tic_decode(g->headers + 32 * index, &h, &err) == TU_OK, "%s", err.message);
            if (tu_test_rand(&rng) & 1) {
                h.x_source = (uint32_t)(tu_test_rand(&rng) % 8);
                h.w_source = (uint32_t)(tu_test_rand(&rng) % 8);
                if (h.x_source == 1) h.x_source = TU_NV_SOURCE_R; /* 1 is not a source */
                if (h.w_source == 1) h.w_source = TU_NV_SOURCE_A;
            } else
                h.res_view_min_mip_level ^= 1; /* the view: level 0 and 1, or level 1 */
            put_header(g, index, &h);
        } else if (what == 1) { /* the region moves to the other memory, or back */
            g->mem = g->mem == mem ? other : mem;
            g->region.data = g->mem;
        } else { /* a TLD, with or without .CL, some coordinates outside the texture */
            char text[64];
            const bool cl = tu_test_rand(&rng) & 1;
            snprintf(text, sizeof text, "TLD.LZ%s R0, R4, %u, 2D, 0xf;", cl ? ".CL" : "", index);
            for (unsigned l = 0; l < 32; l++) {
                g->regs.r[l][4] = (uint32_t)(tu_test_rand(&rng) % 20) - 2;
                g->regs.r[l][5] = (uint32_t)(tu_test_rand(&rng) % 12) - 2;
            }
            const uint64_t decodes = cache.decodes;
            tld_both(g, &cache, text);
            /* at once again: nothing changed, so no decode */
            tld_both(g, &cache, text);
            CHECK(cache.decodes - decodes <= 1, "'%s' twice: %llu decodes", text,
                  (unsigned long long)(cache.decodes - decodes));
        }
    }
    CHECK(cache.decodes > TEXTURES, "only %llu decodes in the sequence",
          (unsigned long long)cache.decodes);

    /* A cache whose fields are not a cache's is started afresh, not trusted. */
    cache.used = 77, cache.next = 99;
    tld_both(g, &cache, "TLD.LZ R0, R4, 0, 2D, 0xf;");
    CHECK(cache.used == 1, "a garbage cache: used %u after one TLD, want 1", cache.used);

    /* A traced TLD neither reads nor fills the cache. */
    tu_nv_cache_init(&cache);
    unsigned long records = 0;
    tu_trace_sink sink = {0};
    sink.record = count_record;
    sink.user = &records;
    g->st.trace = &sink;
    g->st.cache = &cache;
    run_ok(g, "TLD.LZ R0, R4, 1, 2D, 0xf;", ~0u);
    CHECK(records > 0 && cache.decodes == 0 && cache.used == 0,
          "a traced TLD: %lu records, %llu decodes, %u used", records,
          (unsigned long long)cache.decodes, cache.used);
    g->st.trace = NULL;

    g->mem = mem;
    free(other);
    gpu_free(g);
}

int main(void) {
    TU_RUN(test_block_linear_equals_pitch);
    TU_RUN(test_compressed_block_linear);
    TU_RUN(test_pitch_header);
    TU_RUN(test_lod_and_view);
    TU_RUN(test_out_of_range);
    TU_RUN(test_aoffi);
    TU_RUN(test_param_a_matching);
    TU_RUN(test_header_indices);
    TU_RUN(test_multisample);
    TU_RUN(test_multisample_d3d);
    TU_RUN(test_sparse);
    TU_RUN(test_guard_and_active);
    TU_RUN(test_wmask_and_registers);
    TU_RUN(test_formats_and_swizzle);
    TU_RUN(test_buffer);
    TU_RUN(test_refusals);
    TU_RUN(test_texture_cache);
    return tu_test_finish();
}
