/* SPDX-License-Identifier: MIT */
/*
 * texunit/trace.h - the engine's trace: what a message read and how each lane got its value.
 *
 * A trace is one stream of records delivered to a sink while the message runs
 * (tu_execute_traced; the front ends' tu_visa_state.trace and tu_nv_state.trace). Two kinds
 * of record share it:
 *   reads  (tu_trace_kind_is_read): one per read of memory, each texel a lane's result used
 *          (TEXEL), each MCS element, each header or sampler-pool entry; a memory-access
 *          trace for simulators keeps these (texunit run --trace, the cache model);
 *   steps  how a lane's value came about, in order: LOD, per sample SAMPLE, per level
 *          FOOTPRINT and its FOOTPRINT_TEXELs (each followed by nothing or preceded by the
 *          TEXEL read behind it), BLEND, and RESULT; texunit explain keeps one lane's steps
 *          and reads.
 * and a summary per message: how many reads, and how many distinct cache lines of a given
 * size they touched (the number a texture cache sees).
 *
 * A record's offset and size are bytes of the surface's own memory ([data, data + size) of
 * the tu_surface the record's `surface` id stands for); `resident` is whether every page its
 * bytes touch is backed (tu_surface_offset_resident of the first and the last byte). Records
 * come in the order the engine reads, lane by lane.
 *
 * The JSON-lines form (`texunit run --trace FILE`): one object per line,
 *   {"type":"read","message":M,"lane":L,"surface":S,"kind":"texel","level":..,"layer":..,
 *    "x":..,"y":..,"z":..,"sample":..,"offset":..,"size":..,"resident":true}
 *   {"type":"message","message":M,"records":N,"line_size":64,"lines":K}
 * with the keys always in this order and every number a decimal integer.
 */
#ifndef TEXUNIT_TRACE_H
#define TEXUNIT_TRACE_H

#include "texunit/format.h"
#include "texunit/status.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a record is: a read of memory (the first four), or a step of a lane. */
typedef enum tu_trace_kind {
    TU_TRACE_TEXEL,        /* read: a texel of the surface (raw, value: its bytes, decoded) */
    TU_TRACE_MCS,          /* read: an MCS element of a compressed multisample surface */
    TU_TRACE_HEADER,       /* read: an NVIDIA texture header (TIC entry) */
    TU_TRACE_SAMPLER_POOL, /* read: an NVIDIA sampler entry (TSC entry) */
    /* read: bytes of one element copied by a MEDIA_LD block read (tu_media_block_read_traced):
     * layer the plane, x the element (clamped), y the memory row, offset and size the bytes
     * copied from it (consecutive; raw the bytes copied), format the plane's */
    TU_TRACE_MEDIA,
    /* LOD: derivs (per axis: along x, along y; normalized), rho (x, y, in texels),
     * aniso_ratio, lambda_prime (biased), lambda (clamped) */
    TU_TRACE_LOD,
    /* one isotropic sample (index of count; count > 1 with anisotropy): coord, the levels
     * level (finer) and level_lo and the weight of level_lo */
    TU_TRACE_SAMPLE,
    /* one level's footprint: level, for cubes face and face_st, coord the texel-space
     * position per axis, base the first texel, dims linear axes and their weights */
    TU_TRACE_FOOTPRINT,
    /* footprint texel `index` of `count`: x y z layer (wrapped; layer is 6 * cube + face for
     * cubes) or border, value after any depth compare, texel_weight its filter weight in its
     * level (the product of weight[a] or 1 - weight[a] over the linear axes; 0 for gathers) */
    TU_TRACE_FOOTPRINT_TEXEL,
    TU_TRACE_BLEND,  /* the sample's levels' filtered values hi (level), lo (level_lo), value */
    TU_TRACE_RESULT, /* the lane's value as the reply holds it, typed by value_class */
    TU_TRACE_KIND_COUNT
} tu_trace_kind;

/* Whether records of the kind are reads of memory (TEXEL, MCS, HEADER, SAMPLER_POOL, MEDIA). */
static inline bool tu_trace_kind_is_read(tu_trace_kind kind) {
    return kind <= TU_TRACE_MEDIA;
}

/* One record. Every record has message, lane and kind; a read has the fields up to resident
 * (and for TEXEL and MCS raw, raw_size, format and value); a step the fields its kind names. A
 * record is valid during the sink's call only. */
typedef struct tu_trace_record {
    uint32_t message; /* the message's number, as the caller counts them */
    uint32_t lane;
    uint32_t surface; /* the caller's id for the memory read */
    tu_trace_kind kind;
    uint32_t level; /* memory level (reads); the view level (steps) */
    uint32_t layer; /* array layer, or 6 * cube + face */
    uint32_t x, y, z, sample;
    uint64_t offset; /* bytes from the surface's data */
    uint32_t size;   /* bytes read */
    bool resident;
    /* TEXEL and MCS reads */
    uint8_t raw[16];   /* the first raw_size bytes read (zero bytes when not resident) */
    unsigned raw_size; /* min(size, 16) */
    tu_format format;  /* the surface's format */
    tu_texel value;    /* decoded (reads); the step's value (FOOTPRINT_TEXEL, BLEND, RESULT) */
    /* steps */
    unsigned index, count;
    float derivs[3][2], rho[2], aniso_ratio, lambda_prime, lambda;
    float coord[3];
    uint32_t level_lo;
    float level_weight;
    bool cube;
    uint32_t face;
    float face_st[2];
    unsigned dims;
    int32_t base[3];
    float weight[3];
    float texel_weight;
    bool border;
    tu_texel hi, lo;
    uint8_t value_class; /* RESULT: the reply's tu_format_class */
} tu_trace_record;

/* Where records go. `record` is called once per record, from the thread running the
 * message; it must not call back into the engine with the same binding's trace. */
typedef struct tu_trace_sink {
    void (*record)(void *user, const tu_trace_record *r);
    void (*end_message)(void *user); /* after the message's last record; may be NULL */
    void *user;
    uint32_t message; /* copied into each record */
    uint32_t surface; /* copied into each texel and MCS record */
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

/* The kind's name: "texel", "mcs", "header", "sampler_pool", "media", "lod", "sample", "footprint",
 * "footprint_texel", "blend", "result"; "?" for others. */
TU_API const char *tu_trace_kind_name(tu_trace_kind kind);

/*
 * Summarise the reads among `count` records of one message (steps are skipped): *out gets
 * the message number of the first record (0 when count is 0), the reads, and the distinct lines of
 * `line_size` bytes (a power of two, 1..65536) they overlap. `scratch` holds at least
 * `scratch_count` entries; a record spanning k lines needs k. Returns TU_OK, TU_INVALID_ARGUMENT
 * (line size, NULL records with count > 0), or TU_OUT_OF_RANGE when scratch is too small (naming
 * how many entries are needed).
 */
TU_API tu_status tu_trace_summarize(const tu_trace_record *records, size_t count,
                                    uint32_t line_size, tu_trace_line *scratch,
                                    size_t scratch_count, tu_trace_summary *out, tu_error *err);

/*
 * The JSON line of a read record (the form above; steps have no JSON form and give "") or a
 * summary, with its final '\n', into buf (NUL-terminated).
 * Returns the length without the NUL; when that is >= cap the line was cut short (a
 * cap of 256 always suffices).
 */
TU_API size_t tu_trace_record_json(const tu_trace_record *r, char *buf, size_t cap);
TU_API size_t tu_trace_summary_json(const tu_trace_summary *s, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_TRACE_H */
