/* SPDX-License-Identifier: MIT */
/*
 * seeds_dp_send.c - write valid data-port sends in fuzz_dp_send's input layout: the seeds of
 * fuzz/corpus/fuzz_dp_send/ (docs/testing.md, "The fuzz_dp_send seeds").
 *
 *   build-fuzz/seeds_dp_send DIR
 *
 * Each seed is a logical surface message lowered by the library itself (tu_dp_lower_split,
 * tu_dp_lower_payload) on one of the harness's generations, aimed at the surfaces the harness
 * binds, and written as fuzz_dp_send reads it: descriptor, extended descriptor, execution mask
 * (little-endian), the generation byte, then src0 and src1 as two halves of max(mlen, ex_mlen)
 * GRFs each. Every seed is then run through tu_dp_send_execute with the harness's tables; the
 * program fails when any is refused, so a seed that no longer reaches the engine shows here.
 * Messages a generation does not carry are skipped with the lowering's reason.
 */
#include "texunit/texunit.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* fuzz_dp_send.c: byte 12 % 6 picks the generation, a preset with verx10 set. */
static const char *const gens[] = {"ivb", "hsw", "skl", "tgl", "dg2", "xe2"};
static const char *const presets[] = {"skl", "skl", "skl", "tgl", "tgl", "xe2"};
static const uint32_t verx10[] = {70, 75, 90, 120, 125, 200};

/* fuzz_dp_send.c's bindings: slot i holds surface i % 3, slot 3 is read-only. */
static tu_image images[3];
static const tu_surface *table[8];
static const bool writable[8] = {true, true, true, false, true, true, true, true};
enum { SLOT_BUFFER = 0, SLOT_R32 = 1, SLOT_RGBA8 = 2, SLOT_BUFFER_RO = 3 };

static const char *outdir;
static int written, refused;

static void bind_surfaces(void) {
    const tu_surface_type type[3] = {TU_SURFACE_BUFFER, TU_SURFACE_2D, TU_SURFACE_2D};
    const tu_format format[3] = {TU_FORMAT_R32_UINT, TU_FORMAT_R32_SINT, TU_FORMAT_R8G8B8A8_UNORM};
    const uint32_t width[3] = {64, 8, 8}, height[3] = {1, 8, 4};
    for (int i = 0; i < 3; i++) {
        tu_surface d = {.type = type[i],
                        .format = format[i],
                        .width = width[i],
                        .height = height[i],
                        .depth = 1,
                        .layers = 1,
                        .levels = 1,
                        .samples = 1};
        tu_error err;
        if (tu_image_create(&images[i], &d, &err) != TU_OK) {
            fprintf(stderr, "seeds_dp_send: surface %d: %s\n", i, err.message);
            exit(1);
        }
    }
    for (int i = 0; i < 8; i++)
        table[i] = &images[i % 3].surface;
}

static void put32(uint8_t *p, uint32_t v) {
    for (int b = 0; b < 4; b++)
        p[b] = (uint8_t)(v >> 8 * b);
}

/* Lower m on generation g and write it as DIR/<gen>-<what>-simd<N>.bin. A message the target
 * cuts in parts is written as its last part (the first is the narrower message's own seed). */
static void emit(unsigned g, const tu_dp_lmsg *m, const char *what) {
    tu_target t = *tu_target_preset(presets[g]);
    t.verx10 = verx10[g];
    tu_dp_plan *plan = malloc(sizeof *plan);
    tu_dp_payload *p = malloc(sizeof *p);
    uint8_t *buf = NULL;
    if (!plan || !p) {
        fprintf(stderr, "seeds_dp_send: out of memory\n");
        exit(1);
    }
    tu_error err;
    if (tu_dp_lower_split(m, &t, plan, &err) != TU_OK) {
        printf("skipped %s-%s-simd%u: %s\n", gens[g], what, m->msg.simd, err.message);
        goto done;
    }
    const unsigned last = plan->count - 1;
    if (tu_dp_lower_payload(&plan->part[last], &t, p, &err) != TU_OK) {
        fprintf(stderr, "seeds_dp_send: %s-%s: payload: %s\n", gens[g], what, err.message);
        exit(1);
    }
    char name[512];
    if (last)
        snprintf(name, sizeof name, "%s/%s-%s-simd%u-part%u-simd%u.bin", outdir, gens[g], what,
                 m->msg.simd, last + 1, p->width);
    else if (p->width != m->msg.simd) /* Xe2's LSC pads SIMD8 to SIMD16 */
        snprintf(name, sizeof name, "%s/%s-%s-simd%u-in-simd%u.bin", outdir, gens[g], what,
                 m->msg.simd, p->width);
    else
        snprintf(name, sizeof name, "%s/%s-%s-simd%u.bin", outdir, gens[g], what, p->width);
    const size_t regs = p->mlen > p->ex_mlen ? p->mlen : p->ex_mlen;
    const size_t half = regs * t.grf_bytes, size = 13 + 2 * half;
    buf = calloc(1, size);
    if (!buf) {
        fprintf(stderr, "seeds_dp_send: out of memory\n");
        exit(1);
    }
    put32(buf, p->desc);
    put32(buf + 4, p->ex_desc);
    put32(buf + 8, p->exec_mask);
    buf[12] = (uint8_t)g;
    memcpy(buf + 13, p->src0, (size_t)p->mlen * t.grf_bytes);
    memcpy(buf + 13 + half, p->src1, (size_t)p->ex_mlen * t.grf_bytes);
    FILE *f = fopen(name, "wb");
    if (!f || fwrite(buf, 1, size, f) != size || fclose(f)) {
        perror(name);
        exit(1);
    }
    written++;
    /* as the harness runs it: src0 the first half, src1 the rest */
    const tu_dp_send s = {p->desc, p->ex_desc, p->exec_mask, buf + 13, half, buf + 13 + half, half};
    const tu_send_tables tables = {table, 8, NULL, 0, NULL, 0, NULL};
    static uint8_t response[31 * 64];
    if (tu_dp_send_execute(&s, &t, &tables, writable, response, sizeof response, &err) != TU_OK) {
        fprintf(stderr, "seeds_dp_send: %s is refused: %s\n", name, err.message);
        refused++;
    }
done:
    free(buf);
    free(p);
    free(plan);
}

/* op on `surface`, all lanes on, every channel: typed at (l % 8, (l / 8 + l) % height), bytes
 * at dword l of the 64-dword buffer (a channel c reads dword l + c). */
static tu_dp_lmsg message(tu_dp_op op, uint32_t simd, uint32_t surface) {
    tu_dp_lmsg m;
    memset(&m, 0, sizeof m);
    m.msg.op = op;
    m.msg.simd = simd;
    m.msg.lane_mask = (1u << simd) - 1;
    m.msg.channel_mask = 0xf;
    m.msg.bytes = 4;
    m.surface = surface;
    const bool typed = tu_dp_op_describe(op)->address == TU_DP_ADDRESS_TYPED;
    const uint32_t height = surface % 3 == SLOT_RGBA8 ? 4 : 8;
    m.dims = typed ? 2 : 0;
    for (uint32_t l = 0; l < simd; l++) {
        if (typed) {
            m.msg.addr[0].u[l] = l % 8;
            m.msg.addr[1].u[l] = (l / 8 + l) % height;
        } else {
            m.msg.addr[0].u[l] = 4 * l;
        }
        for (uint32_t c = 0; c < 4; c++)
            m.msg.data[c].u[l] = 0x01020304u * (c + 1) + l;
    }
    return m;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: seeds_dp_send DIR (an existing directory)\n");
        return 2;
    }
    outdir = argv[1];
    bind_surfaces();
    static const char *const sizes[] = {NULL, "byte", "word", NULL, "dword"};
    for (unsigned g = 0; g < 6; g++)
        for (uint32_t w = 8; w <= 16; w += 8) {
            tu_dp_lmsg m = message(TU_DP_TYPED_READ, w, SLOT_RGBA8);
            emit(g, &m, "typed-read-rgba");
            m = message(TU_DP_TYPED_READ, w, SLOT_R32), m.msg.channel_mask = 1, m.dims = 4;
            emit(g, &m, "typed-read-r-lod");
            m = message(TU_DP_TYPED_WRITE, w, SLOT_RGBA8 + 3);
            emit(g, &m, "typed-write-rgba");
            m = message(TU_DP_TYPED_WRITE, w, SLOT_R32 + 3), m.msg.channel_mask = 1;
            emit(g, &m, "typed-write-r");
            m = message(TU_DP_TYPED_ATOMIC, w, SLOT_R32), m.msg.atomic = TU_ATOMIC_ADD;
            emit(g, &m, "typed-atomic-add");
            m = message(TU_DP_TYPED_ATOMIC, w, SLOT_R32 + 6), m.msg.atomic = TU_ATOMIC_CMPXCHG;
            emit(g, &m, "typed-atomic-cmpxchg");
            m = message(TU_DP_UNTYPED_READ, w, SLOT_BUFFER_RO);
            emit(g, &m, "untyped-read-xyzw");
            m = message(TU_DP_UNTYPED_READ, w, SLOT_BUFFER), m.msg.channel_mask = 1;
            emit(g, &m, "untyped-read-x");
            m = message(TU_DP_UNTYPED_WRITE, w, SLOT_BUFFER + 6), m.msg.channel_mask = 0x5;
            emit(g, &m, "untyped-write-xz");
            m = message(TU_DP_UNTYPED_ATOMIC, w, SLOT_BUFFER), m.msg.atomic = TU_ATOMIC_IMAX;
            emit(g, &m, "untyped-atomic-imax");
            m = message(TU_DP_UNTYPED_ATOMIC, w, SLOT_BUFFER + 6), m.msg.atomic = TU_ATOMIC_INC;
            m.no_response = true;
            emit(g, &m, "untyped-atomic-inc-noret");
            m = message(TU_DP_UNTYPED_ATOMIC, w, SLOT_BUFFER), m.msg.atomic = TU_ATOMIC_FADD;
            emit(g, &m, "untyped-atomic-fadd");
            /* PREDEC is the legacy port's, LSC has atomic load and store instead */
            const bool lsc = verx10[g] >= 125;
            m = message(TU_DP_UNTYPED_ATOMIC, w, SLOT_BUFFER);
            m.msg.atomic = lsc ? TU_ATOMIC_LOAD : TU_ATOMIC_PREDEC;
            emit(g, &m, lsc ? "untyped-atomic-load" : "untyped-atomic-predec");
            if (lsc) {
                m = message(TU_DP_UNTYPED_ATOMIC, w, SLOT_BUFFER + 6);
                m.msg.atomic = TU_ATOMIC_STORE;
                emit(g, &m, "untyped-atomic-store");
            }
            for (uint32_t b = 1; b <= 4; b *= 2) {
                char what[64];
                m = message(TU_DP_SCATTERED_READ, w, SLOT_BUFFER_RO), m.msg.bytes = b;
                for (uint32_t l = 0; l < w; l++)
                    m.msg.addr[0].u[l] = b * (l * 3 % w);
                snprintf(what, sizeof what, "scattered-read-%s", sizes[b]);
                emit(g, &m, what);
                m = message(TU_DP_SCATTERED_WRITE, w, SLOT_BUFFER), m.msg.bytes = b;
                snprintf(what, sizeof what, "scattered-write-%s", sizes[b]);
                emit(g, &m, what);
            }
        }
    printf("%d seeds written in %s, %d refused\n", written, outdir, refused);
    for (int i = 0; i < 3; i++)
        tu_image_free(&images[i]);
    return refused ? 1 : 0;
}
