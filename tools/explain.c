/* SPDX-License-Identifier: MIT */
/*
 * explain.c - `texunit explain FILE LINE [--json]`: the query on line LINE of a case file
 * (the texture and sampler its earlier lines set), run through tu_execute_traced, and each
 * step the engine records for the lane printed as it comes: the LOD (derivatives, rho, eta, lambda
 * before and after the clamps), each isotropic sample's levels and their weight, each
 * level's footprint (cube face and face coordinates, texel-space position, per-axis
 * weights), each footprint texel (wrapped coordinates or border, its weight, its value
 * after any depth compare) with the memory read behind it (byte offset, raw bits,
 * decoded value), the levels' filtered values, and the final value. Nothing here computes
 * a step itself: every number is the engine's record.
 */
#include "explain.h"

#include "file.h"
#include "help.h"
#include "json.h"
#include "query.h"
#include "run_sass.h"
#include "run_visa.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_EVENTS = 4096, MAX_LINE = 1000000, MAX_LANE = 31 };

/* One lane's records of the engine's trace (tu_execute_traced): its texel and MCS reads and
 * its steps; the other lanes' records and the header and sampler-pool reads are dropped. */
typedef struct recorder {
    tu_trace_record *events;
    size_t count;
    bool overflow;
    unsigned lane;
} recorder;

static void record(void *user, const tu_trace_record *e) {
    recorder *r = user;
    if (e->lane != r->lane || e->kind == TU_TRACE_HEADER || e->kind == TU_TRACE_SAMPLER_POOL)
        return;
    if (r->count == MAX_EVENTS) {
        r->overflow = true;
        return;
    }
    r->events[r->count++] = *e;
}

/* The steps' names in --json, by record kind. */
static const char *const kind_names[TU_TRACE_KIND_COUNT] = {
    [TU_TRACE_TEXEL] = "fetch",           [TU_TRACE_MCS] = "fetch",
    [TU_TRACE_HEADER] = "header",         [TU_TRACE_SAMPLER_POOL] = "sampler_pool",
    [TU_TRACE_MEDIA] = "media",           [TU_TRACE_LOD] = "lod",
    [TU_TRACE_SAMPLE] = "sample",         [TU_TRACE_FOOTPRINT] = "footprint",
    [TU_TRACE_FOOTPRINT_TEXEL] = "texel", [TU_TRACE_BLEND] = "blend",
    [TU_TRACE_RESULT] = "reply"};

static tu_format_class class_of(tu_format format) {
    const tu_format_desc *d = tu_format_describe(format);
    return d ? (tu_format_class)d->format_class : TU_CLASS_FLOAT;
}

/* A float as text or JSON (JSON has no NaN or infinity: those become strings). */
static void num(FILE *f, float v, bool json) {
    if (json && !isfinite(v)) {
        char word[16];
        snprintf(word, sizeof word, "%g", (double)v);
        tj_string(f, word);
    } else
        fprintf(f, "%.9g", (double)v);
}

static void value(FILE *f, const tu_texel *t, tu_format_class cls, bool json) {
    fprintf(f, json ? "[" : "(");
    for (int c = 0; c < 4; c++) {
        if (c) fprintf(f, json ? ", " : " ");
        if (cls == TU_CLASS_UINT)
            fprintf(f, "%u", t->u[c]);
        else if (cls == TU_CLASS_SINT)
            fprintf(f, "%d", t->i[c]);
        else
            num(f, t->f[c], json);
    }
    fprintf(f, json ? "]" : ")");
}

static void floats(FILE *f, const float *v, int n, bool json) {
    fprintf(f, json ? "[" : "(");
    for (int i = 0; i < n; i++) {
        if (i) fprintf(f, json ? ", " : ", ");
        num(f, v[i], json);
    }
    fprintf(f, json ? "]" : ")");
}

static void print_text(FILE *f, const recorder *r, tu_format_class texel_cls) {
    const tu_trace_record *fp = NULL; /* the footprint of a filtered sample (gathers have none) */
    bool filtered = false;
    unsigned sample = 0;
    for (size_t i = 0; i < r->count; i++) {
        const tu_trace_record *e = &r->events[i];
        switch (e->kind) {
        case TU_TRACE_LOD: {
            const float dx[3] = {e->derivs[0][0], e->derivs[1][0], e->derivs[2][0]};
            const float dy[3] = {e->derivs[0][1], e->derivs[1][1], e->derivs[2][1]};
            bool any = false;
            for (int a = 0; a < 3; a++)
                any |= dx[a] != 0.0f || dy[a] != 0.0f;
            if (!any) {
                fprintf(f,
                        "LOD\n  derivatives: none (an explicit LOD, or a gather's base level)\n");
                fprintf(f, "  lambda' %.9g (LOD + bias);  lambda %.9g (clamped to min/max LOD)\n",
                        (double)e->lambda_prime, (double)e->lambda);
                break;
            }
            fprintf(f, "LOD\n  derivatives d/dx ");
            floats(f, dx, 3, false);
            fprintf(f, "  d/dy ");
            floats(f, dy, 3, false);
            fprintf(f, "\n  rho_x %.9g  rho_y %.9g texels per pixel;  anisotropy eta %.9g\n",
                    (double)e->rho[0], (double)e->rho[1], (double)e->aniso_ratio);
            fprintf(f, "  lambda' %.9g (base + bias);  lambda %.9g (clamped to min/max LOD)\n",
                    (double)e->lambda_prime, (double)e->lambda);
            break;
        }
        case TU_TRACE_SAMPLE:
            filtered = true;
            fprintf(f, "sample %u at ", ++sample);
            floats(f, e->coord, 3, false);
            if (e->level_lo != e->level)
                fprintf(f, ": levels %u and %u, weight of level %u %.9g\n", e->level, e->level_lo,
                        e->level_lo, (double)e->level_weight);
            else
                fprintf(f, ": level %u\n", e->level);
            break;
        case TU_TRACE_FOOTPRINT:
            fp = filtered ? e : NULL;
            fprintf(f, "  level %u", e->level);
            if (e->cube)
                fprintf(f, ", cube face %u at (s, t) (%.9g, %.9g)", e->face, (double)e->face_st[0],
                        (double)e->face_st[1]);
            fprintf(f, ": texel-space position ");
            floats(f, e->coord, 3, false);
            if (e->dims)
                fprintf(f, ", first texel (%d, %d, %d), weights (%.9g, %.9g, %.9g) on %u axes\n",
                        e->base[0], e->base[1], e->base[2], (double)e->weight[0],
                        (double)e->weight[1], (double)e->weight[2], e->dims);
            else
                fprintf(f, ", nearest\n");
            break;
        case TU_TRACE_TEXEL:
        case TU_TRACE_MCS:
            fprintf(f, "      read (%u, %u, %u) layer %u level %u sample %u at byte %llu: ", e->x,
                    e->y, e->z, e->layer, e->level, e->sample, (unsigned long long)e->offset);
            if (!e->resident) fprintf(f, "not resident, reads zero; ");
            fprintf(f, "raw");
            for (unsigned b = 0; b < e->raw_size; b++)
                fprintf(f, " %02x", e->raw[b]);
            fprintf(f, " -> ");
            value(f, &e->value, class_of(e->format), false);
            fprintf(f, "\n");
            break;
        case TU_TRACE_FOOTPRINT_TEXEL:
            fprintf(f, "    texel %u of %u", e->index + 1, e->count);
            if (e->border)
                fprintf(f, ": border colour");
            else
                fprintf(f, " (%u, %u, %u) layer %u", e->x, e->y, e->z, e->layer);
            if (fp) fprintf(f, ", weight %.9g", (double)e->texel_weight);
            fprintf(f, ": ");
            value(f, &e->value, texel_cls, false);
            fprintf(f, "\n");
            break;
        case TU_TRACE_BLEND:
            fprintf(f, "  filtered: level %u ", e->level);
            value(f, &e->hi, TU_CLASS_FLOAT, false);
            if (e->level_lo != e->level) {
                fprintf(f, ", level %u ", e->level_lo);
                value(f, &e->lo, TU_CLASS_FLOAT, false);
            }
            fprintf(f, " -> ");
            value(f, &e->value, TU_CLASS_FLOAT, false);
            fprintf(f, "\n");
            break;
        case TU_TRACE_RESULT:
            fprintf(f, "the lane's reply: ");
            value(f, &e->value, (tu_format_class)e->value_class, false);
            fprintf(f, "\n");
            break;
        default: break; /* header and sampler-pool reads: not recorded */
        }
    }
}

static void print_json(FILE *f, const recorder *r, tu_format_class texel_cls) {
    const tu_trace_record *fp = NULL; /* as in print_text */
    bool filtered = false;
    fprintf(f, "  \"steps\": [");
    for (size_t i = 0; i < r->count; i++) {
        const tu_trace_record *e = &r->events[i];
        fprintf(f, "%s\n    {\"step\": ", i ? "," : "");
        tj_string(f, kind_names[e->kind]);
        switch (e->kind) {
        case TU_TRACE_LOD:
            fprintf(f, ", \"derivatives\": [");
            for (int a = 0; a < 3; a++) {
                fprintf(f, a ? ", " : "");
                floats(f, e->derivs[a], 2, true);
            }
            fprintf(f, "], \"rho\": ");
            floats(f, e->rho, 2, true);
            fprintf(f, ", \"anisotropy\": ");
            num(f, e->aniso_ratio, true);
            fprintf(f, ", \"lambda_prime\": ");
            num(f, e->lambda_prime, true);
            fprintf(f, ", \"lambda\": ");
            num(f, e->lambda, true);
            break;
        case TU_TRACE_SAMPLE:
            filtered = true;
            fprintf(f, ", \"coord\": ");
            floats(f, e->coord, 3, true);
            fprintf(f, ", \"level\": %u, \"level_lo\": %u, \"weight_lo\": ", e->level, e->level_lo);
            num(f, e->level_weight, true);
            break;
        case TU_TRACE_FOOTPRINT:
            fp = filtered ? e : NULL;
            fprintf(f, ", \"level\": %u, \"texel_position\": ", e->level);
            floats(f, e->coord, 3, true);
            if (e->cube) {
                fprintf(f, ", \"face\": %u, \"face_st\": ", e->face);
                floats(f, e->face_st, 2, true);
            }
            fprintf(f, ", \"linear_axes\": %u, \"first\": [%d, %d, %d], \"weights\": ", e->dims,
                    e->base[0], e->base[1], e->base[2]);
            floats(f, e->weight, 3, true);
            break;
        case TU_TRACE_TEXEL:
        case TU_TRACE_MCS:
            fprintf(f, ", \"texel\": [%u, %u, %u], \"layer\": %u, \"level\": %u, \"offset\": %llu",
                    e->x, e->y, e->z, e->layer, e->level, (unsigned long long)e->offset);
            fprintf(f, ", \"resident\": %s, \"raw\": ", e->resident ? "true" : "false");
            char raw[2 * sizeof e->raw + 1] = "";
            for (unsigned b = 0; b < e->raw_size && b < sizeof e->raw; b++)
                snprintf(raw + 2 * b, 3, "%02x", e->raw[b]);
            tj_string(f, raw);
            fprintf(f, ", \"value\": ");
            value(f, &e->value, class_of(e->format), true);
            break;
        case TU_TRACE_FOOTPRINT_TEXEL:
            fprintf(f, ", \"index\": %u, \"count\": %u, \"border\": %s", e->index, e->count,
                    e->border ? "true" : "false");
            if (!e->border)
                fprintf(f, ", \"texel\": [%u, %u, %u], \"layer\": %u", e->x, e->y, e->z, e->layer);
            if (fp) {
                fprintf(f, ", \"weight\": ");
                num(f, e->texel_weight, true);
            }
            fprintf(f, ", \"value\": ");
            value(f, &e->value, texel_cls, true);
            break;
        case TU_TRACE_BLEND:
            fprintf(f, ", \"level\": %u, \"level_lo\": %u, \"filtered\": ", e->level, e->level_lo);
            value(f, &e->hi, TU_CLASS_FLOAT, true);
            fprintf(f, ", \"filtered_lo\": ");
            value(f, &e->lo, TU_CLASS_FLOAT, true);
            fprintf(f, ", \"value\": ");
            value(f, &e->value, TU_CLASS_FLOAT, true);
            break;
        case TU_TRACE_RESULT:
            fprintf(f, ", \"value\": ");
            value(f, &e->value, (tu_format_class)e->value_class, true);
            break;
        default: break;
        }
        fprintf(f, "}");
    }
    fprintf(f, "\n  ],\n");
}

/* The query line's text, for the heading. */
static void line_text(FILE *in, unsigned target, char *buf, size_t size) {
    rewind(in);
    buf[0] = 0;
    for (unsigned n = 1; fgets(buf, (int)size, in); n++)
        if (n == target) break;
    buf[strcspn(buf, "\r\n")] = 0;
}

/* The class texel values print in: the lane's reply's (a compare's results are floats), or
 * the format's when nothing replied. */
static tu_format_class texel_class(const recorder *r, tu_format_class fallback) {
    for (size_t i = 0; i < r->count; i++)
        if (r->events[i].kind == TU_TRACE_RESULT) return (tu_format_class)r->events[i].value_class;
    return fallback;
}

/* `explain FILE.visaasm|FILE.sass LINE LANE`: the kernel or program up to that
 * instruction, then the lane. */
static int explain_lane(const char *path, bool sass, unsigned long line, unsigned long lane,
                        bool json, FILE *out, FILE *err) {
    recorder rec = {calloc(MAX_EVENTS, sizeof(tu_trace_record)), 0, false, 0};
    if (!rec.events) {
        fprintf(err, "texunit: explain: out of memory\n");
        return 1;
    }
    rec.lane = (unsigned)lane;
    const tu_trace_sink sink = {record, NULL, &rec, 0, 0};
    int status = sass ? tq_trace_sass(path, (unsigned)line, rec.lane, &sink, err)
                      : tq_trace_visa(path, (unsigned)line, rec.lane, &sink, err);
    if (!status && rec.count == 0) {
        fprintf(err, "texunit: %s:%lu: lane %lu did not execute (execution mask or predicate)\n",
                path, line, lane);
        status = 1;
    }
    if (!status) {
        const tu_format_class cls = texel_class(&rec, TU_CLASS_FLOAT);
        if (json) {
            fprintf(out, "{\n  \"file\": ");
            tj_string(out, path);
            fprintf(out, ", \"line\": %lu, \"lane\": %lu,\n", line, lane);
            print_json(out, &rec, cls);
            fprintf(out, "  \"truncated\": %s\n}\n", rec.overflow ? "true" : "false");
        } else {
            fprintf(out, "%s:%lu: lane %lu\n", path, line, lane);
            print_text(out, &rec, cls);
            if (rec.overflow) fprintf(out, "(the trace stops after %d steps)\n", MAX_EVENTS);
        }
    }
    free(rec.events);
    return status;
}

static bool ends_with(const char *s, const char *suffix) {
    const size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

int te_explain(int argc, char **argv, FILE *out, FILE *err) {
    bool json = false;
    const char *words[3];
    int n = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            json = true;
        else if (n < 3)
            words[n++] = argv[i];
        else
            n = 4;
    }
    const bool sass = n >= 1 && ends_with(words[0], ".sass");
    const bool visa = n >= 1 && (sass || ends_with(words[0], ".visaasm"));
    if (n != (visa ? 3 : 2))
        return th_usage_error(err, "explain", "%s",
                              "usage: explain FILE LINE [--json], explain "
                              "FILE.visaasm|FILE.sass LINE LANE [--json]");
    uint32_t line = 0, lane_number = 0;
    if (!tq_parse_u32(words[1], MAX_LINE, &line) || line == 0)
        return th_usage_error(err, "explain", "LINE '%s' is not a line number 1..%d", words[1],
                              MAX_LINE);
    if (visa && !tq_parse_u32(words[2], MAX_LANE, &lane_number))
        return th_usage_error(err, "explain", "LANE '%s' is not a lane 0..%d", words[2], MAX_LANE);
    const unsigned long target = line, lane = lane_number;
    if (visa) return explain_lane(words[0], sass, target, lane, json, out, err);
    char *bytes, why[400];
    FILE *in = tf_open_text(words[0], &bytes, why, sizeof why);
    if (!in) {
        fprintf(err, "texunit: %s\n", why);
        return 1;
    }
    tu_image img;
    tq_sampler smp;
    tq_line q;
    if (!tq_state_at(in, (unsigned)target, &img, &smp, &q, why, sizeof why)) {
        fprintf(err, "texunit: %s:%lu: %s\n", words[0], target, why);
        fclose(in);
        free(bytes);
        return 1;
    }
    char text[1100];
    line_text(in, (unsigned)target, text, sizeof text);
    fclose(in);
    free(bytes);
    recorder rec = {calloc(MAX_EVENTS, sizeof(tu_trace_record)), 0, false, 0};
    int status = 0;
    tu_texel result;
    tu_format_class cls;
    const tu_trace_sink sink = {record, NULL, &rec, 0, 0}; /* the query's one lane, 0 */
    if (!rec.events) {
        fprintf(err, "texunit: explain: out of memory\n");
        status = 1;
    } else if (!tq_answer_traced(&q, &img, &smp, &sink, &result, &cls, why, sizeof why)) {
        fprintf(err, "texunit: %s:%lu: %s\n", words[0], target, why);
        status = 1;
    }
    if (!status) {
        const tu_surface *s = &img.surface;
        const tu_format_desc *d = tu_format_describe(s->format);
        const tu_format_class texel_cls = q.kind == TQ_CMP || q.kind == TQ_CMPGATHER
                                              ? TU_CLASS_FLOAT
                                              : (tu_format_class)d->format_class;
        if (json) {
            fprintf(out, "{\n  \"file\": ");
            tj_string(out, words[0]);
            fprintf(out, ", \"line\": %lu, \"query\": ", target);
            tj_string(out, text);
            fprintf(out, ",\n  \"texture\": {\"type\": ");
            tj_string(out, tq_type_word(s->type, s->arrayed));
            fprintf(out, ", \"format\": ");
            tj_string(out, d->name);
            fprintf(out, ", \"size\": [%u, %u, %u], \"levels\": %u, \"layers\": %u},\n", s->width,
                    s->height, s->depth, s->level_count, s->layers);
            print_json(out, &rec, texel_cls);
            fprintf(out, "  \"truncated\": %s,\n  \"result\": ", rec.overflow ? "true" : "false");
            value(out, &result, cls, true);
            fprintf(out, "\n}\n");
        } else {
            fprintf(out, "%s:%lu: %s\n", words[0], target, text);
            fprintf(out, "texture: %s %s %ux%ux%u, levels %u, layers %u\n",
                    tq_type_word(s->type, s->arrayed), d->name, s->width, s->height, s->depth,
                    s->level_count, s->layers);
            if (q.kind == TQ_CMP || q.kind == TQ_CMPGATHER)
                fprintf(out,
                        "depth compare against reference %.9g: a texel's value below is "
                        "its result (1 passes, 0 fails)\n",
                        (double)q.ref);
            print_text(out, &rec, texel_cls);
            if (rec.overflow) fprintf(out, "(the trace stops after %d steps)\n", MAX_EVENTS);
            fprintf(out, "result: ");
            tq_print(out, &result, cls);
        }
    }
    free(rec.events);
    tu_image_free(&img);
    return status;
}
