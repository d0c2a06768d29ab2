/* SPDX-License-Identifier: MIT */
/*
 * fuzz_dp_send.c - libFuzzer target for the data-port send: tu_dp_send_execute and the
 * decoder under it (src/visa/dp_send.c, src/lower/dataport.c; Mesa brw_lower_logical_sends.cpp,
 * lower_surface_logical_send).
 *
 * The input is a descriptor, an extended descriptor, an execution mask and a generation
 * (IVB, HSW, SKL, TGL, DG2, Xe2), then src0 and src1: whatever the fuzzer writes is a send a
 * simulator could meet. Both sources and the response live in buffers of exactly their sizes
 * and the surfaces in memory of exactly theirs, so a read or write past any of them is caught
 * by the sanitizers. The send must be refused with a status or run, never crash; a message the
 * decoder accepts must lower (split, payload) and decode again to the same operation.
 *
 * Binding-table slots 8..15 hold the shapes of slots 0..7 (slot 11 read-only, as slot 3) over
 * memory of their own, viewed from byte 2 (so texels and dwords straddle the 64-byte pages)
 * with every odd page null: a send must leave the bytes of the null pages as they were
 * (docs/semantics.md, "Residency": an element that touches a null page takes no write).
 *
 *   clang -g -fsanitize=fuzzer,address,undefined -Iinclude fuzz/fuzz_dp_send.c <sources>
 */
#include "texunit/texunit.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { HEAD = 13 };

enum { SLOTS = 16, SPARSE_SHIFT = 2 };

static tu_image images[6];                       /* 3..5: the memory of the sparse views */
static tu_surface sparse[3];                     /* images[3..5] from byte 2, odd pages null */
static const uint8_t null_odd_pages[1] = {0x55}; /* pages of 64 bytes; 256 bytes at most */
static const tu_residency residency = {null_odd_pages, 1, 6};
static const tu_surface *table[SLOTS];
static const bool writable[SLOTS] = {true, true, true, false, true, true, true, true,
                                     true, true, true, false, true, true, true, true};

static uint32_t le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void make(tu_image *img, tu_surface_type type, tu_format f, uint32_t w, uint32_t h) {
    tu_surface d = {.type = type,
                    .format = f,
                    .width = w,
                    .height = h,
                    .depth = 1,
                    .layers = 1,
                    .levels = 1,
                    .samples = 1};
    tu_error err;
    if (tu_image_create(img, &d, &err) != TU_OK) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static bool ready;
    if (!ready) {
        make(&images[0], TU_SURFACE_BUFFER, TU_FORMAT_R32_UINT, 64, 1);
        make(&images[1], TU_SURFACE_2D, TU_FORMAT_R32_SINT, 8, 8);
        make(&images[2], TU_SURFACE_2D, TU_FORMAT_R8G8B8A8_UNORM, 8, 4);
        make(&images[3], TU_SURFACE_BUFFER, TU_FORMAT_R32_UINT, 64, 1);
        make(&images[4], TU_SURFACE_2D, TU_FORMAT_R32_SINT, 8, 8);
        make(&images[5], TU_SURFACE_2D, TU_FORMAT_R8G8B8A8_UNORM, 8, 4);
        for (int i = 0; i < 3; i++) { /* one element fewer (a row fewer) keeps them inside */
            sparse[i] = images[3 + i].surface;
            sparse[i].level[0].offset = SPARSE_SHIFT;
            if (i == 0)
                sparse[i].width--;
            else
                sparse[i].height--;
            sparse[i].residency = &residency;
        }
        for (int i = 0; i < SLOTS; i++)
            table[i] = i < 8 ? &images[i % 3].surface : &sparse[(i - 8) % 3];
        ready = true;
    }
    uint8_t before[3][256];
    for (int i = 0; i < 3; i++)
        memcpy(before[i], images[3 + i].memory, images[3 + i].surface.size);
    if (size < HEAD) return 0;
    static const char *const presets[] = {"skl", "skl", "skl", "tgl", "tgl", "xe2"};
    static const uint32_t verx10[] = {70, 75, 90, 120, 125, 200};
    const unsigned g = data[12] % 6;
    tu_target t = *tu_target_preset(presets[g]);
    t.verx10 = verx10[g];
    const size_t rest = size - HEAD, split = rest / 2;
    uint8_t *src0 = malloc(split ? split : 1), *src1 = malloc(rest - split ? rest - split : 1);
    memcpy(src0, data + HEAD, split);
    memcpy(src1, data + HEAD + split, rest - split);
    const tu_dp_send s = {le32(data),  le32(data + 4), le32(data + 8),
                          src0,        split,          rest - split ? src1 : NULL,
                          rest - split};
    const tu_send_tables tables = {table, SLOTS, NULL, 0, NULL, 0, NULL};
    uint8_t *response = malloc(31 * 64);
    tu_error err;
    tu_dp_send_execute(&s, &t, &tables, writable, response, 31 * 64, &err);
    for (int i = 0; i < 3; i++) {
        const uint8_t *now = images[3 + i].memory;
        for (size_t b = 0; b < images[3 + i].surface.size; b++)
            if (!(null_odd_pages[0] >> (b >> 6) & 1) && now[b] != before[i][b]) {
                fprintf(stderr, "byte %zu of sparse surface %d, on null page %zu, was written\n", b,
                        i, b >> 6);
                abort();
            }
    }
    tu_dp_lmsg m;
    uint32_t rlen;
    if (tu_dp_lower_decode(&s, &t, &m, &rlen, &err) == TU_OK) {
        tu_dp_plan *plan = malloc(sizeof *plan);
        tu_dp_payload *p = malloc(sizeof *p);
        if (tu_dp_lower_split(&m, &t, plan, &err) == TU_OK &&
            tu_dp_lower_payload(&plan->part[0], &t, p, &err) == TU_OK) {
            const tu_dp_send again = {p->desc,
                                      p->ex_desc,
                                      p->exec_mask,
                                      p->src0,
                                      (size_t)p->mlen * t.grf_bytes,
                                      p->ex_mlen ? p->src1 : NULL,
                                      (size_t)p->ex_mlen * t.grf_bytes};
            tu_dp_lmsg back;
            if (tu_dp_lower_decode(&again, &t, &back, &rlen, &err) != TU_OK ||
                back.msg.op != m.msg.op)
                abort();
        }
        free(p);
        free(plan);
    }
    free(response);
    free(src1);
    free(src0);
    return 0;
}
