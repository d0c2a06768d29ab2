/*
 * intel_ops.h - the Intel op table: what the hardware fixes about each sampler operation.
 *
 * One row per vISA sub-op (which equals the hardware message type, notes/intel-sampler.md
 * §2): its opcode, the engine op it executes, its text mnemonic, its payload parameters in
 * the seed's order (spec/visa-3d-sample.md, visa-3d-load.md, visa-3d-sample4.md,
 * visa-3d-info.md) and its parameter type class. The vISA parser, printer, binary codec,
 * validator and executor read it, and so will the payload builder of lower/ (DESIGN.md §3);
 * nobody keeps a private list of ops.
 */
#ifndef TEXUNIT_INTEL_OPS_H
#define TEXUNIT_INTEL_OPS_H

#include "texunit/sampler.h"

#include <stdint.h>

/* The vISA opcodes of the sampler and surface instructions (notes/visa-encoding.md §2). */
enum {
    TUL_OPCODE_MEDIA_LD = 0x37,
    TUL_OPCODE_3D_SAMPLE = 0x6D,
    TUL_OPCODE_3D_LOAD = 0x6E,
    TUL_OPCODE_3D_GATHER4 = 0x6F,
    TUL_OPCODE_3D_INFO = 0x70
};

/* A payload parameter: an engine source, or one of the packed forms that carry offsets in
 * the low 12 bits of a 32-bit parameter (notes/intel-sampler.md §4.4; docs/semantics.md). */
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
    TUL_F_CPS = 1u << 0,    /* may take .cps (notes/visa-encoding.md §5, IGC checkCPSEnable) */
    TUL_F_PRE_XE2 = 1u << 1 /* the sub-op means another op on Xe2+ (notes §2.1) */
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

/* The name of a parameter, as the seed writes it ("u", "dudx", "biasOff"...). */
const char *tuL_param_name(tuL_param p);

#endif /* TEXUNIT_INTEL_OPS_H */
