/*
 * execute.c - tu_execute: validate a message, its surface and its sampler, then run each
 * enabled lane and write the reply. The op table and the sampler defaults live here.
 */
#include "engine.h"

#include <math.h>
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
    /* The coordinate table of spec/visa-3d-sample.md (sample) and 3d-load.md (load). */
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
    TU_RETURN_IF(!info, err, TU_INVALID_ARGUMENT, "message op %d is not a tu_op", (int)m->op);
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
                     "message flag CPS needs an implicit-LOD op, not %s (spec/visa-3d-sample.md "
                     "Op bit 9)",
                     info->name);
        TU_RETURN_IF(m->cps_x < 1 || m->cps_x > 4 || m->cps_y < 1 || m->cps_y > 4, err,
                     TU_INVALID_ARGUMENT, "message coarse pixel size %ux%u is not in 1..4 x 1..4",
                     m->cps_x, m->cps_y);
    }
    return TU_OK;
}

static tu_status check_msg(const tu_msg *m, const tu_op_info *info, const tu_surface *s,
                           const tu_sampler *smp, tu_error *err) {
    TU_TRY(tu_msg_validate(m, err));
    const tu_format_desc *fd = tu_format_describe(s->format);
    if (info->flags & TU_OPF_COMPARE) {
        TU_RETURN_IF(!(fd->flags & TU_FORMAT_FLAG_DEPTH), err, TU_INVALID_ARGUMENT,
                     "op %s compares against depth, but surface format %s has no depth", info->name,
                     fd->name);
        TU_RETURN_IF(smp->compare == TU_COMPARE_OFF, err, TU_INVALID_ARGUMENT,
                     "op %s needs a sampler compare function, but sampler compare is OFF",
                     info->name);
    }
    if (info->kind == TU_KIND_SAMPLE || info->kind == TU_KIND_GATHER || info->kind == TU_KIND_LOD) {
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

/* HF sources are rounded to half precision first (spec/visa-3d-sample.md: operands are
 * all HF or all F). */
static void round_half_sources(tu_msg *m, uint32_t sources) {
    for (unsigned src = 0; src < TU_SRC_COUNT; src++) {
        if (!(sources >> src & 1) || src == TU_SRC_OFFU || src == TU_SRC_OFFV || src == TU_SRC_OFFR)
            continue;
        for (unsigned l = 0; l < m->simd; l++)
            m->src[src].f[l] = tu_half_to_float(tu_float_to_half(m->src[src].f[l]));
    }
}

static tu_status execute(const tu_msg *msg, const tu_surface *surface, const tu_sampler *sampler,
                         tu_reply *reply, tu_error *err, bool allow_fast, const char **fast_path,
                         const tu_trace *trace);

tu_status tu_execute(const tu_msg *msg, const tu_surface *surface, const tu_sampler *sampler,
                     tu_reply *reply, tu_error *err) {
    return execute(msg, surface, sampler, reply, err, true, NULL, NULL);
}

tu_status tuE_execute(const tu_msg *msg, const tu_surface *surface, const tu_sampler *sampler,
                      tu_reply *reply, tu_error *err, bool allow_fast, const char **fast_path) {
    return execute(msg, surface, sampler, reply, err, allow_fast, fast_path, NULL);
}

/* The generic path only: the fast paths carry no trace hook (sampler.h). */
tu_status tu_execute_traced(const tu_msg *msg, const tu_surface *surface, const tu_sampler *sampler,
                            tu_reply *reply, const tu_trace *trace, tu_error *err) {
    TU_RETURN_IF(!trace || !trace->event, err, TU_INVALID_ARGUMENT,
                 "trace and its event function must not be NULL");
    return execute(msg, surface, sampler, reply, err, false, NULL, trace);
}

static tu_status execute(const tu_msg *msg, const tu_surface *surface, const tu_sampler *sampler,
                         tu_reply *reply, tu_error *err, bool allow_fast, const char **fast_path,
                         const tu_trace *trace) {
    if (fast_path) *fast_path = NULL;
    TU_RETURN_IF(!msg || !surface || !sampler || !reply, err, TU_INVALID_ARGUMENT,
                 "message, surface, sampler and reply must not be NULL");
    TU_TRY(tu_surface_validate(surface, err));
    TU_TRY(tu_sampler_validate(sampler, err));
    const tu_op_info *info = tu_op_describe(msg->op);
    TU_TRY(check_msg(msg, info, surface, sampler, err));

    tu_msg half_msg;
    if ((msg->flags & TU_MSG_HALF_SOURCES) && info->kind != TU_KIND_LOAD &&
        info->kind != TU_KIND_INFO) {
        half_msg = *msg;
        round_half_sources(&half_msg, tu_op_sources(msg->op, surface->type, surface->arrayed));
        msg = &half_msg;
    }

    tuE_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.msg = msg;
    ctx.surf = surface;
    ctx.smp = sampler;
    ctx.fd = tu_format_describe(surface->format);
    ctx.op = info;
    ctx.is_cube = surface->type == TU_SURFACE_CUBE;
    ctx.integer = ctx.fd->format_class != TU_CLASS_FLOAT;
    ctx.hw = sampler->precision == TU_PRECISION_HW;
    ctx.compare = (info->flags & TU_OPF_COMPARE) != 0;
    for (unsigned i = 0; i < ctx.fd->channel_count; i++) {
        const uint8_t comp = ctx.fd->channels[i].component;
        if (comp <= TU_COMPONENT_A)
            ctx.present |= (uint8_t)(1u << comp);
        else if (comp == TU_COMPONENT_D || comp == TU_COMPONENT_S)
            ctx.present |= 1u;
    }
    ctx.levels = surface->level_count;
    ctx.array_layers = ctx.is_cube ? surface->layers / 6 : surface->layers;
    tu_surface_level_extent(surface, 0, &ctx.base_w, &ctx.base_h, &ctx.base_d);
    /* 8-bit fixed-point filtering: every field an 8-bit UNORM colour (not sRGB). */
    ctx.fixed8 = ctx.hw && !ctx.compare && ctx.fd->format_class == TU_CLASS_FLOAT;
    for (unsigned i = 0; i < ctx.fd->channel_count; i++)
        ctx.fixed8 &= ctx.fd->channels[i].numeric == TU_NUMERIC_UNORM &&
                      ctx.fd->channels[i].bits == 8 &&
                      ctx.fd->channels[i].component <= TU_COMPONENT_A;
    ctx.lod_bias = sampler->lod_bias;
    ctx.min_lod = sampler->min_lod;
    ctx.max_lod = sampler->max_lod;
    if (ctx.hw) { /* SAMPLER_STATE holds them in 1/256 steps (notes/intel-sampler.md §4.1) */
        ctx.lod_bias = tuE_snap256(ctx.lod_bias);
        ctx.min_lod = tuE_snap256(ctx.min_lod);
        ctx.max_lod = tuE_snap256(ctx.max_lod);
    }

    const float *coord[3] = {msg->src[TU_SRC_U].f, msg->src[TU_SRC_V].f, msg->src[TU_SRC_R].f};
    const bool derivs =
        info->lod == TU_LOD_IMPLICIT || info->lod == TU_LOD_BIAS || info->lod == TU_LOD_GRAD;
    uint32_t null_mask = 0xffffffffu;
    reply->value_class = (ctx.compare || info->kind == TU_KIND_LOD) ? TU_CLASS_FLOAT
                         : (info->kind == TU_KIND_INFO || (info->flags & TU_OPF_MCS))
                             ? TU_CLASS_UINT
                             : ctx.fd->format_class;
    /* The fast-path table (fast.c, DESIGN.md §3); the rows need no residency map, so every
     * lane's pixel null mask bit is 1. */
    const char *fast = allow_fast ? tuE_fast_run(&ctx, reply) : NULL;
    if (fast) {
        if (fast_path) *fast_path = fast;
        if (msg->flags & TU_MSG_PIXEL_NULL_MASK) reply->pixel_null_mask = null_mask;
        return TU_OK;
    }
    for (unsigned l = 0; l < msg->simd; l++) {
        if (!(msg->lane_mask >> l & 1)) continue;
        tuE_lane lane = {false, trace && trace->lane == l ? trace : NULL};
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
        if (lane.trace) {
            const tu_trace_event e = {
                .kind = TU_TRACE_RESULT, .value = t, .value_class = reply->value_class};
            tuE_trace(&lane, &e);
        }
        if (lane.null_page) null_mask &= ~(1u << l);
    }
    if (msg->flags & TU_MSG_PIXEL_NULL_MASK) reply->pixel_null_mask = null_mask;
    return TU_OK;
}
