/*
 * fast.c - the fast-path table (DESIGN.md §3 "Fast-path table", §6 "Performance"; STYLE.md
 * §3): rows keyed like llvmpipe's sampler key (op class, surface type, tiling, format,
 * filtering state, what the message carries), each naming a SIMD kernel (kernels/) that
 * runs every lane of a message at once and is bit-identical to the generic path (filter.c,
 * load.c) for every message it accepts; tested against it on random inputs, for every
 * kernel build the machine runs (tests/test_fast.c).
 *
 * The speed comes from reading texels straight from memory (level offset, pitches, texel
 * size), RGBA8 as 8-bit codes, a register of lanes per step: no decode to float and back,
 * no per-texel address gate, no tu_texel copies. Safety instead comes from one proof per binding
 * (tuE_fast_geometry): the largest address of each view level lies in memory, so every
 * smaller one does, and the kernels only form addresses of texels inside the view.
 *
 * The kernel build (portable, AVX2, AVX-512) is chosen at bind time (tu_bind_isa): the
 * CPU's features come from __builtin_cpu_supports, which reads the processor model that
 * the compiler's runtime fills once before main (a constructor): no state of ours.
 */
#include "fast.h"

#include <math.h>
#include <string.h>

/* --- flags ---------------------------------------------------------------------------- */

static bool address_has_border(uint8_t mode) {
    /* tuE_wrap returns -1 (the border) for CLAMP_BORDER only; every other mode gives a
     * coordinate in [0, size). */
    return mode == TU_ADDRESS_CLAMP_BORDER;
}

uint32_t tuE_fast_state_flags(const tu_surface *s, const tu_sampler *smp) {
    uint32_t f = 0;
    if (s->type == TU_SURFACE_2D && s->samples == 1) f |= TUE_FAST_SURF_2D;
    if (s->type == TU_SURFACE_CUBE && s->samples == 1) f |= TUE_FAST_SURF_CUBE;
    if (s->tiling == TU_TILING_LINEAR) f |= TUE_FAST_TILING_LINEAR;
    if (s->format == TU_FORMAT_R8G8B8A8_UNORM || s->format == TU_FORMAT_B8G8R8A8_UNORM)
        f |= TUE_FAST_RGBA8;
    if (s->format == TU_FORMAT_R32G32B32A32_SFLOAT) f |= TUE_FAST_RGBA32F;
    if (s->format == TU_FORMAT_R32_SFLOAT || s->format == TU_FORMAT_D32_SFLOAT) f |= TUE_FAST_R32F;
    if (s->format == TU_FORMAT_D32_SFLOAT) f |= TUE_FAST_D32;
    if (!s->residency) f |= TUE_FAST_RESIDENT;
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
    if (op->kind == TU_KIND_SAMPLE && op->flags == 0) f |= TUE_FAST_OP_SAMPLE;
    if (op->kind == TU_KIND_SAMPLE && op->flags == TU_OPF_COMPARE) f |= TUE_FAST_OP_SAMPLE_C;
    if (op->kind == TU_KIND_LOAD && op->flags == 0) f |= TUE_FAST_OP_LOAD;
    if (op->lod == TU_LOD_EXPLICIT || op->lod == TU_LOD_ZERO) f |= TUE_FAST_LOD_GIVEN;
    if (!(ctx->msg->flags & TU_MSG_HALF_SOURCES)) f |= TUE_FAST_FULL_SOURCES;
    return f;
}

bool tuE_fast_geometry(const tu_surface *s, uint32_t levels, tuK_geom *g) {
    if (!s->data || s->layers == 0 || levels > TU_MAX_LEVELS) return false;
    /* The bit position of R, G, B, A in a little-endian 32-bit texel. */
    static const int32_t rgba[4] = {0, 8, 16, 24}, bgra[4] = {16, 8, 0, 24};
    const int32_t *shift = s->format == TU_FORMAT_B8G8R8A8_UNORM ? bgra : rgba;
    for (int c = 0; c < 4; c++)
        g->shift[c] = shift[c];
    const uint32_t bpp = tu_format_bytes(s->format);
    g->data = (const uint8_t *)s->data;
    g->bpp = (int32_t)bpp;
    g->levels = (int32_t)levels;
    g->pow2 = true;
    g->layers = (int32_t)s->layers;
    for (uint32_t L = 0; L < levels; L++) {
        uint32_t w, h, d;
        if (!tu_surface_level_extent(s, L, &w, &h, &d) || w == 0 || h == 0) return false;
        const tu_level_layout *lv = &s->level[s->base_level + L];
        /* The address of texel (x, y) of layer `layer` is tuS_texel_offset's linear formula
         * with z = sample = 0: offset + layer * layer_pitch + y * row_pitch + x * bpp. Every
         * term is non-negative and grows with its coordinate, so the texel (w-1, h-1) of the
         * last layer has the largest address; if its bpp bytes end inside [0, size) and below
         * 2^31, so do those of every texel a kernel reads (x < w, y < h, layer < layers),
         * and every partial sum of the formula fits in int32. */
        uint64_t last = lv->offset, t;
        const bool ok =
            tuB_mul_u64(s->layers - 1u, lv->layer_pitch, &t) && tuB_add_u64(last, t, &last) &&
            tuB_mul_u64(h - 1u, lv->row_pitch, &t) && tuB_add_u64(last, t, &last) &&
            tuB_add_u64(last, (uint64_t)(w - 1u) * bpp, &last) && tuB_add_u64(last, bpp, &last);
        if (!ok || last > s->size || last > INT32_MAX) return false;
        g->offset[L] = (int32_t)lv->offset;
        /* A pitch times a coordinate that can be non-zero is below 2^31 (above); a pitch
         * whose coordinate is always 0 (one row, one layer) may be anything: keep 0. */
        g->row_pitch[L] = (int32_t)(h > 1 ? lv->row_pitch : 0);
        g->layer_pitch[L] = (int32_t)(s->layers > 1 ? lv->layer_pitch : 0);
        g->pow2 &= (w & (w - 1)) == 0 && (h & (h - 1)) == 0;
        g->w[L] = (int32_t)w;
        g->h[L] = (int32_t)h;
        g->fw[L] = (float)w;
        g->fh[L] = (float)h;
    }
    return true;
}

/* The cube edge table of tuK_geom, from texel.c's own face selection. Face f has normal N
 * (axis f / 2, sign by f & 1) and the directions S and T its s and t grow along; probing
 * tuE_cube_face at N + e_k / 2 gives s = 1/2 + S_k / 4, t = 1/2 + T_k / 4. A texel one
 * beyond side k of f, at position c along it, is the direction N (1 - 1/n) + O + A a (O
 * the side's outward axis, -S, S, -T or T; A the axis along the side; a = (c + 1/2) / n * 2
 * - 1), which texel.c's adjacent_texel folds onto face O, with no tie between axes. There
 * its coordinate along S' is S'.N (1 - 1/n) + S'.A a: one of the two terms is +-1 times
 * its factor, giving x = n - 1, 0, c or n - 1 - c; likewise y along T'. The kernels'
 * results on every side are tested against the generic path (tests/test_fast.c). */
static void cube_edges(int32_t table[24]) {
    int N[6][3] = {{0}}, S[6][3] = {{0}}, T[6][3] = {{0}};
    for (int f = 0; f < 6; f++) {
        N[f][f / 2] = f & 1 ? -1 : 1;
        for (int k = 0; k < 3; k++) {
            if (k == f / 2) continue;
            float d[3] = {(float)N[f][0], (float)N[f][1], (float)N[f][2]}, s, t;
            d[k] = 0.5f;
            tuE_cube_face(d[0], d[1], d[2], &s, &t);
            S[f][k] = (int)lrintf((s - 0.5f) * 4.0f);
            T[f][k] = (int)lrintf((t - 0.5f) * 4.0f);
        }
    }
    for (int f = 0; f < 6; f++)
        for (int side = 0; side < 4; side++) {
            const int sign = side & 1 ? 1 : -1;
            const int *axis = side < 2 ? S[f] : T[f], *along = side < 2 ? T[f] : S[f];
            int nf = 0;
            for (int k = 0; k < 3; k++)
                if (axis[k]) nf = 2 * k + (sign * axis[k] < 0);
            int sn = 0, sa = 0, tn = 0, ta = 0;
            for (int k = 0; k < 3; k++) {
                sn += S[nf][k] * N[f][k], sa += S[nf][k] * along[k];
                tn += T[nf][k] * N[f][k], ta += T[nf][k] * along[k];
            }
            const int xk = sn > 0 ? 1 : sn < 0 ? 0 : sa > 0 ? 2 : 3;
            const int yk = tn > 0 ? 1 : tn < 0 ? 0 : ta > 0 ? 2 : 3;
            table[f * 4 + side] = nf | xk << 4 | yk << 8;
        }
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

/* --- instruction sets ---------------------------------------------------------------------- */

static bool cpu_has(tu_isa isa) {
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    switch (isa) {
    case TU_ISA_AVX2: return __builtin_cpu_supports("avx2");
    case TU_ISA_AVX512:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vl");
    default: return true;
    }
#else
    return isa == TU_ISA_SCALAR || isa == TU_ISA_BEST;
#endif
}

static const tuK_set *build_of(tu_isa isa) {
    switch (isa) {
    case TU_ISA_AVX512: return &tuK_avx512;
    case TU_ISA_AVX2: return &tuK_avx2;
    default: return &tuK_portable;
    }
}

bool tu_isa_available(tu_isa isa) {
    if (isa == TU_ISA_BEST || isa == TU_ISA_SCALAR) return true;
    if (isa != TU_ISA_AVX2 && isa != TU_ISA_AVX512) return false;
    return build_of(isa)->fn[0] != NULL && cpu_has(isa);
}

static const char *const isa_names[] = {"best", "scalar", "avx2", "avx512"};

const char *tu_isa_name(tu_isa isa) {
    return (unsigned)isa < sizeof isa_names / sizeof isa_names[0] ? isa_names[isa] : NULL;
}

tu_status tu_isa_parse(const char *name, tu_isa *isa, tu_error *err) {
    TU_RETURN_IF(!name || !isa, err, TU_INVALID_ARGUMENT, "ISA name and result must not be NULL");
    for (unsigned i = 0; i < sizeof isa_names / sizeof isa_names[0]; i++)
        if (strcmp(name, isa_names[i]) == 0) {
            *isa = (tu_isa)i;
            return TU_OK;
        }
    return tuB_fail(err, TU_INVALID_ARGUMENT, "ISA \"%.40s\" is not best, scalar, avx2 or avx512",
                    name);
}

tu_status tuE_kernels_for(tu_isa isa, const tuK_set **out, tu_error *err) {
    if (isa == TU_ISA_BEST) {
        isa = tu_isa_available(TU_ISA_AVX512) ? TU_ISA_AVX512
              : tu_isa_available(TU_ISA_AVX2) ? TU_ISA_AVX2
                                              : TU_ISA_SCALAR;
    }
    const char *name = tu_isa_name(isa);
    TU_RETURN_IF(!name, err, TU_INVALID_ARGUMENT, "ISA %d is not a tu_isa (0..3)", (int)isa);
    TU_RETURN_IF(!tu_isa_available(isa), err, TU_UNSUPPORTED, "ISA %s is not available: %s", name,
                 build_of(isa)->fn[0] ? "this CPU lacks it" : "this build has no kernels for it");
    *out = build_of(isa);
    return TU_OK;
}

/* --- the table ---------------------------------------------------------------------------- */

/* What every row needs to read memory directly: a linear 2D surface, no residency map,
 * and every texel of the view inside memory; and what the sampling rows need of the
 * sampler and the message. */
#define TUE_FAST_DIRECT_2D \
    (TUE_FAST_SURF_2D | TUE_FAST_TILING_LINEAR | TUE_FAST_RESIDENT | TUE_FAST_IN_BOUNDS)
#define TUE_FAST_FILTER                                                                    \
    (TUE_FAST_AVERAGE | TUE_FAST_ISOTROPIC | TUE_FAST_NORMALIZED | TUE_FAST_NO_BORDER_UV | \
     TUE_FAST_FULL_SOURCES)

/* Cube maps: the same, but the address modes only matter at the edges. */
#define TUE_FAST_DIRECT_CUBE \
    (TUE_FAST_SURF_CUBE | TUE_FAST_TILING_LINEAR | TUE_FAST_RESIDENT | TUE_FAST_IN_BOUNDS)
#define TUE_FAST_FILTER_CUBE \
    (TUE_FAST_AVERAGE | TUE_FAST_ISOTROPIC | TUE_FAST_NORMALIZED | TUE_FAST_FULL_SOURCES)

/* First match wins; no row's flags may contain an earlier row's (tests/test_fast.c). */
const tuE_fast_row tuE_fast_table[] = {
    {TUE_FAST_OP_SAMPLE | TUE_FAST_DIRECT_2D | TUE_FAST_RGBA8 | TUE_FAST_FILTER,
     TUK_SAMPLE_RGBA8_2D, "sample_2d_rgba8"},
    {TUE_FAST_OP_SAMPLE | TUE_FAST_DIRECT_2D | TUE_FAST_RGBA32F | TUE_FAST_FILTER,
     TUK_SAMPLE_RGBA32F_2D, "sample_2d_rgba32f"},
    {TUE_FAST_OP_SAMPLE | TUE_FAST_DIRECT_2D | TUE_FAST_R32F | TUE_FAST_FILTER, TUK_SAMPLE_R32F_2D,
     "sample_2d_r32f"},
    {TUE_FAST_OP_SAMPLE_C | TUE_FAST_DIRECT_2D | TUE_FAST_D32 | TUE_FAST_FILTER,
     TUK_SAMPLE_C_D32_2D, "sample_c_2d_d32"},
    {TUE_FAST_OP_LOAD | TUE_FAST_DIRECT_2D | TUE_FAST_RGBA8, TUK_LD_RGBA8_2D, "ld_2d_rgba8"},
    /* Cube maps: lanes whose footprint crosses a face edge run the generic path (kernels). */
    {TUE_FAST_OP_SAMPLE | TUE_FAST_LOD_GIVEN | TUE_FAST_DIRECT_CUBE | TUE_FAST_RGBA8 |
         TUE_FAST_FILTER_CUBE,
     TUK_SAMPLE_RGBA8_CUBE, "sample_cube_rgba8"},
    {TUE_FAST_OP_SAMPLE | TUE_FAST_LOD_GIVEN | TUE_FAST_DIRECT_CUBE | TUE_FAST_RGBA32F |
         TUE_FAST_FILTER_CUBE,
     TUK_SAMPLE_RGBA32F_CUBE, "sample_cube_rgba32f"},
};

const unsigned tuE_fast_table_size = sizeof tuE_fast_table / sizeof tuE_fast_table[0];

const tuE_fast_row *tuE_fast_find(uint32_t flags) {
    for (unsigned i = 0; i < tuE_fast_table_size; i++)
        if ((tuE_fast_table[i].flags & flags) == tuE_fast_table[i].flags) return &tuE_fast_table[i];
    return NULL;
}

/* The flags any row could need from the message; a pair whose state flags meet no row
 * with them needs no geometry. */
#define TUE_FAST_MSG_FLAGS                                                                  \
    (TUE_FAST_OP_SAMPLE | TUE_FAST_OP_SAMPLE_C | TUE_FAST_OP_LOAD | TUE_FAST_FULL_SOURCES | \
     TUE_FAST_LOD_GIVEN)

tu_status tuE_fast_prepare(const tu_surface *s, const tu_sampler *smp, tu_isa isa, tuE_fast_prep *p,
                           tu_error *err) {
    TU_TRY(tuE_kernels_for(isa, &p->kernels, err));
    p->state_flags = tuE_fast_state_flags(s, smp);
    /* The geometry costs a loop over the view's levels: only when a row could match. */
    if (tuE_fast_find(p->state_flags | TUE_FAST_MSG_FLAGS | TUE_FAST_IN_BOUNDS) &&
        tuE_fast_geometry(s, s->level_count, &p->geom)) {
        p->state_flags |= TUE_FAST_IN_BOUNDS;
        if (s->type == TU_SURFACE_CUBE) cube_edges(p->geom.cube_edge);
    }
    return TU_OK;
}

const char *tuE_fast_run_prepared(const tuE_ctx *ctx, const tuE_fast_prep *p, tu_reply *reply) {
    const tuE_fast_row *row = tuE_fast_find(p->state_flags | tuE_fast_msg_flags(ctx));
    if (!row) return NULL;
    p->kernels->fn[row->kernel](ctx, &p->geom, reply);
    return row->name;
}
