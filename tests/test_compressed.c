/* SPDX-License-Identifier: MIT */
/*
 * test_compressed.c - the block decoders of src/format/compressed/ on blocks this file builds
 * bit by bit, with expected values it computes from the rules of the Khronos Data Format
 * Specification (DFS) chapters named at each test; random blocks of every format; the
 * checked entry points' errors.
 *
 * What is tested:
 *   - The table: every format's Vulkan number finds it again, block sizes, channels.
 *   - Errors: unknown format, NULL pointers, a block shorter than the format's, a texel
 *     outside the block, too little output room: each a status and a sentence.
 *   - BC1 (both modes, both RGB and RGBA: punch-through), BC2, BC3 (four-colour mode always),
 *     BC4 / BC5 unsigned and signed (the -128 rule, the 6-value mode's extremes), BC6H
 *     (reserved modes, untransformed and transformed endpoints, sign extension, unquantize
 *     and finish_unquantize at the extremes), BC7 (mode 8, modes 1, 4, 6: P-bits, shared
 *     P-bits, rotation, index selection, anchors; the partition tables' invariants).
 *   - ETC2 / EAC: the DFS worked examples (differential mode base colours and modifiers,
 *     R11 and signed R11 with multipliers 2 and 0), T, H and planar blocks, punch-through,
 *     RGBA8 alpha, the signed base -128.
 *   - Random blocks, 10^5 and more per family: every texel decoded alone equals the block
 *     decode, values lie in the format's range and agree with raw[]; each block lives in a
 *     buffer of exactly block_bytes so that the sanitizer build sees any read past it.
 * ETC2 / EAC are also checked against Mesa's decoder in test_etc_mesa.c.
 * ASTC is checked against ARM's reference codec in test_astc_ref.c; here only its random
 * blocks, error colour and void-extent blocks.
 */
#include "../src/format/compressed/compressed.h"
#include "texunit/format.h"

#include "tu_test.h"

#include <math.h>
#include <stdlib.h>

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static uint64_t rng = 0xb10c5eedull;

/* ---- building blocks ------------------------------------------------------------------ */

/* Little-endian bit writer (BC, BPTC, ASTC). */
static void put(uint8_t *blk, unsigned *pos, unsigned count, uint32_t v) {
    for (unsigned i = 0; i < count; i++, (*pos)++) {
        unsigned b = *pos;
        blk[b >> 3] = (uint8_t)((blk[b >> 3] & ~(1u << (b & 7))) | (((v >> i) & 1u) << (b & 7)));
    }
}

/* A 64-bit big-endian word into 8 bytes (ETC2, EAC). */
static void put_be64(uint8_t *p, uint64_t v) {
    for (unsigned i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (56 - 8 * i));
}

static tuC_texel texel(tuC_format f, const uint8_t *blk, unsigned x, unsigned y) {
    tuC_texel t;
    tu_error err;
    const tuC_format_info *info = tuC_format_info_get(f);
    CHECK(tuC_decode_texel(f, blk, info->block_bytes, x, y, &t, &err) == TU_OK, "%s", err.message);
    return t;
}

#define CHECK_F(got, want)                                                                   \
    do {                                                                                     \
        float g_ = (got), w_ = (want);                                                       \
        CHECK(g_ == w_ || (isnan(g_) && isnan(w_)), "%.9g != %.9g", (double)g_, (double)w_); \
    } while (0)

/* ---- the table and the errors ------------------------------------------------------------ */

static void test_table_and_errors(void) {
    unsigned astc = 0;
    for (unsigned f = 1; f < TUC_FORMAT_COUNT; f++) {
        const tuC_format_info *info = tuC_format_info_get((tuC_format)f);
        if (!CHECK(info != NULL)) continue;
        CHECK(tuC_format_from_vk(info->vk_format) == (tuC_format)f, "%s", info->name);
        const tu_format tf = tu_format_from_vk(info->vk_format);
        CHECK(tuC_format_of(tf) == (tuC_format)f, "tuC_format_of(%s)", info->name);
        CHECK(info->block_bytes == 8 || info->block_bytes == 16 || /* 4:2:2 8-bit: 4 */
              (info->block_bytes == 4 && info->codec == TUC_GBGR_422) ||
              (info->block_bytes == 4 && info->codec == TUC_BGRG_422));
        CHECK(info->block_width * info->block_height <= TUC_MAX_BLOCK_TEXELS);
        astc += info->codec == TUC_ASTC_LDR || info->codec == TUC_ASTC_HDR;
    }
    CHECK_EQ_U(astc, 14 * 3);
    CHECK_EQ_U(TUC_FORMAT_COUNT - 1, 26 + 14 * 3 + 8); /* BC, ETC2, EAC; ASTC; 4:2:2 */
    CHECK(tuC_format_info_get(TUC_FORMAT_NONE) == NULL);
    CHECK(tuC_format_info_get(TUC_FORMAT_COUNT) == NULL);
    CHECK(tuC_format_from_vk(37) == TUC_FORMAT_NONE); /* R8G8B8A8_UNORM is not compressed */
    /* tuC_format_of: no other texunit format (nor a value past them) is a block format */
    for (unsigned f = 0; f < TU_FORMAT_COUNT + 2u; f++)
        if (f < TUC_FIRST_TU_FORMAT || f >= TU_FORMAT_COUNT)
            CHECK(tuC_format_of((tu_format)f) == TUC_FORMAT_NONE, "tuC_format_of(%u)", f);
    CHECK_EQ_U(tuC_format_from_vk(131), TUC_BC1_RGB_UNORM_BLOCK);
    CHECK_EQ_U(tuC_format_from_vk(1000066013), TUC_ASTC_12x12_SFLOAT_BLOCK);
    CHECK_EQ_U(tuC_format_info_get(TUC_ASTC_10x6_SRGB_BLOCK)->vk_format, 176);
    CHECK_EQ_U(tuC_format_channels(tuC_format_info_get(TUC_EAC_R11G11_SNORM_BLOCK)), 2);
    CHECK_EQ_U(tuC_format_raw_kind(tuC_format_info_get(TUC_EAC_R11G11_SNORM_BLOCK)),
               TUC_RAW_SNORM11);

    uint8_t blk[16] = {0};
    tuC_texel out[TUC_MAX_BLOCK_TEXELS];
    tu_error err;
    CHECK_ERR(tuC_decode_texel((tuC_format)999, blk, 16, 0, 0, out, &err), TU_INVALID_ARGUMENT,
              &err, "compressed format 999 is not a compressed format (1..");
    CHECK_ERR(tuC_decode_texel(TUC_BC7_UNORM_BLOCK, NULL, 16, 0, 0, out, &err), TU_INVALID_ARGUMENT,
              &err, "NULL");
    CHECK_ERR(tuC_decode_texel(TUC_BC7_UNORM_BLOCK, blk, 15, 0, 0, out, &err), TU_OUT_OF_RANGE,
              &err, "15");
    CHECK_ERR(tuC_decode_texel(TUC_BC7_UNORM_BLOCK, blk, 16, 0, 0, NULL, &err), TU_INVALID_ARGUMENT,
              &err, "NULL");
    CHECK_ERR(tuC_decode_texel(TUC_ASTC_12x10_UNORM_BLOCK, blk, 16, 12, 0, out, &err),
              TU_OUT_OF_RANGE, &err, "(12, 0)");
    CHECK_ERR(tuC_decode_texel(TUC_ASTC_12x10_UNORM_BLOCK, blk, 16, 0, 10, out, &err),
              TU_OUT_OF_RANGE, &err, "12x10");
    CHECK_ERR(tuC_decode_block(TUC_ASTC_12x10_UNORM_BLOCK, blk, 16, out, 119, &err),
              TU_OUT_OF_RANGE, &err, "120");
    CHECK(tuC_decode_block(TUC_ASTC_12x10_UNORM_BLOCK, blk, 16, out, 120, &err) == TU_OK);
    CHECK(tuC_decode_texel(TUC_BC1_RGB_UNORM_BLOCK, blk, 8, 3, 3, out, NULL) == TU_OK);
}

/* ---- S3TC (DFS "S3TC Compressed Texture Image Formats") --------------------------------- */

/* A BC1 colour block: endpoints c0, c1 (RGB565) and one 2-bit code per texel. */
static void bc1_block(uint8_t *p, unsigned c0, unsigned c1, const unsigned codes[16]) {
    p[0] = (uint8_t)c0, p[1] = (uint8_t)(c0 >> 8), p[2] = (uint8_t)c1, p[3] = (uint8_t)(c1 >> 8);
    unsigned pos = 32;
    for (unsigned i = 0; i < 16; i++)
        put(p, &pos, 2, codes[i]);
}

static unsigned rgb565(unsigned r, unsigned g, unsigned b) {
    return r << 11 | g << 5 | b;
}

static void test_bc1_bc2_bc3(void) {
    unsigned codes[16];
    for (unsigned i = 0; i < 16; i++)
        codes[i] = i & 3;
    /* DFS's example endpoints: (29/31, 60/63, 1/31) and (20/31, 2/63, 30/31) */
    unsigned a[3] = {29, 60, 1}, b[3] = {20, 2, 30};
    static const float max[3] = {31, 63, 31};
    uint8_t blk[8];
    for (unsigned order = 0; order < 2; order++) {
        const unsigned *e0 = order ? b : a, *e1 = order ? a : b;
        bc1_block(blk, rgb565(e0[0], e0[1], e0[2]), rgb565(e1[0], e1[1], e1[2]), codes);
        bool four = order == 0; /* 29 > 20: color0 > color1 */
        for (unsigned i = 0; i < 16; i++) {
            tuC_texel rgb = texel(TUC_BC1_RGB_UNORM_BLOCK, blk, i % 4, i / 4);
            tuC_texel rgba = texel(TUC_BC1_RGBA_SRGB_BLOCK, blk, i % 4, i / 4);
            for (unsigned c = 0; c < 3; c++) {
                float want;
                switch (codes[i]) {
                case 0: want = (float)e0[c] / max[c]; break;
                case 1: want = (float)e1[c] / max[c]; break;
                case 2:
                    want = four ? (float)(2 * e0[c] + e1[c]) / (3 * max[c])
                                : (float)(e0[c] + e1[c]) / (2 * max[c]);
                    break;
                default: want = four ? (float)(e0[c] + 2 * e1[c]) / (3 * max[c]) : 0.0f; break;
                }
                CHECK_F(rgb.value[c], want);
                CHECK_F(rgba.value[c], want);
            }
            /* code 3 of the three-colour mode: opaque black (RGB) or transparent (RGBA) */
            CHECK_F(rgb.value[3], 1.0f);
            CHECK_F(rgba.value[3], (!four && codes[i] == 3) ? 0.0f : 1.0f);
        }
    }
    /* equal endpoints select the three-colour mode (color0 <= color1) */
    bc1_block(blk, 0xffff, 0xffff, codes);
    CHECK_F(texel(TUC_BC1_RGBA_UNORM_BLOCK, blk, 3, 0).value[3], 0.0f);

    /* BC2 / BC3: the colour block always in the four-colour mode (DFS BC2, BC3) */
    uint8_t b2[16], b3[16];
    bc1_block(b2 + 8, rgb565(b[0], b[1], b[2]), rgb565(a[0], a[1], a[2]), codes);
    bc1_block(b3 + 8, rgb565(b[0], b[1], b[2]), rgb565(a[0], a[1], a[2]), codes);
    unsigned pos = 0;
    for (unsigned i = 0; i < 16; i++)
        put(b2, &pos, 4, i); /* BC2: alpha i / 15 */
    b3[0] = 200, b3[1] = 10; /* BC3: eight-value mode */
    pos = 16;
    for (unsigned i = 0; i < 16; i++)
        put(b3, &pos, 3, i & 7);
    for (unsigned i = 0; i < 16; i++) {
        tuC_texel t2 = texel(TUC_BC2_UNORM_BLOCK, b2, i % 4, i / 4);
        tuC_texel t3 = texel(TUC_BC3_SRGB_BLOCK, b3, i % 4, i / 4);
        CHECK_F(t2.value[3], (float)i / 15.0f);
        unsigned k = i & 7;
        float want = k == 0   ? 200.0f / 255
                     : k == 1 ? 10.0f / 255
                              : (float)((8 - k) * 200 + (k - 1) * 10) / 1785;
        CHECK_F(t3.value[3], want);
        if (codes[i] == 3) /* four-colour mode although color0 <= color1 */
            for (unsigned c = 0; c < 3; c++) {
                CHECK_F(t2.value[c], (float)(a[c] * 2 + b[c]) / (3 * max[c]));
                CHECK_F(t3.value[c], (float)(a[c] * 2 + b[c]) / (3 * max[c]));
            }
    }
}

/* ---- RGTC (DFS "RGTC Compressed Texture Image Formats") --------------------------------- */

static void bc4_block(uint8_t *p, int r0, int r1, const unsigned codes[16]) {
    p[0] = (uint8_t)r0, p[1] = (uint8_t)r1;
    unsigned pos = 16;
    for (unsigned i = 0; i < 16; i++)
        put(p, &pos, 3, codes[i]);
}

/* The DFS table for BC4 on the endpoints e0, e1 (after the -128 rule) over `scale` (255 or
 * 127), in double and rounded once; the mode is chosen by the stored bytes r0 > r1. */
static float bc4_expected(int r0, int r1, double e0, double e1, double scale, unsigned c,
                          bool is_signed) {
    bool eight = r0 > r1;
    double v = c == 0   ? e0 / scale
               : c == 1 ? e1 / scale
               : eight  ? ((8 - c) * e0 + (c - 1) * e1) / (7 * scale)
               : c <= 5 ? ((6 - c) * e0 + (c - 1) * e1) / (5 * scale)
               : c == 6 ? (is_signed ? -1.0 : 0.0)
                        : 1.0;
    return (float)v;
}

static void test_bc4_bc5(void) {
    unsigned codes[16];
    for (unsigned i = 0; i < 16; i++)
        codes[i] = i & 7;
    static const int pairs[][2] = {{200, 10}, {10, 200}, {77, 77}, {0, 255}};
    static const int spairs[][2] = {{100, -100}, {-100, 100}, {-128, 5}, {5, -128}, {-127, 127}};
    uint8_t blk[16];
    for (unsigned k = 0; k < COUNT_OF(pairs); k++) {
        bc4_block(blk, pairs[k][0], pairs[k][1], codes);
        bc4_block(blk + 8, pairs[k][1], pairs[k][0], codes);
        for (unsigned i = 0; i < 16; i++) {
            tuC_texel t = texel(TUC_BC5_UNORM_BLOCK, blk, i % 4, i / 4);
            int r0 = pairs[k][0], r1 = pairs[k][1];
            CHECK_F(t.value[0], bc4_expected(r0, r1, r0, r1, 255, codes[i], false));
            CHECK_F(t.value[1], bc4_expected(r1, r0, r1, r0, 255, codes[i], false));
        }
    }
    for (unsigned k = 0; k < COUNT_OF(spairs); k++) {
        bc4_block(blk, spairs[k][0], spairs[k][1], codes);
        for (unsigned i = 0; i < 16; i++) {
            tuC_texel t = texel(TUC_BC4_SNORM_BLOCK, blk, i % 4, i / 4);
            /* DFS: RED = red / 127, and -1.0 for red = -128; the mode compares the bytes */
            int r0 = spairs[k][0], r1 = spairs[k][1];
            CHECK_F(t.value[0], bc4_expected(r0, r1, r0 == -128 ? -127 : r0, r1 == -128 ? -127 : r1,
                                             127, codes[i], true));
            CHECK(t.value[0] >= -1.0f && t.value[0] <= 1.0f);
        }
    }
}

/* ---- BPTC (DFS "BPTC Compressed Texture Image Formats") ----------------------------------- */

static void test_bptc_tables(void) {
    /* texel 0 is in subset 0 and each anchor lies in the subset it anchors; every subset of
     * every partition is used */
    for (unsigned p = 0; p < 64; p++) {
        CHECK((tuC_bptc_partition2[p] & 1) == 0);
        CHECK((tuC_bptc_partition2[p] >> tuC_bptc_anchor2[p]) & 1, "partition %u", p);
        CHECK((tuC_bptc_partition3[p] & 3) == 0);
        CHECK(((tuC_bptc_partition3[p] >> (2 * tuC_bptc_anchor3a[p])) & 3) == 1, "p %u", p);
        CHECK(((tuC_bptc_partition3[p] >> (2 * tuC_bptc_anchor3b[p])) & 3) == 2, "p %u", p);
        unsigned seen = 0;
        for (unsigned t = 0; t < 16; t++)
            seen |= 1u << ((tuC_bptc_partition3[p] >> (2 * t)) & 3);
        CHECK_EQ_U(seen, 7);
        CHECK(tuC_bptc_anchor2[p] > 0 && tuC_bptc_anchor3a[p] > 0 && tuC_bptc_anchor3b[p] > 0);
    }
    static const uint8_t w4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};
    for (unsigned i = 0; i < 16; i++)
        CHECK_EQ_U(tuC_bptc_weights4[i], w4[i]);
}

static unsigned bc7_interp(unsigned e0, unsigned e1, unsigned w) {
    return ((64 - w) * e0 + w * e1 + 32) >> 6;
}

static void test_bc7(void) {
    uint8_t blk[16] = {0};
    tuC_texel t = texel(TUC_BC7_UNORM_BLOCK, blk, 1, 2); /* mode 8: all 0 */
    for (unsigned c = 0; c < 4; c++)
        CHECK(t.value[c] == 0.0f && t.raw[c] == 0);

    /* mode 6: one subset, RGBA 7 bits + per-endpoint P-bit, 4-bit indices */
    unsigned ep[2][4] = {{10, 100, 127, 0}, {120, 3, 64, 127}}, pbit[2] = {1, 0};
    unsigned pos = 0;
    put(blk, &pos, 7, 1u << 6);
    for (unsigned c = 0; c < 4; c++)
        for (unsigned e = 0; e < 2; e++)
            put(blk, &pos, 7, ep[e][c]);
    put(blk, &pos, 1, pbit[0]);
    put(blk, &pos, 1, pbit[1]);
    for (unsigned i = 0; i < 16; i++)
        put(blk, &pos, i == 0 ? 3 : 4, i == 0 ? 5 : i);
    CHECK_EQ_U(pos, 128);
    for (unsigned i = 0; i < 16; i++) {
        t = texel(TUC_BC7_SRGB_BLOCK, blk, i % 4, i / 4);
        unsigned idx = i == 0 ? 5 : i;
        for (unsigned c = 0; c < 4; c++) {
            unsigned e0 = ep[0][c] << 1 | pbit[0], e1 = ep[1][c] << 1 | pbit[1]; /* 8 bits */
            unsigned want = bc7_interp(e0, e1, tuC_bptc_weights4[idx]);
            CHECK_EQ_U(t.raw[c], want);
            CHECK_F(t.value[c], (float)want / 255.0f);
        }
    }

    /* mode 4: rotation 2 (swap G and A), index selection 1 (colour from the 3-bit index) */
    memset(blk, 0, sizeof blk);
    pos = 0;
    unsigned c4[2][3] = {{31, 0, 16}, {0, 31, 8}}, a4[2] = {63, 5};
    put(blk, &pos, 5, 1u << 4);
    put(blk, &pos, 2, 2); /* rotation */
    put(blk, &pos, 1, 1); /* index selection */
    for (unsigned c = 0; c < 3; c++)
        for (unsigned e = 0; e < 2; e++)
            put(blk, &pos, 5, c4[e][c]);
    for (unsigned e = 0; e < 2; e++)
        put(blk, &pos, 6, a4[e]);
    for (unsigned i = 0; i < 16; i++)
        put(blk, &pos, i == 0 ? 1 : 2, i & (i == 0 ? 1 : 3));
    for (unsigned i = 0; i < 16; i++)
        put(blk, &pos, i == 0 ? 2 : 3, i & (i == 0 ? 3 : 7));
    CHECK_EQ_U(pos, 128);
    for (unsigned i = 0; i < 16; i++) {
        t = texel(TUC_BC7_UNORM_BLOCK, blk, i % 4, i / 4);
        unsigned i2 = i & (i == 0 ? 1 : 3), i3 = i & (i == 0 ? 3 : 7);
        unsigned v[4];
        for (unsigned c = 0; c < 3; c++)
            v[c] = bc7_interp(c4[0][c] << 3 | c4[0][c] >> 2, c4[1][c] << 3 | c4[1][c] >> 2,
                              tuC_bptc_weights3[i3]);
        v[3] = bc7_interp(a4[0] << 2 | a4[0] >> 4, a4[1] << 2 | a4[1] >> 4, tuC_bptc_weights2[i2]);
        unsigned g = v[1];
        v[1] = v[3], v[3] = g; /* rotation 2 */
        for (unsigned c = 0; c < 4; c++)
            CHECK_EQ_U(t.raw[c], v[c]);
    }

    /* mode 1: two subsets, 6-bit colours, one shared P-bit per subset, 3-bit indices with
     * the second subset's anchor one bit shorter */
    memset(blk, 0, sizeof blk);
    pos = 0;
    unsigned partition = 17, col[4][3], sp[2] = {1, 0};
    for (unsigned e = 0; e < 4; e++)
        for (unsigned c = 0; c < 3; c++)
            col[e][c] = (e * 17 + c * 23 + 5) & 63;
    put(blk, &pos, 2, 2);
    put(blk, &pos, 6, partition);
    for (unsigned c = 0; c < 3; c++)
        for (unsigned e = 0; e < 4; e++)
            put(blk, &pos, 6, col[e][c]);
    put(blk, &pos, 1, sp[0]);
    put(blk, &pos, 1, sp[1]);
    unsigned anchor = tuC_bptc_anchor2[partition];
    for (unsigned i = 0; i < 16; i++) {
        bool is_anchor = i == 0 || i == anchor;
        put(blk, &pos, is_anchor ? 2 : 3, (i * 5) & (is_anchor ? 3 : 7));
    }
    CHECK_EQ_U(pos, 128);
    for (unsigned i = 0; i < 16; i++) {
        t = texel(TUC_BC7_UNORM_BLOCK, blk, i % 4, i / 4);
        unsigned s = (tuC_bptc_partition2[partition] >> i) & 1;
        bool is_anchor = i == 0 || i == anchor;
        unsigned idx = (i * 5) & (is_anchor ? 3 : 7);
        for (unsigned c = 0; c < 3; c++) {
            unsigned e0 = col[2 * s][c] << 1 | sp[s], e1 = col[2 * s + 1][c] << 1 | sp[s];
            e0 = e0 << 1 | e0 >> 6, e1 = e1 << 1 | e1 >> 6; /* 7 -> 8 bits */
            CHECK_EQ_U(t.raw[c], bc7_interp(e0, e1, tuC_bptc_weights3[idx]));
        }
        CHECK_EQ_U(t.raw[3], 255); /* no alpha: opaque */
    }
}

/* binary16 bits -> float, independently of the library: sign, exponent, mantissa */
static float half(unsigned h) {
    unsigned e = (h >> 10) & 31, m = h & 1023;
    float v = e == 0    ? ldexpf((float)m, -24)
              : e == 31 ? INFINITY
                        : ldexpf((float)(m | 1024), (int)e - 25);
    return (h & 0x8000) ? -v : v;
}

static void test_bc6h(void) {
    uint8_t blk[16];
    /* the reserved mode numbers 10011, 10111, 11011, 11111 decode to 0 */
    static const unsigned reserved[4] = {0x13, 0x17, 0x1b, 0x1f};
    for (unsigned k = 0; k < 4; k++) {
        memset(blk, 0xff, sizeof blk);
        blk[0] = (uint8_t)(0xe0 | reserved[k]);
        for (unsigned f = 0; f < 2; f++) {
            tuC_texel t = texel(f ? TUC_BC6H_SFLOAT_BLOCK : TUC_BC6H_UFLOAT_BLOCK, blk, 2, 1);
            for (unsigned c = 0; c < 3; c++)
                CHECK(t.value[c] == 0.0f && t.raw[c] == 0);
            CHECK_F(t.value[3], 1.0f);
        }
    }
    /* mode 00011 (10.10, untransformed): w = (1023, 0, 512), x = (0, 1023, 511); indices:
     * texel 0 index 0 (3 bits), the others 15 or 0 */
    unsigned w[3] = {1023, 0, 512}, x[3] = {0, 1023, 511};
    memset(blk, 0, sizeof blk);
    unsigned pos = 0;
    put(blk, &pos, 5, 0x03);
    for (unsigned c = 0; c < 3; c++)
        put(blk, &pos, 10, w[c]);
    for (unsigned c = 0; c < 3; c++)
        put(blk, &pos, 10, x[c]);
    for (unsigned i = 0; i < 16; i++)
        put(blk, &pos, i == 0 ? 3 : 4, (i & 1) ? 15 : 0);
    CHECK_EQ_U(pos, 128);
    for (unsigned i = 0; i < 16; i++) {
        const unsigned *e = (i & 1) ? x : w; /* weight 64 or 0: the endpoint itself */
        tuC_texel u = texel(TUC_BC6H_UFLOAT_BLOCK, blk, i % 4, i / 4);
        tuC_texel s = texel(TUC_BC6H_SFLOAT_BLOCK, blk, i % 4, i / 4);
        for (unsigned c = 0; c < 3; c++) {
            /* unsigned: 0 -> 0, 1023 -> 0xffff, else ((v << 16) + 0x8000) >> 10; then
             * * 31 / 64 */
            unsigned v = e[c], uq = v == 0 ? 0 : v == 1023 ? 0xffff : ((v << 16) + 0x8000) >> 10;
            CHECK_EQ_U(u.raw[c], (uq * 31) >> 6);
            CHECK_F(u.value[c], half((uq * 31) >> 6));
            /* signed: sign-extend 10 bits; |v| >= 511 -> 0x7fff; else ((|v| << 15) + 0x4000)
             * >> 9; then * 31 / 32 with the sign outside */
            int sv = v >= 512 ? (int)v - 1024 : (int)v, m = sv < 0 ? -sv : sv;
            int sq = m == 0 ? 0 : m >= 511 ? 0x7fff : (int)((((unsigned)m << 15) + 0x4000) >> 9);
            unsigned bits = (unsigned)((sq * 31) >> 5) | (sv < 0 ? 0x8000u : 0u);
            CHECK_EQ_U(s.raw[c], bits);
            CHECK_F(s.value[c], half(bits));
        }
    }
    CHECK_EQ_U(texel(TUC_BC6H_UFLOAT_BLOCK, blk, 0, 0).raw[0], 0x7bff); /* 65504 */
    CHECK_EQ_U(texel(TUC_BC6H_SFLOAT_BLOCK, blk, 0, 0).raw[2], 0xfbff); /* -512: -65504 */

    /* mode 00111 (11.9, transformed): rw 11 bits, rx a 9-bit delta; x = (w + d) mod 2^11 */
    memset(blk, 0, sizeof blk);
    pos = 0;
    unsigned w11[3] = {1500, 3, 2047};
    int d9[3] = {-7, -4, 1}; /* 2047 + 1 wraps to 0 */
    put(blk, &pos, 5, 0x07);
    for (unsigned c = 0; c < 3; c++)
        put(blk, &pos, 10, w11[c] & 1023);
    for (unsigned c = 0; c < 3; c++) {
        put(blk, &pos, 9, (uint32_t)d9[c] & 511);
        put(blk, &pos, 1, w11[c] >> 10);
    }
    for (unsigned i = 0; i < 16; i++)
        put(blk, &pos, i == 0 ? 3 : 4, 15 * (i != 0));
    CHECK_EQ_U(pos, 128);
    tuC_texel u = texel(TUC_BC6H_UFLOAT_BLOCK, blk, 1, 0);
    for (unsigned c = 0; c < 3; c++) {
        unsigned v = (unsigned)((int)w11[c] + d9[c]) & 2047;
        unsigned uq = v == 0 ? 0 : v == 2047 ? 0xffff : ((v << 16) + 0x8000) >> 11;
        CHECK_EQ_U(u.raw[c], (uq * 31) >> 6);
    }
}

/* ---- ETC2 / EAC (DFS "ETC2 Compressed Texture Image Formats") ----------------------------- */

/* Pixel indices of an ETC2 colour block: texel (x, y) is entry x * 4 + y. */
static uint64_t etc_indices(const unsigned idx[16] /* row-major */) {
    uint64_t v = 0;
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++) {
            unsigned e = x * 4 + y, i = idx[y * 4 + x];
            v |= (uint64_t)(i >> 1) << (16 + e) | (uint64_t)(i & 1) << e;
        }
    return v;
}

static int clamp255(int v) {
    return v < 0 ? 0 : v > 255 ? 255 : v;
}

static void test_etc2(void) {
    uint8_t blk[16];
    unsigned idx[16];
    for (unsigned i = 0; i < 16; i++)
        idx[i] = 1; /* msb 0, lsb 1: +b */

    /* DFS differential-mode example: R = 28, G = 4, B = 3 -> (231, 33, 24); with Rd = -4,
     * Gd = 2, Bd = 0 subblock 2 is (198, 49, 24); table codeword 2 -> [-29, -9, 9, 29]; the
     * modifier +29 then clamps, as in (231 + 29, ...) -> 255 */
    uint64_t w = (uint64_t)28 << 59 | (uint64_t)4 << 56 /* -4 */ | (uint64_t)4 << 51 |
                 (uint64_t)2 << 48 | (uint64_t)3 << 43 | (uint64_t)0 << 40 | (uint64_t)2 << 37 |
                 (uint64_t)2 << 34 | (uint64_t)1 << 33 /* diff */ | 0 /* flip 0 */;
    put_be64(blk, w | etc_indices(idx));
    int base1[3] = {231, 33, 24}, base2[3] = {198, 49, 24};
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++) {
            tuC_texel t = texel(TUC_ETC2_R8G8B8_UNORM_BLOCK, blk, x, y);
            const int *base = x < 2 ? base1 : base2; /* flip 0: side by side */
            for (unsigned c = 0; c < 3; c++)
                CHECK_EQ_U(t.raw[c], clamp255(base[c] + 29));
            CHECK_EQ_U(t.raw[3], 255);
        }
    /* the same block as RGB8A1: bit 33 is "opaque" (1): unchanged, alpha 255 */
    tuC_texel pt = texel(TUC_ETC2_R8G8B8A1_UNORM_BLOCK, blk, 0, 0);
    CHECK(pt.raw[0] == 255 && pt.raw[1] == 62 && pt.raw[3] == 255);
    /* opaque 0: index 0 -> no modifier, 1 -> +b, 2 -> transparent black, 3 -> -b */
    for (unsigned i = 0; i < 16; i++)
        idx[i] = i & 3;
    put_be64(blk, (w & ~((uint64_t)1 << 33)) | etc_indices(idx));
    for (unsigned i = 0; i < 16; i++) {
        tuC_texel t = texel(TUC_ETC2_R8G8B8A1_SRGB_BLOCK, blk, i % 4, i / 4);
        const int *base = i % 4 < 2 ? base1 : base2;
        static const int mod[4] = {0, 29, 0, -29};
        for (unsigned c = 0; c < 3; c++)
            CHECK_EQ_U(t.raw[c], idx[i] == 2 ? 0 : clamp255(base[c] + mod[idx[i]]));
        CHECK_EQ_U(t.raw[3], idx[i] == 2 ? 0 : 255);
    }

    /* individual mode (diff 0), flip 1: 4-bit colours x 17, sub-block 2 below */
    w = (uint64_t)0x3 << 60 | (uint64_t)0xc << 56 | (uint64_t)0x5 << 52 | (uint64_t)0xa << 48 |
        (uint64_t)0xf << 44 | (uint64_t)0x0 << 40 | (uint64_t)7 << 37 | (uint64_t)0 << 34;
    for (unsigned i = 0; i < 16; i++)
        idx[i] = 3; /* -b */
    put_be64(blk, w | (uint64_t)1 << 32 | etc_indices(idx));
    for (unsigned i = 0; i < 16; i++) {
        tuC_texel t = texel(TUC_ETC2_R8G8B8_SRGB_BLOCK, blk, i % 4, i / 4);
        bool second = i / 4 >= 2;
        int base[3] = {second ? 0xcc : 0x33, second ? 0xaa : 0x55, second ? 0x00 : 0xff};
        int b = second ? 8 : 183; /* table 0 / table 7 */
        for (unsigned c = 0; c < 3; c++)
            CHECK_EQ_U(t.raw[c], clamp255(base[c] - b));
    }

    /* T mode (R + Rd overflows): C1 = (R1a:R1b, G1, B1), C2, distance index (da:db) */
    for (unsigned i = 0; i < 16; i++)
        idx[i] = i & 3;
    unsigned r1 = 0xb, g1 = 0x4, b1 = 0x7, r2 = 0x2, g2 = 0xe, b2 = 0x9, di = 5;
    w = (uint64_t)7 << 61 /* R = 111xx and Rd = 0xx: R + Rd > 31 */ | (uint64_t)(r1 >> 2) << 59 |
        (uint64_t)(r1 & 3) << 56 | (uint64_t)g1 << 52 | (uint64_t)b1 << 48 | (uint64_t)r2 << 44 |
        (uint64_t)g2 << 40 | (uint64_t)b2 << 36 | (uint64_t)(di >> 1) << 34 | (uint64_t)1 << 33 |
        (uint64_t)(di & 1) << 32;
    /* R = bits 63..59, Rd = 58..56: check that the test block really is a T block */
    int R = (int)((w >> 59) & 31), Rd = (int)((w >> 56) & 7);
    Rd = Rd >= 4 ? Rd - 8 : Rd;
    CHECK(R + Rd < 0 || R + Rd > 31);
    put_be64(blk, w | etc_indices(idx));
    static const int dist[8] = {3, 6, 11, 16, 23, 32, 41, 64};
    for (unsigned i = 0; i < 16; i++) {
        tuC_texel t = texel(TUC_ETC2_R8G8B8_UNORM_BLOCK, blk, i % 4, i / 4);
        int c1[3] = {(int)r1 * 17, (int)g1 * 17, (int)b1 * 17};
        int c2[3] = {(int)r2 * 17, (int)g2 * 17, (int)b2 * 17};
        for (unsigned c = 0; c < 3; c++) {
            int paint[4] = {c1[c], clamp255(c2[c] + dist[di]), c2[c], clamp255(c2[c] - dist[di])};
            CHECK_EQ_U(t.raw[c], paint[idx[i]]);
        }
    }

    /* H mode (G + Gd overflows, R + Rd does not) */
    r1 = 0x9, g1 = 0x7, b1 = 0xd, r2 = 0x4, g2 = 0x1, b2 = 0xf;
    w = (uint64_t)r1 << 59 | (uint64_t)(g1 >> 1) << 56 | (uint64_t)7 << 53 /* G overflow */ |
        (uint64_t)(g1 & 1) << 52 | (uint64_t)(b1 >> 3) << 51 | (uint64_t)(b1 & 7) << 47 |
        (uint64_t)r2 << 43 | (uint64_t)g2 << 39 | (uint64_t)b2 << 35 | (uint64_t)1 << 34 |
        (uint64_t)1 << 33 | (uint64_t)0 << 32;
    R = (int)((w >> 59) & 31), Rd = (int)((w >> 56) & 7);
    int G = (int)((w >> 51) & 31), Gd = (int)((w >> 48) & 7);
    Rd = Rd >= 4 ? Rd - 8 : Rd, Gd = Gd >= 4 ? Gd - 8 : Gd;
    CHECK(R + Rd >= 0 && R + Rd <= 31 && (G + Gd < 0 || G + Gd > 31));
    put_be64(blk, w | etc_indices(idx));
    /* distance index: da (bit 34), db (bit 32), and whether C1 >= C2 as 12-bit numbers */
    di = 1u << 2 | 0u << 1 | ((r1 << 8 | g1 << 4 | b1) >= (r2 << 8 | g2 << 4 | b2) ? 1u : 0u);
    for (unsigned i = 0; i < 16; i++) {
        tuC_texel t = texel(TUC_ETC2_R8G8B8_UNORM_BLOCK, blk, i % 4, i / 4);
        int c1[3] = {(int)r1 * 17, (int)g1 * 17, (int)b1 * 17};
        int c2[3] = {(int)r2 * 17, (int)g2 * 17, (int)b2 * 17};
        for (unsigned c = 0; c < 3; c++) {
            int paint[4] = {clamp255(c1[c] + dist[di]), clamp255(c1[c] - dist[di]),
                            clamp255(c2[c] + dist[di]), clamp255(c2[c] - dist[di])};
            CHECK_EQ_U(t.raw[c], paint[idx[i]]);
        }
    }

    /* planar (B + Bd overflows): O, H, V colours, (x (H - O) + y (V - O) + 4 O + 2) >> 2 */
    unsigned ro = 50, go = 100, bo = 27, rh = 10, gh = 127, bh = 60, rv = 63, gv = 0, bv = 33;
    w = (uint64_t)ro << 57 | (uint64_t)(go >> 6) << 56 | (uint64_t)(go & 63) << 49 |
        (uint64_t)(bo >> 5) << 48 | (uint64_t)7 << 45 /* B overflow */ |
        (uint64_t)((bo >> 3) & 3) << 43 | (uint64_t)(bo & 7) << 39 | (uint64_t)(rh >> 1) << 34 |
        (uint64_t)1 << 33 | (uint64_t)(rh & 1) << 32 | (uint64_t)gh << 25 | (uint64_t)bh << 19 |
        (uint64_t)rv << 13 | (uint64_t)gv << 6 | bv;
    R = (int)((w >> 59) & 31), Rd = (int)((w >> 56) & 7), G = (int)((w >> 51) & 31);
    Gd = (int)((w >> 48) & 7);
    int B = (int)((w >> 43) & 31), Bd = (int)((w >> 40) & 7);
    Rd = Rd >= 4 ? Rd - 8 : Rd, Gd = Gd >= 4 ? Gd - 8 : Gd, Bd = Bd >= 4 ? Bd - 8 : Bd;
    CHECK(R + Rd >= 0 && R + Rd <= 31 && G + Gd >= 0 && G + Gd <= 31 &&
          (B + Bd < 0 || B + Bd > 31));
    put_be64(blk, w);
    int o[3] = {(int)(ro << 2 | ro >> 4), (int)(go << 1 | go >> 6), (int)(bo << 2 | bo >> 4)};
    int hh[3] = {(int)(rh << 2 | rh >> 4), (int)(gh << 1 | gh >> 6), (int)(bh << 2 | bh >> 4)};
    int vv[3] = {(int)(rv << 2 | rv >> 4), (int)(gv << 1 | gv >> 6), (int)(bv << 2 | bv >> 4)};
    for (unsigned i = 0; i < 16; i++) {
        int x = (int)(i % 4), y = (int)(i / 4);
        tuC_texel t = texel(TUC_ETC2_R8G8B8A1_UNORM_BLOCK, blk, (unsigned)x, (unsigned)y);
        for (unsigned c = 0; c < 3; c++) {
            int num = x * (hh[c] - o[c]) + y * (vv[c] - o[c]) + 4 * o[c] + 2;
            int v = num >= 0 ? num / 4 : -((-num + 3) / 4); /* floor */
            CHECK_EQ_U(t.raw[c], clamp255(v));
        }
        CHECK_EQ_U(t.raw[3], 255); /* planar blocks are opaque */
    }
}

/* An EAC block: base, multiplier, table, and one 3-bit index per texel (row-major). */
static void eac_block(uint8_t *p, unsigned base, unsigned mult, unsigned table,
                      const unsigned idx[16]) {
    uint64_t v = (uint64_t)base << 56 | (uint64_t)mult << 52 | (uint64_t)table << 48;
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++)
            v |= (uint64_t)idx[y * 4 + x] << (45 - 3 * (x * 4 + y));
    put_be64(p, v);
}

static void test_eac(void) {
    uint8_t blk[16];
    unsigned idx[16];
    for (unsigned i = 0; i < 16; i++)
        idx[i] = 3;
    /* DFS R11 EAC examples: base 103, table 13, pixel index 3: multiplier 2 -> 668,
     * multiplier 0 -> 818. Signed: base 60: multiplier 2 -> 320, multiplier 0 -> 470. */
    eac_block(blk, 103, 2, 13, idx);
    eac_block(blk + 8, 103, 0, 13, idx);
    tuC_texel t = texel(TUC_EAC_R11G11_UNORM_BLOCK, blk, 0, 1);
    CHECK_EQ_U(t.raw[0], 668);
    CHECK_EQ_U(t.raw[1], 818);
    CHECK_F(t.value[0], 668.0f / 2047.0f);
    eac_block(blk, 60, 2, 13, idx);
    eac_block(blk + 8, 60, 0, 13, idx);
    t = texel(TUC_EAC_R11G11_SNORM_BLOCK, blk, 3, 2);
    CHECK_EQ_U(t.raw[0], 320);
    CHECK_EQ_U(t.raw[1], 470);
    CHECK_F(t.value[1], 470.0f / 1023.0f);
    /* signed base -128 "must be treated as -127"; clamping at -1023 / 2047 */
    for (unsigned i = 0; i < 16; i++)
        idx[i] = i & 7;
    eac_block(blk, 0x80, 1, 0, idx);
    static const int m0[8] = {-3, -6, -9, -15, 2, 5, 8, 14};
    for (unsigned i = 0; i < 16; i++) {
        t = texel(TUC_EAC_R11_SNORM_BLOCK, blk, i % 4, i / 4);
        int v = -127 * 8 + m0[i & 7] * 8;
        CHECK_EQ_U(t.raw[0], v < -1023 ? -1023 : v);
        CHECK(t.value[0] >= -1.0f);
    }
    eac_block(blk, 255, 15, 0, idx);
    for (unsigned i = 0; i < 16; i++) {
        t = texel(TUC_EAC_R11_UNORM_BLOCK, blk, i % 4, i / 4);
        int v = 255 * 8 + 4 + m0[i & 7] * 15 * 8;
        CHECK_EQ_U(t.raw[0], v > 2047 ? 2047 : v < 0 ? 0 : v);
    }
    /* ETC2 RGBA8 alpha: base + modifier * multiplier, multiplier 0 really is 0 */
    eac_block(blk, 250, 0, 0, idx);
    memset(blk + 8, 0, 8);
    for (unsigned i = 0; i < 16; i++)
        CHECK_EQ_U(texel(TUC_ETC2_R8G8B8A8_SRGB_BLOCK, blk, i % 4, i / 4).raw[3], 250);
    eac_block(blk, 250, 3, 0, idx);
    for (unsigned i = 0; i < 16; i++)
        CHECK_EQ_U(texel(TUC_ETC2_R8G8B8A8_UNORM_BLOCK, blk, i % 4, i / 4).raw[3],
                   clamp255(250 + m0[i & 7] * 3));
}

/* ---- ASTC: what does not need the reference codec ---------------------------------------- */

static void test_astc_special_blocks(void) {
    uint8_t blk[16];
    /* void extent, LDR, all-ones extents: the stored UNORM16 colour */
    unsigned pos = 0;
    put(blk, &pos, 12, 0xdfc);
    for (unsigned i = 0; i < 4; i++)
        put(blk, &pos, 13, 0x1fff);
    static const unsigned colour[4] = {0x1234, 0xffff, 0x0000, 0x80ff};
    for (unsigned c = 0; c < 4; c++)
        put(blk, &pos, 16, colour[c]);
    for (unsigned y = 0; y < 5; y++) {
        tuC_texel u = texel(TUC_ASTC_8x5_UNORM_BLOCK, blk, 7, y);
        tuC_texel h = texel(TUC_ASTC_8x5_SFLOAT_BLOCK, blk, 7, y);
        for (unsigned c = 0; c < 4; c++) {
            CHECK_EQ_U(u.raw[c], colour[c] >> 8); /* decode_unorm8: the top 8 bits */
            CHECK(fabsf(u.value[c] - (float)colour[c] / 65536.0f) <= 1.0f / 2048 ||
                  colour[c] == 0xffff);
            CHECK(h.value[c] == u.value[c]);
        }
        CHECK_F(u.value[1], 1.0f);
    }
    /* an HDR void extent: binary16 colours in the HDR profile, the error colour in LDR */
    blk[1] |= 0x02; /* bit 9 */
    tuC_texel h = texel(TUC_ASTC_4x4_SFLOAT_BLOCK, blk, 0, 0);
    tuC_texel l = texel(TUC_ASTC_4x4_SRGB_BLOCK, blk, 0, 0);
    for (unsigned c = 0; c < 4; c++)
        CHECK_EQ_U(h.raw[c], colour[c]);
    CHECK(l.raw[0] == 255 && l.raw[1] == 0 && l.raw[2] == 255 && l.raw[3] == 255);
    /* a reserved block mode (bits 3..0 zero): error colour, magenta / NaN */
    memset(blk, 0, sizeof blk);
    tuC_texel e = texel(TUC_ASTC_6x6_UNORM_BLOCK, blk, 5, 5);
    CHECK(e.value[0] == 1.0f && e.value[1] == 0.0f && e.value[2] == 1.0f && e.value[3] == 1.0f);
    e = texel(TUC_ASTC_6x6_SFLOAT_BLOCK, blk, 5, 5);
    for (unsigned c = 0; c < 4; c++)
        CHECK(e.raw[c] == 0xffff && isnan(e.value[c]));
}

/* ---- random blocks ------------------------------------------------------------------------ */

static void check_random_blocks(tuC_codec family_lo, tuC_codec family_hi, unsigned count) {
    unsigned formats[TUC_FORMAT_COUNT], nf = 0;
    for (unsigned f = 1; f < TUC_FORMAT_COUNT; f++) {
        tuC_codec c = tuC_format_info_get((tuC_format)f)->codec;
        if (c >= family_lo && c <= family_hi) formats[nf++] = f;
    }
    unsigned long blocks = 0;
    for (unsigned n = 0; n < count; n++) {
        tuC_format f = (tuC_format)formats[n % nf];
        const tuC_format_info *info = tuC_format_info_get(f);
        unsigned texels = info->block_width * info->block_height;
        tuC_raw_kind kind = tuC_format_raw_kind(info);
        uint8_t *blk = malloc(info->block_bytes); /* exactly one block: ASan sees overreads */
        if (!CHECK(blk)) return;
        for (unsigned i = 0; i < info->block_bytes; i++)
            blk[i] = (uint8_t)tu_test_rand(&rng);
        if ((n & 3) == 0 && info->codec == TUC_BC7) blk[0] &= 0xf0; /* more of modes 4..8 */
        tuC_texel all[TUC_MAX_BLOCK_TEXELS], one;
        tu_error err;
        if (!CHECK(tuC_decode_block(f, blk, info->block_bytes, all, texels, &err) == TU_OK)) {
            free(blk);
            continue;
        }
        blocks++;
        /* one texel alone, at a random place, equals the block's */
        unsigned t = (unsigned)(tu_test_rand(&rng) % texels);
        CHECK(tuC_decode_texel(f, blk, info->block_bytes, t % info->block_width,
                               t / info->block_width, &one, &err) == TU_OK);
        CHECK(memcmp(&one, &all[t], sizeof one) == 0, "%s texel %u", info->name, t);
        for (unsigned i = 0; i < texels; i++)
            for (unsigned c = 0; c < 4; c++) {
                float v = all[i].value[c];
                int32_t r = all[i].raw[c];
                bool ok;
                switch (kind) {
                case TUC_RAW_UNORM8: {
                    /* ASTC UNORM (all four) and sRGB alpha: value from decode_float16, raw
                     * its top 8 bits; the others: value = raw / 255 exactly */
                    bool fp16_path =
                        info->codec == TUC_ASTC_LDR && (!(info->flags & TUC_SRGB) || c == 3);
                    ok = r >= 0 && r <= 255 &&
                         (fp16_path ? fabsf(v - (float)r / 255.0f) <= 1.5f / 255.0f
                                    : v == (float)r / 255.0f);
                    break;
                }
                case TUC_RAW_UNORM11:
                    ok = c > 1 || (r >= 0 && r <= 2047 && v == (float)r / 2047.0f);
                    break;
                case TUC_RAW_SNORM11:
                    ok = c > 1 || (r >= -1023 && r <= 1023 && v == (float)r / 1023.0f);
                    break;
                case TUC_RAW_FP16:
                    ok = c == 3 || (r >= 0 && r <= 0xffff && (v == half((unsigned)r) || isnan(v)));
                    if (info->codec == TUC_BC6H && c < 3) /* finite; unsigned never negative */
                        ok = ok && isfinite(v) && ((info->flags & TUC_SIGNED) || v >= 0.0f);
                    break;
                default:
                    ok = (info->flags & TUC_SIGNED) ? v >= -1.0f && v <= 1.0f
                                                    : v >= 0.0f && v <= 1.0f;
                    break;
                }
                if (!CHECK(ok, "%s texel %u comp %u: value %g raw %d", info->name, i, c, (double)v,
                           (int)r))
                    break;
            }
        /* components the format lacks */
        unsigned channels = tuC_format_channels(info);
        for (unsigned c = channels; c < 4; c++)
            CHECK(all[t].value[c] == (c == 3 ? 1.0f : 0.0f));
        free(blk);
    }
    CHECK(blocks >= count, "%lu blocks", blocks);
}

static void test_random_bc(void) {
    check_random_blocks(TUC_BC1, TUC_BC7, 160000);
}

static void test_random_etc(void) {
    check_random_blocks(TUC_ETC2_RGB8, TUC_EAC_RG11, 100000);
}

static void test_random_astc(void) {
    check_random_blocks(TUC_ASTC_LDR, TUC_ASTC_HDR, 100000);
}

int main(void) {
    rng = tu_test_seed(rng);
    TU_RUN(test_table_and_errors);
    TU_RUN(test_bc1_bc2_bc3);
    TU_RUN(test_bc4_bc5);
    TU_RUN(test_bptc_tables);
    TU_RUN(test_bc7);
    TU_RUN(test_bc6h);
    TU_RUN(test_etc2);
    TU_RUN(test_eac);
    TU_RUN(test_astc_special_blocks);
    TU_RUN(test_random_bc);
    TU_RUN(test_random_etc);
    TU_RUN(test_random_astc);
    return tu_test_finish();
}
