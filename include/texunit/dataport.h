/* SPDX-License-Identifier: MIT */
/*
 * texunit/dataport.h - the data port: image and buffer load, store and atomics on a
 * tu_surface in caller memory.
 *
 * The sampler reads and filters; the data port reads, writes and updates memory with no
 * sampler state, no filtering and no LOD computation (Mesa brw_lower_logical_sends.cpp,
 * lower_surface_logical_send; vISA spec, GATHER4_TYPED .. DWORD_ATOMIC, "Semantics"). A
 * tu_dp_msg is Mesa's logical surface message (the 2015 mesa-dev thread on image load/store:
 * SHADER_OPCODE_{TYPED,UNTYPED}_SURFACE_{READ,WRITE}, *_ATOMIC, BYTE_SCATTERED_*): an
 * operation, its address and data components as separate per-lane arrays, no payload.
 * tu_dp_execute runs it; the vISA front end builds it from GATHER4_TYPED, SCATTER4_TYPED,
 * TYPED_ATOMIC, GATHER4_SCALED, SCATTER4_SCALED, GATHER_SCALED, SCATTER_SCALED and
 * DWORD_ATOMIC.
 *
 * The data port sits on the floor of the engine, beside the sampler: it shares the
 * sampler's per-lane value types (tu_lanes, tu_reply, TU_MAX_LANES) and calls nothing of it.
 * Rules and decisions: docs/semantics.md, "The data port".
 */
#ifndef TEXUNIT_DATAPORT_H
#define TEXUNIT_DATAPORT_H

#include "texunit/format.h"
#include "texunit/sampler.h"
#include "texunit/status.h"
#include "texunit/surface.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The operations. X(NAME, ADDRESS, ACCESS):
 *   ADDRESS  TYPED (texel coordinates U, V, R and a LOD on any surface type) or BYTES (a byte
 *            offset into a BUFFER surface's texels, the "raw" view)
 *   ACCESS   what the binding must allow: READ, WRITE or READ | WRITE (atomics)
 */
/* clang-format off */
#define TU_DP_OP_LIST(X) \
    X(TYPED_READ,      TYPED, TU_DP_ACCESS_READ)                     \
    X(TYPED_WRITE,     TYPED, TU_DP_ACCESS_WRITE)                    \
    X(TYPED_ATOMIC,    TYPED, TU_DP_ACCESS_READ | TU_DP_ACCESS_WRITE) \
    X(UNTYPED_READ,    BYTES, TU_DP_ACCESS_READ)                     \
    X(UNTYPED_WRITE,   BYTES, TU_DP_ACCESS_WRITE)                    \
    X(UNTYPED_ATOMIC,  BYTES, TU_DP_ACCESS_READ | TU_DP_ACCESS_WRITE) \
    X(SCATTERED_READ,  BYTES, TU_DP_ACCESS_READ)                     \
    X(SCATTERED_WRITE, BYTES, TU_DP_ACCESS_WRITE)
/* clang-format on */

enum { TU_DP_ACCESS_READ = 1u << 0, TU_DP_ACCESS_WRITE = 1u << 1 };

typedef enum tu_dp_op {
#define TU_DP_OP_ENUM_(name, address, access) TU_DP_##name,
    TU_DP_OP_LIST(TU_DP_OP_ENUM_)
#undef TU_DP_OP_ENUM_
        TU_DP_OP_COUNT
} tu_dp_op;

typedef enum tu_dp_address { TU_DP_ADDRESS_TYPED, TU_DP_ADDRESS_BYTES } tu_dp_address;

typedef struct tu_dp_op_info {
    const char *name; /* "TYPED_READ" */
    uint8_t address;  /* tu_dp_address */
    uint8_t access;   /* TU_DP_ACCESS_* the binding must allow */
    bool is_atomic;   /* reads data[0..operands-1], returns one value */
} tu_dp_op_info;

/* The table row of op, or NULL outside the enum. */
TU_API const tu_dp_op_info *tu_dp_op_describe(tu_dp_op op);

/*
 * The atomic operations: every op of vISA's table (vISA spec, DWORD_ATOMIC, atomic operations)
 * and LSC's atomic load and store (vISA spec, LSC_UNTYPED and LSC_TYPED) under ISA-neutral
 * names. X(NAME, OPERANDS, KIND, RESULT):
 *   OPERANDS  data components read: 0 (inc, dec, predec), 1, or 2 (the compare-exchanges:
 *             data[0] = the value compared with memory, data[1] = the value stored when
 *             equal: Mesa's and the hardware's CMPWR order, into which IGC swaps vISA
 *             CMPXCHG's src0 and src1)
 *   KIND      INT (32-bit integer arithmetic, modulo 2^32), BITS (moves bits: integer or
 *             float formats), FLOAT (IEEE binary32 arithmetic)
 *   RESULT    OLD (the value before) or NEW (the value after: PREDEC, vISA spec, DWORD_ATOMIC)
 */
/* clang-format off */
#define TU_ATOMIC_LIST(X) \
    X(ADD,      1, INT,   OLD) /* old + a */                           \
    X(SUB,      1, INT,   OLD) /* old - a */                           \
    X(INC,      0, INT,   OLD) /* old + 1 */                           \
    X(DEC,      0, INT,   OLD) /* old - 1 */                           \
    X(UMIN,     1, INT,   OLD) /* unsigned min(old, a) */              \
    X(UMAX,     1, INT,   OLD) /* unsigned max(old, a) */              \
    X(XCHG,     1, BITS,  OLD) /* a */                                 \
    X(CMPXCHG,  2, BITS,  OLD) /* old == a ? b : old (bitwise) */      \
    X(AND,      1, INT,   OLD) /* old & a */                           \
    X(OR,       1, INT,   OLD) /* old | a */                           \
    X(XOR,      1, INT,   OLD) /* old ^ a */                           \
    X(IMIN,     1, INT,   OLD) /* signed min(old, a) */                \
    X(IMAX,     1, INT,   OLD) /* signed max(old, a) */                \
    X(PREDEC,   0, INT,   NEW) /* old - 1, returning the new value */  \
    X(FMAX,     1, FLOAT, OLD) /* maxNum(old, a), -0 < +0 */           \
    X(FMIN,     1, FLOAT, OLD) /* minNum(old, a), -0 < +0 */           \
    X(FCMPXCHG, 2, FLOAT, OLD) /* old == a (IEEE) ? b : old */         \
    X(FADD,     1, FLOAT, OLD) /* old + a, nearest even; NaN: 0x7fc00000 */ \
    X(FSUB,     1, FLOAT, OLD) /* old - a */                           \
    X(LOAD,     0, BITS,  OLD) /* old: LSC's atomic load */            \
    X(STORE,    1, BITS,  OLD) /* a: LSC's atomic store */
/* clang-format on */

typedef enum tu_atomic {
#define TU_ATOMIC_ENUM_(name, operands, kind, result) TU_ATOMIC_##name,
    TU_ATOMIC_LIST(TU_ATOMIC_ENUM_)
#undef TU_ATOMIC_ENUM_
        TU_ATOMIC_COUNT
} tu_atomic;

typedef enum tu_atomic_kind {
    TU_ATOMIC_KIND_INT,
    TU_ATOMIC_KIND_BITS,
    TU_ATOMIC_KIND_FLOAT
} tu_atomic_kind;

typedef struct tu_atomic_info {
    const char *name; /* "CMPXCHG" */
    uint8_t operands; /* 0, 1 or 2 */
    uint8_t kind;     /* tu_atomic_kind */
    bool returns_new; /* PREDEC */
} tu_atomic_info;

/* The table row of op, or NULL outside the enum. */
TU_API const tu_atomic_info *tu_atomic_describe(tu_atomic op);

/*
 * Apply atomic op to the 32-bit memory value old with operands a and b (the bits of
 * data[0] and data[1]); returns the new memory value and sets *result to what the lane
 * gets back. op must be valid (tu_atomic_describe(op) != NULL); otherwise memory is kept.
 */
TU_API uint32_t tu_atomic_apply(tu_atomic op, uint32_t old, uint32_t a, uint32_t b,
                                uint32_t *result);

/*
 * The float ops (FADD FSUB FMIN FMAX FCMPXCHG) on bfloat16 values (the low 16 bits of old, a
 * and b; LSC's lsc_atomic_bfadd .. bfcas, IGC visa_igc_common_header.h LSC_ATOMIC_BF*): the
 * values widen exactly to binary32, the op runs as tu_atomic_apply's, and a sum or difference
 * rounds once to bfloat16, to nearest even (a NaN result is the quiet NaN 0x7fc0). Returns
 * the new 16-bit memory value; *result gets the old one. Other ops keep memory as it is.
 */
TU_API uint32_t tu_atomic_apply_bf16(tu_atomic op, uint32_t old, uint32_t a, uint32_t b,
                                     uint32_t *result);

/*
 * A logical surface message.
 *   addr   typed: addr[0..3] = U, V, R, LOD (unsigned texel coordinates; the axes a surface
 *          type has: BUFFER u; 1D u, v = layer when arrayed; 2D u, v, r = layer when
 *          arrayed; CUBE u, v, r = face (6 * cube + face); 3D u, v, r; the others are not
 *          read). LOD is relative to the view's base level.
 *          bytes: addr[0] = byte offset from the buffer's first texel.
 *   data   writes: data[c] for each enabled channel c (typed: typed by the format's class,
 *          f[] / i[] / u[]; untyped: the dword's bits). Scattered writes: data[0], its low
 *          `bytes` bytes. Atomics: data[0] and data[1] as tu_atomic_info says.
 *   channel_mask   typed and untyped reads and writes: bit c = channel c (R G B A) read or
 *          written; untyped channel c is the dword at addr + 4c.
 *   bytes  scattered: 1, 2 or 4 bytes per lane.
 * Fields an op does not read are ignored.
 */
typedef struct tu_dp_msg {
    tu_dp_op op;
    uint32_t simd;         /* lanes, 1..32 */
    uint32_t lane_mask;    /* bit n: lane n executes; no bits at or above simd */
    uint32_t channel_mask; /* reads and writes: 0x1..0xf */
    uint32_t atomic;       /* tu_atomic, for TYPED_ATOMIC and UNTYPED_ATOMIC */
    uint32_t bytes;        /* SCATTERED_*: 1, 2 or 4 */
    bool bf16;             /* UNTYPED_ATOMIC FADD FSUB FMIN FMAX FCMPXCHG on the bfloat16 at
                              addr (2-byte aligned): the low 16 bits of data[] and of the
                              result (tu_atomic_apply_bf16) */
    tu_lanes addr[4];
    tu_lanes data[4];
} tu_dp_msg;

/* Check the fields of m that do not depend on a surface. TU_OK or TU_INVALID_ARGUMENT. */
TU_API tu_status tu_dp_msg_validate(const tu_dp_msg *m, tu_error *err);

/* Whether format has typed access (typed read and write) in the engine: every colour format
 * of the table but the sRGB, depth/stencil and shared-exponent ones (Vulkan's storage image
 * formats are a subset). Which formats a given GPU's typed messages read is the compiler
 * side's business (Mesa isl_format.c format_info, isl_storage_image.c
 * isl_lower_storage_image_format). */
TU_API bool tu_dp_format_typed(tu_format format);

/* Why typed atomic op cannot run on format: NULL when it can (R32_UINT and R32_SINT take the
 * INT and BITS ops; R32_SFLOAT the BITS and FLOAT ops: Mesa isl_format.c format_info), else
 * a sentence. */
TU_API const char *tu_dp_atomic_refusal(tu_atomic op, tu_format format);

/*
 * Execute m on surface s through a binding that allows `access` (TU_DP_ACCESS_*). Lanes
 * apply one after another in ascending lane order, so of two lanes writing one address the
 * higher lane's value stays, and two atomics on one address each see the other's effect in
 * lane order. Out of bounds (coordinates outside the view, a LOD outside it, bytes outside
 * the buffer, checked per dword): typed reads return (0, 0, 0, 1) in the format's class,
 * untyped and scattered reads 0, atomics return 0; writes and atomics are dropped. A texel
 * on a non-resident page reads as zero bytes and is not written.
 * Refuses, before writing anything, with the field named: an invalid message or surface, an
 * op the binding's access does not allow, a typed op on a format without typed access or on
 * a multisample surface, a typed atomic on a format that does not support it, a bytes op on
 * a surface that is not a BUFFER, an untyped address that is not a multiple of 4 or a
 * scattered one not a multiple of `bytes`. Writes only the enabled lanes of the returned
 * channels of *reply (channel 0 for atomics), and its value_class.
 * Returns TU_OK, TU_INVALID_ARGUMENT or TU_UNSUPPORTED.
 */
TU_API tu_status tu_dp_execute(const tu_dp_msg *m, const tu_surface *s, uint32_t access,
                               tu_reply *reply, tu_error *err);

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_DATAPORT_H */
