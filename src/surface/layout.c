/* SPDX-License-Identifier: MIT */
/*
 * layout.c - the standard packed layout: levels back to back, and in each level its
 * layers, samples, z slices and rows, all tightly packed. It is the order of a raw
 * texel blob (`texture_file`) and of a KTX2 level (layers, then faces, then slices).
 * A compressed format's rows are rows of blocks (Vulkan's tightly packed buffer layout:
 * block columns, then block rows, then z slices of 2D blocks).
 * Also NVIDIA's block-linear layout (envytools docs/hw/memory/g80-surface.rst): the levels of one
 * layer back to back, layers at a stride aligned to a level-0 block.
 */
#include "surface_internal.h"

#include "block_linear.h"

tu_status tu_surface_layout_packed(tu_surface *s, uint64_t *required_size, tu_error *err) {
    TU_RETURN_IF(!s, err, TU_INVALID_ARGUMENT, "surface is NULL");
    TU_TRY(tuS_check_shape(s, err));
    const uint64_t bytes = tu_format_bytes(s->format);
    uint64_t offset = 0;
    for (uint32_t L = 0; L < s->levels; L++) {
        uint32_t w, h, d;
        tu_level_layout *lv = &s->level[L];
        tuS_mip_extent(s, L, &w, &h, &d);
        tuS_block_grid(s, w, h, &w, &h); /* compressed: blocks, the partial last one whole */
        lv->offset = offset;
        bool ok = tuB_mul_u64(w, bytes, &lv->row_pitch) &&
                  tuB_mul_u64(lv->row_pitch, h, &lv->slice_pitch) &&
                  tuB_mul_u64(lv->slice_pitch, d, &lv->sample_pitch) &&
                  tuB_mul_u64(lv->sample_pitch, s->samples, &lv->layer_pitch);
        uint64_t level_size;
        ok = ok && tuB_mul_u64(lv->layer_pitch, s->layers, &level_size) &&
             tuB_add_u64(offset, level_size, &offset);
        /* Unreachable within the limits check_shape enforces (2^16 * 2^16 * 2^16 * 16 *
         * 16 bytes < 2^64), but the arithmetic stays checked. */
        TU_RETURN_IF(!ok, err, TU_INVALID_ARGUMENT,
                     "surface level %u: the packed layout overflows 64-bit byte offsets", L);
    }
    for (uint32_t L = s->levels; L < TU_MAX_LEVELS; L++)
        s->level[L] = (tu_level_layout){0};
    if (required_size) *required_size = offset;
    return TU_OK;
}

tu_status tu_surface_layout_block_linear(tu_surface *s, uint64_t *required_size, tu_error *err) {
    TU_RETURN_IF(!s, err, TU_INVALID_ARGUMENT, "surface is NULL");
    s->tiling = TU_TILING_NV_BLOCK_LINEAR;
    TU_TRY(tuS_check_shape(s, err));
    uint64_t stride, offset = 0, total;
    TU_RETURN_IF(!tuS_bl_layer_stride(s, &stride) || !tuB_mul_u64(stride, s->layers, &total), err,
                 TU_INVALID_ARGUMENT, "surface: the block-linear layout overflows 64-bit offsets");
    for (uint32_t L = 0; L < s->levels; L++) {
        tuS_bl_level g;
        tuS_bl_level_info(s, L, &g); /* cannot fail: the stride above summed every level */
        s->level[L] = (tu_level_layout){.offset = offset, .layer_pitch = stride};
        offset += g.size;
    }
    for (uint32_t L = s->levels; L < TU_MAX_LEVELS; L++)
        s->level[L] = (tu_level_layout){0};
    if (required_size) *required_size = total;
    return TU_OK;
}

tu_status tu_surface_layout_planar(tu_surface *s, tu_planar kind, uint64_t *required_size,
                                   tu_error *err) {
    TU_RETURN_IF(!s, err, TU_INVALID_ARGUMENT, "surface is NULL");
    TU_RETURN_IF(kind != TU_PLANAR_NV12 && kind != TU_PLANAR_P010, err, TU_INVALID_ARGUMENT,
                 "planar layout %d is not NV12 (0) or P010 (1)", (int)kind);
    const bool wide = kind == TU_PLANAR_P010;
    s->type = TU_SURFACE_2D;
    s->arrayed = false;
    s->format = wide ? TU_FORMAT_R16_UNORM : TU_FORMAT_R8_UNORM;
    s->depth = s->layers = s->levels = s->samples = 1;
    uint64_t luma_size;
    TU_TRY(tu_surface_layout_packed(s, &luma_size, err));
    const tu_plane luma = {s->format, s->width, s->height, 0, s->level[0].row_pitch};
    const tu_format chroma_format = wide ? TU_FORMAT_R16G16_UNORM : TU_FORMAT_R8G8_UNORM;
    const uint32_t cw = s->width / 2 + (s->width & 1), ch = s->height / 2 + (s->height & 1);
    const uint64_t pitch = (uint64_t)cw * tu_format_bytes(chroma_format);
    const tu_plane chroma = {chroma_format, cw, ch, luma_size, pitch};
    s->plane_count = 2;
    s->plane[0] = luma;
    s->plane[1] = chroma;
    s->plane[2] = s->plane[3] = (tu_plane){0};
    if (required_size) *required_size = luma_size + pitch * ch;
    return TU_OK;
}
