/* SPDX-License-Identifier: MIT */
/*
 * print.c - print a kernel or an instruction in the canonical .visaasm form: IGC's printer
 * (IsaDisassembly.cpp, IGC IsaDisassembly.cpp and CISA.y): lowercase mnemonics, modifiers in the
 * order .pixel_null_mask .cps .divS, uppercase channels, `(Mx, N)` always, immediates in hex
 * with their type, two spaces before the aoffimmi of 3D_SAMPLE and 3D_LOAD.
 * tu_visa_parse reads everything printed here back to the same kernel.
 */
#include "visa_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A growing text buffer that remembers running out of memory. */
typedef struct out {
    char *buf;
    size_t len, cap;
    bool failed;
} out;

static void put(out *o, const char *fmt, ...) TU_PRINTF(2, 3);
static void put(out *o, const char *fmt, ...) {
    if (o->failed) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->buf ? o->buf + o->len : NULL, o->buf ? o->cap - o->len : 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        o->failed = true;
        return;
    }
    if (o->len + (size_t)n + 1 > o->cap) {
        size_t cap = (o->cap ? o->cap : 256);
        while (cap < o->len + (size_t)n + 1)
            cap *= 2;
        char *nb = realloc(o->buf, cap);
        if (!nb) {
            o->failed = true;
            return;
        }
        o->buf = nb, o->cap = cap;
        va_start(ap, fmt);
        vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap);
        va_end(ap);
    }
    o->len += (size_t)n;
}

/* Names of variables by id. */
static const char *gvar_name(const tu_visa_kernel *k, uint32_t id, char *buf, size_t size) {
    if (id < sizeof tuV_predef_vars / sizeof tuV_predef_vars[0]) return tuV_predef_vars[id];
    for (uint32_t i = 0; k && i < k->var_count; i++)
        if (k->vars[i].kind == TU_VISA_VAR_G && k->vars[i].id == id) return k->vars[i].name;
    snprintf(buf, size, "V%u", id);
    return buf;
}

static const char *state_name(const tu_visa_kernel *k, uint8_t kind, uint32_t id, char *buf,
                              size_t size) {
    if (kind == TU_VISA_VAR_T && id < 6) return tuV_predef_surfaces[id];
    for (uint32_t i = 0; k && i < k->var_count; i++)
        if (k->vars[i].kind == kind && k->vars[i].id == id) return k->vars[i].name;
    snprintf(buf, size, "%c%u", kind, id);
    return buf;
}

static void put_raw(out *o, const tu_visa_kernel *k, const tu_visa_raw *r) {
    char b[16];
    put(o, " %s.%u", gvar_name(k, r->id, b, sizeof b), r->offset);
}

static void put_scalar(out *o, const tu_visa_kernel *k, const tu_visa_scalar *s) {
    if (s->is_imm) {
        put(o, " 0x%llx:%s", (unsigned long long)s->imm,
            tu_visa_type_name((tu_visa_type)s->type) ? tu_visa_type_name((tu_visa_type)s->type)
                                                     : "?");
        return;
    }
    /* decode the region's codes: 0 = null, 1 = 0, n = 2^(n-2) */
    unsigned st[3];
    for (int i = 0; i < 3; i++) {
        unsigned code = (s->region >> (4 * i)) & 0xf;
        st[i] = code <= 1 ? 0 : 1u << (code - 2);
    }
    char b[16];
    put(o, " %s(%u,%u)<%u;%u,%u>", gvar_name(k, s->id, b, sizeof b), s->row, s->col, st[0], st[1],
        st[2]);
}

/* (V, n) or V(r,c)<vs;w,hs>[n] */
static void put_state_ref(out *o, const tu_visa_kernel *k, const tu_visa_state_ref *r) {
    char b[16];
    if (r->vector) {
        put_scalar(o, k, &r->base);
        put(o, "[%u]", r->index);
    } else {
        put(o, " (%s, %u)", gvar_name(k, r->base.id, b, sizeof b), r->index);
    }
}

static void put_exec(out *o, uint8_t emask, uint32_t size) {
    put(o, " (M%u%s, %u)", (emask & 7) + 1, emask & 8 ? "_NM" : "", size);
}

static const char *const media_mods[6] = {"nomod",  "modified", "top",
                                          "bottom", "top_mod",  "bottom_mod"};

/* A data-port instruction after its predicate (IGC IsaDisassembly.cpp). IGC's printer
 * leaves out gather4_typed's and scatter4_typed's predicate, which the binary carries and
 * the parser takes; texunit prints it for every op, so the text round-trips
 * (docs/semantics.md). */
static void put_dataport(out *o, const tu_visa_kernel *k, const tu_visa_inst *in,
                         const tuL_dp_row *dp) {
    char b[16];
    put(o, "%s.", dp->mnemonic);
    if (dp->suffix == TUL_SUFFIX_BLOCKS) {
        put(o, "%u", 1u << (in->num_blocks & 3));
    } else if (dp->suffix == TUL_SUFFIX_ATOMIC) {
        const tuL_atomic_row *a = tuL_atomic_by_code(in->atomic_op);
        put(o, "%s%s", a ? a->text : "?", in->atomic16 ? ".16" : "");
    } else {
        for (int c = 0; c < 4; c++)
            if (in->channels >> c & 1) put(o, "%c", "RGBA"[c]);
    }
    put_exec(o, in->emask, in->exec_size);
    put(o, " %s", state_name(k, TU_VISA_VAR_T, in->surface, b, sizeof b));
    if (dp->scaled) put_scalar(o, k, &in->global_offset);
    for (unsigned i = 0; i < in->num_params; i++)
        put_raw(o, k, &in->params[i]);
    if (dp->has_dst) put_raw(o, k, &in->dst);
}

/* --- LSC: as IGC's printer writes it (IsaDisassembly.cpp, LscInstFormatter), two spaces
 * between operands ------------------------------------------------------------------------ */

static void put_lsc_raw(out *o, const tu_visa_kernel *k, const tu_visa_raw *r) {
    char b[16];
    put(o, "%s", gvar_name(k, r->id, b, sizeof b));
    if (r->offset) put(o, ".%u", r->offset);
}

/* formatVectorOperand: an immediate in uppercase hex, a variable with (row,col) when not 0 */
static void put_lsc_vector(out *o, const tu_visa_kernel *k, const tu_visa_scalar *s) {
    char b[16];
    if (s->is_imm) {
        put(o, "0x%llX", (unsigned long long)s->imm);
        return;
    }
    put(o, "%s", gvar_name(k, s->id, b, sizeof b));
    if (s->row || s->col) put(o, "(%u,%u)", s->row, s->col);
}

static const char *lsc_size_name(uint8_t size) {
    return size >= 1 && size <= 7 ? tuL_lsc_data_size_names[size] : "?";
}

static void put_lsc_data(out *o, const tu_visa_inst *in, const tuL_lsc_row *row) {
    if (row->kind == TUL_LSC_LOAD_BLOCK2D || row->kind == TUL_LSC_STORE_BLOCK2D) {
        if (in->opcode == TUL_OPCODE_LSC_TYPED) { /* formatDataShapeTyped2D */
            put(o, ":%ux%u", in->lsc.block_width, in->lsc.block_height);
            return;
        }
        put(o, ":%s.", lsc_size_name(in->lsc.data_size)); /* formatDataShape2D */
        if (in->lsc.blocks != 1) put(o, "%ux", in->lsc.blocks);
        put(o, "%ux%u%c%c", in->lsc.block_width, in->lsc.block_height,
            in->lsc.data_order == 2 ? 't' : 'n', in->lsc.vnni ? 't' : 'n');
        return;
    }
    put(o, ":%s", lsc_size_name(in->lsc.data_size));
    if (row->kind == TUL_LSC_LOAD_QUAD || row->kind == TUL_LSC_STORE_QUAD) {
        put(o, ".");
        for (int c = 0; c < 4; c++)
            if (in->lsc.chmask >> c & 1) put(o, "%c", "xyzw"[c]);
        return;
    }
    if (in->lsc.elems != 1) put(o, "x%u", in->lsc.elems < 9 ? tuL_lsc_elems[in->lsc.elems] : 0);
    if (in->lsc.data_order == 2) put(o, "t");
}

/* formatAddrType and formatAddrTypeArgs: flat and arg leave out a surface of immediate 0 */
static void put_lsc_model(out *o, const tu_visa_kernel *k, const tu_visa_inst *in) {
    const uint8_t t = in->lsc.addr_type;
    const tu_visa_scalar *s = &in->lsc.surface;
    put(o, "%s", t >= 1 && t <= 6 ? tuL_lsc_addr_type_names[t] : "?");
    if ((t == 1 || t == 5) && s->is_imm && s->imm == 0 && in->lsc.ss_index == 0) return;
    put(o, "(");
    put_lsc_vector(o, k, s);
    if (in->lsc.ss_index) put(o, ",0x%X", in->lsc.ss_index);
    put(o, ")");
}

/* IGC prints hex offsets in the untyped address, decimal ones in the typed and 2D ones */
static void put_offset(out *o, int32_t v, bool hex) {
    if (!v) return;
    const uint32_t mag = v < 0 ? 0u - (uint32_t)v : (uint32_t)v;
    put(o, hex ? "%c0x%x" : "%c%u", v < 0 ? '-' : '+', mag);
}

static void put_lsc_address(out *o, const tu_visa_kernel *k, const tu_visa_inst *in,
                            const tuL_lsc_row *row) {
    const bool typed = in->opcode == TUL_OPCODE_LSC_TYPED;
    if (row->kind == TUL_LSC_LOAD_BLOCK2D || row->kind == TUL_LSC_STORE_BLOCK2D) {
        if (typed) {
            put_lsc_model(o, k, in);
            put(o, "[");
        } else {
            put(o, "flat[");
        }
        if (in->lsc.block_payload) {
            put_lsc_vector(o, k, &in->lsc.block[0]);
            put(o, " + (%d,%d)]", in->lsc.block_offset[0], in->lsc.block_offset[1]);
            return;
        }
        for (unsigned i = typed ? 4 : 0; i < 6; i++) {
            if (i != (typed ? 4u : 0u)) put(o, ",");
            put_lsc_vector(o, k, &in->lsc.block[i]);
            if (i >= 4) put_offset(o, in->lsc.block_offset[i - 4], false);
        }
        put(o, "]");
        return;
    }
    put_lsc_model(o, k, in);
    put(o, "[");
    if (typed) {
        /* formatTyped: the coordinates up to the first %null (nothing follows it) */
        for (int i = 0; i < 4 && in->params[i].id != 0; i++) {
            if (i) put(o, ",");
            put_lsc_raw(o, k, &in->params[i]);
            if (i < 3) put_offset(o, in->lsc.coord_offset[i], false);
        }
    } else {
        if (in->lsc.scale > 1) put(o, "0x%x*", in->lsc.scale);
        put_lsc_raw(o, k, &in->params[0]);
        put_offset(o, in->lsc.offset, true);
        const tu_visa_scalar *p = &in->lsc.stride;
        if ((row->kind == TUL_LSC_LOAD_STRIDED || row->kind == TUL_LSC_STORE_STRIDED) &&
            (p->is_imm || p->id != 0)) {
            put(o, ", ");
            put_lsc_vector(o, k, p);
        }
    }
    static const char *const sizes[6] = {"?", "a16", "a32", "a64", "a32u", "a32s"};
    put(o, "]:%s", sizes[in->lsc.addr_size < 6 ? in->lsc.addr_size : 0]);
}

static const char *const fence_ops[7] = {"none",  "evict",   "invalidate", "discard",
                                         "clean", "flushl3", "type6"};
static const char *const fence_scopes[7] = {"group", "local",  "tile",  "gpu",
                                            "gpus",  "sysrel", "sysacq"};

static const char *cache_name(uint8_t c) {
    return c < 8 ? tuL_lsc_cache_names[c] : "?";
}

static void put_lsc(out *o, const tu_visa_kernel *k, const tu_visa_inst *in,
                    const tuL_lsc_row *row) {
    if (row->kind == TUL_LSC_FENCE) { /* formatFence */
        put(o, "lsc_fence.%s.%s.%s", in->lsc.sfid < 4 ? tuL_lsc_sfid_names[in->lsc.sfid] : "?",
            in->lsc.fence_op < 7 ? fence_ops[in->lsc.fence_op] : "???",
            in->lsc.scope < 7 ? fence_scopes[in->lsc.scope] : "???");
        return;
    }
    const bool typed = in->opcode == TUL_OPCODE_LSC_TYPED;
    put(o, "lsc_%s.%s", row->name,
        typed              ? "tgm"
        : in->lsc.sfid < 4 ? tuL_lsc_sfid_names[in->lsc.sfid]
                           : "?");
    if (in->lsc.three_level)
        put(o, ".%s.%s.%s", cache_name(in->lsc.l1), cache_name(in->lsc.l2), cache_name(in->lsc.l3));
    else if (in->lsc.l1 || in->lsc.l3)
        put(o, ".%s.%s", cache_name(in->lsc.l1), cache_name(in->lsc.l3));
    const bool block2d = row->kind == TUL_LSC_LOAD_BLOCK2D || row->kind == TUL_LSC_STORE_BLOCK2D;
    if (!(typed && block2d)) put_exec(o, in->emask, in->exec_size); /* formatTypedBlock2D: none */
    const unsigned n = typed ? 6 : 3;
    const bool store = row->kind == TUL_LSC_STORE || row->kind == TUL_LSC_STORE_QUAD ||
                       row->kind == TUL_LSC_STORE_STRIDED || row->kind == TUL_LSC_STORE_BLOCK2D;
    put(o, "  ");
    if (store) {
        put_lsc_address(o, k, in, row);
        put(o, "  ");
        put_lsc_raw(o, k, &in->params[n - 2]);
        put_lsc_data(o, in, row);
        return;
    }
    put_lsc_raw(o, k, &in->dst);
    put_lsc_data(o, in, row);
    put(o, "  ");
    put_lsc_address(o, k, in, row);
    if (row->kind != TUL_LSC_ATOMIC) return;
    put(o, "  ");
    put_lsc_raw(o, k, &in->params[n - 2]);
    put(o, "  ");
    put_lsc_raw(o, k, &in->params[n - 1]);
}

static void put_inst(out *o, const tu_visa_kernel *k, const tu_visa_inst *in) {
    char b[16];
    if (in->pred) {
        const uint32_t id = in->pred & 0xfff, ctrl = (in->pred >> 13) & 3;
        put(o, "(%s%s%s) ", in->pred & 0x8000 ? "!" : "",
            state_name(k, TU_VISA_VAR_P, id, b, sizeof b),
            ctrl == TU_VISA_PRED_ANY   ? ".any"
            : ctrl == TU_VISA_PRED_ALL ? ".all"
                                       : "");
    }
    const tuL_dp_row *dp = tuV_inst_dp(in);
    if (dp) {
        put_dataport(o, k, in, dp);
        return;
    }
    if (in->opcode == TUL_OPCODE_LSC_UNTYPED || in->opcode == TUL_OPCODE_LSC_TYPED ||
        in->opcode == TUL_OPCODE_LSC_FENCE) {
        const tuL_lsc_row *row = tuL_lsc_by_subop(in->subop);
        if (row) put_lsc(o, k, in, row);
        return;
    }
    if (in->opcode == TUL_OPCODE_MEDIA_LD) {
        put(o, "media_ld.%s (%u,%u) %s %u", in->media_mod < 6 ? media_mods[in->media_mod] : "?",
            in->block_width, in->block_height,
            state_name(k, TU_VISA_VAR_T, in->surface, b, sizeof b), in->plane);
        put_scalar(o, k, &in->x);
        put_scalar(o, k, &in->y);
        put_raw(o, k, &in->dst);
        return;
    }
    const tuL_op *op = tuV_inst_op(in);
    put(o, "%s%s%s%s.", op ? op->mnemonic : "?", in->pixel_null_mask ? ".pixel_null_mask" : "",
        in->cps ? ".cps" : "", in->divs ? ".divS" : "");
    if (in->opcode == TUL_OPCODE_3D_GATHER4) {
        put(o, "%c", "RGBA"[in->channels & 3]);
    } else {
        for (int c = 0; c < 4; c++)
            if (in->channels >> c & 1) put(o, "%c", "RGBA"[c]);
    }
    put_exec(o, in->emask, in->exec_size);
    if (in->opcode == TUL_OPCODE_3D_INFO) {
        put(o, " %s", state_name(k, TU_VISA_VAR_T, in->surface, b, sizeof b));
        if (in->num_params) put_raw(o, k, &in->params[0]);
        put_raw(o, k, &in->dst);
        return;
    }
    if (in->opcode != TUL_OPCODE_3D_GATHER4) put(o, " "); /* IGC's two spaces */
    put_scalar(o, k, &in->aoffimmi);
    if (tuL_opcode_flags(in->opcode) & TUL_OC_SAMPLER) {
        if (in->sampler64.present)
            put_state_ref(o, k, &in->sampler64);
        else
            put(o, " %s", state_name(k, TU_VISA_VAR_S, in->sampler, b, sizeof b));
    }
    if (in->surface64.present)
        put_state_ref(o, k, &in->surface64);
    else
        put(o, " %s", state_name(k, TU_VISA_VAR_T, in->surface, b, sizeof b));
    put_raw(o, k, &in->dst);
    /* A first parameter %null.0 right after the destination would read as the paired
     * surface: then the paired surface is written, %null.0, so that the text parses back
     * to the same parameters (docs/semantics.md). */
    if (in->has_paired || (in->num_params > 0 && in->params[0].id == 0)) {
        if (!in->has_paired || in->paired.id == 0)
            put_raw(o, k, &in->paired);
        else
            put(o, " %s.%u", state_name(k, TU_VISA_VAR_T, in->paired.id, b, sizeof b),
                in->paired.offset);
    }
    for (unsigned i = 0; i < in->num_params; i++)
        put_raw(o, k, &in->params[i]);
}

size_t tu_visa_print_inst(const tu_visa_kernel *k, const tu_visa_inst *inst, char *buf,
                          size_t size) {
    out o = {0};
    put_inst(&o, k, inst);
    if (o.failed) {
        free(o.buf);
        if (size) buf[0] = 0;
        return 0;
    }
    if (size) {
        size_t n = o.len < size - 1 ? o.len : size - 1;
        if (n) memcpy(buf, o.buf, n); /* o.buf is NULL when nothing was printed */
        buf[n] = 0;
    }
    free(o.buf);
    return o.len;
}

static const char *const align_names[TU_VISA_ALIGN_COUNT] = {
    "byte", "word", "dword", "qword", "oword", "hword", "GRF", "GRFx2", "wordx32", "wordx64"};

/* Text kept as written is printed back on one line: no control characters. */
static tu_status check_kept(const char *text, const char *what, uint32_t i, tu_error *err) {
    TU_RETURN_IF(!text, err, TU_INVALID_ARGUMENT, "%s %u has no text", what, i);
    for (const char *a = text; *a; a++)
        TU_RETURN_IF(!tuV_is_kernel_name_char(*a) && *a != '"', err, TU_INVALID_ARGUMENT,
                     "%s %u '%s' has control character 0x%02x at %zu", what, i, text,
                     (unsigned char)*a, (size_t)(a - text));
    return TU_OK;
}

tu_status tu_visa_print(const tu_visa_kernel *k, char **text, tu_error *err) {
    TU_RETURN_IF(!k || !text, err, TU_INVALID_ARGUMENT, "kernel and text must not be NULL");
    /* Only names the parser reads back are printed (visa_internal.h). */
    if (k->name[0]) TU_TRY(tuV_check_name(k->name, true, "kernel name", err));
    for (uint32_t i = 0; i < k->var_count; i++) {
        char what[32];
        snprintf(what, sizeof what, "variable %u's name", i);
        TU_TRY(tuV_check_name(k->vars[i].name, false, what, err));
    }
    for (uint32_t i = 0; i < k->attr_count; i++) /* each is the rest of one line */
        TU_TRY(check_kept(k->attrs[i], "kernel attribute", i, err));
    for (uint32_t i = 0; i < k->funcdecl_count; i++)
        TU_TRY(check_kept(k->funcdecls[i], ".funcdecl", i, err));
    for (uint32_t i = 0; i < k->line_count; i++)
        if (k->lines[i].kind > TU_VISA_LINE_MOVS)
            TU_TRY(check_kept(k->lines[i].text, "line", i, err));
    for (uint32_t i = 0; i < k->var_count; i++) {
        TU_TRY(check_kept(k->vars[i].input_kind, "input kind of variable", i, err));
        TU_TRY(check_kept(k->vars[i].v_name, "v_name of variable", i, err));
        TU_TRY(check_kept(k->vars[i].attrs, "attrs of variable", i, err));
    }
    out o = {0};
    char b[16];
    put(&o, ".version %u.%u\n", k->version_major, k->version_minor);
    if (k->name[0])
        put(&o, "%s \"%s\"\n", k->is_function ? ".global_function" : ".kernel", k->name);
    for (uint32_t i = 0; i < k->funcdecl_count; i++)
        put(&o, "%s\n", k->funcdecls[i]);
    for (uint32_t i = 0; i < k->var_count; i++) {
        const tu_visa_var *v = &k->vars[i];
        if ((v->kind == TU_VISA_VAR_T && v->id < 6) ||
            (v->kind == TU_VISA_VAR_S && v->id == TUV_BINDLESS_SAMPLER &&
             strcmp(v->name, "S31") == 0))
            continue; /* predefined: %bss, S31 */
        /* IGC IsaDisassembly.cpp, printVariableDecl and the other print*Decl */
        put(&o, ".decl %s v_type=%c", v->name, v->kind == TU_VISA_VAR_G ? 'G' : v->kind);
        if (v->kind == TU_VISA_VAR_G) put(&o, " type=%s", tu_visa_type_name((tu_visa_type)v->type));
        put(&o, " num_elts=%u", v->num_elts);
        if (v->kind == TU_VISA_VAR_G && v->align_written)
            put(&o, " align=%s", v->align < TU_VISA_ALIGN_COUNT ? align_names[v->align] : "GRF");
        if (v->alias)
            put(&o, " alias=<%s, %u>",
                v->alias_predefined ? gvar_name(NULL, v->alias_base, b, sizeof b)
                                    : k->vars[v->alias_base].name,
                v->alias_offset);
        if (v->v_name[0]) put(&o, " v_name=%s", v->v_name);
        if (v->attrs[0]) put(&o, " attrs=%s", v->attrs);
        put(&o, "\n");
    }
    /* the inputs in the order they were given */
    for (uint64_t after = 0;;) { /* keys (order, index) + 1, ascending */
        uint64_t best = UINT64_MAX;
        for (uint32_t i = 0; i < k->var_count; i++) {
            const uint64_t key = ((uint64_t)k->vars[i].input_order << 32 | i) + 1;
            if (k->vars[i].input_offset >= 0 && key > after && key < best) best = key;
        }
        if (best == UINT64_MAX) break;
        const tu_visa_var *v = &k->vars[(uint32_t)(best - 1)];
        put(&o, "%s%s %s offset=%d size=%u\n", v->input_kind[0] ? ".implicit" : ".input",
            v->input_kind, v->name, v->input_offset, v->input_size);
        after = best;
    }
    for (uint32_t i = 0; i < k->attr_count; i++)
        put(&o, ".kernel_attr %s\n", k->attrs[i]);
    for (uint32_t i = 0; i < k->line_count; i++) {
        const tu_visa_line *l = &k->lines[i];
        if (l->kind == TU_VISA_LINE_MOVS) {
            const tu_visa_var *v = &k->vars[l->movs_var];
            put(&o, "movs");
            put_exec(&o, l->inst.emask, l->inst.exec_size);
            put(&o, " %s(0)",
                v->kind == TU_VISA_VAR_T ? state_name(k, TU_VISA_VAR_T, v->id, b, sizeof b)
                                         : v->name);
            put_scalar(&o, k, &l->movs_src);
        } else if (l->kind == TU_VISA_LINE_INST) {
            put_inst(&o, k, &l->inst);
        } else {
            put(&o, "%s", l->text ? l->text : "");
        }
        put(&o, "\n");
    }
    if (o.failed) {
        free(o.buf);
        return tuB_fail(err, TU_OUT_OF_MEMORY, "out of memory printing the kernel");
    }
    *text = o.buf ? o.buf : calloc(1, 1);
    return *text ? TU_OK : tuB_fail(err, TU_OUT_OF_MEMORY, "out of memory printing the kernel");
}
