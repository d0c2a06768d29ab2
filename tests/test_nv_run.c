/* SPDX-License-Identifier: MIT */
/*
 * test_nv_run.c - `texunit run FILE.sass` (tools/run_sass.c): the example program's output is the
 * one recorded in examples/tld.expected; textures from KTX2 files and raw blobs read the same as
 * the generator's; directives and instructions that are refused stop the program with
 * "PATH:LINE: reason" and status 1; the printed registers are the ones TLD wrote.
 */
#include "texunit/texunit.h"
#include "texunit/nv.h"

#include "query.h"
#include "run_sass.h"
#include "tu_test.h"

#include <stdio.h>
#include <stdlib.h>

static char tmp_dir[512];

/* The source tree, found from this file's path (CMake passes it absolute). */
static void source_path(char *out, size_t n, const char *rel) {
    const char *file = __FILE__;
    const char *slash = strrchr(file, '/');
    const int dir_len = slash ? (int)(slash - file) : 1;
    snprintf(out, n, "%.*s/../%s", dir_len, slash ? file : ".", rel);
}

static char *slurp(FILE *f) {
    fseek(f, 0, SEEK_END);
    const long n = ftell(f);
    rewind(f);
    char *s = calloc(1, (size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) s[0] = 0;
    return s;
}

/* Run `program` (written to a file) with options and return the status, stdout and stderr. */
static int run_text_options(const char *program, const tq_sass_options *opt, char **out,
                            char **err) {
    char path[600];
    snprintf(path, sizeof path, "%s/test_nv_run.sass", tmp_dir);
    FILE *f = fopen(path, "w");
    if (!CHECK(f != NULL, "%s", path)) return -1;
    fputs(program, f);
    fclose(f);
    FILE *o = tmpfile(), *e = tmpfile();
    const int st = opt ? tq_run_sass_options(path, o, e, opt) : tq_run_sass(path, o, e);
    *out = slurp(o), *err = slurp(e);
    fclose(o);
    fclose(e);
    return st;
}

static int run_text(const char *program, char **out, char **err) {
    return run_text_options(program, NULL, out, err);
}

/* A cuobjdump -sass listing: headers, labels, a control word, a TLD among other instructions;
 * the word and the slot's .T are checked against the text; the others are refused by name or,
 * with --skip-other, skipped and counted; --arch sm_50 refuses a sparse predicate. */
static void test_listing(void) {
    tu_nv_tld t;
    uint64_t word = 0;
    uint32_t slot = 0;
    tu_nv_tld_parse("TLD.LZ.T R0, R4, 0x0, 2D, 0x1;", &t, NULL);
    CHECK(tu_nv_tld_encode(&t, &word, NULL) == TU_OK &&
          tu_nv_tld_encode_control(&t, &slot, NULL) == TU_OK && slot == 0x207e0);
    const uint64_t control = 0x7e6ull | (uint64_t)slot << 21 | 0x7e0ull << 42;
    static const char *const body =
        ".texture 0 2d rgba8_uint 4 4 1 seed=3\n"
        ".cbank 0 header=0\n"
        ".reg R4 = 1\n"
        ".reg R5 = 2\n"
        "code for sm_52\n"
        "        Function : kernel\n"
        "        .headerflags    @\"EF_CUDA_SM52 EF_CUDA_PTX_SM(EF_CUDA_SM52)\"\n"
        ".L_0:\n"
        "                                                       /* 0x%016llx */\n"
        "        /*0008*/                   MOV R1, c[0x0][0x20] ;       /* 0x4c98078000870001 */\n"
        "        /*0010*/                   %s ;   /* 0x%016llx */\n"
        "        /*0018*/                   NOP ;                      /* 0x50b0000000070f00 */\n"
        ".dump R0\n";
    char program[2048], *out, *err;
    snprintf(program, sizeof program, body, (unsigned long long)control,
             "TLD.LZ.T R0, R4, 0x0, 2D, 0x1", (unsigned long long)word);
    CHECK(run_text(program, &out, &err) == 1);
    CHECK(strstr(err, ":10: MOV is not an instruction texunit runs") != NULL, "%s", err);
    free(out), free(err);
    const tq_sass_options skip = {true, 0, NULL};
    CHECK(run_text_options(program, &skip, &out, &err) == 0, "%s", err);
    char want[256];
    snprintf(want, sizeof want, "%-56s // 0x%016llx slot 0x%06x\n",
             "TLD.LZ.T R0, R4, 0x0, 2D, 0x1;", (unsigned long long)word, slot);
    CHECK(strncmp(out, want, strlen(want)) == 0, "got:\n%s\nwant:\n%s", out, want);
    snprintf(want, sizeof want, "R0: 0x%08x\n",
             tu_texel_hash_field(TU_FORMAT_R8G8B8A8_UINT, 0, 3, 0, 0, 1, 2, 0));
    CHECK(strstr(out, want) != NULL, "%s lacks %s", out, want);
    CHECK(strstr(out, "skipped: MOV 1, NOP 1\n") != NULL, "%s", out);
    free(out), free(err);
    /* The text disagrees with its word, or with its slot's phase. */
    snprintf(program, sizeof program, body, (unsigned long long)control,
             "TLD.LZ.T R0, R4, 0x1, 2D, 0x1", (unsigned long long)word);
    CHECK(run_text_options(program, &skip, &out, &err) == 1);
    CHECK(strstr(err, ":11: 'TLD.LZ.T R0, R4, 0x1, 2D, 0x1;' encodes to") != NULL, "%s", err);
    free(out), free(err);
    snprintf(program, sizeof program, body, (unsigned long long)control,
             "TLD.LZ.P R0, R4, 0x0, 2D, 0x1", (unsigned long long)word);
    CHECK(run_text_options(program, &skip, &out, &err) == 1);
    CHECK(strstr(err, "its control slot 0x0207e0 has .T, the text .P") != NULL, "%s", err);
    free(out), free(err);
    /* A maxas line: its prefix is the slot; --arch sm_50 has no Ps. */
    static const char *const maxas = ".texture 0 2d rgba8_uint 4 4 1\n.cbank 0 header=0\n"
                                     ".reg R4 = 0\n--:-:2:Y:2      TLD.LZ.P P1, R0, R4, 0x0, "
                                     "2D, 0x1;\n";
    CHECK(run_text(maxas, &out, &err) == 0, "%s", err);
    CHECK(strstr(out, "TLD.LZ.P P1, R0, R4, 0x0, 2D, 0x1 &wr1 ?Y_S2;") != NULL, "%s", out);
    CHECK(strstr(out, "slot 0x040722") != NULL, "%s", out);
    free(out), free(err);
    /* TLD in lower case still runs; a line that is neither TLD nor a listing's is refused */
    CHECK(run_text(".texture 0 2d rgba8_uint 4 4 1\n.reg R4 = 0\ntld.lz r0, r4, 0, 2d, 0x1 &wr=1\n",
                   &out, &err) == 0,
          "%s", err);
    CHECK(strstr(out, "TLD.LZ R0, R4, 0x0, 2D, 0x1 &wr1;") != NULL, "%s", out);
    free(out), free(err);
    CHECK(run_text("tld.lz r0\n", &out, &err) == 1);
    CHECK(strstr(err, ":1: TU_PARSE_ERROR: TLD") != NULL, "%s", err);
    free(out), free(err);
    const tq_sass_options sm50 = {false, TU_NV_SM_50, NULL};
    CHECK(run_text_options(maxas, &sm50, &out, &err) == 1);
    CHECK(strstr(err, ":4: TU_INVALID_ARGUMENT: TLD sparse predicate P1: sm_50 has none") != NULL,
          "%s", err);
    free(out), free(err);
}

static void test_example(void) {
    char sass[700], expected[700];
    source_path(sass, sizeof sass, "examples/tld.sass");
    source_path(expected, sizeof expected, "examples/tld.expected");
    FILE *o = tmpfile(), *e = tmpfile();
    CHECK(tq_run_sass(sass, o, e) == 0);
    char *got = slurp(o), *errors = slurp(e);
    FILE *x = fopen(expected, "r");
    if (CHECK(x != NULL, "%s", expected)) {
        char *want = slurp(x);
        fclose(x);
        CHECK(strcmp(got, want) == 0, "the example's output differs from examples/tld.expected");
        free(want);
    }
    CHECK(errors[0] == 0, "%s", errors);
    free(got);
    free(errors);
    fclose(o);
    fclose(e);
}

/* What the instructions print: the registers TLD wrote, in the dump format. */
static void test_dump_format(void) {
    char *out, *err;
    const int st = run_text(".lanes 2\n"
                            ".texture 7 1d r32_uint 4 1 1 seed=5\n"
                            ".cbank 9 header=7 sampler=3\n"
                            ".reg R4 = 1 9\n"
                            "TLD.LZ P1, R0, R4, 9, 1D, 0x1 // comment\n"
                            "# another comment\n"
                            ".dump R0 R0:i P1 R4..R5 RZ R2:f\n"
                            ".reg R6 = 1.5f -2\n"
                            ".dump R6:f R6:i\n"
                            ".echo done\n",
                            &out, &err);
    CHECK(st == 0, "%s", err);
    char want[1024];
    const uint32_t v = tu_texel_hash(5, 0, 0, 1, 0, 0, 0);
    snprintf(want, sizeof want,
             "%-56s // 0x%016llx slot 0x%06x\n"
             "R0: 0x%08x 0x00000000\n"
             "R0: %d 0\n"
             "P1: 0 0\n"
             "R4: 0x00000001 0x00000009\n"
             "R5: 0x00000000 0x00000000\n"
             "RZ: 0x00000000 0x00000000\n"
             "R2: 0 0\n"
             "R6: 1.5 -nan\n"
             "R6: 1069547520 -2\n"
             "done\n",
             "TLD.LZ P1, R0, R4, 0x9, 1D, 0x1;",
             (unsigned long long)(0xdcull << 56 | 1ull << 51 | 9ull << 36 | 1ull << 31 |
                                  0xffull << 20 | 7ull << 16 | 4ull << 8),
             TU_NV_CONTROL_EMPTY, v, (int32_t)v);
    /* -2 as float bits is a NaN; printf spells it differently across libcs: compare up to it. */
    const char *cut = strstr(want, "R6: 1.5");
    CHECK(strncmp(out, want, (size_t)(cut - want) + 7) == 0, "got:\n%s\nwant:\n%s", out, want);
    CHECK(strstr(out, "R6: 1069547520 -2\ndone\n") != NULL, "%s", out);
    free(out);
    free(err);
}

/* Textures from files read like the generator's. */
static void test_files(void) {
    tu_image img = tu_test_image(TU_SURFACE_2D, true, TU_FORMAT_R8G8B8A8_UINT, 9, 7, 1, 2, 3, 1);
    tu_error e;
    CHECK(tu_surface_fill_hash(&img.surface, 42, &e) == TU_OK);
    char ktx[600], raw[600], program[4096];
    snprintf(ktx, sizeof ktx, "%s/test_nv_run.ktx2", tmp_dir);
    snprintf(raw, sizeof raw, "%s/test_nv_run.raw", tmp_dir);
    CHECK(tu_ktx2_write_file(ktx, &img.surface, &e) == TU_OK, "%s", e.message);
    FILE *f = fopen(raw, "wb");
    if (CHECK(f != NULL)) {
        fwrite(img.memory, 1, img.surface.size, f);
        fclose(f);
    }
    snprintf(program, sizeof program,
             ".lanes 4\n"
             ".texture 0 2darray rgba8_uint 9 7 1 layers=2 levels=3 seed=42 gob_height=1\n"
             ".texture 1 2darray rgba8_uint 9 7 1 layers=2 levels=3 file=%s\n"
             ".texture 2 2darray rgba8_uint 9 7 1 layers=2 levels=3 file=%s gob_height=2\n"
             ".cbank 0 header=0\n.cbank 1 header=1\n.cbank 2 header=2\n"
             ".reg R4 = 0 1 1 0\n.reg R5 = 8 0 3 2\n.reg R6 = 6 1 2 0\n.reg R8 = 0 1 2 1\n"
             "TLD.LL R0, R4, R8, 0, ARRAY_2D, 0xf;\n.dump R0..R3\n"
             "TLD.LL R0, R4, R8, 1, ARRAY_2D, 0xf;\n.dump R0..R3\n"
             "TLD.LL R0, R4, R8, 2, ARRAY_2D, 0xf;\n.dump R0..R3\n",
             ktx, raw);
    char *out, *err;
    CHECK(run_text(program, &out, &err) == 0, "%s", err);
    /* Three identical blocks of dumps after the instruction lines. */
    char *blocks[3];
    char *p = out;
    for (int i = 0; i < 3; i++) {
        p = strstr(p, "R0:");
        blocks[i] = p;
        if (p) p = strstr(p, "\nTLD");
        if (p) *p++ = 0;
    }
    for (int i = 0; i < 3; i++) /* the last block still ends in a newline */
        if (blocks[i] && blocks[i][0] && blocks[i][strlen(blocks[i]) - 1] == '\n')
            blocks[i][strlen(blocks[i]) - 1] = 0;
    CHECK(blocks[0] && blocks[1] && blocks[2] && strcmp(blocks[0], blocks[1]) == 0 &&
              strcmp(blocks[0], blocks[2]) == 0,
          "%s", out);
    /* The first lane reads layer 0, level 0, texel (8, 6). */
    char want[32];
    snprintf(want, sizeof want, "R0: 0x%08x",
             tu_texel_hash_field(TU_FORMAT_R8G8B8A8_UINT, 0, 42, 0, 0, 8, 6, 0));
    CHECK(blocks[0] && strncmp(blocks[0], want, strlen(want)) == 0, "%s", blocks[0]);
    free(out);
    free(err);
    tu_image_free(&img);
    remove(ktx);
    remove(raw);
}

/* The tools' one limit on a texture's bytes (TEXUNIT_TOOL_TEXTURE_BYTES, tools/query.h):
 * a query texture line past it is refused before any memory is taken; one at it is made. */
static void test_texture_limit(void) {
    tq_texture t = {.type = TU_SURFACE_2D,
                    .format = TU_FORMAT_R32G32B32A32_SFLOAT,
                    .width = 65536,
                    .height = 65536,
                    .depth = 1,
                    .levels = 1,
                    .layers = 1};
    tu_image img = {0};
    char why[300];
    CHECK(!tq_make_texture(&t, &img, why, sizeof why) && img.memory == NULL);
    CHECK(strstr(why, "68719476736 bytes is more than this tool's") != NULL, "%s", why);
    t.width = t.height = 16;
    CHECK(tq_make_texture(&t, &img, why, sizeof why), "%s", why);
    tu_image_free(&img);
}

static void test_refusals(void) {
    static const struct {
        const char *program;
        const char *needle;
    } cases[] = {
        {"TLD.LZ R1, R4, 0, 2D, 0xf;\n", ":1: TU_INVALID_ARGUMENT: TLD rule 1"},
        {"\n\nTLD.LZ.MS.CL R0, R4, R6, 0, 2D;\n", ":3: TU_INVALID_ARGUMENT: TLD .MS cannot"},
        {"TEX.LZ R0, R4, 0, 2D;\n", ":1: TEX is not an instruction texunit runs (it runs TLD)"},
        {".frobnicate 1\n", ":1: unknown directive '.frobnicate'"},
        {".lanes 33\n", ".lanes N with N in 1..32"},
        {".reg R4 = 1 2\n", "2 values for 1 threads"},
        {".reg RZ = 1\n", "'RZ' is not R0..R254"},
        {".reg R4 = zz\n", "bad value 'zz'"},
        {".pred P7 = 1\n", "'P7' is not P0..P6"},
        {".pred P1 = 2\n", "bad value '2'"},
        {".dump R300\n", "'R300' is not a register"},
        {".dump R4:q\n", "the suffix is :f or :i"},
        {".dump R5..R4\n", "is not a register, a range"},
        {".cbank 8192 1\n", ".cbank WORD VALUE"},
        {".cbank 0 header=0x100000\n", "header=0..0xfffff"},
        {".header_pool 70000\n", "MAXIMUM_INDEX (0..65535"},
        {".texture 0 2d rgba8_uint 16 16\n", ".texture INDEX TYPE FORMAT W H D"},
        {".texture 0 9d rgba8_uint 16 16 1\n", "unknown texture type '9d' (1d 1darray 2d"},
        {".texture 0 2d nosuch 16 16 1\n", "unknown format 'nosuch'; `texunit formats` lists them"},
        {".texture 0 2d rgba8_uint 16 16 1 colour=red\n", "bad key or value 'colour=red'"},
        {".texture 0 2d rgba8_uint 16 16 1 gob_height=6\n", "gob_height_log2 6 is not in 0..5"},
        {".texture 0 2d rgba32_sfloat 16 16 1 layout=pitch levels=2\n",
         "layout=pitch holds one level, layer and sample"},
        {".texture 0 2d rgba8_uint 16 16 1 layout=pitch pitch=80\n", "multiples of 32"},
        {".texture 0 2d rgba8_uint 0 16 1\n", "surface width 0"},
        {".texture 0 2d rgba32_sfloat 65536 65536 1\n", "bytes is more than this tool's"},
        {".texture 0 2d rgba8_uint 16 16 1 view=2:1\n", "MIN <= MAX"},
        /* view's numbers: no sign, no wrap, nothing after them */
        {".texture 0 2d rgba8_uint 16 16 1 view=-1:0\n", "bad key or value 'view=-1:0'"},
        {".texture 0 2d rgba8_uint 16 16 1 view=0:4294967296\n", "bad key or value 'view="},
        {".texture 0 2d rgba8_uint 16 16 1 view=0:1x\n", "bad key or value 'view=0:1x'"},
        {".texture 0 2d rgba8_uint 16 16 1 file=/nonexistent/x.raw\n", "/nonexistent/x.raw"},
        {".texture 0 2d rgba8_uint 16 16 1 sparse=12:9\n", "page '9' is not one of"},
        {".texture 0 2d rgba8_uint 16 16 1 sparse=3:0\n", "PAGE_LOG2 in 6..32"},
        {".texture 0 2d rgba8_uint 16 16 1 sparse=+12:0\n", "PAGE_LOG2 in 6..32"},
        {".texture 0 2d rgba8_uint 16 16 1 sparse=12:-1\n", "page '-1' is not one of"},
        {".texture 0 2d rgba8_uint 16 16 1 address=0x100000\n"
         ".texture 1 2d rgba8_uint 16 16 1 address=0x100000\n.reg R4 = 0\n"
         "TLD.LZ R0, R4, 0, 2D;\n",
         ":4: TU_INVALID_ARGUMENT: region 1 [0x100000"},
        {".tic 0 NO_SUCH=1\n", "has no field named 'NO_SUCH'"},
        {".texture 0 2d rgba8_uint 4 4 1\n.tic 0 MAX_MIP_LEVEL=99\n",
         ":2: TU_INVALID_ARGUMENT: texture header MAX_MIP_LEVEL 0x63 does not fit"},
        {".tic 0 MAX_MIP_LEVEL=1\n", "a ONE_D_BUFFER entry has no MAX_MIP_LEVEL field"},
        {".tic 0 MAX_MIP_LEVEL\n", "is not FIELD=VALUE"},
        /* -2^63 is read without a signed overflow, then refused by the field */
        {".tic 0 MAX_MIP_LEVEL=-9223372036854775808\n",
         "MAX_MIP_LEVEL -9223372036854775808 is outside the 32-bit unsigned range 0..4294967295"},
        {".tic 0 MAX_MIP_LEVEL=-9223372036854775809\n", "is not FIELD=VALUE"},
        {".texture 0 2d rgba8_uint 4 4 1\n.tic 0 MAX_MIP_LEVEL=0x100000000\n",
         ":2: TU_INVALID_ARGUMENT: texture header MAX_MIP_LEVEL 4294967296 is outside"},
        {".reg R4 = -9223372036854775808\n", "bad value '-9223372036854775808'"},
        {".tsc 0 MAG_FILTER=8\n", "MAG_FILTER 0x8 does not fit"},
        {".texture 0 2d rgba8_uint 4 4 1\n.tic 0 GOB3D=1\n.reg R4 = 0\nTLD.LZ R0, R4, 0, 2D;\n",
         ":4: TU_UNSUPPORTED: TLD texture header 0: texture header GOB3D 1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *out, *err;
        CHECK(run_text(cases[i].program, &out, &err) == 1, "case %zu ran", i);
        CHECK(strstr(err, cases[i].needle) != NULL, "case %zu: '%s' lacks '%s'", i, err,
              cases[i].needle);
        CHECK(strncmp(err, "texunit: ", 9) == 0 && strstr(err, "test_nv_run.sass:") != NULL,
              "no texunit: PATH:LINE in '%s'", err);
        free(out);
        free(err);
    }
    /* A missing file, and a line too long. */
    FILE *o = tmpfile(), *e = tmpfile();
    CHECK(tq_run_sass("/nonexistent/prog.sass", o, e) == 1);
    fclose(o);
    fclose(e);
    char *big = malloc(3000);
    memset(big, 'x', 2999);
    big[2999] = 0;
    char *out, *err;
    CHECK(run_text(big, &out, &err) == 1 && strstr(err, "line longer than"), "%s", err);
    free(out);
    free(err);
    free(big);
    /* .tic edits a header TLD then reads: a view starting at level 1. */
    CHECK(run_text(".texture 0 2d r32_uint 4 4 1 levels=2 seed=3\n"
                   ".tic 0 RES_VIEW_MIN_MIP_LEVEL=1\n"
                   ".header_pool 0\n"
                   ".reg R4 = 0\n"
                   "TLD.LZ R0, R4, 0, 2D, 0x1;\n"
                   ".dump R0\n"
                   ".cbank 0 header=1\n"
                   "TLD.LZ R0, R4, 0, 2D, 0x1;\n" /* header 1 > MaximumIndex 0: zeros */
                   ".dump R0\n",
                   &out, &err) == 0,
          "%s", err);
    char want[64];
    snprintf(want, sizeof want, "R0: 0x%08x\n", tu_texel_hash(3, 1, 0, 0, 0, 0, 0));
    CHECK(strstr(out, want) != NULL, "%s lacks %s", out, want);
    CHECK(strstr(out, "R0: 0x00000000\n") != NULL, "%s", out);
    free(out);
    free(err);
}

int main(void) {
    const char *dir = getenv("TU_TEST_TMP");
    snprintf(tmp_dir, sizeof tmp_dir, "%s", dir && *dir ? dir : "/tmp");
    TU_RUN(test_example);
    TU_RUN(test_dump_format);
    TU_RUN(test_files);
    TU_RUN(test_refusals);
    TU_RUN(test_texture_limit);
    TU_RUN(test_listing);
    return tu_test_finish();
}
