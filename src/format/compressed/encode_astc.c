/* SPDX-License-Identifier: MIT */
/*
 * encode_astc.c - the ASTC block encoder, every 2D block size, LDR and HDR (DFS "ASTC"; the
 * layout astc.c reads).
 *
 * One layout for every block: block mode 0x042, a 4x4 weight grid of range 0..3 (2 bits a
 * weight, 32 weight bits), one plane, one partition; DFS "Block mode": bits 1:0 = 10 and bit 4
 * = 0 give R = 4 (weights 0..3), bits 3:2 = 00 give W = B + 4, H = A + 2 with B (bits 8:7) = 0
 * and A (bits 6:5) = 2. That leaves 128 - 17 - 32 = 79 bits for eight colour values, so they
 * are stored in the 256-level range (8 plain bits each, DFS "Integer Sequence Encoding").
 * Colour endpoint modes:
 *   LDR (UNORM, sRGB): CEM 12, RGBA direct; the endpoints are the corners of the bounding box
 *     of the texels rounded to 8 bits (endpoint 1 is never below endpoint 0, so the blue
 *     contraction never applies).
 *   HDR (SFLOAT): CEM 11's direct form (major component 3) for R, G, B: 8-bit R, G and 7-bit B
 *     of the 16-bit LNS values; endpoint 0 the largest at or below the block's least value,
 *     endpoint 1 the smallest at or above its largest. Alpha: CEM 14 (8-bit LDR alpha) when
 *     every alpha is in [0, 1], else CEM 15 with the alpha mode 3 (7-bit LNS).
 * Weights: grid point (i, j) takes the weight whose uniform-weight block decodes nearest at
 * the texel nearest to it, (round(i (bw - 1) / 3), round(j (bh - 1) / 3)).
 */
#include "compressed.h"

#include "texunit/format.h"

#include <math.h>
#include <string.h>

#define BLOCK_MODE 0x042u
#define GRID       4

static void put_block(uint8_t *block, unsigned cem, const unsigned v[8], const uint8_t wq[16]) {
    memset(block, 0, 16);
    tuC_put_bits(block, 0, 11, BLOCK_MODE); /* bits 11, 12: 0, one partition */
    tuC_put_bits(block, 13, 4, cem);
    for (unsigned i = 0; i < 8; i++)
        tuC_put_bits(block, 17 + 8 * i, 8, v[i]);
    /* the weights are an integer sequence read from bit 127 downwards */
    for (unsigned g = 0; g < GRID * GRID; g++)
        for (unsigned b = 0; b < 2; b++)
            tuC_put_bits(block, 127 - (2 * g + b), 1, (wq[g] >> b) & 1u);
}

/* A non-negative binary16 value as a 16-bit LNS value (DFS ASTC HDR: the inverse of the
 * LNS -> FP16 mantissa transform, to the nearest). */
static unsigned to_lns(uint16_t h) {
    unsigned e = h >> 10, mt = ((h & 0x3ffu) << 3) + 4, m;
    if (mt < 1536)
        m = (mt + 1) / 3;
    else if (mt < 5632)
        m = (mt + 512 + 2) / 4;
    else
        m = (mt + 2048 + 2) / 5;
    return e << 11 | (m > 2047 ? 2047 : m);
}

static uint16_t hdr_half(float v) {
    uint16_t h = tu_float_to_half(v < 0.0f ? 0.0f : v);
    return h > 0x7bff ? 0x7bff : h;
}

void tuC_encode_astc(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                     uint8_t *block) {
    unsigned bw = fmt->block_width, bh = fmt->block_height, n = bw * bh;
    unsigned lo[4] = {UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX}, hi[4] = {0, 0, 0, 0};
    unsigned v[8], cem;
    bool hdr = fmt->codec == TUC_ASTC_HDR, ldr_alpha = true;
    for (unsigned t = 0; t < n && hdr; t++)
        ldr_alpha &= in[t][3] >= 0.0f && in[t][3] <= 1.0f;
    for (unsigned t = 0; t < n; t++)
        for (unsigned c = 0; c < 4; c++) {
            unsigned q;
            if (hdr && (c < 3 || !ldr_alpha))
                q = to_lns(hdr_half(in[t][c]));
            else
                q = (unsigned)floorf((in[t][c] < 0.0f   ? 0.0f
                                      : in[t][c] > 1.0f ? 1.0f
                                                        : in[t][c]) *
                                         255.0f +
                                     0.5f);
            lo[c] = q < lo[c] ? q : lo[c];
            hi[c] = q > hi[c] ? q : hi[c];
        }
    if (!hdr) {
        cem = 12;
        for (unsigned c = 0; c < 4; c++)
            v[2 * c] = lo[c], v[2 * c + 1] = hi[c];
    } else {
        /* LNS endpoints: R and G keep their top 8 bits, B and an HDR alpha their top 7 */
        for (unsigned c = 0; c < 4; c++) {
            if (c == 3 && ldr_alpha) {
                v[6] = lo[3], v[7] = hi[3];
                continue;
            }
            unsigned shift = c < 2 ? 8 : 9, top = c < 2 ? 255 : 127;
            unsigned e0 = lo[c] >> shift, e1 = (hi[c] + (1u << shift) - 1) >> shift;
            e1 = e1 > top ? top : e1;
            unsigned flag = c < 2 ? 0 : 0x80; /* B: major component 3; alpha: mode 3 */
            v[2 * c] = e0 | flag, v[2 * c + 1] = e1 | flag;
        }
        cem = ldr_alpha ? 14 : 15;
    }

    /* candidates: every weight 0..3 everywhere */
    tuC_texel cand[4][TUC_MAX_BLOCK_TEXELS];
    for (unsigned q = 0; q < 4; q++) {
        uint8_t uniform[16];
        memset(uniform, (int)q, sizeof uniform);
        put_block(block, cem, v, uniform);
        tuC_decode_whole(f, block, cand[q]);
    }
    uint8_t wq[16];
    for (unsigned j = 0; j < GRID; j++)
        for (unsigned i = 0; i < GRID; i++) {
            unsigned s = (2 * i * (bw - 1) + GRID - 1) / (2 * (GRID - 1));
            unsigned t = (2 * j * (bh - 1) + GRID - 1) / (2 * (GRID - 1));
            double best = 0.0;
            wq[j * GRID + i] = 0;
            for (unsigned q = 0; q < 4; q++) {
                double d = tuC_texel_distance(fmt, &cand[q][t * bw + s], in[t * bw + s]);
                if (q == 0 || d < best) {
                    best = d;
                    wq[j * GRID + i] = (uint8_t)q;
                }
            }
        }
    put_block(block, cem, v, wq);
}
