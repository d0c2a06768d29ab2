/*
 * texel.c - reading one texel: address modes, border colour, depth compare, cube faces
 * and seamless cube edges, residency. Every read goes through the surface's address
 * gate (tu_surface_texel_offset), so nothing here can leave the caller's memory.
 */
#include "engine.h"

#include <math.h>
#include <string.h>

int32_t tuE_floor_int(float x) {
    const float limit = 1073741824.0f; /* 2^30 */
    if (x != x) return 0;
    if (x <= -limit) return -(1 << 30);
    if (x >= limit) return 1 << 30;
    return (int32_t)floorf(x);
}

/* Vulkan "Wrapping Operation": repeat, mirrored repeat, clamp to edge, clamp to border,
 * mirror clamp to edge. i is at most 2^30 + a few offsets in magnitude, so 2 * size
 * (size <= 2^16) and the arithmetic below stay inside int32. */
int32_t tuE_wrap(int32_t i, int32_t size, tu_address mode) {
    switch (mode) {
    case TU_ADDRESS_WRAP: {
        int32_t m = i % size;
        return m < 0 ? m + size : m;
    }
    case TU_ADDRESS_MIRROR: {
        int32_t m = i % (2 * size);
        if (m < 0) m += 2 * size;
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

static void apply_compare(const tuE_ctx *ctx, float ref, tu_texel *t) {
    t->f[0] = compare((tu_compare)ctx->smp->compare, ref, t->f[0]);
    t->f[1] = t->f[2] = 0.0f;
    t->f[3] = 1.0f;
}

/* Vulkan "Texel Replacement": the border replaces the components the format has (depth
 * and stencil take B_r), and "Conversion to RGBA" fills the others with 0, 0, 0 and 1. */
void tuE_border(const tuE_ctx *ctx, float ref, tu_texel *out) {
    const tu_texel *b = ctx->integer ? &ctx->smp->border_color_int : &ctx->smp->border_color;
    for (int c = 0; c < 4; c++) {
        if (ctx->present >> c & 1)
            out->u[c] = b->u[c];
        else if (ctx->integer)
            out->u[c] = c == 3 ? 1u : 0u;
        else
            out->f[c] = c == 3 ? 1.0f : 0.0f;
    }
    if (ctx->compare) apply_compare(ctx, ref, out);
}

void tuE_fetch(const tu_surface *s, tuE_lane *lane, const tu_texel_coord *c, tu_texel *out) {
    static const uint8_t zero[16];
    uint64_t offset = 0;
    const uint8_t *bits = zero; /* what the texel reads */
    if (tu_surface_texel_offset(s, c, &offset, NULL) != TU_OK) {
        /* Unreachable for a validated surface and in-range coordinates; read as zero. */
    } else if (!tu_surface_offset_resident(s, offset)) {
        lane->null_page = true;
    } else {
        bits = (const uint8_t *)s->data + offset;
    }
    tu_format_decode(s->format, bits, out);
    if (lane->trace) {
        tu_trace_event e = {.kind = TU_TRACE_FETCH,
                            .texel = *c,
                            .offset = offset,
                            .value = *out,
                            .format = s->format};
        e.resident = bits != zero;
        e.raw_size = tu_format_bytes(s->format);
        memcpy(e.raw, bits, e.raw_size);
        tuE_trace(lane, &e);
    }
}

void tuE_texel(const tuE_ctx *ctx, tuE_lane *lane, uint32_t level, uint32_t layer, uint32_t x,
               uint32_t y, uint32_t z, float ref, tu_texel *out) {
    const tu_texel_coord c = {x, y, z, layer, level, 0};
    tuE_fetch(ctx->surf, lane, &c, out);
    if (ctx->compare) apply_compare(ctx, ref, out);
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
    *x = (uint32_t)(fx < 0 ? 0 : fx >= n ? n - 1 : fx);
    *y = (uint32_t)(fy < 0 ? 0 : fy >= n ? n - 1 : fy);
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
