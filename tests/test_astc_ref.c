/* SPDX-License-Identifier: MIT */
/*
 * test_astc_ref.c - texunit's ASTC decoder against ARM's reference codec, libastcenc, bit for
 * bit, for every 2D block size and the three decodes Vulkan defines.
 *
 * Profiles (how astcenc's decode profiles map to Vulkan's formats; docs/semantics.md):
 *   ASTC_*_SRGB_BLOCK  <-> ASTCENC_PRF_LDR_SRGB: 8-bit interpolation; the 8-bit code is
 *                          compared (astcenc writes code * 257 as UNORM16 -> FP16; the code is
 *                          round(f * 255)). The same codes are the UNORM formats' raw[]
 *                          (VK_EXT_astc_decode_mode's R8G8B8A8_UNORM, "decode_unorm8").
 *   ASTC_*_UNORM_BLOCK <-> ASTCENC_PRF_LDR with FP16 output: the binary16 bits are compared
 *                          (Vulkan's default decode mode for UNORM is R16G16B16A16_SFLOAT).
 *   ASTC_*_SFLOAT_BLOCK <-> ASTCENC_PRF_HDR with FP16 output: binary16 bits compared.
 *
 * Blocks: random 128-bit patterns (mostly error blocks), structured random blocks (a random
 * valid-looking block mode, one to four partitions, random endpoint modes including the HDR
 * ones), void-extent blocks (LDR and HDR, ordered, unordered and all-ones extents, with and
 * without the reserved bits), and blocks astcenc encodes from random LDR and HDR images. The
 * test checks that a good share of the blocks are valid (astcenc_get_block_info), so that it
 * compares decoded data and not only the error colour. Blocks texunit's own encoder makes
 * (encode_astc.c) are among them: each must be valid for astcenc and decode alike.
 *
 * Without libastcenc the test is not built (tests/CMakeLists.txt says so).
 */
#include "../src/format/compressed/compressed.h"
#include "ref/astc_ref.h"
#include "texunit/format.h"

#include "tu_test.h"

#include <math.h>
#include <stdlib.h>

#define BLOCKS_PER_SIZE 8000

static bool is_nan16(unsigned h) {
    return (h & 0x7c00) == 0x7c00 && (h & 0x3ff) != 0;
}

static uint64_t rng = 0x5eed0a57c0ffeeull;

static void random_bytes(uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)tu_test_rand(&rng);
}

static void put_bits(uint8_t *blk, unsigned first, unsigned count, uint32_t v) {
    for (unsigned i = 0; i < count; i++) {
        unsigned b = first + i;
        blk[b >> 3] = (uint8_t)((blk[b >> 3] & ~(1u << (b & 7))) | (((v >> i) & 1u) << (b & 7)));
    }
}

/* A random block of one of the kinds in the header comment. */
static void make_block(uint8_t *blk, unsigned kind) {
    random_bytes(blk, 16);
    switch (kind) {
    case 0: break; /* anything */
    case 1: {      /* void extent */
        put_bits(blk, 0, 9, 0x1fc);
        uint64_t r = tu_test_rand(&rng);
        if (r & 1) put_bits(blk, 10, 2, 3); /* mostly well-formed reserved bits */
        if (r & 2) put_bits(blk, 10, 2, 3);
        if ((r >> 2) % 3 == 0) { /* all-ones extents */
            for (unsigned i = 0; i < 4; i++)
                put_bits(blk, 12 + 13 * i, 13, 0x1fff);
        } else if ((r >> 2) % 3 == 1) { /* ordered extents */
            unsigned s0 = (unsigned)(r >> 8) & 0xfff, t0 = (unsigned)(r >> 20) & 0xfff;
            put_bits(blk, 12, 13, s0);
            put_bits(blk, 25, 13, s0 + 1 + ((unsigned)(r >> 32) & 0xfff));
            put_bits(blk, 38, 13, t0);
            put_bits(blk, 51, 13, t0 + 1 + ((unsigned)(r >> 44) & 0xfff));
        }
        if (r & (1ull << 60)) { /* HDR: finite binary16 colours */
            for (unsigned c = 0; c < 4; c++)
                put_bits(blk, 64 + 16 * c, 16, (uint32_t)(tu_test_rand(&rng) % 0x7c00));
        }
        break;
    }
    default: { /* structured: few weights, so that the colour data fits */
        uint64_t r = tu_test_rand(&rng);
        unsigned mode;
        /* layouts with bits[1:0] != 0: W = B + 4 or B + 8, H = A + 2, or swapped */
        unsigned rr = 2 + (unsigned)(r % 6), a = (unsigned)(r >> 3) & 3, b = (unsigned)(r >> 5) & 3;
        unsigned layout = (unsigned)(r >> 7) & 3, h = (r >> 9) & 1, d = ((r >> 10) & 7) == 0;
        mode = (rr >> 1) | layout << 2 | (rr & 1) << 4 | a << 5 | b << 7 | h << 9 | d << 10;
        put_bits(blk, 0, 11, mode);
        unsigned partitions = (unsigned)(r >> 13) % 4;
        put_bits(blk, 11, 2, partitions);
        if ((r >> 16) & 1) put_bits(blk, 23, 2, 0); /* one endpoint mode for all partitions */
        break;
    }
    }
}

/* Encode random images with astcenc (LDR and HDR) into blocks[0 .. count). */
static int encoded_blocks(unsigned bw, unsigned bh, bool hdr, uint8_t *blocks, size_t count) {
    size_t n = (size_t)bw * bh * count * 4;
    uint16_t *img = malloc(n * sizeof *img);
    if (!img) return 1;
    for (size_t i = 0; i < n;) {
        /* smooth-ish regions with noise so that the encoder picks various modes */
        float base = (float)(tu_test_rand(&rng) % 1000) / 1000.0f;
        for (unsigned k = 0; k < 4 && i < n; k++, i++) {
            float v = base + (float)(tu_test_rand(&rng) % 200) / 1000.0f;
            if (hdr)
                v *= (float)(1u << (tu_test_rand(&rng) % 8));
            else if (v > 1.0f)
                v = 1.0f;
            img[i] = tu_float_to_half(v);
        }
    }
    int rc =
        tu_astc_ref_encode(bw, bh, hdr ? TU_ASTC_REF_HDR : TU_ASTC_REF_LDR, img, count, blocks);
    free(img);
    return rc;
}

static void test_block_size(const tuC_format_info *unorm, tuC_format f_unorm, tuC_format f_srgb,
                            tuC_format f_hdr) {
    unsigned bw = unorm->block_width, bh = unorm->block_height, texels = bw * bh;
    size_t count = BLOCKS_PER_SIZE;
    uint8_t *blocks = malloc(count * 16), *kind = malloc(count * texels);
    uint16_t *ref = malloc(count * texels * 4 * sizeof *ref);
    tuC_texel *ours = malloc(count * texels * sizeof *ours);
    if (!CHECK(blocks && kind && ref && ours)) goto done;

    size_t encoded = count / 64; /* encoding is slow: a few real blocks */
    for (size_t i = 0; i < count - 2 * encoded; i++)
        make_block(blocks + 16 * i, i % 4);
    /* the first blocks: texunit's own encoder (encode_astc.c), a third each for the UNORM,
     * sRGB and SFLOAT formats, from random texels (LDR in [0, 1], HDR over 2^-14 .. 2^15 with
     * some alphas above 1); astcenc must find every one valid for its format's profile (HDR
     * endpoint modes only in the SFLOAT blocks) */
    size_t own = count / 8;
    tuC_format own_format[3] = {f_unorm, f_srgb, f_hdr};
    for (size_t i = 0; i < own; i++) {
        float in[TUC_MAX_BLOCK_TEXELS][4];
        bool hdr = i % 3 == 2, hdr_alpha = hdr && i % 2;
        float base = (float)(tu_test_rand(&rng) % 1000) / 1000.0f;
        for (unsigned t = 0; t < texels; t++)
            for (unsigned c = 0; c < 4; c++) {
                float v = base + (float)(tu_test_rand(&rng) % 300) / 1000.0f;
                if (hdr && (c < 3 || hdr_alpha))
                    v *= exp2f((float)(tu_test_rand(&rng) % 30) - 14.0f);
                in[t][c] = hdr && (c < 3 || hdr_alpha) ? v : v > 1.0f ? 1.0f : v;
            }
        tu_error err;
        CHECK(tuC_encode_block(own_format[i % 3], (const float(*)[4])in, texels, blocks + 16 * i,
                               16, &err) == TU_OK,
              "%s", err.message);
    }
    CHECK(encoded_blocks(bw, bh, false, blocks + 16 * (count - 2 * encoded), encoded) == 0);
    CHECK(encoded_blocks(bw, bh, true, blocks + 16 * (count - encoded), encoded) == 0);

    static const int profiles[3] = {TU_ASTC_REF_LDR_SRGB, TU_ASTC_REF_LDR, TU_ASTC_REF_HDR};
    for (unsigned pi = 0; pi < 3; pi++) {
        int profile = profiles[pi];
        tuC_format f = profile == TU_ASTC_REF_HDR   ? f_hdr
                       : profile == TU_ASTC_REF_LDR ? f_unorm
                                                    : f_srgb;
        if (!CHECK(tu_astc_ref_decode(bw, bh, profile, blocks, count, ref, kind) == 0)) break;
        size_t valid = 0, mismatches = 0;
        for (size_t b = 0; b < count; b++) {
            valid += kind[b * texels] != TU_ASTC_REF_ERROR_BLOCK;
            if (b < own && own_format[b % 3] == f)
                for (unsigned t = 0; t < texels; t++)
                    CHECK(kind[b * texels + t] == TU_ASTC_REF_VALID ||
                              (f == f_hdr && kind[b * texels + t] == TU_ASTC_REF_HDR_ENDPOINT),
                          "%s: astcenc finds texel %u of our block %zu invalid (%u)",
                          tuC_format_info_get(f)->name, t, b, kind[b * texels + t]);
            /* an HDR void-extent block (bit 9 of a void-extent block mode) */
            unsigned mode = blocks[16 * b] | (unsigned)blocks[16 * b + 1] << 8;
            if ((mode & 0x1ff) == 0x1fc && (mode & 0x200) && kind[b * texels] == TU_ASTC_REF_VALID)
                for (unsigned t = 0; t < texels; t++)
                    kind[b * texels + t] = TU_ASTC_REF_HDR_CONSTANT;
            tu_error err;
            if (!CHECK(tuC_decode_block(f, blocks + 16 * b, 16, ours + b * texels, texels, &err) ==
                       TU_OK))
                continue;
            for (unsigned t = 0; t < texels; t++)
                for (unsigned c = 0; c < 4; c++) {
                    uint16_t want = ref[(b * texels + t) * 4 + c];
                    /* Where astcenc and the DFS / Vulkan CTS part (docs/semantics.md): the
                     * LDR profiles' error colour is opaque magenta, but astcenc writes error
                     * blocks and HDR void-extent blocks as NaN (0xffff), and a partition with
                     * an HDR endpoint mode as UNORM16 0xff00 (FP16 0x3bf8, 8-bit 255). */
                    unsigned tk = kind[b * texels + t];
                    if (profile != TU_ASTC_REF_HDR && tk != TU_ASTC_REF_VALID) {
                        if (tk == TU_ASTC_REF_HDR_ENDPOINT)
                            CHECK(want == (c == 1 ? 0 : 0x3bf8) || profile == TU_ASTC_REF_LDR_SRGB,
                                  "astcenc HDR-endpoint texel: 0x%x", want);
                        else
                            CHECK(want == 0xffff, "astcenc error texel not NaN: 0x%x", want);
                        want = c == 1 ? 0 : 0x3c00;
                    }
                    const tuC_texel *o = &ours[b * texels + t];
                    bool same;
                    unsigned got;
                    if (profile == TU_ASTC_REF_LDR_SRGB) {
                        /* Every channel, alpha included (KDFS 1.4 ASTC "Weight
                         * Application"), is the 8-bit code of the sRGB expansion. */
                        unsigned code = (unsigned)lrintf(tu_half_to_float(want) * 255.0f);
                        got = (unsigned)o->raw[c];
                        same = got == code;
                        want = (uint16_t)code;
                    } else if (profile == TU_ASTC_REF_LDR) {
                        /* decode_float16 bit for bit; decode_unorm8 is the top 8 bits of the
                         * UNORM16 result, which the binary16 (rounded toward zero, 11
                         * significant bits) keeps: floor(f * 256), 255 for 1.0 */
                        got = tu_float_to_half(o->value[c]);
                        float fw = tu_half_to_float(want);
                        unsigned top8 = fw >= 1.0f ? 255u : (unsigned)(fw * 256.0f);
                        same = got == want && (unsigned)o->raw[c] == top8;
                    } else {
                        /* HDR void-extent colours are binary16 bits passed through: a NaN
                         * stays the NaN it is; astcenc's float pipeline quiets signalling
                         * NaNs (sets mantissa bit 9), so any NaN matches any NaN */
                        got = (unsigned)o->raw[c];
                        same = got == want || (is_nan16(got) && is_nan16(want));
                    }
                    if (!same && ++mismatches <= 3) {
                        char hex[40];
                        for (unsigned k = 0; k < 16; k++)
                            snprintf(hex + 2 * k, 3, "%02x", blocks[16 * b + k]);
                        CHECK(same, "%s block %zu (%s) texel %u comp %u: ours 0x%x, astcenc 0x%x",
                              tuC_format_info_get(f)->name, b, hex, t, c, got, want);
                    }
                }
        }
        CHECK(mismatches == 0, "%s: %zu mismatching components", tuC_format_info_get(f)->name,
              mismatches);
        /* the comparison must cover real data, not just error blocks */
        CHECK(valid >= count / 5, "%s: only %zu of %zu blocks valid", tuC_format_info_get(f)->name,
              valid, count);
        if (bw == 4 && bh == 4)
            printf("  %s: %zu of %zu blocks valid for astcenc\n", tuC_format_info_get(f)->name,
                   valid, count);
    }
done:
    free(blocks);
    free(kind);
    free(ref);
    free(ours);
}

static void test_astc_against_astcenc(void) {
#define X(XX, size, w, h, vk, vk_hdr)                                            \
    test_block_size(tuC_format_info_get(TUC_ASTC_##size##_UNORM_BLOCK),          \
                    TUC_ASTC_##size##_UNORM_BLOCK, TUC_ASTC_##size##_SRGB_BLOCK, \
                    TUC_ASTC_##size##_SFLOAT_BLOCK);
    TUC_ASTC_SIZES(X, unused)
#undef X
}

int main(void) {
    rng = tu_test_seed(rng);
    TU_RUN(test_astc_against_astcenc);
    return tu_test_finish();
}
