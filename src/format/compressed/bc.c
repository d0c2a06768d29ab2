/* SPDX-License-Identifier: MIT */
/*
 * bc.c - BC1, BC2, BC3 (DFS "S3TC Compressed Texture Image Formats") and BC4, BC5 (DFS "RGTC
 * Compressed Texture Image Formats").
 *
 * The DFS defines these decodes in real arithmetic: a colour endpoint is R/31, G/63, B/31, an
 * alpha or red endpoint A/255 (or max(R/127, -1) signed), and the interpolated values are
 * weighted means of those. Each value here is the exact rational (an integer numerator over
 * an integer denominator, both exact in float) divided once, so it is the exact value
 * rounded to the nearest float.
 */
#include "compressed.h"

/* Texel i = 4 * y + x of a 4x4 block, in every S3TC/RGTC index field. */
#define TEXEL_INDEX(x, y) ((y)*4u + (x))

/* The BC1 colour block at p (8 bytes): colour (r, g, b) of texel i as numerators over
 * (31 * den, 63 * den, 31 * den) and the punch-through flag. four_colour_only: BC2 and BC3
 * decode their colour blocks in the four-colour mode whatever the endpoint order (DFS S3TC,
 * BC2 and BC3: "the color0 > color1 comparison is not made"). */
static void bc1_colour(const uint8_t *p, unsigned i, bool four_colour_only, float rgb[3],
                       bool *transparent) {
    unsigned c0 = p[0] | (unsigned)p[1] << 8, c1 = p[2] | (unsigned)p[3] << 8;
    unsigned idx = tuC_bits(p + 4, 2 * i, 2);
    unsigned e0[3] = {c0 >> 11, (c0 >> 5) & 63, c0 & 31};
    unsigned e1[3] = {c1 >> 11, (c1 >> 5) & 63, c1 & 31};
    static const float max[3] = {31.0f, 63.0f, 31.0f};
    *transparent = false;
    for (unsigned c = 0; c < 3; c++) {
        unsigned num, den;
        if (c0 > c1 || four_colour_only) {
            /* four colours: c0, c1, (2 c0 + c1) / 3, (c0 + 2 c1) / 3 */
            static const unsigned w0[4] = {3, 0, 2, 1};
            num = w0[idx] * e0[c] + (3 - w0[idx]) * e1[c];
            den = 3;
        } else {
            /* three colours: c0, c1, (c0 + c1) / 2, and black (transparent for BC1 RGBA) */
            static const unsigned w0[4] = {2, 0, 1, 0};
            num = idx == 3 ? 0 : w0[idx] * e0[c] + (2 - w0[idx]) * e1[c];
            den = 2;
            *transparent = idx == 3;
        }
        rgb[c] = (float)num / (max[c] * (float)den);
    }
}

/* The BC3 alpha / BC4 red block at p (8 bytes), value of texel i. Unsigned: endpoints
 * a/255. Signed: the endpoint bytes are two's complement and -128 decodes as -127 (DFS RGTC:
 * "-1.0 ... is represented by both -127 and -128"), so each endpoint is max(v, -127) / 127;
 * the mode test compares the stored bytes. */
static float bc4_value(const uint8_t *p, unsigned i, bool is_signed) {
    int r0 = is_signed ? (int8_t)p[0] : p[0], r1 = is_signed ? (int8_t)p[1] : p[1];
    unsigned idx = tuC_bits(p + 2, 3 * i, 3);
    float scale = is_signed ? 127.0f : 255.0f;
    int e0 = r0 < -127 ? -127 : r0, e1 = r1 < -127 ? -127 : r1;
    if (idx == 0) return (float)e0 / scale;
    if (idx == 1) return (float)e1 / scale;
    if (r0 > r1) /* eight values: ((8 - i) r0 + (i - 1) r1) / 7 for i = 2..7 */
        return (float)((int)(8 - idx) * e0 + (int)(idx - 1) * e1) / (7.0f * scale);
    if (idx <= 5) /* six values: ((6 - i) r0 + (i - 1) r1) / 5 for i = 2..5, then min, max */
        return (float)((int)(6 - idx) * e0 + (int)(idx - 1) * e1) / (5.0f * scale);
    return idx == 6 ? (is_signed ? -1.0f : 0.0f) : 1.0f;
}

void tuC_decode_bc1(const tuC_format_info *fmt, const uint8_t *block, unsigned x0, unsigned y0,
                    unsigned w, unsigned h, tuC_texel *out) {
    for (unsigned y = y0; y < y0 + h; y++)
        for (unsigned x = x0; x < x0 + w; x++, out++) {
            bool transparent;
            bc1_colour(block, TEXEL_INDEX(x, y), false, out->value, &transparent);
            /* BC1 RGB: the fourth colour of the three-colour mode is opaque black */
            out->value[3] = (transparent && fmt->codec == TUC_BC1A) ? 0.0f : 1.0f;
        }
}

/* BC2 and BC3: a BC1 colour block (four-colour mode) after an alpha block: BC2's explicit
 * 4-bit alphas, or BC3's interpolated ones (a BC4 block). */
static void decode_bc2_bc3(const uint8_t *block, bool bc3, unsigned x0, unsigned y0, unsigned w,
                           unsigned h, tuC_texel *out) {
    for (unsigned y = y0; y < y0 + h; y++)
        for (unsigned x = x0; x < x0 + w; x++, out++) {
            bool transparent;
            unsigned i = TEXEL_INDEX(x, y);
            bc1_colour(block + 8, i, true, out->value, &transparent);
            out->value[3] =
                bc3 ? bc4_value(block, i, false) : (float)tuC_bits(block, 4 * i, 4) / 15.0f;
        }
}

void tuC_decode_bc2(const tuC_format_info *fmt, const uint8_t *block, unsigned x0, unsigned y0,
                    unsigned w, unsigned h, tuC_texel *out) {
    (void)fmt;
    decode_bc2_bc3(block, false, x0, y0, w, h, out);
}

void tuC_decode_bc3(const tuC_format_info *fmt, const uint8_t *block, unsigned x0, unsigned y0,
                    unsigned w, unsigned h, tuC_texel *out) {
    (void)fmt;
    decode_bc2_bc3(block, true, x0, y0, w, h, out);
}

void tuC_decode_bc4(const tuC_format_info *fmt, const uint8_t *block, unsigned x0, unsigned y0,
                    unsigned w, unsigned h, tuC_texel *out) {
    for (unsigned y = y0; y < y0 + h; y++)
        for (unsigned x = x0; x < x0 + w; x++, out++)
            out->value[0] = bc4_value(block, TEXEL_INDEX(x, y), fmt->flags & TUC_SIGNED);
}

void tuC_decode_bc5(const tuC_format_info *fmt, const uint8_t *block, unsigned x0, unsigned y0,
                    unsigned w, unsigned h, tuC_texel *out) {
    for (unsigned y = y0; y < y0 + h; y++)
        for (unsigned x = x0; x < x0 + w; x++, out++) {
            out->value[0] = bc4_value(block, TEXEL_INDEX(x, y), fmt->flags & TUC_SIGNED);
            out->value[1] = bc4_value(block + 8, TEXEL_INDEX(x, y), fmt->flags & TUC_SIGNED);
        }
}
