/* SPDX-License-Identifier: MIT */
/*
 * squish_ref.h - a C interface to libsquish (Debian libsquish-dev), a second, independent
 * S3TC / RGTC decoder, for the tests only (its header is C++).
 */
#ifndef TU_SQUISH_REF_H
#define TU_SQUISH_REF_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The block kinds libsquish decodes (BC4 and BC5 only name the test's cases: libsquish 1.15's
 * Decompress ignores its kBc4 / kBc5 flags). */
enum { TU_SQUISH_BC1 = 1, TU_SQUISH_BC2, TU_SQUISH_BC3, TU_SQUISH_BC4, TU_SQUISH_BC5 };

/* Decode one BC1, BC2 or BC3 block into 16 RGBA8 texels, row by row. */
void tu_squish_ref_decode(int kind, const uint8_t *block, uint8_t rgba[64]);

#ifdef __cplusplus
}
#endif

#endif
