/* SPDX-License-Identifier: MIT */
/*
 * test_bind.c - bindings and the generic path's fast pieces:
 *   - every per-format decoder (tuF_decoder) against the table-driven decoder, bit for bit,
 *     on every byte value in every position and on random texels, for every format;
 *   - tuE_wrap against the division-based statement of the Vulkan wrapping rules, on every
 *     mode, sizes 1..2^16 (powers of two and not), and coordinates near and far;
 *   - tuE_floor_int against floorf on a stride through every bit pattern and near integers;
 *   - the binding's rounded LOD fields against tuE_snap256 on grid and random values;
 *   - tu_surface_max_levels against the halving loop on every size;
 *   - tuE_read (direct addressing per level) against tuE_fetch (the address gate per texel)
 *     on random coordinates in and out of range, linear and block-linear, with residency;
 *   - the generic path on the same texels in linear memory (direct levels), block-linear
 *     memory (the address gate per texel) and with a residency map, message by message;
 *   - tu_execute_bound against tu_execute on random messages of many surfaces and samplers,
 *     including a binding copied to other memory and used after the caller's descriptions
 *     changed;
 *   - the binding cache: hits by content, re-binds on a changed sampler or view, eviction,
 *     refusals;
 *   - tu_execute's own per-thread cache: descriptions changed in place, field by field
 *     (validly, or into a refusal), and what an MCS surface or a residency map points to
 *     changed behind an unchanged pointer, always answer as a fresh binding does;
 *   - many threads running messages on one binding at once (and tu_execute on the same
 *     descriptions), compared with one thread.
 */
#include "texunit/texunit.h"

#include "tu_test.h"

#include "../src/sampler/engine.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0xb1dull;

static uint32_t rnd(uint32_t n) {
    return (uint32_t)(tu_test_rand(&rng) % n);
}

/* --- decoders ------------------------------------------------------------------------------ */

static void check_decoder(tu_format f, const uint8_t *p, int *bad) {
    tu_texel want, got;
    memset(&want, 0xa5, sizeof want);
    memset(&got, 0x5a, sizeof got);
    tu_format_decode(f, p, &want);
    tuF_decoder(f)(tu_format_describe(f), p, &got);
    if (memcmp(&want, &got, sizeof want) != 0 && (*bad)++ < 5)
        CHECK(0, "format %s: decoder differs (%08x %08x %08x %08x vs %08x %08x %08x %08x)",
              tu_format_describe(f)->name, want.u[0], want.u[1], want.u[2], want.u[3], got.u[0],
              got.u[1], got.u[2], got.u[3]);
}

static void test_decoders(void) {
    unsigned specialised = 0;
    for (int f = 1; f < TU_FORMAT_COUNT; f++) {
        const tu_format_desc *d = tu_format_describe((tu_format)f);
        specialised += tuF_decoder((tu_format)f) != tuF_decode_generic;
        int bad = 0;
        uint8_t p[16];
        for (unsigned pos = 0; pos < d->bytes; pos++)
            for (unsigned v = 0; v < 256; v++) {
                for (unsigned k = 0; k < sizeof p; k++)
                    p[k] = (uint8_t)tu_test_rand(&rng);
                p[pos] = (uint8_t)v;
                check_decoder((tu_format)f, p, &bad);
            }
        for (int i = 0; i < 4096; i++) {
            for (unsigned k = 0; k < sizeof p; k++)
                p[k] = (uint8_t)tu_test_rand(&rng);
            check_decoder((tu_format)f, p, &bad);
        }
        CHECK(bad == 0, "format %s: %d texels decoded differently", d->name, bad);
    }
    /* The families cover the workload formats (not only the generic decoder). */
    CHECK(tuF_decoder(TU_FORMAT_R8G8B8A8_UNORM) != tuF_decode_generic);
    CHECK(tuF_decoder(TU_FORMAT_R32G32B32A32_SFLOAT) != tuF_decode_generic);
    CHECK(tuF_decoder(TU_FORMAT_D32_SFLOAT) != tuF_decode_generic);
    CHECK(tuF_decoder(TU_FORMAT_R16G16B16A16_SFLOAT) != tuF_decode_generic);
    CHECK(specialised > 20, "only %u formats have a specialised decoder", specialised);
    /* The unrolled layouts are chosen where they apply (and only there: every format above). */
    CHECK(tuF_decoder(TU_FORMAT_R8G8B8A8_UNORM) != tuF_decoder(TU_FORMAT_R8_UNORM));
    CHECK(tuF_decoder(TU_FORMAT_B8G8R8A8_UNORM) != tuF_decoder(TU_FORMAT_R8G8B8A8_UNORM));
    CHECK(tuF_decoder(TU_FORMAT_R32G32B32A32_SFLOAT) != tuF_decoder(TU_FORMAT_R32_SFLOAT));
}

/* --- wrapping ------------------------------------------------------------------------------ */

/* The wrapping rules as the engine stated them with divisions (Vulkan "Wrapping Operation"). */
static int32_t wrap_reference(int32_t i, int32_t size, tu_address mode) {
    switch (mode) {
    case TU_ADDRESS_WRAP: {
        int32_t m = i % size;
        return m < 0 ? m + size : m;
    }
    case TU_ADDRESS_MIRROR: {
        int32_t m = i % (2 * size);
        if (m < 0) m += 2 * size;
        return m < size ? m : 2 * size - 1 - m;
    }
    case TU_ADDRESS_CLAMP_BORDER: return (i < 0 || i >= size) ? -1 : i;
    case TU_ADDRESS_MIRROR_ONCE: {
        int32_t m = i >= 0 ? i : -1 - i;
        return m < size ? m : size - 1;
    }
    default: return i < 0 ? 0 : i >= size ? size - 1 : i;
    }
}

static void test_wrap(void) {
    long bad = 0;
    const int32_t far = (1 << 30) + 16; /* coordinates are clamped to 2^30, offsets add 8 */
    for (int n = 0; n < 3000; n++) {
        int32_t size = n < 70 ? n + 1 : n < 87 ? 1 << (n - 70) : (int32_t)(1 + rnd(65536));
        for (int k = 0; k < 200; k++) {
            int32_t i;
            switch (k % 4) {
            case 0: i = (int32_t)rnd(6 * (uint32_t)size + 1) - 3 * size; break;
            case 1: i = (int32_t)rnd(2u * (uint32_t)far + 1) - far; break;
            case 2: i = k & 8 ? far - (int32_t)rnd(8) : -far + (int32_t)rnd(8); break;
            default: i = (int32_t)rnd(64) - 32; break;
            }
            for (int mode = TU_ADDRESS_WRAP; mode <= TU_ADDRESS_CUBE; mode++) {
                const int32_t want = wrap_reference(i, size, (tu_address)mode);
                const int32_t got = tuE_wrap(i, size, (tu_address)mode);
                if (want != got && bad++ < 5)
                    CHECK(0, "wrap(%d, %d, mode %d) = %d, reference %d", i, size, mode, got, want);
            }
        }
    }
    CHECK(bad == 0, "%ld wraps differ", bad);
}

/* --- floor ------------------------------------------------------------------------------------ */

static int32_t floor_int_reference(float x) {
    const float limit = 1073741824.0f;
    if (x != x) return 0;
    if (x <= -limit) return -(1 << 30);
    if (x >= limit) return 1 << 30;
    return (int32_t)floorf(x);
}

/* tuE_floor_int against floorf on every 613th bit pattern (all signs and exponents, NaN and
 * infinities), and on every float within 4 ulps of each integer in [-2^20, 2^20] and of +-2^30. */
static void test_floor_int(void) {
    long bad = 0;
    uint32_t u = 0;
    do {
        float x;
        memcpy(&x, &u, 4);
        if (tuE_floor_int(x) != floor_int_reference(x) && bad++ < 5)
            CHECK(0, "floor of %a (0x%08x): %d, floorf %d", (double)x, u, tuE_floor_int(x),
                  floor_int_reference(x));
        u += 613;
    } while (u >= 613);
    for (int32_t i = -(1 << 20); i <= (1 << 20); i++) {
        const float centre[3] = {(float)i, 1073741824.0f, -1073741824.0f};
        for (int c = 0; c < 3; c++) {
            uint32_t bits;
            memcpy(&bits, &centre[c], 4);
            for (int d = -4; d <= 4; d++) {
                const uint32_t b2 = bits + (uint32_t)d;
                float x;
                memcpy(&x, &b2, 4);
                if (tuE_floor_int(x) != floor_int_reference(x) && bad++ < 5)
                    CHECK(0, "floor of %a: %d, floorf %d", (double)x, tuE_floor_int(x),
                          floor_int_reference(x));
            }
        }
    }
    CHECK(bad == 0, "%ld floors differ", bad);
}

/* --- the bound sampler's LOD fields --------------------------------------------------------- */

static float bits_to_float(uint32_t u) {
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t float_to_bits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* In hw precision the binding holds lod_bias, min_lod and max_lod rounded with tuE_snap256,
 * skipping the rounding for values on the 1/256 grid: the same bits for every finite
 * value (grid values, their neighbours, random bit patterns, huge, tiny, -0). */
static void test_bound_lod_fields(void) {
    tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8_UNORM, 4, 4, 1, 1, 1, 1);
    tu_sampler smp = tu_sampler_default();
    tuE_bound *b = malloc(sizeof *b);
    long bad = 0;
    for (long n = 0; n < 300000; n++) {
        float x;
        switch (n % 4) {
        case 0: x = (float)((int32_t)tu_test_rand(&rng) % 4000000) / 256.0f; break;
        case 1:
            x = bits_to_float(float_to_bits((float)((int32_t)rnd(8001) - 4000) / 256.0f) + rnd(5) -
                              2);
            break;
        case 2: x = bits_to_float((uint32_t)tu_test_rand(&rng)); break;
        default: x = n % 8 == 3 ? -0.0f : bits_to_float((uint32_t)n * 2654435761u >> 1); break;
        }
        if (!isfinite(x)) continue;
        smp.lod_bias = x, smp.min_lod = x, smp.max_lod = x;
        tuE_bound_init(&img.surface, &smp, b);
        const uint32_t want = float_to_bits(tuE_snap256(x));
        if ((float_to_bits(b->proto.lod_bias) != want || float_to_bits(b->proto.min_lod) != want ||
             float_to_bits(b->proto.max_lod) != want) &&
            bad++ < 5)
            CHECK(0, "LOD field %a: bound %a, tuE_snap256 %a", (double)x, (double)b->proto.lod_bias,
                  (double)tuE_snap256(x));
    }
    CHECK(bad == 0, "%ld LOD fields differ", bad);
    free(b);
    tu_image_free(&img);
}

/* tu_surface_max_levels (validation's chain length, a bit length) against the loop that
 * counts halvings, on every size of every axis up to the limit and the types' axes. */
static void test_max_levels(void) {
    long bad = 0;
    for (uint32_t size = 0; size <= TU_MAX_DIMENSION; size++) {
        const tu_surface_type type = (tu_surface_type)(size % 5);
        const tu_surface s = {.type = type,
                              .width = size & 1 ? size : 1,
                              .height = size & 2 ? size : 3,
                              .depth = size & 4 ? size : 5};
        uint32_t largest = s.width, want = 1;
        if (type == TU_SURFACE_2D || type == TU_SURFACE_CUBE || type == TU_SURFACE_3D)
            largest = largest > s.height ? largest : s.height;
        if (type == TU_SURFACE_3D) largest = largest > s.depth ? largest : s.depth;
        while (largest >>= 1)
            want++;
        if (tu_surface_max_levels(&s) != want && bad++ < 5)
            CHECK(0, "size %u type %d: %u levels, wanted %u", size, (int)type,
                  tu_surface_max_levels(&s), want);
    }
    const tu_surface zero = {.type = TU_SURFACE_1D};
    CHECK_EQ_U(tu_surface_max_levels(&zero), 1);
    CHECK(bad == 0, "%ld sizes differ", bad);
}

/* --- direct reads and the gate --------------------------------------------------------------- */

typedef struct surf_case {
    tu_image img;
    tu_residency res;
    uint8_t *bits;
} surf_case;

static const tu_format some_formats[] = {TU_FORMAT_R8G8B8A8_UNORM,
                                         TU_FORMAT_B8G8R8A8_SRGB,
                                         TU_FORMAT_R32G32B32A32_SFLOAT,
                                         TU_FORMAT_R16G16B16A16_SFLOAT,
                                         TU_FORMAT_D32_SFLOAT,
                                         TU_FORMAT_D16_UNORM,
                                         TU_FORMAT_R8_UINT,
                                         TU_FORMAT_R32_SINT,
                                         TU_FORMAT_R5G6B5_UNORM_PACK16,
                                         TU_FORMAT_E5B9G9R9_UFLOAT_PACK32};

/* A random surface filled with random texels: a type, a format, a view, a tiling, and
 * sometimes a residency map. */
static bool make_case(surf_case *c) {
    memset(c, 0, sizeof *c);
    static const tu_surface_type types[] = {TU_SURFACE_1D, TU_SURFACE_2D, TU_SURFACE_3D,
                                            TU_SURFACE_CUBE};
    const tu_surface_type type = types[rnd(4)];
    const tu_format fmt = some_formats[rnd(sizeof some_formats / sizeof some_formats[0])];
    const bool arrayed = type != TU_SURFACE_3D && rnd(2);
    const uint32_t w = 1 + rnd(40);
    const uint32_t h = type == TU_SURFACE_1D ? 1 : type == TU_SURFACE_CUBE ? w : 1 + rnd(40);
    const uint32_t d = type == TU_SURFACE_3D ? 1 + rnd(9) : 1;
    const uint32_t layers = type == TU_SURFACE_CUBE ? 6 * (arrayed ? 1 + rnd(2) : 1)
                            : arrayed               ? 1 + rnd(3)
                                                    : 1;
    tu_surface desc = {.type = type,
                       .arrayed = arrayed,
                       .format = fmt,
                       .width = w,
                       .height = h,
                       .depth = d,
                       .layers = layers,
                       .samples = 1};
    desc.levels = 1 + rnd(tu_surface_max_levels(&desc));
    tu_error err = {0};
    tu_surface *s = &c->img.surface;
    const uint32_t bytes = tu_format_bytes(fmt);
    if (rnd(3) == 0 && !(bytes & (bytes - 1))) { /* NVIDIA block-linear: the gate per texel */
        desc.gob_height_log2 = (uint8_t)rnd(3);
        uint64_t size = 0;
        if (!CHECK(tu_surface_layout_block_linear(&desc, &size, &err) == TU_OK, "%s", err.message))
            return false;
        c->img.memory = malloc((size_t)size);
        desc.data = c->img.memory;
        desc.size = (size_t)size;
        desc.level_count = desc.levels;
        *s = desc;
    } else if (tu_image_create(&c->img, &desc, &err) != TU_OK) {
        return false;
    }
    uint8_t *m = s->data;
    for (size_t i = 0; i < s->size; i++)
        m[i] = (uint8_t)tu_test_rand(&rng);
    s->base_level = rnd(s->levels);
    s->level_count = 1 + rnd(s->levels - s->base_level);
    if (rnd(3) == 0) {
        c->res.page_size_log2 = 6 + rnd(3);
        c->res.bits_size = ((s->size - 1) >> c->res.page_size_log2) / 8 + 1;
        c->bits = malloc(c->res.bits_size);
        for (size_t i = 0; i < c->res.bits_size; i++)
            c->bits[i] = (uint8_t)tu_test_rand(&rng);
        c->res.bits = c->bits;
        s->residency = &c->res;
    }
    return CHECK(tu_surface_validate(s, &err) == TU_OK, "%s", err.message);
}

static void free_case(surf_case *c) {
    tu_image_free(&c->img);
    free(c->bits);
}

static void test_direct_reads(void) {
    long bad = 0, direct = 0;
    for (int n = 0; n < 300; n++) {
        surf_case c;
        if (!make_case(&c)) continue;
        const tu_surface *s = &c.img.surface;
        const tu_sampler smp = tu_sampler_default();
        tuE_bound b;
        tuE_bound_init(s, &smp, &b);
        const tu_msg msg = {0};
        tuE_ctx ctx;
        tuE_ctx_init(&ctx, &b, s, &smp, &msg, tu_op_describe(TU_OP_SAMPLE_L));
        direct += b.level[0].direct;
        for (int k = 0; k < 400; k++) {
            const uint32_t level = rnd(s->level_count + 1);
            const tuE_level *lv = &b.level[level < s->level_count ? level : 0];
            /* Mostly inside, sometimes one beyond on each axis. */
            const uint32_t x = rnd(lv->w + 1), y = rnd(lv->h + 1), z = rnd(lv->d + 1);
            const uint32_t layer = rnd(s->layers + 1), sample = rnd(2);
            const tu_texel_coord tc = {x, y, z, layer, level, sample};
            tu_texel want, got;
            tuE_lane lw = {false}, lg = {false};
            tuE_fetch(s, &lw, &tc, &want);
            tuE_read(&ctx, &lg, level, layer, x, y, z, sample, &got);
            if ((memcmp(&want, &got, sizeof want) != 0 || lw.null_page != lg.null_page) &&
                bad++ < 5)
                CHECK(0, "%s level %u (%u, %u, %u) layer %u sample %u: direct read differs",
                      tu_format_describe(s->format)->name, level, x, y, z, layer, sample);
        }
        free_case(&c);
    }
    CHECK(bad == 0, "%ld reads differ", bad);
    CHECK(direct > 100, "only %ld surfaces were direct", direct);
}

/* --- bound and unbound execution ------------------------------------------------------------ */

static const tu_op some_ops[] = {TU_OP_SAMPLE,    TU_OP_SAMPLE_L, TU_OP_SAMPLE_B, TU_OP_SAMPLE_D,
                                 TU_OP_SAMPLE_LZ, TU_OP_GATHER4,  TU_OP_LD,       TU_OP_LD_LZ,
                                 TU_OP_LOD,       TU_OP_RESINFO,  TU_OP_SAMPLE_C, TU_OP_SAMPLE_L_C};

static float rnd_coord(void) {
    switch (rnd(8)) {
    case 0: return (float)((int)rnd(41) - 20) / 8.0f;
    case 1: return (float)(tu_test_rand(&rng) >> 40) / (float)(1u << 20) - 8.0f;
    default: return (float)(tu_test_rand(&rng) >> 40) / (float)(1u << 24) * 1.2f - 0.1f;
    }
}

static void random_msg(tu_msg *m, const tu_surface *s) {
    memset(m, 0, sizeof *m);
    const bool depth = (tu_format_describe(s->format)->flags & TU_FORMAT_FLAG_DEPTH) != 0;
    do
        m->op = some_ops[rnd(sizeof some_ops / sizeof some_ops[0])];
    while (!depth && (tu_op_describe(m->op)->flags & TU_OPF_COMPARE));
    m->simd = rnd(2) ? 16 : 1 + rnd(32);
    m->lane_mask = (uint32_t)tu_test_rand(&rng) | (rnd(2) ? 0xffffffffu : 0);
    m->channel_mask = 1 + rnd(15);
    m->gather_channel = rnd(4);
    for (int a = 0; a < 3; a++)
        m->offset[a] = rnd(3) ? 0 : (int32_t)rnd(16) - 8;
    m->flags = rnd(4) == 0 ? TU_MSG_PIXEL_NULL_MASK : 0;
    const bool load =
        tu_op_describe(m->op)->kind == TU_KIND_LOAD || tu_op_describe(m->op)->kind == TU_KIND_INFO;
    for (int src = 0; src < TU_SRC_COUNT; src++)
        for (unsigned l = 0; l < TU_MAX_LANES; l++) {
            if (load)
                m->src[src].i[l] = (int32_t)rnd(48) - 4;
            else
                m->src[src].f[l] = rnd_coord();
        }
    if (!load)
        for (unsigned l = 0; l < TU_MAX_LANES; l++)
            m->src[TU_SRC_LOD].f[l] = (float)rnd(80) / 10.0f - 1.0f;
}

static tu_sampler random_sampler(const tu_surface *s) {
    tu_sampler smp = tu_sampler_default();
    smp.min_filter = (uint8_t)rnd(2);
    smp.mag_filter = (uint8_t)rnd(2);
    smp.mip_filter = (uint8_t)rnd(3);
    for (int a = 0; a < 3; a++)
        smp.address[a] = (uint8_t)rnd(6);
    smp.precision = (uint8_t)rnd(2);
    smp.seamless_cube = rnd(2);
    smp.max_anisotropy = rnd(3) ? 0 : (uint8_t)(1 + rnd(16));
    smp.lod_bias = (float)((int)rnd(9) - 4) / 3.0f;
    smp.max_lod = (float)rnd(12);
    if (tu_format_describe(s->format)->flags & TU_FORMAT_FLAG_DEPTH)
        smp.compare = (uint8_t)(1 + rnd(8));
    for (int c = 0; c < 4; c++)
        smp.border_color.f[c] = (float)rnd(5) / 4.0f;
    return smp;
}

static void test_bound_matches_execute(void) {
    long bad = 0, runs = 0;
    tu_binding *b = malloc(sizeof *b), *moved = malloc(sizeof *moved);
    for (int n = 0; n < 150; n++) {
        surf_case c;
        if (!make_case(&c)) continue;
        tu_surface *s = &c.img.surface;
        tu_sampler smp = random_sampler(s);
        tu_error err = {0};
        if (!CHECK(tu_bind(s, &smp, b, &err) == TU_OK, "%s", err.message)) {
            free_case(&c);
            continue;
        }
        /* A binding is plain data: a copy works, and the caller's descriptions may change. */
        memcpy(moved, b, sizeof *b);
        memset(b, 0xee, sizeof *b);
        const tu_surface keep_s = *s;
        const tu_sampler keep_smp = smp;
        for (int k = 0; k < 20; k++) {
            tu_msg m;
            random_msg(&m, s);
            tu_reply r1, r2;
            memset(&r1, 0, sizeof r1);
            memset(&r2, 0, sizeof r2);
            tu_error e1 = {0}, e2 = {0};
            s->width ^= 0x40; /* the binding does not look at the caller's surface */
            smp.min_filter ^= 1;
            const tu_status st1 = tu_execute_bound(moved, &m, &r1, &e1);
            *s = keep_s;
            smp = keep_smp;
            const tu_status st2 = tu_execute(&m, s, &smp, &r2, &e2);
            runs++;
            if ((st1 != st2 || memcmp(&r1, &r2, sizeof r1) != 0 ||
                 strcmp(e1.message, e2.message) != 0) &&
                bad++ < 5)
                CHECK(0, "%s on %s: bound %s, unbound %s (%s / %s)", tu_op_describe(m.op)->name,
                      tu_format_describe(s->format)->name, tu_status_name(st1), tu_status_name(st2),
                      e1.message, e2.message);
        }
        free_case(&c);
    }
    free(b);
    free(moved);
    CHECK(bad == 0, "%ld of %ld messages differ", bad, runs);
}

/* --- the generic path: direct levels against the gate ------------------------------------------
 */

/* The same texels (tu_surface_fill_hash) in a packed linear surface, read through direct
 * levels, and in an NVIDIA block-linear one, read through the address gate texel by texel
 * (and once more linear with an all-resident map, which takes tuE_read's checked path):
 * every message of the generic path answers the same on all three. */
static void test_direct_equals_gate(void) {
    static const tu_format formats[] = {TU_FORMAT_R8G8B8A8_UNORM,
                                        TU_FORMAT_R32G32B32A32_SFLOAT,
                                        TU_FORMAT_R16G16B16A16_SFLOAT,
                                        TU_FORMAT_D32_SFLOAT,
                                        TU_FORMAT_R8_UINT,
                                        TU_FORMAT_B8G8R8A8_SRGB,
                                        TU_FORMAT_B8G8R8A8_UNORM,
                                        TU_FORMAT_R8G8_UNORM};
    static const tu_surface_type types[] = {TU_SURFACE_1D, TU_SURFACE_2D, TU_SURFACE_3D,
                                            TU_SURFACE_CUBE};
    long bad = 0, runs = 0;
    for (int n = 0; n < 80; n++) {
        tu_surface d = {.type = types[rnd(4)],
                        .format = formats[rnd(sizeof formats / sizeof formats[0])],
                        .samples = 1};
        d.arrayed = d.type != TU_SURFACE_3D && rnd(2);
        d.width = 1 + rnd(33);
        d.height = d.type == TU_SURFACE_1D ? 1 : d.type == TU_SURFACE_CUBE ? d.width : 1 + rnd(33);
        d.depth = d.type == TU_SURFACE_3D ? 1 + rnd(9) : 1;
        d.layers = d.type == TU_SURFACE_CUBE ? 6 * (d.arrayed ? 1 + rnd(2) : 1)
                   : d.arrayed               ? 1 + rnd(3)
                                             : 1;
        d.levels = 1 + rnd(tu_surface_max_levels(&d));
        tu_surface s[3] = {d, d, d};
        s[1].gob_height_log2 = (uint8_t)rnd(3);
        tu_residency res = {0};
        void *mem[3] = {NULL, NULL, NULL};
        tu_error err = {0};
        bool ok = true;
        for (int k = 0; k < 3 && ok; k++) {
            uint64_t size = 0;
            ok = CHECK((k == 1 ? tu_surface_layout_block_linear(&s[k], &size, &err)
                               : tu_surface_layout_packed(&s[k], &size, &err)) == TU_OK,
                       "%s", err.message);
            mem[k] = calloc(1, (size_t)size);
            s[k].data = mem[k], s[k].size = (size_t)size;
            s[k].base_level = n % 2 ? rnd(d.levels) : 0;
            s[k].level_count = d.levels - s[k].base_level;
            if (k) s[k].base_level = s[0].base_level, s[k].level_count = s[0].level_count;
            ok = ok && CHECK(tu_surface_fill_hash(&s[k], 77, &err) == TU_OK, "%s", err.message);
        }
        static uint8_t all_resident[1 << 12];
        memset(all_resident, 0xff, sizeof all_resident);
        res = (tu_residency){all_resident, sizeof all_resident, 6};
        s[2].residency = &res;
        ok = ok && s[2].size >> 6 < 8 * sizeof all_resident;
        for (int k = 0; ok && k < 25; k++) {
            const tu_sampler smp = random_sampler(&s[0]);
            tu_msg m;
            random_msg(&m, &s[0]);
            tu_reply r[3];
            tu_status st[3];
            for (int v = 0; v < 3; v++) {
                memset(&r[v], 0, sizeof r[v]);
                tu_error e = {0};
                st[v] = tuE_execute(&m, &s[v], &smp, &r[v], &e, false, NULL);
            }
            runs++;
            for (int v = 1; v < 3; v++)
                if ((st[v] != st[0] || memcmp(&r[v], &r[0], sizeof r[0]) != 0) && bad++ < 5)
                    CHECK(0, "%s on %s %s: the %s surface answers differently",
                          tu_op_describe(m.op)->name, tu_format_describe(d.format)->name,
                          d.type == TU_SURFACE_CUBE ? "cube" : "surface",
                          v == 1 ? "block-linear" : "resident-mapped");
        }
        for (int k = 0; k < 3; k++)
            free(mem[k]);
    }
    CHECK(bad == 0, "%ld of %ld messages differ", bad, runs);
    CHECK(runs > 1000, "only %ld messages ran", runs);
}

/* --- the binding cache ------------------------------------------------------------------------ */

/* One message through the cache and through tu_execute: the same reply. */
static void check_cached_run(tu_binding_cache *cache, const tu_surface *s, const tu_sampler *smp,
                             const char *what) {
    const tu_binding *b = NULL;
    tu_error err = {0};
    if (!CHECK(tu_bind_cached(cache, s, smp, &b, &err) == TU_OK, "%s: %s", what, err.message))
        return;
    tu_msg m;
    random_msg(&m, s);
    m.op = TU_OP_SAMPLE_L;
    tu_reply r1, r2;
    memset(&r1, 0, sizeof r1);
    memset(&r2, 0, sizeof r2);
    tu_error e1 = {0}, e2 = {0};
    const tu_status st1 = tu_execute_bound(b, &m, &r1, &e1);
    const tu_status st2 = tu_execute(&m, s, smp, &r2, &e2);
    CHECK(st1 == st2 && memcmp(&r1, &r2, sizeof r1) == 0,
          "%s: the cached binding answers "
          "differently (%s / %s)",
          what, e1.message, e2.message);
}

static void test_binding_cache(void) {
    tu_binding_cache *cache = malloc(sizeof *cache);
    tu_binding_cache_init(cache);
    tu_image img =
        tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, 5, 1);
    uint8_t *mem = img.surface.data;
    for (size_t i = 0; i < img.surface.size; i++)
        mem[i] = (uint8_t)tu_test_rand(&rng);
    tu_sampler smp = tu_sampler_default();
    smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
    const tu_binding *first = NULL, *again = NULL;
    tu_error err = {0};
    CHECK(tu_bind_cached(cache, &img.surface, &smp, &first, &err) == TU_OK, "%s", err.message);
    /* The same content, at another address: a hit. */
    tu_surface *copy = malloc(sizeof *copy);
    tu_sampler smp_copy = smp;
    *copy = img.surface;
    CHECK(tu_bind_cached(cache, copy, &smp_copy, &again, &err) == TU_OK, "%s", err.message);
    CHECK(again == first && cache->binds == 1, "an unchanged pair is not bound again");
    check_cached_run(cache, copy, &smp_copy, "unchanged");
    /* Other padding bytes (after `arrayed` and at the end of each level's entry): the byte
     * compare fails, the field-wise one finds the same entry. */
    unsigned char *bytes = (unsigned char *)copy;
    if (offsetof(tu_surface, format) > offsetof(tu_surface, arrayed) + 1)
        bytes[offsetof(tu_surface, arrayed) + 1] ^= 0x5a;
    const size_t level_end = offsetof(tu_level_layout, tile_z) + sizeof(uint32_t);
    for (uint32_t l = 0; l < copy->levels && level_end < sizeof(tu_level_layout); l++)
        ((unsigned char *)&copy->level[l])[level_end] ^= 0xa5;
    CHECK(tu_bind_cached(cache, copy, &smp_copy, &again, &err) == TU_OK, "%s", err.message);
    CHECK(again == first && cache->binds == 1, "other padding bytes made a new binding");
    check_cached_run(cache, copy, &smp_copy, "other padding");
    /* A field of the surface's tail (from the MCS pointer on): a new binding. */
    copy->clear_color.u[3] ^= 1;
    CHECK(tu_bind_cached(cache, copy, &smp_copy, &again, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(cache->binds, 2);
    copy->clear_color.u[3] ^= 1;
    CHECK(tu_bind_cached(cache, copy, &smp_copy, &again, &err) == TU_OK, "%s", err.message);
    CHECK(again == first && cache->binds == 2, "the first binding is found again");
    check_cached_run(cache, copy, &smp_copy, "clear colour back");
    /* A changed sampler, then a changed view: bound again, answering as tu_execute. */
    smp_copy.mag_filter = TU_FILTER_NEAREST;
    smp_copy.min_filter = TU_FILTER_NEAREST;
    check_cached_run(cache, copy, &smp_copy, "sampler changed");
    CHECK_EQ_U(cache->binds, 3);
    copy->base_level = 2, copy->level_count = 3;
    check_cached_run(cache, copy, &smp_copy, "view changed");
    CHECK_EQ_U(cache->binds, 4);
    /* More keys than entries: the oldest goes, and comes back with a fresh bind. */
    for (int k = 0; k < 2 * TU_BINDING_CACHE_ENTRIES; k++) {
        smp_copy.lod_bias = (float)(k + 1) / 4.0f; /* 0 is the view-changed entry */
        check_cached_run(cache, copy, &smp_copy, "eviction");
    }
    CHECK_EQ_U(cache->binds, 4 + 2 * TU_BINDING_CACHE_ENTRIES);
    CHECK_EQ_U(cache->used, TU_BINDING_CACHE_ENTRIES);
    check_cached_run(cache, &img.surface, &smp, "the first pair, evicted");
    CHECK_EQ_U(cache->binds, 5 + 2 * TU_BINDING_CACHE_ENTRIES);
    /* Every entry found again from any other, in any order (the last one returned is compared
     * first, then the rest): the same binding each time, none bound again, and `last` names
     * it; a `last` out of range is only a place to start. */
    tu_sampler keys[TU_BINDING_CACHE_ENTRIES];
    const tu_binding *found[TU_BINDING_CACHE_ENTRIES];
    for (uint32_t k = 0; k < TU_BINDING_CACHE_ENTRIES; k++) {
        keys[k] = smp;
        keys[k].lod_bias = -(float)(k + 1); /* new keys: the whole cache turns over */
        CHECK(tu_bind_cached(cache, &img.surface, &keys[k], &found[k], &err) == TU_OK, "%s",
              err.message);
    }
    const uint64_t binds = cache->binds;
    for (uint32_t step = 0; step < 4 * TU_BINDING_CACHE_ENTRIES; step++) {
        const uint32_t k = (step * 3 + step / TU_BINDING_CACHE_ENTRIES) % TU_BINDING_CACHE_ENTRIES;
        if (step % 5 == 4) cache->last = 0xffffffffu - step;
        CHECK(tu_bind_cached(cache, &img.surface, &keys[k], &again, &err) == TU_OK, "%s",
              err.message);
        CHECK(again == found[k] && again == &cache->entry[cache->last], "step %u: key %u", step, k);
    }
    CHECK_EQ_U(cache->binds, binds);
    /* A refused pair: the error of tu_bind, and the cache still answers right. */
    copy->width = 0;
    CHECK_ERR(tu_bind_cached(cache, copy, &smp, &again, &err), TU_INVALID_ARGUMENT, &err, "width");
    copy->width = img.surface.width;
    smp_copy.min_filter = 9;
    CHECK_ERR(tu_bind_cached(cache, copy, &smp_copy, &again, &err), TU_INVALID_ARGUMENT, &err,
              "min_filter 9");
    check_cached_run(cache, &img.surface, &smp, "after a refusal");
    for (int k = 0; k < 2 * TU_BINDING_CACHE_ENTRIES; k++) {
        smp.lod_bias = (float)k / 8.0f;
        check_cached_run(cache, &img.surface, &smp, "after a refusal, cycling");
    }
    CHECK_ERR(tu_bind_cached(NULL, copy, &smp, &again, &err), TU_INVALID_ARGUMENT, &err, "NULL");
    cache->used = TU_BINDING_CACHE_ENTRIES + 1;
    CHECK_ERR(tu_bind_cached(cache, copy, &smp, &again, &err), TU_INVALID_ARGUMENT, &err,
              "binding cache used");
    free(copy);
    free(cache);
    tu_image_free(&img);
}

/* Every byte of every field the key holds, changed alone (its low bit: a bool stays a
 * bool), is no hit on the binding of the unchanged pair: tu_bind_cached binds afresh or
 * refuses. The fields: tu_surface's but the MCS and residency pointers (which validation
 * follows; test_execute_cache changes what they point to), every level entry in memory, and
 * the whole sampler. */
typedef struct key_field {
    size_t offset, size;
    const char *name;
} key_field;
#define KEY_FIELD(T, m) \
    { offsetof(T, m), sizeof(((T *)0)->m), #m }

/* Bind s and smp into an empty cache, flip the low bit of *byte (a byte of s or smp), and
 * look the pair up again: no hit on the first binding. Then the byte is put back. */
static void check_no_hit(tu_binding_cache *cache, const tu_surface *s, const tu_sampler *smp,
                         unsigned char *byte, const char *name, size_t index) {
    tu_binding_cache_init(cache);
    const tu_binding *first = NULL, *got = NULL;
    tu_error err = {0};
    CHECK(tu_bind_cached(cache, s, smp, &first, &err) == TU_OK, "%s", err.message);
    *byte ^= 0x01;
    const tu_status st = tu_bind_cached(cache, s, smp, &got, &err);
    CHECK(st != TU_OK || (cache->binds == 2 && got != first),
          "%s byte %zu changed: the cache answered with the unchanged pair's binding", name, index);
    *byte ^= 0x01;
}

static void test_cache_every_field(void) {
    static const key_field surface_fields[] = {KEY_FIELD(tu_surface, type),
                                               KEY_FIELD(tu_surface, arrayed),
                                               KEY_FIELD(tu_surface, format),
                                               KEY_FIELD(tu_surface, tiling),
                                               KEY_FIELD(tu_surface, gob_height_log2),
                                               KEY_FIELD(tu_surface, gob_depth_log2),
                                               KEY_FIELD(tu_surface, width),
                                               KEY_FIELD(tu_surface, height),
                                               KEY_FIELD(tu_surface, depth),
                                               KEY_FIELD(tu_surface, layers),
                                               KEY_FIELD(tu_surface, levels),
                                               KEY_FIELD(tu_surface, base_level),
                                               KEY_FIELD(tu_surface, level_count),
                                               KEY_FIELD(tu_surface, samples),
                                               KEY_FIELD(tu_surface, data),
                                               KEY_FIELD(tu_surface, size),
                                               KEY_FIELD(tu_surface, clear_color),
                                               KEY_FIELD(tu_surface, plane_count)};
    static const key_field level_fields[] = {
        KEY_FIELD(tu_level_layout, offset),      KEY_FIELD(tu_level_layout, row_pitch),
        KEY_FIELD(tu_level_layout, slice_pitch), KEY_FIELD(tu_level_layout, sample_pitch),
        KEY_FIELD(tu_level_layout, layer_pitch), KEY_FIELD(tu_level_layout, tile_x),
        KEY_FIELD(tu_level_layout, tile_y),      KEY_FIELD(tu_level_layout, tile_z)};
    tu_binding_cache *cache = malloc(sizeof *cache);
    tu_surface *s = malloc(sizeof *s);
    tu_image img =
        tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 64, 32, 1, 1, 7, 1);
    tu_sampler smp = tu_sampler_default();
    smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
    *s = img.surface;
    unsigned char *bytes = (unsigned char *)s;
    for (size_t f = 0; f < sizeof surface_fields / sizeof surface_fields[0]; f++)
        for (size_t i = 0; i < surface_fields[f].size; i++)
            check_no_hit(cache, s, &smp, bytes + surface_fields[f].offset + i,
                         surface_fields[f].name, i);
    for (uint32_t l = 0; l < s->levels; l++)
        for (size_t f = 0; f < sizeof level_fields / sizeof level_fields[0]; f++)
            for (size_t i = 0; i < level_fields[f].size; i++) {
                char name[64];
                snprintf(name, sizeof name, "level[%u].%s", l, level_fields[f].name);
                check_no_hit(cache, s, &smp,
                             (unsigned char *)&s->level[l] + level_fields[f].offset + i, name, i);
            }
    for (size_t i = 0; i < sizeof smp; i++)
        check_no_hit(cache, s, &smp, (unsigned char *)&smp + i, "sampler", i);
    free(s);
    free(cache);
    tu_image_free(&img);
}

/* tu_execute on s and smp answers (status, error text, reply) as a fresh binding does. */
static void check_execute_fresh(const tu_surface *s, const tu_sampler *smp, const tu_msg *m,
                                const char *what) {
    tu_reply r1, r2;
    memset(&r1, 0, sizeof r1);
    memset(&r2, 0, sizeof r2);
    tu_error e1 = {0}, e2 = {0};
    const tu_status st1 = tu_execute(m, s, smp, &r1, &e1);
    const tu_status st2 = tuE_execute(m, s, smp, &r2, &e2, true, NULL);
    CHECK(st1 == st2 && strcmp(e1.message, e2.message) == 0 && memcmp(&r1, &r2, sizeof r1) == 0,
          "%s: tu_execute answers as a stale binding (%d %s / fresh %d %s)", what, (int)st1,
          e1.message, (int)st2, e2.message);
}

static void test_execute_cache(void) {
    tu_image img =
        tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, 5, 1);
    tu_image other =
        tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, 5, 1);
    uint8_t *mem = img.surface.data, *mem2 = other.surface.data;
    for (size_t i = 0; i < img.surface.size; i++)
        mem[i] = (uint8_t)tu_test_rand(&rng), mem2[i] = (uint8_t)tu_test_rand(&rng);
    tu_surface *s = malloc(sizeof *s); /* one address throughout: only the content changes */
    *s = img.surface;
    tu_sampler smp = tu_sampler_default();
    smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
    smp.mip_filter = TU_MIP_LINEAR;
    tu_msg m;
    random_msg(&m, s);
    m.op = TU_OP_SAMPLE_L;
    for (unsigned l = 0; l < m.simd; l++)
        m.src[TU_SRC_LOD].f[l] = (float)(l % 5) * 0.6f;
    /* Each change, made in place after a run that cached the previous content. */
    const uint64_t level_bytes = img.surface.level[1].offset;
    for (int k = 0; k < 21; k++) {
        check_execute_fresh(s, &smp, &m, "before the change");
        char what[64];
        snprintf(what, sizeof what, "change %d", k);
        switch (k) {
        case 0: s->data = other.surface.data; break;
        case 1: s->base_level = 1, s->level_count = 4; break;
        case 2: s->level_count = 2; break;
        case 3: s->format = TU_FORMAT_B8G8R8A8_UNORM; break;
        case 4: s->format = TU_FORMAT_R32_SFLOAT; break;
        case 5: s->level[2].offset += 4; break;
        case 6: s->size = (size_t)level_bytes; break; /* the view's levels leave memory */
        case 7: s->size = img.surface.size; break;
        case 8: s->width = 8, s->height = 8; break; /* now level 0 is smaller: valid */
        case 9: s->level[1].row_pitch = 4; break;   /* rows narrower than a level: refused */
        case 10: s->level[1].row_pitch = img.surface.level[1].row_pitch; break;
        case 11: s->type = TU_SURFACE_1D, s->height = 1; break;
        case 12: s->type = TU_SURFACE_2D, s->height = 8, s->arrayed = true; break;
        case 13: s->arrayed = false, smp.address[0] = TU_ADDRESS_CLAMP_BORDER; break;
        case 14: smp.border_color.f[0] = 0.25f; break;
        case 15: smp.precision = TU_PRECISION_EXACT; break;
        case 16: smp.lod_bias = 1.5f; break;
        case 17: smp.min_filter = 7; break; /* refused */
        case 18: smp.min_filter = TU_FILTER_NEAREST; break;
        case 19: s->level[1].tile_z = 1; break; /* a 2D level moved in z: refused */
        default: s->level[1].tile_z = 0; break;
        }
        check_execute_fresh(s, &smp, &m, what);
    }
    /* What a residency map says, changed behind the same pointer: page 0 of the surface
     * resident, then not. */
    *s = img.surface;
    smp = tu_sampler_default();
    uint8_t bits[64], none[64];
    memset(bits, 0xff, sizeof bits);
    memset(none, 0, sizeof none);
    tu_residency *res = malloc(sizeof *res);
    *res = (tu_residency){bits, sizeof bits, 6};
    s->residency = res;
    m.flags |= TU_MSG_PIXEL_NULL_MASK;
    check_execute_fresh(s, &smp, &m, "residency, all resident");
    res->bits = none;
    check_execute_fresh(s, &smp, &m, "residency bits swapped behind the pointer");
    res->bits_size = 1; /* too small for the surface's pages: refused */
    check_execute_fresh(s, &smp, &m, "residency bits_size shrunk behind the pointer");
    free(res);
    /* Both descriptions in blocks of their exact size, hit again and again: the compare of a
     * cached entry reads no byte past either (under ASan, the test's sanitizer build). */
    *s = img.surface;
    tu_sampler *exact = malloc(sizeof *exact);
    *exact = smp;
    m.flags &= ~(uint32_t)TU_MSG_PIXEL_NULL_MASK;
    for (int k = 0; k < 3; k++)
        check_execute_fresh(s, exact, &m, "descriptions in blocks of their exact size");
    free(exact);
    free(s);
    tu_image_free(&img);
    tu_image_free(&other);
}

/* --- threads --------------------------------------------------------------------------------- */

enum { THREADS = 8, THREAD_MSGS = 64 };

typedef struct thread_job {
    const tu_binding *binding;
    const tu_surface *surface; /* non-NULL: tu_execute on the shared descriptions instead */
    const tu_sampler *sampler;
    const tu_msg *msgs;
    tu_reply *replies;
    tu_status *status;
    unsigned first; /* each thread starts at a different message and wraps around */
} thread_job;

static void *thread_main(void *arg) {
    const thread_job *j = arg;
    for (unsigned r = 0; r < 3; r++)
        for (unsigned i = 0; i < THREAD_MSGS; i++) {
            const unsigned k = (j->first + i) % THREAD_MSGS;
            tu_error err;
            memset(&j->replies[k], 0, sizeof j->replies[k]);
            j->status[k] =
                j->surface ? tu_execute(&j->msgs[k], j->surface, j->sampler, &j->replies[k], &err)
                           : tu_execute_bound(j->binding, &j->msgs[k], &j->replies[k], &err);
        }
    return NULL;
}

static void test_threads(void) {
    tu_msg *msgs = malloc(sizeof *msgs * THREAD_MSGS);
    tu_reply *want = malloc(sizeof *want * THREAD_MSGS);
    tu_reply *got = malloc(sizeof *got * THREAD_MSGS * THREADS);
    tu_status want_st[THREAD_MSGS], got_st[THREADS][THREAD_MSGS];
    tu_binding *b = malloc(sizeof *b);
    for (int n = 0; n < 6; n++) {
        surf_case c;
        if (!make_case(&c)) continue;
        const tu_sampler smp = random_sampler(&c.img.surface);
        tu_error err = {0};
        CHECK(tu_bind(&c.img.surface, &smp, b, &err) == TU_OK, "%s", err.message);
        for (unsigned i = 0; i < THREAD_MSGS; i++) {
            random_msg(&msgs[i], &c.img.surface);
            memset(&want[i], 0, sizeof want[i]);
            want_st[i] = tu_execute_bound(b, &msgs[i], &want[i], &err);
        }
        pthread_t t[THREADS];
        thread_job jobs[THREADS];
        for (unsigned k = 0; k < THREADS; k++) {
            /* Odd threads call tu_execute on the same (unchanging) descriptions. */
            jobs[k] = (thread_job){
                b,         k & 1 ? &c.img.surface : NULL, &smp, msgs, got + k * THREAD_MSGS,
                got_st[k], k * THREAD_MSGS / THREADS};
            CHECK(pthread_create(&t[k], NULL, thread_main, &jobs[k]) == 0);
        }
        for (unsigned k = 0; k < THREADS; k++)
            pthread_join(t[k], NULL);
        for (unsigned k = 0; k < THREADS; k++)
            for (unsigned i = 0; i < THREAD_MSGS; i++)
                CHECK(got_st[k][i] == want_st[i] &&
                          memcmp(&got[k * THREAD_MSGS + i], &want[i], sizeof want[i]) == 0,
                      "thread %u message %u differs from the single-thread run", k, i);
        free_case(&c);
    }
    free(b);
    free(msgs);
    free(want);
    free(got);
}

int main(void) {
    rng = tu_test_seed(rng);
    TU_RUN(test_decoders);
    TU_RUN(test_wrap);
    TU_RUN(test_floor_int);
    TU_RUN(test_bound_lod_fields);
    TU_RUN(test_max_levels);
    TU_RUN(test_direct_reads);
    TU_RUN(test_bound_matches_execute);
    TU_RUN(test_direct_equals_gate);
    TU_RUN(test_binding_cache);
    TU_RUN(test_execute_cache);
    TU_RUN(test_cache_every_field);
    TU_RUN(test_threads);
    return tu_test_finish();
}
