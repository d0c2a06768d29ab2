/* SPDX-License-Identifier: MIT */
/*
 * fast.c - the fast-path table (pixman-fast-path.c's
 * table): rows keyed like llvmpipe's sampler key (op class, surface type, tiling, format,
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

#include "../surface/surface_internal.h"

#include <math.h>
#include <string.h>

/* --- flags ---------------------------------------------------------------------------- */

static bool address_has_border(uint8_t mode) {
    /* tuE_wrap returns -1 (the border) for CLAMP_BORDER only; every other mode gives a
     * coordinate in [0, size). */
    return mode == TU_ADDRESS_CLAMP_BORDER;
}

void tuE_fast_border(const tu_surface *s, const tu_sampler *smp, float out[4]) {
    /* texel.c's tuE_border: a float-class border reads as a texel of the format would,
     * encoded and decoded (docs/semantics.md, "Non-finite numbers"). The kernels' formats
     * are all float-class. */
    uint8_t raw[sizeof(tu_texel)];
    tu_texel held;
    tu_format_encode(s->format, &smp->border_color, raw);
    tu_format_decode(s->format, raw, &held);
    for (int c = 0; c < 4; c++)
        out[c] = held.f[c];
}

/* The format flags of each format that has kernels (the texel kinds of kernels.h). */
static const struct {
    tu_format format;
    tuE_fast_flags flags;
} format_flags[] = {
    {TU_FORMAT_R8G8B8A8_UNORM, TUE_FAST_RGBA8},
    {TU_FORMAT_B8G8R8A8_UNORM, TUE_FAST_RGBA8},
    {TU_FORMAT_R8G8B8A8_SRGB, TUE_FAST_SRGBA8},
    {TU_FORMAT_B8G8R8A8_SRGB, TUE_FAST_SRGBA8},
    {TU_FORMAT_R32G32B32A32_SFLOAT, TUE_FAST_RGBA32F},
    {TU_FORMAT_R16G16B16A16_SFLOAT, TUE_FAST_RGBA16F},
    {TU_FORMAT_R32_SFLOAT, TUE_FAST_R32F},
    {TU_FORMAT_D32_SFLOAT, TUE_FAST_R32F | TUE_FAST_D32},
    {TU_FORMAT_R16_UNORM, TUE_FAST_R16},
    {TU_FORMAT_D16_UNORM, TUE_FAST_R16 | TUE_FAST_D16},
    {TU_FORMAT_R16G16_SFLOAT, TUE_FAST_RG16F},
    {TU_FORMAT_R16G16B16A16_UNORM, TUE_FAST_RGBA16},
    {TU_FORMAT_B10G11R11_UFLOAT_PACK32, TUE_FAST_B10G11R11},
    {TU_FORMAT_E5B9G9R9_UFLOAT_PACK32, TUE_FAST_RGB9E5},
    {TU_FORMAT_R16_SFLOAT, TUE_FAST_R16F},
    {TU_FORMAT_R32G32_SFLOAT, TUE_FAST_RG32F},
    {TU_FORMAT_R16G16_UNORM, TUE_FAST_RG16},
    {TU_FORMAT_A2B10G10R10_UNORM_PACK32, TUE_FAST_RGB10A2},
};

tuE_fast_flags tuE_fast_state_flags(const tu_surface *s, const tu_sampler *smp) {
    tuE_fast_flags f = 0;
    if (s->type == TU_SURFACE_2D && s->samples == 1) f |= TUE_FAST_SURF_2D;
    if (s->type == TU_SURFACE_CUBE && s->samples == 1) f |= TUE_FAST_SURF_CUBE;
    if (s->type == TU_SURFACE_1D && s->samples == 1) f |= TUE_FAST_SURF_1D;
    if (s->type == TU_SURFACE_3D && s->samples == 1) f |= TUE_FAST_SURF_3D;
    if (s->tiling == TU_TILING_LINEAR) f |= TUE_FAST_TILING_LINEAR;
    for (unsigned i = 0; i < sizeof format_flags / sizeof format_flags[0]; i++)
        if (format_flags[i].format == s->format) f |= format_flags[i].flags;
    if (!s->residency) f |= TUE_FAST_RESIDENT;
    if (smp->reduction == TU_REDUCTION_AVERAGE) f |= TUE_FAST_AVERAGE;
    if (smp->max_anisotropy <= 1) f |= TUE_FAST_ISOTROPIC;
    if (!smp->unnormalized) f |= TUE_FAST_NORMALIZED;
    /* The kernels take the border colour as the format holds it (tuE_fast_border), and its
     * 8-bit codes as filter.c's code8 gives them, which is not defined for NaN; a border
     * that holds a NaN (a float format's) stays with the generic path. */
    if (!address_has_border(smp->address[0]) && !address_has_border(smp->address[1]) &&
        !address_has_border(smp->address[2])) {
        f |= TUE_FAST_BORDER_OK; /* the border colour is never read: no need to encode it */
    } else {
        float b[4];
        tuE_fast_border(s, smp, b);
        if (b[0] == b[0] && b[1] == b[1] && b[2] == b[2] && b[3] == b[3]) f |= TUE_FAST_BORDER_OK;
    }
    return f;
}

tuE_fast_flags tuE_fast_msg_flags(const tuE_ctx *ctx) {
    return tuE_fast_op_flags(ctx->op, (ctx->msg->flags & TU_MSG_HALF_SOURCES) != 0);
}

tuE_fast_flags tuE_fast_op_flags(const tu_op_info *op, bool half_sources) {
    tuE_fast_flags f = 0;
    if (op->kind == TU_KIND_SAMPLE && op->flags == 0) f |= TUE_FAST_OP_SAMPLE;
    if (op->kind == TU_KIND_SAMPLE && op->flags == TU_OPF_COMPARE) f |= TUE_FAST_OP_SAMPLE_C;
    if (op->kind == TU_KIND_LOAD && op->flags == 0) f |= TUE_FAST_OP_LOAD;
    if (op->kind == TU_KIND_GATHER && op->flags == 0 && op->lod == TU_LOD_BASE)
        f |= TUE_FAST_OP_GATHER;
    if (op->kind == TU_KIND_GATHER && op->flags == TU_OPF_COMPARE && op->lod == TU_LOD_BASE)
        f |= TUE_FAST_OP_GATHER_C;
    if (op->lod == TU_LOD_EXPLICIT || op->lod == TU_LOD_ZERO) f |= TUE_FAST_LOD_GIVEN;
    if (!half_sources) f |= TUE_FAST_FULL_SOURCES;
    return f;
}

/* Level L of g: texel (x, y, z) of layer `layer` at offset + layer * layer_pitch + z *
 * slice_pitch + y * row_pitch + x * bpp. A pitch whose coordinate is always 0 (one row,
 * one slice, one layer) may be anything: kept as 0. */
static inline void store_level(tuK_geom *g, uint32_t L, const tu_level_layout *lv, uint32_t w,
                               uint32_t h, uint32_t d, uint32_t layers) {
    g->offset[L] = (int32_t)lv->offset;
    g->row_pitch[L] = (int32_t)(h > 1 ? lv->row_pitch : 0);
    g->layer_pitch[L] = (int32_t)(layers > 1 ? lv->layer_pitch : 0);
    g->slice_pitch[L] = (int32_t)(d > 1 ? lv->slice_pitch : 0);
    g->pow2 &= ((w & (w - 1)) | (h & (h - 1)) | (d & (d - 1))) == 0;
    g->w[L] = (int32_t)w, g->h[L] = (int32_t)h, g->d[L] = (int32_t)d;
    g->fw[L] = (float)w, g->fh[L] = (float)h, g->fd[L] = (float)d;
}

bool tuE_fast_geometry(const tu_surface *s, uint32_t levels, tuK_geom *g, bool validated) {
    if (!s->data || s->layers == 0 || levels > TU_MAX_LEVELS) return false;
    const uint32_t bpp = tu_format_bytes(s->format);
    /* 2-byte texels are read as the 4 bytes ending with them, or, for a texel at byte 0 or
     * 1, as the first 4 bytes of memory: those must be there too. */
    if (bpp < 4 && s->size < 4) return false;
    /* The bit position of R, G, B, A in a little-endian 32-bit texel. */
    static const int32_t rgba[4] = {0, 8, 16, 24}, bgra[4] = {16, 8, 0, 24};
    const bool bgr = s->format == TU_FORMAT_B8G8R8A8_UNORM || s->format == TU_FORMAT_B8G8R8A8_SRGB;
    const int32_t *shift = bgr ? bgra : rgba;
    for (int c = 0; c < 4; c++)
        g->shift[c] = shift[c];
    g->data = (const uint8_t *)s->data;
    g->bpp = (int32_t)bpp;
    g->levels = (int32_t)levels;
    g->pow2 = true;
    g->layers = (int32_t)s->layers;
    /* tu_surface_validate already proved, per level, offset + the span of every row, slice,
     * sample and layer <= size (check_level); for a LINEAR surface that span is the sum
     * below plus a non-negative sample term, so the last texel ends inside size, and with
     * size <= 2^31 - 1 below 2^31 too: the per-level check below proves nothing more. */
    if (validated && s->tiling == TU_TILING_LINEAR && s->size <= INT32_MAX) {
        for (uint32_t L = 0; L < levels; L++) {
            uint32_t w, h, d;
            tuS_mip_extent(s, s->base_level + L, &w, &h, &d);
            store_level(g, L, &s->level[s->base_level + L], w, h, d, s->layers);
        }
        return true;
    }
    for (uint32_t L = 0; L < levels; L++) {
        uint32_t w, h, d;
        if (!tu_surface_level_extent(s, L, &w, &h, &d) || w == 0 || h == 0 || d == 0) return false;
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
            tuB_mul_u64(d - 1u, lv->slice_pitch, &t) && tuB_add_u64(last, t, &last) &&
            tuB_mul_u64(h - 1u, lv->row_pitch, &t) && tuB_add_u64(last, t, &last) &&
            tuB_add_u64(last, (uint64_t)(w - 1u) * bpp, &last) && tuB_add_u64(last, bpp, &last);
        if (!ok || last > s->size || last > INT32_MAX) return false;
        store_level(g, L, lv, w, h, d, s->layers);
    }
    return true;
}

/* The cube edge table of tuK_geom, derived from texel.c's own face selection. Face f has normal N
 * (axis f / 2, sign by f & 1) and the directions S and T its s and t grow along; probing
 * tuE_cube_face at N + e_k / 2 gives s = 1/2 + S_k / 4, t = 1/2 + T_k / 4. A texel one
 * beyond side k of f, at position c along it, is the direction N (1 - 1/n) + O + A a (O
 * the side's outward axis, -S, S, -T or T; A the axis along the side; a = (c + 1/2) / n * 2
 * - 1), which texel.c's adjacent_texel folds onto face O, with no tie between axes. There
 * its coordinate along S' is S'.N (1 - 1/n) + S'.A a: one of the two terms is +-1 times
 * its factor, giving x = n - 1, 0, c or n - 1 - c; likewise y along T'. The kernels'
 * results on every side are tested against the generic path (tests/test_fast.c). */
/* The table tuE_cube_edge_table derives, as constants, so that binding a cube costs no
 * face selections (tests/test_fast.c derives it again and compares). */
/* Padded to 32 entries for the kernels' two-register permute (vi_lookup32). */
const int32_t tuE_cube_edges[32] = {0x214, 0x205, 0x312, 0x213, 0x215, 0x204, 0x202, 0x303,
                                    0x021, 0x030, 0x035, 0x024, 0x131, 0x120, 0x124, 0x135,
                                    0x211, 0x200, 0x122, 0x023, 0x210, 0x201, 0x032, 0x133};

void tuE_cube_edge_table(int32_t table[24]) {
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

/* The sRGB decode of each 8-bit code, as tu_format_decode gives it (srgb_eotf in double,
 * then rounded to float): a table, because the decode's pow costs more than a whole binding
 * would; tests/test_fast.c checks every entry against tu_format_decode of both sRGB formats. */
const float tuE_srgb8_decode[256] = {
    0x0p+0f,         0x1.3e4568p-12f, 0x1.3e4568p-11f, 0x1.dd681cp-11f, 0x1.3e4568p-10f,
    0x1.8dd6c2p-10f, 0x1.dd681cp-10f, 0x1.167cbap-9f,  0x1.3e4568p-9f,  0x1.660e14p-9f,
    0x1.8dd6c2p-9f,  0x1.b6a31cp-9f,  0x1.e1e31ep-9f,  0x1.07c38cp-8f,  0x1.1fcc2cp-8f,
    0x1.390ffap-8f,  0x1.53936cp-8f,  0x1.6f5adep-8f,  0x1.8c6a94p-8f,  0x1.aac6cp-8f,
    0x1.ca7382p-8f,  0x1.eb74e2p-8f,  0x1.06e76cp-7f,  0x1.18c2a6p-7f,  0x1.2b4e0ap-7f,
    0x1.3e8b7cp-7f,  0x1.527cd6p-7f,  0x1.6723eep-7f,  0x1.7c8292p-7f,  0x1.929a88p-7f,
    0x1.a96d92p-7f,  0x1.c0fd68p-7f,  0x1.d94bbep-7f,  0x1.f25a44p-7f,  0x1.061552p-6f,
    0x1.135f3ep-6f,  0x1.210bb8p-6f,  0x1.2f1b8cp-6f,  0x1.3d8f84p-6f,  0x1.4c6866p-6f,
    0x1.5ba6fap-6f,  0x1.6b4c04p-6f,  0x1.7b5842p-6f,  0x1.8bcc74p-6f,  0x1.9ca958p-6f,
    0x1.adefaap-6f,  0x1.bfa02p-6f,   0x1.d1bb74p-6f,  0x1.e4425ap-6f,  0x1.f73586p-6f,
    0x1.054ad4p-5f,  0x1.0f31bap-5f,  0x1.194fccp-5f,  0x1.23a55ep-5f,  0x1.2e32c8p-5f,
    0x1.38f86p-5f,   0x1.43f678p-5f,  0x1.4f2d64p-5f,  0x1.5a9d76p-5f,  0x1.664702p-5f,
    0x1.722a56p-5f,  0x1.7e47c8p-5f,  0x1.8a9fa4p-5f,  0x1.97323ap-5f,  0x1.a3ffd8p-5f,
    0x1.b108dp-5f,   0x1.be4d6cp-5f,  0x1.cbcdfap-5f,  0x1.d98ac6p-5f,  0x1.e7841cp-5f,
    0x1.f5ba48p-5f,  0x1.0216cap-4f,  0x1.096f26p-4f,  0x1.10e65cp-4f,  0x1.187c9p-4f,
    0x1.2031e8p-4f,  0x1.280688p-4f,  0x1.2ffa92p-4f,  0x1.380e2ap-4f,  0x1.404174p-4f,
    0x1.489494p-4f,  0x1.5107acp-4f,  0x1.599adep-4f,  0x1.624e4ep-4f,  0x1.6b221ep-4f,
    0x1.74167p-4f,   0x1.7d2b66p-4f,  0x1.86612p-4f,   0x1.8fb7cp-4f,   0x1.992f68p-4f,
    0x1.a2c83ap-4f,  0x1.ac8256p-4f,  0x1.b65ddcp-4f,  0x1.c05aecp-4f,  0x1.ca79a8p-4f,
    0x1.d4ba3p-4f,   0x1.df1ca2p-4f,  0x1.e9a12p-4f,   0x1.f447cap-4f,  0x1.ff10bcp-4f,
    0x1.04fe0cp-3f,  0x1.0a84fep-3f,  0x1.101d44p-3f,  0x1.15c6eep-3f,  0x1.1b8208p-3f,
    0x1.214ea6p-3f,  0x1.272cd4p-3f,  0x1.2d1ca2p-3f,  0x1.331e1ep-3f,  0x1.393158p-3f,
    0x1.3f566p-3f,   0x1.458d42p-3f,  0x1.4bd60ep-3f,  0x1.5230d4p-3f,  0x1.589dap-3f,
    0x1.5f1c84p-3f,  0x1.65ad8ap-3f,  0x1.6c50c4p-3f,  0x1.73063ep-3f,  0x1.79ce06p-3f,
    0x1.80a82ep-3f,  0x1.8794cp-3f,   0x1.8e93ccp-3f,  0x1.95a55ep-3f,  0x1.9cc986p-3f,
    0x1.a40052p-3f,  0x1.ab49cep-3f,  0x1.b2a60ap-3f,  0x1.ba1512p-3f,  0x1.c196f4p-3f,
    0x1.c92bbep-3f,  0x1.d0d37cp-3f,  0x1.d88e3ep-3f,  0x1.e05c0ep-3f,  0x1.e83cfcp-3f,
    0x1.f03116p-3f,  0x1.f83866p-3f,  0x1.00297ep-2f,  0x1.044072p-2f,  0x1.086116p-2f,
    0x1.0c8b7p-2f,   0x1.10bf86p-2f,  0x1.14fd6p-2f,   0x1.194502p-2f,  0x1.1d9676p-2f,
    0x1.21f1bep-2f,  0x1.2656e4p-2f,  0x1.2ac5ecp-2f,  0x1.2f3edep-2f,  0x1.33c1cp-2f,
    0x1.384e98p-2f,  0x1.3ce56cp-2f,  0x1.418642p-2f,  0x1.46312p-2f,   0x1.4ae60ep-2f,
    0x1.4fa51p-2f,   0x1.546e2cp-2f,  0x1.59416cp-2f,  0x1.5e1edp-2f,   0x1.630664p-2f,
    0x1.67f82ap-2f,  0x1.6cf428p-2f,  0x1.71fa68p-2f,  0x1.770aecp-2f,  0x1.7c25bcp-2f,
    0x1.814adcp-2f,  0x1.867a54p-2f,  0x1.8bb428p-2f,  0x1.90f86p-2f,   0x1.9647p-2f,
    0x1.9ba01p-2f,   0x1.a10394p-2f,  0x1.a67192p-2f,  0x1.abea1p-2f,   0x1.b16d14p-2f,
    0x1.b6faa4p-2f,  0x1.bc92c6p-2f,  0x1.c2357ep-2f,  0x1.c7e2d2p-2f,  0x1.cd9acap-2f,
    0x1.d35d6ap-2f,  0x1.d92ab6p-2f,  0x1.df02b8p-2f,  0x1.e4e57p-2f,   0x1.ead2e8p-2f,
    0x1.f0cb26p-2f,  0x1.f6ce2cp-2f,  0x1.fcdcp-2f,    0x1.017a56p-1f,  0x1.048c18p-1f,
    0x1.07a34ap-1f,  0x1.0abfeep-1f,  0x1.0de208p-1f,  0x1.11099ap-1f,  0x1.1436a8p-1f,
    0x1.176932p-1f,  0x1.1aa13ep-1f,  0x1.1ddecap-1f,  0x1.2121dep-1f,  0x1.246a7ap-1f,
    0x1.27b8ap-1f,   0x1.2b0c54p-1f,  0x1.2e6598p-1f,  0x1.31c46ep-1f,  0x1.3528dcp-1f,
    0x1.3892ep-1f,   0x1.3c028p-1f,   0x1.3f77bcp-1f,  0x1.42f29ap-1f,  0x1.467318p-1f,
    0x1.49f93ep-1f,  0x1.4d850ap-1f,  0x1.511682p-1f,  0x1.54ada4p-1f,  0x1.584a78p-1f,
    0x1.5becfep-1f,  0x1.5f9538p-1f,  0x1.634328p-1f,  0x1.66f6d4p-1f,  0x1.6ab03ap-1f,
    0x1.6e6f6p-1f,   0x1.723448p-1f,  0x1.75fef4p-1f,  0x1.79cf64p-1f,  0x1.7da59ep-1f,
    0x1.8181a4p-1f,  0x1.856378p-1f,  0x1.894b1cp-1f,  0x1.8d3892p-1f,  0x1.912bdep-1f,
    0x1.9525p-1f,    0x1.9923fep-1f,  0x1.9d28d8p-1f,  0x1.a13392p-1f,  0x1.a5442cp-1f,
    0x1.a95aacp-1f,  0x1.ad771p-1f,   0x1.b1995ep-1f,  0x1.b5c198p-1f,  0x1.b9efbep-1f,
    0x1.be23d4p-1f,  0x1.c25ddep-1f,  0x1.c69ddcp-1f,  0x1.cae3d2p-1f,  0x1.cf2fcp-1f,
    0x1.d381aap-1f,  0x1.d7d994p-1f,  0x1.dc377ep-1f,  0x1.e09b6ap-1f,  0x1.e5055cp-1f,
    0x1.e97556p-1f,  0x1.edeb5cp-1f,  0x1.f2676cp-1f,  0x1.f6e98cp-1f,  0x1.fb71bcp-1f,
    0x1p+0f};

/* --- instruction sets ---------------------------------------------------------------------- */

static bool cpu_has(tu_isa isa) {
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    switch (isa) {
    case TU_ISA_AVX2: return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
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
    return build_of(isa)->fn[0][0] != NULL && cpu_has(isa);
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

/* A kernel of a build: in the avx2 build, the 2D sampling kernels with two registers a value
 * where the compiler made them (kernels_avx2_pairs.c: a SIMD16 message in one pass, its two
 * halves' loads interleaved; the loads, whose short chains gain nothing from that, keep one
 * register, which spills less). */
static tuK_fn kernel_of(const tuK_set *build, unsigned kernel, unsigned filter) {
    if (build == &tuK_avx2 && tuK_avx2_pairs.fn[kernel][filter])
        return tuK_avx2_pairs.fn[kernel][filter];
    return build->fn[kernel][filter];
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
                 build_of(isa)->fn[0][0] ? "this CPU lacks it"
                                         : "this build has no kernels for it");
    *out = build_of(isa);
    return TU_OK;
}

/* --- the table ---------------------------------------------------------------------------- */

/* What every row needs to read memory directly: a linear 2D surface, no residency map,
 * and every texel of the view inside memory; and what the sampling rows need of the
 * sampler and the message. */
#define TUE_FAST_DIRECT_2D \
    (TUE_FAST_SURF_2D | TUE_FAST_TILING_LINEAR | TUE_FAST_RESIDENT | TUE_FAST_IN_BOUNDS)
#define TUE_FAST_FILTER                                                                 \
    (TUE_FAST_AVERAGE | TUE_FAST_ISOTROPIC | TUE_FAST_NORMALIZED | TUE_FAST_BORDER_OK | \
     TUE_FAST_FULL_SOURCES)

/* Cube maps: the same, but the address modes only matter at the edges. */
#define TUE_FAST_DIRECT_CUBE \
    (TUE_FAST_SURF_CUBE | TUE_FAST_TILING_LINEAR | TUE_FAST_RESIDENT | TUE_FAST_IN_BOUNDS)
#define TUE_FAST_FILTER_CUBE \
    (TUE_FAST_AVERAGE | TUE_FAST_ISOTROPIC | TUE_FAST_NORMALIZED | TUE_FAST_FULL_SOURCES)

/* First match wins; no row's flags may contain an earlier row's (tests/test_fast.c). */
#define TUE_FAST_SAMPLE_2D (TUE_FAST_OP_SAMPLE | TUE_FAST_DIRECT_2D | TUE_FAST_FILTER)
#define TUE_FAST_LOAD_2D   (TUE_FAST_OP_LOAD | TUE_FAST_DIRECT_2D)
#define TUE_FAST_GATHER_2D (TUE_FAST_OP_GATHER | TUE_FAST_DIRECT_2D | TUE_FAST_FILTER)
#define TUE_FAST_DIRECT_1D \
    (TUE_FAST_SURF_1D | TUE_FAST_TILING_LINEAR | TUE_FAST_RESIDENT | TUE_FAST_IN_BOUNDS)
#define TUE_FAST_SAMPLE_1D (TUE_FAST_OP_SAMPLE | TUE_FAST_DIRECT_1D | TUE_FAST_FILTER)
#define TUE_FAST_LOAD_1D   (TUE_FAST_OP_LOAD | TUE_FAST_DIRECT_1D)
#define TUE_FAST_SAMPLE_3D                                                                \
    (TUE_FAST_OP_SAMPLE | TUE_FAST_SURF_3D | TUE_FAST_TILING_LINEAR | TUE_FAST_RESIDENT | \
     TUE_FAST_IN_BOUNDS | TUE_FAST_FILTER)
/* Cube maps: lanes whose footprint crosses a corner, or an edge without seamless
 * filtering, run the generic path (kernels_body.h). */
#define TUE_FAST_SAMPLE_CUBE \
    (TUE_FAST_OP_SAMPLE | TUE_FAST_LOD_GIVEN | TUE_FAST_DIRECT_CUBE | TUE_FAST_FILTER_CUBE)
const tuE_fast_row tuE_fast_table[] = {
    {TUE_FAST_SAMPLE_2D | TUE_FAST_RGBA8, TUK_SAMPLE_RGBA8_2D, "sample_2d_rgba8"},
    {TUE_FAST_SAMPLE_2D | TUE_FAST_SRGBA8, TUK_SAMPLE_SRGBA8_2D, "sample_2d_srgba8"},
    {TUE_FAST_SAMPLE_2D | TUE_FAST_RGBA32F, TUK_SAMPLE_RGBA32F_2D, "sample_2d_rgba32f"},
    {TUE_FAST_SAMPLE_2D | TUE_FAST_RGBA16F, TUK_SAMPLE_RGBA16F_2D, "sample_2d_rgba16f"},
    {TUE_FAST_SAMPLE_2D | TUE_FAST_R32F, TUK_SAMPLE_R32F_2D, "sample_2d_r32f"},
    {TUE_FAST_OP_SAMPLE_C | TUE_FAST_DIRECT_2D | TUE_FAST_FILTER | TUE_FAST_D32,
     TUK_SAMPLE_C_D32_2D, "sample_c_2d_d32"},
    {TUE_FAST_SAMPLE_2D | TUE_FAST_R16, TUK_SAMPLE_R16_2D, "sample_2d_r16"},
    {TUE_FAST_OP_SAMPLE_C | TUE_FAST_DIRECT_2D | TUE_FAST_FILTER | TUE_FAST_D16,
     TUK_SAMPLE_C_D16_2D, "sample_c_2d_d16"},
    {TUE_FAST_SAMPLE_2D | TUE_FAST_RG16F, TUK_SAMPLE_RG16F_2D, "sample_2d_rg16f"},
    {TUE_FAST_SAMPLE_2D | TUE_FAST_RGBA16, TUK_SAMPLE_RGBA16_2D, "sample_2d_rgba16"},
    {TUE_FAST_SAMPLE_2D | TUE_FAST_B10G11R11, TUK_SAMPLE_B10G11R11_2D, "sample_2d_b10g11r11"},
    {TUE_FAST_SAMPLE_2D | TUE_FAST_RGB9E5, TUK_SAMPLE_RGB9E5_2D, "sample_2d_rgb9e5"},
    {TUE_FAST_SAMPLE_2D | TUE_FAST_R16F, TUK_SAMPLE_R16F_2D, "sample_2d_r16f"},
    {TUE_FAST_SAMPLE_2D | TUE_FAST_RG32F, TUK_SAMPLE_RG32F_2D, "sample_2d_rg32f"},
    {TUE_FAST_SAMPLE_2D | TUE_FAST_RG16, TUK_SAMPLE_RG16_2D, "sample_2d_rg16"},
    {TUE_FAST_SAMPLE_2D | TUE_FAST_RGB10A2, TUK_SAMPLE_RGB10A2_2D, "sample_2d_rgb10a2"},
    {TUE_FAST_LOAD_2D | TUE_FAST_RGBA8, TUK_LD_RGBA8_2D, "ld_2d_rgba8"},
    {TUE_FAST_LOAD_2D | TUE_FAST_SRGBA8, TUK_LD_SRGBA8_2D, "ld_2d_srgba8"},
    {TUE_FAST_LOAD_2D | TUE_FAST_RGBA32F, TUK_LD_RGBA32F_2D, "ld_2d_rgba32f"},
    {TUE_FAST_LOAD_2D | TUE_FAST_RGBA16F, TUK_LD_RGBA16F_2D, "ld_2d_rgba16f"},
    {TUE_FAST_LOAD_2D | TUE_FAST_R32F, TUK_LD_R32F_2D, "ld_2d_r32f"},
    {TUE_FAST_LOAD_2D | TUE_FAST_RG16F, TUK_LD_RG16F_2D, "ld_2d_rg16f"},
    {TUE_FAST_LOAD_2D | TUE_FAST_RGBA16, TUK_LD_RGBA16_2D, "ld_2d_rgba16"},
    {TUE_FAST_LOAD_2D | TUE_FAST_R16, TUK_LD_R16_2D, "ld_2d_r16"},
    {TUE_FAST_LOAD_2D | TUE_FAST_B10G11R11, TUK_LD_B10G11R11_2D, "ld_2d_b10g11r11"},
    {TUE_FAST_LOAD_2D | TUE_FAST_RGB9E5, TUK_LD_RGB9E5_2D, "ld_2d_rgb9e5"},
    {TUE_FAST_LOAD_2D | TUE_FAST_R16F, TUK_LD_R16F_2D, "ld_2d_r16f"},
    {TUE_FAST_LOAD_2D | TUE_FAST_RG32F, TUK_LD_RG32F_2D, "ld_2d_rg32f"},
    {TUE_FAST_LOAD_2D | TUE_FAST_RG16, TUK_LD_RG16_2D, "ld_2d_rg16"},
    {TUE_FAST_LOAD_2D | TUE_FAST_RGB10A2, TUK_LD_RGB10A2_2D, "ld_2d_rgb10a2"},
    {TUE_FAST_GATHER_2D | TUE_FAST_RGBA8, TUK_GATHER_RGBA8_2D, "gather_2d_rgba8"},
    {TUE_FAST_GATHER_2D | TUE_FAST_SRGBA8, TUK_GATHER_SRGBA8_2D, "gather_2d_srgba8"},
    {TUE_FAST_GATHER_2D | TUE_FAST_RGBA32F, TUK_GATHER_RGBA32F_2D, "gather_2d_rgba32f"},
    {TUE_FAST_GATHER_2D | TUE_FAST_RGBA16F, TUK_GATHER_RGBA16F_2D, "gather_2d_rgba16f"},
    {TUE_FAST_GATHER_2D | TUE_FAST_R32F, TUK_GATHER_R32F_2D, "gather_2d_r32f"},
    {TUE_FAST_GATHER_2D | TUE_FAST_R16, TUK_GATHER_R16_2D, "gather_2d_r16"},
    {TUE_FAST_GATHER_2D | TUE_FAST_RG16F, TUK_GATHER_RG16F_2D, "gather_2d_rg16f"},
    {TUE_FAST_GATHER_2D | TUE_FAST_RGBA16, TUK_GATHER_RGBA16_2D, "gather_2d_rgba16"},
    {TUE_FAST_GATHER_2D | TUE_FAST_B10G11R11, TUK_GATHER_B10G11R11_2D, "gather_2d_b10g11r11"},
    {TUE_FAST_GATHER_2D | TUE_FAST_RGB9E5, TUK_GATHER_RGB9E5_2D, "gather_2d_rgb9e5"},
    {TUE_FAST_GATHER_2D | TUE_FAST_R16F, TUK_GATHER_R16F_2D, "gather_2d_r16f"},
    {TUE_FAST_GATHER_2D | TUE_FAST_RG32F, TUK_GATHER_RG32F_2D, "gather_2d_rg32f"},
    {TUE_FAST_GATHER_2D | TUE_FAST_RG16, TUK_GATHER_RG16_2D, "gather_2d_rg16"},
    {TUE_FAST_GATHER_2D | TUE_FAST_RGB10A2, TUK_GATHER_RGB10A2_2D, "gather_2d_rgb10a2"},
    {TUE_FAST_OP_GATHER_C | TUE_FAST_DIRECT_2D | TUE_FAST_FILTER | TUE_FAST_D32,
     TUK_GATHER_C_D32_2D, "gather_c_2d_d32"},
    {TUE_FAST_OP_GATHER_C | TUE_FAST_DIRECT_2D | TUE_FAST_FILTER | TUE_FAST_D16,
     TUK_GATHER_C_D16_2D, "gather_c_2d_d16"},
    {TUE_FAST_SAMPLE_1D | TUE_FAST_RGBA8, TUK_SAMPLE_RGBA8_1D, "sample_1d_rgba8"},
    {TUE_FAST_SAMPLE_1D | TUE_FAST_SRGBA8, TUK_SAMPLE_SRGBA8_1D, "sample_1d_srgba8"},
    {TUE_FAST_SAMPLE_1D | TUE_FAST_RGBA32F, TUK_SAMPLE_RGBA32F_1D, "sample_1d_rgba32f"},
    {TUE_FAST_SAMPLE_1D | TUE_FAST_RGBA16F, TUK_SAMPLE_RGBA16F_1D, "sample_1d_rgba16f"},
    {TUE_FAST_SAMPLE_1D | TUE_FAST_R32F, TUK_SAMPLE_R32F_1D, "sample_1d_r32f"},
    {TUE_FAST_LOAD_1D | TUE_FAST_RGBA8, TUK_LD_RGBA8_1D, "ld_1d_rgba8"},
    {TUE_FAST_LOAD_1D | TUE_FAST_RGBA32F, TUK_LD_RGBA32F_1D, "ld_1d_rgba32f"},
    {TUE_FAST_SAMPLE_3D | TUE_FAST_RGBA8, TUK_SAMPLE_RGBA8_3D, "sample_3d_rgba8"},
    {TUE_FAST_SAMPLE_3D | TUE_FAST_RGBA32F, TUK_SAMPLE_RGBA32F_3D, "sample_3d_rgba32f"},
    {TUE_FAST_SAMPLE_CUBE | TUE_FAST_RGBA8, TUK_SAMPLE_RGBA8_CUBE, "sample_cube_rgba8"},
    {TUE_FAST_SAMPLE_CUBE | TUE_FAST_SRGBA8, TUK_SAMPLE_SRGBA8_CUBE, "sample_cube_srgba8"},
    {TUE_FAST_SAMPLE_CUBE | TUE_FAST_RGBA32F, TUK_SAMPLE_RGBA32F_CUBE, "sample_cube_rgba32f"},
};

const unsigned tuE_fast_table_size = sizeof tuE_fast_table / sizeof tuE_fast_table[0];

const tuE_fast_row *tuE_fast_find(tuE_fast_flags flags) {
    for (unsigned i = 0; i < tuE_fast_table_size; i++)
        if ((tuE_fast_table[i].flags & flags) == tuE_fast_table[i].flags) return &tuE_fast_table[i];
    return NULL;
}

/* The flags any row could need from the message; a pair whose state flags meet no row
 * with them needs no geometry. */
#define TUE_FAST_MSG_FLAGS                                                               \
    (TUE_FAST_OP_SAMPLE | TUE_FAST_OP_SAMPLE_C | TUE_FAST_OP_LOAD | TUE_FAST_OP_GATHER | \
     TUE_FAST_OP_GATHER_C | TUE_FAST_FULL_SOURCES | TUE_FAST_LOD_GIVEN)

/* The op flags a message can have, at most one of them: a message key's bits 2:0 are 1 + the
 * index of its op flag here (0: none), bit 3 TUE_FAST_FULL_SOURCES, bit 4
 * TUE_FAST_LOD_GIVEN. */
static const tuE_fast_flags key_ops[] = {TUE_FAST_OP_SAMPLE, TUE_FAST_OP_SAMPLE_C, TUE_FAST_OP_LOAD,
                                         TUE_FAST_OP_GATHER, TUE_FAST_OP_GATHER_C};
enum { KEY_OPS = sizeof key_ops / sizeof key_ops[0], KEYS = 32 };

static unsigned msg_key(tuE_fast_flags f) {
    unsigned op = 0;
    for (unsigned i = 0; i < KEY_OPS; i++)
        if (f & key_ops[i]) op = i + 1;
    return op | (f & TUE_FAST_FULL_SOURCES ? 8u : 0u) | (f & TUE_FAST_LOD_GIVEN ? 16u : 0u);
}

/* The message flags of a msg_key. */
static tuE_fast_flags key_flags(unsigned key) {
    const unsigned op = key & 7;
    return (op ? key_ops[op - 1] : 0) | (key & 8 ? TUE_FAST_FULL_SOURCES : 0) |
           (key & 16 ? TUE_FAST_LOD_GIVEN : 0);
}

tu_status tuE_fast_prepare(const tu_surface *s, const tu_sampler *smp, tu_isa isa, tuE_fast_prep *p,
                           tu_error *err) {
    TU_TRY(tuE_kernels_for(isa, &p->kernels, err));
    p->state_flags = tuE_fast_state_flags(s, smp);
    p->filter = tuK_filter_of(smp);
    memset(p->row_for, -1, sizeof p->row_for);
    memset(p->fn_for, 0, sizeof p->fn_for); /* NULL: no kernel where no row */
    /* The geometry costs a loop over the view's levels: only when a row could match. */
    const tuE_fast_row *could =
        tuE_fast_find(p->state_flags | TUE_FAST_MSG_FLAGS | TUE_FAST_IN_BOUNDS);
    if (!could || !tuE_fast_geometry(s, s->level_count, &p->geom, true)) return TU_OK;
    p->state_flags |= TUE_FAST_IN_BOUNDS;
    p->geom.cube_edge = tuE_cube_edges;
    p->geom.srgb = tuE_srgb8_decode;
    /* Read only by rows with CLAMP_BORDER (kernels_body.h k_border). */
    if (smp->address[0] == TU_ADDRESS_CLAMP_BORDER || smp->address[1] == TU_ADDRESS_CLAMP_BORDER ||
        smp->address[2] == TU_ADDRESS_CLAMP_BORDER)
        tuE_fast_border(s, smp, p->geom.border);
    else
        memset(p->geom.border, 0, sizeof p->geom.border);
    /* The row for each combination of message flags, found once per binding: every row
     * needs TUE_FAST_IN_BOUNDS, and a message has at most one of the op flags. */
    int8_t by_key[KEYS];
    memset(by_key, -1, sizeof by_key);
    for (unsigned key = 0; key < KEYS; key++) {
        const unsigned opk = key & 7;
        if (opk == 0 || opk > KEY_OPS) continue;
        const tuE_fast_row *row = tuE_fast_find(p->state_flags | key_flags(key));
        if (row) by_key[key] = (int8_t)(row - tuE_fast_table);
    }
    /* Per op and sources, so that a message finds its row and kernel with one look-up. */
    for (unsigned o = 0; o < TU_OP_COUNT; o++)
        for (unsigned full = 0; full < 2; full++) {
            const int8_t r = by_key[msg_key(tuE_fast_op_flags(tu_op_describe((tu_op)o), !full))];
            p->row_for[o][full] = r;
            p->fn_for[o][full] =
                r < 0 ? NULL : kernel_of(p->kernels, tuE_fast_table[r].kernel, p->filter);
        }
    return TU_OK;
}

const char *tuE_fast_run_prepared(const tu_binding *b, const tuE_fast_prep *p, const tu_msg *msg,
                                  const tu_op_info *op, tu_reply *reply) {
    const unsigned full = !(msg->flags & TU_MSG_HALF_SOURCES);
    const tuK_fn kernel = p->fn_for[msg->op][full];
    if (!kernel) return NULL;
    const tuK_args args = {msg, op, b};
    kernel(&args, &p->geom, reply);
    return tuE_fast_table[p->row_for[msg->op][full]].name;
}
