/* SPDX-License-Identifier: MIT */
/*
 * tld_exec.c - executing TLD for a warp (NVIDIA TLD page; Mesa nouveau nvc0_tex.c for the
 * handles, yuzu texture_load.cpp for the Ra/Rb packing; the special cases are texunit's
 * reading, docs/semantics.md "NVIDIA TLD"):
 *
 *   1. threads: active, and the guard predicate @{!}Pg holds;
 *   2. Ra/Rb read by the packing table (tld_rules.c); the header index from the constant-bank
 *      word #tsPtrIdx, or from Rb's handle with .B (headerPtr = bits 19:0);
 *   3. per distinct header: index > MaximumIndex, an empty view or a paramA whose coordinate
 *      count differs from the texture type's reads (0, 0, 0, 0);
 *   4. per thread: LOD (level 0 = the view's min level), AOFFI offsets on s, t, r, the array
 *      index Ra[15:0], the sample index; out of range reads (0, 0, 0, 0) - TLD's border colour -
 *      unless .CL, which clamps s, t, r and the array index to the edge (the LOD and the sample
 *      index are not clamped). The front end decides this, so the engine only ever sees
 *      in-range loads (docs/semantics.md);
 *   5. the engine's ld / ld2dms_w with the TLD sampler overrides; a texel on a sparse page reads
 *      (0, 0, 0, 0) and sets Ps; the header's swizzle (X..W_SOURCE) and FORCE_FP16 rounding;
 *   6. wmask's components to Rd, Rd+1, ... ; Ps. Nothing is written unless every step succeeded.
 */
#include "nv_internal.h"

#include "../format/format_internal.h"

#include <stddef.h>
#include <string.h>

enum { ONE_FLOAT_BITS = 0x3f800000u };

typedef struct warp_args {
    uint32_t arg[8][TU_MAX_LANES]; /* by tu_nv_param, then thread */
} warp_args;

typedef struct warp_result {
    uint32_t value[4][TU_MAX_LANES]; /* X..W by thread */
    uint32_t sparse;                 /* bit n: thread n touched a sparse page */
} warp_result;

static uint32_t round_fp16(uint32_t bits) {
    return tuB_float_bits(tuF_round_to_half(tuB_bits_float(bits)));
}

/* The header's view of a texel, worked out once per texture and reply class: output X..W
 * reads C0..C3 as X..W_SOURCE say, Ck the surface texel's component texel_map[k] (a missing
 * component reads 0, and 1 for C3) rounded to half when Ck is FORCE_FP16. */
typedef struct texel_view {
    int8_t from[4];       /* the texel component output i reads, or -1: constant[i] */
    uint8_t fp16;         /* bit i: output i is rounded to half */
    uint32_t constant[4]; /* output i when from[i] < 0 */
} texel_view;

static texel_view view_of(const tu_nv_texture *tex, uint8_t value_class) {
    const uint32_t one = value_class == TU_CLASS_FLOAT ? ONE_FLOAT_BITS : 1;
    texel_view v = {{-1, -1, -1, -1}, 0, {0, 0, 0, 0}};
    for (unsigned i = 0; i < 4; i++) {
        const uint8_t src = tex->source[i];
        if (src >= TU_NV_SOURCE_R && src <= TU_NV_SOURCE_A) {
            const unsigned k = src - TU_NV_SOURCE_R;
            const bool fp16 = tex->fp16_mask >> k & 1;
            if (tex->texel_map[k] != TUN_NONE) {
                v.from[i] = (int8_t)tex->texel_map[k];
                v.fp16 |= (uint8_t)(fp16 << i);
            } else { /* rounded as a texel's would be (an integer 1 rounds to 0) */
                const uint32_t c = k == 3 ? one : 0;
                v.constant[i] = fp16 ? round_fp16(c) : c;
            }
        } else
            v.constant[i] = src == TU_NV_SOURCE_ONE_INT     ? 1
                            : src == TU_NV_SOURCE_ONE_FLOAT ? ONE_FLOAT_BITS
                                                            : 0;
    }
    return v;
}

/* Where thread l reads: false when it reads (0, 0, 0, 0). lz_size: the extent of the view's
 * level 0 for .LZ (every thread's level), NULL for .LL. */
static bool lane_position(const tu_nv_tld *in, const tu_nv_texture *tex, const uint32_t *lz_size,
                          const warp_args *a, unsigned l, tu_texel_coord *pos) {
    const tu_surface *s = &tex->surface;
    const tuN_param_a *pa = &tuN_params_a[in->param_a];
    const uint32_t lod = lz_size ? 0 : a->arg[TU_NV_ARG_LOD][l];
    uint32_t ll_size[3];
    const uint32_t *size = lz_size ? lz_size : ll_size;
    if (!lz_size && !tu_surface_level_extent(s, lod, &ll_size[0], &ll_size[1], &ll_size[2]))
        return false;
    int64_t c[3] = {(int32_t)a->arg[TU_NV_ARG_S][l], (int32_t)a->arg[TU_NV_ARG_T][l],
                    (int32_t)a->arg[TU_NV_ARG_R][l]};
    if (in->aoffi) { /* ((w & 0xf) << 8) | ((v & 0xf) << 4) | (u & 0xf), each -8..7 */
        const uint32_t toff = a->arg[TU_NV_ARG_TOFF][l];
        for (unsigned k = 0; k < pa->coords; k++)
            c[k] += tuB_sign_extend(toff >> (4 * k), 4);
    }
    /* "a is U16": the array index is Ra[15:0]; a non-array texture has one layer. */
    int64_t layer = pa->array ? (a->arg[TU_NV_ARG_ARRAY][l] & 0xffff) : 0;
    const uint32_t layers = s->layers;
    bool inside = layer < layers;
    for (unsigned k = 0; k < pa->coords; k++)
        inside &= c[k] >= 0 && c[k] < size[k];
    if (!inside && !in->cl) return false; /* black border (0, 0, 0, 0) */
    for (unsigned k = 0; k < pa->coords; k++)
        c[k] = tuB_clamp_i64(c[k], 0, (int64_t)size[k] - 1);
    layer = tuB_clamp_i64(layer, 0, (int64_t)layers - 1);
    const uint32_t sample = in->ms ? a->arg[TU_NV_ARG_MS][l] : 0;
    if (sample >= s->samples) return false;
    *pos = (tu_texel_coord){
        (uint32_t)c[0],         (uint32_t)c[1], (uint32_t)c[2], (uint32_t)layer, lod,
        tex->sample_map[sample]};
    return true;
}

/* lane_position for every thread of group at once, in the usual case: .LZ without .MS on a
 * non-array paramA (the layer and the sample are 0, the level the view's first, of extent
 * size). Writes each coordinate, clamped to the edge, to msg's sources (U, V, R: for 1D, 2D
 * and 3D the coordinates come first) and returns the threads that read. */
static uint32_t positions_lz(const tu_nv_tld *in, unsigned coords, const uint32_t size[3],
                             uint32_t lanes, uint32_t group, const warp_args *a, tu_msg *msg) {
    static const uint8_t slot[3] = {TU_SRC_U, TU_SRC_V, TU_SRC_R};
    uint32_t outside = 0;
    for (unsigned k = 0; k < coords; k++) {
        const uint32_t *c = a->arg[TU_NV_ARG_S + k], *toff = a->arg[TU_NV_ARG_TOFF];
        uint32_t *out = msg->src[slot[k]].u;
        const int64_t last = (int64_t)size[k] - 1;
        const unsigned shift = 4 * k;
        if (!in->aoffi) /* 32 bits hold every coordinate: negative ones compare as huge */
            for (unsigned l = 0; l < lanes; l++) {
                const int32_t v = (int32_t)c[l];
                outside |= (uint32_t)(c[l] > (uint32_t)last) << l;
                out[l] = (uint32_t)(v < 0 ? 0 : v > last ? last : v);
            }
        else
            for (unsigned l = 0; l < lanes; l++) {
                const int64_t v = (int64_t)(int32_t)c[l] + tuB_sign_extend(toff[l] >> shift, 4);
                outside |= (uint32_t)(v < 0 || v > last) << l;
                out[l] = (uint32_t)(v < 0 ? 0 : v > last ? last : v);
            }
    }
    return in->cl ? group : group & ~outside;
}

/* Read the texels of the threads of `group`, which share one texture: on `bound` (the
 * cache's binding of it) when there is one, else through tu_execute (or tu_execute_traced). */
static tu_status run_texture(const tu_nv_tld *in, const tu_nv_texture *tex, const tu_binding *bound,
                             const tu_nv_state *st, uint32_t index, uint32_t lanes, uint32_t group,
                             const warp_args *args, warp_result *res, tu_error *err) {
    /* On whole cache lines (sampler.h). Zeroed: the header, the sources written below and
     * those the load reads (not the other 1.5 KB of sources). */
    _Alignas(64) tu_msg msg;
    const tu_surface *s = &tex->surface;
    memset(&msg, 0, offsetof(tu_msg, src));
    msg.op = s->samples > 1 ? TU_OP_LD2DMS_W : TU_OP_LD;
    const uint32_t zeroed = tu_op_sources(msg.op, s->type, s->arrayed) | 1u << TU_SRC_U |
                            1u << TU_SRC_V | 1u << TU_SRC_R | 1u << TU_SRC_LOD | 1u << TU_SRC_SI;
    for (unsigned k = 0; k < TU_SRC_COUNT; k++)
        if (zeroed >> k & 1) memset(&msg.src[k], 0, sizeof msg.src[k]);
    msg.simd = lanes;
    msg.channel_mask = 0xf;
    msg.flags = TU_MSG_PIXEL_NULL_MASK;
    uint32_t lz_size[3];
    const bool lz = in->lod == TU_NV_LOD_LZ;
    if (lz && !tu_surface_level_extent(s, 0, &lz_size[0], &lz_size[1], &lz_size[2]))
        return TU_OK; /* no level 0 in the view: every thread reads zeros */
    const tuN_param_a *pa = &tuN_params_a[in->param_a];
    if (lz && !in->ms && !pa->array)
        msg.lane_mask = positions_lz(in, pa->coords, lz_size, lanes, group, args, &msg);
    else
        for (unsigned l = 0; l < lanes; l++) {
            tu_texel_coord p;
            if (!(group >> l & 1) || !lane_position(in, tex, lz ? lz_size : NULL, args, l, &p))
                continue;
            msg.lane_mask |= 1u << l;
            msg.src[TU_SRC_U].u[l] = p.x;
            msg.src[TU_SRC_LOD].u[l] = p.level;
            msg.src[TU_SRC_SI].u[l] = p.sample;
            switch (s->type) {
            case TU_SURFACE_1D: msg.src[TU_SRC_V].u[l] = p.layer; break;
            case TU_SURFACE_2D:
                msg.src[TU_SRC_V].u[l] = p.y;
                msg.src[TU_SRC_R].u[l] = p.layer;
                break;
            case TU_SURFACE_3D:
                msg.src[TU_SRC_V].u[l] = p.y;
                msg.src[TU_SRC_R].u[l] = p.z;
                break;
            default: break; /* BUFFER: x only; cube maps never get here (coords 0) */
            }
        }
    if (!msg.lane_mask) return TU_OK;
    static tu_reply zero_reply;
    _Alignas(64) tu_reply reply = zero_reply;
    const tu_sampler smp = tu_nv_tld_sampler(in->cl);
    tu_error inner = {TU_OK, ""};
    tu_status est;
    if (st->trace) {
        tu_trace_sink sink = *st->trace;
        sink.surface = index;
        for (unsigned l = 0; l < lanes; l++) /* each lane read the texture header */
            if (msg.lane_mask >> l & 1) {
                const tu_trace_record h = {.message = sink.message,
                                           .lane = l,
                                           .surface = 0xffffffffu,
                                           .kind = TU_TRACE_HEADER,
                                           .offset = (uint64_t)index * TU_NV_ENTRY_BYTES,
                                           .size = TU_NV_ENTRY_BYTES,
                                           .resident = true};
                sink.record(sink.user, &h);
            }
        est = tu_execute_traced(&msg, s, &smp, &sink, &reply, &inner);
    } else if (bound)
        est = tu_execute_bound(bound, &msg, &reply, &inner);
    else
        est = tu_execute(&msg, s, &smp, &reply, &inner);
    if (est != TU_OK)
        return tuB_fail(err, inner.status, "TLD: the engine refused the load: %s", inner.message);
    /* A thread on a sparse page reads zeros and sets Ps. */
    res->sparse |= msg.lane_mask & ~reply.pixel_null_mask;
    const uint32_t read = msg.lane_mask & reply.pixel_null_mask;
    const uint32_t group_all = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
    const texel_view v = view_of(tex, reply.value_class);
    for (unsigned i = 0; i < 4; i++) {
        uint32_t *out = res->value[i];
        if (v.from[i] < 0) {
            for (unsigned l = 0; l < lanes; l++)
                out[l] = read >> l & 1 ? v.constant[i] : out[l];
            continue;
        }
        const uint32_t *texel = reply.channel[v.from[i]].u;
        if (read == group_all) /* every thread read: one copy */
            memcpy(out, texel, lanes * sizeof *out);
        else
            for (unsigned l = 0; l < lanes; l++)
                out[l] = read >> l & 1 ? texel[l] : out[l];
        if (v.fp16 >> i & 1)
            for (unsigned l = 0; l < lanes; l++)
                if (read >> l & 1) out[l] = round_fp16(out[l]);
    }
    return TU_OK;
}

void tu_nv_cache_init(tu_nv_cache *cache) {
    if (cache) {
        cache->used = cache->next = cache->last = 0;
        cache->decodes = 0;
    }
}

/* Whether cache entry e was made from these header bytes, this .CL and this state's region. */
static bool entry_matches(const tu_nv_cache_entry *e, const uint8_t *bytes, bool cl,
                          const tu_nv_state *st) {
    if (e->cl != cl || memcmp(e->header, bytes, TU_NV_ENTRY_BYTES) != 0 ||
        e->region_index >= st->region_count)
        return false;
    const tu_nv_region *r = &st->regions[e->region_index];
    return r->address == e->region.address && r->data == e->region.data &&
           r->size == e->region.size && r->residency == e->region.residency;
}

/* The cache entry made from header bytes `bytes`, .CL cl and the state's region, or NULL. */
static const tu_nv_cache_entry *cache_find(tu_nv_cache *c, const uint8_t *bytes, bool cl,
                                           const tu_nv_state *st) {
    const uint32_t used = c->used <= TU_NV_CACHE_ENTRIES ? c->used : 0;
    const uint32_t first = c->last < used ? c->last : 0;
    for (uint32_t k = 0; k < used; k++) {
        const uint32_t i = k == 0 ? first : (k <= first ? k - 1 : k);
        if (entry_matches(&c->entry[i], bytes, cl, st)) {
            c->last = i;
            return &c->entry[i];
        }
    }
    return NULL;
}

/* Keep tex (decoded from `bytes`, its texture in regions[region_index]) in the cache, bound
 * with TLD's sampler, as *out. When the engine refuses it, its error (the entry it was
 * replacing is dropped). */
static tu_status cache_add(tu_nv_cache *c, const uint8_t *bytes, bool cl, const tu_nv_state *st,
                           uint32_t region_index, const tu_nv_texture *tex,
                           const tu_nv_cache_entry **out, tu_error *err) {
    if (c->used > TU_NV_CACHE_ENTRIES || c->next >= TU_NV_CACHE_ENTRIES)
        tu_nv_cache_init(c); /* not a cache from tu_nv_cache_init: start it empty */
    const bool appended = c->used < TU_NV_CACHE_ENTRIES;
    const uint32_t i = appended ? c->used : c->next;
    tu_nv_cache_entry *e = &c->entry[i];
    const tu_sampler smp = tu_nv_tld_sampler(cl);
    tu_error inner = {TU_OK, ""};
    if (tu_bind(&tex->surface, &smp, &e->binding, &inner) != TU_OK) {
        if (!appended) { /* the replaced entry is gone: drop it from the valid ones */
            c->entry[i] = c->entry[c->used - 1];
            c->used--;
            c->next = 0;
        }
        c->last = 0;
        return tuB_fail(err, inner.status, "TLD: the engine refused the load: %s", inner.message);
    }
    memcpy(e->header, bytes, TU_NV_ENTRY_BYTES);
    e->region_index = region_index;
    e->region = st->regions[region_index];
    e->cl = cl;
    e->texture = *tex;
    c->decodes++;
    if (appended)
        c->used++;
    else
        c->next = (c->next + 1) % TU_NV_CACHE_ENTRIES;
    c->last = i;
    *out = e;
    return TU_OK;
}

static tu_status run_group(const tu_nv_tld *in, const tu_nv_state *st, uint32_t index,
                           uint32_t lanes, uint32_t group, const warp_args *args, warp_result *res,
                           tu_error *err) {
    /* "Any header pointer greater than ... MaximumIndex will be regarded as an invalid
     * texture" (NVIDIA TLD page, #tsPtrIdxU13): zeros. tu_nv_state_validate checked that the
     * pool holds maximum_index + 1 entries. */
    if (index > st->headers.maximum_index) return TU_OK;
    const uint8_t *bytes = (const uint8_t *)st->headers.data + (size_t)index * TU_NV_ENTRY_BYTES;
    tu_nv_cache *cache = st->trace ? NULL : st->cache; /* a traced TLD runs the generic path */
    const tu_nv_cache_entry *hit = cache ? cache_find(cache, bytes, in->cl, st) : NULL;
    tu_nv_texture decoded;
    const tu_nv_texture *tex = hit ? &hit->texture : &decoded;
    if (!hit) {
        tu_nv_tic h;
        tu_error inner = {TU_OK, ""};
        if (tu_nv_tic_decode(bytes, &h, &inner) != TU_OK ||
            tu_nv_tic_texture(&h, st->regions, st->region_count, &decoded, &inner) != TU_OK)
            return tuB_fail(err, inner.status, "TLD texture header %u: %s", index, inner.message);
        /* Kept when it is read: a texture that reads zeros (below) has no binding. */
        if (cache && !decoded.empty && decoded.coords == tuN_params_a[in->param_a].coords)
            TU_TRY(cache_add(cache, bytes, in->cl, st,
                             tuN_region_of(st->regions, st->region_count, h.address), &decoded,
                             &hit, err));
    }
    /* "If the source coordinate description does not match the texture type of the texture
     * header, zeroes will be returned"; array and non-array forms mix freely. An empty view
     * reads zeros too. */
    if (tex->empty || tex->coords != tuN_params_a[in->param_a].coords) return TU_OK;
    return run_texture(in, tex, hit ? &hit->binding : NULL, st, index, lanes, group, args, res,
                       err);
}

tu_status tu_nv_tld_execute(const tu_nv_tld *in, const tu_nv_state *st, tu_nv_regs *regs,
                            uint32_t active_mask, tu_error *err) {
    TU_RETURN_IF(!in || !st || !regs, err, TU_INVALID_ARGUMENT,
                 "instruction, state and registers must not be NULL");
    TU_TRY(tu_nv_tld_validate(in, err));
    TU_RETURN_IF(tuN_params_a[in->param_a].reserved, err, TU_UNSUPPORTED,
                 "TLD #paramA %s is RESERVED for TLD (the page): texunit executes 1D, 2D, 3D, "
                 "ARRAY_1D and ARRAY_2D",
                 tuN_params_a[in->param_a].name);
    TU_RETURN_IF(regs->lanes < 1 || regs->lanes > TU_MAX_LANES, err, TU_INVALID_ARGUMENT,
                 "register file lanes %u is not 1..%d", regs->lanes, TU_MAX_LANES);
    TU_TRY(tu_nv_state_validate(st, err));
    const uint32_t lanes = regs->lanes;
    const uint32_t all = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;

    /* The threads that run: active, and @{!}Pg holds (PT always does). */
    uint32_t run = active_mask & all;
    if (in->guard != TU_NV_PT || in->guard_not)
        for (unsigned l = 0; l < lanes; l++)
            if ((in->guard == TU_NV_PT || (regs->p[l] >> in->guard & 1)) == in->guard_not)
                run &= ~(1u << l);

    /* Read every source before anything is written (Rd may overlap Ra or Rb); a register
     * past R254 (RZ) reads 0. */
    warp_args args; /* only the parameters the packing has are read */
    uint32_t header[TU_MAX_LANES];
    const tu_nv_packing p = tu_nv_tld_packing(in);
    for (unsigned k = 0; k < p.ra_count + p.rb_count; k++) {
        const unsigned reg = k < p.ra_count ? in->ra + k : in->rb + (k - p.ra_count);
        uint32_t *arg = args.arg[k < p.ra_count ? p.ra[k] : p.rb[k - p.ra_count]];
        for (unsigned l = 0; l < lanes; l++)
            arg[l] = reg < TU_NV_REGS ? regs->r[l][reg] : 0;
    }
    const uint32_t bound_header = TU_NV_HANDLE_HEADER(tu_nv_cbank_word(st, in->ts_index));
    for (unsigned l = 0; l < lanes; l++)
        header[l] =
            in->bindless ? TU_NV_HANDLE_HEADER(args.arg[TU_NV_ARG_HANDLE][l]) : bound_header;

    static const warp_result zero_result;
    warp_result res = zero_result;
    for (uint32_t pending = run; pending;) {
        const uint32_t index = header[__builtin_ctz(pending)];
        uint32_t group = in->bindless ? 0 : pending; /* without .B every thread has one header */
        for (unsigned l = 0; in->bindless && l < lanes; l++)
            if ((pending >> l & 1) && header[l] == index) group |= 1u << l;
        pending &= ~group;
        TU_TRY(run_group(in, st, index, lanes, group, &args, &res, err));
    }

    /* Write back: the enabled components to consecutive registers from Rd; RZ drops them. */
    unsigned writes = 0, reg[4], comp[4];
    for (unsigned c = 0, r = in->rd; c < 4; c++)
        if (in->wmask >> c & 1) {
            if (in->rd != TU_NV_RZ && r < TU_NV_RZ) reg[writes] = r, comp[writes++] = c;
            r++;
        }
    for (unsigned w = 0; w < writes; w++) {
        const uint32_t *value = res.value[comp[w]];
        if (run == all) /* a whole warp: no per-thread test */
            for (unsigned l = 0; l < lanes; l++)
                regs->r[l][reg[w]] = value[l];
        else
            for (unsigned l = 0; l < lanes; l++)
                if (run >> l & 1) regs->r[l][reg[w]] = value[l];
    }
    if (in->ps != TU_NV_PT)
        for (unsigned l = 0; l < lanes; l++)
            if (run >> l & 1)
                regs->p[l] = (uint8_t)((regs->p[l] & ~(1u << in->ps)) |
                                       (unsigned)(res.sparse >> l & 1) << in->ps);
    return TU_OK;
}
