/* SPDX-License-Identifier: MIT */
/*
 * texunit/visa.h - the Intel vISA front end: the sampler and surface instructions as IGC
 * writes them (3D_SAMPLE 0x6D, 3D_LOAD 0x6E, 3D_GATHER4 0x6F, 3D_INFO 0x70, MEDIA_LD 0x37), the
 * data port's (GATHER4_TYPED 0x4B, SCATTER4_TYPED 0x4C, TYPED_ATOMIC 0x73, GATHER4_SCALED 0x74,
 * SCATTER4_SCALED 0x75, GATHER_SCALED 0x78, SCATTER_SCALED 0x79, DWORD_ATOMIC 0x7D) and LSC's
 * load, store, quad, atomic, strided and block2d forms (LSC_UNTYPED 0x89, LSC_TYPED 0x8A) and
 * LSC_FENCE 0x8B, their .visaasm text,
 * their vISA 4.1 binary encoding, and their execution on a GRF file.
 *
 * Sources: the vISA specification pages and IGC ByteCodeReaderNG.cpp, whose reading of
 * IGC's printer, parser and binary reader wins where the pages are out of date (lowercase
 * mnemonics, the paired-surface operand, T6 as the first user surface, V32 as the first
 * user variable, ...). Decisions: docs/semantics.md, "vISA".
 */
#ifndef TEXUNIT_VISA_H
#define TEXUNIT_VISA_H

#include "texunit/lower.h"
#include "texunit/sampler.h"
#include "texunit/status.h"
#include "texunit/surface.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* vISA element types (VISA_Type; IGC visa_igc_common_header.h, VISA_Type). */
typedef enum tu_visa_type {
    TU_VISA_UD = 0,
    TU_VISA_D = 1,
    TU_VISA_UW = 2,
    TU_VISA_W = 3,
    TU_VISA_UB = 4,
    TU_VISA_B = 5,
    TU_VISA_DF = 6,
    TU_VISA_F = 7,
    TU_VISA_V = 8,
    TU_VISA_VF = 9,
    TU_VISA_BOOL = 10,
    TU_VISA_UQ = 11,
    TU_VISA_UV = 12,
    TU_VISA_Q = 13,
    TU_VISA_HF = 14,
    TU_VISA_BF = 15,
    TU_VISA_TYPE_COUNT
} tu_visa_type;

/* The text name ("ud", "hf") and the size in bytes of a type; NULL / 0 outside the enum. */
TU_API const char *tu_visa_type_name(tu_visa_type t);
TU_API uint32_t tu_visa_type_size(tu_visa_type t);

/* The platforms texunit models: GRF size, native SIMD and the meaning of sub-ops 17/18
 * (IGC visa_igc_common_header.h, ISA_Opcode and VISASampler3DSubOpCode; hasGather4PO();
 * the native widths of VisaToG4/TranslateSend3D.cpp). */
typedef enum tu_visa_platform {
    TU_VISA_XE_LP, /* TGLLP: 32-byte GRF, SIMD8 native; 17/18 = sample4_po, sample4_po_c */
    TU_VISA_XE2    /* LNL/BMG: 64-byte GRF, SIMD16 native; 17/18 are the mlod samples */
} tu_visa_platform;

TU_API uint32_t tu_visa_grf_bytes(tu_visa_platform p);

/* A raw operand: a general variable and a byte offset into it (`V41.0`, `%null.0`). */
typedef struct tu_visa_raw {
    uint32_t id;     /* 0 = %null; 1..31 predefined; 32.. user variables */
    uint16_t offset; /* bytes */
} tu_visa_raw;

/* A scalar vector operand (aoffimmi, MEDIA_LD's x and y): an immediate or a general
 * variable element `V40(row,col)<0;1,0>`. */
typedef struct tu_visa_scalar {
    bool is_imm;
    uint8_t type; /* tu_visa_type of the immediate, or of the variable element */
    uint32_t id;  /* variable id when !is_imm */
    uint8_t row, col;
    uint16_t region; /* the encoded region, kept for round trips (0x0121 = <0;1,0>) */
    uint64_t imm;    /* the immediate's bits, zero-extended from its type's size */
} tu_visa_scalar;

/* The efficient-64b (Xe3P) form of a sampler or surface operand (IGC CISA.y's sampler and
 * surface operands, as IsaDisassembly.cpp prints them): a general variable (the state base)
 * and an immediate state index, written `(V, 6)`, or for a surface also `V(0,0)<0;1,0>[1]`.
 * Text only: no vISA binary carries it. texunit resolves it through the bindless table,
 * handle = base value + index (docs/semantics.md). */
typedef struct tu_visa_state_ref {
    bool present;
    bool vector; /* the V(r,c)<region>[index] spelling */
    tu_visa_scalar base;
    uint32_t index;
} tu_visa_state_ref;

/* Predicate control (vISA spec, "Operands", "Predication"). */
enum { TU_VISA_PRED_NORMAL = 0, TU_VISA_PRED_ANY = 1, TU_VISA_PRED_ALL = 2 };

enum { TU_VISA_MAX_PARAMS = 15 };

/* One sampler or surface instruction. Which fields mean something depends on the opcode;
 * tu_visa_validate says. */
typedef struct tu_visa_inst {
    uint8_t opcode; /* 0x6D, 0x6E, 0x6F, 0x70, 0x37; the data port's; LSC's 0x89, 0x8A */
    uint8_t subop;  /* the sampler sub-op (0x6D..0x70) */
    bool pixel_null_mask, cps, divs;
    uint8_t exec_size;       /* 8, 16 or 32 */
    uint8_t emask;           /* 0..7 = M1..M8, 8..15 = M1_NM..M8_NM */
    uint16_t pred;           /* bits 11:0 predicate id (0 = none), 14:13 control, 15 invert */
    uint8_t channels;        /* RGBA write mask (bit 0 = R); for 3D_GATHER4 the channel 0..3 */
    tu_visa_scalar aoffimmi; /* immediate UW: [11:8] U, [7:4] V, [3:0] R */
    uint8_t sampler;         /* sampler variable index (S<n>) */
    uint8_t surface;         /* surface variable index (T<n>) */
    tu_visa_state_ref sampler64, surface64; /* efficient-64b forms; then sampler/surface 0 */
    tu_visa_raw dst;
    bool has_paired; /* the paired-surface operand was written (newer IGC text) */
    tu_visa_raw paired;
    uint8_t num_params;
    tu_visa_raw params[TU_VISA_MAX_PARAMS];
    bool uw_params; /* load_2dms_w only: the UW form (mcs0..mcs3) */
    /* MEDIA_LD */
    uint8_t media_mod; /* 0 nomod, 1 modified, 2 top, 3 bottom, 4 top_mod, 5 bottom_mod */
    uint8_t plane, block_width, block_height;
    tu_visa_scalar x, y;
    /* The data port (GATHER4_TYPED 0x4B ... DWORD_ATOMIC 0x7D; vISA spec, GATHER4_TYPED ..
     * DWORD_ATOMIC): exec_size 1..32 by the op's table row, the raw operands in params[]
     * (num_params = the row's count: u v r lod [src | src0 src1], or offsets [src | src0 src1]),
     * dst, and: */
    uint8_t atomic_op;            /* TYPED_ATOMIC, DWORD_ATOMIC: the vISA atomic op code */
    bool atomic16;                /* .16: a 16-bit atomic (op byte bit 5) */
    uint8_t num_blocks;           /* GATHER_SCALED, SCATTER_SCALED: 0, 1, 2 = 1, 2, 4 bytes */
    uint8_t block_size;           /* their Block_size byte: 0 (one byte) */
    uint16_t scale;               /* the scaled forms' Scale: 0 */
    tu_visa_scalar global_offset; /* the scaled forms' offset, a UD scalar */
    /* LSC_UNTYPED 0x89 / LSC_TYPED 0x8A (vISA spec, LSC_UNTYPED and LSC_TYPED): subop is the LSC
     * op; params[] hold src0 (the addresses), src1, src2 (untyped) or U, V, R, LOD, src1, src2
     * (typed); dst the loaded or returned data. The enumerations are IGC's binary values. */
    struct {
        uint8_t sfid;            /* untyped: 0 ugm, 1 ugml, 3 slm (typed: tgm, not stored);
                                    LSC_FENCE: also 2 tgm */
        uint8_t l1, l3;          /* caching 0..7: df uc ca wb wt st ri cc */
        uint8_t l2;              /* Xe3P's third level (.L1.L2.L3, `three_level`): text only */
        bool three_level;        /* written with three cache levels (Xe3P) */
        uint8_t addr_type;       /* 1 flat, 2 bss, 3 ss, 4 bti, 5 arg, 6 surf (Xe3P) */
        uint8_t addr_size;       /* 1 a16, 2 a32, 3 a64, 4 a32u, 5 a32s (a32u, a32s: Xe3P) */
        uint16_t scale;          /* untyped: address = scale * src0 + offset; >= 1 */
        int32_t offset;          /* untyped: immediate byte offset */
        uint8_t data_size;       /* 1 d8, 2 d16, 3 d32, 4 d64, 5 d8u32, 6 d16u32, 7 d16u32h */
        uint8_t data_order;      /* 1 non-transposed, 2 transposed */
        uint8_t elems;           /* 1..8: 1, 2, 3, 4, 8, 16, 32, 64 elements per address */
        uint8_t chmask;          /* the same union byte: quad ops' X..W enables */
        tu_visa_scalar surface;  /* the BTI, surface-state offset or handle (flat: 0) */
        uint32_t ss_index;       /* must be 0 */
        int32_t coord_offset[3]; /* typed: immediate U, V, R offsets */
        tu_visa_scalar stride;   /* strided: the address pitch, bytes */
        /* LSC_FENCE 0x8B (IGC LSC_FENCE_OP, LSC_SCOPE): 0 none, 1 evict, 2 invalidate,
         * 3 discard, 4 clean, 5 flushl3, 6 type6; scope 0 group, 1 local, 2 tile, 3 gpu,
         * 4 gpus, 5 sysrel, 6 sysacq */
        uint8_t fence_op, scope;
        /* block2d (IGC LSC_DATA_SHAPE_BLOCK2D / _TYPED_BLOCK2D): untyped, `blocks` arrays of
         * width x height elements, transposed (data_order 2) or VNNI-packed; typed, width
         * bytes x height rows. The address: untyped, the surface base, width, height, pitch
         * (bytes minus one) and the block's x (elements), y (rows); typed, x and y. */
        uint8_t blocks;
        bool vnni;
        uint16_t block_width, block_height;
        tu_visa_scalar block[6];
        int32_t block_offset[2]; /* immediate x and y offsets */
        bool block_payload;      /* flat[V + (x,y)]: the whole address in one register, block[0] */
    } lsc;
} tu_visa_inst;

/* Variables of a kernel (`.decl`). Ids follow IGC: general variables from 32 (0..31
 * predefined), surfaces from 6 (T0..T5 predefined), samplers from 0, predicates from 1. */
typedef enum tu_visa_var_kind {
    TU_VISA_VAR_G = 'V',
    TU_VISA_VAR_A = 'A', /* address registers (`.decl A0 v_type=A num_elts=1`): declared, kept */
    TU_VISA_VAR_P = 'P',
    TU_VISA_VAR_S = 'S',
    TU_VISA_VAR_T = 'T'
} tu_visa_var_kind;

/* `.decl ... align=` (IGC IsaDisassembly.cpp and CISA.y); GRF and GRFx2 depend on the platform. */
typedef enum tu_visa_align {
    TU_VISA_ALIGN_BYTE,
    TU_VISA_ALIGN_WORD,
    TU_VISA_ALIGN_DWORD,
    TU_VISA_ALIGN_QWORD,
    TU_VISA_ALIGN_OWORD,
    TU_VISA_ALIGN_HWORD,
    TU_VISA_ALIGN_GRF,
    TU_VISA_ALIGN_GRFX2,
    TU_VISA_ALIGN_WORDX32,
    TU_VISA_ALIGN_WORDX64,
    TU_VISA_ALIGN_COUNT
} tu_visa_align;

typedef struct tu_visa_var {
    char name[48];
    uint8_t kind;       /* tu_visa_var_kind */
    uint8_t type;       /* tu_visa_type (general variables) */
    uint8_t align;      /* tu_visa_align; GRF when the declaration gives none */
    bool align_written; /* the declaration has align= (IGC prints none for ALIGN_UNDEF) */
    uint32_t id;
    uint32_t num_elts;
    bool alias;            /* alias=<base, offset> */
    bool alias_predefined; /* the base is a predefined variable (%sp, ...): alias_base its id */
    uint32_t alias_base;   /* index into vars of the base (or the predefined id) */
    uint32_t alias_offset; /* bytes */
    uint32_t grf_offset;   /* where it lives, bytes into the GRF file (set by tu_visa_parse) */
    int32_t input_offset;  /* .input offset, or -1 */
    uint32_t input_size;
    uint32_t input_order; /* the place of its .input among the kernel's inputs */
    char input_kind[32];  /* "" for .input; "LOCAL_ID" for .implicit_LOCAL_ID, ... */
    char v_name[48];      /* v_name= as written, or "" */
    char attrs[96];       /* attrs={...} as written (CISA.y GenAttrOpt), or "" */
} tu_visa_var;

/* What a statement of a kernel's body is (IGC CISA.y, Statement and Instruction). */
typedef enum tu_visa_line_kind {
    TU_VISA_LINE_INST,     /* an instruction of texunit's families: `inst` */
    TU_VISA_LINE_MOVS,     /* movs (M1_NM, 1) T6(0) 0x7b:ud: writes a state variable */
    TU_VISA_LINE_LABEL,    /* name: */
    TU_VISA_LINE_FUNCTION, /* .function "name" (a subroutine starts) */
    TU_VISA_LINE_FILE,     /* FILE "name" (debug information) */
    TU_VISA_LINE_LOC,      /* LOC n (debug information) */
    TU_VISA_LINE_LIFETIME, /* lifetime.start V, lifetime.end V (a liveness hint) */
    TU_VISA_LINE_OTHER     /* an instruction outside texunit's families (mov, add, cmp, goto,
                            * ret, ...): its operands checked against IGC's operand grammar,
                            * kept as written, never executed */
} tu_visa_line_kind;

typedef struct tu_visa_line {
    tu_visa_inst inst;
    uint8_t kind;      /* tu_visa_line_kind */
    uint32_t movs_var; /* index into vars of the S/T destination */
    tu_visa_scalar movs_src;
    /* The kinds after MOVS: the statement's name ("mov", "cmp", "goto", "label", "FILE", ...)
     * and its text as written, without leading blanks or a trailing comment (owned by the
     * kernel; tu_visa_print prints it back). */
    char op[32];
    char *text;
    uint32_t line; /* source line, for messages */
} tu_visa_line;

typedef struct tu_visa_kernel {
    char name[128];
    bool is_function; /* `.global_function "name"` instead of `.kernel "name"` */
    char **attrs;     /* `.kernel_attr ...` lines, kept verbatim */
    uint32_t attr_count;
    char **funcdecls; /* `.funcdecl "name"` lines, kept verbatim (informational, CISA.y) */
    uint32_t funcdecl_count;
    uint8_t version_major, version_minor;
    tu_visa_platform platform;
    uint32_t var_count, line_count;
    tu_visa_var *vars;
    tu_visa_line *lines;
    uint32_t grf_bytes_used;
} tu_visa_kernel;

/* Free what tu_visa_parse allocated. */
TU_API void tu_visa_kernel_free(tu_visa_kernel *k);

/*
 * Parse .visaasm text as IGC writes it (CISA.y): .version, .kernel or .global_function,
 * .funcdecl, .decl (V/A/P/S/T with type, num_elts, align, alias of a declared or predefined
 * variable, v_name), .input and .implicit_*, .kernel_attr, movs into surface and sampler
 * variables, the instructions of texunit's families, and around them labels, .function,
 * FILE, LOC, lifetime markers and every other vISA instruction (kept as TU_VISA_LINE_OTHER
 * after its operands are checked), and comments. Errors carry "line L, column C:" and say
 * what was expected.
 * Returns TU_OK, TU_PARSE_ERROR, TU_INVALID_ARGUMENT (an instruction tu_visa_validate
 * refuses, with its line), TU_UNSUPPORTED (one texunit reads but the platform's texunit does
 * not run: LSC on Xe-LP, Xe3P's LSC forms, the LSC operations it only names) or
 * TU_OUT_OF_MEMORY.
 */
TU_API tu_status tu_visa_parse(const char *text, size_t size, tu_visa_platform platform,
                               tu_visa_kernel *out, tu_error *err);

/* Print a kernel in the canonical form: print(parse(print(k))) == print(k). The text is
 * malloc'ed; free it with free(). */
TU_API tu_status tu_visa_print(const tu_visa_kernel *k, char **text, tu_error *err);

/* Print one instruction (names from k) into buf; returns the length it needs. */
TU_API size_t tu_visa_print_inst(const tu_visa_kernel *k, const tu_visa_inst *inst, char *buf,
                                 size_t size);

/* Check an instruction against the op table and the field rules of the vISA spec pages (exec
 * size, channel mask, NumParams 1..15, aoffimmi bits, T0/T5 surfaces, media block sizes, ...). */
TU_API tu_status tu_visa_validate(const tu_visa_inst *inst, tu_visa_platform platform,
                                  tu_error *err);

/*
 * The vISA 4.1 binary layout of one instruction (IGC ByteCodeReaderNG.cpp): encode writes
 * at most `size` bytes and sets *written; decode reads one instruction and sets *consumed.
 * Variable ids are 32-bit (vISA >= 3.4). The paired surface is not encoded (no 4.1 writer
 * ever wrote it), nor is a variable operand's type (decode sets UD). Encode validates as
 * Xe-LP, where every row of the op table exists; decode validates for `platform`. Every
 * field is checked; an illegal value is refused with its name. An encode into a buffer too
 * small returns TU_OUT_OF_RANGE with *written set to the size needed.
 */
TU_API tu_status tu_visa_encode(const tu_visa_inst *inst, uint8_t *buf, size_t size,
                                size_t *written, tu_error *err);
TU_API tu_status tu_visa_decode(const uint8_t *buf, size_t size, tu_visa_platform platform,
                                tu_visa_inst *inst, size_t *consumed, tu_error *err);

/* --- execution ---------------------------------------------------------------------------- */

enum { TU_VISA_MAX_BINDINGS = 256 };

/* What a kernel's surface and sampler handles refer to: binding-table index -> surface,
 * sampler-state index -> sampler, and the bindless tables (%bss offsets, S31 pointers).
 * A surface is bound read-only unless its `writable` flag is set: the data port's writes
 * and atomics need it (they write the surface's memory, which the caller owns). */
typedef struct tu_visa_bindings {
    const tu_surface *surfaces[TU_VISA_MAX_BINDINGS];
    const tu_sampler *samplers[TU_VISA_MAX_BINDINGS];
    uint32_t bindless_count;
    struct {
        uint32_t handle;
        const tu_surface *surface;
        const tu_sampler *sampler;
        bool writable;
    } bindless[64];
    bool writable[TU_VISA_MAX_BINDINGS];
} tu_visa_bindings;

/* The machine state: the GRF file, predicates and state variables of one thread. */
typedef struct tu_visa_state {
    uint8_t *grf; /* grf_bytes bytes */
    uint32_t grf_bytes;
    uint32_t dispatch_mask; /* the thread's execution mask (EM) */
    uint32_t *pred_bits;    /* per variable (index into vars), its flag bits */
    uint32_t *handles;      /* per variable, the value of S and T variables */
    uint32_t cps_x, cps_y;  /* the coarse pixel size `.cps` compensates for (0 = 1) */
    /* The bindings of the surfaces and samplers the thread's sends used, compared by content
     * (tu_bind_cached): a send re-binds only when its slot's surface or sampler changed.
     * Allocated by tu_visa_state_init; NULL runs every send through tu_execute. */
    tu_binding_cache *bindings;
    /* NULL, or a trace sink (texunit/trace.h): every send then runs tu_execute_traced, its
     * records' surface the binding-table index of the surface read (bindless: 0x80000000 |
     * the handle). Set by the caller; tu_visa_state_init leaves it NULL. */
    const tu_trace_sink *trace;
    /* The instructions outside texunit's families (TU_VISA_LINE_OTHER: mov, add, goto, ...).
     * false: tu_visa_execute refuses the first one, naming its line and mnemonic. true: it
     * steps over them, counting them in `skipped` (the texture instructions then run on the
     * GRF state as it is). Labels, .function, FILE, LOC and lifetime markers do nothing at
     * run time and are always stepped over. tu_visa_state_init sets false and 0. */
    bool skip_other;
    uint32_t skipped;
} tu_visa_state;

/* Allocate the state of kernel k (GRF file sized for its variables, zeroed). */
TU_API tu_status tu_visa_state_init(tu_visa_state *st, const tu_visa_kernel *k, tu_error *err);
TU_API void tu_visa_state_free(tu_visa_state *st);

/* Execute every line of k in order on st (see skip_other for the lines outside texunit's
 * instructions). */
TU_API tu_status tu_visa_execute(const tu_visa_kernel *k, tu_visa_state *st,
                                 const tu_visa_bindings *b, tu_error *err);

/* --- the sampler send (src/visa/send.c; the physical message: texunit/lower.h) ------------ */

/*
 * Execute a sampler send: decode (tu_lower_decode), find the surface (BTI, or the bindless
 * entry of BTI 252's ex_desc handle) and the sampler state (the bindless entry at the
 * sampler address, else table entry address / 16; loads and queries take none), run the
 * engine, and write the response (tu_lower_response_write) into response (at least rlen
 * GRFs). The entry point of a GPU simulator that meets a `send` to the sampler.
 */
TU_API tu_status tu_send_execute(const tu_send *s, const tu_target *t, const tu_send_tables *tables,
                                 uint8_t *response, size_t response_size, tu_error *err);

/*
 * Execute a data-port send (`send`, or a split `sends` with src1): decode (tu_dp_lower_decode),
 * find the surface (the binding table's entry; writable when writable[BTI] is true; writable
 * may be NULL: every surface read-only, binding_count entries otherwise), run
 * the engine (tu_dp_execute: writes land in the surface's memory), and write the response
 * (tu_dp_response_write) into response (at least rlen GRFs). The entry point of a simulator
 * that meets a data-port `send` (Mesa brw_lower_logical_sends.cpp, lower_surface_logical_send).
 */
TU_API tu_status tu_dp_send_execute(const tu_dp_send *s, const tu_target *t,
                                    const tu_send_tables *tables, const bool *writable,
                                    uint8_t *response, size_t response_size, tu_error *err);

/* The logical surface message of a legacy data-port instruction (GATHER4_TYPED ...
 * DWORD_ATOMIC) without per-lane values: op, width, every lane enabled, channels, atomic
 * (vISA's op mapped to the engine's), bytes, the typed address count (up to the last operand
 * of U, V, R, LOD that is not %null), no_response for an atomic with a %null destination, and
 * `surface` as its binding-table index. What `texunit lower` lowers. TU_INVALID_ARGUMENT for
 * an instruction that does not validate or is not a legacy data-port one. */
TU_API tu_status tu_visa_dataport_message(const tu_visa_inst *inst, uint32_t surface,
                                          tu_dp_lmsg *out, tu_error *err);

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_VISA_H */
