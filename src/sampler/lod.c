/* SPDX-License-Identifier: MIT */
/*
 * lod.c - derivatives and the level of detail (Vulkan "Level-of-Detail Operation",
 * Vulkan spec, "Level-of-Detail Operation"):
 *
 *   m_ux = ds/dx * w_base, ...   rho_x = |(m_ux, m_vx, m_wx)|, rho_y likewise
 *   eta = min(rho_max / rho_min, maxAniso)   (1 without anisotropy)
 *   lambda_base = log2(rho_max / eta), or the shader's LOD
 *   lambda' = lambda_base + clamp(sampler bias + shader bias, -16, 16)
 *   lambda  = clamp(lambda', min_lod, max_lod)
 */
#include "engine.h"

#include <math.h>
#include <string.h>

float tuE_snap256(float x) {
    /* RNE(x * 256) / 256 in float: x * 256 and the division are exact, and |v| + 2^23
     * rounds |v| < 2^23 to an integer with ties to even (the ulp there is 1). For |x| >= 2^15
     * x * 256 is already an integer, and NaN and infinities stay. A zero result is +0 but
     * for x = -0. Identical, for all 2^32 inputs, to rounding x * 256 in double with
     * floor and ties to even (checked exhaustively once; tests/test_fast.c samples it). */
    if (!(fabsf(x) < 32768.0f)) return x;
    const float v = x * 256.0f;
    float r = copysignf((fabsf(v) + 8388608.0f) - 8388608.0f, v);
    if (r == 0.0f) r = x == 0.0f ? x : 0.0f;
    return r / 256.0f;
}

/* log2(x) by a definition the SIMD kernels repeat operation for operation (docs/semantics.md
 * "LOD"): x = 2^e * m with m in [sqrt(1/2), sqrt(2)], t = (m - 1) / (m + 1), and
 * log2(m) = (2 / ln 2) * (t + t^3/3 + t^5/5 + t^7/7 + t^9/9) (|t| <= 0.1716: the next term
 * is below 1e-9). Every step is one IEEE float operation, so a vector of them gives the same
 * bits. Exact for powers of two; within 1e-6 of log2 elsewhere, far inside Vulkan's LOD
 * precision (mipmapPrecisionBits, and hw precision rounds to 1/256 after it). */
float tuE_log2(float x) {
    if (!(x > 0.0f)) return x == 0.0f ? -INFINITY : NAN; /* negatives and NaN */
    if (x == INFINITY) return x;
    int32_t e = 0;
    if (x < 0x1p-126f) x *= 0x1p23f, e = -23; /* denormals: exactly, into the normal range */
    const uint32_t b = tuB_float_bits(x);
    e += (int32_t)(b >> 23) - 127;
    float m = tuB_bits_float((b & 0x7fffffu) | 0x3f800000u);
    if (m > 1.41421356f) m *= 0.5f, e += 1;
    const float t = (m - 1.0f) / (m + 1.0f), t2 = t * t;
    float p = 1.0f / 9.0f;
    p = p * t2 + 1.0f / 7.0f;
    p = p * t2 + 1.0f / 5.0f;
    p = p * t2 + 1.0f / 3.0f;
    p = p * t2 + 1.0f;
    return (float)e + t * p * 2.88539008f;
}

/* Implicit derivatives come from the 2x2 subspan of four consecutive lanes: upper-left,
 * upper-right, lower-left, lower-right. They are coarse: the whole subspan
 * uses UR - UL along x and LL - UL along y. A subspan cut short by the SIMD width has
 * zero derivatives across the missing lanes (docs/semantics.md). */
void tuE_lane_derivs(const tuE_ctx *ctx, const float *coord[3], unsigned lane, tuE_derivs *d) {
    const tu_msg *m = ctx->msg;
    if (ctx->op->lod == TU_LOD_GRAD) {
        static const tu_src grad[3][2] = {
            {TU_SRC_DUDX, TU_SRC_DUDY}, {TU_SRC_DVDX, TU_SRC_DVDY}, {TU_SRC_DRDX, TU_SRC_DRDY}};
        for (int a = 0; a < 3; a++)
            for (int k = 0; k < 2; k++)
                d->d[a][k] = m->src[grad[a][k]].f[lane];
        return;
    }
    const unsigned ul = lane & ~3u, ur = ul + 1, ll = ul + 2;
    for (int a = 0; a < 3; a++) {
        const float *c = coord[a];
        d->d[a][0] = ur < m->simd ? c[ur] - c[ul] : 0.0f;
        d->d[a][1] = ll < m->simd ? c[ll] - c[ul] : 0.0f;
        /* Coarse pixel shading: a lane stands for cps_x by cps_y pixels, so its neighbours
         * are that far apart; compensation brings the derivatives back to one pixel. */
        if (m->flags & TU_MSG_CPS) {
            d->d[a][0] /= (float)m->cps_x;
            d->d[a][1] /= (float)m->cps_y;
        }
    }
}

/* The derivatives of a cube face's (s, t) from those of the direction (Vulkan "Cube Map
 * Derivative Operation"): s = (sc/|ma| + 1)/2, so ds = (dsc*|ma| - sc*d|ma|) / (2*ma^2). */
static void cube_face_derivs(const float dir[3], const tuE_derivs *in, float out[2][2]) {
    float s, t;
    unsigned face = tuE_cube_face(dir[0], dir[1], dir[2], &s, &t);
    const unsigned axis = face / 2;
    const float sign = (face & 1) ? -1.0f : 1.0f;
    const float ma = sign * dir[axis];
    const float sc = (2.0f * s - 1.0f) * ma, tc = (2.0f * t - 1.0f) * ma;
    /* S and T of the face, as in texel.c's table. */
    static const int8_t S[6][3] = {{0, 0, -1}, {0, 0, 1}, {1, 0, 0},
                                   {1, 0, 0},  {1, 0, 0}, {-1, 0, 0}};
    static const int8_t T[6][3] = {{0, -1, 0}, {0, -1, 0}, {0, 0, 1},
                                   {0, 0, -1}, {0, -1, 0}, {0, -1, 0}};
    for (int k = 0; k < 2; k++) {
        float dsc = 0, dtc = 0;
        for (int a = 0; a < 3; a++) {
            dsc += S[face][a] * in->d[a][k];
            dtc += T[face][a] * in->d[a][k];
        }
        const float dma = sign * in->d[axis][k];
        const float denom = ma == 0.0f ? 1.0f : 2.0f * ma * ma;
        out[0][k] = (dsc * ma - sc * dma) / denom;
        out[1][k] = (dtc * ma - tc * dma) / denom;
    }
}

void tuE_compute_lod(const tuE_ctx *ctx, const float coord[3], const tuE_derivs *d,
                     float lambda_base, float shader_bias, tuE_lod *out) {
    const tu_sampler *smp = ctx->smp;
    out->aniso_ratio = 1.0f;
    out->rho[0] = out->rho[1] = 0.0f;
    out->major[0] = out->major[1] = out->major[2] = 0.0f;
    if (isnan(lambda_base)) { /* from the derivatives */
        float m[3][2] = {{0}};
        const float size[3] = {(float)ctx->base_w, (float)ctx->base_h, (float)ctx->base_d};
        unsigned axes = 1;
        if (ctx->is_cube) {
            float fd[2][2];
            cube_face_derivs(coord, d, fd);
            for (int k = 0; k < 2; k++) {
                m[0][k] = fd[0][k] * size[0];
                m[1][k] = fd[1][k] * size[0];
            }
            axes = 2;
        } else {
            const tu_surface_type type = ctx->surf->type;
            axes = type == TU_SURFACE_3D ? 3 : (type == TU_SURFACE_2D ? 2 : 1);
            for (unsigned a = 0; a < axes; a++)
                for (int k = 0; k < 2; k++)
                    m[a][k] = d->d[a][k] * size[a];
        }
        float rho[2];
        for (int k = 0; k < 2; k++) {
            float sum = 0;
            for (unsigned a = 0; a < axes; a++)
                sum += m[a][k] * m[a][k];
            rho[k] = sqrtf(sum);
        }
        const int kmax = rho[1] > rho[0];
        const float rho_max = rho[kmax], rho_min = rho[!kmax];
        float eta = 1.0f;
        if (smp->max_anisotropy > 1 && rho_max > 0.0f) {
            eta = rho_min > 0.0f ? rho_max / rho_min : (float)smp->max_anisotropy;
            if (eta > (float)smp->max_anisotropy) eta = (float)smp->max_anisotropy;
            if (eta < 1.0f) eta = 1.0f;
            for (int a = 0; a < 3; a++)
                out->major[a] = d->d[a][kmax];
        }
        out->aniso_ratio = eta;
        out->rho[0] = rho[0], out->rho[1] = rho[1];
        lambda_base = tuE_log2(rho_max / eta);
    }
    float bias = ctx->lod_bias + shader_bias;
    bias = bias < -16.0f ? -16.0f : bias > 16.0f ? 16.0f : bias;
    out->lambda_prime = lambda_base + bias;
    float lambda = out->lambda_prime;
    if (isnan(lambda) || lambda < ctx->min_lod) lambda = ctx->min_lod;
    if (lambda > ctx->max_lod) lambda = ctx->max_lod;
    if (ctx->hw) {
        lambda = tuE_snap256(lambda);
        out->lambda_prime = tuE_snap256(out->lambda_prime);
    }
    out->lambda = lambda;
    out->magnify = lambda <= 0.0f;
}

tu_status tu_lod_detail_of(const tu_msg *msg, unsigned lane, const tu_surface *surface,
                           const tu_sampler *sampler, tu_lod_detail *out, tu_error *err) {
    TU_RETURN_IF(!msg || !surface || !sampler || !out, err, TU_INVALID_ARGUMENT,
                 "tu_lod_detail_of: msg, surface, sampler and out must not be NULL");
    TU_TRY(tu_msg_validate(msg, err));
    TU_TRY(tu_surface_validate(surface, err));
    TU_TRY(tu_sampler_validate(sampler, err));
    const tu_op_info *op = tu_op_describe(msg->op);
    TU_RETURN_IF(lane >= msg->simd, err, TU_INVALID_ARGUMENT, "lane %u is outside SIMD%u", lane,
                 msg->simd);
    TU_RETURN_IF(op->lod != TU_LOD_IMPLICIT && op->lod != TU_LOD_BIAS && op->lod != TU_LOD_GRAD,
                 err, TU_INVALID_ARGUMENT,
                 "op %s has no implicit or gradient LOD (tu_lod_detail_of)", op->name);
    /* tu_execute's context: the binding's prototype with this message. */
    tuE_bound bound;
    tuE_bound_init(surface, sampler, &bound);
    tuE_ctx ctx;
    tuE_ctx_init(&ctx, &bound, surface, sampler, msg, op);
    const float *coord[3] = {msg->src[TU_SRC_U].f, msg->src[TU_SRC_V].f, msg->src[TU_SRC_R].f};
    tuE_derivs d = {{{0}}};
    tuE_lane_derivs(&ctx, coord, lane, &d);
    const float here[3] = {coord[0][lane], coord[1][lane], coord[2][lane]};
    tuE_lod lod;
    tuE_compute_lod(&ctx, here, &d, NAN,
                    op->lod == TU_LOD_BIAS ? msg->src[TU_SRC_BIAS].f[lane] : 0.0f, &lod);
    out->lambda_prime = lod.lambda_prime;
    out->lambda = lod.lambda;
    out->aniso_ratio = lod.aniso_ratio;
    return TU_OK;
}
