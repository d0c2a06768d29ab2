/* SPDX-License-Identifier: MIT */
/*
 * explain.h - `texunit explain FILE LINE [--json]`: one query line of a case file explained
 * step by step from the engine's own trace (tu_execute_traced).
 */
#ifndef TEXUNIT_EXPLAIN_H
#define TEXUNIT_EXPLAIN_H

#include <stdio.h>

/* The words after "explain": 0 explained, 1 refused (reason on err), 2 usage error. */
int te_explain(int argc, char **argv, FILE *out, FILE *err);

#endif /* TEXUNIT_EXPLAIN_H */
