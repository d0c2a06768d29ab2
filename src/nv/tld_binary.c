/* SPDX-License-Identifier: MIT */
/*
 * tld_binary.c - the Maxwell/Pascal 64-bit encoding of TLD and TLD.B (envytools
 * envydis/gm107.c, Ryujinx InstTld/InstTldB and Mesa nv50_ir_emit_gm107.cpp emitTLD): opcode 0xDC
 * or 0xDD in bits 63:56, every other field where tld_table.c's field table puts it. TLD.B keeps
 * #tsPtrIdx in bits 48:36 as TLD does (nvdisasm prints them; CuAssembler's TLD.B records have
 * 0 there), though the handle comes from Rb. The phase and the scheduling annotations are the
 * control slot's (control.c).
 */
#include "nv_internal.h"

static uint64_t field_mask(const tuN_field_info *f) {
    return (((uint64_t)1 << f->width) - 1) << f->lo;
}

tu_status tu_nv_tld_encode(const tu_nv_tld *t, uint64_t *word, tu_error *err) {
    TU_RETURN_IF(!word, err, TU_INVALID_ARGUMENT, "output word must not be NULL");
    TU_TRY(tu_nv_tld_validate(t, err));
    uint64_t w = (uint64_t)(t->bindless ? TUN_OPCODE_TLD_B : TUN_OPCODE_TLD) << 56;
    for (int f = 0; f < TUN_F_COUNT; f++) {
        const tuN_field_info *fi = &tuN_tld_fields[f];
        if (fi->width == 0) continue;
        uint64_t v = tuN_tld_get(t, (tuN_tld_field)f);
        if (f == TUN_F_PARAM_A) { /* bits 30:29 dim, 28 array */
            const tuN_param_a *pa = &tuN_params_a[v];
            v = (uint64_t)pa->dim << 1 | pa->array;
        }
        w |= (v << fi->lo) & field_mask(fi);
    }
    *word = w;
    return TU_OK;
}

tu_status tu_nv_tld_decode(uint64_t w, tu_nv_tld *out, tu_error *err) {
    TU_RETURN_IF(!out, err, TU_INVALID_ARGUMENT, "output must not be NULL");
    const unsigned opcode = (unsigned)(w >> 56);
    TU_RETURN_IF(opcode != TUN_OPCODE_TLD && opcode != TUN_OPCODE_TLD_B, err, TU_PARSE_ERROR,
                 "instruction word 0x%016llx: opcode 0x%02x (bits 63:56) is not TLD (0xdc) or "
                 "TLD.B (0xdd)",
                 (unsigned long long)w, opcode);
    tu_nv_tld t = tu_nv_tld_default();
    t.bindless = opcode == TUN_OPCODE_TLD_B;
    for (int f = 0; f < TUN_F_COUNT; f++) {
        const tuN_field_info *fi = &tuN_tld_fields[f];
        if (fi->width == 0) continue;
        uint32_t v = (uint32_t)((w & field_mask(fi)) >> fi->lo);
        if (f == TUN_F_PARAM_A) {
            const unsigned dim = v >> 1, array = v & 1;
            v = array << 2 | dim; /* the page's order */
        }
        tuN_tld_set(&t, (tuN_tld_field)f, v);
    }
    TU_TRY(tu_nv_tld_validate(&t, err));
    *out = t;
    return TU_OK;
}

tu_status tu_nv_tld_decode_bytes(const void *bytes, size_t size, tu_nv_tld *out, tu_error *err) {
    TU_RETURN_IF(!bytes, err, TU_INVALID_ARGUMENT, "instruction bytes must not be NULL");
    TU_RETURN_IF(size < 8, err, TU_PARSE_ERROR,
                 "instruction truncated: %zu bytes, a Maxwell instruction has 8", size);
    return tu_nv_tld_decode(tuB_load_le64(bytes), out, err);
}
