/* SPDX-License-Identifier: MIT */
/*
 * test_fast.c - the fast-path table (docs/semantics.md, "Kernels and the ISA choice":
 * every fast path is tested against the generic path on random inputs, bit for bit):
 *   - random messages over the key space the rows accept and its near misses, each run
 *     with the fast paths allowed and forced off, the replies compared byte for byte, and
 *     the row chosen compared with an independent statement of what the rows accept;
 *   - every row reachable: no row's required flags contain an earlier row's, and a canonical
 *     message reaches each row; every single required flag, broken, sends it back to the
 *     generic path;
 *   - the in-bounds proof (tuE_fast_geometry) on surfaces one byte short;
 *   - the integer weight rounding against tuE_snap256;
 *   - every 8-bit code of every RGBA8 channel and every 16-bit code of D16, decoded by the
 *     rows (whose UNORM division is a reciprocal with a correction, kernels/simd.h).
 */
#include "texunit/texunit.h"

#include "tu_test.h"

#include "../src/sampler/fast.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

static uint64_t rng = 0x5eed5eedull;

enum { MAX_ROWS = 96 }; /* the fast-path table's rows this file counts (a check holds it) */

static uint32_t rnd(uint32_t n) {
    return (uint32_t)(tu_test_rand(&rng) % n);
}

static float rnd_unit(void) {
    return (float)(tu_test_rand(&rng) >> 40) / (float)(1u << 24);
}

/* --- surfaces ------------------------------------------------------------------------------ */

typedef struct surf_box {
    tu_surface s;
    void *memory;
    tu_residency res;
    uint8_t *bits;
} surf_box;

typedef struct surf_params {
    tu_surface_type type;
    bool arrayed;
    tu_format format;
    uint32_t w, h, d, layers, levels, base_level, level_count;
    int tiling;      /* 0 packed linear, 1 block linear, 2 linear with padded rows (1 level) */
    int residency;   /* 0 none, 1 all resident, 2 random pages */
    size_t shortage; /* bytes taken off the memory size (0: exact) */
} surf_params;

/* Build a surface in memory of exactly the size it needs (ASan sees any read beyond it),
 * filled with random bytes. Returns false when a layout call refuses the description. */
static bool make_surface(const surf_params *p, surf_box *b) {
    memset(b, 0, sizeof *b);
    tu_surface *s = &b->s;
    s->type = p->type;
    s->arrayed = p->arrayed;
    s->format = p->format;
    s->width = p->w;
    s->height = p->h;
    s->depth = p->d;
    s->layers = p->layers;
    s->levels = p->levels;
    s->samples = 1;
    s->gob_height_log2 = p->tiling == 1 ? (uint32_t)rnd(5) : 0;
    s->gob_depth_log2 = 0;
    uint64_t size = 0;
    tu_error err = {0};
    tu_status st = p->tiling == 1 ? tu_surface_layout_block_linear(s, &size, &err)
                                  : tu_surface_layout_packed(s, &size, &err);
    if (st != TU_OK) {
        fprintf(stderr, "layout: %s\n", err.message);
        return false;
    }
    if (p->tiling == 2) {
        /* One level, rows padded by `pad` bytes, no padding after the last row. */
        const uint64_t row = (uint64_t)p->w * tu_format_bytes(p->format), pad = 4 * (1 + rnd(5));
        s->level[0].row_pitch = row + pad;
        s->level[0].layer_pitch = (row + pad) * p->h;
        size = s->level[0].layer_pitch * p->layers - pad;
    }
    s->base_level = p->base_level;
    s->level_count = p->level_count;
    if (p->shortage <= size) size -= p->shortage;
    b->memory = malloc(size ? size : 1);
    uint8_t *m = b->memory;
    for (uint64_t i = 0; i < size; i++)
        m[i] = (uint8_t)tu_test_rand(&rng);
    s->data = b->memory;
    s->size = (size_t)size;
    if (p->residency) {
        b->res.page_size_log2 = 6 + rnd(4);
        const uint64_t pages = (size >> b->res.page_size_log2) + 1;
        b->res.bits_size = (size_t)(pages + 7) / 8;
        b->bits = malloc(b->res.bits_size);
        for (size_t i = 0; i < b->res.bits_size; i++)
            b->bits[i] = p->residency == 1 ? 0xff : (uint8_t)tu_test_rand(&rng);
        b->res.bits = b->bits;
        s->residency = &b->res;
    }
    return true;
}

static void free_surface(surf_box *b) {
    free(b->memory);
    free(b->bits);
    memset(b, 0, sizeof *b);
}

static uint32_t max_levels(uint32_t w, uint32_t h, uint32_t d) {
    uint32_t m = w > h ? w : h, n = 1;
    if (d > m) m = d;
    while (m > 1)
        m >>= 1, n++;
    return n;
}

/* The formats whose kernels are on 2D surfaces only. */
static const tu_format row_2d_formats[] = {TU_FORMAT_R16G16_SFLOAT,
                                           TU_FORMAT_R16G16B16A16_UNORM,
                                           TU_FORMAT_R16_UNORM,
                                           TU_FORMAT_B10G11R11_UFLOAT_PACK32,
                                           TU_FORMAT_E5B9G9R9_UFLOAT_PACK32,
                                           TU_FORMAT_R16_SFLOAT,
                                           TU_FORMAT_R32G32_SFLOAT,
                                           TU_FORMAT_R16G16_UNORM,
                                           TU_FORMAT_A2B10G10R10_UNORM_PACK32};
enum { ROW_2D_FORMATS = sizeof row_2d_formats / sizeof row_2d_formats[0] };

static void random_surface_params(surf_params *p) {
    memset(p, 0, sizeof *p);
    static const tu_format near_formats[] = {TU_FORMAT_R8G8B8A8_SRGB, TU_FORMAT_B8G8R8A8_SRGB,
                                             TU_FORMAT_R8G8B8A8_UINT, TU_FORMAT_R8G8B8A8_SNORM,
                                             TU_FORMAT_R8_UNORM,      TU_FORMAT_R16G16_SNORM,
                                             TU_FORMAT_R32G32_UINT,   TU_FORMAT_R16G16B16A16_SNORM};
    /* The formats of rows on several surface types, and those of the 2D rows alone. */
    static const tu_format row_formats[] = {TU_FORMAT_R32G32B32A32_SFLOAT, TU_FORMAT_R32_SFLOAT,
                                            TU_FORMAT_D32_SFLOAT,          TU_FORMAT_D32_SFLOAT,
                                            TU_FORMAT_R16G16B16A16_SFLOAT, TU_FORMAT_D16_UNORM};
    const uint32_t f = rnd(20);
    p->format = f < 6    ? TU_FORMAT_R8G8B8A8_UNORM
                : f < 9  ? TU_FORMAT_B8G8R8A8_UNORM
                : f < 14 ? row_formats[rnd(sizeof row_formats / sizeof row_formats[0])]
                : f < 17 ? row_2d_formats[rnd(ROW_2D_FORMATS)]
                         : near_formats[rnd(sizeof near_formats / sizeof near_formats[0])];
    const uint32_t t = rnd(12);
    p->type = t < 8    ? TU_SURFACE_2D
              : t == 8 ? TU_SURFACE_1D
              : t == 9 ? TU_SURFACE_3D
                       : TU_SURFACE_CUBE;
    p->arrayed = p->type != TU_SURFACE_3D && rnd(3) == 0;
    static const uint32_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 13, 16, 31, 32, 64};
    p->w = sizes[rnd(sizeof sizes / sizeof sizes[0])];
    p->h = p->type == TU_SURFACE_1D ? 1 : sizes[rnd(sizeof sizes / sizeof sizes[0])];
    p->d = p->type == TU_SURFACE_3D ? 1 + rnd(4) : 1;
    p->layers = p->arrayed ? 1 + rnd(4) : 1;
    if (p->type == TU_SURFACE_CUBE) p->h = p->w, p->layers *= 6;
    p->levels = 1 + rnd(max_levels(p->w, p->h, p->d));
    p->base_level = rnd(p->levels);
    p->level_count = 1 + rnd(p->levels - p->base_level);
    const uint32_t tl = rnd(12);
    p->tiling = tl < 9 ? 0 : tl < 10 ? 1 : 2;
    if (p->tiling == 2) p->levels = 1, p->base_level = 0, p->level_count = 1;
    const uint32_t r = rnd(12);
    p->residency = r < 10 ? 0 : r == 10 ? 1 : 2;
}

/* --- messages and samplers ------------------------------------------------------------------ */

static float rnd_coord(void) {
    switch (rnd(12)) {
    case 0: return NAN;
    case 1: return rnd(2) ? INFINITY : -INFINITY;
    case 2: return (rnd(2) ? 1.0f : -1.0f) * (float)(1u << (20 + rnd(12))) * (1.0f + rnd_unit());
    case 3: return -0.0f;
    case 4: return (float)((int)rnd(129) - 32) / 64.0f; /* texel centres and edges */
    case 5: return (float)((int)rnd(1025) - 256) / 512.0f;
    default: return rnd_unit() * 5.0f - 2.0f;
    }
}

static float rnd_lod(void) {
    switch (rnd(10)) {
    case 0: return NAN;
    case 1: return rnd(2) ? INFINITY : -INFINITY;
    case 2: return (float)((int)rnd(4097) - 512) / 512.0f; /* ties of the 1/256 rounding */
    case 3: return (float)((int)rnd(10) - 2);
    default: return rnd_unit() * 12.0f - 3.0f;
    }
}

static int32_t rnd_int(int32_t lo, int32_t hi) {
    switch (rnd(40)) {
    case 0: return INT32_MIN;
    case 1: return INT32_MAX;
    default: return lo + (int32_t)rnd((uint32_t)(hi - lo + 1));
    }
}

static const tu_op sample_ops[] = {TU_OP_SAMPLE_L, TU_OP_SAMPLE_LZ, TU_OP_SAMPLE, TU_OP_SAMPLE_B,
                                   TU_OP_SAMPLE_D};
static const tu_op compare_ops[] = {TU_OP_SAMPLE_C_LZ, TU_OP_SAMPLE_L_C, TU_OP_SAMPLE_C,
                                    TU_OP_SAMPLE_B_C, TU_OP_SAMPLE_D_C};
static const tu_op load_ops[] = {TU_OP_LD, TU_OP_LD_LZ, TU_OP_LD_L};
static const tu_op near_ops[] = {TU_OP_SAMPLE_PO_C_LZ, TU_OP_SAMPLE_PO_D, TU_OP_SAMPLE_PO_L,
                                 TU_OP_SAMPLE_PO_LZ,   TU_OP_GATHER4_L,   TU_OP_LOD,
                                 TU_OP_LD_MCS,         TU_OP_RESINFO,     TU_OP_SAMPLEINFO,
                                 TU_OP_GATHER4_PO,     TU_OP_GATHER4_B,   TU_OP_GATHER4_PO_C};

static void random_msg(tu_msg *m, const tu_surface *s) {
    memset(m, 0, sizeof *m);
    const uint32_t k = rnd(10);
    const bool depth = s->format == TU_FORMAT_D32_SFLOAT || s->format == TU_FORMAT_D16_UNORM;
    m->op = k < 5   ? (depth && rnd(4) ? compare_ops : sample_ops)[rnd(5)]
            : k < 7 ? load_ops[rnd(3)]
            : k < 8 ? (depth && rnd(2) ? TU_OP_GATHER4_C : TU_OP_GATHER4)
                    : near_ops[rnd(sizeof near_ops / sizeof near_ops[0])];
    static const uint32_t simds[] = {1, 4, 8, 8, 16, 16, 16, 32};
    m->simd = rnd(4) ? simds[rnd(8)] : 1 + rnd(32);
    m->lane_mask = rnd(3) ? 0xffffffffu : (uint32_t)tu_test_rand(&rng);
    m->channel_mask = rnd(3) ? 0xf : 1 + rnd(15);
    m->gather_channel = rnd(4);
    for (int a = 0; a < 3; a++)
        m->offset[a] = rnd(3) ? 0 : (int32_t)rnd(16) - 8;
    m->flags = (rnd(2) ? TU_MSG_PIXEL_NULL_MASK : 0) | (rnd(8) == 0 ? TU_MSG_HALF_SOURCES : 0);
    if (rnd(6) == 0) { /* coarse pixels: refused unless the op has an implicit LOD */
        m->flags |= TU_MSG_CPS;
        m->cps_x = 1 + rnd(4), m->cps_y = 1 + rnd(4);
    }
    const tu_op_info *info = tu_op_describe(m->op);
    const bool load = info->kind == TU_KIND_LOAD || info->kind == TU_KIND_INFO;
    const int32_t span = (int32_t)(s->width > s->height ? s->width : s->height) + 3;
    for (unsigned l = 0; l < TU_MAX_LANES; l++) {
        for (unsigned src = 0; src < TU_SRC_COUNT; src++)
            m->src[src].f[l] = rnd_coord();
        if (load) {
            m->src[TU_SRC_U].i[l] = rnd_int(-3, span);
            m->src[TU_SRC_V].i[l] = rnd_int(-3, span);
            m->src[TU_SRC_R].i[l] = rnd_int(-2, (int32_t)s->layers + 1);
            m->src[TU_SRC_LOD].i[l] = rnd_int(-2, (int32_t)s->level_count + 1);
        } else {
            m->src[TU_SRC_LOD].f[l] = rnd_lod();
            m->src[TU_SRC_BIAS].f[l] = rnd_lod();
            m->src[TU_SRC_R].f[l] =
                rnd(4) ? (float)((int)rnd(4 * s->layers + 5) - 2) / 2.0f : rnd_coord();
        }
        /* Per-lane offsets stay small: filter.c's lane_offsets adds the immediate offset to
         * them in int32, which overflows for offsets near INT32_MIN (a generic-path bug of
         * _po ops, which no fast row takes). */
        for (unsigned src = TU_SRC_OFFU; src <= TU_SRC_OFFR; src++)
            m->src[src].i[l] = (int32_t)rnd(81) - 40;
    }
}

static tu_address rnd_address(void) {
    return (tu_address)(rnd(4) ? rnd(3) : rnd(6)); /* WRAP MIRROR CLAMP_EDGE mostly */
}

static void random_sampler(tu_sampler *smp) {
    *smp = tu_sampler_default();
    smp->min_filter = (uint8_t)rnd(2);
    smp->mag_filter = (uint8_t)rnd(2);
    smp->mip_filter = (uint8_t)rnd(3);
    smp->max_anisotropy = (uint8_t)(rnd(6) ? rnd(2) : rnd(17));
    for (int a = 0; a < 3; a++)
        smp->address[a] = (uint8_t)rnd_address();
    smp->compare = (uint8_t)rnd(9); /* ignored by non-compare ops */
    smp->reduction = (uint8_t)(rnd(8) ? TU_REDUCTION_AVERAGE : rnd(3));
    smp->precision = (uint8_t)(rnd(8) ? TU_PRECISION_HW : TU_PRECISION_EXACT);
    smp->seamless_cube = rnd(2);
    smp->unnormalized = rnd(12) == 0;
    smp->lod_bias = rnd(3) ? 0.0f : rnd_unit() * 4.0f - 2.0f;
    const float a = rnd_unit() * 8.0f - 2.0f, b = rnd_unit() * 12.0f - 2.0f;
    smp->min_lod = rnd(3) ? 0.0f : (a < b ? a : b);
    smp->max_lod = rnd(3) ? 1000.0f : (a < b ? b : a);
    /* NaN: an 8-bit UNORM format holds it as 0, so the RGBA8 rows take it (their code8). */
    static const float special[] = {2.0f, -1.0f, INFINITY, 0.5f / 255.0f, 1.5f / 255.0f, 1.0f, NAN};
    for (int c = 0; c < 4; c++)
        smp->border_color.f[c] = rnd(8) ? rnd_unit() : special[rnd(7)];
}

/* The name of the texel kind a format's 2D kernels read, or NULL. */
static const char *kind_name(tu_format f) {
    switch (f) {
    case TU_FORMAT_R8G8B8A8_UNORM:
    case TU_FORMAT_B8G8R8A8_UNORM: return "rgba8";
    case TU_FORMAT_R8G8B8A8_SRGB:
    case TU_FORMAT_B8G8R8A8_SRGB: return "srgba8";
    case TU_FORMAT_R32G32B32A32_SFLOAT: return "rgba32f";
    case TU_FORMAT_R16G16B16A16_SFLOAT: return "rgba16f";
    case TU_FORMAT_R32_SFLOAT:
    case TU_FORMAT_D32_SFLOAT: return "r32f";
    case TU_FORMAT_R16_UNORM:
    case TU_FORMAT_D16_UNORM: return "r16";
    case TU_FORMAT_R16G16_SFLOAT: return "rg16f";
    case TU_FORMAT_R16G16B16A16_UNORM: return "rgba16";
    case TU_FORMAT_B10G11R11_UFLOAT_PACK32: return "b10g11r11";
    case TU_FORMAT_E5B9G9R9_UFLOAT_PACK32: return "rgb9e5";
    case TU_FORMAT_R16_SFLOAT: return "r16f";
    case TU_FORMAT_R32G32_SFLOAT: return "rg32f";
    case TU_FORMAT_R16G16_UNORM: return "rg16";
    case TU_FORMAT_A2B10G10R10_UNORM_PACK32: return "rgb10a2";
    default: return NULL;
    }
}

/* What the rows accept, stated independently of fast.c's flags. */
static const char *expected_row(const tu_msg *m, const tu_surface *s, const tu_sampler *smp) {
    const tu_format f = s->format;
    /* The kernels read a 2-byte texel as the 4 bytes ending with it: a surface of fewer than
     * 4 bytes (a 1x1 D16 level) stays generic (fast.c's tuE_fast_geometry). */
    const bool direct = s->tiling == TU_TILING_LINEAR && !s->residency && s->samples == 1 &&
                        !(tu_format_bytes(f) < 4 && s->size < 4);
    const bool rgba8 = f == TU_FORMAT_R8G8B8A8_UNORM || f == TU_FORMAT_B8G8R8A8_UNORM;
    const bool srgb = f == TU_FORMAT_R8G8B8A8_SRGB || f == TU_FORMAT_B8G8R8A8_SRGB;
    const bool r32f = f == TU_FORMAT_R32_SFLOAT || f == TU_FORMAT_D32_SFLOAT;
    const bool r16 = f == TU_FORMAT_R16_UNORM || f == TU_FORMAT_D16_UNORM;
    const tu_op_info *info = tu_op_describe(m->op);
    if (direct && s->type == TU_SURFACE_CUBE && info->kind == TU_KIND_SAMPLE && info->flags == 0 &&
        (info->lod == TU_LOD_EXPLICIT || info->lod == TU_LOD_ZERO) &&
        smp->reduction == TU_REDUCTION_AVERAGE && smp->max_anisotropy <= 1 && !smp->unnormalized &&
        !(m->flags & TU_MSG_HALF_SOURCES))
        return rgba8                                ? "sample_cube_rgba8"
               : srgb                               ? "sample_cube_srgba8"
               : f == TU_FORMAT_R32G32B32A32_SFLOAT ? "sample_cube_rgba32f"
                                                    : NULL;
    /* The border as the format holds it (texel.c's tuE_border: encoded, then decoded). */
    uint8_t raw[sizeof(tu_texel)];
    tu_texel held;
    tu_format_encode(f, &smp->border_color, raw);
    tu_format_decode(f, raw, &held);
    const float *bc = held.f;
    const bool nan_border = isnan(bc[0]) || isnan(bc[1]) || isnan(bc[2]) || isnan(bc[3]);
    const bool filter = smp->reduction == TU_REDUCTION_AVERAGE && smp->max_anisotropy <= 1 &&
                        !smp->unnormalized &&
                        !(nan_border && (smp->address[0] == TU_ADDRESS_CLAMP_BORDER ||
                                         smp->address[1] == TU_ADDRESS_CLAMP_BORDER ||
                                         smp->address[2] == TU_ADDRESS_CLAMP_BORDER)) &&
                        !(m->flags & TU_MSG_HALF_SOURCES);
    if (direct && s->type == TU_SURFACE_3D && filter && info->kind == TU_KIND_SAMPLE &&
        info->flags == 0)
        return rgba8                                ? "sample_3d_rgba8"
               : f == TU_FORMAT_R32G32B32A32_SFLOAT ? "sample_3d_rgba32f"
                                                    : NULL;
    if (!direct || (s->type != TU_SURFACE_2D && s->type != TU_SURFACE_1D)) return NULL;
    const bool one_d = s->type == TU_SURFACE_1D;
    if (m->op == TU_OP_LD || m->op == TU_OP_LD_LZ || m->op == TU_OP_LD_L) {
        if (one_d)
            return rgba8                                ? "ld_1d_rgba8"
                   : f == TU_FORMAT_R32G32B32A32_SFLOAT ? "ld_1d_rgba32f"
                                                        : NULL;
        return rgba8                                     ? "ld_2d_rgba8"
               : srgb                                    ? "ld_2d_srgba8"
               : f == TU_FORMAT_R32G32B32A32_SFLOAT      ? "ld_2d_rgba32f"
               : f == TU_FORMAT_R16G16B16A16_SFLOAT      ? "ld_2d_rgba16f"
               : r32f                                    ? "ld_2d_r32f"
               : f == TU_FORMAT_R16G16_SFLOAT            ? "ld_2d_rg16f"
               : f == TU_FORMAT_R16G16B16A16_UNORM       ? "ld_2d_rgba16"
               : r16                                     ? "ld_2d_r16"
               : f == TU_FORMAT_B10G11R11_UFLOAT_PACK32  ? "ld_2d_b10g11r11"
               : f == TU_FORMAT_E5B9G9R9_UFLOAT_PACK32   ? "ld_2d_rgb9e5"
               : f == TU_FORMAT_R16_SFLOAT               ? "ld_2d_r16f"
               : f == TU_FORMAT_R32G32_SFLOAT            ? "ld_2d_rg32f"
               : f == TU_FORMAT_R16G16_UNORM             ? "ld_2d_rg16"
               : f == TU_FORMAT_A2B10G10R10_UNORM_PACK32 ? "ld_2d_rgb10a2"
                                                         : NULL;
    }
    const tu_op_info *op = tu_op_describe(m->op);
    if (op->kind == TU_KIND_GATHER) { /* of the base level, 2D only */
        if (!filter || one_d || op->lod != TU_LOD_BASE) return NULL;
        if (op->flags == TU_OPF_COMPARE)
            return f == TU_FORMAT_D32_SFLOAT  ? "gather_c_2d_d32"
                   : f == TU_FORMAT_D16_UNORM ? "gather_c_2d_d16"
                                              : NULL;
        static char name[32];
        const char *kind = kind_name(f);
        if (op->flags != 0 || !kind) return NULL;
        snprintf(name, sizeof name, "gather_2d_%s", kind);
        return name;
    }
    if (!filter || op->kind != TU_KIND_SAMPLE) return NULL;
    if (op->flags == TU_OPF_COMPARE)
        return one_d                       ? NULL
               : f == TU_FORMAT_D32_SFLOAT ? "sample_c_2d_d32"
               : f == TU_FORMAT_D16_UNORM  ? "sample_c_2d_d16"
                                           : NULL;
    if (op->flags != 0) return NULL;
    if (rgba8) return one_d ? "sample_1d_rgba8" : "sample_2d_rgba8";
    if (srgb) return one_d ? "sample_1d_srgba8" : "sample_2d_srgba8";
    if (f == TU_FORMAT_R32G32B32A32_SFLOAT)
        return one_d ? "sample_1d_rgba32f" : "sample_2d_rgba32f";
    if (f == TU_FORMAT_R16G16B16A16_SFLOAT)
        return one_d ? "sample_1d_rgba16f" : "sample_2d_rgba16f";
    if (r32f) return one_d ? "sample_1d_r32f" : "sample_2d_r32f";
    if (one_d) return NULL;
    return r16                                       ? "sample_2d_r16"
           : f == TU_FORMAT_R16G16_SFLOAT            ? "sample_2d_rg16f"
           : f == TU_FORMAT_R16G16B16A16_UNORM       ? "sample_2d_rgba16"
           : f == TU_FORMAT_B10G11R11_UFLOAT_PACK32  ? "sample_2d_b10g11r11"
           : f == TU_FORMAT_E5B9G9R9_UFLOAT_PACK32   ? "sample_2d_rgb9e5"
           : f == TU_FORMAT_R16_SFLOAT               ? "sample_2d_r16f"
           : f == TU_FORMAT_R32G32_SFLOAT            ? "sample_2d_rg32f"
           : f == TU_FORMAT_R16G16_UNORM             ? "sample_2d_rg16"
           : f == TU_FORMAT_A2B10G10R10_UNORM_PACK32 ? "sample_2d_rgb10a2"
                                                     : NULL;
}

/* Reply channels compared byte for byte: a NaN that float filtering computes is the
 * canonical NaN on both paths (docs/semantics.md, "NaN payloads"). */
static bool same_channels(const tu_reply *a, const tu_reply *b) {
    for (int c = 0; c < 4; c++)
        for (unsigned l = 0; l < TU_MAX_LANES; l++)
            if (a->channel[c].u[l] != b->channel[c].u[l]) return false;
    return true;
}

/* The kernel builds the test runs: every one this machine has, or only TEXUNIT_ISA's. */
static tu_isa isas[3];
static unsigned isa_count;

static void pick_isas(void) {
    const char *env = getenv("TEXUNIT_ISA");
    tu_isa forced;
    if (env && *env && CHECK(tu_isa_parse(env, &forced, NULL) == TU_OK, "TEXUNIT_ISA=%s", env)) {
        isas[isa_count++] = forced;
        return;
    }
    static const tu_isa all[] = {TU_ISA_SCALAR, TU_ISA_AVX2, TU_ISA_AVX512};
    for (unsigned i = 0; i < 3; i++)
        if (tu_isa_available(all[i])) isas[isa_count++] = all[i];
}

/* Run m through the generic path and through the fast paths of every kernel build; check
 * status, reply bytes and the row chosen. Returns the row's name. */
static const char *compare_paths(const tu_msg *m, const tu_surface *s, const tu_sampler *smp,
                                 unsigned iter) {
    static tu_reply fast, slow;
    static tu_binding b;
    memset(&slow, 0xa5, sizeof slow);
    tu_error e1 = {0}, e2 = {0};
    const char *row = NULL, *none = "unset";
    const tu_status st_slow = tuE_execute(m, s, smp, &slow, &e2, false, &none);
    CHECK(none == NULL, "iter %u: forced generic path used a fast path", iter);
    for (unsigned k = 0; k < isa_count; k++) {
        memset(&fast, 0xa5, sizeof fast);
        tu_status st_fast = tu_bind_isa(s, smp, isas[k], &b, &e1);
        if (st_fast == TU_OK) st_fast = tuE_execute_bound(&b, m, &fast, &e1, true, &row);
        CHECK(st_fast == st_slow, "iter %u: status %d vs %d", iter, (int)st_fast, (int)st_slow);
        if (st_fast != TU_OK) {
            CHECK(row == NULL, "iter %u: a refused message reached row %s", iter, row);
            return NULL;
        }
        const char *want = expected_row(m, s, smp);
        CHECK((row == NULL && want == NULL) || (row && want && strcmp(row, want) == 0),
              "iter %u: op %s format %d: row %s, expected %s", iter, tu_op_describe(m->op)->name,
              (int)s->format, row ? row : "(generic)", want ? want : "(generic)");
        const bool same = same_channels(&fast, &slow) &&
                          fast.pixel_null_mask == slow.pixel_null_mask &&
                          fast.value_class == slow.value_class;
        if (!CHECK(same, "iter %u: op %s via %s (%s) differs from the generic path", iter,
                   tu_op_describe(m->op)->name, row ? row : "(generic)", tu_isa_name(isas[k]))) {
            for (unsigned l = 0; l < m->simd; l++)
                for (int c = 0; c < 4; c++)
                    if (fast.channel[c].u[l] != slow.channel[c].u[l])
                        fprintf(stderr, "  lane %u ch %d: fast %08x (%g) generic %08x (%g)\n", l, c,
                                fast.channel[c].u[l], (double)fast.channel[c].f[l],
                                slow.channel[c].u[l], (double)slow.channel[c].f[l]);
        }
    }
    return row;
}

/* --- the tests -------------------------------------------------------------------------------- */

static void test_random_against_generic(void) {
    const unsigned surfaces = 3000, per_surface = 40;
    unsigned hits[MAX_ROWS] = {0}, generic = 0, refused = 0;
    for (unsigned n = 0; n < surfaces; n++) {
        surf_params p;
        random_surface_params(&p);
        surf_box b;
        if (!CHECK(make_surface(&p, &b), "surface %u refused by layout", n)) continue;
        for (unsigned k = 0; k < per_surface; k++) {
            tu_msg m;
            tu_sampler smp;
            random_msg(&m, &b.s);
            random_sampler(&smp);
            /* Random float texels hold NaNs, and the generic path's min/max reduction takes
             * an 8-bit code of them (filter.c's code8: undefined for NaN), so min/max only on
             * formats without NaN; the rows take average reduction only anyway. */
            if (p.format == TU_FORMAT_R32G32B32A32_SFLOAT || p.format == TU_FORMAT_R32_SFLOAT ||
                p.format == TU_FORMAT_D32_SFLOAT || p.format == TU_FORMAT_R16G16B16A16_SFLOAT ||
                p.format == TU_FORMAT_R16G16_SFLOAT || p.format == TU_FORMAT_R16_SFLOAT ||
                p.format == TU_FORMAT_B10G11R11_UFLOAT_PACK32 ||
                p.format == TU_FORMAT_R32G32_SFLOAT || p.format == TU_FORMAT_R16_SFLOAT) {
                smp.reduction = TU_REDUCTION_AVERAGE;
                /* A border colour a float format holds as NaN stays generic. */
                if (rnd(10) == 0) smp.border_color.f[rnd(4)] = NAN;
            }
            tu_reply r;
            const bool ok = tu_execute(&m, &b.s, &smp, &r, NULL) == TU_OK;
            const char *row = compare_paths(&m, &b.s, &smp, n * per_surface + k);
            if (!ok) {
                refused++;
                continue;
            }
            if (!row) {
                generic++;
                continue;
            }
            for (unsigned i = 0; i < tuE_fast_table_size && i < MAX_ROWS; i++)
                if (strcmp(row, tuE_fast_table[i].name) == 0) hits[i]++;
        }
        free_surface(&b);
    }
    printf("  %u messages: generic %u, refused %u", surfaces * per_surface, generic, refused);
    CHECK(tuE_fast_table_size <= MAX_ROWS);
    for (unsigned i = 0; i < tuE_fast_table_size && i < MAX_ROWS; i++) {
        printf(", %s %u", tuE_fast_table[i].name, hits[i]);
        CHECK(hits[i] >= 25, "row %s reached only %u times", tuE_fast_table[i].name, hits[i]);
    }
    printf("\n");
    CHECK(generic >= 20000, "only %u messages fell back", generic);
}

/* A canonical surface and sampler for the directed tests: 2D arrayed RGBA8, 3 layers, full
 * mip chain of 16x8, trilinear, wrap. */
static void canonical(surf_box *b, tu_sampler *smp, tu_format format) {
    surf_params p = {TU_SURFACE_2D, true, format, 16, 8, 1, 3, 5, 0, 5, 0, 0, 0};
    CHECK(make_surface(&p, b));
    *smp = tu_sampler_default();
    smp->min_filter = smp->mag_filter = TU_FILTER_LINEAR;
    smp->mip_filter = TU_MIP_LINEAR;
}

static void canonical_msg(tu_msg *m, tu_op op) {
    memset(m, 0, sizeof *m);
    m->op = op;
    m->simd = 16;
    m->lane_mask = 0xffff;
    m->channel_mask = 0xf;
    for (unsigned l = 0; l < TU_MAX_LANES; l++) {
        if (op == TU_OP_LD || op == TU_OP_LD_LZ || op == TU_OP_LD_L) {
            m->src[TU_SRC_U].i[l] = (int32_t)l % 9;
            m->src[TU_SRC_V].i[l] = (int32_t)l % 5;
            m->src[TU_SRC_R].i[l] = (int32_t)l % 3;
            m->src[TU_SRC_LOD].i[l] = (int32_t)l % 3;
        } else {
            m->src[TU_SRC_U].f[l] = 0.03f * (float)l;
            m->src[TU_SRC_V].f[l] = 0.9f - 0.05f * (float)l;
            m->src[TU_SRC_R].f[l] = (float)(l % 3);
            m->src[TU_SRC_LOD].f[l] = 0.37f * (float)l - 1.0f;
        }
    }
}

/* pixman's lesson (pixman-fast-path.c): first match wins, so an earlier row whose flags are a
 * subset of a later row's hides it. Check the table, then reach every row. */
static void test_every_row_reachable(void) {
    const tuE_fast_flags direct = TUE_FAST_TILING_LINEAR | TUE_FAST_RESIDENT | TUE_FAST_IN_BOUNDS;
    for (unsigned i = 0; i < tuE_fast_table_size; i++) {
        const tuE_fast_row *r = &tuE_fast_table[i];
        CHECK(r->kernel < TUK_COUNT && r->name, "row %u", i);
        for (unsigned k = 0; k < isa_count; k++) {
            const tuK_set *set = NULL;
            CHECK(tuE_kernels_for(isas[k], &set, NULL) == TU_OK && set->fn[r->kernel][0],
                  "row %s has no %s kernel", r->name, tu_isa_name(isas[k]));
        }
        /* Every row reads memory directly: it must require the in-bounds proof. */
        CHECK((r->flags & direct) == direct && (r->flags & (TUE_FAST_SURF_2D | TUE_FAST_SURF_CUBE |
                                                            TUE_FAST_SURF_1D | TUE_FAST_SURF_3D)),
              "row %s lacks a safety flag", r->name);
        CHECK(tuE_fast_find(r->flags) == r, "row %s is shadowed by an earlier row", r->name);
        for (unsigned j = 0; j < i; j++)
            CHECK((tuE_fast_table[j].flags & r->flags) != tuE_fast_table[j].flags,
                  "row %s hides row %s", tuE_fast_table[j].name, r->name);
    }
    CHECK(tuE_fast_find(0) == NULL);

    /* Canonical messages on 2D arrays, cube maps and 1D arrays of every row format; every
     * row must be reached by one of them, and each goes where expected_row says. */
    static const tu_op ops[] = {TU_OP_SAMPLE_L, TU_OP_SAMPLE_LZ,   TU_OP_SAMPLE,
                                TU_OP_SAMPLE_D, TU_OP_LD,          TU_OP_LD_LZ,
                                TU_OP_LD_L,     TU_OP_SAMPLE_C_LZ, TU_OP_SAMPLE_L_C,
                                TU_OP_GATHER4,  TU_OP_GATHER4_C};
    static const tu_format formats[] = {TU_FORMAT_R8G8B8A8_UNORM,      TU_FORMAT_B8G8R8A8_UNORM,
                                        TU_FORMAT_R32G32B32A32_SFLOAT, TU_FORMAT_R32_SFLOAT,
                                        TU_FORMAT_D32_SFLOAT,          TU_FORMAT_R8G8B8A8_SRGB,
                                        TU_FORMAT_R16G16B16A16_SFLOAT, TU_FORMAT_D16_UNORM};
    enum { FORMATS = sizeof formats / sizeof formats[0] };
    static const surf_params shapes[] = {
        {TU_SURFACE_2D, true, TU_FORMAT_R8G8B8A8_UNORM, 16, 8, 1, 3, 5, 0, 5, 0, 0, 0},
        {TU_SURFACE_CUBE, false, TU_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 6, 4, 0, 4, 0, 0, 0},
        {TU_SURFACE_1D, true, TU_FORMAT_R8G8B8A8_UNORM, 16, 1, 1, 3, 5, 0, 5, 0, 0, 0},
        {TU_SURFACE_3D, false, TU_FORMAT_R8G8B8A8_UNORM, 16, 8, 4, 1, 5, 0, 5, 0, 0, 0}};
    bool reached[MAX_ROWS] = {false};
    for (unsigned sh = 0; sh < 4; sh++)
        for (unsigned f = 0; f < FORMATS + ROW_2D_FORMATS; f++) {
            surf_params p = shapes[sh];
            p.format = f < FORMATS ? formats[f] : row_2d_formats[f - FORMATS];
            surf_box b;
            if (!CHECK(make_surface(&p, &b))) continue;
            tu_sampler smp = tu_sampler_default();
            smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
            smp.mip_filter = TU_MIP_LINEAR;
            smp.compare = TU_COMPARE_LEQUAL;
            for (unsigned o = 0; o < sizeof ops / sizeof ops[0]; o++) {
                tu_msg m;
                canonical_msg(&m, ops[o]);
                const char *row = compare_paths(&m, &b.s, &smp, o);
                const char *want = expected_row(&m, &b.s, &smp);
                CHECK(row == want || (row && want && strcmp(row, want) == 0), "canonical %s",
                      tu_op_describe(ops[o])->name);
                for (unsigned i = 0; row && i < tuE_fast_table_size && i < MAX_ROWS; i++)
                    if (strcmp(row, tuE_fast_table[i].name) == 0) reached[i] = true;
            }
            free_surface(&b);
        }
    for (unsigned i = 0; i < tuE_fast_table_size && i < MAX_ROWS; i++)
        CHECK(reached[i], "row %s is not reached by any canonical message", tuE_fast_table[i].name);
}

/* Each flag the sample row requires, broken alone, sends the message to the generic path
 * (with the same result). */
static void test_near_misses(void) {
    for (int miss = 0; miss < 14; miss++) {
        surf_box b;
        tu_sampler smp;
        surf_params p = {
            TU_SURFACE_2D, true, TU_FORMAT_R8G8B8A8_UNORM, 16, 8, 1, 3, 5, 0, 5, 0, 0, 0};
        tu_op op = TU_OP_SAMPLE_L;
        switch (miss) {
        case 0: p.format = TU_FORMAT_R8G8B8A8_SNORM; break;
        case 1: p.tiling = 1; break;
        case 2: p.residency = 1; break;
        case 3: p.type = TU_SURFACE_3D, p.arrayed = false, p.layers = 1, p.d = 2; break;
        case 4: p.format = TU_FORMAT_R8G8B8A8_UINT; break;
        case 9: p.format = TU_FORMAT_R32G32B32A32_SFLOAT; break; /* holds a NaN border */
        default: break;
        }
        CHECK(make_surface(&p, &b));
        smp = tu_sampler_default();
        smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
        smp.mip_filter = TU_MIP_LINEAR;
        tu_msg m;
        canonical_msg(&m, op);
        switch (miss) {
        case 5: m.op = TU_OP_GATHER4_L; break;
        case 6: smp.reduction = TU_REDUCTION_MIN; break;
        case 7: smp.max_anisotropy = 4; break;
        case 8: smp.unnormalized = true, smp.mip_filter = TU_MIP_NONE; break;
        case 9: /* a border colour the format holds as NaN, with a border mode: generic */
            smp.address[0] = TU_ADDRESS_CLAMP_BORDER, smp.border_color.f[2] = NAN;
            smp.precision = TU_PRECISION_EXACT;
            break;
        case 10: m.flags = TU_MSG_HALF_SOURCES, smp.address[1] = TU_ADDRESS_CLAMP_BORDER; break;
        case 11: m.flags = TU_MSG_HALF_SOURCES; break;
        case 12: m.op = TU_OP_SAMPLE_PO_L; break;
        case 3: m.op = TU_OP_LD; break; /* loads of 3D surfaces have no row */
        case 13: m.op = TU_OP_LOD; break;
        default: break;
        }
        const char *row = compare_paths(&m, &b.s, &smp, (unsigned)miss);
        CHECK(row == NULL, "near miss %d reached row %s", miss, row);
        free_surface(&b);
    }
}

/* The in-bounds proof: a surface one byte short of its last texel is not in bounds. */
static void test_geometry_bounds(void) {
    for (int padded = 0; padded < 2; padded++)
        for (size_t shortage = 0; shortage < 2; shortage++) {
            surf_params p = {TU_SURFACE_2D,
                             true,
                             TU_FORMAT_B8G8R8A8_UNORM,
                             7,
                             5,
                             1,
                             2,
                             3,
                             0,
                             3,
                             padded ? 2 : 0,
                             0,
                             shortage};
            if (padded) p.levels = p.level_count = 1;
            surf_box b;
            CHECK(make_surface(&p, &b));
            tuK_geom g;
            CHECK(tuE_fast_geometry(&b.s, b.s.level_count, &g, false) == (shortage == 0),
                  "padded %d shortage %zu", padded, shortage);
            b.s.data = NULL;
            CHECK(!tuE_fast_geometry(&b.s, b.s.level_count, &g, false));
            free_surface(&b);
        }
}

/* tuE_fast_weight256 is (int32_t)(tuE_snap256(x) * 256) on [0, 1). */
static void test_weight_rounding(void) {
    unsigned bad = 0;
    for (int k = 0; k < 512; k++) {
        const float t = (float)k / 512.0f;
        const float xs[3] = {nextafterf(t, 0.0f), t, nextafterf(t, 1.0f)};
        for (int i = 0; i < 3; i++)
            if (xs[i] >= 0.0f && xs[i] < 1.0f &&
                tuE_fast_weight256(xs[i]) != (int32_t)(tuE_snap256(xs[i]) * 256.0f))
                bad++;
    }
    for (int i = 0; i < 1000000; i++) {
        float x = rnd_unit();
        if (i & 1) x = ldexpf(x, -(int)rnd(30));
        if (tuE_fast_weight256(x) != (int32_t)(tuE_snap256(x) * 256.0f)) bad++;
    }
    CHECK(bad == 0, "%u weights differ", bad);
    CHECK(tuE_fast_weight256(0.0f) == 0);
    CHECK(tuE_fast_weight256(nextafterf(1.0f, 0.0f)) == 256);
    CHECK(tuE_fast_weight256(1.5f / 256.0f) == 2 && tuE_fast_weight256(2.5f / 256.0f) == 2);
}

/* Float texels that are NaN (every payload, quiet and signalling), infinities and
 * denormals: the lerps must pass them through exactly as the generic path does. */
static void test_special_texels(void) {
    static const tu_format formats[] = {TU_FORMAT_R32G32B32A32_SFLOAT,
                                        TU_FORMAT_R32_SFLOAT,
                                        TU_FORMAT_D32_SFLOAT,
                                        TU_FORMAT_R16G16B16A16_SFLOAT,
                                        TU_FORMAT_R16G16_SFLOAT,
                                        TU_FORMAT_B10G11R11_UFLOAT_PACK32,
                                        TU_FORMAT_E5B9G9R9_UFLOAT_PACK32,
                                        TU_FORMAT_R16_SFLOAT,
                                        TU_FORMAT_R32G32_SFLOAT};
    for (unsigned n = 0; n < 180; n++) {
        surf_params p = {TU_SURFACE_2D,
                         n % 2 == 1,
                         formats[n % 9],
                         1 + rnd(9),
                         1 + rnd(9),
                         1,
                         1 + n % 2,
                         1,
                         0,
                         1,
                         0,
                         0,
                         0};
        p.levels = p.level_count = max_levels(p.w, p.h, 1);
        surf_box b;
        if (!CHECK(make_surface(&p, &b))) continue;
        uint8_t *mem = b.memory;
        for (size_t i = 0; i + 4 <= b.s.size; i += 4) {
            static const uint32_t kinds[] = {0x7f800000u, 0xff800000u, 0x00000001u, 0x80000000u};
            uint32_t bits = (uint32_t)tu_test_rand(&rng);
            if (rnd(4)) bits = (bits & 0x807fffffu) | 0x7f800001u; /* NaN */
            if (rnd(8) == 0) bits = kinds[rnd(4)];
            memcpy(mem + i, &bits, 4);
        }
        for (unsigned k = 0; k < 40; k++) {
            tu_msg m;
            tu_sampler smp;
            random_msg(&m, &b.s);
            random_sampler(&smp);
            /* Only average reduction: the rows take no other, and min/max of NaN texels is
             * the generic path's own matter (its 8-bit code of a NaN). */
            smp.reduction = TU_REDUCTION_AVERAGE;
            compare_paths(&m, &b.s, &smp, n * 40 + k);
        }
        free_surface(&b);
    }
}

/* 16-bit depth texels at every byte offset a level may start at, in memory of exactly the
 * size the view needs (the D16 kernels read the 4 bytes ending with a texel, or the first 4
 * bytes of memory for a texel at byte 0 or 1): a level at byte 1 of a 4-byte buffer once
 * read a byte past the end (found by fuzz_engine). Every texel reads its code, on every
 * kernel build, with and without compare, as the generic path does. */
static void test_d16_offsets(void) {
    unsigned iter = 0;
    for (uint32_t size = 1; size <= 3; size++)
        for (uint64_t shift = 0; shift < 6; shift++)
            for (int compare = 0; compare < 2; compare++) {
                tu_surface s = {.type = TU_SURFACE_2D,
                                .format = TU_FORMAT_D16_UNORM,
                                .width = size,
                                .height = size,
                                .depth = 1,
                                .layers = 1,
                                .levels = 1,
                                .level_count = 1,
                                .samples = 1};
                uint64_t need = 0;
                if (!CHECK(tu_surface_layout_packed(&s, &need, NULL) == TU_OK)) continue;
                s.level[0].offset = shift;
                s.size = (size_t)(shift + need < 4 ? 4 : shift + need);
                uint8_t *mem = malloc(s.size);
                if (!CHECK(mem != NULL)) return;
                for (size_t i = 0; i < s.size; i++)
                    mem[i] = (uint8_t)(0x11 * (i + 1));
                s.data = mem;
                tu_sampler smp = tu_sampler_default();
                smp.compare = compare ? TU_COMPARE_LEQUAL : TU_COMPARE_OFF;
                tu_msg m;
                memset(&m, 0, sizeof m);
                m.op = compare ? TU_OP_SAMPLE_C_LZ : TU_OP_SAMPLE_LZ;
                m.simd = 16, m.lane_mask = 0xffff, m.channel_mask = 0x1;
                for (unsigned l = 0; l < 16; l++) {
                    const uint32_t x = l % size, y = l / size % size;
                    m.src[TU_SRC_U].f[l] = ((float)x + 0.5f) / (float)size;
                    m.src[TU_SRC_V].f[l] = ((float)y + 0.5f) / (float)size;
                    m.src[compare ? TU_SRC_REF : TU_SRC_R].f[l] = 0.5f;
                }
                CHECK(compare_paths(&m, &s, &smp, iter++) != NULL,
                      "size %u at byte %u: no D16 kernel took the message", size, (unsigned)shift);
                tu_reply r;
                tu_error err = {0};
                CHECK(tu_execute(&m, &s, &smp, &r, &err) == TU_OK, "%s", err.message);
                for (unsigned l = 0; l < 16 && !compare; l++) {
                    const uint64_t at =
                        shift + (l / size % size) * s.level[0].row_pitch + (l % size) * 2u;
                    const float want = (float)(mem[at] | mem[at + 1] << 8) / 65535.0f;
                    CHECK(r.channel[0].f[l] == want, "size %u at byte %u lane %u: %g, not %g", size,
                          (unsigned)shift, l, (double)r.channel[0].f[l], (double)want);
                }
                free(mem);
            }
}

/* A border colour of -0 reads as -0 in a float format that holds it (docs/semantics.md,
 * "Non-finite numbers": encoded and decoded): lanes far outside on every axis, whose filter
 * weights are 0, return the border itself; the generic path's R is -0 bit for bit, and every
 * kernel build agrees. 1D, 2D and 3D surfaces, nearest and linear. */
static void test_signed_zero_border(void) {
    static const tu_format formats[] = {TU_FORMAT_R32G32B32A32_SFLOAT, TU_FORMAT_R32_SFLOAT,
                                        TU_FORMAT_R16G16B16A16_SFLOAT};
    static const tu_surface_type types[] = {TU_SURFACE_1D, TU_SURFACE_2D, TU_SURFACE_3D};
    unsigned iter = 0;
    for (unsigned f = 0; f < 3; f++)
        for (unsigned t = 0; t < 3; t++)
            for (uint8_t filter = TU_FILTER_NEAREST; filter <= TU_FILTER_LINEAR; filter++) {
                const tu_surface_type type = types[t];
                surf_params p = {type,
                                 false,
                                 formats[f],
                                 5,
                                 type == TU_SURFACE_1D ? 1 : 4,
                                 type == TU_SURFACE_3D ? 3 : 1,
                                 1,
                                 1,
                                 0,
                                 1,
                                 0,
                                 0,
                                 0};
                surf_box b;
                if (!CHECK(make_surface(&p, &b))) continue;
                tu_sampler smp = tu_sampler_default();
                smp.min_filter = smp.mag_filter = filter;
                for (int a = 0; a < 3; a++)
                    smp.address[a] = TU_ADDRESS_CLAMP_BORDER;
                for (int c = 0; c < 4; c++)
                    smp.border_color.f[c] = -0.0f;
                tu_msg m;
                memset(&m, 0, sizeof m);
                m.op = TU_OP_SAMPLE_LZ, m.simd = 16, m.lane_mask = 0xffff, m.channel_mask = 0xf;
                for (unsigned l = 0; l < 16; l++) {
                    const float far = l & 1 ? 1e12f : -1e12f;
                    m.src[TU_SRC_U].f[l] = far;
                    m.src[TU_SRC_V].f[l] = l & 2 ? far : -far;
                    m.src[TU_SRC_R].f[l] = l & 4 ? far : -far;
                }
                tu_reply r;
                tu_error err = {0};
                CHECK(tuE_execute(&m, &b.s, &smp, &r, &err, false, NULL) == TU_OK, "%s",
                      err.message);
                for (unsigned l = 0; l < 16; l++)
                    CHECK(r.channel[0].u[l] == 0x80000000u,
                          "format %d type %d filter %u lane %u: the border's R reads %08x, not -0",
                          (int)formats[f], (int)type, filter, l, r.channel[0].u[l]);
                compare_paths(&m, &b.s, &smp, iter++);
                free_surface(&b);
            }
}

/* A 2D surface of one level whose texel i, row-major, holds the code code(i, c) in each byte
 * c (little-endian texel words). */
static void code_surface(surf_box *b, tu_format f, uint32_t w, uint32_t h,
                         uint32_t (*code)(uint32_t i, uint32_t c)) {
    surf_params p = {TU_SURFACE_2D, false, f, w, h, 1, 1, 1, 0, 1, 0, 0, 0};
    if (!CHECK(make_surface(&p, b))) return;
    const uint32_t bytes = tu_format_bytes(f);
    uint8_t *mem = b->memory;
    for (uint32_t i = 0; i < w * h; i++)
        for (uint32_t c = 0; c < bytes; c++)
            mem[(size_t)i * bytes + c] = (uint8_t)code(i, c);
}

static uint32_t rgba8_code(uint32_t i, uint32_t c) {
    return c == 0 ? i : c == 1 ? 255 - i : c == 2 ? (i * 7) & 255 : (i * 13 + 5) & 255;
}

static uint32_t d16_code(uint32_t i, uint32_t c) {
    return c == 0 ? i & 255 : i >> 8; /* texel i holds the 16-bit code i */
}

/* Every texel of a one-level surface, 16 lanes a message, as an LD (load) or as a nearest
 * SAMPLE_L at the texel's centre, through compare_paths. */
static void every_texel(const surf_box *b, tu_op op, const tu_sampler *smp) {
    const uint32_t w = b->s.width, n = w * b->s.height;
    for (uint32_t first = 0; first < n; first += 16) {
        tu_msg m;
        memset(&m, 0, sizeof m);
        m.op = op, m.simd = 16, m.lane_mask = 0xffff, m.channel_mask = 0xf;
        for (uint32_t l = 0; l < 16; l++) {
            const uint32_t i = (first + l) % n, x = i % w, y = i / w;
            if (op == TU_OP_LD) {
                m.src[TU_SRC_U].i[l] = (int32_t)x, m.src[TU_SRC_V].i[l] = (int32_t)y;
            } else {
                m.src[TU_SRC_U].f[l] = ((float)x + 0.5f) / (float)w;
                m.src[TU_SRC_V].f[l] = ((float)y + 0.5f) / (float)b->s.height;
            }
        }
        compare_paths(&m, &b->s, smp, first);
    }
}

static void test_every_code(void) {
    const tu_sampler nearest = tu_sampler_default();
    static const tu_format rgba8[] = {TU_FORMAT_R8G8B8A8_UNORM, TU_FORMAT_B8G8R8A8_UNORM,
                                      TU_FORMAT_R8G8B8A8_SRGB};
    for (unsigned k = 0; k < 3; k++) {
        surf_box b;
        code_surface(&b, rgba8[k], 16, 16, rgba8_code);
        every_texel(&b, TU_OP_LD, &nearest);
        every_texel(&b, TU_OP_SAMPLE_L, &nearest);
        tu_sampler exact = nearest; /* the float branch of the sampling rows too */
        exact.precision = TU_PRECISION_EXACT;
        every_texel(&b, TU_OP_SAMPLE_L, &exact);
        free_surface(&b);
    }
    surf_box d;
    code_surface(&d, TU_FORMAT_D16_UNORM, 256, 256, d16_code);
    every_texel(&d, TU_OP_SAMPLE_L, &nearest);
    free_surface(&d);
}

/* A blend that makes a NaN returns the canonical NaN 0x7fc00000 on both paths, whatever the
 * texels' payloads and signs; a weight of 0 returns the texel's own NaN (docs/semantics.md,
 * "NaN payloads"). A 2x1 RGBA32F level: texel 0 a NaN, texel 1 a NaN or an infinity. */
static void test_canonical_nan(void) {
    static const uint32_t second[] = {0x7f800000u, 0xff800000u, 0xffc00001u, 0x7f812345u};
    for (unsigned k = 0; k < 4; k++) {
        surf_params p = {
            TU_SURFACE_2D, false, TU_FORMAT_R32G32B32A32_SFLOAT, 2, 1, 1, 1, 1, 0, 1, 0, 0, 0};
        surf_box b;
        if (!CHECK(make_surface(&p, &b))) continue;
        const uint32_t texels[8] = {0xff800001u, 0x7fa00000u, 0x7f800000u, 0x3f800000u,
                                    second[k],   second[k],   0xff800000u, 0x3f800000u};
        memcpy(b.memory, texels, sizeof texels);
        tu_sampler smp = tu_sampler_default();
        smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
        smp.address[0] = smp.address[1] = TU_ADDRESS_CLAMP_EDGE;
        tu_msg m;
        memset(&m, 0, sizeof m);
        m.op = TU_OP_SAMPLE_LZ, m.simd = 16, m.lane_mask = 0xffff, m.channel_mask = 0xf;
        for (unsigned l = 0; l < 16; l++) {
            m.src[TU_SRC_U].f[l] = l == 0 ? 0.25f : 0.5f; /* lane 0: texel 0 alone */
            m.src[TU_SRC_V].f[l] = 0.5f;
        }
        compare_paths(&m, &b.s, &smp, k);
        tu_reply r;
        tu_error err = {0};
        if (!CHECK(tu_execute(&m, &b.s, &smp, &r, &err) == TU_OK, "%s", err.message)) continue;
        /* R: NaN with NaN or infinity; G: NaN with another; B: inf - inf; A: 1 with 1. */
        CHECK(r.channel[0].u[0] == texels[0], "weight 0 returns texel 0: %08x", r.channel[0].u[0]);
        for (unsigned c = 0; c < 3; c++)
            CHECK(r.channel[c].u[5] == 0x7fc00000u, "k %u channel %u: %08x", k, c,
                  r.channel[c].u[5]);
        CHECK(r.channel[3].f[5] == 1.0f);
        free_surface(&b);
    }
}

/* Cube rows: directions near face edges and corners, seamless or not, every filter. */
static void test_cube_rows(void) {
    static const tu_format formats[] = {TU_FORMAT_R8G8B8A8_UNORM, TU_FORMAT_B8G8R8A8_UNORM,
                                        TU_FORMAT_R32G32B32A32_SFLOAT, TU_FORMAT_B8G8R8A8_SRGB};
    static const uint32_t sizes[] = {1, 2, 3, 4, 8, 13, 16};
    for (unsigned n = 0; n < 150; n++) {
        const uint32_t size = sizes[rnd(7)];
        surf_params p = {
            TU_SURFACE_CUBE, rnd(3) == 0, formats[rnd(3)], size, size, 1, 6, 1, 0, 1, 0, 0, 0};
        if (p.arrayed) p.layers = 6 * (1 + rnd(3));
        p.levels = p.level_count = 1 + rnd(max_levels(size, size, 1));
        surf_box b;
        if (!CHECK(make_surface(&p, &b))) continue;
        for (unsigned k = 0; k < 40; k++) {
            tu_msg m;
            tu_sampler smp;
            random_msg(&m, &b.s);
            random_sampler(&smp);
            if (rnd(4)) m.op = rnd(2) ? TU_OP_SAMPLE_L : TU_OP_SAMPLE_LZ;
            smp.reduction = TU_REDUCTION_AVERAGE; /* what the rows take (min/max: see above) */
            if (rnd(2)) m.flags &= ~(uint32_t)TU_MSG_HALF_SOURCES;
            for (unsigned l = 0; l < TU_MAX_LANES; l++) {
                /* A major axis of +-1 and the others at texel centres, edges or beyond. */
                const unsigned axis = rnd(3);
                for (unsigned a = 0; a < 3; a++) {
                    float c = (float)((int)rnd(4 * size + 9) - 2 * (int)size - 4) / (2.0f * size);
                    if (rnd(8) == 0) c = rnd_coord();
                    if (a == axis && rnd(8)) c = rnd(2) ? 1.0f : -1.0f;
                    m.src[a == 0 ? TU_SRC_U : a == 1 ? TU_SRC_V : TU_SRC_R].f[l] = c;
                }
            }
            compare_paths(&m, &b.s, &smp, n * 40 + k);
        }
        free_surface(&b);
    }
}

/* tuE_snap256 against its definition: x * 256 rounded to an integer in double, ties to
 * even, over 1/256 and 1/512 steps (ties), their neighbours and random floats. */
static double snap_reference(float x) {
    if (!isfinite(x)) return x;
    double v = (double)x * 256.0, r = floor(v), frac = v - r;
    if (frac > 0.5 || (frac == 0.5 && fmod(r, 2.0) != 0.0)) r += 1.0;
    return (float)(r / 256.0);
}

static void test_snap256(void) {
    unsigned bad = 0;
    for (int i = 0; i < 3000000; i++) {
        float x;
        if (i < 1000000) {
            x = (float)(i - 500000) / 512.0f;
            if (i & 1) x = nextafterf(x, (i & 2) ? INFINITY : -INFINITY);
        } else {
            const uint32_t bits = (uint32_t)tu_test_rand(&rng);
            memcpy(&x, &bits, 4);
        }
        const float want = (float)snap_reference(x), got = tuE_snap256(x);
        if (memcmp(&want, &got, 4) != 0 && !(isnan(want) && isnan(got))) bad++;
    }
    CHECK(bad == 0, "%u values differ", bad);
    const float mz = tuE_snap256(-0.0f), pz = tuE_snap256(-1.0f / 1024.0f);
    CHECK(signbit(mz) && !signbit(pz) && pz == 0.0f);
}

/* The cube edge table is what tuE_cube_edge_table derives from the face selection. */
static void test_cube_edge_table(void) {
    int32_t t[24];
    tuE_cube_edge_table(t);
    for (int i = 0; i < 24; i++)
        CHECK(t[i] == tuE_cube_edges[i], "entry %d: 0x%x vs 0x%x", i, t[i], tuE_cube_edges[i]);
}

/* The sRGB table of the kernels is the format's decode, code by code. */
static void test_srgb_table(void) {
    static const tu_format formats[] = {TU_FORMAT_R8G8B8A8_SRGB, TU_FORMAT_B8G8R8A8_SRGB};
    for (int f = 0; f < 2; f++)
        for (unsigned v = 0; v < 256; v++) {
            const uint8_t bytes[4] = {(uint8_t)v, (uint8_t)v, (uint8_t)v, 0};
            tu_texel t;
            tu_format_decode(formats[f], bytes, &t);
            for (int c = 0; c < 3; c++)
                CHECK(memcmp(&t.f[c], &tuE_srgb8_decode[v], 4) == 0, "code %u: %a vs %a", v,
                      (double)t.f[c], (double)tuE_srgb8_decode[v]);
        }
}

/* tuE_log2, the LOD's log2 (lod.c): exact at powers of two (denormals included), within
 * 1e-6 (relative to max(1, |log2 x|)) of log2 elsewhere, IEEE at 0, infinity and NaN. */
static void test_log2(void) {
    for (int e = -149; e < 128; e++)
        CHECK(tuE_log2(ldexpf(1.0f, e)) == (float)e, "log2(2^%d) = %.9g", e,
              (double)tuE_log2(ldexpf(1.0f, e)));
    double worst = 0.0;
    for (int i = 0; i < 2000000; i++) {
        uint32_t bits = (uint32_t)tu_test_rand(&rng) & 0x7fffffffu;
        if (bits >= 0x7f800000u) continue;
        float x;
        memcpy(&x, &bits, 4);
        if (x == 0.0f) continue;
        const double want = log2((double)x), got = tuE_log2(x);
        const double err = fabs(got - want) / (fabs(want) > 1.0 ? fabs(want) : 1.0);
        if (err > worst) worst = err;
    }
    CHECK(worst < 1e-6, "worst relative error %g", worst);
    CHECK(tuE_log2(0.0f) == -INFINITY && tuE_log2(-0.0f) == -INFINITY);
    CHECK(tuE_log2(INFINITY) == INFINITY && isnan(tuE_log2(NAN)) && isnan(tuE_log2(-1.0f)));
    printf("  worst relative error of tuE_log2: %.3g\n", worst);
}

/* The ISA choice: names, refusals, and on a CPU that has AVX-512 or AVX2 (as
 * /proc/cpuinfo says), those builds are available, so the tests above ran them. */
static void test_isa_choice(void) {
    for (int i = 0; i < 4; i++) {
        tu_isa back;
        CHECK(tu_isa_parse(tu_isa_name((tu_isa)i), &back, NULL) == TU_OK && back == (tu_isa)i);
    }
    tu_error err = {0};
    tu_isa isa;
    CHECK(tu_isa_parse("sse9", &isa, &err) == TU_INVALID_ARGUMENT && strstr(err.message, "sse9"));
    CHECK(tu_isa_name((tu_isa)7) == NULL && !tu_isa_available((tu_isa)7));
    surf_box b;
    tu_sampler smp;
    canonical(&b, &smp, TU_FORMAT_R8G8B8A8_UNORM);
    tu_binding bind;
    CHECK(tu_bind_isa(&b.s, &smp, (tu_isa)7, &bind, &err) == TU_INVALID_ARGUMENT &&
          strstr(err.message, "ISA 7"));
    for (int i = 0; i < 4; i++) {
        const tu_status st = tu_bind_isa(&b.s, &smp, (tu_isa)i, &bind, &err);
        CHECK(st == (tu_isa_available((tu_isa)i) ? TU_OK : TU_UNSUPPORTED), "isa %d", i);
        if (st != TU_OK)
            CHECK(strstr(err.message, tu_isa_name((tu_isa)i)) != NULL, "%s", err.message);
    }
    free_surface(&b);
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        static char text[1 << 16];
        const size_t n = fread(text, 1, sizeof text - 1, f);
        text[n] = 0;
        fclose(f);
        /* A build whose compiler lacked the ISA's flags has no kernels for it. */
        if (strstr(text, " avx2") && strstr(text, " fma") && tuK_avx2.fn[0][0])
            CHECK(tu_isa_available(TU_ISA_AVX2));
        if (strstr(text, " avx512f") && strstr(text, " avx512bw") && strstr(text, " avx512vl") &&
            tuK_avx512.fn[0][0])
            CHECK(tu_isa_available(TU_ISA_AVX512));
    }
    /* kernels_avx2_pairs.c: clang's avx2 build has its 2D sampling kernels (the SAMPLE and
     * SAMPLE_C rows of 2D surfaces) with two registers a value as well, and an avx2 binding
     * runs those (fast.c kernel_of), so the random tests cover them; GCC's has none. */
    const bool pairs = tuK_avx2_pairs.fn[TUK_SAMPLE_RGBA8_2D][TUK_FILTER_ANY] != NULL;
#if defined(__clang__)
    CHECK(pairs == (tuK_avx2.fn[0][0] != NULL), "clang's avx2 build makes the pairs");
#else
    CHECK(!pairs, "GCC's avx2 build makes no pairs");
#endif
    for (unsigned i = 0; i < tuE_fast_table_size; i++) {
        const tuE_fast_row *row = &tuE_fast_table[i];
        const bool sampling_2d = (row->flags & TUE_FAST_SURF_2D) &&
                                 (row->flags & (TUE_FAST_OP_SAMPLE | TUE_FAST_OP_SAMPLE_C));
        for (unsigned v = 0; v < TUK_FILTERS; v++)
            CHECK((tuK_avx2_pairs.fn[row->kernel][v] != NULL) == (pairs && sampling_2d),
                  "%s, filter variant %u: %s", row->name, v,
                  pairs && sampling_2d ? "missing from the pairs"
                                       : "in the pairs, which hold only 2D sampling rows");
    }
    printf("  kernel builds tested:");
    for (unsigned k = 0; k < isa_count; k++)
        printf(" %s%s", tu_isa_name(isas[k]),
               isas[k] == TU_ISA_AVX2 && pairs ? " (2D sampling in register pairs)" : "");
    printf("\n");
}

/* Every kernel build's same_binding (tu_execute's cache key): a surface of every level count
 * and plane count, at several alignments, equal; then each byte it compares changed alone
 * (a miss), each byte it skips changed (the levels and planes past the counts: still a hit),
 * and the counts themselves changed. */
static void test_same_binding(void) {
    static tu_binding b;
    static _Alignas(64) unsigned char caller[sizeof(tu_surface) + 64];
    static tu_sampler smp;
    for (unsigned k = 0; k < isa_count; k++) {
        const tuK_set *set;
        CHECK(tuE_kernels_for(isas[k], &set, NULL) == TU_OK && set->same_binding);
        for (uint32_t levels = 1; levels <= TU_MAX_LEVELS; levels++) {
            for (uint32_t planes = 0; planes <= TU_MAX_PLANES; planes++) {
                unsigned char *bytes = (unsigned char *)&b.surface;
                for (size_t i = 0; i < sizeof b.surface; i++)
                    bytes[i] = (unsigned char)tu_test_rand(&rng);
                for (size_t i = 0; i < sizeof b.sampler; i++)
                    ((unsigned char *)&b.sampler)[i] = (unsigned char)tu_test_rand(&rng);
                b.surface.levels = levels;
                b.surface.plane_count = planes;
                tu_surface *s = (tu_surface *)(void *)(caller + 8 * ((levels + planes) % 8));
                memcpy(s, &b.surface, sizeof *s);
                memcpy(&smp, &b.sampler, sizeof smp);
                const char *isa = tu_isa_name(isas[k]);
                CHECK(set->same_binding(&b, s, &smp),
                      "%s: %u levels, %u planes: equal bytes differ", isa, levels, planes);
                const size_t head = offsetof(tu_surface, level) + levels * sizeof s->level[0];
                const size_t tail = offsetof(tu_surface, plane) + planes * sizeof s->plane[0];
                unsigned char *sb = (unsigned char *)s;
                for (size_t i = 0; i < sizeof *s; i++) {
                    const bool compared = i < head || (i >= offsetof(tu_surface, mcs) && i < tail);
                    sb[i] ^= 0x80;
                    CHECK(set->same_binding(&b, s, &smp) == !compared,
                          "%s: %u levels, %u planes: byte %zu %s", isa, levels, planes, i,
                          compared ? "not compared" : "compared (past the counts)");
                    sb[i] ^= 0x80;
                }
                for (size_t i = 0; i < sizeof smp; i++) {
                    ((unsigned char *)&smp)[i] ^= 1;
                    CHECK(!set->same_binding(&b, s, &smp), "%s: sampler byte %zu not compared", isa,
                          i);
                    ((unsigned char *)&smp)[i] ^= 1;
                }
                s->levels = levels % TU_MAX_LEVELS + 1;
                CHECK(!set->same_binding(&b, s, &smp), "%s: levels %u vs %u", isa, levels,
                      s->levels);
                s->levels = 0xffffffffu;
                CHECK(!set->same_binding(&b, s, &smp), "%s: levels 0xffffffff", isa);
                s->levels = levels;
                s->plane_count = 0xffffffffu;
                CHECK(!set->same_binding(&b, s, &smp), "%s: plane_count 0xffffffff", isa);
            }
        }
    }
}

/* RGBA32F levels of at least TUK_PREFETCH_BYTES, where the AVX2 and portable builds prefetch
 * the next lane group's footprint (kernels_body.h k_prefetch_next): the hint changes no value,
 * and its level and layer from hostile LODs and array coordinates stay inside the binding's
 * tables. Random SIMD8 and SIMD16 messages, every kernel build, against the generic path. */
static void test_large_levels(void) {
    static const tu_op ops[] = {TU_OP_SAMPLE_L, TU_OP_SAMPLE_LZ, TU_OP_SAMPLE_B};
    unsigned iter = 0, kernel = 0;
    for (int arrayed = 0; arrayed < 2; arrayed++) {
        const surf_params p = {.type = TU_SURFACE_2D,
                               .arrayed = arrayed,
                               .format = TU_FORMAT_R32G32B32A32_SFLOAT,
                               .w = 1024,
                               .h = 512,
                               .d = 1,
                               .layers = arrayed ? 3 : 1,
                               .levels = 11,
                               .level_count = 11};
        surf_box b;
        if (!CHECK(make_surface(&p, &b))) continue;
        for (unsigned k = 0; k < 200; k++) {
            tu_sampler smp = tu_sampler_default();
            smp.min_filter = smp.mag_filter = rnd(4) ? TU_FILTER_LINEAR : TU_FILTER_NEAREST;
            smp.mip_filter = rnd(2) ? TU_MIP_LINEAR : TU_MIP_NEAREST;
            smp.address[0] = rnd_address(), smp.address[1] = rnd_address();
            tu_msg m;
            memset(&m, 0, sizeof m);
            m.op = ops[rnd(3)];
            m.simd = rnd(2) ? 16 : 8;
            m.lane_mask = rnd(4) ? 0xffff : (uint16_t)rnd(0x10000);
            m.channel_mask = 0xf;
            for (unsigned l = 0; l < m.simd; l++) {
                m.src[TU_SRC_U].f[l] = rnd(3) ? rnd_unit() : rnd_coord();
                m.src[TU_SRC_V].f[l] = rnd(3) ? rnd_unit() : rnd_coord();
                m.src[TU_SRC_R].f[l] = rnd(3) ? (float)rnd(3) : rnd_coord();
                m.src[TU_SRC_LOD].f[l] = rnd(2) ? 0.0f : rnd_lod();
                m.src[TU_SRC_BIAS].f[l] = rnd(2) ? 0.0f : rnd_lod();
            }
            kernel += compare_paths(&m, &b.s, &smp, iter++) != NULL;
        }
        free_surface(&b);
    }
    CHECK(kernel >= 300, "only %u of %u messages took a kernel", kernel, iter);
}

int main(void) {
    rng = tu_test_seed(rng);
    pick_isas();
    TU_RUN(test_isa_choice);
    TU_RUN(test_same_binding);
    TU_RUN(test_weight_rounding);
    TU_RUN(test_log2);
    TU_RUN(test_snap256);
    TU_RUN(test_srgb_table);
    TU_RUN(test_cube_edge_table);
    TU_RUN(test_geometry_bounds);
    TU_RUN(test_every_row_reachable);
    TU_RUN(test_near_misses);
    TU_RUN(test_special_texels);
    TU_RUN(test_signed_zero_border);
    TU_RUN(test_d16_offsets);
    TU_RUN(test_large_levels);
    TU_RUN(test_canonical_nan);
    TU_RUN(test_every_code);
    TU_RUN(test_cube_rows);
    TU_RUN(test_random_against_generic);
    return tu_test_finish();
}
