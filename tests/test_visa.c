/* SPDX-License-Identifier: MIT */
/*
 * test_visa.c - the vISA text front end and its execution.
 *
 * Text: lines as IGC's IsaDisassembly.cpp prints them and CISA.y parses them (FileCheck
 * placeholders replaced by names) parse; print(parse(t)) is canonical and parses back to the same
 * instructions; every op of the op table in every modifier, channel and exec-size combination
 * round-trips; errors name their line and column. Execution: results equal the engine run directly
 * on the same message (an independent path: the message is built here by hand), written back as the
 * vISA spec's 3D_SAMPLE says — channels in RGBA order from the next GRF, disabled lanes untouched,
 * the pixel-null-mask DWord, 16-bit destinations — with predicates and execution masks.
 */
#include "texunit/texunit.h"

#include "../src/lower/intel_ops.h"
#include "tu_test.h"

#include <stdlib.h>

static tu_status parse(const char *text, tu_visa_kernel *k, tu_error *err) {
    return tu_visa_parse(text, strlen(text), TU_VISA_XE_LP, k, err);
}

static const char *decls = ".version 4.2\n"
                           ".kernel \"t\"\n"
                           ".decl V0032 v_type=G type=f num_elts=16 align=GRF\n"
                           ".decl V0039 v_type=G type=ud num_elts=1 align=dword\n"
                           ".decl texture v_type=G type=ud num_elts=1 align=dword\n"
                           ".decl call_ v_type=G type=f num_elts=64 align=GRF\n"
                           ".decl V0626 v_type=G type=f num_elts=48 align=GRF\n"
                           ".decl V0628 v_type=G type=f num_elts=16 align=GRF\n"
                           ".decl DST v_type=G type=f num_elts=64 align=GRF\n"
                           ".decl U v_type=G type=f num_elts=16 align=GRF\n"
                           ".decl V v_type=G type=f num_elts=16 align=GRF\n"
                           ".decl R v_type=G type=ud num_elts=16 align=GRF\n"
                           ".decl UI v_type=G type=ud num_elts=16 align=GRF\n"
                           ".decl VI v_type=G type=ud num_elts=16 align=GRF\n"
                           ".decl WI v_type=G type=uw num_elts=32 align=GRF\n"
                           ".decl V43 v_type=G type=ud num_elts=16 align=GRF\n"
                           ".decl V50 v_type=G type=ud num_elts=64 align=GRF\n"
                           ".decl V60 v_type=G type=ub num_elts=64 align=GRF\n"
                           ".decl P6 v_type=P num_elts=16\n"
                           ".decl SMPL v_type=G type=uq num_elts=1 align=qword\n"
                           ".decl SURF v_type=G type=uq num_elts=1 align=qword\n"
                           ".decl S0 v_type=S num_elts=1\n"
                           ".decl T6 v_type=T num_elts=1\n";

/* The lines of IGC IsaDisassembly.cpp and CISA.y, verbatim but for [[NAME]] placeholders. */
static const char *const igc_lines[] = {
    "movs (M1_NM, 1) S31(0) V0039(0,0)<0;1,0>",
    "movs (M1_NM, 1) %bss(0) texture(0,0)<0;1,0>",
    "(P6) sample_lz.divS.R (M1, 16)  0x0:uw S31 %bss call_.0 %null.0 V0032.0",
    "sample_lz.divS.R (M1, 16)  0x0:uw S31 %bss call_.0 %null.0 V0032.0",
    "movs (M1, 1) T6(0) 0x7b:ud",
    "movs (M1, 1) S0(0) 0x5:ud",
    "sample_3d.RGBA (M1, 16) 0x0:uw S0 T6 DST.0 %null.0 U.0 V.0",
    "sample_lz.RGBA (M1, 16) 0x0:uw S0 T6 DST.0 %null.0 U.0 V.0",
    "load_3d.RGBA (M1, 16) 0x0:uw T6 DST.0 %null.0 UI.0 VI.0 R.0",
    "sample_3d.RGBA (M1, 16) 0x0:uw S31 %bss DST.0 %null.0 U.0 V.0",
    "sample_l.RGB (M1, 16)  0x0:uw S31 %bss V0626.0 %null.0 V0628.0",
    /* efficient-64b (Xe3P): sample_surf.ll and sampler_load_surf.ll */
    "sample_3d.RGBA (M1, 16) 0x0:uw (SMPL, 6) (SURF, 12) DST.0 %null.0 U.0 V.0",
    "load_3d.RGBA (M1, 16) 0x0:uw SURF(0,0)<0;1,0>[1] DST.0 %null.0 UI.0 VI.0",
    /* the forms IGC IsaDisassembly.cpp prints */
    "sample4.G (M1, 16) 0x0:uw S0 T6 DST.0 %null.0 U.0 V.0",
    "resinfo.RGBA (M1, 16)  T6 V43.0 V50.0",
    "sampleinfo.RGBA (M1, 8)  T6 V50.0",
    "media_ld.nomod (16,4) T6 0 0x0:ud 0x0:ud V60.0",
    /* older IGC: no paired surface */
    "sample_3d.RGBA (M1, 16) 0x0:uw S0 T6 DST.0 U.0 V.0",
};

static char *join(const char *a, const char *b) {
    size_t n = strlen(a) + strlen(b) + 2;
    char *s = malloc(n);
    snprintf(s, n, "%s%s\n", a, b);
    return s;
}

static bool same_inst(const tu_visa_inst *a, const tu_visa_inst *b) {
    return memcmp(a, b, sizeof *a) == 0;
}

/* The kernel of decls and one line, parsed; false (a failed check) when it does not parse. */
static bool parse_line_in(const char *line, tu_visa_kernel *k) {
    char *text = join(decls, line);
    tu_error err = {0};
    const bool ok = CHECK(parse(text, k, &err) == TU_OK, "%s: %s", line, err.message);
    free(text);
    return ok;
}

static void test_igc_lines(void) {
    for (size_t i = 0; i < sizeof igc_lines / sizeof igc_lines[0]; i++) {
        tu_visa_kernel k;
        tu_error err = {0};
        if (!parse_line_in(igc_lines[i], &k)) continue;
        /* print -> parse -> print is a fixed point, and the instruction survives it */
        char *p1 = NULL, *p2 = NULL;
        tu_visa_kernel k2;
        CHECK(tu_visa_print(&k, &p1, &err) == TU_OK);
        CHECK(parse(p1, &k2, &err) == TU_OK, "%s\n%s", err.message, p1);
        CHECK(tu_visa_print(&k2, &p2, &err) == TU_OK);
        CHECK(p1 && p2 && strcmp(p1, p2) == 0, "not canonical:\n%s---\n%s", p1, p2);
        CHECK(k.line_count == 1 && k2.line_count == 1 &&
                  (k.lines[0].kind == TU_VISA_LINE_MOVS ||
                   same_inst(&k.lines[0].inst, &k2.lines[0].inst)),
              "%s", igc_lines[i]);
        free(p1), free(p2);
        tu_visa_kernel_free(&k), tu_visa_kernel_free(&k2);
    }
    /* A few details: the predicate, divS, the channel, the paired surface. */
    char *text = join(decls, igc_lines[2]);
    tu_visa_kernel k;
    tu_error err = {0};
    CHECK(parse(text, &k, &err) == TU_OK);
    const tu_visa_inst *in = &k.lines[0].inst;
    CHECK(in->opcode == 0x6D && in->subop == 0x18 && in->divs && !in->cps && in->channels == 1 &&
          in->exec_size == 16 && in->emask == 0 && in->sampler == 31 && in->surface == 4 &&
          in->has_paired && in->num_params == 1 && (in->pred & 0xfff) == 1);
    tu_visa_kernel_free(&k);
    free(text);
    /* A first parameter %null.0 without a paired surface (a decoded binary instruction)
     * prints with the paired %null.0 before it, so the parameters read back the same. */
    text = join(decls, "load_3d.RGBA (M1, 16) 0x0:uw T6 DST.0 %null.0 %null.0 VI.0 R.0");
    CHECK(parse(text, &k, &err) == TU_OK && k.lines[0].inst.num_params == 3, "%s", err.message);
    k.lines[0].inst.has_paired = false;
    char *printed = NULL;
    tu_visa_kernel k2;
    CHECK(tu_visa_print(&k, &printed, &err) == TU_OK &&
          strstr(printed, "DST.0 %null.0 %null.0 VI.0 R.0") != NULL);
    CHECK(printed && parse(printed, &k2, &err) == TU_OK && k2.lines[0].inst.num_params == 3 &&
          k2.lines[0].inst.params[0].id == 0 && k2.lines[0].inst.params[1].id != 0);
    tu_visa_kernel_free(&k2);
    free(printed);
    tu_visa_kernel_free(&k);
    free(text);
    text = join(decls, "sample4.G (M1, 16) 0x0:uw S0 T6 DST.0 %null.0 U.0 V.0");
    CHECK(parse(text, &k, &err) == TU_OK && k.lines[0].inst.channels == 1 &&
          k.lines[0].inst.opcode == 0x6F && k.lines[0].inst.num_params == 2);
    tu_visa_kernel_free(&k);
    free(text);
}

/* Every op of the table, with every modifier set it allows, several channel masks, every
 * exec size and emask form, a predicate or not: text -> kernel -> text is canonical. */
static void test_every_op_round_trip(void) {
    static const char *const execs[] = {"(M1, 8)", "(M5, 16)", "(M1_NM, 32)", "(M3_NM, 16)"};
    static const char *const preds[] = {"", "(P6) ", "(!P6.any) ", "(P6.all) "};
    unsigned checked = 0;
    for (unsigned o = 0; o < tuL_op_count; o++) {
        const tuL_op *op = &tuL_ops[o];
        for (unsigned e = 0; e < 4; e++)
            for (unsigned m = 0; m < 8; m++) {
                char line[512];
                const bool info = op->opcode == TUL_OPCODE_3D_INFO;
                const bool gather = op->opcode == TUL_OPCODE_3D_GATHER4;
                const bool cps_ok = op->op == TU_OP_SAMPLE || op->op == TU_OP_SAMPLE_B ||
                                    op->op == TU_OP_SAMPLE_C || op->op == TU_OP_SAMPLE_B_C ||
                                    op->op == TU_OP_LOD || op->op == TU_OP_SAMPLE_PO ||
                                    op->op == TU_OP_SAMPLE_PO_B || op->op == TU_OP_SAMPLE_PO_C;
                const bool pnm = !info && (m & 1), cps = cps_ok && (m & 2) && e != 2,
                           divs = !info && (m & 4);
                const char *ch =
                    gather ? (const char *[]){"R", "G", "B", "A"}[m & 3]
                           : (const char *[]){"RGBA", "R", "GB", "RA", "A", "RGB", "BA", "G"}[m];
                int n = snprintf(line, sizeof line, "%s%s%s%s%s.%s %s", info ? "" : preds[m & 3],
                                 op->mnemonic, pnm ? ".pixel_null_mask" : "", cps ? ".cps" : "",
                                 divs ? ".divS" : "", ch, execs[e]);
                if (info) {
                    n += snprintf(line + n, sizeof line - (size_t)n, " T6%s V50.0",
                                  op->nparams ? " V43.0" : "");
                } else {
                    n +=
                        snprintf(line + n, sizeof line - (size_t)n, " 0x%x:uw%s T6 DST.0%s",
                                 (m * 0x123) & 0xfff, op->opcode == TUL_OPCODE_3D_LOAD ? "" : " S0",
                                 m & 1 ? " %null.0" : "");
                    /* 1..nparams parameters, of the class's type */
                    const char *param = op->pclass == TUL_PC_FLOAT    ? " U.0"
                                        : op->pclass == TUL_PC_INT_UW ? " WI.0"
                                                                      : " UI.0";
                    const unsigned count = 1 + m % op->nparams;
                    for (unsigned p = 0; p < count; p++)
                        n += snprintf(line + n, sizeof line - (size_t)n, "%s", param);
                }
                char *text = join(decls, line);
                tu_visa_kernel k, k2;
                tu_error err = {0};
                if (!CHECK(parse(text, &k, &err) == TU_OK, "%s: %s", line, err.message)) {
                    free(text);
                    continue;
                }
                char *p1 = NULL, *p2 = NULL;
                tu_visa_print(&k, &p1, &err);
                CHECK(parse(p1, &k2, &err) == TU_OK, "%s\n%s", err.message, p1);
                tu_visa_print(&k2, &p2, &err);
                CHECK(strcmp(p1, p2) == 0 && same_inst(&k.lines[0].inst, &k2.lines[0].inst), "%s",
                      line);
                /* The printed line is the input up to spacing and the emask spelling. */
                char printed[512];
                tu_visa_print_inst(&k, &k.lines[0].inst, printed, sizeof printed);
                CHECK(strstr(p1, printed) != NULL);
                checked++;
                free(p1), free(p2), free(text);
                tu_visa_kernel_free(&k), tu_visa_kernel_free(&k2);
            }
    }
    CHECK(checked == tuL_op_count * 32, "%u round trips", checked);
}

/* Errors carry the line and column and what was expected. */
static void test_errors(void) {
    const struct {
        const char *line;
        const char *needle;
    } bad[] = {
        {"frob (M1, 16) V50.0 V43.0", "line 24, column 1: unknown instruction 'frob'"},
        {"mov (M1, 16) V50(0,0)<1> V43(0,0)<1;1,0>:zz", "'zz' is not a vISA type"},
        {"mov (M1, 16) V50(0,0)<1> V43(0,0)<1;1,0", "expected '>' to close the region"},
        {"goto (M1, 16) \"L1", "the string is not closed on its line"},
        {"mov (M1, 16) r[A0(0),0]<0;1,0> 0x1:d", "expected ':' before the immediate's type"},
        {"LOC x", "expected LOC's line number (a number), got 'x'"},
        {"BB_EXIT", "'BB_EXIT' alone on its line is no vISA statement (IGC CISA.y): a label is "
                    "written 'BB_EXIT:'"},
        {"addr_add (M1_NM, 1) A0(0)<1> &V50[4]x V43(0,0)<0;1,0>",
         "unexpected 'x' after the operand"},
        {"mov (M1, 16) V50(0,0)<1> V43(0,0)<1;1,0>V43", "unexpected 'V43' after the operand"},
        {"mov (M1, 16) V50(0,0)<1> (-)0x1:ud", "a source modifier applies to a variable"},
        {"FILE x", "expected FILE's file name (a string in quotes), got 'x'"},
        {"lifetime.begin V50", "lifetime.begin is not lifetime.start or lifetime.end"},
        {".implicit_LOCAL_ID V99 offset=24 size=4", "input 'V99' is not declared"},
        {".input P6 offset=0 size=4", "input 'P6' is not a general, sampler or surface variable"},
        {".input V50 offset=0 size=0", "size 0 is not in 1..1048576"},
        {".decl V60 v_type=G type=ud num_elts=1 alias=<%nope, 0>",
         "alias base '%nope' is neither a declared general variable nor a predefined one"},
        {"sample_3d (M1, 16) 0x0:uw S0 T6 DST.0 U.0", "expected the channels (.RGBA, .R, ...)"},
        {"sample_3d.RGBA (M1, 12) 0x0:uw S0 T6 DST.0 U.0", "exec size 12"},
        {"sample_3d.RGBA (M9, 16) 0x0:uw S0 T6 DST.0 U.0",
         "column 17: 'M9' is not an execution mask"},
        {"sample_3d.RGBA (M1, 16) 0x0:uw S0 T7 DST.0 U.0", "'T7' is not a declared surface"},
        {"sample_3d.RGBA (M1, 16) 0x0:uw S0 T6 NOPE.0 U.0",
         "'NOPE' is not a declared general variable"},
        {"sample_3d.RGBA (M1, 16) 0x0:uw S0 T6 DST U.0", "expected '.' and a byte offset"},
        {"sample_3d.divS.cps.RGBA (M1, 16) 0x0:uw S0 T6 DST.0 U.0",
         "modifier .cps is out of order"},
        {"sample_3d.RGBX (M1, 16) 0x0:uw S0 T6 DST.0 U.0", "'.RGBX' is not a modifier"},
        {"sample4.RG (M1, 16) 0x0:uw S0 T6 DST.0 U.0", "sample4 gathers one channel, not .RG"},
        {"(P9) sample_3d.R (M1, 16) 0x0:uw S0 T6 DST.0 U.0", "'P9' is not a declared predicate"},
        {"(P6.some) sample_3d.R (M1, 16) 0x0:uw S0 T6 DST.0 U.0", "'.some' is not .any or .all"},
        {"media_ld.sideways (16,4) T6 0 0x0:ud 0x0:ud V60.0",
         "'sideways' is not a media_ld modifier"},
        {"media_ld.nomod (16,4) T6 0 0x0:ud V60.0 V60.0 V60.0", "media_ld takes [plane] x y dst"},
        {"media_ld.nomod (65,1) T6 0x0:ud 0x0:ud V60.0", "the block width 65 is not in 1..64"},
        {"movs (M1, 1) V43(0) 0x1:ud", "movs into a general variable reads a state variable"},
        {"movs (M1, 1) V43(0,0)<1> V44(0,0)<0;1,0>", "movs into a general variable reads a state"},
        {"movs (M1, 1) X9(0) 0x1:ud",
         "movs writes a declared surface, sampler or general variable, not 'X9'"},
        {"sample_3d.R (M1, 16) 0x0:uw S0 T6 DST.0 U.0 junk", "expected '.' and a byte offset"},
        {".frobnicate 1", "unknown directive '.frobnicate'"},
        {".decl X v_type=Q num_elts=1", "v_type=Q is not G, A, P, S or T"},
        {".decl X v_type=P num_elts=1 attrs={A=}", "expected a number"},
        {".decl X v_type=P num_elts=1 attrs={A", "expected '}' to close attrs={...}"},
        {".decl U v_type=G type=f num_elts=1", "'U' is declared twice"},
        {".decl Y v_type=G type=zz num_elts=1", "type=zz is not a vISA type"},
        {"sample_3d.R (M1, 16) 0x0:uw S0 T6 DST.0 U.0 V.0 U.0 V.0 U.0", "NumParams 5 exceeds"},
        {"load_lz.RGBA (M1, 8) 0x0:uw T6 DST.0 %null.0 UI.4 VI.0",
         "parameter 0 (u) UI.4 of load_lz is not GRF-aligned"},
        {"load_lz.RGBA (M1, 8) 0x0:uw T6 DST.4 %null.0 UI.0 VI.0",
         "the destination DST.4 of load_lz is not GRF-aligned"},
        {"media_ld.nomod (16,4) T6 0 0x0:ud 0x0:ud V60.16",
         "the destination V60.16 of media_ld is not GRF-aligned"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *text = join(decls, bad[i].line);
        tu_visa_kernel k;
        tu_error err = {0};
        tu_status st = parse(text, &k, &err);
        CHECK(st != TU_OK, "%s parsed", bad[i].line);
        CHECK(strstr(err.message, bad[i].needle) != NULL, "%s: \"%s\" lacks \"%s\"", bad[i].line,
              err.message, bad[i].needle);
        CHECK(strstr(err.message, "line 24") != NULL || bad[i].line[0] == '.',
              "%s: no line number in \"%s\"", bad[i].line, err.message);
        if (st == TU_OK) tu_visa_kernel_free(&k);
        free(text);
    }
}

/* An integer immediate is its type's bit pattern: 0..2^w-1 as written, or -2^(w-1)..-1 in two's
 * complement, w the type's width. -2^63 is INT64_MIN's pattern (its negation once overflowed
 * an int64_t); a value outside the range is refused with the value and the range. */
static void test_immediate_range(void) {
    const struct {
        const char *imm;
        uint64_t bits;
    } good[] = {
        {"-9223372036854775808:q", 0x8000000000000000ull},
        {"-0x8000000000000000:uq", 0x8000000000000000ull},
        {"0xffffffffffffffff:q", ~0ull},
        {"18446744073709551615:uq", ~0ull},
        {"-1:uq", ~0ull},
        {"-1:ud", 0xffffffffu},
        {"-2147483648:d", 0x80000000u},
        {"0xffffffff:d", 0xffffffffu},
        {"-32768:w", 0x8000},
        {"0xffff:uw", 0xffff},
        {"-128:b", 0x80},
        {"255:ub", 0xff},
        {"-0:ud", 0},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char line[80];
        snprintf(line, sizeof line, "movs (M1, 1) T6(0) %s", good[i].imm);
        char *text = join(decls, line);
        tu_visa_kernel k;
        tu_error err = {0};
        if (CHECK(parse(text, &k, &err) == TU_OK, "%s: %s", good[i].imm, err.message)) {
            const tu_visa_scalar *v = &k.lines[k.line_count - 1].movs_src;
            CHECK(v->is_imm && v->imm == good[i].bits, "%s: 0x%llx, want 0x%llx", good[i].imm,
                  (unsigned long long)v->imm, (unsigned long long)good[i].bits);
            tu_visa_kernel_free(&k);
        }
        free(text);
    }
    const struct {
        const char *imm, *needle;
    } bad[] = {
        {"-0x8000000000000000:ud", "immediate -9223372036854775808 does not fit type ud: a "
                                   "negative immediate is -2147483648..-1"},
        {"-9223372036854775809:q", "immediate -9223372036854775809 does not fit type q: a "
                                   "negative immediate is -9223372036854775808..-1"},
        {"18446744073709551616:uq", "'18446744073709551616' does not fit 64 bits"},
        {"-18446744073709551616:q", "'18446744073709551616' does not fit 64 bits"},
        {"0x100000000:ud",
         "immediate 4294967296 (0x100000000) does not fit type ud: 0..0xffffffff"},
        {"-2147483649:d", "immediate -2147483649 does not fit type d"},
        {"0x10000:uw", "immediate 65536 (0x10000) does not fit type uw: 0..0xffff"},
        {"-129:b", "immediate -129 does not fit type b: a negative immediate is -128..-1"},
        {"256:ub", "immediate 256 (0x100) does not fit type ub: 0..0xff"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char line[80];
        snprintf(line, sizeof line, "movs (M1, 1) T6(0) %s", bad[i].imm);
        char *text = join(decls, line);
        tu_visa_kernel k;
        tu_error err = {0};
        CHECK_ERR(parse(text, &k, &err), TU_PARSE_ERROR, &err, bad[i].needle);
        CHECK(strstr(err.message, "line 24, column 20") != NULL, "%s: \"%s\"", bad[i].imm,
              err.message);
        free(text);
    }
}

/* The text model (texunit/text.h): LF and CRLF read the same; any other control character,
 * a lone CR included, is refused at its line and column. media_ld's look-ahead once skipped
 * only spaces and tabs and never returned on "\r", "\v" or "\f". */
static void test_line_ends(void) {
    const char *media = "media_ld.nomod (16,4) T6 0 0x0:ud 0x0:ud V60.0";
    const struct {
        const char *tail;
        const char *needle;
    } ends[] = {
        {"\r", "line 24, column 47: control character 0x0d, a carriage return not followed"},
        {"\v", "line 24, column 47: control character 0x0b"},
        {"\f\n", "line 24, column 47: control character 0x0c"},
        {"\x7f", "line 24, column 47: control character 0x7f"},
        {" \x01 ", "line 24, column 48: control character 0x01"},
    };
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        char *line = join(media, ends[i].tail);
        line[strlen(line) - 1] = 0; /* join's own LF off: the tail ends the text */
        char *text = join(decls, line);
        text[strlen(text) - 1] = 0;
        tu_visa_kernel k;
        tu_error err = {0};
        CHECK_ERR(parse(text, &k, &err), TU_PARSE_ERROR, &err, ends[i].needle);
        free(line);
        free(text);
    }
    /* A NUL inside the given size is a control character too. */
    tu_visa_kernel k;
    tu_error err = {0};
    CHECK_ERR(tu_visa_parse("", 0, (tu_visa_platform)2, &k, &err), TU_INVALID_ARGUMENT, &err,
              "platform 2 is not TU_VISA_XE_LP (0) or TU_VISA_XE2 (1)");
    CHECK_ERR(tu_visa_parse(".version 4.2\n\0", 14, TU_VISA_XE_LP, &k, &err), TU_PARSE_ERROR, &err,
              "line 2, column 1: control character 0x00");
    /* Every line of decls and the IGC lines, LF and CRLF: the same kernel, printed alike. */
    for (size_t i = 0; i < sizeof igc_lines / sizeof igc_lines[0]; i++) {
        char *lf = join(decls, igc_lines[i]);
        size_t n = 0;
        char *crlf = malloc(2 * strlen(lf) + 1);
        for (const char *p = lf; *p; p++) {
            if (*p == '\n') crlf[n++] = '\r';
            crlf[n++] = *p;
        }
        crlf[n] = 0;
        tu_visa_kernel a, b;
        char *ta = NULL, *tb = NULL;
        if (CHECK(parse(lf, &a, &err) == TU_OK, "%s", err.message)) {
            if (CHECK(parse(crlf, &b, &err) == TU_OK, "CRLF %s: %s", igc_lines[i], err.message)) {
                CHECK(tu_visa_print(&a, &ta, &err) == TU_OK &&
                      tu_visa_print(&b, &tb, &err) == TU_OK);
                CHECK(ta && tb && strcmp(ta, tb) == 0, "%s: CRLF prints differently", igc_lines[i]);
                tu_visa_kernel_free(&b);
            }
            tu_visa_kernel_free(&a);
        }
        free(ta), free(tb), free(lf), free(crlf);
    }
}

/* print(parse(x)) parses back to the same text for odd kernel names; names the printer could
 * not write back are refused on both sides. */
static void test_names_round_trip(void) {
    const char *good[] = {".kernel a//b",
                          ".kernel \"a b\"",
                          ".kernel \"x//y\"",
                          ".kernel a$b%",
                          ".kernel \"\xc3\xa9t\xc3\xa9\"",
                          ".kernel \"\tt\"",
                          ".kernel 'q'"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        tu_visa_kernel k, k2;
        tu_error err = {0};
        char *t1 = NULL, *t2 = NULL;
        if (!CHECK(parse(good[i], &k, &err) == TU_OK, "%s: %s", good[i], err.message)) continue;
        if (CHECK(tu_visa_print(&k, &t1, &err) == TU_OK, "%s", err.message) &&
            CHECK(parse(t1, &k2, &err) == TU_OK, "%s printed as %s: %s", good[i], t1,
                  err.message)) {
            CHECK(strcmp(k.name, k2.name) == 0, "%s: '%s' != '%s'", good[i], k.name, k2.name);
            CHECK(tu_visa_print(&k2, &t2, &err) == TU_OK && strcmp(t1, t2) == 0);
            tu_visa_kernel_free(&k2);
        }
        tu_visa_kernel_free(&k);
        free(t1), free(t2);
    }
    const struct {
        const char *text, *needle;
    } bad[] = {
        {".kernel a\"b", "column 10: a kernel name cannot hold '\"'"},
        {".kernel \"a\"b\"", "column 12: unexpected 'b\"' at the end of the line"},
        {".kernel \"ab", "expected '\"' to close the kernel name"},
        {".kernel \"\"", "expected a kernel name of 1 to"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tu_visa_kernel k;
        tu_error err = {0};
        CHECK_ERR(parse(bad[i].text, &k, &err), TU_PARSE_ERROR, &err, bad[i].needle);
    }
    /* A kernel built through the API with names the text cannot hold is not printed. */
    tu_visa_kernel k;
    tu_error err = {0};
    char *t = NULL;
    if (!CHECK(parse(".kernel k\n.decl V v_type=G type=f num_elts=8", &k, &err) == TU_OK)) return;
    snprintf(k.name, sizeof k.name, "a\"b");
    CHECK_ERR(tu_visa_print(&k, &t, &err), TU_INVALID_ARGUMENT, &err,
              "kernel name 'a\"b' has character 0x22 at 1");
    snprintf(k.name, sizeof k.name, "a\nb");
    CHECK_ERR(tu_visa_print(&k, &t, &err), TU_INVALID_ARGUMENT, &err, "character 0x0a at 1");
    snprintf(k.name, sizeof k.name, "k");
    snprintf(k.vars[0].name, sizeof k.vars[0].name, "1V");
    CHECK_ERR(tu_visa_print(&k, &t, &err), TU_INVALID_ARGUMENT, &err,
              "variable 0's name '1V' has character 0x31 at 0");
    tu_visa_kernel_free(&k);
    /* A .kernel_attr is the rest of its line: a line end inside one would not parse back. */
    if (!CHECK(parse(".kernel_attr Target=\"cm\" x\n", &k, &err) == TU_OK, "%s", err.message))
        return;
    CHECK(tu_visa_print(&k, &t, &err) == TU_OK && strstr(t, ".kernel_attr Target=\"cm\" x\n"), "%s",
          t ? t : err.message);
    free(t);
    t = NULL;
    k.attrs[0][2] = '\n';
    CHECK_ERR(tu_visa_print(&k, &t, &err), TU_INVALID_ARGUMENT, &err,
              "kernel attribute 0 'Ta\nget=\"cm\" x' has control character 0x0a at 2");
    tu_visa_kernel_free(&k);
}

/* --- execution ------------------------------------------------------------------------------ */

typedef struct bench {
    tu_image img;
    tu_sampler smp;
    tu_visa_bindings bind;
} bench;

static void bench_init(bench *b, tu_format format) {
    b->img = tu_test_image(TU_SURFACE_2D, false, format, 16, 16, 1, 1, 5, 1);
    tu_error err = {0};
    tu_surface_fill_hash(&b->img.surface, 9, &err);
    b->smp = tu_sampler_default();
    b->smp.min_filter = b->smp.mag_filter = TU_FILTER_LINEAR;
    b->smp.mip_filter = TU_MIP_LINEAR;
    memset(&b->bind, 0, sizeof b->bind);
    b->bind.surfaces[0x7b] = &b->img.surface;
    b->bind.samplers[5] = &b->smp;
}

static const tu_visa_var *var(const tu_visa_kernel *k, const char *name) {
    for (uint32_t i = 0; i < k->var_count; i++)
        if (strcmp(k->vars[i].name, name) == 0) return &k->vars[i];
    return NULL;
}

static void put_f(tu_visa_state *st, const tu_visa_var *v, unsigned i, float f) {
    memcpy(st->grf + v->grf_offset + 4 * i, &f, 4);
}

/* Parse a kernel for `platform` and set up its thread state; false, with the failed check
 * (naming `label` and the error), when either step fails. */
static bool load(const char *label, const char *src, tu_visa_platform platform, tu_visa_kernel *k,
                 tu_visa_state *st) {
    tu_error err = {0};
    if (!CHECK(tu_visa_parse(src, strlen(src), platform, k, &err) == TU_OK, "%s: %s", label,
               err.message))
        return false;
    if (CHECK(tu_visa_state_init(st, k, &err) == TU_OK, "%s: %s", label, err.message)) return true;
    tu_visa_kernel_free(k);
    return false;
}

/* SIMD16 sample_l, channels R and B, lanes 0..15: the reply equals the engine's, channel R in
 * the first two GRFs, B in the next two, and nothing else written. */
static void test_execute_sample(void) {
    bench b;
    bench_init(&b, TU_FORMAT_R8G8B8A8_UNORM);
    const char *src = ".decl D v_type=G type=f num_elts=80 align=GRF\n"
                      ".decl L v_type=G type=f num_elts=16 align=GRF\n"
                      ".decl U v_type=G type=f num_elts=16 align=GRF\n"
                      ".decl V v_type=G type=f num_elts=16 align=GRF\n"
                      ".decl P1 v_type=P num_elts=16\n"
                      ".decl S0 v_type=S num_elts=1\n"
                      ".decl T6 v_type=T num_elts=1\n"
                      "movs (M1_NM, 1) T6(0) 0x7b:ud\n"
                      "movs (M1_NM, 1) S0(0) 0x5:ud\n"
                      "(P1) sample_l.pixel_null_mask.RB (M1, 16)  0x1f0:uw S0 T6 D.0 %null.0 L.0 "
                      "U.0 V.0\n";
    tu_visa_kernel k;
    tu_visa_state st;
    tu_error err = {0};
    if (!load("kernel", src, TU_VISA_XE_LP, &k, &st)) return;
    tu_msg *m = calloc(1, sizeof *m);
    m->op = TU_OP_SAMPLE_L, m->simd = 16, m->channel_mask = 0x5;
    m->offset[0] = 1, m->offset[1] = -1, m->offset[2] = 0; /* aoffimmi 0x1f0: U=1 V=-1 R=0 */
    m->flags = TU_MSG_PIXEL_NULL_MASK;
    const tu_visa_var *L = var(&k, "L"), *U = var(&k, "U"), *V = var(&k, "V"), *D = var(&k, "D");
    for (unsigned l = 0; l < 16; l++) {
        const float u = (float)l / 16.0f, v = 0.3f + (float)l / 40.0f, lod = (float)(l % 5) * 0.6f;
        put_f(&st, U, l, u), put_f(&st, V, l, v), put_f(&st, L, l, lod);
        m->src[TU_SRC_U].f[l] = u, m->src[TU_SRC_V].f[l] = v, m->src[TU_SRC_LOD].f[l] = lod;
    }
    /* predicate: lanes 0..15 except 3 and 9; the thread mask drops lane 12 */
    for (uint32_t i = 0; i < k.var_count; i++)
        if (k.vars[i].kind == TU_VISA_VAR_P) st.pred_bits[i] = 0xffff & ~(1u << 3) & ~(1u << 9);
    st.dispatch_mask = ~(1u << 12);
    memset(st.grf + D->grf_offset, 0xab, 320);
    CHECK(tu_visa_execute(&k, &st, &b.bind, &err) == TU_OK, "%s", err.message);
    m->lane_mask = 0xffff & ~(1u << 3) & ~(1u << 9) & ~(1u << 12);
    static tu_reply r;
    CHECK(tu_execute(m, &b.img.surface, &b.smp, &r, &err) == TU_OK, "%s", err.message);
    const uint8_t *d = st.grf + D->grf_offset;
    for (unsigned l = 0; l < 16; l++) {
        const bool on = m->lane_mask >> l & 1;
        uint32_t rr, bb;
        memcpy(&rr, d + 4 * l, 4);      /* R: GRFs 0-1 */
        memcpy(&bb, d + 64 + 4 * l, 4); /* B: GRFs 2-3 */
        CHECK(on ? rr == r.channel[0].u[l] && bb == r.channel[2].u[l]
                 : rr == 0xabababab && bb == 0xabababab,
              "lane %u", l);
    }
    uint32_t pnm;
    memcpy(&pnm, d + 128, 4); /* the pixel-null-mask DWord: all resident, bits 31:16 set */
    CHECK_EQ_U(pnm, 0xffffffffu);
    CHECK(d[132] == 0xab && d[160] == 0xab, "only the first DWord of that GRF is written");

    /* The thread state keeps the slot's binding: the same send again binds nothing new; a
     * slot whose sampler, then surface, changed is bound again and answers as tu_execute. */
    CHECK(st.bindings && st.bindings->binds == 1, "one binding for the first send");
    CHECK(tu_visa_execute(&k, &st, &b.bind, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(st.bindings->binds, 1);
    for (int change = 0; change < 2; change++) {
        if (change == 0)
            b.smp.min_filter = b.smp.mag_filter = TU_FILTER_NEAREST;
        else
            b.img.surface.base_level = 1, b.img.surface.level_count = b.img.surface.levels - 1;
        uint32_t before[16];
        memcpy(before, d, sizeof before);
        memset(st.grf + D->grf_offset, 0xab, 320);
        CHECK(tu_visa_execute(&k, &st, &b.bind, &err) == TU_OK, "%s", err.message);
        CHECK_EQ_U(st.bindings->binds, 2 + change);
        CHECK(tu_execute(m, &b.img.surface, &b.smp, &r, &err) == TU_OK, "%s", err.message);
        unsigned differ = 0;
        for (unsigned l = 0; l < 16; l++) {
            if (!(m->lane_mask >> l & 1)) continue;
            uint32_t rr;
            memcpy(&rr, d + 4 * l, 4);
            differ += rr != before[l];
            CHECK(rr == r.channel[0].u[l], "change %d lane %u: the send used a stale binding",
                  change, l);
        }
        CHECK(differ > 0, "change %d altered no lane: the test would not see a stale binding",
              change);
    }
    free(m);
    tu_visa_state_free(&st);
    tu_visa_kernel_free(&k);
    tu_image_free(&b.img);
}

/* SIMD8 with M5: lanes read thread channels 16..23; HF parameters and an HF destination. */
static void test_execute_half_and_emask(void) {
    bench b;
    bench_init(&b, TU_FORMAT_R8G8B8A8_UNORM);
    const char *src = ".decl D v_type=G type=hf num_elts=32 align=GRF\n"
                      ".decl U v_type=G type=hf num_elts=16 align=GRF\n"
                      ".decl V v_type=G type=hf num_elts=16 align=GRF\n"
                      ".decl S0 v_type=S num_elts=1\n"
                      ".decl T6 v_type=T num_elts=1\n"
                      "movs (M1_NM, 1) T6(0) 0x7b:ud\n"
                      "movs (M1_NM, 1) S0(0) 0x5:ud\n"
                      "sample_lz.RG (M5, 8)  0x0:uw S0 T6 D.0 %null.0 U.0 V.0\n";
    tu_visa_kernel k;
    tu_visa_state st;
    tu_error err = {0};
    if (!load("kernel", src, TU_VISA_XE_LP, &k, &st)) return;
    const tu_visa_var *U = var(&k, "U"), *V = var(&k, "V"), *D = var(&k, "D");
    tu_msg *m = calloc(1, sizeof *m);
    m->op = TU_OP_SAMPLE_LZ, m->simd = 8, m->channel_mask = 0x3;
    for (unsigned l = 0; l < 8; l++) {
        const uint16_t hu = tu_float_to_half(0.07f * (float)l),
                       hv = tu_float_to_half(0.9f - 0.1f * (float)l);
        memcpy(st.grf + U->grf_offset + 2 * l, &hu, 2);
        memcpy(st.grf + V->grf_offset + 2 * l, &hv, 2);
        m->src[TU_SRC_U].f[l] = tu_half_to_float(hu), m->src[TU_SRC_V].f[l] = tu_half_to_float(hv);
    }
    st.dispatch_mask = 0x00a50000u; /* channels 16..23: 0xa5 */
    m->lane_mask = 0xa5;
    memset(st.grf + D->grf_offset, 0x5a, 64);
    CHECK(tu_visa_execute(&k, &st, &b.bind, &err) == TU_OK, "%s", err.message);
    static tu_reply r;
    CHECK(tu_execute(m, &b.img.surface, &b.smp, &r, &err) == TU_OK);
    for (unsigned l = 0; l < 8; l++) {
        uint16_t hr, hg;
        memcpy(&hr, st.grf + D->grf_offset + 2 * l, 2);
        memcpy(&hg, st.grf + D->grf_offset + 32 + 2 * l, 2); /* G starts in the next GRF */
        if (0xa5 >> l & 1)
            CHECK(hr == tu_float_to_half(r.channel[0].f[l]) &&
                      hg == tu_float_to_half(r.channel[1].f[l]),
                  "lane %u", l);
        else
            CHECK(hr == 0x5a5a && hg == 0x5a5a, "lane %u untouched", l);
    }
    free(m);
    tu_visa_state_free(&st);
    tu_visa_kernel_free(&k);
    tu_image_free(&b.img);
}

/* Predicate controls: .any enables every lane when one bit is set; .all only when all are;
 * ! inverts after. Run sample_lz with each on P1 = 0x0001 and check which lanes were written. */
static void test_predicates(void) {
    bench b;
    bench_init(&b, TU_FORMAT_R32_SFLOAT);
    const char *forms[] = {"(P1)", "(!P1)", "(P1.any)", "(!P1.any)", "(P1.all)", "(!P1.all)"};
    const uint32_t want[] = {0x01, 0xfe, 0xff, 0x00, 0x00, 0xff};
    for (int f = 0; f < 6; f++) {
        char src[512];
        snprintf(src, sizeof src,
                 ".decl D v_type=G type=f num_elts=8 align=GRF\n"
                 ".decl U v_type=G type=f num_elts=8 align=GRF\n"
                 ".decl P1 v_type=P num_elts=8\n.decl S0 v_type=S num_elts=1\n"
                 ".decl T6 v_type=T num_elts=1\nmovs (M1_NM, 1) T6(0) 0x7b:ud\n"
                 "movs (M1_NM, 1) S0(0) 0x5:ud\n"
                 "%s sample_lz.R (M1_NM, 8)  0x0:uw S0 T6 D.0 %%null.0 U.0\n",
                 forms[f]);
        tu_visa_kernel k;
        tu_visa_state st;
        tu_error err = {0};
        if (!load("kernel", src, TU_VISA_XE_LP, &k, &st)) continue;
        for (uint32_t i = 0; i < k.var_count; i++)
            if (k.vars[i].kind == TU_VISA_VAR_P) st.pred_bits[i] = 0x0001;
        st.dispatch_mask = 0; /* NM: the thread's mask does not matter */
        const tu_visa_var *D = var(&k, "D");
        memset(st.grf + D->grf_offset, 0xff, 32);
        CHECK(tu_visa_execute(&k, &st, &b.bind, &err) == TU_OK, "%s", err.message);
        uint32_t written = 0;
        for (unsigned l = 0; l < 8; l++) {
            uint32_t w;
            memcpy(&w, st.grf + D->grf_offset + 4 * l, 4);
            if (w != 0xffffffffu) written |= 1u << l;
        }
        CHECK(written == want[f], "%s: lanes 0x%x, want 0x%x", forms[f], written, want[f]);
        tu_visa_state_free(&st);
        tu_visa_kernel_free(&k);
    }
    tu_image_free(&b.img);
}

/* The refusals of execution: an unbound surface, mixed parameter types, a destination too
 * small for its channels, a bad destination type. */
static void test_execute_refusals(void) {
    bench b;
    bench_init(&b, TU_FORMAT_R32_SFLOAT);
    const struct {
        const char *lines;
        const char *needle;
    } cases[] = {
        {"movs (M1_NM, 1) T6(0) 0x7c:ud\nsample_lz.R (M1, 8)  0x0:uw S0 T6 D.0 %null.0 U.0",
         "holds binding-table index 124, but no surface is bound there"},
        {"sample_lz.R (M1, 8)  0x0:uw S0 T6 D.0 %null.0 U.0 H.0",
         "parameter 1 (v) has type hf, but the parameters before it are 32-bit"},
        {"sample_lz.RGBA (M1, 8)  0x0:uw S0 T6 D.0 %null.0 U.0", "needs 128 bytes, but D has 32"},
        {"sample_lz.R (M1, 8)  0x0:uw S0 T6 B.0 %null.0 U.0", "must be HF, F, W, UW, D or UD"},
        {"sample_lz.R (M1, 8)  0x0:uw S0 T6 D.0 %null.0 I.0",
         "parameter 0 (u) of sample_lz has type ud; sample and gather4 take F or HF"},
        {"load_3d.R (M1, 8)  0x0:uw T6 D.0 %null.0 U.0", "loads take UD, D or UW"},
        {"sample_po.R (M1, 8)  0x0:uw S0 T6 D.0 %null.0 H.0 H.0 H.0 H.0",
         "packs offsets into a 32-bit parameter and needs type F"},
        /* Raw operands start on a register (vISA spec, "Operands", raw operand): Q (one dword)
         * puts W at byte 196, so W.0 is not GRF-aligned though its offset is 0. */
        {"sample_lz.R (M1, 8)  0x0:uw S0 T6 W.0 %null.0 U.0",
         "the destination W.0 is not GRF-aligned: W sits at GRF byte 196"},
        {"sample_lz.R (M1, 8)  0x0:uw S0 T6 D.0 %null.0 W.0",
         "parameter 0 (u) W.0 is not GRF-aligned: W sits at GRF byte 196"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char src[1024];
        snprintf(src, sizeof src,
                 ".decl D v_type=G type=f num_elts=8 align=GRF\n"
                 ".decl U v_type=G type=f num_elts=8 align=GRF\n"
                 ".decl H v_type=G type=hf num_elts=16 align=GRF\n"
                 ".decl I v_type=G type=ud num_elts=8 align=GRF\n"
                 ".decl B v_type=G type=ub num_elts=64 align=GRF\n"
                 ".decl Q v_type=G type=ud num_elts=1 align=dword\n"
                 ".decl W v_type=G type=f num_elts=8 align=dword\n"
                 ".decl S0 v_type=S num_elts=1\n.decl T6 v_type=T num_elts=1\n"
                 "movs (M1_NM, 1) T6(0) 0x7b:ud\nmovs (M1_NM, 1) S0(0) 0x5:ud\n%s\n",
                 cases[i].lines);
        tu_visa_kernel k;
        tu_visa_state st;
        tu_error err = {0};
        if (!load("kernel", src, TU_VISA_XE_LP, &k, &st)) continue;
        CHECK_ERR(tu_visa_execute(&k, &st, &b.bind, &err), TU_INVALID_ARGUMENT, &err,
                  cases[i].needle);
        /* A kernel changed through the API after parsing meets the same rule: the executor
         * validates every instruction (a misaligned destination once wrote one dword along). */
        tu_visa_inst *last = &k.lines[k.line_count - 1].inst;
        last->dst = (tu_visa_raw){last->dst.id, 4};
        char needle[64];
        const char *dst_name = "%null";
        for (uint32_t v = 0; v < k.var_count; v++)
            if (k.vars[v].kind == TU_VISA_VAR_G && k.vars[v].id == last->dst.id)
                dst_name = k.vars[v].name;
        snprintf(needle, sizeof needle, "the destination %s.4 of ", dst_name);
        CHECK_ERR(tu_visa_execute(&k, &st, &b.bind, &err), TU_INVALID_ARGUMENT, &err, needle);
        CHECK(strstr(err.message, "is not GRF-aligned") != NULL, "%s", err.message);
        tu_visa_state_free(&st);
        tu_visa_kernel_free(&k);
    }
    tu_image_free(&b.img);
}

/* The efficient-64b operands resolve through the bindless table (base value + index), and no
 * binary encodes them. */
static void test_efficient_64b(void) {
    tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R32_SFLOAT, 4, 4, 1, 1, 1, 1);
    tu_error err = {0};
    tu_surface_fill_hash(&img.surface, 3, &err);
    tu_sampler smp = tu_sampler_default();
    tu_visa_bindings bind;
    memset(&bind, 0, sizeof bind);
    bind.bindless_count = 2;
    bind.bindless[0].handle = 0x1000 + 12, bind.bindless[0].surface = &img.surface;
    bind.bindless[1].handle = 0x2000 + 6, bind.bindless[1].sampler = &smp;
    const char *src = ".decl D v_type=G type=f num_elts=16 align=GRF\n" /* one Xe2 GRF */
                      ".decl U v_type=G type=f num_elts=8 align=GRF\n"
                      ".decl SMPL v_type=G type=uq num_elts=1 align=qword\n"
                      ".decl SURF v_type=G type=uq num_elts=1 align=qword\n"
                      "sample_lz.R (M1, 8)  0x0:uw (SMPL, 6) (SURF, 12) D.0 %null.0 U.0 U.0\n";
    tu_visa_kernel k;
    tu_visa_state st;
    if (!load("kernel", src, TU_VISA_XE2, &k, &st)) return;
    const uint64_t smpl = 0x2000, surf = 0x1000;
    memcpy(st.grf + var(&k, "SMPL")->grf_offset, &smpl, 8);
    memcpy(st.grf + var(&k, "SURF")->grf_offset, &surf, 8);
    for (unsigned l = 0; l < 8; l++)
        put_f(&st, var(&k, "U"), l, 0.1f * (float)l);
    CHECK(tu_visa_execute(&k, &st, &bind, &err) == TU_OK, "%s", err.message);
    /* the same message through the engine directly */
    tu_msg *m = calloc(1, sizeof *m);
    m->op = TU_OP_SAMPLE_LZ, m->simd = 8, m->lane_mask = 0xff, m->channel_mask = 1;
    for (unsigned l = 0; l < 8; l++)
        m->src[TU_SRC_U].f[l] = m->src[TU_SRC_V].f[l] = 0.1f * (float)l;
    static tu_reply r;
    CHECK(tu_execute(m, &img.surface, &smp, &r, &err) == TU_OK);
    CHECK(memcmp(st.grf + var(&k, "D")->grf_offset, r.channel[0].u, 32) == 0);
    /* the binary has no place for them */
    uint8_t buf[128];
    size_t n;
    CHECK_ERR(tu_visa_encode(&k.lines[0].inst, buf, sizeof buf, &n, &err), TU_UNSUPPORTED, &err,
              "has no vISA 4.1 binary encoding");
    /* a handle nothing is bound at */
    const uint64_t elsewhere = 0x3000;
    memcpy(st.grf + var(&k, "SURF")->grf_offset, &elsewhere, 8);
    CHECK_ERR(tu_visa_execute(&k, &st, &bind, &err), TU_INVALID_ARGUMENT, &err,
              "resolves to handle 0x300c, but no bindless surface is bound there");
    free(m);
    tu_visa_state_free(&st);
    tu_visa_kernel_free(&k);
    tu_image_free(&img);
}

/* Every row of the op table executes through vISA exactly as the engine does when given the
 * same logical message, built here from the row's parameter list: SIMD16, random values,
 * packed offset parameters included. */
static int32_t sext4_test(uint32_t v) {
    return (int32_t)((v & 0xf) ^ 8) - 8;
}

static void test_every_op_executes(void) {
    uint64_t rng = tu_test_seed(4242);
    unsigned runs = 0;
    for (unsigned o = 0; o < tuL_op_count; o++) {
        const tuL_op *op = &tuL_ops[o];
        const tu_op_info *info = tu_op_describe((tu_op)op->op);
        const bool compare = info->flags & TU_OPF_COMPARE;
        tu_image img = tu_test_image(TU_SURFACE_2D, true,
                                     compare ? TU_FORMAT_D32_SFLOAT : TU_FORMAT_R16G16B16A16_SFLOAT,
                                     8, 8, 1, 4, 3, 1);
        tu_error err = {0};
        tu_surface_fill_hash(&img.surface, 77, &err);
        tu_sampler smp = tu_sampler_default();
        smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR, smp.mip_filter = TU_MIP_LINEAR;
        if (compare) smp.compare = TU_COMPARE_LESS;
        tu_visa_bindings bind;
        memset(&bind, 0, sizeof bind);
        bind.surfaces[3] = &img.surface, bind.samplers[2] = &smp;
        const bool info_op = op->opcode == TUL_OPCODE_3D_INFO;
        const char *ptype = op->pclass == TUL_PC_FLOAT    ? "f"
                            : op->pclass == TUL_PC_INT_UW ? "uw"
                                                          : "ud";
        char src[4096];
        int n = snprintf(src, sizeof src,
                         ".decl D v_type=G type=%s num_elts=80 align=GRF\n"
                         ".decl S0 v_type=S num_elts=1\n.decl T6 v_type=T num_elts=1\n",
                         info_op ? "ud" : "f");
        for (unsigned p = 0; p < op->nparams; p++) {
            const bool off = op->params[p] == TUL_P_OFFU || op->params[p] == TUL_P_OFFV;
            n += snprintf(src + n, sizeof src - (size_t)n,
                          ".decl P%u v_type=G type=%s num_elts=16 align=GRF\n", p,
                          off ? "d" : ptype);
        }
        n +=
            snprintf(src + n, sizeof src - (size_t)n,
                     "movs (M1_NM, 1) T6(0) 0x3:ud\nmovs (M1_NM, 1) S0(0) 0x2:ud\n%s.RGBA (M1, 16)",
                     op->mnemonic);
        if (info_op) {
            n += snprintf(src + n, sizeof src - (size_t)n, " T6%s D.0\n",
                          op->nparams ? " P0.0" : "");
        } else {
            n += snprintf(src + n, sizeof src - (size_t)n, " 0x%x:uw%s T6 D.0 %%null.0",
                          op->opcode == TUL_OPCODE_3D_GATHER4 ? 0x1f0 : 0x0,
                          op->opcode == TUL_OPCODE_3D_LOAD ? "" : " S0");
            for (unsigned p = 0; p < op->nparams; p++)
                n += snprintf(src + n, sizeof src - (size_t)n, " P%u.0", p);
            n += snprintf(src + n, sizeof src - (size_t)n, "\n");
        }
        if (op->opcode == TUL_OPCODE_3D_GATHER4) /* gather4 takes one channel */
            memcpy(strstr(src, ".RGBA"), ".G   ", 5);
        tu_visa_kernel k;
        tu_visa_state st;
        if (!load(op->mnemonic, src, TU_VISA_XE_LP, &k, &st)) {
            tu_image_free(&img);
            continue;
        }
        tu_msg *m = calloc(1, sizeof *m);
        m->op = (tu_op)op->op, m->simd = 16, m->lane_mask = 0xffff;
        const bool gather = op->opcode == TUL_OPCODE_3D_GATHER4;
        m->channel_mask = 0xf, m->gather_channel = gather ? 1 : 0;
        if (gather) m->offset[0] = 1, m->offset[1] = -1;
        uint32_t mcs[4][16] = {{0}};
        for (unsigned p = 0; p < op->nparams; p++) {
            char pname[8];
            snprintf(pname, sizeof pname, "P%u", p);
            const tu_visa_var *v = var(&k, pname);
            const tuL_param kind = (tuL_param)op->params[p];
            for (unsigned l = 0; l < 16; l++) {
                const uint64_t r = tu_test_rand(&rng);
                uint32_t bits;
                float f = (float)(r % 1400) / 1000.0f - 0.2f;
                if (kind >= TUL_P_OFFUVR) { /* a float in bits 31:12, offsets below */
                    memcpy(&bits, &f, 4);
                    bits = (bits & 0xfffff000u) | (uint32_t)(r >> 20) % 0x1000;
                    memcpy(&f, &bits, 4);
                } else if (op->pclass != TUL_PC_FLOAT || kind == TUL_P_OFFU || kind == TUL_P_OFFV) {
                    bits = (uint32_t)(r >> 13) % (kind == TUL_P_LOD ? 3 : 9);
                    if (kind == TUL_P_OFFU || kind == TUL_P_OFFV)
                        bits = (uint32_t)((int32_t)(r % 41) - 20);
                } else {
                    memcpy(&bits, &f, 4);
                }
                const uint32_t esize = tu_visa_type_size((tu_visa_type)v->type);
                memcpy(st.grf + v->grf_offset + esize * l, &bits, esize);
                const int32_t iv = esize == 2 ? (int32_t)(uint16_t)bits : (int32_t)bits;
                switch (kind) {
                case TUL_P_U: m->src[TU_SRC_U].u[l] = bits; break;
                case TUL_P_V: m->src[TU_SRC_V].u[l] = bits; break;
                case TUL_P_R: m->src[TU_SRC_R].u[l] = bits; break;
                case TUL_P_AI: m->src[TU_SRC_AI].u[l] = bits; break;
                case TUL_P_REF: m->src[TU_SRC_REF].u[l] = bits; break;
                case TUL_P_BIAS: m->src[TU_SRC_BIAS].u[l] = bits; break;
                case TUL_P_LOD: m->src[TU_SRC_LOD].u[l] = bits; break;
                case TUL_P_DUDX: m->src[TU_SRC_DUDX].u[l] = bits; break;
                case TUL_P_DUDY: m->src[TU_SRC_DUDY].u[l] = bits; break;
                case TUL_P_DVDX: m->src[TU_SRC_DVDX].u[l] = bits; break;
                case TUL_P_DVDY: m->src[TU_SRC_DVDY].u[l] = bits; break;
                case TUL_P_DRDX: m->src[TU_SRC_DRDX].u[l] = bits; break;
                case TUL_P_DRDY: m->src[TU_SRC_DRDY].u[l] = bits; break;
                case TUL_P_OFFU: m->src[TU_SRC_OFFU].i[l] = iv; break;
                case TUL_P_OFFV: m->src[TU_SRC_OFFV].i[l] = iv; break;
                case TUL_P_SI: m->src[TU_SRC_SI].i[l] = iv; break;
                case TUL_P_MCSL: m->src[TU_SRC_MCSL].u[l] = bits; break;
                case TUL_P_MCSH: m->src[TU_SRC_MCSH].u[l] = bits; break;
                case TUL_P_MCS0:
                case TUL_P_MCS1:
                case TUL_P_MCS2:
                case TUL_P_MCS3: mcs[kind - TUL_P_MCS0][l] = bits & 0xffff; break;
                default: { /* the packed forms (docs/semantics.md, "vISA") */
                    const bool has_r = kind == TUL_P_OFFUVR || kind == TUL_P_BIAS_OFFUVR ||
                                       kind == TUL_P_LOD_OFFUVR || kind == TUL_P_R_OFFUVR;
                    m->src[TU_SRC_OFFU].i[l] = sext4_test(bits >> 8);
                    m->src[TU_SRC_OFFV].i[l] = sext4_test(bits >> 4);
                    m->src[TU_SRC_OFFR].i[l] = has_r ? sext4_test(bits) : 0;
                    const uint32_t hi = bits & 0xfffff000u;
                    if (kind == TUL_P_BIAS_OFFUVR) m->src[TU_SRC_BIAS].u[l] = hi;
                    if (kind == TUL_P_LOD_OFFUVR || kind == TUL_P_LOD_OFFUV)
                        m->src[TU_SRC_LOD].u[l] = hi;
                    if (kind == TUL_P_R_OFFUV || kind == TUL_P_R_OFFUVR) m->src[TU_SRC_R].u[l] = hi;
                    break;
                }
                }
            }
        }
        if (op->pclass == TUL_PC_INT_UW)
            for (unsigned l = 0; l < 16; l++) {
                m->src[TU_SRC_MCSL].u[l] = mcs[0][l] | mcs[1][l] << 16;
                m->src[TU_SRC_MCSH].u[l] = mcs[2][l] | mcs[3][l] << 16;
            }
        CHECK(tu_visa_execute(&k, &st, &bind, &err) == TU_OK, "%s: %s", op->mnemonic, err.message);
        static tu_reply r;
        const tu_sampler load_state = tu_sampler_default();
        const bool takes_sampler =
            op->opcode == TUL_OPCODE_3D_SAMPLE || op->opcode == TUL_OPCODE_3D_GATHER4;
        CHECK(tu_execute(m, &img.surface, takes_sampler ? &smp : &load_state, &r, &err) == TU_OK,
              "%s: %s", op->mnemonic, err.message);
        const tu_visa_var *D = var(&k, "D");
        bool same = true;
        for (int c = 0; c < 4; c++)
            for (unsigned l = 0; l < 16; l++) {
                uint32_t got;
                memcpy(&got, st.grf + D->grf_offset + 64 * c + 4 * l, 4);
                same &= got == r.channel[c].u[l];
            }
        CHECK(same, "%s through vISA differs from the engine", op->mnemonic);
        runs++;
        free(m);
        tu_visa_state_free(&st);
        tu_visa_kernel_free(&k);
        tu_image_free(&img);
    }
    CHECK_EQ_U(runs, tuL_op_count);
}

/* MEDIA_LD through vISA writes what tu_media_block_read reads, at the register pitch. */
static void test_execute_media(void) {
    tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, 1, 1);
    tu_error err = {0};
    tu_surface_fill_hash(&img.surface, 5, &err);
    tu_visa_bindings bind;
    memset(&bind, 0, sizeof bind);
    bind.surfaces[9] = &img.surface;
    const char *src = ".decl D v_type=G type=ub num_elts=128 align=GRF\n"
                      ".decl Y v_type=G type=ud num_elts=1 align=dword\n"
                      ".decl T6 v_type=T num_elts=1\nmovs (M1_NM, 1) T6(0) 0x9:ud\n"
                      "media_ld.bottom (6,3) T6 0 0xfffffffe:ud Y(0,0)<0;1,0> D.0\n";
    tu_visa_kernel k;
    tu_visa_state st;
    if (!load("kernel", src, TU_VISA_XE_LP, &k, &st)) return;
    const uint32_t y = 1;
    memcpy(st.grf + var(&k, "Y")->grf_offset, &y, 4);
    memset(st.grf + var(&k, "D")->grf_offset, 0x77, 128);
    CHECK(tu_visa_execute(&k, &st, &bind, &err) == TU_OK, "%s", err.message);
    uint8_t want[64];
    memset(want, 0x77, sizeof want);
    const tu_media_read rd = {TU_MEDIA_BOTTOM_FIELD, 0, 6, 3, -2, 1};
    CHECK(tu_media_block_read(&img.surface, &rd, want, sizeof want, &err) == TU_OK);
    CHECK(memcmp(st.grf + var(&k, "D")->grf_offset, want, 3 * 8) == 0,
          "media_ld through vISA differs from tu_media_block_read");
    tu_visa_state_free(&st);
    tu_visa_kernel_free(&k);
    tu_image_free(&img);
}

/* The statements around texunit's instructions, in the forms IGC prints them
 * (IsaDisassembly.cpp: printInstructionCommon, printInstructionControlFlow,
 * printInstructionMisc, printVectorOperand) and CISA.y reads them: each parses as its kind
 * and name, and prints back as written (without IGC's four leading spaces and `/// $N`). */
static void test_igc_statements(void) {
    const struct {
        const char *line;
        tu_visa_line_kind kind;
        const char *op;
    } cases[] = {
        {"mov (M1_NM, 1) V0039(0,0)<1> 0x0:ud", TU_VISA_LINE_OTHER, "mov"},
        {"mov (M1, 16) U(0,0)<1> (-)V(0,0)<1;1,0>", TU_VISA_LINE_OTHER, "mov"},
        {"mov.sat (M1, 16) U(0,0)<1> (abs)V(0,0)<1;1,0>", TU_VISA_LINE_OTHER, "mov"},
        {"mov (M1, 16) U(0,0)<1> (-abs)V(0,0)<1;1,0>", TU_VISA_LINE_OTHER, "mov"},
        {"not (M1, 16) UI(0,0)<1> (~)VI(0,0)<1;1,0>", TU_VISA_LINE_OTHER, "not"},
        {"add (M1_NM, 1) texture(0,0)<1> src(2,8)<0;1,0> 0x500:w", TU_VISA_LINE_OTHER, "add"},
        {"add (M1, 16) U(0,0)<1> V(0,0)<1;1,0> -1.5:f", TU_VISA_LINE_OTHER, "add"},
        {"mul (M1, 16) U(0,0)<1> V(0,0)<1;1,0> 2.5e-3:f", TU_VISA_LINE_OTHER, "mul"},
        {"cmp.eq (M1, 16) P6 V0039(0,0)<0;1,0> V0039(0,0)<0;1,0>", TU_VISA_LINE_OTHER, "cmp"},
        {"mov (M1_NM, 1) V0039(0,0)<1> P6", TU_VISA_LINE_OTHER, "mov"},
        {"setp (M1_NM, 16) P6 0x0:ud", TU_VISA_LINE_OTHER, "setp"},
        {"or (M1_NM, 16) P6 P6 P6", TU_VISA_LINE_OTHER, "or"},
        {"fbl (M1_NM, 1) V0039(0,0)<1> V0039(0,0)<0;1,0>", TU_VISA_LINE_OTHER, "fbl"},
        {"addr_add (M1_NM, 1) A0(0)<1> &texture V0039(0,0)<0;1,0>", TU_VISA_LINE_OTHER, "addr_add"},
        {"addr_add (M1_NM, 1) A0(0)<1> &texture[4] V0039(0,0)<0;1,0>", TU_VISA_LINE_OTHER,
         "addr_add"},
        {"mov (M1_NM, 1) V0039(0,0)<1> r[A0(0),0]<0;1,0>:d", TU_VISA_LINE_OTHER, "mov"},
        {"mov (M1, 8) r[A0(0),-32]<1>:f V(0,0)<1;1,0>", TU_VISA_LINE_OTHER, "mov"},
        {"mov (M1, 8) U(0,0)<1> r[A0(0),0]<8,1>:f", TU_VISA_LINE_OTHER, "mov"},
        {"add (M1, 16) U<1> V.v U(0,1).s", TU_VISA_LINE_OTHER, "add"}, /* short regions */
        {"mad (M1, 16) U(0,0)<1> V(0,0)<1;1,0> U(0,0)<1;1,0> 0x3f800000:f", TU_VISA_LINE_OTHER,
         "mad"},
        {"bfn.xd8 (M1, 16) UI(0,0)<1> VI(0,0)<1;1,0> VI(0,0)<1;1,0> UI(0,0)<1;1,0>",
         TU_VISA_LINE_OTHER, "bfn"},
        {"(!P6) goto (M1, 16) _test1_001__opt_resource_loop", TU_VISA_LINE_OTHER, "goto"},
        {"(P6.any) jmp (M1, 1) L1", TU_VISA_LINE_OTHER, "jmp"},
        {"ret (M1, 1)", TU_VISA_LINE_OTHER, "ret"},
        {"fret (M1, 1)", TU_VISA_LINE_OTHER, "fret"},
        {"call (M1, 1) sub_1", TU_VISA_LINE_OTHER, "call"},
        {"fcall (M1, 1) callee 2 1", TU_VISA_LINE_OTHER, "fcall"},
        {"switchjmp (M1, 1) V0039(0,0)<0;1,0> (L1, L2, L3)", TU_VISA_LINE_OTHER, "switchjmp"},
        {"raw_send (M1, 16) 0x2a 2 4  0x2284000:ud U.0 DST.0", TU_VISA_LINE_OTHER, "raw_send"},
        {"fence_global.EIS", TU_VISA_LINE_OTHER, "fence_global"},
        {"barrier", TU_VISA_LINE_OTHER, "barrier"},
        {"sampler_cache_flush", TU_VISA_LINE_OTHER, "sampler_cache_flush"},
        {"movs (M1, 1) V43(0,0)<1> T6(0)", TU_VISA_LINE_OTHER, "movs"},
        {"lifetime.start V0039", TU_VISA_LINE_LIFETIME, "lifetime.start"},
        {"lifetime.end V0039", TU_VISA_LINE_LIFETIME, "lifetime.end"},
        {"_main_0:", TU_VISA_LINE_LABEL, "label"},
        {"BB_1-2$x:", TU_VISA_LINE_LABEL, "label"},
        {"FILE \"/test.cl\"", TU_VISA_LINE_FILE, "FILE"},
        {"FILE \"a\\\"b//c\"", TU_VISA_LINE_FILE, "FILE"},
        {"LOC 3", TU_VISA_LINE_LOC, "LOC"},
        {".file \"x.cl\"", TU_VISA_LINE_FILE, ".file"},
        {".loc 7", TU_VISA_LINE_LOC, ".loc"},
        {".function \"the_test_BB_0\"", TU_VISA_LINE_FUNCTION, ".function"},
        {"movs (M1, 1) T6(0) 0x7b:ud", TU_VISA_LINE_MOVS, "movs"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int dressed = 0; dressed < 2; dressed++) { /* as IGC prints it: indented, /// $N */
            char line[256];
            snprintf(line, sizeof line, dressed ? "    %s /// $%zu" : "%s", cases[i].line, i);
            tu_visa_kernel k, k2;
            tu_error err = {0};
            if (!parse_line_in(line, &k)) continue;
            CHECK(k.line_count == 1 && k.lines[0].kind == cases[i].kind &&
                      strcmp(k.lines[0].op, cases[i].op) == 0 && k.lines[0].line == 24,
                  "%s: kind %u op '%s'", line, k.line_count ? k.lines[0].kind : 99,
                  k.line_count ? k.lines[0].op : "");
            char *p1 = NULL, *p2 = NULL;
            CHECK(tu_visa_print(&k, &p1, &err) == TU_OK, "%s", err.message);
            char want[300];
            snprintf(want, sizeof want, "\n%s\n", cases[i].line);
            CHECK(p1 && strstr(p1, want), "%s printed as:\n%s", line, p1 ? p1 : "");
            CHECK(p1 && parse(p1, &k2, &err) == TU_OK, "%s", err.message);
            CHECK(p1 && tu_visa_print(&k2, &p2, &err) == TU_OK && strcmp(p1, p2) == 0, "%s", line);
            if (p1) tu_visa_kernel_free(&k2);
            free(p1), free(p2);
            tu_visa_kernel_free(&k);
        }
}

/* Declarations and directives in every form CISA.y reads, printed back as IGC prints them. */
static void test_igc_declarations(void) {
    const char *const lines[] = {
        ".decl A0 v_type=A num_elts=1",
        ".decl V70 v_type=G type=ud num_elts=1 align=hword alias=<%sp, 0>",
        ".decl V71 v_type=G type=uq num_elts=1 alias=<SURF, 0>",
        ".decl V72 v_type=G type=bf num_elts=8",
        ".decl V73 v_type=G type=d num_elts=6 align=wordx32",
        ".decl T7 v_type=T num_elts=1 v_name=T7",
        ".decl S1 v_type=S num_elts=1 v_name=S1",
        ".decl P2 v_type=P num_elts=16 attrs={Input, Offset=4, Name=\"x y\"}",
        ".decl V74 v_type=G type=f num_elts=16 align=GRF attrs={NoWidening}",
        ".implicit_LOCAL_ID V43 offset=24 size=4",
        ".input V50 offset=64 size=256",
        ".input T6 offset=32 size=4",
        ".funcdecl \"callee\"",
        ".kernel_attr Target=\"cm\"",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        tu_visa_kernel k;
        tu_error err = {0};
        if (!parse_line_in(lines[i], &k)) continue;
        char *p = NULL;
        CHECK(tu_visa_print(&k, &p, &err) == TU_OK, "%s", err.message);
        char want[300];
        snprintf(want, sizeof want, "\n%s\n", lines[i]);
        CHECK(p && strstr(p, want), "%s printed as:\n%s", lines[i], p ? p : "");
        free(p);
        tu_visa_kernel_free(&k);
    }
    /* an alias of %sp has storage of its own; the inputs print in their order */
    const char *src = ".version 4.2\n.global_function \"stack_caller\"\n"
                      ".decl B v_type=G type=ud num_elts=8 align=GRF\n"
                      ".decl A v_type=G type=ud num_elts=8 align=GRF\n"
                      ".decl SP v_type=G type=ud num_elts=1 align=hword alias=<%sp, 0>\n"
                      ".input A offset=0 size=32\n.input B offset=32\n";
    tu_visa_kernel k;
    tu_error err = {0};
    if (CHECK(parse(src, &k, &err) == TU_OK, "%s", err.message)) {
        char *p = NULL;
        CHECK(tu_visa_print(&k, &p, &err) == TU_OK, "%s", err.message);
        CHECK(p && strstr(p, ".global_function \"stack_caller\"\n") &&
                  strstr(p, ".input A offset=0 size=32\n.input B offset=32 size=32\n"),
              "%s", p ? p : "");
        const tu_visa_var *sp = var(&k, "SP");
        CHECK(sp && sp->alias && sp->alias_predefined && sp->grf_offset >= 64, "SP at %u",
              sp ? sp->grf_offset : 0);
        free(p);
        tu_visa_kernel_free(&k);
    }
}

/* A dump's other instructions: the first one stops tu_visa_execute by line and mnemonic;
 * with skip_other they are stepped over and counted, labels and markers are not, and the
 * texture instruction writes what it writes without them. */
static void test_execute_other_lines(void) {
    bench b;
    bench_init(&b, TU_FORMAT_R8G8B8A8_UNORM);
    const char *head = ".decl D v_type=G type=f num_elts=64 align=GRF\n"
                       ".decl U v_type=G type=f num_elts=16 align=GRF\n"
                       ".decl V v_type=G type=f num_elts=16 align=GRF\n"
                       ".decl S0 v_type=S num_elts=1\n"
                       ".decl T6 v_type=T num_elts=1\n"
                       "movs (M1_NM, 1) T6(0) 0x7b:ud\n"
                       "movs (M1_NM, 1) S0(0) 0x5:ud\n";
    const char *sample = "sample_3d.RGBA (M1, 16)  0x0:uw S0 T6 D.0 %null.0 U.0 V.0\n";
    const char *around = ".function \"f_0\"\nf_0:\nFILE \"k.cl\"\nLOC 3\nlifetime.start D\n"
                         "mov (M1, 16) U(0,0)<1> 0x3f000000:f\n";
    char whole[2048], bare[1024];
    snprintf(whole, sizeof whole, "%s%s%sret (M1, 1)\n", head, around, sample);
    snprintf(bare, sizeof bare, "%s%s", head, sample);
    tu_visa_kernel k, kb;
    tu_visa_state st, sb;
    if (!load("whole", whole, TU_VISA_XE_LP, &k, &st)) return;
    if (!load("bare", bare, TU_VISA_XE_LP, &kb, &sb)) {
        tu_visa_kernel_free(&k);
        tu_visa_state_free(&st);
        return;
    }
    const tu_visa_var *U = var(&k, "U"), *V = var(&k, "V");
    for (unsigned l = 0; l < 16; l++) {
        put_f(&st, U, l, (float)l / 16), put_f(&st, V, l, 0.25f);
        put_f(&sb, var(&kb, "U"), l, (float)l / 16), put_f(&sb, var(&kb, "V"), l, 0.25f);
    }
    tu_error err = {0};
    CHECK_ERR(tu_visa_execute(&k, &st, &b.bind, &err), TU_UNSUPPORTED, &err,
              "line 13: 'mov' is outside texunit's instructions");
    st.skip_other = true;
    CHECK(tu_visa_execute(&k, &st, &b.bind, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(st.skipped, 2); /* mov and ret */
    CHECK(tu_visa_execute(&kb, &sb, &b.bind, &err) == TU_OK, "%s", err.message);
    const tu_visa_var *D = var(&k, "D"), *Db = var(&kb, "D");
    CHECK(memcmp(st.grf + D->grf_offset, sb.grf + Db->grf_offset, 256) == 0,
          "the texture instruction wrote otherwise among the other lines");
    tu_visa_state_free(&st), tu_visa_state_free(&sb);
    tu_visa_kernel_free(&k), tu_visa_kernel_free(&kb);
    tu_image_free(&b.img);
}

int main(void) {
    TU_RUN(test_igc_lines);
    TU_RUN(test_every_op_round_trip);
    TU_RUN(test_errors);
    TU_RUN(test_igc_statements);
    TU_RUN(test_igc_declarations);
    TU_RUN(test_execute_other_lines);
    TU_RUN(test_immediate_range);
    TU_RUN(test_line_ends);
    TU_RUN(test_names_round_trip);
    TU_RUN(test_execute_sample);
    TU_RUN(test_execute_half_and_emask);
    TU_RUN(test_predicates);
    TU_RUN(test_execute_refusals);
    TU_RUN(test_every_op_executes);
    TU_RUN(test_execute_media);
    TU_RUN(test_efficient_64b);
    return tu_test_finish();
}
