/* SPDX-License-Identifier: MIT */
/*
 * surface_internal.h - what the surface files share.
 */
#ifndef TEXUNIT_SURFACE_INTERNAL_H
#define TEXUNIT_SURFACE_INTERNAL_H

#include "texunit/format.h"
#include "texunit/surface.h"

#include "../base/base.h"

/* The extent of memory level L: max(1, size >> L) on the axes the type has, 1 on the
 * others. Needs L < 32. */
static inline void tuS_mip_extent(const tu_surface *s, uint32_t L, uint32_t *w, uint32_t *h,
                                  uint32_t *d) {
    *w = tuB_max_u32(1, s->width >> L);
    *h = (s->type == TU_SURFACE_1D || s->type == TU_SURFACE_BUFFER)
             ? 1
             : tuB_max_u32(1, s->height >> L);
    *d = s->type == TU_SURFACE_3D ? tuB_max_u32(1, s->depth >> L) : 1;
}

/* The format's block size (1 x 1 for uncompressed formats; valid formats only) and the
 * number of blocks that cover w x h texels: the partial last block counts whole. */
static inline void tuS_block_grid(const tu_surface *s, uint32_t w, uint32_t h, uint32_t *bw,
                                  uint32_t *bh) {
    const tu_format_desc *d = tu_format_describe(s->format);
    *bw = (w + d->block_width - 1) / d->block_width;
    *bh = (h + d->block_height - 1) / d->block_height;
}

/* The one formula of linear addressing: the byte offset of element (x, y, z) of `layer`,
 * sample `sample` in a linear level, `bytes` bytes an element (a texel, or for a compressed
 * format a block at block coordinates). Unchecked: tuS_texel_offset adds the same terms with
 * every step checked (test_surface holds the two equal), and the sampler uses it only on
 * levels that validation proved lie inside memory (tuE_level). */
static inline uint64_t tuS_linear_offset(const tu_level_layout *lv, uint64_t bytes, uint32_t x,
                                         uint32_t y, uint32_t z, uint32_t layer, uint32_t sample) {
    return lv->offset + layer * lv->layer_pitch + sample * lv->sample_pitch + z * lv->slice_pitch +
           y * lv->row_pitch + x * bytes;
}

/* Whether the `bytes` bytes at `offset` lie on resident pages only (true without a residency
 * map). A texel, block or dword touches at most two pages (it is at most 16 bytes, a page at
 * least 64), so the pages of its first and last byte are all the pages it touches. */
static inline bool tuS_span_resident(const tu_surface *s, uint64_t offset, uint32_t bytes) {
    if (!s->residency) return true;
    return tu_surface_offset_resident(s, offset) &&
           (bytes <= 1 || tu_surface_offset_resident(s, offset + (bytes - 1)));
}

/* Check the fields that say what the texels are (type, arrayed, format, tiling, sizes,
 * layers, levels, samples), not where they are. */
tu_status tuS_check_shape(const tu_surface *s, tu_error *err);

/* tu_surface_texel_offset for memory level mem_level (c->level is ignored). */
tu_status tuS_texel_offset(const tu_surface *s, uint32_t mem_level, const tu_texel_coord *c,
                           uint64_t *offset, tu_error *err);

/* Texel c of a compressed surface whose block lies at `offset` (already through the gate),
 * decoded as tu_surface_decode_texel does. */
void tuS_decode_block_texel(const tu_surface *s, uint64_t offset, const tu_texel_coord *c,
                            tu_texel *out);

/* Call fn(ctx, &c) for every texel of every memory level, layer, sample and z slice of s
 * (x fastest, then y, z, sample, layer, level), c.level holding the memory level; stop at
 * the first status that is not TU_OK and return it. */
typedef tu_status (*tuS_texel_fn)(void *ctx, const tu_texel_coord *c);
tu_status tuS_each_texel(const tu_surface *s, tuS_texel_fn fn, void *ctx);

#endif /* TEXUNIT_SURFACE_INTERNAL_H */
