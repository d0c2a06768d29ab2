/* SPDX-License-Identifier: MIT */
/*
 * test_tiling_intel.c - the Intel tilings against formulas written another way.
 *
 * Inside a tile the reference uses block arithmetic (Tile-X rows of 512 bytes; Tile-Y
 * columns of 16 bytes x 32 rows; Tile-4 as 64-byte blocks of 16 B x 4 rows, arranged 4 x 2
 * then 2 x 4; Tile-64 one sample as a grid of Tile-4 blocks) and, for Tile-64's multisample
 * and 3D shapes, run lists ("4 bits of u, then 2 of v, ..."), not the library's per-bit
 * tables. Around the tiles it places levels by the closed form of the 2D mip tree and
 * counts tiles in rows of the row pitch. Then every texel of every level, layer and sample
 * of random surfaces goes linear -> tiled -> linear for element sizes 1-16 and 3, 6, 12,
 * with no two texel bytes landing on one tiled byte and none outside the surface.
 * Compressed formats: the same with blocks as elements (8 and 16-byte blocks of 4x4 .. 12x12
 * texels, partial blocks at the level edges), the gate's offset of every texel is its block's,
 * and sampling a tiled compressed surface answers as sampling the linear one. Tile-64 mip
 * tails: the reference picks the tail's first level by its own loop and places tail levels by
 * the PRM's slot tables written in bytes and rows.
 */
#include "texunit/texunit.h"

#include "../src/surface/tiling_intel.h"
#include "tu_test.h"

#include <stdlib.h>

/* Tile-4 by blocks: a 64-byte block is 16 B x 4 rows; 4 blocks side by side (64 B x 4 rows),
 * two of those stacked (64 B x 8), two of those side by side (128 B x 8), four stacked. */
static uint32_t ref_tile4(uint32_t u, uint32_t v) {
    return u % 16 + (v % 4) * 16 + (u / 16 % 4) * 64 + (v / 4 % 2) * 256 + (u / 64 % 2) * 512 +
           (v / 8) * 1024;
}

/* Runs of coordinate bits from address bit 0 up: {kind, count}; kind 'u', 'v', 'r', 's'. */
typedef struct run {
    char kind;
    int count;
} run;

static uint32_t ref_runs(const run *runs, uint32_t u, uint32_t v, uint32_t r, uint32_t s) {
    uint32_t addr = 0, shift = 0;
    for (; runs->kind; runs++) {
        uint32_t *c = runs->kind == 'u' ? &u : runs->kind == 'v' ? &v : runs->kind == 'r' ? &r : &s;
        addr |= (*c & ((1u << runs->count) - 1)) << shift;
        *c >>= runs->count;
        shift += (uint32_t)runs->count;
    }
    return addr;
}

/* Tile-64 multisample and 3D shapes (Xe-HP "Tile64 Format" tables via isl's acm_tile64_*). */
static const run t64_s2_big[] = {{'u', 4}, {'v', 2}, {'u', 1}, {'s', 1}, {'v', 1},
                                 {'u', 1}, {'v', 2}, {'u', 3}, {'v', 1}, {0, 0}};
static const run t64_s2_mid[] = {{'u', 4}, {'v', 2}, {'u', 1}, {'s', 1}, {'v', 1},
                                 {'u', 1}, {'v', 2}, {'u', 2}, {'v', 2}, {0, 0}};
static const run t64_s2_small[] = {{'u', 4}, {'v', 2}, {'u', 1}, {'s', 1}, {'v', 1},
                                   {'u', 1}, {'v', 2}, {'u', 1}, {'v', 3}, {0, 0}};
static const run t64_s4_big[] = {{'u', 4}, {'v', 2}, {'u', 1}, {'s', 2}, {'u', 1},
                                 {'v', 2}, {'u', 3}, {'v', 1}, {0, 0}};
static const run t64_s4_mid[] = {{'u', 4}, {'v', 2}, {'u', 1}, {'s', 2}, {'u', 1},
                                 {'v', 2}, {'u', 2}, {'v', 2}, {0, 0}};
static const run t64_s4_small[] = {{'u', 4}, {'v', 2}, {'u', 1}, {'s', 2}, {'u', 1},
                                   {'v', 2}, {'u', 1}, {'v', 3}, {0, 0}};
static const run t64_3d_big[] = {{'u', 4}, {'v', 2}, {'u', 1}, {'r', 1}, {'v', 1},
                                 {'r', 1}, {'u', 3}, {'v', 1}, {'r', 2}, {0, 0}};
static const run t64_3d_4[] = {{'u', 4}, {'v', 2}, {'u', 1}, {'r', 1}, {'v', 1}, {'r', 1},
                               {'u', 1}, {'v', 1}, {'u', 1}, {'v', 1}, {'r', 2}, {0, 0}};
static const run t64_3d_2[] = {{'u', 4}, {'v', 2}, {'u', 1}, {'r', 1}, {'v', 1},
                               {'r', 1}, {'u', 1}, {'v', 2}, {'r', 3}, {0, 0}};
static const run t64_3d_1[] = {{'u', 4}, {'v', 2}, {'u', 1}, {'r', 1}, {'v', 1},
                               {'r', 1}, {'v', 2}, {'u', 1}, {'r', 3}, {0, 0}};

typedef struct ref_tile {
    uint32_t w, h, d, spt; /* bytes, rows, slices, samples in one tile */
    uint32_t log2_size;
} ref_tile;

static ref_tile ref_tile_shape(tuS_intel_tiling tiling, tu_surface_type type, uint32_t bytes,
                               uint32_t samples) {
    switch (tiling) {
    case TUS_TILE_X: return (ref_tile){512, 8, 1, 1, 12};
    case TUS_TILE_Y:
    case TUS_TILE_4: return (ref_tile){128, 32, 1, 1, 12};
    default: break;
    }
    const uint32_t cls = bytes >= 8 ? 0 : bytes >= 2 ? 1 : 2;
    if (type == TU_SURFACE_3D) {
        static const ref_tile by_bytes[17] = {[1] = {64, 32, 32, 1, 16},
                                              [2] = {64, 32, 32, 1, 16},
                                              [4] = {128, 32, 16, 1, 16},
                                              [8] = {256, 16, 16, 1, 16},
                                              [16] = {256, 16, 16, 1, 16}};
        return by_bytes[bytes];
    }
    /* One sample: 1024 x 64, 512 x 128, 256 x 256 bytes x rows; two samples halve the width,
     * four (and more) halve the width and the height. */
    const uint32_t w1[3] = {1024, 512, 256}, h1[3] = {64, 128, 256};
    if (samples == 1) return (ref_tile){w1[cls], h1[cls], 1, 1, 16};
    if (samples == 2) return (ref_tile){w1[cls] / 2, h1[cls], 1, 2, 16};
    return (ref_tile){w1[cls] / 2, h1[cls] / 2, 1, 4, 16};
}

static uint32_t ref_in_tile(tuS_intel_tiling tiling, tu_surface_type type, uint32_t bytes,
                            uint32_t samples, uint32_t u, uint32_t v, uint32_t r, uint32_t s) {
    const uint32_t cls = bytes >= 8 ? 0 : bytes >= 2 ? 1 : 2;
    switch (tiling) {
    case TUS_TILE_X: return v * 512 + u;
    case TUS_TILE_Y: return u / 16 * 512 + v * 16 + u % 16;
    case TUS_TILE_4: return ref_tile4(u, v);
    default: break;
    }
    if (type == TU_SURFACE_3D) {
        const run *by_bytes[17] = {
            [1] = t64_3d_1, [2] = t64_3d_2, [4] = t64_3d_4, [8] = t64_3d_big, [16] = t64_3d_big};
        return ref_runs(by_bytes[bytes], u, v, r, s);
    }
    if (samples == 1) {
        const uint32_t cols = (1024u >> cls) / 128;
        return ref_tile4(u % 128, v % 32) + 4096 * (u / 128 + v / 32 * cols);
    }
    const run *s2[3] = {t64_s2_big, t64_s2_mid, t64_s2_small};
    const run *s4[3] = {t64_s4_big, t64_s4_mid, t64_s4_small};
    return ref_runs(samples == 2 ? s2[cls] : s4[cls], u, v, r, s);
}

static uint32_t up(uint32_t v, uint32_t a) {
    return (v + a - 1) / a * a;
}

/* Tile-64 mip-tail slots (ATS-M PRM Vol. 5 "Tiling and Mip Tail for 2D / 3D Surfaces", as isl
 * holds them) written in bytes from the tile's left edge and rows (and slices), columns by
 * element size 1, 2, 4, 8, 16 bytes. */
/* clang-format off */
static const uint16_t ref_tail_2d[15][5][2] = {
    {{128, 0}, {256, 0}, {256, 0}, {512, 0}, {512, 0}},
    {{0, 128}, {0, 64}, {0, 64}, {0, 32}, {0, 32}},
    {{64, 0}, {128, 0}, {128, 0}, {256, 0}, {256, 0}},
    {{0, 64}, {0, 32}, {0, 32}, {0, 16}, {0, 16}},
    {{32, 0}, {64, 0}, {64, 0}, {128, 0}, {128, 0}},
    {{16, 32}, {32, 16}, {32, 16}, {64, 8}, {64, 8}},
    {{0, 48}, {0, 24}, {0, 24}, {0, 12}, {0, 12}},
    {{0, 32}, {0, 16}, {0, 16}, {0, 8}, {0, 8}},
    {{16, 16}, {32, 8}, {32, 8}, {64, 4}, {64, 4}},
    {{16, 0}, {32, 0}, {32, 0}, {64, 0}, {64, 0}},
    {{0, 16}, {0, 8}, {0, 8}, {0, 4}, {0, 4}},
    {{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}},
    {{0, 4}, {0, 4}, {0, 4}, {16, 0}, {16, 0}},
    {{0, 8}, {16, 0}, {16, 0}, {32, 0}, {32, 0}},
    {{0, 12}, {16, 4}, {16, 4}, {48, 0}, {48, 0}},
};
/* clang-format on */
/* clang-format off */
static const uint16_t ref_tail_3d[15][5][3] = {
    {{32, 0, 0}, {32, 0, 0}, {64, 0, 0}, {128, 0, 0}, {128, 0, 0}},
    {{0, 16, 0}, {0, 16, 0}, {0, 16, 0}, {0, 8, 0}, {0, 8, 0}},
    {{0, 0, 16}, {0, 0, 16}, {0, 0, 8}, {0, 0, 8}, {0, 0, 8}},
    {{16, 0, 0}, {16, 0, 0}, {32, 0, 0}, {64, 0, 0}, {64, 0, 0}},
    {{0, 8, 0}, {0, 8, 0}, {0, 8, 0}, {0, 4, 0}, {0, 4, 0}},
    {{0, 4, 8}, {0, 4, 8}, {16, 0, 4}, {32, 0, 4}, {32, 0, 4}},
    {{0, 0, 12}, {0, 0, 12}, {0, 4, 4}, {16, 0, 4}, {16, 0, 4}},
    {{0, 0, 8}, {0, 0, 8}, {0, 0, 4}, {0, 0, 4}, {0, 0, 4}},
    {{0, 4, 4}, {0, 4, 4}, {16, 4, 0}, {48, 0, 0}, {48, 0, 0}},
    {{0, 4, 0}, {0, 4, 0}, {16, 0, 0}, {32, 0, 0}, {32, 0, 0}},
    {{0, 0, 4}, {0, 0, 4}, {0, 4, 0}, {16, 0, 0}, {16, 0, 0}},
    {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}},
    {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
    {{0, 0, 2}, {0, 0, 2}, {0, 0, 2}, {0, 0, 2}, {0, 0, 2}},
    {{0, 0, 3}, {0, 0, 3}, {0, 0, 3}, {0, 0, 3}, {0, 0, 3}},
};
/* clang-format on */

static unsigned ref_col(uint32_t bytes) {
    return bytes == 1 ? 0 : bytes == 2 ? 1 : bytes == 4 ? 2 : bytes == 8 ? 3 : 4;
}

/* Elements of level L along an axis of `n` texels in blocks of `b`. */
static uint32_t ref_el(uint32_t n, uint32_t L, uint32_t b) {
    const uint32_t m = n >> L ? n >> L : 1;
    return (m + b - 1) / b;
}

/* The tail's first level: Tile-64, one sample; the last 15 levels at most; the first level
 * (in element units, level 0's minified) that fits between slot 0 and the tile's far
 * corner. s->levels when none. */
static uint32_t ref_tail_start(tuS_intel_tiling tiling, const tuS_intel_shape *s, const ref_tile *t,
                               uint32_t bw, uint32_t bh) {
    if (tiling != TUS_TILE_64 || s->samples != 1) return s->levels;
    const unsigned c = ref_col(s->bytes);
    const bool d3 = s->type == TU_SURFACE_3D;
    const uint32_t room_b = t->w - (d3 ? ref_tail_3d[0][c][0] : ref_tail_2d[0][c][0]);
    const uint32_t room_h = t->h - (d3 ? ref_tail_3d[0][c][1] : ref_tail_2d[0][c][1]);
    const uint32_t room_d = d3 ? t->d - ref_tail_3d[0][c][2] : 1;
    const uint32_t w0 = ref_el(s->width, 0, bw), h0 = ref_el(s->height, 0, bh);
    const uint32_t d0 = d3 ? s->depth : 1;
    for (uint32_t L = s->levels > 15 ? s->levels - 15 : 0; L < s->levels; L++) {
        const uint32_t w = w0 >> L ? w0 >> L : 1, h = h0 >> L ? h0 >> L : 1,
                       d = d0 >> L ? d0 >> L : 1;
        if (w * s->bytes <= room_b && h <= room_h && d <= room_d) return L;
    }
    return s->levels;
}

/* isl's image alignment as RENDER_SURFACE_STATE and isl_gfx9_ / isl_gfx125_ /
 * isl_gfx20_choose_image_alignment_el() state it, in the units they use: a compressed
 * format on Gfx9 to Gfx12 HALIGN_4 x VALIGN_4 compression blocks, from Gfx12.5 "HALIGN=64Bytes"
 * by 4 block rows (no CCS); colour texels HALIGN_16 x VALIGN_4 up to Gfx12, 128 bytes by 4
 * rows from Gfx12.5 (8 rows on Xe2 Tile-4 that is not 3D: WA_22018390030); 3, 6, 12-byte
 * texels 16 x 4; Tile-64 one tile. Written to elements here. */
static void ref_align(const tuS_intel_layout *l, const ref_tile *t, uint32_t *ha, uint32_t *va) {
    const tuS_intel_shape *s = &l->shape;
    const bool blocks = (s->bw ? s->bw : 1) * (s->bh ? s->bh : 1) > 1;
    const bool xe_hp = l->verx10 >= 125;
    if (l->tiling == TUS_TILE_64) {
        *ha = t->w / s->bytes, *va = t->h;
    } else if (s->bytes % 3 == 0) {
        *ha = 16, *va = 4;
    } else if (blocks) {
        *ha = xe_hp ? 64 / s->bytes : 4, *va = 4;
    } else {
        *ha = xe_hp ? 128 / s->bytes : 16;
        *va = l->verx10 == 200 && l->tiling == TUS_TILE_4 && s->type != TU_SURFACE_3D ? 8 : 4;
    }
}

/* isl_calc_row_pitch(): the mip tree's width (level 0 over levels 1 and 2 side by side, up
 * to the tail's first level; one level unpadded) in whole tiles, groups of three tiles for
 * 3, 6 and 12-byte texels, and on Gfx12 512 bytes for a colour surface tiled other than X
 * that is wider or taller than 256 or has more than 32 bits a texel. */
/* What both reference functions start from: the block, the tile, the alignment, the tail. */
typedef struct ref_frame {
    uint32_t bw, bh, ha, va, tail;
    ref_tile t;
} ref_frame;

static ref_frame ref_frame_of(const tuS_intel_layout *l) {
    const tuS_intel_shape *s = &l->shape;
    ref_frame f = {s->bw ? s->bw : 1,
                   s->bh ? s->bh : 1,
                   0,
                   0,
                   0,
                   ref_tile_shape(l->tiling, s->type, s->bytes, s->samples)};
    ref_align(l, &f.t, &f.ha, &f.va);
    f.tail = ref_tail_start(l->tiling, s, &f.t, f.bw, f.bh);
    return f;
}

static uint64_t ref_row_pitch(const tuS_intel_layout *l) {
    const tuS_intel_shape *s = &l->shape;
    const ref_frame f = ref_frame_of(l);
    const uint32_t bw = f.bw, bh = f.bh, ha = f.ha, tail = f.tail;
    const ref_tile t = f.t;
    const uint32_t last = s->levels - 1 < tail ? s->levels - 1 : tail;
    uint32_t w = ref_el(s->width, 0, bw);
    if (s->levels > 1 || tail == 0) {
        const uint32_t top = up(w, ha);
        uint32_t bottom = last >= 1 ? up(ref_el(s->width, 1, bw), ha) : 0;
        if (last >= 2) bottom += up(ref_el(s->width, 2, bw), ha);
        w = top > bottom ? top : bottom;
    }
    uint64_t group = s->bytes % 3 ? t.w : 3ull * t.w;
    if (l->verx10 == 120 && l->tiling != TUS_TILE_X && bw * bh == 1 && s->bytes % 3 &&
        s->samples == 1 && (s->bytes > 4 || s->width > 256 || s->height > 256))
        group = 512;
    return ((uint64_t)w * s->bytes + group - 1) / group * group;
}

/* The whole surface the closed-form way; x and y count elements (blocks). */
static uint64_t ref_offset(const tuS_intel_layout *l, uint32_t level, uint32_t x, uint32_t y,
                           uint32_t z, uint32_t layer, uint32_t sample, uint32_t byte) {
    const tuS_intel_shape *s = &l->shape;
    const ref_frame f = ref_frame_of(l);
    const uint32_t bw = f.bw, bh = f.bh, ha = f.ha, va = f.va, tail = f.tail;
    const ref_tile t = f.t;
    const uint32_t at = level < tail ? level : tail; /* the tree position used */
    uint32_t lx = 0, ly = 0;
    if (at >= 1) ly = up(ref_el(s->height, 0, bh), va);
    if (at >= 2) lx = up(ref_el(s->width, 1, bw), ha);
    for (uint32_t k = 2; k < at; k++)
        ly += up(ref_el(s->height, k, bh), va);
    uint32_t tz = 0;
    if (level >= tail) {
        const unsigned c = ref_col(s->bytes);
        const uint32_t slot = level - tail;
        if (s->type == TU_SURFACE_3D) {
            lx += ref_tail_3d[slot][c][0] / s->bytes;
            ly += ref_tail_3d[slot][c][1];
            tz = ref_tail_3d[slot][c][2];
        } else {
            lx += ref_tail_2d[slot][c][0] / s->bytes;
            ly += ref_tail_2d[slot][c][1];
        }
    }
    /* The mip tree's height: level 0 plus the taller of level 1 and levels 2.. together, up
     * to the tail's first level. */
    const uint32_t last = s->levels - 1 < tail ? s->levels - 1 : tail;
    uint32_t tree_h = ref_el(s->height, 0, bh);
    if (s->levels > 1 || tail == 0) {
        uint32_t right = 0;
        for (uint32_t k = 2; k <= last; k++)
            right += up(ref_el(s->height, k, bh), va);
        const uint32_t left = last >= 1 ? up(ref_el(s->height, 1, bh), va) : 0;
        tree_h = up(ref_el(s->height, 0, bh), va) + (left > right ? left : right);
    }
    uint32_t qp = up(tree_h, va);
    if (s->type == TU_SURFACE_3D) qp = up(qp, t.h);
    uint32_t slice, r = 0, smp = 0;
    if (s->type == TU_SURFACE_3D) {
        slice = (z + tz) / t.d;
        r = (z + tz) % t.d;
    } else {
        const uint32_t spt = s->samples < t.spt ? s->samples : t.spt;
        slice = layer * (s->samples / spt) + sample / spt;
        smp = sample % spt;
    }
    const uint64_t u = (uint64_t)(lx + x) * s->bytes + byte;
    const uint64_t v = ly + y + (uint64_t)slice * qp;
    const uint64_t tile = v / t.h * (l->row_pitch / t.w) + u / t.w;
    return (tile << t.log2_size) + ref_in_tile(l->tiling, s->type, s->bytes, s->samples,
                                               (uint32_t)(u % t.w), (uint32_t)(v % t.h), r, smp);
}

static void test_hand_examples(void) {
    tuS_tile t;
    CHECK(tuS_intel_tile(TUS_TILE_4, TU_SURFACE_2D, 4, 1, &t, NULL) == TU_OK);
    CHECK_EQ_U(tuS_tile_swizzle(&t, 16, 0, 0, 0), 64);
    CHECK_EQ_U(tuS_tile_swizzle(&t, 0, 4, 0, 0), 256);
    CHECK_EQ_U(tuS_tile_swizzle(&t, 64, 0, 0, 0), 512);
    CHECK_EQ_U(tuS_tile_swizzle(&t, 0, 8, 0, 0), 1024);
    CHECK(tuS_intel_tile(TUS_TILE_Y, TU_SURFACE_2D, 4, 1, &t, NULL) == TU_OK);
    CHECK_EQ_U(tuS_tile_swizzle(&t, 16, 0, 0, 0), 512);
    CHECK_EQ_U(tuS_tile_swizzle(&t, 0, 1, 0, 0), 16);
    CHECK(tuS_intel_tile(TUS_TILE_X, TU_SURFACE_2D, 4, 1, &t, NULL) == TU_OK);
    CHECK_EQ_U(tuS_tile_swizzle(&t, 0, 1, 0, 0), 512);
    CHECK(t.width_bytes == 512 && t.height == 8);
    /* Tile-64 element shapes (ATS-M PRM "Tile64 Format"): 2D 256x256 (8 bpp), 128x128 (32),
     * 64x64 (128); 3D 64x32x32 (8), 32x32x16 (32), 16x16x16 (128). */
    const uint32_t b[3] = {1, 4, 16}, w2[3] = {256, 128, 64}, h2[3] = {256, 128, 64};
    const uint32_t w3[3] = {64, 32, 16}, h3[3] = {32, 32, 16}, d3[3] = {32, 16, 16};
    for (int i = 0; i < 3; i++) {
        CHECK(tuS_intel_tile(TUS_TILE_64, TU_SURFACE_2D, b[i], 1, &t, NULL) == TU_OK);
        CHECK(t.width_bytes / b[i] == w2[i] && t.height == h2[i], "bytes %u", b[i]);
        CHECK(tuS_intel_tile(TUS_TILE_64, TU_SURFACE_3D, b[i], 1, &t, NULL) == TU_OK);
        CHECK(t.width_bytes / b[i] == w3[i] && t.height == h3[i] && t.depth == d3[i], "bytes %u",
              b[i]);
    }
    /* A 2-level 2D Tile-Y 8x8 R8: level 1 is below level 0 (VALIGN 4: 8 rows), QPitch is the
     * tree's 8 + 4 rows. */
    tuS_intel_layout l;
    const tuS_intel_shape sh = {TU_SURFACE_2D, 1, 8, 8, 1, 2, 2, 1, 1, 1};
    CHECK(tuS_intel_layout_init(TUS_TILE_Y, &sh, &l, NULL) == TU_OK);
    CHECK(l.level_x[1] == 0 && l.level_y[1] == 8 && l.qpitch == 12 && l.row_pitch == 128);
    CHECK_EQ_U(tuS_intel_byte_offset(&l, 1, 0, 0, 0, 1, 0, 0), (12 + 8) * 16);
    /* Tile-64 128x128 4-byte texels, 8 levels: the tile is 128 x 128 elements and slot 0 of
     * the tail starts 64 elements in, so level 1 (64 wide) is the tail's first level: it sits
     * below level 0 at (0, 128) plus slot 0 (64, 0); level 2 at slot 1 (0, 64), level 3 at
     * slot 2 (32, 0); the mip tree is two tiles high. */
    const tuS_intel_shape t64 = {TU_SURFACE_2D, 4, 128, 128, 1, 1, 8, 1, 1, 1};
    CHECK(tuS_intel_layout_init(TUS_TILE_64, &t64, &l, NULL) == TU_OK);
    CHECK_EQ_U(l.miptail_start, 1);
    CHECK(l.level_x[1] == 64 && l.level_y[1] == 128 && l.level_x[2] == 0 && l.level_y[2] == 192 &&
          l.level_x[3] == 32 && l.level_y[3] == 128 && l.slice_height == 256);
    /* Tile-64 3D 16x16x16 of 16-byte texels: the tile is 16 x 16 x 16 elements, slot 0 at
     * x 8, so level 1 (8x8x8) starts the tail below level 0 at (0, 16) plus (8, 0, 0); level
     * 2 at slot 1 (0, 8, 0), level 3 at slot 2 (0, 0, 8): eight slices further into the
     * tile, level 4 at slot 3 (4, 0, 0). */
    const tuS_intel_shape v64 = {TU_SURFACE_3D, 16, 16, 16, 16, 1, 5, 1, 1, 1};
    CHECK(tuS_intel_layout_init(TUS_TILE_64, &v64, &l, NULL) == TU_OK);
    CHECK(l.miptail_start == 1 && l.level_x[1] == 8 && l.level_y[1] == 16 && l.level_z[1] == 0 &&
          l.level_x[2] == 0 && l.level_y[2] == 24 && l.level_x[3] == 0 && l.level_y[3] == 16 &&
          l.level_z[3] == 8 && l.level_x[4] == 4 && l.level_y[4] == 16);
    /* A 4x4 single-level image fits slot 0 whole: the tail starts at level 0. */
    const tuS_intel_shape t64s = {TU_SURFACE_2D, 4, 4, 4, 1, 1, 1, 1, 1, 1};
    CHECK(tuS_intel_layout_init(TUS_TILE_64, &t64s, &l, NULL) == TU_OK);
    CHECK(l.miptail_start == 0 && l.level_x[0] == 64 && l.level_y[0] == 0);
    /* BC1 (8-byte 4x4 blocks) 30x10 on Tile-Y, Gfx9: 8 x 3 blocks, rows aligned to 4 blocks
     * (VALIGN_4), so level 1 (15x5: 4 x 2 blocks) starts 4 block rows down, level 2 (7x2:
     * 2 x 1 blocks) right of level 1 at x 4 (HALIGN_4), and the tree is 4 + 4 rows. */
    const tuS_intel_shape bc1 = {TU_SURFACE_2D, 8, 30, 10, 1, 1, 3, 1, 4, 4};
    CHECK(tuS_intel_layout_init(TUS_TILE_Y, &bc1, &l, NULL) == TU_OK);
    CHECK(l.level_y[1] == 4 && l.level_x[2] == 4 && l.level_y[2] == 4 && l.slice_height == 8);
}

/* Every byte of every element of a layout of one generation (verx10, 0 the default) against
 * ref_offset, the row pitch against ref_row_pitch, and the copies' round trip. */
static void check_surface_gen(tuS_intel_tiling tiling, uint32_t verx10,
                              const tuS_intel_shape *shape, uint64_t *rng) {
    tuS_intel_layout l;
    tu_error err;
    if (!CHECK(tuS_intel_layout_init_gen(tiling, verx10, shape, &l, &err) == TU_OK,
               "%s verx10 %u: %s", tuS_intel_tiling_name(tiling), verx10, err.message))
        return;
    CHECK(l.row_pitch == ref_row_pitch(&l),
          "tiling %s verx10 %u bytes %u: row pitch %llu, not %llu", tuS_intel_tiling_name(tiling),
          l.verx10, shape->bytes, (unsigned long long)l.row_pitch,
          (unsigned long long)ref_row_pitch(&l));
    uint8_t *tiled = calloc(l.size, 1), *hits = calloc(l.size, 1);
    const uint32_t bytes = shape->bytes;
    const uint32_t slices = shape->type == TU_SURFACE_3D ? 1 : shape->layers;
    for (uint32_t L = 0; L < shape->levels; L++) {
        const uint32_t w = ref_el(shape->width, L, shape->bw ? shape->bw : 1),
                       h = ref_el(shape->height, L, shape->bh ? shape->bh : 1);
        const uint32_t d = shape->type == TU_SURFACE_3D ? tuB_max_u32(1, shape->depth >> L) : 1;
        const uint64_t rp = (uint64_t)w * bytes, sp = rp * h, n = sp * d;
        uint8_t *lin = malloc(n), *back = malloc(n);
        for (uint32_t layer = 0; layer < slices; layer++)
            for (uint32_t smp = 0; smp < shape->samples; smp++) {
                for (uint64_t i = 0; i < n; i++)
                    lin[i] = (uint8_t)tu_test_rand(rng);
                int bad = 0;
                for (uint32_t z = 0; z < d; z++)
                    for (uint32_t y = 0; y < h; y++)
                        for (uint32_t x = 0; x < w; x++)
                            for (uint32_t b = 0; b < bytes; b++) {
                                uint64_t o = tuS_intel_byte_offset(&l, L, x, y, z, layer, smp, b);
                                uint64_t ref = ref_offset(&l, L, x, y, z, layer, smp, b);
                                if (o != ref || o >= l.size || hits[o]++) bad++;
                                if (bad == 1 &&
                                    !CHECK(o == ref && o < l.size,
                                           "tiling %s bytes %u level %u (%u,%u,%u) "
                                           "layer %u sample %u byte %u: %llu != %llu "
                                           "(size %llu)",
                                           tuS_intel_tiling_name(tiling), bytes, L, x, y, z, layer,
                                           smp, b, (unsigned long long)o, (unsigned long long)ref,
                                           (unsigned long long)l.size))
                                    bad++;
                            }
                CHECK(bad == 0, "tiling %s bytes %u level %u: %d bytes wrong or shared",
                      tuS_intel_tiling_name(tiling), bytes, L, bad);
                if (bad) continue; /* the copies would go outside the buffer */
                tuS_intel_copy_to_tiled(&l, L, layer, smp, lin, rp, sp, tiled);
                tuS_intel_copy_from_tiled(&l, L, layer, smp, tiled, back, rp, sp);
                CHECK(memcmp(lin, back, n) == 0, "round trip tiling %s bytes %u level %u",
                      tuS_intel_tiling_name(tiling), bytes, L);
            }
        free(lin);
        free(back);
    }
    free(tiled);
    free(hits);
}

static void check_surface(tuS_intel_tiling tiling, const tuS_intel_shape *shape, uint64_t *rng) {
    check_surface_gen(tiling, 0, shape, rng);
}

static void test_round_trips(void) {
    uint64_t rng = tu_test_seed(12);
    const uint32_t sizes[8] = {1, 2, 4, 8, 16, 3, 6, 12};
    for (int tiling = 0; tiling < TUS_TILE_COUNT; tiling++)
        for (int si = 0; si < 8; si++) {
            const uint32_t bytes = sizes[si];
            if (tiling == TUS_TILE_64 && bytes % 3 == 0) continue;
            for (int k = 0; k < 3; k++) {
                const uint32_t w = 1 + (uint32_t)(tu_test_rand(&rng) % 90);
                const uint32_t h = 1 + (uint32_t)(tu_test_rand(&rng) % 70);
                tuS_intel_shape s = {TU_SURFACE_2D, bytes, w, h, 1, 1 + k, 1, 1, 1, 1};
                s.levels = 32 - (uint32_t)__builtin_clz(w > h ? w : h);
                check_surface((tuS_intel_tiling)tiling, &s, &rng);
                { /* 3D on every tiling: Tile-X takes it on Gfx9, the default */
                    tuS_intel_shape d3 = {TU_SURFACE_3D,
                                          bytes,
                                          w / 2 + 1,
                                          h / 2 + 1,
                                          1 + (uint32_t)(tu_test_rand(&rng) % 40),
                                          1,
                                          1,
                                          1,
                                          1,
                                          1};
                    uint32_t big = d3.width > d3.height ? d3.width : d3.height;
                    big = big > d3.depth ? big : d3.depth;
                    d3.levels = 32 - (uint32_t)__builtin_clz(big);
                    check_surface((tuS_intel_tiling)tiling, &d3, &rng);
                }
            }
            tuS_intel_shape cube = {TU_SURFACE_CUBE, bytes, 17, 17, 1, 6, 5, 1, 1, 1};
            check_surface((tuS_intel_tiling)tiling, &cube, &rng);
            if (tiling == TUS_TILE_Y || tiling == TUS_TILE_64)
                for (uint32_t smp = 2; smp <= 16; smp *= 2) {
                    tuS_intel_shape ms = {TU_SURFACE_2D, bytes, 23, 13, 1, 2, 1, smp, 1, 1};
                    check_surface((tuS_intel_tiling)tiling, &ms, &rng);
                }
        }
}

/* Blocks as elements: 8 and 16-byte blocks of several footprints on every tiling, sizes
 * that leave partial blocks at the edges of most levels; and Tile-64 mip tails of every
 * element size: large chains (the tail after level 0), small images (the tail from level 0),
 * 3D chains whose tail levels move in z. */
static void test_blocks_and_tails(void) {
    uint64_t rng = tu_test_seed(99);
    const uint32_t foot[5][3] = {{8, 4, 4}, {16, 4, 4}, {16, 5, 4}, {16, 8, 6}, {16, 12, 12}};
    for (int tiling = 0; tiling < TUS_TILE_COUNT; tiling++)
        for (int f = 0; f < 5; f++) {
            const uint32_t w = 1 + (uint32_t)(tu_test_rand(&rng) % 200);
            const uint32_t h = 1 + (uint32_t)(tu_test_rand(&rng) % 150);
            tuS_intel_shape s = {TU_SURFACE_2D, foot[f][0], w, h, 1, 2, 1, 1,
                                 foot[f][1],    foot[f][2]};
            s.levels = 32 - (uint32_t)__builtin_clz(w > h ? w : h);
            check_surface((tuS_intel_tiling)tiling, &s, &rng);
            { /* 3D on every tiling: Tile-X takes it on Gfx9, the default */
                tuS_intel_shape d3 = {TU_SURFACE_3D, foot[f][0], w / 3 + 1, h / 3 + 1, 9, 1, 1, 1,
                                      foot[f][1],    foot[f][2]};
                d3.levels = 32 - (uint32_t)__builtin_clz(tuB_max_u32(d3.width, d3.height));
                check_surface((tuS_intel_tiling)tiling, &d3, &rng);
            }
            tuS_intel_shape cube = {TU_SURFACE_CUBE, foot[f][0], 40, 40, 1, 6, 6, 1,
                                    foot[f][1],      foot[f][2]};
            check_surface((tuS_intel_tiling)tiling, &cube, &rng);
        }
    const uint32_t sizes[5] = {1, 2, 4, 8, 16};
    for (int si = 0; si < 5; si++) {
        const uint32_t b = sizes[si];
        const uint32_t big = 300 + (uint32_t)(tu_test_rand(&rng) % 300);
        tuS_intel_shape chain = {TU_SURFACE_2D, b, big, big / 2 + 1, 1, 2, 0, 1, 1, 1};
        chain.levels = 32 - (uint32_t)__builtin_clz(big);
        tuS_intel_layout l;
        CHECK(tuS_intel_layout_init(TUS_TILE_64, &chain, &l, NULL) == TU_OK &&
                  l.miptail_start > 0 && l.miptail_start < chain.levels,
              "bytes %u: tail from level %u of %u", b, l.miptail_start, chain.levels);
        check_surface(TUS_TILE_64, &chain, &rng);
        tuS_intel_shape small = {TU_SURFACE_2D,
                                 b,
                                 1 + (uint32_t)(tu_test_rand(&rng) % 20),
                                 1 + (uint32_t)(tu_test_rand(&rng) % 20),
                                 1,
                                 3,
                                 1,
                                 1,
                                 1,
                                 1};
        small.levels = 32 - (uint32_t)__builtin_clz(tuB_max_u32(small.width, small.height));
        CHECK(tuS_intel_layout_init(TUS_TILE_64, &small, &l, NULL) == TU_OK && l.miptail_start == 0,
              "bytes %u: a small image's tail starts at level %u", b, l.miptail_start);
        check_surface(TUS_TILE_64, &small, &rng);
        tuS_intel_shape vol = {TU_SURFACE_3D, b, 70, 45, 40, 1, 7, 1, 1, 1};
        CHECK(tuS_intel_layout_init(TUS_TILE_64, &vol, &l, NULL) == TU_OK &&
                  l.miptail_start < vol.levels,
              "bytes %u: 3D tail", b);
        check_surface(TUS_TILE_64, &vol, &rng);
        tuS_intel_shape vsmall = {TU_SURFACE_3D, b, 5, 3, 6, 1, 3, 1, 1, 1};
        check_surface(TUS_TILE_64, &vsmall, &rng);
    }
}

static void test_refusals(void) {
    tu_error err;
    tuS_intel_layout l;
    tuS_intel_shape s = {TU_SURFACE_2D, 3, 8, 8, 1, 1, 1, 1, 1, 1};
    CHECK_ERR(tuS_intel_layout_init(TUS_TILE_64, &s, &l, &err), TU_UNSUPPORTED, &err, "3-byte");
    s.bytes = 5;
    CHECK_ERR(tuS_intel_layout_init(TUS_TILE_Y, &s, &l, &err), TU_INVALID_ARGUMENT, &err,
              "element size 5");
    s.bytes = 4;
    CHECK_ERR(tuS_intel_layout_init((tuS_intel_tiling)9, &s, &l, &err), TU_INVALID_ARGUMENT, &err,
              "tiling 9");
    s.samples = 4;
    CHECK_ERR(tuS_intel_layout_init(TUS_TILE_4, &s, &l, &err), TU_UNSUPPORTED, &err, "samples 4");
    s.levels = 2;
    CHECK_ERR(tuS_intel_layout_init(TUS_TILE_64, &s, &l, &err), TU_INVALID_ARGUMENT, &err,
              "one level");
    s.samples = 3;
    CHECK_ERR(tuS_intel_layout_init(TUS_TILE_64, &s, &l, &err), TU_INVALID_ARGUMENT, &err,
              "samples 3");
    s = (tuS_intel_shape){TU_SURFACE_3D, 4, 8, 8, 8, 1, 1, 1, 1, 1};
    CHECK(tuS_intel_layout_init_gen(TUS_TILE_X, 90, &s, &l, NULL) == TU_OK);
    CHECK(tuS_intel_layout_init_gen(TUS_TILE_X, 120, &s, &l, NULL) == TU_OK);
    CHECK_ERR(tuS_intel_layout_init_gen(TUS_TILE_X, 125, &s, &l, &err), TU_UNSUPPORTED, &err,
              "not 3D: isl_gfx125_filter_tiling()");
    CHECK_ERR(tuS_intel_layout_init_gen(TUS_TILE_X, 200, &s, &l, &err), TU_UNSUPPORTED, &err,
              "BSpec 57023");
    s.type = TU_SURFACE_1D;
    s.height = s.depth = 1;
    CHECK_ERR(tuS_intel_layout_init(TUS_TILE_Y, &s, &l, &err), TU_UNSUPPORTED, &err,
              "surface type 1D with tiling y: Intel tilings take 2D, CUBE and 3D");
    s = (tuS_intel_shape){TU_SURFACE_2D, 4, 0, 8, 1, 1, 1, 1, 1, 1};
    CHECK_ERR(tuS_intel_layout_init(TUS_TILE_Y, &s, &l, &err), TU_INVALID_ARGUMENT, &err,
              "width 0");
    s.width = 8;
    s.levels = 5;
    CHECK_ERR(tuS_intel_layout_init(TUS_TILE_Y, &s, &l, &err), TU_INVALID_ARGUMENT, &err,
              "levels 5");
    s.levels = 1;
    s.type = TU_SURFACE_CUBE;
    s.layers = 4;
    CHECK_ERR(tuS_intel_layout_init(TUS_TILE_Y, &s, &l, &err), TU_INVALID_ARGUMENT, &err,
              "layers 4");
}

/* --- tu_surface with an Intel tiling ------------------------------------------------------ */

static const tu_tiling surface_tilings[4] = {TU_TILING_INTEL_X, TU_TILING_INTEL_Y,
                                             TU_TILING_INTEL_4, TU_TILING_INTEL_64};

/* A tiled copy of a linear image's description and texels; memory in *mem. */
static tu_surface make_tiled(const tu_surface *linear, tu_tiling tiling, void **mem) {
    tu_surface t = *linear;
    t.tiling = tiling;
    uint64_t size = 0;
    tu_error err = {0};
    *mem = NULL;
    if (!CHECK(tu_surface_layout_intel(&t, &size, &err) == TU_OK, "%s", err.message)) return t;
    *mem = calloc(size, 1);
    t.data = *mem;
    t.size = size;
    CHECK(tu_surface_copy_texels(&t, linear, &err) == TU_OK, "%s", err.message);
    return t;
}

static tu_image hashed(tu_surface_type type, bool arrayed, tu_format format, uint32_t w, uint32_t h,
                       uint32_t d, uint32_t layers, uint32_t levels, uint32_t samples) {
    tu_image img = tu_test_image(type, arrayed, format, w, h, d, layers, levels, samples);
    if (img.memory) CHECK(tu_surface_fill_hash(&img.surface, 3, NULL) == TU_OK);
    return img;
}

/* The gate of a tiled tu_surface against the closed-form reference, every texel, and the
 * round trip linear -> tiled -> linear through tu_surface_copy_texels. */
static void test_surface_gate(void) {
    const tu_format formats[11] = {TU_FORMAT_R8_UNORM,
                                   TU_FORMAT_R16G16_UNORM,
                                   TU_FORMAT_R8G8B8A8_UNORM,
                                   TU_FORMAT_R16G16B16A16_UNORM,
                                   TU_FORMAT_R32G32B32A32_UINT,
                                   TU_FORMAT_BC1_RGBA_UNORM_BLOCK,
                                   TU_FORMAT_BC7_UNORM_BLOCK,
                                   TU_FORMAT_ETC2_R8G8B8_UNORM_BLOCK,
                                   TU_FORMAT_EAC_R11_UNORM_BLOCK,
                                   TU_FORMAT_ASTC_5x4_UNORM_BLOCK,
                                   TU_FORMAT_ASTC_12x12_UNORM_BLOCK};
    for (int ti = 0; ti < 4; ti++)
        for (int fi = 0; fi < 11; fi++) {
            const tu_format_desc *fd = tu_format_describe(formats[fi]);
            const bool blocks = fd->block_width * fd->block_height > 1;
            const tu_tiling tiling = surface_tilings[ti];
            tu_image lin[3] = {
                hashed(TU_SURFACE_2D, true, formats[fi], 37, 21, 1, 3, 6, 1),
                tiling == TU_TILING_INTEL_X
                    ? hashed(TU_SURFACE_CUBE, false, formats[fi], 9, 9, 1, 6, 4, 1)
                    : hashed(TU_SURFACE_3D, false, formats[fi], 19, 11, 13, 1, 5, 1),
                hashed(TU_SURFACE_2D, true, formats[fi], 13, 7, 1, 2, 1,
                       !blocks && (tiling == TU_TILING_INTEL_Y || tiling == TU_TILING_INTEL_64)
                           ? 8
                           : 1)};
            for (int k = 0; k < 3; k++) {
                const tu_surface *ls = &lin[k].surface;
                void *mem;
                tu_surface t = make_tiled(ls, tiling, &mem);
                if (!mem) continue;
                tuS_intel_layout l;
                const tuS_intel_shape sh = {ls->type,        tu_format_bytes(ls->format),
                                            ls->width,       ls->height,
                                            ls->depth,       ls->layers,
                                            ls->levels,      ls->samples,
                                            fd->block_width, fd->block_height};
                CHECK(tuS_intel_layout_init((tuS_intel_tiling)(tiling - TU_TILING_INTEL_X), &sh, &l,
                                            NULL) == TU_OK);
                int bad = 0;
                for (uint32_t L = 0; L < ls->levels; L++) {
                    uint32_t w, h, d;
                    tu_surface_level_extent(ls, L, &w, &h, &d);
                    for (uint32_t layer = 0; layer < ls->layers; layer++)
                        for (uint32_t smp = 0; smp < ls->samples; smp++)
                            for (uint32_t z = 0; z < d; z++)
                                for (uint32_t y = 0; y < h; y++)
                                    for (uint32_t x = 0; x < w; x++) {
                                        const tu_texel_coord c = {x, y, z, layer, L, smp};
                                        uint64_t off = ~0ull;
                                        tu_surface_texel_offset(&t, &c, &off, NULL);
                                        const uint64_t want =
                                            ref_offset(&l, L, x / fd->block_width,
                                                       y / fd->block_height, z, layer, smp, 0);
                                        if (off != want && bad++ == 0)
                                            CHECK(0,
                                                  "tiling %s format %d level %u (%u,%u,%u) "
                                                  "layer %u sample %u",
                                                  tu_tiling_name(tiling), (int)formats[fi], L, x, y,
                                                  z, layer, smp);
                                    }
                }
                CHECK(bad == 0);
                /* Back to linear: the same bytes; and the generator on the tiled surface
                 * writes exactly the tiled copy of the linear surface's texels. */
                tu_image back =
                    tu_test_image(ls->type, ls->arrayed, ls->format, ls->width, ls->height,
                                  ls->depth, ls->layers, ls->levels, ls->samples);
                CHECK(tu_surface_copy_texels(&back.surface, &t, NULL) == TU_OK);
                CHECK(memcmp(back.memory, lin[k].memory, ls->size) == 0, "round trip %s",
                      tu_tiling_name(tiling));
                void *copy = malloc(t.size);
                memcpy(copy, t.data, t.size);
                CHECK(tu_surface_fill_hash(&t, 3, NULL) == TU_OK);
                CHECK(memcmp(copy, t.data, t.size) == 0, "fill_hash on tiling %s",
                      tu_tiling_name(tiling));
                free(copy);
                tu_image_free(&back);
                free(mem);
            }
            for (int k = 0; k < 3; k++)
                tu_image_free(&lin[k]);
        }
}

/* The engine reads a tiled surface as it reads the linear one: random filtered samples and
 * loads give bit-identical replies. */
static void test_engine_reads_tiled(void) {
    uint64_t rng = tu_test_seed(77);
    tu_image lin = hashed(TU_SURFACE_2D, true, TU_FORMAT_R8G8B8A8_UNORM, 45, 30, 1, 2, 6, 1);
    tu_sampler smp = tu_sampler_default();
    smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
    smp.mip_filter = TU_MIP_LINEAR;
    static tu_msg m;
    static tu_reply a, b;
    for (int ti = 0; ti < 4; ti++) {
        void *mem;
        tu_surface t = make_tiled(&lin.surface, surface_tilings[ti], &mem);
        if (!mem) continue;
        for (int i = 0; i < 200; i++) {
            memset(&m, 0, sizeof m);
            m.op = i % 2 ? TU_OP_SAMPLE_L : TU_OP_LD;
            m.simd = 16, m.lane_mask = 0xffff, m.channel_mask = 0xf;
            for (int lane = 0; lane < 16; lane++) {
                if (m.op == TU_OP_LD) {
                    m.src[TU_SRC_U].i[lane] = (int32_t)(tu_test_rand(&rng) % 50) - 2;
                    m.src[TU_SRC_V].i[lane] = (int32_t)(tu_test_rand(&rng) % 34) - 2;
                    m.src[TU_SRC_R].i[lane] = (int32_t)(tu_test_rand(&rng) % 2);
                    m.src[TU_SRC_LOD].i[lane] = (int32_t)(tu_test_rand(&rng) % 6);
                } else {
                    m.src[TU_SRC_U].f[lane] = (float)(tu_test_rand(&rng) % 3000) / 1000.0f - 1;
                    m.src[TU_SRC_V].f[lane] = (float)(tu_test_rand(&rng) % 3000) / 1000.0f - 1;
                    m.src[TU_SRC_R].f[lane] = (float)(tu_test_rand(&rng) % 2);
                    m.src[TU_SRC_LOD].f[lane] = (float)(tu_test_rand(&rng) % 600) / 100.0f;
                }
            }
            memset(&a, 0, sizeof a);
            memset(&b, 0, sizeof b);
            tu_error err;
            CHECK(tu_execute(&m, &lin.surface, &smp, &a, &err) == TU_OK, "%s", err.message);
            CHECK(tu_execute(&m, &t, &smp, &b, &err) == TU_OK, "%s", err.message);
            CHECK(memcmp(&a, &b, sizeof a) == 0, "tiling %s message %d",
                  tu_tiling_name(surface_tilings[ti]), i);
        }
        free(mem);
    }
    tu_image_free(&lin);
}

/* Sampling and loading a tiled compressed surface answers bit for bit as the linear one, for
 * every tiling and formats of each family; the sizes leave partial blocks at every level's
 * right and bottom edges, and coordinates run past the edges. */
static void test_engine_reads_tiled_blocks(void) {
    uint64_t rng = tu_test_seed(78);
    const tu_format formats[8] = {
        TU_FORMAT_BC1_RGB_UNORM_BLOCK,       TU_FORMAT_BC3_SRGB_BLOCK,
        TU_FORMAT_BC6H_SFLOAT_BLOCK,         TU_FORMAT_BC7_UNORM_BLOCK,
        TU_FORMAT_ETC2_R8G8B8A1_UNORM_BLOCK, TU_FORMAT_EAC_R11G11_SNORM_BLOCK,
        TU_FORMAT_ASTC_6x5_SRGB_BLOCK,       TU_FORMAT_ASTC_10x8_UNORM_BLOCK};
    tu_sampler smp = tu_sampler_default();
    smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
    smp.mip_filter = TU_MIP_LINEAR;
    static tu_msg m;
    static tu_reply a, b;
    for (int fi = 0; fi < 8; fi++) {
        tu_image lin = hashed(TU_SURFACE_2D, true, formats[fi], 75, 37, 1, 2, 7, 1);
        for (int ti = 0; ti < 4; ti++) {
            void *mem;
            tu_surface t = make_tiled(&lin.surface, surface_tilings[ti], &mem);
            if (!mem) continue;
            for (int i = 0; i < 60; i++) {
                memset(&m, 0, sizeof m);
                m.op = i % 2 ? TU_OP_SAMPLE_L : TU_OP_LD;
                m.simd = 16, m.lane_mask = 0xffff, m.channel_mask = 0xf;
                for (int lane = 0; lane < 16; lane++) {
                    if (m.op == TU_OP_LD) {
                        m.src[TU_SRC_U].i[lane] = (int32_t)(tu_test_rand(&rng) % 80) - 2;
                        m.src[TU_SRC_V].i[lane] = (int32_t)(tu_test_rand(&rng) % 42) - 2;
                        m.src[TU_SRC_R].i[lane] = (int32_t)(tu_test_rand(&rng) % 2);
                        m.src[TU_SRC_LOD].i[lane] = (int32_t)(tu_test_rand(&rng) % 7);
                    } else {
                        m.src[TU_SRC_U].f[lane] = (float)(tu_test_rand(&rng) % 3000) / 1000.0f - 1;
                        m.src[TU_SRC_V].f[lane] = (float)(tu_test_rand(&rng) % 3000) / 1000.0f - 1;
                        m.src[TU_SRC_R].f[lane] = (float)(tu_test_rand(&rng) % 2);
                        m.src[TU_SRC_LOD].f[lane] = (float)(tu_test_rand(&rng) % 700) / 100.0f;
                    }
                }
                memset(&a, 0, sizeof a);
                memset(&b, 0, sizeof b);
                tu_error err;
                CHECK(tu_execute(&m, &lin.surface, &smp, &a, &err) == TU_OK, "%s", err.message);
                CHECK(tu_execute(&m, &t, &smp, &b, &err) == TU_OK, "%s", err.message);
                CHECK(memcmp(&a, &b, sizeof a) == 0, "%s tiling %s message %d",
                      tu_format_describe(formats[fi])->name, tu_tiling_name(surface_tilings[ti]),
                      i);
            }
            free(mem);
        }
        tu_image_free(&lin);
    }
}

static void test_surface_refusals(void) {
    tu_image lin = hashed(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 40, 40, 1, 1, 3, 1);
    void *mem;
    tu_surface t = make_tiled(&lin.surface, TU_TILING_INTEL_Y, &mem);
    tu_error err;
    tu_surface bad = t;
    bad.size -= 1;
    CHECK_ERR(tu_surface_validate(&bad, &err), TU_INVALID_ARGUMENT, &err, "do not fit in size");
    bad = t;
    bad.level[1].row_pitch = 100;
    CHECK_ERR(tu_surface_validate(&bad, &err), TU_INVALID_ARGUMENT, &err, "level[1].row_pitch 100");
    bad = t;
    bad.level[0].slice_pitch = 4;
    CHECK_ERR(tu_surface_validate(&bad, &err), TU_INVALID_ARGUMENT, &err, "slice_pitch 4");
    bad = t;
    bad.level[2].tile_x = 1000;
    CHECK_ERR(tu_surface_validate(&bad, &err), TU_INVALID_ARGUMENT, &err, "tile_x 1000");
    bad = t;
    bad.format = TU_FORMAT_R32G32B32_SFLOAT;
    CHECK_ERR(tu_surface_validate(&bad, &err), TU_UNSUPPORTED, &err,
              "(12-byte texels) with tiling y");
    bad = t;
    bad.level[1].tile_z = 2;
    CHECK_ERR(tu_surface_validate(&bad, &err), TU_INVALID_ARGUMENT, &err, "level[1].tile_z 2");
    bad = t;
    bad.tiling = (tu_tiling)9;
    CHECK_ERR(tu_surface_layout_intel(&bad, NULL, &err), TU_INVALID_ARGUMENT, &err, "tiling ? (9)");
    /* MEDIA_LD names the tiling it refuses */
    const tu_media_read rd = {0, 0, 4, 4, 0, 0};
    uint8_t dst[64];
    CHECK_ERR(tu_media_block_read(&t, &rd, dst, sizeof dst, &err), TU_INVALID_ARGUMENT, &err,
              "MEDIA_LD reads linear surfaces, not surface tiling y (3)");
    tu_image vol = hashed(TU_SURFACE_3D, false, TU_FORMAT_R8_UNORM, 8, 8, 8, 1, 1, 1);
    bad = vol.surface;
    bad.tiling = TU_TILING_INTEL_X; /* 3D Tile-X: Gfx9 (the default) takes it, DG2 does not */
    CHECK(tu_surface_layout_intel(&bad, NULL, &err) == TU_OK, "%s", err.message);
    CHECK_ERR(tu_surface_layout_intel_gen(&bad, 125, NULL, &err), TU_UNSUPPORTED, &err,
              "surface tiling x takes 2D and cube surfaces on Gfx12.5 (DG2), not 3D");
    CHECK_ERR(tu_surface_layout_intel_gen(&bad, 80, NULL, &err), TU_INVALID_ARGUMENT, &err,
              "verx10 80 is not 0");
    tu_image arr = hashed(TU_SURFACE_2D, true, TU_FORMAT_R8_UNORM, 8, 8, 1, 3, 1, 1);
    void *mem2;
    tu_surface ta = make_tiled(&arr.surface, TU_TILING_INTEL_4, &mem2);
    bad = ta;
    bad.level[0].layer_pitch = 2;
    CHECK_ERR(tu_surface_validate(&bad, &err), TU_INVALID_ARGUMENT, &err, "layer_pitch (QPitch) 2");
    bad = ta;
    bad.height = 9; /* the copy's shape differs */
    CHECK_ERR(tu_surface_copy_texels(&bad, &arr.surface, &err), TU_INVALID_ARGUMENT, &err,
              "copy destination");
    CHECK_ERR(tu_surface_copy_texels(&ta, &lin.surface, &err), TU_INVALID_ARGUMENT, &err,
              "copy: destination format");
    CHECK_ERR(tu_image_convert_tiling(&arr, TU_TILING_NV_BLOCK_LINEAR, &err), TU_UNSUPPORTED, &err,
              "nv_block_linear");
    static const uint8_t all_pages[64] = {0xff};
    const tu_residency res = {all_pages, sizeof all_pages, 12};
    arr.surface.residency = &res;
    CHECK_ERR(tu_image_convert_tiling(&arr, TU_TILING_INTEL_Y, &err), TU_UNSUPPORTED, &err,
              "residency map");
    arr.surface.residency = NULL;
    tu_nv_tic tic;
    CHECK_ERR(tu_nv_tic_from_surface(&ta, 0, &tic, &err), TU_INVALID_ARGUMENT, &err,
              "tiling 4 has no NVIDIA texture header");
    free(mem);
    free(mem2);
    tu_image_free(&lin);
    tu_image_free(&vol);
    tu_image_free(&arr);
}

/* --- generations --------------------------------------------------------------------------- */

/* isl_device_get_supported_tilings(), restated: Gfx9, Gfx11 and Gfx12 have linear, X and Y0;
 * Gfx12.5 and Xe2 linear, X, 4 and 64 (Xe2's 64 being ISL_TILING_64_XE2). */
static bool ref_gen_has(uint32_t verx10, tuS_intel_tiling tiling) {
    if (tiling == TUS_TILE_X) return true;
    return tiling == TUS_TILE_Y ? verx10 <= 120 : verx10 >= 125;
}

/* Every compressed format texunit has (BC1-BC7, ETC2, EAC, every ASTC footprint) on every
 * tiling of every generation: where the generation has the tiling, 2D arrays, cubes and 3D
 * surfaces of full mip chains with partial blocks at the edges, byte for byte against the
 * reference; where it does not, or the rule refuses the shape, the named refusal. */
static void test_compressed_every_gen(void) {
    uint64_t rng = tu_test_seed(333);
    static const uint32_t gens[5] = {90, 110, 120, 125, 200};
    int formats = 0, laid = 0;
    for (int f = 1; f < TU_FORMAT_COUNT; f++) {
        if (!tu_format_is_compressed((tu_format)f)) continue;
        formats++;
        const tu_format_desc *fd = tu_format_describe((tu_format)f);
        const uint32_t bytes = fd->bytes, bw = fd->block_width, bh = fd->block_height;
        for (int g = 0; g < 5; g++)
            for (int ti = 0; ti < TUS_TILE_COUNT; ti++) {
                const tuS_intel_tiling tiling = (tuS_intel_tiling)ti;
                const uint32_t v = gens[g];
                tuS_intel_layout l;
                tu_error err;
                const uint32_t w = 1 + (uint32_t)(tu_test_rand(&rng) % 70);
                const uint32_t h = 1 + (uint32_t)(tu_test_rand(&rng) % 50);
                tuS_intel_shape arr = {TU_SURFACE_2D, bytes, w, h, 1, 2, 1, 1, bw, bh};
                arr.levels = 32 - (uint32_t)__builtin_clz(w > h ? w : h);
                if (!ref_gen_has(v, tiling)) {
                    CHECK_ERR(tuS_intel_layout_init_gen(tiling, v, &arr, &l, &err), TU_UNSUPPORTED,
                              &err, "does not exist on");
                    continue;
                }
                check_surface_gen(tiling, v, &arr, &rng);
                const tuS_intel_shape cube = {TU_SURFACE_CUBE, bytes, 24, 24, 1, 6, 3, 1, bw, bh};
                check_surface_gen(tiling, v, &cube, &rng);
                tuS_intel_shape vol = {
                    TU_SURFACE_3D, bytes, w / 2 + 1, h / 2 + 1, 5, 1, 1, 1, bw, bh};
                vol.levels = 32 - (uint32_t)__builtin_clz(tuB_max_u32(vol.width, vol.height) | 5);
                if (tiling == TUS_TILE_X && v >= 125)
                    CHECK_ERR(tuS_intel_layout_init_gen(tiling, v, &vol, &l, &err), TU_UNSUPPORTED,
                              &err, "not 3D");
                else if (tiling == TUS_TILE_64 && v == 200)
                    CHECK_ERR(tuS_intel_layout_init_gen(tiling, v, &vol, &l, &err), TU_UNSUPPORTED,
                              &err, "ISL_TILING_64_XE2");
                else
                    check_surface_gen(tiling, v, &vol, &rng);
                laid += 3;
                /* isl_format_supports_multisampling(): no compressed format */
                tuS_intel_shape ms = {TU_SURFACE_2D, bytes, 16, 16, 1, 1, 1, 4, bw, bh};
                CHECK_ERR(tuS_intel_layout_init_gen(tiling, v, &ms, &l, &err), TU_UNSUPPORTED, &err,
                          "with a compressed format");
            }
    }
    CHECK(formats >= 40, "only %d compressed formats", formats);
    CHECK(laid > 400, "only %d compressed layouts", laid);
}

/* Worked examples from isl's rules, by hand. */
static void test_gen_examples(void) {
    tuS_intel_layout l;
    tu_error err;
    /* BC1 8x8, two levels, Tile-Y, Gfx9 and Gfx12: level 0 is 2 x 2 blocks; VALIGN_4 blocks
     * puts level 1 four block rows down, row 4 of the first 16-byte column of a Y tile: byte
     * 4 * 16 = 64 (Broadwell's one-block alignment would put it at row 2, byte 32). */
    const tuS_intel_shape bc1_8 = {TU_SURFACE_2D, 8, 8, 8, 1, 1, 2, 1, 4, 4};
    for (uint32_t v = 90; v <= 120; v += v == 90 ? 20 : 10) {
        CHECK(tuS_intel_layout_init_gen(TUS_TILE_Y, v, &bc1_8, &l, NULL) == TU_OK);
        CHECK_EQ_U(tuS_intel_byte_offset(&l, 1, 0, 0, 0, 0, 0, 0), 64);
        CHECK(l.halign == 4 && l.valign == 4, "verx10 %u: %ux%u", v, l.halign, l.valign);
    }
    /* The same on Tile-X: row 4 of a tile of 512-byte rows. */
    CHECK(tuS_intel_layout_init_gen(TUS_TILE_X, 90, &bc1_8, &l, NULL) == TU_OK);
    CHECK_EQ_U(tuS_intel_byte_offset(&l, 1, 0, 0, 0, 0, 0, 0), 4 * 512);
    /* ASTC 12x12 (16-byte blocks) 24x24 on Tile-Y: 2 x 2 blocks, level 1 at row 4: 64. */
    const tuS_intel_shape astc = {TU_SURFACE_2D, 16, 24, 24, 1, 1, 2, 1, 12, 12};
    CHECK(tuS_intel_layout_init(TUS_TILE_Y, &astc, &l, NULL) == TU_OK);
    CHECK_EQ_U(tuS_intel_byte_offset(&l, 1, 0, 0, 0, 0, 0, 0), 64);
    /* The tu_surface way: texel (0, 0) of level 1 of a BC1 8x8 Tile-Y surface is at 64. */
    tu_image bc1img = hashed(TU_SURFACE_2D, false, TU_FORMAT_BC1_RGB_UNORM_BLOCK, 8, 8, 1, 1, 2, 1);
    tu_surface ts = bc1img.surface;
    ts.tiling = TU_TILING_INTEL_Y;
    uint64_t need = 0, off = 0;
    CHECK(tu_surface_layout_intel(&ts, &need, &err) == TU_OK, "%s", err.message);
    ts.size = (size_t)need;
    const tu_texel_coord c1 = {0, 0, 0, 0, 1, 0};
    CHECK(tu_surface_texel_offset(&ts, &c1, &off, &err) == TU_OK && off == 64, "%s %llu",
          err.message, (unsigned long long)off);
    tu_image_free(&bc1img);
    /* BC1 64x64, three levels, Tile-4 on DG2 and Xe2: HALIGN 64 bytes = 8 blocks. Level 0 is
     * 16 x 16 blocks, level 1 8 x 8 at row 16, level 2 right of level 1 at 8 blocks = byte
     * column 64, row 16: in a Tile-4 tile u 64 is the second 64-byte half (512) and rows
     * 16..23 the third 1 KiB row of blocks (2048): 2560. The tree is 16 blocks = 128 bytes
     * wide: one tile. (A 128-byte HALIGN would put level 2 at byte column 128, a second tile.) */
    const tuS_intel_shape bc1_64 = {TU_SURFACE_2D, 8, 64, 64, 1, 1, 3, 1, 4, 4};
    for (uint32_t v = 125; v <= 200; v += 75) {
        CHECK(tuS_intel_layout_init_gen(TUS_TILE_4, v, &bc1_64, &l, NULL) == TU_OK);
        CHECK(l.halign == 8 && l.valign == 4 && l.row_pitch == 128, "verx10 %u", v);
        CHECK_EQ_U(tuS_intel_byte_offset(&l, 2, 0, 0, 0, 0, 0, 0), 2560);
    }
    /* BC3 (16-byte blocks) 32x32, three levels, Tile-4, DG2: HALIGN 64 bytes = 4 blocks;
     * level 2 at block 4 = byte column 64, row 8: 512 + 1024 = 1536. */
    const tuS_intel_shape bc3 = {TU_SURFACE_2D, 16, 32, 32, 1, 1, 3, 1, 4, 4};
    CHECK(tuS_intel_layout_init(TUS_TILE_4, &bc3, &l, NULL) == TU_OK);
    CHECK(l.halign == 4 && l.row_pitch == 128);
    CHECK_EQ_U(tuS_intel_byte_offset(&l, 2, 0, 0, 0, 0, 0, 0), 1536);
    /* Tile-X 3D on Skylake: BC1 16x16x2, one level: 4 block rows, QPitch aligned to VALIGN 4
     * and to the 8-row tile height: 8, so slice 1 starts the second row of tiles: 4096. */
    const tuS_intel_shape x3d = {TU_SURFACE_3D, 8, 16, 16, 2, 1, 1, 1, 4, 4};
    CHECK(tuS_intel_layout_init_gen(TUS_TILE_X, 90, &x3d, &l, NULL) == TU_OK);
    CHECK(l.qpitch == 8 && l.row_pitch == 512);
    CHECK_EQ_U(tuS_intel_byte_offset(&l, 0, 0, 0, 1, 0, 0, 0), 4096);
    /* Gfx12's 512-byte pitch: R8G8B8A8 300x8 on Tile-Y is 304 texels (HALIGN_16) = 1216
     * bytes: 1280 on Gfx9, 1536 on Gfx12 (wider than 256); BC1 300x8 has no CCS: 76 blocks =
     * 608 bytes, 640 on both. */
    const tuS_intel_shape wide = {TU_SURFACE_2D, 4, 300, 8, 1, 1, 2, 1, 1, 1};
    const tuS_intel_shape wide_bc1 = {TU_SURFACE_2D, 8, 300, 8, 1, 1, 2, 1, 4, 4};
    CHECK(tuS_intel_layout_init_gen(TUS_TILE_Y, 90, &wide, &l, NULL) == TU_OK &&
          l.row_pitch == 1280);
    CHECK(tuS_intel_layout_init_gen(TUS_TILE_Y, 120, &wide, &l, NULL) == TU_OK &&
          l.row_pitch == 1536);
    CHECK(tuS_intel_layout_init_gen(TUS_TILE_X, 120, &wide, &l, NULL) == TU_OK &&
          l.row_pitch == 1536); /* Tile-X: whole 512-byte tiles anyway */
    CHECK(tuS_intel_layout_init_gen(TUS_TILE_Y, 120, &wide_bc1, &l, NULL) == TU_OK &&
          l.row_pitch == 640);
    /* Xe2's WA_22018390030: R8G8B8A8 8x4, two levels, Tile-4: VALIGN 8 puts level 1 at row
     * 8 (byte 1024), where DG2's VALIGN 4 puts it at row 4 (byte 256); a 3D surface keeps 4. */
    const tuS_intel_shape rgba = {TU_SURFACE_2D, 4, 8, 4, 1, 1, 2, 1, 1, 1};
    CHECK(tuS_intel_layout_init_gen(TUS_TILE_4, 200, &rgba, &l, NULL) == TU_OK);
    CHECK_EQ_U(tuS_intel_byte_offset(&l, 1, 0, 0, 0, 0, 0, 0), 1024);
    CHECK(tuS_intel_layout_init_gen(TUS_TILE_4, 125, &rgba, &l, NULL) == TU_OK);
    CHECK_EQ_U(tuS_intel_byte_offset(&l, 1, 0, 0, 0, 0, 0, 0), 256);
    const tuS_intel_shape rgba3d = {TU_SURFACE_3D, 4, 8, 4, 2, 1, 2, 1, 1, 1};
    CHECK(tuS_intel_layout_init_gen(TUS_TILE_4, 200, &rgba3d, &l, NULL) == TU_OK && l.valign == 4);
    /* Xe2 Tile-64 2D is Xe-HP's: the same layout as DG2's. */
    tuS_intel_layout l2;
    const tuS_intel_shape t64 = {TU_SURFACE_2D, 8, 100, 60, 1, 2, 7, 1, 4, 4};
    CHECK(tuS_intel_layout_init_gen(TUS_TILE_64, 125, &t64, &l, NULL) == TU_OK &&
          tuS_intel_layout_init_gen(TUS_TILE_64, 200, &t64, &l2, NULL) == TU_OK);
    l2.verx10 = l.verx10;
    CHECK(memcmp(&l, &l2, sizeof l) == 0, "Xe2 Tile-64 2D differs from DG2's");
}

/* Every refusal of the generation rules, by name. */
static void test_gen_refusals(void) {
    tuS_intel_layout l;
    tu_error err;
    const tuS_intel_shape s = {TU_SURFACE_2D, 4, 8, 8, 1, 1, 1, 1, 1, 1};
    const uint32_t bad[6] = {1, 80, 100, 115, 130, 300};
    for (int i = 0; i < 6; i++)
        CHECK_ERR(tuS_intel_layout_init_gen(TUS_TILE_X, bad[i], &s, &l, &err), TU_INVALID_ARGUMENT,
                  &err, "is not 0 (the tiling's default), 90, 110, 120, 125 or 200");
    CHECK_ERR(tuS_intel_layout_init_gen(TUS_TILE_Y, 125, &s, &l, &err), TU_UNSUPPORTED, &err,
              "surface tiling y does not exist on Gfx12.5 (DG2) (verx10 125)");
    CHECK_ERR(tuS_intel_layout_init_gen(TUS_TILE_Y, 200, &s, &l, &err), TU_UNSUPPORTED, &err,
              "tiling y does not exist on Xe2");
    CHECK_ERR(tuS_intel_layout_init_gen(TUS_TILE_4, 90, &s, &l, &err), TU_UNSUPPORTED, &err,
              "tiling 4 does not exist on Gfx9 (Skylake)");
    CHECK_ERR(tuS_intel_layout_init_gen(TUS_TILE_64, 120, &s, &l, &err), TU_UNSUPPORTED, &err,
              "tiling 64 does not exist on Gfx12 (Tiger Lake)");
    const tuS_intel_shape ms = {TU_SURFACE_2D, 4, 8, 8, 1, 1, 1, 4, 1, 1};
    CHECK(tuS_intel_layout_init_gen(TUS_TILE_64, 125, &ms, &l, NULL) == TU_OK);
    CHECK_ERR(tuS_intel_layout_init_gen(TUS_TILE_64, 200, &ms, &l, &err), TU_UNSUPPORTED, &err,
              "tiling 64 on Xe2 for a multisample surface");
    CHECK_ERR(tuS_intel_layout_init_gen(TUS_TILE_X, 200, &ms, &l, &err), TU_UNSUPPORTED, &err,
              "multisample surfaces take tiling y or 64");
    const tuS_intel_shape bc_ms = {TU_SURFACE_2D, 8, 8, 8, 1, 1, 1, 2, 4, 4};
    CHECK_ERR(tuS_intel_layout_init_gen(TUS_TILE_Y, 90, &bc_ms, &l, &err), TU_UNSUPPORTED, &err,
              "surface samples 2 with a compressed format (4x4 blocks)");
    /* The generations' names (the command line's tiling=T@NAME). */
    static const char *const names[5] = {"skl", "icl", "tgl", "dg2", "xe2"};
    static const uint32_t values[5] = {90, 110, 120, 125, 200};
    for (int i = 0; i < 5; i++)
        CHECK_EQ_U(tu_intel_gen_from_name(names[i]), values[i]);
    CHECK(tu_intel_gen_from_name("SKL") == 0 && tu_intel_gen_from_name("gfx9") == 0 &&
          tu_intel_gen_from_name("") == 0 && tu_intel_gen_from_name(NULL) == 0);
    /* tu_image_convert_tiling_gen: a BC1 8x8 image of two levels in Tile-Y by Tiger Lake's
     * rules holds level 1's first block at byte 64; Tile-Y by DG2's is refused, the image
     * left as it was. */
    tu_image img = hashed(TU_SURFACE_2D, false, TU_FORMAT_BC1_RGBA_UNORM_BLOCK, 8, 8, 1, 1, 2, 1);
    uint8_t first[8];
    memcpy(first, (uint8_t *)img.memory + img.surface.level[1].offset, 8);
    CHECK_ERR(tu_image_convert_tiling_gen(&img, TU_TILING_INTEL_Y, 125, &err), TU_UNSUPPORTED, &err,
              "does not exist on Gfx12.5");
    CHECK(img.surface.tiling == TU_TILING_LINEAR);
    CHECK(tu_image_convert_tiling_gen(&img, TU_TILING_INTEL_Y, 120, &err) == TU_OK, "%s",
          err.message);
    CHECK(img.surface.tiling == TU_TILING_INTEL_Y &&
          memcmp((uint8_t *)img.memory + 64, first, 8) == 0);
    tu_image_free(&img);
    /* On a tu_surface: a BC7 surface with 4 samples in Tile-Y. */
    tu_surface t = {0};
    t.type = TU_SURFACE_2D;
    t.format = TU_FORMAT_BC7_UNORM_BLOCK;
    t.tiling = TU_TILING_INTEL_Y;
    t.width = t.height = 8;
    t.depth = t.layers = t.levels = t.level_count = 1;
    t.samples = 4;
    CHECK(tu_surface_layout_intel(&t, NULL, &err) != TU_OK && strstr(err.message, "compressed"),
          "%s", err.message);
}

/* Hostile layouts: random pitches, QPitch, level places (tile_z too), offsets and sizes, of
 * texels and of blocks. Whatever
 * validation says, the gate hands out only texels inside memory, and a layout validation
 * accepts has every texel of every level inside memory. */
static void test_hostile_layouts(void) {
    uint64_t rng = tu_test_seed(4242);
    int accepted = 0;
    for (int i = 0; i < 3000; i++) {
        tu_surface s = {0};
        const tu_tiling tilings[4] = {TU_TILING_INTEL_X, TU_TILING_INTEL_Y, TU_TILING_INTEL_4,
                                      TU_TILING_INTEL_64};
        const tu_format formats[5] = {TU_FORMAT_R8_UNORM, TU_FORMAT_R8G8B8A8_UNORM,
                                      TU_FORMAT_R32G32B32A32_UINT, TU_FORMAT_BC1_RGBA_UNORM_BLOCK,
                                      TU_FORMAT_ASTC_12x10_UNORM_BLOCK};
        s.tiling = tilings[tu_test_rand(&rng) % 4];
        s.format = formats[tu_test_rand(&rng) % 5];
        s.type =
            s.tiling == TU_TILING_INTEL_X || tu_test_rand(&rng) % 2 ? TU_SURFACE_2D : TU_SURFACE_3D;
        s.arrayed = s.type == TU_SURFACE_2D;
        s.width = 1 + (uint32_t)(tu_test_rand(&rng) % 40);
        s.height = 1 + (uint32_t)(tu_test_rand(&rng) % 40);
        s.depth = s.type == TU_SURFACE_3D ? 1 + (uint32_t)(tu_test_rand(&rng) % 20) : 1;
        s.layers = s.type == TU_SURFACE_3D ? 1 : 1 + (uint32_t)(tu_test_rand(&rng) % 3);
        s.levels = 1 + (uint32_t)(tu_test_rand(&rng) % 3);
        s.level_count = s.levels;
        s.samples = 1;
        uint64_t need = 0;
        if (tu_surface_layout_intel(&s, &need, NULL) != TU_OK) continue;
        /* Perturb some fields, some of the time. */
        for (uint32_t L = 0; L < s.levels; L++) {
            tu_level_layout *lv = &s.level[L];
            switch (tu_test_rand(&rng) % 7) {
            case 0: lv->row_pitch = tu_test_rand(&rng) % 4096; break;
            case 1: lv->layer_pitch = tu_test_rand(&rng) % 300; break;
            case 2: lv->tile_x = (uint32_t)(tu_test_rand(&rng) % 300); break;
            case 3: lv->tile_y = (uint32_t)(tu_test_rand(&rng) % 300); break;
            case 4: lv->offset = tu_test_rand(&rng) % 200000; break;
            case 5: lv->tile_z = (uint32_t)(tu_test_rand(&rng) % 40); break;
            default: break;
            }
        }
        const uint64_t size = tu_test_rand(&rng) % 2 ? need : tu_test_rand(&rng) % (need + 1) + 1;
        uint8_t *mem = calloc(size, 1);
        s.data = mem;
        s.size = size;
        const bool valid = tu_surface_validate(&s, NULL) == TU_OK;
        accepted += valid;
        const uint32_t bytes = tu_format_bytes(s.format);
        int bad = 0;
        for (uint32_t L = 0; L < s.levels; L++) {
            uint32_t w, h, d;
            tu_surface_level_extent(&s, L, &w, &h, &d);
            for (uint32_t layer = 0; layer < s.layers; layer++)
                for (uint32_t z = 0; z < d; z++)
                    for (uint32_t y = 0; y < h; y++)
                        for (uint32_t x = 0; x < w; x++) {
                            const tu_texel_coord c = {x, y, z, layer, L, 0};
                            uint64_t off;
                            const bool ok = tu_surface_texel_offset(&s, &c, &off, NULL) == TU_OK;
                            bad += ok ? off + bytes > size : valid;
                        }
        }
        CHECK(bad == 0, "layout %d (%s, valid %d): %d texels outside or refused", i,
              tu_tiling_name(s.tiling), valid, bad);
        free(mem);
    }
    CHECK(accepted > 150, "only %d layouts were valid", accepted);
}

/* tu_image_convert_tiling to the layout an image has already is nothing (the same memory),
 * from any tiling; there and back leaves the same bytes as the start. */
static void test_convert_to_same_layout(void) {
    tu_image img = hashed(TU_SURFACE_2D, true, TU_FORMAT_R8G8B8A8_UNORM, 37, 21, 1, 2, 6, 1);
    if (!CHECK(img.memory != NULL)) return;
    const size_t size = img.surface.size;
    uint8_t *start = malloc(size);
    if (!CHECK(start != NULL)) return;
    memcpy(start, img.memory, size);
    tu_error err = {0};
    void *before = img.memory;
    CHECK(tu_image_convert_tiling(&img, TU_TILING_LINEAR, &err) == TU_OK, "%s", err.message);
    CHECK(img.memory == before, "linear to linear copied the image");
    static const tu_tiling tilings[] = {TU_TILING_INTEL_X, TU_TILING_INTEL_Y, TU_TILING_INTEL_4,
                                        TU_TILING_INTEL_64};
    for (unsigned t = 0; t < sizeof tilings / sizeof tilings[0]; t++) {
        CHECK(tu_image_convert_tiling(&img, tilings[t], &err) == TU_OK, "%s", err.message);
        before = img.memory;
        CHECK(tu_image_convert_tiling(&img, tilings[t], &err) == TU_OK, "%s", err.message);
        CHECK(img.memory == before, "tiling %u to itself copied the image", t);
        CHECK(tu_image_convert_tiling(&img, TU_TILING_LINEAR, &err) == TU_OK, "%s", err.message);
        CHECK(img.surface.size == size && memcmp(img.memory, start, size) == 0,
              "tiling %u and back changed the bytes", t);
    }
    free(start);
    tu_image_free(&img);
}

int main(void) {
    TU_RUN(test_hand_examples);
    TU_RUN(test_round_trips);
    TU_RUN(test_blocks_and_tails);
    TU_RUN(test_refusals);
    TU_RUN(test_surface_gate);
    TU_RUN(test_engine_reads_tiled);
    TU_RUN(test_engine_reads_tiled_blocks);
    TU_RUN(test_surface_refusals);
    TU_RUN(test_compressed_every_gen);
    TU_RUN(test_gen_examples);
    TU_RUN(test_gen_refusals);
    TU_RUN(test_hostile_layouts);
    TU_RUN(test_convert_to_same_layout);
    return tu_test_finish();
}
