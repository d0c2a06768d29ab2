/* SPDX-License-Identifier: MIT */
/*
 * export.c - honest image files for the texunit command (export.h): what PNG holds, the
 * one-image selection, block-compressed texels decoded out of their blocks, the --tonemap
 * mapping of every other format to 8 or 16 bits, and what a PNG's colour chunks said.
 */
#include "export.h"

#include "exr.h"
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
    return (tx_select){-1, -1, -1, -1, false, -1, 0, NULL};
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
    if (strcmp(o, "--supercompress") == 0) {
        /* KTX 2.0 §3.8: 0 none, 2 Zstandard (levels 1..22), 3 ZLIB (deflate levels 1..9) */
        static const struct {
            const char *name;
            int scheme, max_level;
        } schemes[] = {{"none", 0, 0}, {"zstd", 2, 22}, {"zlib", 3, 9}};
        const char *v = *i + 1 < argc ? argv[*i + 1] : "";
        for (size_t k = 0; k < COUNT(schemes); k++) {
            const size_t n = strlen(schemes[k].name);
            if (strncmp(v, schemes[k].name, n) != 0 || (v[n] && v[n] != ':')) continue;
            int64_t level = 0;
            if (v[n] == ':' && (!schemes[k].max_level || !parse_index(v + n + 1, &level) ||
                                level < 1 || level > schemes[k].max_level)) {
                snprintf(why, why_size, "--supercompress %s: the level is 1..%d, got '%s'",
                         schemes[k].name, schemes[k].max_level, v + n + 1);
                return -1;
            }
            sel->supercompression = schemes[k].scheme;
            sel->deflate_level = (int)level;
            (*i)++;
            return 1;
        }
        snprintf(why, why_size, "--supercompress needs none, zstd[:1..22] or zlib[:1..9], got '%s'",
                 v);
        return -1;
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
    *kind = TX_KTX2; /* set on every path, so an inlined caller sees it set */
    if (strcmp(path, "-") == 0 || ends_with(path, ".ktx2"))
        *kind = TX_KTX2;
    else if (ends_with(path, ".png"))
        *kind = TX_PNG;
    else if (ends_with(path, ".exr"))
        *kind = TX_EXR;
    else
        return fail(err, TU_UNSUPPORTED,
                    "'%s': texunit reads and writes .ktx2 and .png files and writes .exr files "
                    "(by extension)",
                    path);
    return TU_OK;
}

/* Read path as kind; a KTX2 file is described in *file when file is not NULL. */
static tu_status read_file(const char *path, tx_kind kind, tu_image *img, tu_ktx2_file *file,
                           tu_error *err) {
    memset(img, 0, sizeof *img);
    if (kind == TX_EXR)
        return fail(err, TU_UNSUPPORTED,
                    "'%s': texunit writes OpenEXR files (decoded float images) but does not read "
                    "them",
                    path);
    char why[sizeof err->message];
    size_t size;
    char *bytes = tf_read_file(path, TF_DATA_BYTES, &size, why, sizeof why);
    if (!bytes) return fail(err, TU_IO_ERROR, "%s", why);
    const tu_status st = kind == TX_PNG ? tu_png_read_memory(bytes, size, img, err)
                                        : tu_ktx2_read_memory_file(bytes, size, img, file, err);
    free(bytes);
    if (st != TU_OK) {
        snprintf(why, sizeof why, "%s", err->message);
        fail(err, st, "%s file \"%s\": %s", kind == TX_PNG ? "PNG" : "KTX2", path, why);
    }
    return st;
}

tu_status tx_read_as(const char *path, tx_kind kind, tu_image *img, tu_error *err) {
    return read_file(path, kind, img, NULL, err);
}

tu_status tx_read_ktx2(const char *path, tu_image *img, tu_ktx2_file *file, tu_error *err) {
    return read_file(path, TX_KTX2, img, file, err);
}

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

bool tx_png_colour(const char *path, tu_format read_as, char *out, size_t out_size) {
    char why[256];
    size_t size;
    uint8_t *bytes = (uint8_t *)tf_read_file(path, TF_DATA_BYTES, &size, why, sizeof why);
    const bool srgb = tu_format_describe(read_as)->flags & TU_FORMAT_FLAG_SRGB;
    const char *as = tu_format_describe(read_as)->name;
    size_t n = 0;
    bool unapplied = false;
#define SAY(...) n += (size_t)snprintf(out + n, n < out_size ? out_size - n : 0, __VA_ARGS__)
    /* The chunks before the image data: a chunk is a 4-byte length, its type, its data and a
     * CRC (PNG §5.3), and sRGB, gAMA, cHRM and iCCP precede IDAT (PNG §5.6). */
    for (size_t at = 8; bytes && at + 12 <= size;) {
        const uint32_t len = be32(bytes + at);
        const uint8_t *type = bytes + at + 4, *data = bytes + at + 8;
        if (len > size - at - 12 || memcmp(type, "IDAT", 4) == 0) break;
        if (memcmp(type, "sRGB", 4) == 0 && len == 1) {
            static const char *const intents[4] = {"perceptual", "relative colorimetric",
                                                   "saturation", "absolute colorimetric"};
            SAY("%ssRGB (%s)%s", n ? ", " : "", data[0] < 4 ? intents[data[0]] : "bad intent",
                srgb ? "" : " not applied");
            unapplied |= !srgb;
        } else if (memcmp(type, "gAMA", 4) == 0 && len == 4) {
            const uint32_t g = be32(data);
            const bool honoured = g == 100000 || (g == 45455 && srgb);
            SAY("%sgAMA %u.%05u%s", n ? ", " : "", g / 100000, g % 100000,
                honoured ? "" : " not applied");
            unapplied |= !honoured;
        } else if (memcmp(type, "iCCP", 4) == 0) {
            const int name = (int)(len < 79 ? len : 79);
            SAY("%siCCP profile \"%.*s\" not applied", n ? ", " : "", name, (const char *)data);
            unapplied = true;
        } else if (memcmp(type, "cHRM", 4) == 0) {
            SAY("%scHRM%s", n ? ", " : "", srgb ? "" : " not applied");
            unapplied |= !srgb;
        }
        at += 12 + (size_t)len;
    }
    free(bytes);
    SAY("%s%s codes read as %s", n ? ": " : "no colour chunk: ", unapplied ? "its" : "the", as);
#undef SAY
    return unapplied;
}

tu_status tx_read(const char *path, tu_image *img, tu_error *err) {
    tx_kind kind;
    if (tx_kind_of(path, &kind, err) != TU_OK) return err->status;
    return tx_read_as(path, kind, img, err);
}

/* How a PNG file gets the texels of a format. */
typedef enum png_way {
    PNG_RAW,     /* the texels' own codes: 8- or 16-bit UNORM or sRGB, 1, 2 or 4 channels */
    PNG_DECODED, /* a block-compressed UNORM or sRGB format, decoded to 8-bit codes */
    PNG_MAPPED   /* anything else: only through the --tonemap mapping */
} png_way;

/* The kind of value a channel holds, as a refusal names it; NULL for UNORM and sRGB. */
static const char *value_kind(const tu_channel *ch) {
    return ch->component == TU_COMPONENT_D                                    ? "depth"
           : ch->component == TU_COMPONENT_S                                  ? "stencil"
           : ch->numeric == TU_NUMERIC_UINT || ch->numeric == TU_NUMERIC_SINT ? "integer"
           : ch->numeric == TU_NUMERIC_SFLOAT || ch->numeric == TU_NUMERIC_UFLOAT ||
                   ch->numeric == TU_NUMERIC_SHAREDEXP
               ? "float"
           : ch->numeric == TU_NUMERIC_SNORM ? "signed normalized"
           : ch->numeric == TU_NUMERIC_USCALED || ch->numeric == TU_NUMERIC_SSCALED ||
                   ch->numeric == TU_NUMERIC_SFIXED5
               ? "scaled or fixed-point"
           : ch->numeric == TU_NUMERIC_UNORM || ch->numeric == TU_NUMERIC_SRGB ? NULL
                                                                               : "padded";
}

/* PNG holds the raw codes of 8- or 16-bit UNORM or sRGB colour formats of 1, 2 or 4
 * channels (grey, grey + alpha, RGBA; PNG §6.1), and a block-compressed UNORM or sRGB
 * format decodes to 8-bit codes; for PNG_MAPPED *why says what the format has. */
static png_way png_way_of(const tu_format_desc *d, char *why, size_t why_size) {
    const bool compressed = d->flags & TU_FORMAT_FLAG_COMPRESSED;
    const unsigned bits = d->channels[0].bits;
    for (unsigned i = 0; i < d->channel_count; i++) {
        const tu_channel *ch = &d->channels[i];
        const char *what = value_kind(ch);
        if (what) {
            snprintf(why, why_size, compressed ? "%s decodes to %s values" : "%s has %s fields",
                     d->name, what);
            return PNG_MAPPED;
        }
        if (!compressed && (ch->bits != bits || (bits != 8 && bits != 16))) {
            snprintf(why, why_size, "%s has %u-bit fields", d->name, ch->bits);
            return PNG_MAPPED;
        }
    }
    if (compressed) return PNG_DECODED;
    if (d->channel_count == 3) {
        snprintf(why, why_size, "%s has 3 channels", d->name);
        return PNG_MAPPED;
    }
    return PNG_RAW;
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

/* The format a decoded or --tonemap export writes: grey for one-component and depth formats,
 * RGBA otherwise; 16 bits when a field has more than 8, else 8 (block-compressed formats have
 * no fields: 8), in sRGB for an sRGB format of up to 8 bits. */
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
    if (d->flags & TU_FORMAT_FLAG_SRGB) return grey ? TU_FORMAT_R8_SRGB : TU_FORMAT_R8G8B8A8_SRGB;
    return grey ? TU_FORMAT_R8_UNORM : TU_FORMAT_R8G8B8A8_UNORM;
}

/* Copy image (level, layer, slice) of s into a new single-image surface of the same type
 * (2D for 3D and cube surfaces): in s's format, or decoded (tu_surface_decode_texel, which
 * reads a texel out of its block) and mapped into tonemap_format's format. */
static tu_status extract(const tu_surface *s, uint32_t level, uint32_t layer, uint32_t slice,
                         bool decoded, const tu_progress *progress, tu_image *out, tu_error *err) {
    const tu_format_desc *d = tu_format_describe(s->format);
    uint32_t w, h, depth;
    tu_surface_level_extent(s, level, &w, &h, &depth);
    const tu_surface desc = {.type = s->type == TU_SURFACE_1D ? TU_SURFACE_1D : TU_SURFACE_2D,
                             .format = decoded ? tonemap_format(d) : s->format,
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
            if (!decoded) {
                memcpy(dst, src, bytes);
                continue;
            }
            tu_texel t, m;
            if (tu_surface_decode_texel(s, &c, &t, err) != TU_OK) {
                tu_image_free(out);
                return err->status;
            }
            for (unsigned k = 0; k < 4; k++)
                m.f[k] = tonemap(d, &t, k);
            tu_format_encode(desc.format, &m, dst);
            if (x + 1 == w && progress && progress->report)
                progress->report(progress->user, y + 1, h);
        }
    return TU_OK;
}

/* The file's bytes from the library's writer (the EXR writer for image (level, layer, slice)
 * of s), written through tf_create and tf_close. */
static tu_status write_file(const char *path, tx_kind kind, const tu_surface *s, uint32_t level,
                            uint32_t layer, uint32_t slice, const tu_ktx2_write_options *opt,
                            tu_error *err) {
    void *bytes = NULL;
    size_t size = 0;
    const tu_status st = kind == TX_PNG   ? tu_png_write_memory(s, 0, 0, &bytes, &size, err)
                         : kind == TX_EXR ? tx_exr_write(s, level, layer, slice, &bytes, &size, err)
                                          : tu_ktx2_write_memory_with(s, opt, &bytes, &size, err);
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
    /* --tonemap says how to map what PNG cannot hold; where nothing needs mapping (KTX2 holds
     * every format, PNG its own) it changes nothing, so one command line serves every file. */
    const bool selected = sel->level >= 0 || sel->layer >= 0 || sel->face >= 0 || sel->slice >= 0;
    /* A whole surface keeps the metadata of the file it came from, and its supercompression
     * unless --supercompress says otherwise. */
    tu_ktx2_write_options opt = {0, sel->deflate_level, selected ? NULL : sel->keep};
    if (sel->supercompression >= 0)
        opt.supercompression = (uint32_t)sel->supercompression;
    else if (opt.keep &&
             (opt.keep->supercompression_scheme == 2 || opt.keep->supercompression_scheme == 3))
        opt.supercompression = opt.keep->supercompression_scheme;
    if (kind == TX_KTX2 && !selected) return write_file(path, kind, s, 0, 0, 0, &opt, err);
    if (s->type == TU_SURFACE_BUFFER)
        return fail(err, TU_UNSUPPORTED, "'%s': a buffer surface has no 2D image", path);

    const tu_format_desc *d = tu_format_describe(s->format);
    char why[128];
    const png_way way = kind == TX_PNG ? png_way_of(d, why, sizeof why) : PNG_RAW;
    char exr_why[128];
    if (way == PNG_MAPPED && !sel->tonemap)
        return fail(err, TU_UNSUPPORTED,
                    "'%s': PNG holds 8- or 16-bit UNORM or sRGB texels of 1, 2 or 4 channels, "
                    "and %s; add --tonemap to map them to %s, or write a .ktx2 file%s",
                    path, why, tu_format_describe(tonemap_format(d))->name,
                    tx_exr_holds(d, exr_why, sizeof exr_why) ? " (or .exr, its decoded values)"
                                                             : "");
    if (kind == TX_EXR && !tx_exr_holds(d, why, sizeof why))
        return fail(err, TU_UNSUPPORTED, "'%s': %s; write a .ktx2 file, or a .png with --tonemap",
                    path, why);
    uint32_t level = 0, layer = 0, slice = 0;
    if (resolve(path, s, sel, &level, &layer, &slice, err) != TU_OK) return err->status;
    if (kind == TX_EXR) return write_file(path, kind, s, level, layer, slice, &opt, err);
    tu_image one;
    if (extract(s, level, layer, slice, way != PNG_RAW, progress, &one, err) != TU_OK)
        return err->status;
    const tu_status st = write_file(path, kind, &one.surface, 0, 0, 0, &opt, err);
    tu_image_free(&one);
    return st;
}
