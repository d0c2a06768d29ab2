/* SPDX-License-Identifier: MIT */
/*
 * run_sass.c - `texunit run FILE.sass`: a program of NVIDIA TLD instructions (NVIDIA TLD page)
 * and the directives that set up what they read (NVIDIA open-gpu-doc clb097tex.h: texture headers
 * and samplers in their pools, block-linear and pitch memory, the constant bank, registers).
 *
 *   // a comment (also a line starting with #)
 *   .lanes N                       threads of the warp, 1..32 (default 1)
 *   .active MASK                   the warp's active mask (default: every thread)
 *   .header_pool MAXIMUM_INDEX     SET_TEX_HEADER_POOL_C.MAXIMUM_INDEX (default 63)
 *   .sampler_pool MAXIMUM_INDEX    SET_TEX_SAMPLER_POOL_C.MAXIMUM_INDEX (default 63)
 *   .texture INDEX TYPE FORMAT W H D [key=value ...]
 *                                  a texture in its own GPU memory, its header at INDEX:
 *        TYPE   1d 1darray 2d 2darray 3d cube cubearray buffer; FORMAT as `texunit query`
 *        levels=N (1; 0 = full chain)  layers=N (1; faces for cube)  samples=N (1)
 *        layout=blocklinear|pitch (blocklinear; buffers are linear)  pitch=BYTES (pitch layout)
 *        gob_height=N gob_depth=N (log2 of the block's GOBs, 0..5; 0)  view=MIN:MAX (every level)
 *        seed=N (the texel generator's seed, 0)  file=PATH (.ktx2, or a raw blob in the packed
 *        order: levels, layers, samples, z, y, x)  address=GPU_ADDRESS (chosen by the tool)
 *        sparse=PAGE_LOG2:P,P,... (pages P of the texture's memory are not resident)
 *   .tic INDEX FIELD=VALUE ...     set header fields by their NVIDIA names
 *                                  (RES_VIEW_MIN_MIP_LEVEL=1)
 *   .tsc INDEX FIELD=VALUE ...     set sampler fields
 *   .cbank WORD VALUE              a constant-bank word; or .cbank WORD header=N [sampler=M]
 *   .reg Rn = V [V ...]            one value for every thread or one per thread: integers
 *                                  (-5, 0x1f) or floats with an f suffix (0.5f)
 *   .pred Pn = 0|1 [...]
 *   .dump ITEM ...                 print registers and predicates per thread: Rn, Rn..Rm,
 *                                  with :f (float) or :i (signed), Pn
 *   .echo TEXT                     print TEXT
 *   TLD...                         an instruction: printed in canonical form with its
 *                                  Maxwell encoding, then executed
 *
 * Listings as nvdisasm, cuobjdump -sass and maxas print them run too (tu_nv_listing_line_parse):
 * an address comment before an instruction, its word in a hex comment after it, the control
 * word alone on a line before each group of three (maxas wiki "Control Codes"), maxas's
 * WAIT:RD:WR:Y:STALL prefix, nvdisasm's dual-issue braces; labels and the tools' headers are
 * passed over. A TLD with a word must encode to it and one with a control slot must carry its
 * .T/.P; the slot gives its annotations. Another instruction is refused by name, or with
 * --skip-other skipped and counted ("skipped: MOV 3, S2R 1").
 *
 * The tool stops at the first line texunit refuses and reports "texunit: PATH:LINE: reason".
 */
#include "run_sass.h"

#include "export.h"
#include "file.h"
#include "query.h"
#include "texunit/nv.h"
#include "texunit/texunit.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_WORDS = 40,
    MAX_TEXTURES = 64,
    MAX_POOL_INDEX = 0xffff, /* the tool's limit: 65536 entries, 2 MiB */
    CBANK_WORDS = TU_NV_MAX_TS_INDEX + 1,
    LINE_SIZE = 1024
};

typedef struct texture_mem {
    uint8_t *bits; /* residency bitmap, or NULL */
    tu_residency residency;
} texture_mem;

typedef struct run {
    const char *path;
    unsigned line;
    FILE *out, *err;
    const tu_trace_sink *trace; /* --trace / --cache, or NULL */
    tu_nv_regs regs;
    uint32_t active;
    uint8_t *headers, *samplers;
    uint32_t header_entries, sampler_entries;
    uint32_t header_max, sampler_max;
    uint32_t cbank[CBANK_WORDS];
    tu_nv_region regions[MAX_TEXTURES];
    texture_mem mems[MAX_TEXTURES];
    uint32_t region_count;
    uint64_t next_address;
    tu_nv_cache cache;            /* the textures the TLDs read, decoded and bound once */
    const tu_trace_sink *explain; /* texunit explain: the TLD on explain_line is traced to it */
    unsigned explain_line, explain_lane;
    bool traced;
    bool skip_other;      /* --skip-other */
    tu_nv_arch arch;      /* --arch */
    bool has_control;     /* a control word was read, for the group at control_group */
    bool control_pending; /* ... and its group is the next instruction's */
    uint64_t control_group;
    uint32_t control[3];
    unsigned skipped_kinds; /* --skip-other: the instructions skipped, by mnemonic */
    char skipped_name[16][TU_NV_MNEMONIC];
    unsigned skipped_count[16], skipped_more;
} run;

static bool fail(run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(run *r, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(r->err, "texunit: %s:%u: ", r->path, r->line);
    vfprintf(r->err, fmt, ap);
    fputc('\n', r->err);
    va_end(ap);
    return false;
}

static bool refused(run *r, const tu_error *e) {
    return fail(r, "%s: %s", tu_status_name(e->status), e->message);
}

static bool parse_i64(const char *s, int64_t *out) {
    char *end;
    errno = 0;
    const bool neg = s[0] == '-';
    const unsigned long long v = strtoull(neg ? s + 1 : s, &end, 0);
    if (errno || end == s || *end || (neg && v > (1ull << 63)) || (!neg && v > INT64_MAX))
        return false;
    /* -2^63 is INT64_MIN; negating it as an int64_t would overflow, so negate in uint64_t. */
    *out = neg ? (v == 1ull << 63 ? INT64_MIN : -(int64_t)v) : (int64_t)v;
    return true;
}

static bool parse_u32_max(const char *s, uint32_t max, uint32_t *out) {
    int64_t v;
    if (!parse_i64(s, &v) || v < 0 || v > max) return false;
    *out = (uint32_t)v;
    return true;
}

/* A register value: an integer that fits 32 bits (signed or not), or a float with 'f'. */
static bool parse_value(const char *s, uint32_t *out) {
    const size_t n = strlen(s);
    if (n > 1 && (s[n - 1] == 'f' || s[n - 1] == 'F') &&
        !(s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))) {
        char buf[64];
        if (n >= sizeof buf) return false;
        memcpy(buf, s, n - 1);
        buf[n - 1] = 0;
        char *end;
        errno = 0;
        const float f = strtof(buf, &end);
        if (end == buf || *end || errno) return false;
        memcpy(out, &f, 4);
        return true;
    }
    int64_t v;
    if (!parse_i64(s, &v) || v < INT32_MIN || v > UINT32_MAX) return false;
    *out = (uint32_t)v;
    return true;
}

/* MIN:MAX, two numbers of 0..UINT32_MAX (sscanf's %u would take -1 or 2^40 and wrap). */
static bool parse_u32_pair(const char *s, uint32_t *a, uint32_t *b) {
    const char *colon = strchr(s, ':');
    char first[32];
    if (!colon || (size_t)(colon - s) >= sizeof first) return false;
    memcpy(first, s, (size_t)(colon - s));
    first[colon - s] = 0;
    return parse_u32_max(first, UINT32_MAX, a) && parse_u32_max(colon + 1, UINT32_MAX, b);
}

static bool reg_name(const char *s, unsigned *reg) {
    uint32_t v;
    if (strcmp(s, "RZ") == 0) {
        *reg = TU_NV_RZ;
        return true;
    }
    if (s[0] != 'R' || !parse_u32_max(s + 1, TU_NV_REGS - 1, &v)) return false;
    *reg = v;
    return true;
}

/* --- pools ------------------------------------------------------------------------------- */

static bool grow_pool(run *r, uint8_t **pool, uint32_t *entries, uint32_t index) {
    if (index > MAX_POOL_INDEX)
        return fail(r, "pool index %u is beyond this tool's %u entries", index, MAX_POOL_INDEX + 1);
    if (index < *entries) return true;
    const uint32_t n = index + 1 > 2 * *entries ? index + 1 : 2 * *entries;
    uint8_t *p = realloc(*pool, (size_t)n * TU_NV_ENTRY_BYTES);
    if (!p) return fail(r, "out of memory for %u pool entries", n);
    memset(p + (size_t)*entries * TU_NV_ENTRY_BYTES, 0, (size_t)(n - *entries) * TU_NV_ENTRY_BYTES);
    *pool = p, *entries = n;
    return true;
}

static tu_nv_state state(run *r) {
    tu_nv_state st = {r->regions,
                      r->region_count,
                      {r->headers, (size_t)r->header_entries * TU_NV_ENTRY_BYTES, r->header_max},
                      {r->samplers, (size_t)r->sampler_entries * TU_NV_ENTRY_BYTES, r->sampler_max},
                      r->cbank,
                      CBANK_WORDS,
                      &r->cache,
                      r->trace};
    return st;
}

/* --- .texture ---------------------------------------------------------------------------- */

typedef struct texture_args {
    tu_surface desc;
    bool pitch_layout;
    uint32_t pitch, seed, view_min, view_max;
    bool has_view, has_address;
    uint64_t address;
    const char *file;
    const char *sparse;
} texture_args;

static bool texture_keys(run *r, char **w, int n, texture_args *a) {
    for (int i = 0; i < n; i++) {
        char *eq = strchr(w[i], '=');
        if (!eq) return fail(r, ".texture: '%s' is not key=value", w[i]);
        *eq = 0;
        const char *key = w[i], *val = eq + 1;
        uint32_t v;
        int64_t v64;
        if (strcmp(key, "levels") == 0 && parse_u32_max(val, TU_MAX_LEVELS, &v)) {
            a->desc.levels = v;
        } else if (strcmp(key, "layers") == 0 && parse_u32_max(val, TU_MAX_LAYERS, &v)) {
            a->desc.layers = v;
        } else if (strcmp(key, "samples") == 0 && parse_u32_max(val, TU_MAX_SAMPLES, &v)) {
            a->desc.samples = v;
        } else if (strcmp(key, "gob_height") == 0 && parse_u32_max(val, 255, &v)) {
            a->desc.gob_height_log2 = (uint8_t)v;
        } else if (strcmp(key, "gob_depth") == 0 && parse_u32_max(val, 255, &v)) {
            a->desc.gob_depth_log2 = (uint8_t)v;
        } else if (strcmp(key, "seed") == 0 && parse_u32_max(val, UINT32_MAX, &v)) {
            a->seed = v;
        } else if (strcmp(key, "pitch") == 0 && parse_u32_max(val, UINT32_MAX, &v)) {
            a->pitch = v;
        } else if (strcmp(key, "layout") == 0 &&
                   (strcmp(val, "blocklinear") == 0 || strcmp(val, "pitch") == 0)) {
            a->pitch_layout = strcmp(val, "pitch") == 0;
        } else if (strcmp(key, "view") == 0 && parse_u32_pair(val, &a->view_min, &a->view_max)) {
            a->has_view = true;
        } else if (strcmp(key, "address") == 0 && parse_i64(val, &v64) && v64 >= 0) {
            a->address = (uint64_t)v64, a->has_address = true;
        } else if (strcmp(key, "file") == 0 && *val) {
            a->file = val;
        } else if (strcmp(key, "sparse") == 0 && *val) {
            a->sparse = val;
        } else {
            return fail(r, ".texture: bad key or value '%s=%s'", key, val);
        }
    }
    return true;
}

static bool read_blob(run *r, const char *path, tu_image *src) {
    char why[300];
    size_t got;
    char *bytes = tf_read_file(path, TF_DATA_BYTES, &got, why, sizeof why);
    if (!bytes) return fail(r, "%s", why);
    const size_t want = src->surface.size;
    if (got == want) memcpy(src->memory, bytes, want);
    free(bytes);
    if (got != want)
        return fail(r, "%s: a raw blob of this texture holds exactly %zu bytes, not %zu", path,
                    want, got);
    return true;
}

/* Copy every texel of src (linear, same shape) into dst through both address gates. */
static bool copy_texels(run *r, const tu_surface *src, const tu_surface *dst) {
    if (src->type != dst->type || src->arrayed != dst->arrayed || src->format != dst->format ||
        src->width != dst->width || src->height != dst->height || src->depth != dst->depth ||
        src->layers != dst->layers || src->levels != dst->levels || src->samples != dst->samples)
        return fail(r,
                    "the file holds a %s %ux%ux%u texture of %u levels and %u layers, not the "
                    "one the line describes",
                    tu_format_describe(src->format)->name, src->width, src->height, src->depth,
                    src->levels, src->layers);
    const uint32_t bytes = tu_format_bytes(dst->format);
    tu_surface s = *src, d = *dst;
    s.base_level = d.base_level = 0, s.level_count = d.level_count = src->levels;
    for (uint32_t L = 0; L < s.levels; L++) {
        uint32_t w, h, depth;
        tu_surface_level_extent(&s, L, &w, &h, &depth);
        for (uint32_t layer = 0; layer < s.layers; layer++)
            for (uint32_t smp = 0; smp < s.samples; smp++)
                for (uint32_t z = 0; z < depth; z++)
                    for (uint32_t y = 0; y < h; y++)
                        for (uint32_t x = 0; x < w; x++) {
                            const tu_texel_coord c = {x, y, z, layer, L, smp};
                            const void *from = tu_surface_texel_pointer(&s, &c);
                            void *to = (void *)tu_surface_texel_pointer(&d, &c);
                            if (!from || !to) return fail(r, "texel copy failed");
                            memcpy(to, from, bytes);
                        }
    }
    return true;
}

static bool make_sparse(run *r, texture_mem *m, tu_nv_region *reg, const char *spec) {
    char *end;
    /* strtoul and strtoull take blanks and signs ("-1" wraps): a digit must come first */
    const unsigned long log2 = strtoul(spec, &end, 10);
    if (!(*spec >= '0' && *spec <= '9') || *end != ':' || log2 < 6 || log2 > 32)
        return fail(r, ".texture sparse=%s: expected PAGE_LOG2:P,P,... with PAGE_LOG2 in 6..32",
                    spec);
    const uint64_t pages = (((uint64_t)reg->size - 1) >> log2) + 1;
    m->bits = malloc((size_t)(pages + 7) / 8);
    if (!m->bits) return fail(r, "out of memory");
    memset(m->bits, 0xff, (size_t)(pages + 7) / 8);
    for (const char *p = end + 1; *p;) {
        const unsigned long long page = strtoull(p, &end, 0);
        if (!(*p >= '0' && *p <= '9') || page >= pages)
            return fail(r, ".texture sparse: page '%.12s' is not one of the texture's %llu pages",
                        p, (unsigned long long)pages);
        m->bits[page / 8] &= (uint8_t) ~(1u << (page % 8));
        p = *end == ',' ? end + 1 : end;
        if (*end && *end != ',') return fail(r, ".texture sparse: expected ',' at '%.12s'", end);
    }
    m->residency = (tu_residency){m->bits, (size_t)(pages + 7) / 8, (uint32_t)log2};
    reg->residency = &m->residency;
    return true;
}

static bool cmd_texture(run *r, char **w, int n) {
    if (n < 7) return fail(r, ".texture INDEX TYPE FORMAT W H D [key=value ...]");
    if (r->region_count == MAX_TEXTURES)
        return fail(r, ".texture: this tool holds at most %d textures", MAX_TEXTURES);
    uint32_t index;
    texture_args a;
    memset(&a, 0, sizeof a);
    a.desc.layers = a.desc.levels = a.desc.samples = 1;
    if (!parse_u32_max(w[1], MAX_POOL_INDEX, &index)) return fail(r, "bad header index '%s'", w[1]);
    if (strcmp(w[2], "buffer") == 0)
        a.desc.type = TU_SURFACE_BUFFER;
    else if (!tq_type_from_word(w[2], &a.desc.type, &a.desc.arrayed))
        return fail(r, "unknown texture type '%s' (1d 1darray 2d 2darray 3d cube cubearray buffer)",
                    w[2]);
    a.desc.format = tq_format_from_word(w[3]);
    if (a.desc.format == TU_FORMAT_UNDEFINED)
        return fail(r, "unknown format '%s'; `texunit formats` lists them", w[3]);
    if (!parse_u32_max(w[4], UINT32_MAX, &a.desc.width) ||
        !parse_u32_max(w[5], UINT32_MAX, &a.desc.height) ||
        !parse_u32_max(w[6], UINT32_MAX, &a.desc.depth))
        return fail(r, ".texture: W H D must be numbers");
    if (a.desc.type == TU_SURFACE_CUBE && !a.desc.arrayed) a.desc.layers = 6;
    if (!texture_keys(r, w + 7, n - 7, &a)) return false;
    tu_surface *s = &a.desc;
    if (s->levels == 0) s->levels = tu_surface_max_levels(s);
    tu_error e = {0};
    uint64_t need;
    if (s->type == TU_SURFACE_BUFFER || a.pitch_layout) {
        if (s->gob_height_log2 || s->gob_depth_log2)
            return fail(r, ".texture: gob_height/gob_depth need the blocklinear layout");
        if (a.pitch_layout && (s->levels > 1 || s->layers > 1 || s->samples > 1))
            return fail(r, ".texture: layout=pitch holds one level, layer and sample");
        if (tu_surface_layout_packed(s, &need, &e) != TU_OK) return refused(r, &e);
        if (a.pitch_layout && s->height > 1) {
            const uint64_t row = s->level[0].row_pitch;
            const uint64_t pitch = a.pitch ? a.pitch : (row + 31) / 32 * 32;
            s->level[0].row_pitch = pitch;
            s->level[0].slice_pitch = s->level[0].sample_pitch = s->level[0].layer_pitch = need =
                pitch * s->height;
        }
    } else if (tu_surface_layout_block_linear(s, &need, &e) != TU_OK) {
        return refused(r, &e);
    }
    s->base_level = a.has_view ? a.view_min : 0;
    s->level_count = a.has_view ? a.view_max - a.view_min + 1 : s->levels;
    if (a.has_view && a.view_max < a.view_min)
        return fail(r, ".texture view=MIN:MAX needs MIN <= MAX");
    if (need == 0 || need > TEXUNIT_TOOL_TEXTURE_BYTES)
        return fail(r, ".texture: %llu bytes is more than this tool's %llu",
                    (unsigned long long)need, (unsigned long long)TEXUNIT_TOOL_TEXTURE_BYTES);
    const size_t size = (size_t)((need + 511) / 512 * 512);
    s->data = calloc(1, size), s->size = size;
    if (!s->data) return fail(r, "out of memory for %zu bytes", size);
    tu_nv_region *reg = &r->regions[r->region_count];
    texture_mem *mem = &r->mems[r->region_count];
    *reg = (tu_nv_region){a.has_address ? a.address : r->next_address, s->data, size, NULL};
    memset(mem, 0, sizeof *mem);
    r->region_count++; /* owns s->data from here on */
    r->next_address = reg->address + (size + 0xffff) / 0x10000 * 0x10000 + 0x10000;
    if (tu_surface_validate(s, &e) != TU_OK) return refused(r, &e);
    if (a.file) {
        tu_image src = {0};
        const size_t len = strlen(a.file);
        bool ok;
        if (len > 5 && strcmp(a.file + len - 5, ".ktx2") == 0) {
            ok = tx_read_as(a.file, TX_KTX2, &src, &e) == TU_OK || refused(r, &e);
        } else {
            tu_surface shape = *s;
            ok = tu_image_create(&src, &shape, &e) == TU_OK ? read_blob(r, a.file, &src)
                                                            : refused(r, &e);
        }
        ok = ok && copy_texels(r, &src.surface, s);
        tu_image_free(&src);
        if (!ok) return false;
    } else if (tu_surface_fill_hash(s, a.seed, &e) != TU_OK) {
        return refused(r, &e);
    }
    if (a.sparse && !make_sparse(r, mem, reg, a.sparse)) return false;
    tu_nv_tic h;
    if (tu_nv_tic_from_surface(s, reg->address, &h, &e) != TU_OK) return refused(r, &e);
    if (!grow_pool(r, &r->headers, &r->header_entries, index)) return false;
    if (tu_nv_tic_encode(&h, r->headers + (size_t)index * TU_NV_ENTRY_BYTES, &e) != TU_OK)
        return refused(r, &e);
    return true;
}

/* --- the other directives ------------------------------------------------------------------- */

static bool cmd_fields(run *r, char **w, int n, bool header) {
    uint32_t index;
    if (n < 2 || !parse_u32_max(w[1], MAX_POOL_INDEX, &index))
        return fail(r, "%s INDEX FIELD=VALUE ...", w[0]);
    uint8_t **pool = header ? &r->headers : &r->samplers;
    if (!grow_pool(r, pool, header ? &r->header_entries : &r->sampler_entries, index)) return false;
    uint8_t *entry = *pool + (size_t)index * TU_NV_ENTRY_BYTES;
    tu_error e = {0};
    tu_nv_tic h;
    tu_nv_tsc t;
    if (header ? tu_nv_tic_decode(entry, &h, &e) : tu_nv_tsc_decode(entry, &t, &e))
        return refused(r, &e);
    for (int i = 2; i < n; i++) {
        char *eq = strchr(w[i], '=');
        int64_t v;
        if (!eq || !parse_i64(eq + 1, &v))
            return fail(r, "%s: '%s' is not FIELD=VALUE", w[0], w[i]);
        *eq = 0;
        if ((header ? tu_nv_tic_set(&h, w[i], v, &e) : tu_nv_tsc_set(&t, w[i], v, &e)) != TU_OK)
            return refused(r, &e);
    }
    if ((header ? tu_nv_tic_encode(&h, entry, &e) : tu_nv_tsc_encode(&t, entry, &e)) != TU_OK)
        return refused(r, &e);
    return true;
}

static bool cmd_cbank(run *r, char **w, int n) {
    uint32_t word, v, header = 0, sampler = 0;
    if (n < 3 || !parse_u32_max(w[1], TU_NV_MAX_TS_INDEX, &word))
        return fail(r, ".cbank WORD VALUE, or .cbank WORD header=N [sampler=M] (WORD 0..8191)");
    if (strncmp(w[2], "header=", 7) == 0) {
        if (!parse_u32_max(w[2] + 7, 0xfffff, &header) ||
            (n == 4 &&
             (strncmp(w[3], "sampler=", 8) != 0 || !parse_u32_max(w[3] + 8, 0xfff, &sampler))) ||
            n > 4)
            return fail(r, ".cbank WORD header=0..0xfffff [sampler=0..0xfff]");
        v = TU_NV_HANDLE(sampler, header);
    } else if (n != 3 || !parse_value(w[2], &v)) {
        return fail(r, ".cbank: '%s' is not a 32-bit value", w[2]);
    }
    r->cbank[word] = v;
    return true;
}

static bool cmd_values(run *r, char **w, int n, bool pred) {
    unsigned reg = 0;
    if (n < 4 || strcmp(w[2], "=") != 0)
        return fail(r, "%s %s = V [V ...]", w[0], pred ? "Pn" : "Rn");
    if (pred ? !(w[1][0] == 'P' && w[1][1] >= '0' && w[1][1] <= '6' && !w[1][2])
             : !reg_name(w[1], &reg) || reg == TU_NV_RZ)
        return fail(r, "'%s' is not %s", w[1], pred ? "P0..P6" : "R0..R254");
    if (pred) reg = (unsigned)(w[1][1] - '0');
    const int count = n - 3;
    if (count != 1 && (unsigned)count != r->regs.lanes)
        return fail(r, "%s: %d values for %u threads (give 1 or %u)", w[0], count, r->regs.lanes,
                    r->regs.lanes);
    for (unsigned l = 0; l < r->regs.lanes; l++) {
        uint32_t v;
        const char *s = w[3 + (count == 1 ? 0 : l)];
        if (pred ? !parse_u32_max(s, 1, &v) : !parse_value(s, &v))
            return fail(r, "%s: bad value '%s'", w[0], s);
        tu_error e;
        if ((pred ? tu_nv_pred_write(&r->regs, l, reg, v != 0, &e)
                  : tu_nv_reg_write(&r->regs, l, reg, v, &e)) != TU_OK)
            return refused(r, &e);
    }
    return true;
}

static bool cmd_dump(run *r, char **w, int n) {
    if (n < 2) return fail(r, ".dump ITEM ... (Rn, Rn..Rm, with :f or :i, Pn)");
    for (int i = 1; i < n; i++) {
        char item[64];
        snprintf(item, sizeof item, "%s", w[i]);
        char view = 'x';
        char *colon = strchr(item, ':');
        if (colon) {
            if ((colon[1] != 'f' && colon[1] != 'i') || colon[2])
                return fail(r, ".dump: '%s': the suffix is :f or :i", w[i]);
            view = colon[1], *colon = 0;
        }
        if (item[0] == 'P' && item[1] >= '0' && item[1] <= '6' && !item[2] && view == 'x') {
            fprintf(r->out, "%s:", item);
            for (unsigned l = 0; l < r->regs.lanes; l++)
                fprintf(r->out, " %d", tu_nv_pred_read(&r->regs, l, (unsigned)(item[1] - '0')));
            fputc('\n', r->out);
            continue;
        }
        unsigned lo, hi;
        char *dots = strstr(item, "..");
        if (dots) *dots = 0;
        if (!reg_name(item, &lo) || !(dots ? reg_name(dots + 2, &hi) : (hi = lo, true)) || hi < lo)
            return fail(r, ".dump: '%s' is not a register, a range Rn..Rm or a predicate", w[i]);
        for (unsigned reg = lo; reg <= hi; reg++) {
            if (reg == TU_NV_RZ)
                fprintf(r->out, "RZ:");
            else
                fprintf(r->out, "R%u:", reg);
            for (unsigned l = 0; l < r->regs.lanes; l++) {
                const uint32_t v = tu_nv_reg_read(&r->regs, l, reg);
                if (view == 'f') {
                    float f;
                    memcpy(&f, &v, 4);
                    fprintf(r->out, " %.9g", (double)f);
                } else if (view == 'i') {
                    fprintf(r->out, " %d", (int32_t)v);
                } else {
                    fprintf(r->out, " 0x%08x", v);
                }
            }
            fputc('\n', r->out);
        }
    }
    return true;
}

static bool execute_tld(run *r, const tu_nv_tld *inst) {
    tu_error e = {0};
    const tu_nv_tld t = *inst;
    if (tu_nv_tld_check_arch(&t, r->arch, &e) != TU_OK) return refused(r, &e);
    char buf[256];
    if (tu_nv_tld_print(&t, buf, sizeof buf, &e) != TU_OK) return refused(r, &e);
    uint64_t word;
    uint32_t slot;
    tu_error enc = {0};
    if (tu_nv_tld_encode(&t, &word, &enc) == TU_OK &&
        tu_nv_tld_encode_control(&t, &slot, &enc) == TU_OK)
        fprintf(r->out, "%-56s // 0x%016llx slot 0x%06x\n", buf, (unsigned long long)word, slot);
    else
        fprintf(r->out, "%-56s // (no encoding: %s)\n", buf, enc.message);
    tu_nv_state st = state(r);
    const bool traced = r->explain && r->line == r->explain_line;
    if (traced && r->explain_lane >= r->regs.lanes)
        return fail(r, "lane %u is outside the warp's %u threads (.lanes)", r->explain_lane,
                    r->regs.lanes);
    r->traced |= traced;
    if (traced) st.trace = r->explain;
    if (tu_nv_tld_execute(&t, &st, &r->regs, r->active, &e) != TU_OK) return refused(r, &e);
    return true;
}

/* The dot lines of nvdisasm's and cuobjdump's listings that are not directives of this tool:
 * labels (".L_1:", ".text.kernel:") and the section and header keywords. */
static bool listing_dot_line(const char *w) {
    static const char *const keywords[] = {
        ".headerflags", ".section", ".sectionflags", ".sectioninfo", ".align", ".global",
        ".type",        ".size",    ".weak",         ".elftype",     ".other", ".sectionentsize"};
    if (w[strlen(w) - 1] == ':') return true;
    for (size_t k = 0; k < sizeof keywords / sizeof keywords[0]; k++)
        if (strcmp(w, keywords[k]) == 0) return true;
    return false;
}

/* A TLD with what its listing line says besides the text: the word must be the text's, the
 * control slot's phase the text's .T/.P; the slot's annotations become the instruction's. */
static bool listing_tld(run *r, const tu_nv_listing_line *l, bool has_slot, uint32_t slot,
                        tu_nv_tld *t) {
    tu_error e = {0};
    if (tu_nv_tld_parse(l->text, t, &e) != TU_OK) return refused(r, &e);
    if (l->has_word) {
        uint64_t w;
        if (tu_nv_tld_encode(t, &w, &e) != TU_OK) return refused(r, &e);
        if (w != l->word)
            return fail(r, "'%s' encodes to 0x%016llx, but the listing's word is 0x%016llx",
                        l->text, (unsigned long long)w, (unsigned long long)l->word);
    }
    if (!has_slot) return true;
    const uint8_t phase = t->phase;
    if (tu_nv_tld_decode_control(slot, t, &e) != TU_OK) return refused(r, &e);
    if (t->phase != phase)
        return fail(r, "'%s': its control slot 0x%06x has %s, the text %s", l->text, slot,
                    t->phase == TU_NV_PHASE_T   ? ".T"
                    : t->phase == TU_NV_PHASE_P ? ".P"
                                                : "no phase",
                    phase == TU_NV_PHASE_T   ? ".T"
                    : phase == TU_NV_PHASE_P ? ".P"
                                             : "none");
    return true;
}

static void count_skipped(run *r, const char *mnemonic) {
    unsigned k = 0;
    while (k < r->skipped_kinds && strcmp(r->skipped_name[k], mnemonic) != 0)
        k++;
    if (k == r->skipped_kinds && k < 16)
        snprintf(r->skipped_name[r->skipped_kinds++], TU_NV_MNEMONIC, "%s", mnemonic);
    if (k < 16)
        r->skipped_count[k]++;
    else
        r->skipped_more++;
}

/* A line that is not a directive: a control word, a listing's label or header (passed over),
 * or an instruction, TLD or not. */
static bool instruction_line(run *r, const char *p) {
    tu_nv_listing_line l;
    tu_error e = {0};
    if (tu_nv_listing_line_parse(p, &l, &e) != TU_OK) return refused(r, &e);
    if (l.kind == TU_NV_LISTING_CONTROL) {
        if (tu_nv_control_split(l.word, r->control, &e) != TU_OK) return refused(r, &e);
        r->has_control = r->control_pending = true;
        return true;
    }
    if (l.kind == TU_NV_LISTING_OTHER) {
        /* a TLD line in lower case (the TLD parser takes any case); else the headers of
         * cuobjdump ("Function : f", "code for sm_52", "arch = sm_52") and the lone braces of
         * nvdisasm, passed over; anything else is refused with the TLD parser's reason */
        tu_nv_tld t;
        if (tu_nv_tld_parse(p, &t, &e) == TU_OK) return execute_tld(r, &t);
        if (strchr(p, ':') || strchr(p, '=') || p[0] == '{' || p[0] == '}' ||
            strncmp(p, "code for ", 9) == 0)
            return true;
        return refused(r, &e);
    }
    bool has_slot = false;
    uint32_t slot = 0;
    if (l.has_control) { /* maxas: the prefix; the text's .T/.P are added below */
        if (tu_nv_control_encode(&l.control, &slot, &e) != TU_OK) return refused(r, &e);
    } else if (l.has_address && r->has_control) {
        unsigned k;
        if (tu_nv_control_slot_of(l.address, &k, &e) != TU_OK) return refused(r, &e);
        if (r->control_pending) r->control_group = l.address & ~(uint64_t)31;
        r->control_pending = false;
        has_slot = (l.address & ~(uint64_t)31) == r->control_group;
        slot = r->control[k];
    }
    if (strcmp(l.mnemonic, "TLD") != 0) {
        if (!r->skip_other)
            return fail(r,
                        "%s is not an instruction texunit runs (it runs TLD); `run --skip-other` "
                        "skips the others",
                        l.mnemonic);
        count_skipped(r, l.mnemonic);
        return true;
    }
    tu_nv_tld t;
    if (!listing_tld(r, &l, has_slot, slot, &t)) return false;
    if (l.has_control) { /* maxas writes the phase in the text, the rest in the prefix */
        const uint8_t phase = t.phase;
        if (tu_nv_tld_decode_control(slot, &t, &e) != TU_OK) return refused(r, &e);
        t.phase = phase;
    }
    return execute_tld(r, &t);
}

static bool run_line(run *r, char *line) {
    char *comment = strstr(line, "//");
    if (comment) *comment = 0;
    char *p = line;
    while (tu_text_is_blank(*p))
        p++;
    if (*p == 0 || *p == '#' || tu_text_is_line_end(*p)) return true;
    if (*p != '.') return instruction_line(r, p);
    if (strncmp(p, ".echo", 5) == 0 && (tu_text_is_space(p[5]) || !p[5])) {
        char *text = p + 5;
        text += strspn(text, " \t");
        text[strcspn(text, "\r\n")] = 0;
        fprintf(r->out, "%s\n", text);
        return true;
    }
    char *w[MAX_WORDS];
    int n = 0;
    for (char *tok = strtok(p, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
        if (n == MAX_WORDS) return fail(r, "more than %d words", MAX_WORDS);
        w[n++] = tok;
    }
    uint32_t v;
    if (strcmp(w[0], ".lanes") == 0) {
        if (n != 2 || !parse_u32_max(w[1], TU_MAX_LANES, &v) || v == 0)
            return fail(r, ".lanes N with N in 1..32");
        r->regs.lanes = v;
        return true;
    }
    if (strcmp(w[0], ".active") == 0) {
        if (n != 2 || !parse_u32_max(w[1], UINT32_MAX, &r->active))
            return fail(r, ".active MASK (32 bits)");
        return true;
    }
    if (strcmp(w[0], ".header_pool") == 0 || strcmp(w[0], ".sampler_pool") == 0) {
        const bool header = w[0][1] == 'h';
        if (n != 2 || !parse_u32_max(w[1], MAX_POOL_INDEX, &v))
            return fail(r, "%s MAXIMUM_INDEX (0..%u in this tool)", w[0], MAX_POOL_INDEX);
        if (!grow_pool(r, header ? &r->headers : &r->samplers,
                       header ? &r->header_entries : &r->sampler_entries, v))
            return false;
        *(header ? &r->header_max : &r->sampler_max) = v;
        return true;
    }
    if (strcmp(w[0], ".texture") == 0) return cmd_texture(r, w, n);
    if (strcmp(w[0], ".tic") == 0) return cmd_fields(r, w, n, true);
    if (strcmp(w[0], ".tsc") == 0) return cmd_fields(r, w, n, false);
    if (strcmp(w[0], ".cbank") == 0) return cmd_cbank(r, w, n);
    if (strcmp(w[0], ".reg") == 0) return cmd_values(r, w, n, false);
    if (strcmp(w[0], ".pred") == 0) return cmd_values(r, w, n, true);
    if (strcmp(w[0], ".dump") == 0) return cmd_dump(r, w, n);
    if (listing_dot_line(w[0])) return true;
    return fail(r, "unknown directive '%s'", w[0]);
}

/* Run the program; with `explain`, the TLD on source line explain_line is traced to it; with
 * `trace`, every TLD is traced to it. */
static int run_program(const char *path, FILE *out, FILE *err, unsigned explain_line,
                       unsigned explain_lane, const tu_trace_sink *explain,
                       const tq_sass_options *opt) {
    char *bytes, why[300];
    FILE *in = tf_open_text(path, &bytes, why, sizeof why);
    if (!in) {
        fprintf(err, "texunit: %s\n", why);
        return 1;
    }
    run *r = calloc(1, sizeof *r);
    bool ok = r != NULL;
    if (r) {
        r->path = path, r->out = out, r->err = err;
        r->trace = opt ? opt->trace : NULL, r->explain = explain;
        r->skip_other = opt && opt->skip_other;
        r->arch = opt && opt->arch ? (tu_nv_arch)opt->arch : TU_NV_SM_53;
        r->explain_line = explain_line, r->explain_lane = explain_lane;
        r->regs.lanes = 1;
        r->active = 0xffffffffu;
        r->header_max = r->sampler_max = 63;
        r->next_address = 0x100000;
        ok = grow_pool(r, &r->headers, &r->header_entries, 63) &&
             grow_pool(r, &r->samplers, &r->sampler_entries, 63);
        char line[LINE_SIZE];
        size_t len;
        for (tq_line_read got;
             ok && (got = tq_read_line(in, line, sizeof line, &len)) != TQ_LINE_EOF;) {
            r->line++;
            if (got == TQ_LINE_LONG) {
                ok = fail(r, "line longer than %d characters", LINE_SIZE - 2);
                break;
            }
            tu_error e = {0};
            ok = tu_text_check(line, len, r->line, &e) == TU_OK ? run_line(r, line)
                                                                : fail(r, "%s", e.message);
        }
        if (ok && explain && !r->traced) {
            r->line = explain_line;
            ok = fail(r, "%s", "not a TLD instruction of the program");
        }
        if (ok && r->skipped_kinds) { /* --skip-other: what was not run */
            fprintf(r->out, "skipped:");
            for (unsigned k = 0; k < r->skipped_kinds; k++)
                fprintf(r->out, "%s %s %u", k ? "," : "", r->skipped_name[k], r->skipped_count[k]);
            if (r->skipped_more) fprintf(r->out, ", and %u more", r->skipped_more);
            fputc('\n', r->out);
        }
        for (uint32_t i = 0; i < r->region_count; i++) {
            free(r->regions[i].data);
            free(r->mems[i].bits);
        }
        free(r->headers);
        free(r->samplers);
        free(r);
    } else {
        fprintf(err, "texunit: %s: out of memory\n", path);
    }
    fclose(in);
    free(bytes);
    return ok ? 0 : 1;
}

int tq_run_sass(const char *path, FILE *out, FILE *err) {
    return run_program(path, out, err, 0, 0, NULL, NULL);
}

int tq_run_sass_traced(const char *path, FILE *out, FILE *err, const tu_trace_sink *trace) {
    const tq_sass_options opt = {false, 0, trace};
    return run_program(path, out, err, 0, 0, NULL, &opt);
}

int tq_run_sass_options(const char *path, FILE *out, FILE *err, const tq_sass_options *options) {
    return run_program(path, out, err, 0, 0, NULL, options);
}

int tq_trace_sass(const char *path, unsigned line, unsigned lane, const tu_trace_sink *trace,
                  FILE *err) {
    FILE *discard = tmpfile(); /* the program's own output */
    if (!discard) {
        fprintf(err, "texunit: %s: cannot open a temporary file: %s\n", path, strerror(errno));
        return 1;
    }
    const int rc = run_program(path, discard, err, line, lane, trace, NULL);
    fclose(discard);
    return rc;
}
