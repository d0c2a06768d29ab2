/* SPDX-License-Identifier: MIT */
/*
 * test_nv_tic.c - Maxwell texture headers and samplers (NVIDIA open-gpu-doc clb097tex.h,
 * TEXHEAD_BL .. _1D and TEXSAMP0..7): every field of every header layout at the bits
 * clb097tex.h gives (typed in here from its structures, not taken from the implementation),
 * signed and split fields, lossless round trips of random entries, refusals of values a layout
 * cannot hold; the sampler's meaning and TLD's override sampler (NVIDIA TLD page); the format
 * table both ways; a header as a texture, with every refusal; pools, MaximumIndex, regions and
 * the constant bank.
 */
#include "texunit/texunit.h"
#include "texunit/nv.h"

#include "tu_test.h"

#include <stdlib.h>

enum { V1D = 1, VPCK = 2, VP = 4, VBL = 8, VBLCK = 16 };
#define ALL  (V1D | VPCK | VP | VBL | VBLCK)
#define BLK  (VBL | VBLCK)
#define PIT  (VP | VPCK)
#define BP   (BLK | PIT)
#define NOCK (VBL | VP)
#define CK   (VBLCK | VPCK)

/* The TEXHEAD_BL fields of NVIDIA's clb097tex.h (plus the pitch and 1D variants). */
static const struct {
    const char *name;
    unsigned hi, lo, shift, layouts;
} tic_rows[] = {
    {"COMPONENTS", 6, 0, 0, ALL},
    {"R_DATA_TYPE", 9, 7, 0, ALL},
    {"G_DATA_TYPE", 12, 10, 0, ALL},
    {"B_DATA_TYPE", 15, 13, 0, ALL},
    {"A_DATA_TYPE", 18, 16, 0, ALL},
    {"X_SOURCE", 21, 19, 0, ALL},
    {"Y_SOURCE", 24, 22, 0, ALL},
    {"Z_SOURCE", 27, 25, 0, ALL},
    {"W_SOURCE", 30, 28, 0, ALL},
    {"PACK_COMPONENTS", 31, 31, 0, ALL},
    {"GOB_DEPTH_OFFSET", 38, 37, 0, BLK},
    {"ADDRESS", 63, 41, 9, BLK},
    {"ADDRESS", 63, 37, 5, PIT},
    {"ADDRESS", 63, 32, 0, V1D},
    {"ADDRESS", 79, 64, 32, ALL},
    {"RESOURCE_VIEW_COHERENCY_HASH", 92, 89, 0, ALL},
    {"GOBS_PER_BLOCK_WIDTH", 98, 96, 0, BLK},
    {"GOBS_PER_BLOCK_HEIGHT", 101, 99, 0, BLK},
    {"GOBS_PER_BLOCK_DEPTH", 104, 102, 0, BLK},
    {"SPARSE_ENABLE", 105, 105, 0, BLK},
    {"TILE_WIDTH_IN_GOBS", 108, 106, 0, BLK},
    {"GOB3D", 109, 109, 0, BLK},
    {"USE_ARRAY_TILE_ALIGNMENT", 110, 110, 0, BLK},
    {"PITCH", 111, 96, 5, PIT},
    {"WIDTH_MINUS_ONE", 111, 96, 16, V1D},
    {"LOD_ANISO_QUALITY2", 112, 112, 0, BP},
    {"LOD_ANISO_QUALITY", 113, 113, 0, BP},
    {"LOD_ISO_QUALITY", 114, 114, 0, BP},
    {"ANISO_COARSE_SPREAD_MODIFIER", 116, 115, 0, BP},
    {"ANISO_SPREAD_SCALE", 121, 117, 0, BP},
    {"USE_HEADER_OPT_CONTROL", 122, 122, 0, BP},
    {"DEPTH_TEXTURE", 123, 123, 0, BP},
    {"MAX_MIP_LEVEL", 127, 124, 0, BP},
    {"WIDTH_MINUS_ONE", 143, 128, 0, ALL},
    {"ANISO_SPREAD_MAX_LOG2", 149, 147, 0, BP},
    {"S_R_G_B_CONVERSION", 150, 150, 0, ALL},
    {"TEXTURE_TYPE", 154, 151, 0, ALL},
    {"SECTOR_PROMOTION", 156, 155, 0, ALL},
    {"BORDER_SIZE", 159, 157, 0, BP},
    {"HEIGHT_MINUS_ONE", 175, 160, 0, BP},
    {"DEPTH_MINUS_ONE", 189, 176, 0, BP},
    {"NORMALIZED_COORDS", 191, 191, 0, BP},
    {"TRILIN_OPT", 197, 193, 0, BP},
    {"MIP_LOD_BIAS", 210, 198, 0, BP},
    {"ANISO_BIAS", 214, 211, 0, BP},
    {"ANISO_FINE_SPREAD_FUNC", 216, 215, 0, BP},
    {"ANISO_COARSE_SPREAD_FUNC", 218, 217, 0, BP},
    {"MAX_ANISOTROPY", 221, 219, 0, BP},
    {"ANISO_FINE_SPREAD_MODIFIER", 223, 222, 0, BP},
    {"RES_VIEW_MIN_MIP_LEVEL", 227, 224, 0, NOCK},
    {"RES_VIEW_MAX_MIP_LEVEL", 231, 228, 0, NOCK},
    {"MULTI_SAMPLE_COUNT", 235, 232, 0, NOCK},
    {"MIN_LOD_CLAMP", 247, 236, 0, NOCK},
    {"COLOR_KEY_VALUE", 255, 224, 0, CK},
};

static void set_bits(uint32_t w[8], unsigned hi, unsigned lo) {
    for (unsigned b = lo; b <= hi; b++)
        w[b / 32] |= 1u << (b % 32);
}

static void words_of(const uint8_t *bytes, uint32_t w[8]) {
    for (int i = 0; i < 8; i++)
        w[i] = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 |
               (uint32_t)bytes[4 * i + 2] << 16 | (uint32_t)bytes[4 * i + 3] << 24;
}

static bool has_field(const char *name, unsigned layout) {
    for (size_t i = 0; i < sizeof tic_rows / sizeof tic_rows[0]; i++)
        if (strcmp(tic_rows[i].name, name) == 0 && (tic_rows[i].layouts >> layout & 1)) return true;
    return false;
}

static void test_tic_field_positions(void) {
    for (unsigned v = 0; v <= 4; v++) {
        for (size_t i = 0; i < sizeof tic_rows / sizeof tic_rows[0]; i++) {
            const unsigned width = tic_rows[i].hi - tic_rows[i].lo + 1;
            const uint64_t value = (width >= 32 ? 0xffffffffull : (1ull << width) - 1)
                                   << tic_rows[i].shift;
            tu_nv_tic h;
            memset(&h, 0, sizeof h);
            h.header_version = v;
            tu_error err;
            CHECK(tu_nv_tic_set(&h, tic_rows[i].name, (int64_t)value, &err) == TU_OK, "%s",
                  err.message);
            if (strcmp(tic_rows[i].name, "MIP_LOD_BIAS") == 0)
                tu_nv_tic_set(&h, "MIP_LOD_BIAS", -1, &err); /* all ones, signed */
            uint8_t bytes[32];
            if (!(tic_rows[i].layouts >> v & 1)) {
                if (!has_field(tic_rows[i].name, v))
                    CHECK_ERR(tu_nv_tic_encode(&h, bytes, &err), TU_INVALID_ARGUMENT, &err,
                              "entry has no");
                continue;
            }
            if (!CHECK(tu_nv_tic_encode(&h, bytes, &err) == TU_OK, "layout %u %s: %s", v,
                       tic_rows[i].name, err.message))
                continue;
            uint32_t want[8] = {0}, got[8];
            set_bits(want, tic_rows[i].hi, tic_rows[i].lo);
            want[2] |= v << 21; /* HEADER_VERSION 87:85 */
            words_of(bytes, got);
            for (int k = 0; k < 8; k++)
                CHECK(got[k] == want[k], "layout %u %s word %d: 0x%08x want 0x%08x", v,
                      tic_rows[i].name, k, got[k], want[k]);
            tu_nv_tic back;
            CHECK(tu_nv_tic_decode(bytes, &back, &err) == TU_OK);
            int64_t got_value;
            tu_nv_tic_get(&back, tic_rows[i].name, &got_value, &err);
            int64_t set_value;
            tu_nv_tic_get(&h, tic_rows[i].name, &set_value, &err);
            CHECK(got_value == set_value, "layout %u %s decodes as %lld, set %lld", v,
                  tic_rows[i].name, (long long)got_value, (long long)set_value);
        }
    }
}

static void test_tic_values(void) {
    tu_nv_tic h;
    tu_error err;
    uint8_t bytes[32];
    memset(&h, 0, sizeof h);
    h.header_version = TU_NV_HEADER_BLOCKLINEAR;
    /* MIP_LOD_BIAS: 13-bit signed, -4096..4095. */
    h.mip_lod_bias = -4096;
    CHECK(tu_nv_tic_encode(&h, bytes, &err) == TU_OK);
    tu_nv_tic back;
    tu_nv_tic_decode(bytes, &back, &err);
    CHECK(back.mip_lod_bias == -4096);
    h.mip_lod_bias = 4096;
    CHECK_ERR(tu_nv_tic_encode(&h, bytes, &err), TU_INVALID_ARGUMENT, &err,
              "MIP_LOD_BIAS 4096 is outside the 13-bit signed range -4096..4095");
    h.mip_lod_bias = -4097;
    CHECK_ERR(tu_nv_tic_encode(&h, bytes, &err), TU_INVALID_ARGUMENT, &err, "MIP_LOD_BIAS -4097");
    h.mip_lod_bias = 0;
    /* Addresses: 47:9 in block-linear, 47:5 in pitch, 47:0 in 1D buffer headers. */
    h.address = 0x123456789a00ull;
    CHECK(tu_nv_tic_encode(&h, bytes, &err) == TU_OK, "%s", err.message);
    tu_nv_tic_decode(bytes, &back, &err);
    CHECK_EQ_U(back.address, 0x123456789a00ull);
    h.address = 0x100;
    CHECK_ERR(tu_nv_tic_encode(&h, bytes, &err), TU_INVALID_ARGUMENT, &err,
              "ADDRESS 0x100 does not fit");
    h.address = 1ull << 48;
    CHECK_ERR(tu_nv_tic_encode(&h, bytes, &err), TU_INVALID_ARGUMENT, &err, "ADDRESS");
    h.header_version = TU_NV_HEADER_PITCH;
    h.address = 0x120;
    CHECK(tu_nv_tic_encode(&h, bytes, &err) == TU_OK);
    h.address = 0x121;
    CHECK_ERR(tu_nv_tic_encode(&h, bytes, &err), TU_INVALID_ARGUMENT, &err, "ADDRESS 0x121");
    h.address = 0, h.pitch = 0x40;
    CHECK(tu_nv_tic_encode(&h, bytes, &err) == TU_OK);
    h.pitch = 0x41;
    CHECK_ERR(tu_nv_tic_encode(&h, bytes, &err), TU_INVALID_ARGUMENT, &err, "PITCH 0x41");
    h.pitch = 0;
    h.header_version = TU_NV_HEADER_ONE_D_BUFFER;
    h.address = 0xabcdef012345ull;
    h.width_minus_one = 0x12345678;
    CHECK(tu_nv_tic_encode(&h, bytes, &err) == TU_OK, "%s", err.message);
    tu_nv_tic_decode(bytes, &back, &err);
    CHECK_EQ_U(back.address, 0xabcdef012345ull);
    CHECK_EQ_U(back.width_minus_one, 0x12345678);
    uint32_t w[8];
    words_of(bytes, w);
    CHECK_EQ_U(w[1], 0xef012345);      /* ADDRESS_BITS31TO0 MW(63:32) */
    CHECK_EQ_U(w[3] & 0xffff, 0x1234); /* WIDTH_MINUS_ONE_BITS31TO16 MW(111:96) */
    CHECK_EQ_U(w[4] & 0xffff, 0x5678); /* WIDTH_MINUS_ONE_BITS15TO0 MW(143:128) */
    /* A field too wide for its bits; a bad version; reserved bits over a field. */
    memset(&h, 0, sizeof h);
    h.header_version = TU_NV_HEADER_BLOCKLINEAR;
    h.max_mip_level = 16;
    CHECK_ERR(tu_nv_tic_encode(&h, bytes, &err), TU_INVALID_ARGUMENT, &err, "MAX_MIP_LEVEL 0x10");
    h.max_mip_level = 0;
    h.reserved[4] = 1; /* WIDTH_MINUS_ONE bit 0 */
    CHECK_ERR(tu_nv_tic_encode(&h, bytes, &err), TU_INVALID_ARGUMENT, &err,
              "reserved[4] 0x00000001 overlaps");
    h.reserved[4] = 0;
    h.header_version = 5;
    CHECK_ERR(tu_nv_tic_encode(&h, bytes, &err), TU_INVALID_ARGUMENT, &err, "HEADER_VERSION 5");
    memset(bytes, 0, sizeof bytes);
    bytes[10] = 5 << 5; /* bits 87:85 = 5 */
    CHECK_ERR(tu_nv_tic_decode(bytes, &back, &err), TU_PARSE_ERROR, &err,
              "HEADER_VERSION 5 is not one of");
    CHECK_ERR(tu_nv_tic_get(&h, "NO_SUCH_FIELD", &(int64_t){0}, &err), TU_INVALID_ARGUMENT, &err,
              "has no field named 'NO_SUCH_FIELD'");
    CHECK(tu_nv_tic_set(&h, "res_view_min_mip_level", 3, &err) == TU_OK);
    CHECK(h.res_view_min_mip_level == 3);
    /* Set refuses what the member cannot hold, which it once cut to the low 32 bits (2^32 and
     * INT64_MIN both became 0, a valid level). */
    CHECK_ERR(
        tu_nv_tic_set(&h, "RES_VIEW_MIN_MIP_LEVEL", (int64_t)1 << 32, &err), TU_INVALID_ARGUMENT,
        &err,
        "RES_VIEW_MIN_MIP_LEVEL 4294967296 is outside the 32-bit unsigned range 0..4294967295");
    CHECK_ERR(tu_nv_tic_set(&h, "RES_VIEW_MIN_MIP_LEVEL", INT64_MIN, &err), TU_INVALID_ARGUMENT,
              &err, "-9223372036854775808 is outside the 32-bit unsigned range");
    CHECK_ERR(tu_nv_tic_set(&h, "RES_VIEW_MIN_MIP_LEVEL", -1, &err), TU_INVALID_ARGUMENT, &err,
              "-1 is outside the 32-bit unsigned range");
    CHECK(h.res_view_min_mip_level == 3);
    CHECK(tu_nv_tic_set(&h, "MIP_LOD_BIAS", INT32_MIN, &err) == TU_OK, "%s", err.message);
    CHECK_ERR(tu_nv_tic_set(&h, "MIP_LOD_BIAS", (int64_t)INT32_MIN - 1, &err), TU_INVALID_ARGUMENT,
              &err, "MIP_LOD_BIAS -2147483649 is outside the 32-bit signed range");
    CHECK_ERR(tu_nv_tic_decode(NULL, &back, &err), TU_INVALID_ARGUMENT, &err, "must not be NULL");
}

/* decode then encode gives back every one of 32 random bytes. */
static void test_tic_lossless(void) {
    uint64_t seed = tu_test_seed(7);
    for (int i = 0; i < 5000; i++) {
        uint8_t in[32], out[32];
        for (int k = 0; k < 32; k++)
            in[k] = (uint8_t)tu_test_rand(&seed);
        in[10] = (uint8_t)((in[10] & ~0xe0) | (i % 5) << 5);
        tu_nv_tic h;
        tu_nv_tsc s;
        tu_error err;
        CHECK(tu_nv_tic_decode(in, &h, &err) == TU_OK);
        CHECK(tu_nv_tic_encode(&h, out, &err) == TU_OK, "%s", err.message);
        CHECK(memcmp(in, out, 32) == 0, "header round trip %d differs", i);
        CHECK(tu_nv_tsc_decode(in, &s, &err) == TU_OK);
        CHECK(tu_nv_tsc_encode(&s, out, &err) == TU_OK, "%s", err.message);
        CHECK(memcmp(in, out, 32) == 0, "sampler round trip %d differs", i);
    }
}

/* --- samplers --------------------------------------------------------------------------- */

static const struct {
    const char *name;
    unsigned word, hi, lo;
} tsc_rows[] = {
    {"ADDRESS_U", 0, 2, 0},
    {"ADDRESS_V", 0, 5, 3},
    {"ADDRESS_P", 0, 8, 6},
    {"DEPTH_COMPARE", 0, 9, 9},
    {"DEPTH_COMPARE_FUNC", 0, 12, 10},
    {"S_R_G_B_CONVERSION", 0, 13, 13},
    {"FONT_FILTER_WIDTH", 0, 16, 14},
    {"FONT_FILTER_HEIGHT", 0, 19, 17},
    {"MAX_ANISOTROPY", 0, 22, 20},
    {"MAG_FILTER", 1, 2, 0},
    {"MIN_LOD_CLAMP_BEHAVIOR_FOR_NEAREST_MIP", 1, 3, 3},
    {"MIN_FILTER", 1, 5, 4},
    {"MIP_FILTER", 1, 7, 6},
    {"CUBEMAP_INTERFACE_FILTERING", 1, 9, 8},
    {"REDUCTION_FILTER", 1, 11, 10},
    {"MIP_LOD_BIAS", 1, 24, 12},
    {"FLOAT_COORD_NORMALIZATION", 1, 25, 25},
    {"TRILIN_OPT", 1, 30, 26},
    {"MIN_LOD_CLAMP", 2, 11, 0},
    {"MAX_LOD_CLAMP", 2, 23, 12},
    {"S_R_G_B_BORDER_COLOR_R", 2, 31, 24},
    {"S_R_G_B_BORDER_COLOR_G", 3, 19, 12},
    {"S_R_G_B_BORDER_COLOR_B", 3, 27, 20},
    {"BORDER_COLOR_R", 4, 31, 0},
    {"BORDER_COLOR_G", 5, 31, 0},
    {"BORDER_COLOR_B", 6, 31, 0},
    {"BORDER_COLOR_A", 7, 31, 0},
};

static void test_tsc_field_positions(void) {
    for (size_t i = 0; i < sizeof tsc_rows / sizeof tsc_rows[0]; i++) {
        const unsigned width = tsc_rows[i].hi - tsc_rows[i].lo + 1;
        const bool is_signed = strcmp(tsc_rows[i].name, "MIP_LOD_BIAS") == 0;
        tu_nv_tsc s;
        memset(&s, 0, sizeof s);
        tu_error err;
        const int64_t value =
            is_signed ? -1 : (int64_t)(width >= 32 ? 0xffffffffu : (1u << width) - 1);
        CHECK(tu_nv_tsc_set(&s, tsc_rows[i].name, value, &err) == TU_OK, "%s", err.message);
        uint8_t bytes[32];
        CHECK(tu_nv_tsc_encode(&s, bytes, &err) == TU_OK, "%s: %s", tsc_rows[i].name, err.message);
        uint32_t want[8] = {0}, got[8];
        set_bits(want, 32 * tsc_rows[i].word + tsc_rows[i].hi,
                 32 * tsc_rows[i].word + tsc_rows[i].lo);
        words_of(bytes, got);
        for (int k = 0; k < 8; k++)
            CHECK(got[k] == want[k], "%s word %d: 0x%08x want 0x%08x", tsc_rows[i].name, k, got[k],
                  want[k]);
        tu_nv_tsc back;
        tu_nv_tsc_decode(bytes, &back, &err);
        int64_t v;
        tu_nv_tsc_get(&back, tsc_rows[i].name, &v, &err);
        CHECK(v == value, "%s decodes as %lld", tsc_rows[i].name, (long long)v);
    }
}

static tu_nv_tsc base_tsc(void) {
    tu_nv_tsc s;
    memset(&s, 0, sizeof s);
    s.mag_filter = 1, s.min_filter = 1, s.mip_filter = 2; /* POINT, POINT, MIP_POINT */
    s.max_lod_clamp = 0xfff;
    return s;
}

static void test_tsc_sampler(void) {
    tu_error err;
    tu_sampler smp;
    static const struct {
        uint32_t nv;
        int want; /* tu_address, or -1 unsupported */
    } wraps[8] = {{0, TU_ADDRESS_WRAP},
                  {1, TU_ADDRESS_MIRROR},
                  {2, TU_ADDRESS_CLAMP_EDGE},
                  {3, TU_ADDRESS_CLAMP_BORDER},
                  {4, -1},
                  {5, TU_ADDRESS_MIRROR_ONCE},
                  {6, -1},
                  {7, -1}};
    for (int axis = 0; axis < 3; axis++)
        for (int i = 0; i < 8; i++) {
            tu_nv_tsc s = base_tsc();
            const char *names[3] = {"ADDRESS_U", "ADDRESS_V", "ADDRESS_P"};
            tu_nv_tsc_set(&s, names[axis], wraps[i].nv, &err);
            if (wraps[i].want < 0) {
                /* the refusal names the mode: "ADDRESS_V 6 (MIRROR_ONCE_BORDER) has no..." */
                static const char *const modes[8] = {NULL,
                                                     NULL,
                                                     NULL,
                                                     NULL,
                                                     "4 (CLAMP_OGL)",
                                                     NULL,
                                                     "6 (MIRROR_ONCE_BORDER)",
                                                     "7 (MIRROR_ONCE_CLAMP_OGL)"};
                char needle[64];
                snprintf(needle, sizeof needle, "%s %s has no engine address mode", names[axis],
                         modes[i]);
                CHECK_ERR(tu_nv_tsc_sampler(&s, &smp, &err), TU_UNSUPPORTED, &err, needle);
            } else {
                CHECK(tu_nv_tsc_sampler(&s, &smp, &err) == TU_OK, "%s", err.message);
                CHECK(smp.address[axis] == wraps[i].want);
            }
        }
    /* Compare functions: ZC_NEVER..ZC_ALWAYS 0..7 in Vulkan's order. */
    static const tu_compare funcs[8] = {TU_COMPARE_NEVER,  TU_COMPARE_LESS,    TU_COMPARE_EQUAL,
                                        TU_COMPARE_LEQUAL, TU_COMPARE_GREATER, TU_COMPARE_NOTEQUAL,
                                        TU_COMPARE_GEQUAL, TU_COMPARE_ALWAYS};
    for (uint32_t f = 0; f < 8; f++) {
        tu_nv_tsc s = base_tsc();
        s.depth_compare = 1, s.depth_compare_func = f;
        CHECK(tu_nv_tsc_sampler(&s, &smp, &err) == TU_OK);
        CHECK(smp.compare == funcs[f], "func %u", f);
    }
    tu_nv_tsc s = base_tsc();
    CHECK(tu_nv_tsc_sampler(&s, &smp, &err) == TU_OK);
    CHECK(smp.compare == TU_COMPARE_OFF && smp.mip_filter == TU_MIP_NEAREST);
    /* Filters, anisotropy codes 1,2,4,6,8,10,12,16, LOD fields in 1/256, border bits. */
    s.mag_filter = 2, s.min_filter = 3, s.mip_filter = 3, s.max_anisotropy = 5;
    s.mip_lod_bias = -384, s.min_lod_clamp = 0x180, s.max_lod_clamp = 0x700;
    s.border_color_r = 0x3f800000, s.border_color_a = 7, s.reduction_filter = 2;
    s.float_coord_normalization = 1, s.cubemap_interface_filtering = 2;
    CHECK(tu_nv_tsc_sampler(&s, &smp, &err) == TU_OK, "%s", err.message);
    CHECK(smp.mag_filter == TU_FILTER_LINEAR && smp.min_filter == TU_FILTER_LINEAR &&
          smp.mip_filter == TU_MIP_LINEAR && smp.max_anisotropy == 10);
    CHECK(smp.lod_bias == -1.5f && smp.min_lod == 1.5f && smp.max_lod == 7.0f);
    CHECK(smp.border_color.u[0] == 0x3f800000 && smp.border_color.u[3] == 7);
    CHECK(smp.reduction == TU_REDUCTION_MAX && smp.unnormalized && smp.seamless_cube);
    s.mip_filter = 1;
    CHECK(tu_nv_tsc_sampler(&s, &smp, &err) == TU_OK && smp.mip_filter == TU_MIP_NONE);
    s.mag_filter = 3;
    CHECK_ERR(tu_nv_tsc_sampler(&s, &smp, &err), TU_UNSUPPORTED, &err, "MAG_FILTER 3");
    s = base_tsc(), s.min_filter = 0;
    CHECK_ERR(tu_nv_tsc_sampler(&s, &smp, &err), TU_INVALID_ARGUMENT, &err, "MIN_FILTER 0");
    s = base_tsc(), s.mip_filter = 0;
    CHECK_ERR(tu_nv_tsc_sampler(&s, &smp, &err), TU_INVALID_ARGUMENT, &err, "MIP_FILTER 0");
    s = base_tsc(), s.reduction_filter = 3;
    CHECK_ERR(tu_nv_tsc_sampler(&s, &smp, &err), TU_INVALID_ARGUMENT, &err, "REDUCTION_FILTER 3");
    s = base_tsc(), s.min_lod_clamp = 0x200, s.max_lod_clamp = 0x100;
    CHECK_ERR(tu_nv_tsc_sampler(&s, &smp, &err), TU_INVALID_ARGUMENT, &err, "min_lod");
}

/* The page's override tables. */
static void test_tld_sampler(void) {
    for (int cl = 0; cl < 2; cl++) {
        const tu_sampler s = tu_nv_tld_sampler(cl);
        CHECK(s.mag_filter == TU_FILTER_NEAREST && s.min_filter == TU_FILTER_NEAREST &&
              s.mip_filter == TU_MIP_NEAREST);
        CHECK(s.max_anisotropy <= 1 && s.compare == TU_COMPARE_OFF);
        CHECK(s.border_color.u[0] == 0 && s.border_color.u[1] == 0 && s.border_color.u[2] == 0 &&
              s.border_color.u[3] == 0);
        for (int a = 0; a < 3; a++)
            CHECK(s.address[a] == (cl ? TU_ADDRESS_CLAMP_EDGE : TU_ADDRESS_CLAMP_BORDER));
        CHECK(tu_sampler_validate(&s, NULL) == TU_OK);
    }
}

/* --- formats and textures ---------------------------------------------------------------- */

static void test_formats(void) {
    unsigned mapped = 0;
    for (int f = 1; f < TU_FORMAT_COUNT; f++) {
        tu_nv_tic h;
        memset(&h, 0, sizeof h);
        tu_error err;
        const tu_status st = tu_nv_format_fields((tu_format)f, &h, &err);
        const tu_format_desc *fd = tu_format_describe((tu_format)f);
        if (tu_format_is_compressed((tu_format)f)) {
            /* the header fields (test_nv_tld_exec reads their textures): ASTC SFLOAT has
             * no Maxwell format; the others read their stored components through C0.., the
             * rest 0 / 1, with NVK's data types and the sRGB bit (nil_formats.csv) */
            bool astc_hdr = strstr(fd->name, "ASTC") && strstr(fd->name, "SFLOAT");
            if (astc_hdr || strstr(fd->name, "_422_")) { /* nor the 4:2:2 ones, here */
                CHECK(st == TU_UNSUPPORTED, "%s", fd->name);
                continue;
            }
            if (!CHECK(st == TU_OK, "%s: %s", fd->name, err.message)) continue;
            unsigned want_type = fd->channels[0].numeric == TU_NUMERIC_SNORM ? TU_NV_TYPE_SNORM
                                 : fd->channels[0].numeric == TU_NUMERIC_SFLOAT ||
                                         fd->channels[0].numeric == TU_NUMERIC_UFLOAT
                                     ? TU_NV_TYPE_FLOAT
                                     : TU_NV_TYPE_UNORM;
            CHECK(h.r_data_type == want_type && h.a_data_type == want_type, "%s", fd->name);
            CHECK(!h.srgb_conversion == !(fd->flags & TU_FORMAT_FLAG_SRGB), "%s", fd->name);
            const uint32_t src[4] = {h.x_source, h.y_source, h.z_source, h.w_source};
            for (unsigned k = 0; k < 4; k++)
                CHECK(src[k] == (k < fd->channel_count ? TU_NV_SOURCE_R + k
                                 : k == 3              ? TU_NV_SOURCE_ONE_FLOAT
                                                       : TU_NV_SOURCE_ZERO),
                      "%s source %u = %u", fd->name, k, src[k]);
            continue;
        }
        if (f == TU_FORMAT_S8_UINT) {
            CHECK(st == TU_UNSUPPORTED, "S8_UINT has no Maxwell format here");
            continue;
        }
        /* src/nv/format.c maps 59 uncompressed formats (counted below); any other is refused
         * by name */
        if (st != TU_OK) {
            CHECK(st == TU_UNSUPPORTED && strstr(err.message, fd->name), "%s: %s", fd->name,
                  err.message);
            continue;
        }
        mapped++;
        /* Build a 4x4 block-linear texture of it (pitch for 12-byte texels, which block-linear
         * cannot hold), make its header and read the header back. */
        static uint8_t mem[8192];
        tu_surface s = {.type = TU_SURFACE_2D,
                        .format = (tu_format)f,
                        .width = 4,
                        .height = 4,
                        .depth = 1,
                        .layers = 1,
                        .levels = 1,
                        .samples = 1};
        uint64_t need;
        if (tu_format_bytes((tu_format)f) == 12) {
            CHECK(tu_surface_layout_packed(&s, &need, &err) == TU_OK);
            s.level[0].row_pitch = 64,
            s.level[0].slice_pitch = s.level[0].sample_pitch = s.level[0].layer_pitch = need = 256;
        } else {
            CHECK(tu_surface_layout_block_linear(&s, &need, &err) == TU_OK);
        }
        s.data = mem, s.size = (size_t)need, s.level_count = 1;
        CHECK(tu_nv_tic_from_surface(&s, 0x200000, &h, &err) == TU_OK, "%s", err.message);
        tu_nv_region reg = {0x200000, mem, sizeof mem, NULL};
        tu_nv_texture tex;
        if (!CHECK(tu_nv_tic_texture(&h, &reg, 1, &tex, &err) == TU_OK, "%s: %s",
                   tu_format_describe((tu_format)f)->name, err.message))
            continue;
        const tu_format_desc *d = tu_format_describe((tu_format)f);
        /* The texture reads the same bytes with an equivalent format, and the swizzle
         * returns (R, G, B, A) of the original format. */
        CHECK(tu_format_bytes(tex.surface.format) == d->bytes, "%s", d->name);
        for (unsigned k = 0; k < 4; k++) {
            const uint8_t src = tex.source[k];
            if (src >= TU_NV_SOURCE_R && src <= TU_NV_SOURCE_A) {
                const uint8_t m = tex.texel_map[src - TU_NV_SOURCE_R];
                const bool same_format = tex.surface.format == (tu_format)f;
                /* Either the identity, or a BGRA format read through R8G8B8A8 + swizzle. */
                CHECK(m == k || !same_format, "%s component %u reads %u", d->name, k, m);
            } else {
                CHECK(src == (k == 3 ? (d->format_class == TU_CLASS_FLOAT ? TU_NV_SOURCE_ONE_FLOAT
                                                                          : TU_NV_SOURCE_ONE_INT)
                                     : TU_NV_SOURCE_ZERO),
                      "%s component %u source %u", d->name, k, src);
            }
        }
    }
    CHECK_EQ_U(mapped, 59);
}

/* A valid block-linear 2D header over a region, for the refusal cases. */
static uint8_t tex_mem[1 << 16];
static const tu_nv_region tex_region = {0x400000, tex_mem, sizeof tex_mem, NULL};

static tu_nv_tic valid_tic(void) {
    tu_nv_tic h;
    memset(&h, 0, sizeof h);
    tu_nv_format_fields(TU_FORMAT_R8G8B8A8_UNORM, &h, NULL);
    h.header_version = TU_NV_HEADER_BLOCKLINEAR;
    h.address = 0x400000;
    h.texture_type = TU_NV_TEX_2D;
    h.width_minus_one = 15, h.height_minus_one = 15;
    h.max_mip_level = 2, h.res_view_max_mip_level = 2;
    return h;
}

static void test_texture(void) {
    tu_error err;
    tu_nv_texture tex;
    tu_nv_tic h = valid_tic();
    CHECK(tu_nv_tic_texture(&h, &tex_region, 1, &tex, &err) == TU_OK, "%s", err.message);
    CHECK(!tex.empty && tex.coords == 2 && tex.surface.levels == 3 &&
          tex.surface.tiling == TU_TILING_NV_BLOCK_LINEAR);
    /* Texture types -> surfaces and coordinate counts. */
    static const struct {
        uint32_t type;
        tu_surface_type st;
        bool arrayed;
        uint8_t coords;
        uint32_t layers;
    } types[] = {
        {TU_NV_TEX_1D, TU_SURFACE_1D, false, 1, 1},
        {TU_NV_TEX_2D, TU_SURFACE_2D, false, 2, 1},
        {TU_NV_TEX_3D, TU_SURFACE_3D, false, 3, 1},
        {TU_NV_TEX_CUBEMAP, TU_SURFACE_CUBE, false, 0, 6},
        {TU_NV_TEX_1D_ARRAY, TU_SURFACE_1D, true, 1, 4},
        {TU_NV_TEX_2D_ARRAY, TU_SURFACE_2D, true, 2, 4},
        {TU_NV_TEX_2D_NO_MIPMAP, TU_SURFACE_2D, false, 2, 1},
        {TU_NV_TEX_CUBEMAP_ARRAY, TU_SURFACE_CUBE, true, 0, 24},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        h = valid_tic();
        h.texture_type = types[i].type;
        h.depth_minus_one = 3;
        CHECK(tu_nv_tic_texture(&h, &tex_region, 1, &tex, &err) == TU_OK, "type %u: %s",
              types[i].type, err.message);
        CHECK(tex.surface.type == types[i].st && tex.surface.arrayed == types[i].arrayed &&
                  tex.coords == types[i].coords && tex.surface.layers == types[i].layers,
              "type %u", types[i].type);
    }
    /* The view: min..max, absolute; a null view; a view beyond the chain. */
    h = valid_tic(), h.res_view_min_mip_level = 1;
    CHECK(tu_nv_tic_texture(&h, &tex_region, 1, &tex, &err) == TU_OK);
    CHECK(tex.surface.base_level == 1 && tex.surface.level_count == 2);
    h.res_view_min_mip_level = 1, h.res_view_max_mip_level = 0;
    CHECK(tu_nv_tic_texture(&h, &tex_region, 1, &tex, &err) == TU_OK && tex.empty);
    h = valid_tic(), h.res_view_max_mip_level = 3;
    CHECK_ERR(tu_nv_tic_texture(&h, &tex_region, 1, &tex, &err), TU_INVALID_ARGUMENT, &err,
              "RES_VIEW_MAX_MIP_LEVEL 3 is beyond MAX_MIP_LEVEL 2");
    /* Colour-key layouts see every level. */
    h = valid_tic(), h.header_version = TU_NV_HEADER_BLOCKLINEAR_COLOR_KEY,
    h.res_view_max_mip_level = 0;
    CHECK(tu_nv_tic_texture(&h, &tex_region, 1, &tex, &err) == TU_OK);
    CHECK(tex.surface.base_level == 0 && tex.surface.level_count == 3);
    /* Multisample modes. */
    static const struct {
        uint32_t mode, samples;
    } ms[] = {{0, 1}, {1, 2}, {2, 4}, {3, 8}, {4, 8}, {5, 2}, {6, 16}}; /* 4X2_D3D, 2X1_D3D */
    for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++) {
        h = valid_tic(), h.multi_sample_count = ms[i].mode;
        h.max_mip_level = h.res_view_max_mip_level = 0;
        CHECK(tu_nv_tic_texture(&h, &tex_region, 1, &tex, &err) == TU_OK, "%s", err.message);
        CHECK(tex.surface.samples == ms[i].samples);
    }
    const struct {
        const char *field;
        int64_t value;
        tu_status st;
        const char *needle;
    } bad[] = {
        {"GOBS_PER_BLOCK_WIDTH", 1, TU_UNSUPPORTED, "GOBS_PER_BLOCK_WIDTH 1 is not supported"},
        {"TILE_WIDTH_IN_GOBS", 1, TU_UNSUPPORTED, "TILE_WIDTH_IN_GOBS 1"},
        {"GOB3D", 1, TU_UNSUPPORTED, "GOB3D 1"},
        {"GOB_DEPTH_OFFSET", 2, TU_UNSUPPORTED, "GOB_DEPTH_OFFSET 2"},
        {"USE_ARRAY_TILE_ALIGNMENT", 1, TU_UNSUPPORTED, "USE_ARRAY_TILE_ALIGNMENT 1"},
        {"GOBS_PER_BLOCK_HEIGHT", 6, TU_INVALID_ARGUMENT, "GOBS_PER_BLOCK_HEIGHT 6"},
        {"MULTI_SAMPLE_COUNT", 8, TU_UNSUPPORTED, "MULTI_SAMPLE_COUNT 8"},
        {"MULTI_SAMPLE_COUNT", 15, TU_UNSUPPORTED, "MULTI_SAMPLE_COUNT 15"},
        {"X_SOURCE", 1, TU_INVALID_ARGUMENT, "X_SOURCE 1 is not a source"},
        {"W_SOURCE", 8, TU_INVALID_ARGUMENT, "W_SOURCE 8"},
        {"TEXTURE_TYPE", 9, TU_INVALID_ARGUMENT, "TEXTURE_TYPE 9 is not 0..8"},
        {"TEXTURE_TYPE", TU_NV_TEX_1D_BUFFER, TU_INVALID_ARGUMENT, "needs HEADER_VERSION"},
        {"COMPONENTS", 0, TU_UNSUPPORTED, "COMPONENTS 0x00"},
        {"COMPONENTS", 0x1c, TU_UNSUPPORTED, "COMPONENTS 0x1c"},
        {"R_DATA_TYPE", TU_NV_TYPE_SINT, TU_UNSUPPORTED, "data types R 3 (SINT) G 2 (UNORM)"},
        {"G_DATA_TYPE", 0, TU_UNSUPPORTED, "G 0 (?) B"},
        {"ADDRESS", 0x10000, TU_INVALID_ARGUMENT, "ADDRESS 0x10000 lies in no memory region"},
        {"ADDRESS", 0x40fe00, TU_INVALID_ARGUMENT, "does not fit in size"},
        {"WIDTH_MINUS_ONE", 0x10000, TU_INVALID_ARGUMENT, "exceeds its field"},
        {"DEPTH_MINUS_ONE", 0x4000, TU_INVALID_ARGUMENT, "exceeds its field"},
        {"WIDTH_MINUS_ONE", 4095, TU_INVALID_ARGUMENT, "does not fit"},
        {"MAX_MIP_LEVEL", 7, TU_INVALID_ARGUMENT, "exceeds the 5 levels of a full chain"},
        {"HEADER_VERSION", 6, TU_INVALID_ARGUMENT, "HEADER_VERSION 6"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        h = valid_tic();
        tu_nv_tic_set(&h, bad[i].field, bad[i].value, &err);
        CHECK_ERR(tu_nv_tic_texture(&h, &tex_region, 1, &tex, &err), bad[i].st, &err,
                  bad[i].needle);
    }
    /* Pitch: one image; more levels are refused. */
    h = valid_tic(), h.header_version = TU_NV_HEADER_PITCH, h.pitch = 64;
    h.max_mip_level = h.res_view_max_mip_level = 0;
    CHECK(tu_nv_tic_texture(&h, &tex_region, 1, &tex, &err) == TU_OK, "%s", err.message);
    CHECK(tex.surface.tiling == TU_TILING_LINEAR && tex.surface.level[0].row_pitch == 64);
    h.pitch = 32;
    CHECK_ERR(tu_nv_tic_texture(&h, &tex_region, 1, &tex, &err), TU_INVALID_ARGUMENT, &err,
              "row_pitch 32 is smaller than the 64 bytes");
    h.pitch = 64, h.max_mip_level = 1, h.res_view_max_mip_level = 1;
    CHECK_ERR(tu_nv_tic_texture(&h, &tex_region, 1, &tex, &err), TU_UNSUPPORTED, &err,
              "PITCH 2D texture of 2 levels");
    /* 1D buffer. */
    memset(&h, 0, sizeof h);
    tu_nv_format_fields(TU_FORMAT_R32_UINT, &h, NULL);
    h.header_version = TU_NV_HEADER_ONE_D_BUFFER, h.texture_type = TU_NV_TEX_1D_BUFFER;
    h.address = 0x400004, h.width_minus_one = 99;
    CHECK(tu_nv_tic_texture(&h, &tex_region, 1, &tex, &err) == TU_OK, "%s", err.message);
    CHECK(tex.surface.type == TU_SURFACE_BUFFER && tex.surface.width == 100 && tex.coords == 1);
    h.width_minus_one = 0xffffffffu;
    CHECK_ERR(tu_nv_tic_texture(&h, &tex_region, 1, &tex, &err), TU_UNSUPPORTED, &err,
              "buffers hold up to");
    h.width_minus_one = 20000;
    CHECK_ERR(tu_nv_tic_texture(&h, &tex_region, 1, &tex, &err), TU_INVALID_ARGUMENT, &err,
              "does not fit");
    /* NVK's pre-Volta null descriptor (nil fill_null_tic) is an empty view. */
    memset(&h, 0, sizeof h);
    tu_nv_format_fields(TU_FORMAT_R8_UNORM, &h, NULL);
    h.x_source = h.y_source = h.z_source = h.w_source = TU_NV_SOURCE_ZERO;
    h.header_version = TU_NV_HEADER_BLOCKLINEAR, h.texture_type = TU_NV_TEX_2D_ARRAY;
    h.address = 0x400000, h.res_view_min_mip_level = 1, h.res_view_max_mip_level = 0;
    CHECK(tu_nv_tic_texture(&h, &tex_region, 1, &tex, &err) == TU_OK && tex.empty);
}

static void test_from_surface(void) {
    tu_error err;
    tu_nv_tic h;
    static uint8_t mem[1 << 16];
    tu_surface s = {.type = TU_SURFACE_2D,
                    .arrayed = true,
                    .format = TU_FORMAT_R16G16_UINT,
                    .width = 30,
                    .height = 20,
                    .depth = 1,
                    .layers = 3,
                    .levels = 4,
                    .samples = 1,
                    .gob_height_log2 = 2,
                    .base_level = 1,
                    .level_count = 2};
    uint64_t need;
    tu_surface_layout_block_linear(&s, &need, &err);
    s.data = mem, s.size = (size_t)need;
    CHECK(tu_nv_tic_from_surface(&s, 0x10000, &h, &err) == TU_OK, "%s", err.message);
    CHECK(h.header_version == TU_NV_HEADER_BLOCKLINEAR && h.address == 0x10000 &&
          h.texture_type == TU_NV_TEX_2D_ARRAY && h.width_minus_one == 29 &&
          h.height_minus_one == 19 && h.depth_minus_one == 2 && h.max_mip_level == 3 &&
          h.res_view_min_mip_level == 1 && h.res_view_max_mip_level == 2 &&
          h.gobs_per_block_height == 2 && h.components == 0x0c && h.r_data_type == TU_NV_TYPE_UINT);
    CHECK_ERR(tu_nv_tic_from_surface(&s, 0x10010, &h, &err), TU_INVALID_ARGUMENT, &err,
              "not 512-byte aligned");
    tu_surface m = s;
    m.level[2].offset += 512;
    m.size = sizeof mem;
    CHECK_ERR(tu_nv_tic_from_surface(&m, 0x10000, &h, &err), TU_INVALID_ARGUMENT, &err,
              "is not the standard block-linear layout");
    m = s, m.format = TU_FORMAT_S8_UINT;
    CHECK_ERR(tu_nv_tic_from_surface(&m, 0x10000, &h, &err), TU_UNSUPPORTED, &err,
              "format S8_UINT has no Maxwell texture header format");
    /* Linear: a pitch header for one 2D image. */
    tu_surface p = {.type = TU_SURFACE_2D,
                    .format = TU_FORMAT_R8G8B8A8_UNORM,
                    .width = 16,
                    .height = 4,
                    .depth = 1,
                    .layers = 1,
                    .levels = 1,
                    .samples = 1,
                    .level_count = 1};
    tu_surface_layout_packed(&p, &need, &err);
    p.data = mem, p.size = (size_t)need;
    CHECK(tu_nv_tic_from_surface(&p, 0x1000, &h, &err) == TU_OK, "%s", err.message);
    CHECK(h.header_version == TU_NV_HEADER_PITCH && h.pitch == 64 &&
          h.texture_type == TU_NV_TEX_2D_NO_MIPMAP);
    p.width = 15, p.level[0].row_pitch = 60;
    CHECK_ERR(tu_nv_tic_from_surface(&p, 0x1000, &h, &err), TU_INVALID_ARGUMENT, &err,
              "multiples of 32");
}

/* --- pools, regions, constant bank ------------------------------------------------------- */

static void test_state(void) {
    static uint8_t pool[4 * 32];
    static uint8_t mem[4096];
    const uint32_t bank[2] = {0x12345678, 0xfff00005};
    tu_nv_region regions[2] = {{0x1000, mem, 2048, NULL}, {0x1800, mem + 2048, 2048, NULL}};
    tu_nv_state st = {regions, 2,   {pool, sizeof pool, 3}, {pool, sizeof pool, 3}, bank, 2,
                      NULL,    NULL};
    tu_error err;
    CHECK(tu_nv_state_validate(&st, &err) == TU_OK, "%s", err.message);
    CHECK(tu_nv_cbank_word(&st, 1) == 0xfff00005 && tu_nv_cbank_word(&st, 2) == 0 &&
          tu_nv_cbank_word(&st, 8191) == 0);
    volatile uint32_t handle = 0xfff00005u, sampler = 3, header = 0x12345;
    CHECK(TU_NV_HANDLE_HEADER(handle) == 5 && TU_NV_HANDLE_SAMPLER(handle) == 0xfff);
    CHECK(TU_NV_HANDLE(sampler, header) == 0x00312345u);
    tu_nv_state m = st;
    m.headers.maximum_index = 4;
    CHECK_ERR(tu_nv_state_validate(&m, &err), TU_INVALID_ARGUMENT, &err,
              "texture header pool MaximumIndex 4 needs 160 bytes of entries, but the pool holds "
              "128");
    m = st, m.headers.maximum_index = 1u << 22;
    CHECK_ERR(tu_nv_state_validate(&m, &err), TU_INVALID_ARGUMENT, &err,
              "MaximumIndex 4194304 exceeds");
    m = st, m.samplers.data = NULL;
    CHECK_ERR(tu_nv_state_validate(&m, &err), TU_INVALID_ARGUMENT, &err, "sampler pool");
    tu_nv_region overlap[2] = {{0x1000, mem, 2048, NULL}, {0x17ff, mem, 16, NULL}};
    m = st, m.regions = overlap;
    CHECK_ERR(tu_nv_state_validate(&m, &err), TU_INVALID_ARGUMENT, &err,
              "region 1 [0x17ff, +16) overlaps region 0");
    tu_nv_region high = {(1ull << 48) - 8, mem, 16, NULL};
    m = st, m.regions = &high, m.region_count = 1;
    CHECK_ERR(tu_nv_state_validate(&m, &err), TU_INVALID_ARGUMENT, &err, "48-bit");
    const tu_residency bad_res = {NULL, 0, 12};
    tu_nv_region sparse = {0x1000, mem, 4096, &bad_res};
    m = st, m.regions = &sparse, m.region_count = 1;
    CHECK_ERR(tu_nv_state_validate(&m, &err), TU_INVALID_ARGUMENT, &err, "region 0 residency");
    m = st, m.cbank = NULL;
    CHECK_ERR(tu_nv_state_validate(&m, &err), TU_INVALID_ARGUMENT, &err, "constant bank is NULL");
    /* Entries: index > MaximumIndex is an invalid texture; inside, it decodes. */
    tu_nv_tic h = valid_tic();
    tu_nv_tic_encode(&h, pool + 64, &err);
    tu_nv_tic got;
    bool valid;
    CHECK(tu_nv_pool_header(&st.headers, 2, &got, &valid, &err) == TU_OK && valid &&
          got.width_minus_one == 15);
    CHECK(tu_nv_pool_header(&st.headers, 4, &got, &valid, &err) == TU_OK && !valid);
    CHECK(tu_nv_pool_header(&st.headers, 0xfffff, &got, &valid, &err) == TU_OK && !valid);
    pool[3 * 32 + 10] = 7 << 5;
    CHECK_ERR(tu_nv_pool_header(&st.headers, 3, &got, &valid, &err), TU_PARSE_ERROR, &err,
              "texture header 3: texture header HEADER_VERSION 7");
    tu_nv_tsc tsc;
    CHECK(tu_nv_pool_sampler(&st.samplers, 9, &tsc, &valid, &err) == TU_OK && !valid);
    tu_nv_pool small = {pool, 64, 3};
    CHECK_ERR(tu_nv_pool_header(&small, 0, &got, &valid, &err), TU_INVALID_ARGUMENT, &err,
              "needs 128 bytes");
}

int main(void) {
    TU_RUN(test_tic_field_positions);
    TU_RUN(test_tic_values);
    TU_RUN(test_tic_lossless);
    TU_RUN(test_tsc_field_positions);
    TU_RUN(test_tsc_sampler);
    TU_RUN(test_tld_sampler);
    TU_RUN(test_formats);
    TU_RUN(test_texture);
    TU_RUN(test_from_surface);
    TU_RUN(test_state);
    return tu_test_finish();
}
