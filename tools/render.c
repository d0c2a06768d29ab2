/* SPDX-License-Identifier: MIT */
/*
 * render.c - `texunit render OUT.png [options]`: a perspective ground plane and a quad
 * facing the viewer, drawn through the engine as a GPU draws them. Each primitive is
 * rasterized in 2x2 subspans; four subspans make one SIMD16 TU_OP_SAMPLE message whose
 * lanes are the subspans' pixels in the order UL, UR, LL, LR (docs/semantics.md, "Implicit
 * derivatives"), so the engine derives each pixel's LOD from its neighbours exactly as a
 * pixel shader's implicit LOD. Lanes of pixels the primitive does not cover are helper
 * lanes: disabled in the lane mask, their coordinates still extrapolated from the
 * primitive's plane, as a rasterizer's are.
 *
 * The scene (world units, y up): the camera at (0, 1.2, 0) looks along +z, 10 degrees
 * down, with a vertical field of view of 60 degrees. The ground is the plane y = 0 with
 * (u, v) = (x / 2, z / 2): one texture repeat every 2 units. The quad stands at z = 5,
 * x in [0.8, 2.6], from y = 2.1 down 1.8 units, tilted back 10 degrees to face the camera, with (u,
 * v) in [0, 1] from its top-left corner. It is drawn after the ground with a depth test on the ray
 * distance.
 *
 *   --show levels  each pixel the colour of the LOD the engine used: the TU_OP_LOD message
 *                  on the same subspans, R = clamp(lambda, 0, q), coloured as the `levels`
 *                  pattern (tu_pattern_level_color), mixed between levels by the fraction
 *   --show aniso   the anisotropy ratio eta of each pixel (tu_lod_detail_of, the engine's
 *                  own LOD code): blue 1, cyan 2, green 4, yellow 8, red 16
 *   --cache SPEC   every message through tu_execute_traced into the texture-cache model of
 *                  `texunit run --cache` (memtrace.c, the one sink both use); the totals and
 *                  the misses per pixel (max, sum: each read's misses go to its lane's pixel,
 *                  drawn over or not) are printed after the picture is written
 *   --show misses  (needs --cache) each pixel the cache misses of its lane's reads: black 0,
 *                  through blue, red and yellow to white at the picture's maximum
 */
#include "render.h"

#include "export.h"
#include "help.h"
#include "memtrace.h"
#include "progress.h"
#include "query.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_REFUSED = 1, EXIT_USAGE = 2, SUBSPANS = 4, LANES = 4 * SUBSPANS, MAX_SIDE = 2048 };

typedef enum show { SHOW_COLOR, SHOW_LEVELS, SHOW_ANISO, SHOW_MISSES } show;

/* A planar primitive: points p0 + s * eu + t * ev, covering s in [0, s_max], t in
 * [0, t_max] (0: unbounded), with texture coordinates (s / s_size, t / t_size). */
typedef struct prim {
    float p0[3], eu[3], ev[3];
    float s_max, t_max, s_size, t_size;
} prim;

static const prim scene[] = {
    {{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, 0, 0, 2, 2}, /* the ground */
    /* the quad: down its side is -up = (0, -cos 10deg, -sin 10deg), facing the camera */
    {{0.8f, 2.1f, 5}, {1, 0, 0}, {0, -0.98480775f, -0.17364818f}, 1.8f, 1.8f, 1.8f, 1.8f},
};

static const float camera[3] = {0, 1.2f, 0};
/* The view direction, 10 degrees down: (0, -sin 10deg, cos 10deg), and tan 30deg, half the
 * vertical field of view. Literals rather than sinf/tanf: a compiler may fold those at build
 * time or leave them to the C library, and the pictures must come out the same bytes from
 * every build (CTest render_pictures). */
static const float forward[3] = {0, -0.173648178f, 0.984807753f};
static const float tan_half_fov = 0.577350269f;

static const float background[4] = {0.16f, 0.18f, 0.22f, 1.0f};

typedef struct picture {
    uint32_t width, height;
    float *rgba;      /* width * height * 4 */
    float *depth;     /* ray distance of the nearest primitive drawn, INFINITY when none */
    uint64_t *misses; /* --cache: the cache misses of each pixel's reads, else NULL */
} picture;

static float dot3(const float a[3], const float b[3]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void cross3(const float a[3], const float b[3], float out[3]) {
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

/* The ray through the centre of pixel (x, y) of a w x h picture. */
static void pixel_ray(uint32_t x, uint32_t y, uint32_t w, uint32_t h, float dir[3]) {
    const float half = tan_half_fov, *fwd = forward, right[3] = {1, 0, 0};
    float up[3];
    cross3(fwd, right, up);
    const float nx = (2.0f * ((float)x + 0.5f) / (float)w - 1.0f) * half * (float)w / (float)h;
    const float ny = (1.0f - 2.0f * ((float)y + 0.5f) / (float)h) * half;
    for (int a = 0; a < 3; a++)
        dir[a] = fwd[a] + nx * right[a] + ny * up[a];
}

/* Where the ray meets the primitive's plane: the texture coordinates (extrapolated beyond
 * its bounds), the distance t, and whether the primitive covers the pixel. */
static bool hit(const prim *p, const float dir[3], float uv[2], float *t) {
    float n[3], rel[3];
    cross3(p->eu, p->ev, n);
    for (int a = 0; a < 3; a++)
        rel[a] = p->p0[a] - camera[a];
    *t = dot3(rel, n) / dot3(dir, n);
    float point[3];
    for (int a = 0; a < 3; a++)
        point[a] = camera[a] + *t * dir[a] - p->p0[a];
    const float s = dot3(point, p->eu) / dot3(p->eu, p->eu);
    const float tt = dot3(point, p->ev) / dot3(p->ev, p->ev);
    uv[0] = s / p->s_size, uv[1] = tt / p->t_size;
    if (!(*t > 0.0f) || !isfinite(*t)) return false;
    if (p->s_max > 0 && (s < 0 || s > p->s_max)) return false;
    if (p->t_max > 0 && (tt < 0 || tt > p->t_max)) return false;
    return true;
}

/* A colour ramp through `n` stops at even steps, at x in [0, 1]. */
static void ramp(const float (*stops)[3], unsigned n, float x, float rgba[4]) {
    x = x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
    const float pos = x * (float)(n - 1);
    unsigned i = (unsigned)pos;
    if (i >= n - 1) i = n - 2;
    const float f = pos - (float)i;
    for (int c = 0; c < 3; c++)
        rgba[c] = stops[i][c] + f * (stops[i + 1][c] - stops[i][c]);
    rgba[3] = 1.0f;
}

static void level_color(float level, float rgba[4]) {
    const float base = floorf(level), f = level - base;
    float a[4], b[4];
    tu_pattern_level_color((uint32_t)base, a);
    tu_pattern_level_color((uint32_t)base + 1, b);
    for (int c = 0; c < 4; c++)
        rgba[c] = a[c] + f * (b[c] - a[c]);
}

static void aniso_color(float eta, float rgba[4]) {
    static const float stops[5][3] = {
        {0.1f, 0.2f, 0.9f}, {0, 0.8f, 0.9f}, {0.1f, 0.8f, 0.1f}, {1, 0.9f, 0}, {1, 0.1f, 0}};
    ramp(stops, 5, log2f(eta) / 4.0f, rgba);
}

static void misses_color(uint64_t misses, uint64_t max, float rgba[4]) {
    static const float stops[5][3] = {
        {0, 0, 0}, {0.1f, 0.2f, 0.9f}, {0.9f, 0.1f, 0.1f}, {1, 0.9f, 0}, {1, 1, 1}};
    ramp(stops, 5, max ? (float)misses / (float)max : 0.0f, rgba);
}

/* One batch of up to four subspans of a primitive: their pixels and coordinates. */
typedef struct batch {
    tu_msg msg;
    uint32_t px[LANES], py[LANES];
    float t[LANES];
    unsigned subspans;
} batch;

typedef struct job {
    const tu_image *tex;
    const tu_sampler *smp;
    show mode;
    picture *pic;
    uint32_t x0; /* where this view starts in the picture */
    uint32_t view_w;
    const tu_progress *progress; /* rows of subspans of every primitive of every view */
    uint64_t rows_before, rows_total;
    tq_memtrace *trace; /* --cache: its sink traces every message, else NULL */
} job;

/* Execute the batch (SAMPLE, or LOD / the LOD detail for the show modes) and write the
 * covered pixels that pass the depth test. */
static tu_status flush(const job *j, batch *b, tu_error *err) {
    if (!b->subspans) return TU_OK;
    tu_msg *m = &b->msg;
    m->simd = LANES;
    m->channel_mask = 0xf;
    m->op = j->mode == SHOW_LEVELS ? TU_OP_LOD : TU_OP_SAMPLE;
    for (unsigned l = b->subspans * 4; l < LANES; l++) /* unused subspans: copies of UL */
        m->src[TU_SRC_U].f[l] = m->src[TU_SRC_U].f[0],
        m->src[TU_SRC_V].f[l] = m->src[TU_SRC_V].f[0];
    tu_reply reply;
    uint64_t lane_misses[LANES] = {0};
    if (j->trace) j->trace->lane_misses = lane_misses, j->trace->lanes = LANES;
    if (m->lane_mask &&
        (j->trace ? tu_execute_traced(m, &j->tex->surface, j->smp, &j->trace->sink, &reply, err)
                  : tu_execute(m, &j->tex->surface, j->smp, &reply, err)) != TU_OK)
        return err->status;
    for (unsigned l = 0; l < LANES; l++) {
        if (!(m->lane_mask >> l & 1)) continue;
        const size_t at = (size_t)b->py[l] * j->pic->width + b->px[l];
        if (j->pic->misses) j->pic->misses[at] += lane_misses[l];
        if (!(b->t[l] < j->pic->depth[at])) continue;
        j->pic->depth[at] = b->t[l];
        float *out = &j->pic->rgba[at * 4];
        if (j->mode == SHOW_LEVELS) {
            level_color(reply.channel[0].f[l], out);
        } else if (j->mode == SHOW_ANISO) {
            tu_lod_detail lod;
            if (tu_lod_detail_of(m, l, &j->tex->surface, j->smp, &lod, err) != TU_OK)
                return err->status;
            aniso_color(lod.aniso_ratio, out);
        } else {
            for (int c = 0; c < 3; c++)
                out[c] = reply.channel[c].f[l];
            out[3] = 1.0f;
        }
    }
    memset(b, 0, sizeof *b);
    return TU_OK;
}

/* Draw the scene with one sampler into the view starting at column j->x0. */
static tu_status draw(const job *j, tu_error *err) {
    const uint32_t w = j->view_w, h = j->pic->height;
    batch *b = calloc(1, sizeof *b);
    if (!b) {
        err->status = TU_OUT_OF_MEMORY;
        snprintf(err->message, sizeof err->message, "render: out of memory");
        return err->status;
    }
    tu_status st = TU_OK;
    for (size_t p = 0; p < sizeof scene / sizeof scene[0] && st == TU_OK; p++)
        for (uint32_t sy = 0; sy < h && st == TU_OK; sy += 2) {
            j->progress->report(j->progress->user, j->rows_before + (p * h + sy) / 2,
                                j->rows_total);
            for (uint32_t sx = 0; sx < w && st == TU_OK; sx += 2) {
                const unsigned base = b->subspans * 4;
                uint32_t covered = 0;
                for (unsigned k = 0; k < 4; k++) { /* UL UR LL LR */
                    const uint32_t x = sx + (k & 1), y = sy + (k >> 1);
                    float dir[3], uv[2], t;
                    pixel_ray(x, y, w, h, dir);
                    const bool in = hit(&scene[p], dir, uv, &t);
                    b->msg.src[TU_SRC_U].f[base + k] = uv[0];
                    b->msg.src[TU_SRC_V].f[base + k] = uv[1];
                    b->px[base + k] = j->x0 + x, b->py[base + k] = y, b->t[base + k] = t;
                    if (in) covered |= 1u << k;
                }
                if (!covered) continue;
                b->msg.lane_mask |= covered << base;
                if (++b->subspans == SUBSPANS) st = flush(j, b, err);
            }
        }
    if (st == TU_OK) st = flush(j, b, err);
    free(b);
    return st;
}

/* --- options --------------------------------------------------------------------------- */

#define usage(err, ...) th_usage_error(err, "render", "render: " __VA_ARGS__)

static int refused(FILE *err, const char *why) {
    fprintf(err, "texunit: render: %s\n", why);
    return EXIT_REFUSED;
}

/* Append `words` to the sampler line `line` (of `size` bytes). */
static bool append(char *line, size_t size, const char *words) {
    const size_t n = strlen(line);
    return (size_t)snprintf(line + n, size - n, " %s", words) < size - n;
}

/* The sampler of `line` ("sampler key=value ..."), through the query parser. */
static bool make_sampler(const char *line, tu_sampler *out, char *why, size_t why_size) {
    tq_line q;
    if (!tq_parse(line, TU_SURFACE_2D, false, &q, why, why_size)) return false;
    *out = tq_make_sampler(&q.sampler);
    return true;
}

/* The texture of SPEC: a .ktx2 or .png file, a seed or pattern name (a 256x256 RGBA8 2D
 * texture with its full chain), or the values of a query `texture` line. */
static bool make_texture(const char *spec, tu_image *img, char *why, size_t why_size) {
    tu_error e = {0};
    tx_kind kind;
    if (tx_kind_of(spec, &kind, &e) == TU_OK) {
        if (tx_read(spec, img, &e) == TU_OK) return true;
        snprintf(why, why_size, "%s", e.message);
        return false;
    }
    char line[600];
    if (!spec[0]) {
        snprintf(why, why_size,
                 "--texture '': expected a file, a pattern or seed, or the "
                 "values of a texture line");
        return false;
    }
    if (!strchr(spec, ' '))
        snprintf(line, sizeof line, "texture 2d rgba8_unorm 256 256 1 0 1 %s", spec);
    else
        snprintf(line, sizeof line, "texture %s", spec);
    tq_line q;
    if (!tq_parse(line, TU_SURFACE_2D, false, &q, why, why_size)) return false;
    return tq_make_texture(&q.texture, img, why, why_size);
}

/* WxH, each even and 2..MAX_SIDE. */
static bool parse_size(const char *s, uint32_t *w, uint32_t *h) {
    char width[16];
    const char *x = strchr(s, 'x');
    if (!x || (size_t)(x - s) >= sizeof width) return false;
    memcpy(width, s, (size_t)(x - s));
    width[x - s] = 0;
    uint32_t a, b;
    if (!tq_parse_u32(width, MAX_SIDE, &a) || !tq_parse_u32(x + 1, MAX_SIDE, &b)) return false;
    *w = a, *h = b;
    return a >= 2 && b >= 2 && a % 2 == 0 && b % 2 == 0;
}

int tr_render(int argc, char **argv, FILE *out, FILE *err) {
    const char *path = NULL, *texture = "checker", *compare[2] = {NULL, NULL}, *cache = NULL;
    uint32_t w = 320, h = 240;
    show mode = SHOW_COLOR;
    char keys[1024] = "sampler";
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--texture") == 0 && v) {
            texture = v, i++;
        } else if (strcmp(a, "--size") == 0 && v) {
            if (!parse_size(v, &w, &h))
                return usage(err, "--size '%s': expected WxH, even, 2..%d", v, MAX_SIDE);
            i++;
        } else if (strcmp(a, "--show") == 0 && v) {
            if (strcmp(v, "levels") == 0)
                mode = SHOW_LEVELS;
            else if (strcmp(v, "aniso") == 0)
                mode = SHOW_ANISO;
            else if (strcmp(v, "misses") == 0)
                mode = SHOW_MISSES;
            else
                return usage(err, "--show '%s': expected levels, aniso or misses", v);
            i++;
        } else if (strcmp(a, "--cache") == 0 && v) {
            cache = v, i++;
        } else if (strcmp(a, "--compare") == 0 && v && i + 2 < argc) {
            compare[0] = argv[i + 1], compare[1] = argv[i + 2], i += 2;
        } else if (strncmp(a, "--", 2) == 0) {
            return usage(err, "'%s' is not an option or lacks its value", a);
        } else if (strchr(a, '=')) {
            if (!append(keys, sizeof keys, a)) return usage(err, "%s", "too many sampler keys");
        } else if (!path) {
            path = a;
        } else {
            return usage(err, "one OUT.png, and '%s' is a second", a);
        }
    }
    if (!path) return usage(err, "%s", "which OUT.png?");
    if (mode == SHOW_MISSES && !cache)
        return usage(err, "%s", "--show misses needs --cache SIZE,LINE,WAYS[,plru]");
    tu_error e = {0};
    tx_kind kind;
    const bool piped = strcmp(path, "-") == 0; /* the picture on standard output */
    FILE *text = piped ? err : out;            /* then the words go to standard error */
    if (!piped && (tx_kind_of(path, &kind, &e) != TU_OK || kind != TX_PNG))
        return refused(err, "OUT must be a .png file");

    char why[300];
    tu_sampler smp[2];
    const unsigned views = compare[0] ? 2 : 1;
    for (unsigned k = 0; k < views; k++) {
        char line[1600];
        snprintf(line, sizeof line, "%s", keys);
        if (compare[0] && !append(line, sizeof line, compare[k]))
            return usage(err, "%s", "too many sampler keys");
        if (!make_sampler(line, &smp[k], why, sizeof why)) return usage(err, "%s", why);
    }
    tu_image tex;
    if (!make_texture(texture, &tex, why, sizeof why)) return refused(err, why);
    int status = 0;
    const tu_surface *s = &tex.surface;
    if (s->type != TU_SURFACE_2D || s->arrayed || s->samples > 1)
        status = refused(err, "the scene is drawn with a 2D texture (not an array, one sample)");
    else if (tu_format_describe(s->format)->format_class != TU_CLASS_FLOAT)
        status = refused(err, "integer formats are not filtered; render draws float-class "
                              "formats (unorm, snorm, sRGB, float, depth)");
    picture pic = {views * w + (views - 1) * 4, h, NULL, NULL, NULL};
    const size_t n = (size_t)pic.width * pic.height;
    if (!status) {
        pic.rgba = malloc(n * 4 * sizeof *pic.rgba);
        pic.depth = malloc(n * sizeof *pic.depth);
        if (!pic.rgba || !pic.depth) status = refused(err, "out of memory");
    }
    tq_memtrace mt;
    bool traced = false;
    if (!status && cache) {
        if (!(pic.misses = calloc(n, sizeof *pic.misses))) {
            status = refused(err, "out of memory");
        } else if (!tq_memtrace_open(&mt, NULL, cache, text, err)) {
            status = EXIT_REFUSED;
        } else {
            traced = true;
            mt.message_lines = false;
        }
    }
    for (size_t i = 0; !status && i < n; i++) {
        memcpy(&pic.rgba[i * 4], background, sizeof background);
        pic.depth[i] = INFINITY;
    }
    tp_bar bar;
    tp_start(&bar, "render");
    const tu_progress progress = tp_progress(&bar);
    const uint64_t rows = sizeof scene / sizeof scene[0] * (uint64_t)(h / 2);
    for (unsigned k = 0; !status && k < views; k++) {
        const job j = {&tex, &smp[k],   mode,     &pic,         k * (w + 4),
                       w,    &progress, k * rows, views * rows, traced ? &mt : NULL};
        if (draw(&j, &e) != TU_OK) status = refused(err, e.message);
    }
    tp_finish(&bar);
    uint64_t max_misses = 0, sum_misses = 0;
    for (size_t i = 0; pic.misses && i < n; i++) {
        sum_misses += pic.misses[i];
        if (pic.misses[i] > max_misses) max_misses = pic.misses[i];
    }
    for (size_t i = 0; !status && mode == SHOW_MISSES && i < n; i++)
        misses_color(pic.misses[i], max_misses, &pic.rgba[i * 4]);
    tu_image img = {0};
    if (!status) {
        const tu_surface desc = {.type = TU_SURFACE_2D,
                                 .format = TU_FORMAT_R8G8B8A8_UNORM,
                                 .width = pic.width,
                                 .height = pic.height,
                                 .depth = 1,
                                 .layers = 1,
                                 .levels = 1,
                                 .samples = 1};
        if (tu_image_create(&img, &desc, &e) != TU_OK) status = refused(err, e.message);
    }
    if (!status) {
        for (size_t i = 0; i < n; i++) {
            tu_texel t;
            memcpy(t.f, &pic.rgba[i * 4], sizeof t.f);
            t.f[3] = 1.0f;
            tu_format_encode(TU_FORMAT_R8G8B8A8_UNORM, &t, (uint8_t *)img.memory + i * 4);
        }
        const tx_select none = tx_select_none();
        if (tx_write_as(path, TX_PNG, &img.surface, &none, NULL, &e) != TU_OK)
            status = refused(err, e.message);
        else
            fprintf(text, "wrote %s\n", piped ? "standard output" : path);
    }
    if (traced && !tq_memtrace_close(&mt, err) && !status) status = EXIT_REFUSED;
    if (traced && !status)
        fprintf(text, "misses per pixel: max %llu sum %llu\n", (unsigned long long)max_misses,
                (unsigned long long)sum_misses);
    tu_image_free(&img);
    free(pic.rgba);
    free(pic.depth);
    free(pic.misses);
    tu_image_free(&tex);
    return status;
}
