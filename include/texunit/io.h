/* SPDX-License-Identifier: MIT */
/*
 * texunit/io.h - image files: KTX2 (the formats of the table, compressed ones included) and PNG.
 *
 * These functions allocate (as do tu_cache_create, tu_visa_parse and tu_visa_state_init):
 * a tu_image owns the memory its surface points to. Free it with tu_image_free.
 */
#ifndef TEXUNIT_IO_H
#define TEXUNIT_IO_H

#include "texunit/status.h"
#include "texunit/surface.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A surface together with the memory it owns (surface.data == memory). */
typedef struct tu_image {
    tu_surface surface;
    void *memory;
} tu_image;

/*
 * Allocate zeroed memory for desc's standard packed layout (tu_surface_layout_packed)
 * and describe it in *img (the view: every level). desc's type, arrayed, format,
 * width, height, depth, layers, levels and samples are used; the rest is ignored.
 * Returns TU_OK, TU_INVALID_ARGUMENT or TU_OUT_OF_MEMORY.
 */
TU_API tu_status tu_image_create(tu_image *img, const tu_surface *desc, tu_error *err);

/*
 * Re-lay img's texels in `tiling`: TU_TILING_LINEAR (the packed layout of tu_image_create) or
 * an Intel tiling (tu_surface_layout_intel), copying every texel into newly allocated memory
 * and freeing the old (the view is kept); an image that has that layout already is left as
 * it is (its memory too). This is how KTX2 and PNG images, which are linear,
 * become tiled surfaces and back. Returns TU_OK, or the layout's error (naming the field),
 * TU_UNSUPPORTED for NV_BLOCK_LINEAR or an image with a residency map, or TU_OUT_OF_MEMORY;
 * on failure img is unchanged.
 */
TU_API tu_status tu_image_convert_tiling(tu_image *img, tu_tiling tiling, tu_error *err);

/* tu_image_convert_tiling with an Intel tiling laid out by one generation's rules
 * (tu_surface_layout_intel_gen; verx10 0 is the tiling's default, and linear ignores it). */
TU_API tu_status tu_image_convert_tiling_gen(tu_image *img, tu_tiling tiling, uint32_t verx10,
                                             tu_error *err);

/* Free what tu_image_create or a reader allocated; img is left zeroed. NULL is fine. */
TU_API void tu_image_free(tu_image *img);

/*
 * KTX2 (Khronos KTX File Format Specification 2.0). The reader accepts vkFormat values
 * of the format table, supercompressionScheme 0, levels, array layers, cube faces and 3D;
 * it refuses anything else with a sentence that says why (supercompression, unknown or
 * block-compressed format, truncated file, inconsistent level index, ...). The writer
 * writes the surface's memory levels and layers with a data format descriptor.
 * The *_read_file functions of this header read regular files only: a directory, a FIFO or
 * a device (/dev/zero) is refused with TU_IO_ERROR naming the path and what it is.
 */
TU_API tu_status tu_ktx2_read_memory(const void *bytes, size_t size, tu_image *out, tu_error *err);
TU_API tu_status tu_ktx2_read_file(const char *path, tu_image *out, tu_error *err);
/* *bytes is allocated with malloc; the caller frees it with free(). */
TU_API tu_status tu_ktx2_write_memory(const tu_surface *s, void **bytes, size_t *size,
                                      tu_error *err);
TU_API tu_status tu_ktx2_write_file(const char *path, const tu_surface *s, tu_error *err);

/*
 * PNG through libpng: 8- and 16-bit grey, grey+alpha, RGB and RGBA (palette images are
 * expanded to RGB/RGBA). Grey reads as R8_UNORM / R16_UNORM, grey+alpha as R8G8 / R16G16
 * (G = alpha), RGB and RGBA as R8G8B8A8_UNORM / R16G16B16A16_UNORM (alpha 1 for RGB); an
 * 8-bit grey, RGB or RGBA image whose file has an sRGB chunk, or a gAMA of 1/2.2 and no
 * sRGB or iCCP chunk, reads as R8_SRGB / R8G8B8A8_SRGB. An ICC profile is not applied.
 * The writer writes view level `level`, layer `layer` of a 2D (or 1D) surface: 8/16-bit
 * unorm, sRGB and uint formats of 1, 2 or 4 channels as their raw codes, every other
 * texel format decoded to float, clamped to [0, 1] and written as 8-bit RGBA (sRGB-encoded
 * for an sRGB format); a file of an sRGB format of 1 or 4 channels, or decoded from one,
 * gets an sRGB chunk with its gAMA and cHRM. Block-compressed formats are refused (decode
 * them first: tu_surface_decode_texel).
 * TU_UNSUPPORTED when texunit was built without libpng.
 */
TU_API tu_status tu_png_read_file(const char *path, tu_image *out, tu_error *err);
/* The same from the size bytes of a PNG file in memory. */
TU_API tu_status tu_png_read_memory(const void *bytes, size_t size, tu_image *out, tu_error *err);
TU_API tu_status tu_png_write_file(const char *path, const tu_surface *s, uint32_t level,
                                   uint32_t layer, tu_error *err);
/* The same PNG file in memory: *bytes is allocated with malloc; the caller frees it. */
TU_API tu_status tu_png_write_memory(const tu_surface *s, uint32_t level, uint32_t layer,
                                     void **bytes, size_t *size, tu_error *err);

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_IO_H */
