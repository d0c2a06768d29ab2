/* SPDX-License-Identifier: MIT */
/*
 * texunit/sampler.h - the engine: execute one logical message against a surface.
 *
 * A tu_msg is Mesa's "logical" sampler message (the 2015 mesa-dev thread on image load/store): an
 * operation and its sources as separate per-lane arrays, up to 32 lanes, with no
 * payload layout. tu_execute runs it against a tu_surface and a tu_sampler and fills a
 * tu_reply: per enabled channel, one value per lane, typed by the surface format's
 * class. No instruction set lives here; the vISA and NVIDIA front ends build tu_msg.
 *
 * Rules: the Vulkan specification's "Image Operations" chapter (coordinates, LOD,
 * wrapping, filtering, depth compare, gather, cube maps), with the decisions written
 * in docs/semantics.md, "The engine". Precision: docs/semantics.md, "The engine".
 */
#ifndef TEXUNIT_SAMPLER_H
#define TEXUNIT_SAMPLER_H

#include "texunit/format.h"
#include "texunit/status.h"
#include "texunit/surface.h"
#include "texunit/trace.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { TU_MAX_LANES = 32 };

/*
 * The operations. X(NAME, KIND, LOD, FLAGS):
 *   KIND  SAMPLE (filtered colour), GATHER (four texels of one channel), LOD (the LOD
 *         query), LOAD (integer-coordinate fetch), INFO (surface size and sample queries)
 *   LOD   IMPLICIT (from the 2x2 subspan's coordinates), BIAS (implicit + per-lane bias),
 *         EXPLICIT (per-lane lod), ZERO (lod 0), GRAD (per-lane gradients), BASE (the
 *         view's base level, no LOD computation: gather4 and its _c/_po forms, as Vulkan's
 *         OpImageGather and D3D's Gather)
 *   FLAGS COMPARE (depth compare against ref), PO (per-lane programmable offsets), MCS (reads
 *         the MCS surface: ld_mcs), MS (reads sample SI through the message's MCS value:
 *         ld2dms_w), SAMPLES (sampleinfo rather than resinfo)
 * The vISA sub-op codes of the same operations are in the Intel op table (lower/),
 * not here: the engine is ISA-neutral.
 */
/* clang-format off */
#define TU_OP_LIST(X) \
    X(SAMPLE,         SAMPLE, IMPLICIT, 0) \
    X(SAMPLE_B,       SAMPLE, BIAS,     0) \
    X(SAMPLE_L,       SAMPLE, EXPLICIT, 0) \
    X(SAMPLE_C,       SAMPLE, IMPLICIT, TU_OPF_COMPARE) \
    X(SAMPLE_D,       SAMPLE, GRAD,     0) \
    X(SAMPLE_B_C,     SAMPLE, BIAS,     TU_OPF_COMPARE) \
    X(SAMPLE_L_C,     SAMPLE, EXPLICIT, TU_OPF_COMPARE) \
    X(LOD,            LOD,    IMPLICIT, 0) \
    X(SAMPLE_D_C,     SAMPLE, GRAD,     TU_OPF_COMPARE) \
    X(SAMPLE_LZ,      SAMPLE, ZERO,     0) \
    X(SAMPLE_C_LZ,    SAMPLE, ZERO,     TU_OPF_COMPARE) \
    X(SAMPLE_PO,      SAMPLE, IMPLICIT, TU_OPF_PO) \
    X(SAMPLE_PO_B,    SAMPLE, BIAS,     TU_OPF_PO) \
    X(SAMPLE_PO_L,    SAMPLE, EXPLICIT, TU_OPF_PO) \
    X(SAMPLE_PO_C,    SAMPLE, IMPLICIT, TU_OPF_PO | TU_OPF_COMPARE) \
    X(SAMPLE_PO_D,    SAMPLE, GRAD,     TU_OPF_PO) \
    X(SAMPLE_PO_L_C,  SAMPLE, EXPLICIT, TU_OPF_PO | TU_OPF_COMPARE) \
    X(SAMPLE_PO_LZ,   SAMPLE, ZERO,     TU_OPF_PO) \
    X(SAMPLE_PO_C_LZ, SAMPLE, ZERO,     TU_OPF_PO | TU_OPF_COMPARE) \
    X(GATHER4,        GATHER, BASE,     0) \
    X(GATHER4_C,      GATHER, BASE,     TU_OPF_COMPARE) \
    X(GATHER4_PO,     GATHER, BASE,     TU_OPF_PO) \
    X(GATHER4_PO_C,   GATHER, BASE,     TU_OPF_PO | TU_OPF_COMPARE) \
    X(GATHER4_L,      GATHER, EXPLICIT, 0) \
    X(GATHER4_B,      GATHER, BIAS,     0) \
    X(GATHER4_I,      GATHER, IMPLICIT, 0) \
    X(GATHER4_I_C,    GATHER, IMPLICIT, TU_OPF_COMPARE) \
    X(GATHER4_L_C,    GATHER, EXPLICIT, TU_OPF_COMPARE) \
    X(LD,             LOAD,   EXPLICIT, 0) \
    X(LD_LZ,          LOAD,   ZERO,     0) \
    X(LD_L,           LOAD,   EXPLICIT, 0) \
    X(LD_MCS,         LOAD,   EXPLICIT, TU_OPF_MCS) \
    X(LD2DMS_W,       LOAD,   EXPLICIT, TU_OPF_MS) \
    X(RESINFO,        INFO,   EXPLICIT, 0) \
    X(SAMPLEINFO,     INFO,   ZERO,     TU_OPF_SAMPLES)
/* clang-format on */

enum {
    TU_OPF_COMPARE = 1u << 0,
    TU_OPF_PO = 1u << 1,
    TU_OPF_MCS = 1u << 2,
    TU_OPF_MS = 1u << 3,
    TU_OPF_SAMPLES = 1u << 4
};

typedef enum tu_op {
#define TU_OP_ENUM_(name, kind, lod, flags) TU_OP_##name,
    TU_OP_LIST(TU_OP_ENUM_)
#undef TU_OP_ENUM_
        TU_OP_COUNT
} tu_op;

typedef enum tu_op_kind {
    TU_KIND_SAMPLE,
    TU_KIND_GATHER,
    TU_KIND_LOD,
    TU_KIND_LOAD,
    TU_KIND_INFO
} tu_op_kind;

typedef enum tu_lod_mode {
    TU_LOD_IMPLICIT,
    TU_LOD_BIAS,
    TU_LOD_EXPLICIT,
    TU_LOD_ZERO,
    TU_LOD_GRAD,
    TU_LOD_BASE
} tu_lod_mode;

typedef struct tu_op_info {
    const char *name; /* "SAMPLE_B" */
    uint8_t kind;     /* tu_op_kind */
    uint8_t lod;      /* tu_lod_mode */
    uint8_t flags;    /* TU_OPF_* */
} tu_op_info;

/* The table row of op, or NULL for a value outside the enum. */
TU_API const tu_op_info *tu_op_describe(tu_op op);

/* Whether the op reads a sampler state: the SAMPLE, GATHER and LOD kinds do, at float
 * coordinates; LOAD and INFO read the surface alone, at integer ones. */
static inline bool tu_op_uses_sampler(const tu_op_info *info) {
    return info->kind == TU_KIND_SAMPLE || info->kind == TU_KIND_GATHER ||
           info->kind == TU_KIND_LOD;
}

/* One source: a value per lane. Float sources use f, integer sources (loads, offsets, sample
 * index, MCS) i or u. */
typedef union tu_lanes {
    float f[TU_MAX_LANES];
    int32_t i[TU_MAX_LANES];
    uint32_t u[TU_MAX_LANES];
} tu_lanes;

/* The logical sources of a message. Which ones an op reads: tu_op_sources(). */
/* clang-format off */
#define TU_SRC_LIST(X) \
    X(U)    /* x coordinate: normalized (sample, gather) or integer (load) */ \
    X(V)    /* y, or the array index of 1D arrays */ \
    X(R)    /* z, or the array index of 2D arrays */ \
    X(AI)   /* the cube array index */ \
    X(REF)  /* depth compare reference */ \
    X(BIAS) /* LOD bias */ \
    X(LOD)  /* explicit LOD (float for sample/gather, integer for load and resinfo) */ \
    X(DUDX) X(DUDY) X(DVDX) X(DVDY) X(DRDX) X(DRDY) /* gradients */ \
    X(OFFU) X(OFFV) X(OFFR) /* programmable offsets, integer */ \
    X(SI)                   /* sample index (ld2dms_w), integer */ \
    X(MCSL) X(MCSH)         /* the pixel's 64-bit MCS value (ld2dms_w): low, high */
/* clang-format on */

typedef enum tu_src {
#define TU_SRC_ENUM_(name) TU_SRC_##name,
    TU_SRC_LIST(TU_SRC_ENUM_)
#undef TU_SRC_ENUM_
        TU_SRC_COUNT
} tu_src;

/* The bit mask (1 << tu_src) of the sources op reads on a surface of type `type`
 * (arrayed or not); 0 for an invalid op. */
TU_API uint32_t tu_op_sources(tu_op op, tu_surface_type type, bool arrayed);

enum {
    TU_MSG_PIXEL_NULL_MASK = 1u << 0, /* compute tu_reply.pixel_null_mask */
    TU_MSG_CPS = 1u << 1,             /* coarse pixel LOD compensation (cps_x, cps_y) */
    TU_MSG_HALF_SOURCES = 1u << 2     /* float sources are half precision: rounded first */
};

/* A message. The sources start 64 bytes in: a message at a 64-byte-aligned address (static,
 * _Alignas(64), aligned_alloc(64, ...)) has every source on whole cache lines, which the
 * SIMD kernels read 64 bytes at a time. Any alignment gives the same replies; from malloc's
 * 16-byte-aligned memory the cheapest messages ran 15-30 % slower in texbench (docs/bindings.md
 * "Alignment"). Likewise a tu_reply, whose channels start at its first byte. */
typedef struct tu_msg {
    tu_op op;
    uint32_t simd;           /* lanes, 1..32 */
    uint32_t lane_mask;      /* bit n: lane n executes */
    uint32_t channel_mask;   /* bit 0..3: R G B A returned; at least one */
    uint32_t gather_channel; /* gather: the component gathered, 0..3 */
    int32_t offset[3];       /* immediate U, V, R texel offsets, each -8..7 */
    uint32_t flags;          /* TU_MSG_* */
    uint32_t cps_x, cps_y;   /* coarse pixel size for TU_MSG_CPS, 1..4 */
    uint32_t unused[5];      /* not read: the header's 64 bytes */
    tu_lanes src[TU_SRC_COUNT];
} tu_msg;

typedef enum tu_filter { TU_FILTER_NEAREST, TU_FILTER_LINEAR } tu_filter;
typedef enum tu_mip_filter { TU_MIP_NONE, TU_MIP_NEAREST, TU_MIP_LINEAR } tu_mip_filter;

/* Texture coordinate modes (Intel SAMPLER_STATE's, Mesa genxml, SAMPLER_STATE "Texture Coordinate
 * Mode"). CUBE is the seamless cube mode of cube surfaces; on other surfaces it clamps to the edge.
 */
typedef enum tu_address {
    TU_ADDRESS_WRAP,
    TU_ADDRESS_MIRROR,
    TU_ADDRESS_CLAMP_EDGE,
    TU_ADDRESS_CLAMP_BORDER,
    TU_ADDRESS_MIRROR_ONCE,
    TU_ADDRESS_CUBE
} tu_address;

/* Depth compare functions with Vulkan's meaning: LESS passes when ref < texel. */
typedef enum tu_compare {
    TU_COMPARE_OFF,
    TU_COMPARE_NEVER,
    TU_COMPARE_LESS,
    TU_COMPARE_EQUAL,
    TU_COMPARE_LEQUAL,
    TU_COMPARE_GREATER,
    TU_COMPARE_NOTEQUAL,
    TU_COMPARE_GEQUAL,
    TU_COMPARE_ALWAYS
} tu_compare;

typedef enum tu_reduction {
    TU_REDUCTION_AVERAGE, /* the weighted average */
    TU_REDUCTION_MIN,     /* component-wise minimum of the texels with non-zero weight */
    TU_REDUCTION_MAX
} tu_reduction;

typedef enum tu_precision {
    TU_PRECISION_HW,   /* weights and LOD fraction in 1/256, 8-bit unorm fixed point */
    TU_PRECISION_EXACT /* IEEE single precision throughout */
} tu_precision;

typedef struct tu_sampler {
    uint8_t min_filter, mag_filter; /* tu_filter */
    uint8_t mip_filter;             /* tu_mip_filter */
    uint8_t max_anisotropy;         /* 0 or 1: off; 2..16 */
    uint8_t address[3];             /* tu_address for u, v, r */
    uint8_t compare;                /* tu_compare; OFF for non-compare ops */
    uint8_t reduction;              /* tu_reduction */
    uint8_t precision;              /* tu_precision */
    bool seamless_cube;             /* cube surfaces filter across faces */
    bool unnormalized;              /* u, v in texels; level 0 of the view only */
    float lod_bias, min_lod, max_lod;
    tu_texel border_color;     /* f[]: the border of float-class formats */
    tu_texel border_color_int; /* i[] / u[]: the border of SINT and UINT formats */
} tu_sampler;

/* Check the fields of a message that do not depend on its surface or sampler: op, simd
 * 1..32, channel mask, gather channel, immediate offsets -8..7, flags, coarse pixel size.
 * tu_execute and the lowering both begin with it. TU_OK or TU_INVALID_ARGUMENT. */
TU_API tu_status tu_msg_validate(const tu_msg *m, tu_error *err);

/* The default sampler: nearest, nearest, no mip; wrap; no compare; LOD [0, 1000]. */
TU_API tu_sampler tu_sampler_default(void);

/* Check every field of s: enum values in range, anisotropy 0..16, min_lod <= max_lod,
 * finite LOD fields. Returns TU_OK or TU_INVALID_ARGUMENT naming the field. */
TU_API tu_status tu_sampler_validate(const tu_sampler *s, tu_error *err);

typedef struct tu_reply {
    tu_lanes channel[4];      /* R G B A; only enabled channels and lanes are written */
    uint32_t pixel_null_mask; /* with TU_MSG_PIXEL_NULL_MASK: bit n = 0 when lane n read a
                                 texel from a non-resident page; disabled lanes read as 1 */
    uint8_t value_class;      /* tu_format_class of channel[]: FLOAT for LOD and compares */
} tu_reply;

/*
 * MEDIA_LD, the 2D block read (vISA spec, MEDIA_LD): `height` rows of `width` bytes from
 * (x bytes, y rows) of plane `plane` of a 2D surface, row i stored at dst + i * pitch with
 * pitch = width < 4 ? 4 : the next power of two (tu_media_pitch). Legal widths and
 * heights: 1-4 bytes up to 64 rows, 5-8 up to 32, 9-16 up to 16, 17-32 up to 8, 33-64 up
 * to 4. The field modes read every other row of an interleaved surface, rows 0, 2, 4, ...
 * (top) or 1, 3, 5, ... (bottom), y counting field rows. Out of bounds, each element
 * (of the plane's format) reads the nearest edge element (docs/semantics.md).
 */
typedef enum tu_media_mode {
    TU_MEDIA_FRAME = 0,
    TU_MEDIA_TOP_FIELD = 2, /* the vISA Modifiers codes */
    TU_MEDIA_BOTTOM_FIELD = 3
} tu_media_mode;

typedef struct tu_media_read {
    uint32_t mode;   /* tu_media_mode */
    uint32_t plane;  /* 0..3; must be < the surface's plane count */
    uint32_t width;  /* bytes, 1..64 */
    uint32_t height; /* rows, 1..64 within the width's limit */
    int32_t x;       /* byte offset of the block's left column (may be negative) */
    int32_t y;       /* row (field row in the field modes) of the block's top */
} tu_media_read;

/* Whether a block of `width` bytes by `height` rows is legal (vISA spec, MEDIA_LD, "Notes":
 * the legal width/height table): TU_OK, or TU_INVALID_ARGUMENT with the rule it breaks. */
TU_API tu_status tu_media_check_block(uint32_t width, uint32_t height, tu_error *err);

/* The register pitch of a block `width` bytes wide: 4 below 4, else the next power of 2. */
TU_API uint32_t tu_media_pitch(uint32_t width);

/* Read the block into dst (dst_size >= height * pitch bytes; bytes of each row beyond
 * width are left alone). Returns TU_OK or TU_INVALID_ARGUMENT naming the broken rule. */
TU_API tu_status tu_media_block_read(const tu_surface *surface, const tu_media_read *r, void *dst,
                                     size_t dst_size, tu_error *err);

/* The 2D block write of LSC's typed 2D block store (lsc_store_block2d.tgm, the LSC form of
 * the media block write; IGC TranslateSendLdStLsc.cpp translateLscTypedBlock2DInst: width
 * 1..64 bytes, rows at tu_media_pitch, at most 256 bytes): row i of src (at src + i * pitch)
 * to (x bytes, y rows) of a frame-mode read `r`'s plane. Bytes whose element lies outside
 * the plane are dropped, and so are bytes on a non-resident page (docs/semantics.md). The
 * surface's memory is the caller's, written through its data pointer. TU_OK or
 * TU_INVALID_ARGUMENT naming the broken rule. */
TU_API tu_status tu_media_block_write(const tu_surface *surface, const tu_media_read *r,
                                      const void *src, size_t src_size, tu_error *err);

/* tu_media_block_read, recording the bytes it copies into sink (NULL: none): row by row, one
 * TU_TRACE_MEDIA record per run of bytes copied from one element with one residency (lane 0,
 * the sink's message and surface; level the surface's base level, 0 for planar surfaces),
 * then sink->end_message. The records' sizes sum to width * height, and their raw bytes, in
 * order, are the block's rows. No records when the read is refused. */
TU_API tu_status tu_media_block_read_traced(const tu_surface *surface, const tu_media_read *r,
                                            const tu_trace_sink *sink, void *dst, size_t dst_size,
                                            tu_error *err);

/*
 * Execute msg against surface and sampler. Validates all three first; refuses (with the
 * field named) an op the surface cannot take: compare on a format without depth, a load
 * or LOD op on a BUFFER surface's missing axes, etc. Writes only the enabled channels of
 * the enabled lanes of *reply (and pixel_null_mask when asked).
 * Returns TU_OK, TU_INVALID_ARGUMENT or TU_UNSUPPORTED.
 * Equivalent to tu_bind + tu_execute_bound (the same replies and errors). Each thread keeps
 * the last TU_BINDING_CACHE_ENTRIES bindings tu_execute made and reuses one whose surface
 * and sampler equal the arguments field by field, so calls again and again on one pair cost
 * about what tu_execute_bound does. Nothing is shared between threads (thread-safe on shared
 * const descriptions), and a reply depends only on the arguments: a description changed in
 * place is a new key, and a surface with an MCS surface or a residency map (pointers to
 * further descriptions, which can change behind them) is bound afresh on every call
 * (docs/bindings.md).
 */
TU_API tu_status tu_execute(const tu_msg *msg, const tu_surface *surface, const tu_sampler *sampler,
                            tu_reply *reply, tu_error *err);

/*
 * tu_execute with a trace (texunit/trace.h), the engine's one hook: the message runs the
 * generic path (never a fast-path kernel, so the kernels carry no hook) and each lane, in
 * order, passes its records to sink->record: every read of surface memory (each texel
 * through the address gate, each MCS element, with its bytes and decoded value) and the
 * steps that make its value (LOD, samples, footprints with each texel's filter weight,
 * blends, the result); then sink->end_message is called. Texels outside the view or refused
 * by the gate read no memory and make no read record. The reply equals tu_execute's. A
 * memory-access trace keeps the reads (tu_trace_kind_is_read); texunit explain keeps one
 * lane's records. Returns what tu_execute returns, or TU_INVALID_ARGUMENT for a NULL sink or
 * record callback.
 */
TU_API tu_status tu_execute_traced(const tu_msg *msg, const tu_surface *surface,
                                   const tu_sampler *sampler, const tu_trace_sink *sink,
                                   tu_reply *reply, tu_error *err);

/*
 * A prepared binding (docs/bindings.md): a surface and
 * a sampler validated once, with what the hot path needs computed once — the view's level
 * geometry, the address gate's bounds and the kernels chosen for the pair. tu_bind copies
 * both descriptions, so the caller may change or free its own tu_surface and tu_sampler
 * afterwards; the surface's memory (data, the MCS surface, the residency map) must stay
 * alive and unchanged in layout while the binding is used. A binding holds no pointer into
 * itself: it may be copied (memcpy) and the copy used.
 * Thread safety: a binding is read-only after tu_bind, and tu_execute_bound writes only
 * *reply and *err, so any number of threads may execute messages on one binding at once
 * (each with its own reply); tests/test_bind.c checks it, ThreadSanitizer-clean. Making or
 * overwriting a binding while another thread uses it is a data race, as for any object.
 * The caller owns the storage (no allocation); its fields are the engine's and may change
 * between versions.
 */
typedef struct tu_binding {
    tu_surface surface;
    tu_sampler sampler;
    /* The engine's prepared state (src/sampler/fast.h, tuE_fast_prep), kept as opaque
     * storage so that the public header needs no internal types. */
    TU_ALIGNAS(16) unsigned char prepared[2048];
    /* The generic path's state (src/sampler/engine.h, tuE_bound): the message-independent
     * part of the per-message context and the view's level geometry. */
    TU_ALIGNAS(16) unsigned char bound[1536];
} tu_binding;

/* Validate surface and sampler and prepare *binding. Returns TU_OK, or the validators'
 * TU_INVALID_ARGUMENT naming the field (binding is then unusable). */
TU_API tu_status tu_bind(const tu_surface *surface, const tu_sampler *sampler, tu_binding *binding,
                         tu_error *err);

/*
 * The instruction set of the SIMD kernels a binding runs (docs/semantics.md, "Kernels and the ISA
 * choice"). Every choice returns the same bits; only the speed differs. TU_ISA_BEST is the best the
 * CPU and the build have (what tu_bind uses); TU_ISA_SCALAR the portable build, for the baseline
 * instruction set, always available. The library reads no environment variable: tools,
 * tests and benchmarks read TEXUNIT_ISA=scalar|avx2|avx512 and pass the choice here.
 */
typedef enum tu_isa { TU_ISA_BEST, TU_ISA_SCALAR, TU_ISA_AVX2, TU_ISA_AVX512 } tu_isa;

/* Whether this build has kernels for isa and this CPU runs them. */
TU_API bool tu_isa_available(tu_isa isa);

/* "best", "scalar", "avx2", "avx512"; NULL for a value not in tu_isa. */
TU_API const char *tu_isa_name(tu_isa isa);

/* Parse one of tu_isa_name's names; TU_INVALID_ARGUMENT names a bad one. */
TU_API tu_status tu_isa_parse(const char *name, tu_isa *isa, tu_error *err);

/* tu_bind with the kernels of a chosen instruction set. TU_UNSUPPORTED (naming the ISA)
 * when isa is not available (tu_isa_available), TU_INVALID_ARGUMENT when not a tu_isa. */
TU_API tu_status tu_bind_isa(const tu_surface *surface, const tu_sampler *sampler, tu_isa isa,
                             tu_binding *binding, tu_error *err);

/* Execute msg on a binding made by tu_bind: as tu_execute, but only the message is
 * checked (tu_msg_validate and what the op needs of the surface and sampler). */
TU_API tu_status tu_execute_bound(const tu_binding *binding, const tu_msg *msg, tu_reply *reply,
                                  tu_error *err);

/*
 * A small cache of bindings, owned by the caller (no global state; the Intel front ends keep
 * one in their caller-owned state: tu_visa_state, tu_send_tables.cache; the NVIDIA one keeps
 * its own, tu_nv_cache in texunit/nv.h).
 * tu_bind_cached returns the binding of a surface and a sampler, binding them only when no
 * entry has the same content. Same content means equal tu_surface and tu_sampler fields (the
 * levels and the planes up to their counts; padding never counts; the pointers data,
 * mcs and residency compare as addresses). A changed description is a new key and is bound
 * afresh; the oldest entry makes room. The entry returned last is compared first, so a
 * caller that keeps to one pair pays one compare a call. The memory a cached surface points
 * to follows the tu_binding rules. A cache is not thread-safe: one per thread.
 */
enum { TU_BINDING_CACHE_ENTRIES = 4 };

typedef struct tu_binding_cache {
    uint32_t used;  /* valid entries, 0..TU_BINDING_CACHE_ENTRIES */
    uint32_t next;  /* the entry the next miss replaces */
    uint32_t last;  /* the entry the last call returned, compared first (any value is safe) */
    uint64_t binds; /* tu_bind calls made (misses), for tests and statistics */
    tu_binding entry[TU_BINDING_CACHE_ENTRIES];
} tu_binding_cache;

/* An empty cache (a zeroed tu_binding_cache is one too). */
TU_API void tu_binding_cache_init(tu_binding_cache *cache);

/* The cache's binding of surface and sampler in *out (valid until the next call on the same
 * cache), bound with tu_bind on a miss. Returns TU_OK or tu_bind's error (the cache then
 * keeps its other entries; the one a full cache was replacing is dropped). */
TU_API tu_status tu_bind_cached(tu_binding_cache *cache, const tu_surface *surface,
                                const tu_sampler *sampler, const tu_binding **out, tu_error *err);

#ifdef TEXUNIT_EXPERIMENTAL /* may change in any release (docs/api.md) */
/*
 * The level of detail tu_execute computes for lane `lane` of msg, through the engine's own
 * LOD code (src/sampler/lod.c; Vulkan "Level-of-Detail Operation", docs/semantics.md): the
 * derivatives from the lane's 2x2 subspan (implicit and bias ops, with the coarse pixel
 * compensation) or its gradients (GRAD ops), the message's bias for bias ops.
 *   lambda_prime  lambda_base + bias, not clamped (the LOD op's G)
 *   lambda        clamped to [min_lod, max_lod] (the LOD op's R before the clamp to the view)
 *   aniso_ratio   eta = min(rho_max / rho_min, max_anisotropy), 1 without anisotropy
 * For tools that show what the engine did (texunit render --show aniso). Returns TU_OK, or
 * TU_INVALID_ARGUMENT for an invalid message, surface or sampler, a lane outside the
 * message, or an op without an implicit or gradient LOD.
 */
typedef struct tu_lod_detail {
    float lambda_prime, lambda, aniso_ratio;
} tu_lod_detail;

TU_API tu_status tu_lod_detail_of(const tu_msg *msg, unsigned lane, const tu_surface *surface,
                                  const tu_sampler *sampler, tu_lod_detail *out, tu_error *err);
#endif /* TEXUNIT_EXPERIMENTAL */

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_SAMPLER_H */
