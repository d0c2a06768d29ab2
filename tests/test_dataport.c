/* SPDX-License-Identifier: MIT */
/*
 * test_dataport.c - the data port (texunit/dataport.h), with expected values derived from the
 * rules: every atomic op against a reference written here from the table of
 * vISA spec, DWORD_ATOMIC, atomic operations; typed writes against the format table's encoder and
 * typed reads against its decoder (the conversions Vulkan's image stores and loads use) on every
 * typed format with random, NaN, infinite and out-of-range values; partial channel writes;
 * the coordinates of every surface type; ascending lane order for writes and atomics;
 * out-of-bounds reads, writes and atomics (per dword for bytes ops); and every refusal,
 * with the memory compared before and after.
 */
#include "texunit/texunit.h"

#include "tu_test.h"

#include <math.h>
#include <stdlib.h>

static tu_dp_msg *new_msg(tu_dp_op op, uint32_t simd) {
    tu_dp_msg *m = calloc(1, sizeof *m);
    m->op = op, m->simd = simd, m->channel_mask = 0xf, m->bytes = 4;
    m->lane_mask = simd == 32 ? 0xffffffffu : (1u << simd) - 1;
    return m;
}

static uint32_t fbits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bitsf(uint32_t u) {
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* A buffer of `bytes` bytes as R8_UINT texels, filled with i * 7 + 1. */
static tu_image make_buffer(uint32_t bytes) {
    tu_image img = tu_test_image(TU_SURFACE_BUFFER, false, TU_FORMAT_R8_UINT, bytes, 1, 1, 1, 1, 1);
    for (uint32_t i = 0; img.memory && i < bytes; i++)
        ((uint8_t *)img.memory)[i] = (uint8_t)(i * 7 + 1);
    return img;
}

static uint32_t mem32(const tu_image *img, uint32_t at) {
    const uint8_t *p = (const uint8_t *)img->memory + at;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* --- atomics: the table's rules, written independently ------------------------------------ */

/* The new memory value and the returned value of op, from the rows of IGC's Get_Atomic_Op and the
 * vISA spec, DWORD_ATOMIC. */
static uint32_t reference_atomic(tu_atomic op, uint32_t old, uint32_t a, uint32_t b,
                                 uint32_t *ret) {
    const int64_t so = (int32_t)old, sa = (int32_t)a;
    uint32_t next = old;
    const char *n = tu_atomic_describe(op)->name;
    if (!strcmp(n, "ADD")) next = (uint32_t)((uint64_t)old + a);
    if (!strcmp(n, "SUB")) next = (uint32_t)((uint64_t)old + (~(uint64_t)a + 1));
    if (!strcmp(n, "INC")) next = (uint32_t)((uint64_t)old + 1);
    if (!strcmp(n, "DEC") || !strcmp(n, "PREDEC")) next = (uint32_t)((uint64_t)old + 0xffffffffu);
    if (!strcmp(n, "UMIN")) next = (uint64_t)a < (uint64_t)old ? a : old;
    if (!strcmp(n, "UMAX")) next = (uint64_t)a > (uint64_t)old ? a : old;
    if (!strcmp(n, "IMIN")) next = sa < so ? a : old;
    if (!strcmp(n, "IMAX")) next = sa > so ? a : old;
    if (!strcmp(n, "XCHG") || !strcmp(n, "STORE")) next = a; /* LOAD keeps old */
    if (!strcmp(n, "CMPXCHG")) next = old == a ? b : old;
    if (!strcmp(n, "AND")) next = old & a;
    if (!strcmp(n, "OR")) next = old | a;
    if (!strcmp(n, "XOR")) next = old ^ a;
    const double fo = bitsf(old), fa = bitsf(a);
    /* exact in double, rounded once; a NaN result is the canonical quiet NaN */
    if (!strcmp(n, "FADD")) next = isnan(fo + fa) ? 0x7fc00000u : fbits((float)(fo + fa));
    if (!strcmp(n, "FSUB")) next = isnan(fo - fa) ? 0x7fc00000u : fbits((float)(fo - fa));
    if (!strcmp(n, "FCMPXCHG")) next = fo == fa ? b : old;
    if (!strcmp(n, "FMIN") || !strcmp(n, "FMAX")) {
        const bool want_max = n[1] == 'M' && n[2] == 'A';
        if (isnan(fa))
            next = old;
        else if (isnan(fo))
            next = a;
        else if (fo == fa) /* equal: only +0 and -0 differ; -0 is the smaller */
            next = want_max ? ((old >> 31) ? a : old) : ((old >> 31) ? old : a);
        else
            next = (want_max ? fa > fo : fa < fo) ? a : old;
    }
    *ret = !strcmp(n, "PREDEC") ? next : old;
    return next;
}

static void test_atomic_table(void) {
    uint64_t seed = tu_test_seed(1);
    static const uint32_t special[] = {0,           1,           0x7fffffffu, 0x80000000u,
                                       0xffffffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                       0x00000001u, 0x3f800000u, 0xbf800000u, 0x00800000u};
    const unsigned nspecial = sizeof special / sizeof special[0];
    for (int op = 0; op < TU_ATOMIC_COUNT; op++) {
        const tu_atomic_info *info = tu_atomic_describe((tu_atomic)op);
        CHECK(info && info->operands <= 2);
        for (unsigned i = 0; i < 3000; i++) {
            uint32_t old, a, b;
            if (i < nspecial * nspecial) {
                old = special[i % nspecial], a = special[i / nspecial];
            } else {
                old = (uint32_t)tu_test_rand(&seed), a = (uint32_t)tu_test_rand(&seed);
            }
            b = (uint32_t)tu_test_rand(&seed);
            if (i % 5 == 0) a = old; /* the compare-exchanges' equal case */
            uint32_t want_ret, got_ret;
            const uint32_t want = reference_atomic((tu_atomic)op, old, a, b, &want_ret);
            const uint32_t got = tu_atomic_apply((tu_atomic)op, old, a, b, &got_ret);
            if (!CHECK(got == want && got_ret == want_ret,
                       "%s old 0x%x a 0x%x b 0x%x: new 0x%x ret 0x%x, want 0x%x 0x%x", info->name,
                       old, a, b, got, got_ret, want, want_ret))
                break;
        }
    }
    CHECK(tu_atomic_describe(TU_ATOMIC_COUNT) == NULL);
    CHECK(tu_atomic_describe(TU_ATOMIC_PREDEC)->returns_new);
    CHECK(!tu_atomic_describe(TU_ATOMIC_DEC)->returns_new);
    CHECK_EQ_U(tu_atomic_describe(TU_ATOMIC_CMPXCHG)->operands, 2);
    CHECK_EQ_U(tu_atomic_describe(TU_ATOMIC_INC)->operands, 0);
}

/* --- untyped atomics: every op, lanes in ascending order ---------------------------------- */

static void test_untyped_atomics_lane_order(void) {
    tu_reply *r = calloc(1, sizeof *r);
    tu_error err = {0};
    for (int op = 0; op < TU_ATOMIC_COUNT; op++) {
        tu_image img = make_buffer(64);
        tu_dp_msg *m = new_msg(TU_DP_UNTYPED_ATOMIC, 16);
        m->atomic = (uint32_t)op;
        uint64_t seed = tu_test_seed(77 + (uint64_t)op);
        uint32_t model[16];
        for (uint32_t d = 0; d < 16; d++)
            model[d] = mem32(&img, 4 * d);
        uint32_t want_ret[16];
        /* lanes 0..15: lanes 0..11 all on dword 3 (a histogram bin), the rest on their own */
        for (uint32_t lane = 0; lane < 16; lane++) {
            const uint32_t dword = lane < 12 ? 3 : lane;
            m->addr[0].u[lane] = 4 * dword;
            m->data[0].u[lane] = (uint32_t)tu_test_rand(&seed) % 8;
            m->data[1].u[lane] = (uint32_t)tu_test_rand(&seed);
            if (lane == 5) m->data[0].u[lane] = model[dword]; /* some compares succeed */
            model[dword] = reference_atomic((tu_atomic)op, model[dword], m->data[0].u[lane],
                                            m->data[1].u[lane], &want_ret[lane]);
        }
        m->lane_mask = 0xffffu & ~(1u << 7); /* lane 7 disabled: it neither applies nor returns */
        for (uint32_t d = 0; d < 16; d++)
            model[d] = mem32(&img, 4 * d);
        for (uint32_t lane = 0; lane < 16; lane++) {
            if (lane == 7) continue;
            const uint32_t dword = lane < 12 ? 3 : lane;
            model[dword] = reference_atomic((tu_atomic)op, model[dword], m->data[0].u[lane],
                                            m->data[1].u[lane], &want_ret[lane]);
        }
        r->channel[0].u[7] = 0xdeadbeef;
        CHECK(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_READ | TU_DP_ACCESS_WRITE, r, &err) ==
                  TU_OK,
              "%s", err.message);
        for (uint32_t lane = 0; lane < 16; lane++)
            if (lane != 7)
                CHECK(r->channel[0].u[lane] == want_ret[lane], "%s lane %u: 0x%x, want 0x%x",
                      tu_atomic_describe((tu_atomic)op)->name, lane, r->channel[0].u[lane],
                      want_ret[lane]);
        CHECK_EQ_U(r->channel[0].u[7], 0xdeadbeef);
        for (uint32_t d = 0; d < 16; d++)
            CHECK(mem32(&img, 4 * d) == model[d], "%s dword %u",
                  tu_atomic_describe((tu_atomic)op)->name, d);
        free(m);
        tu_image_free(&img);
    }
    free(r);
}

/* A SIMD16 histogram: every lane adds 1 to one bin and gets the count before it. */
static void test_histogram(void) {
    tu_image img = tu_test_image(TU_SURFACE_BUFFER, false, TU_FORMAT_R32_UINT, 4, 1, 1, 1, 1, 1);
    tu_dp_msg *m = new_msg(TU_DP_UNTYPED_ATOMIC, 16);
    tu_reply *r = calloc(1, sizeof *r);
    tu_error err = {0};
    m->atomic = TU_ATOMIC_INC;
    for (uint32_t lane = 0; lane < 16; lane++)
        m->addr[0].u[lane] = lane % 3 == 0 ? 4 : 8; /* bins 1 and 2 */
    CHECK(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_READ | TU_DP_ACCESS_WRITE, r, &err) == TU_OK,
          "%s", err.message);
    uint32_t seen[3] = {0};
    for (uint32_t lane = 0; lane < 16; lane++) {
        const uint32_t bin = lane % 3 == 0 ? 1 : 2;
        CHECK_EQ_U(r->channel[0].u[lane], seen[bin]);
        seen[bin]++;
    }
    CHECK_EQ_U(mem32(&img, 0), 0);
    CHECK_EQ_U(mem32(&img, 4), seen[1]);
    CHECK_EQ_U(mem32(&img, 8), seen[2]);
    CHECK_EQ_U(seen[1] + seen[2], 16);
    free(r);
    free(m);
    tu_image_free(&img);
}

/* --- typed writes and reads: the format's encoder and decoder ------------------------------ */

static uint32_t random_component(uint64_t *seed, tu_format_class cls) {
    static const float specials[] = {NAN,    INFINITY, -INFINITY, -0.0f,      0.0f,
                                     1.0f,   -1.0f,    0.5f,      2.0f,       -3.0f,
                                     1e-40f, 65504.0f, 1e10f,     0.49999997f};
    const uint64_t r = tu_test_rand(seed);
    if (cls == TU_CLASS_FLOAT) {
        if (r % 3 == 0) return fbits(specials[(r >> 8) % (sizeof specials / sizeof specials[0])]);
        return fbits((float)((double)(int32_t)(r >> 16) / 1e9 * 3.0));
    }
    if (r % 4 == 0) return (uint32_t)(r >> 32) & 0x1ff; /* small: inside 8- and 16-bit ranges */
    return (uint32_t)(r >> 16);
}

static void test_typed_write_read_every_format(void) {
    tu_reply *r = calloc(1, sizeof *r);
    tu_error err = {0};
    unsigned formats = 0;
    for (int f = 1; f < TU_FORMAT_COUNT; f++) {
        const tu_format_desc *fd = tu_format_describe((tu_format)f);
        if (!tu_dp_format_typed((tu_format)f)) continue;
        formats++;
        tu_image img = tu_test_image(TU_SURFACE_2D, false, (tu_format)f, 8, 4, 1, 1, 1, 1);
        const uint32_t bytes = fd->bytes;
        uint64_t seed = tu_test_seed((uint64_t)f * 1000003u);
        /* fill memory with random bytes: what disabled channels must keep */
        for (size_t i = 0; i < img.surface.size; i++)
            ((uint8_t *)img.memory)[i] = (uint8_t)tu_test_rand(&seed);
        uint8_t *before = malloc(img.surface.size);
        memcpy(before, img.memory, img.surface.size);
        tu_dp_msg *m = new_msg(TU_DP_TYPED_WRITE, 8);
        m->channel_mask = 1 + (uint32_t)(f % 15); /* every mask over the formats */
        for (uint32_t lane = 0; lane < 8; lane++) {
            m->addr[0].u[lane] = lane, m->addr[1].u[lane] = lane % 4;
            for (int c = 0; c < 4; c++)
                m->data[c].u[lane] = random_component(&seed, (tu_format_class)fd->format_class);
        }
        CHECK(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_WRITE, r, &err) == TU_OK, "%s: %s",
              fd->name, err.message);
        /* expected memory: the encoded texel's enabled fields over the old bytes */
        for (uint32_t lane = 0; lane < 8; lane++) {
            tu_texel_coord c = {lane, lane % 4, 0, 0, 0, 0};
            uint64_t off;
            tu_surface_texel_offset(&img.surface, &c, &off, NULL);
            tu_texel in;
            for (int k = 0; k < 4; k++)
                in.u[k] = m->data[k].u[lane];
            uint8_t enc[16], want[16];
            tu_format_encode((tu_format)f, &in, enc);
            memcpy(want, before + off, bytes);
            for (unsigned i = 0; i < fd->channel_count; i++) {
                const tu_channel *ch = &fd->channels[i];
                if (ch->component > TU_COMPONENT_A || !(m->channel_mask >> ch->component & 1))
                    continue;
                for (unsigned bit = ch->shift; bit < ch->shift + ch->bits; bit++) {
                    const uint8_t mask = (uint8_t)(1u << (bit & 7));
                    want[bit >> 3] = (uint8_t)((want[bit >> 3] & ~mask) | (enc[bit >> 3] & mask));
                }
            }
            CHECK(memcmp((uint8_t *)img.memory + off, want, bytes) == 0, "%s lane %u mask 0x%x",
                  fd->name, lane, m->channel_mask);
        }
        /* then read every channel back: the decoder's values */
        m->op = TU_DP_TYPED_READ;
        m->channel_mask = 0xf;
        CHECK(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_READ, r, &err) == TU_OK, "%s",
              err.message);
        CHECK_EQ_U(r->value_class, fd->format_class);
        for (uint32_t lane = 0; lane < 8; lane++) {
            tu_texel_coord c = {lane, lane % 4, 0, 0, 0, 0};
            tu_texel want;
            tu_format_decode((tu_format)f, tu_surface_texel_pointer(&img.surface, &c), &want);
            for (int k = 0; k < 4; k++)
                CHECK(r->channel[k].u[lane] == want.u[k], "%s lane %u channel %d", fd->name, lane,
                      k);
        }
        free(before);
        free(m);
        tu_image_free(&img);
    }
    CHECK(formats >= 40, "only %u typed formats", formats);
    free(r);
}

/* Round to nearest even and clamp (vISA spec, SCATTER4_TYPED): a few values by hand-applied
 * rules on R8G8B8A8_UNORM / SNORM, R16_SFLOAT and R8_UINT / R8_SINT. */
static void test_typed_write_rounding(void) {
    tu_reply *r = calloc(1, sizeof *r);
    tu_error err = {0};
    struct {
        tu_format format;
        uint32_t value;
        uint32_t want; /* the stored R field, derived in the comment */
    } rows[] = {
        {TU_FORMAT_R8_UNORM, 0x3f000000u /* 0.5 */, 128},     /* 127.5 ties to even 128 */
        {TU_FORMAT_R8_SNORM, 0xbf000000u /* -0.5 */, 0xc0},   /* -63.5 -> -64 */
        {TU_FORMAT_R16_UNORM, 0x3f000000u /* 0.5 */, 0x8000}, /* 32767.5 -> 32768 */
        {TU_FORMAT_R8_UNORM, 0x40000000u /* 2.0 */, 255},     /* saturate */
        {TU_FORMAT_R8_UNORM, 0x7fc00000u /* NaN */, 0},
        {TU_FORMAT_R8_SNORM, 0xc0000000u /* -2.0 */, 0x81}, /* clamp -1 -> -127 */
        {TU_FORMAT_R8_SNORM, 0x3f000000u /* 0.5 */, 64},    /* 63.5 -> 64 */
        {TU_FORMAT_R8_UINT, 300, 255},                      /* unsigned clamp */
        {TU_FORMAT_R8_SINT, (uint32_t)-300, 0x80},          /* signed clamp -128 */
        {TU_FORMAT_R8_SINT, 300, 0x7f},
        {TU_FORMAT_R16_SFLOAT, 0x477fe000u /* 65504 */, 0x7bff},
        {TU_FORMAT_R16_SFLOAT, 0x47800000u /* 65536 */, 0x7c00}, /* overflow to infinity */
        {TU_FORMAT_R16_SFLOAT, 0x33800000u /* 2^-24 */, 0x0001}, /* the smallest denormal */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        tu_image img = tu_test_image(TU_SURFACE_1D, false, rows[i].format, 4, 1, 1, 1, 1, 1);
        tu_dp_msg *m = new_msg(TU_DP_TYPED_WRITE, 1);
        m->channel_mask = 1;
        m->addr[0].u[0] = 2;
        m->data[0].u[0] = rows[i].value;
        CHECK(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_WRITE, r, &err) == TU_OK, "%s",
              err.message);
        const uint32_t bytes = tu_format_bytes(rows[i].format);
        uint32_t got = 0;
        memcpy(&got, (uint8_t *)img.memory + 2 * bytes, bytes);
        CHECK(got == rows[i].want, "row %zu (%s): 0x%x, want 0x%x", i,
              tu_format_describe(rows[i].format)->name, got, rows[i].want);
        free(m);
        tu_image_free(&img);
    }
    free(r);
}

/* Coordinates per surface type land where tu_surface_texel_offset says. */
static void test_typed_coordinates(void) {
    struct {
        tu_surface_type type;
        bool arrayed;
        uint32_t w, h, d, layers;
        uint32_t u, v, r, lod;
        tu_texel_coord want;
    } rows[] = {
        {TU_SURFACE_BUFFER, false, 16, 1, 1, 1, 9, 5, 5, 0, {9, 0, 0, 0, 0, 0}},
        {TU_SURFACE_1D, false, 16, 1, 1, 1, 5, 5, 5, 1, {5, 0, 0, 0, 1, 0}},
        {TU_SURFACE_1D, true, 16, 1, 1, 3, 9, 2, 5, 0, {9, 0, 0, 2, 0, 0}},
        {TU_SURFACE_2D, false, 8, 8, 1, 1, 3, 2, 5, 1, {3, 2, 0, 0, 1, 0}},
        {TU_SURFACE_2D, true, 8, 8, 1, 4, 3, 4, 3, 0, {3, 4, 0, 3, 0, 0}},
        {TU_SURFACE_3D, false, 8, 8, 4, 1, 3, 4, 2, 0, {3, 4, 2, 0, 0, 0}},
        {TU_SURFACE_CUBE, false, 4, 4, 1, 6, 1, 2, 5, 0, {1, 2, 0, 5, 0, 0}},
        {TU_SURFACE_CUBE, true, 4, 4, 1, 12, 1, 1, 10, 1, {1, 1, 0, 10, 1, 0}},
    };
    tu_reply *r = calloc(1, sizeof *r);
    tu_error err = {0};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const uint32_t levels = rows[i].type == TU_SURFACE_BUFFER ? 1 : 2;
        tu_image img = tu_test_image(rows[i].type, rows[i].arrayed, TU_FORMAT_R32_UINT, rows[i].w,
                                     rows[i].h, rows[i].d, rows[i].layers, levels, 1);
        tu_dp_msg *m = new_msg(TU_DP_TYPED_WRITE, 1);
        m->addr[0].u[0] = rows[i].u, m->addr[1].u[0] = rows[i].v, m->addr[2].u[0] = rows[i].r;
        m->addr[3].u[0] = rows[i].lod;
        m->data[0].u[0] = 0xC0FFEE11u + (uint32_t)i;
        CHECK(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_WRITE, r, &err) == TU_OK, "row %zu: %s",
              i, err.message);
        uint64_t off;
        CHECK(tu_surface_texel_offset(&img.surface, &rows[i].want, &off, NULL) == TU_OK);
        CHECK(mem32(&img, (uint32_t)off) == 0xC0FFEE11u + i, "row %zu", i);
        uint32_t nonzero = 0;
        for (size_t b = 0; b < img.surface.size; b++)
            nonzero += ((uint8_t *)img.memory)[b] != 0;
        CHECK(nonzero == 4, "row %zu: %u bytes written", i, nonzero);
        free(m);
        tu_image_free(&img);
    }
    free(r);
}

/* Two lanes writing one texel: the higher lane's value stays. */
static void test_write_lane_order(void) {
    tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R32_UINT, 4, 4, 1, 1, 1, 1);
    tu_dp_msg *m = new_msg(TU_DP_TYPED_WRITE, 8);
    tu_reply *r = calloc(1, sizeof *r);
    tu_error err = {0};
    for (uint32_t lane = 0; lane < 8; lane++)
        m->addr[0].u[lane] = 1, m->addr[1].u[lane] = 2, m->data[0].u[lane] = 100 + lane;
    m->lane_mask = 0x5a; /* lanes 1, 3, 4, 6 */
    CHECK(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_WRITE, r, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(mem32(&img, (2 * 4 + 1) * 4), 106);
    /* the same for untyped writes to one dword */
    tu_image buf = make_buffer(32);
    m->op = TU_DP_UNTYPED_WRITE;
    m->channel_mask = 1;
    for (uint32_t lane = 0; lane < 8; lane++)
        m->addr[0].u[lane] = 8;
    CHECK(tu_dp_execute(m, &buf.surface, TU_DP_ACCESS_WRITE, r, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(mem32(&buf, 8), 106);
    free(r);
    free(m);
    tu_image_free(&img);
    tu_image_free(&buf);
}

/* --- out of bounds ------------------------------------------------------------------------ */

static void test_typed_out_of_bounds(void) {
    tu_reply *r = calloc(1, sizeof *r);
    tu_error err = {0};
    const tu_format formats[] = {TU_FORMAT_R8G8B8A8_UNORM, TU_FORMAT_R32_SINT};
    for (int fi = 0; fi < 2; fi++) {
        tu_image img = tu_test_image(TU_SURFACE_2D, true, formats[fi], 4, 4, 1, 2, 2, 1);
        memset(img.memory, 0x5a, img.surface.size);
        uint8_t *before = malloc(img.surface.size);
        memcpy(before, img.memory, img.surface.size);
        tu_dp_msg *m = new_msg(TU_DP_TYPED_READ, 6);
        /* x, y, layer, lod outside in turn; -1 is a huge unsigned coordinate */
        const uint32_t coords[6][4] = {{4, 0, 0, 0}, {0, 4, 0, 0}, {0, 0, 2, 0},
                                       {0, 0, 0, 2}, {2, 0, 0, 1}, {(uint32_t)-1, 0, 0, 0}};
        for (uint32_t lane = 0; lane < 6; lane++)
            for (int a = 0; a < 4; a++)
                m->addr[a].u[lane] = coords[lane][a];
        CHECK(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_READ, r, &err) == TU_OK, "%s",
              err.message);
        const bool is_float = tu_format_describe(formats[fi])->format_class == TU_CLASS_FLOAT;
        for (uint32_t lane = 0; lane < 6; lane++) {
            CHECK(r->channel[0].u[lane] == 0 && r->channel[1].u[lane] == 0 &&
                      r->channel[2].u[lane] == 0,
                  "lane %u", lane);
            CHECK(r->channel[3].u[lane] == (is_float ? fbits(1.0f) : 1u), "lane %u alpha 0x%x",
                  lane, r->channel[3].u[lane]);
        }
        m->op = TU_DP_TYPED_WRITE;
        CHECK(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_WRITE, r, &err) == TU_OK, "%s",
              err.message);
        CHECK(memcmp(before, img.memory, img.surface.size) == 0, "an out-of-bounds write landed");
        free(before);
        free(m);
        tu_image_free(&img);
    }
    /* an atomic out of bounds returns 0 and changes nothing */
    tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R32_UINT, 2, 2, 1, 1, 1, 1);
    memset(img.memory, 0x11, img.surface.size);
    tu_dp_msg *m = new_msg(TU_DP_TYPED_ATOMIC, 2);
    m->atomic = TU_ATOMIC_XCHG;
    m->addr[0].u[0] = 2, m->addr[0].u[1] = 1; /* lane 0 outside, lane 1 inside */
    m->data[0].u[0] = m->data[0].u[1] = 7;
    CHECK(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_READ | TU_DP_ACCESS_WRITE, r, &err) == TU_OK,
          "%s", err.message);
    CHECK_EQ_U(r->channel[0].u[0], 0);
    CHECK_EQ_U(r->channel[0].u[1], 0x11111111u);
    CHECK_EQ_U(mem32(&img, 0), 0x11111111u);
    CHECK_EQ_U(mem32(&img, 4), 7);
    free(m);
    tu_image_free(&img);
    free(r);
}

/* Buffers are bounded per dword (vISA spec, GATHER_SCALED): a 10-byte buffer has whole dwords at 0
 * and 4; bytes 8 and 9 share a dword that reaches past the end. */
static void test_bytes_out_of_bounds(void) {
    tu_reply *r = calloc(1, sizeof *r);
    tu_error err = {0};
    tu_image img = make_buffer(10);
    tu_dp_msg *m = new_msg(TU_DP_SCATTERED_READ, 8);
    m->bytes = 1;
    const uint32_t at[8] = {0, 3, 7, 8, 9, 12, 0xfffffffcu, 5};
    for (uint32_t lane = 0; lane < 8; lane++)
        m->addr[0].u[lane] = at[lane];
    CHECK(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_READ, r, &err) == TU_OK, "%s", err.message);
    for (uint32_t lane = 0; lane < 8; lane++) {
        /* inside when its dword (at & ~3) .. +4 fits the 10 bytes: at < 8 */
        const uint32_t want =
            ((uint64_t)at[lane] & ~3ull) + 4 <= 10 ? (uint8_t)(at[lane] * 7 + 1) : 0;
        CHECK(r->channel[0].u[lane] == want, "byte lane %u at %u: 0x%x, want 0x%x", lane, at[lane],
              r->channel[0].u[lane], want);
    }
    /* 16-bit reads zero-extend */
    m->bytes = 2;
    m->addr[0].u[0] = 6;
    m->lane_mask = 1;
    CHECK(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_READ, r, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(r->channel[0].u[0], (uint32_t)(6 * 7 + 1) | (uint32_t)(7 * 7 + 1) << 8);
    /* untyped RGBA from 0: R, G inside, B (bytes 8..11) and A outside */
    m->op = TU_DP_UNTYPED_READ;
    m->addr[0].u[0] = 0;
    CHECK(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_READ, r, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(r->channel[0].u[0], mem32(&img, 0));
    CHECK_EQ_U(r->channel[1].u[0], mem32(&img, 4));
    CHECK_EQ_U(r->channel[2].u[0], 0);
    CHECK_EQ_U(r->channel[3].u[0], 0);
    /* writes: R and G land, B and A are dropped; scattered byte writes to 8 and 9 dropped */
    uint8_t before[10];
    memcpy(before, img.memory, 10);
    m->op = TU_DP_UNTYPED_WRITE;
    m->channel_mask = 0xb; /* R, G, A */
    for (int c = 0; c < 4; c++)
        m->data[c].u[0] = 0xA0A0A0A0u + (uint32_t)c;
    CHECK(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_WRITE, r, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(mem32(&img, 0), 0xA0A0A0A0u);
    CHECK_EQ_U(mem32(&img, 4), 0xA0A0A0A1u);
    CHECK(memcmp((uint8_t *)img.memory + 8, before + 8, 2) == 0);
    m->op = TU_DP_SCATTERED_WRITE;
    m->bytes = 1;
    m->simd = 3;
    m->lane_mask = 7;
    m->addr[0].u[0] = 8, m->addr[0].u[1] = 9, m->addr[0].u[2] = 1;
    m->data[0].u[0] = m->data[0].u[1] = m->data[0].u[2] = 0x1234;
    CHECK(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_WRITE, r, &err) == TU_OK, "%s", err.message);
    CHECK(memcmp((uint8_t *)img.memory + 8, before + 8, 2) == 0);
    CHECK_EQ_U(((uint8_t *)img.memory)[1], 0x34); /* only the low byte */
    CHECK_EQ_U(((uint8_t *)img.memory)[2], 0xA0);
    free(m);
    tu_image_free(&img);
    free(r);
}

/* --- refusals: each named, nothing written ------------------------------------------------ */

static void test_refusals(void) {
    tu_reply *r = calloc(1, sizeof *r);
    tu_error err = {0};
    tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 1, 1);
    tu_image u32 = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R32_UINT, 4, 4, 1, 1, 1, 1);
    tu_image f32 = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R32_SFLOAT, 4, 4, 1, 1, 1, 1);
    tu_image buf = make_buffer(32);
    uint8_t before[32];
    memcpy(before, buf.memory, 32);
    tu_dp_msg *m = new_msg(TU_DP_TYPED_WRITE, 8);
    m->data[0].u[0] = fbits(1.0f);
    CHECK_ERR(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_READ, r, &err), TU_INVALID_ARGUMENT, &err,
              "TYPED_WRITE writes, but the surface is bound read-only");
    m->op = TU_DP_TYPED_READ;
    CHECK_ERR(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_WRITE, r, &err), TU_INVALID_ARGUMENT,
              &err, "TYPED_READ reads, but the surface is bound write-only");
    CHECK_ERR(tu_dp_execute(m, &img.surface, 4, r, &err), TU_INVALID_ARGUMENT, &err,
              "access 0x4 has bits other than READ (1) and WRITE (2)");
    m->op = TU_DP_TYPED_ATOMIC;
    m->atomic = TU_ATOMIC_ADD;
    CHECK_ERR(tu_dp_execute(m, &img.surface, TU_DP_ACCESS_READ, r, &err), TU_INVALID_ARGUMENT, &err,
              "TYPED_ATOMIC writes, but the surface is bound read-only");
    CHECK_ERR(tu_dp_execute(m, &img.surface, 3, r, &err), TU_UNSUPPORTED, &err,
              "typed atomic ADD on R8G8B8A8_UNORM: typed atomics need an R32_UINT, R32_SINT or "
              "R32_SFLOAT surface");
    CHECK_ERR(tu_dp_execute(m, &f32.surface, 3, r, &err), TU_UNSUPPORTED, &err,
              "typed atomic ADD on R32_SFLOAT: integer atomics need an R32_UINT or R32_SINT");
    m->atomic = TU_ATOMIC_FADD;
    CHECK_ERR(tu_dp_execute(m, &u32.surface, 3, r, &err), TU_UNSUPPORTED, &err,
              "typed atomic FADD on R32_UINT: float atomics need an R32_SFLOAT surface");
    m->atomic = TU_ATOMIC_COUNT;
    CHECK_ERR(tu_dp_execute(m, &u32.surface, 3, r, &err), TU_INVALID_ARGUMENT, &err,
              "message atomic 21 is not a tu_atomic");
    /* the float format takes xchg and the float ops */
    const uint32_t ok_on_float[] = {TU_ATOMIC_XCHG, TU_ATOMIC_CMPXCHG, TU_ATOMIC_FADD,
                                    TU_ATOMIC_FMIN, TU_ATOMIC_FCMPXCHG};
    for (size_t i = 0; i < 5; i++) {
        m->atomic = ok_on_float[i];
        CHECK(tu_dp_execute(m, &f32.surface, 3, r, &err) == TU_OK, "%s", err.message);
    }
    m->op = TU_DP_TYPED_READ;
    tu_image srgb = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_SRGB, 4, 4, 1, 1, 1, 1);
    CHECK_ERR(tu_dp_execute(m, &srgb.surface, 1, r, &err), TU_UNSUPPORTED, &err,
              "TYPED_READ on format R8G8B8A8_SRGB: sRGB, depth/stencil and shared-exponent");
    tu_image ms = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R32_UINT, 4, 4, 1, 1, 1, 4);
    CHECK_ERR(tu_dp_execute(m, &ms.surface, 1, r, &err), TU_UNSUPPORTED, &err,
              "TYPED_READ on a surface of 4 samples");
    m->channel_mask = 0;
    CHECK_ERR(tu_dp_execute(m, &u32.surface, 1, r, &err), TU_INVALID_ARGUMENT, &err,
              "message channel_mask 0x0 of TYPED_READ must enable 1 to 4");
    m->channel_mask = 1;
    m->lane_mask = 0x100;
    CHECK_ERR(tu_dp_execute(m, &u32.surface, 1, r, &err), TU_INVALID_ARGUMENT, &err,
              "message lane_mask 0x100 enables lanes at or above simd 8");
    m->lane_mask = 0xff;
    m->simd = 33;
    CHECK_ERR(tu_dp_execute(m, &u32.surface, 1, r, &err), TU_INVALID_ARGUMENT, &err,
              "message simd 33 is not in 1..32");
    m->simd = 8;
    m->op = TU_DP_OP_COUNT;
    CHECK_ERR(tu_dp_execute(m, &u32.surface, 1, r, &err), TU_INVALID_ARGUMENT, &err,
              "message op 8 is not a tu_dp_op (0..7)");
    /* bytes ops: BUFFER only; aligned; nothing written when one lane is misaligned */
    m->op = TU_DP_UNTYPED_READ;
    CHECK_ERR(tu_dp_execute(m, &u32.surface, 1, r, &err), TU_INVALID_ARGUMENT, &err,
              "UNTYPED_READ addresses the bytes of a linear BUFFER surface, not surface type 2D, "
              "tiling linear");
    m->op = TU_DP_UNTYPED_WRITE;
    for (uint32_t lane = 0; lane < 8; lane++)
        m->addr[0].u[lane] = 4 * lane, m->data[0].u[lane] = 0xffffffffu;
    m->addr[0].u[5] = 6;
    CHECK_ERR(tu_dp_execute(m, &buf.surface, 2, r, &err), TU_INVALID_ARGUMENT, &err,
              "UNTYPED_WRITE lane 5: byte address 0x6 is not a multiple of 4");
    CHECK(memcmp(before, buf.memory, 32) == 0, "a refused message wrote");
    m->op = TU_DP_UNTYPED_ATOMIC;
    m->atomic = TU_ATOMIC_ADD;
    CHECK_ERR(tu_dp_execute(m, &buf.surface, 3, r, &err), TU_INVALID_ARGUMENT, &err,
              "UNTYPED_ATOMIC lane 5: byte address 0x6 is not a multiple of 4");
    CHECK(memcmp(before, buf.memory, 32) == 0, "a refused message wrote");
    m->op = TU_DP_SCATTERED_WRITE;
    m->bytes = 2;
    m->addr[0].u[5] = 7;
    CHECK_ERR(tu_dp_execute(m, &buf.surface, 2, r, &err), TU_INVALID_ARGUMENT, &err,
              "SCATTERED_WRITE lane 5: byte address 0x7 is not a multiple of 2");
    m->bytes = 3;
    CHECK_ERR(tu_dp_execute(m, &buf.surface, 2, r, &err), TU_INVALID_ARGUMENT, &err,
              "message bytes 3 of SCATTERED_WRITE is not 1, 2 or 4");
    CHECK(memcmp(before, buf.memory, 32) == 0, "a refused message wrote");
    CHECK_ERR(tu_dp_execute(NULL, &buf.surface, 2, r, &err), TU_INVALID_ARGUMENT, &err,
              "message is NULL");
    m->bytes = 1;
    CHECK_ERR(tu_dp_execute(m, &buf.surface, 2, NULL, &err), TU_INVALID_ARGUMENT, &err,
              "reply is NULL");
    CHECK_ERR(tu_dp_execute(m, NULL, 2, r, &err), TU_INVALID_ARGUMENT, &err, "surface is NULL");
    CHECK(!tu_dp_format_typed(TU_FORMAT_D32_SFLOAT));
    CHECK(!tu_dp_format_typed(TU_FORMAT_E5B9G9R9_UFLOAT_PACK32));
    CHECK(tu_dp_format_typed(TU_FORMAT_B10G11R11_UFLOAT_PACK32));
    CHECK(tu_dp_op_describe(TU_DP_OP_COUNT) == NULL);
    CHECK(tu_dp_op_describe(TU_DP_UNTYPED_ATOMIC)->is_atomic);
    free(m);
    tu_image_free(&img);
    tu_image_free(&u32);
    tu_image_free(&f32);
    tu_image_free(&buf);
    tu_image_free(&srgb);
    tu_image_free(&ms);
    free(r);
}

/* A texel on a non-resident page reads as zero bytes and takes no write. */
static void test_residency(void) {
    tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UINT, 16, 2, 1, 1, 1, 1);
    memset(img.memory, 0x22, img.surface.size);
    const uint8_t bits[1] = {0x1}; /* pages of 64 bytes: page 0 (row 0) resident, page 1 not */
    tu_residency res = {bits, 1, 6};
    img.surface.residency = &res;
    tu_dp_msg *m = new_msg(TU_DP_TYPED_READ, 2);
    tu_reply *r = calloc(1, sizeof *r);
    tu_error err = {0};
    m->addr[1].u[1] = 1; /* lane 1 on row 1 */
    CHECK(tu_dp_execute(m, &img.surface, 3, r, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(r->channel[0].u[0], 0x22);
    CHECK_EQ_U(r->channel[0].u[1], 0);
    CHECK_EQ_U(r->channel[3].u[1], 0);
    m->op = TU_DP_TYPED_WRITE;
    m->data[0].u[0] = m->data[0].u[1] = 9;
    CHECK(tu_dp_execute(m, &img.surface, 3, r, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(((uint8_t *)img.memory)[0], 9);
    CHECK_EQ_U(((uint8_t *)img.memory)[64], 0x22);
    free(r);
    free(m);
    tu_image_free(&img);
}

/* A texel or dword that touches a non-resident page is on it: it reads as zero bytes, takes no
 * write, and an atomic there returns 0 and changes nothing, even when its first byte lies on
 * the resident page before (docs/semantics.md, "Residency"). The views below start 8 (typed)
 * and 2 (R32, bytes) bytes into their memory, so one element spans bytes 56..71 or 62..65:
 * pages 0 and 1 of 64 bytes, page 0 resident, pages 1 and 2 not. */
static void test_residency_straddle(void) {
    tu_reply *r = calloc(1, sizeof *r);
    tu_error err = {0};
    uint8_t before[192];
    tu_surface s;
    /* typed RGBA32: 4 texels of 16 bytes a row; texel (3, 0) at 8 + 48 = bytes 56..71 */
    tu_image img = tu_test_paged_view(TU_SURFACE_2D, TU_FORMAT_R32G32B32A32_UINT, 4, 3, 0x22, 8, &s,
                                      before, sizeof before);
    s.height = 2;
    tu_dp_msg *m = new_msg(TU_DP_TYPED_READ, 2);
    m->addr[0].u[0] = 2, m->addr[0].u[1] = 3; /* lane 0: bytes 40..55, page 0 only */
    CHECK(tu_dp_execute(m, &s, 3, r, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(r->channel[0].u[0], 0x22222222u);
    CHECK_EQ_U(r->channel[0].u[1], 0);
    CHECK_EQ_U(r->channel[3].u[1], 0);
    m->op = TU_DP_TYPED_WRITE, m->lane_mask = 2;
    for (int c = 0; c < 4; c++)
        m->data[c].u[1] = 9;
    CHECK(tu_dp_execute(m, &s, 3, r, &err) == TU_OK, "%s", err.message);
    CHECK(memcmp(before, img.memory, sizeof before) == 0, "a straddling typed write wrote");
    tu_image_free(&img);
    /* typed atomic on R32: 16 texels of 4 bytes a row, view at 2: texel 15 at bytes 62..65 */
    img = tu_test_paged_view(TU_SURFACE_2D, TU_FORMAT_R32_UINT, 16, 3, 0x22, 2, &s, before,
                             sizeof before);
    s.height = 2;
    m->op = TU_DP_TYPED_ATOMIC, m->atomic = TU_ATOMIC_ADD, m->lane_mask = 3, m->channel_mask = 1;
    m->addr[0].u[0] = 14, m->addr[0].u[1] = 15; /* lane 0: bytes 58..61 */
    m->data[0].u[0] = m->data[0].u[1] = 1;
    CHECK(tu_dp_execute(m, &s, 3, r, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(r->channel[0].u[0], 0x22222222u);
    CHECK_EQ_U(r->channel[0].u[1], 0);
    CHECK_EQ_U(mem32(&img, 58), 0x22222223u);
    CHECK(memcmp(before + 62, (uint8_t *)img.memory + 62, 4) == 0, "a straddling atomic wrote");
    tu_image_free(&img);
    /* bytes: a buffer viewed from byte 2; the dword at address 60 is bytes 62..65 */
    img = tu_test_paged_view(TU_SURFACE_BUFFER, TU_FORMAT_R8_UINT, 192, 1, 0x33, 2, &s, before,
                             sizeof before);
    s.width = 190;
    m->op = TU_DP_UNTYPED_READ, m->simd = 2, m->lane_mask = 3, m->channel_mask = 1;
    m->addr[0].u[0] = 56, m->addr[0].u[1] = 60; /* lane 0: bytes 58..61 */
    CHECK(tu_dp_execute(m, &s, 3, r, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(r->channel[0].u[0], mem32(&img, 58));
    CHECK_EQ_U(r->channel[0].u[1], 0);
    m->op = TU_DP_UNTYPED_WRITE, m->lane_mask = 2;
    CHECK(tu_dp_execute(m, &s, 3, r, &err) == TU_OK, "%s", err.message);
    CHECK(memcmp(before, img.memory, sizeof before) == 0, "a straddling dword write wrote");
    m->op = TU_DP_UNTYPED_ATOMIC, m->atomic = TU_ATOMIC_ADD;
    CHECK(tu_dp_execute(m, &s, 3, r, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(r->channel[0].u[1], 0);
    CHECK(memcmp(before, img.memory, sizeof before) == 0, "a straddling dword atomic wrote");
    /* a 2-byte scattered access is aligned to 2, so it touches one page: 62..63 is resident */
    m->op = TU_DP_SCATTERED_READ, m->bytes = 2, m->lane_mask = 3;
    m->addr[0].u[0] = 60, m->addr[0].u[1] = 62; /* bytes 62..63 and 64..65 */
    CHECK(tu_dp_execute(m, &s, 3, r, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(r->channel[0].u[0], mem32(&img, 62) & 0xffff);
    CHECK_EQ_U(r->channel[0].u[1], 0);
    tu_image_free(&img);
    free(m);
    free(r);
}

/* The bfloat16 float atomics: exact widening, one rounding to nearest even, the quiet NaN,
 * overflow to infinity, subnormals kept, minNum/maxNum and the float compare. */
static void test_atomic_bf16(void) {
    static const struct {
        tu_atomic op;
        uint16_t old, a, b, want;
    } cases[] = {
        {TU_ATOMIC_FADD, 0x3f80, 0x3f80, 0, 0x4000}, /* 1 + 1 = 2 */
        {TU_ATOMIC_FADD, 0x3f80, 0x3b80, 0, 0x3f80}, /* 1 + 2^-8: the tie, to even */
        {TU_ATOMIC_FADD, 0x3f81, 0x3b80, 0, 0x3f82}, /* (1 + 2^-7) + 2^-8: the tie, to even */
        {TU_ATOMIC_FADD, 0x3f80, 0x3bc0, 0, 0x3f81}, /* above the tie */
        {TU_ATOMIC_FADD, 0x7f7f, 0x7f7f, 0, 0x7f80}, /* overflow: +inf */
        {TU_ATOMIC_FADD, 0x7f80, 0xff80, 0, 0x7fc0}, /* inf - inf: the quiet NaN */
        {TU_ATOMIC_FADD, 0x0001, 0x0001, 0, 0x0002}, /* subnormals are kept */
        {TU_ATOMIC_FADD, 0x8000, 0x8000, 0, 0x8000}, /* -0 + -0 = -0 */
        {TU_ATOMIC_FSUB, 0x4040, 0x3f80, 0, 0x4000}, /* 3 - 1 = 2 */
        {TU_ATOMIC_FSUB, 0x3f80, 0x3f80, 0, 0x0000}, /* 1 - 1 = +0 */
        {TU_ATOMIC_FMIN, 0x3f80, 0xbf80, 0, 0xbf80}, /* min(1, -1) */
        {TU_ATOMIC_FMAX, 0x8000, 0x0000, 0, 0x0000}, /* max(-0, +0) = +0 */
        {TU_ATOMIC_FMAX, 0x7fc0, 0x3f80, 0, 0x3f80}, /* a NaN yields the other */
        {TU_ATOMIC_FCMPXCHG, 0x0000, 0x8000, 0x4000, 0x4000}, /* +0 == -0 */
        {TU_ATOMIC_FCMPXCHG, 0x3f80, 0x4000, 0x4040, 0x3f80},
        {TU_ATOMIC_IMAX, 0x3f80, 0x4000, 0, 0x3f80}, /* not a float op: memory kept */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t result = 0;
        const uint32_t next = tu_atomic_apply_bf16(cases[i].op, 0xffff0000u | cases[i].old,
                                                   cases[i].a, cases[i].b, &result);
        CHECK(next == cases[i].want, "case %zu: 0x%04x, want 0x%04x", i, next, cases[i].want);
        CHECK(result == cases[i].old, "case %zu returns 0x%x", i, result);
    }
}

int main(void) {
    TU_RUN(test_atomic_bf16);
    TU_RUN(test_atomic_table);
    TU_RUN(test_untyped_atomics_lane_order);
    TU_RUN(test_histogram);
    TU_RUN(test_typed_write_read_every_format);
    TU_RUN(test_typed_write_rounding);
    TU_RUN(test_typed_coordinates);
    TU_RUN(test_write_lane_order);
    TU_RUN(test_typed_out_of_bounds);
    TU_RUN(test_bytes_out_of_bounds);
    TU_RUN(test_refusals);
    TU_RUN(test_residency);
    TU_RUN(test_residency_straddle);
    return tu_test_finish();
}
