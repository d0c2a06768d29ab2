/* SPDX-License-Identifier: MIT */
/*
 * texunit/cache.h - a texture-cache model to drive with texel access traces.
 *
 * A set-associative cache of `size` bytes in lines of `line_size` bytes, `ways` lines per
 * set, sets chosen by the address bits above the line offset (set = (address / line_size)
 * mod sets), with LRU or tree pseudo-LRU replacement. It counts lookups, hits, misses and
 * the bytes fetched from memory (one line per miss); it holds no data.
 *
 * Rules (docs/semantics.md, "Texture-cache model"):
 *   - An access of `size` bytes at `address` looks up every line it overlaps, once each,
 *     in address order: a 16-byte texel straddling two 64-byte lines is two lookups.
 *   - A miss fills an invalid way first (the lowest-numbered), otherwise evicts the way the
 *     replacement policy names.
 *   - LRU evicts the way whose last lookup is oldest. PLRU keeps ways - 1 bits per set as a
 *     binary tree in heap order (node n's children are 2n+1, the lower half of its ways,
 *     and 2n+2, the upper half); a lookup of way w sets every node on w's path to point to
 *     the half not holding w (0 = lower half, 1 = upper half); the victim is the leaf
 *     reached from the root by following the bits.
 *
 * A tu_cache is not thread-safe; use one per thread, or lock around it.
 *
 * Experimental (docs/api.md): declared only when TEXUNIT_EXPERIMENTAL is defined before the
 * first texunit header; its configuration and counts may change in any release.
 */
#ifndef TEXUNIT_CACHE_H
#define TEXUNIT_CACHE_H

#include "texunit/status.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef TEXUNIT_EXPERIMENTAL

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tu_cache_replacement {
    TU_CACHE_LRU, /* least recently used */
    TU_CACHE_PLRU /* tree pseudo-LRU (ways must be a power of two) */
} tu_cache_replacement;

typedef struct tu_cache_config {
    uint64_t size;      /* bytes: a multiple of line_size * ways, the quotient (the number of
                           sets) a power of two */
    uint32_t line_size; /* bytes, a power of two, 1 .. 65536 */
    uint32_t ways;      /* 1 .. 1024; a power of two for PLRU */
    tu_cache_replacement replacement;
} tu_cache_config;

/* Counts of one message, or of everything since the last reset. */
typedef struct tu_cache_stats {
    uint64_t lookups; /* lines looked up: hits + misses */
    uint64_t hits;
    uint64_t misses;
    uint64_t bytes_fetched; /* misses * line_size */
} tu_cache_stats;

typedef struct tu_cache tu_cache;

/*
 * Check a configuration. Returns TU_OK or TU_INVALID_ARGUMENT with a sentence naming the
 * field and its value: line size not a power of two or outside 1..65536, ways outside
 * 1..1024 (or not a power of two for PLRU), size 0 or not a multiple of line_size * ways,
 * a set count that is not a power of two, an unknown replacement.
 */
TU_API tu_status tu_cache_config_check(const tu_cache_config *config, tu_error *err);

/*
 * Parse "16KiB,64B,4" or "16KiB,64B,4,plru" (size with an optional B, KiB or MiB suffix; line
 * size with an optional B; ways; replacement lru (the default) or plru) into *config and
 * check it. Returns TU_OK, TU_PARSE_ERROR naming the malformed part, or the check's error.
 */
TU_API tu_status tu_cache_config_parse(const char *text, tu_cache_config *config, tu_error *err);

/* Allocate an empty cache. Returns TU_OK, the check's error, or TU_OUT_OF_MEMORY. */
TU_API tu_status tu_cache_create(const tu_cache_config *config, tu_cache **out, tu_error *err);

/* Free a cache (NULL is fine). */
TU_API void tu_cache_destroy(tu_cache *cache);

/* Invalidate every line and zero the totals. */
TU_API void tu_cache_reset(tu_cache *cache);

/*
 * Look up every line the `size` bytes at `address` overlap, updating the totals and, when
 * `message` is not NULL, adding the same counts to *message (the caller zeroes it at the
 * start of a message). Returns TU_OK, or TU_INVALID_ARGUMENT for a NULL cache, size 0 or
 * an access that runs past 2^64.
 */
TU_API tu_status tu_cache_access(tu_cache *cache, uint64_t address, uint64_t size,
                                 tu_cache_stats *message, tu_error *err);

/* The totals since creation or the last reset. */
TU_API tu_cache_stats tu_cache_totals(const tu_cache *cache);

/* The configuration the cache was created with. */
TU_API tu_cache_config tu_cache_get_config(const tu_cache *cache);

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_EXPERIMENTAL */

#endif /* TEXUNIT_CACHE_H */
