/* SPDX-License-Identifier: MIT */
/*
 * fuzz_visa_binary.c - libFuzzer target for the vISA 4.1 instruction decoder
 * (src/visa/binary.c; layouts of IGC ByteCodeReaderNG.cpp).
 *
 * Any input must be refused with a status or decoded into an instruction that validates,
 * never crash or read outside what it was given. An accepted instruction
 * must encode back to exactly the bytes the decoder consumed (every unused bit is zero, so
 * the encoding is unique), and decoding those bytes again must give the same instruction,
 * field by field. Both platforms are tried.
 *
 *   clang -g -fsanitize=fuzzer,address,undefined -Iinclude fuzz/fuzz_visa_binary.c <sources>
 */
#include "texunit/texunit.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool same_scalar(const tu_visa_scalar *a, const tu_visa_scalar *b) {
    return a->is_imm == b->is_imm && a->type == b->type && a->id == b->id && a->row == b->row &&
           a->col == b->col && a->region == b->region && a->imm == b->imm;
}

static bool same_raw(const tu_visa_raw *a, const tu_visa_raw *b) {
    return a->id == b->id && a->offset == b->offset;
}

static bool same_inst(const tu_visa_inst *a, const tu_visa_inst *b) {
    for (unsigned i = 0; i < TU_VISA_MAX_PARAMS; i++)
        if (!same_raw(&a->params[i], &b->params[i])) return false;
    return a->opcode == b->opcode && a->subop == b->subop &&
           a->pixel_null_mask == b->pixel_null_mask && a->cps == b->cps && a->divs == b->divs &&
           a->exec_size == b->exec_size && a->emask == b->emask && a->pred == b->pred &&
           a->channels == b->channels && same_scalar(&a->aoffimmi, &b->aoffimmi) &&
           a->sampler == b->sampler && a->surface == b->surface && same_raw(&a->dst, &b->dst) &&
           a->has_paired == b->has_paired && same_raw(&a->paired, &b->paired) &&
           a->num_params == b->num_params && a->uw_params == b->uw_params &&
           a->media_mod == b->media_mod && a->plane == b->plane &&
           a->block_width == b->block_width && a->block_height == b->block_height &&
           same_scalar(&a->x, &b->x) && same_scalar(&a->y, &b->y);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    for (int p = TU_VISA_XE_LP; p <= TU_VISA_XE2; p++) {
        const tu_visa_platform platform = (tu_visa_platform)p;
        tu_visa_inst inst, again;
        tu_error err;
        size_t used = 0;
        const tu_status st = tu_visa_decode(data, size, platform, &inst, &used, &err);
        if (st != TU_OK) {
            if (st != TU_PARSE_ERROR && st != TU_UNSUPPORTED) abort();
            continue;
        }
        if (used == 0 || used > size) abort();
        if (tu_visa_validate(&inst, platform, &err) != TU_OK) abort();

        uint8_t buf[256];
        size_t n = 0;
        if (tu_visa_encode(&inst, buf, sizeof buf, &n, &err) != TU_OK) abort();
        if (n != used || memcmp(buf, data, n) != 0) abort();
        size_t used2 = 0;
        if (tu_visa_decode(buf, n, platform, &again, &used2, &err) != TU_OK) abort();
        if (used2 != n || !same_inst(&inst, &again)) abort();
    }
    return 0;
}
