/* SPDX-License-Identifier: MIT */
/*
 * binary.c - tu_visa_encode / tu_visa_decode: one instruction in the vISA 4.1 binary layout
 * (IGC ByteCodeReaderNG.cpp byte order: the exec-size byte of readExecSizeNG, the vector
 * operands of readVectorOperandNG, the raw operands of readRawOperandNG, the Pred word of
 * readPredicateOperandNG and vISA spec, Operands, "Predication", the layouts of 3D_SAMPLE,
 * 3D_LOAD, 3D_GATHER4 and 3D_INFO of readInstructionSampler, MEDIA_LD's of vISA spec,
 * MEDIA_LD, "Format"), as IGC's last binary writer (33849b344^) wrote it and its reader
 * (ByteCodeReaderNG.cpp) reads it:
 *
 *   3D_SAMPLE  6D | Op UW | exec UB | pred UW | channels UB | aoffimmi vec | sampler UB |
 *                 surface UB | dst raw | NumParams UB | params raw...
 *   3D_LOAD    6E | the same without the sampler
 *   3D_GATHER4 6F | as 3D_SAMPLE; channels is the single source channel
 *   3D_INFO    70 | sub-op UB | exec UB | channels UB | surface UB | lod raw (resinfo) | dst raw
 *   MEDIA_LD   37 | modifiers UB | surface UB | plane UB | width UB | height UB | x vec |
 *                 y vec | dst raw
 *   Op UW      bits 7:0 sub-op, 8 pixel_null_mask, 9 cps, 10 divS, 15:11 zero
 *   exec UB    bits 3:0 size code (3 = 8, 4 = 16, 5 = 32), bits 7:4 emask
 *   vec        tag UB (2:0 class, 5:3 modifier) + general: id UD, row UB, col UB, region UW
 *                                              | immediate: type UB, 4 bytes (8: DF, Q, UQ)
 *   raw        id UD + offset UW (bytes)
 *
 * No paired surface: no 4.1 writer ever wrote one (IGC added it to CISA.y and the IR only
 * after 4.1's binary reader); has_paired is a text
 * flag, ignored on encode and false on decode. Variable ids are 32-bit (vISA >= 3.4).
 *
 * The binary cannot tell load_2dms_w's UW parameter form from its UD form (the variables'
 * types say which). Decode takes the UW form exactly when NumParams exceeds what the UD form
 * holds (8 or 9 parameters); with 7 or fewer it takes the UD form, so a UW-form instruction
 * with 7 or fewer parameters comes back with uw_params false.
 *
 * Every field is validated (validate.c): encode refuses before writing a byte; decode reads,
 * then refuses what does not validate with TU_PARSE_ERROR (TU_UNSUPPORTED for an op the
 * platform's texunit does not execute). Every byte the decoder reads is bounds-checked and
 * a short buffer is refused naming the field it was reading.
 */
#include "binary_internal.h"

#include <stdio.h>
#include <string.h>

/* clang-format off */
static const tuV_layout layouts[] = {
    {TUL_OPCODE_3D_SAMPLE, false,
     {TUV_F_OP_WORD, TUV_F_EXEC, TUV_F_PRED, TUV_F_CHANNELS, TUV_F_AOFFIMMI, TUV_F_SAMPLER,
      TUV_F_SURFACE, TUV_F_DST, TUV_F_PARAMS}},
    {TUL_OPCODE_3D_LOAD, false,
     {TUV_F_OP_WORD, TUV_F_EXEC, TUV_F_PRED, TUV_F_CHANNELS, TUV_F_AOFFIMMI,
      TUV_F_SURFACE, TUV_F_DST, TUV_F_PARAMS}},
    {TUL_OPCODE_3D_GATHER4, false,
     {TUV_F_OP_WORD, TUV_F_EXEC, TUV_F_PRED, TUV_F_CHANNELS, TUV_F_AOFFIMMI, TUV_F_SAMPLER,
      TUV_F_SURFACE, TUV_F_DST, TUV_F_PARAMS}},
    {TUL_OPCODE_3D_INFO, false,
     {TUV_F_SUBOP, TUV_F_EXEC, TUV_F_CHANNELS, TUV_F_SURFACE, TUV_F_INFO_PARAMS, TUV_F_DST}},
    {TUL_OPCODE_MEDIA_LD, false,
     {TUV_F_MEDIA_MOD, TUV_F_SURFACE, TUV_F_PLANE, TUV_F_BLOCK_WIDTH, TUV_F_BLOCK_HEIGHT,
      TUV_F_X, TUV_F_Y, TUV_F_DST}},
    /* the data port: vISA spec, GATHER4_TYPED .. DWORD_ATOMIC, IGC's reader order */
    {TUL_OPCODE_GATHER4_TYPED, false,
     {TUV_F_DP_EXEC, TUV_F_PRED, TUV_F_CHANNELS, TUV_F_SURFACE, TUV_F_DP_RAW, TUV_F_DST}},
    {TUL_OPCODE_SCATTER4_TYPED, false,
     {TUV_F_DP_EXEC, TUV_F_PRED, TUV_F_CHANNELS, TUV_F_SURFACE, TUV_F_DP_RAW}},
    {TUL_OPCODE_TYPED_ATOMIC, false,
     {TUV_F_ATOMIC_OP, TUV_F_DP_EXEC, TUV_F_PRED, TUV_F_SURFACE, TUV_F_DP_RAW, TUV_F_DST}},
    {TUL_OPCODE_GATHER4_SCALED, false,
     {TUV_F_DP_EXEC, TUV_F_PRED, TUV_F_CHANNELS, TUV_F_SCALE, TUV_F_SURFACE, TUV_F_GLOBAL_OFFSET,
      TUV_F_DP_RAW, TUV_F_DST}},
    {TUL_OPCODE_SCATTER4_SCALED, false,
     {TUV_F_DP_EXEC, TUV_F_PRED, TUV_F_CHANNELS, TUV_F_SCALE, TUV_F_SURFACE, TUV_F_GLOBAL_OFFSET,
      TUV_F_DP_RAW}},
    {TUL_OPCODE_GATHER_SCALED, false,
     {TUV_F_DP_EXEC, TUV_F_PRED, TUV_F_BLOCK_SIZE, TUV_F_NUM_BLOCKS, TUV_F_SCALE, TUV_F_SURFACE,
      TUV_F_GLOBAL_OFFSET, TUV_F_DP_RAW, TUV_F_DST}},
    {TUL_OPCODE_SCATTER_SCALED, false,
     {TUV_F_DP_EXEC, TUV_F_PRED, TUV_F_BLOCK_SIZE, TUV_F_NUM_BLOCKS, TUV_F_SCALE, TUV_F_SURFACE,
      TUV_F_GLOBAL_OFFSET, TUV_F_DP_RAW}},
    {TUL_OPCODE_DWORD_ATOMIC, false,
     {TUV_F_ATOMIC_OP, TUV_F_DP_EXEC, TUV_F_PRED, TUV_F_SURFACE, TUV_F_DP_RAW, TUV_F_DST}},
    /* LSC: the load, store, quad and atomic forms (strided and block2d lay out otherwise) */
    {TUL_OPCODE_LSC_UNTYPED, false,
     {TUV_F_LSC_SUBOP, TUV_F_DP_EXEC, TUV_F_PRED, TUV_F_LSC_SFID, TUV_F_LSC_CACHE, TUV_F_LSC_ADDR,
      TUV_F_LSC_DATA, TUV_F_LSC_SURFACE, TUV_F_DST, TUV_F_LSC_RAW}},
    {TUL_OPCODE_LSC_TYPED, false,
     {TUV_F_LSC_SUBOP, TUV_F_DP_EXEC, TUV_F_PRED, TUV_F_LSC_CACHE, TUV_F_LSC_ADDR_TYPED,
      TUV_F_LSC_DATA, TUV_F_LSC_SURFACE, TUV_F_DST, TUV_F_LSC_RAW}},
    /* untyped block2d (IGC readInstructionLscUntypedBlock2D): no address or surface fields;
     * its data shape and operands are the block2d variants of those fields */
    {TUL_OPCODE_LSC_UNTYPED, true,
     {TUV_F_LSC_SUBOP, TUV_F_DP_EXEC, TUV_F_PRED, TUV_F_LSC_SFID, TUV_F_LSC_CACHE, TUV_F_LSC_DATA,
      TUV_F_DST, TUV_F_LSC_RAW}},
    /* IGC readInstructionLscFence */
    {TUL_OPCODE_LSC_FENCE, false, {TUV_F_DP_EXEC, TUV_F_PRED, TUV_F_LSC_FENCE}},
};
/* clang-format on */

const tuV_op_flag tuV_op_flags[TUV_OP_FLAG_COUNT] = {
    {"pixel_null_mask", 1u << 8, offsetof(tu_visa_inst, pixel_null_mask)},
    {"cps", 1u << 9, offsetof(tu_visa_inst, cps)},
    {"divS", 1u << 10, offsetof(tu_visa_inst, divs)},
};

/* The names of the UB/UW/vector fields, as the truncation and refusal messages say them. */
static const char *const field_names[TUV_F_COUNT] = {
    [TUV_F_OP_WORD] = "Op word",
    [TUV_F_SUBOP] = "sub-op",
    [TUV_F_EXEC] = "exec size",
    [TUV_F_PRED] = "predicate",
    [TUV_F_CHANNELS] = "channel mask",
    [TUV_F_AOFFIMMI] = "aoffimmi",
    [TUV_F_SAMPLER] = "sampler index",
    [TUV_F_SURFACE] = "surface index",
    [TUV_F_DST] = "dst",
    [TUV_F_PARAMS] = "NumParams",
    [TUV_F_MEDIA_MOD] = "media modifier",
    [TUV_F_PLANE] = "plane",
    [TUV_F_BLOCK_WIDTH] = "block width",
    [TUV_F_BLOCK_HEIGHT] = "block height",
    [TUV_F_X] = "x offset",
    [TUV_F_Y] = "y offset",
    [TUV_F_DP_EXEC] = "exec size",
    [TUV_F_ATOMIC_OP] = "atomic op",
    [TUV_F_SCALE] = "scale",
    [TUV_F_BLOCK_SIZE] = "block size",
    [TUV_F_NUM_BLOCKS] = "number of blocks",
    [TUV_F_GLOBAL_OFFSET] = "global offset",
    [TUV_F_LSC_SUBOP] = "LSC op",
    [TUV_F_LSC_SFID] = "LSC SFID",
    [TUV_F_LSC_CACHE] = "caching",
    [TUV_F_LSC_ADDR] = "address",
    [TUV_F_LSC_ADDR_TYPED] = "address",
    [TUV_F_LSC_DATA] = "data shape",
    [TUV_F_LSC_SURFACE] = "surface",
    [TUV_F_LSC_FENCE] = "fence",
};

/* Vector operand classes and modifiers (IGC Common_ISA.h vector_opnd, ByteCodeReaderNG.cpp
 * readVectorOperandNG). */
enum { CLASS_GENERAL = 0, CLASS_IMMEDIATE = 5, TAG_UNUSED_MASK = 0xC0 };
static const char *const class_names[8] = {"general",    "address",   "predicate", "indirect",
                                           "address-of", "immediate", "state",     "reserved"};
static const char *const modifier_names[8] = {"none", "abs", "neg",      "neg+abs",
                                              "sat",  "not", "reserved", "reserved"};

const tuV_layout *tuV_layout_of(uint8_t opcode) {
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
        if (layouts[i].opcode == opcode) return &layouts[i];
    return NULL;
}

const tuV_layout *tuV_layout_for(const tu_visa_inst *inst) {
    const bool block2d =
        inst->opcode == TUL_OPCODE_LSC_UNTYPED && tuV_lsc_block2d(tuV_inst_lsc(inst));
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++)
        if (layouts[i].opcode == inst->opcode && layouts[i].block2d == block2d) return &layouts[i];
    return NULL;
}

bool tuV_layout_has(const tuV_layout *layout, tuV_field field) {
    for (const uint8_t *f = layout->fields; *f != TUV_F_END; f++)
        if (*f == field) return true;
    return false;
}

uint64_t tuV_layout_mask(const tuV_layout *layout) {
    uint64_t m = 0;
    for (const uint8_t *f = layout->fields; *f != TUV_F_END; f++)
        m |= 1ull << *f;
    return m;
}

bool tuV_op_flag_get(const tu_visa_inst *inst, const tuV_op_flag *flag) {
    bool value;
    memcpy(&value, (const char *)inst + flag->member, sizeof value);
    return value;
}

void tuV_op_flag_set(tu_visa_inst *inst, const tuV_op_flag *flag, bool value) {
    memcpy((char *)inst + flag->member, &value, sizeof value);
}

/* The name of parameter i ("parameter 2 (v)"), from the op row. */
static void param_name(char *buf, size_t size, const tuL_op *row, unsigned i) {
    if (row && i < row->nparams)
        snprintf(buf, size, "parameter %u (%s)", i, tuL_param_name((tuL_param)row->params[i]));
    else
        snprintf(buf, size, "parameter %u", i);
}

/* --- encode ----------------------------------------------------------------------------- */

/* A byte sink; with buf NULL it only counts. */
typedef struct writer {
    uint8_t *buf;
    size_t pos;
} writer;

static void put(writer *w, uint64_t v, unsigned bytes) {
    if (w->buf)
        for (unsigned i = 0; i < bytes; i++)
            w->buf[w->pos + i] = (uint8_t)(v >> (8 * i));
    w->pos += bytes;
}

static void put_raw(writer *w, const tu_visa_raw *r) {
    put(w, r->id, 4);
    put(w, r->offset, 2);
}

static void put_vector(writer *w, const tu_visa_scalar *s) {
    if (s->is_imm) {
        put(w, CLASS_IMMEDIATE, 1);
        put(w, s->type, 1);
        put(w, s->imm, tu_visa_type_size((tu_visa_type)s->type) == 8 ? 8 : 4);
    } else {
        put(w, CLASS_GENERAL, 1);
        put(w, s->id, 4);
        put(w, s->row, 1);
        put(w, s->col, 1);
        put(w, s->region, 2);
    }
}

static void encode_field(writer *w, const tu_visa_inst *in, const tuL_op *row, tuV_field f) {
    switch (f) {
    case TUV_F_OP_WORD: {
        uint16_t word = in->subop;
        for (size_t i = 0; i < TUV_OP_FLAG_COUNT; i++)
            if (tuV_op_flag_get(in, &tuV_op_flags[i])) word |= tuV_op_flags[i].bit;
        put(w, word, 2);
        break;
    }
    case TUV_F_SUBOP: put(w, in->subop, 1); break;
    case TUV_F_EXEC:
        put(w, (unsigned)tuV_exec_code(in->exec_size) | (unsigned)in->emask << 4, 1);
        break;
    case TUV_F_PRED: put(w, in->pred, 2); break;
    case TUV_F_CHANNELS: put(w, in->channels, 1); break;
    case TUV_F_AOFFIMMI: put_vector(w, &in->aoffimmi); break;
    case TUV_F_SAMPLER: put(w, in->sampler, 1); break;
    case TUV_F_SURFACE: put(w, in->surface, 1); break;
    case TUV_F_INFO_PARAMS:
        for (unsigned i = 0; i < row->nparams; i++)
            put_raw(w, &in->params[i]);
        break;
    case TUV_F_DST: put_raw(w, &in->dst); break;
    case TUV_F_PARAMS:
        put(w, in->num_params, 1);
        for (unsigned i = 0; i < in->num_params; i++)
            put_raw(w, &in->params[i]);
        break;
    case TUV_F_MEDIA_MOD: put(w, in->media_mod, 1); break;
    case TUV_F_PLANE: put(w, in->plane, 1); break;
    case TUV_F_BLOCK_WIDTH: put(w, in->block_width, 1); break;
    case TUV_F_BLOCK_HEIGHT: put(w, in->block_height, 1); break;
    case TUV_F_X: put_vector(w, &in->x); break;
    case TUV_F_Y: put_vector(w, &in->y); break;
    case TUV_F_DP_EXEC:
        put(w, (unsigned)tuV_dp_exec_code(in->exec_size) | (unsigned)in->emask << 4, 1);
        break;
    case TUV_F_ATOMIC_OP: put(w, in->atomic_op | (in->atomic16 ? TUV_ATOMIC_16BIT : 0), 1); break;
    case TUV_F_SCALE: put(w, in->scale, 2); break;
    case TUV_F_BLOCK_SIZE: put(w, in->block_size, 1); break;
    case TUV_F_NUM_BLOCKS: put(w, in->num_blocks, 1); break;
    case TUV_F_GLOBAL_OFFSET: put_vector(w, &in->global_offset); break;
    case TUV_F_DP_RAW:
        for (unsigned i = 0; i < in->num_params; i++)
            put_raw(w, &in->params[i]);
        break;
    case TUV_F_LSC_SUBOP: put(w, in->subop, 1); break;
    case TUV_F_LSC_SFID: put(w, in->lsc.sfid, 1); break;
    case TUV_F_LSC_CACHE:
        put(w, in->lsc.l1, 1);
        put(w, in->lsc.l3, 1);
        break;
    case TUV_F_LSC_ADDR:
        put(w, in->lsc.addr_type, 1);
        put(w, in->lsc.scale, 2);
        put(w, (uint32_t)in->lsc.offset, 4);
        put(w, in->lsc.addr_size, 1);
        break;
    case TUV_F_LSC_ADDR_TYPED:
        put(w, in->lsc.addr_type, 1);
        if (!tuV_lsc_block2d(tuV_inst_lsc(in))) put(w, in->lsc.addr_size, 1);
        break;
    case TUV_F_LSC_DATA:
        if (tuV_lsc_block2d(tuV_inst_lsc(in))) { /* LSC_DATA_SHAPE_BLOCK2D / _TYPED_BLOCK2D */
            const bool typed = in->opcode == TUL_OPCODE_LSC_TYPED;
            if (!typed) {
                put(w, in->lsc.data_size, 1);
                put(w, in->lsc.data_order, 1);
                put(w, in->lsc.blocks, 1);
            }
            put(w, in->lsc.block_width, 2);
            put(w, in->lsc.block_height, 2);
            if (!typed) put(w, in->lsc.vnni, 1);
            break;
        }
        put(w, in->lsc.data_size, 1);
        put(w, in->lsc.data_order, 1);
        put(w, in->lsc.elems, 1);
        put(w, in->lsc.chmask, 1);
        break;
    case TUV_F_LSC_FENCE:
        put(w, in->lsc.sfid, 1);
        put(w, in->lsc.fence_op, 1);
        put(w, in->lsc.scope, 1);
        break;
    case TUV_F_LSC_SURFACE:
        put_vector(w, &in->lsc.surface);
        put(w, in->lsc.ss_index, 4);
        break;
    case TUV_F_LSC_RAW: {
        const tuL_lsc_row *lsc = tuV_inst_lsc(in);
        const unsigned n = in->num_params;
        if (tuV_lsc_block2d(lsc) && in->opcode == TUL_OPCODE_LSC_TYPED) { /* x D y D src1 */
            for (unsigned i = 4; i < 6; i++) {
                put_vector(w, &in->lsc.block[i]);
                put(w, (uint32_t)in->lsc.block_offset[i - 4], 4);
            }
            put_raw(w, &in->params[n - 2]);
        } else if (tuV_lsc_block2d(lsc)) { /* base width height pitch x y, src1 */
            for (unsigned i = 0; i < 6; i++)
                put_vector(w, &in->lsc.block[i]);
            put_raw(w, &in->params[n - 2]);
        } else if (tuV_lsc_strided(lsc)) { /* src0, its pitch, src1 */
            put_raw(w, &in->params[0]);
            put_vector(w, &in->lsc.stride);
            put_raw(w, &in->params[1]);
        } else {
            for (unsigned i = 0; i < n; i++) {
                put_raw(w, &in->params[i]);
                if (in->opcode == TUL_OPCODE_LSC_TYPED && i < 3)
                    put(w, (uint32_t)in->lsc.coord_offset[i], 4);
            }
        }
        break;
    }
    case TUV_F_END:
    case TUV_F_COUNT: break;
    }
}

static void encode_all(writer *w, const tu_visa_inst *in, const tuL_op *row) {
    const tuV_layout *L = tuV_layout_for(in);
    put(w, in->opcode, 1);
    for (const uint8_t *f = L->fields; *f != TUV_F_END; f++)
        encode_field(w, in, row, (tuV_field)*f);
}

tu_status tu_visa_encode(const tu_visa_inst *inst, uint8_t *buf, size_t size, size_t *written,
                         tu_error *err) {
    if (written) *written = 0;
    const tuL_op *row;
    /* The binary form does not depend on the platform; Xe-LP is the platform on which every
     * row of the op table is an op (IGC VISASampler3DSubOpCode: 3D_GATHER4 17 and 18). */
    tu_status valid = tuV_validate(inst, TU_VISA_XE_LP, &row, NULL);
    /* FADD / FSUB atomics and SIMD16 typed messages exist from XeHP on: encode what Xe2 takes */
    if (valid == TU_UNSUPPORTED || (valid != TU_OK && inst && tuV_inst_dp(inst)))
        valid = tuV_validate(inst, TU_VISA_XE2, &row, NULL);
    if (valid != TU_OK) TU_TRY(tuV_validate(inst, TU_VISA_XE_LP, &row, err));
    TU_RETURN_IF(inst->sampler64.present || inst->surface64.present, err, TU_UNSUPPORTED,
                 "the efficient-64b %s operand of %s has no vISA 4.1 binary encoding (IGC never "
                 "serialized it, IGC ByteCodeReaderNG.cpp)",
                 inst->sampler64.present ? "sampler" : "surface", row ? row->mnemonic : "?");
    /* IGC's reader of untyped 2D blocks takes six address operands and no immediate offsets
     * (ByteCodeReaderNG.cpp readInstructionLscUntypedBlock2D; IsaDescription.cpp
     * LSC_UNTYPED_BLOCK2D_OP) */
    const tuL_lsc_row *lsc = tuV_inst_lsc(inst);
    TU_RETURN_IF(
        inst->opcode == TUL_OPCODE_LSC_UNTYPED && tuV_lsc_block2d(lsc) &&
            (inst->lsc.block_payload || inst->lsc.block_offset[0] || inst->lsc.block_offset[1]),
        err, TU_UNSUPPORTED,
        "lsc_%s's %s has no vISA 4.1 binary encoding: IGC's reader takes the six "
        "address operands without immediate offsets (ByteCodeReaderNG.cpp "
        "readInstructionLscUntypedBlock2D)",
        lsc->name,
        inst->lsc.block_payload ? "one-register address payload flat[V + (x,y)]"
                                : "immediate x/y offset");
    writer w = {NULL, 0};
    encode_all(&w, inst, row);
    const size_t need = w.pos;
    if (written) *written = need;
    TU_RETURN_IF(!buf || size < need, err, TU_OUT_OF_RANGE,
                 "the buffer of %zu bytes is too small: the %s instruction needs %zu", size,
                 row                 ? row->mnemonic
                 : tuV_inst_dp(inst) ? tuV_inst_dp(inst)->mnemonic
                 : lsc               ? lsc->name
                                     : "media_ld",
                 need);
    w = (writer){buf, 0};
    encode_all(&w, inst, row);
    return TU_OK;
}

/* --- decode ----------------------------------------------------------------------------- */

typedef struct reader {
    const uint8_t *buf;
    size_t size, pos;
    tu_visa_platform platform;
    tu_error *err;
} reader;

/* `what` is the field being read, `form` its binary type, for the truncation message. */
static tu_status read_n(reader *r, unsigned bytes, const char *what, const char *form,
                        uint64_t *v) {
    const size_t left = r->size - r->pos;
    TU_RETURN_IF(left < bytes, r->err, TU_PARSE_ERROR,
                 "truncated: the %s (%s) needs %u byte%s, %zu left", what, form, bytes,
                 bytes == 1 ? "" : "s", left);
    uint64_t value = 0;
    for (unsigned i = 0; i < bytes; i++)
        value |= (uint64_t)r->buf[r->pos + i] << (8 * i);
    r->pos += bytes;
    *v = value;
    return TU_OK;
}

static tu_status read_u8(reader *r, const char *what, uint8_t *v) {
    uint64_t x = 0;
    TU_TRY(read_n(r, 1, what, "UB", &x));
    *v = (uint8_t)x;
    return TU_OK;
}

static tu_status read_u16(reader *r, const char *what, uint16_t *v) {
    uint64_t x = 0;
    TU_TRY(read_n(r, 2, what, "UW", &x));
    *v = (uint16_t)x;
    return TU_OK;
}

static tu_status read_u32(reader *r, const char *what, uint32_t *v) {
    uint64_t x = 0;
    TU_TRY(read_n(r, 4, what, "UD", &x));
    *v = (uint32_t)x;
    return TU_OK;
}

static tu_status read_raw(reader *r, const char *operand, tu_visa_raw *raw) {
    char what[96];
    snprintf(what, sizeof what, "%s variable id", operand);
    TU_TRY(read_u32(r, what, &raw->id));
    snprintf(what, sizeof what, "%s byte offset", operand);
    return read_u16(r, what, &raw->offset);
}

static tu_status read_vector(reader *r, const char *operand, tu_visa_scalar *s) {
    char what[96];
    uint8_t tag;
    snprintf(what, sizeof what, "%s operand tag", operand);
    TU_TRY(read_u8(r, what, &tag));
    const unsigned cls = tag & 7, mod = (tag >> 3) & 7;
    TU_RETURN_IF(tag & TAG_UNUSED_MASK, r->err, TU_PARSE_ERROR,
                 "the %s operand tag 0x%02X sets unused bits 7:6", operand, tag);
    TU_RETURN_IF(mod != 0, r->err, TU_PARSE_ERROR,
                 "the %s operand modifier %u (%s) is not allowed: it must be 0", operand, mod,
                 modifier_names[mod]);
    if (cls == CLASS_GENERAL) {
        s->is_imm = false;
        s->type = TU_VISA_UD; /* the binary does not carry a variable's type */
        snprintf(what, sizeof what, "%s variable id", operand);
        TU_TRY(read_u32(r, what, &s->id));
        snprintf(what, sizeof what, "%s row offset", operand);
        TU_TRY(read_u8(r, what, &s->row));
        snprintf(what, sizeof what, "%s column offset", operand);
        TU_TRY(read_u8(r, what, &s->col));
        snprintf(what, sizeof what, "%s region", operand);
        return read_u16(r, what, &s->region);
    }
    TU_RETURN_IF(cls != CLASS_IMMEDIATE, r->err, TU_PARSE_ERROR,
                 "the %s operand class %u (%s) is not general (0) or immediate (5)", operand, cls,
                 class_names[cls]);
    s->is_imm = true;
    snprintf(what, sizeof what, "%s immediate type", operand);
    TU_TRY(read_u8(r, what, &s->type));
    TU_RETURN_IF(s->type >= TU_VISA_TYPE_COUNT, r->err, TU_PARSE_ERROR,
                 "the %s immediate type %u is not a vISA type code 0..15", operand, s->type);
    const unsigned bytes = tu_visa_type_size((tu_visa_type)s->type) == 8 ? 8 : 4;
    snprintf(what, sizeof what, "%s immediate value", operand);
    return read_n(r, bytes, what, bytes == 8 ? "8 bytes" : "4 bytes", &s->imm);
}

/* A field that reads but does not validate is malformed binary input. */
static tu_status as_parse_error(tu_status s, tu_error *err) {
    if (s == TU_INVALID_ARGUMENT) {
        s = TU_PARSE_ERROR;
        if (err) err->status = s;
    }
    return s;
}

static tu_status decode_params(reader *r, tu_visa_inst *in, const tuL_op **row) {
    TU_TRY(read_u8(r, field_names[TUV_F_PARAMS], &in->num_params));
    TU_RETURN_IF(in->num_params > TU_VISA_MAX_PARAMS, r->err, TU_PARSE_ERROR,
                 "NumParams %u is not in 1..%u", in->num_params, TU_VISA_MAX_PARAMS);
    /* load_2dms_w: the UW form when the UD form cannot hold this many (file comment). */
    const tuL_op *uw = tuL_op_by_code(in->opcode, in->subop, TUL_PC_INT_UW);
    if (uw && uw->pclass == TUL_PC_INT_UW && in->num_params > (*row)->nparams) {
        in->uw_params = true;
        *row = uw;
    }
    for (unsigned i = 0; i < in->num_params; i++) {
        char name[64];
        param_name(name, sizeof name, *row, i);
        TU_TRY(read_raw(r, name, &in->params[i]));
    }
    return TU_OK;
}

static tu_status decode_field(reader *r, tu_visa_inst *in, tuV_field f, const tuL_op **row) {
    const char *name = field_names[f];
    switch (f) {
    case TUV_F_OP_WORD: {
        uint16_t word;
        TU_TRY(read_u16(r, name, &word));
        uint16_t known = TUV_OP_WORD_SUBOP_MASK;
        for (size_t i = 0; i < TUV_OP_FLAG_COUNT; i++) {
            known |= tuV_op_flags[i].bit;
            tuV_op_flag_set(in, &tuV_op_flags[i], (word & tuV_op_flags[i].bit) != 0);
        }
        TU_RETURN_IF(word & ~known, r->err, TU_PARSE_ERROR,
                     "Op word 0x%04X sets reserved bits 0x%04X", word, word & ~known);
        in->subop = (uint8_t)(word & TUV_OP_WORD_SUBOP_MASK);
        return as_parse_error(tuV_check_op(in->opcode, in->subop, false, r->platform, row, r->err),
                              r->err);
    }
    case TUV_F_SUBOP:
        TU_TRY(read_u8(r, name, &in->subop));
        return as_parse_error(tuV_check_op(in->opcode, in->subop, false, r->platform, row, r->err),
                              r->err);
    case TUV_F_EXEC: {
        uint8_t byte;
        TU_TRY(read_u8(r, name, &byte));
        const int lanes = tuV_exec_from_code(byte & 0xF);
        TU_RETURN_IF(lanes < 0, r->err, TU_PARSE_ERROR,
                     "exec size code %u is not one of 3, 4, 5 (8, 16, 32 lanes)", byte & 0xF);
        in->exec_size = (uint8_t)lanes;
        in->emask = byte >> 4;
        return TU_OK;
    }
    case TUV_F_PRED: return read_u16(r, name, &in->pred);
    case TUV_F_CHANNELS: return read_u8(r, name, &in->channels);
    case TUV_F_AOFFIMMI: return read_vector(r, name, &in->aoffimmi);
    case TUV_F_SAMPLER: return read_u8(r, name, &in->sampler);
    case TUV_F_SURFACE: return read_u8(r, name, &in->surface);
    case TUV_F_INFO_PARAMS:
        in->num_params = (*row)->nparams;
        for (unsigned i = 0; i < (*row)->nparams; i++) {
            char pname[64];
            snprintf(pname, sizeof pname, "%s", tuL_param_name((tuL_param)(*row)->params[i]));
            TU_TRY(read_raw(r, pname, &in->params[i]));
        }
        return TU_OK;
    case TUV_F_DST: return read_raw(r, name, &in->dst);
    case TUV_F_PARAMS: return decode_params(r, in, row);
    case TUV_F_MEDIA_MOD: return read_u8(r, name, &in->media_mod);
    case TUV_F_PLANE: return read_u8(r, name, &in->plane);
    case TUV_F_BLOCK_WIDTH: return read_u8(r, name, &in->block_width);
    case TUV_F_BLOCK_HEIGHT: return read_u8(r, name, &in->block_height);
    case TUV_F_X: return read_vector(r, name, &in->x);
    case TUV_F_Y: return read_vector(r, name, &in->y);
    case TUV_F_DP_EXEC: {
        uint8_t byte;
        TU_TRY(read_u8(r, name, &byte));
        TU_RETURN_IF((byte & 0xF) > 5, r->err, TU_PARSE_ERROR,
                     "exec size code %u is not one of 0..5 (1, 2, 4, 8, 16, 32 lanes)", byte & 0xF);
        in->exec_size = (uint8_t)(1u << (byte & 0xF));
        in->emask = byte >> 4;
        return TU_OK;
    }
    case TUV_F_ATOMIC_OP: {
        uint8_t byte;
        TU_TRY(read_u8(r, name, &byte));
        TU_RETURN_IF(byte & TUV_ATOMIC_64BIT, r->err, TU_UNSUPPORTED,
                     "atomic op byte 0x%02X sets bit 6, a 64-bit atomic, which texunit does not "
                     "execute",
                     byte);
        TU_RETURN_IF(byte & 0x80, r->err, TU_PARSE_ERROR,
                     "atomic op byte 0x%02X sets reserved bit 7", byte);
        in->atomic_op = byte & 0x1F;
        in->atomic16 = (byte & TUV_ATOMIC_16BIT) != 0;
        return TU_OK;
    }
    case TUV_F_SCALE: return read_u16(r, name, &in->scale);
    case TUV_F_BLOCK_SIZE: return read_u8(r, name, &in->block_size);
    case TUV_F_NUM_BLOCKS: return read_u8(r, name, &in->num_blocks);
    case TUV_F_GLOBAL_OFFSET: return read_vector(r, name, &in->global_offset);
    case TUV_F_LSC_SUBOP: {
        TU_TRY(read_u8(r, name, &in->subop));
        const tuL_lsc_row *lsc = tuL_lsc_by_subop(in->subop);
        TU_RETURN_IF(!lsc, r->err, TU_PARSE_ERROR, "LSC op 0x%02X is not an LSC operation",
                     in->subop);
        TU_RETURN_IF(lsc->kind == TUL_LSC_OTHER, r->err, TU_UNSUPPORTED,
                     "LSC op 0x%02X (lsc_%s) is not one texunit decodes: its layout differs and "
                     "texunit does not execute it",
                     in->subop, lsc->name);
        TU_RETURN_IF(lsc->kind == TUL_LSC_FENCE, r->err, TU_PARSE_ERROR,
                     "LSC op 0x%02X is the fence, which is opcode 0x8B (LSC_FENCE), not a sub-op",
                     in->subop);
        return TU_OK;
    }
    case TUV_F_LSC_SFID: return read_u8(r, name, &in->lsc.sfid);
    case TUV_F_LSC_CACHE:
        TU_TRY(read_u8(r, "L1 caching", &in->lsc.l1));
        return read_u8(r, "L3 caching", &in->lsc.l3);
    case TUV_F_LSC_ADDR: {
        uint32_t offset;
        TU_TRY(read_u8(r, "address type", &in->lsc.addr_type));
        TU_TRY(read_u16(r, "address scale", &in->lsc.scale));
        TU_TRY(read_u32(r, "address offset", &offset));
        in->lsc.offset = (int32_t)offset;
        return read_u8(r, "address size", &in->lsc.addr_size);
    }
    case TUV_F_LSC_ADDR_TYPED:
        TU_TRY(read_u8(r, "address type", &in->lsc.addr_type));
        if (tuV_lsc_block2d(tuV_inst_lsc(in))) return TU_OK;
        return read_u8(r, "address size", &in->lsc.addr_size);
    case TUV_F_LSC_FENCE:
        in->subop = 0x1F; /* IGC LSC_OP LSC_FENCE: the row of the fence */
        TU_TRY(read_u8(r, "fence SFID", &in->lsc.sfid));
        TU_TRY(read_u8(r, "fence op", &in->lsc.fence_op));
        return read_u8(r, "fence scope", &in->lsc.scope);
    case TUV_F_LSC_DATA:
        if (tuV_lsc_block2d(tuV_inst_lsc(in))) {
            const bool typed = in->opcode == TUL_OPCODE_LSC_TYPED;
            if (!typed) {
                /* what the untyped form implies: flat, 64-bit (CISA.y
                 * LscUntypedBlock2dAddrOperand) */
                in->lsc.addr_type = 1, in->lsc.addr_size = 3;
                in->lsc.surface.is_imm = true, in->lsc.surface.type = TU_VISA_UD;
                TU_TRY(read_u8(r, "data size", &in->lsc.data_size));
                TU_TRY(read_u8(r, "data order", &in->lsc.data_order));
                TU_TRY(read_u8(r, "block count", &in->lsc.blocks));
            }
            TU_TRY(read_u16(r, "block width", &in->lsc.block_width));
            TU_TRY(read_u16(r, "block height", &in->lsc.block_height));
            if (typed) return TU_OK;
            uint8_t vnni;
            TU_TRY(read_u8(r, "VNNI", &vnni));
            TU_RETURN_IF(vnni > 1, r->err, TU_PARSE_ERROR, "VNNI byte %u is not 0 or 1", vnni);
            in->lsc.vnni = vnni != 0;
            return TU_OK;
        }
        TU_TRY(read_u8(r, "data size", &in->lsc.data_size));
        TU_TRY(read_u8(r, "data order", &in->lsc.data_order));
        TU_TRY(read_u8(r, "elements per address", &in->lsc.elems));
        return read_u8(r, "channel mask", &in->lsc.chmask);
    case TUV_F_LSC_SURFACE:
        TU_TRY(read_vector(r, "surface", &in->lsc.surface));
        return read_u32(r, "surface-state index", &in->lsc.ss_index);
    case TUV_F_LSC_RAW: {
        const bool typed = in->opcode == TUL_OPCODE_LSC_TYPED;
        static const char *const typed_names[] = {"U", "V", "R", "LOD", "src1", "src2"};
        static const char *const untyped_names[] = {"src0", "src1", "src2"};
        static const char *const block_names[6] = {"surface base",   "surface width",
                                                   "surface height", "surface pitch",
                                                   "block x",        "block y"};
        in->num_params = typed ? 6 : 3;
        const tuL_lsc_row *lsc = tuV_inst_lsc(in);
        if (tuV_lsc_block2d(lsc)) {
            for (unsigned i = typed ? 4 : 0; i < 6; i++) {
                TU_TRY(read_vector(r, block_names[i], &in->lsc.block[i]));
                if (typed) {
                    uint32_t off;
                    TU_TRY(read_u32(r, "block offset", &off));
                    in->lsc.block_offset[i - 4] = (int32_t)off;
                }
            }
            return read_raw(r, "src1", &in->params[in->num_params - 2]);
        }
        if (tuV_lsc_strided(lsc)) {
            TU_TRY(read_raw(r, "src0", &in->params[0]));
            TU_TRY(read_vector(r, "address pitch", &in->lsc.stride));
            return read_raw(r, "src1", &in->params[1]);
        }
        for (unsigned i = 0; i < in->num_params; i++) {
            TU_TRY(read_raw(r, typed ? typed_names[i] : untyped_names[i], &in->params[i]));
            if (typed && i < 3) {
                uint32_t off;
                TU_TRY(read_u32(r, "coordinate offset", &off));
                in->lsc.coord_offset[i] = (int32_t)off;
            }
        }
        return TU_OK;
    }
    case TUV_F_DP_RAW: {
        const tuL_dp_row *dp = tuV_inst_dp(in);
        in->num_params = dp->nraw;
        for (unsigned i = 0; i < dp->nraw; i++)
            TU_TRY(read_raw(r, tuL_param_name((tuL_param)dp->raw[i]), &in->params[i]));
        return TU_OK;
    }
    case TUV_F_END:
    case TUV_F_COUNT: break;
    }
    return TU_OK;
}

tu_status tu_visa_decode(const uint8_t *buf, size_t size, tu_visa_platform platform,
                         tu_visa_inst *inst, size_t *consumed, tu_error *err) {
    if (consumed) *consumed = 0;
    TU_RETURN_IF(!inst, err, TU_INVALID_ARGUMENT, "instruction is NULL");
    memset(inst, 0, sizeof *inst);
    TU_RETURN_IF(!buf && size != 0, err, TU_INVALID_ARGUMENT, "buffer is NULL but its size is %zu",
                 size);

    TU_RETURN_IF(platform != TU_VISA_XE_LP && platform != TU_VISA_XE2, err, TU_INVALID_ARGUMENT,
                 "platform %d is not TU_VISA_XE_LP (0) or TU_VISA_XE2 (1)", (int)platform);

    reader r = {buf, size, 0, platform, err};
    tu_visa_inst in;
    memset(&in, 0, sizeof in);
    TU_TRY(read_u8(&r, "opcode", &in.opcode));
    const tuL_op *row = NULL;
    const tuV_layout *L = tuV_layout_of(in.opcode);
    if (!L) /* tuV_check_op refuses the opcode, naming the five */
        return as_parse_error(tuV_check_op(in.opcode, 0, false, platform, &row, err), err);
    for (const uint8_t *f = L->fields; *f != TUV_F_END; f++) {
        TU_TRY(decode_field(&r, &in, (tuV_field)*f, &row));
        /* the LSC sub-op picks the form: go on in its layout, which starts with the sub-op */
        if (*f == TUV_F_LSC_SUBOP && tuV_layout_for(&in) != L) {
            L = tuV_layout_for(&in);
            f = L->fields;
        }
    }
    TU_TRY(as_parse_error(tuV_validate(&in, platform, &row, err), err));
    *inst = in;
    if (consumed) *consumed = r.pos;
    return TU_OK;
}
