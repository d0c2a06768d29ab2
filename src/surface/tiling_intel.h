/* SPDX-License-Identifier: MIT */
/*
 * tiling_intel.h - Intel's tiled layouts as Mesa's isl lays them out: Tile-X, Tile-Y
 * (legacy Y-major), Tile-4 (Xe-HP and later) and Tile-64 (64 KiB, 2D, 3D and multisample).
 *
 * A tiling is data: per address bit of a tile, which bit of which coordinate it holds
 * (u = byte column, v = row, r = slice, s = sample), the form of isl's swizzle tables
 * (isl.c, tilex_swiz, tiley_swiz, tile4_swiz, acm_tile64_*_swiz; isl_tiling_get_info()).
 * The tile's extents follow from the bits: 2^(number of u bits) bytes wide, 2^(v bits) rows,
 * 2^(r bits) slices, 2^(s bits) samples. One function turns (u, v, r, s) into an address.
 *
 * The surface around the tiles is isl's ISL_DIM_LAYOUT_GFX4_2D, which isl uses for every 2D,
 * cube and 3D surface from Gfx9 on: one "slice" is the 2D mip tree of one array layer (or one
 * z slice, or one sample), level 0 at the top, level 1 below it, levels 2 and up stacked
 * below each other to the right of level 1; slices follow each other every QPitch rows.
 */
#ifndef TEXUNIT_TILING_INTEL_H
#define TEXUNIT_TILING_INTEL_H

#include "surface_internal.h"

typedef enum tuS_intel_tiling {
    TUS_TILE_X,  /* 4 KiB, 512 B x 8 rows, rows linear inside the tile */
    TUS_TILE_Y,  /* 4 KiB, 128 B x 32 rows, 16-byte columns of 32 rows (Y-major) */
    TUS_TILE_4,  /* 4 KiB, 128 B x 32 rows, 64-byte blocks of 16 B x 4 rows */
    TUS_TILE_64, /* 64 KiB, shape per element size, dimension and samples */
    TUS_TILE_COUNT
} tuS_intel_tiling;

/* Coordinate kinds of a swizzle entry (bits 7..6); bits 5..0 are the bit index. */
enum { TUS_SWZ_U = 0, TUS_SWZ_V = 1, TUS_SWZ_R = 2, TUS_SWZ_S = 3 };

/* One tile shape: the swizzle, address bit 0 first, and the extents it implies. */
typedef struct tuS_tile {
    const uint8_t *swizzle;
    uint32_t bits;        /* log2 of the tile's bytes: 12 or 16 */
    uint32_t log2[4];     /* number of u, v, r, s bits */
    uint32_t width_bytes; /* 2^log2[U] */
    uint32_t height;      /* 2^log2[V] rows */
    uint32_t depth;       /* 2^log2[R] slices */
    uint32_t samples;     /* 2^log2[S] samples held inside one tile */
} tuS_tile;

/* What a tiled surface is: the fields of tu_surface the layout reads. */
typedef struct tuS_intel_shape {
    tu_surface_type type; /* 2D, CUBE or 3D (1D and buffers stay linear) */
    uint32_t bytes;       /* element bytes: 1, 2, 4, 8, 16 or 3, 6, 12 (not Tile-64) */
    uint32_t width, height, depth;
    uint32_t layers; /* array layers, or faces of a cube */
    uint32_t levels;
    uint32_t samples;
    /* Block-compressed formats: the block's width and height in texels (0 or 1 otherwise).
     * isl tiles such a surface as an image of its blocks: an element is one block of `bytes`
     * bytes, level L is ceil(max(1, width >> L) / bw) elements wide (isl_surf_init(),
     * isl_calc_phys_total_extent_el_gfx4_2d() divide the sample extents by the block). */
    uint32_t bw, bh;
} tuS_intel_shape;

/* Where everything of a tiled surface is. */
typedef struct tuS_intel_layout {
    tuS_intel_tiling tiling;
    tuS_intel_shape shape;
    tuS_tile tile;
    uint32_t verx10;                                         /* the generation whose rules */
    uint32_t halign, valign;                                 /* image alignment in elements */
    uint32_t level_x[TU_MAX_LEVELS], level_y[TU_MAX_LEVELS]; /* in elements, in slice 0 */
    uint32_t level_z[TU_MAX_LEVELS]; /* z slices a 3D mip-tail level is moved by (else 0) */
    uint32_t miptail_start;          /* first level of the mip tail; levels when none */
    uint32_t slice_height;           /* rows of one slice's mip tree */
    uint32_t qpitch;                 /* rows from one slice to the next */
    uint32_t slices;                 /* slices in the surface */
    uint64_t row_pitch;              /* bytes, whole tiles (three tiles per group for 3, 6, 12) */
    uint64_t size;                   /* bytes, whole rows of tiles */
} tuS_intel_layout;

/* The tile of `tiling` for elements of `bytes` bytes in a surface of `type` with `samples`
 * samples. Returns TU_OK or TU_INVALID_ARGUMENT / TU_UNSUPPORTED naming the field. */
tu_status tuS_intel_tile(tuS_intel_tiling tiling, tu_surface_type type, uint32_t bytes,
                         uint32_t samples, tuS_tile *tile, tu_error *err);

/* Lay out a surface of `shape` in `tiling`. Returns TU_OK, or TU_INVALID_ARGUMENT /
 * TU_UNSUPPORTED naming the field (zero sizes, a type or element size or sample count the
 * tiling does not take, a mip chain too long, 64-bit overflow). */
tu_status tuS_intel_layout_init(tuS_intel_tiling tiling, const tuS_intel_shape *shape,
                                tuS_intel_layout *out, tu_error *err);

/* The same with one generation's rules, named by Mesa's devinfo->verx10: 90, 110, 120, 125
 * or 200; 0 is the tiling's default (Gfx9 for Tile-X and Tile-Y, Gfx12.5 for Tile-4 and
 * Tile-64), which tuS_intel_layout_init uses. */
tu_status tuS_intel_layout_init_gen(tuS_intel_tiling tiling, uint32_t verx10,
                                    const tuS_intel_shape *shape, tuS_intel_layout *out,
                                    tu_error *err);

/* The address of byte (u, v, r, s) inside one tile: u < width_bytes, v < height, ... */
static inline uint32_t tuS_tile_swizzle(const tuS_tile *t, uint32_t u, uint32_t v, uint32_t r,
                                        uint32_t s) {
    const uint32_t coord[4] = {u, v, r, s};
    uint32_t addr = 0;
    for (uint32_t i = 0; i < t->bits; i++) {
        const uint8_t e = t->swizzle[i];
        addr |= ((coord[e >> 6] >> (e & 63)) & 1u) << i;
    }
    return addr;
}

/* The byte offset of byte `byte` of the element at (x, y, z, layer, sample) of memory level
 * `level`. Coordinates must lie inside the level (the caller checks); the result is then
 * < size. x and y count elements (blocks of a compressed format); z is the slice of a 3D
 * surface; layer the array layer (6 * cube + face). */
uint64_t tuS_intel_byte_offset(const tuS_intel_layout *l, uint32_t level, uint32_t x, uint32_t y,
                               uint32_t z, uint32_t layer, uint32_t sample, uint32_t byte);

/* Copy one level / layer / sample image (every z slice of a 3D level) between linear memory
 * (rows of elements `linear_row_pitch` bytes apart, slices `linear_slice_pitch` apart; a
 * compressed level's rows are rows of blocks) and the tiled
 * surface at `tiled` (l->size bytes), as isl_memcpy_linear_to_tiled and _tiled_to_linear do.
 * The caller validates sizes. */
void tuS_intel_copy_to_tiled(const tuS_intel_layout *l, uint32_t level, uint32_t layer,
                             uint32_t sample, const uint8_t *linear, uint64_t linear_row_pitch,
                             uint64_t linear_slice_pitch, uint8_t *tiled);
void tuS_intel_copy_from_tiled(const tuS_intel_layout *l, uint32_t level, uint32_t layer,
                               uint32_t sample, const uint8_t *tiled, uint8_t *linear,
                               uint64_t linear_row_pitch, uint64_t linear_slice_pitch);

/* "x", "y", "4", "64". */
const char *tuS_intel_tiling_name(tuS_intel_tiling tiling);

/* Every tu_tiling by tu_tiling_name with its number, "linear (0), nv_block_linear (1), ...",
 * for messages that give the legal tilings. */
void tuS_tiling_list(char *buf, size_t size);

/* --- tu_surface's Intel tilings (TU_TILING_INTEL_*) ------------------------------------ */

static inline bool tuS_tiling_is_intel(tu_tiling t) {
    return t >= TU_TILING_INTEL_X && t <= TU_TILING_INTEL_64;
}

/* The tiling rules of tuS_intel_layout_init for a surface's shape, and an element size that
 * is a power of two (3, 6 and 12-byte texels are refused: docs/semantics.md). */
tu_status tuS_intel_check_shape(const tu_surface *s, tu_error *err);

/* Check level L's layout fields: pitches whole tiles, the level's rows and slices inside
 * the row pitch and QPitch, every tile its texels touch inside [0, size). */
tu_status tuS_intel_check_level(const tu_surface *s, uint32_t L, tu_error *err);

/* The byte offset of texel c of memory level L (coordinates already inside the level), with
 * checked arithmetic: false on overflow. */
bool tuS_intel_texel_offset(const tu_surface *s, uint32_t L, const tu_texel_coord *c,
                            uint64_t *offset);

#endif /* TEXUNIT_TILING_INTEL_H */
