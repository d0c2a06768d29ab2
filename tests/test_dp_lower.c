/* SPDX-License-Identifier: MIT */
/*
 * test_dp_lower.c - the compiler side of the data port (texunit/lower.h, "the data port"):
 * on IVB, HSW, SKL, TGL, DG2 and Xe2, thousands of random logical surface messages (every
 * op, SIMD 1..32, lane masks, channel masks, atomics, byte/word/dword scattered access,
 * typed address counts) give the same results lowered (split, payload, physical send or split
 * send, decode, engine, response) as run directly: the memory after, byte for byte, and every
 * returned lane. Also: the descriptor fields against Mesa brw_lower_logical_sends.cpp,
 * lower_surface_logical_send for a few messages, and every refusal of the decoder.
 */
#include "texunit/texunit.h"

#include "tu_test.h"

#include <stdlib.h>

static uint64_t rng = 99;

static uint32_t le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t rnd(uint32_t n) {
    return (uint32_t)(tu_test_rand(&rng) % n);
}

/* The generations: the presets, plus IVB/HSW from SKL and DG2 from TGL by verx10 (the data
 * port reads verx10 and grf_bytes). */
static tu_target target_named(const char *name) {
    tu_target t;
    if (!strcmp(name, "ivb") || !strcmp(name, "hsw")) {
        t = *tu_target_preset("skl");
        t.verx10 = name[0] == 'i' ? 70 : 75;
    } else if (!strcmp(name, "dg2")) {
        t = *tu_target_preset("tgl");
        t.verx10 = 125;
    } else {
        t = *tu_target_preset(name);
    }
    t.name = name;
    return t;
}

/* Whether target t's data port carries m, by the rules (Mesa brw_eu_defines.h, the data-port
 * message types of each generation; docs/lowering.md). */
static bool supported(const tu_dp_lmsg *m, const tu_target *t) {
    const tu_dp_msg *d = &m->msg;
    const bool scattered = d->op == TU_DP_SCATTERED_READ || d->op == TU_DP_SCATTERED_WRITE;
    if (t->verx10 < 75 && scattered && d->bytes != 4) return false;
    if (d->op == TU_DP_TYPED_ATOMIC || d->op == TU_DP_UNTYPED_ATOMIC) {
        const tu_atomic a = (tu_atomic)d->atomic;
        const bool fl = tu_atomic_describe(a)->kind == TU_ATOMIC_KIND_FLOAT;
        if (a == TU_ATOMIC_LOAD || a == TU_ATOMIC_STORE) return t->verx10 >= 125;
        if (a == TU_ATOMIC_PREDEC) return t->verx10 < 125;
        if (fl && t->verx10 < 125) return t->verx10 >= 90 && d->op == TU_DP_UNTYPED_ATOMIC;
    }
    return true;
}

typedef struct world {
    tu_image typed, buffer;
} world;

static void fill(tu_image *img, bool small) {
    for (size_t i = 0; i < img->surface.size; i++)
        ((uint8_t *)img->memory)[i] = (uint8_t)(small && rnd(4) ? rnd(3) : rnd(256));
}

/* One random message, its direct run and its lowered run; returns whether it was carried. */
static bool one(const tu_target *t, unsigned iter) {
    tu_dp_lmsg *m = calloc(1, sizeof *m);
    tu_dp_msg *d = &m->msg;
    d->op = (tu_dp_op)rnd(TU_DP_OP_COUNT);
    d->simd = 1 + rnd(32);
    d->lane_mask =
        (uint32_t)tu_test_rand(&rng) & (d->simd == 32 ? 0xffffffffu : (1u << d->simd) - 1);
    d->channel_mask = 1 + rnd(15);
    d->atomic = rnd(TU_ATOMIC_COUNT);
    d->bytes = 1u << rnd(3);
    const bool typed = d->op <= TU_DP_TYPED_ATOMIC;
    const bool atomic = d->op == TU_DP_TYPED_ATOMIC || d->op == TU_DP_UNTYPED_ATOMIC;
    m->surface = 5 + rnd(3);
    m->dims = typed ? 1 + rnd(4) : 0;
    m->no_response = atomic && rnd(4) == 0;
    tu_format f = TU_FORMAT_R8G8B8A8_UNORM;
    if (d->op == TU_DP_TYPED_ATOMIC)
        f = tu_atomic_describe((tu_atomic)d->atomic)->kind == TU_ATOMIC_KIND_INT
                ? TU_FORMAT_R32_SINT
                : TU_FORMAT_R32_SFLOAT;
    else if (typed)
        f = iter % 2 ? TU_FORMAT_R16G16_SFLOAT : TU_FORMAT_R8G8B8A8_UNORM;
    world w;
    w.typed = tu_test_image(TU_SURFACE_2D, true, f, 6, 5, 1, 3, 2, 1);
    w.buffer = tu_test_image(TU_SURFACE_BUFFER, false, TU_FORMAT_R32_UINT, 24, 1, 1, 1, 1, 1);
    tu_image *img = typed ? &w.typed : &w.buffer;
    fill(img, atomic);
    const uint32_t align =
        d->op == TU_DP_SCATTERED_READ || d->op == TU_DP_SCATTERED_WRITE ? d->bytes : 4;
    for (uint32_t l = 0; l < d->simd; l++) {
        if (typed) {
            const uint32_t ext[4] = {7, 6, 4, 3};
            for (uint32_t c = 0; c < m->dims; c++)
                d->addr[c].u[l] = rnd(ext[c]);
        } else {
            d->addr[0].u[l] = rnd(100 / align) * align + (align > 1 && rnd(400) == 0);
        }
        for (int c = 0; c < 4; c++)
            d->data[c].u[l] = atomic && rnd(2) ? rnd(3) : (uint32_t)tu_test_rand(&rng);
    }
    const bool writable = rnd(8) != 0;
    /* direct */
    uint8_t *direct = malloc(img->surface.size);
    memcpy(direct, img->memory, img->surface.size);
    tu_surface sa = img->surface;
    sa.data = direct;
    tu_reply *ra = calloc(1, sizeof *ra), *rb = calloc(1, sizeof *rb);
    tu_error err = {0};
    const tu_status want =
        tu_dp_execute(d, &sa, TU_DP_ACCESS_READ | (writable ? TU_DP_ACCESS_WRITE : 0), ra, &err);
    /* lowered */
    tu_dp_plan *plan = calloc(1, sizeof *plan);
    tu_dp_payload *pay = calloc(1, sizeof *pay);
    tu_status got = tu_dp_lower_split(m, t, plan, &err);
    bool carried = got == TU_OK;
    bool misaligned = false; /* refused whole by both paths */
    for (uint32_t l = 0; !typed && l < d->simd; l++)
        misaligned |= (d->lane_mask >> l & 1) && d->addr[0].u[l] % align;
    CHECK(carried == (supported(m, t) && !misaligned), "%s: %s %s: %s", t->name,
          tu_dp_op_describe(d->op)->name, tu_atomic_describe((tu_atomic)d->atomic)->name,
          err.message);
    if (misaligned)
        CHECK(want == TU_INVALID_ARGUMENT && (got == TU_INVALID_ARGUMENT || !supported(m, t)),
              "%s: %s, %s", t->name, tu_status_name(want), tu_status_name(got));
    const tu_surface *table[8] = {0};
    bool wtable[8] = {0};
    table[m->surface] = &img->surface;
    wtable[m->surface] = writable;
    const tu_send_tables tables = {table, 8, NULL, 0, NULL, 0, NULL};
    for (uint32_t p = 0; carried && got == TU_OK && p < plan->count; p++) {
        const tu_dp_part *part = &plan->part[p];
        got = tu_dp_lower_payload(part, t, pay, &err);
        if (!CHECK(got == TU_OK, "%s: payload: %s", t->name, err.message)) break;
        const tu_dp_send s = tu_dp_payload_send(pay, t);
        /* the decode gives the part back */
        tu_dp_lmsg back;
        uint32_t rlen;
        if (CHECK(tu_dp_lower_decode(&s, t, &back, &rlen, &err) == TU_OK, "%s: decode: %s", t->name,
                  err.message)) {
            CHECK(back.msg.op == part->msg.msg.op && back.msg.simd == part->msg.msg.simd &&
                      back.msg.lane_mask == part->msg.msg.lane_mask &&
                      back.surface == part->msg.surface && back.dims == part->msg.dims &&
                      rlen == pay->rlen && back.no_response == part->msg.no_response,
                  "%s: decode of %s", t->name, tu_dp_op_describe(d->op)->name);
            for (uint32_t l = 0; l < back.msg.simd; l++)
                CHECK(back.msg.addr[0].u[l] == part->msg.msg.addr[0].u[l], "%s lane %u", t->name,
                      l);
        }
        uint8_t response[31 * 64];
        got = tu_dp_send_execute(&s, t, &tables, wtable, response, sizeof response, &err);
        if (got != TU_OK) break;
        /* zip the response into the logical reply */
        const uint32_t regs = (part->msg.msg.simd * 4 + t->grf_bytes - 1) / t->grf_bytes;
        const bool scattered = d->op == TU_DP_SCATTERED_READ || d->op == TU_DP_SCATTERED_WRITE;
        const uint32_t mask = atomic || scattered ? 1 : d->channel_mask;
        for (uint32_t c = 0, slot = 0; pay->rlen && c < 4; c++) {
            if (!(mask >> c & 1)) continue;
            for (uint32_t l = 0; l < part->lanes; l++)
                memcpy(&rb->channel[c].u[part->first_lane + l],
                       response + (slot * regs) * t->grf_bytes + 4 * l, 4);
            slot++;
        }
    }
    if (carried) {
        CHECK(got == want, "%s: %s: lowered %s, direct %s (%s)", t->name,
              tu_dp_op_describe(d->op)->name, tu_status_name(got), tu_status_name(want),
              err.message);
        CHECK(memcmp(direct, img->memory, img->surface.size) == 0, "%s: %s %s: memory differs",
              t->name, tu_dp_op_describe(d->op)->name,
              tu_atomic_describe((tu_atomic)d->atomic)->name);
        const bool returns = want == TU_OK && !(atomic && m->no_response) &&
                             d->op != TU_DP_TYPED_WRITE && d->op != TU_DP_UNTYPED_WRITE &&
                             d->op != TU_DP_SCATTERED_WRITE;
        const uint32_t mask = atomic || d->op == TU_DP_SCATTERED_READ ? 1 : d->channel_mask;
        for (uint32_t c = 0; returns && c < 4; c++)
            for (uint32_t l = 0; (mask >> c & 1) && l < d->simd; l++)
                if (d->lane_mask >> l & 1)
                    CHECK(ra->channel[c].u[l] == rb->channel[c].u[l], "%s: %s lane %u channel %u",
                          t->name, tu_dp_op_describe(d->op)->name, l, c);
    }
    free(pay), free(plan), free(ra), free(rb), free(direct), free(m);
    tu_image_free(&w.typed);
    tu_image_free(&w.buffer);
    return carried;
}

static void test_lowered_equals_direct(void) {
    static const char *const names[] = {"ivb", "hsw", "skl", "tgl", "dg2", "xe2"};
    for (int i = 0; i < 6; i++) {
        const tu_target t = target_named(names[i]);
        unsigned carried = 0;
        for (unsigned iter = 0; iter < 1500; iter++)
            carried += one(&t, iter);
        CHECK(carried > 1000, "%s: %u of 1500 carried", names[i], carried);
    }
}

/* m lowered for t and sent with s as binding-table entry m->surface (writable); the reply's
 * lanes zipped from the response as one() does. */
static tu_status run_lowered(const tu_dp_lmsg *m, const tu_target *t, const tu_surface *s,
                             tu_reply *reply, tu_error *err) {
    tu_dp_plan *plan = calloc(1, sizeof *plan);
    tu_dp_payload *pay = calloc(1, sizeof *pay);
    const tu_surface *table[8] = {0};
    bool wtable[8] = {0};
    table[m->surface] = s;
    wtable[m->surface] = true;
    const tu_send_tables tables = {table, 8, NULL, 0, NULL, 0, NULL};
    tu_status st = tu_dp_lower_split(m, t, plan, err);
    for (uint32_t p = 0; st == TU_OK && p < plan->count; p++) {
        const tu_dp_part *part = &plan->part[p];
        if ((st = tu_dp_lower_payload(part, t, pay, err)) != TU_OK) break;
        const tu_dp_send send = tu_dp_payload_send(pay, t);
        uint8_t response[31 * 64];
        if ((st = tu_dp_send_execute(&send, t, &tables, wtable, response, sizeof response, err)) !=
            TU_OK)
            break;
        const uint32_t regs = (part->msg.msg.simd * 4 + t->grf_bytes - 1) / t->grf_bytes;
        for (uint32_t c = 0, slot = 0; pay->rlen && c < 4; c++) {
            if (!(m->msg.channel_mask >> c & 1)) continue;
            for (uint32_t l = 0; l < part->lanes; l++)
                memcpy(&reply->channel[c].u[part->first_lane + l],
                       response + (slot * regs) * t->grf_bytes + 4 * l, 4);
            slot++;
        }
    }
    free(pay), free(plan);
    return st;
}

/* The lowered send keeps the residency rule of the direct run: an element that touches a
 * non-resident page is on it, even when its first byte lies on the resident page before.
 * Pages of 64 bytes, page 0 resident; the views start 8 (typed RGBA32) and 2 (bytes) bytes
 * into memory, so texel (3, 0) and the dword at address 60 span pages 0 and 1. */
static void test_lowered_straddling_page(void) {
    static const char *const names[] = {"ivb", "skl", "tgl", "dg2", "xe2"};
    for (int i = 0; i < 5; i++) {
        const tu_target t = target_named(names[i]);
        tu_dp_lmsg *m = calloc(1, sizeof *m);
        tu_reply *r = calloc(1, sizeof *r);
        tu_error err = {0};
        uint8_t before[192];
        /* typed RGBA32 (16 B), view at 8: texel (3, 0) is bytes 56..71, (2, 0) is 40..55 */
        tu_surface s;
        tu_image img = tu_test_paged_view(TU_SURFACE_2D, TU_FORMAT_R32G32B32A32_UINT, 4, 3, 0x22, 8,
                                          &s, before, sizeof before);
        s.height = 2;
        m->surface = 5, m->dims = 2;
        m->msg.op = TU_DP_TYPED_READ, m->msg.simd = 8, m->msg.lane_mask = 3;
        m->msg.channel_mask = 1;
        m->msg.addr[0].u[0] = 2, m->msg.addr[0].u[1] = 3;
        CHECK(run_lowered(m, &t, &s, r, &err) == TU_OK, "%s: %s", names[i], err.message);
        CHECK(r->channel[0].u[0] == 0x22222222u && r->channel[0].u[1] == 0,
              "%s: typed read 0x%x 0x%x", names[i], r->channel[0].u[0], r->channel[0].u[1]);
        m->msg.op = TU_DP_TYPED_WRITE, m->msg.lane_mask = 2, m->msg.channel_mask = 0xf;
        for (int c = 0; c < 4; c++)
            m->msg.data[c].u[1] = 9;
        CHECK(run_lowered(m, &t, &s, r, &err) == TU_OK, "%s: %s", names[i], err.message);
        CHECK(memcmp(before, img.memory, sizeof before) == 0, "%s: a straddling typed write wrote",
              names[i]);
        tu_image_free(&img);
        /* bytes: a buffer of R8 viewed from byte 2; the dword at 60 is bytes 62..65 */
        img = tu_test_paged_view(TU_SURFACE_BUFFER, TU_FORMAT_R8_UINT, 192, 1, 0x33, 2, &s, before,
                                 sizeof before);
        s.width = 190;
        memset(r, 0xee, sizeof *r);
        m->dims = 0;
        m->msg.op = TU_DP_UNTYPED_READ, m->msg.lane_mask = 3, m->msg.channel_mask = 1;
        m->msg.addr[0].u[0] = 56, m->msg.addr[0].u[1] = 60;
        CHECK(run_lowered(m, &t, &s, r, &err) == TU_OK, "%s: %s", names[i], err.message);
        CHECK(r->channel[0].u[0] == 0x33333333u && r->channel[0].u[1] == 0,
              "%s: untyped read 0x%x 0x%x", names[i], r->channel[0].u[0], r->channel[0].u[1]);
        m->msg.op = TU_DP_UNTYPED_WRITE, m->msg.lane_mask = 2;
        CHECK(run_lowered(m, &t, &s, r, &err) == TU_OK, "%s: %s", names[i], err.message);
        CHECK(memcmp(before, img.memory, sizeof before) == 0, "%s: a straddling dword write wrote",
              names[i]);
        m->msg.op = TU_DP_UNTYPED_ATOMIC, m->msg.atomic = TU_ATOMIC_ADD;
        m->msg.data[0].u[1] = 1;
        r->channel[0].u[1] = 0xeeeeeeeeu;
        CHECK(run_lowered(m, &t, &s, r, &err) == TU_OK, "%s: %s", names[i], err.message);
        CHECK(r->channel[0].u[1] == 0, "%s: atomic returned 0x%x", names[i], r->channel[0].u[1]);
        CHECK(memcmp(before, img.memory, sizeof before) == 0, "%s: a straddling dword atomic wrote",
              names[i]);
        tu_image_free(&img);
        free(r), free(m);
    }
}

/* A few descriptors, field by field from Mesa brw_eu.h (brw_dp_*_desc, lsc_msg_desc). */
static void test_descriptors(void) {
    tu_dp_lmsg m;
    memset(&m, 0, sizeof m);
    m.msg.op = TU_DP_TYPED_WRITE, m.msg.simd = 16, m.msg.lane_mask = 0xff0f;
    m.msg.channel_mask = 0x5, m.surface = 7, m.dims = 2;
    tu_dp_plan plan;
    tu_dp_payload pay;
    tu_error err = {0};
    /* HSW: two SIMD8 typed messages, header, one payload; the second in slot group 2 */
    tu_target hsw = target_named("hsw");
    CHECK(tu_dp_lower_split(&m, &hsw, &plan, &err) == TU_OK && plan.count == 2 && plan.width == 8);
    CHECK(tu_dp_lower_payload(&plan.part[1], &hsw, &pay, &err) == TU_OK, "%s", err.message);
    /* bti 7, ctrl skip 0xA | group (1 + 1) << 4, type 13, header, rlen 0, mlen 1 + 2 + 2 */
    CHECK_EQ_U(pay.desc, 7u | (0xAu | 2u << 4) << 8 | 13u << 14 | 1u << 19 | 5u << 25);
    CHECK_EQ_U(pay.ex_desc, 12);
    CHECK_EQ_U(le32(pay.src0 + 28), 0xff0f);
    /* SKL: a split send, addresses in src0 (2 GRFs), data in src1 (2 GRFs), no header */
    tu_target skl = target_named("skl");
    CHECK(tu_dp_lower_split(&m, &skl, &plan, &err) == TU_OK);
    CHECK(tu_dp_lower_payload(&plan.part[0], &skl, &pay, &err) == TU_OK);
    CHECK_EQ_U(pay.desc, 7u | (0xAu | 1u << 4) << 8 | 13u << 14 | 2u << 25);
    CHECK_EQ_U(pay.ex_desc, 12u | 2u << 6);
    CHECK(pay.mlen == 2 && pay.ex_mlen == 2 && !pay.header);
    /* Xe2 LSC: one SIMD16 STORE_CMASK to TGM, BTI in ex_desc 31:24 */
    tu_target xe2 = target_named("xe2");
    CHECK(tu_dp_lower_split(&m, &xe2, &plan, &err) == TU_OK && plan.count == 1);
    CHECK(tu_dp_lower_payload(&plan.part[0], &xe2, &pay, &err) == TU_OK);
    CHECK_EQ_U(pay.desc, 6u | 2u << 7 | 2u << 9 | 0x5u << 12 | 2u << 25 | 3u << 29);
    CHECK_EQ_U(pay.ex_desc, 13u | 2u << 6 | 7u << 24);
    {
        /* the LSC decoder's refusals name the field's value and the legal ones */
        const tu_dp_send lsc = {pay.desc, pay.ex_desc, 0xffff, pay.src0, 128, pay.src1, 128};
        tu_dp_send s = lsc;
        tu_dp_lmsg back;
        uint32_t rlen;
        CHECK(tu_dp_lower_decode(&s, &xe2, &back, &rlen, &err) == TU_OK, "%s", err.message);
        s.desc = (lsc.desc & ~(3u << 7)) | 3u << 7;
        CHECK_ERR(tu_dp_lower_decode(&s, &xe2, &back, &rlen, &err), TU_UNSUPPORTED, &err,
                  "LSC address size 3 (A64) is not A32 (2), the one texunit lowers");
        s.desc = lsc.desc & ~(3u << 29);
        CHECK_ERR(tu_dp_lower_decode(&s, &xe2, &back, &rlen, &err), TU_UNSUPPORTED, &err,
                  "LSC address type 0 (flat) is not bti (3), the one texunit lowers");
        s.desc = (lsc.desc & ~(7u << 9)) | 3u << 9;
        CHECK_ERR(tu_dp_lower_decode(&s, &xe2, &back, &rlen, &err), TU_UNSUPPORTED, &err,
                  "LSC data size 3 (d64) of a cmask message is not d32 (2)");
        s.desc = lsc.desc & ~0x3fu; /* op 0: LOAD, which TGM has not */
        s.desc &= ~(0xfu << 12);
        CHECK_ERR(tu_dp_lower_decode(&s, &xe2, &back, &rlen, &err), TU_INVALID_ARGUMENT, &err,
                  "LSC op 0 (load) is not a typed (TGM) message");
        s = lsc, s.ex_desc = (lsc.ex_desc & ~0xfu) | 12u;
        CHECK_ERR(tu_dp_lower_decode(&s, &xe2, &back, &rlen, &err), TU_INVALID_ARGUMENT, &err,
                  "SFID 12 (data cache 1) is not an LSC data-port SFID (13 TGM, 15 UGM)");
    }
    /* an untyped SIMD32 atomic add with return on TGL: two SIMD16 messages, AOP 7 */
    memset(&m, 0, sizeof m);
    m.msg.op = TU_DP_UNTYPED_ATOMIC, m.msg.simd = 32, m.msg.lane_mask = ~0u;
    m.msg.atomic = TU_ATOMIC_ADD, m.surface = 3;
    tu_target tgl = target_named("tgl");
    CHECK(tu_dp_lower_split(&m, &tgl, &plan, &err) == TU_OK && plan.count == 2);
    CHECK(tu_dp_lower_payload(&plan.part[1], &tgl, &pay, &err) == TU_OK);
    CHECK_EQ_U(pay.desc, 3u | (7u | 1u << 5) << 8 | 2u << 14 | 2u << 20 | 2u << 25);
    CHECK_EQ_U(pay.ex_desc, 12u | 2u << 6);
    /* the decoder's refusals */
    const tu_dp_send good = {pay.desc, pay.ex_desc, 0xffff, pay.src0, 64, pay.src1, 64};
    tu_dp_send s = good;
    tu_dp_lmsg back;
    uint32_t rlen;
    CHECK(tu_dp_lower_decode(&s, &tgl, &back, &rlen, &err) == TU_OK, "%s", err.message);
    s.ex_desc = 12u | 3u << 6;
    CHECK_ERR(tu_dp_lower_decode(&s, &tgl, &back, &rlen, &err), TU_INVALID_ARGUMENT, &err,
              "ex_mlen 3 does not match the 2 data GRFs of the message");
    s = good, s.ex_desc = 12;
    CHECK_ERR(tu_dp_lower_decode(&s, &tgl, &back, &rlen, &err), TU_INVALID_ARGUMENT, &err,
              "ex_mlen 0: from Gen9 the data travels in src1 (2 GRFs)");
    s = good, s.ex_desc = 2u | 2u << 6;
    CHECK_ERR(tu_dp_lower_decode(&s, &tgl, &back, &rlen, &err), TU_INVALID_ARGUMENT, &err,
              "SFID 2 (sampler) is not a data-port SFID of this generation");
    s = good, s.desc = (pay.desc & ~(0x1fu << 20)) | 1u << 20;
    CHECK_ERR(tu_dp_lower_decode(&s, &tgl, &back, &rlen, &err), TU_INVALID_ARGUMENT, &err,
              "rlen 1 does not match the 2 GRFs the message returns");
    s = good, s.desc |= 1u << 19;
    CHECK_ERR(tu_dp_lower_decode(&s, &tgl, &back, &rlen, &err), TU_INVALID_ARGUMENT, &err,
              "header bit 1: this message carries none");
    s = good, s.src1_size = 63;
    CHECK_ERR(tu_dp_lower_decode(&s, &tgl, &back, &rlen, &err), TU_OUT_OF_RANGE, &err,
              "src1 holds 63 bytes; ex_mlen 2 needs 64");
    s = good, s.desc = (pay.desc & ~(0x1fu << 14)) | 30u << 14;
    CHECK_ERR(tu_dp_lower_decode(&s, &tgl, &back, &rlen, &err), TU_INVALID_ARGUMENT, &err,
              "message type 30 on SFID 12 (data cache 1) is not a data-port message texunit "
              "lowers");
    s = good, s.desc = (pay.desc & ~(0xfu << 8)) | (9u | 1u << 5) << 8; /* AOP 9 */
    CHECK_ERR(tu_dp_lower_decode(&s, &tgl, &back, &rlen, &err), TU_UNSUPPORTED, &err,
              "atomic op 9 (revsub) in message control 3:0 is not one texunit lowers (add sub "
              "inc dec umin umax mov cmpwr and or xor imin imax predec)");
    /* split refusals */
    m.msg.atomic = TU_ATOMIC_FADD;
    tu_target ivb = target_named("ivb");
    CHECK_ERR(tu_dp_lower_split(&m, &ivb, &plan, &err), TU_UNSUPPORTED, &err,
              "float atomic FADD: the legacy data port has untyped float atomics from Gen9");
    m.msg.atomic = TU_ATOMIC_LOAD;
    CHECK_ERR(tu_dp_lower_split(&m, &tgl, &plan, &err), TU_UNSUPPORTED, &err,
              "atomic LOAD has no legacy data-port operation (LSC only)");
    m.msg.atomic = TU_ATOMIC_PREDEC;
    CHECK_ERR(tu_dp_lower_split(&m, &xe2, &plan, &err), TU_UNSUPPORTED, &err,
              "atomic PREDEC has no LSC operation");
    m.msg.atomic = TU_ATOMIC_ADD, m.surface = 250;
    CHECK_ERR(tu_dp_lower_split(&m, &tgl, &plan, &err), TU_INVALID_ARGUMENT, &err,
              "surface 250 is not a binding-table index 0..239");
    m.surface = 3, m.msg.op = TU_DP_TYPED_READ, m.msg.channel_mask = 1, m.dims = 5;
    CHECK_ERR(tu_dp_lower_split(&m, &tgl, &plan, &err), TU_INVALID_ARGUMENT, &err,
              "dims 5 is not 1..4 address components");
    m.dims = 2, m.no_response = true;
    CHECK_ERR(tu_dp_lower_split(&m, &tgl, &plan, &err), TU_INVALID_ARGUMENT, &err,
              "no_response is for atomics");
    m.no_response = false, m.msg.op = TU_DP_SCATTERED_READ, m.msg.bytes = 2;
    CHECK_ERR(tu_dp_lower_split(&m, &ivb, &plan, &err), TU_UNSUPPORTED, &err,
              "byte scattered messages exist from HSW on");
    /* a misaligned lane refuses the whole message, before any part is made */
    m.msg.op = TU_DP_UNTYPED_WRITE, m.msg.simd = 32, m.msg.lane_mask = ~0u;
    m.msg.addr[0].u[20] = 6;
    CHECK_ERR(tu_dp_lower_split(&m, &tgl, &plan, &err), TU_INVALID_ARGUMENT, &err,
              "UNTYPED_WRITE lane 20: byte address 0x6 is not a multiple of 4");
}

int main(void) {
    rng = tu_test_seed(rng);
    TU_RUN(test_descriptors);
    TU_RUN(test_lowered_equals_direct);
    TU_RUN(test_lowered_straddling_page);
    return tu_test_finish();
}
