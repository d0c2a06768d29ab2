/* SPDX-License-Identifier: MIT */
/*
 * texunit/lower.h - the compiler side of Intel sampler messages, Mesa's pipeline
 * (the 2015 mesa-dev thread on image load/store; Mesa brw_lower_logical_sends.cpp,
 * lower_sampler_logical_send, the physical message, and brw_fs_opt.cpp, brw_fs_optimize, the
 * pass order; IGC TranslateSend3D.cpp, the native widths, the split and the writeback):
 *
 *   logical message (tu_lmsg: a tu_msg + surface, sampler and payload types)
 *     -> tu_lower_split     pass 1: the SIMD width the target takes; groups M1/M3, M1/M5
 *     -> tu_lower_payload   pass 2: header, parameter GRFs, descriptor and extended descriptor
 *     -> tu_send_execute    the sampler `send` (the Intel front end, texunit/visa.h)
 *     -> tu_lower_zip       the parts' responses back into one destination
 *
 * The payload of every op comes from one deterministic procedure reading the Intel op table
 * (src/lower/intel_ops.c: parameter order and types per message type), never from code per
 * message. tu_lower_decode is the inverse: a physical message back into a logical one.
 * The lowered path and tu_execute on the logical message give bit-identical results
 * (tests/test_lower_property.c). Rules and decisions: docs/lowering.md.
 */
#ifndef TEXUNIT_LOWER_H
#define TEXUNIT_LOWER_H

#include "texunit/dataport.h"
#include "texunit/sampler.h"
#include "texunit/status.h"
#include "texunit/surface.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* --- targets ---------------------------------------------------------------------------- */

/* How pass 1 chooses a message's width (Mesa brw_fs_lower_simd_width.cpp,
 * get_sampler_lowered_simd_width). */
typedef enum tu_width_rule {
    /* IGC's vISA finalizer (translateVISASampler3DInst): a 2x-native message is split into
     * two native ones when its payload exceeds max_mlen GRFs or it is a gradient op wider
     * than grad_max_simd. Lengths from the real payload. */
    TU_WIDTH_IGC,
    /* Mesa's get_sampler_lowered_simd_width: count the payload components with every
     * coordinate slot padded, SIMD8 (x reg_unit) when more than 5, else SIMD16. */
    TU_WIDTH_MESA
} tu_width_rule;

typedef struct tu_target {
    const char *name;
    uint32_t verx10;        /* Mesa's devinfo->verx10 (90 SKL, 120 TGL, 200 Xe2): the Mesa rule */
    uint32_t grf_bytes;     /* 32 or 64 */
    uint32_t native_simd;   /* 8 or 16; messages are native or 2x native wide */
    uint32_t max_mlen;      /* message length limit in GRFs, 1..15 (11 on every Intel GPU) */
    uint32_t grad_max_simd; /* the widest sample_d / sample_d_c / sample_po_d message */
    bool half_params;       /* 16-bit (HF/UW) payloads, SIMD mode 5/6: Gfx11+ */
    bool xe2_msg_types;     /* desc bit 31 is message-type bit 5 (the _po samples); message
                               types 18, 19 are the min-LOD samples, 17 not IGC's gather4_po */
    bool ms_loads_16bit;    /* ld2dms_w and ld_mcs take 16-bit payloads only (Gfx12.5+) */
    uint32_t width_rule;    /* tu_width_rule */
    const char *sampler_refusal; /* NULL when the sampler lowering takes this target; else why
                                    it does not (the target lowers data-port messages only) */
} tu_target;

/* The presets: "skl" (Gfx9: 32-byte GRF, SIMD8/16, no 16-bit payloads), "tgl" (Xe-LP:
 * 32-byte GRF, SIMD8/16, 16-bit payloads), "dg2" (Gfx12.5: TGL's with 16-bit-only MSAA loads,
 * the reduced sample_d and the LSC data port), "xe2" (Xe2: 64-byte GRF, SIMD16/32, the _po
 * message types, 16-bit-only MSAA loads). All take max_mlen 11, sample_d native only, and
 * the IGC width rule. "ivb" (Gfx7, verx10 70) and "hsw" (Gfx7.5, 75) lower data-port messages
 * only: their sampler_refusal says why the sampler lowering refuses them. NULL for any other
 * name. */
TU_API const tu_target *tu_target_preset(const char *name);

/* Check every field: grf_bytes 32/64, native_simd 8/16, max_mlen 1..15, grad_max_simd native
 * or 2x native, width_rule. TU_OK or TU_INVALID_ARGUMENT naming the field. */
TU_API tu_status tu_target_validate(const tu_target *t, tu_error *err);

/* --- the logical message ---------------------------------------------------------------------- */

enum {
    TU_LMSG_PARAMS_16BIT = 1u << 0,     /* HF / UW payload parameters (SIMD8H/16H/32H); a
                                           float op also needs TU_MSG_HALF_SOURCES */
    TU_LMSG_RETURN_16BIT = 1u << 1,     /* 16-bit return format (desc bit 30) */
    TU_LMSG_BINDLESS_SURFACE = 1u << 2, /* `surface` is a bindless surface-state handle */
    TU_LMSG_BINDLESS_SAMPLER = 1u << 3, /* `sampler` is a bindless sampler-state handle */
    TU_LMSG_NO_RESPONSE = 1u << 4,      /* a null destination: response length 0 */
    TU_LMSG_STATIC = 1u << 5            /* no per-lane values: the parameters carried are the
                                           ones in params_given (payload bytes are zeros) */
};

/*
 * A logical sampler message: the engine's message plus what the engine does not carry.
 *   msg       op, lanes (simd 1..32, lane_mask), channel_mask, gather_channel, immediate
 *             offsets, flags, cps size, and the per-lane sources
 *   surface   binding-table index 0..251, or (BINDLESS_SURFACE) a surface-state handle with
 *             bits 11:0 zero (it travels in ex_desc bits 31:12)
 *   sampler   sampler-state index (>= 16 needs the header), or (BINDLESS_SAMPLER) a
 *             sampler-state handle, 32-byte aligned (it travels in header DW3)
 *   params_given  with TU_LMSG_STATIC: bit i = payload parameter i of the op is given (not
 *             %null); without it, trailing parameters whose value is zero in every lane are
 *             dropped (Mesa's opt_zero_samples), parameter 0 never.
 */
typedef struct tu_lmsg {
    tu_msg msg;
    uint32_t flags; /* TU_LMSG_* */
    uint32_t surface;
    uint32_t sampler;
    uint32_t params_given;
} tu_lmsg;

/* What the Intel op table says about message type `type` (which equals the vISA sub-op,
 * Mesa brw_eu_defines.h, GFX5_SAMPLER_MESSAGE_*) on target t: the engine op, the mnemonic, the
 * parameters in payload order, whether they are F/HF (else UD/D/UW). uw picks ld2dms_w's UW form.
 */
typedef struct tu_lower_type_info {
    tu_op op;
    const char *mnemonic;
    bool float_params;
    uint32_t param_count;
    const char *param_names[16];
} tu_lower_type_info;

/* false when type has no row on t (e.g. 17 on Xe2, or an unknown type). */
TU_API bool tu_lower_describe_type(uint32_t type, bool uw, const tu_target *t,
                                   tu_lower_type_info *out);

/* Mesa's tex_logical_srcs, in Mesa's order (Mesa brw_eu_defines.h, enum tex_logical_srcs). */
/* clang-format off */
#define TU_LSRC_LIST(X) \
    X(COORDINATE) X(SHADOW_C) X(LOD) X(LOD2) X(MIN_LOD) X(SAMPLE_INDEX) X(MCS) X(SURFACE) \
    X(SAMPLER) X(SURFACE_HANDLE) X(SAMPLER_HANDLE) X(TG4_OFFSET) X(COORD_COMPONENTS) \
    X(GRAD_COMPONENTS)
/* clang-format on */

typedef enum tu_lsrc {
#define TU_LSRC_ENUM_(name) TU_LSRC_##name,
    TU_LSRC_LIST(TU_LSRC_ENUM_)
#undef TU_LSRC_ENUM_
        TU_LSRC_COUNT
} tu_lsrc;

typedef enum tu_lsrc_file {
    TU_LSRC_ABSENT,  /* BAD_FILE */
    TU_LSRC_PAYLOAD, /* per-lane components that go into the payload */
    TU_LSRC_IMM      /* a value: surface, sampler, handles, component counts */
} tu_lsrc_file;

/* One source of the Mesa view: components read (Mesa's components_read) of `bytes` each
 * per lane, which payload parameters of the op they are (bit i = parameter i), or a value. */
typedef struct tu_lsource {
    uint8_t file;       /* tu_lsrc_file */
    uint8_t components; /* payload components carried */
    uint8_t bytes;      /* 2 or 4 */
    uint32_t params;    /* bit i: the op's parameter i belongs to this source */
    uint32_t imm;
} tu_lsource;

/* "COORDINATE", ... ; "?" outside the enum. */
TU_API const char *tu_lsrc_name(tu_lsrc s);

/* GRFs that `components` components of `bytes` bytes take at SIMD `width` on target t:
 * components * ceil(width * bytes / grf_bytes) (a 16-bit SIMD8 component pads to a GRF). */
TU_API uint32_t tu_lower_regs(uint32_t components, uint32_t width, uint32_t bytes,
                              const tu_target *t);

/* The Mesa-order view of m on target t, derived from the Intel op table: which payload
 * parameters form each source once trailing zero parameters are dropped. */
TU_API tu_status tu_lower_sources(const tu_lmsg *m, const tu_target *t,
                                  tu_lsource src[TU_LSRC_COUNT], tu_error *err);

/* --- pass 1: SIMD width --------------------------------------------------------------------- */

enum { TU_LOWER_MAX_PARTS = 4 };

/* One message of a split: lanes [first_lane, first_lane + lanes) of the logical message,
 * in a message msg.msg.simd wide (lanes past `lanes` are padding: disabled, zero). Its
 * execution-mask group is Mn with n = 1 + first_lane / 4 (M1/M3 for 8+8, M1/M5 for 16+16). */
typedef struct tu_lpart {
    tu_lmsg msg;
    uint32_t first_lane;
    uint32_t lanes;
    uint32_t param_count; /* payload parameters carried (the same for every part) */
} tu_lpart;

typedef struct tu_lplan {
    uint32_t count;       /* 1..4 */
    uint32_t width;       /* every part's message width: native or 2x native */
    uint32_t param_count; /* parameters carried after dropping trailing zeros */
    bool header;          /* the messages carry a header */
    uint32_t mlen;        /* message length of each part */
    tu_lpart part[TU_LOWER_MAX_PARTS];
} tu_lplan;

/*
 * Pass 1. Validate m against the Intel op table and target t, drop trailing zero
 * parameters, choose the width by t->width_rule, and cut m into parts. Refuses (naming the
 * field) what no message of t can carry: a _po op on a target without message-type bit 5,
 * 16-bit parameters on a target without them, a payload longer than max_mlen even at native
 * width, an implicit-LOD op whose SIMD width is not a multiple of 4 (its last 2x2 subspan
 * would be partial), ... Returns TU_OK, TU_INVALID_ARGUMENT or TU_UNSUPPORTED.
 */
TU_API tu_status tu_lower_split(const tu_lmsg *m, const tu_target *t, tu_lplan *plan,
                                tu_error *err);

/* --- pass 2: the physical message ---------------------------------------------------------- */

enum { TU_LOWER_MAX_MLEN = 15, TU_LOWER_MAX_GRF_BYTES = 64, TU_LOWER_MAX_PARAMS = 16 };

typedef struct tu_payload {
    uint32_t desc, ex_desc;
    uint32_t exec_mask; /* the send's channel enables (bit n = lane n of the message) */
    uint32_t width;     /* message SIMD width */
    uint32_t mlen, rlen;
    bool header;
    uint32_t param_count;                         /* parameters after the header */
    uint32_t param_regs;                          /* GRFs per parameter */
    uint32_t param_bytes;                         /* bytes per lane of a parameter: 2 or 4 */
    const char *param_names[TU_LOWER_MAX_PARAMS]; /* "u", "dudx", "OffUVR", ... */
    uint8_t grf[TU_LOWER_MAX_MLEN * TU_LOWER_MAX_GRF_BYTES]; /* mlen GRFs */
} tu_payload;

/*
 * Pass 2: the header (DW2 offsets U[11:8] V[7:4] R[3:0], channel disable mask [15:12],
 * gather channel [17:16], pixel null mask enable [23]; DW3 sampler-state offset or bindless
 * handle), the parameters in the op's order, the descriptor (BTI 7:0, sampler 11:8, type
 * 16:12, SIMD mode 18:17 and 29, header 19, rlen 24:20, mlen 28:25, 16-bit return 30, bit 31)
 * and the extended descriptor (SFID 2, CPS bit 11, bindless surface 31:12). Then the payload
 * is decoded back and compared with the part: a value the payload cannot carry exactly (a
 * coordinate outside 16 bits in a UW payload, a LOD with low bits under packed offsets, an
 * offset outside -8..7 in a packed parameter, a source the op has no parameter for) is
 * refused with its source, lane and value.
 */
TU_API tu_status tu_lower_payload(const tu_lpart *part, const tu_target *t, tu_payload *out,
                                  tu_error *err);

/* The descriptor fields, as bits (no checking). msg_type includes bit 5 (desc bit 31) on a
 * target with xe2_msg_types; cps is ex_desc bit 11; ex_mlen bits 9:6, 10:6 on Xe2. */
typedef struct tu_send_fields {
    uint32_t bti, sampler, msg_type, simd_mode, header, rlen, mlen, return16, bit31;
    uint32_t sfid, cps, surface_handle;
    uint32_t ex_mlen; /* ex_desc 9:6 (10:6 on Xe2): a split send's src1 GRFs */
} tu_send_fields;

TU_API tu_send_fields tu_lower_fields(uint32_t desc, uint32_t ex_desc, const tu_target *t);

/* --- the physical message, decoded ------------------------------------------------------------ */

/* A sampler `send`, or a split `sends`: what a GPU simulator holds when it meets one. A split
 * send (ex_desc bits 9:6, 10:6 on Xe2, the src1 length: Mesa brw_eu.h, brw_message_ex_desc)
 * carries its message in two payloads that the sampler reads as one, src0 then src1: Mesa's
 * brw_opt_split_sends cuts a headered sampler payload after the header (header in src0, the
 * parameters in src1), a headerless one where its sources change registers. */
typedef struct tu_send {
    uint32_t desc, ex_desc;
    uint32_t exec_mask;     /* the send's channel enables */
    const uint8_t *payload; /* src0, mlen GRFs: the header (when present), then parameters */
    size_t payload_size;    /* bytes readable at payload */
    uint32_t cps_x, cps_y;  /* the thread's coarse pixel size (0 = 1) for CPS messages */
    const uint8_t *src1;    /* a split send's src1: ex_mlen GRFs, the rest of the message */
    size_t src1_size;       /* bytes readable at src1 */
} tu_send;

typedef struct tu_send_decoded {
    tu_lmsg msg;              /* surface: the BTI, or the ex_desc handle when BINDLESS_SURFACE */
    uint32_t sampler_address; /* header DW3 (or 0) + 16 * desc sampler index: the address of
                                 the SAMPLER_STATE in the heap (index i at 16 * i) */
    uint32_t width, mlen, rlen, param_count; /* mlen: the whole message, src0 + src1 */
    bool header;
    uint32_t ex_mlen;           /* GRFs of src1 (0: one payload) */
    bool bindless_sampler_heap; /* header DW3 bit 0 (Gfx11+): sampler_address is a handle in
                                   the bindless sampler heap, found among the bindless entries
                                   only */
} tu_send_decoded;

/*
 * Decode a physical message for target t (a split send's two payloads read as one): refuses,
 * with a sentence naming the field, an SFID other than 2, ex_desc bits 5:4 (bit 10 before
 * Xe2), an ex_mlen without src1 bytes, an unknown or unsupported message type, a SIMD mode the
 * target has not, a header field that must be zero, a message length that is not header + whole
 * parameters or exceeds max_mlen, a response length that disagrees with the channels, width and
 * return format, a payload shorter than mlen GRFs. Reads nothing outside s->payload.
 */
TU_API tu_status tu_lower_decode(const tu_send *s, const tu_target *t, tu_send_decoded *out,
                                 tu_error *err);

/* --- responses ----------------------------------------------------------------------------------
 */

/* Bytes of m's response (its rlen GRFs at m->msg.simd lanes; the writeback layout of the vISA
 * spec, 3D_SAMPLE, "Notes", and IGC getSamplerResponseLength: each enabled channel in RGBA
 * order from a fresh GRF, ceil(simd * size / GRF) GRFs each, then the pixel-null-mask GRF).
 * 0 with TU_LMSG_NO_RESPONSE. */
TU_API size_t tu_lower_response_size(const tu_lmsg *m, const tu_target *t);

/* Write reply r of message m in that layout into out (size >= tu_lower_response_size):
 * the enabled lanes of the enabled channels (16-bit return: floats rounded to half,
 * integers saturated to 16 bits), and the pixel-null-mask DWord, its bits at and above simd
 * set. Nothing else is written. */
TU_API tu_status tu_lower_response_write(const tu_lmsg *m, const tu_target *t, const tu_reply *r,
                                         uint8_t *out, size_t size, tu_error *err);

/* Zip a part's response into the logical destination dst (the layout of the logical
 * message): its enabled lanes at lane offset first_lane, and its pixel-null-mask bits at bit
 * first_lane (a second SIMD8 half's byte at bits 15:8, a second SIMD16 half's word at bits
 * 31:16). */
TU_API tu_status tu_lower_zip(const tu_lmsg *logical, const tu_lpart *part, const tu_target *t,
                              const uint8_t *response, size_t response_size, uint8_t *dst,
                              size_t dst_size, tu_error *err);

/* --- the sampler send (implemented by the Intel front end, src/visa/send.c) ----------------- */

/* A bindless entry: a surface-state handle (ex_desc bits 31:12) or a sampler-state address
 * (header DW3) and what it refers to. */
typedef struct tu_send_binding {
    uint32_t handle;
    const tu_surface *surface;
    const tu_sampler *sampler;
} tu_send_binding;

/* The state a send reads: the binding table (BTI -> surface), the sampler-state table
 * (entry i at heap address 16 * i) and the bindless entries. */
typedef struct tu_send_tables {
    const tu_surface *const *binding_table;
    uint32_t binding_count;
    const tu_sampler *const *sampler_states;
    uint32_t sampler_count;
    const tu_send_binding *bindless;
    uint32_t bindless_count;
    /* Optional, caller-owned (one per thread): the bindings of the surfaces and samplers
     * sends used, compared by content (tu_bind_cached), so a send re-binds only when its
     * slot changed. NULL: every send runs through tu_execute. */
    tu_binding_cache *cache;
} tu_send_tables;

/* --- the data port: logical surface messages, their split and their payloads -------------- */

/*
 * The compiler side of image load/store (the 2015 mesa-dev thread on image load/store, the
 * thread's own subject; Mesa brw_lower_logical_sends.cpp, lower_surface_logical_send, the
 * logical operations and the physical messages): Mesa's *_SURFACE_*_LOGICAL messages
 *   tu_dp_lmsg  -> tu_dp_lower_split    typed SIMD8 (16 on Xe2), untyped up to SIMD16
 *               -> tu_dp_lower_payload  header, addresses, data; descriptor, extended
 *                                       descriptor; split sends (src0 / src1, ex_mlen)
 *               -> tu_dp_send_execute   the data-port `send`/`sends` (texunit/visa.h)
 * per generation, read from the target's verx10: 70 IVB (render cache / data cache),
 * 75-80 HSW/BDW (data cache 1, header for typed), 90-120 SKL..TGL (no header, split sends),
 * 125 and up the LSC of DG2 and Xe2. Rules and decisions: docs/lowering.md, "The data port".
 */
typedef struct tu_dp_lmsg {
    tu_dp_msg msg;    /* op, lanes, channels, atomic, bytes, addresses, data */
    uint32_t surface; /* binding-table index 0..239 */
    uint32_t dims;    /* typed: address components carried, 1..4 (U, V, R, LOD) */
    bool no_response; /* an atomic whose result is not returned (rlen 0) */
    uint32_t cache;   /* LSC cache control: TU_DP_CACHE_MESA, or TU_DP_CACHE_SET | the field's
                         value (the decoder sets it so); ignored before the LSC */
} tu_dp_lmsg;

/*
 * The LSC descriptor's cache-control field (Mesa brw_eu.h, lsc_msg_desc and
 * lsc_msg_desc_cache_ctrl: bits 19:17 on DG2, 19:16 on Xe2; the values, Mesa brw_eu_defines.h,
 * enum lsc_cache_load / lsc_cache_store and their xe2_ forms). TU_DP_CACHE_MESA lowers what
 * Mesa's lower_lsc_memory_logical_send writes: atomics L1UC_L3WB ("atomic messages are always
 * forced to un-cacheable in the L1 cache", the Bspec as Mesa quotes it), loads and stores
 * L1STATE_L3MOCS (0). TU_DP_CACHE_SET | v writes v, which must be a legal value for the op's
 * class on the target. texunit has no cache between the data port and memory, so every legal
 * value executes alike (docs/lowering.md, "The data port").
 */
enum { TU_DP_CACHE_MESA = 0, TU_DP_CACHE_SET = 0x100 };

/* The class of an LSC op for its cache field: loads read the load table, stores and atomics
 * the store table (IGA MessageDecoderLSC.cpp: "atomic follows store semantics"). */
typedef enum tu_dp_cache_class {
    TU_DP_CACHE_LOAD,
    TU_DP_CACHE_STORE,
    TU_DP_CACHE_ATOMIC
} tu_dp_cache_class;

/* Mesa's name of cache-control value v for an op of class c on target t ("L1UC_L3WB"), NULL
 * when v is not a legal value there (or t has no LSC). tu_dp_cache_bits gives the field's low
 * bit and width on t (17 and 3 on DG2, 16 and 4 on Xe2; 0 and 0 before the LSC). */
TU_API const char *tu_dp_cache_name(const tu_target *t, tu_dp_cache_class c, uint32_t v);
TU_API void tu_dp_cache_bits(const tu_target *t, uint32_t *low_bit, uint32_t *width);

/* The value Mesa writes for class c on t (atomics L1UC_L3WB, else 0). */
TU_API uint32_t tu_dp_cache_mesa(const tu_target *t, tu_dp_cache_class c);

typedef struct tu_dp_part {
    tu_dp_lmsg msg;      /* msg.msg.simd lanes wide; lanes past `lanes` are padding */
    uint32_t first_lane; /* the group: 0, 8, 16, 24 */
    uint32_t lanes;
    uint32_t header_mask; /* the 16-bit pixel mask of the SIMD16 group holding the part (the
                             header's DW7 on IVB/HSW/BDW; the slot group picks its half) */
} tu_dp_part;

typedef struct tu_dp_plan {
    uint32_t count, width;
    tu_dp_part part[TU_LOWER_MAX_PARTS];
} tu_dp_plan;

/* Pass 1: check m against target t and cut it into messages the target's data port takes.
 * Refuses (naming the field) what no message of t carries: byte scattered access on IVB,
 * float atomics before Gen9, LSC's atomic load/store on the legacy data port, dims outside
 * 1..4, a BTI above 239. TU_OK, TU_INVALID_ARGUMENT or TU_UNSUPPORTED. */
TU_API tu_status tu_dp_lower_split(const tu_dp_lmsg *m, const tu_target *t, tu_dp_plan *plan,
                                   tu_error *err);

typedef struct tu_dp_payload {
    uint32_t desc, ex_desc;
    uint32_t exec_mask, width;
    uint32_t mlen, ex_mlen, rlen; /* ex_mlen: GRFs of src1 (0: one payload, a plain send) */
    bool header;
    uint8_t src0[TU_LOWER_MAX_MLEN * TU_LOWER_MAX_GRF_BYTES];
    uint8_t src1[TU_LOWER_MAX_MLEN * TU_LOWER_MAX_GRF_BYTES];
} tu_dp_payload;

/* Pass 2: the physical message of one part. */
TU_API tu_status tu_dp_lower_payload(const tu_dp_part *part, const tu_target *t, tu_dp_payload *out,
                                     tu_error *err);

/* A data-port `send` (src1 NULL) or split `sends` as a simulator meets it. */
typedef struct tu_dp_send {
    uint32_t desc, ex_desc, exec_mask;
    const uint8_t *src0;
    size_t src0_size;
    const uint8_t *src1;
    size_t src1_size;
} tu_dp_send;

/* The send that carries payload p on target t: src0 is mlen GRFs of p->src0, src1 ex_mlen
 * GRFs of p->src1 (NULL for a plain send). The send points into *p. */
TU_API tu_dp_send tu_dp_payload_send(const tu_dp_payload *p, const tu_target *t);

/* The inverse of pass 2: refuses, naming the field, an SFID or message type that is not a
 * data-port message of t, lengths that disagree with the message (mlen, ex_mlen against the
 * payload it carries, rlen), a payload shorter than its lengths. Sets *rlen. */
TU_API tu_status tu_dp_lower_decode(const tu_dp_send *s, const tu_target *t, tu_dp_lmsg *out,
                                    uint32_t *rlen, tu_error *err);

/* The response of m on target t: each returned component in a fresh GRF block of
 * ceil(simd * 4 / GRF) GRFs; its enabled lanes (others untouched). Bytes: rlen * GRF. */
TU_API tu_status tu_dp_response_write(const tu_dp_lmsg *m, const tu_target *t, const tu_reply *r,
                                      uint8_t *out, size_t size, tu_error *err);

/* --- a descriptor pair in words (`texunit decode-send`) ------------------------------------ */

/*
 * Describe the message the descriptor pair (desc, ex_desc) names on target t (its SFID in
 * ex_desc bits 3:0): a line in the manner of Mesa's disassembler (brw_disasm.c: the sampler
 * message, SIMD mode, surface, sampler and lengths; the LSC operation, sizes, cache control,
 * lengths, address type and BTI; the data-port message type), a bad value as "*** invalid
 * NAME value N" as Mesa writes it; then every field of both words with its bits, value and
 * meaning; then whether texunit executes the message (the sampler and data-port decoders'
 * verdict on payloads of zeros: a header's channels are taken as the response length allows).
 * Writes at most size bytes, NUL-terminated; *needed (when not NULL) is the full length.
 * Returns TU_OK when texunit executes the message, else the decoder's refusal (also in the
 * text) with TU_INVALID_ARGUMENT or TU_UNSUPPORTED.
 */
TU_API tu_status tu_send_describe(uint32_t desc, uint32_t ex_desc, const tu_target *t, char *buf,
                                  size_t size, size_t *needed, tu_error *err);

/* --- image format conversion (Mesa isl_storage_image.c, isl_lower_storage_image_format)
 * --------------------------------- */

/*
 * Which format a storage image's typed messages really use on a generation, and the
 * conversion the shader does around them: isl_lower_storage_image_format (for Gen9/10
 * UNORM/SNORM texunit follows Mesa 24, docs/semantics.md), the untyped raw fallback where no
 * typed format matches (isl_has_matching_typed_storage_image_format; the address as Mesa
 * brw_nir_lower_storage_image.c, image_address, computes it), the unpack after a load
 * (convert_color_for_load, in the same file) and the pack before a store
 * (convert_color_for_store). The property: lowered load + unpack, and pack + lowered store,
 * equal the direct typed access of the original format (tests/test_image_format.c).
 */
typedef struct tu_image_lowering {
    tu_format format;  /* the storage image's format */
    tu_format lowered; /* the format the typed message reads and writes (raw: R32G32_UINT or
                          R32G32B32A32_UINT, accessed as untyped dwords) */
    bool native;       /* lowered == format: the data port converts, the shader only pads */
    bool raw;          /* no typed format matches: untyped access at tu_lower_image_address */
} tu_image_lowering;

/* The lowering of format on target t (its verx10). TU_UNSUPPORTED for a format that is not a
 * storage image format (sRGB, BGRA, packed 16-bit, depth, ...), naming it. */
TU_API tu_status tu_lower_image_format(tu_format format, const tu_target *t, tu_image_lowering *out,
                                       tu_error *err);

/* After a load: the lowered message's four 32-bit values (its channels, raw uint fields) into
 * the format's values, padded (0, 0, 0, 1) as convert_color_for_load pads. For a native
 * lowering the values are already converted and are copied. */
TU_API void tu_lower_image_unpack(const tu_image_lowering *l, const uint32_t in[4], tu_texel *out);

/* Before a store: the format's values (typed by its class) into the lowered format's four
 * 32-bit channel values (as convert_color_for_store). Native: copied. */
TU_API void tu_lower_image_pack(const tu_image_lowering *l, const tu_texel *in, uint32_t out[4]);

/* The raw fallback's byte address of texel c (Mesa image_address, linear layout): offset +
 * layer, sample, z, y pitches + x * bytes, and its bounds check (every coordinate below its
 * size, unsigned); *inside false means the lane reads zero and writes nothing. */
TU_API tu_status tu_lower_image_address(const tu_surface *s, const tu_texel_coord *c,
                                        uint64_t *address, bool *inside, tu_error *err);

/* The steps in words (`texunit lower` prints them): for a load when !store, else a store.
 * Returns the length needed, as snprintf. */
TU_API size_t tu_lower_image_steps(const tu_image_lowering *l, bool store, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_LOWER_H */
