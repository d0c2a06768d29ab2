/* SPDX-License-Identifier: MIT */
/*
 * progress.c - the progress bar of progress.h (POSIX: isatty, fileno, clock_gettime).
 */
#define _POSIX_C_SOURCE 200809L

#include "progress.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

enum { BAR_WIDTH = 40 };
static const double SILENT_SECONDS = 1.0, REDRAW_SECONDS = 0.1;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void tp_start(tp_bar *bar, const char *what) {
    bar->what = what;
    bar->start = now();
    bar->last_draw = 0;
    bar->tty = isatty(fileno(stderr)) == 1;
    bar->shown = false;
}

tu_progress tp_progress(tp_bar *bar) {
    return (tu_progress){tp_report, bar};
}

void tp_report(void *user, uint64_t done, uint64_t total) {
    tp_bar *bar = user;
    if (!bar->tty || total == 0) return;
    const double t = now();
    if (t - bar->start < SILENT_SECONDS || t - bar->last_draw < REDRAW_SECONDS) return;
    bar->last_draw = t;
    bar->shown = true;
    const double part = done >= total ? 1.0 : (double)done / (double)total;
    const int filled = (int)(part * BAR_WIDTH);
    char cells[BAR_WIDTH + 1];
    for (int i = 0; i < BAR_WIDTH; i++)
        cells[i] = i < filled ? '#' : '.';
    cells[BAR_WIDTH] = 0;
    fprintf(stderr, "\rtexunit %s [%s] %3d%%  %.0fs", bar->what, cells, (int)(part * 100.0),
            t - bar->start);
    fflush(stderr);
}

void tp_finish(tp_bar *bar) {
    if (bar->shown) fprintf(stderr, "\r\033[K");
    bar->shown = false;
}
