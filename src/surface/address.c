/* SPDX-License-Identifier: MIT */
/*
 * address.c - tuS_texel_offset, the checked texel address of the texel API, the copies, the
 * fills, the image files and the data port. On linear surfaces it adds the terms of
 * tuS_linear_offset (surface_internal.h) step by step, checked; the sampler's direct reads
 * use tuS_linear_offset itself on levels validation proved in memory, and the fast kernels
 * the same sum in SIMD lanes (test_fast holds them to the generic path).
 *
 * Whatever a description says, a texel is handed out only when its coordinates lie
 * inside the view and its bytes lie wholly inside [data, data + size), computed with
 * checked 64-bit arithmetic. Linear surfaces add pitches; NVIDIA
 * block-linear surfaces place a texel by the GOB rules below
 * (envytools docs/hw/memory/g80-surface.rst) and then pass the same final check.
 */
#include "surface_internal.h"

#include "block_linear.h"
#include "tiling_intel.h"

#include "../format/compressed/compressed.h"

/* --- NVIDIA block-linear geometry (envytools docs/hw/memory/g80-surface.rst, from envytools
 * docs/hw/memory/g80-surface.rst, Mesa nil tiling.rs, Ryujinx BlockLinearLayout.cs and yuzu
 * textures/decoders.cpp): GOBs of 64 bytes x 8 rows, blocks of 1 x 2^bh x 2^bd GOBs shrunk per
 * mip level, GOBs inside a block in x, y, z order, blocks in x, y, z order, and the Tegra X1
 * byte order inside a GOB. Shared with layout.c and validate.c through block_linear.h. ---- */

void tuS_bl_sample_grid(uint32_t samples, uint32_t *sx, uint32_t *sy) {
    /* nil SampleLayout::px_extent_sa: 1X1, 2X1, 2X2, 4X2, 4X4. */
    switch (samples) {
    case 2: *sx = 2, *sy = 1; break;
    case 4: *sx = 2, *sy = 2; break;
    case 8: *sx = 4, *sy = 2; break;
    case 16: *sx = 4, *sy = 4; break;
    default: *sx = 1, *sy = 1; break;
    }
}

void tuS_bl_sample_position(uint32_t sample, uint32_t *dx, uint32_t *dy) {
    /* Mesa nvc0_screen.c NVC0_CB_AUX_MS_INFO: s0 (0,0) s1 (1,0) s2 (0,1) s3 (1,1) s4 (2,0)
     * s5 (3,0) s6 (2,1) s7 (3,1): bit 0 -> x, bit 1 -> y, bit 2 -> x + 2; texunit extends it
     * with bit 3 -> y + 2 for 4X4 (docs/semantics.md). */
    *dx = (sample & 1) | ((sample >> 2) & 1) << 1;
    *dy = ((sample >> 1) & 1) | ((sample >> 3) & 1) << 1;
}

/* ceil(log2(n)) for n >= 1. */
static uint32_t ceil_log2(uint64_t n) {
    uint32_t k = 0;
    while (((uint64_t)1 << k) < n)
        k++;
    return k;
}

static uint64_t div_ceil(uint64_t a, uint64_t b) {
    return a / b + (a % b != 0);
}

bool tuS_bl_level_info(const tu_surface *s, uint32_t L, tuS_bl_level *out) {
    uint32_t w, h, d, sx, sy;
    tuS_mip_extent(s, L, &w, &h, &d);
    /* A compressed level is an image of blocks: each block is one element of the GOBs (Mesa
     * nil_image.c divides the level's pixel extent by the format's block extent, rounding up,
     * before tiling it). Uncompressed formats have 1x1 blocks. */
    tuS_block_grid(s, w, h, &w, &h);
    tuS_bl_sample_grid(s->samples, &sx, &sy);
    if ((uint64_t)w * sx > UINT32_MAX || (uint64_t)h * sy > UINT32_MAX) return false;
    out->grid_w = w * sx;
    out->grid_h = h * sy;
    out->grid_d = d;
    /* "This operation is done by the hardware at each LOD" (nil Tiling::clamp). */
    const uint32_t gh =
        s->gob_height_log2 > TUS_MAX_GOB_LOG2 ? TUS_MAX_GOB_LOG2 : s->gob_height_log2;
    const uint32_t gd = s->gob_depth_log2 > TUS_MAX_GOB_LOG2 ? TUS_MAX_GOB_LOG2 : s->gob_depth_log2;
    out->bh = tuB_min_u32(gh, ceil_log2(div_ceil(out->grid_h, TUS_GOB_ROWS)));
    out->bd = tuB_min_u32(gd, ceil_log2(out->grid_d));
    const uint64_t bytes = tu_format_bytes(s->format);
    out->gobs_x = div_ceil((uint64_t)out->grid_w * bytes, TUS_GOB_BYTES_X);
    out->block_bytes = (uint64_t)TUS_GOB_SIZE << (out->bh + out->bd);
    const uint64_t blocks_y = div_ceil(out->grid_h, (uint64_t)TUS_GOB_ROWS << out->bh);
    const uint64_t blocks_z = div_ceil(out->grid_d, (uint64_t)1 << out->bd);
    return tuB_mul_u64(out->gobs_x, out->block_bytes, &out->row_of_blocks) &&
           tuB_mul_u64(blocks_y, out->row_of_blocks, &out->slice_of_blocks) &&
           tuB_mul_u64(blocks_z, out->slice_of_blocks, &out->size);
}

uint32_t tuS_gob_offset(uint32_t xb, uint32_t y) {
    /* yuzu MakeSwizzleTable, "Taken from the Tegra X1 Technical Reference Manual". */
    return ((xb >> 5) & 1) << 8 | ((y >> 1) & 3) << 6 | ((xb >> 4) & 1) << 5 | (y & 1) << 4 |
           (xb & 15);
}

uint64_t tuS_bl_offset(const tuS_bl_level *g, uint32_t bytes, uint32_t gx, uint32_t gy,
                       uint32_t gz) {
    /* Ryujinx GetOffsetWithLineOffset / yuzu SwizzleImpl. Every term is below the level's
     * size, which tuS_bl_level_info computed without overflow. */
    const uint64_t xb = (uint64_t)gx * bytes;
    const uint64_t gob_y = gy / TUS_GOB_ROWS;
    return (uint64_t)(gz >> g->bd) * g->slice_of_blocks + (gob_y >> g->bh) * g->row_of_blocks +
           (xb / TUS_GOB_BYTES_X) * g->block_bytes + ((gob_y & ((1u << g->bh) - 1)) << 9) +
           ((uint64_t)(gz & ((1u << g->bd) - 1)) << (9 + g->bh)) +
           tuS_gob_offset((uint32_t)(xb % TUS_GOB_BYTES_X), gy % TUS_GOB_ROWS);
}

bool tuS_bl_layer_stride(const tu_surface *s, uint64_t *stride) {
    uint64_t total = 0;
    tuS_bl_level g;
    for (uint32_t L = 0; L < s->levels && L < TU_MAX_LEVELS; L++)
        if (!tuS_bl_level_info(s, L, &g) || !tuB_add_u64(total, g.size, &total)) return false;
    /* "The array stride has to be aligned to the size of a level 0 tile" (nil); envytools
     * subtexture_bytes = alignup(..., block bytes of mip 0). */
    if (!tuS_bl_level_info(s, 0, &g)) return false;
    const uint64_t rounded = div_ceil(total, g.block_bytes);
    return tuB_mul_u64(rounded, g.block_bytes, stride);
}

/* --- the gate -------------------------------------------------------------------------- */

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
                 "surface format %d is not a format of the table (1..%d)", (int)s->format,
                 TU_FORMAT_COUNT - 1);

    const tu_level_layout *lv = &s->level[mem_level];
    uint64_t off = lv->offset, t;
    const bool intel = tuS_tiling_is_intel(s->tiling);
    /* Intel tilings place layers, samples and z slices by their own rules (tiling_intel.c). */
    bool ok = intel ? tuS_intel_texel_offset(s, mem_level, c, &off)
                    : tuB_mul_u64(c->layer, lv->layer_pitch, &t) && tuB_add_u64(off, t, &off);
    if (intel) {
        /* placed above */
    } else if (s->tiling == TU_TILING_NV_BLOCK_LINEAR) {
        /* the element holding the texel: for a compressed format its block (bytes is the
         * block's size, so the gate below checks the whole block) */
        const tu_format_desc *fd = tu_format_describe(s->format);
        tuS_bl_level g;
        uint32_t sx, sy, dx, dy;
        tuS_bl_sample_grid(s->samples, &sx, &sy);
        tuS_bl_sample_position(c->sample, &dx, &dy);
        const uint64_t gx = (uint64_t)(c->x / fd->block_width) * sx + dx,
                       gy = (uint64_t)(c->y / fd->block_height) * sy + dy;
        ok = ok && tuS_bl_level_info(s, mem_level, &g) && gx < g.grid_w && gy < g.grid_h &&
             tuB_add_u64(off, tuS_bl_offset(&g, (uint32_t)bytes, (uint32_t)gx, (uint32_t)gy, c->z),
                         &off);
    } else {
        /* a compressed format: the block holding the texel (bytes is the block's size, so
         * the gate below checks the whole block) */
        const tu_format_desc *fd = tu_format_describe(s->format);
        const uint32_t bx = c->x / fd->block_width, by = c->y / fd->block_height;
        ok = ok && tuB_mul_u64(c->sample, lv->sample_pitch, &t) && tuB_add_u64(off, t, &off) &&
             tuB_mul_u64(c->z, lv->slice_pitch, &t) && tuB_add_u64(off, t, &off) &&
             tuB_mul_u64(by, lv->row_pitch, &t) && tuB_add_u64(off, t, &off) &&
             tuB_mul_u64(bx, bytes, &t) && tuB_add_u64(off, t, &off);
    }
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

/* A texel of a compressed format at the block offset `offset`: the block decoder's value at
 * c's position in the block, R, G, B of the sRGB formats through the EOTF. */
void tuS_decode_block_texel(const tu_surface *s, uint64_t offset, const tu_texel_coord *c,
                            tu_texel *out) {
    const tu_format_desc *fd = tu_format_describe(s->format);
    tuC_texel t;
    tuC_decode_texel(tuC_format_of(s->format), (const uint8_t *)s->data + offset, fd->bytes,
                     c->x % fd->block_width, c->y % fd->block_height, &t, NULL);
    for (unsigned k = 0; k < 4; k++)
        out->f[k] = (k < 3 && (fd->flags & TU_FORMAT_FLAG_SRGB)) ? tu_srgb_to_linear(t.value[k])
                                                                 : t.value[k];
}

tu_status tu_surface_decode_texel(const tu_surface *s, const tu_texel_coord *c, tu_texel *out,
                                  tu_error *err) {
    TU_RETURN_IF(!out, err, TU_INVALID_ARGUMENT, "output texel must not be NULL");
    uint64_t off;
    TU_TRY(tu_surface_texel_offset(s, c, &off, err));
    if (tu_format_is_compressed(s->format))
        tuS_decode_block_texel(s, off, c, out);
    else
        tu_format_decode(s->format, (const uint8_t *)s->data + off, out);
    return TU_OK;
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
