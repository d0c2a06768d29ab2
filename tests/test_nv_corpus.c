/* SPDX-License-Identifier: MIT */
/*
 * test_nv_corpus.c - the NVIDIA front end against material no one here wrote, read from the
 * corpus folder (tu_test_corpus("nvidia")); skipped, saying so, where it is absent:
 *
 *  - CuAssembler's records of nvdisasm output (sm_60/sm_61): every TLD line parses, encodes to
 *    its 64-bit word and to its control bits (CuAssembler keeps the slot's bits 20:17, where
 *    nvdisasm reads .T and .P), and the word and bits decode and print back to the line;
 *  - maxas's listing of a cuobjdump-extracted sgemm: every TLD line, with its maxas control
 *    prefix, makes one control slot that prints back to the prefix;
 *  - results read on a Tegra X1 (nxgpucatch's tests run through deko3d): every TLD case of
 *    tld.cpp, of tlds.cpp as TLD and of texture_buffer.cpp is set up as deko3d sets it up
 *    (block height and depth by its dk_image.cpp pickTileSize, the texture header fields of
 *    its tic_generate.cpp, memory filled by the test's std::mt19937 randomizer or with the
 *    bytes the case says), run, and compared with the hardware's answer.
 *
 * The texture instructions other than TLD (TLDS, TEX, TEXS, TLD4, TLD4S, TXQ, TXD, SULD) and
 * the non-TLD hardware cases are counted and listed as not yet run.
 */
#include "texunit/nv.h"
#include "texunit/texunit.h"

#include "tu_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char corpus[1024];

static FILE *open_corpus(const char *name) {
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", corpus, name);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    return f;
}

/* Split `line` at `sep` into at most max fields, trimming blanks; returns the count. */
static int split(char *line, char sep, char **field, int max) {
    int n = 0;
    for (char *p = line; n < max;) {
        char *end = strchr(p, sep);
        if (end) *end = 0;
        while (*p == ' ' || *p == '\t')
            p++;
        size_t len = strlen(p);
        while (len && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\n' ||
                       p[len - 1] == '\r'))
            p[--len] = 0;
        field[n++] = p;
        if (!end) break;
        p = end + 1;
    }
    return n;
}

/* The opcodes seen but not yet handled, with their counts. */
typedef struct tally {
    char name[24][TU_NV_MNEMONIC];
    unsigned count[24], kinds;
} tally;

static void tally_add(tally *t, const char *name) {
    unsigned k = 0;
    while (k < t->kinds && strcmp(t->name[k], name) != 0)
        k++;
    if (k == t->kinds && t->kinds < 24) snprintf(t->name[t->kinds++], TU_NV_MNEMONIC, "%s", name);
    if (k < 24) t->count[k]++;
}

static void tally_print(const tally *t, const char *what) {
    printf("  %s:", what);
    for (unsigned k = 0; k < t->kinds; k++)
        printf(" %s %u", t->name[k], t->count[k]);
    printf("%s\n", t->kinds ? "" : " none");
}

/* --- CuAssembler: arch, address, control bits, word, text ----------------------------------- */

static void test_cuassembler(void) {
    FILE *f = open_corpus("cuassembler-sm60-sm61-texture.tsv");
    if (!f) return;
    char line[512];
    unsigned tld = 0, word_ok = 0, control_ok = 0, back_ok = 0;
    tally other = {0};
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char *col[5];
        if (!CHECK(split(line, '\t', col, 5) == 5, "%s", line)) continue;
        tu_nv_listing_line l;
        tu_error err = {0};
        if (!CHECK(tu_nv_listing_line_parse(col[4], &l, &err) == TU_OK, "'%s': %s", col[4],
                   err.message) ||
            !CHECK(l.kind == TU_NV_LISTING_INSTRUCTION, "'%s'", col[4]))
            continue;
        if (strcmp(l.mnemonic, "TLD") != 0) {
            tally_add(&other, l.mnemonic);
            continue;
        }
        tld++;
        const uint64_t word = strtoull(col[3], NULL, 16);
        const uint32_t bits = (uint32_t)strtoul(col[2], NULL, 16);
        tu_nv_tld t;
        if (!CHECK(tu_nv_tld_parse(l.text, &t, &err) == TU_OK, "'%s': %s", l.text, err.message))
            continue;
        uint64_t w = 0;
        uint32_t slot = 0;
        word_ok += CHECK(tu_nv_tld_encode(&t, &w, &err) == TU_OK && w == word,
                         "%s %s: 0x%016llx, nvdisasm's word 0x%016llx (%s)", col[0], col[1],
                         (unsigned long long)w, (unsigned long long)word, err.message);
        control_ok +=
            CHECK(tu_nv_tld_encode_control(&t, &slot, &err) == TU_OK && (slot & 0x1e0000) == bits,
                  "%s %s: control bits 0x%06x, CuAssembler's 0x%06x", col[0], col[1],
                  slot & 0x1e0000, bits);
        /* back: the word and the recorded bits decode and print to the line (CuAssembler kept
         * only bits 20:17, so the rest of the slot is the empty slot) */
        tu_nv_tld back;
        char printed[TU_NV_LISTING_TEXT];
        back_ok +=
            CHECK(tu_nv_tld_decode(word, &back, &err) == TU_OK &&
                      tu_nv_tld_decode_control(TU_NV_CONTROL_EMPTY | bits, &back, &err) == TU_OK &&
                      tu_nv_tld_print(&back, printed, sizeof printed, &err) == TU_OK &&
                      strcmp(printed, l.text) == 0,
                  "%s %s: printed '%s', nvdisasm '%s' (%s)", col[0], col[1], printed, l.text,
                  err.message);
    }
    fclose(f);
    printf("CuAssembler (nvdisasm, sm_60/sm_61): %u TLD lines: %u words, %u control bits, %u "
           "decode back to the line\n",
           tld, word_ok, control_ok, back_ok);
    tally_print(&other, "other texture opcodes, not yet handled");
    CHECK(tld > 0);
}

/* --- maxas: WAIT:RD:WR:Y:STALL then the instruction ---------------------------------------- */

static void test_maxas(void) {
    FILE *f = open_corpus("maxas-sgemm_extracted-tld.sass");
    if (!f) return;
    char line[512];
    unsigned tld = 0, ok = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (line[0] == '#' || !line[0]) continue;
        tu_nv_listing_line l;
        tu_error err = {0};
        if (!CHECK(tu_nv_listing_line_parse(line, &l, &err) == TU_OK, "'%s': %s", line,
                   err.message) ||
            !CHECK(l.kind == TU_NV_LISTING_INSTRUCTION && l.has_control &&
                       strcmp(l.mnemonic, "TLD") == 0,
                   "'%s'", line))
            continue;
        tld++;
        tu_nv_tld t;
        uint32_t slot = 0, control = 0;
        uint64_t w;
        if (!CHECK(tu_nv_tld_parse(l.text, &t, &err) == TU_OK, "'%s': %s", l.text, err.message))
            continue;
        /* the prefix is the slot without its reuse bits; the text's .T/.P are bits 17/18 */
        CHECK(tu_nv_control_encode(&l.control, &control, &err) == TU_OK, "%s", err.message);
        CHECK(tu_nv_tld_decode_control(control | (t.phase == TU_NV_PHASE_T   ? 1u << 17
                                                  : t.phase == TU_NV_PHASE_P ? 1u << 18
                                                                             : 0),
                                       &t, &err) == TU_OK,
              "%s", err.message);
        tu_nv_control back;
        char prefix[16], printed[TU_NV_LISTING_TEXT];
        const bool good = tu_nv_tld_encode(&t, &w, &err) == TU_OK &&
                          tu_nv_tld_encode_control(&t, &slot, &err) == TU_OK &&
                          tu_nv_control_decode(slot, &back, &err) == TU_OK &&
                          (back.reuse = 0, true) &&
                          tu_nv_control_print_maxas(&back, prefix, sizeof prefix, &err) == TU_OK &&
                          strncmp(prefix, line, 10) == 0 &&
                          tu_nv_tld_print(&t, printed, sizeof printed, &err) == TU_OK;
        ok += CHECK(good, "'%s': slot 0x%06x prints '%s' (%s)", line, slot, prefix, err.message);
    }
    fclose(f);
    printf("maxas (cuobjdump-extracted sgemm): %u TLD lines, %u make their control slot\n", tld,
           ok);
    CHECK(tld > 0);
}

/* --- the Tegra X1 results ----------------------------------------------------------------------
 */

/* std::mt19937 (the C++ standard's [rand.predef]: mersenne_twister_engine<uint_fast32_t, 32,
 * 624, 397, 31, 0x9908b0df, 11, 0xffffffff, 7, 0x9d2c5680, 15, 0xefc60000, 18, 1812433253>). */
typedef struct mt19937 {
    uint32_t x[624];
    unsigned i;
} mt19937;

static void mt_seed(mt19937 *m, uint32_t seed) {
    m->x[0] = seed;
    for (unsigned i = 1; i < 624; i++)
        m->x[i] = 1812433253u * (m->x[i - 1] ^ m->x[i - 1] >> 30) + i;
    m->i = 624;
}

static uint32_t mt_next(mt19937 *m) {
    if (m->i == 624) {
        for (unsigned k = 0; k < 624; k++) {
            const uint32_t y = (m->x[k] & 0x80000000u) | (m->x[(k + 1) % 624] & 0x7fffffffu);
            m->x[k] = m->x[(k + 397) % 624] ^ y >> 1 ^ (y & 1 ? 0x9908b0dfu : 0);
        }
        m->i = 0;
    }
    uint32_t y = m->x[m->i++];
    y ^= y >> 11;
    y ^= y << 7 & 0x9d2c5680u;
    y ^= y << 15 & 0xefc60000u;
    return y ^ y >> 18;
}

/* deko3d dk_image.cpp pickTileSize: the block of a 2D image is the GOB count of 1.5 times its
 * height (in sample rows), of a 3D image of 1.5 times its dimensions[1] (the height: deko3d
 * reads that field for depth), rounded down to 1, 2, 4, 8 or 16. */
static uint8_t pick_tile_size(uint32_t gobs) {
    return gobs >= 16 ? 4 : gobs >= 8 ? 3 : gobs >= 4 ? 2 : gobs >= 2 ? 1 : 0;
}

enum { GPU_BASE = 0x40000000 };

/* The test's own refusal of a malformed case line: false, with err set. */
static bool bad_line(tu_error *err, const char *what, const char *text) {
    err->status = TU_PARSE_ERROR;
    snprintf(err->message, sizeof err->message, "case line: bad %s '%s'", what, text);
    return false;
}

typedef struct hw_case {
    char *name, *shape, *fill, *regs, *insn, *expect;
} hw_case;

/* The texture of a case: "TYPE W H D LEVELS SAMPLES" as Texture(w, h, d, levels, type[, ms]). */
static bool make_texture(const hw_case *c, tu_surface *s, uint8_t **mem, tu_nv_tic *h,
                         tu_error *err) {
    char type[16];
    unsigned w, hh, d, levels, samples;
    if (sscanf(c->shape, "%15s %u %u %u %u %u", type, &w, &hh, &d, &levels, &samples) != 6)
        return bad_line(err, "shape", c->shape);
    memset(s, 0, sizeof *s);
    s->format = TU_FORMAT_R8G8B8A8_UNORM;
    s->width = w, s->height = 1, s->depth = 1, s->layers = 1, s->levels = levels;
    s->samples = samples;
    const uint32_t samples_y = samples == 8 ? 2 : samples == 4 ? 2 : 1;
    unsigned dims = 2;
    if (strcmp(type, "1D") == 0) {
        s->type = TU_SURFACE_1D, dims = 1;
    } else if (strcmp(type, "1DArray") == 0) {
        s->type = TU_SURFACE_1D, s->arrayed = true, s->layers = hh, dims = 1;
    } else if (strcmp(type, "2D") == 0 || strcmp(type, "2DMS") == 0) {
        s->type = TU_SURFACE_2D, s->height = hh;
    } else if (strcmp(type, "2DArray") == 0 || strcmp(type, "2DMSArray") == 0) {
        s->type = TU_SURFACE_2D, s->arrayed = true, s->height = hh, s->layers = d;
    } else if (strcmp(type, "3D") == 0) {
        s->type = TU_SURFACE_3D, s->height = hh, s->depth = d, dims = 3;
    } else {
        return bad_line(err, "type", type);
    }
    if (samples > 1) s->levels = levels = 1; /* deko3d: multisample images have one level */
    if (dims == 2) {
        const uint32_t rows = hh * samples_y;
        s->gob_height_log2 = pick_tile_size((rows + rows / 2 + 7) / 8);
    } else if (dims == 3) {
        s->gob_depth_log2 = pick_tile_size(hh + hh / 2);
    }
    uint64_t need;
    if (tu_surface_layout_block_linear(s, &need, err) != TU_OK) return false;
    s->base_level = 0, s->level_count = levels;
    s->size = (size_t)need;
    *mem = malloc(s->size);
    s->data = *mem;
    /* Randomize: "byte" gives each byte (rng() % 2 ? 255 : 0); "nibble" one rng() value v per 4
     * bytes, bytes (v & 1, v & 2, v & 4, v & 8) ? 255 : 0. */
    char how[16];
    unsigned seed;
    if (sscanf(c->fill, "%15s %u", how, &seed) != 2) return bad_line(err, "fill", c->fill);
    mt19937 rng;
    mt_seed(&rng, seed);
    const bool nibble = strcmp(how, "nibble") == 0;
    for (size_t i = 0; i < s->size; i += nibble ? 4 : 1) {
        const uint32_t v = mt_next(&rng);
        if (!nibble) {
            (*mem)[i] = v % 2 ? 255 : 0;
            continue;
        }
        for (size_t k = 0; k < 4 && i + k < s->size; k++)
            (*mem)[i + k] = v >> k & 1 ? 255 : 0;
    }
    if (tu_nv_tic_from_surface(s, GPU_BASE, h, err) != TU_OK) return false;
    /* what deko3d's tic_generate.cpp writes besides the layout: MULTI_SAMPLE_COUNT 4X2_D3D for
     * 8 samples (its getMsaaMode), LOD_ANISO_QUALITY2 1, qualities HIGH, SECTOR_PROMOTION 2V */
    if (samples == 8) h->multi_sample_count = 4;
    h->lod_aniso_quality2 = 1;
    h->lod_aniso_quality = h->lod_iso_quality = 1;
    h->sector_promotion = 1;
    return true;
}

static bool set_regs(char *regs, tu_nv_regs *r, tu_error *err) {
    char *w[16];
    char copy[160];
    snprintf(copy, sizeof copy, "%s", regs);
    const int n = split(copy, ' ', w, 16);
    for (int k = 0; k < n; k++) {
        if (!*w[k]) continue;
        char *eq = strchr(w[k], '=');
        if (!eq || (w[k][0] != 'R' && w[k][0] != 'P')) return bad_line(err, "register", w[k]);
        const unsigned index = (unsigned)strtoul(w[k] + 1, NULL, 10);
        const uint32_t v = (uint32_t)strtoll(eq + 1, NULL, 0);
        if ((w[k][0] == 'R' ? tu_nv_reg_write(r, 0, index, v, err)
                            : tu_nv_pred_write(r, 0, index, v != 0, err)) != TU_OK)
            return false;
    }
    return true;
}

/* "c=r,g,b,a" (R0..R3), "c4=..." (R4..R7) as unorm 0/1 floats; "R<n>=v" (a float); "P<n>=v". */
static bool expected(const hw_case *c, const tu_nv_regs *r, char *got, size_t size) {
    const char *e = c->expect;
    if (e[0] == 'c') {
        const unsigned base = e[1] == '4' ? 4 : 0;
        float want[4];
        if (sscanf(strchr(e, '=') + 1, "%f,%f,%f,%f", &want[0], &want[1], &want[2], &want[3]) != 4)
            return false;
        bool same = true;
        got[0] = 0;
        for (unsigned k = 0; k < 4; k++) {
            float f;
            const uint32_t v = tu_nv_reg_read(r, 0, base + k);
            memcpy(&f, &v, 4);
            same &= f == want[k];
            snprintf(got + strlen(got), size - strlen(got), "%s%g", k ? "," : "c=", (double)f);
        }
        return same;
    }
    const unsigned index = (unsigned)strtoul(e + 1, NULL, 10);
    const float want = strtof(strchr(e, '=') + 1, NULL);
    if (e[0] == 'P') {
        const bool p = tu_nv_pred_read(r, 0, index);
        snprintf(got, size, "P%u=%d", index, p);
        return p == (want != 0);
    }
    float f;
    const uint32_t v = tu_nv_reg_read(r, 0, index);
    memcpy(&f, &v, 4);
    snprintf(got, size, "R%u=%g", index, (double)f);
    return f == want;
}

/* Run one case: TU_OK with *agree set, or the status of what texunit refused. */
static tu_status run_case(const hw_case *c, bool *agree, char *got, size_t size, tu_error *err) {
    *agree = false;
    tu_surface s;
    uint8_t *mem = NULL;
    tu_nv_tic h;
    tu_status st = TU_OK;
    if (!make_texture(c, &s, &mem, &h, err)) {
        free(mem);
        return err->status;
    }
    uint8_t headers[32] = {0};
    uint32_t cbank[0x29] = {0}; /* word 0x28 = dkMakeTextureHandle(0, 0) */
    tu_nv_region region = {GPU_BASE, mem, s.size, NULL};
    const tu_nv_state state = {&region, 1,   {headers, 32, 0}, {headers, 32, 0}, cbank, 0x29,
                               NULL,    NULL};
    static tu_nv_regs regs;
    memset(&regs, 0, sizeof regs);
    regs.lanes = 1;
    tu_nv_tld t;
    const char *text = strncmp(c->insn, "tlds: ", 6) == 0 ? c->insn + 6 : c->insn;
    if ((st = tu_nv_tic_encode(&h, headers, err)) == TU_OK &&
        (st = set_regs(c->regs, &regs, err) ? TU_OK : err->status) == TU_OK &&
        (st = tu_nv_tld_parse(text, &t, err)) == TU_OK &&
        (st = tu_nv_tld_execute(&t, &state, &regs, 1, err)) == TU_OK)
        *agree = expected(c, &regs, got, size);
    free(mem);
    return st;
}

/* The reads whose answers texunit does not reproduce, and why not (docs/semantics.md, "NVIDIA
 * TLD", the Tegra X1 results): each is checked to still differ, so that a change that makes it
 * agree shows here. */
static const char *const unexplained[] = {"tld-2d-ll4", "tld-2d-ll5", "tlds-1d-ll"};

static bool is_unexplained(const char *name) {
    for (size_t k = 0; k < sizeof unexplained / sizeof unexplained[0]; k++)
        if (strcmp(name, unexplained[k]) == 0) return true;
    return false;
}

static void test_hardware_tld(void) {
    FILE *f = open_corpus("nxgpucatch-tld-hardware.txt");
    if (!f) return;
    char line[512];
    unsigned cases = 0, agree = 0, refused = 0, differ = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "case ", 5) != 0) continue;
        char *col[6];
        if (!CHECK(split(line + 5, '|', col, 6) == 6, "%s", line)) continue;
        const hw_case c = {col[0], col[1], col[2], col[3], col[4], col[5]};
        cases++;
        bool same;
        char got[64] = "";
        tu_error err = {0};
        const tu_status st = run_case(&c, &same, got, sizeof got, &err);
        if (st != TU_OK) {
            refused++;
            CHECK(false, "%s: texunit refuses it: %s", c.name, err.message);
            continue;
        }
        if (is_unexplained(c.name)) {
            differ++;
            printf("  %s: %s gives %s, the Tegra X1 %s (unexplained)\n", c.name, c.insn, got,
                   c.expect);
            CHECK(!same, "%s now agrees: take it off the list of unexplained reads", c.name);
            continue;
        }
        agree += CHECK(same, "%s: %s gives %s, the Tegra X1 %s", c.name, c.insn, got, c.expect);
    }
    fclose(f);
    printf("Tegra X1 TLD results: %u cases, %u agree, %u refused, %u unexplained\n", cases, agree,
           refused, differ);
    CHECK(cases > 0 && differ == sizeof unexplained / sizeof unexplained[0]);
}

/* --- TLD on texture buffers (nxgpucatch texture_buffer.cpp) -------------------------------- */

typedef struct buffer_texture {
    char name[32];
    uint32_t width, offset; /* texels; the TIC address's offset in the memory block */
    uint8_t bytes[256];     /* the block's first bytes as the texture line gives them */
} buffer_texture;

/* "texture ID | Buffer W ... [offset 0xOFF of ...] | fill ...": the width, the offset, and the
 * bytes the fill leaves (the last "bytes [0xOFF,+0xLEN) = b,b,..." statement, or "texels 0..N =
 * rgba8(r,g,b,a) ..."); the bytes the line calls undefined stay 0. */
static bool read_buffer_texture(char *line, buffer_texture *t) {
    char *col[4];
    if (split(line + 8, '|', col, 4) < 3) return false;
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", col[0]);
    if (sscanf(col[1], "Buffer %u", &t->width) != 1) return false;
    const char *off = strstr(col[1], "offset 0x");
    if (off) t->offset = (uint32_t)strtoul(off + 7, NULL, 16);
    const char *fill = col[2], *last = NULL;
    unsigned at = 0, n = 0;
    int used = 0;
    for (const char *p = strstr(fill, "bytes ["); p; p = strstr(p + 1, "bytes ["))
        if (sscanf(p, "bytes [0x%x,+0x%x) = %n", &at, &n, &used) == 2 && used > 0) last = p;
    if (last) {
        sscanf(last, "bytes [0x%x,+0x%x) = %n", &at, &n, &used);
        if (at + n > sizeof t->bytes) return false;
        const char *v = last + used;
        for (unsigned k = 0; k < n; k++) {
            char *end;
            t->bytes[at + k] = (uint8_t)strtoul(v, &end, 16);
            v = end + (*end == ',');
        }
        return true;
    }
    const char *texels = strstr(fill, "texels 0..");
    if (!texels) return false;
    unsigned k = 0;
    for (const char *p = strstr(texels, "rgba8("); p && k + 4 <= sizeof t->bytes;
         p = strstr(p + 1, "rgba8(")) {
        unsigned c[4];
        if (sscanf(p, "rgba8(%u,%u,%u,%u)", &c[0], &c[1], &c[2], &c[3]) != 4) return false;
        for (unsigned i = 0; i < 4; i++)
            t->bytes[k++] = (uint8_t)c[i];
    }
    return k > 0;
}

static void test_hardware_buffer(void) {
    FILE *f = open_corpus("nxgpucatch-texture-buffer-hardware.txt");
    if (!f) return;
    char line[2048];
    buffer_texture tex[8];
    unsigned textures = 0, cases = 0, agree = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "texture ", 8) == 0) {
            if (CHECK(textures < 8 && read_buffer_texture(line, &tex[textures]), "%s", line))
                textures++;
            continue;
        }
        if (strncmp(line, "case ", 5) != 0) continue;
        char *col[5];
        if (!CHECK(split(line + 5, '|', col, 5) == 5, "%s", line)) continue;
        cases++;
        const buffer_texture *t = NULL;
        for (unsigned k = 0; k < textures; k++)
            if (strcmp(tex[k].name, col[1]) == 0) t = &tex[k];
        /* the program's TLD, the input register, the four floats it stores */
        char *tld = strstr(col[3], "TLD");
        float want[4];
        uint32_t r0;
        if (!CHECK(t && tld && sscanf(col[2], "in R0=%x", &r0) == 1 &&
                       sscanf(col[4], "f32=%f,%f,%f,%f", &want[0], &want[1], &want[2], &want[3]) ==
                           4,
                   "%s", col[0]))
            continue;
        tld[strcspn(tld, ";") + 1] = 0;
        uint8_t block[0x4000] = {0};
        memcpy(block, t->bytes, sizeof t->bytes);
        tu_surface s;
        memset(&s, 0, sizeof s);
        s.type = TU_SURFACE_BUFFER, s.format = TU_FORMAT_R8G8B8A8_UNORM;
        s.width = t->width, s.height = s.depth = s.layers = s.levels = s.level_count = 1;
        s.samples = 1;
        tu_error err = {0};
        uint64_t need;
        tu_nv_tic h;
        uint8_t headers[32];
        uint32_t cbank[0x29] = {0};
        tu_nv_region region = {GPU_BASE, block, sizeof block, NULL};
        const tu_nv_state state = {&region, 1,   {headers, 32, 0}, {headers, 32, 0}, cbank, 0x29,
                                   NULL,    NULL};
        static tu_nv_regs regs;
        memset(&regs, 0, sizeof regs);
        regs.lanes = 1, regs.r[0][0] = r0;
        tu_nv_tld inst;
        s.data = block + t->offset, s.size = sizeof block - t->offset;
        if (!CHECK(tu_surface_layout_packed(&s, &need, &err) == TU_OK &&
                       tu_nv_tic_from_surface(&s, GPU_BASE + t->offset, &h, &err) == TU_OK &&
                       tu_nv_tic_encode(&h, headers, &err) == TU_OK &&
                       tu_nv_tld_parse(tld, &inst, &err) == TU_OK &&
                       tu_nv_tld_execute(&inst, &state, &regs, 1, &err) == TU_OK,
                   "%s: texunit refuses it: %s", col[0], err.message))
            continue;
        bool same = true;
        char got[64] = "f32=";
        for (unsigned k = 0; k < 4; k++) {
            float v;
            memcpy(&v, &regs.r[0][k], 4);
            same &= v == want[k];
            snprintf(got + strlen(got), sizeof got - strlen(got), "%s%g", k ? "," : "", (double)v);
        }
        agree += CHECK(same, "%s: %s gives %s, the Tegra X1 %s", col[0], tld, got, col[4]);
    }
    fclose(f);
    printf("Tegra X1 TLD results on texture buffers: %u cases, %u agree\n", cases, agree);
    CHECK(cases > 0);
}

/* The hardware files of the other instructions: counted, not yet run. */
static void test_hardware_other(void) {
    static const char *const files[] = {
        "nxgpucatch-tlds-hardware.txt",  "nxgpucatch-tex-hardware.txt",
        "nxgpucatch-texs-hardware.txt",  "nxgpucatch-tld4-hardware.txt",
        "nxgpucatch-tld4s-hardware.txt", "nxgpucatch-txq-hardware.txt",
        "nxgpucatch-suldst-hardware.txt"};
    unsigned total = 0;
    printf("hardware cases not yet run:");
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        FILE *f = open_corpus(files[i]);
        if (!f) continue;
        char line[1024];
        unsigned n = 0;
        while (fgets(line, sizeof line, f))
            n += strncmp(line, "case ", 5) == 0;
        fclose(f);
        printf(" %s %u", files[i] + strlen("nxgpucatch-"), n);
        total += n;
    }
    printf("; %u in all\n", total);
}

int main(void) {
    if (!tu_test_corpus("nvidia", corpus, sizeof corpus)) return TU_TEST_SKIP;
    TU_RUN(test_cuassembler);
    TU_RUN(test_maxas);
    TU_RUN(test_hardware_tld);
    TU_RUN(test_hardware_buffer);
    TU_RUN(test_hardware_other);
    return tu_test_finish();
}
