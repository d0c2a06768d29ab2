/* SPDX-License-Identifier: MIT */
/*
 * test_mesa_sends.c - the data-port descriptors Mesa emits execute (texunit/lower.h, "the
 * data port"; docs/lowering.md). For skl, tgl, dg2 and xe2 each message's descriptor is built
 * here a second time from Mesa's encoding functions as brw_eu.h writes them (brw_dp_desc and
 * its typed, untyped and atomic forms; lsc_msg_desc and lsc_bti_ex_desc; brw_message_desc and
 * brw_message_ex_desc), compared with texunit's lowering, and executed: on the LSC with every
 * legal cache-control value of the op's class (Mesa brw_eu_defines.h, enum lsc_cache_load /
 * lsc_cache_store and their xe2_ forms) and every atomic with Mesa's L1UC_L3WB, the memory and
 * the response must be those of texunit's own lowering. Every illegal cache value is refused,
 * by name, by the decoder and by the lowering; so is a reserved bit. The sampler's split sends
 * are checked in test_lower_property.c; decode-send's text here.
 */
#include "texunit/texunit.h"

#include "tu_test.h"

#include <stdlib.h>

static uint64_t rng = 0x3e5a;

static uint32_t rnd(uint32_t n) {
    return (uint32_t)(tu_test_rand(&rng) % n);
}

/* --- Mesa's encodings, written from brw_eu.h ---------------------------------------------- */

static uint32_t set_bits(uint32_t v, unsigned hi, unsigned lo) {
    return (v & ((hi - lo >= 31 ? 0u : 1u << (hi - lo + 1)) - 1)) << lo;
}

/* brw_message_desc: mlen 28:25, rlen 24:20, header 19 (in GRFs of the target) */
static uint32_t message_desc(uint32_t mlen, uint32_t rlen, bool header) {
    return set_bits(mlen, 28, 25) | set_bits(rlen, 24, 20) | set_bits(header, 19, 19);
}

/* brw_message_ex_desc: 10:6 on Gfx20, 9:6 before */
static uint32_t message_ex_desc(const tu_target *t, uint32_t ex_mlen) {
    return t->verx10 >= 200 ? set_bits(ex_mlen, 10, 6) : set_bits(ex_mlen, 9, 6);
}

/* brw_dp_desc and brw_mdc_cmask */
static uint32_t dp_desc(uint32_t bti, uint32_t type, uint32_t ctrl) {
    return set_bits(bti, 7, 0) | set_bits(ctrl, 13, 8) | set_bits(type, 18, 14);
}
static uint32_t mdc_cmask(uint32_t channels) {
    return 0xf & (0xf << channels);
}

/* lsc_msg_desc: the cache field at 19:16 on Gfx20, 19:17 before */
static uint32_t lsc_msg_desc(const tu_target *t, uint32_t opcode, uint32_t addr_type,
                             uint32_t addr_size, uint32_t data_size, uint32_t cmask_or_vect,
                             bool cmask, uint32_t cache) {
    return set_bits(opcode, 5, 0) | set_bits(addr_size, 8, 7) | set_bits(data_size, 11, 9) |
           (t->verx10 >= 200 ? set_bits(cache, 19, 16) : set_bits(cache, 19, 17)) |
           set_bits(addr_type, 30, 29) |
           (cmask ? set_bits(cmask_or_vect, 15, 12) : set_bits(cmask_or_vect, 14, 12));
}

/* lsc_bti_ex_desc */
static uint32_t lsc_bti_ex_desc(uint32_t bti, uint32_t base_offset) {
    return set_bits(bti, 31, 24) | set_bits(base_offset, 23, 12);
}

/* Mesa brw_eu_defines.h: lsc_opcode of each engine atomic (LSC_OP_ATOMIC_*), its cache
 * tables by value, and the enum's names of the legal values (NULL: none). */
static const uint32_t lsc_atomic_op[TU_ATOMIC_COUNT] = {
    [TU_ATOMIC_INC] = 8,    [TU_ATOMIC_DEC] = 9,       [TU_ATOMIC_LOAD] = 10,
    [TU_ATOMIC_STORE] = 11, [TU_ATOMIC_XCHG] = 11,     [TU_ATOMIC_ADD] = 12,
    [TU_ATOMIC_SUB] = 13,   [TU_ATOMIC_IMIN] = 14,     [TU_ATOMIC_IMAX] = 15,
    [TU_ATOMIC_UMIN] = 16,  [TU_ATOMIC_UMAX] = 17,     [TU_ATOMIC_CMPXCHG] = 18,
    [TU_ATOMIC_FADD] = 19,  [TU_ATOMIC_FSUB] = 20,     [TU_ATOMIC_FMIN] = 21,
    [TU_ATOMIC_FMAX] = 22,  [TU_ATOMIC_FCMPXCHG] = 23, [TU_ATOMIC_AND] = 24,
    [TU_ATOMIC_OR] = 25,    [TU_ATOMIC_XOR] = 26};

/* Mesa brw_eu_defines.h, BRW_AOP_* (integer) and the float ones of the untyped float atomic */
static const uint32_t brw_aop[TU_ATOMIC_COUNT] = {
    [TU_ATOMIC_AND] = 1,      [TU_ATOMIC_OR] = 2,      [TU_ATOMIC_XOR] = 3,   [TU_ATOMIC_XCHG] = 4,
    [TU_ATOMIC_INC] = 5,      [TU_ATOMIC_DEC] = 6,     [TU_ATOMIC_ADD] = 7,   [TU_ATOMIC_SUB] = 8,
    [TU_ATOMIC_IMAX] = 10,    [TU_ATOMIC_IMIN] = 11,   [TU_ATOMIC_UMAX] = 12, [TU_ATOMIC_UMIN] = 13,
    [TU_ATOMIC_CMPXCHG] = 14, [TU_ATOMIC_PREDEC] = 15, [TU_ATOMIC_FMAX] = 1,  [TU_ATOMIC_FMIN] = 2,
    [TU_ATOMIC_FCMPXCHG] = 3};

static const char *const lsc_cache_load[8] = {"L1STATE_L3MOCS", "L1UC_L3UC", "L1UC_L3C",
                                              "L1C_L3UC",       "L1C_L3C",   "L1S_L3UC",
                                              "L1S_L3C",        "L1IAR_L3C"};
static const char *const lsc_cache_store[8] = {"L1STATE_L3MOCS", "L1UC_L3UC", "L1UC_L3WB",
                                               "L1WT_L3UC",      "L1WT_L3WB", "L1S_L3UC",
                                               "L1S_L3WB",       "L1WB_L3WB"};
static const char *const xe2_cache_load[16] = {
    [0] = "L1STATE_L3MOCS", [2] = "L1UC_L3UC",   [4] = "L1UC_L3C", [5] = "L1UC_L3CC",
    [6] = "L1C_L3UC",       [8] = "L1C_L3C",     [9] = "L1C_L3CC", [10] = "L1S_L3UC",
    [12] = "L1S_L3C",       [14] = "L1IAR_L3IAR"};
static const char *const xe2_cache_store[16] = {
    [0] = "L1STATE_L3MOCS", [2] = "L1UC_L3UC", [4] = "L1UC_L3WB", [6] = "L1WT_L3UC",
    [8] = "L1WT_L3WB",      [10] = "L1S_L3UC", [12] = "L1S_L3WB", [14] = "L1WB_L3WB"};

static const char *mesa_cache_name(const tu_target *t, bool load, uint32_t v) {
    if (t->verx10 >= 200) return v < 16 ? (load ? xe2_cache_load : xe2_cache_store)[v] : NULL;
    return v < 8 ? (load ? lsc_cache_load : lsc_cache_store)[v] : NULL;
}

/* LSC_CACHE(devinfo, STORE, L1UC_L3WB): what Mesa writes for every atomic */
static uint32_t mesa_atomic_cache(const tu_target *t) {
    return t->verx10 >= 200 ? 4 : 2;
}

/* --- executing a send against a fresh copy of an image -------------------------------------- */

typedef struct run {
    tu_status status;
    uint8_t *memory;
    uint8_t response[31 * 64];
    char message[256];
} run;

static run execute(const tu_dp_send *s, const tu_target *t, const tu_image *img, uint32_t surface) {
    run r;
    memset(&r, 0, sizeof r);
    r.memory = malloc(img->surface.size);
    memcpy(r.memory, img->memory, img->surface.size);
    tu_surface view = img->surface;
    view.data = r.memory;
    const tu_surface *table[8] = {0};
    bool writable[8] = {0};
    table[surface] = &view;
    writable[surface] = true;
    const tu_send_tables tables = {table, 8, NULL, 0, NULL, 0, NULL};
    tu_error err = {0};
    r.status = tu_dp_send_execute(s, t, &tables, writable, r.response, sizeof r.response, &err);
    snprintf(r.message, sizeof r.message, "%s", err.message);
    return r;
}

static bool same_run(const run *a, const run *b, size_t size, uint32_t rlen, uint32_t grf) {
    return a->status == b->status && memcmp(a->memory, b->memory, size) == 0 &&
           memcmp(a->response, b->response, (size_t)rlen * grf) == 0;
}

/* A random message of op on t with texunit's lowering of its first part. */
typedef struct lowered {
    tu_dp_lmsg m;
    tu_dp_plan plan;
    tu_dp_payload pay;
    tu_image img;
} lowered;

static bool lower(lowered *L, tu_dp_op op, tu_atomic atomic, const tu_target *t) {
    memset(L, 0, sizeof *L);
    tu_dp_msg *d = &L->m.msg;
    const bool typed = op <= TU_DP_TYPED_ATOMIC;
    const bool is_atomic = op == TU_DP_TYPED_ATOMIC || op == TU_DP_UNTYPED_ATOMIC;
    d->op = op;
    d->simd = typed ? (t->verx10 >= 200 ? 16 : 8) : 16;
    d->lane_mask = (uint32_t)tu_test_rand(&rng) & ((1u << d->simd) - 1);
    d->channel_mask = (1u << (1 + rnd(4))) - 1; /* Mesa's channel counts: R, RG, RGB, RGBA */
    d->atomic = atomic;
    d->bytes = 4;
    L->m.surface = 5;
    L->m.dims = typed ? 2 : 0;
    const tu_format f = !typed       ? TU_FORMAT_R32_UINT
                        : !is_atomic ? TU_FORMAT_R8G8B8A8_UNORM
                        : tu_atomic_describe(atomic)->kind == TU_ATOMIC_KIND_INT
                            ? TU_FORMAT_R32_SINT
                            : TU_FORMAT_R32_SFLOAT;
    L->img = typed ? tu_test_image(TU_SURFACE_2D, false, f, 8, 8, 1, 1, 1, 1)
                   : tu_test_image(TU_SURFACE_BUFFER, false, f, 64, 1, 1, 1, 1, 1);
    for (size_t i = 0; i < L->img.surface.size; i++)
        ((uint8_t *)L->img.memory)[i] = (uint8_t)(is_atomic ? rnd(3) : rnd(256));
    for (uint32_t l = 0; l < d->simd; l++) {
        d->addr[0].u[l] = typed ? rnd(8) : 4 * rnd(60);
        d->addr[1].u[l] = rnd(8);
        for (int c = 0; c < 4; c++)
            d->data[c].u[l] = is_atomic ? rnd(3) : (uint32_t)tu_test_rand(&rng);
    }
    tu_error err = {0};
    if (tu_dp_lower_split(&L->m, t, &L->plan, &err) != TU_OK) return false;
    return CHECK(tu_dp_lower_payload(&L->plan.part[0], t, &L->pay, &err) == TU_OK, "%s: %s",
                 t->name, err.message);
}

/* --- the legacy data port: SKL and TGL ------------------------------------------------------ */

static void test_legacy(void) {
    static const char *const names[] = {"skl", "tgl"};
    long checked = 0;
    for (size_t n = 0; n < 2; n++) {
        const tu_target *t = tu_target_preset(names[n]);
        for (int op = 0; op < TU_DP_OP_COUNT; op++) {
            if (op == TU_DP_SCATTERED_READ || op == TU_DP_SCATTERED_WRITE) continue;
            for (int a = 0;
                 a < (op == TU_DP_TYPED_ATOMIC || op == TU_DP_UNTYPED_ATOMIC ? TU_ATOMIC_COUNT : 1);
                 a++) {
                lowered *L = calloc(1, sizeof *L);
                if (!lower(L, (tu_dp_op)op, (tu_atomic)a, t)) {
                    tu_image_free(&L->img);
                    free(L);
                    continue;
                }
                const tu_dp_part *p = &L->plan.part[0];
                const tu_dp_msg *d = &p->msg.msg;
                const uint32_t channels = tu_dp_msg_validate(d, NULL) == TU_OK
                                              ? (uint32_t)__builtin_popcount(d->channel_mask)
                                              : 0;
                uint32_t want = 0;
                const bool ret = !p->msg.no_response;
                /* the brw_dp_*_desc of each message (Mesa brw_eu.h) */
                switch (op) {
                case TU_DP_TYPED_READ:
                case TU_DP_TYPED_WRITE: /* brw_dp_typed_surface_rw_desc */
                    want = dp_desc(5, op == TU_DP_TYPED_WRITE ? 13 : 5,
                                   mdc_cmask(channels) | (1 + (p->first_lane / 8) % 2) << 4);
                    break;
                case TU_DP_UNTYPED_READ:
                case TU_DP_UNTYPED_WRITE: /* brw_dp_untyped_surface_rw_desc */
                    want = dp_desc(5, op == TU_DP_UNTYPED_WRITE ? 9 : 1,
                                   mdc_cmask(channels) | (d->simd <= 8 ? 2u : 1u) << 4);
                    break;
                case TU_DP_TYPED_ATOMIC: /* brw_dp_typed_atomic_desc */
                    want = dp_desc(
                        5, 6, brw_aop[a] | ((p->first_lane / 8) % 2) << 4 | (uint32_t)ret << 5);
                    break;
                default: { /* brw_dp_untyped_atomic_desc and its float form (whose op field
                            is bits 1:0: FADD, 4, has no Mesa form there) */
                    const bool fl = tu_atomic_describe((tu_atomic)a)->kind == TU_ATOMIC_KIND_FLOAT;
                    if (fl && (brw_aop[a] == 0 || brw_aop[a] > 3)) goto next;
                    want = dp_desc(5, fl ? 0x1B : 2,
                                   brw_aop[a] | (uint32_t)(d->simd <= 8) << 4 | (uint32_t)ret << 5);
                    break;
                }
                }
                want |= message_desc(L->pay.mlen, L->pay.rlen, L->pay.header);
                CHECK_EQ_U(L->pay.desc, want);
                CHECK_EQ_U(L->pay.ex_desc, 12u | message_ex_desc(t, L->pay.ex_mlen));
                checked++;
            next:
                tu_image_free(&L->img);
                free(L);
            }
        }
    }
    printf("  %ld legacy data-port descriptors are Mesa's\n", checked);
    CHECK(checked > 20, "only %ld", checked);
}

/* --- the LSC: DG2 and Xe2 -----------------------------------------------------------------------
 */

static void test_lsc(void) {
    static const char *const names[] = {"dg2", "xe2"};
    long values = 0, atomics = 0, refusals = 0;
    for (size_t n = 0; n < 2; n++) {
        const tu_target *t = tu_target_preset(names[n]);
        const uint32_t width = t->verx10 >= 200 ? 4 : 3, low = 20 - width;
        uint32_t tlow, twidth;
        tu_dp_cache_bits(t, &tlow, &twidth);
        CHECK(tlow == low && twidth == width, "%s: cache field %u, %u bits", t->name, tlow, twidth);
        for (int op = 0; op < TU_DP_OP_COUNT; op++) {
            const bool is_atomic = op == TU_DP_TYPED_ATOMIC || op == TU_DP_UNTYPED_ATOMIC;
            for (int a = 0; a < (is_atomic ? TU_ATOMIC_COUNT : 1); a++) {
                lowered *L = calloc(1, sizeof *L);
                if (!lower(L, (tu_dp_op)op, (tu_atomic)a, t)) {
                    tu_image_free(&L->img);
                    free(L);
                    continue;
                }
                const tu_dp_msg *d = &L->plan.part[0].msg.msg;
                const bool typed = op <= TU_DP_TYPED_ATOMIC;
                const bool load = op == TU_DP_TYPED_READ || op == TU_DP_UNTYPED_READ ||
                                  op == TU_DP_SCATTERED_READ;
                const bool cmask = op == TU_DP_TYPED_READ || op == TU_DP_TYPED_WRITE ||
                                   op == TU_DP_UNTYPED_READ || op == TU_DP_UNTYPED_WRITE;
                const uint32_t opcode = is_atomic ? lsc_atomic_op[a]
                                        : cmask   ? (load ? 2u : 6u)
                                                  : (load ? 0u : 4u);
                const uint32_t dsize = op == TU_DP_SCATTERED_READ || op == TU_DP_SCATTERED_WRITE
                                           ? (d->bytes == 1   ? 4u
                                              : d->bytes == 2 ? 5u
                                                              : 2u)
                                           : 2u;
                /* Mesa's descriptor: atomics L1UC_L3WB, loads and stores L1STATE_L3MOCS */
                const uint32_t mesa_cache = is_atomic ? mesa_atomic_cache(t) : 0;
                const uint32_t shape = cmask ? d->channel_mask : 0;
                uint32_t want = lsc_msg_desc(t, opcode, 3, 2, dsize, shape, cmask, mesa_cache) |
                                message_desc(L->pay.mlen, L->pay.rlen, false);
                CHECK_EQ_U(L->pay.desc, want);
                CHECK_EQ_U(L->pay.ex_desc, (typed ? 13u : 15u) |
                                               message_ex_desc(t, L->pay.ex_mlen) |
                                               lsc_bti_ex_desc(5, 0));
                atomics += is_atomic;
                const tu_dp_send base = tu_dp_payload_send(&L->pay, t);
                run ref = execute(&base, t, &L->img, 5);
                CHECK(ref.status == TU_OK, "%s: %s: %s", t->name, tu_dp_op_describe(op)->name,
                      ref.message);
                for (uint32_t v = 0; v < (1u << width); v++) {
                    const char *name = mesa_cache_name(t, load, v);
                    tu_dp_send s = base;
                    s.desc = lsc_msg_desc(t, opcode, 3, 2, dsize, shape, cmask, v) |
                             message_desc(L->pay.mlen, L->pay.rlen, false);
                    const char *lib = tu_dp_cache_name(t,
                                                       is_atomic ? TU_DP_CACHE_ATOMIC
                                                       : load    ? TU_DP_CACHE_LOAD
                                                                 : TU_DP_CACHE_STORE,
                                                       v);
                    CHECK((name == NULL) == (lib == NULL) && (!name || strcmp(name, lib) == 0),
                          "%s: cache %u: Mesa %s, texunit %s", t->name, v, name ? name : "-",
                          lib ? lib : "-");
                    run got = execute(&s, t, &L->img, 5);
                    if (name) {
                        CHECK(same_run(&ref, &got, L->img.surface.size, L->pay.rlen, t->grf_bytes),
                              "%s: %s cache %u (%s): %s", t->name, tu_dp_op_describe(op)->name, v,
                              name, got.message);
                        /* texunit lowers the value given, as Mesa would have written it */
                        tu_dp_part part = L->plan.part[0];
                        part.msg.cache = TU_DP_CACHE_SET | v;
                        tu_dp_payload *pay = calloc(1, sizeof *pay);
                        tu_error err = {0};
                        CHECK(tu_dp_lower_payload(&part, t, pay, &err) == TU_OK, "%s", err.message);
                        CHECK_EQ_U(pay->desc, s.desc);
                        free(pay);
                        values++;
                    } else {
                        char needle[96];
                        snprintf(needle, sizeof needle,
                                 "LSC cache control %u (descriptor bits 19:%u) is not a legal %s "
                                 "value on target %s",
                                 v, low,
                                 is_atomic ? "atomic"
                                 : load    ? "load"
                                           : "store",
                                 t->name);
                        CHECK(got.status == TU_INVALID_ARGUMENT && strstr(got.message, needle),
                              "%s: want \"%s\", got \"%s\"", t->name, needle, got.message);
                        tu_dp_part part = L->plan.part[0];
                        part.msg.cache = TU_DP_CACHE_SET | v;
                        tu_dp_payload *pay = calloc(1, sizeof *pay);
                        tu_error err = {0};
                        CHECK_ERR(tu_dp_lower_payload(&part, t, pay, &err), TU_INVALID_ARGUMENT,
                                  &err, "is not a legal");
                        free(pay);
                        refusals++;
                    }
                    free(got.memory);
                }
                if (t->verx10 < 200) { /* DG2: bit 16 is not part of the field */
                    tu_dp_send s = base;
                    s.desc |= 1u << 16;
                    run got = execute(&s, t, &L->img, 5);
                    CHECK(got.status == TU_INVALID_ARGUMENT &&
                              strstr(got.message, "descriptor bit 16 is reserved on target dg2"),
                          "%s", got.message);
                    free(got.memory);
                }
                free(ref.memory);
                tu_image_free(&L->img);
                free(L);
            }
        }
    }
    printf("  %ld LSC messages executed with each legal cache value alike, %ld atomics with "
           "Mesa's L1UC_L3WB, %ld illegal values refused\n",
           values, atomics, refusals);
    CHECK(values > 100 && atomics > 30 && refusals > 50, "too few cases");
}

/* Xe2's BTI base offset (lsc_bti_ex_desc 23:12): an untyped load 16 bytes further on equals the
 * same load of addresses 16 higher; DG2 refuses it by name. */
static void test_base_offset(void) {
    const tu_target *t = tu_target_preset("xe2");
    lowered *L = calloc(1, sizeof *L), *M = calloc(1, sizeof *M);
    CHECK(lower(L, TU_DP_UNTYPED_READ, TU_ATOMIC_ADD, t));
    *M = *L;
    for (uint32_t l = 0; l < 32; l++)
        M->m.msg.addr[0].u[l] = L->m.msg.addr[0].u[l] % 128 + 16;
    for (uint32_t l = 0; l < 32; l++)
        L->m.msg.addr[0].u[l] = M->m.msg.addr[0].u[l] - 16;
    tu_error err = {0};
    CHECK(tu_dp_lower_split(&L->m, t, &L->plan, &err) == TU_OK &&
          tu_dp_lower_payload(&L->plan.part[0], t, &L->pay, &err) == TU_OK);
    CHECK(tu_dp_lower_split(&M->m, t, &M->plan, &err) == TU_OK &&
          tu_dp_lower_payload(&M->plan.part[0], t, &M->pay, &err) == TU_OK);
    tu_dp_send s = tu_dp_payload_send(&L->pay, t);
    s.ex_desc |= lsc_bti_ex_desc(0, 16);
    const tu_dp_send plain = tu_dp_payload_send(&M->pay, t);
    run a = execute(&s, t, &L->img, 5), b = execute(&plain, t, &L->img, 5);
    CHECK(a.status == TU_OK && same_run(&a, &b, L->img.surface.size, L->pay.rlen, 64), "%s",
          a.message);
    free(a.memory);
    free(b.memory);
    const tu_target *dg2 = tu_target_preset("dg2");
    lowered *D = calloc(1, sizeof *D);
    CHECK(lower(D, TU_DP_UNTYPED_READ, TU_ATOMIC_ADD, dg2));
    tu_dp_send ds = tu_dp_payload_send(&D->pay, dg2);
    ds.ex_desc |= lsc_bti_ex_desc(0, 16);
    run c = execute(&ds, dg2, &D->img, 5);
    CHECK(c.status == TU_INVALID_ARGUMENT &&
              strstr(c.message, "extended descriptor bits 23:12 (base offset 16) must be zero on "
                                "target dg2"),
          "%s", c.message);
    free(c.memory);
    tu_image_free(&L->img);
    tu_image_free(&D->img);
    free(L);
    free(M);
    free(D);
}

/* decode-send's text: Mesa's names, each field, the verdict, and bad values named. */
static void test_describe(void) {
    char text[8192];
    tu_error err = {0};
    const tu_target *tgl = tu_target_preset("tgl"), *xe2 = tu_target_preset("xe2"),
                    *dg2 = tu_target_preset("dg2");
    /* a headered SIMD16 sample_l on tgl as a split send: header in src0, 6 GRFs in src1 */
    const uint32_t desc = 1u | 2u << 12 | 2u << 17 | 1u << 19 | 8u << 20 | 1u << 25;
    CHECK(tu_send_describe(desc, 2u | 6u << 6, tgl, text, sizeof text, NULL, &err) == TU_OK, "%s",
          err.message);
    CHECK(strstr(text, "sampler MsgDesc: sample_l SIMD16 Surface = 1 Sampler = 0 mlen 1 ex_mlen "
                       "6 rlen 8") != NULL,
          "%s", text);
    CHECK(strstr(text, "a split send") != NULL, "%s", text);
    /* the same with ex_desc bit 4 */
    CHECK(tu_send_describe(desc, 2u | 6u << 6 | 1u << 4, tgl, text, sizeof text, NULL, &err) ==
              TU_INVALID_ARGUMENT,
          "%s", text);
    CHECK(strstr(text, "texunit refuses it: extended descriptor bits 0x10 must be zero") != NULL,
          "%s", text);
    /* Xe2's message type 19 is sample_c_mlod, which the engine does not execute */
    CHECK(tu_send_describe(1u | 19u << 12 | 1u << 17 | 4u << 20 | 3u << 25, 2, xe2, text,
                           sizeof text, NULL, &err) == TU_UNSUPPORTED,
          "%s", text);
    CHECK(strstr(text, "sample_c_mlod") != NULL, "%s", text);
    /* an LSC atomic add as Mesa writes it on Xe2, and the same with an odd store value */
    const tu_target *targets[2] = {dg2, xe2};
    for (int i = 0; i < 2; i++) {
        const tu_target *t = targets[i];
        const uint32_t d = lsc_msg_desc(t, 12, 3, 2, 2, 0, false, mesa_atomic_cache(t)) |
                           message_desc(t->verx10 >= 200 ? 1 : 2, t->verx10 >= 200 ? 1 : 2, false);
        const uint32_t x =
            15u | message_ex_desc(t, t->verx10 >= 200 ? 1 : 2) | lsc_bti_ex_desc(3, 0);
        CHECK(tu_send_describe(d, x, t, text, sizeof text, NULL, &err) == TU_OK, "%s: %s", t->name,
              text);
        CHECK(strstr(text, "ugm MsgDesc: ( atomic_add, a32, d32, V1, L1UC_L3WB") != NULL, "%s",
              text);
        CHECK(tu_send_describe(d | 1u << 16, x, t, text, sizeof text, NULL, &err) ==
                  TU_INVALID_ARGUMENT,
              "%s", text);
        CHECK(strstr(text, t->verx10 >= 200
                               ? "*** invalid cache_store value 5"
                               : "descriptor bit 16 is reserved on target dg2") != NULL,
              "%s", text);
    }
    /* an SFID texunit has no messages for */
    CHECK(tu_send_describe(0, 6, tgl, text, sizeof text, NULL, &err) == TU_UNSUPPORTED, "%s", text);
    CHECK(strstr(text, "SFID 6 is not a shared function texunit executes") != NULL, "%s", text);
}

int main(void) {
    rng = tu_test_seed(rng);
    TU_RUN(test_legacy);
    TU_RUN(test_lsc);
    TU_RUN(test_base_offset);
    TU_RUN(test_describe);
    return tu_test_finish();
}
