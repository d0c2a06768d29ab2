/* SPDX-License-Identifier: MIT */
/*
 * test_load.c - the integer-coordinate half of the engine, with expected values derived
 * from the rules (vISA spec, 3D_LOAD, INFO and MEDIA_LD; Mesa isl_format_layout.csv,
 * MCS_2X..MCS_16X, and blorp_nir_builder.h, blorp_nir_mcs_is_clear_color; docs/semantics.md):
 * every ld form on every surface type, every out-of-bounds direction, MCS slot remapping and
 * clear colour for every sample count, media block reads of every width class, fields, planes
 * and edges, and resinfo / sampleinfo on every surface type.
 */
#include "texunit/texunit.h"

#include "tu_test.h"

#include <stdlib.h>

/* Every texel of every sample of every level says where it is:
 * R = x + 100 y + 10000 (z or layer), G = sample, B = level, A = 7. */
static tu_image make_where(tu_surface_type type, bool arrayed, uint32_t w, uint32_t h, uint32_t d,
                           uint32_t layers, uint32_t levels, uint32_t samples) {
    tu_image img =
        tu_test_image(type, arrayed, TU_FORMAT_R32G32B32A32_UINT, w, h, d, layers, levels, samples);
    if (!img.memory) return img;
    for (uint32_t L = 0; L < levels; L++) {
        uint32_t lw, lh, ld;
        tu_surface_level_extent(&img.surface, L, &lw, &lh, &ld);
        for (uint32_t layer = 0; layer < layers; layer++)
            for (uint32_t s = 0; s < samples; s++)
                for (uint32_t z = 0; z < ld; z++)
                    for (uint32_t y = 0; y < lh; y++)
                        for (uint32_t x = 0; x < lw; x++) {
                            tu_texel_coord c = {x, y, z, layer, L, s};
                            tu_texel t = {.u = {x + 100 * y + 10000 * (z + layer), s, L, 7}};
                            tu_format_encode(img.surface.format, &t,
                                             (void *)tu_surface_texel_pointer(&img.surface, &c));
                        }
    }
    return img;
}

static tu_msg *new_msg(tu_op op) {
    tu_msg *m = calloc(1, sizeof *m);
    m->op = op, m->simd = 1, m->lane_mask = 1, m->channel_mask = 0xf;
    return m;
}

static tu_texel run(const tu_msg *m, const tu_surface *s) {
    static tu_reply r;
    tu_error err = {0};
    tu_sampler smp = tu_sampler_default();
    tu_texel t = {{0}};
    if (!CHECK(tu_execute(m, s, &smp, &r, &err) == TU_OK, "%s", err.message)) return t;
    for (int c = 0; c < 4; c++)
        t.u[c] = r.channel[c].u[0];
    return t;
}

static void set_uvr(tu_msg *m, int32_t u, int32_t v, int32_t r, int32_t lod) {
    m->src[TU_SRC_U].i[0] = u, m->src[TU_SRC_V].i[0] = v, m->src[TU_SRC_R].i[0] = r;
    m->src[TU_SRC_LOD].i[0] = lod;
}

#define CHECK_TEXEL(t, r, g, b, a)                                                               \
    CHECK((t).u[0] == (uint32_t)(r) && (t).u[1] == (uint32_t)(g) && (t).u[2] == (uint32_t)(b) && \
              (t).u[3] == (uint32_t)(a),                                                         \
          "got %u %u %u %u, want %u %u %u %u", (t).u[0], (t).u[1], (t).u[2], (t).u[3],           \
          (uint32_t)(r), (uint32_t)(g), (uint32_t)(b), (uint32_t)(a))

/* --- ld, ld_lz, ld_l on every surface type ---------------------------------------------- */

static void test_ld_every_type(void) {
    const struct {
        tu_surface_type type;
        bool arrayed;
        uint32_t w, h, d, layers;
        int32_t u, v, r;   /* the message's sources, by vISA spec, 3D_LOAD's U, V and R */
        uint32_t x, y, zl; /* the texel they address (zl: z or layer) */
    } cases[] = {
        {TU_SURFACE_1D, false, 8, 1, 1, 1, 5, 9, 9, 5, 0, 0},     /* v, r ignored */
        {TU_SURFACE_1D, true, 8, 1, 1, 3, 5, 2, 9, 5, 0, 2},      /* v = layer */
        {TU_SURFACE_2D, false, 8, 4, 1, 1, 5, 3, 9, 5, 3, 0},     /* r ignored */
        {TU_SURFACE_2D, true, 8, 4, 1, 3, 5, 3, 1, 5, 3, 1},      /* r = layer */
        {TU_SURFACE_3D, false, 8, 4, 4, 1, 5, 3, 2, 5, 3, 2},     /* r = z */
        {TU_SURFACE_CUBE, false, 4, 4, 1, 6, 1, 2, 5, 1, 2, 5},   /* r = face */
        {TU_SURFACE_CUBE, true, 4, 4, 1, 12, 1, 2, 11, 1, 2, 11}, /* r = 6 cube + face */
        {TU_SURFACE_BUFFER, false, 64, 1, 1, 1, 63, 9, 9, 63, 0, 0},
    };
    const tu_op ops[3] = {TU_OP_LD, TU_OP_LD_LZ, TU_OP_LD_L};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tu_image img = make_where(cases[i].type, cases[i].arrayed, cases[i].w, cases[i].h,
                                  cases[i].d, cases[i].layers, 1, 1);
        for (int o = 0; o < 3; o++) {
            tu_msg *m = new_msg(ops[o]);
            set_uvr(m, cases[i].u, cases[i].v, cases[i].r, 0);
            tu_texel t = run(m, &img.surface);
            CHECK(t.u[0] == cases[i].x + 100 * cases[i].y + 10000 * cases[i].zl && t.u[3] == 7,
                  "case %zu op %d: %u", i, o, t.u[0]);
            free(m);
        }
        tu_image_free(&img);
    }
}

static void test_ld_levels_offsets_oob(void) {
    tu_image img = make_where(TU_SURFACE_3D, false, 8, 8, 4, 1, 3, 1);
    tu_msg *m = new_msg(TU_OP_LD);
    set_uvr(m, 3, 2, 1, 1); /* level 1 is 4x4x2 */
    tu_texel t = run(m, &img.surface);
    CHECK_TEXEL(t, 3 + 200 + 10000, 0, 1, 7);
    m->op = TU_OP_LD_LZ; /* lz ignores the lod source */
    t = run(m, &img.surface);
    CHECK_TEXEL(t, 3 + 200 + 10000, 0, 0, 7);
    /* Immediate offsets add to x, y, z. */
    m->op = TU_OP_LD;
    m->offset[0] = -3, m->offset[1] = 1, m->offset[2] = -1;
    t = run(m, &img.surface);
    CHECK_TEXEL(t, 0 + 300 + 0, 0, 1, 7);
    /* Every direction out of bounds reads zero (R32G32B32A32_UINT has all four). */
    const struct {
        int32_t u, v, r, lod, ox, oy, oz;
    } oob[] = {
        {-1, 0, 0, 0, 0, 0, 0},        {8, 0, 0, 0, 0, 0, 0},          {0, -1, 0, 0, 0, 0, 0},
        {0, 8, 0, 0, 0, 0, 0},         {0, 0, -1, 0, 0, 0, 0},         {0, 0, 4, 0, 0, 0, 0},
        {0, 0, 0, -1, 0, 0, 0},        {0, 0, 0, 3, 0, 0, 0},          {4, 0, 0, 1, 0, 0, 0},
        {7, 0, 0, 0, 1, 0, 0},         {0, 0, 0, 0, 0, -1, 0},         {0, 0, 3, 0, 0, 0, 1},
        {INT32_MAX, 0, 0, 0, 7, 0, 0}, {INT32_MIN, 0, 0, 0, -8, 0, 0},
    };
    for (size_t i = 0; i < sizeof oob / sizeof oob[0]; i++) {
        set_uvr(m, oob[i].u, oob[i].v, oob[i].r, oob[i].lod);
        m->offset[0] = oob[i].ox, m->offset[1] = oob[i].oy, m->offset[2] = oob[i].oz;
        t = run(m, &img.surface);
        CHECK(t.u[0] == 0 && t.u[1] == 0 && t.u[2] == 0 && t.u[3] == 0, "case %zu", i);
    }
    free(m);
    tu_image_free(&img);
    /* Layers out of bounds, and the format's missing components: R32_SFLOAT reads 0 0 0 1. */
    tu_surface desc = {.type = TU_SURFACE_2D,
                       .arrayed = true,
                       .format = TU_FORMAT_R32_SFLOAT,
                       .width = 2,
                       .height = 2,
                       .depth = 1,
                       .layers = 2,
                       .levels = 1,
                       .samples = 1};
    tu_error err = {0};
    CHECK(tu_image_create(&img, &desc, &err) == TU_OK);
    memset(img.memory, 0x3f, img.surface.size); /* every texel 0.746... */
    m = new_msg(TU_OP_LD);
    set_uvr(m, 0, 0, 2, 0);
    t = run(m, &img.surface);
    CHECK(t.f[0] == 0 && t.f[1] == 0 && t.f[2] == 0 && t.f[3] == 1.0f);
    set_uvr(m, 0, 0, -1, 0);
    t = run(m, &img.surface);
    CHECK(t.f[0] == 0 && t.f[3] == 1.0f);
    set_uvr(m, 1, 1, 1, 0);
    t = run(m, &img.surface);
    CHECK(t.f[0] > 0.7f && t.f[3] == 1.0f);
    free(m);
    tu_image_free(&img);
}

/* --- multisample and MCS -------------------------------------------------------------------- */

static tu_surface mcs_surf;
static uint8_t mcs_mem[4096];

/* Attach an MCS surface of the right element size, filled with `value` for pixel (1, 1) of
 * layer 1 and zero elsewhere. */
static void attach_mcs(tu_image *img, uint64_t value) {
    const uint32_t samples = img->surface.samples;
    mcs_surf = (tu_surface){.type = TU_SURFACE_2D,
                            .arrayed = img->surface.arrayed,
                            .format = samples <= 4   ? TU_FORMAT_R8_UINT
                                      : samples == 8 ? TU_FORMAT_R32_UINT
                                                     : TU_FORMAT_R32G32_UINT,
                            .width = img->surface.width,
                            .height = img->surface.height,
                            .depth = 1,
                            .layers = img->surface.layers,
                            .levels = 1,
                            .level_count = 1,
                            .samples = 1};
    uint64_t size;
    tu_surface_layout_packed(&mcs_surf, &size, NULL);
    memset(mcs_mem, 0, sizeof mcs_mem);
    mcs_surf.data = mcs_mem, mcs_surf.size = (size_t)size;
    tu_texel_coord c = {1, 1, 0, 1, 0, 0};
    tu_texel t = {.u = {(uint32_t)value, (uint32_t)(value >> 32)}};
    tu_format_encode(mcs_surf.format, &t, (void *)tu_surface_texel_pointer(&mcs_surf, &c));
    img->surface.mcs = &mcs_surf;
    img->surface.clear_color = (tu_texel){.u = {1111, 2222, 3333, 4444}};
}

static void test_multisample(void) {
    const uint32_t counts[5] = {1, 2, 4, 8, 16};
    for (int k = 0; k < 5; k++) {
        const uint32_t n = counts[k];
        tu_image img = make_where(TU_SURFACE_2D, true, 4, 4, 1, 2, 1, n);
        tu_msg *m = new_msg(TU_OP_LD2DMS_W);
        set_uvr(m, 1, 1, 1, 0);
        /* Without MCS every logical sample is its own slot; the index clamps to n - 1. */
        for (uint32_t si = 0; si < n + 3; si++) {
            m->src[TU_SRC_SI].u[0] = si;
            m->src[TU_SRC_MCSL].u[0] = 0x12345678; /* ignored without an MCS surface */
            tu_texel t = run(m, &img.surface);
            CHECK_TEXEL(t, 1 + 100 + 10000, si < n ? si : n - 1, 0, 7);
        }
        /* ld_mcs without an MCS surface returns 0. */
        m->op = TU_OP_LD_MCS;
        CHECK_TEXEL(run(m, &img.surface), 0, 0, 0, 0);
        if (n == 1) {
            free(m);
            tu_image_free(&img);
            continue;
        }
        /* With an MCS: b bits per sample, slot(s) = (mcs >> s*b) & (2^b - 1). Build an MCS
         * that sends logical sample s to slot (n - 1 - s): the reversal. */
        const unsigned b = n == 2 ? 1 : n == 4 ? 2 : n == 8 ? 3 : 4;
        uint64_t mcs = 0;
        for (uint32_t s = 0; s < n; s++)
            mcs |= (uint64_t)(n - 1 - s) << (s * b);
        if (n == 2) mcs = 0x1; /* 2x reversal is 0b01; 0b11 would be the clear value */
        attach_mcs(&img, mcs);
        tu_error err = {0};
        CHECK(tu_surface_validate(&img.surface, &err) == TU_OK, "%s", err.message);
        /* ld_mcs returns the stored value: R low 32 bits, G high 32 bits. */
        m->op = TU_OP_LD_MCS;
        CHECK_TEXEL(run(m, &img.surface), (uint32_t)mcs, (uint32_t)(mcs >> 32), 0, 0);
        set_uvr(m, 0, 0, 0, 0);
        CHECK_TEXEL(run(m, &img.surface), 0, 0, 0, 0); /* another pixel: 0 */
        set_uvr(m, 4, 0, 0, 0);
        CHECK_TEXEL(run(m, &img.surface), 0, 0, 0, 0); /* outside: 0 */
        /* ld2dms_w with that MCS value in the message. */
        m->op = TU_OP_LD2DMS_W;
        set_uvr(m, 1, 1, 1, 0);
        m->src[TU_SRC_MCSL].u[0] = (uint32_t)mcs, m->src[TU_SRC_MCSH].u[0] = (uint32_t)(mcs >> 32);
        for (uint32_t s = 0; s < n; s++) {
            m->src[TU_SRC_SI].u[0] = s;
            const uint32_t slot = n == 2 ? (s == 0 ? 1 : 0) : n - 1 - s;
            CHECK_TEXEL(run(m, &img.surface), 1 + 100 + 10000, slot, 0, 7);
        }
        /* MCS 0: every sample is in slot 0. */
        m->src[TU_SRC_MCSL].u[0] = m->src[TU_SRC_MCSH].u[0] = 0;
        m->src[TU_SRC_SI].u[0] = n - 1;
        CHECK_TEXEL(run(m, &img.surface), 1 + 100 + 10000, 0, 0, 7);
        /* All ones: the clear colour (2x tests only the low two bits). */
        m->src[TU_SRC_MCSL].u[0] = n == 2 ? 0xfffffff3u : n == 4 ? 0xffu : 0xffffffffu;
        m->src[TU_SRC_MCSH].u[0] = n == 16 ? 0xffffffffu : 0;
        CHECK_TEXEL(run(m, &img.surface), 1111, 2222, 3333, 4444);
        /* Almost all ones is not clear: for 16x a zero high word decodes slots. */
        if (n == 16) {
            m->src[TU_SRC_MCSH].u[0] = 0xfffffffe; /* sample 8's nibble is 0xe */
            m->src[TU_SRC_SI].u[0] = 8;
            CHECK_TEXEL(run(m, &img.surface), 1 + 100 + 10000, 14, 0, 7);
        }
        /* Out of bounds still reads zero, clear or not. */
        set_uvr(m, 1, 4, 1, 0);
        CHECK_TEXEL(run(m, &img.surface), 0, 0, 0, 0);
        set_uvr(m, 1, 1, 1, 1); /* lod 1 of a one-level surface */
        CHECK_TEXEL(run(m, &img.surface), 0, 0, 0, 0);
        /* Plain ld refuses a multisample surface. */
        m->op = TU_OP_LD;
        static tu_reply r;
        tu_sampler smp = tu_sampler_default();
        CHECK_ERR(tu_execute(m, &img.surface, &smp, &r, &err), TU_INVALID_ARGUMENT, &err,
                  "multisample surfaces are read with LD2DMS_W");
        free(m);
        tu_image_free(&img);
    }
}

/* --- the pixel null mask on loads ------------------------------------------------------------- */

static void test_load_null_pages(void) {
    tu_image img = make_where(TU_SURFACE_2D, false, 16, 4, 1, 1, 1, 1); /* 256 B per row */
    uint8_t bits[1] = {0xd};                                            /* page 1 (row 1) null */
    tu_residency res = {bits, 1, 8};
    img.surface.residency = &res;
    tu_msg *m = new_msg(TU_OP_LD);
    m->simd = 4, m->lane_mask = 0xf, m->flags = TU_MSG_PIXEL_NULL_MASK;
    for (int l = 0; l < 4; l++)
        m->src[TU_SRC_U].i[l] = 3, m->src[TU_SRC_V].i[l] = l;
    static tu_reply r;
    tu_error err = {0};
    tu_sampler smp = tu_sampler_default();
    CHECK(tu_execute(m, &img.surface, &smp, &r, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(r.pixel_null_mask, ~2u);
    CHECK(r.channel[0].u[1] == 0 && r.channel[3].u[1] == 0 && r.channel[0].u[2] == 203);
    free(m);
    tu_image_free(&img);
}

static void record_nothing(void *user, const tu_trace_record *rec) {
    (void)user, (void)rec;
}

/* ld of four lanes, plain and traced (the traced message reads every texel through the
 * address gate, the plain one through the direct level); both replies must be `want` (R of
 * each lane) with the pixel null mask `mask`. */
static void ld_lanes(const tu_surface *s, const uint32_t x[4], const uint32_t y[4],
                     const uint32_t want[4], uint32_t mask) {
    tu_msg *m = new_msg(TU_OP_LD);
    m->simd = 4, m->lane_mask = 0xf, m->flags = TU_MSG_PIXEL_NULL_MASK;
    for (int l = 0; l < 4; l++)
        m->src[TU_SRC_U].i[l] = (int32_t)x[l], m->src[TU_SRC_V].i[l] = (int32_t)y[l];
    static tu_reply r;
    tu_error err = {0};
    tu_sampler smp = tu_sampler_default();
    const tu_trace_sink sink = {record_nothing, NULL, NULL, 0, 0};
    for (int traced = 0; traced < 2; traced++) {
        memset(&r, 0xee, sizeof r);
        const tu_status st = traced ? tu_execute_traced(m, s, &smp, &sink, &r, &err)
                                    : tu_execute(m, s, &smp, &r, &err);
        if (!CHECK(st == TU_OK, "%s", err.message)) continue;
        CHECK(r.pixel_null_mask == mask, "%s: null mask 0x%x, want 0x%x",
              traced ? "traced" : "plain", r.pixel_null_mask, mask);
        for (int l = 0; l < 4; l++)
            CHECK(r.channel[0].u[l] == want[l], "%s lane %d: R 0x%x, want 0x%x",
                  traced ? "traced" : "plain", l, r.channel[0].u[l], want[l]);
    }
    free(m);
}

/* A texel or block that touches a non-resident page reads as zero and clears its lane's
 * pixel-null-mask bit, even when its first byte lies on the resident page before it
 * (docs/semantics.md, "Residency"). Pages of 64 bytes: page 0 resident, the others not. */
static void test_load_straddling_page(void) {
    const uint8_t bits[1] = {0x1};
    tu_residency res = {bits, 1, 6};
    /* RGBA32 (16 B), 4 texels a row, the view 8 bytes into memory: texel (3, 0) is bytes
     * 56..71, on pages 0 and 1; (2, 0) is 40..55, on page 0. */
    tu_image img =
        tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R32G32B32A32_UINT, 4, 3, 1, 1, 1, 1);
    uint8_t *mem = img.memory;
    for (size_t i = 0; i < img.surface.size; i++)
        mem[i] = (uint8_t)(i + 1);
    tu_surface s = img.surface;
    s.height = 2, s.level[0].offset = 8, s.residency = &res;
    uint32_t x[4] = {0, 2, 3, 0}, y[4] = {0, 0, 0, 1}, want[4];
    for (int l = 0; l < 3; l++) /* what the resident texels hold: the bytes at their offsets */
        memcpy(&want[l], mem + 8 + 16 * x[l], 4);
    want[2] = want[3] = 0;
    ld_lanes(&s, x, y, want, ~0xcu);
    tu_image_free(&img);
    /* BC1 (8-byte blocks of 4x4), 4 blocks a row, the view 4 bytes in: block (3, 1) is bytes
     * 60..67, on pages 0 and 1; block (2, 1) is 52..59. Every block's colour 0 is white and
     * its indices pick colour 0. */
    img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_BC1_RGB_UNORM_BLOCK, 16, 16, 1, 1, 1, 1);
    uint8_t *b = img.memory;
    for (size_t i = 0; i < img.surface.size; i++)
        b[i] = (i + 4) % 8 < 2 ? 0xff : 0; /* bytes 4 + 8k and 5 + 8k: colour 0 = 0xffff */
    s = img.surface;
    s.height = 12, s.level[0].offset = 4, s.residency = &res;
    const uint32_t one = 0x3f800000u; /* 1.0f: white */
    const uint32_t bx[4] = {8, 12, 15, 0}, by[4] = {4, 4, 7, 8}, bwant[4] = {one, 0, 0, 0};
    ld_lanes(&s, bx, by, bwant, ~0xeu);
    tu_image_free(&img);
}

/* --- resinfo and sampleinfo ---------------------------------------------------------------------
 */

static void test_info(void) {
    const struct {
        tu_surface_type type;
        bool arrayed;
        uint32_t w, h, d, layers, levels, samples;
        uint32_t lod, r, g, b; /* vISA spec, INFO's resinfo table at that LOD; A = levels */
    } cases[] = {
        {TU_SURFACE_1D, false, 13, 1, 1, 1, 4, 1, 2, 3, 0, 0},
        {TU_SURFACE_1D, true, 13, 1, 1, 5, 4, 1, 1, 6, 5, 0},
        {TU_SURFACE_2D, false, 13, 6, 1, 1, 4, 1, 2, 3, 1, 0},
        {TU_SURFACE_2D, true, 13, 6, 1, 7, 4, 1, 3, 1, 1, 7},
        {TU_SURFACE_3D, false, 13, 6, 9, 1, 4, 1, 1, 6, 3, 4},
        {TU_SURFACE_CUBE, false, 8, 8, 1, 6, 4, 1, 1, 4, 4, 1},
        {TU_SURFACE_CUBE, true, 8, 8, 1, 18, 4, 1, 2, 2, 2, 3},
        {TU_SURFACE_BUFFER, false, 100, 1, 1, 1, 1, 1, 0, 100, 0, 0},
        {TU_SURFACE_2D, false, 4, 4, 1, 1, 1, 8, 0, 4, 4, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tu_image img = tu_test_image(cases[i].type, cases[i].arrayed, TU_FORMAT_R8_UNORM,
                                     cases[i].w, cases[i].h, cases[i].d, cases[i].layers,
                                     cases[i].levels, cases[i].samples);
        if (!img.memory) continue;
        tu_msg *m = new_msg(TU_OP_RESINFO);
        m->src[TU_SRC_LOD].u[0] = cases[i].lod;
        tu_texel t = run(m, &img.surface);
        CHECK(t.u[0] == cases[i].r && t.u[1] == cases[i].g && t.u[2] == cases[i].b &&
                  t.u[3] == cases[i].levels,
              "case %zu: %u %u %u %u", i, t.u[0], t.u[1], t.u[2], t.u[3]);
        m->src[TU_SRC_LOD].u[0] = cases[i].levels; /* beyond the view: sizes 0 */
        t = run(m, &img.surface);
        CHECK(t.u[0] == 0 && t.u[1] == 0 && t.u[2] == 0 && t.u[3] == cases[i].levels);
        m->op = TU_OP_SAMPLEINFO;
        t = run(m, &img.surface);
        CHECK(t.u[0] == cases[i].samples && t.u[1] == 0 && t.u[2] == 0 && t.u[3] == 0);
        /* A view based at level 1 counts its levels from there. */
        if (cases[i].levels > 2) {
            img.surface.base_level = 1, img.surface.level_count = cases[i].levels - 1;
            m->op = TU_OP_RESINFO;
            m->src[TU_SRC_LOD].u[0] = 0;
            t = run(m, &img.surface);
            CHECK(t.u[0] == (cases[i].w >> 1) && t.u[3] == cases[i].levels - 1, "case %zu", i);
        }
        free(m);
        tu_image_free(&img);
    }
}

/* --- MEDIA_LD ------------------------------------------------------------------------------------
 */

/* A 2D R8G8B8A8 surface 8x6 whose byte at (row y, byte x) is 16*y + x (x < 32). */
static tu_image make_bytes(void) {
    tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 8, 6, 1, 1, 1, 1);
    uint8_t *p = img.memory;
    for (uint32_t y = 0; y < 6; y++)
        for (uint32_t x = 0; x < 32; x++)
            p[y * 32 + x] = (uint8_t)(y * 40 + x);
    return img;
}

/* The expected byte at row (clamped field row) and byte column xb, element size 4. */
static uint8_t expect_byte(int64_t y_row, int64_t xb) {
    int64_t e = xb >= 0 ? xb / 4 : -((-xb + 3) / 4);
    const int64_t in = xb - e * 4;
    e = e < 0 ? 0 : e > 7 ? 7 : e;
    y_row = y_row < 0 ? 0 : y_row > 5 ? 5 : y_row;
    return (uint8_t)(y_row * 40 + e * 4 + in);
}

static void test_media(void) {
    CHECK_EQ_U(tu_media_pitch(1), 4);
    CHECK_EQ_U(tu_media_pitch(4), 4);
    CHECK_EQ_U(tu_media_pitch(5), 8);
    CHECK_EQ_U(tu_media_pitch(9), 16);
    CHECK_EQ_U(tu_media_pitch(17), 32);
    CHECK_EQ_U(tu_media_pitch(33), 64);
    CHECK_EQ_U(tu_media_pitch(64), 64);
    tu_image img = make_bytes();
    uint8_t dst[64 * 64];
    tu_error err = {0};
    /* Every width class at its largest height, inside, partly outside and fully outside. */
    const uint32_t widths[] = {1, 3, 4, 5, 8, 9, 16, 17, 32, 33, 64};
    const int32_t starts[][2] = {{0, 0}, {5, 1}, {-6, -2}, {20, 4}, {100, 50}, {-70, -9}};
    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++)
        for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++) {
            const uint32_t width = widths[w], pitch = tu_media_pitch(width);
            const uint32_t height = width <= 4    ? 64
                                    : width <= 8  ? 32
                                    : width <= 16 ? 16
                                    : width <= 32 ? 8
                                                  : 4;
            tu_media_read r = {TU_MEDIA_FRAME, 0, width, height, starts[k][0], starts[k][1]};
            memset(dst, 0xee, sizeof dst);
            if (!CHECK(tu_media_block_read(&img.surface, &r, dst, sizeof dst, &err) == TU_OK, "%s",
                       err.message))
                continue;
            for (uint32_t i = 0; i < height; i++)
                for (uint32_t j = 0; j < pitch; j++) {
                    const uint8_t got = dst[i * pitch + j];
                    if (j >= width) {
                        CHECK(got == 0xee, "bytes past the width are left alone");
                        continue;
                    }
                    const uint8_t want = expect_byte(r.y + (int64_t)i, r.x + (int64_t)j);
                    if (!CHECK(got == want, "w %u start (%d,%d) row %u byte %u: %u != %u", width,
                               r.x, r.y, i, j, got, want))
                        i = height;
                }
        }
    /* Fields: the top field reads rows 0, 2, 4; the bottom field rows 1, 3, 5. */
    for (uint32_t mode = TU_MEDIA_TOP_FIELD; mode <= TU_MEDIA_BOTTOM_FIELD; mode++) {
        tu_media_read r = {mode, 0, 4, 5, 0, 0};
        CHECK(tu_media_block_read(&img.surface, &r, dst, sizeof dst, &err) == TU_OK);
        const uint32_t bottom = mode == TU_MEDIA_BOTTOM_FIELD;
        for (uint32_t i = 0; i < 5; i++) {
            const uint32_t row = (i < 2 ? i : 2) * 2 + bottom; /* 3 field rows, clamped */
            CHECK(dst[i * 4] == row * 40, "mode %u row %u: %u", mode, i, dst[i * 4]);
        }
    }
    tu_image_free(&img);

    /* NV12: the luma plane is bytes, the chroma plane UV pairs at half size. */
    tu_surface nv12 = {.width = 6, .height = 5};
    uint64_t size = 0;
    CHECK(tu_surface_layout_planar(&nv12, TU_PLANAR_NV12, &size, &err) == TU_OK);
    CHECK_EQ_U(size, 6 * 5 + 3 * 3 * 2);
    CHECK(nv12.plane[1].width == 3 && nv12.plane[1].height == 3 && nv12.plane[1].offset == 30);
    uint8_t *mem = malloc(size);
    for (uint64_t i = 0; i < size; i++)
        mem[i] = (uint8_t)i;
    nv12.data = mem, nv12.size = (size_t)size, nv12.level_count = 1;
    CHECK(tu_surface_validate(&nv12, &err) == TU_OK, "%s", err.message);
    tu_media_read r = {TU_MEDIA_FRAME, 1, 8, 2, 2, 1}; /* chroma bytes 2..9 of rows 1, 2 */
    CHECK(tu_media_block_read(&nv12, &r, dst, sizeof dst, &err) == TU_OK, "%s", err.message);
    /* Row 1 of the chroma plane starts at 30 + 6; its elements are 2 bytes: bytes 2..5 are
     * elements 1, 2; bytes 6..9 clamp to element 2 (U, V, U, V). */
    const uint8_t want_row[8] = {38, 39, 40, 41, 40, 41, 40, 41};
    CHECK(memcmp(dst, want_row, 8) == 0, "%u %u %u %u %u %u %u %u", dst[0], dst[1], dst[2], dst[3],
          dst[4], dst[5], dst[6], dst[7]);
    CHECK(dst[8] == 44 && dst[9] == 45, "row 2 starts at 30 + 12 + 2: %u", dst[8]);
    r.plane = 0, r.x = 4, r.y = 4, r.width = 4, r.height = 1; /* luma: bytes 28, 29, 29, 29 */
    CHECK(tu_media_block_read(&nv12, &r, dst, sizeof dst, &err) == TU_OK, "%s", err.message);
    CHECK(dst[0] == 28 && dst[1] == 29 && dst[2] == 29 && dst[3] == 29);
    r.plane = 2;
    CHECK_ERR(tu_media_block_read(&nv12, &r, dst, sizeof dst, &err), TU_INVALID_ARGUMENT, &err,
              "media plane 2, but the surface has 2 planes");
    free(mem);

    /* P010: 16-bit elements. */
    tu_surface p010 = {.width = 4, .height = 2};
    CHECK(tu_surface_layout_planar(&p010, TU_PLANAR_P010, &size, &err) == TU_OK);
    CHECK_EQ_U(size, 4 * 2 * 2 + 2 * 1 * 4);
    CHECK(p010.format == TU_FORMAT_R16_UNORM && p010.plane[1].format == TU_FORMAT_R16G16_UNORM);

    /* Refusals, each naming its rule. */
    img = make_bytes();
    const struct {
        tu_media_read r;
        size_t dst_size;
        const char *needle;
    } bad[] = {
        {{1, 0, 4, 4, 0, 0}, 4096, "media modifier 1 is not 0 (none), 2 (top_field) or 3"},
        {{0, 4, 4, 4, 0, 0}, 4096, "media plane 4 is not in 0..3"},
        {{0, 1, 4, 4, 0, 0}, 4096, "media plane 1, but the surface has 1 plane"},
        {{0, 0, 0, 4, 0, 0}, 4096, "media block width 0 is not in 1..64"},
        {{0, 0, 65, 1, 0, 0}, 4096, "media block width 65 is not in 1..64"},
        {{0, 0, 4, 0, 0, 0}, 4096, "media block height 0 is not in 1..64"},
        {{0, 0, 4, 65, 0, 0}, 4096, "media block height 65 is not in 1..64"},
        {{0, 0, 8, 33, 0, 0},
         4096,
         "media block 8x33 is illegal: widths 5-8 bytes allow at most 32"},
        {{0, 0, 16, 17, 0, 0}, 4096, "widths 9-16 bytes allow at most 16 rows"},
        {{0, 0, 20, 9, 0, 0}, 4096, "widths 17-32 bytes allow at most 8 rows"},
        {{0, 0, 33, 5, 0, 0}, 4096, "widths 33-64 bytes allow at most 4 rows"},
        {{0, 0, 8, 4, 0, 0}, 31, "media destination of 31 bytes is smaller than the 32 bytes"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_ERR(tu_media_block_read(&img.surface, &bad[i].r, dst, bad[i].dst_size, &err),
                  TU_INVALID_ARGUMENT, &err, bad[i].needle);
    tu_image_free(&img);
    tu_image cube = make_where(TU_SURFACE_CUBE, false, 4, 4, 1, 6, 1, 1);
    tu_media_read ok = {0, 0, 4, 4, 0, 0};
    CHECK_ERR(tu_media_block_read(&cube.surface, &ok, dst, sizeof dst, &err), TU_INVALID_ARGUMENT,
              &err, "MEDIA_LD reads a 2D surface (vISA spec, MEDIA_LD), not a CUBE surface");
    tu_image_free(&cube);
    tu_image arr = make_where(TU_SURFACE_2D, true, 4, 4, 1, 2, 1, 1);
    CHECK_ERR(tu_media_block_read(&arr.surface, &ok, dst, sizeof dst, &err), TU_INVALID_ARGUMENT,
              &err, "not an arrayed 2D surface");
    tu_image_free(&arr);
}

int main(void) {
    TU_RUN(test_ld_every_type);
    TU_RUN(test_ld_levels_offsets_oob);
    TU_RUN(test_multisample);
    TU_RUN(test_load_null_pages);
    TU_RUN(test_load_straddling_page);
    TU_RUN(test_info);
    TU_RUN(test_media);
    return tu_test_finish();
}
