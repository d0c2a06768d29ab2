/* SPDX-License-Identifier: MIT */
/*
 * text.c - parse .visaasm as IGC prints it (IGC IsaDisassembly.cpp and CISA.y: the grammar of
 * CISA.y and the printer IsaDisassembly.cpp, which win over the spelling of the vISA spec
 * pages' "Text" sections).
 *
 *   .version 4.2
 *   .kernel "name"
 *   .decl V41 v_type=G type=f num_elts=16 align=GRF [alias=<V40, 0>] [v_name=...]
 *   .decl P1 v_type=P num_elts=16          .decl S0 v_type=S num_elts=1
 *   .decl T6 v_type=T num_elts=1            .input V41 offset=64 size=64
 *   movs (M1_NM, 1) T6(0) 0x7b:ud
 *   [(!P1.any)] sample_3d[.pixel_null_mask][.cps][.divS].RGBA (M1, 16)  0x0:uw S0 T6 V50.0
 *       [%null.0] V41.0 V42.0 ...
 *   sample4.G (M1, 16) 0x0:uw S0 T6 V50.0 %null.0 V41.0 V42.0
 *   resinfo.RGBA (M1, 16) T6 V43.0 V50.0            sampleinfo.RGBA (M1, 8) T6 V50.0
 *   media_ld.nomod (16,4) T6 [0] 0x0:ud 0x0:ud V60.0
 *   gather4_typed.RGBA (M1, 8) T6 U.0 V.0 %null.0 %null.0 D.0
 *   typed_atomic.add (M1, 8) T6 U.0 V.0 %null.0 %null.0 S.0 %null.0 D.0
 *   dword_atomic.cmpxchg (M1, 16) T7 OFF.0 NEW.0 CMP.0 D.0
 *   gather4_scaled.RGBA (M1, 16) T7 0x0:ud OFF.0 D.0     gather_scaled.1 (M1, 16) ...
 *
 * Every error says "line L, column C:" and what was expected.
 */
#include "visa_internal.h"

#include "texunit/text.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- the cursor ------------------------------------------------------------------------ */

typedef struct cursor {
    const char *p, *end, *line_start;
    uint32_t line;
    tu_error *err;
} cursor;

static tu_status fail_at(const cursor *c, const char *fmt, ...) TU_PRINTF(2, 3);
static tu_status fail_at(const cursor *c, const char *fmt, ...) {
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return tuB_fail(c->err, TU_PARSE_ERROR, "line %u, column %u: %s", c->line,
                    (unsigned)(c->p - c->line_start) + 1, what);
}

/* Blanks and line ends are texunit/text.h's (tu_visa_parse checks the whole text first, so
 * a CR is always the start of a CRLF). */
static void skip_blanks(cursor *c) {
    while (c->p < c->end && tu_text_is_blank(*c->p))
        c->p++;
}

static bool at_line_end(cursor *c) {
    skip_blanks(c);
    return c->p >= c->end || tu_text_is_line_end(*c->p) ||
           (c->p[0] == '/' && c->p + 1 < c->end && c->p[1] == '/');
}

static bool accept(cursor *c, char ch) {
    skip_blanks(c);
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return true;
    }
    return false;
}

/* What the cursor points at, for messages: the next word or character. */
static const char *seen(const cursor *c, char *buf, size_t size) {
    if (c->p >= c->end || tu_text_is_line_end(*c->p)) return "the end of the line";
    size_t n = 0;
    const char *q = c->p;
    while (q < c->end && n + 1 < size && !tu_text_is_space(*q))
        buf[n++] = *q++;
    if (n == 0) buf[n++] = *q;
    buf[n] = 0;
    return buf;
}

static tu_status expect(cursor *c, char ch, const char *what) {
    char buf[32];
    if (accept(c, ch)) return TU_OK;
    return fail_at(c, "expected '%c' %s, got '%s'", ch, what, seen(c, buf, sizeof buf));
}

/* A name: [A-Za-z_%$][A-Za-z0-9_%$]*. */
static tu_status name(cursor *c, char *out, size_t size, const char *what) {
    char buf[32];
    skip_blanks(c);
    const char *start = c->p;
    if (c->p >= c->end || !tuV_is_name_char(*c->p, true))
        return fail_at(c, "expected %s, got '%s'", what, seen(c, buf, sizeof buf));
    while (c->p < c->end && tuV_is_name_char(*c->p, false))
        c->p++;
    size_t n = (size_t)(c->p - start);
    if (n >= size) {
        c->p = start;
        return fail_at(c, "%s is longer than %zu characters", what, size - 1);
    }
    memcpy(out, start, n);
    out[n] = 0;
    return TU_OK;
}

/* An integer: decimal or 0x hex, optionally negative; *neg tells the sign. */
static tu_status integer(cursor *c, uint64_t *out, bool *neg, const char *what) {
    char buf[32];
    skip_blanks(c);
    const char *start = c->p;
    bool minus = c->p < c->end && *c->p == '-';
    if (minus) c->p++;
    if (c->p >= c->end || !isdigit((unsigned char)*c->p)) {
        c->p = start;
        return fail_at(c, "expected %s (a number), got '%s'", what, seen(c, buf, sizeof buf));
    }
    char tmp[40];
    size_t n = 0;
    while (c->p < c->end && isalnum((unsigned char)*c->p) && n + 1 < sizeof tmp)
        tmp[n++] = *c->p++;
    tmp[n] = 0;
    char *endp;
    errno = 0;
    unsigned long long v = strtoull(tmp, &endp, 0);
    if (*endp || errno) {
        c->p = start;
        if (!*endp && errno == ERANGE)
            return fail_at(c, "%s '%s' does not fit 64 bits (at most 0x%llx)", what, tmp,
                           (unsigned long long)UINT64_MAX);
        return fail_at(c, "%s '%s' is not a number", what, tmp);
    }
    *out = v;
    if (neg)
        *neg = minus;
    else if (minus) {
        c->p = start;
        return fail_at(c, "%s must not be negative", what);
    }
    return TU_OK;
}

static tu_status uint_in(cursor *c, uint64_t lo, uint64_t hi, uint64_t *out, const char *what) {
    const char *start = c->p;
    TU_TRY(integer(c, out, NULL, what));
    if (*out < lo || *out > hi) {
        c->p = start;
        skip_blanks(c);
        return fail_at(c, "%s %llu is not in %llu..%llu", what, (unsigned long long)*out,
                       (unsigned long long)lo, (unsigned long long)hi);
    }
    return TU_OK;
}

/* --- the kernel's variables -------------------------------------------------------------- */

typedef struct parser {
    cursor c;
    tu_visa_kernel *k;
    uint32_t cap_vars, cap_lines, cap_attrs, cap_funcdecls;
    uint32_t next_g, next_p, next_s, next_t, next_a, next_input;
} parser;

static int find_var(const tu_visa_kernel *k, const char *n, uint8_t kind) {
    for (uint32_t i = 0; i < k->var_count; i++)
        if (k->vars[i].kind == kind && strcmp(k->vars[i].name, n) == 0) return (int)i;
    return -1;
}

/* The id of a predefined general variable (%null, %r0, %sp, ...), or -1. */
static int predefined_var(const char *n) {
    for (uint32_t p = 0; p < sizeof tuV_predef_vars / sizeof tuV_predef_vars[0]; p++)
        if (strcmp(n, tuV_predef_vars[p]) == 0) return (int)p;
    return -1;
}

static tu_status add_var(parser *ps, const tu_visa_var *v) {
    if (ps->k->var_count == ps->cap_vars) {
        uint32_t cap = ps->cap_vars ? ps->cap_vars * 2 : 32;
        tu_visa_var *nv = realloc(ps->k->vars, cap * sizeof *nv);
        TU_RETURN_IF(!nv, ps->c.err, TU_OUT_OF_MEMORY, "out of memory for %u variables", cap);
        ps->k->vars = nv;
        ps->cap_vars = cap;
    }
    ps->k->vars[ps->k->var_count++] = *v;
    return TU_OK;
}

static tu_status string_literal(cursor *c, const char *what);
static tu_status number_literal(cursor *c);

/* attrs={Name, Name=5, Name="text"} (CISA.y GenAttrOpt, OneAttr), kept as written. */
static tu_status decl_attrs(cursor *c, char *out, size_t size) {
    char n[48];
    skip_blanks(c);
    const char *start = c->p;
    TU_TRY(expect(c, '{', "to open attrs={...}"));
    do {
        TU_TRY(name(c, n, sizeof n, "an attribute name"));
        if (accept(c, '=')) {
            skip_blanks(c);
            if (c->p < c->end && *c->p == '"')
                TU_TRY(string_literal(c, "the attribute's value"));
            else
                TU_TRY(number_literal(c));
        }
    } while (accept(c, ','));
    TU_TRY(expect(c, '}', "to close attrs={...}"));
    const size_t len = (size_t)(c->p - start);
    if (len >= size) {
        c->p = start;
        return fail_at(c, "attrs={...} is longer than %zu characters", size - 1);
    }
    memcpy(out, start, len);
    out[len] = 0;
    return TU_OK;
}

static const char *const align_names[TU_VISA_ALIGN_COUNT] = {
    "byte", "word", "dword", "qword", "oword", "hword", "GRF", "GRFx2", "wordx32", "wordx64"};

static tu_status parse_decl(parser *ps) {
    cursor *c = &ps->c;
    tu_visa_var v;
    memset(&v, 0, sizeof v);
    v.input_offset = -1;
    v.align = TU_VISA_ALIGN_GRF;
    v.num_elts = 1;
    v.type = TU_VISA_UD;
    TU_TRY(name(c, v.name, sizeof v.name, "a variable name"));
    const char *name_at = c->p;
    char vtype = 0;
    bool have_type = false;
    while (!at_line_end(c)) {
        char key[16], val[64];
        const char *key_at = c->p;
        TU_TRY(name(c, key, sizeof key,
                    "a declaration key (v_type, type, num_elts, align, alias, "
                    "v_name)"));
        TU_TRY(expect(c, '=', "after the key"));
        if (strcmp(key, "v_type") == 0) {
            TU_TRY(name(c, val, sizeof val, "G, A, P, S or T"));
            if (strlen(val) != 1 || !strchr("GAPST", val[0])) {
                c->p = key_at;
                return fail_at(c, "v_type=%s is not G, A, P, S or T (IGC CISA.y, DirectiveDecl)",
                               val);
            }
            vtype = val[0];
        } else if (strcmp(key, "type") == 0) {
            TU_TRY(
                name(c, val, sizeof val, "a type (ud d uw w ub b df f v vf bool uq uv q hf bf)"));
            int t = -1;
            for (int i = 0; i < TU_VISA_TYPE_COUNT; i++)
                if (strcmp(val, tu_visa_type_name((tu_visa_type)i)) == 0) t = i;
            if (t < 0) {
                c->p = key_at;
                return fail_at(c, "type=%s is not a vISA type", val);
            }
            v.type = (uint8_t)t;
            have_type = true;
        } else if (strcmp(key, "num_elts") == 0) {
            uint64_t n;
            TU_TRY(uint_in(c, 1, 65536, &n, "num_elts"));
            v.num_elts = (uint32_t)n;
        } else if (strcmp(key, "align") == 0) {
            TU_TRY(name(c, val, sizeof val, "an alignment"));
            int a = -1;
            for (int i = 0; i < TU_VISA_ALIGN_COUNT; i++)
                if (strcmp(val, align_names[i]) == 0) a = i;
            if (strcmp(val, "2GRF") == 0) a = TU_VISA_ALIGN_GRFX2;
            if (a < 0) {
                c->p = key_at;
                return fail_at(c,
                               "align=%s is not one of byte word dword qword oword hword GRF "
                               "GRFx2 wordx32 wordx64",
                               val);
            }
            v.align = (uint8_t)a;
            v.align_written = true;
        } else if (strcmp(key, "alias") == 0) {
            char base[48];
            uint64_t off;
            TU_TRY(expect(c, '<', "to open alias=<base, offset>"));
            TU_TRY(name(c, base, sizeof base, "the alias base variable"));
            TU_TRY(expect(c, ',', "between the alias base and offset"));
            TU_TRY(uint_in(c, 0, 1u << 20, &off, "the alias offset"));
            TU_TRY(expect(c, '>', "to close alias=<base, offset>"));
            int b = find_var(ps->k, base, TU_VISA_VAR_G);
            if (b < 0) {
                /* a predefined variable (alias=<%sp, 0>, IGC's stack pointer) */
                b = predefined_var(base);
                if (b < 0) {
                    c->p = key_at;
                    return fail_at(c,
                                   "alias base '%s' is neither a declared general variable nor "
                                   "a predefined one (%%sp, %%r0, ...)",
                                   base);
                }
                v.alias_predefined = true;
            }
            v.alias = true;
            v.alias_base = (uint32_t)b;
            v.alias_offset = (uint32_t)off;
        } else if (strcmp(key, "v_name") == 0) {
            TU_TRY(name(c, v.v_name, sizeof v.v_name, "the v_name"));
        } else if (strcmp(key, "attrs") == 0) {
            TU_TRY(decl_attrs(c, v.attrs, sizeof v.attrs));
        } else {
            c->p = key_at;
            return fail_at(c, "unknown declaration key '%s'", key);
        }
    }
    if (!vtype) {
        c->p = name_at;
        return fail_at(c, "declaration of '%s' has no v_type=", v.name);
    }
    v.kind = vtype == 'G' ? TU_VISA_VAR_G : (uint8_t)vtype;
    if (find_var(ps->k, v.name, v.kind) >= 0) {
        c->p = name_at;
        return fail_at(c, "'%s' is declared twice", v.name);
    }
    switch (v.kind) {
    case TU_VISA_VAR_G:
        if (!have_type) return fail_at(c, "general variable '%s' needs type=", v.name);
        v.id = ps->next_g++;
        break;
    case TU_VISA_VAR_A: v.id = ps->next_a++; break;
    case TU_VISA_VAR_P:
        if (v.num_elts > 32)
            return fail_at(c, "predicate '%s' has %u elements; at most 32", v.name, v.num_elts);
        v.id = ps->next_p++;
        break;
    case TU_VISA_VAR_S: v.id = ps->next_s++; break;
    default: v.id = ps->next_t++; break;
    }
    return add_var(ps, &v);
}

/* .input V offset=N size=N, and IGC's implicit inputs (.implicit_LOCAL_ID V offset=N size=N;
 * `kind` the part after ".implicit_"). As in CISA.y (DirectiveInput, DirectiveImplicitInput) the
 * offset defaults to 0 and the size to the variable's. */
static tu_status parse_input(parser *ps, const char *kind) {
    cursor *c = &ps->c;
    char n[48];
    const char *at = c->p;
    TU_TRY(name(c, n, sizeof n, "the input variable"));
    int i = -1;
    for (uint32_t k = 0; k < ps->k->var_count; k++)
        if (strcmp(ps->k->vars[k].name, n) == 0) i = (int)k;
    if (i < 0) {
        c->p = at;
        skip_blanks(c);
        return fail_at(c, "input '%s' is not declared", n);
    }
    tu_visa_var *v = &ps->k->vars[i];
    if (v->kind == TU_VISA_VAR_P || v->kind == TU_VISA_VAR_A || v->input_offset >= 0) {
        c->p = at;
        skip_blanks(c);
        return fail_at(c, "input '%s' %s", n,
                       v->input_offset >= 0 ? "is an input already"
                                            : "is not a general, sampler or surface variable "
                                              "(IGC printFuncInput)");
    }
    /* a sampler's or surface's input is its 4-byte state handle (texunit: set it with //! set) */
    uint64_t off = 0, size = v->kind == TU_VISA_VAR_G
                                 ? (uint64_t)v->num_elts * tu_visa_type_size((tu_visa_type)v->type)
                                 : 4;
    while (!at_line_end(c)) {
        char key[16];
        TU_TRY(name(c, key, sizeof key, "offset= or size="));
        TU_TRY(expect(c, '=', "after the key"));
        if (strcmp(key, "offset") == 0) {
            TU_TRY(uint_in(c, 0, 1u << 20, &off, "the input offset"));
        } else if (strcmp(key, "size") == 0) {
            TU_TRY(uint_in(c, 1, 1u << 20, &size, "the input size"));
        } else {
            return fail_at(c, "unknown input key '%s' (offset= size=)", key);
        }
    }
    if (size == 0 || size > 0xffff)
        return fail_at(c, ".input %s: size %llu is not 1..65535", n, (unsigned long long)size);
    v->input_offset = (int32_t)off;
    v->input_size = (uint32_t)size;
    v->input_order = ps->next_input++;
    snprintf(v->input_kind, sizeof v->input_kind, "%s", kind);
    return TU_OK;
}

/* --- operands -------------------------------------------------------------------------------- */

/* A general variable by name: declared, or predefined (%null, %r0, ...). */
static tu_status gvar_id(parser *ps, const char *n, uint32_t *id) {
    int i = find_var(ps->k, n, TU_VISA_VAR_G);
    if (i >= 0) {
        *id = ps->k->vars[i].id;
        return TU_OK;
    }
    const int p = predefined_var(n);
    if (p >= 0) {
        *id = (uint32_t)p;
        return TU_OK;
    }
    return fail_at(&ps->c, "'%s' is not a declared general variable", n);
}

static tu_status raw_operand(parser *ps, tu_visa_raw *out, const char *what) {
    cursor *c = &ps->c;
    char n[48];
    const char *at = c->p;
    TU_TRY(name(c, n, sizeof n, what));
    uint64_t off;
    TU_TRY(expect(c, '.', "and a byte offset after a raw operand (V41.0)"));
    TU_TRY(uint_in(c, 0, 65535, &off, "the raw operand's byte offset"));
    const char *after = c->p;
    c->p = at;
    TU_TRY(gvar_id(ps, n, &out->id));
    c->p = after;
    out->offset = (uint16_t)off;
    return TU_OK;
}

static tu_status type_suffix(cursor *c, uint8_t *type) {
    char t[8];
    TU_TRY(expect(c, ':', "before the immediate's type (0x0:uw)"));
    TU_TRY(name(c, t, sizeof t, "an immediate type"));
    for (int i = 0; i < TU_VISA_TYPE_COUNT; i++)
        if (strcmp(t, tu_visa_type_name((tu_visa_type)i)) == 0) {
            *type = (uint8_t)i;
            return TU_OK;
        }
    return fail_at(c, "'%s' is not a vISA type", t);
}

/* A scalar: an immediate `0x0:uw`, `-3:w`, `1.5:f`, or `V40(0,0)<0;1,0>`. */
static tu_status scalar(parser *ps, tu_visa_scalar *out, const char *what) {
    cursor *c = &ps->c;
    memset(out, 0, sizeof *out);
    skip_blanks(c);
    if (c->p < c->end && (isdigit((unsigned char)*c->p) || *c->p == '-')) {
        const char *start = c->p;
        const char *q = c->p + (*c->p == '-');
        bool is_float = false;
        if (!(q + 1 < c->end && q[0] == '0' && (q[1] == 'x' || q[1] == 'X')))
            for (const char *r = q; r < c->end && (isalnum((unsigned char)*r) || *r == '.'); r++)
                if (*r == '.' || *r == 'e' || *r == 'E') is_float = true;
        out->is_imm = true;
        if (is_float) {
            char tmp[64];
            size_t n = 0;
            while (c->p < c->end && n + 1 < sizeof tmp &&
                   (isalnum((unsigned char)*c->p) || strchr(".-+", *c->p)))
                tmp[n++] = *c->p++;
            tmp[n] = 0;
            char *endp;
            double d = strtod(tmp, &endp);
            if (*endp) {
                c->p = start;
                return fail_at(c, "'%s' is not a number", tmp);
            }
            TU_TRY(type_suffix(c, &out->type));
            if (out->type == TU_VISA_F) {
                out->imm = tuB_float_bits((float)d);
            } else if (out->type == TU_VISA_DF) {
                memcpy(&out->imm, &d, 8);
            } else if (out->type == TU_VISA_HF) {
                out->imm = tu_float_to_half((float)d);
            } else {
                c->p = start;
                return fail_at(c, "a floating-point immediate needs type f, hf or df");
            }
            return TU_OK;
        }
        bool neg;
        uint64_t v;
        TU_TRY(integer(c, &v, &neg, what));
        TU_TRY(type_suffix(c, &out->type));
        /* The literal is the type's bit pattern: 0..2^w-1 as written, or -2^(w-1)..-1 in two's
         * complement (w = the type's width in bits). The negation is done in uint64_t, so
         * -0x8000000000000000:q is INT64_MIN's pattern, not a signed overflow. */
        const uint32_t bits = 8 * tu_visa_type_size((tu_visa_type)out->type);
        const uint64_t mask = bits < 64 ? (1ull << bits) - 1 : ~0ull;
        const uint64_t neg_max = 1ull << (bits - 1);
        if (neg ? v > neg_max : v > mask) {
            c->p = start;
            if (neg)
                return fail_at(c,
                               "immediate -%llu does not fit type %s: a negative immediate is "
                               "-%llu..-1",
                               (unsigned long long)v, tu_visa_type_name((tu_visa_type)out->type),
                               (unsigned long long)neg_max);
            return fail_at(c, "immediate %llu (0x%llx) does not fit type %s: 0..0x%llx",
                           (unsigned long long)v, (unsigned long long)v,
                           tu_visa_type_name((tu_visa_type)out->type), (unsigned long long)mask);
        }
        out->imm = (neg ? 0 - v : v) & mask;
        return TU_OK;
    }
    /* V40(0,0)<0;1,0> */
    char n[48];
    TU_TRY(name(c, n, sizeof n, what));
    TU_TRY(gvar_id(ps, n, &out->id));
    int i = find_var(ps->k, n, TU_VISA_VAR_G);
    out->type = i >= 0 ? ps->k->vars[i].type : TU_VISA_UD;
    uint64_t row, col, vs, w, hs;
    TU_TRY(expect(c, '(', "after the variable: (row,col)"));
    TU_TRY(uint_in(c, 0, 255, &row, "the row"));
    TU_TRY(expect(c, ',', "between row and column"));
    TU_TRY(uint_in(c, 0, 255, &col, "the column"));
    TU_TRY(expect(c, ')', "after the column"));
    TU_TRY(expect(c, '<', "to open the region <vs;w,hs>"));
    TU_TRY(uint_in(c, 0, 32, &vs, "the vertical stride"));
    TU_TRY(expect(c, ';', "after the vertical stride"));
    TU_TRY(uint_in(c, 0, 32, &w, "the width"));
    TU_TRY(expect(c, ',', "after the width"));
    TU_TRY(uint_in(c, 0, 32, &hs, "the horizontal stride"));
    TU_TRY(expect(c, '>', "to close the region"));
    /* The region's three 4-bit codes: 0 = null, 1 = 0, 2 = 1, 3 = 2, 4 = 4, ... */
    const uint64_t strides[3] = {vs, w, hs};
    uint16_t region = 0;
    for (int k = 0; k < 3; k++) {
        uint16_t code = strides[k] == 0 ? 1 : 0;
        for (uint16_t s = 1, e = 2; s <= 32; s <<= 1, e++)
            if (strides[k] == s) code = e;
        if (!code)
            return fail_at(c, "region stride %llu is not 0 or a power of two up to 32",
                           (unsigned long long)strides[k]);
        region |= (uint16_t)(code << (4 * k));
    }
    out->row = (uint8_t)row, out->col = (uint8_t)col, out->region = region;
    return TU_OK;
}

/* A surface: a declared T variable or a predefined name (%slm, T1, T2, TSS, %bss, %scratch). */
static tu_status surface_operand(parser *ps, uint8_t *out) {
    cursor *c = &ps->c;
    char n[48];
    const char *at = c->p;
    TU_TRY(name(c, n, sizeof n, "a surface (T6, %bss, ...)"));
    int i = find_var(ps->k, n, TU_VISA_VAR_T);
    if (i >= 0) {
        *out = (uint8_t)ps->k->vars[i].id;
        return TU_OK;
    }
    for (uint8_t p = 0; p < 6; p++)
        if (strcmp(n, tuV_predef_surfaces[p]) == 0) {
            *out = p;
            return TU_OK;
        }
    c->p = at;
    return fail_at(c, "'%s' is not a declared surface", n);
}

/* The efficient-64b forms of a sampler or surface: `(V, n)`, or `V(r,c)<vs;w,hs>[n]` when
 * `vector` is allowed (IGC IsaDisassembly.cpp and CISA.y). Returns TU_OK with ref->present false
 * when neither form is at the cursor. */
static tu_status state_ref(parser *ps, bool vector, tu_visa_state_ref *ref) {
    cursor *c = &ps->c;
    memset(ref, 0, sizeof *ref);
    uint64_t index;
    if (accept(c, '(')) {
        char n[48];
        TU_TRY(name(c, n, sizeof n, "the state base variable of (V, index)"));
        ref->base.type = TU_VISA_UQ;
        TU_TRY(gvar_id(ps, n, &ref->base.id));
        ref->base.region = 0x0121; /* <0;1,0>: a scalar */
        TU_TRY(expect(c, ',', "between the state base and its index"));
        TU_TRY(uint_in(c, 0, 0xffffffffu, &index, "the state index"));
        TU_TRY(expect(c, ')', "after the state index"));
        ref->present = true;
        ref->index = (uint32_t)index;
        return TU_OK;
    }
    if (!vector) return TU_OK;
    /* V(r,c)<...>[n]: a name followed by '(' */
    const char *q = c->p;
    while (q < c->end && tuV_is_name_char(*q, q == c->p))
        q++;
    if (q == c->p || q >= c->end || *q != '(') return TU_OK;
    TU_TRY(scalar(ps, &ref->base, "the state base"));
    TU_TRY(expect(c, '[', "and the state index after the state base, as in V(0,0)<0;1,0>[1]"));
    TU_TRY(uint_in(c, 0, 0xffffffffu, &index, "the state index"));
    TU_TRY(expect(c, ']', "after the state index"));
    ref->present = true;
    ref->vector = true;
    ref->index = (uint32_t)index;
    return TU_OK;
}

static tu_status sampler_operand(parser *ps, uint8_t *out) {
    cursor *c = &ps->c;
    char n[48];
    const char *at = c->p;
    TU_TRY(name(c, n, sizeof n, "a sampler (S0, S31, ...)"));
    int i = find_var(ps->k, n, TU_VISA_VAR_S);
    if (i >= 0) {
        *out = (uint8_t)ps->k->vars[i].id;
        return TU_OK;
    }
    if (strcmp(n, "S31") == 0) {
        *out = TUV_BINDLESS_SAMPLER;
        return TU_OK;
    }
    c->p = at;
    return fail_at(c, "'%s' is not a declared sampler", n);
}

/* (M1, 16), (M1_NM, 8), (NoMask, 16), (16) */
static tu_status exec_size(parser *ps, uint8_t *size, uint8_t *emask, uint64_t max) {
    cursor *c = &ps->c;
    TU_TRY(expect(c, '(', "to open the execution size, as in (M1, 16)"));
    skip_blanks(c);
    *emask = 0;
    if (c->p < c->end && isalpha((unsigned char)*c->p)) {
        char m[16];
        const char *at = c->p;
        TU_TRY(name(c, m, sizeof m, "an execution mask"));
        int e = -1;
        if (strcmp(m, "NoMask") == 0)
            e = 8;
        else if (m[0] == 'M' && m[1] >= '1' && m[1] <= '8' &&
                 (m[2] == 0 || strcmp(m + 2, "_NM") == 0))
            e = (m[1] - '1') + (m[2] ? 8 : 0);
        if (e < 0) {
            c->p = at;
            return fail_at(c, "'%s' is not an execution mask (M1..M8, M1_NM..M8_NM, NoMask)", m);
        }
        *emask = (uint8_t)e;
        TU_TRY(expect(c, ',', "between the execution mask and the size"));
    }
    uint64_t n;
    TU_TRY(uint_in(c, 1, max, &n, "the execution size"));
    TU_TRY(expect(c, ')', "to close the execution size"));
    *size = (uint8_t)n;
    return TU_OK;
}

/* (P3), (!P3), (P3.any), (!P3.all), after the '('. With `resolve` the predicate must be
 * declared and *pred is set; without (an instruction texunit keeps but does not run) only the
 * form is checked. */
static tu_status predicate(parser *ps, uint16_t *pred, bool resolve) {
    cursor *c = &ps->c;
    bool invert = accept(c, '!');
    char n[48];
    const char *at = c->p;
    TU_TRY(name(c, n, sizeof n, "a predicate variable"));
    int i = find_var(ps->k, n, TU_VISA_VAR_P);
    if (i < 0 && resolve) {
        c->p = at;
        return fail_at(c, "'%s' is not a declared predicate", n);
    }
    uint16_t ctrl = TU_VISA_PRED_NORMAL;
    if (accept(c, '.')) {
        char m[8];
        TU_TRY(name(c, m, sizeof m, "any or all"));
        if (strcmp(m, "any") == 0)
            ctrl = TU_VISA_PRED_ANY;
        else if (strcmp(m, "all") == 0)
            ctrl = TU_VISA_PRED_ALL;
        else
            return fail_at(c, "predicate control '.%s' is not .any or .all", m);
    }
    TU_TRY(expect(c, ')', "to close the predicate"));
    if (resolve) *pred = (uint16_t)(ps->k->vars[i].id | ctrl << 13 | (invert ? 0x8000 : 0));
    return TU_OK;
}

/* .RGBA, .rb, .G: letters of RGBA in order, any case. */
static bool channel_suffix(const char *s, uint8_t *mask) {
    static const char order[] = "RGBA";
    unsigned at = 0;
    uint8_t m = 0;
    if (!*s) return false;
    for (; *s; s++) {
        char ch = (char)toupper((unsigned char)*s);
        while (at < 4 && order[at] != ch)
            at++;
        if (at == 4) return false;
        m |= (uint8_t)(1u << at++);
    }
    *mask = m;
    return true;
}

static const char *const media_mods[6] = {"nomod",  "modified", "top",
                                          "bottom", "top_mod",  "bottom_mod"};

/* The rest of a line after its mnemonic and modifiers. */
static tu_status parse_sampler_inst(parser *ps, tu_visa_inst *in, const tuL_op *op) {
    cursor *c = &ps->c;
    TU_TRY(exec_size(ps, &in->exec_size, &in->emask, 32));
    if (op->opcode == TUL_OPCODE_3D_INFO) {
        TU_TRY(surface_operand(ps, &in->surface));
        if (op->nparams) {
            in->num_params = 1;
            TU_TRY(raw_operand(ps, &in->params[0], "resinfo's lod (a raw operand)"));
        }
        return raw_operand(ps, &in->dst, "the destination (a raw operand)");
    }
    TU_TRY(scalar(ps, &in->aoffimmi, "the aoffimmi immediate (0x0:uw)"));
    if (tuL_opcode_flags(op->opcode) & TUL_OC_SAMPLER) {
        TU_TRY(state_ref(ps, false, &in->sampler64));
        if (!in->sampler64.present) TU_TRY(sampler_operand(ps, &in->sampler));
    }
    TU_TRY(state_ref(ps, true, &in->surface64));
    if (!in->surface64.present) TU_TRY(surface_operand(ps, &in->surface));
    TU_TRY(raw_operand(ps, &in->dst, "the destination (a raw operand)"));
    /* Newer IGC prints the paired surface, %null.0 when unused, before the parameters;
     * older IGC does not. A %null.0 or a surface name in that place is the paired surface
     * (docs/semantics.md). */
    skip_blanks(c);
    if (!at_line_end(c)) {
        char n[48];
        const char *at = c->p;
        if (name(c, n, sizeof n, "an operand") == TU_OK &&
            (strcmp(n, "%null") == 0 || find_var(ps->k, n, TU_VISA_VAR_T) >= 0)) {
            c->p = at;
            if (strcmp(n, "%null") == 0) {
                TU_TRY(raw_operand(ps, &in->paired, "the paired surface"));
            } else {
                uint8_t s;
                TU_TRY(surface_operand(ps, &s));
                TU_TRY(expect(c, '.', "and an offset after the paired surface"));
                uint64_t off;
                TU_TRY(uint_in(c, 0, 65535, &off, "the paired surface's offset"));
                in->paired.id = s, in->paired.offset = (uint16_t)off;
            }
            in->has_paired = true;
        } else {
            c->p = at;
        }
    }
    while (!at_line_end(c)) {
        if (in->num_params == TU_VISA_MAX_PARAMS)
            return fail_at(c, "more than %d parameters", TU_VISA_MAX_PARAMS);
        TU_TRY(raw_operand(ps, &in->params[in->num_params], "a parameter (a raw operand)"));
        in->num_params++;
    }
    return TU_OK;
}

static tu_status parse_media(parser *ps, tu_visa_inst *in) {
    cursor *c = &ps->c;
    uint64_t w, h, plane = 0;
    TU_TRY(expect(c, '(', "to open the block size (width,height)"));
    TU_TRY(uint_in(c, 1, 64, &w, "the block width"));
    TU_TRY(expect(c, ',', "between the block width and height"));
    TU_TRY(uint_in(c, 1, 64, &h, "the block height"));
    TU_TRY(expect(c, ')', "to close the block size"));
    in->block_width = (uint8_t)w, in->block_height = (uint8_t)h;
    TU_TRY(surface_operand(ps, &in->surface));
    /* The plane may be omitted: look ahead for four operands (plane x y dst) or three. */
    const char *at = c->p;
    unsigned words = 0;
    for (const char *q = c->p; q < c->end;) {
        while (q < c->end && tu_text_is_blank(*q))
            q++;
        if (q >= c->end || tu_text_is_line_end(*q) || (*q == '/' && q + 1 < c->end && q[1] == '/'))
            break;
        words++;
        while (q < c->end && !tu_text_is_space(*q))
            q++;
    }
    if (words == 4) {
        TU_TRY(uint_in(c, 0, 15, &plane, "the plane"));
    } else if (words != 3) {
        c->p = at;
        return fail_at(c, "media_ld takes [plane] x y dst after the surface, not %u operands",
                       words);
    }
    in->plane = (uint8_t)plane;
    TU_TRY(scalar(ps, &in->x, "the x offset (0x0:ud)"));
    TU_TRY(scalar(ps, &in->y, "the y offset (0x0:ud)"));
    return raw_operand(ps, &in->dst, "the destination (a raw operand)");
}

/* A data-port instruction after its mnemonic (IGC IsaDisassembly.cpp):
 *   mnemonic.<RGBA | op[.16] | 1|2|4> (<emask>, <n>) <surface> [<global offset>] <raw>... [<dst>]
 */
static tu_status parse_dataport(parser *ps, tu_visa_inst *in, const tuL_dp_row *dp) {
    cursor *c = &ps->c;
    in->opcode = dp->opcode;
    const char *at = c->p;
    if (dp->suffix == TUL_SUFFIX_BLOCKS) {
        uint64_t n;
        TU_TRY(expect(c, '.', "and the bytes per lane (.1, .2, .4)"));
        at = c->p;
        TU_TRY(uint_in(c, 1, 4, &n, "the bytes per lane"));
        if (n == 3) {
            c->p = at;
            return fail_at(c, "%s reads 1, 2 or 4 bytes per lane, not 3", dp->mnemonic);
        }
        in->num_blocks = (uint8_t)(n == 1 ? 0 : n == 2 ? 1 : 2);
    } else if (dp->suffix == TUL_SUFFIX_ATOMIC) {
        char w[16];
        TU_TRY(expect(c, '.', "and the atomic op (.add, .cmpxchg, ...)"));
        at = c->p;
        TU_TRY(name(c, w, sizeof w, "an atomic op"));
        const tuL_atomic_row *a = tuL_atomic_by_text(w);
        if (!a) {
            c->p = at;
            return fail_at(c,
                           "'%s' is not an atomic op (add sub inc dec min max xchg cmpxchg and or "
                           "xor minsint maxsint predec fmax fmin fcmpwr fadd fsub)",
                           w);
        }
        in->atomic_op = a->code;
        if (accept(c, '.')) {
            uint64_t bits;
            TU_TRY(uint_in(c, 16, 16, &bits, "the atomic's width (.16)"));
            in->atomic16 = true;
        }
    } else {
        char w[8];
        TU_TRY(expect(c, '.', "and the channels (.RGBA, .R, ...)"));
        at = c->p;
        TU_TRY(name(c, w, sizeof w, "the channels"));
        if (!channel_suffix(w, &in->channels)) {
            c->p = at;
            return fail_at(c, "'.%s' is not channels (letters of RGBA in order)", w);
        }
    }
    TU_TRY(exec_size(ps, &in->exec_size, &in->emask, 32));
    TU_TRY(surface_operand(ps, &in->surface));
    if (dp->scaled) TU_TRY(scalar(ps, &in->global_offset, "the global offset (0x0:ud)"));
    in->num_params = dp->nraw;
    for (unsigned i = 0; i < dp->nraw; i++) {
        char what[48];
        snprintf(what, sizeof what, "the %s operand (a raw operand)",
                 tuL_param_name((tuL_param)dp->raw[i]));
        TU_TRY(raw_operand(ps, &in->params[i], what));
    }
    if (dp->has_dst) TU_TRY(raw_operand(ps, &in->dst, "the destination (a raw operand)"));
    return TU_OK;
}

/* --- LSC (IGC IsaDisassembly.cpp; vISA spec, LSC_UNTYPED, "Text") ------------------- */

/* An LSC raw operand: NAME or NAME.OFFSET, %null for none. */
static tu_status lsc_raw(parser *ps, tu_visa_raw *out, const char *what) {
    cursor *c = &ps->c;
    char n[48];
    const char *at = c->p;
    TU_TRY(name(c, n, sizeof n, what));
    uint64_t off = 0;
    if (c->p < c->end && *c->p == '.') {
        c->p++;
        TU_TRY(uint_in(c, 0, 65535, &off, "the operand's byte offset"));
    }
    const char *after = c->p;
    c->p = at;
    TU_TRY(gvar_id(ps, n, &out->id));
    c->p = after;
    out->offset = (uint16_t)off;
    return TU_OK;
}

/* A signed immediate after an operand: +N or -N (decimal or 0x hex); 0 when none is there. */
static tu_status lsc_signed(parser *ps, int64_t lo, int64_t hi, int32_t *out, const char *what) {
    cursor *c = &ps->c;
    *out = 0;
    skip_blanks(c);
    if (c->p >= c->end || (*c->p != '+' && *c->p != '-')) return TU_OK;
    const char *at = c->p;
    const bool minus = *c->p++ == '-';
    uint64_t v;
    TU_TRY(integer(c, &v, NULL, what));
    const int64_t x = minus ? -(int64_t)(v > (uint64_t)INT64_MAX ? INT64_MAX : v)
                            : (int64_t)(v > (uint64_t)INT64_MAX ? INT64_MAX : v);
    if (x < lo || x > hi) {
        c->p = at;
        return fail_at(c, "%s %s%llu is not in %lld..%lld", what, minus ? "-" : "+",
                       (unsigned long long)v, (long long)lo, (long long)hi);
    }
    *out = (int32_t)x;
    return TU_OK;
}

/* A vector operand as CISA.y's LscVectorOpRegOrImm32 reads it: an integer (0x3F, 7: a UD
 * immediate, UQ when `wide`), or a variable V, V.COL or V(ROW,COL) (region <0;1,0>). texunit
 * also reads its earlier spelling V(ROW,COL)<0;1,0>. */
static tu_status lsc_vector(parser *ps, tu_visa_scalar *out, bool wide, const char *what) {
    cursor *c = &ps->c;
    memset(out, 0, sizeof *out);
    skip_blanks(c);
    if (c->p < c->end && isdigit((unsigned char)*c->p)) {
        out->is_imm = true;
        out->type = wide ? TU_VISA_UQ : TU_VISA_UD;
        return uint_in(c, 0, wide ? UINT64_MAX : 0xffffffffu, &out->imm, what);
    }
    char n[48];
    const char *at = c->p;
    TU_TRY(name(c, n, sizeof n, what));
    const char *after = c->p;
    c->p = at;
    TU_TRY(gvar_id(ps, n, &out->id));
    c->p = after;
    const int i = find_var(ps->k, n, TU_VISA_VAR_G);
    out->type = i >= 0 ? ps->k->vars[i].type : TU_VISA_UD;
    out->region = 0x0121; /* <0;1,0>: a scalar */
    uint64_t row = 0, col = 0;
    if (c->p < c->end && *c->p == '.') {
        c->p++;
        TU_TRY(uint_in(c, 0, 255, &col, "the element (V.COL)"));
    } else if (c->p < c->end && *c->p == '(') {
        const char *open = c->p;
        c->p = at;
        const uint8_t type = out->type;
        /* V(r,c)<vs;w,hs>: the general scalar; V(r,c) alone: CISA.y's form */
        const char *q = open;
        int depth = 0;
        while (q < c->end && !tu_text_is_line_end(*q) && (*q != ')' || --depth > 0))
            depth += *q++ == '(';
        const bool region = q + 1 < c->end && q[1] == '<';
        if (region) return scalar(ps, out, what);
        c->p = open + 1;
        TU_TRY(uint_in(c, 0, 255, &row, "the row"));
        TU_TRY(expect(c, ',', "between row and column"));
        TU_TRY(uint_in(c, 0, 255, &col, "the column"));
        TU_TRY(expect(c, ')', "after the column"));
        out->type = type;
    }
    out->row = (uint8_t)row, out->col = (uint8_t)col;
    return TU_OK;
}

/* The data shape after ':' (IGC CISA.l LSC_DATA_SHAPE_TK*): dN[xE][t], quad dN.xyzw, block2d
 * dN.[BxWxH][n|t][n|t]; IGC's aliases u8 u16 u32 u64 and d8c32 d16c32 d16c32h read as d8 d16
 * d32 d64, d8u32 d16u32 d16u32h. */
static const struct {
    const char *name;
    uint8_t size;
} lsc_size_spellings[] = {
    {"d8u32", 5},  {"d8c32", 5},  {"u8c32", 5},  {"d16u32h", 7}, {"d16c32h", 7}, {"u16c32h", 7},
    {"d16u32", 6}, {"d16c32", 6}, {"u16c32", 6}, {"d64", 4},     {"u64", 4},     {"d32", 3},
    {"u32", 3},    {"d16", 2},    {"u16", 2},    {"d8", 1},      {"u8", 1},
};

static const char *lsc_size_prefix(const char *w, uint8_t *size) {
    for (size_t k = 0; k < sizeof lsc_size_spellings / sizeof lsc_size_spellings[0]; k++) {
        const size_t len = strlen(lsc_size_spellings[k].name);
        if (strncmp(w, lsc_size_spellings[k].name, len) == 0) {
            *size = lsc_size_spellings[k].size;
            return w + len;
        }
    }
    return NULL;
}

/* A decimal count of a block2d shape, 1..max. */
static const char *shape_count(const char *p, uint64_t max, uint16_t *out) {
    uint64_t v = 0;
    const char *q = p;
    while (isdigit((unsigned char)*q) && v <= max)
        v = v * 10 + (uint64_t)(*q++ - '0');
    if (q == p || v < 1 || v > max) return NULL;
    *out = (uint16_t)v;
    return q;
}

typedef enum lsc_shape { SHAPE_VECTOR, SHAPE_QUAD, SHAPE_BLOCK2D, SHAPE_TYPED_BLOCK2D } lsc_shape;

/* A run of letters and digits (a 2D block's shape starts with a digit, so it is no name). */
static tu_status shape_token(cursor *c, char *out, size_t size, const char *what) {
    char buf[32];
    skip_blanks(c);
    size_t n = 0;
    while (c->p + n < c->end && isalnum((unsigned char)c->p[n]))
        n++;
    if (n == 0) return fail_at(c, "expected %s, got '%s'", what, seen(c, buf, sizeof buf));
    if (n >= size) return fail_at(c, "%s is longer than %zu characters", what, size - 1);
    memcpy(out, c->p, n);
    out[n] = 0;
    c->p += n;
    return TU_OK;
}

static tu_status lsc_data(parser *ps, tu_visa_inst *in, lsc_shape shape) {
    cursor *c = &ps->c;
    char w[24];
    TU_TRY(expect(c, ':', "and the data shape after the data operand (V:d32)"));
    const char *at = c->p;
    TU_TRY(shape_token(c, w, sizeof w, "a data shape (d8 d16 d32 d64 d8u32 d16u32 d16u32h)"));
    in->lsc.data_order = shape == SHAPE_TYPED_BLOCK2D ? 0 : 1;
    if (shape == SHAPE_TYPED_BLOCK2D) { /* WIDTHxHEIGHT: bytes x rows */
        const char *q = shape_count(w, 0xffff, &in->lsc.block_width);
        if (q && *q == 'x') q = shape_count(q + 1, 0xffff, &in->lsc.block_height);
        if (!q || *q) {
            c->p = at;
            return fail_at(c, "'%s' is not a typed 2D block shape (WIDTHxHEIGHT: bytes x rows)", w);
        }
        return TU_OK;
    }
    const char *rest = lsc_size_prefix(w, &in->lsc.data_size);
    if (shape == SHAPE_VECTOR && rest) {
        in->lsc.elems = 1;
        if (*rest == 'x') {
            char *endp;
            const unsigned long n = strtoul(rest + 1, &endp, 10);
            uint8_t code = 0;
            for (uint8_t k = 1; k < 9; k++)
                if (tuL_lsc_elems[k] == n) code = k;
            rest = code && endp != rest + 1 ? endp : "?";
            in->lsc.elems = code;
        }
        if (*rest == 't') {
            in->lsc.data_order = 2;
            rest++;
        }
        in->lsc.chmask = in->lsc.elems;
    }
    if (!rest || *rest) {
        c->p = at;
        return fail_at(c,
                       "'%s' is not a data shape (d8 d16 d32 d64 d8u32 d16u32 d16u32h, then xN "
                       "for 1 2 3 4 8 16 32 64 elements and t for transposed)",
                       w);
    }
    if (shape == SHAPE_VECTOR) return TU_OK;
    TU_TRY(expect(c, '.',
                  shape == SHAPE_QUAD
                      ? "and the channels after a quad operation's data size (.xyzw)"
                      : "and the block after a 2D block's data size (.8x2nn)"));
    at = c->p;
    TU_TRY(shape_token(c, w, sizeof w,
                       shape == SHAPE_QUAD ? "the channels (letters of xyzw in order)"
                                           : "the block (BLOCKSxWIDTHxHEIGHT, then n or t twice)"));
    if (shape == SHAPE_BLOCK2D) {
        uint16_t n[3] = {0, 0, 0};
        unsigned count = 0;
        const char *q = w;
        while (q && count < 3) {
            q = shape_count(q, 0xffff, &n[count++]);
            if (!q || *q != 'x') break;
            q++;
        }
        bool ok = q && count >= 2;
        in->lsc.blocks = 1;
        if (ok) {
            if (count == 3) in->lsc.blocks = (uint8_t)(n[0] > 255 ? 0 : n[0]);
            in->lsc.block_width = n[count - 2];
            in->lsc.block_height = n[count - 1];
            /* transposed, then VNNI: each n or t, both optional */
            if (*q == 'n' || *q == 't') in->lsc.data_order = *q++ == 't' ? 2 : 1;
            if (*q == 'n' || *q == 't') in->lsc.vnni = *q++ == 't';
            ok = !*q && in->lsc.blocks;
        }
        if (!ok) {
            c->p = at;
            return fail_at(c,
                           "'.%s' is not a 2D block (WIDTHxHEIGHT or BLOCKSxWIDTHxHEIGHT, then n "
                           "or t for transposed and n or t for VNNI)",
                           w);
        }
        return TU_OK;
    }
    uint8_t mask = 0;
    unsigned next = 0;
    for (const char *q = w; *q; q++) {
        const char *hit = strchr("xyzw", *q);
        if (!hit || (unsigned)(hit - "xyzw") < next) {
            c->p = at;
            return fail_at(c, "'.%s' is not channels (letters of xyzw in order)", w);
        }
        next = (unsigned)(hit - "xyzw") + 1;
        mask |= (uint8_t)(1u << (hit - "xyzw"));
    }
    in->lsc.chmask = in->lsc.elems = mask;
    return TU_OK;
}

/* The address model (CISA.y LscAddrModelOpt, LscAddrModelStateful): flat, flat(BASE), arg,
 * bss(S[,IDX]), ss(S[,IDX]), bti(S[,IDX]), surf(S[,IDX]); `[` right away reads as flat. The
 * surface is an immediate or a variable (LscVectorOpRegOrImm32; 64-bit for flat and surf). */
static tu_status lsc_model(parser *ps, tu_visa_inst *in, bool stateful) {
    cursor *c = &ps->c;
    in->lsc.surface.is_imm = true;
    in->lsc.surface.type = TU_VISA_UD;
    skip_blanks(c);
    if (!stateful && c->p < c->end && *c->p == '[') {
        in->lsc.addr_type = 1;
        return TU_OK;
    }
    char w[8];
    const char *at = c->p;
    TU_TRY(name(c, w, sizeof w, "an address model (flat bss ss bti arg surf)"));
    uint8_t type = 0;
    for (uint8_t k = 1; k < 7; k++)
        if (strcmp(w, tuL_lsc_addr_type_names[k]) == 0) type = k;
    if (!type || (stateful && (type == 1 || type == 5))) {
        c->p = at;
        return fail_at(c, "'%s' is not an address model (%s)", w,
                       stateful ? "bss ss bti surf: a typed message addresses a surface"
                                : "flat bss ss bti arg surf");
    }
    in->lsc.addr_type = type;
    const bool flat = type == 1 || type == 5;
    if (flat && !accept(c, '(')) return TU_OK;
    if (!flat) TU_TRY(expect(c, '(', "and the surface after the address model, as in bti(0x7B)"));
    const bool wide = type == 1 || type == 6;
    TU_TRY(lsc_vector(ps, &in->lsc.surface, wide, "the surface (an immediate or a variable)"));
    if (accept(c, ',')) {
        uint64_t idx;
        TU_TRY(uint_in(c, 0, 0xffffffffu, &idx, "the surface-state index"));
        in->lsc.ss_index = (uint32_t)idx;
    }
    return expect(c, ')', "after the surface");
}

static tu_status lsc_addr_size(parser *ps, tu_visa_inst *in) {
    cursor *c = &ps->c;
    static const char *const sizes[6] = {NULL, "a16", "a32", "a64", "a32u", "a32s"};
    char w[8];
    TU_TRY(expect(c, ':', "and the address size after the addresses (:a32)"));
    const char *at = c->p;
    TU_TRY(name(c, w, sizeof w, "an address size (a16 a32 a64 a32u a32s)"));
    for (uint8_t k = 1; k < 6; k++)
        if (strcmp(w, sizes[k]) == 0) in->lsc.addr_size = k;
    if (!in->lsc.addr_size) {
        c->p = at;
        return fail_at(c, "'%s' is not an address size (a16 a32 a64 a32u a32s)", w);
    }
    return TU_OK;
}

/* MODEL[ADDRESSES]:aNN: untyped [SCALE*]SRC0[+-OFFSET][, PITCH], typed U[+-o],V[+-o],R[+-o],LOD
 * (IGC stops at the first %null: the rest are %null). */
static tu_status lsc_address(parser *ps, tu_visa_inst *in, bool typed, bool strided) {
    cursor *c = &ps->c;
    TU_TRY(lsc_model(ps, in, typed));
    TU_TRY(expect(c, '[', "to open the addresses"));
    if (typed) {
        for (unsigned i = 0; i < 4; i++) {
            if (i && !accept(c, ',')) break;
            TU_TRY(lsc_raw(ps, &in->params[i], "a coordinate (U, V, R, LOD)"));
            if (i < 3)
                TU_TRY(lsc_signed(ps, INT32_MIN, INT32_MAX, &in->lsc.coord_offset[i],
                                  "the coordinate offset"));
        }
    } else {
        skip_blanks(c);
        uint64_t scale = 1;
        if (c->p < c->end && isdigit((unsigned char)*c->p)) {
            TU_TRY(uint_in(c, 1, 65535, &scale, "the address scale"));
            TU_TRY(expect(c, '*', "after the address scale"));
        }
        in->lsc.scale = (uint16_t)scale;
        TU_TRY(lsc_raw(ps, &in->params[0], "the addresses (a raw operand)"));
        TU_TRY(lsc_signed(ps, INT32_MIN, INT32_MAX, &in->lsc.offset, "the address offset"));
        if (strided && accept(c, ','))
            TU_TRY(lsc_vector(ps, &in->lsc.stride, false, "the address pitch"));
    }
    TU_TRY(expect(c, ']', "to close the addresses"));
    return lsc_addr_size(ps, in);
}

/* A 2D block's address (CISA.y LscUntypedBlock2dAddrOperand, LscTypedBlock2dAddrOperand):
 * untyped flat[BASE,WIDTH,HEIGHT,PITCH,X[+-o],Y[+-o]] or flat[PAYLOAD + (X,Y)]; typed
 * MODEL(S)[X[+-o],Y[+-o]]. */
static tu_status lsc_block_address(parser *ps, tu_visa_inst *in, bool typed) {
    cursor *c = &ps->c;
    static const char *const names[6] = {"the surface base",   "the surface width",
                                         "the surface height", "the surface pitch",
                                         "the block's x",      "the block's y"};
    if (typed) {
        TU_TRY(lsc_model(ps, in, true));
    } else {
        char w[8];
        const char *at = c->p;
        TU_TRY(name(c, w, sizeof w, "flat (a 2D block addresses flat memory)"));
        if (strcmp(w, "flat") != 0) {
            c->p = at;
            return fail_at(c, "'%s': an untyped 2D block's address is flat[...]", w);
        }
        in->lsc.addr_type = 1;
        in->lsc.addr_size = 3; /* CISA.y: LSC_ADDR_SIZE_64b */
        in->lsc.surface.is_imm = true;
        in->lsc.surface.type = TU_VISA_UD;
    }
    TU_TRY(expect(c, '[', "to open the block's address"));
    const unsigned first = typed ? 4 : 0;
    for (unsigned i = first; i < 6; i++) {
        if (i > first) TU_TRY(expect(c, ',', "between the block's address operands"));
        TU_TRY(lsc_vector(ps, &in->lsc.block[i], i == 0, names[i]));
        if (!typed && i == 0 && accept(c, '+')) { /* PAYLOAD + (X,Y) */
            in->lsc.block_payload = true;
            TU_TRY(expect(c, '(', "to open the block's (x,y) offsets"));
            for (unsigned k = 0; k < 2; k++) {
                bool neg = false;
                uint64_t v;
                if (k) TU_TRY(expect(c, ',', "between the x and y offsets"));
                TU_TRY(integer(c, &v, &neg, k ? "the y offset" : "the x offset"));
                if (v > 32768 || (!neg && v > 32767))
                    return fail_at(c, "the block's %s offset %s%llu is not in -32768..32767",
                                   k ? "y" : "x", neg ? "-" : "", (unsigned long long)v);
                in->lsc.block_offset[k] = neg ? -(int32_t)v : (int32_t)v;
            }
            TU_TRY(expect(c, ')', "to close the block's (x,y) offsets"));
            break;
        }
        if (i >= 4)
            TU_TRY(lsc_signed(ps, INT16_MIN, INT16_MAX, &in->lsc.block_offset[i - 4],
                              i == 4 ? "the x offset" : "the y offset"));
    }
    return expect(c, ']', "to close the block's address");
}

/* lsc_fence.SFID.OP.SCOPE (CISA.y LscFence; IGC LSC_FENCE_OP, LSC_SCOPE) */
static const char *const fence_ops[7] = {"none",  "evict",   "invalidate", "discard",
                                         "clean", "flushl3", "type6"};
static const char *const fence_scopes[7] = {"group", "local",  "tile",  "gpu",
                                            "gpus",  "sysrel", "sysacq"};

static tu_status lsc_word(parser *ps, const char *const *names, unsigned count, const char *what,
                          const char *list, uint8_t *out) {
    cursor *c = &ps->c;
    char w[16];
    char expected[96];
    snprintf(expected, sizeof expected, "and %s after it (.%s)", what, list);
    TU_TRY(expect(c, '.', expected));
    const char *at = c->p;
    TU_TRY(name(c, w, sizeof w, what));
    for (unsigned k = 0; k < count; k++)
        if (strcmp(w, names[k]) == 0) {
            *out = (uint8_t)k;
            return TU_OK;
        }
    c->p = at;
    return fail_at(c, "'%s' is not %s (%s)", w, what, list);
}

static tu_status parse_fence(parser *ps, tu_visa_inst *in) {
    in->opcode = TUL_OPCODE_LSC_FENCE;
    in->exec_size = 1;
    in->emask = 8; /* IGC VISAKernelImpl.cpp AppendVISALscFence: EXEC_SIZE_1, M1_NM */
    TU_TRY(lsc_word(ps, tuL_lsc_sfid_names, 4, "an SFID", "ugm ugml tgm slm", &in->lsc.sfid));
    TU_TRY(lsc_word(ps, fence_ops, 7, "a fence operation",
                    "none evict invalidate discard clean flushl3 type6", &in->lsc.fence_op));
    return lsc_word(ps, fence_scopes, 7, "a fence scope", "group local tile gpu gpus sysrel sysacq",
                    &in->lsc.scope);
}

/* [(P)] lsc_OP.SFID[.L1.L3 | .L1.L2.L3] (EMASK, N) operands, as IGC's printer writes them
 * (IsaDisassembly.cpp, LscInstFormatter) and CISA.y reads them; typed block2d has no
 * execution size (IGC: SIMD1). */
static tu_status parse_lsc(parser *ps, tu_visa_inst *in, const char *op_name, const char *mn_at) {
    cursor *c = &ps->c;
    const tuL_lsc_row *row = tuL_lsc_by_name(op_name);
    if (!row) {
        c->p = mn_at;
        return fail_at(c,
                       "'lsc_%s' is not an LSC operation (lsc_load, lsc_store, lsc_load_quad, "
                       "lsc_store_quad, lsc_atomic_iadd, lsc_load_block2d, lsc_fence, ...)",
                       op_name);
    }
    in->subop = row->subop;
    /* status, uncompressed, state info, append counters: named, refused before their operands
     * (whose forms differ), never as a syntax error */
    if (row->kind == TUL_LSC_OTHER)
        return tuB_fail(c->err, TU_UNSUPPORTED,
                        "line %u, column %u: lsc_%s is an LSC operation texunit does not execute "
                        "(nor read the operands of)",
                        c->line, (unsigned)(mn_at - c->line_start) + 1, row->name);
    if (row->kind == TUL_LSC_FENCE) {
        if (in->pred) return fail_at(c, "lsc_fence takes no predicate");
        return parse_fence(ps, in);
    }
    char w[8];
    TU_TRY(expect(c, '.', "and the SFID after the LSC operation (.ugm .ugml .tgm .slm)"));
    const char *at = c->p;
    TU_TRY(name(c, w, sizeof w, "an SFID (ugm ugml tgm slm)"));
    int sfid = -1;
    for (int k = 0; k < 4; k++)
        if (strcmp(w, tuL_lsc_sfid_names[k]) == 0) sfid = k;
    if (sfid < 0) {
        c->p = at;
        return fail_at(c, "'%s' is not an LSC SFID (ugm ugml tgm slm)", w);
    }
    const bool typed = sfid == 2;
    if (typed && !row->typed) { /* before its operands, which read as the typed ones */
        c->p = at;
        return fail_at(c, "lsc_%s.tgm has no typed (.tgm) form", row->name);
    }
    in->opcode = typed ? TUL_OPCODE_LSC_TYPED : TUL_OPCODE_LSC_UNTYPED;
    in->lsc.sfid = typed ? 0 : (uint8_t)sfid;
    uint8_t cache[3] = {0, 0, 0};
    unsigned levels = 0;
    const char *cache_at = c->p;
    while (levels < 3 && accept(c, '.')) {
        at = c->p;
        TU_TRY(name(c, w, sizeof w, "a caching option (df uc ca wb wt st ri cc)"));
        int k = -1;
        for (int j = 0; j < 8; j++)
            if (strcmp(w, tuL_lsc_cache_names[j]) == 0) k = j;
        if (k < 0) {
            c->p = at;
            return fail_at(c, "'%s' is not a caching option (df uc ca wb wt st ri cc)", w);
        }
        cache[levels++] = (uint8_t)k;
    }
    if (levels == 1) {
        c->p = cache_at;
        return fail_at(c, "one caching option: IGC writes two (.L1.L3) or three (.L1.L2.L3)");
    }
    in->lsc.l1 = cache[0];
    in->lsc.l3 = levels ? cache[levels - 1] : 0;
    if (levels == 3) in->lsc.three_level = true, in->lsc.l2 = cache[1];
    const bool block2d = row->kind == TUL_LSC_LOAD_BLOCK2D || row->kind == TUL_LSC_STORE_BLOCK2D;
    if (typed && block2d)
        in->exec_size = 1; /* IGC VISAKernelImpl.cpp AppendVISALscTypedBlock2DInst: EXEC_SIZE_1 */
    else
        TU_TRY(exec_size(ps, &in->exec_size, &in->emask, 32));
    in->num_params = typed ? 6 : 3;
    tu_visa_raw *src1 = &in->params[in->num_params - 2], *src2 = &in->params[in->num_params - 1];
    const lsc_shape shape = block2d ? (typed ? SHAPE_TYPED_BLOCK2D : SHAPE_BLOCK2D)
                            : row->kind == TUL_LSC_LOAD_QUAD || row->kind == TUL_LSC_STORE_QUAD
                                ? SHAPE_QUAD
                                : SHAPE_VECTOR;
    const bool strided = row->kind == TUL_LSC_LOAD_STRIDED || row->kind == TUL_LSC_STORE_STRIDED;
    const bool store = row->kind == TUL_LSC_STORE || row->kind == TUL_LSC_STORE_QUAD ||
                       row->kind == TUL_LSC_STORE_STRIDED || row->kind == TUL_LSC_STORE_BLOCK2D;
    if (store) {
        TU_TRY(block2d ? lsc_block_address(ps, in, typed) : lsc_address(ps, in, typed, strided));
        TU_TRY(lsc_raw(ps, src1, "the data to store (a raw operand)"));
        return lsc_data(ps, in, shape);
    }
    TU_TRY(lsc_raw(ps, &in->dst, "the destination (a raw operand)"));
    TU_TRY(lsc_data(ps, in, shape));
    TU_TRY(block2d ? lsc_block_address(ps, in, typed) : lsc_address(ps, in, typed, strided));
    if (row->kind != TUL_LSC_ATOMIC) return TU_OK;
    TU_TRY(lsc_raw(ps, src1, "the atomic's src1 (a raw operand or %null)"));
    return lsc_raw(ps, src2, "the atomic's src2 (a raw operand or %null)");
}

/* --- statements outside texunit's families (IGC CISA.y and CISA.l) ---------------------- */

/* The mnemonics of the vISA instructions outside texunit's families, as IGC's lexer spells
 * them (CISA.l; the ops of IsaDescription.cpp, ISA_Inst_Table). Such an instruction is kept
 * as written once its operands fit the operand grammar below; texunit does not run it. */
static const char *const other_ops[] = {"add",
                                        "addc",
                                        "add3",
                                        "addr_add",
                                        "and",
                                        "acos",
                                        "asin",
                                        "asr",
                                        "atan",
                                        "avg",
                                        "avs",
                                        "barrier",
                                        "bdpas",
                                        "bfe",
                                        "bfi",
                                        "bfn",
                                        "bfrev",
                                        "breakpoint",
                                        "call",
                                        "cbit",
                                        "cmp",
                                        "cos",
                                        "div",
                                        "divm",
                                        "dnscl",
                                        "dp2",
                                        "dp3",
                                        "dp4",
                                        "dp4a",
                                        "dpas",
                                        "dpasw",
                                        "dph",
                                        "exp",
                                        "faddr",
                                        "fbh",
                                        "fbl",
                                        "fcall",
                                        "fccall",
                                        "fcvt",
                                        "fence_global",
                                        "fence_local",
                                        "fence_sw",
                                        "fret",
                                        "frc",
                                        "gather",
                                        "goto",
                                        "ifcall",
                                        "inv",
                                        "invm",
                                        "jmp",
                                        "lfsr",
                                        "line",
                                        "load",
                                        "log",
                                        "lrp",
                                        "lzd",
                                        "mad",
                                        "madw",
                                        "max",
                                        "media_st",
                                        "min",
                                        "mod",
                                        "mov",
                                        "mul",
                                        "mulh",
                                        "nbarrier",
                                        "not",
                                        "or",
                                        "oword_ld",
                                        "oword_ld_unaligned",
                                        "oword_st",
                                        "plane",
                                        "pow",
                                        "qw_gather",
                                        "qw_scatter",
                                        "raw_send",
                                        "raw_sendc",
                                        "raw_sendg",
                                        "raw_sendg_eot",
                                        "raw_sendgc",
                                        "raw_sendgc_eot",
                                        "raw_sends",
                                        "raw_sends_eot",
                                        "raw_sendsc",
                                        "raw_sendsc_eot",
                                        "ret",
                                        "rndd",
                                        "rnde",
                                        "rndu",
                                        "rndz",
                                        "rol",
                                        "ror",
                                        "rsqrt",
                                        "rsqtm",
                                        "rt_write_3d",
                                        "sad2",
                                        "sad2add",
                                        "sample",
                                        "sample_unorm",
                                        "sampler_cache_flush",
                                        "sbarrier",
                                        "scatter",
                                        "sel",
                                        "setp",
                                        "shfl_idx4",
                                        "shl",
                                        "shr",
                                        "sigm",
                                        "sin",
                                        "sqrt",
                                        "sqrtm",
                                        "srnd",
                                        "subb",
                                        "svm_atomic",
                                        "svm_block_ld",
                                        "svm_block_st",
                                        "svm_gather",
                                        "svm_gather4scaled",
                                        "svm_scatter",
                                        "svm_scatter4scaled",
                                        "switchjmp",
                                        "tanh",
                                        "urb_write_3d",
                                        "vme_fbr",
                                        "vme_ime",
                                        "vme_sic",
                                        "wait",
                                        "xor",
                                        "yield"};

static bool other_op_known(const char *mn) {
    for (size_t i = 0; i < sizeof other_ops / sizeof other_ops[0]; i++)
        if (strcmp(mn, other_ops[i]) == 0) return true;
    return false;
}

/* A string literal "..." with CISA.l's backslash escapes; the cursor moves past it. */
static tu_status string_literal(cursor *c, const char *what) {
    char buf[32];
    skip_blanks(c);
    if (c->p >= c->end || *c->p != '"')
        return fail_at(c, "expected %s (a string in quotes), got '%s'", what,
                       seen(c, buf, sizeof buf));
    const char *open = c->p++;
    while (c->p < c->end && *c->p != '"' && !tu_text_is_line_end(*c->p))
        c->p += *c->p == '\\' && c->p + 1 < c->end && !tu_text_is_line_end(c->p[1]) ? 2 : 1;
    if (c->p >= c->end || *c->p != '"') {
        c->p = open;
        return fail_at(c, "%s: the string is not closed on its line", what);
    }
    c->p++;
    return TU_OK;
}

/* A number as CISA.l reads one: [-]0x hex, or [-] decimal with an optional fraction and
 * exponent. */
static tu_status number_literal(cursor *c) {
    char buf[32];
    const char *start = c->p, *q = c->p;
    if (q < c->end && *q == '-') q++;
    const char *digits = q;
    if (q + 1 < c->end && q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) {
        q += 2;
        digits = q;
        while (q < c->end && isxdigit((unsigned char)*q))
            q++;
    } else {
        while (q < c->end && isdigit((unsigned char)*q))
            q++;
        if (q < c->end && *q == '.')
            for (q++; q < c->end && isdigit((unsigned char)*q);)
                q++;
        if (q > digits && q < c->end && (*q == 'e' || *q == 'E')) {
            const char *e = q + 1;
            if (e < c->end && (*e == '+' || *e == '-')) e++;
            if (e < c->end && isdigit((unsigned char)*e)) {
                while (e < c->end && isdigit((unsigned char)*e))
                    e++;
                q = e;
            }
        }
    }
    if (q == digits || (q == digits + 1 && *digits == '.'))
        return fail_at(c, "expected a number, got '%s'", seen(c, buf, sizeof buf));
    c->p = q;
    (void)start;
    return TU_OK;
}

/* <hs>, <w,hs> or <vs;w,hs> (CISA.y DstRegion, SrcRegionDirect, SrcRegionIndirect). */
static tu_status region_syntax(cursor *c) {
    uint64_t v;
    TU_TRY(expect(c, '<', "to open the region"));
    TU_TRY(integer(c, &v, NULL, "a region stride"));
    if (accept(c, ';')) {
        TU_TRY(integer(c, &v, NULL, "the region's width"));
        TU_TRY(expect(c, ',', "between the region's width and horizontal stride"));
        TU_TRY(integer(c, &v, NULL, "the region's horizontal stride"));
    } else if (accept(c, ',')) {
        TU_TRY(integer(c, &v, NULL, "the region's horizontal stride"));
    }
    return expect(c, '>', "to close the region");
}

/* One operand of an instruction outside texunit's families, in the forms of CISA.y: an
 * immediate (0x1:w, -2:d, 1.5:f, a bare count), a general, address or state operand
 * (V(r,c)<region>[:type], A0(0)<1>, S31(0), with (-) (abs) (-abs) (~)), a raw operand (V.0),
 * an indirect operand (r[A0(0),0]<0;1,0>:d), an address-of (&V, &V[4]), a predicate, label or
 * function name, a string, or a parenthesized list of names (switchjmp's labels). Names are
 * not looked up: texunit checks the form, and looks names up only where it acts. */
static tu_status other_operand(parser *ps) {
    cursor *c = &ps->c;
    char n[64];
    uint64_t v;
    skip_blanks(c);
    if (c->p >= c->end) return fail_at(c, "expected an operand");
    if (*c->p == '"') return string_literal(c, "a string operand");
    static const char *const mods[] = {"(-abs)", "(abs)", "(-)", "(~)"};
    bool modified = false;
    for (size_t i = 0; i < sizeof mods / sizeof mods[0] && !modified; i++) {
        const size_t len = strlen(mods[i]);
        if ((size_t)(c->end - c->p) >= len && memcmp(c->p, mods[i], len) == 0) {
            c->p += len;
            modified = true;
        }
    }
    if (!modified && accept(c, '(')) { /* (L1, L2, ...) */
        do {
            skip_blanks(c);
            if (c->p < c->end && (isdigit((unsigned char)*c->p) || *c->p == '-'))
                TU_TRY(number_literal(c));
            else
                TU_TRY(name(c, n, sizeof n, "a name in the list"));
        } while (accept(c, ','));
        return expect(c, ')', "to close the list");
    }
    if (!modified && accept(c, '&')) { /* &V, &V[offset] */
        TU_TRY(name(c, n, sizeof n, "the variable whose address is taken"));
        if (c->p < c->end && *c->p == '[') {
            c->p++;
            bool neg;
            TU_TRY(integer(c, &v, &neg, "the address offset"));
            TU_TRY(expect(c, ']', "after the address offset"));
        }
        return TU_OK;
    }
    if (c->p < c->end && (isdigit((unsigned char)*c->p) || *c->p == '-' || *c->p == '.')) {
        if (modified) return fail_at(c, "a source modifier applies to a variable, not a number");
        TU_TRY(number_literal(c));
        if (c->p < c->end && *c->p == ':') {
            uint8_t type;
            TU_TRY(type_suffix(c, &type));
        }
        return TU_OK;
    }
    TU_TRY(name(c, n, sizeof n, "an operand (a variable, an immediate, a label, ...)"));
    if (strcmp(n, "r") == 0 && c->p < c->end && *c->p == '[') { /* r[A0(0),0]<region>:type */
        bool neg;
        uint8_t type;
        c->p++;
        TU_TRY(name(c, n, sizeof n, "the address variable of an indirect operand"));
        TU_TRY(expect(c, '(', "and the address element, as in r[A0(0),0]"));
        TU_TRY(integer(c, &v, NULL, "the address element"));
        TU_TRY(expect(c, ')', "after the address element"));
        TU_TRY(expect(c, ',', "and the byte offset, as in r[A0(0),0]"));
        TU_TRY(integer(c, &v, &neg, "the indirect byte offset"));
        TU_TRY(expect(c, ']', "to close the indirect operand"));
        TU_TRY(region_syntax(c));
        return type_suffix(c, &type);
    }
    if (c->p + 1 < c->end && *c->p == '.' && isdigit((unsigned char)c->p[1]) && !modified) {
        c->p++; /* a raw operand V.offset */
        return integer(c, &v, NULL, "the raw operand's byte offset");
    }
    if (c->p < c->end && *c->p == '(') { /* (row,col) or (element) */
        c->p++;
        TU_TRY(integer(c, &v, NULL, "the row (or element)"));
        if (accept(c, ',')) TU_TRY(integer(c, &v, NULL, "the column"));
        TU_TRY(expect(c, ')', "after the operand's offset"));
    }
    if (c->p + 1 < c->end && *c->p == '.' && (c->p[1] == 's' || c->p[1] == 'v') &&
        (c->p + 2 >= c->end || !tuV_is_name_char(c->p[2], false)))
        c->p += 2; /* IGC's short regions: .s = <0;1,0>, .v = <w;w,1> (printRegion) */
    else if (c->p < c->end && *c->p == '<')
        TU_TRY(region_syntax(c));
    if (c->p < c->end && *c->p == ':') {
        uint8_t type;
        TU_TRY(type_suffix(c, &type));
    }
    return TU_OK;
}

/* One operand, then a blank or the line's end. */
static tu_status other_operand_alone(parser *ps) {
    cursor *c = &ps->c;
    char buf[32];
    TU_TRY(other_operand(ps));
    if (c->p < c->end && !tu_text_is_space(*c->p) &&
        !(c->p[0] == '/' && c->p + 1 < c->end && c->p[1] == '/'))
        return fail_at(c, "unexpected '%s' after the operand", seen(c, buf, sizeof buf));
    return TU_OK;
}

/* Whether an execution size `(M1, 16)`, `(M1_NM, 1)`, `(NoMask, 8)` or `(16)` is at the cursor
 * (and not a source modifier or a list). */
static bool exec_size_ahead(cursor *c) {
    skip_blanks(c);
    const char *q = c->p;
    if (q >= c->end || *q != '(') return false;
    for (q++; q < c->end && tu_text_is_blank(*q);)
        q++;
    if (q < c->end && isdigit((unsigned char)*q)) return true;
    if ((size_t)(c->end - q) >= 6 && memcmp(q, "NoMask", 6) == 0) return true;
    return q + 1 < c->end && q[0] == 'M' && q[1] >= '1' && q[1] <= '8';
}

/* An instruction outside texunit's families after its mnemonic: suffixes (.eq, .sat, .x96,
 * ...), the execution size where it has one, and its operands. */
static tu_status parse_other(parser *ps, tu_visa_line *l, const char *mn, const char *mn_at,
                             bool known) {
    cursor *c = &ps->c;
    if (!known && !other_op_known(mn)) {
        const char *first = c->line_start; /* the line's first word */
        while (first < mn_at && tu_text_is_blank(*first))
            first++;
        if (at_line_end(c) && first == mn_at) {
            c->p = mn_at;
            return fail_at(c,
                           "'%s' alone on its line is no vISA statement (IGC CISA.y): a label "
                           "is written '%s:'",
                           mn, mn);
        }
        c->p = mn_at;
        return fail_at(c,
                       "unknown instruction '%s': not a vISA mnemonic (IGC CISA.l; texunit's "
                       "own are movs, media_ld, sample_3d, load_3d, sample4, resinfo, "
                       "gather4_typed, dword_atomic, lsc_load, ...)",
                       mn);
    }
    l->kind = TU_VISA_LINE_OTHER;
    snprintf(l->op, sizeof l->op, "%s", mn);
    while (c->p < c->end && *c->p == '.') {
        const char *q = ++c->p;
        while (c->p < c->end && (isalnum((unsigned char)*c->p) || strchr("_<>-", *c->p)))
            c->p++;
        if (c->p == q) return fail_at(c, "expected a suffix after '.' of %s", mn);
    }
    if (exec_size_ahead(c)) {
        uint8_t size, emask;
        TU_TRY(exec_size(ps, &size, &emask, 32));
        l->inst.exec_size = size, l->inst.emask = emask;
    }
    while (!at_line_end(c))
        TU_TRY(other_operand_alone(ps));
    return TU_OK;
}

/* Labels, FILE, LOC and lifetime markers: the statement's kind, or false when the cursor is
 * not at one. */
static bool is_label_char(char ch, bool first) {
    return isalpha((unsigned char)ch) || ch == '_' || ch == '$' || ch == '@' || ch == '?' ||
           (!first && (isdigit((unsigned char)ch) || ch == '-'));
}

static tu_status parse_marker(parser *ps, tu_visa_line *l, bool *found) {
    cursor *c = &ps->c;
    char buf[32];
    *found = false;
    const char *q = c->p;
    if (q < c->end && is_label_char(*q, true)) /* name: (CISA.l, LABEL) */
        while (q < c->end && is_label_char(*q, false))
            q++;
    if (q > c->p && q < c->end && *q == ':') {
        *found = true;
        l->kind = TU_VISA_LINE_LABEL;
        snprintf(l->op, sizeof l->op, "label");
        c->p = q + 1;
        return TU_OK;
    }
    const size_t len = (size_t)(q - c->p);
    if (len == 4 && memcmp(c->p, "FILE", 4) == 0) {
        *found = true;
        l->kind = TU_VISA_LINE_FILE;
        snprintf(l->op, sizeof l->op, "FILE");
        c->p = q;
        return string_literal(c, "FILE's file name");
    }
    if (len == 3 && memcmp(c->p, "LOC", 3) == 0) {
        uint64_t v;
        *found = true;
        l->kind = TU_VISA_LINE_LOC;
        snprintf(l->op, sizeof l->op, "LOC");
        c->p = q;
        return uint_in(c, 0, 0xffffffffu, &v, "LOC's line number");
    }
    if (len == 8 && memcmp(c->p, "lifetime", 8) == 0 && q < c->end && *q == '.') {
        char w[8], n[64];
        *found = true;
        l->kind = TU_VISA_LINE_LIFETIME;
        c->p = q + 1;
        const char *at = c->p;
        TU_TRY(name(c, w, sizeof w, "start or end"));
        if (strcmp(w, "start") != 0 && strcmp(w, "end") != 0) {
            c->p = at;
            return fail_at(c, "lifetime.%s is not lifetime.start or lifetime.end", w);
        }
        snprintf(l->op, sizeof l->op, "lifetime.%s", w);
        return name(c, n, sizeof n, "the variable whose lifetime it marks");
    }
    (void)buf;
    return TU_OK;
}

static tu_status add_line(parser *ps, const tu_visa_line *l) {
    if (ps->k->line_count == ps->cap_lines) {
        uint32_t cap = ps->cap_lines ? ps->cap_lines * 2 : 32;
        tu_visa_line *nl = realloc(ps->k->lines, cap * sizeof *nl);
        TU_RETURN_IF(!nl, ps->c.err, TU_OUT_OF_MEMORY, "out of memory for %u lines", cap);
        ps->k->lines = nl;
        ps->cap_lines = cap;
    }
    ps->k->lines[ps->k->line_count++] = *l;
    return TU_OK;
}

/* movs (M1_NM, 1) T6(0) 0x7b:ud: a state variable written from a scalar, which texunit runs.
 * IGC's other movs forms (a general destination, a state source; CISA.y MovsInstruction)
 * are kept as written. */
static tu_status parse_movs(parser *ps, tu_visa_line *l, const char *mn_at) {
    cursor *c = &ps->c;
    const char *after_mn = c->p;
    uint8_t size, emask;
    TU_TRY(exec_size(ps, &size, &emask, 1));
    l->inst.exec_size = size, l->inst.emask = emask;
    char n[48];
    const char *at = c->p;
    TU_TRY(name(c, n, sizeof n, "a surface or sampler variable"));
    int i = find_var(ps->k, n, TU_VISA_VAR_T);
    if (i < 0) i = find_var(ps->k, n, TU_VISA_VAR_S);
    if (i < 0 && strcmp(n, "%bss") != 0 && strcmp(n, "S31") != 0) {
        if (find_var(ps->k, n, TU_VISA_VAR_G) >= 0) { /* movs into a general variable */
            char src[48];
            c->p = at;
            const bool state_src = other_operand(ps) == TU_OK &&
                                   name(c, src, sizeof src, "") == TU_OK && c->p < c->end &&
                                   *c->p == '(' &&
                                   (find_var(ps->k, src, TU_VISA_VAR_T) >= 0 ||
                                    find_var(ps->k, src, TU_VISA_VAR_S) >= 0 ||
                                    strcmp(src, "%bss") == 0 || strcmp(src, "S31") == 0);
            if (!state_src) {
                c->p = at;
                skip_blanks(c);
                return fail_at(c,
                               "movs into a general variable reads a state variable "
                               "(IGC CISA.y, MovsInstruction), as in movs (M1, 1) %s(0,0)<1> "
                               "T6(0)",
                               n);
            }
            c->p = after_mn;
            return parse_other(ps, l, "movs", mn_at, true);
        }
        c->p = at;
        skip_blanks(c);
        return fail_at(c, "movs writes a declared surface, sampler or general variable, not '%s'",
                       n);
    }
    uint64_t elt;
    TU_TRY(expect(c, '(', "after the state variable: (0)"));
    TU_TRY(uint_in(c, 0, 0, &elt, "the state element"));
    TU_TRY(expect(c, ')', "after the state element"));
    skip_blanks(c);
    const char *src_at = c->p;
    char src[48];
    if (name(c, src, sizeof src, "") == TU_OK && c->p < c->end && *c->p == '(' &&
        (find_var(ps->k, src, TU_VISA_VAR_T) >= 0 || find_var(ps->k, src, TU_VISA_VAR_S) >= 0)) {
        c->p = after_mn; /* a state source: kept */
        return parse_other(ps, l, "movs", mn_at, true);
    }
    c->p = src_at;
    if (i < 0) {
        /* the predefined %bss and the bindless S31 are variables too */
        tu_visa_var v;
        memset(&v, 0, sizeof v);
        v.input_offset = -1;
        snprintf(v.name, sizeof v.name, "%s", n);
        v.kind = n[0] == 'S' ? TU_VISA_VAR_S : TU_VISA_VAR_T;
        v.id = n[0] == 'S' ? TUV_BINDLESS_SAMPLER : 4;
        v.num_elts = 1;
        TU_TRY(add_var(ps, &v));
        i = (int)ps->k->var_count - 1;
    }
    l->kind = TU_VISA_LINE_MOVS;
    snprintf(l->op, sizeof l->op, "movs");
    l->movs_var = (uint32_t)i;
    return scalar(ps, &l->movs_src, "the value (an immediate or a variable)");
}

/* Whether an instruction of this mnemonic is one of texunit's (the sampler, MEDIA_LD, the data
 * port's, LSC's; movs is decided by its operands). */
static bool family_mnemonic(const char *mn) {
    return strcmp(mn, "media_ld") == 0 || tuL_dp_by_name(mn) || strncmp(mn, "lsc_", 4) == 0 ||
           tuL_op_by_name(mn);
}

static tu_status parse_instruction(parser *ps, tu_visa_line *l) {
    cursor *c = &ps->c;
    tu_visa_inst *in = &l->inst;
    const char *pred_at = NULL;
    if (accept(c, '(')) {
        pred_at = c->p;
        TU_TRY(predicate(ps, &in->pred, false));
    }
    char mn[32];
    skip_blanks(c);
    const char *mn_at = c->p;
    TU_TRY(name(c, mn, sizeof mn, "an instruction"));
    if (strcmp(mn, "movs") == 0) {
        if (pred_at) return fail_at(c, "movs takes no predicate");
        return parse_movs(ps, l, mn_at);
    }
    if (!family_mnemonic(mn)) return parse_other(ps, l, mn, mn_at, false);
    if (pred_at) { /* texunit runs it: the predicate must be declared */
        const char *after = c->p;
        c->p = pred_at;
        TU_TRY(predicate(ps, &in->pred, true));
        c->p = after;
    }
    if (strcmp(mn, "media_ld") == 0) {
        in->opcode = TUL_OPCODE_MEDIA_LD;
        TU_TRY(expect(c, '.', "and a modifier after media_ld (nomod, top, bottom, ...)"));
        char mod[16];
        TU_TRY(name(c, mod, sizeof mod, "a media modifier"));
        int m = -1;
        for (int k = 0; k < 6; k++)
            if (strcmp(mod, media_mods[k]) == 0) m = k;
        if (m < 0)
            return fail_at(c,
                           "'%s' is not a media_ld modifier (nomod modified top bottom top_mod "
                           "bottom_mod)",
                           mod);
        in->media_mod = (uint8_t)m;
        if (in->pred) return fail_at(c, "media_ld takes no predicate");
        return parse_media(ps, in);
    }
    const tuL_dp_row *dp = tuL_dp_by_name(mn);
    if (dp) return parse_dataport(ps, in, dp);
    if (strncmp(mn, "lsc_", 4) == 0) return parse_lsc(ps, in, mn + 4, mn_at);
    const tuL_op *op = tuL_op_by_name(mn);
    in->opcode = op->opcode, in->subop = op->subop;
    /* modifiers in their fixed order, then the channels */
    static const char *const mods[3] = {"pixel_null_mask", "cps", "divS"};
    bool *flags[3] = {&in->pixel_null_mask, &in->cps, &in->divs};
    int next_mod = 0;
    bool have_channels = false;
    while (accept(c, '.')) {
        char w[24];
        const char *at = c->p;
        TU_TRY(name(c, w, sizeof w, "a modifier or the channels"));
        int m = -1;
        for (int k = 0; k < 3; k++)
            if (strcmp(w, mods[k]) == 0) m = k;
        if (m >= 0) {
            if (m < next_mod || have_channels) {
                c->p = at;
                return fail_at(c,
                               "modifier .%s is out of order: .pixel_null_mask, .cps, .divS, "
                               "then the channels",
                               w);
            }
            *flags[m] = true;
            next_mod = m + 1;
            continue;
        }
        uint8_t mask;
        if (have_channels || !channel_suffix(w, &mask)) {
            c->p = at;
            return fail_at(c,
                           "'.%s' is not a modifier (pixel_null_mask, cps, divS) or channels "
                           "(letters of RGBA in order)",
                           w);
        }
        if (op->opcode == TUL_OPCODE_3D_GATHER4) {
            if (mask & (mask - 1)) {
                c->p = at;
                return fail_at(c, "%s gathers one channel, not .%s", mn, w);
            }
            in->channels = (uint8_t)(mask == 1 ? 0 : mask == 2 ? 1 : mask == 4 ? 2 : 3);
        } else {
            in->channels = mask;
        }
        have_channels = true;
    }
    if (!have_channels) return fail_at(c, "expected the channels (.RGBA, .R, ...) after %s", mn);
    TU_TRY(parse_sampler_inst(ps, in, op));
    /* ld2dms_w: the parameters' declared type picks the UD or the UW form. */
    if (op->op == TU_OP_LD2DMS_W && in->num_params > 0) {
        for (uint32_t i = 0; i < ps->k->var_count; i++)
            if (ps->k->vars[i].kind == TU_VISA_VAR_G && ps->k->vars[i].id == in->params[0].id)
                in->uw_params = ps->k->vars[i].type == TU_VISA_UW;
    }
    return TU_OK;
}

/* A kernel name, a .function or .global_function name: a string or an identifier
 * (CISA.y IdentOrStringLit), into out when out is not NULL. A '"' inside is refused, so the
 * printer's quoted form always parses back. */
static tu_status kernel_name(cursor *c, char *out, size_t size, const char *what) {
    skip_blanks(c);
    const bool quoted = accept(c, '"');
    const char *start = c->p;
    while (c->p < c->end && !tu_text_is_line_end(*c->p) && *c->p != '"' &&
           (quoted || !tu_text_is_blank(*c->p)))
        c->p++;
    if (!quoted && c->p < c->end && *c->p == '"')
        return fail_at(c, "a kernel name cannot hold '\"' (it is printed quoted, and a "
                          "vISA string has no escapes)");
    size_t n = (size_t)(c->p - start);
    if (n == 0 || n >= size)
        return fail_at(c, "expected a %s of 1 to %zu characters", what, size - 1);
    if (out) {
        memcpy(out, start, n);
        out[n] = 0;
    }
    if (quoted) {
        char close[48];
        snprintf(close, sizeof close, "to close the %s", what);
        TU_TRY(expect(c, '"', close));
    }
    return TU_OK;
}

/* The text from start to the cursor (to the line end when `rest`), blanks trimmed, appended
 * to a list of kept lines. */
static tu_status keep_line(parser *ps, char ***list, uint32_t *count, uint32_t *cap,
                           const char *start, bool rest) {
    cursor *c = &ps->c;
    while (rest && c->p < c->end && !tu_text_is_line_end(*c->p))
        c->p++;
    while (c->p > start && tu_text_is_blank(c->p[-1]))
        c->p--;
    if (*count == *cap) {
        uint32_t n = *cap ? *cap * 2 : 4;
        char **grown = realloc(*list, n * sizeof *grown);
        TU_RETURN_IF(!grown, c->err, TU_OUT_OF_MEMORY, "out of memory");
        *list = grown;
        *cap = n;
    }
    char *a = malloc((size_t)(c->p - start) + 1);
    TU_RETURN_IF(!a, c->err, TU_OUT_OF_MEMORY, "out of memory");
    memcpy(a, start, (size_t)(c->p - start));
    a[c->p - start] = 0;
    (*list)[(*count)++] = a;
    return TU_OK;
}

/* A body line: its text from start to the cursor (blanks trimmed) kept for the kinds after
 * MOVS, then added to the kernel. */
static tu_status add_body_line(parser *ps, tu_visa_line *l, const char *start) {
    if (l->kind > TU_VISA_LINE_MOVS) {
        const char *end = ps->c.p;
        while (end > start && tu_text_is_blank(end[-1]))
            end--;
        l->text = malloc((size_t)(end - start) + 1);
        TU_RETURN_IF(!l->text, ps->c.err, TU_OUT_OF_MEMORY, "out of memory");
        memcpy(l->text, start, (size_t)(end - start));
        l->text[end - start] = 0;
    }
    tu_status st = add_line(ps, l);
    if (st != TU_OK) free(l->text);
    return st;
}

static tu_status line_end(cursor *c) {
    char buf[32];
    if (!at_line_end(c))
        return fail_at(c, "unexpected '%s' at the end of the line", seen(c, buf, sizeof buf));
    return TU_OK;
}

static tu_status parse_line(parser *ps) {
    cursor *c = &ps->c;
    if (at_line_end(c)) return TU_OK;
    const char *start = c->p;
    tu_visa_line l;
    memset(&l, 0, sizeof l);
    l.line = c->line;
    if (accept(c, '.')) {
        char d[48];
        TU_TRY(name(c, d, sizeof d, "a directive"));
        if (strcmp(d, "version") == 0) {
            uint64_t major, minor;
            TU_TRY(uint_in(c, 3, 4, &major, "the major version"));
            TU_TRY(expect(c, '.', "between the major and minor version"));
            TU_TRY(uint_in(c, 0, 99, &minor, "the minor version"));
            ps->k->version_major = (uint8_t)major, ps->k->version_minor = (uint8_t)minor;
        } else if (strcmp(d, "kernel") == 0 || strcmp(d, "global_function") == 0) {
            TU_TRY(kernel_name(c, ps->k->name, sizeof ps->k->name,
                               d[0] == 'g' ? "function name" : "kernel name"));
            ps->k->is_function = d[0] == 'g';
        } else if (strcmp(d, "decl") == 0) {
            TU_TRY(parse_decl(ps));
        } else if (strcmp(d, "input") == 0) {
            TU_TRY(parse_input(ps, ""));
        } else if (strncmp(d, "implicit", 8) == 0) {
            TU_TRY(parse_input(ps, d + 8));
        } else if (strcmp(d, "kernel_attr") == 0) {
            skip_blanks(c);
            TU_TRY(keep_line(ps, &ps->k->attrs, &ps->k->attr_count, &ps->cap_attrs, c->p, true));
        } else if (strcmp(d, "funcdecl") == 0) {
            TU_TRY(string_literal(c, "the declared function's name"));
            TU_TRY(keep_line(ps, &ps->k->funcdecls, &ps->k->funcdecl_count, &ps->cap_funcdecls,
                             start, false));
        } else if (strcmp(d, "function") == 0) {
            char n[128];
            TU_TRY(kernel_name(c, n, sizeof n, "function name"));
            l.kind = TU_VISA_LINE_FUNCTION;
            snprintf(l.op, sizeof l.op, ".function");
            TU_TRY(line_end(c));
            return add_body_line(ps, &l, start);
        } else if (strcmp(d, "file") == 0 || strcmp(d, "loc") == 0) {
            uint64_t v;
            l.kind = d[0] == 'f' ? TU_VISA_LINE_FILE : TU_VISA_LINE_LOC;
            snprintf(l.op, sizeof l.op, "%s", d[0] == 'f' ? ".file" : ".loc");
            if (d[0] == 'f')
                TU_TRY(string_literal(c, ".file's file name"));
            else
                TU_TRY(uint_in(c, 0, 0xffffffffu, &v, ".loc's line number"));
            TU_TRY(line_end(c));
            return add_body_line(ps, &l, start);
        } else {
            return fail_at(c,
                           "unknown directive '.%s' (.version, .kernel, .global_function, "
                           ".funcdecl, .decl, .input, .implicit_*, .kernel_attr, .function, "
                           ".file, .loc)",
                           d);
        }
        return line_end(c);
    }
    bool marker;
    TU_TRY(parse_marker(ps, &l, &marker));
    if (!marker) TU_TRY(parse_instruction(ps, &l));
    const char *text_end = c->p;
    TU_TRY(line_end(c));
    if (l.kind == TU_VISA_LINE_INST) {
        tu_error verr = {TU_OK, ""};
        if (tuV_validate_in(ps->k, &l.inst, ps->k->platform, &verr) != TU_OK)
            return tuB_fail(c->err, verr.status, "line %u: %s", l.line, verr.message);
    }
    const char *after = c->p;
    c->p = text_end;
    tu_status st = add_body_line(ps, &l, start);
    c->p = after;
    return st;
}

void tu_visa_kernel_free(tu_visa_kernel *k) {
    if (!k) return;
    for (uint32_t i = 0; i < k->attr_count; i++)
        free(k->attrs[i]);
    free(k->attrs);
    for (uint32_t i = 0; i < k->funcdecl_count; i++)
        free(k->funcdecls[i]);
    free(k->funcdecls);
    for (uint32_t i = 0; i < k->line_count; i++)
        free(k->lines[i].text);
    free(k->vars);
    free(k->lines);
    memset(k, 0, sizeof *k);
}

tu_status tu_visa_parse(const char *text, size_t size, tu_visa_platform platform,
                        tu_visa_kernel *out, tu_error *err) {
    TU_RETURN_IF(!out || (!text && size), err, TU_INVALID_ARGUMENT,
                 "text and kernel must not be NULL");
    TU_RETURN_IF(platform != TU_VISA_XE_LP && platform != TU_VISA_XE2, err, TU_INVALID_ARGUMENT,
                 "platform %d is not TU_VISA_XE_LP (0) or TU_VISA_XE2 (1)", (int)platform);
    memset(out, 0, sizeof *out);
    TU_TRY(tu_text_check(text, size, 1, err));
    out->version_major = 4, out->version_minor = 2;
    out->platform = platform;
    parser ps = {.c = {text, text + size, text, 1, err},
                 .k = out,
                 .next_g = TUV_FIRST_USER_VAR,
                 .next_p = 1,
                 .next_t = TUV_FIRST_USER_SURFACE};
    while (ps.c.p < ps.c.end) {
        tu_status st = parse_line(&ps);
        if (st != TU_OK) {
            tu_visa_kernel_free(out);
            return st;
        }
        while (ps.c.p < ps.c.end && *ps.c.p != '\n')
            ps.c.p++; /* a trailing comment */
        if (ps.c.p < ps.c.end) ps.c.p++;
        ps.c.line++;
        ps.c.line_start = ps.c.p;
    }
    tu_status st = tuV_place_vars(out, err);
    if (st != TU_OK) tu_visa_kernel_free(out);
    return st;
}
