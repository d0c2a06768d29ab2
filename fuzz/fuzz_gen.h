/* SPDX-License-Identifier: MIT */
/*
 * fuzz_gen.h - surfaces, samplers and messages made from fuzzer input, for the targets that
 * drive the engine (fuzz_engine, fuzz_block_linear, fuzz_media).
 *
 * A surface description is drawn small (sizes up to 33, a few levels and layers) so that each
 * case runs fast; its memory is a malloc'ed buffer of exactly the size the description
 * reports, so AddressSanitizer catches a read one byte past it.
 */
#ifndef TEXUNIT_FUZZ_GEN_H
#define TEXUNIT_FUZZ_GEN_H

#include "fuzz_util.h"

#include "texunit/texunit.h"

/* A surface description: type, arrayed, format, sizes, layers, levels, samples. Leaves the
 * layout, memory and view alone. `fast` biases it to what the fast paths take: 2D RGBA8. */
static inline void fz_surface_shape(fuzz_in *in, tu_surface *s, bool fast) {
    memset(s, 0, sizeof *s);
    s->type = fast ? TU_SURFACE_2D : (tu_surface_type)fz_below(in, 5);
    s->arrayed = s->type != TU_SURFACE_3D && s->type != TU_SURFACE_BUFFER && fz_bool(in);
    if (fast)
        s->format = fz_bool(in) ? TU_FORMAT_R8G8B8A8_UNORM : TU_FORMAT_B8G8R8A8_UNORM;
    else
        s->format = (tu_format)(1 + fz_below(in, TU_FORMAT_COUNT - 1));
    s->width = 1 + fz_below(in, 33);
    s->height = s->type == TU_SURFACE_1D || s->type == TU_SURFACE_BUFFER ? 1
                : s->type == TU_SURFACE_CUBE                             ? s->width
                                                                         : 1 + fz_below(in, 33);
    s->depth = s->type == TU_SURFACE_3D ? 1 + fz_below(in, 9) : 1;
    const uint32_t arrays = s->arrayed ? 1 + fz_below(in, 3) : 1;
    s->layers = s->type == TU_SURFACE_CUBE ? 6 * arrays : arrays;
    static const uint32_t sample_counts[] = {1, 1, 1, 1, 1, 2, 4, 8, 16};
    s->samples = s->type == TU_SURFACE_2D ? sample_counts[fz_below(in, 9)] : 1;
    s->levels = s->samples > 1 ? 1 : 1 + fz_below(in, tu_surface_max_levels(s));
}

/* The view: base_level and level_count inside the chain (a few times out of it). */
static inline void fz_surface_view(fuzz_in *in, tu_surface *s) {
    s->base_level = fz_below(in, s->levels + (fz_below(in, 16) == 0));
    s->level_count = 1 + fz_below(in, s->levels - (s->base_level < s->levels ? s->base_level : 0));
}

/* A sampler with every field drawn, the LOD fields from fz_float (NaN and infinities too:
 * tu_sampler_validate must refuse them). */
static inline tu_sampler fz_sampler(fuzz_in *in, bool fast) {
    tu_sampler s = tu_sampler_default();
    s.min_filter = (uint8_t)fz_below(in, 2);
    s.mag_filter = (uint8_t)fz_below(in, 2);
    s.mip_filter = (uint8_t)fz_below(in, 3);
    s.max_anisotropy = fast ? 0 : (uint8_t)fz_below(in, 18);
    for (int a = 0; a < 3; a++)
        s.address[a] = (uint8_t)fz_below(in, fast ? 3 : 7);
    s.compare = fast ? 0 : (uint8_t)fz_below(in, 10);
    s.reduction = fast ? 0 : (uint8_t)fz_below(in, 4);
    s.precision = fast ? 0 : (uint8_t)fz_below(in, 3);
    s.seamless_cube = fz_bool(in);
    s.unnormalized = !fast && fz_below(in, 8) == 0;
    if (fz_bool(in)) {
        s.lod_bias = fz_float(in);
        s.min_lod = fz_float(in);
        s.max_lod = fz_float(in);
    }
    for (int c = 0; c < 4; c++) {
        s.border_color.f[c] = fz_float(in);
        s.border_color_int.u[c] = fz_u32(in);
    }
    return s;
}

/* A message: any op (or, with `fast`, the explicit-LOD samples and loads), any lanes and
 * masks, offsets and flags a little outside their ranges, and sources with NaN, infinities,
 * huge, negative and edge values: per source one value for every lane or one per lane. */
static inline void fz_message(fuzz_in *in, tu_msg *m, bool fast) {
    static const tu_op fast_ops[] = {TU_OP_SAMPLE_L, TU_OP_SAMPLE_LZ, TU_OP_LD, TU_OP_LD_LZ,
                                     TU_OP_LD_L};
    memset(m, 0, sizeof *m);
    m->op = fast ? fast_ops[fz_below(in, 5)] : (tu_op)fz_below(in, TU_OP_COUNT + 1);
    m->simd = 1 + fz_below(in, 33);
    m->lane_mask = fz_bool(in) ? 0xffffffffu : fz_u32(in);
    m->channel_mask = fz_below(in, 17);
    m->gather_channel = fz_below(in, 5);
    if (fz_bool(in))
        for (int a = 0; a < 3; a++)
            m->offset[a] = (int32_t)fz_below(in, 18) - 9;
    m->flags = fz_below(in, 16) & (fast ? TU_MSG_PIXEL_NULL_MASK : 0xf);
    m->cps_x = fz_below(in, 6);
    m->cps_y = fz_below(in, 6);
    const tu_op_info *info = tu_op_describe(m->op);
    const bool integer = info && info->kind == TU_KIND_LOAD;
    for (int src = 0; src < TU_SRC_COUNT; src++) {
        const uint8_t mode = fz_u8(in);
        if (mode < 32) continue; /* zero */
        const bool per_lane = mode & 1;
        const bool ints = integer || src >= TU_SRC_OFFU || (mode & 2);
        uint32_t v = 0;
        for (uint32_t l = 0; l < m->simd && l < TU_MAX_LANES; l++) {
            if (per_lane || l == 0) {
                if (ints) {
                    v = (mode & 4) ? fz_u32(in) : (uint32_t)((int32_t)(int8_t)fz_u8(in));
                } else {
                    const float f = fz_float(in);
                    memcpy(&v, &f, sizeof v);
                }
            }
            m->src[src].u[l] = v;
        }
    }
}

/* Fill s (which passes tu_surface_validate) from seed: the generator's texels
 * (tu_surface_fill_hash), except for a block-compressed format, which gets hash bytes over
 * its whole memory unless it is at most encoded_bytes and seed % 16 == 1 (an input that has
 * run out reads seed 0). Any bit pattern is a block the decoders must take; the block
 * encoders the generator runs search per block, which under the sanitizers took three
 * quarters of fuzz_engine's time when a sixteenth of the seeds ran them on surfaces of any
 * size, and still 70 % on surfaces of up to 2 KiB (the ETC2 encoder's search decodes every
 * candidate, and the decoders keep their comparison tracing; docs/testing.md). fuzz_engine
 * keeps them fuzzed on surfaces of a few blocks (FZ_ENCODED_BYTES), fuzz_blocks on every
 * block; the layout targets, which move blocks as they are, pass 0 and never encode. */
enum { FZ_ENCODED_BYTES = 256 };
static inline void fz_fill(const tu_surface *s, uint32_t seed, size_t encoded_bytes) {
    tu_error err;
    if (!tu_format_is_compressed(s->format) || (seed % 16 == 1 && s->size <= encoded_bytes)) {
        if (tu_surface_fill_hash(s, seed, &err) != TU_OK) abort();
        return;
    }
    uint8_t *mem = s->data;
    uint32_t h = seed | 1;
    for (size_t i = 0; i < s->size; i++) {
        h ^= h << 13, h ^= h >> 17, h ^= h << 5; /* xorshift32 */
        mem[i] = (uint8_t)(h >> 24);
    }
}

/* A packed image with the generator's texels: a full mip chain for single-sample colour and
 * depth formats, one level for multisample surfaces and for MCS formats (mcs_format). */
static inline void fz_make_image(tu_image *img, tu_surface_type type, bool arrayed, tu_format f,
                                 uint32_t w, uint32_t h, uint32_t d, uint32_t layers,
                                 uint32_t samples, bool mcs_format, uint32_t seed) {
    tu_surface desc = {.type = type,
                       .arrayed = arrayed,
                       .format = f,
                       .width = w,
                       .height = h,
                       .depth = d,
                       .layers = layers,
                       .levels = 1,
                       .samples = samples};
    if (samples == 1 && !mcs_format) desc.levels = tu_surface_max_levels(&desc);
    tu_error err;
    if (tu_image_create(img, &desc, &err) != TU_OK ||
        tu_surface_fill_hash(&img->surface, seed, &err) != TU_OK)
        abort();
}

/* Every texel of a's view reads the same bytes in b, a surface of the same shape and view in
 * another layout (`layout` names it in the report); aborts at the first that differs. */
static inline void fz_compare_texels(const tu_surface *a, const tu_surface *b, const char *layout) {
    const uint32_t bytes = tu_format_describe(a->format)->bytes;
    for (uint32_t level = 0; level < a->level_count; level++) {
        uint32_t w, h, d;
        if (!tu_surface_level_extent(a, level, &w, &h, &d)) abort();
        for (uint32_t layer = 0; layer < a->layers; layer++)
            for (uint32_t sample = 0; sample < a->samples; sample++)
                for (uint32_t z = 0; z < d; z++)
                    for (uint32_t y = 0; y < h; y++)
                        for (uint32_t x = 0; x < w; x++) {
                            const tu_texel_coord c = {x, y, z, layer, level, sample};
                            const void *pa = tu_surface_texel_pointer(a, &c);
                            const void *pb = tu_surface_texel_pointer(b, &c);
                            if (!pa || !pb || memcmp(pa, pb, bytes) != 0) {
                                fprintf(stderr,
                                        "texel (%u, %u, %u) layer %u level %u sample %u "
                                        "differs between linear and %s\n",
                                        x, y, z, layer, level, sample, layout);
                                abort();
                            }
                        }
    }
}

/* Messages from the input (1 to max_messages) on a and on b, the same texels in another
 * layout (`layout` names it in the report), under one sampler: the same status and the very
 * same reply each time; aborts at the first that differs. */
static inline void fz_compare_messages(fuzz_in *in, const tu_surface *a, const tu_surface *b,
                                       const tu_sampler *smp, uint32_t max_messages,
                                       const char *layout) {
    tu_msg *m = malloc(sizeof *m);
    tu_reply *ra = malloc(sizeof *ra), *rb = malloc(sizeof *rb);
    if (!m || !ra || !rb) abort();
    const uint32_t count = 1 + fz_below(in, max_messages);
    for (uint32_t i = 0; i < count; i++) {
        fz_message(in, m, false);
        memset(ra, 0xa5, sizeof *ra);
        memset(rb, 0xa5, sizeof *rb);
        tu_error ea = {0}, eb = {0};
        const tu_status sa = tu_execute(m, a, smp, ra, &ea);
        const tu_status sb = tu_execute(m, b, smp, rb, &eb);
        if (sa != sb || (sa == TU_OK && memcmp(ra, rb, sizeof *ra) != 0)) {
            fprintf(stderr, "op %s: linear %s (%s), %s %s (%s)%s\n",
                    tu_op_describe(m->op) ? tu_op_describe(m->op)->name : "?", tu_status_name(sa),
                    ea.message, layout, tu_status_name(sb), eb.message,
                    sa == sb ? ": the replies differ" : "");
            abort();
        }
    }
    free(rb);
    free(ra);
    free(m);
}

#endif /* TEXUNIT_FUZZ_GEN_H */
