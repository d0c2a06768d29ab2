/* SPDX-License-Identifier: MIT */
/*
 * fuzz_nv_tic.c - libFuzzer target for Maxwell texture headers (TIC) and samplers (TSC):
 * their decoders and encoders (src/nv/tic.c, tsc.c), what a header means as a surface
 * (tu_nv_tic_texture, texture.c) and what a sampler means to the engine (tu_nv_tsc_sampler).
 *
 * Input: 32 header bytes, 32 sampler bytes, then the memory region (its size, up to 64 KiB,
 * and how far below the header's address it starts) and a few texel coordinates.
 *   - decode -> encode -> decode -> encode: what decodes encodes back to the very bytes,
 *     which decode again to fields that encode the same;
 *   - a header the texture interpreter accepts describes a surface that validates and lies
 *     inside the region's memory (a buffer of exactly the region's size): loads and samples
 *     at the coordinates given read only there;
 *   - a sampler the interpreter accepts validates as an engine sampler.
 */
#include "fuzz_gen.h"

static void round_trip(const uint8_t *bytes, bool header) {
    tu_error err = {0};
    uint8_t again[32], third[32]; /* the structs have padding: compare their encodings */
    if (header) {
        tu_nv_tic h, h2;
        if (tu_nv_tic_decode(bytes, &h, &err) != TU_OK) return;
        if (tu_nv_tic_encode(&h, again, &err) != TU_OK || memcmp(again, bytes, 32) != 0 ||
            tu_nv_tic_decode(again, &h2, &err) != TU_OK ||
            tu_nv_tic_encode(&h2, third, &err) != TU_OK || memcmp(third, bytes, 32) != 0) {
            fprintf(stderr, "header: decode -> encode -> decode differs (%s)\n", err.message);
            abort();
        }
    } else {
        tu_nv_tsc s, s2;
        if (tu_nv_tsc_decode(bytes, &s, &err) != TU_OK) return;
        if (tu_nv_tsc_encode(&s, again, &err) != TU_OK || memcmp(again, bytes, 32) != 0 ||
            tu_nv_tsc_decode(again, &s2, &err) != TU_OK ||
            tu_nv_tsc_encode(&s2, third, &err) != TU_OK || memcmp(third, bytes, 32) != 0) {
            fprintf(stderr, "sampler: decode -> encode -> decode differs (%s)\n", err.message);
            abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 64) return 0;
    round_trip(data, true);
    round_trip(data + 32, false);
    fuzz_in in = {data + 64, size - 64};
    tu_error err = {0};

    tu_sampler smp = tu_nv_tld_sampler(fz_bool(&in));
    tu_nv_tsc tsc;
    if (tu_nv_tsc_decode(data + 32, &tsc, &err) == TU_OK &&
        tu_nv_tsc_sampler(&tsc, &smp, &err) == TU_OK) {
        if (tu_sampler_validate(&smp, &err) != TU_OK) {
            fprintf(stderr, "a sampler tu_nv_tsc_sampler made is invalid: %s\n", err.message);
            abort();
        }
    }

    tu_nv_tic h;
    if (tu_nv_tic_decode(data, &h, &err) != TU_OK) return 0;
    const size_t region_size = 1 + fz_below(&in, 64 * 1024);
    const uint64_t below = fz_u16(&in);
    uint8_t *mem = malloc(region_size);
    if (!mem) return 0;
    memset(mem, fz_u8(&in), region_size);
    const tu_nv_region region = {h.address >= below ? h.address - below : 0, mem, region_size,
                                 NULL};
    tu_nv_texture tex;
    const tu_status st = tu_nv_tic_texture(&h, &region, 1, &tex, &err);
    if (st != TU_OK) {
        if ((st != TU_INVALID_ARGUMENT && st != TU_UNSUPPORTED) || !err.message[0]) abort();
        free(mem);
        return 0;
    }
    if (!tex.empty) {
        if (tu_surface_validate(&tex.surface, &err) != TU_OK) {
            fprintf(stderr, "a header's surface is invalid: %s\n", err.message);
            abort();
        }
        if ((const uint8_t *)tex.surface.data < mem ||
            (const uint8_t *)tex.surface.data + tex.surface.size > mem + region_size)
            abort();
        tu_msg *m = calloc(1, sizeof *m);
        tu_reply *r = malloc(sizeof *r);
        if (m && r) {
            const bool load = fz_bool(&in);
            m->op = load ? TU_OP_LD : TU_OP_SAMPLE_L;
            m->simd = 1 + fz_below(&in, 8);
            m->lane_mask = 0xff;
            m->channel_mask = 0xf;
            for (uint32_t l = 0; l < m->simd; l++)
                for (int s = TU_SRC_U; s <= TU_SRC_AI; s++) {
                    if (load)
                        m->src[s].i[l] = (int32_t)(int8_t)fz_u8(&in);
                    else
                        m->src[s].f[l] = fz_float(&in);
                }
            for (uint32_t l = 0; l < m->simd; l++)
                m->src[TU_SRC_LOD].u[l] = load ? fz_below(&in, 4) : 0;
            const tu_sampler point = tu_nv_tld_sampler(false);
            const tu_status es = tu_execute(m, &tex.surface, load ? &point : &smp, r, &err);
            if (es != TU_OK && !err.message[0]) abort();
        }
        free(r);
        free(m);
    }
    free(mem);
    return 0;
}
