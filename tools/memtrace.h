/* SPDX-License-Identifier: MIT */
/*
 * memtrace.h - `texunit run --trace FILE --cache SIZE,LINE,WAYS[,plru]`: the trace sink the
 * run commands hand the engine, writing JSON lines and driving the texture-cache model.
 */
#ifndef TEXUNIT_MEMTRACE_H
#define TEXUNIT_MEMTRACE_H

#include "texunit/texunit.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct tq_memtrace {
    tu_trace_sink sink;    /* give &sink to the engine */
    FILE *json;            /* --trace: one record per texel read, one summary per message */
    const char *json_path; /* its name; "-" is standard output */
    tu_cache *cache;       /* --cache */
    uint32_t line_size;    /* the summaries' line size: the cache's, else 64 */
    uint32_t message;      /* messages so far */
    tu_trace_record *recs; /* the current message's records */
    size_t n, cap;
    tu_cache_stats msg; /* the current message's cache counts */
    FILE *text;         /* where the cache's per-message and total counts are printed */
    bool message_lines; /* print each message's cache counts (open sets it; default true) */
    /* When not NULL (the caller sets both after open): the cache misses of each read are
     * added to lane_misses[lane] for lanes below `lanes` (texunit render --cache). */
    uint64_t *lane_misses;
    uint32_t lanes;
    bool failed; /* out of memory, or the cache model failed (a write error stays on json) */
} tq_memtrace;

/* Open the trace file ("-": standard output) and/or make the cache (either may be NULL: then that
 * part is off). Returns false with the reason printed to err. */
bool tq_memtrace_open(tq_memtrace *m, const char *trace_path, const char *cache_spec, FILE *text,
                      FILE *err);

/* Print the cache's totals (when there is a cache), close the file, free everything.
 * Returns false when something failed along the way (reason printed to err). */
bool tq_memtrace_close(tq_memtrace *m, FILE *err);

#endif /* TEXUNIT_MEMTRACE_H */
