/* SPDX-License-Identifier: MIT */
/*
 * test_ktx_cts.c - texunit's KTX2 reader over the conformance suite of Khronos' KTX tools
 * (KhronosGroup/KTX-Software-CTS, in the corpus folder ktx-cts; skipped when it is absent).
 *
 * Which files are valid: every .ktx2 under clitests/input and clitests/golden, except the
 * ones under input/validate/ whose name starts error_ or fatal_, which break the rule their
 * folder numbers (the suite's validate cases expect ktx validate to fail on them). The rules
 * of KHR_texture_basisu (3101..3104, 6301..6304, 7201, 7202) are glTF's, not KTX 2.0's: those
 * files are valid KTX2.
 *   valid files: each is read, or refused for what texunit lacks (a transcoder, a format of
 *     the table: counted by reason); a refusal for a broken rule fails the test. A file read is
 *     written back and read again: the levels, the data format descriptor and the key/value data
 *     must come back byte for byte (KTX2 -> KTX2 keeps them).
 *   invalid files: each must be refused; the count refused naming the rule ("KTX 2.0 §") is
 *     printed beside those refused only for what texunit lacks.
 *   `info --json`: for every input of the suite's info sample cases (input/ktx2_sample/) that
 *     has its golden `ktx info --format mini-json` output, the objects header, index and
 *     dataFormatDescriptor texunit prints are those of the golden text, character for character
 *     (the BasisLZ global data's own object is not printed by texunit: it is left out).
 *   new files: the descriptor texunit writes for each valid input/ktx2/valid_* file it reads
 *     (ktx create's, default colour space, no supercompression) is that file's, byte for byte.
 *   `ktx extract`: for every PNG the suite's extract png_2d case wrote (golden/extract/png_2d/)
 *     whose input texunit reads, level 0 decoded by texunit equals the PNG decoded by texunit,
 *     texel for texel and component for component (both decoded to float: sRGB to linear,
 *     UNORM to [0, 1]; a PNG without alpha decodes alpha 1, a grey one G = B = 0 as a
 *     one-component format does), after the conversions ktx extract makes: a UNORM field
 *     narrower than the PNG's samples widened by left bit replication (KTX-Software
 *     tools/imageio/imageio_utility.h, convertUNORM), the ASTC UNORM formats written as 8-bit
 *     codes through astcenc's ASTCENC_TYPE_U8 (lib/src/astc_codec.cpp): the top 8 bits of the
 *     UNORM16 result, decode_unorm8. Elsewhere within half a code of the PNG's depth.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include "../tools/ktx_info.h"
#include "texunit/io.h"
#include "texunit/texunit.h"

#include "tu_test.h"

#include <dirent.h>
#include <math.h>

typedef struct counts {
    unsigned valid, read, refused_transcoder, refused_format, refused_stricter, refused_other;
    unsigned invalid, refused_rule, refused_lacking;
    unsigned round_trips;
} counts;

static counts n;

static unsigned info_compared, info_same;
static unsigned fresh_compared, fresh_same;

/* The descriptor texunit writes for a new file of the surface's format against the one
 * KTX-Software's ktx create wrote (input/ktx2/valid_*: created with the default colour space),
 * byte for byte; UASTC HDR 4x4 files (colorModel 167) are left out: a new ASTC 4x4 SFLOAT file
 * is plain ASTC (colorModel 162). */
static void compare_fresh_dfd(const char *path, const tu_image *img, const tu_ktx2_file *f) {
    void *out = NULL;
    size_t size = 0;
    tu_error err = {0};
    /* the Midpoint 4:2:2 inputs were made with another chroma siting than the default */
    if (strstr(path, "_Midpoint")) return;
    if (tu_ktx2_write_memory(&img->surface, &out, &size, &err) != TU_OK) return;
    tu_image back;
    tu_ktx2_file g;
    if (CHECK(tu_ktx2_read_memory_file(out, size, &back, &g, &err) == TU_OK, "%s", err.message)) {
        fresh_compared++;
        const bool same = g.dfd_byte_length == f->dfd_byte_length &&
                          memcmp(g.dfd, f->dfd, f->dfd_byte_length) == 0;
        fresh_same +=
            CHECK(same, "%s: the descriptor of a new file differs from ktx create's", path);
        tu_image_free(&back);
        tu_ktx2_file_free(&g);
    }
    free(out);
}
static unsigned extract_compared, extract_same, extract_422;

/* The text of golden from `"key":{` to the end of that object (nested objects counted). */
static bool object_text(const char *json, const char *key, const char **start, size_t *len) {
    const char *at = strstr(json, key);
    if (!at) return false;
    int depth = 0;
    bool in_string = false;
    for (const char *p = at + strlen(key); *p; p++) {
        if (in_string) {
            if (*p == '\\' && p[1])
                p++;
            else if (*p == '"')
                in_string = false;
            continue;
        }
        if (*p == '"') in_string = true;
        if (*p == '{' || *p == '[') depth++;
        if ((*p == '}' || *p == ']') && --depth == 0) {
            *start = at;
            *len = (size_t)(p + 1 - at);
            return true;
        }
    }
    return false;
}

/* info --json of the file against the golden mini JSON of `ktx info`. */
static void compare_info(const char *path, const tu_ktx2_file *f, const char *golden_path) {
    size_t size = 0;
    char *golden = tu_test_read_file(golden_path, &size);
    if (!golden) return;
    char *g = realloc(golden, size + 1);
    if (!g) {
        free(golden);
        return;
    }
    g[size] = 0;
    char *ours = NULL;
    size_t ours_size = 0;
    FILE *m = open_memstream(&ours, &ours_size);
    if (!CHECK(m, "open_memstream")) {
        free(g);
        return;
    }
    tk_print(m, f, true);
    fclose(m);
    static const char *const keys[] = {"\"header\":", "\"index\":", "\"dataFormatDescriptor\":"};
    bool same = true;
    for (size_t k = 0; k < 3; k++) {
        const char *a, *b;
        size_t la, lb;
        const bool found = object_text(ours, keys[k], &a, &la) && object_text(g, keys[k], &b, &lb);
        if (!CHECK(found && la == lb && memcmp(a, b, la) == 0,
                   "%s: info --json %s differs from ktx info's", path, keys[k]))
            same = false;
    }
    info_compared++;
    info_same += same;
    free(ours);
    free(g);
}

/* The rule number of an input/validate/NNNN/ file, or 0. */
static unsigned rule_of(const char *path) {
    const char *v = strstr(path, "/input/validate/");
    return v ? (unsigned)strtoul(v + 16, NULL, 10) : 0;
}

/* The inputs the suite's failing validate cases and its info invalid_file case name (some are
 * named warning_ although they break a rule), as paths under clitests/. */
enum { MAX_NAMED = 4096 };
static char *named_invalid[MAX_NAMED];
static unsigned n_named;

static void add_named(const char *start, size_t len) {
    if (n_named < MAX_NAMED && memchr(start, '$', len) == NULL) {
        char *s = malloc(len + 1);
        memcpy(s, start, len);
        s[len] = 0;
        named_invalid[n_named++] = s;
    }
}

static void scan_case(const char *path, bool subcases) {
    size_t size = 0;
    char *text = tu_test_read_file(path, &size);
    if (!text) return;
    char *grown = realloc(text, size + 1);
    if (!grown) {
        free(text);
        return;
    }
    text = grown;
    text[size] = 0;
    /* cases that fail only with warnings as errors or with glTF's KHR_texture_basisu rules */
    if (strstr(text, "warnings-as-errors") || strstr(text, "gltf-basisu")) {
        free(text);
        return;
    }
    for (const char *at = text; (at = strstr(at, "input/")) != NULL; at++) {
        const char *end = strstr(at, ".ktx2");
        const char *stop = strpbrk(at, "\" \n");
        if (end && (!stop || end < stop)) add_named(at, (size_t)(end + 5 - at));
    }
    if (subcases) /* "validate/NNNN/name" entries relative to input/ */
        for (const char *at = text; (at = strstr(at, "\"validate/")) != NULL; at++) {
            const char *end = strchr(at + 1, '"');
            if (!end) break;
            char buf[512];
            snprintf(buf, sizeof buf, "input/%.*s.ktx2", (int)(end - at - 1), at + 1);
            if (!strstr(buf, "/warning_")) add_named(buf, strlen(buf));
        }
    free(text);
}

static void scan_cases(const char *root) {
    char dir[4200];
    snprintf(dir, sizeof dir, "%s/tests/validate", root);
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (strncmp(e->d_name, "error_", 6) != 0 && strncmp(e->d_name, "fatal_", 6) != 0) continue;
        char path[4500];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        scan_case(path, false);
    }
    if (d) closedir(d);
    snprintf(dir, sizeof dir, "%s/tests/info/invalid_file.json", root);
    scan_case(dir, true);
}

static bool named(const char *path) {
    const char *rel = strstr(path, "/input/");
    for (unsigned i = 0; rel && i < n_named; i++)
        if (strcmp(rel + 1, named_invalid[i]) == 0) return true;
    return false;
}

static bool is_invalid(const char *path) {
    const char *base = strrchr(path, '/') + 1;
    const unsigned group = rule_of(path) / 100;
    if (group == 31 || group == 63 || group == 72) return false; /* KHR_texture_basisu's */
    if (named(path)) return true;
    /* files of the compare command's cases that break KTX 2.0 §3.11 (a key twice) and
     * §3.10.2 (an alpha sample not LINEAR under DCIP3, as the 6109 cases) */
    if (strstr(path, "/input/compare/kvd/supercomp") ||
        strstr(path, "/input/compare/dfd/diff_transfer"))
        return true;
    /* the compare command's cases of files that differ in the identifier are not KTX2 */
    if (strstr(path, "/input/compare/header/") && strncmp(base, "diff_identifier", 15) == 0)
        return true;
    return rule_of(path) && (strncmp(base, "error_", 6) == 0 || strncmp(base, "fatal_", 6) == 0);
}

static bool lacks(const char *message) {
    return strstr(message, "transcoder") || strstr(message, "not a format of texunit") ||
           strstr(message, ") is not supported: ") ||
           strstr(message, "block-compressed format texunit does not") ||
           strstr(message, "vendor scheme") || strstr(message, "VK_FORMAT_UNDEFINED") ||
           strstr(message, "3D array") || strstr(message, "not a VkFormat of Vulkan 1.3");
}

/* Write what was read back to KTX2 with the file's metadata, read it again: the same. */
static void round_trip(const char *path, const tu_image *img, const tu_ktx2_file *f) {
    tu_ktx2_write_options opt = {f->supercompression_scheme, 0, f};
    void *out = NULL;
    size_t size = 0;
    tu_error err = {0};
    if (!CHECK(tu_ktx2_write_memory_with(&img->surface, &opt, &out, &size, &err) == TU_OK,
               "%s: write: %s", path, err.message))
        return;
    tu_image again = {0};
    tu_ktx2_file g = {0};
    if (CHECK(tu_ktx2_read_memory_file(out, size, &again, &g, &err) == TU_OK, "%s: reread: %s",
              path, err.message)) {
        const bool same = again.surface.size == img->surface.size &&
                          memcmp(again.memory, img->memory, img->surface.size) == 0 &&
                          g.dfd_byte_length == f->dfd_byte_length &&
                          memcmp(g.dfd, f->dfd, f->dfd_byte_length) == 0 &&
                          g.kvd_byte_length == f->kvd_byte_length &&
                          (!f->kvd_byte_length || memcmp(g.kvd, f->kvd, f->kvd_byte_length) == 0);
        if (CHECK(same, "%s: the round trip changed the levels, DFD or key/value data", path))
            n.round_trips++;
    }
    tu_image_free(&again);
    tu_ktx2_file_free(&g);
    free(out);
}

static void one_file(const char *path) {
    size_t size = 0;
    char *bytes = tu_test_read_file(path, &size);
    if (!CHECK(bytes, "%s: cannot read", path)) return;
    tu_image img = {0};
    tu_ktx2_file f = {0};
    tu_error err = {0};
    const tu_status st = tu_ktx2_read_memory_file(bytes, size, &img, &f, &err);
    if (is_invalid(path)) {
        n.invalid++;
        if (!CHECK(st != TU_OK, "%s breaks rule %u but was read", path, rule_of(path)))
            printf("invalid but read: %s\n", path);
        if (st != TU_OK && strstr(err.message, "KTX 2.0 \xC2\xA7"))
            n.refused_rule++;
        else if (st != TU_OK)
            n.refused_lacking++,
                printf("invalid, refused for what texunit lacks: %s: %s\n", path, err.message);
    } else {
        n.valid++;
        tu_ktx2_file described;
        const char *sample = strstr(path, "/input/ktx2_sample/");
        if (sample && tu_ktx2_inspect(bytes, size, &described, &err) == TU_OK) {
            char golden[4200];
            const int stem = (int)(strlen(path) - strlen(sample));
            snprintf(golden, sizeof golden, "%.*s/golden/info/sample/%.*s.out.mini.json", stem,
                     path, (int)(strlen(sample) - 19 - 5), sample + 19);
            struct stat gs;
            if (stat(golden, &gs) == 0) compare_info(path, &described, golden);
            tu_ktx2_file_free(&described);
        }
        if (st == TU_OK) {
            n.read++;
            round_trip(path, &img, &f);
            if (strstr(path, "/input/ktx2/valid_") && f.supercompression_scheme == 0 &&
                f.dfd[4 + 8] != 167)
                compare_fresh_dfd(path, &img, &f);
        } else if (strstr(err.message, "transcoder") || strstr(err.message, "vendor scheme") ||
                   strstr(err.message, "VK_FORMAT_UNDEFINED")) {
            n.refused_transcoder++;
        } else if (lacks(err.message)) {
            n.refused_format++;
        } else if (strstr(path, "/6029/warning_TooManySamples")) {
            /* ktx validate only warns of a descriptor with many more samples than its format
             * has (6029); texunit refuses every sample count but the format's (KTX 2.0
             * §3.10.1), as ktx validate does for a few more (6025 SampleCountMismatch) */
            n.refused_stricter++;
        } else {
            n.refused_other++;
            printf("valid but refused: %s: %s\n", path, err.message);
            CHECK(false, "%s is valid but refused: %s", path, err.message);
        }
    }
    tu_image_free(&img);
    tu_ktx2_file_free(&f);
    free(bytes);
}

/* KTX-Software's convertUNORM widening: left bit replication of `bits` bits to `to` bits. */
static uint32_t widen(uint32_t v, unsigned bits, unsigned to) {
    uint64_t r = 0;
    for (unsigned i = 0; i < to; i += bits)
        r |= (uint64_t)v << (to - i) >> bits;
    return (uint32_t)r;
}

/* Component k of texunit's texel as the code ktx extract writes in a PNG of png_bits samples,
 * or -1 when the format needs no conversion of its own (compare the decoded values). */
static int64_t extract_code(const tu_format_desc *d, unsigned k, float v, unsigned png_bits) {
    const size_t name_len = strlen(d->name);
    if (strncmp(d->name, "ASTC_", 5) == 0 && name_len > 12 &&
        strcmp(d->name + name_len - 12, "_UNORM_BLOCK") == 0)
        return png_bits == 8 ? (v >= 1.0f ? 255 : (int64_t)(v * 256.0f)) : -1;
    for (unsigned i = 0; i < d->channel_count && !(d->flags & TU_FORMAT_FLAG_COMPRESSED); i++) {
        const tu_channel *ch = &d->channels[i];
        if (ch->component != k || ch->numeric != TU_NUMERIC_UNORM || ch->bits >= png_bits) continue;
        const uint32_t max = (1u << ch->bits) - 1;
        return widen((uint32_t)lrintf(v * (float)max), ch->bits, png_bits);
    }
    return -1;
}

/* Level 0 of the KTX2 input of a png_2d extract case against the PNG ktx extract wrote. */
static void compare_extract(const char *root, const char *png_name) {
    /* output_<FORMAT>_2D.png was extracted from input/ktx2/valid_<FORMAT>_2D.ktx2 */
    const size_t len = strlen(png_name);
    if (strncmp(png_name, "output_", 7) != 0 || len < 7 + 7 ||
        strcmp(png_name + len - 7, "_2D.png"))
        return;
    char ktx[4500], png[4500];
    snprintf(ktx, sizeof ktx, "%s/input/ktx2/valid_%.*s_2D.ktx2", root, (int)(len - 14),
             png_name + 7);
    snprintf(png, sizeof png, "%s/golden/extract/png_2d/%s", root, png_name);
    tu_image a = {0}, b = {0};
    tu_error err = {0};
    if (tu_ktx2_read_file(ktx, &a, &err) != TU_OK) return; /* a format texunit lacks */
    if (CHECK(tu_png_read_file(png, &b, &err) == TU_OK, "%s: %s", png, err.message) &&
        CHECK(a.surface.width == b.surface.width && a.surface.height == b.surface.height,
              "%s: %ux%u, the KTX2 file %ux%u", png, b.surface.width, b.surface.height,
              a.surface.width, a.surface.height)) {
        const unsigned bits = tu_format_describe(b.surface.format)->channels[0].bits;
        const float tolerance = 0.5f / (float)((1u << bits) - 1) + 1e-5f;
        unsigned bad = 0;
        for (uint32_t y = 0; y < a.surface.height; y++)
            for (uint32_t x = 0; x < a.surface.width; x++) {
                const tu_texel_coord c = {x, y, 0, 0, 0, 0};
                tu_texel ta, tb;
                if (tu_surface_decode_texel(&a.surface, &c, &ta, &err) != TU_OK ||
                    tu_surface_decode_texel(&b.surface, &c, &tb, &err) != TU_OK) {
                    bad++;
                    continue;
                }
                const tu_format_desc *da = tu_format_describe(a.surface.format);
                /* A one-component alpha format (A8_UNORM) is written as grey 0 and its alpha,
                 * which texunit reads back as R8G8 (G = alpha) */
                const bool alpha_only =
                    da->channel_count == 1 && da->channels[0].component == TU_COMPONENT_A;
                if (alpha_only) ta.f[1] = ta.f[3], ta.f[0] = 0.0f, ta.f[3] = 1.0f;
                for (unsigned k = 0; k < 4; k++) {
                    const int64_t want = extract_code(da, k, ta.f[k], bits);
                    const float png_max = (float)((1u << bits) - 1);
                    const bool same = want >= 0 ? want == (int64_t)lrintf(tb.f[k] * png_max)
                                                : fabsf(ta.f[k] - tb.f[k]) <= tolerance;
                    if (!same) {
                        if (!bad)
                            printf("extract %s: texel (%u, %u) component %u: %.6f, ktx extract "
                                   "%.6f\n",
                                   png_name, x, y, k, (double)ta.f[k], (double)tb.f[k]);
                        bad++;
                        break;
                    }
                }
            }
        extract_compared++;
        /* The 4:2:2 formats: texunit reads a pair's chroma at both texels (a Y'CbCr conversion
         * with COSITED_EVEN chroma and NEAREST reconstruction: docs/semantics.md), ktx extract
         * reconstructs the odd texel's chroma otherwise; counted apart, not compared. */
        if (strstr(tu_format_describe(a.surface.format)->name, "_422_"))
            extract_422 += bad != 0, extract_same += bad == 0;
        else
            extract_same +=
                CHECK(bad == 0, "%s: %u texels differ from what ktx extract wrote", png_name, bad);
    }
    tu_image_free(&a);
    tu_image_free(&b);
}

static void compare_extracts(const char *root) {
    char dir[4200];
    snprintf(dir, sizeof dir, "%s/golden/extract/png_2d", root);
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (e->d_name[0] != '.') compare_extract(root, e->d_name);
    if (d) closedir(d);
}

static void walk(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(path, &st) != 0) continue;
        const size_t len = strlen(e->d_name);
        if (S_ISDIR(st.st_mode))
            walk(path);
        else if (len > 5 && strcmp(e->d_name + len - 5, ".ktx2") == 0)
            one_file(path);
    }
    closedir(d);
}

int main(void) {
    char root[4096];
    if (!tu_test_corpus("ktx-cts/clitests", root, sizeof root)) return TU_TEST_SKIP;
    scan_cases(root);
    char dir[4200];
    snprintf(dir, sizeof dir, "%s/input", root);
    walk(dir);
    snprintf(dir, sizeof dir, "%s/golden", root);
    walk(dir);
    printf("valid files: %u, read %u (round trip kept levels, DFD and key/value data: %u), "
           "refused for a transcoder texunit lacks %u, for a format texunit lacks %u, by a "
           "rule ktx validate only warns of %u, otherwise %u\n",
           n.valid, n.read, n.round_trips, n.refused_transcoder, n.refused_format,
           n.refused_stricter, n.refused_other);
    printf("invalid files: %u, refused naming the KTX 2.0 rule %u, refused only for what "
           "texunit lacks %u, accepted %u\n",
           n.invalid, n.refused_rule, n.refused_lacking,
           n.invalid - n.refused_rule - n.refused_lacking);
    compare_extracts(root);
    printf("ktx extract png_2d: %u PNGs of inputs texunit reads, level 0 the same in %u; %u of "
           "4:2:2 formats differ in the odd texels' chroma (reconstructed otherwise)\n",
           extract_compared, extract_same, extract_422);
    printf("new files: %u descriptors texunit writes for ktx create's inputs, the same bytes in "
           "%u\n",
           fresh_compared, fresh_same);
    printf("info --json: %u files with a golden ktx info JSON, header, index and data format "
           "descriptor the same in %u\n",
           info_compared, info_same);
    CHECK(n.valid > 0, "no valid files found under %s", root);
    CHECK(info_compared > 0, "no golden ktx info JSON found under %s", root);
    CHECK(extract_compared > 0, "no golden ktx extract PNG found under %s", root);
    for (unsigned i = 0; i < n_named; i++)
        free(named_invalid[i]);
    return tu_test_finish();
}
