/* SPDX-License-Identifier: MIT */
/*
 * decode.c - the compressed-format table and the checked entry points of the block decoders.
 */
#include "compressed.h"

#include "../../base/base.h"

#include <string.h>

/* Per codec: its decoder and encoder, the components it has and what raw[] holds. */
static const struct {
    tuC_decode_fn *decode;
    tuC_encode_fn *encode;
    uint8_t channels;
    tuC_raw_kind raw_kind, raw_kind_signed;
} codecs[TUC_CODEC_COUNT] = {
    [TUC_BC1] = {tuC_decode_bc1, tuC_encode_bc1, 3, TUC_RAW_NONE, TUC_RAW_NONE},
    [TUC_BC1A] = {tuC_decode_bc1, tuC_encode_bc1, 4, TUC_RAW_NONE, TUC_RAW_NONE},
    [TUC_BC2] = {tuC_decode_bc2, tuC_encode_bc2, 4, TUC_RAW_NONE, TUC_RAW_NONE},
    [TUC_BC3] = {tuC_decode_bc3, tuC_encode_bc3, 4, TUC_RAW_NONE, TUC_RAW_NONE},
    [TUC_BC4] = {tuC_decode_bc4, tuC_encode_bc4, 1, TUC_RAW_NONE, TUC_RAW_NONE},
    [TUC_BC5] = {tuC_decode_bc5, tuC_encode_bc5, 2, TUC_RAW_NONE, TUC_RAW_NONE},
    [TUC_BC6H] = {tuC_decode_bc6h, tuC_encode_bc6h, 3, TUC_RAW_FP16, TUC_RAW_FP16},
    [TUC_BC7] = {tuC_decode_bc7, tuC_encode_bc7, 4, TUC_RAW_UNORM8, TUC_RAW_UNORM8},
    [TUC_ETC2_RGB8] = {tuC_decode_etc2_rgb, tuC_encode_etc2_rgb, 3, TUC_RAW_UNORM8, TUC_RAW_UNORM8},
    [TUC_ETC2_RGB8A1] = {tuC_decode_etc2_rgb, tuC_encode_etc2_rgb, 4, TUC_RAW_UNORM8,
                         TUC_RAW_UNORM8},
    [TUC_ETC2_RGBA8] = {tuC_decode_etc2_rgba8, tuC_encode_etc2_rgba8, 4, TUC_RAW_UNORM8,
                        TUC_RAW_UNORM8},
    [TUC_EAC_R11] = {tuC_decode_eac, tuC_encode_eac, 1, TUC_RAW_UNORM11, TUC_RAW_SNORM11},
    [TUC_EAC_RG11] = {tuC_decode_eac, tuC_encode_eac, 2, TUC_RAW_UNORM11, TUC_RAW_SNORM11},
    [TUC_ASTC_LDR] = {tuC_decode_astc, tuC_encode_astc, 4, TUC_RAW_UNORM8, TUC_RAW_UNORM8},
    [TUC_ASTC_HDR] = {tuC_decode_astc, tuC_encode_astc, 4, TUC_RAW_FP16, TUC_RAW_FP16},
    [TUC_GBGR_422] = {tuC_decode_422, tuC_encode_422, 3, TUC_RAW_UNORM_N, TUC_RAW_UNORM_N},
    [TUC_BGRG_422] = {tuC_decode_422, tuC_encode_422, 3, TUC_RAW_UNORM_N, TUC_RAW_UNORM_N},
};

static const tuC_format_info formats[TUC_FORMAT_COUNT] = {
#define X(nm, vk, codec, bw, bh, bytes, fl) [TUC_##nm] = {#nm, vk, TUC_##codec, bw, bh, bytes, fl},
    TUC_FORMAT_LIST(X)
#undef X
};

const tuC_format_info *tuC_format_info_get(tuC_format f) {
    if ((unsigned)f == TUC_FORMAT_NONE || (unsigned)f >= TUC_FORMAT_COUNT) return NULL;
    return &formats[f];
}

tuC_format tuC_format_from_vk(uint32_t vk) {
    for (unsigned f = 1; f < TUC_FORMAT_COUNT; f++)
        if (formats[f].vk_format == vk) return (tuC_format)f;
    return TUC_FORMAT_NONE;
}

static tu_status check(tuC_format f, const void *block, size_t block_size, tu_error *err,
                       const tuC_format_info **info) {
    *info = tuC_format_info_get(f);
    TU_RETURN_IF(*info == NULL, err, TU_INVALID_ARGUMENT,
                 "compressed format %u is not a compressed format (1..%d)", (unsigned)f,
                 TUC_FORMAT_COUNT - 1);
    TU_RETURN_IF(block == NULL, err, TU_INVALID_ARGUMENT, "block pointer is NULL");
    TU_RETURN_IF(block_size < (*info)->block_bytes, err, TU_OUT_OF_RANGE,
                 "block size %zu is smaller than the %u bytes of a %s block", block_size,
                 (*info)->block_bytes, (*info)->name);
    return TU_OK;
}

/* Fill the components the format lacks. */
static void finish(const tuC_format_info *info, tuC_texel *out, size_t n) {
    unsigned channels = codecs[info->codec].channels;
    for (size_t i = 0; i < n; i++) {
        for (unsigned c = channels; c < 4; c++) {
            out[i].value[c] = c == 3 ? 1.0f : 0.0f;
            if (c == 3 && (info->codec == TUC_BC1 || info->codec == TUC_ETC2_RGB8))
                out[i].raw[c] = 255; /* RGB formats with 8-bit raw codes: opaque */
            else
                out[i].raw[c] = 0;
        }
    }
}

tu_status tuC_decode_texel(tuC_format f, const void *block, size_t block_size, unsigned x,
                           unsigned y, tuC_texel *out, tu_error *err) {
    const tuC_format_info *info;
    TU_TRY(check(f, block, block_size, err, &info));
    TU_RETURN_IF(out == NULL, err, TU_INVALID_ARGUMENT, "output texel pointer is NULL");
    TU_RETURN_IF(x >= info->block_width || y >= info->block_height, err, TU_OUT_OF_RANGE,
                 "texel (%u, %u) lies outside the %ux%u block of %s", x, y, info->block_width,
                 info->block_height, info->name);
    memset(out, 0, sizeof *out);
    codecs[info->codec].decode(info, block, x, y, 1, 1, out);
    finish(info, out, 1);
    return TU_OK;
}

tu_status tuC_decode_block(tuC_format f, const void *block, size_t block_size, tuC_texel *out,
                           size_t out_count, tu_error *err) {
    const tuC_format_info *info;
    TU_TRY(check(f, block, block_size, err, &info));
    TU_RETURN_IF(out == NULL, err, TU_INVALID_ARGUMENT, "output texel pointer is NULL");
    size_t n = (size_t)info->block_width * info->block_height;
    TU_RETURN_IF(out_count < n, err, TU_OUT_OF_RANGE,
                 "output room %zu is smaller than the %zu texels of a %s block", out_count, n,
                 info->name);
    memset(out, 0, n * sizeof *out);
    codecs[info->codec].decode(info, block, 0, 0, info->block_width, info->block_height, out);
    finish(info, out, n);
    return TU_OK;
}

tu_status tuC_encode_block(tuC_format f, const float (*texels)[4], size_t texel_count, void *block,
                           size_t block_size, tu_error *err) {
    const tuC_format_info *info;
    TU_TRY(check(f, block, block_size, err, &info));
    TU_RETURN_IF(texels == NULL, err, TU_INVALID_ARGUMENT, "texel pointer is NULL");
    size_t n = (size_t)info->block_width * info->block_height;
    TU_RETURN_IF(texel_count < n, err, TU_OUT_OF_RANGE,
                 "texel count %zu is smaller than the %zu texels of a %s block", texel_count, n,
                 info->name);
    /* finite input: NaN is 0, the infinities the largest binary16 (every format's range lies
     * inside it; each encoder clamps to its own) */
    float in[TUC_MAX_BLOCK_TEXELS][4];
    for (size_t t = 0; t < n; t++)
        for (unsigned c = 0; c < 4; c++) {
            float v = texels[t][c];
            in[t][c] = v != v ? 0.0f : v > 65504.0f ? 65504.0f : v < -65504.0f ? -65504.0f : v;
        }
    memset(block, 0, info->block_bytes);
    codecs[info->codec].encode(f, info, (const float(*)[4])in, block);
    return TU_OK;
}

void tuC_decode_whole(tuC_format f, const uint8_t *block, tuC_texel *out) {
    const tuC_format_info *info = tuC_format_info_get(f);
    size_t n = (size_t)info->block_width * info->block_height;
    memset(out, 0, n * sizeof *out);
    codecs[info->codec].decode(info, block, 0, 0, info->block_width, info->block_height, out);
    finish(info, out, n);
}

unsigned tuC_format_channels(const tuC_format_info *info) {
    return codecs[info->codec].channels;
}

tuC_raw_kind tuC_format_raw_kind(const tuC_format_info *info) {
    return (info->flags & TUC_SIGNED) ? codecs[info->codec].raw_kind_signed
                                      : codecs[info->codec].raw_kind;
}
