/* SPDX-License-Identifier: MIT */
/*
 * astc.c - ASTC 2D blocks, LDR and HDR profiles (DFS "ASTC Compressed Texture Image Formats").
 *
 * A block is parsed once (astc_parse: block mode, partitions, colour endpoint modes, the
 * integer-sequence-encoded colour values and weights, unquantized) and each texel is then
 * evaluated from it (astc_texel: partition hash, weight infill, interpolation).
 *
 * What a texel yields (docs/semantics.md, "Compressed formats"):
 *   LDR channel: endpoints e0, e1 (0..255) are interpolated as the DFS defines it: expanded
 *     to 16 bits by bit replication (e * 257), the UNORM16 result converted to binary16
 *     (decode_float16: 0xffff is 1.0, otherwise rounded toward zero; the UNORM formats' value
 *     and the HDR profile) or cut to its top 8 bits (decode_unorm8, VK_EXT_astc_decode_mode's
 *     R8G8B8A8_UNORM: the UNORM formats' raw); for sRGB, every channel, alpha included, is
 *     expanded as (e << 8) | 0x80 and the top 8 bits are its code (store_ldr; KDFS 1.4).
 *   HDR channel: 16-bit LNS values interpolated, then converted to binary16 (LNS -> FP16),
 *     clamped to the largest finite value 0x7bff.
 *   Error blocks: the LDR profile's opaque magenta; see error_texel for the HDR profile.
 */
#include "compressed.h"

#include "../../base/base.h"

#include <string.h>

/* ---- the quantization levels of the integer sequence encoding (DFS ASTC "Integer Sequence
 * Encoding"): range index -> levels as trits, quints and bits. Weights use 0..11. ---------- */
static const struct {
    uint8_t trits, quints, bits;
} levels[21] = {
    {0, 0, 1}, {1, 0, 0}, {0, 0, 2}, {0, 1, 0}, {1, 0, 1}, {0, 0, 3}, {0, 1, 1},
    {1, 0, 2}, {0, 0, 4}, {0, 1, 2}, {1, 0, 3}, {0, 0, 5}, {0, 1, 3}, {1, 0, 4},
    {0, 0, 6}, {0, 1, 4}, {1, 0, 5}, {0, 0, 7}, {0, 1, 5}, {1, 0, 6}, {0, 0, 8},
};
#define COLOUR_RANGE_MIN 4 /* 0..5: fewer colour bits than that make the block an error */

static unsigned ise_bits(unsigned count, unsigned range) {
    unsigned bits = count * levels[range].bits;
    if (levels[range].trits) bits += (8 * count + 4) / 5;
    if (levels[range].quints) bits += (7 * count + 2) / 3;
    return bits;
}

/* A bit reader over a 16-byte buffer that yields 0 at and past `end` (the DFS: bits a short
 * final trit / quint group lacks are taken as 0). */
typedef struct {
    const uint8_t *data;
    unsigned pos, end;
} bitreader;

static unsigned read_bits(bitreader *r, unsigned count) {
    unsigned v = 0;
    for (unsigned i = 0; i < count; i++, r->pos++)
        if (r->pos < r->end) v |= ((r->data[r->pos >> 3] >> (r->pos & 7)) & 1u) << i;
    return v;
}

/* Decode `count` values of quantization range `range` (DFS "Integer Sequence Encoding"):
 * out[i] = digit * 2^bits + low bits. */
static void ise_decode(const uint8_t *data, unsigned start, unsigned count, unsigned range,
                       uint8_t *out) {
    bitreader r = {data, start, start + ise_bits(count, range)};
    unsigned nb = levels[range].bits;
    if (levels[range].trits) {
        for (unsigned i = 0; i < count; i += 5) {
            unsigned m[5], t;
            m[0] = read_bits(&r, nb);
            t = read_bits(&r, 2);
            m[1] = read_bits(&r, nb);
            t |= read_bits(&r, 2) << 2;
            m[2] = read_bits(&r, nb);
            t |= read_bits(&r, 1) << 4;
            m[3] = read_bits(&r, nb);
            t |= read_bits(&r, 2) << 5;
            m[4] = read_bits(&r, nb);
            t |= read_bits(&r, 1) << 7;
            /* DFS "Trit decoding": the 8-bit packed value to five trits */
            unsigned c, d[5];
#define BIT(v, n) (((v) >> (n)) & 1u)
            if (((t >> 2) & 7) == 7) {
                c = (t >> 5) << 2 | (t & 3);
                d[4] = 2;
                d[3] = 2;
            } else {
                c = t & 0x1f;
                if (((t >> 5) & 3) == 3) {
                    d[4] = 2;
                    d[3] = BIT(t, 7);
                } else {
                    d[4] = BIT(t, 7);
                    d[3] = (t >> 5) & 3;
                }
            }
            if ((c & 3) == 3) {
                d[2] = 2;
                d[1] = BIT(c, 4);
                d[0] = BIT(c, 3) << 1 | (BIT(c, 2) & ~BIT(c, 3) & 1u);
            } else if (((c >> 2) & 3) == 3) {
                d[2] = 2;
                d[1] = 2;
                d[0] = c & 3;
            } else {
                d[2] = BIT(c, 4);
                d[1] = (c >> 2) & 3;
                d[0] = BIT(c, 1) << 1 | (BIT(c, 0) & ~BIT(c, 1) & 1u);
            }
            for (unsigned k = 0; k < 5 && i + k < count; k++)
                out[i + k] = (uint8_t)(d[k] << nb | m[k]);
        }
    } else if (levels[range].quints) {
        for (unsigned i = 0; i < count; i += 3) {
            unsigned m[3], q;
            m[0] = read_bits(&r, nb);
            q = read_bits(&r, 3);
            m[1] = read_bits(&r, nb);
            q |= read_bits(&r, 2) << 3;
            m[2] = read_bits(&r, nb);
            q |= read_bits(&r, 2) << 5;
            /* DFS "Quint decoding": the 7-bit packed value to three quints */
            unsigned d[3];
            if (((q >> 1) & 3) == 3 && ((q >> 5) & 3) == 0) {
                d[2] = BIT(q, 0) << 2 | (BIT(q, 4) & ~BIT(q, 0) & 1u) << 1 |
                       (BIT(q, 3) & ~BIT(q, 0) & 1u);
                d[1] = 4;
                d[0] = 4;
            } else {
                unsigned c;
                if (((q >> 1) & 3) == 3) {
                    d[2] = 4;
                    c = ((q >> 3) & 3) << 3 | (~(q >> 5) & 3) << 1 | BIT(q, 0);
                } else {
                    d[2] = (q >> 5) & 3;
                    c = q & 0x1f;
                }
                if ((c & 7) == 5) {
                    d[1] = 4;
                    d[0] = (c >> 3) & 3;
                } else {
                    d[1] = (c >> 3) & 3;
                    d[0] = c & 7;
                }
            }
#undef BIT
            for (unsigned k = 0; k < 3 && i + k < count; k++)
                out[i + k] = (uint8_t)(d[k] << nb | m[k]);
        }
    } else {
        for (unsigned i = 0; i < count; i++)
            out[i] = (uint8_t)read_bits(&r, nb);
    }
}

/* Replicate the `bits`-bit value v to fill `to` bits (DFS: bit replication). */
static unsigned replicate(unsigned v, unsigned bits, unsigned to) {
    unsigned out = 0;
    int shift = (int)to - (int)bits;
    for (; shift > -(int)bits; shift -= (int)bits)
        out |= shift >= 0 ? v << shift : v >> -shift;
    return out & ((1u << to) - 1);
}

/* DFS "Weight Unquantization": a weight of range `range` to 0..64. */
static unsigned unquantize_weight(unsigned range, unsigned v) {
    unsigned nb = levels[range].bits, t;
    if (!levels[range].trits && !levels[range].quints) {
        t = replicate(v, nb, 6);
    } else if (nb == 0) {
        static const uint8_t trit[3] = {0, 32, 63}, quint[5] = {0, 16, 32, 47, 63};
        t = levels[range].trits ? trit[v] : quint[v];
    } else {
        unsigned d = v >> nb, m = v & ((1u << nb) - 1), a = (m & 1) ? 0x7f : 0, b = 0, c;
        unsigned b1 = (m >> 1) & 1, b2 = (m >> 2) & 1;
        if (levels[range].trits) {
            static const uint8_t cs[4] = {0, 50, 23, 11};
            c = cs[nb];
            if (nb == 2) b = b1 << 6 | b1 << 2 | b1;
            if (nb == 3) b = b2 << 6 | b1 << 5 | b2 << 1 | b1;
        } else {
            static const uint8_t cs[3] = {0, 28, 13};
            c = cs[nb];
            if (nb == 2) b = b1 << 6 | b1 << 1;
        }
        t = ((d * c + b) ^ a);
        t = (a & 0x20) | (t >> 2);
    }
    return t > 32 ? t + 1 : t;
}

/* DFS "Color Endpoint Unquantization": a colour value of range `range` to 0..255. */
static unsigned unquantize_colour(unsigned range, unsigned v) {
    unsigned nb = levels[range].bits;
    if (!levels[range].trits && !levels[range].quints) return replicate(v, nb, 8);
    unsigned d = v >> nb, m = v & ((1u << nb) - 1), a = (m & 1) ? 0x1ff : 0, b = 0, c;
    unsigned bb = (m >> 1) & 1, cc = (m >> 2) & 1, dd = (m >> 3) & 1, ee = (m >> 4) & 1,
             ff = (m >> 5) & 1;
    if (levels[range].trits) {
        static const uint8_t cs[7] = {0, 204, 93, 44, 22, 11, 5};
        c = cs[nb];
        switch (nb) {
        case 2: b = bb << 8 | bb << 4 | bb << 2 | bb << 1; break;
        case 3: b = cc << 8 | bb << 7 | cc << 3 | bb << 2 | cc << 1 | bb; break;
        case 4: b = dd << 8 | cc << 7 | bb << 6 | dd << 2 | cc << 1 | bb; break;
        case 5: b = ee << 8 | dd << 7 | cc << 6 | bb << 5 | ee << 1 | dd; break;
        case 6: b = ff << 8 | ee << 7 | dd << 6 | cc << 5 | bb << 4 | ff; break;
        default: break;
        }
    } else {
        static const uint8_t cs[6] = {0, 113, 54, 26, 13, 6};
        c = cs[nb];
        switch (nb) {
        case 2: b = bb << 8 | bb << 3 | bb << 2; break;
        case 3: b = cc << 8 | bb << 7 | cc << 2 | bb << 1 | cc; break;
        case 4: b = dd << 8 | cc << 7 | bb << 6 | dd << 1 | cc; break;
        case 5: b = ee << 8 | dd << 7 | cc << 6 | bb << 5 | ee; break;
        default: break;
        }
    }
    unsigned t = (d * c + b) ^ a;
    return (a & 0x80) | (t >> 2);
}

/* ---- colour endpoint modes (DFS "Color Endpoint Decoding") ------------------------------ */

/* One partition's endpoints: per endpoint and channel, 0..255 (LDR channels) or 16-bit
 * (HDR channels: 12-bit values << 4, interpreted as LNS). */
typedef struct {
    int e[2][4];
    bool hdr_rgb, hdr_alpha;
    bool error; /* an HDR endpoint mode in the LDR profile: the error colour */
} endpoints;

/* bit_transfer_signed(a, b) of the DFS: moves the top bit of b... into a. */
static void bit_transfer_signed(int *a, int *b) {
    *b >>= 1;
    *b |= *a & 0x80;
    *a >>= 1;
    *a &= 0x3f;
    if (*a & 0x20) *a -= 0x40;
}

static void set_ldr(endpoints *ep, unsigned which, int r, int g, int b, int a) {
    ep->e[which][0] = r;
    ep->e[which][1] = g;
    ep->e[which][2] = b;
    ep->e[which][3] = a;
}

/* blue_contract: ((r + b) / 2, (g + b) / 2, b, a) */
static void set_ldr_contracted(endpoints *ep, unsigned which, int r, int g, int b, int a) {
    set_ldr(ep, which, (r + b) >> 1, (g + b) >> 1, b, a);
}

static void clamp_ldr(endpoints *ep) {
    for (unsigned i = 0; i < 2; i++)
        for (unsigned c = 0; c < 4; c++)
            ep->e[i][c] = tuB_clamp_int(ep->e[i][c], 0, 255);
}

/* HDR RGB, CEM 11 ("HDR RGB, direct"): v[0..5] -> 12-bit r, g, b of both endpoints. */
static void hdr_rgb_direct(const int *v, int out[2][3]) {
    int majcomp = ((v[4] & 0x80) >> 7) | ((v[5] & 0x80) >> 6);
    if (majcomp == 3) {
        int e0[3] = {v[0] << 4, v[2] << 4, (v[4] & 0x7f) << 5};
        int e1[3] = {v[1] << 4, v[3] << 4, (v[5] & 0x7f) << 5};
        memcpy(out[0], e0, sizeof e0);
        memcpy(out[1], e1, sizeof e1);
        return;
    }
    int mode = ((v[1] & 0x80) >> 7) | ((v[2] & 0x80) >> 6) | ((v[3] & 0x80) >> 5);
    int va = v[0] | ((v[1] & 0x40) << 2), vb0 = v[2] & 0x3f, vb1 = v[3] & 0x3f;
    int vc = v[1] & 0x3f, vd0 = v[4] & 0x7f, vd1 = v[5] & 0x7f;
    static const int dbits[8] = {7, 6, 7, 6, 5, 6, 5, 6};
    int x0 = (v[2] >> 6) & 1, x1 = (v[3] >> 6) & 1, x2 = (v[4] >> 6) & 1, x3 = (v[5] >> 6) & 1;
    int x4 = (v[4] >> 5) & 1, x5 = (v[5] >> 5) & 1;
    int ohm = 1 << mode;
    if (ohm & 0xa4) va |= x0 << 9;
    if (ohm & 0x8) va |= x2 << 9;
    if (ohm & 0x50) va |= x4 << 9;
    if (ohm & 0x50) va |= x5 << 10;
    if (ohm & 0xa0) va |= x1 << 10;
    if (ohm & 0xc0) va |= x2 << 11;
    if (ohm & 0x4) vc |= x1 << 6;
    if (ohm & 0xe8) vc |= x3 << 6;
    if (ohm & 0x20) vc |= x2 << 7;
    if (ohm & 0x5b) vb0 |= x0 << 6;
    if (ohm & 0x5b) vb1 |= x1 << 6;
    if (ohm & 0x12) vb0 |= x2 << 7;
    if (ohm & 0x12) vb1 |= x3 << 7;
    if (ohm & 0xaf) vd0 |= x4 << 5;
    if (ohm & 0xaf) vd1 |= x5 << 5;
    if (ohm & 0x5) vd0 |= x2 << 6;
    if (ohm & 0x5) vd1 |= x3 << 6;
    int db = dbits[mode];
    /* d0, d1 are db-bit two's complement numbers: the bits above are dropped */
    vd0 = ((vd0 & ((1 << db) - 1)) ^ (1 << (db - 1))) - (1 << (db - 1));
    vd1 = ((vd1 & ((1 << db) - 1)) ^ (1 << (db - 1))) - (1 << (db - 1));
    int shamt = (mode >> 1) ^ 3;
    va *= 1 << shamt, vb0 *= 1 << shamt, vb1 *= 1 << shamt, vc *= 1 << shamt;
    vd0 *= 1 << shamt, vd1 *= 1 << shamt;
    int e1[3] = {va, va - vb0, va - vb1};
    int e0[3] = {va - vc, va - vb0 - vc - vd0, va - vb1 - vc - vd1};
    for (unsigned c = 0; c < 3; c++) {
        e0[c] = tuB_clamp_int(e0[c], 0, 0xfff);
        e1[c] = tuB_clamp_int(e1[c], 0, 0xfff);
    }
    if (majcomp == 1) { /* swap R and G */
        int t = e0[0];
        e0[0] = e0[1];
        e0[1] = t;
        t = e1[0];
        e1[0] = e1[1];
        e1[1] = t;
    } else if (majcomp == 2) { /* swap R and B */
        int t = e0[0];
        e0[0] = e0[2];
        e0[2] = t;
        t = e1[0];
        e1[0] = e1[2];
        e1[2] = t;
    }
    memcpy(out[0], e0, sizeof e0);
    memcpy(out[1], e1, sizeof e1);
}

/* CEM 7 ("HDR RGB, base+scale"). */
static void hdr_rgb_scale(const int *v, int out[2][3]) {
    int modeval = ((v[0] & 0xc0) >> 6) | ((v[1] & 0x80) >> 5) | ((v[2] & 0x80) >> 4);
    int majcomp, mode;
    if ((modeval & 0xc) != 0xc) {
        majcomp = modeval >> 2;
        mode = modeval & 3;
    } else if (modeval != 0xf) {
        majcomp = modeval & 3;
        mode = 4;
    } else {
        majcomp = 0;
        mode = 5;
    }
    int red = v[0] & 0x3f, green = v[1] & 0x1f, blue = v[2] & 0x1f, scale = v[3] & 0x1f;
    int x0 = (v[1] >> 6) & 1, x1 = (v[1] >> 5) & 1, x2 = (v[2] >> 6) & 1, x3 = (v[2] >> 5) & 1;
    int x4 = (v[3] >> 7) & 1, x5 = (v[3] >> 6) & 1, x6 = (v[3] >> 5) & 1;
    int ohm = 1 << mode;
    if (ohm & 0x30) green |= x0 << 6;
    if (ohm & 0x3a) green |= x1 << 5;
    if (ohm & 0x30) blue |= x2 << 6;
    if (ohm & 0x3a) blue |= x3 << 5;
    if (ohm & 0x3d) scale |= x6 << 5;
    if (ohm & 0x2d) scale |= x5 << 6;
    if (ohm & 0x04) scale |= x4 << 7;
    if (ohm & 0x3b) red |= x4 << 6;
    if (ohm & 0x04) red |= x3 << 6;
    if (ohm & 0x10) red |= x5 << 7;
    if (ohm & 0x0f) red |= x2 << 7;
    if (ohm & 0x05) red |= x1 << 8;
    if (ohm & 0x0a) red |= x0 << 8;
    if (ohm & 0x05) red |= x0 << 9;
    if (ohm & 0x02) red |= x6 << 9;
    if (ohm & 0x01) red |= x3 << 10;
    if (ohm & 0x02) red |= x5 << 10;
    static const int shamts[6] = {1, 1, 2, 3, 4, 5};
    int shamt = shamts[mode];
    red <<= shamt, green <<= shamt, blue <<= shamt, scale <<= shamt;
    if (mode != 5) {
        green = red - green;
        blue = red - blue;
    }
    if (majcomp == 1) {
        int t = red;
        red = green;
        green = t;
    } else if (majcomp == 2) {
        int t = red;
        red = blue;
        blue = t;
    }
    /* only negative results are clamped (to 0); the LNS conversion saturates large ones */
    int e1[3] = {red < 0 ? 0 : red, green < 0 ? 0 : green, blue < 0 ? 0 : blue};
    int e0[3] = {red - scale < 0 ? 0 : red - scale, green - scale < 0 ? 0 : green - scale,
                 blue - scale < 0 ? 0 : blue - scale};
    memcpy(out[0], e0, sizeof e0);
    memcpy(out[1], e1, sizeof e1);
}

/* Decode the endpoints of colour endpoint mode cem from its unquantized values v. */
static void decode_endpoints(unsigned cem, const int *v, endpoints *ep) {
    int a[8];
    memcpy(a, v, sizeof a);
    ep->hdr_rgb = ep->hdr_alpha = false;
    switch (cem) {
    case 0: /* luminance, direct */
        set_ldr(ep, 0, a[0], a[0], a[0], 255);
        set_ldr(ep, 1, a[1], a[1], a[1], 255);
        break;
    case 1: { /* luminance, base + offset */
        int l0 = (a[0] >> 2) | (a[1] & 0xc0), l1 = l0 + (a[1] & 0x3f);
        if (l1 > 255) l1 = 255;
        set_ldr(ep, 0, l0, l0, l0, 255);
        set_ldr(ep, 1, l1, l1, l1, 255);
        break;
    }
    case 2: { /* HDR luminance, large range */
        int y0, y1;
        if (a[1] >= a[0]) {
            y0 = a[0] << 4;
            y1 = a[1] << 4;
        } else {
            y0 = (a[1] << 4) + 8;
            y1 = (a[0] << 4) - 8;
        }
        set_ldr(ep, 0, y0 << 4, y0 << 4, y0 << 4, 0x780 << 4);
        set_ldr(ep, 1, y1 << 4, y1 << 4, y1 << 4, 0x780 << 4);
        ep->hdr_rgb = ep->hdr_alpha = true;
        break;
    }
    case 3: { /* HDR luminance, small range */
        int y0, d;
        if (a[0] & 0x80) {
            y0 = ((a[1] & 0xe0) << 4) | ((a[0] & 0x7f) << 2);
            d = (a[1] & 0x1f) << 2;
        } else {
            y0 = ((a[1] & 0xf0) << 4) | ((a[0] & 0x7f) << 1);
            d = (a[1] & 0x0f) << 1;
        }
        int y1 = y0 + d > 0xfff ? 0xfff : y0 + d;
        set_ldr(ep, 0, y0 << 4, y0 << 4, y0 << 4, 0x780 << 4);
        set_ldr(ep, 1, y1 << 4, y1 << 4, y1 << 4, 0x780 << 4);
        ep->hdr_rgb = ep->hdr_alpha = true;
        break;
    }
    case 4: /* luminance + alpha, direct */
        set_ldr(ep, 0, a[0], a[0], a[0], a[2]);
        set_ldr(ep, 1, a[1], a[1], a[1], a[3]);
        break;
    case 5: /* luminance + alpha, base + offset */
        bit_transfer_signed(&a[1], &a[0]);
        bit_transfer_signed(&a[3], &a[2]);
        set_ldr(ep, 0, a[0], a[0], a[0], a[2]);
        set_ldr(ep, 1, a[0] + a[1], a[0] + a[1], a[0] + a[1], a[2] + a[3]);
        clamp_ldr(ep);
        break;
    case 6: /* RGB, base + scale */
        set_ldr(ep, 0, (a[0] * a[3]) >> 8, (a[1] * a[3]) >> 8, (a[2] * a[3]) >> 8, 255);
        set_ldr(ep, 1, a[0], a[1], a[2], 255);
        break;
    case 10: /* RGB, base + scale, plus two alpha */
        set_ldr(ep, 0, (a[0] * a[3]) >> 8, (a[1] * a[3]) >> 8, (a[2] * a[3]) >> 8, a[4]);
        set_ldr(ep, 1, a[0], a[1], a[2], a[5]);
        break;
    case 8:    /* RGB, direct */
    case 12: { /* RGBA, direct */
        int a0 = cem == 12 ? a[6] : 255, a1 = cem == 12 ? a[7] : 255;
        if (a[1] + a[3] + a[5] >= a[0] + a[2] + a[4]) {
            set_ldr(ep, 0, a[0], a[2], a[4], a0);
            set_ldr(ep, 1, a[1], a[3], a[5], a1);
        } else {
            set_ldr_contracted(ep, 0, a[1], a[3], a[5], a1);
            set_ldr_contracted(ep, 1, a[0], a[2], a[4], a0);
        }
        break;
    }
    case 9:    /* RGB, base + offset */
    case 13: { /* RGBA, base + offset */
        bit_transfer_signed(&a[1], &a[0]);
        bit_transfer_signed(&a[3], &a[2]);
        bit_transfer_signed(&a[5], &a[4]);
        if (cem == 13) bit_transfer_signed(&a[7], &a[6]);
        int a0 = cem == 13 ? a[6] : 255, a1 = cem == 13 ? a[6] + a[7] : 255;
        if (a[1] + a[3] + a[5] >= 0) {
            set_ldr(ep, 0, a[0], a[2], a[4], a0);
            set_ldr(ep, 1, a[0] + a[1], a[2] + a[3], a[4] + a[5], a1);
        } else {
            set_ldr_contracted(ep, 0, a[0] + a[1], a[2] + a[3], a[4] + a[5], a1);
            set_ldr_contracted(ep, 1, a[0], a[2], a[4], a0);
        }
        clamp_ldr(ep);
        break;
    }
    case 7:    /* HDR RGB, base + scale */
    case 11:   /* HDR RGB, direct */
    case 14:   /* HDR RGB, direct + LDR alpha */
    case 15: { /* HDR RGB, direct + HDR alpha */
        int rgb[2][3];
        if (cem == 7)
            hdr_rgb_scale(a, rgb);
        else
            hdr_rgb_direct(a, rgb);
        for (unsigned i = 0; i < 2; i++)
            for (unsigned c = 0; c < 3; c++)
                ep->e[i][c] = rgb[i][c] << 4;
        ep->hdr_rgb = true;
        if (cem == 14) {
            ep->e[0][3] = a[6];
            ep->e[1][3] = a[7];
        } else if (cem == 15) { /* HDR alpha */
            int v6 = a[6], v7 = a[7];
            int mode = ((v6 >> 7) & 1) | ((v7 >> 6) & 2);
            v6 &= 0x7f;
            v7 &= 0x7f;
            if (mode == 3) {
                v6 <<= 5;
                v7 <<= 5;
            } else {
                v6 |= (v7 << (mode + 1)) & 0x780;
                v7 &= 0x3f >> mode;
                v7 ^= 0x20 >> mode;
                v7 -= 0x20 >> mode;
                v6 <<= 4 - mode;
                v7 *= 1 << (4 - mode);
                v7 += v6;
                v7 = tuB_clamp_int(v7, 0, 0xfff);
            }
            ep->e[0][3] = v6 << 4;
            ep->e[1][3] = v7 << 4;
            ep->hdr_alpha = true;
        } else {
            ep->e[0][3] = ep->e[1][3] = 0x780 << 4;
            ep->hdr_alpha = true;
        }
        break;
    }
    default: break;
    }
}

/* ---- the block ------------------------------------------------------------------------- */

typedef struct {
    bool error;
    bool void_extent, void_hdr;
    uint16_t void_colour[4];
    unsigned grid_w, grid_h;
    bool dual_plane;
    unsigned ccs; /* the component that uses plane 1 */
    unsigned partitions, seed;
    endpoints ep[4];
    uint8_t weights[2][64 + 16]; /* per plane, per grid point, 0..64; padded for infill */
} astc_block;

/* DFS "Block mode": the weight grid, dual-plane flag and weight range of the 11-bit mode, or
 * false for a reserved one. */
static bool block_mode(unsigned m, unsigned *gw, unsigned *gh, bool *dual, unsigned *range) {
    unsigned r, hbit = (m >> 9) & 1, a = (m >> 5) & 3, b, w, h;
    *dual = (m >> 10) & 1;
    if (m & 3) {
        r = ((m >> 4) & 1) | (m & 3) << 1;
        b = (m >> 7) & 3;
        switch ((m >> 2) & 3) {
        case 0: w = b + 4, h = a + 2; break;
        case 1: w = b + 8, h = a + 2; break;
        case 2: w = a + 2, h = b + 8; break;
        default:
            if ((m >> 8) & 1)
                w = (b & 1) + 2, h = a + 2;
            else
                w = a + 2, h = (b & 1) + 6;
            break;
        }
    } else {
        r = ((m >> 4) & 1) | ((m >> 2) & 3) << 1;
        if (((m >> 2) & 3) == 0) return false;
        b = (m >> 9) & 3;
        switch ((m >> 7) & 3) {
        case 0: w = 12, h = a + 2; break;
        case 1: w = a + 2, h = 12; break;
        case 2:
            w = a + 6, h = b + 6;
            *dual = false;
            hbit = 0;
            break;
        default:
            if (a == 0)
                w = 6, h = 10;
            else if (a == 1)
                w = 10, h = 6;
            else
                return false;
            break;
        }
    }
    *gw = w;
    *gh = h;
    *range = (hbit ? 6 : 0) + r - 2;
    return true;
}

static void parse(const uint8_t *blk, unsigned bw, unsigned bh, bool hdr_profile, astc_block *out) {
    memset(out, 0, sizeof *out);
    unsigned mode = tuC_bits(blk, 0, 11);

    if ((mode & 0x1ff) == 0x1fc) { /* void-extent (DFS "Void-Extent Blocks") */
        out->void_extent = true;
        out->void_hdr = (mode >> 9) & 1;
        unsigned s0 = tuC_bits(blk, 12, 13), s1 = tuC_bits(blk, 25, 13);
        unsigned t0 = tuC_bits(blk, 38, 13), t1 = tuC_bits(blk, 51, 13);
        bool all_ones = s0 == 0x1fff && s1 == 0x1fff && t0 == 0x1fff && t1 == 0x1fff;
        /* the extents must be ordered unless all ones; bits 10, 11 are reserved ones */
        if ((!all_ones && (s0 >= s1 || t0 >= t1)) || tuC_bits(blk, 10, 2) != 3) out->error = true;
        if (out->void_hdr && !hdr_profile) out->error = true;
        for (unsigned c = 0; c < 4; c++)
            out->void_colour[c] = (uint16_t)tuC_bits(blk, 64 + 16 * c, 16);
        return;
    }

    unsigned wrange;
    if (!block_mode(mode, &out->grid_w, &out->grid_h, &out->dual_plane, &wrange)) {
        out->error = true;
        return;
    }
    unsigned planes = out->dual_plane ? 2 : 1;
    unsigned nweights = out->grid_w * out->grid_h * planes;
    out->partitions = tuC_bits(blk, 11, 2) + 1;
    unsigned weight_bits = ise_bits(nweights, wrange);
    if (nweights > 64 || weight_bits < 24 || weight_bits > 96 || out->grid_w > bw ||
        out->grid_h > bh || (out->partitions == 4 && out->dual_plane)) {
        out->error = true;
        return;
    }

    /* colour endpoint modes */
    unsigned cem[4], colour_start, below_weights = 128 - weight_bits;
    if (out->partitions == 1) {
        cem[0] = tuC_bits(blk, 13, 4);
        colour_start = 17;
    } else {
        out->seed = tuC_bits(blk, 13, 10);
        unsigned sel = tuC_bits(blk, 23, 2);
        colour_start = 29;
        if (sel == 0) {
            for (unsigned p = 0; p < out->partitions; p++)
                cem[p] = tuC_bits(blk, 25, 4);
        } else {
            unsigned extra = 3 * out->partitions - 4;
            below_weights -= extra;
            unsigned bits = tuC_bits(blk, 25, 4) | tuC_bits(blk, below_weights, extra) << 4;
            for (unsigned p = 0; p < out->partitions; p++) {
                unsigned c = (bits >> p) & 1, m = (bits >> (out->partitions + 2 * p)) & 3;
                cem[p] = ((sel - 1 + c) << 2) | m;
            }
        }
    }
    if (out->dual_plane) {
        below_weights -= 2;
        out->ccs = tuC_bits(blk, below_weights, 2);
    }

    unsigned nvalues = 0;
    for (unsigned p = 0; p < out->partitions; p++)
        nvalues += 2 * ((cem[p] >> 2) + 1);
    if (nvalues > 18 || below_weights < colour_start) {
        out->error = true;
        return;
    }
    unsigned colour_bits = below_weights - colour_start, crange = 0;
    bool fits = false;
    for (unsigned r = 21; r-- > 0;)
        if (ise_bits(nvalues, r) <= colour_bits) {
            crange = r;
            fits = true;
            break;
        }
    if (!fits || crange < COLOUR_RANGE_MIN) {
        out->error = true;
        return;
    }

    uint8_t values[18];
    ise_decode(blk, colour_start, nvalues, crange, values);
    for (unsigned p = 0, k = 0; p < out->partitions; p++) {
        int v[8] = {0};
        unsigned n = 2 * ((cem[p] >> 2) + 1);
        for (unsigned i = 0; i < n; i++, k++)
            v[i] = (int)unquantize_colour(crange, values[k]);
        decode_endpoints(cem[p], v, &out->ep[p]);
        /* DFS ASTC: in the LDR profile the texels of a partition with an HDR endpoint mode
         * take the error colour (as the Vulkan CTS decoder does; docs/semantics.md) */
        out->ep[p].error = !hdr_profile && out->ep[p].hdr_rgb;
    }

    /* weights: an integer sequence read from bit 127 downwards */
    uint8_t reversed[16], wq[64];
    for (unsigned i = 0; i < 16; i++) {
        uint8_t b = blk[15 - i], r = 0;
        for (unsigned k = 0; k < 8; k++)
            r |= (uint8_t)(((b >> k) & 1u) << (7 - k));
        reversed[i] = r;
    }
    ise_decode(reversed, 0, nweights, wrange, wq);
    for (unsigned i = 0; i < nweights; i++)
        out->weights[i % planes][i / planes] = (uint8_t)unquantize_weight(wrange, wq[i]);
}

/* DFS "Partition Pattern Generation": the hash of the seed and the partition selection. */
static uint32_t hash52(uint32_t p) {
    p ^= p >> 15;
    p -= p << 17;
    p += p << 7;
    p += p << 4;
    p ^= p >> 5;
    p += p << 16;
    p ^= p >> 7;
    p ^= p >> 3;
    p ^= p << 6;
    p ^= p >> 17;
    return p;
}

static unsigned select_partition(unsigned seed, unsigned x, unsigned y, unsigned z, unsigned count,
                                 bool small_block) {
    if (small_block) {
        x <<= 1;
        y <<= 1;
        z <<= 1;
    }
    seed += (count - 1) * 1024;
    uint32_t rnum = hash52(seed);
    unsigned s[12];
    for (unsigned i = 0; i < 8; i++)
        s[i] = (rnum >> (4 * i)) & 0xf;
    s[8] = (rnum >> 18) & 0xf;
    s[9] = (rnum >> 22) & 0xf;
    s[10] = (rnum >> 26) & 0xf;
    s[11] = ((rnum >> 30) | (rnum << 2)) & 0xf;
    for (unsigned i = 0; i < 12; i++)
        s[i] *= s[i];
    unsigned sh1, sh2, sh3;
    if (seed & 1) {
        sh1 = (seed & 2) ? 4 : 5;
        sh2 = count == 3 ? 6 : 5;
    } else {
        sh1 = count == 3 ? 6 : 5;
        sh2 = (seed & 2) ? 4 : 5;
    }
    sh3 = (seed & 0x10) ? sh1 : sh2;
    for (unsigned i = 0; i < 8; i++)
        s[i] >>= (i & 1) ? sh2 : sh1;
    for (unsigned i = 8; i < 12; i++)
        s[i] >>= sh3;
    unsigned a = (s[0] * x + s[1] * y + s[10] * z + (rnum >> 14)) & 0x3f;
    unsigned b = (s[2] * x + s[3] * y + s[11] * z + (rnum >> 10)) & 0x3f;
    unsigned c = (s[4] * x + s[5] * y + s[8] * z + (rnum >> 6)) & 0x3f;
    unsigned d = (s[6] * x + s[7] * y + s[9] * z + (rnum >> 2)) & 0x3f;
    if (count < 4) d = 0;
    if (count < 3) c = 0;
    if (a >= b && a >= c && a >= d) return 0;
    if (b >= c && b >= d) return 1;
    if (c >= d) return 2;
    return 3;
}

/* DFS "Weight Infill": the weight of texel (s, t) of plane `plane`, bilinear over the grid. */
static unsigned infill(const astc_block *b, unsigned plane, unsigned bw, unsigned bh, unsigned s,
                       unsigned t) {
    unsigned ds = (1024 + bw / 2) / (bw - 1), dt = (1024 + bh / 2) / (bh - 1);
    unsigned gs = (ds * s * (b->grid_w - 1) + 32) >> 6, gt = (dt * t * (b->grid_h - 1) + 32) >> 6;
    unsigned js = gs >> 4, fs = gs & 15, jt = gt >> 4, ft = gt & 15;
    unsigned v0 = js + jt * b->grid_w;
    unsigned w11 = (fs * ft + 8) >> 4, w10 = ft - w11, w01 = fs - w11, w00 = 16 - fs - ft + w11;
    const uint8_t *w = b->weights[plane];
    /* indices past the grid only occur with a zero factor; the array is padded with 0 */
    return (w[v0] * w00 + w[v0 + 1] * w01 + w[v0 + b->grid_w] * w10 + w[v0 + b->grid_w + 1] * w11 +
            8) >>
           4;
}

/* UNORM16 to binary16: 0xffff is 1.0, other values v / 65536 truncated to 11 significant
 * bits (DFS ASTC, LDR decode to FP16). */
static uint16_t unorm16_to_fp16(unsigned v) {
    if (v == 0xffff) return 0x3c00;
    if (v < 4) return (uint16_t)(v << 8);
    unsigned lz = 0;
    while (!((v << lz) & 0x8000))
        lz++;
    unsigned mantissa = ((v << (lz + 1)) & 0xffff) >> 6;
    return (uint16_t)(((14 - lz) << 10) | mantissa);
}

/* DFS ASTC HDR: a 16-bit LNS value to binary16, clamped to the largest finite value. */
static uint16_t lns_to_fp16(unsigned v) {
    unsigned e = v >> 11, m = v & 0x7ff, mt;
    if (m < 512)
        mt = 3 * m;
    else if (m < 1536)
        mt = 4 * m - 512;
    else
        mt = 5 * m - 2048;
    unsigned r = (e << 10) | (mt >> 3);
    return (uint16_t)(r > 0x7bff ? 0x7bff : r);
}

/* Store an LDR channel (DFS ASTC "Weight Application"): v16 is the UNORM16 result of the
 * interpolation of the endpoints expanded by bit replication (e * 257), srgb8 the top 8 bits
 * of the interpolation of the endpoints expanded as (e << 8) | 0x80.
 *   UNORM formats: value = decode_float16 of v16, raw = decode_unorm8, v16's top 8 bits.
 *   sRGB formats: raw = srgb8, value = srgb8 / 255 for R, G, B (before the EOTF) and A
 *     (linear). Khronos Data Format Specification 1.4 (2025), ASTC "Weight Application":
 *     with sRGB conversion the alpha endpoints take the (e << 8) | 0x80 expansion too and
 *     alpha is the top 8 bits, as Mesa's u_format ASTC unpack, astcenc's ASTCENC_PRF_LDR_SRGB
 *     and dEQP's tcuAstcUtil decode it; 1.3 decoded it with decode_float16.
 *   SFLOAT (HDR profile): raw = value = decode_float16 of v16. */
static void store_ldr(const tuC_format_info *fmt, tuC_texel *out, unsigned c, unsigned srgb8,
                      unsigned v16) {
    uint16_t fp16 = unorm16_to_fp16(v16);
    if (fmt->codec == TUC_ASTC_HDR) {
        out->raw[c] = fp16;
        out->value[c] = tu_half_to_float(fp16);
    } else if (fmt->flags & TUC_SRGB) {
        out->raw[c] = (int32_t)srgb8;
        out->value[c] = (float)srgb8 / 255.0f;
    } else {
        out->raw[c] = (int32_t)(v16 >> 8);
        out->value[c] = tu_half_to_float(fp16);
    }
}

/* Store binary16 bits (HDR endpoints and HDR void-extent colours; HDR profile only). */
static void store_fp16(tuC_texel *out, unsigned c, uint16_t fp16) {
    out->raw[c] = fp16;
    out->value[c] = tu_half_to_float(fp16);
}

/* The error colour (DFS ASTC "Illegal Encodings", "LDR Profile Support"): opaque magenta in
 * the LDR profile; in the HDR profile a vector of NaNs, binary16 0xffff (docs/semantics.md). */
static void error_texel(const tuC_format_info *fmt, tuC_texel *out) {
    for (unsigned c = 0; c < 4; c++) {
        if (fmt->codec == TUC_ASTC_HDR)
            store_fp16(out, c, 0xffff);
        else
            store_ldr(fmt, out, c, c == 1 ? 0 : 255, c == 1 ? 0 : 0xffff);
    }
}

void tuC_decode_astc(const tuC_format_info *fmt, const uint8_t *block, unsigned x0, unsigned y0,
                     unsigned w, unsigned h, tuC_texel *out) {
    astc_block b;
    unsigned bw = fmt->block_width, bh = fmt->block_height;
    bool hdr_profile = fmt->codec == TUC_ASTC_HDR;
    parse(block, bw, bh, hdr_profile, &b);
    bool small = bw * bh < 31;
    for (unsigned y = y0; y < y0 + h; y++)
        for (unsigned x = x0; x < x0 + w; x++, out++) {
            if (b.error) {
                error_texel(fmt, out);
                continue;
            }
            if (b.void_extent) {
                for (unsigned c = 0; c < 4; c++) {
                    unsigned v = b.void_colour[c]; /* UNORM16 (LDR) or binary16 (HDR) */
                    if (b.void_hdr)
                        store_fp16(out, c, (uint16_t)v);
                    else
                        store_ldr(fmt, out, c, v >> 8, v);
                }
                continue;
            }
            unsigned p =
                b.partitions > 1 ? select_partition(b.seed, x, y, 0, b.partitions, small) : 0;
            const endpoints *ep = &b.ep[p];
            if (ep->error) {
                error_texel(fmt, out);
                continue;
            }
            unsigned w0 = infill(&b, 0, bw, bh, x, y);
            unsigned w1 = b.dual_plane ? infill(&b, 1, bw, bh, x, y) : w0;
            for (unsigned c = 0; c < 4; c++) {
                unsigned wt = (b.dual_plane && c == b.ccs) ? w1 : w0;
                bool hdr = c < 3 ? ep->hdr_rgb : ep->hdr_alpha;
                unsigned e0 = (unsigned)ep->e[0][c], e1 = (unsigned)ep->e[1][c];
                if (hdr) {
                    unsigned v = (e0 * (64 - wt) + e1 * wt + 32) >> 6;
                    store_fp16(out, c, lns_to_fp16(v));
                } else {
                    unsigned v8 = ((e0 << 8 | 0x80) * (64 - wt) + (e1 << 8 | 0x80) * wt + 32) >> 6;
                    unsigned v16 = (e0 * 257 * (64 - wt) + e1 * 257 * wt + 32) >> 6;
                    store_ldr(fmt, out, c, v8 >> 8, v16);
                }
            }
        }
}
