/* SPDX-License-Identifier: MIT */
/*
 * test_igc_kernels.c - kernels as IGC writes them, whole: the igc-lit corpus's eight
 * *.whole.visaasm files (every vISA CHECK line of one of IGC's lit tests in order: labels,
 * .function, FILE/LOC, mov/add/cmp/goto/ret, movs and texunit's own instructions) and
 * _syntax-probes.visaasm (each declaration or statement around the instructions put alone into
 * a minimal kernel); the folder's README says what each is. Skipped, saying so, where the
 * corpus is absent.
 *
 * Each file is read whole: every statement outside texunit's families parses (IGC CISA.y). A
 * refusal is allowed only at an instruction of texunit's families (their own suite,
 * test_igc_lit, measures those) and at a lone name, which is no statement of CISA.y (a
 * FileCheck variable standing for a label, written without its colon); the file is then read
 * again without that line. What is read prints back as written, statement for statement (the
 * statements outside the families exactly; the families' lines are counted). Then:
 *   - tu_visa_execute refuses the first instruction outside the families by its line and
 *     mnemonic, and with skip_other steps over every one of them (counting each), running the
 *     texture instructions on surfaces and samplers bound at every handle;
 *   - `texunit lower` lowers the texture instructions and lists each other mnemonic once;
 *   - `texunit run` refuses the first other instruction by line and mnemonic, and
 *     `run --texture-only` runs and reports each mnemonic it stepped over once;
 *   - `texunit asm` names each kind of line it writes no vISA 4.1 binary for.
 * The counts are printed.
 */
#include "texunit/texunit.h"

#include "../src/lower/intel_ops.h"
#include "../tools/lower_cmd.h"
#include "../tools/run_visa.h"
#include "tu_test.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static char corpus[1024];

/* The text of a FILE stream from its start. */
static char *stream_text(FILE *f) {
    fflush(f);
    const long n = ftell(f);
    char *text = calloc((size_t)n + 1, 1);
    rewind(f);
    if (text && fread(text, 1, (size_t)n, f) != (size_t)n) text[0] = 0;
    return text;
}

/* Line n (1-based) of text, without its line end, into out. */
static void nth_line(const char *text, unsigned n, char *out, size_t size) {
    const char *p = text;
    for (unsigned i = 1; i < n && p; i++) {
        p = strchr(p, '\n');
        if (p) p++;
    }
    out[0] = 0;
    if (!p) return;
    size_t len = strcspn(p, "\r\n");
    if (len >= size) len = size - 1;
    memcpy(out, p, len);
    out[len] = 0;
}

/* A statement without its comment and surrounding blanks ("" for a comment or a blank line). */
static void statement(const char *line, char *out, size_t size) {
    while (*line == ' ' || *line == '\t')
        line++;
    size_t len = 0;
    bool quoted = false;
    for (; line[len] && line[len] != '\r' && line[len] != '\n'; len++) {
        if (line[len] == '"') quoted = !quoted;
        if (!quoted && line[len] == '/' && line[len + 1] == '/') break;
    }
    while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
        len--;
    if (len >= size) len = size - 1;
    memcpy(out, line, len);
    out[len] = 0;
}

/* The mnemonic of an instruction line (after a predicate), up to its first '.' or blank. */
static void mnemonic(const char *stmt, char *out, size_t size) {
    if (*stmt == '(') {
        const char *close = strchr(stmt, ')');
        stmt = close ? close + 1 : stmt;
        while (*stmt == ' ')
            stmt++;
    }
    size_t len = strcspn(stmt, ". \t(");
    if (len >= size) len = size - 1;
    memcpy(out, stmt, len);
    out[len] = 0;
}

/* An instruction of texunit's families (the sampler's, MEDIA_LD, the data port's, LSC's). */
static bool family_line(const char *stmt) {
    char mn[64];
    mnemonic(stmt, mn, sizeof mn);
    return strncmp(mn, "lsc_", 4) == 0 || strcmp(mn, "media_ld") == 0 || tuL_dp_by_name(mn) ||
           tuL_op_by_name(mn);
}

/* A lone name on its line: no statement of CISA.y. */
static bool lone_name(const char *stmt) {
    if (!*stmt || !(isalpha((unsigned char)*stmt) || *stmt == '_')) return false;
    for (const char *p = stmt; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_') return false;
    return true;
}

typedef struct totals {
    unsigned files, whole, family_refused, lone_refused, statements, printed, family_lines,
        family_printed, family_spaced, other_lines, skipped, exec_refused, lowered_lists,
        run_reports, explained, explained_lists;
} totals;

static totals sum;

static tu_visa_platform platform_of(const char *text) {
    return strstr(text, "//! platform xe2") ? TU_VISA_XE2 : TU_VISA_XE_LP;
}

/* Parse text, taking out (as comments) the lines a refusal may name; false when a statement
 * outside the families is refused. */
static bool read_whole(const char *name, char *text, tu_visa_kernel *k) {
    const tu_visa_platform p = platform_of(text);
    for (unsigned tries = 0; tries < 10000; tries++) {
        tu_error err = {0};
        if (tu_visa_parse(text, strlen(text), p, k, &err) == TU_OK) return true;
        unsigned line = 0;
        char raw[1024], stmt[1024];
        if (sscanf(err.message, "line %u", &line) != 1) {
            CHECK(false, "%s: %s", name, err.message);
            return false;
        }
        nth_line(text, line, raw, sizeof raw);
        statement(raw, stmt, sizeof stmt);
        const bool family = family_line(stmt), lone = lone_name(stmt);
        if (!CHECK(family || lone, "%s: a statement outside texunit's families is refused: %s",
                   name, err.message))
            return false;
        printf("  %s line %u refused (%s): %s\n", name, line,
               family ? "texunit's families" : "a lone name, no statement of CISA.y", err.message);
        if (family) sum.family_refused++;
        if (lone) sum.lone_refused++;
        /* comment the line out in place: the line numbers stay */
        char *at = text;
        for (unsigned i = 1; i < line; i++)
            at = strchr(at, '\n') + 1;
        while (*at == ' ' || *at == '\t')
            at++;
        if (at[0] && at[1]) at[0] = '/', at[1] = '/';
    }
    return false;
}

/* s with every run of blanks as one space, into out (as large as s). */
static void collapse(const char *s, char *out) {
    for (; *s; s++)
        if (!(*s == ' ' && (s[1] == ' ' || s[1] == 0))) *out++ = *s;
    *out = 0;
}

/* The printed kernel against the source, statement for statement. */
static void check_printed(const char *name, const char *text, const tu_visa_kernel *k) {
    char *printed = NULL;
    tu_error err = {0};
    if (!CHECK(tu_visa_print(k, &printed, &err) == TU_OK, "%s: %s", name, err.message)) return;
    const char *src = text, *out = printed;
    for (;;) {
        char a[1024] = "", b[1024] = "", raw[1024];
        while (*src && !a[0]) {
            nth_line(src, 1, raw, sizeof raw);
            statement(raw, a, sizeof a);
            src = strchr(src, '\n') ? strchr(src, '\n') + 1 : src + strlen(src);
        }
        while (*out && !b[0]) {
            nth_line(out, 1, raw, sizeof raw);
            statement(raw, b, sizeof b);
            out = strchr(out, '\n') ? strchr(out, '\n') + 1 : out + strlen(out);
        }
        if (!a[0] && !b[0]) break;
        sum.statements++;
        const bool same = strcmp(a, b) == 0;
        if (family_line(a)) {
            /* FileCheck matches runs of blanks as one: a CHECK line's spacing is not IGC's */
            char ca[1024], cb[1024];
            collapse(a, ca), collapse(b, cb);
            const bool spaced = strcmp(ca, cb) == 0;
            sum.family_lines++;
            sum.family_printed += same;
            sum.family_spaced += spaced;
            if (!spaced)
                printf("  %s: printed as  %s\n  %*s  written  %s\n", name, b, (int)strlen(name), "",
                       a);
        } else {
            CHECK(same, "%s: '%s' printed back as '%s'", name, a, b);
        }
        sum.printed += same;
        if (!a[0] || !b[0]) break;
    }
    free(printed);
}

/* Surfaces and samplers at every binding-table index, sampler index and bindless handle. */
static void check_execute(const char *name, const tu_visa_kernel *k) {
    static tu_visa_bindings b;
    memset(&b, 0, sizeof b);
    tu_image img = tu_test_image(TU_SURFACE_2D, false, TU_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, 1, 1);
    if (!img.memory) return;
    tu_sampler smp = tu_sampler_default();
    for (int i = 0; i < TU_VISA_MAX_BINDINGS; i++)
        b.surfaces[i] = &img.surface, b.samplers[i] = &smp;
    b.bindless_count = 64;
    for (uint32_t h = 0; h < 64; h++)
        b.bindless[h].handle = h, b.bindless[h].surface = &img.surface,
        b.bindless[h].sampler = &smp;
    uint32_t first_other = 0, first_inst = 0, others = 0;
    const char *first_op = "";
    for (uint32_t i = 0; i < k->line_count; i++) {
        const tu_visa_line *l = &k->lines[i];
        if (l->kind == TU_VISA_LINE_OTHER && !others++) first_other = l->line, first_op = l->op;
        if (l->kind == TU_VISA_LINE_INST && !first_inst) first_inst = l->line;
    }
    sum.other_lines += others;
    unsigned stop = 0; /* where a texture instruction texunit does not execute stops the run */
    tu_visa_state st;
    tu_error err = {0};
    if (!CHECK(tu_visa_state_init(&st, k, &err) == TU_OK, "%s: %s", name, err.message)) {
        tu_image_free(&img);
        return;
    }
    const tu_status refused = tu_visa_execute(k, &st, &b, &err);
    if (others && (!first_inst || first_other < first_inst)) {
        char needle[96];
        snprintf(needle, sizeof needle, "line %u: '%s' is outside texunit's instructions",
                 first_other, first_op);
        CHECK(refused == TU_UNSUPPORTED && strstr(err.message, needle), "%s: %s: %s", name,
              tu_status_name(refused), err.message);
    }
    tu_visa_state_free(&st);
    CHECK(tu_visa_state_init(&st, k, &err) == TU_OK, "%s", err.message);
    st.skip_other = true;
    if (tu_visa_execute(k, &st, &b, &err) != TU_OK) {
        /* only at an instruction of the families, named */
        if (CHECK(sscanf(err.message, "line %u", &stop) == 1, "%s: %s", name, err.message)) {
            const tu_visa_line *at = NULL;
            for (uint32_t i = 0; i < k->line_count; i++)
                if (k->lines[i].line == stop) at = &k->lines[i];
            CHECK(at && at->kind == TU_VISA_LINE_INST, "%s: %s", name, err.message);
            printf("  %s: the run stops at a texture instruction it does not execute: %s\n", name,
                   err.message);
            sum.exec_refused++;
        }
    }
    uint32_t before = 0; /* the other instructions before the stop */
    for (uint32_t i = 0; i < k->line_count; i++)
        before += k->lines[i].kind == TU_VISA_LINE_OTHER && (!stop || k->lines[i].line < stop);
    CHECK_EQ_U(st.skipped, before);
    sum.skipped += st.skipped;
    tu_visa_state_free(&st);
    tu_image_free(&img);
}

/* Each other mnemonic of k appears once in list: at its start or after ", ", before " (". */
static void check_listed_once(const char *name, const char *what, const char *list,
                              const tu_visa_kernel *k) {
    for (uint32_t i = 0; i < k->line_count; i++) {
        if (k->lines[i].kind != TU_VISA_LINE_OTHER) continue;
        char item[48];
        unsigned n = 0;
        snprintf(item, sizeof item, "%s (", k->lines[i].op);
        for (const char *p = strstr(list, item); p; p = strstr(p + 1, item))
            n += p == list || (p >= list + 2 && p[-2] == ',' && p[-1] == ' ') ||
                 (p >= list + 2 && p[-2] == ':' && p[-1] == ' ');
        CHECK(n == 1, "%s: %s lists '%s' %u times: %s", name, what, k->lines[i].op, n, list);
    }
}

static void count_record(void *user, const tu_trace_record *r) {
    (void)r;
    ++*(unsigned *)user;
}

/* The tool's message names a line of texunit's families ("FILE: STATUS: line N: ..."). */
static bool stops_at_family(const char *message, const tu_visa_kernel *k) {
    const char *at = strstr(message, ": line ");
    unsigned line = 0;
    if (!at || sscanf(at, ": line %u", &line) != 1) return false;
    for (uint32_t i = 0; i < k->line_count; i++)
        if (k->lines[i].line == line) return k->lines[i].kind == TU_VISA_LINE_INST;
    return false;
}

/* The tool's commands on the file as read (and, for run, with surfaces and samplers bound by
 * //! directives at the end, so that the line numbers stay). */
static void check_tools(const char *name, const char *text, const tu_visa_kernel *k) {
    const char *dir = getenv("TU_TEST_TMP");
    char path[1200];
    snprintf(path, sizeof path, "%s/igc_%s", dir && *dir ? dir : ".", name);
    FILE *f = fopen(path, "wb");
    if (!CHECK(f != NULL, "cannot write %s", path)) return;
    fputs(text, f);
    fputs("\n", f);
    for (uint32_t i = 0; i < k->line_count; i++) { /* the handles movs writes */
        const tu_visa_line *l = &k->lines[i];
        if (l->kind != TU_VISA_LINE_MOVS || !l->movs_src.is_imm) continue;
        const tu_visa_var *v = &k->vars[l->movs_var];
        if (v->kind == TU_VISA_VAR_T && v->id != 4)
            fprintf(f, "//! surface %llu texture 2d rgba8_unorm 8 8 1 1 1 3\n",
                    (unsigned long long)l->movs_src.imm);
        if (v->kind == TU_VISA_VAR_S && v->id != 31)
            fprintf(f, "//! sampler %llu min=linear mag=linear\n",
                    (unsigned long long)l->movs_src.imm);
    }
    /* a surface or sampler variable no movs writes holds 0 */
    fprintf(f, "//! surface 0 texture 2d rgba8_unorm 8 8 1 1 1 3\n"
               "//! sampler 0 min=linear mag=linear\n");
    for (unsigned h = 0; h < 32; h++)
        fprintf(f,
                "//! surface bindless %u texture 2d rgba8_unorm 8 8 1 1 1 3\n"
                "//! sampler bindless %u min=linear mag=linear\n",
                h, h);
    fclose(f);
    bool others = false;
    for (uint32_t i = 0; i < k->line_count; i++)
        others |= k->lines[i].kind == TU_VISA_LINE_OTHER;

    FILE *out = tmpfile(), *err = tmpfile();
    const int lowered = tq_lower(path, k->platform == TU_VISA_XE2 ? "xe2" : "tgl", out, err);
    char *o = stream_text(out), *e = stream_text(err);
    CHECK(lowered == 0, "%s: lower: %s", name, e);
    const char *list = strstr(o, "not lowered, outside texunit's instructions: ");
    CHECK(!list == !others, "%s: lower lists no other instructions", name);
    if (list) {
        sum.lowered_lists++;
        char line[4096];
        nth_line(list, 1, line, sizeof line);
        check_listed_once(name, "lower", line, k);
    }
    free(o), free(e), fclose(out), fclose(err);

    out = tmpfile(), err = tmpfile();
    const int ran = tq_run_visa(path, out, err, true);
    e = stream_text(err);
    CHECK(ran == 0 || stops_at_family(e, k), "%s: run --texture-only: %s", name, e);
    list = strstr(e, "--texture-only: ");
    CHECK(!list == !others, "%s: run --texture-only reports nothing: %s", name, e);
    if (list) {
        sum.run_reports++;
        char line[4096];
        nth_line(strstr(list, "not run: "), 1, line, sizeof line);
        check_listed_once(name, "run --texture-only", line, k);
    }
    free(e), fclose(out), fclose(err);

    if (others) { /* without --texture-only the first other instruction stops the run */
        out = tmpfile(), err = tmpfile();
        CHECK(tq_run_visa(path, out, err, false) == 1, "%s: run took the other instructions", name);
        e = stream_text(err);
        uint32_t first = 0;
        const char *op = "";
        for (uint32_t i = 0; i < k->line_count && !first; i++)
            if (k->lines[i].kind == TU_VISA_LINE_OTHER)
                first = k->lines[i].line, op = k->lines[i].op;
        char needle[96];
        snprintf(needle, sizeof needle, "line %u: '%s' is outside texunit's instructions", first,
                 op);
        CHECK(strstr(e, needle) && strstr(e, "run --texture-only steps over"), "%s: %s", name, e);
        free(e), fclose(out), fclose(err);
    }

    /* explain: the last sampler instruction, lane 0, after the lines before it */
    const tu_visa_line *last = NULL;
    uint32_t before = 0, others_before = 0;
    for (uint32_t i = 0; i < k->line_count; i++) {
        const tu_visa_line *l = &k->lines[i];
        if (l->kind == TU_VISA_LINE_INST && l->inst.opcode >= 0x6D && l->inst.opcode <= 0x70)
            last = l, others_before = before;
        before += l->kind == TU_VISA_LINE_OTHER;
    }
    if (last) {
        unsigned records = 0;
        const tu_trace_sink sink = {count_record, NULL, &records, 0, 0};
        err = tmpfile();
        const int explained = tq_trace_visa(path, last->line, 0, &sink, err);
        e = stream_text(err);
        CHECK(explained == 0 && records > 0, "%s: explain line %u: %s", name, last->line, e);
        CHECK(!strstr(e, "explain: ") == !others_before, "%s: explain lists: %s", name, e);
        if (others_before) {
            const char *at = strstr(e, "not run: ");
            char line[4096] = "";
            if (at) nth_line(at, 1, line, sizeof line);
            CHECK(at != NULL, "%s: %s", name, e);
            sum.explained_lists++;
        }
        sum.explained++;
        free(e), fclose(err);
    }

    out = tmpfile(), err = tmpfile();
    CHECK(tq_asm_visa(path, NULL, out, err) == 0, "%s: asm", name);
    e = stream_text(err);
    bool unwritten = false;
    for (uint32_t i = 0; i < k->line_count; i++)
        unwritten |= k->lines[i].kind != TU_VISA_LINE_INST;
    CHECK(!strstr(e, "no vISA 4.1 binary written for") == !unwritten, "%s: asm: %s", name, e);
    free(e), fclose(out), fclose(err);
    remove(path);
}

static void test_whole_kernels(void) {
    DIR *d = opendir(corpus);
    if (!CHECK(d != NULL, "cannot list %s", corpus)) return;
    char names[64][256];
    unsigned n = 0;
    for (struct dirent *e; (e = readdir(d)) && n < 64;) {
        const size_t len = strlen(e->d_name);
        if (len > 14 && strcmp(e->d_name + len - 14, ".whole.visaasm") == 0 &&
            len < sizeof names[0])
            memcpy(names[n++], e->d_name, len + 1);
    }
    closedir(d);
    CHECK_EQ_U(n, 8); /* the README's eight */
    for (unsigned i = 0; i < n; i++) {
        char path[1400];
        size_t size;
        snprintf(path, sizeof path, "%s/%s", corpus, names[i]);
        char *text = tu_test_read_file(path, &size);
        if (!CHECK(text != NULL, "cannot read %s", path)) continue;
        sum.files++;
        tu_visa_kernel k;
        const unsigned refused = sum.family_refused + sum.lone_refused;
        if (read_whole(names[i], text, &k)) {
            sum.whole += sum.family_refused + sum.lone_refused == refused;
            check_printed(names[i], text, &k);
            check_execute(names[i], &k);
            check_tools(names[i], text, &k);
            tu_visa_kernel_free(&k);
        }
        free(text);
    }
}

/* _syntax-probes.visaasm: each probe alone in the kernel before `//@ base` and its one
 * instruction (a `kernel` probe in place of the .kernel line); every one is read and printed
 * back as written. */
static void test_syntax_probes(void) {
    char path[1200];
    size_t size;
    snprintf(path, sizeof path, "%s/_syntax-probes.visaasm", corpus);
    char *text = tu_test_read_file(path, &size);
    if (!CHECK(text != NULL, "cannot read %s", path)) return;
    char *base = strstr(text, "//@ base\n");
    if (!CHECK(base != NULL, "no //@ base line")) {
        free(text);
        return;
    }
    const size_t header_len = (size_t)(base - text);
    char inst[512];
    nth_line(base, 2, inst, sizeof inst);
    unsigned probes = 0, read = 0, printed = 0;
    for (const char *p = strstr(base, "//@ probe "); p; p = strstr(p + 1, "//@ probe ")) {
        char tag[1024], line[1024], stmt[1024];
        nth_line(p, 1, tag, sizeof tag);
        nth_line(p, 2, line, sizeof line);
        statement(line, stmt, sizeof stmt);
        const bool kernel = strncmp(tag, "//@ probe kernel ", 17) == 0;
        char *kt = malloc(header_len + 2 * sizeof line + sizeof inst);
        if (!kt) break;
        memcpy(kt, text, header_len);
        kt[header_len] = 0;
        if (kernel) { /* the probe in place of the .kernel line */
            char *k = strstr(kt, "\n.kernel ");
            char *end = k ? strchr(k + 1, '\n') : NULL;
            if (!CHECK(end != NULL, "no .kernel line")) {
                free(kt);
                break;
            }
            char rest[4096];
            snprintf(rest, sizeof rest, "%s", end);
            sprintf(k + 1, "%s%s", line, rest);
            strcat(kt, inst);
            strcat(kt, "\n");
        } else {
            strcat(kt, line);
            strcat(kt, "\n");
            strcat(kt, inst);
            strcat(kt, "\n");
        }
        probes++;
        tu_visa_kernel k;
        tu_error err = {0};
        if (CHECK(tu_visa_parse(kt, strlen(kt), platform_of(kt), &k, &err) == TU_OK,
                  "probe '%s': %s", line, err.message)) {
            read++;
            char *out = NULL;
            if (CHECK(tu_visa_print(&k, &out, &err) == TU_OK, "%s", err.message)) {
                /* a comment prints as nothing; a statement as written, on a line of its own */
                bool found = !stmt[0];
                for (const char *q = out; *q && !found;) {
                    char l2[1024], s2[1024];
                    nth_line(q, 1, l2, sizeof l2);
                    statement(l2, s2, sizeof s2);
                    found = strcmp(s2, stmt) == 0;
                    q = strchr(q, '\n') ? strchr(q, '\n') + 1 : q + strlen(q);
                }
                if (!found && family_line(stmt)) {
                    printf("  probe '%s' printed otherwise (texunit's families)\n", stmt);
                } else {
                    CHECK(found, "probe '%s' is not printed back as written:\n%s", stmt, out);
                    printed += found;
                }
                free(out);
            }
            tu_visa_kernel_free(&k);
        }
        free(kt);
    }
    printf("syntax probes: %u read of %u, %u printed back as written\n", read, probes, printed);
    CHECK(probes > 0, "no probes");
    free(text);
}

int main(void) {
    if (!tu_test_corpus("igc-lit", corpus, sizeof corpus)) return TU_TEST_SKIP;
    TU_RUN(test_whole_kernels);
    printf("whole kernels: %u of %u read whole; refused lines: %u of texunit's families, %u lone "
           "names (no CISA.y statement)\n",
           sum.whole, sum.files, sum.family_refused, sum.lone_refused);
    printf("printed back as written: %u of %u statements (of texunit's families %u of %u; %u "
           "but for runs of blanks)\n",
           sum.printed, sum.statements, sum.family_printed, sum.family_lines, sum.family_spaced);
    printf("texture instructions refused at execution by name: %u kernels\n", sum.exec_refused);
    printf("explain: a sampler lane of %u kernels, %u of them after other instructions listed\n",
           sum.explained, sum.explained_lists);
    printf("instructions outside the families: %u, stepped over by skip_other: %u; lower lists "
           "them in %u kernels, run --texture-only in %u\n",
           sum.other_lines, sum.skipped, sum.lowered_lists, sum.run_reports);
    TU_RUN(test_syntax_probes);
    return tu_test_finish();
}
