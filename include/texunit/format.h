/* SPDX-License-Identifier: MIT */
/*
 * texunit/format.h - texel formats: what a format is, and texel decode/encode.
 *
 * The formats and their layouts are one table, texunit/format_list.h. Conversions
 * follow the Vulkan specification's "Fixed-Point Data Conversions" and the Khronos
 * Data Format Specification (unorm, snorm, sRGB, 16/11/10-bit floats, shared
 * exponent); docs/semantics.md lists the choices the documents leave open.
 */
#ifndef TEXUNIT_FORMAT_H
#define TEXUNIT_FORMAT_H

#include "texunit/format_list.h"
#include "texunit/status.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tu_format {
    TU_FORMAT_UNDEFINED = 0,
#define TU_FORMAT_ENUM_(name, vk, bytes, c0, c1, c2, c3) TU_FORMAT_##name,
    TU_FORMAT_LIST(TU_FORMAT_ENUM_)
#undef TU_FORMAT_ENUM_
#define TU_FORMAT_BLOCK_ENUM_(name, vk, codec, bw, bh, bytes, flags) TU_FORMAT_##name,
        TU_COMPRESSED_FORMAT_LIST(TU_FORMAT_BLOCK_ENUM_)
#undef TU_FORMAT_BLOCK_ENUM_
            TU_FORMAT_COUNT
} tu_format;

/* Which component a field of a texel holds. */
typedef enum tu_component {
    TU_COMPONENT_R,
    TU_COMPONENT_G,
    TU_COMPONENT_B,
    TU_COMPONENT_A,
    TU_COMPONENT_D, /* depth: read through the float view as R */
    TU_COMPONENT_S, /* stencil: read through the integer view as R */
    TU_COMPONENT_X, /* padding or shared exponent */
    TU_COMPONENT_L, /* luminance: read as R, G and B; written from R */
    TU_COMPONENT_I  /* intensity: read as R, G, B and A; written from R */
} tu_component;

/* How a field's bits are interpreted. */
typedef enum tu_numeric {
    TU_NUMERIC_UNORM,
    TU_NUMERIC_SNORM,
    TU_NUMERIC_UINT,
    TU_NUMERIC_SINT,
    TU_NUMERIC_SFLOAT,    /* 16 or 32 bits, IEEE 754 binary16 / binary32 */
    TU_NUMERIC_UFLOAT,    /* 11 or 10 bits: 5-bit exponent, 6- or 5-bit mantissa, no sign */
    TU_NUMERIC_SRGB,      /* unorm with the sRGB transfer function */
    TU_NUMERIC_SHAREDEXP, /* mantissa scaled by the format's EXP field */
    TU_NUMERIC_EXP,       /* the shared exponent of E5B9G9R9 */
    TU_NUMERIC_PAD,       /* unused bits */
    TU_NUMERIC_USCALED,   /* the unsigned integer, as a float */
    TU_NUMERIC_SSCALED,   /* the two's-complement integer, as a float */
    TU_NUMERIC_SFIXED5    /* two's-complement fixed point with 5 fraction bits: c / 32 */
} tu_numeric;

/* The numeric class of a format's values as the engine returns them. */
typedef enum tu_format_class {
    TU_CLASS_FLOAT, /* unorm, snorm, scaled, fixed, float, sRGB, depth */
    TU_CLASS_SINT,
    TU_CLASS_UINT /* including S8_UINT */
} tu_format_class;

enum {
    TU_FORMAT_FLAG_DEPTH = 1u << 0,      /* has a depth field */
    TU_FORMAT_FLAG_STENCIL = 1u << 1,    /* has a stencil field */
    TU_FORMAT_FLAG_SRGB = 1u << 2,       /* colour fields use the sRGB curve */
    TU_FORMAT_FLAG_ALPHA = 1u << 3,      /* has an alpha field */
    TU_FORMAT_FLAG_SHARED_EXP = 1u << 4, /* E5B9G9R9 */
    TU_FORMAT_FLAG_PACKED = 1u << 5,     /* some field is not a whole 8/16/32-bit element */
    TU_FORMAT_FLAG_COMPRESSED = 1u << 6  /* a block format (block-compressed, or 4:2:2 with
                                            its 2x1 blocks): bytes is per block; the channels
                                            name the components and their numeric type, with
                                            bits and shift 0 (no per-texel field) */
};

typedef struct tu_channel {
    uint8_t component; /* tu_component */
    uint8_t numeric;   /* tu_numeric */
    uint8_t bits;      /* width of the field */
    uint8_t shift;     /* position of its lowest bit in the little-endian texel */
} tu_channel;

typedef struct tu_format_desc {
    tu_format format;
    const char *name;   /* "R8G8B8A8_UNORM" */
    uint32_t vk_format; /* VkFormat number; 0 for a format Vulkan lacks (Intel's) */
    uint8_t bytes;      /* bytes per texel, or per block (TU_FORMAT_FLAG_COMPRESSED) */
    uint8_t channel_count;
    uint8_t format_class; /* tu_format_class */
    uint8_t flags;        /* TU_FORMAT_FLAG_* */
    tu_channel channels[4];
    uint8_t block_width, block_height; /* texels per block: 1 x 1 for uncompressed formats */
} tu_format_desc;

/* One texel as the engine sees it: four components, typed by the format's class. */
typedef union tu_texel {
    float f[4];
    int32_t i[4];
    uint32_t u[4];
} tu_texel;

/* The table row of format, or NULL for TU_FORMAT_UNDEFINED and values outside the enum. */
TU_API const tu_format_desc *tu_format_describe(tu_format format);

/* True for a format of the table (not UNDEFINED, not out of range). */
TU_API bool tu_format_is_valid(tu_format format);

/* Bytes per texel (per block for a compressed format); 0 for an invalid format. */
TU_API uint32_t tu_format_bytes(tu_format format);

/* True for a block format (BC1-BC7, ETC2, EAC, ASTC, and the 4:2:2 formats, whose 2x1 blocks
 * share chroma): its texels are not individually addressable, so tu_format_decode /
 * tu_format_encode do not apply to it. */
TU_API bool tu_format_is_compressed(tu_format format);

/* Look a format up by name: "R8G8B8A8_UNORM", "r8g8b8a8_unorm", "TU_FORMAT_R8G8B8A8_UNORM" or
 * "VK_FORMAT_R8G8B8A8_UNORM", any case, also by the extension names Vulkan keeps as aliases
 * (A8_UNORM_KHR, A4R4G4B4_UNORM_PACK16_EXT, R16G16_S10_5_NV, ...). TU_FORMAT_UNDEFINED when there
 * is no such format. */
TU_API tu_format tu_format_from_name(const char *name);

/* The format whose VkFormat number is vk_format, or TU_FORMAT_UNDEFINED (also for 0). */
TU_API tu_format tu_format_from_vk(uint32_t vk_format);
/* "VK_FORMAT_R8G8B8_UNORM" for a VkFormat number of Vulkan 1.3 core or of the extensions the KTX
 * File Format Specification 2.0 lists, whether or not texunit's table holds it; NULL for other
 * numbers. */
TU_API const char *tu_vk_format_name(uint32_t vk_format);

/* Why texunit's table does not hold the VkFormat vk_format ("multi-planar: ..."), for the
 * numbers tu_vk_format_name knows and the table lacks; NULL for the others. */
TU_API const char *tu_vk_format_refusal(uint32_t vk_format);

/*
 * Decode the texel at src (tu_format_bytes(format) bytes, any alignment) into out,
 * typed by the format's class: f[] for TU_CLASS_FLOAT, i[] for SINT, u[] for UINT.
 * Components the format lacks read as 0, 0, 0 and 1 (1.0f, or integer 1).
 * Depth reads as R through the float view; S8_UINT reads its stencil as R; the
 * stencil of a combined depth/stencil format is read with tu_format_decode_stencil.
 * format must be valid (tu_format_is_valid); otherwise out is set to (0, 0, 0, 1.0f). A
 * compressed format's texels are not fields of bytes: out is its zero texel, 0 in every
 * component the format has, the others 0, 0, 0, 1 (what an out-of-bounds read returns).
 */
TU_API void tu_format_decode(tu_format format, const void *src, tu_texel *out);

/* The stencil value of a texel of a format with a stencil field; 0 for other formats. */
TU_API uint32_t tu_format_decode_stencil(tu_format format, const void *src);

/*
 * Encode in (typed by the format's class) into the texel at dst, writing exactly
 * tu_format_bytes(format) bytes: padding bits and any stencil field become 0.
 * Conversions: unorm/snorm/sRGB clamp to their range and round to nearest even, NaN
 * becomes 0; integers saturate to the field's range; USCALED / SSCALED and SFIXED5 round
 * to nearest even (SFIXED5: in steps of 1/32) and saturate, NaN becomes 0; 16-bit floats round to
 * nearest even (overflow to infinity); 11/10-bit floats clamp negative values to 0 and finite
 * overflow to the largest finite value, keep NaN and +Inf; E5B9G9R9 follows
 * EXT_texture_shared_exponent (round half up, NaN and negatives to 0, values above
 * 65408 including +Inf to 65408: it has no NaN or Inf). For an invalid or compressed
 * format nothing is written.
 */
TU_API void tu_format_encode(tu_format format, const tu_texel *in, void *dst);

/* Set the stencil field of the texel at dst to stencil (saturated), keeping other bits. */
TU_API void tu_format_encode_stencil(tu_format format, uint32_t stencil, void *dst);

/* Scalar conversions the table's numeric types use, exposed for front ends and tests. */
TU_API float tu_half_to_float(uint16_t h);
TU_API uint16_t tu_float_to_half(float f);                              /* round to nearest even */
TU_API float tu_ufloat_to_float(uint32_t bits, unsigned mantissa_bits); /* 6 (11-bit), 5 (10-bit) */
TU_API uint32_t tu_float_to_ufloat(float f, unsigned mantissa_bits);
TU_API float tu_srgb_to_linear(float c); /* the exact sRGB EOTF, c in [0, 1] */
TU_API float tu_linear_to_srgb(float l); /* its inverse, l clamped to [0, 1] */

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_FORMAT_H */
