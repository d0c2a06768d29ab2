/* SPDX-License-Identifier: MIT */
/*
 * visa_internal.h - what the vISA front end's files share.
 */
#ifndef TEXUNIT_VISA_INTERNAL_H
#define TEXUNIT_VISA_INTERNAL_H

#include "texunit/visa.h"

#include "../base/base.h"
#include "../lower/intel_ops.h"

/* The predefined general variables V0..V21 by name (IGC IsaDisassembly.cpp and CISA.y), and the
 * predefined surfaces T0..T5 (IGC Common_ISA_util.cpp vISAPreDefSurf). */
enum { TUV_FIRST_USER_VAR = 32, TUV_FIRST_USER_SURFACE = 6, TUV_BINDLESS_SAMPLER = 31 };
extern const char *const tuV_predef_vars[22];
extern const char *const tuV_predef_surfaces[6];

/* The Intel op row of an instruction (NULL when its opcode/sub-op has none). */
const tuL_op *tuV_inst_op(const tu_visa_inst *inst);

/* The exec-size byte's size code for 8, 16, 32: 3, 4, 5 (and the reverse); 0 / -1 if none. */
uint8_t tuV_exec_code(uint32_t exec_size);
int tuV_exec_from_code(uint8_t code);

/* Names as the text reads them, so that print(parse(x)) always parses back (text.c parses,
 * print.c refuses a kernel whose names it could not print). A variable name is
 * [A-Za-z_%$][A-Za-z0-9_%$]*. A kernel name is printed quoted, so it may hold any text
 * character but '"' (IGC's string literal has no escapes); unquoted it also has no blanks. */
bool tuV_is_name_char(char ch, bool first);
bool tuV_is_kernel_name_char(char ch);
/* TU_OK, or TU_INVALID_ARGUMENT naming what (e.g. "variable 3 name") and the bad character. */
tu_status tuV_check_name(const char *name, bool kernel, const char *what, tu_error *err);

/* tu_visa_validate for an instruction of kernel k, naming k's variables in its messages
 * (the text parser and the executor; tu_visa_validate and the binary codec say V<id>). */
tu_status tuV_validate_in(const tu_visa_kernel *k, const tu_visa_inst *inst,
                          tu_visa_platform platform, tu_error *err);

/* The data-port row of an instruction (NULL for the sampler and media opcodes). */
const tuL_dp_row *tuV_inst_dp(const tu_visa_inst *inst);

/* The data port's exec-size code: log2 of 1, 2, 4, 8, 16, 32 (0..5); -1 for other sizes. */
int tuV_dp_exec_code(uint32_t exec_size);

/* Place the kernel's general variables in the GRF file (sets grf_offset, grf_bytes_used). */
tu_status tuV_place_vars(tu_visa_kernel *k, tu_error *err);

#endif /* TEXUNIT_VISA_INTERNAL_H */
