/* SPDX-License-Identifier: MIT */
/*
 * query.c - the query case format: parse a line, answer it through the engine, print.
 *
 *   texture TYPE FORMAT W H D LEVELS LAYERS SEED [tiling=linear|x|y|4|64[@GEN]]
 *   texture_file PATH [tiling=linear|x|y|4|64[@GEN]]
 *   sampler key=value...
 *   fetch x y z_or_layer lod [ox oy oz]        lod u v w_or_layer lod [ox oy oz]
 *   grad u v w_or_layer dudx dvdx dwdx dudy dvdy dwdy [ox oy oz]
 *   cmp ref u v w_or_layer lod [ox oy oz]      gather comp u v w_or_layer [ox oy oz]
 *   cmpgather ref u v w_or_layer [ox oy oz]    size lod        levels
 *
 * Cube arrays take four coordinate values (x y z layer); cube fetches address
 * (x, y, 6*cube + face). Lines starting with # and blank lines are ignored.
 */
#include "query.h"

#include "file.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const struct {
    const char *word;
    tu_surface_type type;
    bool arrayed;
} type_words[] = {
    {"1d", TU_SURFACE_1D, false},         {"1darray", TU_SURFACE_1D, true},
    {"2d", TU_SURFACE_2D, false},         {"2darray", TU_SURFACE_2D, true},
    {"3d", TU_SURFACE_3D, false},         {"cube", TU_SURFACE_CUBE, false},
    {"cubearray", TU_SURFACE_CUBE, true},
};

static const struct {
    const char *word;
    tu_format format;
} short_formats[] = {
    {"rgba8_unorm", TU_FORMAT_R8G8B8A8_UNORM},
    {"rgba8_srgb", TU_FORMAT_R8G8B8A8_SRGB},
    {"rgba8_uint", TU_FORMAT_R8G8B8A8_UINT},
    {"rgba16_sfloat", TU_FORMAT_R16G16B16A16_SFLOAT},
    {"rgba32_sfloat", TU_FORMAT_R32G32B32A32_SFLOAT},
    {"r32_sfloat", TU_FORMAT_R32_SFLOAT},
    {"d32_sfloat", TU_FORMAT_D32_SFLOAT},
};

bool tq_type_from_word(const char *w, tu_surface_type *type, bool *arrayed) {
    for (size_t i = 0; i < COUNT(type_words); i++)
        if (strcmp(w, type_words[i].word) == 0) {
            *type = type_words[i].type;
            *arrayed = type_words[i].arrayed;
            return true;
        }
    return false;
}

const char *tq_type_word_at(size_t i) {
    return i < COUNT(type_words) ? type_words[i].word : NULL;
}

const char *tq_type_word(tu_surface_type type, bool arrayed) {
    for (size_t i = 0; i < COUNT(type_words); i++)
        if (type_words[i].type == type && type_words[i].arrayed == arrayed)
            return type_words[i].word;
    return type == TU_SURFACE_BUFFER ? "buffer" : "?";
}

tu_format tq_format_from_word(const char *w) {
    for (size_t i = 0; i < COUNT(short_formats); i++)
        if (strcmp(w, short_formats[i].word) == 0) return short_formats[i].format;
    return tu_format_from_name(w);
}

bool tq_seed_from_word(const char *w, uint32_t *seed, tu_pattern *pattern) {
    *seed = 0;
    *pattern = tu_pattern_from_name(w);
    if (*pattern != TU_PATTERN_COUNT) return true;
    *pattern = TU_PATTERN_HASH;
    char *end;
    errno = 0;
    const unsigned long long v = strtoull(w, &end, 0);
    if (errno || end == w || *end || w[0] == '-' || v > UINT32_MAX) return false;
    *seed = (uint32_t)v;
    return true;
}

tq_sampler tq_sampler_defaults(void) {
    tq_sampler s;
    memset(&s, 0, sizeof s);
    s.min = s.mag = TU_FILTER_NEAREST;
    s.mip = TU_MIP_NEAREST;
    s.addr[0] = s.addr[1] = s.addr[2] = TU_ADDRESS_WRAP;
    s.border = 0;
    s.compare = TU_COMPARE_OFF;
    s.min_lod = 0.0f, s.max_lod = 1000.0f, s.lod_bias = 0.0f;
    s.precision = TU_PRECISION_HW;
    s.reduction = TU_REDUCTION_AVERAGE;
    s.seamless = 1;
    return s;
}

/* --- tokens ------------------------------------------------------------------------------ */

enum { MAX_TOKENS = 24 };

typedef struct tokens {
    char buf[1024];
    char *t[MAX_TOKENS];
    int n;
} tokens;

static bool split(const char *line, tokens *tk, char *why, size_t why_size) {
    size_t len = strlen(line);
    if (len >= sizeof tk->buf) {
        snprintf(why, why_size, "line longer than %zu characters", sizeof tk->buf - 1);
        return false;
    }
    memcpy(tk->buf, line, len + 1);
    char *hash = strchr(tk->buf, '#');
    if (hash) *hash = 0;
    tk->n = 0;
    for (char *p = strtok(tk->buf, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
        if (tk->n == MAX_TOKENS) {
            snprintf(why, why_size, "more than %d words", MAX_TOKENS);
            return false;
        }
        tk->t[tk->n++] = p;
    }
    return true;
}

static bool fail(char *why, size_t why_size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool fail(char *why, size_t why_size, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, why_size, fmt, ap);
    va_end(ap);
    return false;
}

bool tq_strtof(const char *s, float *out, char **end) {
    errno = 0;
    const float v = strtof(s, end);
    if (*end == s) return false;
    /* strtof says ERANGE both for a subnormal result (a float, kept exactly) and for one
     * outside the range: an infinity for too large, zero for too small to be a subnormal. */
    if (errno == ERANGE && (isinf(v) || v == 0.0f)) return false;
    *out = v;
    return true;
}

static bool parse_float(const char *s, float *out) {
    char *end;
    float v;
    if (!tq_strtof(s, &v, &end) || *end) return false;
    *out = v;
    return true;
}

static bool parse_int(const char *s, int32_t *out) {
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 0);
    if (end == s || *end || errno || v < INT32_MIN || v > INT32_MAX) return false;
    *out = (int32_t)v;
    return true;
}

bool tq_parse_u32(const char *s, uint32_t max, uint32_t *out) {
    if (!(*s >= '0' && *s <= '9')) return false; /* strtoull takes blanks and signs first */
    char *end;
    errno = 0;
    const unsigned long long v = strtoull(s, &end, 0);
    if (*end || errno || v > max) return false;
    *out = (uint32_t)v;
    return true;
}

static bool parse_u32(const char *s, uint32_t *out) {
    int32_t v;
    if (s[0] == '-' || !parse_int(s, &v)) {
        char *end;
        errno = 0;
        unsigned long long u = strtoull(s, &end, 0);
        if (s[0] == '-' || end == s || *end || errno || u > UINT32_MAX) return false;
        *out = (uint32_t)u;
        return true;
    }
    *out = (uint32_t)v;
    return true;
}

/* --- sampler keys ------------------------------------------------------------------------- */

typedef struct word_value {
    const char *word;
    int value;
} word_value;

static const word_value filter_words[] = {{"nearest", TU_FILTER_NEAREST},
                                          {"linear", TU_FILTER_LINEAR}};
static const word_value mip_words[] = {
    {"nearest", TU_MIP_NEAREST}, {"linear", TU_MIP_LINEAR}, {"none", -1}};
static const word_value addr_words[] = {{"repeat", TU_ADDRESS_WRAP},
                                        {"mirror", TU_ADDRESS_MIRROR},
                                        {"clamp_edge", TU_ADDRESS_CLAMP_EDGE},
                                        {"clamp_border", TU_ADDRESS_CLAMP_BORDER},
                                        {"mirror_clamp_edge", TU_ADDRESS_MIRROR_ONCE}};
static const word_value border_words[] = {
    {"transparent_black", 0}, {"opaque_black", 1}, {"opaque_white", 2}};
static const word_value compare_words[] = {
    {"never", TU_COMPARE_NEVER},       {"less", TU_COMPARE_LESS},     {"lequal", TU_COMPARE_LEQUAL},
    {"greater", TU_COMPARE_GREATER},   {"gequal", TU_COMPARE_GEQUAL}, {"equal", TU_COMPARE_EQUAL},
    {"notequal", TU_COMPARE_NOTEQUAL}, {"always", TU_COMPARE_ALWAYS}, {"none", TU_COMPARE_OFF}};
static const word_value precision_words[] = {{"hw", TU_PRECISION_HW},
                                             {"exact", TU_PRECISION_EXACT}};
static const word_value reduction_words[] = {
    {"average", TU_REDUCTION_AVERAGE}, {"min", TU_REDUCTION_MIN}, {"max", TU_REDUCTION_MAX}};

static bool lookup(const word_value *table, size_t n, const char *w, int *out) {
    for (size_t i = 0; i < n; i++)
        if (strcmp(table[i].word, w) == 0) {
            *out = table[i].value;
            return true;
        }
    return false;
}

static bool parse_sampler(const tokens *tk, tq_sampler *s, char *why, size_t why_size) {
    *s = tq_sampler_defaults();
    for (int i = 1; i < tk->n; i++) {
        char key[32];
        const char *eq = strchr(tk->t[i], '=');
        if (!eq || eq == tk->t[i] || (size_t)(eq - tk->t[i]) >= sizeof key)
            return fail(why, why_size, "sampler word '%s' is not key=value", tk->t[i]);
        memcpy(key, tk->t[i], (size_t)(eq - tk->t[i]));
        key[eq - tk->t[i]] = 0;
        const char *val = eq + 1;
        const struct {
            const char *key;
            const word_value *table;
            size_t n;
            int *dst;
        } enums[] = {
            {"min", filter_words, COUNT(filter_words), &s->min},
            {"mag", filter_words, COUNT(filter_words), &s->mag},
            {"mip", mip_words, COUNT(mip_words), &s->mip},
            {"addr_u", addr_words, COUNT(addr_words), &s->addr[0]},
            {"addr_v", addr_words, COUNT(addr_words), &s->addr[1]},
            {"addr_w", addr_words, COUNT(addr_words), &s->addr[2]},
            {"border", border_words, COUNT(border_words), &s->border},
            {"compare", compare_words, COUNT(compare_words), &s->compare},
            {"precision", precision_words, COUNT(precision_words), &s->precision},
            {"reduction", reduction_words, COUNT(reduction_words), &s->reduction},
        };
        const struct {
            const char *key;
            float *dst;
        } floats[] = {
            {"min_lod", &s->min_lod}, {"max_lod", &s->max_lod}, {"lod_bias", &s->lod_bias}};
        const struct {
            const char *key;
            int lo, hi;
            int *dst;
        } ints[] = {{"unnormalized", 0, 1, &s->unnormalized},
                    {"aniso", 0, 16, &s->aniso},
                    {"seamless", 0, 1, &s->seamless}};
        bool known = false;
        for (size_t k = 0; k < COUNT(enums) && !known; k++)
            if (strcmp(key, enums[k].key) == 0) {
                known = true;
                if (!lookup(enums[k].table, enums[k].n, val, enums[k].dst))
                    return fail(why, why_size, "sampler %s=%s: unknown value", key, val);
            }
        for (size_t k = 0; k < COUNT(floats) && !known; k++)
            if (strcmp(key, floats[k].key) == 0) {
                known = true;
                if (!parse_float(val, floats[k].dst) || !isfinite(*floats[k].dst))
                    return fail(why, why_size, "sampler %s=%s is not a finite number", key, val);
            }
        for (size_t k = 0; k < COUNT(ints) && !known; k++)
            if (strcmp(key, ints[k].key) == 0) {
                int32_t v;
                known = true;
                if (!parse_int(val, &v) || v < ints[k].lo || v > ints[k].hi)
                    return fail(why, why_size, "sampler %s=%s is not an integer in %d..%d", key,
                                val, ints[k].lo, ints[k].hi);
                *ints[k].dst = v;
            }
        if (!known) return fail(why, why_size, "sampler key '%s' is unknown", key);
    }
    return true;
}

/* --- query lines --------------------------------------------------------------------------- */

static bool parse_floats(const tokens *tk, int first, int n, float *out, const char *what,
                         char *why, size_t why_size) {
    for (int i = 0; i < n; i++)
        if (!parse_float(tk->t[first + i], &out[i]))
            return fail(why, why_size, "%s: '%s' is not a number", what, tk->t[first + i]);
    return true;
}

/* Trailing optional offsets ox oy oz. */
static bool parse_offsets(const tokens *tk, int first, tq_line *q, char *why, size_t why_size) {
    const int extra = tk->n - first;
    if (extra == 0) return true;
    if (extra != 3)
        return fail(why, why_size, "%s takes 0 or 3 offsets (ox oy oz), not %d", tk->t[0], extra);
    for (int i = 0; i < 3; i++)
        if (!parse_int(tk->t[first + i], &q->offset[i]))
            return fail(why, why_size, "offset '%s' is not an integer", tk->t[first + i]);
    q->has_offset = true;
    return true;
}

bool tq_tiling_from_word(const char *w, tu_tiling *t, uint32_t *verx10) {
    static const tu_tiling tilings[] = {TU_TILING_LINEAR, TU_TILING_INTEL_X, TU_TILING_INTEL_Y,
                                        TU_TILING_INTEL_4, TU_TILING_INTEL_64};
    if (strncmp(w, "tiling=", 7) != 0) return false;
    const char *at = strchr(w + 7, '@');
    const size_t n = at ? (size_t)(at - (w + 7)) : strlen(w + 7);
    for (size_t i = 0; i < COUNT(tilings); i++) {
        const char *name = tu_tiling_name(tilings[i]);
        if (strlen(name) != n || strncmp(w + 7, name, n) != 0) continue;
        const uint32_t gen = at ? tu_intel_gen_from_name(at + 1) : 0;
        if (at && (gen == 0 || tilings[i] == TU_TILING_LINEAR)) return false;
        *t = tilings[i];
        *verx10 = gen;
        return true;
    }
    return false;
}

static bool parse_tiling(const char *w, tq_texture *tex, char *why, size_t why_size) {
    return tq_tiling_from_word(w, &tex->tiling, &tex->tiling_gen) ||
           fail(why, why_size, "'%s' is not tiling=linear|x|y|4|64[@skl|icl|tgl|dg2|xe2]", w);
}

bool tq_parse(const char *line, tu_surface_type type, bool arrayed, tq_line *q, char *why,
              size_t why_size) {
    tokens tk;
    memset(q, 0, sizeof *q);
    if (!split(line, &tk, why, why_size)) return false;
    if (tk.n == 0) {
        q->kind = TQ_BLANK;
        return true;
    }
    const char *cmd = tk.t[0];
    const int nc = (type == TU_SURFACE_CUBE && arrayed) ? 4 : 3; /* coordinate values */
    if (strcmp(cmd, "texture") == 0) {
        q->kind = TQ_TEXTURE;
        tq_texture *t = &q->texture;
        if (tk.n != 9 && tk.n != 10)
            return fail(why, why_size,
                        "texture takes 8 values (TYPE FORMAT W H D LEVELS LAYERS SEED) and "
                        "tiling=..., not %d",
                        tk.n - 1);
        if (tk.n == 10 && !parse_tiling(tk.t[9], t, why, why_size)) return false;
        if (!tq_type_from_word(tk.t[1], &t->type, &t->arrayed))
            return fail(why, why_size,
                        "texture type '%s' is not one of 1d 1darray 2d 2darray 3d cube cubearray",
                        tk.t[1]);
        t->format = tq_format_from_word(tk.t[2]);
        if (t->format == TU_FORMAT_UNDEFINED)
            return fail(why, why_size, "texture format '%s' is unknown", tk.t[2]);
        uint32_t *v[] = {&t->width, &t->height, &t->depth, &t->levels, &t->layers};
        const char *names[] = {"W", "H", "D", "LEVELS", "LAYERS"};
        for (int i = 0; i < 5; i++)
            if (!parse_u32(tk.t[3 + i], v[i]))
                return fail(why, why_size, "texture %s '%s' is not an unsigned integer", names[i],
                            tk.t[3 + i]);
        if (!tq_seed_from_word(tk.t[8], &t->seed, &t->pattern))
            return fail(why, why_size,
                        "texture SEED '%s' is neither an unsigned integer nor a pattern (checker "
                        "gradient levels grid hash)",
                        tk.t[8]);
        return true;
    }
    if (strcmp(cmd, "texture_file") == 0) {
        q->kind = TQ_TEXTURE_FILE;
        if (tk.n != 2 && tk.n != 3)
            return fail(why, why_size, "texture_file takes one PATH and tiling=...");
        if (tk.n == 3 && !parse_tiling(tk.t[2], &q->texture, why, why_size)) return false;
        if (strlen(tk.t[1]) >= sizeof q->texture.path)
            return fail(why, why_size, "texture_file path is too long");
        strcpy(q->texture.path, tk.t[1]);
        return true;
    }
    if (strcmp(cmd, "sampler") == 0) {
        q->kind = TQ_SAMPLER;
        return parse_sampler(&tk, &q->sampler, why, why_size);
    }
    if (strcmp(cmd, "levels") == 0) {
        q->kind = TQ_LEVELS;
        return tk.n == 1 ? true : fail(why, why_size, "levels takes no values");
    }
    if (strcmp(cmd, "size") == 0) {
        q->kind = TQ_SIZE;
        if (tk.n != 2 || !parse_int(tk.t[1], &q->icoord[0]))
            return fail(why, why_size, "size takes one integer LOD");
        return true;
    }
    if (strcmp(cmd, "fetch") == 0) {
        q->kind = TQ_FETCH;
        if (tk.n != 5 && tk.n != 8)
            return fail(why, why_size, "fetch takes x y z_or_layer lod [ox oy oz]");
        for (int i = 0; i < 4; i++)
            if (!parse_int(tk.t[1 + i], &q->icoord[i]))
                return fail(why, why_size, "fetch: '%s' is not an integer", tk.t[1 + i]);
        return parse_offsets(&tk, 5, q, why, why_size);
    }
    /* The filtered queries: a fixed prefix, nc coordinates, a fixed suffix, offsets. */
    static const struct {
        const char *cmd;
        tq_kind kind;
        int before; /* values before the coordinates: ref or comp */
        int after;  /* values after: lod (1) or gradients (6) */
        const char *usage;
    } forms[] = {
        {"lod", TQ_LOD, 0, 1, "lod u v w_or_layer lod [ox oy oz]"},
        {"grad", TQ_GRAD, 0, 6, "grad u v w_or_layer dudx dvdx dwdx dudy dvdy dwdy [ox oy oz]"},
        {"cmp", TQ_CMP, 1, 1, "cmp ref u v w_or_layer lod [ox oy oz]"},
        {"gather", TQ_GATHER, 1, 0, "gather comp u v w_or_layer [ox oy oz]"},
        {"cmpgather", TQ_CMPGATHER, 1, 0, "cmpgather ref u v w_or_layer [ox oy oz]"},
    };
    for (size_t f = 0; f < COUNT(forms); f++) {
        if (strcmp(cmd, forms[f].cmd) != 0) continue;
        q->kind = forms[f].kind;
        const int fixed = 1 + forms[f].before + nc + forms[f].after;
        if (tk.n != fixed && tk.n != fixed + 3)
            return fail(why, why_size, "%s takes %s%s", cmd, forms[f].usage,
                        nc == 4 ? " (cube arrays: x y z layer)" : "");
        int at = 1;
        if (q->kind == TQ_GATHER) {
            if (!parse_int(tk.t[at], &q->icoord[0]) || q->icoord[0] < 0 || q->icoord[0] > 3)
                return fail(why, why_size, "gather comp '%s' is not 0..3", tk.t[at]);
            q->comp = q->icoord[0];
            at++;
        } else if (forms[f].before) {
            if (!parse_floats(&tk, at++, 1, &q->ref, "ref", why, why_size)) return false;
        }
        if (!parse_floats(&tk, at, nc, q->coord, "coordinate", why, why_size)) return false;
        at += nc;
        if (forms[f].after == 1 && !parse_floats(&tk, at, 1, &q->lod, "lod", why, why_size))
            return false;
        if (forms[f].after == 6 && !parse_floats(&tk, at, 6, q->grad, "gradient", why, why_size))
            return false;
        at += forms[f].after;
        return parse_offsets(&tk, at, q, why, why_size);
    }
    return fail(why, why_size, "unknown query '%s'", cmd);
}

/* --- answering --------------------------------------------------------------------------- */

tu_sampler tq_make_sampler(const tq_sampler *s) {
    tu_sampler out = tu_sampler_default();
    out.min_filter = (uint8_t)s->min;
    out.mag_filter = (uint8_t)s->mag;
    out.min_lod = s->min_lod;
    out.max_lod = s->max_lod;
    if (s->mip < 0) { /* Vulkan's mapping of "no mipmapping" (VkSamplerCreateInfo) */
        out.mip_filter = TU_MIP_NEAREST;
        out.min_lod = 0.0f;
        out.max_lod = 0.25f;
    } else {
        out.mip_filter = (uint8_t)s->mip;
    }
    for (int a = 0; a < 3; a++)
        out.address[a] = (uint8_t)s->addr[a];
    out.compare = (uint8_t)s->compare;
    out.lod_bias = s->lod_bias;
    out.unnormalized = s->unnormalized != 0;
    out.max_anisotropy = (uint8_t)s->aniso;
    out.precision = (uint8_t)s->precision;
    out.reduction = (uint8_t)s->reduction;
    out.seamless_cube = s->seamless != 0;
    static const float borders[3][4] = {{0, 0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1, 1}};
    for (int c = 0; c < 4; c++) {
        out.border_color.f[c] = borders[s->border][c];
        out.border_color_int.u[c] = (uint32_t)borders[s->border][c];
    }
    return out;
}

bool tq_texture_too_large(const tu_surface *desc, uint64_t *bytes) {
    tu_surface shape = *desc;
    *bytes = 0;
    if (tu_surface_layout_packed(&shape, bytes, NULL) != TU_OK) return false;
    if (desc->tiling != TU_TILING_LINEAR) { /* tu_image_convert_tiling's copy, the larger */
        uint64_t tiled = 0;
        shape = *desc;
        if (tu_surface_layout_intel(&shape, &tiled, NULL) == TU_OK && tiled > *bytes)
            *bytes = tiled;
    }
    return *bytes > TEXUNIT_TOOL_TEXTURE_BYTES;
}

bool tq_make_texture(const tq_texture *t, tu_image *img, char *why, size_t why_size) {
    return tq_make_texture_progress(t, img, NULL, why, why_size);
}

bool tq_make_texture_progress(const tq_texture *t, tu_image *img, const tu_progress *progress,
                              char *why, size_t why_size) {
    tu_error err = {0};
    tu_surface desc = {0};
    desc.type = t->type, desc.arrayed = t->arrayed, desc.format = t->format;
    desc.width = t->width, desc.height = t->height, desc.depth = t->depth;
    desc.layers = t->layers, desc.levels = t->levels, desc.samples = 1;
    desc.tiling = t->tiling;
    if (desc.levels == 0) desc.levels = tu_surface_max_levels(&desc);
    uint64_t need;
    if (tq_texture_too_large(&desc, &need))
        return fail(why, why_size, "texture: %llu bytes is more than this tool's %llu",
                    (unsigned long long)need, (unsigned long long)TEXUNIT_TOOL_TEXTURE_BYTES);
    if (tu_image_create(img, &desc, &err) != TU_OK) {
        tu_image_free(img);
        return fail(why, why_size, "texture: %s", err.message);
    }
    if (tu_surface_fill_pattern(&img->surface, t->pattern, t->seed, progress, &err) != TU_OK ||
        tu_image_convert_tiling_gen(img, t->tiling, t->tiling_gen, &err) != TU_OK) {
        tu_image_free(img);
        return fail(why, why_size, "texture: %s", err.message);
    }
    return true;
}

/* Put query coordinates into the message's sources by surface type. */
static void set_coords(tu_msg *m, const tu_surface *s, const float c[4]) {
    m->src[TU_SRC_U].f[0] = c[0];
    switch (s->type) {
    case TU_SURFACE_1D: m->src[TU_SRC_V].f[0] = s->arrayed ? c[2] : 0.0f; break;
    case TU_SURFACE_2D:
        m->src[TU_SRC_V].f[0] = c[1];
        m->src[TU_SRC_R].f[0] = s->arrayed ? c[2] : 0.0f;
        break;
    default:
        m->src[TU_SRC_V].f[0] = c[1];
        m->src[TU_SRC_R].f[0] = c[2];
        m->src[TU_SRC_AI].f[0] = c[3];
        break;
    }
}

static bool answer_size(const tq_line *q, const tu_surface *s, tu_texel *out) {
    uint32_t w, h, d;
    memset(out, 0, sizeof *out);
    if (q->kind == TQ_LEVELS) {
        out->u[0] = s->level_count;
        return true;
    }
    if (q->icoord[0] < 0 || !tu_surface_level_extent(s, (uint32_t)q->icoord[0], &w, &h, &d))
        return true; /* outside the view: zeros */
    const uint32_t layers = s->type == TU_SURFACE_CUBE ? s->layers / 6 : s->layers;
    out->u[0] = w;
    switch (s->type) {
    case TU_SURFACE_1D: out->u[1] = s->arrayed ? layers : 0; break;
    case TU_SURFACE_3D: out->u[1] = h, out->u[2] = d; break;
    default: out->u[1] = h, out->u[2] = s->arrayed ? layers : 0; break;
    }
    return true;
}

bool tq_answer(const tq_line *q, const tu_image *img, const tq_sampler *smp, tu_texel *out,
               tu_format_class *cls, char *why, size_t why_size) {
    return tq_answer_traced(q, img, smp, NULL, out, cls, why, why_size);
}

bool tq_answer_traced(const tq_line *q, const tu_image *img, const tq_sampler *smp,
                      const tu_trace_sink *trace, tu_texel *out, tu_format_class *cls, char *why,
                      size_t why_size) {
    const tu_surface *s = &img->surface;
    const tu_format_desc *fd = tu_format_describe(s->format);
    *cls = (tu_format_class)fd->format_class;
    if (q->kind == TQ_SIZE || q->kind == TQ_LEVELS) {
        *cls = TU_CLASS_UINT;
        return answer_size(q, s, out);
    }
    tu_msg m;
    memset(&m, 0, sizeof m);
    m.simd = 1, m.lane_mask = 1, m.channel_mask = 0xf;
    const bool gather = q->kind == TQ_GATHER || q->kind == TQ_CMPGATHER;
    bool per_lane_offsets = false;
    if (q->has_offset) {
        for (int a = 0; a < 3; a++) {
            if (q->offset[a] < -8 || q->offset[a] > 7) per_lane_offsets = true;
            if (q->offset[a] < -32 || q->offset[a] > 31)
                return fail(why, why_size, "offset %d is outside -32..31", q->offset[a]);
        }
        if (per_lane_offsets && !gather)
            return fail(why, why_size, "%s offsets must be in -8..7",
                        q->kind == TQ_FETCH ? "fetch" : "sample");
        for (int a = 0; a < 3; a++) {
            if (per_lane_offsets)
                m.src[TU_SRC_OFFU + a].i[0] = q->offset[a];
            else
                m.offset[a] = q->offset[a];
        }
    }
    switch (q->kind) {
    case TQ_FETCH:
        m.op = TU_OP_LD;
        m.src[TU_SRC_U].i[0] = q->icoord[0];
        m.src[TU_SRC_V].i[0] = s->type == TU_SURFACE_1D ? q->icoord[2] : q->icoord[1];
        m.src[TU_SRC_R].i[0] = q->icoord[2];
        m.src[TU_SRC_LOD].i[0] = q->icoord[3];
        break;
    case TQ_LOD:
    case TQ_CMP:
        m.op = q->kind == TQ_LOD ? TU_OP_SAMPLE_L : TU_OP_SAMPLE_L_C;
        set_coords(&m, s, q->coord);
        m.src[TU_SRC_LOD].f[0] = q->lod;
        m.src[TU_SRC_REF].f[0] = q->ref;
        break;
    case TQ_GRAD: {
        m.op = TU_OP_SAMPLE_D;
        set_coords(&m, s, q->coord);
        const tu_src g[6] = {TU_SRC_DUDX, TU_SRC_DVDX, TU_SRC_DRDX,
                             TU_SRC_DUDY, TU_SRC_DVDY, TU_SRC_DRDY};
        for (int i = 0; i < 6; i++)
            m.src[g[i]].f[0] = q->grad[i];
        break;
    }
    case TQ_GATHER:
    case TQ_CMPGATHER:
        m.op = q->kind == TQ_GATHER ? (per_lane_offsets ? TU_OP_GATHER4_PO : TU_OP_GATHER4)
                                    : (per_lane_offsets ? TU_OP_GATHER4_PO_C : TU_OP_GATHER4_C);
        m.gather_channel = (uint32_t)q->comp;
        set_coords(&m, s, q->coord);
        m.src[TU_SRC_REF].f[0] = q->ref;
        break;
    default: return fail(why, why_size, "not a query");
    }
    const tu_sampler sampler = tq_make_sampler(smp);
    tu_reply reply;
    tu_error err = {0};
    const tu_status st = trace ? tu_execute_traced(&m, s, &sampler, trace, &reply, &err)
                               : tu_execute(&m, s, &sampler, &reply, &err);
    if (st != TU_OK) return fail(why, why_size, "%s", err.message);
    *cls = (tu_format_class)reply.value_class;
    for (int c = 0; c < 4; c++)
        out->u[c] = reply.channel[c].u[0];
    if (q->kind == TQ_CMP) out->f[1] = out->f[2] = out->f[3] = 0.0f; /* "result 0 0 0" */
    return true;
}

void tq_print(FILE *f, const tu_texel *v, tu_format_class cls) {
    for (int c = 0; c < 4; c++) {
        if (c) fputc(' ', f);
        if (cls == TU_CLASS_FLOAT)
            fprintf(f, "%.9g", v->f[c]);
        else if (cls == TU_CLASS_SINT)
            fprintf(f, "%d", v->i[c]);
        else
            fprintf(f, "%u", v->u[c]);
    }
    fputc('\n', f);
}

static bool load_texture_file(const char *path, tu_tiling tiling, uint32_t tiling_gen,
                              tu_image *img, bool have_texture, char *why, size_t why_size) {
    size_t size = 0;
    unsigned char *bytes = (unsigned char *)tf_read_file(path, TF_DATA_BYTES, &size, why, why_size);
    if (!bytes) return false;
    static const unsigned char ktx2[12] = {0xAB, 'K',  'T',  'X',  ' ',  '2',
                                           '0',  0xBB, '\r', '\n', 0x1A, '\n'};
    bool ok;
    if (size >= 12 && memcmp(bytes, ktx2, 12) == 0) {
        tu_image fresh = {0};
        tu_error err = {0};
        uint64_t need = 0;
        ok = tu_ktx2_read_memory(bytes, size, &fresh, &err) == TU_OK;
        if (ok) {
            tu_surface shape = fresh.surface;
            shape.tiling = tiling;
            if (tq_texture_too_large(&shape, &need))
                ok = fail(why, why_size,
                          "texture_file %s: %llu bytes is more than this tool's %llu", path,
                          (unsigned long long)need, (unsigned long long)TEXUNIT_TOOL_TEXTURE_BYTES);
            else if (tu_image_convert_tiling_gen(&fresh, tiling, tiling_gen, &err) != TU_OK)
                ok = fail(why, why_size, "texture_file %s: %s", path, err.message);
        } else {
            fail(why, why_size, "texture_file %s: %s", path, err.message);
        }
        if (ok) {
            tu_image_free(img);
            *img = fresh;
        } else {
            tu_image_free(&fresh); /* whatever the reader or the tiling left */
        }
    } else if (!have_texture) {
        ok = fail(why, why_size,
                  "texture_file %s is a raw blob: a texture line must give its shape first", path);
    } else if (tiling != TU_TILING_LINEAR || img->surface.tiling != TU_TILING_LINEAR) {
        ok = fail(why, why_size,
                  "texture_file %s is a raw blob, in the packed linear order: it takes no tiling",
                  path);
    } else if (size != img->surface.size) {
        ok = fail(why, why_size, "texture_file %s has %zu bytes; the texture needs %zu", path, size,
                  img->surface.size);
    } else {
        memcpy(img->memory, bytes, size);
        ok = true;
    }
    free(bytes);
    return ok;
}

tq_line_read tq_read_line(FILE *in, char *buf, size_t size, size_t *len) {
    size_t n = 0;
    int ch = EOF;
    while (n + 1 < size && (ch = fgetc(in)) != EOF) {
        buf[n++] = (char)ch;
        if (ch == '\n') break;
    }
    buf[n] = 0;
    *len = n;
    if (n + 1 == size && ch != '\n' && ch != EOF) {
        while ((ch = fgetc(in)) != EOF && ch != '\n') {
        }
        return TQ_LINE_LONG;
    }
    return n ? TQ_LINE : TQ_LINE_EOF;
}

/* A texture, texture_file or sampler line: the state later queries use. */
static bool apply_state(const tq_line *q, tu_image *img, bool *have_texture, tq_sampler *smp,
                        const tu_progress *progress, char *why, size_t why_size) {
    switch (q->kind) {
    case TQ_TEXTURE: {
        tu_image fresh = {0};
        if (!tq_make_texture_progress(&q->texture, &fresh, progress, why, why_size)) return false;
        tu_image_free(img);
        *img = fresh;
        *have_texture = true;
        return true;
    }
    case TQ_TEXTURE_FILE:
        if (!load_texture_file(q->texture.path, q->texture.tiling, q->texture.tiling_gen, img,
                               *have_texture, why, why_size))
            return false;
        *have_texture = true;
        return true;
    case TQ_SAMPLER: *smp = q->sampler; return true;
    default: return true;
    }
}

bool tq_state_at(FILE *in, unsigned target, tu_image *img, tq_sampler *smp, tq_line *q, char *why,
                 size_t why_size) {
    char line[1100];
    unsigned lineno = 0;
    bool have_texture = false;
    memset(img, 0, sizeof *img);
    *smp = tq_sampler_defaults();
    size_t len;
    for (tq_line_read got; (got = tq_read_line(in, line, sizeof line, &len)) != TQ_LINE_EOF;) {
        ++lineno;
        tu_error text_err = {0};
        if (got == TQ_LINE_LONG) {
            tu_image_free(img);
            return fail(why, why_size, "line %u is longer than %zu characters", lineno,
                        sizeof line - 2);
        }
        if (tu_text_check(line, len, lineno, &text_err) != TU_OK) {
            tu_image_free(img);
            return fail(why, why_size, "%s", text_err.message);
        }
        const tu_surface_type type = have_texture ? img->surface.type : TU_SURFACE_2D;
        const bool arrayed = have_texture && img->surface.arrayed;
        if (!tq_parse(line, type, arrayed, q, why, why_size) ||
            (lineno < target && !apply_state(q, img, &have_texture, smp, NULL, why, why_size))) {
            char reason[300];
            snprintf(reason, sizeof reason, "%s", why);
            tu_image_free(img);
            return fail(why, why_size, "line %u: %s", lineno, reason);
        }
        if (lineno < target) continue;
        if (q->kind == TQ_BLANK || q->kind == TQ_TEXTURE || q->kind == TQ_TEXTURE_FILE ||
            q->kind == TQ_SAMPLER || q->kind == TQ_SIZE || q->kind == TQ_LEVELS) {
            tu_image_free(img);
            return fail(why, why_size,
                        "line %u is not a query that samples or fetches (fetch lod grad cmp "
                        "gather cmpgather)",
                        lineno);
        }
        if (!have_texture) return fail(why, why_size, "no texture line before line %u", lineno);
        return true;
    }
    tu_image_free(img);
    return fail(why, why_size, "the file has %u lines, not %u", lineno, target);
}

unsigned tq_run(FILE *in, const char *name, FILE *out, FILE *err, bool echo,
                const tu_progress *progress) {
    char line[1100], why[300];
    unsigned lineno = 0, bad = 0;
    tu_image img = {0};
    bool have_texture = false;
    tq_sampler smp = tq_sampler_defaults();
    size_t len;
    for (tq_line_read got; (got = tq_read_line(in, line, sizeof line, &len)) != TQ_LINE_EOF;) {
        lineno++;
        tu_error text_err = {0};
        if (got == TQ_LINE_LONG) {
            fprintf(out, "error: line %u: longer than %zu characters\n", lineno, sizeof line - 2);
            if (err)
                fprintf(err, "texunit: %s:%u: longer than %zu characters\n", name, lineno,
                        sizeof line - 2);
            bad++;
            continue;
        }
        if (echo) fputs(line, out);
        const char *answer_prefix = echo ? "    = " : "";
        if (tu_text_check(line, len, lineno, &text_err) != TU_OK) {
            fprintf(out, "%serror: %s\n", answer_prefix, text_err.message);
            if (err) fprintf(err, "texunit: %s: %s\n", name, text_err.message);
            bad++;
            continue;
        }
        tq_line q;
        tu_surface_type type = have_texture ? img.surface.type : TU_SURFACE_2D;
        bool arrayed = have_texture && img.surface.arrayed;
        bool ok = tq_parse(line, type, arrayed, &q, why, sizeof why);
        if (ok) {
            switch (q.kind) {
            case TQ_BLANK: continue;
            case TQ_TEXTURE:
            case TQ_TEXTURE_FILE:
            case TQ_SAMPLER:
                ok = apply_state(&q, &img, &have_texture, &smp, progress, why, sizeof why);
                break;
            default: {
                tu_texel v;
                tu_format_class cls;
                if (!have_texture)
                    ok = fail(why, sizeof why, "no texture line before this query");
                else if ((ok = tq_answer(&q, &img, &smp, &v, &cls, why, sizeof why))) {
                    fputs(answer_prefix, out);
                    tq_print(out, &v, cls);
                }
                break;
            }
            }
        }
        if (!ok) {
            fprintf(out, "%serror: line %u: %s\n", answer_prefix, lineno, why);
            if (err) fprintf(err, "texunit: %s:%u: %s\n", name, lineno, why);
            bad++;
        }
    }
    tu_image_free(&img);
    return bad;
}
