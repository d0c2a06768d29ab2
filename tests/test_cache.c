/* SPDX-License-Identifier: MIT */
/*
 * test_cache.c - the texture-cache model against brute-force references written here.
 *
 * LRU: each set a list ordered most recent first (a hit moves the line to the front, a miss
 * pushes it there and drops the last when the set is full). PLRU: the tree kept as one bit
 * per (level, range) of ways, walked range by range rather than by heap index. Both run on
 * random traces of random configurations, access by access; then hand-traced PLRU examples,
 * the configuration parser and the refusals.
 */
#include "texunit/cache.h"
#include "texunit/texunit.h"

#include "tu_test.h"

#include <stdlib.h>

enum { REF_MAX_SETS = 64, REF_MAX_WAYS = 16 };

typedef struct ref_cache {
    uint32_t line, ways, sets;
    bool plru;
    uint64_t list[REF_MAX_SETS][REF_MAX_WAYS]; /* LRU: lines, most recent first */
    uint32_t count[REF_MAX_SETS];
    uint64_t way_line[REF_MAX_SETS][REF_MAX_WAYS]; /* PLRU: the line in each way */
    bool way_valid[REF_MAX_SETS][REF_MAX_WAYS];
    /* PLRU bits: bit[set][level][range index]; 1 = the upper half is the older. */
    uint8_t bit[REF_MAX_SETS][5][REF_MAX_WAYS];
} ref_cache;

static bool ref_lru(ref_cache *r, uint64_t line) {
    const uint32_t set = (uint32_t)(line % r->sets);
    uint64_t *l = r->list[set];
    uint32_t i = 0;
    while (i < r->count[set] && l[i] != line)
        i++;
    const bool hit = i < r->count[set];
    if (!hit) {
        if (r->count[set] < r->ways) r->count[set]++;
        i = r->count[set] - 1; /* the last one falls off when full */
    }
    for (; i > 0; i--)
        l[i] = l[i - 1];
    l[0] = line;
    return hit;
}

static bool ref_plru(ref_cache *r, uint64_t line) {
    const uint32_t set = (uint32_t)(line % r->sets);
    int way = -1;
    for (uint32_t w = 0; w < r->ways && way < 0; w++)
        if (r->way_valid[set][w] && r->way_line[set][w] == line) way = (int)w;
    const bool hit = way >= 0;
    for (uint32_t w = 0; w < r->ways && way < 0; w++)
        if (!r->way_valid[set][w]) way = (int)w;
    if (way < 0) { /* follow the bits: at each level pick the half they name */
        uint32_t lo = 0, size = r->ways;
        for (int level = 0; size > 1; level++) {
            size /= 2;
            if (r->bit[set][level][lo / (size * 2)]) lo += size;
        }
        way = (int)lo;
    }
    r->way_valid[set][way] = true;
    r->way_line[set][way] = line;
    uint32_t size = r->ways;
    for (int level = 0; size > 1; level++) { /* point every range on the path away */
        const uint32_t range = (uint32_t)way / size;
        size /= 2;
        r->bit[set][level][range] = ((uint32_t)way / size) % 2 == 0;
    }
    return hit;
}

static void test_random_traces(void) {
    uint64_t rng = tu_test_seed(99);
    for (int round = 0; round < 300; round++) {
        ref_cache *r = calloc(1, sizeof *r);
        r->plru = round % 2;
        r->line = 1u << (tu_test_rand(&rng) % 8); /* 1 .. 128 */
        r->ways = r->plru ? 1u << (tu_test_rand(&rng) % 5)
                          : 1 + (uint32_t)(tu_test_rand(&rng) % REF_MAX_WAYS);
        r->sets = 1u << (tu_test_rand(&rng) % 7);
        const tu_cache_config cfg = {(uint64_t)r->line * r->ways * r->sets, r->line, r->ways,
                                     r->plru ? TU_CACHE_PLRU : TU_CACHE_LRU};
        tu_cache *c = NULL;
        tu_error err;
        if (!CHECK(tu_cache_create(&cfg, &c, &err) == TU_OK, "%s", err.message)) {
            free(r);
            continue;
        }
        /* Addresses over a footprint a few times the cache, so both hits and misses come. */
        const uint64_t span = cfg.size * (1 + tu_test_rand(&rng) % 4) + 64;
        tu_cache_stats ref_total = {0};
        int bad = 0;
        for (int i = 0; i < 2000; i++) {
            const uint64_t addr = tu_test_rand(&rng) % span;
            const uint64_t size = 1 + tu_test_rand(&rng) % 40;
            tu_cache_stats msg = {0}, ref_msg = {0};
            CHECK(tu_cache_access(c, addr, size, &msg, NULL) == TU_OK);
            for (uint64_t line = addr / r->line; line <= (addr + size - 1) / r->line; line++) {
                const bool hit = r->plru ? ref_plru(r, line) : ref_lru(r, line);
                ref_msg.lookups++;
                ref_msg.hits += hit;
                ref_msg.misses += !hit;
            }
            ref_msg.bytes_fetched = ref_msg.misses * r->line;
            ref_total.lookups += ref_msg.lookups;
            ref_total.hits += ref_msg.hits;
            ref_total.misses += ref_msg.misses;
            ref_total.bytes_fetched += ref_msg.bytes_fetched;
            if (memcmp(&msg, &ref_msg, sizeof msg) != 0 && bad++ == 0)
                CHECK(0,
                      "round %d (%s, line %u, ways %u, sets %u) access %d: hits %llu/%llu "
                      "misses %llu/%llu",
                      round, r->plru ? "plru" : "lru", r->line, r->ways, r->sets, i,
                      (unsigned long long)msg.hits, (unsigned long long)ref_msg.hits,
                      (unsigned long long)msg.misses, (unsigned long long)ref_msg.misses);
        }
        const tu_cache_stats t = tu_cache_totals(c);
        CHECK(memcmp(&t, &ref_total, sizeof t) == 0, "round %d totals", round);
        CHECK(t.hits > 0 && t.misses > 0, "round %d: the trace exercised both", round);
        tu_cache_reset(c);
        const tu_cache_stats z = tu_cache_totals(c);
        CHECK(z.lookups == 0 && z.hits == 0 && z.misses == 0 && z.bytes_fetched == 0);
        tu_cache_destroy(c);
        free(r);
    }
}

/* One set of 4 ways, 64-byte lines; lines A..F are addresses 0, 64, ... 320. */
static int lookup(tu_cache *c, int line) {
    tu_cache_stats m = {0};
    tu_cache_access(c, (uint64_t)line * 64, 1, &m, NULL);
    return (int)m.hits;
}

static void test_plru_by_hand(void) {
    tu_cache *plru = NULL, *lru = NULL;
    const tu_cache_config p = {256, 64, 4, TU_CACHE_PLRU}, l = {256, 64, 4, TU_CACHE_LRU};
    CHECK(tu_cache_create(&p, &plru, NULL) == TU_OK && tu_cache_create(&l, &lru, NULL) == TU_OK);
    if (!plru || !lru) return;
    /* A B C D fill ways 0-3. Touching way 3 last leaves root 0 (lower half older), node 1
     * (ways 0-1) 0 after B, node 2 (ways 2-3) 0 after D: E replaces way 0 (A). Touching E
     * sets root 1 and node 1 1; F then goes right, node 2 says way 2: it replaces C.
     * True LRU replaces A then B instead. */
    for (int i = 0; i < 6; i++) {
        CHECK(lookup(plru, i) == 0);
        CHECK(lookup(lru, i) == 0);
    }
    CHECK(lookup(plru, 1) == 1, "PLRU kept B");
    CHECK(lookup(lru, 1) == 0, "LRU evicted B");
    CHECK(lookup(plru, 0) == 0, "PLRU evicted A");
    /* PLRU held E B F D: after F, root 0 and node 2 1 (pointing at way 3); B's hit set root
     * 1 and node 1 0; A's miss went to the upper half, then to way 3: A replaced D. */
    CHECK(lookup(plru, 3) == 0, "PLRU evicted D for A");
    tu_cache_destroy(plru);
    tu_cache_destroy(lru);
}

static void test_spanning_access(void) {
    tu_cache *c = NULL;
    const tu_cache_config cfg = {4096, 64, 4, TU_CACHE_LRU};
    CHECK(tu_cache_create(&cfg, &c, NULL) == TU_OK);
    if (!c) return;
    tu_cache_stats m = {0};
    CHECK(tu_cache_access(c, 56, 16, &m, NULL) == TU_OK); /* bytes 56..71: lines 0 and 1 */
    CHECK(m.lookups == 2 && m.misses == 2 && m.bytes_fetched == 128);
    CHECK(tu_cache_access(c, 64, 64, &m, NULL) == TU_OK); /* line 1 only: a hit */
    CHECK(m.lookups == 3 && m.hits == 1);
    tu_error err;
    CHECK_ERR(tu_cache_access(c, 5, 0, NULL, &err), TU_INVALID_ARGUMENT, &err, "size 0");
    CHECK_ERR(tu_cache_access(c, UINT64_MAX, 2, NULL, &err), TU_INVALID_ARGUMENT, &err,
              "past 2^64");
    CHECK_ERR(tu_cache_access(c, 0, 1ull << 40, NULL, &err), TU_INVALID_ARGUMENT, &err,
              "spans more than");
    CHECK_ERR(tu_cache_access(NULL, 0, 1, NULL, &err), TU_INVALID_ARGUMENT, &err, "NULL");
    tu_cache_destroy(c);
}

static void test_config(void) {
    tu_error err;
    tu_cache_config c;
    CHECK(tu_cache_config_parse("16KiB,64B,4", &c, &err) == TU_OK);
    CHECK(c.size == 16384 && c.line_size == 64 && c.ways == 4 && c.replacement == TU_CACHE_LRU);
    CHECK(tu_cache_config_parse("1MiB,128,16,plru", &c, &err) == TU_OK);
    CHECK(c.size == 1048576 && c.line_size == 128 && c.ways == 16 &&
          c.replacement == TU_CACHE_PLRU);
    CHECK_ERR(tu_cache_config_parse("abc", &c, &err), TU_PARSE_ERROR, &err, "the size");
    CHECK_ERR(tu_cache_config_parse("16KiB,64B", &c, &err), TU_PARSE_ERROR, &err, "ways");
    CHECK_ERR(tu_cache_config_parse("16KiB,64B,4,fifo", &c, &err), TU_PARSE_ERROR, &err,
              "\"fifo\"");
    CHECK_ERR(tu_cache_config_parse("16KiB,48B,4", &c, &err), TU_INVALID_ARGUMENT, &err,
              "line size 48");
    CHECK_ERR(tu_cache_config_parse("1000,64,4", &c, &err), TU_INVALID_ARGUMENT, &err, "size 1000");
    CHECK_ERR(tu_cache_config_parse("768,64,4", &c, &err), TU_INVALID_ARGUMENT, &err, "sets 3");
    CHECK_ERR(tu_cache_config_parse("768,64,3,plru", &c, &err), TU_INVALID_ARGUMENT, &err,
              "ways 3");
    CHECK_ERR(tu_cache_config_parse("0,64,4", &c, &err), TU_INVALID_ARGUMENT, &err, "size 0");
    CHECK_ERR(tu_cache_config_parse("64,64,0", &c, &err), TU_INVALID_ARGUMENT, &err, "ways 0");
    CHECK_ERR(tu_cache_config_parse("99999999999999999999999,64,4", &c, &err), TU_PARSE_ERROR, &err,
              "the size");
    const tu_cache_config bad = {256, 64, 4, (tu_cache_replacement)7};
    tu_cache *out = (tu_cache *)&c;
    CHECK_ERR(tu_cache_create(&bad, &out, &err), TU_INVALID_ARGUMENT, &err, "replacement 7");
    CHECK(out == NULL);
    const tu_cache_config huge = {1ull << 40, 64, 4, TU_CACHE_LRU};
    CHECK_ERR(tu_cache_config_check(&huge, &err), TU_INVALID_ARGUMENT, &err, "2^24 lines");
}

int main(void) {
    TU_RUN(test_random_traces);
    TU_RUN(test_plru_by_hand);
    TU_RUN(test_spanning_access);
    TU_RUN(test_config);
    return tu_test_finish();
}
