/* SPDX-License-Identifier: MIT */
/*
 * types.c - vISA element types, platforms, predefined names, and the instruction -> op-table
 * row mapping every part of the front end uses.
 */
#include "visa_internal.h"

static const struct {
    const char *name;
    uint8_t size;
} types[TU_VISA_TYPE_COUNT] = {
    /* CISATypeTable order (IGC visa_igc_common_header.h, VISA_Type) */
    [TU_VISA_UD] = {"ud", 4}, [TU_VISA_D] = {"d", 4},       [TU_VISA_UW] = {"uw", 2},
    [TU_VISA_W] = {"w", 2},   [TU_VISA_UB] = {"ub", 1},     [TU_VISA_B] = {"b", 1},
    [TU_VISA_DF] = {"df", 8}, [TU_VISA_F] = {"f", 4},       [TU_VISA_V] = {"v", 4},
    [TU_VISA_VF] = {"vf", 4}, [TU_VISA_BOOL] = {"bool", 1}, [TU_VISA_UQ] = {"uq", 8},
    [TU_VISA_UV] = {"uv", 4}, [TU_VISA_Q] = {"q", 8},       [TU_VISA_HF] = {"hf", 2},
    [TU_VISA_BF] = {"bf", 2},
};

const char *tu_visa_type_name(tu_visa_type t) {
    return (unsigned)t < TU_VISA_TYPE_COUNT ? types[t].name : NULL;
}

uint32_t tu_visa_type_size(tu_visa_type t) {
    return (unsigned)t < TU_VISA_TYPE_COUNT ? types[t].size : 0;
}

uint32_t tu_visa_grf_bytes(tu_visa_platform p) {
    return p == TU_VISA_XE2 ? 64 : 32;
}

const char *const tuV_predef_vars[22] = {"%null",
                                         "%thread_x",
                                         "%thread_y",
                                         "%group_id_x",
                                         "%group_id_y",
                                         "%group_id_z",
                                         "%tsc",
                                         "%r0",
                                         "%arg",
                                         "%retval",
                                         "%sp",
                                         "%fp",
                                         "%hw_id",
                                         "%sr0",
                                         "%cr0",
                                         "%ce0",
                                         "%dbg0",
                                         "%color",
                                         "%impl_arg_buf_ptr",
                                         "%local_id_buf_ptr",
                                         "%msg0",
                                         "%scratchloc"};

const char *const tuV_predef_surfaces[6] = {"%slm", "T1", "T2", "TSS", "%bss", "%scratch"};

const tuL_op *tuV_inst_op(const tu_visa_inst *inst) {
    if (inst->opcode == TUL_OPCODE_MEDIA_LD) return NULL;
    return tuL_op_by_code(inst->opcode, inst->subop,
                          inst->uw_params ? TUL_PC_INT_UW : TUL_PC_INT_UD);
}

uint8_t tuV_exec_code(uint32_t exec_size) {
    return exec_size == 8 ? 3 : exec_size == 16 ? 4 : exec_size == 32 ? 5 : 0;
}

int tuV_exec_from_code(uint8_t code) {
    return code == 3 ? 8 : code == 4 ? 16 : code == 5 ? 32 : -1;
}

bool tuV_is_name_char(char ch, bool first) {
    const bool letter = (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z');
    return letter || ch == '_' || ch == '%' || ch == '$' || (!first && ch >= '0' && ch <= '9');
}

bool tuV_is_kernel_name_char(char ch) {
    const unsigned char c = (unsigned char)ch;
    return (c >= 0x20 && c != 0x7f && c != '"') || c == '\t';
}

tu_status tuV_check_name(const char *name, bool kernel, const char *what, tu_error *err) {
    for (size_t i = 0; name[i]; i++)
        if (kernel ? !tuV_is_kernel_name_char(name[i]) : !tuV_is_name_char(name[i], i == 0))
            return tuB_fail(err, TU_INVALID_ARGUMENT, "%s '%s' has character 0x%02x at %zu: %s",
                            what, name, (unsigned char)name[i], i,
                            kernel ? "a kernel name is printed quoted and cannot hold '\"' or a "
                                     "control character"
                                   : "a variable name is [A-Za-z_%$][A-Za-z0-9_%$]*");
    TU_RETURN_IF(!name[0], err, TU_INVALID_ARGUMENT, "%s is empty", what);
    return TU_OK;
}

int tuV_dp_exec_code(uint32_t exec_size) {
    for (int code = 0; code <= 5; code++)
        if (exec_size == 1u << code) return code;
    return -1;
}

const tuL_dp_row *tuV_inst_dp(const tu_visa_inst *inst) {
    return tuL_dp_by_opcode(inst->opcode);
}
