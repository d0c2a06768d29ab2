/* SPDX-License-Identifier: MIT */
/*
 * dp_send.c - the data-port `send` / `sends`: a physical surface message (descriptor,
 * extended descriptor, src0 and, for a split send, src1) executed against a binding table,
 * writes landing in the surfaces' memory, the response written as GRFs. As for the sampler
 * send (send.c), lower/ decodes, the engine runs, and this front end owns the registers.
 */
#include "visa_internal.h"

#include <stdlib.h>
#include <string.h>

tu_status tu_dp_send_execute(const tu_dp_send *s, const tu_target *t, const tu_send_tables *tables,
                             const bool *writable, uint8_t *response, size_t response_size,
                             tu_error *err) {
    TU_RETURN_IF(!s || !t || !tables, err, TU_INVALID_ARGUMENT,
                 "send, target and tables must not be NULL");
    tu_dp_lmsg *d = malloc(sizeof *d);
    tu_reply *r = malloc(sizeof *r);
    tu_status st = d && r ? TU_OK : tuB_fail(err, TU_OUT_OF_MEMORY, "out of memory");
    uint32_t rlen = 0;
    if (st == TU_OK) st = tu_dp_lower_decode(s, t, d, &rlen, err);
    if (st == TU_OK && rlen && (!response || response_size < (size_t)rlen * t->grf_bytes))
        st = tuB_fail(err, TU_OUT_OF_RANGE,
                      "the response needs %u GRFs (%u bytes), but %zu bytes were given", rlen,
                      rlen * t->grf_bytes, response ? response_size : 0);
    const tu_surface *surface = NULL;
    if (st == TU_OK) {
        surface = tables->binding_table && d->surface < tables->binding_count
                      ? tables->binding_table[d->surface]
                      : NULL;
        if (!surface)
            st = tuB_fail(err, TU_INVALID_ARGUMENT,
                          "binding-table index %u (descriptor) has no surface", d->surface);
    }
    if (st == TU_OK) {
        const bool w = writable && writable[d->surface];
        st = tu_dp_execute(&d->msg, surface, TU_DP_ACCESS_READ | (w ? TU_DP_ACCESS_WRITE : 0), r,
                           err);
    }
    if (st == TU_OK) st = tu_dp_response_write(d, t, r, response, response_size, err);
    free(r);
    free(d);
    return st;
}

tu_status tu_visa_dataport_message(const tu_visa_inst *inst, uint32_t surface, tu_dp_lmsg *out,
                                   tu_error *err) {
    TU_RETURN_IF(!inst || !out, err, TU_INVALID_ARGUMENT,
                 "instruction and message must not be NULL");
    const tuL_dp_row *dp = tuV_inst_dp(inst);
    TU_RETURN_IF(!dp, err, TU_INVALID_ARGUMENT,
                 "opcode 0x%02X is not a legacy data-port instruction", inst->opcode);
    TU_TRY(tu_visa_validate(inst, TU_VISA_XE2, err) == TU_OK
               ? TU_OK
               : tu_visa_validate(inst, TU_VISA_XE_LP, err));
    memset(out, 0, sizeof *out);
    tu_dp_msg *m = &out->msg;
    const tuL_atomic_row *a = tuL_atomic_by_code(inst->atomic_op);
    m->op = (tu_dp_op)dp->op;
    m->simd = inst->exec_size;
    m->lane_mask = inst->exec_size == 32 ? 0xffffffffu : (1u << inst->exec_size) - 1;
    m->channel_mask = dp->suffix == TUL_SUFFIX_CHANNELS ? inst->channels : 0;
    m->atomic = dp->suffix == TUL_SUFFIX_ATOMIC && a ? a->atomic : 0;
    m->bytes = 1u << (inst->num_blocks & 3);
    out->surface = surface;
    out->no_response = dp->suffix == TUL_SUFFIX_ATOMIC && inst->dst.id == 0;
    if (dp->typed)
        for (unsigned i = 0; i < 4; i++)
            if (inst->params[i].id) out->dims = i + 1;
    if (dp->typed && !out->dims) out->dims = 1; /* u is read even when %null */
    return TU_OK;
}
