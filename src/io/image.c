/* SPDX-License-Identifier: MIT */
/*
 * image.c - tu_image: a surface together with the zeroed memory it owns, in the standard
 * packed layout of tu_surface_layout_packed (texunit/surface.h). The image readers (KTX2,
 * PNG) build their results with it; it is the one place texunit allocates texel memory
 * (texunit/io.h).
 */
#include "texunit/io.h"

#include "../base/base.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

tu_status tu_image_create(tu_image *img, const tu_surface *desc, tu_error *err) {
    TU_RETURN_IF(!img, err, TU_INVALID_ARGUMENT, "image is NULL");
    memset(img, 0, sizeof *img);
    TU_RETURN_IF(!desc, err, TU_INVALID_ARGUMENT, "image description is NULL");

    /* Only the fields that say what the texels are come from desc (io.h). */
    tu_surface s = {0};
    s.type = desc->type;
    s.arrayed = desc->arrayed;
    s.format = desc->format;
    s.tiling = TU_TILING_LINEAR;
    s.width = desc->width;
    s.height = desc->height;
    s.depth = desc->depth;
    s.layers = desc->layers;
    s.levels = desc->levels;
    s.samples = desc->samples;

    uint64_t required = 0;
    TU_TRY(tu_surface_layout_packed(&s, &required, err));
    TU_RETURN_IF(required == 0 || required > SIZE_MAX, err, TU_OUT_OF_MEMORY,
                 "image of %llu bytes does not fit in this machine's address space",
                 (unsigned long long)required);
    void *memory = calloc(1, (size_t)required);
    TU_RETURN_IF(!memory, err, TU_OUT_OF_MEMORY,
                 "could not allocate %llu bytes for a %ux%ux%u image with %u layers and %u levels",
                 (unsigned long long)required, s.width, s.height, s.depth, s.layers, s.levels);

    s.data = memory;
    s.size = (size_t)required;
    s.base_level = 0;
    s.level_count = s.levels;
    s.mcs = NULL;
    s.residency = NULL;
    tu_status st = tu_surface_validate(&s, err);
    if (st != TU_OK) {
        free(memory);
        return st;
    }
    img->surface = s;
    img->memory = memory;
    return TU_OK;
}

/* Whether two level tables describe the same layout, field by field: tu_level_layout has
 * tail padding, which memcmp would compare too (C11 6.2.6.1p6: padding bytes take
 * unspecified values, and a struct copy need not copy them). */
static bool same_levels(const tu_level_layout *a, const tu_level_layout *b, size_t count) {
    for (size_t i = 0; i < count; i++)
        if (a[i].offset != b[i].offset || a[i].row_pitch != b[i].row_pitch ||
            a[i].slice_pitch != b[i].slice_pitch || a[i].sample_pitch != b[i].sample_pitch ||
            a[i].layer_pitch != b[i].layer_pitch || a[i].tile_x != b[i].tile_x ||
            a[i].tile_y != b[i].tile_y || a[i].tile_z != b[i].tile_z)
            return false;
    return true;
}

tu_status tu_image_convert_tiling(tu_image *img, tu_tiling tiling, tu_error *err) {
    return tu_image_convert_tiling_gen(img, tiling, 0, err);
}

tu_status tu_image_convert_tiling_gen(tu_image *img, tu_tiling tiling, uint32_t verx10,
                                      tu_error *err) {
    TU_RETURN_IF(!img, err, TU_INVALID_ARGUMENT, "image is NULL");
    TU_RETURN_IF(tiling == TU_TILING_NV_BLOCK_LINEAR, err, TU_UNSUPPORTED,
                 "image tiling nv_block_linear: convert with tu_surface_layout_block_linear and "
                 "tu_surface_copy_texels");
    TU_RETURN_IF(img->surface.residency, err, TU_UNSUPPORTED,
                 "image residency map: its pages are those of the current layout, so the image "
                 "cannot change tiling");
    tu_surface s = img->surface;
    s.tiling = tiling;
    uint64_t required = 0;
    if (tiling == TU_TILING_LINEAR)
        TU_TRY(tu_surface_layout_packed(&s, &required, err));
    else
        TU_TRY(tu_surface_layout_intel_gen(&s, verx10, &required, err));
    if (tiling == img->surface.tiling && required == img->surface.size &&
        same_levels(s.level, img->surface.level, sizeof s.level / sizeof s.level[0]))
        return TU_OK; /* the layout it has: nothing to copy */
    TU_RETURN_IF(required == 0 || required > SIZE_MAX, err, TU_OUT_OF_MEMORY,
                 "image of %llu bytes does not fit in this machine's address space",
                 (unsigned long long)required);
    void *memory = calloc(1, (size_t)required);
    TU_RETURN_IF(!memory, err, TU_OUT_OF_MEMORY, "could not allocate %llu bytes for the image",
                 (unsigned long long)required);
    s.data = memory;
    s.size = (size_t)required;
    tu_status st = tu_surface_copy_texels(&s, &img->surface, err);
    if (st != TU_OK) {
        free(memory);
        return st;
    }
    free(img->memory);
    img->surface = s;
    img->memory = memory;
    return TU_OK;
}

void tu_image_free(tu_image *img) {
    if (!img) return;
    free(img->memory);
    memset(img, 0, sizeof *img);
}
