/*
 * fuzz_query.c - libFuzzer target for the query language of `texunit query` (tools/query.c:
 * tq_run, tq_parse, tq_make_texture, tq_answer): texture, texture_file and sampler lines and
 * every query (fetch, lod, grad, cmp, gather, cmpgather, size, levels) with their offsets,
 * answered through the engine.
 *
 * The input is a case file. Every line must be answered or refused with "error: line N:
 * reason" (checked: as many such lines, each with a reason, as tq_run counts); nothing may
 * crash or hang. Paths of devices and /proc are left out, and so are textures of more than
 * FZ_QUERY_TEXELS texels.
 */
#include "fuzz_util.h"

#include "query.h"

/* Whether a texture line of the case file (read by the tool's own line reader and parser)
 * asks for more than FZ_QUERY_TEXELS texels of level 0. Such a texture is filled, and for a
 * tiling copied, texel by texel: 24 million of them took over libFuzzer's 25 s under the
 * sanitizers (a timeout found by the 2026-11-27 run), and the rules are the same at every
 * size; sizes no memory holds stay refused in the unit tests (test_surface). */
enum { FZ_QUERY_TEXELS = 1 << 20 };
static bool asks_for_a_large_texture(const uint8_t *data, size_t size) {
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in) return true;
    char line[1100], why[300];
    size_t len;
    bool large = false;
    for (tq_line_read got;
         !large && (got = tq_read_line(in, line, sizeof line, &len)) != TQ_LINE_EOF;) {
        tq_line q;
        if (got != TQ_LINE || !tq_parse(line, TU_SURFACE_2D, false, &q, why, sizeof why) ||
            q.kind != TQ_TEXTURE)
            continue;
        const tq_texture *t = &q.texture;
        const double texels = (double)t->width * t->height * t->depth * t->layers;
        large = texels > FZ_QUERY_TEXELS;
    }
    fclose(in);
    return large;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (fz_names_special_file(data, size) || asks_for_a_large_texture(data, size)) return 0;
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in) return 0;
    char *out = NULL;
    size_t out_size = 0;
    FILE *answers = open_memstream(&out, &out_size);
    if (!answers) abort();
    const unsigned bad = tq_run(in, "fuzz", answers, NULL, false, NULL);
    fclose(answers);
    fclose(in);
    /* every malformed line is reported with its number and a reason */
    unsigned reported = 0;
    for (const char *p = out; (p = strstr(p, "error: line ")) != NULL; p++) {
        const char *reason = strstr(p + 12, ": ");
        const char *eol = strchr(p, '\n');
        if (!reason || (eol && reason > eol) || reason[2] == '\n' || !reason[2]) {
            fprintf(stderr, "an error without a reason: %.80s\n", p);
            abort();
        }
        reported++;
    }
    if (reported != bad) {
        fprintf(stderr, "%u malformed lines, %u reported\n", bad, reported);
        abort();
    }
    free(out);
    return 0;
}
