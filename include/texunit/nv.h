/* SPDX-License-Identifier: MIT */
/*
 * texunit/nv.h - the NVIDIA front end: Maxwell texture headers (TIC) and samplers (TSC) and
 * their pools, the bindless handle and the constant-bank word, a warp's register file, the
 * Maxwell/Pascal control word, the lines of nvdisasm / cuobjdump / maxas listings, and the TLD
 * instruction: its SASS text, its Maxwell 64-bit encoding and control slot, its rules and its
 * execution through the engine.
 *
 * Sources: the NVIDIA TLD page; NVIDIA open-gpu-doc clb097tex.h (header and sampler layouts);
 * envytools envydis/gm107.c (encoding); envytools g80-surface.rst (block-linear layout); the
 * maxas wiki "Control Codes" and CuAssembler CuSMVersion.py (the control word).
 * Where they are silent, the decisions are in docs/semantics.md, "NVIDIA TLD".
 */
#ifndef TEXUNIT_NV_H
#define TEXUNIT_NV_H

#include "texunit/sampler.h"
#include "texunit/status.h"
#include "texunit/surface.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    TU_NV_ENTRY_BYTES = 32,            /* one texture header or sampler */
    TU_NV_REGS = 255,                  /* R0..R254 */
    TU_NV_RZ = 255,                    /* the zero register: reads 0, writes are dropped */
    TU_NV_PT = 7,                      /* the true predicate: reads 1, writes are dropped */
    TU_NV_MAX_HEADER_INDEX = 0x3fffff, /* SET_TEX_HEADER_POOL_C.MAXIMUM_INDEX is 21:0 */
    TU_NV_MAX_SAMPLER_INDEX = 0xfffff, /* SET_TEX_SAMPLER_POOL_C.MAXIMUM_INDEX is 19:0 */
    TU_NV_MAX_TS_INDEX = 0x1fff        /* #tsPtrIdxU13 */
};

/* --- the bindless handle / constant-bank word: samplerPtr[31:20] | headerPtr[19:0] ----- */

#define TU_NV_HANDLE(sampler, header) \
    ((uint32_t)(((uint32_t)(sampler)&0xfffu) << 20 | ((uint32_t)(header)&0xfffffu)))
#define TU_NV_HANDLE_HEADER(handle)  ((uint32_t)(handle)&0xfffffu)
#define TU_NV_HANDLE_SAMPLER(handle) ((uint32_t)(handle) >> 20)

/* --- texture headers (clb097tex.h TEXHEAD_BL/_BLCK/_PITCH/_PITCHCK/_1D) - */

/* HEADER_VERSION MW(87:85): which layout the other bits follow. */
typedef enum tu_nv_header_version {
    TU_NV_HEADER_ONE_D_BUFFER = 0,
    TU_NV_HEADER_PITCH_COLOR_KEY = 1,
    TU_NV_HEADER_PITCH = 2,
    TU_NV_HEADER_BLOCKLINEAR = 3,
    TU_NV_HEADER_BLOCKLINEAR_COLOR_KEY = 4
} tu_nv_header_version;

/* TEXTURE_TYPE MW(154:151). */
typedef enum tu_nv_texture_type {
    TU_NV_TEX_1D = 0,
    TU_NV_TEX_2D = 1,
    TU_NV_TEX_3D = 2,
    TU_NV_TEX_CUBEMAP = 3,
    TU_NV_TEX_1D_ARRAY = 4,
    TU_NV_TEX_2D_ARRAY = 5,
    TU_NV_TEX_1D_BUFFER = 6,
    TU_NV_TEX_2D_NO_MIPMAP = 7,
    TU_NV_TEX_CUBEMAP_ARRAY = 8
} tu_nv_texture_type;

/* R/G/B/A_DATA_TYPE. */
typedef enum tu_nv_data_type {
    TU_NV_TYPE_SNORM = 1,
    TU_NV_TYPE_UNORM = 2,
    TU_NV_TYPE_SINT = 3,
    TU_NV_TYPE_UINT = 4,
    TU_NV_TYPE_SNORM_FORCE_FP16 = 5,
    TU_NV_TYPE_UNORM_FORCE_FP16 = 6,
    TU_NV_TYPE_FLOAT = 7
} tu_nv_data_type;

/* X/Y/Z/W_SOURCE: what each returned component is. */
typedef enum tu_nv_source {
    TU_NV_SOURCE_ZERO = 0,
    TU_NV_SOURCE_R = 2, /* component C0 of the texel */
    TU_NV_SOURCE_G = 3, /* C1 */
    TU_NV_SOURCE_B = 4, /* C2 */
    TU_NV_SOURCE_A = 5, /* C3 */
    TU_NV_SOURCE_ONE_INT = 6,
    TU_NV_SOURCE_ONE_FLOAT = 7
} tu_nv_source;

/*
 * Every field of the Maxwell headers: X(C type, member, NAME). One struct serves all five
 * layouts; a field a layout lacks is 0 after decoding and must be 0 to encode. `address` is
 * the byte address (a block-linear header holds bits 47:9, a pitch header 47:5, a 1D buffer
 * header 47:0); `pitch` is in bytes (bits 20:5); width_minus_one is 32 bits in 1D buffer
 * headers. The bit positions are the table in src/nv/tic.c.
 */
/* clang-format off */
#define TU_NV_TIC_FIELDS(X) \
    X(uint32_t, components, COMPONENTS) \
    X(uint32_t, r_data_type, R_DATA_TYPE) X(uint32_t, g_data_type, G_DATA_TYPE) \
    X(uint32_t, b_data_type, B_DATA_TYPE) X(uint32_t, a_data_type, A_DATA_TYPE) \
    X(uint32_t, x_source, X_SOURCE) X(uint32_t, y_source, Y_SOURCE) \
    X(uint32_t, z_source, Z_SOURCE) X(uint32_t, w_source, W_SOURCE) \
    X(uint32_t, pack_components, PACK_COMPONENTS) \
    X(uint32_t, gob_depth_offset, GOB_DEPTH_OFFSET) \
    X(uint64_t, address, ADDRESS) \
    X(uint32_t, header_version, HEADER_VERSION) \
    X(uint32_t, resource_view_coherency_hash, RESOURCE_VIEW_COHERENCY_HASH) \
    X(uint32_t, gobs_per_block_width, GOBS_PER_BLOCK_WIDTH) \
    X(uint32_t, gobs_per_block_height, GOBS_PER_BLOCK_HEIGHT) \
    X(uint32_t, gobs_per_block_depth, GOBS_PER_BLOCK_DEPTH) \
    X(uint32_t, sparse_enable, SPARSE_ENABLE) \
    X(uint32_t, tile_width_in_gobs, TILE_WIDTH_IN_GOBS) \
    X(uint32_t, gob3d, GOB3D) \
    X(uint32_t, use_array_tile_alignment, USE_ARRAY_TILE_ALIGNMENT) \
    X(uint32_t, pitch, PITCH) \
    X(uint32_t, lod_aniso_quality2, LOD_ANISO_QUALITY2) \
    X(uint32_t, lod_aniso_quality, LOD_ANISO_QUALITY) \
    X(uint32_t, lod_iso_quality, LOD_ISO_QUALITY) \
    X(uint32_t, aniso_coarse_spread_modifier, ANISO_COARSE_SPREAD_MODIFIER) \
    X(uint32_t, aniso_spread_scale, ANISO_SPREAD_SCALE) \
    X(uint32_t, use_header_opt_control, USE_HEADER_OPT_CONTROL) \
    X(uint32_t, depth_texture, DEPTH_TEXTURE) \
    X(uint32_t, max_mip_level, MAX_MIP_LEVEL) \
    X(uint32_t, width_minus_one, WIDTH_MINUS_ONE) \
    X(uint32_t, aniso_spread_max_log2, ANISO_SPREAD_MAX_LOG2) \
    X(uint32_t, srgb_conversion, S_R_G_B_CONVERSION) \
    X(uint32_t, texture_type, TEXTURE_TYPE) \
    X(uint32_t, sector_promotion, SECTOR_PROMOTION) \
    X(uint32_t, border_size, BORDER_SIZE) \
    X(uint32_t, height_minus_one, HEIGHT_MINUS_ONE) \
    X(uint32_t, depth_minus_one, DEPTH_MINUS_ONE) \
    X(uint32_t, normalized_coords, NORMALIZED_COORDS) \
    X(uint32_t, trilin_opt, TRILIN_OPT) \
    X(int32_t,  mip_lod_bias, MIP_LOD_BIAS) \
    X(uint32_t, aniso_bias, ANISO_BIAS) \
    X(uint32_t, aniso_fine_spread_func, ANISO_FINE_SPREAD_FUNC) \
    X(uint32_t, aniso_coarse_spread_func, ANISO_COARSE_SPREAD_FUNC) \
    X(uint32_t, max_anisotropy, MAX_ANISOTROPY) \
    X(uint32_t, aniso_fine_spread_modifier, ANISO_FINE_SPREAD_MODIFIER) \
    X(uint32_t, res_view_min_mip_level, RES_VIEW_MIN_MIP_LEVEL) \
    X(uint32_t, res_view_max_mip_level, RES_VIEW_MAX_MIP_LEVEL) \
    X(uint32_t, multi_sample_count, MULTI_SAMPLE_COUNT) \
    X(uint32_t, min_lod_clamp, MIN_LOD_CLAMP) \
    X(uint32_t, color_key_value, COLOR_KEY_VALUE)
/* clang-format on */

typedef struct tu_nv_tic {
#define TU_NV_MEMBER_(type, member, NAME) type member;
    TU_NV_TIC_FIELDS(TU_NV_MEMBER_)
    /* The bits of each 32-bit word that no field of this layout covers, kept so that
     * encode(decode(bytes)) == bytes for every 32 bytes of a known layout. */
    uint32_t reserved[8];
} tu_nv_tic;

/* Decode 32 bytes (little-endian words, as the GPU reads them). Returns TU_OK, or
 * TU_PARSE_ERROR for a HEADER_VERSION that is not 0..4. */
TU_API tu_status tu_nv_tic_decode(const void *bytes, tu_nv_tic *out, tu_error *err);

/* Encode h into 32 bytes. Refuses (TU_INVALID_ARGUMENT, naming the field and value) a value
 * its bits cannot hold (an address not aligned for its layout, a field wider than its
 * bits, a field the layout lacks set non-zero, reserved bits overlapping a field). */
TU_API tu_status tu_nv_tic_encode(const tu_nv_tic *h, void *bytes, tu_error *err);

/* Read or set a field by its NVIDIA name ("RES_VIEW_MIN_MIP_LEVEL", any case). Set refuses a
 * value its 32-bit member cannot hold (0..UINT32_MAX, or INT32_MIN..INT32_MAX for a signed
 * one) but does not check the field's width: encode does. TU_INVALID_ARGUMENT for an unknown
 * name or such a value. */
TU_API tu_status tu_nv_tic_get(const tu_nv_tic *h, const char *name, int64_t *value, tu_error *err);
TU_API tu_status tu_nv_tic_set(tu_nv_tic *h, const char *name, int64_t value, tu_error *err);

/* --- samplers (clb097tex.h TEXSAMP0..7) ---------------------------------------- */

/* clang-format off */
#define TU_NV_TSC_FIELDS(X) \
    X(uint32_t, address_u, ADDRESS_U) X(uint32_t, address_v, ADDRESS_V) \
    X(uint32_t, address_p, ADDRESS_P) \
    X(uint32_t, depth_compare, DEPTH_COMPARE) \
    X(uint32_t, depth_compare_func, DEPTH_COMPARE_FUNC) \
    X(uint32_t, srgb_conversion, S_R_G_B_CONVERSION) \
    X(uint32_t, font_filter_width, FONT_FILTER_WIDTH) \
    X(uint32_t, font_filter_height, FONT_FILTER_HEIGHT) \
    X(uint32_t, max_anisotropy, MAX_ANISOTROPY) \
    X(uint32_t, mag_filter, MAG_FILTER) \
    X(uint32_t, min_lod_clamp_behavior, MIN_LOD_CLAMP_BEHAVIOR_FOR_NEAREST_MIP) \
    X(uint32_t, min_filter, MIN_FILTER) \
    X(uint32_t, mip_filter, MIP_FILTER) \
    X(uint32_t, cubemap_interface_filtering, CUBEMAP_INTERFACE_FILTERING) \
    X(uint32_t, reduction_filter, REDUCTION_FILTER) \
    X(int32_t,  mip_lod_bias, MIP_LOD_BIAS) \
    X(uint32_t, float_coord_normalization, FLOAT_COORD_NORMALIZATION) \
    X(uint32_t, trilin_opt, TRILIN_OPT) \
    X(uint32_t, min_lod_clamp, MIN_LOD_CLAMP) \
    X(uint32_t, max_lod_clamp, MAX_LOD_CLAMP) \
    X(uint32_t, srgb_border_color_r, S_R_G_B_BORDER_COLOR_R) \
    X(uint32_t, srgb_border_color_g, S_R_G_B_BORDER_COLOR_G) \
    X(uint32_t, srgb_border_color_b, S_R_G_B_BORDER_COLOR_B) \
    X(uint32_t, border_color_r, BORDER_COLOR_R) X(uint32_t, border_color_g, BORDER_COLOR_G) \
    X(uint32_t, border_color_b, BORDER_COLOR_B) X(uint32_t, border_color_a, BORDER_COLOR_A)
/* clang-format on */

typedef struct tu_nv_tsc {
    TU_NV_TSC_FIELDS(TU_NV_MEMBER_)
    uint32_t reserved[8]; /* bits no field covers, kept for a lossless round trip */
} tu_nv_tsc;
#undef TU_NV_MEMBER_

/* ADDRESS_U/V/P values. */
typedef enum tu_nv_wrap {
    TU_NV_WRAP = 0,
    TU_NV_WRAP_MIRROR = 1,
    TU_NV_WRAP_CLAMP_TO_EDGE = 2,
    TU_NV_WRAP_BORDER = 3,
    TU_NV_WRAP_CLAMP_OGL = 4,
    TU_NV_WRAP_MIRROR_ONCE_CLAMP_TO_EDGE = 5,
    TU_NV_WRAP_MIRROR_ONCE_BORDER = 6,
    TU_NV_WRAP_MIRROR_ONCE_CLAMP_OGL = 7
} tu_nv_wrap;

TU_API tu_status tu_nv_tsc_decode(const void *bytes, tu_nv_tsc *out, tu_error *err);
TU_API tu_status tu_nv_tsc_encode(const tu_nv_tsc *s, void *bytes, tu_error *err);
TU_API tu_status tu_nv_tsc_get(const tu_nv_tsc *s, const char *name, int64_t *value, tu_error *err);
TU_API tu_status tu_nv_tsc_set(tu_nv_tsc *s, const char *name, int64_t value, tu_error *err);

/* The engine sampler a TSC entry means (address modes, filters, anisotropy, compare, LOD
 * bias and clamps in 1/256, border colour bits, reduction, unnormalized coordinates,
 * seamless cube filtering). TU_UNSUPPORTED for modes the engine lacks (CLAMP_OGL,
 * MIRROR_ONCE_BORDER, MIRROR_ONCE_CLAMP_OGL, VCAA filters); TU_INVALID_ARGUMENT for values
 * that are no mode. */
TU_API tu_status tu_nv_tsc_sampler(const tu_nv_tsc *s, tu_sampler *out, tu_error *err);

/* The sampler state TLD uses whatever the pools hold (the page's "Texture Header State
 * Overrides"): point filters, anisotropy 1:1, border colour 0, no depth compare, address
 * modes BORDER, or CLAMP_TO_EDGE with .CL. */
TU_API tu_sampler tu_nv_tld_sampler(bool cl);

/* --- formats: COMPONENTS + data types <-> tu_format ---------------------------------- */

/*
 * The header fields that describe surface format f: COMPONENTS, the four data types and
 * the sources that return (R, G, B, A) of f, and S_R_G_B_CONVERSION. Returns TU_OK or
 * TU_UNSUPPORTED for a format with no Maxwell equivalent in texunit's table.
 */
TU_API tu_status tu_nv_format_fields(tu_format f, tu_nv_tic *h, tu_error *err);

/* --- GPU memory, pools, state ------------------------------------------------------------ */

/* A range of the GPU's virtual address space backed by caller memory. Texture headers
 * address memory through regions; a region's residency map (pages from `data`) says which
 * pages are sparse (not resident). */
typedef struct tu_nv_region {
    uint64_t address; /* GPU virtual address of data[0] (48 bits) */
    void *data;
    size_t size;
    const tu_residency *residency; /* NULL: every page is resident */
} tu_nv_region;

/* A header or sampler pool: entries of 32 bytes from `data`, valid up to maximum_index
 * (SET_TEX_HEADER_POOL_C / SET_TEX_SAMPLER_POOL_C.MAXIMUM_INDEX). The memory must hold
 * maximum_index + 1 entries. */
typedef struct tu_nv_pool {
    const void *data;
    size_t size;
    uint32_t maximum_index;
} tu_nv_pool;

/* What a texture header describes, ready for the engine. */
typedef struct tu_nv_texture {
    tu_surface surface;     /* the view, over the region memory the header's address lies in */
    bool empty;             /* RES_VIEW_MIN_MIP_LEVEL > _MAX: a null view, every read is 0 */
    uint8_t coords;         /* coordinates a TLD paramA must have: 1, 2, 3; 0 for cube maps */
    uint8_t texel_map[4];   /* for C0..C3: the component of the surface's texel, 4 = none */
    uint8_t source[4];      /* X..W_SOURCE */
    uint8_t fp16_mask;      /* bit k: component Ck is *_FORCE_FP16 (rounded to half) */
    uint8_t sample_map[16]; /* the surface sample holding the header's sample k: k, but for
                             * 4X2_D3D and 2X1_D3D their sample positions (Mesa nil) */
} tu_nv_texture;

/*
 * The textures TLD read, kept by the caller (one per thread; a zeroed tu_nv_cache is empty):
 * each entry holds a texture header's 32 bytes as the pool had them, the region its texture
 * lies in as the state described it, .CL (which picks TLD's sampler), the texture they
 * decode to and its binding. A TLD whose header bytes, .CL and region equal an entry's runs
 * on that entry's binding without decoding the header again, so a rewritten header, a
 * moved region or another .CL is decoded and bound afresh (the region's data and residency
 * compare as addresses, as tu_bind_cached compares a surface's). The entry returned last is
 * compared first; a miss with the cache full replaces the oldest entry. Not thread-safe.
 */
enum { TU_NV_CACHE_ENTRIES = 4 };

typedef struct tu_nv_cache_entry {
    uint8_t header[TU_NV_ENTRY_BYTES]; /* the pool entry's bytes */
    uint32_t region_index;             /* state regions[region_index] held the texture */
    tu_nv_region region;               /* ... with these fields */
    bool cl;
    tu_nv_texture texture;
    tu_binding binding;
} tu_nv_cache_entry;

typedef struct tu_nv_cache {
    uint32_t used;    /* valid entries, 0..TU_NV_CACHE_ENTRIES */
    uint32_t next;    /* the entry the next miss replaces */
    uint32_t last;    /* the entry the last hit or miss returned, compared first */
    uint64_t decodes; /* headers decoded and bound (misses), for tests and statistics */
    tu_nv_cache_entry entry[TU_NV_CACHE_ENTRIES];
} tu_nv_cache;

/* An empty cache (a zeroed tu_nv_cache is one too). */
TU_API void tu_nv_cache_init(tu_nv_cache *cache);

/* Everything TLD reads besides registers. */
typedef struct tu_nv_state {
    const tu_nv_region *regions;
    uint32_t region_count;
    tu_nv_pool headers;
    tu_nv_pool samplers;
    const uint32_t *cbank; /* the constant bank #tsPtrIdx indexes (32-bit words) */
    uint32_t cbank_words;  /* a word at or beyond this reads as 0 */
    /* Optional, caller-owned (one per thread): the textures TLD read, decoded and bound
     * (tu_nv_cache above). NULL: every TLD decodes its headers and runs tu_execute. */
    tu_nv_cache *cache;
    /* NULL, or a trace sink (texunit/trace.h): each group of lanes that reads one texture
     * makes one engine message, traced by tu_execute_traced with the header index as the
     * records' surface, and before its texels one TU_TRACE_HEADER record per lane for the
     * texture header read (offset index * TU_NV_ENTRY_BYTES in the header pool, surface
     * 0xffffffff). */
    const tu_trace_sink *trace;
} tu_nv_state;

/* Check regions (non-NULL memory, 48-bit addresses, no overlap, valid residency maps), the
 * pools (their memory holds maximum_index + 1 entries; maximum_index within its field) and
 * the constant bank. Returns TU_OK or TU_INVALID_ARGUMENT naming the field. */
TU_API tu_status tu_nv_state_validate(const tu_nv_state *st, tu_error *err);

/* Entry `index` of a pool: *valid is false (and *out untouched) when index > maximum_index
 * (an invalid texture). TU_INVALID_ARGUMENT when the pool cannot hold its maximum index. */
TU_API tu_status tu_nv_pool_header(const tu_nv_pool *pool, uint32_t index, tu_nv_tic *out,
                                   bool *valid, tu_error *err);
TU_API tu_status tu_nv_pool_sampler(const tu_nv_pool *pool, uint32_t index, tu_nv_tsc *out,
                                    bool *valid, tu_error *err);

/* The constant-bank word #tsPtrIdx (a word index) reads; 0 beyond the bank. */
TU_API uint32_t tu_nv_cbank_word(const tu_nv_state *st, uint32_t ts_index);

/* --- textures: a header as a surface ------------------------------------------------- */

/*
 * Interpret header h: the layout (block-linear, pitch, 1D buffer), format, sizes, levels,
 * view, samples, swizzle, over `regions`. Refuses (naming the field) a header that is not
 * self-consistent or that texunit cannot model (TU_UNSUPPORTED: a format with no texunit
 * equivalent, GOBS_PER_BLOCK_WIDTH or TILE_WIDTH_IN_GOBS != 0, GOB3D, GOB_DEPTH_OFFSET,
 * USE_ARRAY_TILE_ALIGNMENT, the VC and CENTER multisample modes), and a surface
 * that does not fit in the region its address lies in.
 */
TU_API tu_status tu_nv_tic_texture(const tu_nv_tic *h, const tu_nv_region *regions,
                                   uint32_t region_count, tu_nv_texture *out, tu_error *err);

/*
 * The header that describes surface s (block-linear or linear 1D/2D with one level and
 * layer as PITCH, BUFFER as ONE_D_BUFFER) whose memory starts at GPU address gpu_address:
 * the header's address is gpu_address + s->level[0].offset (mip 0 of the view's layer 0).
 * The view is [base_level, base_level + level_count). Returns TU_OK, TU_INVALID_ARGUMENT
 * (an invalid surface, an address that is not aligned for its layout, a block-linear
 * surface whose levels are not the standard layout) or TU_UNSUPPORTED (no Maxwell format).
 */
TU_API tu_status tu_nv_tic_from_surface(const tu_surface *s, uint64_t gpu_address, tu_nv_tic *out,
                                        tu_error *err);

/* --- the register file of a warp ---------------------------------------------------------- */

typedef struct tu_nv_regs {
    uint32_t lanes;                       /* threads, 1..32 */
    uint32_t r[TU_MAX_LANES][TU_NV_REGS]; /* R0..R254 per thread */
    uint8_t p[TU_MAX_LANES];              /* bit n = Pn, n = 0..6 */
} tu_nv_regs;

/* Register `reg` of thread `lane`: RZ (255) reads 0; a lane or register outside the file
 * reads 0. */
TU_API uint32_t tu_nv_reg_read(const tu_nv_regs *regs, unsigned lane, unsigned reg);
/* Write it: writes to RZ are dropped. TU_INVALID_ARGUMENT for a lane >= lanes or reg > 255. */
TU_API tu_status tu_nv_reg_write(tu_nv_regs *regs, unsigned lane, unsigned reg, uint32_t value,
                                 tu_error *err);
/* Predicate Pn (n = 0..6) or PT (7, reads true); outside the file reads false. */
TU_API bool tu_nv_pred_read(const tu_nv_regs *regs, unsigned lane, unsigned pred);
/* Writes to PT are dropped. TU_INVALID_ARGUMENT for a lane >= lanes or pred > 7. */
TU_API tu_status tu_nv_pred_write(tu_nv_regs *regs, unsigned lane, unsigned pred, bool value,
                                  tu_error *err);

/* --- the TLD instruction ----------------------------------------------------------------- */

typedef enum tu_nv_lod { TU_NV_LOD_LZ = 0, TU_NV_LOD_LL = 1 } tu_nv_lod;
typedef enum tu_nv_phase { TU_NV_PHASE_NONE, TU_NV_PHASE_T, TU_NV_PHASE_P } tu_nv_phase;

/* #paramA in the page's order: code = array << 2 | dim. CUBE, ARRAY_3D, ARRAY_CUBE are
 * reserved for TLD. */
typedef enum tu_nv_param_a {
    TU_NV_PARAM_1D = 0,
    TU_NV_PARAM_2D = 1,
    TU_NV_PARAM_3D = 2,
    TU_NV_PARAM_CUBE = 3,
    TU_NV_PARAM_ARRAY_1D = 4,
    TU_NV_PARAM_ARRAY_2D = 5,
    TU_NV_PARAM_ARRAY_3D = 6,
    TU_NV_PARAM_ARRAY_CUBE = 7
} tu_nv_param_a;

/* Scheduling annotations of the text: {&req={b,...}} {&rdN} {&wrN} {?sched}. They are not part
 * of the 64-bit instruction word: they are the instruction's slot of the control word
 * (tu_nv_control below; tu_nv_tld_encode_control). ?sched is "?S<n>" (stall n cycles, no
 * yield hint) or "?Y_S<n>" (stall n, yield); no ?sched is "?Y_S0", the slot of an instruction
 * the text says nothing about. */
typedef struct tu_nv_sched {
    bool has_req;
    uint8_t req;   /* &req={b,...}: bit b = wait on barrier b, 0..5 */
    int8_t rd, wr; /* &rdN, &wrN: barrier 0..5 the read / write releases; -1 = none */
    uint8_t stall; /* ?S<n>: 0..15 cycles */
    bool no_yield; /* ?S<n> without Y_: the yield hint is off */
} tu_nv_sched;

/* --- the Maxwell/Pascal control word --------------------------------------------------------
 * Code comes in groups of four 64-bit words: a control word, then three instructions. The
 * control word holds one 21-bit slot per instruction: bits 20:0 for the first, 41:21 for the
 * second, 62:42 for the third; bit 63 is unused (maxas wiki "Control Codes", MaxasGrammar.pm
 * processSassCtrlLine; CuAssembler CuSMVersion.py splitControlCodes_5x_6x). An instruction at
 * byte address A of its function is in slot (A / 8) % 4 - 1; A % 32 == 0 is a control word. */
enum {
    TU_NV_CONTROL_SLOT_BITS = 21,
    TU_NV_CONTROL_NO_BARRIER = 7, /* a barrier field's value for "none" */
    TU_NV_CONTROL_EMPTY = 0x7e0   /* no barrier, no wait, stall 0, yield (CuAssembler's pad) */
};

/* One slot, field by field (maxas printCtrl). */
typedef struct tu_nv_control {
    uint8_t stall; /* bits 3:0: cycles to wait before the next instruction issues, 0..15 */
    bool yield;    /* bit 4 CLEAR: the yield hint (maxas prints Y for a 0 bit) */
    int8_t wr;     /* bits 7:5: the barrier 0..5 the instruction's results release; -1 none (7) */
    int8_t rd;     /* bits 10:8: the barrier 0..5 its operand reads release; -1 none (7) */
    uint8_t wait;  /* bits 16:11: bit b = wait for barrier b before issuing */
    uint8_t reuse; /* bits 20:17: operand reuse flags; in a texture instruction bit 17 is .T,
                    * bit 18 .P (nvdisasm, as CuAssembler's records keep it) */
} tu_nv_control;

/* Decode a slot: TU_INVALID_ARGUMENT for bits above 20 or a barrier field of 6 (neither a
 * barrier 0..5 nor "none"). */
TU_API tu_status tu_nv_control_decode(uint32_t slot, tu_nv_control *out, tu_error *err);
/* Encode: refuses, naming the field, a stall > 15, a barrier outside -1..5, a wait mask or
 * reuse mask wider than its bits. */
TU_API tu_status tu_nv_control_encode(const tu_nv_control *c, uint32_t *slot, tu_error *err);
/* The three slots of a control word; TU_PARSE_ERROR when bit 63 is set. */
TU_API tu_status tu_nv_control_split(uint64_t word, uint32_t slots[3], tu_error *err);
/* The control word of three slots; TU_INVALID_ARGUMENT for a slot wider than 21 bits. */
TU_API tu_status tu_nv_control_join(const uint32_t slots[3], uint64_t *word, tu_error *err);
/* The slot (0..2) of the instruction at byte address `address`; TU_INVALID_ARGUMENT when the
 * address is not 8-aligned or is a control word's (address % 32 == 0). */
TU_API tu_status tu_nv_control_slot_of(uint64_t address, unsigned *slot, tu_error *err);
/* maxas's notation of a slot without its reuse bits, "WAIT:RD:WR:Y:STALL" (MaxasGrammar.pm
 * printCtrl): the wait mask as two hex digits or "--", the barriers 1..6 (barrier field + 1)
 * or "-", "Y" or "-", the stall as one hex digit; e.g. "01:-:2:Y:d". Parse sets reuse 0. */
TU_API tu_status tu_nv_control_parse_maxas(const char *text, tu_nv_control *out, tu_error *err);
TU_API tu_status tu_nv_control_print_maxas(const tu_nv_control *c, char *buf, size_t size,
                                           tu_error *err);

typedef struct tu_nv_tld {
    uint8_t guard;      /* @Pg: 0..6, 7 = PT (always) */
    bool guard_not;     /* @!Pg */
    bool bindless;      /* .B */
    uint8_t lod;        /* tu_nv_lod: .LZ or .LL */
    bool aoffi;         /* .AOFFI */
    bool ms;            /* .MS */
    bool cl;            /* .CL */
    bool nodep;         /* .NODEP */
    uint8_t phase;      /* tu_nv_phase: .T, .P */
    uint8_t ps;         /* sparse predicate destination Ps: 0..6, 7 = PT (none) */
    uint8_t rd, ra, rb; /* 0..254, 255 = RZ */
    uint16_t ts_index;  /* #tsPtrIdxU13 (ignored with .B) */
    uint8_t param_a;    /* tu_nv_param_a */
    uint8_t wmask;      /* #wmskU04: R, G, B, A = bits 0..3 */
    tu_nv_sched sched;
} tu_nv_tld;

/* The default instruction: TLD.LZ RZ, RZ, 0, 1D, 0xf with no predicates. */
TU_API tu_nv_tld tu_nv_tld_default(void);

/* What Ra and Rb carry, in order (the page's packing table, compacted). */
typedef enum tu_nv_param {
    TU_NV_ARG_ARRAY,  /* Ra: array index, bits 15:0 (U16) */
    TU_NV_ARG_S,      /* Ra: s (S32) */
    TU_NV_ARG_T,      /* Ra: t */
    TU_NV_ARG_R,      /* Ra: r */
    TU_NV_ARG_HANDLE, /* Rb: samplerPtr[31:20] | headerPtr[19:0] (.B) */
    TU_NV_ARG_LOD,    /* Rb: absolute LOD, U32 (.LL) */
    TU_NV_ARG_TOFF,   /* Rb: offsets (w&0xf)<<8 | (v&0xf)<<4 | (u&0xf) (.AOFFI) */
    TU_NV_ARG_MS      /* Rb: sample index, U32 (.MS) */
} tu_nv_param;

typedef struct tu_nv_packing {
    uint8_t ra_count, rb_count;
    uint8_t ra[4], rb[4]; /* tu_nv_param */
} tu_nv_packing;

/* The packing of inst's Ra and Rb (reads param_a, bindless, lod, aoffi, ms). */
TU_API tu_nv_packing tu_nv_tld_packing(const tu_nv_tld *inst);

/* The short name of a packed parameter ("s", "array", "handle", ...). */
TU_API const char *tu_nv_param_name(tu_nv_param p);

/*
 * Check every rule of the page: field ranges, a reserved paramA, .MS without .LZ, .MS with
 * .CL, .MS on a paramA other than 2D/ARRAY_2D, the register alignment rules (Rd to the
 * components wmask writes, Ra/Rb to 1, 2 or 4 by their parameter count) and the RZ rule
 * (Ra/Rb must not be RZ when parameters are packed in them). Returns TU_OK or
 * TU_INVALID_ARGUMENT with a sentence naming the rule.
 */
TU_API tu_status tu_nv_tld_validate(const tu_nv_tld *inst, tu_error *err);

/*
 * Parse one line of SASS as the page writes it:
 *   {@{!}Pg} TLD{.B}.lod{.AOFFI}{.MS}{.CL}{.NODEP}{.phase} {Ps, } Rd, Ra{, Rb},
 *       #tsPtrIdxU13, #paramA{, #wmskU04} {&req={..}} {&rdN} {&wrN} {?sched} ;
 * e.g. "TLD.LZ R0, R4, 0, 2D, 0xf;". Immediates are decimal or 0x-hex; the ';' and a
 * trailing "// comment" are optional. The result is validated. TU_PARSE_ERROR for malformed
 * text, TU_INVALID_ARGUMENT for a broken rule.
 */
TU_API tu_status tu_nv_tld_parse(const char *text, tu_nv_tld *out, tu_error *err);

/* Print inst in the canonical form: modifiers in the page's order, Rb omitted when it is RZ
 * and unused, PT predicates omitted, the index and wmask in %#x, annotations last, ending in
 * ";" as the page's examples do. TU_INVALID_ARGUMENT when the buffer is too small or inst is
 * invalid. */
TU_API tu_status tu_nv_tld_print(const tu_nv_tld *inst, char *buf, size_t size, tu_error *err);

/* The Maxwell 64-bit encoding (envytools envydis/gm107.c): TLD 0xDC, TLD.B 0xDD in bits 63:56;
 * #tsPtrIdx in bits 48:36 in both (nvdisasm prints the bits of a TLD.B too; execution ignores
 * them, as the page says). The phase (.T/.P) and the annotations are not in this word: they
 * are the instruction's control slot (tu_nv_tld_encode_control). Decode gives no phase and
 * default annotations; tu_nv_tld_decode_control adds the slot's. */
TU_API tu_status tu_nv_tld_encode(const tu_nv_tld *inst, uint64_t *word, tu_error *err);
/* Decode a word: TU_PARSE_ERROR for another opcode; TU_INVALID_ARGUMENT for a broken rule.
 * The #paramA values the page reserves (CUBE, ARRAY_3D, ARRAY_CUBE) decode, as nvdisasm
 * decodes them; tu_nv_tld_execute refuses them by name. */
TU_API tu_status tu_nv_tld_decode(uint64_t word, tu_nv_tld *out, tu_error *err);
/* The instruction's control slot: the annotations and the phase (.T bit 17, .P bit 18). */
TU_API tu_status tu_nv_tld_encode_control(const tu_nv_tld *inst, uint32_t *slot, tu_error *err);
/* Set inst's annotations and phase from a slot: TU_INVALID_ARGUMENT for a malformed slot, for
 * reuse bits 19 or 20 (a texture instruction has no operand reuse) and for .T and .P together. */
TU_API tu_status tu_nv_tld_decode_control(uint32_t slot, tu_nv_tld *inst, tu_error *err);

/* The architectures tu_nv_tld_check_arch knows: where they differ for TLD (docs/semantics.md,
 * "NVIDIA TLD", per architecture). */
typedef enum tu_nv_arch {
    TU_NV_SM_50 = 50, /* GM107/GM108: no sparse predicate */
    TU_NV_SM_52 = 52,
    TU_NV_SM_53 = 53, /* Tegra X1 */
    TU_NV_SM_60 = 60,
    TU_NV_SM_61 = 61,
    TU_NV_SM_62 = 62
} tu_nv_arch;

/* "sm_50".."sm_62" (or "50"); TU_INVALID_ARGUMENT naming the text otherwise. */
TU_API tu_status tu_nv_arch_parse(const char *text, tu_nv_arch *out, tu_error *err);
/* What inst needs that `arch` lacks: TU_INVALID_ARGUMENT for a sparse predicate Ps other than
 * PT on SM 5.0, or an architecture that is not one of tu_nv_arch. */
TU_API tu_status tu_nv_tld_check_arch(const tu_nv_tld *inst, tu_nv_arch arch, tu_error *err);

/* --- listings: the text nvdisasm, cuobjdump -sass and maxas print ------------------------- */

typedef enum tu_nv_listing_kind {
    TU_NV_LISTING_OTHER,      /* a blank line, label, header, section name or brace */
    TU_NV_LISTING_CONTROL,    /* a control word alone in its hex comment */
    TU_NV_LISTING_INSTRUCTION /* an instruction */
} tu_nv_listing_kind;

enum { TU_NV_LISTING_TEXT = 192, TU_NV_MNEMONIC = 16 };

/* One line of a listing, read by tu_nv_listing_line_parse (C comments are written [* *] here):
 *   cuobjdump -sass  "        [*0008*]    MOV R1, c[0x0][0x20];    [* 0x4c98078000870001 *]"
 *   nvdisasm         "        [*0078*]    { TLD.B.LZ.T R4, R10, R4, 0x0, 1D, 0xf ;  [* 0x... *]"
 *                    (with the "{" and "}" of its dual-issue syntax)
 *   maxas            "--:-:2:Y:2      TLD.B.LZ.P R103, R111, R115, 0x0, 1D, 0x1;"
 *   a control word   "                                        [* 0x001f9400fe2007e6 *]" */
typedef struct tu_nv_listing_line {
    uint8_t kind; /* tu_nv_listing_kind */
    bool has_address, has_word, has_control;
    uint64_t address;              /* the address comment before the instruction */
    uint64_t word;                 /* the instruction's or control word's hex comment */
    tu_nv_control control;         /* a maxas prefix (reuse 0: maxas writes .reuse, .T, .P) */
    char text[TU_NV_LISTING_TEXT]; /* the instruction, with its guard, ending in ";" */
    char mnemonic[TU_NV_MNEMONIC]; /* "TLD", "MOV": the opcode without modifiers */
} tu_nv_listing_line;

/* Classify and split one line (without its line end). TU_PARSE_ERROR for a line that looks
 * like a listing line but is malformed (an address or word that is not hex, an instruction
 * too long, a maxas prefix that is not WAIT:RD:WR:Y:STALL). maxas's repeated guard
 * ("@P0 @P0 TLD...") is read as one guard. */
TU_API tu_status tu_nv_listing_line_parse(const char *line, tu_nv_listing_line *out, tu_error *err);

/* Decode the first 8 bytes (little-endian) of `bytes`; TU_PARSE_ERROR when size < 8. */
TU_API tu_status tu_nv_tld_decode_bytes(const void *bytes, size_t size, tu_nv_tld *out,
                                        tu_error *err);

/*
 * Execute inst for the threads of active_mask (bit n = thread n, n < regs->lanes) whose
 * guard predicate holds: read Ra/Rb, fetch the header (constant bank word #tsPtrIdx, or
 * Rb's handle with .B), read the texel through the engine and write the components wmask
 * enables to Rd, Rd+1, ... and Ps. A thread whose header index exceeds the pool's
 * MaximumIndex, whose paramA does not match the header's texture type, whose view is empty,
 * or whose coordinate, array index, LOD or sample is out of range (without .CL) reads
 * (0, 0, 0, 0); a texel on a sparse page reads 0 and sets Ps. Registers are written only
 * when the whole instruction succeeds. Returns TU_OK, TU_INVALID_ARGUMENT (a broken rule,
 * an invalid state or header) or TU_UNSUPPORTED (a header texunit cannot model).
 */
TU_API tu_status tu_nv_tld_execute(const tu_nv_tld *inst, const tu_nv_state *st, tu_nv_regs *regs,
                                   uint32_t active_mask, tu_error *err);

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_NV_H */
