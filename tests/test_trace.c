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
    uint64_t rng = 5;
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
    uint64_t rng = 8;
    char buf[256];
    for (int i = 0; i < 1000; i++) {
        const tu_trace_record r = {(uint32_t)tu_test_rand(&rng),
                                   (uint32_t)tu_test_rand(&rng) % 32,
                                   (uint32_t)tu_test_rand(&rng),
                                   (tu_trace_kind)(i % 4),
                                   (uint32_t)tu_test_rand(&rng) % 17,
                                   (uint32_t)tu_test_rand(&rng),
                                   (uint32_t)tu_test_rand(&rng),
                                   (uint32_t)tu_test_rand(&rng),
                                   (uint32_t)tu_test_rand(&rng),
                                   (uint32_t)tu_test_rand(&rng) % 16,
                                   tu_test_rand(&rng),
                                   (uint32_t)tu_test_rand(&rng) % 17,
                                   tu_test_rand(&rng) & 1};
        const size_t n = tu_trace_record_json(&r, buf, sizeof buf);
        CHECK(n < sizeof buf && buf[n - 1] == '\n' && strlen(buf) == n);
        tu_trace_record b = {0};
        char kind[16], resident[8];
        const int got = sscanf(buf,
                               "{\"type\":\"texel\",\"message\":%" SCNu32 ",\"lane\":%" SCNu32
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
    CHECK_EQ_STR(tu_trace_kind_name((tu_trace_kind)9), "?");
}

int main(void) {
    TU_RUN(test_summary);
    TU_RUN(test_json);
    return tu_test_finish();
}
