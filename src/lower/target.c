/*
 * target.c - the target descriptions pass 1 and pass 2 read, and the presets.
 *
 * GRF sizes and native widths: notes/visa-encoding.md §5 (32-byte GRF and SIMD8 before
 * Xe2, 64-byte GRF and SIMD16 on Xe2; messages are native or 2x native). Message length
 * limit 11: notes/intel-sampler.md §1.3 (MAX_SAMPLER_MESSAGE_SIZE). sample_d native only:
 * §1.6 (Mesa: 8 before Xe2, 16 on Xe2; IGC splits sample_d/_d_c to native). 16-bit
 * payloads from Gfx11 (§1.3, "asserted"); ld2dms_w and ld_mcs 16-bit only from Gfx12.5
 * (§1.3, get_sampler_msg_payload_type_bit_size); message-type bit 5 in desc bit 31 and the
 * Xe2 meaning of types 17/18 (§1.1, §2; notes/visa-encoding.md §2.1).
 */
#include "lower_internal.h"

#include <string.h>

/* clang-format off */
static const tu_target presets[] = {
    /* name   verx10 grf native mlen grad  half   xe2    ms16   rule */
    {"skl",   90,    32,  8,    11,  8,    false, false, false, TU_WIDTH_IGC},
    {"tgl",   120,   32,  8,    11,  8,    true,  false, false, TU_WIDTH_IGC},
    {"xe2",   200,   64,  16,   11,  16,   true,  true,  true,  TU_WIDTH_IGC},
};
/* clang-format on */

const tu_target *tu_target_preset(const char *name) {
    for (size_t i = 0; name && i < sizeof presets / sizeof presets[0]; i++)
        if (strcmp(presets[i].name, name) == 0) return &presets[i];
    return NULL;
}

tu_status tu_target_validate(const tu_target *t, tu_error *err) {
    TU_RETURN_IF(!t, err, TU_INVALID_ARGUMENT, "target is NULL");
    TU_RETURN_IF(t->grf_bytes != 32 && t->grf_bytes != 64, err, TU_INVALID_ARGUMENT,
                 "target grf_bytes %u is not 32 or 64", t->grf_bytes);
    TU_RETURN_IF(t->native_simd != 8 && t->native_simd != 16, err, TU_INVALID_ARGUMENT,
                 "target native_simd %u is not 8 or 16", t->native_simd);
    TU_RETURN_IF(t->max_mlen < 1 || t->max_mlen > TU_LOWER_MAX_MLEN, err, TU_INVALID_ARGUMENT,
                 "target max_mlen %u is not in 1..15 (the descriptor's 4-bit field)", t->max_mlen);
    TU_RETURN_IF(t->grad_max_simd != t->native_simd && t->grad_max_simd != 2 * t->native_simd, err,
                 TU_INVALID_ARGUMENT,
                 "target grad_max_simd %u is not the native width %u or twice it", t->grad_max_simd,
                 t->native_simd);
    TU_RETURN_IF(t->width_rule > TU_WIDTH_MESA, err, TU_INVALID_ARGUMENT,
                 "target width_rule %u is not TU_WIDTH_IGC (0) or TU_WIDTH_MESA (1)",
                 t->width_rule);
    TU_RETURN_IF(t->ms_loads_16bit && !t->half_params, err, TU_INVALID_ARGUMENT,
                 "target ms_loads_16bit needs half_params (16-bit payloads)");
    return TU_OK;
}
