/* SPDX-License-Identifier: MIT */
/*
 * test_image_format.c - storage image format lowering (texunit/lower.h, "image format
 * conversion"; Mesa isl_storage_image.c, isl_lower_storage_image_format): for every storage format
 * and every generation (IVB, HSW, SKL, Gen11, TGL, DG2, Xe2), on random texels including NaN,
 * infinities, denormals and out-of-range values, a typed load of the lowered format + unpack equals
 * the direct typed load of the original format, and pack + a typed store of the lowered format
 * leaves the same bytes as the direct typed store. Also: isl_lower_storage_image_format's table
 * spot-checked, the raw fallback's address and bounds check against the surface module's gate,
 * and the refusals.
 */
#include "texunit/texunit.h"

#include "tu_test.h"

#include <math.h>
#include <stdlib.h>

static uint64_t rng = 7;

static uint32_t r32(void) {
    return (uint32_t)tu_test_rand(&rng);
}

static tu_target gen(uint32_t verx10) {
    tu_target t = *tu_target_preset(verx10 >= 200 ? "xe2" : verx10 >= 110 ? "tgl" : "skl");
    t.verx10 = verx10;
    return t;
}

static bool same_value(uint32_t a, uint32_t b, bool is_float) {
    if (a == b) return true;
    float fa, fb;
    memcpy(&fa, &a, 4);
    memcpy(&fb, &b, 4);
    return is_float && isnan(fa) && isnan(fb); /* NaN payloads: docs/semantics.md */
}

static float special_float(void) {
    static const float v[] = {NAN,   INFINITY, -INFINITY, -0.0f,    1e-40f, -1e-42f, 2.0f,
                              -3.0f, 1e10f,    65504.0f,  65520.0f, 0.5f,   1.0f,    -1.0f};
    const uint32_t k = r32();
    if (k % 3 == 0) return v[(k >> 8) % (sizeof v / sizeof v[0])];
    return (float)((double)(int32_t)r32() / 2147483648.0 * 1.5);
}

static uint32_t channel_value(tu_format_class cls) {
    if (cls == TU_CLASS_FLOAT) {
        const float f = special_float();
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
    return r32() % 3 ? r32() % 300 - (cls == TU_CLASS_SINT ? 150 : 0) : r32();
}

static void test_loads_and_stores(void) {
    static const uint32_t gens[] = {70, 75, 90, 110, 120, 125, 200};
    tu_reply *ra = calloc(1, sizeof *ra), *rb = calloc(1, sizeof *rb);
    unsigned formats = 0;
    for (int f = 1; f < TU_FORMAT_COUNT; f++) {
        const tu_format_desc *fd = tu_format_describe((tu_format)f);
        bool any = false;
        for (size_t g = 0; g < sizeof gens / sizeof gens[0]; g++) {
            const tu_target t = gen(gens[g]);
            tu_image_lowering l;
            tu_error err = {0};
            if (tu_lower_image_format((tu_format)f, &t, &l, &err) != TU_OK) {
                CHECK(err.status == TU_UNSUPPORTED &&
                      strstr(err.message, "is not a storage image"));
                continue;
            }
            any = true;
            CHECK_EQ_U(tu_format_bytes(l.lowered), fd->bytes);
            tu_image img = tu_test_image(TU_SURFACE_2D, false, (tu_format)f, 8, 4, 1, 1, 1, 1);
            tu_surface lowered = img.surface;
            lowered.format = l.lowered;
            tu_dp_msg *m = calloc(1, sizeof *m);
            m->simd = 32, m->lane_mask = ~0u, m->channel_mask = 0xf;
            for (uint32_t lane = 0; lane < 32; lane++)
                m->addr[0].u[lane] = lane % 8, m->addr[1].u[lane] = lane / 8;
            /* load: random bits in memory */
            for (int round = 0; round < 8; round++) {
                for (size_t i = 0; i < img.surface.size; i++)
                    ((uint8_t *)img.memory)[i] = (uint8_t)r32();
                m->op = TU_DP_TYPED_READ;
                CHECK(tu_dp_execute(m, &img.surface, 1, ra, &err) == TU_OK, "%s", err.message);
                CHECK(tu_dp_execute(m, &lowered, 1, rb, &err) == TU_OK, "%s", err.message);
                for (uint32_t lane = 0; lane < 32; lane++) {
                    const uint32_t in[4] = {rb->channel[0].u[lane], rb->channel[1].u[lane],
                                            rb->channel[2].u[lane], rb->channel[3].u[lane]};
                    tu_texel got;
                    tu_lower_image_unpack(&l, in, &got);
                    for (int c = 0; c < 4; c++)
                        if (!CHECK(same_value(got.u[c], ra->channel[c].u[lane],
                                              fd->format_class == TU_CLASS_FLOAT),
                                   "%s on %u: load lane %u channel %d: 0x%x, direct 0x%x", fd->name,
                                   gens[g], lane, c, got.u[c], ra->channel[c].u[lane]))
                            round = 8, lane = 32;
                }
            }
            /* store: random values of the class, compared byte for byte */
            uint8_t *direct = malloc(img.surface.size);
            for (int round = 0; round < 8; round++) {
                for (uint32_t lane = 0; lane < 32; lane++)
                    for (int c = 0; c < 4; c++)
                        m->data[c].u[lane] = channel_value((tu_format_class)fd->format_class);
                memset(img.memory, 0, img.surface.size);
                m->op = TU_DP_TYPED_WRITE;
                m->lane_mask = 0xff; /* one write per texel: row 0 */
                CHECK(tu_dp_execute(m, &img.surface, 2, ra, &err) == TU_OK, "%s", err.message);
                memcpy(direct, img.memory, img.surface.size);
                memset(img.memory, 0, img.surface.size);
                tu_dp_msg *p = calloc(1, sizeof *p);
                *p = *m;
                for (uint32_t lane = 0; lane < 32; lane++) {
                    tu_texel in;
                    uint32_t out[4];
                    for (int c = 0; c < 4; c++)
                        in.u[c] = m->data[c].u[lane];
                    tu_lower_image_pack(&l, &in, out);
                    for (int c = 0; c < 4; c++)
                        p->data[c].u[lane] = out[c];
                }
                CHECK(tu_dp_execute(p, &lowered, 2, rb, &err) == TU_OK, "%s", err.message);
                CHECK(memcmp(direct, img.memory, img.surface.size) == 0, "%s on %u: store differs",
                      fd->name, gens[g]);
                free(p);
                m->lane_mask = ~0u;
            }
            free(direct);
            free(m);
            tu_image_free(&img);
        }
        formats += any;
    }
    CHECK_EQ_U(formats, 39);
    free(ra);
    free(rb);
}

/* A few rows of isl_lower_storage_image_format, the raw fallback
 * (isl_has_matching_typed_storage_image_format) and the refusals. */
static void test_table(void) {
    static const struct {
        tu_format format;
        uint32_t verx10;
        tu_format lowered;
        bool raw;
    } rows[] = {
        {TU_FORMAT_R32G32B32A32_SFLOAT, 75, TU_FORMAT_R32G32B32A32_UINT, true},
        {TU_FORMAT_R32G32B32A32_SFLOAT, 90, TU_FORMAT_R32G32B32A32_SFLOAT, false},
        {TU_FORMAT_R16G16B16A16_SFLOAT, 70, TU_FORMAT_R32G32_UINT, true},
        {TU_FORMAT_R16G16B16A16_SFLOAT, 75, TU_FORMAT_R16G16B16A16_UINT, false},
        {TU_FORMAT_R32G32_SFLOAT, 80, TU_FORMAT_R16G16B16A16_UINT, false},
        {TU_FORMAT_R8G8B8A8_UNORM, 70, TU_FORMAT_R32_UINT, false},
        {TU_FORMAT_R8G8B8A8_UNORM, 75, TU_FORMAT_R8G8B8A8_UINT, false},
        {TU_FORMAT_R8G8B8A8_UNORM, 90, TU_FORMAT_R32_UINT, false},
        {TU_FORMAT_R8G8B8A8_UNORM, 110, TU_FORMAT_R8G8B8A8_UNORM, false},
        {TU_FORMAT_R16G16B16A16_SNORM, 90, TU_FORMAT_R32G32_UINT, false},
        {TU_FORMAT_R8G8_SNORM, 70, TU_FORMAT_R16_UINT, false},
        {TU_FORMAT_B10G11R11_UFLOAT_PACK32, 120, TU_FORMAT_R32_UINT, false},
        {TU_FORMAT_B10G11R11_UFLOAT_PACK32, 125, TU_FORMAT_B10G11R11_UFLOAT_PACK32, false},
        {TU_FORMAT_R32_SFLOAT, 70, TU_FORMAT_R32_SFLOAT, false},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const tu_target t = gen(rows[i].verx10);
        tu_image_lowering l;
        tu_error err = {0};
        CHECK(tu_lower_image_format(rows[i].format, &t, &l, &err) == TU_OK &&
                  l.lowered == rows[i].lowered && l.raw == rows[i].raw &&
                  l.native == (rows[i].lowered == rows[i].format),
              "row %zu", i);
    }
    tu_error err = {0};
    tu_image_lowering l;
    const tu_target t = gen(90);
    CHECK_ERR(tu_lower_image_format(TU_FORMAT_R8G8B8A8_SRGB, &t, &l, &err), TU_UNSUPPORTED, &err,
              "R8G8B8A8_SRGB is not a storage image format");
    CHECK_ERR(tu_lower_image_format(TU_FORMAT_UNDEFINED, &t, &l, &err), TU_INVALID_ARGUMENT, &err,
              "format 0 is not a format of the table");
    /* the steps in words */
    char text[512];
    CHECK(tu_lower_image_format(TU_FORMAT_R8G8B8A8_UNORM, &t, &l, &err) == TU_OK);
    tu_lower_image_steps(&l, false, text, sizeof text);
    CHECK(strstr(text, "typed read as R32_UINT") && strstr(text, "R bits 0..7 unorm c / (2^n - 1)"),
          "%s", text);
    CHECK(!strstr(text, "pad missing"), "RGBA pads nothing: %s", text);
    tu_lower_image_steps(&l, true, text, sizeof text);
    CHECK(strstr(text, "pack the fields into R32_UINT's channels"), "%s", text);
    /* the padding names only the components the format has not */
    CHECK(tu_lower_image_format(TU_FORMAT_R16G16_UNORM, &t, &l, &err) == TU_OK);
    tu_lower_image_steps(&l, false, text, sizeof text);
    CHECK(strstr(text, "; pad missing B = 0, A = 1") && !strstr(text, "G, B"), "%s", text);
    CHECK(tu_lower_image_format(TU_FORMAT_R32_UINT, &t, &l, &err) == TU_OK && l.native);
    tu_lower_image_steps(&l, false, text, sizeof text);
    CHECK(strstr(text, "; pad missing G, B = 0, A = 1"), "%s", text);
    CHECK(tu_lower_image_format(TU_FORMAT_B10G11R11_UFLOAT_PACK32, &t, &l, &err) == TU_OK);
    tu_lower_image_steps(&l, false, text, sizeof text);
    CHECK(strstr(text, "; pad missing A = 1") && !strstr(text, "= 0"), "%s", text);
    CHECK(tu_lower_image_format(TU_FORMAT_R16G16B16A16_SFLOAT, &t, &l, &err) == TU_OK && l.native);
    tu_lower_image_steps(&l, false, text, sizeof text);
    CHECK(!strstr(text, "pad missing"), "RGBA pads nothing: %s", text);
    CHECK_ERR(tu_lower_image_format((tu_format)100000, &t, &l, &err), TU_INVALID_ARGUMENT, &err,
              "format 100000 is not a format of the table (1..");
}

/* Mesa image_address, linear: the raw address equals the surface gate's offset inside, and
 * the bounds check. */
static void test_raw_address(void) {
    tu_image img =
        tu_test_image(TU_SURFACE_2D, true, TU_FORMAT_R32G32B32A32_SFLOAT, 5, 3, 1, 4, 2, 1);
    tu_error err = {0};
    for (int i = 0; i < 500; i++) {
        tu_texel_coord c = {r32() % 7, r32() % 5, 0, r32() % 6, r32() % 3, 0};
        uint64_t a, want;
        bool inside;
        CHECK(tu_lower_image_address(&img.surface, &c, &a, &inside, &err) == TU_OK);
        const bool gate = tu_surface_texel_offset(&img.surface, &c, &want, NULL) == TU_OK;
        CHECK(inside == gate && (!inside || a == want), "(%u, %u) layer %u level %u", c.x, c.y,
              c.layer, c.level);
    }
    tu_texel_coord c = {0, 0, 0, 0, 0, 0};
    uint64_t a;
    bool inside;
    CHECK_ERR(tu_lower_image_address(NULL, &c, &a, &inside, &err), TU_INVALID_ARGUMENT, &err,
              "must not be NULL");
    img.surface.tiling = TU_TILING_INTEL_Y;
    CHECK_ERR(tu_lower_image_address(&img.surface, &c, &a, &inside, &err), TU_UNSUPPORTED, &err,
              "surface tiling y (3) is not linear");
    img.surface.tiling = TU_TILING_LINEAR;
    tu_image_free(&img);
}

int main(void) {
    rng = tu_test_seed(rng);
    TU_RUN(test_table);
    TU_RUN(test_raw_address);
    TU_RUN(test_loads_and_stores);
    return tu_test_finish();
}
