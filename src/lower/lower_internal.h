/* SPDX-License-Identifier: MIT */
/*
 * lower_internal.h - what the files of lower/ share: the per-parameter table (which Mesa
 * source and which engine sources a payload parameter carries), the one pack/unpack pair of
 * payload elements (also read by the vISA executor), the logical-message checks, and the
 * response layout.
 *
 * Sources: Mesa brw_lower_logical_sends.cpp, lower_sampler_logical_send (header, payload,
 * response), Mesa brw_fs_lower_simd_width.cpp (widths), Mesa brw_nir_lower_texture.c, pack_offset
 * (packed offsets), Mesa brw_eu_defines.h, enum tex_logical_srcs (Mesa's sources); IGC
 * TranslateSend3D.cpp, getSamplerResponseLength, and vISA spec, 3D_SAMPLE, "Notes" (the
 * writeback); docs/lowering.md.
 */
#ifndef TEXUNIT_LOWER_INTERNAL_H
#define TEXUNIT_LOWER_INTERNAL_H

#include "texunit/lower.h"

#include "../base/base.h"
#include "intel_ops.h"

/* The sampler's shared-function id in the extended descriptor (IGC TranslateSend3D.cpp),
 * the bindless binding-table index (Mesa brw_eu.h, brw_sampler_desc), the CPS bit. */
enum {
    TUL_SFID_SAMPLER = 2,
    TUL_BTI_BINDLESS = 252,
    TUL_EXDESC_CPS = 1u << 11,
    TUL_EXDESC_HANDLE_MASK = 0xfffff000u
};

/* What a payload parameter is: its Mesa source, the engine sources its element carries
 * (tu_src bits), and whether it packs offsets into a 32-bit float (no 16-bit form). */
typedef struct tuL_param_info {
    uint8_t lsrc;     /* tu_lsrc */
    uint8_t packed;   /* bool */
    uint32_t sources; /* 1 << tu_src */
} tuL_param_info;

const tuL_param_info *tuL_param_info_of(tuL_param p);

/* One payload element of parameter p, `bytes` (2 or 4) wide, from lane `lane` of m;
 * float_class: the op's parameters are F/HF (else UD/D/UW). Packed parameters: the float in
 * bits 31:12, U[11:8] V[7:4] R[3:0] (docs/semantics.md "vISA"). */
uint32_t tuL_param_pack(tuL_param p, bool float_class, uint32_t bytes, const tu_msg *m,
                        uint32_t lane);

/* The inverse: write the engine sources element `bits` of parameter p carries into lane
 * `lane` of m. The vISA executor reads its parameters through this too. */
void tuL_param_unpack(tuL_param p, bool float_class, uint32_t bytes, uint32_t bits, tu_msg *m,
                      uint32_t lane);

/* tuL_param_unpack for lanes 0..n-1 (n <= TU_MAX_LANES) from n little-endian elements of
 * `bytes` each at src (the caller checked that n * bytes bytes lie there). */
void tuL_param_unpack_lanes(tuL_param p, bool float_class, uint32_t bytes, const uint8_t *src,
                            uint32_t n, tu_msg *m);

/* The Intel op row that executes engine op `op` (the UW row of ld2dms_w when uw). */
const tuL_op *tuL_row_of(tu_op op, bool uw);

/* Xe2's message types 17 (Mesa's packed gather4_po, IGC's sample_d_c_mlod), 18 sample_mlod and
 * 19 sample_c_mlod, which texunit does not execute, by name; NULL for any other type. */
const char *tuL_xe2_mlod_name(uint32_t type);

/* The row of message type `type` (with bit 5) for target t; NULL when none. */
const tuL_op *tuL_row_of_type(uint32_t type, bool uw, const tu_target *t);

/* The data ports whose messages differ: IVB, HSW/BDW, SKL..TGL (split sends), the LSC. */
typedef enum tuL_dp_gen { TUL_DP_IVB, TUL_DP_HSW, TUL_DP_SKL, TUL_DP_LSC } tuL_dp_gen;

/* What a generation's verx10 decides, beyond the fields of tu_target (target.c). */
typedef struct tuL_generation {
    uint32_t verx10;         /* the first verx10 of the generation */
    uint8_t dp_gen;          /* tuL_dp_gen */
    uint8_t image_column;    /* the column of image_format.c's storage-format table */
    uint8_t ex_mlen_bits;    /* the extended descriptor's ex_mlen field (bits 6 up) */
    uint8_t lsc_cache_low;   /* the LSC cache field's low bit (17 DG2, 16 Xe2; 0: no LSC) */
    uint8_t typed_simd;      /* the width of typed data-port messages */
    uint8_t untyped_simd;    /* the narrower untyped / scattered width; the wider is twice it */
    uint8_t txb_coord_slots; /* Mesa's TXB payload count: the coordinate slots padded to */
    bool ms_fixed_16bit;     /* Mesa: TXF_CMS_W's parameters are fixed 16-bit, always fit */
} tuL_generation;

/* The cache-control class of a data-port op: atomics, writes (stores), else loads. */
tu_dp_cache_class tuL_dp_cache_class(tu_dp_op op);

/* The generation of target t: the last row whose verx10 is at most t->verx10. */
const tuL_generation *tuL_generation_of(const tu_target *t);

/* tu_target_validate, and TU_UNSUPPORTED for a target with a sampler_refusal: the gate of
 * every sampler-lowering entry point (target.c). */
tu_status tuL_sampler_target(const tu_target *t, tu_error *err);

/* sample_d's reduced layout from Gfx12.5: more than 7 parameters refused, naming them. */
tu_status tuL_check_sample_d(const tuL_op *row, uint32_t count, const tu_target *t, tu_error *err);

/* Check a logical message against target t and find its row. */
tu_status tuL_check(const tu_lmsg *m, const tu_target *t, const tuL_op **row, tu_error *err);

/* The sources a lowered message must reproduce: those the engine reads for op on some
 * surface type, and those the row's parameters carry. */
uint32_t tuL_compare_mask(tu_op op, const tuL_op *row);

/* Whether the engine rounds m's float sources to half (TU_MSG_HALF_SOURCES on a float op),
 * and the bits it then sees for source src of lane `lane`. */
bool tuL_rounds_sources(const tu_msg *m);
uint32_t tuL_seen(const tu_msg *m, unsigned src, uint32_t lane, bool round);

/* Parameters carried: the shortest prefix that decodes to the message (or, STATIC, up to the
 * last given parameter). */
uint32_t tuL_param_count(const tu_lmsg *m, const tuL_op *row);

/* Whether m needs a header (Mesa brw_lower_logical_sends.cpp, lower_sampler_logical_send,
 * docs/lowering.md). */
bool tuL_needs_header(const tu_lmsg *m, const tuL_op *row);

/* gather4_po's per-lane offsets (separate D parameters) must lie in -32..31, the gather
 * offset range (Mesa brw_nir_lower_texture.c, pack_offset: 6-bit offsets; ANV's
 * minTexelGatherOffset). Checks the enabled lanes of m; TU_OK or TU_INVALID_ARGUMENT naming lane
 * and value. */
tu_status tuL_check_gather_offsets(const tu_msg *m, const tuL_op *row, tu_error *err);

/* Whether a channel mask is R, RG, RGB or RGBA: the response length implies it. */
static inline bool tuL_trailing_mask(uint32_t mask) {
    return mask == 0x1 || mask == 0x3 || mask == 0x7 || mask == 0xf;
}

static inline uint32_t tuL_popcount4(uint32_t mask) {
    return (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1);
}

static inline uint32_t tuL_lanes(uint32_t n) {
    return n >= 32 ? 0xffffffffu : (1u << n) - 1;
}

/* The response layout of m at its width: GRFs per channel, bytes per element. */
typedef struct tuL_resp_layout {
    uint32_t channels; /* enabled channels */
    uint32_t regs;     /* GRFs per channel */
    uint32_t elem;     /* bytes per lane: 2 or 4 */
    uint32_t pnm;      /* 1 with the pixel null mask */
    uint32_t rlen;     /* channels * regs + pnm, 0 without a response */
} tuL_resp_layout;

tuL_resp_layout tuL_response_layout(const tu_lmsg *m, uint32_t grf_bytes);

/* The sampler's 16-bit return format of a 32-bit reply value of class cls (tu_format_class):
 * floats rounded to half, integers saturated. */
uint16_t tuL_return16(uint32_t bits, uint8_t cls);

/* The engine sources op reads on any surface type. */
uint32_t tuL_engine_sources(tu_op op);

/* Make m a message of op with every field zero that a freshly zeroed tu_msg would give the
 * engine: the fields before the sources, and all lanes of every source op may read on any
 * surface (plus U, V, R, AI, which the engine loads together). The other sources keep what
 * they held: the engine never reads them for op. Cheaper than zeroing the whole message
 * (2.7 KB) per send; an op outside the enum gets the whole message zeroed. */
void tuL_msg_reset(tu_msg *m, tu_op op);

/* Whether op computes implicit derivatives from 2x2 subspans. */
bool tuL_implicit_derivs(tu_op op);

/* The lanes whose sources can change m's results: the enabled ones, and for implicit-LOD
 * ops every lane of a 2x2 subspan with an enabled lane (it provides the derivatives). */
uint32_t tuL_relevant_lanes(const tu_msg *m);

/* Decode without re-checking the target (tu_lower_decode after its target check). Unlike
 * tu_lower_decode, it zeroes only what the engine reads of out's message (tuL_msg_reset): the
 * sources the op never reads keep what out held (the sampler send's per-call cost). */
tu_status tuL_decode(const tu_send *s, const tu_target *t, tu_send_decoded *out, tu_error *err);

#endif /* TEXUNIT_LOWER_INTERNAL_H */
