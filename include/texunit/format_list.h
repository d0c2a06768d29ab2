/* SPDX-License-Identifier: MIT */
/*
 * texunit/format_list.h - THE format table. Everything about a format is here, once.
 *
 * Schema of a row:
 *
 *   F(NAME, VK, BYTES, ch0, ch1, ch2, ch3)
 *
 *   NAME   the Vulkan name without the VK_FORMAT_ prefix (vendor suffixes kept: _NV); the
 *          enum is TU_FORMAT_<NAME>. Intel's hardware formats use isl's names (below).
 *   VK     the VkFormat number (Vulkan registry, vk.xml / vulkan_core.h); KTX2 stores it.
 *          0 for the Intel formats, which have none.
 *   BYTES  bytes per texel.
 *   chN    the fields of the texel in memory order, from bit 0 of the little-endian
 *          texel upward: TU_CH(COMPONENT, NUMERIC, BITS), TU_CHP(COMPONENT, NUMERIC, BITS,
 *          PAD) for a field above PAD unused bits (R10X6: 6 unused bits, then R in bits
 *          15:6), or TU_NOCH for none.
 *            COMPONENT  R G B A (colour), D (depth), S (stencil), X (padding or the
 *                       shared exponent: no component of its own), L (luminance: read as
 *                       R, G and B), I (intensity: read as R, G, B and A)
 *            NUMERIC    UNORM SNORM UINT SINT SFLOAT UFLOAT SRGB, USCALED / SSCALED (the
 *                       unsigned / signed integer as a float), SFIXED5 (signed fixed point
 *                       with 5 fraction bits), SHAREDEXP (a mantissa scaled by the EXP
 *                       field), EXP (the shared exponent), PAD (unused bits)
 *
 * Packed formats list their fields from the least significant bit, so the Vulkan
 * name reads right to left: A2B10G10R10_UNORM_PACK32 is R10 G10 B10 A2 here
 * (Vulkan spec, "Packed Formats": the first component named occupies the most
 * significant bits). Array formats (R8G8B8A8_UNORM) store the first component in the
 * lowest byte, which is the same rule on a little-endian texel.
 *
 * Layouts the documents leave to the implementation (docs/semantics.md, "Formats"):
 *   D24_UNORM_S8_UINT: depth in bits 23:0, stencil in bits 31:24 (one 32-bit word).
 *   D32_SFLOAT_S8_UINT: depth in bytes 0-3, stencil in byte 4, bytes 5-7 unused.
 *   D16_UNORM_S8_UINT: depth in bytes 0-1, stencil in byte 2, byte 3 unused: the layout
 *   of KTX 2.0 "Depth and Stencil Formats" and of the KTX-Software files that hold it.
 *
 * The Intel hardware formats the sampler reads and Vulkan lacks (luminance, intensity and
 * alpha-only formats, X-padded ones, sRGB forms of packed formats, mixed SNORM/UNORM
 * fields) follow isl's table, Mesa src/intel/isl/isl_format_layout.csv: its names, which
 * list the fields from bit 0 upward for every format (isl B5G6R5 is Vulkan's R5G6B5_PACK16),
 * and its channel types; the rows are those its src/intel/isl/isl_format.c format_info
 * marks sampled. L reads as (L, L, L, 1), I as (I, I, I, I), A-only as (0, 0, 0, A), X
 * padding as absent (alpha 1): the sampler output channel mapping of Intel's PRM, Volume
 * "3D Media GPGPU", "Sampler Output Channel Mapping", as isl_format.c cites it.
 *
 * src/format/format_table.c checks at compile time that the fields of every row add up to
 * 8 * BYTES; tests/test_format.c checks the VK numbers against vulkan_core.h.
 */
#ifndef TEXUNIT_FORMAT_LIST_H
#define TEXUNIT_FORMAT_LIST_H

/* clang-format off */
#define TU_FORMAT_LIST(F) TU_VK_FORMAT_LIST(F) TU_ISL_FORMAT_LIST(F)

/* The Vulkan formats. */
#define TU_VK_FORMAT_LIST(F) \
    /* 8-bit per channel: R, RG, RGBA, BGRA */ \
    F(R8_UNORM,            9, 1, TU_CH(R,UNORM,8), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R8_SNORM,           10, 1, TU_CH(R,SNORM,8), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R8_UINT,            13, 1, TU_CH(R,UINT,8),  TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R8_SINT,            14, 1, TU_CH(R,SINT,8),  TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R8_SRGB,            15, 1, TU_CH(R,SRGB,8),  TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R8G8_UNORM,         16, 2, TU_CH(R,UNORM,8), TU_CH(G,UNORM,8), TU_NOCH, TU_NOCH) \
    F(R8G8_SNORM,         17, 2, TU_CH(R,SNORM,8), TU_CH(G,SNORM,8), TU_NOCH, TU_NOCH) \
    F(R8G8_UINT,          20, 2, TU_CH(R,UINT,8),  TU_CH(G,UINT,8),  TU_NOCH, TU_NOCH) \
    F(R8G8_SINT,          21, 2, TU_CH(R,SINT,8),  TU_CH(G,SINT,8),  TU_NOCH, TU_NOCH) \
    F(R8G8_SRGB,          22, 2, TU_CH(R,SRGB,8),  TU_CH(G,SRGB,8),  TU_NOCH, TU_NOCH) \
    F(R8G8B8A8_UNORM,     37, 4, TU_CH(R,UNORM,8), TU_CH(G,UNORM,8), TU_CH(B,UNORM,8), TU_CH(A,UNORM,8)) \
    F(R8G8B8A8_SNORM,     38, 4, TU_CH(R,SNORM,8), TU_CH(G,SNORM,8), TU_CH(B,SNORM,8), TU_CH(A,SNORM,8)) \
    F(R8G8B8A8_UINT,      41, 4, TU_CH(R,UINT,8),  TU_CH(G,UINT,8),  TU_CH(B,UINT,8),  TU_CH(A,UINT,8)) \
    F(R8G8B8A8_SINT,      42, 4, TU_CH(R,SINT,8),  TU_CH(G,SINT,8),  TU_CH(B,SINT,8),  TU_CH(A,SINT,8)) \
    F(R8G8B8A8_SRGB,      43, 4, TU_CH(R,SRGB,8),  TU_CH(G,SRGB,8),  TU_CH(B,SRGB,8),  TU_CH(A,UNORM,8)) \
    F(B8G8R8A8_UNORM,     44, 4, TU_CH(B,UNORM,8), TU_CH(G,UNORM,8), TU_CH(R,UNORM,8), TU_CH(A,UNORM,8)) \
    F(B8G8R8A8_SNORM,     45, 4, TU_CH(B,SNORM,8), TU_CH(G,SNORM,8), TU_CH(R,SNORM,8), TU_CH(A,SNORM,8)) \
    F(B8G8R8A8_UINT,      48, 4, TU_CH(B,UINT,8),  TU_CH(G,UINT,8),  TU_CH(R,UINT,8),  TU_CH(A,UINT,8)) \
    F(B8G8R8A8_SINT,      49, 4, TU_CH(B,SINT,8),  TU_CH(G,SINT,8),  TU_CH(R,SINT,8),  TU_CH(A,SINT,8)) \
    F(B8G8R8A8_SRGB,      50, 4, TU_CH(B,SRGB,8),  TU_CH(G,SRGB,8),  TU_CH(R,SRGB,8),  TU_CH(A,UNORM,8)) \
    /* 16-bit per channel: R, RG, RGBA */ \
    F(R16_UNORM,          70, 2, TU_CH(R,UNORM,16),  TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R16_SNORM,          71, 2, TU_CH(R,SNORM,16),  TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R16_UINT,           74, 2, TU_CH(R,UINT,16),   TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R16_SINT,           75, 2, TU_CH(R,SINT,16),   TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R16_SFLOAT,         76, 2, TU_CH(R,SFLOAT,16), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R16G16_UNORM,       77, 4, TU_CH(R,UNORM,16),  TU_CH(G,UNORM,16),  TU_NOCH, TU_NOCH) \
    F(R16G16_SNORM,       78, 4, TU_CH(R,SNORM,16),  TU_CH(G,SNORM,16),  TU_NOCH, TU_NOCH) \
    F(R16G16_UINT,        81, 4, TU_CH(R,UINT,16),   TU_CH(G,UINT,16),   TU_NOCH, TU_NOCH) \
    F(R16G16_SINT,        82, 4, TU_CH(R,SINT,16),   TU_CH(G,SINT,16),   TU_NOCH, TU_NOCH) \
    F(R16G16_SFLOAT,      83, 4, TU_CH(R,SFLOAT,16), TU_CH(G,SFLOAT,16), TU_NOCH, TU_NOCH) \
    F(R16G16B16A16_UNORM, 91, 8, TU_CH(R,UNORM,16),  TU_CH(G,UNORM,16),  TU_CH(B,UNORM,16),  TU_CH(A,UNORM,16)) \
    F(R16G16B16A16_SNORM, 92, 8, TU_CH(R,SNORM,16),  TU_CH(G,SNORM,16),  TU_CH(B,SNORM,16),  TU_CH(A,SNORM,16)) \
    F(R16G16B16A16_UINT,  95, 8, TU_CH(R,UINT,16),   TU_CH(G,UINT,16),   TU_CH(B,UINT,16),   TU_CH(A,UINT,16)) \
    F(R16G16B16A16_SINT,  96, 8, TU_CH(R,SINT,16),   TU_CH(G,SINT,16),   TU_CH(B,SINT,16),   TU_CH(A,SINT,16)) \
    F(R16G16B16A16_SFLOAT,97, 8, TU_CH(R,SFLOAT,16), TU_CH(G,SFLOAT,16), TU_CH(B,SFLOAT,16), TU_CH(A,SFLOAT,16)) \
    /* 32-bit per channel: R, RG, RGB, RGBA */ \
    F(R32_UINT,           98,  4, TU_CH(R,UINT,32),   TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R32_SINT,           99,  4, TU_CH(R,SINT,32),   TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R32_SFLOAT,         100, 4, TU_CH(R,SFLOAT,32), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R32G32_UINT,        101, 8, TU_CH(R,UINT,32),   TU_CH(G,UINT,32),   TU_NOCH, TU_NOCH) \
    F(R32G32_SINT,        102, 8, TU_CH(R,SINT,32),   TU_CH(G,SINT,32),   TU_NOCH, TU_NOCH) \
    F(R32G32_SFLOAT,      103, 8, TU_CH(R,SFLOAT,32), TU_CH(G,SFLOAT,32), TU_NOCH, TU_NOCH) \
    F(R32G32B32_UINT,     104, 12, TU_CH(R,UINT,32),   TU_CH(G,UINT,32),   TU_CH(B,UINT,32),   TU_NOCH) \
    F(R32G32B32_SINT,     105, 12, TU_CH(R,SINT,32),   TU_CH(G,SINT,32),   TU_CH(B,SINT,32),   TU_NOCH) \
    F(R32G32B32_SFLOAT,   106, 12, TU_CH(R,SFLOAT,32), TU_CH(G,SFLOAT,32), TU_CH(B,SFLOAT,32), TU_NOCH) \
    F(R32G32B32A32_UINT,  107, 16, TU_CH(R,UINT,32),   TU_CH(G,UINT,32),   TU_CH(B,UINT,32),   TU_CH(A,UINT,32)) \
    F(R32G32B32A32_SINT,  108, 16, TU_CH(R,SINT,32),   TU_CH(G,SINT,32),   TU_CH(B,SINT,32),   TU_CH(A,SINT,32)) \
    F(R32G32B32A32_SFLOAT,109, 16, TU_CH(R,SFLOAT,32), TU_CH(G,SFLOAT,32), TU_CH(B,SFLOAT,32), TU_CH(A,SFLOAT,32)) \
    /* packed */ \
    F(R4G4B4A4_UNORM_PACK16,    2, 2, TU_CH(A,UNORM,4),  TU_CH(B,UNORM,4),  TU_CH(G,UNORM,4),  TU_CH(R,UNORM,4)) \
    F(R5G6B5_UNORM_PACK16,      4, 2, TU_CH(B,UNORM,5),  TU_CH(G,UNORM,6),  TU_CH(R,UNORM,5),  TU_NOCH) \
    F(R5G5B5A1_UNORM_PACK16,    6, 2, TU_CH(A,UNORM,1),  TU_CH(B,UNORM,5),  TU_CH(G,UNORM,5),  TU_CH(R,UNORM,5)) \
    F(A2B10G10R10_UNORM_PACK32, 64, 4, TU_CH(R,UNORM,10), TU_CH(G,UNORM,10), TU_CH(B,UNORM,10), TU_CH(A,UNORM,2)) \
    F(A2B10G10R10_UINT_PACK32,  68, 4, TU_CH(R,UINT,10),  TU_CH(G,UINT,10),  TU_CH(B,UINT,10),  TU_CH(A,UINT,2)) \
    F(B10G11R11_UFLOAT_PACK32, 122, 4, TU_CH(R,UFLOAT,11), TU_CH(G,UFLOAT,11), TU_CH(B,UFLOAT,10), TU_NOCH) \
    F(E5B9G9R9_UFLOAT_PACK32,  123, 4, TU_CH(R,SHAREDEXP,9), TU_CH(G,SHAREDEXP,9), TU_CH(B,SHAREDEXP,9), TU_CH(X,EXP,5)) \
    /* depth / stencil */ \
    F(D16_UNORM,           124, 2, TU_CH(D,UNORM,16),  TU_NOCH, TU_NOCH, TU_NOCH) \
    F(X8_D24_UNORM_PACK32, 125, 4, TU_CH(D,UNORM,24),  TU_CH(X,PAD,8), TU_NOCH, TU_NOCH) \
    F(D32_SFLOAT,          126, 4, TU_CH(D,SFLOAT,32), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(S8_UINT,             127, 1, TU_CH(S,UINT,8),    TU_NOCH, TU_NOCH, TU_NOCH) \
    F(D24_UNORM_S8_UINT,   129, 4, TU_CH(D,UNORM,24),  TU_CH(S,UINT,8), TU_NOCH, TU_NOCH) \
    F(D32_SFLOAT_S8_UINT,  130, 8, TU_CH(D,SFLOAT,32), TU_CH(S,UINT,8), TU_CH(X,PAD,24), TU_NOCH) \
    /* 8-bit scaled, three-component, A8B8G8R8; A8_UNORM (VK_KHR_maintenance5) */ \
    F(R8_USCALED,                                        11,  1, TU_CH(R,USCALED,8), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R8_SSCALED,                                        12,  1, TU_CH(R,SSCALED,8), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R8G8_USCALED,                                      18,  2, TU_CH(R,USCALED,8), TU_CH(G,USCALED,8), TU_NOCH, TU_NOCH) \
    F(R8G8_SSCALED,                                      19,  2, TU_CH(R,SSCALED,8), TU_CH(G,SSCALED,8), TU_NOCH, TU_NOCH) \
    F(R8G8B8A8_USCALED,                                  39,  4, TU_CH(R,USCALED,8), TU_CH(G,USCALED,8), TU_CH(B,USCALED,8), TU_CH(A,USCALED,8)) \
    F(R8G8B8A8_SSCALED,                                  40,  4, TU_CH(R,SSCALED,8), TU_CH(G,SSCALED,8), TU_CH(B,SSCALED,8), TU_CH(A,SSCALED,8)) \
    F(B8G8R8A8_USCALED,                                  46,  4, TU_CH(B,USCALED,8), TU_CH(G,USCALED,8), TU_CH(R,USCALED,8), TU_CH(A,USCALED,8)) \
    F(B8G8R8A8_SSCALED,                                  47,  4, TU_CH(B,SSCALED,8), TU_CH(G,SSCALED,8), TU_CH(R,SSCALED,8), TU_CH(A,SSCALED,8)) \
    F(R8G8B8_UNORM,                                      23,  3, TU_CH(R,UNORM,8), TU_CH(G,UNORM,8), TU_CH(B,UNORM,8), TU_NOCH) \
    F(R8G8B8_SNORM,                                      24,  3, TU_CH(R,SNORM,8), TU_CH(G,SNORM,8), TU_CH(B,SNORM,8), TU_NOCH) \
    F(R8G8B8_USCALED,                                    25,  3, TU_CH(R,USCALED,8), TU_CH(G,USCALED,8), TU_CH(B,USCALED,8), TU_NOCH) \
    F(R8G8B8_SSCALED,                                    26,  3, TU_CH(R,SSCALED,8), TU_CH(G,SSCALED,8), TU_CH(B,SSCALED,8), TU_NOCH) \
    F(R8G8B8_UINT,                                       27,  3, TU_CH(R,UINT,8), TU_CH(G,UINT,8), TU_CH(B,UINT,8), TU_NOCH) \
    F(R8G8B8_SINT,                                       28,  3, TU_CH(R,SINT,8), TU_CH(G,SINT,8), TU_CH(B,SINT,8), TU_NOCH) \
    F(R8G8B8_SRGB,                                       29,  3, TU_CH(R,SRGB,8), TU_CH(G,SRGB,8), TU_CH(B,SRGB,8), TU_NOCH) \
    F(B8G8R8_UNORM,                                      30,  3, TU_CH(B,UNORM,8), TU_CH(G,UNORM,8), TU_CH(R,UNORM,8), TU_NOCH) \
    F(B8G8R8_SNORM,                                      31,  3, TU_CH(B,SNORM,8), TU_CH(G,SNORM,8), TU_CH(R,SNORM,8), TU_NOCH) \
    F(B8G8R8_USCALED,                                    32,  3, TU_CH(B,USCALED,8), TU_CH(G,USCALED,8), TU_CH(R,USCALED,8), TU_NOCH) \
    F(B8G8R8_SSCALED,                                    33,  3, TU_CH(B,SSCALED,8), TU_CH(G,SSCALED,8), TU_CH(R,SSCALED,8), TU_NOCH) \
    F(B8G8R8_UINT,                                       34,  3, TU_CH(B,UINT,8), TU_CH(G,UINT,8), TU_CH(R,UINT,8), TU_NOCH) \
    F(B8G8R8_SINT,                                       35,  3, TU_CH(B,SINT,8), TU_CH(G,SINT,8), TU_CH(R,SINT,8), TU_NOCH) \
    F(B8G8R8_SRGB,                                       36,  3, TU_CH(B,SRGB,8), TU_CH(G,SRGB,8), TU_CH(R,SRGB,8), TU_NOCH) \
    F(A8B8G8R8_UNORM_PACK32,                             51,  4, TU_CH(R,UNORM,8), TU_CH(G,UNORM,8), TU_CH(B,UNORM,8), TU_CH(A,UNORM,8)) \
    F(A8B8G8R8_SNORM_PACK32,                             52,  4, TU_CH(R,SNORM,8), TU_CH(G,SNORM,8), TU_CH(B,SNORM,8), TU_CH(A,SNORM,8)) \
    F(A8B8G8R8_USCALED_PACK32,                           53,  4, TU_CH(R,USCALED,8), TU_CH(G,USCALED,8), TU_CH(B,USCALED,8), TU_CH(A,USCALED,8)) \
    F(A8B8G8R8_SSCALED_PACK32,                           54,  4, TU_CH(R,SSCALED,8), TU_CH(G,SSCALED,8), TU_CH(B,SSCALED,8), TU_CH(A,SSCALED,8)) \
    F(A8B8G8R8_UINT_PACK32,                              55,  4, TU_CH(R,UINT,8), TU_CH(G,UINT,8), TU_CH(B,UINT,8), TU_CH(A,UINT,8)) \
    F(A8B8G8R8_SINT_PACK32,                              56,  4, TU_CH(R,SINT,8), TU_CH(G,SINT,8), TU_CH(B,SINT,8), TU_CH(A,SINT,8)) \
    F(A8B8G8R8_SRGB_PACK32,                              57,  4, TU_CH(R,SRGB,8), TU_CH(G,SRGB,8), TU_CH(B,SRGB,8), TU_CH(A,UNORM,8)) \
    F(A8_UNORM,                                  1000470001,  1, TU_CH(A,UNORM,8), TU_NOCH, TU_NOCH, TU_NOCH) \
    /* 16-bit scaled and three-component; R16G16_SFIXED5_NV (VK_NV_optical_flow) */ \
    F(R16_USCALED,                                       72,  2, TU_CH(R,USCALED,16), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R16_SSCALED,                                       73,  2, TU_CH(R,SSCALED,16), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R16G16_USCALED,                                    79,  4, TU_CH(R,USCALED,16), TU_CH(G,USCALED,16), TU_NOCH, TU_NOCH) \
    F(R16G16_SSCALED,                                    80,  4, TU_CH(R,SSCALED,16), TU_CH(G,SSCALED,16), TU_NOCH, TU_NOCH) \
    F(R16G16B16A16_USCALED,                              93,  8, TU_CH(R,USCALED,16), TU_CH(G,USCALED,16), TU_CH(B,USCALED,16), TU_CH(A,USCALED,16)) \
    F(R16G16B16A16_SSCALED,                              94,  8, TU_CH(R,SSCALED,16), TU_CH(G,SSCALED,16), TU_CH(B,SSCALED,16), TU_CH(A,SSCALED,16)) \
    F(R16G16B16_UNORM,                                   84,  6, TU_CH(R,UNORM,16), TU_CH(G,UNORM,16), TU_CH(B,UNORM,16), TU_NOCH) \
    F(R16G16B16_SNORM,                                   85,  6, TU_CH(R,SNORM,16), TU_CH(G,SNORM,16), TU_CH(B,SNORM,16), TU_NOCH) \
    F(R16G16B16_USCALED,                                 86,  6, TU_CH(R,USCALED,16), TU_CH(G,USCALED,16), TU_CH(B,USCALED,16), TU_NOCH) \
    F(R16G16B16_SSCALED,                                 87,  6, TU_CH(R,SSCALED,16), TU_CH(G,SSCALED,16), TU_CH(B,SSCALED,16), TU_NOCH) \
    F(R16G16B16_UINT,                                    88,  6, TU_CH(R,UINT,16), TU_CH(G,UINT,16), TU_CH(B,UINT,16), TU_NOCH) \
    F(R16G16B16_SINT,                                    89,  6, TU_CH(R,SINT,16), TU_CH(G,SINT,16), TU_CH(B,SINT,16), TU_NOCH) \
    F(R16G16B16_SFLOAT,                                  90,  6, TU_CH(R,SFLOAT,16), TU_CH(G,SFLOAT,16), TU_CH(B,SFLOAT,16), TU_NOCH) \
    F(R16G16_SFIXED5_NV,                         1000464000,  4, TU_CH(R,SFIXED5,16), TU_CH(G,SFIXED5,16), TU_NOCH, TU_NOCH) \
    /* packed 8- and 16-bit (A4R4G4B4, A4B4G4R4: 1.3 core; A1B5G5R5: VK_KHR_maintenance5) */ \
    F(R4G4_UNORM_PACK8,                                   1,  1, TU_CH(G,UNORM,4), TU_CH(R,UNORM,4), TU_NOCH, TU_NOCH) \
    F(B4G4R4A4_UNORM_PACK16,                              3,  2, TU_CH(A,UNORM,4), TU_CH(R,UNORM,4), TU_CH(G,UNORM,4), TU_CH(B,UNORM,4)) \
    F(B5G6R5_UNORM_PACK16,                                5,  2, TU_CH(R,UNORM,5), TU_CH(G,UNORM,6), TU_CH(B,UNORM,5), TU_NOCH) \
    F(B5G5R5A1_UNORM_PACK16,                              7,  2, TU_CH(A,UNORM,1), TU_CH(R,UNORM,5), TU_CH(G,UNORM,5), TU_CH(B,UNORM,5)) \
    F(A1R5G5B5_UNORM_PACK16,                              8,  2, TU_CH(B,UNORM,5), TU_CH(G,UNORM,5), TU_CH(R,UNORM,5), TU_CH(A,UNORM,1)) \
    F(A4R4G4B4_UNORM_PACK16,                     1000340000,  2, TU_CH(B,UNORM,4), TU_CH(G,UNORM,4), TU_CH(R,UNORM,4), TU_CH(A,UNORM,4)) \
    F(A4B4G4R4_UNORM_PACK16,                     1000340001,  2, TU_CH(R,UNORM,4), TU_CH(G,UNORM,4), TU_CH(B,UNORM,4), TU_CH(A,UNORM,4)) \
    F(A1B5G5R5_UNORM_PACK16,                     1000470000,  2, TU_CH(R,UNORM,5), TU_CH(G,UNORM,5), TU_CH(B,UNORM,5), TU_CH(A,UNORM,1)) \
    /* packed 32-bit 2:10:10:10 */ \
    F(A2R10G10B10_UNORM_PACK32,                          58,  4, TU_CH(B,UNORM,10), TU_CH(G,UNORM,10), TU_CH(R,UNORM,10), TU_CH(A,UNORM,2)) \
    F(A2R10G10B10_SNORM_PACK32,                          59,  4, TU_CH(B,SNORM,10), TU_CH(G,SNORM,10), TU_CH(R,SNORM,10), TU_CH(A,SNORM,2)) \
    F(A2R10G10B10_USCALED_PACK32,                        60,  4, TU_CH(B,USCALED,10), TU_CH(G,USCALED,10), TU_CH(R,USCALED,10), TU_CH(A,USCALED,2)) \
    F(A2R10G10B10_SSCALED_PACK32,                        61,  4, TU_CH(B,SSCALED,10), TU_CH(G,SSCALED,10), TU_CH(R,SSCALED,10), TU_CH(A,SSCALED,2)) \
    F(A2R10G10B10_UINT_PACK32,                           62,  4, TU_CH(B,UINT,10), TU_CH(G,UINT,10), TU_CH(R,UINT,10), TU_CH(A,UINT,2)) \
    F(A2R10G10B10_SINT_PACK32,                           63,  4, TU_CH(B,SINT,10), TU_CH(G,SINT,10), TU_CH(R,SINT,10), TU_CH(A,SINT,2)) \
    F(A2B10G10R10_SNORM_PACK32,                          65,  4, TU_CH(R,SNORM,10), TU_CH(G,SNORM,10), TU_CH(B,SNORM,10), TU_CH(A,SNORM,2)) \
    F(A2B10G10R10_USCALED_PACK32,                        66,  4, TU_CH(R,USCALED,10), TU_CH(G,USCALED,10), TU_CH(B,USCALED,10), TU_CH(A,USCALED,2)) \
    F(A2B10G10R10_SSCALED_PACK32,                        67,  4, TU_CH(R,SSCALED,10), TU_CH(G,SSCALED,10), TU_CH(B,SSCALED,10), TU_CH(A,SSCALED,2)) \
    F(A2B10G10R10_SINT_PACK32,                           69,  4, TU_CH(R,SINT,10), TU_CH(G,SINT,10), TU_CH(B,SINT,10), TU_CH(A,SINT,2)) \
    /* 10- and 12-bit values in the top bits of 16-bit words (1.1 core) */ \
    F(R10X6_UNORM_PACK16,                        1000156007,  2, TU_CHP(R,UNORM,10,6), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R10X6G10X6_UNORM_2PACK16,                  1000156008,  4, TU_CHP(R,UNORM,10,6), TU_CHP(G,UNORM,10,6), TU_NOCH, TU_NOCH) \
    F(R10X6G10X6B10X6A10X6_UNORM_4PACK16,        1000156009,  8, TU_CHP(R,UNORM,10,6), TU_CHP(G,UNORM,10,6), TU_CHP(B,UNORM,10,6), TU_CHP(A,UNORM,10,6)) \
    F(R12X4_UNORM_PACK16,                        1000156017,  2, TU_CHP(R,UNORM,12,4), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(R12X4G12X4_UNORM_2PACK16,                  1000156018,  4, TU_CHP(R,UNORM,12,4), TU_CHP(G,UNORM,12,4), TU_NOCH, TU_NOCH) \
    F(R12X4G12X4B12X4A12X4_UNORM_4PACK16,        1000156019,  8, TU_CHP(R,UNORM,12,4), TU_CHP(G,UNORM,12,4), TU_CHP(B,UNORM,12,4), TU_CHP(A,UNORM,12,4)) \
    /* D16_UNORM_S8_UINT: depth in bytes 0-1, stencil in byte 2 (see above) */ \
    F(D16_UNORM_S8_UINT,                                128,  4, TU_CH(D,UNORM,16), TU_CH(S,UINT,8), TU_CH(X,PAD,8), TU_NOCH)

/* The Intel hardware formats the sampler reads and Vulkan lacks (see above): VK 0. */
#define TU_ISL_FORMAT_LIST(F) \
    F(R32G32B32X32_FLOAT,                                 0, 16, TU_CH(R,SFLOAT,32), TU_CH(G,SFLOAT,32), TU_CH(B,SFLOAT,32), TU_CH(X,PAD,32)) \
    F(R16G16B16X16_UNORM,                                 0,  8, TU_CH(R,UNORM,16), TU_CH(G,UNORM,16), TU_CH(B,UNORM,16), TU_CH(X,PAD,16)) \
    F(R16G16B16X16_FLOAT,                                 0,  8, TU_CH(R,SFLOAT,16), TU_CH(G,SFLOAT,16), TU_CH(B,SFLOAT,16), TU_CH(X,PAD,16)) \
    F(R8G8B8X8_UNORM,                                     0,  4, TU_CH(R,UNORM,8), TU_CH(G,UNORM,8), TU_CH(B,UNORM,8), TU_CH(X,PAD,8)) \
    F(R8G8B8X8_UNORM_SRGB,                                0,  4, TU_CH(R,SRGB,8), TU_CH(G,SRGB,8), TU_CH(B,SRGB,8), TU_CH(X,PAD,8)) \
    F(B8G8R8X8_UNORM,                                     0,  4, TU_CH(B,UNORM,8), TU_CH(G,UNORM,8), TU_CH(R,UNORM,8), TU_CH(X,PAD,8)) \
    F(B8G8R8X8_UNORM_SRGB,                                0,  4, TU_CH(B,SRGB,8), TU_CH(G,SRGB,8), TU_CH(R,SRGB,8), TU_CH(X,PAD,8)) \
    F(B10G10R10X2_UNORM,                                  0,  4, TU_CH(B,UNORM,10), TU_CH(G,UNORM,10), TU_CH(R,UNORM,10), TU_CH(X,PAD,2)) \
    F(R10G10B10A2_UNORM_SRGB,                             0,  4, TU_CH(R,SRGB,10), TU_CH(G,SRGB,10), TU_CH(B,SRGB,10), TU_CH(A,UNORM,2)) \
    F(B10G10R10A2_UNORM_SRGB,                             0,  4, TU_CH(B,SRGB,10), TU_CH(G,SRGB,10), TU_CH(R,SRGB,10), TU_CH(A,UNORM,2)) \
    F(R10G10B10_SNORM_A2_UNORM,                           0,  4, TU_CH(R,SNORM,10), TU_CH(G,SNORM,10), TU_CH(B,SNORM,10), TU_CH(A,UNORM,2)) \
    F(R10G10B10_FLOAT_A2_UNORM,                           0,  4, TU_CH(R,UFLOAT,10), TU_CH(G,UFLOAT,10), TU_CH(B,UFLOAT,10), TU_CH(A,UNORM,2)) \
    F(B5G6R5_UNORM_SRGB,                                  0,  2, TU_CH(B,SRGB,5), TU_CH(G,SRGB,6), TU_CH(R,SRGB,5), TU_NOCH) \
    F(B5G5R5A1_UNORM_SRGB,                                0,  2, TU_CH(B,SRGB,5), TU_CH(G,SRGB,5), TU_CH(R,SRGB,5), TU_CH(A,UNORM,1)) \
    F(B4G4R4A4_UNORM_SRGB,                                0,  2, TU_CH(B,SRGB,4), TU_CH(G,SRGB,4), TU_CH(R,SRGB,4), TU_CH(A,UNORM,4)) \
    F(R5G5_SNORM_B6_UNORM,                                0,  2, TU_CH(R,SNORM,5), TU_CH(G,SNORM,5), TU_CH(B,UNORM,6), TU_NOCH) \
    F(L8_UNORM,                                           0,  1, TU_CH(L,UNORM,8), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(L8_UNORM_SRGB,                                      0,  1, TU_CH(L,SRGB,8), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(L8_UINT,                                            0,  1, TU_CH(L,UINT,8), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(L8_SINT,                                            0,  1, TU_CH(L,SINT,8), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(I8_UNORM,                                           0,  1, TU_CH(I,UNORM,8), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(I8_UINT,                                            0,  1, TU_CH(I,UINT,8), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(I8_SINT,                                            0,  1, TU_CH(I,SINT,8), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(L8A8_UNORM,                                         0,  2, TU_CH(L,UNORM,8), TU_CH(A,UNORM,8), TU_NOCH, TU_NOCH) \
    F(L8A8_UNORM_SRGB,                                    0,  2, TU_CH(L,SRGB,8), TU_CH(A,UNORM,8), TU_NOCH, TU_NOCH) \
    F(L8A8_UINT,                                          0,  2, TU_CH(L,UINT,8), TU_CH(A,UINT,8), TU_NOCH, TU_NOCH) \
    F(L8A8_SINT,                                          0,  2, TU_CH(L,SINT,8), TU_CH(A,SINT,8), TU_NOCH, TU_NOCH) \
    F(L16_UNORM,                                          0,  2, TU_CH(L,UNORM,16), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(I16_UNORM,                                          0,  2, TU_CH(I,UNORM,16), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(A16_UNORM,                                          0,  2, TU_CH(A,UNORM,16), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(L16_FLOAT,                                          0,  2, TU_CH(L,SFLOAT,16), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(I16_FLOAT,                                          0,  2, TU_CH(I,SFLOAT,16), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(A16_FLOAT,                                          0,  2, TU_CH(A,SFLOAT,16), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(L16A16_UNORM,                                       0,  4, TU_CH(L,UNORM,16), TU_CH(A,UNORM,16), TU_NOCH, TU_NOCH) \
    F(L16A16_FLOAT,                                       0,  4, TU_CH(L,SFLOAT,16), TU_CH(A,SFLOAT,16), TU_NOCH, TU_NOCH) \
    F(L24X8_UNORM,                                        0,  4, TU_CH(L,UNORM,24), TU_CH(X,PAD,8), TU_NOCH, TU_NOCH) \
    F(I24X8_UNORM,                                        0,  4, TU_CH(I,UNORM,24), TU_CH(X,PAD,8), TU_NOCH, TU_NOCH) \
    F(A24X8_UNORM,                                        0,  4, TU_CH(A,UNORM,24), TU_CH(X,PAD,8), TU_NOCH, TU_NOCH) \
    F(L32_FLOAT,                                          0,  4, TU_CH(L,SFLOAT,32), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(I32_FLOAT,                                          0,  4, TU_CH(I,SFLOAT,32), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(A32_FLOAT,                                          0,  4, TU_CH(A,SFLOAT,32), TU_NOCH, TU_NOCH, TU_NOCH) \
    F(L32A32_FLOAT,                                       0,  8, TU_CH(L,SFLOAT,32), TU_CH(A,SFLOAT,32), TU_NOCH, TU_NOCH) \
    F(L32X32_FLOAT,                                       0,  8, TU_CH(L,SFLOAT,32), TU_CH(X,PAD,32), TU_NOCH, TU_NOCH) \
    F(I32X32_FLOAT,                                       0,  8, TU_CH(I,SFLOAT,32), TU_CH(X,PAD,32), TU_NOCH, TU_NOCH) \
    F(A32X32_FLOAT,                                       0,  8, TU_CH(A,SFLOAT,32), TU_CH(X,PAD,32), TU_NOCH, TU_NOCH) \
    F(R24_UNORM_X8_TYPELESS,                              0,  4, TU_CH(R,UNORM,24), TU_CH(X,PAD,8), TU_NOCH, TU_NOCH) \
    F(X24_TYPELESS_G8_UINT,                               0,  4, TU_CH(X,PAD,24), TU_CH(G,UINT,8), TU_NOCH, TU_NOCH) \
    F(R32_FLOAT_X8X24_TYPELESS,                           0,  8, TU_CH(R,SFLOAT,32), TU_CH(X,PAD,8), TU_CH(X,PAD,24), TU_NOCH) \
    F(X32_TYPELESS_G8X24_UINT,                            0,  8, TU_CH(X,PAD,32), TU_CH(G,UINT,8), TU_CH(X,PAD,24), TU_NOCH)

/*
 * The block-compressed formats, after the formats above in the enum. Schema of a row:
 *
 *   C(NAME, VK, CODEC, BW, BH, BYTES, FLAGS)
 *
 *   NAME, VK  as above.
 *   CODEC     the block decoder (src/format/compressed/compressed.h, TUC_<CODEC>): BC1 (RGB,
 *             the 3-colour mode's black opaque), BC1A (RGBA, punch-through), BC2 .. BC7,
 *             ETC2_RGB8, ETC2_RGB8A1, ETC2_RGBA8, EAC_R11, EAC_RG11, ASTC_LDR, ASTC_HDR,
 *             GBGR_422 and BGRG_422 (the 4:2:2 formats: four 8- or 16-bit words G0 B G1 R
 *             or B G0 R G1 holding a pair of texels that share B and R).
 *   BW, BH    the block's width and height in texels.
 *   BYTES     bytes per block.
 *   FLAGS     TU_BLOCK_SIGNED (SNORM, SFLOAT), TU_BLOCK_SRGB (R, G, B sRGB-encoded),
 *             TU_BLOCK_PAD6 / TU_BLOCK_PAD4 (a 16-bit word's value is its top 10 / 12 bits,
 *             the 10X6 / 12X4 formats), or 0.
 *
 * The 4:2:2 formats are single-plane and Vulkan treats them as compressed formats with a 2x1
 * texel block (Vulkan "Formats", the _422 formats' definitions). Vulkan samples them only
 * through a sampler Y'CbCr conversion ("Formats requiring sampler Y'CbCr conversion"); texunit
 * reads them as the conversion with ycbcrModel RGB_IDENTITY, identity components, xChromaOffset
 * COSITED_EVEN and chromaFilter NEAREST reads them: texel i of a pair is (R, G_i, B, 1), the
 * stored values as they are (docs/semantics.md, "4:2:2 formats").
 *
 * Vulkan's names and numbers (vulkan_core.h; the ASTC SFLOAT formats are
 * VK_EXT_texture_compression_astc_hdr's); block sizes from the Khronos Data Format
 * Specification's chapters on each family and Vulkan's "Compressed Image Formats" appendix.
 */
#define TU_BLOCK_SIGNED 1u
#define TU_BLOCK_SRGB   2u
#define TU_BLOCK_PAD6   4u
#define TU_BLOCK_PAD4   8u

#define TU_ASTC_SIZES(M, X)                \
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

#define TU_COMPRESSED_FORMAT_LIST(C) \
    C(BC1_RGB_UNORM_BLOCK,        131, BC1,         4, 4,  8, 0) \
    C(BC1_RGB_SRGB_BLOCK,         132, BC1,         4, 4,  8, TU_BLOCK_SRGB) \
    C(BC1_RGBA_UNORM_BLOCK,       133, BC1A,        4, 4,  8, 0) \
    C(BC1_RGBA_SRGB_BLOCK,        134, BC1A,        4, 4,  8, TU_BLOCK_SRGB) \
    C(BC2_UNORM_BLOCK,            135, BC2,         4, 4, 16, 0) \
    C(BC2_SRGB_BLOCK,             136, BC2,         4, 4, 16, TU_BLOCK_SRGB) \
    C(BC3_UNORM_BLOCK,            137, BC3,         4, 4, 16, 0) \
    C(BC3_SRGB_BLOCK,             138, BC3,         4, 4, 16, TU_BLOCK_SRGB) \
    C(BC4_UNORM_BLOCK,            139, BC4,         4, 4,  8, 0) \
    C(BC4_SNORM_BLOCK,            140, BC4,         4, 4,  8, TU_BLOCK_SIGNED) \
    C(BC5_UNORM_BLOCK,            141, BC5,         4, 4, 16, 0) \
    C(BC5_SNORM_BLOCK,            142, BC5,         4, 4, 16, TU_BLOCK_SIGNED) \
    C(BC6H_UFLOAT_BLOCK,          143, BC6H,        4, 4, 16, 0) \
    C(BC6H_SFLOAT_BLOCK,          144, BC6H,        4, 4, 16, TU_BLOCK_SIGNED) \
    C(BC7_UNORM_BLOCK,            145, BC7,         4, 4, 16, 0) \
    C(BC7_SRGB_BLOCK,             146, BC7,         4, 4, 16, TU_BLOCK_SRGB) \
    C(ETC2_R8G8B8_UNORM_BLOCK,    147, ETC2_RGB8,   4, 4,  8, 0) \
    C(ETC2_R8G8B8_SRGB_BLOCK,     148, ETC2_RGB8,   4, 4,  8, TU_BLOCK_SRGB) \
    C(ETC2_R8G8B8A1_UNORM_BLOCK,  149, ETC2_RGB8A1, 4, 4,  8, 0) \
    C(ETC2_R8G8B8A1_SRGB_BLOCK,   150, ETC2_RGB8A1, 4, 4,  8, TU_BLOCK_SRGB) \
    C(ETC2_R8G8B8A8_UNORM_BLOCK,  151, ETC2_RGBA8,  4, 4, 16, 0) \
    C(ETC2_R8G8B8A8_SRGB_BLOCK,   152, ETC2_RGBA8,  4, 4, 16, TU_BLOCK_SRGB) \
    C(EAC_R11_UNORM_BLOCK,        153, EAC_R11,     4, 4,  8, 0) \
    C(EAC_R11_SNORM_BLOCK,        154, EAC_R11,     4, 4,  8, TU_BLOCK_SIGNED) \
    C(EAC_R11G11_UNORM_BLOCK,     155, EAC_RG11,    4, 4, 16, 0) \
    C(EAC_R11G11_SNORM_BLOCK,     156, EAC_RG11,    4, 4, 16, TU_BLOCK_SIGNED) \
    TU_ASTC_SIZES(TU_ASTC_FORMATS_, C) \
    C(G8B8G8R8_422_UNORM,                     1000156000, GBGR_422, 2, 1, 4, 0) \
    C(B8G8R8G8_422_UNORM,                     1000156001, BGRG_422, 2, 1, 4, 0) \
    C(G10X6B10X6G10X6R10X6_422_UNORM_4PACK16, 1000156010, GBGR_422, 2, 1, 8, TU_BLOCK_PAD6) \
    C(B10X6G10X6R10X6G10X6_422_UNORM_4PACK16, 1000156011, BGRG_422, 2, 1, 8, TU_BLOCK_PAD6) \
    C(G12X4B12X4G12X4R12X4_422_UNORM_4PACK16, 1000156020, GBGR_422, 2, 1, 8, TU_BLOCK_PAD4) \
    C(B12X4G12X4R12X4G12X4_422_UNORM_4PACK16, 1000156021, BGRG_422, 2, 1, 8, TU_BLOCK_PAD4) \
    C(G16B16G16R16_422_UNORM,                 1000156027, GBGR_422, 2, 1, 8, 0) \
    C(B16G16R16G16_422_UNORM,                 1000156028, BGRG_422, 2, 1, 8, 0)

#define TU_ASTC_FORMATS_(C, size, w, h, vk, vk_hdr) \
    C(ASTC_##size##_UNORM_BLOCK,  vk,     ASTC_LDR, w, h, 16, 0) \
    C(ASTC_##size##_SRGB_BLOCK,   vk + 1, ASTC_LDR, w, h, 16, TU_BLOCK_SRGB) \
    C(ASTC_##size##_SFLOAT_BLOCK, vk_hdr, ASTC_HDR, w, h, 16, TU_BLOCK_SIGNED)
/* clang-format on */

#endif /* TEXUNIT_FORMAT_LIST_H */
