/* SPDX-License-Identifier: MIT */
/*
 * tld_rules.c - the rules of TLD that are not about text or bits (NVIDIA TLD page): the
 * packing of parameters into Ra and Rb with compaction (the page's table "Texture parameter
 * packing in Ra and Rb"), the register alignment and RZ rules 1-4, and the option rules
 * (.MS only with .LZ and 2D/ARRAY_2D, never with .CL; reserved paramA specifiers).
 */
#include "nv_internal.h"

#include <stdio.h>
#include <string.h>

tu_nv_tld tu_nv_tld_default(void) {
    tu_nv_tld t;
    memset(&t, 0, sizeof t);
    t.guard = TU_NV_PT;
    t.ps = TU_NV_PT;
    t.rd = t.ra = t.rb = TU_NV_RZ;
    t.lod = TU_NV_LOD_LZ;
    t.param_a = TU_NV_PARAM_1D;
    t.wmask = 0xf;
    t.sched.rd = t.sched.wr = -1;
    return t;
}

/* The page's table in order: Ra+0 array, Ra+1 s, Ra+2 t, Ra+3 r; Rb+0 handle, Rb+1 LOD,
 * Rb+2 toff, Rb+3 MS. A parameter the instruction does not specify is left out and the rest
 * compact upwards within the same register. */
static const struct {
    uint8_t param; /* tu_nv_param */
    bool in_rb;
} packing_order[] = {
    {TU_NV_ARG_ARRAY, false}, {TU_NV_ARG_S, false},  {TU_NV_ARG_T, false},   {TU_NV_ARG_R, false},
    {TU_NV_ARG_HANDLE, true}, {TU_NV_ARG_LOD, true}, {TU_NV_ARG_TOFF, true}, {TU_NV_ARG_MS, true},
};

static bool specified(const tu_nv_tld *i, tu_nv_param p) {
    const tuN_param_a *pa = &tuN_params_a[i->param_a & 7];
    switch (p) {
    case TU_NV_ARG_ARRAY: return pa->array;
    case TU_NV_ARG_S: return pa->coords >= 1;
    case TU_NV_ARG_T: return pa->coords >= 2;
    case TU_NV_ARG_R: return pa->coords >= 3;
    case TU_NV_ARG_HANDLE: return i->bindless;
    case TU_NV_ARG_LOD: return i->lod == TU_NV_LOD_LL;
    case TU_NV_ARG_TOFF: return i->aoffi;
    case TU_NV_ARG_MS: return i->ms;
    }
    return false;
}

tu_nv_packing tu_nv_tld_packing(const tu_nv_tld *inst) {
    tu_nv_packing p;
    memset(&p, 0, sizeof p);
    for (size_t k = 0; inst && k < sizeof packing_order / sizeof packing_order[0]; k++) {
        if (!specified(inst, (tu_nv_param)packing_order[k].param)) continue;
        if (packing_order[k].in_rb)
            p.rb[p.rb_count++] = packing_order[k].param;
        else
            p.ra[p.ra_count++] = packing_order[k].param;
    }
    return p;
}

const char *tu_nv_param_name(tu_nv_param p) {
    static const char *const names[] = {"array", "s", "t", "r", "handle", "lod", "toff", "ms"};
    return (unsigned)p < sizeof names / sizeof names[0] ? names[p] : "?";
}

/* "s, t" for the parameters of one register. */
static void param_list(const uint8_t *params, unsigned n, char *buf, size_t size) {
    buf[0] = 0;
    for (unsigned k = 0; k < n; k++) {
        const size_t len = strlen(buf);
        snprintf(buf + len, size - len, "%s%s", k ? ", " : "",
                 tu_nv_param_name((tu_nv_param)params[k]));
    }
}

static tu_status check_vector(const char *reg_name, unsigned reg, const uint8_t *params, unsigned n,
                              tu_error *err) {
    const unsigned align = tuN_vector_alignment(n);
    /* Rule 4: "Ra/Rb must not be specified as RZ if any parameters need to be packed".
     * Rule 3 ("Rb should be RZ if no parameters ...") raises no error: the page says so. */
    const bool rz = n > 0 && reg == TU_NV_RZ, misaligned = n > 0 && reg % align;
    if (!rz && !misaligned) return TU_OK; /* the usual case: no parameter list to print */
    char list[64];
    param_list(params, n, list, sizeof list);
    TU_RETURN_IF(rz, err, TU_INVALID_ARGUMENT, "TLD rule 4: %s must not be RZ: it packs %s",
                 reg_name, list);
    return tuB_fail(err, TU_INVALID_ARGUMENT,
                    "TLD rule 2: %s R%u must be aligned to %u for its %u parameter%s (%s)",
                    reg_name, reg, align, n, n == 1 ? "" : "s", list);
}

tu_status tu_nv_tld_validate(const tu_nv_tld *i, tu_error *err) {
    TU_RETURN_IF(!i, err, TU_INVALID_ARGUMENT, "TLD instruction must not be NULL");
    for (int f = 0; f < TUN_F_COUNT; f++) {
        const uint32_t v = tuN_tld_get(i, (tuN_tld_field)f);
        TU_RETURN_IF(v > tuN_tld_fields[f].max, err, TU_INVALID_ARGUMENT,
                     "TLD %s %u is out of range 0..%u", tuN_tld_fields[f].name, v,
                     tuN_tld_fields[f].max);
    }
    const tuN_param_a *pa = &tuN_params_a[i->param_a];
    TU_RETURN_IF(i->ms && i->lod != TU_NV_LOD_LZ, err, TU_INVALID_ARGUMENT,
                 "TLD .MS can only be used with the .LZ LOD option, not .LL");
    TU_RETURN_IF(i->ms && i->cl, err, TU_INVALID_ARGUMENT, "TLD .MS cannot be combined with .CL");
    TU_RETURN_IF(i->ms && i->param_a != TU_NV_PARAM_2D && i->param_a != TU_NV_PARAM_ARRAY_2D, err,
                 TU_INVALID_ARGUMENT,
                 "TLD .MS can only be used with 2D/ARRAY_2D textures, not #paramA %s", pa->name);
    const tu_nv_sched *s = &i->sched;
    TU_RETURN_IF(s->req > 0x3f, err, TU_INVALID_ARGUMENT,
                 "TLD &req mask 0x%x names barriers beyond 0..5", s->req);
    TU_RETURN_IF(s->rd < -1 || s->rd > 5 || s->wr < -1 || s->wr > 5, err, TU_INVALID_ARGUMENT,
                 "TLD &rd %d / &wr %d is not a barrier 0..5", s->rd, s->wr);
    TU_RETURN_IF(s->stall > 15, err, TU_INVALID_ARGUMENT,
                 "TLD ?sched stall %u is out of range 0..15", s->stall);

    /* Rule 1: Rd aligned to the number of components wmask writes (a vector of 3 to 4,
     * like the rule for Ra/Rb; docs/semantics.md). RZ discards the result and has no
     * alignment. */
    const unsigned n = tuN_popcount4(i->wmask), align = tuN_vector_alignment(n);
    TU_RETURN_IF(i->rd != TU_NV_RZ && n > 0 && i->rd % align, err, TU_INVALID_ARGUMENT,
                 "TLD rule 1: Rd R%u must be aligned to %u for the %u components of wmask 0x%x",
                 i->rd, align, n, i->wmask);
    const tu_nv_packing p = tu_nv_tld_packing(i);
    TU_TRY(check_vector("Ra", i->ra, p.ra, p.ra_count, err));
    TU_TRY(check_vector("Rb", i->rb, p.rb, p.rb_count, err));
    return TU_OK;
}
