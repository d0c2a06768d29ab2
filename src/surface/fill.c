/* SPDX-License-Identifier: MIT */
/*
 * fill.c - the deterministic texel generator: every field of every texel a function of
 * (seed, level, layer, x, y, z, component), so a test, the query command and another
 * implementation (the lavapipe differential suite) can build the same texture.
 */
#include "surface_internal.h"

#include "../format/compressed/compressed.h"
#include "../format/format_internal.h"
#include "tiling_intel.h"

#include <string.h>

/* Chris Wellons's lowbias32 integer hash. */
static uint32_t lowbias32(uint32_t x) {
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

/* One step of the chain: the hash so far with one more coordinate folded in. The chain's
 * order (seed, level, layer, z, y, x, component) lets a fill hash a row's prefix once and
 * each texel's x once, leaving one step per channel. */
static uint32_t hash_step(uint32_t h, uint32_t v) {
    return lowbias32(h + v + 0x9E3779B9U);
}

static uint32_t hash_row(uint32_t seed, uint32_t level, uint32_t layer, uint32_t z, uint32_t y) {
    return hash_step(hash_step(hash_step(hash_step(seed, level), layer), z), y);
}

uint32_t tu_texel_hash(uint32_t seed, uint32_t level, uint32_t layer, uint32_t x, uint32_t y,
                       uint32_t z, uint32_t c) {
    return hash_step(hash_step(hash_row(seed, level, layer, z, y), x), c);
}

/* The component index a field hashes with, or -1 for padding (never hashed). */
static int hash_component(const tu_channel *ch) {
    switch (ch->component) {
    case TU_COMPONENT_R:
    case TU_COMPONENT_G:
    case TU_COMPONENT_B:
    case TU_COMPONENT_A: return ch->component;
    case TU_COMPONENT_D:
    case TU_COMPONENT_L:
    case TU_COMPONENT_I: return 0;
    case TU_COMPONENT_S: return 1;
    default: return ch->numeric == TU_NUMERIC_EXP ? 3 : -1;
    }
}

/* The value of field ch of a texel whose chain for that field's component ended in h. */
static uint32_t field_value(const tu_channel *ch, uint32_t h) {
    if (ch->numeric == TU_NUMERIC_SFLOAT && ch->bits == 16)
        return tu_float_to_half((float)((int)(h >> 21) - 1024) / 1024.0f);
    if (ch->numeric == TU_NUMERIC_SFLOAT && ch->bits == 32) {
        if (ch->component == TU_COMPONENT_D) return tuB_float_bits((float)(h >> 8) / 16777216.0f);
        return tuB_float_bits((float)((int)(h >> 8) - 8388608) / 8388608.0f);
    }
    /* 8-bit fields take h >> 24: the same rule as "the top bits of h that fit". */
    return ch->bits >= 32 ? h : h >> (32 - ch->bits);
}

uint32_t tu_texel_hash_field(tu_format format, unsigned channel, uint32_t seed, uint32_t level,
                             uint32_t layer, uint32_t x, uint32_t y, uint32_t z) {
    const tu_format_desc *d = tu_format_describe(format);
    if (!d || channel >= d->channel_count || (d->flags & TU_FORMAT_FLAG_COMPRESSED)) return 0;
    const tu_channel *ch = &d->channels[channel];
    int c = hash_component(ch);
    if (c < 0) return 0;
    return field_value(ch, tu_texel_hash(seed, level, layer, x, y, z, (uint32_t)c));
}

/* --- patterns (surface.h) ------------------------------------------------------------------ */

static const char *const pattern_names[TU_PATTERN_COUNT] = {"hash", "checker", "gradient", "levels",
                                                            "grid"};

const char *tu_pattern_name(tu_pattern pattern) {
    return (unsigned)pattern < TU_PATTERN_COUNT ? pattern_names[pattern] : NULL;
}

tu_pattern tu_pattern_from_name(const char *name) {
    for (unsigned p = 0; name && p < TU_PATTERN_COUNT; p++)
        if (strcmp(name, pattern_names[p]) == 0) return (tu_pattern)p;
    return TU_PATTERN_COUNT;
}

/* 17 colours, one per level of the longest chain (TU_MAX_LEVELS). */
static const float level_colors[TU_MAX_LEVELS][3] = {
    {1, 0, 0},    {0, 1, 0},          {0, 0, 1},    {1, 1, 0},    {1, 0, 1},    {0, 1, 1},
    {1, 0.5f, 0}, {0.5f, 0, 1},       {0, 1, 0.5f}, {1, 0, 0.5f}, {0.5f, 1, 0}, {0, 0.5f, 1},
    {1, 1, 1},    {0.5f, 0.5f, 0.5f}, {0.5f, 0, 0}, {0, 0.5f, 0}, {0, 0, 0.5f}};

void tu_pattern_level_color(uint32_t level, float rgba[4]) {
    const uint32_t L = level < TU_MAX_LEVELS ? level : TU_MAX_LEVELS - 1;
    rgba[0] = level_colors[L][0], rgba[1] = level_colors[L][1], rgba[2] = level_colors[L][2];
    rgba[3] = 1.0f;
}

void tu_pattern_color(const tu_surface *s, tu_pattern pattern, uint32_t level, uint32_t layer,
                      uint32_t x, uint32_t y, uint32_t z, float rgba[4]) {
    uint32_t w, h, d;
    tuS_mip_extent(s, level < 32 ? level : 31, &w, &h, &d);
    const bool is3d = s->type == TU_SURFACE_3D;
    rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0.0f;
    switch (pattern) {
    case TU_PATTERN_CHECKER: {
        /* Below 8 texels on an axis the type has, a texel would hold several cells: it is
         * their average, grey, so the chain is the box-filtered checker. */
        const bool small = w < 8 || (s->type != TU_SURFACE_1D && h < 8) || (is3d && d < 8);
        const uint32_t cx = x / tuB_max_u32(1, w / 8), cy = y / tuB_max_u32(1, h / 8),
                       cz = z / tuB_max_u32(1, d / 8);
        const float v = small ? 0.5f : ((cx + cy + cz + layer) & 1) ? 0.0f : 1.0f;
        rgba[0] = rgba[1] = rgba[2] = v, rgba[3] = 1.0f;
        break;
    }
    case TU_PATTERN_GRADIENT:
        rgba[0] = ((float)x + 0.5f) / (float)w;
        rgba[1] = ((float)y + 0.5f) / (float)h;
        rgba[2] = is3d ? ((float)z + 0.5f) / (float)d
                       : ((float)layer + 0.5f) / (float)tuB_max_u32(1, s->layers);
        rgba[3] = 1.0f;
        break;
    case TU_PATTERN_LEVELS: tu_pattern_level_color(level, rgba); break;
    case TU_PATTERN_GRID: {
        const bool line = x % 8 == 0 || y % 8 == 0 || (is3d && z % 8 == 0);
        const float v = line ? 1.0f : 0.25f;
        rgba[0] = rgba[1] = rgba[2] = v, rgba[3] = 1.0f;
        break;
    }
    default: break;
    }
}

static uint32_t scaled(float v, float max) {
    return (uint32_t)(v * max + 0.5f); /* v in [0, 1] */
}

/* The texel the colour means in format d (surface.h, "Patterns"). */
static void encode_color(const tu_format_desc *d, const float rgba[4], uint8_t *p) {
    tu_texel t;
    for (int c = 0; c < 4; c++) {
        if (d->format_class == TU_CLASS_UINT)
            t.u[c] = scaled(rgba[c], 255.0f);
        else if (d->format_class == TU_CLASS_SINT)
            t.i[c] = (int32_t)scaled(rgba[c], 127.0f);
        else
            t.f[c] = rgba[c];
    }
    tu_format_encode(d->format, &t, p);
    if ((d->flags & TU_FORMAT_FLAG_STENCIL) && (d->flags & TU_FORMAT_FLAG_DEPTH))
        tu_format_encode_stencil(d->format, scaled(rgba[1], 255.0f), p);
}

/* The generator's value of component c (0..3) of texel (x, y, z) of a compressed format,
 * in the space of the block decoders' values: UNORM and sRGB codes (h >> 24) / 255, SNORM
 * max((int8_t)(h >> 24) / 127, -1), floats ((int)(h >> 21) - 1024) / 1024 (the 16-bit float
 * rule of tu_texel_hash_field, before rounding to half). */
static float block_texel_value(const tu_format_desc *d, unsigned c, uint32_t h) {
    switch (d->channels[c].numeric) {
    case TU_NUMERIC_SNORM: {
        const float v = (float)(int8_t)(h >> 24) / 127.0f;
        return v < -1.0f ? -1.0f : v;
    }
    case TU_NUMERIC_SFLOAT:
    case TU_NUMERIC_UFLOAT: return (float)((int)(h >> 21) - 1024) / 1024.0f;
    default: return (float)(h >> 24) / 255.0f;
    }
}

/* A compressed surface: each block is the block encoder's encoding (deterministic) of the
 * generator's texels (the hash's, or the pattern's colours), a texel beyond the level's edge
 * (in a partial block) repeating the nearest texel inside it. Each row of blocks reports its
 * texel rows to progress (rows of them in all; 0: no report). */
static tu_status fill_blocks(const tu_surface *s, const tu_format_desc *d, tu_pattern pattern,
                             uint32_t seed, const tu_progress *progress, uint64_t rows,
                             tu_error *err) {
    uint64_t done = 0;
    const tuC_format f = tuC_format_of(s->format);
    float texels[TUC_MAX_BLOCK_TEXELS][4];
    for (uint32_t L = 0; L < s->levels; L++) {
        uint32_t w, h, depth;
        tuS_mip_extent(s, L, &w, &h, &depth);
        for (uint32_t layer = 0; layer < s->layers; layer++)
            for (uint32_t z = 0; z < depth; z++)
                for (uint32_t y = 0; y < h; y += d->block_height)
                    for (uint32_t x = 0; x < w; x += d->block_width) {
                        for (uint32_t j = 0; j < d->block_height; j++)
                            for (uint32_t i = 0; i < d->block_width; i++) {
                                const uint32_t tx = tuB_min_u32(x + i, w - 1);
                                const uint32_t ty = tuB_min_u32(y + j, h - 1);
                                float *t = texels[j * d->block_width + i];
                                if (pattern != TU_PATTERN_HASH) {
                                    tu_pattern_color(s, pattern, L, layer, tx, ty, z, t);
                                    continue;
                                }
                                const uint32_t hx = hash_step(hash_row(seed, L, layer, z, ty), tx);
                                for (unsigned c = 0; c < 4; c++)
                                    t[c] = c < d->channel_count
                                               ? block_texel_value(d, c, hash_step(hx, c))
                                               : (c == 3 ? 1.0f : 0.0f);
                            }
                        const tu_texel_coord c = {x, y, z, layer, 0, 0};
                        uint64_t off;
                        TU_TRY(tuS_texel_offset(s, L, &c, &off, err));
                        TU_TRY(tuC_encode_block(f, (const float(*)[4])texels, TUC_MAX_BLOCK_TEXELS,
                                                (uint8_t *)s->data + off, d->bytes, err));
                        if (rows && x + d->block_width >= w)
                            progress->report(progress->user,
                                             done += tuB_min_u32(d->block_height, h - y), rows);
                    }
    }
    return TU_OK;
}

/* Every texel of every memory level, layer and sample: the hash or a pattern colour. */
static tu_status fill(const tu_surface *s, tu_pattern pattern, uint32_t seed,
                      const tu_progress *progress, tu_error *err) {
    TU_TRY(tu_surface_validate(s, err));
    uint64_t rows = 0, done = 0;
    for (uint32_t L = 0; progress && progress->report && L < s->levels; L++) {
        uint32_t w, h, depth;
        tuS_mip_extent(s, L, &w, &h, &depth);
        rows += (uint64_t)h * depth * s->layers * s->samples;
    }
    const tu_format_desc *d = tu_format_describe(s->format);
    if (d->flags & TU_FORMAT_FLAG_COMPRESSED)
        return fill_blocks(s, d, pattern, seed, progress, rows, err);
    int component[4]; /* hash_component of each field */
    for (unsigned i = 0; i < d->channel_count; i++)
        component[i] = hash_component(&d->channels[i]);
    uint8_t *base = s->data;
    const bool linear = !tuS_tiling_is_intel(s->tiling) && s->tiling != TU_TILING_NV_BLOCK_LINEAR;
    for (uint32_t L = 0; L < s->levels; L++) {
        uint32_t w, h, depth;
        tuS_mip_extent(s, L, &w, &h, &depth);
        for (uint32_t layer = 0; layer < s->layers; layer++)
            for (uint32_t sample = 0; sample < s->samples; sample++)
                for (uint32_t z = 0; z < depth; z++)
                    for (uint32_t y = 0; y < h; y++) {
                        /* In a linear layout a row's texels are consecutive: the gate checks
                         * its first and last texel once, and x steps by the texel's bytes. */
                        uint64_t row = 0, row_end;
                        if (linear) {
                            const tu_texel_coord first = {0, y, z, layer, 0, sample},
                                                 last = {w - 1, y, z, layer, 0, sample};
                            TU_TRY(tuS_texel_offset(s, L, &first, &row, err));
                            TU_TRY(tuS_texel_offset(s, L, &last, &row_end, err));
                        }
                        /* The hash's z is the sample in a multisampled surface. */
                        const uint32_t row_hash =
                            hash_row(seed, L, layer, s->samples > 1 ? sample : z, y);
                        for (uint32_t x = 0; x < w; x++) {
                            const tu_texel_coord c = {x, y, z, layer, 0, sample};
                            uint64_t off = row + (uint64_t)x * d->bytes;
                            if (!linear) TU_TRY(tuS_texel_offset(s, L, &c, &off, err));
                            uint8_t *p = base + off;
                            memset(p, 0, d->bytes);
                            if (pattern != TU_PATTERN_HASH) {
                                float rgba[4];
                                tu_pattern_color(s, pattern, L, layer, x, y, z, rgba);
                                encode_color(d, rgba, p);
                                continue;
                            }
                            /* tu_texel_hash_field of each field, the row's prefix and the
                             * texel's x hashed once for all its fields. */
                            const uint32_t hx = hash_step(row_hash, x);
                            for (unsigned i = 0; i < d->channel_count; i++)
                                if (component[i] >= 0)
                                    tuF_write_field(
                                        p, d->channels[i].shift, d->channels[i].bits,
                                        field_value(&d->channels[i],
                                                    hash_step(hx, (uint32_t)component[i])));
                        }
                        if (rows) progress->report(progress->user, ++done, rows);
                    }
    }
    return TU_OK;
}

tu_status tu_surface_fill_hash(const tu_surface *s, uint32_t seed, tu_error *err) {
    return fill(s, TU_PATTERN_HASH, seed, NULL, err);
}

tu_status tu_surface_fill_pattern(const tu_surface *s, tu_pattern pattern, uint32_t seed,
                                  const tu_progress *progress, tu_error *err) {
    TU_RETURN_IF((unsigned)pattern >= TU_PATTERN_COUNT, err, TU_INVALID_ARGUMENT,
                 "pattern %d is not a tu_pattern (0..%d)", (int)pattern, TU_PATTERN_COUNT - 1);
    return fill(s, pattern, seed, progress, err);
}
