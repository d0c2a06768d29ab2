/* SPDX-License-Identifier: MIT */
/*
 * fuzz_tiling.c - libFuzzer target for the equivalence of layouts: a surface in each Intel
 * tiling (TU_TILING_INTEL_X, _Y, _4 and _64, tu_surface_layout_intel; docs/semantics.md,
 * "Intel tilings") against the same texels in a linear (packed) surface.
 *
 * From the input: a surface shape (2D, cube or 3D, any format of the table: block-compressed
 * ones, whose blocks the tilings lay out as elements, and 3, 6 and 12-byte ones, which every
 * tiling refuses naming the format; sizes, levels, layers, samples; now and then a long
 * narrow 2D chain, so that Tile-64 mip tails start after level 0 as well as at it), a seed, a
 * view, a sampler and messages. The linear surface's memory (a buffer of
 * exactly the size its layout reports) is filled (fz_fill: the texel generator, or hash
 * bytes for a compressed format); the tiled surface, in one of the four tilings picked by
 * the seed's second byte (all four per case cost four times as much and reach nothing one
 * at a time does not) and by the rules of the generation its third byte picks (the tiling's
 * default, Gfx9, Gfx11, Gfx12, Gfx12.5 or Xe2: tu_surface_layout_intel_gen), gets a buffer of
 * exactly its reported size and the texels by tu_surface_copy_texels. A shape the tiling refuses (a
 * texel size or a sample count it does not take, a tiling or a 3D Tile-X the generation does not
 * have) ends the case there. Then:
 *   - every texel of the view reads the same bytes from both (so the copy and the tiled
 *     address function agree, and the address function is one to one: two texels at one
 *     address would overwrite each other);
 *   - every message gives the same status and the very same reply on both.
 */
#include "fuzz_gen.h"

enum { MAX_MESSAGES = 3, MAX_BYTES = 4u << 20, MAX_TEXELS = 4096 };

static const tu_tiling tilings[] = {TU_TILING_INTEL_X, TU_TILING_INTEL_Y, TU_TILING_INTEL_4,
                                    TU_TILING_INTEL_64};

/* The linear surface: packed, filled by the generator. */
static bool make_linear(tu_surface *s, uint32_t seed, uint8_t **mem) {
    uint64_t need;
    tu_error err = {0};
    if (tu_surface_layout_packed(s, &need, &err) != TU_OK || need > MAX_BYTES) return false;
    if (!(*mem = malloc(need ? need : 1))) return false;
    s->data = *mem;
    s->size = (size_t)need;
    s->base_level = 0, s->level_count = s->levels; /* the whole chain, to fill and copy */
    if (tu_surface_validate(s, &err) != TU_OK) {
        fprintf(stderr, "a packed layout does not validate: %s\n", err.message);
        abort();
    }
    fz_fill(s, seed, 0); /* hash bytes for block formats: a layout moves blocks as they are */
    return true;
}

/* The tiled surface of lin's shape: laid out, validated, and lin's texels copied in. */
static bool make_tiled(tu_surface *t, const tu_surface *lin, tu_tiling tiling, uint32_t verx10,
                       uint8_t **mem) {
    *t = *lin;
    t->tiling = tiling;
    t->data = NULL, t->size = 0;
    uint64_t need;
    tu_error err = {0};
    if (tu_surface_layout_intel_gen(t, verx10, &need, &err) != TU_OK) {
        if (!err.message[0]) abort(); /* a refusal names the field */
        return false;
    }
    if (need > MAX_BYTES) return false;
    if (!(*mem = malloc(need ? need : 1))) return false;
    memset(*mem, 0x5a, need); /* the padding between texels: anything */
    t->data = *mem;
    t->size = (size_t)need;
    if (tu_surface_validate(t, &err) != TU_OK || tu_surface_copy_texels(t, lin, &err) != TU_OK) {
        fprintf(stderr, "an Intel %s layout: %s\n", tu_tiling_name(tiling), err.message);
        abort();
    }
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in in = {data, size};
    tu_surface lin;
    fz_surface_shape(&in, &lin, false);
    /* the Intel tilings are 2D, cube and 3D (surface.h): 1D and buffer shapes become 2D */
    if (lin.type == TU_SURFACE_1D || lin.type == TU_SURFACE_BUFFER) {
        lin.type = TU_SURFACE_2D;
        if (lin.levels > tu_surface_max_levels(&lin)) lin.levels = tu_surface_max_levels(&lin);
    }
    /* now and then a long narrow chain: a Tile-64 mip tail after level 0 (at level 0 for the
     * small shapes above) */
    if (lin.type == TU_SURFACE_2D && fz_below(&in, 4) == 0) {
        lin.width = 1 + fz_below(&in, 512);
        lin.height = 1 + fz_below(&in, 8);
        if (lin.samples == 1) lin.levels = 1 + fz_below(&in, tu_surface_max_levels(&lin));
    }
    /* a budget of texels keeps a case fast (every texel is copied, compared and read) */
    if ((uint64_t)lin.width * lin.height * lin.depth * lin.layers * lin.samples > MAX_TEXELS)
        return 0;
    const uint32_t seed = fz_u32(&in);
    uint8_t *mem_lin = NULL;
    if (!make_linear(&lin, seed, &mem_lin)) return 0;
    fz_surface_view(&in, &lin);
    tu_error err = {0};
    const bool view_valid = tu_surface_validate(&lin, &err) == TU_OK;

    const tu_tiling tiling = tilings[(seed >> 8) % 4];
    static const uint32_t gens[6] = {0, 90, 110, 120, 125, 200};
    const uint32_t verx10 = gens[(seed >> 16) % 6];
    tu_surface tiled, whole = lin;
    whole.base_level = 0, whole.level_count = whole.levels;
    uint8_t *mem = NULL;
    if (!make_tiled(&tiled, &whole, tiling, verx10, &mem)) {
        free(mem_lin);
        return 0;
    }
    tiled.base_level = lin.base_level, tiled.level_count = lin.level_count;
    if (view_valid) fz_compare_texels(&lin, &tiled, tu_tiling_name(tiling));

    const tu_sampler smp = fz_sampler(&in, false);
    char layout[32];
    snprintf(layout, sizeof layout, "Intel %s verx10 %u", tu_tiling_name(tiling), verx10);
    fz_compare_messages(&in, &lin, &tiled, &smp, MAX_MESSAGES, layout);
    free(mem);
    free(mem_lin);
    return 0;
}
