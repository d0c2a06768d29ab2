/* SPDX-License-Identifier: MIT */
/*
 * target.c - the target descriptions pass 1 and pass 2 read, and the presets.
 *
 * GRF sizes and native widths: IGC TranslateSend3D.cpp (32-byte GRF and SIMD8 before
 * Xe2, 64-byte GRF and SIMD16 on Xe2; messages are native or 2x native). Message length
 * limit 11: Mesa brw_lower_logical_sends.cpp, lower_sampler_logical_send
 * (MAX_SAMPLER_MESSAGE_SIZE). sample_d native only (Mesa brw_fs_lower_simd_width.cpp,
 * get_sampler_lowered_simd_width: 8 before Xe2, 16 on Xe2; IGC TranslateSend3D.cpp splits
 * sample_d/_d_c to native). 16-bit payloads from Gfx11 (lower_sampler_logical_send asserts it);
 * ld2dms_w and ld_mcs 16-bit only from Gfx12.5 (Mesa brw_lower_logical_sends.cpp,
 * get_sampler_msg_payload_type_bit_size); message-type bit 5 in desc bit 31 and the Xe2 meaning
 * of types 17, 18, 19 (Mesa brw_eu.h, brw_sampler_desc, and brw_eu_defines.h, the XE2_ message
 * types; IGC visa_igc_common_header.h, ISA_Opcode and VISASampler3DSubOpCode).
 */
#include "lower_internal.h"

#include <string.h>

/* Why the sampler lowering refuses the data-port-only presets. It models the message types,
 * payload layouts and width rules of Gfx9, Gfx12, Gfx12.5 and Xe2 (Mesa
 * brw_lower_logical_sends.cpp, lower_sampler_logical_send; brw_eu_defines.h, the message
 * types); Gfx7/7.5 lack sample_lz, sample_c_lz, ld_lz and ld2dms_w (those are Gfx9+: Mesa
 * brw_eu_defines.h names them GFX9_) and take the Gfx7 ld layout (u lod v r: "parameters for LD
 * are intermixed", Mesa 2020 brw_fs.cpp), which the op table does not describe. Gfx12.5 (dg2)
 * is TGL's sampler with 16-bit-only MSAA loads and the reduced sample_d (u dudx dudy v dvdx dvdy
 * r, then the minimum LOD: Mesa brw_sampler.c, SAMPLE_D_REDUCED and LD2DMS_W_GFX125, checked in
 * logical.c); it has no ld2dms, which the op table has no row for either. */
#define DATAPORT_ONLY_GFX7                                                                 \
    "the sampler lowering models Gfx9 and later (Mesa brw_lower_logical_sends.cpp, "       \
    "lower_sampler_logical_send); Gfx7's message "                                         \
    "types and ld layout differ (no sample_lz, ld_lz or ld2dms_w), so this target lowers " \
    "data-port messages only"

/* clang-format off */
/* The data-port-only rows (ivb, hsw) take SKL's sampler columns: the data port reads only
 * verx10 and grf_bytes (32 bytes before Xe2, IGC TranslateSend3D.cpp). */
static const tu_target presets[] = {
    /* name   verx10 grf native mlen grad  half   xe2    ms16   rule          sampler */
    {"skl",   90,    32,  8,    11,  8,    false, false, false, TU_WIDTH_IGC, NULL},
    {"tgl",   120,   32,  8,    11,  8,    true,  false, false, TU_WIDTH_IGC, NULL},
    {"xe2",   200,   64,  16,   11,  16,   true,  true,  true,  TU_WIDTH_IGC, NULL},
    {"ivb",   70,    32,  8,    11,  8,    false, false, false, TU_WIDTH_IGC, DATAPORT_ONLY_GFX7},
    {"hsw",   75,    32,  8,    11,  8,    false, false, false, TU_WIDTH_IGC, DATAPORT_ONLY_GFX7},
    {"dg2",   125,   32,  8,    11,  8,    true,  false, true,  TU_WIDTH_IGC, NULL},
};
/* clang-format on */

/* The generations (verx10 70 IVB, 75 HSW/BDW, 90 SKL..CNL, 110 ICL/TGL, 125 DG2, 200 Xe2).
 * ex_mlen: 4 bits, 5 on Xe2 (Mesa brw_eu.h, brw_message_ex_desc); the LSC cache field from bit 17
 * on DG2, 16 on Xe2 (Mesa brw_eu.h, lsc_msg_desc); the data-port widths: typed SIMD8 and untyped
 * SIMD8/16, on Xe2 the LSC's SIMD16 and SIMD16/32 (Mesa brw_fs_lower_simd_width.cpp, the surface
 * messages); TXB: "+= 3 - coord_components" on Xe2, else 4, and TXF_CMS_W's fixed 16-bit parameters
 * from Gfx12.5 (the same file, get_sampler_lowered_simd_width). */
/* clang-format off */
static const tuL_generation generations[] = {
    /* verx10 dp_gen      image ex_mlen cache typed untyped txb ms16 */
    {70,      TUL_DP_IVB, 0,    4,      0,    8,    8,      4,  false},
    {75,      TUL_DP_HSW, 1,    4,      0,    8,    8,      4,  false},
    {90,      TUL_DP_SKL, 2,    4,      0,    8,    8,      4,  false},
    {110,     TUL_DP_SKL, 3,    4,      0,    8,    8,      4,  false},
    {125,     TUL_DP_LSC, 4,    4,      17,   8,    8,      4,  true},
    {200,     TUL_DP_LSC, 4,    5,      16,   16,   16,     3,  true},
};
/* clang-format on */

const tuL_generation *tuL_generation_of(const tu_target *t) {
    size_t g = 0;
    while (g + 1 < sizeof generations / sizeof generations[0] &&
           t->verx10 >= generations[g + 1].verx10)
        g++;
    return &generations[g];
}

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

tu_status tuL_sampler_target(const tu_target *t, tu_error *err) {
    TU_TRY(tu_target_validate(t, err));
    TU_RETURN_IF(t->sampler_refusal, err, TU_UNSUPPORTED, "target %s has no sampler lowering: %s",
                 t->name ? t->name : "?", t->sampler_refusal);
    return TU_OK;
}
