/* SPDX-License-Identifier: MIT */
/*
 * run_visa.h - `texunit run FILE.visaasm`, `texunit asm`, `texunit disasm`.
 */
#ifndef TEXUNIT_RUN_VISA_H
#define TEXUNIT_RUN_VISA_H

#include "texunit/texunit.h"
#include "texunit/visa.h"

#include <stdbool.h>
#include <stdint.h>

#include <stdio.h>

/* Run a .visaasm kernel with its //! directives; print dumps to out, errors to err.
 * Returns 0 on success, 1 when the kernel or a directive was refused. */
int tq_run_visa(const char *path, FILE *out, FILE *err, bool texture_only);

/* Run the kernel up to the sampler instruction on source line `line`, then that instruction
 * traced to `trace` (texunit explain, which keeps lane `lane`'s records; a lane outside the
 * instruction is refused). 0, or 1 refused. */
int tq_trace_visa(const char *path, unsigned line, unsigned lane, const tu_trace_sink *trace,
                  FILE *err);

/* tq_run_visa with every send traced to `trace` (texunit run --trace / --cache). */
struct tu_trace_sink;
int tq_run_visa_traced(const char *path, FILE *out, FILE *err, const struct tu_trace_sink *trace,
                       bool texture_only);

/* Encode the kernel's instructions (movs excepted) as vISA 4.1 binary into bin_path, or as
 * hex lines with the instruction text to out when bin_path is NULL. */
int tq_asm_visa(const char *path, const char *bin_path, FILE *out, FILE *err);

/* Decode a stream of instructions for a platform (--platform: "xe-lp" or "xe2"; NULL: the
 * kernel's //! platform, else Xe-LP) and print them after a `//! platform` line (names from
 * kernel_path when given, else the declarations they imply). */
int tq_disasm_visa(const char *bin_path, const char *kernel_path, const char *platform, FILE *out,
                   FILE *err);

/* The same on bytes in memory (k: the kernel naming the variables, or NULL); name is for
 * messages. */
int tq_disasm_visa_bytes(const uint8_t *bytes, size_t size, const char *name,
                         tu_visa_platform platform, const tu_visa_kernel *k, FILE *out, FILE *err);

/* A platform's name in //! platform and --platform ("xe-lp", "xe2"), and the reverse. */
const char *tq_visa_platform_name(tu_visa_platform p);
bool tq_visa_platform_by_name(const char *name, tu_visa_platform *out);

/* Each mnemonic or statement kind of the lines of k that `pick` selects, once, with how many
 * and the first line: "mov (12 lines from 40), goto (line 77)". Returns how many lines were
 * selected. */
uint32_t tq_list_lines(FILE *f, const tu_visa_kernel *k, bool (*pick)(const tu_visa_line *));

/* The instructions outside texunit's families (TU_VISA_LINE_OTHER). */
bool tq_line_is_other(const tu_visa_line *l);

#endif /* TEXUNIT_RUN_VISA_H */
