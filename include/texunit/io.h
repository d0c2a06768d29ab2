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
 * of the format table, supercompressionScheme 0 (none), 2 (Zstandard) and 3 (ZLIB), UASTC HDR
 * 4x4 (read as the ASTC 4x4 HDR blocks it is), levels, array layers, cube faces and 3D; it
 * checks every structural rule of the specification (header, index, level index, data format
 * descriptor, key/value data) and refuses a file that breaks one with a sentence naming the
 * rule's section ("KTX 2.0 §3.9.7.2 levels[p].byteLength: ..."), and anything it cannot hold
 * with one that says why (BasisLZ and UASTC LDR need a transcoder texunit does not have; an
 * unknown format; ...). The writer writes the surface's memory levels and layers with the
 * data format descriptor and key/value data KTX-Software writes for a new file.
 * The *_read_file functions of this header read regular files only: a directory, a FIFO or
 * a device (/dev/zero) is refused with TU_IO_ERROR naming the path and what it is.
 */
TU_API tu_status tu_ktx2_read_memory(const void *bytes, size_t size, tu_image *out, tu_error *err);
TU_API tu_status tu_ktx2_read_file(const char *path, tu_image *out, tu_error *err);
/* *bytes is allocated with malloc; the caller frees it with free(). */
TU_API tu_status tu_ktx2_write_memory(const tu_surface *s, void **bytes, size_t *size,
                                      tu_error *err);
TU_API tu_status tu_ktx2_write_file(const char *path, const tu_surface *s, tu_error *err);

/* The most levels a KTX2 file can have: a 2^32-texel axis (KTX 2.0 §3.7 levelCount). */
#define TU_KTX2_MAX_LEVELS 32

/* One entry of a KTX2 level index (KTX 2.0 §3.9.7), as the file has it. */
typedef struct tu_ktx2_level_entry {
    uint64_t byte_offset, byte_length, uncompressed_byte_length;
} tu_ktx2_level_entry;

/*
 * What a KTX2 file holds besides its texels, as the file has it: the header and index fields,
 * the level index (level[p] is level p; `levels` = max(1, level_count) entries), and copies of
 * the data format descriptor (dfd_byte_length bytes, dfdTotalSize first) and of the key/value
 * data (kvd_byte_length bytes; NULL when there is none). Free with tu_ktx2_file_free.
 */
typedef struct tu_ktx2_file {
    uint32_t vk_format, type_size, pixel_width, pixel_height, pixel_depth;
    uint32_t layer_count, face_count, level_count, supercompression_scheme;
    uint32_t dfd_byte_offset, dfd_byte_length, kvd_byte_offset, kvd_byte_length;
    uint64_t sgd_byte_offset, sgd_byte_length;
    uint32_t levels;
    tu_ktx2_level_entry level[TU_KTX2_MAX_LEVELS];
    uint8_t *dfd;
    uint8_t *kvd;
} tu_ktx2_file;

/*
 * Check every structural rule of KTX 2.0 on the size bytes of a KTX2 file and describe it in
 * *file, whatever its format and supercompression (texunit need not be able to decode it).
 * TU_PARSE_ERROR naming the rule's section when one is broken; *file is then zeroed.
 */
TU_API tu_status tu_ktx2_inspect(const void *bytes, size_t size, tu_ktx2_file *file, tu_error *err);
/* tu_ktx2_read_memory that also describes the file in *file (when not NULL). */
TU_API tu_status tu_ktx2_read_memory_file(const void *bytes, size_t size, tu_image *out,
                                          tu_ktx2_file *file, tu_error *err);
/* Free what tu_ktx2_inspect allocated; file is left zeroed. NULL is fine. */
TU_API void tu_ktx2_file_free(tu_ktx2_file *file);

/*
 * How tu_ktx2_write_memory_with writes a file. supercompression: 0 (none), 2 (Zstandard, at
 * zstd level `level`, 0 = libzstd's default) or 3 (ZLIB, deflate level `level`, 0 = zlib's
 * default 6), each level compressed on its own (KTX 2.0 §3.8.1.2, §3.8.1.3). keep: a file the
 * surface was read from, whose data format descriptor (when its vkFormat is the surface's)
 * and key/value data are written back byte for byte; NULL writes KTX-Software's descriptor
 * and a KTXwriter entry.
 */
typedef struct tu_ktx2_write_options {
    uint32_t supercompression;
    int level;
    const tu_ktx2_file *keep;
} tu_ktx2_write_options;

TU_API tu_status tu_ktx2_write_memory_with(const tu_surface *s, const tu_ktx2_write_options *opt,
                                           void **bytes, size_t *size, tu_error *err);

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
