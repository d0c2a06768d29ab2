/* SPDX-License-Identifier: MIT */
/*
 * ycbcr422.c - the single-plane 4:2:2 formats: G8B8G8R8_422_UNORM, B8G8R8G8_422_UNORM and their
 * 10X6, 12X4 and 16-bit forms.
 *
 * Vulkan "Formats" defines each as four components, "a pair of G components, an R component,
 * and a B component, collectively encoding a 2x1 rectangle": G for the even and the odd i
 * coordinate, B and R shared by both. GBGR_422 stores G0 B G1 R, BGRG_422 B G0 R G1, as 8-bit
 * bytes (4-byte blocks) or 16-bit little-endian words (8-byte blocks); a 10X6 / 12X4 word holds
 * its value in its top 10 / 12 bits (TU_BLOCK_PAD6 / TU_BLOCK_PAD4), the others unused. Values
 * are UNORM, c / (2^n - 1) ("Fixed-Point Data Conversions").
 *
 * Texel i of the pair is (R, G_i, B, 1): what a sampler Y'CbCr conversion with ycbcrModel
 * RGB_IDENTITY, the identity component mapping, xChromaOffset COSITED_EVEN and chromaFilter
 * NEAREST returns (Vulkan "Sampler Y'CbCr Conversion": with COSITED_EVEN the chroma sample of
 * the pair lies on the even texel, and NEAREST reads it for both). The encoder keeps each
 * texel's G and the even texel's B and R (the cosited sample), so a pair whose texels agree in B
 * and R round-trips.
 */
#include "compressed.h"

#include <math.h>

/* Where each component of the pair lies: element index of G0, G1, B, R. */
typedef struct layout_422 {
    uint8_t g0, g1, b, r;
} layout_422;

static layout_422 layout_of(const tuC_format_info *fmt) {
    return fmt->codec == TUC_GBGR_422 ? (layout_422){0, 2, 1, 3} : (layout_422){1, 3, 0, 2};
}

/* Bits of one element (8 or 16) and of its value (8, 10, 12 or 16). */
static unsigned element_bits(const tuC_format_info *fmt) {
    return fmt->block_bytes / 4u * 8u;
}

static unsigned value_bits(const tuC_format_info *fmt) {
    const unsigned pad = (fmt->flags & TU_BLOCK_PAD6) ? 6 : (fmt->flags & TU_BLOCK_PAD4) ? 4 : 0;
    return element_bits(fmt) - pad;
}

static float element_value(const tuC_format_info *fmt, const uint8_t *block, unsigned e,
                           int32_t *raw) {
    const unsigned eb = element_bits(fmt), vb = value_bits(fmt);
    const uint32_t v = tuC_bits(block, e * eb + (eb - vb), vb);
    *raw = (int32_t)v;
    return (float)v / (float)((1u << vb) - 1u);
}

void tuC_decode_422(const tuC_format_info *fmt, const uint8_t *block, unsigned x0, unsigned y0,
                    unsigned w, unsigned h, tuC_texel *out) {
    (void)y0;
    const layout_422 l = layout_of(fmt);
    for (unsigned y = 0; y < h; y++)
        for (unsigned x = x0; x < x0 + w; x++) {
            tuC_texel *t = &out[y * w + (x - x0)];
            t->value[0] = element_value(fmt, block, l.r, &t->raw[0]);
            t->value[1] = element_value(fmt, block, x == 0 ? l.g0 : l.g1, &t->raw[1]);
            t->value[2] = element_value(fmt, block, l.b, &t->raw[2]);
        }
}

static void put_element(const tuC_format_info *fmt, uint8_t *block, unsigned e, float v) {
    const unsigned eb = element_bits(fmt), vb = value_bits(fmt);
    const double max = (double)((1u << vb) - 1u);
    const double x = v > 0.0f ? (v < 1.0f ? (double)v * max : max) : 0.0;
    double r = floor(x);
    const double d = x - r;
    if (d > 0.5 || (d == 0.5 && fmod(r, 2.0) != 0.0)) r += 1.0; /* nearest, ties to even */
    tuC_put_bits(block, e * eb + (eb - vb), vb, (uint32_t)r);
}

void tuC_encode_422(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                    uint8_t *block) {
    (void)f;
    const layout_422 l = layout_of(fmt);
    put_element(fmt, block, l.g0, in[0][1]);
    put_element(fmt, block, l.g1, in[1][1]);
    put_element(fmt, block, l.b, in[0][2]);
    put_element(fmt, block, l.r, in[0][0]);
}
