/* SPDX-License-Identifier: MIT */
/*
 * base.h - what every module of texunit shares: error reporting, checked arithmetic and
 * the small bit and number helpers.
 *
 * Internal names carry the prefix tuB_ and are hidden from the shared library
 * (it is built with -fvisibility=hidden; only TU_API symbols are exported).
 */
#ifndef TEXUNIT_BASE_H
#define TEXUNIT_BASE_H

#include "texunit/status.h"

#include <stdbool.h>
#include <stdint.h>

#if defined(__GNUC__)
#define TU_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#define TU_LIKELY(x)         __builtin_expect(!!(x), 1)
#define TU_UNLIKELY(x)       __builtin_expect(!!(x), 0)
#define TU_COLD              __attribute__((cold, noinline)) /* kept out of the hot path */
#define TU_ALWAYS_INLINE     inline __attribute__((always_inline))
#define TU_NOINLINE          __attribute__((noinline))
#else
#define TU_PRINTF(fmt, args)
#define TU_LIKELY(x)   (x)
#define TU_UNLIKELY(x) (x)
#define TU_COLD
#define TU_ALWAYS_INLINE inline
#define TU_NOINLINE
#endif

/* Fill err (when not NULL) with status and a printf-formatted sentence; return status. */
tu_status tuB_fail(tu_error *err, tu_status status, const char *fmt, ...) TU_PRINTF(3, 4);

/* Return from the calling function with tuB_fail(...) when cond holds. */
#define TU_RETURN_IF(cond, err, status, ...)                                  \
    do {                                                                      \
        if (TU_UNLIKELY(cond)) return tuB_fail((err), (status), __VA_ARGS__); \
    } while (0)

/* Propagate a failing status. */
#define TU_TRY(expr)                                        \
    do {                                                    \
        tu_status tu_try_status_ = (expr);                  \
        if (tu_try_status_ != TU_OK) return tu_try_status_; \
    } while (0)

/* a*b and a+b with overflow reported as false (the result is then unspecified). */
static inline bool tuB_mul_u64(uint64_t a, uint64_t b, uint64_t *out) {
    return !__builtin_mul_overflow(a, b, out);
}
static inline bool tuB_add_u64(uint64_t a, uint64_t b, uint64_t *out) {
    return !__builtin_add_overflow(a, b, out);
}

static inline uint32_t tuB_max_u32(uint32_t a, uint32_t b) {
    return a > b ? a : b;
}
static inline uint32_t tuB_min_u32(uint32_t a, uint32_t b) {
    return a < b ? a : b;
}

/* v limited to [lo, hi]; a float NaN stays NaN. */
static inline int tuB_clamp_int(int v, int lo, int hi) {
    return v < lo ? lo : v > hi ? hi : v;
}
static inline int64_t tuB_clamp_i64(int64_t v, int64_t lo, int64_t hi) {
    return v < lo ? lo : v > hi ? hi : v;
}
static inline float tuB_clamp_float(float v, float lo, float hi) {
    return v < lo ? lo : v > hi ? hi : v;
}

/* The low `bits` (1..32) bits of v as a two's complement number. */
static inline int32_t tuB_sign_extend(uint32_t v, unsigned bits) {
    if (bits >= 32) return (int32_t)v;
    const uint32_t sign = 1u << (bits - 1);
    return (int32_t)((v & ((sign << 1) - 1)) ^ sign) - (int32_t)sign;
}

/* The bits of a binary32 float and back (memcpy: no aliasing rules broken). */
static inline uint32_t tuB_float_bits(float f) {
    uint32_t u;
    __builtin_memcpy(&u, &f, 4);
    return u;
}
static inline float tuB_bits_float(uint32_t u) {
    float f;
    __builtin_memcpy(&f, &u, 4);
    return f;
}

/* Little-endian loads and stores of any alignment. */
static inline uint32_t tuB_load_le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint64_t tuB_load_le64(const uint8_t *p) {
    return (uint64_t)tuB_load_le32(p) | (uint64_t)tuB_load_le32(p + 4) << 32;
}
static inline void tuB_store_le32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}
static inline void tuB_store_le64(uint8_t *p, uint64_t v) {
    tuB_store_le32(p, (uint32_t)v);
    tuB_store_le32(p + 4, (uint32_t)(v >> 32));
}

#endif /* TEXUNIT_BASE_H */
