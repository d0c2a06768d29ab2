/* SPDX-License-Identifier: MIT */
/*
 * format_table.c - the format descriptors, derived from texunit/format_list.h at
 * compile time: field shifts, flags, class and channel count are computed from the
 * row, and a static assertion checks that the fields of every row fill the texel.
 */
#include "texunit/format.h"

#include <ctype.h>
#include <string.h>

/* Pull a row's channel apart: TU_CH(c, t, b), TU_CHP(c, t, b, p) and TU_NOCH are never
 * defined as macros, so they arrive here as text and are taken apart by token pasting.
 * CH_SPAN is the bits a field takes in the texel (its padding below it included), CH_PAD
 * the padding below it. */
#define CH_ARGS(ch)                 CH_ARGS_##ch
#define CH_ARGS_TU_CH(c, t, b)      c, t, b
#define CH_ARGS_TU_CHP(c, t, b, p)  c, t, b
#define CH_ARGS_TU_NOCH             X, PAD, 0
#define CH_SPAN(ch)                 CH_SPAN_##ch
#define CH_SPAN_TU_CH(c, t, b)      (b)
#define CH_SPAN_TU_CHP(c, t, b, p)  ((b) + (p))
#define CH_SPAN_TU_NOCH             0
#define CH_PAD(ch)                  CH_PAD_##ch
#define CH_PAD_TU_CH(c, t, b)       0
#define CH_PAD_TU_CHP(c, t, b, p)   (p)
#define CH_PAD_TU_NOCH              0
#define CH_COUNT(ch)                CH_COUNT_##ch
#define CH_COUNT_TU_CH(c, t, b)     1
#define CH_COUNT_TU_CHP(c, t, b, p) 1
#define CH_COUNT_TU_NOCH            0
#define CH_FLAGS(ch)                CH_FLAGS_##ch
#define CH_FLAGS_TU_CH(c, t, b) \
    (COMP_FLAG_##c | NUM_FLAG_##t | (NUM_IS_PAD_##t ? 0 : PACKED_FLAG(b)))
#define CH_FLAGS_TU_CHP(c, t, b, p) (COMP_FLAG_##c | NUM_FLAG_##t | TU_FORMAT_FLAG_PACKED)
#define CH_FLAGS_TU_NOCH            0
#define CH_IS(ch, what)             CH_IS_##ch(what)
#define CH_IS_TU_CH(c, t, b)        IS_##t##_OR
#define CH_IS_TU_CHP(c, t, b, p)    IS_##t##_OR
#define CH_IS_TU_NOCH               IS_NONE_OR
#define IS_NONE_OR(what)            0
#define IS_UNORM_OR(what)           0
#define IS_SNORM_OR(what)           0
#define IS_SFLOAT_OR(what)          0
#define IS_UFLOAT_OR(what)          0
#define IS_SRGB_OR(what)            0
#define IS_SHAREDEXP_OR(what)       0
#define IS_EXP_OR(what)             0
#define IS_PAD_OR(what)             0
#define IS_USCALED_OR(what)         0
#define IS_SSCALED_OR(what)         0
#define IS_SFIXED5_OR(what)         0
#define IS_UINT_OR(what)            IS_UINT_##what
#define IS_SINT_OR(what)            IS_SINT_##what
#define IS_UINT_UINT                1
#define IS_UINT_SINT                0
#define IS_SINT_UINT                0
#define IS_SINT_SINT                1

#define COMP_FLAG_R          0
#define COMP_FLAG_G          0
#define COMP_FLAG_B          0
#define COMP_FLAG_A          TU_FORMAT_FLAG_ALPHA
#define COMP_FLAG_D          TU_FORMAT_FLAG_DEPTH
#define COMP_FLAG_S          TU_FORMAT_FLAG_STENCIL
#define COMP_FLAG_X          0
#define COMP_FLAG_L          0
#define COMP_FLAG_I          TU_FORMAT_FLAG_ALPHA
#define NUM_FLAG_UNORM       0
#define NUM_FLAG_SNORM       0
#define NUM_FLAG_UINT        0
#define NUM_FLAG_SINT        0
#define NUM_FLAG_SFLOAT      0
#define NUM_FLAG_UFLOAT      0
#define NUM_FLAG_SRGB        TU_FORMAT_FLAG_SRGB
#define NUM_FLAG_SHAREDEXP   TU_FORMAT_FLAG_SHARED_EXP
#define NUM_FLAG_EXP         0
#define NUM_FLAG_PAD         0
#define NUM_FLAG_USCALED     0
#define NUM_FLAG_SSCALED     0
#define NUM_FLAG_SFIXED5     0
#define NUM_IS_PAD_UNORM     0
#define NUM_IS_PAD_SNORM     0
#define NUM_IS_PAD_UINT      0
#define NUM_IS_PAD_SINT      0
#define NUM_IS_PAD_SFLOAT    0
#define NUM_IS_PAD_UFLOAT    0
#define NUM_IS_PAD_SRGB      0
#define NUM_IS_PAD_SHAREDEXP 0
#define NUM_IS_PAD_EXP       0
#define NUM_IS_PAD_PAD       1
#define NUM_IS_PAD_USCALED   0
#define NUM_IS_PAD_SSCALED   0
#define NUM_IS_PAD_SFIXED5   0
#define PACKED_FLAG(b)       (((b) == 8 || (b) == 16 || (b) == 32) ? 0 : TU_FORMAT_FLAG_PACKED)

#define MAKE_CHANNEL_(c, t, b, shift) \
    { TU_COMPONENT_##c, TU_NUMERIC_##t, (b), (shift) }
#define MAKE_CHANNEL(...) MAKE_CHANNEL_(__VA_ARGS__)

#define ANY(what, c0, c1, c2, c3) \
    (CH_IS(c0, what) || CH_IS(c1, what) || CH_IS(c2, what) || CH_IS(c3, what))
#define ALL_FLAGS(c0, c1, c2, c3) (CH_FLAGS(c0) | CH_FLAGS(c1) | CH_FLAGS(c2) | CH_FLAGS(c3))

/* Depth formats read as float even when they carry a UINT stencil field (D24S8). */
#define FORMAT_CLASS(c0, c1, c2, c3)                                     \
    ((ALL_FLAGS(c0, c1, c2, c3) & TU_FORMAT_FLAG_DEPTH) ? TU_CLASS_FLOAT \
     : ANY(UINT, c0, c1, c2, c3)                        ? TU_CLASS_UINT  \
     : ANY(SINT, c0, c1, c2, c3)                        ? TU_CLASS_SINT  \
                                                        : TU_CLASS_FLOAT)

#define DESCRIBE(name, vk, bytes, c0, c1, c2, c3)                                          \
    [TU_FORMAT_##name] = {                                                                 \
        TU_FORMAT_##name,                                                                  \
        #name,                                                                             \
        (vk),                                                                              \
        (bytes),                                                                           \
        CH_COUNT(c0) + CH_COUNT(c1) + CH_COUNT(c2) + CH_COUNT(c3),                         \
        FORMAT_CLASS(c0, c1, c2, c3),                                                      \
        ALL_FLAGS(c0, c1, c2, c3),                                                         \
        {MAKE_CHANNEL(CH_ARGS(c0), CH_PAD(c0)),                                            \
         MAKE_CHANNEL(CH_ARGS(c1), CH_SPAN(c0) + CH_PAD(c1)),                              \
         MAKE_CHANNEL(CH_ARGS(c2), CH_SPAN(c0) + CH_SPAN(c1) + CH_PAD(c2)),                \
         MAKE_CHANNEL(CH_ARGS(c3), CH_SPAN(c0) + CH_SPAN(c1) + CH_SPAN(c2) + CH_PAD(c3))}, \
        1,                                                                                 \
        1,                                                                                 \
    },

/* The compressed formats: the components the codec stores (R, RG, RGB or RGBA), numeric
 * UNORM, SNORM, SRGB (R, G, B of the sRGB formats), UFLOAT (BC6H) or SFLOAT (BC6H signed,
 * ASTC HDR); no per-texel fields. */
#define BLOCK_CHANNELS_BC1         3
#define BLOCK_CHANNELS_BC1A        4
#define BLOCK_CHANNELS_BC2         4
#define BLOCK_CHANNELS_BC3         4
#define BLOCK_CHANNELS_BC4         1
#define BLOCK_CHANNELS_BC5         2
#define BLOCK_CHANNELS_BC6H        3
#define BLOCK_CHANNELS_BC7         4
#define BLOCK_CHANNELS_ETC2_RGB8   3
#define BLOCK_CHANNELS_ETC2_RGB8A1 4
#define BLOCK_CHANNELS_ETC2_RGBA8  4
#define BLOCK_CHANNELS_EAC_R11     1
#define BLOCK_CHANNELS_EAC_RG11    2
#define BLOCK_CHANNELS_ASTC_LDR    4
#define BLOCK_CHANNELS_ASTC_HDR    4
#define BLOCK_CHANNELS_GBGR_422    3
#define BLOCK_CHANNELS_BGRG_422    3
#define BLOCK_FLOAT_BC6H           1
#define BLOCK_FLOAT_ASTC_HDR       1
#define BLOCK_IS_FLOAT(codec)      (BLOCK_FLOAT_##codec + 0 == 1)
#define BLOCK_FLOAT_BC1
#define BLOCK_FLOAT_BC1A
#define BLOCK_FLOAT_BC2
#define BLOCK_FLOAT_BC3
#define BLOCK_FLOAT_BC4
#define BLOCK_FLOAT_BC5
#define BLOCK_FLOAT_BC7
#define BLOCK_FLOAT_ETC2_RGB8
#define BLOCK_FLOAT_ETC2_RGB8A1
#define BLOCK_FLOAT_ETC2_RGBA8
#define BLOCK_FLOAT_EAC_R11
#define BLOCK_FLOAT_EAC_RG11
#define BLOCK_FLOAT_ASTC_LDR
#define BLOCK_FLOAT_GBGR_422
#define BLOCK_FLOAT_BGRG_422

#define BLOCK_NUMERIC(codec, flags, k)                                                             \
    (BLOCK_IS_FLOAT(codec)     ? ((flags)&TU_BLOCK_SIGNED ? TU_NUMERIC_SFLOAT : TU_NUMERIC_UFLOAT) \
     : (flags)&TU_BLOCK_SIGNED ? TU_NUMERIC_SNORM                                                  \
     : ((flags)&TU_BLOCK_SRGB) && (k) < 3 ? TU_NUMERIC_SRGB                                        \
                                          : TU_NUMERIC_UNORM)
#define BLOCK_CHANNEL(codec, flags, k)                                                           \
    {                                                                                            \
        (k) < BLOCK_CHANNELS_##codec ? (k) : TU_COMPONENT_X,                                     \
            (k) < BLOCK_CHANNELS_##codec ? BLOCK_NUMERIC(codec, flags, k) : TU_NUMERIC_PAD, 0, 0 \
    }

#define DESCRIBE_BLOCK(name, vk, codec, bw, bh, bytes, fl)                                      \
    [TU_FORMAT_##name] = {                                                                      \
        TU_FORMAT_##name,                                                                       \
        #name,                                                                                  \
        (vk),                                                                                   \
        (bytes),                                                                                \
        BLOCK_CHANNELS_##codec,                                                                 \
        TU_CLASS_FLOAT,                                                                         \
        TU_FORMAT_FLAG_COMPRESSED | ((fl)&TU_BLOCK_SRGB ? TU_FORMAT_FLAG_SRGB : 0) |            \
            (BLOCK_CHANNELS_##codec == 4 ? TU_FORMAT_FLAG_ALPHA : 0),                           \
        {BLOCK_CHANNEL(codec, fl, 0), BLOCK_CHANNEL(codec, fl, 1), BLOCK_CHANNEL(codec, fl, 2), \
         BLOCK_CHANNEL(codec, fl, 3)},                                                          \
        (bw),                                                                                   \
        (bh),                                                                                   \
    },

static const tu_format_desc format_table[TU_FORMAT_COUNT] = {
    TU_FORMAT_LIST(DESCRIBE) TU_COMPRESSED_FORMAT_LIST(DESCRIBE_BLOCK)};

/* Every row's fields fill its texel exactly, checked at compile time. */
#define CHECK_BITS(name, vk, bytes, c0, c1, c2, c3)                                      \
    _Static_assert(CH_SPAN(c0) + CH_SPAN(c1) + CH_SPAN(c2) + CH_SPAN(c3) == 8 * (bytes), \
                   #name ": the channel bits must add up to 8 * BYTES");
TU_FORMAT_LIST(CHECK_BITS)

const tu_format_desc *tu_format_describe(tu_format format) {
    if ((unsigned)format <= TU_FORMAT_UNDEFINED || (unsigned)format >= TU_FORMAT_COUNT) return NULL;
    return &format_table[format];
}

bool tu_format_is_compressed(tu_format format) {
    const tu_format_desc *d = tu_format_describe(format);
    return d && (d->flags & TU_FORMAT_FLAG_COMPRESSED);
}

bool tu_format_is_valid(tu_format format) {
    return tu_format_describe(format) != NULL;
}

uint32_t tu_format_bytes(tu_format format) {
    const tu_format_desc *d = tu_format_describe(format);
    return d ? d->bytes : 0;
}

static bool starts_with_nocase(const char *s, const char *prefix) {
    for (; *prefix; s++, prefix++)
        if (toupper((unsigned char)*s) != toupper((unsigned char)*prefix)) return false;
    return true;
}

/* The names the extensions gave before promotion or renaming (vulkan_core.h keeps them as
 * aliases): VK_EXT_4444_formats, VK_KHR_maintenance5, VK_NV_optical_flow. */
static const struct {
    const char *alias, *name;
} name_aliases[] = {
    {"A4R4G4B4_UNORM_PACK16_EXT", "A4R4G4B4_UNORM_PACK16"},
    {"A4B4G4R4_UNORM_PACK16_EXT", "A4B4G4R4_UNORM_PACK16"},
    {"A1B5G5R5_UNORM_PACK16_KHR", "A1B5G5R5_UNORM_PACK16"},
    {"A8_UNORM_KHR", "A8_UNORM"},
    {"R16G16_S10_5_NV", "R16G16_SFIXED5_NV"},
};

static bool equal_nocase(const char *a, const char *b) {
    return starts_with_nocase(a, b) && a[strlen(b)] == '\0';
}

tu_format tu_format_from_name(const char *name) {
    if (!name) return TU_FORMAT_UNDEFINED;
    if (starts_with_nocase(name, "TU_FORMAT_"))
        name += strlen("TU_FORMAT_");
    else if (starts_with_nocase(name, "VK_FORMAT_"))
        name += strlen("VK_FORMAT_");
    for (size_t i = 0; i < sizeof name_aliases / sizeof name_aliases[0]; i++)
        if (equal_nocase(name, name_aliases[i].alias)) name = name_aliases[i].name;
    for (unsigned f = TU_FORMAT_UNDEFINED + 1; f < TU_FORMAT_COUNT; f++) {
        if (equal_nocase(name, format_table[f].name)) return (tu_format)f;
    }
    return TU_FORMAT_UNDEFINED;
}

tu_format tu_format_from_vk(uint32_t vk_format) {
    if (vk_format == 0) return TU_FORMAT_UNDEFINED; /* VK_FORMAT_UNDEFINED; Intel's rows */
    for (unsigned f = TU_FORMAT_UNDEFINED + 1; f < TU_FORMAT_COUNT; f++)
        if (format_table[f].vk_format == vk_format) return (tu_format)f;
    return TU_FORMAT_UNDEFINED;
}
