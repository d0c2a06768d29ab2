/* SPDX-License-Identifier: MIT */
/*
 * text.c - the character model every text format shares (include/texunit/text.h).
 */
#include "base.h"
#include "texunit/text.h"

tu_status tu_text_check(const char *text, size_t size, uint32_t first_line, tu_error *err) {
    TU_RETURN_IF(!text && size, err, TU_INVALID_ARGUMENT, "text is NULL but its size is %zu", size);
    uint32_t line = first_line;
    size_t line_start = 0;
    for (size_t i = 0; i < size; i++) {
        const unsigned char c = (unsigned char)text[i];
        if (c == '\n') {
            line++;
            line_start = i + 1;
            continue;
        }
        if (c == '\t' || (c >= 0x20 && c != 0x7f)) continue;
        if (c == '\r' && i + 1 < size && text[i + 1] == '\n') continue;
        return tuB_fail(err, TU_PARSE_ERROR,
                        "line %u, column %zu: control character 0x%02x%s (text takes tabs and "
                        "LF or CRLF line ends)",
                        line, i - line_start + 1, c,
                        c == '\r' ? ", a carriage return not followed by a line feed" : "");
    }
    return TU_OK;
}
