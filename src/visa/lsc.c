/* SPDX-License-Identifier: MIT */
/*
 * lsc.c - the field rules of LSC_UNTYPED (0x89) and LSC_TYPED (0x8A): vISA spec, LSC_UNTYPED
 * and LSC_TYPED, and the binary reader's field order (IGC ByteCodeReaderNG.cpp,
 * readInstructionLscUntyped / readInstructionLscTyped), for the load, store, quad and atomic
 * operations texunit executes. Each refusal names the field and its value.
 */
#include "binary_internal.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

const tuL_lsc_row *tuV_inst_lsc(const tu_visa_inst *inst) {
    if (inst->opcode != TUL_OPCODE_LSC_UNTYPED && inst->opcode != TUL_OPCODE_LSC_TYPED &&
        inst->opcode != TUL_OPCODE_LSC_FENCE)
        return NULL;
    const tuL_lsc_row *row = tuL_lsc_by_subop(inst->subop);
    /* LSC_FENCE is an opcode of its own; LSC_UNTYPED and LSC_TYPED have no fence sub-op */
    if (row && (row->kind == TUL_LSC_FENCE) != (inst->opcode == TUL_OPCODE_LSC_FENCE)) return NULL;
    return row;
}

bool tuV_lsc_block2d(const tuL_lsc_row *row) {
    return row && (row->kind == TUL_LSC_LOAD_BLOCK2D || row->kind == TUL_LSC_STORE_BLOCK2D);
}

bool tuV_lsc_strided(const tuL_lsc_row *row) {
    return row && (row->kind == TUL_LSC_LOAD_STRIDED || row->kind == TUL_LSC_STORE_STRIDED);
}

bool tuV_lsc_store(const tuL_lsc_row *row) {
    return row && (row->kind == TUL_LSC_STORE || row->kind == TUL_LSC_STORE_QUAD ||
                   row->kind == TUL_LSC_STORE_STRIDED || row->kind == TUL_LSC_STORE_BLOCK2D);
}

/* The forms of Xe3P's efficient 64-bit addressing (IGC: vISA_enableEfficient64b, which adds the
 * L2 cache level, the surf address model, flat(BASE) and :a32u / :a32s: IGC
 * visa_igc_common_header.h LSC_CACHE_OPTS "new cache level introduced in xe3p",
 * IsaVerification.cpp verifyAddressType, TranslateSendLdStLsc.cpp "UGM flat must use
 * LSC_ADDR_SIZE_32bS or LSC_ADDR_SIZE_32bU"). texunit reads and prints them; its targets are
 * Xe-LP and Xe2, so they are refused by name. */
#define OUTSIDE "is Xe3P's efficient 64-bit addressing: outside texunit's targets (Xe-LP, Xe2)"

static bool raw_null(const tu_visa_raw *r) {
    return r->id == 0 && r->offset == 0;
}

/* The exec sizes: LSC's SIMT messages up to the native SIMD32 of Xe2, typed ones up to SIMD16
 * ("no larger than SIMD8 for DG2 and SIMD16 for PVC", vISA spec, LSC_TYPED); transposed ones
 * SIMD1. */
static tu_status check_exec(const tu_visa_inst *in, const tuL_lsc_row *row, const char *op,
                            tu_error *err) {
    /* a fence and a 2D block are SIMD1 (IGC VISAKernelImpl.cpp AppendVISALscFence: M1_NM;
     * AppendVISALscTypedBlock2DInst: EXEC_SIZE_1; IsaVerification.cpp: block2d SIMD1) */
    if (row->kind == TUL_LSC_FENCE || tuV_lsc_block2d(row)) {
        const uint8_t emask = row->kind == TUL_LSC_FENCE ? 8 : 0;
        TU_RETURN_IF(in->exec_size != 1 || in->emask != emask, err, TU_INVALID_ARGUMENT,
                     "exec size %u, emask %u of %s: it is (M1%s, 1)", in->exec_size, in->emask, op,
                     emask ? "_NM" : "");
        return TU_OK;
    }
    const uint32_t max = in->opcode == TUL_OPCODE_LSC_TYPED ? 16 : 32;
    const int code = tuV_dp_exec_code(in->exec_size);
    TU_RETURN_IF(code < 0 || in->exec_size > max, err, TU_INVALID_ARGUMENT,
                 "exec size %u of %s is not a power of two up to %u", in->exec_size, op, max);
    TU_RETURN_IF(in->lsc.data_order == 2 && in->exec_size != 1, err, TU_INVALID_ARGUMENT,
                 "exec size %u of %s: a transposed message is SIMD1", in->exec_size, op);
    TU_RETURN_IF(in->emask > 15, err, TU_INVALID_ARGUMENT,
                 "emask %u is not in 0..15 (M1..M8, M1_NM..M8_NM)", in->emask);
    return TU_OK;
}

static tu_status check_subop(const tu_visa_inst *in, const char *op, tu_visa_platform platform,
                             tu_error *err) {
    const tuL_lsc_row *row = tuL_lsc_by_subop(in->subop);
    TU_RETURN_IF(!row, err, TU_INVALID_ARGUMENT, "LSC op 0x%02X is not an LSC operation",
                 in->subop);
    TU_RETURN_IF((row->kind == TUL_LSC_FENCE) != (in->opcode == TUL_OPCODE_LSC_FENCE), err,
                 TU_INVALID_ARGUMENT,
                 "LSC op 0x%02X (lsc_%s) with opcode 0x%02X: the fence is opcode 0x8B (LSC_FENCE) "
                 "and only it",
                 in->subop, row->name, in->opcode);
    TU_RETURN_IF(row->kind == TUL_LSC_OTHER, err, TU_UNSUPPORTED,
                 "%s is an LSC operation texunit does not execute", op);
    TU_RETURN_IF(in->opcode == TUL_OPCODE_LSC_TYPED && !row->typed, err, TU_INVALID_ARGUMENT,
                 "%s has no typed (.tgm) form", op);
    TU_RETURN_IF(platform != TU_VISA_XE2, err, TU_UNSUPPORTED,
                 "%s: LSC messages exist from DG2 on; texunit runs them on Xe2, not Xe-LP", op);
    return TU_OK;
}

static tu_status check_cache(const tu_visa_inst *in, const tuL_lsc_row *row, const char *op,
                             tu_error *err) {
    TU_RETURN_IF(in->lsc.l1 > 7 || in->lsc.l2 > 7 || in->lsc.l3 > 7, err, TU_INVALID_ARGUMENT,
                 "caching %u/%u/%u of %s is not in 0..7 (df uc ca wb wt st ri cc)", in->lsc.l1,
                 in->lsc.l2, in->lsc.l3, op);
    TU_RETURN_IF(!in->lsc.three_level && in->lsc.l2, err, TU_INVALID_ARGUMENT,
                 "L2 caching %u of %s is set but the caching has two levels", in->lsc.l2, op);
    TU_RETURN_IF(in->lsc.three_level, err, TU_UNSUPPORTED,
                 "three-level caching .%s.%s.%s of %s " OUTSIDE, tuL_lsc_cache_names[in->lsc.l1],
                 tuL_lsc_cache_names[in->lsc.l2], tuL_lsc_cache_names[in->lsc.l3], op);
    /* .cc (constant-cached) is an L3 option of loads: .uc.cc and .ca.cc (IGC IsaDescription.cpp
     * LscTryEncodeCacheOptsBits16_19) */
    const bool load = row->kind == TUL_LSC_LOAD || row->kind == TUL_LSC_LOAD_QUAD ||
                      row->kind == TUL_LSC_LOAD_STRIDED || row->kind == TUL_LSC_LOAD_BLOCK2D;
    TU_RETURN_IF((in->lsc.l1 == 7 || in->lsc.l3 == 7) &&
                     (!load || in->lsc.l3 != 7 || (in->lsc.l1 != 1 && in->lsc.l1 != 2)),
                 err, TU_INVALID_ARGUMENT,
                 "caching .%s.%s of %s: .cc is the L3 option of loads, after .uc or .ca",
                 tuL_lsc_cache_names[in->lsc.l1], tuL_lsc_cache_names[in->lsc.l3], op);
    TU_RETURN_IF(in->lsc.sfid == 3 && (in->lsc.l1 || in->lsc.l3), err, TU_INVALID_ARGUMENT,
                 "caching %s.%s of %s: SLM accesses take the default (.df.df)",
                 tuL_lsc_cache_names[in->lsc.l1], tuL_lsc_cache_names[in->lsc.l3], op);
    return TU_OK;
}

static tu_status check_addr(const tu_visa_inst *in, bool typed, const char *op, tu_error *err) {
    const uint8_t t = in->lsc.addr_type;
    TU_RETURN_IF(t == 6, err, TU_UNSUPPORTED, "the surf(...) address model of %s " OUTSIDE, op);
    TU_RETURN_IF(in->lsc.addr_size == 4 || in->lsc.addr_size == 5, err, TU_UNSUPPORTED,
                 "the address size :%s of %s " OUTSIDE, in->lsc.addr_size == 4 ? "a32u" : "a32s",
                 op);
    const bool block2d = tuV_lsc_block2d(tuV_inst_lsc(in));
    if (typed) {
        TU_RETURN_IF(block2d && in->lsc.addr_size, err, TU_INVALID_ARGUMENT,
                     "address size %u is not a field of %s and must be 0", in->lsc.addr_size, op);
        TU_RETURN_IF(t < 2 || t > 4, err, TU_INVALID_ARGUMENT,
                     "address type %u of %s is not bss (2), ss (3) or bti (4): typed messages "
                     "address a surface",
                     t, op);
        TU_RETURN_IF(in->lsc.scale || in->lsc.offset || in->lsc.sfid, err, TU_INVALID_ARGUMENT,
                     "scale %u, offset %d and SFID %u are not fields of %s and must be 0",
                     in->lsc.scale, in->lsc.offset, in->lsc.sfid, op);
    } else {
        TU_RETURN_IF((t == 1 || t == 5) && !(in->lsc.surface.is_imm && in->lsc.surface.imm == 0),
                     err, TU_UNSUPPORTED, "a base in %s(...) of %s " OUTSIDE,
                     tuL_lsc_addr_type_names[t], op);
        TU_RETURN_IF(t < 1 || t > 5, err, TU_INVALID_ARGUMENT,
                     "address type %u of %s is not one of 1..5 (flat bss ss bti arg)", t, op);
        TU_RETURN_IF(in->lsc.scale == 0, err, TU_INVALID_ARGUMENT,
                     "address scale 0 of %s is illegal (1 = no scale)", op);
        for (int i = 0; i < 3; i++)
            TU_RETURN_IF(in->lsc.coord_offset[i], err, TU_INVALID_ARGUMENT,
                         "coordinate offset %d is not a field of %s and must be 0",
                         in->lsc.coord_offset[i], op);
    }
    if (typed && block2d) return TU_OK;
    TU_RETURN_IF(in->lsc.addr_size < 1 || in->lsc.addr_size > 3, err, TU_INVALID_ARGUMENT,
                 "address size %u of %s is not 1..3 (a16 a32 a64)", in->lsc.addr_size, op);
    return TU_OK;
}

/* A 2D block's shape (IGC IsaVerification.cpp, the block2d rules; vISA spec, LSC_UNTYPED):
 * d8..d64 elements, 1..4 blocks, a width and height of at least one; VNNI and transposition
 * exclude each other. Typed: width bytes x height rows, no data size. */
static tu_status check_block_shape(const tu_visa_inst *in, const char *op, tu_error *err) {
    const bool typed = in->opcode == TUL_OPCODE_LSC_TYPED;
    TU_RETURN_IF(in->lsc.block_width == 0 || in->lsc.block_height == 0, err, TU_INVALID_ARGUMENT,
                 "2D block %ux%u of %s: width and height must be at least 1", in->lsc.block_width,
                 in->lsc.block_height, op);
    if (typed) {
        TU_RETURN_IF(in->lsc.data_size || in->lsc.data_order || in->lsc.blocks || in->lsc.vnni, err,
                     TU_INVALID_ARGUMENT,
                     "a typed 2D block of %s is WIDTHxHEIGHT only: data size %u, order %u, "
                     "blocks %u and VNNI %u must be 0",
                     op, in->lsc.data_size, in->lsc.data_order, in->lsc.blocks, in->lsc.vnni);
        return TU_OK;
    }
    /* the untyped form's address is flat and 64-bit, with no scale, offset or surface (CISA.y
     * LscUntypedBlock2dAddrOperand): no binary field holds them */
    const tu_visa_scalar *s = &in->lsc.surface;
    TU_RETURN_IF(in->lsc.addr_type != 1 || in->lsc.addr_size != 3 || in->lsc.scale ||
                     in->lsc.offset || !s->is_imm || s->type != TU_VISA_UD || s->imm ||
                     in->lsc.ss_index,
                 err, TU_INVALID_ARGUMENT,
                 "%s addresses flat memory with 64-bit operands: address type %u, size %u, scale "
                 "%u, offset %d and surface must be 1, 3, 0, 0 and the immediate 0",
                 op, in->lsc.addr_type, in->lsc.addr_size, in->lsc.scale, in->lsc.offset);
    TU_RETURN_IF(in->lsc.data_size < 1 || in->lsc.data_size > 4, err, TU_INVALID_ARGUMENT,
                 "data size %u of %s is not 1..4 (d8 d16 d32 d64)", in->lsc.data_size, op);
    TU_RETURN_IF(in->lsc.data_order < 1 || in->lsc.data_order > 2, err, TU_INVALID_ARGUMENT,
                 "data order %u of %s is not 1 (n) or 2 (t)", in->lsc.data_order, op);
    TU_RETURN_IF(in->lsc.blocks < 1 || in->lsc.blocks > 4, err, TU_INVALID_ARGUMENT,
                 "%u blocks of %s: a 2D block array has 1 to 4", in->lsc.blocks, op);
    TU_RETURN_IF(in->lsc.vnni && in->lsc.data_order == 2, err, TU_INVALID_ARGUMENT,
                 "%s is both transposed and VNNI-packed (.tt)", op);
    TU_RETURN_IF(in->lsc.elems || in->lsc.chmask, err, TU_INVALID_ARGUMENT,
                 "elements %u and channel mask %u are not fields of %s and must be 0",
                 in->lsc.elems, in->lsc.chmask, op);
    return TU_OK;
}

static tu_status check_data(const tu_visa_inst *in, const tuL_lsc_row *row, const char *op,
                            tu_error *err) {
    if (tuV_lsc_block2d(row)) return check_block_shape(in, op, err);
    TU_RETURN_IF(in->lsc.data_size < 1 || in->lsc.data_size > 7, err, TU_INVALID_ARGUMENT,
                 "data size %u of %s is not 1..7 (d8 d16 d32 d64 d8u32 d16u32 d16u32h)",
                 in->lsc.data_size, op);
    TU_RETURN_IF(in->lsc.data_order < 1 || in->lsc.data_order > 2, err, TU_INVALID_ARGUMENT,
                 "data order %u of %s is not 1 (non-transposed) or 2 (transposed)",
                 in->lsc.data_order, op);
    /* The elements and the channel mask are one union in IGC's LSC_DATA_SHAPE, written to
     * both bytes (its reader: "the binary holds both") [inferred: the bytes are equal]. */
    TU_RETURN_IF(in->lsc.elems != in->lsc.chmask, err, TU_INVALID_ARGUMENT,
                 "elements byte %u and channel mask byte %u of %s differ: they are one union",
                 in->lsc.elems, in->lsc.chmask, op);
    const bool quad = row->kind == TUL_LSC_LOAD_QUAD || row->kind == TUL_LSC_STORE_QUAD;
    if (quad)
        TU_RETURN_IF(in->lsc.chmask < 1 || in->lsc.chmask > 15, err, TU_INVALID_ARGUMENT,
                     "channel mask 0x%x of %s is not 0x1..0xf (X Y Z W)", in->lsc.chmask, op);
    else
        TU_RETURN_IF(in->lsc.elems < 1 || in->lsc.elems > 8, err, TU_INVALID_ARGUMENT,
                     "elements per address code %u of %s is not 1..8 (1 2 3 4 8 16 32 64)",
                     in->lsc.elems, op);
    TU_RETURN_IF((quad || row->kind == TUL_LSC_ATOMIC) && in->lsc.data_order != 1, err,
                 TU_INVALID_ARGUMENT, "%s cannot be transposed (data order 2)", op);
    TU_RETURN_IF(row->kind == TUL_LSC_ATOMIC && in->lsc.elems != 1, err, TU_INVALID_ARGUMENT,
                 "%s takes one element per address, not code %u", op, in->lsc.elems);
    return TU_OK;
}

static tu_status check_surface(const tu_visa_inst *in, const char *op, tu_error *err) {
    const tu_visa_scalar *s = &in->lsc.surface;
    TU_RETURN_IF(in->lsc.ss_index != 0, err, TU_INVALID_ARGUMENT,
                 "surface-state index %u of %s must be 0", in->lsc.ss_index, op);
    if (s->is_imm) {
        TU_RETURN_IF(s->type != TU_VISA_UD && s->type != TU_VISA_D, err, TU_INVALID_ARGUMENT,
                     "surface immediate type %s (%u) of %s is not ud or d",
                     s->type < TU_VISA_TYPE_COUNT ? tu_visa_type_name((tu_visa_type)s->type) : "?",
                     s->type, op);
        TU_RETURN_IF(s->imm >> 32 || s->id || s->row || s->col || s->region, err,
                     TU_INVALID_ARGUMENT, "surface immediate of %s carries more than 32 bits", op);
        TU_RETURN_IF(in->lsc.addr_type == 4 && s->imm > 255, err, TU_INVALID_ARGUMENT,
                     "binding-table index %llu of %s is not in 0..255", (unsigned long long)s->imm,
                     op);
        return TU_OK;
    }
    TU_RETURN_IF(s->id == 0 || s->imm, err, TU_INVALID_ARGUMENT,
                 "the surface of %s must be an immediate or a general variable", op);
    TU_RETURN_IF(in->lsc.addr_type == 1 || in->lsc.addr_type == 5, err, TU_INVALID_ARGUMENT,
                 "%s addresses %s memory: its surface must be the immediate 0", op,
                 tuL_lsc_addr_type_names[in->lsc.addr_type]);
    return TU_OK;
}

/* dst, src1 and src2 as the operation reads and writes them (vISA spec, LSC_UNTYPED: "Src1Data
 * ... null for loads", "Src2Data ... null for all but ternary atomic ops"; stores return
 * nothing). */
static tu_status check_raw(const tu_visa_inst *in, const tuL_lsc_row *row, const char *op,
                           tu_error *err) {
    const unsigned n = in->opcode == TUL_OPCODE_LSC_TYPED ? 6 : 3;
    TU_RETURN_IF(in->num_params != n, err, TU_INVALID_ARGUMENT,
                 "%s has %u raw operands after its destination, not %u", op, n, in->num_params);
    for (unsigned i = n; i < TU_VISA_MAX_PARAMS; i++)
        TU_RETURN_IF(!raw_null(&in->params[i]), err, TU_INVALID_ARGUMENT,
                     "parameter %u of %s lies beyond its operands and must be %%null.0", i, op);
    const tu_visa_raw *src1 = &in->params[n - 2], *src2 = &in->params[n - 1];
    unsigned want = 0;
    bool dst_ok = true;
    if (tuV_lsc_store(row)) {
        want = 1;
        dst_ok = false;
    } else if (row->kind == TUL_LSC_ATOMIC) {
        want = tu_atomic_describe((tu_atomic)row->atomic)->operands;
    }
    /* a 2D block's address is its vector operands: the raw addresses are %null */
    for (unsigned i = 0; tuV_lsc_block2d(row) && i < n - 2; i++)
        TU_RETURN_IF(!raw_null(&in->params[i]), err, TU_INVALID_ARGUMENT,
                     "%s addresses its block with vector operands: raw operand %u must be %%null",
                     op, i);
    TU_RETURN_IF(!dst_ok && !raw_null(&in->dst), err, TU_INVALID_ARGUMENT,
                 "%s returns nothing: its destination must be %%null, not V%u", op, in->dst.id);
    TU_RETURN_IF(want >= 1 && src1->id == 0, err, TU_INVALID_ARGUMENT,
                 "src1 of %s must name a variable, not %%null", op);
    TU_RETURN_IF(want < 1 && !raw_null(src1), err, TU_INVALID_ARGUMENT,
                 "src1 of %s is not read and must be %%null, not V%u", op, src1->id);
    TU_RETURN_IF(want >= 2 && src2->id == 0, err, TU_INVALID_ARGUMENT,
                 "src2 of %s must name a variable, not %%null", op);
    TU_RETURN_IF(want < 2 && !raw_null(src2), err, TU_INVALID_ARGUMENT,
                 "src2 of %s is not read and must be %%null, not V%u", op, src2->id);
    return TU_OK;
}

/* The fields of in->lsc that the instruction's form does not have are zero, so that each
 * instruction has one encoding (decode(encode(x)) == x). */
static tu_status check_form(const tu_visa_inst *in, const tuL_lsc_row *row, const char *op,
                            tu_error *err) {
    tu_visa_inst rest = *in;
    if (row->kind == TUL_LSC_FENCE) {
        rest.lsc.sfid = rest.lsc.fence_op = rest.lsc.scope = 0;
    } else {
        memset(&rest.lsc.sfid, 0, offsetof(tu_visa_inst, lsc.stride) - offsetof(tu_visa_inst, lsc));
        if (tuV_lsc_strided(row)) memset(&rest.lsc.stride, 0, sizeof rest.lsc.stride);
        if (tuV_lsc_block2d(row)) {
            rest.lsc.blocks = 0, rest.lsc.vnni = false, rest.lsc.block_payload = false;
            rest.lsc.block_width = rest.lsc.block_height = 0;
            memset(rest.lsc.block, 0, sizeof rest.lsc.block);
            memset(rest.lsc.block_offset, 0, sizeof rest.lsc.block_offset);
        }
    }
    static const tu_visa_inst zero;
    TU_RETURN_IF(memcmp(&rest.lsc, &zero.lsc, sizeof zero.lsc) != 0, err, TU_INVALID_ARGUMENT,
                 "%s carries LSC fields of another form (%s)", op,
                 memcmp(&rest.lsc.stride, &zero.lsc.stride, sizeof zero.lsc.stride) ? "the pitch"
                 : rest.lsc.fence_op || rest.lsc.scope                              ? "the fence's"
                                                       : "the 2D block's");
    return TU_OK;
}

static tu_status check_fence(const tu_visa_inst *in, const tuL_lsc_row *row, const char *op,
                             tu_visa_platform platform, tu_error *err) {
    TU_TRY(check_subop(in, op, platform, err));
    TU_TRY(check_form(in, row, op, err));
    TU_RETURN_IF(in->lsc.sfid > 3, err, TU_INVALID_ARGUMENT,
                 "fence SFID %u of %s is not 0..3 (ugm ugml tgm slm)", in->lsc.sfid, op);
    TU_RETURN_IF(in->lsc.fence_op > 6, err, TU_INVALID_ARGUMENT,
                 "fence op %u of %s is not 0..6 (none evict invalidate discard clean flushl3 "
                 "type6)",
                 in->lsc.fence_op, op);
    TU_RETURN_IF(in->lsc.scope > 6, err, TU_INVALID_ARGUMENT,
                 "fence scope %u of %s is not 0..6 (group local tile gpu gpus sysrel sysacq)",
                 in->lsc.scope, op);
    return TU_OK;
}

tu_status tuV_check_lsc_field(const tu_visa_inst *in, tuV_field f, const char *op,
                              tu_visa_platform platform, tu_error *err) {
    const tuL_lsc_row *row = tuV_inst_lsc(in);
    TU_RETURN_IF(in->opcode == TUL_OPCODE_LSC_FENCE && !row, err, TU_INVALID_ARGUMENT,
                 "sub-op 0x%02X of LSC_FENCE is not the fence's (0x1F)", in->subop);
    if (f != TUV_F_LSC_SUBOP && (!row || row->kind == TUL_LSC_OTHER)) return TU_OK;
    switch (f) {
    case TUV_F_LSC_SUBOP:
        TU_TRY(check_subop(in, op, platform, err));
        return check_form(in, tuV_inst_lsc(in), op, err);
    case TUV_F_LSC_FENCE: return check_fence(in, row, op, platform, err);
    case TUV_F_DP_EXEC: return check_exec(in, row, op, err);
    case TUV_F_LSC_SFID:
        TU_RETURN_IF(in->lsc.sfid > 3 || in->lsc.sfid == 2, err, TU_INVALID_ARGUMENT,
                     "LSC SFID %u of %s is not 0 (ugm), 1 (ugml) or 3 (slm)%s", in->lsc.sfid, op,
                     in->lsc.sfid == 2 ? ": tgm is LSC_TYPED's" : "");
        return TU_OK;
    case TUV_F_LSC_CACHE: return check_cache(in, row, op, err);
    case TUV_F_LSC_ADDR: return check_addr(in, false, op, err);
    case TUV_F_LSC_ADDR_TYPED: return check_addr(in, true, op, err);
    case TUV_F_LSC_DATA: return check_data(in, row, op, err);
    case TUV_F_LSC_SURFACE: return check_surface(in, op, err);
    case TUV_F_LSC_RAW: return check_raw(in, row, op, err);
    default: return TU_OK;
    }
}

void tuV_lsc_op_name(const tu_visa_inst *in, char *buf, size_t size) {
    const tuL_lsc_row *row = tuL_lsc_by_subop(in->subop);
    if (row)
        snprintf(buf, size, "lsc_%s.%s", row->name,
                 in->opcode == TUL_OPCODE_LSC_TYPED ? "tgm"
                 : in->lsc.sfid < 4                 ? tuL_lsc_sfid_names[in->lsc.sfid]
                                                    : "?");
    else
        snprintf(buf, size, "LSC op 0x%02X", in->subop);
}
