/* SPDX-License-Identifier: MIT */
/*
 * atomic.c - the atomic operations of the data port (texunit/dataport.h, TU_ATOMIC_LIST).
 *
 * New values and results: vISA spec, DWORD_ATOMIC, the DWORD_ATOMIC_OP table (the names: IGC's
 * CISAAtomicOpNames); PREDEC returns the new value (only that table says so). The documents do
 * not define the float ops' special cases; texunit's choices (docs/semantics.md, "The data
 * port"): FMIN/FMAX are IEEE 754-2008 minNum/maxNum with -0 below +0 (a NaN operand yields the
 * other one; two NaNs keep memory as it is); FADD/FSUB are binary32 round-to-nearest-even with
 * denormals kept, and a NaN result is the quiet NaN 0x7fc00000 (which NaN C arithmetic keeps
 * depends on the compiler's operand order, so texunit picks one); FCMPXCHG compares as IEEE
 * floats (+0 == -0, NaN equals nothing).
 */
#include "dataport_internal.h"

#include <math.h>

static const tu_atomic_info atomic_table[TU_ATOMIC_COUNT] = {
#define TU_ATOMIC_ROW_(name, operands, kind, result) \
    [TU_ATOMIC_##name] = {#name, operands, TU_ATOMIC_KIND_##kind, TUD_RESULT_##result},
    TU_ATOMIC_LIST(TU_ATOMIC_ROW_)
#undef TU_ATOMIC_ROW_
};

const tu_atomic_info *tu_atomic_describe(tu_atomic op) {
    return (unsigned)op < TU_ATOMIC_COUNT ? &atomic_table[op] : NULL;
}

static bool is_nan(uint32_t u) {
    return (u & 0x7fffffffu) > 0x7f800000u;
}

/* a < b with -0 < +0, for non-NaN a and b. */
static bool float_less(uint32_t a, uint32_t b) {
    const float fa = tuB_bits_float(a), fb = tuB_bits_float(b);
    if (fa == fb) return (a >> 31) > (b >> 31); /* only the zeros differ: -0 < +0 */
    return fa < fb;
}

/* minNum / maxNum (IEEE 754-2008 §5.3.1): a NaN operand yields the other; two NaNs keep old. */
/* a NaN result of FADD / FSUB */
enum { CANONICAL_NAN = 0x7fc00000u };

static uint32_t float_result(float f) {
    return f != f ? CANONICAL_NAN : tuB_float_bits(f);
}

static uint32_t float_pick(uint32_t old, uint32_t a, bool want_max) {
    if (is_nan(a)) return old;
    if (is_nan(old)) return a;
    const bool a_wins = want_max ? float_less(old, a) : float_less(a, old);
    return a_wins ? a : old;
}

uint32_t tu_atomic_apply(tu_atomic op, uint32_t old, uint32_t a, uint32_t b, uint32_t *result) {
    uint32_t next = old;
    switch (op) {
    case TU_ATOMIC_ADD: next = old + a; break;
    case TU_ATOMIC_SUB: next = old - a; break;
    case TU_ATOMIC_INC: next = old + 1; break;
    case TU_ATOMIC_DEC:
    case TU_ATOMIC_PREDEC: next = old - 1; break;
    case TU_ATOMIC_UMIN: next = a < old ? a : old; break;
    case TU_ATOMIC_UMAX: next = a > old ? a : old; break;
    case TU_ATOMIC_XCHG: next = a; break;
    case TU_ATOMIC_CMPXCHG: next = old == a ? b : old; break;
    case TU_ATOMIC_AND: next = old & a; break;
    case TU_ATOMIC_OR: next = old | a; break;
    case TU_ATOMIC_XOR: next = old ^ a; break;
    case TU_ATOMIC_IMIN: next = (int32_t)a < (int32_t)old ? a : old; break;
    case TU_ATOMIC_IMAX: next = (int32_t)a > (int32_t)old ? a : old; break;
    case TU_ATOMIC_FMAX: next = float_pick(old, a, true); break;
    case TU_ATOMIC_FMIN: next = float_pick(old, a, false); break;
    case TU_ATOMIC_FCMPXCHG: next = tuB_bits_float(old) == tuB_bits_float(a) ? b : old; break;
    case TU_ATOMIC_FADD: next = float_result(tuB_bits_float(old) + tuB_bits_float(a)); break;
    case TU_ATOMIC_FSUB: next = float_result(tuB_bits_float(old) - tuB_bits_float(a)); break;
    case TU_ATOMIC_LOAD: break;
    case TU_ATOMIC_STORE: next = a; break;
    default: break;
    }
    const tu_atomic_info *info = tu_atomic_describe(op);
    if (result) *result = info && info->returns_new ? next : old;
    return next;
}

/* --- bfloat16: the high half of a binary32 -------------------------------------------------- */

static double bf16_value(uint32_t h) {
    return (double)tuB_bits_float((h & 0xffffu) << 16);
}

/* x rounded once to bfloat16, nearest even: its 8-bit significand at binary32's exponent range
 * (subnormals at 2^-133 steps), overflow to infinity. x is the exact sum or difference of two
 * bfloat16 values, or close enough that rounding it is rounding that sum (a double holds the
 * sum exactly unless the operands' exponents differ by more than 45, and then the smaller one
 * is far below half a bfloat16 step). */
static uint32_t bf16_round(double x) {
    if (x != x) return 0x7fc0u;
    if (x == 0) return signbit(x) ? 0x8000u : 0u;
    int e;
    (void)frexp(x, &e);                           /* |x| in [2^(e-1), 2^e) */
    const int step = e - 8 < -133 ? -133 : e - 8; /* an 8-bit significand, or subnormal */
    const double r = ldexp(nearbyint(ldexp(x, -step)), step);
    if (fabs(r) >= 0x1p128) return r < 0 ? 0xff80u : 0x7f80u;
    return tuB_float_bits((float)r) >> 16;
}

uint32_t tu_atomic_apply_bf16(tu_atomic op, uint32_t old, uint32_t a, uint32_t b,
                              uint32_t *result) {
    old &= 0xffffu, a &= 0xffffu, b &= 0xffffu;
    uint32_t next = old;
    switch (op) {
    case TU_ATOMIC_FADD: next = bf16_round(bf16_value(old) + bf16_value(a)); break;
    case TU_ATOMIC_FSUB: next = bf16_round(bf16_value(old) - bf16_value(a)); break;
    case TU_ATOMIC_FMIN:
    case TU_ATOMIC_FMAX:
        /* binary32 minNum / maxNum on the widened values, which keeps them bfloat16 */
        next = float_pick(old << 16, a << 16, op == TU_ATOMIC_FMAX) >> 16;
        break;
    case TU_ATOMIC_FCMPXCHG: next = bf16_value(old) == bf16_value(a) ? b : old; break;
    default: break;
    }
    if (result) *result = old;
    return next;
}
