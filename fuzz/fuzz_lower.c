/* SPDX-License-Identifier: MIT */
/*
 * fuzz_lower.c - libFuzzer target for the lowering pipeline (texunit/lower.h: tu_lower_split,
 * tu_lower_payload, tu_lower_decode through tu_send_execute, tu_lower_response_write,
 * tu_lower_zip; src/lower/) and for its equivalence with direct execution.
 *
 * From the input: a target (skl, tgl, xe2, each with the IGC or the Mesa width rule), a
 * message type of the Intel op table (hence the engine op), a logical message (width, lane
 * and channel masks, offsets, flags, the TU_LMSG_* flags, a binding-table index or bindless
 * surface handle, a sampler index or bindless sampler handle, the parameters given) with
 * sources holding any values, a surface from a fixed set (every type, float, integer and
 * depth formats, multisample with MCS, null pages) and a sampler with every field drawn.
 *
 *   direct:   tu_execute -> tu_lower_response_write (the logical message's response)
 *   lowered:  tu_lower_split -> tu_lower_payload -> tu_send_execute -> tu_lower_zip
 *
 * A pass that refuses says why. When the lowering carries the message, the engine's refusal
 * comes back through the send with the same status, and when both run, the two destinations
 * are identical, byte for byte (as tests/test_lower_property.c checks on its generator).
 */
#include "fuzz_gen.h"

#include "texunit/lower.h"

enum { SURFACES = 10, DST_BYTES = (4 * 4 + 1) * 64 };

static tu_image images[SURFACES], mcs_images[2];
static uint8_t resident[64];
static tu_residency residency = {resident, sizeof resident, 6};

static void setup(void) {
    fz_make_image(&images[0], TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, 1,
                  false, 1);
    fz_make_image(&images[1], TU_SURFACE_2D, true, TU_FORMAT_R16G16B16A16_SFLOAT, 8, 8, 1, 3, 1,
                  false, 2);
    fz_make_image(&images[2], TU_SURFACE_3D, false, TU_FORMAT_R8G8B8A8_UNORM, 8, 8, 4, 1, 1, false,
                  3);
    fz_make_image(&images[3], TU_SURFACE_CUBE, true, TU_FORMAT_R16G16B16A16_SFLOAT, 4, 4, 1, 12, 1,
                  false, 4);
    fz_make_image(&images[4], TU_SURFACE_1D, true, TU_FORMAT_R8G8B8A8_UNORM, 16, 1, 1, 4, 1, false,
                  5);
    fz_make_image(&images[5], TU_SURFACE_2D, false, TU_FORMAT_D32_SFLOAT, 16, 16, 1, 1, 1, false,
                  6);
    fz_make_image(&images[6], TU_SURFACE_2D, true, TU_FORMAT_D16_UNORM, 8, 8, 1, 2, 1, false, 7);
    fz_make_image(&images[7], TU_SURFACE_2D, true, TU_FORMAT_R16G16B16A16_SINT, 8, 8, 1, 2, 1,
                  false, 8);
    fz_make_image(&images[8], TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UINT, 8, 8, 1, 1, 4, false,
                  9);
    fz_make_image(&images[9], TU_SURFACE_2D, true, TU_FORMAT_R32_SFLOAT, 4, 4, 1, 2, 16, false, 10);
    fz_make_image(&mcs_images[0], TU_SURFACE_2D, false, TU_FORMAT_R8_UINT, 8, 8, 1, 1, 1, true, 11);
    fz_make_image(&mcs_images[1], TU_SURFACE_2D, true, TU_FORMAT_R32G32_UINT, 4, 4, 1, 2, 1, true,
                  12);
    memset(mcs_images[0].memory, 0xff, 8); /* a row of cleared pixels */
    images[8].surface.mcs = &mcs_images[0].surface;
    images[9].surface.mcs = &mcs_images[1].surface;
    for (size_t p = 0; p < sizeof resident * 8; p++) /* about one 64-byte page in five null */
        if (tu_texel_hash(1, 0, 0, (uint32_t)p, 0, 0, 0) % 5) resident[p / 8] |= 1u << (p % 8);
    images[0].surface.residency = &residency;
    images[5].surface.residency = &residency;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static bool ready;
    if (!ready) setup(), ready = true;
    fuzz_in in = {data, size};
    static const char *const presets[] = {"skl", "tgl", "xe2"};
    tu_target t = *tu_target_preset(presets[fz_below(&in, 3)]);
    if (fz_bool(&in)) t.width_rule = TU_WIDTH_MESA;
    tu_lower_type_info info;
    const uint32_t type = fz_below(&in, 64);
    const bool uw = fz_bool(&in);
    if (!tu_lower_describe_type(type, uw, &t, &info)) return 0;

    tu_lmsg *lm = malloc(sizeof *lm);
    if (!lm) abort();
    fz_message(&in, &lm->msg, false);
    tu_msg *m = &lm->msg;
    m->op = info.op;
    static const uint32_t widths[] = {8, 16, 32, 4, 12, 24, 1, 5, 19, 33};
    m->simd = widths[fz_below(&in, 10)];
    lm->flags = fz_u8(&in) & 0x3f;
    if (info.float_params) { /* 16-bit float parameters go with half sources, mostly */
        const bool half = (lm->flags & TU_LMSG_PARAMS_16BIT) != 0;
        if (fz_below(&in, 8))
            m->flags = (m->flags & ~TU_MSG_HALF_SOURCES) | (half ? TU_MSG_HALF_SOURCES : 0);
    }
    const tu_surface *surface = &images[fz_below(&in, SURFACES)].surface;
    tu_sampler smp = fz_sampler(&in, false);
    const tu_op_info *op = tu_op_describe(m->op);
    if (fz_below(&in, 8)) /* mostly a compare sampler for a compare op and no compare else */
        smp.compare = (op->flags & TU_OPF_COMPARE) ? TU_COMPARE_NEVER + fz_below(&in, 8) : 0;

    static const tu_surface *table[252];
    static const tu_sampler *states[64];
    memset(table, 0, sizeof table);
    memset(states, 0, sizeof states);
    tu_send_binding bindless[2] = {{0}};
    if (lm->flags & TU_LMSG_BINDLESS_SURFACE) {
        lm->surface = fz_u32(&in) & ~0xfffu;
        bindless[0] = (tu_send_binding){lm->surface, surface, NULL};
    } else {
        lm->surface = fz_below(&in, 256);
        if (lm->surface < 252) table[lm->surface] = surface;
    }
    if (lm->flags & TU_LMSG_BINDLESS_SAMPLER) {
        lm->sampler = fz_u32(&in) & ~0x1fu;
        bindless[1] = (tu_send_binding){lm->sampler, NULL, &smp};
    } else {
        lm->sampler = fz_below(&in, 64);
        states[lm->sampler] = &smp;
    }
    lm->params_given = fz_u16(&in);
    const tu_send_tables tables = {table, 252, states, 64, bindless, 2, NULL};
    const bool sampled =
        op->kind == TU_KIND_SAMPLE || op->kind == TU_KIND_GATHER || op->kind == TU_KIND_LOD;
    const tu_sampler no_state = tu_sampler_default(); /* loads and queries take none */

    /* direct */
    uint8_t *direct = malloc(DST_BYTES), *lowered = malloc(DST_BYTES);
    tu_reply *reply = malloc(sizeof *reply);
    tu_lplan *plan = malloc(sizeof *plan);
    tu_payload *pl = malloc(sizeof *pl);
    if (!direct || !lowered || !reply || !plan || !pl) abort();
    memset(direct, 0xa5, DST_BYTES);
    memset(lowered, 0xa5, DST_BYTES);
    tu_error err = {0}, lerr = {0};
    const tu_status dst = tu_execute(m, surface, sampled ? &smp : &no_state, reply, &err);
    if (dst != TU_OK && !err.message[0]) abort();
    if (dst == TU_OK && tu_lower_response_write(lm, &t, reply, direct, DST_BYTES, &err) != TU_OK) {
        fprintf(stderr, "a reply does not write: %s\n", err.message);
        abort();
    }

    /* lowered */
    tu_status lst = tu_lower_split(lm, &t, plan, &lerr);
    bool carried = lst == TU_OK;
    for (uint32_t k = 0; lst == TU_OK && k < plan->count; k++) {
        lst = tu_lower_payload(&plan->part[k], &t, pl, &lerr);
        if (lst != TU_OK) {
            carried = false;
            break;
        }
        const tu_send s = {
            pl->desc, pl->ex_desc, pl->exec_mask, pl->grf, (size_t)pl->mlen * t.grf_bytes,
            m->cps_x, m->cps_y,    NULL,          0};
        const size_t rsize = (size_t)pl->rlen * t.grf_bytes;
        uint8_t *resp = malloc(rsize ? rsize : 1); /* exactly rlen GRFs */
        if (!resp) abort();
        lst = tu_send_execute(&s, &t, &tables, resp, rsize, &lerr);
        if (lst == TU_OK &&
            tu_lower_zip(lm, &plan->part[k], &t, resp, rsize, lowered, DST_BYTES, &lerr) != TU_OK) {
            fprintf(stderr, "a part's response does not zip: %s\n", lerr.message);
            abort();
        }
        free(resp);
    }
    if (lst != TU_OK && !lerr.message[0]) abort();
    /* TU_LMSG_STATIC messages carry zeros, not the sources: run, not compared */
    if (lm->flags & TU_LMSG_STATIC) carried = false;
    if (carried && lst != dst) {
        fprintf(stderr, "%s SIMD%u on %s: direct %s (%s), lowered %s (%s)\n", info.mnemonic,
                m->simd, t.name, tu_status_name(dst), err.message, tu_status_name(lst),
                lerr.message);
        abort();
    }
    if (carried && dst == TU_OK && memcmp(direct, lowered, DST_BYTES) != 0) {
        size_t at = 0;
        while (direct[at] == lowered[at])
            at++;
        fprintf(stderr,
                "%s SIMD%u on %s (%u parts of width %u; flags %#x, message flags %#x, lanes "
                "%#x, channels %#x, surface %s): lowered differs from direct at byte %zu: "
                "%#x vs %#x\n",
                info.mnemonic, m->simd, t.name, plan->count, plan->width, lm->flags, m->flags,
                m->lane_mask, m->channel_mask, tu_format_describe(surface->format)->name, at,
                lowered[at], direct[at]);
        abort();
    }
    free(pl);
    free(plan);
    free(reply);
    free(lowered);
    free(direct);
    free(lm);
    return 0;
}
