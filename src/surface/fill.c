/*
 * fill.c - the deterministic texel generator: every field of every texel a function of
 * (seed, level, layer, x, y, z, component), so a test, the query command and another
 * implementation (the lavapipe differential suite) can build the same texture.
 */
#include "surface_internal.h"

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
    if (!d || channel >= d->channel_count) return 0;
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
    struct fill_job job = {s, tu_format_describe(s->format), seed, err};
    return tuS_each_texel(s, fill_texel, &job);
}
