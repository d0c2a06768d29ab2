/* SPDX-License-Identifier: MIT */
/*
 * png.c - PNG files through libpng (the libpng 1.6 manual, "Reading PNG files" and
 * "Writing PNG files"), with the format mapping of texunit/io.h.
 *
 * Reading expands palette images to RGB(A), tRNS chunks to an alpha channel and grey
 * below 8 bits to 8 bits, and adds an opaque alpha to RGB; 16-bit samples are kept and
 * swapped from PNG's big-endian order to the little-endian order of texunit's texels
 * (texunit/format_list.h). Writing stores raw codes for 8/16-bit unorm, sRGB and uint
 * formats of 1, 2 or 4 channels, and decodes every other format to float, clamps it to
 * [0, 1] and writes 8-bit RGBA (rounded to nearest even by the R8G8B8A8_UNORM or _SRGB
 * encoder). The sRGB chunk marks sRGB images both ways (png_says_srgb).
 *
 * libpng reports errors by longjmp. Each function that calls libpng keeps its state in a
 * context owned by its caller and sets the jump target itself, so no local variable of the
 * function holding setjmp changes between setjmp and longjmp (C11 7.13.2.1).
 */
#include "texunit/io.h"

#include "../base/base.h"
#include "../format/format_internal.h"
#include "io_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TEXUNIT_HAVE_PNG

tu_status tu_png_read_file(const char *path, tu_image *out, tu_error *err) {
    (void)path;
    if (out) memset(out, 0, sizeof *out);
    return tuB_fail(err, TU_UNSUPPORTED, "texunit was built without libpng");
}

tu_status tu_png_read_memory(const void *bytes, size_t size, tu_image *out, tu_error *err) {
    (void)bytes;
    (void)size;
    if (out) memset(out, 0, sizeof *out);
    return tuB_fail(err, TU_UNSUPPORTED, "texunit was built without libpng");
}

tu_status tu_png_write_file(const char *path, const tu_surface *s, uint32_t level, uint32_t layer,
                            tu_error *err) {
    (void)path;
    (void)s;
    (void)level;
    (void)layer;
    return tuB_fail(err, TU_UNSUPPORTED, "texunit was built without libpng");
}

tu_status tu_png_write_memory(const tu_surface *s, uint32_t level, uint32_t layer, void **bytes,
                              size_t *size, tu_error *err) {
    (void)s;
    (void)level;
    (void)layer;
    if (bytes) *bytes = NULL;
    if (size) *size = 0;
    return tuB_fail(err, TU_UNSUPPORTED, "texunit was built without libpng");
}

#else /* TEXUNIT_HAVE_PNG */

#include <png.h>

/* What libpng's error and warning callbacks see. */
typedef struct png_context {
    char message[160]; /* libpng's last error message */
    FILE *file;
    png_structp png;
    png_infop info;
    png_bytep *rows;
    uint8_t *pixels;    /* the writer's rows */
    uint64_t file_size; /* the reader's file, in bytes */
    uint64_t offset;    /* the reader's position in the file */
    const uint8_t *in;  /* the memory reader's bytes (file NULL), file_size of them */
    uint8_t *out;       /* the memory writer's bytes (file NULL), out_size of out_cap */
    size_t out_size, out_cap;
} png_context;

/* Deflate expands at most 1032:1 (zlib's "Technical details": a 258-byte match costs at least
 * two bits), so a file of n bytes holds at most 1032·n bytes of scanlines. */
enum { DEFLATE_MAX_RATIO = 1032 };

static void on_png_error(png_structp png, png_const_charp message) {
    png_context *ctx = png_get_error_ptr(png);
    snprintf(ctx->message, sizeof ctx->message, "%s", message ? message : "unknown error");
    png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message; /* the library never prints */
}

/* --- reader ------------------------------------------------------------------------------ */

/* libpng's read callback (png_set_read_fn): its default one says only "Read Error" when the
 * file ends early; this one says where and why. */
static void on_png_read(png_structp png, png_bytep data, size_t length) {
    png_context *ctx = png_get_io_ptr(png);
    size_t got;
    if (ctx->file) {
        got = fread(data, 1, length, ctx->file);
    } else {
        const uint64_t left = ctx->file_size - ctx->offset;
        got = left < length ? (size_t)left : length;
        memcpy(data, ctx->in + ctx->offset, got);
    }
    ctx->offset += got;
    if (got == length) return;
    if (ctx->file && ferror(ctx->file))
        snprintf(ctx->message, sizeof ctx->message, "read error after byte %llu: %s",
                 (unsigned long long)ctx->offset, strerror(errno));
    else
        snprintf(ctx->message, sizeof ctx->message,
                 "the file ends after %llu bytes, %zu bytes short of the data libpng was "
                 "reading (a truncated file)",
                 (unsigned long long)ctx->offset, length - got);
    png_longjmp(png, 1);
}

/* Whether the file says its samples are sRGB-encoded: an sRGB chunk, or with no sRGB or iCCP
 * chunk a gAMA of 1/2.2 (45455, the value PNG's sRGB chunk section asks encoders to write
 * beside it: PNG (Third Edition) §11.3.2.5). An ICC profile (iCCP) is not applied: its samples
 * are read as UNORM codes. */
static bool png_says_srgb(png_structp png, png_infop info) {
    int intent;
    if (png_get_sRGB(png, info, &intent)) return true;
    if (png_get_valid(png, info, PNG_INFO_iCCP)) return false;
    png_fixed_point gamma;
    return png_get_gAMA_fixed(png, info, &gamma) && gamma == 45455;
}

/* Everything between png_read_info and png_read_end, under libpng's jump target. */
static tu_status png_read_run(png_context *ctx, const char *what, tu_image *out, tu_error *err) {
    if (setjmp(png_jmpbuf(ctx->png)))
        return tuB_fail(err, TU_PARSE_ERROR, "%s: %s", what, ctx->message);

    png_structp png = ctx->png;
    png_infop info = ctx->info;
    ctx->offset = 8;
    png_set_read_fn(png, ctx, on_png_read);
    png_set_sig_bytes(png, 8);
    png_read_info(png, info);
    const png_uint_32 width = png_get_image_width(png, info);
    const png_uint_32 height = png_get_image_height(png, info);
    const int color_type = png_get_color_type(png, info);
    const int depth = png_get_bit_depth(png, info);
    TU_RETURN_IF(width > TU_MAX_DIMENSION || height > TU_MAX_DIMENSION, err, TU_UNSUPPORTED,
                 "%s: image size %lux%lu exceeds texunit's limit %u", what, (unsigned long)width,
                 (unsigned long)height, TU_MAX_DIMENSION);
    /* Refuse before allocating: a header of a few bytes may claim gigabytes. The scanlines
     * (PNG §7.2, §8.2: a filter byte and the packed row per row, or per row of each Adam7
     * pass, which covers every image row with a pass starting at x = 0) hold at least
     * height · rowbytes bytes, all of them decompressed from the file. */
    const uint64_t scanline_bytes = (uint64_t)height * png_get_rowbytes(png, info);
    TU_RETURN_IF(scanline_bytes > ctx->file_size * DEFLATE_MAX_RATIO, err, TU_PARSE_ERROR,
                 "%s: a %lux%lu image needs %llu bytes of scanlines, more than the "
                 "%llu bytes of the file can hold (deflate expands at most %u:1)",
                 what, (unsigned long)width, (unsigned long)height,
                 (unsigned long long)scanline_bytes, (unsigned long long)ctx->file_size,
                 (unsigned)DEFLATE_MAX_RATIO);

    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    const bool trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (trns) png_set_tRNS_to_alpha(png);
    const bool rgb = color_type == PNG_COLOR_TYPE_RGB || color_type == PNG_COLOR_TYPE_PALETTE;
    if (rgb && !trns) png_set_filler(png, depth == 16 ? 0xFFFF : 0xFF, PNG_FILLER_AFTER);
    if (depth == 16) png_set_swap(png); /* texel memory is little-endian */
    png_set_interlace_handling(png);
    png_read_update_info(png, info);

    const int channels = png_get_channels(png, info);
    const int out_depth = png_get_bit_depth(png, info);
    const bool srgb = out_depth == 8 && png_says_srgb(png, info);
    tu_format format = TU_FORMAT_UNDEFINED;
    if (out_depth == 8 || out_depth == 16) {
        const bool wide = out_depth == 16;
        switch (channels) {
        case 1:
            format = wide ? TU_FORMAT_R16_UNORM : srgb ? TU_FORMAT_R8_SRGB : TU_FORMAT_R8_UNORM;
            break;
        case 2: /* grey + alpha: Vulkan has no format with sRGB grey and linear alpha */
            format = wide ? TU_FORMAT_R16G16_UNORM : TU_FORMAT_R8G8_UNORM;
            break;
        case 4:
            format = wide   ? TU_FORMAT_R16G16B16A16_UNORM
                     : srgb ? TU_FORMAT_R8G8B8A8_SRGB
                            : TU_FORMAT_R8G8B8A8_UNORM;
            break;
        default: break;
        }
    }
    /* Not reachable with the transformations above; checked all the same. */
    TU_RETURN_IF(format == TU_FORMAT_UNDEFINED, err, TU_UNSUPPORTED,
                 "%s: %d channels of %d bits are not 1, 2 or 4 channels of 8 or 16 "
                 "bits",
                 what, channels, out_depth);

    const tu_surface desc = {.type = TU_SURFACE_2D,
                             .format = format,
                             .width = width,
                             .height = height,
                             .depth = 1,
                             .layers = 1,
                             .levels = 1,
                             .samples = 1};
    TU_TRY(tu_image_create(out, &desc, err));
    const size_t row_bytes = (size_t)width * tu_format_bytes(format);
    TU_RETURN_IF(png_get_rowbytes(png, info) != row_bytes, err, TU_PARSE_ERROR,
                 "%s: rows of %zu bytes, expected %zu", what, (size_t)png_get_rowbytes(png, info),
                 row_bytes);
    ctx->rows = malloc(sizeof *ctx->rows * height);
    TU_RETURN_IF(!ctx->rows, err, TU_OUT_OF_MEMORY, "could not allocate the row table of %s", what);
    for (png_uint_32 y = 0; y < height; y++)
        ctx->rows[y] = (png_bytep)out->memory + (size_t)y * row_bytes;
    png_read_image(png, ctx->rows);
    png_read_end(png, NULL);
    return TU_OK;
}

tu_status tu_png_read_file(const char *path, tu_image *out, tu_error *err) {
    TU_RETURN_IF(!out, err, TU_INVALID_ARGUMENT, "output image is NULL");
    memset(out, 0, sizeof *out);
    TU_RETURN_IF(!path, err, TU_INVALID_ARGUMENT, "PNG file path is NULL");
    png_context ctx = {.message = "unknown error"};
    TU_TRY(tuI_open_regular(path, "PNG", &ctx.file, &ctx.file_size, err));
    uint8_t signature[8];
    size_t got = fread(signature, 1, sizeof signature, ctx.file);
    if (got != sizeof signature || png_sig_cmp(signature, 0, sizeof signature) != 0) {
        fclose(ctx.file);
        return tuB_fail(err, TU_PARSE_ERROR,
                        "PNG file \"%s\" does not start with the 8-byte PNG signature", path);
    }
    /* The file's size bounds the image (png_read_run). */

    tu_status st;
    ctx.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ctx, on_png_error, on_png_warning);
    ctx.info = ctx.png ? png_create_info_struct(ctx.png) : NULL;
    if (!ctx.png || !ctx.info)
        st = tuB_fail(err, TU_OUT_OF_MEMORY, "could not create libpng's reader for \"%s\"", path);
    else {
        char what[sizeof err->message];
        snprintf(what, sizeof what, "PNG file \"%s\"", path);
        st = png_read_run(&ctx, what, out, err);
    }
    png_destroy_read_struct(ctx.png ? &ctx.png : NULL, ctx.info ? &ctx.info : NULL, NULL);
    free(ctx.rows);
    fclose(ctx.file);
    if (st != TU_OK) tu_image_free(out);
    return st;
}

tu_status tu_png_read_memory(const void *bytes, size_t size, tu_image *out, tu_error *err) {
    TU_RETURN_IF(!out, err, TU_INVALID_ARGUMENT, "output image is NULL");
    memset(out, 0, sizeof *out);
    TU_RETURN_IF(!bytes && size, err, TU_INVALID_ARGUMENT, "PNG bytes are NULL");
    const char *name = "PNG data";
    TU_RETURN_IF(size < 8 || png_sig_cmp(bytes, 0, 8) != 0, err, TU_PARSE_ERROR,
                 "PNG data does not start with the 8-byte PNG signature");
    png_context ctx = {.message = "unknown error", .in = bytes, .file_size = size};
    tu_status st;
    ctx.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &ctx, on_png_error, on_png_warning);
    ctx.info = ctx.png ? png_create_info_struct(ctx.png) : NULL;
    if (!ctx.png || !ctx.info)
        st = tuB_fail(err, TU_OUT_OF_MEMORY, "could not create libpng's reader for %s", name);
    else
        st = png_read_run(&ctx, name, out, err);
    png_destroy_read_struct(ctx.png ? &ctx.png : NULL, ctx.info ? &ctx.info : NULL, NULL);
    free(ctx.rows);
    if (st != TU_OK) tu_image_free(out);
    return st;
}

/* --- writer ------------------------------------------------------------------------------ */

/* The PNG sample layout of a surface's format: raw codes (channels of `bits` bits, field
 * `field[c]` of the texel for PNG channel c) or decoded 8-bit RGBA. */
typedef struct png_layout {
    int color_type;
    int bits;
    unsigned channels;
    int field[4]; /* -1: decode the texel instead */
    bool srgb;    /* the samples are sRGB-encoded: the file gets an sRGB chunk */
} png_layout;

/* io.h: 8/16-bit unorm, sRGB and uint formats of 1, 2 or 4 channels keep their raw codes
 * (1 channel: grey = R; 2: grey = R, alpha = G; 4: R, G, B, A in whatever memory order). */
static png_layout png_layout_of(const tu_format_desc *d) {
    /* Two channels are grey + alpha, and PNG's alpha is linear: R8G8_SRGB keeps its codes
     * without an sRGB chunk. */
    const bool srgb = (d->flags & TU_FORMAT_FLAG_SRGB) && d->channel_count != 2;
    png_layout lay = {PNG_COLOR_TYPE_RGB_ALPHA, 8, 4, {-1, -1, -1, -1}, srgb};
    const unsigned n = d->channel_count;
    const unsigned bits = d->channels[0].bits;
    if (n != 1 && n != 2 && n != 4) return lay;
    if (bits != 8 && bits != 16) return lay;
    int field[4] = {-1, -1, -1, -1};
    for (unsigned i = 0; i < n; i++) {
        const tu_channel *ch = &d->channels[i];
        const bool raw = ch->numeric == TU_NUMERIC_UNORM || ch->numeric == TU_NUMERIC_SRGB ||
                         ch->numeric == TU_NUMERIC_UINT;
        if (!raw || ch->bits != bits || ch->component > TU_COMPONENT_A) return lay;
        field[ch->component] = (int)i;
    }
    for (unsigned c = 0; c < n; c++)
        if (field[c] < 0) return lay; /* 1 channel must be R, 2 must be R and G */
    lay.bits = (int)bits;
    lay.channels = n;
    lay.color_type = n == 1   ? PNG_COLOR_TYPE_GRAY
                     : n == 2 ? PNG_COLOR_TYPE_GRAY_ALPHA
                              : PNG_COLOR_TYPE_RGB_ALPHA;
    memcpy(lay.field, field, sizeof field);
    return lay;
}

static float clamp01(float v) {
    return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f; /* NaN -> 0 */
}

/* One texel as PNG samples at dst. */
static void texel_to_png(const tu_format_desc *d, const png_layout *lay, const uint8_t *texel,
                         uint8_t *dst) {
    if (lay->field[0] >= 0) {
        for (unsigned c = 0; c < lay->channels; c++) {
            const tu_channel *ch = &d->channels[lay->field[c]];
            const uint32_t v = tuF_read_field(texel, ch->shift, ch->bits);
            if (lay->bits == 16) {
                *dst++ = (uint8_t)(v >> 8); /* PNG samples are big-endian */
                *dst++ = (uint8_t)v;
            } else {
                *dst++ = (uint8_t)v;
            }
        }
        return;
    }
    tu_texel t, f;
    tu_format_decode(d->format, texel, &t);
    for (unsigned c = 0; c < 4; c++) {
        float v = d->format_class == TU_CLASS_UINT   ? (float)t.u[c]
                  : d->format_class == TU_CLASS_SINT ? (float)t.i[c]
                                                     : t.f[c];
        f.f[c] = clamp01(v);
    }
    tu_format_encode(lay->srgb ? TU_FORMAT_R8G8B8A8_SRGB : TU_FORMAT_R8G8B8A8_UNORM, &f, dst);
}

/* Fill ctx->pixels with the image of view level `level`, layer `layer`. */
static tu_status png_pixels(const tu_surface *s, const tu_format_desc *d, const png_layout *lay,
                            uint32_t level, uint32_t layer, uint32_t w, uint32_t h, uint8_t *pixels,
                            tu_error *err) {
    const size_t px = lay->channels * (size_t)lay->bits / 8;
    static const uint8_t zero[16];
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            const tu_texel_coord c = {x, y, 0, layer, level, 0};
            uint64_t off;
            TU_TRY(tu_surface_texel_offset(s, &c, &off, err));
            const uint8_t *texel = (const uint8_t *)s->data + off;
            /* A texel on a non-resident page reads as zero (surface.h, tu_residency). */
            if (!tu_surface_offset_resident(s, off) ||
                !tu_surface_offset_resident(s, off + d->bytes - 1))
                texel = zero;
            texel_to_png(d, lay, texel, pixels + ((size_t)y * w + x) * px);
        }
    return TU_OK;
}

/* libpng's write callback for tu_png_write_memory: the bytes appended to ctx->out. */
static void on_png_write(png_structp png, png_bytep data, size_t length) {
    png_context *ctx = png_get_io_ptr(png);
    if (length > ctx->out_cap - ctx->out_size) {
        size_t cap = ctx->out_cap ? ctx->out_cap : 4096;
        while (cap - ctx->out_size < length && cap <= SIZE_MAX / 2)
            cap *= 2;
        uint8_t *grown = cap - ctx->out_size >= length ? realloc(ctx->out, cap) : NULL;
        if (!grown) {
            snprintf(ctx->message, sizeof ctx->message, "out of memory after %zu bytes",
                     ctx->out_size);
            png_longjmp(png, 1);
        }
        ctx->out = grown, ctx->out_cap = cap;
    }
    memcpy(ctx->out + ctx->out_size, data, length);
    ctx->out_size += length;
}

static void on_png_flush(png_structp png) {
    (void)png;
}

static tu_status png_write_run(png_context *ctx, const char *path, uint32_t w, uint32_t h,
                               const png_layout *lay, tu_error *err) {
    if (setjmp(png_jmpbuf(ctx->png)))
        return tuB_fail(err, TU_IO_ERROR, "cannot write PNG file \"%s\": %s", path, ctx->message);
    if (ctx->file)
        png_init_io(ctx->png, ctx->file);
    else
        png_set_write_fn(ctx->png, ctx, on_png_write, on_png_flush);
    png_set_IHDR(ctx->png, ctx->info, w, h, lay->bits, lay->color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    /* sRGB with the gAMA and cHRM values PNG asks to write beside it (§11.3.2.5). */
    if (lay->srgb) png_set_sRGB_gAMA_and_cHRM(ctx->png, ctx->info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(ctx->png, ctx->info);
    png_write_image(ctx->png, ctx->rows);
    png_write_end(ctx->png, NULL);
    return TU_OK;
}

/* The writer of tu_png_write_file (to_file) and tu_png_write_memory (into ctx->out). */
static tu_status png_write(png_context *ctx, const char *path, bool to_file, const tu_surface *s,
                           uint32_t level, uint32_t layer, tu_error *err) {
    TU_RETURN_IF(!s, err, TU_INVALID_ARGUMENT, "surface is NULL");
    TU_TRY(tu_surface_validate(s, err));
    TU_RETURN_IF(s->type == TU_SURFACE_3D || s->type == TU_SURFACE_BUFFER, err, TU_UNSUPPORTED,
                 "surface type %s: PNG holds 2D images of 1D, 2D and cube surfaces",
                 s->type == TU_SURFACE_3D ? "3D" : "BUFFER");
    TU_RETURN_IF(s->samples > 1, err, TU_UNSUPPORTED,
                 "surface samples %u: PNG cannot hold multisample images", s->samples);
    uint32_t w, h;
    TU_RETURN_IF(!tu_surface_level_extent(s, level, &w, &h, NULL), err, TU_OUT_OF_RANGE,
                 "PNG level %u is outside the view's %u levels", level, s->level_count);
    TU_RETURN_IF(layer >= s->layers, err, TU_OUT_OF_RANGE,
                 "PNG layer %u is outside the surface's %u layers", layer, s->layers);

    const tu_format_desc *d = tu_format_describe(s->format);
    TU_RETURN_IF(d->flags & TU_FORMAT_FLAG_COMPRESSED, err, TU_UNSUPPORTED,
                 "surface format %s is block-compressed: PNG write takes texel formats (sample "
                 "the surface, or write KTX2)",
                 d->name);
    const png_layout lay = png_layout_of(d);
    const size_t row_bytes = (size_t)w * lay.channels * (size_t)lay.bits / 8;
    ctx->pixels = malloc(row_bytes * h);
    ctx->rows = malloc(sizeof *ctx->rows * h);
    tu_status st = TU_OK;
    if (!ctx->pixels || !ctx->rows)
        st = tuB_fail(err, TU_OUT_OF_MEMORY, "could not allocate %zu bytes for PNG file \"%s\"",
                      row_bytes * h, path);
    if (st == TU_OK) st = png_pixels(s, d, &lay, level, layer, w, h, ctx->pixels, err);
    if (st == TU_OK) {
        for (uint32_t y = 0; y < h; y++)
            ctx->rows[y] = ctx->pixels + (size_t)y * row_bytes;
        if (to_file && !(ctx->file = fopen(path, "wb")))
            st = tuB_fail(err, TU_IO_ERROR, "cannot create PNG file \"%s\": %s", path,
                          strerror(errno));
    }
    if (st == TU_OK) {
        ctx->png =
            png_create_write_struct(PNG_LIBPNG_VER_STRING, ctx, on_png_error, on_png_warning);
        ctx->info = ctx->png ? png_create_info_struct(ctx->png) : NULL;
        if (!ctx->png || !ctx->info)
            st = tuB_fail(err, TU_OUT_OF_MEMORY, "could not create libpng's writer for \"%s\"",
                          path);
        else
            st = png_write_run(ctx, path, w, h, &lay, err);
        png_destroy_write_struct(ctx->png ? &ctx->png : NULL, ctx->info ? &ctx->info : NULL);
    }
    if (ctx->file) {
        if (fclose(ctx->file) != 0 && st == TU_OK)
            st = tuB_fail(err, TU_IO_ERROR, "cannot finish writing PNG file \"%s\": %s", path,
                          strerror(errno));
        if (st != TU_OK) remove(path); /* no half-written file behind */
    }
    free(ctx->rows);
    free(ctx->pixels);
    return st;
}

tu_status tu_png_write_file(const char *path, const tu_surface *s, uint32_t level, uint32_t layer,
                            tu_error *err) {
    TU_RETURN_IF(!path, err, TU_INVALID_ARGUMENT, "PNG file path is NULL");
    png_context ctx = {.message = "unknown error"};
    return png_write(&ctx, path, true, s, level, layer, err);
}

tu_status tu_png_write_memory(const tu_surface *s, uint32_t level, uint32_t layer, void **bytes,
                              size_t *size, tu_error *err) {
    TU_RETURN_IF(!bytes || !size, err, TU_INVALID_ARGUMENT, "output bytes or size is NULL");
    *bytes = NULL, *size = 0;
    png_context ctx = {.message = "unknown error"};
    const tu_status st = png_write(&ctx, "(memory)", false, s, level, layer, err);
    if (st != TU_OK) {
        free(ctx.out);
        return st;
    }
    *bytes = ctx.out, *size = ctx.out_size;
    return TU_OK;
}

#endif /* TEXUNIT_HAVE_PNG */
