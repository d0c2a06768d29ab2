/*
 * address.c - the one gate every read of texel memory goes through.
 *
 * Whatever a description says, a texel is handed out only when its coordinates lie
 * inside the view and its bytes lie wholly inside [data, data + size), computed with
 * checked 64-bit arithmetic (DESIGN.md §7).
 */
#include "surface_internal.h"

bool tu_surface_level_extent(const tu_surface *s, uint32_t level, uint32_t *width, uint32_t *height,
                             uint32_t *depth) {
    if (!s || level >= s->level_count || s->base_level >= s->levels ||
        level >= s->levels - s->base_level || s->base_level + level >= TU_MAX_LEVELS)
        return false;
    uint32_t w, h, d;
    tuS_mip_extent(s, s->base_level + level, &w, &h, &d);
    if (width) *width = w;
    if (height) *height = h;
    if (depth) *depth = d;
    return true;
}

tu_status tuS_texel_offset(const tu_surface *s, uint32_t mem_level, const tu_texel_coord *c,
                           uint64_t *offset, tu_error *err) {
    TU_RETURN_IF(mem_level >= s->levels || mem_level >= TU_MAX_LEVELS, err, TU_OUT_OF_RANGE,
                 "level %u is beyond the %u levels of the surface", mem_level, s->levels);
    uint32_t w, h, d;
    tuS_mip_extent(s, mem_level, &w, &h, &d);
    TU_RETURN_IF(c->x >= w, err, TU_OUT_OF_RANGE, "x %u is outside the level's width %u", c->x, w);
    TU_RETURN_IF(c->y >= h, err, TU_OUT_OF_RANGE, "y %u is outside the level's height %u", c->y, h);
    TU_RETURN_IF(c->z >= d, err, TU_OUT_OF_RANGE, "z %u is outside the level's depth %u", c->z, d);
    TU_RETURN_IF(c->layer >= s->layers, err, TU_OUT_OF_RANGE,
                 "layer %u is outside the surface's %u layers", c->layer, s->layers);
    TU_RETURN_IF(c->sample >= s->samples, err, TU_OUT_OF_RANGE,
                 "sample %u is outside the surface's %u samples", c->sample, s->samples);
    const uint64_t bytes = tu_format_bytes(s->format);
    TU_RETURN_IF(bytes == 0, err, TU_INVALID_ARGUMENT,
                 "surface format %d is not a format of the table", (int)s->format);

    const tu_level_layout *lv = &s->level[mem_level];
    uint64_t off = lv->offset, t;
    bool ok = tuB_mul_u64(c->layer, lv->layer_pitch, &t) && tuB_add_u64(off, t, &off) &&
              tuB_mul_u64(c->sample, lv->sample_pitch, &t) && tuB_add_u64(off, t, &off) &&
              tuB_mul_u64(c->z, lv->slice_pitch, &t) && tuB_add_u64(off, t, &off) &&
              tuB_mul_u64(c->y, lv->row_pitch, &t) && tuB_add_u64(off, t, &off) &&
              tuB_mul_u64(c->x, bytes, &t) && tuB_add_u64(off, t, &off);
    TU_RETURN_IF(!ok, err, TU_OUT_OF_RANGE,
                 "texel (%u, %u, %u) layer %u sample %u of level %u: its byte offset overflows",
                 c->x, c->y, c->z, c->layer, c->sample, mem_level);
    TU_RETURN_IF(!s->data || off > s->size || bytes > s->size - off, err, TU_OUT_OF_RANGE,
                 "texel (%u, %u, %u) layer %u sample %u of level %u at byte offset %llu lies "
                 "outside the %zu bytes of surface memory",
                 c->x, c->y, c->z, c->layer, c->sample, mem_level, (unsigned long long)off,
                 s->data ? s->size : 0);
    *offset = off;
    return TU_OK;
}

tu_status tu_surface_texel_offset(const tu_surface *s, const tu_texel_coord *c, uint64_t *offset,
                                  tu_error *err) {
    TU_RETURN_IF(!s || !c || !offset, err, TU_INVALID_ARGUMENT,
                 "surface, coordinate and offset must not be NULL");
    TU_RETURN_IF(c->level >= s->level_count, err, TU_OUT_OF_RANGE,
                 "level %u is outside the view's %u levels", c->level, s->level_count);
    TU_RETURN_IF(s->base_level >= TU_MAX_LEVELS || c->level >= TU_MAX_LEVELS - s->base_level, err,
                 TU_OUT_OF_RANGE, "level %u of a view based at level %u is beyond level %u",
                 c->level, s->base_level, TU_MAX_LEVELS - 1);
    return tuS_texel_offset(s, s->base_level + c->level, c, offset, err);
}

const void *tu_surface_texel_pointer(const tu_surface *s, const tu_texel_coord *c) {
    uint64_t off;
    if (tu_surface_texel_offset(s, c, &off, NULL) != TU_OK) return NULL;
    return (const uint8_t *)s->data + off;
}

bool tu_surface_offset_resident(const tu_surface *s, uint64_t offset) {
    const tu_residency *r = s ? s->residency : NULL;
    if (!r) return true;
    if (!r->bits || r->page_size_log2 >= 64) return false;
    uint64_t page = offset >> r->page_size_log2;
    if (page / 8 >= r->bits_size) return false;
    return (r->bits[page / 8] >> (page % 8)) & 1;
}
