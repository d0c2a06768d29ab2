/* SPDX-License-Identifier: MIT */
/*
 * tiling_intel.c - Intel's Tile-X, Tile-Y, Tile-4 and Tile-64 layouts as data, and the 2D
 * mip-tree surface layout around them, following Mesa's isl (src/intel/isl/isl.c,
 * isl_gfx8.c, isl_gfx9.c, isl_gfx12.c, isl_gfx20.c), per generation (Gfx9 to Xe2). Each rule
 * cites the function it follows.
 */
#include "tiling_intel.h"

#include <stdio.h>
#include <string.h>

/* Swizzle entries: coordinate kind in bits 7..6, bit index in bits 5..0. */
#define U(i)    ((uint8_t)((TUS_SWZ_U << 6) | (i)))
#define V(i)    ((uint8_t)((TUS_SWZ_V << 6) | (i)))
#define R(i)    ((uint8_t)((TUS_SWZ_R << 6) | (i)))
#define S(i)    ((uint8_t)((TUS_SWZ_S << 6) | (i)))
/* The 16 B x 4 row block every Y-family tiling starts with: address bits 0-5. */
#define UV_16x4 U(0), U(1), U(2), U(3), V(0), V(1)

/*
 * The tables below list address bit 0 first (isl lists the most significant bit first).
 * Sources: isl.c tilex_swiz, tiley_swiz, tile4_swiz ("ATS-M PRMs, Volume 5: Memory Data
 * Formats, Calculating Texel Location", BSpec 44635) and acm_tile64_* (the Xe-HP Tile64
 * tables isl_tiling_get_info() picks for ISL_TILING_64).
 */
static const uint8_t swz_x[12] = {U(0), U(1), U(2), U(3), U(4), U(5),
                                  U(6), U(7), U(8), V(0), V(1), V(2)};
static const uint8_t swz_y[12] = {UV_16x4, V(2), V(3), V(4), U(4), U(5), U(6)};
static const uint8_t swz_4[12] = {UV_16x4, U(4), U(5), V(2), U(6), V(3), V(4)};

/* Tile-64, 2D, one sample: a Tile-4 in the low 12 bits, then 16 of those 4 KiB blocks. */
#define TILE4_BITS UV_16x4, U(4), U(5), V(2), U(6), V(3), V(4)
static const uint8_t swz_64_2d_16_8[16] = {TILE4_BITS, U(7), U(8), U(9), V(5)};
static const uint8_t swz_64_2d_4_2[16] = {TILE4_BITS, U(7), U(8), V(5), V(6)};
static const uint8_t swz_64_2d_1[16] = {TILE4_BITS, U(7), V(5), V(6), V(7)};
/* Two samples. */
static const uint8_t swz_64_2d_16_8_s2[16] = {UV_16x4, U(4), S(0), V(2), U(5), V(3),
                                              V(4),    U(6), U(7), U(8), V(5)};
static const uint8_t swz_64_2d_4_2_s2[16] = {UV_16x4, U(4), S(0), V(2), U(5), V(3),
                                             V(4),    U(6), U(7), V(5), V(6)};
static const uint8_t swz_64_2d_1_s2[16] = {UV_16x4, U(4), S(0), V(2), U(5), V(3),
                                           V(4),    U(6), V(5), V(6), V(7)};
/* Four samples (isl uses the same tables for 8 and 16: two sample bits inside the tile). */
static const uint8_t swz_64_2d_16_8_s4[16] = {UV_16x4, U(4), S(0), S(1), U(5), V(2),
                                              V(3),    U(6), U(7), U(8), V(4)};
static const uint8_t swz_64_2d_4_2_s4[16] = {UV_16x4, U(4), S(0), S(1), U(5), V(2),
                                             V(3),    U(6), U(7), V(4), V(5)};
static const uint8_t swz_64_2d_1_s4[16] = {UV_16x4, U(4), S(0), S(1), U(5), V(2),
                                           V(3),    U(6), V(4), V(5), V(6)};
/* 3D: slices inside the tile. */
static const uint8_t swz_64_3d_16_8[16] = {UV_16x4, U(4), R(0), V(2), R(1), U(5),
                                           U(6),    U(7), V(3), R(2), R(3)};
static const uint8_t swz_64_3d_4[16] = {UV_16x4, U(4), R(0), V(2), R(1), U(5),
                                        V(3),    U(6), V(4), R(2), R(3)};
static const uint8_t swz_64_3d_2[16] = {UV_16x4, U(4), R(0), V(2), R(1), U(5),
                                        V(3),    V(4), R(2), R(3), R(4)};
static const uint8_t swz_64_3d_1[16] = {UV_16x4, U(4), R(0), V(2), R(1), V(3),
                                        V(4),    U(5), R(2), R(3), R(4)};

#undef U
#undef V
#undef R
#undef S
#undef UV_16x4
#undef TILE4_BITS

/* Tile-64's tables by element-size class: [0] 16 and 8 bytes, [1] 4 and 2, [2] 1. The 2D
 * rows by sample class: one sample, two, four or more (isl_tiling_get_info(),
 * ISL_TILING_64: _128_64bpp_swiz[], _32_16bpp_swiz[], _8bpp_swiz[]). */
static const uint8_t *const swz_64_2d[3][3] = {
    {swz_64_2d_16_8, swz_64_2d_16_8_s2, swz_64_2d_16_8_s4},
    {swz_64_2d_4_2, swz_64_2d_4_2_s2, swz_64_2d_4_2_s4},
    {swz_64_2d_1, swz_64_2d_1_s2, swz_64_2d_1_s4},
};

const char *tuS_intel_tiling_name(tuS_intel_tiling tiling) {
    static const char *const names[TUS_TILE_COUNT] = {"x", "y", "4", "64"};
    return (unsigned)tiling < TUS_TILE_COUNT ? names[tiling] : "?";
}

static bool is_pow2(uint32_t v) {
    return v && !(v & (v - 1));
}

static uint32_t align_u32(uint32_t v, uint32_t a) {
    return (v + a - 1) / a * a; /* a is at most 2^16 and v at most 2^17 here */
}

/* Elements of a level along one axis: isl_minify() of the texel extent, then whole blocks
 * (b is the block's extent in texels, 1 for uncompressed formats). */
static uint32_t level_el(uint32_t texels, uint32_t L, uint32_t b) {
    const uint32_t m = tuB_max_u32(1, texels >> L);
    return (m + b - 1) / b;
}

/*
 * Tile-64 mip tails. The ATS-M PRMs, Volume 5: Memory Data Formats, "Tiling and Mip Tail for
 * 2D Surfaces" / "... for 3D Surfaces" give each level of a mip tail a fixed slot inside one
 * tile: an offset in elements from the tile's corner, by slot (the level minus the tail's
 * first level) and element size. isl holds them as icl_std_y_2d_miptail_offset_el (which it
 * uses for ISL_TILING_64 2D surfaces) and acm_tile64_3d_miptail_offset_el, 15 slots each
 * (tiling_max_mip_tail()). Here the columns are by element size 1, 2, 4, 8, 16 bytes.
 */
enum { TUS_MIPTAIL_SLOTS = 15 };
/* clang-format off */
static const uint8_t tail_2d[TUS_MIPTAIL_SLOTS][5][2] = {
    {{128, 0}, {128, 0}, {64, 0}, {64, 0}, {32, 0}},
    {{0, 128}, {0, 64}, {0, 64}, {0, 32}, {0, 32}},
    {{64, 0}, {64, 0}, {32, 0}, {32, 0}, {16, 0}},
    {{0, 64}, {0, 32}, {0, 32}, {0, 16}, {0, 16}},
    {{32, 0}, {32, 0}, {16, 0}, {16, 0}, {8, 0}},
    {{16, 32}, {16, 16}, {8, 16}, {8, 8}, {4, 8}},
    {{0, 48}, {0, 24}, {0, 24}, {0, 12}, {0, 12}},
    {{0, 32}, {0, 16}, {0, 16}, {0, 8}, {0, 8}},
    {{16, 16}, {16, 8}, {8, 8}, {8, 4}, {4, 4}},
    {{16, 0}, {16, 0}, {8, 0}, {8, 0}, {4, 0}},
    {{0, 16}, {0, 8}, {0, 8}, {0, 4}, {0, 4}},
    {{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}},
    {{0, 4}, {0, 4}, {0, 4}, {2, 0}, {1, 0}},
    {{0, 8}, {8, 0}, {4, 0}, {4, 0}, {2, 0}},
    {{0, 12}, {8, 4}, {4, 4}, {6, 0}, {3, 0}},
};
/* clang-format on */
/* clang-format off */
static const uint8_t tail_3d[TUS_MIPTAIL_SLOTS][5][3] = {
    {{32, 0, 0}, {16, 0, 0}, {16, 0, 0}, {16, 0, 0}, {8, 0, 0}},
    {{0, 16, 0}, {0, 16, 0}, {0, 16, 0}, {0, 8, 0}, {0, 8, 0}},
    {{0, 0, 16}, {0, 0, 16}, {0, 0, 8}, {0, 0, 8}, {0, 0, 8}},
    {{16, 0, 0}, {8, 0, 0}, {8, 0, 0}, {8, 0, 0}, {4, 0, 0}},
    {{0, 8, 0}, {0, 8, 0}, {0, 8, 0}, {0, 4, 0}, {0, 4, 0}},
    {{0, 4, 8}, {0, 4, 8}, {4, 0, 4}, {4, 0, 4}, {2, 0, 4}},
    {{0, 0, 12}, {0, 0, 12}, {0, 4, 4}, {2, 0, 4}, {1, 0, 4}},
    {{0, 0, 8}, {0, 0, 8}, {0, 0, 4}, {0, 0, 4}, {0, 0, 4}},
    {{0, 4, 4}, {0, 4, 4}, {4, 4, 0}, {6, 0, 0}, {3, 0, 0}},
    {{0, 4, 0}, {0, 4, 0}, {4, 0, 0}, {4, 0, 0}, {2, 0, 0}},
    {{0, 0, 4}, {0, 0, 4}, {0, 4, 0}, {2, 0, 0}, {1, 0, 0}},
    {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}},
    {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
    {{0, 0, 2}, {0, 0, 2}, {0, 0, 2}, {0, 0, 2}, {0, 0, 2}},
    {{0, 0, 3}, {0, 0, 3}, {0, 0, 3}, {0, 0, 3}, {0, 0, 3}},
};
/* clang-format on */

/* Slot `slot` of a Tile-64 mip tail for `bytes`-byte elements: x, y, z in elements. */
static void tail_slot(bool is_3d, uint32_t bytes, uint32_t slot, uint32_t off[3]) {
    const unsigned col = (unsigned)__builtin_ctz(bytes);
    off[0] = is_3d ? tail_3d[slot][col][0] : tail_2d[slot][col][0];
    off[1] = is_3d ? tail_3d[slot][col][1] : tail_2d[slot][col][1];
    off[2] = is_3d ? tail_3d[slot][col][2] : 0;
}

/* The first level of the mip tail, as isl_choose_miptail_start_level() picks it with no
 * caller minimum (isl_surf_init_info::min_miptail_start_level 0): only Tile-64 with one
 * sample has a tail (tiling_max_mip_tail(): none for X, Y, 4 or multisampling); at most 15
 * levels go in it; the tail starts at the first level whose extent in elements (level 0's
 * element extent minified) fits in slot 0's room, from slot 0's offset to the tile's far
 * corner. `levels` when no level fits. */
static uint32_t choose_miptail_start(tuS_intel_tiling tiling, const tuS_intel_shape *s,
                                     const tuS_tile *t, uint32_t bw, uint32_t bh) {
    if (tiling != TUS_TILE_64 || s->samples > 1) return s->levels;
    const bool is_3d = s->type == TU_SURFACE_3D;
    uint32_t slot0[3];
    tail_slot(is_3d, s->bytes, 0, slot0);
    const uint32_t room[3] = {t->width_bytes / s->bytes - slot0[0], t->height - slot0[1],
                              (is_3d ? t->depth : 1) - slot0[2]};
    const uint32_t el0[3] = {level_el(s->width, 0, bw), level_el(s->height, 0, bh),
                             is_3d ? s->depth : 1};
    const uint32_t first = s->levels > TUS_MIPTAIL_SLOTS ? s->levels - TUS_MIPTAIL_SLOTS : 0;
    for (uint32_t L = first; L < s->levels; L++)
        if (tuB_max_u32(1, el0[0] >> L) <= room[0] && tuB_max_u32(1, el0[1] >> L) <= room[1] &&
            tuB_max_u32(1, el0[2] >> L) <= room[2])
            return L;
    return s->levels;
}

static void tile_from_swizzle(const uint8_t *swizzle, uint32_t bits, tuS_tile *t) {
    *t = (tuS_tile){.swizzle = swizzle, .bits = bits};
    for (uint32_t i = 0; i < bits; i++)
        t->log2[swizzle[i] >> 6]++;
    /* isl_swizzle_get_tile_coefficients(): the extents are the counts of each kind of bit. */
    t->width_bytes = 1u << t->log2[TUS_SWZ_U];
    t->height = 1u << t->log2[TUS_SWZ_V];
    t->depth = 1u << t->log2[TUS_SWZ_R];
    t->samples = 1u << t->log2[TUS_SWZ_S];
}

tu_status tuS_intel_tile(tuS_intel_tiling tiling, tu_surface_type type, uint32_t bytes,
                         uint32_t samples, tuS_tile *tile, tu_error *err) {
    TU_RETURN_IF((unsigned)tiling >= TUS_TILE_COUNT, err, TU_INVALID_ARGUMENT,
                 "surface tiling %d is not x, y, 4 or 64", (int)tiling);
    const bool npot = bytes == 3 || bytes == 6 || bytes == 12;
    TU_RETURN_IF(!(npot || (is_pow2(bytes) && bytes <= 16)), err, TU_INVALID_ARGUMENT,
                 "surface element size %u bytes is not 1, 2, 4, 8, 16, 3, 6 or 12 bytes", bytes);
    TU_RETURN_IF(!is_pow2(samples) || samples > TU_MAX_SAMPLES, err, TU_INVALID_ARGUMENT,
                 "surface samples %u is not 1, 2, 4, 8 or 16", samples);
    switch (tiling) {
    case TUS_TILE_X: tile_from_swizzle(swz_x, 12, tile); return TU_OK;
    case TUS_TILE_Y: tile_from_swizzle(swz_y, 12, tile); return TU_OK;
    case TUS_TILE_4: tile_from_swizzle(swz_4, 12, tile); return TU_OK;
    case TUS_TILE_64:
    default: break;
    }
    /* isl_gfx125_filter_tiling(): "Tile64 is not defined for format sizes that are 24, 48,
     * and 96 bpb." */
    TU_RETURN_IF(npot, err, TU_UNSUPPORTED,
                 "surface tiling 64 is not defined for %u-byte elements (24, 48, 96 bits)", bytes);
    const unsigned size_class = bytes >= 8 ? 0 : bytes >= 2 ? 1 : 2;
    if (type == TU_SURFACE_3D) {
        static const uint8_t *const swz_3d[5] = {swz_64_3d_1, swz_64_3d_2, swz_64_3d_4,
                                                 swz_64_3d_16_8, swz_64_3d_16_8};
        tile_from_swizzle(swz_3d[__builtin_ctz(bytes)], 16, tile);
    } else {
        const unsigned sample_class = samples == 1 ? 0 : samples == 2 ? 1 : 2;
        tile_from_swizzle(swz_64_2d[size_class][sample_class], 16, tile);
    }
    return TU_OK;
}

/*
 * The generations whose layouts texunit makes, as isl tells them apart (isl.c
 * isl_device_get_supported_tilings(), isl_surf_choose_tiling()'s filters,
 * isl_choose_image_alignment_el()'s dispatch on ISL_GFX_VERX10). `family` picks the image
 * alignment rows below: Gfx9 to Gfx12 share isl_gfx9_choose_image_alignment_el() (Gfx12
 * reaches it from isl_gfx12_choose_image_alignment_el() for colour surfaces), Gfx12.5 and
 * Xe2 have ladders of their own (isl_gfx125_ / isl_gfx20_choose_image_alignment_el()).
 */
enum { TUS_FAMILY_GFX9, TUS_FAMILY_GFX125, TUS_FAMILY_GFX20 };
typedef struct intel_gen {
    uint32_t verx10;
    const char *short_name; /* as the command line writes it: tiling=T@NAME */
    const char *name;
    uint8_t family;
    uint8_t tilings;      /* bit per tuS_intel_tiling: isl_device_get_supported_tilings() */
    bool tile_x_3d;       /* Tile-X takes 3D surfaces */
    const char *x_3d_why; /* the rule that refuses it */
} intel_gen;

#define TILINGS(x, y, t4, t64) \
    (uint8_t)((x) << TUS_TILE_X | (y) << TUS_TILE_Y | (t4) << TUS_TILE_4 | (t64) << TUS_TILE_64)
static const intel_gen intel_gens[] = {
    /* isl_gfx6_filter_tiling() (Gfx6 to Gfx12) has no rule on Tile-X and 3D, and
     * isl_tiling_supports_dimensions() refuses 3D Tile-X only from Gfx20. */
    {90, "skl", "Gfx9 (Skylake)", TUS_FAMILY_GFX9, TILINGS(1, 1, 0, 0), true, NULL},
    {110, "icl", "Gfx11 (Ice Lake)", TUS_FAMILY_GFX9, TILINGS(1, 1, 0, 0), true, NULL},
    {120, "tgl", "Gfx12 (Tiger Lake)", TUS_FAMILY_GFX9, TILINGS(1, 1, 0, 0), true, NULL},
    {125, "dg2", "Gfx12.5 (DG2)", TUS_FAMILY_GFX125, TILINGS(1, 0, 1, 1), false,
     "isl_gfx125_filter_tiling(): \"X-tiling is only allowed for 2D surfaces\""},
    /* Tile-64 here is Xe-HP's (ISL_TILING_64); Xe2 has ISL_TILING_64_XE2, whose 2D
     * single-sample swizzles are the same (xe2_tile64_2d_*bpp_swiz) and whose 3D and
     * multisample ones differ: tuS_intel_check_gen refuses those. */
    {200, "xe2", "Xe2", TUS_FAMILY_GFX20, TILINGS(1, 0, 1, 1), false,
     "isl_gfx20_filter_tiling() and isl_tiling_supports_dimensions() (BSpec 57023: "
     "\"TILEMODE_XMAJOR is only allowed if the Surface Type is SURFTYPE_2D\")"},
};
#undef TILINGS

uint32_t tu_intel_gen_from_name(const char *name) {
    for (size_t i = 0; name && i < sizeof intel_gens / sizeof intel_gens[0]; i++)
        if (strcmp(name, intel_gens[i].short_name) == 0) return intel_gens[i].verx10;
    return 0;
}

/* The generation a tiling means when none is given: Tile-X and Tile-Y Gfx9, Tile-4 and
 * Tile-64 Gfx12.5 (docs/semantics.md, "Intel tilings"). */
static const intel_gen *default_gen(tuS_intel_tiling tiling) {
    return &intel_gens[tiling == TUS_TILE_X || tiling == TUS_TILE_Y ? 0 : 3];
}

static tu_status find_gen(uint32_t verx10, tuS_intel_tiling tiling, const intel_gen **out,
                          tu_error *err) {
    if (verx10 == 0) {
        *out = default_gen(tiling);
        return TU_OK;
    }
    for (size_t i = 0; i < sizeof intel_gens / sizeof intel_gens[0]; i++)
        if (intel_gens[i].verx10 == verx10) {
            *out = &intel_gens[i];
            return TU_OK;
        }
    return tuB_fail(err, TU_INVALID_ARGUMENT,
                    "Intel layout verx10 %u is not 0 (the tiling's default), 90, 110, 120, 125 "
                    "or 200",
                    verx10);
}

/*
 * Image alignment (HALIGN x VALIGN) by family and element kind. `bytes` rows give HALIGN
 * in bytes (elements = bytes / element size), the others in elements; VALIGN is in rows of
 * elements (of blocks for a compressed format: RENDER_SURFACE_STATE's "the units of j are in
 * compression blocks"). Tile-64 is tile-aligned on every generation (below).
 */
enum { TUS_EL_COLOUR, TUS_EL_NPOT, TUS_EL_COMPRESSED };
typedef struct align_rule {
    uint8_t family, kind;
    bool bytes;          /* halign counts bytes, not elements */
    uint8_t halign;      /* bytes or elements */
    uint8_t valign;      /* rows of elements */
    uint8_t valign_4_2d; /* VALIGN of a Tile-4 surface that is not 3D */
    const char *source;
} align_rule;

static const align_rule align_rules[] = {
    {TUS_FAMILY_GFX9, TUS_EL_COLOUR, false, 16, 4, 4,
     "isl_gfx8_choose_image_alignment_el() (Gfx9 colour): HALIGN_16 for colour surfaces that "
     "may own a CCS (\"When Auxiliary Surface Mode is set to AUX_CCS_D or AUX_CCS_E, HALIGN 16 "
     "must be used\"), the smallest VALIGN, 4"},
    {TUS_FAMILY_GFX9, TUS_EL_NPOT, false, 16, 4, 4,
     "isl_gfx8_choose_image_alignment_el(): HALIGN_16, VALIGN_4"},
    {TUS_FAMILY_GFX9, TUS_EL_COMPRESSED, false, 4, 4, 4,
     "isl_gfx9_choose_image_alignment_el(): on Gfx9 HALIGN and VALIGN of a compressed format "
     "are multiples of the compression block, \"choose the smallest alignment possible: "
     "HALIGN_4 and VALIGN_4\" (RENDER_SURFACE_STATE's valid values are 4, 8, 16)"},
    {TUS_FAMILY_GFX125, TUS_EL_COLOUR, true, 128, 4, 4,
     "isl_gfx125_choose_image_alignment_el(): \"Losslessly Compressed Surfaces Must be "
     "HALIGN=128\" bytes, VALIGN 4 (colour formats that may own a CCS)"},
    {TUS_FAMILY_GFX125, TUS_EL_NPOT, false, 16, 4, 4,
     "isl_gfx125_choose_image_alignment_el(): \"Tiled 24bpp, 48bpp and 96bpp surfaces must "
     "use HALIGN=16\""},
    {TUS_FAMILY_GFX125, TUS_EL_COMPRESSED, true, 64, 4, 4,
     "isl_gfx125_choose_image_alignment_el(): a compressed format owns no CCS (isl_format.c: "
     "no BC, ETC, EAC or ASTC format has ccs_e), and its 64 or 128-bit blocks take \"64bpe and "
     "128bpe Surfaces Must Be HALIGN=64Bytes or 128Bytes\", the smaller: 64 bytes"},
    {TUS_FAMILY_GFX20, TUS_EL_COLOUR, true, 128, 4, 8,
     "isl_gfx20_choose_image_alignment_el(): HALIGN=128 bytes for colour formats that may own "
     "a CCS; WA_22018390030: \"Don't choose VALIGN_4 on Xe2 for color, non-volumetric, Tile4 "
     "surfaces which can be fast cleared\": VALIGN_8"},
    {TUS_FAMILY_GFX20, TUS_EL_NPOT, false, 16, 4, 4,
     "isl_gfx20_choose_image_alignment_el(): tiled 24, 48 and 96bpp surfaces HALIGN=16"},
    {TUS_FAMILY_GFX20, TUS_EL_COMPRESSED, true, 64, 4, 4,
     "isl_gfx20_choose_image_alignment_el(): no CCS for compressed formats, 64bpe and 128bpe "
     "blocks HALIGN=64 bytes, VALIGN 4 (the workaround's VALIGN_8 is for CCS formats only)"},
};

static const align_rule *find_align(uint8_t family, uint8_t kind) {
    for (size_t i = 0; i < sizeof align_rules / sizeof align_rules[0]; i++)
        if (align_rules[i].family == family && align_rules[i].kind == kind) return &align_rules[i];
    return NULL; /* unreachable: every (family, kind) has a row (test_tiling_intel walks them) */
}

/* Which surfaces a tiling takes on the shape's generation, and its image alignment
 * (HALIGN, VALIGN) in elements. */
static tu_status check_and_align(tuS_intel_tiling tiling, uint32_t verx10, const tuS_intel_shape *s,
                                 const tuS_tile *t, const intel_gen **gen, uint32_t *halign,
                                 uint32_t *valign, tu_error *err) {
    const char *name = tuS_intel_tiling_name(tiling);
    const intel_gen *g = NULL;
    TU_TRY(find_gen(verx10, tiling, &g, err));
    *gen = g;
    /* isl_device_get_supported_tilings(): Y0 on Gfx9 to Gfx12, Tile-4 and Tile-64 from
     * Gfx12.5 (which drops Y), X on every generation. */
    TU_RETURN_IF(!(g->tilings >> tiling & 1), err, TU_UNSUPPORTED,
                 "surface tiling %s does not exist on %s (verx10 %u): isl's "
                 "isl_device_get_supported_tilings() gives it %s",
                 name, g->name, g->verx10,
                 g->family == TUS_FAMILY_GFX9 ? "linear, X and Y" : "linear, X, 4 and 64");
    /* Decision (docs/semantics.md, "Intel tilings"): 1D surfaces and buffers stay linear.
     * isl_surf_choose_tiling() prefers linear for 1D, Gfx9 lays 1D out differently
     * (ISL_DIM_LAYOUT_GFX9_1D) and Gfx12.5 allows only linear or Tile-4 for it. */
    TU_RETURN_IF(s->type != TU_SURFACE_2D && s->type != TU_SURFACE_CUBE && s->type != TU_SURFACE_3D,
                 err, TU_UNSUPPORTED,
                 "surface type %s with tiling %s: Intel tilings take 2D, CUBE and 3D surfaces",
                 tu_surface_type_name(s->type), name);
    TU_RETURN_IF(tiling == TUS_TILE_X && s->type == TU_SURFACE_3D && !g->tile_x_3d, err,
                 TU_UNSUPPORTED,
                 "surface tiling x takes 2D and cube surfaces on %s, not 3D: %s (Gfx9 to Gfx12 "
                 "take 3D Tile-X)",
                 g->name, g->x_3d_why);
    const bool npot = !is_pow2(s->bytes);
    const bool compressed = s->bw > 1 || s->bh > 1;
    if (s->samples > 1) {
        /* isl_format_supports_multisampling(): not "any compressed texture format (BC*)";
         * isl_calc_phys_level0_extent_sa() asserts fmtl->bw == 1 && fmtl->bh == 1. */
        TU_RETURN_IF(compressed, err, TU_UNSUPPORTED,
                     "surface samples %u with a compressed format (%ux%u blocks): isl's "
                     "isl_format_supports_multisampling() takes no compressed format",
                     s->samples, s->bw, s->bh);
        /* isl_gfx125_filter_tiling(): "Tile64 is required for multisampling"; before Xe-HP
         * multisample colour surfaces are Y-tiled (isl_gfx6_filter_tiling()). */
        TU_RETURN_IF(tiling == TUS_TILE_X || tiling == TUS_TILE_4, err, TU_UNSUPPORTED,
                     "surface samples %u with tiling %s: multisample surfaces take tiling y "
                     "or 64",
                     s->samples, name);
        TU_RETURN_IF(s->type != TU_SURFACE_2D || s->levels != 1, err, TU_INVALID_ARGUMENT,
                     "surface samples %u: multisample surfaces are 2D with one level", s->samples);
    }
    if (tiling == TUS_TILE_64) {
        /* Xe2's ISL_TILING_64_XE2 (isl_tiling_get_info(), BSpec 58767) lays 3D and
         * multisample surfaces out with other swizzles than Xe-HP's Tile-64. */
        TU_RETURN_IF(g->family == TUS_FAMILY_GFX20 && (s->type == TU_SURFACE_3D || s->samples > 1),
                     err, TU_UNSUPPORTED,
                     "surface tiling 64 on Xe2 for a %s surface: Xe2's Tile-64 "
                     "(ISL_TILING_64_XE2, BSpec 58767) swizzles 3D and multisample surfaces "
                     "otherwise than Xe-HP's, which texunit's tiling 64 is; it takes Xe2's "
                     "2D and cube single-sample surfaces, whose swizzles are the same",
                     s->samples > 1 ? "multisample" : "3D");
        /* isl_gfx125_choose_image_alignment_el() and isl_gfx20_...(): Tile64 images are
         * tile-aligned ("horizontal alignment is always to the start of the next tile"). */
        *halign = t->width_bytes / s->bytes;
        *valign = t->height;
        return TU_OK;
    }
    const align_rule *r = find_align(g->family, compressed ? TUS_EL_COMPRESSED
                                                : npot     ? TUS_EL_NPOT
                                                           : TUS_EL_COLOUR);
    TU_RETURN_IF(!r, err, TU_INVALID_ARGUMENT, "surface: no image alignment rule");
    *halign = r->bytes ? r->halign / s->bytes : r->halign;
    *valign = tiling == TUS_TILE_4 && s->type != TU_SURFACE_3D ? r->valign_4_2d : r->valign;
    return TU_OK;
}

tu_status tuS_intel_layout_init(tuS_intel_tiling tiling, const tuS_intel_shape *shape,
                                tuS_intel_layout *out, tu_error *err) {
    return tuS_intel_layout_init_gen(tiling, 0, shape, out, err);
}

tu_status tuS_intel_layout_init_gen(tuS_intel_tiling tiling, uint32_t verx10,
                                    const tuS_intel_shape *shape, tuS_intel_layout *out,
                                    tu_error *err) {
    TU_RETURN_IF(!shape || !out, err, TU_INVALID_ARGUMENT, "tiled layout: NULL argument");
    const tuS_intel_shape s = *shape;
    tuS_tile t;
    TU_TRY(tuS_intel_tile(tiling, s.type, s.bytes, s.samples, &t, err));
    TU_RETURN_IF(s.width == 0 || s.width > TU_MAX_DIMENSION, err, TU_INVALID_ARGUMENT,
                 "surface width %u is not 1..%u", s.width, (unsigned)TU_MAX_DIMENSION);
    TU_RETURN_IF(s.height == 0 || s.height > TU_MAX_DIMENSION, err, TU_INVALID_ARGUMENT,
                 "surface height %u is not 1..%u", s.height, (unsigned)TU_MAX_DIMENSION);
    TU_RETURN_IF(s.depth == 0 || s.depth > TU_MAX_DIMENSION ||
                     (s.type != TU_SURFACE_3D && s.depth != 1),
                 err, TU_INVALID_ARGUMENT, "surface depth %u is not 1%s", s.depth,
                 s.type == TU_SURFACE_3D ? "..65536" : " (only 3D surfaces have depth)");
    TU_RETURN_IF(s.layers == 0 || s.layers > TU_MAX_LAYERS ||
                     (s.type == TU_SURFACE_3D && s.layers != 1) ||
                     (s.type == TU_SURFACE_CUBE && s.layers % 6 != 0),
                 err, TU_INVALID_ARGUMENT,
                 "surface layers %u: 1..65536, 1 for 3D, a multiple of 6 for cube", s.layers);
    uint32_t largest = tuB_max_u32(s.width, s.height);
    if (s.type == TU_SURFACE_3D) largest = tuB_max_u32(largest, s.depth);
    const uint32_t max_levels = 32 - (uint32_t)__builtin_clz(largest);
    TU_RETURN_IF(s.levels == 0 || s.levels > max_levels, err, TU_INVALID_ARGUMENT,
                 "surface levels %u is not 1..%u for these sizes", s.levels, max_levels);
    uint32_t halign = 1, valign = 1;
    const intel_gen *gen = NULL;
    TU_TRY(check_and_align(tiling, verx10, &s, &t, &gen, &halign, &valign, err));

    tuS_intel_layout l = {.tiling = tiling, .shape = s, .tile = t, .verx10 = gen->verx10};
    l.halign = halign;
    l.valign = valign;
    const uint32_t bw = tuB_max_u32(1, s.bw), bh = tuB_max_u32(1, s.bh);
    l.miptail_start = choose_miptail_start(tiling, &s, &t, bw, bh);
    /* isl_calc_phys_slice0_extent_sa_gfx4_2d(): a single level is not padded to the image
     * alignment (unless it is in a mip tail); otherwise level 0 on top, level 1 below it,
     * level 2 to the right of level 1 and each further level below the previous one, up to
     * and including the mip tail's first level ("All higher miplevels will be tucked into
     * the same tile as this one"). isl_surf_get_image_offset_sa_gfx4_2d() places level L at
     * x = w1 (L >= 2), y = the heights of the levels before it except level 1's; a level of
     * the tail at the tail's first level plus its slot (tail_slot()). Widths and heights are
     * in elements, aligned to HALIGN and VALIGN. */
    uint32_t top_w = level_el(s.width, 0, bw), bottom_w = 0;
    uint32_t left_h = level_el(s.height, 0, bh), right_h = left_h;
    if (s.levels > 1 || l.miptail_start == 0) {
        uint32_t y = 0, tail_x = 0, tail_y = 0; /* the tail's place in the tree */
        const uint32_t tail = l.miptail_start;
        for (uint32_t L = 0; L < s.levels; L++) {
            if (L > tail) {
                l.level_x[L] = tail_x;
                l.level_y[L] = tail_y;
            } else {
                const uint32_t w = align_u32(level_el(s.width, L, bw), halign);
                const uint32_t h = align_u32(level_el(s.height, L, bh), valign);
                if (L == 0) {
                    top_w = w;
                    left_h = right_h = h;
                } else if (L == 1) {
                    bottom_w = w;
                    left_h += h;
                } else {
                    if (L == 2) bottom_w += w;
                    right_h += h;
                }
                l.level_x[L] = L >= 2 ? align_u32(level_el(s.width, 1, bw), halign) : 0;
                l.level_y[L] = y;
                tail_x = l.level_x[L];
                tail_y = l.level_y[L];
                if (L != 1) y += h;
            }
            if (L >= tail) {
                uint32_t off[3];
                tail_slot(s.type == TU_SURFACE_3D, s.bytes, L - tail, off);
                l.level_x[L] += off[0];
                l.level_y[L] += off[1];
                l.level_z[L] = off[2];
            }
        }
    }
    const uint32_t slice_w = tuB_max_u32(top_w, bottom_w);
    l.slice_height = tuB_max_u32(left_h, right_h);
    /* isl_choose_array_pitch_span(): from Broadwell on QPitch is programmable and isl takes
     * the compact span; isl_calc_array_pitch_el_rows_gfx4_2d(): the slice height aligned to
     * VALIGN, and for tiled 3D surfaces to the tile height (Skylake BSpec, Surface QPitch:
     * "Tile Mode != Linear: This field must be set to an integer multiple of the tile
     * height"). */
    uint32_t qpitch = align_u32(l.slice_height, valign);
    if (s.type == TU_SURFACE_3D) qpitch = align_u32(qpitch, t.height);
    l.qpitch = qpitch;
    /* Slices: a 3D surface's z slices (Tile-64 keeps 2^r of them inside a tile), or for 2D
     * the array layers, each with its samples one after another beyond those the tile holds
     * (multisampled surface storage MSFMT_MSS: physical slice = layer * samples + sample, as
     * i965's blorp_surf_for_miptree() indexes ISL_MSAA_LAYOUT_ARRAY;
     * decision for Tile-64 8x and 16x in docs/semantics.md). */
    l.slices = s.type == TU_SURFACE_3D ? (s.depth + t.depth - 1) / t.depth
                                       : s.layers * (s.samples / tuB_min_u32(s.samples, t.samples));
    /* isl_calc_row_pitch(): the row pitch is a whole number of tiles. For 3, 6 and 12-byte
     * elements isl_tiling_get_info() treats "the tile as if it is three times as wide. This
     * way no pixel will ever cross a tile boundary": pitch in groups of three tiles. */
    uint64_t group = is_pow2(s.bytes) ? t.width_bytes : 3ull * t.width_bytes;
    /* isl_calc_row_pitch_alignment(): on Gfx12.0 "CCS fast clears don't seem to cover the
     * correct portion of the aux buffer when the pitch is not 512B-aligned", so a
     * single-sample colour surface that may own a CCS, tiled other than X, has its pitch
     * padded to 512 bytes unless Wa_18020603990 applies (at most 256x256 and 32bpp). */
    if (gen->verx10 == 120 && tiling != TUS_TILE_X && s.samples == 1 && is_pow2(s.bytes) &&
        s.bw <= 1 && s.bh <= 1 && (s.bytes > 4 || s.width > 256 || s.height > 256))
        group = 512;
    const uint64_t row_bytes = (uint64_t)slice_w * s.bytes;
    l.row_pitch = (row_bytes + group - 1) / group * group;
    /* isl_calc_phys_total_extent_el_gfx4_2d() and isl_calc_size(): the slices' rows, in
     * whole rows of tiles (a tile holding slices or samples is more than its rows' bytes). */
    const uint64_t rows = (uint64_t)qpitch * (l.slices - 1) + l.slice_height;
    const uint64_t tile_rows = (rows + t.height - 1) / t.height;
    const uint64_t tiles_per_row = l.row_pitch / t.width_bytes;
    TU_RETURN_IF(!tuB_mul_u64(tile_rows * tiles_per_row, 1ull << t.bits, &l.size), err,
                 TU_INVALID_ARGUMENT, "surface: the tiled layout overflows 64-bit offsets");
    *out = l;
    return TU_OK;
}

/* The tile id of the PRMs (Volume 5: Memory Data Formats, "TileID = [(r >> Cr) * (QPitch >>
 * Cv) + (v >> Cv)] * (Pitch >> Cu) + (u >> Cu)"): tiles in rows of row_pitch / tile width;
 * byte (u, v) of slice `slice` is at tile id * tile bytes plus the swizzle of its place in the
 * tile. `in_tile_r` / `in_tile_s` are the slice and sample bits the tile itself holds.
 * Checked arithmetic: false on overflow. */
static bool tiled_offset(const tuS_tile *t, uint64_t row_pitch, uint64_t qpitch, uint64_t u,
                         uint64_t v, uint64_t slice, uint32_t in_tile_r, uint32_t in_tile_s,
                         uint64_t *out) {
    uint64_t rows, id;
    if (!tuB_mul_u64(slice, qpitch, &rows) || !tuB_add_u64(v, rows, &v)) return false;
    const uint64_t tiles_per_row = row_pitch >> t->log2[TUS_SWZ_U];
    if (!tuB_mul_u64(v >> t->log2[TUS_SWZ_V], tiles_per_row, &id) ||
        !tuB_add_u64(id, u >> t->log2[TUS_SWZ_U], &id) || id > (UINT64_MAX >> t->bits))
        return false;
    *out =
        (id << t->bits) | tuS_tile_swizzle(t, (uint32_t)(u & (t->width_bytes - 1)),
                                           (uint32_t)(v & (t->height - 1)), in_tile_r, in_tile_s);
    return true;
}

/* Which slice (z slice group, or layer and sample group) and what the tile holds of z or of
 * the sample. */
static uint64_t slice_of(const tuS_tile *t, bool is_3d, uint32_t samples, uint32_t z,
                         uint32_t layer, uint32_t sample, uint32_t *r, uint32_t *s) {
    if (is_3d) {
        *r = z & (t->depth - 1);
        *s = 0;
        return z >> t->log2[TUS_SWZ_R];
    }
    const uint32_t in_tile = tuB_min_u32(samples, t->samples);
    *r = 0;
    *s = sample & (in_tile - 1);
    return (uint64_t)layer * (samples / in_tile) + sample / in_tile;
}

uint64_t tuS_intel_byte_offset(const tuS_intel_layout *l, uint32_t level, uint32_t x, uint32_t y,
                               uint32_t z, uint32_t layer, uint32_t sample, uint32_t byte) {
    uint32_t r, s;
    const uint64_t slice = slice_of(&l->tile, l->shape.type == TU_SURFACE_3D, l->shape.samples,
                                    z + l->level_z[level], layer, sample, &r, &s);
    const uint64_t u = ((uint64_t)l->level_x[level] + x) * l->shape.bytes + byte;
    const uint64_t v = (uint64_t)l->level_y[level] + y;
    uint64_t off = 0;
    tiled_offset(&l->tile, l->row_pitch, l->qpitch, u, v, slice, r, s, &off); /* < size */
    return off;
}

/* Both copies walk one level image element by element (block by block for a compressed
 * format) and byte by byte (a 3, 6 or 12-byte element may straddle two 16-byte columns of a
 * tile). */
static void copy_image(const tuS_intel_layout *l, uint32_t level, uint32_t layer, uint32_t sample,
                       uint8_t *tiled, const uint8_t *tiled_src, uint8_t *linear,
                       const uint8_t *linear_src, uint64_t row_pitch, uint64_t slice_pitch) {
    const uint32_t w = level_el(l->shape.width, level, tuB_max_u32(1, l->shape.bw));
    const uint32_t h = level_el(l->shape.height, level, tuB_max_u32(1, l->shape.bh));
    const uint32_t d = l->shape.type == TU_SURFACE_3D ? tuB_max_u32(1, l->shape.depth >> level) : 1;
    const uint32_t bytes = l->shape.bytes;
    for (uint32_t z = 0; z < d; z++)
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++)
                for (uint32_t b = 0; b < bytes; b++) {
                    const uint64_t lin = z * slice_pitch + y * row_pitch + (uint64_t)x * bytes + b;
                    const uint64_t til = tuS_intel_byte_offset(l, level, x, y, z, layer, sample, b);
                    if (tiled)
                        tiled[til] = linear_src[lin];
                    else
                        linear[lin] = tiled_src[til];
                }
}

void tuS_intel_copy_to_tiled(const tuS_intel_layout *l, uint32_t level, uint32_t layer,
                             uint32_t sample, const uint8_t *linear, uint64_t linear_row_pitch,
                             uint64_t linear_slice_pitch, uint8_t *tiled) {
    copy_image(l, level, layer, sample, tiled, NULL, NULL, linear, linear_row_pitch,
               linear_slice_pitch);
}

void tuS_intel_copy_from_tiled(const tuS_intel_layout *l, uint32_t level, uint32_t layer,
                               uint32_t sample, const uint8_t *tiled, uint8_t *linear,
                               uint64_t linear_row_pitch, uint64_t linear_slice_pitch) {
    copy_image(l, level, layer, sample, NULL, tiled, linear, NULL, linear_row_pitch,
               linear_slice_pitch);
}

/* --- tu_surface's Intel tilings ---------------------------------------------------------- */

static const char *const tiling_names[] = {"linear", "nv_block_linear", "x", "y", "4", "64"};

const char *tu_tiling_name(tu_tiling tiling) {
    return (unsigned)tiling < sizeof tiling_names / sizeof tiling_names[0] ? tiling_names[tiling]
                                                                           : "?";
}

void tuS_tiling_list(char *buf, size_t size) {
    size_t n = 0;
    buf[0] = 0;
    for (unsigned t = 0; t < sizeof tiling_names / sizeof tiling_names[0]; t++)
        n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s (%u)", t ? ", " : "",
                              tiling_names[t], t);
}

static tuS_intel_tiling intel_of(tu_tiling t) {
    return (tuS_intel_tiling)(t - TU_TILING_INTEL_X);
}

static tuS_intel_shape shape_of(const tu_surface *s) {
    const tu_format_desc *fd = tu_format_describe(s->format);
    return (tuS_intel_shape){s->type,         tu_format_bytes(s->format),
                             s->width,        s->height,
                             s->depth,        s->layers,
                             s->levels,       s->samples,
                             fd->block_width, fd->block_height};
}

tu_status tuS_intel_check_shape(const tu_surface *s, tu_error *err) {
    const uint32_t bytes = tu_format_bytes(s->format);
    /* Decision (docs/semantics.md, "Intel tilings"): 3, 6 and 12-byte texels stay linear.
     * isl can lay them out in X, Y and 4 (isl_tiling_get_info(): "treat the tile as if it is
     * three times as wide", tuS_intel_layout_init does), but no driver tiles them: anv's
     * anv_get_format_plane() says "Tiled formats *must* be power-of-two" and stores an
     * optimally tiled R8G8B8, R16G16B16 or R32G32B32 image as RGBX or RGBA under the hood, and
     * Tile-64 is "not defined for format sizes that are 24, 48, and 96 bpb"
     * (isl_gfx125_filter_tiling()). */
    TU_RETURN_IF(!is_pow2(bytes), err, TU_UNSUPPORTED,
                 "surface format %s (%u-byte texels) with tiling %s: Intel tilings take 1, 2, 4, "
                 "8 and 16-byte texels; drivers tile 24, 48 and 96-bit formats as RGBX/RGBA "
                 "(anv: \"Tiled formats *must* be power-of-two\"), so use a 4-channel format",
                 tu_format_describe(s->format)->name, bytes, tu_tiling_name(s->tiling));
    const tuS_intel_shape shape = shape_of(s);
    tuS_tile t;
    TU_TRY(tuS_intel_tile(intel_of(s->tiling), s->type, bytes, s->samples, &t, err));
    uint32_t halign, valign;
    const intel_gen *gen = NULL;
    return check_and_align(intel_of(s->tiling), 0, &shape, &t, &gen, &halign, &valign, err);
}

/* The slices level L's elements fall in: for 3D the groups of slices a tile holds that z
 * slices tile_z .. tile_z + d - 1 reach. */
static uint64_t level_slices(const tu_surface *s, const tuS_tile *t, uint32_t tile_z, uint32_t d) {
    if (s->type == TU_SURFACE_3D) return (((uint64_t)tile_z + d - 1) >> t->log2[TUS_SWZ_R]) + 1;
    return (uint64_t)s->layers * (s->samples / tuB_min_u32(s->samples, t->samples));
}

tu_status tuS_intel_check_level(const tu_surface *s, uint32_t L, tu_error *err) {
    const tu_level_layout *lv = &s->level[L];
    const uint32_t bytes = tu_format_bytes(s->format);
    tuS_tile t;
    TU_TRY(tuS_intel_tile(intel_of(s->tiling), s->type, bytes, s->samples, &t, err));
    TU_RETURN_IF(lv->slice_pitch || lv->sample_pitch, err, TU_INVALID_ARGUMENT,
                 "surface level[%u] slice_pitch %llu, sample_pitch %llu must be 0 for tiling %s "
                 "(slices follow every layer_pitch rows)",
                 L, (unsigned long long)lv->slice_pitch, (unsigned long long)lv->sample_pitch,
                 tu_tiling_name(s->tiling));
    TU_RETURN_IF(lv->row_pitch == 0 || lv->row_pitch % t.width_bytes != 0, err, TU_INVALID_ARGUMENT,
                 "surface level[%u].row_pitch %llu is not a non-zero multiple of the %u-byte "
                 "width of a tile %s",
                 L, (unsigned long long)lv->row_pitch, t.width_bytes, tu_tiling_name(s->tiling));
    TU_RETURN_IF(lv->tile_z && s->type != TU_SURFACE_3D, err, TU_INVALID_ARGUMENT,
                 "surface level[%u].tile_z %u must be 0: only 3D surfaces have z slices", L,
                 lv->tile_z);
    uint32_t w, h, d;
    tuS_mip_extent(s, L, &w, &h, &d);
    tuS_block_grid(s, w, h, &w, &h); /* a compressed level: elements are blocks */
    const uint64_t row_end = ((uint64_t)lv->tile_x + w) * bytes;
    TU_RETURN_IF(row_end > lv->row_pitch, err, TU_INVALID_ARGUMENT,
                 "surface level[%u]: tile_x %u plus %u elements of %u bytes end at byte %llu, "
                 "beyond row_pitch %llu",
                 L, lv->tile_x, w, bytes, (unsigned long long)row_end,
                 (unsigned long long)lv->row_pitch);
    const uint64_t rows = (uint64_t)lv->tile_y + h, slices = level_slices(s, &t, lv->tile_z, d);
    TU_RETURN_IF(slices > 1 && lv->layer_pitch < rows, err, TU_INVALID_ARGUMENT,
                 "surface level[%u].layer_pitch (QPitch) %llu rows is less than the %llu rows "
                 "from the top of a slice to the level's last row",
                 L, (unsigned long long)lv->layer_pitch, (unsigned long long)rows);
    /* Every texel's tile lies in the rows of tiles up to the one holding the last row of the
     * last slice (tiled_offset: the tile column is below row_pitch / tile width). */
    uint64_t last_row, tiles, end;
    const bool ok = tuB_mul_u64(slices - 1, lv->layer_pitch, &last_row) &&
                    tuB_add_u64(last_row, rows - 1, &last_row) &&
                    tuB_mul_u64((last_row >> t.log2[TUS_SWZ_V]) + 1,
                                lv->row_pitch >> t.log2[TUS_SWZ_U], &tiles) &&
                    tiles <= (UINT64_MAX >> t.bits) &&
                    tuB_add_u64(lv->offset, tiles << t.bits, &end);
    TU_RETURN_IF(!ok, err, TU_INVALID_ARGUMENT,
                 "surface level[%u]: the tiled level overflows 64-bit byte offsets", L);
    TU_RETURN_IF(end > s->size, err, TU_INVALID_ARGUMENT,
                 "surface level[%u]: its tiles (offset %llu, %llu bytes) do not fit in size %zu", L,
                 (unsigned long long)lv->offset, (unsigned long long)(tiles << t.bits), s->size);
    return TU_OK;
}

bool tuS_intel_texel_offset(const tu_surface *s, uint32_t L, const tu_texel_coord *c,
                            uint64_t *offset) {
    const tu_level_layout *lv = &s->level[L];
    const uint32_t bytes = tu_format_bytes(s->format);
    tuS_tile t;
    if (tuS_intel_tile(intel_of(s->tiling), s->type, bytes, s->samples, &t, NULL) != TU_OK ||
        !is_pow2(bytes))
        return false;
    /* the element holding the texel: for a compressed format its block (the gate then
     * checks the block's bytes) */
    const tu_format_desc *fd = tu_format_describe(s->format);
    const uint32_t x = c->x / fd->block_width, y = c->y / fd->block_height;
    const uint64_t z = (uint64_t)c->z + lv->tile_z;
    if (z > UINT32_MAX) return false;
    uint32_t r, smp;
    const uint64_t slice = slice_of(&t, s->type == TU_SURFACE_3D, s->samples, (uint32_t)z, c->layer,
                                    c->sample, &r, &smp);
    const uint64_t u = ((uint64_t)lv->tile_x + x) * bytes, v = (uint64_t)lv->tile_y + y;
    uint64_t in_surface;
    return tiled_offset(&t, lv->row_pitch, lv->layer_pitch, u, v, slice, r, smp, &in_surface) &&
           tuB_add_u64(lv->offset, in_surface, offset);
}

tu_status tu_surface_layout_intel(tu_surface *s, uint64_t *required_size, tu_error *err) {
    return tu_surface_layout_intel_gen(s, 0, required_size, err);
}

tu_status tu_surface_layout_intel_gen(tu_surface *s, uint32_t verx10, uint64_t *required_size,
                                      tu_error *err) {
    TU_RETURN_IF(!s, err, TU_INVALID_ARGUMENT, "surface is NULL");
    TU_RETURN_IF(!tuS_tiling_is_intel(s->tiling), err, TU_INVALID_ARGUMENT,
                 "surface tiling %s (%d) is not an Intel tiling (x, y, 4, 64)",
                 tu_tiling_name(s->tiling), (int)s->tiling);
    TU_TRY(tuS_check_shape(s, err));
    const tuS_intel_shape shape = shape_of(s);
    tuS_intel_layout l;
    TU_TRY(tuS_intel_layout_init_gen(intel_of(s->tiling), verx10, &shape, &l, err));
    for (uint32_t L = 0; L < TU_MAX_LEVELS; L++)
        s->level[L] = L < s->levels ? (tu_level_layout){.row_pitch = l.row_pitch,
                                                        .layer_pitch = l.qpitch,
                                                        .tile_x = l.level_x[L],
                                                        .tile_y = l.level_y[L],
                                                        .tile_z = l.level_z[L]}
                                    : (tu_level_layout){0};
    if (required_size) *required_size = l.size;
    return TU_OK;
}
