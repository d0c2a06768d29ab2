/* SPDX-License-Identifier: MIT */
/*
 * validate.c - tu_surface_validate: every field of a description checked, each refusal
 * a sentence naming the field and its value. Block-linear surfaces are checked against
 * the GOB rules of block_linear.h (envytools docs/hw/memory/g80-surface.rst).
 */
#include "surface_internal.h"

#include "block_linear.h"
#include "tiling_intel.h"

#include <stdio.h>

const char *tu_surface_type_name(tu_surface_type type) {
    static const char *const names[] = {"1D", "2D", "3D", "CUBE", "BUFFER"};
    return (unsigned)type < sizeof names / sizeof names[0] ? names[type] : "?";
}

uint32_t tu_surface_max_levels(const tu_surface *s) {
    uint32_t largest = s->width;
    if (s->type == TU_SURFACE_2D || s->type == TU_SURFACE_CUBE || s->type == TU_SURFACE_3D)
        largest = tuB_max_u32(largest, s->height);
    if (s->type == TU_SURFACE_3D) largest = tuB_max_u32(largest, s->depth);
#if defined(__GNUC__)
    return largest ? 32u - (uint32_t)__builtin_clz(largest) : 1u; /* bit length; 0 -> 1 */
#else
    uint32_t n = 1;
    while (largest >>= 1)
        n++;
    return n;
#endif
}

static bool is_power_of_two_samples(uint32_t n) {
    return n == 1 || n == 2 || n == 4 || n == 8 || n == 16;
}

tu_status tuS_check_shape(const tu_surface *s, tu_error *err) {
    TU_RETURN_IF((unsigned)s->type > TU_SURFACE_BUFFER, err, TU_INVALID_ARGUMENT,
                 "surface type %d is not one of 1D (0), 2D (1), 3D (2), CUBE (3), BUFFER (4)",
                 (int)s->type);
    const char *type = tu_surface_type_name(s->type);
    TU_RETURN_IF(!tu_format_is_valid(s->format), err, TU_INVALID_ARGUMENT,
                 "surface format %d is not a format of the table (1..%d, `texunit formats`)",
                 (int)s->format, TU_FORMAT_COUNT - 1);
    if (tu_format_is_compressed(s->format)) {
        /* Vulkan gives block-compressed formats no buffer views and no multisampling
         * (sampleCounts 1 for optimal tiling of every compressed format in practice).
         * NV_BLOCK_LINEAR lays out blocks as elements (block_linear.h). */
        const char *name = tu_format_describe(s->format)->name;
        TU_RETURN_IF(s->type == TU_SURFACE_BUFFER, err, TU_UNSUPPORTED,
                     "surface format %s is block-compressed: a BUFFER surface cannot be", name);
        TU_RETURN_IF(s->samples > 1, err, TU_UNSUPPORTED,
                     "surface format %s is block-compressed: it cannot have %u samples", name,
                     s->samples);
        TU_RETURN_IF(s->plane_count > 0 || s->mcs, err, TU_UNSUPPORTED,
                     "surface format %s is block-compressed: it cannot have planes or an MCS",
                     name);
        /* Intel tilings lay the blocks out as elements too (tiling_intel.c, as isl does). */
    }
    if ((unsigned)s->tiling > TU_TILING_INTEL_64) {
        char tilings[128];
        tuS_tiling_list(tilings, sizeof tilings);
        return tuB_fail(err, TU_INVALID_ARGUMENT, "surface tiling %d is not a known tiling (%s)",
                        (int)s->tiling, tilings);
    }
    if (s->tiling == TU_TILING_NV_BLOCK_LINEAR) {
        TU_RETURN_IF(s->type == TU_SURFACE_BUFFER, err, TU_INVALID_ARGUMENT,
                     "surface tiling NV_BLOCK_LINEAR: a BUFFER surface is linear");
        const uint32_t bytes = tu_format_bytes(s->format);
        TU_RETURN_IF(bytes & (bytes - 1), err, TU_INVALID_ARGUMENT,
                     "surface format %s: a %u-byte texel would straddle the 16-byte units of the "
                     "GOB byte order, so it cannot be NV_BLOCK_LINEAR",
                     tu_format_describe(s->format)->name, bytes);
        TU_RETURN_IF(s->gob_height_log2 > TUS_MAX_GOB_LOG2, err, TU_INVALID_ARGUMENT,
                     "surface gob_height_log2 %u is not in 0..%d (1 to 32 GOBs)",
                     s->gob_height_log2, TUS_MAX_GOB_LOG2);
        TU_RETURN_IF(s->gob_depth_log2 > TUS_MAX_GOB_LOG2, err, TU_INVALID_ARGUMENT,
                     "surface gob_depth_log2 %u is not in 0..%d (1 to 32 GOBs)", s->gob_depth_log2,
                     TUS_MAX_GOB_LOG2);
    } else {
        TU_RETURN_IF(s->gob_height_log2 || s->gob_depth_log2, err, TU_INVALID_ARGUMENT,
                     "surface gob_height_log2 %u / gob_depth_log2 %u must be 0 for tiling %s",
                     s->gob_height_log2, s->gob_depth_log2, tu_tiling_name(s->tiling));
    }
    TU_RETURN_IF(s->arrayed && (s->type == TU_SURFACE_3D || s->type == TU_SURFACE_BUFFER), err,
                 TU_INVALID_ARGUMENT, "surface arrayed is set but a %s surface cannot be arrayed",
                 type);

    const uint32_t max_width =
        s->type == TU_SURFACE_BUFFER ? TU_MAX_BUFFER_WIDTH : TU_MAX_DIMENSION;
    TU_RETURN_IF(s->width == 0, err, TU_INVALID_ARGUMENT, "surface width 0 must be at least 1");
    TU_RETURN_IF(s->width > max_width, err, TU_INVALID_ARGUMENT,
                 "surface width %u exceeds the %s limit %u", s->width, type, max_width);
    if (s->type == TU_SURFACE_1D || s->type == TU_SURFACE_BUFFER) {
        TU_RETURN_IF(s->height != 1, err, TU_INVALID_ARGUMENT,
                     "surface height %u must be 1 for a %s surface", s->height, type);
    } else {
        TU_RETURN_IF(s->height == 0, err, TU_INVALID_ARGUMENT,
                     "surface height 0 must be at least 1");
        TU_RETURN_IF(s->height > TU_MAX_DIMENSION, err, TU_INVALID_ARGUMENT,
                     "surface height %u exceeds the limit %u", s->height, TU_MAX_DIMENSION);
    }
    if (s->type == TU_SURFACE_3D) {
        TU_RETURN_IF(s->depth == 0, err, TU_INVALID_ARGUMENT, "surface depth 0 must be at least 1");
        TU_RETURN_IF(s->depth > TU_MAX_DIMENSION, err, TU_INVALID_ARGUMENT,
                     "surface depth %u exceeds the limit %u", s->depth, TU_MAX_DIMENSION);
    } else {
        TU_RETURN_IF(s->depth != 1, err, TU_INVALID_ARGUMENT,
                     "surface depth %u must be 1 for a %s surface", s->depth, type);
    }
    TU_RETURN_IF(s->type == TU_SURFACE_CUBE && s->width != s->height, err, TU_INVALID_ARGUMENT,
                 "surface width %u and height %u of a CUBE surface must be equal", s->width,
                 s->height);

    TU_RETURN_IF(s->layers == 0, err, TU_INVALID_ARGUMENT, "surface layers 0 must be at least 1");
    TU_RETURN_IF(s->layers > TU_MAX_LAYERS, err, TU_INVALID_ARGUMENT,
                 "surface layers %u exceeds the limit %u", s->layers, TU_MAX_LAYERS);
    if (s->type == TU_SURFACE_CUBE) {
        TU_RETURN_IF(s->layers % 6 != 0, err, TU_INVALID_ARGUMENT,
                     "surface layers %u of a CUBE surface must be a multiple of 6 (faces)",
                     s->layers);
        TU_RETURN_IF(!s->arrayed && s->layers != 6, err, TU_INVALID_ARGUMENT,
                     "surface layers %u of a CUBE surface that is not arrayed must be 6",
                     s->layers);
    } else {
        TU_RETURN_IF(!s->arrayed && s->layers != 1, err, TU_INVALID_ARGUMENT,
                     "surface layers %u must be 1 for a %s surface that is not arrayed", s->layers,
                     type);
    }

    TU_RETURN_IF(!is_power_of_two_samples(s->samples), err, TU_INVALID_ARGUMENT,
                 "surface samples %u is not one of 1, 2, 4, 8, 16", s->samples);
    TU_RETURN_IF(s->samples > 1 && s->type != TU_SURFACE_2D, err, TU_INVALID_ARGUMENT,
                 "surface samples %u: only 2D surfaces can be multisampled, not %s", s->samples,
                 type);

    const uint32_t chain = tu_surface_max_levels(s);
    TU_RETURN_IF(s->levels == 0, err, TU_INVALID_ARGUMENT, "surface levels 0 must be at least 1");
    TU_RETURN_IF(s->levels > chain, err, TU_INVALID_ARGUMENT,
                 "surface levels %u exceeds the %u levels of a full chain for %ux%ux%u", s->levels,
                 chain, s->width, s->height, s->depth);
    TU_RETURN_IF(s->levels > 1 && (s->samples > 1 || s->type == TU_SURFACE_BUFFER), err,
                 TU_INVALID_ARGUMENT, "surface levels %u must be 1 for a %s surface", s->levels,
                 s->samples > 1 ? "multisample" : type);
    if (tuS_tiling_is_intel(s->tiling)) TU_TRY(tuS_intel_check_shape(s, err));
    return TU_OK;
}

/* The bytes one level spans from its offset, with each pitch checked against the span of
 * what it steps over (a row, a slice, a sample image, a layer). `bytes`: the texel size (the
 * block size for a compressed format, whose rows are rows of blocks).
 * Called for every level of every surface tu_execute meets, so the passing path does only
 * arithmetic (the names are looked up when a check fails). */
static tu_status check_level(const tu_surface *s, uint32_t L, uint64_t bytes, tu_error *err) {
    static const char *const axis_name[4] = {"row_pitch", "slice_pitch", "sample_pitch",
                                             "layer_pitch"};
    static const char *const axis_what[4] = {"row", "slice", "sample", "layer"};
    if (tuS_tiling_is_intel(s->tiling)) return tuS_intel_check_level(s, L, err);
    const tu_level_layout *lv = &s->level[L];
    uint32_t w, h, d;
    tuS_mip_extent(s, L, &w, &h, &d);
    tuS_block_grid(s, w, h, &w, &h); /* a compressed level: rows of blocks */
    uint64_t span = (uint64_t)w * bytes, end;
    uint32_t samples = s->samples;
    if (s->tiling == TU_TILING_NV_BLOCK_LINEAR) {
        /* The GOB rules place rows, slices and samples; only layers have a pitch. */
        TU_RETURN_IF(lv->row_pitch || lv->slice_pitch || lv->sample_pitch, err, TU_INVALID_ARGUMENT,
                     "surface level[%u] row_pitch %llu, slice_pitch %llu, sample_pitch %llu must "
                     "be 0 for an NV_BLOCK_LINEAR surface",
                     L, (unsigned long long)lv->row_pitch, (unsigned long long)lv->slice_pitch,
                     (unsigned long long)lv->sample_pitch);
        tuS_bl_level g;
        TU_RETURN_IF(!tuS_bl_level_info(s, L, &g), err, TU_INVALID_ARGUMENT,
                     "surface level[%u]: the block-linear level size overflows", L);
        span = g.size;       /* every block the level's texels touch */
        h = d = samples = 1; /* rows, slices and samples are inside span */
    }
    const uint32_t count[4] = {h, d, samples, s->layers};
    const uint64_t pitch[4] = {lv->row_pitch, lv->slice_pitch, lv->sample_pitch, lv->layer_pitch};
    for (unsigned i = 0; i < 4; i++) {
        if (count[i] <= 1) continue;
        TU_RETURN_IF(pitch[i] < span, err, TU_INVALID_ARGUMENT,
                     "surface level[%u].%s %llu is smaller than the %llu bytes of one %s", L,
                     axis_name[i], (unsigned long long)pitch[i], (unsigned long long)span,
                     axis_what[i]);
        uint64_t t;
        TU_RETURN_IF(!tuB_mul_u64(pitch[i], count[i] - 1, &t) || !tuB_add_u64(t, span, &span), err,
                     TU_INVALID_ARGUMENT,
                     "surface level[%u].%s %llu times %u overflows 64-bit byte offsets", L,
                     axis_name[i], (unsigned long long)pitch[i], count[i]);
    }
    TU_RETURN_IF(!tuB_add_u64(lv->offset, span, &end) || end > s->size, err, TU_INVALID_ARGUMENT,
                 "surface level[%u] (offset %llu, %llu bytes) does not fit in size %zu", L,
                 (unsigned long long)lv->offset, (unsigned long long)span, s->size);
    return TU_OK;
}

static tu_format mcs_format(uint32_t samples) {
    switch (samples) {
    case 2:
    case 4: return TU_FORMAT_R8_UINT;
    case 8: return TU_FORMAT_R32_UINT;
    case 16: return TU_FORMAT_R32G32_UINT;
    default: return TU_FORMAT_UNDEFINED;
    }
}

static tu_status check_mcs(const tu_surface *s, tu_error *err) {
    const tu_surface *m = s->mcs;
    TU_RETURN_IF(s->samples == 1, err, TU_INVALID_ARGUMENT,
                 "surface mcs is set but the surface has 1 sample");
    TU_RETURN_IF(s->tiling == TU_TILING_NV_BLOCK_LINEAR, err, TU_INVALID_ARGUMENT,
                 "surface mcs is set but an NV_BLOCK_LINEAR surface has no MCS (Intel only)");
    TU_RETURN_IF(m->mcs != NULL, err, TU_INVALID_ARGUMENT,
                 "surface mcs: an MCS surface cannot have an MCS surface of its own");
    tu_error inner = {TU_OK, ""};
    if (tu_surface_validate(m, &inner) != TU_OK)
        return tuB_fail(err, inner.status, "surface mcs: %s", inner.message);
    const tu_format want = mcs_format(s->samples);
    TU_RETURN_IF(m->format != want, err, TU_INVALID_ARGUMENT,
                 "surface mcs format %s must be %s for %u samples",
                 tu_format_describe(m->format)->name, tu_format_describe(want)->name, s->samples);
    TU_RETURN_IF(m->type != TU_SURFACE_2D || m->samples != 1 || m->levels != 1, err,
                 TU_INVALID_ARGUMENT, "surface mcs must be a 2D surface with 1 sample and 1 level");
    TU_RETURN_IF(m->width != s->width || m->height != s->height || m->layers != s->layers, err,
                 TU_INVALID_ARGUMENT,
                 "surface mcs size %ux%u with %u layers must equal the surface's %ux%u with %u "
                 "layers",
                 m->width, m->height, m->layers, s->width, s->height, s->layers);
    return TU_OK;
}

static tu_status check_residency(const tu_surface *s, tu_error *err) {
    const tu_residency *r = s->residency;
    TU_RETURN_IF(!r->bits, err, TU_INVALID_ARGUMENT, "surface residency bits is NULL");
    TU_RETURN_IF(r->page_size_log2 < 6 || r->page_size_log2 > 32, err, TU_INVALID_ARGUMENT,
                 "surface residency page_size_log2 %u is not in 6..32", r->page_size_log2);
    const uint64_t pages = (((uint64_t)s->size - 1) >> r->page_size_log2) + 1;
    TU_RETURN_IF(r->bits_size < (pages + 7) / 8, err, TU_INVALID_ARGUMENT,
                 "surface residency bits_size %zu is smaller than the %llu bytes that %llu pages "
                 "need",
                 r->bits_size, (unsigned long long)((pages + 7) / 8), (unsigned long long)pages);
    return TU_OK;
}

static tu_status check_planes(const tu_surface *s, tu_error *err) {
    TU_RETURN_IF(s->plane_count > TU_MAX_PLANES, err, TU_INVALID_ARGUMENT,
                 "surface plane_count %u exceeds %u", s->plane_count, TU_MAX_PLANES);
    TU_RETURN_IF(s->plane_count > 0 && s->tiling != TU_TILING_LINEAR, err, TU_INVALID_ARGUMENT,
                 "surface plane_count %u: planes are linear, the surface's tiling is %s",
                 s->plane_count, tu_tiling_name(s->tiling));
    TU_RETURN_IF(s->plane_count > 1 && (s->type != TU_SURFACE_2D || s->arrayed), err,
                 TU_INVALID_ARGUMENT, "surface plane_count %u: only 2D surfaces can be planar",
                 s->plane_count);
    for (uint32_t p = 0; p < s->plane_count; p++) {
        const tu_plane *pl = &s->plane[p];
        const uint32_t bytes = tu_format_bytes(pl->format);
        TU_RETURN_IF(bytes == 0, err, TU_INVALID_ARGUMENT,
                     "surface plane[%u].format %d is not a format of the table (1..%d)", p,
                     (int)pl->format, TU_FORMAT_COUNT - 1);
        TU_RETURN_IF(pl->width == 0 || pl->height == 0 || pl->width > TU_MAX_DIMENSION ||
                         pl->height > TU_MAX_DIMENSION,
                     err, TU_INVALID_ARGUMENT, "surface plane[%u] size %ux%u is not in 1..%u", p,
                     pl->width, pl->height, TU_MAX_DIMENSION);
        const uint64_t row = (uint64_t)pl->width * bytes;
        TU_RETURN_IF(pl->height > 1 && pl->row_pitch < row, err, TU_INVALID_ARGUMENT,
                     "surface plane[%u].row_pitch %llu is smaller than the %llu bytes of one row",
                     p, (unsigned long long)pl->row_pitch, (unsigned long long)row);
        uint64_t span, end;
        TU_RETURN_IF(!tuB_mul_u64(pl->row_pitch, pl->height - 1, &span) ||
                         !tuB_add_u64(span, row, &span) || !tuB_add_u64(pl->offset, span, &end) ||
                         end > s->size,
                     err, TU_INVALID_ARGUMENT,
                     "surface plane[%u] (offset %llu, %ux%u) does not fit in size %zu", p,
                     (unsigned long long)pl->offset, pl->width, pl->height, s->size);
    }
    return TU_OK;
}

tu_status tu_surface_validate(const tu_surface *s, tu_error *err) {
    TU_RETURN_IF(!s, err, TU_INVALID_ARGUMENT, "surface is NULL");
    TU_TRY(tuS_check_shape(s, err));
    TU_RETURN_IF(s->level_count == 0, err, TU_INVALID_ARGUMENT,
                 "surface level_count 0 must be at least 1");
    TU_RETURN_IF(s->base_level >= s->levels || s->level_count > s->levels - s->base_level, err,
                 TU_INVALID_ARGUMENT,
                 "surface view levels [%u, %u + %u) are not inside the surface's %u levels",
                 s->base_level, s->base_level, s->level_count, s->levels);
    TU_RETURN_IF(s->size == 0, err, TU_INVALID_ARGUMENT, "surface size 0 must be at least 1");
    TU_RETURN_IF(!s->data, err, TU_INVALID_ARGUMENT, "surface data is NULL");
    /* Every byte of [data, data + size) must be addressable: a size that runs past the end of
     * the address space would make data + offset wrap. */
    TU_RETURN_IF((uintptr_t)s->data > UINTPTR_MAX - s->size, err, TU_INVALID_ARGUMENT,
                 "surface size %zu at data %p runs past the end of the address space", s->size,
                 s->data);
    const uint64_t bytes = tu_format_bytes(s->format);
    for (uint32_t L = 0; L < s->levels; L++)
        TU_TRY(check_level(s, L, bytes, err));
    if (s->mcs) TU_TRY(check_mcs(s, err));
    if (s->residency) TU_TRY(check_residency(s, err));
    TU_TRY(check_planes(s, err));
    return TU_OK;
}
