/* SPDX-License-Identifier: MIT */
/*
 * test_nv_ref.h - the tests' own model of NVIDIA block-linear memory (envytools
 * g80-surface.rst, yuzu decoders.cpp), written independently of src/surface/address.c: the GOB
 * byte order as yuzu's bit masks (SWIZZLE_X_BITS 0b100101111, SWIZZLE_Y_BITS 0b011010000), the
 * per-level block shrink as envytools' loop ("while (bh > 0 && (8 << (bh-1)) >= height) bh--"),
 * blocks numbered x, then y, then z, GOBs inside a block y then z, layers at the sum of the
 * levels rounded up to one level-0 block, multisample pixels as Mesa nvc0_screen.c's sample
 * table; a compressed format's elements are its blocks (Mesa nil_image.c tiles the level's
 * extent in blocks). Plus a writer of the texel generator's raw fields, so tests can build
 * block-linear memory without the library.
 */
#ifndef TEST_NV_REF_H
#define TEST_NV_REF_H

#include "texunit/texunit.h"

#include <stdint.h>
#include <string.h>

static inline uint32_t deposit(uint32_t v, uint32_t mask) {
    uint32_t r = 0;
    for (unsigned bit = 0; bit < 9; bit++)
        if (mask >> bit & 1) r |= (v & 1) << bit, v >>= 1;
    return r;
}

static inline uint32_t ref_gob(uint32_t xb, uint32_t y) {
    return deposit(xb, 0x12f) | deposit(y, 0x0d0);
}

static inline uint32_t shrink(uint32_t log2, uint32_t unit, uint32_t extent) {
    while (log2 > 0 && (unit << (log2 - 1)) >= extent)
        log2--;
    return log2;
}

typedef struct ref_level {
    uint32_t w, h, d, bh, bd;
    uint64_t blocks_x, blocks_y, block_size, size;
} ref_level;

static inline void ref_grid(uint32_t samples, uint32_t *sx, uint32_t *sy) {
    *sx = samples >= 8 ? 4 : samples >= 2 ? 2 : 1;
    *sy = samples >= 16 ? 4 : samples >= 4 ? 2 : 1;
}

static inline ref_level ref_level_of(const tu_surface *s, uint32_t L) {
    ref_level r;
    uint32_t sx, sy;
    ref_grid(s->samples, &sx, &sy);
    /* a compressed level is an image of its blocks, the partial last ones whole */
    const tu_format_desc *fd = tu_format_describe(s->format);
    const uint32_t pw = s->width >> L ? s->width >> L : 1;
    const uint32_t ph = s->type == TU_SURFACE_1D ? 1 : (s->height >> L ? s->height >> L : 1);
    r.w = (pw + fd->block_width - 1) / fd->block_width * sx;
    r.h = (ph + fd->block_height - 1) / fd->block_height * sy;
    r.d = s->type == TU_SURFACE_3D ? (s->depth >> L ? s->depth >> L : 1) : 1;
    r.bh = shrink(s->gob_height_log2, 8, r.h);
    r.bd = shrink(s->gob_depth_log2, 1, r.d);
    const uint32_t bpp = tu_format_bytes(s->format);
    r.blocks_x = ((uint64_t)r.w * bpp + 63) / 64;
    r.blocks_y = (r.h + (8u << r.bh) - 1) / (8u << r.bh);
    const uint64_t blocks_z = (r.d + (1u << r.bd) - 1) / (1u << r.bd);
    r.block_size = 512u << (r.bh + r.bd);
    r.size = r.blocks_x * r.blocks_y * blocks_z * r.block_size;
    return r;
}

static inline uint64_t ref_stride(const tu_surface *s) {
    uint64_t total = 0;
    for (uint32_t L = 0; L < s->levels; L++)
        total += ref_level_of(s, L).size;
    const uint64_t b0 = ref_level_of(s, 0).block_size;
    return (total + b0 - 1) / b0 * b0;
}

/* Mesa nvc0_screen.c NVC0_CB_AUX_MS_INFO: s0 (0,0) s1 (1,0) s2 (0,1) s3 (1,1) s4 (2,0) s5 (3,0)
 * s6 (2,1) s7 (3,1); 4X4 continues with s8..s15 two rows lower (texunit's extrapolation,
 * docs/semantics.md). */
static inline void ref_sample(uint32_t s, uint32_t *dx, uint32_t *dy) {
    static const uint8_t table[8][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1},
                                        {2, 0}, {3, 0}, {2, 1}, {3, 1}};
    *dx = table[s & 7][0];
    *dy = table[s & 7][1] + (s >= 8 ? 2 : 0);
}

/* Byte offset of texel c (level = memory level, view based at 0) from the surface's data. */
static inline uint64_t ref_offset(const tu_surface *s, const tu_texel_coord *c) {
    uint64_t level_start = 0;
    for (uint32_t L = 0; L < c->level; L++)
        level_start += ref_level_of(s, L).size;
    const ref_level r = ref_level_of(s, c->level);
    uint32_t sx, sy, dx, dy;
    ref_grid(s->samples, &sx, &sy);
    ref_sample(c->sample, &dx, &dy);
    const tu_format_desc *fd = tu_format_describe(s->format);
    const uint64_t xb = (uint64_t)(c->x / fd->block_width * sx + dx) * fd->bytes;
    const uint32_t y = c->y / fd->block_height * sy + dy, z = c->z;
    const uint64_t bx = xb / 64, by = y / (8u << r.bh), bz = z >> r.bd;
    const uint64_t block = (bz * r.blocks_y + by) * r.blocks_x + bx;
    const uint64_t gob =
        ((uint64_t)(z & ((1u << r.bd) - 1)) << r.bh) + ((y / 8) & ((1u << r.bh) - 1));
    return (uint64_t)c->layer * ref_stride(s) + level_start + block * r.block_size + gob * 512 +
           ref_gob((uint32_t)(xb % 64), y % 8);
}

/* Write the generator's raw fields of texel (L, layer, x, y, z) of format f at p (the layout
 * of texunit's format table: fields from bit 0 of the little-endian texel). */
static inline void ref_write_texel(tu_format f, uint8_t *p, uint32_t seed, uint32_t L,
                                   uint32_t layer, uint32_t x, uint32_t y, uint32_t z) {
    const tu_format_desc *d = tu_format_describe(f);
    memset(p, 0, d->bytes);
    for (unsigned i = 0; i < d->channel_count; i++) {
        const uint32_t v = tu_texel_hash_field(f, i, seed, L, layer, x, y, z);
        for (unsigned b = 0; b < d->channels[i].bits; b++)
            if (v >> b & 1) {
                const unsigned at = d->channels[i].shift + b;
                p[at / 8] |= (uint8_t)(1u << (at % 8));
            }
    }
}

#endif /* TEST_NV_REF_H */
