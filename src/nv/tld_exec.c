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

#include <string.h>

enum { ONE_FLOAT_BITS = 0x3f800000u };

typedef struct lane_args {
    uint32_t arg[8]; /* by tu_nv_param */
} lane_args;

typedef struct warp_result {
    uint32_t value[TU_MAX_LANES][4];
    uint32_t sparse; /* bit n: thread n touched a sparse page */
} warp_result;

static uint32_t round_fp16(uint32_t bits) {
    return tuB_float_bits(tuF_round_to_half(tuB_bits_float(bits)));
}

/* The header's view of a texel: C0..C3 from the surface's texel (a missing component reads 0,
 * and 1 for C3), FORCE_FP16 rounding, then X..W_SOURCE. */
static void swizzle(const tu_nv_texture *tex, uint8_t value_class, const uint32_t t[4],
                    uint32_t out[4]) {
    const uint32_t one = value_class == TU_CLASS_FLOAT ? ONE_FLOAT_BITS : 1;
    uint32_t c[4];
    for (unsigned k = 0; k < 4; k++) {
        c[k] = tex->texel_map[k] != TUN_NONE ? t[tex->texel_map[k]] : (k == 3 ? one : 0);
        if (tex->fp16_mask >> k & 1) c[k] = round_fp16(c[k]);
    }
    for (unsigned i = 0; i < 4; i++) {
        const uint8_t s = tex->source[i];
        out[i] = s >= TU_NV_SOURCE_R && s <= TU_NV_SOURCE_A ? c[s - TU_NV_SOURCE_R]
                 : s == TU_NV_SOURCE_ONE_INT                ? 1
                 : s == TU_NV_SOURCE_ONE_FLOAT              ? ONE_FLOAT_BITS
                                                            : 0;
    }
}

/* Where thread l reads: false when it reads (0, 0, 0, 0). */
static bool lane_position(const tu_nv_tld *in, const tu_nv_texture *tex, const lane_args *a,
                          tu_texel_coord *pos) {
    const tu_surface *s = &tex->surface;
    const tuN_param_a *pa = &tuN_params_a[in->param_a];
    const uint32_t lod = in->lod == TU_NV_LOD_LL ? a->arg[TU_NV_ARG_LOD] : 0;
    uint32_t size[3];
    if (!tu_surface_level_extent(s, lod, &size[0], &size[1], &size[2])) return false;
    int64_t c[3] = {(int32_t)a->arg[TU_NV_ARG_S], (int32_t)a->arg[TU_NV_ARG_T],
                    (int32_t)a->arg[TU_NV_ARG_R]};
    if (in->aoffi) { /* ((w & 0xf) << 8) | ((v & 0xf) << 4) | (u & 0xf), each -8..7 */
        const uint32_t toff = a->arg[TU_NV_ARG_TOFF];
        for (unsigned k = 0; k < pa->coords; k++)
            c[k] += tuB_sign_extend(toff >> (4 * k), 4);
    }
    /* "a is U16": the array index is Ra[15:0]; a non-array texture has one layer. */
    int64_t layer = pa->array ? (a->arg[TU_NV_ARG_ARRAY] & 0xffff) : 0;
    const uint32_t layers = s->layers;
    bool inside = layer < layers;
    for (unsigned k = 0; k < pa->coords; k++)
        inside &= c[k] >= 0 && c[k] < size[k];
    if (!inside && !in->cl) return false; /* black border (0, 0, 0, 0) */
    for (unsigned k = 0; k < pa->coords; k++)
        c[k] = tuB_clamp_i64(c[k], 0, (int64_t)size[k] - 1);
    layer = tuB_clamp_i64(layer, 0, (int64_t)layers - 1);
    const uint32_t sample = in->ms ? a->arg[TU_NV_ARG_MS] : 0;
    if (sample >= s->samples) return false;
    *pos = (tu_texel_coord){(uint32_t)c[0], (uint32_t)c[1], (uint32_t)c[2], (uint32_t)layer, lod,
                            sample};
    return true;
}

/* Read the texels of the threads of `group`, which share one texture. */
static tu_status run_texture(const tu_nv_tld *in, const tu_nv_texture *tex, const tu_nv_state *st,
                             uint32_t index, uint32_t lanes, uint32_t group, const lane_args *args,
                             warp_result *res, tu_error *err) {
    tu_binding_cache *cache = st->cache;
    static const tu_msg zero_msg;
    _Alignas(64) tu_msg msg = zero_msg; /* on whole cache lines (sampler.h) */
    const tu_surface *s = &tex->surface;
    msg.op = s->samples > 1 ? TU_OP_LD2DMS_W : TU_OP_LD;
    msg.simd = lanes;
    msg.channel_mask = 0xf;
    msg.flags = TU_MSG_PIXEL_NULL_MASK;
    for (unsigned l = 0; l < lanes; l++) {
        tu_texel_coord p;
        if (!(group >> l & 1) || !lane_position(in, tex, &args[l], &p)) continue;
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
    const tu_binding *bound = NULL;
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
    } else if (!cache)
        est = tu_execute(&msg, s, &smp, &reply, &inner);
    else if ((est = tu_bind_cached(cache, s, &smp, &bound, &inner)) == TU_OK)
        est = tu_execute_bound(bound, &msg, &reply, &inner);
    if (est != TU_OK)
        return tuB_fail(err, inner.status, "TLD: the engine refused the load: %s", inner.message);
    for (unsigned l = 0; l < lanes; l++) {
        if (!(msg.lane_mask >> l & 1)) continue;
        if (!(reply.pixel_null_mask >> l & 1)) { /* sparse: data zero, Ps = 1 */
            res->sparse |= 1u << l;
            continue;
        }
        const uint32_t t[4] = {reply.channel[0].u[l], reply.channel[1].u[l], reply.channel[2].u[l],
                               reply.channel[3].u[l]};
        swizzle(tex, reply.value_class, t, res->value[l]);
    }
    return TU_OK;
}

static tu_status run_group(const tu_nv_tld *in, const tu_nv_state *st, uint32_t index,
                           uint32_t lanes, uint32_t group, const lane_args *args, warp_result *res,
                           tu_error *err) {
    tu_nv_tic h;
    bool valid;
    TU_TRY(tu_nv_pool_header(&st->headers, index, &h, &valid, err));
    if (!valid) return TU_OK; /* an invalid texture: zeros */
    tu_nv_texture tex;
    tu_error inner = {TU_OK, ""};
    if (tu_nv_tic_texture(&h, st->regions, st->region_count, &tex, &inner) != TU_OK)
        return tuB_fail(err, inner.status, "TLD texture header %u: %s", index, inner.message);
    /* "If the source coordinate description does not match the texture type of the texture
     * header, zeroes will be returned"; array and non-array forms mix freely. */
    if (tex.empty || tex.coords != tuN_params_a[in->param_a].coords) return TU_OK;
    return run_texture(in, &tex, st, index, lanes, group, args, res, err);
}

tu_status tu_nv_tld_execute(const tu_nv_tld *in, const tu_nv_state *st, tu_nv_regs *regs,
                            uint32_t active_mask, tu_error *err) {
    TU_RETURN_IF(!in || !st || !regs, err, TU_INVALID_ARGUMENT,
                 "instruction, state and registers must not be NULL");
    TU_TRY(tu_nv_tld_validate(in, err));
    TU_RETURN_IF(regs->lanes < 1 || regs->lanes > TU_MAX_LANES, err, TU_INVALID_ARGUMENT,
                 "register file lanes %u is not 1..%d", regs->lanes, TU_MAX_LANES);
    TU_TRY(tu_nv_state_validate(st, err));
    const uint32_t lanes = regs->lanes;
    const uint32_t all = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;

    uint32_t run = 0;
    for (unsigned l = 0; l < lanes; l++)
        if ((active_mask >> l & 1) && tu_nv_pred_read(regs, l, in->guard) != in->guard_not)
            run |= 1u << l;

    /* Read every source before anything is written (Rd may overlap Ra or Rb). */
    static const lane_args zero_args;
    lane_args args[TU_MAX_LANES];
    uint32_t header[TU_MAX_LANES];
    const tu_nv_packing p = tu_nv_tld_packing(in);
    for (unsigned l = 0; l < lanes; l++) {
        args[l] = zero_args;
        for (unsigned k = 0; k < p.ra_count; k++)
            args[l].arg[p.ra[k]] = tu_nv_reg_read(regs, l, in->ra + k);
        for (unsigned k = 0; k < p.rb_count; k++)
            args[l].arg[p.rb[k]] = tu_nv_reg_read(regs, l, in->rb + k);
        const uint32_t handle =
            in->bindless ? args[l].arg[TU_NV_ARG_HANDLE] : tu_nv_cbank_word(st, in->ts_index);
        header[l] = TU_NV_HANDLE_HEADER(handle);
    }

    static const warp_result zero_result;
    warp_result res = zero_result;
    for (uint32_t pending = run & all; pending;) {
        const uint32_t index = header[__builtin_ctz(pending)];
        uint32_t group = 0;
        for (unsigned l = 0; l < lanes; l++)
            if ((pending >> l & 1) && header[l] == index) group |= 1u << l;
        pending &= ~group;
        TU_TRY(run_group(in, st, index, lanes, group, args, &res, err));
    }

    /* Write back: the enabled components to consecutive registers from Rd; RZ drops them. */
    for (unsigned l = 0; l < lanes; l++) {
        if (!(run >> l & 1)) continue;
        for (unsigned c = 0, r = in->rd; c < 4; c++)
            if (in->wmask >> c & 1) {
                if (in->rd != TU_NV_RZ && r < TU_NV_RZ) regs->r[l][r] = res.value[l][c];
                r++;
            }
        if (in->ps != TU_NV_PT)
            regs->p[l] = (uint8_t)((regs->p[l] & ~(1u << in->ps)) | (unsigned)(res.sparse >> l & 1)
                                                                        << in->ps);
    }
    return TU_OK;
}
