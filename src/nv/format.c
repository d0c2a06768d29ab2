/* SPDX-License-Identifier: MIT */
/*
 * format.c - Maxwell header formats (COMPONENTS + R/G/B/A_DATA_TYPE + S_R_G_B_CONVERSION,
 * NVIDIA open-gpu-doc clb097tex.h) as texunit formats. The component sizes are named from the
 * most significant bit and C0 starts at bit 0 (envytools g80-surface.rst, "Simple color
 * surface formats"); texunit's table lists fields from bit 0. A row says which texunit
 * component holds each of C0..C3; one table serves both directions (header -> surface for
 * TLD, surface -> header for tu_nv_tic_from_surface).
 */
#include "nv_internal.h"

enum { R = 0, G = 1, B = 2, A = 3, N = TUN_NONE };
enum {
    SN = TU_NV_TYPE_SNORM,
    UN = TU_NV_TYPE_UNORM,
    SI = TU_NV_TYPE_SINT,
    UI = TU_NV_TYPE_UINT,
    FL = TU_NV_TYPE_FLOAT
};

#define ROW(fmt, comp, n, type, srgb, c0, c1, c2, c3) \
    {                                                 \
        TU_FORMAT_##fmt, comp, n, type, srgb, {       \
            c0, c1, c2, c3                            \
        }                                             \
    }

/* Order matters for header -> surface: the first row of a (COMPONENTS, type, sRGB) wins, so
 * the identity maps come before the BGRA ones (which headers express with swizzles). */
static const tuN_format rows[] = {
    ROW(R32G32B32A32_SFLOAT, 0x01, 4, FL, false, R, G, B, A), /* R32_G32_B32_A32 */
    ROW(R32G32B32A32_UINT, 0x01, 4, UI, false, R, G, B, A),
    ROW(R32G32B32A32_SINT, 0x01, 4, SI, false, R, G, B, A),
    ROW(R32G32B32_SFLOAT, 0x02, 3, FL, false, R, G, B, N), /* R32_G32_B32 */
    ROW(R32G32B32_UINT, 0x02, 3, UI, false, R, G, B, N),
    ROW(R32G32B32_SINT, 0x02, 3, SI, false, R, G, B, N),
    ROW(R16G16B16A16_UNORM, 0x03, 4, UN, false, R, G, B, A), /* R16_G16_B16_A16 */
    ROW(R16G16B16A16_SNORM, 0x03, 4, SN, false, R, G, B, A),
    ROW(R16G16B16A16_UINT, 0x03, 4, UI, false, R, G, B, A),
    ROW(R16G16B16A16_SINT, 0x03, 4, SI, false, R, G, B, A),
    ROW(R16G16B16A16_SFLOAT, 0x03, 4, FL, false, R, G, B, A),
    ROW(R32G32_SFLOAT, 0x04, 2, FL, false, R, G, N, N), /* R32_G32 */
    ROW(R32G32_UINT, 0x04, 2, UI, false, R, G, N, N),
    ROW(R32G32_SINT, 0x04, 2, SI, false, R, G, N, N),
    ROW(R8G8B8A8_UNORM, 0x08, 4, UN, false, R, G, B, A), /* A8B8G8R8 */
    ROW(R8G8B8A8_SNORM, 0x08, 4, SN, false, R, G, B, A),
    ROW(R8G8B8A8_UINT, 0x08, 4, UI, false, R, G, B, A),
    ROW(R8G8B8A8_SINT, 0x08, 4, SI, false, R, G, B, A),
    ROW(R8G8B8A8_SRGB, 0x08, 4, UN, true, R, G, B, A),
    ROW(B8G8R8A8_UNORM, 0x08, 4, UN, false, B, G, R, A),
    ROW(B8G8R8A8_SNORM, 0x08, 4, SN, false, B, G, R, A),
    ROW(B8G8R8A8_UINT, 0x08, 4, UI, false, B, G, R, A),
    ROW(B8G8R8A8_SINT, 0x08, 4, SI, false, B, G, R, A),
    ROW(B8G8R8A8_SRGB, 0x08, 4, UN, true, B, G, R, A),
    ROW(A2B10G10R10_UNORM_PACK32, 0x09, 4, UN, false, R, G, B, A), /* A2B10G10R10 */
    ROW(A2B10G10R10_UINT_PACK32, 0x09, 4, UI, false, R, G, B, A),
    ROW(R16G16_UNORM, 0x0c, 2, UN, false, R, G, N, N), /* R16_G16 */
    ROW(R16G16_SNORM, 0x0c, 2, SN, false, R, G, N, N),
    ROW(R16G16_UINT, 0x0c, 2, UI, false, R, G, N, N),
    ROW(R16G16_SINT, 0x0c, 2, SI, false, R, G, N, N),
    ROW(R16G16_SFLOAT, 0x0c, 2, FL, false, R, G, N, N),
    ROW(R32_SFLOAT, 0x0f, 1, FL, false, R, N, N, N), /* R32 */
    ROW(R32_UINT, 0x0f, 1, UI, false, R, N, N, N), ROW(R32_SINT, 0x0f, 1, SI, false, R, N, N, N),
    /* A4B4G4R4: C0 = bits 3:0; texunit's R4G4B4A4_UNORM_PACK16 has A there. */
    ROW(R4G4B4A4_UNORM_PACK16, 0x12, 4, UN, false, A, B, G, R),
    /* A5B5G5R1: C0 = bit 0 (1 bit); R5G5B5A1_UNORM_PACK16 has A1 there. */
    ROW(R5G5B5A1_UNORM_PACK16, 0x13, 4, UN, false, A, B, G, R),
    /* B5G6R5: C0 = bits 4:0; R5G6B5_UNORM_PACK16 has B5 there. */
    ROW(R5G6B5_UNORM_PACK16, 0x15, 3, UN, false, B, G, R, N),
    ROW(R8G8_UNORM, 0x18, 2, UN, false, R, G, N, N), /* G8R8 */
    ROW(R8G8_SNORM, 0x18, 2, SN, false, R, G, N, N), ROW(R8G8_UINT, 0x18, 2, UI, false, R, G, N, N),
    ROW(R8G8_SINT, 0x18, 2, SI, false, R, G, N, N), ROW(R8G8_SRGB, 0x18, 2, UN, true, R, G, N, N),
    ROW(R16_UNORM, 0x1b, 1, UN, false, R, N, N, N), /* R16 */
    ROW(R16_SNORM, 0x1b, 1, SN, false, R, N, N, N), ROW(R16_UINT, 0x1b, 1, UI, false, R, N, N, N),
    ROW(R16_SINT, 0x1b, 1, SI, false, R, N, N, N), ROW(R16_SFLOAT, 0x1b, 1, FL, false, R, N, N, N),
    ROW(R8_UNORM, 0x1d, 1, UN, false, R, N, N, N), /* R8 */
    ROW(R8_SNORM, 0x1d, 1, SN, false, R, N, N, N), ROW(R8_UINT, 0x1d, 1, UI, false, R, N, N, N),
    ROW(R8_SINT, 0x1d, 1, SI, false, R, N, N, N), ROW(R8_SRGB, 0x1d, 1, UN, true, R, N, N, N),
    ROW(E5B9G9R9_UFLOAT_PACK32, 0x20, 3, FL, false, R, G, B, N),  /* E5B9G9R9_SHAREDEXP */
    ROW(B10G11R11_UFLOAT_PACK32, 0x21, 3, FL, false, R, G, B, N), /* BF10GF11RF11 */
    /* Depth formats read their depth as C0; a stencil component reads as absent
     * (docs/semantics.md). */
    ROW(X8_D24_UNORM_PACK32, 0x2a, 1, UN, false, R, N, N, N), /* X8Z24 */
    ROW(D24_UNORM_S8_UINT, 0x2b, 1, UN, false, R, N, N, N),   /* S8Z24 */
    ROW(D32_SFLOAT, 0x2f, 1, FL, false, R, N, N, N),          /* ZF32 */
    ROW(D32_SFLOAT_S8_UINT, 0x30, 1, FL, false, R, N, N, N),  /* ZF32_X24S8 */
    ROW(D16_UNORM, 0x3a, 1, UN, false, R, N, N, N),           /* Z16 */
    /* Block-compressed formats. COMPONENTS codes: NVIDIA open-gpu-doc clb097tex.h (DXT1 0x24 ..
     * DXN2 0x28, BC6H_SF16 0x10, BC6H_UF16 0x11, BC7U 0x17, ETC2_RGB 0x06, ETC2_RGB_PTA 0x0a,
     * ETC2_RGBA 0x0b, EAC 0x19, EACX2 0x1a); the ASTC_2D_* codes as yuzu's
     * video_core/textures/texture.h lists them (Tegra::Texture::TextureFormat). Data types
     * and which components a view reads: Mesa's src/nouveau/nil/nil_formats.csv (types NNNN,
     * SSSS or FFFF; swizzles RGB1, RGBA, R001, RG01). C0..C3 are the decoded R, G, B, A. The
     * hardware decodes DXT1's punch-through alpha, so a DXT1 header reads as BC1 RGBA (listed
     * first); BC1 RGB is the same block with A not read. ASTC SFLOAT (the HDR profile) has no
     * row: NVK exposes no ASTC HDR format. */
    ROW(BC1_RGBA_UNORM_BLOCK, 0x24, 4, UN, false, R, G, B, A), /* DXT1 */
    ROW(BC1_RGBA_SRGB_BLOCK, 0x24, 4, UN, true, R, G, B, A),
    ROW(BC1_RGB_UNORM_BLOCK, 0x24, 4, UN, false, R, G, B, N),
    ROW(BC1_RGB_SRGB_BLOCK, 0x24, 4, UN, true, R, G, B, N),
    ROW(BC2_UNORM_BLOCK, 0x25, 4, UN, false, R, G, B, A), /* DXT23 */
    ROW(BC2_SRGB_BLOCK, 0x25, 4, UN, true, R, G, B, A),
    ROW(BC3_UNORM_BLOCK, 0x26, 4, UN, false, R, G, B, A), /* DXT45 */
    ROW(BC3_SRGB_BLOCK, 0x26, 4, UN, true, R, G, B, A),
    ROW(BC4_UNORM_BLOCK, 0x27, 4, UN, false, R, N, N, N), /* DXN1 */
    ROW(BC4_SNORM_BLOCK, 0x27, 4, SN, false, R, N, N, N),
    ROW(BC5_UNORM_BLOCK, 0x28, 4, UN, false, R, G, N, N), /* DXN2 */
    ROW(BC5_SNORM_BLOCK, 0x28, 4, SN, false, R, G, N, N),
    ROW(BC6H_SFLOAT_BLOCK, 0x10, 4, FL, false, R, G, B, N), /* BC6H_SF16 */
    ROW(BC6H_UFLOAT_BLOCK, 0x11, 4, FL, false, R, G, B, N), /* BC6H_UF16 */
    ROW(BC7_UNORM_BLOCK, 0x17, 4, UN, false, R, G, B, A),   /* BC7U */
    ROW(BC7_SRGB_BLOCK, 0x17, 4, UN, true, R, G, B, A),
    ROW(ETC2_R8G8B8_UNORM_BLOCK, 0x06, 4, UN, false, R, G, B, N), /* ETC2_RGB */
    ROW(ETC2_R8G8B8_SRGB_BLOCK, 0x06, 4, UN, true, R, G, B, N),
    ROW(ETC2_R8G8B8A1_UNORM_BLOCK, 0x0a, 4, UN, false, R, G, B, A), /* ETC2_RGB_PTA */
    ROW(ETC2_R8G8B8A1_SRGB_BLOCK, 0x0a, 4, UN, true, R, G, B, A),
    ROW(ETC2_R8G8B8A8_UNORM_BLOCK, 0x0b, 4, UN, false, R, G, B, A), /* ETC2_RGBA */
    ROW(ETC2_R8G8B8A8_SRGB_BLOCK, 0x0b, 4, UN, true, R, G, B, A),
    ROW(EAC_R11_UNORM_BLOCK, 0x19, 4, UN, false, R, N, N, N), /* EAC */
    ROW(EAC_R11_SNORM_BLOCK, 0x19, 4, SN, false, R, N, N, N),
    ROW(EAC_R11G11_UNORM_BLOCK, 0x1a, 4, UN, false, R, G, N, N), /* EACX2 */
    ROW(EAC_R11G11_SNORM_BLOCK, 0x1a, 4, SN, false, R, G, N, N),
/* clang-format off */
#define ASTC_ROWS_(size, code)                                                        \
    ROW(ASTC_##size##_UNORM_BLOCK, code, 4, UN, false, R, G, B, A), /* ASTC_2D_* */ \
    ROW(ASTC_##size##_SRGB_BLOCK, code, 4, UN, true, R, G, B, A),
    ASTC_ROWS_(4x4, 0x40)   ASTC_ROWS_(5x4, 0x50)   ASTC_ROWS_(5x5, 0x41)
    ASTC_ROWS_(6x5, 0x51)   ASTC_ROWS_(6x6, 0x42)   ASTC_ROWS_(8x5, 0x55)
    ASTC_ROWS_(8x6, 0x52)   ASTC_ROWS_(8x8, 0x44)   ASTC_ROWS_(10x5, 0x56)
    ASTC_ROWS_(10x6, 0x57)  ASTC_ROWS_(10x8, 0x53)  ASTC_ROWS_(10x10, 0x45)
    ASTC_ROWS_(12x10, 0x54) ASTC_ROWS_(12x12, 0x46)
/* clang-format on */
#undef ASTC_ROWS_
};

static const struct {
    uint8_t code;
    const char *name;
} component_names[] = {
    {0x01, "R32_G32_B32_A32"},
    {0x02, "R32_G32_B32"},
    {0x03, "R16_G16_B16_A16"},
    {0x04, "R32_G32"},
    {0x08, "A8B8G8R8"},
    {0x09, "A2B10G10R10"},
    {0x0c, "R16_G16"},
    {0x0f, "R32"},
    {0x12, "A4B4G4R4"},
    {0x13, "A5B5G5R1"},
    {0x15, "B5G6R5"},
    {0x18, "G8R8"},
    {0x1b, "R16"},
    {0x1d, "R8"},
    {0x20, "E5B9G9R9_SHAREDEXP"},
    {0x21, "BF10GF11RF11"},
    {0x2a, "X8Z24"},
    {0x2b, "S8Z24"},
    {0x2f, "ZF32"},
    {0x30, "ZF32_X24S8"},
    {0x3a, "Z16"},
    {0x06, "ETC2_RGB"},
    {0x0a, "ETC2_RGB_PTA"},
    {0x0b, "ETC2_RGBA"},
    {0x10, "BC6H_SF16"},
    {0x11, "BC6H_UF16"},
    {0x17, "BC7U"},
    {0x19, "EAC"},
    {0x1a, "EACX2"},
    {0x24, "DXT1"},
    {0x25, "DXT23"},
    {0x26, "DXT45"},
    {0x27, "DXN1"},
    {0x28, "DXN2"},
    {0x40, "ASTC_2D_4X4"},
    {0x41, "ASTC_2D_5X5"},
    {0x42, "ASTC_2D_6X6"},
    {0x44, "ASTC_2D_8X8"},
    {0x45, "ASTC_2D_10X10"},
    {0x46, "ASTC_2D_12X12"},
    {0x50, "ASTC_2D_5X4"},
    {0x51, "ASTC_2D_6X5"},
    {0x52, "ASTC_2D_8X6"},
    {0x53, "ASTC_2D_10X8"},
    {0x54, "ASTC_2D_12X10"},
    {0x55, "ASTC_2D_8X5"},
    {0x56, "ASTC_2D_10X5"},
    {0x57, "ASTC_2D_10X6"},
};

const char *tuN_components_name(uint32_t components) {
    for (size_t i = 0; i < sizeof component_names / sizeof component_names[0]; i++)
        if (component_names[i].code == components) return component_names[i].name;
    return "?";
}

/* *_FORCE_FP16 reads as its SNORM/UNORM type (the executor rounds the result to half). */
static uint32_t base_type(uint32_t t) {
    return t == TU_NV_TYPE_SNORM_FORCE_FP16   ? TU_NV_TYPE_SNORM
           : t == TU_NV_TYPE_UNORM_FORCE_FP16 ? TU_NV_TYPE_UNORM
                                              : t;
}

const tuN_format *tuN_format_for_header(const tu_nv_tic *h) {
    const uint32_t types[4] = {h->r_data_type, h->g_data_type, h->b_data_type, h->a_data_type};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const tuN_format *r = &rows[i];
        if (r->components != h->components || r->srgb != (h->srgb_conversion != 0)) continue;
        bool ok = true;
        for (unsigned k = 0; k < r->checked; k++)
            ok &= base_type(types[k]) == r->type;
        if (ok) return r;
    }
    return NULL;
}

const tuN_format *tuN_format_for_surface(tu_format f) {
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (rows[i].format == f) return &rows[i];
    return NULL;
}

tu_status tu_nv_format_fields(tu_format f, tu_nv_tic *h, tu_error *err) {
    TU_RETURN_IF(!h, err, TU_INVALID_ARGUMENT, "header must not be NULL");
    const tuN_format *r = tuN_format_for_surface(f);
    const tu_format_desc *d = tu_format_describe(f);
    TU_RETURN_IF(!r, err, TU_UNSUPPORTED, "format %s has no Maxwell texture header format",
                 d ? d->name : "(invalid)");
    h->components = r->components;
    uint32_t *types[4] = {&h->r_data_type, &h->g_data_type, &h->b_data_type, &h->a_data_type};
    uint32_t *sources[4] = {&h->x_source, &h->y_source, &h->z_source, &h->w_source};
    for (unsigned k = 0; k < 4; k++) {
        *types[k] = r->type; /* NVK fills all four from the format's table row */
        /* Return texunit component k: the Cj that holds it, else 0 / 1 like a missing
         * component (ONE_INT for integer formats, as nil's nvb097_th_bl_source). */
        *sources[k] = k == 3 ? (d->format_class == TU_CLASS_FLOAT ? TU_NV_SOURCE_ONE_FLOAT
                                                                  : TU_NV_SOURCE_ONE_INT)
                             : TU_NV_SOURCE_ZERO;
        for (unsigned j = 0; j < 4; j++)
            if (r->map[j] == k) *sources[k] = TU_NV_SOURCE_R + j;
    }
    h->srgb_conversion = r->srgb;
    return TU_OK;
}
