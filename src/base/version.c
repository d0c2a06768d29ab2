/* SPDX-License-Identifier: MIT */
/*
 * version.c - the library's version (texunit/version.h): the numbers it was built with, for
 * a program to compare with the headers it was compiled against.
 */
#include "texunit/version.h"

#include "texunit/sampler.h"
#include "texunit/surface.h"

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

unsigned tu_version(void) {
    return TU_VERSION_NUMBER;
}

const char *tu_version_string(void) {
    return TU_VERSION_STRING;
}

/* The sizes docs/api.md ("The ABI rule") promises for the structs a caller allocates: within
 * one MINOR version (one MAJOR version from 1.0 on) they do not change. A change that trips
 * one of these asserts changes the ABI: the version must say so (version.h), and then the
 * numbers here change with it. The structs without pointers have one size everywhere;
 * those with pointers are asserted for LP64 (x86-64 and AArch64 Linux). */
_Static_assert(sizeof(tu_error) == 260, "tu_error's size is part of the ABI");
_Static_assert(sizeof(tu_texel) == 16, "tu_texel's size is part of the ABI");
_Static_assert(sizeof(tu_sampler) == 56, "tu_sampler's size is part of the ABI");
_Static_assert(offsetof(tu_msg, src) == 64, "tu_msg's sources start 64 bytes in");
_Static_assert(sizeof(tu_msg) == 64 + TU_SRC_COUNT * TU_MAX_LANES * 4,
               "tu_msg's size is part of the ABI");
_Static_assert(sizeof(tu_reply) == 520, "tu_reply's size is part of the ABI");
_Static_assert(sizeof(tu_texel_coord) == 24, "tu_texel_coord's size is part of the ABI");
#if UINTPTR_MAX == UINT64_MAX && ULONG_MAX == UINT64_MAX
_Static_assert(sizeof(tu_surface) == 1192, "tu_surface's size is part of the ABI (LP64)");
_Static_assert(sizeof(tu_binding) == 4832, "tu_binding's size is part of the ABI (LP64)");
_Static_assert(_Alignof(tu_binding) == 16, "tu_binding's alignment is part of the ABI");
#endif
