/* SPDX-License-Identifier: MIT */
/*
 * etc.c - ETC2 RGB8, RGB8A1 and RGBA8, EAC R11 and RG11 (DFS "ETC2 Compressed Texture Image
 * Formats").
 *
 * An ETC2 colour block and an EAC block are 64-bit big-endian words: byte 0 holds bits
 * 63..56. Texel (x, y) is entry x * 4 + y of the index fields (column-major): in a colour
 * block its index's high bit is bit 16 + x * 4 + y and its low bit bit x * 4 + y; in an EAC
 * block its 3-bit index is bits 47 - 3 (x * 4 + y) down to 45 - 3 (x * 4 + y).
 */
#include "compressed.h"

#include "../../base/base.h"

static uint64_t load_be64(const uint8_t *p) {
    uint64_t v = 0;
    for (unsigned i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

static unsigned field(uint64_t v, unsigned high, unsigned low) {
    return (unsigned)((v >> low) & ((1ull << (high - low + 1)) - 1));
}

static int floor_div4(int v) {
    return v >= 0 ? v / 4 : -((-v + 3) / 4);
}

/* DFS ETC2, "Intensity modifier sets for individual and differential modes": table
 * codeword -> (a, b); the modifiers of pixel indices 0, 1, 2, 3 are +a, +b, -a, -b. */
static const int etc1_modifiers[8][2] = {{2, 8},   {5, 17},  {9, 29},   {13, 42},
                                         {18, 60}, {24, 80}, {33, 106}, {47, 183}};

/* DFS ETC2, "Distance table for T and H modes". */
static const int th_distances[8] = {3, 6, 11, 16, 23, 32, 41, 64};

/* DFS ETC2, "Intensity modifier sets for the alpha component" (EAC): 16 tables of 8. */
static const int8_t eac_modifiers[16][8] = {
    {-3, -6, -9, -15, 2, 5, 8, 14}, {-3, -7, -10, -13, 2, 6, 9, 12}, {-2, -5, -8, -13, 1, 4, 7, 12},
    {-2, -4, -6, -13, 1, 3, 5, 12}, {-3, -6, -8, -12, 2, 5, 7, 11},  {-3, -7, -9, -11, 2, 6, 8, 10},
    {-4, -7, -8, -11, 3, 6, 7, 10}, {-3, -5, -8, -11, 2, 4, 7, 10},  {-2, -6, -8, -10, 1, 5, 7, 9},
    {-2, -5, -8, -10, 1, 4, 7, 9},  {-2, -4, -8, -10, 1, 3, 7, 9},   {-2, -5, -7, -10, 1, 4, 6, 9},
    {-3, -4, -7, -10, 2, 3, 6, 9},  {-1, -2, -3, -10, 0, 1, 2, 9},   {-4, -6, -8, -9, 3, 5, 7, 8},
    {-3, -5, -7, -9, 2, 4, 6, 8}};

static int extend4(unsigned v) {
    return (int)(v << 4 | v);
}
static int extend5(unsigned v) {
    return (int)(v << 3 | v >> 2);
}
static int extend6(unsigned v) {
    return (int)(v << 2 | v >> 4);
}
static int extend7(unsigned v) {
    return (int)(v << 1 | v >> 6);
}

/* Decode texel (x, y) of the ETC2 colour block b into rgba (0..255). punch_through: the
 * RGB8A1 format, whose bit 33 is the "opaque" flag instead of the differential flag. */
static void etc2_colour(uint64_t b, unsigned x, unsigned y, bool punch_through, int rgba[4]) {
    unsigned entry = x * 4 + y;
    unsigned index = ((unsigned)(b >> (16 + entry)) & 1u) << 1 | ((unsigned)(b >> entry) & 1u);
    bool diff = punch_through || field(b, 33, 33);
    bool opaque = !punch_through || field(b, 33, 33);
    rgba[3] = 255;

    if (diff) {
        int r = (int)field(b, 63, 59), dr = (int)field(b, 58, 56);
        int g = (int)field(b, 55, 51), dg = (int)field(b, 50, 48);
        int bl = (int)field(b, 47, 43), db = (int)field(b, 42, 40);
        dr = dr >= 4 ? dr - 8 : dr; /* 3-bit two's complement */
        dg = dg >= 4 ? dg - 8 : dg;
        db = db >= 4 ? db - 8 : db;
        bool t_mode = r + dr < 0 || r + dr > 31;
        bool h_mode = !t_mode && (g + dg < 0 || g + dg > 31);
        bool planar = !t_mode && !h_mode && (bl + db < 0 || bl + db > 31);
        if (t_mode || h_mode) {
            int c1[3], c2[3], d, paint[4][3];
            if (t_mode) {
                c1[0] = extend4(field(b, 60, 59) << 2 | field(b, 57, 56));
                c1[1] = extend4(field(b, 55, 52));
                c1[2] = extend4(field(b, 51, 48));
                c2[0] = extend4(field(b, 47, 44));
                c2[1] = extend4(field(b, 43, 40));
                c2[2] = extend4(field(b, 39, 36));
                d = th_distances[field(b, 35, 34) << 1 | field(b, 32, 32)];
                for (unsigned c = 0; c < 3; c++) {
                    paint[0][c] = c1[c];
                    paint[1][c] = tuB_clamp_int(c2[c] + d, 0, 255);
                    paint[2][c] = c2[c];
                    paint[3][c] = tuB_clamp_int(c2[c] - d, 0, 255);
                }
            } else {
                unsigned r1 = field(b, 62, 59), g1 = field(b, 58, 56) << 1 | field(b, 52, 52);
                unsigned b1 = field(b, 51, 51) << 3 | field(b, 49, 47);
                unsigned r2 = field(b, 46, 43), g2 = field(b, 42, 39), b2 = field(b, 38, 35);
                /* the distance's low bit: whether colour 1 >= colour 2 as 12-bit numbers */
                unsigned low = (r1 << 8 | g1 << 4 | b1) >= (r2 << 8 | g2 << 4 | b2) ? 1u : 0u;
                d = th_distances[field(b, 34, 34) << 2 | field(b, 32, 32) << 1 | low];
                c1[0] = extend4(r1), c1[1] = extend4(g1), c1[2] = extend4(b1);
                c2[0] = extend4(r2), c2[1] = extend4(g2), c2[2] = extend4(b2);
                for (unsigned c = 0; c < 3; c++) {
                    paint[0][c] = tuB_clamp_int(c1[c] + d, 0, 255);
                    paint[1][c] = tuB_clamp_int(c1[c] - d, 0, 255);
                    paint[2][c] = tuB_clamp_int(c2[c] + d, 0, 255);
                    paint[3][c] = tuB_clamp_int(c2[c] - d, 0, 255);
                }
            }
            if (!opaque && index == 2) { /* punch-through: transparent black */
                rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0;
                return;
            }
            for (unsigned c = 0; c < 3; c++)
                rgba[c] = paint[index][c];
            return;
        }
        if (planar) { /* the opaque bit does not apply */
            int o[3] = {extend6(field(b, 62, 57)),
                        extend7(field(b, 56, 56) << 6 | field(b, 54, 49)),
                        extend6(field(b, 48, 48) << 5 | field(b, 44, 43) << 3 | field(b, 41, 39))};
            int hh[3] = {extend6(field(b, 38, 34) << 1 | field(b, 32, 32)),
                         extend7(field(b, 31, 25)), extend6(field(b, 24, 19))};
            int v[3] = {extend6(field(b, 18, 13)), extend7(field(b, 12, 6)),
                        extend6(field(b, 5, 0))};
            for (unsigned c = 0; c < 3; c++)
                rgba[c] = tuB_clamp_int(
                    floor_div4((int)x * (hh[c] - o[c]) + (int)y * (v[c] - o[c]) + 4 * o[c] + 2), 0,
                    255);
            return;
        }
    }

    /* individual or differential: two sub-blocks, side by side (flip 0) or stacked (1) */
    bool flip = field(b, 32, 32);
    unsigned sub = flip ? (y >= 2) : (x >= 2);
    int base[3];
    if (diff) {
        static const unsigned hi[3] = {63, 55, 47};
        for (unsigned c = 0; c < 3; c++) {
            int v = (int)field(b, hi[c], hi[c] - 4), d = (int)field(b, hi[c] - 5, hi[c] - 7);
            d = d >= 4 ? d - 8 : d;
            base[c] = extend5((unsigned)(sub ? v + d : v));
        }
    } else {
        static const unsigned hi[3] = {63, 55, 47};
        for (unsigned c = 0; c < 3; c++)
            base[c] = extend4(field(b, hi[c] - 4 * sub, hi[c] - 4 * sub - 3));
    }
    unsigned table = sub ? field(b, 36, 34) : field(b, 39, 37);
    int a = etc1_modifiers[table][0], bb = etc1_modifiers[table][1];
    int modifier;
    if (!opaque) {
        /* DFS ETC2, punch-through: with the opaque bit 0, index 2 is transparent black and
         * index 0 no longer modifies (the table becomes 0, +b, -, -b) */
        if (index == 2) {
            rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0;
            return;
        }
        modifier = index == 0 ? 0 : index == 1 ? bb : -bb;
    } else {
        modifier = index == 0 ? a : index == 1 ? bb : index == 2 ? -a : -bb;
    }
    for (unsigned c = 0; c < 3; c++)
        rgba[c] = tuB_clamp_int(base[c] + modifier, 0, 255);
}

/* The EAC block at p, texel (x, y): the 8-bit alpha of ETC2 RGBA8 (bits == 8) or the 11-bit
 * value of R11 / RG11 (bits == 11, unsigned or signed). */
static int eac_value(const uint8_t *p, unsigned x, unsigned y, unsigned bits, bool is_signed) {
    uint64_t b = load_be64(p);
    int base = is_signed ? (int)(int8_t)field(b, 63, 56) : (int)field(b, 63, 56);
    int multiplier = (int)field(b, 55, 52);
    unsigned table = field(b, 51, 48), entry = x * 4 + y;
    int modifier = eac_modifiers[table][field(b, 47 - 3 * entry, 45 - 3 * entry)];
    if (bits == 8) /* ETC2 RGBA8 alpha: base + modifier * multiplier */
        return tuB_clamp_int(base + modifier * multiplier, 0, 255);
    if (is_signed) {
        /* DFS EAC signed: base -128 is treated as -127; multiplier 0 means 1/8 */
        if (base == -128) base = -127;
        int v = multiplier ? base * 8 + modifier * multiplier * 8 : base * 8 + modifier;
        return v < -1023 ? -1023 : v > 1023 ? 1023 : v;
    }
    int v = multiplier ? base * 8 + 4 + modifier * multiplier * 8 : base * 8 + 4 + modifier;
    return v < 0 ? 0 : v > 2047 ? 2047 : v;
}

static void store8(tuC_texel *out, unsigned c, int v) {
    out->raw[c] = v;
    out->value[c] = (float)v / 255.0f;
}

void tuC_decode_etc2_rgb(const tuC_format_info *fmt, const uint8_t *block, unsigned x0, unsigned y0,
                         unsigned w, unsigned h, tuC_texel *out) {
    uint64_t b = load_be64(block);
    for (unsigned y = y0; y < y0 + h; y++)
        for (unsigned x = x0; x < x0 + w; x++, out++) {
            int rgba[4];
            etc2_colour(b, x, y, fmt->codec == TUC_ETC2_RGB8A1, rgba);
            for (unsigned c = 0; c < 4; c++)
                store8(out, c, rgba[c]);
        }
}

void tuC_decode_etc2_rgba8(const tuC_format_info *fmt, const uint8_t *block, unsigned x0,
                           unsigned y0, unsigned w, unsigned h, tuC_texel *out) {
    (void)fmt;
    uint64_t b = load_be64(block + 8); /* the EAC alpha block comes first */
    for (unsigned y = y0; y < y0 + h; y++)
        for (unsigned x = x0; x < x0 + w; x++, out++) {
            int rgba[4];
            etc2_colour(b, x, y, false, rgba);
            for (unsigned c = 0; c < 3; c++)
                store8(out, c, rgba[c]);
            store8(out, 3, eac_value(block, x, y, 8, false));
        }
}

void tuC_decode_eac(const tuC_format_info *fmt, const uint8_t *block, unsigned x0, unsigned y0,
                    unsigned w, unsigned h, tuC_texel *out) {
    bool is_signed = fmt->flags & TUC_SIGNED;
    unsigned channels = fmt->codec == TUC_EAC_RG11 ? 2 : 1;
    for (unsigned y = y0; y < y0 + h; y++)
        for (unsigned x = x0; x < x0 + w; x++, out++)
            for (unsigned c = 0; c < channels; c++) {
                int v = eac_value(block + 8 * c, x, y, 11, is_signed);
                out->raw[c] = v;
                out->value[c] = is_signed ? (float)v / 1023.0f : (float)v / 2047.0f;
            }
}
