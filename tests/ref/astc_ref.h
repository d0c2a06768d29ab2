/* SPDX-License-Identifier: MIT */
/*
 * astc_ref.h - a C interface to ARM's reference ASTC codec (libastcenc), for the tests only.
 *
 * astc_ref.cpp is the only C++ in texunit: libastcenc's header is C++.
 */
#ifndef TU_ASTC_REF_H
#define TU_ASTC_REF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The astcenc decode profiles used here (astcenc_profile). */
enum { TU_ASTC_REF_LDR_SRGB = 0, TU_ASTC_REF_LDR = 1, TU_ASTC_REF_HDR = 3 };

/* Decode `count` blocks of bw x bh texels with the profile into out_f16: per block, its
 * texels row by row, each R, G, B, A as binary16 bits. kind[i * bw * bh + t] (when not NULL)
 * tells what astcenc_get_block_info says of texel t of block i. Returns 0 on success. */
enum {
    TU_ASTC_REF_VALID = 0,
    TU_ASTC_REF_ERROR_BLOCK = 1,  /* an error block */
    TU_ASTC_REF_HDR_ENDPOINT = 2, /* the texel's partition has an HDR endpoint mode */
    TU_ASTC_REF_HDR_CONSTANT = 3  /* an HDR void-extent block */
};
int tu_astc_ref_decode(unsigned bw, unsigned bh, int profile, const uint8_t *blocks, size_t count,
                       uint16_t *out_f16, uint8_t *kind);

/* Encode a bw*count x bh RGBA image of binary16 texels (row-major) into `count` blocks with
 * the profile at the fastest preset. Returns 0 on success. */
int tu_astc_ref_encode(unsigned bw, unsigned bh, int profile, const uint16_t *rgba_f16,
                       size_t count, uint8_t *blocks);

#ifdef __cplusplus
}
#endif

#endif
