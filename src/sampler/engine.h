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
} tuE_ctx;

/* The per-lane state a filter accumulates. */
typedef struct tuE_lane {
    bool null_page;        /* a texel came from a non-resident page */
    const tu_trace *trace; /* tu_execute_traced's lane, else NULL (the generic path only) */
} tuE_lane;

/* Report a trace event of a traced lane (tu_execute_traced). */
static inline void tuE_trace(const tuE_lane *lane, const tu_trace_event *e) {
    lane->trace->event(lane->trace->user, e);
}

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

/* Read the texel at view level `level`, layer `layer`, position (x, y, z), sample 0, all in
 * range, decoded (compare applied when ctx->compare, against ref). */
void tuE_texel(const tuE_ctx *ctx, tuE_lane *lane, uint32_t level, uint32_t layer, uint32_t x,
               uint32_t y, uint32_t z, float ref, tu_texel *out);

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

/* Round to 1/256 with ties to even: the hardware's 8 fractional bits (DESIGN.md §5). */
float tuE_snap256(float x);

/* --- filtering (filter.c) and loads (load.c) -------------------------------------------- */

/* Sample, gather or LOD for one lane; writes the four components into *out. */
void tuE_sample_lane(const tuE_ctx *ctx, tuE_lane *lane, unsigned l, const tuE_derivs *d,
                     tu_texel *out);
void tuE_load_lane(const tuE_ctx *ctx, tuE_lane *lane, unsigned l, tu_texel *out);
void tuE_info_lane(const tuE_ctx *ctx, unsigned l, tu_texel *out);

/* --- the fast-path table (fast.c; DESIGN.md §3) ---------------------------------------- */

/* Run the message through the first fast-path row that accepts it: writes the enabled
 * channels of the enabled lanes and returns the row's name, or returns NULL having written
 * nothing (the generic path runs). Called once per message, after validation. */
const char *tuE_fast_run(const tuE_ctx *ctx, tu_reply *reply);

/* tu_execute with the fast paths allowed or not (tests compare the two, bit for bit);
 * *fast_path (when not NULL) receives the name of the fast-path row used, or NULL. */
tu_status tuE_execute(const tu_msg *msg, const tu_surface *surface, const tu_sampler *sampler,
                      tu_reply *reply, tu_error *err, bool allow_fast, const char **fast_path);

#endif /* TEXUNIT_ENGINE_H */
