/* SPDX-License-Identifier: MIT */
/*
 * json.h - the one JSON string writer of the command line tool: every string it puts in
 * JSON (paths, query lines, names) is written by tj_string.
 */
#ifndef TEXUNIT_TOOL_JSON_H
#define TEXUNIT_TOOL_JSON_H

#include <stdio.h>

/* s as a JSON string, quotes included (RFC 8259 §7): '"' and '\' escaped, \b \f \n \r \t
 * for those controls and \u00XX for the other bytes below 0x20 and for 0x7f; bytes from
 * 0x80 that form valid UTF-8 pass through, and every other one is written as \u00XX (its
 * Latin-1 reading), so that the output is valid UTF-8 whatever s holds. */
void tj_string(FILE *f, const char *s);

#endif /* TEXUNIT_TOOL_JSON_H */
