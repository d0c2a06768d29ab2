/*
 * compressed.h - block decoders for the compressed formats: BC1-BC7, ETC2/EAC, ASTC.
 *
 * Random access: one call decodes one texel (x, y) of one block, or a rectangle of it (a
 * whole block at most). Nothing reads outside the block_bytes bytes of the block given, and
 * every bit pattern decodes (the formats' invalid encodings decode to the value their
 * specification assigns them; docs/semantics.md, "Compressed formats").
 *
 * Sources: the Khronos Data Format Specification 1.3 (DFS), chapters "S3TC Compressed Texture
 * Image Formats" (BC1-BC3), "RGTC" (BC4, BC5), "BPTC" (BC6H, BC7), "ETC2" (ETC2 and EAC) and
 * "ASTC"; Vulkan's "Compressed Image Formats" appendix, which maps each VkFormat to a DFS
 * section and defines sRGB as a conversion of the decoded R', G', B' values.
 *
 * Output (tuC_texel): value[] is what Vulkan's decode produces before any sRGB conversion:
 * UNORM in [0, 1], SNORM in [-1, 1], SFLOAT / UFLOAT as floats. The sRGB formats' value[] is
 * the decoded non-linear R', G', B' (and linear A); the format layer applies the sRGB EOTF
 * (tu_srgb_to_linear) to R, G, B, as Vulkan defines it on the decoded values. raw[] is the
 * exact integer the value comes from where the format defines one (tuC_raw_kind).
 *
 * Internal names carry the prefix tuC_ and are hidden from the shared library.
 */
#ifndef TEXUNIT_COMPRESSED_H
#define TEXUNIT_COMPRESSED_H

#include "texunit/status.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The decoders; a format names one, with its block size and its flags. */
typedef enum tuC_codec {
    TUC_BC1,  /* BC1 without alpha: the 3-colour mode's fourth colour is opaque black */
    TUC_BC1A, /* BC1 with alpha: ... transparent black (punch-through) */
    TUC_BC2,
    TUC_BC3,
    TUC_BC4, /* UNORM or SNORM (TUC_SIGNED) */
    TUC_BC5,
    TUC_BC6H, /* UFLOAT or SFLOAT (TUC_SIGNED) */
    TUC_BC7,
    TUC_ETC2_RGB8,
    TUC_ETC2_RGB8A1,
    TUC_ETC2_RGBA8,
    TUC_EAC_R11, /* UNORM or SNORM (TUC_SIGNED) */
    TUC_EAC_RG11,
    TUC_ASTC_LDR, /* UNORM and sRGB: the LDR profile */
    TUC_ASTC_HDR, /* SFLOAT: the HDR profile */
    TUC_CODEC_COUNT
} tuC_codec;

/* What raw[] holds. */
typedef enum tuC_raw_kind {
    TUC_RAW_NONE,    /* no exact integer: the value is a real-valued interpolant (BC1-BC5) */
    TUC_RAW_UNORM8,  /* 0..255 (BC7, ETC2, ASTC LDR); value = raw / 255, except the ASTC
                        UNORM formats and the ASTC sRGB alpha, whose value is the DFS
                        decode_float16 result and raw its decode_unorm8 (astc.c) */
    TUC_RAW_UNORM11, /* EAC 0..2047; value = raw / 2047 */
    TUC_RAW_SNORM11, /* EAC -1023..1023; value = raw / 1023 */
    TUC_RAW_FP16     /* binary16 bits (BC6H, ASTC HDR profile) */
} tuC_raw_kind;

#define TUC_SIGNED 1u /* SNORM / SFLOAT */
#define TUC_SRGB   2u /* R, G, B are sRGB-encoded: the caller applies the EOTF */

/* X(NAME, VkFormat number, codec, block width, block height, flags); 16 bytes a block except
 * BC1, BC4, ETC2 RGB8 / RGB8A1 and EAC R11, which have 8. Vulkan's names and numbers
 * (vulkan_core.h; the ASTC SFLOAT formats are VK_EXT_texture_compression_astc_hdr's). */
/* clang-format off */
#define TUC_ASTC_SIZES(M, X)               \
    M(X, 4x4, 4, 4, 157, 1000066000)       \
    M(X, 5x4, 5, 4, 159, 1000066001)       \
    M(X, 5x5, 5, 5, 161, 1000066002)       \
    M(X, 6x5, 6, 5, 163, 1000066003)       \
    M(X, 6x6, 6, 6, 165, 1000066004)       \
    M(X, 8x5, 8, 5, 167, 1000066005)       \
    M(X, 8x6, 8, 6, 169, 1000066006)       \
    M(X, 8x8, 8, 8, 171, 1000066007)       \
    M(X, 10x5, 10, 5, 173, 1000066008)     \
    M(X, 10x6, 10, 6, 175, 1000066009)     \
    M(X, 10x8, 10, 8, 177, 1000066010)     \
    M(X, 10x10, 10, 10, 179, 1000066011)   \
    M(X, 12x10, 12, 10, 181, 1000066012)   \
    M(X, 12x12, 12, 12, 183, 1000066013)
/* clang-format on */

#define TUC_FORMAT_LIST(X)                                               \
    X(BC1_RGB_UNORM_BLOCK, 131, TUC_BC1, 4, 4, 8, 0)                     \
    X(BC1_RGB_SRGB_BLOCK, 132, TUC_BC1, 4, 4, 8, TUC_SRGB)               \
    X(BC1_RGBA_UNORM_BLOCK, 133, TUC_BC1A, 4, 4, 8, 0)                   \
    X(BC1_RGBA_SRGB_BLOCK, 134, TUC_BC1A, 4, 4, 8, TUC_SRGB)             \
    X(BC2_UNORM_BLOCK, 135, TUC_BC2, 4, 4, 16, 0)                        \
    X(BC2_SRGB_BLOCK, 136, TUC_BC2, 4, 4, 16, TUC_SRGB)                  \
    X(BC3_UNORM_BLOCK, 137, TUC_BC3, 4, 4, 16, 0)                        \
    X(BC3_SRGB_BLOCK, 138, TUC_BC3, 4, 4, 16, TUC_SRGB)                  \
    X(BC4_UNORM_BLOCK, 139, TUC_BC4, 4, 4, 8, 0)                         \
    X(BC4_SNORM_BLOCK, 140, TUC_BC4, 4, 4, 8, TUC_SIGNED)                \
    X(BC5_UNORM_BLOCK, 141, TUC_BC5, 4, 4, 16, 0)                        \
    X(BC5_SNORM_BLOCK, 142, TUC_BC5, 4, 4, 16, TUC_SIGNED)               \
    X(BC6H_UFLOAT_BLOCK, 143, TUC_BC6H, 4, 4, 16, 0)                     \
    X(BC6H_SFLOAT_BLOCK, 144, TUC_BC6H, 4, 4, 16, TUC_SIGNED)            \
    X(BC7_UNORM_BLOCK, 145, TUC_BC7, 4, 4, 16, 0)                        \
    X(BC7_SRGB_BLOCK, 146, TUC_BC7, 4, 4, 16, TUC_SRGB)                  \
    X(ETC2_R8G8B8_UNORM_BLOCK, 147, TUC_ETC2_RGB8, 4, 4, 8, 0)           \
    X(ETC2_R8G8B8_SRGB_BLOCK, 148, TUC_ETC2_RGB8, 4, 4, 8, TUC_SRGB)     \
    X(ETC2_R8G8B8A1_UNORM_BLOCK, 149, TUC_ETC2_RGB8A1, 4, 4, 8, 0)       \
    X(ETC2_R8G8B8A1_SRGB_BLOCK, 150, TUC_ETC2_RGB8A1, 4, 4, 8, TUC_SRGB) \
    X(ETC2_R8G8B8A8_UNORM_BLOCK, 151, TUC_ETC2_RGBA8, 4, 4, 16, 0)       \
    X(ETC2_R8G8B8A8_SRGB_BLOCK, 152, TUC_ETC2_RGBA8, 4, 4, 16, TUC_SRGB) \
    X(EAC_R11_UNORM_BLOCK, 153, TUC_EAC_R11, 4, 4, 8, 0)                 \
    X(EAC_R11_SNORM_BLOCK, 154, TUC_EAC_R11, 4, 4, 8, TUC_SIGNED)        \
    X(EAC_R11G11_UNORM_BLOCK, 155, TUC_EAC_RG11, 4, 4, 16, 0)            \
    X(EAC_R11G11_SNORM_BLOCK, 156, TUC_EAC_RG11, 4, 4, 16, TUC_SIGNED)   \
    TUC_ASTC_SIZES(TUC_ASTC_FORMATS_, X)

#define TUC_ASTC_FORMATS_(X, size, w, h, vk, vk_hdr)                      \
    X(ASTC_##size##_UNORM_BLOCK, vk, TUC_ASTC_LDR, w, h, 16, 0)           \
    X(ASTC_##size##_SRGB_BLOCK, vk + 1, TUC_ASTC_LDR, w, h, 16, TUC_SRGB) \
    X(ASTC_##size##_SFLOAT_BLOCK, vk_hdr, TUC_ASTC_HDR, w, h, 16, TUC_SIGNED)

typedef enum tuC_format {
    TUC_FORMAT_NONE = 0,
#define X(name, vk, codec, bw, bh, bytes, flags) TUC_##name,
    TUC_FORMAT_LIST(X)
#undef X
        TUC_FORMAT_COUNT
} tuC_format;

typedef struct tuC_format_info {
    const char *name; /* the Vulkan name without VK_FORMAT_ */
    uint32_t vk_format;
    tuC_codec codec;
    uint8_t block_width, block_height, block_bytes;
    uint8_t flags; /* TUC_SIGNED, TUC_SRGB */
} tuC_format_info;

/* One decoded texel: R, G, B, A (missing components are 0, 0, 0, 1). */
typedef struct tuC_texel {
    float value[4];
    int32_t raw[4]; /* meaningful where the format's raw_kind is not TUC_RAW_NONE */
} tuC_texel;

#define TUC_MAX_BLOCK_TEXELS 144 /* ASTC 12x12 */

/* The description of format f, or NULL when f is not one. */
const tuC_format_info *tuC_format_info_get(tuC_format f);

/* The components a format stores (1..4; the others decode to 0, 0, 0, 1) and what the raw[]
 * of its texels holds. */
unsigned tuC_format_channels(const tuC_format_info *info);
tuC_raw_kind tuC_format_raw_kind(const tuC_format_info *info);

/* The format whose VkFormat number is vk, or TUC_FORMAT_NONE. */
tuC_format tuC_format_from_vk(uint32_t vk);

/* Decode texel (x, y) of the block at block[0 .. block_size). Returns TU_INVALID_ARGUMENT for
 * an unknown format or a NULL pointer, TU_OUT_OF_RANGE for x or y outside the block or a
 * block_size smaller than the format's block; never reads past block_bytes. */
tu_status tuC_decode_texel(tuC_format f, const void *block, size_t block_size, unsigned x,
                           unsigned y, tuC_texel *out, tu_error *err);

/* Decode the whole block into out[0 .. block_width * block_height), row by row; out_count is
 * the room in out. Same errors as tuC_decode_texel (out_count too small: TU_OUT_OF_RANGE). */
tu_status tuC_decode_block(tuC_format f, const void *block, size_t block_size, tuC_texel *out,
                           size_t out_count, tu_error *err);

/* ---- the per-codec decoders (one file each); called with valid arguments only ------------
 * Each decodes the rectangle [x0, x0 + w) x [y0, y0 + h) of the block into out[], row-major,
 * parsing the block once. */
typedef void tuC_decode_fn(const tuC_format_info *fmt, const uint8_t *block, unsigned x0,
                           unsigned y0, unsigned w, unsigned h, tuC_texel *out);

tuC_decode_fn tuC_decode_bc1, tuC_decode_bc2, tuC_decode_bc3, tuC_decode_bc4, tuC_decode_bc5;
tuC_decode_fn tuC_decode_bc6h, tuC_decode_bc7;
tuC_decode_fn tuC_decode_etc2_rgb, tuC_decode_etc2_rgba8, tuC_decode_eac;
tuC_decode_fn tuC_decode_astc;

/* The BPTC partition tables shared by BC6H and BC7 (bc7.c). */
extern const uint16_t tuC_bptc_partition2[64];
extern const uint32_t tuC_bptc_partition3[64];
extern const uint8_t tuC_bptc_anchor2[64], tuC_bptc_anchor3a[64], tuC_bptc_anchor3b[64];
extern const uint8_t tuC_bptc_weights2[4], tuC_bptc_weights3[8], tuC_bptc_weights4[16];

/* Bits [first, first + count) of a little-endian block, count <= 32; the bit reader every
 * decoder uses (no read past byte (first + count - 1) / 8). */
static inline uint32_t tuC_bits(const uint8_t *block, unsigned first, unsigned count) {
    if (count == 0) return 0;
    unsigned byte = first >> 3, shift = first & 7, nbytes = (shift + count + 7) >> 3;
    uint64_t v = 0;
    for (unsigned i = 0; i < nbytes; i++)
        v |= (uint64_t)block[byte + i] << (8 * i);
    return (uint32_t)((v >> shift) & ((1ull << count) - 1));
}

/* Binary16 bits to float, exactly. */
float tuC_half_to_float(uint16_t h);

#endif /* TEXUNIT_COMPRESSED_H */
