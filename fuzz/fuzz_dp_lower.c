/* SPDX-License-Identifier: MIT */
/*
 * fuzz_dp_lower.c - libFuzzer target for the equivalence of the data port's two paths
 * (texunit/dataport.h, texunit/lower.h "the data port"; Mesa brw_lower_logical_sends.cpp,
 * lower_surface_logical_send):
 *
 *   direct:   tu_dp_execute on a copy of the surface's memory
 *   lowered:  tu_dp_lower_split -> tu_dp_lower_payload -> tu_dp_send_execute per part (the
 *             physical send or split send a compiler would emit), the responses zipped back
 *             into the logical message's lanes
 *
 * From the input: a generation (IVB, HSW, SKL, TGL, DG2, Xe2), a logical message (any op,
 * SIMD 1..32, lane and channel masks, atomic op, access size, binding-table slot, address
 * components, no-response atomics) with addresses and data of any value, whether the slot is
 * writable, a typed surface's format (any colour format) and the surface's bytes. Each part's
 * send must decode back to the part. When the lowering carries the message, both paths must
 * give the same status, the same memory after (writes and atomics), byte for byte, and the
 * same value in every lane the message returns; when it refuses a message for a misaligned
 * address, the direct path must refuse it too. tests/test_dp_lower.c checks the same on its
 * own generator, with the carried messages counted against the rules.
 *
 *   clang -g -fsanitize=fuzzer,address,undefined -Iinclude fuzz/fuzz_dp_lower.c <sources>
 */
#include "texunit/texunit.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input, read front to back; zeros past its end. */
typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static uint32_t byte(reader *r) {
    if (!r->n) return 0;
    r->n--;
    return *r->p++;
}

static uint32_t u32(reader *r) {
    uint32_t v = 0;
    for (int k = 0; k < 4; k++)
        v |= byte(r) << (8 * k);
    return v;
}

/* The generations: the presets, plus IVB/HSW from SKL and DG2 from TGL by verx10 (the data
 * port reads verx10 and grf_bytes), as tests/test_dp_lower.c has them. */
static tu_target target_of(unsigned g) {
    static const char *const preset[] = {"skl", "skl", "skl", "tgl", "tgl", "xe2"};
    static const uint32_t verx10[] = {70, 75, 90, 120, 125, 200};
    tu_target t = *tu_target_preset(preset[g]);
    t.verx10 = verx10[g];
    return t;
}

static bool make(tu_image *img, tu_surface_type type, bool arrayed, tu_format f, uint32_t w,
                 uint32_t h, uint32_t layers, uint32_t levels) {
    const tu_surface d = {.type = type,
                          .arrayed = arrayed,
                          .format = f,
                          .width = w,
                          .height = h,
                          .depth = 1,
                          .layers = layers,
                          .levels = levels,
                          .samples = 1};
    tu_error err;
    return tu_image_create(img, &d, &err) == TU_OK;
}

/* Run part `part` of the lowered message as its send on the surfaces of `tables`, and zip
 * its response into *reply. Returns the send's status. */
static tu_status run_part(const tu_dp_lmsg *m, const tu_dp_part *part, const tu_target *t,
                          const tu_send_tables *tables, const bool *writable, tu_reply *reply) {
    tu_error err;
    tu_dp_payload *pay = malloc(sizeof *pay);
    if (!pay) abort();
    if (tu_dp_lower_payload(part, t, pay, &err) != TU_OK) abort(); /* a split part encodes */
    const tu_dp_send s = tu_dp_payload_send(pay, t);
    /* the send decodes back to the part */
    tu_dp_lmsg back;
    uint32_t rlen;
    if (tu_dp_lower_decode(&s, t, &back, &rlen, &err) != TU_OK) abort();
    if (back.msg.op != part->msg.msg.op || back.msg.simd != part->msg.msg.simd ||
        back.msg.lane_mask != part->msg.msg.lane_mask || back.surface != part->msg.surface ||
        back.dims != part->msg.dims || rlen != pay->rlen ||
        back.no_response != part->msg.no_response)
        abort();
    static uint8_t response[31 * 64];
    const tu_status st =
        tu_dp_send_execute(&s, t, tables, writable, response, sizeof response, &err);
    if (st == TU_OK) {
        const tu_dp_op op = m->msg.op;
        const bool one = op == TU_DP_TYPED_ATOMIC || op == TU_DP_UNTYPED_ATOMIC ||
                         op == TU_DP_SCATTERED_READ || op == TU_DP_SCATTERED_WRITE;
        const uint32_t mask = one ? 1 : m->msg.channel_mask;
        const uint32_t regs = (part->msg.msg.simd * 4 + t->grf_bytes - 1) / t->grf_bytes;
        for (uint32_t c = 0, slot = 0; pay->rlen && c < 4; c++) {
            if (!(mask >> c & 1)) continue;
            for (uint32_t l = 0; l < part->lanes; l++)
                memcpy(&reply->channel[c].u[part->first_lane + l],
                       response + (size_t)(slot * regs) * t->grf_bytes + 4 * l, 4);
            slot++;
        }
    }
    free(pay);
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reader in = {data, size};
    const tu_target t = target_of(byte(&in) % 6);
    tu_dp_lmsg *m = calloc(1, sizeof *m);
    if (!m) abort();
    tu_dp_msg *d = &m->msg;
    d->op = (tu_dp_op)(byte(&in) % TU_DP_OP_COUNT);
    d->simd = 1 + byte(&in) % 32;
    d->lane_mask = u32(&in) & (d->simd == 32 ? 0xffffffffu : (1u << d->simd) - 1);
    d->channel_mask = 1 + byte(&in) % 15;
    d->atomic = byte(&in) % TU_ATOMIC_COUNT;
    d->bytes = 1u << byte(&in) % 3;
    const bool typed = d->op <= TU_DP_TYPED_ATOMIC;
    const bool atomic = d->op == TU_DP_TYPED_ATOMIC || d->op == TU_DP_UNTYPED_ATOMIC;
    m->surface = 5 + byte(&in) % 3;
    m->dims = typed ? 1 + byte(&in) % 4 : 0;
    m->no_response = atomic && byte(&in) % 4 == 0;
    const bool writable_slot = byte(&in) % 8 != 0;
    /* a typed surface of any colour format (the engine refuses those without typed access
     * or without the atomic, on both paths); untyped messages take a buffer */
    const tu_format f = (tu_format)(byte(&in) % TU_FORMAT_COUNT);
    tu_image img;
    if (typed ? !make(&img, TU_SURFACE_2D, true, f, 6, 5, 3, 2)
              : !make(&img, TU_SURFACE_BUFFER, false, TU_FORMAT_R32_UINT, 24, 1, 1, 1)) {
        free(m);
        return 0;
    }
    const uint32_t align =
        d->op == TU_DP_SCATTERED_READ || d->op == TU_DP_SCATTERED_WRITE ? d->bytes : 4;
    for (uint32_t l = 0; l < d->simd; l++) {
        /* typed: mostly inside the 6x5 array of 3 layers and 2 levels, sometimes anywhere;
         * untyped: any byte address below 128 (the buffer has 96) or any at all */
        static const uint32_t ext[4] = {7, 6, 4, 3};
        const uint32_t how = byte(&in);
        /* only the components the message carries (the others are 0, as a send leaves
         * them) */
        for (uint32_t c = 0; c < (typed ? m->dims : 1); c++) {
            const uint32_t v = how & 0x80 ? u32(&in) : byte(&in);
            d->addr[c].u[l] = how & 0x80 ? v : typed ? v % ext[c] : v % 128;
        }
        for (uint32_t c = 0; c < 4; c++)
            d->data[c].u[l] = atomic && (how & 1) ? byte(&in) % 3 : u32(&in);
    }
    /* the memory: the rest of the input, cycled (small values for atomics now and then) */
    uint8_t *mem = img.memory;
    for (size_t i = 0; i < img.surface.size; i++)
        mem[i] = in.n ? in.p[i % in.n] : (uint8_t)i;
    if (atomic && size && data[0] & 0x80)
        for (size_t i = 0; i < img.surface.size; i++)
            mem[i] %= 3;

    /* direct, on a copy of the memory */
    uint8_t *direct = malloc(img.surface.size);
    tu_reply *ra = calloc(1, sizeof *ra), *rb = calloc(1, sizeof *rb);
    tu_dp_plan *plan = calloc(1, sizeof *plan);
    if (!direct || !ra || !rb || !plan) abort();
    memcpy(direct, mem, img.surface.size);
    tu_surface sa = img.surface;
    sa.data = direct;
    tu_error err;
    const tu_status want = tu_dp_execute(
        d, &sa, TU_DP_ACCESS_READ | (writable_slot ? TU_DP_ACCESS_WRITE : 0), ra, &err);

    /* lowered, on the memory itself */
    const tu_surface *table[8] = {0};
    bool writable[8] = {0};
    table[m->surface] = &img.surface;
    writable[m->surface] = writable_slot;
    const tu_send_tables tables = {table, 8, NULL, 0, NULL, 0, NULL};
    tu_status got = tu_dp_lower_split(m, &t, plan, &err);
    const bool carried = got == TU_OK;
    bool misaligned = false;
    for (uint32_t l = 0; !typed && l < d->simd; l++)
        misaligned |= (d->lane_mask >> l & 1) && d->addr[0].u[l] % align;
    if (misaligned && want == TU_OK) abort(); /* the direct path refuses it whole */
    if (misaligned && carried) abort();       /* and so does the split */
    for (uint32_t p = 0; carried && got == TU_OK && p < plan->count; p++)
        got = run_part(m, &plan->part[p], &t, &tables, writable, rb);
    if (carried) {
        if (got != want) abort();
        if (memcmp(direct, mem, img.surface.size) != 0) abort();
        const bool returns = want == TU_OK && !(atomic && m->no_response) &&
                             d->op != TU_DP_TYPED_WRITE && d->op != TU_DP_UNTYPED_WRITE &&
                             d->op != TU_DP_SCATTERED_WRITE;
        const uint32_t mask = atomic || d->op == TU_DP_SCATTERED_READ ? 1 : d->channel_mask;
        for (uint32_t c = 0; returns && c < 4; c++)
            for (uint32_t l = 0; (mask >> c & 1) && l < d->simd; l++)
                if (d->lane_mask >> l & 1 && ra->channel[c].u[l] != rb->channel[c].u[l]) abort();
    }
    free(plan), free(ra), free(rb), free(direct), free(m);
    tu_image_free(&img);
    return 0;
}
