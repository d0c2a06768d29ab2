/* SPDX-License-Identifier: MIT */
/*
 * msgcount.c - one workload's messages, run N times, for counting instructions per message
 * with callgrind (docs/bindings.md): the cost of the bound path (tu_execute_bound on a
 * binding) and of the convenience path (tu_execute, which validates and prepares per call).
 *
 *   msgcount W MODE N [SIZE]     W 1..6 (below), MODE bound|execute|time, N messages
 *   msgcount 1 tld|tld-time N [SIZE]
 *
 * Workloads (issue "Sampling at hardware-simulator speed"), SIMD16, every lane enabled, RGBA
 * returned, a SIZE x SIZE surface (default 256) with its full mip chain and hashed texels,
 * 64 distinct messages of uniformly random coordinates used in turn:
 *   1  LD on R8G8B8A8_UNORM 2D, LOD 0
 *   2  SAMPLE_L bilinear (mip nearest) on R8G8B8A8_UNORM 2D, LOD 0
 *   3  SAMPLE_D trilinear on R8G8B8A8_UNORM 2D, gradients of 2.6 texels (LOD ~1.4)
 *   4  SAMPLE_L bilinear on R32G32B32A32_SFLOAT 2D, LOD 0
 *   5  SAMPLE_C_LZ nearest, compare LEQUAL, on D32_SFLOAT 2D
 *   6  SAMPLE_L trilinear on an R8G8B8A8_UNORM cube (seamless), LOD 1.4
 * The messages are run by msgcount_run, so that
 *   valgrind --tool=callgrind --toggle-collect=msgcount_run build/bench/msgcount 2 bound 1000
 * counts only them (bench/msgcount.sh prints the table). MODE time runs N messages on each
 * path in turn, 20 rounds, and prints the best time per message of each and their ratio: the
 * per-call cost of tu_execute's cache on one message after another from a warm cache
 * (docs/bindings.md). texbench is the timing benchmark of the workloads themselves.
 * MODE tld runs W1 as NVIDIA TLD.LZ (tu_nv_tld_execute, a 16-thread warp, the state's
 * texture cache on) on a block-linear copy of the texture, counted by msgcount_tld_run;
 * tld-time times it and W1 bound on the same block-linear surface (the message TLD makes) in
 * turn, as MODE time does: the front end's cost over the engine call for the same loads.
 * TEXUNIT_ISA=scalar|avx2|avx512 picks the kernel build of the binding (tu_bind_isa; the
 * default is the best this CPU runs); tu_execute always takes the best.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include "texunit/texunit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MESSAGES = 64, LANES = 16 };

static uint32_t rng = 12345;

static float rnd_unit(void) {
    rng = rng * 1664525u + 1013904223u;
    return (float)(rng >> 8) / 16777216.0f;
}

/* A size x size surface (6 faces for a cube) with every level and hashed texels, packed or,
 * with block_linear, in NVIDIA's block-linear layout. */
static int make_surface_tiled(tu_surface *s, tu_surface_type type, tu_format format, uint32_t size,
                              bool block_linear) {
    memset(s, 0, sizeof *s);
    s->type = type;
    s->format = format;
    s->width = s->height = size;
    s->depth = 1;
    s->layers = type == TU_SURFACE_CUBE ? 6 : 1;
    s->samples = 1;
    s->levels = tu_surface_max_levels(s);
    s->level_count = s->levels;
    uint64_t need = 0;
    tu_error err = {0};
    if (block_linear) s->tiling = TU_TILING_NV_BLOCK_LINEAR;
    if ((block_linear ? tu_surface_layout_block_linear(s, &need, &err)
                      : tu_surface_layout_packed(s, &need, &err)) != TU_OK) {
        fprintf(stderr, "msgcount: %s\n", err.message);
        return 1;
    }
    s->data = malloc((size_t)need);
    s->size = (size_t)need;
    if (!s->data || tu_surface_fill_hash(s, 7, &err) != TU_OK) {
        fprintf(stderr, "msgcount: %s\n", s->data ? err.message : "out of memory");
        return 1;
    }
    return 0;
}

static int make_surface(tu_surface *s, tu_surface_type type, tu_format format, uint32_t size) {
    return make_surface_tiled(s, type, format, size, false);
}

/* Not static, not inlined: callgrind's --toggle-collect names it. */
__attribute__((noinline)) float msgcount_run(int bound, const tu_binding *b, const tu_surface *s,
                                             const tu_sampler *smp, const tu_msg *msgs, long n);

float msgcount_run(int bound, const tu_binding *b, const tu_surface *s, const tu_sampler *smp,
                   const tu_msg *msgs, long n) {
    static _Alignas(64) tu_reply reply; /* as texbench keeps it (sampler.h) */
    tu_error err = {0};
    float sum = 0.0f;
    for (long i = 0; i < n; i++) {
        const tu_msg *m = &msgs[i % MESSAGES];
        const tu_status st =
            bound ? tu_execute_bound(b, m, &reply, &err) : tu_execute(m, s, smp, &reply, &err);
        if (st != TU_OK) {
            fprintf(stderr, "msgcount: %s\n", err.message);
            exit(1);
        }
        sum += reply.channel[3].f[i % LANES];
    }
    return sum;
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* MODE time: both paths in turn, the best round of each. */
static void time_paths(const tu_binding *b, const tu_surface *s, const tu_sampler *smp,
                       const tu_msg *msgs, long n) {
    double best[2] = {1e300, 1e300};
    float sum = 0.0f;
    for (int round = 0; round < 20; round++)
        for (int bound = 1; bound >= 0; bound--) {
            const double t0 = now_ns();
            sum += msgcount_run(bound, b, s, smp, msgs, n);
            const double ns = (now_ns() - t0) / (double)n;
            if (ns < best[bound]) best[bound] = ns;
        }
    printf("bound %.1f ns/message, execute %.1f ns/message, bound/execute %.3f (sum %g)\n", best[1],
           best[0], best[1] / best[0], (double)sum);
}

/* --- MODE tld: W1's loads through the NVIDIA front end ----------------------------------- */

enum { TLD_GPU_BASE = 0x10000000, TLD_U = 4, TLD_V = 5 }; /* TLD.LZ R0, R4: s in R4, t in R5 */

typedef struct tld_setup {
    tu_surface surface; /* block-linear, the memory of the one region */
    uint8_t header[32]; /* the pool's one texture header */
    uint32_t cbank[1];  /* #tsPtrIdx 0 -> header 0 */
    tu_nv_region region;
    tu_nv_cache cache;
    tu_nv_state st;
    tu_nv_tld inst;
    tu_nv_regs regs;
} tld_setup;

static int tld_init(tld_setup *t, uint32_t size) {
    tu_error err = {0};
    if (make_surface_tiled(&t->surface, TU_SURFACE_2D, TU_FORMAT_R8G8B8A8_UNORM, size, true))
        return 1;
    tu_nv_tic h;
    t->region = (tu_nv_region){TLD_GPU_BASE, t->surface.data, t->surface.size, NULL};
    t->cbank[0] = TU_NV_HANDLE(0, 0);
    tu_nv_cache_init(&t->cache);
    t->st = (tu_nv_state){&t->region,
                          1,
                          {t->header, sizeof t->header, 0},
                          {t->header, sizeof t->header, 0},
                          t->cbank,
                          1,
                          &t->cache,
                          NULL};
    t->regs.lanes = LANES;
    if (tu_nv_tic_from_surface(&t->surface, TLD_GPU_BASE, &h, &err) != TU_OK ||
        tu_nv_tic_encode(&h, t->header, &err) != TU_OK ||
        tu_nv_tld_parse("TLD.LZ R0, R4, 0, 2D, 0xf;", &t->inst, &err) != TU_OK) {
        fprintf(stderr, "msgcount: %s\n", err.message);
        return 1;
    }
    return 0;
}

__attribute__((noinline)) float msgcount_tld_run(tld_setup *t, const tu_msg *msgs, long n);

float msgcount_tld_run(tld_setup *t, const tu_msg *msgs, long n) {
    tu_error err = {0};
    float sum = 0.0f;
    for (long i = 0; i < n; i++) {
        const tu_msg *m = &msgs[i % MESSAGES];
        for (int l = 0; l < LANES; l++) {
            t->regs.r[l][TLD_U] = m->src[TU_SRC_U].u[l];
            t->regs.r[l][TLD_V] = m->src[TU_SRC_V].u[l];
        }
        if (tu_nv_tld_execute(&t->inst, &t->st, &t->regs, 0xffff, &err) != TU_OK) {
            fprintf(stderr, "msgcount: %s\n", err.message);
            exit(1);
        }
        uint32_t a = t->regs.r[i % LANES][3];
        float f;
        memcpy(&f, &a, sizeof f);
        sum += f;
    }
    return sum;
}

/* MODE tld-time: TLD and the bound LD on the same surface in turn, the best round of each. */
static void time_tld(tld_setup *t, const tu_binding *b, const tu_msg *msgs, long n) {
    double best[2] = {1e300, 1e300};
    float sum[2] = {0.0f, 0.0f};
    for (int round = 0; round < 20; round++)
        for (int tld = 0; tld < 2; tld++) {
            const double t0 = now_ns();
            sum[tld] +=
                tld ? msgcount_tld_run(t, msgs, n) : msgcount_run(1, b, &t->surface, NULL, msgs, n);
            const double ns = (now_ns() - t0) / (double)n;
            if (ns < best[tld]) best[tld] = ns;
        }
    printf("bound %.1f ns/message, tld %.1f ns/message, tld/bound %.3f (sums %g %g)\n", best[0],
           best[1], best[1] / best[0], (double)sum[0], (double)sum[1]);
}

int main(int argc, char **argv) {
    const int w = argc > 3 ? atoi(argv[1]) : 0;
    const int tld = argc > 3 && strncmp(argv[2], "tld", 3) == 0;
    if (w < 1 || w > 6 || (tld && w != 1) ||
        (strcmp(argv[2], "bound") && strcmp(argv[2], "execute") && strcmp(argv[2], "time") &&
         strcmp(argv[2], "tld") && strcmp(argv[2], "tld-time"))) {
        fprintf(stderr, "usage: msgcount W(1..6) bound|execute|time N [SIZE]\n"
                        "       msgcount 1 tld|tld-time N [SIZE]\n");
        return 2;
    }
    const int bound = strcmp(argv[2], "bound") == 0, timed = strcmp(argv[2], "time") == 0;
    const long n = atol(argv[3]);
    const uint32_t size = argc > 4 ? (uint32_t)atoi(argv[4]) : 256;
    tu_surface s;
    tu_sampler smp = tu_sampler_default();
    tu_op op = TU_OP_SAMPLE_L;
    float lod = 0.0f;
    const tu_format rgba8 = TU_FORMAT_R8G8B8A8_UNORM;
    int fail = 0;
    switch (w) {
    case 1: fail = make_surface(&s, TU_SURFACE_2D, rgba8, size), op = TU_OP_LD; break;
    case 2: fail = make_surface(&s, TU_SURFACE_2D, rgba8, size); break;
    case 3: fail = make_surface(&s, TU_SURFACE_2D, rgba8, size), op = TU_OP_SAMPLE_D; break;
    case 4: fail = make_surface(&s, TU_SURFACE_2D, TU_FORMAT_R32G32B32A32_SFLOAT, size); break;
    case 5:
        fail = make_surface(&s, TU_SURFACE_2D, TU_FORMAT_D32_SFLOAT, size);
        op = TU_OP_SAMPLE_C_LZ, smp.compare = TU_COMPARE_LEQUAL;
        break;
    default: fail = make_surface(&s, TU_SURFACE_CUBE, rgba8, size), lod = 1.4f; break;
    }
    if (fail) return 1;
    if (w != 1 && w != 5) smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
    smp.mip_filter = w == 3 || w == 6 ? TU_MIP_LINEAR : TU_MIP_NEAREST;
    static _Alignas(64) tu_msg msgs[MESSAGES];
    for (int k = 0; k < MESSAGES; k++) {
        tu_msg *m = &msgs[k];
        m->op = op, m->simd = LANES, m->lane_mask = 0xffff, m->channel_mask = 0xf;
        for (int l = 0; l < LANES; l++) {
            if (w == 1) {
                m->src[TU_SRC_U].i[l] = (int32_t)(rnd_unit() * (float)size);
                m->src[TU_SRC_V].i[l] = (int32_t)(rnd_unit() * (float)size);
                continue;
            }
            const float scale = w == 6 ? 2.0f : 1.0f, shift = w == 6 ? 1.0f : 0.0f;
            m->src[TU_SRC_U].f[l] = rnd_unit() * scale - shift;
            m->src[TU_SRC_V].f[l] = rnd_unit() * scale - shift;
            m->src[TU_SRC_R].f[l] = rnd_unit() * scale - shift;
            m->src[TU_SRC_LOD].f[l] = lod;
            m->src[TU_SRC_REF].f[l] = rnd_unit();
            m->src[TU_SRC_DUDX].f[l] = m->src[TU_SRC_DVDY].f[l] = 2.6f / (float)size;
        }
    }
    static tu_binding b;
    tu_error err = {0};
    tu_isa isa = TU_ISA_BEST;
    const char *env = getenv("TEXUNIT_ISA");
    if ((env && *env && tu_isa_parse(env, &isa, &err) != TU_OK) ||
        tu_bind_isa(&s, &smp, isa, &b, &err) != TU_OK) {
        fprintf(stderr, "msgcount: %s\n", err.message);
        return 1;
    }
    static tld_setup t;
    if (tld) { /* the bound path on the block-linear copy, with the message TLD makes */
        for (int k = 0; k < MESSAGES; k++)
            msgs[k].flags = TU_MSG_PIXEL_NULL_MASK;
        if (tld_init(&t, size) ||
            tu_bind_isa(&t.surface, (const tu_sampler[]){tu_nv_tld_sampler(false)}, isa, &b,
                        &err) != TU_OK) {
            fprintf(stderr, "msgcount: %s\n", err.message);
            return 1;
        }
        if (argv[2][3])
            time_tld(&t, &b, msgs, n);
        else
            printf("%g\n", (double)msgcount_tld_run(&t, msgs, n));
        free(t.surface.data);
    } else if (timed)
        time_paths(&b, &s, &smp, msgs, n);
    else
        printf("%g\n", (double)msgcount_run(bound, &b, &s, &smp, msgs, n));
    free(s.data);
    return 0;
}
