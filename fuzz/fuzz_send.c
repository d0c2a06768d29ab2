/* SPDX-License-Identifier: MIT */
/*
 * fuzz_send.c - libFuzzer target for the sampler send: tu_send_execute and the decoder under
 * it (src/visa/send.c, src/lower/decode.c; the message layout of Mesa brw_eu.h,
 * brw_sampler_desc, and brw_lower_logical_sends.cpp, lower_sampler_logical_send, the header; IGC
 * TranslateSend3D.cpp, getSamplerResponseLength, and vISA spec, 3D_SAMPLE, "Notes", the
 * response).
 *
 * The input is a descriptor, an extended descriptor, an execution mask, a target and a coarse
 * pixel size, then the payload: whatever the fuzzer writes there is a send a simulator could
 * meet. The payload and the response live in buffers of exactly their sizes, so a read past
 * the message length or a write past the response length is caught. The send must either be
 * refused with a status or run, never crash; a message the decoder accepts and the lowering
 * then rebuilds (split, payload) must decode again to the same message type and width.
 *
 *   clang -g -fsanitize=fuzzer,address,undefined -Iinclude fuzz/fuzz_send.c <sources>
 */
#include "fuzz_gen.h"

#include "texunit/lower.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { HEAD = 15 };

static tu_image images[4], mcs_image;
static tu_sampler samplers[3];
static const tu_surface *table[8];
static const tu_sampler *states[3];
static tu_send_binding bindless[2];
static tu_send_tables tables;

static uint32_t le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void setup(void) {
    fz_make_image(&images[0], TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, 1, false,
                  7);
    fz_make_image(&images[1], TU_SURFACE_CUBE, true, TU_FORMAT_R16G16B16A16_SFLOAT, 4, 4, 1, 12, 1,
                  false, 7);
    fz_make_image(&images[2], TU_SURFACE_2D, true, TU_FORMAT_D32_SFLOAT, 4, 4, 1, 2, 1, false, 7);
    fz_make_image(&images[3], TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UINT, 4, 4, 1, 1, 4, false,
                  7);
    fz_make_image(&mcs_image, TU_SURFACE_2D, false, TU_FORMAT_R8_UINT, 4, 4, 1, 1, 1, true, 7);
    memset(mcs_image.memory, 0x1b, mcs_image.surface.size);
    images[3].surface.mcs = &mcs_image.surface;
    for (int i = 0; i < 4; i++)
        table[i] = &images[i].surface;
    samplers[0] = tu_sampler_default();
    samplers[1] = tu_sampler_default();
    samplers[1].min_filter = samplers[1].mag_filter = TU_FILTER_LINEAR;
    samplers[1].mip_filter = TU_MIP_LINEAR;
    samplers[1].max_anisotropy = 4;
    samplers[2] = tu_sampler_default();
    samplers[2].compare = TU_COMPARE_LESS;
    for (int i = 0; i < 3; i++)
        states[i] = &samplers[i];
    bindless[0] = (tu_send_binding){0x3000, &images[1].surface, NULL};
    bindless[1] = (tu_send_binding){0x40, NULL, &samplers[2]};
    tables = (tu_send_tables){table, 8, states, 3, bindless, 2, NULL};
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static bool ready;
    if (!ready) setup(), ready = true;
    if (size < HEAD) return 0;
    static const char *const names[] = {"skl", "tgl", "xe2"};
    const tu_target *t = tu_target_preset(names[data[12] % 3]);
    tu_send s = {le32(data),   le32(data + 4), le32(data + 8), NULL, size - HEAD,
                 data[13] & 7, data[14] & 7,   NULL,           0};
    uint8_t *payload = malloc(s.payload_size ? s.payload_size : 1);
    if (!payload) return 0;
    memcpy(payload, data + HEAD, s.payload_size);
    s.payload = payload;
    /* a split send (ex_desc ex_mlen set): src0 the descriptor's mlen GRFs, src1 the rest, each
     * in an allocation of its own size */
    uint8_t *src1 = NULL;
    const size_t src0_size = (size_t)(s.desc >> 25 & 0xf) * t->grf_bytes;
    if ((s.ex_desc >> 6 & 0x1f) && s.payload_size > src0_size) {
        s.src1_size = s.payload_size - src0_size;
        src1 = malloc(s.src1_size);
        if (!src1) abort();
        memcpy(src1, payload + src0_size, s.src1_size);
        s.src1 = src1;
        s.payload_size = src0_size;
    }
    const size_t rsize = (size_t)(s.desc >> 20 & 0x1f) * t->grf_bytes;
    uint8_t *response = malloc(rsize ? rsize : 1);
    tu_error err;
    const tu_status st = tu_send_execute(&s, t, &tables, response, rsize, &err);
    if (st != TU_OK && st != TU_INVALID_ARGUMENT && st != TU_UNSUPPORTED && st != TU_OUT_OF_RANGE)
        abort();
    if (st != TU_OK && !err.message[0]) abort(); /* every refusal says why */

    /* what the decoder accepts, the lowering can rebuild */
    tu_send_decoded *d = malloc(sizeof *d);
    tu_lplan *plan = malloc(sizeof *plan);
    tu_payload *p = malloc(sizeof *p);
    if (d && plan && p && tu_lower_decode(&s, t, d, &err) == TU_OK) {
        d->msg.flags |= TU_LMSG_STATIC;
        if (tu_lower_split(&d->msg, t, plan, &err) == TU_OK &&
            tu_lower_payload(&plan->part[0], t, p, &err) == TU_OK) {
            const tu_send_fields a = tu_lower_fields(s.desc, s.ex_desc, t);
            const tu_send_fields b = tu_lower_fields(p->desc, p->ex_desc, t);
            if (a.msg_type != b.msg_type || plan->count != 1 || a.rlen != b.rlen) abort();
        }
    }
    free(p);
    free(plan);
    free(d);
    free(response);
    free(src1);
    free(payload);
    return 0;
}
