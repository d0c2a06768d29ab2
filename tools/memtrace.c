/* SPDX-License-Identifier: MIT */
/*
 * memtrace.c - the trace sink of `texunit run --trace/--cache` (memtrace.h).
 *
 * Cache addresses: a record's offset is within its surface's memory, so each surface id and
 * record kind gets its own 2^40-byte region of the cache's address space: address =
 * ((kind << 32 | surface) << 40) + offset, wrapping in 64 bits (docs/semantics.md,
 * "Texel access traces").
 */
#include "memtrace.h"

#include "file.h"

#include <stdlib.h>
#include <string.h>

/* The engine's records: the reads are the memory trace; the lanes' steps are not kept. */
static void record(void *user, const tu_trace_record *r) {
    tq_memtrace *m = user;
    if (!tu_trace_kind_is_read(r->kind)) return;
    if (m->n == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 256;
        tu_trace_record *grown = realloc(m->recs, cap * sizeof *grown);
        if (!grown) {
            m->failed = true;
            return;
        }
        m->recs = grown, m->cap = cap;
    }
    tu_trace_record *own = &m->recs[m->n++];
    *own = *r;
    own->message = m->message;
    if (m->json) {
        char line[256];
        const size_t len = tu_trace_record_json(own, line, sizeof line);
        fwrite(line, 1, len, m->json); /* an error stays on the stream */
    }
    if (m->cache) {
        const uint64_t region = ((uint64_t)r->kind << 32 | r->surface) << 40;
        const uint64_t before = m->msg.misses;
        m->failed |= tu_cache_access(m->cache, region + r->offset, r->size, &m->msg, NULL) != TU_OK;
        if (m->lane_misses && r->lane < m->lanes) m->lane_misses[r->lane] += m->msg.misses - before;
    }
}

static void end_message(void *user) {
    tq_memtrace *m = user;
    if (m->json) {
        size_t lines = 0;
        for (size_t i = 0; i < m->n; i++)
            lines += (m->recs[i].offset + m->recs[i].size - 1) / m->line_size -
                     m->recs[i].offset / m->line_size + 1;
        tu_trace_line *scratch = malloc((lines ? lines : 1) * sizeof *scratch);
        tu_trace_summary s;
        if (!scratch ||
            tu_trace_summarize(m->recs, m->n, m->line_size, scratch, lines, &s, NULL) != TU_OK) {
            m->failed = true;
        } else {
            s.message = m->message;
            char line[256];
            const size_t len = tu_trace_summary_json(&s, line, sizeof line);
            fwrite(line, 1, len, m->json); /* an error stays on the stream */
        }
        free(scratch);
    }
    if (m->cache && m->message_lines)
        fprintf(m->text, "cache message %u: lookups %llu hits %llu misses %llu bytes %llu\n",
                m->message, (unsigned long long)m->msg.lookups, (unsigned long long)m->msg.hits,
                (unsigned long long)m->msg.misses, (unsigned long long)m->msg.bytes_fetched);
    m->msg = (tu_cache_stats){0};
    m->n = 0;
    m->message++;
}

bool tq_memtrace_open(tq_memtrace *m, const char *trace_path, const char *cache_spec, FILE *text,
                      FILE *err) {
    memset(m, 0, sizeof *m);
    m->text = text;
    m->message_lines = true;
    m->line_size = 64;
    m->sink = (tu_trace_sink){record, end_message, m, 0, 0};
    if (cache_spec) {
        tu_cache_config cfg;
        tu_error e = {0};
        if (tu_cache_config_parse(cache_spec, &cfg, &e) != TU_OK ||
            tu_cache_create(&cfg, &m->cache, &e) != TU_OK) {
            fprintf(err, "texunit: --cache %s: %s\n", cache_spec, e.message);
            return false;
        }
        m->line_size = cfg.line_size;
    }
    char why[300];
    m->json_path = trace_path;
    if (trace_path && !(m->json = tf_create(trace_path, why, sizeof why))) {
        fprintf(err, "texunit: --trace %s\n", why);
        tu_cache_destroy(m->cache);
        m->cache = NULL;
        return false;
    }
    return true;
}

bool tq_memtrace_close(tq_memtrace *m, FILE *err) {
    if (m->cache) {
        const tu_cache_stats t = tu_cache_totals(m->cache);
        const tu_cache_config c = tu_cache_get_config(m->cache);
        fprintf(m->text,
                "cache %llu B, %u B lines, %u ways, %s: %u messages, lookups %llu hits %llu "
                "misses %llu bytes %llu\n",
                (unsigned long long)c.size, c.line_size, c.ways,
                c.replacement == TU_CACHE_PLRU ? "plru" : "lru", m->message,
                (unsigned long long)t.lookups, (unsigned long long)t.hits,
                (unsigned long long)t.misses, (unsigned long long)t.bytes_fetched);
    }
    char why[300];
    const bool written = !m->json || tf_close(m->json, m->json_path, why, sizeof why);
    if (!written) fprintf(err, "texunit: --trace %s\n", why);
    tu_cache_destroy(m->cache);
    free(m->recs);
    if (m->failed) fprintf(err, "texunit: the trace or the cache model failed (out of memory)\n");
    const bool ok = written && !m->failed;
    memset(m, 0, sizeof *m);
    return ok;
}
