/* SPDX-License-Identifier: MIT */
/*
 * test_visa_dataport.c - the data-port instructions of the vISA front end: GATHER4_TYPED,
 * SCATTER4_TYPED, TYPED_ATOMIC, GATHER4_SCALED, SCATTER4_SCALED, GATHER_SCALED,
 * SCATTER_SCALED and DWORD_ATOMIC (vISA spec, GATHER4_TYPED .. DWORD_ATOMIC).
 *
 * Text: every row with every suffix form round-trips (print(parse(t)) canonical). Binary: the
 * bytes of one instruction of each layout, assembled here from the field order of IGC
 * ByteCodeReaderNG.cpp readInstructionDataportNG, and decode(encode(x)) == x on random
 * instructions. Validation: every field's refusal. Execution on the GRF file: thousands of
 * random instructions (rows, exec sizes, masks, predicates, channels, atomic ops, in- and
 * out-of-bounds addresses) against the engine run directly on a message assembled here from
 * the registers by the data layout of vISA spec, GATHER4_TYPED and GATHER4_SCALED,
 * "Semantics", comparing the destination registers and the surface memory afterwards.
 */
#include "texunit/texunit.h"

#include "../src/lower/intel_ops.h"
#include "tu_test.h"

#include <stdlib.h>

static const char *decls = ".version 4.2\n"
                           ".kernel \"dp\"\n"
                           ".decl A0 v_type=G type=ud num_elts=32 align=GRF\n"
                           ".decl A1 v_type=G type=ud num_elts=32 align=GRF\n"
                           ".decl A2 v_type=G type=ud num_elts=32 align=GRF\n"
                           ".decl A3 v_type=G type=ud num_elts=32 align=GRF\n"
                           ".decl S v_type=G type=ud num_elts=128 align=GRF\n"
                           ".decl S1 v_type=G type=ud num_elts=32 align=GRF\n"
                           ".decl D v_type=G type=ud num_elts=128 align=GRF\n"
                           ".decl G v_type=G type=ud num_elts=1 align=dword\n"
                           ".decl H v_type=G type=uw num_elts=32 align=GRF\n"
                           ".decl P1 v_type=P num_elts=32\n"
                           ".decl T6 v_type=T num_elts=1\n";

static char *join(const char *line) {
    size_t n = strlen(decls) + strlen(line) + 2;
    char *t = malloc(n);
    snprintf(t, n, "%s%s\n", decls, line);
    return t;
}

static tu_status parse_on(const char *line, tu_visa_platform p, tu_visa_kernel *k, tu_error *err) {
    char *text = join(line);
    tu_status st = tu_visa_parse(text, strlen(text), p, k, err);
    free(text);
    return st;
}

/* a == b, ignoring ASCII case (the channels may be written in either case) */
static bool same_text_any_case(const char *a, const char *b) {
    for (; *a && *b; a++, b++)
        if ((*a | 0x20) != (*b | 0x20) && *a != *b) return false;
    return *a == *b;
}

static int var_index(const tu_visa_kernel *k, const char *name) {
    for (uint32_t i = 0; i < k->var_count; i++)
        if (strcmp(k->vars[i].name, name) == 0) return (int)i;
    return -1;
}

/* --- text -------------------------------------------------------------------------------- */

/* The operands after the surface for a row: [G] raws [D]. */
static void operands(const tuL_dp_row *dp, unsigned variant, unsigned atomic_operands, char *buf,
                     size_t size) {
    size_t n = 0;
    if (dp->scaled)
        n += (size_t)snprintf(buf + n, size - n, variant & 1 ? " G(0,0)<0;1,0>" : " 0x40:ud");
    for (unsigned i = 0; i < dp->nraw; i++) {
        const tuL_param p = (tuL_param)dp->raw[i];
        const char *v = p == TUL_P_U || p == TUL_P_OFFSETS ? "A0.0"
                        : p == TUL_P_V                     ? "A1.0"
                        : p == TUL_P_R                     ? (variant & 2 ? "A2.0" : "%null.0")
                        : p == TUL_P_LOD                   ? (variant & 4 ? "A3.0" : "%null.0")
                        : p == TUL_P_SRC                   ? "S.0"
                        : p == TUL_P_SRC0 ? (atomic_operands >= 1 ? "S.0" : "%null.0")
                                          : (atomic_operands >= 2 ? "S1.0" : "%null.0");
        n += (size_t)snprintf(buf + n, size - n, " %s", v);
    }
    if (dp->has_dst) snprintf(buf + n, size - n, " D.%u", variant & 8 ? 64u : 0u);
}

/* One line of row dp: suffix form `form`, exec size `exec`, predicate form `pred`. */
static void make_line(const tuL_dp_row *dp, unsigned form, unsigned exec, unsigned pred, char *line,
                      size_t size) {
    static const char *const preds[] = {"", "(P1) ", "(!P1) ", "(P1.any) ", "(!P1.all) "};
    static const char *const chans[] = {"RGBA", "R", "GB", "RA", "A", "RGB", "BA", "G", "rb"};
    char suffix[24], ops[160];
    unsigned atomic_operands = 0;
    if (dp->suffix == TUL_SUFFIX_CHANNELS)
        snprintf(suffix, sizeof suffix, "%s", chans[form % 9]);
    else if (dp->suffix == TUL_SUFFIX_BLOCKS)
        snprintf(suffix, sizeof suffix, "%u", 1u << (form % 3));
    else {
        const tuL_atomic_row *a = &tuL_atomic_rows[form % tuL_atomic_row_count];
        if (dp->typed) a = &tuL_atomic_rows[form % 14];
        snprintf(suffix, sizeof suffix, "%s%s", a->text, form % 4 == 3 ? ".16" : "");
        atomic_operands = tu_atomic_describe((tu_atomic)a->atomic)->operands;
    }
    operands(dp, form, atomic_operands, ops, sizeof ops);
    snprintf(line, size, "%s%s.%s (M%u%s, %u) T6%s", preds[pred % 5], dp->mnemonic, suffix,
             1 + (form % 2) * 4, form % 5 == 4 ? "_NM" : "", exec, ops);
}

static void test_text_round_trip(void) {
    unsigned checked = 0;
    for (unsigned r = 0; r < tuL_dp_row_count; r++) {
        const tuL_dp_row *dp = &tuL_dp_rows[r];
        for (unsigned form = 0; form < 40; form++)
            for (unsigned e = 0; e < 6; e++) {
                const uint32_t exec = 1u << e;
                const tu_visa_platform p = (dp->exec_xe2 >> e & 1) && !(dp->exec_xe_lp >> e & 1)
                                               ? TU_VISA_XE2
                                               : TU_VISA_XE_LP;
                const uint8_t mask = p == TU_VISA_XE2 ? dp->exec_xe2 : dp->exec_xe_lp;
                char line[256];
                make_line(dp, form, exec, form + e, line, sizeof line);
                tu_visa_kernel k, k2;
                tu_error err = {0};
                const tu_status st = parse_on(line, p, &k, &err);
                const tuL_atomic_row *a = NULL;
                if (dp->suffix == TUL_SUFFIX_ATOMIC && st == TU_OK)
                    a = tuL_atomic_by_code(k.lines[0].inst.atomic_op);
                if (st != TU_OK && strstr(err.message, "exists from XeHP on")) continue;
                if (!(mask >> e & 1)) {
                    CHECK(st == TU_INVALID_ARGUMENT && strstr(err.message, "is not one of"),
                          "%s: %s", line, err.message);
                    if (st == TU_OK) tu_visa_kernel_free(&k);
                    continue;
                }
                if (!CHECK(st == TU_OK, "%s: %s", line, err.message)) continue;
                (void)a;
                char *p1 = NULL, *p2 = NULL;
                CHECK(tu_visa_print(&k, &p1, &err) == TU_OK);
                CHECK(tu_visa_parse(p1, strlen(p1), p, &k2, &err) == TU_OK, "%s\n%s", err.message,
                      p1);
                tu_visa_print(&k2, &p2, &err);
                CHECK(strcmp(p1, p2) == 0, "%s", line);
                CHECK(memcmp(&k.lines[0].inst, &k2.lines[0].inst, sizeof(tu_visa_inst)) == 0, "%s",
                      line);
                /* the printed line is the input, up to the channels' case */
                char printed[256];
                tu_visa_print_inst(&k, &k.lines[0].inst, printed, sizeof printed);
                CHECK(same_text_any_case(printed, line), "'%s' printed '%s'", line, printed);
                checked++;
                free(p1), free(p2);
                tu_visa_kernel_free(&k), tu_visa_kernel_free(&k2);
            }
    }
    CHECK(checked > 700, "%u round trips", checked);
}

/* --- binary ------------------------------------------------------------------------------- */

typedef struct byte_buf {
    uint8_t b[128];
    size_t n;
} byte_buf;

static void b_put(byte_buf *o, uint64_t v, unsigned size) {
    for (unsigned i = 0; i < size; i++)
        o->b[o->n++] = (uint8_t)(v >> (8 * i));
}

static void b_raw(byte_buf *o, uint32_t id, uint16_t off) {
    b_put(o, id, 4);
    b_put(o, off, 2);
}

/* The bytes of one instruction per layout, in IGC ByteCodeReaderNG.cpp readInstructionDataportNG's
 * order. */
static void test_binary_layouts(void) {
    tu_visa_kernel k;
    tu_error err = {0};
    CHECK(parse_on("(P1) dword_atomic.cmpxchg (M5, 16) T6 A0.0 S.0 S1.64 D.0", TU_VISA_XE_LP, &k,
                   &err) == TU_OK,
          "%s", err.message);
    const uint32_t A0 = 32, A1 = 33, A3 = 35, S = 36, S1 = 37, D = 38, G = 39;
    byte_buf want = {{0}, 0};
    b_put(&want, 0x7D, 1);       /* opcode */
    b_put(&want, 0x07, 1);       /* op: cmpxchg */
    b_put(&want, 4 | 4 << 4, 1); /* exec 16 (code 4), emask M5 (4) */
    b_put(&want, 1, 2);          /* pred P1 */
    b_put(&want, 6, 1);          /* surface T6 */
    b_raw(&want, A0, 0), b_raw(&want, S, 0), b_raw(&want, S1, 64), b_raw(&want, D, 0);
    uint8_t got[128];
    size_t n = 0;
    CHECK(tu_visa_encode(&k.lines[0].inst, got, sizeof got, &n, &err) == TU_OK, "%s", err.message);
    CHECK(n == want.n && memcmp(got, want.b, n) == 0, "dword_atomic: %zu bytes", n);
    tu_visa_kernel_free(&k);

    CHECK(parse_on("gather_scaled.2 (M1, 4) T6 G(0,0)<0;1,0> A0.0 D.32", TU_VISA_XE_LP, &k, &err) ==
              TU_OK,
          "%s", err.message);
    want.n = 0;
    b_put(&want, 0x78, 1);
    b_put(&want, 2, 1); /* exec 4 (code 2), M1 */
    b_put(&want, 0, 2); /* no predicate */
    b_put(&want, 0, 1); /* block size: one byte */
    b_put(&want, 1, 1); /* 2 blocks */
    b_put(&want, 0, 2); /* scale */
    b_put(&want, 6, 1); /* surface */
    b_put(&want, 0, 1), b_put(&want, G, 4), b_put(&want, 0, 1), b_put(&want, 0, 1),
        b_put(&want, 0x0121, 2); /* global offset: general G(0,0)<0;1,0> */
    b_raw(&want, A0, 0), b_raw(&want, D, 32);
    CHECK(tu_visa_encode(&k.lines[0].inst, got, sizeof got, &n, &err) == TU_OK, "%s", err.message);
    CHECK(n == want.n && memcmp(got, want.b, n) == 0, "gather_scaled: %zu bytes", n);
    tu_visa_kernel_free(&k);

    CHECK(parse_on("scatter4_typed.GA (M1, 8) T6 A0.0 A1.0 %null.0 A3.0 S.0", TU_VISA_XE_LP, &k,
                   &err) == TU_OK,
          "%s", err.message);
    want.n = 0;
    b_put(&want, 0x4C, 1);
    b_put(&want, 3, 1); /* exec 8 */
    b_put(&want, 0, 2);
    b_put(&want, 0xA, 1); /* G and A */
    b_put(&want, 6, 1);
    b_raw(&want, A0, 0), b_raw(&want, A1, 0), b_raw(&want, 0, 0), b_raw(&want, A3, 0),
        b_raw(&want, S, 0);
    CHECK(tu_visa_encode(&k.lines[0].inst, got, sizeof got, &n, &err) == TU_OK, "%s", err.message);
    CHECK(n == want.n && memcmp(got, want.b, n) == 0, "scatter4_typed: %zu bytes", n);
    /* decode gives the instruction back; every shorter buffer is refused as truncated */
    tu_visa_inst in;
    size_t used;
    CHECK(tu_visa_decode(got, n, TU_VISA_XE_LP, &in, &used, &err) == TU_OK && used == n &&
              memcmp(&in, &k.lines[0].inst, sizeof in) == 0,
          "%s", err.message);
    for (size_t cut = 0; cut < n; cut++)
        CHECK(tu_visa_decode(got, cut, TU_VISA_XE_LP, &in, &used, &err) == TU_PARSE_ERROR &&
                  strstr(err.message, "truncated"),
              "cut %zu: %s", cut, err.message);
    tu_visa_kernel_free(&k);

    /* gather4_scaled, typed_atomic: the remaining layouts, by round trip of their fields */
    CHECK(parse_on("typed_atomic.add.16 (M1, 8) T6 A0.0 %null.0 %null.0 %null.0 S.0 %null.0 D.0",
                   TU_VISA_XE_LP, &k, &err) == TU_OK,
          "%s", err.message);
    CHECK(tu_visa_encode(&k.lines[0].inst, got, sizeof got, &n, &err) == TU_OK);
    CHECK(got[0] == 0x73 && got[1] == (0x00 | 0x20) && got[2] == 3, "typed_atomic op byte 0x%02x",
          got[1]);
    tu_visa_kernel_free(&k);
}

static void test_binary_refusals(void) {
    tu_visa_kernel k;
    tu_error err = {0};
    CHECK(parse_on("dword_atomic.add (M1, 16) T6 A0.0 S.0 %null.0 D.0", TU_VISA_XE_LP, &k, &err) ==
          TU_OK);
    uint8_t buf[64];
    size_t n;
    tu_visa_encode(&k.lines[0].inst, buf, sizeof buf, &n, &err);
    tu_visa_inst in;
    uint8_t bad[64];
#define PATCHED(at, value, status, needle)                                                       \
    do {                                                                                         \
        memcpy(bad, buf, n);                                                                     \
        bad[at] = (value);                                                                       \
        CHECK_ERR(tu_visa_decode(bad, n, TU_VISA_XE_LP, &in, NULL, &err), status, &err, needle); \
    } while (0)
    PATCHED(1, 0x40, TU_UNSUPPORTED, "sets bit 6, a 64-bit atomic");
    PATCHED(1, 0x80, TU_PARSE_ERROR, "atomic op byte 0x80 sets reserved bit 7");
    PATCHED(1, 0x0E, TU_PARSE_ERROR, "atomic op 14 (0x0E) of dword_atomic is not a vISA atomic op");
    PATCHED(1, 0x13, TU_UNSUPPORTED, "atomic op fadd of dword_atomic exists from XeHP on");
    PATCHED(2, 0x06, TU_PARSE_ERROR, "exec size code 6 is not one of 0..5");
    PATCHED(2, 0x05, TU_PARSE_ERROR, "exec size 32 of dword_atomic is not one of 1, 2, 4, 8, 16");
    tu_visa_kernel_free(&k);
    /* fadd decodes on Xe2 */
    memcpy(bad, buf, n);
    bad[1] = 0x13;
    CHECK(tu_visa_decode(bad, n, TU_VISA_XE2, &in, NULL, &err) == TU_OK, "%s", err.message);
    CHECK(tu_visa_encode(&in, buf, sizeof buf, &n, &err) == TU_OK, "%s", err.message);
#undef PATCHED
}

/* --- validation: every field ------------------------------------------------------------- */

static void test_validation(void) {
    static const struct {
        const char *line;
        const char *needle;
    } bad[] = {
        {"gather4_typed.RGBA (M1, 16) T6 A0.0 A1.0 %null.0 %null.0 D.0",
         "exec size 16 of gather4_typed is not one of 8 on Xe-LP"},
        {"gather4_scaled.R (M1, 32) T6 0x0:ud A0.0 D.0",
         "exec size 32 of gather4_scaled is not one of 1, 2, 4, 8, 16"},
        {"gather4_typed.RGBA (M1, 8) %slm A0.0 A1.0 %null.0 %null.0 D.0",
         "surface T0 (%slm) cannot be read by gather4_typed"},
        {"typed_atomic.fadd (M1, 8) T6 A0.0 %null.0 %null.0 %null.0 S.0 %null.0 D.0",
         "atomic op fadd of typed_atomic: typed atomics have no float ops"},
        {"dword_atomic.add (M1, 8) T6 A0.0 %null.0 %null.0 D.0",
         "src0 of dword_atomic.add must name a variable, not %null"},
        {"dword_atomic.inc (M1, 8) T6 A0.0 S.0 %null.0 D.0",
         "src0 of dword_atomic.inc is not read and must be %null.0"},
        {"dword_atomic.cmpxchg (M1, 8) T6 A0.0 S.0 %null.0 D.0",
         "src1 of dword_atomic.cmpxchg must name a variable"},
        {"dword_atomic.xchg (M1, 8) T6 A0.0 S.0 S1.0 D.0",
         "src1 of dword_atomic.xchg is not read and must be %null.0, not V37.0"},
        {"dword_atomic.fsub (M1, 8) T6 A0.0 S.0 %null.0 D.0",
         "atomic op fsub of dword_atomic exists from XeHP on, not on Xe-LP"},
        {"gather4_scaled.R (M1, 8) T6 0x0:uw A0.0 D.0", "global offset type uw (2) is not ud or d"},
        {"gather_scaled.3 (M1, 8) T6 0x0:ud A0.0 D.0", "gather_scaled reads 1, 2 or 4 bytes"},
        {"gather4_typed.RGBX (M1, 8) T6 A0.0 A1.0 %null.0 %null.0 D.0", "'.RGBX' is not channels"},
        {"dword_atomic.nand (M1, 8) T6 A0.0 S.0 %null.0 D.0", "'nand' is not an atomic op"},
        {"dword_atomic.add.32 (M1, 8) T6 A0.0 S.0 %null.0 D.0", "the atomic's width (.16) 32"},
        {"scatter4_scaled.R (M1, 8) T6 0x0:ud A0.0", "expected the src operand"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tu_visa_kernel k;
        tu_error err = {0};
        tu_status st = parse_on(bad[i].line, TU_VISA_XE_LP, &k, &err);
        CHECK(st != TU_OK && strstr(err.message, bad[i].needle), "%s: %s", bad[i].line,
              err.message);
        if (st == TU_OK) tu_visa_kernel_free(&k);
    }
    /* the fields text cannot reach, through tu_visa_validate */
    tu_visa_kernel k;
    tu_error err = {0};
    CHECK(parse_on("gather_scaled.4 (M1, 16) T6 0x0:ud A0.0 D.0", TU_VISA_XE_LP, &k, &err) ==
          TU_OK);
    tu_visa_inst in = k.lines[0].inst;
    in.scale = 1;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "scale 1 of gather_scaled must be 0");
    in = k.lines[0].inst, in.block_size = 2;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "block size 2 of gather_scaled must be 0");
    in = k.lines[0].inst, in.num_blocks = 3;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "number of blocks 3 of gather_scaled is not 0, 1, 2");
    in = k.lines[0].inst, in.num_params = 2;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "gather_scaled has 1 raw operands before its destination, not 2");
    in = k.lines[0].inst, in.channels = 3;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "channel mask 3 is not a field of gather_scaled");
    in = k.lines[0].inst, in.atomic_op = 2;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "atomic op 2 is not a field of gather_scaled");
    in = k.lines[0].inst, in.pred = 0x1001;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "pred 0x1001 sets reserved bit 12");
    in = k.lines[0].inst, in.subop = 1;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "sub-op 1 is not a field of gather_scaled");
    in = k.lines[0].inst, in.emask = 16;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "emask 16 is not in 0..15");
    in = k.lines[0].inst, in.opcode = 0x79; /* scatter_scaled has no dst */
    in.num_params = 2;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "dst V38.0 is not a field of scatter_scaled and must be %null.0");
    tu_visa_kernel_free(&k);
    CHECK(parse_on("gather4_typed.RGBA (M1, 8) T6 A0.0 A1.0 %null.0 %null.0 D.0", TU_VISA_XE_LP, &k,
                   &err) == TU_OK);
    in = k.lines[0].inst, in.channels = 0;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "channel mask 0 enables no channel (gather4_typed)");
    in = k.lines[0].inst, in.global_offset.is_imm = true;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE_LP, &err), TU_INVALID_ARGUMENT, &err,
              "global offset is not a field of gather4_typed");
    CHECK(tu_visa_validate(&k.lines[0].inst, TU_VISA_XE2, &err) == TU_OK, "%s", err.message);
    in = k.lines[0].inst, in.exec_size = 16;
    CHECK(tu_visa_validate(&in, TU_VISA_XE2, &err) == TU_OK, "SIMD16 typed on Xe2: %s",
          err.message);
    tu_visa_kernel_free(&k);
}

/* --- execution ------------------------------------------------------------------------------ */

enum { BTI = 3 };

typedef struct machine {
    tu_visa_kernel k;
    tu_visa_state st;
    tu_visa_bindings b;
} machine;

static bool machine_load(machine *m, const char *line, tu_visa_platform p, tu_error *err) {
    memset(m, 0, sizeof *m);
    if (parse_on(line, p, &m->k, err) != TU_OK) return false;
    if (tu_visa_state_init(&m->st, &m->k, err) != TU_OK) {
        tu_visa_kernel_free(&m->k);
        return false;
    }
    m->st.handles[var_index(&m->k, "T6")] = BTI;
    return true;
}

static void machine_free(machine *m) {
    tu_visa_state_free(&m->st);
    tu_visa_kernel_free(&m->k);
}

static uint32_t *reg(machine *m, const char *name) {
    return (uint32_t *)(m->st.grf + m->k.vars[var_index(&m->k, name)].grf_offset);
}

/* The histogram of the issue: SIMD16 dword_atomic.inc, many lanes on one bin, through text. */
static void test_histogram_kernel(void) {
    machine m;
    tu_error err = {0};
    if (!CHECK(machine_load(&m, "dword_atomic.inc (M1, 16) T6 A0.0 %null.0 %null.0 D.0",
                            TU_VISA_XE_LP, &err),
               "%s", err.message))
        return;
    tu_image img = tu_test_image(TU_SURFACE_BUFFER, false, TU_FORMAT_R32_UINT, 8, 1, 1, 1, 1, 1);
    m.b.surfaces[BTI] = &img.surface;
    m.b.writable[BTI] = true;
    const uint32_t bins[16] = {0, 1, 1, 1, 2, 1, 1, 1, 1, 0, 1, 1, 7, 1, 1, 1};
    for (int l = 0; l < 16; l++)
        reg(&m, "A0")[l] = 4 * bins[l];
    CHECK(tu_visa_execute(&m.k, &m.st, &m.b, &err) == TU_OK, "%s", err.message);
    uint32_t count[8] = {0};
    for (int l = 0; l < 16; l++)
        CHECK(reg(&m, "D")[l] == count[bins[l]]++, "lane %d", l);
    for (int bin = 0; bin < 8; bin++)
        CHECK(((uint32_t *)img.memory)[bin] == count[bin], "bin %d", bin);
    CHECK_EQ_U(count[1], 12);
    /* the same kernel on a read-only binding is refused, and nothing changes */
    m.b.writable[BTI] = false;
    CHECK_ERR(tu_visa_execute(&m.k, &m.st, &m.b, &err), TU_INVALID_ARGUMENT, &err,
              "line 14: UNTYPED_ATOMIC writes, but the surface is bound read-only");
    CHECK_EQ_U(((uint32_t *)img.memory)[1], 12);
    machine_free(&m);
    /* SLM, stateless and 16-bit atomics are refused by name */
    CHECK(machine_load(&m, "dword_atomic.inc (M1, 16) %slm A0.0 %null.0 %null.0 D.0", TU_VISA_XE_LP,
                       &err));
    CHECK_ERR(tu_visa_execute(&m.k, &m.st, &m.b, &err), TU_UNSUPPORTED, &err,
              "dword_atomic on %slm: texunit has no shared local or stateless memory");
    machine_free(&m);
    CHECK(machine_load(&m, "dword_atomic.inc.16 (M1, 16) T6 A0.0 %null.0 %null.0 D.0",
                       TU_VISA_XE_LP, &err));
    m.b.surfaces[BTI] = &img.surface;
    CHECK_ERR(tu_visa_execute(&m.k, &m.st, &m.b, &err), TU_UNSUPPORTED, &err,
              "dword_atomic.inc.16 is a 16-bit atomic");
    machine_free(&m);
    /* a 16-bit operand variable is refused */
    CHECK(machine_load(&m, "dword_atomic.inc (M1, 16) T6 H.0 %null.0 %null.0 D.0", TU_VISA_XE_LP,
                       &err));
    m.b.surfaces[BTI] = &img.surface, m.b.writable[BTI] = true;
    CHECK_ERR(tu_visa_execute(&m.k, &m.st, &m.b, &err), TU_INVALID_ARGUMENT, &err,
              "the offsets operand H has type uw; the data port takes 32-bit elements");
    machine_free(&m);
    tu_image_free(&img);
}

static uint32_t rnd32(uint64_t *s) {
    return (uint32_t)tu_test_rand(s);
}

/* Random instructions: the GRF executor against the engine on a message assembled here. */
static void test_execution_matches_engine(void) {
    uint64_t seed = tu_test_seed(2026);
    unsigned runs = 0, refused = 0;
    static const tu_format typed_formats[] = {TU_FORMAT_R8G8B8A8_UNORM, TU_FORMAT_R16G16_SFLOAT,
                                              TU_FORMAT_R32G32B32A32_SINT, TU_FORMAT_R8_SNORM,
                                              TU_FORMAT_A2B10G10R10_UINT_PACK32};
    for (unsigned iter = 0; iter < 3000; iter++) {
        const tuL_dp_row *dp = &tuL_dp_rows[rnd32(&seed) % tuL_dp_row_count];
        const tu_visa_platform p = rnd32(&seed) & 1 ? TU_VISA_XE2 : TU_VISA_XE_LP;
        const uint8_t emask_bits = p == TU_VISA_XE2 ? dp->exec_xe2 : dp->exec_xe_lp;
        unsigned e;
        do
            e = rnd32(&seed) % 6;
        while (!(emask_bits >> e & 1));
        const uint32_t n = 1u << e;
        /* the suffix */
        char suffix[24];
        const tuL_atomic_row *a = NULL;
        uint32_t channels = 1 + rnd32(&seed) % 15, nblocks = rnd32(&seed) % 3;
        if (dp->suffix == TUL_SUFFIX_ATOMIC) {
            do
                a = &tuL_atomic_rows[rnd32(&seed) % tuL_atomic_row_count];
            while ((dp->typed && !a->typed) || (a->xe2_only && p != TU_VISA_XE2));
            snprintf(suffix, sizeof suffix, "%s", a->text);
        } else if (dp->suffix == TUL_SUFFIX_BLOCKS) {
            snprintf(suffix, sizeof suffix, "%u", 1u << nblocks);
        } else {
            size_t k = 0;
            for (int c = 0; c < 4; c++)
                if (channels >> c & 1) suffix[k++] = "RGBA"[c];
            suffix[k] = 0;
        }
        const unsigned emask = rnd32(&seed) % 16, pred = rnd32(&seed) % 3;
        char ops[160], line[256];
        size_t o = 0;
        const unsigned operands_read = a ? tu_atomic_describe((tu_atomic)a->atomic)->operands : 0;
        if (dp->scaled) o += (size_t)snprintf(ops + o, sizeof ops - o, " G(0,0)<0;1,0>");
        for (unsigned i = 0; i < dp->nraw; i++) {
            const tuL_param q = (tuL_param)dp->raw[i];
            const char *v = q == TUL_P_U || q == TUL_P_OFFSETS ? "A0.0"
                            : q == TUL_P_V                     ? "A1.0"
                            : q == TUL_P_R                     ? "A2.0"
                            : q == TUL_P_LOD                   ? (iter & 1 ? "A3.0" : "%null.0")
                            : q == TUL_P_SRC                   ? "S.0"
                            : q == TUL_P_SRC0 ? (operands_read >= 1 ? "S.0" : "%null.0")
                                              : (operands_read >= 2 ? "S1.0" : "%null.0");
            o += (size_t)snprintf(ops + o, sizeof ops - o, " %s", v);
        }
        if (dp->has_dst) snprintf(ops + o, sizeof ops - o, " D.0");
        snprintf(line, sizeof line, "%s%s.%s (M%u%s, %u) T6%s",
                 pred == 1   ? "(P1) "
                 : pred == 2 ? "(!P1) "
                             : "",
                 dp->mnemonic, suffix, 1 + (emask & 7), emask & 8 ? "_NM" : "", n, ops);
        machine m;
        tu_error err = {0};
        if (!CHECK(machine_load(&m, line, p, &err), "%s: %s", line, err.message)) continue;
        /* the surface: a typed 2D image, an R32 image for typed atomics, or a buffer */
        tu_format f = dp->typed ? typed_formats[rnd32(&seed) % 5] : TU_FORMAT_R32_UINT;
        if (dp->op == TU_DP_TYPED_ATOMIC) {
            const tu_atomic_kind kind =
                (tu_atomic_kind)tu_atomic_describe((tu_atomic)a->atomic)->kind;
            f = kind == TU_ATOMIC_KIND_INT || rnd32(&seed) & 1 ? TU_FORMAT_R32_SINT
                                                               : TU_FORMAT_R32_SFLOAT;
        }
        tu_image img = dp->typed ? tu_test_image(TU_SURFACE_2D, true, f, 6, 5, 1, 2, 2, 1)
                                 : tu_test_image(TU_SURFACE_BUFFER, false, f, 24, 1, 1, 1, 1, 1);
        for (size_t i = 0; i < img.surface.size; i++)
            ((uint8_t *)img.memory)[i] = (uint8_t)rnd32(&seed);
        if (a) /* small values, so that compares succeed and min/max both ways happen */
            for (size_t i = 0; i + 4 <= img.surface.size; i += 4)
                if (rnd32(&seed) & 1)
                    memset((uint8_t *)img.memory + i, 0, 4),
                        ((uint8_t *)img.memory)[i] = (uint8_t)(rnd32(&seed) % 4);
        uint8_t *memory = malloc(img.surface.size);
        memcpy(memory, img.memory, img.surface.size);
        m.b.surfaces[BTI] = &img.surface;
        m.b.writable[BTI] = rnd32(&seed) % 8 != 0;
        /* registers: random bits, addresses mostly inside and aligned */
        for (uint32_t i = 0; i < m.st.grf_bytes; i++)
            m.st.grf[i] = (uint8_t)rnd32(&seed);
        const uint32_t bytes = dp->suffix == TUL_SUFFIX_BLOCKS ? 1u << nblocks : 4;
        for (uint32_t l = 0; l < 32; l++) {
            reg(&m, "A0")[l] = dp->typed ? rnd32(&seed) % 8
                                         : (rnd32(&seed) % 30) * bytes + (rnd32(&seed) % 50 == 0);
            reg(&m, "A1")[l] = rnd32(&seed) % 7;
            reg(&m, "A2")[l] = rnd32(&seed) % 3;
            reg(&m, "A3")[l] = rnd32(&seed) % 3;
            if (a && rnd32(&seed) & 1) reg(&m, "S")[l] = rnd32(&seed) % 4;
            if (a && rnd32(&seed) & 1) reg(&m, "S1")[l] = rnd32(&seed) % 4;
        }
        reg(&m, "G")[0] = (rnd32(&seed) % 3) * 4;
        m.st.pred_bits[var_index(&m.k, "P1")] = rnd32(&seed);
        m.st.dispatch_mask = rnd32(&seed) | rnd32(&seed);
        uint8_t *grf_before = malloc(m.st.grf_bytes);
        memcpy(grf_before, m.st.grf, m.st.grf_bytes);
        const tu_status got = tu_visa_execute(&m.k, &m.st, &m.b, &err);

        /* the expected: the lane mask by vISA spec, "Operands", "Predication", the message by
         * the data layout of GATHER4_TYPED and GATHER4_SCALED, "Semantics" */
        const uint32_t all = n == 32 ? 0xffffffffu : (1u << n) - 1, moff = 4 * (emask & 7);
        uint32_t lanes = emask & 8 ? all : (uint32_t)((uint64_t)m.st.dispatch_mask >> moff) & all;
        uint32_t pbits = (uint32_t)((uint64_t)m.st.pred_bits[var_index(&m.k, "P1")] >> moff) & all;
        if (pred == 1) lanes &= pbits;
        if (pred == 2) lanes &= ~pbits & all;
        const uint32_t grf = tu_visa_grf_bytes(p), pitch = n > grf / 4 ? n : grf / 4;
        const uint32_t *R = (const uint32_t *)grf_before;
#define REG0(name) (R + m.k.vars[var_index(&m.k, name)].grf_offset / 4)
        tu_dp_msg *msg = calloc(1, sizeof *msg);
        msg->op = (tu_dp_op)dp->op, msg->simd = n, msg->lane_mask = lanes;
        msg->channel_mask = dp->suffix == TUL_SUFFIX_CHANNELS ? channels : 1;
        msg->bytes = bytes;
        msg->atomic = a ? a->atomic : 0;
        for (uint32_t l = 0; l < n; l++) {
            if (dp->typed) {
                msg->addr[0].u[l] = REG0("A0")[l], msg->addr[1].u[l] = REG0("A1")[l];
                msg->addr[2].u[l] = REG0("A2")[l];
                msg->addr[3].u[l] = iter & 1 ? REG0("A3")[l] : 0;
            } else {
                msg->addr[0].u[l] = (dp->scaled ? REG0("G")[0] : 0) + REG0("A0")[l];
            }
            if (a) { /* vISA cmpxchg is (new, compare): the engine takes (compare, new) */
                const uint32_t s0 = operands_read >= 1 ? REG0("S")[l] : 0,
                               s1 = operands_read >= 2 ? REG0("S1")[l] : 0;
                msg->data[0].u[l] = a->swap ? s1 : s0;
                msg->data[1].u[l] = a->swap ? s0 : s1;
            } else {
                for (uint32_t c = 0, slot = 0; c < 4; c++)
                    if (msg->channel_mask >> c & 1)
                        msg->data[c].u[l] = REG0("S")[pitch * slot++ + l];
            }
        }
        tu_reply *r = calloc(1, sizeof *r);
        uint8_t *after = malloc(img.surface.size);
        memcpy(after, memory, img.surface.size);
        tu_error derr = {0};
        tu_status want = TU_OK;
        if (lanes) { /* no enabled lane: the instruction does nothing */
            tu_surface s = img.surface;
            s.data = after;
            const uint32_t access =
                TU_DP_ACCESS_READ | (m.b.writable[BTI] ? TU_DP_ACCESS_WRITE : 0);
            want = tu_dp_execute(msg, &s, access, r, &derr);
        }
        CHECK(got == want, "%s: %s / %s", line, err.message, derr.message);
        /* the memory after, and the GRF file: the destination's returned lanes and nothing else */
        CHECK(memcmp(img.memory, after, img.surface.size) == 0, "%s: memory differs", line);
        if (want == TU_OK && lanes && dp->has_dst) {
            uint32_t *D = (uint32_t *)(grf_before + m.k.vars[var_index(&m.k, "D")].grf_offset);
            const uint32_t out = a ? 1 : msg->channel_mask;
            for (uint32_t c = 0, slot = 0; c < 4; c++) {
                if (!(out >> c & 1)) continue;
                for (uint32_t l = 0; l < n; l++)
                    if (lanes >> l & 1) D[pitch * slot + l] = r->channel[c].u[l];
                slot++;
            }
        }
        CHECK(memcmp(m.st.grf, grf_before, m.st.grf_bytes) == 0, "%s: registers differ", line);
        if (got != TU_OK) refused++;
        runs++;
        free(after);
        free(r);
        free(msg);
        free(grf_before);
        free(memory);
        machine_free(&m);
        tu_image_free(&img);
#undef REG0
    }
    CHECK(runs == 3000 && refused < runs / 3, "%u runs, %u refused", runs, refused);
}

/* --- LSC ------------------------------------------------------------------------------------ */

/* LSC lines in IGC's text and their canonical print. */
static void test_lsc_text(void) {
    static const struct {
        const char *in, *canonical;
    } lines[] = {
        {"(P1) lsc_load_quad.tgm (M1, 16)  D:d32.xw  bti(0x7B)[A0,A1,A2,A3]:a32",
         "(P1) lsc_load_quad.tgm (M1, 16)  D:d32.xw  bti(0x7B)[A0,A1,A2,A3]:a32"},
        /* IGC stops the typed coordinates at the first %null; their offsets are decimal */
        {"lsc_store_quad.tgm (M1, 16) bti(0x7b)[A0,A1]:a32 S:d32.xyzw",
         "lsc_store_quad.tgm (M1, 16)  bti(0x7B)[A0,A1]:a32  S:d32.xyzw"},
        {"lsc_atomic_iinc.tgm (M1, 8) D:d32 bti(0x0)[A0+0x1,A1-0x2]:a32 %null %null",
         "lsc_atomic_iinc.tgm (M1, 8)  D:d32  bti(0x0)[A0+1,A1-2]:a32  %null  %null"},
        {"lsc_load.ugm.uc.uc (M1, 32) D:d32x4 bti(3)[0x4*A0-0x10]:a32",
         "lsc_load.ugm.uc.uc (M1, 32)  D:d32x4  bti(0x3)[0x4*A0-0x10]:a32"},
        {"lsc_load.ugm.ca.df (M1, 16) D.64:d32x1 bti(0x3)[A0]:a32",
         "lsc_load.ugm.ca.df (M1, 16)  D.64:d32  bti(0x3)[A0]:a32"},
        /* a surface variable as CISA.y's LscVectorOpReg reads it (and texunit's older form) */
        {"lsc_store.ugm (M1, 16) bss(G(0,0)<0;1,0>)[A0+0x100]:a32 S:d16u32",
         "lsc_store.ugm (M1, 16)  bss(G)[A0+0x100]:a32  S:d16u32"},
        {"lsc_store.ugm (M1, 16) bss(G)[A0+0x100]:a32 S:d16u32",
         "lsc_store.ugm (M1, 16)  bss(G)[A0+0x100]:a32  S:d16u32"},
        {"lsc_load.ugm (M1, 16) D:u32 bti(G.1)[A0]:a32",
         "lsc_load.ugm (M1, 16)  D:d32  bti(G(0,1))[A0]:a32"},
        {"lsc_load.ugm.ca.cc (M1, 16) D:d32 [A0]:a64",
         "lsc_load.ugm.ca.cc (M1, 16)  D:d32  flat[A0]:a64"},
        {"lsc_atomic_bfadd.ugm (M1, 16) D:d16u32 bti(0x3)[A0]:a32 S %null",
         "lsc_atomic_bfadd.ugm (M1, 16)  D:d16u32  bti(0x3)[A0]:a32  S  %null"},
        {"lsc_atomic_bfcas.slm (M1, 16) D:d16u32 flat[A0]:a32 S S1",
         "lsc_atomic_bfcas.slm (M1, 16)  D:d16u32  flat[A0]:a32  S  S1"},
        {"lsc_load_strided.ugm (M1, 16) D:d32x2 flat[A0+0x40, 0x20]:a64",
         "lsc_load_strided.ugm (M1, 16)  D:d32x2  flat[A0+0x40, 0x20]:a64"},
        {"lsc_store_strided.ugm (M1, 16) flat[A0, G]:a64 S:d32",
         "lsc_store_strided.ugm (M1, 16)  flat[A0, G]:a64  S:d32"},
        {"lsc_fence.ugm.evict.gpu", "lsc_fence.ugm.evict.gpu"},
        {"lsc_fence.tgm.none.group", "lsc_fence.tgm.none.group"},
        {"lsc_load_block2d.ugm.uc.ca (M1, 1) D:d16.2x8x2nt flat[G,0x3F,0x1F,0x3F,G(0,1),0x0]",
         "lsc_load_block2d.ugm.uc.ca (M1, 1)  D:d16.2x8x2nt  flat[G,0x3F,0x1F,0x3F,G(0,1),0x0]"},
        {"lsc_store_block2d.ugm (M1, 1) flat[G,G,G,G,G,G] S:d32.8x2tn",
         "lsc_store_block2d.ugm (M1, 1)  flat[G,G,G,G,G,G]  S:d32.8x2tn"},
        {"lsc_load_block2d.tgm D:16x4 bti(0x7)[G,G(0,1)-2]",
         "lsc_load_block2d.tgm  D:16x4  bti(0x7)[G,G(0,1)-2]"},
        {"lsc_store_block2d.tgm.uc.wb bss(G)[0x10,0x4] S:8x8",
         "lsc_store_block2d.tgm.uc.wb  bss(G)[0x10,0x4]  S:8x8"},
        {"lsc_atomic_icas.ugm (M5, 16) D:d32 bti(0x3)[A0]:a32 S S1",
         "lsc_atomic_icas.ugm (M5, 16)  D:d32  bti(0x3)[A0]:a32  S  S1"},
        {"lsc_load.slm (M1_NM, 1) D:d32x64t flat[A0]:a64",
         "lsc_load.slm (M1_NM, 1)  D:d32x64t  flat[A0]:a64"},
        {"lsc_atomic_fadd.ugml.uc.wb (M1, 32) %null:d32 ss(0x40)[A0]:a32 S %null",
         "lsc_atomic_fadd.ugml.uc.wb (M1, 32)  %null:d32  ss(0x40)[A0]:a32  S  %null"},
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        tu_visa_kernel k, k2;
        tu_error err = {0};
        if (!CHECK(parse_on(lines[i].in, TU_VISA_XE2, &k, &err) == TU_OK, "%s: %s", lines[i].in,
                   err.message))
            continue;
        char printed[256];
        tu_visa_print_inst(&k, &k.lines[0].inst, printed, sizeof printed);
        CHECK(strcmp(printed, lines[i].canonical) == 0, "'%s' printed '%s'", lines[i].in, printed);
        CHECK(parse_on(printed, TU_VISA_XE2, &k2, &err) == TU_OK, "%s: %s", printed, err.message);
        CHECK(memcmp(&k.lines[0].inst, &k2.lines[0].inst, sizeof(tu_visa_inst)) == 0, "%s",
              printed);
        /* binary: decode(encode(x)) == x, up to the variable operand's type the binary lacks */
        uint8_t buf[128];
        size_t n, used;
        tu_visa_inst in;
        CHECK(tu_visa_encode(&k.lines[0].inst, buf, sizeof buf, &n, &err) == TU_OK, "%s",
              err.message);
        CHECK(tu_visa_decode(buf, n, TU_VISA_XE2, &in, &used, &err) == TU_OK && used == n, "%s: %s",
              printed, err.message);
        CHECK(memcmp(&in, &k.lines[0].inst, sizeof in) == 0, "%s: binary round trip", printed);
        for (size_t cut = 0; cut < n; cut += 3)
            CHECK(tu_visa_decode(buf, cut, TU_VISA_XE2, &in, &used, &err) == TU_PARSE_ERROR,
                  "cut %zu", cut);
        tu_visa_kernel_free(&k);
        tu_visa_kernel_free(&k2);
    }
}

/* The bytes of an LSC_TYPED atomic, in IGC ByteCodeReaderNG.cpp readInstructionLscTyped's order. */
static void test_lsc_binary(void) {
    tu_visa_kernel k;
    tu_error err = {0};
    CHECK(parse_on("(P1) lsc_atomic_icas.tgm.uc.wb (M1, 16) D:d32 bti(0x7)[A0-0x3,A1]:a32 S S1",
                   TU_VISA_XE2, &k, &err) == TU_OK,
          "%s", err.message);
    const uint32_t A0 = 32, A1 = 33, S = 36, S1 = 37, D = 38;
    byte_buf want = {{0}, 0};
    b_put(&want, 0x8A, 1);
    b_put(&want, 0x12, 1);                  /* icas */
    b_put(&want, 4, 1);                     /* exec 16, M1 */
    b_put(&want, 1, 2);                     /* (P1) */
    b_put(&want, 1, 1), b_put(&want, 3, 1); /* .uc.wb */
    b_put(&want, 4, 1), b_put(&want, 2, 1); /* bti, a32 */
    b_put(&want, 3, 1), b_put(&want, 1, 1), b_put(&want, 1, 1), b_put(&want, 1, 1); /* d32 x1 */
    b_put(&want, 5, 1), b_put(&want, TU_VISA_UD, 1), b_put(&want, 7, 4); /* surface 0x7:ud */
    b_put(&want, 0, 4);                                                  /* surface-state index */
    b_raw(&want, D, 0);
    b_raw(&want, A0, 0), b_put(&want, (uint32_t)-3, 4);
    b_raw(&want, A1, 0), b_put(&want, 0, 4);
    b_raw(&want, 0, 0), b_put(&want, 0, 4);
    b_raw(&want, 0, 0);
    b_raw(&want, S, 0), b_raw(&want, S1, 0);
    uint8_t got[128];
    size_t n;
    CHECK(tu_visa_encode(&k.lines[0].inst, got, sizeof got, &n, &err) == TU_OK, "%s", err.message);
    CHECK(n == want.n && memcmp(got, want.b, n) == 0, "lsc typed: %zu bytes, want %zu", n, want.n);
    /* decode refusals */
    tu_visa_inst in;
    uint8_t bad[128];
    memcpy(bad, got, n);
    bad[1] = 0x1B;
    CHECK_ERR(tu_visa_decode(bad, n, TU_VISA_XE2, &in, NULL, &err), TU_UNSUPPORTED, &err,
              "LSC op 0x1B (lsc_load_status) is not one texunit decodes");
    bad[1] = 0x1F;
    CHECK_ERR(tu_visa_decode(bad, n, TU_VISA_XE2, &in, NULL, &err), TU_PARSE_ERROR, &err,
              "LSC op 0x1F is the fence, which is opcode 0x8B");
    bad[1] = 0x20;
    CHECK_ERR(tu_visa_decode(bad, n, TU_VISA_XE2, &in, NULL, &err), TU_PARSE_ERROR, &err,
              "LSC op 0x20 is not an LSC operation");
    CHECK_ERR(tu_visa_decode(got, n, TU_VISA_XE_LP, &in, NULL, &err), TU_UNSUPPORTED, &err,
              "LSC messages exist from DG2 on");
    memcpy(bad, got, n), bad[11] = 2;
    CHECK_ERR(tu_visa_decode(bad, n, TU_VISA_XE2, &in, NULL, &err), TU_PARSE_ERROR, &err,
              "elements byte 2 and channel mask byte 1 of lsc_atomic_icas.tgm differ");
    memcpy(bad, got, n), bad[6] = 8;
    CHECK_ERR(tu_visa_decode(bad, n, TU_VISA_XE2, &in, NULL, &err), TU_PARSE_ERROR, &err,
              "caching 1/0/8 of lsc_atomic_icas.tgm is not in 0..7");
    memcpy(bad, got, n), bad[6] = 7;
    CHECK_ERR(tu_visa_decode(bad, n, TU_VISA_XE2, &in, NULL, &err), TU_PARSE_ERROR, &err,
              "caching .uc.cc of lsc_atomic_icas.tgm: .cc is the L3 option of loads");
    memcpy(bad, got, n), bad[7] = 1;
    CHECK_ERR(tu_visa_decode(bad, n, TU_VISA_XE2, &in, NULL, &err), TU_PARSE_ERROR, &err,
              "address type 1 of lsc_atomic_icas.tgm is not bss (2), ss (3) or bti (4)");
    tu_visa_kernel_free(&k);
}

static void test_lsc_validation(void) {
    static const struct {
        const char *line;
        tu_visa_platform p;
        const char *needle;
    } bad[] = {
        {"lsc_load.ugm (M1, 16) D:d32 bti(0x3)[A0]:a32", TU_VISA_XE_LP,
         "lsc_load.ugm: LSC messages exist from DG2 on"},
        {"lsc_load.tgm (M1, 16) D:d32 bti(0x3)[A0]:a32", TU_VISA_XE2,
         "lsc_load.tgm has no typed (.tgm) form"},
        {"lsc_load_quad.tgm (M1, 32) D:d32.x bti(0x3)[A0]:a32", TU_VISA_XE2,
         "exec size 32 of lsc_load_quad.tgm is not a power of two up to 16"},
        {"lsc_load.ugm (M1, 16) D:d32x4t bti(0x3)[A0]:a32", TU_VISA_XE2,
         "a transposed message is SIMD1"},
        {"lsc_load.slm.uc.uc (M1, 16) D:d32 flat[A0]:a32", TU_VISA_XE2,
         "SLM accesses take the default"},
        {"lsc_atomic_iadd.ugm (M1, 16) D:d32 bti(0x3)[A0]:a32 %null %null", TU_VISA_XE2,
         "src1 of lsc_atomic_iadd.ugm must name a variable"},
        {"lsc_atomic_iinc.ugm (M1, 16) D:d32 bti(0x3)[A0]:a32 S %null", TU_VISA_XE2,
         "src1 of lsc_atomic_iinc.ugm is not read and must be %null"},
        {"lsc_atomic_iadd.ugm (M1, 16) D:d32x2 bti(0x3)[A0]:a32 S %null", TU_VISA_XE2,
         "takes one element per address"},
        {"lsc_load.ugm (M1, 16) D:d24 bti(0x3)[A0]:a32", TU_VISA_XE2, "'d24' is not a data shape"},
        {"lsc_load.ugm (M1, 16) D:d32x5 bti(0x3)[A0]:a32", TU_VISA_XE2,
         "'d32x5' is not a data shape"},
        {"lsc_load.ugm (M1, 16) D:d32 bti(0x100)[A0]:a32", TU_VISA_XE2,
         "binding-table index 256 of lsc_load.ugm is not in 0..255"},
        {"lsc_load.ugm (M1, 16) D:d32 flat[0*A0]:a32", TU_VISA_XE2, "the address scale 0"},
        {"lsc_load.xgm (M1, 16) D:d32 flat[A0]:a32", TU_VISA_XE2, "'xgm' is not an LSC SFID"},
        {"lsc_load_quad.ugm (M1, 16) D:d32.yx bti(0x3)[A0]:a32", TU_VISA_XE2,
         "'.yx' is not channels"},
        {"lsc_load.ugm.ca.xx (M1, 16) D:d32 bti(0x3)[A0]:a32", TU_VISA_XE2,
         "'xx' is not a caching option"},
        {"lsc_load_status.ugm (M1, 16) D:d32 bti(0x3)[A0]:a32", TU_VISA_XE2,
         "lsc_load_status is an LSC operation texunit does not execute"},
        {"lsc_read_state_info.tgm D bti(0x4)[A0]", TU_VISA_XE2,
         "lsc_read_state_info is an LSC operation texunit does not execute"},
        {"lsc_load_block2d.ugm (M1, 1) D:d32 flat[A0]:a64", TU_VISA_XE2,
         "expected '.' and the block after a 2D block's data size"},
        {"lsc_fence.ugm (M1, 1)", TU_VISA_XE2, "expected '.' and a fence operation"},
        {"lsc_fence.ugm.evict", TU_VISA_XE2, "a fence scope"},
        {"lsc_fence.ugm.flush.gpu", TU_VISA_XE2, "'flush' is not a fence operation"},
        {"lsc_load.ugm.ca (M1, 16) D:d32 bti(0x3)[A0]:a32", TU_VISA_XE2, "one caching option"},
        {"lsc_store.ugm.uc.cc (M1, 16) bti(0x3)[A0]:a32 S:d32", TU_VISA_XE2,
         ".cc is the L3 option of loads"},
        {"lsc_atomic_bfadd.tgm (M1, 16) D:d16u32 bti(0x3)[A0]:a32 S %null", TU_VISA_XE2,
         "lsc_atomic_bfadd.tgm has no typed (.tgm) form"},
        {"lsc_load_block2d.ugm (M1, 1) D:d32.8x2tt flat[G,G,G,G,G,G]", TU_VISA_XE2,
         "both transposed and VNNI-packed"},
        {"lsc_load_block2d.ugm (M1, 1) D:d32.5x8x2nn flat[G,G,G,G,G,G]", TU_VISA_XE2,
         "5 blocks of lsc_load_block2d.ugm"},
        {"lsc_load_block2d.ugm (M1, 16) D:d32.8x2nn flat[G,G,G,G,G,G]", TU_VISA_XE2,
         "it is (M1, 1)"},
        /* Xe3P's efficient 64-bit addressing: read, then refused by name */
        {"lsc_load.ugm.uc.uc.uc (M1, 16) D:d32 flat[A0]:a64", TU_VISA_XE2,
         "three-level caching .uc.uc.uc of lsc_load.ugm is Xe3P's efficient 64-bit addressing: "
         "outside texunit's targets"},
        {"lsc_load.ugm (M1, 16) D:d32 surf(G)[A0]:a32u", TU_VISA_XE2,
         "the surf(...) address model of lsc_load.ugm is Xe3P's"},
        {"lsc_load.ugm (M1, 16) D:d32 flat[A0]:a32s", TU_VISA_XE2, "the address size :a32s"},
        {"lsc_load.ugm (M1, 16) D:d32 flat(G)[A0]:a64", TU_VISA_XE2,
         "a base in flat(...) of lsc_load.ugm is Xe3P's"},
        {"lsc_load.ugm (M1, 16) D:d32 bti(0x3)[A0]:a48", TU_VISA_XE2,
         "'a48' is not an address size"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tu_visa_kernel k;
        tu_error err = {0};
        const tu_status st = parse_on(bad[i].line, bad[i].p, &k, &err);
        CHECK(st != TU_OK && strstr(err.message, bad[i].needle), "%s: %s", bad[i].line,
              err.message);
        if (st == TU_OK) tu_visa_kernel_free(&k);
    }
    /* fields the text cannot reach */
    tu_visa_kernel k;
    tu_error err = {0};
    CHECK(parse_on("lsc_store.ugm (M1, 16) bti(0x3)[A0]:a32 S:d32", TU_VISA_XE2, &k, &err) ==
          TU_OK);
    tu_visa_inst in = k.lines[0].inst;
    in.dst.id = 38;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
              "lsc_store.ugm returns nothing: its destination must be %null, not V38");
    in = k.lines[0].inst, in.lsc.ss_index = 1;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
              "surface-state index 1 of lsc_store.ugm must be 0");
    in = k.lines[0].inst, in.lsc.surface.type = TU_VISA_F;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
              "surface immediate type f (7) of lsc_store.ugm is not ud or d");
    in = k.lines[0].inst, in.subop = 0x1F;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
              "the fence is opcode 0x8B (LSC_FENCE) and only it");
    in = k.lines[0].inst, in.lsc.stride.is_imm = true, in.lsc.stride.imm = 4;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
              "carries LSC fields of another form (the pitch)");
    in = k.lines[0].inst, in.lsc.fence_op = 1;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
              "carries LSC fields of another form (the fence's)");
    in = k.lines[0].inst, in.lsc.block_width = 4;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
              "carries LSC fields of another form (the 2D block's)");
    {
        tu_visa_kernel f;
        CHECK(parse_on("lsc_fence.slm.clean.sysrel", TU_VISA_XE2, &f, &err) == TU_OK, "%s",
              err.message);
        tu_visa_inst fi = f.lines[0].inst;
        fi.subop = 0;
        CHECK_ERR(tu_visa_validate(&fi, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
                  "sub-op 0x00 of LSC_FENCE is not the fence's (0x1F)");
        fi = f.lines[0].inst, fi.lsc.scope = 7;
        CHECK_ERR(tu_visa_validate(&fi, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
                  "fence scope 7 of lsc_fence.slm is not 0..6");
        fi = f.lines[0].inst, fi.lsc.fence_op = 7;
        CHECK_ERR(tu_visa_validate(&fi, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
                  "fence op 7 of lsc_fence.slm is not 0..6");
        fi = f.lines[0].inst, fi.lsc.l1 = 1;
        CHECK_ERR(tu_visa_validate(&fi, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
                  "carries LSC fields of another form");
        fi = f.lines[0].inst, fi.exec_size = 16;
        CHECK_ERR(tu_visa_validate(&fi, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
                  "it is (M1_NM, 1)");
        CHECK_ERR(tu_visa_validate(&f.lines[0].inst, TU_VISA_XE_LP, &err), TU_UNSUPPORTED, &err,
                  "LSC messages exist from DG2 on");
        tu_visa_kernel_free(&f);
    }
    in = k.lines[0].inst, in.lsc.sfid = 2;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
              "LSC SFID 2 of lsc_store.tgm is not 0 (ugm), 1 (ugml) or 3 (slm): tgm is");
    in = k.lines[0].inst, in.lsc.coord_offset[1] = 4;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
              "coordinate offset 4 is not a field of lsc_store.ugm");
    in = k.lines[0].inst, in.surface = 6;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
              "surface index 6 is not a field of lsc_store.ugm");
    in = k.lines[0].inst, in.lsc.data_order = 3;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
              "data order 3 of lsc_store.ugm is not 1");
    in = k.lines[0].inst, in.lsc.addr_size = 0;
    CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err,
              "address size 0 of lsc_store.ugm is not 1..3");
    tu_visa_kernel_free(&k);
    /* LSC fields on a legacy instruction are refused */
    CHECK(parse_on("gather4_scaled.R (M1, 8) T6 0x0:ud A0.0 D.0", TU_VISA_XE2, &k, &err) == TU_OK);
    /* every LSC member, one at a time (the check reads them member by member, not the
     * struct's bytes, whose padding a caller need not clear) */
#define LSC_FIELD_REFUSED(assignment)                                                  \
    do {                                                                               \
        in = k.lines[0].inst, assignment;                                              \
        CHECK_ERR(tu_visa_validate(&in, TU_VISA_XE2, &err), TU_INVALID_ARGUMENT, &err, \
                  "LSC fields are set, but gather4_scaled is not an LSC instruction"); \
    } while (0)
    LSC_FIELD_REFUSED(in.lsc.sfid = 1);
    LSC_FIELD_REFUSED(in.lsc.l1 = 1);
    LSC_FIELD_REFUSED(in.lsc.l2 = 1);
    LSC_FIELD_REFUSED(in.lsc.l3 = 1);
    LSC_FIELD_REFUSED(in.lsc.three_level = true);
    LSC_FIELD_REFUSED(in.lsc.addr_type = 1);
    LSC_FIELD_REFUSED(in.lsc.addr_size = 2);
    LSC_FIELD_REFUSED(in.lsc.scale = 1);
    LSC_FIELD_REFUSED(in.lsc.offset = -4);
    LSC_FIELD_REFUSED(in.lsc.data_size = 3);
    LSC_FIELD_REFUSED(in.lsc.data_order = 1);
    LSC_FIELD_REFUSED(in.lsc.elems = 1);
    LSC_FIELD_REFUSED(in.lsc.chmask = 1);
    LSC_FIELD_REFUSED(in.lsc.surface.id = 40);
    LSC_FIELD_REFUSED(in.lsc.surface.is_imm = true);
    LSC_FIELD_REFUSED(in.lsc.ss_index = 1);
    LSC_FIELD_REFUSED(in.lsc.stride.imm = 16);
    LSC_FIELD_REFUSED(in.lsc.fence_op = 1);
    LSC_FIELD_REFUSED(in.lsc.scope = 1);
    LSC_FIELD_REFUSED(in.lsc.blocks = 1);
    LSC_FIELD_REFUSED(in.lsc.vnni = true);
    LSC_FIELD_REFUSED(in.lsc.block_width = 8);
    LSC_FIELD_REFUSED(in.lsc.block_height = 8);
    LSC_FIELD_REFUSED(in.lsc.block_payload = true);
    for (int c = 0; c < 3; c++)
        LSC_FIELD_REFUSED(in.lsc.coord_offset[c] = 1);
    for (int b = 0; b < 6; b++)
        LSC_FIELD_REFUSED(in.lsc.block[b].region = 0x0121);
    for (int b = 0; b < 2; b++)
        LSC_FIELD_REFUSED(in.lsc.block_offset[b] = 2);
#undef LSC_FIELD_REFUSED
    tu_visa_kernel_free(&k);
}

/* Random LSC instructions on Xe2: the executor against the engine on a message assembled here
 * from the registers by vISA spec, LSC_UNTYPED's semantics (component v of lane n at register
 * block v, element n; address = scale * src0 + offset; typed U, V, R plus their offsets). */
static void test_lsc_execution_matches_engine(void) {
    uint64_t seed = tu_test_seed(4242);
    static const char *const ops[] = {"load",        "store",       "load_quad",   "store_quad",
                                      "atomic_iinc", "atomic_iadd", "atomic_icas", "atomic_umax",
                                      "atomic_fadd", "atomic_fcas", "atomic_load", "atomic_store",
                                      "atomic_xor",  "atomic_smin"};
    unsigned runs = 0;
    for (unsigned iter = 0; iter < 1500; iter++) {
        const tuL_lsc_row *row = tuL_lsc_by_name(ops[rnd32(&seed) % 14]);
        const bool typed = row->typed && rnd32(&seed) % 2;
        const uint32_t n = 1u << (rnd32(&seed) % (typed ? 5 : 6));
        const bool quad = row->kind == TUL_LSC_LOAD_QUAD || row->kind == TUL_LSC_STORE_QUAD;
        const bool store = row->kind == TUL_LSC_STORE || row->kind == TUL_LSC_STORE_QUAD;
        const bool atomic = row->kind == TUL_LSC_ATOMIC;
        const unsigned operands = atomic ? tu_atomic_describe((tu_atomic)row->atomic)->operands : 0;
        const uint32_t chmask = 1 + rnd32(&seed) % 15, elems = 1 + rnd32(&seed) % 4;
        const uint32_t narrow = !quad && !atomic ? rnd32(&seed) % 4 : 0; /* 1 d8u32, 2 d16u32 */
        char data[24], addr[96], line[256];
        if (quad) {
            size_t k = 0;
            data[k++] = ':', data[k++] = 'd', data[k++] = '3', data[k++] = '2', data[k++] = '.';
            for (int c = 0; c < 4; c++)
                if (chmask >> c & 1) data[k++] = "xyzw"[c];
            data[k] = 0;
        } else if (narrow == 1 || narrow == 2) {
            snprintf(data, sizeof data, ":%s", narrow == 1 ? "d8u32" : "d16u32");
        } else {
            snprintf(data, sizeof data, ":d32x%u", atomic ? 1 : elems);
        }
        const uint32_t scale = rnd32(&seed) % 3 ? 1 : 4, offset = (rnd32(&seed) % 3) * 4;
        if (typed)
            snprintf(addr, sizeof addr, "bti(0x3)[A0%s,A1,A2,%s]:a32", iter % 3 ? "" : "+0x1",
                     iter & 1 ? "A3" : "%null");
        else
            snprintf(addr, sizeof addr, "bti(0x3)[0x%x*A0+0x%x]:a32", scale, offset);
        const char *pred = iter % 3 == 0 ? "(P1) " : "";
        if (store)
            snprintf(line, sizeof line, "%slsc_%s.%s (M1, %u) %s S%s", pred, row->name,
                     typed ? "tgm" : "ugm", n, addr, data);
        else
            snprintf(line, sizeof line, "%slsc_%s.%s (M1, %u) D%s %s%s%s", pred, row->name,
                     typed ? "tgm" : "ugm", n, data, addr,
                     atomic ? (operands >= 1 ? " S" : " %null") : "",
                     atomic ? (operands >= 2 ? " S1" : " %null") : "");
        machine m;
        tu_error err = {0};
        if (!CHECK(machine_load(&m, line, TU_VISA_XE2, &err), "%s: %s", line, err.message))
            continue;
        const tu_format f =
            !atomic && typed ? TU_FORMAT_R16G16B16A16_UNORM
            : typed && row->atomic >= TU_ATOMIC_FMAX && row->atomic <= TU_ATOMIC_FSUB
                ? TU_FORMAT_R32_SFLOAT
            : typed ? TU_FORMAT_R32_UINT
                    : TU_FORMAT_R32_UINT;
        tu_image img = typed ? tu_test_image(TU_SURFACE_2D, true, f, 5, 4, 1, 2, 2, 1)
                             : tu_test_image(TU_SURFACE_BUFFER, false, f, 40, 1, 1, 1, 1, 1);
        for (size_t i = 0; i < img.surface.size; i++)
            ((uint8_t *)img.memory)[i] =
                (uint8_t)(rnd32(&seed) % 4 ? rnd32(&seed) % 3 : rnd32(&seed));
        uint8_t *memory = malloc(img.surface.size);
        memcpy(memory, img.memory, img.surface.size);
        m.b.surfaces[3] = &img.surface;
        m.b.writable[3] = rnd32(&seed) % 8 != 0;
        for (uint32_t i = 0; i < m.st.grf_bytes; i++)
            m.st.grf[i] = (uint8_t)rnd32(&seed);
        const uint32_t align = narrow == 1 ? 1 : narrow == 2 ? 2 : 4;
        for (uint32_t l = 0; l < 32; l++) {
            reg(&m, "A0")[l] = typed ? rnd32(&seed) % 7 : (rnd32(&seed) % 45) * align / scale;
            reg(&m, "A1")[l] = rnd32(&seed) % 5, reg(&m, "A2")[l] = rnd32(&seed) % 3;
            reg(&m, "A3")[l] = rnd32(&seed) % 3;
            if (rnd32(&seed) & 1) reg(&m, "S")[l] = rnd32(&seed) % 3;
            if (rnd32(&seed) & 1) reg(&m, "S1")[l] = rnd32(&seed) % 3;
        }
        m.st.pred_bits[var_index(&m.k, "P1")] = rnd32(&seed);
        m.st.dispatch_mask = rnd32(&seed) | rnd32(&seed);
        uint8_t *grf_before = malloc(m.st.grf_bytes);
        memcpy(grf_before, m.st.grf, m.st.grf_bytes);
        const tu_status got = tu_visa_execute(&m.k, &m.st, &m.b, &err);

        const uint32_t all = n == 32 ? 0xffffffffu : (1u << n) - 1;
        uint32_t lanes = m.st.dispatch_mask & all;
        if (*pred) lanes &= m.st.pred_bits[var_index(&m.k, "P1")];
        const uint32_t grf = 64, pitch = n > grf / 4 ? n : grf / 4;
        const uint32_t *R = (const uint32_t *)grf_before;
#define REG0(name) (R + m.k.vars[var_index(&m.k, name)].grf_offset / 4)
        tu_dp_msg *msg = calloc(1, sizeof *msg);
        const uint32_t channels = quad                                   ? chmask
                                  : atomic || narrow == 1 || narrow == 2 ? 1
                                                                         : (1u << elems) - 1;
        msg->op = typed    ? (atomic                           ? TU_DP_TYPED_ATOMIC
                              : row->kind == TUL_LSC_LOAD_QUAD ? TU_DP_TYPED_READ
                                                               : TU_DP_TYPED_WRITE)
                  : atomic ? TU_DP_UNTYPED_ATOMIC
                  : narrow == 1 || narrow == 2
                      ? (store ? TU_DP_SCATTERED_WRITE : TU_DP_SCATTERED_READ)
                  : store ? TU_DP_UNTYPED_WRITE
                          : TU_DP_UNTYPED_READ;
        msg->simd = n, msg->lane_mask = lanes, msg->channel_mask = channels;
        msg->atomic = row->atomic, msg->bytes = align;
        for (uint32_t l = 0; l < n; l++) {
            if (typed) {
                msg->addr[0].u[l] = REG0("A0")[l] + (iter % 3 ? 0 : 1);
                msg->addr[1].u[l] = REG0("A1")[l], msg->addr[2].u[l] = REG0("A2")[l];
                msg->addr[3].u[l] = iter & 1 ? REG0("A3")[l] : 0;
            } else {
                msg->addr[0].u[l] = REG0("A0")[l] * scale + offset;
            }
            if (atomic) {
                msg->data[0].u[l] = operands >= 1 ? REG0("S")[l] : 0;
                msg->data[1].u[l] = operands >= 2 ? REG0("S1")[l] : 0;
            } else if (store) {
                for (uint32_t c = 0, slot = 0; c < 4; c++)
                    if (channels >> c & 1) msg->data[c].u[l] = REG0("S")[pitch * slot++ + l];
            }
        }
        tu_reply *r = calloc(1, sizeof *r);
        uint8_t *after = malloc(img.surface.size);
        memcpy(after, memory, img.surface.size);
        tu_error derr = {0};
        tu_status want = TU_OK;
        if (lanes) {
            tu_surface su = img.surface;
            su.data = after;
            want = tu_dp_execute(
                msg, &su, TU_DP_ACCESS_READ | (m.b.writable[3] ? TU_DP_ACCESS_WRITE : 0), r, &derr);
        }
        CHECK(got == want, "%s: %s / %s", line, err.message, derr.message);
        CHECK(memcmp(img.memory, after, img.surface.size) == 0, "%s: memory differs", line);
        if (want == TU_OK && lanes && !store) {
            uint32_t *D = (uint32_t *)(grf_before + m.k.vars[var_index(&m.k, "D")].grf_offset);
            for (uint32_t c = 0, slot = 0; c < 4; c++) {
                if (!(channels >> c & 1)) continue;
                for (uint32_t l = 0; l < n; l++)
                    if (lanes >> l & 1) D[pitch * slot + l] = r->channel[c].u[l];
                slot++;
            }
        }
        CHECK(memcmp(m.st.grf, grf_before, m.st.grf_bytes) == 0, "%s: registers differ", line);
        runs++;
#undef REG0
        free(after), free(r), free(msg), free(grf_before), free(memory);
        machine_free(&m);
        tu_image_free(&img);
    }
    CHECK_EQ_U(runs, 1500);
}

/* The forms beyond load, store, quad and atomic, run: the bfloat16 atomics, the typed 2D block
 * read and write, the fence; strided and flat 2D blocks refused by name when they run. */
static void test_lsc_more_forms_execute(void) {
    machine m;
    tu_error err = {0};
    /* bfadd: 1.0 + 1.0, a tie to even (1 + 2^-8 -> 1.0), above the tie (1 + 1.5 * 2^-8 ->
     * 1 + 2^-7), NaN -> 0x7fc0, MAX + MAX -> +inf; each lane its own bfloat16 */
    if (CHECK(machine_load(&m, "lsc_atomic_bfadd.ugm (M1, 16) D:d16u32 bti(0x3)[A0]:a32 S %null",
                           TU_VISA_XE2, &err),
              "%s", err.message)) {
        tu_image img =
            tu_test_image(TU_SURFACE_BUFFER, false, TU_FORMAT_R32_UINT, 8, 1, 1, 1, 1, 1);
        static const uint16_t old[5] = {0x3f80, 0x3f80, 0x3f80, 0x7fc1, 0x7f7f};
        static const uint16_t add[5] = {0x3f80, 0x3b80, 0x3bc0, 0x3f80, 0x7f7f};
        static const uint16_t want[5] = {0x4000, 0x3f80, 0x3f81, 0x7fc0, 0x7f80};
        uint16_t *mem = img.memory;
        for (uint32_t l = 0; l < 5; l++) {
            mem[l] = old[l];
            reg(&m, "A0")[l] = 2 * l;
            reg(&m, "S")[l] = 0xabcd0000u | add[l]; /* the high half is not read */
        }
        m.b.surfaces[BTI] = &img.surface;
        m.b.writable[BTI] = true;
        m.st.dispatch_mask = 0x1f;
        CHECK(tu_visa_execute(&m.k, &m.st, &m.b, &err) == TU_OK, "%s", err.message);
        for (uint32_t l = 0; l < 5; l++) {
            CHECK(mem[l] == want[l], "lane %u: 0x%04x, want 0x%04x", l, mem[l], want[l]);
            CHECK(reg(&m, "D")[l] == old[l], "lane %u returns 0x%x", l, reg(&m, "D")[l]);
        }
        CHECK(mem[5] == 0 && mem[6] == 0, "bytes past the lanes stay");
        /* a 16-bit atomic on an odd address is refused */
        reg(&m, "A0")[0] = 1;
        CHECK_ERR(tu_visa_execute(&m.k, &m.st, &m.b, &err), TU_INVALID_ARGUMENT, &err,
                  "byte address 0x1 is not a multiple of 2");
        tu_image_free(&img);
        machine_free(&m);
    }
    /* the typed 2D block: 4 bytes x 2 rows from (2 + 1, 1) of a 16x8 R8 surface; the rows at the
     * register pitch 4 */
    if (CHECK(machine_load(&m, "lsc_load_block2d.tgm D:4x2 bti(0x3)[G+1,0x1]", TU_VISA_XE2, &err),
              "%s", err.message)) {
        tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8_UINT, 16, 8, 1, 1, 1, 1);
        uint8_t *mem = img.memory;
        for (uint32_t i = 0; i < 128; i++)
            mem[i] = (uint8_t)i;
        m.b.surfaces[BTI] = &img.surface;
        reg(&m, "G")[0] = 2;
        CHECK(tu_visa_execute(&m.k, &m.st, &m.b, &err) == TU_OK, "%s", err.message);
        const uint8_t *d = (const uint8_t *)reg(&m, "D");
        for (uint32_t r = 0; r < 2; r++)
            for (uint32_t j = 0; j < 4; j++)
                CHECK(d[4 * r + j] == 16 * (1 + r) + 3 + j, "row %u byte %u: %u", r, j,
                      d[4 * r + j]);
        tu_image_free(&img);
        machine_free(&m);
    }
    /* and its write: 4 x 2 bytes to (14, 7): the bytes past column 15 and row 7 are dropped */
    if (CHECK(machine_load(&m, "lsc_store_block2d.tgm bti(0x3)[0xE,0x7] S:4x2", TU_VISA_XE2, &err),
              "%s", err.message)) {
        tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8_UINT, 16, 8, 1, 1, 1, 1);
        uint8_t *mem = img.memory;
        uint8_t *src = (uint8_t *)reg(&m, "S");
        for (uint32_t i = 0; i < 8; i++)
            src[i] = (uint8_t)(0xa0 + i);
        m.b.surfaces[BTI] = &img.surface;
        CHECK_ERR(tu_visa_execute(&m.k, &m.st, &m.b, &err), TU_INVALID_ARGUMENT, &err,
                  "writes, but its surface is bound read-only");
        m.b.writable[BTI] = true;
        CHECK(tu_visa_execute(&m.k, &m.st, &m.b, &err) == TU_OK, "%s", err.message);
        for (uint32_t i = 0; i < 128; i++)
            CHECK(mem[i] == (i == 7 * 16 + 14   ? 0xa0
                             : i == 7 * 16 + 15 ? 0xa1
                                                : 0),
                  "byte %u: %u", i, mem[i]);
        tu_image_free(&img);
        machine_free(&m);
    }
    /* the fence runs and changes nothing */
    if (CHECK(machine_load(&m, "lsc_fence.ugm.evict.gpu", TU_VISA_XE2, &err), "%s", err.message)) {
        uint8_t *before = malloc(m.st.grf_bytes);
        memcpy(before, m.st.grf, m.st.grf_bytes);
        CHECK(tu_visa_execute(&m.k, &m.st, &m.b, &err) == TU_OK, "%s", err.message);
        CHECK(memcmp(before, m.st.grf, m.st.grf_bytes) == 0, "the fence wrote registers");
        free(before);
        machine_free(&m);
    }
    /* parsed, not executed: refused by name when they run */
    static const struct {
        const char *line, *needle;
    } refused[] = {
        {"lsc_load_strided.ugm (M1, 16) D:d32 bti(0x3)[A0, 0x4]:a32",
         "lsc_load_strided.ugm: texunit parses strided LSC messages but does not execute them"},
        {"lsc_load_block2d.ugm (M1, 1) D:d32.8x2nn flat[G,G,G,G,G,G]",
         "lsc_load_block2d.ugm moves a 2D block of flat memory"},
        {"lsc_atomic_fadd.ugm (M1, 16) D:d16u32 bti(0x3)[A0]:a32 S %null",
         "texunit executes :d32 data, not :d16u32"},
        {"lsc_atomic_bfmax.ugm (M1, 16) D:d32 bti(0x3)[A0]:a32 S %null",
         "texunit executes the bfloat16 atomics on :d16u32 data, not :d32"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        if (!CHECK(machine_load(&m, refused[i].line, TU_VISA_XE2, &err), "%s: %s", refused[i].line,
                   err.message))
            continue;
        m.st.dispatch_mask = 0xffff;
        CHECK_ERR(tu_visa_execute(&m.k, &m.st, &m.b, &err), TU_UNSUPPORTED, &err,
                  refused[i].needle);
        machine_free(&m);
    }
}

/* Every row of the LSC table, untyped and typed, in IGC's form: a row's form parses, prints
 * back as written and survives the binary; a row without the form is refused naming it. */
static void test_lsc_every_row(void) {
    unsigned accepted = 0;
    for (unsigned i = 0; i < tuL_lsc_row_count; i++) {
        const tuL_lsc_row *row = &tuL_lsc_rows[i];
        for (int typed = 0; typed < 2; typed++) {
            const char *sfid = typed ? "tgm" : "ugm";
            char line[256];
            const char *needle = NULL;
            switch (row->kind) {
            case TUL_LSC_LOAD:
                snprintf(line, sizeof line, "lsc_%s.%s (M1, 16)  D:d32x2  bti(0x3)[A0]:a32",
                         row->name, sfid);
                break;
            case TUL_LSC_STORE:
                snprintf(line, sizeof line, "lsc_%s.%s (M1, 16)  bti(0x3)[A0+0x8]:a32  S:d32",
                         row->name, sfid);
                break;
            case TUL_LSC_LOAD_QUAD:
                snprintf(line, sizeof line, "lsc_%s.%s (M1, 16)  D:d32.xz  bti(0x3)[A0%s]:a32",
                         row->name, sfid, typed ? ",A1+3" : "");
                break;
            case TUL_LSC_STORE_QUAD:
                snprintf(line, sizeof line, "lsc_%s.%s (M1, 16)  bss(G)[A0%s]:a32  S:d32.xyzw",
                         row->name, sfid, typed ? ",A1-2,A2" : "");
                break;
            case TUL_LSC_ATOMIC: {
                const unsigned n = tu_atomic_describe((tu_atomic)row->atomic)->operands;
                snprintf(line, sizeof line, "lsc_%s.%s (M1, 16)  D:%s  bti(0x3)[A0]:a32  %s  %s",
                         row->name, sfid, row->bf16 ? "d16u32" : "d32", n >= 1 ? "S" : "%null",
                         n >= 2 ? "S1" : "%null");
                break;
            }
            case TUL_LSC_LOAD_STRIDED:
                snprintf(line, sizeof line, "lsc_%s.%s (M1, 16)  D:d32  bti(0x3)[A0, 0x10]:a32",
                         row->name, sfid);
                break;
            case TUL_LSC_STORE_STRIDED:
                snprintf(line, sizeof line, "lsc_%s.%s (M1, 16)  bti(0x3)[A0, G]:a32  S:d32",
                         row->name, sfid);
                break;
            case TUL_LSC_LOAD_BLOCK2D:
                if (typed)
                    snprintf(line, sizeof line, "lsc_%s.tgm  D:8x4  bti(0x3)[G,G(0,1)+2]",
                             row->name);
                else
                    snprintf(line, sizeof line,
                             "lsc_%s.ugm (M1, 1)  D:d8.4x16nt  flat[G,0x3F,0x7,0x3F,G(0,1),0x0]",
                             row->name);
                break;
            case TUL_LSC_STORE_BLOCK2D:
                if (typed)
                    snprintf(line, sizeof line, "lsc_%s.tgm  ss(0x40)[0x4,0x1]  S:16x2", row->name);
                else
                    snprintf(line, sizeof line,
                             "lsc_%s.ugm (M1, 1)  flat[G,G,G,G,G,G]  S:d32.8x2nn", row->name);
                break;
            case TUL_LSC_FENCE:
                snprintf(line, sizeof line, "lsc_fence.%s.invalidate.tile", sfid);
                break;
            default:
                snprintf(line, sizeof line, "lsc_%s.%s (M1, 16)  D:d32  bti(0x3)[A0]:a32",
                         row->name, sfid);
                needle = "is an LSC operation texunit does not execute";
                break;
            }
            /* the untyped-only rows in .tgm */
            if (!needle && typed && !row->typed && row->kind != TUL_LSC_FENCE)
                needle = "has no typed (.tgm) form";
            tu_visa_kernel k, k2;
            tu_error err = {0};
            const tu_status st = parse_on(line, TU_VISA_XE2, &k, &err);
            if (needle) {
                CHECK(st != TU_OK && strstr(err.message, needle), "%s: %s", line, err.message);
                if (st == TU_OK) tu_visa_kernel_free(&k);
                continue;
            }
            if (!CHECK(st == TU_OK, "%s: %s", line, err.message)) continue;
            accepted++;
            char printed[256];
            tu_visa_print_inst(&k, &k.lines[0].inst, printed, sizeof printed);
            CHECK(strcmp(printed, line) == 0, "'%s' printed '%s'", line, printed);
            uint8_t buf[160];
            size_t n, used;
            tu_visa_inst in;
            CHECK(tu_visa_encode(&k.lines[0].inst, buf, sizeof buf, &n, &err) == TU_OK, "%s: %s",
                  line, err.message);
            CHECK(tu_visa_decode(buf, n, TU_VISA_XE2, &in, &used, &err) == TU_OK && used == n,
                  "%s: %s", line, err.message);
            CHECK(memcmp(&in, &k.lines[0].inst, sizeof in) == 0, "%s: binary round trip", line);
            CHECK(parse_on(printed, TU_VISA_XE2, &k2, &err) == TU_OK, "%s", err.message);
            tu_visa_kernel_free(&k2);
            tu_visa_kernel_free(&k);
        }
    }
    CHECK(accepted > tuL_lsc_row_count, "%u forms accepted", accepted);
    /* every fence: 4 SFIDs x 7 operations x 7 scopes, through the text and the binary */
    static const char *const ops[7] = {"none",  "evict",   "invalidate", "discard",
                                       "clean", "flushl3", "type6"};
    static const char *const scopes[7] = {"group", "local",  "tile",  "gpu",
                                          "gpus",  "sysrel", "sysacq"};
    for (unsigned f = 0; f < 4 * 7 * 7; f++) {
        char line[64], printed[64];
        snprintf(line, sizeof line, "lsc_fence.%s.%s.%s", tuL_lsc_sfid_names[f / 49],
                 ops[f / 7 % 7], scopes[f % 7]);
        tu_visa_kernel k;
        tu_error err = {0};
        if (!CHECK(parse_on(line, TU_VISA_XE2, &k, &err) == TU_OK, "%s: %s", line, err.message))
            continue;
        tu_visa_print_inst(&k, &k.lines[0].inst, printed, sizeof printed);
        CHECK(strcmp(printed, line) == 0, "'%s' printed '%s'", line, printed);
        uint8_t buf[16];
        size_t n, used;
        tu_visa_inst in;
        CHECK(tu_visa_encode(&k.lines[0].inst, buf, sizeof buf, &n, &err) == TU_OK && n == 7,
              "%s: %s", line, err.message);
        CHECK(tu_visa_decode(buf, n, TU_VISA_XE2, &in, &used, &err) == TU_OK &&
                  memcmp(&in, &k.lines[0].inst, sizeof in) == 0,
              "%s: %s", line, err.message);
        tu_visa_kernel_free(&k);
    }
    /* every caching pair on a load and a store: .cc only as the L3 of a load after .uc or .ca */
    for (unsigned c = 0; c < 64; c++) {
        const unsigned l1 = c / 8, l3 = c % 8;
        if (l1 == 0 && l3 == 0) continue;
        for (int store = 0; store < 2; store++) {
            char line[128];
            snprintf(line, sizeof line,
                     store ? "lsc_store.ugm.%s.%s (M1, 16) bti(0x3)[A0]:a32 S:d32"
                           : "lsc_load.ugm.%s.%s (M1, 16) D:d32 bti(0x3)[A0]:a32",
                     tuL_lsc_cache_names[l1], tuL_lsc_cache_names[l3]);
            const bool cc_ok = !store && l3 == 7 && (l1 == 1 || l1 == 2);
            const bool legal = (l1 != 7 && l3 != 7) || cc_ok;
            tu_visa_kernel k;
            tu_error err = {0};
            const tu_status st = parse_on(line, TU_VISA_XE2, &k, &err);
            CHECK(legal ? st == TU_OK : st != TU_OK && strstr(err.message, ".cc is the L3"),
                  "%s: %s", line, err.message);
            if (st == TU_OK) tu_visa_kernel_free(&k);
        }
    }
}

int main(void) {
    TU_RUN(test_text_round_trip);
    TU_RUN(test_binary_layouts);
    TU_RUN(test_binary_refusals);
    TU_RUN(test_validation);
    TU_RUN(test_histogram_kernel);
    TU_RUN(test_execution_matches_engine);
    TU_RUN(test_lsc_text);
    TU_RUN(test_lsc_binary);
    TU_RUN(test_lsc_validation);
    TU_RUN(test_lsc_execution_matches_engine);
    TU_RUN(test_lsc_more_forms_execute);
    TU_RUN(test_lsc_every_row);
    return tu_test_finish();
}
