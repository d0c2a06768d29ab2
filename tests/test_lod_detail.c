/* SPDX-License-Identifier: MIT */
/*
 * test_lod_detail.c - tu_lod_detail_of, the engine's LOD for one lane of a message: it
 * agrees with the LOD op the engine executes (R = clamp(lambda, 0, q), G = lambda'), and its
 * anisotropy ratio is the formula of docs/semantics.md written out again here:
 * rho_k = |(du_k * w, dv_k * h)| with coarse subspan derivatives (UR - UL along x, LL - UL
 * along y), eta = min(rho_max / rho_min, max_aniso) (max_aniso when rho_min = 0).
 * And tu_execute_traced's steps: the same reply as tu_execute, bit for bit, with every lane's
 * records kept apart by lane, its LOD step the LOD op's, every memory read at the offset the
 * surface's layout says, and the footprint texels with their filter weights rebuilding each
 * level's filtered value, the blend and, for one isotropic sample, the lane's reply.
 */
#include "texunit/texunit.h"

#include "tu_test.h"

#include <math.h>

static float rnd(uint64_t *s, float lo, float hi) {
    return lo + (hi - lo) * (float)(tu_test_rand(s) >> 40) / (float)(1u << 24);
}

static void test_against_lod_op(void) {
    tu_image img =
        tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 256, 64, 1, 1, 9, 1);
    uint64_t seed = tu_test_seed(3);
    const uint8_t anisos[] = {0, 2, 16};
    const uint8_t precisions[] = {TU_PRECISION_HW, TU_PRECISION_EXACT};
    for (int round = 0; round < 300; round++) {
        tu_sampler smp = tu_sampler_default();
        smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
        smp.mip_filter = TU_MIP_LINEAR;
        smp.max_anisotropy = anisos[round % 3];
        smp.precision = precisions[(round / 3) % 2];
        smp.lod_bias = rnd(&seed, -2, 2);
        tu_msg m = {.op = TU_OP_LOD, .simd = 16, .lane_mask = 0xffff, .channel_mask = 0x3};
        for (unsigned s = 0; s < 4; s++) { /* a random affine footprint per subspan */
            const float u = rnd(&seed, 0, 1), v = rnd(&seed, 0, 1);
            const float dux = rnd(&seed, -0.05f, 0.05f), duy = rnd(&seed, -0.05f, 0.05f);
            const float dvx = rnd(&seed, -0.05f, 0.05f), dvy = rnd(&seed, -0.05f, 0.05f);
            for (unsigned k = 0; k < 4; k++) {
                const float x = (float)(k & 1), y = (float)(k >> 1);
                m.src[TU_SRC_U].f[4 * s + k] = u + x * dux + y * duy;
                m.src[TU_SRC_V].f[4 * s + k] = v + x * dvx + y * dvy;
            }
        }
        tu_reply r;
        tu_error err = {0};
        CHECK(tu_execute(&m, &img.surface, &smp, &r, &err) == TU_OK, "%s", err.message);
        for (unsigned l = 0; l < 16; l++) {
            tu_lod_detail d;
            CHECK(tu_lod_detail_of(&m, l, &img.surface, &smp, &d, &err) == TU_OK, "%s",
                  err.message);
            const float q = (float)(img.surface.level_count - 1);
            const float level = d.lambda < 0 ? 0 : d.lambda > q ? q : d.lambda;
            CHECK(r.channel[0].f[l] == level && r.channel[1].f[l] == d.lambda_prime,
                  "lane %u: LOD op (%g, %g), detail (%g, %g)", l, r.channel[0].f[l],
                  r.channel[1].f[l], level, d.lambda_prime);
            /* eta from the documented formula */
            const unsigned ul = l & ~3u;
            const float *U = m.src[TU_SRC_U].f, *V = m.src[TU_SRC_V].f;
            const float rx = hypotf((U[ul + 1] - U[ul]) * 256, (V[ul + 1] - V[ul]) * 64);
            const float ry = hypotf((U[ul + 2] - U[ul]) * 256, (V[ul + 2] - V[ul]) * 64);
            const float mx = rx > ry ? rx : ry, mn = rx > ry ? ry : rx;
            float eta = 1.0f;
            if (smp.max_anisotropy > 1 && mx > 0) {
                eta = mn > 0 ? mx / mn : smp.max_anisotropy;
                eta = eta > smp.max_anisotropy ? smp.max_anisotropy : eta < 1 ? 1 : eta;
            }
            CHECK(fabsf(d.aniso_ratio - eta) <= 1e-5f * eta, "lane %u: eta %g, formula %g", l,
                  d.aniso_ratio, eta);
        }
    }
    tu_image_free(&img);
}

static void test_refusals(void) {
    tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, 1, 1);
    tu_sampler smp = tu_sampler_default();
    tu_msg m = {.op = TU_OP_SAMPLE, .simd = 8, .lane_mask = 0xff, .channel_mask = 0xf};
    tu_lod_detail d;
    tu_error err = {0};
    CHECK_ERR(tu_lod_detail_of(&m, 8, &img.surface, &smp, &d, &err), TU_INVALID_ARGUMENT, &err,
              "lane 8 is outside SIMD8");
    m.op = TU_OP_SAMPLE_L;
    CHECK_ERR(tu_lod_detail_of(&m, 0, &img.surface, &smp, &d, &err), TU_INVALID_ARGUMENT, &err,
              "op SAMPLE_L has no implicit or gradient LOD");
    m.op = TU_OP_SAMPLE;
    smp.max_anisotropy = 17;
    CHECK_ERR(tu_lod_detail_of(&m, 0, &img.surface, &smp, &d, &err), TU_INVALID_ARGUMENT, &err,
              "anisotropy");
    smp.max_anisotropy = 0;
    CHECK_ERR(tu_lod_detail_of(NULL, 0, &img.surface, &smp, &d, &err), TU_INVALID_ARGUMENT, &err,
              "must not be NULL");
    /* gradients: the message's, with the bias op's bias added */
    m.op = TU_OP_SAMPLE_D;
    m.src[TU_SRC_DUDX].f[3] = 0.5f; /* 4 texels along x: lambda 2 */
    CHECK(tu_lod_detail_of(&m, 3, &img.surface, &smp, &d, &err) == TU_OK, "%s", err.message);
    CHECK(d.lambda == 2.0f && d.aniso_ratio == 1.0f, "lambda %g", d.lambda);
    m.op = TU_OP_SAMPLE_B;
    m.src[TU_SRC_U].f[1] = 0.25f; /* subspan 0: UR - UL = 0.25, 2 texels: lambda 1 */
    m.src[TU_SRC_BIAS].f[2] = 0.5f;
    CHECK(tu_lod_detail_of(&m, 2, &img.surface, &smp, &d, &err) == TU_OK, "%s", err.message);
    CHECK(d.lambda_prime == 1.5f, "lambda' %g", d.lambda_prime);
    tu_image_free(&img);
}

typedef struct seen {
    unsigned lane; /* the lane whose records are checked */
    unsigned lod, fetch, texel, blend, result;
    tu_texel reply;
    float lambda;
    const tu_surface *s;
    bool offsets_ok;
    bool paired;               /* every footprint texel not from the border follows its read */
    tu_trace_record last_read; /* the last TEXEL read */
    /* The filter rebuilt from the records: per sample, each footprint's texels times their
     * weights (acc[0] the finer level's, acc[1] the coarser's), then the levels blended by
     * the SAMPLE's weight; rebuilt is the last sample's value. */
    unsigned footprints;
    float acc[2][4], weight_sum[2], level_weight, rebuilt[4];
    float tol;
    bool weights_ok; /* each footprint's weights sum to 1 and rebuild the level's value */
} seen;

static bool near(float a, float b, float tol) {
    return fabsf(a - b) <= tol * (1.0f + fabsf(b));
}

static void on_record(void *user, const tu_trace_record *e) {
    seen *w = user;
    if (e->lane != w->lane) return;
    switch (e->kind) {
    case TU_TRACE_LOD: w->lod++, w->lambda = e->lambda; break;
    case TU_TRACE_TEXEL: {
        w->fetch++;
        uint64_t off;
        tu_error err;
        const tu_texel_coord c = {e->x, e->y, e->z, e->layer, e->level, e->sample};
        w->offsets_ok &= tu_surface_texel_offset(w->s, &c, &off, &err) == TU_OK &&
                         off == e->offset && e->size == tu_format_bytes(w->s->format) &&
                         memcmp(e->raw, (const uint8_t *)w->s->data + off, e->raw_size) == 0;
        w->last_read = *e;
        break;
    }
    case TU_TRACE_SAMPLE:
        w->footprints = 0, w->level_weight = e->level_lo != e->level ? e->level_weight : 0.0f;
        memset(w->acc, 0, sizeof w->acc), memset(w->weight_sum, 0, sizeof w->weight_sum);
        break;
    case TU_TRACE_FOOTPRINT: w->footprints++; break;
    case TU_TRACE_FOOTPRINT_TEXEL: {
        /* the texel's read comes just before it, with its value */
        w->texel++;
        const tu_trace_record *b = &w->last_read;
        w->paired &= e->border || (b->kind == TU_TRACE_TEXEL && e->x == b->x && e->y == b->y &&
                                   e->z == b->z && e->layer == b->layer && e->level == b->level &&
                                   memcmp(&e->value, &b->value, sizeof e->value) == 0);
        w->last_read.kind = TU_TRACE_FOOTPRINT_TEXEL; /* used */
        const unsigned f = w->footprints >= 2 ? 1 : 0;
        w->weight_sum[f] += e->texel_weight;
        for (int c = 0; c < 4; c++)
            w->acc[f][c] += e->texel_weight * e->value.f[c];
        break;
    }
    case TU_TRACE_BLEND:
        w->blend++;
        w->weights_ok &= near(w->weight_sum[0], 1.0f, 1e-5f);
        if (w->footprints == 2) w->weights_ok &= near(w->weight_sum[1], 1.0f, 1e-5f);
        for (int c = 0; c < 4; c++) {
            w->weights_ok &= near(w->acc[0][c], e->hi.f[c], w->tol);
            if (w->footprints == 2) w->weights_ok &= near(w->acc[1][c], e->lo.f[c], w->tol);
            w->rebuilt[c] = w->footprints == 2
                                ? w->acc[0][c] + w->level_weight * (w->acc[1][c] - w->acc[0][c])
                                : w->acc[0][c];
            w->weights_ok &= near(w->rebuilt[c], e->value.f[c], w->tol);
        }
        break;
    case TU_TRACE_RESULT: w->result++, w->reply = e->value; break;
    default: break;
    }
}

static void test_trace(void) {
    const tu_format formats[] = {TU_FORMAT_R8G8B8A8_UNORM, TU_FORMAT_R16G16B16A16_SFLOAT};
    const tu_op ops[] = {TU_OP_SAMPLE, TU_OP_SAMPLE_L, TU_OP_SAMPLE_D, TU_OP_GATHER4, TU_OP_LD};
    uint64_t seed = tu_test_seed(11);
    for (int f = 0; f < 2; f++) {
        tu_image img = tu_test_image(TU_SURFACE_2D, false, formats[f], 32, 16, 1, 1, 6, 1);
        tu_error err = {0};
        CHECK(tu_surface_fill_hash(&img.surface, 4, &err) == TU_OK);
        for (int round = 0; round < 40; round++) {
            tu_sampler smp = tu_sampler_default();
            smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
            smp.mip_filter = round % 2 ? TU_MIP_LINEAR : TU_MIP_NEAREST;
            smp.max_anisotropy = round % 3 == 0 ? 8 : 0;
            smp.precision = round % 4 < 2 ? TU_PRECISION_HW : TU_PRECISION_EXACT;
            const tu_op op = ops[round % 5];
            tu_msg m = {.op = op, .simd = 8, .lane_mask = 0xff, .channel_mask = 0xf};
            for (unsigned l = 0; l < 8; l++) {
                if (op == TU_OP_LD) {
                    m.src[TU_SRC_U].i[l] = (int32_t)(tu_test_rand(&seed) % 40) - 4;
                    m.src[TU_SRC_V].i[l] = (int32_t)(tu_test_rand(&seed) % 20) - 2;
                    m.src[TU_SRC_LOD].i[l] = (int32_t)(tu_test_rand(&seed) % 3);
                    continue;
                }
                m.src[TU_SRC_U].f[l] = rnd(&seed, -0.5f, 1.5f);
                m.src[TU_SRC_V].f[l] = rnd(&seed, -0.5f, 1.5f);
                m.src[TU_SRC_LOD].f[l] = rnd(&seed, -1, 6);
                m.src[TU_SRC_DUDX].f[l] = rnd(&seed, -0.2f, 0.2f);
                m.src[TU_SRC_DVDY].f[l] = rnd(&seed, -0.05f, 0.05f);
            }
            tu_reply plain, traced;
            memset(&plain, 0, sizeof plain);
            CHECK(tu_execute(&m, &img.surface, &smp, &plain, &err) == TU_OK, "%s", err.message);
            for (unsigned l = 0; l < 8; l++) {
                /* 8-bit UNORM texels filter in 8-bit fixed point in hw precision (reduce):
                 * within a code of the float sum of the weighted texels */
                seen w = {.lane = l,
                          .s = &img.surface,
                          .offsets_ok = true,
                          .paired = true,
                          .weights_ok = true,
                          .tol = f == 0 ? 2.0f / 255.0f : 1e-5f};
                const tu_trace_sink sink = {on_record, NULL, &w, 0, 0};
                memset(&traced, 0, sizeof traced);
                CHECK(tu_execute_traced(&m, &img.surface, &smp, &sink, &traced, &err) == TU_OK,
                      "%s", err.message);
                CHECK(memcmp(&plain.channel, &traced.channel, sizeof plain.channel) == 0,
                      "format %d op %d: the traced run differs", f, (int)op);
                CHECK(w.offsets_ok, "a traced read is not at the layout's offset");
                CHECK(w.paired, "format %d op %d: a footprint texel without its read", f, (int)op);
                CHECK(w.result == 1 && w.reply.u[0] == plain.channel[0].u[l] &&
                          w.reply.u[3] == plain.channel[3].u[l],
                      "the RESULT record is not the lane's reply");
                CHECK(w.weights_ok,
                      "format %d op %d lane %u: the texels and weights do not "
                      "rebuild the filtered value",
                      f, (int)op, l);
                if (op == TU_OP_LD) {
                    CHECK(w.lod == 0 && w.fetch <= 1);
                } else {
                    CHECK(w.lod == 1 && w.texel >= 1 && w.fetch >= 1);
                    if (op != TU_OP_GATHER4) CHECK(w.blend >= 1);
                }
                /* One isotropic sample: the lane's value is the texels times their weights. */
                if (op != TU_OP_LD && op != TU_OP_GATHER4 && smp.max_anisotropy == 0)
                    for (int c = 0; c < 4; c++)
                        CHECK(near(w.rebuilt[c], w.reply.f[c], w.tol),
                              "format %d op %d lane %u: rebuilt %g, reply %g", f, (int)op, l,
                              (double)w.rebuilt[c], (double)w.reply.f[c]);
            }
        }
        tu_image_free(&img);
    }
    tu_error err = {0};
    tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8_UNORM, 4, 4, 1, 1, 1, 1);
    tu_msg m = {.op = TU_OP_SAMPLE_L, .simd = 1, .lane_mask = 1, .channel_mask = 1};
    tu_sampler smp = tu_sampler_default();
    tu_reply r;
    const tu_trace_sink none = {NULL, NULL, NULL, 0, 0};
    CHECK_ERR(tu_execute_traced(&m, &img.surface, &smp, &none, &r, &err), TU_INVALID_ARGUMENT, &err,
              "record callback must not be NULL");
    tu_image_free(&img);
}

int main(void) {
    TU_RUN(test_trace);
    TU_RUN(test_against_lod_op);
    TU_RUN(test_refusals);
    return tu_test_finish();
}
