/* SPDX-License-Identifier: MIT */
/*
 * run_sass.h - `texunit run FILE.sass`: execute a program of NVIDIA TLD instructions (SASS text,
 * NVIDIA TLD page) against textures, pools, a constant bank and a warp's registers that the
 * file's directives set up, and print the registers and predicates it asks for. The format is
 * described at the top of run_sass.c and in docs/cli.md ("texunit run").
 */
#ifndef TEXUNIT_RUN_SASS_H
#define TEXUNIT_RUN_SASS_H

#include "texunit/texunit.h"

#include <stdbool.h>
#include <stdio.h>

/* Run the program at `path` (or standard input for "-"): results to `out`, the first error as
 * "texunit: PATH:LINE: reason" to `err`. Returns 0 when the whole program ran, 1 when texunit
 * refused it (the program stops at the first refused line). */
int tq_run_sass(const char *path, FILE *out, FILE *err);

/* Run the program with the TLD on source line `line` traced to `trace` (texunit explain,
 * which keeps thread `lane`'s records; a lane outside the warp is refused); the program's
 * output is discarded. 0, or 1 refused. */
int tq_trace_sass(const char *path, unsigned line, unsigned lane, const tu_trace_sink *trace,
                  FILE *err);

/* tq_run_sass with every TLD traced to `trace` (texunit run --trace / --cache). */
struct tu_trace_sink;
int tq_run_sass_traced(const char *path, FILE *out, FILE *err, const struct tu_trace_sink *trace);

/* The options of `texunit run FILE.sass`. */
typedef struct tq_sass_options {
    bool skip_other; /* --skip-other: instructions that are not TLD are skipped and counted */
    int arch;        /* --arch sm_50..sm_62 (tu_nv_arch); 0 = sm_53 */
    const struct tu_trace_sink *trace;
} tq_sass_options;

/* tq_run_sass with options (NULL: the defaults). */
int tq_run_sass_options(const char *path, FILE *out, FILE *err, const tq_sass_options *options);

#endif /* TEXUNIT_RUN_SASS_H */
