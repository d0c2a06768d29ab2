/* SPDX-License-Identifier: MIT */
/*
 * run_visa.c - run .visaasm kernels, and convert them between text and binary.
 *
 * A kernel file stays valid IGC syntax: texunit's directives are comments starting with
 * "//!", read before the kernel runs:
 *
 *   //! platform xe-lp | xe2
 *   //! surface BTI [samples=N] [mcs=VALUE] [clear=R,G,B,A] [file=BLOB] [access=rw] [fill=zero]
 *       texture TYPE FORMAT W H D LEVELS LAYERS SEED      (TYPE also `buffer`: W texels)
 *   //! surface BTI texture_file PATH                 (KTX2)
 *   //! surface bindless HANDLE texture ...           (what %bss = HANDLE refers to)
 *   //! sampler INDEX key=value ...                   (the query format's sampler keys)
 *   //! sampler bindless HANDLE key=value ...         (what S31 = HANDLE refers to)
 *   //! set VAR TYPE v0 v1 ...      set VAR TYPE ramp START STEP COUNT
 *   //! set P1 0xffff               set T6 0x7b       (predicate bits, state handles)
 *   //! emask 0xffff                cps 2 2           (the thread's mask; coarse pixel size)
 *   //! dump VAR TYPE               (after the run: the variable, one GRF per line)
 *   //! dump surface BTI hex|texels (after the run: the surface's texels, raw or decoded)
 *
 * Surfaces are bound read-only unless access=rw: the data port's writes and atomics need it.
 *
 * Texels come from the generator (tu_surface_fill_hash); a multisample surface puts the
 * sample index in z, and mcs= fills every MCS element with VALUE.
 */
#include "run_visa.h"

#include "export.h"
#include "file.h"
#include "query.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_IMAGES = 64, MAX_SAMPLERS = 64, MAX_DUMPS = 64, MAX_SETS = 256 };

typedef struct run {
    tu_visa_platform platform;
    tu_visa_bindings bind;
    tu_image images[MAX_IMAGES];
    tu_image mcs_images[MAX_IMAGES];
    unsigned image_count;
    tu_sampler samplers[MAX_SAMPLERS];
    unsigned sampler_count;
    struct {
        char var[48];
        char type[8];
        bool surface; /* dump surface SLOT: slot and texels (decoded) or hex */
        bool texels;
        uint32_t slot;
    } dumps[MAX_DUMPS];
    unsigned dump_count;
    struct {
        char *args; /* the text after "set ", applied after the kernel is parsed */
        unsigned line;
    } sets[MAX_SETS];
    unsigned set_count;
    uint32_t emask, cps_x, cps_y;
    FILE *err;
    const char *path;
} run;

/* A whole file through tf_read_file, reporting a failure on err. */
static char *read_file(const char *path, uint64_t limit, size_t *size, FILE *err) {
    char why[300];
    char *text = tf_read_file(path, limit, size, why, sizeof why);
    if (!text) fprintf(err, "texunit: %s\n", why);
    return text;
}

/* `cps X Y`: the coarse pixel size, each side 1..MAX_CPS (the sampler's range). */
enum { MAX_CPS = 4 };
static bool parse_cps(const char *args, uint32_t *x, uint32_t *y) {
    char words[2][16];
    int n = 0;
    const char *p = args;
    while (n <= 2) {
        while (tu_text_is_space(*p))
            p++;
        if (!*p) break;
        const char *start = p;
        while (*p && !tu_text_is_space(*p))
            p++;
        if (n == 2 || (size_t)(p - start) >= sizeof words[0]) return false;
        memcpy(words[n], start, (size_t)(p - start));
        words[n++][p - start] = 0;
    }
    uint32_t a, b;
    if (n != 2 || !tq_parse_u32(words[0], MAX_CPS, &a) || !tq_parse_u32(words[1], MAX_CPS, &b) ||
        a < 1 || b < 1)
        return false;
    *x = a, *y = b;
    return true;
}

__attribute__((format(printf, 3, 4))) static int refuse(run *r, unsigned line, const char *fmt,
                                                        ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(r->err, "texunit: %s:%u: ", r->path, line);
    vfprintf(r->err, fmt, ap);
    fputc('\n', r->err);
    va_end(ap);
    return 1;
}

/* The next blank-separated word at *cursor, NUL-terminated in place; *cursor moves past it.
 * NULL at the end of the text. */
static char *word(char **cursor) {
    char *p = *cursor;
    while (tu_text_is_blank(*p))
        p++;
    if (!*p) {
        *cursor = p;
        return NULL;
    }
    char *start = p;
    while (*p && !tu_text_is_blank(*p))
        p++;
    if (*p) *p++ = 0;
    *cursor = p;
    return start;
}

/* A number at the start of s, ended by the end, a blank or a comma; no sign (strtoull would
 * wrap "-1" to 2^64 - 1). */
static bool parse_u32(const char *s, uint32_t *out) {
    if (!(*s >= '0' && *s <= '9')) return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (end == s || (*end && !tu_text_is_space(*end) && *end != ',') || errno || v > UINT32_MAX)
        return false;
    *out = (uint32_t)v;
    return true;
}

/* clear=R,G,B,A: four floats for a float-class format, four integers (never a float
 * converted, which could be out of range) for UINT and SINT formats. */
static bool parse_clear(const char *p, tu_format_class cls, tu_texel *out) {
    for (int c = 0; c < 4; c++) {
        char *end;
        errno = 0;
        if (cls == TU_CLASS_FLOAT) {
            if (!tq_strtof(p, &out->f[c], &end)) return false;
        } else {
            const long long v = strtoll(p, &end, 0);
            if (errno || v < INT32_MIN || v > (long long)UINT32_MAX) return false;
            out->u[c] = (uint32_t)v;
        }
        if (end == p || (*end && *end != ',') || (c < 3) != (*end == ',')) return false;
        p = end + (*end == ',');
    }
    return true;
}

/* An MCS surface for img, every element holding `value`. */
static bool make_mcs(run *r, tu_image *img, tu_image *mcs, uint64_t value, char *why, size_t n) {
    const uint32_t s = img->surface.samples;
    tu_surface desc = {.type = TU_SURFACE_2D,
                       .arrayed = img->surface.arrayed,
                       .format = s <= 4   ? TU_FORMAT_R8_UINT
                                 : s == 8 ? TU_FORMAT_R32_UINT
                                          : TU_FORMAT_R32G32_UINT,
                       .width = img->surface.width,
                       .height = img->surface.height,
                       .depth = 1,
                       .layers = img->surface.layers,
                       .levels = 1,
                       .samples = 1};
    tu_error err = {0};
    (void)r;
    if (tu_image_create(mcs, &desc, &err) != TU_OK) {
        snprintf(why, n, "mcs: %s", err.message);
        return false;
    }
    const uint32_t bytes = tu_format_bytes(desc.format);
    uint8_t *p = mcs->memory;
    for (size_t at = 0; at + bytes <= mcs->surface.size; at += bytes)
        for (uint32_t b = 0; b < bytes; b++)
            p[at + b] = (uint8_t)(value >> (8 * b));
    img->surface.mcs = &mcs->surface;
    return true;
}

/* "INDEX" (a binding-table or sampler-state index) or "bindless HANDLE"; *got is the word
 * read for the index or handle ("" when there is none). */
static bool parse_slot(char **save, uint32_t *slot, bool *bindless, const char **got) {
    char *w = word(save);
    *bindless = w && strcmp(w, "bindless") == 0;
    if (*bindless) w = word(save);
    *got = w ? w : "";
    return w && parse_u32(w, slot) && (*bindless || *slot < TU_VISA_MAX_BINDINGS);
}

/* One entry of the bindless table: a surface or a sampler at HANDLE. */
static int bind_bindless(run *r, unsigned line, uint32_t handle, const tu_surface *surface,
                         const tu_sampler *sampler) {
    tu_visa_bindings *b = &r->bind;
    if (b->bindless_count == sizeof b->bindless / sizeof b->bindless[0])
        return refuse(r, line, "too many bindless entries (at most %zu)",
                      sizeof b->bindless / sizeof b->bindless[0]);
    b->bindless[b->bindless_count].handle = handle;
    b->bindless[b->bindless_count].surface = surface;
    b->bindless[b->bindless_count++].sampler = sampler;
    return 0;
}

/* "surface BTI|bindless HANDLE [samples=N] [mcs=V] [clear=R,G,B,A] [file=BLOB] texture ..."
 * file= fills the texture's texels from a raw blob in the packed order (levels, layers,
 * samples, z, y, x), which must be exactly the texture's size. */
static int directive_surface(run *r, char *args, unsigned line) {
    char *save = args;
    uint32_t slot;
    bool bindless;
    const char *got;
    if (!parse_slot(&save, &slot, &bindless, &got))
        return refuse(
            r, line, "surface: expected a binding-table index 0..%u or 'bindless HANDLE', got '%s'",
            TU_VISA_MAX_BINDINGS - 1, got);
    if (r->image_count == MAX_IMAGES) return refuse(r, line, "%s", "too many surfaces");
    uint32_t samples = 1;
    bool have_mcs = false, writable = false, fill_zero = false;
    uint64_t mcs_value = 0;
    const char *clear_text = NULL;
    const char *blob = NULL;
    char *w;
    while ((w = word(&save)) && strchr(w, '=')) {
        if (strncmp(w, "file=", 5) == 0 && w[5]) {
            blob = w + 5;
            continue;
        }
        if (strncmp(w, "samples=", 8) == 0 && parse_u32(w + 8, &samples)) continue;
        if (strcmp(w, "access=rw") == 0 || strcmp(w, "access=ro") == 0) {
            writable = w[8] == 'w';
            continue;
        }
        if (strcmp(w, "fill=zero") == 0) {
            fill_zero = true;
            continue;
        }
        if (strncmp(w, "mcs=", 4) == 0) {
            char *end;
            errno = 0;
            mcs_value = strtoull(w + 4, &end, 0);
            if (!(w[4] >= '0' && w[4] <= '9') || *end || errno) /* strtoull takes "-1" */
                return refuse(r, line, "surface: mcs value '%s' is not a number 0..2^64-1", w + 4);
            have_mcs = true;
            continue;
        }
        if (strncmp(w, "clear=", 6) == 0) {
            clear_text = w + 6; /* read once the format says float or integer */
            continue;
        }
        return refuse(r, line, "surface: unknown option '%s'", w);
    }
    if (!w) return refuse(r, line, "%s", "surface: expected 'texture ...' or 'texture_file PATH'");
    /* the rest of the line is a query-format texture line */
    char texture_line[512];
    snprintf(texture_line, sizeof texture_line, "%s %s", w, save);
    /* `texture buffer ...`: a BUFFER surface, read by the query parser as 1d */
    const bool buffer = strncmp(texture_line, "texture buffer ", 15) == 0;
    if (buffer) memcpy(texture_line + 8, "1d    ", 6);
    tq_line q;
    char why[300];
    if (!tq_parse(texture_line, TU_SURFACE_2D, false, &q, why, sizeof why))
        return refuse(r, line, "surface: %s", why);
    if (buffer) q.texture.type = TU_SURFACE_BUFFER;
    tu_image *img = &r->images[r->image_count];
    if (q.kind == TQ_TEXTURE) {
        tu_surface desc = {.type = q.texture.type,
                           .arrayed = q.texture.arrayed,
                           .format = q.texture.format,
                           .width = q.texture.width,
                           .height = q.texture.height,
                           .depth = q.texture.depth,
                           .layers = q.texture.layers,
                           .levels = q.texture.levels,
                           .samples = samples,
                           .tiling = q.texture.tiling};
        if (!desc.levels) desc.levels = tu_surface_max_levels(&desc);
        tu_error err = {0};
        uint64_t shape_bytes;
        if (tq_texture_too_large(&desc, &shape_bytes))
            return refuse(r, line, "surface: %llu bytes is more than this tool's %llu",
                          (unsigned long long)shape_bytes,
                          (unsigned long long)TEXUNIT_TOOL_TEXTURE_BYTES);
        if (tu_image_create(img, &desc, &err) != TU_OK) {
            tu_image_free(img);
            return refuse(r, line, "surface: %s", err.message);
        }
        if (!fill_zero && tu_surface_fill_pattern(&img->surface, q.texture.pattern, q.texture.seed,
                                                  NULL, &err) != TU_OK) {
            tu_image_free(img);
            return refuse(r, line, "surface: %s", err.message);
        }
        if (blob) {
            size_t size;
            char *bytes = read_file(blob, TF_DATA_BYTES, &size, r->err);
            if (!bytes) {
                tu_image_free(img);
                return refuse(r, line, "surface: cannot read %s", blob);
            }
            const size_t need = img->surface.size;
            if (size == need) memcpy(img->memory, bytes, size);
            free(bytes);
            if (size != need) {
                tu_image_free(img);
                return refuse(r, line, "surface: %s has %zu bytes; the texture needs %zu", blob,
                              size, need);
            }
        }
    } else if (q.kind == TQ_TEXTURE_FILE) {
        tu_error err = {0};
        if (tx_read_as(q.texture.path, TX_KTX2, img, &err) != TU_OK)
            return refuse(r, line, "surface: %s", err.message);
        tu_surface shape = img->surface;
        shape.tiling = q.texture.tiling;
        uint64_t shape_bytes;
        if (tq_texture_too_large(&shape, &shape_bytes)) {
            tu_image_free(img);
            return refuse(r, line, "surface: %s: %llu bytes is more than this tool's %llu",
                          q.texture.path, (unsigned long long)shape_bytes,
                          (unsigned long long)TEXUNIT_TOOL_TEXTURE_BYTES);
        }
    } else {
        return refuse(r, line, "%s", "surface: expected 'texture ...' or 'texture_file PATH'");
    }
    tu_error tiling_err = {0}; /* tiling=...: the texels re-laid in an Intel tiling */
    if (tu_image_convert_tiling_gen(img, q.texture.tiling, q.texture.tiling_gen, &tiling_err) !=
        TU_OK) {
        tu_image_free(img);
        return refuse(r, line, "surface: %s", tiling_err.message);
    }
    if (clear_text &&
        !parse_clear(clear_text, tu_format_describe(img->surface.format)->format_class,
                     &img->surface.clear_color)) {
        tu_image_free(img);
        return refuse(r, line,
                      "surface: clear=%s needs four numbers, integers in -2^31..2^32-1 for an "
                      "integer format",
                      clear_text);
    }
    if (have_mcs && !make_mcs(r, img, &r->mcs_images[r->image_count], mcs_value, why, sizeof why)) {
        tu_image_free(img);
        return refuse(r, line, "surface: %s", why);
    }
    const tu_surface *s = &r->images[r->image_count++].surface;
    if (bindless) {
        if (bind_bindless(r, line, slot, s, NULL)) return 1;
        r->bind.bindless[r->bind.bindless_count - 1].writable = writable;
        return 0;
    }
    r->bind.surfaces[slot] = s;
    r->bind.writable[slot] = writable;
    return 0;
}

static int directive_sampler(run *r, char *args, unsigned line) {
    char *save = args;
    uint32_t slot;
    bool bindless;
    const char *got;
    if (!parse_slot(&save, &slot, &bindless, &got))
        return refuse(
            r, line, "sampler: expected a sampler-state index 0..%u or 'bindless HANDLE', got '%s'",
            TU_VISA_MAX_BINDINGS - 1, got);
    if (r->sampler_count == MAX_SAMPLERS) return refuse(r, line, "%s", "too many samplers");
    char sampler_line[512];
    snprintf(sampler_line, sizeof sampler_line, "sampler %s", save);
    tq_line q;
    char why[300];
    if (!tq_parse(sampler_line, TU_SURFACE_2D, false, &q, why, sizeof why))
        return refuse(r, line, "%s", why);
    tu_sampler *smp = &r->samplers[r->sampler_count++];
    *smp = tq_make_sampler(&q.sampler);
    if (bindless) return bind_bindless(r, line, slot, NULL, smp);
    r->bind.samplers[slot] = smp;
    return 0;
}

/* Read every //! directive; `set` lines wait for the kernel. */
static int read_directives(run *r, char *text) {
    unsigned line = 0;
    for (char *p = text; p && *p;) {
        line++;
        char *nl = strchr(p, '\n');
        if (nl) *nl = 0;
        if (nl && nl > p && nl[-1] == '\r') nl[-1] = 0; /* CRLF (checked by load_kernel) */
        char *d = strstr(p, "//!");
        if (d) {
            d += 3;
            while (tu_text_is_blank(*d))
                d++;
            char *args = d;
            while (*args && !tu_text_is_blank(*args))
                args++;
            if (*args) *args++ = 0;
            int bad = 0;
            if (strcmp(d, "platform") == 0) {
                while (tu_text_is_blank(*args))
                    args++;
                char *end = args;
                while (*end && !tu_text_is_space(*end))
                    end++;
                const char keep = *end;
                *end = 0;
                if (!tq_visa_platform_by_name(args, &r->platform))
                    bad = refuse(r, line, "platform '%s' is not xe-lp or xe2", args);
                *end = keep;
            } else if (strcmp(d, "surface") == 0) {
                bad = directive_surface(r, args, line);
            } else if (strcmp(d, "sampler") == 0) {
                bad = directive_sampler(r, args, line);
            } else if (strcmp(d, "set") == 0) {
                if (r->set_count == MAX_SETS)
                    bad = refuse(r, line, "%s", "too many set directives");
                else {
                    r->sets[r->set_count].args = args;
                    r->sets[r->set_count++].line = line;
                }
            } else if (strcmp(d, "emask") == 0) {
                if (!parse_u32(args, &r->emask))
                    bad = refuse(r, line, "emask '%s' is not a number", args);
            } else if (strcmp(d, "cps") == 0) {
                if (!parse_cps(args, &r->cps_x, &r->cps_y))
                    bad = refuse(r, line,
                                 "cps '%s': expected the coarse pixel width and height, each "
                                 "1..%d",
                                 args, MAX_CPS);
            } else if (strcmp(d, "dump") == 0) {
                char how[16] = "";
                if (r->dump_count == MAX_DUMPS)
                    bad = refuse(r, line, "%s", "too many dumps");
                else if (strncmp(args, "surface", 7) == 0 && (args[7] == ' ' || !args[7])) {
                    uint32_t slot;
                    char num[24] = "";
                    if (sscanf(args + 7, "%23s %15s", num, how) != 2 || !parse_u32(num, &slot) ||
                        slot >= TU_VISA_MAX_BINDINGS ||
                        (strcmp(how, "hex") != 0 && strcmp(how, "texels") != 0))
                        bad = refuse(r, line,
                                     "dump surface '%s': expected a binding-table index 0..%u and "
                                     "hex or texels",
                                     args + 7, TU_VISA_MAX_BINDINGS - 1);
                    else {
                        r->dumps[r->dump_count].surface = true;
                        r->dumps[r->dump_count].slot = slot;
                        r->dumps[r->dump_count++].texels = how[0] == 't';
                    }
                } else if (sscanf(args, "%47s %7s", r->dumps[r->dump_count].var,
                                  r->dumps[r->dump_count].type) != 2)
                    bad = refuse(r, line, "dump '%s': expected VAR TYPE", args);
                else
                    r->dump_count++;
            } else {
                bad = refuse(r, line,
                             "unknown directive '%s' (platform surface sampler set emask cps dump)",
                             d);
            }
            if (bad) return 1;
        }
        p = nl ? nl + 1 : NULL;
    }
    return 0;
}

static int find_var(const tu_visa_kernel *k, const char *name) {
    for (uint32_t i = 0; i < k->var_count; i++)
        if (strcmp(k->vars[i].name, name) == 0) return (int)i;
    return -1;
}

static int type_by_name(const char *n) {
    for (int t = 0; t < TU_VISA_TYPE_COUNT; t++)
        if (strcmp(n, tu_visa_type_name((tu_visa_type)t)) == 0) return t;
    return -1;
}

/* Store value v (given as text) as type t at p. */
static bool store(const char *text, int t, uint8_t *p) {
    char *end;
    if (t == TU_VISA_F || t == TU_VISA_HF) {
        float f;
        if (!tq_strtof(text, &f, &end)) return false;
        if (t == TU_VISA_F)
            memcpy(p, &f, 4);
        else {
            uint16_t h = tu_float_to_half(f);
            memcpy(p, &h, 2);
        }
        return true;
    }
    long long v = strtoll(text, &end, 0);
    if (end == text) return false;
    memcpy(p, &v, tu_visa_type_size((tu_visa_type)t)); /* little-endian host */
    return true;
}

static int apply_set(run *r, const tu_visa_kernel *k, tu_visa_state *st, char *args,
                     unsigned line) {
    char *save = args;
    char *name = word(&save);
    int i = name ? find_var(k, name) : -1;
    if (i < 0) return refuse(r, line, "set: '%s' is not a declared variable", name ? name : "");
    const tu_visa_var *v = &k->vars[i];
    char *w = word(&save);
    if (v->kind != TU_VISA_VAR_G) {
        uint32_t value;
        if (!w || !parse_u32(w, &value)) return refuse(r, line, "set %s: expected one value", name);
        if (v->kind == TU_VISA_VAR_P)
            st->pred_bits[i] = value;
        else
            st->handles[i] = value;
        return 0;
    }
    const int t = w ? type_by_name(w) : -1;
    if (t < 0) return refuse(r, line, "set %s: expected a type (f hf ud d uw w ...)", name);
    const uint32_t size = tu_visa_type_size((tu_visa_type)t),
                   cap = v->num_elts * tu_visa_type_size((tu_visa_type)v->type) / size;
    uint8_t *base = st->grf + v->grf_offset;
    w = word(&save);
    if (w && strcmp(w, "ramp") == 0) {
        char *a = word(&save), *b = word(&save), *c = word(&save);
        uint32_t count;
        if (!a || !b || !c || !parse_u32(c, &count) || count > cap)
            return refuse(r, line, "set %s ramp: expected START STEP COUNT within the variable",
                          name);
        const double start = strtod(a, NULL), step = strtod(b, NULL);
        for (uint32_t e = 0; e < count; e++) {
            char num[64];
            snprintf(num, sizeof num, "%.17g", start + step * e);
            if (!store(num, t, base + e * size)) return refuse(r, line, "set %s: bad ramp", name);
        }
        return 0;
    }
    for (uint32_t e = 0; w; e++, w = word(&save)) {
        if (e >= cap) return refuse(r, line, "set %s: more values than the variable holds", name);
        if (!store(w, t, base + e * size)) return refuse(r, line, "set: '%s' is not a number", w);
    }
    return 0;
}

static void dump(run *r, const tu_visa_kernel *k, const tu_visa_state *st, FILE *out, unsigned d) {
    const int i = find_var(k, r->dumps[d].var);
    const int t = type_by_name(r->dumps[d].type);
    if (i < 0 || t < 0 || k->vars[i].kind != TU_VISA_VAR_G) {
        fprintf(out, "%s: cannot dump (not a general variable, or type '%s' unknown)\n",
                r->dumps[d].var, r->dumps[d].type);
        return;
    }
    const tu_visa_var *v = &k->vars[i];
    const uint32_t grf = tu_visa_grf_bytes(k->platform), size = tu_visa_type_size((tu_visa_type)t);
    const uint32_t bytes = v->num_elts * tu_visa_type_size((tu_visa_type)v->type);
    const uint8_t *base = st->grf + v->grf_offset;
    for (uint32_t row = 0; row * grf < bytes; row++) {
        fprintf(out, "%s[%u]:%s", v->name, row, r->dumps[d].type);
        for (uint32_t at = row * grf; at < (row + 1) * grf && at + size <= bytes; at += size) {
            uint64_t bits = 0;
            memcpy(&bits, base + at, size);
            if (t == TU_VISA_F) {
                float f;
                memcpy(&f, &bits, 4);
                fprintf(out, " %.9g", f);
            } else if (t == TU_VISA_HF) {
                fprintf(out, " %.5g", tu_half_to_float((uint16_t)bits));
            } else if (t == TU_VISA_D || t == TU_VISA_W || t == TU_VISA_B) {
                const int64_t sv = (int64_t)(bits << (64 - 8 * size)) >> (64 - 8 * size);
                fprintf(out, " %lld", (long long)sv);
            } else {
                fprintf(out, " 0x%llx", (unsigned long long)bits);
            }
        }
        fputc('\n', out);
    }
}

/* One texel: its bytes as little-endian numbers (one, or a dword each), or decoded. */
static void put_texel(FILE *out, const tu_surface *s, const uint8_t *p, bool texels) {
    const tu_format_desc *fd = tu_format_describe(s->format);
    if (!texels) {
        if (fd->bytes <= 4) {
            uint32_t v = 0;
            for (uint32_t b = 0; b < fd->bytes; b++)
                v |= (uint32_t)p[b] << (8 * b);
            fprintf(out, " 0x%0*x", 2 * fd->bytes, v);
            return;
        }
        for (uint32_t d = 0; d < fd->bytes; d += 4)
            fprintf(out, "%s0x%08x", d ? ":" : " ",
                    (uint32_t)p[d] | (uint32_t)p[d + 1] << 8 | (uint32_t)p[d + 2] << 16 |
                        (uint32_t)p[d + 3] << 24);
        return;
    }
    tu_texel t;
    tu_format_decode(s->format, p, &t);
    unsigned components = 0;
    for (unsigned i = 0; i < fd->channel_count; i++)
        if (fd->channels[i].component <= TU_COMPONENT_A) components++;
    fputs(" (", out);
    for (unsigned c = 0; c < components; c++) {
        if (fd->format_class == TU_CLASS_FLOAT)
            fprintf(out, "%s%.9g", c ? ", " : "", t.f[c]);
        else if (fd->format_class == TU_CLASS_SINT)
            fprintf(out, "%s%d", c ? ", " : "", t.i[c]);
        else
            fprintf(out, "%s%u", c ? ", " : "", t.u[c]);
    }
    fputc(')', out);
}

/* dump surface BTI: every texel of the view, eight to a line, with its position. */
static void dump_surface(run *r, FILE *out, unsigned d) {
    const uint32_t slot = r->dumps[d].slot;
    const tu_surface *s = r->bind.surfaces[slot];
    if (!s) {
        fprintf(out, "surface %u: nothing is bound there\n", slot);
        return;
    }
    for (uint32_t L = 0; L < s->level_count; L++) {
        uint32_t w, h, depth;
        tu_surface_level_extent(s, L, &w, &h, &depth);
        for (uint32_t layer = 0; layer < s->layers; layer++)
            for (uint32_t z = 0; z < depth; z++)
                for (uint32_t y = 0; y < h; y++)
                    for (uint32_t x = 0; x < w; x++) {
                        if (x % 8 == 0)
                            fprintf(out, "surface %u level %u layer %u z %u y %u x %u:", slot, L,
                                    layer, z, y, x);
                        const tu_texel_coord c = {x, y, z, layer, L, 0};
                        put_texel(out, s, tu_surface_texel_pointer(s, &c), r->dumps[d].texels);
                        if (x % 8 == 7 || x + 1 == w) fputc('\n', out);
                    }
    }
}

static void run_free(run *r) {
    for (unsigned i = 0; i < r->image_count; i++) {
        tu_image_free(&r->images[i]);
        tu_image_free(&r->mcs_images[i]);
    }
}

static int load_kernel(run *r, const char *path, tu_visa_kernel *k, char **text_out) {
    size_t size;
    char *text = read_file(path, TF_TEXT_BYTES, &size, r->err);
    if (!text) return 1;
    char *copy = malloc(size + 1);
    if (!copy) {
        free(text);
        return refuse(r, 0, "%s", "out of memory");
    }
    memcpy(copy, text, size + 1);
    tu_error text_err = {0};
    if (tu_text_check(text, size, 1, &text_err) != TU_OK) {
        fprintf(r->err, "texunit: %s: %s\n", path, text_err.message);
        free(text);
        free(copy);
        return 1;
    }
    if (read_directives(r, copy)) {
        free(text);
        free(copy);
        return 1;
    }
    *text_out = copy; /* the `set` directives point into it */
    tu_error err = {0};
    tu_status st = tu_visa_parse(text, size, r->platform, k, &err);
    free(text);
    if (st != TU_OK) {
        fprintf(r->err, "texunit: %s: %s\n", path, err.message);
        return 1;
    }
    return 0;
}

uint32_t tq_list_lines(FILE *f, const tu_visa_kernel *k, bool (*pick)(const tu_visa_line *)) {
    /* each distinct name once, in the order of its first line: a dump has a few dozen */
    struct {
        const char *op;
        uint32_t count, first;
    } names[256];
    uint32_t distinct = 0, total = 0, unlisted = 0;
    for (uint32_t i = 0; i < k->line_count; i++) {
        const tu_visa_line *l = &k->lines[i];
        if (!pick(l)) continue;
        total++;
        uint32_t j = 0;
        while (j < distinct && strcmp(names[j].op, l->op) != 0)
            j++;
        if (j == distinct) {
            if (distinct == sizeof names / sizeof names[0]) {
                unlisted++;
                continue;
            }
            names[distinct].op = l->op, names[distinct].count = 0,
            names[distinct++].first = l->line;
        }
        names[j].count++;
    }
    for (uint32_t j = 0; j < distinct; j++) {
        if (names[j].count == 1)
            fprintf(f, "%s%s (line %u)", j ? ", " : "", names[j].op, names[j].first);
        else
            fprintf(f, "%s%s (%u lines from %u)", j ? ", " : "", names[j].op, names[j].count,
                    names[j].first);
    }
    if (unlisted) fprintf(f, ", and %u more lines", unlisted);
    return total;
}

bool tq_line_is_other(const tu_visa_line *l) {
    return l->kind == TU_VISA_LINE_OTHER;
}

/* After a run that stepped over the instructions outside texunit's: which, on errf. */
static void report_skipped(FILE *errf, const char *path, const tu_visa_kernel *k,
                           const tu_visa_state *st, const char *why) {
    if (!st->skipped) return;
    fprintf(errf, "texunit: %s: %s: %u instructions outside texunit's not run: ", path, why,
            st->skipped);
    tq_list_lines(errf, k, tq_line_is_other);
    fputc('\n', errf);
}

/* Run the kernel at path; with `explain`, run the lines before source line explain_line
 * (stepping over the instructions outside texunit's, and listing them), then the instruction
 * on that line traced to `explain` (lane explain_lane must be one of its lanes), and no
 * dumps; with `sink`, every send traced to it. With texture_only, the instructions outside
 * texunit's families are stepped over and listed once; without, the first one stops the run. */
static int execute_kernel(const char *path, FILE *out, FILE *errf, unsigned explain_line,
                          unsigned explain_lane, const tu_trace_sink *explain,
                          const tu_trace_sink *sink, bool texture_only) {
    const tu_trace_sink *trace = explain;
    const unsigned trace_line = explain_line;
    static run r; /* large; the tool is single-threaded */
    memset(&r, 0, sizeof r);
    r.err = errf, r.path = path, r.emask = 0xffffffffu;
    tu_visa_kernel k;
    char *copy = NULL;
    int rc = load_kernel(&r, path, &k, &copy);
    if (rc) {
        free(copy);
        run_free(&r);
        return rc;
    }
    tu_visa_state st;
    tu_error err = {0};
    if (tu_visa_state_init(&st, &k, &err) != TU_OK) {
        fprintf(errf, "texunit: %s: %s\n", path, err.message);
        rc = 1;
    }
    for (unsigned i = 0; !rc && i < r.set_count; i++)
        rc = apply_set(&r, &k, &st, r.sets[i].args, r.sets[i].line);
    uint32_t at = k.line_count; /* the traced instruction */
    for (uint32_t i = 0; trace && i < k.line_count; i++)
        if (k.lines[i].line == trace_line && k.lines[i].kind == TU_VISA_LINE_INST) at = i;
    /* the sampler's opcodes, 3D_SAMPLE 0x6D .. 3D_INFO 0x70 (texunit/visa.h); MEDIA_LD and
     * the data port's do not run through the sampler engine */
    if (!rc && trace &&
        (at == k.line_count || k.lines[at].inst.opcode < 0x6D || k.lines[at].inst.opcode > 0x70))
        rc = refuse(&r, trace_line, "%s",
                    "not a sampler instruction (sample, load, gather or info) of the kernel");
    else if (!rc && trace && explain_lane >= k.lines[at].inst.exec_size)
        rc = refuse(&r, trace_line, "lane %u is outside the instruction's %u lanes", explain_lane,
                    k.lines[at].inst.exec_size);
    if (!rc) {
        st.trace = sink;
        st.skip_other = texture_only || trace;
        st.dispatch_mask = r.emask;
        st.cps_x = r.cps_x, st.cps_y = r.cps_y;
        tu_visa_kernel before = k, traced = k;
        before.line_count = trace ? at : k.line_count;
        if (trace) { /* an empty kernel has no lines to step over (and lines may be NULL) */
            traced.lines += at;
            traced.line_count = 1;
        }
        tu_status s = tu_visa_execute(&before, &st, &r.bind, &err);
        if (s == TU_OK && trace) {
            st.trace = explain;
            s = tu_visa_execute(&traced, &st, &r.bind, &err);
            st.trace = sink;
        }
        if (s != TU_OK) {
            fprintf(errf, "texunit: %s: %s: %s\n", path, tu_status_name(err.status), err.message);
            if (!st.skip_other && err.status == TU_UNSUPPORTED)
                fprintf(errf, "texunit: %s: run --texture-only steps over such instructions\n",
                        path);
            rc = 1;
        }
        report_skipped(errf, path, &k, &st, trace ? "explain" : "--texture-only");
    }
    for (unsigned d = 0; !rc && !trace && d < r.dump_count; d++)
        if (r.dumps[d].surface)
            dump_surface(&r, out, d);
        else
            dump(&r, &k, &st, out, d);
    if (st.grf) tu_visa_state_free(&st);
    tu_visa_kernel_free(&k);
    free(copy);
    run_free(&r);
    return rc;
}

int tq_run_visa(const char *path, FILE *out, FILE *errf, bool texture_only) {
    return execute_kernel(path, out, errf, 0, 0, NULL, NULL, texture_only);
}

int tq_run_visa_traced(const char *path, FILE *out, FILE *errf, const tu_trace_sink *trace,
                       bool texture_only) {
    return execute_kernel(path, out, errf, 0, 0, NULL, trace, texture_only);
}

int tq_trace_visa(const char *path, unsigned line, unsigned lane, const tu_trace_sink *trace,
                  FILE *errf) {
    /* a traced run prints no dumps; errf stands in for their stream, which is never NULL */
    return execute_kernel(path, errf, errf, line, lane, trace, NULL, true);
}

static bool not_encoded(const tu_visa_line *l) {
    return l->kind != TU_VISA_LINE_INST;
}

int tq_asm_visa(const char *path, const char *bin_path, FILE *out, FILE *errf) {
    static run r;
    memset(&r, 0, sizeof r);
    r.err = errf, r.path = path;
    tu_visa_kernel k;
    char *copy = NULL;
    int rc = load_kernel(&r, path, &k, &copy);
    free(copy);
    run_free(&r);
    if (rc) return rc;
    char why[300];
    FILE *bin = bin_path ? tf_create(bin_path, why, sizeof why) : NULL;
    if (bin_path && !bin) {
        fprintf(errf, "texunit: %s\n", why);
        tu_visa_kernel_free(&k);
        return 1;
    }
    /* vISA 4.1 binary is written for texunit's instructions; movs, the other instructions,
     * the labels, FILE/LOC and lifetime lines, and the instructions without a 4.1 encoding
     * (the efficient-64b operands) are named, never dropped silently. */
    uint32_t skipped = 0;
    for (uint32_t i = 0; i < k.line_count; i++)
        skipped += not_encoded(&k.lines[i]);
    if (skipped) {
        fprintf(errf,
                "texunit: %s: no vISA 4.1 binary written for %u lines (texunit encodes the "
                "sampler's, the data port's, LSC's and media_ld instructions): ",
                path, skipped);
        tq_list_lines(errf, &k, not_encoded);
        fputc('\n', errf);
    }
    for (uint32_t i = 0; i < k.line_count; i++) {
        if (not_encoded(&k.lines[i])) continue;
        uint8_t buf[256];
        size_t n;
        tu_error err = {0};
        if (tu_visa_encode(&k.lines[i].inst, buf, sizeof buf, &n, &err) != TU_OK) {
            fprintf(errf, "texunit: %s:%u: no vISA 4.1 binary written: %s\n", path, k.lines[i].line,
                    err.message);
            continue;
        }
        if (bin) {
            fwrite(buf, 1, n, bin); /* an error stays on the stream for tf_close */
        } else {
            for (size_t b = 0; b < n; b++)
                fprintf(out, "%02x%s", buf[b], b + 1 < n ? " " : "");
            char text[512];
            tu_visa_print_inst(&k, &k.lines[i].inst, text, sizeof text);
            fprintf(out, "  // %s\n", text);
        }
    }
    if (bin && !tf_close(bin, bin_path, why, sizeof why)) {
        fprintf(errf, "texunit: %s\n", why);
        rc = 1;
    }
    tu_visa_kernel_free(&k);
    return rc;
}

/* --- disasm without the kernel: the declarations the instructions imply ----------------- */

enum {
    FIRST_USER_VAR = 32,    /* general variable ids (tu_visa_var: IGC's numbering) */
    FIRST_USER_SURFACE = 6, /* T0..T5 are predefined */
    BINDLESS_SAMPLER = 31,  /* S31, predefined */
    MAX_INFERRED = 4096
};

typedef struct inferred {
    uint32_t g_bytes[MAX_INFERRED];      /* bytes a general variable must hold, by id */
    uint32_t g_max, t_max, s_max, p_max; /* highest ids used, +1 (0: none) */
} inferred;

static void need_g(inferred *inf, uint32_t id, uint32_t bytes) {
    if (id < FIRST_USER_VAR || id >= MAX_INFERRED) return;
    if (bytes > inf->g_bytes[id]) inf->g_bytes[id] = bytes;
    if (id + 1 > inf->g_max) inf->g_max = id + 1;
}

static void need_scalar(inferred *inf, const tu_visa_scalar *v, uint32_t grf) {
    if (v->is_imm) return;
    const uint32_t size = tu_visa_type_size((tu_visa_type)v->type);
    need_g(inf, v->id, v->row * grf + (v->col + 1u) * (size ? size : 4));
}

/* What instruction `in` reads and writes: a raw operand spans exec_size dwords per
 * parameter, the destination one such block per returned channel (a MEDIA_LD block its
 * rows at their register pitch). */
static void infer(inferred *inf, const tu_visa_inst *in, uint32_t grf) {
    const uint32_t block = in->exec_size * 4u;
    if (in->opcode == 0x37) { /* MEDIA_LD */
        need_g(inf, in->dst.id,
               in->dst.offset + in->block_height * tu_media_pitch(in->block_width));
        need_scalar(inf, &in->x, grf);
        need_scalar(inf, &in->y, grf);
    } else {
        unsigned channels = 0;
        for (int c = 0; c < 4; c++)
            channels += in->channels >> c & 1;
        if (in->opcode == 0x6F) channels = 4; /* 3D_GATHER4 returns four texels */
        need_g(inf, in->dst.id, in->dst.offset + block * (channels ? channels : 4));
        for (unsigned i = 0; i < in->num_params; i++)
            need_g(inf, in->params[i].id, in->params[i].offset + block);
        need_scalar(inf, &in->aoffimmi, grf);
        /* LSC's vector operands: the surface, a strided message's pitch, a 2D block's address */
        need_scalar(inf, &in->lsc.surface, grf);
        need_scalar(inf, &in->lsc.stride, grf);
        for (unsigned i = 0; i < 6; i++)
            need_scalar(inf, &in->lsc.block[i], grf);
        /* 3D_SAMPLE and 3D_GATHER4 name a sampler (texunit/visa.h) */
        if ((in->opcode == 0x6D || in->opcode == 0x6F) && in->sampler != BINDLESS_SAMPLER &&
            in->sampler + 1u > inf->s_max)
            inf->s_max = in->sampler + 1u;
    }
    if (in->surface >= FIRST_USER_SURFACE && in->surface + 1u > inf->t_max)
        inf->t_max = in->surface + 1u;
    const uint32_t pred = in->pred & 0xfff;
    if (pred && pred + 1u > inf->p_max) inf->p_max = pred + 1u;
}

/* .version, .kernel and a .decl of every variable id up to the highest used, in id order
 * (the parser numbers variables by declaration), named as the printer names them. */
static void print_inferred(FILE *out, const inferred *inf, uint32_t grf) {
    fprintf(out, ".version 4.2\n.kernel \"disasm\"\n");
    for (uint32_t id = FIRST_USER_VAR; id < inf->g_max; id++) {
        const uint32_t bytes = inf->g_bytes[id] ? inf->g_bytes[id] : 4;
        const uint32_t grfs = (bytes + grf - 1) / grf;
        fprintf(out, ".decl V%u v_type=G type=ud num_elts=%u align=GRF\n", id, grfs * grf / 4);
    }
    for (uint32_t id = 1; id < inf->p_max; id++)
        fprintf(out, ".decl P%u v_type=P num_elts=32\n", id);
    for (uint32_t id = 0; id < inf->s_max; id++)
        fprintf(out, ".decl S%u v_type=S num_elts=1\n", id);
    for (uint32_t id = FIRST_USER_SURFACE; id < inf->t_max; id++)
        fprintf(out, ".decl T%u v_type=T num_elts=1\n", id);
}

const char *tq_visa_platform_name(tu_visa_platform p) {
    return p == TU_VISA_XE2 ? "xe2" : "xe-lp";
}

bool tq_visa_platform_by_name(const char *name, tu_visa_platform *out) {
    if (strcmp(name, "xe-lp") == 0)
        *out = TU_VISA_XE_LP;
    else if (strcmp(name, "xe2") == 0)
        *out = TU_VISA_XE2;
    else
        return false;
    return true;
}

int tq_disasm_visa_bytes(const uint8_t *bytes, size_t size, const char *name,
                         tu_visa_platform platform, const tu_visa_kernel *k, FILE *out,
                         FILE *errf) {
    int rc = 0;
    const uint32_t grf = tu_visa_grf_bytes(platform);
    /* Decode everything first: without the kernel, the declarations come before the
     * instructions that imply them. */
    tu_visa_inst *insts = NULL;
    size_t count = 0, cap = 0;
    for (size_t at = 0; !rc && at < size;) {
        if (count == cap) {
            cap = cap ? 2 * cap : 16;
            tu_visa_inst *grown = realloc(insts, sizeof *insts * cap);
            if (!grown) {
                fprintf(errf, "texunit: %s: out of memory\n", name);
                rc = 1;
                break;
            }
            insts = grown;
        }
        tu_visa_inst *in = &insts[count];
        size_t used;
        tu_error err = {0};
        if (tu_visa_decode(bytes + at, size - at, platform, in, &used, &err) != TU_OK) {
            /* LSC_UNTYPED, LSC_TYPED and LSC_FENCE (0x89..0x8B) are Xe2's */
            const bool lsc = bytes[at] >= 0x89 && bytes[at] <= 0x8B;
            fprintf(errf, "texunit: %s: byte %zu: %s%s\n", name, at, err.message,
                    lsc && platform == TU_VISA_XE_LP ? " (disasm --platform xe2 decodes it)" : "");
            rc = 1;
            break;
        }
        /* The binary has no paired surface (src/visa/binary.c); the text IGC prints today
         * has %null.0 in its place, as `asm` prints it. */
        if (!in->has_paired) {
            in->has_paired = true;
            if (tu_visa_validate(in, platform, &err) != TU_OK) in->has_paired = false;
        }
        count++;
        at += used;
    }
    /* Without the kernel the output is a kernel of its own: first the platform the bytes were
     * decoded for, as the //! directive `run` and `asm` read. */
    if (!rc && !k) fprintf(out, "//! platform %s\n", tq_visa_platform_name(platform));
    if (!rc && !k) {
        inferred *inf = calloc(1, sizeof *inf);
        if (!inf) {
            fprintf(errf, "texunit: %s: out of memory\n", name);
            rc = 1;
        }
        for (size_t i = 0; inf && i < count; i++)
            infer(inf, &insts[i], grf);
        if (inf) print_inferred(out, inf, grf);
        free(inf);
    }
    for (size_t i = 0; !rc && i < count; i++) {
        char text[512];
        tu_visa_print_inst(k, &insts[i], text, sizeof text);
        fprintf(out, "%s\n", text);
    }
    free(insts);
    return rc;
}

int tq_disasm_visa(const char *bin_path, const char *kernel_path, const char *platform_name,
                   FILE *out, FILE *errf) {
    static run r;
    memset(&r, 0, sizeof r);
    r.err = errf, r.path = kernel_path;
    tu_visa_platform platform = TU_VISA_XE_LP;
    if (platform_name && !tq_visa_platform_by_name(platform_name, &platform)) {
        fprintf(errf, "texunit: --platform %s is not xe-lp or xe2\n", platform_name);
        return 1;
    }
    tu_visa_kernel k;
    memset(&k, 0, sizeof k);
    char *copy = NULL;
    if (kernel_path && load_kernel(&r, kernel_path, &k, &copy)) {
        free(copy);
        run_free(&r);
        return 1;
    }
    free(copy);
    run_free(&r);
    /* The kernel's //! platform, unless --platform names another. */
    if (kernel_path && platform_name && k.platform != platform) {
        fprintf(errf, "texunit: --platform %s, but %s is for %s\n", platform_name, kernel_path,
                tq_visa_platform_name(k.platform));
        tu_visa_kernel_free(&k);
        return 1;
    }
    if (kernel_path) platform = k.platform;
    size_t size;
    char *bytes = read_file(bin_path, TF_DATA_BYTES, &size, errf);
    int rc = bytes ? tq_disasm_visa_bytes((const uint8_t *)bytes, size, bin_path, platform,
                                          kernel_path ? &k : NULL, out, errf)
                   : 1;
    free(bytes);
    tu_visa_kernel_free(&k);
    return rc;
}
