/* SPDX-License-Identifier: MIT */
/*
 * fuzz_blocks.c - libFuzzer target for the block decoders (src/format/compressed/).
 *
 * The first byte picks the format, the next 16 are the block (only the format's block_bytes
 * are handed to the decoder, in a buffer of exactly that size, so that the sanitizers see
 * any read past it). Every bit pattern must decode: the whole block, and each texel alone,
 * which must equal the block's.
 *
 * Then the block encoders: the input's bytes (cycled) make a block of texels, each component
 * NaN, +-Inf, a raw float bit pattern, a value around the format's range or (every second
 * input) the same texel everywhere. tuC_encode_block must succeed, write the same bytes
 * whatever the output held, stay inside a buffer of exactly the block's size, write nothing
 * past the block in a larger one, and make a block that decodes without NaN (no ASTC error
 * block) to values in the format's range; a constant block decodes within the documented
 * bound of its clamped texel (tests/encode_bound.h, docs/semantics.md "The block
 * encoders").
 *
 *   clang -fsanitize=fuzzer,address,undefined -Iinclude fuzz/fuzz_blocks.c <library sources>
 */
#include "../src/format/compressed/compressed.h"
#include "../tests/encode_bound.h"
#include "texunit/format.h"

#include <math.h>

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Component value number i of the input (4 bytes, the input cycled). */
static float input_value(const uint8_t *data, size_t size, size_t i) {
    uint32_t u = 0;
    for (unsigned k = 0; k < 4; k++)
        u |= (uint32_t)data[(4 * i + k) % size] << (8 * k);
    switch (u & 15) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -INFINITY;
    case 3: {
        float f;
        memcpy(&f, &u, sizeof f);
        return f;
    }
    case 4: return (float)((double)(u >> 4) / (1 << 28) * 140000.0 - 70000.0); /* binary16 */
    default: return (float)((double)(u >> 4) / (1 << 28) * 3.0 - 1.5);         /* around [-1, 1] */
    }
}

/* The texel value an in-range encoder input x stands for: NaN 0, the infinities +-65504,
 * then clamped to the format's range (docs/semantics.md, "The block encoders"). */
static float clamp_input(const tuC_format_info *info, unsigned c, float x) {
    if (isnan(x)) return 0.0f;
    const bool is_signed = info->flags & TUC_SIGNED;
    const bool half = info->codec == TUC_BC6H || (info->codec == TUC_ASTC_HDR && c < 3);
    float lo = is_signed ? -1.0f : 0.0f, hi = 1.0f;
    if (half) lo = is_signed ? -65504.0f : 0.0f, hi = 65504.0f;
    /* ASTC's HDR endpoints hold no negative value: the encoder writes a negative one as 0
     * (docs/semantics.md, "Compressed formats"), in every channel of the SFLOAT formats. */
    if (info->codec == TUC_ASTC_HDR) lo = 0.0f, hi = 65504.0f;
    return x < lo ? lo : x > hi ? hi : x;
}

static void fuzz_encoder(tuC_format f, const tuC_format_info *info, const uint8_t *data,
                         size_t size) {
    static float in[TUC_MAX_BLOCK_TEXELS][4];
    const unsigned texels = (unsigned)info->block_width * info->block_height;
    const bool constant = data[0] & 0x80;
    for (unsigned t = 0; t < texels; t++)
        for (unsigned c = 0; c < 4; c++)
            in[t][c] = constant && t ? in[0][c] : input_value(data, size, 4 * t + c);
    /* Two encodes (the encoder is most of a case's time): into a buffer of exactly the
     * block's size holding 0xaa, and into a 16-byte one holding 0x55, past the block's bytes
     * of which nothing may be written. */
    uint8_t a[16], *exact = malloc(info->block_bytes);
    if (!exact) return;
    memset(a, 0x55, sizeof a), memset(exact, 0xaa, info->block_bytes);
    if (tuC_encode_block(f, (const float(*)[4])in, texels, exact, info->block_bytes, NULL) !=
            TU_OK ||
        tuC_encode_block(f, (const float(*)[4])in, texels, a, sizeof a, NULL) != TU_OK ||
        memcmp(a, exact, info->block_bytes) != 0)
        abort();
    for (size_t i = info->block_bytes; i < sizeof a; i++)
        if (a[i] != 0x55) abort();
    free(exact);
    static tuC_texel dec[TUC_MAX_BLOCK_TEXELS];
    if (tuC_decode_block(f, a, info->block_bytes, dec, texels, NULL) != TU_OK) abort();
    const unsigned channels = tuC_format_channels(info);
    const bool punch = info->codec == TUC_BC1A || info->codec == TUC_ETC2_RGB8A1;
    for (unsigned t = 0; t < texels; t++)
        for (unsigned c = 0; c < channels; c++) {
            const float v = dec[t].value[c], want = clamp_input(info, c, in[t][c]);
            if (isnan(v) || v < clamp_input(info, c, -INFINITY) ||
                v > clamp_input(info, c, INFINITY))
                abort();
            /* punch-through: a texel whose alpha is below 1/2 is transparent black */
            if (!constant || (punch && (c == 3 || clamp_input(info, 3, in[t][3]) < 0.5f))) continue;
            bool ord;
            const double bound = const_bound(info, c, want, &ord);
            const double d = ord ? fabs((double)(ordinal((uint16_t)dec[t].raw[c]) -
                                                 ordinal(tu_float_to_half(want))))
                                 : fabs((double)v - (double)want);
            if (!(d <= bound + 1e-6)) abort();
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    tuC_format f = (tuC_format)(1 + data[0] % (TUC_FORMAT_COUNT - 1));
    const tuC_format_info *info = tuC_format_info_get(f);
    if (!info || size - 1 < info->block_bytes) return 0;
    uint8_t *block = malloc(info->block_bytes);
    if (!block) return 0;
    memcpy(block, data + 1, info->block_bytes);

    tuC_texel all[TUC_MAX_BLOCK_TEXELS], one;
    unsigned texels = (unsigned)info->block_width * info->block_height;
    if (tuC_decode_block(f, block, info->block_bytes, all, texels, NULL) != TU_OK) abort();
    for (unsigned t = 0; t < texels; t++) {
        if (tuC_decode_texel(f, block, info->block_bytes, t % info->block_width,
                             t / info->block_width, &one, NULL) != TU_OK)
            abort();
        if (memcmp(&one, &all[t], sizeof one) != 0) abort();
    }
    /* a block one byte short is refused, never read */
    if (tuC_decode_texel(f, block, info->block_bytes - 1u, 0, 0, &one, NULL) != TU_OUT_OF_RANGE)
        abort();
    free(block);
    fuzz_encoder(f, info, data, size);
    return 0;
}
