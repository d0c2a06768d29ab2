/* SPDX-License-Identifier: MIT */
/*
 * astc_ref.cpp - tu_astc_ref_decode / tu_astc_ref_encode over libastcenc (astc_ref.h).
 */
#include "astc_ref.h"

#include <astcenc.h>

#include <vector>

namespace {

astcenc_context *make_context(unsigned bw, unsigned bh, int profile, bool decode_only) {
    astcenc_config config;
    if (astcenc_config_init(static_cast<astcenc_profile>(profile), bw, bh, 1, ASTCENC_PRE_FASTEST,
                            decode_only ? ASTCENC_FLG_DECOMPRESS_ONLY : 0,
                            &config) != ASTCENC_SUCCESS)
        return nullptr;
    astcenc_context *context = nullptr;
    if (astcenc_context_alloc(&config, 1, &context) != ASTCENC_SUCCESS) return nullptr;
    return context;
}

/* A bw * count x bh RGBA binary16 image over pixels; *slice must outlive it. */
astcenc_image make_image(unsigned bw, unsigned bh, size_t count, void **slice) {
    astcenc_image img;
    img.dim_x = static_cast<unsigned>(bw * count);
    img.dim_y = bh;
    img.dim_z = 1;
    img.data_type = ASTCENC_TYPE_F16;
    img.data = slice;
    return img;
}

const astcenc_swizzle identity = {ASTCENC_SWZ_R, ASTCENC_SWZ_G, ASTCENC_SWZ_B, ASTCENC_SWZ_A};

} // namespace

extern "C" int tu_astc_ref_decode(unsigned bw, unsigned bh, int profile, const uint8_t *blocks,
                                  size_t count, uint16_t *out_f16, uint8_t *kind) {
    astcenc_context *context = make_context(bw, bh, profile, true);
    if (!context) return 1;
    std::vector<uint16_t> image(static_cast<size_t>(bw) * count * bh * 4);
    void *slice = image.data();
    astcenc_image img = make_image(bw, bh, count, &slice);
    int rc = astcenc_decompress_image(context, blocks, count * 16, &img, &identity, 0) !=
             ASTCENC_SUCCESS;
    for (size_t b = 0; b < count && !rc; b++) {
        for (unsigned y = 0; y < bh; y++)
            for (unsigned x = 0; x < bw; x++)
                for (unsigned c = 0; c < 4; c++)
                    out_f16[((b * bh + y) * bw + x) * 4 + c] =
                        image[((static_cast<size_t>(y) * bw * count) + b * bw + x) * 4 + c];
        if (kind) {
            astcenc_block_info info;
            if (astcenc_get_block_info(context, blocks + 16 * b, &info) != ASTCENC_SUCCESS) rc = 1;
            for (unsigned t = 0; t < bw * bh; t++) {
                uint8_t k = TU_ASTC_REF_VALID;
                if (info.is_error_block) {
                    k = TU_ASTC_REF_ERROR_BLOCK;
                } else if (info.is_constant_block) {
                    if (info.is_hdr_block) k = TU_ASTC_REF_HDR_CONSTANT;
                } else {
                    unsigned cem = info.color_endpoint_modes[info.partition_assignment[t]];
                    if (cem == 2 || cem == 3 || cem == 7 || cem == 11 || cem == 14 || cem == 15)
                        k = TU_ASTC_REF_HDR_ENDPOINT;
                }
                kind[b * bw * bh + t] = k;
            }
        }
    }
    astcenc_context_free(context);
    return rc;
}

extern "C" int tu_astc_ref_encode(unsigned bw, unsigned bh, int profile, const uint16_t *rgba_f16,
                                  size_t count, uint8_t *blocks) {
    astcenc_context *context = make_context(bw, bh, profile, false);
    if (!context) return 1;
    void *slice = const_cast<uint16_t *>(rgba_f16);
    astcenc_image img = make_image(bw, bh, count, &slice);
    int rc =
        astcenc_compress_image(context, &img, &identity, blocks, count * 16, 0) != ASTCENC_SUCCESS;
    astcenc_context_free(context);
    return rc;
}
