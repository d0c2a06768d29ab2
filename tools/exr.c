/* SPDX-License-Identifier: MIT */
/*
 * exr.c - one 2D image as an OpenEXR file (exr.h) through OpenEXR's C library, OpenEXRCore:
 * a single-part scanline file, uncompressed, whose chunks texunit packs itself (OpenEXR File
 * Layout, "Scan Line Blocks": per line, each channel's samples in the header's channel order,
 * little-endian).
 */
#include "exr.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool tx_exr_holds(const tu_format_desc *d, char *why, size_t why_size) {
    if (d->format_class != TU_CLASS_FLOAT || (d->flags & TU_FORMAT_FLAG_STENCIL)) {
        snprintf(why, why_size, "%s has %s fields, and an EXR image holds values", d->name,
                 d->flags & TU_FORMAT_FLAG_STENCIL ? "stencil" : "integer");
        return false;
    }
    return true;
}

#ifdef TEXUNIT_HAVE_EXR

#include <openexr.h>

/* Whether HALF keeps a format's decoded values exactly: float formats of up to 16 bits a
 * field (B10G11R11's 11- and 10-bit floats have half's exponent range and fewer mantissa
 * bits) and the compressed float formats (BC6H and ASTC HDR decode to half, and their
 * channels have no fields); FLOAT keeps everything else. */
static bool exr_half(const tu_format_desc *d) {
    for (unsigned i = 0; i < d->channel_count; i++) {
        const tu_channel *ch = &d->channels[i];
        if (ch->component == TU_COMPONENT_X) continue;
        const bool small_float =
            (ch->numeric == TU_NUMERIC_SFLOAT || ch->numeric == TU_NUMERIC_UFLOAT) &&
            ch->bits <= 16;
        if (!small_float) return false;
    }
    return true;
}

/* The file in memory while OpenEXR writes it: it writes the chunk table last, at its place
 * after the header, so the writer needs random access, and "-" is standard output. */
typedef struct exr_out {
    uint8_t *bytes;
    uint64_t size, cap;
    char message[200];
} exr_out;

static int64_t on_exr_write(exr_const_context_t ctxt, void *user, const void *buffer, uint64_t size,
                            uint64_t offset, exr_stream_error_func_ptr_t error_cb) {
    exr_out *o = user;
    if (offset > UINT64_MAX - size) return -1;
    const uint64_t end = offset + size;
    if (end > o->cap) {
        uint64_t cap = o->cap ? o->cap : 65536;
        while (cap < end && cap <= UINT64_MAX / 2)
            cap *= 2;
        uint8_t *grown = cap >= end && cap <= SIZE_MAX ? realloc(o->bytes, (size_t)cap) : NULL;
        if (!grown) {
            error_cb(ctxt, EXR_ERR_OUT_OF_MEMORY, "out of memory for %llu bytes",
                     (unsigned long long)end);
            return -1;
        }
        if (cap > o->cap) memset(grown + o->cap, 0, (size_t)(cap - o->cap));
        o->bytes = grown, o->cap = cap;
    }
    memcpy(o->bytes + offset, buffer, (size_t)size);
    if (end > o->size) o->size = end;
    return (int64_t)size;
}

static void on_exr_error(exr_const_context_t ctxt, exr_result_t code, const char *msg) {
    exr_out *o = NULL;
    if (exr_get_user_data(ctxt, (void **)&o) == EXR_ERR_SUCCESS && o)
        snprintf(o->message, sizeof o->message, "%s (%s)", msg ? msg : "error",
                 exr_get_error_code_as_string(code));
}

/* A channel of the file: its name and the decoded component it holds. */
typedef struct exr_channel {
    const char *name;
    unsigned component;
} exr_channel;

/* The file's channels: the components the format has, as R, G, B and A, depth as Z
 * (OpenEXR's "Technical Introduction", "Channel names"), in the file's order: sorted by
 * name (OpenEXR File Layout, "channels": the list is sorted). */
static unsigned exr_channels(const tu_format_desc *d, exr_channel out[4]) {
    bool has[4] = {false};
    bool depth = false;
    for (unsigned i = 0; i < d->channel_count; i++) {
        const unsigned c = d->channels[i].component;
        if (c == TU_COMPONENT_D) depth = true;
        if (c <= TU_COMPONENT_A) has[c] = true;
    }
    unsigned n = 0;
    if (depth) {
        out[n++] = (exr_channel){"Z", 0};
        return n;
    }
    static const exr_channel sorted[4] = {{"A", 3}, {"B", 2}, {"G", 1}, {"R", 0}};
    for (unsigned k = 0; k < 4; k++)
        if (has[sorted[k].component]) out[n++] = sorted[k];
    return n;
}

tu_status tx_exr_write(const tu_surface *s, uint32_t level, uint32_t layer, uint32_t slice,
                       void **bytes, size_t *size, tu_error *err) {
    *bytes = NULL, *size = 0;
    const tu_format_desc *d = tu_format_describe(s->format);
    uint32_t w, h;
    tu_surface_level_extent(s, level, &w, &h, NULL);
    exr_channel ch[4];
    const unsigned n = exr_channels(d, ch);
    const bool half = exr_half(d);
    const size_t sample = half ? 2 : 4;
    const size_t line = (size_t)w * n * sample;
    uint8_t *row = malloc(line ? line : 1);
    exr_out out = {.message = "unknown error"};
    exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
    init.user_data = &out;
    init.write_fn = on_exr_write;
    init.error_handler_fn = on_exr_error;
    exr_context_t ctx = NULL;
    int part = 0;
    exr_result_t r = row ? exr_start_write(&ctx, "(memory)", EXR_WRITE_FILE_DIRECTLY, &init)
                         : EXR_ERR_OUT_OF_MEMORY;
    if (r == EXR_ERR_SUCCESS) r = exr_add_part(ctx, "", EXR_STORAGE_SCANLINE, &part);
    if (r == EXR_ERR_SUCCESS)
        r = exr_initialize_required_attr_simple(ctx, part, (int32_t)w, (int32_t)h,
                                                EXR_COMPRESSION_NONE);
    for (unsigned k = 0; k < n && r == EXR_ERR_SUCCESS; k++)
        r = exr_add_channel(ctx, part, ch[k].name, half ? EXR_PIXEL_HALF : EXR_PIXEL_FLOAT,
                            EXR_PERCEPTUALLY_LOGARITHMIC, 1, 1);
    if (r == EXR_ERR_SUCCESS) r = exr_write_header(ctx);
    tu_status st = TU_OK;
    for (uint32_t y = 0; y < h && r == EXR_ERR_SUCCESS && st == TU_OK; y++) {
        for (uint32_t x = 0; x < w && st == TU_OK; x++) {
            const tu_texel_coord c = {x, y, slice, layer, level, 0};
            tu_texel t;
            st = tu_surface_decode_texel(s, &c, &t, err);
            uint8_t halves[8];
            if (half) tu_format_encode(TU_FORMAT_R16G16B16A16_SFLOAT, &t, halves);
            for (unsigned k = 0; k < n; k++) {
                uint8_t *dst = row + ((size_t)k * w + x) * sample;
                if (half)
                    memcpy(dst, halves + 2 * ch[k].component, 2);
                else
                    memcpy(dst, &t.f[ch[k].component], 4); /* little-endian, as OpenEXR */
            }
        }
        if (st == TU_OK) r = exr_write_scanline_chunk(ctx, part, (int)y, row, line);
    }
    const exr_result_t done = ctx ? exr_finish(&ctx) : EXR_ERR_SUCCESS;
    if (r == EXR_ERR_SUCCESS) r = done;
    free(row);
    if (st == TU_OK && r != EXR_ERR_SUCCESS) {
        err->status = st = r == EXR_ERR_OUT_OF_MEMORY ? TU_OUT_OF_MEMORY : TU_IO_ERROR;
        snprintf(err->message, sizeof err->message, "OpenEXR: %s", out.message);
    }
    if (st != TU_OK) {
        free(out.bytes);
        return st;
    }
    *bytes = out.bytes, *size = (size_t)out.size;
    return TU_OK;
}

#else /* TEXUNIT_HAVE_EXR */

tu_status tx_exr_write(const tu_surface *s, uint32_t level, uint32_t layer, uint32_t slice,
                       void **bytes, size_t *size, tu_error *err) {
    (void)s, (void)level, (void)layer, (void)slice;
    *bytes = NULL, *size = 0;
    err->status = TU_UNSUPPORTED;
    snprintf(err->message, sizeof err->message,
             "texunit was built without OpenEXR (Debian: libopenexr-dev), so it writes no "
             ".exr file");
    return TU_UNSUPPORTED;
}

#endif /* TEXUNIT_HAVE_EXR */
