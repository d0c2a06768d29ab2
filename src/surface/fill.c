/*
 * fill.c - the deterministic texel generator: every field of every texel a function of
 * (seed, level, layer, x, y, z, component), so a test, the query command and another
 * implementation (the lavapipe differential suite) can build the same texture.
 */
#include "surface_internal.h"

#include "../format/compressed/compressed.h"
#include "../format/format_internal.h"

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

uint32_t tu_texel_hash(uint32_t seed, uint32_t level, uint32_t layer, uint32_t x, uint32_t y,
                       uint32_t z, uint32_t c) {
    const uint32_t v[6] = {level, layer, z, y, x, c};
    uint32_t h = seed;
    for (int i = 0; i < 6; i++)
        h = lowbias32(h + v[i] + 0x9E3779B9U);
    return h;
}

/* The component index a field hashes with, or -1 for padding (never hashed). */
static int hash_component(const tu_channel *ch) {
    switch (ch->component) {
    case TU_COMPONENT_R:
    case TU_COMPONENT_G:
    case TU_COMPONENT_B:
    case TU_COMPONENT_A: return ch->component;
    case TU_COMPONENT_D: return 0;
    case TU_COMPONENT_S: return 1;
    default: return ch->numeric == TU_NUMERIC_EXP ? 3 : -1;
    }
}

static uint32_t float_bits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

uint32_t tu_texel_hash_field(tu_format format, unsigned channel, uint32_t seed, uint32_t level,
                             uint32_t layer, uint32_t x, uint32_t y, uint32_t z) {
    const tu_format_desc *d = tu_format_describe(format);
    if (!d || channel >= d->channel_count || (d->flags & TU_FORMAT_FLAG_COMPRESSED)) return 0;
    const tu_channel *ch = &d->channels[channel];
    int c = hash_component(ch);
    if (c < 0) return 0;
    const uint32_t h = tu_texel_hash(seed, level, layer, x, y, z, (uint32_t)c);
    if (ch->numeric == TU_NUMERIC_SFLOAT && ch->bits == 16)
        return tu_float_to_half((float)((int)(h >> 21) - 1024) / 1024.0f);
    if (ch->numeric == TU_NUMERIC_SFLOAT && ch->bits == 32) {
        if (ch->component == TU_COMPONENT_D) return float_bits((float)(h >> 8) / 16777216.0f);
        return float_bits((float)((int)(h >> 8) - 8388608) / 8388608.0f);
    }
    /* 8-bit fields take h >> 24: the same rule as "the top bits of h that fit". */
    return ch->bits >= 32 ? h : h >> (32 - ch->bits);
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
 * generator's texels, a texel beyond the level's edge (in a partial block) repeating the
 * nearest texel inside it. */
static tu_status fill_blocks(const tu_surface *s, const tu_format_desc *d, uint32_t seed,
                             tu_error *err) {
    const tuC_format f = tuC_format_from_vk(d->vk_format);
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
                                for (unsigned c = 0; c < 4; c++)
                                    t[c] =
                                        c < d->channel_count
                                            ? block_texel_value(
                                                  d, c, tu_texel_hash(seed, L, layer, tx, ty, z, c))
                                            : (c == 3 ? 1.0f : 0.0f);
                            }
                        const tu_texel_coord c = {x, y, z, layer, 0, 0};
                        uint64_t off;
                        TU_TRY(tuS_texel_offset(s, L, &c, &off, err));
                        TU_TRY(tuC_encode_block(f, (const float(*)[4])texels, TUC_MAX_BLOCK_TEXELS,
                                                (uint8_t *)s->data + off, d->bytes, err));
                    }
    }
    return TU_OK;
}

struct fill_job {
    const tu_surface *s;
    const tu_format_desc *d;
    uint32_t seed;
    tu_error *err;
};

static tu_status fill_texel(void *ctx, const tu_texel_coord *c) {
    const struct fill_job *j = ctx;
    const uint32_t hz = j->s->samples > 1 ? c->sample : c->z;
    uint64_t off;
    TU_TRY(tuS_texel_offset(j->s, c->level, c, &off, j->err));
    uint8_t *p = (uint8_t *)j->s->data + off;
    memset(p, 0, j->d->bytes);
    for (unsigned i = 0; i < j->d->channel_count; i++)
        tuF_write_field(
            p, j->d->channels[i].shift, j->d->channels[i].bits,
            tu_texel_hash_field(j->s->format, i, j->seed, c->level, c->layer, c->x, c->y, hz));
    return TU_OK;
}

tu_status tu_surface_fill_hash(const tu_surface *s, uint32_t seed, tu_error *err) {
    TU_TRY(tu_surface_validate(s, err));
    const tu_format_desc *d = tu_format_describe(s->format);
    if (d->flags & TU_FORMAT_FLAG_COMPRESSED) return fill_blocks(s, d, seed, err);
    struct fill_job job = {s, d, seed, err};
    return tuS_each_texel(s, fill_texel, &job);
}
