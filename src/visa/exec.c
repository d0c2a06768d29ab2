/* SPDX-License-Identifier: MIT */
/*
 * exec.c - execute a kernel's sampler and surface instructions on a GRF file.
 *
 * Variables are placed in the GRF file by their declarations (.input offsets first, then
 * the rest in order at their alignment). One instruction: the execution mask (exec-size
 * byte, emask offset 4*(n-1), NM ignoring the thread's mask) ANDed with the predicate
 * (.any/.all, then the invert) -> parameters read from their raw operands as their
 * variables' types -> a tu_msg for the engine -> the reply written back as the
 * vISA spec says ("Operands", "Predication"; 3D_SAMPLE): each enabled channel in RGBA order from
 * the next GRF, exec_size elements of the destination's type, disabled lanes untouched, then the
 * pixel null mask GRF. MEDIA_LD writes its pitched block. Decisions: docs/semantics.md, "vISA".
 */
#include "visa_internal.h"

#include "../lower/lower_internal.h"
#include "binary_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t align_bytes(uint8_t align, uint32_t grf) {
    static const uint32_t fixed[TU_VISA_ALIGN_COUNT] = {1, 2, 4, 8, 16, 32, 0, 0, 64, 128};
    if (align == TU_VISA_ALIGN_GRF) return grf;
    if (align == TU_VISA_ALIGN_GRFX2) return 2 * grf;
    return align < TU_VISA_ALIGN_COUNT ? fixed[align] : grf;
}

static uint32_t var_bytes(const tu_visa_var *v) {
    return v->num_elts * tu_visa_type_size((tu_visa_type)v->type);
}

void tu_visa_state_free(tu_visa_state *st) {
    if (!st) return;
    free(st->grf);
    free(st->pred_bits);
    free(st->handles);
    free(st->bindings);
    memset(st, 0, sizeof *st);
}

/* An alias placed inside its base. The GRF file holds no predefined variable (%sp, %r0, ...),
 * so an alias of one is placed as a variable of its own (docs/semantics.md, "vISA"). */
static bool tied_alias(const tu_visa_var *v) {
    return v->alias && !v->alias_predefined;
}

/* Place the general variables in the GRF file: inputs at their offsets, the others after
 * the last input in declaration order at their alignment, aliases inside their base. */
tu_status tuV_place_vars(tu_visa_kernel *k, tu_error *err) {
    const uint32_t grf = tu_visa_grf_bytes(k->platform);
    uint64_t end = 0;
    for (uint32_t i = 0; i < k->var_count; i++) {
        tu_visa_var *v = &k->vars[i];
        if (v->kind != TU_VISA_VAR_G || v->input_offset < 0 || tied_alias(v)) continue;
        v->grf_offset = (uint32_t)v->input_offset;
        if ((uint64_t)v->grf_offset + var_bytes(v) > end)
            end = (uint64_t)v->grf_offset + var_bytes(v);
    }
    for (uint32_t i = 0; i < k->var_count; i++) {
        tu_visa_var *v = &k->vars[i];
        if (v->kind != TU_VISA_VAR_G || tied_alias(v) || v->input_offset >= 0) continue;
        const uint32_t a = align_bytes(v->align, grf);
        end = (end + a - 1) / a * a;
        v->grf_offset = (uint32_t)end;
        end += var_bytes(v);
    }
    for (uint32_t i = 0; i < k->var_count; i++) {
        tu_visa_var *v = &k->vars[i];
        if (v->kind != TU_VISA_VAR_G || !tied_alias(v)) continue;
        const tu_visa_var *b = &k->vars[v->alias_base];
        TU_RETURN_IF((uint64_t)v->alias_offset + var_bytes(v) > var_bytes(b), err,
                     TU_INVALID_ARGUMENT, "alias %s (%u bytes at %u) lies outside %s (%u bytes)",
                     v->name, var_bytes(v), v->alias_offset, b->name, var_bytes(b));
        v->grf_offset = b->grf_offset + v->alias_offset;
    }
    end = (end + grf - 1) / grf * grf; /* whole registers */
    TU_RETURN_IF(end > (1u << 24), err, TU_INVALID_ARGUMENT,
                 "the kernel's variables need %llu bytes of GRF; texunit allows 16 MiB",
                 (unsigned long long)end);
    k->grf_bytes_used = (uint32_t)(end ? end : grf);
    return TU_OK;
}

tu_status tu_visa_state_init(tu_visa_state *st, const tu_visa_kernel *k, tu_error *err) {
    TU_RETURN_IF(!st || !k, err, TU_INVALID_ARGUMENT, "state and kernel must not be NULL");
    memset(st, 0, sizeof *st);
    const uint32_t grf = tu_visa_grf_bytes(k->platform);
    st->grf_bytes = k->grf_bytes_used ? k->grf_bytes_used : grf;
    st->grf = calloc(1, st->grf_bytes);
    st->pred_bits = calloc(k->var_count ? k->var_count : 1, sizeof *st->pred_bits);
    st->handles = calloc(k->var_count ? k->var_count : 1, sizeof *st->handles);
    st->dispatch_mask = 0xffffffffu;
    st->bindings = malloc(sizeof *st->bindings);
    tu_binding_cache_init(st->bindings);
    if (!st->grf || !st->pred_bits || !st->handles || !st->bindings) {
        tu_visa_state_free(st);
        return tuB_fail(err, TU_OUT_OF_MEMORY, "out of memory for the GRF file");
    }
    return TU_OK;
}

/* --- operands ------------------------------------------------------------------------------ */

static const tu_visa_var *gvar(const tu_visa_kernel *k, uint32_t id) {
    for (uint32_t i = 0; i < k->var_count; i++)
        if (k->vars[i].kind == TU_VISA_VAR_G && k->vars[i].id == id) return &k->vars[i];
    return NULL;
}

static int state_var(const tu_visa_kernel *k, uint8_t kind, uint32_t id) {
    for (uint32_t i = 0; i < k->var_count; i++)
        if (k->vars[i].kind == kind && k->vars[i].id == id) return (int)i;
    return -1;
}

/* The bytes of `count` elements of raw operand r, checked against its variable. */
static tu_status raw_span(const tu_visa_kernel *k, const tu_visa_state *st, const tu_visa_raw *r,
                          uint32_t bytes, const char *what, uint32_t line, const tu_visa_var **vout,
                          uint8_t **pout, tu_error *err) {
    const tu_visa_var *v = gvar(k, r->id);
    TU_RETURN_IF(!v, err, TU_INVALID_ARGUMENT,
                 "line %u: %s names variable V%u, which has no storage", line, what, r->id);
    TU_RETURN_IF((uint64_t)r->offset + bytes > var_bytes(v), err, TU_INVALID_ARGUMENT,
                 "line %u: %s %s.%u needs %u bytes, but %s has %u", line, what, v->name, r->offset,
                 bytes, v->name, var_bytes(v));
    TU_RETURN_IF((uint64_t)v->grf_offset + r->offset + bytes > st->grf_bytes, err,
                 TU_INVALID_ARGUMENT, "line %u: %s lies outside the GRF file", line, what);
    /* Raw operands start on a register (validate.c, check_raw_aligned): the offset was
     * checked there; the variable's own place is known only here. */
    const uint32_t grf = tu_visa_grf_bytes(k->platform);
    TU_RETURN_IF((v->grf_offset + r->offset) % grf != 0, err, TU_INVALID_ARGUMENT,
                 "line %u: %s %s.%u is not GRF-aligned: %s sits at GRF byte %u (declare it "
                 "align=GRF, or give its .input a multiple of %u)",
                 line, what, v->name, r->offset, v->name, v->grf_offset, grf);
    *vout = v;
    *pout = st->grf + v->grf_offset + r->offset;
    return TU_OK;
}

static uint64_t scalar_value(const tu_visa_kernel *k, const tu_visa_state *st,
                             const tu_visa_scalar *s, bool *ok) {
    *ok = true;
    if (s->is_imm) return s->imm;
    const tu_visa_var *v = gvar(k, s->id);
    const uint32_t size = v ? tu_visa_type_size((tu_visa_type)v->type) : 0;
    const uint64_t at = v ? (uint64_t)v->grf_offset +
                                (uint64_t)s->row * tu_visa_grf_bytes(k->platform) +
                                (uint64_t)s->col * size
                          : 0;
    if (!v || !size || at + size > st->grf_bytes ||
        (uint64_t)s->row * tu_visa_grf_bytes(k->platform) + (uint64_t)(s->col + 1) * size >
            var_bytes(v)) {
        *ok = false;
        return 0;
    }
    uint64_t bits = 0;
    memcpy(&bits, st->grf + at, size); /* little-endian host */
    return bits;
}

/* --- the execution mask -------------------------------------------------------------------- */

static uint32_t lane_mask(const tu_visa_kernel *k, const tu_visa_state *st,
                          const tu_visa_inst *in) {
    const uint32_t n = in->exec_size, moff = 4u * (in->emask & 7);
    const uint32_t all = n == 32 ? 0xffffffffu : (1u << n) - 1;
    uint32_t em = (in->emask & 8) ? all : (uint32_t)(((uint64_t)st->dispatch_mask >> moff) & all);
    if (in->pred & 0xfff) {
        const int pv = state_var(k, TU_VISA_VAR_P, in->pred & 0xfff);
        uint32_t bits = pv >= 0 ? (uint32_t)(((uint64_t)st->pred_bits[pv]) >> moff) & all : 0;
        switch ((in->pred >> 13) & 3) {
        case TU_VISA_PRED_ANY: bits = bits ? all : 0; break;
        case TU_VISA_PRED_ALL: bits = bits == all ? all : 0; break;
        default: break;
        }
        if (in->pred & 0x8000) bits = ~bits & all;
        em &= bits;
    }
    return em;
}

/* --- parameters ------------------------------------------------------------------------------- */

/* "parameter P (NAME)", the name of a parameter in error messages: built by hand, since
 * every send of every run names its parameters before checking them (snprintf here cost
 * more than the sample itself). */
static void param_what(char what[48], unsigned p, const char *name) {
    static const char head[] = "parameter ";
    size_t n = sizeof head - 1;
    memcpy(what, head, n);
    if (p >= 10) what[n++] = (char)('0' + p / 10 % 10);
    what[n++] = (char)('0' + p % 10);
    what[n++] = ' ';
    what[n++] = '(';
    for (size_t i = 0; name[i] && n < 46; i++)
        what[n++] = name[i];
    what[n++] = ')';
    what[n] = 0;
}

static tu_status read_params(const tu_visa_kernel *k, const tu_visa_state *st,
                             const tu_visa_line *l, const tuL_op *op, tu_msg *m, tu_error *err) {
    const tu_visa_inst *in = &l->inst;
    const uint32_t n = in->exec_size;
    int common_type = -1;
    for (unsigned p = 0; p < in->num_params; p++) {
        const tuL_param kind = (tuL_param)op->params[p];
        char what[48];
        param_what(what, p, tuL_param_name(kind));
        const tu_visa_var *v = gvar(k, in->params[p].id);
        TU_RETURN_IF(!v && in->params[p].id != 0, err, TU_INVALID_ARGUMENT,
                     "line %u: %s names V%u, which is not declared", l->line, what,
                     in->params[p].id);
        if (!v) continue; /* %null: a missing parameter reads 0 */
        const tu_visa_type t = (tu_visa_type)v->type;
        const bool is_offset = kind == TUL_P_OFFU || kind == TUL_P_OFFV;
        /* The parameter types of vISA spec, 3D_SAMPLE, 3D_SAMPLE4 and 3D_LOAD, "Notes", and
         * INFO, "Description": F or HF for sample and gather4 (all the same), UD/D or UW for
         * loads (all the same), UD for resinfo; gather4_po's offsets are D (3D_SAMPLE4). */
        if (is_offset) {
            TU_RETURN_IF(t != TU_VISA_D && t != TU_VISA_UD, err, TU_INVALID_ARGUMENT,
                         "line %u: %s must have type D, not %s", l->line, what,
                         tu_visa_type_name(t));
        } else {
            bool legal = false;
            switch (op->pclass) {
            case TUL_PC_FLOAT: legal = t == TU_VISA_F || t == TU_VISA_HF; break;
            case TUL_PC_INT: legal = t == TU_VISA_UD || t == TU_VISA_D || t == TU_VISA_UW; break;
            case TUL_PC_INT_UD: legal = t == TU_VISA_UD || t == TU_VISA_D; break;
            case TUL_PC_INT_UW: legal = t == TU_VISA_UW; break;
            default: legal = t == TU_VISA_UD; break;
            }
            TU_RETURN_IF(!legal, err, TU_INVALID_ARGUMENT, "line %u: %s of %s has type %s; %s",
                         l->line, what, op->mnemonic, tu_visa_type_name(t),
                         op->pclass == TUL_PC_FLOAT ? "sample and gather4 take F or HF"
                         : op->pclass == TUL_PC_UD  ? "resinfo takes UD"
                                                    : "loads take UD, D or UW");
            const int size_class = tu_visa_type_size(t) == 2 ? 2 : 4;
            TU_RETURN_IF(common_type >= 0 && common_type != size_class, err, TU_INVALID_ARGUMENT,
                         "line %u: %s has type %s, but the parameters before it are %s: all must "
                         "have the same type",
                         l->line, what, tu_visa_type_name(t),
                         common_type == 2 ? "16-bit" : "32-bit");
            common_type = size_class;
            const bool packed = kind >= TUL_P_OFFUVR;
            TU_RETURN_IF(
                packed && t == TU_VISA_HF, err, TU_INVALID_ARGUMENT,
                "line %u: %s packs offsets into a 32-bit parameter and needs type F, not HF",
                l->line, what);
        }
        const uint32_t esize = tu_visa_type_size(t);
        const tu_visa_var *vv;
        uint8_t *src;
        TU_TRY(raw_span(k, st, &in->params[p], n * esize, what, l->line, &vv, &src, err));
        /* one unpack for the executor and the send decoder (lower/params.c), all lanes */
        tuL_param_unpack_lanes(kind, op->pclass == TUL_PC_FLOAT, esize, src, n, m);
    }
    return TU_OK;
}

/* --- bindings ----------------------------------------------------------------------------------
 */

/* The id trace records give surface s: its binding-table index, or 0x80000000 | its bindless
 * handle (tu_visa_state.trace). */
static uint32_t trace_surface_id(const tu_visa_bindings *b, const tu_surface *s) {
    for (uint32_t i = 0; i < TU_VISA_MAX_BINDINGS; i++)
        if (b->surfaces[i] == s) return i;
    for (uint32_t i = 0; i < b->bindless_count && i < 64; i++)
        if (b->bindless[i].surface == s) return 0x80000000u | b->bindless[i].handle;
    return 0xffffffffu;
}

/* An efficient-64b operand: the bindless entry at base value + index (docs/semantics.md). */
static uint32_t state_ref_handle(const tu_visa_kernel *k, const tu_visa_state *st,
                                 const tu_visa_state_ref *r, bool *ok) {
    const uint64_t base = scalar_value(k, st, &r->base, ok);
    return (uint32_t)(base + r->index);
}

/* The bindless entry holding a surface (or sampler) at handle. */
static const void *bindless_at(const tu_visa_bindings *b, uint32_t handle, bool want_surface) {
    for (uint32_t i = 0; i < b->bindless_count && i < 64; i++)
        if (b->bindless[i].handle == handle &&
            (want_surface ? (const void *)b->bindless[i].surface
                          : (const void *)b->bindless[i].sampler))
            return want_surface ? (const void *)b->bindless[i].surface
                                : (const void *)b->bindless[i].sampler;
    return NULL;
}

/* The entry holding a surface at handle, and whether it is bound writable. */
static bool bindless_writable(const tu_visa_bindings *b, uint32_t handle) {
    for (uint32_t i = 0; i < b->bindless_count && i < 64; i++)
        if (b->bindless[i].handle == handle && b->bindless[i].surface)
            return b->bindless[i].writable;
    return false;
}

/* The surface an instruction names; *writable (when not NULL) says whether its binding
 * allows writes. */
static tu_status bound_surface(const tu_visa_kernel *k, const tu_visa_state *st,
                               const tu_visa_bindings *b, const tu_visa_inst *in, uint32_t line,
                               const tu_surface **out, bool *writable, tu_error *err) {
    const uint8_t surface = in->surface;
    if (writable) *writable = false;
    if (in->surface64.present) {
        bool ok;
        const uint32_t handle = state_ref_handle(k, st, &in->surface64, &ok);
        *out = ok ? bindless_at(b, handle, true) : NULL;
        TU_RETURN_IF(!*out, err, TU_INVALID_ARGUMENT,
                     "line %u: the efficient-64b surface resolves to handle 0x%x, but no "
                     "bindless surface is bound there",
                     line, handle);
        return TU_OK;
    }
    const int v = state_var(k, TU_VISA_VAR_T, surface);
    const uint32_t handle = v >= 0 ? st->handles[v] : 0;
    if (surface == 4) { /* %bss: a bindless surface-state offset */
        *out = bindless_at(b, handle, true);
        TU_RETURN_IF(!*out, err, TU_INVALID_ARGUMENT,
                     "line %u: %%bss holds 0x%x, but no bindless surface is bound there", line,
                     handle);
        if (writable) *writable = bindless_writable(b, handle);
        return TU_OK;
    }
    TU_RETURN_IF(handle >= TU_VISA_MAX_BINDINGS || !b->surfaces[handle], err, TU_INVALID_ARGUMENT,
                 "line %u: surface T%u holds binding-table index %u, but no surface is bound there",
                 line, surface, handle);
    *out = b->surfaces[handle];
    if (writable) *writable = b->writable[handle];
    return TU_OK;
}

static tu_status bound_sampler(const tu_visa_kernel *k, const tu_visa_state *st,
                               const tu_visa_bindings *b, const tu_visa_inst *in, uint32_t line,
                               const tu_sampler **out, tu_error *err) {
    const uint8_t sampler = in->sampler;
    if (in->sampler64.present) {
        bool ok;
        const uint32_t handle = state_ref_handle(k, st, &in->sampler64, &ok);
        *out = ok ? bindless_at(b, handle, false) : NULL;
        TU_RETURN_IF(!*out, err, TU_INVALID_ARGUMENT,
                     "line %u: the efficient-64b sampler resolves to handle 0x%x, but no "
                     "bindless sampler is bound there",
                     line, handle);
        return TU_OK;
    }
    const int v = state_var(k, TU_VISA_VAR_S, sampler);
    const uint32_t handle = v >= 0 ? st->handles[v] : 0;
    if (sampler == TUV_BINDLESS_SAMPLER) {
        *out = bindless_at(b, handle, false);
        TU_RETURN_IF(!*out, err, TU_INVALID_ARGUMENT,
                     "line %u: S31 holds 0x%x, but no bindless sampler is bound there", line,
                     handle);
        return TU_OK;
    }
    TU_RETURN_IF(handle >= TU_VISA_MAX_BINDINGS || !b->samplers[handle], err, TU_INVALID_ARGUMENT,
                 "line %u: sampler S%u holds sampler-state index %u, but no sampler is bound there",
                 line, sampler, handle);
    *out = b->samplers[handle];
    return TU_OK;
}

/* --- writeback ---------------------------------------------------------------------------------
 */

/* The reply's 32-bit channel data go to 32-bit destinations as they are; 16-bit destinations
 * take the sampler's 16-bit return format: floats rounded to half, integers saturated. */
static uint32_t to_dst16(uint32_t bits, uint8_t cls, tu_visa_type t) {
    if (cls == TU_CLASS_FLOAT) {
        const float f = tuB_bits_float(bits);
        if (t == TU_VISA_HF) return tu_float_to_half(f);
        if (f != f) return 0;
        const double lo = t == TU_VISA_W ? -32768.0 : 0.0, hi = t == TU_VISA_W ? 32767.0 : 65535.0;
        double d = f < lo ? lo : f > hi ? hi : (double)f;
        return (uint32_t)(int32_t)d & 0xffff; /* toward zero, as a mov */
    }
    if (cls == TU_CLASS_SINT) {
        const int32_t v = (int32_t)bits;
        if (t == TU_VISA_HF) return tu_float_to_half((float)v);
        const int32_t lo = t == TU_VISA_W ? -32768 : 0, hi = t == TU_VISA_W ? 32767 : 65535;
        return (uint32_t)(v < lo ? lo : v > hi ? hi : v) & 0xffff;
    }
    if (t == TU_VISA_HF) return tu_float_to_half((float)bits);
    const uint32_t hi = t == TU_VISA_W ? 32767u : 65535u;
    return bits > hi ? hi : bits;
}

static tu_status write_reply(const tu_visa_kernel *k, tu_visa_state *st, const tu_visa_line *l,
                             const tu_reply *r, uint32_t lanes, uint8_t channel_mask,
                             tu_error *err) {
    const tu_visa_inst *in = &l->inst;
    if (in->dst.id == 0) return TU_OK; /* %null */
    const tu_visa_var *v = gvar(k, in->dst.id);
    TU_RETURN_IF(!v, err, TU_INVALID_ARGUMENT, "line %u: the destination V%u is not declared",
                 l->line, in->dst.id);
    const tu_visa_type t = (tu_visa_type)v->type;
    TU_RETURN_IF(t != TU_VISA_HF && t != TU_VISA_F && t != TU_VISA_W && t != TU_VISA_UW &&
                     t != TU_VISA_D && t != TU_VISA_UD,
                 err, TU_INVALID_ARGUMENT,
                 "line %u: the destination %s has type %s; it must be HF, F, W, UW, D or UD",
                 l->line, v->name, tu_visa_type_name(t));
    TU_RETURN_IF(in->opcode == TUL_OPCODE_3D_INFO && t != TU_VISA_UD, err, TU_INVALID_ARGUMENT,
                 "line %u: the destination of %s must have type UD, not %s", l->line,
                 in->subop == 10 ? "resinfo" : "sampleinfo", tu_visa_type_name(t));
    const uint32_t grf = tu_visa_grf_bytes(k->platform), esize = tu_visa_type_size(t);
    const uint32_t n = in->exec_size, regs = (n * esize + grf - 1) / grf;
    unsigned channels = 0;
    for (int c = 0; c < 4; c++)
        channels += channel_mask >> c & 1;
    const uint32_t total = (channels * regs + (in->pixel_null_mask ? 1 : 0)) * grf;
    const tu_visa_var *vv;
    uint8_t *dst;
    TU_TRY(raw_span(k, st, &in->dst, total, "the destination", l->line, &vv, &dst, err));
    unsigned slot = 0;
    const bool every_lane = lanes == (n == 32 ? 0xffffffffu : (1u << n) - 1);
    for (int c = 0; c < 4; c++) {
        if (!(channel_mask >> c & 1)) continue;
        uint8_t *base = dst + (size_t)slot++ * regs * grf;
        if (esize == 4 && every_lane) { /* the channel as it is (little-endian host) */
            memcpy(base, r->channel[c].u, (size_t)n * 4);
            continue;
        }
        for (uint32_t lane = 0; lane < n; lane++) {
            if (!(lanes >> lane & 1)) continue;
            const uint32_t bits = r->channel[c].u[lane];
            if (esize == 4)
                memcpy(base + lane * 4, &bits, 4);
            else {
                const uint16_t h = (uint16_t)to_dst16(bits, r->value_class, t);
                memcpy(base + lane * 2, &h, 2);
            }
        }
    }
    if (in->pixel_null_mask) { /* one DWord, bits past exec_size written as 1 (vISA spec, 3D_SAMPLE)
                                */
        const uint32_t all = n == 32 ? 0xffffffffu : (1u << n) - 1;
        const uint32_t word = (r->pixel_null_mask & all) | ~all;
        memcpy(dst + (size_t)channels * regs * grf, &word, 4);
    }
    return TU_OK;
}

/* --- one line
 * ------------------------------------------------------------------------------------- */

static tu_status exec_media(const tu_visa_kernel *k, tu_visa_state *st, const tu_visa_bindings *b,
                            const tu_visa_line *l, tu_error *err) {
    const tu_visa_inst *in = &l->inst;
    const tu_surface *s;
    TU_TRY(bound_surface(k, st, b, in, l->line, &s, NULL, err));
    bool okx, oky;
    const uint64_t x = scalar_value(k, st, &in->x, &okx), y = scalar_value(k, st, &in->y, &oky);
    TU_RETURN_IF(!okx || !oky, err, TU_INVALID_ARGUMENT,
                 "line %u: media_ld's %s offset operand lies outside its variable", l->line,
                 okx ? "y" : "x");
    /* IGC's _mod forms read like their plain ones (docs/semantics.md). */
    static const uint8_t modes[6] = {TU_MEDIA_FRAME,     TU_MEDIA_FRAME,
                                     TU_MEDIA_TOP_FIELD, TU_MEDIA_BOTTOM_FIELD,
                                     TU_MEDIA_TOP_FIELD, TU_MEDIA_BOTTOM_FIELD};
    const tu_media_read rd = {modes[in->media_mod % 6], in->plane,
                              in->block_width,          in->block_height,
                              (int32_t)(uint32_t)x,     (int32_t)(uint32_t)y};
    uint8_t block[64 * 64];
    tu_error merr = {TU_OK, ""};
    tu_trace_sink sink;
    if (st->trace) sink = *st->trace, sink.surface = trace_surface_id(b, s);
    if (tu_media_block_read_traced(s, &rd, st->trace ? &sink : NULL, block, sizeof block, &merr) !=
        TU_OK)
        return tuB_fail(err, merr.status, "line %u: %s", l->line, merr.message);
    if (in->dst.id == 0) return TU_OK;
    const uint32_t pitch = tu_media_pitch(in->block_width);
    const tu_visa_var *vv;
    uint8_t *dst;
    TU_TRY(raw_span(k, st, &in->dst, pitch * in->block_height, "the destination", l->line, &vv,
                    &dst, err));
    for (uint32_t i = 0; i < in->block_height; i++)
        memcpy(dst + i * pitch, block + i * pitch, in->block_width);
    return TU_OK;
}

/* --- the data port (vISA spec, the data-port pages, "Semantics")
 * ----------------------------------------- */

/* `count` 32-bit elements of raw operand r into out (%null reads zeros). */
static tu_status read_dwords(const tu_visa_kernel *k, const tu_visa_state *st, const tu_visa_raw *r,
                             uint32_t count, const char *what, uint32_t line, uint32_t *out,
                             tu_error *err) {
    if (r->id == 0) {
        memset(out, 0, count * 4);
        return TU_OK;
    }
    const tu_visa_var *v = NULL; /* set by raw_span when it succeeds (gcc -O3 cannot tell) */
    uint8_t *p = NULL;
    TU_TRY(raw_span(k, st, r, count * 4, what, line, &v, &p, err));
    TU_RETURN_IF(tu_visa_type_size((tu_visa_type)v->type) != 4, err, TU_INVALID_ARGUMENT,
                 "line %u: %s %s has type %s; the data port takes 32-bit elements (UD, D, F)", line,
                 what, v->name, tu_visa_type_name((tu_visa_type)v->type));
    memcpy(out, p, count * 4); /* little-endian host */
    return TU_OK;
}

/* A channel-sliced operand: each enabled channel of `channels` from a fresh slot of `pitch`
 * elements (vISA spec, GATHER4_TYPED and GATHER4_SCALED, "Semantics": element
 * slot * max(exec_size, GRF / 4) + lane). */
static uint32_t sliced_elements(uint32_t channels, uint32_t n, uint32_t pitch) {
    uint32_t slots = 0;
    for (int c = 0; c < 4; c++)
        slots += channels >> c & 1;
    return slots ? (slots - 1) * pitch + n : 0;
}

/* The reply's enabled lanes of `channels` into raw operand dst (%null: nothing), channel slot
 * s of lane l at element s * pitch + l, 32-bit elements. */
static tu_status write_sliced(const tu_visa_kernel *k, tu_visa_state *st, const tu_visa_raw *dst,
                              uint32_t line, const tu_reply *r, uint32_t channels, uint32_t n,
                              uint32_t pitch, uint32_t lanes, tu_error *err) {
    if (dst->id == 0) return TU_OK;
    const tu_visa_var *v;
    uint8_t *p;
    TU_TRY(raw_span(k, st, dst, sliced_elements(channels, n, pitch) * 4, "the destination", line,
                    &v, &p, err));
    TU_RETURN_IF(tu_visa_type_size((tu_visa_type)v->type) != 4, err, TU_INVALID_ARGUMENT,
                 "line %u: the destination %s has type %s; the data port returns 32-bit "
                 "elements (UD, D, F)",
                 line, v->name, tu_visa_type_name((tu_visa_type)v->type));
    for (unsigned c = 0, slot = 0; c < 4; c++) {
        if (!(channels >> c & 1)) continue;
        for (uint32_t lane = 0; lane < n; lane++)
            if (lanes >> lane & 1) memcpy(p + 4 * (pitch * slot + lane), &r->channel[c].u[lane], 4);
        slot++;
    }
    return TU_OK;
}

static tu_status exec_dataport(const tu_visa_kernel *k, tu_visa_state *st,
                               const tu_visa_bindings *b, const tu_visa_line *l,
                               const tuL_dp_row *dp, tu_error *err) {
    const tu_visa_inst *in = &l->inst;
    const uint32_t lanes = lane_mask(k, st, in);
    if (!lanes) return TU_OK;
    const tuL_atomic_row *a = tuL_atomic_by_code(in->atomic_op);
    TU_RETURN_IF(in->atomic16, err, TU_UNSUPPORTED,
                 "line %u: %s.%s.16 is a 16-bit atomic, which texunit does not execute", l->line,
                 dp->mnemonic, a ? a->text : "?");
    TU_RETURN_IF(in->surface == 0 || in->surface == 5, err, TU_UNSUPPORTED,
                 "line %u: %s on %s: texunit has no shared local or stateless memory; bind a "
                 "BUFFER surface to a binding-table index",
                 l->line, dp->mnemonic, tuV_predef_surfaces[in->surface]);
    const tu_surface *s;
    bool writable;
    TU_TRY(bound_surface(k, st, b, in, l->line, &s, &writable, err));
    const uint32_t n = in->exec_size, grf = tu_visa_grf_bytes(k->platform);
    const uint32_t pitch = n > grf / 4 ? n : grf / 4;
    const bool atomic = dp->suffix == TUL_SUFFIX_ATOMIC;
    /* the data's channels: the mask, or one dword per lane */
    const uint32_t channels = dp->suffix == TUL_SUFFIX_CHANNELS ? in->channels : 1;
    tu_dp_msg *m = calloc(1, sizeof *m);
    uint32_t *buf = calloc(4 * 32, 4);
    tu_reply *r = calloc(1, sizeof *r);
    tu_status status = m && buf && r ? TU_OK : tuB_fail(err, TU_OUT_OF_MEMORY, "out of memory");
    if (status == TU_OK) {
        m->op = (tu_dp_op)dp->op;
        m->simd = n;
        m->lane_mask = lanes;
        m->channel_mask = channels;
        m->atomic = a ? a->atomic : 0;
        m->bytes = 1u << (in->num_blocks & 3);
    }
    uint32_t offsets[32] = {0};
    for (unsigned i = 0; status == TU_OK && i < dp->nraw; i++) {
        const tuL_param p = (tuL_param)dp->raw[i];
        char what[32];
        snprintf(what, sizeof what, "the %s operand", tuL_param_name(p));
        if (p == TUL_P_SRC) {
            status = read_dwords(k, st, &in->params[i], sliced_elements(channels, n, pitch), what,
                                 l->line, buf, err);
            for (unsigned c = 0, slot = 0; status == TU_OK && c < 4; c++)
                if (channels >> c & 1) memcpy(m->data[c].u, buf + pitch * slot++, n * 4);
            continue;
        }
        uint32_t *dst = p == TUL_P_U         ? m->addr[0].u
                        : p == TUL_P_V       ? m->addr[1].u
                        : p == TUL_P_R       ? m->addr[2].u
                        : p == TUL_P_LOD     ? m->addr[3].u
                        : p == TUL_P_OFFSETS ? offsets
                        /* CMPXCHG's vISA operands are (new, compare) (vISA spec,
                         * DWORD_ATOMIC's table): swapped, as IGC does */
                        : (p == TUL_P_SRC0) != (a && a->swap) ? m->data[0].u
                                                              : m->data[1].u;
        status = read_dwords(k, st, &in->params[i], n, what, l->line, dst, err);
    }
    if (status == TU_OK && dp->scaled) { /* address = global offset + offset, 32-bit */
        bool ok;
        const uint32_t global = (uint32_t)scalar_value(k, st, &in->global_offset, &ok);
        if (!ok)
            status =
                tuB_fail(err, TU_INVALID_ARGUMENT,
                         "line %u: the global offset operand lies outside its variable", l->line);
        for (uint32_t lane = 0; lane < n; lane++)
            m->addr[0].u[lane] = global + offsets[lane];
    } else if (status == TU_OK && !dp->typed) {
        memcpy(m->addr[0].u, offsets, sizeof offsets);
    }
    if (status == TU_OK) {
        tu_error eerr = {TU_OK, ""};
        const uint32_t access = TU_DP_ACCESS_READ | (writable ? TU_DP_ACCESS_WRITE : 0);
        if (tu_dp_execute(m, s, access, r, &eerr) != TU_OK)
            status = tuB_fail(err, eerr.status, "line %u: %s", l->line, eerr.message);
    }
    if (status == TU_OK && dp->has_dst)
        status =
            write_sliced(k, st, &in->dst, l->line, r, atomic ? 1 : channels, n, pitch, lanes, err);
    free(r);
    free(buf);
    free(m);
    return status;
}

/* --- LSC (vISA spec, LSC_UNTYPED and LSC_TYPED; LSC_UNTYPED, "Semantics") -----------------------
 */

/* The surface an LSC message names: bti(N) a binding-table index, bss(H) / ss(H) a bindless
 * handle; flat and arg address memory texunit does not have. */
static tu_status lsc_surface(const tu_visa_kernel *k, const tu_visa_state *st,
                             const tu_visa_bindings *b, const tu_visa_line *l, const char *op,
                             const tu_surface **out, bool *writable, tu_error *err) {
    const tu_visa_inst *in = &l->inst;
    const uint8_t type = in->lsc.addr_type;
    TU_RETURN_IF(type == 1 || type == 5, err, TU_UNSUPPORTED,
                 "line %u: %s addresses %s memory; texunit executes surfaces (bti, bss, ss)",
                 l->line, op, tuL_lsc_addr_type_names[type]);
    TU_RETURN_IF(in->opcode == TUL_OPCODE_LSC_UNTYPED && in->lsc.sfid == 3, err, TU_UNSUPPORTED,
                 "line %u: %s: texunit has no shared local memory", l->line, op);
    bool ok;
    const uint32_t value = (uint32_t)scalar_value(k, st, &in->lsc.surface, &ok);
    TU_RETURN_IF(!ok, err, TU_INVALID_ARGUMENT,
                 "line %u: the surface operand of %s lies outside its variable", l->line, op);
    if (type == 4) {
        TU_RETURN_IF(value >= TU_VISA_MAX_BINDINGS || !b->surfaces[value], err, TU_INVALID_ARGUMENT,
                     "line %u: %s names binding-table index %u, but no surface is bound there",
                     l->line, op, value);
        *out = b->surfaces[value];
        *writable = b->writable[value];
        return TU_OK;
    }
    *out = bindless_at(b, value, true);
    TU_RETURN_IF(!*out, err, TU_INVALID_ARGUMENT,
                 "line %u: %s names bindless surface 0x%x, but none is bound there", l->line, op,
                 value);
    *writable = bindless_writable(b, value);
    return TU_OK;
}

/* The engine message of an LSC instruction; TU_UNSUPPORTED for shapes texunit does not run. */
static tu_status lsc_message(const tu_visa_inst *in, const tuL_lsc_row *row, const char *op,
                             uint32_t line, tu_dp_msg *m, uint32_t *channels, tu_error *err) {
    const bool typed = in->opcode == TUL_OPCODE_LSC_TYPED;
    const uint8_t size = in->lsc.data_size;
    TU_RETURN_IF(in->lsc.addr_size != 2, err, TU_UNSUPPORTED,
                 "line %u: %s: texunit executes 32-bit addresses (:a32), not :%s", line, op,
                 in->lsc.addr_size == 1 ? "a16" : "a64");
    TU_RETURN_IF(in->lsc.data_order != 1, err, TU_UNSUPPORTED,
                 "line %u: %s: texunit does not execute transposed messages", line, op);
    const bool narrow =
        row->kind == TUL_LSC_LOAD || row->kind == TUL_LSC_STORE ? size == 5 || size == 6 : false;
    /* the bfloat16 atomics take 16-bit data in 32-bit lanes (IGC's lsc_atomic_bf* use
     * :d16u32; the float atomics' :d16u32 is IEEE half, which texunit does not execute) */
    TU_RETURN_IF(row->bf16 && size != 6, err, TU_UNSUPPORTED,
                 "line %u: %s: texunit executes the bfloat16 atomics on :d16u32 data, not :%s",
                 line, op, tuL_lsc_data_size_names[size]);
    TU_RETURN_IF(size != 3 && !narrow && !row->bf16, err, TU_UNSUPPORTED,
                 "line %u: %s: texunit executes :d32 data%s, not :%s", line, op,
                 row->kind == TUL_LSC_LOAD || row->kind == TUL_LSC_STORE ? ", :d8u32 and :d16u32"
                                                                         : "",
                 tuL_lsc_data_size_names[size]);
    const uint32_t elems = tuL_lsc_elems[in->lsc.elems < 9 ? in->lsc.elems : 0];
    switch (row->kind) {
    case TUL_LSC_LOAD:
    case TUL_LSC_STORE:
        TU_RETURN_IF(typed, err, TU_INVALID_ARGUMENT, "line %u: %s has no typed form", line, op);
        TU_RETURN_IF(elems > 4 || (narrow && elems != 1), err, TU_UNSUPPORTED,
                     "line %u: %s: texunit executes 1 to 4 elements of d32 or 1 of d8u32 / "
                     "d16u32 per address, not %u",
                     line, op, elems);
        m->op = narrow ? (row->kind == TUL_LSC_LOAD ? TU_DP_SCATTERED_READ : TU_DP_SCATTERED_WRITE)
                : row->kind == TUL_LSC_LOAD ? TU_DP_UNTYPED_READ
                                            : TU_DP_UNTYPED_WRITE;
        m->bytes = size == 5 ? 1 : size == 6 ? 2 : 4;
        *channels = (1u << elems) - 1;
        break;
    case TUL_LSC_LOAD_QUAD:
    case TUL_LSC_STORE_QUAD: {
        const bool load = row->kind == TUL_LSC_LOAD_QUAD;
        m->op = typed ? (load ? TU_DP_TYPED_READ : TU_DP_TYPED_WRITE)
                      : (load ? TU_DP_UNTYPED_READ : TU_DP_UNTYPED_WRITE);
        *channels = in->lsc.chmask & 0xf;
        break;
    }
    default:
        m->op = typed ? TU_DP_TYPED_ATOMIC : TU_DP_UNTYPED_ATOMIC;
        m->atomic = row->atomic;
        m->bf16 = row->bf16;
        *channels = 1;
        break;
    }
    m->channel_mask = *channels;
    return TU_OK;
}

/* LSC_TYPED's 2D block (lsc_load_block2d.tgm, lsc_store_block2d.tgm): the LSC form of the
 * media block read and write, `block_width` bytes by `block_height` rows at (x + x offset
 * bytes, y + y offset rows) of a 2D surface, rows at tu_media_pitch in the GRF (IGC
 * TranslateSendLdStLsc.cpp lscTypedBlock2dComputeDataRegs and lscBuildTypedBlock2DPayload:
 * signed 32-bit x and y, immediate offsets added). */
static tu_status exec_lsc_block2d(const tu_visa_kernel *k, tu_visa_state *st,
                                  const tu_visa_bindings *b, const tu_visa_line *l,
                                  const tuL_lsc_row *row, const char *op, tu_error *err) {
    const tu_visa_inst *in = &l->inst;
    const tu_surface *s = NULL;
    bool writable = false;
    TU_TRY(lsc_surface(k, st, b, l, op, &s, &writable, err));
    bool okx, oky;
    const uint64_t x = scalar_value(k, st, &in->lsc.block[4], &okx);
    const uint64_t y = scalar_value(k, st, &in->lsc.block[5], &oky);
    TU_RETURN_IF(!okx || !oky, err, TU_INVALID_ARGUMENT,
                 "line %u: the block's %s operand of %s lies outside its variable", l->line,
                 okx ? "y" : "x", op);
    const tu_media_read rd = {TU_MEDIA_FRAME,
                              0,
                              in->lsc.block_width,
                              in->lsc.block_height,
                              (int32_t)((uint32_t)x + (uint32_t)in->lsc.block_offset[0]),
                              (int32_t)((uint32_t)y + (uint32_t)in->lsc.block_offset[1])};
    const uint32_t pitch = tu_media_pitch(in->lsc.block_width);
    uint8_t block[64 * 64];
    tu_error merr = {TU_OK, ""};
    const tu_visa_var *vv;
    uint8_t *data;
    const uint32_t bytes = pitch * in->lsc.block_height;
    if (row->kind == TUL_LSC_STORE_BLOCK2D) {
        TU_RETURN_IF(!writable, err, TU_INVALID_ARGUMENT,
                     "line %u: %s writes, but its surface is bound read-only", l->line, op);
        TU_TRY(raw_span(k, st, &in->params[4], bytes, "the data", l->line, &vv, &data, err));
        if (tu_media_block_write(s, &rd, data, bytes, &merr) != TU_OK)
            return tuB_fail(err, merr.status, "line %u: %s: %s", l->line, op, merr.message);
        return TU_OK;
    }
    if (tu_media_block_read(s, &rd, block, sizeof block, &merr) != TU_OK)
        return tuB_fail(err, merr.status, "line %u: %s: %s", l->line, op, merr.message);
    if (in->dst.id == 0) return TU_OK; /* a prefetch */
    TU_TRY(raw_span(k, st, &in->dst, bytes, "the destination", l->line, &vv, &data, err));
    for (uint32_t i = 0; i < in->lsc.block_height; i++)
        memcpy(data + i * pitch, block + i * pitch, in->lsc.block_width);
    return TU_OK;
}

static tu_status exec_lsc(const tu_visa_kernel *k, tu_visa_state *st, const tu_visa_bindings *b,
                          const tu_visa_line *l, const tuL_lsc_row *row, tu_error *err) {
    const tu_visa_inst *in = &l->inst;
    /* A fence orders the thread's memory accesses; texunit runs each instruction to the end,
     * lanes in order, before the next, so every access is already ordered (docs/semantics.md). */
    if (row->kind == TUL_LSC_FENCE) return TU_OK;
    char op[48];
    tuV_lsc_op_name(in, op, sizeof op);
    const bool typed = in->opcode == TUL_OPCODE_LSC_TYPED;
    /* the typed 2D block is one SIMD1 NoMask send (IGC translateLscTypedBlock2DInst) */
    if (tuV_lsc_block2d(row) && typed) return exec_lsc_block2d(k, st, b, l, row, op, err);
    const uint32_t lanes = lane_mask(k, st, in);
    if (!lanes) return TU_OK;
    TU_RETURN_IF(tuV_lsc_strided(row), err, TU_UNSUPPORTED,
                 "line %u: %s: texunit parses strided LSC messages but does not execute them",
                 l->line, op);
    TU_RETURN_IF(tuV_lsc_block2d(row), err, TU_UNSUPPORTED,
                 "line %u: %s moves a 2D block of flat memory, which texunit does not have: it "
                 "executes the typed 2D block on a surface (lsc_load_block2d.tgm)",
                 l->line, op);
    const uint32_t n = in->exec_size, grf = tu_visa_grf_bytes(k->platform);
    const uint32_t pitch = n > grf / 4 ? n : grf / 4; /* one component per register block */
    tu_dp_msg *m = calloc(1, sizeof *m);
    uint32_t *buf = calloc(4 * 32, 4);
    tu_reply *r = calloc(1, sizeof *r);
    tu_status status = m && buf && r ? TU_OK : tuB_fail(err, TU_OUT_OF_MEMORY, "out of memory");
    uint32_t channels = 0;
    const tu_surface *s = NULL;
    bool writable = false;
    if (status == TU_OK) status = lsc_message(in, row, op, l->line, m, &channels, err);
    if (status == TU_OK) status = lsc_surface(k, st, b, l, op, &s, &writable, err);
    if (status == TU_OK) {
        m->simd = n;
        m->lane_mask = lanes;
    }
    /* addresses: U, V, R (+ their offsets) and LOD, or scale * src0 + offset in 32 bits */
    for (unsigned i = 0; status == TU_OK && i < (typed ? 4u : 1u); i++) {
        static const char *const names[4] = {"the U operand", "the V operand", "the R operand",
                                             "the LOD operand"};
        status = read_dwords(k, st, &in->params[i], n, typed ? names[i] : "the address operand",
                             l->line, m->addr[i].u, err);
        for (uint32_t lane = 0; status == TU_OK && lane < n; lane++)
            m->addr[i].u[lane] =
                typed ? m->addr[i].u[lane] + (uint32_t)(i < 3 ? in->lsc.coord_offset[i] : 0)
                      : m->addr[i].u[lane] * in->lsc.scale + (uint32_t)in->lsc.offset;
    }
    /* data: stores' src1 by component; atomics' src1 and src2 (icas: compare, new; vISA
     * spec, LSC_UNTYPED) */
    const unsigned nsrc = typed ? 6 : 3;
    const bool store = row->kind == TUL_LSC_STORE || row->kind == TUL_LSC_STORE_QUAD;
    if (status == TU_OK && store) {
        status = read_dwords(k, st, &in->params[nsrc - 2], sliced_elements(channels, n, pitch),
                             "the data operand", l->line, buf, err);
        for (unsigned c = 0, slot = 0; status == TU_OK && c < 4; c++)
            if (channels >> c & 1) memcpy(m->data[c].u, buf + pitch * slot++, n * 4);
    } else if (status == TU_OK && row->kind == TUL_LSC_ATOMIC) {
        status = read_dwords(k, st, &in->params[nsrc - 2], n, "src1", l->line, m->data[0].u, err);
        if (status == TU_OK)
            status =
                read_dwords(k, st, &in->params[nsrc - 1], n, "src2", l->line, m->data[1].u, err);
    }
    if (status == TU_OK) {
        tu_error eerr = {TU_OK, ""};
        const uint32_t access = TU_DP_ACCESS_READ | (writable ? TU_DP_ACCESS_WRITE : 0);
        if (tu_dp_execute(m, s, access, r, &eerr) != TU_OK)
            status = tuB_fail(err, eerr.status, "line %u: %s", l->line, eerr.message);
    }
    if (status == TU_OK && !store)
        status = write_sliced(k, st, &in->dst, l->line, r, channels, n, pitch, lanes, err);
    free(r);
    free(buf);
    free(m);
    return status;
}

static tu_status exec_line(const tu_visa_kernel *k, tu_visa_state *st, const tu_visa_bindings *b,
                           const tu_visa_line *l, tu_error *err) {
    if (l->kind == TU_VISA_LINE_OTHER) {
        TU_RETURN_IF(!st->skip_other, err, TU_UNSUPPORTED,
                     "line %u: '%s' is outside texunit's instructions (the sampler's, the data "
                     "port's, LSC's, media_ld, movs): texunit does not execute it",
                     l->line, l->op);
        st->skipped++;
        return TU_OK;
    }
    if (l->kind != TU_VISA_LINE_INST && l->kind != TU_VISA_LINE_MOVS)
        return TU_OK; /* labels, .function, FILE, LOC, lifetime: nothing happens at run time */
    if (l->kind == TU_VISA_LINE_MOVS) {
        bool ok;
        const uint64_t v = scalar_value(k, st, &l->movs_src, &ok);
        TU_RETURN_IF(!ok, err, TU_INVALID_ARGUMENT, "line %u: movs reads outside its source",
                     l->line);
        st->handles[l->movs_var] = (uint32_t)v;
        return TU_OK;
    }
    const tu_visa_inst *in = &l->inst;
    tu_error verr = {TU_OK, ""};
    if (tuV_validate_in(k, in, k->platform, &verr) != TU_OK)
        return tuB_fail(err, verr.status, "line %u: %s", l->line, verr.message);
    if (in->opcode == TUL_OPCODE_MEDIA_LD) return exec_media(k, st, b, l, err);
    const tuL_dp_row *dp = tuV_inst_dp(in);
    if (dp) return exec_dataport(k, st, b, l, dp, err);
    const tuL_lsc_row *lsc = tuV_inst_lsc(in);
    if (lsc) return exec_lsc(k, st, b, l, lsc, err);
    const tuL_op *op = tuV_inst_op(in);
    TU_RETURN_IF(!op, err, TU_UNSUPPORTED, "line %u: sub-op %u of opcode 0x%x has no row", l->line,
                 in->subop, in->opcode);
    const uint32_t lanes = lane_mask(k, st, in);
    if (!lanes) return TU_OK;
    const tu_surface *s;
    TU_TRY(bound_surface(k, st, b, in, l->line, &s, NULL, err));
    const tu_sampler *smp = NULL;
    tu_sampler load_state = tu_sampler_default();
    if (tuL_opcode_flags(in->opcode) & TUL_OC_SAMPLER)
        TU_TRY(bound_sampler(k, st, b, in, l->line, &smp, err));
    else
        smp = &load_state; /* loads and queries take no sampler state */
    /* The message and the reply live on the stack: per send, only the fields the engine
     * reads are zeroed (tuL_msg_reset), and only the reply channels write_reply reads. */
    _Alignas(64) tu_msg msg; /* on whole cache lines (sampler.h) */
    tu_msg *m = &msg;
    tuL_msg_reset(m, (tu_op)op->op);
    m->simd = in->exec_size;
    m->lane_mask = lanes;
    const bool gather = in->opcode == TUL_OPCODE_3D_GATHER4;
    m->channel_mask = gather ? 0xf : in->channels;
    m->gather_channel = gather ? in->channels : 0;
    const uint32_t aoff = (uint32_t)in->aoffimmi.imm;
    if (in->opcode != TUL_OPCODE_3D_INFO) {
        m->offset[0] = tuB_sign_extend(aoff >> 8, 4), m->offset[1] = tuB_sign_extend(aoff >> 4, 4),
        m->offset[2] = tuB_sign_extend(aoff, 4);
    }
    m->flags = (in->pixel_null_mask ? TU_MSG_PIXEL_NULL_MASK : 0) | (in->cps ? TU_MSG_CPS : 0);
    m->cps_x = st->cps_x ? st->cps_x : 1, m->cps_y = st->cps_y ? st->cps_y : 1;
    tu_status status = read_params(k, st, l, op, m, err);
    _Alignas(64) tu_reply reply;
    tu_reply *r = &reply;
    if (status == TU_OK) {
        r->pixel_null_mask = 0;
        r->value_class = 0;
        for (int c = 0; c < 4; c++)
            if (m->channel_mask >> c & 1) memset(&r->channel[c], 0, sizeof r->channel[c]);
        tu_error eerr = {TU_OK, ""};
        const tu_binding *bound = NULL;
        tu_status est;
        if (st->trace) {
            tu_trace_sink sink = *st->trace;
            sink.surface = trace_surface_id(b, s);
            est = tu_execute_traced(m, s, smp, &sink, r, &eerr);
        } else if (!st->bindings)
            est = tu_execute(m, s, smp, r, &eerr);
        else if ((est = tu_bind_cached(st->bindings, s, smp, &bound, &eerr)) == TU_OK)
            est = tu_execute_bound(bound, m, r, &eerr);
        if (est != TU_OK)
            status = tuB_fail(err, eerr.status, "line %u: %s", l->line, eerr.message);
        else
            status = write_reply(k, st, l, r, lanes, (uint8_t)m->channel_mask, err);
    }
    return status;
}

tu_status tu_visa_execute(const tu_visa_kernel *k, tu_visa_state *st, const tu_visa_bindings *b,
                          tu_error *err) {
    TU_RETURN_IF(!k || !st || !b || !st->grf, err, TU_INVALID_ARGUMENT,
                 "kernel, state and bindings must not be NULL (state: tu_visa_state_init)");
    for (uint32_t i = 0; i < k->line_count; i++)
        TU_TRY(exec_line(k, st, b, &k->lines[i], err));
    return TU_OK;
}
