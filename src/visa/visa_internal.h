/*
 * visa_internal.h - what the vISA front end's files share.
 */
#ifndef TEXUNIT_VISA_INTERNAL_H
#define TEXUNIT_VISA_INTERNAL_H

#include "texunit/visa.h"

#include "../base/base.h"
#include "../lower/intel_ops.h"

/* The predefined general variables V0..V21 by name (notes/visa-encoding.md §3.3), and the
 * predefined surfaces T0..T5 (§4). */
enum { TUV_FIRST_USER_VAR = 32, TUV_FIRST_USER_SURFACE = 6, TUV_BINDLESS_SAMPLER = 31 };
extern const char *const tuV_predef_vars[22];
extern const char *const tuV_predef_surfaces[6];

/* The Intel op row of an instruction (NULL when its opcode/sub-op has none). */
const tuL_op *tuV_inst_op(const tu_visa_inst *inst);

/* The exec-size byte's size code for 8, 16, 32: 3, 4, 5 (and the reverse); 0 / -1 if none. */
uint8_t tuV_exec_code(uint32_t exec_size);
int tuV_exec_from_code(uint8_t code);

/* The data-port row of an instruction (NULL for the sampler and media opcodes). */
const tuL_dp_row *tuV_inst_dp(const tu_visa_inst *inst);

/* The data port's exec-size code: log2 of 1, 2, 4, 8, 16, 32 (0..5); -1 for other sizes. */
int tuV_dp_exec_code(uint32_t exec_size);

/* Place the kernel's general variables in the GRF file (sets grf_offset, grf_bytes_used). */
tu_status tuV_place_vars(tu_visa_kernel *k, tu_error *err);

#endif /* TEXUNIT_VISA_INTERNAL_H */
