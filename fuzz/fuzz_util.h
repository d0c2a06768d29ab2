/* SPDX-License-Identifier: MIT */
/*
 * fuzz_util.h - what the libFuzzer targets share: reading typed values out of the input
 * bytes, handing bytes to an API that reads a file, an output stream that discards, and the
 * sanitizer options every target runs with.
 *
 * Allocations above FUZZ_MAX_ALLOC_MB return NULL instead of being made: a description of a
 * huge texture must then be refused with TU_OUT_OF_MEMORY (or a named limit) rather than
 * fill the machine, and the refusal path is fuzzed too.
 */
#ifndef TEXUNIT_FUZZ_UTIL_H
#define TEXUNIT_FUZZ_UTIL_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memfd_create */
#endif

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_MAX_ALLOC_MB 64

#define FUZZ_STR_(x) #x
#define FUZZ_STR(x)  FUZZ_STR_(x)

const char *__asan_default_options(void);
const char *__asan_default_options(void) {
    return "allocator_may_return_null=1:max_allocation_size_mb=" FUZZ_STR(FUZZ_MAX_ALLOC_MB);
}

/* --- typed values from the input -------------------------------------------------------------- */

/* The input as a stream: past the end every read is 0, so any prefix is a whole case. */
typedef struct fuzz_in {
    const uint8_t *p;
    size_t n;
} fuzz_in;

static inline uint8_t fz_u8(fuzz_in *in) {
    if (!in->n) return 0;
    in->n--;
    return *in->p++;
}

static inline uint16_t fz_u16(fuzz_in *in) {
    const uint16_t lo = fz_u8(in);
    return (uint16_t)(lo | (uint16_t)fz_u8(in) << 8);
}

static inline uint32_t fz_u32(fuzz_in *in) {
    const uint32_t lo = fz_u16(in);
    return lo | (uint32_t)fz_u16(in) << 16;
}

/* 0..n-1 (0 when n is 0). */
static inline uint32_t fz_below(fuzz_in *in, uint32_t n) {
    return n ? (n <= 256 ? fz_u8(in) : fz_u32(in)) % n : 0;
}

static inline bool fz_bool(fuzz_in *in) {
    return fz_u8(in) & 1;
}

/* A float: raw bits a quarter of the time (NaN, infinities, denormals, huge values), else
 * one of the values coordinates and LODs meet at their edges, or a small fraction. */
static inline float fz_float(fuzz_in *in) {
    static const float special[] = {0.0f,  -0.0f, 0.5f,     1.0f,      -1.0f,  0.25f,     2.0f,
                                    1e-7f, 1e30f, -1e30f,   65504.f,   8.0f,   -8.5f,     1023.5f,
                                    NAN,   -NAN,  INFINITY, -INFINITY, 1e-40f, 16777216.f};
    const uint8_t k = fz_u8(in);
    if (k < 64) {
        const uint32_t bits = fz_u32(in);
        float f;
        memcpy(&f, &bits, sizeof f);
        return f;
    }
    if (k < 128) return special[k % (sizeof special / sizeof special[0])];
    return (float)(int16_t)fz_u16(in) / 256.0f;
}

/* --- files and streams -------------------------------------------------------------------------
 */

/* A path that reads as `data` (a memory file, /proc/self/fd/N), for APIs that take a path;
 * *fd to close afterwards. NULL when the system has no memory files. */
static inline const char *fz_memory_file(const uint8_t *data, size_t size, int *fd, char *path,
                                         size_t path_size) {
    *fd = memfd_create("fuzz", 0);
    if (*fd < 0) return NULL;
    size_t done = 0;
    while (done < size) {
        const ssize_t w = write(*fd, data + done, size - done);
        if (w <= 0) {
            close(*fd);
            return NULL;
        }
        done += (size_t)w;
    }
    snprintf(path, path_size, "/proc/self/fd/%d", *fd);
    return path;
}

/* A stream that throws away what is written to it (opened once per process). */
static inline FILE *fz_null_stream(void) {
    static FILE *f;
    if (!f) f = fopen("/dev/null", "w");
    return f;
}

/* Whether the text names a path whose reading could block or never end (devices, /proc,
 * /sys): the file-reading directives are fuzzed on ordinary paths only. Each word is looked
 * for before a '/' and compared byte by byte: a memcmp at every offset goes through the
 * sanitizer's interceptor and libFuzzer's comparison hook, which made this scan most of a
 * case's time. */
static inline bool fz_names_special_file(const uint8_t *data, size_t size) {
    static const char *const words[] = {"dev", "proc", "sys", "fd"};
    if (size == 0) return false;
    const uint8_t *end = data + size;
    for (const uint8_t *slash = data; (slash = memchr(slash, '/', (size_t)(end - slash)));
         slash++) {
        for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
            const size_t len = strlen(words[w]);
            if ((size_t)(slash - data) < len) continue;
            const uint8_t *word = slash - len;
            size_t k = 0;
            while (k < len && word[k] == (uint8_t)words[w][k])
                k++;
            if (k == len) return true;
        }
    }
    return false;
}

/* The `texunit run` targets: run the input as a file through run(path, out, err), which
 * must run or refuse with a reason on err (a refusal without one aborts). Inputs naming
 * special files are skipped. */
static inline void fz_run_tool_file(const uint8_t *data, size_t size,
                                    int (*run)(const char *path, FILE *out, FILE *err)) {
    if (fz_names_special_file(data, size)) return;
    int fd;
    char path[64];
    if (!fz_memory_file(data, size, &fd, path, sizeof path)) return;
    char *errors = NULL;
    size_t errors_size = 0;
    FILE *err = open_memstream(&errors, &errors_size);
    if (!err) abort();
    const int rc = run(path, fz_null_stream(), err);
    fclose(err);
    if (rc != 0 && (errors_size < 2 || !strchr(errors, ':'))) { /* a refusal says why */
        fprintf(stderr, "refused without a reason: '%s'\n", errors);
        abort();
    }
    free(errors);
    close(fd);
}

#endif /* TEXUNIT_FUZZ_UTIL_H */
