/* SPDX-License-Identifier: MIT */
/*
 * encode_bound.h - how far a constant block the block encoders make may decode from the
 * texel it encodes (docs/semantics.md, "The block encoders", the table's last column), per
 * format and component. Shared by tests/test_encode.c and fuzz/fuzz_blocks.c.
 */
#ifndef TU_ENCODE_BOUND_H
#define TU_ENCODE_BOUND_H

#include "../src/format/compressed/compressed.h"

#include <math.h>
#include <stdbool.h>

/* Binary16 bits as an ordered integer. */
static inline int ordinal(uint16_t h) {
    return (h & 0x8000) ? -(int)(h & 0x7fff) : (int)h;
}

/* The bound of a constant block's component c whose wanted value is x: in value units, or
 * (*ordinal_units) in binary16 steps. */
static inline double const_bound(const tuC_format_info *info, unsigned c, float x,
                                 bool *ordinal_units) {
    *ordinal_units = false;
    bool is_signed = info->flags & TUC_SIGNED;
    switch (info->codec) {
    case TUC_BC1:
    case TUC_BC1A:
    case TUC_BC2:
    case TUC_BC3:
        if (c == 3) /* BC2: 4-bit alpha, BC3: 8-bit endpoints, both rounded to nearest */
            return info->codec == TUC_BC2 ? 0.5 / 15.0 : 0.5 / 255.0;
        return 0.5 / (c == 1 ? 63.0 : 31.0); /* 5:6:5 endpoints rounded to nearest */
    case TUC_BC4:
    case TUC_BC5: return 0.5 / (is_signed ? 127.0 : 255.0); /* 8-bit endpoints */
    case TUC_BC6H:
        /* a 10-bit endpoint on each side of the value: the gap between consecutive levels,
         * 2^16 / 2^10 unquantized (2^15 / 2^9 signed) times 31/64 (31/32), plus rounding */
        *ordinal_units = true;
        return is_signed ? 63.0 : 32.0;
    case TUC_BC7: return 1.5 / 255.0; /* 7 bits and a P-bit shared by R, G, B, A: 1 + 1/2 */
    case TUC_ETC2_RGB8:
    case TUC_ETC2_RGB8A1:
    case TUC_ETC2_RGBA8:
        if (c == 3) return 0.5 / 255.0; /* EAC alpha: table 13 has the modifier 0 */
        /* a 5-bit base (extend5) lies within 1/62 + 1/255 of the value, the smallest
         * modifier is 2/255; the modifier is shared by R, G, B and chosen by the sum of
         * squares: the Euclidean norm over three components */
        return sqrt(3.0) * (1.0 / 62.0 + 1.0 / 255.0 + 2.0 / 255.0);
    case TUC_EAC_R11:
    case TUC_EAC_RG11:
        /* the base lies within 4 of the value (11-bit units); with multiplier 0 the
         * modifiers of table 13 reach -3 .. +2 around it: 2 steps, plus rounding */
        return 2.5 / (is_signed ? 1023.0 : 2047.0);
    case TUC_ASTC_LDR:
        /* 8-bit endpoints (UNORM: decode_float16 keeps 11 significant bits) */
        return 0.5 / 255.0 + ((info->flags & TUC_SRGB) && c < 3 ? 0.0 : 1.0 / 1024.0);
    case TUC_ASTC_HDR:
        if (c == 3 && x >= 0.0f && x <= 1.0f) return 0.5 / 255.0 + 1.0 / 1024.0;
        /* LNS endpoints cut to 8 bits (R, G) or 7 (B, alpha): a gap of 256 or 512 LNS units,
         * the LNS mantissa transform grows at most 5/8 binary16 steps a unit, plus 2 for
         * the rounding of the inverse transform */
        *ordinal_units = true;
        return (c < 2 ? 256.0 : 512.0) * 5.0 / 8.0 + 2.0;
    case TUC_GBGR_422:
    case TUC_BGRG_422: {
        /* each component an n-bit code rounded to nearest: n = the word's bits less its padding
         * (Vulkan "Formats": 8, 10X6, 12X4, 16) */
        const unsigned n = info->block_bytes / 4u * 8u - ((info->flags & TU_BLOCK_PAD6)   ? 6u
                                                          : (info->flags & TU_BLOCK_PAD4) ? 4u
                                                                                          : 0u);
        return 0.5 / (double)((1u << n) - 1u);
    }
    default: return 0.0;
    }
}

#endif /* TU_ENCODE_BOUND_H */
