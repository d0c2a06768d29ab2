/*
 * dp_send.c - the data-port `send` / `sends`: a physical surface message (descriptor,
 * extended descriptor, src0 and, for a split send, src1) executed against a binding table,
 * writes landing in the surfaces' memory, the response written as GRFs. As for the sampler
 * send (send.c), lower/ decodes, the engine runs, and this front end owns the registers.
 */
#include "texunit/visa.h"

#include "../base/base.h"

#include <stdlib.h>

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
