/* SPDX-License-Identifier: MIT */
/*
 * test_surface.c - the surface model: the packed layout, every validation error, the
 * texel-address gate, views, residency, and hostile descriptions that must be refused
 * rather than read past (run under ASan in CI: every pointer handed out is read).
 */
#include "texunit/texunit.h"

#include "tu_test.h"

#include "../src/surface/surface_internal.h"

#include <stdlib.h>

static uint8_t backing[1 << 16];

/* A valid 2D array: 8x4 RGBA8, 3 levels, 2 layers, packed into backing[]. */
static tu_surface base_surface(void) {
    tu_surface s = {0};
    s.type = TU_SURFACE_2D;
    s.arrayed = true;
    s.format = TU_FORMAT_R8G8B8A8_UNORM;
    s.width = 8, s.height = 4, s.depth = 1;
    s.layers = 2, s.levels = 3, s.samples = 1;
    s.base_level = 0, s.level_count = 3;
    uint64_t size = 0;
    tu_surface_layout_packed(&s, &size, NULL);
    s.data = backing;
    s.size = (size_t)size;
    return s;
}

/* Expected packed layout computed level by level, the long way. */
static void check_packed(tu_surface_type type, bool arrayed, tu_format format, uint32_t w,
                         uint32_t h, uint32_t d, uint32_t layers, uint32_t levels,
                         uint32_t samples) {
    tu_surface s = {.type = type,
                    .arrayed = arrayed,
                    .format = format,
                    .width = w,
                    .height = h,
                    .depth = d,
                    .layers = layers,
                    .levels = levels,
                    .samples = samples};
    uint64_t size = 0;
    tu_error err = {0};
    if (!CHECK(tu_surface_layout_packed(&s, &size, &err) == TU_OK, "%s", err.message)) return;
    const uint64_t bpp = tu_format_bytes(format);
    uint64_t expect_offset = 0;
    for (uint32_t L = 0; L < levels; L++) {
        uint64_t lw = w >> L ? w >> L : 1;
        uint64_t lh =
            (type == TU_SURFACE_1D || type == TU_SURFACE_BUFFER) ? 1 : (h >> L ? h >> L : 1);
        uint64_t ld = type == TU_SURFACE_3D ? (d >> L ? d >> L : 1) : 1;
        CHECK_EQ_U(s.level[L].offset, expect_offset);
        CHECK_EQ_U(s.level[L].row_pitch, lw * bpp);
        CHECK_EQ_U(s.level[L].slice_pitch, lw * lh * bpp);
        CHECK_EQ_U(s.level[L].sample_pitch, lw * lh * ld * bpp);
        CHECK_EQ_U(s.level[L].layer_pitch, lw * lh * ld * samples * bpp);
        expect_offset += lw * lh * ld * samples * layers * bpp;
    }
    CHECK_EQ_U(size, expect_offset);
    /* The layout it made validates once memory of that size is attached. */
    uint8_t *mem = malloc(size ? size : 1);
    s.data = mem;
    s.size = (size_t)size;
    s.level_count = levels;
    CHECK(tu_surface_validate(&s, &err) == TU_OK, "%s", err.message);
    free(mem);
}

static void test_packed_layout(void) {
    check_packed(TU_SURFACE_1D, false, TU_FORMAT_R8_UNORM, 13, 1, 1, 1, 4, 1);
    check_packed(TU_SURFACE_1D, true, TU_FORMAT_R16G16_SFLOAT, 16, 1, 1, 5, 5, 1);
    check_packed(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 5, 3, 1, 1, 3, 1);
    check_packed(TU_SURFACE_2D, true, TU_FORMAT_R32G32B32_SFLOAT, 7, 9, 1, 3, 4, 1);
    check_packed(TU_SURFACE_2D, true, TU_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 2, 1, 8);
    check_packed(TU_SURFACE_3D, false, TU_FORMAT_R16_UNORM, 6, 5, 9, 1, 4, 1);
    check_packed(TU_SURFACE_CUBE, false, TU_FORMAT_B8G8R8A8_SRGB, 8, 8, 1, 6, 4, 1);
    check_packed(TU_SURFACE_CUBE, true, TU_FORMAT_D32_SFLOAT_S8_UINT, 4, 4, 1, 12, 3, 1);
    check_packed(TU_SURFACE_BUFFER, false, TU_FORMAT_R32_UINT, 100, 1, 1, 1, 1, 1);
    /* A shape error is reported, not laid out. */
    tu_surface bad = {.type = TU_SURFACE_2D, .format = TU_FORMAT_R8_UNORM, .width = 0};
    tu_error err = {0};
    CHECK_ERR(tu_surface_layout_packed(&bad, NULL, &err), TU_INVALID_ARGUMENT, &err, "width 0");
    CHECK_ERR(tu_surface_layout_packed(NULL, NULL, &err), TU_INVALID_ARGUMENT, &err, "NULL");
}

static void test_max_levels(void) {
    tu_surface s = {.type = TU_SURFACE_2D, .width = 1, .height = 1, .depth = 1};
    CHECK_EQ_U(tu_surface_max_levels(&s), 1);
    s.width = 256, s.height = 3;
    CHECK_EQ_U(tu_surface_max_levels(&s), 9);
    s.width = 255;
    CHECK_EQ_U(tu_surface_max_levels(&s), 8);
    s.type = TU_SURFACE_3D, s.width = 2, s.height = 2, s.depth = 1024;
    CHECK_EQ_U(tu_surface_max_levels(&s), 11);
    s.type = TU_SURFACE_1D, s.width = 65536, s.height = 1, s.depth = 1;
    CHECK_EQ_U(tu_surface_max_levels(&s), 17);
}

/* --- every validation error -------------------------------------------------------------- */

static tu_surface mcs_surface;
static uint8_t mcs_backing[1024];
static uint8_t residency_bits[4];
static tu_residency residency;

/* A valid 4x MSAA surface with its MCS. */
static tu_surface msaa_surface(void) {
    tu_surface s = {.type = TU_SURFACE_2D,
                    .format = TU_FORMAT_R8G8B8A8_UNORM,
                    .width = 8,
                    .height = 8,
                    .depth = 1,
                    .layers = 1,
                    .levels = 1,
                    .level_count = 1,
                    .samples = 4};
    uint64_t size;
    tu_surface_layout_packed(&s, &size, NULL);
    s.data = backing, s.size = (size_t)size;
    mcs_surface = (tu_surface){.type = TU_SURFACE_2D,
                               .format = TU_FORMAT_R8_UINT,
                               .width = 8,
                               .height = 8,
                               .depth = 1,
                               .layers = 1,
                               .levels = 1,
                               .level_count = 1,
                               .samples = 1};
    tu_surface_layout_packed(&mcs_surface, &size, NULL);
    mcs_surface.data = mcs_backing, mcs_surface.size = (size_t)size;
    s.mcs = &mcs_surface;
    return s;
}

typedef struct {
    const char *what;
    void (*mutate)(tu_surface *s);
    const char *needle;
} invalid_case;

static void m_type(tu_surface *s) {
    s->type = (tu_surface_type)9;
}
static void m_format0(tu_surface *s) {
    s->format = TU_FORMAT_UNDEFINED;
}
static void m_format_big(tu_surface *s) {
    s->format = (tu_format)9999;
}
static void m_tiling(tu_surface *s) {
    s->tiling = (tu_tiling)6;
}
static void m_arrayed_3d(tu_surface *s) {
    s->type = TU_SURFACE_3D, s->layers = 1;
}
static void m_arrayed_buffer(tu_surface *s) {
    s->type = TU_SURFACE_BUFFER, s->height = 1, s->layers = 1, s->levels = 1;
}
static void m_width0(tu_surface *s) {
    s->width = 0;
}
static void m_width_big(tu_surface *s) {
    s->width = TU_MAX_DIMENSION + 1;
}
static void m_buffer_width_big(tu_surface *s) {
    s->type = TU_SURFACE_BUFFER, s->arrayed = false, s->height = 1, s->layers = 1, s->levels = 1,
    s->width = TU_MAX_BUFFER_WIDTH + 1u;
}
static void m_height_1d(tu_surface *s) {
    s->type = TU_SURFACE_1D;
}
static void m_height0(tu_surface *s) {
    s->height = 0;
}
static void m_height_big(tu_surface *s) {
    s->height = TU_MAX_DIMENSION + 1;
}
static void m_depth0(tu_surface *s) {
    s->type = TU_SURFACE_3D, s->arrayed = false, s->layers = 1, s->depth = 0;
}
static void m_depth_big(tu_surface *s) {
    s->type = TU_SURFACE_3D, s->arrayed = false, s->layers = 1, s->depth = TU_MAX_DIMENSION + 1;
}
static void m_depth_2d(tu_surface *s) {
    s->depth = 2;
}
static void m_cube_square(tu_surface *s) {
    s->type = TU_SURFACE_CUBE, s->layers = 6;
}
static void m_layers0(tu_surface *s) {
    s->layers = 0;
}
static void m_layers_big(tu_surface *s) {
    s->layers = TU_MAX_LAYERS + 1;
}
static void m_cube_layers7(tu_surface *s) {
    s->type = TU_SURFACE_CUBE, s->height = 8, s->layers = 7;
}
static void m_cube_not_arrayed(tu_surface *s) {
    s->type = TU_SURFACE_CUBE, s->arrayed = false, s->height = 8, s->layers = 12;
}
static void m_layers_not_arrayed(tu_surface *s) {
    s->arrayed = false;
}
static void m_samples3(tu_surface *s) {
    s->samples = 3;
}
static void m_samples0(tu_surface *s) {
    s->samples = 0;
}
static void m_samples_3d(tu_surface *s) {
    s->type = TU_SURFACE_3D, s->arrayed = false, s->layers = 1, s->samples = 4;
}
static void m_samples_levels(tu_surface *s) {
    s->samples = 4;
}
static void m_buffer_levels(tu_surface *s) {
    s->type = TU_SURFACE_BUFFER, s->arrayed = false, s->height = 1, s->layers = 1;
}
static void m_levels0(tu_surface *s) {
    s->levels = 0;
}
static void m_levels_chain(tu_surface *s) {
    s->levels = 5, s->level_count = 5;
}
static void m_level_count0(tu_surface *s) {
    s->level_count = 0;
}
static void m_base_level(tu_surface *s) {
    s->base_level = 3;
}
static void m_view_range(tu_surface *s) {
    s->base_level = 1, s->level_count = 3;
}
static void m_size0(tu_surface *s) {
    s->size = 0;
}
static void m_data_null(tu_surface *s) {
    s->data = NULL;
}
static void m_row_pitch(tu_surface *s) {
    s->level[0].row_pitch = 31;
}
static void m_slice_pitch(tu_surface *s) {
    s->type = TU_SURFACE_3D, s->arrayed = false, s->layers = 1, s->depth = 4, s->levels = 1,
    s->level_count = 1, s->level[0].slice_pitch = 127;
}
static void m_sample_pitch(tu_surface *s) {
    s->samples = 2, s->levels = 1, s->level_count = 1, s->level[0].sample_pitch = 100;
}
static void m_layer_pitch(tu_surface *s) {
    s->level[1].layer_pitch = 7;
}
static void m_pitch_overflow(tu_surface *s) {
    s->level[0].row_pitch = UINT64_MAX / 2;
}
static void m_level_offset(tu_surface *s) {
    s->level[2].offset = s->size;
}
static void m_offset_overflow(tu_surface *s) {
    s->level[2].offset = UINT64_MAX - 4;
}
static void m_size_small(tu_surface *s) {
    s->size -= 1;
}
static void m_mcs_single(tu_surface *s) {
    s->mcs = &mcs_surface;
}
static void m_res_null(tu_surface *s) {
    residency = (tu_residency){NULL, 4, 8};
    s->residency = &residency;
}
static void m_res_page_small(tu_surface *s) {
    residency = (tu_residency){residency_bits, 4, 5};
    s->residency = &residency;
}
static void m_res_page_big(tu_surface *s) {
    residency = (tu_residency){residency_bits, 4, 33};
    s->residency = &residency;
}
static void m_res_short(tu_surface *s) {
    residency = (tu_residency){residency_bits, 0, 6};
    s->residency = &residency;
}

/* Hostile arithmetic: 32-bit truncation would accept these, 64-bit overflow would wrap. */
static void m_row_pitch_2_32(tu_surface *s) {
    s->level[0].row_pitch = ((uint64_t)1 << 32) + 32; /* low 32 bits: a plausible 32 */
}
static void m_layer_pitch_2_32(tu_surface *s) {
    s->level[1].layer_pitch = (uint64_t)1 << 32; /* low 32 bits: 0 */
}
static void m_slice_pitch_overflow(tu_surface *s) {
    m_slice_pitch(s);
    s->level[0].slice_pitch = UINT64_MAX / 2;
}
static void m_sample_pitch_overflow(tu_surface *s) {
    m_sample_pitch(s);
    s->level[0].sample_pitch = UINT64_MAX;
}
static void m_layer_pitch_overflow(tu_surface *s) {
    s->level[2].layer_pitch = UINT64_MAX - 1;
}
static void m_offset_past_end(tu_surface *s) {
    s->level[1].offset = (uint64_t)1 << 40;
}
static void m_view_count_huge(tu_surface *s) {
    s->base_level = 1, s->level_count = UINT32_MAX;
}
static void m_view_base_huge(tu_surface *s) {
    s->base_level = UINT32_MAX;
}
static void m_size_wraps(tu_surface *s) {
    s->size = SIZE_MAX;
}
static void m_data_wraps(tu_surface *s) {
    s->data = (void *)(UINTPTR_MAX - 100);
}
/* Planes: a 2D, single-layer, single-level surface with NV12-like planes over the same 336
 * bytes, then one field broken. */
static void planar(tu_surface *s) {
    s->arrayed = false, s->layers = 1, s->levels = 1, s->level_count = 1;
    s->plane_count = 2;
    s->plane[0] = (tu_plane){TU_FORMAT_R8_UNORM, 8, 4, 0, 8};
    s->plane[1] = (tu_plane){TU_FORMAT_R8G8_UNORM, 4, 2, 32, 8};
}
static void m_plane_count(tu_surface *s) {
    planar(s), s->plane_count = 5;
}
static void m_plane_arrayed(tu_surface *s) {
    planar(s), s->arrayed = true;
}
static void m_plane_format(tu_surface *s) {
    planar(s), s->plane[1].format = (tu_format)9999;
}
static void m_plane_width0(tu_surface *s) {
    planar(s), s->plane[0].width = 0;
}
static void m_plane_height_big(tu_surface *s) {
    planar(s), s->plane[1].height = 65537;
}
static void m_plane_pitch_small(tu_surface *s) {
    planar(s), s->plane[1].row_pitch = 7;
}
static void m_plane_pitch_overflow(tu_surface *s) {
    planar(s), s->plane[1].row_pitch = UINT64_MAX;
}
static void m_plane_offset_overflow(tu_surface *s) {
    planar(s), s->plane[0].offset = UINT64_MAX - 2;
}
static void m_plane_past_end(tu_surface *s) {
    planar(s), s->plane[1].offset = 336 - 8 + 1; /* its last row one byte past the end */
    s->plane[1].height = 1;
}
static void m_plane_block_linear(tu_surface *s) {
    planar(s), s->tiling = TU_TILING_NV_BLOCK_LINEAR;
    s->level[0] = (tu_level_layout){0};
    s->size = 512; /* one GOB */
}

static const invalid_case invalid_cases[] = {
    {"row pitch 2^32 + 32", m_row_pitch_2_32,
     "level[0].layer_pitch 128 is smaller than the 12884902016 bytes of one layer"},
    {"layer pitch 2^32", m_layer_pitch_2_32,
     "level[1] (offset 256, 4294967328 bytes) does not fit in size 336"},
    {"slice pitch overflow", m_slice_pitch_overflow,
     "level[0].slice_pitch 9223372036854775807 times 4 overflows 64-bit byte offsets"},
    {"sample pitch overflow", m_sample_pitch_overflow,
     "level[0].sample_pitch 18446744073709551615 times 2 overflows 64-bit byte offsets"},
    {"layer pitch overflow", m_layer_pitch_overflow,
     "level[2].layer_pitch 18446744073709551614 times 2 overflows 64-bit byte offsets"},
    {"level past the end", m_offset_past_end, "level[1] (offset 1099511627776, 64 bytes)"},
    {"view count 2^32 - 1", m_view_count_huge, "view levels [1, 1 + 4294967295) are not inside"},
    {"view base 2^32 - 1", m_view_base_huge, "view levels [4294967295, 4294967295 + 3)"},
    {"size wraps the address space", m_size_wraps, "runs past the end of the address space"},
    {"data near the top", m_data_wraps, "surface size 336 at data"},
    {"plane count 5", m_plane_count, "surface plane_count 5 exceeds 4"},
    {"planes arrayed", m_plane_arrayed, "surface plane_count 2: only 2D surfaces can be planar"},
    {"plane format", m_plane_format, "surface plane[1].format 9999 is not a format"},
    {"plane width 0", m_plane_width0, "surface plane[0] size 0x4 is not in 1..65536"},
    {"plane height big", m_plane_height_big, "surface plane[1] size 4x65537 is not in 1..65536"},
    {"plane pitch small", m_plane_pitch_small,
     "surface plane[1].row_pitch 7 is smaller than the 8 bytes of one row"},
    {"plane pitch overflow", m_plane_pitch_overflow,
     "surface plane[1] (offset 32, 4x2) does not fit in size 336"},
    {"plane offset overflow", m_plane_offset_overflow,
     "surface plane[0] (offset 18446744073709551613, 8x4) does not fit"},
    {"plane past the end", m_plane_past_end,
     "surface plane[1] (offset 329, 4x1) does not fit in size 336"},
    {"planes block-linear", m_plane_block_linear,
     "surface plane_count 2: planes are linear, the surface's tiling is nv_block_linear"},
    {"type 9", m_type, "surface type 9 is not one of 1D (0), 2D (1), 3D (2), CUBE (3), BUFFER (4)"},
    {"format 0", m_format0, "surface format 0 is not a format"},
    {"format 9999", m_format_big, "surface format 9999 is not a format of the table (1.."},
    {"tiling 6", m_tiling,
     "surface tiling 6 is not a known tiling (linear (0), nv_block_linear (1), x (2), y (3), "
     "4 (4), 64 (5))"},
    {"arrayed 3D", m_arrayed_3d, "a 3D surface cannot be arrayed"},
    {"arrayed buffer", m_arrayed_buffer, "a BUFFER surface cannot be arrayed"},
    {"width 0", m_width0, "surface width 0 must be at least 1"},
    {"width too big", m_width_big, "surface width 65537 exceeds the 2D limit 65536"},
    {"buffer width too big", m_buffer_width_big,
     "surface width 1073741825 exceeds the BUFFER limit"},
    {"1D height", m_height_1d, "surface height 4 must be 1 for a 1D surface"},
    {"height 0", m_height0, "surface height 0 must be at least 1"},
    {"height too big", m_height_big, "surface height 65537 exceeds the limit"},
    {"depth 0", m_depth0, "surface depth 0 must be at least 1"},
    {"depth too big", m_depth_big, "surface depth 65537 exceeds the limit"},
    {"2D depth", m_depth_2d, "surface depth 2 must be 1 for a 2D surface"},
    {"cube not square", m_cube_square, "width 8 and height 4 of a CUBE surface must be equal"},
    {"layers 0", m_layers0, "surface layers 0 must be at least 1"},
    {"layers too many", m_layers_big, "surface layers 65537 exceeds the limit"},
    {"cube layers 7", m_cube_layers7, "layers 7 of a CUBE surface must be a multiple of 6"},
    {"cube 12 faces, not arrayed", m_cube_not_arrayed, "that is not arrayed must be 6"},
    {"2 layers, not arrayed", m_layers_not_arrayed,
     "layers 2 must be 1 for a 2D surface that is not arrayed"},
    {"samples 3", m_samples3, "surface samples 3 is not one of 1, 2, 4, 8, 16"},
    {"samples 0", m_samples0, "surface samples 0 is not one of"},
    {"3D multisample", m_samples_3d, "only 2D surfaces can be multisampled, not 3D"},
    {"multisample mips", m_samples_levels, "levels 3 must be 1 for a multisample surface"},
    {"buffer mips", m_buffer_levels, "levels 3 must be 1 for a BUFFER surface"},
    {"levels 0", m_levels0, "surface levels 0 must be at least 1"},
    {"levels beyond chain", m_levels_chain,
     "surface levels 5 exceeds the 4 levels of a full chain for 8x4x1"},
    {"level_count 0", m_level_count0, "surface level_count 0 must be at least 1"},
    {"base level beyond", m_base_level,
     "view levels [3, 3 + 3) are not inside the surface's 3 levels"},
    {"view range beyond", m_view_range, "view levels [1, 1 + 3)"},
    {"size 0", m_size0, "surface size 0 must be at least 1"},
    {"data NULL", m_data_null, "surface data is NULL"},
    {"row pitch small", m_row_pitch,
     "level[0].row_pitch 31 is smaller than the 32 bytes of one row"},
    {"slice pitch small", m_slice_pitch,
     "level[0].slice_pitch 127 is smaller than the 128 bytes of one slice"},
    {"sample pitch small", m_sample_pitch,
     "level[0].sample_pitch 100 is smaller than the 128 bytes of one sample"},
    {"layer pitch small", m_layer_pitch,
     "level[1].layer_pitch 7 is smaller than the 32 bytes of one layer"},
    {"pitch overflow", m_pitch_overflow,
     "level[0].row_pitch 9223372036854775807 times 4 overflows"},
    {"level offset at end", m_level_offset,
     "level[2] (offset 336, 16 bytes) does not fit in size 336"},
    {"level offset overflow", m_offset_overflow, "level[2] (offset 18446744073709551611"},
    {"size one byte short", m_size_small,
     "level[2] (offset 320, 16 bytes) does not fit in size 335"},
    {"mcs on 1 sample", m_mcs_single, "surface mcs is set but the surface has 1 sample"},
    {"residency bits NULL", m_res_null, "surface residency bits is NULL"},
    {"residency page 32 bytes", m_res_page_small, "page_size_log2 5 is not in 6..32"},
    {"residency page 8 GiB", m_res_page_big, "page_size_log2 33 is not in 6..32"},
    {"residency map short", m_res_short,
     "residency bits_size 0 is smaller than the 1 bytes that 6 pages need"},
};

static void test_validation_errors(void) {
    tu_error err = {0};
    tu_surface s = base_surface();
    CHECK(tu_surface_validate(&s, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(s.size, (8 * 4 + 4 * 2 + 2 * 1) * 4 * 2); /* 3 levels x 2 layers of RGBA8 */
    CHECK_ERR(tu_surface_validate(NULL, &err), TU_INVALID_ARGUMENT, &err, "surface is NULL");
    for (size_t i = 0; i < sizeof invalid_cases / sizeof invalid_cases[0]; i++) {
        s = base_surface();
        invalid_cases[i].mutate(&s);
        err.message[0] = 0;
        tu_status st = tu_surface_validate(&s, &err);
        CHECK(st == TU_INVALID_ARGUMENT, "%s: status %s", invalid_cases[i].what,
              tu_status_name(st));
        CHECK(strstr(err.message, invalid_cases[i].needle) != NULL,
              "%s: message \"%s\" lacks \"%s\"", invalid_cases[i].what, err.message,
              invalid_cases[i].needle);
        CHECK(err.status == st, "%s: err.status", invalid_cases[i].what);
        /* Refused, never read: the engine validates before it touches memory (the data of
         * "data near the top" is not memory at all). */
        tu_msg m = {.op = TU_OP_LD, .simd = 1, .lane_mask = 1, .channel_mask = 0xf};
        tu_sampler smp = tu_sampler_default();
        tu_reply r;
        CHECK_ERR(tu_execute(&m, &s, &smp, &r, &err), TU_INVALID_ARGUMENT, &err,
                  invalid_cases[i].needle);
    }
    /* The planar base of the plane cases is valid: each case breaks one field. */
    s = base_surface();
    planar(&s);
    CHECK(tu_surface_validate(&s, &err) == TU_OK, "%s", err.message);
}

static void test_mcs_errors(void) {
    tu_error err = {0};
    tu_surface s = msaa_surface();
    CHECK(tu_surface_validate(&s, &err) == TU_OK, "%s", err.message);
    /* The MCS element per sample count (Mesa isl_format_layout.csv, MCS_2X..MCS_16X). */
    const struct {
        uint32_t samples;
        tu_format format;
    } formats[] = {{2, TU_FORMAT_R8_UINT},
                   {4, TU_FORMAT_R8_UINT},
                   {8, TU_FORMAT_R32_UINT},
                   {16, TU_FORMAT_R32G32_UINT}};
    for (int i = 0; i < 4; i++) {
        s = msaa_surface();
        s.samples = formats[i].samples;
        uint64_t size;
        tu_surface_layout_packed(&s, &size, NULL);
        s.size = (size_t)size;
        mcs_surface.format = formats[i].format;
        tu_surface_layout_packed(&mcs_surface, &size, NULL);
        mcs_surface.size = (size_t)size;
        CHECK(tu_surface_validate(&s, &err) == TU_OK, "%u samples: %s", formats[i].samples,
              err.message);
        mcs_surface.format = formats[(i + 2) % 4].format;
        tu_surface_layout_packed(&mcs_surface, &size, NULL);
        mcs_surface.size = (size_t)size;
        CHECK_ERR(tu_surface_validate(&s, &err), TU_INVALID_ARGUMENT, &err, "surface mcs format");
    }
    s = msaa_surface();
    mcs_surface.width = 4;
    CHECK_ERR(tu_surface_validate(&s, &err), TU_INVALID_ARGUMENT, &err,
              "surface mcs size 4x8 with 1 layers must equal the surface's 8x8 with 1 layers");
    s = msaa_surface();
    mcs_surface.mcs = &mcs_surface;
    CHECK_ERR(tu_surface_validate(&s, &err), TU_INVALID_ARGUMENT, &err,
              "an MCS surface cannot have an MCS surface of its own");
    s = msaa_surface();
    mcs_surface.size = 10;
    CHECK_ERR(tu_surface_validate(&s, &err), TU_INVALID_ARGUMENT, &err,
              "surface mcs: surface level[0]");
    s = msaa_surface();
    mcs_surface.levels = 2, mcs_surface.level_count = 2;
    mcs_surface.level[1] = (tu_level_layout){
        .offset = 64, .row_pitch = 4, .slice_pitch = 16, .sample_pitch = 16, .layer_pitch = 16};
    mcs_surface.size = 80;
    CHECK_ERR(tu_surface_validate(&s, &err), TU_INVALID_ARGUMENT, &err,
              "surface mcs must be a 2D surface with 1 sample and 1 level");
    s = msaa_surface();
    s.mcs = &s; /* a surface that is its own MCS */
    CHECK_ERR(tu_surface_validate(&s, &err), TU_INVALID_ARGUMENT, &err,
              "cannot have an MCS surface of its own");
}

/* --- the address gate ------------------------------------------------------------------------ */

static void test_texel_offset(void) {
    tu_error err = {0};
    tu_surface s = base_surface();
    uint64_t off = 0;
    /* texel (3, 2) of layer 1, view level 0: layer pitch 128, row pitch 32. */
    tu_texel_coord c = {.x = 3, .y = 2, .layer = 1};
    CHECK(tu_surface_texel_offset(&s, &c, &off, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(off, 128 + 2 * 32 + 3 * 4);
    c = (tu_texel_coord){.x = 1, .y = 0, .layer = 1, .level = 2};
    CHECK(tu_surface_texel_offset(&s, &c, &off, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(off, 320 + 8 + 4); /* level 2 (2x1, layer pitch 8) follows 2 x (128 + 32) bytes */
    CHECK(tu_surface_texel_pointer(&s, &c) == backing + off);

    /* A view based at memory level 1: view level 0 is memory level 1. */
    s.base_level = 1, s.level_count = 2;
    c = (tu_texel_coord){0};
    CHECK(tu_surface_texel_offset(&s, &c, &off, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(off, s.level[1].offset);
    uint32_t w = 0, h = 0, d = 0;
    CHECK(tu_surface_level_extent(&s, 1, &w, &h, &d));
    CHECK(w == 2 && h == 1 && d == 1, "%ux%ux%u", w, h, d);
    CHECK(!tu_surface_level_extent(&s, 2, &w, &h, &d));

    const struct {
        tu_texel_coord c;
        const char *needle;
    } outside[] = {
        {{.level = 2}, "level 2 is outside the view's 2 levels"},
        {{.x = 4}, "x 4 is outside the level's width 4"},
        {{.y = 2}, "y 2 is outside the level's height 2"},
        {{.z = 1}, "z 1 is outside the level's depth 1"},
        {{.layer = 2}, "layer 2 is outside the surface's 2 layers"},
        {{.sample = 1}, "sample 1 is outside the surface's 1 samples"},
        {{.x = UINT32_MAX}, "x 4294967295 is outside"},
    };
    for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
        CHECK_ERR(tu_surface_texel_offset(&s, &outside[i].c, &off, &err), TU_OUT_OF_RANGE, &err,
                  outside[i].needle);
        CHECK(tu_surface_texel_pointer(&s, &outside[i].c) == NULL);
    }
    CHECK_ERR(tu_surface_texel_offset(NULL, &c, &off, &err), TU_INVALID_ARGUMENT, &err, "NULL");
}

/* A description that lies: huge sizes, a tiny buffer. Validation refuses it, and the
 * address gate refuses every texel that is not inside the buffer even without validation. */
static void test_hostile_descriptions(void) {
    tu_error err = {0};
    uint8_t *tiny = malloc(16);
    tu_surface s = {.type = TU_SURFACE_2D,
                    .arrayed = true,
                    .format = TU_FORMAT_R32G32B32A32_SFLOAT,
                    .width = 65536,
                    .height = 65536,
                    .depth = 1,
                    .layers = 65536,
                    .levels = 17,
                    .level_count = 17,
                    .samples = 1};
    uint64_t size = 0;
    CHECK(tu_surface_layout_packed(&s, &size, &err) == TU_OK, "%s", err.message);
    CHECK(size > ((uint64_t)1 << 50), "the honest size is %llu", (unsigned long long)size);
    s.data = tiny, s.size = 16;
    CHECK_ERR(tu_surface_validate(&s, &err), TU_INVALID_ARGUMENT, &err, "does not fit in size 16");
    CHECK_ERR(tu_surface_fill_hash(&s, 1, &err), TU_INVALID_ARGUMENT, &err, "size 16");

    /* Unvalidated, the gate still only hands out texel 0 of level 0, layer 0. */
    tu_texel_coord c = {0};
    CHECK(tu_surface_texel_pointer(&s, &c) == tiny);
    c.x = 1;
    CHECK_ERR(tu_surface_texel_offset(&s, &c, &size, &err), TU_OUT_OF_RANGE, &err,
              "at byte offset 16 lies outside the 16 bytes of surface memory");
    c = (tu_texel_coord){.x = 65535, .y = 65535, .layer = 65535};
    CHECK(tu_surface_texel_pointer(&s, &c) == NULL);

    /* Pitches chosen to overflow 64 bits. */
    s.level[0].row_pitch = UINT64_MAX / 3;
    c = (tu_texel_coord){.y = 4};
    CHECK_ERR(tu_surface_texel_offset(&s, &c, &size, &err), TU_OUT_OF_RANGE, &err, "overflows");
    s.level[0].offset = UINT64_MAX - 8;
    c = (tu_texel_coord){0};
    CHECK_ERR(tu_surface_texel_offset(&s, &c, &size, &err), TU_OUT_OF_RANGE, &err, "outside");
    s.base_level = 40; /* a view far beyond the level array */
    CHECK(tu_surface_texel_pointer(&s, &c) == NULL);
    CHECK(!tu_surface_level_extent(&s, 0, NULL, NULL, NULL));
    free(tiny);
}

/* A random valid shape with an honest packed layout. */
static tu_surface random_shape(uint64_t *rng) {
    static const struct {
        tu_surface_type type;
        bool arrayed;
    } kinds[] = {{TU_SURFACE_1D, false},  {TU_SURFACE_1D, true},     {TU_SURFACE_2D, false},
                 {TU_SURFACE_2D, true},   {TU_SURFACE_3D, false},    {TU_SURFACE_CUBE, false},
                 {TU_SURFACE_CUBE, true}, {TU_SURFACE_BUFFER, false}};
    tu_surface s = {0};
    int k = (int)(tu_test_rand(rng) % 8);
    s.type = kinds[k].type, s.arrayed = kinds[k].arrayed;
    s.format = (tu_format)(1 + tu_test_rand(rng) % (TU_FORMAT_COUNT - 1));
    s.width = 1 + (uint32_t)(tu_test_rand(rng) % 12);
    s.height = s.type == TU_SURFACE_1D || s.type == TU_SURFACE_BUFFER ? 1
               : s.type == TU_SURFACE_CUBE                            ? s.width
                                           : 1 + (uint32_t)(tu_test_rand(rng) % 12);
    s.depth = s.type == TU_SURFACE_3D ? 1 + (uint32_t)(tu_test_rand(rng) % 6) : 1;
    s.layers = s.type == TU_SURFACE_CUBE ? 6 : 1;
    if (s.arrayed) s.layers *= 1 + (uint32_t)(tu_test_rand(rng) % 3);
    s.samples =
        s.type == TU_SURFACE_2D && tu_test_rand(rng) % 4 == 0 ? 1u << (tu_test_rand(rng) % 5) : 1;
    s.levels = s.samples > 1 || s.type == TU_SURFACE_BUFFER
                   ? 1
                   : 1 + (uint32_t)(tu_test_rand(rng) % tu_surface_max_levels(&s));
    s.base_level = (uint32_t)(tu_test_rand(rng) % s.levels);
    s.level_count = s.levels - s.base_level;
    uint64_t size = 0;
    tu_surface_layout_packed(&s, &size, NULL);
    s.size = (size_t)size;
    return s;
}

/* Valid descriptions with up to three fields corrupted, never validated, and random
 * coordinates, in and out of range: every pointer the gate hands out lies inside the
 * buffer with room for a whole texel, and is read (ASan watches). */
static void test_random_hostile(void) {
    uint64_t rng = tu_test_seed(12345);
    unsigned handed_out = 0, refused = 0;
    for (int iter = 0; iter < 20000; iter++) {
        tu_surface s = random_shape(&rng);
        /* The buffer is exactly as large as the description claims, or smaller. */
        size_t alloc =
            s.size
                ? s.size - (size_t)(tu_test_rand(&rng) % 3 == 0 ? tu_test_rand(&rng) % s.size : 0)
                : 0;
        uint8_t *mem = malloc(alloc ? alloc : 1);
        s.data = mem, s.size = alloc;
        int corruptions = (int)(tu_test_rand(&rng) % 4);
        for (int k = 0; k < corruptions; k++) {
            uint64_t v = tu_test_rand(&rng);
            uint32_t L = (uint32_t)(tu_test_rand(&rng) % TU_MAX_LEVELS);
            switch (tu_test_rand(&rng) % 12) {
            case 0: s.width = (uint32_t)v; break;
            case 1: s.height = (uint32_t)v; break;
            case 2: s.depth = (uint32_t)(v % 100); break;
            case 3: s.layers = (uint32_t)v; break;
            case 4: s.samples = (uint32_t)(v % 40); break;
            case 5: s.levels = (uint32_t)(v % 40); break;
            case 6: s.base_level = (uint32_t)(v % 40); break;
            case 7: s.level_count = (uint32_t)(v % 40); break;
            case 8: s.level[L].offset = v >> (v % 64); break;
            case 9: s.level[L].row_pitch = v >> (v % 64); break;
            case 10: s.level[L].layer_pitch = v >> (v % 64); break;
            default: s.format = (tu_format)(v % (TU_FORMAT_COUNT + 3)); break;
            }
        }
        for (int k = 0; k < 8; k++) {
            /* Mostly inside the view the description claims, sometimes just past it. */
            uint32_t w = 1, h = 1, d = 1;
            tu_surface_level_extent(&s, 0, &w, &h, &d);
#define PICK(n) (uint32_t)(tu_test_rand(&rng) % ((n) ? (uint64_t)(n) + (k == 0) : 2))
            tu_texel_coord c = {
                PICK(w),        PICK(h), PICK(d), PICK(s.layers), PICK(s.level_count ? 1 : 0),
                PICK(s.samples)};
#undef PICK
            if (k == 1) c.x = (uint32_t)tu_test_rand(&rng);
            const uint8_t *p = tu_surface_texel_pointer(&s, &c);
            if (!p) {
                refused++;
                continue;
            }
            uint32_t bytes = tu_format_bytes(s.format);
            if (!CHECK(p >= mem && bytes > 0 && p + bytes <= mem + s.size, "iteration %d", iter))
                continue;
            handed_out++;
            tu_texel t;
            tu_format_decode(s.format, p, &t);
        }
        free(mem);
    }
    CHECK(handed_out > 10000 && refused > 10000, "%u texels handed out, %u refused", handed_out,
          refused);
}

static void test_residency(void) {
    tu_surface s = base_surface();
    CHECK(tu_surface_offset_resident(&s, 12345)); /* no map: everything resident */
    uint8_t bits[1] = {0x5};                      /* pages 0 and 2 resident, of 64 bytes each */
    tu_residency r = {bits, 1, 6};
    s.residency = &r;
    tu_error err = {0};
    CHECK(tu_surface_validate(&s, &err) == TU_OK, "%s", err.message);
    CHECK(tu_surface_offset_resident(&s, 0));
    CHECK(tu_surface_offset_resident(&s, 63));
    CHECK(!tu_surface_offset_resident(&s, 64));
    CHECK(!tu_surface_offset_resident(&s, 127));
    CHECK(tu_surface_offset_resident(&s, 128));
    CHECK(!tu_surface_offset_resident(&s, 64 * 8)); /* beyond the map: not resident */
}

/* The names messages print for the surface types and tilings; "?" outside the enums. */
static void test_enum_names(void) {
    static const char *const types[] = {"1D", "2D", "3D", "CUBE", "BUFFER"};
    for (int t = TU_SURFACE_1D; t <= TU_SURFACE_BUFFER; t++)
        CHECK(strcmp(tu_surface_type_name((tu_surface_type)t), types[t]) == 0, "type %d", t);
    CHECK(strcmp(tu_surface_type_name((tu_surface_type)5), "?") == 0);
    CHECK(strcmp(tu_surface_type_name((tu_surface_type)-1), "?") == 0);
    CHECK(strcmp(tu_tiling_name(TU_TILING_INTEL_64), "64") == 0);
    CHECK(strcmp(tu_tiling_name((tu_tiling)6), "?") == 0);
}

/* tuS_linear_offset, which the sampler's direct reads use unchecked, is the checked gate's
 * offset for every in-range element of linear surfaces of random shapes, formats and
 * padded pitches (the memory is never touched: the surface's size only bounds the gate). */
static void test_linear_offset_is_the_gate(void) {
    static uint8_t never_read[1];
    uint64_t rng = tu_test_seed(0x11ea5);
    static const tu_surface_type types[] = {TU_SURFACE_1D, TU_SURFACE_2D, TU_SURFACE_3D,
                                            TU_SURFACE_CUBE, TU_SURFACE_BUFFER};
    for (int n = 0; n < 2000; n++) {
        tu_surface s = {0};
        s.type = types[tu_test_rand(&rng) % 5];
        s.format = (tu_format)(1 + tu_test_rand(&rng) % (TU_FORMAT_COUNT - 1));
        const tu_format_desc *fd = tu_format_describe(s.format);
        const uint64_t bytes = tu_format_bytes(s.format);
        s.width = 1 + (uint32_t)(tu_test_rand(&rng) % 300);
        s.height = s.type == TU_SURFACE_1D || s.type == TU_SURFACE_BUFFER ? 1
                   : s.type == TU_SURFACE_CUBE                            ? s.width
                                               : 1 + (uint32_t)(tu_test_rand(&rng) % 300);
        s.depth = s.type == TU_SURFACE_3D ? 1 + (uint32_t)(tu_test_rand(&rng) % 40) : 1;
        s.layers = s.type == TU_SURFACE_CUBE ? 6 : 1 + (uint32_t)(tu_test_rand(&rng) % 4);
        s.samples = s.type == TU_SURFACE_2D ? 1u << (tu_test_rand(&rng) % 5) : 1;
        s.levels = s.level_count = 1 + (uint32_t)(tu_test_rand(&rng) % 5);
        s.data = never_read, s.size = SIZE_MAX / 2;
        for (uint32_t L = 0; L < s.levels; L++) {
            tu_level_layout *lv = &s.level[L];
            const uint64_t row = (s.width / fd->block_width + 1) * bytes;
            lv->offset = tu_test_rand(&rng) % 100000;
            lv->row_pitch = row + tu_test_rand(&rng) % 64;
            lv->slice_pitch = lv->row_pitch * (s.height + 1) + tu_test_rand(&rng) % 64;
            lv->sample_pitch = lv->slice_pitch * (s.depth + 1);
            lv->layer_pitch = lv->sample_pitch * s.samples + tu_test_rand(&rng) % 4096;
        }
        for (int k = 0; k < 20; k++) {
            tu_texel_coord c = {0};
            c.level = (uint32_t)(tu_test_rand(&rng) % s.levels);
            uint32_t w, h, d;
            CHECK(tu_surface_level_extent(&s, c.level, &w, &h, &d));
            c.x = (uint32_t)(tu_test_rand(&rng) % w), c.y = (uint32_t)(tu_test_rand(&rng) % h);
            c.z = (uint32_t)(tu_test_rand(&rng) % d);
            c.layer = (uint32_t)(tu_test_rand(&rng) % s.layers);
            c.sample = (uint32_t)(tu_test_rand(&rng) % s.samples);
            uint64_t gate = 0;
            tu_error err = {0};
            if (!CHECK(tu_surface_texel_offset(&s, &c, &gate, &err) == TU_OK, "%s", err.message))
                return;
            CHECK_EQ_U(tuS_linear_offset(&s.level[c.level], bytes, c.x / fd->block_width,
                                         c.y / fd->block_height, c.z, c.layer, c.sample),
                       gate);
        }
    }
}

int main(void) {
    TU_RUN(test_enum_names);
    TU_RUN(test_packed_layout);
    TU_RUN(test_linear_offset_is_the_gate);
    TU_RUN(test_max_levels);
    TU_RUN(test_validation_errors);
    TU_RUN(test_mcs_errors);
    TU_RUN(test_texel_offset);
    TU_RUN(test_hostile_descriptions);
    TU_RUN(test_random_hostile);
    TU_RUN(test_residency);
    return tu_test_finish();
}
