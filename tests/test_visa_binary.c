/* SPDX-License-Identifier: MIT */
/*
 * test_visa_binary.c - the vISA 4.1 binary codec and the instruction validator
 * (src/visa/binary.c, src/visa/validate.c).
 *
 * Expected bytes are computed here from the layouts IGC ByteCodeReaderNG.cpp reads (the
 * exec-size byte, vector and raw operands, Pred: vISA spec, Operands), never
 * through the codec: every row of the Intel op table × every exec size × every Op-word flag
 * set (legal ones round-trip, illegal ones are refused) × channel masks × NumParams 1..nparams
 * × predicate forms; a hand-assembled sample_3d byte for byte; 3D_INFO; MEDIA_LD over
 * every modifier, plane and block size; every illegal field value refused naming it (validate,
 * encode, and decode of patched bytes); every truncation refused naming the field being read;
 * random and mutated bytes never crash and, when accepted, re-encode to the same bytes.
 */
#include "texunit/texunit.h"

#include "../src/lower/intel_ops.h"
#include "tu_test.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* --- expected bytes, from the layouts IGC ByteCodeReaderNG.cpp reads ----------------------- */

typedef struct bytes {
    uint8_t b[256];
    size_t n;
} bytes;

static void put(bytes *e, uint64_t v, unsigned n) {
    for (unsigned i = 0; i < n; i++)
        e->b[e->n++] = (uint8_t)(v >> (8 * i));
}

/* raw operand (readRawOperandNG): UD id, UW byte offset */
static void put_raw(bytes *e, tu_visa_raw r) {
    put(e, r.id, 4);
    put(e, r.offset, 2);
}

/* vector operand (readVectorOperandNG): tag (class 0 general / 5 immediate, modifier 0), then
 * the body */
static void put_scalar(bytes *e, const tu_visa_scalar *s) {
    if (s->is_imm) {
        put(e, 0x05, 1);
        put(e, s->type, 1);
        put(e, s->imm, 4); /* UW, W, UD, D: 4 bytes */
    } else {
        put(e, 0x00, 1);
        put(e, s->id, 4);
        put(e, s->row, 1);
        put(e, s->col, 1);
        put(e, s->region, 2);
    }
}

/* exec-size byte (readExecSizeNG): bits 3:0 the size code, 7:4 the emask */
static uint8_t exec_byte(uint8_t exec_size, uint8_t emask) {
    const uint8_t code = exec_size == 8 ? 3 : exec_size == 16 ? 4 : 5;
    return (uint8_t)(code | emask << 4);
}

static bytes expected_bytes(const tu_visa_inst *in) {
    bytes e = {{0}, 0};
    put(&e, in->opcode, 1);
    switch (in->opcode) {
    case 0x6D:
    case 0x6E:
    case 0x6F:
        /* Op UW: 7:0 sub-op, 8 pixel_null_mask, 9 cps, 10 divS */
        put(&e, in->subop | in->pixel_null_mask << 8 | in->cps << 9 | in->divs << 10, 2);
        put(&e, exec_byte(in->exec_size, in->emask), 1);
        put(&e, in->pred, 2);
        put(&e, in->channels, 1);
        put_scalar(&e, &in->aoffimmi);
        if (in->opcode != 0x6E) put(&e, in->sampler, 1);
        put(&e, in->surface, 1);
        put_raw(&e, in->dst);
        put(&e, in->num_params, 1);
        for (unsigned i = 0; i < in->num_params; i++)
            put_raw(&e, in->params[i]);
        break;
    case 0x70:
        put(&e, in->subop, 1);
        put(&e, exec_byte(in->exec_size, in->emask), 1);
        put(&e, in->channels, 1);
        put(&e, in->surface, 1);
        if (in->subop == 10) put_raw(&e, in->params[0]); /* resinfo's lod */
        put_raw(&e, in->dst);
        break;
    case 0x37:
        put(&e, in->media_mod, 1);
        put(&e, in->surface, 1);
        put(&e, in->plane, 1);
        put(&e, in->block_width, 1);
        put(&e, in->block_height, 1);
        put_scalar(&e, &in->x);
        put_scalar(&e, &in->y);
        put_raw(&e, in->dst);
        break;
    }
    return e;
}

/* --- comparisons -------------------------------------------------------------------------- */

static const char *scalar_diff(const tu_visa_scalar *a, const tu_visa_scalar *b) {
    if (a->is_imm != b->is_imm) return "is_imm";
    if (a->type != b->type) return "type";
    if (a->id != b->id) return "id";
    if (a->row != b->row || a->col != b->col) return "row/col";
    if (a->region != b->region) return "region";
    if (a->imm != b->imm) return "imm";
    return NULL;
}

/* The name of the first field where a and b differ; NULL when they are equal. */
static const char *inst_diff(const tu_visa_inst *a, const tu_visa_inst *b) {
    if (a->opcode != b->opcode) return "opcode";
    if (a->subop != b->subop) return "subop";
    if (a->pixel_null_mask != b->pixel_null_mask) return "pixel_null_mask";
    if (a->cps != b->cps) return "cps";
    if (a->divs != b->divs) return "divs";
    if (a->exec_size != b->exec_size) return "exec_size";
    if (a->emask != b->emask) return "emask";
    if (a->pred != b->pred) return "pred";
    if (a->channels != b->channels) return "channels";
    if (scalar_diff(&a->aoffimmi, &b->aoffimmi)) return "aoffimmi";
    if (a->sampler != b->sampler) return "sampler";
    if (a->surface != b->surface) return "surface";
    if (a->dst.id != b->dst.id || a->dst.offset != b->dst.offset) return "dst";
    if (a->has_paired != b->has_paired) return "has_paired";
    if (a->paired.id != b->paired.id || a->paired.offset != b->paired.offset) return "paired";
    if (a->num_params != b->num_params) return "num_params";
    for (unsigned i = 0; i < TU_VISA_MAX_PARAMS; i++)
        if (a->params[i].id != b->params[i].id || a->params[i].offset != b->params[i].offset)
            return "params";
    if (a->uw_params != b->uw_params) return "uw_params";
    if (a->media_mod != b->media_mod) return "media_mod";
    if (a->plane != b->plane) return "plane";
    if (a->block_width != b->block_width) return "block_width";
    if (a->block_height != b->block_height) return "block_height";
    if (scalar_diff(&a->x, &b->x)) return "x";
    if (scalar_diff(&a->y, &b->y)) return "y";
    return NULL;
}

static void dump(const char *label, const uint8_t *b, size_t n) {
    fprintf(stderr, "  %s:", label);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, " %02X", b[i]);
    fputc('\n', stderr);
}

/* Encode `in`; the bytes must be `want`; decode them on both platforms; the result must be
 * `back` (in itself unless the binary cannot say a field); re-encoding it gives the same
 * bytes. Returns false on a failed check. */
static bool round_trip_as(const tu_visa_inst *in, const bytes *want, const tu_visa_inst *back,
                          const char *what) {
    uint8_t buf[256];
    size_t n = 0;
    tu_error err = {0};
    if (!CHECK(tu_visa_encode(in, buf, sizeof buf, &n, &err) == TU_OK, "%s: %s", what, err.message))
        return false;
    if (!CHECK(n == want->n && memcmp(buf, want->b, n) == 0, "%s: %zu bytes, wanted %zu", what, n,
               want->n)) {
        dump("got ", buf, n);
        dump("want", want->b, want->n);
        return false;
    }
    for (int p = TU_VISA_XE_LP; p <= TU_VISA_XE2; p++) {
        tu_visa_inst out;
        size_t used = 0;
        const bool xe2_other =
            p == TU_VISA_XE2 && in->opcode == 0x6F && (in->subop == 0x11 || in->subop == 0x12);
        const tu_status st = tu_visa_decode(buf, n, (tu_visa_platform)p, &out, &used, &err);
        if (xe2_other) {
            if (!CHECK(st == TU_UNSUPPORTED && strstr(err.message, "Xe2"), "%s: %s", what,
                       err.message))
                return false;
            continue;
        }
        if (!CHECK(st == TU_OK, "%s (platform %d): %s", what, p, err.message)) return false;
        if (!CHECK(used == n, "%s: consumed %zu of %zu", what, used, n)) return false;
        const char *d = inst_diff(&out, back);
        if (!CHECK(d == NULL, "%s: decode differs in %s", what, d)) return false;
        uint8_t again[256];
        size_t n2 = 0;
        if (!CHECK(tu_visa_encode(&out, again, sizeof again, &n2, &err) == TU_OK, "%s: %s", what,
                   err.message))
            return false;
        if (!CHECK(n2 == n && memcmp(again, buf, n) == 0, "%s: re-encoding differs", what))
            return false;
    }
    return true;
}

static bool round_trip(const tu_visa_inst *in, const char *what) {
    const bytes want = expected_bytes(in);
    return round_trip_as(in, &want, in, what);
}

/* --- builders -------------------------------------------------------------------------- */

static tu_visa_scalar imm(uint8_t type, uint64_t value) {
    tu_visa_scalar s;
    memset(&s, 0, sizeof s);
    s.is_imm = true, s.type = type, s.imm = value;
    return s;
}

static tu_visa_scalar var(uint32_t id, uint8_t row, uint8_t col, uint16_t region) {
    tu_visa_scalar s;
    memset(&s, 0, sizeof s);
    s.type = TU_VISA_UD, s.id = id, s.row = row, s.col = col, s.region = region;
    return s;
}

static tu_visa_raw raw(uint32_t id, uint16_t offset) {
    tu_visa_raw r = {id, offset};
    return r;
}

static tu_visa_inst zero_inst(void) {
    tu_visa_inst in;
    memset(&in, 0, sizeof in);
    return in;
}

/* An instruction of a sampler row with every parameter present. */
static tu_visa_inst sampler_inst(const tuL_op *row) {
    tu_visa_inst in = zero_inst();
    in.opcode = row->opcode, in.subop = row->subop;
    in.uw_params = row->pclass == TUL_PC_INT_UW;
    in.exec_size = 16, in.channels = in.opcode == 0x6F ? 1 : 0xF;
    in.surface = 6, in.dst = raw(40, 0);
    if (in.opcode != 0x70) in.aoffimmi = imm(TU_VISA_UW, 0);
    in.num_params = row->nparams;
    for (unsigned i = 0; i < row->nparams; i++)
        in.params[i] = raw(41 + i, 0);
    return in;
}

static const tuL_op *row_named(const char *name) {
    const tuL_op *r = tuL_op_by_name(name);
    CHECK(r != NULL, "no row %s", name);
    return r;
}

static tu_visa_inst named_inst(const char *name) {
    return sampler_inst(row_named(name));
}

/* `media_ld.nomod (16,4) T6 0 0x0:ud 0x0:ud V60.0` (the form of IGC's test kernels) */
static tu_visa_inst media_inst(void) {
    tu_visa_inst in = zero_inst();
    in.opcode = 0x37, in.surface = 6, in.block_width = 16, in.block_height = 4;
    in.x = imm(TU_VISA_UD, 0), in.y = imm(TU_VISA_UD, 0), in.dst = raw(60, 0);
    return in;
}

/* --- tests ------------------------------------------------------------------------------ */

/* IGC IsaDisassembly.cpp prints it: `sample_3d.RGBA (M1, 16) 0x0:uw S0 T6 V40.0 V41.0 V42.0`.
 * The bytes are texunit's assembly of it in readInstructionSampler's field order. */
static const uint8_t hand_example[] = {
    0x6D,                               /* opcode */
    0x00, 0x00,                         /* Op UW: sample_3d, no flags */
    0x04,                               /* exec: size code 4 (16), M1 */
    0x00, 0x00,                         /* pred: none */
    0x0F,                               /* channels RGBA */
    0x05, 0x02, 0x00, 0x00, 0x00, 0x00, /* aoffimmi: immediate, type UW, 4 value bytes */
    0x00,                               /* S0 */
    0x06,                               /* T6 */
    0x28, 0x00, 0x00, 0x00, 0x00, 0x00, /* dst V40.0 */
    0x02,                               /* NumParams */
    0x29, 0x00, 0x00, 0x00, 0x00, 0x00, /* u V41.0 */
    0x2A, 0x00, 0x00, 0x00, 0x00, 0x00, /* v V42.0 */
};

static tu_visa_inst hand_example_inst(void) {
    tu_visa_inst in = named_inst("sample_3d");
    in.num_params = 2;
    in.params[2] = raw(0, 0), in.params[3] = raw(0, 0);
    return in;
}

static void test_hand_example(void) {
    const tu_visa_inst in = hand_example_inst();
    CHECK_EQ_U(sizeof hand_example, 34);
    bytes want = {{0}, 0};
    memcpy(want.b, hand_example, sizeof hand_example);
    want.n = sizeof hand_example;
    round_trip_as(&in, &want, &in, "IsaDisassembly example");
    /* and the layout builder of this file agrees with the hand-assembled bytes */
    const bytes built = expected_bytes(&in);
    CHECK(built.n == 34 && memcmp(built.b, hand_example, 34) == 0);
}

static bool cps_op(const char *m) {
    static const char *const ops[] = {"sample_3d", "sample_b",  "sample_c",    "sample_b_c",
                                      "lod",       "sample_po", "sample_po_b", "sample_po_c"};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(ops[i], m) == 0) return true;
    return false;
}

static const uint16_t preds[] = {0x0000, 0x0001, 0x0FFF, 0x8005, 0x2007, 0x4123, 0xA042, 0xC800};
static const uint8_t surfaces[] = {1, 2, 3, 4, 6, 7, 200, 255};
static const uint16_t aoffimmis[] = {0x0000, 0x0123, 0x0FFF, 0x8000, 0x8A5F, 0x0F0F};

/* Every row × exec size × Op-word flags × channels × NumParams × predicate. */
static void test_every_row(void) {
    static const uint8_t execs[] = {8, 16, 32};
    static const uint8_t masks[] = {0x1, 0x2, 0x4, 0x8, 0x3, 0xA, 0xF};
    static const uint8_t single[] = {0, 1, 2, 3};
    unsigned k = 0, trips = 0, refused = 0;
    for (unsigned r = 0; r < tuL_op_count; r++) {
        const tuL_op *row = &tuL_ops[r];
        const bool info = row->opcode == 0x70, gather = row->opcode == 0x6F;
        const unsigned nflags = info ? 1 : 8;
        for (unsigned e = 0; e < sizeof execs; e++)
            for (unsigned fl = 0; fl < nflags; fl++)
                for (unsigned c = 0; c < (gather ? sizeof single : sizeof masks); c++) {
                    const unsigned lo = info ? row->nparams : 1, hi = row->nparams;
                    for (unsigned np = lo; np <= hi; np++)
                        for (unsigned p = 0; p < (info ? 1 : sizeof preds / sizeof preds[0]);
                             p++, k++) {
                            tu_visa_inst in = sampler_inst(row);
                            in.exec_size = execs[e];
                            in.emask = (uint8_t)(k % 16);
                            in.channels = gather ? single[c] : masks[c];
                            in.pixel_null_mask = fl & 1, in.cps = (fl >> 1) & 1;
                            in.divs = (fl >> 2) & 1;
                            if (!info) {
                                in.pred = preds[p];
                                in.aoffimmi =
                                    imm(k % 3 ? TU_VISA_UW : TU_VISA_W,
                                        aoffimmis[k % (sizeof aoffimmis / sizeof aoffimmis[0])]);
                            }
                            if (row->opcode != 0x6E && !info) in.sampler = (uint8_t)(k * 7 % 32);
                            in.surface = surfaces[k % sizeof surfaces];
                            in.dst = k % 5 == 0 && !in.cps ? raw(0, 0)
                                                           : raw(32 + k % 1000, (k % 4) * 64);
                            in.num_params = (uint8_t)np;
                            for (unsigned i = 0; i < TU_VISA_MAX_PARAMS; i++)
                                in.params[i] =
                                    i < np ? raw(0x10000 * i + 41 + k % 77, (uint16_t)(64 * i))
                                           : raw(0, 0);
                            const bool cps_ok =
                                !in.cps || (cps_op(row->mnemonic) && in.exec_size != 32);
                            char what[96];
                            snprintf(what, sizeof what, "%s exec %u flags %u ch %u np %u pred %04X",
                                     row->mnemonic, in.exec_size, fl, in.channels, np, in.pred);
                            if (!cps_ok) {
                                tu_error err = {0};
                                CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err),
                                          TU_INVALID_ARGUMENT, &err, "cps");
                                uint8_t buf[256];
                                size_t n = 99;
                                CHECK_ERR(tu_visa_encode(&in, buf, sizeof buf, &n, &err),
                                          TU_INVALID_ARGUMENT, &err, "cps");
                                CHECK_EQ_U(n, 0);
                                refused++;
                                continue;
                            }
                            /* load_2dms_w in the UW form with at most 7 parameters decodes
                             * as the UD form: the binary cannot tell them apart. */
                            tu_visa_inst back = in;
                            if (in.uw_params && np <= 7) back.uw_params = false;
                            const bytes want = expected_bytes(&in);
                            if (!round_trip_as(&in, &want, &back, what)) return;
                            trips++;
                        }
                }
    }
    CHECK(trips > 100000, "%u round trips", trips);
    CHECK(refused > 1000, "%u refusals", refused);
}

/* resinfo.RGBA (M1, 16) T6 V43.0 V50.0 and sampleinfo.RGBA (M1, 8) T6 V50.0 (IGC
 * IsaDisassembly.cpp). */
static void test_info(void) {
    tu_visa_inst in = named_inst("resinfo");
    in.params[0] = raw(43, 0), in.dst = raw(50, 0);
    static const uint8_t resinfo[] = {0x70, 0x0A, 0x04, 0x0F, 0x06, 0x2B, 0x00, 0x00, 0x00,
                                      0x00, 0x00, 0x32, 0x00, 0x00, 0x00, 0x00, 0x00};
    bytes want = {{0}, sizeof resinfo};
    memcpy(want.b, resinfo, sizeof resinfo);
    round_trip_as(&in, &want, &in, "resinfo");

    in = named_inst("sampleinfo");
    in.exec_size = 8, in.emask = 9, in.channels = 0x9, in.surface = 4, in.dst = raw(50, 64);
    static const uint8_t sampleinfo[] = {0x70, 0x0B, 0x93, 0x09, 0x04, 0x32,
                                         0x00, 0x00, 0x00, 0x40, 0x00};
    want.n = sizeof sampleinfo;
    memcpy(want.b, sampleinfo, sizeof sampleinfo);
    round_trip_as(&in, &want, &in, "sampleinfo");
}

static uint32_t media_pitch(uint32_t w) {
    uint32_t p = 4;
    while (p < w)
        p *= 2;
    return p;
}

static void test_media(void) {
    tu_visa_inst in = media_inst();
    static const uint8_t example[] = {0x37, 0x00, 0x06, 0x00, 0x10, 0x04, 0x05, 0x00,
                                      0x00, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00,
                                      0x00, 0x00, 0x3C, 0x00, 0x00, 0x00, 0x00, 0x00};
    bytes want = {{0}, sizeof example};
    memcpy(want.b, example, sizeof example);
    round_trip_as(&in, &want, &in, "media_ld example");

    /* every modifier and plane; x and y as immediates (UD, D) and as variables */
    for (uint8_t mod = 0; mod < 6; mod++)
        for (uint8_t plane = 0; plane < 4; plane++) {
            in = media_inst();
            in.media_mod = mod, in.plane = plane, in.surface = (uint8_t)(6 + mod * 40 + plane);
            in.x = plane & 1 ? var(33 + mod, mod, plane, 0x121) : imm(TU_VISA_UD, 0xFFFFFFFF);
            in.y = plane & 2 ? var(0xABCDEF, 2, 3, 0x0777) : imm(TU_VISA_D, 0x80000000u + mod);
            round_trip(&in, "media_ld mod/plane");
        }

    /* every block size: legal exactly when pitch x rows <= 256 (vISA spec, MEDIA_LD table),
     * and the engine's pitch agrees with this file's */
    tu_error err = {0};
    unsigned legal = 0;
    for (uint32_t w = 0; w <= 65; w++)
        for (uint32_t h = 0; h <= 65; h++) {
            in = media_inst();
            in.block_width = (uint8_t)w, in.block_height = (uint8_t)h;
            const bool ok = w >= 1 && w <= 64 && h >= 1 && h <= 64 && media_pitch(w) * h <= 256;
            if (ok) {
                legal++;
                if (w <= 64) CHECK_EQ_U(tu_media_pitch(w), media_pitch(w));
                round_trip(&in, "media_ld block");
                continue;
            }
            const char *needle = w < 1 || w > 64   ? "media block width"
                                 : h < 1 || h > 64 ? "media block height"
                                                   : "is illegal";
            CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
                      needle);
        }
    CHECK_EQ_U(legal, 4 * 64 + 4 * 32 + 8 * 16 + 16 * 8 + 32 * 4);
    in = media_inst();
    in.block_width = 20, in.block_height = 9;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "media block 20x9 is illegal: widths 17-32 bytes allow at most 8 rows");
    in.block_width = 3, in.block_height = 65;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "media block height 65 is not in 1..64 rows");
    in.block_width = 40, in.block_height = 5;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "widths 33-64 bytes allow at most 4 rows");
    in.block_width = 2, in.block_height = 64;
    CHECK(tu_visa_validate(&in, TU_VISA_XE_LP, &err) == TU_OK, "%s", err.message);
}

/* One refusal: validate and encode both refuse `in` with status st and a message holding
 * `needle`; encode writes nothing. */
#define REFUSE(in, st, needle)                                                              \
    do {                                                                                    \
        tu_error e_ = {0};                                                                  \
        uint8_t buf_[256];                                                                  \
        size_t n_ = 77;                                                                     \
        CHECK_ERR(tu_visa_validate(&(in), TU_VISA_XE_LP, &e_), (st), &e_, (needle));        \
        CHECK_ERR(tu_visa_encode(&(in), buf_, sizeof buf_, &n_, &e_), (st), &e_, (needle)); \
        CHECK_EQ_U(n_, 0);                                                                  \
    } while (0)

static void test_illegal_fields(void) {
    tu_visa_inst in;
    tu_error err = {0};

    /* opcode, sub-op, platform */
    in = named_inst("sample_3d"), in.opcode = 0x42;
    REFUSE(in, TU_INVALID_ARGUMENT, "opcode 0x42 is not one of 0x6D");
    in = named_inst("sample_3d"), in.subop = 0x13;
    REFUSE(in, TU_INVALID_ARGUMENT, "sub-op 19 (0x13) of 3D_SAMPLE (0x6D) has no row");
    in = named_inst("sample_3d"), in.subop = 0x07; /* load_3d's sub-op under 3D_SAMPLE */
    REFUSE(in, TU_INVALID_ARGUMENT, "sub-op 7 (0x07) of 3D_SAMPLE");
    in = named_inst("resinfo"), in.subop = 0x07;
    REFUSE(in, TU_INVALID_ARGUMENT, "sub-op 7 (0x07) of 3D_INFO (0x70) has no row");
    in = named_inst("sample4_po");
    CHECK(tu_visa_validate(&in, TU_VISA_XE_LP, &err) == TU_OK, "%s", err.message);
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_UNSUPPORTED, &err,
              "3D_GATHER4 sub-op 17 means sample_d_c_mlod on Xe2");
    in = named_inst("sample4_po_c");
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_UNSUPPORTED, &err,
              "sub-op 18 means sample_mlod on Xe2");
    in = named_inst("sample4");
    CHECK(tu_visa_validate(&in, TU_VISA_XE2, &err) == TU_OK, "%s", err.message);
    CHECK_ERR(tu_visa_validate(&in, (tu_visa_platform)7, &err), TU_INVALID_ARGUMENT, &err,
              "platform 7 is not TU_VISA_XE_LP (0) or TU_VISA_XE2 (1)");
    CHECK_ERR(tu_visa_validate(NULL, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "instruction is NULL");
    in = named_inst("sample_3d"), in.uw_params = true;
    REFUSE(in, TU_INVALID_ARGUMENT, "uw_params is set but sample_3d has no UW parameter form");
    in = named_inst("resinfo"), in.uw_params = true;
    REFUSE(in, TU_INVALID_ARGUMENT, "resinfo has no UW parameter form");
    in = media_inst(), in.uw_params = true;
    REFUSE(in, TU_INVALID_ARGUMENT, "media_ld has no UW parameter form");

    /* exec size and emask */
    static const uint8_t bad_exec[] = {0, 1, 2, 4, 24, 64};
    for (unsigned i = 0; i < sizeof bad_exec; i++) {
        char needle[64];
        snprintf(needle, sizeof needle, "exec size %u is not one of 8, 16, 32", bad_exec[i]);
        in = named_inst("sample_l"), in.exec_size = bad_exec[i];
        REFUSE(in, TU_INVALID_ARGUMENT, needle);
        in = named_inst("sampleinfo"), in.exec_size = bad_exec[i];
        REFUSE(in, TU_INVALID_ARGUMENT, needle);
    }
    in = named_inst("sample_l"), in.emask = 16;
    REFUSE(in, TU_INVALID_ARGUMENT, "emask 16 is not in 0..15");

    /* predicate */
    in = named_inst("sample_3d"), in.pred = 0x1001;
    REFUSE(in, TU_INVALID_ARGUMENT, "pred 0x1001 sets reserved bit 12");
    in.pred = 0x6001;
    REFUSE(in, TU_INVALID_ARGUMENT, "pred 0x6001 has control 3, which is reserved");
    in.pred = 0x8000;
    REFUSE(in, TU_INVALID_ARGUMENT, "pred 0x8000 inverts or sets a control but names no predicate");
    in.pred = 0x2000;
    REFUSE(in, TU_INVALID_ARGUMENT, "names no predicate");
    in = named_inst("resinfo"), in.pred = 1;
    REFUSE(in, TU_INVALID_ARGUMENT, "pred 1 is not a field of resinfo and must be 0");

    /* Op-word flags */
    in = named_inst("resinfo"), in.pixel_null_mask = true;
    REFUSE(in, TU_INVALID_ARGUMENT, "pixel_null_mask is set but resinfo has no Op word flags");
    in = named_inst("sampleinfo"), in.divs = true;
    REFUSE(in, TU_INVALID_ARGUMENT, "divS is set but sampleinfo has no Op word flags");
    in = media_inst(), in.cps = true;
    REFUSE(in, TU_INVALID_ARGUMENT, "cps is set but media_ld has no Op word flags");
    in = named_inst("sample_l"), in.cps = true;
    REFUSE(in, TU_INVALID_ARGUMENT, "cps is not allowed on sample_l");
    in = named_inst("load_3d"), in.cps = true;
    REFUSE(in, TU_INVALID_ARGUMENT, "cps is not allowed on load_3d");
    in = named_inst("sample4"), in.cps = true;
    REFUSE(in, TU_INVALID_ARGUMENT, "cps is not allowed on sample4");
    in = named_inst("sample_d"), in.cps = true;
    REFUSE(in, TU_INVALID_ARGUMENT, "cps is not allowed on sample_d");
    in = named_inst("sample_po_c"), in.cps = true, in.exec_size = 32;
    REFUSE(in, TU_INVALID_ARGUMENT, "cps needs exec size 8 or 16, not 32 (sample_po_c)");
    in = named_inst("lod"), in.cps = true, in.dst = raw(0, 0);
    REFUSE(in, TU_INVALID_ARGUMENT, "cps needs a response, but the dst of lod is %null");
    in = named_inst("lod"), in.cps = true, in.exec_size = 8;
    CHECK(tu_visa_validate(&in, TU_VISA_XE2, &err) == TU_OK, "%s", err.message);
    in = named_inst("load_mcs"), in.divs = true, in.pixel_null_mask = true;
    CHECK(tu_visa_validate(&in, TU_VISA_XE_LP, &err) == TU_OK, "%s", err.message);

    /* channels */
    in = named_inst("sample_3d"), in.channels = 0;
    REFUSE(in, TU_INVALID_ARGUMENT, "channel mask 0 enables no channel (sample_3d)");
    in.channels = 0x1F;
    REFUSE(in, TU_INVALID_ARGUMENT, "channel mask 0x1F is not in 1..15");
    in = named_inst("load_lz"), in.channels = 0;
    REFUSE(in, TU_INVALID_ARGUMENT, "channel mask 0 enables no channel (load_lz)");
    in = named_inst("resinfo"), in.channels = 0x10;
    REFUSE(in, TU_INVALID_ARGUMENT, "channel mask 0x10 is not in 1..15");
    in = named_inst("sample4_c"), in.channels = 4;
    REFUSE(in, TU_INVALID_ARGUMENT, "channel 4 is not one of 0..3 (R, G, B, A) (sample4_c)");
    in.channels = 0;
    CHECK(tu_visa_validate(&in, TU_VISA_XE_LP, &err) == TU_OK, "%s", err.message);
    in = media_inst(), in.channels = 1;
    REFUSE(in, TU_INVALID_ARGUMENT, "channel mask 1 is not a field of media_ld");

    /* aoffimmi */
    in = named_inst("sample_3d"), in.aoffimmi = var(40, 0, 0, 0x121);
    REFUSE(in, TU_INVALID_ARGUMENT, "aoffimmi of sample_3d must be an immediate, not variable 40");
    in.aoffimmi = imm(TU_VISA_D, 0);
    REFUSE(in, TU_INVALID_ARGUMENT, "aoffimmi type d (1) is not uw or w");
    in.aoffimmi = imm(TU_VISA_UD, 0);
    REFUSE(in, TU_INVALID_ARGUMENT, "aoffimmi type ud (0) is not uw or w");
    in.aoffimmi = imm(99, 0);
    REFUSE(in, TU_INVALID_ARGUMENT, "aoffimmi type ? (99) is not uw or w");
    in.aoffimmi = imm(TU_VISA_UW, 0x3000);
    REFUSE(in, TU_INVALID_ARGUMENT, "aoffimmi bits 14:12 must be zero, not 0x3000");
    in.aoffimmi = imm(TU_VISA_W, 0xF123);
    REFUSE(in, TU_INVALID_ARGUMENT, "aoffimmi bits 14:12 must be zero, not 0x7000");
    in.aoffimmi = imm(TU_VISA_UW, 0x18000);
    REFUSE(in, TU_INVALID_ARGUMENT, "aoffimmi immediate 0x18000 does not fit its type uw");
    in.aoffimmi = imm(
        TU_VISA_UW,
        0x8FFF); /* bit 15: sampler index >= 16 (IGC ByteCodeReaderNG.cpp readInstructionSampler) */
    CHECK(tu_visa_validate(&in, TU_VISA_XE_LP, &err) == TU_OK, "%s", err.message);
    in.aoffimmi.id = 5;
    REFUSE(in, TU_INVALID_ARGUMENT, "aoffimmi is an immediate but also names variable 5");
    in = named_inst("resinfo"), in.aoffimmi = imm(TU_VISA_UW, 0);
    REFUSE(in, TU_INVALID_ARGUMENT, "aoffimmi is not a field of resinfo and must be all zero");
    in = media_inst(), in.aoffimmi.region = 1;
    REFUSE(in, TU_INVALID_ARGUMENT, "aoffimmi is not a field of media_ld");

    /* sampler */
    in = named_inst("sample_c"), in.sampler = 31;
    CHECK(tu_visa_validate(&in, TU_VISA_XE_LP, &err) == TU_OK, "%s", err.message);
    in.sampler = 32;
    REFUSE(in, TU_INVALID_ARGUMENT, "sampler 32 is not in 0..31 (S31 is the bindless sampler)");
    in = named_inst("sample4"), in.sampler = 255;
    REFUSE(in, TU_INVALID_ARGUMENT, "sampler 255 is not in 0..31");
    in = named_inst("load_3d"), in.sampler = 3;
    REFUSE(in, TU_INVALID_ARGUMENT, "sampler 3 is not a field of load_3d and must be 0");
    in = named_inst("resinfo"), in.sampler = 1;
    REFUSE(in, TU_INVALID_ARGUMENT, "sampler 1 is not a field of resinfo");
    in = media_inst(), in.sampler = 1;
    REFUSE(in, TU_INVALID_ARGUMENT, "sampler 1 is not a field of media_ld");

    /* surfaces T0 and T5, for all five opcodes */
    static const char *const names[] = {"sample_b", "load_l", "sample4_l", "resinfo", NULL};
    for (unsigned i = 0; i < 5; i++) {
        in = names[i] ? named_inst(names[i]) : media_inst();
        const char *op = names[i] ? names[i] : "media_ld";
        char needle[96];
        in.surface = 0;
        snprintf(needle, sizeof needle, "surface T0 (%%slm) cannot be read by %s", op);
        REFUSE(in, TU_INVALID_ARGUMENT, needle);
        in.surface = 5;
        snprintf(needle, sizeof needle, "surface T5 (%%scratch) cannot be read by %s", op);
        REFUSE(in, TU_INVALID_ARGUMENT, needle);
        for (unsigned s = 1; s < 256; s++) {
            if (s == 5) continue;
            in.surface = (uint8_t)s;
            CHECK(tu_visa_validate(&in, TU_VISA_XE_LP, &err) == TU_OK, "%s", err.message);
        }
    }

    /* NumParams */
    in = named_inst("sample_3d"), in.num_params = 16;
    REFUSE(in, TU_INVALID_ARGUMENT, "NumParams 16 is not in 1..15");
    in = named_inst("sample_3d"), in.num_params = 0;
    for (unsigned i = 0; i < TU_VISA_MAX_PARAMS; i++)
        in.params[i] = raw(0, 0);
    REFUSE(in, TU_INVALID_ARGUMENT, "NumParams 0 is not in 1..15");
    in = named_inst("sample_b_c"), in.num_params = 7, in.params[6] = raw(50, 0);
    REFUSE(in, TU_INVALID_ARGUMENT, "NumParams 7 exceeds the 6 parameters of sample_b_c");
    in = named_inst("sample4"), in.num_params = 5, in.params[4] = raw(50, 0);
    REFUSE(in, TU_INVALID_ARGUMENT, "NumParams 5 exceeds the 4 parameters of sample4");
    in = named_inst("load_2dms_w"), in.num_params = 8, in.params[7] = raw(50, 0);
    REFUSE(in, TU_INVALID_ARGUMENT,
           "NumParams 8 exceeds the 7 parameters of load_2dms_w (UD form)");
    in.uw_params = true;
    CHECK(tu_visa_validate(&in, TU_VISA_XE_LP, &err) == TU_OK, "%s", err.message);
    in = named_inst("sample_l"), in.num_params = 3;
    REFUSE(in, TU_INVALID_ARGUMENT,
           "parameter 3 (V44.0) of sample_l lies beyond NumParams 3 and must be %null.0");
    in.params[3] = raw(0, 0), in.params[4] = raw(0, 8);
    REFUSE(in, TU_INVALID_ARGUMENT, "parameter 4 (V0.8) of sample_l lies beyond NumParams 3");
    in = named_inst("resinfo"), in.num_params = 0, in.params[0] = raw(0, 0);
    REFUSE(in, TU_INVALID_ARGUMENT, "NumParams 0 of resinfo must be 1 (its lod)");
    in = named_inst("sampleinfo"), in.num_params = 1;
    REFUSE(in, TU_INVALID_ARGUMENT, "NumParams 1 of sampleinfo must be 0");
    in = named_inst("sampleinfo"), in.params[2] = raw(7, 0);
    REFUSE(in, TU_INVALID_ARGUMENT, "parameter 2 (V7.0) of sampleinfo lies beyond NumParams 0");
    in = media_inst(), in.num_params = 1;
    REFUSE(in, TU_INVALID_ARGUMENT, "NumParams 1 is not a field of media_ld");
    in = media_inst(), in.params[14] = raw(1, 0);
    REFUSE(in, TU_INVALID_ARGUMENT, "parameter 14 (V1.0) is not a field of media_ld");

    /* dst: any variable, %null included, at a GRF-aligned offset (vISA spec, Operands, raw
     * operand): 32 bytes on Xe-LP, 64 on Xe2; parameters likewise, media_ld's destination too. */
    in = named_inst("sample_d_c"), in.dst = raw(0, 0);
    CHECK(tu_visa_validate(&in, TU_VISA_XE_LP, &err) == TU_OK, "%s", err.message);
    in.dst = raw(0xFFFFFFFF, 0xFFE0);
    CHECK(tu_visa_validate(&in, TU_VISA_XE_LP, &err) == TU_OK, "%s", err.message);
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
              "the destination V4294967295.65504 of sample_d_c is not GRF-aligned: raw operands "
              "start on a register, byte offsets in multiples of 64 on Xe2");
    in.dst = raw(42, 4);
    REFUSE(in, TU_INVALID_ARGUMENT, "the destination V42.4 of sample_d_c is not GRF-aligned");
    in.dst = raw(0, 16);
    REFUSE(in, TU_INVALID_ARGUMENT, "the destination V0.16 of sample_d_c is not GRF-aligned");
    in = named_inst("load_lz"), in.num_params = 3, in.params[1] = raw(40, 4);
    REFUSE(in, TU_INVALID_ARGUMENT, "parameter 1 (v) V40.4 of load_lz is not GRF-aligned");
    in = named_inst("resinfo"), in.params[0] = raw(43, 2);
    REFUSE(in, TU_INVALID_ARGUMENT, "parameter 0 (lod) V43.2 of resinfo is not GRF-aligned");
    in = media_inst(), in.dst = raw(60, 1);
    REFUSE(in, TU_INVALID_ARGUMENT, "the destination V60.1 of media_ld is not GRF-aligned");
    /* The decoder refuses the same bytes (built by this test's own encoder), and a 32-byte
     * offset decodes on Xe-LP but not on Xe2's 64-byte GRF. */
    in = named_inst("load_lz"), in.num_params = 3, in.params[2] = raw(40, 4);
    bytes bad = expected_bytes(&in);
    tu_visa_inst out;
    CHECK_ERR(tu_visa_decode(bad.b, bad.n, TU_VISA_XE_LP, &out, NULL, &err), TU_PARSE_ERROR, &err,
              "parameter 2 (r) V40.4 of load_lz is not GRF-aligned");
    in.params[2] = raw(40, 32);
    bad = expected_bytes(&in);
    CHECK(tu_visa_decode(bad.b, bad.n, TU_VISA_XE_LP, &out, NULL, &err) == TU_OK, "%s",
          err.message);
    CHECK_ERR(tu_visa_decode(bad.b, bad.n, TU_VISA_XE2, &out, NULL, &err), TU_PARSE_ERROR, &err,
              "V40.32 of load_lz is not GRF-aligned");

    /* the paired surface: a text operand of the sampler instructions only */
    in = named_inst("resinfo"), in.has_paired = true;
    REFUSE(in, TU_INVALID_ARGUMENT, "has_paired is set but resinfo has no paired surface");
    in = named_inst("sample_3d"), in.paired = raw(9, 0);
    REFUSE(in, TU_INVALID_ARGUMENT, "paired surface V9.0 is given but has_paired is not set");

    /* MEDIA_LD fields */
    in = media_inst(), in.media_mod = 6;
    REFUSE(in, TU_INVALID_ARGUMENT, "media modifier 6 is not one of 0..5");
    in = media_inst(), in.plane = 4;
    REFUSE(in, TU_INVALID_ARGUMENT, "media plane 4 is not in 0..3");
    in = media_inst(), in.block_width = 0;
    REFUSE(in, TU_INVALID_ARGUMENT, "media block width 0 is not in 1..64 bytes");
    in = media_inst(), in.block_width = 65, in.block_height = 1;
    REFUSE(in, TU_INVALID_ARGUMENT, "media block width 65 is not in 1..64 bytes");
    in = media_inst(), in.block_height = 0;
    REFUSE(in, TU_INVALID_ARGUMENT, "media block height 0 is not in 1..64 rows");
    in = media_inst(), in.x = imm(TU_VISA_F, 0);
    REFUSE(in, TU_INVALID_ARGUMENT, "media x offset type f (7) is not ud or d");
    in = media_inst(), in.y = imm(TU_VISA_UW, 0);
    REFUSE(in, TU_INVALID_ARGUMENT, "media y offset type uw (2) is not ud or d");
    in = media_inst(), in.x = imm(TU_VISA_UD, 0x100000000ull);
    REFUSE(in, TU_INVALID_ARGUMENT, "x offset immediate 0x100000000 does not fit its type ud");
    in = media_inst(), in.x.row = 1;
    REFUSE(in, TU_INVALID_ARGUMENT, "x offset is an immediate but also names variable 0 (row 1");
    in = media_inst(), in.y = var(40, 0, 0, 0x121), in.y.imm = 5;
    REFUSE(in, TU_INVALID_ARGUMENT, "media y offset is variable 40 but also carries immediate 0x5");
    in = media_inst(), in.y = var(40, 0, 0, 0x1121);
    REFUSE(in, TU_INVALID_ARGUMENT, "y offset region 0x1121 sets unused bits 15:12");
    in = media_inst(), in.x = var(40, 0, 0, 0x0181);
    REFUSE(in, TU_INVALID_ARGUMENT, "x offset region 0x0181: width code 8 is not in 0..7");
    in = media_inst(), in.x = var(40, 0, 0, 0x0129);
    REFUSE(in, TU_INVALID_ARGUMENT, "vertical stride code 9 is not in 0..7");
    in = media_inst(), in.x = var(40, 0, 0, 0x0921);
    REFUSE(in, TU_INVALID_ARGUMENT, "horizontal stride code 9 is not in 0..7");
    in = media_inst(), in.x = var(40, 0, 0, 0x121), in.x.type = TU_VISA_D;
    CHECK(tu_visa_validate(&in, TU_VISA_XE_LP, &err) == TU_OK, "%s", err.message);
    in = media_inst(), in.exec_size = 16;
    REFUSE(in, TU_INVALID_ARGUMENT, "exec size 16 is not a field of media_ld and must be 0");
    in = media_inst(), in.emask = 1;
    REFUSE(in, TU_INVALID_ARGUMENT, "emask 1 is not a field of media_ld");
    in = media_inst(), in.pred = 1;
    REFUSE(in, TU_INVALID_ARGUMENT, "pred 1 is not a field of media_ld");
    in = media_inst(), in.subop = 3;
    REFUSE(in, TU_INVALID_ARGUMENT, "sub-op 3 is not a field of media_ld and must be 0");
    in = media_inst(), in.has_paired = true;
    REFUSE(in, TU_INVALID_ARGUMENT, "has_paired is set but media_ld has no paired surface");
    /* media fields on a sampler instruction */
    in = named_inst("sample_3d"), in.media_mod = 2;
    REFUSE(in, TU_INVALID_ARGUMENT, "media modifier 2 is not a field of sample_3d");
    in = named_inst("load_3d"), in.plane = 1;
    REFUSE(in, TU_INVALID_ARGUMENT, "plane 1 is not a field of load_3d");
    in = named_inst("sample4"), in.block_width = 4;
    REFUSE(in, TU_INVALID_ARGUMENT, "block width 4 is not a field of sample4");
    in = named_inst("sampleinfo"), in.block_height = 4;
    REFUSE(in, TU_INVALID_ARGUMENT, "block height 4 is not a field of sampleinfo");
    in = named_inst("sample_3d"), in.x = imm(TU_VISA_UD, 0);
    REFUSE(in, TU_INVALID_ARGUMENT, "x offset is not a field of sample_3d");
    in = named_inst("load_lz"), in.y.id = 3;
    REFUSE(in, TU_INVALID_ARGUMENT, "y offset is not a field of load_lz");
}

/* Bytes that read but do not validate: TU_PARSE_ERROR with the field's sentence. */
static void test_illegal_bytes(void) {
    tu_error err = {0};
    tu_visa_inst out;
    uint8_t b[64];
#define PATCHED(offset, value, st, needle)                                                     \
    do {                                                                                       \
        memcpy(b, hand_example, sizeof hand_example);                                          \
        b[offset] = (value);                                                                   \
        CHECK_ERR(tu_visa_decode(b, sizeof hand_example, TU_VISA_XE_LP, &out, NULL, &err), st, \
                  &err, needle);                                                               \
    } while (0)
#define PATCHED_OK(offset, value)                                                               \
    do {                                                                                        \
        memcpy(b, hand_example, sizeof hand_example);                                           \
        b[offset] = (value);                                                                    \
        CHECK(tu_visa_decode(b, sizeof hand_example, TU_VISA_XE_LP, &out, NULL, &err) == TU_OK, \
              "%s", err.message);                                                               \
    } while (0)
    PATCHED(0, 0x42, TU_PARSE_ERROR, "opcode 0x42 is not one of");
    PATCHED(0, 0x00, TU_PARSE_ERROR, "opcode 0x00 is not one of");
    PATCHED(1, 0x13, TU_PARSE_ERROR, "sub-op 19 (0x13) of 3D_SAMPLE (0x6D) has no row");
    PATCHED(2, 0x08, TU_PARSE_ERROR, "Op word 0x0800 sets reserved bits 0x0800");
    PATCHED(2, 0x80, TU_PARSE_ERROR, "Op word 0x8000 sets reserved bits 0x8000");
    PATCHED_OK(2, 0x02); /* cps on sample_3d, exec 16, dst V40: legal */
    PATCHED(3, 0x06, TU_PARSE_ERROR, "exec size code 6 is not one of 3, 4, 5");
    PATCHED(3, 0xF0, TU_PARSE_ERROR, "exec size code 0 is not one of 3, 4, 5");
    PATCHED_OK(3, 0xF3); /* M8_NM, 8 */
    PATCHED(5, 0x10, TU_PARSE_ERROR, "pred 0x1000 sets reserved bit 12");
    PATCHED(5, 0x60, TU_PARSE_ERROR, "has control 3");
    PATCHED(6, 0x00, TU_PARSE_ERROR, "channel mask 0 enables no channel (sample_3d)");
    PATCHED(6, 0x10, TU_PARSE_ERROR, "channel mask 0x10 is not in 1..15");
    PATCHED(7, 0x15, TU_PARSE_ERROR, "aoffimmi operand modifier 2 (neg) is not allowed");
    PATCHED(7, 0x25, TU_PARSE_ERROR, "aoffimmi operand modifier 4 (sat) is not allowed");
    PATCHED(7, 0x03, TU_PARSE_ERROR, "aoffimmi operand class 3 (indirect) is not general");
    PATCHED(7, 0x06, TU_PARSE_ERROR, "aoffimmi operand class 6 (state) is not general");
    PATCHED(7, 0x45, TU_PARSE_ERROR, "aoffimmi operand tag 0x45 sets unused bits 7:6");
    PATCHED(8, 0x13, TU_PARSE_ERROR, "aoffimmi immediate type 19 is not a vISA type code");
    PATCHED(8, 0x07, TU_PARSE_ERROR, "aoffimmi type f (7) is not uw or w");
    PATCHED_OK(8, 0x03); /* type W */
    PATCHED(10, 0x30, TU_PARSE_ERROR, "aoffimmi bits 14:12 must be zero, not 0x3000");
    PATCHED_OK(10, 0x80); /* bit 15 */
    PATCHED(11, 0x01, TU_PARSE_ERROR, "aoffimmi immediate 0x10000 does not fit its type uw");
    PATCHED(13, 0x20, TU_PARSE_ERROR, "sampler 32 is not in 0..31");
    PATCHED(14, 0x00, TU_PARSE_ERROR, "surface T0 (%slm) cannot be read by sample_3d");
    PATCHED(14, 0x05, TU_PARSE_ERROR, "surface T5 (%scratch) cannot be read by sample_3d");
    PATCHED(21, 0x10, TU_PARSE_ERROR, "NumParams 16 is not in 1..15");
    PATCHED(21, 0xFF, TU_PARSE_ERROR, "NumParams 255 is not in 1..15");
    PATCHED(21, 0x00, TU_PARSE_ERROR, "NumParams 0 is not in 1..15");
    PATCHED_OK(21, 0x01); /* one parameter: the second one's bytes are left over */
#undef PATCHED
#undef PATCHED_OK

    /* aoffimmi as a general variable: reads, then refused */
    static const uint8_t general_aoff[] = {0x6D, 0x00, 0x00, 0x04, 0x00, 0x00, 0x0F, 0x00,
                                           0x28, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, 0x01,
                                           0x00, 0x06, 0x28, 0x00, 0x00, 0x00, 0x00, 0x00,
                                           0x01, 0x29, 0x00, 0x00, 0x00, 0x00, 0x00};
    CHECK_ERR(tu_visa_decode(general_aoff, sizeof general_aoff, TU_VISA_XE_LP, &out, NULL, &err),
              TU_PARSE_ERROR, &err, "aoffimmi of sample_3d must be an immediate, not variable 40");
    /* a DF aoffimmi: 8 value bytes are read, then the type is refused */
    static const uint8_t df_aoff[] = {0x6D, 0x00, 0x00, 0x04, 0x00, 0x00, 0x0F, 0x05,
                                      0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0,
                                      0x3F, 0x00, 0x06, 0x28, 0x00, 0x00, 0x00, 0x00,
                                      0x00, 0x01, 0x29, 0x00, 0x00, 0x00, 0x00, 0x00};
    CHECK_ERR(tu_visa_decode(df_aoff, sizeof df_aoff, TU_VISA_XE_LP, &out, NULL, &err),
              TU_PARSE_ERROR, &err, "aoffimmi type df (6) is not uw or w");
    CHECK_ERR(tu_visa_decode(df_aoff, 16, TU_VISA_XE_LP, &out, NULL, &err), TU_PARSE_ERROR, &err,
              "truncated: the aoffimmi immediate value (8 bytes) needs 8 bytes, 7 left");

    /* 3D_GATHER4 sub-op 17 on Xe2; load_2dms_w with 8 UD-looking parameters is the UW form */
    tu_visa_inst in = named_inst("sample4_po");
    uint8_t buf[256];
    size_t n = 0;
    CHECK(tu_visa_encode(&in, buf, sizeof buf, &n, &err) == TU_OK, "%s", err.message);
    CHECK_ERR(tu_visa_decode(buf, n, TU_VISA_XE2, &out, NULL, &err), TU_UNSUPPORTED, &err,
              "3D_GATHER4 sub-op 17 means sample_d_c_mlod on Xe2 (LNL/BMG)");
    CHECK(tu_visa_decode(buf, n, TU_VISA_XE_LP, &out, NULL, &err) == TU_OK, "%s", err.message);
    in = named_inst("load_2dms_w"); /* UD row */
    CHECK(!in.uw_params);
    in.uw_params = true, in.num_params = 8, in.params[7] = raw(77, 0);
    CHECK(tu_visa_encode(&in, buf, sizeof buf, &n, &err) == TU_OK, "%s", err.message);
    CHECK(tu_visa_decode(buf, n, TU_VISA_XE_LP, &out, NULL, &err) == TU_OK, "%s", err.message);
    CHECK(out.uw_params && out.num_params == 8);

    /* 3D_INFO: a sub-op with no row; a sampler sub-op under 3D_INFO */
    static const uint8_t info_bad[] = {0x70, 0x07, 0x04, 0x0F, 0x06, 0x32, 0, 0, 0, 0, 0};
    CHECK_ERR(tu_visa_decode(info_bad, sizeof info_bad, TU_VISA_XE_LP, &out, NULL, &err),
              TU_PARSE_ERROR, &err, "sub-op 7 (0x07) of 3D_INFO (0x70) has no row");
    static const uint8_t info_emask[] = {0x70, 0x0B, 0xF4, 0x00, 0x06, 0x32, 0, 0, 0, 0, 0};
    CHECK_ERR(tu_visa_decode(info_emask, sizeof info_emask, TU_VISA_XE_LP, &out, NULL, &err),
              TU_PARSE_ERROR, &err, "channel mask 0 enables no channel (sampleinfo)");

    /* MEDIA_LD: x as an address operand; a bad block size in the bytes */
    static const uint8_t media_addr[] = {0x37, 0x00, 0x06, 0x00, 0x10, 0x04, 0x01, 0x00,
                                         0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00,
                                         0x00, 0x3C, 0x00, 0x00, 0x00, 0x00, 0x00};
    CHECK_ERR(tu_visa_decode(media_addr, sizeof media_addr, TU_VISA_XE_LP, &out, NULL, &err),
              TU_PARSE_ERROR, &err, "x offset operand class 1 (address) is not general");
    static const uint8_t media_big[] = {0x37, 0x00, 0x06, 0x00, 0x14, 0x09, 0x05, 0x00,
                                        0x00, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00,
                                        0x00, 0x00, 0x3C, 0x00, 0x00, 0x00, 0x00, 0x00};
    CHECK_ERR(tu_visa_decode(media_big, sizeof media_big, TU_VISA_XE_LP, &out, NULL, &err),
              TU_PARSE_ERROR, &err,
              "media block 20x9 is illegal: widths 17-32 bytes allow at most 8 rows");

    /* arguments */
    CHECK_ERR(tu_visa_decode(hand_example, 34, TU_VISA_XE_LP, NULL, NULL, &err),
              TU_INVALID_ARGUMENT, &err, "instruction is NULL");
    CHECK_ERR(tu_visa_decode(NULL, 5, TU_VISA_XE_LP, &out, NULL, &err), TU_INVALID_ARGUMENT, &err,
              "buffer is NULL but its size is 5");
    CHECK_ERR(tu_visa_decode(NULL, 0, TU_VISA_XE_LP, &out, NULL, &err), TU_PARSE_ERROR, &err,
              "truncated: the opcode (UB) needs 1 byte, 0 left");
    CHECK_ERR(tu_visa_decode(hand_example, 34, (tu_visa_platform)-1, &out, NULL, &err),
              TU_INVALID_ARGUMENT, &err, "platform -1 is not TU_VISA_XE_LP (0) or TU_VISA_XE2 (1)");
}

/* Truncated at every byte: refused naming the field being read, with its size and what is
 * left. The field map of the hand-assembled sample_3d is written out here. */
static void test_truncation(void) {
    static const struct {
        unsigned start, len;
        const char *what, *form;
    } fields[] = {
        {0, 1, "opcode", "UB"},
        {1, 2, "Op word", "UW"},
        {3, 1, "exec size", "UB"},
        {4, 2, "predicate", "UW"},
        {6, 1, "channel mask", "UB"},
        {7, 1, "aoffimmi operand tag", "UB"},
        {8, 1, "aoffimmi immediate type", "UB"},
        {9, 4, "aoffimmi immediate value", "4 bytes"},
        {13, 1, "sampler index", "UB"},
        {14, 1, "surface index", "UB"},
        {15, 4, "dst variable id", "UD"},
        {19, 2, "dst byte offset", "UW"},
        {21, 1, "NumParams", "UB"},
        {22, 4, "parameter 0 (u) variable id", "UD"},
        {26, 2, "parameter 0 (u) byte offset", "UW"},
        {28, 4, "parameter 1 (v) variable id", "UD"},
        {32, 2, "parameter 1 (v) byte offset", "UW"},
    };
    tu_error err = {0};
    tu_visa_inst out;
    for (unsigned len = 0; len < sizeof hand_example; len++) {
        unsigned f = 0;
        while (!(fields[f].start <= len && len < fields[f].start + fields[f].len))
            f++;
        char want[200];
        snprintf(want, sizeof want, "truncated: the %s (%s) needs %u byte%s, %u left",
                 fields[f].what, fields[f].form, fields[f].len, fields[f].len == 1 ? "" : "s",
                 len - fields[f].start);
        size_t used = 99;
        CHECK_ERR(tu_visa_decode(hand_example, len, TU_VISA_XE_LP, &out, &used, &err),
                  TU_PARSE_ERROR, &err, want);
        CHECK(strcmp(err.message, want) == 0, "\"%s\" != \"%s\"", err.message, want);
        CHECK_EQ_U(used, 0);
    }

    /* several more encodings: every shorter length is refused as truncated */
    tu_visa_inst ins[8];
    ins[0] = named_inst("sample_po_d");
    ins[1] = named_inst("load_2dms_w");
    ins[2] = sampler_inst(&tuL_ops[0]);
    ins[3] = named_inst("sample4_po_c");
    ins[4] = named_inst("resinfo");
    ins[5] = named_inst("sampleinfo");
    ins[6] = media_inst();
    ins[7] = media_inst();
    ins[7].x = var(40, 1, 2, 0x121), ins[7].y = var(41, 3, 4, 0x121);
    ins[1] = sampler_inst(tuL_op_by_code(0x6E, 0x1C, TUL_PC_INT_UW)); /* UW form, 9 params */
    for (unsigned i = 0; i < sizeof ins / sizeof ins[0]; i++) {
        uint8_t buf[256];
        size_t n = 0;
        if (!CHECK(tu_visa_encode(&ins[i], buf, sizeof buf, &n, &err) == TU_OK, "%s", err.message))
            continue;
        for (size_t len = 0; len < n; len++) {
            CHECK_ERR(tu_visa_decode(buf, len, TU_VISA_XE_LP, &out, NULL, &err), TU_PARSE_ERROR,
                      &err, "truncated: the ");
        }
        CHECK(tu_visa_decode(buf, n, TU_VISA_XE_LP, &out, NULL, &err) == TU_OK, "%s", err.message);
    }
    /* named fields of the other layouts */
    uint8_t buf[256];
    size_t n = 0;
    CHECK(tu_visa_encode(&ins[7], buf, sizeof buf, &n, &err) == TU_OK);
    CHECK_ERR(tu_visa_decode(buf, 6, TU_VISA_XE_LP, &out, NULL, &err), TU_PARSE_ERROR, &err,
              "truncated: the x offset operand tag (UB) needs 1 byte, 0 left");
    CHECK_ERR(tu_visa_decode(buf, 9, TU_VISA_XE_LP, &out, NULL, &err), TU_PARSE_ERROR, &err,
              "truncated: the x offset variable id (UD) needs 4 bytes, 2 left");
    CHECK_ERR(tu_visa_decode(buf, 11, TU_VISA_XE_LP, &out, NULL, &err), TU_PARSE_ERROR, &err,
              "truncated: the x offset row offset (UB) needs 1 byte, 0 left");
    CHECK_ERR(tu_visa_decode(buf, 12, TU_VISA_XE_LP, &out, NULL, &err), TU_PARSE_ERROR, &err,
              "truncated: the x offset column offset (UB)");
    CHECK_ERR(tu_visa_decode(buf, 14, TU_VISA_XE_LP, &out, NULL, &err), TU_PARSE_ERROR, &err,
              "truncated: the x offset region (UW) needs 2 bytes, 1 left");
    CHECK_ERR(tu_visa_decode(buf, 4, TU_VISA_XE_LP, &out, NULL, &err), TU_PARSE_ERROR, &err,
              "truncated: the block width (UB) needs 1 byte, 0 left");
    CHECK(tu_visa_encode(&ins[4], buf, sizeof buf, &n, &err) == TU_OK);
    CHECK_ERR(tu_visa_decode(buf, 7, TU_VISA_XE_LP, &out, NULL, &err), TU_PARSE_ERROR, &err,
              "truncated: the lod variable id (UD) needs 4 bytes, 2 left");
    CHECK_ERR(tu_visa_decode(buf, 1, TU_VISA_XE_LP, &out, NULL, &err), TU_PARSE_ERROR, &err,
              "truncated: the sub-op (UB) needs 1 byte, 0 left");
    CHECK(tu_visa_encode(&ins[1], buf, sizeof buf, &n, &err) == TU_OK);
    CHECK_ERR(tu_visa_decode(buf, n - 1, TU_VISA_XE_LP, &out, NULL, &err), TU_PARSE_ERROR, &err,
              "truncated: the parameter 8 (lod) byte offset (UW) needs 2 bytes, 1 left");
    CHECK_ERR(tu_visa_decode(buf, n - 40, TU_VISA_XE_LP, &out, NULL, &err), TU_PARSE_ERROR, &err,
              "parameter 2 (mcs1)");
}

static void test_encode_buffer(void) {
    const tu_visa_inst in = hand_example_inst();
    tu_error err = {0};
    uint8_t buf[64];
    memset(buf, 0xEE, sizeof buf);
    size_t n = 0;
    CHECK_ERR(tu_visa_encode(&in, buf, 33, &n, &err), TU_OUT_OF_RANGE, &err,
              "the buffer of 33 bytes is too small: the sample_3d instruction needs 34");
    CHECK_EQ_U(n, 34);
    CHECK_EQ_U(buf[0], 0xEE); /* nothing written */
    n = 0;
    CHECK_ERR(tu_visa_encode(&in, NULL, 0, &n, &err), TU_OUT_OF_RANGE, &err, "needs 34");
    CHECK_EQ_U(n, 34); /* a size query */
    CHECK(tu_visa_encode(&in, buf, 34, NULL, &err) == TU_OK, "%s", err.message);
    CHECK(memcmp(buf, hand_example, 34) == 0);
    CHECK_EQ_U(buf[34], 0xEE);
    CHECK_ERR(tu_visa_encode(NULL, buf, sizeof buf, &n, &err), TU_INVALID_ARGUMENT, &err,
              "instruction is NULL");
    CHECK_EQ_U(n, 0);

    /* the paired surface is not encoded, and decode says it is absent */
    tu_visa_inst paired = in;
    paired.has_paired = true, paired.paired = raw(45, 64);
    CHECK(tu_visa_encode(&paired, buf, sizeof buf, &n, &err) == TU_OK, "%s", err.message);
    CHECK(n == 34 && memcmp(buf, hand_example, 34) == 0);
    tu_visa_inst out;
    CHECK(tu_visa_decode(buf, n, TU_VISA_XE_LP, &out, NULL, &err) == TU_OK, "%s", err.message);
    CHECK(!out.has_paired && out.paired.id == 0 && out.paired.offset == 0);
    CHECK(inst_diff(&out, &in) == NULL);
}

/* Instructions back to back: each decode consumes exactly one. */
static void test_stream(void) {
    tu_visa_inst seq[4];
    seq[0] = hand_example_inst();
    seq[1] = media_inst();
    seq[2] = named_inst("resinfo");
    seq[3] = named_inst("sample4_c");
    uint8_t buf[512];
    size_t total = 0;
    tu_error err = {0};
    for (unsigned i = 0; i < 4; i++) {
        size_t n = 0;
        CHECK(tu_visa_encode(&seq[i], buf + total, sizeof buf - total, &n, &err) == TU_OK, "%s",
              err.message);
        total += n;
    }
    size_t pos = 0;
    for (unsigned i = 0; i < 4; i++) {
        tu_visa_inst out;
        size_t used = 0;
        CHECK(tu_visa_decode(buf + pos, total - pos, TU_VISA_XE_LP, &out, &used, &err) == TU_OK,
              "%s", err.message);
        CHECK(inst_diff(&out, &seq[i]) == NULL, "instruction %u", i);
        pos += used;
    }
    CHECK_EQ_U(pos, total);
}

/* Decode whatever; when accepted, the bytes it consumed are exactly its encoding. */
static unsigned decode_any(const uint8_t *b, size_t n) {
    unsigned accepted = 0;
    for (int p = TU_VISA_XE_LP; p <= TU_VISA_XE2; p++) {
        tu_visa_inst out;
        size_t used = 0;
        tu_error err = {0};
        const tu_status st = tu_visa_decode(b, n, (tu_visa_platform)p, &out, &used, &err);
        CHECK(st == TU_OK || st == TU_PARSE_ERROR || st == TU_UNSUPPORTED, "%s",
              tu_status_name(st));
        CHECK(st == TU_OK || err.message[0] != 0);
        if (st != TU_OK) continue;
        accepted++;
        CHECK(used >= 1 && used <= n);
        uint8_t again[256];
        size_t n2 = 0;
        CHECK(tu_visa_encode(&out, again, sizeof again, &n2, &err) == TU_OK, "%s", err.message);
        CHECK(n2 == used && memcmp(again, b, used) == 0, "re-encoding differs");
    }
    return accepted;
}

static void test_garbage(void) {
    static const uint8_t opcodes[] = {0x6D, 0x6E, 0x6F, 0x70, 0x37};
    uint64_t seed = tu_test_seed(0x5EED);
    uint8_t b[128];
    unsigned accepted = 0;
    for (unsigned i = 0; i < 200000; i++) {
        const size_t n = tu_test_rand(&seed) % sizeof b;
        for (size_t j = 0; j < n; j++)
            b[j] = (uint8_t)tu_test_rand(&seed);
        if (n && i % 2) b[0] = opcodes[tu_test_rand(&seed) % sizeof opcodes];
        accepted += decode_any(b, n);
    }
    /* mutations of valid encodings */
    tu_visa_inst base[6];
    base[0] = hand_example_inst();
    base[1] = media_inst();
    base[2] = named_inst("resinfo");
    base[3] = named_inst("sample4_po_c");
    base[4] = named_inst("load_2dms_w");
    base[5] = named_inst("sample_d_c");
    for (unsigned i = 0; i < 300000; i++) {
        tu_error err = {0};
        size_t n = 0;
        if (!CHECK(tu_visa_encode(&base[i % 6], b, sizeof b, &n, &err) == TU_OK)) return;
        const unsigned flips = 1 + (unsigned)(tu_test_rand(&seed) % 3);
        for (unsigned f = 0; f < flips; f++) {
            const uint64_t r = tu_test_rand(&seed);
            b[r % n] = r & 0x100 ? (uint8_t)(r >> 16) : (uint8_t)(b[r % n] ^ (1u << (r >> 9 & 7)));
        }
        const size_t cut = tu_test_rand(&seed) % 4 == 0 ? tu_test_rand(&seed) % (n + 1) : n;
        accepted += decode_any(b, cut);
    }
    CHECK(accepted > 10000, "only %u mutated inputs decoded", accepted);
}

int main(void) {
    TU_RUN(test_hand_example);
    TU_RUN(test_every_row);
    TU_RUN(test_info);
    TU_RUN(test_media);
    TU_RUN(test_illegal_fields);
    TU_RUN(test_illegal_bytes);
    TU_RUN(test_truncation);
    TU_RUN(test_encode_buffer);
    TU_RUN(test_stream);
    TU_RUN(test_garbage);
    return tu_test_finish();
}
