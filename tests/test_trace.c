/* SPDX-License-Identifier: MIT */
/*
 * test_trace.c - trace summaries against a per-byte count written here, and the JSON lines
 * read back field by field.
 */
#include "texunit/texunit.h"

#include "tu_test.h"

#include <inttypes.h>
#include <stdlib.h>

/* Distinct (surface, line) pairs, byte by byte, by linear search. */
static uint64_t ref_lines(const tu_trace_record *r, size_t n, uint32_t line_size) {
    static uint64_t seen_line[1 << 14];
    static uint32_t seen_surface[1 << 14];
    size_t seen = 0;
    for (size_t i = 0; i < n; i++)
        for (uint32_t b = 0; b < r[i].size; b++) {
            const uint64_t line = (r[i].offset + b) / line_size;
            size_t k = 0;
            while (k < seen && !(seen_line[k] == line && seen_surface[k] == r[i].surface))
                k++;
            if (k == seen) {
                seen_line[seen] = line;
                seen_surface[seen++] = r[i].surface;
            }
        }
    return seen;
}

static void test_summary(void) {
    uint64_t rng = tu_test_seed(5);
    tu_trace_record rec[200];
    tu_trace_line scratch[2000];
    for (int round = 0; round < 300; round++) {
        const size_t n = (size_t)(tu_test_rand(&rng) % 200);
        const uint32_t line = 1u << (tu_test_rand(&rng) % 9);
        for (size_t i = 0; i < n; i++)
            rec[i] = (tu_trace_record){.message = 7,
                                       .surface = (uint32_t)(tu_test_rand(&rng) % 3),
                                       .offset = tu_test_rand(&rng) % 4096,
                                       .size = 1u << (tu_test_rand(&rng) % 5)};
        tu_trace_summary s;
        tu_error err;
        if (!CHECK(tu_trace_summarize(rec, n, line, scratch, 2000, &s, &err) == TU_OK, "%s",
                   err.message))
            continue;
        CHECK_EQ_U(s.lines, ref_lines(rec, n, line));
        CHECK(s.records == n && s.line_size == line && s.message == (n ? 7u : 0u));
    }
    tu_error err;
    tu_trace_summary s;
    tu_trace_record two = {.offset = 60, .size = 8}; /* bytes 60..67: two 64-byte lines */
    CHECK_ERR(tu_trace_summarize(&two, 1, 64, scratch, 1, &s, &err), TU_OUT_OF_RANGE, &err,
              "needs 2 scratch lines");
    CHECK_ERR(tu_trace_summarize(&two, 1, 48, scratch, 2, &s, &err), TU_INVALID_ARGUMENT, &err,
              "line size 48");
    two.offset = UINT64_MAX - 2;
    CHECK_ERR(tu_trace_summarize(&two, 1, 64, scratch, 2, &s, &err), TU_INVALID_ARGUMENT, &err,
              "past 2^64");
    CHECK_ERR(tu_trace_summarize(NULL, 3, 64, scratch, 2, &s, &err), TU_INVALID_ARGUMENT, &err,
              "NULL records");
}

static void test_json(void) {
    uint64_t rng = tu_test_seed(8);
    char buf[256];
    for (int i = 0; i < 1000; i++) {
        const tu_trace_record r = {.message = (uint32_t)tu_test_rand(&rng),
                                   .lane = (uint32_t)tu_test_rand(&rng) % 32,
                                   .surface = (uint32_t)tu_test_rand(&rng),
                                   .kind = (tu_trace_kind)(i % 4),
                                   .level = (uint32_t)tu_test_rand(&rng) % 17,
                                   .layer = (uint32_t)tu_test_rand(&rng),
                                   .x = (uint32_t)tu_test_rand(&rng),
                                   .y = (uint32_t)tu_test_rand(&rng),
                                   .z = (uint32_t)tu_test_rand(&rng),
                                   .sample = (uint32_t)tu_test_rand(&rng) % 16,
                                   .offset = tu_test_rand(&rng),
                                   .size = (uint32_t)tu_test_rand(&rng) % 17,
                                   .resident = tu_test_rand(&rng) & 1};
        const size_t n = tu_trace_record_json(&r, buf, sizeof buf);
        CHECK(n < sizeof buf && buf[n - 1] == '\n' && strlen(buf) == n);
        tu_trace_record b = {0};
        char kind[16], resident[8];
        const int got = sscanf(buf,
                               "{\"type\":\"read\",\"message\":%" SCNu32 ",\"lane\":%" SCNu32
                               ",\"surface\":%" SCNu32 ",\"kind\":\"%15[a-z_]\",\"level\":%" SCNu32
                               ",\"layer\":%" SCNu32 ",\"x\":%" SCNu32 ",\"y\":%" SCNu32
                               ",\"z\":%" SCNu32 ",\"sample\":%" SCNu32 ",\"offset\":%" SCNu64
                               ",\"size\":%" SCNu32 ",\"resident\":%7[a-z]}",
                               &b.message, &b.lane, &b.surface, kind, &b.level, &b.layer, &b.x,
                               &b.y, &b.z, &b.sample, &b.offset, &b.size, resident);
        CHECK(got == 13, "%s", buf);
        CHECK(b.message == r.message && b.lane == r.lane && b.surface == r.surface &&
                  b.level == r.level && b.layer == r.layer && b.x == r.x && b.y == r.y &&
                  b.z == r.z && b.sample == r.sample && b.offset == r.offset && b.size == r.size,
              "%s", buf);
        CHECK(strcmp(kind, tu_trace_kind_name(r.kind)) == 0);
        CHECK(strcmp(resident, r.resident ? "true" : "false") == 0);
    }
    const tu_trace_summary s = {3, 40, 64, 9};
    const size_t n = tu_trace_summary_json(&s, buf, sizeof buf);
    CHECK_EQ_STR(buf, "{\"type\":\"message\",\"message\":3,\"records\":40,\"line_size\":64,"
                      "\"lines\":9}\n");
    CHECK(n == strlen(buf));
    /* Cut short: the length says so and the buffer stays a string. */
    char small[10];
    CHECK(tu_trace_summary_json(&s, small, sizeof small) == n && strlen(small) == 9);
    CHECK_EQ_STR(tu_trace_kind_name(TU_TRACE_KIND_COUNT), "?");
    /* A lane's step has no JSON form, and a summary counts reads alone. */
    const tu_trace_record step = {.kind = TU_TRACE_LOD, .size = 4};
    CHECK(tu_trace_record_json(&step, buf, sizeof buf) == 0 && buf[0] == 0);
    tu_trace_line scratch[4];
    tu_trace_summary sum;
    CHECK(tu_trace_summarize(&step, 1, 64, scratch, 4, &sum, NULL) == TU_OK && sum.records == 0 &&
          sum.lines == 0);
}

/* --- the engine's trace ----------------------------------------------------------------- */

typedef struct collected {
    tu_trace_record rec[8192];
    size_t n;
    int ends;
} collected;

/* The reads (the memory-access trace); the lanes' steps are test_lod_detail's. */
static void collect(void *user, const tu_trace_record *r) {
    collected *c = user;
    if (tu_trace_kind_is_read(r->kind) && c->n < 8192) c->rec[c->n++] = *r;
}

static void end_message(void *user) {
    ((collected *)user)->ends++;
}

static float frand(uint64_t *rng, float lo, float hi) {
    return lo + (hi - lo) * (float)(tu_test_rand(rng) % 100000) / 100000.0f;
}

/* The trace lists every byte the engine used: the reply is tu_execute's, and scrambling every
 * byte of memory outside the traced ones leaves every reply unchanged. */
static void test_engine_trace(void) {
    uint64_t rng = tu_test_seed(31);
    static collected col;
    static tu_msg m;
    static tu_reply want, got, again;
    size_t records = 0;
    const tu_op ops[5] = {TU_OP_SAMPLE_L, TU_OP_SAMPLE_D, TU_OP_GATHER4, TU_OP_LD, TU_OP_SAMPLE};
    for (int round = 0; round < 120; round++) {
        const bool cube = round % 3 == 2;
        tu_image img =
            tu_test_image(cube ? TU_SURFACE_CUBE : TU_SURFACE_2D, !cube,
                          round % 2 ? TU_FORMAT_R8G8B8A8_UNORM : TU_FORMAT_R16G16B16A16_SFLOAT,
                          cube ? 16 : 29, cube ? 16 : 18, 1, cube ? 6 : 3, 4, 1);
        if (!img.memory) continue;
        CHECK(tu_surface_fill_hash(&img.surface, (uint32_t)round, NULL) == TU_OK);
        if (round % 4 == 1) CHECK(tu_image_convert_tiling(&img, TU_TILING_INTEL_4, NULL) == TU_OK);
        tu_sampler smp = tu_sampler_default();
        smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
        smp.mip_filter = TU_MIP_LINEAR;
        smp.max_anisotropy = round % 5 == 0 ? 4 : 0;
        smp.address[0] = (uint8_t)(tu_test_rand(&rng) % 5);
        memset(&m, 0, sizeof m);
        m.op = cube && ops[round % 5] == TU_OP_LD ? TU_OP_SAMPLE_L : ops[round % 5];
        m.simd = 16, m.lane_mask = (uint32_t)tu_test_rand(&rng) | 1, m.channel_mask = 0xf;
        for (int l = 0; l < 16; l++) {
            if (m.op == TU_OP_LD) {
                m.src[TU_SRC_U].i[l] = (int32_t)(tu_test_rand(&rng) % 32) - 1;
                m.src[TU_SRC_V].i[l] = (int32_t)(tu_test_rand(&rng) % 20) - 1;
                m.src[TU_SRC_R].i[l] = (int32_t)(tu_test_rand(&rng) % 3);
                m.src[TU_SRC_LOD].i[l] = (int32_t)(tu_test_rand(&rng) % 4);
                continue;
            }
            for (int a = 0; a < 3; a++)
                m.src[TU_SRC_U + a].f[l] = frand(&rng, -1.2f, 1.2f);
            if (!cube) m.src[TU_SRC_R].f[l] = (float)(tu_test_rand(&rng) % 3);
            m.src[TU_SRC_LOD].f[l] = frand(&rng, 0, 3.5f);
            for (int g = TU_SRC_DUDX; g <= TU_SRC_DRDY; g++)
                m.src[g].f[l] = frand(&rng, -0.2f, 0.2f);
        }
        tu_error err;
        memset(&want, 0, sizeof want);
        memset(&got, 0, sizeof got);
        memset(&again, 0, sizeof again);
        col.n = 0;
        col.ends = 0;
        const tu_trace_sink sink = {collect, end_message, &col, 9, 4};
        if (!CHECK(tu_execute(&m, &img.surface, &smp, &want, &err) == TU_OK, "%s", err.message) ||
            !CHECK(tu_execute_traced(&m, &img.surface, &smp, &sink, &got, &err) == TU_OK, "%s",
                   err.message)) {
            tu_image_free(&img);
            continue;
        }
        CHECK(memcmp(&want, &got, sizeof want) == 0, "round %d: traced reply differs", round);
        /* A message whose lanes all fall outside or on the border reads no memory. */
        CHECK(col.ends == 1 && col.n < 8192, "round %d: %zu records", round, col.n);
        records += col.n;
        uint8_t *used = calloc(img.surface.size, 1);
        for (size_t i = 0; i < col.n; i++) {
            const tu_trace_record *r = &col.rec[i];
            CHECK(r->message == 9 && r->surface == 4 && r->kind == TU_TRACE_TEXEL && r->lane < 16 &&
                  (m.lane_mask >> r->lane & 1) && r->resident);
            const tu_texel_coord c = {r->x, r->y, r->z, r->layer, r->level, r->sample};
            uint64_t off = 0;
            CHECK(tu_surface_texel_offset(&img.surface, &c, &off, NULL) == TU_OK &&
                  off == r->offset && r->size == tu_format_bytes(img.surface.format));
            for (uint32_t b = 0; b < r->size && r->offset + b < img.surface.size; b++)
                used[r->offset + b] = 1;
        }
        uint8_t *mem = img.surface.data;
        size_t scrambled = 0;
        for (size_t i = 0; i < img.surface.size; i++)
            if (!used[i]) mem[i] = (uint8_t)tu_test_rand(&rng), scrambled++;
        CHECK(scrambled > 0);
        CHECK(tu_execute(&m, &img.surface, &smp, &again, &err) == TU_OK);
        CHECK(memcmp(&want, &again, sizeof want) == 0,
              "round %d (op %d): a byte outside the trace changed the reply", round, (int)m.op);
        free(used);
        tu_image_free(&img);
    }
    CHECK(records > 1000, "%zu records in all", records);
    tu_error err;
    tu_sampler smp = tu_sampler_default();
    tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8_UNORM, 4, 4, 1, 1, 1, 1);
    memset(&m, 0, sizeof m);
    m.op = TU_OP_LD, m.simd = 1, m.lane_mask = 1, m.channel_mask = 1;
    const tu_trace_sink none = {NULL, NULL, NULL, 0, 0};
    CHECK_ERR(tu_execute_traced(&m, &img.surface, &smp, &none, &got, &err), TU_INVALID_ARGUMENT,
              &err, "record callback");
    tu_image_free(&img);
}

/* MEDIA_LD's records cover exactly the bytes it copies: their sizes sum to the block's, their
 * raw bytes in order are its rows, each is one element's consecutive bytes as memory holds
 * them, and scrambling every byte outside them leaves the block unchanged. */
static void test_media_trace(void) {
    uint64_t rng = tu_test_seed(77);
    static collected col;
    static uint8_t want[64 * 64], got[64 * 64], again[64 * 64];
    static const uint32_t widths[] = {1, 3, 4, 7, 8, 13, 16, 31, 32, 64};
    for (int round = 0; round < 60; round++) {
        const tu_format format = round % 3 == 0   ? TU_FORMAT_R8G8B8A8_UNORM
                                 : round % 3 == 1 ? TU_FORMAT_R16_UNORM
                                                  : TU_FORMAT_R32G32B32A32_SFLOAT;
        tu_image img = tu_test_image(TU_SURFACE_2D, false, format, 23, 17, 1, 1, 1, 1);
        if (!img.memory) continue;
        CHECK(tu_surface_fill_hash(&img.surface, (uint32_t)round, NULL) == TU_OK);
        const uint32_t bpp = tu_format_bytes(format), width = widths[round % 10];
        const uint32_t max_h = 256 / tu_media_pitch(width);
        const tu_media_read rd = {(uint32_t)(round % 4 == 1 ? 0 : round % 4),
                                  0,
                                  width,
                                  1 + (uint32_t)(tu_test_rand(&rng) % (max_h < 20 ? max_h : 20)),
                                  (int32_t)(tu_test_rand(&rng) % (23 * bpp + 40)) - 20,
                                  (int32_t)(tu_test_rand(&rng) % 26) - 5};
        const tu_trace_sink sink = {collect, end_message, &col, 9, 5};
        col.n = 0, col.ends = 0;
        tu_error e = {0};
        CHECK(tu_media_block_read(&img.surface, &rd, want, sizeof want, &e) == TU_OK, "%s",
              e.message);
        CHECK(tu_media_block_read_traced(&img.surface, &rd, &sink, got, sizeof got, &e) == TU_OK,
              "%s", e.message);
        CHECK(col.ends == 1);
        const uint32_t pitch = tu_media_pitch(width);
        size_t k = 0, bytes = 0;
        const uint8_t *mem = img.surface.data;
        const uint32_t row_pitch = img.surface.level[0].row_pitch;
        for (size_t i = 0; i < col.n; i++) {
            const tu_trace_record *r = &col.rec[i];
            CHECK(r->kind == TU_TRACE_MEDIA && r->message == 9 && r->surface == 5 && r->resident);
            CHECK(r->size >= 1 && r->size <= bpp && r->raw_size == r->size);
            const uint64_t in_level = r->offset - img.surface.level[0].offset;
            CHECK(in_level / row_pitch == r->y && in_level % row_pitch / bpp == r->x);
            CHECK((in_level + r->size - 1) % row_pitch / bpp == r->x, "one element");
            for (uint32_t b = 0; b < r->size; b++, k++) {
                const size_t at = k / width * pitch + k % width;
                CHECK(k < (size_t)width * rd.height && r->raw[b] == want[at] &&
                      mem[r->offset + b] == want[at]);
            }
            bytes += r->size;
        }
        CHECK(bytes == (size_t)width * rd.height, "records cover %zu of %u bytes", bytes,
              width * rd.height);
        for (uint32_t i = 0; i < rd.height; i++)
            CHECK(memcmp(got + i * pitch, want + i * pitch, width) == 0);
        /* Scramble every byte no record names: the block is the same. */
        uint8_t *traced = calloc(img.surface.size, 1);
        if (traced) {
            for (size_t i = 0; i < col.n; i++)
                memset(traced + col.rec[i].offset, 1, col.rec[i].size);
            for (size_t b = 0; b < img.surface.size; b++)
                if (!traced[b]) ((uint8_t *)img.memory)[b] ^= 0x5a;
            CHECK(tu_media_block_read(&img.surface, &rd, again, sizeof again, &e) == TU_OK);
            for (uint32_t i = 0; i < rd.height; i++)
                CHECK(memcmp(again + i * pitch, want + i * pitch, width) == 0);
            free(traced);
        }
        /* A refused read records nothing. */
        col.n = 0, col.ends = 0;
        const tu_media_read bad = {0, 0, 65, 1, 0, 0};
        CHECK(tu_media_block_read_traced(&img.surface, &bad, &sink, got, sizeof got, &e) ==
              TU_INVALID_ARGUMENT);
        CHECK(col.n == 0 && col.ends == 0);
        tu_image_free(&img);
    }
}

int main(void) {
    TU_RUN(test_summary);
    TU_RUN(test_json);
    TU_RUN(test_engine_trace);
    TU_RUN(test_media_trace);
    return tu_test_finish();
}
