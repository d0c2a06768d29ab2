/* SPDX-License-Identifier: MIT */
/*
 * texel.c - reading one texel: address modes, border colour, depth compare, cube faces
 * and seamless cube edges, residency. tuE_read computes an in-range texel's linear offset
 * itself from the checked level layout (tuE_level); every other read goes through the
 * surface's address gate (tu_surface_texel_offset), so nothing here can leave the caller's
 * memory.
 */
#include "engine.h"

#include "../surface/surface_internal.h"

#include <math.h>
#include <string.h>

int32_t tuE_floor_int(float x) {
    const float limit = 1073741824.0f; /* 2^30 */
    if (!(x > -limit)) return x != x ? 0 : -(1 << 30);
    if (x >= limit) return 1 << 30;
    /* floorf without the library call: truncate, then step down when that rounded up (a
     * negative non-integer). (float)t is exact: a truncated float is a float. */
    const int32_t t = (int32_t)x;
    return t - ((float)t > x);
}

/* i mod n in [0, n) for n >= 1: without a division when i is within one period of the
 * range or n is a power of two (two's complement: i & (n - 1) is the non-negative
 * residue), else with one. */
static int32_t mod_positive(int32_t i, int32_t n) {
    if ((uint32_t)i < (uint32_t)n) return i;
    if (i < 0 && i >= -n) return i + n;
    if (!(n & (n - 1))) return i & (n - 1);
    const int32_t m = i % n;
    return m < 0 ? m + n : m;
}

/* Vulkan "Wrapping Operation": repeat, mirrored repeat, clamp to edge, clamp to border,
 * mirror clamp to edge. i is at most 2^30 + a few offsets in magnitude, so 2 * size
 * (size <= 2^16) and the arithmetic below stay inside int32. */
int32_t tuE_wrap(int32_t i, int32_t size, tu_address mode) {
    switch (mode) {
    case TU_ADDRESS_WRAP: return mod_positive(i, size);
    case TU_ADDRESS_MIRROR: {
        const int32_t m = mod_positive(i, 2 * size);
        return m < size ? m : 2 * size - 1 - m;
    }
    case TU_ADDRESS_CLAMP_BORDER: return (i < 0 || i >= size) ? -1 : i;
    case TU_ADDRESS_MIRROR_ONCE: {
        int32_t m = i >= 0 ? i : -1 - i;
        return m < size ? m : size - 1;
    }
    case TU_ADDRESS_CLAMP_EDGE:
    case TU_ADDRESS_CUBE:
    default: return i < 0 ? 0 : i >= size ? size - 1 : i;
    }
}

/* Vulkan "Depth Compare Operation": the result is 1 when `ref OP texel` holds. */
static float compare(tu_compare op, float ref, float texel) {
    switch (op) {
    case TU_COMPARE_NEVER: return 0.0f;
    case TU_COMPARE_LESS: return ref < texel;
    case TU_COMPARE_EQUAL: return ref == texel;
    case TU_COMPARE_LEQUAL: return ref <= texel;
    case TU_COMPARE_GREATER: return ref > texel;
    case TU_COMPARE_NOTEQUAL: return ref != texel;
    case TU_COMPARE_GEQUAL: return ref >= texel;
    case TU_COMPARE_ALWAYS: return 1.0f;
    default: return 0.0f;
    }
}

void tuE_apply_compare(const tuE_ctx *ctx, float ref, tu_texel *t) {
    t->f[0] = compare((tu_compare)ctx->smp->compare, ref, t->f[0]);
    t->f[1] = t->f[2] = 0.0f;
    t->f[3] = 1.0f;
}

/* Vulkan "Texel Replacement": the border replaces the components the format has (depth
 * and stencil take B_r), and "Conversion to RGBA" fills the others with 0, 0, 0 and 1. */
void tuE_border(const tuE_ctx *ctx, float ref, tu_texel *out) {
    const tu_texel *b = ctx->integer ? &ctx->smp->border_color_int : &ctx->smp->border_color;
    tu_texel stored;
    if (!ctx->integer && !(ctx->fd->flags & TU_FORMAT_FLAG_COMPRESSED) &&
        ctx->fd->bytes <= sizeof(tu_texel)) { /* 16 bytes: every format */
        /* A float-class border reads as a texel of the format would: encoded and decoded, so
         * a UNORM texture's border lies in [0, 1] (NaN as 0) in both precisions, and a float
         * format keeps any value it can hold (docs/semantics.md, "Non-finite numbers"). */
        uint8_t raw[sizeof(tu_texel)];
        tu_format_encode(ctx->surf->format, b, raw);
        tu_format_decode(ctx->surf->format, raw, &stored);
        b = &stored;
    }
    for (int c = 0; c < 4; c++) {
        if (ctx->present >> c & 1)
            out->u[c] = b->u[c];
        else if (ctx->integer)
            out->u[c] = c == 3 ? 1u : 0u;
        else
            out->f[c] = c == 3 ? 1.0f : 0.0f;
    }
    if (ctx->compare) tuE_apply_compare(ctx, ref, out);
}

static const uint8_t zero_bytes[16];

void tuE_trace(const tuE_lane *lane, tu_trace_record *r) {
    const tu_trace_sink *t = lane->trace;
    r->message = t->message, r->lane = lane->index;
    if (r->kind == TU_TRACE_TEXEL || r->kind == TU_TRACE_MCS) r->surface = t->surface;
    t->record(t->user, r);
}

/* The read record of texel c of s (level relative to s's view), `size` bytes at `offset`
 * read from `bits` (zero bytes when not resident), decoded to *value. */
static TU_COLD void trace_read(const tu_surface *s, const tuE_lane *lane, tu_trace_kind kind,
                               const tu_texel_coord *c, uint64_t offset, const uint8_t *bits,
                               bool resident, const tu_texel *value) {
    tu_trace_record r = {.kind = kind,
                         .level = s->base_level + c->level,
                         .layer = c->layer,
                         .x = c->x,
                         .y = c->y,
                         .z = c->z,
                         .sample = c->sample,
                         .offset = offset,
                         .size = tu_format_bytes(s->format),
                         .resident = resident,
                         .format = s->format,
                         .value = *value};
    r.raw_size = r.size < sizeof r.raw ? r.size : (unsigned)sizeof r.raw;
    memcpy(r.raw, bits, r.raw_size);
    tuE_trace(lane, &r);
}

/* Texel c of s through the address gate; a traced lane records the read as `kind`. */
static void fetch(const tu_surface *s, tuE_lane *lane, const tu_texel_coord *c, tu_texel *out,
                  tu_trace_kind kind) {
    uint64_t offset = 0;
    if (tu_surface_texel_offset(s, c, &offset, NULL) != TU_OK) {
        /* Unreachable for a validated surface and in-range coordinates; read as zero (no
         * memory read, no record). */
        tu_format_decode(s->format, zero_bytes, out);
        return;
    }
    const uint8_t *bits = zero_bytes; /* what the texel reads */
    if (!tuS_span_resident(s, offset, tu_format_bytes(s->format)))
        lane->null_page = true;
    else
        bits = (const uint8_t *)s->data + offset;
    if (bits != zero_bytes && tu_format_is_compressed(s->format))
        /* one block decoded per footprint texel (docs/semantics.md, "Compressed formats") */
        tuS_decode_block_texel(s, offset, c, out);
    else
        tu_format_decode(s->format, bits, out);
    if (TU_UNLIKELY(lane->trace))
        trace_read(s, lane, kind, c, offset, bits, bits != zero_bytes, out);
}

void tuE_fetch(const tu_surface *s, tuE_lane *lane, const tu_texel_coord *c, tu_texel *out) {
    fetch(s, lane, c, out, TU_TRACE_TEXEL);
}

void tuE_fetch_mcs(const tu_surface *mcs, tuE_lane *lane, const tu_texel_coord *c, tu_texel *out) {
    fetch(mcs, lane, c, out, TU_TRACE_MCS);
}

/* A traced message has no direct level (execute.c), so every read of it comes through the
 * gate here and tuE_fetch records it; the direct path carries no trace code. */
void tuE_read(const tuE_ctx *ctx, tuE_lane *lane, uint32_t level, uint32_t layer, uint32_t x,
              uint32_t y, uint32_t z, uint32_t sample, tu_texel *out) {
    const tu_surface *s = ctx->surf;
    const tuE_level *lv = &ctx->level[level < ctx->levels ? level : 0];
    if (!(level < ctx->levels && lv->direct && x < lv->w && y < lv->h && z < lv->d &&
          layer < s->layers && sample < s->samples)) {
        const tu_texel_coord c = {x, y, z, layer, level, sample};
        tuE_fetch(s, lane, &c, out);
        return;
    }
    /* In range on every axis, so inside memory (tuE_level): no overflow, no gate. */
    const uint64_t offset = tuS_linear_offset(&lv->layout, ctx->bytes, x, y, z, layer, sample);
    if (s->residency && !tuS_span_resident(s, offset, ctx->bytes)) {
        lane->null_page = true;
        ctx->decode(ctx->fd, zero_bytes, out);
        return;
    }
    ctx->decode(ctx->fd, (const uint8_t *)s->data + offset, out);
}

void tuE_texel(const tuE_ctx *ctx, tuE_lane *lane, uint32_t level, uint32_t layer, uint32_t x,
               uint32_t y, uint32_t z, float ref, tu_texel *out) {
    tuE_read(ctx, lane, level, layer, x, y, z, 0, out);
    if (ctx->compare) tuE_apply_compare(ctx, ref, out);
}

/* --- cube maps ------------------------------------------------------------------------ */

/* Each face's normal N and the directions S and T its s and t coordinates grow along, so
 * that a point (sc, tc) in [-1, 1]^2 of the face is the direction N + sc*S + tc*T.
 * From the Vulkan table "Cube map face selection" (sc, tc per major axis). */
static const int8_t face_axes[6][3][3] = {
    /*        N            S            T */
    {{1, 0, 0}, {0, 0, -1}, {0, -1, 0}},  /* +X: sc = -rz, tc = -ry */
    {{-1, 0, 0}, {0, 0, 1}, {0, -1, 0}},  /* -X: sc = +rz, tc = -ry */
    {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}},    /* +Y: sc = +rx, tc = +rz */
    {{0, -1, 0}, {1, 0, 0}, {0, 0, -1}},  /* -Y: sc = +rx, tc = -rz */
    {{0, 0, 1}, {1, 0, 0}, {0, -1, 0}},   /* +Z: sc = +rx, tc = -ry */
    {{0, 0, -1}, {-1, 0, 0}, {0, -1, 0}}, /* -Z: sc = -rx, tc = -ry */
};

/* Ties between axes of equal magnitude go to Z, then Y (docs/semantics.md). */
static unsigned major_axis(double ax, double ay, double az) {
    if (az >= ax && az >= ay) return 2;
    if (ay >= ax) return 1;
    return 0;
}

static unsigned face_of(const double d[3], double *sc, double *tc, double *ma) {
    const unsigned axis = major_axis(fabs(d[0]), fabs(d[1]), fabs(d[2]));
    const unsigned face = 2 * axis + (d[axis] < 0);
    const int8_t(*f)[3] = face_axes[face];
    *ma = fabs(d[axis]);
    *sc = f[1][0] * d[0] + f[1][1] * d[1] + f[1][2] * d[2];
    *tc = f[2][0] * d[0] + f[2][1] * d[1] + f[2][2] * d[2];
    return face;
}

unsigned tuE_cube_face(float x, float y, float z, float *s, float *t) {
    const double d[3] = {x, y, z};
    double sc, tc, ma;
    unsigned face = face_of(d, &sc, &tc, &ma);
    if (ma == 0.0) ma = 1.0; /* the zero direction: +Z by the tie rule, at its centre */
    *s = (float)((sc / ma + 1.0) * 0.5);
    *t = (float)((tc / ma + 1.0) * 0.5);
    return face;
}

/* Move texel (i, j) of `face` that lies one texel beyond one edge onto the adjacent face:
 * the texel centre, folded over the edge, lands on the neighbour's first row or column. */
static void adjacent_texel(uint32_t face, int32_t i, int32_t j, uint32_t n, uint32_t *face_out,
                           uint32_t *x, uint32_t *y) {
    const double sc = ((double)i + 0.5) / n * 2.0 - 1.0, tc = ((double)j + 0.5) / n * 2.0 - 1.0;
    const int8_t(*f)[3] = face_axes[face];
    double d[3];
    /* Exactly one of sc, tc is outside [-1, 1]; fold its overhang onto the neighbour. */
    const bool s_out = fabs(sc) > 1.0;
    const double over = (s_out ? fabs(sc) : fabs(tc)) - 1.0;
    for (int k = 0; k < 3; k++) {
        d[k] = f[0][k] * (1.0 - over);
        d[k] += s_out ? f[1][k] * (sc > 0 ? 1.0 : -1.0) + f[2][k] * tc
                      : f[1][k] * sc + f[2][k] * (tc > 0 ? 1.0 : -1.0);
    }
    double nsc, ntc, ma;
    *face_out = face_of(d, &nsc, &ntc, &ma);
    const double fx = (nsc / ma + 1.0) * 0.5 * n, fy = (ntc / ma + 1.0) * 0.5 * n;
    *x = (uint32_t)(!(fx > 0) ? 0 : fx >= n ? n - 1 : fx); /* NaN reads texel 0 */
    *y = (uint32_t)(!(fy > 0) ? 0 : fy >= n ? n - 1 : fy);
}

void tuE_cube_texel(const tuE_ctx *ctx, tuE_lane *lane, uint32_t level, uint32_t cube,
                    uint32_t face, int32_t i, int32_t j, uint32_t n, float ref, tu_texel *out) {
    const bool i_in = i >= 0 && i < (int32_t)n, j_in = j >= 0 && j < (int32_t)n;
    if (i_in && j_in) {
        tuE_texel(ctx, lane, level, 6 * cube + face, (uint32_t)i, (uint32_t)j, 0, ref, out);
        return;
    }
    if (!ctx->smp->seamless_cube) {
        /* Without seamless filtering the address modes apply per face (Vulkan "Wrapping
         * Operation": only seamless cube maps ignore them); CUBE clamps to the edge. */
        const int32_t x = tuE_wrap(i, (int32_t)n, (tu_address)ctx->smp->address[0]);
        const int32_t y = tuE_wrap(j, (int32_t)n, (tu_address)ctx->smp->address[1]);
        if (x < 0 || y < 0)
            tuE_border(ctx, ref, out);
        else
            tuE_texel(ctx, lane, level, 6 * cube + face, (uint32_t)x, (uint32_t)y, 0, ref, out);
        return;
    }
    uint32_t f2, x, y;
    if (i_in || j_in) {
        adjacent_texel(face, i, j, n, &f2, &x, &y);
        tuE_texel(ctx, lane, level, 6 * cube + f2, x, y, 0, ref, out);
        return;
    }
    /* A corner: the average of the three texels that meet there (the face's own corner
     * texel and its two neighbours across the edges). */
    const int32_t ci = i < 0 ? 0 : (int32_t)n - 1, cj = j < 0 ? 0 : (int32_t)n - 1;
    tu_texel t[3];
    tuE_texel(ctx, lane, level, 6 * cube + face, (uint32_t)ci, (uint32_t)cj, 0, ref, &t[0]);
    adjacent_texel(face, i, cj, n, &f2, &x, &y);
    tuE_texel(ctx, lane, level, 6 * cube + f2, x, y, 0, ref, &t[1]);
    adjacent_texel(face, ci, j, n, &f2, &x, &y);
    tuE_texel(ctx, lane, level, 6 * cube + f2, x, y, 0, ref, &t[2]);
    if (ctx->integer) {
        *out = t[0]; /* integer formats are not filtered: nearest never reaches a corner */
        return;
    }
    for (int c = 0; c < 4; c++)
        out->f[c] = (t[0].f[c] + t[1].f[c] + t[2].f[c]) / 3.0f;
}
