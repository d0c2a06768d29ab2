/* SPDX-License-Identifier: MIT */
/*
 * test_fill.c - the texel generator against the formula of the foundation issue, written
 * out again here: lowbias32 over {level, layer, z, y, x, c}; 8-bit fields h >> 24; 16-bit
 * floats ((int)(h >> 21) - 1024) / 1024; 32-bit floats ((int)(h >> 8) - 8388608) /
 * 8388608; D32 (h >> 8) / 16777216; other fields the top bits of h. Values are read back
 * through tu_format_decode and compared with what the formula says the texel means.
 */
#include "texunit/texunit.h"

#include "tu_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint32_t ref_lowbias32(uint32_t x) {
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

static uint32_t ref_hash(uint32_t seed, uint32_t level, uint32_t layer, uint32_t x, uint32_t y,
                         uint32_t z, uint32_t c) {
    uint32_t v[6] = {level, layer, z, y, x, c}, h = seed;
    for (int i = 0; i < 6; i++)
        h = ref_lowbias32(h + v[i] + 0x9E3779B9U);
    return h;
}

static void test_hash(void) {
    uint64_t rng = tu_test_seed(7);
    for (int i = 0; i < 10000; i++) {
        uint32_t a[7];
        for (int k = 0; k < 7; k++)
            a[k] = (uint32_t)tu_test_rand(&rng);
        CHECK_EQ_U(tu_texel_hash(a[0], a[1], a[2], a[3], a[4], a[5], a[6]),
                   ref_hash(a[0], a[1], a[2], a[3], a[4], a[5], a[6]));
    }
    /* Each argument reaches the hash: changing any one changes it. */
    const uint32_t h = tu_texel_hash(1, 2, 3, 4, 5, 6, 7);
    CHECK(h != tu_texel_hash(0, 2, 3, 4, 5, 6, 7) && h != tu_texel_hash(1, 0, 3, 4, 5, 6, 7) &&
          h != tu_texel_hash(1, 2, 0, 4, 5, 6, 7) && h != tu_texel_hash(1, 2, 3, 0, 5, 6, 7) &&
          h != tu_texel_hash(1, 2, 3, 4, 0, 6, 7) && h != tu_texel_hash(1, 2, 3, 4, 5, 0, 7) &&
          h != tu_texel_hash(1, 2, 3, 4, 5, 6, 0));
}

/* An image of the given shape, filled by the generator with `seed`. */
static tu_image make_filled(tu_surface_type type, bool arrayed, tu_format format, uint32_t w,
                            uint32_t h, uint32_t d, uint32_t layers, uint32_t levels,
                            uint32_t samples, uint32_t seed) {
    tu_image img = tu_test_image(type, arrayed, format, w, h, d, layers, levels, samples);
    tu_error err = {0};
    CHECK(tu_surface_fill_hash(&img.surface, seed, &err) == TU_OK, "%s", err.message);
    return img;
}

/* What the formula says component c of the texel reads as, for the formats whose meaning
 * is simple to state independently of the field layout. */
static void check_float_texel(tu_format format, const tu_surface *s, uint32_t seed, uint32_t L,
                              uint32_t layer, uint32_t x, uint32_t y, uint32_t z) {
    tu_texel_coord c = {x, y, z, layer, L, 0};
    const void *p = tu_surface_texel_pointer(s, &c);
    if (!CHECK(p != NULL)) return;
    tu_texel t;
    tu_format_decode(format, p, &t);
    for (uint32_t comp = 0; comp < 4; comp++) {
        uint32_t hash = ref_hash(seed, L, layer, x, y, z, comp);
        float want = 0;
        switch (format) {
        case TU_FORMAT_R8G8B8A8_UNORM: want = (float)(hash >> 24) / 255.0f; break;
        case TU_FORMAT_R16G16B16A16_SFLOAT: want = ((int)(hash >> 21) - 1024) / 1024.0f; break;
        case TU_FORMAT_R32G32B32A32_SFLOAT:
            want = (float)((int)(hash >> 8) - 8388608) / 8388608.0f;
            break;
        case TU_FORMAT_R16G16B16A16_UNORM: want = (float)(hash >> 16) / 65535.0f; break;
        default: break;
        }
        CHECK(t.f[comp] == want, "%s level %u layer %u (%u,%u,%u) c%u: %.9g != %.9g",
              tu_format_describe(format)->name, L, layer, x, y, z, comp, t.f[comp], want);
    }
}

static void test_float_formats(void) {
    const tu_format formats[] = {TU_FORMAT_R8G8B8A8_UNORM, TU_FORMAT_R16G16B16A16_SFLOAT,
                                 TU_FORMAT_R32G32B32A32_SFLOAT, TU_FORMAT_R16G16B16A16_UNORM};
    for (int f = 0; f < 4; f++) {
        tu_image img = make_filled(TU_SURFACE_2D, true, formats[f], 5, 3, 1, 2, 2, 1, 99);
        for (uint32_t L = 0; L < 2; L++)
            for (uint32_t layer = 0; layer < 2; layer++)
                for (uint32_t y = 0; y < (3u >> L); y++)
                    for (uint32_t x = 0; x < (5u >> L); x++)
                        check_float_texel(formats[f], &img.surface, 99, L, layer, x, y, 0);
        tu_image_free(&img);
    }
    /* 3D: z is the slice. */
    tu_image img = make_filled(TU_SURFACE_3D, false, TU_FORMAT_R8G8B8A8_UNORM, 4, 2, 3, 1, 2, 1, 5);
    for (uint32_t z = 0; z < 3; z++)
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 4; x++)
                check_float_texel(TU_FORMAT_R8G8B8A8_UNORM, &img.surface, 5, 0, 0, x, y, z);
    tu_image_free(&img);
    /* Cube arrays: layer = 6 * cube + face. */
    img = make_filled(TU_SURFACE_CUBE, true, TU_FORMAT_R16G16B16A16_SFLOAT, 2, 2, 1, 12, 2, 1, 3);
    for (uint32_t layer = 0; layer < 12; layer++)
        check_float_texel(TU_FORMAT_R16G16B16A16_SFLOAT, &img.surface, 3, 1, layer, 0, 0, 0);
    tu_image_free(&img);
}

/* Field-level rules on the formats with special cases: depth, stencil, packed, shared
 * exponent, BGRA order, integer formats. The raw fields are read from the bytes here. */
static uint32_t bytes_le(const uint8_t *p, int first, int n) {
    uint32_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[first + i];
    return v;
}

static void test_field_rules(void) {
    const uint32_t seed = 0xC0FFEE;
    const uint32_t x = 3, y = 1, layer = 1, L = 0;
    struct {
        tu_format format;
        uint32_t bytes;
    } formats[] = {
        {TU_FORMAT_B8G8R8A8_UNORM, 4},
        {TU_FORMAT_R8_SINT, 1},
        {TU_FORMAT_R16G16_UINT, 4},
        {TU_FORMAT_R32G32B32_UINT, 12},
        {TU_FORMAT_D32_SFLOAT, 4},
        {TU_FORMAT_D24_UNORM_S8_UINT, 4},
        {TU_FORMAT_X8_D24_UNORM_PACK32, 4},
        {TU_FORMAT_D32_SFLOAT_S8_UINT, 8},
        {TU_FORMAT_A2B10G10R10_UNORM_PACK32, 4},
        {TU_FORMAT_E5B9G9R9_UFLOAT_PACK32, 4},
        {TU_FORMAT_R5G6B5_UNORM_PACK16, 2},
        {TU_FORMAT_S8_UINT, 1},
    };
    for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
        tu_image img = make_filled(TU_SURFACE_2D, true, formats[f].format, 4, 2, 1, 2, 1, 1, seed);
        tu_texel_coord c = {x, y, 0, layer, L, 0};
        const uint8_t *p = tu_surface_texel_pointer(&img.surface, &c);
        if (!CHECK(p != NULL)) continue;
        uint32_t h0 = ref_hash(seed, L, layer, x, y, 0, 0),
                 h1 = ref_hash(seed, L, layer, x, y, 0, 1),
                 h2 = ref_hash(seed, L, layer, x, y, 0, 2),
                 h3 = ref_hash(seed, L, layer, x, y, 0, 3);
        const uint32_t w0 = bytes_le(p, 0, formats[f].bytes < 4 ? (int)formats[f].bytes : 4);
        float depth;
        switch (formats[f].format) {
        case TU_FORMAT_B8G8R8A8_UNORM: /* B in byte 0, R in byte 2 */
            CHECK_EQ_U(p[0], h2 >> 24);
            CHECK_EQ_U(p[1], h1 >> 24);
            CHECK_EQ_U(p[2], h0 >> 24);
            CHECK_EQ_U(p[3], h3 >> 24);
            break;
        case TU_FORMAT_R8_SINT: CHECK_EQ_U(p[0], h0 >> 24); break;
        case TU_FORMAT_R16G16_UINT:
            CHECK_EQ_U(w0 & 0xffff, h0 >> 16);
            CHECK_EQ_U(w0 >> 16, h1 >> 16);
            break;
        case TU_FORMAT_R32G32B32_UINT:
            CHECK_EQ_U(w0, h0);
            CHECK_EQ_U(bytes_le(p, 4, 4), h1);
            CHECK_EQ_U(bytes_le(p, 8, 4), h2);
            break;
        case TU_FORMAT_D32_SFLOAT:
        case TU_FORMAT_D32_SFLOAT_S8_UINT:
            memcpy(&depth, p, 4);
            CHECK(depth == (float)(h0 >> 8) / 16777216.0f, "depth %.9g", depth);
            if (formats[f].format == TU_FORMAT_D32_SFLOAT_S8_UINT) {
                CHECK_EQ_U(p[4], h1 >> 24); /* stencil hashes as component 1 */
                CHECK_EQ_U(bytes_le(p, 5, 3), 0);
            }
            break;
        case TU_FORMAT_D24_UNORM_S8_UINT:
            CHECK_EQ_U(w0 & 0xffffff, h0 >> 8);
            CHECK_EQ_U(w0 >> 24, h1 >> 24);
            break;
        case TU_FORMAT_X8_D24_UNORM_PACK32: CHECK_EQ_U(w0, h0 >> 8); break; /* padding 0 */
        case TU_FORMAT_A2B10G10R10_UNORM_PACK32:
            CHECK_EQ_U(w0 & 0x3ff, h0 >> 22);
            CHECK_EQ_U((w0 >> 10) & 0x3ff, h1 >> 22);
            CHECK_EQ_U((w0 >> 20) & 0x3ff, h2 >> 22);
            CHECK_EQ_U(w0 >> 30, h3 >> 30);
            break;
        case TU_FORMAT_E5B9G9R9_UFLOAT_PACK32: /* the exponent hashes as component 3 */
            CHECK_EQ_U(w0 & 0x1ff, h0 >> 23);
            CHECK_EQ_U((w0 >> 9) & 0x1ff, h1 >> 23);
            CHECK_EQ_U((w0 >> 18) & 0x1ff, h2 >> 23);
            CHECK_EQ_U(w0 >> 27, h3 >> 27);
            break;
        case TU_FORMAT_R5G6B5_UNORM_PACK16: /* R in the top 5 bits */
            CHECK_EQ_U(w0 >> 11, h0 >> 27);
            CHECK_EQ_U((w0 >> 5) & 0x3f, h1 >> 26);
            CHECK_EQ_U(w0 & 0x1f, h2 >> 27);
            break;
        case TU_FORMAT_S8_UINT: CHECK_EQ_U(p[0], h1 >> 24); break;
        default: CHECK(0, "no rule for this format"); break;
        }
        tu_image_free(&img);
    }
}

/* Multisample: the sample index takes z's place in the hash. */
static void test_multisample(void) {
    tu_image img =
        make_filled(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 3, 3, 1, 1, 1, 4, 11);
    for (uint32_t s = 0; s < 4; s++) {
        tu_texel_coord c = {2, 1, 0, 0, 0, s};
        const uint8_t *p = tu_surface_texel_pointer(&img.surface, &c);
        if (CHECK(p != NULL)) CHECK_EQ_U(p[1], ref_hash(11, 0, 0, 2, 1, s, 1) >> 24);
    }
    tu_image_free(&img);
}

/* Every format of the table: every field of every texel is the generator's field value. */
static void test_every_format(void) {
    for (int f = TU_FORMAT_UNDEFINED + 1; f < TU_FORMAT_COUNT; f++) {
        if (tu_format_is_compressed((tu_format)f)) continue; /* no surfaces of them yet */
        tu_image img = make_filled(TU_SURFACE_2D, true, (tu_format)f, 3, 2, 1, 2, 2, 1, 1234);
        const tu_format_desc *d = tu_format_describe((tu_format)f);
        int distinct = 0;
        uint32_t first = 0;
        for (uint32_t L = 0; L < 2; L++)
            for (uint32_t layer = 0; layer < 2; layer++)
                for (uint32_t y = 0; y < (2u >> L); y++)
                    for (uint32_t x = 0; x < (3u >> L); x++) {
                        tu_texel_coord c = {x, y, 0, layer, L, 0};
                        const uint8_t *p = tu_surface_texel_pointer(&img.surface, &c);
                        if (!CHECK(p != NULL)) continue;
                        for (unsigned i = 0; i < d->channel_count; i++) {
                            const tu_channel *ch = &d->channels[i];
                            uint64_t raw = 0;
                            for (int b = 0; b < 8 && b < d->bytes; b++)
                                raw |= (uint64_t)p[b] << (8 * b);
                            if (d->bytes > 8)
                                raw = bytes_le(p, ch->shift / 8, ch->bits / 8);
                            else
                                raw >>= ch->shift;
                            raw &= ch->bits == 32 ? 0xffffffffu : (1u << ch->bits) - 1;
                            uint32_t want =
                                tu_texel_hash_field((tu_format)f, i, 1234, L, layer, x, y, 0);
                            CHECK(raw == want, "%s field %u: %llx != %x", d->name, i,
                                  (unsigned long long)raw, want);
                            if (i == 0 && !distinct++)
                                first = want;
                            else if (i == 0 && want != first)
                                distinct++;
                        }
                    }
        CHECK(distinct > 2, "%s: the generator gives a constant field 0", d->name);
        tu_image_free(&img);
    }
}

static void test_invalid(void) {
    tu_surface s = {0};
    tu_error err = {0};
    CHECK_ERR(tu_surface_fill_hash(&s, 1, &err), TU_INVALID_ARGUMENT, &err, "surface format 0");
    CHECK_EQ_U(tu_texel_hash_field(TU_FORMAT_UNDEFINED, 0, 1, 0, 0, 0, 0, 0), 0);
    CHECK_EQ_U(tu_texel_hash_field(TU_FORMAT_R8_UNORM, 1, 1, 0, 0, 0, 0, 0), 0);
    /* padding is never hashed */
    CHECK_EQ_U(tu_texel_hash_field(TU_FORMAT_X8_D24_UNORM_PACK32, 1, 1, 0, 0, 0, 0, 0), 0);
}

/* --- patterns: each rule of surface.h written out again --------------------------------- */

static tu_texel texel_at(const tu_surface *s, uint32_t level, uint32_t layer, uint32_t x,
                         uint32_t y, uint32_t z) {
    const tu_texel_coord c = {x, y, z, layer, level, 0};
    tu_texel t = {{0}};
    const void *p = tu_surface_texel_pointer(s, &c);
    CHECK(p != NULL);
    if (p) tu_format_decode(s->format, p, &t);
    return t;
}

static tu_image make_pattern(tu_surface_type type, bool arrayed, tu_format format, uint32_t w,
                             uint32_t h, uint32_t d, uint32_t layers, uint32_t levels,
                             tu_pattern pattern) {
    tu_image img = tu_test_image(type, arrayed, format, w, h, d, layers, levels, 1);
    tu_error err = {0};
    CHECK(tu_surface_fill_pattern(&img.surface, pattern, 5, NULL, &err) == TU_OK, "%s",
          err.message);
    return img;
}

static void test_pattern_names(void) {
    const char *names[] = {"hash", "checker", "gradient", "levels", "grid"};
    for (int p = 0; p < TU_PATTERN_COUNT; p++) {
        CHECK_EQ_STR(tu_pattern_name((tu_pattern)p), names[p]);
        CHECK_EQ_U(tu_pattern_from_name(names[p]), (unsigned)p);
    }
    CHECK(tu_pattern_name(TU_PATTERN_COUNT) == NULL);
    CHECK_EQ_U(tu_pattern_from_name("Checker"), TU_PATTERN_COUNT);
    CHECK_EQ_U(tu_pattern_from_name(NULL), TU_PATTERN_COUNT);
    tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 1, 1);
    tu_error err = {0};
    CHECK_ERR(tu_surface_fill_pattern(&img.surface, TU_PATTERN_COUNT, 0, NULL, &err),
              TU_INVALID_ARGUMENT, &err, "pattern 5 is not a tu_pattern");
    /* HASH is the generator itself */
    tu_image ref = make_filled(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 1, 1, 9);
    CHECK(tu_surface_fill_pattern(&img.surface, TU_PATTERN_HASH, 9, NULL, &err) == TU_OK);
    CHECK(memcmp(img.memory, ref.memory, img.surface.size) == 0);
    tu_image_free(&img);
    tu_image_free(&ref);
}

/* LEVELS: one colour per level, the first six as named, all 17 distinct. */
static void test_pattern_levels(void) {
    const float named[6][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0}, {1, 0, 1}, {0, 1, 1}};
    float all[TU_MAX_LEVELS][4];
    for (uint32_t L = 0; L < TU_MAX_LEVELS; L++) {
        tu_pattern_level_color(L, all[L]);
        CHECK(all[L][3] == 1.0f);
        for (uint32_t k = 0; k < L; k++)
            CHECK(memcmp(all[k], all[L], sizeof all[L]) != 0, "levels %u and %u share a colour", k,
                  L);
        if (L < 6)
            for (int c = 0; c < 3; c++)
                CHECK(all[L][c] == named[L][c]);
    }
    float past[4];
    tu_pattern_level_color(40, past);
    CHECK(memcmp(past, all[TU_MAX_LEVELS - 1], sizeof past) == 0);

    tu_image img = make_pattern(TU_SURFACE_2D, true, TU_FORMAT_R32G32B32A32_SFLOAT, 32, 16, 1, 2, 6,
                                TU_PATTERN_LEVELS);
    for (uint32_t L = 0; L < 6; L++)
        for (uint32_t layer = 0; layer < 2; layer++)
            for (uint32_t y = 0; y < (16u >> L ? 16u >> L : 1); y++)
                for (uint32_t x = 0; x < 32u >> L; x++) {
                    const tu_texel t = texel_at(&img.surface, L, layer, x, y, 0);
                    for (int c = 0; c < 4; c++)
                        CHECK(t.f[c] == all[L][c], "level %u (%u,%u) c%d: %g", L, x, y, c, t.f[c]);
                }
    tu_image_free(&img);
}

/* CHECKER: 8 cells per axis (cell = extent / 8), white when cx + cy + cz + layer is even;
 * grey below 8 texels (0.5: 128 in 8-bit integer formats, round(127.5)); integer formats
 * hold 255 and 0. */
static void test_pattern_checker(void) {
    tu_image img = make_pattern(TU_SURFACE_2D, true, TU_FORMAT_R8G8B8A8_UINT, 16, 16, 1, 2, 5,
                                TU_PATTERN_CHECKER);
    for (uint32_t L = 0; L < 5; L++) {
        const uint32_t n = 16u >> L, cell = n / 8;
        for (uint32_t layer = 0; layer < 2; layer++)
            for (uint32_t y = 0; y < n; y++)
                for (uint32_t x = 0; x < n; x++) {
                    const tu_texel t = texel_at(&img.surface, L, layer, x, y, 0);
                    const uint32_t v = n < 8 ? 128 : ((x / cell + y / cell + layer) % 2) ? 0 : 255;
                    CHECK(t.u[0] == v && t.u[1] == v && t.u[2] == v && t.u[3] == 255,
                          "level %u layer %u (%u,%u): %u", L, layer, x, y, t.u[0]);
                }
    }
    tu_image_free(&img);
    tu_image vol = make_pattern(TU_SURFACE_3D, false, TU_FORMAT_R8_UNORM, 16, 16, 16, 1, 1,
                                TU_PATTERN_CHECKER);
    for (uint32_t z = 0; z < 16; z++)
        for (uint32_t y = 0; y < 16; y++)
            for (uint32_t x = 0; x < 16; x++)
                CHECK(texel_at(&vol.surface, 0, 0, x, y, z).f[0] ==
                      (((x / 2 + y / 2 + z / 2) % 2) ? 0.0f : 1.0f));
    tu_image_free(&vol);
}

/* GRADIENT: ((x + 0.5) / w, (y + 0.5) / h, (layer + 0.5) / layers or (z + 0.5) / d, 1). */
static void test_pattern_gradient(void) {
    tu_image img = make_pattern(TU_SURFACE_2D, true, TU_FORMAT_R32G32B32A32_SFLOAT, 8, 4, 1, 3, 2,
                                TU_PATTERN_GRADIENT);
    for (uint32_t L = 0; L < 2; L++)
        for (uint32_t layer = 0; layer < 3; layer++)
            for (uint32_t y = 0; y < 4u >> L; y++)
                for (uint32_t x = 0; x < 8u >> L; x++) {
                    const tu_texel t = texel_at(&img.surface, L, layer, x, y, 0);
                    CHECK(t.f[0] == (x + 0.5f) / (float)(8u >> L) &&
                          t.f[1] == (y + 0.5f) / (float)(4u >> L) &&
                          t.f[2] == (layer + 0.5f) / 3.0f && t.f[3] == 1.0f);
                }
    tu_image_free(&img);
    tu_image vol = make_pattern(TU_SURFACE_3D, false, TU_FORMAT_R32G32B32A32_SFLOAT, 4, 4, 4, 1, 1,
                                TU_PATTERN_GRADIENT);
    CHECK(texel_at(&vol.surface, 0, 0, 1, 2, 3).f[2] == 3.5f / 4.0f);
    tu_image_free(&vol);
}

/* GRID: a white line every 8 texels at every level, grey 0.25 between; 8-bit unorm stores
 * 0.25 as round(63.75) = 64. Depth formats hold r. */
static void test_pattern_grid(void) {
    tu_image img = make_pattern(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 32, 32, 1, 1, 2,
                                TU_PATTERN_GRID);
    for (uint32_t L = 0; L < 2; L++)
        for (uint32_t y = 0; y < 32u >> L; y++)
            for (uint32_t x = 0; x < 32u >> L; x++) {
                const tu_texel_coord c = {x, y, 0, 0, L, 0};
                const uint8_t *p = tu_surface_texel_pointer(&img.surface, &c);
                const uint8_t v = (x % 8 == 0 || y % 8 == 0) ? 255 : 64;
                CHECK(p && p[0] == v && p[1] == v && p[2] == v && p[3] == 255);
            }
    tu_image_free(&img);
    tu_image depth =
        make_pattern(TU_SURFACE_2D, false, TU_FORMAT_D32_SFLOAT, 16, 16, 1, 1, 1, TU_PATTERN_GRID);
    CHECK(texel_at(&depth.surface, 0, 0, 8, 3, 0).f[0] == 1.0f);
    CHECK(texel_at(&depth.surface, 0, 0, 7, 3, 0).f[0] == 0.25f);
    tu_image_free(&depth);
}

/* The fill reports every row once, in order, ending at the total (a compressed surface: each
 * row of blocks, its block height of rows at a time, fewer in a level's last partial row). */
typedef struct rows_seen {
    uint64_t calls, last, total;
    uint32_t step; /* rows a report may add at most */
    bool ordered;
} rows_seen;

static void count_rows(void *user, uint64_t done, uint64_t total) {
    rows_seen *r = user;
    r->ordered &=
        done > r->last && done - r->last <= r->step && (r->total == 0 || total == r->total);
    r->calls++, r->last = done, r->total = total;
}

static void test_pattern_progress(void) {
    tu_image img = tu_test_image(TU_SURFACE_2D, true, TU_FORMAT_R8G8B8A8_UNORM, 16, 8, 1, 3, 4, 1);
    rows_seen seen = {0, 0, 0, 1, true};
    const tu_progress p = {count_rows, &seen};
    tu_error err = {0};
    CHECK(tu_surface_fill_pattern(&img.surface, TU_PATTERN_GRID, 0, &p, &err) == TU_OK);
    /* rows: (8 + 4 + 2 + 1) per layer, 3 layers */
    CHECK(seen.ordered && seen.calls == 45 && seen.last == 45 && seen.total == 45,
          "%llu calls, last %llu of %llu", (unsigned long long)seen.calls,
          (unsigned long long)seen.last, (unsigned long long)seen.total);
    const tu_progress silent = {NULL, NULL};
    CHECK(tu_surface_fill_pattern(&img.surface, TU_PATTERN_GRID, 0, &silent, &err) == TU_OK);
    tu_image_free(&img);
    /* BC1 16x8, 3 levels, 3 layers: block rows 2 + 1 + 1 (of 4, 4; 4; 2 texel rows) a layer */
    img = tu_test_image(TU_SURFACE_2D, true, TU_FORMAT_BC1_RGB_UNORM_BLOCK, 16, 8, 1, 3, 3, 1);
    rows_seen blocks = {0, 0, 0, 4, true};
    const tu_progress pb = {count_rows, &blocks};
    CHECK(tu_surface_fill_pattern(&img.surface, TU_PATTERN_GRID, 0, &pb, &err) == TU_OK);
    CHECK(blocks.ordered && blocks.calls == 12 && blocks.last == 42 && blocks.total == 42,
          "%llu calls, last %llu of %llu", (unsigned long long)blocks.calls,
          (unsigned long long)blocks.last, (unsigned long long)blocks.total);
    tu_image_free(&img);
}

/* A linear surface whose rows, slices, samples, layers and levels have gaps between them
 * (fill steps along a row and checks only its ends): every texel holds what it holds in the
 * packed image of the same shape (test_every_format checks those against the formula), and
 * no byte outside a texel is written. */
static void check_padded(tu_surface_type type, bool arrayed, tu_format format, uint32_t w,
                         uint32_t h, uint32_t d, uint32_t layers, uint32_t levels,
                         uint32_t samples) {
    const uint32_t seed = 77;
    tu_image packed = make_filled(type, arrayed, format, w, h, d, layers, levels, samples, seed);
    tu_surface s = packed.surface;
    const uint64_t bytes = tu_format_bytes(format);
    uint64_t end = 3; /* level 0 starts at an odd offset: levels need no alignment */
    for (uint32_t L = 0; L < levels; L++) {
        tu_level_layout *lv = &s.level[L];
        const uint32_t lw = w >> L ? w >> L : 1, lh = h >> L ? h >> L : 1;
        const uint32_t ld = type == TU_SURFACE_3D && d >> L ? d >> L : 1;
        lv->offset = end;
        lv->row_pitch = lw * bytes + 5;
        lv->slice_pitch = lv->row_pitch * lh + 7;
        lv->sample_pitch = lv->slice_pitch * ld + 11;
        lv->layer_pitch = lv->sample_pitch * samples + 13;
        end = lv->offset + lv->layer_pitch * layers + 17;
    }
    uint8_t *mem = malloc(end), *in_texel = calloc(end, 1);
    if (!CHECK(mem && in_texel)) return;
    memset(mem, 0xAB, end);
    s.data = mem;
    s.size = end;
    tu_error err = {0};
    CHECK(tu_surface_fill_hash(&s, seed, &err) == TU_OK, "%s", err.message);
    for (uint32_t L = 0; L < levels; L++) {
        const uint32_t lw = w >> L ? w >> L : 1, lh = h >> L ? h >> L : 1;
        const uint32_t ld = type == TU_SURFACE_3D && d >> L ? d >> L : 1;
        for (uint32_t layer = 0; layer < layers; layer++)
            for (uint32_t sample = 0; sample < samples; sample++)
                for (uint32_t z = 0; z < ld; z++)
                    for (uint32_t y = 0; y < lh; y++)
                        for (uint32_t x = 0; x < lw; x++) {
                            const tu_texel_coord c = {x, y, z, layer, L, sample};
                            const uint8_t *got = tu_surface_texel_pointer(&s, &c),
                                          *want = tu_surface_texel_pointer(&packed.surface, &c);
                            if (!CHECK(got && want)) continue;
                            CHECK(memcmp(got, want, bytes) == 0,
                                  "%s level %u layer %u sample %u (%u,%u,%u)",
                                  tu_format_describe(format)->name, L, layer, sample, x, y, z);
                            memset(in_texel + (got - mem), 1, bytes);
                        }
    }
    uint64_t written = 0;
    for (uint64_t i = 0; i < end; i++)
        written += !in_texel[i] && mem[i] != 0xAB;
    CHECK(written == 0, "%s: %llu bytes between texels were written",
          tu_format_describe(format)->name, (unsigned long long)written);
    free(in_texel);
    free(mem);
    tu_image_free(&packed);
}

static void test_padded_linear(void) {
    const tu_format formats[] = {TU_FORMAT_R8G8B8A8_UNORM, TU_FORMAT_R32G32B32A32_SFLOAT,
                                 TU_FORMAT_R8_UNORM, TU_FORMAT_D16_UNORM};
    for (int f = 0; f < 4; f++) {
        check_padded(TU_SURFACE_2D, true, formats[f], 5, 3, 1, 2, 3, 1);
        check_padded(TU_SURFACE_3D, false, formats[f], 4, 3, 5, 1, 3, 1);
        check_padded(TU_SURFACE_2D, false, formats[f], 3, 2, 1, 1, 1, 4);
        check_padded(TU_SURFACE_1D, false, formats[f], 7, 1, 1, 1, 3, 1);
    }
}

int main(void) {
    TU_RUN(test_pattern_progress);
    TU_RUN(test_pattern_names);
    TU_RUN(test_pattern_levels);
    TU_RUN(test_pattern_checker);
    TU_RUN(test_pattern_gradient);
    TU_RUN(test_pattern_grid);
    TU_RUN(test_hash);
    TU_RUN(test_float_formats);
    TU_RUN(test_field_rules);
    TU_RUN(test_multisample);
    TU_RUN(test_every_format);
    TU_RUN(test_padded_linear);
    TU_RUN(test_invalid);
    return tu_test_finish();
}
