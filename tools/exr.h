/* SPDX-License-Identifier: MIT */
/*
 * exr.h - OpenEXR files for the texunit command: one 2D image of decoded values, as `ktx
 * extract` writes float textures. Built with OpenEXR's C library when CMake finds it
 * (Debian: libopenexr-dev); without it, writing refuses with TU_UNSUPPORTED saying so.
 */
#ifndef TEXUNIT_EXR_H
#define TEXUNIT_EXR_H

#include "texunit/texunit.h"

#include <stdbool.h>
#include <stddef.h>

/* Whether an EXR image holds format d's decoded values: every format of the float class
 * (unorm, snorm, sRGB decoded to linear, float, depth), compressed or not; integer and
 * stencil formats are refused, *why saying so. */
bool tx_exr_holds(const tu_format_desc *d, char *why, size_t why_size);

/* Image (level, layer, slice) of s, each texel decoded (tu_surface_decode_texel), as an
 * uncompressed scanline EXR file in memory (*bytes from malloc, freed by the caller): the
 * format's components as channels R, G, B, A (depth as Z), HALF for float formats of up to
 * 16 bits a field and the compressed float formats, FLOAT otherwise. The selection must be
 * valid (export.c checks it). */
tu_status tx_exr_write(const tu_surface *s, uint32_t level, uint32_t layer, uint32_t slice,
                       void **bytes, size_t *size, tu_error *err);

#endif /* TEXUNIT_EXR_H */
