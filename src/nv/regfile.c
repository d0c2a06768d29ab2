/* SPDX-License-Identifier: MIT */
/*
 * regfile.c - a warp's registers: R0..R254 and the zero register RZ (255) per thread, and
 * the predicates P0..P6 and the true predicate PT (7). RZ reads 0 and PT reads 1; writes to
 * either are dropped (the brief of the NVIDIA front end; Ryujinx and envydis treat 255 and 7
 * the same way).
 */
#include "nv_internal.h"

uint32_t tu_nv_reg_read(const tu_nv_regs *regs, unsigned lane, unsigned reg) {
    if (!regs || lane >= regs->lanes || lane >= TU_MAX_LANES || reg >= TU_NV_REGS) return 0;
    return regs->r[lane][reg];
}

tu_status tu_nv_reg_write(tu_nv_regs *regs, unsigned lane, unsigned reg, uint32_t value,
                          tu_error *err) {
    TU_RETURN_IF(!regs, err, TU_INVALID_ARGUMENT, "register file must not be NULL");
    TU_RETURN_IF(lane >= regs->lanes || lane >= TU_MAX_LANES, err, TU_INVALID_ARGUMENT,
                 "lane %u is outside the warp's %u threads", lane, regs->lanes);
    TU_RETURN_IF(reg > TU_NV_RZ, err, TU_INVALID_ARGUMENT,
                 "register R%u is not one of R0..R254 or RZ (255)", reg);
    if (reg != TU_NV_RZ) regs->r[lane][reg] = value;
    return TU_OK;
}

bool tu_nv_pred_read(const tu_nv_regs *regs, unsigned lane, unsigned pred) {
    if (!regs || lane >= regs->lanes || lane >= TU_MAX_LANES || pred > TU_NV_PT) return false;
    return pred == TU_NV_PT || (regs->p[lane] >> pred & 1);
}

tu_status tu_nv_pred_write(tu_nv_regs *regs, unsigned lane, unsigned pred, bool value,
                           tu_error *err) {
    TU_RETURN_IF(!regs, err, TU_INVALID_ARGUMENT, "register file must not be NULL");
    TU_RETURN_IF(lane >= regs->lanes || lane >= TU_MAX_LANES, err, TU_INVALID_ARGUMENT,
                 "lane %u is outside the warp's %u threads", lane, regs->lanes);
    TU_RETURN_IF(pred > TU_NV_PT, err, TU_INVALID_ARGUMENT,
                 "predicate P%u is not one of P0..P6 or PT (7)", pred);
    if (pred != TU_NV_PT)
        regs->p[lane] = (uint8_t)((regs->p[lane] & ~(1u << pred)) | (unsigned)value << pred);
    return TU_OK;
}
