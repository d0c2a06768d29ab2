/*
 * fast.c - the fast-path table (DESIGN.md §3 "Fast-path table", §6 "Performance"; STYLE.md
 * §3): specialised functions for hot combinations, each bit-identical to the generic path
 * (filter.c, load.c) for every message it accepts, and tested against it on random inputs
 * (tests/test_fast.c).
 *
 * The first rows: explicit-LOD sampling (SAMPLE_L, SAMPLE_LZ) and loads (LD, LD_LZ, LD_L) of
 * 2D, linear, R8G8B8A8 / B8G8R8A8 UNORM surfaces. The speed comes from reading texels
 * straight from memory (row pitch, 4 bytes) as 8-bit codes: no decode to float and back
 * (tu_format_decode, code8), no per-texel address gate (tuS_texel_offset), no tu_texel
 * copies. Safety instead comes from one check per message (tuE_fast_geometry): the largest
 * address of each view level lies in memory, so every smaller one does.
 *
 * Bit-identity, step by step, with the generic path:
 *  - LOD: the same tuE_compute_lod call with the same inputs (zero derivatives, the lane's
 *    LOD or 0, no shader bias); level selection is sample_at's code.
 *  - Weights: frac(u * w - 0.5) as gather_footprint computes it; tuE_fast_weight256 equals
 *    (int32_t)(tuE_snap256(frac) * 256) (round half even of frac * 256, tested).
 *  - Texels: tu_format_decode gives code / 255.0f, and reduce's code8 gives the code back
 *    (exact for 0..255); we keep the code.
 *  - Lerps: (a * (256 - w) + b * w + 128) >> 8, along u, then v, then across levels, and the
 *    result is code / 255.0f, as reduce and sample_at do.
 *  - Loads: load_position's range checks; outside, the zero texel (0, 0, 0, 0) of RGBA8.
 */
#include "fast.h"

#include <math.h>

/* --- flags ---------------------------------------------------------------------------- */

static bool address_has_border(uint8_t mode) {
    /* tuE_wrap returns -1 (the border) for CLAMP_BORDER only; every other mode gives a
     * coordinate in [0, size). */
    return mode == TU_ADDRESS_CLAMP_BORDER;
}

uint32_t tuE_fast_state_flags(const tu_surface *s, const tu_sampler *smp) {
    uint32_t f = 0;
    if (s->type == TU_SURFACE_2D && s->samples == 1) f |= TUE_FAST_SURF_2D;
    if (s->tiling == TU_TILING_LINEAR) f |= TUE_FAST_TILING_LINEAR;
    if (s->format == TU_FORMAT_R8G8B8A8_UNORM || s->format == TU_FORMAT_B8G8R8A8_UNORM)
        f |= TUE_FAST_RGBA8;
    if (!s->residency) f |= TUE_FAST_RESIDENT;
    if (smp->precision == TU_PRECISION_HW) f |= TUE_FAST_HW;
    if (smp->reduction == TU_REDUCTION_AVERAGE) f |= TUE_FAST_AVERAGE;
    if (smp->max_anisotropy <= 1) f |= TUE_FAST_ISOTROPIC;
    if (!smp->unnormalized) f |= TUE_FAST_NORMALIZED;
    if (!address_has_border(smp->address[0]) && !address_has_border(smp->address[1]))
        f |= TUE_FAST_NO_BORDER_UV;
    return f;
}

uint32_t tuE_fast_msg_flags(const tuE_ctx *ctx) {
    const tu_op_info *op = ctx->op;
    uint32_t f = 0;
    if (op->kind == TU_KIND_SAMPLE && op->flags == 0 &&
        (op->lod == TU_LOD_EXPLICIT || op->lod == TU_LOD_ZERO))
        f |= TUE_FAST_OP_SAMPLE_LOD;
    if (op->kind == TU_KIND_LOAD && op->flags == 0) f |= TUE_FAST_OP_LOAD;
    if (!(ctx->msg->flags & TU_MSG_HALF_SOURCES)) f |= TUE_FAST_FULL_SOURCES;
    return f;
}

bool tuE_fast_geometry(const tu_surface *s, uint32_t levels, tuE_fast_geom *g) {
    if (!s->data || s->layers == 0 || levels > TU_MAX_LEVELS) return false;
    if (s->format == TU_FORMAT_B8G8R8A8_UNORM) {
        g->swz[0] = 2, g->swz[1] = 1, g->swz[2] = 0, g->swz[3] = 3; /* bytes B G R A */
    } else {
        g->swz[0] = 0, g->swz[1] = 1, g->swz[2] = 2, g->swz[3] = 3; /* bytes R G B A */
    }
    for (uint32_t L = 0; L < levels; L++) {
        uint32_t w, h, d;
        if (!tu_surface_level_extent(s, L, &w, &h, &d) || w == 0 || h == 0) return false;
        const tu_level_layout *lv = &s->level[s->base_level + L];
        /* The address of texel (x, y) of layer `layer` is tuS_texel_offset's linear formula
         * with z = sample = 0: offset + layer * layer_pitch + y * row_pitch + x * 4. Every
         * term is non-negative and grows with its coordinate, so the texel (w-1, h-1) of the
         * last layer has the largest address; if its 4 bytes end inside [0, size), so do
         * those of every texel the fast functions read (x < w, y < h, layer < layers). */
        uint64_t last = lv->offset, t;
        const bool ok =
            tuB_mul_u64(s->layers - 1u, lv->layer_pitch, &t) && tuB_add_u64(last, t, &last) &&
            tuB_mul_u64(h - 1u, lv->row_pitch, &t) && tuB_add_u64(last, t, &last) &&
            tuB_add_u64(last, (uint64_t)(w - 1u) * 4u, &last) && tuB_add_u64(last, 4u, &last);
        if (!ok || last > s->size) return false;
        /* last <= size, a size_t: every offset and pitch product below fits in size_t. */
        g->level[L].base = (const uint8_t *)s->data + lv->offset;
        g->level[L].row_pitch = (size_t)lv->row_pitch;
        g->level[L].layer_pitch = (size_t)lv->layer_pitch;
        g->level[L].w = w;
        g->level[L].h = h;
    }
    return true;
}

int32_t tuE_fast_weight256(float x) {
    /* x * 256 is exact (a power of two; x in [0, 1)), and so is its fraction; round half
     * to even as tuE_snap256 does in double. The result r <= 256, and r / 256 * 256 == r,
     * so this is (int32_t)(tuE_snap256(x) * 256.0f). */
    const float v = x * 256.0f;
    int32_t r = (int32_t)v;
    const float frac = v - (float)r;
    if (frac > 0.5f || (frac == 0.5f && (r & 1))) r++;
    return r;
}

/* --- shared pieces ---------------------------------------------------------------------- */

/* filter.c's array_index, the array layer rule: clamp(RNE(a), 0, count - 1). */
static uint32_t array_index(float a, uint32_t count) {
    if (!(a > 0.0f)) return 0; /* negatives and NaN */
    if (a >= (float)count) return count - 1;
    double r = floor((double)a), frac = (double)a - r;
    if (frac > 0.5 || (frac == 0.5 && fmod(r, 2.0) != 0.0)) r += 1.0;
    return r >= count ? count - 1 : (uint32_t)r;
}

static int32_t lerp8(int32_t a, int32_t b, int32_t w) {
    return (a * (256 - w) + b * w + 128) >> 8;
}

/* gather_footprint's offset rule: the moved coordinate clamped to +-2^30. */
static int32_t offset_coord(int32_t i, int32_t off) {
    const int64_t moved = (int64_t)i + off;
    return (int32_t)(moved < -(1 << 30) ? -(1 << 30) : moved > (1 << 30) ? (1 << 30) : moved);
}

/* The two wrapped neighbours i and i + 1 along an axis of `size` texels (tuE_wrap; for WRAP
 * (i + 1) mod size is (i mod size) + 1, back to 0 at size). Never -1: no border modes. */
static void wrap_pair(int32_t i, int32_t size, tu_address mode, uint32_t *a, uint32_t *b) {
    const int32_t w0 = tuE_wrap(i, size, mode);
    const int32_t w1 =
        mode == TU_ADDRESS_WRAP ? (w0 + 1 == size ? 0 : w0 + 1) : tuE_wrap(i + 1, size, mode);
    *a = (uint32_t)w0, *b = (uint32_t)w1;
}

/* The texel at (x, y) of `layer`: x < w, y < h, layer < layers, so inside memory
 * (tuE_fast_geometry). */
static const uint8_t *texel_at(const tuE_fast_level *lv, uint32_t layer, uint32_t x, uint32_t y) {
    return lv->base + (size_t)layer * lv->layer_pitch + (size_t)y * lv->row_pitch + (size_t)x * 4u;
}

/* One level of an RGBA8 2D footprint, as 8-bit codes per component (R G B A): the nearest
 * texel, or the bilinear blend in 8-bit fixed point (u, then v). */
static void level_codes(const tuE_ctx *ctx, const tuE_fast_geom *g, uint32_t level, uint32_t layer,
                        float cu, float cv, bool linear, int32_t out[4]) {
    const tuE_fast_level *lv = &g->level[level];
    const tu_sampler *smp = ctx->smp;
    const tu_msg *m = ctx->msg;
    const float u = cu * (float)lv->w;
    const float v = cv * (float)lv->h;
    const uint8_t *sw = g->swz;
    if (!linear) {
        const int32_t i = offset_coord(tuE_floor_int(u), m->offset[0]);
        const int32_t j = offset_coord(tuE_floor_int(v), m->offset[1]);
        const uint32_t x = (uint32_t)tuE_wrap(i, (int32_t)lv->w, (tu_address)smp->address[0]);
        const uint32_t y = (uint32_t)tuE_wrap(j, (int32_t)lv->h, (tu_address)smp->address[1]);
        const uint8_t *p = texel_at(lv, layer, x, y);
        for (int c = 0; c < 4; c++)
            out[c] = p[sw[c]];
        return;
    }
    const float su = u - 0.5f;
    const float sv = v - 0.5f;
    float fu = su - floorf(su), fv = sv - floorf(sv);
    if (!(fu >= 0.0f && fu < 1.0f)) fu = 0.0f; /* NaN and huge values */
    if (!(fv >= 0.0f && fv < 1.0f)) fv = 0.0f;
    const int32_t wu = tuE_fast_weight256(fu), wv = tuE_fast_weight256(fv);
    const int32_t i = offset_coord(tuE_floor_int(su), m->offset[0]);
    const int32_t j = offset_coord(tuE_floor_int(sv), m->offset[1]);
    uint32_t x0, x1, y0, y1;
    wrap_pair(i, (int32_t)lv->w, (tu_address)smp->address[0], &x0, &x1);
    wrap_pair(j, (int32_t)lv->h, (tu_address)smp->address[1], &y0, &y1);
    const uint8_t *p00 = texel_at(lv, layer, x0, y0), *p10 = texel_at(lv, layer, x1, y0);
    const uint8_t *p01 = texel_at(lv, layer, x0, y1), *p11 = texel_at(lv, layer, x1, y1);
    for (int c = 0; c < 4; c++) {
        const unsigned b = sw[c];
        const int32_t a0 = lerp8(p00[b], p10[b], wu), a1 = lerp8(p01[b], p11[b], wu);
        out[c] = lerp8(a0, a1, wv);
    }
}

/* --- SAMPLE_L / SAMPLE_LZ, 2D RGBA8 ----------------------------------------------------- */

static void sample_l_2d_rgba8(const tuE_ctx *ctx, const tuE_fast_geom *g, tu_reply *reply) {
    const tu_msg *m = ctx->msg;
    const tu_sampler *smp = ctx->smp;
    const uint32_t q = ctx->levels - 1;
    const bool arrayed = ctx->surf->arrayed;
    const bool zero_lod = ctx->op->lod == TU_LOD_ZERO;
    for (unsigned l = 0; l < m->simd; l++) {
        if (!(m->lane_mask >> l & 1)) continue;
        /* lane_position: (u, v, 0), the layer from r; lane_lod: the explicit LOD. */
        const float c[3] = {m->src[TU_SRC_U].f[l], m->src[TU_SRC_V].f[l], 0.0f};
        const uint32_t layer = arrayed ? array_index(m->src[TU_SRC_R].f[l], ctx->array_layers) : 0;
        const tuE_derivs d = {{{0}}};
        tuE_lod lod = {0};
        tuE_compute_lod(ctx, c, &d, zero_lod ? 0.0f : m->src[TU_SRC_LOD].f[l], 0.0f, &lod);
        /* sample_at: filters, d' = clamp(lambda, 0, q), the level(s) and the mip weight. */
        const bool linear = (lod.magnify ? smp->mag_filter : smp->min_filter) == TU_FILTER_LINEAR;
        const unsigned mip = smp->mip_filter;
        float dprime = lod.lambda < 0.0f ? 0.0f : lod.lambda > (float)q ? (float)q : lod.lambda;
        uint32_t hi = 0, lo = 0;
        int32_t wd = 0;
        if (mip == TU_MIP_NEAREST) {
            hi = lo = (uint32_t)(ceilf(dprime + 0.5f) - 1.0f);
            if (hi > q) hi = lo = q;
        } else if (mip == TU_MIP_LINEAR) {
            hi = (uint32_t)floorf(dprime);
            lo = hi + 1 > q ? q : hi + 1;
            wd = tuE_fast_weight256(dprime - (float)hi);
        }
        int32_t v_hi[4], v[4];
        level_codes(ctx, g, hi, layer, c[0], c[1], linear, v_hi);
        if (lo == hi || wd == 0) {
            for (int k = 0; k < 4; k++)
                v[k] = v_hi[k];
        } else {
            int32_t v_lo[4];
            level_codes(ctx, g, lo, layer, c[0], c[1], linear, v_lo);
            for (int k = 0; k < 4; k++)
                v[k] = lerp8(v_hi[k], v_lo[k], wd);
        }
        for (int k = 0; k < 4; k++)
            if (m->channel_mask >> k & 1) reply->channel[k].f[l] = (float)v[k] / 255.0f;
    }
}

/* --- LD / LD_LZ / LD_L, 2D RGBA8 -------------------------------------------------------- */

static void ld_2d_rgba8(const tuE_ctx *ctx, const tuE_fast_geom *g, tu_reply *reply) {
    const tu_msg *m = ctx->msg;
    const tu_surface *s = ctx->surf;
    const bool zero_lod = ctx->op->lod == TU_LOD_ZERO;
    for (unsigned l = 0; l < m->simd; l++) {
        if (!(m->lane_mask >> l & 1)) continue;
        /* load_position for 2D: x = u + offset, y = v + offset, layer r when arrayed. */
        const int64_t x = (int64_t)m->src[TU_SRC_U].i[l] + m->offset[0];
        const int64_t y = (int64_t)m->src[TU_SRC_V].i[l] + m->offset[1];
        const int64_t layer = s->arrayed ? m->src[TU_SRC_R].i[l] : 0;
        const int64_t lod = zero_lod ? 0 : m->src[TU_SRC_LOD].i[l];
        int32_t v[4] = {0, 0, 0, 0}; /* the zero texel of RGBA8: (0, 0, 0, 0) */
        if (lod >= 0 && lod < ctx->levels) {
            const tuE_fast_level *lv = &g->level[lod];
            if (x >= 0 && x < lv->w && y >= 0 && y < lv->h && layer >= 0 && layer < s->layers) {
                const uint8_t *p = texel_at(lv, (uint32_t)layer, (uint32_t)x, (uint32_t)y);
                for (int c = 0; c < 4; c++)
                    v[c] = p[g->swz[c]];
            }
        }
        for (int k = 0; k < 4; k++)
            if (m->channel_mask >> k & 1) reply->channel[k].f[l] = (float)v[k] / 255.0f;
    }
}

/* --- the table ---------------------------------------------------------------------------- */

/* What every row needs to read memory directly: a linear RGBA8 2D surface, no residency
 * map, and every texel of the view inside memory. */
#define TUE_FAST_DIRECT_2D_RGBA8                                                      \
    (TUE_FAST_SURF_2D | TUE_FAST_TILING_LINEAR | TUE_FAST_RGBA8 | TUE_FAST_RESIDENT | \
     TUE_FAST_IN_BOUNDS)

/* First match wins; no row's flags may contain an earlier row's (tests/test_fast.c). */
const tuE_fast_row tuE_fast_table[] = {
    {TUE_FAST_OP_SAMPLE_LOD | TUE_FAST_DIRECT_2D_RGBA8 | TUE_FAST_HW | TUE_FAST_AVERAGE |
         TUE_FAST_ISOTROPIC | TUE_FAST_NORMALIZED | TUE_FAST_NO_BORDER_UV | TUE_FAST_FULL_SOURCES,
     sample_l_2d_rgba8, "sample_l_2d_rgba8"},
    {TUE_FAST_OP_LOAD | TUE_FAST_DIRECT_2D_RGBA8, ld_2d_rgba8, "ld_2d_rgba8"},
};

const unsigned tuE_fast_table_size = sizeof tuE_fast_table / sizeof tuE_fast_table[0];

const tuE_fast_row *tuE_fast_find(uint32_t flags) {
    for (unsigned i = 0; i < tuE_fast_table_size; i++)
        if ((tuE_fast_table[i].flags & flags) == tuE_fast_table[i].flags) return &tuE_fast_table[i];
    return NULL;
}

/* The flags any row could need from the message; a pair whose state flags meet no row
 * with them needs no geometry. */
#define TUE_FAST_MSG_FLAGS (TUE_FAST_OP_SAMPLE_LOD | TUE_FAST_OP_LOAD | TUE_FAST_FULL_SOURCES)

void tuE_fast_prepare(const tu_surface *s, const tu_sampler *smp, tuE_fast_prep *p) {
    p->state_flags = tuE_fast_state_flags(s, smp);
    /* The geometry costs a loop over the view's levels: only when a row could match. */
    if (tuE_fast_find(p->state_flags | TUE_FAST_MSG_FLAGS | TUE_FAST_IN_BOUNDS) &&
        tuE_fast_geometry(s, s->level_count, &p->geom))
        p->state_flags |= TUE_FAST_IN_BOUNDS;
}

const char *tuE_fast_run_prepared(const tuE_ctx *ctx, const tuE_fast_prep *p, tu_reply *reply) {
    const tuE_fast_row *row = tuE_fast_find(p->state_flags | tuE_fast_msg_flags(ctx));
    if (!row) return NULL;
    row->fn(ctx, &p->geom, reply);
    return row->name;
}
