/* SPDX-License-Identifier: MIT */
/*
 * kernels_body.h - the kernels, written once over simd.h and included by each
 * kernels_<isa>.c (kernels.h). Every function mirrors the generic path (filter.c, lod.c,
 * texel.c, load.c) step by step; the comments name the scalar code each step equals.
 *
 * Safety: every texel address is formed from a level index in [0, levels), a layer in
 * [0, layers) and a wrapped (or range-checked) position inside the level, in every lane,
 * active or not, NaN or huge coordinates included; tuK_geom's proof covers them all.
 */
#include "simd.h"

_Static_assert(TU_MAX_LEVELS == 17, "vi_lookup_level (simd.h) covers 17 levels");

#include <math.h>

/* --- shared steps ------------------------------------------------------------------------ */

/* filter.c's array_index: clamp(RNE(a), 0, count - 1); negatives and NaN give 0. */
static inline vi k_array_index(vf a, int32_t count) {
    const float fc = (float)count;
    const vf in = vf_sel((a > 0.0f) & (a < fc), a, vf_splat(0.0f));
    const vi ri = vi_min(vf_to_vi(vf_round_even(in)), vi_splat(count - 1));
    return vi_sel(a >= fc, vi_splat(count - 1), ri);
}

/* i mod n in [0, n) (tuE_wrap's WRAP) for |i| <= 2^30 + 16, 0 < n < 2^31: the quotient in
 * double is within an ulp of i / n and never crosses an integer i / n does not reach (the
 * gap is at least 1/n, far above the rounding error), so its truncation is C's i / n. */
static inline vi k_mod(vi i, vi n) {
    const vd q = __builtin_convertvector(i, vd) / __builtin_convertvector(n, vd);
    const vi m = i - __builtin_convertvector(q, vi) * n;
    return m + (n & (m < 0));
}

/* tuE_wrap of i and i + 1 for an axis of n texels (-1: the border); pow2: every
 * n is a power of two, and i mod n is i & (n - 1) in two's complement. */
static TUK_ALWAYS_INLINE void k_wrap_pair(vi i, vi n, unsigned mode, bool pow2, vi *a, vi *b) {
    const vi i1 = i + 1;
    switch (mode) {
    case TU_ADDRESS_WRAP: {
        const vi w0 = pow2 ? i & (n - 1) : k_mod(i, n), w1 = w0 + 1;
        *a = w0;
        *b = vi_sel(w1 == n, vi_splat(0), w1);
        return;
    }
    case TU_ADDRESS_MIRROR: {
        const vi n2 = n + n;
        const vi m0 = pow2 ? i & (n2 - 1) : k_mod(i, n2), m1 = pow2 ? i1 & (n2 - 1) : k_mod(i1, n2);
        *a = vi_sel(m0 < n, m0, n2 - 1 - m0);
        *b = vi_sel(m1 < n, m1, n2 - 1 - m1);
        return;
    }
    case TU_ADDRESS_MIRROR_ONCE: {
        const vi m0 = vi_sel(i >= 0, i, -1 - i), m1 = vi_sel(i1 >= 0, i1, -1 - i1);
        *a = vi_min(m0, n - 1);
        *b = vi_min(m1, n - 1);
        return;
    }
    case TU_ADDRESS_CLAMP_BORDER: /* -1: the border colour */
        *a = vi_sel((i < 0) | (i >= n), vi_splat(-1), i);
        *b = vi_sel((i1 < 0) | (i1 >= n), vi_splat(-1), i1);
        return;
    default: /* CLAMP_EDGE, CUBE */
        *a = vi_max(vi_min(i, n - 1), vi_splat(0));
        *b = vi_max(vi_min(i1, n - 1), vi_splat(0));
        return;
    }
}

/* filter.c's lerp8: (a * (256 - w) + b * w + 128) >> 8 on codes 0..255, weights 0..256. */
static inline vi k_lerp8(vi a, vi b, vi w) {
    return (a * (256 - w) + b * w + 128) >> 8;
}

/* filter.c's lerp: w == 0 ? a : w == 1 ? b : a + w * (b - a), a NaN blend canonical. */
static inline vf k_lerp(vf a, vf b, vf w) {
    vf r = a + w * (b - a);
    r = vf_sel(r == r, r, vf_splat(tuE_canonical_nan()));
    return vf_sel(w == 0.0f, a, vf_sel(w == 1.0f, b, r));
}

/* The 8-bit codes of components R G B A of 4-byte texels: byte 1 is G and byte 3 is A in
 * both byte orders the RGBA8 kinds have (tuK_geom.shift: R at byte 0 or 2, B at the other),
 * so each code is one constant shift or mask, and a B8G8R8A8 texel swaps two registers (a
 * shift by the table's count would cost a variable shift, and its load, per component). */
static inline void k_rgba8_order(const tuK_geom *g, vi b0, vi b1, vi b2, vi b3, vi code[4]) {
    const bool bgra = g->shift[0] == 16;
    code[0] = bgra ? b2 : b0, code[1] = b1, code[2] = bgra ? b0 : b2, code[3] = b3;
}
static inline void k_rgba8_codes(const tuK_geom *g, vi texel, vi code[4]) {
    const vu t = (vu)texel;
    k_rgba8_order(g, (vi)(t & 0xff), (vi)((t >> 8) & 0xff), (vi)((t >> 16) & 0xff), (vi)(t >> 24),
                  code);
}

/* --- SAMPLE family, 2D (filter.c sample_at, gather_footprint, reduce; lod.c) ------------- */

/* One level's footprint: in 8-bit codes (RGBA8 in hw precision: reduce's fixed8 branch),
 * two per 32-bit lane in 16-bit halves (pair[0]: texel bytes 0 and 2, pair[1]: bytes 1 and
 * 3), or in floats (everything else: reduce's float branch), per component R G B A. */
typedef struct k_level {
    vh pair[2];
    vf f[4];
} k_level;

/* filter.c's lerp8 on 16-bit lanes: a * (256 - w) + b * w <= 255 * 256, so with the 128 of
 * rounding it stays below 2^16 and no product or sum wraps. */
static inline vh k_lerp16(vh a, vh b, vh w) {
    return (vh)((a * (256 - w) + b * w + 128) >> 8);
}

/* A weight 0..256 in both 16-bit halves of each lane. */
static inline vh k_weight16(vi w) {
    return (vh)(w | w << 16);
}

/* The 8-bit codes of R G B A from a footprint's pairs (k_rgba8_codes' order). */
static inline void k_pair_codes(const tuK_geom *g, const vh pair[2], vi code[4]) {
    const vu p0 = (vu)pair[0], p1 = (vu)pair[1];
    k_rgba8_order(g, (vi)(p0 & 0xffff), (vi)(p1 & 0xffff), (vi)(p0 >> 16), (vi)(p1 >> 16), code);
}

/* The bytes of a texel of a kind. */
static inline int32_t k_bpp(unsigned kind) {
    switch (kind) {
    case TUK_KIND_RGBA32F: return 16;
    case TUK_KIND_RGBA16F:
    case TUK_KIND_RGBA16:
    case TUK_KIND_RG32F: return 8;
    case TUK_KIND_R16:
    case TUK_KIND_D16:
    case TUK_KIND_R16F: return 2;
    default: return 4;
    }
}

/* The components a kind's format has (bit c: R G B A); the others read 0, 0, 1. */
static inline unsigned k_present(unsigned kind) {
    switch (kind) {
    case TUK_KIND_R32F:
    case TUK_KIND_D32:
    case TUK_KIND_R16:
    case TUK_KIND_D16:
    case TUK_KIND_R16F: return 0x1u;
    case TUK_KIND_RG16F:
    case TUK_KIND_RG32F:
    case TUK_KIND_RG16: return 0x3u;
    case TUK_KIND_B10G11R11:
    case TUK_KIND_RGB9E5: return 0x7u;
    default: return 0xfu;
    }
}

/* tu_half_to_float of the low 16 bits of each lane: denormals m * 2^-24, Inf and NaN with
 * their payload moved up, normals rebiased; all exact. */
static inline vf k_half(vi h) {
    const vu u = (vu)h, sign = (u & 0x8000) << 16, e = (u >> 10) & 0x1f, m = u & 0x3ff;
    const vu normal = sign | (e + 112) << 23 | m << 13;
    const vu special = sign | 0x7f800000 | m << 13;
    const vu denormal = sign | (vu)(vi_to_vf((vi)m) * 0x1p-24f);
    return (vf)vi_sel((vi)(e == 0), (vi)denormal, vi_sel((vi)(e == 31), (vi)special, (vi)normal));
}

/* tu_ufloat_to_float of the low 5 + mbits bits of each lane (an unsigned 11- or 10-bit
 * float, mbits 6 or 5): denormals m * 2^(-14 - mbits), Inf, NaN as 0x7fc00000 with the
 * payload moved up, normals rebiased; all exact. */
static inline vf k_ufloat(vi bits, int32_t mbits) {
    const vu u = (vu)bits, e = (u >> mbits) & 0x1f, m = u & ((1u << mbits) - 1u);
    const vu normal = (e + 112) << 23 | m << (23 - mbits);
    const vi special =
        vi_sel((vi)(m == 0), vi_splat(0x7f800000), (vi)(0x7fc00000u | m << (23 - mbits)));
    const vf scale = vf_splat(mbits == 6 ? 0x1p-20f : 0x1p-19f); /* 2^(-14 - mbits) */
    const vu denormal = (vu)(vi_to_vf((vi)m) * scale);
    return (vf)vi_sel((vi)(e == 0), (vi)denormal, vi_sel((vi)(e == 31), special, (vi)normal));
}

/* texel.c's compare: 1 where `ref OP depth` holds, else 0. */
static inline vf k_compare(unsigned cmp, vf ref, vf d) {
    vi pass;
    switch (cmp) {
    case TU_COMPARE_LESS: pass = ref < d; break;
    case TU_COMPARE_EQUAL: pass = ref == d; break;
    case TU_COMPARE_LEQUAL: pass = ref <= d; break;
    case TU_COMPARE_GREATER: pass = ref > d; break;
    case TU_COMPARE_NOTEQUAL: pass = ref != d; break;
    case TU_COMPARE_GEQUAL: pass = ref >= d; break;
    case TU_COMPARE_ALWAYS: pass = vi_splat(-1); break;
    default: pass = vi_splat(0); break; /* NEVER */
    }
    return vf_sel(pass, vf_splat(1.0f), vf_splat(0.0f));
}

/* texel.c's tuE_border where mask is set: the border colour's components the format has
 * (its bits), 0, 0, 1 for the others, the compare applied to R for depth. */
static inline void k_border(unsigned kind, const tuK_geom *g, const tu_sampler *smp, vf ref,
                            vi mask, vf t[4]) {
    const float *b = g->border;
    const unsigned present = k_present(kind);
    vf v[4];
    for (int c = 0; c < 4; c++)
        v[c] = vf_splat(present >> c & 1 ? b[c] : c == 3 ? 1.0f : 0.0f);
    if (kind == TUK_KIND_D32 || kind == TUK_KIND_D16) v[0] = k_compare(smp->compare, ref, v[0]);
    for (int c = 0; c < 4; c++)
        t[c] = vf_sel(mask, v[c], t[c]);
}

/* filter.c's code8: the 8-bit code reduce filters in hw precision. The kernels take it of the
 * border as the format holds it (tuK_geom.border), never NaN for an 8-bit format; a NaN
 * would give 0, as in code8, never a float-to-int conversion of NaN (undefined behaviour). */
static inline int32_t k_code8(float f) {
    const float c = f * 255.0f;
    return !(c > 0.0f) ? 0 : c >= 255.0f ? 255 : (int32_t)(c + 0.5f);
}

/* filter.c's decode of one texel of each lane at byte offsets off (tuE_texel: the format's
 * decode, then the compare for depth), as floats R G B A. */
static TUK_ALWAYS_INLINE void k_decode(unsigned kind, const tuK_geom *g, unsigned cmp, vf ref,
                                       vi off, vf out[4]) {
    switch (kind) {
    case TUK_KIND_RGBA8: { /* UNORM: code / 255 */
        vi code[4];
        k_rgba8_codes(g, vi_gather_bytes(g->data, off), code);
        for (int c = 0; c < 4; c++)
            out[c] = vf_unorm(code[c], 255.0f);
        return;
    }
    case TUK_KIND_SRGBA8: { /* R, G, B by the binding's table of the format's decode, A UNORM */
        vi code[4];
        k_rgba8_codes(g, vi_gather_bytes(g->data, off), code);
        for (int c = 0; c < 3; c++)
            out[c] = vf_lookup(g->srgb, code[c]);
        out[3] = vf_unorm(code[3], 255.0f);
        return;
    }
    case TUK_KIND_RGBA32F: /* the bits as they are */ vf_load_texels16(g->data, off, out); return;
    case TUK_KIND_RGBA16F: { /* R | G << 16, B | A << 16 */
        vi lo, hi;
        vi_gather_pairs(g->data, off, &lo, &hi);
        out[0] = k_half(lo), out[1] = k_half(lo >> 16), out[2] = k_half(hi),
        out[3] = k_half(hi >> 16);
        return;
    }
    case TUK_KIND_RGBA16: { /* UNORM16: code / 65535; R | G << 16, B | A << 16 */
        vi lo, hi;
        vi_gather_pairs(g->data, off, &lo, &hi);
        out[0] = vf_unorm(lo & 0xffff, 65535.0f), out[1] = vf_unorm((lo >> 16) & 0xffff, 65535.0f);
        out[2] = vf_unorm(hi & 0xffff, 65535.0f), out[3] = vf_unorm((hi >> 16) & 0xffff, 65535.0f);
        return;
    }
    case TUK_KIND_RG16F: { /* R | G << 16; B and A missing: 0, 1 */
        const vi w = vi_gather_bytes(g->data, off);
        out[0] = k_half(w), out[1] = k_half(w >> 16);
        out[2] = vf_splat(0.0f), out[3] = vf_splat(1.0f);
        return;
    }
    case TUK_KIND_RG16: { /* UNORM16: R | G << 16; B and A missing: 0, 1 */
        const vi w = vi_gather_bytes(g->data, off);
        out[0] = vf_unorm(w & 0xffff, 65535.0f), out[1] = vf_unorm((w >> 16) & 0xffff, 65535.0f);
        out[2] = vf_splat(0.0f), out[3] = vf_splat(1.0f);
        return;
    }
    case TUK_KIND_RG32F: { /* the bits as they are: R, then G */
        vi lo, hi;
        vi_gather_pairs(g->data, off, &lo, &hi);
        out[0] = (vf)lo, out[1] = (vf)hi, out[2] = vf_splat(0.0f), out[3] = vf_splat(1.0f);
        return;
    }
    case TUK_KIND_RGB10A2: { /* UNORM: R 9:0, G 19:10, B 29:20 (code / 1023), A 31:30 (/ 3) */
        const vi w = vi_gather_bytes(g->data, off);
        for (int c = 0; c < 3; c++)
            out[c] = vf_unorm((w >> (10 * c)) & 0x3ff, 1023.0f);
        out[3] = vf_unorm((w >> 30) & 0x3, 3.0f);
        return;
    }
    case TUK_KIND_B10G11R11: { /* R 10:0, G 21:11 (11-bit ufloats), B 31:22 (10-bit) */
        const vi w = vi_gather_bytes(g->data, off);
        out[0] = k_ufloat(w, 6), out[1] = k_ufloat(w >> 11, 6), out[2] = k_ufloat(w >> 22, 5);
        out[3] = vf_splat(1.0f);
        return;
    }
    case TUK_KIND_RGB9E5: { /* R 8:0, G 17:9, B 26:18, E 31:27: m * 2^(E - 15 - 9), exact */
        const vi w = vi_gather_bytes(g->data, off);
        const vf scale = (vf)((((vu)w >> 27) + 103) << 23); /* 2^(E - 24), always normal */
        for (int c = 0; c < 3; c++)
            out[c] = vi_to_vf((w >> (9 * c)) & 0x1ff) * scale;
        out[3] = vf_splat(1.0f);
        return;
    }
    case TUK_KIND_R32F: /* the missing components are 0, 0, 1 (set_missing) */
        out[0] = (vf)vi_gather_bytes(g->data, off);
        break;
    case TUK_KIND_R16:
    case TUK_KIND_R16F:
    case TUK_KIND_D16: { /* UNORM16: code / 65535, compared for D16; R16F: a half */
        /* The 4 bytes ending with the texel, inside memory as the texel is; for a texel at
         * byte 0 or 1 (a level may start at an odd offset), the first 4 bytes of memory,
         * which the binding proved there (fast.c), the texel 0 or 8 bits up in them. */
        const vi at_start = off < 2;
        const vi word = vi_gather_bytes(g->data, vi_sel(at_start, vi_splat(0), off - 2));
        const vi code = (word >> (vi_sel(at_start, off, vi_splat(2)) * 8)) & 0xffff;
        if (kind == TUK_KIND_R16F) {
            out[0] = k_half(code);
            break;
        }
        const vf d = vf_unorm(code, 65535.0f);
        out[0] = kind == TUK_KIND_D16 ? k_compare(cmp, ref, d) : d;
        break;
    }
    default: /* TUK_KIND_D32: texel.c's compare */
        out[0] = k_compare(cmp, ref, (vf)vi_gather_bytes(g->data, off));
        break;
    }
    out[1] = out[2] = vf_splat(0.0f);
    out[3] = vf_splat(1.0f);
}

/* --- LD / LD_LZ / LD_L, 2D (load.c) ------------------------------------------------------ */

static TUK_ALWAYS_INLINE void k_ld_2d(const tuK_args *ctx, const tuK_geom *g, tu_reply *reply,
                                      unsigned kind, bool one_d) {
    const tu_msg *m = ctx->msg;
    const bool arrayed = ctx->binding->surface.arrayed, zero_lod = ctx->op->lod == TU_LOD_ZERO;
    const int32_t ox = m->offset[0], oy = m->offset[1];
    const int32_t bpp = k_bpp(kind);
    /* The components the format has; the others read 0, 0, 1 in and out of range. */
    const unsigned present = k_present(kind);
    for (unsigned first = 0; first < m->simd; first += TUK_W) {
        const vi active =
            vi_lane_mask(m->lane_mask, first) & (vi_iota() < vi_splat((int32_t)(m->simd - first)));
        const vi u = vi_load(m->src[TU_SRC_U].i + first), v = vi_load(m->src[TU_SRC_V].i + first);
        /* 1D: the layer from v, row 0 */
        const vi layer =
            arrayed ? vi_load(m->src[one_d ? TU_SRC_V : TU_SRC_R].i + first) : vi_splat(0);
        const vi lod = zero_lod ? vi_splat(0) : vi_load(m->src[TU_SRC_LOD].i + first);
        /* load_position's checks: 0 <= lod < levels, 0 <= u + offset < w, likewise v and
         * the layer; written without forming u + offset where it could overflow. */
        vi in = (lod >= 0) & (lod < g->levels);
        const vi L = vi_sel(in, lod, vi_splat(0));
        /* The level's geometry per lane; one broadcast when every lane reads the same level
         * (the usual message: no table gathers). */
        vi w, h, base, lpitch, rpitch;
        if (vi_uniform(L)) {
            const int32_t l0 = L[0];
            w = vi_splat(g->w[l0]), h = vi_splat(g->h[l0]), base = vi_splat(g->offset[l0]);
            lpitch = vi_splat(g->layer_pitch[l0]), rpitch = vi_splat(g->row_pitch[l0]);
        } else {
            w = vi_lookup_level(g->w, L), h = vi_lookup_level(g->h, L),
            base = vi_lookup_level(g->offset, L);
            lpitch = vi_lookup_level(g->layer_pitch, L), rpitch = vi_lookup_level(g->row_pitch, L);
        }
        in &= (u >= -ox) & (u < w - ox) & (v >= -oy) & (v < h - oy) & (layer >= 0) &
              (layer < g->layers);
        if (one_d)
            in = (lod >= 0) & (lod < g->levels) & (u >= -ox) & (u < w - ox) & (layer >= 0) &
                 (layer < g->layers);
        const vi x = vi_sel(in, u + ox, vi_splat(0));
        const vi y = one_d ? vi_splat(0) : vi_sel(in, v + oy, vi_splat(0));
        const vi off = base + vi_sel(in, layer, vi_splat(0)) * lpitch + y * rpitch + x * bpp;
        vf t[4];
        k_decode(kind, g, TU_COMPARE_NEVER, vf_splat(0.0f), vi_sel(in, off, vi_splat(0)), t);
        for (int c = 0; c < 4; c++) {
            if (!(m->channel_mask >> c & 1)) continue;
            /* Outside: the zero texel, decoded (load.c's zero_texel): 0 where the format has
             * the component. */
            const vf out = present >> c & 1 ? vf_sel(in, t[c], vf_splat(0.0f)) : t[c];
            vf_store_masked(reply->channel[c].f + first, out, active);
        }
    }
}

/* One level's footprint, located: the offsets of its texels (i, j), (i + 1, j), (i, j + 1),
 * (i + 1, j + 1), those of them that are the border colour, the weights along u and v, and
 * what the loads may assume. */
typedef struct k_taps {
    vi o[4], bm[4];
    vf fu, fv;
    bool border;     /* some texels may be the border colour (bm) */
    bool neighbours; /* every lane's two texels of a row are neighbours in memory */
    bool any_linear; /* some lane filters: the other three texels count */
} k_taps;

/* Locate one level's footprint at (cu, cv) (gather_footprint). On a cube face (cube), the
 * lanes whose footprint leaves the face are marked in *edge (texel.c's tuE_cube_texel moves
 * them to other faces: the caller runs those lanes through the generic path) and read
 * clamped texels here. */
static TUK_ALWAYS_INLINE void k_taps_2d(const tuK_args *ctx, const tuK_geom *g, unsigned kind,
                                        bool cube, bool one_d, vi L, vi layer, vi face, vf cu,
                                        vf cv, vi linear, k_taps *t, vi *edge, vi zoff, vi zborder,
                                        bool zb) {
    const tu_msg *m = ctx->msg;
    const tu_sampler *smp = tuK_sampler(ctx);
    /* The level's geometry per lane; one broadcast when every lane reads the same level. */
    vi w, h, base, pitch, lp;
    vf fw, fh;
    if (vi_uniform(L)) {
        const int32_t l0 = L[0];
        w = vi_splat(g->w[l0]), h = vi_splat(g->h[l0]), pitch = vi_splat(g->row_pitch[l0]);
        fw = vf_splat(g->fw[l0]), fh = vf_splat(g->fh[l0]);
        lp = vi_splat(g->layer_pitch[l0]);
        base = g->offset[l0] + layer * lp;
    } else {
        w = vi_lookup_level(g->w, L), h = vi_lookup_level(g->h, L),
        pitch = vi_lookup_level(g->row_pitch, L);
        fw = vf_lookup_level(g->fw, L), fh = vf_lookup_level(g->fh, L);
        lp = vi_lookup_level(g->layer_pitch, L);
        base = vi_lookup_level(g->offset, L) + layer * lp;
    }
    base += zoff; /* 3D: the slice */
    const vf u = cu * fw, v = cv * fh;
    /* gather_footprint: linear axes start at floor(u - 0.5) with the fraction as weight
     * (NaN and out-of-range fractions 0); nearest takes floor(u), weight 0. */
    const vf su = u - 0.5f, sv = v - 0.5f;
    const vf flu = vf_floor(su), flv = vf_floor(sv);
    vf fu = su - flu, fv = sv - flv;
    fu = vf_sel((fu >= 0.0f) & (fu < 1.0f) & linear, fu, vf_splat(0.0f));
    fv = vf_sel((fv >= 0.0f) & (fv < 1.0f) & linear, fv, vf_splat(0.0f));
    if (one_d) fv = vf_splat(0.0f); /* 1D: one axis; every texel of row 0 */
    const vi lim = vi_splat(1 << 30);
    /* Offsets move 2D texels; cube maps take none (lane_position). */
    /* floor(x) as an integer: of su, whose floor is at hand, where the lane filters. */
    vi i = (vi_all(linear) ? vf_floored_int(flu) : vf_floor_int(vf_sel(linear, su, u))) +
           (cube ? 0 : m->offset[0]);
    vi j = one_d            ? vi_splat(0)
           : vi_all(linear) ? vf_floored_int(flv) + (cube ? 0 : m->offset[1])
                            : vf_floor_int(vf_sel(linear, sv, v)) + (cube ? 0 : m->offset[1]);
    i = vi_max(vi_min(i, lim), -lim);
    j = vi_max(vi_min(j, lim), -lim);
    const int32_t bpp = k_bpp(kind);
    const bool border = !cube && (smp->address[0] == TU_ADDRESS_CLAMP_BORDER ||
                                  (!one_d && smp->address[1] == TU_ADDRESS_CLAMP_BORDER) || zb);
    vi bm[4] = {{0}, {0}, {0}, {0}}; /* border texels (2D with CLAMP_BORDER) */
    vi o[4]; /* the footprint's texels: (i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1) */
    /* Every lane's two texels of a row are neighbours in memory (no wrap between them, no
     * face edge). */
    bool neighbours = false;
    if (cube) {
        /* gather_footprint on a cube: nearest with seamless edges clamps to the face. */
        const vi clamp_nearest = smp->seamless_cube ? ~linear : vi_splat(0);
        i = vi_sel(clamp_nearest, vi_max(vi_min(i, w - 1), vi_splat(0)), i);
        j = vi_sel(clamp_nearest, vi_max(vi_min(j, h - 1), vi_splat(0)), j);
        const vi i1 = vi_sel(linear, i + 1, i), j1 = vi_sel(linear, j + 1, j);
        *edge = vi_splat(0);
        if (vi_all((i >= 0) & (i1 < w) & (j >= 0) & (j1 < h))) {
            /* Every lane's footprint on its face (most messages): nothing to remap, and the
             * texels of a row are neighbours where every lane filters (i1 = i + 1). */
            const vi r0 = base + j * pitch, r1 = base + j1 * pitch, x0 = i * bpp, x1 = i1 * bpp;
            o[0] = r0 + x0, o[1] = r0 + x1, o[2] = r1 + x0, o[3] = r1 + x1;
            neighbours = vi_all(linear);
        } else {
            for (int k = 0; k < 4; k++) {
                const vi x = k & 1 ? i1 : i, y = k & 2 ? j1 : j;
                const vi out_x = (x < 0) | (x >= w), out_y = (y < 0) | (y >= h);
                if (!vi_any(out_x | out_y)) { /* every lane's texel on its face: no remapping */
                    o[k] = base + y * pitch + x * bpp;
                    continue;
                }
                /* tuE_cube_texel: a texel one beyond one edge is the adjacent face's edge texel
                 * (g->cube_edge); corners (both beyond), and every texel beyond an edge without
                 * seamless filtering, are edge lanes for the generic path. */
                *edge |= smp->seamless_cube ? out_x & out_y : out_x | out_y;
                const vi side = vi_sel(out_x, vi_sel(x < 0, vi_splat(0), vi_splat(1)),
                                       vi_sel(y < 0, vi_splat(2), vi_splat(3)));
                const vi entry = vi_lookup32(g->cube_edge, face * 4 + side);
                const vi along = vi_sel(out_x, y, x), n1 = w - 1;
                const vi xk = (entry >> 4) & 3, yk = (entry >> 8) & 3;
                const vi ex = vi_sel(xk == 0, vi_splat(0),
                                     vi_sel(xk == 1, n1, vi_sel(xk == 2, along, n1 - along)));
                const vi ey = vi_sel(yk == 0, vi_splat(0),
                                     vi_sel(yk == 1, n1, vi_sel(yk == 2, along, n1 - along)));
                const vi moved = out_x | out_y;
                /* Clamped into the level: edge lanes read something inside it too. */
                const vi fx = vi_max(vi_min(vi_sel(moved, ex, x), n1), vi_splat(0));
                const vi fy = vi_max(vi_min(vi_sel(moved, ey, y), h - 1), vi_splat(0));
                const vi dface = vi_sel(moved, (entry & 7) - face, vi_splat(0));
                o[k] = base + dface * lp + fy * pitch + fx * bpp;
            }
            neighbours = vi_all((o[1] == o[0] + bpp) & (o[3] == o[2] + bpp));
        }
    } else {
        vi x0, x1, y0, y1;
        k_wrap_pair(i, w, smp->address[0], g->pow2, &x0, &x1);
        if (one_d)
            y0 = y1 = vi_splat(0);
        else
            k_wrap_pair(j, h, smp->address[1], g->pow2, &y0, &y1);
        if (border) { /* the border texels: any axis at -1; read texel 0 in their place */
            bm[0] = ((x0 | y0) < 0) | zborder, bm[1] = ((x1 | y0) < 0) | zborder;
            bm[2] = ((x0 | y1) < 0) | zborder, bm[3] = ((x1 | y1) < 0) | zborder;
            x0 = vi_max(x0, vi_splat(0)), x1 = vi_max(x1, vi_splat(0));
            y0 = vi_max(y0, vi_splat(0)), y1 = vi_max(y1, vi_splat(0));
        }
        const vi r0 = base + y0 * pitch, r1 = base + y1 * pitch;
        neighbours = vi_all(x1 == x0 + 1);
        x0 *= bpp, x1 *= bpp;
        o[0] = r0 + x0, o[1] = r0 + x1, o[2] = r1 + x0, o[3] = r1 + x1;
    }
    for (int k = 0; k < 4; k++)
        t->o[k] = o[k], t->bm[k] = bm[k];
    t->fu = fu, t->fv = fv;
    t->border = border, t->neighbours = neighbours;
    /* Nearest lanes have zero weights: their other three texels never count (lerp8 and
     * lerp with w = 0 return a), so they are read only when some lane filters. */
    t->any_linear = vi_any(linear);
}

/* The texel words of a located RGBA8 footprint, for fixed8 (reduce's code8 of the border
 * colour in place of border texels). */
static TUK_ALWAYS_INLINE void k_fetch8(const tuK_geom *g, const k_taps *t, vi x[4]) {
    if (!t->any_linear) {
        x[0] = x[1] = x[2] = x[3] = vi_gather_bytes(g->data, t->o[0]);
    } else if (t->neighbours) {
        /* Both texels of each row with one 8-byte read, inside memory since both texels
         * are. */
        vi_gather_pairs(g->data, t->o[0], &x[0], &x[1]);
        vi_gather_pairs(g->data, t->o[2], &x[2], &x[3]);
    } else {
        for (int k = 0; k < 4; k++)
            x[k] = vi_gather_bytes(g->data, t->o[k]);
    }
    if (t->border) { /* reduce's code8 of the border colour, in the texel's byte order */
        int32_t word = 0;
        for (int c = 0; c < 4; c++)
            word |= (int32_t)((uint32_t)k_code8(g->border[c]) << g->shift[c]);
        for (int k = 0; k < 4; k++)
            x[k] = vi_sel(t->bm[k], vi_splat(word), x[k]);
    }
}

/* fixed8's filter of the texel words x of footprint t: weights (int)(snap256(frac) * 256),
 * lerp8 along u, then v. */
static TUK_ALWAYS_INLINE void k_filter8(const k_taps *t, const vi x[4], k_level *out) {
    const vh wu = k_weight16(vf_weight256(t->fu)), wv = k_weight16(vf_weight256(t->fv));
    for (int p = 0; p < 2; p++) { /* bytes 0 and 2, then 1 and 3, of every texel */
        const int32_t sh = 8 * p;
        const vh a0 =
            k_lerp16((vh)((x[0] >> sh) & 0x00ff00ff), (vh)((x[1] >> sh) & 0x00ff00ff), wu);
        const vh a1 =
            k_lerp16((vh)((x[2] >> sh) & 0x00ff00ff), (vh)((x[3] >> sh) & 0x00ff00ff), wu);
        out->pair[p] = k_lerp16(a0, a1, wv);
    }
}

/* The float branch of reduce on footprint t: the texels decoded (and compared against ref for
 * depth), the weights snapped to 1/256 in hw precision, lerp along u, then v. */
static TUK_ALWAYS_INLINE void k_filter_float(const tuK_args *ctx, const tuK_geom *g, unsigned kind,
                                             const k_taps *t, vf ref, k_level *out) {
    const tu_sampler *smp = tuK_sampler(ctx);
    vf fu = t->fu, fv = t->fv;
    if (tuK_fixed(ctx)->hw) fu = vf_snap256(fu), fv = vf_snap256(fv);
    const unsigned cmp = smp->compare;
    vf t00[4], t10[4], t01[4], t11[4];
    k_decode(kind, g, cmp, ref, t->o[0], t00);
    if (t->border) k_border(kind, g, smp, ref, t->bm[0], t00);
    if (!t->any_linear) {
        for (int c = 0; c < 4; c++)
            out->f[c] = t00[c];
        return;
    }
    k_decode(kind, g, cmp, ref, t->o[1], t10);
    k_decode(kind, g, cmp, ref, t->o[2], t01);
    k_decode(kind, g, cmp, ref, t->o[3], t11);
    if (t->border) {
        k_border(kind, g, smp, ref, t->bm[1], t10);
        k_border(kind, g, smp, ref, t->bm[2], t01);
        k_border(kind, g, smp, ref, t->bm[3], t11);
    }
    for (int c = 0; c < 4; c++)
        out->f[c] = k_lerp(k_lerp(t00[c], t10[c], fu), k_lerp(t01[c], t11[c], fu), fv);
}

/* One level's footprint at (cu, cv), filtered (k_taps_2d, then fixed8's filter or the
 * float one). */
static TUK_ALWAYS_INLINE void k_level_2d(const tuK_args *ctx, const tuK_geom *g, unsigned kind,
                                         bool cube, bool one_d, vi L, vi layer, vi face, vf cu,
                                         vf cv, vf ref, vi linear, bool fixed8, k_level *out,
                                         vi *edge, vi zoff, vi zborder, bool zb) {
    k_taps t;
    k_taps_2d(ctx, g, kind, cube, one_d, L, layer, face, cu, cv, linear, &t, edge, zoff, zborder,
              zb);
    if (fixed8) {
        vi x[4];
        k_fetch8(g, &t, x);
        k_filter8(&t, x, out);
    } else {
        k_filter_float(ctx, g, kind, &t, ref, out);
    }
}

/* A hint for a memory-bound kernel: the two rows of the bilinear footprints of the next
 * lane group (first lane `next`) at level L and their layers, prefetched while this group
 * loads and filters. The AVX2 and portable builds run a SIMD16 message in two or four groups,
 * and without it a group's loads start only once the group before has filtered: with 16-byte
 * texels at random places in a level larger than the caches, starting them early made W4 at
 * 1024x1024 random 10-15 % faster (AVX2, texbench). Levels smaller than
 * TUK_PREFETCH_BYTES (mostly in the caches) are left alone: there the prefetches cost more
 * than they save (W4 at 256x256 lost 3-6 %). Only a hint: the level is the one this group's
 * first lane reads (a message's lanes mostly share one), the texel is clamped into the
 * level, and a wrong guess costs a wasted prefetch, never a wrong value. */
enum { TUK_PREFETCH_BYTES = 4 << 20 };
static TUK_ALWAYS_INLINE void k_prefetch_next(const tuK_args *ctx, const tuK_geom *g, unsigned next,
                                              int32_t L) {
    if (L < 0 || L >= g->levels || (int64_t)g->row_pitch[L] * g->h[L] < TUK_PREFETCH_BYTES) return;
    const tu_msg *m = ctx->msg;
    const vf u = vf_load(m->src[TU_SRC_U].f + next) * g->fw[L] - 0.5f,
             v = vf_load(m->src[TU_SRC_V].f + next) * g->fh[L] - 0.5f;
    const vi x = vi_max(vi_min(vf_floor_int(u), vi_splat(g->w[L] - 1)), vi_splat(0));
    const vi y0 = vi_max(vi_min(vf_floor_int(v), vi_splat(g->h[L] - 1)), vi_splat(0));
    const vi y1 = vi_min(y0 + 1, vi_splat(g->h[L] - 1));
    vi base = vi_splat(g->offset[L]);
    if (ctx->binding->surface.arrayed)
        base += k_array_index(vf_load(m->src[TU_SRC_R].f + next),
                              (int32_t)tuK_fixed(ctx)->array_layers) *
                g->layer_pitch[L];
    const vi o0 = base + y0 * g->row_pitch[L] + x * g->bpp,
             o1 = base + y1 * g->row_pitch[L] + x * g->bpp;
    for (int k = 0; k < TUK_W; k++) {
        __builtin_prefetch(g->data + o0[k]);
        __builtin_prefetch(g->data + o1[k]);
    }
}

/* One level of a 3D surface: the two slices of the footprint (r then the slice's u and v,
 * as gather_footprint indexes them), each a 2D footprint, then blended along r: reduce's
 * order, u, then v, then r. */
static TUK_ALWAYS_INLINE void k_level_3d(const tuK_args *ctx, const tuK_geom *g, unsigned kind,
                                         vi L, vf cu, vf cv, vf cr, vf ref, vi linear, bool fixed8,
                                         k_level *out) {
    const tu_sampler *smp = tuK_sampler(ctx);
    const vi d = vi_lookup_level(g->d, L), sp = vi_lookup_level(g->slice_pitch, L);
    const vf r = cr * vf_lookup_level(g->fd, L), sr = r - 0.5f;
    vf fr = sr - vf_floor(sr);
    fr = vf_sel((fr >= 0.0f) & (fr < 1.0f) & linear, fr, vf_splat(0.0f));
    const vi lim = vi_splat(1 << 30);
    vi k = vf_floor_int(vf_sel(linear, sr, r)) + ctx->msg->offset[2];
    k = vi_max(vi_min(k, lim), -lim);
    vi z0, z1;
    k_wrap_pair(k, d, smp->address[2], g->pow2, &z0, &z1);
    const bool zb = smp->address[2] == TU_ADDRESS_CLAMP_BORDER;
    const vi zb0 = z0 < 0, zb1 = z1 < 0, zero = vi_splat(0);
    vi unused;
    k_level_2d(ctx, g, kind, false, false, L, zero, zero, cu, cv, ref, linear, fixed8, out, &unused,
               vi_max(z0, zero) * sp, zb0, zb);
    if (!vi_any(linear)) return; /* nearest: one slice */
    k_level b = {0};             /* k_level_2d fills the half fixed8 selects */
    k_level_2d(ctx, g, kind, false, false, L, zero, zero, cu, cv, ref, linear, fixed8, &b, &unused,
               vi_max(z1, zero) * sp, zb1, zb);
    if (fixed8) {
        const vh w16 = k_weight16(vf_weight256(fr));
        for (int p = 0; p < 2; p++)
            out->pair[p] = k_lerp16(out->pair[p], b.pair[p], w16);
    } else {
        if (tuK_fixed(ctx)->hw) fr = vf_snap256(fr);
        for (int c = 0; c < 4; c++)
            out->f[c] = k_lerp(out->f[c], b.f[c], fr);
    }
}

/* lambda per lane: tuE_lane_derivs and tuE_compute_lod for a 2D surface without
 * anisotropy (eta = 1), on all lanes at once. */
static TUK_ALWAYS_INLINE vf k_lambda(const tuK_args *ctx, unsigned first, bool one_d,
                                     bool three_d) {
    const tu_msg *m = ctx->msg;
    const tuE_ctx *fixed = tuK_fixed(ctx);
    const unsigned mode = ctx->op->lod;
    vf base = vf_splat(0.0f);
    if (mode == TU_LOD_EXPLICIT) base = vf_load(m->src[TU_SRC_LOD].f + first);
    if (mode == TU_LOD_IMPLICIT || mode == TU_LOD_BIAS || mode == TU_LOD_GRAD) {
        vf d[3][2]; /* [axis][x, y] */
        if (mode == TU_LOD_GRAD) {
            d[0][0] = vf_load(m->src[TU_SRC_DUDX].f + first);
            d[0][1] = vf_load(m->src[TU_SRC_DUDY].f + first);
            d[1][0] = vf_load(m->src[TU_SRC_DVDX].f + first);
            d[1][1] = vf_load(m->src[TU_SRC_DVDY].f + first);
            d[2][0] = vf_load(m->src[TU_SRC_DRDX].f + first);
            d[2][1] = vf_load(m->src[TU_SRC_DRDY].f + first);
        } else { /* the coarse 2x2 subspan: UR - UL along x, LL - UL along y */
            /* Subspans are 4 aligned lanes, and TUK_W is a multiple of 4. */
            const vi lane = vi_iota() + (int32_t)first, ul = vi_iota() & ~3;
            const vi has_ur = (lane | 3) - 2 < (int32_t)m->simd; /* UL + 1 < simd */
            const vi has_ll = (lane | 3) - 1 < (int32_t)m->simd; /* UL + 2 < simd */
            static const unsigned coord[3] = {TU_SRC_U, TU_SRC_V, TU_SRC_R};
            for (unsigned a = 0; a < 3; a++) {
                const vf c = vf_load(m->src[coord[a]].f + first);
                const vf cul = vf_permute(c, ul);
                d[a][0] = vf_sel(has_ur, vf_permute(c, ul + 1) - cul, vf_splat(0.0f));
                d[a][1] = vf_sel(has_ll, vf_permute(c, ul + 2) - cul, vf_splat(0.0f));
                if (m->flags & TU_MSG_CPS) {
                    d[a][0] = d[a][0] / (float)m->cps_x;
                    d[a][1] = d[a][1] / (float)m->cps_y;
                }
            }
        }
        const float size[3] = {(float)fixed->base_w, (float)fixed->base_h, (float)fixed->base_d};
        vf rho[2];
        for (int k = 0; k < 2; k++) {
            const vf mu = d[0][k] * size[0], mv = d[1][k] * size[1];
            vf sum = vf_splat(0.0f) + mu * mu; /* tuE_compute_lod's sum, from 0 */
            if (!one_d) sum = sum + mv * mv;   /* 1D: one axis */
            if (three_d) {                     /* 3D: three */
                const vf mw = d[2][k] * size[2];
                sum = sum + mw * mw;
            }
            rho[k] = vf_sqrt(sum);
        }
        const vf rho_max = vf_sel(rho[1] > rho[0], rho[1], rho[0]);
        base = vf_log2(rho_max / 1.0f);
    }
    vf bias = vf_splat(fixed->lod_bias + 0.0f);
    if (mode == TU_LOD_BIAS) bias = fixed->lod_bias + vf_load(m->src[TU_SRC_BIAS].f + first);
    bias = vf_sel(bias < -16.0f, vf_splat(-16.0f), vf_sel(bias > 16.0f, vf_splat(16.0f), bias));
    /* An explicit NaN LOD becomes log2(0) + bias = -inf in tuE_compute_lod: min_lod, as
     * NaN + bias is here. */
    vf lambda = base + bias;
    lambda = vf_sel(lambda >= fixed->min_lod, lambda, vf_splat(fixed->min_lod));
    lambda = vf_sel(lambda > fixed->max_lod, vf_splat(fixed->max_lod), lambda);
    return fixed->hw ? vf_snap256(lambda) : lambda; /* only its value and comparisons count */
}

/* texel.c's tuE_cube_face on every lane: the face (major axis, ties to Z then Y) and the
 * face coordinates s = (sc / ma + 1) / 2, t likewise, in double as there. sc and tc are the
 * face's S and T rows times the direction: in float, with the same products and sums (one
 * row entry is +-1, the others 0), they are exact, or NaN where the double ones are. */
static inline vi k_cube_face(vf x, vf y, vf z, vf *s, vf *t) {
    /* [row][face], padded to 16 entries for vf_lookup16 */
    static const float S[3][16] = {{0, 0, 1, 1, 1, -1}, {0}, {-1, 1, 0, 0, 0, 0}};
    static const float T[3][16] = {{0}, {-1, -1, 0, 0, -1, -1}, {0, 0, 1, -1, 0, 0}};
    const vf ax = vf_abs(x), ay = vf_abs(y), az = vf_abs(z);
    const vi zmaj = (az >= ax) & (az >= ay), ymaj = ~zmaj & (ay >= ax);
    const vf major = vf_sel(zmaj, z, vf_sel(ymaj, y, x));
    const vi axis = vi_sel(zmaj, vi_splat(2), vi_sel(ymaj, vi_splat(1), vi_splat(0)));
    const vi face = axis * 2 - (major < 0.0f);
    const vf sc =
        vf_lookup16(S[0], face) * x + vf_lookup16(S[1], face) * y + vf_lookup16(S[2], face) * z;
    const vf tc =
        vf_lookup16(T[0], face) * x + vf_lookup16(T[1], face) * y + vf_lookup16(T[2], face) * z;
    vf ma = vf_abs(major);
    ma = vf_sel(ma == 0.0f, vf_splat(1.0f), ma);
    const vd dma = __builtin_convertvector(ma, vd);
    *s = __builtin_convertvector((__builtin_convertvector(sc, vd) / dma + 1.0) * 0.5, vf);
    *t = __builtin_convertvector((__builtin_convertvector(tc, vd) / dma + 1.0) * 0.5, vf);
    return face;
}

/* filt (TUK_FILTER_*) fixes the sampler's filters as constants where it names them. */
static TUK_ALWAYS_INLINE void k_sample(const tuK_args *ctx, const tuK_geom *g, tu_reply *reply,
                                       unsigned kind, bool cube, bool one_d, bool three_d,
                                       unsigned filt) {
    const tu_msg *m = ctx->msg;
    const tu_sampler *smp = tuK_sampler(ctx);
    const int32_t q = (int32_t)tuK_fixed(ctx)->levels - 1;
    const bool arrayed = ctx->binding->surface.arrayed;
    const bool fixed8 = kind == TUK_KIND_RGBA8 && tuK_fixed(ctx)->hw, hw = tuK_fixed(ctx)->hw;
    const bool mag_lin =
        filt == TUK_FILTER_ANY ? smp->mag_filter == TU_FILTER_LINEAR : filt != TUK_FILTER_POINT;
    const bool min_lin =
        filt == TUK_FILTER_ANY ? smp->min_filter == TU_FILTER_LINEAR : filt != TUK_FILTER_POINT;
    const unsigned mip = filt == TUK_FILTER_ANY              ? smp->mip_filter
                         : filt == TUK_FILTER_TRILINEAR      ? (unsigned)TU_MIP_LINEAR
                         : smp->mip_filter == TU_MIP_NEAREST ? (unsigned)TU_MIP_NEAREST
                                                             : (unsigned)TU_MIP_NONE;
    const vi mag_linear = vi_splat(mag_lin ? -1 : 0);
    const vi min_linear = vi_splat(min_lin ? -1 : 0);
    for (unsigned first = 0; first < m->simd; first += TUK_W) {
        const vi active =
            vi_lane_mask(m->lane_mask, first) & (vi_iota() < vi_splat((int32_t)(m->simd - first)));
        vf cu = vf_load(m->src[TU_SRC_U].f + first), cv = vf_load(m->src[TU_SRC_V].f + first);
        vi layer = vi_splat(0), face = layer;
        if (cube) { /* lane_position: the direction, the cube index from ai */
            const vi index = arrayed ? k_array_index(vf_load(m->src[TU_SRC_AI].f + first),
                                                     (int32_t)tuK_fixed(ctx)->array_layers)
                                     : vi_splat(0);
            face = k_cube_face(cu, cv, vf_load(m->src[TU_SRC_R].f + first), &cu, &cv);
            layer = index * 6 + face;
        } else if (arrayed) { /* the layer from v (1D) or r (2D) */
            layer = k_array_index(vf_load(m->src[one_d ? TU_SRC_V : TU_SRC_R].f + first),
                                  (int32_t)tuK_fixed(ctx)->array_layers);
        }
        vf ref = cu; /* lane_position: D_ref clamped to [0, 1] for UNORM depth (Vulkan) */
        if (kind == TUK_KIND_D32 || kind == TUK_KIND_D16)
            ref = vf_load(m->src[TU_SRC_REF].f + first);
        if (kind == TUK_KIND_D16)
            ref = vf_sel(ref < 0.0f, vf_splat(0.0f), vf_sel(ref > 1.0f, vf_splat(1.0f), ref));
        const vf lambda = k_lambda(ctx, first, one_d, three_d);
        const vf cr = three_d ? vf_load(m->src[TU_SRC_R].f + first) : cu; /* 3D: r */
        const vi linear = vi_sel(lambda <= 0.0f, mag_linear, min_linear);
        /* sample_at: d' = clamp(lambda, 0, q), the level(s), the mip weight. */
        vf dprime = vf_sel(lambda < 0.0f, vf_splat(0.0f), lambda);
        dprime = vf_sel(dprime > (float)q, vf_splat((float)q), dprime);
        vi hi = vi_splat(0), lo = hi;
        vf delta = vf_splat(0.0f);
        if (mip == TU_MIP_NEAREST) {
            /* ceilf(t) - 1, t in [0.5, q + 0.5] */
            hi = vi_min(vf_ceil_int(dprime + 0.5f) - 1, vi_splat(q));
            lo = hi;
        } else if (mip == TU_MIP_LINEAR) {
            hi = vf_to_vi(dprime); /* dprime >= 0: truncation is floor */
            lo = vi_min(hi + 1, vi_splat(q));
            delta = dprime - vi_to_vf(hi);
            if (hw) delta = vf_snap256(delta);
        }
        if (kind == TUK_KIND_RGBA32F && !cube && !one_d && !three_d && first + TUK_W < m->simd)
            k_prefetch_next(ctx, g, first + TUK_W, hi[0]);
        /* The second level counts where lo != hi and the weight is not 0 (sample_at). */
        const vi second = active & (lo != hi) & (delta != 0.0f);
        const bool two = mip == TU_MIP_LINEAR && vi_any(second);
        k_level a, b = {0}; /* a filter fills the half fixed8 selects */
        vi edge = vi_splat(0), edge_lo = edge;
        const vi zero = vi_splat(0);
        /* fixed8 (hw precision, RGBA8: a runtime flag) is passed to k_level_3d as a constant,
         * as the 2D path below branches on it once: each copy then writes and reads the same
         * half of a k_level. Given the flag itself, the level filled one half on one test of
         * it and read that half on another test of it three calls later, which gcc 12 -O3
         * could not pair up (-Wmaybe-uninitialized); one test per level is also cheaper. */
        if (three_d && fixed8) {
            k_level_3d(ctx, g, kind, hi, cu, cv, cr, ref, linear, true, &a);
            if (two) k_level_3d(ctx, g, kind, lo, cu, cv, cr, ref, linear, true, &b);
        } else if (three_d) {
            k_level_3d(ctx, g, kind, hi, cu, cv, cr, ref, linear, false, &a);
            if (two) k_level_3d(ctx, g, kind, lo, cu, cv, cr, ref, linear, false, &b);
        } else if (fixed8) {
            /* Both levels located before either is read: the second level's loads need not
             * wait behind the first level's filtering (trilinear W3 and W6 ran 21 % and 14 %
             * faster on a Zen 4 host, docs/bindings.md). */
            k_taps ta;
            vi xa[4];
            k_taps_2d(ctx, g, kind, cube, one_d, hi, layer, face, cu, cv, linear, &ta, &edge, zero,
                      zero, false);
            if (two) {
                k_taps tb;
                vi xb[4];
                k_taps_2d(ctx, g, kind, cube, one_d, lo, layer, face, cu, cv, linear, &tb, &edge_lo,
                          zero, zero, false);
                k_fetch8(g, &ta, xa);
                k_fetch8(g, &tb, xb);
                k_filter8(&ta, xa, &a);
                k_filter8(&tb, xb, &b);
            } else {
                k_fetch8(g, &ta, xa);
                k_filter8(&ta, xa, &a);
            }
        } else {
            k_level_2d(ctx, g, kind, cube, one_d, hi, layer, face, cu, cv, ref, linear, fixed8, &a,
                       &edge, zero, zero, false);
            if (two)
                k_level_2d(ctx, g, kind, cube, one_d, lo, layer, face, cu, cv, ref, linear, fixed8,
                           &b, &edge_lo, zero, zero, false);
        }
        if (two) {
            edge |= second & edge_lo;
            if (fixed8) {
                const vh w16 = k_weight16(vf_weight256(delta));
                for (int p = 0; p < 2; p++)
                    a.pair[p] =
                        (vh)vi_sel(second, (vi)k_lerp16(a.pair[p], b.pair[p], w16), (vi)a.pair[p]);
            } else {
                for (int c = 0; c < 4; c++)
                    a.f[c] = vf_sel(second, k_lerp(a.f[c], b.f[c], delta), a.f[c]);
            }
        }
        vi code[4] = {{0}, {0}, {0}, {0}}; /* fixed8: the filtered codes */
        if (fixed8) k_pair_codes(g, a.pair, code);
        for (int c = 0; c < 4; c++) {
            if (!(m->channel_mask >> c & 1)) continue;
            const vf out = fixed8 ? vf_unorm(code[c], 255.0f) : a.f[c];
            vf_store_masked(reply->channel[c].f + first, out, active);
        }
        if (!cube || !vi_any(edge & active)) continue;
        /* Lanes at a cube corner, or at an edge without seamless filtering: the generic path, lane
         * by lane (their texels come through the address gate). The cube rows take no derivative
         * LOD. */
        tuE_ctx full;
        tuE_ctx_init(&full, tuE_bound_of(ctx->binding), &ctx->binding->surface, smp, m, ctx->op);
        for (unsigned k = 0; k < TUK_W; k++) {
            if (!(edge[k] & active[k])) continue;
            const unsigned l = first + k;
            tuE_lane lane = {false};
            const tuE_derivs d = {{{0}}};
            tu_texel t;
            tuE_sample_lane(&full, &lane, l, &d, &t);
            for (int c = 0; c < 4; c++)
                if (m->channel_mask >> c & 1) reply->channel[c].u[l] = t.u[c];
        }
    }
}

/* --- GATHER4 / GATHER4_C of the base level, 2D (filter.c's gather_lane) ------------------ */

static TUK_ALWAYS_INLINE void k_gather_2d(const tuK_args *ctx, const tuK_geom *g, tu_reply *reply,
                                          unsigned kind) {
    const tu_msg *m = ctx->msg;
    const tu_sampler *smp = tuK_sampler(ctx);
    const bool arrayed = ctx->binding->surface.arrayed;
    const bool compare = kind == TUK_KIND_D32 || kind == TUK_KIND_D16;
    /* gather_lane: channel 0 under compare, else the message's */
    const unsigned ch = compare ? 0 : m->gather_channel;
    /* Texel order of the footprint: bit 0 = i1, bit 1 = j1. Gather returns R = (i0, j1),
     * G = (i1, j1), B = (i1, j0), A = (i0, j0). */
    static const int order[4] = {2, 3, 1, 0};
    const vi zero = vi_splat(0), all = vi_splat(-1);
    for (unsigned first = 0; first < m->simd; first += TUK_W) {
        const vi active =
            vi_lane_mask(m->lane_mask, first) & (vi_iota() < vi_splat((int32_t)(m->simd - first)));
        const vf cu = vf_load(m->src[TU_SRC_U].f + first), cv = vf_load(m->src[TU_SRC_V].f + first);
        const vi layer = arrayed ? k_array_index(vf_load(m->src[TU_SRC_R].f + first),
                                                 (int32_t)tuK_fixed(ctx)->array_layers)
                                 : zero;
        vf ref = cu;
        if (compare) ref = vf_load(m->src[TU_SRC_REF].f + first);
        if (kind == TUK_KIND_D16) /* D_ref clamped to [0, 1] for UNORM depth */
            ref = vf_sel(ref < 0.0f, vf_splat(0.0f), vf_sel(ref > 1.0f, vf_splat(1.0f), ref));
        k_taps t;
        vi edge = zero;
        k_taps_2d(ctx, g, kind, false, false, zero, layer, zero, cu, cv, all, &t, &edge, zero, zero,
                  false);
        for (int c = 0; c < 4; c++) {
            if (!(m->channel_mask >> c & 1)) continue;
            const int k = order[c];
            vf v;
            if (kind == TUK_KIND_RGBA8 || kind == TUK_KIND_SRGBA8) { /* the one code decoded */
                const vi code =
                    (vi)(((vu)vi_gather_bytes(g->data, t.o[k]) >> g->shift[ch]) & 0xffu);
                v = kind == TUK_KIND_SRGBA8 && ch < 3 ? vf_lookup(g->srgb, code)
                                                      : vf_unorm(code, 255.0f);
                if (t.border) v = vf_sel(t.bm[k], vf_splat(g->border[ch]), v);
            } else {
                vf texel[4];
                k_decode(kind, g, smp->compare, ref, t.o[k], texel);
                if (t.border) k_border(kind, g, smp, ref, t.bm[k], texel);
                v = texel[ch];
            }
            vf_store_masked(reply->channel[c].f + first, v, active);
        }
    }
}

/* The kernels: the shared bodies specialised per texel kind, shape and filter variant
 * (constant arguments). */
#define TUK_KERNEL(name, body)                                                  \
    static void name(const tuK_args *ctx, const tuK_geom *g, tu_reply *reply) { \
        body;                                                                   \
    }
/* A SAMPLE kernel in every filter variant: name_any, name_bilinear, ... */
#define TUK_SAMPLE_FILTERS(name, kind, cube)                                                  \
    TUK_KERNEL(name##_any, k_sample(ctx, g, reply, kind, cube, false, false, TUK_FILTER_ANY)) \
    TUK_KERNEL(name##_bilinear,                                                               \
               k_sample(ctx, g, reply, kind, cube, false, false, TUK_FILTER_BILINEAR))        \
    TUK_KERNEL(name##_trilinear,                                                              \
               k_sample(ctx, g, reply, kind, cube, false, false, TUK_FILTER_TRILINEAR))       \
    TUK_KERNEL(name##_point, k_sample(ctx, g, reply, kind, cube, false, false, TUK_FILTER_POINT))
#define TUK_SAMPLE_2D(name, kind)   TUK_SAMPLE_FILTERS(name, kind, false)
#define TUK_SAMPLE_CUBE(name, kind) TUK_SAMPLE_FILTERS(name, kind, true)
#define TUK_SAMPLE_1D(name, kind) \
    TUK_KERNEL(name, k_sample(ctx, g, reply, kind, false, true, false, TUK_FILTER_ANY))
#define TUK_SAMPLE_3D(name, kind) \
    TUK_KERNEL(name, k_sample(ctx, g, reply, kind, false, false, true, TUK_FILTER_ANY))
#define TUK_LD_2D(name, kind)     TUK_KERNEL(name, k_ld_2d(ctx, g, reply, kind, false))
#define TUK_LD_1D(name, kind)     TUK_KERNEL(name, k_ld_2d(ctx, g, reply, kind, true))
#define TUK_GATHER_2D(name, kind) TUK_KERNEL(name, k_gather_2d(ctx, g, reply, kind))
TUK_SAMPLE_2D(sample_rgba8_2d, TUK_KIND_RGBA8)
TUK_SAMPLE_2D(sample_srgba8_2d, TUK_KIND_SRGBA8)
TUK_SAMPLE_2D(sample_rgba32f_2d, TUK_KIND_RGBA32F)
TUK_SAMPLE_2D(sample_rgba16f_2d, TUK_KIND_RGBA16F)
TUK_SAMPLE_2D(sample_r32f_2d, TUK_KIND_R32F)
TUK_SAMPLE_2D(sample_c_d32_2d, TUK_KIND_D32)
TUK_SAMPLE_2D(sample_r16_2d, TUK_KIND_R16)
TUK_SAMPLE_2D(sample_c_d16_2d, TUK_KIND_D16)
TUK_SAMPLE_2D(sample_rg16f_2d, TUK_KIND_RG16F)
TUK_SAMPLE_2D(sample_rgba16_2d, TUK_KIND_RGBA16)
TUK_SAMPLE_2D(sample_b10g11r11_2d, TUK_KIND_B10G11R11)
TUK_SAMPLE_2D(sample_rgb9e5_2d, TUK_KIND_RGB9E5)
TUK_SAMPLE_2D(sample_r16f_2d, TUK_KIND_R16F)
TUK_SAMPLE_2D(sample_rg32f_2d, TUK_KIND_RG32F)
TUK_SAMPLE_2D(sample_rg16_2d, TUK_KIND_RG16)
TUK_SAMPLE_2D(sample_rgb10a2_2d, TUK_KIND_RGB10A2)
#if !defined(TUK_AVX2_PAIRS) /* kernels_avx2_pairs.c: the 2D sampling kernels alone */
TUK_SAMPLE_1D(sample_rgba8_1d, TUK_KIND_RGBA8)
TUK_SAMPLE_1D(sample_srgba8_1d, TUK_KIND_SRGBA8)
TUK_SAMPLE_1D(sample_rgba32f_1d, TUK_KIND_RGBA32F)
TUK_SAMPLE_1D(sample_rgba16f_1d, TUK_KIND_RGBA16F)
TUK_SAMPLE_1D(sample_r32f_1d, TUK_KIND_R32F)
TUK_LD_1D(ld_rgba8_1d, TUK_KIND_RGBA8)
TUK_LD_1D(ld_rgba32f_1d, TUK_KIND_RGBA32F)
TUK_SAMPLE_3D(sample_rgba8_3d, TUK_KIND_RGBA8)
TUK_SAMPLE_3D(sample_rgba32f_3d, TUK_KIND_RGBA32F)
TUK_SAMPLE_CUBE(sample_rgba8_cube, TUK_KIND_RGBA8)
TUK_SAMPLE_CUBE(sample_srgba8_cube, TUK_KIND_SRGBA8)
TUK_SAMPLE_CUBE(sample_rgba32f_cube, TUK_KIND_RGBA32F)
TUK_LD_2D(ld_rgba8_2d, TUK_KIND_RGBA8)
TUK_LD_2D(ld_srgba8_2d, TUK_KIND_SRGBA8)
TUK_LD_2D(ld_rgba32f_2d, TUK_KIND_RGBA32F)
TUK_LD_2D(ld_rgba16f_2d, TUK_KIND_RGBA16F)
TUK_LD_2D(ld_r32f_2d, TUK_KIND_R32F)
TUK_LD_2D(ld_rg16f_2d, TUK_KIND_RG16F)
TUK_LD_2D(ld_rgba16_2d, TUK_KIND_RGBA16)
TUK_LD_2D(ld_r16_2d, TUK_KIND_R16)
TUK_LD_2D(ld_b10g11r11_2d, TUK_KIND_B10G11R11)
TUK_LD_2D(ld_rgb9e5_2d, TUK_KIND_RGB9E5)
TUK_LD_2D(ld_r16f_2d, TUK_KIND_R16F)
TUK_LD_2D(ld_rg32f_2d, TUK_KIND_RG32F)
TUK_LD_2D(ld_rg16_2d, TUK_KIND_RG16)
TUK_LD_2D(ld_rgb10a2_2d, TUK_KIND_RGB10A2)
TUK_GATHER_2D(gather_rgba8_2d, TUK_KIND_RGBA8)
TUK_GATHER_2D(gather_srgba8_2d, TUK_KIND_SRGBA8)
TUK_GATHER_2D(gather_rgba32f_2d, TUK_KIND_RGBA32F)
TUK_GATHER_2D(gather_rgba16f_2d, TUK_KIND_RGBA16F)
TUK_GATHER_2D(gather_r32f_2d, TUK_KIND_R32F)
TUK_GATHER_2D(gather_r16_2d, TUK_KIND_R16)
TUK_GATHER_2D(gather_rg16f_2d, TUK_KIND_RG16F)
TUK_GATHER_2D(gather_rgba16_2d, TUK_KIND_RGBA16)
TUK_GATHER_2D(gather_b10g11r11_2d, TUK_KIND_B10G11R11)
TUK_GATHER_2D(gather_rgb9e5_2d, TUK_KIND_RGB9E5)
TUK_GATHER_2D(gather_r16f_2d, TUK_KIND_R16F)
TUK_GATHER_2D(gather_rg32f_2d, TUK_KIND_RG32F)
TUK_GATHER_2D(gather_rg16_2d, TUK_KIND_RG16)
TUK_GATHER_2D(gather_rgb10a2_2d, TUK_KIND_RGB10A2)
TUK_GATHER_2D(gather_c_d32_2d, TUK_KIND_D32)
TUK_GATHER_2D(gather_c_d16_2d, TUK_KIND_D16)

/* The n >= 16 bytes at x and y xor-ed and or-ed into *diff (words of the build's vector
 * width: 64, 32 or 16 bytes, four at a time into four sums, then one at a time, the last one
 * ending at n and overlapping the one before) or, for n shorter than a word, into *diff16
 * (16-byte words, the same way). Inlined with a constant n (the sampler, the tail of a
 * surface without planes), it unrolls. */
typedef uint64_t tuk_word __attribute__((vector_size(TUK_REG * 4)));
typedef uint64_t tuk_word16 __attribute__((vector_size(16)));
static TU_ALWAYS_INLINE tuk_word tuk_load_xor(const unsigned char *x, const unsigned char *y) {
    tuk_word u, v;
    memcpy(&u, x, sizeof u);
    memcpy(&v, y, sizeof v);
    return u ^ v;
}
static TU_ALWAYS_INLINE void tuk_diff(const void *a, const void *b, size_t n, tuk_word *diff,
                                      tuk_word16 *diff16) {
    const unsigned char *x = a, *y = b;
    const size_t w = sizeof(tuk_word);
    if (n >= w) {
        size_t i = 0;
        if (n >= 4 * w) {
            tuk_word d0 = {0}, d1 = {0}, d2 = {0}, d3 = {0};
            for (; i + 4 * w <= n; i += 4 * w) {
                d0 |= tuk_load_xor(x + i, y + i);
                d1 |= tuk_load_xor(x + i + w, y + i + w);
                d2 |= tuk_load_xor(x + i + 2 * w, y + i + 2 * w);
                d3 |= tuk_load_xor(x + i + 3 * w, y + i + 3 * w);
            }
            *diff |= (d0 | d1) | (d2 | d3);
        }
        for (; i + w < n; i += w)
            *diff |= tuk_load_xor(x + i, y + i);
        *diff |= tuk_load_xor(x + n - w, y + n - w);
    } else {
        tuk_word16 h, k;
        for (size_t i = 0; i + 16 < n; i += 16) {
            memcpy(&h, x + i, 16);
            memcpy(&k, y + i, 16);
            *diff16 |= h ^ k;
        }
        memcpy(&h, x + n - 16, 16);
        memcpy(&k, y + n - 16, 16);
        *diff16 |= h ^ k;
    }
}

/* The bytes of a surface from its MCS pointer to the end of its last plane. */
#define TUK_SURFACE_TAIL(planes) \
    (offsetof(tu_surface, plane) + (planes) * sizeof(tu_plane) - offsetof(tu_surface, mcs))
#if defined(TUK_ISA_AVX512)
/* tuk_same_binding of a surface without planes, the usual one, with the fewest loads (each
 * is one the kernel's texel loads wait behind in a run of messages): the surface up to its
 * last level in 64-byte words, the last ending at that length; then its tail and the sampler
 * in one masked load each (a masked-off byte is not read). Every length is b's; the caller's
 * level and plane counts and data pointer are among the bytes compared. */
_Static_assert(TUK_SURFACE_TAIL(0) == 5 * 8 && sizeof(tu_sampler) == 7 * 8 &&
                   offsetof(tu_surface, level) + sizeof(tu_level_layout) > 64 &&
                   offsetof(tu_surface, level) + TU_MAX_LEVELS * sizeof(tu_level_layout) <= 16 * 64,
               "tuk_same_binding_planeless: the tail is 5 words, the sampler 7; the levels end "
               "past one 64-byte word and within 16");
static bool tuk_same_binding_planeless(const tu_binding *b, const tu_surface *s,
                                       const tu_sampler *smp) {
    const unsigned char *x = (const unsigned char *)&b->surface, *y = (const unsigned char *)s;
    const size_t n = offsetof(tu_surface, level) + b->surface.levels * sizeof(tu_level_layout);
    __m512i d = _mm512_xor_si512(_mm512_loadu_si512(x + n - 64), _mm512_loadu_si512(y + n - 64));
    /* The words before the last, straight on from the first one needed (a loop's counter
     * and branch per word cost what the compare itself does: measured, docs/bindings.md). */
#define TUK_WORD(i)                                                    \
    d = _mm512_ternarylogic_epi64(d, _mm512_loadu_si512(x + 64 * (i)), \
                                  _mm512_loadu_si512(y + 64 * (i)), 0xf6) /* d | (x ^ y) */
    switch ((n - 1) / 64) {
    case 15: TUK_WORD(14); /* fall through */
    case 14: TUK_WORD(13); /* fall through */
    case 13: TUK_WORD(12); /* fall through */
    case 12: TUK_WORD(11); /* fall through */
    case 11: TUK_WORD(10); /* fall through */
    case 10: TUK_WORD(9);  /* fall through */
    case 9: TUK_WORD(8);   /* fall through */
    case 8: TUK_WORD(7);   /* fall through */
    case 7: TUK_WORD(6);   /* fall through */
    case 6: TUK_WORD(5);   /* fall through */
    case 5: TUK_WORD(4);   /* fall through */
    case 4: TUK_WORD(3);   /* fall through */
    case 3: TUK_WORD(2);   /* fall through */
    case 2: TUK_WORD(1);   /* fall through */
    default: TUK_WORD(0);
    }
#undef TUK_WORD
    d = _mm512_ternarylogic_epi64(d, _mm512_maskz_loadu_epi64(0x1f, &b->surface.mcs),
                                  _mm512_maskz_loadu_epi64(0x1f, &s->mcs), 0xf6);
    d = _mm512_ternarylogic_epi64(d, _mm512_maskz_loadu_epi64(0x7f, &b->sampler),
                                  _mm512_maskz_loadu_epi64(0x7f, smp), 0xf6);
    return _mm512_test_epi64_mask(d, d) == 0;
}
#endif

/* Whether binding b was bound from these very bytes (tu_execute's cache key, execute.c):
 * the surface up to the end of its last level, the surface from its MCS pointer to the end
 * of its last plane, and the whole sampler, padding included. b's level and plane counts
 * are valid, so a caller's out-of-range count differs from them and is never used as a
 * length; they and the data pointer (another surface's, usually) are looked at first. */
static bool tuk_same_binding(const tu_binding *b, const tu_surface *s, const tu_sampler *smp) {
    const tu_surface *a = &b->surface;
#if defined(TUK_ISA_AVX512)
    if (a->plane_count == 0) return tuk_same_binding_planeless(b, s, smp);
#endif
    if (a->data != s->data || a->levels != s->levels || a->plane_count != s->plane_count)
        return false;
    tuk_word diff = {0};
    tuk_word16 diff16 = {0};
    tuk_diff(a, s, offsetof(tu_surface, level) + a->levels * sizeof a->level[0], &diff, &diff16);
    if (a->plane_count == 0) /* the usual surface: a constant length */
        tuk_diff(&a->mcs, &s->mcs, TUK_SURFACE_TAIL(0), &diff, &diff16);
    else
        tuk_diff(&a->mcs, &s->mcs, TUK_SURFACE_TAIL(a->plane_count), &diff, &diff16);
    tuk_diff(&b->sampler, smp, sizeof *smp, &diff, &diff16);
#if defined(TUK_ISA_AVX512)
    return _mm512_test_epi64_mask((__m512i)diff, (__m512i)diff) == 0 &&
           (diff16[0] | diff16[1]) == 0;
#elif defined(TUK_ISA_AVX2)
    return _mm256_testz_si256((__m256i)diff, (__m256i)diff) && (diff16[0] | diff16[1]) == 0;
#else
    diff |= diff16;
    return (diff[0] | diff[1]) == 0;
#endif
}
#endif /* !TUK_AVX2_PAIRS */

/* A table entry: one kernel in every variant, or its four filter variants. */
#define TUK_ONE(name) \
    { name, name, name, name }
#define TUK_FOUR(name) \
    { name##_any, name##_bilinear, name##_trilinear, name##_point }
/* The 2D sampling kernels: every build's, and all that kernels_avx2_pairs.c makes. */
#define TUK_SAMPLING_2D                                        \
    [TUK_SAMPLE_RGBA8_2D] = TUK_FOUR(sample_rgba8_2d),         \
    [TUK_SAMPLE_SRGBA8_2D] = TUK_FOUR(sample_srgba8_2d),       \
    [TUK_SAMPLE_RGBA32F_2D] = TUK_FOUR(sample_rgba32f_2d),     \
    [TUK_SAMPLE_RGBA16F_2D] = TUK_FOUR(sample_rgba16f_2d),     \
    [TUK_SAMPLE_R32F_2D] = TUK_FOUR(sample_r32f_2d),           \
    [TUK_SAMPLE_C_D32_2D] = TUK_FOUR(sample_c_d32_2d),         \
    [TUK_SAMPLE_R16_2D] = TUK_FOUR(sample_r16_2d),             \
    [TUK_SAMPLE_C_D16_2D] = TUK_FOUR(sample_c_d16_2d),         \
    [TUK_SAMPLE_RG16F_2D] = TUK_FOUR(sample_rg16f_2d),         \
    [TUK_SAMPLE_RGBA16_2D] = TUK_FOUR(sample_rgba16_2d),       \
    [TUK_SAMPLE_B10G11R11_2D] = TUK_FOUR(sample_b10g11r11_2d), \
    [TUK_SAMPLE_RGB9E5_2D] = TUK_FOUR(sample_rgb9e5_2d),       \
    [TUK_SAMPLE_R16F_2D] = TUK_FOUR(sample_r16f_2d),           \
    [TUK_SAMPLE_RG32F_2D] = TUK_FOUR(sample_rg32f_2d),         \
    [TUK_SAMPLE_RG16_2D] = TUK_FOUR(sample_rg16_2d),           \
    [TUK_SAMPLE_RGB10A2_2D] = TUK_FOUR(sample_rgb10a2_2d)
#if defined(TUK_AVX2_PAIRS)
#define TUK_SET \
    { .fn = {TUK_SAMPLING_2D}, .same_binding = NULL }
#else
#define TUK_SET                                                           \
    {                                                                     \
        .fn = {TUK_SAMPLING_2D,                                           \
               [TUK_LD_RGBA8_2D] = TUK_ONE(ld_rgba8_2d),                  \
               [TUK_LD_SRGBA8_2D] = TUK_ONE(ld_srgba8_2d),                \
               [TUK_LD_RGBA32F_2D] = TUK_ONE(ld_rgba32f_2d),              \
               [TUK_LD_RGBA16F_2D] = TUK_ONE(ld_rgba16f_2d),              \
               [TUK_LD_R32F_2D] = TUK_ONE(ld_r32f_2d),                    \
               [TUK_LD_RG16F_2D] = TUK_ONE(ld_rg16f_2d),                  \
               [TUK_LD_RGBA16_2D] = TUK_ONE(ld_rgba16_2d),                \
               [TUK_LD_R16_2D] = TUK_ONE(ld_r16_2d),                      \
               [TUK_LD_B10G11R11_2D] = TUK_ONE(ld_b10g11r11_2d),          \
               [TUK_LD_RGB9E5_2D] = TUK_ONE(ld_rgb9e5_2d),                \
               [TUK_LD_R16F_2D] = TUK_ONE(ld_r16f_2d),                    \
               [TUK_LD_RG32F_2D] = TUK_ONE(ld_rg32f_2d),                  \
               [TUK_LD_RG16_2D] = TUK_ONE(ld_rg16_2d),                    \
               [TUK_LD_RGB10A2_2D] = TUK_ONE(ld_rgb10a2_2d),              \
               [TUK_GATHER_RGBA8_2D] = TUK_ONE(gather_rgba8_2d),          \
               [TUK_GATHER_SRGBA8_2D] = TUK_ONE(gather_srgba8_2d),        \
               [TUK_GATHER_RGBA32F_2D] = TUK_ONE(gather_rgba32f_2d),      \
               [TUK_GATHER_RGBA16F_2D] = TUK_ONE(gather_rgba16f_2d),      \
               [TUK_GATHER_R32F_2D] = TUK_ONE(gather_r32f_2d),            \
               [TUK_GATHER_R16_2D] = TUK_ONE(gather_r16_2d),              \
               [TUK_GATHER_RG16F_2D] = TUK_ONE(gather_rg16f_2d),          \
               [TUK_GATHER_RGBA16_2D] = TUK_ONE(gather_rgba16_2d),        \
               [TUK_GATHER_B10G11R11_2D] = TUK_ONE(gather_b10g11r11_2d),  \
               [TUK_GATHER_RGB9E5_2D] = TUK_ONE(gather_rgb9e5_2d),        \
               [TUK_GATHER_R16F_2D] = TUK_ONE(gather_r16f_2d),            \
               [TUK_GATHER_RG32F_2D] = TUK_ONE(gather_rg32f_2d),          \
               [TUK_GATHER_RG16_2D] = TUK_ONE(gather_rg16_2d),            \
               [TUK_GATHER_RGB10A2_2D] = TUK_ONE(gather_rgb10a2_2d),      \
               [TUK_GATHER_C_D32_2D] = TUK_ONE(gather_c_d32_2d),          \
               [TUK_GATHER_C_D16_2D] = TUK_ONE(gather_c_d16_2d),          \
               [TUK_SAMPLE_RGBA8_CUBE] = TUK_FOUR(sample_rgba8_cube),     \
               [TUK_SAMPLE_SRGBA8_CUBE] = TUK_FOUR(sample_srgba8_cube),   \
               [TUK_SAMPLE_RGBA32F_CUBE] = TUK_FOUR(sample_rgba32f_cube), \
               [TUK_SAMPLE_RGBA8_1D] = TUK_ONE(sample_rgba8_1d),          \
               [TUK_SAMPLE_SRGBA8_1D] = TUK_ONE(sample_srgba8_1d),        \
               [TUK_SAMPLE_RGBA32F_1D] = TUK_ONE(sample_rgba32f_1d),      \
               [TUK_SAMPLE_RGBA16F_1D] = TUK_ONE(sample_rgba16f_1d),      \
               [TUK_SAMPLE_R32F_1D] = TUK_ONE(sample_r32f_1d),            \
               [TUK_LD_RGBA8_1D] = TUK_ONE(ld_rgba8_1d),                  \
               [TUK_LD_RGBA32F_1D] = TUK_ONE(ld_rgba32f_1d),              \
               [TUK_SAMPLE_RGBA8_3D] = TUK_ONE(sample_rgba8_3d),          \
               [TUK_SAMPLE_RGBA32F_3D] = TUK_ONE(sample_rgba32f_3d)},     \
        .same_binding = tuk_same_binding                                  \
    }
#endif
