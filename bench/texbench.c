/* SPDX-License-Identifier: MIT */
/*
 * texbench.c - texture sampling throughput of texunit and of lavapipe (Mesa's CPU Vulkan
 * driver) in the same run (docs/bindings.md; the workloads W1-W8 of the speed goal).
 *
 *   texbench [--quick] [--samples N] [--reps R] [--threads T] [--workloads W1,W3,...]
 *            [--sizes 256,1024] [--patterns random,coherent] [--isa best|scalar|avx2|avx512]
 *            [--lean] [--check] [--json FILE]
 *
 * Every workload runs at every selected size (2D textures of size x size with full mip
 * chains; the cube of W6 has 256x256 faces at both sizes) and coordinate pattern:
 *   random    uniform over the whole texture, each sample far from the last ones (a
 *             Kronecker sequence of the sample index: the cache-hostile case);
 *   coherent  16x16 screen tiles of a perspective ground plane on a size x size screen,
 *             coordinates and derivatives computed analytically per pixel, each SIMD16
 *             message a 4x4 pixel block of four 2x2 subspans, lanes UL, UR, LL, LR.
 * Both sides read byte-identical textures (tu_surface_fill_hash, uploaded per level) at
 * bit-identical coordinates: gen_record here, computed before the timing (a simulator has
 * its coordinates in registers), and the same operations in bench.comp, per sample.
 *
 * texunit: tu_bind_isa once (--isa: the kernel build, default the best this CPU runs),
 * tu_execute_bound per SIMD16 message, on 1 thread and on T threads (all on the same
 * binding, each taking the next CHUNK messages while any are left); the convenience wrapper
 * tu_execute on 1 thread, whose rate the speed goal wants within 25 % of the bound path.
 * Each timed texunit run goes over the messages as many times as it takes to last at least
 * MIN_RUN_SECONDS (50 ms), so that thread start-up does not decide the scaling. With T > 1
 * every row also times a plain arithmetic loop on 1 and on T threads in the same rounds
 * (spin_time): the machine's own scaling at that moment, the `x mach` column.
 * W8 runs W7's message through the Intel front ends: a parsed vISA kernel executed with
 * tu_visa_execute on a reused GRF file, and a lowered send (tu_lower_payload once) executed
 * with tu_send_execute on a reused payload; the overhead is reported against W7.
 * lavapipe: one compute dispatch (bench.comp) per launch shape (lvp_shapes: K samples per
 * invocation, the local size, consecutive or interleaved samples), each invocation computing
 * its samples' coordinates, sampling, summing in registers and storing the sum once, timed
 * from vkQueueSubmit to vkQueueWaitIdle, in a child process with LP_NUM_THREADS=1 (the
 * per-core comparison); the row's rate is the fastest variant's. Pipeline compilation, upload
 * and one warm-up dispatch per shape are outside the timing. Each number is the best of R.
 * On coherent 2D rows every shape is also timed with the plane's per-row terms read from a
 * table instead of computed. --lean prints every variant's rate: the check that no leaner
 * harness of the same lookups is faster. --check runs each variant once more as a check
 * variant (bench.comp's CHECK), whose XOR of its coordinate words must equal the stream's.
 *
 * "sum diff" is a sanity check that both sides sampled the same thing: the difference of the
 * two sides' totals of every returned value, divided by the number of values (each of
 * magnitude <= 1 here), i.e. the mean difference per value. It is not a precision test:
 * that is tests/vk (vk_diff).
 *
 * Without lavapipe: prints "skipped: <reason>" and exits 0. Not a CTest test.
 */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv, clock_gettime */

#include "texunit/texunit.h"

#include <vulkan/vulkan.h>

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_spv_cube.h" /* generated from bench.comp, one per MODE_ */
#include "bench_spv_fetch.h"
#include "bench_spv_fetch4.h"
#include "bench_spv_grad.h"
#include "bench_spv_lod.h"
#include "bench_spv_gather.h"
#include "bench_spv_gather_shadow.h"
#include "bench_spv_shadow.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

enum {
    SIMD = 16,        /* lanes per texunit message */
    SUM_PART = 16,    /* replies a lane adds into a float before its double total */
    MAX_REPS = 100,   /* --reps limit */
    MAX_THREADS = 16, /* --threads limit */
    CUBE_FACE = 256,  /* W6's face size at every size */
    MAX_STRIDE = 6,   /* words per sample in the longest coordinate record */
    MAX_PASSES = 64,  /* over the stream in one timed texunit run (run_row) */
    CHUNK = 256       /* messages a thread takes at a time (job_take) */
};
static const double MIN_RUN_SECONDS = 0.05; /* every timed texunit run lasts at least this */

/* The variants of bench.comp timed in every row (its specialization constants), all of the
 * same lookups; a row's lavapipe rate is the fastest one's. The launch shapes: samples per
 * invocation (K), the workgroup's size, and how a workgroup's samples are dealt: K
 * consecutive ones per invocation, or interleaved (sample j of lane l is j x local + l, so
 * that the lanes of one of llvmpipe's vectors take neighbouring samples). */
typedef struct lvp_shape {
    uint32_t k, local;
    bool interleave;
} lvp_shape;
static const lvp_shape lvp_shapes[] = {
    {4, 32, false},   {4, 64, false},  {4, 128, false}, {16, 32, false},  {16, 64, false},
    {16, 128, false}, {64, 32, false}, {64, 64, false}, {64, 128, false}, {4, 32, true},
    {4, 64, true},    {4, 128, true},  {16, 32, true},  {16, 64, true},   {16, 128, true},
    {64, 32, true},   {64, 64, true},  {64, 128, true}};
enum {
    SHAPE_COUNT = (int)COUNT(lvp_shapes),
    MIN_K = 4,         /* the shapes' smallest K: the most invocations, each one vec4 sum */
    SAMPLE_UNIT = 8192 /* --samples is a multiple of it: the largest K x local */
};

/* And how the coherent plane's terms of a screen row are had (bench.comp's TABLE): computed
 * per sample, or read from a table of the same values (coherent 2D rows only). */
typedef enum coords { COORDS_COMPUTED, COORDS_TABLE, COORDS_COUNT } coords;

/* A variant's name: K x local, i: interleaved, +t: the plane's terms from a table. */
static void variant_name(int co, int s, char *out, size_t size) {
    snprintf(out, size, "%ux%u%s%s", lvp_shapes[s].k, lvp_shapes[s].local,
             lvp_shapes[s].interleave ? "i" : "", co == COORDS_TABLE ? "+t" : "");
}

static const char *const LVP_ICD = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";

/* ---------------------------------------------------------------------------------------- */
/* Workloads                                                                                 */
/* ---------------------------------------------------------------------------------------- */

typedef enum tex_id {
    TEX_RGBA8,
    TEX_RGBA32F,
    TEX_D32,
    TEX_CUBE,
    TEX_RG16F,
    TEX_RGBA16,
    TEX_R16,
    TEX_B10G11R11,
    TEX_RGB9E5,
    TEX_R16F,
    TEX_RG32F,
    TEX_RG16,
    TEX_RGB10A2,
    TEX_COUNT
} tex_id;

static const tu_format tex_format[TEX_COUNT] = {TU_FORMAT_R8G8B8A8_UNORM,
                                                TU_FORMAT_R32G32B32A32_SFLOAT,
                                                TU_FORMAT_D32_SFLOAT,
                                                TU_FORMAT_R8G8B8A8_UNORM,
                                                TU_FORMAT_R16G16_SFLOAT,
                                                TU_FORMAT_R16G16B16A16_UNORM,
                                                TU_FORMAT_R16_UNORM,
                                                TU_FORMAT_B10G11R11_UFLOAT_PACK32,
                                                TU_FORMAT_E5B9G9R9_UFLOAT_PACK32,
                                                TU_FORMAT_R16_SFLOAT,
                                                TU_FORMAT_R32G32_SFLOAT,
                                                TU_FORMAT_R16G16_UNORM,
                                                TU_FORMAT_A2B10G10R10_UNORM_PACK32};
static const VkFormat tex_vk_format[TEX_COUNT] = {VK_FORMAT_R8G8B8A8_UNORM,
                                                  VK_FORMAT_R32G32B32A32_SFLOAT,
                                                  VK_FORMAT_D32_SFLOAT,
                                                  VK_FORMAT_R8G8B8A8_UNORM,
                                                  VK_FORMAT_R16G16_SFLOAT,
                                                  VK_FORMAT_R16G16B16A16_UNORM,
                                                  VK_FORMAT_R16_UNORM,
                                                  VK_FORMAT_B10G11R11_UFLOAT_PACK32,
                                                  VK_FORMAT_E5B9G9R9_UFLOAT_PACK32,
                                                  VK_FORMAT_R16_SFLOAT,
                                                  VK_FORMAT_R32G32_SFLOAT,
                                                  VK_FORMAT_R16G16_UNORM,
                                                  VK_FORMAT_A2B10G10R10_UNORM_PACK32};

/* The lavapipe shaders: bench.comp built with -DMODE_<name>. */
typedef enum shader_id {
    SH_FETCH,
    SH_FETCH4,
    SH_LOD,
    SH_GRAD,
    SH_SHADOW,
    SH_CUBE,
    SH_GATHER,
    SH_GATHER_SHADOW,
    SH_COUNT
} shader_id;

static const struct {
    const uint32_t *code;
    size_t size;
} shader_spv[SH_COUNT] = {{bench_spv_fetch, sizeof bench_spv_fetch},
                          {bench_spv_fetch4, sizeof bench_spv_fetch4},
                          {bench_spv_lod, sizeof bench_spv_lod},
                          {bench_spv_grad, sizeof bench_spv_grad},
                          {bench_spv_shadow, sizeof bench_spv_shadow},
                          {bench_spv_cube, sizeof bench_spv_cube},
                          {bench_spv_gather, sizeof bench_spv_gather},
                          {bench_spv_gather_shadow, sizeof bench_spv_gather_shadow}};

/*
 * What a sample's coordinate record holds. The record is `stride` 32-bit words (float bits,
 * or integers for the loads); word w goes to texunit source src[w] and is read by the
 * lavapipe shader `shader` in the same order (bench.comp).
 */
typedef enum kind {
    KIND_LD,       /* x y                              W1 */
    KIND_LD4,      /* x0 y0: the 2x2 footprint's corner W4's load floor */
    KIND_LOD,      /* u v, lod 0                       W2 W4 */
    KIND_GRAD,     /* u v dudx dvdx dudy dvdy          W3 */
    KIND_SHADOW,   /* u v ref                          W5 W5l */
    KIND_CUBE,     /* x y z lod                        W6 */
    KIND_IMPLICIT, /* u v, subspan order               W7 W8 */
    KIND_GATHER,   /* u v                              G1 */
    KIND_GATHER_C, /* u v ref                          G2 */
    KIND_COUNT
} kind;

static const struct kind_info {
    uint32_t stride;
    tu_src src[MAX_STRIDE];
    int shader; /* shader_id, or -1: texunit only */
} kinds[KIND_COUNT] = {
    [KIND_LD] = {2, {TU_SRC_U, TU_SRC_V}, SH_FETCH},
    [KIND_LD4] = {2, {TU_SRC_U, TU_SRC_V}, SH_FETCH4},
    [KIND_LOD] = {2, {TU_SRC_U, TU_SRC_V}, SH_LOD},
    [KIND_GRAD] = {6,
                   {TU_SRC_U, TU_SRC_V, TU_SRC_DUDX, TU_SRC_DVDX, TU_SRC_DUDY, TU_SRC_DVDY},
                   SH_GRAD},
    [KIND_SHADOW] = {3, {TU_SRC_U, TU_SRC_V, TU_SRC_REF}, SH_SHADOW},
    [KIND_CUBE] = {4, {TU_SRC_U, TU_SRC_V, TU_SRC_R, TU_SRC_LOD}, SH_CUBE},
    [KIND_IMPLICIT] = {2, {TU_SRC_U, TU_SRC_V}, -1},
    [KIND_GATHER] = {2, {TU_SRC_U, TU_SRC_V}, SH_GATHER},
    [KIND_GATHER_C] = {3, {TU_SRC_U, TU_SRC_V, TU_SRC_REF}, SH_GATHER_SHADOW},
};

/* How texunit receives the message. */
typedef enum front { FRONT_ENGINE, FRONT_VISA, FRONT_SEND } front;

typedef struct workload {
    const char *id;   /* selected by --workloads with this prefix: "W4" takes W4 and W4f */
    const char *name; /* what it samples */
    kind kind;
    tex_id tex;
    tu_op op;
    front front;
    uint8_t filter;   /* tu_filter, min and mag */
    uint8_t mip;      /* tu_mip_filter */
    uint8_t compare;  /* tu_compare */
    uint8_t channels; /* channel mask returned and summed */
    double goal;      /* texunit / lavapipe on one thread; 0: no goal */
    bool vs_w7;       /* report the front end's overhead against W7 */
} workload;

/* The table of the speed goal (W1-W8), plus W4f: W4's texel loads without filtering, and W5l:
 * W5 as the goal's other message form, SAMPLE_L_C at an explicit LOD 0; F1-F9: W2's lookups on
 * the formats that have 2D kernels (every uncompressed format is to be at 1.5x); G1, G2:
 * gather4 of R on RGBA8 and the shadow gather on D32 at W2's coordinates. */
static const workload workloads[] = {
    {"W1", "rgba8 texelFetch", KIND_LD, TEX_RGBA8, TU_OP_LD, FRONT_ENGINE, TU_FILTER_NEAREST,
     TU_MIP_NEAREST, TU_COMPARE_OFF, 0xF, 1.5, false},
    {"W2", "rgba8 bilinear lod 0", KIND_LOD, TEX_RGBA8, TU_OP_SAMPLE_L, FRONT_ENGINE,
     TU_FILTER_LINEAR, TU_MIP_NEAREST, TU_COMPARE_OFF, 0xF, 1.5, false},
    {"W3", "rgba8 trilinear grad", KIND_GRAD, TEX_RGBA8, TU_OP_SAMPLE_D, FRONT_ENGINE,
     TU_FILTER_LINEAR, TU_MIP_LINEAR, TU_COMPARE_OFF, 0xF, 1.5, false},
    {"W4", "rgba32f bilinear lod 0", KIND_LOD, TEX_RGBA32F, TU_OP_SAMPLE_L, FRONT_ENGINE,
     TU_FILTER_LINEAR, TU_MIP_NEAREST, TU_COMPARE_OFF, 0xF, 1.2, false},
    {"W4f", "rgba32f W4's 4 loads", KIND_LD4, TEX_RGBA32F, TU_OP_LD, FRONT_ENGINE,
     TU_FILTER_NEAREST, TU_MIP_NEAREST, TU_COMPARE_OFF, 0xF, 0.0, false},
    {"W5", "d32 compare, SAMPLE_C_LZ", KIND_SHADOW, TEX_D32, TU_OP_SAMPLE_C_LZ, FRONT_ENGINE,
     TU_FILTER_NEAREST, TU_MIP_NEAREST, TU_COMPARE_LEQUAL, 0x1, 1.5, false},
    {"W5l", "d32 compare, SAMPLE_L_C", KIND_SHADOW, TEX_D32, TU_OP_SAMPLE_L_C, FRONT_ENGINE,
     TU_FILTER_NEAREST, TU_MIP_NEAREST, TU_COMPARE_LEQUAL, 0x1, 1.5, false},
    {"W6", "rgba8 cube trilinear", KIND_CUBE, TEX_CUBE, TU_OP_SAMPLE_L, FRONT_ENGINE,
     TU_FILTER_LINEAR, TU_MIP_LINEAR, TU_COMPARE_OFF, 0xF, 1.5, false},
    {"W7", "rgba8 trilinear implicit", KIND_IMPLICIT, TEX_RGBA8, TU_OP_SAMPLE, FRONT_ENGINE,
     TU_FILTER_LINEAR, TU_MIP_LINEAR, TU_COMPARE_OFF, 0xF, 0.0, false},
    {"W8v", "W7 via tu_visa_execute", KIND_IMPLICIT, TEX_RGBA8, TU_OP_SAMPLE, FRONT_VISA,
     TU_FILTER_LINEAR, TU_MIP_LINEAR, TU_COMPARE_OFF, 0xF, 0.0, true},
    {"W8s", "W7 via tu_send_execute", KIND_IMPLICIT, TEX_RGBA8, TU_OP_SAMPLE, FRONT_SEND,
     TU_FILTER_LINEAR, TU_MIP_LINEAR, TU_COMPARE_OFF, 0xF, 0.0, true},
    {"F1", "rg16f bilinear lod 0", KIND_LOD, TEX_RG16F, TU_OP_SAMPLE_L, FRONT_ENGINE,
     TU_FILTER_LINEAR, TU_MIP_NEAREST, TU_COMPARE_OFF, 0xF, 1.5, false},
    {"F2", "rgba16 bilinear lod 0", KIND_LOD, TEX_RGBA16, TU_OP_SAMPLE_L, FRONT_ENGINE,
     TU_FILTER_LINEAR, TU_MIP_NEAREST, TU_COMPARE_OFF, 0xF, 1.5, false},
    {"F3", "r16 bilinear lod 0", KIND_LOD, TEX_R16, TU_OP_SAMPLE_L, FRONT_ENGINE, TU_FILTER_LINEAR,
     TU_MIP_NEAREST, TU_COMPARE_OFF, 0xF, 1.5, false},
    {"F4", "b10g11r11 bilinear lod 0", KIND_LOD, TEX_B10G11R11, TU_OP_SAMPLE_L, FRONT_ENGINE,
     TU_FILTER_LINEAR, TU_MIP_NEAREST, TU_COMPARE_OFF, 0xF, 1.5, false},
    {"F5", "rgb9e5 bilinear lod 0", KIND_LOD, TEX_RGB9E5, TU_OP_SAMPLE_L, FRONT_ENGINE,
     TU_FILTER_LINEAR, TU_MIP_NEAREST, TU_COMPARE_OFF, 0xF, 1.5, false},
    {"F6", "r16f bilinear lod 0", KIND_LOD, TEX_R16F, TU_OP_SAMPLE_L, FRONT_ENGINE,
     TU_FILTER_LINEAR, TU_MIP_NEAREST, TU_COMPARE_OFF, 0xF, 1.5, false},
    {"F7", "rg32f bilinear lod 0", KIND_LOD, TEX_RG32F, TU_OP_SAMPLE_L, FRONT_ENGINE,
     TU_FILTER_LINEAR, TU_MIP_NEAREST, TU_COMPARE_OFF, 0xF, 1.5, false},
    {"F8", "rg16 bilinear lod 0", KIND_LOD, TEX_RG16, TU_OP_SAMPLE_L, FRONT_ENGINE,
     TU_FILTER_LINEAR, TU_MIP_NEAREST, TU_COMPARE_OFF, 0xF, 1.5, false},
    {"F9", "rgb10a2 bilinear lod 0", KIND_LOD, TEX_RGB10A2, TU_OP_SAMPLE_L, FRONT_ENGINE,
     TU_FILTER_LINEAR, TU_MIP_NEAREST, TU_COMPARE_OFF, 0xF, 1.5, false},
    {"G1", "rgba8 gather4 of r", KIND_GATHER, TEX_RGBA8, TU_OP_GATHER4, FRONT_ENGINE,
     TU_FILTER_LINEAR, TU_MIP_NEAREST, TU_COMPARE_OFF, 0xF, 1.5, false},
    {"G2", "d32 gather4_c", KIND_GATHER_C, TEX_D32, TU_OP_GATHER4_C, FRONT_ENGINE,
     TU_FILTER_NEAREST, TU_MIP_NEAREST, TU_COMPARE_LEQUAL, 0xF, 1.5, false},
};
enum { WL_COUNT = (int)COUNT(workloads) };

static const uint32_t sizes[] = {256, 1024};
enum { SIZE_COUNT = (int)COUNT(sizes) };
static const char *const patterns[] = {"random", "coherent"};
enum { PAT_COUNT = (int)COUNT(patterns) };

/* What runs: --workloads, --sizes, --patterns. */
typedef struct selection {
    bool wl[WL_COUNT], size[SIZE_COUNT], pat[PAT_COUNT];
} selection;

/* The index of the workload with this id (a name of the table). */
static int workload_index(const char *id) {
    for (int w = 0; w < WL_COUNT; w++)
        if (strcmp(workloads[w].id, id) == 0) return w;
    abort(); /* unreachable: called with ids of the table only */
}

/* The texture of workload wl at size index si: 2D at the size, the cube at CUBE_FACE. */
static uint32_t tex_size(tex_id t, int si) {
    return t == TEX_CUBE ? CUBE_FACE : sizes[si];
}

/* The sampler state of a workload (texunit's; the Vulkan one is made from the same fields). */
static tu_sampler workload_sampler(const workload *wl) {
    tu_sampler s = tu_sampler_default();
    s.min_filter = s.mag_filter = wl->filter;
    s.mip_filter = wl->mip;
    s.compare = wl->compare;
    if (wl->tex == TEX_CUBE) {
        s.address[0] = s.address[1] = s.address[2] = TU_ADDRESS_CUBE;
        s.seamless_cube = true;
    }
    return s;
}

/* What the lavapipe child says through its pipe: once when it is set up (status, device),
 * then once per row the parent asks for. */
typedef struct lvp_msg {
    int status; /* 0 ok, 1 skipped (set-up only), 2 error */
    char message[256];
    char device[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    /* per way of computing the coordinates (COORDS_) and launch shape (lvp_shapes): the rate
     * (0: not run; the format cannot be filtered, or the way does not apply) and the sum */
    double msps[COORDS_COUNT][SHAPE_COUNT], sum[COORDS_COUNT][SHAPE_COUNT];
    uint32_t check[COORDS_COUNT][SHAPE_COUNT]; /* --check: the coordinates' XOR (stream_check) */
} lvp_msg;

/* What the parent asks: the row (size index, pattern, workload); si < 0: exit. */
typedef struct lvp_request {
    int si, p, w;
    unsigned reps; /* timed runs; the best is reported */
    bool check;    /* then also every variant's coordinate check (--check) */
} lvp_request;

/* ---------------------------------------------------------------------------------------- */
/* Common helpers                                                                            */
/* ---------------------------------------------------------------------------------------- */

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

__attribute__((format(printf, 1, 2), noreturn)) static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("texbench: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

/* ---------------------------------------------------------------------------------------- */
/* Coordinate streams (texbench.c's gen_record and bench.comp compute the same)              */
/* ---------------------------------------------------------------------------------------- */

/*
 * Sample i's coordinates are a function of i, the pattern and the size, built from
 * operations whose results are exact in 32-bit integers and IEEE binary32: integer products,
 * integer-to-float conversions of at most 24 bits, powers of two, and +, -, *, / each
 * rounded once (this file is built with -ffp-contract=off; bench.comp marks them `precise`).
 * texunit's messages are filled from it before the timing (a simulator's coordinates are in
 * its registers); the lavapipe shader computes it per sample, as a real shader computes its
 * coordinates, and both sample bit-identical coordinates.
 */

/* The random pattern's words: sample i times 2^32 / phi^d (d = 1..4, phi^5 = phi + 1), a
 * Kronecker sequence in 4 dimensions (the R-sequences of Roberts, "The unreasonable
 * effectiveness of quasirandom sequences"): uniform over the texture, each sample far from
 * the last ones, and one multiply per word, which the shader's compiler turns into an add.
 * A mixing hash (lowbias32 and LCG steps) made lavapipe's W1 a quarter slower than this. */
static const uint32_t kronecker[4] = {0xdb4f0b91u, 0xbbe05633u, 0xa0f2ec75u, 0x89e18285u};

static float bits_float(uint32_t b) {
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static uint32_t fbits(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* [0, 1) from the word's top 24 bits, exactly. */
static float unorm24(uint32_t h) {
    return (float)(h >> 8) * 0x1p-24f;
}

static float pow2f(int e) {
    return bits_float((uint32_t)(127 + e) << 23);
}

/* A footprint of LOD e + log2(1 + f) in [0, 4) on a 2^shift texture, normalized: e the word's
 * top two bits, f the next 23 (a piecewise-linear exp2, exact). */
static float lod_scale(uint32_t h, uint32_t shift) {
    return bits_float((uint32_t)(127 - (int)shift + (int)(h >> 30)) << 23 | (h >> 7 & 0x7fffffu));
}

/* The screen pixel of sample i in the coherent pattern on a 2^shift square screen, frame
 * after frame: 16x16 tiles in raster order, each 16 SIMD16 messages of 4x4 pixels in raster
 * order, each message four 2x2 subspans UL, UR, LL, LR, each subspan's lanes UL, UR, LL, LR. */
static void coherent_pixel(uint32_t shift, uint32_t i, uint32_t *x, uint32_t *y, uint32_t *frame) {
    const uint32_t pix = i & ((1u << 2 * shift) - 1u), tile = pix >> 8;
    const uint32_t msg = pix >> 4 & 15u, quad = pix >> 2 & 3u, corner = pix & 3u;
    *frame = i >> 2 * shift;
    *x = (tile & ((1u << (shift - 4)) - 1u)) * 16u + (msg & 3u) * 4u + (quad & 1u) * 2u +
         (corner & 1u);
    *y = (tile >> (shift - 4)) * 16u + (msg >> 2) * 4u + (quad >> 1) * 2u + (corner >> 1);
}

/* Normalized coordinates and derivatives of a 2D sample. */
typedef struct footprint {
    float u, v, dudx, dvdx, dudy, dvdy;
} footprint;

/* A ground plane seen in perspective on a 2^shift screen over a texture of the same size:
 * rows run from the near edge (depth 1, one texel per pixel across) to depth 8 at the top;
 * u follows the screen x times depth, v the depth; exact derivatives per pixel; each frame
 * scrolls the plane by (11.5, 37.25) texels. The terms of screen row y: du/dx, v, du/dy per
 * pixel from the centre, dv/dy (bench.comp computes them per sample, or reads this table). */
static void plane_row(uint32_t shift, uint32_t y, float r[4]) {
    const int sh = (int)shift;
    const float t = (float)(2u * y + 1u) * pow2f(-sh - 1); /* 0 at the top row, 1 at the bottom */
    const float d = 1.0f / (0.125f + t * 0.875f);          /* the depth: exact but for the / */
    const float g = d * d * 0.875f;
    r[0] = d * pow2f(-sh), r[1] = d * 0.5f, r[2] = -g * pow2f(-2 * sh), r[3] = -g * pow2f(-sh - 1);
}

static footprint plane_at(uint32_t shift, uint32_t x, uint32_t y, uint32_t frame) {
    const int sh = (int)shift;
    float r[4];
    plane_row(shift, y, r);
    const float cx = (float)((int32_t)(2u * x + 1u) - (1 << sh)) * 0.5f;
    const float fu = (float)(frame * 23u) * pow2f(-sh - 1);
    const float fv = (float)(frame * 149u) * pow2f(-sh - 2);
    return (footprint){cx * r[0] + 0.5f + fu, r[1] + fv, r[0], 0.0f, cx * r[2], r[3]};
}

enum {
    MAX_FRAMES = 1024, /* of the coherent walk: 2^26 samples on a 256 x 256 screen */
    MAX_ROWS = 1024    /* of the screen: the larger size */
};

/* W6 coherent: the camera's turn in frame `frame`, 0.7 rad a frame (bench.comp reads it from
 * a uniform buffer, once per invocation). */
static void cube_turn(uint32_t frame, float *c, float *s) {
    const double a = 0.3 + 0.7 * frame;
    *c = (float)cos(a), *s = (float)sin(a);
}

/* Sample i's record of kind k (kinds[].stride words, float bits or integers) for a 2^shift
 * texture (W6: screen) in pattern `pattern`: bench.comp's coordinates, op for op. */
static void gen_record(kind k, uint32_t shift, int pattern, uint32_t i, uint32_t *r) {
    const int32_t size = 1 << shift, mask = size - 1;
    const float fsize = (float)size;
    const uint32_t h0 = i * kronecker[0], h1 = i * kronecker[1], h2 = i * kronecker[2];
    const uint32_t h3 = i * kronecker[3];
    uint32_t x = 0, y = 0, frame = 0;
    footprint f;
    if (pattern == 0) { /* uniform over the texture; isotropic gradients, LOD in [0, 4) */
        const float s = lod_scale(h2, shift);
        f = (footprint){unorm24(h0), unorm24(h1), s, 0.0f, 0.0f, s};
    } else {
        coherent_pixel(shift, i, &x, &y, &frame);
        f = plane_at(shift, x, y, frame);
    }
    switch (k) {
    case KIND_LD:
        r[0] = (uint32_t)((int32_t)floorf(f.u * fsize) & mask);
        r[1] = (uint32_t)((int32_t)floorf(f.v * fsize) & mask);
        break;
    case KIND_LD4: /* the bilinear footprint of W4's sample at the same u, v */
        r[0] = (uint32_t)((int32_t)floorf(f.u * fsize - 0.5f) & mask);
        r[1] = (uint32_t)((int32_t)floorf(f.v * fsize - 0.5f) & mask);
        break;
    case KIND_LOD:
    case KIND_GATHER: r[0] = fbits(f.u), r[1] = fbits(f.v); break;
    case KIND_IMPLICIT:
        if (pattern == 0) { /* a random 2x2 subspan: four lanes, one quad, LOD in [0, 4) */
            const uint32_t q = i >> 2;
            const float qs = lod_scale(q * kronecker[2], shift);
            f.u = unorm24(q * kronecker[0]) + (float)(i & 1u) * qs;
            f.v = unorm24(q * kronecker[1]) + (float)(i >> 1 & 1u) * qs;
        }
        r[0] = fbits(f.u), r[1] = fbits(f.v);
        break;
    case KIND_GRAD:
        r[0] = fbits(f.u), r[1] = fbits(f.v);
        r[2] = fbits(f.dudx), r[3] = fbits(f.dvdx);
        r[4] = fbits(f.dudy), r[5] = fbits(f.dvdy);
        break;
    case KIND_SHADOW:
    case KIND_GATHER_C: r[0] = fbits(f.u), r[1] = fbits(f.v), r[2] = fbits(unorm24(h2)); break;
    case KIND_CUBE:
        if (pattern == 0) { /* directions uniform in [-1, 1)^3, LOD uniform in [0, 4) */
            r[0] = fbits(unorm24(h0) * 2.0f - 1.0f), r[1] = fbits(unorm24(h1) * 2.0f - 1.0f);
            r[2] = fbits(unorm24(h2) * 2.0f - 1.0f), r[3] = fbits(unorm24(h3) * 4.0f);
        } else { /* a 90-degree camera turning frame by frame, at LOD 0.5: two levels read */
            float c, s;
            cube_turn(frame, &c, &s);
            const float sx = (float)((int32_t)(2u * x + 1u) - size) * pow2f(-(int)shift);
            const float sy = (float)((int32_t)(2u * y + 1u) - size) * pow2f(-(int)shift);
            r[0] = fbits(sx * c + s), r[1] = fbits(-sy), r[2] = fbits(c - sx * s);
            r[3] = fbits(0.5f);
        }
        break;
    case KIND_COUNT: break;
    }
}

/* --check: the XOR of every word of the stream, word w of a record rotated left by w, as
 * bench.comp's CHECK variant computes it over the words it would sample. */
static uint32_t stream_check(kind k, const uint32_t *stream, uint32_t samples) {
    const uint32_t stride = kinds[k].stride;
    uint32_t x = 0;
    for (size_t i = 0; i < (size_t)samples; i++)
        for (uint32_t w = 0; w < stride; w++) {
            const uint32_t v = stream[i * stride + w];
            x ^= w == 0 ? v : v << w | v >> (32u - w);
        }
    return x;
}

/* Write `samples` records of kind k for a 2^shift texture (or screen) into out. */
static void gen_stream(kind k, uint32_t shift, int pattern, uint32_t samples, uint32_t *out) {
    for (uint32_t i = 0; i < samples; i++)
        gen_record(k, shift, pattern, i, out + (size_t)i * kinds[k].stride);
}
/* ---------------------------------------------------------------------------------------- */
/* The lavapipe side (runs in a child process)                                               */
/* ---------------------------------------------------------------------------------------- */

static int child_in = -1, child_out = -1; /* the child's ends of the two pipes */
static lvp_msg child_res;

static bool write_all(int fd, const void *buf, size_t size) {
    const char *p = buf;
    while (size > 0) {
        const ssize_t w = write(fd, p, size);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w, size -= (size_t)w;
    }
    return true;
}

static bool read_all(int fd, void *buf, size_t size) {
    char *p = buf;
    while (size > 0) {
        const ssize_t r = read(fd, p, size);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        p += r, size -= (size_t)r;
    }
    return true;
}

/* Send child_res to the parent; exit when the parent has gone. */
static void child_send(void) {
    if (!write_all(child_out, &child_res, sizeof child_res)) _exit(1);
}

__attribute__((format(printf, 2, 3), noreturn)) static void child_finish(int status,
                                                                         const char *fmt, ...) {
    child_res.status = status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(child_res.message, sizeof child_res.message, fmt, ap);
    va_end(ap);
    child_send();
    _exit(0);
}

#define VK_CHECK(call)                                                                          \
    do {                                                                                        \
        const VkResult vk_r_ = (call);                                                          \
        if (vk_r_ != VK_SUCCESS) child_finish(2, "%s failed (VkResult %d)", #call, (int)vk_r_); \
    } while (0)

typedef struct gpu {
    VkInstance instance;
    VkPhysicalDevice pdev;
    VkDevice dev;
    VkQueue queue;
    uint32_t queue_family;
    VkCommandPool cmd_pool;
    VkPhysicalDeviceMemoryProperties mem;
} gpu;

typedef struct buffer {
    VkBuffer buf;
    VkDeviceMemory mem;
    void *map;
} buffer;

static uint32_t memory_type(const gpu *g, uint32_t type_bits, VkMemoryPropertyFlags want) {
    for (uint32_t i = 0; i < g->mem.memoryTypeCount; i++)
        if ((type_bits >> i & 1) && (g->mem.memoryTypes[i].propertyFlags & want) == want) return i;
    child_finish(2, "no memory type with properties 0x%x", (unsigned)want);
}

static buffer buffer_create(const gpu *g, VkDeviceSize size, VkBufferUsageFlags usage) {
    buffer b;
    memset(&b, 0, sizeof b);
    const VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                    .size = size,
                                    .usage = usage,
                                    .sharingMode = VK_SHARING_MODE_EXCLUSIVE};
    VK_CHECK(vkCreateBuffer(g->dev, &bci, NULL, &b.buf));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(g->dev, b.buf, &req);
    const VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                      .allocationSize = req.size,
                                      .memoryTypeIndex =
                                          memory_type(g, req.memoryTypeBits,
                                                      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                          VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)};
    VK_CHECK(vkAllocateMemory(g->dev, &mai, NULL, &b.mem));
    VK_CHECK(vkBindBufferMemory(g->dev, b.buf, b.mem, 0));
    VK_CHECK(vkMapMemory(g->dev, b.mem, 0, VK_WHOLE_SIZE, 0, &b.map));
    return b;
}

static void gpu_init(gpu *g) {
    memset(g, 0, sizeof *g);
    const VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                                   .pApplicationName = "texunit texbench",
                                   .apiVersion = VK_API_VERSION_1_1};
    const VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                      .pApplicationInfo = &app};
    VkResult r = vkCreateInstance(&ici, NULL, &g->instance);
    if (r != VK_SUCCESS)
        child_finish(1, "vkCreateInstance failed (VkResult %d): no usable Vulkan driver", (int)r);
    uint32_t n = 0;
    vkEnumeratePhysicalDevices(g->instance, &n, NULL);
    VkPhysicalDevice pdevs[16];
    if (n > COUNT(pdevs)) n = COUNT(pdevs);
    vkEnumeratePhysicalDevices(g->instance, &n, pdevs);
    for (uint32_t i = 0; i < n && !g->pdev; i++) {
        VkPhysicalDeviceProperties p;
        vkGetPhysicalDeviceProperties(pdevs[i], &p);
        if (strstr(p.deviceName, "llvmpipe")) {
            g->pdev = pdevs[i];
            snprintf(child_res.device, sizeof child_res.device, "%s", p.deviceName);
        }
    }
    if (!g->pdev) child_finish(1, "no llvmpipe (lavapipe) device among %u Vulkan devices", n);

    uint32_t nq = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(g->pdev, &nq, NULL);
    VkQueueFamilyProperties qf[8];
    if (nq > COUNT(qf)) nq = COUNT(qf);
    vkGetPhysicalDeviceQueueFamilyProperties(g->pdev, &nq, qf);
    g->queue_family = UINT32_MAX;
    for (uint32_t i = 0; i < nq && g->queue_family == UINT32_MAX; i++)
        if (qf[i].queueFlags & VK_QUEUE_COMPUTE_BIT) g->queue_family = i;
    if (g->queue_family == UINT32_MAX) child_finish(1, "llvmpipe has no compute queue");
    const float prio = 1.0f;
    const VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                         .queueFamilyIndex = g->queue_family,
                                         .queueCount = 1,
                                         .pQueuePriorities = &prio};
    const VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                                    .queueCreateInfoCount = 1,
                                    .pQueueCreateInfos = &qci};
    r = vkCreateDevice(g->pdev, &dci, NULL, &g->dev);
    if (r != VK_SUCCESS) child_finish(1, "vkCreateDevice on llvmpipe failed (VkResult %d)", (int)r);
    vkGetDeviceQueue(g->dev, g->queue_family, 0, &g->queue);
    vkGetPhysicalDeviceMemoryProperties(g->pdev, &g->mem);
    const VkCommandPoolCreateInfo cpci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                          .queueFamilyIndex = g->queue_family};
    VK_CHECK(vkCreateCommandPool(g->dev, &cpci, NULL, &g->cmd_pool));
}

static VkCommandBuffer cmd_alloc(const gpu *g) {
    const VkCommandBufferAllocateInfo cbai = {.sType =
                                                  VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                              .commandPool = g->cmd_pool,
                                              .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                              .commandBufferCount = 1};
    VkCommandBuffer cmd;
    VK_CHECK(vkAllocateCommandBuffers(g->dev, &cbai, &cmd));
    const VkCommandBufferBeginInfo cbbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VK_CHECK(vkBeginCommandBuffer(cmd, &cbbi));
    return cmd;
}

static void submit_wait(const gpu *g, VkCommandBuffer cmd) {
    const VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd};
    VK_CHECK(vkQueueSubmit(g->queue, 1, &submit, VK_NULL_HANDLE));
    VK_CHECK(vkQueueWaitIdle(g->queue));
}

/* An image byte-identical to the texunit surface (packed layout = Vulkan's tightly packed
 * buffer layout, layers after each other within a level), every level and layer, in
 * SHADER_READ_ONLY_OPTIMAL; returns its view (2D or cube). */
static VkImageView upload_image(const gpu *g, const tu_surface *surf, VkFormat format) {
    const bool cube = surf->type == TU_SURFACE_CUBE;
    const VkImageAspectFlags aspect =
        format == VK_FORMAT_D32_SFLOAT ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
    const VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                                   .flags = cube ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0,
                                   .imageType = VK_IMAGE_TYPE_2D,
                                   .format = format,
                                   .extent = {surf->width, surf->height, 1},
                                   .mipLevels = surf->levels,
                                   .arrayLayers = surf->layers,
                                   .samples = VK_SAMPLE_COUNT_1_BIT,
                                   .tiling = VK_IMAGE_TILING_OPTIMAL,
                                   .usage =
                                       VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                   .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
                                   .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};
    VkImage image;
    VK_CHECK(vkCreateImage(g->dev, &ici, NULL, &image));
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(g->dev, image, &req);
    const VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                      .allocationSize = req.size,
                                      .memoryTypeIndex = memory_type(g, req.memoryTypeBits, 0)};
    VkDeviceMemory mem;
    VK_CHECK(vkAllocateMemory(g->dev, &mai, NULL, &mem));
    VK_CHECK(vkBindImageMemory(g->dev, image, mem, 0));

    buffer staging = buffer_create(g, surf->size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
    memcpy(staging.map, surf->data, surf->size);
    VkCommandBuffer cmd = cmd_alloc(g);
    VkImageMemoryBarrier imb = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                                .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                                .newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                .image = image,
                                .subresourceRange = {aspect, 0, surf->levels, 0, surf->layers}};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 0, NULL, 1, &imb);
    VkBufferImageCopy regions[TU_MAX_LEVELS];
    for (uint32_t l = 0; l < surf->levels; l++) {
        uint32_t w, h, d;
        tu_surface_level_extent(surf, l, &w, &h, &d);
        regions[l] = (VkBufferImageCopy){.bufferOffset = surf->level[l].offset,
                                         .imageSubresource = {aspect, l, 0, surf->layers},
                                         .imageExtent = {w, h, d}};
    }
    vkCmdCopyBufferToImage(cmd, staging.buf, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                           surf->levels, regions);
    imb.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    imb.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
    imb.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    imb.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         0, 0, NULL, 0, NULL, 1, &imb);
    VK_CHECK(vkEndCommandBuffer(cmd));
    submit_wait(g, cmd);
    vkFreeCommandBuffers(g->dev, g->cmd_pool, 1, &cmd);
    vkUnmapMemory(g->dev, staging.mem);
    vkDestroyBuffer(g->dev, staging.buf, NULL);
    vkFreeMemory(g->dev, staging.mem, NULL);

    const VkImageViewCreateInfo vci = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .image = image,
        .viewType = cube ? VK_IMAGE_VIEW_TYPE_CUBE : VK_IMAGE_VIEW_TYPE_2D,
        .format = format,
        .subresourceRange = {aspect, 0, surf->levels, 0, surf->layers}};
    VkImageView view;
    VK_CHECK(vkCreateImageView(g->dev, &vci, NULL, &view));
    return view; /* the image and its memory live until the child exits */
}

typedef struct push {
    uint32_t shift; /* log2 of the texture's (W6: the screen's) size */
} push;

/* The Vulkan sampler of a workload: the fields of workload_sampler. */
static VkSampler vk_sampler(const gpu *g, const workload *wl) {
    const VkFilter filter = wl->filter == TU_FILTER_LINEAR ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
    const VkSamplerAddressMode address = wl->tex == TEX_CUBE ? VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE
                                                             : VK_SAMPLER_ADDRESS_MODE_REPEAT;
    const VkSamplerCreateInfo sci = {
        .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
        .magFilter = filter,
        .minFilter = filter,
        .mipmapMode = wl->mip == TU_MIP_LINEAR ? VK_SAMPLER_MIPMAP_MODE_LINEAR
                                               : VK_SAMPLER_MIPMAP_MODE_NEAREST,
        .addressModeU = address,
        .addressModeV = address,
        .addressModeW = address,
        .anisotropyEnable = VK_FALSE,
        .compareEnable = wl->compare != TU_COMPARE_OFF,
        .compareOp = VK_COMPARE_OP_LESS_OR_EQUAL, /* W5's only compare */
        .maxLod = VK_LOD_CLAMP_NONE};
    VkSampler sampler;
    VK_CHECK(vkCreateSampler(g->dev, &sci, NULL, &sampler));
    return sampler;
}

/* What the rows need of the child's set-up. */
typedef struct lvp_setup {
    gpu g;
    VkImageView views[SIZE_COUNT][TEX_COUNT];
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout pipe_layout;
    VkDescriptorPool pool;
    VkShaderModule modules[SH_COUNT];
    /* [shader][pattern][coords][shape][check], compiled when a row first needs it */
    VkPipeline pipes[SH_COUNT][PAT_COUNT][COORDS_COUNT][SHAPE_COUNT][2];
    buffer turns, sums;      /* W6's camera per frame; one vec4 per invocation */
    buffer rows[SIZE_COUNT]; /* the plane's terms per screen row (plane_row) */
    uint32_t samples;
    /* the row prepared last: its sampler, descriptor set and recorded dispatches */
    int si, p, w; /* w = -1: none */
    VkSampler sampler;
    VkDescriptorSet set;
    VkCommandBuffer cmd[COORDS_COUNT][SHAPE_COUNT][2]; /* [..][check]; VK_NULL_HANDLE: not yet */
} lvp_setup;

/* The pipeline of bench.comp's mode `shader` specialized for a pattern and a variant (check:
 * its coordinate check); compiled once, outside the timing. */
static VkPipeline lavapipe_pipeline(lvp_setup *c, int shader, int p, coords co, int s, int check) {
    VkPipeline *pipe = &c->pipes[shader][p][co][s][check];
    if (*pipe) return *pipe;
    const lvp_shape *sh = &lvp_shapes[s];
    /* bench.comp's constant_ids 0-5: local size, K, PATTERN, INTERLEAVE, TABLE, CHECK */
    const uint32_t data[6] = {sh->local,
                              sh->k,
                              (uint32_t)p,
                              sh->interleave ? VK_TRUE : VK_FALSE,
                              co == COORDS_TABLE ? VK_TRUE : VK_FALSE,
                              check ? VK_TRUE : VK_FALSE};
    VkSpecializationMapEntry entries[6];
    for (uint32_t i = 0; i < 6; i++)
        entries[i] = (VkSpecializationMapEntry){i, i * 4u, 4};
    const VkSpecializationInfo spec = {6, entries, sizeof data, data};
    const VkComputePipelineCreateInfo cpci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                  .module = c->modules[shader],
                  .pName = "main",
                  .pSpecializationInfo = &spec},
        .layout = c->pipe_layout};
    VK_CHECK(vkCreateComputePipelines(c->g.dev, VK_NULL_HANDLE, 1, &cpci, NULL, pipe));
    return *pipe;
}

/* Row (si, p, w)'s sampler and descriptor set. */
static void lavapipe_prepare(lvp_setup *c, int si, int w) {
    const workload *wl = &workloads[w];
    c->sampler = vk_sampler(&c->g, wl);
    const VkDescriptorSetAllocateInfo dsai = {.sType =
                                                  VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                              .descriptorPool = c->pool,
                                              .descriptorSetCount = 1,
                                              .pSetLayouts = &c->set_layout};
    VK_CHECK(vkAllocateDescriptorSets(c->g.dev, &dsai, &c->set));
    const VkDescriptorImageInfo dii = {c->sampler, c->views[si][wl->tex],
                                       VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    const VkDescriptorBufferInfo dbi[3] = {{c->turns.buf, 0, VK_WHOLE_SIZE},
                                           {c->sums.buf, 0, VK_WHOLE_SIZE},
                                           {c->rows[si].buf, 0, VK_WHOLE_SIZE}};
    const VkDescriptorType types[4] = {
        VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
        VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER};
    VkWriteDescriptorSet wr[4];
    for (uint32_t i = 0; i < 4; i++)
        wr[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                       .dstSet = c->set,
                                       .dstBinding = i,
                                       .descriptorCount = 1,
                                       .descriptorType = types[i],
                                       .pImageInfo = i == 0 ? &dii : NULL,
                                       .pBufferInfo = i == 0 ? NULL : &dbi[i - 1]};
    vkUpdateDescriptorSets(c->g.dev, 4, wr, 0, NULL);
}

/* The current row's dispatch of variant (co, s) (or its check), recorded and run once to warm
 * up the first time it is asked for. */
static VkCommandBuffer lavapipe_cmd(lvp_setup *c, coords co, int s, int check) {
    VkCommandBuffer *cmd = &c->cmd[co][s][check];
    if (*cmd) return *cmd;
    const workload *wl = &workloads[c->w];
    const VkPipeline pipe = lavapipe_pipeline(c, kinds[wl->kind].shader, c->p, co, s, check);
    const uint32_t groups = c->samples / (lvp_shapes[s].k * lvp_shapes[s].local);
    *cmd = cmd_alloc(&c->g);
    vkCmdBindPipeline(*cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
    vkCmdBindDescriptorSets(*cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipe_layout, 0, 1, &c->set, 0,
                            NULL);
    const push pc = {(uint32_t)__builtin_ctz(sizes[c->si])};
    vkCmdPushConstants(*cmd, c->pipe_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof pc, &pc);
    vkCmdDispatch(*cmd, groups, 1, 1);
    const VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                                .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
    vkCmdPipelineBarrier(*cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                         1, &mb, 0, NULL, 0, NULL);
    VK_CHECK(vkEndCommandBuffer(*cmd));
    submit_wait(&c->g, *cmd); /* warm-up */
    return *cmd;
}

/* Variant (co, s) of the current row `reps` times: the best rate, and the sum of what it
 * sampled. */
static double lavapipe_time(lvp_setup *c, coords co, int s, unsigned reps, double *sum) {
    const VkCommandBuffer cmd = lavapipe_cmd(c, co, s, 0);
    double best = 1e30;
    for (unsigned r = 0; r < reps; r++) {
        const double t0 = now_s();
        submit_wait(&c->g, cmd);
        best = fmin(best, now_s() - t0);
    }
    const float *v = c->sums.map;
    double total = 0.0;
    for (size_t i = 0; i < (size_t)(c->samples / lvp_shapes[s].k) * 4u; i++)
        total += v[i];
    *sum = total;
    return c->samples / best * 1e-6;
}

/* Variant (co, s)'s coordinate check: the XOR of the words it would sample (bench.comp). */
static uint32_t lavapipe_check(lvp_setup *c, coords co, int s) {
    (void)lavapipe_cmd(c, co, s, 1); /* its first run is the one */
    const uint32_t *v = c->sums.map;
    uint32_t x = 0;
    for (size_t i = 0; i < (size_t)(c->samples / lvp_shapes[s].k) * 4u; i++)
        x ^= v[i];
    return x;
}

/* Whether variant way `co` applies to row (p, w): the table only holds the 2D plane. */
static bool coords_apply(coords co, int p, int w) {
    return co == COORDS_COMPUTED || (p == 1 && workloads[w].tex != TEX_CUBE);
}

/* Prepare row (si, p, w) unless it is the one prepared last, then time every variant that
 * applies `reps` times, one after the other, and with `check` check each, into child_res. */
static void lavapipe_row(lvp_setup *c, int si, int p, int w, unsigned reps, bool check) {
    if (c->w >= 0 && (c->si != si || c->p != p || c->w != w)) {
        for (int co = 0; co < COORDS_COUNT; co++)
            for (int s = 0; s < SHAPE_COUNT; s++)
                for (int k = 0; k < 2; k++)
                    if (c->cmd[co][s][k])
                        vkFreeCommandBuffers(c->g.dev, c->g.cmd_pool, 1, &c->cmd[co][s][k]);
        memset(c->cmd, 0, sizeof c->cmd);
        VK_CHECK(vkFreeDescriptorSets(c->g.dev, c->pool, 1, &c->set));
        vkDestroySampler(c->g.dev, c->sampler, NULL);
        c->w = -1;
    }
    if (c->w < 0) {
        lavapipe_prepare(c, si, w);
        c->si = si, c->p = p, c->w = w;
    }
    for (int s = 0; s < SHAPE_COUNT; s++)
        for (int co = 0; co < COORDS_COUNT; co++)
            if (coords_apply((coords)co, p, w))
                child_res.msps[co][s] =
                    lavapipe_time(c, (coords)co, s, reps, &child_res.sum[co][s]);
    for (int s = 0; s < SHAPE_COUNT && check; s++)
        for (int co = 0; co < COORDS_COUNT; co++)
            if (coords_apply((coords)co, p, w))
                child_res.check[co][s] = lavapipe_check(c, (coords)co, s);
}

/* Set up every selected texture, the shader modules and the buffers, say so, then run the
 * rows the parent asks for, one at a time, until it says stop. Never returns. */
__attribute__((noreturn)) static void lavapipe_child(tu_surface surf[SIZE_COUNT][TEX_COUNT],
                                                     const selection *sel, uint32_t samples) {
    static lvp_setup c; /* the child's one set-up */
    c.samples = samples;
    c.w = -1;
    gpu_init(&c.g);

    bool filter_ok[TEX_COUNT];
    for (int t = 0; t < TEX_COUNT; t++) {
        VkFormatProperties fp;
        vkGetPhysicalDeviceFormatProperties(c.g.pdev, tex_vk_format[t], &fp);
        if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT))
            child_finish(1, "llvmpipe cannot sample format %d", (int)tex_vk_format[t]);
        filter_ok[t] =
            (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT) != 0;
    }
    for (int si = 0; si < SIZE_COUNT; si++)
        for (int t = 0; t < TEX_COUNT; t++)
            if (sel->size[si]) c.views[si][t] = upload_image(&c.g, &surf[si][t], tex_vk_format[t]);

    c.turns = buffer_create(&c.g, MAX_FRAMES * 16u, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT);
    float *turn = c.turns.map;
    for (uint32_t f = 0; f < MAX_FRAMES; f++) {
        cube_turn(f, &turn[4 * f], &turn[4 * f + 1]);
        turn[4 * f + 2] = turn[4 * f + 3] = 0.0f;
    }
    c.sums = buffer_create(&c.g, (VkDeviceSize)(samples / MIN_K) * 16u,
                           VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    for (int si = 0; si < SIZE_COUNT; si++) {
        c.rows[si] = buffer_create(&c.g, MAX_ROWS * 16u, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT);
        float *r = c.rows[si].map;
        for (uint32_t y = 0; y < sizes[si]; y++)
            plane_row((uint32_t)__builtin_ctz(sizes[si]), y, &r[4 * y]);
    }

    const VkDescriptorSetLayoutBinding b[4] = {
        {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {1, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {3, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
    };
    const VkDescriptorSetLayoutCreateInfo dslci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = 4,
        .pBindings = b};
    VK_CHECK(vkCreateDescriptorSetLayout(c.g.dev, &dslci, NULL, &c.set_layout));
    const VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(push)};
    const VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                             .setLayoutCount = 1,
                                             .pSetLayouts = &c.set_layout,
                                             .pushConstantRangeCount = 1,
                                             .pPushConstantRanges = &pcr};
    VK_CHECK(vkCreatePipelineLayout(c.g.dev, &plci, NULL, &c.pipe_layout));
    const VkDescriptorPoolSize ps[3] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1},
                                        {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2},
                                        {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1}};
    const VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                             .flags =
                                                 VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT,
                                             .maxSets = 1,
                                             .poolSizeCount = 3,
                                             .pPoolSizes = ps};
    VK_CHECK(vkCreateDescriptorPool(c.g.dev, &dpci, NULL, &c.pool));
    for (int m = 0; m < SH_COUNT; m++) {
        const VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                               .codeSize = shader_spv[m].size,
                                               .pCode = shader_spv[m].code};
        VK_CHECK(vkCreateShaderModule(c.g.dev, &smci, NULL, &c.modules[m]));
    }

    child_send(); /* set up: status 0 and the device */
    for (;;) {
        lvp_request rq;
        if (!read_all(child_in, &rq, sizeof rq) || rq.si < 0) _exit(0);
        memset(child_res.msps, 0, sizeof child_res.msps);
        const int si = rq.si, p = rq.p, w = rq.w;
        if (si >= SIZE_COUNT || !sel->size[si] || p < 0 || p >= PAT_COUNT || w < 0 ||
            w >= WL_COUNT || kinds[workloads[w].kind].shader < 0 || rq.reps == 0 ||
            rq.reps > MAX_REPS)
            child_finish(2, "no lavapipe row %d %d %d", si, p, w);
        const workload *wl = &workloads[w];
        if (wl->filter == TU_FILTER_LINEAR && !filter_ok[wl->tex]) { /* n/a */
            child_send();
            continue;
        }
        lavapipe_row(&c, si, p, w, rq.reps, rq.check);
        child_send();
    }
}

/* The lavapipe child (LP_NUM_THREADS=1) as the parent sees it. */
typedef struct lavapipe {
    pid_t pid;
    int to, from; /* requests to the child, its messages back */
} lavapipe;

/* Why the child stopped talking. */
static void lavapipe_lost(lavapipe *lp, lvp_msg *m) {
    int wstatus = 0;
    waitpid(lp->pid, &wstatus, 0);
    lp->pid = -1;
    memset(m, 0, sizeof *m);
    m->status = 2;
    if (WIFSIGNALED(wstatus))
        snprintf(m->message, sizeof m->message, "the lavapipe process died (signal %d)",
                 WTERMSIG(wstatus));
    else
        snprintf(m->message, sizeof m->message, "the lavapipe process exited early");
}

/* Start the child; returns its set-up message (status 1: lavapipe cannot be used). */
static lvp_msg lavapipe_start(lavapipe *lp, tu_surface surf[SIZE_COUNT][TEX_COUNT],
                              const selection *sel, uint32_t samples) {
    int down[2], up[2];
    if (pipe(down) != 0 || pipe(up) != 0) die("pipe: %s", strerror(errno));
    fflush(NULL);
    lp->pid = fork();
    if (lp->pid < 0) die("fork: %s", strerror(errno));
    if (lp->pid == 0) {
        close(down[1]);
        close(up[0]);
        child_in = down[0];
        child_out = up[1];
        memset(&child_res, 0, sizeof child_res);
        setenv("LP_NUM_THREADS", "1", 1);
        lavapipe_child(surf, sel, samples);
    }
    close(down[0]);
    close(up[1]);
    lp->to = down[1];
    lp->from = up[0];
    lvp_msg m;
    if (!read_all(lp->from, &m, sizeof m)) lavapipe_lost(lp, &m);
    return m;
}

/* Run one row on lavapipe. */
static lvp_msg lavapipe_run(lavapipe *lp, int si, int p, int w, unsigned reps, bool check) {
    const lvp_request rq = {si, p, w, reps, check};
    lvp_msg m;
    if (!write_all(lp->to, &rq, sizeof rq) || !read_all(lp->from, &m, sizeof m))
        lavapipe_lost(lp, &m);
    return m;
}

static void lavapipe_stop(lavapipe *lp) {
    const lvp_request rq = {-1, 0, 0, 0, false};
    if (lp->pid > 0) {
        (void)write_all(lp->to, &rq, sizeof rq);
        waitpid(lp->pid, NULL, 0);
    }
    close(lp->to);
    close(lp->from);
}

/* ---------------------------------------------------------------------------------------- */
/* The texunit side                                                                          */
/* ---------------------------------------------------------------------------------------- */

/* The generator stores the packed float formats' fields as raw bits (infinities, NaNs,
 * values up to 65408: tu_texel_hash_field); a texture of them holds colours instead: each
 * texel of every level R, G, B in [0, 1) from the texel hash, encoded as the format stores
 * them, so that both sides filter ordinary values and the sums compare. */
static void refill_unit(const tu_surface *s, uint32_t seed) {
    const uint32_t bpp = tu_format_bytes(s->format);
    for (uint32_t L = 0; L < s->levels; L++) {
        const uint32_t w = s->width >> L ? s->width >> L : 1,
                       h = s->height >> L ? s->height >> L : 1;
        for (uint32_t layer = 0; layer < s->layers; layer++)
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++) {
                    tu_texel v = {{0}};
                    for (uint32_t c = 0; c < 3; c++)
                        v.f[c] =
                            (float)(tu_texel_hash(seed, L, layer, x, y, 0, c) >> 8) / 16777216.0f;
                    v.f[3] = 1.0f;
                    const tu_level_layout *lv = &s->level[L];
                    tu_format_encode(s->format, &v,
                                     (uint8_t *)s->data + lv->offset + layer * lv->layer_pitch +
                                         (uint64_t)y * lv->row_pitch + (uint64_t)x * bpp);
                }
    }
}

static void make_surface(tu_surface *s, tex_id t, uint32_t size) {
    tu_error err;
    memset(s, 0, sizeof *s);
    s->type = t == TEX_CUBE ? TU_SURFACE_CUBE : TU_SURFACE_2D;
    s->format = tex_format[t];
    s->tiling = TU_TILING_LINEAR;
    s->width = s->height = size;
    s->depth = s->samples = 1;
    s->layers = t == TEX_CUBE ? 6 : 1;
    s->levels = 1;
    s->levels = tu_surface_max_levels(s);
    s->level_count = s->levels;
    uint64_t need = 0;
    if (tu_surface_layout_packed(s, &need, &err) != TU_OK) die("layout: %s", err.message);
    s->data = malloc((size_t)need);
    if (!s->data) die("out of memory");
    s->size = (size_t)need;
    if (tu_surface_fill_hash(s, 0x7e57u + (uint32_t)t, &err) != TU_OK) die("fill: %s", err.message);
    if (t == TEX_B10G11R11 || t == TEX_RGB9E5) refill_unit(s, 0x7e57u + (uint32_t)t);
}

/* The compiler of this build (the library's: one CMake build, one compiler). */
#define TEXBENCH_STR_(x) #x
#define TEXBENCH_STR(x)  TEXBENCH_STR_(x)
#if defined(__clang__)
#define TEXBENCH_COMPILER                                                                      \
    "clang " TEXBENCH_STR(__clang_major__) "." TEXBENCH_STR(__clang_minor__) "." TEXBENCH_STR( \
        __clang_patchlevel__)
#elif defined(__GNUC__)
#define TEXBENCH_COMPILER "gcc " __VERSION__
#else
#define TEXBENCH_COMPILER "an unnamed compiler"
#endif

typedef enum path { PATH_BOUND, PATH_EXECUTE } path;

/* Everything one (workload, size, pattern) needs; read-only while its threads run. */
typedef struct setup {
    const workload *wl;
    const tu_surface *surface;
    tu_sampler sampler;
    tu_binding binding;
    const uint32_t *stream;
    /* The stream transposed as the messages hold it: per message, per word of a sample
     * record, its SIMD16 lanes (what a simulator's registers already hold; filled at
     * setup, outside the timing). */
    uint32_t *lanes;
    uint32_t size; /* the texture's level-0 size (W4f's wrap) */
    uint32_t msgs; /* SIMD16 messages in the stream */
    /* W8 through vISA: the parsed kernel, its bindings, the GRF offsets of U, V, the reply */
    tu_visa_kernel kernel;
    tu_visa_bindings *vbind;
    uint32_t visa_u, visa_v, visa_dst;
    /* W8 through a send: the lowered payload (built once), the offsets of u and v in it */
    const tu_target *target;
    tu_payload *payload;
    uint32_t send_u, send_v;
    const tu_surface *binding_table[1];
    const tu_sampler *sampler_states[1];
    tu_send_tables tables;
} setup;

/* The messages of one timed run: `passes` times over the stream's `msgs`, handed out
 * CHUNK at a time to whichever thread asks next. A static split (one half each) timed
 * the slower thread: on a shared host a vCPU that loses a few milliseconds to another
 * guest made the two-thread rate read anywhere from 1.2 to 2.4x one thread's. Taking
 * chunks, the other thread does the work meanwhile, as a simulator's pool of workers would. */
typedef struct work {
    atomic_uint next; /* the next chunk to hand out */
    uint32_t msgs, chunks;
} work;

/* One thread's part of a run. */
typedef struct job {
    const setup *s;
    path path;
    work *work;
    pthread_barrier_t *start; /* every thread's setup done: the timed loops begin together */
    double begin, end;        /* the thread's timed loop */
    double sum;
    tu_status status;
    tu_error err;
} job;

/* The next chunk for j, as messages [*first, *end) of the stream; false when none is left
 * or j has failed. */
static bool job_take(job *j, uint32_t *first, uint32_t *end) {
    work *w = j->work;
    if (j->status != TU_OK) return false;
    const unsigned c = atomic_fetch_add_explicit(&w->next, 1u, memory_order_relaxed);
    if (c >= w->chunks) return false;
    const uint32_t per_pass = (w->msgs + CHUNK - 1u) / CHUNK;
    *first = c % per_pass * CHUNK;
    *end = *first + CHUNK < w->msgs ? *first + CHUNK : w->msgs;
    return true;
}

/* After a thread's setup (its buffers, a vISA thread state): wait for the others, then time. */
static void job_begin(job *j) {
    pthread_barrier_wait(j->start);
    j->begin = now_s();
}

/* The sums of the enabled channels of SIMD16 float replies, per channel and lane, as
 * bench.comp sums them: an invocation adds its K samples into a float vec4, so each lane adds
 * SUM_PART messages into a float (part), then that into its double total (a job's totals need the
 * precision); independent additions, no chain of 64 dependent ones per message. Adding every
 * reply into doubles (64 conversions a message, in the baseline ISA this file is built for)
 * took W1 and W2 4-8 % longer than this (best of five alternating runs of texbench). */
typedef struct lane_sums {
    double v[4][SIMD];
    float part[4][SIMD];
    unsigned count; /* messages added into part */
} lane_sums;

static void lane_sums_fold(lane_sums *a) {
    for (unsigned ch = 0; ch < 4; ch++)
        for (int l = 0; l < SIMD; l++)
            a->v[ch][l] += a->part[ch][l], a->part[ch][l] = 0.0f;
    a->count = 0;
}

/* Add a reply laid out channel after channel `stride` bytes apart (the GRF layouts, or a
 * tu_reply). */
static void lane_sums_add(lane_sums *a, const uint8_t *p, size_t stride, uint32_t channels) {
    for (unsigned ch = 0; ch < 4; ch++) {
        if (!(channels >> ch & 1u)) continue;
        float v[SIMD];
        memcpy(v, p + ch * stride, sizeof v);
        for (int l = 0; l < SIMD; l++)
            a->part[ch][l] += v[l];
    }
    if (++a->count == SUM_PART) lane_sums_fold(a);
}

static double lane_sums_total(lane_sums *a) {
    lane_sums_fold(a);
    double total = 0.0;
    for (unsigned ch = 0; ch < 4; ch++)
        for (int l = 0; l < SIMD; l++)
            total += a->v[ch][l];
    return total;
}

/* Copy message m's sample records into the message's sources (kinds[].src says where each
 * word goes) from the stream transposed to lanes (setup.lanes: one SIMD16 row per word). */
static void fill_msg(tu_msg *msg, kind k, const uint32_t *lanes) {
    const struct kind_info *ki = &kinds[k];
    for (uint32_t w = 0; w < ki->stride; w++)
        memcpy(msg->src[ki->src[w]].u, lanes + (size_t)w * SIMD, SIMD * 4u);
}

/* n zeroed bytes at a 64-byte boundary (free with free). */
static void *zalloc64(size_t n) {
    n = (n + 63u) / 64u * 64u;
    void *p = aligned_alloc(64, n);
    if (p) memset(p, 0, n);
    return p;
}

static void job_engine(job *j) {
    const setup *s = j->s;
    const workload *wl = s->wl;
    const uint32_t stride = kinds[wl->kind].stride, mask = s->size - 1u;
    /* On 64-byte boundaries, as a caller that wants the kernels' speed keeps them (sampler.h:
     * from calloc, W1 ran 10-25 % slower, by how the heap happened to place them). */
    tu_msg *msg = zalloc64(sizeof *msg); /* zero LOD: W1, W2, W4 */
    tu_reply *reply = zalloc64(sizeof *reply);
    if (!msg || !reply) die("out of memory");
    msg->op = wl->op;
    msg->simd = SIMD;
    msg->lane_mask = (1u << SIMD) - 1u;
    msg->channel_mask = wl->channels;
    lane_sums *acc = calloc(1, sizeof *acc);
    if (!acc) die("out of memory");
    job_begin(j);
    for (uint32_t m, end; job_take(j, &m, &end);)
        for (; m < end && j->status == TU_OK; m++) {
            const uint32_t *lanes = s->lanes + (size_t)m * SIMD * stride;
            fill_msg(msg, wl->kind, lanes);
            const int parts = wl->kind == KIND_LD4 ? 4 : 1; /* W4f: the 2x2 footprint, wrapped */
            for (int q = 0; q < parts && j->status == TU_OK; q++) {
                if (wl->kind == KIND_LD4)
                    for (int l = 0; l < SIMD; l++) {
                        msg->src[TU_SRC_U].u[l] = (lanes[l] + (uint32_t)(q & 1)) & mask;
                        msg->src[TU_SRC_V].u[l] = (lanes[SIMD + l] + (uint32_t)(q >> 1)) & mask;
                    }
                j->status = j->path == PATH_BOUND
                                ? tu_execute_bound(&s->binding, msg, reply, &j->err)
                                : tu_execute(msg, s->surface, &s->sampler, reply, &j->err);
                lane_sums_add(acc, (const uint8_t *)reply->channel, sizeof reply->channel[0],
                              wl->channels);
            }
        }
    j->end = now_s();
    j->sum = lane_sums_total(acc);
    free(acc);
    free(msg);
    free(reply);
}

/* W8: the kernel once per thread (its own GRF file), the coordinates written per message. */
static void job_visa(job *j) {
    const setup *s = j->s;
    tu_visa_state st;
    j->status = tu_visa_state_init(&st, &s->kernel, &j->err);
    job_begin(j); /* also on failure: the other threads wait for this one */
    if (j->status != TU_OK) return;
    st.dispatch_mask = (1u << SIMD) - 1u;
    lane_sums acc = {{{0}}, {{0}}, 0};
    for (uint32_t m, end; job_take(j, &m, &end);)
        for (; m < end && j->status == TU_OK; m++) {
            const uint32_t *lanes = s->lanes + (size_t)m * SIMD * 2u; /* u, then v */
            memcpy(st.grf + s->visa_u, lanes, SIMD * 4u);
            memcpy(st.grf + s->visa_v, lanes + SIMD, SIMD * 4u);
            j->status = tu_visa_execute(&s->kernel, &st, s->vbind, &j->err);
            lane_sums_add(&acc, st.grf + s->visa_dst, SIMD * 4, s->wl->channels);
        }
    j->end = now_s();
    j->sum = lane_sums_total(&acc);
    tu_visa_state_free(&st);
}

/* W8: the payload built once, copied per thread, u and v written per message. */
static void job_send(job *j) {
    const setup *s = j->s;
    const tu_payload *pl = s->payload;
    const size_t bytes = (size_t)pl->mlen * s->target->grf_bytes;
    uint8_t payload[sizeof pl->grf], response[8 * TU_LOWER_MAX_GRF_BYTES * 2];
    memcpy(payload, pl->grf, bytes);
    const tu_send snd = {pl->desc, pl->ex_desc, pl->exec_mask, payload, bytes, 0, 0, NULL, 0};
    /* each channel's SIMD16 floats start at a fresh GRF (tu_lower_response_write) */
    const size_t chan =
        (SIMD * 4 + s->target->grf_bytes - 1) / s->target->grf_bytes * s->target->grf_bytes;
    lane_sums acc = {{{0}}, {{0}}, 0};
    job_begin(j);
    for (uint32_t m, end; job_take(j, &m, &end);)
        for (; m < end && j->status == TU_OK; m++) {
            const uint32_t *lanes = s->lanes + (size_t)m * SIMD * 2u; /* u, then v */
            memcpy(payload + s->send_u, lanes, SIMD * 4u);
            memcpy(payload + s->send_v, lanes + SIMD, SIMD * 4u);
            j->status =
                tu_send_execute(&snd, s->target, &s->tables, response, sizeof response, &j->err);
            lane_sums_add(&acc, response, chan, s->wl->channels);
        }
    j->end = now_s();
    j->sum = lane_sums_total(&acc);
}

static void *job_run(void *arg) {
    job *j = arg;
    switch (j->s->wl->front) {
    case FRONT_ENGINE: job_engine(j); break;
    case FRONT_VISA: job_visa(j); break;
    case FRONT_SEND: job_send(j); break;
    }
    return NULL;
}

/* Run `msgs` messages `passes` times over on `threads` threads (the calling one and
 * threads - 1 more); returns the seconds taken and the sum of every returned channel in one
 * pass. The time runs from the first thread's start to the last one's end, all threads
 * having started together after their setup: starting a thread and its first allocations
 * (a new malloc arena) are not sampling. */
static double run_jobs(const setup *s, path p, unsigned threads, uint32_t msgs, unsigned passes,
                       double *sum) {
    job jobs[MAX_THREADS];
    pthread_t tid[MAX_THREADS];
    pthread_barrier_t start;
    work w = {.msgs = msgs, .chunks = (msgs + CHUNK - 1u) / CHUNK * passes};
    atomic_init(&w.next, 0u);
    if (pthread_barrier_init(&start, NULL, threads) != 0) die("pthread_barrier_init failed");
    for (unsigned t = 0; t < threads; t++)
        jobs[t] = (job){.s = s, .path = p, .work = &w, .start = &start};
    for (unsigned t = 1; t < threads; t++)
        if (pthread_create(&tid[t], NULL, job_run, &jobs[t]) != 0) die("pthread_create failed");
    job_run(&jobs[0]);
    for (unsigned t = 1; t < threads; t++)
        pthread_join(tid[t], NULL);
    pthread_barrier_destroy(&start);
    double begin = jobs[0].begin, end = jobs[0].end;
    for (unsigned t = 1; t < threads; t++) {
        begin = jobs[t].begin < begin ? jobs[t].begin : begin;
        end = jobs[t].end > end ? jobs[t].end : end;
    }
    const double dt = end - begin;
    *sum = 0.0;
    for (unsigned t = 0; t < threads; t++) {
        if (jobs[t].status != TU_OK)
            die("%s (%s): %s", s->wl->id, p == PATH_BOUND ? "bound" : "tu_execute",
                jobs[t].err.message);
        *sum += jobs[t].sum / passes;
    }
    return dt;
}

/* W8's vISA kernel: W7's SAMPLE, SIMD16, RGBA, surface T6 = binding-table entry 0, sampler
 * S0 = sampler state 0. The coordinates are rewritten in U and V before every execution. */
static const char visa_kernel_text[] =
    ".version 4.2\n"
    ".kernel \"texbench_w8\"\n"
    ".decl D v_type=G type=f num_elts=64 align=GRF\n"
    ".decl U v_type=G type=f num_elts=16 align=GRF\n"
    ".decl V v_type=G type=f num_elts=16 align=GRF\n"
    ".decl S0 v_type=S num_elts=1\n"
    ".decl T6 v_type=T num_elts=1\n"
    "movs (M1_NM, 1) T6(0) 0x0:ud\n"
    "movs (M1_NM, 1) S0(0) 0x0:ud\n"
    "sample_3d.RGBA (M1, 16)  0x0:uw S0 T6 D.0 %null.0 U.0 V.0\n";

static uint32_t visa_var_offset(const tu_visa_kernel *k, const char *name) {
    for (uint32_t i = 0; i < k->var_count; i++)
        if (strcmp(k->vars[i].name, name) == 0) return k->vars[i].grf_offset;
    die("W8: the vISA kernel has no variable %s", name);
}

/* The payload offset of parameter `name` of a lowered message. */
static uint32_t payload_param_offset(const tu_payload *pl, const tu_target *t, const char *name) {
    for (uint32_t p = 0; p < pl->param_count; p++)
        if (strcmp(pl->param_names[p], name) == 0) {
            if (pl->param_bytes != 4)
                die("W8: the send carries %u-byte parameters", pl->param_bytes);
            return ((pl->header ? 1u : 0u) + p * pl->param_regs) * t->grf_bytes;
        }
    die("W8: the lowered sample carries no parameter %s", name);
}

/* Bind (and for W8 build the kernel or the send) for workload wl on surface surf. */
static void setup_init(setup *s, const workload *wl, const tu_surface *surf, const uint32_t *stream,
                       uint32_t samples, tu_isa isa) {
    tu_error err;
    memset(s, 0, sizeof *s);
    s->wl = wl;
    s->surface = surf;
    s->sampler = workload_sampler(wl);
    s->stream = stream;
    s->size = surf->width;
    s->msgs = samples / SIMD;
    const uint32_t stride = kinds[wl->kind].stride;
    s->lanes = malloc((size_t)samples * stride * 4u);
    if (!s->lanes) die("out of memory");
    for (uint32_t m = 0; m < s->msgs; m++)
        for (uint32_t w = 0; w < stride; w++)
            for (uint32_t l = 0; l < SIMD; l++)
                s->lanes[((size_t)m * stride + w) * SIMD + l] =
                    stream[((size_t)m * SIMD + l) * stride + w];
    /* The binding, with the kernel build of --isa (tu_execute always takes the best). */
    if (tu_bind_isa(surf, &s->sampler, isa, &s->binding, &err) != TU_OK)
        die("tu_bind_isa (%s, %s): %s", wl->id, tu_isa_name(isa), err.message);
    if (wl->front == FRONT_VISA) {
        if (tu_visa_parse(visa_kernel_text, strlen(visa_kernel_text), TU_VISA_XE_LP, &s->kernel,
                          &err) != TU_OK)
            die("W8 vISA kernel: %s", err.message);
        s->visa_u = visa_var_offset(&s->kernel, "U");
        s->visa_v = visa_var_offset(&s->kernel, "V");
        s->visa_dst = visa_var_offset(&s->kernel, "D");
        s->vbind = calloc(1, sizeof *s->vbind);
        if (!s->vbind) die("out of memory");
        s->vbind->surfaces[0] = surf;
        s->vbind->samplers[0] = &s->sampler;
    } else if (wl->front == FRONT_SEND) {
        s->target = tu_target_preset("tgl");
        tu_lmsg *lm = calloc(1, sizeof *lm);
        tu_lplan *plan = calloc(1, sizeof *plan);
        s->payload = calloc(1, sizeof *s->payload);
        if (!lm || !plan || !s->payload) die("out of memory");
        lm->msg.op = wl->op;
        lm->msg.simd = SIMD;
        lm->msg.lane_mask = (1u << SIMD) - 1u;
        lm->msg.channel_mask = wl->channels;
        for (int l = 0; l < SIMD; l++) /* non-zero, so that u and v are carried */
            lm->msg.src[TU_SRC_U].f[l] = lm->msg.src[TU_SRC_V].f[l] = 0.5f;
        if (tu_lower_split(lm, s->target, plan, &err) != TU_OK)
            die("W8 tu_lower_split: %s", err.message);
        if (plan->count != 1)
            die("W8: a SIMD16 sample splits into %u sends on %s", plan->count, s->target->name);
        if (tu_lower_payload(&plan->part[0], s->target, s->payload, &err) != TU_OK)
            die("W8 tu_lower_payload: %s", err.message);
        s->send_u = payload_param_offset(s->payload, s->target, "u");
        s->send_v = payload_param_offset(s->payload, s->target, "v");
        s->binding_table[0] = surf;
        s->sampler_states[0] = &s->sampler;
        s->tables = (tu_send_tables){s->binding_table, 1, s->sampler_states, 1, NULL, 0, NULL};
        free(lm);
        free(plan);
    }
}

static void setup_free(setup *s) {
    if (s->wl->front == FRONT_VISA) tu_visa_kernel_free(&s->kernel);
    free(s->vbind);
    free(s->payload);
    free(s->lanes);
}

/* What texunit measured for one (size, pattern, workload). */
typedef struct row {
    bool run;
    double tu, tu_n, exec; /* M/s: bound 1 thread, bound T threads, tu_execute 1 thread */
    double sum, sum_exec;  /* bound and tu_execute on 1 thread */
    /* lavapipe, 1 thread, in the same rounds: every variant's rate (0: none) and sum, the
     * fastest variant, its rate and its sum */
    double lvp_rates[COORDS_COUNT][SHAPE_COUNT], lvp_sums[COORDS_COUNT][SHAPE_COUNT];
    int lvp_coords, lvp_shape;
    unsigned checked, check_bad; /* --check: variants checked, and those that differ */
    double lvp, lvp_sum;
    double w7, w7_sum; /* W8: W7 bound on 1 thread, measured in the same rounds */
    double mem;        /* W4f: the same texels read by a plain C loop, 1 thread */
    double machine;    /* T threads: the plain arithmetic loop's scaling (spin_time) */
} row;

/* W4f's memory floor: the footprints' 16-byte texels of level 0 read and summed by a plain
 * loop, no engine at all; returns the seconds taken. */
static double plain_loads(const tu_surface *surf, const uint32_t *stream, uint32_t samples,
                          double *sum) {
    const uint8_t *base = (const uint8_t *)surf->data + surf->level[0].offset;
    const size_t pitch = surf->level[0].row_pitch;
    const uint32_t mask = surf->width - 1u;
    float acc[4] = {0, 0, 0, 0};
    const double t0 = now_s();
    for (uint32_t i = 0; i < samples; i++) {
        const uint32_t x0 = stream[2 * i], y0 = stream[2 * i + 1];
        const uint32_t xs[2] = {x0, (x0 + 1u) & mask}, ys[2] = {y0, (y0 + 1u) & mask};
        for (int q = 0; q < 4; q++) {
            float t[4];
            memcpy(t, base + ys[q >> 1] * pitch + xs[q & 1] * 16u, sizeof t);
            for (int c = 0; c < 4; c++)
                acc[c] += t[c];
        }
    }
    const double dt = now_s() - t0;
    *sum = (double)acc[0] + acc[1] + acc[2] + acc[3];
    return dt;
}

/* The machine's own scaling at the moment a row runs: a plain arithmetic loop (twelve
 * independent vector chains, no memory: it keeps a core's floating-point units busy, as the
 * kernels do) timed on 1 and on T threads in the same rounds as the row, the work handed out
 * in blocks as run_jobs hands out messages. On a shared host two vCPUs are not always two
 * free cores (another guest on a sibling hardware thread, a slower clock), and this is the
 * scaling any program would have seen then. */
typedef float spin_vec __attribute__((vector_size(16)));
enum { SPIN_CHAINS = 12, SPIN_STEPS = 4096 /* a block: ~10 us */ };

typedef struct spin {
    atomic_uint next;
    uint32_t blocks;
    pthread_barrier_t start;
    double begin[MAX_THREADS], end[MAX_THREADS];
    float sink[MAX_THREADS]; /* the chains' results, so that nothing is dead code */
} spin;

typedef struct spin_arg {
    spin *sp;
    unsigned t;
} spin_arg;

static void *spin_run(void *arg) {
    const spin_arg *a = arg;
    spin *sp = a->sp;
    spin_vec x[SPIN_CHAINS];
    for (int k = 0; k < SPIN_CHAINS; k++)
        x[k] = (spin_vec){1.0f, 2.0f, 3.0f, 4.0f} + (float)(k + a->t);
    const spin_vec m = {0.999999f, 0.999999f, 0.999999f, 0.999999f};
    const spin_vec c = {1e-7f, 1e-7f, 1e-7f, 1e-7f};
    pthread_barrier_wait(&sp->start);
    sp->begin[a->t] = now_s();
    while (atomic_fetch_add_explicit(&sp->next, 1u, memory_order_relaxed) < sp->blocks)
        for (int n = 0; n < SPIN_STEPS; n++)
            for (int k = 0; k < SPIN_CHAINS; k++)
                x[k] = x[k] * m + c;
    sp->end[a->t] = now_s();
    spin_vec total = {0, 0, 0, 0};
    for (int k = 0; k < SPIN_CHAINS; k++)
        total += x[k];
    sp->sink[a->t] = total[0] + total[1] + total[2] + total[3];
    return NULL;
}

/* Seconds that `blocks` blocks of the loop take on `threads` threads. */
static double spin_time(unsigned threads, uint32_t blocks) {
    spin *sp = calloc(1, sizeof *sp);
    if (!sp) die("out of memory");
    spin_arg args[MAX_THREADS];
    pthread_t tid[MAX_THREADS];
    atomic_init(&sp->next, 0u);
    sp->blocks = blocks;
    if (pthread_barrier_init(&sp->start, NULL, threads) != 0) die("pthread_barrier_init failed");
    for (unsigned t = 0; t < threads; t++)
        args[t] = (spin_arg){sp, t};
    for (unsigned t = 1; t < threads; t++)
        if (pthread_create(&tid[t], NULL, spin_run, &args[t]) != 0) die("pthread_create failed");
    spin_run(&args[0]);
    for (unsigned t = 1; t < threads; t++)
        pthread_join(tid[t], NULL);
    pthread_barrier_destroy(&sp->start);
    double begin = sp->begin[0], end = sp->end[0];
    for (unsigned t = 1; t < threads; t++) {
        begin = fmin(begin, sp->begin[t]);
        end = fmax(end, sp->end[t]);
    }
    free(sp);
    return end - begin;
}

/* One row in R rounds, each one lavapipe run then one run of every texunit path, so that
 * both sides see the (shared, noisy) machine alike; each number is the best of its R. The
 * two one-thread paths whose ratio the goal names (bound, tu_execute) run back to back,
 * before the T-thread run (bench/README.md, "Rounds"). */
static row run_row(lavapipe *lp, int si, int p, int w, const tu_surface *surf, uint32_t samples,
                   unsigned reps, unsigned threads, tu_isa isa, bool check) {
    const workload *wl = &workloads[w];
    const uint32_t stride = kinds[wl->kind].stride;
    uint32_t *stream = malloc((size_t)samples * stride * 4u);
    if (!stream) die("out of memory");
    gen_stream(wl->kind, (uint32_t)__builtin_ctz(sizes[si]), p, samples, stream);
    setup *s = malloc(sizeof *s);
    if (!s) die("out of memory");
    setup_init(s, wl, surf, stream, samples, isa);
    setup *ref = NULL; /* W8: W7 on the same stream */
    if (wl->vs_w7) {
        ref = malloc(sizeof *ref);
        if (!ref) die("out of memory");
        setup_init(ref, &workloads[workload_index("W7")], surf, stream, samples, isa);
    }
    row r = {.run = true};
    double sum_n, best_1 = 1e30, best_n = 1e30, best_exec = 1e30, best_w7 = 1e30, best_mem = 1e30;
    /* A sixteenth, to warm up; from its time, the passes over the stream that make every
     * timed run last at least MIN_RUN_SECONDS: a row of the fastest workloads is a few
     * milliseconds, where a thread that starts late (a vCPU woken late) decides the
     * two-thread time and scaling read anywhere from 1.0 to 2.0x in one run. */
    const double warm = 16.0 * run_jobs(s, PATH_BOUND, 1, s->msgs / 16u, 1, &sum_n);
    const unsigned passes =
        warm >= MIN_RUN_SECONDS ? 1u : (unsigned)fmin(MAX_PASSES, ceil(MIN_RUN_SECONDS / warm));
    double best_spin_1 = 1e30, best_spin_n = 1e30;
    uint32_t spin_blocks = 0;
    if (threads > 1) { /* as many blocks as MIN_RUN_SECONDS takes, from 64 */
        const double t64 = spin_time(1, 64);
        spin_blocks = (uint32_t)fmin(1e6, ceil(64.0 * MIN_RUN_SECONDS / fmax(t64, 1e-6)));
    }
    for (unsigned k = 0; k < reps; k++) {
        if (ref)
            best_w7 = fmin(best_w7, run_jobs(ref, PATH_BOUND, 1, ref->msgs, passes, &r.w7_sum));
        if (wl->kind == KIND_LD4)
            best_mem = fmin(best_mem, plain_loads(surf, stream, samples, &sum_n));
        if (kinds[wl->kind].shader >= 0) {
            const bool check_now = check && k == 0;
            const lvp_msg m = lavapipe_run(lp, si, p, w, 1, check_now);
            if (m.status != 0) die("lavapipe: %s", m.message);
            const uint32_t want = check_now ? stream_check(wl->kind, stream, samples) : 0;
            for (int co = 0; co < COORDS_COUNT && check_now; co++)
                for (int sh = 0; sh < SHAPE_COUNT; sh++) {
                    if (m.msps[co][sh] <= 0) continue;
                    r.checked++;
                    if (m.check[co][sh] == want) continue;
                    r.check_bad++;
                    char name[16];
                    variant_name(co, sh, name, sizeof name);
                    fprintf(stderr,
                            "texbench: %s %u %s, lavapipe variant %s: its coordinates differ "
                            "from texunit's (check %08x, want %08x)\n",
                            wl->id, sizes[si], patterns[p], name, m.check[co][sh], want);
                }
            for (int co = 0; co < COORDS_COUNT; co++)
                for (int sh = 0; sh < SHAPE_COUNT; sh++) {
                    r.lvp_rates[co][sh] = fmax(r.lvp_rates[co][sh], m.msps[co][sh]);
                    r.lvp_sums[co][sh] = m.sum[co][sh];
                }
            /* lavapipe warmed its caches with its own texture and a dispatch before timing
             * (lavapipe_row); texunit does the same after it, or the first path timed (the
             * bound one) would find the caches full of lavapipe's texels and the later ones
             * (two threads, tu_execute) its own. */
            (void)run_jobs(s, PATH_BOUND, 1, s->msgs / 16u, 1, &sum_n);
        }
        best_1 = fmin(best_1, run_jobs(s, PATH_BOUND, 1, s->msgs, passes, &r.sum));
        if (wl->front == FRONT_ENGINE)
            best_exec = fmin(best_exec, run_jobs(s, PATH_EXECUTE, 1, s->msgs, passes, &r.sum_exec));
        if (threads > 1) {
            best_n = fmin(best_n, run_jobs(s, PATH_BOUND, threads, s->msgs, passes, &sum_n));
            best_spin_1 = fmin(best_spin_1, spin_time(1, spin_blocks));
            best_spin_n = fmin(best_spin_n, spin_time(threads, spin_blocks));
        }
    }
    for (int co = 0; co < COORDS_COUNT; co++)
        for (int sh = 0; sh < SHAPE_COUNT; sh++)
            if (r.lvp_rates[co][sh] > r.lvp)
                r.lvp = r.lvp_rates[co][sh], r.lvp_coords = co, r.lvp_shape = sh;
    r.lvp_sum = r.lvp_sums[r.lvp_coords][r.lvp_shape];
    const double msamples = (double)s->msgs * SIMD * passes * 1e-6;
    r.tu = msamples / best_1;
    r.tu_n = threads > 1 ? msamples / best_n : 0.0;
    r.exec = wl->front == FRONT_ENGINE ? msamples / best_exec : 0.0;
    r.w7 = ref ? msamples / best_w7 : 0.0;
    r.mem = wl->kind == KIND_LD4 ? msamples / best_mem : 0.0;
    r.machine = threads > 1 ? best_spin_1 / best_spin_n : 0.0;
    if (ref) setup_free(ref);
    free(ref);
    setup_free(s);
    free(s);
    free(stream);
    return r;
}

/* ---------------------------------------------------------------------------------------- */
/* Options, the table and the JSON                                                           */
/* ---------------------------------------------------------------------------------------- */

enum { SCALING_GOAL_X10 = 18 }; /* T threads: at least 1.8x one thread's rate */

__attribute__((noreturn)) static void usage(void) {
    fprintf(
        stderr,
        "usage: texbench [--quick] [--samples N] [--reps R] [--threads T]\n"
        "                [--workloads W1,W2,...] [--sizes 256,1024] [--patterns random,coherent]\n"
        "                [--isa best|scalar|avx2|avx512] [--lean] [--check] [--json FILE]\n"
        "  N  samples per workload, size and pattern, a multiple of %d (default 1048576)\n"
        "  R  timed repetitions, the best is reported (default 3)\n"
        "  T  threads of the scaling measurement, 1..%d (default 2; 1: none)\n"
        "  --workloads  ids W1 W2 W3 W4 W4f W5 W5l W6 W7 W8v W8s F1-F9 G1 G2; a prefix takes "
        "every\n"
        "               match (W4: W4 and W4f, W5: W5 and W5l, W8: both W8 rows)\n"
        "  --quick      N = 262144, R = 2 (about a minute)\n"
        "  --isa        the kernel build of the bindings (default best: the best this CPU runs)\n"
        "  --lean       print every lavapipe variant's rate (the check that no leaner\n"
        "               harness of the same lookups is faster)\n"
        "  --check      also check that every lavapipe variant computes texunit's coordinates,\n"
        "               bit for bit (a check variant of each, run once)\n",
        SAMPLE_UNIT, MAX_THREADS);
    exit(2);
}

/* Split a comma list and call pick(token) for each; false when a token matched nothing. */
static bool parse_list(const char *list, bool *flags, int count, const char *const *names,
                       bool prefix) {
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (int i = 0; i < count; i++)
        flags[i] = false;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
        bool any = false;
        for (int i = 0; i < count; i++)
            if (prefix ? strncmp(names[i], tok, strlen(tok)) == 0 : strcmp(names[i], tok) == 0)
                flags[i] = any = true;
        if (!any) return false;
    }
    return true;
}

static void cpu_model(char *out, size_t size) {
    snprintf(out, size, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0) continue;
        const char *v = strchr(line, ':');
        if (!v) break;
        v++;
        while (*v == ' ' || *v == '\t')
            v++;
        snprintf(out, size, "%s", v);
        out[strcspn(out, "\n")] = '\0';
        break;
    }
    fclose(f);
}

/* What one table row says, computed once for the text and the JSON. */
typedef struct verdict {
    double lvp, ratio, scaling, machine, exec_ratio, sum_diff, vs_w7; /* NAN: not applicable */
    bool met;
} verdict;

/* Every value a row returns: samples x channels (x 4 loads for W4f), each of magnitude <= 1. */
static double values_returned(const workload *wl, uint32_t samples) {
    return (double)samples * __builtin_popcount(wl->channels) * (wl->kind == KIND_LD4 ? 4.0 : 1.0);
}

static verdict judge(const workload *wl, const row *r, unsigned threads, uint32_t samples) {
    const double values = values_returned(wl, samples);
    verdict v = {NAN, NAN, NAN, NAN, NAN, NAN, NAN, false};
    if (threads > 1) {
        v.scaling = r->tu_n / r->tu;
        v.machine = r->machine;
    }
    if (wl->front == FRONT_ENGINE) v.exec_ratio = r->exec / r->tu;
    if (r->lvp > 0) {
        v.lvp = r->lvp;
        v.ratio = r->tu / v.lvp;
        v.sum_diff = fabs(r->sum - r->lvp_sum) / values;
    }
    if (wl->vs_w7) {
        v.vs_w7 = r->w7 / r->tu - 1.0; /* extra time per message, as a fraction of W7's */
        v.sum_diff = fabs(r->sum - r->w7_sum) / values;
    }
    v.met = wl->goal > 0 && v.ratio >= wl->goal &&
            (isnan(v.scaling) || v.scaling * 10 >= SCALING_GOAL_X10);
    return v;
}

static void print_num(double v, int width, int prec) {
    if (isnan(v))
        printf(" %*s", width, "-");
    else
        printf(" %*.*f", width, prec, v);
}

/* --lean: every variant's lavapipe rate per row (the shapes with computed coordinates, then
 * the best with the table), the one used, and the largest sum diff of any variant (they all
 * sample what texunit samples). */
static void print_lean(const row rows[SIZE_COUNT][PAT_COUNT][WL_COUNT], uint32_t samples) {
    printf("\nlean check: lavapipe M/s of every variant of the same lookups, best of the "
           "rounds: each launch shape (K samples per invocation x local size; i: interleaved) "
           "with the coordinates computed per sample; table: the best shape with the coherent "
           "plane's row terms read from a table (+t); used: the fastest of all\n");
    printf("%-4s %5s %-8s", "id", "size", "pattern");
    for (int sh = 0; sh < SHAPE_COUNT; sh++) {
        char name[16];
        variant_name(COORDS_COMPUTED, sh, name, sizeof name);
        printf(" %7s", name);
    }
    printf(" %7s %-9s %-9s %8s\n", "table", " shape", " used", "sum diff");
    for (int si = 0; si < SIZE_COUNT; si++)
        for (int p = 0; p < PAT_COUNT; p++)
            for (int w = 0; w < WL_COUNT; w++) {
                const row *r = &rows[si][p][w];
                if (!r->run || r->lvp <= 0) continue;
                const workload *wl = &workloads[w];
                printf("%-4s %5u %-8s", wl->id, sizes[si], patterns[p]);
                double worst = 0.0, table = 0.0;
                int table_shape = 0;
                for (int co = 0; co < COORDS_COUNT; co++)
                    for (int sh = 0; sh < SHAPE_COUNT; sh++) {
                        if (r->lvp_rates[co][sh] <= 0) continue;
                        if (co == COORDS_COMPUTED) print_num(r->lvp_rates[co][sh], 7, 1);
                        if (co == COORDS_TABLE && r->lvp_rates[co][sh] > table)
                            table = r->lvp_rates[co][sh], table_shape = sh;
                        worst = fmax(worst, fabs(r->sum - r->lvp_sums[co][sh]));
                    }
                char tname[16] = "-", used[16];
                if (table > 0) variant_name(COORDS_TABLE, table_shape, tname, sizeof tname);
                variant_name(r->lvp_coords, r->lvp_shape, used, sizeof used);
                print_num(table > 0 ? table : NAN, 7, 1);
                printf(" %-9s %-9s %8.1e\n", tname, used, worst / values_returned(wl, samples));
            }
}

/* Make a string from the system (CPU and device names) safe inside JSON quotes. */
static void json_safe(char *str) {
    for (; *str; str++)
        if (*str == '"' || *str == '\\' || (unsigned char)*str < 0x20) *str = '?';
}

static void json_num(FILE *f, const char *key, double v) {
    if (isnan(v))
        fprintf(f, ", \"%s\": null", key);
    else
        fprintf(f, ", \"%s\": %.6g", key, v);
}

int main(int argc, char **argv) {
    uint32_t samples = 1u << 20;
    unsigned reps = 3, threads = 2;
    const char *json = NULL;
    bool lean = false, check = false;
    tu_isa isa = TU_ISA_BEST;
    selection sel;
    for (int i = 0; i < WL_COUNT; i++)
        sel.wl[i] = true;
    for (int i = 0; i < SIZE_COUNT; i++)
        sel.size[i] = true;
    for (int i = 0; i < PAT_COUNT; i++)
        sel.pat[i] = true;
    const char *wl_ids[WL_COUNT], *size_names[SIZE_COUNT] = {"256", "1024"};
    for (int i = 0; i < WL_COUNT; i++)
        wl_ids[i] = workloads[i].id;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--quick") == 0) {
            samples = 1u << 18, reps = 2;
            continue;
        }
        if (strcmp(a, "--lean") == 0) {
            lean = true;
            continue;
        }
        if (strcmp(a, "--check") == 0) {
            check = true;
            continue;
        }
        if (!v) usage();
        i++;
        if (strcmp(a, "--samples") == 0)
            samples = (uint32_t)strtoul(v, NULL, 0);
        else if (strcmp(a, "--reps") == 0)
            reps = (unsigned)strtoul(v, NULL, 0);
        else if (strcmp(a, "--threads") == 0)
            threads = (unsigned)strtoul(v, NULL, 0);
        else if (strcmp(a, "--json") == 0)
            json = v;
        else if (strcmp(a, "--isa") == 0) {
            tu_error err;
            if (tu_isa_parse(v, &isa, &err) != TU_OK) {
                fprintf(stderr, "texbench: %s\n", err.message);
                usage();
            }
            if (!tu_isa_available(isa)) {
                fprintf(stderr, "texbench: ISA %s is not available on this build or CPU\n", v);
                exit(2);
            }
        } else if (strcmp(a, "--workloads") == 0) {
            if (!parse_list(v, sel.wl, WL_COUNT, wl_ids, true)) usage();
        } else if (strcmp(a, "--sizes") == 0) {
            if (!parse_list(v, sel.size, SIZE_COUNT, size_names, false)) usage();
        } else if (strcmp(a, "--patterns") == 0) {
            if (!parse_list(v, sel.pat, PAT_COUNT, patterns, false)) usage();
        } else
            usage();
    }
    if (samples == 0 || samples % SAMPLE_UNIT != 0 || samples > (1u << 26) || reps == 0 ||
        reps > MAX_REPS || threads == 0 || threads > MAX_THREADS)
        usage();
    /* Force lavapipe unless the user chose the drivers. */
    if (!getenv("VK_ICD_FILENAMES") && !getenv("VK_DRIVER_FILES")) {
        FILE *f = fopen(LVP_ICD, "r");
        if (!f) {
            printf("skipped: lavapipe is not installed (%s: %s)\n", LVP_ICD, strerror(errno));
            return 0;
        }
        fclose(f);
        setenv("VK_ICD_FILENAMES", LVP_ICD, 1);
    }

    static tu_surface surf[SIZE_COUNT][TEX_COUNT];
    for (int si = 0; si < SIZE_COUNT; si++)
        for (int t = 0; t < TEX_COUNT; t++)
            if (sel.size[si]) make_surface(&surf[si][t], (tex_id)t, tex_size((tex_id)t, si));

    /* lavapipe set up first: a skip costs nothing then. Each row then runs on lavapipe and
     * right after on texunit, so that both see the machine in the same state. */
    signal(SIGPIPE, SIG_IGN); /* a lost child is reported, not fatal */
    lavapipe lp;
    const lvp_msg hello = lavapipe_start(&lp, surf, &sel, samples);
    if (hello.status == 1) {
        printf("skipped: %s\n", hello.message);
        return 0;
    }
    if (hello.status != 0) die("lavapipe: %s", hello.message);

    static row rows[SIZE_COUNT][PAT_COUNT][WL_COUNT];
    for (int si = 0; si < SIZE_COUNT; si++)
        for (int p = 0; p < PAT_COUNT; p++)
            for (int w = 0; w < WL_COUNT; w++) {
                if (!sel.size[si] || !sel.pat[p] || !sel.wl[w]) continue;
                fprintf(stderr, "texbench: %s %u %s ...\n", workloads[w].id, sizes[si],
                        patterns[p]);
                row *r = &rows[si][p][w];
                *r = run_row(&lp, si, p, w, &surf[si][workloads[w].tex], samples, reps, threads,
                             isa, check);
                if (workloads[w].front == FRONT_ENGINE && r->sum != r->sum_exec)
                    fprintf(stderr,
                            "texbench: %s: tu_execute and tu_execute_bound differ "
                            "(sums %.17g and %.17g)\n",
                            workloads[w].id, r->sum_exec, r->sum);
            }

    lavapipe_stop(&lp);

    char cpu[256];
    cpu_model(cpu, sizeof cpu);
    const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    printf("texbench: %s, %ld CPUs online; %u samples per row, best of %u\n", cpu, cpus, samples,
           reps);
    printf("  texunit (built by %s): tu_bind_isa (%s kernels) + tu_execute_bound, SIMD16 "
           "messages; %u-thread scaling; tu_execute (its per-thread binding cache, best kernels) "
           "on 1 thread\n",
           TEXBENCH_COMPILER, tu_isa_name(isa), threads);
    printf("  lavapipe: %s, LP_NUM_THREADS=1, coordinates computed in the shader; per row one "
           "dispatch of each of %d launch shapes (K samples per invocation x local size, i: "
           "interleaved; on coherent 2D rows each also with the plane's row terms from a table, "
           "+t), the fastest reported (shape)\n",
           hello.device, SHAPE_COUNT);
    printf("  2D textures size x size with full mip chains; W6's cube has %ux%u faces at both "
           "sizes. M/s: million samples per second\n",
           CUBE_FACE, CUBE_FACE);
    printf("%-4s %-24s %5s %-8s %8s %7s %6s %6s %8s %-9s %7s %5s %-11s %8s\n", "id", "workload",
           "size", "pattern", "tu M/s", "x thr", "x mach", "exec/b", "lvp M/s", "shape", "tu/lvp",
           "goal", "status", "sum diff");
    for (int si = 0; si < SIZE_COUNT; si++)
        for (int p = 0; p < PAT_COUNT; p++)
            for (int w = 0; w < WL_COUNT; w++) {
                const row *r = &rows[si][p][w];
                if (!r->run) continue;
                const workload *wl = &workloads[w];
                const verdict v = judge(wl, r, threads, samples);
                printf("%-4s %-24s %5u %-8s", wl->id, wl->name, sizes[si], patterns[p]);
                print_num(r->tu, 8, 2);
                print_num(v.scaling, 7, 2);
                print_num(v.machine, 6, 2);
                print_num(v.exec_ratio, 6, 2);
                print_num(v.lvp, 8, 1);
                char shape[16] = "-";
                if (!isnan(v.lvp)) variant_name(r->lvp_coords, r->lvp_shape, shape, sizeof shape);
                printf(" %-9s", shape);
                print_num(v.ratio, 7, 3);
                char goal[16] = "-", status[32] = "-";
                if (wl->goal > 0) {
                    snprintf(goal, sizeof goal, "%.1fx", wl->goal);
                    snprintf(status, sizeof status, "%s", v.met ? "met" : "not met");
                } else if (!isnan(v.vs_w7)) {
                    snprintf(status, sizeof status, "%+.0f%% vs W7", v.vs_w7 * 100.0);
                } else if (wl->kind == KIND_LD4) {
                    snprintf(status, sizeof status, "C: %.0f M/s", r->mem);
                }
                printf(" %5s %-11s", goal, status);
                if (isnan(v.sum_diff))
                    printf(" %8s\n", "-");
                else
                    printf(" %8.1e\n", v.sum_diff);
            }
    if (threads > 1)
        printf("goal: tu/lvp >= the goal on one thread and %u threads >= %.1fx one thread's "
               "rate (x thr); x mach: a plain arithmetic loop's %u-thread scaling in the same "
               "rounds (the machine's, at that moment);\n",
               threads, SCALING_GOAL_X10 / 10.0, threads);
    else
        printf("goal: tu/lvp >= the goal on one thread (scaling not measured); ");
    printf("exec/b: tu_execute / bound (goal >= 0.8);\n"
           "W4f: W4's bilinear footprints as 4 loads (LD / texelFetch) per sample, no "
           "filtering, the floor W4 is measured against; C: the same texels read by a plain "
           "loop (the memory's limit);\n"
           "W8: W7's messages through the vISA executor (W8v) and the send (W8s): extra time "
           "per message against W7 run in the same rounds; sum diff against W7;\n"
           "sum diff: |total texunit - total lavapipe| / values returned (a sanity check).\n");
    if (lean) print_lean(rows, samples);
    unsigned bad = 0; /* --check: variants whose coordinates differ */
    if (check) {
        unsigned checked = 0;
        for (int si = 0; si < SIZE_COUNT; si++)
            for (int p = 0; p < PAT_COUNT; p++)
                for (int w = 0; w < WL_COUNT; w++)
                    checked += rows[si][p][w].checked, bad += rows[si][p][w].check_bad;
        printf("\ncoordinate check: %u of %u lavapipe variants computed texunit's coordinates bit "
               "for bit%s\n",
               checked - bad, checked, bad ? " (the others: on stderr)" : "");
    }

    if (json) {
        FILE *f = fopen(json, "w");
        if (!f) die("%s: %s", json, strerror(errno));
        char device[sizeof hello.device];
        snprintf(device, sizeof device, "%s", hello.device);
        json_safe(cpu);
        json_safe(device);
        fprintf(f,
                "{\"cpu\": \"%s\", \"cpus\": %ld, \"samples\": %u, \"reps\": %u, "
                "\"threads\": %u, \"isa\": \"%s\", \"lavapipe\": \"%s\", \"rows\": [",
                cpu, cpus, samples, reps, threads, tu_isa_name(isa), device);
        bool first = true;
        for (int si = 0; si < SIZE_COUNT; si++)
            for (int p = 0; p < PAT_COUNT; p++)
                for (int w = 0; w < WL_COUNT; w++) {
                    const row *r = &rows[si][p][w];
                    if (!r->run) continue;
                    const workload *wl = &workloads[w];
                    const verdict v = judge(wl, r, threads, samples);
                    fprintf(f,
                            "%s\n  {\"id\": \"%s\", \"workload\": \"%s\", \"size\": %u, "
                            "\"pattern\": \"%s\"",
                            first ? "" : ",", wl->id, wl->name, sizes[si], patterns[p]);
                    json_num(f, "texunit_msps", r->tu);
                    json_num(f, "texunit_threads_msps", threads > 1 ? r->tu_n : NAN);
                    json_num(f, "scaling", v.scaling);
                    json_num(f, "machine_scaling", v.machine);
                    json_num(f, "execute_msps", wl->front == FRONT_ENGINE ? r->exec : NAN);
                    json_num(f, "execute_ratio", v.exec_ratio);
                    json_num(f, "lavapipe_msps", v.lvp);
                    if (isnan(v.lvp)) {
                        fprintf(f,
                                ", \"lavapipe_variant\": null, \"lavapipe_variants_msps\": null");
                    } else {
                        char name[16];
                        variant_name(r->lvp_coords, r->lvp_shape, name, sizeof name);
                        fprintf(f, ", \"lavapipe_variant\": \"%s\", \"lavapipe_variants_msps\": {",
                                name);
                        bool any = false;
                        for (int co = 0; co < COORDS_COUNT; co++)
                            for (int sh = 0; sh < SHAPE_COUNT; sh++) {
                                if (r->lvp_rates[co][sh] <= 0) continue;
                                variant_name(co, sh, name, sizeof name);
                                fprintf(f, "%s\"%s\": %.6g", any ? ", " : "", name,
                                        r->lvp_rates[co][sh]);
                                any = true;
                            }
                        fprintf(f, "}");
                    }
                    json_num(f, "ratio", v.ratio);
                    json_num(f, "goal", wl->goal > 0 ? wl->goal : NAN);
                    json_num(f, "overhead_vs_w7", v.vs_w7);
                    json_num(f, "w7_msps", wl->vs_w7 ? r->w7 : NAN);
                    json_num(f, "memory_floor_msps", wl->kind == KIND_LD4 ? r->mem : NAN);
                    json_num(f, "sum_diff", v.sum_diff);
                    fprintf(f, ", \"met\": %s}",
                            wl->goal > 0 ? (v.met ? "true" : "false") : "null");
                    first = false;
                }
        fprintf(f, "\n]}\n");
        if (fclose(f) != 0) die("%s: write failed", json);
    }

    for (int si = 0; si < SIZE_COUNT; si++)
        for (int t = 0; t < TEX_COUNT; t++)
            free(surf[si][t].data);
    return bad ? 1 : 0;
}
