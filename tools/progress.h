/* SPDX-License-Identifier: MIT */
/*
 * progress.h - a progress bar for the texunit command: on standard error, only when it is
 * a terminal, and only once the work has run for a second (short work stays silent).
 */
#ifndef TEXUNIT_PROGRESS_H
#define TEXUNIT_PROGRESS_H

#include "texunit/texunit.h"

#include <stdbool.h>

typedef struct tp_bar {
    const char *what; /* "gen", "render", ... */
    double start, last_draw;
    bool tty, shown;
} tp_bar;

/* Start timing `what`; the bar appears only if standard error is a terminal. */
void tp_start(tp_bar *bar, const char *what);

/* The tu_progress that draws bar (its report is tp_report). */
tu_progress tp_progress(tp_bar *bar);

/* A tu_progress report: redraws the bar at most ten times a second, from the first second
 * on. `user` is the tp_bar. */
void tp_report(void *user, uint64_t done, uint64_t total);

/* Erase the bar if it was drawn. */
void tp_finish(tp_bar *bar);

#endif /* TEXUNIT_PROGRESS_H */
