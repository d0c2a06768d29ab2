/* SPDX-License-Identifier: MIT */
/*
 * filter.c - one lane of a sample, gather or LOD operation (Vulkan "Texel Filtering",
 * "Texel Gathering", "Level-of-Detail Operation").
 *
 * The path of a lane: coordinates and array layer -> LOD -> the level(s) -> in each
 * level a footprint (1 texel for nearest, 2/4/8 for linear) with per-axis weights ->
 * the footprint reduced (weighted average, min or max) -> levels combined -> anisotropic
 * samples averaged. Depth compare happens per texel, before filtering (percentage-closer).
 */
#include "engine.h"

#include "../surface/surface_internal.h"

#include <math.h>
#include <string.h>

/* A footprint in one level: 2^dims texels, texel index bit a set = the upper neighbour
 * along axis a, with the weight of the upper neighbour per axis. Texel k with bit k of
 * `coded` set is given by its 8-bit codes alone (code[k], R G B A; t[k] unset): an 8-bit
 * fixed-point average reads nothing else (gather_footprint, reduce). */
typedef struct footprint {
    unsigned dims;
    float w[3];
    tu_texel t[8];
    uint32_t coded;
    uint8_t code[8][4];
} footprint;

/* Round to nearest even and clamp to [0, count - 1]: the array layer rule (Vulkan
 * "Image Level(s) Selection": l = clamp(RNE(a), 0, layers - 1)). */
static uint32_t array_index(float a, uint32_t count) {
    if (!(a > 0.0f)) return 0; /* negatives and NaN */
    if (a >= (float)count) return count - 1;
    double r = floor((double)a), frac = (double)a - r;
    if (frac > 0.5 || (frac == 0.5 && fmod(r, 2.0) != 0.0)) r += 1.0;
    return r >= count ? count - 1 : (uint32_t)r;
}

/* The texel coordinate offsets of a lane: immediate plus, for _po ops, per lane. */
static void lane_offsets(const tuE_ctx *ctx, unsigned l, int32_t off[3]) {
    const tu_msg *m = ctx->msg;
    static const tu_src per_lane[3] = {TU_SRC_OFFU, TU_SRC_OFFV, TU_SRC_OFFR};
    for (int a = 0; a < 3; a++) {
        /* Immediate plus per-lane, summed in 64 bits and clamped to +-2^30 like the
         * coordinates they move (docs/semantics.md, "Huge coordinates"). */
        int64_t sum = m->offset[a];
        if (ctx->op->flags & TU_OPF_PO) sum += m->src[per_lane[a]].i[l];
        off[a] = (int32_t)(sum < -(1 << 30) ? -(1 << 30) : sum > (1 << 30) ? (1 << 30) : sum);
    }
}

/* Where a lane samples: the normalized (or, unnormalized, texel) coordinates, the array
 * layer (or cube index), and its texel offsets. */
typedef struct lane_pos {
    float c[3];     /* s, t, r; for cube surfaces the direction */
    uint32_t layer; /* array layer; for cube surfaces the cube index */
    int32_t off[3]; /* per axis; 0 on array and cube axes */
    float ref;
} lane_pos;

static void lane_position(const tuE_ctx *ctx, unsigned l, lane_pos *p) {
    const tu_msg *m = ctx->msg;
    const tu_surface *s = ctx->surf;
    const float u = m->src[TU_SRC_U].f[l], v = m->src[TU_SRC_V].f[l], r = m->src[TU_SRC_R].f[l];
    int32_t off[3];
    lane_offsets(ctx, l, off);
    p->c[0] = u, p->c[1] = v, p->c[2] = r;
    p->layer = 0;
    p->off[0] = off[0], p->off[1] = off[1], p->off[2] = off[2];
    p->ref = m->src[TU_SRC_REF].f[l];
    /* Vulkan clamps D_ref to [0, 1] for unorm depth formats ("Depth Compare Operation"). */
    if (ctx->compare && ctx->fd->channels[0].numeric == TU_NUMERIC_UNORM)
        p->ref = p->ref < 0.0f ? 0.0f : p->ref > 1.0f ? 1.0f : p->ref;
    /* The coordinate table of vISA spec, 3D_SAMPLE: 1D array v, 2D array r, cube ai. */
    switch (s->type) {
    case TU_SURFACE_1D:
    case TU_SURFACE_BUFFER:
        if (s->arrayed) p->layer = array_index(v, ctx->array_layers);
        p->c[1] = p->c[2] = 0.0f, p->off[1] = p->off[2] = 0;
        break;
    case TU_SURFACE_2D:
        if (s->arrayed) p->layer = array_index(r, ctx->array_layers);
        p->c[2] = 0.0f, p->off[2] = 0;
        break;
    case TU_SURFACE_CUBE: /* offsets do not apply to cube maps (Vulkan) */
        if (s->arrayed) p->layer = array_index(m->src[TU_SRC_AI].f[l], ctx->array_layers);
        p->off[0] = p->off[1] = p->off[2] = 0;
        break;
    default: break;
    }
}

/* The FOOTPRINT_TEXEL record of footprint texel k of fp (a traced lane only): at (x, y, z,
 * layer) of view level `level`, or the border, with `value` after any compare and its filter
 * weight (none for a gather). A traced message reads every texel through tuE_fetch, which
 * records the read before this (execute.c makes no level direct). */
static TU_COLD void trace_texel(const tuE_ctx *ctx, const tuE_lane *lane, const footprint *fp,
                                uint32_t level, uint32_t layer, const uint32_t pos[3], bool border,
                                unsigned k, const tu_texel *value) {
    float weight = 1.0f;
    for (unsigned a = 0; a < fp->dims; a++)
        weight *= (k >> a) & 1 ? fp->w[a] : 1.0f - fp->w[a];
    tu_trace_record r = {.kind = TU_TRACE_FOOTPRINT_TEXEL,
                         .index = k,
                         .count = 1u << fp->dims,
                         .x = pos[0],
                         .y = pos[1],
                         .z = pos[2],
                         .layer = layer,
                         .level = level,
                         .border = border,
                         .value = *value,
                         .texel_weight = ctx->op->kind == TU_KIND_GATHER ? 0.0f : weight};
    tuE_trace(lane, &r);
}

/* The footprint of position p in view level `level`: its first `linear_axes` axes filtered
 * linearly (0 for nearest; 2 for gather, which reads the nearest slice of a 3D surface), the
 * others at the nearest texel. */
static TU_ALWAYS_INLINE void footprint_of(const tuE_ctx *ctx, tuE_lane *lane, const lane_pos *p,
                                          const float c[3], uint32_t level, unsigned linear_axes,
                                          footprint *fp, const bool traced) {
    const tuE_level *lv = &ctx->level[level]; /* level < ctx->levels */
    const uint32_t ext[3] = {lv->w, lv->h, lv->d};
    const unsigned dims = ctx->is_cube                       ? 2
                          : ctx->surf->type == TU_SURFACE_3D ? 3
                          : ctx->surf->type == TU_SURFACE_2D ? 2
                                                             : 1;
    float coord[3] = {c[0], c[1], c[2]};
    uint32_t face = 0;
    if (ctx->is_cube) {
        face = tuE_cube_face(c[0], c[1], c[2], &coord[0], &coord[1]);
        coord[2] = 0.0f;
    }
    int32_t i0[3] = {0, 0, 0};
    float texel_pos[3] = {0, 0, 0};
    fp->dims = linear_axes < dims ? linear_axes : dims;
    fp->coded = 0;
    for (unsigned a = 0; a < dims; a++) {
        const float u = ctx->smp->unnormalized ? coord[a] : coord[a] * (float)ext[a];
        texel_pos[a] = u;
        if (a < fp->dims) {
            const float shifted = u - 0.5f;
            i0[a] = tuE_floor_int(shifted);
            float frac = shifted - floorf(shifted);
            if (!(frac >= 0.0f && frac < 1.0f)) frac = 0.0f; /* NaN and huge values */
            fp->w[a] = ctx->hw ? tuE_snap256(frac) : frac;
        } else {
            i0[a] = tuE_floor_int(u);
        }
        /* An offset moves the texel coordinate; both are clamped to +-2^30 like huge
         * coordinates (docs/semantics.md), so any per-lane offset stays in range. */
        const int64_t moved = (int64_t)i0[a] + p->off[a];
        i0[a] = (int32_t)(moved < -(1 << 30) ? -(1 << 30) : moved > (1 << 30) ? (1 << 30) : moved);
    }
    const unsigned count = 1u << fp->dims;
    if (TU_UNLIKELY(traced)) {
        tu_trace_record e = {.kind = TU_TRACE_FOOTPRINT, .level = level, .cube = ctx->is_cube};
        e.face = face, e.face_st[0] = coord[0], e.face_st[1] = coord[1], e.dims = fp->dims;
        for (unsigned a = 0; a < 3; a++)
            e.coord[a] = texel_pos[a], e.base[a] = i0[a], e.weight[a] = a < fp->dims ? fp->w[a] : 0;
        tuE_trace(lane, &e);
    }
    if (ctx->is_cube) {
        for (unsigned k = 0; k < count; k++) {
            int32_t idx[2] = {i0[0] + (int32_t)(k & 1), i0[1] + (int32_t)((k >> 1) & 1)};
            const int32_t n = (int32_t)ext[0];
            if (fp->dims == 0 &&
                ctx->smp->seamless_cube) { /* nearest: the face's own texel, clamped to its edge */
                idx[0] = tuE_wrap(idx[0], n, TU_ADDRESS_CLAMP_EDGE);
                idx[1] = tuE_wrap(idx[1], n, TU_ADDRESS_CLAMP_EDGE);
            }
            tuE_cube_texel(ctx, lane, level, p->layer, face, idx[0], idx[1], (uint32_t)n, p->ref,
                           &fp->t[k]);
            if (TU_UNLIKELY(traced)) {
                const uint32_t pos[3] = {(uint32_t)idx[0], (uint32_t)idx[1], 0};
                trace_texel(ctx, lane, fp, level, 6 * p->layer + face, pos, false, k, &fp->t[k]);
            }
        }
        return;
    }
    /* The address modes once per axis, not per texel: the lower and the upper neighbour
     * (the upper only on linear axes; nearest axes of the footprint use the lower). */
    int32_t wrapped[3][2] = {{0, 0}, {0, 0}, {0, 0}};
    for (unsigned a = 0; a < dims; a++) {
        const tu_address mode = (tu_address)ctx->smp->address[a];
        wrapped[a][0] = tuE_wrap(i0[a], (int32_t)ext[a], mode);
        if (a < fp->dims) wrapped[a][1] = tuE_wrap(i0[a] + 1, (int32_t)ext[a], mode);
    }
    /* A direct level without a residency map: tuE_texel's arithmetic once per footprint.
     * Wrapped coordinates lie in [0, extent) and the layer below the surface's layers, so
     * every texel lies inside memory (tuE_level). */
    const tu_surface *s = ctx->surf;
    const bool direct = lv->direct && !s->residency && p->layer < s->layers;
    const uint8_t *base = direct
                              ? (const uint8_t *)s->data +
                                    tuS_linear_offset(&lv->layout, ctx->bytes, 0, 0, 0, p->layer, 0)
                              : NULL;
    /* the rest of tuS_linear_offset's sum, texel by texel */
    const size_t pitch[3] = {ctx->bytes, (size_t)lv->layout.row_pitch,
                             (size_t)lv->layout.slice_pitch};
    /* A filtered sample averaged in 8-bit fixed point takes the texels' bytes as its codes
     * (reduce): no decode to float and back. */
    const bool codes = direct && ctx->bytes8 && ctx->op->kind == TU_KIND_SAMPLE &&
                       ctx->smp->reduction == TU_REDUCTION_AVERAGE;
    for (unsigned k = 0; k < count; k++) {
        uint32_t pos[3] = {0, 0, 0};
        bool border = false;
        size_t offset = 0;
        for (unsigned a = 0; a < dims; a++) {
            const int32_t w = wrapped[a][(k >> a) & 1];
            border |= w < 0;
            pos[a] = (uint32_t)(w < 0 ? 0 : w);
            offset += pos[a] * pitch[a];
        }
        if (border)
            tuE_border(ctx, p->ref, &fp->t[k]);
        else if (codes) {
            for (int ch = 0; ch < 4; ch++)
                fp->code[k][ch] = base[offset + ctx->byte8[ch]];
            fp->coded |= 1u << k;
        } else if (direct) {
            ctx->decode(ctx->fd, base + offset, &fp->t[k]);
            if (ctx->compare) tuE_apply_compare(ctx, p->ref, &fp->t[k]);
        } else
            tuE_texel(ctx, lane, level, p->layer, pos[0], pos[1], pos[2], p->ref, &fp->t[k]);
        if (TU_UNLIKELY(traced))
            trace_texel(ctx, lane, fp, level, p->layer, pos, border, k, &fp->t[k]);
    }
}

/* The footprint compiled twice: with `traced` a constant, the untraced copy has no trace
 * code at all, and a traced lane (tu_execute_traced) takes the other. */
static void footprint_plain(const tuE_ctx *ctx, tuE_lane *lane, const lane_pos *p, const float c[3],
                            uint32_t level, unsigned linear_axes, footprint *fp) {
    footprint_of(ctx, lane, p, c, level, linear_axes, fp, false);
}

static TU_COLD void footprint_traced(const tuE_ctx *ctx, tuE_lane *lane, const lane_pos *p,
                                     const float c[3], uint32_t level, unsigned linear_axes,
                                     footprint *fp) {
    footprint_of(ctx, lane, p, c, level, linear_axes, fp, true);
}

static void gather_footprint(const tuE_ctx *ctx, tuE_lane *lane, const lane_pos *p,
                             const float c[3], uint32_t level, unsigned linear_axes,
                             footprint *fp) {
    (TU_UNLIKELY(lane->trace) ? footprint_traced : footprint_plain)(ctx, lane, p, c, level,
                                                                    linear_axes, fp);
}

/* A weight of 0 or 1 returns that texel as it is; a blend that makes a NaN (of NaN or
 * infinite texels) returns the canonical NaN, not whichever operand's payload the
 * compiler's order of the commutative add passes on (docs/semantics.md, "NaN payloads"). */
static float lerp(float a, float b, float w) {
    if (w == 0.0f) return a;
    if (w == 1.0f) return b;
    const float r = a + w * (b - a);
    return r == r ? r : tuE_canonical_nan();
}

/* 8-bit fixed point (TU_PRECISION_HW): codes 0..255, weights 0..256. A texel or border
 * colour that is NaN becomes 0 and infinities clamp, as the unorm encoding rule has it
 * (docs/semantics.md, "Encoding"), so no value reaches the int conversion out of range. */
static int32_t code8(float f) {
    float c = f * 255.0f;
    return !(c > 0.0f) ? 0 : c >= 255.0f ? 255 : (int32_t)(c + 0.5f);
}

static int32_t lerp8(int32_t a, int32_t b, int32_t w) {
    return (a * (256 - w) + b * w + 128) >> 8;
}

/* Reduce a footprint to one texel: the weighted average, or the min / max of the texels
 * with non-zero weight. *fixed receives 8-bit codes when ctx->fixed8. */
static void reduce(const tuE_ctx *ctx, const footprint *fp, tu_texel *out, int32_t fixed[4]) {
    const unsigned count = 1u << fp->dims;
    if (ctx->smp->reduction != TU_REDUCTION_AVERAGE && fp->dims > 0) {
        const bool want_min = ctx->smp->reduction == TU_REDUCTION_MIN;
        bool first = true;
        for (unsigned k = 0; k < count; k++) {
            float w = 1.0f;
            for (unsigned a = 0; a < fp->dims; a++)
                w *= (k >> a) & 1 ? fp->w[a] : 1.0f - fp->w[a];
            if (w == 0.0f) continue;
            for (int c = 0; c < 4; c++) {
                /* fminf / fmaxf, as across levels: a NaN texel loses to any number, so the
                 * result does not depend on the footprint's order (docs/semantics.md). */
                const float v = fp->t[k].f[c];
                out->f[c] = first ? v : want_min ? fminf(out->f[c], v) : fmaxf(out->f[c], v);
            }
            first = false;
        }
        for (int c = 0; c < 4; c++)
            fixed[c] = code8(out->f[c]);
        return;
    }
    if (ctx->fixed8) {
        int32_t v[8][4];
        for (unsigned k = 0; k < count; k++)
            for (int c = 0; c < 4; c++)
                v[k][c] = fp->coded >> k & 1 ? fp->code[k][c] : code8(fp->t[k].f[c]);
        for (unsigned a = 0, n = count; a < fp->dims; a++, n >>= 1) {
            const int32_t w = (int32_t)(fp->w[a] * 256.0f);
            for (unsigned k = 0; k < n / 2; k++)
                for (int c = 0; c < 4; c++)
                    v[k][c] = lerp8(v[2 * k][c], v[2 * k + 1][c], w);
        }
        for (int c = 0; c < 4; c++) {
            fixed[c] = v[0][c];
            out->f[c] = (float)v[0][c] / 255.0f;
        }
        return;
    }
    tu_texel t[8];
    for (unsigned k = 0; k < count; k++)
        t[k] = fp->t[k];
    for (unsigned a = 0, n = count; a < fp->dims; a++, n >>= 1)
        for (unsigned k = 0; k < n / 2; k++)
            for (int c = 0; c < 4; c++)
                t[k].f[c] = lerp(t[2 * k].f[c], t[2 * k + 1].f[c], fp->w[a]);
    *out = t[0];
}

/* A sample's trace events: SAMPLE (position c, levels hi and lo, lo's weight) before its
 * footprints, BLEND (the levels' filtered values and the sample's value) after. */
static TU_COLD void trace_sample(const tuE_lane *lane, tu_trace_kind kind, const float c[3],
                                 uint32_t hi, uint32_t lo, float delta, const tu_texel *t_hi,
                                 const tu_texel *t_lo, const tu_texel *value) {
    tu_trace_record e = {.kind = kind, .level = hi, .level_lo = lo, .level_weight = delta};
    if (kind == TU_TRACE_SAMPLE) {
        e.coord[0] = c[0], e.coord[1] = c[1], e.coord[2] = c[2];
    } else {
        e.hi = *t_hi, e.lo = *t_lo, e.value = *value;
    }
    tuE_trace(lane, &e);
}

/* One isotropic sample at coordinates c: level selection, footprints, mip blend. */
static void sample_at(const tuE_ctx *ctx, tuE_lane *lane, const lane_pos *p, const float c[3],
                      const tuE_lod *lod, tu_texel *out) {
    const tu_sampler *smp = ctx->smp;
    const uint32_t q = ctx->levels - 1;
    bool linear = (lod->magnify ? smp->mag_filter : smp->min_filter) == TU_FILTER_LINEAR;
    unsigned mip = smp->mip_filter;
    if (ctx->integer) linear = false, mip = mip == TU_MIP_LINEAR ? TU_MIP_NEAREST : mip;
    if (smp->unnormalized) mip = TU_MIP_NONE;
    /* d' = clamp(lambda, 0, q), relative to the view's base level. */
    float dprime = lod->lambda < 0.0f ? 0.0f : lod->lambda > (float)q ? (float)q : lod->lambda;
    uint32_t hi = 0, lo = 0;
    float delta = 0.0f;
    if (mip == TU_MIP_NEAREST) {
        hi = lo = (uint32_t)(ceilf(dprime + 0.5f) - 1.0f); /* Vulkan's preferred nearest(d') */
        if (hi > q) hi = lo = q;
    } else if (mip == TU_MIP_LINEAR) {
        hi = (uint32_t)floorf(dprime);
        lo = hi + 1 > q ? q : hi + 1;
        delta = dprime - (float)hi;
        if (ctx->hw) delta = tuE_snap256(delta);
    }
    footprint fp;
    int32_t fixed_hi[4], fixed_lo[4];
    tu_texel t_hi, t_lo;
    if (TU_UNLIKELY(lane->trace))
        trace_sample(lane, TU_TRACE_SAMPLE, c, hi, lo, delta, NULL, NULL, NULL);
    const unsigned axes = linear ? 3 : 0;
    gather_footprint(ctx, lane, p, c, hi, axes, &fp);
    reduce(ctx, &fp, &t_hi, fixed_hi);
    if (lo == hi || delta == 0.0f) {
        *out = t_hi;
        if (TU_UNLIKELY(lane->trace))
            trace_sample(lane, TU_TRACE_BLEND, c, hi, hi, 0.0f, &t_hi, &t_hi, out);
        return;
    }
    gather_footprint(ctx, lane, p, c, lo, axes, &fp);
    reduce(ctx, &fp, &t_lo, fixed_lo);
    if (smp->reduction != TU_REDUCTION_AVERAGE) {
        const bool want_min = smp->reduction == TU_REDUCTION_MIN;
        for (int k = 0; k < 4; k++)
            out->f[k] = want_min ? fminf(t_hi.f[k], t_lo.f[k]) : fmaxf(t_hi.f[k], t_lo.f[k]);
    } else if (ctx->fixed8) {
        const int32_t w = (int32_t)(delta * 256.0f);
        for (int k = 0; k < 4; k++)
            out->f[k] = (float)lerp8(fixed_hi[k], fixed_lo[k], w) / 255.0f;
    } else {
        for (int k = 0; k < 4; k++)
            out->f[k] = lerp(t_hi.f[k], t_lo.f[k], delta);
    }
    if (TU_UNLIKELY(lane->trace))
        trace_sample(lane, TU_TRACE_BLEND, c, hi, lo, delta, &t_hi, &t_lo, out);
}

/* The LOD inputs of a lane by the op's LOD mode; NAN asks for the derivatives. */
static void lane_lod(const tuE_ctx *ctx, unsigned l, const lane_pos *p, const tuE_derivs *d,
                     tuE_lod *lod) {
    const tu_msg *m = ctx->msg;
    float base = NAN, bias = 0.0f;
    switch (ctx->op->lod) {
    case TU_LOD_BIAS: bias = m->src[TU_SRC_BIAS].f[l]; break;
    case TU_LOD_EXPLICIT: base = m->src[TU_SRC_LOD].f[l]; break;
    case TU_LOD_ZERO: base = 0.0f; break;
    default: break;
    }
    tuE_compute_lod(ctx, p->c, d, base, bias, lod);
}

static TU_COLD void trace_lod(const tuE_lane *lane, const tuE_derivs *d, const tuE_lod *lod) {
    tu_trace_record e = {.kind = TU_TRACE_LOD,
                         .aniso_ratio = lod->aniso_ratio,
                         .lambda_prime = lod->lambda_prime,
                         .lambda = lod->lambda};
    memcpy(e.derivs, d->d, sizeof e.derivs);
    e.rho[0] = lod->rho[0], e.rho[1] = lod->rho[1];
    tuE_trace(lane, &e);
}

static void gather_lane(const tuE_ctx *ctx, tuE_lane *lane, const lane_pos *p, const tuE_lod *lod,
                        tu_texel *out) {
    uint32_t level = 0;
    if (ctx->op->lod != TU_LOD_BASE && ctx->smp->mip_filter != TU_MIP_NONE) {
        const uint32_t q = ctx->levels - 1;
        float dprime = lod->lambda < 0.0f ? 0.0f : lod->lambda > (float)q ? (float)q : lod->lambda;
        level = (uint32_t)(ceilf(dprime + 0.5f) - 1.0f);
        if (level > q) level = q;
    }
    footprint fp;
    float c[3] = {p->c[0], p->c[1], p->c[2]};
    gather_footprint(ctx, lane, p, c, level, 2, &fp);
    /* Texel order of the footprint: bit 0 = i1, bit 1 = j1. Gather returns
     * R = (i0, j1), G = (i1, j1), B = (i1, j0), A = (i0, j0) (vISA spec, 3D_SAMPLE4,
     * Vulkan "Texel Gathering"). */
    static const unsigned order[4] = {2, 3, 1, 0};
    const unsigned ch = ctx->compare ? 0 : ctx->msg->gather_channel;
    for (int k = 0; k < 4; k++) {
        const tu_texel *t = &fp.t[fp.dims >= 2 ? order[k] : order[k] & 1];
        out->u[k] = t->u[ch];
    }
}

void tuE_sample_lane(const tuE_ctx *ctx, tuE_lane *lane, unsigned l, const tuE_derivs *d,
                     tu_texel *out) {
    lane_pos p;
    lane_position(ctx, l, &p);
    tuE_lod lod = {0};
    if (ctx->op->lod != TU_LOD_BASE && !ctx->smp->unnormalized)
        lane_lod(ctx, l, &p, d, &lod);
    else
        lod.magnify = true;
    if (TU_UNLIKELY(lane->trace)) trace_lod(lane, d, &lod);

    switch (ctx->op->kind) {
    case TU_KIND_LOD: {
        const float q = (float)(ctx->levels - 1);
        float r = lod.lambda < 0.0f ? 0.0f : lod.lambda > q ? q : lod.lambda;
        out->f[0] = r, out->f[1] = lod.lambda_prime, out->f[2] = 0.0f, out->f[3] = 0.0f;
        return;
    }
    case TU_KIND_GATHER: gather_lane(ctx, lane, &p, &lod, out); return;
    default: break;
    }

    const unsigned n =
        lod.aniso_ratio > 1.0f && !lod.magnify ? (unsigned)ceilf(lod.aniso_ratio) : 1;
    if (n == 1 || ctx->integer) {
        sample_at(ctx, lane, &p, p.c, &lod, out);
        return;
    }
    /* Anisotropic: n isotropic samples spread evenly along the major axis of the pixel's
     * footprint, averaged (docs/semantics.md). */
    float acc[4] = {0, 0, 0, 0};
    for (unsigned k = 0; k < n; k++) {
        const float f = ((float)k + 0.5f) / (float)n - 0.5f;
        const float c[3] = {p.c[0] + f * lod.major[0], p.c[1] + f * lod.major[1],
                            p.c[2] + f * lod.major[2]};
        tu_texel t;
        sample_at(ctx, lane, &p, c, &lod, &t);
        for (int ch = 0; ch < 4; ch++)
            acc[ch] += t.f[ch];
    }
    for (int ch = 0; ch < 4; ch++)
        out->f[ch] = acc[ch] / (float)n;
}
