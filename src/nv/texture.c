/* SPDX-License-Identifier: MIT */
/*
 * texture.c - a Maxwell texture header as a texunit surface, and back (NVIDIA open-gpu-doc
 * clb097tex.h TEXHEAD_BL, _PITCH and _1D for the fields; envytools g80-surface.rst and Mesa nil
 * tiling.rs for the layouts; Mesa nil tic.rs for how a driver fills them): HEADER_VERSION picks
 * block-linear, pitch or 1D buffer memory; TEXTURE_TYPE, the sizes, MAX_MIP_LEVEL, the view
 * levels and MULTI_SAMPLE_COUNT give the surface; COMPONENTS, the data types and
 * S_R_G_B_CONVERSION the format (format.c); X..W_SOURCE the swizzle the executor applies. The
 * address is resolved through the memory regions, and the surface is validated, so a header
 * can never make texunit read outside a region.
 */
#include "nv_internal.h"

#include <string.h>

/* MULTI_SAMPLE_COUNT -> samples for the modes texunit reads (clb097tex.h
 * MULTI_SAMPLE_COUNT_MODE_*; nil SampleLayout): 1X1, 2X1, 2X1_D3D, 2X2, 4X2, 4X2_D3D, 4X4; 0 for
 * the VC and CENTER modes. */
enum { MS_2X1_D3D = 5, MS_4X2_D3D = 4 };
static uint32_t ms_samples(uint32_t mode) {
    static const uint8_t samples[16] = {
        [0] = 1, [1] = 2, [2] = 4, [3] = 8, [MS_4X2_D3D] = 8, [MS_2X1_D3D] = 2, [6] = 16};
    return mode < 16 ? samples[mode] : 0;
}

/* Where the D3D modes keep sample k in the pixel's grid of samples (Mesa nil image.rs
 * SampleLayout::sa_offset: 2X1_D3D (1 - s, 0); 4X2_D3D as below). The Tegra X1's TLD.MS
 * answers on 4X2_D3D surfaces written by deko3d agree sample by sample (docs/semantics.md). */
static const uint8_t d3d_4x2[8][2] = {{2, 0}, {1, 1}, {3, 1}, {1, 0},
                                      {0, 1}, {0, 0}, {2, 1}, {3, 0}};
static const uint8_t d3d_2x1[2][2] = {{1, 0}, {0, 0}};

/* The surface's sample (texunit's grid: bit 0 x, bit 1 y, bit 2 x + 2, bit 3 y + 2, surface.h)
 * that holds the header's sample k. */
static void ms_sample_map(uint32_t mode, uint8_t map[16]) {
    const uint8_t(*pos)[2] = mode == MS_4X2_D3D ? d3d_4x2 : mode == MS_2X1_D3D ? d3d_2x1 : NULL;
    const uint32_t n = ms_samples(mode);
    for (uint32_t k = 0; k < 16; k++) {
        const uint32_t x = pos && k < n ? pos[k][0] : 0, y = pos && k < n ? pos[k][1] : 0;
        map[k] = pos && k < n
                     ? (uint8_t)((x & 1) | (y & 1) << 1 | (x >> 1 & 1) << 2 | (y >> 1 & 1) << 3)
                     : (uint8_t)k;
    }
}

static uint32_t ms_mode(uint32_t samples) {
    switch (samples) {
    case 2: return 1;
    case 4: return 2;
    case 8: return 3;
    case 16: return 6;
    default: return 0;
    }
}

static const char *const type_names[] = {"1D",        "2D",           "3D",
                                         "CUBEMAP",   "1D_ARRAY",     "2D_ARRAY",
                                         "1D_BUFFER", "2D_NO_MIPMAP", "CUBEMAP_ARRAY"};

/* TEXTURE_TYPE -> surface type, arrayed, and the coordinate count TLD's paramA must have
 * (0 for cube maps: TLD's CUBE specifiers are reserved). */
static const struct {
    tu_surface_type type;
    bool arrayed;
    uint8_t coords;
} type_map[] = {
    [TU_NV_TEX_1D] = {TU_SURFACE_1D, false, 1},
    [TU_NV_TEX_2D] = {TU_SURFACE_2D, false, 2},
    [TU_NV_TEX_3D] = {TU_SURFACE_3D, false, 3},
    [TU_NV_TEX_CUBEMAP] = {TU_SURFACE_CUBE, false, 0},
    [TU_NV_TEX_1D_ARRAY] = {TU_SURFACE_1D, true, 1},
    [TU_NV_TEX_2D_ARRAY] = {TU_SURFACE_2D, true, 2},
    [TU_NV_TEX_1D_BUFFER] = {TU_SURFACE_BUFFER, false, 1},
    [TU_NV_TEX_2D_NO_MIPMAP] = {TU_SURFACE_2D, false, 2},
    [TU_NV_TEX_CUBEMAP_ARRAY] = {TU_SURFACE_CUBE, true, 0},
};

/* The R/G/B/A_DATA_TYPE names (TU_NV_TYPE_*), "?" for the codes that are none. */
static const char *data_type_name(uint32_t t) {
    static const char *const names[8] = {
        "?", "SNORM", "UNORM", "SINT", "UINT", "SNORM_FORCE_FP16", "UNORM_FORCE_FP16", "FLOAT",
    };
    return t < 8 ? names[t] : "?";
}

static tu_status check_format(const tu_nv_tic *h, tu_nv_texture *out, tu_error *err) {
    const tuN_format *f = tuN_format_for_header(h);
    TU_RETURN_IF(!f, err, TU_UNSUPPORTED,
                 "texture header COMPONENTS 0x%02x (%s) with data types R %u (%s) G %u (%s) "
                 "B %u (%s) A %u (%s) and S_R_G_B_CONVERSION %u has no texunit format",
                 h->components, tuN_components_name(h->components), h->r_data_type,
                 data_type_name(h->r_data_type), h->g_data_type, data_type_name(h->g_data_type),
                 h->b_data_type, data_type_name(h->b_data_type), h->a_data_type,
                 data_type_name(h->a_data_type), h->srgb_conversion);
    const uint32_t sources[4] = {h->x_source, h->y_source, h->z_source, h->w_source};
    const uint32_t types[4] = {h->r_data_type, h->g_data_type, h->b_data_type, h->a_data_type};
    static const char axis[] = "XYZW";
    out->fp16_mask = 0;
    for (unsigned k = 0; k < 4; k++) {
        TU_RETURN_IF(sources[k] == 1 || sources[k] > 7, err, TU_INVALID_ARGUMENT,
                     "texture header %c_SOURCE %u is not a source (0 ZERO, 2..5 R G B A, "
                     "6 ONE_INT, 7 ONE_FLOAT)",
                     axis[k], sources[k]);
        out->source[k] = (uint8_t)sources[k];
        out->texel_map[k] = f->map[k];
        if (f->map[k] != TUN_NONE &&
            (types[k] == TU_NV_TYPE_SNORM_FORCE_FP16 || types[k] == TU_NV_TYPE_UNORM_FORCE_FP16))
            out->fp16_mask |= (uint8_t)(1u << k);
    }
    out->surface.format = f->format;
    return TU_OK;
}

/* The block-linear fields texunit does not model. */
static tu_status check_block_linear(const tu_nv_tic *h, tu_error *err) {
    const struct {
        uint32_t value;
        const char *name, *why;
    } unsupported[] = {
        {h->gobs_per_block_width, "GOBS_PER_BLOCK_WIDTH", "only ONE_GOB (0) is defined"},
        {h->tile_width_in_gobs, "TILE_WIDTH_IN_GOBS", "sparse tile widths are not modelled"},
        {h->gob3d, "GOB3D",
         "3D GOBs are not modelled (open-gpu-doc clb097tex.h names the field; envytools "
         "g80-surface.rst describes only 64 x 8 x 1 GOBs)"},
        {h->gob_depth_offset, "GOB_DEPTH_OFFSET", "its meaning is not documented"},
        {h->use_array_tile_alignment, "USE_ARRAY_TILE_ALIGNMENT", "its meaning is not documented"},
    };
    for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++)
        TU_RETURN_IF(unsupported[i].value != 0, err, TU_UNSUPPORTED,
                     "texture header %s %u is not supported: %s", unsupported[i].name,
                     unsupported[i].value, unsupported[i].why);
    TU_RETURN_IF(h->gobs_per_block_height > 5 || h->gobs_per_block_depth > 5, err,
                 TU_INVALID_ARGUMENT,
                 "texture header GOBS_PER_BLOCK_HEIGHT %u / _DEPTH %u is not 0..5 (1 to 32 GOBs)",
                 h->gobs_per_block_height, h->gobs_per_block_depth);
    return TU_OK;
}

uint32_t tuN_region_of(const tu_nv_region *regions, uint32_t count, uint64_t address) {
    for (uint32_t i = 0; regions && i < count; i++)
        if (address >= regions[i].address && address - regions[i].address < regions[i].size)
            return i;
    return UINT32_MAX;
}

tu_status tu_nv_tic_texture(const tu_nv_tic *h, const tu_nv_region *regions, uint32_t region_count,
                            tu_nv_texture *out, tu_error *err) {
    TU_RETURN_IF(!h || !out, err, TU_INVALID_ARGUMENT, "header and output must not be NULL");
    memset(out, 0, sizeof *out);
    const uint32_t version = h->header_version;
    TU_RETURN_IF(version > TU_NV_HEADER_BLOCKLINEAR_COLOR_KEY, err, TU_INVALID_ARGUMENT,
                 "texture header HEADER_VERSION %u is not 0..4", version);
    TU_RETURN_IF(h->texture_type > TU_NV_TEX_CUBEMAP_ARRAY, err, TU_INVALID_ARGUMENT,
                 "texture header TEXTURE_TYPE %u is not 0..8", h->texture_type);
    const char *type_name = type_names[h->texture_type];
    TU_TRY(check_format(h, out, err));

    const bool buffer = version == TU_NV_HEADER_ONE_D_BUFFER;
    const bool block_linear =
        version == TU_NV_HEADER_BLOCKLINEAR || version == TU_NV_HEADER_BLOCKLINEAR_COLOR_KEY;
    const bool color_key =
        version == TU_NV_HEADER_PITCH_COLOR_KEY || version == TU_NV_HEADER_BLOCKLINEAR_COLOR_KEY;
    TU_RETURN_IF(buffer != (h->texture_type == TU_NV_TEX_1D_BUFFER), err, TU_INVALID_ARGUMENT,
                 "texture header TEXTURE_TYPE %s needs HEADER_VERSION %s, not %u", type_name,
                 buffer ? "other than ONE_D_BUFFER" : "ONE_D_BUFFER (0)", version);
    if (block_linear) TU_TRY(check_block_linear(h, err));
    TU_RETURN_IF(!buffer && (h->width_minus_one > 0xffff || h->height_minus_one > 0xffff ||
                             h->depth_minus_one > 0x3fff || h->max_mip_level > 15),
                 err, TU_INVALID_ARGUMENT,
                 "texture header WIDTH_MINUS_ONE %u, HEIGHT_MINUS_ONE %u, DEPTH_MINUS_ONE %u or "
                 "MAX_MIP_LEVEL %u exceeds its field (16, 16, 14, 4 bits)",
                 h->width_minus_one, h->height_minus_one, h->depth_minus_one, h->max_mip_level);

    tu_surface *s = &out->surface;
    s->type = type_map[h->texture_type].type;
    s->arrayed = type_map[h->texture_type].arrayed;
    out->coords = type_map[h->texture_type].coords;
    s->width = h->width_minus_one + 1;
    s->height = s->depth = s->layers = s->levels = s->samples = 1;
    if (buffer) {
        TU_RETURN_IF(h->width_minus_one >= TU_MAX_BUFFER_WIDTH, err, TU_UNSUPPORTED,
                     "texture header WIDTH_MINUS_ONE %u: texunit's buffers hold up to %u texels",
                     h->width_minus_one, TU_MAX_BUFFER_WIDTH);
    } else {
        if (s->type != TU_SURFACE_1D) s->height = h->height_minus_one + 1;
        if (s->type == TU_SURFACE_3D) s->depth = h->depth_minus_one + 1;
        /* DEPTH_MINUS_ONE holds the layer count of arrays, and the cube count of cube maps
         * (nil normalize_extent). */
        if (s->arrayed) s->layers = h->depth_minus_one + 1;
        if (s->type == TU_SURFACE_CUBE) s->layers *= 6;
        s->levels = h->max_mip_level + 1;
    }

    /* The view: RES_VIEW_MIN/MAX_MIP_LEVEL, absolute; colour-key layouts have no view fields
     * and see every level. */
    const uint32_t view_min = color_key || buffer ? 0 : h->res_view_min_mip_level;
    const uint32_t view_max = color_key || buffer ? s->levels - 1 : h->res_view_max_mip_level;
    if (view_min > view_max) { /* nil fill_null_tic: a null view that reads 0 */
        out->empty = true;
        return TU_OK;
    }
    TU_RETURN_IF(view_max >= s->levels, err, TU_INVALID_ARGUMENT,
                 "texture header RES_VIEW_MAX_MIP_LEVEL %u is beyond MAX_MIP_LEVEL %u", view_max,
                 s->levels - 1);
    s->base_level = view_min;
    s->level_count = view_max - view_min + 1;

    if (!color_key && !buffer) {
        s->samples = ms_samples(h->multi_sample_count);
        TU_RETURN_IF(s->samples == 0, err, TU_UNSUPPORTED,
                     "texture header MULTI_SAMPLE_COUNT %u is not one of the sample layouts "
                     "texunit reads: 1X1 (0), 2X1 (1), 2X2 (2), 4X2 (3), 4X2_D3D (4), 2X1_D3D "
                     "(5), 4X4 (6)",
                     h->multi_sample_count);
        ms_sample_map(h->multi_sample_count, out->sample_map);
    }

    const uint32_t region_index = tuN_region_of(regions, region_count, h->address);
    const tu_nv_region *region = region_index < region_count ? &regions[region_index] : NULL;
    TU_RETURN_IF(!region, err, TU_INVALID_ARGUMENT,
                 "texture header ADDRESS 0x%llx lies in no memory region",
                 (unsigned long long)h->address);
    const uint64_t base = h->address - region->address;
    uint64_t need;
    tu_error inner = {TU_OK, ""};
    if (block_linear) {
        s->gob_height_log2 = (uint8_t)h->gobs_per_block_height;
        s->gob_depth_log2 = (uint8_t)h->gobs_per_block_depth;
        if (tu_surface_layout_block_linear(s, &need, &inner) != TU_OK)
            return tuB_fail(err, inner.status, "texture header (%s): %s", type_name, inner.message);
    } else {
        TU_RETURN_IF(!buffer && (s->levels > 1 || s->layers > 1 || s->samples > 1 ||
                                 s->type == TU_SURFACE_3D || s->type == TU_SURFACE_CUBE),
                     err, TU_UNSUPPORTED,
                     "texture header: a PITCH %s texture of %u levels, %u layers and %u samples "
                     "is not supported (pitch memory holds one 1D or 2D image)",
                     type_name, s->levels, s->layers, s->samples);
        if (tu_surface_layout_packed(s, &need, &inner) != TU_OK)
            return tuB_fail(err, inner.status, "texture header (%s): %s", type_name, inner.message);
        if (!buffer && s->height > 1) {
            s->level[0].row_pitch = h->pitch;
            s->level[0].slice_pitch = s->level[0].sample_pitch = s->level[0].layer_pitch =
                (uint64_t)h->pitch * s->height;
        }
    }
    for (uint32_t L = 0; L < s->levels; L++)
        s->level[L].offset += base;
    s->data = region->data;
    s->size = region->size;
    s->residency = region->residency;
    if (tu_surface_validate(s, &inner) != TU_OK)
        return tuB_fail(err, inner.status, "texture header at 0x%llx (%s): %s",
                        (unsigned long long)h->address, type_name, inner.message);
    return TU_OK;
}

tu_status tu_nv_tic_from_surface(const tu_surface *s, uint64_t gpu_address, tu_nv_tic *out,
                                 tu_error *err) {
    TU_RETURN_IF(!s || !out, err, TU_INVALID_ARGUMENT, "surface and output must not be NULL");
    TU_TRY(tu_surface_validate(s, err));
    tu_nv_tic h;
    memset(&h, 0, sizeof h);
    TU_TRY(tu_nv_format_fields(s->format, &h, err));
    const bool bl = s->tiling == TU_TILING_NV_BLOCK_LINEAR;
    TU_RETURN_IF(!bl && s->tiling != TU_TILING_LINEAR, err, TU_INVALID_ARGUMENT,
                 "surface tiling %s has no NVIDIA texture header form (pitch or block-linear)",
                 tu_tiling_name(s->tiling));
    uint64_t address;
    TU_RETURN_IF(!tuB_add_u64(gpu_address, s->level[0].offset, &address) || address >> 48, err,
                 TU_INVALID_ARGUMENT,
                 "surface at GPU address 0x%llx + level offset %llu is not a 48-bit address",
                 (unsigned long long)gpu_address, (unsigned long long)s->level[0].offset);
    h.address = address;
    h.width_minus_one = s->width - 1;
    h.normalized_coords = 1;
    h.border_size = 7; /* BORDER_SAMPLER_COLOR, as NVK */
    switch (s->type) {
    case TU_SURFACE_1D: h.texture_type = s->arrayed ? TU_NV_TEX_1D_ARRAY : TU_NV_TEX_1D; break;
    case TU_SURFACE_2D: h.texture_type = s->arrayed ? TU_NV_TEX_2D_ARRAY : TU_NV_TEX_2D; break;
    case TU_SURFACE_3D: h.texture_type = TU_NV_TEX_3D; break;
    case TU_SURFACE_CUBE:
        h.texture_type = s->arrayed ? TU_NV_TEX_CUBEMAP_ARRAY : TU_NV_TEX_CUBEMAP;
        break;
    case TU_SURFACE_BUFFER: h.texture_type = TU_NV_TEX_1D_BUFFER; break;
    }
    if (s->type == TU_SURFACE_BUFFER) {
        h.header_version = TU_NV_HEADER_ONE_D_BUFFER;
        h.normalized_coords = h.border_size = 0; /* no such fields */
        *out = h;
        return TU_OK;
    }
    if (s->type != TU_SURFACE_1D) h.height_minus_one = s->height - 1;
    h.depth_minus_one = s->type == TU_SURFACE_3D     ? s->depth - 1
                        : s->type == TU_SURFACE_CUBE ? s->layers / 6 - 1
                                                     : s->layers - 1;
    TU_RETURN_IF(h.depth_minus_one > 0x3fff, err, TU_INVALID_ARGUMENT,
                 "surface depth/layers give DEPTH_MINUS_ONE %u, beyond its 14 bits",
                 h.depth_minus_one);
    TU_RETURN_IF(s->levels > 16, err, TU_INVALID_ARGUMENT,
                 "surface levels %u: MAX_MIP_LEVEL holds at most 16 levels", s->levels);
    h.max_mip_level = s->levels - 1;
    h.res_view_min_mip_level = s->base_level;
    h.res_view_max_mip_level = s->base_level + s->level_count - 1;
    h.multi_sample_count = ms_mode(s->samples);
    if (bl) {
        h.header_version = TU_NV_HEADER_BLOCKLINEAR;
        h.gobs_per_block_height = s->gob_height_log2;
        h.gobs_per_block_depth = s->gob_depth_log2;
        TU_RETURN_IF(address & 511, err, TU_INVALID_ARGUMENT,
                     "block-linear surface address 0x%llx is not 512-byte aligned (the header "
                     "holds ADDRESS bits 47:9)",
                     (unsigned long long)address);
        /* A header describes the standard layout only: compare with it. */
        tu_surface std = *s;
        uint64_t need;
        TU_TRY(tu_surface_layout_block_linear(&std, &need, err));
        for (uint32_t L = 0; L < s->levels; L++)
            TU_RETURN_IF(s->level[L].offset - s->level[0].offset != std.level[L].offset ||
                             (s->layers > 1 && s->level[L].layer_pitch != std.level[L].layer_pitch),
                         err, TU_INVALID_ARGUMENT,
                         "surface level[%u] (offset %llu, layer_pitch %llu) is not the standard "
                         "block-linear layout a header describes (%llu, %llu)",
                         L, (unsigned long long)(s->level[L].offset - s->level[0].offset),
                         (unsigned long long)s->level[L].layer_pitch,
                         (unsigned long long)std.level[L].offset,
                         (unsigned long long)std.level[L].layer_pitch);
    } else {
        TU_RETURN_IF(s->levels > 1 || s->layers > 1 || s->samples > 1 ||
                         (s->type != TU_SURFACE_1D && s->type != TU_SURFACE_2D),
                     err, TU_UNSUPPORTED,
                     "a linear surface becomes a PITCH header only as one 1D or 2D image of one "
                     "level, layer and sample");
        const uint64_t row = (uint64_t)s->width * tu_format_bytes(s->format);
        const uint64_t pitch = s->height > 1 ? s->level[0].row_pitch : (row + 31) / 32 * 32;
        TU_RETURN_IF(pitch % 32 || pitch >> 21 || address % 32, err, TU_INVALID_ARGUMENT,
                     "pitch surface: address 0x%llx and row_pitch %llu must be multiples of 32 "
                     "and the pitch below 2^21 (PITCH_BITS20TO5)",
                     (unsigned long long)address, (unsigned long long)pitch);
        h.header_version = TU_NV_HEADER_PITCH;
        h.pitch = (uint32_t)pitch;
        if (s->type == TU_SURFACE_2D) h.texture_type = TU_NV_TEX_2D_NO_MIPMAP; /* as NVK */
    }
    *out = h;
    return TU_OK;
}
