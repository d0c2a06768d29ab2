/* SPDX-License-Identifier: MIT */
/*
 * send.c - the sampler `send`: a physical message (descriptor, extended descriptor, header
 * and parameter GRFs) executed against a binding table and a sampler-state heap, its
 * response written as GRFs. The Intel front end owns it: lower/ decodes the
 * message into a logical one (tu_lower_decode), the engine runs it, and the response is
 * laid out as vISA spec, 3D_SAMPLE, Dst says (tu_lower_response_write).
 *
 * State lookup (docs/lowering.md "The sampler send"): BTI 252 names the bindless surface
 * whose handle is ex_desc bits 31:12, any other BTI the binding table's entry. The sampler
 * state is read at heap address header DW3 + 16 * desc sampler index (Mesa
 * brw_lower_logical_sends.cpp, lower_sampler_logical_send, the header's DW3: SAMPLER_STATE is
 * 16 bytes); a bindless entry with that address wins, else the sampler-state table's entry
 * address / 16, unless DW3 bit 0 (Gfx11+) puts the handle in the bindless sampler heap (Mesa
 * brw_compiler.h, use_bindless_sampler_offset): then only the bindless entries. Loads and
 * queries read no sampler state.
 */
#include "texunit/visa.h"

#include "../base/base.h"
#include "../lower/lower_internal.h"

#include <string.h>

static const tu_surface *find_surface(const tu_send_decoded *d, const tu_send_tables *tb) {
    if (d->msg.flags & TU_LMSG_BINDLESS_SURFACE) {
        for (uint32_t i = 0; tb->bindless && i < tb->bindless_count; i++)
            if (tb->bindless[i].surface && tb->bindless[i].handle == d->msg.surface)
                return tb->bindless[i].surface;
        return NULL;
    }
    return tb->binding_table && d->msg.surface < tb->binding_count
               ? tb->binding_table[d->msg.surface]
               : NULL;
}

static const tu_sampler *find_sampler(const tu_send_decoded *d, const tu_send_tables *tb) {
    for (uint32_t i = 0; tb->bindless && i < tb->bindless_count; i++)
        if (tb->bindless[i].sampler && tb->bindless[i].handle == d->sampler_address)
            return tb->bindless[i].sampler;
    if (d->bindless_sampler_heap) return NULL; /* DW3 bit 0: the bindless heap only */
    const uint32_t index = d->sampler_address / 16;
    return tb->sampler_states && d->sampler_address % 16 == 0 && index < tb->sampler_count
               ? tb->sampler_states[index]
               : NULL;
}

tu_status tu_send_execute(const tu_send *s, const tu_target *t, const tu_send_tables *tables,
                          uint8_t *response, size_t response_size, tu_error *err) {
    TU_RETURN_IF(!s || !t || !tables, err, TU_INVALID_ARGUMENT,
                 "send, target and tables must not be NULL");
    /* The decoded message and the reply live on the stack; per send, only what the engine
     * reads of the message is zeroed (tuL_decode), and of the reply the channels the
     * response carries. */
    _Alignas(64) tu_send_decoded decoded; /* its message on whole cache lines (sampler.h) */
    tu_send_decoded *d = &decoded;
    tu_status st = tuL_sampler_target(t, err);
    if (st == TU_OK) st = tuL_decode(s, t, d, err);
    const uint32_t grf = t->grf_bytes;
    if (st == TU_OK && d->rlen && (!response || response_size < (size_t)d->rlen * grf))
        st = tuB_fail(err, TU_OUT_OF_RANGE,
                      "the response needs %u GRFs (%u bytes), but %zu bytes were given", d->rlen,
                      d->rlen * grf, response ? response_size : 0);
    const tu_surface *surface = NULL;
    if (st == TU_OK) {
        surface = find_surface(d, tables);
        if (!surface)
            st = (d->msg.flags & TU_LMSG_BINDLESS_SURFACE)
                     ? tuB_fail(err, TU_INVALID_ARGUMENT,
                                "no bindless surface has handle 0x%x (extended descriptor bits "
                                "31:12)",
                                d->msg.surface)
                     : tuB_fail(err, TU_INVALID_ARGUMENT,
                                "binding-table index %u has no surface (the table has %u "
                                "entries)",
                                d->msg.surface, tables->binding_count);
    }
    tu_sampler load_state = tu_sampler_default();
    const tu_sampler *sampler = &load_state;
    if (st == TU_OK) {
        const tu_op_info *info = tu_op_describe(d->msg.msg.op);
        if (tu_op_uses_sampler(info)) {
            sampler = find_sampler(d, tables);
            if (!sampler)
                st = tuB_fail(err, TU_INVALID_ARGUMENT,
                              "no sampler state at address 0x%x (header DW3 + 16 x descriptor "
                              "sampler index %u%s)",
                              d->sampler_address, s->desc >> 8 & 0xf,
                              d->bindless_sampler_heap
                                  ? "; DW3 bit 0: in the bindless sampler heap, among the "
                                    "bindless entries"
                                  : "");
        }
    }
    _Alignas(64) tu_reply reply;
    tu_reply *r = &reply;
    if (st == TU_OK) { /* a message without a response still runs: it may be refused */
        r->pixel_null_mask = 0;
        r->value_class = 0;
        for (int c = 0; c < 4; c++)
            if (d->msg.msg.channel_mask >> c & 1) memset(&r->channel[c], 0, sizeof r->channel[c]);

        const tu_binding *bound = NULL;
        if (!tables->cache)
            st = tu_execute(&d->msg.msg, surface, sampler, r, err);
        else if ((st = tu_bind_cached(tables->cache, surface, sampler, &bound, err)) == TU_OK)
            st = tu_execute_bound(bound, &d->msg.msg, r, err);
        if (st == TU_OK) st = tu_lower_response_write(&d->msg, t, r, response, response_size, err);
    }
    return st;
}
