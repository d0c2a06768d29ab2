/* SPDX-License-Identifier: MIT */
/*
 * kernels_portable.c - the portable build of the kernels (kernels.h): kernels_body.h compiled
 * for the baseline ISA, with no target flags; always present.
 */
#include "kernels.h"

#include "kernels_body.h"

const tuK_set tuK_portable = TUK_SET;
