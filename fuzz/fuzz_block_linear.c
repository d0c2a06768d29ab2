/* SPDX-License-Identifier: MIT */
/*
 * fuzz_block_linear.c - libFuzzer target for the equivalence of layouts: a surface in
 * NVIDIA's block-linear layout (tu_surface_layout_block_linear, envytools
 * docs/hw/memory/g80-surface.rst) against the same texels in a linear (packed) surface.
 *
 * From the input: a surface shape (any type, format, sizes, levels, layers, samples), the
 * block height and depth in GOBs, a view, a sampler and messages. Each surface gets a buffer
 * of exactly the size its layout reports; the linear one is filled (fz_fill: the texel
 * generator, or hash bytes for a compressed format), and its texels are copied into the
 * block-linear one through that layout's address function. Then:
 *   - every texel of the view reads the same bytes from both (so the block-linear address
 *     function is one to one: two texels at one address would overwrite each other);
 *   - every message gives the same status and the very same reply on both.
 * The Intel tilings have their own target, fuzz_tiling.c.
 */
#include "fuzz_gen.h"

enum { MAX_MESSAGES = 3, MAX_BYTES = 8u << 20, MAX_TEXELS = 4096 };

/* Lay s out, give it memory and validate it; the linear surface is filled from seed, the
 * block-linear one gets the linear one's texels (`from`). */
static bool make(tu_surface *s, const tu_surface *from, uint32_t seed, uint8_t **mem) {
    const bool block_linear = from != NULL;
    uint64_t need;
    tu_error err = {0};
    const tu_status st = block_linear ? tu_surface_layout_block_linear(s, &need, &err)
                                      : tu_surface_layout_packed(s, &need, &err);
    if (st != TU_OK || need > MAX_BYTES) return false;
    *mem = malloc(need ? need : 1);
    if (!*mem) return false;
    memset(*mem, 0x5a, need); /* the padding between texels: anything */
    s->data = *mem;
    s->size = (size_t)need;
    s->base_level = 0, s->level_count = s->levels; /* the whole chain, to fill */
    if (tu_surface_validate(s, &err) != TU_OK) {
        fprintf(stderr, "a %s layout does not validate: %s\n",
                block_linear ? "block-linear" : "packed", err.message);
        abort();
    }
    if (!block_linear)
        fz_fill(s, seed, 0); /* hash bytes for block formats, as in fuzz_tiling */
    else if (tu_surface_copy_texels(s, from, &err) != TU_OK) {
        fprintf(stderr, "copy to block-linear: %s\n", err.message);
        abort();
    }
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in in = {data, size};
    tu_surface lin, bl;
    fz_surface_shape(&in, &lin, false);
    if (lin.type == TU_SURFACE_BUFFER) lin.type = TU_SURFACE_1D; /* buffers are linear only */
    /* a budget of texels keeps a case fast (the generator fills both, every texel is read) */
    if ((uint64_t)lin.width * lin.height * lin.depth * lin.layers * lin.samples > MAX_TEXELS)
        return 0;
    bl = lin;
    bl.gob_height_log2 = (uint8_t)fz_below(&in, 6);
    bl.gob_depth_log2 = (uint8_t)fz_below(&in, 6);
    const uint32_t seed = fz_u32(&in);
    uint8_t *mem_lin = NULL, *mem_bl = NULL;
    if (!make(&lin, NULL, seed, &mem_lin)) return 0;
    if (!make(&bl, &lin, seed, &mem_bl)) {
        free(mem_lin);
        return 0;
    }
    fz_surface_view(&in, &lin);
    bl.base_level = lin.base_level, bl.level_count = lin.level_count;
    tu_error err = {0};
    if (tu_surface_validate(&lin, &err) == TU_OK) fz_compare_texels(&lin, &bl, "block-linear");

    const tu_sampler smp = fz_sampler(&in, false);
    fz_compare_messages(&in, &lin, &bl, &smp, MAX_MESSAGES, "block-linear");
    free(mem_bl);
    free(mem_lin);
    return 0;
}
