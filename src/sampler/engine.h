/* SPDX-License-Identifier: MIT */
/*
 * engine.h - what the engine's files share: the per-message context, texel access
 * (wrap, border, cube faces, residency), LOD and filtering entry points.
 *
 * Internal names carry the prefix tuE_.
 */
#ifndef TEXUNIT_ENGINE_H
#define TEXUNIT_ENGINE_H

#include "texunit/sampler.h"

#include "../base/base.h"
#include "../format/format_internal.h"

/* One level of the view, computed when a surface is bound (tuE_bound_init). */
typedef struct tuE_level {
    uint32_t w, h, d; /* the extent (tu_surface_level_extent) */
    /* direct: a LINEAR surface, whose texel (x, y, z) of `layer`, sample `sample`, is the
     * format's bytes at data + tuS_linear_offset(&layout, bytes, x, y, z, layer, sample).
     * tu_surface_validate proved that every
     * such texel with x < w, y < h, z < d, layer < layers, sample < samples lies inside
     * [data, data + size) (each pitch times its count, plus the level's span, ends inside
     * memory), so tuE_read checks only the coordinates: the address gate once per level
     * rather than per texel. Not direct (tiled surfaces): tu_surface_texel_offset per texel. */
    bool direct;
    tu_level_layout layout; /* the surface's level */
} tuE_level;

/* Everything about one message that does not change from lane to lane. */
typedef struct tuE_ctx {
    const tu_msg *msg;
    const tu_surface *surf;
    const tu_sampler *smp;
    const tu_format_desc *fd;
    const tu_op_info *op;
    bool is_cube;    /* a CUBE surface: faces, seamless edges */
    bool integer;    /* the format's class is SINT or UINT: nearest only */
    bool hw;         /* TU_PRECISION_HW */
    bool fixed8;     /* hw precision and 8-bit unorm channels: filter in 8-bit fixed point */
    bool compare;    /* the op compares against ref */
    uint8_t present; /* bit c: the format has component c (R G B A; depth and stencil as R) */
    uint32_t levels; /* the view's level count */
    uint32_t base_w, base_h, base_d; /* the extent of view level 0 */
    uint32_t array_layers;           /* layers addressable by the array coordinate */
    float lod_bias, min_lod, max_lod;
    const tuE_level *level; /* the view's levels, [0, levels) */
    tuF_decode_fn decode;   /* the format's decoder (tuF_decoder) */
    /* fixed8 with fields R, G, B, A, one byte each: component c is byte byte8[c] of a texel,
     * and a texel's 8-bit codes are its bytes (code8 of the decoded c / 255 gives c back). */
    bool bytes8;
    uint8_t byte8[4];
    uint32_t bytes; /* bytes per texel */
} tuE_ctx;

/* What a surface and a sampler fix for every message (tu_bind): the message-independent
 * fields of tuE_ctx and the view's level geometry. It holds no pointer into itself or into
 * the tu_binding around it (ctx.surf, ctx.smp, ctx.level are set per message), so a binding
 * may be copied. */
typedef struct tuE_bound {
    tuE_ctx proto; /* msg, surf, smp, op, level NULL; compare false; fixed8 as without compare */
    tuE_level level[TU_MAX_LEVELS];
    /* Per op: whether the pair suits it (what execute.c's check_msg asks of the surface and
     * the sampler), and the class of the values it returns (tu_reply.value_class). */
    uint8_t op_suits[TU_OP_COUNT];
    uint8_t op_class[TU_OP_COUNT];
} tuE_bound;

/* The engine's state in a binding's opaque storage (execute.c checks that it fits). */
static inline const tuE_bound *tuE_bound_of(const tu_binding *b) {
    return (const tuE_bound *)(const void *)b->bound;
}

/* Fill *b from a surface and a sampler that passed tu_surface_validate and
 * tu_sampler_validate. O(view levels), no allocation. */
void tuE_bound_init(const tu_surface *s, const tu_sampler *smp, tuE_bound *b);

/* The context of one message: b's prototype with the message's fields. */
void tuE_ctx_init(tuE_ctx *ctx, const tuE_bound *b, const tu_surface *s, const tu_sampler *smp,
                  const tu_msg *msg, const tu_op_info *op);

/* The per-lane state a filter accumulates. */
typedef struct tuE_lane {
    bool null_page;             /* a texel came from a non-resident page */
    uint32_t index;             /* the lane's number in the message (trace records) */
    const tu_trace_sink *trace; /* tu_execute_traced's sink, else NULL (the generic path only) */
} tuE_lane;

/* Give record r of a traced lane (tu_execute_traced) its message, lane and surface id, and
 * pass it to the sink (texel.c). */
void tuE_trace(const tuE_lane *lane, tu_trace_record *r);

/* --- texel access (texel.c) ------------------------------------------------------------ */

/* Floor of x as an integer, with NaN -> 0 and |x| clamped to 2^30 (coordinates beyond
 * that have no texel precision left; docs/semantics.md). */
int32_t tuE_floor_int(float x);

/* Apply an address mode to texel coordinate i of an axis of `size` texels. Returns the
 * wrapped coordinate, or -1 when the texel is the border colour. */
int32_t tuE_wrap(int32_t i, int32_t size, tu_address mode);

/* Read texel c (level relative to the view) of surface s, decoded. A texel on a
 * non-resident page, or one the address gate refuses, reads as zero; the first also marks
 * lane->null_page. */
void tuE_fetch(const tu_surface *s, tuE_lane *lane, const tu_texel_coord *c, tu_texel *out);

/* tuE_fetch of an MCS element: the same read, recorded as TU_TRACE_MCS. */
void tuE_fetch_mcs(const tu_surface *mcs, tuE_lane *lane, const tu_texel_coord *c, tu_texel *out);

/* Read texel (x, y, z) of `layer`, sample `sample`, at view level `level` of the bound
 * surface, decoded with ctx->decode: directly when the level is direct and the coordinates
 * lie inside the view, else through the address gate as tuE_fetch (outside: zero). */
void tuE_read(const tuE_ctx *ctx, tuE_lane *lane, uint32_t level, uint32_t layer, uint32_t x,
              uint32_t y, uint32_t z, uint32_t sample, tu_texel *out);

/* Read the texel at view level `level`, layer `layer`, position (x, y, z), sample 0, all in
 * range, decoded (compare applied when ctx->compare, against ref). */
void tuE_texel(const tuE_ctx *ctx, tuE_lane *lane, uint32_t level, uint32_t layer, uint32_t x,
               uint32_t y, uint32_t z, float ref, tu_texel *out);

/* The depth compare of a decoded texel: R becomes `ref OP R` (1 or 0), G = B = 0, A = 1. */
void tuE_apply_compare(const tuE_ctx *ctx, float ref, tu_texel *t);

/* The border colour as a texel (compare applied to its R when ctx->compare). */
void tuE_border(const tuE_ctx *ctx, float ref, tu_texel *out);

/* Select the cube face for direction (x, y, z): face 0..5 (+X -X +Y -Y +Z -Z) and the
 * face coordinates s, t in [0, 1] (Vulkan "Cube Map Face Selection"). */
unsigned tuE_cube_face(float x, float y, float z, float *s, float *t);

/* The texel (i, j) of face `face` at a level of face size n, where i or j may lie one
 * texel outside the face: seamless cube addressing moves it to the adjacent face, and a
 * corner texel (both outside) is the average of the three texels that meet there. */
void tuE_cube_texel(const tuE_ctx *ctx, tuE_lane *lane, uint32_t level, uint32_t cube,
                    uint32_t face, int32_t i, int32_t j, uint32_t n, float ref, tu_texel *out);

/* --- LOD (lod.c) ---------------------------------------------------------------------- */

/* Derivatives of the normalized coordinates for one lane: d[axis][0] along x, [1] along y
 * (axes s, t, r; for cube surfaces the direction vector's x, y, z). */
typedef struct tuE_derivs {
    float d[3][2];
} tuE_derivs;

/* The derivatives of lane `lane`: from the message's gradients (GRAD), or from its 2x2
 * subspan (IMPLICIT, BIAS; scaled by the coarse pixel size with TU_MSG_CPS). */
void tuE_lane_derivs(const tuE_ctx *ctx, const float *coord[3], unsigned lane, tuE_derivs *d);

/* The LOD computation for one lane (Vulkan "Level-of-Detail Operation"). */
typedef struct tuE_lod {
    float lambda_prime; /* lambda_base + bias: the LOD op's "unclamped" value */
    float lambda;       /* clamped to [min_lod, max_lod] */
    float aniso_ratio;  /* eta, >= 1 */
    float rho[2];       /* rho_x, rho_y (0 without derivatives) */
    float major[3];     /* the major axis of anisotropy in normalized coordinates (per unit) */
    bool magnify;       /* lambda <= 0 */
} tuE_lod;

void tuE_compute_lod(const tuE_ctx *ctx, const float coord[3], const tuE_derivs *d,
                     float lambda_base_or_nan, float shader_bias, tuE_lod *out);

/* log2(x) as the LOD computes it: a fixed formula of float operations that the SIMD
 * kernels repeat bit for bit (lod.c). */
float tuE_log2(float x);

/* Round to 1/256 with ties to even: the hardware's 8 fractional bits. */
float tuE_snap256(float x);

/* The canonical quiet NaN, 0x7fc00000: what a float blend (filter.c's lerp, the kernels'
 * k_lerp) returns in place of any NaN it computes (docs/semantics.md, "NaN payloads"). */
#define TUE_CANONICAL_NAN_BITS 0x7fc00000u
static inline float tuE_canonical_nan(void) {
    const union {
        uint32_t u;
        float f;
    } v = {TUE_CANONICAL_NAN_BITS};
    return v.f;
}

/* --- filtering (filter.c) and loads (load.c) -------------------------------------------- */

/* Sample, gather or LOD for one lane; writes the four components into *out. */
void tuE_sample_lane(const tuE_ctx *ctx, tuE_lane *lane, unsigned l, const tuE_derivs *d,
                     tu_texel *out);
void tuE_load_lane(const tuE_ctx *ctx, tuE_lane *lane, unsigned l, tu_texel *out);
void tuE_info_lane(const tuE_ctx *ctx, unsigned l, tu_texel *out);

/* --- execution (execute.c) ----------------------------------------------------------- */

/* tu_execute_bound with the fast paths allowed or not (tests compare the two, bit for bit);
 * *fast_path (when not NULL) receives the name of the fast-path row used, or NULL. */
tu_status tuE_execute_bound(const tu_binding *b, const tu_msg *msg, tu_reply *reply, tu_error *err,
                            bool allow_fast, const char **fast_path);

/* tu_execute (bind, then tuE_execute_bound) with the same choice. */
tu_status tuE_execute(const tu_msg *msg, const tu_surface *surface, const tu_sampler *sampler,
                      tu_reply *reply, tu_error *err, bool allow_fast, const char **fast_path);

#endif /* TEXUNIT_ENGINE_H */
