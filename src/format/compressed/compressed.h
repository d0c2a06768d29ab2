/* SPDX-License-Identifier: MIT */
/*
 * compressed.h - block decoders for the block formats: BC1-BC7, ETC2/EAC, ASTC, and the 4:2:2
 * formats (2x1 blocks sharing chroma).
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

#include "texunit/format.h"
#include "texunit/format_list.h"
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
    TUC_GBGR_422, /* 4:2:2, G0 B G1 R (ycbcr422.c) */
    TUC_BGRG_422, /* 4:2:2, B G0 R G1 */
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
    TUC_RAW_FP16,    /* binary16 bits (BC6H, ASTC HDR profile) */
    TUC_RAW_UNORM_N /* the 4:2:2 formats' n-bit code (n = 8, 10, 12, 16); value = raw / (2^n - 1) */
} tuC_raw_kind;

#define TUC_SIGNED TU_BLOCK_SIGNED /* SNORM / SFLOAT */
#define TUC_SRGB   TU_BLOCK_SRGB   /* R, G, B are sRGB-encoded: the caller applies the EOTF */

/* The formats: the rows of texunit's one format table (texunit/format_list.h,
 * TU_COMPRESSED_FORMAT_LIST), X(NAME, VkFormat number, codec, block width, block height,
 * bytes per block, flags) with the codec as TUC_<CODEC>. */
#define TUC_ASTC_SIZES     TU_ASTC_SIZES
#define TUC_FORMAT_LIST(X) TU_COMPRESSED_FORMAT_LIST(X)

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

/* The block format of texunit format f, or TUC_FORMAT_NONE when f is not one: both enums list
 * TU_COMPRESSED_FORMAT_LIST in its order, texunit's after its uncompressed formats, so this is
 * a subtraction (the sampler's generic path asks it for every texel it decodes). */
#define TUC_FIRST_TU_FORMAT TU_FORMAT_BC1_RGB_UNORM_BLOCK
_Static_assert(TU_FORMAT_COUNT - TUC_FIRST_TU_FORMAT == TUC_FORMAT_COUNT - 1,
               "texunit's block formats are TU_COMPRESSED_FORMAT_LIST, after the others");
static inline tuC_format tuC_format_of(tu_format f) {
    return (unsigned)f - TUC_FIRST_TU_FORMAT < TUC_FORMAT_COUNT - 1u
               ? (tuC_format)(f - TUC_FIRST_TU_FORMAT + 1)
               : TUC_FORMAT_NONE;
}

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
tuC_decode_fn tuC_decode_422;

/* The BPTC partition tables shared by BC6H and BC7 (bc7.c). */
extern const uint16_t tuC_bptc_partition2[64];
extern const uint32_t tuC_bptc_partition3[64];
extern const uint8_t tuC_bptc_anchor2[64], tuC_bptc_anchor3a[64], tuC_bptc_anchor3b[64];
extern const uint8_t tuC_bptc_weights2[4], tuC_bptc_weights3[8], tuC_bptc_weights4[16];

/* BC6H (bc6h.c): a `bits`-bit endpoint unquantized to 16 bits (17 signed), and an
 * interpolated value to binary16 bits ("finish_unquantize"); the DFS BPTC rules. */
int tuC_bc6h_unquantize(int v, unsigned bits, bool is_signed);
uint16_t tuC_bc6h_finish(int v, bool is_signed);

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

/* ---- the block encoders (encode.c, encode_bc.c, encode_bptc.c, encode_etc.c,
 * encode_astc.c) -----------------------------------------------------------------------------
 * Each format has one simple, always valid encoding (docs/semantics.md, "Compressed formats":
 * which mode each format uses); quality is not the aim, determinism and validity are. */

/* Encode one block from texels[0 .. block_width * block_height), row by row, each R, G, B, A in
 * the space of tuC_texel.value (sRGB formats: the non-linear R', G', B'; the components a
 * format lacks are ignored). Values outside the format's range are clamped, NaN counts as 0.
 * The same texels always give the same bytes. Errors: an unknown format or a NULL pointer
 * (TU_INVALID_ARGUMENT), too few texels or a block_size smaller than the format's block
 * (TU_OUT_OF_RANGE). */
tu_status tuC_encode_block(tuC_format f, const float (*texels)[4], size_t texel_count, void *block,
                           size_t block_size, tu_error *err);

/* A codec's encoder: called with a zeroed block and finite texels. */
typedef void tuC_encode_fn(tuC_format f, const tuC_format_info *fmt, const float (*in)[4],
                           uint8_t *block);
tuC_encode_fn tuC_encode_bc1, tuC_encode_bc2, tuC_encode_bc3, tuC_encode_bc4, tuC_encode_bc5;
tuC_encode_fn tuC_encode_bc6h, tuC_encode_bc7;
tuC_encode_fn tuC_encode_etc2_rgb, tuC_encode_etc2_rgba8, tuC_encode_eac;
tuC_encode_fn tuC_encode_astc;
tuC_encode_fn tuC_encode_422;

/* The encoders choose indices by decoding candidate blocks with the decoders above, so that
 * encoder and decoder cannot disagree. tuC_decode_whole: the whole block (valid arguments).
 * tuC_pick_nearest: for each texel t < texels, the candidate k < count whose decoded texel
 * cand[k * stride + t] lies nearest in[t] (tuC_texel_distance; ties: the lowest k). */
void tuC_decode_whole(tuC_format f, const uint8_t *block, tuC_texel *out);
double tuC_texel_distance(const tuC_format_info *fmt, const tuC_texel *t, const float want[4]);
void tuC_pick_nearest(const tuC_format_info *fmt, const float (*in)[4], unsigned texels,
                      const tuC_texel *cand, unsigned count, unsigned stride, uint8_t *choice);

/* Set bits [first, first + count) of a zeroed little-endian block to v (count <= 32). */
static inline void tuC_put_bits(uint8_t *block, unsigned first, unsigned count, uint32_t v) {
    for (unsigned i = 0; i < count; i++)
        if ((v >> i) & 1u) block[(first + i) >> 3] |= (uint8_t)(1u << ((first + i) & 7));
}

#endif /* TEXUNIT_COMPRESSED_H */
