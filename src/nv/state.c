/* SPDX-License-Identifier: MIT */
/*
 * state.c - what TLD reads besides registers: the GPU memory regions, the texture header and
 * sampler pools with their MaximumIndex (SET_TEX_HEADER_POOL_C / SET_TEX_SAMPLER_POOL_C,
 * Mesa nouveau nvc0_tex.c), and the constant bank that #tsPtrIdx indexes.
 */
#include "nv_internal.h"

static tu_status check_pool(const tu_nv_pool *p, const char *what, uint32_t max_field,
                            tu_error *err) {
    TU_RETURN_IF(p->maximum_index > max_field, err, TU_INVALID_ARGUMENT,
                 "%s pool MaximumIndex %u exceeds its field's maximum %u", what, p->maximum_index,
                 max_field);
    const uint64_t need = ((uint64_t)p->maximum_index + 1) * TU_NV_ENTRY_BYTES;
    TU_RETURN_IF(!p->data || p->size < need, err, TU_INVALID_ARGUMENT,
                 "%s pool MaximumIndex %u needs %llu bytes of entries, but the pool holds %zu",
                 what, p->maximum_index, (unsigned long long)need, p->data ? p->size : 0);
    return TU_OK;
}

tu_status tu_nv_state_validate(const tu_nv_state *st, tu_error *err) {
    TU_RETURN_IF(!st, err, TU_INVALID_ARGUMENT, "state must not be NULL");
    TU_RETURN_IF(st->region_count && !st->regions, err, TU_INVALID_ARGUMENT,
                 "state regions is NULL but region_count is %u", st->region_count);
    for (uint32_t i = 0; i < st->region_count; i++) {
        const tu_nv_region *r = &st->regions[i];
        TU_RETURN_IF(!r->data || r->size == 0, err, TU_INVALID_ARGUMENT,
                     "region %u has no memory (data %s, size %zu)", i, r->data ? "set" : "NULL",
                     r->size);
        TU_RETURN_IF(r->address >> 48 || r->size > ((uint64_t)1 << 48) - r->address, err,
                     TU_INVALID_ARGUMENT,
                     "region %u [0x%llx, +%zu) does not fit in the 48-bit GPU address space", i,
                     (unsigned long long)r->address, r->size);
        if (r->residency) {
            /* The residency map is the surface layer's: validate it on a stand-in surface. */
            const tu_residency *m = r->residency;
            TU_RETURN_IF(!m->bits || m->page_size_log2 < 6 || m->page_size_log2 > 32, err,
                         TU_INVALID_ARGUMENT,
                         "region %u residency: bits must be set and page_size_log2 %u in 6..32", i,
                         m->page_size_log2);
            const uint64_t pages = ((uint64_t)(r->size - 1) >> m->page_size_log2) + 1;
            TU_RETURN_IF(m->bits_size < (pages + 7) / 8, err, TU_INVALID_ARGUMENT,
                         "region %u residency bits_size %zu is smaller than the %llu bytes its "
                         "%llu pages need",
                         i, m->bits_size, (unsigned long long)((pages + 7) / 8),
                         (unsigned long long)pages);
        }
        for (uint32_t j = 0; j < i; j++) {
            const tu_nv_region *q = &st->regions[j];
            TU_RETURN_IF(r->address < q->address + q->size && q->address < r->address + r->size,
                         err, TU_INVALID_ARGUMENT,
                         "region %u [0x%llx, +%zu) overlaps region %u [0x%llx, +%zu)", i,
                         (unsigned long long)r->address, r->size, j, (unsigned long long)q->address,
                         q->size);
        }
    }
    TU_TRY(check_pool(&st->headers, "texture header", TU_NV_MAX_HEADER_INDEX, err));
    TU_TRY(check_pool(&st->samplers, "sampler", TU_NV_MAX_SAMPLER_INDEX, err));
    TU_RETURN_IF(st->cbank_words && !st->cbank, err, TU_INVALID_ARGUMENT,
                 "constant bank is NULL but cbank_words is %u", st->cbank_words);
    return TU_OK;
}

tu_status tu_nv_pool_header(const tu_nv_pool *pool, uint32_t index, tu_nv_tic *out, bool *valid,
                            tu_error *err) {
    TU_RETURN_IF(!pool || !out || !valid, err, TU_INVALID_ARGUMENT,
                 "pool, output and valid must not be NULL");
    TU_TRY(check_pool(pool, "texture header", TU_NV_MAX_HEADER_INDEX, err));
    /* "Any header pointer greater than ... MaximumIndex will be regarded as an invalid
     * texture" (NVIDIA TLD page, #tsPtrIdxU13). */
    *valid = index <= pool->maximum_index;
    if (!*valid) return TU_OK;
    tu_error inner = {TU_OK, ""};
    if (tu_nv_tic_decode((const uint8_t *)pool->data + (size_t)index * TU_NV_ENTRY_BYTES, out,
                         &inner) != TU_OK)
        return tuB_fail(err, inner.status, "texture header %u: %s", index, inner.message);
    return TU_OK;
}

tu_status tu_nv_pool_sampler(const tu_nv_pool *pool, uint32_t index, tu_nv_tsc *out, bool *valid,
                             tu_error *err) {
    TU_RETURN_IF(!pool || !out || !valid, err, TU_INVALID_ARGUMENT,
                 "pool, output and valid must not be NULL");
    TU_TRY(check_pool(pool, "sampler", TU_NV_MAX_SAMPLER_INDEX, err));
    *valid = index <= pool->maximum_index;
    if (!*valid) return TU_OK;
    return tu_nv_tsc_decode((const uint8_t *)pool->data + (size_t)index * TU_NV_ENTRY_BYTES, out,
                            err);
}

uint32_t tu_nv_cbank_word(const tu_nv_state *st, uint32_t ts_index) {
    /* A read beyond the bound constant bank returns 0 (docs/semantics.md). */
    if (!st || !st->cbank || ts_index >= st->cbank_words) return 0;
    return st->cbank[ts_index];
}
