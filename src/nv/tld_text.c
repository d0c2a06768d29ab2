/* SPDX-License-Identifier: MIT */
/*
 * tld_text.c - TLD as SASS text, parsed and printed as NVIDIA TLD page writes it:
 *
 *   {@{!}Pg} TLD{.B}.lod{.AOFFI}{.MS}{.CL}{.NODEP}{.phase} {Ps, } Rd, Ra{, Rb},
 *       #tsPtrIdxU13, #paramA{, #wmskU04} {&req_6} {&rdN} {&wrN} {?sched} ;
 *
 * e.g. "TLD.LZ R0, R4, 0, 2D, 0xf;" and "TLD.LZ.MS R0, R4, R6, 0, 2D, 0xf;". The modifiers and
 * #paramA names come from the tables of tld_table.c. Annotations (docs/semantics.md): &req={b,..}
 * (or &req=MASK), &rdN / &rd=N, &wrN / &wr=N, ?HINT.
 */
#include "nv_internal.h"

#include "texunit/text.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { MAX_OPERANDS = 8, TOKEN_SIZE = 32 };

typedef struct cursor {
    const char *p;
} cursor;

/* Blanks and line ends are texunit/text.h's (tu_nv_tld_parse checks the text first). */
static void skip_space(cursor *c) {
    while (tu_text_is_space(*c->p))
        c->p++;
}

static bool at_end(const char *p) {
    return *p == 0 || (p[0] == '/' && p[1] == '/');
}

static bool same(const char *a, const char *b) {
    for (; *a && *b; a++, b++)
        if (toupper((unsigned char)*a) != toupper((unsigned char)*b)) return false;
    return *a == *b;
}

/* Copy a run of [A-Za-z0-9_.] into tok; false when empty or too long. */
static bool word(cursor *c, char tok[TOKEN_SIZE]) {
    size_t n = 0;
    while (isalnum((unsigned char)c->p[n]) || c->p[n] == '_' || c->p[n] == '.')
        n++;
    if (n == 0 || n >= TOKEN_SIZE) return false;
    memcpy(tok, c->p, n);
    tok[n] = 0;
    c->p += n;
    return true;
}

/* An unsigned decimal or 0x-hex number that fits in max. */
static bool number(const char *s, uint32_t max, uint32_t *out) {
    uint64_t v = 0;
    int base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, s += 2;
    if (!*s) return false;
    for (; *s; s++) {
        int d = isdigit((unsigned char)*s)                  ? *s - '0'
                : base == 16 && isxdigit((unsigned char)*s) ? toupper((unsigned char)*s) - 'A' + 10
                                                            : -1;
        if (d < 0) return false;
        v = v * (uint64_t)base + (uint64_t)d;
        if (v > max) return false;
    }
    *out = (uint32_t)v;
    return true;
}

static bool reg_token(const char *s, uint8_t *out) {
    uint32_t v;
    if (same(s, "RZ")) {
        *out = TU_NV_RZ;
        return true;
    }
    if ((s[0] != 'R' && s[0] != 'r') || !isdigit((unsigned char)s[1]) ||
        !number(s + 1, TU_NV_REGS - 1, &v) || (s[1] == '0' && s[2]))
        return false;
    *out = (uint8_t)v;
    return true;
}

static bool pred_token(const char *s, uint8_t *out) {
    if (same(s, "PT")) {
        *out = TU_NV_PT;
        return true;
    }
    if ((s[0] == 'P' || s[0] == 'p') && s[1] >= '0' && s[1] <= '6' && !s[2]) {
        *out = (uint8_t)(s[1] - '0');
        return true;
    }
    return false;
}

static tu_status parse_guard(cursor *c, tu_nv_tld *t, tu_error *err) {
    c->p++; /* '@' */
    if (*c->p == '!') t->guard_not = true, c->p++;
    char tok[TOKEN_SIZE] = "";
    TU_RETURN_IF(!word(c, tok) || !pred_token(tok, &t->guard), err, TU_PARSE_ERROR,
                 "TLD guard '@%s%s' is not a predicate P0..P6 or PT", t->guard_not ? "!" : "", tok);
    return TU_OK;
}

static tu_status parse_mnemonic(cursor *c, tu_nv_tld *t, tu_error *err) {
    char tok[TOKEN_SIZE];
    TU_RETURN_IF(!word(c, tok), err, TU_PARSE_ERROR, "TLD text: expected the mnemonic TLD");
    char *dot = strchr(tok, '.');
    if (dot) *dot = 0;
    TU_RETURN_IF(!same(tok, "TLD"), err, TU_PARSE_ERROR, "mnemonic '%s' is not TLD", tok);
    bool seen[TUN_F_COUNT] = {false};
    while (dot) {
        char *mod = dot + 1;
        dot = strchr(mod, '.');
        if (dot) *dot = 0;
        size_t k = 0;
        char text[TOKEN_SIZE + 1];
        snprintf(text, sizeof text, ".%s", mod);
        while (k < tuN_modifier_count && !same(tuN_modifiers[k].text, text))
            k++;
        TU_RETURN_IF(k == tuN_modifier_count, err, TU_PARSE_ERROR,
                     "TLD modifier '%s' is not one of .B .LZ .LL .AOFFI .MS .CL .NODEP .T .P",
                     text);
        const tuN_modifier *m = &tuN_modifiers[k];
        TU_RETURN_IF(seen[m->field], err, TU_PARSE_ERROR,
                     "TLD modifier '%s' repeats or conflicts with an earlier %s modifier", text,
                     tuN_tld_fields[m->field].name);
        seen[m->field] = true;
        tuN_tld_set(t, (tuN_tld_field)m->field, m->value);
    }
    TU_RETURN_IF(!seen[TUN_F_LOD], err, TU_PARSE_ERROR,
                 "TLD needs a LOD mode, .LZ or .LL (the page: TLD{.B}.lod...)");
    return TU_OK;
}

/* Operands: comma-separated words up to the annotations or the end. */
static tu_status parse_operands(cursor *c, char ops[MAX_OPERANDS][TOKEN_SIZE], unsigned *n,
                                tu_error *err) {
    *n = 0;
    for (;;) {
        skip_space(c);
        TU_RETURN_IF(*n == MAX_OPERANDS, err, TU_PARSE_ERROR, "TLD has more than %d operands",
                     MAX_OPERANDS);
        TU_RETURN_IF(!word(c, ops[*n]), err, TU_PARSE_ERROR,
                     "TLD operand %u: expected a register, predicate, number or #paramA at '%.12s'",
                     *n + 1, c->p);
        (*n)++;
        skip_space(c);
        if (*c->p != ',') return TU_OK;
        c->p++;
    }
}

static tu_status interpret_operands(char ops[MAX_OPERANDS][TOKEN_SIZE], unsigned n, tu_nv_tld *t,
                                    tu_error *err) {
    unsigned k = 0;
    if (k < n && pred_token(ops[k], &t->ps)) k++; /* {Ps, } */
    uint8_t regs[3];
    unsigned nregs = 0;
    while (k < n && nregs < 3 && reg_token(ops[k], &regs[nregs]))
        k++, nregs++;
    TU_RETURN_IF(nregs < 2, err, TU_PARSE_ERROR,
                 "TLD operand %u '%s': expected register %s (R0..R254 or RZ)", k + 1,
                 k < n ? ops[k] : "", nregs == 0 ? "Rd" : "Ra");
    t->rd = regs[0], t->ra = regs[1];
    t->rb = nregs == 3 ? regs[2] : TU_NV_RZ; /* "Ra{, Rb}" */
    uint32_t v;
    TU_RETURN_IF(k >= n || !number(ops[k], TU_NV_MAX_TS_INDEX, &v), err, TU_PARSE_ERROR,
                 "TLD operand %u '%s': expected #tsPtrIdxU13, a number 0..8191", k + 1,
                 k < n ? ops[k] : "");
    t->ts_index = (uint16_t)v, k++;
    unsigned pa = 0;
    while (k < n && pa < 8 && !same(tuN_params_a[pa].name, ops[k]))
        pa++;
    TU_RETURN_IF(k >= n || pa == 8, err, TU_PARSE_ERROR,
                 "TLD operand %u '%s': expected #paramA (1D, 2D, 3D, CUBE, ARRAY_1D, ARRAY_2D, "
                 "ARRAY_3D, ARRAY_CUBE)",
                 k + 1, k < n ? ops[k] : "");
    t->param_a = (uint8_t)pa, k++;
    if (k < n) { /* {, #wmskU04}: defaults to 0xf */
        TU_RETURN_IF(!number(ops[k], 0xf, &v), err, TU_PARSE_ERROR,
                     "TLD operand %u '%s': expected #wmskU04, a number 0..0xf", k + 1, ops[k]);
        t->wmask = (uint8_t)v, k++;
    }
    TU_RETURN_IF(k < n, err, TU_PARSE_ERROR, "TLD operand %u '%s' is one too many", k + 1, ops[k]);
    return TU_OK;
}

/* "=N" or "N" after &rd / &wr. */
static tu_status barrier(cursor *c, const char *what, int8_t *out, tu_error *err) {
    TU_RETURN_IF(*out >= 0, err, TU_PARSE_ERROR, "TLD annotation &%s appears twice", what);
    if (*c->p == '=') c->p++;
    char tok[TOKEN_SIZE];
    uint32_t v;
    TU_RETURN_IF(!word(c, tok) || !number(tok, 5, &v), err, TU_PARSE_ERROR,
                 "TLD annotation &%s needs a barrier number 0..5", what);
    *out = (int8_t)v;
    return TU_OK;
}

static tu_status parse_req(cursor *c, tu_nv_sched *s, tu_error *err) {
    TU_RETURN_IF(s->has_req, err, TU_PARSE_ERROR, "TLD annotation &req appears twice");
    s->has_req = true;
    TU_RETURN_IF(*c->p != '=' && *c->p != '_', err, TU_PARSE_ERROR,
                 "TLD annotation &req must be &req={b,...} or &req=MASK");
    c->p++;
    char tok[TOKEN_SIZE];
    uint32_t v;
    if (*c->p != '{') {
        TU_RETURN_IF(!word(c, tok) || !number(tok, 0x3f, &v), err, TU_PARSE_ERROR,
                     "TLD annotation &req mask must be a number 0..0x3f (barriers 0..5)");
        s->req = (uint8_t)v;
        return TU_OK;
    }
    c->p++;
    for (;;) {
        skip_space(c);
        if (*c->p == '}') break;
        TU_RETURN_IF(!word(c, tok) || !number(tok, 5, &v), err, TU_PARSE_ERROR,
                     "TLD annotation &req={...} lists barriers 0..5, not '%.8s'", c->p);
        TU_RETURN_IF(s->req >> v & 1, err, TU_PARSE_ERROR,
                     "TLD annotation &req lists barrier %u twice", v);
        s->req |= (uint8_t)(1u << v);
        skip_space(c);
        if (*c->p == ',')
            c->p++;
        else
            TU_RETURN_IF(*c->p != '}', err, TU_PARSE_ERROR,
                         "TLD annotation &req={...} is not closed");
    }
    c->p++;
    return TU_OK;
}

/* ?S<n> (stall n, no yield) or ?Y_S<n> (stall n, yield): the stall and yield of the control slot
 * (maxas printCtrl's Y and stall; CuAssembler writes them "Y:S04"). */
static tu_status parse_sched(cursor *c, tu_nv_sched *s, bool *seen, tu_error *err) {
    TU_RETURN_IF(*seen, err, TU_PARSE_ERROR, "TLD annotation ?sched appears twice");
    *seen = true;
    char tok[TOKEN_SIZE] = "";
    size_t n = 0;
    while (n + 1 < sizeof tok && (isalnum((unsigned char)c->p[n]) || c->p[n] == '_'))
        tok[n] = c->p[n], n++;
    tok[n] = 0;
    c->p += n;
    const bool yield = strncmp(tok, "Y_", 2) == 0;
    const char *stall = tok + (yield ? 2 : 0);
    uint32_t v;
    TU_RETURN_IF(stall[0] != 'S' || !number(stall + 1, 15, &v), err, TU_PARSE_ERROR,
                 "TLD annotation ?sched '%s' must be ?S<n> or ?Y_S<n> with a stall n of 0..15",
                 tok);
    s->stall = (uint8_t)v;
    s->no_yield = !yield;
    return TU_OK;
}

static tu_status parse_annotations(cursor *c, tu_nv_sched *s, tu_error *err) {
    bool seen_sched = false;
    for (;;) {
        skip_space(c);
        if (*c->p == '&') {
            c->p++;
            if (strncmp(c->p, "req", 3) == 0) {
                c->p += 3;
                TU_TRY(parse_req(c, s, err));
            } else if (strncmp(c->p, "rd", 2) == 0) {
                c->p += 2;
                TU_TRY(barrier(c, "rd", &s->rd, err));
            } else if (strncmp(c->p, "wr", 2) == 0) {
                c->p += 2;
                TU_TRY(barrier(c, "wr", &s->wr, err));
            } else {
                return tuB_fail(err, TU_PARSE_ERROR,
                                "TLD annotation '&%.8s' is not &req, &rd or &wr", c->p);
            }
        } else if (*c->p == '?') {
            c->p++;
            TU_TRY(parse_sched(c, s, &seen_sched, err));
        } else {
            return TU_OK;
        }
    }
}

tu_status tu_nv_tld_parse(const char *text, tu_nv_tld *out, tu_error *err) {
    TU_RETURN_IF(!text || !out, err, TU_INVALID_ARGUMENT, "text and output must not be NULL");
    TU_TRY(tu_text_check(text, strlen(text), 1, err));
    tu_nv_tld t = tu_nv_tld_default();
    cursor c = {text};
    skip_space(&c);
    if (*c.p == '@') TU_TRY(parse_guard(&c, &t, err));
    skip_space(&c);
    TU_TRY(parse_mnemonic(&c, &t, err));
    char ops[MAX_OPERANDS][TOKEN_SIZE];
    unsigned n;
    TU_TRY(parse_operands(&c, ops, &n, err));
    TU_TRY(interpret_operands(ops, n, &t, err));
    TU_TRY(parse_annotations(&c, &t.sched, err));
    skip_space(&c);
    if (*c.p == ';') c.p++;
    skip_space(&c);
    TU_RETURN_IF(!at_end(c.p), err, TU_PARSE_ERROR, "TLD text: unexpected '%.16s' at the end", c.p);
    TU_TRY(tu_nv_tld_validate(&t, err));
    *out = t;
    return TU_OK;
}

/* --- printing --------------------------------------------------------------------------- */

typedef struct out_buf {
    char *p;
    size_t size, len;
    bool overflow;
} out_buf;

static void put(out_buf *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(out_buf *o, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(o->p + o->len, o->len < o->size ? o->size - o->len : 0, fmt, ap);
    va_end(ap);
    if (n < 0 || o->len + (size_t)n >= o->size) {
        o->overflow = true;
        o->len = o->size;
    } else {
        o->len += (size_t)n;
    }
}

static void put_reg(out_buf *o, uint8_t r) {
    if (r == TU_NV_RZ)
        put(o, "RZ");
    else
        put(o, "R%u", r);
}

static void put_pred(out_buf *o, uint8_t p) {
    if (p == TU_NV_PT)
        put(o, "PT");
    else
        put(o, "P%u", p);
}

tu_status tu_nv_tld_print(const tu_nv_tld *t, char *buf, size_t size, tu_error *err) {
    TU_RETURN_IF(!buf || size == 0, err, TU_INVALID_ARGUMENT, "output buffer must not be empty");
    buf[0] = 0;
    TU_TRY(tu_nv_tld_validate(t, err));
    out_buf o = {buf, size, 0, false};
    if (t->guard != TU_NV_PT || t->guard_not) {
        put(&o, "@%s", t->guard_not ? "!" : "");
        put_pred(&o, t->guard);
        put(&o, " ");
    }
    put(&o, "TLD");
    for (size_t k = 0; k < tuN_modifier_count; k++) {
        const tuN_modifier *m = &tuN_modifiers[k];
        if (tuN_tld_get(t, (tuN_tld_field)m->field) == m->value && (m->value || m->always))
            put(&o, "%s", m->text);
    }
    put(&o, " ");
    if (t->ps != TU_NV_PT) {
        put_pred(&o, t->ps);
        put(&o, ", ");
    }
    put_reg(&o, t->rd);
    put(&o, ", ");
    put_reg(&o, t->ra);
    if (tu_nv_tld_packing(t).rb_count > 0 || t->rb != TU_NV_RZ) {
        put(&o, ", ");
        put_reg(&o, t->rb);
    }
    put(&o, ", 0x%x, %s, 0x%x", t->ts_index, tuN_params_a[t->param_a].name,
        t->wmask); /* as nvdisasm */
    if (t->sched.has_req) {
        put(&o, " &req={");
        for (unsigned b = 0, first = 1; b < 6; b++)
            if (t->sched.req >> b & 1) put(&o, "%s%u", first ? "" : ",", b), first = 0;
        put(&o, "}");
    }
    if (t->sched.rd >= 0) put(&o, " &rd%d", t->sched.rd);
    if (t->sched.wr >= 0) put(&o, " &wr%d", t->sched.wr);
    if (t->sched.stall || t->sched.no_yield)
        put(&o, " ?%sS%u", t->sched.no_yield ? "" : "Y_", t->sched.stall);
    put(&o, ";");
    TU_RETURN_IF(o.overflow, err, TU_INVALID_ARGUMENT,
                 "TLD text needs more than the %zu bytes of the output buffer", size);
    return TU_OK;
}
