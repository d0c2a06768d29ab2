/* SPDX-License-Identifier: MIT */
/*
 * texunit/surface.h - one image view over caller-owned memory.
 *
 * A tu_surface says what the texels are (type, format, sizes, mip chain, layers,
 * samples), where they are (a base pointer, a byte size, and per-level offsets and
 * pitches), and what goes with them (an MCS surface for compressed multisample, a
 * residency map of null pages, a clear colour). The engine reads texels only through
 * tu_surface_texel_offset's rules, so no description can make texunit read outside
 * [data, data + size).
 *
 * Conventions (docs/semantics.md, "Surfaces"):
 *   - 1D surfaces have height = depth = 1; 2D and cube have depth = 1; cube surfaces
 *     are square. BUFFER surfaces are 1D, one level, one layer, one sample.
 *   - `layers` counts array layers; for cube surfaces it counts faces: 6 for a cube,
 *     6 * n for a cube array (layer = 6 * cube + face, faces +X -X +Y -Y +Z -Z).
 *   - Level numbers given to the address functions are relative to the view: level 0
 *     is `base_level`, and the view has `level_count` levels.
 *   - Multisample surfaces are 2D (optionally arrayed), one level.
 */
#ifndef TEXUNIT_SURFACE_H
#define TEXUNIT_SURFACE_H

#include "texunit/format.h"
#include "texunit/status.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tu_surface_type {
    TU_SURFACE_1D,
    TU_SURFACE_2D,
    TU_SURFACE_3D,
    TU_SURFACE_CUBE,
    TU_SURFACE_BUFFER
} tu_surface_type;

/* How texels are placed in memory. Tiled layouts add values here behind the same
 * texel-address function. */
typedef enum tu_tiling {
    TU_TILING_LINEAR, /* address = offset + layer*layer_pitch + sample*sample_pitch
                         + z*slice_pitch + y*row_pitch + x*bytes */
    /* NVIDIA block-linear (envytools docs/hw/memory/g80-surface.rst): GOBs of 64 bytes x 8 rows in
     * the Tegra X1 byte order, blocks of 1 x 2^bh x 2^bd GOBs (bh, bd = gob_height_log2,
     * gob_depth_log2, shrunk per level as the hardware does), blocks in x, y, z order.
     * address = offset + layer*layer_pitch + the GOB rules for (x, y, z); row_pitch,
     * slice_pitch and sample_pitch must be 0. A multisample surface stores sample s of
     * pixel (x, y) at (x*sx + dx, y*sy + dy) of a grid sx x sy times larger (2x1, 2x2, 4x2,
     * 4x4 for 2, 4, 8, 16 samples). tu_surface_layout_block_linear fills the layout. */
    TU_TILING_NV_BLOCK_LINEAR,
    /* Intel tilings as Mesa's isl lays them out (docs/semantics.md, "Intel tilings"): 2D,
     * cube and 3D surfaces of 1, 2, 4, 8 or 16-byte texels, or of the blocks of a
     * block-compressed format (an element is one block: x and y below count blocks). One
     * "slice" is the 2D mip tree of an array layer (each sample one slice after another,
     * beyond those a Tile-64 tile holds), or of a 3D z slice (2^r of them inside a Tile-64
     * tile); slices follow every QPitch rows. For level L, level[L].offset is the byte offset
     * of the surface's first tile, level[L].row_pitch the bytes of one row of the surface
     * (whole tiles), level[L].layer_pitch the QPitch in rows, level[L].tile_x / tile_y where
     * the level starts in the mip tree (elements, rows; a Tile-64 mip-tail level's slot is
     * included) and tile_z the slices a Tile-64 3D mip-tail level is moved by; slice_pitch and
     * sample_pitch are 0. Element (x, y, z) of slice n = (z + tile_z) / slices per tile (3D)
     * or the layer's is byte u = (tile_x + x) * bytes of row v = tile_y + y + n * QPitch, at
     * offset + tile id * tile bytes + the tiling's swizzle of (u, v, (z + tile_z) % slices per
     * tile) inside the tile, tile id = (v / tile height) * (row_pitch / tile width) + u / tile
     * width. tu_surface_layout_intel fills the layout. */
    TU_TILING_INTEL_X, /* Tile-X: 4 KiB tiles of 512 B x 8 rows */
    TU_TILING_INTEL_Y, /* legacy Tile-Y (Y-major): 4 KiB tiles of 128 B x 32 rows */
    TU_TILING_INTEL_4, /* Tile-4 (Xe-HP and later): 4 KiB tiles of 128 B x 32 rows */
    TU_TILING_INTEL_64 /* Tile-64 (Xe-HP): 64 KiB tiles shaped by texel size, 3D, samples */
} tu_tiling;

enum {
    TU_MAX_LEVELS = 17,             /* a 65536-texel chain */
    TU_MAX_DIMENSION = 65536,       /* width, height, depth of images */
    TU_MAX_LAYERS = 65536,          /* array layers (faces for cube surfaces) */
    TU_MAX_BUFFER_WIDTH = 1u << 30, /* texels of a BUFFER surface */
    TU_MAX_SAMPLES = 16,
    TU_MAX_PLANES = 4 /* MEDIA_LD's plane index is 0..3 */
};

/* Where the texels of one mip level are, in bytes from the surface's data pointer. */
typedef struct tu_level_layout {
    uint64_t offset;         /* texel (0,0,0) of layer 0, sample 0 */
    uint64_t row_pitch;      /* from one row to the next */
    uint64_t slice_pitch;    /* from one z slice to the next (3D) */
    uint64_t sample_pitch;   /* from one sample to the next (multisample) */
    uint64_t layer_pitch;    /* from one array layer (or cube face) to the next */
    uint32_t tile_x, tile_y; /* Intel tilings: the level's place in the mip tree; 0 otherwise */
    uint32_t tile_z;         /* Intel Tile-64 3D: slices a mip-tail level is moved by; else 0 */
} tu_level_layout;

/* Which pages of the surface's memory are backed. A page is 2^page_size_log2 bytes
 * of [data, data + size); page p is resident when bit p of `bits` (bit p & 7 of byte
 * p >> 3) is 1. A texel (or block, or data-port element) with any byte on a non-resident
 * page reads as zero, takes no write, and clears the lane's pixel-null-mask bit (Intel) or
 * sets its sparse predicate (NVIDIA). */
typedef struct tu_residency {
    const uint8_t *bits;
    size_t bits_size; /* bytes at `bits`; must cover every page of the surface */
    uint32_t page_size_log2;
} tu_residency;

/* One plane of a planar (video) surface, in elements of its own format. */
typedef struct tu_plane {
    tu_format format; /* the plane's element: R8_UNORM for NV12's Y, R8G8_UNORM for its UV */
    uint32_t width, height;
    uint64_t offset, row_pitch; /* bytes from the surface's data */
} tu_plane;

/* The planar layouts tu_surface_layout_planar knows. */
typedef enum tu_planar {
    TU_PLANAR_NV12, /* Y plane of R8, then an interleaved UV plane of R8G8 at half size */
    TU_PLANAR_P010  /* the same with 16-bit elements (10 significant bits, high-aligned) */
} tu_planar;

typedef struct tu_surface tu_surface;

struct tu_surface {
    tu_surface_type type;
    bool arrayed; /* 1D, 2D and cube only */
    tu_format format;
    tu_tiling tiling;
    /* TU_TILING_NV_BLOCK_LINEAR only (0 otherwise): log2 of the block height and depth in
     * GOBs, 0..5, as the texture header's GOBS_PER_BLOCK_HEIGHT / _DEPTH hold them. Level L
     * uses min(gob_height_log2, ceil_log2(ceil(rows_L / 8))) and
     * min(gob_depth_log2, ceil_log2(depth_L)): computed, not stored. */
    uint8_t gob_height_log2, gob_depth_log2;
    uint32_t width, height, depth; /* of level 0 of the memory chain */
    uint32_t layers;               /* >= 1; faces for cube surfaces */
    uint32_t levels;               /* mip levels present in memory, >= 1 */
    uint32_t base_level;           /* the view: levels [base_level, base_level+level_count) */
    uint32_t level_count;
    uint32_t samples; /* 1, 2, 4, 8 or 16 */

    void *data;  /* caller-owned memory; texunit reads it, and writes it only where a
                    function says so: the fill functions, tu_surface_copy_texels' dst,
                    the dataport's stores and atomics, the io module's readers */
    size_t size; /* bytes at data */
    tu_level_layout level[TU_MAX_LEVELS]; /* indexed by memory level, not view level */

    /* Compressed multisample: a 2D single-sample surface of the same width, height and
     * layers holding one MCS element per pixel: R8_UINT for 2x and 4x, R32_UINT for 8x,
     * R32G32_UINT for 16x (Mesa isl_format_layout.csv, MCS_2X..MCS_16X). NULL: no compression. */
    const tu_surface *mcs;
    tu_texel clear_color; /* what an all-ones MCS element reads as, in the format's class */

    const tu_residency *residency; /* NULL: every page is resident */

    /* Planar surfaces (MEDIA_LD's plane index): plane_count 0 means one plane, the surface's
     * level 0, layer 0; otherwise plane[0..plane_count-1] describe the planes. */
    uint32_t plane_count;
    tu_plane plane[TU_MAX_PLANES];
};

/* A texel's position in a surface. level is relative to the view's base_level. */
typedef struct tu_texel_coord {
    uint32_t x, y, z;
    uint32_t layer; /* array layer, or 6 * cube + face */
    uint32_t level;
    uint32_t sample;
} tu_texel_coord;

/*
 * Fill s->level[] with the standard packed layout and set *required_size to the bytes
 * it needs: levels one after another, each level its layers, each layer its samples,
 * each sample its z slices, each slice its rows, rows tightly packed (the order of a
 * raw texel blob). Reads type, arrayed, format, width, height, depth, layers, levels
 * and samples, which must be valid; leaves data and size alone.
 * Returns TU_OK or TU_INVALID_ARGUMENT (with the field named in err).
 */
TU_API tu_status tu_surface_layout_packed(tu_surface *s, uint64_t *required_size, tu_error *err);

/*
 * Fill s->level[] with NVIDIA's block-linear layout (envytools docs/hw/memory/g80-surface.rst) and
 * set *required_size: every level of layer 0 back to back (each level a whole number of its
 * blocks), then the next layer at a layer stride of that total rounded up to one block of
 * level 0. Sets tiling to TU_TILING_NV_BLOCK_LINEAR and every level's layer_pitch to the
 * stride; row, slice and sample pitches to 0. Reads type, arrayed, format, width, height,
 * depth, layers, levels, samples, gob_height_log2 and gob_depth_log2, which must be valid.
 * Returns TU_OK or TU_INVALID_ARGUMENT naming the field.
 */
TU_API tu_status tu_surface_layout_block_linear(tu_surface *s, uint64_t *required_size,
                                                tu_error *err);

/*
 * Fill s->level[] with the Intel tiled layout of s->tiling (TU_TILING_INTEL_X, _Y, _4 or _64)
 * as Mesa's isl makes it (docs/semantics.md, "Intel tilings") and set *required_size: the
 * 2D mip tree with isl's image alignment, QPitch and whole-tile row pitch, slices of array
 * layers, samples or z slices, Tile-64's mip tail, a compressed format's blocks as elements,
 * the surface a whole number of rows of tiles. Reads type,
 * arrayed, format, tiling, width, height, depth, layers, levels and samples, which must be
 * valid. Returns TU_OK, TU_INVALID_ARGUMENT or TU_UNSUPPORTED naming the field.
 */
TU_API tu_status tu_surface_layout_intel(tu_surface *s, uint64_t *required_size, tu_error *err);

/*
 * tu_surface_layout_intel with the rules of one generation, named by Mesa's devinfo->verx10:
 * 90 (Gfx9, Skylake), 110 (Gfx11, Ice Lake), 120 (Gfx12, Tiger Lake), 125 (Gfx12.5, DG2),
 * 200 (Xe2); 0 is the tiling's default, the layout of tu_surface_layout_intel (Gfx9 for
 * tilings x and y, Gfx12.5 for 4 and 64). The generation decides which tilings exist (y up to
 * Gfx12, 4 and 64 from Gfx12.5), whether Tile-X takes 3D surfaces (up to Gfx12), the image
 * alignment (compressed formats: 4 x 4 blocks up to Gfx12, 64 bytes of blocks by 4 rows from
 * Gfx12.5) and Gfx12's 512-byte row pitch (docs/semantics.md, "Intel tilings"). The level
 * fields it fills address the same way on every generation. Returns TU_OK,
 * TU_INVALID_ARGUMENT (verx10 not one of those) or TU_UNSUPPORTED naming the rule.
 */
TU_API tu_status tu_surface_layout_intel_gen(tu_surface *s, uint32_t verx10,
                                             uint64_t *required_size, tu_error *err);

/* The verx10 of a generation's short name: "skl" 90, "icl" 110, "tgl" 120, "dg2" 125,
 * "xe2" 200 (the command line's tiling=T@NAME); 0 for any other name or NULL. */
TU_API uint32_t tu_intel_gen_from_name(const char *name);

/*
 * Copy every texel of every memory level, layer and sample from src to dst through the
 * address gate: two valid surfaces of the same type, format, sizes, layers, levels and
 * samples in any layouts (linear to tiled, tiled to linear, block-linear to linear...).
 * Writes dst->data. Returns TU_OK, or TU_INVALID_ARGUMENT naming the field that differs or
 * the validation error.
 */
TU_API tu_status tu_surface_copy_texels(tu_surface *dst, const tu_surface *src, tu_error *err);

/* "linear", "nv_block_linear", "x", "y", "4", "64" for the tilings, "?" otherwise. */
TU_API const char *tu_tiling_name(tu_tiling tiling);

/* "1D", "2D", "3D", "CUBE", "BUFFER" for the surface types, "?" otherwise. */
TU_API const char *tu_surface_type_name(tu_surface_type type);

/*
 * Describe a planar 2D surface of s->width x s->height pixels: type 2D, one level, one
 * layer; plane 0 (the luma, also the surface's level 0) then plane 1 (chroma,
 * ceil(width/2) x ceil(height/2) two-component elements), rows tightly packed. Sets
 * *required_size. Returns TU_OK or TU_INVALID_ARGUMENT (zero or oversized dimensions).
 */
TU_API tu_status tu_surface_layout_planar(tu_surface *s, tu_planar kind, uint64_t *required_size,
                                          tu_error *err);

/*
 * Check every field of s: legal type/arrayed/format/sample combinations, non-zero
 * sizes within the limits above, a mip chain no longer than the sizes allow, a view
 * inside the chain, pitches large enough for their rows, slices, samples and layers,
 * every texel of every level inside [data, data + size) with no arithmetic overflow,
 * the MCS surface (valid itself, right format and sizes), the residency map (covering
 * every page) and the planes (valid formats, inside the memory). Returns TU_OK or
 * TU_INVALID_ARGUMENT naming the field.
 */
TU_API tu_status tu_surface_validate(const tu_surface *s, tu_error *err);

/* The number of levels of a full mip chain for s's type and sizes:
 * floor(log2(largest size on the type's axes)) + 1. Reads type, width, height, depth. */
TU_API uint32_t tu_surface_max_levels(const tu_surface *s);

/* The extent of view level `level` (max(1, size >> (base_level + level)) per axis;
 * 1 for axes the type lacks). Returns false when level is outside the view. */
TU_API bool tu_surface_level_extent(const tu_surface *s, uint32_t level, uint32_t *width,
                                    uint32_t *height, uint32_t *depth);

/*
 * The byte offset from s->data of the texel at c. Refuses, with TU_OUT_OF_RANGE and a
 * sentence naming the coordinate, any position outside the view (level >= level_count,
 * layer >= layers, sample >= samples, x/y/z beyond the level's extent) and any texel
 * whose bytes would not lie wholly inside [data, data + size), whatever the layout
 * fields say: this is the one gate every read of texel memory goes through. For a
 * block-compressed format it is the offset of the block holding the texel, and the whole
 * block must lie inside memory.
 */
TU_API tu_status tu_surface_texel_offset(const tu_surface *s, const tu_texel_coord *c,
                                         uint64_t *offset, tu_error *err);

/* The texel at c decoded (tu_format_decode; a compressed format's texel decoded from its
 * block, sRGB R, G, B linearised as for the uncompressed sRGB formats), behind the same gate
 * as tu_surface_texel_offset, whose errors it returns. */
TU_API tu_status tu_surface_decode_texel(const tu_surface *s, const tu_texel_coord *c,
                                         tu_texel *out, tu_error *err);

/* The texel at c as a pointer into s->data, or NULL when tu_surface_texel_offset
 * refuses it. */
TU_API const void *tu_surface_texel_pointer(const tu_surface *s, const tu_texel_coord *c);

/* Whether the page holding byte `offset` of the surface is resident (true without a
 * residency map; false for an offset whose page the map does not cover). */
TU_API bool tu_surface_offset_resident(const tu_surface *s, uint64_t offset);

/*
 * The deterministic texel generator of texunit (also the `texture` line of the query
 * format). lowbias32 is Chris Wellons's integer hash; v = {level, layer, z, y, x, c}.
 */
TU_API uint32_t tu_texel_hash(uint32_t seed, uint32_t level, uint32_t layer, uint32_t x, uint32_t y,
                              uint32_t z, uint32_t c);

/*
 * The raw value the generator stores in field `channel` (an index into the format's
 * tu_format_desc.channels) of texel (level, layer, x, y, z), given the component index
 * c it hashes with: R, G, B, A = 0..3, depth 0, stencil 1, E5B9G9R9's exponent 3,
 * padding none (returns 0). The rules (issue "Foundation"): 8-bit fields h >> 24;
 * 16-bit floats the half of ((int)(h >> 21) - 1024) / 1024; 32-bit floats
 * ((int)(h >> 8) - 8388608) / 8388608.0f, but D32 depth (h >> 8) / 16777216.0f; every
 * other field the top `bits` bits of h. A compressed format has no fields: 0.
 */
TU_API uint32_t tu_texel_hash_field(tu_format format, unsigned channel, uint32_t seed,
                                    uint32_t level, uint32_t layer, uint32_t x, uint32_t y,
                                    uint32_t z);

/*
 * Write every texel of every memory level, layer and sample of s with the generator
 * (level = memory level; z = the 3D slice, or the sample index of a multisample
 * surface). s must pass tu_surface_validate. Returns TU_OK or its error. A compressed
 * surface gets, in every block, the deterministic encoding (src/format/compressed/, the
 * block encoders) of the generator's texels: component c of texel (x, y, z) from
 * h = tu_texel_hash(seed, level, layer, x, y, z, c) as (h >> 24) / 255 (UNORM, sRGB codes),
 * (int8_t)(h >> 24) / 127 (SNORM), ((int)(h >> 21) - 1024) / 1024 (BC6H, ASTC SFLOAT);
 * texels past the level's edge repeat the nearest one inside.
 */
TU_API tu_status tu_surface_fill_hash(const tu_surface *s, uint32_t seed, tu_error *err);

/*
 * Patterns a person can read in a sampled picture, beside the hash noise. Each is a colour
 * (r, g, b, a) in [0, 1] per texel (level = memory level; w, h, d its extent):
 *   HASH      tu_surface_fill_hash (the colour function does not apply)
 *   CHECKER   8x8x8 cells per level, cell = extent / 8 texels per axis; a cell is white
 *             (1,1,1,1) when (cx + cy + cz + layer) is even, else black (0,0,0,1); a level
 *             under 8 texels on an axis its type has is grey (0.5,0.5,0.5,1), the average
 *             of the cells a texel would hold (so the chain is the box-filtered checker)
 *   GRADIENT  ((x + 0.5) / w, (y + 0.5) / h, (z + 0.5) / d for 3D, else
 *             (layer + 0.5) / layers, 1)
 *   LEVELS    every texel of level L is tu_pattern_level_color(L)
 *   GRID      texels on a line every 8 texels (x % 8 == 0, y % 8 == 0 or, for 3D,
 *             z % 8 == 0) white (1,1,1,1), the others grey (0.25,0.25,0.25,1): the same
 *             texel spacing at every level, so texel density shows
 * The colour is stored as tu_format_encode writes it for float formats (sRGB formats
 * encode it as linear); integer formats store round(v * 255) (UINT) or round(v * 127)
 * (SINT); depth stores r, stencil round(g * 255) (S8_UINT: round(r * 255)).
 */
typedef enum tu_pattern {
    TU_PATTERN_HASH,
    TU_PATTERN_CHECKER,
    TU_PATTERN_GRADIENT,
    TU_PATTERN_LEVELS,
    TU_PATTERN_GRID,
    TU_PATTERN_COUNT
} tu_pattern;

/* "hash", "checker", "gradient", "levels", "grid"; NULL outside the enum. */
TU_API const char *tu_pattern_name(tu_pattern pattern);
/* The pattern of that name (lowercase), or TU_PATTERN_COUNT. */
TU_API tu_pattern tu_pattern_from_name(const char *name);

/* The LEVELS colour of mip level `level` (17 distinct colours; level 0 red, 1 green,
 * 2 blue, 3 yellow, 4 magenta, 5 cyan, then mixes; levels past 16 repeat level 16). */
TU_API void tu_pattern_level_color(uint32_t level, float rgba[4]);

/* The colour of texel (x, y, z) of memory level `level`, layer `layer` of s for a
 * pattern other than HASH (zeros for HASH and invalid patterns). s needs type, format,
 * width, height, depth and layers. */
TU_API void tu_pattern_color(const tu_surface *s, tu_pattern pattern, uint32_t level,
                             uint32_t layer, uint32_t x, uint32_t y, uint32_t z, float rgba[4]);

/* Progress of long work: report(user, done, total) is called as the work advances (done
 * counts up to total, in the work's own units; fill: rows of texels). The library calls it
 * and nothing else: what it shows, if anything, is the caller's. */
typedef struct tu_progress {
    void (*report)(void *user, uint64_t done, uint64_t total);
    void *user;
} tu_progress;

/*
 * Write every texel of every memory level, layer and sample of s with `pattern` (seed
 * is used by TU_PATTERN_HASH only), reporting each row to `progress` (NULL: none).
 * s must pass tu_surface_validate. Returns TU_OK, its error, or TU_INVALID_ARGUMENT for a
 * pattern outside the enum.
 */
TU_API tu_status tu_surface_fill_pattern(const tu_surface *s, tu_pattern pattern, uint32_t seed,
                                         const tu_progress *progress, tu_error *err);

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_SURFACE_H */
