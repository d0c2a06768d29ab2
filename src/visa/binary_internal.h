/* SPDX-License-Identifier: MIT */
/*
 * binary_internal.h - the field layouts of the five sampler and surface instructions, shared
 * by the binary codec (binary.c) and the validator (validate.c).
 *
 * A layout lists an opcode's fields in vISA 4.1 binary order (IGC ByteCodeReaderNG.cpp,
 * readInstructionSampler / readInstructionDataportNG). The codec walks it to write and read
 * bytes. The validator reads it to learn which tu_visa_inst fields an opcode has: a field
 * that is not in the layout must be zero, so every instruction that validates has exactly
 * one encoding and decode(encode(x)) == x.
 */
#ifndef TEXUNIT_VISA_BINARY_INTERNAL_H
#define TEXUNIT_VISA_BINARY_INTERNAL_H

#include "visa_internal.h"

#include <stddef.h>

typedef enum tuV_field {
    TUV_F_END = 0,      /* ends a layout */
    TUV_F_OP_WORD,      /* UW: bits 7:0 sub-op, then the flags of tuV_op_flags */
    TUV_F_SUBOP,        /* UB sub-op (3D_INFO) */
    TUV_F_EXEC,         /* UB: bits 3:0 size code 3/4/5, bits 7:4 emask */
    TUV_F_PRED,         /* UW (readPredicateOperandNG) */
    TUV_F_CHANNELS,     /* UB: RGBA mask, or gather4's single channel */
    TUV_F_AOFFIMMI,     /* vector operand (readVectorOperandNG), an immediate UW */
    TUV_F_SAMPLER,      /* UB sampler index */
    TUV_F_SURFACE,      /* UB surface index */
    TUV_F_INFO_PARAMS,  /* 3D_INFO: the op row's nparams raw operands, no count (resinfo's lod) */
    TUV_F_DST,          /* raw operand (readRawOperandNG) */
    TUV_F_PARAMS,       /* UB NumParams, then that many raw operands */
    TUV_F_MEDIA_MOD,    /* UB */
    TUV_F_PLANE,        /* UB */
    TUV_F_BLOCK_WIDTH,  /* UB, bytes */
    TUV_F_BLOCK_HEIGHT, /* UB, rows */
    TUV_F_X,            /* vector operand, scalar */
    TUV_F_Y,            /* vector operand, scalar */
    /* the data port (vISA spec, GATHER4_TYPED .. DWORD_ATOMIC) */
    TUV_F_DP_EXEC,       /* UB: bits 3:0 size code 0..5 (1..32 lanes), bits 7:4 emask */
    TUV_F_ATOMIC_OP,     /* UB: bits 4:0 vISA atomic op, bit 5 16-bit, bit 6 64-bit */
    TUV_F_SCALE,         /* UW, ignored by IGC: 0 */
    TUV_F_BLOCK_SIZE,    /* UB, ignored by IGC (always one byte, GATHER_SCATTER_BYTE): 0 */
    TUV_F_NUM_BLOCKS,    /* UB: 0, 1, 2 = 1, 2, 4 blocks */
    TUV_F_GLOBAL_OFFSET, /* vector operand, a UD scalar */
    TUV_F_DP_RAW,        /* the data-port row's raw operands, no count */
    /* LSC (vISA spec, LSC_UNTYPED and LSC_TYPED; IGC's reader readInstructionLscUntyped/Typed) */
    TUV_F_LSC_SUBOP,      /* UB: the LSC op */
    TUV_F_LSC_SFID,       /* UB (LSC_UNTYPED) */
    TUV_F_LSC_CACHE,      /* UB L1, UB L3 */
    TUV_F_LSC_ADDR,       /* LSC_UNTYPED: UB type, UW scale, D offset, UB size */
    TUV_F_LSC_ADDR_TYPED, /* LSC_TYPED: UB type, UB size */
    TUV_F_LSC_DATA,       /* UB size, UB order, UB elements, UB channel mask */
    TUV_F_LSC_SURFACE,    /* vector operand, then UD surface-state index */
    TUV_F_LSC_RAW,        /* untyped: src0 src1 src2; typed: U D V D R D LOD src1 src2 */
    TUV_F_LSC_FENCE,      /* LSC_FENCE: UB SFID, UB fence op, UB scope */
    TUV_F_COUNT
} tuV_field;

enum { TUV_MAX_FIELDS = 10 };
_Static_assert(TUV_F_COUNT <= 64, "tuV_layout_mask holds a field per bit of 64");

typedef struct tuV_layout {
    uint8_t opcode;                     /* named by tuL_opcode_name */
    bool block2d;                       /* LSC_UNTYPED's 2D block form */
    uint8_t fields[TUV_MAX_FIELDS + 1]; /* tuV_field, ending with TUV_F_END */
} tuV_layout;

/* The layout of an opcode (LSC_UNTYPED: its load, store and atomic form); NULL when texunit has
 * none. tuV_layout_for: the layout of the instruction's form (LSC_UNTYPED's 2D blocks lay out
 * otherwise). */
const tuV_layout *tuV_layout_of(uint8_t opcode);
const tuV_layout *tuV_layout_for(const tu_visa_inst *inst);
bool tuV_layout_has(const tuV_layout *layout, tuV_field field);
/* The layout's fields as a mask: bit f set when field f is in it (one walk, then O(1) tests). */
uint64_t tuV_layout_mask(const tuV_layout *layout);

/* The flags of the Op word (vISA spec, 3D_SAMPLE "Op(uw)") and the
 * tu_visa_inst bool each one sets. Bits of the word that no row names are reserved and must be
 * zero. */
typedef struct tuV_op_flag {
    const char *name; /* as the text writes it */
    uint16_t bit;
    size_t member; /* offsetof the bool in tu_visa_inst */
} tuV_op_flag;

enum { TUV_OP_FLAG_COUNT = 3, TUV_OP_WORD_SUBOP_MASK = 0x00FF };

/* The atomic op byte's width bits (vISA spec, GATHER4_TYPED .. DWORD_ATOMIC). */
enum { TUV_ATOMIC_16BIT = 1u << 5, TUV_ATOMIC_64BIT = 1u << 6 };
extern const tuV_op_flag tuV_op_flags[TUV_OP_FLAG_COUNT];

bool tuV_op_flag_get(const tu_visa_inst *inst, const tuV_op_flag *flag);
void tuV_op_flag_set(tu_visa_inst *inst, const tuV_op_flag *flag, bool value);

/* The opcode and sub-op checks of tu_visa_validate, for the decoder to call as soon as it
 * has read them: the opcode has a layout; (opcode, subop) has a row in the Intel op table
 * (the UW row of load_2dms_w when uw_params); the platform executes it. Sets *row (NULL for
 * MEDIA_LD, which has no row). */
tu_status tuV_check_op(uint8_t opcode, uint8_t subop, bool uw_params, tu_visa_platform platform,
                       const tuL_op **row, tu_error *err);

/* LSC (lsc.c): the LSC row of an instruction (NULL for other opcodes), one field's rules,
 * and the instruction's name ("lsc_load_quad.tgm"). */
const tuL_lsc_row *tuV_inst_lsc(const tu_visa_inst *inst);
tu_status tuV_check_lsc_field(const tu_visa_inst *in, tuV_field f, const char *op,
                              tu_visa_platform platform, tu_error *err);
void tuV_lsc_op_name(const tu_visa_inst *in, char *buf, size_t size);
/* The row is a 2D block load or store / a strided one / a store of any form. */
bool tuV_lsc_block2d(const tuL_lsc_row *row);
bool tuV_lsc_strided(const tuL_lsc_row *row);
bool tuV_lsc_store(const tuL_lsc_row *row);

/* tu_visa_validate, also handing back the instruction's op row (NULL for MEDIA_LD). */
tu_status tuV_validate(const tu_visa_inst *inst, tu_visa_platform platform, const tuL_op **row,
                       tu_error *err);

#endif /* TEXUNIT_VISA_BINARY_INTERNAL_H */
