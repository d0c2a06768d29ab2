/* SPDX-License-Identifier: MIT */
/* json.c - JSON strings (json.h). */
#include "json.h"

#include <stddef.h>

/* The length of the valid UTF-8 sequence at s (RFC 3629 §4: no overlong forms, no
 * surrogates, nothing above U+10FFFF), or 0 when s does not start one. */
static size_t utf8_length(const unsigned char *s) {
    const unsigned c = s[0];
    size_t n;
    unsigned lo = 0x80, hi = 0xBF; /* the range of the second byte */
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else
        return 0;
    if (s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF) return 0;
    return n;
}

void tj_string(FILE *f, const char *s) {
    static const char short_escape[] = {['\b'] = 'b', ['\f'] = 'f', ['\n'] = 'n', ['\r'] = 'r',
                                        ['\t'] = 't', ['"'] = '"',  ['\\'] = '\\'};
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', f);
    while (*p) {
        const unsigned c = *p;
        if (c < sizeof short_escape && short_escape[c]) {
            fputc('\\', f);
            fputc(short_escape[c], f);
            p++;
        } else if (c < 0x20 || c == 0x7F) {
            fprintf(f, "\\u%04x", c);
            p++;
        } else if (c < 0x80) {
            fputc((int)c, f);
            p++;
        } else {
            const size_t n = utf8_length(p);
            if (n) {
                fwrite(p, 1, n, f);
                p += n;
            } else {
                fprintf(f, "\\u%04x", c);
                p++;
            }
        }
    }
    fputc('"', f);
}
