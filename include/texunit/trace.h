/*
 * texunit/trace.h - texel access traces: what memory a message read, for simulators.
 *
 * A trace is a stream of records, one per read of surface memory (each texel a lane's
 * result used, each MCS element, each header or sampler-pool entry), delivered to a sink
 * while the message runs, and a summary per message: how many records, and how many
 * distinct cache lines of a given size they touched (the number a texture cache sees).
 *
 * A record's offset and size are bytes of the surface's own memory ([data, data + size) of
 * the tu_surface the record's `surface` id stands for); `resident` is whether the page
 * holding the offset is backed (tu_surface_offset_resident). Records come in the order the
 * engine reads, lane by lane.
 *
 * The JSON-lines form (`texunit run --trace FILE`): one object per line,
 *   {"type":"read","message":M,"lane":L,"surface":S,"kind":"texel","level":..,"layer":..,
 *    "x":..,"y":..,"z":..,"sample":..,"offset":..,"size":..,"resident":true}
 *   {"type":"message","message":M,"records":N,"line_size":64,"lines":K}
 * with the keys always in this order and every number a decimal integer.
 */
#ifndef TEXUNIT_TRACE_H
#define TEXUNIT_TRACE_H

#include "texunit/status.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a record read. */
typedef enum tu_trace_kind {
    TU_TRACE_TEXEL,       /* a texel of the surface */
    TU_TRACE_MCS,         /* an MCS element of a compressed multisample surface */
    TU_TRACE_HEADER,      /* an NVIDIA texture header (TIC entry) */
    TU_TRACE_SAMPLER_POOL /* an NVIDIA sampler entry (TSC entry) */
} tu_trace_kind;

typedef struct tu_trace_record {
    uint32_t message; /* the message's number, as the caller counts them */
    uint32_t lane;
    uint32_t surface; /* the caller's id for the memory read */
    tu_trace_kind kind;
    uint32_t level; /* memory level */
    uint32_t layer; /* array layer, or 6 * cube + face */
    uint32_t x, y, z, sample;
    uint64_t offset; /* bytes from the surface's data */
    uint32_t size;   /* bytes read */
    bool resident;
} tu_trace_record;

/* Where records go. `record` is called once per read, from the thread running the message;
 * it must not call back into the engine with the same binding's trace. */
typedef struct tu_trace_sink {
    void (*record)(void *user, const tu_trace_record *r);
    void (*end_message)(void *user); /* after the message's last record; may be NULL */
    void *user;
    uint32_t message; /* copied into each record */
    uint32_t surface; /* copied into each texel record */
} tu_trace_sink;

/* A message's summary. */
typedef struct tu_trace_summary {
    uint32_t message;
    uint64_t records;
    uint32_t line_size;
    uint64_t lines; /* distinct line_size-aligned lines the records' bytes overlap, per
                       surface id (lines of different surfaces are different lines) */
} tu_trace_summary;

/* One line of one surface: tu_trace_summarize's working space. */
typedef struct tu_trace_line {
    uint64_t line; /* offset / line_size */
    uint32_t surface;
} tu_trace_line;

/* The kind's name: "texel", "mcs", "header", "sampler_pool"; "?" for others. */
TU_API const char *tu_trace_kind_name(tu_trace_kind kind);

/*
 * Summarise `count` records of one message: *out gets the message number of the first
 * record (0 when count is 0), the count, and the distinct lines of `line_size` bytes (a
 * power of two, 1..65536) they overlap. `scratch` holds at least `scratch_count` entries;
 * a record spanning k lines needs k. Returns TU_OK, TU_INVALID_ARGUMENT (line size, NULL
 * records with count > 0), or TU_OUT_OF_RANGE when scratch is too small (naming how many
 * entries are needed).
 */
TU_API tu_status tu_trace_summarize(const tu_trace_record *records, size_t count,
                                    uint32_t line_size, tu_trace_line *scratch,
                                    size_t scratch_count, tu_trace_summary *out, tu_error *err);

/*
 * The JSON line of a record or a summary, with its final '\n', into buf (NUL-terminated).
 * Returns the length without the NUL; when that is >= cap the line was cut short (a
 * cap of 256 always suffices).
 */
TU_API size_t tu_trace_record_json(const tu_trace_record *r, char *buf, size_t cap);
TU_API size_t tu_trace_summary_json(const tu_trace_summary *s, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_TRACE_H */
