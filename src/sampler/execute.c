/* SPDX-License-Identifier: MIT */
/*
 * execute.c - tu_bind: validate a surface and a sampler once and prepare what the hot path
 * needs; tu_execute_bound: check a message against the binding, then run it through the
 * fast-path table or each enabled lane of the generic path, and write the reply;
 * tu_execute: bind, then run. The op table and the sampler defaults live here.
 */
#include "engine.h"
#include "fast.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

static const tu_op_info op_table[TU_OP_COUNT] = {
#define TU_OP_ROW_(name, kind, lod, flags) \
    [TU_OP_##name] = {#name, TU_KIND_##kind, TU_LOD_##lod, flags},
    TU_OP_LIST(TU_OP_ROW_)
#undef TU_OP_ROW_
};

const tu_op_info *tu_op_describe(tu_op op) {
    return (unsigned)op < TU_OP_COUNT ? &op_table[op] : NULL;
}

#define BIT(s) (1u << TU_SRC_##s)

uint32_t tu_op_sources(tu_op op, tu_surface_type type, bool arrayed) {
    const tu_op_info *info = tu_op_describe(op);
    if (!info) return 0;
    if (info->kind == TU_KIND_INFO) return info->lod == TU_LOD_EXPLICIT ? BIT(LOD) : 0;
    uint32_t m = BIT(U);
    /* The coordinate table of vISA spec, 3D_SAMPLE (sample) and 3D_LOAD (load). */
    switch (type) {
    case TU_SURFACE_1D:
    case TU_SURFACE_BUFFER: m |= arrayed ? BIT(V) : 0; break;
    case TU_SURFACE_2D: m |= BIT(V) | (arrayed ? BIT(R) : 0); break;
    case TU_SURFACE_3D: m |= BIT(V) | BIT(R); break;
    case TU_SURFACE_CUBE:
        m |= BIT(V) | BIT(R) | (arrayed && info->kind != TU_KIND_LOAD ? BIT(AI) : 0);
        break;
    }
    if (info->flags & TU_OPF_COMPARE) m |= BIT(REF);
    if (info->flags & TU_OPF_PO) m |= BIT(OFFU) | BIT(OFFV) | BIT(OFFR);
    if (info->flags & TU_OPF_MS) m |= BIT(SI) | BIT(MCSL) | BIT(MCSH);
    switch (info->lod) {
    case TU_LOD_BIAS: m |= BIT(BIAS); break;
    case TU_LOD_EXPLICIT: m |= BIT(LOD); break;
    case TU_LOD_GRAD:
        m |= BIT(DUDX) | BIT(DUDY);
        if (type != TU_SURFACE_1D && type != TU_SURFACE_BUFFER) m |= BIT(DVDX) | BIT(DVDY);
        if (type == TU_SURFACE_3D || type == TU_SURFACE_CUBE) m |= BIT(DRDX) | BIT(DRDY);
        break;
    default: break;
    }
    return m;
}

tu_sampler tu_sampler_default(void) {
    tu_sampler s;
    memset(&s, 0, sizeof s);
    s.min_filter = s.mag_filter = TU_FILTER_NEAREST;
    s.mip_filter = TU_MIP_NONE;
    s.address[0] = s.address[1] = s.address[2] = TU_ADDRESS_WRAP;
    s.compare = TU_COMPARE_OFF;
    s.reduction = TU_REDUCTION_AVERAGE;
    s.precision = TU_PRECISION_HW;
    s.seamless_cube = true;
    s.min_lod = 0.0f;
    s.max_lod = 1000.0f;
    return s;
}

tu_status tu_sampler_validate(const tu_sampler *s, tu_error *err) {
    TU_RETURN_IF(!s, err, TU_INVALID_ARGUMENT, "sampler is NULL");
    TU_RETURN_IF(s->min_filter > TU_FILTER_LINEAR, err, TU_INVALID_ARGUMENT,
                 "sampler min_filter %u is not NEAREST (0) or LINEAR (1)", s->min_filter);
    TU_RETURN_IF(s->mag_filter > TU_FILTER_LINEAR, err, TU_INVALID_ARGUMENT,
                 "sampler mag_filter %u is not NEAREST (0) or LINEAR (1)", s->mag_filter);
    TU_RETURN_IF(s->mip_filter > TU_MIP_LINEAR, err, TU_INVALID_ARGUMENT,
                 "sampler mip_filter %u is not NONE (0), NEAREST (1) or LINEAR (2)", s->mip_filter);
    TU_RETURN_IF(s->max_anisotropy > 16, err, TU_INVALID_ARGUMENT,
                 "sampler max_anisotropy %u is not in 0..16", s->max_anisotropy);
    for (int a = 0; a < 3; a++)
        TU_RETURN_IF(s->address[a] > TU_ADDRESS_CUBE, err, TU_INVALID_ARGUMENT,
                     "sampler address[%d] %u is not a tu_address (0..5)", a, s->address[a]);
    TU_RETURN_IF(s->compare > TU_COMPARE_ALWAYS, err, TU_INVALID_ARGUMENT,
                 "sampler compare %u is not a tu_compare (0..8)", s->compare);
    TU_RETURN_IF(s->reduction > TU_REDUCTION_MAX, err, TU_INVALID_ARGUMENT,
                 "sampler reduction %u is not AVERAGE, MIN or MAX (0..2)", s->reduction);
    TU_RETURN_IF(s->precision > TU_PRECISION_EXACT, err, TU_INVALID_ARGUMENT,
                 "sampler precision %u is not HW (0) or EXACT (1)", s->precision);
    TU_RETURN_IF(!isfinite(s->lod_bias) || !isfinite(s->min_lod) || !isfinite(s->max_lod), err,
                 TU_INVALID_ARGUMENT, "sampler lod_bias %g, min_lod %g, max_lod %g must be finite",
                 (double)s->lod_bias, (double)s->min_lod, (double)s->max_lod);
    TU_RETURN_IF(s->min_lod > s->max_lod, err, TU_INVALID_ARGUMENT,
                 "sampler min_lod %g is greater than max_lod %g", (double)s->min_lod,
                 (double)s->max_lod);
    return TU_OK;
}

tu_status tu_msg_validate(const tu_msg *m, tu_error *err) {
    TU_RETURN_IF(!m, err, TU_INVALID_ARGUMENT, "message is NULL");
    const tu_op_info *info = tu_op_describe(m->op);
    TU_RETURN_IF(!info, err, TU_INVALID_ARGUMENT, "message op %d is not a tu_op (0..%d)",
                 (int)m->op, TU_OP_COUNT - 1);
    TU_RETURN_IF(m->simd < 1 || m->simd > TU_MAX_LANES, err, TU_INVALID_ARGUMENT,
                 "message simd %u is not in 1..32", m->simd);
    TU_RETURN_IF(m->channel_mask == 0 || m->channel_mask > 0xf, err, TU_INVALID_ARGUMENT,
                 "message channel_mask 0x%x must enable 1 to 4 of R, G, B, A (0x1..0xf)",
                 m->channel_mask);
    TU_RETURN_IF(m->gather_channel > 3, err, TU_INVALID_ARGUMENT,
                 "message gather_channel %u is not 0..3 (R, G, B, A)", m->gather_channel);
    static const char axis[] = "UVR";
    for (int a = 0; a < 3; a++)
        TU_RETURN_IF(m->offset[a] < -8 || m->offset[a] > 7, err, TU_INVALID_ARGUMENT,
                     "message offset %c %d is not in -8..7 (a 4-bit aoffimmi field)", axis[a],
                     m->offset[a]);
    TU_RETURN_IF(m->flags & ~(uint32_t)(TU_MSG_PIXEL_NULL_MASK | TU_MSG_CPS | TU_MSG_HALF_SOURCES),
                 err, TU_INVALID_ARGUMENT, "message flags 0x%x has unknown bits", m->flags);
    if (m->flags & TU_MSG_CPS) {
        TU_RETURN_IF(info->lod != TU_LOD_IMPLICIT && info->lod != TU_LOD_BIAS, err,
                     TU_INVALID_ARGUMENT,
                     "message flag CPS needs an implicit-LOD op, not %s (vISA spec, 3D_SAMPLE "
                     "Op bit 9)",
                     info->name);
        TU_RETURN_IF(m->cps_x < 1 || m->cps_x > 4 || m->cps_y < 1 || m->cps_y > 4, err,
                     TU_INVALID_ARGUMENT, "message coarse pixel size %ux%u is not in 1..4 x 1..4",
                     m->cps_x, m->cps_y);
    }
    return TU_OK;
}

/* What a valid message (tu_msg_validate; its op: info) can break of a surface and sampler. */
static tu_status check_msg(const tu_op_info *info, const tu_surface *s, const tu_sampler *smp,
                           tu_error *err) {
    if (info->flags & TU_OPF_COMPARE) {
        const tu_format_desc *fd = tu_format_describe(s->format);
        TU_RETURN_IF(!(fd->flags & TU_FORMAT_FLAG_DEPTH), err, TU_INVALID_ARGUMENT,
                     "op %s compares against depth, but surface format %s has no depth", info->name,
                     fd->name);
        TU_RETURN_IF(smp->compare == TU_COMPARE_OFF, err, TU_INVALID_ARGUMENT,
                     "op %s needs a sampler compare function, but sampler compare is OFF",
                     info->name);
    }
    if (tu_op_uses_sampler(info)) {
        TU_RETURN_IF(s->type == TU_SURFACE_BUFFER, err, TU_INVALID_ARGUMENT,
                     "op %s filters, but a BUFFER surface can only be loaded (LD)", info->name);
        TU_RETURN_IF(s->samples > 1, err, TU_INVALID_ARGUMENT,
                     "op %s filters, but the surface has %u samples: multisample surfaces are "
                     "only loaded",
                     info->name, s->samples);
    } else if (info->kind == TU_KIND_LOAD && !(info->flags & (TU_OPF_MS | TU_OPF_MCS))) {
        TU_RETURN_IF(s->samples > 1, err, TU_INVALID_ARGUMENT,
                     "op %s on a surface of %u samples: multisample surfaces are read with "
                     "LD2DMS_W, which takes a sample index",
                     info->name, s->samples);
    }
    return TU_OK;
}

/* The class of the values op returns on a surface of format fd. */
static tu_format_class reply_class(const tu_op_info *info, const tu_format_desc *fd) {
    if ((info->flags & TU_OPF_COMPARE) || info->kind == TU_KIND_LOD) return TU_CLASS_FLOAT;
    if (info->kind == TU_KIND_INFO || (info->flags & TU_OPF_MCS)) return TU_CLASS_UINT;
    return (tu_format_class)fd->format_class;
}

/* HF sources are rounded to half precision first (vISA spec, 3D_SAMPLE: operands are
 * all HF or all F). */
static void round_half_sources(tu_msg *m, uint32_t sources) {
    for (unsigned src = 0; src < TU_SRC_COUNT; src++) {
        if (!(sources >> src & 1) || src == TU_SRC_OFFU || src == TU_SRC_OFFV || src == TU_SRC_OFFR)
            continue;
        for (unsigned l = 0; l < m->simd; l++)
            m->src[src].f[l] = tuF_round_to_half(m->src[src].f[l]);
    }
}

/* The prepared state lives in the binding's opaque storage. */
_Static_assert(sizeof(tuE_fast_prep) <= sizeof(((tu_binding *)0)->prepared),
               "tu_binding.prepared must hold a tuE_fast_prep");
_Static_assert(_Alignof(tuE_fast_prep) <= 16, "tu_binding.prepared is 16-byte aligned");
_Static_assert(sizeof(tuE_bound) <= sizeof(((tu_binding *)0)->bound),
               "tu_binding.bound must hold a tuE_bound");
_Static_assert(_Alignof(tuE_bound) <= 16, "tu_binding.bound is 16-byte aligned");

static const tuE_fast_prep *prepared(const tu_binding *b) {
    return (const tuE_fast_prep *)(const void *)b->prepared;
}

/* --- what a binding fixes ------------------------------------------------------------------ */

void tuE_bound_init(const tu_surface *s, const tu_sampler *smp, tuE_bound *b) {
    tuE_ctx *c = &b->proto;
    memset(c, 0, sizeof *c);
    c->fd = tu_format_describe(s->format);
    c->decode = tuF_decoder(s->format);
    c->bytes = c->fd->bytes;
    c->is_cube = s->type == TU_SURFACE_CUBE;
    c->integer = c->fd->format_class != TU_CLASS_FLOAT;
    c->hw = smp->precision == TU_PRECISION_HW;
    for (unsigned i = 0; i < c->fd->channel_count; i++) {
        const uint8_t comp = c->fd->channels[i].component;
        if (comp <= TU_COMPONENT_A)
            c->present |= (uint8_t)(1u << comp);
        else if (comp == TU_COMPONENT_D || comp == TU_COMPONENT_S)
            c->present |= 1u;
        else if (comp == TU_COMPONENT_L) /* luminance reads as R, G, B; intensity as all four */
            c->present |= 7u;
        else if (comp == TU_COMPONENT_I)
            c->present |= 15u;
    }
    c->levels = s->level_count;
    c->array_layers = c->is_cube ? s->layers / 6 : s->layers;
    /* 8-bit fixed-point filtering: every field an 8-bit UNORM colour (not sRGB); a compare
     * op turns it off (tuE_ctx_init). */
    c->fixed8 = c->hw && c->fd->format_class == TU_CLASS_FLOAT;
    for (unsigned i = 0; i < c->fd->channel_count; i++)
        c->fixed8 &= c->fd->channels[i].numeric == TU_NUMERIC_UNORM &&
                     c->fd->channels[i].bits == 8 && c->fd->channels[i].component <= TU_COMPONENT_A;
    c->bytes8 = c->fixed8 && c->fd->channel_count == 4 && c->present == 0xf;
    for (unsigned i = 0; c->bytes8 && i < 4; i++)
        c->byte8[c->fd->channels[i].component] = (uint8_t)(c->fd->channels[i].shift / 8);
    c->lod_bias = smp->lod_bias;
    c->min_lod = smp->min_lod;
    c->max_lod = smp->max_lod;
    if (c->hw) { /* SAMPLER_STATE holds them in 1/256 steps (Vulkan spec, "Level-of-Detail
                    Operation") */
        c->lod_bias = tuE_snap256(c->lod_bias);
        c->min_lod = tuE_snap256(c->min_lod);
        c->max_lod = tuE_snap256(c->max_lod);
    }
    /* Only LINEAR surfaces are direct: a validated one has every texel of every level inside
     * memory, and every offset below it fits in a size_t. Compressed surfaces are not: their
     * texels are decoded from blocks (tuE_fetch). */
    const bool direct = s->tiling == TU_TILING_LINEAR && !tu_format_is_compressed(s->format);
    const bool has_h = s->type != TU_SURFACE_1D && s->type != TU_SURFACE_BUFFER;
    const bool has_d = s->type == TU_SURFACE_3D;
    for (uint32_t L = 0; L < s->level_count; L++) {
        tuE_level *lv = &b->level[L];
        const uint32_t m = s->base_level + L; /* < levels <= TU_MAX_LEVELS: validated */
        const tu_level_layout *ml = &s->level[m];
        /* tu_surface_level_extent: max(1, size >> level) on the type's axes, else 1. */
        lv->w = tuB_max_u32(1, s->width >> m);
        lv->h = has_h ? tuB_max_u32(1, s->height >> m) : 1;
        lv->d = has_d ? tuB_max_u32(1, s->depth >> m) : 1;
        lv->direct = direct;
        lv->layout = *ml;
    }
    c->base_w = b->level[0].w, c->base_h = b->level[0].h, c->base_d = b->level[0].d;
    for (unsigned o = 0; o < TU_OP_COUNT; o++) {
        const tu_op_info *info = &op_table[o];
        b->op_suits[o] = check_msg(info, s, smp, NULL) == TU_OK;
        b->op_class[o] = (uint8_t)reply_class(info, c->fd);
    }
}

void tuE_ctx_init(tuE_ctx *ctx, const tuE_bound *b, const tu_surface *s, const tu_sampler *smp,
                  const tu_msg *msg, const tu_op_info *op) {
    *ctx = b->proto;
    ctx->msg = msg;
    ctx->surf = s;
    ctx->smp = smp;
    ctx->op = op;
    ctx->level = b->level;
    ctx->compare = (op->flags & TU_OPF_COMPARE) != 0;
    ctx->fixed8 = ctx->fixed8 && !ctx->compare;
}

tu_status tu_bind(const tu_surface *surface, const tu_sampler *sampler, tu_binding *binding,
                  tu_error *err) {
    return tu_bind_isa(surface, sampler, TU_ISA_BEST, binding, err);
}

tu_status tu_bind_isa(const tu_surface *surface, const tu_sampler *sampler, tu_isa isa,
                      tu_binding *binding, tu_error *err) {
    TU_RETURN_IF(!surface || !sampler || !binding, err, TU_INVALID_ARGUMENT,
                 "surface, sampler and binding must not be NULL");
    TU_TRY(tu_surface_validate(surface, err));
    TU_TRY(tu_sampler_validate(sampler, err));
    /* byte copies, padding too: bind_cached's first test compares the bytes */
    memcpy(&binding->surface, surface, sizeof *surface);
    memcpy(&binding->sampler, sampler, sizeof *sampler);
    TU_TRY(tuE_fast_prepare(&binding->surface, &binding->sampler, isa,
                            (tuE_fast_prep *)(void *)binding->prepared, err));
    tuE_bound_init(&binding->surface, &binding->sampler, (tuE_bound *)(void *)binding->bound);
    return TU_OK;
}

void tu_binding_cache_init(tu_binding_cache *cache) {
    if (!cache) return;
    cache->used = cache->next = cache->last = 0;
    cache->binds = 0;
}

/* The fields the key compares in bulk: tu_surface's width .. samples (eight uint32_t, no
 * padding between them), a level's fields before the padding that ends tu_level_layout,
 * and the whole tu_sampler (12 one-byte fields, then 4-byte ones: no padding). */
#define TUE_SURFACE_COUNTS \
    (offsetof(tu_surface, samples) + sizeof(uint32_t) - offsetof(tu_surface, width))
#define TUE_LEVEL_FIELDS (offsetof(tu_level_layout, tile_z) + sizeof(uint32_t))
_Static_assert(TUE_SURFACE_COUNTS == 8 * sizeof(uint32_t),
               "tu_surface's width .. samples are no longer eight adjacent uint32_t");
_Static_assert(TUE_LEVEL_FIELDS == 5 * 8 + 3 * 4 && sizeof(tu_level_layout) == TUE_LEVEL_FIELDS + 4,
               "tu_level_layout changed: compare its new fields in same_pair");
_Static_assert(offsetof(tu_msg, src) == 64 && sizeof(tu_lanes) % 64 == 0,
               "a 64-byte-aligned tu_msg has its sources on whole cache lines (sampler.h)");
_Static_assert(sizeof(tu_sampler) == 12 + 3 * sizeof(float) + 2 * sizeof(tu_texel),
               "tu_sampler gained padding: compare it field by field in same_pair");

/* Whether the n bytes at a and b are equal, n a constant multiple of 4: 16-byte words (a
 * vector of two uint64_t, one SSE register where there is one) then 8- and 4-byte tails,
 * or-ed together without a branch; every compiler unrolls it inline (a memcmp of a few
 * dozen bytes is a library call for some). */
typedef uint64_t tuE_u64x2 __attribute__((vector_size(16)));
static TU_ALWAYS_INLINE bool same_bytes(const void *a, const void *b, size_t n) {
    const unsigned char *x = a, *y = b;
    tuE_u64x2 diff = {0, 0};
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        tuE_u64x2 u, v;
        memcpy(&u, x + i, 16);
        memcpy(&v, y + i, 16);
        diff |= u ^ v;
    }
    uint64_t tail = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t u, v;
        memcpy(&u, x + i, 8);
        memcpy(&v, y + i, 8);
        tail |= u ^ v;
    }
    if (i < n) {
        uint32_t u, v;
        memcpy(&u, x + i, 4);
        memcpy(&v, y + i, 4);
        tail |= u ^ v;
    }
    return (diff[0] | diff[1] | tail) == 0;
}

/* Whether b was bound from a surface and sampler equal to these, field by field (padding
 * never compared; level and plane entries past the counts neither: nothing reads them). */
static bool same_pair(const tu_binding *b, const tu_surface *s, const tu_sampler *smp) {
    const tu_surface *a = &b->surface; /* validated: its counts are in range */
    if (a->data != s->data || !same_bytes(&a->width, &s->width, TUE_SURFACE_COUNTS) ||
        a->format != s->format || a->size != s->size || a->type != s->type ||
        a->arrayed != s->arrayed || a->tiling != s->tiling ||
        a->gob_height_log2 != s->gob_height_log2 || a->gob_depth_log2 != s->gob_depth_log2 ||
        a->mcs != s->mcs || a->residency != s->residency || a->plane_count != s->plane_count ||
        !same_bytes(smp, &b->sampler, sizeof *smp))
        return false;
    for (uint32_t l = 0; l < a->levels; l++)
        if (!same_bytes(&a->level[l], &s->level[l], TUE_LEVEL_FIELDS)) return false;
    if (!same_bytes(&a->clear_color, &s->clear_color, sizeof a->clear_color)) return false;
    for (uint32_t p = 0; p < a->plane_count; p++) {
        const tu_plane *x = &a->plane[p], *y = &s->plane[p];
        if (x->format != y->format || x->width != y->width || x->height != y->height ||
            x->offset != y->offset || x->row_pitch != y->row_pitch)
            return false;
    }
    return true;
}

/* Whether b was bound from these very bytes: the surface up to its last level, from its MCS
 * pointer to its last plane, and the sampler, compared in the widest words of b's kernel
 * build, padding included. Equal bytes are equal fields, so a yes is same_pair's yes; a no
 * may be padding alone (a description built afresh each call), so same_pair decides then
 * (what each costs: docs/bindings.md "What it costs"). */
static inline bool same_pair_bytes(const tu_binding *b, const tu_surface *s,
                                   const tu_sampler *smp) {
    return prepared(b)->kernels->same_binding(b, s, smp);
}

/* bind_cached past its first compare: another entry bound from the same bytes, else one equal
 * field by field (a description whose padding differs), else a new binding in a free entry
 * or in place of the oldest. The entry returned becomes the cache's last. */
static __attribute__((noinline)) tu_status
bind_missed(tu_binding_cache *cache, const tu_surface *surface, const tu_sampler *sampler,
            uint32_t searched, uint32_t compared, const tu_binding **out, tu_error *err) {
    for (uint32_t i = 0; i < searched; i++) {
        if (i != compared && same_pair_bytes(&cache->entry[i], surface, sampler)) {
            cache->last = i;
            *out = &cache->entry[i];
            return TU_OK;
        }
    }
    for (uint32_t i = 0; i < searched; i++) {
        if (same_pair(&cache->entry[i], surface, sampler)) {
            cache->last = i;
            *out = &cache->entry[i];
            return TU_OK;
        }
    }
    uint32_t index = cache->next;
    const bool appended = cache->used < TU_BINDING_CACHE_ENTRIES;
    if (appended) index = cache->used;
    tu_binding *slot = &cache->entry[index];
    const tu_status st = tu_bind(surface, sampler, slot, err);
    if (st != TU_OK) {
        if (!appended) { /* the replaced entry is gone: drop it from the valid ones */
            cache->entry[cache->next] = cache->entry[cache->used - 1];
            cache->used--;
            cache->next = 0;
        }
        cache->last = 0;
        return st;
    }
    cache->binds++;
    if (appended)
        cache->used++;
    else
        cache->next = (cache->next + 1) % TU_BINDING_CACHE_ENTRIES;
    cache->last = index;
    *out = slot;
    return TU_OK;
}

/* The cache's binding of surface and sampler: the entry the last call returned, when it was
 * bound from the same bytes (inlined into the callers: the usual call ends here), else
 * bind_missed. Comparing the last entry first keeps a caller that alternates between a few
 * pairs from paying a whole compare per entry before its own (a byte compare has no early
 * way out: equal surfaces of different samplers differ only at its end).
 * A surface with an MCS surface or a residency map points at further descriptions, which may
 * change behind unchanged pointers: when pointers_by_address is false (tu_execute's cache,
 * whose bindings the caller never sees) such a pair is never looked up (a hit would need an
 * entry with the same pointers), only bound. */
static TU_ALWAYS_INLINE tu_status bind_cached(tu_binding_cache *cache, const tu_surface *surface,
                                              const tu_sampler *sampler, bool pointers_by_address,
                                              const tu_binding **out, tu_error *err) {
    const uint32_t searched =
        pointers_by_address || (!surface->mcs && !surface->residency) ? cache->used : 0;
    const uint32_t first = cache->last < searched ? cache->last : 0;
    if (searched && same_pair_bytes(&cache->entry[first], surface, sampler)) {
        *out = &cache->entry[first];
        return TU_OK;
    }
    return bind_missed(cache, surface, sampler, searched, searched ? first : UINT32_MAX, out, err);
}

tu_status tu_bind_cached(tu_binding_cache *cache, const tu_surface *surface,
                         const tu_sampler *sampler, const tu_binding **out, tu_error *err) {
    TU_RETURN_IF(!cache || !surface || !sampler || !out, err, TU_INVALID_ARGUMENT,
                 "cache, surface, sampler and out must not be NULL");
    TU_RETURN_IF(cache->used > TU_BINDING_CACHE_ENTRIES || cache->next >= TU_BINDING_CACHE_ENTRIES,
                 err, TU_INVALID_ARGUMENT,
                 "binding cache used %u / next %u: not a cache from tu_binding_cache_init",
                 cache->used, cache->next);
    return bind_cached(cache, surface, sampler, true, out, err);
}

/* --- running a message ----------------------------------------------------------------------- */

/* Run msg, which passed check_msg (its op: info), on binding b. With a trace
 * (tu_execute_traced; allow_fast false) every lane reports its reads and steps. */
static tu_status run(const tu_binding *b, const tu_msg *msg, const tu_op_info *info,
                     tu_reply *reply, bool allow_fast, const char **fast_path,
                     const tu_trace_sink *trace) {
    const tu_surface *surface = &b->surface;

    _Alignas(64) tu_msg half_msg;
    if ((msg->flags & TU_MSG_HALF_SOURCES) && tu_op_uses_sampler(info)) {
        half_msg = *msg;
        round_half_sources(&half_msg, tu_op_sources(msg->op, surface->type, surface->arrayed));
        msg = &half_msg;
    }

    tuE_ctx ctx;
    tuE_ctx_init(&ctx, tuE_bound_of(b), surface, &b->sampler, msg, info);

    const float *coord[3] = {msg->src[TU_SRC_U].f, msg->src[TU_SRC_V].f, msg->src[TU_SRC_R].f};
    const bool derivs =
        info->lod == TU_LOD_IMPLICIT || info->lod == TU_LOD_BIAS || info->lod == TU_LOD_GRAD;
    uint32_t null_mask = 0xffffffffu;
    reply->value_class = tuE_bound_of(b)->op_class[msg->op];
    /* The fast-path table (fast.c); the rows need no residency map, so every
     * lane's pixel null mask bit is 1. */
    const char *fast = allow_fast ? tuE_fast_run_prepared(b, prepared(b), msg, info, reply) : NULL;
    if (fast) {
        if (fast_path) *fast_path = fast;
        if (msg->flags & TU_MSG_PIXEL_NULL_MASK) reply->pixel_null_mask = null_mask;
        return TU_OK;
    }
    /* A traced message reads every texel through the gate, where tuE_fetch records it: the
     * same levels with no direct one (the untraced path pays nothing per texel for this). */
    tuE_level traced_levels[TU_MAX_LEVELS];
    if (trace) {
        for (uint32_t i = 0; i < ctx.levels && i < TU_MAX_LEVELS; i++) {
            traced_levels[i] = ctx.level[i];
            traced_levels[i].direct = false;
        }
        ctx.level = traced_levels;
    }
    for (unsigned l = 0; l < msg->simd; l++) {
        if (!(msg->lane_mask >> l & 1)) continue;
        tuE_lane lane = {false, l, trace};
        tu_texel t;
        if (info->kind == TU_KIND_LOAD) {
            tuE_load_lane(&ctx, &lane, l, &t);
        } else if (info->kind == TU_KIND_INFO) {
            tuE_info_lane(&ctx, l, &t);
        } else {
            tuE_derivs d = {{{0}}};
            if (derivs) tuE_lane_derivs(&ctx, coord, l, &d);
            tuE_sample_lane(&ctx, &lane, l, &d, &t);
        }
        for (int c = 0; c < 4; c++)
            if (msg->channel_mask >> c & 1) reply->channel[c].u[l] = t.u[c];
        if (TU_UNLIKELY(trace)) {
            tu_trace_record e = {
                .kind = TU_TRACE_RESULT, .value = t, .value_class = reply->value_class};
            tuE_trace(&lane, &e);
        }
        if (lane.null_page) null_mask &= ~(1u << l);
    }
    if (msg->flags & TU_MSG_PIXEL_NULL_MASK) reply->pixel_null_mask = null_mask;
    if (trace && trace->end_message) trace->end_message(trace->user);
    return TU_OK;
}

/* Whether tu_msg_validate would pass msg with nothing to say: every field in range and no
 * flag but the pixel null mask (no half sources, no coarse pixels). */
static inline bool plain_msg(const tu_msg *m) {
    return (unsigned)m->op < TU_OP_COUNT && m->simd - 1u < TU_MAX_LANES &&
           m->channel_mask - 1u < 0xfu && m->gather_channel <= 3 &&
           (uint32_t)(m->offset[0] + 8) < 16u && (uint32_t)(m->offset[1] + 8) < 16u &&
           (uint32_t)(m->offset[2] + 8) < 16u && !(m->flags & ~(uint32_t)TU_MSG_PIXEL_NULL_MASK);
}

/* The checks that name what is wrong with msg, then run: every message execute_bound does
 * not hand straight to a kernel. Kept out of line, so that the kernels' way in carries none
 * of its frame (run's locals, six saved registers: 3.9 KB of stack and ~20 instructions a
 * message when it was inlined). */
static TU_NOINLINE tu_status execute_checked(const tu_binding *b, const tu_msg *msg,
                                             tu_reply *reply, tu_error *err, bool allow_fast,
                                             const char **fast_path, const tu_trace_sink *trace) {
    TU_TRY(tu_msg_validate(msg, err));
    const tu_op_info *info = tu_op_describe(msg->op);
    TU_TRY(check_msg(info, &b->surface, &b->sampler, err));
    return run(b, msg, info, reply, allow_fast, fast_path, trace);
}

/* The usual message, plain and of an op the pair suits with a fast row (both known from bind
 * time), straight to its kernel: true when it ran, false when msg needs execute_checked. */
static TU_ALWAYS_INLINE bool run_kernel(const tu_binding *b, const tu_msg *msg, tu_reply *reply,
                                        const char **fast_path) {
    const tuE_bound *bs = tuE_bound_of(b);
    if (TU_UNLIKELY(!plain_msg(msg) || !bs->op_suits[msg->op])) return false;
    const tuE_fast_prep *p = prepared(b);
    const tuK_fn kernel = p->fn_for[msg->op][1];
    if (!kernel) return false;
    const tuK_args args = {msg, &op_table[msg->op], b};
    reply->value_class = bs->op_class[msg->op];
    kernel(&args, &p->geom, reply);
    /* The rows read no residency map: every lane's pixel null mask bit is 1. */
    if (msg->flags & TU_MSG_PIXEL_NULL_MASK) reply->pixel_null_mask = 0xffffffffu;
    if (fast_path) *fast_path = tuE_fast_table[p->row_for[msg->op][1]].name;
    return true;
}

/* Check msg against binding b (neither NULL), then run it: run_kernel, else execute_checked. */
static inline tu_status execute_bound(const tu_binding *b, const tu_msg *msg, tu_reply *reply,
                                      tu_error *err, bool allow_fast, const char **fast_path,
                                      const tu_trace_sink *trace) {
    if (TU_LIKELY(allow_fast) && run_kernel(b, msg, reply, fast_path)) return TU_OK;
    return execute_checked(b, msg, reply, err, allow_fast, fast_path, trace);
}

/* The paths that bind for one call (the trace hook, and the tests' switch for the fast
 * rows): a binding on the stack, then the bound path. */
static tu_status execute_once(const tu_msg *msg, const tu_surface *surface,
                              const tu_sampler *sampler, tu_reply *reply, tu_error *err,
                              bool allow_fast, const char **fast_path, const tu_trace_sink *trace) {
    if (fast_path) *fast_path = NULL;
    TU_RETURN_IF(!msg || !surface || !sampler || !reply, err, TU_INVALID_ARGUMENT,
                 "message, surface, sampler and reply must not be NULL");
    tu_binding b;
    TU_TRY(tu_bind(surface, sampler, &b, err));
    return execute_bound(&b, msg, reply, err, allow_fast, fast_path, trace);
}

/* tu_execute's bindings: each thread keeps the last TU_BINDING_CACHE_ENTRIES it made, found
 * again by content (docs/bindings.md "tu_execute"). Nothing is shared between threads, and
 * a reply depends only on the arguments: a hit is a binding of an equal surface and
 * sampler. */
static _Thread_local tu_binding_cache execute_cache;

tu_status tu_execute(const tu_msg *msg, const tu_surface *surface, const tu_sampler *sampler,
                     tu_reply *reply, tu_error *err) {
    TU_RETURN_IF(!msg || !surface || !sampler || !reply, err, TU_INVALID_ARGUMENT,
                 "message, surface, sampler and reply must not be NULL");
    const tu_binding *b;
    TU_TRY(bind_cached(&execute_cache, surface, sampler, false, &b, err));
    if (run_kernel(b, msg, reply, NULL)) return TU_OK;
    return execute_checked(b, msg, reply, err, true, NULL, NULL);
}

tu_status tuE_execute(const tu_msg *msg, const tu_surface *surface, const tu_sampler *sampler,
                      tu_reply *reply, tu_error *err, bool allow_fast, const char **fast_path) {
    return execute_once(msg, surface, sampler, reply, err, allow_fast, fast_path, NULL);
}

/* The generic path only: the fast paths carry no trace hook (sampler.h). */
tu_status tu_execute_traced(const tu_msg *msg, const tu_surface *surface, const tu_sampler *sampler,
                            const tu_trace_sink *sink, tu_reply *reply, tu_error *err) {
    TU_RETURN_IF(!sink || !sink->record, err, TU_INVALID_ARGUMENT,
                 "trace sink and its record callback must not be NULL");
    return execute_once(msg, surface, sampler, reply, err, false, NULL, sink);
}

tu_status tu_execute_bound(const tu_binding *binding, const tu_msg *msg, tu_reply *reply,
                           tu_error *err) {
    TU_RETURN_IF(!binding || !msg || !reply, err, TU_INVALID_ARGUMENT,
                 "binding, message and reply must not be NULL");
    return execute_bound(binding, msg, reply, err, true, NULL, NULL);
}

tu_status tuE_execute_bound(const tu_binding *b, const tu_msg *msg, tu_reply *reply, tu_error *err,
                            bool allow_fast, const char **fast_path) {
    if (fast_path) *fast_path = NULL;
    TU_RETURN_IF(!b || !msg || !reply, err, TU_INVALID_ARGUMENT,
                 "binding, message and reply must not be NULL");
    return execute_bound(b, msg, reply, err, allow_fast, fast_path, NULL);
}
