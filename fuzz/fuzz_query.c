/* SPDX-License-Identifier: MIT */
/*
 * fuzz_query.c - libFuzzer target for the query language of `texunit query` (tools/query.c:
 * tq_run, tq_parse, tq_make_texture, tq_answer): texture, texture_file and sampler lines and
 * every query (fetch, lod, grad, cmp, gather, cmpgather, size, levels) with their offsets,
 * answered through the engine.
 *
 * The input is a case file. Every line must be answered or refused with "error: line N:
 * reason" (checked: as many such lines, each with a reason, as tq_run counts); nothing may
 * crash or hang. Paths of devices and /proc are left out; fuzz builds cap textures at
 * TEXUNIT_TOOL_TEXTURE_BYTES (tools/query.h).
 */
#include "fuzz_util.h"

#include "query.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (fz_names_special_file(data, size)) return 0;
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
