/* SPDX-License-Identifier: MIT */
/*
 * kernels_avx512.c - the avx512 build of the kernels (kernels.h): kernels_body.h compiled
 * with -mavx512f -mavx512bw -mavx512vl (CMakeLists.txt); without them, tuK_avx512 is empty.
 */
#include "kernels.h"

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)
#define TUK_ISA_AVX512 1
#include "kernels_body.h"

const tuK_set tuK_avx512 = TUK_SET;
#else
const tuK_set tuK_avx512 = {{NULL}};
#endif
