/* SPDX-License-Identifier: MIT */
/*
 * copy.c - tu_surface_copy_texels: every texel from one layout to another through the
 * address gate, so any pair of layouts converts (linear <-> Intel tiled <-> block-linear).
 * Also the walk over every texel of a surface that the generator shares.
 */
#include "surface_internal.h"

#include <string.h>

tu_status tuS_each_texel(const tu_surface *s, tuS_texel_fn fn, void *ctx) {
    for (uint32_t L = 0; L < s->levels; L++) {
        uint32_t w, h, d;
        tuS_mip_extent(s, L, &w, &h, &d);
        for (uint32_t layer = 0; layer < s->layers; layer++)
            for (uint32_t sample = 0; sample < s->samples; sample++)
                for (uint32_t z = 0; z < d; z++)
                    for (uint32_t y = 0; y < h; y++)
                        for (uint32_t x = 0; x < w; x++) {
                            const tu_texel_coord c = {x, y, z, layer, L, sample};
                            TU_TRY(fn(ctx, &c));
                        }
    }
    return TU_OK;
}

struct copy_job {
    tu_surface *dst;
    const tu_surface *src;
    uint32_t bytes;
    tu_error *err;
};

static tu_status copy_texel(void *ctx, const tu_texel_coord *c) {
    const struct copy_job *j = ctx;
    uint64_t from, to;
    TU_TRY(tuS_texel_offset(j->src, c->level, c, &from, j->err));
    TU_TRY(tuS_texel_offset(j->dst, c->level, c, &to, j->err));
    memcpy((uint8_t *)j->dst->data + to, (const uint8_t *)j->src->data + from, j->bytes);
    return TU_OK;
}

tu_status tu_surface_copy_texels(tu_surface *dst, const tu_surface *src, tu_error *err) {
    TU_RETURN_IF(!dst || !src, err, TU_INVALID_ARGUMENT, "copy: surfaces must not be NULL");
    tu_error inner = {TU_OK, ""};
    if (tu_surface_validate(src, &inner) != TU_OK)
        return tuB_fail(err, inner.status, "copy source: %s", inner.message);
    if (tu_surface_validate(dst, &inner) != TU_OK)
        return tuB_fail(err, inner.status, "copy destination: %s", inner.message);
    const uint32_t a[8] = {dst->type,  dst->format, dst->width,  dst->height,
                           dst->depth, dst->layers, dst->levels, dst->samples};
    const uint32_t b[8] = {src->type,  src->format, src->width,  src->height,
                           src->depth, src->layers, src->levels, src->samples};
    static const char *const field[8] = {"type",  "format", "width",  "height",
                                         "depth", "layers", "levels", "samples"};
    for (int i = 0; i < 8; i++)
        TU_RETURN_IF(a[i] != b[i], err, TU_INVALID_ARGUMENT,
                     "copy: destination %s %u differs from the source's %u", field[i], a[i], b[i]);
    struct copy_job job = {dst, src, tu_format_bytes(src->format), err};
    return tuS_each_texel(src, copy_texel, &job);
}
