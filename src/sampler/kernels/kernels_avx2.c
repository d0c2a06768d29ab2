/* SPDX-License-Identifier: MIT */
/*
 * kernels_avx2.c - the avx2 build of the kernels (kernels.h): kernels_body.h compiled
 * with -mavx2 (CMakeLists.txt); without the flags, every entry of tuK_avx2 is NULL.
 */
#include "kernels.h"

#if defined(__AVX2__)
#define TUK_ISA_AVX2 1
#include "kernels_body.h"

const tuK_set tuK_avx2 = TUK_SET;
#else
const tuK_set tuK_avx2 = {{NULL}};
#endif
