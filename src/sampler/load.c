/* SPDX-License-Identifier: MIT */
/*
 * load.c - the integer-coordinate operations: ld, ld_lz, ld_l, ld_mcs and ld2dms_w
 * (vISA spec, 3D_LOAD), and the surface queries resinfo and sampleinfo
 * (vISA spec, INFO).
 *
 * u, v, r mean what vISA spec, 3D_LOAD, U, V and R say per surface type: 1D x (v ignored);
 * 1D array x and layer v; 2D x, y; 2D array x, y, layer r; 3D x, y, z. Cube surfaces read as
 * 2D arrays of faces: r = 6 * cube + face (docs/semantics.md). Immediate offsets add to the
 * texel coordinates (not to array indices). Anything outside the view, in x, y, z, layer or
 * LOD, reads as a zero texel: zeros with the components the format lacks filled as format
 * conversion says (Vulkan robustImageAccess2). The sample index is clamped to the surface's
 * sample count (vISA spec, 3D_LOAD, Si).
 */
#include "engine.h"

#include <string.h>

/* The texel position a load addresses, or false when it lies outside the view. */
static bool load_position(const tuE_ctx *ctx, unsigned l, tu_texel_coord *c) {
    const tu_msg *m = ctx->msg;
    const tu_surface *s = ctx->surf;
    const int64_t u = m->src[TU_SRC_U].i[l], v = m->src[TU_SRC_V].i[l], r = m->src[TU_SRC_R].i[l];
    const int64_t lod = ctx->op->lod == TU_LOD_ZERO ? 0 : m->src[TU_SRC_LOD].i[l];
    int64_t x = u + m->offset[0], y = 0, z = 0, layer = 0;
    switch (s->type) {
    case TU_SURFACE_1D:
    case TU_SURFACE_BUFFER: layer = s->arrayed ? v : 0; break;
    case TU_SURFACE_2D:
        y = v + m->offset[1];
        layer = s->arrayed ? r : 0;
        break;
    case TU_SURFACE_3D:
        y = v + m->offset[1];
        z = r + m->offset[2];
        break;
    case TU_SURFACE_CUBE:
        y = v + m->offset[1];
        layer = r;
        break;
    }
    if (lod < 0 || lod >= ctx->levels) return false;
    const tuE_level *lv = &ctx->level[lod];
    if (x < 0 || x >= lv->w || y < 0 || y >= lv->h || z < 0 || z >= lv->d || layer < 0 ||
        layer >= s->layers)
        return false;
    *c = (tu_texel_coord){(uint32_t)x, (uint32_t)y, (uint32_t)z, (uint32_t)layer, (uint32_t)lod, 0};
    return true;
}

/* MCS bits per sample (Mesa isl_format_layout.csv, MCS_2X..MCS_16X): 1, 2, 3, 4 for 2x, 4x, 8x,
 * 16x. */
static unsigned mcs_bits(uint32_t samples) {
    return samples == 2 ? 1 : samples == 4 ? 2 : samples == 8 ? 3 : 4;
}

/* The all-ones MCS value that marks a pixel holding the clear colour (blorp's
 * blorp_nir_mcs_is_clear_color: 2x masks the low two bits, 4x compares 8 bits, 8x 32 bits,
 * 16x all 64). */
static bool mcs_is_clear(uint64_t mcs, uint32_t samples) {
    switch (samples) {
    case 2: return (mcs & 0x3) == 0x3;
    case 4: return (mcs & 0xff) == 0xff;
    case 8: return (mcs & 0xffffffffu) == 0xffffffffu;
    default: return mcs == ~(uint64_t)0;
    }
}

static void zero_texel(const tuE_ctx *ctx, tu_texel *out) {
    static const uint8_t zero[16];
    ctx->decode(ctx->fd, zero, out);
}

void tuE_load_lane(const tuE_ctx *ctx, tuE_lane *lane, unsigned l, tu_texel *out) {
    const tu_msg *m = ctx->msg;
    const tu_surface *s = ctx->surf;
    tu_texel_coord c;
    const bool inside = load_position(ctx, l, &c);
    if (ctx->op->flags & TU_OPF_MCS) { /* ld_mcs: the pixel's MCS value as R (low), G (high) */
        memset(out, 0, sizeof *out);
        if (!inside || !s->mcs) return; /* no MCS surface: 0 (vISA spec, 3D_LOAD) */
        tu_texel t;
        tuE_fetch_mcs(s->mcs, lane, &c, &t);
        out->u[0] = t.u[0];
        out->u[1] = tu_format_describe(s->mcs->format)->channel_count > 1 ? t.u[1] : 0;
        return;
    }
    if (!inside) {
        zero_texel(ctx, out);
        return;
    }
    if (ctx->op->flags & TU_OPF_MS) { /* ld2dms_w: logical sample si through the MCS */
        uint32_t si = m->src[TU_SRC_SI].u[l];
        if (si >= s->samples) si = s->samples - 1;
        if (s->mcs) {
            const uint64_t mcs =
                (uint64_t)m->src[TU_SRC_MCSH].u[l] << 32 | m->src[TU_SRC_MCSL].u[l];
            if (mcs_is_clear(mcs, s->samples)) {
                *out = s->clear_color;
                return;
            }
            const unsigned b = mcs_bits(s->samples);
            si = (uint32_t)(mcs >> (si * b)) & ((1u << b) - 1);
        }
        c.sample = si;
    }
    tuE_read(ctx, lane, c.level, c.layer, c.x, c.y, c.z, c.sample, out);
}

/* resinfo and sampleinfo (vISA spec, INFO). The table's Width+1 etc. are the sizes of
 * level 0 of the view; a level's size is max(1, size >> lod) as in every mip chain; a LOD
 * outside the view returns 0 sizes. A is the MIP count (levels of the view). CUBE returns
 * width, height and the number of cubes; BUFFER its size in elements (docs/semantics.md). */
void tuE_info_lane(const tuE_ctx *ctx, unsigned l, tu_texel *out) {
    const tu_surface *s = ctx->surf;
    memset(out, 0, sizeof *out);
    if (ctx->op->flags & TU_OPF_SAMPLES) {
        out->u[0] = s->samples; /* A: sample position palette index 0 (the standard one) */
        return;
    }
    out->u[3] = ctx->levels;
    uint32_t w, h, d;
    const uint32_t lod = ctx->msg->src[TU_SRC_LOD].u[l];
    if (lod >= ctx->levels || !tu_surface_level_extent(s, lod, &w, &h, &d)) return;
    out->u[0] = w;
    switch (s->type) {
    case TU_SURFACE_1D: out->u[1] = s->arrayed ? s->layers : 0; break;
    case TU_SURFACE_2D: out->u[1] = h, out->u[2] = s->arrayed ? s->layers : 0; break;
    case TU_SURFACE_3D: out->u[1] = h, out->u[2] = d; break;
    case TU_SURFACE_CUBE: out->u[1] = h, out->u[2] = s->layers / 6; break;
    case TU_SURFACE_BUFFER: break;
    }
}
