/* SPDX-License-Identifier: MIT */
/*
 * encode_bptc.c - block encoders for BC6H and BC7 (DFS "BPTC"; the layouts bc6h.c and bc7.c
 * read), each in one one-region mode:
 *   BC6H: mode 11 (mode bits 00011): two untransformed 10-bit endpoints, 4-bit indices. Per
 *     component, endpoint 0 is the largest 10-bit value that decodes at or below the block's
 *     smallest value and endpoint 1 the smallest that decodes at or above its largest, so
 *     that every texel's value lies between the two.
 *   BC7: mode 6: two 7-bit RGBA endpoints with a P-bit each, 4-bit indices; the endpoints
 *     are the corners of the bounding box of the texels rounded to 8 bits, each with the
 *     P-bit that brings it nearer.
 * Both: texel 0 is the anchor, its index has 3 bits; when its nearest index is 8 or more the
 * endpoints swap and every index k becomes 15 - k (the 4-bit BPTC weights are symmetric,
 * w[15 - k] = 64 - w[k], so the block decodes the same).
 */
#include "compressed.h"

#include "texunit/format.h"

#include <math.h>
#include <string.h>

#define INDEX_START 65 /* both modes: the indices follow 65 header bits */

/* The bit where texel t's index starts (texel 0's has 3 bits, the others 4). */
static unsigned index_pos(unsigned t) {
    return t == 0 ? INDEX_START : INDEX_START - 1 + 4 * t;
}

/* Each texel's index, the header being in block; true when the endpoints must swap (the
 * indices are then already mirrored). */
static bool pick_indices(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                         const uint8_t *block, uint8_t choice[16]) {
    tuC_texel cand[16 * 16];
    for (unsigned k = 0; k < 16; k++) {
        uint8_t trial[16];
        memcpy(trial, block, 16);
        for (unsigned t = 1; t < 16; t++)
            tuC_put_bits(trial, index_pos(t), 4, k);
        tuC_decode_whole(f, trial, &cand[k * 16]);
        cand[k * 16] = cand[k * 16 + 1]; /* one region: texel 0 would decode alike */
    }
    tuC_pick_nearest(fmt, in, 16, cand, 16, 16, choice);
    if (choice[0] < 8) return false;
    for (unsigned t = 0; t < 16; t++)
        choice[t] = (uint8_t)(15 - choice[t]);
    return true;
}

static void put_indices(uint8_t *block, const uint8_t choice[16]) {
    for (unsigned t = 0; t < 16; t++)
        tuC_put_bits(block, index_pos(t), t == 0 ? 3 : 4, choice[t]);
}

/* ---- BC6H mode 11 ------------------------------------------------------------------------ */

/* A value as the ordered integer BC6H interpolates: binary16 bits, negative ones negated
 * (signed), clamped to the largest finite magnitude 0x7bff (unsigned: negatives are 0). */
static int bc6h_target(float v, bool is_signed) {
    uint16_t h = tu_float_to_half(v);
    int m = h & 0x7fff;
    m = m > 0x7bff ? 0x7bff : m;
    if (h & 0x8000) return is_signed ? -m : 0;
    return m;
}

/* What the 10-bit endpoint q decodes to, in the order of bc6h_target. */
static int bc6h_level(int q, bool is_signed) {
    uint16_t h = tuC_bc6h_finish(tuC_bc6h_unquantize(q, 10, is_signed), is_signed);
    return (h & 0x8000) ? -(int)(h & 0x7fff) : (int)h;
}

/* The endpoint bracketing `target` from below (up == false) or above; the levels grow with q. */
static int bc6h_bracket(int target, bool is_signed, bool up) {
    int lo = is_signed ? -511 : 0, hi = is_signed ? 511 : 1023;
    /* the smallest q whose level is >= target (the largest level reaches any target) */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (bc6h_level(mid, is_signed) >= target)
            hi = mid;
        else
            lo = mid + 1;
    }
    if (!up && bc6h_level(lo, is_signed) > target) lo--;
    return lo;
}

static void bc6h_header(uint8_t *block, const int e[2][3]) {
    memset(block, 0, 16);
    tuC_put_bits(block, 0, 5, 0x03);
    for (unsigned i = 0; i < 2; i++)
        for (unsigned c = 0; c < 3; c++)
            tuC_put_bits(block, 5 + 30 * i + 10 * c, 10, (uint32_t)e[i][c] & 0x3ffu);
}

void tuC_encode_bc6h(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                     uint8_t *block) {
    bool is_signed = fmt->flags & TUC_SIGNED;
    int lo[3] = {INT32_MAX, INT32_MAX, INT32_MAX}, hi[3] = {INT32_MIN, INT32_MIN, INT32_MIN};
    for (unsigned t = 0; t < 16; t++)
        for (unsigned c = 0; c < 3; c++) {
            int v = bc6h_target(in[t][c], is_signed);
            lo[c] = v < lo[c] ? v : lo[c];
            hi[c] = v > hi[c] ? v : hi[c];
        }
    int e[2][3];
    for (unsigned c = 0; c < 3; c++) {
        e[0][c] = bc6h_bracket(lo[c], is_signed, false);
        e[1][c] = bc6h_bracket(hi[c], is_signed, true);
    }
    bc6h_header(block, e);
    uint8_t choice[16];
    if (pick_indices(f, fmt, in, block, choice)) {
        int swapped[2][3];
        memcpy(swapped[0], e[1], sizeof e[1]);
        memcpy(swapped[1], e[0], sizeof e[0]);
        bc6h_header(block, swapped);
    }
    put_indices(block, choice);
}

/* ---- BC7 mode 6 -------------------------------------------------------------------------- */

static void bc7_header(uint8_t *block, const unsigned e7[2][4], const unsigned p[2]) {
    memset(block, 0, 16);
    tuC_put_bits(block, 0, 7, 0x40); /* mode 6: six 0 bits, then a 1 */
    for (unsigned c = 0; c < 4; c++)
        for (unsigned i = 0; i < 2; i++)
            tuC_put_bits(block, 7 + 14 * c + 7 * i, 7, e7[i][c]);
    tuC_put_bits(block, 63, 1, p[0]);
    tuC_put_bits(block, 64, 1, p[1]);
}

void tuC_encode_bc7(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                    uint8_t *block) {
    int ends[2][4] = {{255, 255, 255, 255}, {0, 0, 0, 0}};
    for (unsigned t = 0; t < 16; t++)
        for (unsigned c = 0; c < 4; c++) {
            float v = in[t][c] < 0.0f ? 0.0f : in[t][c] > 1.0f ? 1.0f : in[t][c];
            int q = (int)floorf(v * 255.0f + 0.5f);
            ends[0][c] = q < ends[0][c] ? q : ends[0][c];
            ends[1][c] = q > ends[1][c] ? q : ends[1][c];
        }
    unsigned e7[2][4], p[2];
    for (unsigned i = 0; i < 2; i++) {
        int best = INT32_MAX;
        for (unsigned pb = 0; pb < 2; pb++) {
            unsigned trial[4];
            int err = 0;
            for (unsigned c = 0; c < 4; c++) {
                int q = (ends[i][c] - (int)pb + 1) >> 1; /* (v - p) / 2 rounded, halves up */
                q = q < 0 ? 0 : q > 127 ? 127 : q;
                trial[c] = (unsigned)q;
                int d = 2 * q + (int)pb - ends[i][c];
                err += d * d;
            }
            if (err < best) {
                best = err;
                memcpy(e7[i], trial, sizeof trial);
                p[i] = pb;
            }
        }
    }
    bc7_header(block, e7, p);
    uint8_t choice[16];
    if (pick_indices(f, fmt, in, block, choice)) {
        unsigned s7[2][4], sp[2] = {p[1], p[0]};
        memcpy(s7[0], e7[1], sizeof e7[1]);
        memcpy(s7[1], e7[0], sizeof e7[0]);
        bc7_header(block, s7, sp);
    }
    put_indices(block, choice);
}
