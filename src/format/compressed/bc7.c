/* SPDX-License-Identifier: MIT */
/*
 * bc7.c - BC7 (DFS "BPTC Compressed Texture Image Formats", BC7) and the BPTC tables BC6H
 * shares.
 *
 * A block: the mode (the number of 0 bits before the first 1, from bit 0), then the mode's
 * partition, rotation and index-selection fields, the endpoint colours (all R, then all G,
 * B, A; per subset endpoint 0 then 1), the P-bits, the primary index field and, in modes 4
 * and 5, the secondary one. Every field is little-endian, lowest bit first.
 */
#include "compressed.h"

/* DFS BPTC, "Partition table for 2-subset BPTC": bit i is the subset of texel i. */
const uint16_t tuC_bptc_partition2[64] = {
    0xcccc, 0x8888, 0xeeee, 0xecc8, 0xc880, 0xfeec, 0xfec8, 0xec80, 0xc800, 0xffec, 0xfe80,
    0xe800, 0xffe8, 0xff00, 0xfff0, 0xf000, 0xf710, 0x008e, 0x7100, 0x08ce, 0x008c, 0x7310,
    0x3100, 0x8cce, 0x088c, 0x3110, 0x6666, 0x366c, 0x17e8, 0x0ff0, 0x718e, 0x399c, 0xaaaa,
    0xf0f0, 0x5a5a, 0x33cc, 0x3c3c, 0x55aa, 0x9696, 0xa55a, 0x73ce, 0x13c8, 0x324c, 0x3bdc,
    0x6996, 0xc33c, 0x9966, 0x0660, 0x0272, 0x04e4, 0x4e40, 0x2720, 0xc936, 0x936c, 0x39c6,
    0x639c, 0x9336, 0x9cc6, 0x817e, 0xe718, 0xccf0, 0x0fcc, 0x7744, 0xee22};

/* DFS BPTC, "Partition table for 3-subset BPTC": bits 2i+1..2i are the subset of texel i. */
const uint32_t tuC_bptc_partition3[64] = {
    0xaa685050, 0x6a5a5040, 0x5a5a4200, 0x5450a0a8, 0xa5a50000, 0xa0a05050, 0x5555a0a0, 0x5a5a5050,
    0xaa550000, 0xaa555500, 0xaaaa5500, 0x90909090, 0x94949494, 0xa4a4a4a4, 0xa9a59450, 0x2a0a4250,
    0xa5945040, 0x0a425054, 0xa5a5a500, 0x55a0a0a0, 0xa8a85454, 0x6a6a4040, 0xa4a45000, 0x1a1a0500,
    0x0050a4a4, 0xaaa59090, 0x14696914, 0x69691400, 0xa08585a0, 0xaa821414, 0x50a4a450, 0x6a5a0200,
    0xa9a58000, 0x5090a0a8, 0xa8a09050, 0x24242424, 0x00aa5500, 0x24924924, 0x24499224, 0x50a50a50,
    0x500aa550, 0xaaaa4444, 0x66660000, 0xa5a0a5a0, 0x50a050a0, 0x69286928, 0x44aaaa44, 0x66666600,
    0xaa444444, 0x54a854a8, 0x95809580, 0x96969600, 0xa85454a8, 0x80959580, 0xaa141414, 0x96960000,
    0xaaaa1414, 0xa05050a0, 0xa0a5a5a0, 0x96000000, 0x40804080, 0xa9a8a9a8, 0xaaaaaa44, 0x2a4a5254};

/* DFS BPTC, "BPTC anchor index values": the anchor texel of the second subset of a 2-subset
 * partition, and of the second and third subsets of a 3-subset one (subset 0: texel 0). */
const uint8_t tuC_bptc_anchor2[64] = {
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 2,  8, 2, 2, 8,
    8,  15, 2,  8,  2,  2,  8,  8,  2,  2,  15, 15, 6,  8,  2,  8,  15, 15, 2, 8, 2, 2,
    2,  15, 15, 6,  6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2, 15};
const uint8_t tuC_bptc_anchor3a[64] = {3, 3,  15, 15, 8, 3,  15, 15, 8,  8,  6,  6,  6,  5,  3,  3,
                                       3, 3,  8,  15, 3, 3,  6,  10, 5,  8,  8,  6,  8,  5,  15, 15,
                                       8, 15, 3,  5,  6, 10, 8,  15, 15, 3,  15, 5,  15, 15, 15, 15,
                                       3, 15, 5,  5,  5, 8,  5,  10, 5,  10, 8,  13, 15, 12, 3,  3};
const uint8_t tuC_bptc_anchor3b[64] = {
    15, 8, 8, 3,  15, 15, 3,  8,  15, 15, 15, 15, 15, 15, 15, 8,  15, 8,  15, 3,  15, 8,
    15, 8, 3, 15, 6,  10, 15, 15, 10, 8,  15, 3,  15, 10, 10, 8,  9,  10, 6,  15, 8,  15,
    3,  6, 6, 8,  15, 3,  15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3,  15, 15, 8};

/* DFS BPTC, "BPTC interpolation factors": the weights (out of 64) of 2-, 3- and 4-bit
 * indices. */
const uint8_t tuC_bptc_weights2[4] = {0, 21, 43, 64};
const uint8_t tuC_bptc_weights3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
const uint8_t tuC_bptc_weights4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};

/* DFS BPTC, "Mode-dependent BPTC parameters" for modes 0..7. */
static const struct {
    uint8_t subsets, partition_bits, rotation_bits, index_selection_bits;
    uint8_t colour_bits, alpha_bits, endpoint_pbits, shared_pbits, index_bits, index2_bits;
} modes[8] = {
    {3, 4, 0, 0, 4, 0, 1, 0, 3, 0}, {2, 6, 0, 0, 6, 0, 0, 1, 3, 0}, {3, 6, 0, 0, 5, 0, 0, 0, 2, 0},
    {2, 6, 0, 0, 7, 0, 1, 0, 2, 0}, {1, 0, 2, 1, 5, 6, 0, 0, 2, 3}, {1, 0, 2, 0, 7, 8, 0, 0, 2, 2},
    {1, 0, 0, 0, 7, 7, 1, 0, 4, 0}, {2, 6, 0, 0, 5, 5, 1, 0, 2, 0},
};

static const uint8_t *weights_for(unsigned index_bits) {
    return index_bits == 2   ? tuC_bptc_weights2
           : index_bits == 3 ? tuC_bptc_weights3
                             : tuC_bptc_weights4;
}

/* The subset of texel i in partition p of a block with n subsets. */
static unsigned subset_of(unsigned n, unsigned p, unsigned i) {
    if (n == 2) return (tuC_bptc_partition2[p] >> i) & 1u;
    if (n == 3) return (tuC_bptc_partition3[p] >> (2 * i)) & 3u;
    return 0;
}

/* Whether texel i is an anchor (its index has one bit fewer) in partition p of n subsets. */
static bool is_anchor(unsigned n, unsigned p, unsigned i) {
    if (i == 0) return true;
    if (n == 2) return i == tuC_bptc_anchor2[p];
    if (n == 3) return i == tuC_bptc_anchor3a[p] || i == tuC_bptc_anchor3b[p];
    return false;
}

/* Index of texel t in an index field of 16 entries of `bits` bits starting at bit `first`,
 * where anchors carry one bit less (their top bit is 0). */
static unsigned read_index(const uint8_t *block, unsigned first, unsigned bits, unsigned n,
                           unsigned p, unsigned t) {
    unsigned pos = first;
    for (unsigned i = 0; i < t; i++)
        pos += bits - (is_anchor(n, p, i) ? 1u : 0u);
    return tuC_bits(block, pos, bits - (is_anchor(n, p, t) ? 1u : 0u));
}

void tuC_decode_bc7(const tuC_format_info *fmt, const uint8_t *block, unsigned x0, unsigned y0,
                    unsigned w, unsigned h, tuC_texel *out) {
    (void)fmt;
    unsigned mode = 0;
    while (mode < 8 && !((block[0] >> mode) & 1u))
        mode++;
    if (mode == 8) {
        /* DFS BPTC: a first byte of 0 is the reserved mode 8; docs/semantics.md: it decodes
         * to 0 in every component (as Direct3D defines it). */
        for (unsigned i = 0; i < w * h; i++)
            for (unsigned c = 0; c < 4; c++) {
                out[i].value[c] = 0.0f;
                out[i].raw[c] = 0;
            }
        return;
    }
    unsigned pos = mode + 1;
    unsigned subsets = modes[mode].subsets;
    unsigned partition = tuC_bits(block, pos, modes[mode].partition_bits);
    pos += modes[mode].partition_bits;
    unsigned rotation = tuC_bits(block, pos, modes[mode].rotation_bits);
    pos += modes[mode].rotation_bits;
    unsigned index_selection = tuC_bits(block, pos, modes[mode].index_selection_bits);
    pos += modes[mode].index_selection_bits;

    /* endpoints[subset * 2 + e][channel], first as stored, then with P-bits, then 8-bit */
    unsigned ep[6][4] = {{0}};
    unsigned cb = modes[mode].colour_bits, ab = modes[mode].alpha_bits;
    for (unsigned c = 0; c < 4; c++) {
        unsigned bits = c < 3 ? cb : ab;
        for (unsigned e = 0; e < subsets * 2; e++) {
            ep[e][c] = tuC_bits(block, pos, bits);
            pos += bits;
        }
    }
    unsigned pbits = 0; /* bits per channel after the P-bit */
    if (modes[mode].endpoint_pbits) {
        for (unsigned e = 0; e < subsets * 2; e++, pos++)
            for (unsigned c = 0; c < 4; c++)
                ep[e][c] = ep[e][c] << 1 | tuC_bits(block, pos, 1);
        pbits = 1;
    } else if (modes[mode].shared_pbits) {
        for (unsigned s = 0; s < subsets; s++, pos++)
            for (unsigned e = 2 * s; e < 2 * s + 2; e++)
                for (unsigned c = 0; c < 4; c++)
                    ep[e][c] = ep[e][c] << 1 | tuC_bits(block, pos, 1);
        pbits = 1;
    }
    for (unsigned e = 0; e < subsets * 2; e++)
        for (unsigned c = 0; c < 4; c++) {
            unsigned n = (c < 3 ? cb : ab) + pbits;
            if (c == 3 && ab == 0) {
                ep[e][c] = 255; /* no alpha: opaque */
                continue;
            }
            /* DFS BPTC: an n-bit endpoint becomes 8 bits by replicating its top bits */
            ep[e][c] = (ep[e][c] << (8 - n)) | (ep[e][c] >> (2 * n - 8));
        }

    unsigned ib = modes[mode].index_bits, ib2 = modes[mode].index2_bits;
    unsigned index_start = pos, index2_start = pos + 16 * ib - subsets;
    for (unsigned y = y0; y < y0 + h; y++)
        for (unsigned x = x0; x < x0 + w; x++, out++) {
            unsigned t = y * 4 + x, s = subset_of(subsets, partition, t);
            unsigned i1 = read_index(block, index_start, ib, subsets, partition, t);
            unsigned wc = weights_for(ib)[i1], wa = wc;
            if (ib2) {
                unsigned i2 = read_index(block, index2_start, ib2, 1, 0, t);
                unsigned w2 = weights_for(ib2)[i2];
                /* index selection 1 (mode 4): colour from the secondary index, alpha from
                 * the primary one */
                if (index_selection) {
                    wa = wc;
                    wc = w2;
                } else {
                    wa = w2;
                }
            }
            unsigned v[4];
            for (unsigned c = 0; c < 4; c++) {
                unsigned wt = c < 3 ? wc : wa;
                v[c] = ((64 - wt) * ep[2 * s][c] + wt * ep[2 * s + 1][c] + 32) >> 6;
            }
            if (rotation) { /* 1, 2, 3: swap A with R, G, B */
                unsigned tmp = v[3];
                v[3] = v[rotation - 1];
                v[rotation - 1] = tmp;
            }
            for (unsigned c = 0; c < 4; c++) {
                out->raw[c] = (int32_t)v[c];
                out->value[c] = (float)v[c] / 255.0f;
            }
        }
}
