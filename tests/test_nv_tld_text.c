/* SPDX-License-Identifier: MIT */
/*
 * test_nv_tld_text.c - TLD as text and as the Maxwell 64-bit word (NVIDIA TLD page,
 * envytools envydis/gm107.c): the page's two examples; every option combination (.B, .LZ/.LL,
 * .AOFFI, .MS, .CL, .NODEP, .T/.P, every #paramA, Ps, the guard, wmasks, annotations) built as
 * text by this test's own printer and as bits by this test's own encoder from envydis gm107.c's
 * TLD fields, then text -> struct -> text and struct -> binary -> struct; the packing table with
 * compaction; the alignment and RZ rules; every illegal combination the page names; hostile
 * text and words; the control word (every slot field, maxas's notation, TLD's slot), the lines
 * of nvdisasm / cuobjdump / maxas listings, and the architectures.
 */
#include "texunit/texunit.h"
#include "texunit/nv.h"

#include "tu_test.h"

#include <stdio.h>
#include <stdlib.h>

/* The #paramA specifiers: the page's order, with envydis gm107.c's dim (bits 30:29) and array
 * (28). */
static const struct {
    const char *name;
    unsigned dim, array, coords; /* the RESERVED ones pack as TEX does: s, t, r */
    bool reserved;
} params[8] = {{"1D", 0, 0, 1, false},       {"2D", 1, 0, 2, false},
               {"3D", 2, 0, 3, false},       {"CUBE", 3, 0, 3, true},
               {"ARRAY_1D", 0, 1, 1, false}, {"ARRAY_2D", 1, 1, 2, false},
               {"ARRAY_3D", 2, 1, 3, true},  {"ARRAY_CUBE", 3, 1, 3, true}};

/* The TLD field table of envytools envydis/gm107.c, written out here. */
static uint64_t envydis_encode(const tu_nv_tld *t) {
    uint64_t w = (uint64_t)(t->bindless ? 0xdd : 0xdc) << 56;
    w |= (uint64_t)t->rd | (uint64_t)t->ra << 8 | (uint64_t)t->guard << 16 |
         (uint64_t)t->guard_not << 19 | (uint64_t)t->rb << 20;
    w |= (uint64_t)params[t->param_a].array << 28 | (uint64_t)params[t->param_a].dim << 29;
    w |= (uint64_t)t->wmask << 31 | (uint64_t)t->aoffi << 35;
    w |= (uint64_t)t->ts_index << 36; /* TLD.B too: nvdisasm prints these bits */
    w |= (uint64_t)t->nodep << 49 | (uint64_t)t->ms << 50 | (uint64_t)t->ps << 51 |
         (uint64_t)t->cl << 54 | (uint64_t)t->lod << 55;
    return w;
}

static void reg_text(char *out, size_t n, unsigned r) {
    if (r == 255)
        snprintf(out, n, "RZ");
    else
        snprintf(out, n, "R%u", r);
}

/* The page's format line, written out by hand. */
static void page_text(const tu_nv_tld *t, char *out, size_t n) {
    char guard[16] = "", ps[8] = "", rd[8], ra[8], rb[12] = "", sched[96] = "";
    if (t->guard != 7 || t->guard_not)
        snprintf(guard, sizeof guard, "@%s%s ", t->guard_not ? "!" : "",
                 t->guard == 7 ? "PT" : (char[]){'P', (char)('0' + t->guard), 0});
    if (t->ps != 7) snprintf(ps, sizeof ps, "P%u, ", t->ps);
    reg_text(rd, sizeof rd, t->rd);
    reg_text(ra, sizeof ra, t->ra);
    const unsigned rb_count = t->bindless + (t->lod == 1) + t->aoffi + t->ms;
    if (rb_count || t->rb != 255) {
        char r[8];
        reg_text(r, sizeof r, t->rb);
        snprintf(rb, sizeof rb, ", %s", r);
    }
    if (t->sched.has_req) {
        strcat(sched, " &req={");
        for (unsigned b = 0, first = 1; b < 6; b++)
            if (t->sched.req >> b & 1) {
                char d[4];
                snprintf(d, sizeof d, "%s%u", first ? "" : ",", b);
                strcat(sched, d);
                first = 0;
            }
        strcat(sched, "}");
    }
    if (t->sched.rd >= 0) snprintf(sched + strlen(sched), 8, " &rd%d", t->sched.rd);
    if (t->sched.wr >= 0) snprintf(sched + strlen(sched), 8, " &wr%d", t->sched.wr);
    if (t->sched.stall || t->sched.no_yield)
        snprintf(sched + strlen(sched), 16, " ?%sS%u", t->sched.no_yield ? "" : "Y_",
                 t->sched.stall);
    char idx[16];
    snprintf(idx, sizeof idx, "0x%x", t->ts_index); /* nvdisasm writes 0x0 */
    snprintf(out, n, "%sTLD%s%s%s%s%s%s%s %s%s, %s%s, %s, %s, %s%s;", guard,
             t->bindless ? ".B" : "", t->lod ? ".LL" : ".LZ", t->aoffi ? ".AOFFI" : "",
             t->ms ? ".MS" : "", t->cl ? ".CL" : "", t->nodep ? ".NODEP" : "",
             t->phase == 1   ? ".T"
             : t->phase == 2 ? ".P"
                             : "",
             ps, rd, ra, rb, idx, params[t->param_a].name,
             (char[8]){'0', 'x', "0123456789abcdef"[t->wmask], 0}, sched);
}

static bool same_tld(const tu_nv_tld *a, const tu_nv_tld *b) {
    return a->guard == b->guard && a->guard_not == b->guard_not && a->bindless == b->bindless &&
           a->lod == b->lod && a->aoffi == b->aoffi && a->ms == b->ms && a->cl == b->cl &&
           a->nodep == b->nodep && a->phase == b->phase && a->ps == b->ps && a->rd == b->rd &&
           a->ra == b->ra && a->rb == b->rb && a->ts_index == b->ts_index &&
           a->param_a == b->param_a && a->wmask == b->wmask &&
           a->sched.has_req == b->sched.has_req && a->sched.req == b->sched.req &&
           a->sched.rd == b->sched.rd && a->sched.wr == b->sched.wr &&
           a->sched.stall == b->sched.stall && a->sched.no_yield == b->sched.no_yield;
}

/* The control slot the maxas wiki ("Control Codes") gives the annotations: stall 3:0, yield
 * 4 (set = no yield), write barrier 7:5, read barrier 10:8 (7 = none), wait mask 16:11; the
 * phase in bits 17 (.T) and 18 (.P), as CuAssembler's records of nvdisasm output show. */
static uint32_t wiki_slot(const tu_nv_tld *t) {
    return (uint32_t)t->sched.stall | (uint32_t)t->sched.no_yield << 4 |
           (uint32_t)(t->sched.wr < 0 ? 7 : t->sched.wr) << 5 |
           (uint32_t)(t->sched.rd < 0 ? 7 : t->sched.rd) << 8 | (uint32_t)t->sched.req << 11 |
           (t->phase == 1   ? 1u << 17
            : t->phase == 2 ? 1u << 18
                            : 0);
}

static void test_page_examples(void) {
    tu_error err;
    tu_nv_tld t;
    char buf[160];
    CHECK(tu_nv_tld_parse("TLD.LZ     R0, R4, 0, 2D, 0xf;", &t, &err) == TU_OK, "%s", err.message);
    CHECK(t.lod == TU_NV_LOD_LZ && t.rd == 0 && t.ra == 4 && t.rb == TU_NV_RZ && t.ts_index == 0 &&
          t.param_a == TU_NV_PARAM_2D && t.wmask == 0xf && t.guard == 7 && t.ps == 7 && !t.ms);
    CHECK(tu_nv_tld_print(&t, buf, sizeof buf, &err) == TU_OK);
    CHECK_EQ_STR(buf, "TLD.LZ R0, R4, 0x0, 2D, 0xf;");
    CHECK(tu_nv_tld_parse("TLD.LZ.MS R0, R4, R6, 0, 2D, 0xf;", &t, &err) == TU_OK, "%s",
          err.message);
    CHECK(t.ms && t.rb == 6);
    CHECK(tu_nv_tld_print(&t, buf, sizeof buf, &err) == TU_OK);
    CHECK_EQ_STR(buf, "TLD.LZ.MS R0, R4, R6, 0x0, 2D, 0xf;");
    /* wmask defaults to 0xf; ';', case and spacing are free; a // comment ends the line. */
    CHECK(tu_nv_tld_parse("  tld.lz r0,r4,0x0,2d // load", &t, &err) == TU_OK, "%s", err.message);
    CHECK(t.wmask == 0xf && t.param_a == TU_NV_PARAM_2D);
    /* The page's examples encoded by envydis gm107.c's TLD fields: Rd 0, Ra 4, Pg PT (7),
     * Rb RZ, dim 1, wmask 0xf, Ps PT (7), LZ; envydis's 0xdc38 pattern in the top 16 bits. */
    uint64_t w;
    CHECK(tu_nv_tld_parse("TLD.LZ R0, R4, 0, 2D, 0xf;", &t, &err) == TU_OK);
    CHECK(tu_nv_tld_encode(&t, &w, &err) == TU_OK);
    CHECK_EQ_U(w, 0xdc380007aff70400ull);
    CHECK_EQ_U(w >> 48, 0xdc38);
}

/* The next mixed-radix digit of a combination number. */
static unsigned take(unsigned *c, unsigned n) {
    const unsigned d = *c % n;
    *c /= n;
    return d;
}

static void test_every_combination(void) {
    static const uint8_t guards[][2] = {{7, 0}, {0, 0}, {5, 1}, {7, 1}};
    static const uint8_t wmasks[] = {0xf, 0x1, 0x3, 0x7, 0x0, 0xa, 0x8};
    unsigned long valid = 0, invalid = 0;
    for (unsigned combo = 0; combo < 2 * 2 * 2 * 2 * 2 * 2 * 3 * 8 * 2 * 4 * 7 * 2; combo++) {
        unsigned c = combo;
#define TAKE(n) take(&c, n)
        tu_nv_tld t = tu_nv_tld_default();
        t.bindless = TAKE(2);
        t.lod = (uint8_t)TAKE(2);
        t.aoffi = TAKE(2);
        t.ms = TAKE(2);
        t.cl = TAKE(2);
        t.nodep = TAKE(2);
        t.phase = (uint8_t)TAKE(3);
        t.param_a = (uint8_t)TAKE(8);
        t.ps = TAKE(2) ? 3 : 7;
        const unsigned g = TAKE(4);
        t.guard = guards[g][0], t.guard_not = guards[g][1];
        t.wmask = wmasks[TAKE(7)];
        if (TAKE(2)) {
            t.sched.has_req = true, t.sched.req = 0x29, t.sched.rd = 2, t.sched.wr = 5;
            t.sched.stall = t.wmask, t.sched.no_yield = t.guard_not;
        }
#undef TAKE
        t.rd = 8, t.ra = 12;
        const unsigned rb_count = t.bindless + (t.lod == 1) + t.aoffi + t.ms;
        t.rb = rb_count ? 16 : 255;
        t.ts_index = t.bindless ? 0x5 : 0x1abc;
        const bool ok =
            !(t.ms && t.lod == 1) && !(t.ms && t.cl) && !(t.ms && t.param_a != 1 && t.param_a != 5);
        char text[256], printed[256];
        page_text(&t, text, sizeof text);
        tu_nv_tld parsed;
        tu_error err = {0};
        const tu_status st = tu_nv_tld_parse(text, &parsed, &err);
        if (!ok) {
            invalid++;
            if (!CHECK(st == TU_INVALID_ARGUMENT, "'%s' parsed (%s)", text, err.message)) continue;
            CHECK(strstr(err.message, ".MS"), "%s", err.message);
            uint64_t w;
            uint32_t slot;
            CHECK(tu_nv_tld_encode(&t, &w, NULL) == TU_INVALID_ARGUMENT);
            CHECK(tu_nv_tld_encode_control(&t, &slot, NULL) == TU_INVALID_ARGUMENT);
            tu_nv_tld back;
            CHECK_ERR(tu_nv_tld_decode(envydis_encode(&t), &back, &err), TU_INVALID_ARGUMENT, &err,
                      ".MS");
            continue;
        }
        valid++;
        if (!CHECK(st == TU_OK, "'%s': %s", text, err.message)) continue;
        CHECK(same_tld(&parsed, &t), "'%s' parsed into another instruction", text);
        CHECK(tu_nv_tld_print(&parsed, printed, sizeof printed, &err) == TU_OK, "%s", err.message);
        CHECK(strcmp(printed, text) == 0, "printed '%s', want '%s'", printed, text);
        uint64_t w = 0;
        uint32_t slot = 0;
        if (!CHECK(tu_nv_tld_encode(&t, &w, &err) == TU_OK, "'%s': %s", text, err.message) ||
            !CHECK(tu_nv_tld_encode_control(&t, &slot, &err) == TU_OK, "'%s': %s", text,
                   err.message))
            continue;
        CHECK(slot == wiki_slot(&t), "'%s': slot 0x%06x, want 0x%06x", text, slot, wiki_slot(&t));
        CHECK(w == envydis_encode(&t), "'%s': 0x%016llx, want 0x%016llx", text,
              (unsigned long long)w, (unsigned long long)envydis_encode(&t));
        tu_nv_tld back;
        CHECK(tu_nv_tld_decode(w, &back, &err) == TU_OK, "%s", err.message);
        CHECK(back.phase == TU_NV_PHASE_NONE && back.sched.rd == -1 && !back.sched.has_req);
        CHECK(tu_nv_tld_decode_control(slot, &back, &err) == TU_OK, "%s", err.message);
        CHECK(same_tld(&back, &t), "'%s' does not survive the binary round trip", text);
    }
    CHECK(valid > 10000 && invalid > 10000, "%lu valid, %lu invalid combinations", valid, invalid);
}

/* The page's packing table with compaction. */
static void test_packing(void) {
    for (unsigned pa = 0; pa < 8; pa++)
        for (unsigned opts = 0; opts < 16; opts++) {
            tu_nv_tld t = tu_nv_tld_default();
            t.param_a = (uint8_t)pa;
            t.bindless = opts & 1, t.lod = (opts >> 1) & 1, t.aoffi = (opts >> 2) & 1,
            t.ms = (opts >> 3) & 1;
            const tu_nv_packing p = tu_nv_tld_packing(&t);
            uint8_t ra[4], rb[4];
            unsigned na = 0, nb = 0;
            if (params[pa].array) ra[na++] = TU_NV_ARG_ARRAY;
            static const uint8_t coords[3] = {TU_NV_ARG_S, TU_NV_ARG_T, TU_NV_ARG_R};
            for (unsigned k = 0; k < params[pa].coords; k++)
                ra[na++] = coords[k];
            if (t.bindless) rb[nb++] = TU_NV_ARG_HANDLE;
            if (t.lod) rb[nb++] = TU_NV_ARG_LOD;
            if (t.aoffi) rb[nb++] = TU_NV_ARG_TOFF;
            if (t.ms) rb[nb++] = TU_NV_ARG_MS;
            CHECK(p.ra_count == na && p.rb_count == nb, "paramA %s opts %u", params[pa].name, opts);
            CHECK(memcmp(p.ra, ra, na) == 0 && memcmp(p.rb, rb, nb) == 0, "paramA %s opts %u",
                  params[pa].name, opts);
        }
    CHECK_EQ_STR(tu_nv_param_name(TU_NV_ARG_TOFF), "toff");
    CHECK_EQ_STR(tu_nv_param_name((tu_nv_param)99), "?");
}

/* Rules 1-4 of the page. */
static void test_register_rules(void) {
    tu_error err;
    for (unsigned wmask = 0; wmask < 16; wmask++)
        for (unsigned rd = 0; rd < 16; rd++) {
            tu_nv_tld t = tu_nv_tld_default();
            t.param_a = TU_NV_PARAM_1D, t.ra = 4, t.rd = (uint8_t)rd, t.wmask = (uint8_t)wmask;
            const unsigned n = (wmask & 1) + (wmask >> 1 & 1) + (wmask >> 2 & 1) + (wmask >> 3);
            const unsigned align = n <= 1 ? 1 : n == 2 ? 2 : 4;
            if (rd % align == 0) {
                CHECK(tu_nv_tld_validate(&t, &err) == TU_OK, "R%u wmask %x: %s", rd, wmask,
                      err.message);
            } else {
                CHECK_ERR(tu_nv_tld_validate(&t, &err), TU_INVALID_ARGUMENT, &err, "TLD rule 1");
            }
        }
    /* Ra: 1, 2, 3 (-> 4) scalars for 1D, 2D / ARRAY_1D, 3D / ARRAY_2D. */
    static const struct {
        uint8_t param_a;
        unsigned align;
    } ra_cases[] = {{0, 1}, {1, 2}, {2, 4}, {4, 2}, {5, 4}};
    for (size_t i = 0; i < sizeof ra_cases / sizeof ra_cases[0]; i++)
        for (unsigned ra = 0; ra < 12; ra++) {
            tu_nv_tld t = tu_nv_tld_default();
            t.rd = 0, t.param_a = ra_cases[i].param_a, t.ra = (uint8_t)ra;
            if (ra % ra_cases[i].align == 0)
                CHECK(tu_nv_tld_validate(&t, &err) == TU_OK, "%s", err.message);
            else
                CHECK_ERR(tu_nv_tld_validate(&t, &err), TU_INVALID_ARGUMENT, &err,
                          "TLD rule 2: Ra");
        }
    /* Rb: handle; handle, lod; handle, lod, toff (-> 4). */
    for (unsigned n = 1; n <= 3; n++)
        for (unsigned rb = 0; rb < 12; rb++) {
            tu_nv_tld t = tu_nv_tld_default();
            t.rd = 0, t.ra = 0, t.bindless = true, t.lod = n >= 2, t.aoffi = n >= 3;
            t.rb = (uint8_t)rb;
            const unsigned align = n == 1 ? 1 : n == 2 ? 2 : 4;
            if (rb % align == 0)
                CHECK(tu_nv_tld_validate(&t, &err) == TU_OK, "%s", err.message);
            else
                CHECK_ERR(tu_nv_tld_validate(&t, &err), TU_INVALID_ARGUMENT, &err,
                          "TLD rule 2: Rb");
        }
    tu_nv_tld t;
    /* Rule 4: RZ where parameters are packed. */
    CHECK_ERR(tu_nv_tld_parse("TLD.LZ R0, RZ, 0, 2D, 0xf;", &t, &err), TU_INVALID_ARGUMENT, &err,
              "TLD rule 4: Ra must not be RZ: it packs s, t");
    CHECK_ERR(tu_nv_tld_parse("TLD.LL R0, R4, 0, 2D, 0xf;", &t, &err), TU_INVALID_ARGUMENT, &err,
              "TLD rule 4: Rb must not be RZ: it packs lod");
    CHECK_ERR(tu_nv_tld_parse("TLD.B.LZ.AOFFI R0, R4, RZ, 0, ARRAY_2D, 0xf;", &t, &err),
              TU_INVALID_ARGUMENT, &err, "TLD rule 4: Rb must not be RZ: it packs handle, toff");
    /* Rule 3: a non-RZ Rb with nothing to pack is no error, and prints. */
    CHECK(tu_nv_tld_parse("TLD.LZ R0, R4, R7, 0, 2D, 0xf;", &t, &err) == TU_OK, "%s", err.message);
    char buf[128];
    tu_nv_tld_print(&t, buf, sizeof buf, &err);
    CHECK_EQ_STR(buf, "TLD.LZ R0, R4, R7, 0x0, 2D, 0xf;");
    /* Rd = RZ discards the result: no alignment. */
    CHECK(tu_nv_tld_parse("TLD.LZ RZ, R4, 0, 2D, 0xf;", &t, &err) == TU_OK, "%s", err.message);
    /* Misaligned examples from the page's wording. */
    CHECK_ERR(tu_nv_tld_parse("TLD.LZ R2, R4, 0, 2D, 0xf;", &t, &err), TU_INVALID_ARGUMENT, &err,
              "Rd R2 must be aligned to 4 for the 4 components of wmask 0xf");
    CHECK_ERR(tu_nv_tld_parse("TLD.LZ R1, R4, 0, 2D, 0x9;", &t, &err), TU_INVALID_ARGUMENT, &err,
              "Rd R1 must be aligned to 2");
    CHECK_ERR(tu_nv_tld_parse("TLD.LZ R0, R5, 0, 2D, 0xf;", &t, &err), TU_INVALID_ARGUMENT, &err,
              "Ra R5 must be aligned to 2 for its 2 parameters (s, t)");
    CHECK_ERR(tu_nv_tld_parse("TLD.LZ R0, R6, 0, ARRAY_2D, 0xf;", &t, &err), TU_INVALID_ARGUMENT,
              &err, "Ra R6 must be aligned to 4 for its 3 parameters (array, s, t)");
    CHECK_ERR(tu_nv_tld_parse("TLD.LL.AOFFI R0, R4, R5, 0, 2D, 0xf;", &t, &err),
              TU_INVALID_ARGUMENT, &err,
              "Rb R5 must be aligned to 2 for its 2 parameters (lod, toff)");
}

/* Every illegal combination the page names. */
static void test_illegal_options(void) {
    tu_error err;
    tu_nv_tld t;
    CHECK_ERR(tu_nv_tld_parse("TLD.LL.MS R0, R4, R6, 0, 2D, 0xf;", &t, &err), TU_INVALID_ARGUMENT,
              &err, ".MS can only be used with the .LZ LOD option");
    CHECK_ERR(tu_nv_tld_parse("TLD.LZ.MS.CL R0, R4, R6, 0, 2D, 0xf;", &t, &err),
              TU_INVALID_ARGUMENT, &err, ".MS cannot be combined with .CL");
    static const char *const non_2d[] = {"1D", "3D", "ARRAY_1D"};
    for (int i = 0; i < 3; i++) {
        char line[80];
        snprintf(line, sizeof line, "TLD.LZ.MS R0, R4, R6, 0, %s, 0xf;", non_2d[i]);
        CHECK_ERR(tu_nv_tld_parse(line, &t, &err), TU_INVALID_ARGUMENT, &err,
                  ".MS can only be used with 2D/ARRAY_2D textures");
    }
    CHECK(tu_nv_tld_parse("TLD.LZ.MS R0, R4, R6, 0, ARRAY_2D, 0xf;", &t, &err) == TU_OK, "%s",
          err.message);
    /* The reserved #paramA read and print as nvdisasm prints them (execution refuses them:
     * test_nv_tld_exec); their Ra packs s, t, r as TEX's does. */
    static const char *const reserved[] = {"CUBE", "ARRAY_3D", "ARRAY_CUBE"};
    for (int i = 0; i < 3; i++) {
        char line[80], buf[80];
        snprintf(line, sizeof line, "TLD.LZ R0, R4, 0x0, %s, 0xf;", reserved[i]);
        CHECK(tu_nv_tld_parse(line, &t, &err) == TU_OK, "%s: %s", line, err.message);
        CHECK(tu_nv_tld_print(&t, buf, sizeof buf, &err) == TU_OK && strcmp(buf, line) == 0,
              "%s -> %s", line, buf);
        snprintf(line, sizeof line, "TLD.LZ R0, R6, 0, %s, 0xf;", reserved[i]);
        CHECK_ERR(tu_nv_tld_parse(line, &t, &err), TU_INVALID_ARGUMENT, &err, "aligned to 4");
    }
    /* Field ranges of a struct built by hand. */
    t = tu_nv_tld_default();
    t.rd = 0, t.ra = 0, t.ts_index = 8192;
    CHECK_ERR(tu_nv_tld_validate(&t, &err), TU_INVALID_ARGUMENT, &err,
              "#tsPtrIdx 8192 is out of range");
    t = tu_nv_tld_default(), t.rd = 0, t.ra = 0, t.wmask = 16;
    CHECK_ERR(tu_nv_tld_validate(&t, &err), TU_INVALID_ARGUMENT, &err, "#wmsk 16");
    t = tu_nv_tld_default(), t.rd = 0, t.ra = 0, t.guard = 8;
    CHECK_ERR(tu_nv_tld_validate(&t, &err), TU_INVALID_ARGUMENT, &err, "guard predicate 8");
    t = tu_nv_tld_default(), t.rd = 0, t.ra = 0, t.lod = 2;
    CHECK_ERR(tu_nv_tld_validate(&t, &err), TU_INVALID_ARGUMENT, &err, "LOD mode 2");
    t = tu_nv_tld_default(), t.rd = 0, t.ra = 0, t.sched.rd = 6;
    CHECK_ERR(tu_nv_tld_validate(&t, &err), TU_INVALID_ARGUMENT, &err, "&rd 6");
    t = tu_nv_tld_default(), t.rd = 0, t.ra = 0, t.sched.req = 0x40;
    CHECK_ERR(tu_nv_tld_validate(&t, &err), TU_INVALID_ARGUMENT, &err, "&req mask 0x40");
    t = tu_nv_tld_default(), t.rd = 0, t.ra = 0, t.sched.stall = 16;
    CHECK_ERR(tu_nv_tld_validate(&t, &err), TU_INVALID_ARGUMENT, &err, "stall 16 is out of range");
    CHECK_ERR(tu_nv_tld_validate(NULL, &err), TU_INVALID_ARGUMENT, &err, "must not be NULL");
}

static void test_bad_text(void) {
    static const struct {
        const char *text;
        tu_status st;
        const char *needle;
    } cases[] = {
        {"", TU_PARSE_ERROR, "expected the mnemonic TLD"},
        {"TEX.LZ R0, R4, 0, 2D", TU_PARSE_ERROR, "mnemonic 'TEX' is not TLD"},
        {"TLD R0, R4, 0, 2D", TU_PARSE_ERROR, "needs a LOD mode"},
        {"TLD.LZ.LL R0, R4, R6, 0, 2D", TU_PARSE_ERROR, "'.LL' repeats or conflicts"},
        {"TLD.LZ.LZ R0, R4, 0, 2D", TU_PARSE_ERROR, "'.LZ' repeats"},
        {"TLD.LZ.T.P R0, R4, 0, 2D", TU_PARSE_ERROR, "'.P' repeats or conflicts"},
        {"TLD.LZ.XYZ R0, R4, 0, 2D", TU_PARSE_ERROR, "modifier '.XYZ' is not one of"},
        {"TLD.LZ R255, R4, 0, 2D", TU_PARSE_ERROR, "expected register Rd"},
        {"TLD.LZ R300, R4, 0, 2D", TU_PARSE_ERROR, "expected register Rd"},
        {"TLD.LZ R0, R04, 0, 2D", TU_PARSE_ERROR, "expected register Ra"},
        {"TLD.LZ R0, R4, 8192, 2D", TU_PARSE_ERROR, "#tsPtrIdxU13"},
        {"TLD.LZ R0, R4, -1, 2D", TU_PARSE_ERROR, "operand 3"},
        {"TLD.LZ R0, R4, 0x, 2D", TU_PARSE_ERROR, "#tsPtrIdxU13"},
        {"TLD.LZ R0, R4, 0, 4D", TU_PARSE_ERROR, "expected #paramA"},
        {"TLD.LZ R0, R4, 0", TU_PARSE_ERROR, "expected #paramA"},
        {"TLD.LZ R0, R4, 0, 2D, 0x10", TU_PARSE_ERROR, "#wmskU04"},
        {"TLD.LZ R0, R4, 0, 2D, 0xf, 1", TU_PARSE_ERROR, "is one too many"},
        {"TLD.LZ R0, R4, 0, 2D, 0xf junk", TU_PARSE_ERROR, "unexpected 'junk'"},
        {"TLD.LZ R0, R4, 0, 2D, 0xf;;", TU_PARSE_ERROR, "unexpected ';'"},
        {"TLD.LZ R0, R4, 0, 2D,", TU_PARSE_ERROR, "operand 5"},
        {"@P7 TLD.LZ R0, R4, 0, 2D", TU_PARSE_ERROR, "guard '@P7'"},
        {"@ TLD.LZ R0, R4, 0, 2D", TU_PARSE_ERROR, "guard"},
        {"TLD.LZ P7, R0, R4, 0, 2D", TU_PARSE_ERROR, "expected register Rd"},
        {"TLD.LZ R0, R4, 0, 2D &rd6", TU_PARSE_ERROR, "&rd needs a barrier number 0..5"},
        {"TLD.LZ R0, R4, 0, 2D &rd1 &rd2", TU_PARSE_ERROR, "&rd appears twice"},
        {"TLD.LZ R0, R4, 0, 2D &req={0,0}", TU_PARSE_ERROR, "lists barrier 0 twice"},
        {"TLD.LZ R0, R4, 0, 2D &req={7}", TU_PARSE_ERROR, "lists barriers 0..5"},
        {"TLD.LZ R0, R4, 0, 2D &req={1", TU_PARSE_ERROR, "is not closed"},
        {"TLD.LZ R0, R4, 0, 2D &req", TU_PARSE_ERROR, "&req={b,...}"},
        {"TLD.LZ R0, R4, 0, 2D &req=0x40", TU_PARSE_ERROR, "mask must be a number 0..0x3f"},
        {"TLD.LZ R0, R4, 0, 2D &req={} &req={}", TU_PARSE_ERROR, "&req appears twice"},
        {"TLD.LZ R0, R4, 0, 2D &foo", TU_PARSE_ERROR, "'&foo' is not &req"},
        {"TLD.LZ R0, R4, 0, 2D ?", TU_PARSE_ERROR, "?sched '' must be ?S<n> or ?Y_S<n>"},
        {"TLD.LZ R0, R4, 0, 2D ?S1 ?S2", TU_PARSE_ERROR, "?sched appears twice"},
        {"TLD.LZ R0, R4, 0, 2D ?S16", TU_PARSE_ERROR, "stall n of 0..15"},
        {"TLD.LZ R0, R4, 0, 2D ?Y_", TU_PARSE_ERROR, "?sched 'Y_' must be"},
        {"TLD.LZ R0, R4, 0, 2D ?WAIT6_END_GROUP", TU_PARSE_ERROR, "'WAIT6_END_GROUP' must be"},
        {"TLD.LZ R0, R4, 0, 2D ?AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", TU_PARSE_ERROR,
         "must be ?S<n>"},
        {"TLD.LZ R0, R4, 0, 2D, 0xf R0, R0, R0, R0, R0, R0", TU_PARSE_ERROR, "unexpected"},
        {"TLD.LZ R0, R4, R0, R0, R0, R0, R0, R0, R0, R0", TU_PARSE_ERROR, "more than 8 operands"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tu_nv_tld t;
        tu_error err;
        CHECK_ERR(tu_nv_tld_parse(cases[i].text, &t, &err), cases[i].st, &err, cases[i].needle);
    }
    tu_error err;
    tu_nv_tld t;
    /* Accepted alternative spellings: &req=MASK, &rd=N, &wr=N; @PT; PT as Ps. */
    CHECK(tu_nv_tld_parse("@PT TLD.LZ PT, R0, R4, 0, 2D, 0xf &req=0x21 &rd=3 &wr=0 ?Y_S03;", &t,
                          &err) == TU_OK,
          "%s", err.message);
    char buf[160];
    tu_nv_tld_print(&t, buf, sizeof buf, &err);
    CHECK_EQ_STR(buf, "TLD.LZ R0, R4, 0x0, 2D, 0xf &req={0,5} &rd3 &wr0 ?Y_S3;");
    /* ?Y_S0 is the slot of an instruction without ?sched, so it prints as nothing; ?S0 (no
     * yield) prints. */
    CHECK(tu_nv_tld_parse("TLD.LZ R0, R4, 0, 2D, 0xf ?Y_S0;", &t, &err) == TU_OK);
    tu_nv_tld_print(&t, buf, sizeof buf, &err);
    CHECK_EQ_STR(buf, "TLD.LZ R0, R4, 0x0, 2D, 0xf;");
    CHECK(tu_nv_tld_parse("TLD.LZ R0, R4, 0, 2D, 0xf ?S0;", &t, &err) == TU_OK);
    tu_nv_tld_print(&t, buf, sizeof buf, &err);
    CHECK_EQ_STR(buf, "TLD.LZ R0, R4, 0x0, 2D, 0xf ?S0;");
    /* A long line, and a buffer too small to print into. */
    char *long_line = malloc(5001);
    memset(long_line, 'R', 5000);
    long_line[5000] = 0;
    CHECK_ERR(tu_nv_tld_parse(long_line, &t, &err), TU_PARSE_ERROR, &err, "mnemonic");
    memcpy(long_line, "TLD.LZ R0, R4, 0, 2D, 0xf ", 26);
    CHECK_ERR(tu_nv_tld_parse(long_line, &t, &err), TU_PARSE_ERROR, &err, "unexpected");
    free(long_line);
    tu_nv_tld_parse("TLD.LZ R0, R4, 0, 2D, 0xf;", &t, &err);
    char small[12];
    memset(small, 'x', sizeof small);
    CHECK_ERR(tu_nv_tld_print(&t, small, sizeof small, &err), TU_INVALID_ARGUMENT, &err,
              "more than the 12 bytes");
    CHECK(memchr(small, 0, sizeof small) != NULL);
    CHECK_ERR(tu_nv_tld_parse(NULL, &t, &err), TU_INVALID_ARGUMENT, &err, "must not be NULL");
    /* Random strings of SASS-like pieces never crash; whatever parses prints and re-parses to
     * the same instruction. */
    static const char *const pieces[] = {
        "TLD", ".LZ",  ".LL", ".B",   ".MS",      ".CL",      ".AOFFI", " ",  "R0", "R4",
        "R6",  "RZ",   "P3",  "PT",   ", ",       "0",        "0xf",    "2D", "3D", "1D",
        ";",   "&rd1", "?W",  "@P1 ", "ARRAY_2D", "&req={0}", "//",     ",",  "!",  "@"};
    uint64_t seed = tu_test_seed(3);
    unsigned parsed = 0;
    for (int i = 0; i < 30000; i++) {
        char line[256] = "";
        if (i % 2) {
            const int n = 1 + (int)(tu_test_rand(&seed) % 14);
            for (int k = 0; k < n; k++)
                strcat(line, pieces[tu_test_rand(&seed) % (sizeof pieces / sizeof pieces[0])]);
        } else { /* well-formed shapes with random choices, some with a character dropped */
            static const char *const mods[] = {"", ".B", ".AOFFI", ".MS", ".CL", ".NODEP", ".T"};
            static const char *const regs[] = {"R0, R4, ", "R0, R4, R6, ", "P2, R0, R4, R8, ",
                                               "RZ, R8, R5, "};
            static const char *const tails[] = {"2D", "ARRAY_2D, 0x3", "1D, 0x1 &wr2", "3D ?Y_S2",
                                                "ARRAY_1D, 0xc &req={1,2}"};
            const uint64_t r = tu_test_rand(&seed);
            snprintf(line, sizeof line, "%sTLD%s%s%s %s0x%x, %s;", r & 1 ? "@!P1 " : "",
                     mods[r >> 1 & 3], r >> 3 & 1 ? ".LL" : ".LZ", mods[(r >> 4) % 7],
                     regs[(r >> 8) % 4], (unsigned)(r >> 12) % 3, tails[(r >> 16) % 5]);
            if ((r >> 24) % 4 == 0) {
                const size_t len = strlen(line), at = (size_t)(r >> 32) % len;
                memmove(line + at, line + at + 1, len - at);
            }
        }
        tu_nv_tld a, b;
        const tu_status st = tu_nv_tld_parse(line, &a, &err);
        CHECK(st == TU_OK || st == TU_PARSE_ERROR || st == TU_INVALID_ARGUMENT, "%s", line);
        if (st != TU_OK) continue;
        parsed++;
        CHECK(tu_nv_tld_print(&a, buf, sizeof buf, &err) == TU_OK);
        CHECK(tu_nv_tld_parse(buf, &b, &err) == TU_OK && same_tld(&a, &b), "'%s' -> '%s'", line,
              buf);
    }
    CHECK(parsed > 0);
}

/* The text model (texunit/text.h): LF and CRLF end a line alike; other control characters
 * are refused at their column. */
static void test_line_ends(void) {
    tu_nv_tld a, b;
    tu_error err = {0};
    CHECK(tu_nv_tld_parse("TLD.LZ R0, R4, 0, 2D, 0xf;\n", &a, &err) == TU_OK, "%s", err.message);
    CHECK(tu_nv_tld_parse("TLD.LZ R0, R4, 0, 2D, 0xf;\r\n", &b, &err) == TU_OK, "%s", err.message);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    const struct {
        const char *text, *needle;
    } bad[] = {
        {"TLD.LZ R0, R4, 0, 2D, 0xf;\r", "line 1, column 27: control character 0x0d"},
        {"TLD.LZ\vR0, R4, 0, 2D, 0xf;", "line 1, column 7: control character 0x0b"},
        {"TLD.LZ R0,\fR4, 0, 2D, 0xf;", "line 1, column 11: control character 0x0c"},
        {"\nTLD.LZ R0, R4, 0\x1b, 2D, 0xf;", "line 2, column 17: control character 0x1b"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_ERR(tu_nv_tld_parse(bad[i].text, &a, &err), TU_PARSE_ERROR, &err, bad[i].needle);
}

static void test_bad_words(void) {
    tu_error err;
    tu_nv_tld t;
    CHECK_ERR(tu_nv_tld_decode(0xde380007aff70400ull, &t, &err), TU_PARSE_ERROR, &err,
              "opcode 0xde (bits 63:56) is not TLD");
    /* TLD.B with bits 48:36 set decodes, as nvdisasm decodes it: the index is kept (and
     * ignored by execution, the page says); the reserved #paramA decode by name. */
    CHECK(tu_nv_tld_decode(0xdd380017a0670400ull, &t, &err) == TU_OK && t.bindless &&
              t.ts_index == 1,
          "%s", err.message);
    CHECK(tu_nv_tld_decode(0xdc380007eff70400ull, &t, &err) == TU_OK &&
              t.param_a == TU_NV_PARAM_CUBE,
          "%s", err.message);
    CHECK_ERR(tu_nv_tld_decode(0xdcbc0007a0670400ull, &t, &err), TU_INVALID_ARGUMENT, &err,
              ".MS can only be used with the .LZ");
    CHECK_ERR(tu_nv_tld_decode(0xdc380007aff70402ull, &t, &err), TU_INVALID_ARGUMENT, &err,
              "TLD rule 1");
    const uint8_t bytes[9] = {0x00, 0x04, 0xf7, 0xaf, 0x07, 0x00, 0x38, 0xdc, 0x55};
    CHECK(tu_nv_tld_decode_bytes(bytes, 9, &t, &err) == TU_OK && t.ra == 4 && t.wmask == 0xf);
    CHECK_ERR(tu_nv_tld_decode_bytes(bytes, 7, &t, &err), TU_PARSE_ERROR, &err,
              "truncated: 7 bytes");
    CHECK_ERR(tu_nv_tld_decode_bytes(NULL, 8, &t, &err), TU_INVALID_ARGUMENT, &err, "NULL");
    /* .B keeps its index in bits 48:36 too. */
    CHECK(tu_nv_tld_parse("TLD.B.LZ R0, R4, R6, 0x5, 2D, 0xf;", &t, &err) == TU_OK);
    uint64_t w;
    CHECK(tu_nv_tld_encode(&t, &w, &err) == TU_OK && (w >> 36 & 0x1fff) == 5, "%s", err.message);
    /* Random words with a TLD opcode: a valid word re-encodes to itself. */
    uint64_t seed = tu_test_seed(11);
    unsigned ok = 0;
    for (int i = 0; i < 100000; i++) {
        uint64_t word = tu_test_rand(&seed);
        word = (word & ~(0xffull << 56)) | (uint64_t)(i & 1 ? 0xdc : 0xdd) << 56;
        if (tu_nv_tld_decode(word, &t, &err) != TU_OK) continue;
        ok++;
        uint64_t again;
        CHECK(tu_nv_tld_encode(&t, &again, &err) == TU_OK && again == word, "0x%016llx",
              (unsigned long long)word);
    }
    CHECK(ok > 100, "%u random words decoded", ok);
}

/* The control word (maxas wiki "Control Codes": MaxasGrammar.pm printCtrl's masks): every
 * value of every slot field, the illegal ones, the three slots of a word, maxas's notation. */
static void test_control_word(void) {
    tu_error err;
    unsigned n = 0;
    for (unsigned stall = 0; stall < 16; stall++)
        for (int yield = 0; yield < 2; yield++)
            for (int wr = -1; wr <= 5; wr++)
                for (int rd = -1; rd <= 5; rd++)
                    for (unsigned wait = 0; wait < 64; wait += 3)
                        for (unsigned reuse = 0; reuse < 16; reuse++) {
                            const tu_nv_control c = {(uint8_t)stall, yield != 0,    (int8_t)wr,
                                                     (int8_t)rd,     (uint8_t)wait, (uint8_t)reuse};
                            const uint32_t want =
                                stall | (uint32_t)!yield << 4 | (uint32_t)(wr < 0 ? 7 : wr) << 5 |
                                (uint32_t)(rd < 0 ? 7 : rd) << 8 | wait << 11 | reuse << 17;
                            uint32_t slot = 0;
                            tu_nv_control back;
                            n += CHECK(tu_nv_control_encode(&c, &slot, &err) == TU_OK &&
                                           slot == want &&
                                           tu_nv_control_decode(slot, &back, &err) == TU_OK &&
                                           memcmp(&back, &c, sizeof c) == 0,
                                       "slot 0x%06x, want 0x%06x", slot, want);
                        }
    CHECK(n == 16 * 2 * 7 * 7 * 22 * 16);
    static const struct {
        tu_nv_control c;
        const char *needle;
    } bad[] = {
        {{16, true, -1, -1, 0, 0}, "stall 16 does not fit its 4 bits"},
        {{0, true, 6, -1, 0, 0}, "write barrier 6"},
        {{0, true, -1, -2, 0, 0}, "read barrier -2"},
        {{0, true, -1, -1, 64, 0}, "wait mask 64 does not fit its 6 bits"},
        {{0, true, -1, -1, 0, 16}, "reuse 16 does not fit its 4 bits"},
    };
    uint32_t slot;
    tu_nv_control c;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_ERR(tu_nv_control_encode(&bad[i].c, &slot, &err), TU_INVALID_ARGUMENT, &err,
                  bad[i].needle);
    CHECK_ERR(tu_nv_control_decode(1u << 21, &c, &err), TU_INVALID_ARGUMENT, &err,
              "wider than its 21 bits");
    CHECK_ERR(tu_nv_control_decode(6u << 5 | 7u << 8, &c, &err), TU_INVALID_ARGUMENT, &err,
              "write barrier 6 is neither a barrier 0..5 nor 7");
    CHECK_ERR(tu_nv_control_decode(7u << 5 | 6u << 8, &c, &err), TU_INVALID_ARGUMENT, &err,
              "read barrier 6");
    /* The maxas wiki's cuobjdump sample: control word 0x001f9400fe2007e6 before MOV, MOV, IADD. */
    uint32_t slots[3];
    uint64_t word;
    CHECK(tu_nv_control_split(0x001f9400fe2007e6ull, slots, &err) == TU_OK);
    CHECK(slots[0] == 0x7e6 && slots[1] == (0x001f9400fe2007e6ull >> 21 & 0x1fffff) &&
          slots[2] == (0x001f9400fe2007e6ull >> 42 & 0x1fffff));
    CHECK(tu_nv_control_join(slots, &word, &err) == TU_OK && word == 0x001f9400fe2007e6ull);
    char text[16];
    CHECK(tu_nv_control_decode(slots[0], &c, &err) == TU_OK &&
          tu_nv_control_print_maxas(&c, text, sizeof text, &err) == TU_OK);
    CHECK_EQ_STR(text, "--:-:-:Y:6");
    CHECK(tu_nv_control_decode(TU_NV_CONTROL_EMPTY, &c, &err) == TU_OK &&
          tu_nv_control_print_maxas(&c, text, sizeof text, &err) == TU_OK);
    CHECK_EQ_STR(text, "--:-:-:Y:0"); /* CuAssembler's "[----:B------:R-:W-:Y:S00]" */
    CHECK_ERR(tu_nv_control_split(1ull << 63, slots, &err), TU_PARSE_ERROR, &err, "bit 63");
    slots[1] = 1u << 21;
    CHECK_ERR(tu_nv_control_join(slots, &word, &err), TU_INVALID_ARGUMENT, &err,
              "slot 1 0x200000 is wider");
    uint64_t seed = tu_test_seed(21);
    for (int i = 0; i < 1000; i++) {
        const uint64_t w = tu_test_rand(&seed) >> 1;
        CHECK(tu_nv_control_split(w, slots, &err) == TU_OK &&
              tu_nv_control_join(slots, &word, &err) == TU_OK && word == w);
    }
    /* The slot of an address: 8, 16, 24 after each control word at a multiple of 32. */
    static const struct {
        uint64_t address;
        int slot;
    } at[] = {{8, 0}, {0x10, 1}, {0x18, 2}, {0x28, 0}, {0x98, 2}, {0, -1}, {0x20, -1}, {0xc, -1}};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
        unsigned k = 99;
        const tu_status st = tu_nv_control_slot_of(at[i].address, &k, &err);
        CHECK(at[i].slot < 0 ? st == TU_INVALID_ARGUMENT : st == TU_OK && k == (unsigned)at[i].slot,
              "address 0x%llx: %s", (unsigned long long)at[i].address, err.message);
    }
    /* maxas's notation: the wiki's examples, and what is not one. */
    static const char *const good[] = {"01:-:-:Y:d", "--:2:1:-:2", "06:-:-:-:1", "3f:6:6:Y:f"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        CHECK(tu_nv_control_parse_maxas(good[i], &c, &err) == TU_OK &&
                  tu_nv_control_print_maxas(&c, text, sizeof text, &err) == TU_OK &&
                  strcmp(text, good[i]) == 0,
              "'%s' -> '%s' (%s)", good[i], text, err.message);
    CHECK(tu_nv_control_parse_maxas("01:-:2:Y:d", &c, &err) == TU_OK && c.wait == 1 && c.rd == -1 &&
          c.wr == 1 && c.yield && c.stall == 13);
    static const char *const not_maxas[] = {
        "40:-:-:-:0", "0g:-:-:-:0", "--:7:-:-:0",  "--:-:0:-:0", "--:-:-:y:0",
        "--:-:-:-:g", "--:-:-:-:",  "--:-:-:-:00", "-- -:-:-:0", ""};
    for (size_t i = 0; i < sizeof not_maxas / sizeof not_maxas[0]; i++)
        CHECK_ERR(tu_nv_control_parse_maxas(not_maxas[i], &c, &err), TU_PARSE_ERROR, &err,
                  "is not WAIT:RD:WR:Y:STALL");
    CHECK_ERR(tu_nv_control_print_maxas(&c, text, 10, &err), TU_INVALID_ARGUMENT, &err, "11 bytes");
    /* TLD's slot: bits 19 and 20 have no meaning for it, and .T and .P exclude each other. */
    tu_nv_tld t = tu_nv_tld_default();
    t.rd = 0, t.ra = 0;
    CHECK(tu_nv_tld_decode_control(TU_NV_CONTROL_EMPTY | 1u << 17, &t, &err) == TU_OK &&
          t.phase == TU_NV_PHASE_T);
    CHECK(tu_nv_tld_decode_control(TU_NV_CONTROL_EMPTY | 1u << 18, &t, &err) == TU_OK &&
          t.phase == TU_NV_PHASE_P);
    CHECK_ERR(tu_nv_tld_decode_control(TU_NV_CONTROL_EMPTY | 3u << 17, &t, &err),
              TU_INVALID_ARGUMENT, &err, "sets both .T (bit 17) and .P (bit 18)");
    CHECK_ERR(tu_nv_tld_decode_control(TU_NV_CONTROL_EMPTY | 1u << 19, &t, &err),
              TU_INVALID_ARGUMENT, &err, "reuse bits 0x4 (bits 20:19) have no meaning for TLD");
    CHECK_ERR(tu_nv_tld_decode_control(1u << 22, &t, &err), TU_INVALID_ARGUMENT, &err,
              "wider than its 21 bits");
}

/* One line of each listing kind, and lines that look like listing lines but are not. */
static void test_listing_lines(void) {
    static const struct {
        const char *line;
        uint8_t kind;
        bool has_address, has_word, has_control;
        uint64_t address, word;
        const char *mnemonic, *text;
    } good[] = {
        {"        /* 0x001f9400fe2007e6 */", TU_NV_LISTING_CONTROL, false, true, false, 0,
         0x001f9400fe2007e6ull, "", ""},
        {"  /*0008*/    MOV R1, c[0x0][0x20];     /* 0x4c98078000870001 */",
         TU_NV_LISTING_INSTRUCTION, true, true, false, 8, 0x4c98078000870001ull, "MOV",
         "MOV R1, c[0x0][0x20];"},
        {"        /*0078*/                   {         TLD.B.LZ.AOFFI.T R12, R46, R28, 0x0, 1D, "
         "0xf         }",
         TU_NV_LISTING_INSTRUCTION, true, false, false, 0x78, 0, "TLD",
         "TLD.B.LZ.AOFFI.T R12, R46, R28, 0x0, 1D, 0xf;"},
        {"/*0090*/ TLD.LZ R0, R4, 0x0, 2D, 0xf ; /* 0xdc380007aff70400 */\r\n",
         TU_NV_LISTING_INSTRUCTION, true, true, false, 0x90, 0xdc380007aff70400ull, "TLD",
         "TLD.LZ R0, R4, 0x0, 2D, 0xf;"},
        {"--:-:2:Y:2      TLD.B.LZ.P R103, R111, R115, 0x0, 1D, 0x1;", TU_NV_LISTING_INSTRUCTION,
         false, false, true, 0, 0, "TLD", "TLD.B.LZ.P R103, R111, R115, 0x0, 1D, 0x1;"},
        {"--:-:-:-:1  @P0 @P0 TLD.B.LZ.T R96, R104, R115, 0x0, 1D, 0x1;", TU_NV_LISTING_INSTRUCTION,
         false, false, true, 0, 0, "TLD", "@P0 TLD.B.LZ.T R96, R104, R115, 0x0, 1D, 0x1;"},
        {"  @!P1 TEXS.T RZ, R25, R24, R5, 0x5c, 2D, R ;", TU_NV_LISTING_INSTRUCTION, false, false,
         false, 0, 0, "TEXS", "@!P1 TEXS.T RZ, R25, R24, R5, 0x5c, 2D, R;"},
        {"EXIT; // the end", TU_NV_LISTING_INSTRUCTION, false, false, false, 0, 0, "EXIT", "EXIT;"},
        {"        Function : _Z6kernelPf", TU_NV_LISTING_OTHER, false, false, false, 0, 0, "", ""},
        {".L_1:", TU_NV_LISTING_OTHER, false, false, false, 0, 0, "", ""},
        {"", TU_NV_LISTING_OTHER, false, false, false, 0, 0, "", ""},
        {"code for sm_52", TU_NV_LISTING_OTHER, false, false, false, 0, 0, "", ""},
    };
    tu_error err;
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        tu_nv_listing_line l;
        if (!CHECK(tu_nv_listing_line_parse(good[i].line, &l, &err) == TU_OK, "'%s': %s",
                   good[i].line, err.message))
            continue;
        CHECK(l.kind == good[i].kind && l.has_address == good[i].has_address &&
                  l.has_word == good[i].has_word && l.has_control == good[i].has_control &&
                  l.address == good[i].address && l.word == good[i].word &&
                  strcmp(l.mnemonic, good[i].mnemonic) == 0 && strcmp(l.text, good[i].text) == 0,
              "'%s': kind %u address %llx word %llx mnemonic '%s' text '%s'", good[i].line, l.kind,
              (unsigned long long)l.address, (unsigned long long)l.word, l.mnemonic, l.text);
    }
    tu_nv_listing_line l;
    CHECK(tu_nv_listing_line_parse("01:-:2:Y:d      S2R R0, SR_TID.X;", &l, &err) == TU_OK &&
          l.control.wait == 1 && l.control.wr == 1 && l.control.rd == -1 && l.control.yield &&
          l.control.stall == 13);
    static const struct {
        const char *line, *needle;
    } bad[] = {
        {"/*00g8*/ MOV R1, R2;", "the address comment"},
        {"/* 0x12345678901234567 */", "neither an address nor a 64-bit hex word"},
        {"/* 0x0012 */ MOV R1, R2;", "text after the control word"},
        {"/*0008*/ label", "expected an instruction after the address"},
        {"/*0008*/ MOV R1, R2; /* 0xzz */", "the word comment"},
        {"/*0008*/ MOV R1, R2; junk", "unexpected 'junk'"},
        {"zz:-:-:-:0      MOV R1, R2;", "is not WAIT:RD:WR:Y:STALL"},
        {"/* 0x0012", "neither an address"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_ERR(tu_nv_listing_line_parse(bad[i].line, &l, &err), TU_PARSE_ERROR, &err,
                  bad[i].needle);
    char longer[400] = "/*0008*/ MOV ";
    memset(longer + 13, 'R', 300);
    CHECK_ERR(tu_nv_listing_line_parse(longer, &l, &err), TU_PARSE_ERROR, &err, "is longer than");
    CHECK_ERR(tu_nv_listing_line_parse(NULL, &l, &err), TU_INVALID_ARGUMENT, &err, "NULL");
}

/* --arch: sm_50 has no sparse predicate; the names. */
static void test_arch(void) {
    tu_error err;
    tu_nv_arch a;
    static const char *const names[] = {"sm_50", "sm_52", "sm_53", "sm_60", "sm_61", "sm_62"};
    static const int numbers[] = {50, 52, 53, 60, 61, 62};
    for (int i = 0; i < 6; i++)
        CHECK(tu_nv_arch_parse(names[i], &a, &err) == TU_OK && (int)a == numbers[i], "%s",
              names[i]);
    CHECK(tu_nv_arch_parse("61", &a, &err) == TU_OK && a == TU_NV_SM_61);
    static const char *const bad[] = {"sm_51", "sm_5", "sm_70", "sm_500", "", "SM_50"};
    for (int i = 0; i < 6; i++)
        CHECK_ERR(tu_nv_arch_parse(bad[i], &a, &err), TU_INVALID_ARGUMENT, &err,
                  "is not one of sm_50 sm_52");
    tu_nv_tld t;
    CHECK(tu_nv_tld_parse("TLD.LZ P3, R0, R4, 0x0, 2D, 0xf;", &t, &err) == TU_OK);
    CHECK_ERR(tu_nv_tld_check_arch(&t, TU_NV_SM_50, &err), TU_INVALID_ARGUMENT, &err,
              "sparse predicate P3: sm_50 has none");
    for (int i = 1; i < 6; i++)
        CHECK(tu_nv_tld_check_arch(&t, (tu_nv_arch)numbers[i], &err) == TU_OK, "%s", names[i]);
    t.ps = TU_NV_PT;
    CHECK(tu_nv_tld_check_arch(&t, TU_NV_SM_50, &err) == TU_OK);
    CHECK_ERR(tu_nv_tld_check_arch(&t, (tu_nv_arch)51, &err), TU_INVALID_ARGUMENT, &err,
              "architecture 51");
}

int main(void) {
    TU_RUN(test_page_examples);
    TU_RUN(test_every_combination);
    TU_RUN(test_packing);
    TU_RUN(test_register_rules);
    TU_RUN(test_illegal_options);
    TU_RUN(test_bad_text);
    TU_RUN(test_bad_words);
    TU_RUN(test_line_ends);
    TU_RUN(test_control_word);
    TU_RUN(test_listing_lines);
    TU_RUN(test_arch);
    return tu_test_finish();
}
