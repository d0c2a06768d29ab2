/* SPDX-License-Identifier: MIT */
/*
 * nv_internal.h - what the NVIDIA front end's files share: the bit-field table codec of
 * headers and samplers (bitfield.c), the Maxwell format table (format.c), and the TLD tables
 * (tld_table.c) that the parser, printer, encoder, decoder, validator and executor all read.
 *
 * Internal names carry the prefix tuN_.
 */
#ifndef TEXUNIT_NV_INTERNAL_H
#define TEXUNIT_NV_INTERNAL_H

#include "texunit/nv.h"

#include "../base/base.h"

#include <stddef.h>

/* --- bit-field tables (bitfield.c) -------------------------------------------------------- */

typedef enum tuN_ctype { TUN_U32, TUN_S32, TUN_U64 } tuN_ctype;

/* A member of a decoded struct: its NVIDIA name, where it is, its C type. */
typedef struct tuN_member {
    const char *name;
    uint16_t offset;
    uint8_t ctype; /* tuN_ctype */
} tuN_member;

/* One run of bits of a 256-bit entry: bits hi..lo (of the little-endian words, bit 32*w + b
 * is bit b of word w) hold bits shift.. of member `member`, in the layouts of `layouts`. */
typedef struct tuN_bits {
    uint8_t member;
    uint8_t hi, lo;
    uint8_t shift;
    uint8_t layouts; /* bit v: layout v has these bits */
} tuN_bits;

typedef struct tuN_codec {
    const char *what; /* "texture header" */
    const tuN_member *members;
    size_t member_count;
    const tuN_bits *bits;
    size_t bit_count;
    size_t reserved_offset; /* of uint32_t reserved[8] in the struct */
} tuN_codec;

/* Decode the 32 bytes of an entry in layout `layout` into obj (every member written). */
void tuN_codec_decode(const tuN_codec *c, unsigned layout, const uint8_t *bytes, void *obj);

/* Encode obj in layout `layout` (layout_name for messages); refuses a value its bits cannot
 * hold, naming the member. */
tu_status tuN_codec_encode(const tuN_codec *c, unsigned layout, const char *layout_name,
                           const void *obj, uint8_t *bytes, tu_error *err);

/* Get / set a member by name (case-insensitive). */
tu_status tuN_codec_get(const tuN_codec *c, const void *obj, const char *name, int64_t *value,
                        tu_error *err);
tu_status tuN_codec_set(const tuN_codec *c, void *obj, const char *name, int64_t value,
                        tu_error *err);

/* --- the Maxwell format table (format.c) ----------------------------------------------------- */

enum { TUN_NONE = 4 }; /* "no component" in a texel map */

/* One way a Maxwell header format reads as a texunit format. */
typedef struct tuN_format {
    tu_format format;
    uint8_t components; /* COMPONENTS */
    uint8_t checked;    /* how many of C0.. must have data type `type` */
    uint8_t type;       /* tu_nv_data_type of those (UNORM also matches UNORM_FORCE_FP16, ...) */
    bool srgb;          /* S_R_G_B_CONVERSION */
    uint8_t map[4];     /* C0..C3: the texunit texel component (R G B A = 0..3), TUN_NONE */
} tuN_format;

/* The index of the region that holds GPU address `address` (the state's regions do not
 * overlap), UINT32_MAX when none does. */
uint32_t tuN_region_of(const tu_nv_region *regions, uint32_t count, uint64_t address);

/* The first row for header h's COMPONENTS, data types and sRGB bit, or NULL. */
const tuN_format *tuN_format_for_header(const tu_nv_tic *h);
/* The first row whose texunit format is f, or NULL. */
const tuN_format *tuN_format_for_surface(tu_format f);
/* The name of a COMPONENTS code ("A8B8G8R8"), or "?" . */
const char *tuN_components_name(uint32_t components);

/* --- the TLD tables (tld_table.c) --------------------------------------------------------- */

/*
 * Every field of tu_nv_tld: X(ID, name, lo, width, max). lo/width place it in the Maxwell
 * 64-bit word (envytools envydis/gm107.c); width 0: not in the word (.B selects the opcode; .T/.P
 * have no field). PARAM_A sits in the word as dim << 1 | array (bits 30:28).
 */
/* clang-format off */
#define TUN_TLD_FIELDS(X) \
    X(GUARD,     "guard predicate", 16, 3, 7) \
    X(GUARD_NOT, "guard negation",  19, 1, 1) \
    X(BINDLESS,  ".B",               0, 0, 1) \
    X(LOD,       "LOD mode",        55, 1, 1) \
    X(AOFFI,     ".AOFFI",          35, 1, 1) \
    X(MS,        ".MS",             50, 1, 1) \
    X(CL,        ".CL",             54, 1, 1) \
    X(NODEP,     ".NODEP",          49, 1, 1) \
    X(PHASE,     "phase",            0, 0, 2) \
    X(PS,        "Ps",              51, 3, 7) \
    X(RD,        "Rd",               0, 8, 255) \
    X(RA,        "Ra",               8, 8, 255) \
    X(RB,        "Rb",              20, 8, 255) \
    X(TS_INDEX,  "#tsPtrIdx",       36, 13, 8191) \
    X(PARAM_A,   "#paramA",         28, 3, 7) \
    X(WMASK,     "#wmsk",           31, 4, 15)
/* clang-format on */

typedef enum tuN_tld_field {
#define TUN_FIELD_ENUM_(id, name, lo, width, max) TUN_F_##id,
    TUN_TLD_FIELDS(TUN_FIELD_ENUM_)
#undef TUN_FIELD_ENUM_
        TUN_F_COUNT
} tuN_tld_field;

typedef struct tuN_field_info {
    const char *name;
    uint8_t lo, width;
    uint16_t max;
} tuN_field_info;

extern const tuN_field_info tuN_tld_fields[TUN_F_COUNT];

uint32_t tuN_tld_get(const tu_nv_tld *inst, tuN_tld_field f);
void tuN_tld_set(tu_nv_tld *inst, tuN_tld_field f, uint32_t value);

/* The modifiers in the page's order, TLD{.B}.lod{.AOFFI}{.MS}{.CL}{.NODEP}{.phase}: the text
 * sets `field` to `value`. `always`: one of the row's group is always printed (.lod). */
typedef struct tuN_modifier {
    const char *text;
    uint8_t field; /* tuN_tld_field */
    uint8_t value;
    bool always;
} tuN_modifier;

extern const tuN_modifier tuN_modifiers[];
extern const size_t tuN_modifier_count;

/* The #paramA specifiers in the page's order (index = tu_nv_param_a). */
typedef struct tuN_param_a {
    const char *name; /* "ARRAY_2D" */
    uint8_t dim;      /* 0 1D, 1 2D, 2 3D, 3 CUBE: bits 30:29 */
    bool array;       /* bit 28 */
    uint8_t coords;   /* s, t, r count (the reserved ones: as TEX packs them) */
    bool reserved;    /* the page reserves it for TLD: decoded and printed, not executed */
} tuN_param_a;

extern const tuN_param_a tuN_params_a[8];

/* The Maxwell opcodes (bits 63:56). */
enum { TUN_OPCODE_TLD = 0xdc, TUN_OPCODE_TLD_B = 0xdd };

/* The alignment rule of a register vector of n scalars (1, 2, or 4 for 3 or 4). */
unsigned tuN_vector_alignment(unsigned n);

/* popcount of a 4-bit mask. */
unsigned tuN_popcount4(unsigned m);

#endif /* TEXUNIT_NV_INTERNAL_H */
