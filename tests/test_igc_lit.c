/* SPDX-License-Identifier: MIT */
/*
 * test_igc_lit.c - every instruction line of the igc-lit corpus (the sampler, data-port and
 * LSC lines IGC's own lit tests check in IGC's .visaasm output, and the LSC forms of the
 * outside-scope file), checked as that folder's README describes them:
 *
 *   accepted      tu_visa_parse takes the line after the file's declarations;
 *   printed       tu_visa_print_inst prints it back as IGC wrote it (blanks between tokens
 *                 are FileCheck's, which matches any run of blanks as one; a trailing comment
 *                 is IGC's, not the instruction's);
 *   round-trip    asm -> disasm -> asm without the kernel: the bytes, decoded for the file's
 *                 platform and printed with the declarations they imply (texunit disasm),
 *                 parse again and encode to the same bytes;
 *   refused       a form of a target outside texunit's (Xe3P/CRI's efficient 64-bit
 *                 addressing) is refused with TU_UNSUPPORTED, naming the form and saying it is
 *                 outside texunit's targets - never a syntax error.
 *
 * Every line must be accepted, printed and round-tripped, or refused by name. The whole-kernel
 * files (*.whole.visaasm) and the syntax probes are the kernel grammar's, not checked here.
 * Without the corpus the test says so and exits 77 (skipped).
 */
#include "tu_test.h"

#include "run_visa.h"
#include "texunit/visa.h"

#include <ctype.h>
#include <dirent.h>

#define OUTSIDE_TARGETS "outside texunit's targets"

typedef struct counts {
    unsigned lines, accepted, printed, round_trip, binary_named, refused, handled;
    unsigned blocked; /* the file's declarations alone do not parse: the kernel grammar's */
} counts;

#define NO_BINARY "no vISA 4.1 binary encoding"

/* Lines of the corpus that IGC itself would not take: a CHECK line that is a prefix of what IGC
 * printed, completed by the corpus with an operand IGC's verifier refuses, or cut before a part
 * IGC's grammar requires. texunit refuses each naming what is wrong. */
static const struct {
    const char *file, *tag, *needle;
} corpus_defects[] = {
    /* src2 of a binary atomic must be %null (IGC IsaVerification.cpp verifyDataOperands); the
     * CHECK line ends before src2, which the corpus filled with a variable */
    {"IGC__Compiler__tests__EmitVISAPass__uniform-atomic-bf16.visaasm", "L19 exact",
     "src2 of lsc_atomic_bfadd.ugm is not read and must be %null"},
    /* lsc_fence needs its scope (IGC CISA.y LscFence); the CHECK lines stop before it */
    {"_lsc-outside-scope.visaasm",
     "L26 outside IGC/Compiler/tests/EmitVISAPass/typedmemoryfence.ll", "a fence scope"},
    {"_lsc-outside-scope.visaasm",
     "L44 outside IGC/ocloc_tests/Builtins/wait_group_events_fence_scope.cl", "a fence scope"},
};

static const char *corpus_defect(const char *file, const char *tag) {
    for (size_t i = 0; i < sizeof corpus_defects / sizeof corpus_defects[0]; i++)
        if (strcmp(file, corpus_defects[i].file) == 0 && strcmp(tag, corpus_defects[i].tag) == 0)
            return corpus_defects[i].needle;
    return NULL;
}

/* The line without a trailing comment, its blanks collapsed to one and trimmed. */
static void normalize(const char *in, char *out, size_t size) {
    size_t n = 0;
    bool blank = false;
    for (const char *p = in; *p && n + 2 < size; p++) {
        if (p[0] == '/' && p[1] == '/') break;
        if (isspace((unsigned char)*p)) {
            blank = n > 0;
            continue;
        }
        if (blank) out[n++] = ' ';
        blank = false;
        out[n++] = *p;
    }
    out[n] = 0;
}

/* A stream whose text is read back when it is closed (a tmpfile: standard C). */
typedef struct mem {
    char *buf;
    size_t size;
    FILE *f;
} mem;

static bool mem_open(mem *m) {
    m->buf = NULL, m->size = 0;
    m->f = tmpfile();
    return m->f != NULL;
}

static void mem_close(mem *m) {
    if (!m->f) return;
    const long n = ftell(m->f);
    rewind(m->f);
    m->buf = malloc(n > 0 ? (size_t)n + 1 : 1);
    if (m->buf) {
        m->size = n > 0 ? fread(m->buf, 1, (size_t)n, m->f) : 0;
        m->buf[m->size] = 0;
    }
    fclose(m->f);
    m->f = NULL;
}

/* Encode the last instruction of k (its only one of texunit's families). */
static tu_status encode_last(const tu_visa_kernel *k, uint8_t *buf, size_t size, size_t *n,
                             tu_error *err) {
    for (uint32_t i = k->line_count; i-- > 0;)
        if (k->lines[i].kind == TU_VISA_LINE_INST)
            return tu_visa_encode(&k->lines[i].inst, buf, size, n, err);
    snprintf(err->message, sizeof err->message, "no instruction");
    return TU_INVALID_ARGUMENT;
}

static unsigned reported;

static void report(const char *file, const char *tag, const char *what, const char *line,
                   const char *detail) {
    if (++reported > 40) return;
    fprintf(stderr, "  %s %s: %s\n    line:   %s\n    %s\n", file, tag, what, line, detail);
}

/* One instruction line after the file's declarations (prelude). */
static void check_line(const char *file, const char *tag, const char *prelude, bool prelude_ok,
                       const char *line, tu_visa_platform platform, counts *c) {
    c->lines++;
    if (!prelude_ok) {
        c->blocked++;
        return;
    }
    size_t plen = strlen(prelude), llen = strlen(line);
    char *text = malloc(plen + llen + 2);
    if (!CHECK(text != NULL)) return;
    memcpy(text, prelude, plen);
    memcpy(text + plen, line, llen);
    text[plen + llen] = '\n';
    text[plen + llen + 1] = 0;
    tu_visa_kernel k;
    tu_error err = {0};
    tu_status st = tu_visa_parse(text, plen + llen + 1, platform, &k, &err);
    free(text);
    const char *defect = corpus_defect(file, tag);
    if (st != TU_OK) {
        if (st == TU_UNSUPPORTED && strstr(err.message, OUTSIDE_TARGETS)) {
            c->refused++, c->handled++;
        } else if (defect && strstr(err.message, defect)) {
            c->handled++;
        } else {
            char what[64];
            snprintf(what, sizeof what, "refused (%s), not as outside the targets",
                     tu_status_name(st));
            report(file, tag, what, line, err.message);
        }
        return;
    }
    c->accepted++;
    char want[1024], got[1024], printed[1024];
    const tu_visa_inst *in = &k.lines[k.line_count - 1].inst;
    if (k.lines[k.line_count - 1].kind != TU_VISA_LINE_INST) {
        report(file, tag, "not read as an instruction of texunit's families", line, "");
        tu_visa_kernel_free(&k);
        return;
    }
    tu_visa_print_inst(&k, in, printed, sizeof printed);
    normalize(line, want, sizeof want);
    normalize(printed, got, sizeof got);
    bool exact = strcmp(want, got) == 0;
    if (exact)
        c->printed++;
    else
        report(file, tag, "printed differently", line, printed);
    uint8_t bytes[512], again[512];
    size_t n = 0, n2 = 0;
    bool trip = false;
    bool named = false;
    st = encode_last(&k, bytes, sizeof bytes, &n, &err);
    if (st == TU_UNSUPPORTED && strstr(err.message, NO_BINARY)) {
        named = true; /* a form the binary cannot hold, refused naming it */
        c->binary_named++;
    } else if (st != TU_OK) {
        report(file, tag, "not encoded", line, err.message);
    } else {
        mem out = {0}, errs = {0};
        if (CHECK(mem_open(&out)) && CHECK(mem_open(&errs))) {
            int rc = tq_disasm_visa_bytes(bytes, n, tag, platform, NULL, out.f, errs.f);
            mem_close(&out);
            mem_close(&errs);
            tu_visa_kernel k2;
            if (rc) {
                report(file, tag, "not decoded", line, errs.buf ? errs.buf : "");
            } else if (tu_visa_parse(out.buf, out.size, platform, &k2, &err) != TU_OK) {
                report(file, tag, "disasm's text does not parse", line, err.message);
            } else {
                if (encode_last(&k2, again, sizeof again, &n2, &err) != TU_OK)
                    report(file, tag, "disasm's text does not encode", line, err.message);
                else if (n2 != n || memcmp(bytes, again, n) != 0)
                    report(file, tag, "disasm's text encodes to other bytes", line, out.buf);
                else
                    trip = true;
                tu_visa_kernel_free(&k2);
            }
        }
        free(out.buf);
        free(errs.buf);
    }
    if (trip) c->round_trip++;
    if (defect) /* the table above is out of date */
        report(file, tag, "accepted, but listed as a corpus defect", line, defect);
    else if (exact && (trip || named))
        c->handled++;
    tu_visa_kernel_free(&k);
}

static bool wanted(const char *name) {
    size_t n = strlen(name);
    if (n < 9 || strcmp(name + n - 8, ".visaasm") != 0) return false;
    if (strcmp(name, "_lsc-outside-scope.visaasm") == 0) return true;
    return strncmp(name, "IGC__", 5) == 0 && !strstr(name, ".whole.");
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void check_file(const char *dir, const char *name, counts *c, counts *files_c) {
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t size = 0;
    char *text = tu_test_read_file(path, &size);
    if (!CHECK(text != NULL, "cannot read %s", path)) return;
    tu_visa_platform platform = TU_VISA_XE_LP;
    char *prelude = calloc(1, size + 1);
    size_t plen = 0;
    if (!CHECK(prelude != NULL)) {
        free(text);
        return;
    }
    /* First pass: the platform and every directive line (the declarations). */
    for (char *p = text; *p;) {
        char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        const char *q = p;
        while (*q == ' ' || *q == '\t')
            q++;
        if (strncmp(q, "//! platform ", 13) == 0) {
            char pname[16] = "";
            sscanf(q + 13, "%15s", pname);
            CHECK(tq_visa_platform_by_name(pname, &platform), "%s: platform '%s'", name, pname);
        } else if (*q == '.') {
            memcpy(prelude + plen, p, len);
            plen += len;
            prelude[plen++] = '\n';
        }
        p = nl ? nl + 1 : p + len;
    }
    /* The declarations alone: when they do not parse, no line of the file can (a declaration
     * form the kernel grammar reads), and the file's lines are counted as blocked. */
    tu_visa_kernel pk;
    tu_error perr = {0};
    const bool prelude_ok = tu_visa_parse(prelude, plen, platform, &pk, &perr) == TU_OK;
    if (prelude_ok)
        tu_visa_kernel_free(&pk);
    else
        printf("  %s: its declarations do not parse (%s): its lines are not checked\n", name,
               perr.message);
    /* Second pass: each instruction line with the tag before it. */
    char tag[160] = "L?";
    unsigned before = c->handled, lines_before = c->lines;
    for (char *p = text; *p;) {
        char *nl = strchr(p, '\n');
        if (nl) *nl = 0;
        const char *q = p;
        while (*q == ' ' || *q == '\t')
            q++;
        if (strncmp(q, "//@ ", 4) == 0) { /* "L19 exact", "L26 outside IGC/...ll" */
            const char *bar = strstr(q + 4, " | ");
            const size_t len = bar ? (size_t)(bar - (q + 4)) : strlen(q + 4);
            snprintf(tag, sizeof tag, "%.*s", (int)(len < sizeof tag ? len : sizeof tag - 1),
                     q + 4);
        } else if (*q && *q != '.' && strncmp(q, "//", 2) != 0) {
            check_line(name, tag, prelude, prelude_ok, p, platform, c);
        }
        p = nl ? nl + 1 : p + strlen(p);
    }
    files_c->lines++;
    if (c->handled - before == c->lines - lines_before) files_c->handled++;
    free(prelude);
    free(text);
}

int main(void) {
    char dir[4096];
    if (!tu_test_corpus("igc-lit", dir, sizeof dir)) return TU_TEST_SKIP;
    DIR *d = opendir(dir);
    if (!CHECK(d != NULL, "cannot list %s", dir)) return tu_test_finish();
    char **names = NULL;
    size_t count = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!wanted(e->d_name)) continue;
        if (count == cap) {
            cap = cap ? cap * 2 : 128;
            char **grown = realloc(names, cap * sizeof *names);
            if (!grown) break;
            names = grown;
        }
        const size_t len = strlen(e->d_name) + 1;
        if (!(names[count] = malloc(len))) break;
        memcpy(names[count++], e->d_name, len);
    }
    closedir(d);
    qsort(names, count, sizeof *names, by_name);
    /* the per-test files' lines, and the outside-scope forms */
    counts c[2] = {{0}}, files[2] = {{0}};
    for (size_t i = 0; i < count; i++) {
        const int outside = names[i][0] == '_';
        check_file(dir, names[i], &c[outside], &files[outside]);
        free(names[i]);
    }
    free(names);
    static const char *const what[2] = {"IGC's lit-test lines", "outside-scope LSC forms"};
    for (int g = 0; g < 2; g++) {
        printf("igc-lit, %s: %u instruction lines in %u files: %u accepted, %u printed as IGC "
               "prints them, %u round-trip through binary alone (%u more have a form the vISA "
               "4.1 binary cannot hold, refused by name), %u refused by name as outside "
               "texunit's targets; %u handled (%u files wholly); %u in files whose declarations "
               "do not parse\n",
               what[g], c[g].lines, files[g].lines, c[g].accepted, c[g].printed, c[g].round_trip,
               c[g].binary_named, c[g].refused, c[g].handled, files[g].handled, c[g].blocked);
        CHECK(c[g].lines > 0, "no %s in %s", what[g], dir);
        CHECK(c[g].handled + c[g].blocked == c[g].lines,
              "%u of %u %s are neither printed and round-tripped nor refused by name (the first "
              "are listed above)",
              c[g].lines - c[g].handled - c[g].blocked, c[g].lines, what[g]);
    }
    return tu_test_finish();
}
