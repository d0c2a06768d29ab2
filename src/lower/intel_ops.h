/* SPDX-License-Identifier: MIT */
/*
 * intel_ops.h - the Intel op table: what the hardware fixes about each sampler operation.
 *
 * One row per vISA sub-op (which equals the hardware message type: IGC
 * visa_igc_common_header.h, VISASampler3DSubOpCode, against Mesa brw_eu_defines.h,
 * GFX5_SAMPLER_MESSAGE_* and its successors): its opcode, the engine op it executes, its text
 * mnemonic, its payload parameters in the order of the vISA spec pages' parameter tables
 * (3D_SAMPLE, 3D_LOAD, 3D_SAMPLE4, INFO) and its parameter type class. The vISA parser,
 * printer, binary codec, validator and executor read it, and so will the payload builder of
 * lower/; nobody keeps a private list of ops.
 */
#ifndef TEXUNIT_INTEL_OPS_H
#define TEXUNIT_INTEL_OPS_H

#include "texunit/dataport.h"
#include "texunit/sampler.h"

#include <stdint.h>

/* Opcode flags: the instruction has a sampler-state operand; its sampler and surface
 * operands may take the efficient-64b form (texunit/visa.h). */
enum { TUL_OC_SAMPLER = 1u << 0, TUL_OC_STATE64 = 1u << 1 };

/* The vISA opcodes texunit reads, X(NAME, code, TUL_OC_* flags) (IGC
 * visa_igc_common_header.h, ISA_Opcode; the data port's: vISA spec, GATHER4_TYPED ..
 * DWORD_ATOMIC; LSC_UNTYPED, LSC_TYPED and LSC_FENCE). */
/* clang-format off */
#define TUL_OPCODE_LIST(X)                                     \
    X(3D_SAMPLE,       0x6D, TUL_OC_SAMPLER | TUL_OC_STATE64)  \
    X(3D_LOAD,         0x6E, TUL_OC_STATE64)                   \
    X(3D_GATHER4,      0x6F, TUL_OC_SAMPLER | TUL_OC_STATE64)  \
    X(3D_INFO,         0x70, 0)                                \
    X(MEDIA_LD,        0x37, 0)                                \
    X(GATHER4_TYPED,   0x4B, 0)                                \
    X(SCATTER4_TYPED,  0x4C, 0)                                \
    X(TYPED_ATOMIC,    0x73, 0)                                \
    X(GATHER4_SCALED,  0x74, 0)                                \
    X(SCATTER4_SCALED, 0x75, 0)                                \
    X(GATHER_SCALED,   0x78, 0)                                \
    X(SCATTER_SCALED,  0x79, 0)                                \
    X(DWORD_ATOMIC,    0x7D, 0)                                \
    X(LSC_UNTYPED,     0x89, 0)                                \
    X(LSC_TYPED,       0x8A, 0)                                \
    X(LSC_FENCE,       0x8B, 0)
/* clang-format on */

enum {
#define TUL_OPCODE_ENUM_(name, code, flags) TUL_OPCODE_##name = code,
    TUL_OPCODE_LIST(TUL_OPCODE_ENUM_)
#undef TUL_OPCODE_ENUM_
};

/* The name of an opcode ("3D_SAMPLE"), NULL for one not in the list. */
const char *tuL_opcode_name(uint8_t opcode);

/* Its TUL_OC_* flags; 0 for one not in the list. */
unsigned tuL_opcode_flags(uint8_t opcode);

/* "0x6D (3D_SAMPLE), 0x6E (3D_LOAD), ...": every opcode of the list, for messages. */
const char *tuL_opcode_list_text(void);

/* A payload parameter: an engine source, or one of the packed forms that carry offsets in
 * the low 12 bits of a 32-bit parameter (Mesa brw_nir_lower_texture.c, pack_offset;
 * docs/semantics.md). */
typedef enum tuL_param {
    TUL_P_U,
    TUL_P_V,
    TUL_P_R,
    TUL_P_AI,
    TUL_P_REF,
    TUL_P_BIAS,
    TUL_P_LOD,
    TUL_P_DUDX,
    TUL_P_DUDY,
    TUL_P_DVDX,
    TUL_P_DVDY,
    TUL_P_DRDX,
    TUL_P_DRDY,
    TUL_P_OFFU,
    TUL_P_OFFV, /* gather4_po: one D offset each */
    TUL_P_SI,
    TUL_P_MCSL,
    TUL_P_MCSH,
    TUL_P_MCS0,
    TUL_P_MCS1,
    TUL_P_MCS2,
    TUL_P_MCS3,
    TUL_P_OFFUVR,      /* u<<8 | v<<4 | r, 4 bits each */
    TUL_P_BIAS_OFFUVR, /* bias with the low 12 bits replaced by OFFUVR */
    TUL_P_LOD_OFFUVR,  /* lod likewise */
    TUL_P_LOD_OFFUV,   /* lod with u<<8 | v<<4 in its low 12 bits */
    TUL_P_R_OFFUV,     /* r (array index) with u<<8 | v<<4 in its low 12 bits */
    TUL_P_R_OFFUVR,    /* r with u<<8 | v<<4 | r-offset in its low 12 bits */
    /* the data port's raw operands (vISA spec, GATHER4_TYPED .. DWORD_ATOMIC) */
    TUL_P_OFFSETS, /* per-lane byte offsets (scaled and dword-atomic forms) */
    TUL_P_SRC,     /* the data a scatter writes */
    TUL_P_SRC0,    /* the atomics' first operand */
    TUL_P_SRC1,    /* the atomics' second operand (compare-exchanges) */
    TUL_P_COUNT
} tuL_param;

/* The types a sub-op's parameters may have. */
typedef enum tuL_param_class {
    TUL_PC_FLOAT,  /* all F, or all HF (ICLLP+) */
    TUL_PC_INT,    /* all UD or D, or all UW */
    TUL_PC_INT_UD, /* UD/D only (ld2dms_w with mcsl/mcsh) */
    TUL_PC_INT_UW, /* UW only (ld2dms_w with mcs0..mcs3) */
    TUL_PC_UD      /* resinfo's lod: UD */
} tuL_param_class;

enum { TUL_MAX_PARAMS = 11 };

/* Row flags. */
enum {
    TUL_F_CPS = 1u << 0,    /* may take .cps (IGC TranslateSend3D.cpp, IGC checkCPSEnable) */
    TUL_F_PRE_XE2 = 1u << 1 /* the sub-op means another op on Xe2+ (IGC VISASampler3DSubOpCode) */
};

typedef struct tuL_op {
    uint8_t subop;  /* the vISA sub-op = hardware message type */
    uint8_t opcode; /* TUL_OPCODE_* */
    uint8_t op;     /* tu_op the engine executes */
    uint8_t pclass; /* tuL_param_class */
    uint8_t flags;  /* TUL_F_* */
    const char *mnemonic;
    uint8_t nparams;
    uint8_t params[TUL_MAX_PARAMS]; /* tuL_param */
} tuL_op;

/* Every row; the count. Rows are unique by (subop, pclass); load_2dms_w has two rows (its UD
 * and UW parameter forms) under one mnemonic. */
extern const tuL_op tuL_ops[];
extern const unsigned tuL_op_count;

/* The row for (opcode, subop); for ld2dms_w the parameter class picks the UD or UW row
 * (pass TUL_PC_INT_UD otherwise). NULL when there is none. */
const tuL_op *tuL_op_by_code(uint8_t opcode, uint8_t subop, tuL_param_class pclass);

/* The row whose mnemonic is `name` (the UD form for load_2dms_w). NULL when none. */
const tuL_op *tuL_op_by_name(const char *name);

/* The name of a parameter, as the vISA spec pages write it ("u", "dudx", "biasOff"...). */
const char *tuL_param_name(tuL_param p);

/* --- the data port's rows ---------------------------------------------------------------- */

/* What follows a data-port mnemonic in text: the channels (.RGBA), the atomic op
 * (.add[.16]) or the bytes per lane (.1, .2, .4). */
typedef enum tuL_dp_suffix {
    TUL_SUFFIX_CHANNELS,
    TUL_SUFFIX_ATOMIC,
    TUL_SUFFIX_BLOCKS
} tuL_dp_suffix;

enum { TUL_DP_MAX_RAW = 6 };

/*
 * One data-port vISA instruction (vISA spec, GATHER4_TYPED .. DWORD_ATOMIC, "Format" and
 * "Semantics"): its opcode, text mnemonic, the engine op it executes, its raw operands before
 * the destination in binary order, whether it has a destination, a global offset and the
 * ignored scale / block-size fields, whether it is typed, and the exec sizes each platform
 * takes (bit n = 2^n lanes: IGC's finalizer where it is stricter than the spec pages).
 */
typedef struct tuL_dp_row {
    uint8_t opcode;
    const char *mnemonic; /* "gather4_typed" */
    uint8_t op;           /* tu_dp_op */
    uint8_t suffix;       /* tuL_dp_suffix */
    bool typed, has_dst, scaled;
    uint8_t nraw;
    uint8_t raw[TUL_DP_MAX_RAW]; /* tuL_param */
    uint8_t exec_xe_lp, exec_xe2;
} tuL_dp_row;

extern const tuL_dp_row tuL_dp_rows[];
extern const unsigned tuL_dp_row_count;

/* The row of a data-port opcode, or of a mnemonic; NULL when none. */
const tuL_dp_row *tuL_dp_by_opcode(uint8_t opcode);
const tuL_dp_row *tuL_dp_by_name(const char *mnemonic);

/* vISA's atomic ops (IGC's CISAAtomicOpNames): code, text, the engine op. PREDEC
 * has no text in IGC; texunit writes it "predec" (docs/semantics.md). */
typedef struct tuL_atomic_row {
    uint8_t code;
    const char *text;
    uint8_t atomic; /* tu_atomic */
    bool typed;     /* TYPED_ATOMIC takes it (integer ops only: vISA spec, DWORD_ATOMIC's table) */
    bool xe2_only;  /* FADD, FSUB: XeHP+ (IGC Get_Atomic_Op; the DWORD_ATOMIC page lacks them) */
    bool swap;      /* vISA src0/src1 are (new, compare): swapped into the engine's order */
    uint8_t aop;    /* the legacy data port's op in message control 3:0 (Get_Atomic_Op):
                       integer AOP, or the float op of message type 0x1B */
} tuL_atomic_row;

extern const tuL_atomic_row tuL_atomic_rows[];
extern const unsigned tuL_atomic_row_count;

/* The name of legacy data-port atomic op `aop` (message control 3:0), of the float ops of
 * message type 0x1B when is_float: "add", "fmax", ...; "reserved" for a code with none. */
const char *tuL_aop_name(uint32_t aop, bool is_float);

/* The row of vISA atomic code `code` (bits 4:0 of the op byte) or text; NULL when none. */
const tuL_atomic_row *tuL_atomic_by_code(uint8_t code);
const tuL_atomic_row *tuL_atomic_by_text(const char *text);

/* --- LSC_UNTYPED 0x89 and LSC_TYPED 0x8A (vISA spec, LSC_UNTYPED and LSC_TYPED) --------------- */

typedef enum tuL_lsc_kind {
    TUL_LSC_LOAD,      /* lsc_load: elements per address, d8u32 / d16u32 / d32 */
    TUL_LSC_STORE,     /* lsc_store */
    TUL_LSC_LOAD_QUAD, /* X, Y, Z, W channel enables */
    TUL_LSC_STORE_QUAD,
    TUL_LSC_ATOMIC,       /* `atomic` is the engine op, `operands` the extra arguments */
    TUL_LSC_LOAD_STRIDED, /* one base address and a pitch (vISA spec, LSC_UNTYPED) */
    TUL_LSC_STORE_STRIDED,
    TUL_LSC_LOAD_BLOCK2D, /* a 2D block of a surface (untyped: a flat surface description) */
    TUL_LSC_STORE_BLOCK2D,
    TUL_LSC_FENCE, /* LSC_FENCE 0x8B: orders the thread's memory accesses */
    TUL_LSC_OTHER  /* status, uncompressed, CCS update, state info, append counters:
                      named, not executed (their binary layouts differ) */
} tuL_lsc_kind;

typedef struct tuL_lsc_row {
    uint8_t subop;    /* the LSC opcode (= the hardware's: Mesa brw_eu_defines.h, lsc_opcode) */
    const char *name; /* "load_quad": the mnemonic is lsc_<name> */
    uint8_t kind;     /* tuL_lsc_kind */
    uint8_t atomic;   /* tu_atomic for TUL_LSC_ATOMIC */
    bool typed;       /* LSC_TYPED has it (load_quad, store_quad, the atomics, ...) */
    bool bf16;        /* the bfloat16 atomics: `atomic` on 16-bit bfloat16 data */
} tuL_lsc_row;

extern const tuL_lsc_row tuL_lsc_rows[];
extern const unsigned tuL_lsc_row_count;

const tuL_lsc_row *tuL_lsc_by_subop(uint8_t subop);
const tuL_lsc_row *tuL_lsc_by_name(const char *name); /* without the lsc_ prefix */

/* Names of the LSC enumerations by their binary value (index 0 = invalid: NULL). */
extern const char *const tuL_lsc_sfid_names[4];      /* ugm ugml tgm slm */
extern const char *const tuL_lsc_cache_names[8];     /* df uc ca wb wt st ri cc */
extern const char *const tuL_lsc_addr_type_names[7]; /* -, flat bss ss bti arg surf */
extern const char *const tuL_lsc_data_size_names[8]; /* -, d8 d16 d32 d64 d8u32 d16u32 d16u32h */
extern const uint8_t tuL_lsc_elems[9];               /* 0, 1 2 3 4 8 16 32 64 */

#endif /* TEXUNIT_INTEL_OPS_H */
