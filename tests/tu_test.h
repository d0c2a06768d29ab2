/* SPDX-License-Identifier: MIT */
/*
 * tu_test.h - the test harness: checks that count, report file:line and go on.
 *
 * A test program calls its test functions through TU_RUN(fn) from main() and
 * returns tu_test_finish(): 0 when every check held, 1 otherwise. CTest runs each
 * program; a failing check prints "FAIL file:line in case: expression: detail", and a
 * program whose random cases failed prints the TEXUNIT_TEST_SEED that repeats them.
 */
#ifndef TU_TEST_H
#define TU_TEST_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int tu_test_failures;
static long tu_test_checks;
static const char *tu_test_case = "main"; /* the case TU_RUN is running */
static int tu_test_case_ran;              /* TU_RUN ran a case (TEXUNIT_TEST_CASE matched) */
static int tu_test_seeded;                /* a case drew its seed from tu_test_seed() */

/* The path of SUB inside the corpus folder (CMake's TEXUNIT_CORPUS_DIR, passed as TU_CORPUS),
 * written to OUT; false when the folder is absent, after saying so on stdout. A test that needs
 * nothing else then exits with TU_TEST_SKIP, which CTest reports as skipped. */
#define TU_TEST_SKIP 77
static inline bool tu_test_corpus(const char *sub, char *out, size_t size) {
    const char *dir = getenv("TU_CORPUS");
    struct stat st;
    if (!dir || !*dir) {
        printf("skipped: TU_CORPUS is not set (CTest sets it from TEXUNIT_CORPUS_DIR)\n");
        return false;
    }
    if ((size_t)snprintf(out, size, "%s/%s", dir, sub) >= size || stat(out, &st) != 0) {
        printf("skipped: the corpus folder %s/%s is absent\n", dir, sub);
        return false;
    }
    return true;
}

/* The whole file at path in memory, with a NUL after its *size bytes (malloc'd; the caller
 * frees it), or NULL when it cannot be read. */
static inline char *tu_test_read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    size_t n = 0, cap = 0, got;
    do {
        if (cap - n < 4096 + 1) {
            char *grown = realloc(buf, cap = cap ? 2 * cap : 65536);
            if (!grown) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = grown;
        }
        n += got = fread(buf + n, 1, 4096, f);
    } while (got == 4096);
    const bool failed = ferror(f);
    fclose(f);
    if (failed) {
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *size = n;
    return buf;
}

/* An environment variable as a number (0 .. 2^64-1, decimal or 0x hex), or 0 when unset. A
 * value that is not a number stops the program: a test run must not quietly ignore it. */
static inline uint64_t tu_test_env_u64(const char *name) {
    const char *v = getenv(name);
    if (!v || !*v) return 0;
    char *end;
    errno = 0;
    const unsigned long long n = strtoull(v, &end, 0);
    if (errno || *end || v[0] == '-') {
        fprintf(stderr, "%s=\"%s\" is not a number (0 .. 18446744073709551615, or 0x hex)\n", name,
                v);
        exit(2);
    }
    return n;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int
tu_test_fail(const char *file, int line, const char *expr, const char *fmt, ...) {
    va_list ap;
    if (++tu_test_failures > 50) return 0; /* enough to go on */
    fprintf(stderr, "FAIL %s:%d in %s: %s", file, line, tu_test_case, expr);
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

/* a == b as unsigned or signed integers; a failure prints both expressions and both values. */
#define CHECK_EQ_U(a, b)                                                                          \
    do {                                                                                          \
        unsigned long long a_ = (unsigned long long)(a), b_ = (unsigned long long)(b);            \
        tu_test_checks++;                                                                         \
        if (a_ != b_)                                                                             \
            tu_test_fail(__FILE__, __LINE__, #a " == " #b, " %llu (0x%llx) != %llu (0x%llx)", a_, \
                         a_, b_, b_);                                                             \
    } while (0)

#define CHECK_EQ_I(a, b)                                                                       \
    do {                                                                                       \
        long long a_ = (long long)(a), b_ = (long long)(b);                                    \
        tu_test_checks++;                                                                      \
        if (a_ != b_) tu_test_fail(__FILE__, __LINE__, #a " == " #b, " %lld != %lld", a_, b_); \
    } while (0)

#define CHECK_EQ_STR(a, b)                                                      \
    do {                                                                        \
        const char *a_ = (a), *b_ = (b);                                        \
        tu_test_checks++;                                                       \
        if (!a_ || !b_ || strcmp(a_, b_) != 0)                                  \
            tu_test_fail(__FILE__, __LINE__, #a " == " #b, " \"%s\" != \"%s\"", \
                         a_ ? a_ : "(null)", b_ ? b_ : "(null)");               \
    } while (0)

/* The call returns status st and leaves an error message that contains `needle`. */
#define CHECK_ERR(call, st, errp, needle)                                           \
    do {                                                                            \
        (errp)->message[0] = 0;                                                     \
        tu_status s_ = (call);                                                      \
        tu_test_checks += 2;                                                        \
        if (s_ != (st))                                                             \
            tu_test_fail(__FILE__, __LINE__, #call, " status %s, wanted %s (%s)",   \
                         tu_status_name(s_), tu_status_name(st), (errp)->message);  \
        if (!strstr((errp)->message, (needle)))                                     \
            tu_test_fail(__FILE__, __LINE__, #call, " message \"%s\" lacks \"%s\"", \
                         (errp)->message, (needle));                                \
    } while (0)

/* TU_RUN(fn) runs one case and prints its verdict; with TEXUNIT_TEST_CASE=fn in the
 * environment only that case runs (`TEXUNIT_TEST_CASE=test_log2 build/tests/test_fast`). */
static inline int tu_test_selected(const char *name) {
    const char *only = getenv("TEXUNIT_TEST_CASE");
    return !only || !*only || strcmp(only, name) == 0;
}

#define TU_RUN(fn)                                                                    \
    do {                                                                              \
        if (tu_test_selected(#fn)) {                                                  \
            int before_ = tu_test_failures;                                           \
            tu_test_case = #fn;                                                       \
            tu_test_case_ran = 1;                                                     \
            fn();                                                                     \
            tu_test_case = "main";                                                    \
            printf("%-40s %s\n", #fn, tu_test_failures == before_ ? "ok" : "FAILED"); \
        }                                                                             \
    } while (0)

static inline int tu_test_finish(void) {
    const char *only = getenv("TEXUNIT_TEST_CASE");
    if (only && *only && !tu_test_case_ran) {
        fprintf(stderr, "TEXUNIT_TEST_CASE=\"%s\" names no case of this program\n", only);
        return 1;
    }
    printf("%ld checks, %d failed\n", tu_test_checks, tu_test_failures);
    if (tu_test_failures && tu_test_seeded)
        fprintf(stderr, "random cases ran with TEXUNIT_TEST_SEED=%llu (set it to repeat them)\n",
                (unsigned long long)tu_test_env_u64("TEXUNIT_TEST_SEED"));
    return tu_test_failures ? 1 : 0;
}

/* A small deterministic generator for random tests (splitmix64). */
static inline uint64_t tu_test_rand(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The seed of a random case: `fixed` itself when TEXUNIT_TEST_SEED is unset or 0 (the cases
 * CTest runs), otherwise `fixed` mixed with it, so each setting is another repeatable run. */
static inline uint64_t tu_test_seed(uint64_t fixed) {
    uint64_t env = tu_test_env_u64("TEXUNIT_TEST_SEED");
    tu_test_seeded = 1;
    return env ? fixed ^ tu_test_rand(&env) : fixed;
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

/* The straddling-page fixture: page 0 (64 bytes) resident, page 1 not, an image whose every
 * byte is `fill`, *view the image seen from byte `offset` on through that residency, and
 * before[0..n) its bytes as they were, to prove that a refused access wrote nothing. */
static const uint8_t tu_test_page0_bits[1] = {0x1};
static const tu_residency tu_test_page0_only = {tu_test_page0_bits, 1, 6};

static inline tu_image tu_test_paged_view(tu_surface_type type, tu_format format, uint32_t w,
                                          uint32_t h, uint8_t fill, uint64_t offset,
                                          tu_surface *view, uint8_t *before, size_t n) {
    tu_image img = tu_test_image(type, false, format, w, h, 1, 1, 1, 1);
    if (img.memory) memset(img.memory, fill, img.surface.size);
    *view = img.surface;
    view->level[0].offset = offset;
    view->residency = &tu_test_page0_only;
    if (img.memory) memcpy(before, img.memory, n < img.surface.size ? n : img.surface.size);
    return img;
}
#endif

#endif /* TU_TEST_H */
