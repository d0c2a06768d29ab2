/* SPDX-License-Identifier: MIT */
/*
 * help.h - the help text of the texunit command, printed three ways from one table: as
 * `texunit help [CMD]` on a terminal, as the roff source of the man page texunit.1
 * (`texunit help --man`, run by the build) and as the markdown of docs/cli.md
 * (`texunit help --markdown`, checked by CTest), so they never disagree.
 */
#ifndef TEXUNIT_HELP_H
#define TEXUNIT_HELP_H

#include <stddef.h>
#include <stdio.h>

/* One command: its synopsis lines ("gen TYPE ..."), a one-line summary and the text that
 * `help CMD` prints below them (preformatted lines, at most 92 columns). */
typedef struct th_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *synopsis;
    const char *summary;
    const char *details;
} th_command;

/* A section of the overview (TYPE, FORMAT, exit status, ...): a title and its text. */
typedef struct th_section {
    const char *title;
    const char *text;
} th_section;

typedef struct th_manual {
    const char *version;
    const char *description; /* the overview's first paragraph */
    const th_command *commands;
    size_t command_count;
    const th_section *sections;
    size_t section_count;
} th_manual;

/* `texunit help`: usage, the command list with summaries, and the sections. */
void th_print_overview(FILE *f, const th_manual *m);

/* `texunit help CMD` and `texunit CMD --help`. */
void th_print_command(FILE *f, const th_command *c);

/* The man page: the overview and every command's help, as roff (man(7)). */
void th_print_man(FILE *f, const th_manual *m);

/* docs/cli.md: the overview, a table of the commands and every command's help, as markdown. */
void th_print_markdown(FILE *f, const th_manual *m);

/* A usage error on f: "texunit: " and the sentence, then where to read the usage
 * (`texunit help CMD`, or `texunit help` when cmd is NULL). Returns 2, the usage exit status. */
int th_usage_error(FILE *f, const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The command named `name`, or NULL. */
const th_command *th_find(const th_manual *m, const char *name);

#endif /* TEXUNIT_HELP_H */
