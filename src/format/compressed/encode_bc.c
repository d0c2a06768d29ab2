/* SPDX-License-Identifier: MIT */
/*
 * encode_bc.c - block encoders for BC1-BC5 (DFS "S3TC" and "RGTC"; the layouts bc.c reads).
 *
 * Colour blocks: the endpoints are the corners of the bounding box of the texels' R, G, B,
 * rounded to 5:6:5; the four-colour mode (colour0 > colour1) unless the endpoints round
 * equal (then every texel takes colour0, which both modes decode alike) or, in BC1 RGBA, a
 * texel has alpha < 0.5 (the three-colour mode, its index 3 transparent black).
 * Alpha / red blocks (BC3 alpha, BC4, BC5): the endpoints are the extremes rounded to 8 bits,
 * red0 > red1 (the eight-value mode) unless they are equal. BC2 alpha: rounded to 4 bits.
 */
#include "compressed.h"

#include "../../base/base.h"

#include <math.h>
#include <string.h>

/* Round v * scale to the nearest integer, halves up (v * scale is small and finite). */
static int round_scaled(float v, float scale) {
    return (int)floorf(v * scale + 0.5f);
}

/* Pick each texel's index among `count` candidates: candidate k is `block` with every index
 * of the field at bit `first` (`bits` wide, texel t at first + bits * t) set to k. */
static void pick_uniform(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                         const uint8_t *block, unsigned first, unsigned bits, unsigned count,
                         uint8_t choice[16]) {
    tuC_texel cand[8 * 16];
    for (unsigned k = 0; k < count; k++) {
        uint8_t trial[16];
        memcpy(trial, block, fmt->block_bytes);
        for (unsigned t = 0; t < 16; t++)
            tuC_put_bits(trial, first + bits * t, bits, k);
        tuC_decode_whole(f, trial, &cand[k * 16]);
    }
    tuC_pick_nearest(fmt, in, 16, cand, count, 16, choice);
}

/* The BC1 colour block at block + off; punch_through: BC1 RGBA (alpha < 0.5 is transparent). */
static void encode_colour(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                          uint8_t *block, unsigned off, bool punch_through) {
    static const float scale[3] = {31.0f, 63.0f, 31.0f};
    static const unsigned shift[3] = {11, 5, 0};
    float lo[3] = {1.0f, 1.0f, 1.0f}, hi[3] = {0.0f, 0.0f, 0.0f};
    bool transparent[16], any_transparent = false, any_opaque = false;
    for (unsigned t = 0; t < 16; t++) {
        transparent[t] = punch_through && in[t][3] < 0.5f;
        any_transparent |= transparent[t];
        if (transparent[t]) continue;
        any_opaque = true;
        for (unsigned c = 0; c < 3; c++) {
            float v = tuB_clamp_float(in[t][c], 0.0f, 1.0f);
            lo[c] = v < lo[c] ? v : lo[c];
            hi[c] = v > hi[c] ? v : hi[c];
        }
    }
    unsigned qlo = 0, qhi = 0;
    for (unsigned c = 0; c < 3 && any_opaque; c++) {
        qlo |= (unsigned)round_scaled(lo[c], scale[c]) << shift[c];
        qhi |= (unsigned)round_scaled(hi[c], scale[c]) << shift[c];
    }
    /* lo <= hi in every component, so qlo <= qhi as 16-bit numbers */
    unsigned c0, c1, count;
    if (any_transparent) /* colour0 <= colour1: three colours and transparent black */
        c0 = qlo, c1 = qhi, count = 3;
    else if (qhi > qlo)
        c0 = qhi, c1 = qlo, count = 4;
    else
        c0 = c1 = qhi, count = 1;
    block[off] = (uint8_t)c0, block[off + 1] = (uint8_t)(c0 >> 8);
    block[off + 2] = (uint8_t)c1, block[off + 3] = (uint8_t)(c1 >> 8);
    uint8_t choice[16];
    pick_uniform(f, fmt, in, block, 8 * off + 32, 2, count, choice);
    for (unsigned t = 0; t < 16; t++)
        tuC_put_bits(block, 8 * off + 32 + 2 * t, 2, transparent[t] ? 3u : choice[t]);
}

/* The BC4 block at block + off holding component `channel` of the texels. */
static void encode_red(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                       uint8_t *block, unsigned off, unsigned channel, bool is_signed) {
    float scale = is_signed ? 127.0f : 255.0f;
    int lo = 255, hi = -255;
    for (unsigned t = 0; t < 16; t++) {
        int q =
            round_scaled(tuB_clamp_float(in[t][channel], is_signed ? -1.0f : 0.0f, 1.0f), scale);
        lo = q < lo ? q : lo;
        hi = q > hi ? q : hi;
    }
    block[off] = (uint8_t)hi; /* red0 > red1: eight values; equal: every texel takes red0 */
    block[off + 1] = (uint8_t)lo;
    uint8_t choice[16];
    pick_uniform(f, fmt, in, block, 8 * off + 16, 3, hi > lo ? 8 : 1, choice);
    for (unsigned t = 0; t < 16; t++)
        tuC_put_bits(block, 8 * off + 16 + 3 * t, 3, choice[t]);
}

void tuC_encode_bc1(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                    uint8_t *block) {
    encode_colour(f, fmt, in, block, 0, fmt->codec == TUC_BC1A);
}

void tuC_encode_bc2(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                    uint8_t *block) {
    for (unsigned t = 0; t < 16; t++)
        tuC_put_bits(block, 4 * t, 4,
                     (uint32_t)round_scaled(tuB_clamp_float(in[t][3], 0, 1), 15.0f));
    encode_colour(f, fmt, in, block, 8, false);
}

void tuC_encode_bc3(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                    uint8_t *block) {
    encode_red(f, fmt, in, block, 0, 3, false);
    encode_colour(f, fmt, in, block, 8, false);
}

void tuC_encode_bc4(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                    uint8_t *block) {
    encode_red(f, fmt, in, block, 0, 0, fmt->flags & TUC_SIGNED);
}

void tuC_encode_bc5(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                    uint8_t *block) {
    encode_red(f, fmt, in, block, 0, 0, fmt->flags & TUC_SIGNED);
    encode_red(f, fmt, in, block, 8, 1, fmt->flags & TUC_SIGNED);
}
