/* SPDX-License-Identifier: MIT */
/*
 * block_linear.h - NVIDIA block-linear geometry, defined in address.c and shared with
 * layout.c and validate.c: the per-level block sizes, the GOB byte order and the multisample
 * pixel grid (envytools docs/hw/memory/g80-surface.rst). Internal: names carry the prefix tuS_.
 */
#ifndef TEXUNIT_BLOCK_LINEAR_H
#define TEXUNIT_BLOCK_LINEAR_H

#include "texunit/surface.h"

#include <stdbool.h>
#include <stdint.h>

enum {
    TUS_GOB_BYTES_X = 64, /* a GOB is 64 bytes wide */
    TUS_GOB_ROWS = 8,     /* and 8 rows high: 512 bytes (GF100 and later) */
    TUS_GOB_SIZE = 512,
    TUS_MAX_GOB_LOG2 = 5 /* GOBS_PER_BLOCK_HEIGHT / _DEPTH: 1..32 GOBs */
};

/* The geometry of one memory level of a block-linear surface. */
typedef struct tuS_bl_level {
    uint32_t grid_w, grid_h, grid_d; /* elements: the level's size (in blocks for a compressed
                                      * format) times the sample grid */
    uint32_t bh, bd;                 /* log2 block height / depth in GOBs, shrunk for the level */
    uint64_t gobs_x;                 /* GOB columns: ceil(grid_w * bytes / 64) */
    uint64_t block_bytes;            /* 512 << (bh + bd) */
    uint64_t row_of_blocks;          /* gobs_x blocks */
    uint64_t slice_of_blocks;        /* ceil(grid_h / (8 << bh)) rows of blocks */
    uint64_t size;                   /* ceil(grid_d / (1 << bd)) slices of blocks */
} tuS_bl_level;

/* The pixel grid of a multisample surface: sx x sy samples per pixel (1x1, 2x1, 2x2, 4x2,
 * 4x4 for 1, 2, 4, 8, 16 samples), and where sample s sits in it. */
void tuS_bl_sample_grid(uint32_t samples, uint32_t *sx, uint32_t *sy);
void tuS_bl_sample_position(uint32_t sample, uint32_t *dx, uint32_t *dy);

/* The geometry of memory level L (< TU_MAX_LEVELS) of s, whose shape fields are valid.
 * Returns false when a size overflows 64 bits (impossible within texunit's limits). */
bool tuS_bl_level_info(const tu_surface *s, uint32_t L, tuS_bl_level *out);

/* The byte of (xb bytes, y rows) inside a GOB, xb < 64, y < 8, in the Tegra X1 order:
 * address bits 8..0 = x5 y2 y1 x4 y0 x3 x2 x1 x0. */
uint32_t tuS_gob_offset(uint32_t xb, uint32_t y);

/* The byte offset of element (gx, gy, gz) of a level from the level's start (gx < grid_w,
 * gy < grid_h, gz < grid_d); `bytes` is the element size. */
uint64_t tuS_bl_offset(const tuS_bl_level *g, uint32_t bytes, uint32_t gx, uint32_t gy,
                       uint32_t gz);

/* The layer stride of the block-linear layout: the sum of every memory level's size
 * rounded up to one block of level 0. False on overflow. */
bool tuS_bl_layer_stride(const tu_surface *s, uint64_t *stride);

#endif /* TEXUNIT_BLOCK_LINEAR_H */
