/* SPDX-License-Identifier: MIT */
/*
 * tic.c - the Maxwell texture header (TIC, 32 bytes) as a table of bit runs: the five
 * layouts of (NVIDIA open-gpu-doc classes/3d/clb097tex.h:
 * TEXHEAD_1D, _PITCHCK, _PITCH, _BL, _BLCK), selected by HEADER_VERSION MW(87:85).
 */
#include "nv_internal.h"

#include <stddef.h>

/* Layout bits, indexed by HEADER_VERSION. */
enum {
    L1D = 1 << TU_NV_HEADER_ONE_D_BUFFER,
    LPCK = 1 << TU_NV_HEADER_PITCH_COLOR_KEY,
    LP = 1 << TU_NV_HEADER_PITCH,
    LBL = 1 << TU_NV_HEADER_BLOCKLINEAR,
    LBLCK = 1 << TU_NV_HEADER_BLOCKLINEAR_COLOR_KEY,
    ALL = L1D | LPCK | LP | LBL | LBLCK,
    BLK = LBL | LBLCK, /* block-linear */
    PIT = LP | LPCK,   /* pitch */
    BP = BLK | PIT,    /* everything but the 1D buffer */
    NOCK = LBL | LP,   /* the view/LOD word 7 of the layouts without colour key */
    CK = LBLCK | LPCK  /* COLOR_KEY_VALUE in its place */
};

typedef enum tic_member {
#define TIC_ENUM_(type, member, NAME) M_##NAME,
    TU_NV_TIC_FIELDS(TIC_ENUM_)
#undef TIC_ENUM_
        M_COUNT
} tic_member;

#define CTYPE_uint32_t TUN_U32
#define CTYPE_int32_t  TUN_S32
#define CTYPE_uint64_t TUN_U64
static const tuN_member members[M_COUNT] = {
#define TIC_MEMBER_(type, member, NAME) \
    [M_##NAME] = {#NAME, (uint16_t)offsetof(tu_nv_tic, member), CTYPE_##type},
    TU_NV_TIC_FIELDS(TIC_MEMBER_)
#undef TIC_MEMBER_
};

/* {member, hi, lo, shift, layouts}: clb097tex.h's MW(hi:lo), as the header lists them. */
static const tuN_bits bits[] = {
    {M_COMPONENTS, 6, 0, 0, ALL},
    {M_R_DATA_TYPE, 9, 7, 0, ALL},
    {M_G_DATA_TYPE, 12, 10, 0, ALL},
    {M_B_DATA_TYPE, 15, 13, 0, ALL},
    {M_A_DATA_TYPE, 18, 16, 0, ALL},
    {M_X_SOURCE, 21, 19, 0, ALL},
    {M_Y_SOURCE, 24, 22, 0, ALL},
    {M_Z_SOURCE, 27, 25, 0, ALL},
    {M_W_SOURCE, 30, 28, 0, ALL},
    {M_PACK_COMPONENTS, 31, 31, 0, ALL},
    {M_GOB_DEPTH_OFFSET, 38, 37, 0, BLK},
    {M_ADDRESS, 63, 41, 9, BLK},  /* ADDRESS_BITS31TO9 */
    {M_ADDRESS, 63, 37, 5, PIT},  /* ADDRESS_BITS31TO5 */
    {M_ADDRESS, 63, 32, 0, L1D},  /* ADDRESS_BITS31TO0 */
    {M_ADDRESS, 79, 64, 32, ALL}, /* ADDRESS_BITS47TO32 */
    {M_HEADER_VERSION, 87, 85, 0, ALL},
    {M_RESOURCE_VIEW_COHERENCY_HASH, 92, 89, 0, ALL},
    {M_GOBS_PER_BLOCK_WIDTH, 98, 96, 0, BLK},
    {M_GOBS_PER_BLOCK_HEIGHT, 101, 99, 0, BLK},
    {M_GOBS_PER_BLOCK_DEPTH, 104, 102, 0, BLK},
    {M_SPARSE_ENABLE, 105, 105, 0, BLK},
    {M_TILE_WIDTH_IN_GOBS, 108, 106, 0, BLK},
    {M_GOB3D, 109, 109, 0, BLK},
    {M_USE_ARRAY_TILE_ALIGNMENT, 110, 110, 0, BLK},
    {M_PITCH, 111, 96, 5, PIT},            /* PITCH_BITS20TO5 */
    {M_WIDTH_MINUS_ONE, 111, 96, 16, L1D}, /* WIDTH_MINUS_ONE_BITS31TO16 */
    {M_LOD_ANISO_QUALITY2, 112, 112, 0, BP},
    {M_LOD_ANISO_QUALITY, 113, 113, 0, BP},
    {M_LOD_ISO_QUALITY, 114, 114, 0, BP},
    {M_ANISO_COARSE_SPREAD_MODIFIER, 116, 115, 0, BP},
    {M_ANISO_SPREAD_SCALE, 121, 117, 0, BP},
    {M_USE_HEADER_OPT_CONTROL, 122, 122, 0, BP},
    {M_DEPTH_TEXTURE, 123, 123, 0, BP},
    {M_MAX_MIP_LEVEL, 127, 124, 0, BP},
    {M_WIDTH_MINUS_ONE, 143, 128, 0, ALL}, /* 1D buffer: WIDTH_MINUS_ONE_BITS15TO0 */
    {M_ANISO_SPREAD_MAX_LOG2, 149, 147, 0, BP},
    {M_S_R_G_B_CONVERSION, 150, 150, 0, ALL},
    {M_TEXTURE_TYPE, 154, 151, 0, ALL},
    {M_SECTOR_PROMOTION, 156, 155, 0, ALL},
    {M_BORDER_SIZE, 159, 157, 0, BP},
    {M_HEIGHT_MINUS_ONE, 175, 160, 0, BP},
    {M_DEPTH_MINUS_ONE, 189, 176, 0, BP},
    {M_NORMALIZED_COORDS, 191, 191, 0, BP},
    {M_TRILIN_OPT, 197, 193, 0, BP},
    {M_MIP_LOD_BIAS, 210, 198, 0, BP},
    {M_ANISO_BIAS, 214, 211, 0, BP},
    {M_ANISO_FINE_SPREAD_FUNC, 216, 215, 0, BP},
    {M_ANISO_COARSE_SPREAD_FUNC, 218, 217, 0, BP},
    {M_MAX_ANISOTROPY, 221, 219, 0, BP},
    {M_ANISO_FINE_SPREAD_MODIFIER, 223, 222, 0, BP},
    {M_RES_VIEW_MIN_MIP_LEVEL, 227, 224, 0, NOCK},
    {M_RES_VIEW_MAX_MIP_LEVEL, 231, 228, 0, NOCK},
    {M_MULTI_SAMPLE_COUNT, 235, 232, 0, NOCK},
    {M_MIN_LOD_CLAMP, 247, 236, 0, NOCK},
    {M_COLOR_KEY_VALUE, 255, 224, 0, CK},
};

static const tuN_codec codec = {"texture header",
                                members,
                                M_COUNT,
                                bits,
                                sizeof bits / sizeof bits[0],
                                offsetof(tu_nv_tic, reserved)};

static const char *const layout_names[] = {"ONE_D_BUFFER", "PITCH_COLOR_KEY", "PITCH",
                                           "BLOCKLINEAR", "BLOCKLINEAR_COLOR_KEY"};

tu_status tu_nv_tic_decode(const void *bytes, tu_nv_tic *out, tu_error *err) {
    TU_RETURN_IF(!bytes || !out, err, TU_INVALID_ARGUMENT,
                 "texture header bytes and output must not be NULL");
    const uint32_t version = (tuB_load_le32((const uint8_t *)bytes + 8) >> 21) & 7;
    TU_RETURN_IF(version > TU_NV_HEADER_BLOCKLINEAR_COLOR_KEY, err, TU_PARSE_ERROR,
                 "texture header HEADER_VERSION %u is not one of ONE_D_BUFFER (0), "
                 "PITCH_COLOR_KEY (1), PITCH (2), BLOCKLINEAR (3), BLOCKLINEAR_COLOR_KEY (4)",
                 version);
    tuN_codec_decode(&codec, version, bytes, out);
    return TU_OK;
}

tu_status tu_nv_tic_encode(const tu_nv_tic *h, void *bytes, tu_error *err) {
    TU_RETURN_IF(!h || !bytes, err, TU_INVALID_ARGUMENT,
                 "texture header and output bytes must not be NULL");
    TU_RETURN_IF(h->header_version > TU_NV_HEADER_BLOCKLINEAR_COLOR_KEY, err, TU_INVALID_ARGUMENT,
                 "texture header HEADER_VERSION %u is not 0..4", h->header_version);
    return tuN_codec_encode(&codec, h->header_version, layout_names[h->header_version], h, bytes,
                            err);
}

tu_status tu_nv_tic_get(const tu_nv_tic *h, const char *name, int64_t *value, tu_error *err) {
    return tuN_codec_get(&codec, h, name, value, err);
}

tu_status tu_nv_tic_set(tu_nv_tic *h, const char *name, int64_t value, tu_error *err) {
    return tuN_codec_set(&codec, h, name, value, err);
}
