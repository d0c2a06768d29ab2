/* SPDX-License-Identifier: MIT */
/*
 * tu_test.h - the test harness: checks that count, report file:line and go on.
 *
 * A test program calls its test functions through TU_RUN(fn) from main() and
 * returns tu_test_finish(): 0 when every check held, 1 otherwise. CTest runs each
 * program; a failing check prints "FAIL file:line: expression: detail".
 */
#ifndef TU_TEST_H
#define TU_TEST_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int tu_test_failures;
static long tu_test_checks;

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int
tu_test_fail(const char *file, int line, const char *expr, const char *fmt, ...) {
    va_list ap;
    if (++tu_test_failures > 50) return 0; /* enough to go on */
    fprintf(stderr, "FAIL %s:%d: %s", file, line, expr);
    if (fmt[1]) { /* fmt is " " followed by the caller's format, if any */
        fputc(':', stderr);
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
    }
    fputc('\n', stderr);
    return 0;
}

/* CHECK(cond) or CHECK(cond, "printf format", args...): records a failure when cond is false.
 * Evaluates to 1 when the check held, 0 otherwise. */
#define CHECK(cond, ...) \
    (tu_test_checks++, (cond) ? 1 : tu_test_fail(__FILE__, __LINE__, #cond, " " __VA_ARGS__))

#define CHECK_EQ_U(a, b)                                                               \
    do {                                                                               \
        unsigned long long a_ = (unsigned long long)(a), b_ = (unsigned long long)(b); \
        CHECK(a_ == b_, "%llu (0x%llx) != %llu (0x%llx)", a_, a_, b_, b_);             \
    } while (0)

#define CHECK_EQ_STR(a, b)                                                           \
    do {                                                                             \
        const char *a_ = (a), *b_ = (b);                                             \
        CHECK(a_ &&b_ &&strcmp(a_, b_) == 0, "\"%s\" != \"%s\"", a_ ? a_ : "(null)", \
              b_ ? b_ : "(null)");                                                   \
    } while (0)

/* The status is st and the error message contains `needle`. */
#define CHECK_ERR(call, st, errp, needle)                                                      \
    do {                                                                                       \
        (errp)->message[0] = 0;                                                                \
        tu_status s_ = (call);                                                                 \
        CHECK(s_ == (st), "status %s, wanted %s (%s)", tu_status_name(s_), tu_status_name(st), \
              (errp)->message);                                                                \
        CHECK(strstr((errp)->message, (needle)) != NULL, "message \"%s\" lacks \"%s\"",        \
              (errp)->message, (needle));                                                      \
    } while (0)

#define TU_RUN(fn)                                                                \
    do {                                                                          \
        int before_ = tu_test_failures;                                           \
        fn();                                                                     \
        printf("%-40s %s\n", #fn, tu_test_failures == before_ ? "ok" : "FAILED"); \
    } while (0)

static inline int tu_test_finish(void) {
    printf("%ld checks, %d failed\n", tu_test_checks, tu_test_failures);
    return tu_test_failures ? 1 : 0;
}

/* A small deterministic generator for random tests (splitmix64). */
static inline uint64_t tu_test_rand(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A zeroed image of the standard packed layout, every level in the view; a failure is a
 * failed check (and an empty image). Only for test programs that include texunit.h. */
#ifdef TEXUNIT_TEXUNIT_H
static inline tu_image tu_test_image(tu_surface_type type, bool arrayed, tu_format format,
                                     uint32_t w, uint32_t h, uint32_t d, uint32_t layers,
                                     uint32_t levels, uint32_t samples) {
    tu_surface desc = {.type = type,
                       .arrayed = arrayed,
                       .format = format,
                       .width = w,
                       .height = h,
                       .depth = d,
                       .layers = layers,
                       .levels = levels,
                       .samples = samples};
    tu_image img = {0};
    tu_error err = {0};
    CHECK(tu_image_create(&img, &desc, &err) == TU_OK, "%s", err.message);
    return img;
}
#endif

#endif /* TU_TEST_H */
