/* SPDX-License-Identifier: MIT */
/*
 * cache.c - the texture-cache model of texunit/cache.h: set-associative, LRU or tree
 * pseudo-LRU, counting lookups, hits, misses and bytes fetched.
 *
 * It lives on the surface floor, beside the residency map: both model the memory a
 * surface's texels sit in, below the engine that will feed it the byte ranges its address
 * gate hands out, and it needs nothing but base.
 */
#include "texunit/cache.h"

#include "../base/base.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_LINE_SIZE = 65536, MAX_WAYS = 1024, MAX_ACCESS_LINES = 1u << 16 };

struct tu_cache {
    tu_cache_config config;
    uint32_t line_log2;
    uint64_t sets;      /* a power of two */
    uint64_t *tags;     /* [sets * ways]: line number + 1, 0 = invalid */
    uint64_t *last_use; /* [sets * ways]: LRU stamps */
    uint8_t *tree;      /* [sets * (ways - 1)]: PLRU node bits */
    uint64_t clock;     /* LRU time, one tick per lookup */
    tu_cache_stats totals;
};

static bool is_pow2_u64(uint64_t v) {
    return v && !(v & (v - 1));
}

tu_status tu_cache_config_check(const tu_cache_config *c, tu_error *err) {
    TU_RETURN_IF(!c, err, TU_INVALID_ARGUMENT, "cache configuration is NULL");
    TU_RETURN_IF(c->replacement != TU_CACHE_LRU && c->replacement != TU_CACHE_PLRU, err,
                 TU_INVALID_ARGUMENT, "cache replacement %d is not LRU (0) or PLRU (1)",
                 (int)c->replacement);
    TU_RETURN_IF(!is_pow2_u64(c->line_size) || c->line_size > MAX_LINE_SIZE, err,
                 TU_INVALID_ARGUMENT, "cache line size %u is not a power of two in 1..%u",
                 c->line_size, (unsigned)MAX_LINE_SIZE);
    TU_RETURN_IF(c->ways == 0 || c->ways > MAX_WAYS, err, TU_INVALID_ARGUMENT,
                 "cache ways %u is not 1..%u", c->ways, (unsigned)MAX_WAYS);
    TU_RETURN_IF(c->replacement == TU_CACHE_PLRU && !is_pow2_u64(c->ways), err, TU_INVALID_ARGUMENT,
                 "cache ways %u is not a power of two, which the pseudo-LRU tree needs", c->ways);
    const uint64_t set_bytes = (uint64_t)c->line_size * c->ways;
    TU_RETURN_IF(c->size == 0 || c->size % set_bytes != 0, err, TU_INVALID_ARGUMENT,
                 "cache size %llu is not a non-zero multiple of line size x ways (%u x %u = "
                 "%llu)",
                 (unsigned long long)c->size, c->line_size, c->ways, (unsigned long long)set_bytes);
    const uint64_t sets = c->size / set_bytes;
    TU_RETURN_IF(!is_pow2_u64(sets), err, TU_INVALID_ARGUMENT,
                 "cache sets %llu (size / (line size x ways)) is not a power of two",
                 (unsigned long long)sets);
    /* Bound the model's own memory: 2^24 lines is a 1 GiB cache of 64-byte lines. */
    TU_RETURN_IF(sets * c->ways > (1u << 24), err, TU_INVALID_ARGUMENT,
                 "cache of %llu lines is more than the model's limit of 2^24 lines",
                 (unsigned long long)(sets * c->ways));
    return TU_OK;
}

/* A decimal number with an optional unit suffix (KiB, MiB, K, M, B); advances *p. */
static bool parse_amount(const char **p, uint64_t *out) {
    const char *s = *p;
    uint64_t v = 0;
    if (*s < '0' || *s > '9') return false;
    for (; *s >= '0' && *s <= '9'; s++)
        if (!tuB_mul_u64(v, 10, &v) || !tuB_add_u64(v, (uint64_t)(*s - '0'), &v)) return false;
    static const struct {
        const char *name;
        unsigned shift;
    } units[] = {{"KiB", 10}, {"MiB", 20}, {"K", 10}, {"M", 20}, {"B", 0}};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        const size_t n = strlen(units[i].name);
        if (strncmp(s, units[i].name, n) == 0) {
            if (v >> (64 - units[i].shift - 1)) return false;
            v <<= units[i].shift;
            s += n;
            break;
        }
    }
    *p = s;
    *out = v;
    return true;
}

tu_status tu_cache_config_parse(const char *text, tu_cache_config *config, tu_error *err) {
    TU_RETURN_IF(!text || !config, err, TU_INVALID_ARGUMENT, "cache configuration: NULL");
    const char *p = text;
    uint64_t size, line, ways;
    TU_RETURN_IF(!parse_amount(&p, &size) || *p != ',', err, TU_PARSE_ERROR,
                 "cache \"%s\": the size (like 16KiB) must come first, then a comma", text);
    p++;
    TU_RETURN_IF(!parse_amount(&p, &line) || *p != ',', err, TU_PARSE_ERROR,
                 "cache \"%s\": the line size (like 64B) comes second, then a comma and the ways",
                 text);
    p++;
    TU_RETURN_IF(!parse_amount(&p, &ways) || (*p != ',' && *p != 0), err, TU_PARSE_ERROR,
                 "cache \"%s\": the ways (like 4) must come third", text);
    tu_cache_replacement repl = TU_CACHE_LRU;
    if (*p == ',') {
        p++;
        if (strcmp(p, "plru") == 0)
            repl = TU_CACHE_PLRU;
        else
            TU_RETURN_IF(strcmp(p, "lru") != 0, err, TU_PARSE_ERROR,
                         "cache \"%s\": replacement \"%s\" is not lru or plru", text, p);
    }
    TU_RETURN_IF(line > UINT32_MAX || ways > UINT32_MAX, err, TU_INVALID_ARGUMENT,
                 "cache \"%s\": line size or ways too large", text);
    const tu_cache_config c = {size, (uint32_t)line, (uint32_t)ways, repl};
    TU_TRY(tu_cache_config_check(&c, err));
    *config = c;
    return TU_OK;
}

tu_status tu_cache_create(const tu_cache_config *config, tu_cache **out, tu_error *err) {
    TU_RETURN_IF(!out, err, TU_INVALID_ARGUMENT, "cache: NULL output");
    *out = NULL;
    TU_TRY(tu_cache_config_check(config, err));
    tu_cache *c = calloc(1, sizeof *c);
    const uint64_t sets = config->size / ((uint64_t)config->line_size * config->ways);
    const size_t lines = (size_t)(sets * config->ways);
    if (c) {
        c->config = *config;
        c->sets = sets;
        c->line_log2 = (uint32_t)__builtin_ctz(config->line_size);
        c->tags = calloc(lines, sizeof *c->tags);
        c->last_use = calloc(lines, sizeof *c->last_use);
        c->tree = calloc((size_t)sets * config->ways, 1); /* ways - 1 used per set */
    }
    if (!c || !c->tags || !c->last_use || !c->tree) {
        tu_cache_destroy(c);
        return tuB_fail(err, TU_OUT_OF_MEMORY, "cache: could not allocate %zu lines", lines);
    }
    *out = c;
    return TU_OK;
}

void tu_cache_destroy(tu_cache *c) {
    if (!c) return;
    free(c->tags);
    free(c->last_use);
    free(c->tree);
    free(c);
}

void tu_cache_reset(tu_cache *c) {
    if (!c) return;
    const size_t lines = (size_t)(c->sets * c->config.ways);
    memset(c->tags, 0, lines * sizeof *c->tags);
    memset(c->last_use, 0, lines * sizeof *c->last_use);
    memset(c->tree, 0, lines);
    c->clock = 0;
    c->totals = (tu_cache_stats){0};
}

/* PLRU: point every node on way w's path away from w. */
static void plru_touch(uint8_t *tree, uint32_t ways, uint32_t w) {
    uint32_t node = 0, lo = 0, span = ways;
    while (span > 1) {
        span /= 2;
        const bool upper = w >= lo + span;
        tree[node] = upper ? 0 : 1;
        node = 2 * node + (upper ? 2 : 1);
        if (upper) lo += span;
    }
}

/* PLRU: the leaf the bits lead to. */
static uint32_t plru_victim(const uint8_t *tree, uint32_t ways) {
    uint32_t node = 0, lo = 0, span = ways;
    while (span > 1) {
        span /= 2;
        const bool upper = tree[node] != 0;
        node = 2 * node + (upper ? 2 : 1);
        if (upper) lo += span;
    }
    return lo;
}

/* One line: true on a hit. */
static bool lookup_line(tu_cache *c, uint64_t line) {
    const uint32_t ways = c->config.ways;
    const uint64_t set = line & (c->sets - 1);
    uint64_t *tags = c->tags + set * ways, *stamp = c->last_use + set * ways;
    uint8_t *tree = c->tree + set * ways;
    const uint64_t tag = line + 1; /* tu_cache_access keeps line below 2^64 - 1 */
    uint32_t way = ways, free_way = ways;
    for (uint32_t w = 0; w < ways; w++) {
        if (tags[w] == tag) {
            way = w;
            break;
        }
        if (!tags[w] && free_way == ways) free_way = w;
    }
    const bool hit = way < ways;
    if (!hit) {
        if (free_way < ways) {
            way = free_way;
        } else if (c->config.replacement == TU_CACHE_PLRU) {
            way = plru_victim(tree, ways);
        } else {
            way = 0;
            for (uint32_t w = 1; w < ways; w++)
                if (stamp[w] < stamp[way]) way = w;
        }
        tags[way] = tag;
    }
    stamp[way] = ++c->clock;
    if (c->config.replacement == TU_CACHE_PLRU) plru_touch(tree, ways, way);
    return hit;
}

tu_status tu_cache_access(tu_cache *c, uint64_t address, uint64_t size, tu_cache_stats *message,
                          tu_error *err) {
    TU_RETURN_IF(!c, err, TU_INVALID_ARGUMENT, "cache is NULL");
    TU_RETURN_IF(size == 0, err, TU_INVALID_ARGUMENT, "cache access size 0 at address %llu",
                 (unsigned long long)address);
    uint64_t last;
    TU_RETURN_IF(!tuB_add_u64(address, size - 1, &last), err, TU_INVALID_ARGUMENT,
                 "cache access of %llu bytes at address %llu runs past 2^64",
                 (unsigned long long)size, (unsigned long long)address);
    /* The 1-byte-line tag line + 1 must not wrap to the invalid tag 0. */
    TU_RETURN_IF(c->line_log2 == 0 && last == UINT64_MAX, err, TU_INVALID_ARGUMENT,
                 "cache access at address %llu: the last byte of memory has no 1-byte line",
                 (unsigned long long)address);
    /* An access is a texel or a run of them, never megabytes: refuse what would loop long. */
    TU_RETURN_IF((last >> c->line_log2) - (address >> c->line_log2) >= MAX_ACCESS_LINES, err,
                 TU_INVALID_ARGUMENT, "cache access of %llu bytes spans more than %u lines",
                 (unsigned long long)size, (unsigned)MAX_ACCESS_LINES);
    tu_cache_stats s = {0};
    for (uint64_t line = address >> c->line_log2; line <= last >> c->line_log2; line++) {
        s.lookups++;
        if (lookup_line(c, line))
            s.hits++;
        else
            s.misses++;
    }
    s.bytes_fetched = s.misses << c->line_log2;
    c->totals.lookups += s.lookups;
    c->totals.hits += s.hits;
    c->totals.misses += s.misses;
    c->totals.bytes_fetched += s.bytes_fetched;
    if (message) {
        message->lookups += s.lookups;
        message->hits += s.hits;
        message->misses += s.misses;
        message->bytes_fetched += s.bytes_fetched;
    }
    return TU_OK;
}

tu_cache_stats tu_cache_totals(const tu_cache *c) {
    return c ? c->totals : (tu_cache_stats){0};
}

tu_cache_config tu_cache_get_config(const tu_cache *c) {
    return c ? c->config : (tu_cache_config){0};
}
