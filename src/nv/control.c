/* SPDX-License-Identifier: MIT */
/*
 * control.c - the Maxwell/Pascal control word: three 21-bit slots, one per instruction of the
 * group that follows it, bits 20:0, 41:21 and 62:42 (maxas wiki "Control Codes" and
 * MaxasGrammar.pm processSassCtrlLine; CuAssembler CuSMVersion.py splitControlCodes_5x_6x and
 * mergeControlCodes_5x_6x). A slot is stall 3:0, yield 4 (clear = yield: maxas printCtrl prints
 * "Y" for 0, and CuAssembler's padding slot 0x7e0 is "Y:S00"), write barrier 7:5, read
 * barrier 10:8 (7 = none), wait mask 16:11, reuse 20:17. In texture instructions nvdisasm
 * prints bit 17 as .T and bit 18 as .P (CuAssembler's records of nvdisasm output).
 *
 * TLD's annotations map onto a slot: &req={..} is the wait mask, &rdN and &wrN the barriers,
 * ?sched the stall and yield, .T/.P the phase bits.
 */
#include "nv_internal.h"

#include <stdio.h>
#include <string.h>

/* The slot's fields (maxas printCtrl), in bit order. */
enum { F_STALL, F_NO_YIELD, F_WR, F_RD, F_WAIT, F_REUSE, F_COUNT };
static const struct {
    const char *name;
    uint8_t lo, width;
} slot_fields[F_COUNT] = {
    [F_STALL] = {"stall", 0, 4},      [F_NO_YIELD] = {"yield", 4, 1},
    [F_WR] = {"write barrier", 5, 3}, [F_RD] = {"read barrier", 8, 3},
    [F_WAIT] = {"wait mask", 11, 6},  [F_REUSE] = {"reuse", 17, 4},
};

enum { PHASE_T_BIT = 1u << 0, PHASE_P_BIT = 1u << 1 }; /* of the reuse field: slot bits 17, 18 */

static uint32_t field(uint32_t slot, int f) {
    return slot >> slot_fields[f].lo & ((1u << slot_fields[f].width) - 1);
}

static int8_t barrier_of(uint32_t v) {
    return v == TU_NV_CONTROL_NO_BARRIER ? -1 : (int8_t)v;
}

tu_status tu_nv_control_decode(uint32_t slot, tu_nv_control *out, tu_error *err) {
    TU_RETURN_IF(!out, err, TU_INVALID_ARGUMENT, "control slot output must not be NULL");
    TU_RETURN_IF(slot >> TU_NV_CONTROL_SLOT_BITS, err, TU_INVALID_ARGUMENT,
                 "control slot 0x%x is wider than its 21 bits", slot);
    for (int f = F_WR; f <= F_RD; f++)
        TU_RETURN_IF(field(slot, f) == 6, err, TU_INVALID_ARGUMENT,
                     "control slot 0x%06x: %s 6 is neither a barrier 0..5 nor 7 (none)", slot,
                     slot_fields[f].name);
    out->stall = (uint8_t)field(slot, F_STALL);
    out->yield = field(slot, F_NO_YIELD) == 0;
    out->wr = barrier_of(field(slot, F_WR));
    out->rd = barrier_of(field(slot, F_RD));
    out->wait = (uint8_t)field(slot, F_WAIT);
    out->reuse = (uint8_t)field(slot, F_REUSE);
    return TU_OK;
}

tu_status tu_nv_control_encode(const tu_nv_control *c, uint32_t *slot, tu_error *err) {
    TU_RETURN_IF(!c || !slot, err, TU_INVALID_ARGUMENT, "control slot and output must not be NULL");
    TU_RETURN_IF(c->wr < -1 || c->wr > 5 || c->rd < -1 || c->rd > 5, err, TU_INVALID_ARGUMENT,
                 "control slot write barrier %d / read barrier %d is not a barrier 0..5 or -1 "
                 "(none)",
                 c->wr, c->rd);
    const uint32_t v[F_COUNT] = {
        [F_STALL] = c->stall,
        [F_NO_YIELD] = !c->yield,
        [F_WR] = c->wr < 0 ? TU_NV_CONTROL_NO_BARRIER : (uint32_t)c->wr,
        [F_RD] = c->rd < 0 ? TU_NV_CONTROL_NO_BARRIER : (uint32_t)c->rd,
        [F_WAIT] = c->wait,
        [F_REUSE] = c->reuse,
    };
    uint32_t s = 0;
    for (int f = 0; f < F_COUNT; f++) {
        const uint32_t max = (1u << slot_fields[f].width) - 1;
        TU_RETURN_IF(v[f] > max, err, TU_INVALID_ARGUMENT,
                     "control slot %s %u does not fit its %u bits (0..%u)", slot_fields[f].name,
                     v[f], slot_fields[f].width, max);
        s |= v[f] << slot_fields[f].lo;
    }
    *slot = s;
    return TU_OK;
}

tu_status tu_nv_control_split(uint64_t word, uint32_t slots[3], tu_error *err) {
    TU_RETURN_IF(!slots, err, TU_INVALID_ARGUMENT, "control slots output must not be NULL");
    TU_RETURN_IF(word >> 63, err, TU_PARSE_ERROR,
                 "control word 0x%016llx: bit 63 is set, but the three slots end at bit 62",
                 (unsigned long long)word);
    for (unsigned k = 0; k < 3; k++)
        slots[k] = (uint32_t)(word >> (k * TU_NV_CONTROL_SLOT_BITS)) & 0x1fffff;
    return TU_OK;
}

tu_status tu_nv_control_join(const uint32_t slots[3], uint64_t *word, tu_error *err) {
    TU_RETURN_IF(!slots || !word, err, TU_INVALID_ARGUMENT,
                 "control slots and output must not be NULL");
    uint64_t w = 0;
    for (unsigned k = 0; k < 3; k++) {
        TU_RETURN_IF(slots[k] >> TU_NV_CONTROL_SLOT_BITS, err, TU_INVALID_ARGUMENT,
                     "control slot %u 0x%x is wider than its 21 bits", k, slots[k]);
        w |= (uint64_t)slots[k] << (k * TU_NV_CONTROL_SLOT_BITS);
    }
    *word = w;
    return TU_OK;
}

tu_status tu_nv_control_slot_of(uint64_t address, unsigned *slot, tu_error *err) {
    TU_RETURN_IF(!slot, err, TU_INVALID_ARGUMENT, "slot output must not be NULL");
    TU_RETURN_IF(address % 8, err, TU_INVALID_ARGUMENT,
                 "instruction address 0x%llx is not a multiple of 8", (unsigned long long)address);
    TU_RETURN_IF(address % 32 == 0, err, TU_INVALID_ARGUMENT,
                 "address 0x%llx holds a control word, not an instruction (every 32 bytes start "
                 "with one)",
                 (unsigned long long)address);
    *slot = (unsigned)(address / 8 % 4) - 1;
    return TU_OK;
}

/* --- maxas's notation: WAIT:RD:WR:Y:STALL ---------------------------------------------------- */

static int hex_digit(char c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

/* "-" or a barrier 1..6 (maxas numbers them from 1). */
static bool maxas_barrier(char c, int8_t *out) {
    if (c == '-') return *out = -1, true;
    if (c < '1' || c > '6') return false;
    *out = (int8_t)(c - '1');
    return true;
}

tu_status tu_nv_control_parse_maxas(const char *t, tu_nv_control *out, tu_error *err) {
    TU_RETURN_IF(!t || !out, err, TU_INVALID_ARGUMENT, "text and output must not be NULL");
    tu_nv_control c = {0, false, -1, -1, 0, 0};
    const int w0 = hex_digit(t[0]), w1 = t[0] ? hex_digit(t[1]) : -1;
    bool ok = strlen(t) == 10 && t[2] == ':' && t[4] == ':' && t[6] == ':' && t[8] == ':';
    if (ok && t[0] == '-' && t[1] == '-')
        c.wait = 0;
    else if (ok && w0 >= 0 && w1 >= 0 && (w0 << 4 | w1) <= 0x3f)
        c.wait = (uint8_t)(w0 << 4 | w1);
    else
        ok = false;
    ok = ok && maxas_barrier(t[3], &c.rd) && maxas_barrier(t[5], &c.wr);
    ok = ok && (t[7] == 'Y' || t[7] == '-');
    c.yield = ok && t[7] == 'Y';
    const int stall = ok ? hex_digit(t[9]) : -1;
    TU_RETURN_IF(!ok || stall < 0, err, TU_PARSE_ERROR,
                 "maxas control '%.16s' is not WAIT:RD:WR:Y:STALL (wait mask 00..3f or --, "
                 "barriers 1..6 or -, Y or -, stall 0..f)",
                 t);
    c.stall = (uint8_t)stall;
    *out = c;
    return TU_OK;
}

tu_status tu_nv_control_print_maxas(const tu_nv_control *c, char *buf, size_t size, tu_error *err) {
    TU_RETURN_IF(!c || !buf || size < 11, err, TU_INVALID_ARGUMENT,
                 "maxas control needs a slot and 11 bytes of buffer");
    uint32_t slot;
    TU_TRY(tu_nv_control_encode(c, &slot, err));
    char wait[3] = "--";
    if (c->wait) snprintf(wait, sizeof wait, "%02x", c->wait);
    snprintf(buf, size, "%s:%c:%c:%c:%x", wait, c->rd < 0 ? '-' : '1' + c->rd,
             c->wr < 0 ? '-' : '1' + c->wr, c->yield ? 'Y' : '-', c->stall);
    return TU_OK;
}

/* --- TLD's annotations in its slot ---------------------------------------------------------- */

tu_status tu_nv_tld_encode_control(const tu_nv_tld *t, uint32_t *slot, tu_error *err) {
    TU_RETURN_IF(!slot, err, TU_INVALID_ARGUMENT, "control slot output must not be NULL");
    TU_TRY(tu_nv_tld_validate(t, err));
    const tu_nv_control c = {
        t->sched.stall,
        !t->sched.no_yield,
        t->sched.wr,
        t->sched.rd,
        t->sched.req,
        (uint8_t)(t->phase == TU_NV_PHASE_T   ? PHASE_T_BIT
                  : t->phase == TU_NV_PHASE_P ? PHASE_P_BIT
                                              : 0),
    };
    return tu_nv_control_encode(&c, slot, err);
}

tu_status tu_nv_tld_decode_control(uint32_t slot, tu_nv_tld *t, tu_error *err) {
    TU_RETURN_IF(!t, err, TU_INVALID_ARGUMENT, "TLD instruction must not be NULL");
    tu_nv_control c;
    TU_TRY(tu_nv_control_decode(slot, &c, err));
    TU_RETURN_IF(c.reuse & ~(PHASE_T_BIT | PHASE_P_BIT), err, TU_INVALID_ARGUMENT,
                 "control slot 0x%06x: reuse bits 0x%x (bits 20:19) have no meaning for TLD, whose "
                 "slot bits 17 and 18 are .T and .P",
                 slot, c.reuse);
    TU_RETURN_IF(c.reuse == (PHASE_T_BIT | PHASE_P_BIT), err, TU_INVALID_ARGUMENT,
                 "control slot 0x%06x sets both .T (bit 17) and .P (bit 18)", slot);
    t->phase = c.reuse & PHASE_T_BIT   ? TU_NV_PHASE_T
               : c.reuse & PHASE_P_BIT ? TU_NV_PHASE_P
                                       : TU_NV_PHASE_NONE;
    t->sched.has_req = c.wait != 0;
    t->sched.req = c.wait;
    t->sched.rd = c.rd, t->sched.wr = c.wr;
    t->sched.stall = c.stall;
    t->sched.no_yield = !c.yield;
    return TU_OK;
}

/* --- architectures ------------------------------------------------------------------------ */

static const tu_nv_arch known_archs[] = {TU_NV_SM_50, TU_NV_SM_52, TU_NV_SM_53,
                                         TU_NV_SM_60, TU_NV_SM_61, TU_NV_SM_62};

static bool arch_known(unsigned sm) {
    for (size_t k = 0; k < sizeof known_archs / sizeof known_archs[0]; k++)
        if (known_archs[k] == (tu_nv_arch)sm) return true;
    return false;
}

tu_status tu_nv_arch_parse(const char *text, tu_nv_arch *out, tu_error *err) {
    TU_RETURN_IF(!text || !out, err, TU_INVALID_ARGUMENT, "text and output must not be NULL");
    const char *p = strncmp(text, "sm_", 3) == 0 ? text + 3 : text;
    const bool two_digits = p[0] >= '0' && p[0] <= '9' && p[1] >= '0' && p[1] <= '9' && !p[2];
    const unsigned sm = two_digits ? (unsigned)((p[0] - '0') * 10 + (p[1] - '0')) : 0;
    TU_RETURN_IF(!arch_known(sm), err, TU_INVALID_ARGUMENT,
                 "architecture '%s' is not one of sm_50 sm_52 sm_53 sm_60 sm_61 sm_62", text);
    *out = (tu_nv_arch)sm;
    return TU_OK;
}

tu_status tu_nv_tld_check_arch(const tu_nv_tld *t, tu_nv_arch arch, tu_error *err) {
    TU_RETURN_IF(!t, err, TU_INVALID_ARGUMENT, "TLD instruction must not be NULL");
    TU_RETURN_IF(!arch_known((unsigned)arch), err, TU_INVALID_ARGUMENT,
                 "architecture %d is not one of sm_50 sm_52 sm_53 sm_60 sm_61 sm_62", (int)arch);
    /* SM 5.0 has no sparse predicate: a decision, not a cited rule (docs/semantics.md, "NVIDIA
     * TLD", per architecture); envytools gm107.c decodes bits 53:51 for every Maxwell. */
    TU_RETURN_IF(arch == TU_NV_SM_50 && t->ps != TU_NV_PT, err, TU_INVALID_ARGUMENT,
                 "TLD sparse predicate P%u: sm_50 has none (Ps must be PT)", t->ps);
    return TU_OK;
}
