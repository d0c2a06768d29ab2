/* SPDX-License-Identifier: MIT */
/*
 * listing.c - one line of the listings NVIDIA's tools and maxas print, split into what a
 * program reader needs: the address comment, the instruction text (its guard, mnemonic and
 * operands), the instruction's hex word, a control word alone on its line (cuobjdump -sass and
 * nvdisasm print one before every group of three instructions: maxas wiki "Control Codes"), and
 * maxas's control prefix WAIT:RD:WR:Y:STALL (MaxasGrammar.pm printCtrl). Everything else (labels,
 * headers, section names, lone braces) is "other".
 *
 * nvdisasm writes dual-issued pairs as "{ A ;" and "B }" (its VLIW syntax: the "}" closes the
 * pair, as CuAssembler's records of nvdisasm output keep it); both braces are dropped here.
 * maxas's listing of an extracted kernel repeats a guard ("@P0 @P0 TLD..."); it reads as one.
 */
#include "nv_internal.h"

#include <ctype.h>
#include <string.h>

static const char *skip_blanks(const char *p) {
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* The end of the line: NUL, or its LF / CRLF. */
static bool at_line_end(const char *p) {
    return *p == 0 || *p == '\n' || (p[0] == '\r' && p[1] == '\n') || (p[0] == '\r' && !p[1]);
}

/* A C comment at p holding hex digits (with "0x" when want_0x), blanks around them; sets *end
 * after the comment. 0: no comment here; -1: a comment that is not one hex number. */
static int hex_comment(const char *p, bool want_0x, uint64_t *value, const char **end) {
    if (p[0] != '/' || p[1] != '*') return 0;
    const char *close = strstr(p + 2, "*/");
    if (!close) return -1;
    const char *q = skip_blanks(p + 2);
    if (want_0x) {
        if (q[0] != '0' || (q[1] != 'x' && q[1] != 'X')) return -1;
        q += 2;
    }
    uint64_t v = 0;
    unsigned digits = 0;
    for (; isxdigit((unsigned char)*q); q++, digits++)
        v = v << 4 | (uint64_t)(isdigit((unsigned char)*q) ? *q - '0'
                                                           : toupper((unsigned char)*q) - 'A' + 10);
    if (digits == 0 || digits > 16 || skip_blanks(q) != close) return -1;
    *value = v;
    *end = close + 2;
    return 1;
}

/* maxas's prefix: exactly "WW:R:W:Y:S" then a blank. */
static bool maxas_prefix(const char *p) {
    return strlen(p) > 10 && p[2] == ':' && p[4] == ':' && p[6] == ':' && p[8] == ':' &&
           (p[10] == ' ' || p[10] == '\t');
}

/* The guard "@P0", "@!PT" at p: its length, 0 if none. */
static size_t guard_length(const char *p) {
    if (p[0] != '@') return 0;
    size_t n = 1;
    if (p[n] == '!') n++;
    if (p[n] != 'P' || !(isdigit((unsigned char)p[n + 1]) || p[n + 1] == 'T')) return 0;
    n += 2;
    return p[n] == ' ' || p[n] == '\t' ? n : 0;
}

/* An instruction starts with a mnemonic: an upper-case letter, then upper-case letters and
 * digits, ended by '.', a blank, ';' or the end, and not followed by ':' (a header such as
 * "Function : name"). Writes the mnemonic. */
static bool mnemonic_at(const char *p, char out[TU_NV_MNEMONIC]) {
    if (!isupper((unsigned char)p[0])) return false;
    size_t n = 0;
    while (isupper((unsigned char)p[n]) || isdigit((unsigned char)p[n]) || p[n] == '_')
        n++;
    if (n >= TU_NV_MNEMONIC ||
        !(p[n] == '.' || p[n] == ' ' || p[n] == '\t' || p[n] == ';' || p[n] == '}' || p[n] == 0))
        return false;
    const char *after = skip_blanks(p + n);
    if (*after == ':') return false;
    memcpy(out, p, n);
    out[n] = 0;
    return true;
}

tu_status tu_nv_listing_line_parse(const char *line, tu_nv_listing_line *out, tu_error *err) {
    TU_RETURN_IF(!line || !out, err, TU_INVALID_ARGUMENT, "line and output must not be NULL");
    memset(out, 0, sizeof *out);
    out->kind = TU_NV_LISTING_OTHER;
    const char *p = skip_blanks(line);
    if (maxas_prefix(p)) {
        char prefix[11];
        memcpy(prefix, p, 10);
        prefix[10] = 0;
        TU_TRY(tu_nv_control_parse_maxas(prefix, &out->control, err));
        out->has_control = true;
        p = skip_blanks(p + 10);
    }
    const char *end;
    uint64_t v;
    int got = hex_comment(p, false, &v, &end);
    if (got == 1) { /* the address comment before an instruction */
        out->has_address = true, out->address = v;
        p = skip_blanks(end);
    } else if (got < 0 && p[2] != ' ' && p[2] != '\t') {
        return tuB_fail(err, TU_PARSE_ERROR, "listing: the address comment '%.24s' is not hex", p);
    } else if (got < 0 || (p[0] == '/' && p[1] == '*')) {
        /* a hex word alone in its comment: a control word */
        got = hex_comment(p, true, &v, &end);
        TU_RETURN_IF(got < 0, err, TU_PARSE_ERROR,
                     "listing: the comment '%.32s' is neither an address nor a 64-bit hex word", p);
        TU_RETURN_IF(!at_line_end(skip_blanks(end)) || out->has_control, err, TU_PARSE_ERROR,
                     "listing: text after the control word at '%.24s'", skip_blanks(end));
        out->kind = TU_NV_LISTING_CONTROL;
        out->has_word = true, out->word = v;
        return TU_OK;
    }
    if (*p == '{') p = skip_blanks(p + 1);
    /* the guard (written once even where maxas repeats it) and the mnemonic */
    const size_t g = guard_length(p);
    const char *body = skip_blanks(p + g);
    const size_t g2 = guard_length(body);
    if (g && g2 == g && strncmp(p, body, g) == 0) body = skip_blanks(body + g2);
    if (!mnemonic_at(body, out->mnemonic)) {
        TU_RETURN_IF(out->has_address || out->has_control, err, TU_PARSE_ERROR,
                     "listing: expected an instruction after the %s at '%.24s'",
                     out->has_address ? "address" : "maxas control", body);
        return TU_OK; /* a label, header or brace */
    }
    size_t n = strcspn(body, ";}\r\n");
    const char *cut = strstr(body, "/*");
    if (cut && (size_t)(cut - body) < n) n = (size_t)(cut - body);
    const char *after = body + n;
    while (n > 0 && (body[n - 1] == ' ' || body[n - 1] == '\t'))
        n--;
    TU_RETURN_IF(g + 1 + n + 2 > sizeof out->text, err, TU_PARSE_ERROR,
                 "listing: the instruction '%.24s...' is longer than %d characters", body,
                 TU_NV_LISTING_TEXT - 3);
    size_t len = 0;
    if (g) {
        memcpy(out->text, p, g);
        out->text[g] = ' ';
        len = g + 1;
    }
    memcpy(out->text + len, body, n);
    out->text[len + n] = ';';
    out->text[len + n + 1] = 0;
    if (*after == ';' || *after == '}') after = skip_blanks(after + 1);
    if (*after == '}') after = skip_blanks(after + 1);
    got = hex_comment(after, true, &v, &end);
    TU_RETURN_IF(got < 0, err, TU_PARSE_ERROR,
                 "listing: the word comment '%.32s' is not a 64-bit hex word", after);
    if (got == 1) {
        out->has_word = true, out->word = v;
        after = skip_blanks(end);
    }
    if (*after == '}') after = skip_blanks(after + 1);
    TU_RETURN_IF(!at_line_end(after) && !(after[0] == '/' && after[1] == '/'), err, TU_PARSE_ERROR,
                 "listing: unexpected '%.24s' after the instruction", after);
    out->kind = TU_NV_LISTING_INSTRUCTION;
    return TU_OK;
}
