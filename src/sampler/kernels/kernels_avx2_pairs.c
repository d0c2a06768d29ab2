/* SPDX-License-Identifier: MIT */
/*
 * kernels_avx2_pairs.c - the 2D sampling kernels of the avx2 build with 16 lanes in two
 * registers (simd.h TUK_AVX2_PAIRS), compiled with -mavx2 (CMakeLists.txt) by clang; the
 * avx2 build takes these in place of its own where present (fast.c). GCC compares the
 * floats of a vector wider than the registers one lane at a time, so under GCC, as without
 * the flags, every entry is NULL.
 */
#include "kernels.h"

#if defined(__AVX2__) && defined(__clang__)
#define TUK_ISA_AVX2   1
#define TUK_AVX2_PAIRS 1
#include "kernels_body.h"

const tuK_set tuK_avx2_pairs = TUK_SET;
#else
const tuK_set tuK_avx2_pairs = {.same_binding = NULL}; /* every kernel NULL */
#endif
