/* SPDX-License-Identifier: MIT */
/*
 * intel_ops.c - the Intel op table (intel_ops.h).
 *
 * Sub-op codes and mnemonics: IGC visa_igc_common_header.h, ISA_Opcode and VISASampler3DSubOpCode
 * (IGC's VISASampler3DSubOpCode and getSampleOp3DNameOrNull); parameter orders: the tables of vISA
 * spec, 3D_SAMPLE, 3D_LOAD, 3D_SAMPLE4 and INFO. Where the 3D_SAMPLE page's two descriptions
 * of an op disagree (sample_po_c, sample_po_d: its Format section and its parameter table), the
 * Format section, which lists the whole binary layout, wins (docs/semantics.md).
 */
#include "intel_ops.h"

#include <string.h>

typedef struct opcode_row {
    uint8_t code, flags;
    const char *name;
} opcode_row;

static const opcode_row opcodes[] = {
#define OPCODE_ROW_(name, code, flags) {code, flags, #name},
    TUL_OPCODE_LIST(OPCODE_ROW_)
#undef OPCODE_ROW_
};

static const opcode_row *opcode_row_of(uint8_t opcode) {
    for (size_t i = 0; i < sizeof opcodes / sizeof opcodes[0]; i++)
        if (opcodes[i].code == opcode) return &opcodes[i];
    return NULL;
}

const char *tuL_opcode_name(uint8_t opcode) {
    const opcode_row *r = opcode_row_of(opcode);
    return r ? r->name : NULL;
}

unsigned tuL_opcode_flags(uint8_t opcode) {
    const opcode_row *r = opcode_row_of(opcode);
    return r ? r->flags : 0;
}

const char *tuL_opcode_list_text(void) {
#define OPCODE_TEXT_(name, code, flags) ", " #code " (" #name ")"
    return &TUL_OPCODE_LIST(OPCODE_TEXT_)[2]; /* without the first ", " */
#undef OPCODE_TEXT_
}

#define P(x) TUL_P_##x
#define ROW(code, opc, engine, pc, name, n, ...)                                            \
    {                                                                                       \
        code, TUL_OPCODE_##opc, TU_OP_##engine, TUL_PC_##pc, ROW_FLAGS_##engine, name, n, { \
            __VA_ARGS__                                                                     \
        }                                                                                   \
    }

/* Which rows take .cps and which sub-ops are pre-Xe2 only, by engine op. */
#define ROW_FLAGS_SAMPLE         TUL_F_CPS
#define ROW_FLAGS_SAMPLE_B       TUL_F_CPS
#define ROW_FLAGS_SAMPLE_C       TUL_F_CPS
#define ROW_FLAGS_SAMPLE_B_C     TUL_F_CPS
#define ROW_FLAGS_LOD            TUL_F_CPS
#define ROW_FLAGS_SAMPLE_PO      TUL_F_CPS
#define ROW_FLAGS_SAMPLE_PO_B    TUL_F_CPS
#define ROW_FLAGS_SAMPLE_PO_C    TUL_F_CPS
#define ROW_FLAGS_GATHER4_PO     TUL_F_PRE_XE2
#define ROW_FLAGS_GATHER4_PO_C   TUL_F_PRE_XE2
#define ROW_FLAGS_SAMPLE_L       0
#define ROW_FLAGS_SAMPLE_D       0
#define ROW_FLAGS_SAMPLE_L_C     0
#define ROW_FLAGS_SAMPLE_D_C     0
#define ROW_FLAGS_SAMPLE_LZ      0
#define ROW_FLAGS_SAMPLE_C_LZ    0
#define ROW_FLAGS_SAMPLE_PO_L    0
#define ROW_FLAGS_SAMPLE_PO_D    0
#define ROW_FLAGS_SAMPLE_PO_L_C  0
#define ROW_FLAGS_SAMPLE_PO_LZ   0
#define ROW_FLAGS_SAMPLE_PO_C_LZ 0
#define ROW_FLAGS_LD             0
#define ROW_FLAGS_LD_LZ          0
#define ROW_FLAGS_LD_L           0
#define ROW_FLAGS_LD2DMS_W       0
#define ROW_FLAGS_LD_MCS         0
#define ROW_FLAGS_GATHER4        0
#define ROW_FLAGS_GATHER4_L      0
#define ROW_FLAGS_GATHER4_B      0
#define ROW_FLAGS_GATHER4_I      0
#define ROW_FLAGS_GATHER4_C      0
#define ROW_FLAGS_GATHER4_I_C    0
#define ROW_FLAGS_GATHER4_L_C    0
#define ROW_FLAGS_RESINFO        0
#define ROW_FLAGS_SAMPLEINFO     0

/* clang-format off */
const tuL_op tuL_ops[] = {
    /* 3D_SAMPLE 0x6D */
    ROW(0x00, 3D_SAMPLE, SAMPLE,        FLOAT, "sample_3d",      4, P(U), P(V), P(R), P(AI)),
    ROW(0x01, 3D_SAMPLE, SAMPLE_B,      FLOAT, "sample_b",       5, P(BIAS), P(U), P(V), P(R), P(AI)),
    ROW(0x02, 3D_SAMPLE, SAMPLE_L,      FLOAT, "sample_l",       5, P(LOD), P(U), P(V), P(R), P(AI)),
    ROW(0x03, 3D_SAMPLE, SAMPLE_C,      FLOAT, "sample_c",       5, P(REF), P(U), P(V), P(R), P(AI)),
    ROW(0x04, 3D_SAMPLE, SAMPLE_D,      FLOAT, "sample_d",      10, P(U), P(DUDX), P(DUDY), P(V), P(DVDX), P(DVDY), P(R), P(DRDX), P(DRDY), P(AI)),
    ROW(0x05, 3D_SAMPLE, SAMPLE_B_C,    FLOAT, "sample_b_c",     6, P(REF), P(BIAS), P(U), P(V), P(R), P(AI)),
    ROW(0x06, 3D_SAMPLE, SAMPLE_L_C,    FLOAT, "sample_l_c",     6, P(REF), P(LOD), P(U), P(V), P(R), P(AI)),
    ROW(0x09, 3D_SAMPLE, LOD,           FLOAT, "lod",            4, P(U), P(V), P(R), P(AI)),
    ROW(0x14, 3D_SAMPLE, SAMPLE_D_C,    FLOAT, "sample_d_c",    11, P(REF), P(U), P(DUDX), P(DUDY), P(V), P(DVDX), P(DVDY), P(R), P(DRDX), P(DRDY), P(AI)),
    ROW(0x18, 3D_SAMPLE, SAMPLE_LZ,     FLOAT, "sample_lz",      4, P(U), P(V), P(R), P(AI)),
    ROW(0x19, 3D_SAMPLE, SAMPLE_C_LZ,   FLOAT, "sample_c_lz",    5, P(REF), P(U), P(V), P(R), P(AI)),
    ROW(0x20, 3D_SAMPLE, SAMPLE_PO,     FLOAT, "sample_po",      5, P(U), P(V), P(R), P(OFFUVR), P(AI)),
    ROW(0x21, 3D_SAMPLE, SAMPLE_PO_B,   FLOAT, "sample_po_b",    5, P(BIAS_OFFUVR), P(U), P(V), P(R), P(AI)),
    ROW(0x22, 3D_SAMPLE, SAMPLE_PO_L,   FLOAT, "sample_po_l",    5, P(LOD_OFFUVR), P(U), P(V), P(R), P(AI)),
    ROW(0x23, 3D_SAMPLE, SAMPLE_PO_C,   FLOAT, "sample_po_c",    6, P(REF), P(U), P(V), P(R), P(R_OFFUV), P(AI)),
    ROW(0x24, 3D_SAMPLE, SAMPLE_PO_D,   FLOAT, "sample_po_d",   11, P(U), P(DUDX), P(DUDY), P(V), P(DVDX), P(DVDY), P(R), P(R_OFFUVR), P(DRDX), P(DRDY), P(AI)),
    ROW(0x26, 3D_SAMPLE, SAMPLE_PO_L_C, FLOAT, "sample_po_l_c",  6, P(REF), P(LOD_OFFUV), P(U), P(V), P(R), P(AI)),
    ROW(0x38, 3D_SAMPLE, SAMPLE_PO_LZ,  FLOAT, "sample_po_lz",   4, P(U), P(V), P(R), P(OFFUVR)),
    ROW(0x39, 3D_SAMPLE, SAMPLE_PO_C_LZ,FLOAT, "sample_po_c_lz", 4, P(REF), P(U), P(V), P(R_OFFUV)),
    /* 3D_LOAD 0x6E */
    ROW(0x07, 3D_LOAD,   LD,            INT,    "load_3d",       4, P(U), P(V), P(LOD), P(R)),
    ROW(0x1A, 3D_LOAD,   LD_LZ,         INT,    "load_lz",       3, P(U), P(V), P(R)),
    ROW(0x1B, 3D_LOAD,   LD_L,          INT,    "load_l",        4, P(U), P(V), P(LOD), P(R)),
    ROW(0x1C, 3D_LOAD,   LD2DMS_W,      INT_UD, "load_2dms_w",   7, P(SI), P(MCSL), P(MCSH), P(U), P(V), P(R), P(LOD)),
    ROW(0x1C, 3D_LOAD,   LD2DMS_W,      INT_UW, "load_2dms_w",   9, P(SI), P(MCS0), P(MCS1), P(MCS2), P(MCS3), P(U), P(V), P(R), P(LOD)),
    ROW(0x1D, 3D_LOAD,   LD_MCS,        INT,    "load_mcs",      4, P(U), P(V), P(R), P(LOD)),
    /* 3D_GATHER4 0x6F (17 and 18 are gather4_po/_po_c up to TGLLP: the profile texunit runs) */
    ROW(0x08, 3D_GATHER4, GATHER4,      FLOAT, "sample4",        4, P(U), P(V), P(R), P(AI)),
    ROW(0x0D, 3D_GATHER4, GATHER4_L,    FLOAT, "sample4_l",      5, P(LOD), P(U), P(V), P(R), P(AI)),
    ROW(0x0E, 3D_GATHER4, GATHER4_B,    FLOAT, "sample4_b",      5, P(BIAS), P(U), P(V), P(R), P(AI)),
    ROW(0x0F, 3D_GATHER4, GATHER4_I,    FLOAT, "sample4_i",      4, P(U), P(V), P(R), P(AI)),
    ROW(0x10, 3D_GATHER4, GATHER4_C,    FLOAT, "sample4_c",      5, P(REF), P(U), P(V), P(R), P(AI)),
    ROW(0x11, 3D_GATHER4, GATHER4_PO,   FLOAT, "sample4_po",     5, P(U), P(V), P(OFFU), P(OFFV), P(R)),
    ROW(0x12, 3D_GATHER4, GATHER4_PO_C, FLOAT, "sample4_po_c",   6, P(REF), P(U), P(V), P(OFFU), P(OFFV), P(R)),
    ROW(0x15, 3D_GATHER4, GATHER4_I_C,  FLOAT, "sample4_i_c",    5, P(REF), P(U), P(V), P(R), P(AI)),
    ROW(0x17, 3D_GATHER4, GATHER4_L_C,  FLOAT, "sample4_l_c",    6, P(REF), P(LOD), P(U), P(V), P(R), P(AI)),
    /* 3D_INFO 0x70 */
    ROW(0x0A, 3D_INFO,   RESINFO,       UD,     "resinfo",       1, P(LOD)),
    ROW(0x0B, 3D_INFO,   SAMPLEINFO,    UD,     "sampleinfo",    0, 0),
};
/* clang-format on */

const unsigned tuL_op_count = sizeof tuL_ops / sizeof tuL_ops[0];

const tuL_op *tuL_op_by_code(uint8_t opcode, uint8_t subop, tuL_param_class pclass) {
    const tuL_op *found = NULL;
    for (unsigned i = 0; i < tuL_op_count; i++) {
        const tuL_op *o = &tuL_ops[i];
        if (o->opcode != opcode || o->subop != subop) continue;
        if (o->pclass == TUL_PC_INT_UW && pclass != TUL_PC_INT_UW) continue;
        if (o->pclass == TUL_PC_INT_UD && pclass == TUL_PC_INT_UW) continue;
        found = o;
        break;
    }
    return found;
}

const tuL_op *tuL_op_by_name(const char *name) {
    for (unsigned i = 0; i < tuL_op_count; i++)
        if (strcmp(tuL_ops[i].mnemonic, name) == 0) return &tuL_ops[i];
    return NULL;
}

const char *tuL_param_name(tuL_param p) {
    static const char *const names[TUL_P_COUNT] = {
        [TUL_P_U] = "u",
        [TUL_P_V] = "v",
        [TUL_P_R] = "r",
        [TUL_P_AI] = "ai",
        [TUL_P_REF] = "ref",
        [TUL_P_BIAS] = "bias",
        [TUL_P_LOD] = "lod",
        [TUL_P_DUDX] = "dudx",
        [TUL_P_DUDY] = "dudy",
        [TUL_P_DVDX] = "dvdx",
        [TUL_P_DVDY] = "dvdy",
        [TUL_P_DRDX] = "drdx",
        [TUL_P_DRDY] = "drdy",
        [TUL_P_OFFU] = "offu",
        [TUL_P_OFFV] = "offv",
        [TUL_P_SI] = "si",
        [TUL_P_MCSL] = "mcsl",
        [TUL_P_MCSH] = "mcsh",
        [TUL_P_MCS0] = "mcs0",
        [TUL_P_MCS1] = "mcs1",
        [TUL_P_MCS2] = "mcs2",
        [TUL_P_MCS3] = "mcs3",
        [TUL_P_OFFUVR] = "OffUVR",
        [TUL_P_BIAS_OFFUVR] = "BiasOffUVR",
        [TUL_P_LOD_OFFUVR] = "LodOffUVR",
        [TUL_P_LOD_OFFUV] = "LodOffUV",
        [TUL_P_R_OFFUV] = "OffUV_R",
        [TUL_P_R_OFFUVR] = "OffUVR_R",
        [TUL_P_OFFSETS] = "offsets",
        [TUL_P_SRC] = "src",
        [TUL_P_SRC0] = "src0",
        [TUL_P_SRC1] = "src1",
    };
    return (unsigned)p < TUL_P_COUNT && names[p] ? names[p] : "?";
}

/* --- the data port (vISA spec, GATHER4_TYPED .. DWORD_ATOMIC: formats, atomic ops, text) --- */

/* Exec sizes as masks of 2^n: 8 = bit 3, 16 = bit 4; 1..16 = bits 0..4. Typed messages are
 * SIMD8 up to Xe-LP and SIMD8/16 from XeHP (IGC hasSIMD16TypedRW; TYPED_ATOMIC native width,
 * 16 after PVC); the scaled forms and DWORD_ATOMIC take 1, 2, 4, 8, 16 (GATHER_SCALED's page
 * allows 32, the finalizer asserts <= 16: texunit follows the finalizer). */
#define EXEC_8       (1u << 3)
#define EXEC_8_16    (1u << 3 | 1u << 4)
#define EXEC_1_TO_16 0x1Fu

/* clang-format off */
const tuL_dp_row tuL_dp_rows[] = {
    {TUL_OPCODE_GATHER4_TYPED,   "gather4_typed",   TU_DP_TYPED_READ,     TUL_SUFFIX_CHANNELS, true,  true,  false, 4, {P(U), P(V), P(R), P(LOD)},                   EXEC_8,       EXEC_8_16},
    {TUL_OPCODE_SCATTER4_TYPED,  "scatter4_typed",  TU_DP_TYPED_WRITE,    TUL_SUFFIX_CHANNELS, true,  false, false, 5, {P(U), P(V), P(R), P(LOD), P(SRC)},           EXEC_8,       EXEC_8_16},
    {TUL_OPCODE_TYPED_ATOMIC,    "typed_atomic",    TU_DP_TYPED_ATOMIC,   TUL_SUFFIX_ATOMIC,   true,  true,  false, 6, {P(U), P(V), P(R), P(LOD), P(SRC0), P(SRC1)}, EXEC_8,       EXEC_8_16},
    {TUL_OPCODE_GATHER4_SCALED,  "gather4_scaled",  TU_DP_UNTYPED_READ,   TUL_SUFFIX_CHANNELS, false, true,  true,  1, {P(OFFSETS)},                                EXEC_1_TO_16, EXEC_1_TO_16},
    {TUL_OPCODE_SCATTER4_SCALED, "scatter4_scaled", TU_DP_UNTYPED_WRITE,  TUL_SUFFIX_CHANNELS, false, false, true,  2, {P(OFFSETS), P(SRC)},                        EXEC_1_TO_16, EXEC_1_TO_16},
    {TUL_OPCODE_GATHER_SCALED,   "gather_scaled",   TU_DP_SCATTERED_READ, TUL_SUFFIX_BLOCKS,   false, true,  true,  1, {P(OFFSETS)},                                EXEC_1_TO_16, EXEC_1_TO_16},
    {TUL_OPCODE_SCATTER_SCALED,  "scatter_scaled",  TU_DP_SCATTERED_WRITE,TUL_SUFFIX_BLOCKS,   false, false, true,  2, {P(OFFSETS), P(SRC)},                        EXEC_1_TO_16, EXEC_1_TO_16},
    {TUL_OPCODE_DWORD_ATOMIC,    "dword_atomic",    TU_DP_UNTYPED_ATOMIC, TUL_SUFFIX_ATOMIC,   false, true,  false, 3, {P(OFFSETS), P(SRC0), P(SRC1)},               EXEC_1_TO_16, EXEC_1_TO_16},
};

/* code, text, engine op, typed, XeHP+ only, src0/src1 swapped (IGC swaps CMPXCHG's
 * operands into the hardware's (compare, new) order and passes FCMPWR as it is), and the
 * hardware op (IGC Get_Atomic_Op: AOP 1..15; float ops 1..5) */
const tuL_atomic_row tuL_atomic_rows[] = {
    {0x00, "add",     TU_ATOMIC_ADD,      true,  false, false,  7},
    {0x01, "sub",     TU_ATOMIC_SUB,      true,  false, false,  8},
    {0x02, "inc",     TU_ATOMIC_INC,      true,  false, false,  5},
    {0x03, "dec",     TU_ATOMIC_DEC,      true,  false, false,  6},
    {0x04, "min",     TU_ATOMIC_UMIN,     true,  false, false, 13},
    {0x05, "max",     TU_ATOMIC_UMAX,     true,  false, false, 12},
    {0x06, "xchg",    TU_ATOMIC_XCHG,     true,  false, false,  4},
    {0x07, "cmpxchg", TU_ATOMIC_CMPXCHG,  true,  false, true,  14},
    {0x08, "and",     TU_ATOMIC_AND,      true,  false, false,  1},
    {0x09, "or",      TU_ATOMIC_OR,       true,  false, false,  2},
    {0x0A, "xor",     TU_ATOMIC_XOR,      true,  false, false,  3},
    {0x0B, "minsint", TU_ATOMIC_IMIN,     true,  false, false, 11},
    {0x0C, "maxsint", TU_ATOMIC_IMAX,     true,  false, false, 10},
    {0x0D, "predec",  TU_ATOMIC_PREDEC,   true,  false, false, 15},
    {0x10, "fmax",    TU_ATOMIC_FMAX,     false, false, false,  1},
    {0x11, "fmin",    TU_ATOMIC_FMIN,     false, false, false,  2},
    {0x12, "fcmpwr",  TU_ATOMIC_FCMPXCHG, false, false, false,  3},
    {0x13, "fadd",    TU_ATOMIC_FADD,     false, true,  false,  4},
    {0x14, "fsub",    TU_ATOMIC_FSUB,     false, true,  false,  5},
};
/* clang-format on */

const unsigned tuL_dp_row_count = sizeof tuL_dp_rows / sizeof tuL_dp_rows[0];
const unsigned tuL_atomic_row_count = sizeof tuL_atomic_rows / sizeof tuL_atomic_rows[0];

/* The legacy data port's op names by message control 3:0 (Mesa brw_eu_defines.h, BRW_AOP_*;
 * fsub as the table above): integer ops, and the float ops of message type 0x1B. */
static const char *const aop_names[2][16] = {{NULL, "and", "or", "xor", "mov", "inc", "dec", "add",
                                              "sub", "revsub", "imax", "imin", "umax", "umin",
                                              "cmpwr", "predec"},
                                             {NULL, "fmax", "fmin", "fcmpwr", "fadd", "fsub"}};

const char *tuL_aop_name(uint32_t aop, bool is_float) {
    const char *name = aop < 16 ? aop_names[is_float][aop] : NULL;
    return name ? name : "reserved";
}

const tuL_dp_row *tuL_dp_by_opcode(uint8_t opcode) {
    for (unsigned i = 0; i < tuL_dp_row_count; i++)
        if (tuL_dp_rows[i].opcode == opcode) return &tuL_dp_rows[i];
    return NULL;
}

const tuL_dp_row *tuL_dp_by_name(const char *mnemonic) {
    for (unsigned i = 0; i < tuL_dp_row_count; i++)
        if (strcmp(tuL_dp_rows[i].mnemonic, mnemonic) == 0) return &tuL_dp_rows[i];
    return NULL;
}

const tuL_atomic_row *tuL_atomic_by_code(uint8_t code) {
    for (unsigned i = 0; i < tuL_atomic_row_count; i++)
        if (tuL_atomic_rows[i].code == code) return &tuL_atomic_rows[i];
    return NULL;
}

const tuL_atomic_row *tuL_atomic_by_text(const char *text) {
    for (unsigned i = 0; i < tuL_atomic_row_count; i++)
        if (strcmp(tuL_atomic_rows[i].text, text) == 0) return &tuL_atomic_rows[i];
    return NULL;
}

/* --- LSC (vISA spec, LSC_UNTYPED and LSC_TYPED, the operation tables) ------------- */

#define LSC(code, name, kind, atomic, typed) \
    { code, name, TUL_LSC_##kind, TU_ATOMIC_##atomic, typed, false }
#define LSC_BF16(code, name, atomic) \
    { code, name, TUL_LSC_ATOMIC, TU_ATOMIC_##atomic, false, true }

/* clang-format off */
const tuL_lsc_row tuL_lsc_rows[] = {
    LSC(0x00, "load",               LOAD,       ADD,      false),
    LSC(0x01, "load_strided",       LOAD_STRIDED, ADD,    false),
    LSC(0x02, "load_quad",          LOAD_QUAD,  ADD,      true),
    LSC(0x03, "load_block2d",       LOAD_BLOCK2D, ADD,    true),
    LSC(0x04, "store",              STORE,      ADD,      false),
    LSC(0x05, "store_strided",      STORE_STRIDED, ADD,   false),
    LSC(0x06, "store_quad",         STORE_QUAD, ADD,      true),
    LSC(0x07, "store_block2d",      STORE_BLOCK2D, ADD,   true),
    LSC(0x08, "atomic_iinc",        ATOMIC,     INC,      true),
    LSC(0x09, "atomic_idec",        ATOMIC,     DEC,      true),
    LSC(0x0A, "atomic_load",        ATOMIC,     LOAD,     true),
    LSC(0x0B, "atomic_store",       ATOMIC,     STORE,    true),
    LSC(0x0C, "atomic_iadd",        ATOMIC,     ADD,      true),
    LSC(0x0D, "atomic_isub",        ATOMIC,     SUB,      true),
    LSC(0x0E, "atomic_smin",        ATOMIC,     IMIN,     true),
    LSC(0x0F, "atomic_smax",        ATOMIC,     IMAX,     true),
    LSC(0x10, "atomic_umin",        ATOMIC,     UMIN,     true),
    LSC(0x11, "atomic_umax",        ATOMIC,     UMAX,     true),
    LSC(0x12, "atomic_icas",        ATOMIC,     CMPXCHG,  true),
    LSC(0x13, "atomic_fadd",        ATOMIC,     FADD,     true),
    LSC(0x14, "atomic_fsub",        ATOMIC,     FSUB,     true),
    LSC(0x15, "atomic_fmin",        ATOMIC,     FMIN,     true),
    LSC(0x16, "atomic_fmax",        ATOMIC,     FMAX,     true),
    LSC(0x17, "atomic_fcas",        ATOMIC,     FCMPXCHG, true),
    LSC(0x18, "atomic_and",         ATOMIC,     AND,      true),
    LSC(0x19, "atomic_or",          ATOMIC,     OR,       true),
    LSC(0x1A, "atomic_xor",         ATOMIC,     XOR,      true),
    LSC(0x1B, "load_status",        OTHER,      ADD,      true),
    LSC(0x1C, "store_uncompressed", OTHER,      ADD,      true),
    LSC(0x1D, "ccs_update",         OTHER,      ADD,      false),
    LSC(0x1E, "read_state_info",    OTHER,      ADD,      true),
    LSC(0x1F, "fence",              FENCE,      ADD,      false), /* opcode LSC_FENCE 0x8B */
    /* the bfloat16 atomics, untyped only (IGC IsaDescription.cpp, LscUntypedSubOpcodeDescs) */
    LSC_BF16(0x21, "atomic_bfadd", FADD),
    LSC_BF16(0x22, "atomic_bfsub", FSUB),
    LSC_BF16(0x23, "atomic_bfmin", FMIN),
    LSC_BF16(0x24, "atomic_bfmax", FMAX),
    LSC_BF16(0x25, "atomic_bfcas", FCMPXCHG),
    LSC(0x28, "apndctr_atomic_add", OTHER,      ADD,      false),
    LSC(0x29, "apndctr_atomic_sub", OTHER,      ADD,      false),
    LSC(0x2A, "apndctr_atomic_store", OTHER,    ADD,      false),
};
/* clang-format on */

const unsigned tuL_lsc_row_count = sizeof tuL_lsc_rows / sizeof tuL_lsc_rows[0];

const tuL_lsc_row *tuL_lsc_by_subop(uint8_t subop) {
    for (unsigned i = 0; i < tuL_lsc_row_count; i++)
        if (tuL_lsc_rows[i].subop == subop) return &tuL_lsc_rows[i];
    return NULL;
}

const tuL_lsc_row *tuL_lsc_by_name(const char *name) {
    for (unsigned i = 0; i < tuL_lsc_row_count; i++)
        if (strcmp(tuL_lsc_rows[i].name, name) == 0) return &tuL_lsc_rows[i];
    return NULL;
}

/* IGC's LSC_SFID, LSC_CACHE_OPT, LSC_ADDR_TYPE, LSC_DATA_SIZE and LSC_DATA_ELEMS, whose values
 * the vISA binary stores (vISA spec, LSC_UNTYPED; IGC static_asserts
 * them). */
const char *const tuL_lsc_sfid_names[4] = {"ugm", "ugml", "tgm", "slm"};
const char *const tuL_lsc_cache_names[8] = {"df", "uc", "ca", "wb", "wt", "st", "ri", "cc"};
const char *const tuL_lsc_addr_type_names[7] = {NULL, "flat", "bss", "ss", "bti", "arg", "surf"};
const char *const tuL_lsc_data_size_names[8] = {NULL,  "d8",    "d16",    "d32",
                                                "d64", "d8u32", "d16u32", "d16u32h"};
const uint8_t tuL_lsc_elems[9] = {0, 1, 2, 3, 4, 8, 16, 32, 64};
