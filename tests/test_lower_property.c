/* SPDX-License-Identifier: MIT */
/*
 * test_lower_property.c - the lowering is faithful: for thousands of random logical
 * messages (every row of the Intel op table, widths 4..32, random lane and channel masks,
 * immediate and per-lane offsets, pixel null mask on surfaces with null pages, F and HF / UD
 * and UW parameters, 32- and 16-bit returns, null destinations, sampler indices past 15 and
 * bindless handles, CPS) on random surfaces and samplers, on the "skl", "tgl" and "xe2" presets
 * with both width rules,
 *
 *   direct:   tu_execute(logical message) -> the response layout of the logical message
 *   lowered:  tu_lower_split -> tu_lower_payload -> tu_send_execute -> tu_lower_zip
 *
 * give bit-identical destinations: channel data of every enabled lane and the pixel null
 * mask DWord (the promise of texunit/lower.h). A message the engine refuses is refused by
 * the send too, and each send executes again as Mesa sends it (brw_opt_split_sends: the
 * header in src0, the parameters in src1; a headerless payload cut at a parameter) with the
 * same response and Mesa's descriptor; a message no physical message can carry is refused by the
 * lowering with its reason (checked against Mesa's and IGC's rules: too long even at native width,
 * or a _po / pre-Xe2 type on the wrong target).
 */
#include "texunit/texunit.h"
#include "texunit/lower.h"

#include "../src/lower/intel_ops.h"
#include "tu_test.h"

#include <math.h>
#include <stdlib.h>

static uint64_t rng = 0x5eed1234abcdull;

static uint32_t rnd(uint32_t n) {
    return n ? (uint32_t)(tu_test_rand(&rng) % n) : 0;
}

static float rndf(float lo, float hi) {
    return lo + (hi - lo) * (float)(tu_test_rand(&rng) >> 40) / (float)(1u << 24);
}

/* --- surfaces ------------------------------------------------------------------------------ */

enum { SURF_COUNT = 12 };

typedef struct surf {
    tu_image img, mcs;
    uint8_t resident[64];
    tu_residency res;
    bool depth, ms;
} surf;

static surf surfs[SURF_COUNT];

static void make_surface(surf *s, tu_surface_type type, bool arrayed, tu_format f, uint32_t w,
                         uint32_t h, uint32_t d, uint32_t layers, uint32_t samples, bool null_pages,
                         uint32_t seed) {
    tu_surface desc = {.type = type,
                       .arrayed = arrayed,
                       .format = f,
                       .width = w,
                       .height = h,
                       .depth = d,
                       .layers = layers,
                       .levels = 1,
                       .samples = samples};
    if (samples == 1) desc.levels = tu_surface_max_levels(&desc);
    s->img = tu_test_image(type, arrayed, f, w, h, d, layers, desc.levels, samples);
    tu_error err = {0};
    CHECK(tu_surface_fill_hash(&s->img.surface, seed, &err) == TU_OK, "%s", err.message);
    s->depth = (tu_format_describe(f)->flags & TU_FORMAT_FLAG_DEPTH) != 0;
    s->ms = samples > 1;
    if (null_pages) { /* 64-byte pages, about one in five null */
        const size_t pages = (s->img.surface.size + 63) / 64;
        CHECK(pages <= sizeof s->resident * 8, "%zu pages", pages);
        for (size_t p = 0; p < sizeof s->resident * 8; p++)
            if (rnd(5) != 0) s->resident[p / 8] |= (uint8_t)(1u << (p % 8));
        s->res.bits = s->resident;
        s->res.bits_size = sizeof s->resident;
        s->res.page_size_log2 = 6;
        s->img.surface.residency = &s->res;
    }
    if (s->ms) { /* an MCS surface of random elements, some all ones (clear) */
        const tu_format mf = samples <= 4   ? TU_FORMAT_R8_UINT
                             : samples == 8 ? TU_FORMAT_R32_UINT
                                            : TU_FORMAT_R32G32_UINT;
        s->mcs = tu_test_image(TU_SURFACE_2D, arrayed, mf, w, h, 1, layers, 1, 1);
        uint8_t *p = s->mcs.memory;
        for (size_t i = 0; i < s->mcs.surface.size; i++)
            p[i] = rnd(4) == 0 ? 0xff : (uint8_t)rnd(256);
        s->img.surface.mcs = &s->mcs.surface;
    }
}

static void make_surfaces(void) {
    make_surface(&surfs[0], TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, 1, true,
                 1);
    make_surface(&surfs[1], TU_SURFACE_2D, true, TU_FORMAT_R16G16B16A16_SFLOAT, 8, 8, 1, 3, 1,
                 false, 2);
    make_surface(&surfs[2], TU_SURFACE_3D, false, TU_FORMAT_R8G8B8A8_UNORM, 8, 8, 4, 1, 1, true, 3);
    make_surface(&surfs[3], TU_SURFACE_CUBE, false, TU_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 6, 1, false,
                 4);
    make_surface(&surfs[4], TU_SURFACE_CUBE, true, TU_FORMAT_R16G16B16A16_SFLOAT, 4, 4, 1, 12, 1,
                 false, 5);
    make_surface(&surfs[5], TU_SURFACE_1D, true, TU_FORMAT_R8G8B8A8_UNORM, 16, 1, 1, 4, 1, true, 6);
    make_surface(&surfs[6], TU_SURFACE_2D, false, TU_FORMAT_D32_SFLOAT, 16, 16, 1, 1, 1, true, 7);
    make_surface(&surfs[7], TU_SURFACE_2D, true, TU_FORMAT_D16_UNORM, 8, 8, 1, 2, 1, false, 8);
    make_surface(&surfs[8], TU_SURFACE_2D, false, TU_FORMAT_R32G32B32A32_UINT, 8, 8, 1, 1, 1, false,
                 9);
    make_surface(&surfs[9], TU_SURFACE_2D, true, TU_FORMAT_R16G16B16A16_SINT, 8, 8, 1, 2, 1, true,
                 10);
    make_surface(&surfs[10], TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UINT, 8, 8, 1, 1, 4, false,
                 11);
    make_surface(&surfs[11], TU_SURFACE_2D, true, TU_FORMAT_R32_SFLOAT, 4, 4, 1, 2, 16, true, 12);
}

static void free_surfaces(void) {
    for (int i = 0; i < SURF_COUNT; i++) {
        tu_image_free(&surfs[i].img);
        tu_image_free(&surfs[i].mcs);
    }
}

/* A surface the op can run on: multisample for ld_mcs / ld2dms_w, depth for compares,
 * single-sample otherwise. */
static const surf *pick_surface(const tu_op_info *info) {
    for (;;) {
        const surf *s = &surfs[rnd(SURF_COUNT)];
        if (info->flags & (TU_OPF_MS | TU_OPF_MCS)) {
            if (s->ms) return s;
        } else if (info->kind == TU_KIND_INFO) {
            return s;
        } else if (s->ms) {
            continue;
        } else if (info->flags & TU_OPF_COMPARE) {
            if (s->depth) return s;
        } else {
            return s;
        }
    }
}

static tu_sampler random_sampler(bool compare) {
    tu_sampler s = tu_sampler_default();
    s.min_filter = (uint8_t)rnd(2);
    s.mag_filter = (uint8_t)rnd(2);
    s.mip_filter = (uint8_t)rnd(3);
    for (int a = 0; a < 3; a++)
        s.address[a] = (uint8_t)rnd(5);
    s.max_anisotropy = rnd(4) == 0 ? (uint8_t)(2 + rnd(7)) : 0;
    s.precision = (uint8_t)rnd(2);
    s.reduction = rnd(5) == 0 ? (uint8_t)(1 + rnd(2)) : 0;
    s.lod_bias = rnd(3) == 0 ? rndf(-1.0f, 1.0f) : 0.0f;
    s.min_lod = rnd(4) == 0 ? rndf(0.0f, 1.0f) : 0.0f;
    s.max_lod = rnd(4) == 0 ? rndf(1.0f, 3.0f) : 1000.0f;
    s.compare = compare ? (uint8_t)(TU_COMPARE_NEVER + rnd(8)) : TU_COMPARE_OFF;
    s.border_color.f[0] = 0.25f, s.border_color.f[3] = 1.0f;
    return s;
}

/* --- messages ------------------------------------------------------------------------------ */

static uint32_t float_bits(float f) {
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static float truncated(float f) { /* a float whose low 12 bits are free for packed offsets */
    const uint32_t b = float_bits(f) & 0xfffff000u;
    memcpy(&f, &b, 4);
    return f;
}

/* The sources parameter p carries (what the generator fills for it). */
static uint32_t param_sources(tuL_param p) {
#define B(x) (1u << TU_SRC_##x)
    static const uint32_t table[TUL_P_COUNT] = {
        [TUL_P_U] = B(U),
        [TUL_P_V] = B(V),
        [TUL_P_R] = B(R),
        [TUL_P_AI] = B(AI),
        [TUL_P_REF] = B(REF),
        [TUL_P_BIAS] = B(BIAS),
        [TUL_P_LOD] = B(LOD),
        [TUL_P_DUDX] = B(DUDX),
        [TUL_P_DUDY] = B(DUDY),
        [TUL_P_DVDX] = B(DVDX),
        [TUL_P_DVDY] = B(DVDY),
        [TUL_P_DRDX] = B(DRDX),
        [TUL_P_DRDY] = B(DRDY),
        [TUL_P_OFFU] = B(OFFU),
        [TUL_P_OFFV] = B(OFFV),
        [TUL_P_SI] = B(SI),
        [TUL_P_MCSL] = B(MCSL),
        [TUL_P_MCSH] = B(MCSH),
        [TUL_P_MCS0] = B(MCSL),
        [TUL_P_MCS1] = B(MCSL),
        [TUL_P_MCS2] = B(MCSH),
        [TUL_P_MCS3] = B(MCSH),
        [TUL_P_OFFUVR] = B(OFFU) | B(OFFV) | B(OFFR),
        [TUL_P_BIAS_OFFUVR] = B(BIAS) | B(OFFU) | B(OFFV) | B(OFFR),
        [TUL_P_LOD_OFFUVR] = B(LOD) | B(OFFU) | B(OFFV) | B(OFFR),
        [TUL_P_LOD_OFFUV] = B(LOD) | B(OFFU) | B(OFFV),
        [TUL_P_R_OFFUV] = B(R) | B(OFFU) | B(OFFV),
        [TUL_P_R_OFFUVR] = B(R) | B(OFFU) | B(OFFV) | B(OFFR),
    };
#undef B
    return table[p];
}

typedef struct gen {
    const surf *s;
    bool fl, half;
    float base[8][3], dx[8][3], dy[8][3]; /* per 2x2 subspan: coordinate and steps */
} gen;

static float coord(const gen *g, int axis, uint32_t lane) {
    const uint32_t q = lane / 4;
    return g->base[q][axis] + (lane & 1 ? g->dx[q][axis] : 0.0f) +
           (lane & 2 ? g->dy[q][axis] : 0.0f);
}

/* Fill parameter p's sources in every lane with values it can carry. */
static void gen_param(const gen *g, tuL_param p, tu_msg *m) {
    const tu_surface *su = &g->s->img.surface;
    const uint32_t layers = su->type == TU_SURFACE_CUBE ? su->layers / 6 : su->layers;
    const bool cube = su->type == TU_SURFACE_CUBE;
    for (uint32_t l = 0; l < m->simd; l++) {
        switch (p) {
        case TUL_P_U:
        case TUL_P_V:
        case TUL_P_R:
        case TUL_P_AI: {
            const int axis = p - TUL_P_U;
            if (!g->fl) { /* integer coordinates, a few out of bounds */
                const uint32_t extent = axis == 0 ? su->width : axis == 1 ? su->height : 4;
                m->src[TU_SRC_U + axis].i[l] = (int32_t)rnd(extent + 2) - (g->half ? 0 : 1);
                break;
            }
            const bool layer = (su->arrayed && su->type == TU_SURFACE_1D && axis == 1) ||
                               (su->arrayed && su->type == TU_SURFACE_2D && axis == 2) || axis == 3;
            m->src[TU_SRC_U + axis].f[l] =
                layer ? rndf(-0.5f, (float)layers + 0.5f)
                      : (cube ? 2.0f * coord(g, axis, l) - 1.0f : coord(g, axis, l));
            break;
        }
        case TUL_P_REF: m->src[TU_SRC_REF].f[l] = rndf(-0.1f, 1.1f); break;
        case TUL_P_BIAS: m->src[TU_SRC_BIAS].f[l] = rndf(-3.0f, 3.0f); break;
        case TUL_P_LOD:
            if (g->fl)
                m->src[TU_SRC_LOD].f[l] = rndf(-1.0f, 5.0f);
            else
                m->src[TU_SRC_LOD].u[l] = rnd(su->level_count + 2);
            break;
        case TUL_P_DUDX:
        case TUL_P_DUDY:
        case TUL_P_DVDX:
        case TUL_P_DVDY:
        case TUL_P_DRDX:
        case TUL_P_DRDY: m->src[TU_SRC_DUDX + (p - TUL_P_DUDX)].f[l] = rndf(-0.4f, 0.4f); break;
        case TUL_P_OFFU:
        case TUL_P_OFFV: m->src[TU_SRC_OFFU + (p - TUL_P_OFFU)].i[l] = (int32_t)rnd(64) - 32; break;
        case TUL_P_SI: m->src[TU_SRC_SI].u[l] = rnd(su->samples + 1); break;
        case TUL_P_MCSL:
        case TUL_P_MCS0:
        case TUL_P_MCS1:
            m->src[TU_SRC_MCSL].u[l] = rnd(4) == 0 ? 0xffffffffu : (uint32_t)tu_test_rand(&rng);
            break;
        case TUL_P_MCSH:
        case TUL_P_MCS2:
        case TUL_P_MCS3:
            m->src[TU_SRC_MCSH].u[l] = rnd(4) == 0 ? 0xffffffffu : (uint32_t)tu_test_rand(&rng);
            break;
        case TUL_P_OFFUVR:
        case TUL_P_BIAS_OFFUVR:
        case TUL_P_LOD_OFFUVR:
        case TUL_P_LOD_OFFUV:
        case TUL_P_R_OFFUV:
        case TUL_P_R_OFFUVR: {
            const uint32_t s = param_sources(p);
            m->src[TU_SRC_OFFU].i[l] = (int32_t)rnd(16) - 8;
            m->src[TU_SRC_OFFV].i[l] = (int32_t)rnd(16) - 8;
            m->src[TU_SRC_OFFR].i[l] = (s >> TU_SRC_OFFR & 1) ? (int32_t)rnd(16) - 8 : 0;
            if (s >> TU_SRC_BIAS & 1) m->src[TU_SRC_BIAS].f[l] = truncated(rndf(-3.0f, 3.0f));
            if (s >> TU_SRC_LOD & 1) m->src[TU_SRC_LOD].f[l] = truncated(rndf(-1.0f, 5.0f));
            if (s >> TU_SRC_R & 1) m->src[TU_SRC_R].f[l] = truncated(m->src[TU_SRC_R].f[l]);
            break;
        }
        case TUL_P_OFFSETS: /* data-port operands: no sampler parameter */
        case TUL_P_SRC:
        case TUL_P_SRC0:
        case TUL_P_SRC1:
        case TUL_P_COUNT: break;
        }
    }
}

/* --- one message, both paths ---------------------------------------------------------------- */

typedef struct tally {
    long runs, same, engine_refusals, lower_refusals, splits, headers, written;
    long split_sends, split_headers; /* Mesa's split sends executed alike, headered ones */
} tally;

enum { DST_BYTES = (4 * 4 + 1) * 64 };

/* Mesa's descriptor (brw_eu.h, brw_sampler_desc with brw_message_desc), written from its
 * fields as Mesa writes them: type bit 5 in bit 31 on Xe2 (Gfx20), SIMD mode 2 in bit 29. */
static uint32_t mesa_sampler_desc(const tu_target *t, uint32_t bti, uint32_t sampler, uint32_t type,
                                  uint32_t simd_mode, uint32_t ret16, uint32_t mlen, uint32_t rlen,
                                  bool header) {
    uint32_t d = (bti & 0xff) | (sampler & 0xf) << 8 | (simd_mode & 3) << 17 |
                 (simd_mode >> 2 & 1) << 29 | (ret16 & 1) << 30;
    d |= t->verx10 >= 200 ? ((type & 0x1f) << 12 | (type >> 5 & 1) << 31) : (type & 0x1f) << 12;
    return d | (mlen & 0xf) << 25 | (rlen & 0x1f) << 20 | (uint32_t)header << 19;
}

/* The same physical message as Mesa sends it (brw_opt.cpp, brw_opt_split_sends): a headered
 * payload split after the header (src0 the header, src1 the parameters), a headerless one
 * after a random parameter; the extended length in ex_desc bits 9:6, 10:6 on Xe2
 * (brw_message_ex_desc). Its descriptor must be Mesa's, and it must execute as the one-payload
 * send did: the same status, the same response bytes. */
static void mesa_split_send(const tu_payload *pl, const tu_lmsg *lm, const tu_target *t,
                            const tu_send_tables *tables, tu_status want, const uint8_t *resp,
                            tally *ty) {
    const uint32_t grf = t->grf_bytes;
    uint32_t src0 = 0;
    if (pl->header && pl->mlen > 1)
        src0 = 1;
    else if (!pl->header && pl->param_count > 1)
        src0 = (1 + rnd(pl->param_count - 1)) * pl->param_regs;
    if (!src0) return; /* Mesa splits nothing of one GRF, or of one parameter */
    const uint32_t ex_mlen = pl->mlen - src0;
    const uint32_t type = (pl->desc >> 12 & 0x1f) | (t->xe2_msg_types ? pl->desc >> 31 << 5 : 0);
    const uint32_t mode = (pl->desc >> 17 & 3) | (pl->desc >> 29 & 1) << 2;
    const bool bindless = (lm->flags & TU_LMSG_BINDLESS_SURFACE) != 0;
    const uint32_t desc =
        mesa_sampler_desc(t, bindless ? 252 : lm->surface, pl->desc >> 8 & 0xf, type, mode,
                          pl->desc >> 30 & 1, src0, pl->rlen, pl->header);
    if (!(lm->msg.flags & TU_MSG_CPS)) /* CPS LOD compensation is IGC's bit 31, not Mesa's */
        CHECK_EQ_U(desc, (pl->desc & ~(0xfu << 25)) | src0 << 25);
    const uint32_t ex_desc = pl->ex_desc | ex_mlen << 6;
    uint8_t *a = malloc((size_t)src0 * grf), *b = malloc((size_t)ex_mlen * grf);
    memcpy(a, pl->grf, (size_t)src0 * grf);
    /* ANV's direct descriptors: a bindless sampler handle relative to the bindless sampler
     * base, DW3 bit 0 set (Mesa lower_sampler_logical_send, use_bindless_sampler_offset) */
    if (pl->header && (lm->flags & TU_LMSG_BINDLESS_SAMPLER) && t->verx10 >= 110 && rnd(2))
        a[12] |= 1;
    memcpy(b, pl->grf + (size_t)src0 * grf, (size_t)ex_mlen * grf);
    const tu_send s = {(pl->desc & ~(0xfu << 25)) | src0 << 25,
                       ex_desc,
                       pl->exec_mask,
                       a,
                       (size_t)src0 * grf,
                       lm->msg.cps_x,
                       lm->msg.cps_y,
                       b,
                       (size_t)ex_mlen * grf};
    uint8_t split[(4 * 2 + 1) * 64];
    memset(split, 0xa5, sizeof split);
    tu_error err = {0};
    const tu_status got = tu_send_execute(&s, t, tables, split, sizeof split, &err);
    CHECK(got == want, "split send of %s on %s: %s (%s), one payload %s",
          tu_op_describe(lm->msg.op)->name, t->name, tu_status_name(got), err.message,
          tu_status_name(want));
    if (got == TU_OK && want == TU_OK) {
        CHECK(memcmp(split, resp, (size_t)pl->rlen * grf) == 0,
              "split send of %s on %s: another response", tu_op_describe(lm->msg.op)->name,
              t->name);
        ty->split_sends++;
        ty->split_headers += pl->header;
    }
    free(a);
    free(b);
}

static void run_one(const tu_target *t, tally *ty) {
    const tuL_op *row = &tuL_ops[rnd(tuL_op_count)];
    const tu_op_info *info = tu_op_describe((tu_op)row->op);
    gen g = {0};
    /* now and then any surface: the engine's refusals must come back through the send */
    g.s = rnd(20) ? pick_surface(info) : &surfs[rnd(SURF_COUNT)];
    g.fl = row->pclass == TUL_PC_FLOAT;
    bool packed = false;
    for (unsigned i = 0; i < row->nparams; i++)
        packed |= row->params[i] >= TUL_P_OFFUVR;
    const bool ms16 = (info->flags & (TU_OPF_MS | TU_OPF_MCS)) && t->ms_loads_16bit;
    g.half = row->pclass == TUL_PC_INT_UW || ms16 ||
             (t->half_params && row->pclass != TUL_PC_UD && row->pclass != TUL_PC_INT_UD &&
              !packed && rnd(3) == 0);
    if (!t->half_params && row->pclass == TUL_PC_INT_UW) return; /* no UW form on skl */
    if (g.half && row->pclass == TUL_PC_INT_UD) row = &row[1];   /* ld2dms_w's UW row */

    tu_lmsg *lm = calloc(1, sizeof *lm);
    tu_msg *m = &lm->msg;
    m->op = (tu_op)row->op;
    static const uint32_t widths[] = {8, 16, 32, 8, 16, 32, 4, 12, 24, 5, 19};
    const bool derivs = (info->lod == TU_LOD_IMPLICIT || info->lod == TU_LOD_BIAS) &&
                        info->kind != TU_KIND_LOAD && info->kind != TU_KIND_INFO;
    do
        m->simd = widths[rnd(sizeof widths / sizeof widths[0])];
    while (derivs && m->simd % 4);
    m->lane_mask = rnd(3) == 0 ? 0xffffffffu : (uint32_t)tu_test_rand(&rng);
    m->channel_mask = 1 + rnd(15);
    m->gather_channel = info->kind == TU_KIND_GATHER ? rnd(4) : 0;
    if (rnd(3) == 0)
        for (int a = 0; a < 3; a++)
            m->offset[a] = (int32_t)rnd(16) - 8;
    if (rnd(2)) m->flags |= TU_MSG_PIXEL_NULL_MASK;
    if ((row->flags & TUL_F_CPS) && rnd(4) == 0) {
        m->flags |= TU_MSG_CPS;
        m->cps_x = 1 + rnd(4), m->cps_y = 1 + rnd(4);
    }
    if (g.half) {
        lm->flags |= TU_LMSG_PARAMS_16BIT;
        if (g.fl) m->flags |= TU_MSG_HALF_SOURCES;
    }
    if (rnd(3) == 0) lm->flags |= TU_LMSG_RETURN_16BIT;
    if (rnd(25) == 0 && !(m->flags & TU_MSG_PIXEL_NULL_MASK)) lm->flags |= TU_LMSG_NO_RESPONSE;
    for (int q = 0; q < 8; q++)
        for (int a = 0; a < 3; a++) {
            g.base[q][a] = rndf(-0.25f, 1.25f);
            const float step = rnd(4) == 0 ? 0.5f : 0.05f;
            g.dx[q][a] = rndf(-step, step);
            g.dy[q][a] = rndf(-step, step);
        }
    /* the parameters given: all, or a prefix with the rest absent (zero) */
    const uint32_t given = row->nparams == 0 ? 0 : rnd(3) ? row->nparams : 1 + rnd(row->nparams);
    uint32_t covered = 0;
    for (uint32_t i = 0; i < given; i++) {
        gen_param(&g, (tuL_param)row->params[i], m);
        covered |= param_sources((tuL_param)row->params[i]);
    }
    for (uint32_t i = given; i < row->nparams; i++) { /* absent: reads zero */
        const uint32_t s = param_sources((tuL_param)row->params[i]) & ~covered;
        for (unsigned src = 0; src < TU_SRC_COUNT; src++)
            if (s >> src & 1) memset(m->src[src].u, 0, sizeof m->src[src].u);
    }

    /* the state: a binding-table index or a bindless surface, a sampler index (past 15
     * half the time) or a bindless sampler */
    static const tu_surface *table[TU_VISA_MAX_BINDINGS];
    static const tu_sampler *states[64];
    memset(table, 0, sizeof table);
    memset(states, 0, sizeof states);
    tu_sampler smp = random_sampler((info->flags & TU_OPF_COMPARE) != 0);
    tu_send_binding bindless[2] = {{0}};
    if (rnd(4) == 0) {
        lm->flags |= TU_LMSG_BINDLESS_SURFACE;
        lm->surface = (1 + rnd(0xfffff)) << 12;
        bindless[0].handle = lm->surface;
        bindless[0].surface = &g.s->img.surface;
    } else {
        lm->surface = rnd(252);
        table[lm->surface] = &g.s->img.surface;
    }
    if (rnd(4) == 0) {
        lm->flags |= TU_LMSG_BINDLESS_SAMPLER;
        lm->sampler = (0x800 + rnd(0x10000)) << 5;
        bindless[1].handle = lm->sampler;
        bindless[1].sampler = &smp;
    } else {
        lm->sampler = rnd(64);
        states[lm->sampler] = &smp;
    }
    /* Every other message's sends go through one binding cache kept across messages: the
     * surfaces and samplers change from message to message (often at the same addresses),
     * so a stale binding would show as a difference from the direct run. */
    static tu_binding_cache cache;
    const tu_send_tables tables = {table, 252, states, 64, bindless, 2, rnd(2) ? &cache : NULL};
    const bool sampled =
        info->kind == TU_KIND_SAMPLE || info->kind == TU_KIND_GATHER || info->kind == TU_KIND_LOD;
    const tu_sampler load_state = tu_sampler_default();

    /* direct */
    tu_reply *reply = calloc(1, sizeof *reply);
    uint8_t direct[DST_BYTES], lowered[DST_BYTES];
    memset(direct, 0xa5, sizeof direct);
    memset(lowered, 0xa5, sizeof lowered);
    tu_error err = {0}, lerr = {0};
    const tu_status dst =
        tu_execute(m, &g.s->img.surface, sampled ? &smp : &load_state, reply, &err);
    if (dst == TU_OK)
        CHECK(tu_lower_response_write(lm, t, reply, direct, sizeof direct, &err) == TU_OK, "%s",
              err.message);

    /* lowered */
    tu_lplan *plan = calloc(1, sizeof *plan);
    tu_payload *pl = calloc(1, sizeof *pl);
    tu_status lst = tu_lower_split(lm, t, plan, &lerr);
    bool lowered_ok = lst == TU_OK; /* split and payloads; the sends may still refuse */
    for (uint32_t k = 0; lst == TU_OK && k < plan->count; k++) {
        lst = tu_lower_payload(&plan->part[k], t, pl, &lerr);
        if (lst != TU_OK) {
            lowered_ok = false;
            break;
        }
        const tu_send s = {
            pl->desc, pl->ex_desc, pl->exec_mask, pl->grf, (size_t)pl->mlen * t->grf_bytes,
            m->cps_x, m->cps_y,    NULL,          0};
        uint8_t resp[(4 * 2 + 1) * 64];
        memset(resp, 0xa5, sizeof resp); /* the send writes enabled lanes only */
        lst = tu_send_execute(&s, t, &tables, resp, sizeof resp, &lerr);
        mesa_split_send(pl, lm, t, &tables, lst, resp, ty);
        if (lst == TU_OK)
            CHECK(tu_lower_zip(lm, &plan->part[k], t, resp, sizeof resp, lowered, sizeof lowered,
                               &lerr) == TU_OK,
                  "%s", lerr.message);
    }
    ty->runs++;
    if (!lowered_ok) { /* only what no message of the target can carry */
        ty->lower_refusals++;
        const bool po_elsewhere = (row->subop >= 32 && !t->xe2_msg_types) ||
                                  ((row->flags & TUL_F_PRE_XE2) && t->xe2_msg_types);
        const bool too_long = strstr(lerr.message, "GRFs at SIMD") != NULL;
        /* sample_d's 8th parameter on is the minimum LOD from Gfx12.5 (Mesa brw_sampler.c) */
        const bool reduced_d = t->verx10 >= 125 && row->op == TU_OP_SAMPLE_D &&
                               strstr(lerr.message, "then the minimum LOD") != NULL;
        CHECK(lst == TU_UNSUPPORTED && (po_elsewhere || too_long || reduced_d),
              "%s SIMD%u on %s refused: %s (%s)", row->mnemonic, m->simd, t->name,
              tu_status_name(lst), lerr.message);
        if (too_long) { /* MAX_SAMPLER_MESSAGE_SIZE: header + parameters exceed 11 at native */
            const uint32_t regs =
                (t->native_simd * (g.half ? 2 : 4) + t->grf_bytes - 1) / t->grf_bytes;
            CHECK(row->nparams * regs + 1 > t->max_mlen, "%s: %s", row->mnemonic, lerr.message);
        }
    } else if (dst != TU_OK || lst != TU_OK) { /* the engine refused: the send the same way */
        ty->engine_refusals++;
        CHECK(lst == dst, "%s on %s: direct %s (%s), lowered %s (%s)", row->mnemonic, t->name,
              tu_status_name(dst), err.message, tu_status_name(lst), lerr.message);
    } else {
        ty->splits += plan->count > 1;
        ty->headers += plan->header;
        const size_t n = tu_lower_response_size(lm, t);
        const bool same = memcmp(direct, lowered, sizeof direct) == 0;
        ty->same += same;
        bool data = n == 0; /* a null destination has nothing to hold */
        for (size_t i = 0; i < n && !data; i++)
            data = direct[i] != 0xa5;
        ty->written += data;
        if (!same) {
            size_t at = 0;
            while (at < n && direct[at] == lowered[at])
                at++;
            CHECK(same,
                  "%s SIMD%u on %s (%u parts, width %u, surface %d%s%s): first difference at "
                  "byte %zu of %zu: 0x%02x vs 0x%02x",
                  row->mnemonic, m->simd, t->name, plan->count, plan->width, (int)(g.s - surfs),
                  g.half ? ", 16-bit params" : "",
                  (lm->flags & TU_LMSG_RETURN_16BIT) ? ", 16-bit return" : "", at, n, direct[at],
                  lowered[at]);
        }
    }
    free(pl);
    free(plan);
    free(reply);
    free(lm);
}

static void check_preset(const char *name, int count, bool mesa) {
    tu_target t = *tu_target_preset(name);
    if (mesa) t.width_rule = TU_WIDTH_MESA;
    tally ty = {0};
    for (int i = 0; i < count; i++)
        run_one(&t, &ty);
    printf("  %s%s: %ld messages: %ld identical (%ld split, %ld with a header), %ld refused by "
           "the engine on both paths, %ld not lowerable\n",
           name, mesa ? " (Mesa width rule)" : "", ty.runs, ty.same, ty.splits, ty.headers,
           ty.engine_refusals, ty.lower_refusals);
    printf("  %s%s: %ld sends again as Mesa's split sends, the same response (%ld with the "
           "header in src0)\n",
           name, mesa ? " (Mesa width rule)" : "", ty.split_sends, ty.split_headers);
    CHECK(ty.split_sends > count / 4 && ty.split_headers > 0, "only %ld split sends (%ld headered)",
          ty.split_sends, ty.split_headers);
    CHECK(ty.same > count / 2, "only %ld of %d messages compared", ty.same, count);
    CHECK(ty.splits > 0 && ty.headers > 0, "no splits or headers exercised");
    CHECK(ty.written > ty.same * 9 / 10, "only %ld of %ld responses hold data", ty.written,
          ty.same);
}

static void test_lowered_equals_direct(void) {
    make_surfaces();
    check_preset("tgl", 3000, false);
    check_preset("xe2", 3000, false);
    check_preset("skl", 600, false);
    check_preset("dg2", 1500, false);
    check_preset("tgl", 800, true);
    check_preset("xe2", 800, true);
    check_preset("dg2", 400, true);
    free_surfaces();
}

int main(void) {
    rng = tu_test_seed(rng);
    TU_RUN(test_lowered_equals_direct);
    return tu_test_finish();
}
