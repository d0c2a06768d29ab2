/* SPDX-License-Identifier: MIT */
/*
 * trace.c - texel access traces (texunit/trace.h): the per-message summary of distinct cache
 * lines and the JSON-lines form of records and summaries. On the surface floor: a record
 * speaks of a surface's memory, and the engine one floor up produces them.
 */
#include "texunit/trace.h"

#include "../base/base.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

const char *tu_trace_kind_name(tu_trace_kind kind) {
    static const char *const names[TU_TRACE_KIND_COUNT] = {
        "texel",  "mcs",       "header",          "sampler_pool", "media", "lod",
        "sample", "footprint", "footprint_texel", "blend",        "result"};
    return (unsigned)kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}

static int line_order(const void *a, const void *b) {
    const tu_trace_line *x = a, *y = b;
    if (x->surface != y->surface) return x->surface < y->surface ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line;
}

tu_status tu_trace_summarize(const tu_trace_record *records, size_t count, uint32_t line_size,
                             tu_trace_line *scratch, size_t scratch_count, tu_trace_summary *out,
                             tu_error *err) {
    TU_RETURN_IF(!out, err, TU_INVALID_ARGUMENT, "trace summary: NULL output");
    TU_RETURN_IF(line_size == 0 || (line_size & (line_size - 1)) || line_size > 65536, err,
                 TU_INVALID_ARGUMENT, "trace line size %u is not a power of two in 1..65536",
                 line_size);
    TU_RETURN_IF(count && !records, err, TU_INVALID_ARGUMENT, "trace summary: NULL records");
    size_t needed = 0;
    for (size_t i = 0; i < count; i++) {
        const tu_trace_record *r = &records[i];
        if (r->size == 0 || !tu_trace_kind_is_read(r->kind)) continue;
        const uint64_t last = r->offset + (r->size - 1);
        TU_RETURN_IF(last < r->offset, err, TU_INVALID_ARGUMENT,
                     "trace record %zu: offset %" PRIu64 " + size %u runs past 2^64", i, r->offset,
                     r->size);
        needed += (size_t)(last / line_size - r->offset / line_size + 1);
    }
    TU_RETURN_IF(needed > scratch_count || (needed && !scratch), err, TU_OUT_OF_RANGE,
                 "trace summary needs %zu scratch lines, given %zu", needed, scratch_count);
    size_t n = 0, reads = 0;
    for (size_t i = 0; i < count; i++) {
        const tu_trace_record *r = &records[i];
        if (!tu_trace_kind_is_read(r->kind)) continue;
        reads++;
        if (r->size == 0) continue;
        const uint64_t first = r->offset / line_size, last = (r->offset + r->size - 1) / line_size;
        for (uint64_t line = first; line <= last; line++)
            scratch[n++] = (tu_trace_line){line, r->surface};
    }
    if (n) qsort(scratch, n, sizeof *scratch, line_order);
    uint64_t distinct = 0;
    for (size_t i = 0; i < n; i++)
        distinct += i == 0 || line_order(&scratch[i - 1], &scratch[i]) != 0;
    *out = (tu_trace_summary){count ? records[0].message : 0, reads, line_size, distinct};
    return TU_OK;
}

size_t tu_trace_record_json(const tu_trace_record *r, char *buf, size_t cap) {
    if (!tu_trace_kind_is_read(r->kind)) {
        if (cap) buf[0] = 0;
        return 0;
    }
    const int n =
        snprintf(buf, cap,
                 "{\"type\":\"read\",\"message\":%" PRIu32 ",\"lane\":%" PRIu32
                 ",\"surface\":%" PRIu32 ",\"kind\":\"%s\",\"level\":%" PRIu32 ",\"layer\":%" PRIu32
                 ",\"x\":%" PRIu32 ",\"y\":%" PRIu32 ",\"z\":%" PRIu32 ",\"sample\":%" PRIu32
                 ",\"offset\":%" PRIu64 ",\"size\":%" PRIu32 ",\"resident\":%s}\n",
                 r->message, r->lane, r->surface, tu_trace_kind_name(r->kind), r->level, r->layer,
                 r->x, r->y, r->z, r->sample, r->offset, r->size, r->resident ? "true" : "false");
    return n < 0 ? 0 : (size_t)n;
}

size_t tu_trace_summary_json(const tu_trace_summary *s, char *buf, size_t cap) {
    const int n = snprintf(buf, cap,
                           "{\"type\":\"message\",\"message\":%" PRIu32 ",\"records\":%" PRIu64
                           ",\"line_size\":%" PRIu32 ",\"lines\":%" PRIu64 "}\n",
                           s->message, s->records, s->line_size, s->lines);
    return n < 0 ? 0 : (size_t)n;
}
