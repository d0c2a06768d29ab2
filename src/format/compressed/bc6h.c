/* SPDX-License-Identifier: MIT */
/*
 * bc6h.c - BC6H, unsigned and signed (DFS "BPTC Compressed Texture Image Formats", BC6H).
 *
 * A block: the mode (2 bits, or 5 when the low two are 1x), the endpoints scattered over the
 * header in a mode-specific order, the 5-bit partition (two-region modes), then the indices
 * (3 bits, 2 for each anchor, two regions; 4 bits, 3 for texel 0, one region).
 * Decode: sign-extend, undo the delta transform, unquantize each endpoint to 16 bits, blend
 * with the BPTC weights, and scale by 31/64 (unsigned) or 31/32 (signed) into binary16 bits
 * ("finish_unquantize"). Alpha is 1. The four reserved mode numbers decode to 0.
 */
#include "compressed.h"

#include "../../base/base.h"

/* The twelve endpoint components: w, x (region 0), y, z (region 1), each R, G, B. */
enum { RW, GW, BW, RX, GX, BX, RY, GY, BY, RZ, GZ, BZ };

/* A run of header bits: `count` bits of component `field`, from bit `low` upwards; or, when
 * `reversed`, from bit low + count - 1 downwards (the DFS's "rw[10:15]" notation). */
typedef struct {
    uint8_t field, low, count, reversed;
} run;

#define F(field, low, count) \
    { field, low, count, 0 }
#define REV(field, low, count) \
    { field, low, count, 1 }
#define MAX_RUNS 32

/* DFS BPTC, "BC6H Block Mode Layouts": per mode, the endpoint precision, the delta precision
 * of R, G, B, whether the endpoints are delta-coded (transformed), and the field layout after
 * the mode bits. */
typedef struct {
    uint8_t valid, mode_bits, regions, transformed, epb, delta[3];
    run runs[MAX_RUNS];
} bc6h_mode;

/* Indexed by the low five bits of the block; the two-bit modes 00 and 01 appear at every
 * index whose low two bits select them (filled by mode_for()). */
static const bc6h_mode mode_00 = {/* "mode 1": 10.5.5.5 */
                                  1,
                                  2,
                                  2,
                                  1,
                                  10,
                                  {5, 5, 5},
                                  {F(GY, 4, 1), F(BY, 4, 1), F(BZ, 4, 1), F(RW, 0, 10),
                                   F(GW, 0, 10), F(BW, 0, 10), F(RX, 0, 5), F(GZ, 4, 1),
                                   F(GY, 0, 4), F(GX, 0, 5), F(BZ, 0, 1), F(GZ, 0, 4), F(BX, 0, 5),
                                   F(BZ, 1, 1), F(BY, 0, 4), F(RY, 0, 5), F(BZ, 2, 1), F(RZ, 0, 5),
                                   F(BZ, 3, 1)}};
static const bc6h_mode mode_01 = {/* "mode 2": 7.6.6.6 */
                                  1,
                                  2,
                                  2,
                                  1,
                                  7,
                                  {6, 6, 6},
                                  {F(GY, 5, 1), F(GZ, 4, 1), F(GZ, 5, 1), F(RW, 0, 7), F(BZ, 0, 1),
                                   F(BZ, 1, 1), F(BY, 4, 1), F(GW, 0, 7), F(BY, 5, 1), F(BZ, 2, 1),
                                   F(GY, 4, 1), F(BW, 0, 7), F(BZ, 3, 1), F(BZ, 5, 1), F(BZ, 4, 1),
                                   F(RX, 0, 6), F(GY, 0, 4), F(GX, 0, 6), F(GZ, 0, 4), F(BX, 0, 6),
                                   F(BY, 0, 4), F(RY, 0, 6), F(RZ, 0, 6)}};
static const bc6h_mode modes5[32] = {
    [0x02] = {1,
              5,
              2,
              1,
              11,
              {5, 4, 4}, /* 11.5.4.4 */
              {F(RW, 0, 10), F(GW, 0, 10), F(BW, 0, 10), F(RX, 0, 5), F(RW, 10, 1), F(GY, 0, 4),
               F(GX, 0, 4), F(GW, 10, 1), F(BZ, 0, 1), F(GZ, 0, 4), F(BX, 0, 4), F(BW, 10, 1),
               F(BZ, 1, 1), F(BY, 0, 4), F(RY, 0, 5), F(BZ, 2, 1), F(RZ, 0, 5), F(BZ, 3, 1)}},
    [0x06] =
        {1,
         5,
         2,
         1,
         11,
         {4, 5, 4}, /* 11.4.5.4 */
         {F(RW, 0, 10), F(GW, 0, 10), F(BW, 0, 10), F(RX, 0, 4),  F(RW, 10, 1),
          F(GZ, 4, 1),  F(GY, 0, 4),  F(GX, 0, 5),  F(GW, 10, 1), F(GZ, 0, 4),
          F(BX, 0, 4),  F(BW, 10, 1), F(BZ, 1, 1),  F(BY, 0, 4),  F(RY, 0, 4),
          F(BZ, 0, 1),  F(BZ, 2, 1),  F(RZ, 0, 4),  F(GY, 4, 1),  F(BZ, 3, 1)}},
    [0x0a] =
        {1,
         5,
         2,
         1,
         11,
         {4, 4, 5}, /* 11.4.4.5 */
         {F(RW, 0, 10), F(GW, 0, 10), F(BW, 0, 10), F(RX, 0, 4),  F(RW, 10, 1),
          F(BY, 4, 1),  F(GY, 0, 4),  F(GX, 0, 4),  F(GW, 10, 1), F(BZ, 0, 1),
          F(GZ, 0, 4),  F(BX, 0, 5),  F(BW, 10, 1), F(BY, 0, 4),  F(RY, 0, 4),
          F(BZ, 1, 1),  F(BZ, 2, 1),  F(RZ, 0, 4),  F(BZ, 4, 1),  F(BZ, 3, 1)}},
    [0x0e] =
        {1,
         5,
         2,
         1,
         9,
         {5, 5, 5}, /* 9.5.5.5 */
         {F(RW, 0, 9), F(BY, 4, 1), F(GW, 0, 9), F(GY, 4, 1), F(BW, 0, 9), F(BZ, 4, 1), F(RX, 0, 5),
          F(GZ, 4, 1), F(GY, 0, 4), F(GX, 0, 5), F(BZ, 0, 1), F(GZ, 0, 4), F(BX, 0, 5), F(BZ, 1, 1),
          F(BY, 0, 4), F(RY, 0, 5), F(BZ, 2, 1), F(RZ, 0, 5), F(BZ, 3, 1)}},
    [0x12] =
        {1,
         5,
         2,
         1,
         8,
         {6, 5, 5}, /* 8.6.5.5 */
         {F(RW, 0, 8), F(GZ, 4, 1), F(BY, 4, 1), F(GW, 0, 8), F(BZ, 2, 1), F(GY, 4, 1), F(BW, 0, 8),
          F(BZ, 3, 1), F(BZ, 4, 1), F(RX, 0, 6), F(GY, 0, 4), F(GX, 0, 5), F(BZ, 0, 1), F(GZ, 0, 4),
          F(BX, 0, 5), F(BZ, 1, 1), F(BY, 0, 4), F(RY, 0, 6), F(RZ, 0, 6)}},
    [0x16] =
        {1,
         5,
         2,
         1,
         8,
         {5, 6, 5}, /* 8.5.6.5 */
         {F(RW, 0, 8), F(BZ, 0, 1), F(BY, 4, 1), F(GW, 0, 8), F(GY, 5, 1), F(GY, 4, 1),
          F(BW, 0, 8), F(GZ, 5, 1), F(BZ, 4, 1), F(RX, 0, 5), F(GZ, 4, 1), F(GY, 0, 4),
          F(GX, 0, 6), F(GZ, 0, 4), F(BX, 0, 5), F(BZ, 1, 1), F(BY, 0, 4), F(RY, 0, 5),
          F(BZ, 2, 1), F(RZ, 0, 5), F(BZ, 3, 1)}},
    [0x1a] =
        {1,
         5,
         2,
         1,
         8,
         {5, 5, 6}, /* 8.5.5.6 */
         {F(RW, 0, 8), F(BZ, 1, 1), F(BY, 4, 1), F(GW, 0, 8), F(BY, 5, 1), F(GY, 4, 1),
          F(BW, 0, 8), F(BZ, 5, 1), F(BZ, 4, 1), F(RX, 0, 5), F(GZ, 4, 1), F(GY, 0, 4),
          F(GX, 0, 5), F(BZ, 0, 1), F(GZ, 0, 4), F(BX, 0, 6), F(BY, 0, 4), F(RY, 0, 5),
          F(BZ, 2, 1), F(RZ, 0, 5), F(BZ, 3, 1)}},
    [0x1e] =
        {1,
         5,
         2,
         0,
         6,
         {6, 6, 6}, /* 6.6.6.6, not transformed */
         {F(RW, 0, 6), F(GZ, 4, 1), F(BZ, 0, 1), F(BZ, 1, 1), F(BY, 4, 1), F(GW, 0, 6),
          F(GY, 5, 1), F(BY, 5, 1), F(BZ, 2, 1), F(GY, 4, 1), F(BW, 0, 6), F(GZ, 5, 1),
          F(BZ, 3, 1), F(BZ, 5, 1), F(BZ, 4, 1), F(RX, 0, 6), F(GY, 0, 4), F(GX, 0, 6),
          F(GZ, 0, 4), F(BX, 0, 6), F(BY, 0, 4), F(RY, 0, 6), F(RZ, 0, 6)}},
    [0x03] =
        {1,
         5,
         1,
         0,
         10,
         {10, 10, 10}, /* 10.10, not transformed */
         {F(RW, 0, 10), F(GW, 0, 10), F(BW, 0, 10), F(RX, 0, 10), F(GX, 0, 10), F(BX, 0, 10)}},
    [0x07] =
        {1,
         5,
         1,
         1,
         11,
         {9, 9, 9}, /* 11.9 */
         {F(RW, 0, 10), F(GW, 0, 10), F(BW, 0, 10), F(RX, 0, 9), F(RW, 10, 1), F(GX, 0, 9),
          F(GW, 10, 1), F(BX, 0, 9), F(BW, 10, 1)}},
    [0x0b] =
        {1,
         5,
         1,
         1,
         12,
         {8, 8, 8}, /* 12.8 */
         {F(RW, 0, 10), F(GW, 0, 10), F(BW, 0, 10), F(RX, 0, 8), REV(RW, 10, 2), F(GX, 0, 8),
          REV(GW, 10, 2), F(BX, 0, 8), REV(BW, 10, 2)}},
    [0x0f] =
        {1,
         5,
         1,
         1,
         16,
         {4, 4, 4}, /* 16.4 */
         {F(RW, 0, 10), F(GW, 0, 10), F(BW, 0, 10), F(RX, 0, 4), REV(RW, 10, 6), F(GX, 0, 4),
          REV(GW, 10, 6), F(BX, 0, 4), REV(BW, 10, 6)}},
    /* 0x13, 0x17, 0x1b, 0x1f: reserved */
};

/* The mode of a block whose first byte is b, or NULL for the reserved modes. */
static const bc6h_mode *mode_for(uint8_t b) {
    if ((b & 3) == 0) return &mode_00;
    if ((b & 3) == 1) return &mode_01;
    const bc6h_mode *m = &modes5[b & 31];
    return m->valid ? m : NULL;
}

/* DFS BC6H endpoint unquantization: a `bits`-bit endpoint to 16 bits (17 signed). */
int tuC_bc6h_unquantize(int v, unsigned bits, bool is_signed) {
    if (!is_signed) {
        if (bits >= 15) return v;
        if (v == 0) return 0;
        if (v == (1 << bits) - 1) return 0xffff;
        return (int)((((uint32_t)v << 15) + 0x4000) >> (bits - 1));
    }
    if (bits >= 16) return v;
    bool negative = v < 0;
    int m = negative ? -v : v, u;
    if (m == 0)
        u = 0;
    else if (m >= (1 << (bits - 1)) - 1)
        u = 0x7fff;
    else
        u = (int)((((uint32_t)m << 15) + 0x4000) >> (bits - 1));
    return negative ? -u : u;
}

/* floor(v / 64) for any sign (v >> 6 on negative int is implementation-defined in C). */
static int floor_div64(int v) {
    return v >= 0 ? v / 64 : -((-v + 63) / 64);
}

/* DFS BC6H "finish_unquantize": the interpolated 16/17-bit value to binary16 bits. */
uint16_t tuC_bc6h_finish(int v, bool is_signed) {
    if (!is_signed) return (uint16_t)((v * 31) >> 6); /* 0..0xfbff -> 0..0x7bff */
    if (v < 0) return (uint16_t)(0x8000 | ((-v * 31) >> 5));
    return (uint16_t)((v * 31) >> 5);
}

void tuC_decode_bc6h(const tuC_format_info *fmt, const uint8_t *block, unsigned x0, unsigned y0,
                     unsigned w, unsigned h, tuC_texel *out) {
    bool is_signed = fmt->flags & TUC_SIGNED;
    const bc6h_mode *m = mode_for(block[0]);
    if (m == NULL) {
        /* DFS BC6H: "If a block uses a reserved or invalid encoding, the return value is
         * (0.0, 0.0, 0.0, 1.0)" */
        for (unsigned i = 0; i < w * h; i++)
            for (unsigned c = 0; c < 3; c++) {
                out[i].value[c] = 0.0f;
                out[i].raw[c] = 0;
            }
        return;
    }
    uint32_t field[12] = {0};
    unsigned pos = m->mode_bits;
    for (unsigned r = 0; r < MAX_RUNS && m->runs[r].count; r++) {
        const run *ru = &m->runs[r];
        for (unsigned k = 0; k < ru->count; k++, pos++) {
            unsigned bit = ru->reversed ? ru->low + ru->count - 1 - k : ru->low + k;
            field[ru->field] |= tuC_bits(block, pos, 1) << bit;
        }
    }
    unsigned partition = 0;
    if (m->regions == 2) {
        partition = tuC_bits(block, pos, 5);
        pos += 5;
    }

    /* Sign extension and the inverse delta transform (DFS BC6H): w is always a full-precision
     * endpoint; x, y, z are deltas from w when transformed. */
    int e[12];
    unsigned nfields = m->regions == 2 ? 12 : 6;
    for (unsigned f = 0; f < nfields; f++) {
        unsigned c = f % 3;
        bool is_base = f < 3;
        if (is_base || !m->transformed) { /* a full-precision endpoint */
            e[f] = is_signed ? tuB_sign_extend(field[f], m->epb) : (int)field[f];
        } else {
            int d = tuB_sign_extend(field[f], m->delta[c]);
            uint32_t sum = ((uint32_t)field[c] + (uint32_t)d) & ((1u << m->epb) - 1u);
            e[f] = is_signed ? tuB_sign_extend(sum, m->epb) : (int)sum;
        }
    }
    for (unsigned f = 0; f < nfields; f++)
        e[f] = tuC_bc6h_unquantize(e[f], m->epb, is_signed);

    unsigned ib = m->regions == 2 ? 3 : 4;
    const uint8_t *weights = ib == 3 ? tuC_bptc_weights3 : tuC_bptc_weights4;
    for (unsigned y = y0; y < y0 + h; y++)
        for (unsigned x = x0; x < x0 + w; x++, out++) {
            unsigned t = y * 4 + x;
            unsigned region = m->regions == 2 ? (tuC_bptc_partition2[partition] >> t) & 1u : 0;
            /* indices: texel 0 and (two regions) the second region's anchor lose a bit */
            unsigned ipos = pos;
            for (unsigned i = 0; i < t; i++)
                ipos +=
                    ib -
                    ((i == 0 || (m->regions == 2 && i == tuC_bptc_anchor2[partition])) ? 1u : 0u);
            bool anchor = t == 0 || (m->regions == 2 && t == tuC_bptc_anchor2[partition]);
            unsigned wt = weights[tuC_bits(block, ipos, ib - (anchor ? 1u : 0u))];
            for (unsigned c = 0; c < 3; c++) {
                int a = e[region * 6 + c], b = e[region * 6 + 3 + c];
                int v = floor_div64(a * (64 - (int)wt) + b * (int)wt + 32);
                uint16_t half = tuC_bc6h_finish(v, is_signed);
                out->raw[c] = half;
                out->value[c] = tu_half_to_float(half);
            }
        }
}
