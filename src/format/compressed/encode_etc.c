/* SPDX-License-Identifier: MIT */
/*
 * encode_etc.c - block encoders for ETC2 RGB8, RGB8A1, RGBA8 and EAC R11, RG11 (DFS "ETC2";
 * the layouts etc.c reads).
 *
 * Colour: the differential mode, both flips tried (the better one kept, flip 0 on a tie).
 * Each sub-block's base colour is its texels' mean rounded to 5 bits, the second clamped to
 * the first's -4 .. +3 so that the differences never overflow (which would select the T, H
 * or planar modes); each sub-block takes the modifier table that fits its texels best.
 * RGB8A1: with a texel of alpha < 0.5 the "opaque" bit is 0 and such texels take index 2
 * (transparent black), the others 0, 1 or 3; otherwise as RGB8.
 * EAC (R11, RG11, the alpha of RGBA8): the base is the middle of the block's range; every
 * table and multiplier (1..15; 0..15 for R11 / RG11, where 0 means 1/8) is tried and the one
 * with the least squared error kept (the first on a tie).
 */
#include "compressed.h"

#include "../../base/base.h"

#include <math.h>
#include <string.h>

static void store_be64(uint8_t *p, uint64_t v) {
    for (unsigned i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (56 - 8 * i));
}

/* ---- ETC2 colour ------------------------------------------------------------------------- */

/* The colour word for `flip` at block + off (the rest of the block as given); returns its
 * squared error. transparent[t]: texel t (row-major) is to be transparent (RGB8A1 only). */
static double etc_try(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                      uint8_t *block, unsigned off, unsigned flip, bool punch_through,
                      const bool transparent[16], uint64_t *word) {
    bool opaque = true;
    for (unsigned t = 0; t < 16; t++)
        opaque &= !transparent[t];
    double sum[2][3] = {{0}};
    unsigned n[2] = {0, 0};
    for (unsigned t = 0; t < 16; t++) {
        unsigned x = t % 4, y = t / 4, s = flip ? y >= 2 : x >= 2;
        if (transparent[t]) continue;
        n[s]++;
        for (unsigned c = 0; c < 3; c++)
            sum[s][c] += in[t][c] < 0.0f ? 0.0 : in[t][c] > 1.0f ? 1.0 : in[t][c];
    }
    uint64_t base = (uint64_t)(punch_through ? opaque : 1u) << 33 | (uint64_t)flip << 32;
    for (unsigned c = 0; c < 3; c++) {
        int b0 = n[0] ? (int)floor(sum[0][c] / n[0] * 31.0 + 0.5) : 0;
        int b1 = n[1] ? (int)floor(sum[1][c] / n[1] * 31.0 + 0.5) : b0;
        b1 = tuB_clamp_int(b1, b0 - 4 < 0 ? 0 : b0 - 4, b0 + 3 > 31 ? 31 : b0 + 3);
        base |= (uint64_t)b0 << (59 - 8 * c) | (uint64_t)((b1 - b0) & 7) << (56 - 8 * c);
    }
    /* candidates: table t in both sub-blocks, every texel index k */
    tuC_texel cand[8][4][16];
    for (unsigned t = 0; t < 8; t++)
        for (unsigned k = 0; k < 4; k++) {
            uint8_t trial[16];
            memcpy(trial, block, fmt->block_bytes);
            uint64_t w = base | (uint64_t)t << 37 | (uint64_t)t << 34;
            w |= (k >> 1) ? 0xffff0000ull : 0;
            w |= (k & 1) ? 0xffffull : 0;
            store_be64(trial + off, w);
            tuC_decode_whole(f, trial, cand[t][k]);
        }
    double total = 0.0;
    uint64_t w = base;
    for (unsigned s = 0; s < 2; s++) {
        double best = 0.0;
        unsigned best_table = 0, best_index[16] = {0};
        for (unsigned t = 0; t < 8; t++) {
            double err = 0.0;
            unsigned index[16] = {0};
            for (unsigned i = 0; i < 16; i++) {
                unsigned x = i % 4, y = i / 4;
                if ((flip ? y >= 2 : x >= 2) != s || transparent[i]) continue;
                double nearest = 0.0;
                for (unsigned k = 0; k < 4; k++) {
                    if (!opaque && k == 2) continue; /* transparent black */
                    double d = tuC_texel_distance(fmt, &cand[t][k][i], in[i]);
                    if ((k == 0 || d < nearest)) {
                        nearest = d;
                        index[i] = k;
                    }
                }
                err += nearest;
            }
            if (t == 0 || err < best) {
                best = err, best_table = t;
                memcpy(best_index, index, sizeof index);
            }
        }
        total += best;
        w |= (uint64_t)best_table << (s ? 34 : 37);
        for (unsigned i = 0; i < 16; i++) {
            unsigned x = i % 4, y = i / 4;
            if ((flip ? y >= 2 : x >= 2) != s) continue;
            unsigned k = transparent[i] ? 2 : best_index[i], entry = x * 4 + y;
            w |= (uint64_t)(k >> 1) << (16 + entry) | (uint64_t)(k & 1) << entry;
        }
    }
    *word = w;
    return total;
}

static void etc_colour(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                       uint8_t *block, unsigned off, bool punch_through) {
    bool transparent[16];
    for (unsigned t = 0; t < 16; t++)
        transparent[t] = punch_through && in[t][3] < 0.5f;
    uint64_t w0, w1;
    double e0 = etc_try(f, fmt, in, block, off, 0, punch_through, transparent, &w0);
    double e1 = etc_try(f, fmt, in, block, off, 1, punch_through, transparent, &w1);
    store_be64(block + off, e1 < e0 ? w1 : w0);
}

/* ---- EAC --------------------------------------------------------------------------------- */

/* The EAC block at block + off holding component `channel` (decoded as that component). */
static void eac_part(tuC_format f, const tuC_format_info *fmt, const float (*in)[4], uint8_t *block,
                     unsigned off, unsigned channel) {
    bool alpha8 = fmt->codec == TUC_ETC2_RGBA8, is_signed = fmt->flags & TUC_SIGNED;
    float lo_v = is_signed ? -1.0f : 0.0f, scale = alpha8 ? 255.0f : is_signed ? 1023.0f : 2047.0f;
    float lo = 1.0f, hi = -1.0f;
    for (unsigned t = 0; t < 16; t++) {
        float v = in[t][channel] < lo_v ? lo_v : in[t][channel] > 1.0f ? 1.0f : in[t][channel];
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
    }
    double centre = (double)(lo + hi) / 2.0 * scale;
    int base = alpha8      ? tuB_clamp_int((int)floor(centre + 0.5), 0, 255)
               : is_signed ? tuB_clamp_int((int)floor(centre / 8.0 + 0.5), -127, 127)
                           : tuB_clamp_int((int)floor((centre - 4.0) / 8.0 + 0.5), 0, 255);
    /* one candidate per table and multiplier: texel entry e (< 8) holds index e, so that one
     * decode yields the table's eight values (entry x * 4 + y is texel (x, y)) */
    uint64_t indices = 0;
    for (unsigned e = 0; e < 8; e++)
        indices |= (uint64_t)e << (45 - 3 * e);
    double best = 0.0;
    uint64_t best_word = 0;
    bool first = true;
    for (unsigned m = alpha8 ? 1 : 0; m < 16; m++)
        for (unsigned table = 0; table < 16; table++) {
            uint64_t w = (uint64_t)(uint8_t)base << 56 | (uint64_t)m << 52 | (uint64_t)table << 48;
            uint8_t trial[16];
            memcpy(trial, block, fmt->block_bytes);
            store_be64(trial + off, w | indices);
            tuC_texel dec[16];
            tuC_decode_whole(f, trial, dec);
            double err = 0.0;
            for (unsigned t = 0; t < 16; t++) {
                double nearest = 0.0;
                unsigned pick = 0;
                for (unsigned i = 0; i < 8; i++) {
                    double d =
                        (double)dec[(i % 4) * 4 + i / 4].value[channel] - (double)in[t][channel];
                    if (i == 0 || d * d < nearest) nearest = d * d, pick = i;
                }
                err += nearest;
                unsigned entry = (t % 4) * 4 + t / 4;
                w |= (uint64_t)pick << (45 - 3 * entry);
            }
            if (first || err < best) {
                best = err, best_word = w, first = false;
            }
        }
    store_be64(block + off, best_word);
}

void tuC_encode_etc2_rgb(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                         uint8_t *block) {
    etc_colour(f, fmt, in, block, 0, fmt->codec == TUC_ETC2_RGB8A1);
}

void tuC_encode_etc2_rgba8(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                           uint8_t *block) {
    eac_part(f, fmt, in, block, 0, 3); /* the EAC alpha block comes first */
    etc_colour(f, fmt, in, block, 8, false);
}

void tuC_encode_eac(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                    uint8_t *block) {
    eac_part(f, fmt, in, block, 0, 0);
    if (fmt->codec == TUC_EAC_RG11) eac_part(f, fmt, in, block, 8, 1);
}
