/* SPDX-License-Identifier: MIT */
/*
 * export.h - reading and writing image files for the texunit command, honestly: a file
 * gets what its format holds or the command refuses with the reason. KTX2 holds every
 * surface; PNG holds one 2D image of 8- or 16-bit UNORM or sRGB texels with 1, 2 or 4
 * channels, and of a block-compressed UNORM or sRGB format decoded to 8-bit codes. Any other
 * image reaches a PNG file only as one selected image (--level, --layer, --face, --slice)
 * and, for float, integer, depth, snorm and packed formats, only with --tonemap (the
 * mapping is in docs/cli.md, "texunit convert"), which is a no-op where nothing needs it.
 */
#ifndef TEXUNIT_EXPORT_H
#define TEXUNIT_EXPORT_H

#include "texunit/texunit.h"

#include <stdbool.h>

#include "texunit/io.h"

/* Which one image to export; -1 = not given. And how a KTX2 file is written: supercompression
 * -1 (none, or the scheme of `keep`), 0 (none), 2 (Zstandard) or 3 (ZLIB) at `level` (0: the
 * library's default); keep, the KTX2 file the surface was read from, whose data format
 * descriptor and key/value data a whole-surface KTX2 file keeps (NULL: none). */
typedef struct tx_select {
    int64_t level, layer, face, slice;
    bool tonemap;
    int supercompression, deflate_level;
    const tu_ktx2_file *keep;
} tx_select;

tx_select tx_select_none(void);

/* When argv[*i] is one of --level L, --layer N, --face F (0..5 or +x -x +y -y +z -z),
 * --slice Z, --tonemap or --supercompress none|zstd[:LEVEL]|zlib[:LEVEL]: consume it (and its
 * value), set *sel and return 1; 0 when it is not one of them; -1 with a reason in why when its
 * value is bad or missing. */
int tx_parse_option(int argc, char **argv, int *i, tx_select *sel, char *why, size_t why_size);

/* The file kinds, by extension (.ktx2, .png, .exr: written, never read), and "-" (standard
 * input or output) as KTX2; refuses any other with a sentence. */
typedef enum tx_kind { TX_KTX2, TX_PNG, TX_EXR } tx_kind;
tu_status tx_kind_of(const char *path, tx_kind *kind, tu_error *err);

/* Read a file of that kind, whatever its name, through tf_read_file's checks (file.h). */
tu_status tx_read_as(const char *path, tx_kind kind, tu_image *img, tu_error *err);

/* The colour chunks of the PNG file at path (sRGB, gAMA, cHRM, iCCP: PNG §11.3.2) and the
 * format its texels were read as, in one line into out ("sRGB (perceptual), gAMA 0.45455,
 * cHRM: the codes read as R8G8B8A8_SRGB"). Returns true when the file says something texunit
 * did not apply (an ICC profile, another gamma, an sRGB chunk on 16-bit or grey + alpha
 * samples): their codes are read as UNORM. */
bool tx_png_colour(const char *path, tu_format read_as, char *out, size_t out_size);

/* Read a KTX2 file as tx_read_as does, and describe it in *file (tu_ktx2_read_memory_file). */
tu_status tx_read_ktx2(const char *path, tu_image *img, tu_ktx2_file *file, tu_error *err);

/* Read a KTX2 or PNG file (refuses other extensions). */
tu_status tx_read(const char *path, tu_image *img, tu_error *err);

/* Write surface s to path ("-": standard output) through tf_create and tf_close (file.h):
 * KTX2 all of it (or the one selected image), PNG as the header says. The rows of a selected
 * image report to `progress` (NULL: none). A file that fails is removed. */
tu_status tx_write(const char *path, const tu_surface *s, const tx_select *sel,
                   const tu_progress *progress, tu_error *err);
/* The same as a file of that kind, whatever its name. */
tu_status tx_write_as(const char *path, tx_kind kind, const tu_surface *s, const tx_select *sel,
                      const tu_progress *progress, tu_error *err);

#endif /* TEXUNIT_EXPORT_H */
