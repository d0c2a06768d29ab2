/* SPDX-License-Identifier: MIT */
/*
 * export.c - honest image files for the texunit command (export.h): what PNG holds, the
 * one-image selection, and the --tonemap mapping of every other format to 8 or 16 bits.
 */
#include "export.h"

#include "file.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

__attribute__((format(printf, 3, 4))) static tu_status fail(tu_error *err, tu_status st,
                                                            const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    err->status = st;
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return st;
}

tx_select tx_select_none(void) {
    return (tx_select){-1, -1, -1, -1, false};
}

/* Cube faces in layer order (surface.h: +X -X +Y -Y +Z -Z). */
static const char *const face_names[6] = {"+x", "-x", "+y", "-y", "+z", "-z"};

static bool parse_index(const char *s, int64_t *out) {
    char *end;
    errno = 0;
    const long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < 0 || v > UINT32_MAX) return false;
    *out = v;
    return true;
}

int tx_parse_option(int argc, char **argv, int *i, tx_select *sel, char *why, size_t why_size) {
    const char *o = argv[*i];
    if (strcmp(o, "--tonemap") == 0) {
        sel->tonemap = true;
        return 1;
    }
    static const char *const names[] = {"--level", "--layer", "--face", "--slice"};
    int64_t *fields[] = {&sel->level, &sel->layer, &sel->face, &sel->slice};
    for (size_t k = 0; k < COUNT(names); k++) {
        if (strcmp(o, names[k]) != 0) continue;
        const char *v = *i + 1 < argc ? argv[*i + 1] : NULL;
        bool ok = v && parse_index(v, fields[k]);
        if (v && !ok && k == 2)
            for (int64_t f = 0; f < 6; f++)
                if (strcmp(v, face_names[f]) == 0) *fields[k] = f, ok = true;
        if (!ok || (k == 2 && *fields[k] > 5)) {
            snprintf(why, why_size, "%s needs %s, got '%s'", o,
                     k == 2 ? "a face 0..5 or +x -x +y -y +z -z" : "a non-negative integer",
                     v ? v : "nothing");
            return -1;
        }
        (*i)++;
        return 1;
    }
    return 0;
}

static bool ends_with(const char *s, const char *suffix) {
    const size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

tu_status tx_kind_of(const char *path, tx_kind *kind, tu_error *err) {
    if (strcmp(path, "-") == 0 || ends_with(path, ".ktx2"))
        *kind = TX_KTX2;
    else if (ends_with(path, ".png"))
        *kind = TX_PNG;
    else
        return fail(err, TU_UNSUPPORTED,
                    "'%s': texunit reads and writes .ktx2 and .png files (by extension)", path);
    return TU_OK;
}

tu_status tx_read_as(const char *path, tx_kind kind, tu_image *img, tu_error *err) {
    memset(img, 0, sizeof *img);
    char why[sizeof err->message];
    size_t size;
    char *bytes = tf_read_file(path, TF_DATA_BYTES, &size, why, sizeof why);
    if (!bytes) return fail(err, TU_IO_ERROR, "%s", why);
    const tu_status st = kind == TX_PNG ? tu_png_read_memory(bytes, size, img, err)
                                        : tu_ktx2_read_memory(bytes, size, img, err);
    free(bytes);
    if (st != TU_OK) {
        snprintf(why, sizeof why, "%s", err->message);
        fail(err, st, "%s file \"%s\": %s", kind == TX_PNG ? "PNG" : "KTX2", path, why);
    }
    return st;
}

tu_status tx_read(const char *path, tu_image *img, tu_error *err) {
    tx_kind kind;
    if (tx_kind_of(path, &kind, err) != TU_OK) return err->status;
    return tx_read_as(path, kind, img, err);
}

/* PNG holds the raw codes of 8- or 16-bit UNORM or sRGB colour formats of 1, 2 or 4
 * channels (grey, grey + alpha, RGBA; PNG §6.1). Else *why says what it is not. */
static bool png_holds(const tu_format_desc *d, char *why, size_t why_size) {
    const unsigned bits = d->channels[0].bits;
    for (unsigned i = 0; i < d->channel_count; i++) {
        const tu_channel *ch = &d->channels[i];
        const char *what =
            ch->component == TU_COMPONENT_D                                    ? "depth"
            : ch->component == TU_COMPONENT_S                                  ? "stencil"
            : ch->numeric == TU_NUMERIC_UINT || ch->numeric == TU_NUMERIC_SINT ? "integer"
            : ch->numeric == TU_NUMERIC_SFLOAT || ch->numeric == TU_NUMERIC_UFLOAT ||
                    ch->numeric == TU_NUMERIC_SHAREDEXP
                ? "float"
            : ch->numeric == TU_NUMERIC_SNORM ? "signed normalized"
            : ch->numeric == TU_NUMERIC_UNORM || ch->numeric == TU_NUMERIC_SRGB ? NULL
                                                                                : "padded";
        if (what) {
            snprintf(why, why_size, "%s has %s fields", d->name, what);
            return false;
        }
        if (ch->bits != bits || (bits != 8 && bits != 16)) {
            snprintf(why, why_size, "%s has %u-bit fields", d->name, ch->bits);
            return false;
        }
    }
    if (d->channel_count == 3) {
        snprintf(why, why_size, "%s has 3 channels", d->name);
        return false;
    }
    return true;
}

/* The one image of s the selection names, after checking it names exactly one: *layer is
 * the surface layer (6 * cube + face for cubes). `need` says whether the selection must be
 * complete (PNG, or any selection given for KTX2). */
static tu_status resolve(const char *path, const tu_surface *s, const tx_select *sel,
                         uint32_t *level, uint32_t *layer, uint32_t *slice, tu_error *err) {
    const bool cube = s->type == TU_SURFACE_CUBE;
    const uint32_t images = cube ? s->layers / 6 : s->layers;
    char missing[160] = "";
    size_t n = 0;
#define MISSING(...) \
    n += (size_t)snprintf(missing + n, n < sizeof missing ? sizeof missing - n : 0, __VA_ARGS__)
    if (sel->level < 0 && s->level_count > 1) MISSING(", %u levels (--level L)", s->level_count);
    const uint32_t L = sel->level < 0 ? 0 : (uint32_t)sel->level;
    uint32_t w, h, d;
    if (!tu_surface_level_extent(s, L, &w, &h, &d))
        return fail(err, TU_OUT_OF_RANGE, "--level %u: the surface has levels 0..%u", L,
                    s->level_count - 1);
    if (sel->layer < 0 && images > 1)
        MISSING(", %u %s (--layer N)", images, cube ? "cubes" : "layers");
    if (sel->layer >= 0 && (uint64_t)sel->layer >= images)
        return fail(err, TU_OUT_OF_RANGE, "--layer %" PRId64 ": the surface has %s 0..%u",
                    sel->layer, cube ? "cubes" : "layers", images - 1);
    if (cube && sel->face < 0) MISSING(", 6 faces (--face F)");
    if (!cube && sel->face >= 0)
        return fail(err, TU_INVALID_ARGUMENT, "--face: the surface is not a cube");
    if (sel->slice < 0 && d > 1) MISSING(", %u slices at level %u (--slice Z)", d, L);
    if (sel->slice >= 0 && (uint64_t)sel->slice >= d)
        return fail(err, TU_OUT_OF_RANGE, "--slice %" PRId64 ": level %u has slices 0..%u",
                    sel->slice, L, d - 1);
#undef MISSING
    if (missing[0])
        return fail(err, TU_UNSUPPORTED,
                    "'%s' holds one 2D image, and the surface has %s: choose one, or write "
                    "the whole surface to a .ktx2 file",
                    path, missing + 2);
    if (s->samples > 1)
        return fail(err, TU_UNSUPPORTED, "'%s': the surface has %u samples per texel", path,
                    s->samples);
    *level = L;
    *layer = (uint32_t)(sel->layer < 0 ? 0 : sel->layer) * (cube ? 6 : 1) +
             (uint32_t)(sel->face < 0 ? 0 : sel->face);
    *slice = (uint32_t)(sel->slice < 0 ? 0 : sel->slice);
    return TU_OK;
}

/* The --tonemap value of decoded component c (0..3) of format d in [0, 1] (docs/cli.md, "texunit
 * convert"): unorm, sRGB, float and depth clamp to [0, 1] (NaN to 0); snorm maps [-1, 1] linearly;
 * integers map their field's whole range linearly; a component the format lacks is 0,
 * alpha 1. */
static float tonemap(const tu_format_desc *d, const tu_texel *t, unsigned c) {
    const tu_channel *ch = NULL;
    for (unsigned i = 0; i < d->channel_count; i++) {
        const unsigned comp = d->channels[i].component;
        const unsigned as = comp == TU_COMPONENT_D || comp == TU_COMPONENT_S ? 0 : comp;
        if (as == c && comp != TU_COMPONENT_X && (comp != TU_COMPONENT_S || d->channel_count == 1))
            ch = &d->channels[i];
    }
    if (!ch) return c == 3 ? 1.0f : 0.0f;
    const double range = ch->bits >= 32 ? 4294967295.0 : (double)((1ull << ch->bits) - 1);
    double v;
    if (d->format_class == TU_CLASS_UINT)
        v = t->u[c] / range;
    else if (d->format_class == TU_CLASS_SINT)
        v = ((double)t->i[c] + (range + 1) / 2) / range;
    else if (ch->numeric == TU_NUMERIC_SNORM)
        v = (t->f[c] + 1.0) / 2.0;
    else
        v = t->f[c];
    return v > 0.0 ? (v < 1.0 ? (float)v : 1.0f) : 0.0f; /* NaN -> 0 */
}

/* The format a --tonemap export writes: grey for one-component and depth formats, RGBA
 * otherwise; 16 bits when a field has more than 8, else 8. */
static tu_format tonemap_format(const tu_format_desc *d) {
    unsigned bits = 0, comps = 0;
    for (unsigned i = 0; i < d->channel_count; i++) {
        const tu_channel *ch = &d->channels[i];
        if (ch->component == TU_COMPONENT_X) continue;
        comps++;
        if (ch->bits > bits) bits = ch->bits;
    }
    const bool grey = comps == 1 || (d->flags & TU_FORMAT_FLAG_DEPTH);
    if (bits > 8) return grey ? TU_FORMAT_R16_UNORM : TU_FORMAT_R16G16B16A16_UNORM;
    return grey ? TU_FORMAT_R8_UNORM : TU_FORMAT_R8G8B8A8_UNORM;
}

/* Copy image (level, layer, slice) of s into a new single-image surface of the same type
 * (2D for 3D and cube surfaces), in s's format or tonemapped. */
static tu_status extract(const tu_surface *s, uint32_t level, uint32_t layer, uint32_t slice,
                         bool tonemapped, const tu_progress *progress, tu_image *out,
                         tu_error *err) {
    const tu_format_desc *d = tu_format_describe(s->format);
    uint32_t w, h, depth;
    tu_surface_level_extent(s, level, &w, &h, &depth);
    const tu_surface desc = {.type = s->type == TU_SURFACE_1D ? TU_SURFACE_1D : TU_SURFACE_2D,
                             .format = tonemapped ? tonemap_format(d) : s->format,
                             .width = w,
                             .height = h,
                             .depth = 1,
                             .layers = 1,
                             .levels = 1,
                             .samples = 1};
    if (tu_image_create(out, &desc, err) != TU_OK) return err->status;
    const uint32_t bytes = tu_format_bytes(desc.format);
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            const tu_texel_coord c = {x, y, slice, layer, level, 0};
            const tu_texel_coord o = {x, y, 0, 0, 0, 0};
            uint64_t from, to;
            if (tu_surface_texel_offset(s, &c, &from, err) != TU_OK ||
                tu_surface_texel_offset(&out->surface, &o, &to, err) != TU_OK) {
                tu_image_free(out);
                return err->status;
            }
            const uint8_t *src = (const uint8_t *)s->data + from;
            uint8_t *dst = (uint8_t *)out->memory + to;
            if (!tonemapped) {
                memcpy(dst, src, bytes);
                continue;
            }
            tu_texel t, m;
            tu_format_decode(s->format, src, &t);
            for (unsigned k = 0; k < 4; k++)
                m.f[k] = tonemap(d, &t, k);
            tu_format_encode(desc.format, &m, dst);
            if (x + 1 == w && progress && progress->report)
                progress->report(progress->user, y + 1, h);
        }
    return TU_OK;
}

/* The file's bytes from the library's writer, written through tf_create and tf_close. */
static tu_status write_file(const char *path, tx_kind kind, const tu_surface *s, tu_error *err) {
    void *bytes = NULL;
    size_t size = 0;
    const tu_status st = kind == TX_PNG ? tu_png_write_memory(s, 0, 0, &bytes, &size, err)
                                        : tu_ktx2_write_memory(s, &bytes, &size, err);
    if (st != TU_OK) return st;
    char why[sizeof err->message];
    FILE *f = tf_create(path, why, sizeof why);
    if (!f) {
        free(bytes);
        return fail(err, TU_IO_ERROR, "%s", why);
    }
    fwrite(bytes, 1, size, f); /* an error stays on the stream for tf_close */
    free(bytes);
    if (tf_close(f, path, why, sizeof why)) return TU_OK;
    if (f != stdout) remove(path); /* no half-written file behind */
    return fail(err, TU_IO_ERROR, "%s", why);
}

tu_status tx_write(const char *path, const tu_surface *s, const tx_select *sel,
                   const tu_progress *progress, tu_error *err) {
    tx_kind kind;
    if (tx_kind_of(path, &kind, err) != TU_OK) return err->status;
    return tx_write_as(path, kind, s, sel, progress, err);
}

tu_status tx_write_as(const char *path, tx_kind kind, const tu_surface *s, const tx_select *sel,
                      const tu_progress *progress, tu_error *err) {
    const bool selected = sel->level >= 0 || sel->layer >= 0 || sel->face >= 0 || sel->slice >= 0;
    if (kind == TX_KTX2 && sel->tonemap)
        return fail(err, TU_INVALID_ARGUMENT,
                    "--tonemap: '%s' is a KTX2 file, which holds every format as it is", path);
    if (kind == TX_KTX2 && !selected) return write_file(path, kind, s, err);
    if (s->type == TU_SURFACE_BUFFER)
        return fail(err, TU_UNSUPPORTED, "'%s': a buffer surface has no 2D image", path);

    const tu_format_desc *d = tu_format_describe(s->format);
    char why[128];
    const bool holds = png_holds(d, why, sizeof why);
    if (kind == TX_PNG && !holds && !sel->tonemap)
        return fail(err, TU_UNSUPPORTED,
                    "'%s': PNG holds 8- or 16-bit UNORM or sRGB texels of 1, 2 or 4 channels, "
                    "and %s; add --tonemap to map them to %s, or write a .ktx2 file",
                    path, why, tu_format_describe(tonemap_format(d))->name);
    if (kind == TX_PNG && holds && sel->tonemap)
        return fail(err, TU_INVALID_ARGUMENT,
                    "--tonemap: PNG holds %s as it is; there is nothing to map", d->name);
    uint32_t level = 0, layer = 0, slice = 0;
    if (resolve(path, s, sel, &level, &layer, &slice, err) != TU_OK) return err->status;
    tu_image one;
    if (extract(s, level, layer, slice, sel->tonemap, progress, &one, err) != TU_OK)
        return err->status;
    const tu_status st = write_file(path, kind, &one.surface, err);
    tu_image_free(&one);
    return st;
}
