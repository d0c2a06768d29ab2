/* SPDX-License-Identifier: MIT */
/*
 * test_encode.c - the block encoders of src/format/compressed/ (encode*.c) through the
 * project's own decoders: decode(encode(x)) against x, for every compressed format.
 *
 * What is tested:
 *   - Errors: unknown format, NULL pointers, too few texels, a block too short.
 *   - Constant blocks (every format, random colours over the format's range): each decoded
 *     component lies within the bound the encoder's mode allows (const_bound: the endpoint
 *     precision of the mode, derived there per format).
 *   - Two-colour blocks (the one-region formats whose endpoints are the block's extremes:
 *     BC1-BC7, ASTC 4x4): texels of two colours a <= b (per component) decode within the
 *     Euclidean norm of the constant bounds: the candidate at an endpoint is that near, and
 *     the encoder takes the nearest candidate.
 *   - Random blocks, NaN, infinities and out-of-range values: the encoding is deterministic
 *     (same bytes whatever the output buffer held), uses the mode it documents (BC6H mode 11,
 *     BC7 mode 6, the ETC2 differential mode without overflow, the ASTC block mode 0x042),
 *     and decodes to values in range (no ASTC HDR error block: those decode to NaN).
 * ASTC blocks are also decoded by ARM's libastcenc in test_astc_ref.c.
 */
#include "../src/format/compressed/compressed.h"
#include "texunit/format.h"

#include "tu_test.h"
#include "encode_bound.h"

#include <math.h>
#include <stdlib.h>

static uint64_t rng = 0xe4c0de5eedull;

static double uniform(double lo, double hi) {
    return lo + (hi - lo) * (double)(tu_test_rand(&rng) >> 11) * (1.0 / 9007199254740992.0);
}

static bool is_astc(const tuC_format_info *info) {
    return info->codec == TUC_ASTC_LDR || info->codec == TUC_ASTC_HDR;
}

/* A component value over the format's range: binary16 formats spread over many octaves. */
static float random_value(const tuC_format_info *info, unsigned c) {
    bool is_signed = info->flags & TUC_SIGNED;
    if (info->codec == TUC_BC6H || (info->codec == TUC_ASTC_HDR && (c < 3 || rng & 1))) {
        double v = tu_test_rand(&rng) % 16 == 0 ? 0.0 : exp2(uniform(-16.0, 15.9));
        bool negative = info->codec == TUC_BC6H && is_signed && (tu_test_rand(&rng) & 1);
        return (float)(negative ? -v : v);
    }
    if (info->codec == TUC_ASTC_HDR) return (float)uniform(0.0, 1.0); /* an LDR alpha */
    return (float)uniform(is_signed ? -1.0 : 0.0, 1.0);
}

static tuC_format fmt_of(unsigned f) {
    return (tuC_format)f;
}

/* Decode the block and compare component c of every texel with want[t][c]; bound_scale
 * multiplies the constant bound (norm), per component. */
static void check_block(unsigned f, const uint8_t *blk, const float (*want)[4], double norm[4],
                        const char *what) {
    const tuC_format_info *info = tuC_format_info_get(fmt_of(f));
    unsigned n = info->block_width * info->block_height, channels = tuC_format_channels(info);
    tuC_texel dec[TUC_MAX_BLOCK_TEXELS];
    tu_error err;
    if (!CHECK(tuC_decode_block(fmt_of(f), blk, 16, dec, n, &err) == TU_OK, "%s", err.message))
        return;
    bool punch = info->codec == TUC_BC1A || info->codec == TUC_ETC2_RGB8A1;
    for (unsigned t = 0; t < n; t++) {
        if (punch && want[t][3] < 0.5f) {
            for (unsigned c = 0; c < 4; c++)
                CHECK(dec[t].value[c] == 0.0f, "%s %s: transparent texel %u component %u = %g",
                      what, info->name, t, c, (double)dec[t].value[c]);
            continue;
        }
        for (unsigned c = 0; c < channels; c++) {
            if (punch && c == 3) {
                CHECK(dec[t].value[3] == 1.0f, "%s %s: opaque texel %u", what, info->name, t);
                continue;
            }
            bool ord;
            double b = const_bound(info, c, want[t][c], &ord) * norm[c];
            double d = ord ? fabs((double)(ordinal((uint16_t)dec[t].raw[c]) -
                                           ordinal(tu_float_to_half(want[t][c]))))
                           : fabs((double)dec[t].value[c] - (double)want[t][c]);
            CHECK(d <= b + 1e-6, "%s %s: texel %u component %u: %.9g for %.9g (%g > bound %g)",
                  what, info->name, t, c, (double)dec[t].value[c], (double)want[t][c], d, b);
        }
    }
}

static void encode(unsigned f, const float (*in)[4], uint8_t blk[16]) {
    tu_error err;
    const tuC_format_info *info = tuC_format_info_get(fmt_of(f));
    CHECK(tuC_encode_block(fmt_of(f), in, TUC_MAX_BLOCK_TEXELS, blk, info->block_bytes, &err) ==
              TU_OK,
          "%s", err.message);
}

static void test_errors(void) {
    float in[TUC_MAX_BLOCK_TEXELS][4] = {{0}};
    uint8_t blk[16];
    tu_error err;
    CHECK_ERR(tuC_encode_block((tuC_format)999, (const float(*)[4])in, 16, blk, 16, &err),
              TU_INVALID_ARGUMENT, &err, "999");
    CHECK_ERR(tuC_encode_block(TUC_BC7_UNORM_BLOCK, NULL, 16, blk, 16, &err), TU_INVALID_ARGUMENT,
              &err, "texel pointer is NULL");
    CHECK_ERR(tuC_encode_block(TUC_BC7_UNORM_BLOCK, (const float(*)[4])in, 16, NULL, 16, &err),
              TU_INVALID_ARGUMENT, &err, "block pointer is NULL");
    CHECK_ERR(tuC_encode_block(TUC_BC7_UNORM_BLOCK, (const float(*)[4])in, 15, blk, 16, &err),
              TU_OUT_OF_RANGE, &err, "15");
    CHECK_ERR(tuC_encode_block(TUC_BC1_RGB_UNORM_BLOCK, (const float(*)[4])in, 16, blk, 7, &err),
              TU_OUT_OF_RANGE, &err, "7");
    CHECK_ERR(
        tuC_encode_block(TUC_ASTC_12x12_UNORM_BLOCK, (const float(*)[4])in, 143, blk, 16, &err),
        TU_OUT_OF_RANGE, &err, "144");
    CHECK(tuC_encode_block(TUC_BC1_RGB_UNORM_BLOCK, (const float(*)[4])in, 16, blk, 8, NULL) ==
          TU_OK);
}

static void test_constant_blocks(void) {
    for (unsigned f = 1; f < TUC_FORMAT_COUNT; f++) {
        const tuC_format_info *info = tuC_format_info_get(fmt_of(f));
        for (unsigned i = 0; i < 150; i++) {
            float colour[4], in[TUC_MAX_BLOCK_TEXELS][4];
            for (unsigned c = 0; c < 4; c++)
                colour[c] = random_value(info, c);
            /* the range's ends (ASTC SFLOAT has no negative values: the HDR profile's LNS
             * endpoints are unsigned) */
            bool negative = (info->flags & TUC_SIGNED) && info->codec != TUC_ASTC_HDR;
            if (i < 4)
                for (unsigned c = 0; c < 4; c++)
                    colour[c] = (i & 1) ? 1.0f : negative ? -1.0f : 0.0f;
            for (unsigned t = 0; t < TUC_MAX_BLOCK_TEXELS; t++)
                memcpy(in[t], colour, sizeof colour);
            uint8_t blk[16];
            encode(f, (const float(*)[4])in, blk);
            double one[4] = {1, 1, 1, 1};
            check_block(f, blk, (const float(*)[4])in, one, "constant");
        }
    }
}

static void test_two_colour_blocks(void) {
    for (unsigned f = 1; f < TUC_FORMAT_COUNT; f++) {
        const tuC_format_info *info = tuC_format_info_get(fmt_of(f));
        if (info->codec >= TUC_ETC2_RGB8 && info->codec <= TUC_EAC_RG11) continue;
        if (is_astc(info) && info->block_width * info->block_height != 16) continue;
        /* a 4:2:2 pair shares one B and one R: two colours are not its to hold
         * (test_compressed_surface checks its pair rule) */
        if (info->codec == TUC_GBGR_422 || info->codec == TUC_BGRG_422) continue;
        unsigned channels = tuC_format_channels(info);
        for (unsigned i = 0; i < 150; i++) {
            float a[4], b[4], in[TUC_MAX_BLOCK_TEXELS][4];
            for (unsigned c = 0; c < 4; c++) {
                a[c] = random_value(info, c), b[c] = random_value(info, c);
                if (a[c] > b[c]) {
                    float s = a[c];
                    a[c] = b[c], b[c] = s;
                }
            }
            /* alpha: opaque where it picks transparency or shares the fp16 index metric */
            if (info->codec == TUC_BC1A || info->codec == TUC_ASTC_HDR) a[3] = b[3] = 1.0f;
            for (unsigned t = 0; t < TUC_MAX_BLOCK_TEXELS; t++)
                memcpy(in[t], (t == 0 || (t != 1 && (tu_test_rand(&rng) & 1))) ? a : b, sizeof a);
            uint8_t blk[16];
            encode(f, (const float(*)[4])in, blk);
            /* the Euclidean norm of the constant bounds of the components sharing an index:
             * per component, sqrt(sum b_k^2) / b_c times its own bound */
            double norm[4] = {1, 1, 1, 1}, sum = 0.0;
            bool ord;
            unsigned shared = (info->codec == TUC_BC2 || info->codec == TUC_BC3) ? 3 : channels;
            shared = info->codec == TUC_BC5 ? 1 : shared;
            for (unsigned c = 0; c < shared; c++) {
                double bc = const_bound(info, c, a[c], &ord);
                sum += bc * bc;
            }
            for (unsigned c = 0; c < shared; c++)
                norm[c] = sqrt(sum) / const_bound(info, c, a[c], &ord);
            check_block(f, blk, (const float(*)[4])in, norm, "two-colour");
        }
    }
}

static uint64_t load_be64(const uint8_t *p) {
    uint64_t v = 0;
    for (unsigned i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

/* The ETC2 colour word uses the differential mode without overflow. */
static bool etc_differential(uint64_t w, bool punch_through) {
    if (!punch_through && !((w >> 33) & 1)) return false;
    for (unsigned c = 0; c < 3; c++) {
        int base = (int)((w >> (59 - 8 * c)) & 31), d = (int)((w >> (56 - 8 * c)) & 7);
        d = d >= 4 ? d - 8 : d;
        if (base + d < 0 || base + d > 31) return false;
    }
    return true;
}

static void test_random_blocks(void) {
    for (unsigned f = 1; f < TUC_FORMAT_COUNT; f++) {
        const tuC_format_info *info = tuC_format_info_get(fmt_of(f));
        unsigned n = info->block_width * info->block_height;
        for (unsigned i = 0; i < 120; i++) {
            float in[TUC_MAX_BLOCK_TEXELS][4];
            for (unsigned t = 0; t < TUC_MAX_BLOCK_TEXELS; t++)
                for (unsigned c = 0; c < 4; c++) {
                    in[t][c] = random_value(info, c);
                    unsigned r = (unsigned)(tu_test_rand(&rng) % 64);
                    if (i % 4 == 3 && r < 6) /* values no format holds */
                        in[t][c] = r == 0   ? NAN
                                   : r == 1 ? INFINITY
                                   : r == 2 ? -INFINITY
                                   : r == 3 ? 1e30f
                                   : r == 4 ? -7.0f
                                            : 3.5f;
                }
            uint8_t a[16], b[16];
            memset(a, 0x00, sizeof a);
            memset(b, 0xa5, sizeof b);
            encode(f, (const float(*)[4])in, a);
            encode(f, (const float(*)[4])in, b);
            CHECK(memcmp(a, b, info->block_bytes) == 0, "%s: not deterministic", info->name);

            switch (info->codec) {
            case TUC_BC6H: CHECK_EQ_U(a[0] & 31, 3); break;
            case TUC_BC7: CHECK_EQ_U(a[0] & 0x7f, 0x40); break;
            case TUC_ETC2_RGB8:
            case TUC_ETC2_RGB8A1:
                CHECK(etc_differential(load_be64(a), info->codec == TUC_ETC2_RGB8A1), "%s",
                      info->name);
                break;
            case TUC_ETC2_RGBA8:
                CHECK(etc_differential(load_be64(a + 8), false), "%s", info->name);
                break;
            case TUC_ASTC_LDR:
            case TUC_ASTC_HDR: CHECK_EQ_U(tuC_bits(a, 0, 13), 0x042); break;
            default: break;
            }
            tuC_texel dec[TUC_MAX_BLOCK_TEXELS];
            tu_error err;
            if (!CHECK(tuC_decode_block(fmt_of(f), a, 16, dec, n, &err) == TU_OK)) continue;
            for (unsigned t = 0; t < n; t++)
                for (unsigned c = 0; c < 4; c++) {
                    float v = dec[t].value[c];
                    bool ok = isfinite(v) && v <= 65504.0f &&
                              v >= ((info->flags & TUC_SIGNED) ? -65504.0f : 0.0f);
                    if (info->codec != TUC_BC6H && info->codec != TUC_ASTC_HDR)
                        ok = ok && v <= 1.0f && v >= -1.0f;
                    CHECK(ok, "%s: texel %u component %u decodes to %g", info->name, t, c,
                          (double)v);
                }
        }
    }
}

int main(void) {
    rng = tu_test_seed(rng);
    TU_RUN(test_errors);
    TU_RUN(test_constant_blocks);
    TU_RUN(test_two_colour_blocks);
    TU_RUN(test_random_blocks);
    return tu_test_finish();
}
