/*
 * load.c - ld and ld_lz: integer-coordinate texel fetch (spec/visa-3d-load.md).
 *
 * u, v, r mean what the seed's table says per surface type: 1D x (v ignored); 1D array
 * x and layer v; 2D x, y; 2D array x, y, layer r; 3D x, y, z. Cube surfaces read as 2D
 * arrays of faces: r = 6 * cube + face (docs/semantics.md). Immediate offsets add to the
 * texel coordinates (not to array indices). Anything outside the view, in x, y, z, layer
 * or LOD, reads as a zero texel: zeros with the components the format lacks filled as
 * format conversion says (Vulkan robustImageAccess2; DESIGN.md §4).
 */
#include "engine.h"

#include <string.h>

void tuE_load_lane(const tuE_ctx *ctx, tuE_lane *lane, unsigned l, tu_texel *out) {
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
    uint32_t w, h, d;
    if (lod < 0 ||
        !tu_surface_level_extent(s, (uint32_t)(lod > UINT32_MAX ? UINT32_MAX : lod), &w, &h, &d) ||
        x < 0 || x >= w || y < 0 || y >= h || z < 0 || z >= d || layer < 0 || layer >= s->layers) {
        uint8_t zero[16];
        memset(zero, 0, sizeof zero);
        tu_format_decode(s->format, zero, out);
        return;
    }
    tuE_texel(ctx, lane, (uint32_t)lod, (uint32_t)layer, (uint32_t)x, (uint32_t)y, (uint32_t)z,
              0.0f, out);
}
