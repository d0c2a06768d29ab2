/* SPDX-License-Identifier: MIT */
/*
 * test_nv_block_linear.c - NVIDIA block-linear surfaces (envytools docs/hw/memory/g80-surface.rst)
 * through the surface layer's address gate. Expected offsets come from a second formulation of the
 * public rules written here: the GOB byte order as yuzu's bit masks (SWIZZLE_X_BITS 0b100101111,
 * SWIZZLE_Y_BITS 0b011010000), the per-level block shrink as envytools' loop ("while (bh > 0 &&
 * (8 << (bh-1)) >= height) bh--"), blocks numbered x, then y, then z, GOBs inside a block y then
 * z, layers at the sum of the levels rounded up to one level-0 block, multisample pixels as Mesa
 * nvc0_screen.c's NVC0_CB_AUX_MS_INFO sample table. Covers several formats, block heights and
 * depths, mip levels, arrays, cube maps, 3D and every sample count, compressed formats (blocks
 * as elements, the gate checking whole blocks); the layout helper; validation; hostile
 * descriptions.
 */
#include "texunit/texunit.h"

#include "tu_test.h"
#include "test_nv_ref.h"

#include <stdlib.h>

/* --- tests ---------------------------------------------------------------------------- */

static void test_gob_order(void) {
    /* Ryujinx BlockLinearLayout.cs's formula (GetOffsetWithLineOffset) term by term, against
     * the bit masks. */
    for (uint32_t y = 0; y < 8; y++)
        for (uint32_t x = 0; x < 64; x++) {
            const uint32_t terms = ((x >> 5) & 1) << 8 | ((y >> 1) & 3) << 6 | ((x >> 4) & 1) << 5 |
                                   (y & 1) << 4 | (x & 15);
            CHECK_EQ_U(ref_gob(x, y), terms);
        }
    /* A bijection onto 0..511. */
    uint8_t seen[512] = {0};
    for (uint32_t y = 0; y < 8; y++)
        for (uint32_t x = 0; x < 64; x++)
            seen[ref_gob(x, y)]++;
    for (int i = 0; i < 512; i++)
        CHECK(seen[i] == 1, "GOB byte %d hit %u times", i, seen[i]);
}

typedef struct bl_case {
    const char *what;
    tu_surface_type type;
    bool arrayed;
    tu_format format;
    uint32_t w, h, d, layers, levels, samples;
    uint8_t gh, gd;
} bl_case;

static const bl_case cases[] = {
    {"2D rgba8 70x40 bh0", TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 70, 40, 1, 1, 4, 1, 0,
     0},
    {"2D rgba8 70x40 bh1", TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 70, 40, 1, 1, 4, 1, 1,
     0},
    {"2D rgba8 70x40 bh2", TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 70, 40, 1, 1, 7, 1, 2,
     0},
    {"2D rgba8 70x40 bh3", TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 70, 40, 1, 1, 7, 1, 3,
     0},
    {"2D rgba8 70x40 bh4", TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 70, 40, 1, 1, 7, 1, 4,
     0},
    {"2D rgba8 64x300 bh5", TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 64, 300, 1, 1, 9, 1, 5,
     0},
    {"2D r8 300x5 bh3", TU_SURFACE_2D, false, TU_FORMAT_R8_UNORM, 300, 5, 1, 1, 3, 1, 3, 0},
    {"2D rgba32 33x129 bh4", TU_SURFACE_2D, false, TU_FORMAT_R32G32B32A32_UINT, 33, 129, 1, 1, 8, 1,
     4, 0},
    {"2D r16 1x1", TU_SURFACE_2D, false, TU_FORMAT_R16_UINT, 1, 1, 1, 1, 1, 1, 5, 0},
    {"3D r16 40x20x9 bh2 bd3", TU_SURFACE_3D, false, TU_FORMAT_R16_UINT, 40, 20, 9, 1, 4, 1, 2, 3},
    {"3D rgba8 16x16x16 bh1 bd5", TU_SURFACE_3D, false, TU_FORMAT_R8G8B8A8_UINT, 16, 16, 16, 1, 5,
     1, 1, 5},
    {"2D array 17x33 x5 bh1", TU_SURFACE_2D, true, TU_FORMAT_R8G8_UNORM, 17, 33, 1, 5, 3, 1, 1, 0},
    {"2D array 100x70 x3 bh3", TU_SURFACE_2D, true, TU_FORMAT_R32_SFLOAT, 100, 70, 1, 3, 7, 1, 3,
     0},
    {"1D array 100 x3", TU_SURFACE_1D, true, TU_FORMAT_R8G8B8A8_UNORM, 100, 1, 1, 3, 7, 1, 2, 0},
    {"1D 129", TU_SURFACE_1D, false, TU_FORMAT_R16G16B16A16_SFLOAT, 129, 1, 1, 1, 8, 1, 0, 0},
    {"cube 16 x6 bh1", TU_SURFACE_CUBE, false, TU_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 6, 5, 1, 1, 0},
    {"ms2 10x7", TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UINT, 10, 7, 1, 1, 1, 2, 1, 0},
    {"ms4 10x7", TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UINT, 10, 7, 1, 1, 1, 4, 1, 0},
    {"ms8 array 9x9 x2", TU_SURFACE_2D, true, TU_FORMAT_R32_UINT, 9, 9, 1, 2, 1, 8, 2, 0},
    {"ms16 5x3", TU_SURFACE_2D, false, TU_FORMAT_R16_UINT, 5, 3, 1, 1, 1, 16, 0, 0},
    /* compressed formats: the elements are blocks, the partial last ones whole */
    {"2D BC1 70x40 bh2", TU_SURFACE_2D, false, TU_FORMAT_BC1_RGBA_UNORM_BLOCK, 70, 40, 1, 1, 7, 1,
     2, 0},
    {"2D array BC7 37x29 x3 bh1", TU_SURFACE_2D, true, TU_FORMAT_BC7_UNORM_BLOCK, 37, 29, 1, 3, 5,
     1, 1, 0},
    {"2D BC4 1x1", TU_SURFACE_2D, false, TU_FORMAT_BC4_SNORM_BLOCK, 1, 1, 1, 1, 1, 1, 5, 0},
    {"1D array BC5 100 x2", TU_SURFACE_1D, true, TU_FORMAT_BC5_UNORM_BLOCK, 100, 1, 1, 2, 7, 1, 0,
     0},
    {"cube ASTC 5x4 20 x6 bh1", TU_SURFACE_CUBE, false, TU_FORMAT_ASTC_5x4_UNORM_BLOCK, 20, 20, 1,
     6, 5, 1, 1, 0},
    {"3D ASTC 12x12 300x27x5 bh1 bd2", TU_SURFACE_3D, false, TU_FORMAT_ASTC_12x12_SRGB_BLOCK, 300,
     27, 5, 1, 3, 1, 1, 2},
};

static tu_surface make_desc(const bl_case *c) {
    tu_surface s = {.type = c->type,
                    .arrayed = c->arrayed,
                    .format = c->format,
                    .width = c->w,
                    .height = c->h,
                    .depth = c->d,
                    .layers = c->layers,
                    .levels = c->levels,
                    .samples = c->samples,
                    .gob_height_log2 = c->gh,
                    .gob_depth_log2 = c->gd};
    return s;
}

static void test_layout_and_offsets(void) {
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const bl_case *bc = &cases[i];
        tu_surface s = make_desc(bc);
        tu_error err = {0};
        uint64_t need = 0;
        if (!CHECK(tu_surface_layout_block_linear(&s, &need, &err) == TU_OK, "%s: %s", bc->what,
                   err.message))
            continue;
        CHECK(s.tiling == TU_TILING_NV_BLOCK_LINEAR, "%s", bc->what);
        const uint64_t stride = ref_stride(&s);
        CHECK(need == stride * s.layers, "%s: need %llu, want %llu", bc->what,
              (unsigned long long)need, (unsigned long long)(stride * s.layers));
        uint64_t start = 0;
        for (uint32_t L = 0; L < s.levels; L++) {
            CHECK(s.level[L].offset == start, "%s level %u offset %llu want %llu", bc->what, L,
                  (unsigned long long)s.level[L].offset, (unsigned long long)start);
            CHECK(s.level[L].layer_pitch == stride && s.level[L].row_pitch == 0 &&
                      s.level[L].slice_pitch == 0 && s.level[L].sample_pitch == 0,
                  "%s level %u pitches", bc->what, L);
            start += ref_level_of(&s, L).size;
        }
        uint8_t *mem = calloc(1, (size_t)need);
        uint8_t *hits = calloc(1, (size_t)need);
        s.data = mem, s.size = (size_t)need, s.base_level = 0, s.level_count = s.levels;
        CHECK(tu_surface_validate(&s, &err) == TU_OK, "%s: %s", bc->what, err.message);
        const uint32_t bpp = tu_format_bytes(s.format);
        const tu_format_desc *fd = tu_format_describe(s.format);
        unsigned long mismatches = 0, overlaps = 0;
        for (uint32_t L = 0; L < s.levels; L++) {
            uint32_t w, h, d;
            tu_surface_level_extent(&s, L, &w, &h, &d);
            for (uint32_t layer = 0; layer < s.layers; layer++)
                for (uint32_t smp = 0; smp < s.samples; smp++)
                    for (uint32_t z = 0; z < d; z++)
                        for (uint32_t y = 0; y < h; y++)
                            for (uint32_t x = 0; x < w; x++) {
                                const tu_texel_coord c = {x, y, z, layer, L, smp};
                                uint64_t off = ~0ull;
                                if (tu_surface_texel_offset(&s, &c, &off, &err) != TU_OK ||
                                    off != ref_offset(&s, &c)) {
                                    if (!mismatches++)
                                        CHECK(0,
                                              "%s: texel (%u,%u,%u) L%u layer %u s%u at %llu, "
                                              "want %llu (%s)",
                                              bc->what, x, y, z, L, layer, smp,
                                              (unsigned long long)off,
                                              (unsigned long long)ref_offset(&s, &c), err.message);
                                    continue;
                                }
                                /* the texels of a block share it: count its bytes once */
                                if (x % fd->block_width || y % fd->block_height) continue;
                                for (uint32_t b = 0; b < bpp; b++)
                                    overlaps += hits[off + b]++ != 0;
                            }
        }
        CHECK(mismatches == 0 && overlaps == 0, "%s: %lu mismatches, %lu overlapping bytes",
              bc->what, mismatches, overlaps);
        /* The gate checks the whole element (a compressed format's whole block): with the
         * memory cut short, exactly the texels whose element runs past the end are refused. */
        s.size = (size_t)need - (bpp > 1 ? bpp / 2 : 1);
        unsigned long wrong = 0;
        for (uint32_t L = 0; L < s.levels; L++) {
            uint32_t w, h, d;
            tu_surface_level_extent(&s, L, &w, &h, &d);
            for (uint32_t layer = 0; layer < s.layers; layer++)
                for (uint32_t z = 0; z < d; z++)
                    for (uint32_t y = 0; y < h; y++)
                        for (uint32_t x = 0; x < w; x++) {
                            const tu_texel_coord c = {x, y, z, layer, L, 0};
                            uint64_t off;
                            const bool fits = ref_offset(&s, &c) + bpp <= s.size;
                            wrong += (tu_surface_texel_offset(&s, &c, &off, NULL) == TU_OK) != fits;
                        }
        }
        CHECK(wrong == 0, "%s: %lu texels gated wrongly with %zu bytes", bc->what, wrong, s.size);
        free(mem);
        free(hits);
    }
}

static void test_block_shrink(void) {
    /* Level heights and the block heights the hardware uses at each level (envytools loop):
     * a 2D 8x300 surface with 32-GOB blocks: 300 rows need ceil(300/8) = 38 GOB rows -> 32
     * (bh 5); 150 -> 19 GOB rows -> 32; 75 -> 10 -> 16 (bh 4); 37 -> 5 -> 8 (bh 3); 18 -> 3 ->
     * 4 (bh 2); 9 -> 2 (bh 1); 4 -> 1 (bh 0); 2, 1 -> bh 0. */
    tu_surface s = {.type = TU_SURFACE_2D,
                    .format = TU_FORMAT_R8_UNORM,
                    .width = 8,
                    .height = 300,
                    .depth = 1,
                    .layers = 1,
                    .levels = 9,
                    .samples = 1,
                    .gob_height_log2 = 5};
    static const uint32_t want_bh[9] = {5, 5, 4, 3, 2, 1, 0, 0, 0};
    tu_error err;
    uint64_t need;
    CHECK(tu_surface_layout_block_linear(&s, &need, &err) == TU_OK);
    uint64_t expect_offset = 0;
    for (uint32_t L = 0; L < 9; L++) {
        CHECK(ref_level_of(&s, L).bh == want_bh[L], "level %u bh %u want %u", L,
              ref_level_of(&s, L).bh, want_bh[L]);
        /* One GOB column; ceil(h / (8 << bh)) blocks of 512 << bh bytes. */
        const uint32_t h = 300 >> L ? 300 >> L : 1;
        const uint64_t rows = 8u << want_bh[L];
        CHECK_EQ_U(s.level[L].offset, expect_offset);
        expect_offset += (h + rows - 1) / rows * (512u << want_bh[L]);
    }
    /* The layer stride rounds up to one level-0 block: 16 KiB here. */
    CHECK_EQ_U(need % (512u << 5), 0);
}

/* --- validation ----------------------------------------------------------------------- */

static tu_surface valid_bl(uint8_t *mem, size_t size) {
    tu_surface s = {.type = TU_SURFACE_2D,
                    .format = TU_FORMAT_R8G8B8A8_UNORM,
                    .width = 20,
                    .height = 20,
                    .depth = 1,
                    .layers = 2,
                    .arrayed = true,
                    .levels = 2,
                    .samples = 1,
                    .gob_height_log2 = 1};
    uint64_t need;
    tu_surface_layout_block_linear(&s, &need, NULL);
    s.data = mem, s.size = size < need ? size : (size_t)need;
    s.level_count = 2;
    return s;
}

static void test_validation(void) {
    static uint8_t mem[1 << 16];
    tu_error err;
    tu_surface s = valid_bl(mem, sizeof mem);
    CHECK(tu_surface_validate(&s, &err) == TU_OK, "%s", err.message);

    tu_surface m = s;
    m.level[1].row_pitch = 128;
    CHECK_ERR(tu_surface_validate(&m, &err), TU_INVALID_ARGUMENT, &err,
              "must be 0 for an NV_BLOCK_LINEAR surface");
    m = s, m.gob_height_log2 = 6;
    CHECK_ERR(tu_surface_validate(&m, &err), TU_INVALID_ARGUMENT, &err,
              "surface gob_height_log2 6 is not in 0..5");
    m = s, m.gob_depth_log2 = 9;
    CHECK_ERR(tu_surface_validate(&m, &err), TU_INVALID_ARGUMENT, &err,
              "surface gob_depth_log2 9 is not in 0..5");
    m = s, m.tiling = TU_TILING_LINEAR;
    CHECK_ERR(tu_surface_validate(&m, &err), TU_INVALID_ARGUMENT, &err,
              "must be 0 for tiling linear");
    m = s, m.size -= 1;
    CHECK_ERR(tu_surface_validate(&m, &err), TU_INVALID_ARGUMENT, &err, "does not fit in size");
    m = s, m.level[1].layer_pitch = 512;
    CHECK_ERR(tu_surface_validate(&m, &err), TU_INVALID_ARGUMENT, &err,
              "layer_pitch 512 is smaller than");
    m = s, m.plane_count = 1;
    CHECK_ERR(tu_surface_validate(&m, &err), TU_INVALID_ARGUMENT, &err,
              "planes are linear, the surface's tiling is nv_block_linear");
    m = s, m.type = TU_SURFACE_BUFFER, m.arrayed = false, m.height = 1, m.layers = 1,
    m.levels = m.level_count = 1;
    CHECK_ERR(tu_surface_validate(&m, &err), TU_INVALID_ARGUMENT, &err,
              "a BUFFER surface is linear");
    m = s, m.format = TU_FORMAT_R32G32B32_UINT;
    CHECK_ERR(tu_surface_validate(&m, &err), TU_INVALID_ARGUMENT, &err,
              "a 12-byte texel would straddle the 16-byte units");
    m = s, m.tiling = (tu_tiling)7;
    CHECK_ERR(tu_surface_validate(&m, &err), TU_INVALID_ARGUMENT, &err, "surface tiling 7");
    tu_surface mcs = {0};
    m = s, m.samples = 4, m.levels = m.level_count = 1, m.data = NULL;
    uint64_t need;
    CHECK(tu_surface_layout_block_linear(&m, &need, &err) == TU_OK, "%s", err.message);
    m.data = mem, m.size = (size_t)need, m.mcs = &mcs;
    CHECK_ERR(tu_surface_validate(&m, &err), TU_INVALID_ARGUMENT, &err,
              "NV_BLOCK_LINEAR surface has no MCS");
    /* The layout helper checks the shape first. */
    m = s, m.gob_height_log2 = 6;
    CHECK_ERR(tu_surface_layout_block_linear(&m, NULL, &err), TU_INVALID_ARGUMENT, &err,
              "gob_height_log2 6");
    CHECK_ERR(tu_surface_layout_block_linear(NULL, NULL, &err), TU_INVALID_ARGUMENT, &err,
              "surface is NULL");
}

/* Whatever the fields say, the gate never hands out a byte outside [data, data + size). */
static void test_hostile(void) {
    static uint8_t mem[4096];
    uint64_t seed = tu_test_seed(42);
    for (int i = 0; i < 20000; i++) {
        tu_surface s = valid_bl(mem, sizeof mem);
        const uint64_t r = tu_test_rand(&seed);
        switch (r % 8) {
        case 0: s.gob_height_log2 = (uint8_t)(r >> 8); break;
        case 1: s.gob_depth_log2 = (uint8_t)(r >> 8); break;
        case 2: s.samples = (uint32_t)(r >> 8) % 20; break;
        case 3: s.width = (uint32_t)(r >> 8); break;
        case 4: s.height = (uint32_t)(r >> 8); break;
        case 5: s.level[r >> 8 & 1].offset = r >> 20; break;
        case 6: s.level[r >> 8 & 1].layer_pitch = r >> 16; break;
        default: s.format = (tu_format)((r >> 8) % (TU_FORMAT_COUNT + 2)); break;
        }
        const uint64_t q = tu_test_rand(&seed);
        const tu_texel_coord c = {(uint32_t)(q & 0xff),    (uint32_t)(q >> 8 & 0xff),
                                  (uint32_t)(q >> 16 & 3), (uint32_t)(q >> 18 & 3),
                                  (uint32_t)(q >> 20 & 3), (uint32_t)(q >> 22 & 31)};
        uint64_t off;
        if (tu_surface_texel_offset(&s, &c, &off, NULL) == TU_OK)
            CHECK(off + tu_format_bytes(s.format) <= s.size, "offset %llu escapes %zu",
                  (unsigned long long)off, s.size);
    }
}

/* fill_hash writes every texel through the gate; reading them back through a second,
 * linear copy gives the generator's values. */
static void test_fill_roundtrip(void) {
    tu_surface s = {.type = TU_SURFACE_2D,
                    .arrayed = true,
                    .format = TU_FORMAT_R8G8B8A8_UINT,
                    .width = 37,
                    .height = 23,
                    .depth = 1,
                    .layers = 2,
                    .levels = 3,
                    .samples = 1,
                    .gob_height_log2 = 2};
    uint64_t need;
    tu_error err;
    CHECK(tu_surface_layout_block_linear(&s, &need, &err) == TU_OK);
    uint8_t *mem = calloc(1, (size_t)need);
    s.data = mem, s.size = (size_t)need, s.level_count = 3;
    CHECK(tu_surface_fill_hash(&s, 99, &err) == TU_OK, "%s", err.message);
    unsigned long bad = 0;
    for (uint32_t L = 0; L < 3; L++)
        for (uint32_t layer = 0; layer < 2; layer++)
            for (uint32_t y = 0; y < (23u >> L); y++)
                for (uint32_t x = 0; x < (37u >> L); x++) {
                    const tu_texel_coord c = {x, y, 0, layer, L, 0};
                    const uint8_t *p = mem + ref_offset(&s, &c);
                    for (unsigned ch = 0; ch < 4; ch++)
                        bad += p[ch] != tu_texel_hash_field(s.format, ch, 99, L, layer, x, y, 0);
                }
    CHECK(bad == 0, "%lu bytes differ from the generator", bad);
    free(mem);
}

int main(void) {
    TU_RUN(test_gob_order);
    TU_RUN(test_layout_and_offsets);
    TU_RUN(test_block_shrink);
    TU_RUN(test_validation);
    TU_RUN(test_hostile);
    TU_RUN(test_fill_roundtrip);
    return tu_test_finish();
}
