/*
 * format.c - Maxwell header formats (COMPONENTS + R/G/B/A_DATA_TYPE + S_R_G_B_CONVERSION,
 * notes/nvidia-texture.md §1.2) as texunit formats. The component sizes are named from the
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
