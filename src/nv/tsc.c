/* SPDX-License-Identifier: MIT */
/*
 * tsc.c - the Maxwell sampler (TSC, 32 bytes) as a table of bit runs (NVIDIA open-gpu-doc
 * clb097tex.h TEXSAMP0..7), its meaning as an engine sampler, and the sampler state TLD uses
 * instead (NVIDIA TLD page, "Texture Header State Overrides").
 */
#include "nv_internal.h"

#include <stddef.h>

typedef enum tsc_member {
#define TSC_ENUM_(type, member, NAME) M_##NAME,
    TU_NV_TSC_FIELDS(TSC_ENUM_)
#undef TSC_ENUM_
        M_COUNT
} tsc_member;

#define CTYPE_uint32_t TUN_U32
#define CTYPE_int32_t  TUN_S32
static const tuN_member members[M_COUNT] = {
#define TSC_MEMBER_(type, member, NAME) \
    [M_##NAME] = {#NAME, (uint16_t)offsetof(tu_nv_tsc, member), CTYPE_##type},
    TU_NV_TSC_FIELDS(TSC_MEMBER_)
#undef TSC_MEMBER_
};

/* {member, hi, lo, shift, layouts}: word w bits h:l are bits 32w+h .. 32w+l. */
#define W(word, hi, lo) (32 * (word) + (hi)), (32 * (word) + (lo))
static const tuN_bits bits[] = {
    {M_ADDRESS_U, W(0, 2, 0), 0, 1},
    {M_ADDRESS_V, W(0, 5, 3), 0, 1},
    {M_ADDRESS_P, W(0, 8, 6), 0, 1},
    {M_DEPTH_COMPARE, W(0, 9, 9), 0, 1},
    {M_DEPTH_COMPARE_FUNC, W(0, 12, 10), 0, 1},
    {M_S_R_G_B_CONVERSION, W(0, 13, 13), 0, 1},
    {M_FONT_FILTER_WIDTH, W(0, 16, 14), 0, 1},
    {M_FONT_FILTER_HEIGHT, W(0, 19, 17), 0, 1},
    {M_MAX_ANISOTROPY, W(0, 22, 20), 0, 1},
    {M_MAG_FILTER, W(1, 2, 0), 0, 1},
    {M_MIN_LOD_CLAMP_BEHAVIOR_FOR_NEAREST_MIP, W(1, 3, 3), 0, 1},
    {M_MIN_FILTER, W(1, 5, 4), 0, 1},
    {M_MIP_FILTER, W(1, 7, 6), 0, 1},
    {M_CUBEMAP_INTERFACE_FILTERING, W(1, 9, 8), 0, 1},
    {M_REDUCTION_FILTER, W(1, 11, 10), 0, 1},
    {M_MIP_LOD_BIAS, W(1, 24, 12), 0, 1},
    {M_FLOAT_COORD_NORMALIZATION, W(1, 25, 25), 0, 1},
    {M_TRILIN_OPT, W(1, 30, 26), 0, 1},
    {M_MIN_LOD_CLAMP, W(2, 11, 0), 0, 1},
    {M_MAX_LOD_CLAMP, W(2, 23, 12), 0, 1},
    {M_S_R_G_B_BORDER_COLOR_R, W(2, 31, 24), 0, 1},
    {M_S_R_G_B_BORDER_COLOR_G, W(3, 19, 12), 0, 1},
    {M_S_R_G_B_BORDER_COLOR_B, W(3, 27, 20), 0, 1},
    {M_BORDER_COLOR_R, W(4, 31, 0), 0, 1},
    {M_BORDER_COLOR_G, W(5, 31, 0), 0, 1},
    {M_BORDER_COLOR_B, W(6, 31, 0), 0, 1},
    {M_BORDER_COLOR_A, W(7, 31, 0), 0, 1},
};
#undef W

static const tuN_codec codec = {
    "sampler", members, M_COUNT, bits, sizeof bits / sizeof bits[0], offsetof(tu_nv_tsc, reserved)};

tu_status tu_nv_tsc_decode(const void *bytes, tu_nv_tsc *out, tu_error *err) {
    TU_RETURN_IF(!bytes || !out, err, TU_INVALID_ARGUMENT,
                 "sampler bytes and output must not be NULL");
    tuN_codec_decode(&codec, 0, bytes, out);
    return TU_OK;
}

tu_status tu_nv_tsc_encode(const tu_nv_tsc *s, void *bytes, tu_error *err) {
    TU_RETURN_IF(!s || !bytes, err, TU_INVALID_ARGUMENT,
                 "sampler and output bytes must not be NULL");
    return tuN_codec_encode(&codec, 0, "TEXSAMP", s, bytes, err);
}

tu_status tu_nv_tsc_get(const tu_nv_tsc *s, const char *name, int64_t *value, tu_error *err) {
    return tuN_codec_get(&codec, s, name, value, err);
}

tu_status tu_nv_tsc_set(tu_nv_tsc *s, const char *name, int64_t value, tu_error *err) {
    return tuN_codec_set(&codec, s, name, value, err);
}

/* ADDRESS_U/V/P -> tu_address (NVK nvk_sampler.c's mapping, read backwards); -1: no engine
 * equivalent. */
static const int8_t wrap_modes[8] = {
    [TU_NV_WRAP] = TU_ADDRESS_WRAP,
    [TU_NV_WRAP_MIRROR] = TU_ADDRESS_MIRROR,
    [TU_NV_WRAP_CLAMP_TO_EDGE] = TU_ADDRESS_CLAMP_EDGE,
    [TU_NV_WRAP_BORDER] = TU_ADDRESS_CLAMP_BORDER,
    [TU_NV_WRAP_CLAMP_OGL] = -1,
    [TU_NV_WRAP_MIRROR_ONCE_CLAMP_TO_EDGE] = TU_ADDRESS_MIRROR_ONCE,
    [TU_NV_WRAP_MIRROR_ONCE_BORDER] = -1,
    [TU_NV_WRAP_MIRROR_ONCE_CLAMP_OGL] = -1,
};

/* The TSC's names of the ADDRESS_U/V/P codes. */
static const char *const wrap_names[8] = {
    [TU_NV_WRAP] = "WRAP",
    [TU_NV_WRAP_MIRROR] = "MIRROR",
    [TU_NV_WRAP_CLAMP_TO_EDGE] = "CLAMP_TO_EDGE",
    [TU_NV_WRAP_BORDER] = "BORDER",
    [TU_NV_WRAP_CLAMP_OGL] = "CLAMP_OGL",
    [TU_NV_WRAP_MIRROR_ONCE_CLAMP_TO_EDGE] = "MIRROR_ONCE_CLAMP_TO_EDGE",
    [TU_NV_WRAP_MIRROR_ONCE_BORDER] = "MIRROR_ONCE_BORDER",
    [TU_NV_WRAP_MIRROR_ONCE_CLAMP_OGL] = "MIRROR_ONCE_CLAMP_OGL",
};

/* MAX_ANISOTROPY codes 0..7 = 1, 2, 4, 6, 8, 10, 12, 16 to 1. */
static const uint8_t aniso_ratio[8] = {1, 2, 4, 6, 8, 10, 12, 16};

tu_status tu_nv_tsc_sampler(const tu_nv_tsc *s, tu_sampler *out, tu_error *err) {
    TU_RETURN_IF(!s || !out, err, TU_INVALID_ARGUMENT, "sampler and output must not be NULL");
    tu_sampler r = tu_sampler_default();
    const uint32_t wrap[3] = {s->address_u, s->address_v, s->address_p};
    static const char *const axis[3] = {"ADDRESS_U", "ADDRESS_V", "ADDRESS_P"};
    for (int a = 0; a < 3; a++) {
        TU_RETURN_IF(wrap[a] > 7, err, TU_INVALID_ARGUMENT,
                     "sampler %s %u is not 0..7 (WRAP .. MIRROR_ONCE_CLAMP_OGL)", axis[a], wrap[a]);
        TU_RETURN_IF(wrap_modes[wrap[a]] < 0, err, TU_UNSUPPORTED,
                     "sampler %s %u (%s) has no engine address mode; WRAP (0), MIRROR (1), "
                     "CLAMP_TO_EDGE (2), BORDER (3) and MIRROR_ONCE_CLAMP_TO_EDGE (5) have",
                     axis[a], wrap[a], wrap_names[wrap[a]]);
        r.address[a] = (uint8_t)wrap_modes[wrap[a]];
    }
    TU_RETURN_IF(s->mag_filter != 1 && s->mag_filter != 2, err, TU_UNSUPPORTED,
                 "sampler MAG_FILTER %u is not MAG_POINT (1) or MAG_LINEAR (2)", s->mag_filter);
    TU_RETURN_IF(s->min_filter < 1 || s->min_filter > 3, err, TU_INVALID_ARGUMENT,
                 "sampler MIN_FILTER %u is not MIN_POINT (1), MIN_LINEAR (2) or MIN_ANISO (3)",
                 s->min_filter);
    TU_RETURN_IF(s->mip_filter < 1 || s->mip_filter > 3, err, TU_INVALID_ARGUMENT,
                 "sampler MIP_FILTER %u is not MIP_NONE (1), MIP_POINT (2) or MIP_LINEAR (3)",
                 s->mip_filter);
    TU_RETURN_IF(s->reduction_filter > 2, err, TU_INVALID_ARGUMENT,
                 "sampler REDUCTION_FILTER %u is not NONE (0), MINIMUM (1) or MAXIMUM (2)",
                 s->reduction_filter);
    r.mag_filter = s->mag_filter == 2 ? TU_FILTER_LINEAR : TU_FILTER_NEAREST;
    r.min_filter = s->min_filter == 1 ? TU_FILTER_NEAREST : TU_FILTER_LINEAR;
    r.mip_filter = s->mip_filter == 1   ? TU_MIP_NONE
                   : s->mip_filter == 2 ? TU_MIP_NEAREST
                                        : TU_MIP_LINEAR;
    r.max_anisotropy = s->min_filter == 3 ? aniso_ratio[s->max_anisotropy & 7] : 0;
    /* ZC_NEVER..ZC_ALWAYS = 0..7 in Vulkan's order; tu_compare is the same order from 1. */
    r.compare = s->depth_compare ? (uint8_t)(TU_COMPARE_NEVER + (s->depth_compare_func & 7))
                                 : TU_COMPARE_OFF;
    r.reduction = (uint8_t)s->reduction_filter; /* NONE (weighted average), MINIMUM, MAXIMUM */
    r.unnormalized = s->float_coord_normalization == 1;
    r.seamless_cube = s->cubemap_interface_filtering >= 2; /* AUTO_SPAN_SEAM, AUTO_CROSS_SEAM */
    r.lod_bias = (float)s->mip_lod_bias / 256.0f;          /* s5.8 */
    r.min_lod = (float)s->min_lod_clamp / 256.0f;          /* u4.8 */
    r.max_lod = (float)s->max_lod_clamp / 256.0f;
    r.border_color.u[0] = s->border_color_r;
    r.border_color.u[1] = s->border_color_g;
    r.border_color.u[2] = s->border_color_b;
    r.border_color.u[3] = s->border_color_a;
    TU_TRY(tu_sampler_validate(&r, err));
    *out = r;
    return TU_OK;
}

tu_sampler tu_nv_tld_sampler(bool cl) {
    /* The page's tables: MAG/MIN/MIP_POINT, ANISO_1_TO_1, BorderColor* = 0 (and the sRGB
     * ones), DepthCompare FALSE, AddressU/V/O = BORDER, or CLAMP_TO_EDGE with .CL. */
    tu_sampler s = tu_sampler_default();
    s.min_filter = s.mag_filter = TU_FILTER_NEAREST;
    s.mip_filter = TU_MIP_NEAREST;
    s.max_anisotropy = 0;
    s.compare = TU_COMPARE_OFF;
    for (int a = 0; a < 3; a++)
        s.address[a] = cl ? TU_ADDRESS_CLAMP_EDGE : TU_ADDRESS_CLAMP_BORDER;
    s.border_color = (tu_texel){.u = {0, 0, 0, 0}};
    return s;
}
