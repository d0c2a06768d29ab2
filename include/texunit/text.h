/* SPDX-License-Identifier: MIT */
/*
 * texunit/text.h - the characters of every texunit text format: vISA text (.visaasm), SASS
 * text (TLD lines and `texunit run` .sass files), the query language and the `//!` run
 * directives all read their input through this one model (docs/semantics.md, "Text"):
 *
 *   - a blank is a space or a tab;
 *   - a line ends at LF or CRLF, so LF and CRLF files read the same;
 *   - any other control character (0x00-0x1f, 0x7f, or a CR not followed by LF) is an
 *     error naming its line and column. Bytes 0x80-0xff (UTF-8 in comments) are text.
 */
#ifndef TEXUNIT_TEXT_H
#define TEXUNIT_TEXT_H

#include "texunit/status.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

static inline bool tu_text_is_blank(char c) {
    return c == ' ' || c == '\t';
}

/* LF, or the CR of a CRLF (tu_text_check refuses a CR anywhere else). */
static inline bool tu_text_is_line_end(char c) {
    return c == '\n' || c == '\r';
}

/* A blank or a line end: what separates words. */
static inline bool tu_text_is_space(char c) {
    return tu_text_is_blank(c) || tu_text_is_line_end(c);
}

/* Check size bytes of text (its first line numbered first_line) against the model above.
 * TU_OK, or TU_PARSE_ERROR "line L, column C: control character 0xNN ..." for the first
 * offending byte (columns count bytes from 1). text may be NULL when size is 0. */
TU_API tu_status tu_text_check(const char *text, size_t size, uint32_t first_line, tu_error *err);

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_TEXT_H */
