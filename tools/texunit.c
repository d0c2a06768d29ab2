/* SPDX-License-Identifier: MIT */
/*
 * texunit - the command line tool. The commands, their usage and their help text are one
 * table (`commands` below); `texunit help` prints it, `texunit help --man` prints it as
 * the man page texunit.1, which the build generates and `make install` installs, and
 * `texunit help --markdown` as docs/cli.md, which CTest holds to it (help_markdown).
 *
 * Exit status: 0 on success, 1 when texunit refused the input, 2 on a usage error.
 */
#include "explain.h"
#include "export.h"
#include "file.h"
#include "help.h"
#include "ktx_info.h"
#include "lower_cmd.h"
#include "progress.h"
#include "memtrace.h"
#include "query.h"
#include "render.h"
#include "run_sass.h"
#include "run_visa.h"

#include "texunit/nv.h"
#include "texunit/version.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_REFUSED = 1, EXIT_USAGE = 2 };

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

#define usage_error(...) th_usage_error(stderr, NULL, __VA_ARGS__)

static int refused(const tu_error *err) {
    fprintf(stderr, "texunit: %s: %s\n", tu_status_name(err->status), err->message);
    return EXIT_REFUSED;
}

static bool parse_u32(const char *s, uint32_t *out) {
    return tq_parse_u32(s, UINT32_MAX, out);
}

static bool ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* "wrote OUT", on standard error when OUT is "-" (standard output holds the file). */
static void report_written(const char *path) {
    if (strcmp(path, "-") == 0)
        fprintf(stderr, "wrote standard output\n");
    else
        printf("wrote %s\n", path);
}

static tu_status load_image(const char *path, tu_image *img, tu_error *err) {
    return tx_read(path, img, err);
}

/* Move the export options (export.h) out of argv into *sel, keeping the other words in
 * order; *argc becomes their count. Returns false after printing a usage error. */
static bool take_export_options(int *argc, char **argv, tx_select *sel, int *status) {
    int kept = 0;
    for (int i = 0; i < *argc; i++) {
        char why[160];
        const int r = tx_parse_option(*argc, argv, &i, sel, why, sizeof why);
        if (r < 0) {
            *status = usage_error("%s", why);
            return false;
        }
        if (r == 0 && strncmp(argv[i], "--", 2) == 0) {
            *status = usage_error("unknown option '%s'", argv[i]);
            return false;
        }
        if (r == 0) argv[kept++] = argv[i];
    }
    *argc = kept;
    return true;
}

/* Indexed by tu_numeric and tu_component. */
static const char *const numeric_names[] = {"unorm",   "snorm",   "uint",      "sint", "sfloat",
                                            "ufloat",  "srgb",    "sharedexp", "exp",  "pad",
                                            "uscaled", "sscaled", "sfixed5"};
static const char component_names[] = "RGBADSXLI";
_Static_assert(sizeof numeric_names / sizeof numeric_names[0] == TU_NUMERIC_SFIXED5 + 1,
               "a name for every tu_numeric");
_Static_assert(sizeof component_names - 1 == TU_COMPONENT_I + 1, "a letter for every tu_component");

static int cmd_formats(int argc, char **argv) {
    (void)argv;
    if (argc != 0) return usage_error("%s", "formats takes no arguments");
    printf("%-26s %4s %5s  %s\n", "format", "vk", "bytes", "fields from bit 0");
    for (int f = TU_FORMAT_UNDEFINED + 1; f < TU_FORMAT_COUNT; f++) {
        const tu_format_desc *d = tu_format_describe((tu_format)f);
        printf("%-26s %4u %5u  ", d->name, d->vk_format, d->bytes);
        if (d->flags & TU_FORMAT_FLAG_COMPRESSED) /* bytes per block; no per-texel fields */
            printf("%ux%u block of ", d->block_width, d->block_height);
        for (unsigned i = 0; i < d->channel_count; i++) {
            const tu_channel *ch = &d->channels[i];
            if (d->flags & TU_FORMAT_FLAG_COMPRESSED) {
                printf("%s%c:%s", i ? " " : "", component_names[ch->component],
                       numeric_names[ch->numeric]);
                continue;
            }
            printf("%s%c:%s%u", i ? " " : "", component_names[ch->component],
                   numeric_names[ch->numeric], ch->bits);
        }
        printf("\n");
    }
    return 0;
}

static int cmd_gen(int argc, char **argv) {
    tx_select sel = tx_select_none();
    int status;
    if (!take_export_options(&argc, argv, &sel, &status)) return status;
    tu_tiling tiling = TU_TILING_LINEAR; /* gen ... tiling=X: generated in that layout */
    uint32_t tiling_gen = 0;             /* tiling=X@GEN: by that generation's rules */
    if (argc == 10 && tq_tiling_from_word(argv[9], &tiling, &tiling_gen)) argc--;
    if (argc != 9)
        return usage_error("%s", "usage: gen TYPE FORMAT W H D LEVELS LAYERS SEED "
                                 "OUT.ktx2|OUT.png|OUT.exr [tiling=linear|x|y|4|64[@GEN]] "
                                 "[--level L --layer N --face F --slice Z] [--tonemap]");
    tu_surface desc = {0};
    if (!tq_type_from_word(argv[0], &desc.type, &desc.arrayed))
        return usage_error(
            "surface type '%s' is not one of 1d 1darray 2d 2darray 3d cube cubearray", argv[0]);
    desc.format = tq_format_from_word(argv[1]);
    if (desc.format == TU_FORMAT_UNDEFINED)
        return usage_error("unknown format '%s'; `texunit formats` lists them", argv[1]);
    const char *names[] = {"W", "H", "D", "LEVELS", "LAYERS"};
    uint32_t *fields[] = {&desc.width, &desc.height, &desc.depth, &desc.levels, &desc.layers};
    for (int i = 0; i < 5; i++)
        if (!parse_u32(argv[2 + i], fields[i]))
            return usage_error("%s is not a non-negative 32-bit integer", names[i]);
    uint32_t seed;
    tu_pattern pattern;
    if (!tq_seed_from_word(argv[7], &seed, &pattern))
        return usage_error("SEED '%s' is neither a non-negative 32-bit integer nor a pattern",
                           argv[7]);
    desc.samples = 1;
    if (desc.levels == 0) desc.levels = tu_surface_max_levels(&desc);
    tu_error err = {0};
    tx_kind kind;
    if (tx_kind_of(argv[8], &kind, &err) != TU_OK) return refused(&err);
    tu_image img = {0};
    if (tu_image_create(&img, &desc, &err) != TU_OK) return refused(&err);
    tp_bar bar;
    tp_start(&bar, "gen");
    const tu_progress progress = tp_progress(&bar);
    tu_status st = tu_image_convert_tiling_gen(&img, tiling, tiling_gen, &err);
    if (st == TU_OK) st = tu_surface_fill_pattern(&img.surface, pattern, seed, &progress, &err);
    if (st == TU_OK) st = tx_write(argv[8], &img.surface, &sel, &progress, &err);
    tp_finish(&bar);
    tu_image_free(&img);
    if (st != TU_OK) return refused(&err);
    report_written(argv[8]);
    return 0;
}

static int cmd_convert(int argc, char **argv) {
    tx_select sel = tx_select_none();
    int status;
    if (!take_export_options(&argc, argv, &sel, &status)) return status;
    if (argc != 2)
        return usage_error("%s", "usage: convert IN OUT [--level L --layer N --face F "
                                 "--slice Z] [--tonemap] [--supercompress S]");
    tu_error err = {0};
    tx_kind kind;
    if (tx_kind_of(argv[1], &kind, &err) != TU_OK) return refused(&err);
    tu_image img = {0};
    tx_kind in_kind;
    const bool from_ktx2 = tx_kind_of(argv[0], &in_kind, &err) == TU_OK && in_kind == TX_KTX2;
    tu_ktx2_file file = {0};
    if ((from_ktx2 ? tx_read_ktx2(argv[0], &img, &file, &err) : load_image(argv[0], &img, &err)) !=
        TU_OK)
        return refused(&err);
    if (from_ktx2) sel.keep = &file;
    char colour[400];
    if (!from_ktx2 && in_kind == TX_PNG &&
        tx_png_colour(argv[0], img.surface.format, colour, sizeof colour))
        fprintf(stderr, "texunit: note: %s: %s\n", argv[0], colour);
    tp_bar bar;
    tp_start(&bar, "convert");
    const tu_progress progress = tp_progress(&bar);
    const tu_status st = tx_write(argv[1], &img.surface, &sel, &progress, &err);
    tp_finish(&bar);
    tu_image_free(&img);
    tu_ktx2_file_free(&file);
    if (st != TU_OK) return refused(&err);
    report_written(argv[1]);
    return 0;
}

/* info of a KTX2 file: what the file says (ktx_info.h), then how texunit reads it. */
static int info_ktx2(const char *path, bool json) {
    char why[300];
    size_t size = 0;
    char *bytes = tf_read_file(path, TF_DATA_BYTES, &size, why, sizeof why);
    if (!bytes) {
        fprintf(stderr, "texunit: %s\n", why);
        return EXIT_REFUSED;
    }
    tu_ktx2_file f;
    tu_error err = {0};
    if (tu_ktx2_inspect(bytes, size, &f, &err) != TU_OK) {
        free(bytes);
        return refused(&err);
    }
    tk_print(stdout, &f, json);
    tu_ktx2_file_free(&f);
    if (!json) {
        tu_image img;
        if (tu_ktx2_read_memory(bytes, size, &img, &err) == TU_OK) {
            const tu_surface *s = &img.surface;
            printf("\ntexunit reads it as a %s %s %ux%ux%u, %u level%s, %u layer%s\n",
                   tq_type_word(s->type, s->arrayed), tu_format_describe(s->format)->name, s->width,
                   s->height, s->depth, s->levels, s->levels == 1 ? "" : "s", s->layers,
                   s->layers == 1 ? "" : "s");
            tu_image_free(&img);
        } else {
            printf("\ntexunit does not read it: %s\n", err.message);
        }
    }
    free(bytes);
    return 0;
}

static int cmd_info(int argc, char **argv) {
    bool json = false;
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--json") == 0) {
            json = true;
            memmove(argv + i, argv + i + 1, (size_t)(argc - i - 1) * sizeof *argv);
            argc--;
            break;
        }
    if (argc != 1) return usage_error("%s", "usage: info FILE.ktx2|FILE.png [--json]");
    tu_error err = {0};
    tx_kind kind;
    if (tx_kind_of(argv[0], &kind, &err) == TU_OK && kind == TX_KTX2)
        return info_ktx2(argv[0], json);
    if (json) return usage_error("%s", "info --json: the JSON is of KTX2 files");
    tu_image img = {0};
    if (load_image(argv[0], &img, &err) != TU_OK) return refused(&err);
    const tu_surface *s = &img.surface;
    printf("%s: %s %s %ux%ux%u, %u level%s, %u layer%s, %zu bytes\n", argv[0],
           tq_type_word(s->type, s->arrayed), tu_format_describe(s->format)->name, s->width,
           s->height, s->depth, s->levels, s->levels == 1 ? "" : "s", s->layers,
           s->layers == 1 ? "" : "s", s->size);
    for (uint32_t L = 0; L < s->levels; L++) {
        uint32_t w, h, d;
        tu_surface_level_extent(s, L, &w, &h, &d);
        printf("  level %u: %ux%ux%u at offset %llu, row pitch %llu\n", L, w, h, d,
               (unsigned long long)s->level[L].offset, (unsigned long long)s->level[L].row_pitch);
    }
    char colour[400];
    tx_png_colour(argv[0], s->format, colour, sizeof colour);
    printf("  colour: %s\n", colour);
    tu_image_free(&img);
    return 0;
}

static int cmd_texel(int argc, char **argv) {
    if (argc != 6) return usage_error("%s", "usage: texel FILE LEVEL LAYER X Y Z");
    tu_texel_coord c = {0};
    const char *names[] = {"LEVEL", "LAYER", "X", "Y", "Z"};
    uint32_t *fields[] = {&c.level, &c.layer, &c.x, &c.y, &c.z};
    for (int i = 0; i < 5; i++)
        if (!parse_u32(argv[1 + i], fields[i]))
            return usage_error("%s is not a non-negative 32-bit integer", names[i]);
    tu_error err = {0};
    tu_image img = {0};
    if (load_image(argv[0], &img, &err) != TU_OK) return refused(&err);
    tu_texel t;
    tu_status st = tu_surface_decode_texel(&img.surface, &c, &t, &err);
    if (st == TU_OK) {
        tq_print(stdout, &t, (tu_format_class)tu_format_describe(img.surface.format)->format_class);
    }
    tu_image_free(&img);
    return st == TU_OK ? 0 : refused(&err);
}

static int cmd_query(int argc, char **argv) {
    const bool echo = argc == 2 && strcmp(argv[1], "--echo") == 0;
    if (echo) argc--;
    if (argc != 1) return usage_error("%s", "usage: query FILE|- [--echo]");
    char *bytes, why[300];
    FILE *in = tf_open_text(argv[0], &bytes, why, sizeof why);
    if (!in) {
        fprintf(stderr, "texunit: %s\n", why);
        return EXIT_REFUSED;
    }
    tp_bar bar;
    tp_start(&bar, "query");
    const tu_progress progress = tp_progress(&bar);
    const bool piped = strcmp(argv[0], "-") == 0;
    unsigned bad = tq_run(in, piped ? "<stdin>" : argv[0], stdout, stderr, echo, &progress);
    tp_finish(&bar);
    fclose(in);
    free(bytes);
    return bad ? EXIT_REFUSED : 0;
}

static int cmd_explain(int argc, char **argv) {
    return te_explain(argc, argv, stdout, stderr);
}

static int cmd_render(int argc, char **argv) {
    return tr_render(argc, argv, stdout, stderr);
}

static int cmd_run(int argc, char **argv) {
    const char *trace = NULL, *cache = NULL;     /* --trace FILE, --cache SIZE,LINE,WAYS[,plru] */
    tq_sass_options sass_opt = {false, 0, NULL}; /* --skip-other, --arch sm_NN */
    bool sass_only = false, skip_other = false;
    static const char usage[] = "usage: run FILE.visaasm|FILE.sass [--trace FILE.jsonl] "
                                "[--cache SIZE,LINE,WAYS[,plru]] [--texture-only|--skip-other] "
                                "[--arch sm_NN]";
    for (int i = 1; i < argc; i++) {
        /* one option, two names: a vISA dump's texture instructions, a program's TLDs */
        if (strcmp(argv[i], "--skip-other") == 0 || strcmp(argv[i], "--texture-only") == 0) {
            skip_other = true;
            continue;
        }
        if (i + 1 >= argc) return usage_error("%s", usage);
        if (strcmp(argv[i], "--trace") == 0) {
            trace = argv[++i];
        } else if (strcmp(argv[i], "--cache") == 0) {
            cache = argv[++i];
        } else if (strcmp(argv[i], "--arch") == 0) {
            tu_nv_arch arch;
            tu_error e = {0};
            if (tu_nv_arch_parse(argv[++i], &arch, &e) != TU_OK)
                return usage_error("run --arch: %s", e.message);
            sass_opt.arch = (int)arch, sass_only = true;
        } else {
            return usage_error("run: unknown option '%s'", argv[i]);
        }
    }
    if (argc < 1) return usage_error("%s", usage);
    const bool visa = ends_with(argv[0], ".visaasm"), sass = ends_with(argv[0], ".sass");
    if (sass_only && !sass) return usage_error("%s", "run: --arch is an option of FILE.sass");
    sass_opt.skip_other = skip_other;
    if ((trace || cache) && (visa || sass)) {
        tq_memtrace mt;
        if (!tq_memtrace_open(&mt, trace, cache, stdout, stderr)) return 1;
        sass_opt.trace = &mt.sink;
        int rc = visa ? tq_run_visa_traced(argv[0], stdout, stderr, &mt.sink, skip_other)
                      : tq_run_sass_options(argv[0], stdout, stderr, &sass_opt);
        if (!tq_memtrace_close(&mt, stderr) && !rc) rc = 1;
        return rc;
    }
    if (visa) return tq_run_visa(argv[0], stdout, stderr, skip_other);
    if (sass) return tq_run_sass_options(argv[0], stdout, stderr, &sass_opt);
    return usage_error("run: '%s' is neither a .visaasm nor a .sass file", argv[0]);
}

static int cmd_asm(int argc, char **argv) {
    if (argc < 1 || argc > 2) return usage_error("%s", "usage: asm FILE.visaasm [OUT.bin]");
    return tq_asm_visa(argv[0], argc == 2 ? argv[1] : NULL, stdout, stderr);
}

static int cmd_disasm(int argc, char **argv) {
    const char *files[2] = {NULL, NULL}, *platform = NULL;
    unsigned nfiles = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--platform") == 0) {
            if (i + 1 >= argc || platform)
                return usage_error("%s", "disasm: --platform takes one of xe-lp, xe2, once");
            platform = argv[++i];
        } else if (nfiles < 2) {
            files[nfiles++] = argv[i];
        } else {
            nfiles = 3;
        }
    }
    if (nfiles < 1 || nfiles > 2)
        return usage_error("%s", "usage: disasm FILE.bin [KERNEL.visaasm] [--platform xe-lp|xe2]");
    return tq_disasm_visa(files[0], files[1], platform, stdout, stderr);
}

static int cmd_lower(int argc, char **argv) {
    if (argc != 3 || strcmp(argv[1], "--target") != 0)
        return usage_error("%s",
                           "usage: lower FILE.visaasm --target skl|tgl|dg2|xe2[-mesa]|ivb|hsw");
    return tq_lower(argv[0], argv[2], stdout, stderr);
}

/* decode-send DESC EXDESC --target T [--sfid S]: the message a descriptor pair names, each
 * field named, and whether texunit executes it (tu_send_describe; docs/lowering.md). */
static int cmd_decode_send(int argc, char **argv) {
    static const char usage[] =
        "usage: decode-send DESC EXDESC --target skl|tgl|dg2|xe2|ivb|hsw [--sfid S]";
    if (argc != 4 && argc != 6) return usage_error("%s", usage);
    uint32_t desc, ex_desc;
    if (!parse_u32(argv[0], &desc))
        return usage_error("decode-send: DESC '%s' is not a 32-bit number", argv[0]);
    if (!parse_u32(argv[1], &ex_desc))
        return usage_error("decode-send: EXDESC '%s' is not a 32-bit number", argv[1]);
    const tu_target *t = NULL;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--target") == 0) {
            t = tu_target_preset(argv[i + 1]);
            if (!t)
                return usage_error("decode-send: unknown target '%s' (skl, tgl, dg2, xe2, ivb, "
                                   "hsw)",
                                   argv[i + 1]);
        } else if (strcmp(argv[i], "--sfid") == 0) {
            /* the SFIDs by Mesa's names (brw_eu_defines.h, enum brw_sfid) or number */
            static const struct {
                const char *name;
                uint32_t sfid;
            } sfids[] = {{"sampler", 2}, {"render", 5}, {"dc0", 10}, {"dc1", 12},
                         {"tgm", 13},    {"slm", 14},   {"ugm", 15}};
            uint32_t sfid = 16;
            for (size_t k = 0; k < sizeof sfids / sizeof sfids[0]; k++)
                if (strcmp(argv[i + 1], sfids[k].name) == 0) sfid = sfids[k].sfid;
            if (sfid == 16 && (!parse_u32(argv[i + 1], &sfid) || sfid > 15))
                return usage_error("decode-send: SFID '%s' is not 0..15 or sampler, render, dc0, "
                                   "dc1, tgm, slm, ugm",
                                   argv[i + 1]);
            ex_desc = (ex_desc & ~0xfu) | sfid;
        } else {
            return usage_error("%s", usage);
        }
    }
    if (!t) return usage_error("%s", usage);
    char text[8192];
    tu_error err = {TU_OK, ""};
    const tu_status st = tu_send_describe(desc, ex_desc, t, text, sizeof text, NULL, &err);
    fputs(text, stdout);
    return st == TU_OK ? 0 : 1;
}

/* image-format FORMAT --target T: the format a storage image's typed messages use on the
 * target and the shader's conversion steps (docs/lowering.md). */
static int cmd_image_format(int argc, char **argv) {
    if (argc != 3 || strcmp(argv[1], "--target") != 0)
        return usage_error("%s", "usage: image-format FORMAT --target skl|tgl|xe2|ivb|hsw|dg2");
    const tu_format f = tq_format_from_word(argv[0]);
    const tu_target *t = tu_target_preset(argv[2]);
    if (f == TU_FORMAT_UNDEFINED)
        return usage_error("image-format: unknown format '%s'; `texunit formats` lists them",
                           argv[0]);
    if (!t)
        return usage_error("image-format: unknown target '%s' (skl, tgl, xe2, ivb, hsw, dg2)",
                           argv[2]);
    tu_image_lowering l;
    tu_error err = {0};
    if (tu_lower_image_format(f, t, &l, &err) != TU_OK) {
        fprintf(stderr, "texunit: %s\n", err.message);
        return 1;
    }
    char steps[1024];
    printf("%s on %s: %s %s\n", tu_format_describe(f)->name, t->name,
           l.raw      ? "raw (untyped) as"
           : l.native ? "typed, native"
                      : "typed as",
           tu_format_describe(l.lowered)->name);
    tu_lower_image_steps(&l, false, steps, sizeof steps);
    printf("  %s\n", steps);
    tu_lower_image_steps(&l, true, steps, sizeof steps);
    printf("  %s\n", steps);
    return 0;
}

static int cmd_help(int argc, char **argv);

/* The one table of commands: what runs them and what `help` and the man page say. */
static const th_command commands[] = {
    {"formats", cmd_formats, "formats", "list the format table",
     "One line per format: its Vulkan name, VkFormat number, bytes per texel and its fields\n"
     "from bit 0 (component:numeric-kind bits; X is padding)."},
    {"gen", cmd_gen,
     "gen TYPE FORMAT W H D LEVELS LAYERS SEED OUT.ktx2|OUT.png|OUT.exr\n"
     "    [tiling=linear|x|y|4|64[@GEN]] [SELECT] [--tonemap]",
     "generate a surface with the texel generator",
     "SEED is a number or a PATTERN name (see PATTERNS). With a number, every field of\n"
     "every texel is a hash of (SEED, level, layer, x, y, z, component)\n"
     "(tu_surface_fill_hash), so the same line always makes the same texels.\n"
     "LEVELS 0 means the full mip chain; LAYERS counts array layers (6 for cube, 6*n for\n"
     "cube arrays). tiling=x|y|4|64 generates the surface in that Intel tiling as Mesa's\n"
     "isl lays it out (docs/semantics.md, \"Intel tilings\"; compressed formats as blocks,\n"
     "Tile-64 with its mip tail), by the rules of Gfx9 for x and y, of Gfx12.5 for 4 and\n"
     "64, or of the generation @skl, @icl, @tgl, @dg2 or @xe2 names (tiling=y@tgl); 3, 6\n"
     "and 12-byte formats are refused, as drivers tile them as RGBA. Files are always\n"
     "written linear. Prints \"wrote OUT\". The file is\n"
     "written as `convert` says, SELECT and --tonemap included.\n"
     "\n"
     "  $ texunit gen 2d rgba8_unorm 256 256 1 1 1 checker checker.png\n"
     "  wrote checker.png\n"
     "  $ texunit gen 2d rgba8_unorm 64 64 1 0 1 9 noise.png\n"
     "  (refused: the surface has 7 levels and PNG holds one image; add --level L)\n"
     "  $ texunit gen cube rgba32_sfloat 16 16 1 0 6 9 sky.ktx2\n"
     "  wrote sky.ktx2"},
    {"convert", cmd_convert, "convert IN OUT [SELECT] [--tonemap] [--supercompress S]",
     "convert between KTX2 and PNG, or to OpenEXR",
     "Files are KTX2 (.ktx2), PNG (.png) or OpenEXR (.exr, written only) by extension;\n"
     "others are refused. KTX2 holds every surface texunit makes, compressed formats\n"
     "included, but those of Intel's hardware formats (no VkFormat); a whole KTX2 file\n"
     "written from a KTX2 file keeps its data format descriptor and key/value data byte\n"
     "for byte, and its Zstandard or ZLIB supercompression, and a new one gets the\n"
     "descriptor KTX-Software writes and a KTXwriter entry. PNG holds one 2D image of\n"
     "8- or 16-bit UNORM or sRGB texels with 1, 2 or 4 channels (grey; grey + alpha,\n"
     "holding R and G; RGBA), written as their raw codes, and block-compressed UNORM and\n"
     "sRGB formats, each texel decoded out of its block as `texel` decodes it and written\n"
     "as 8-bit grey (one component) or RGBA, in sRGB for the sRGB formats. sRGB images\n"
     "get an sRGB chunk (with gAMA and cHRM); read back, an sRGB chunk, or a gAMA of\n"
     "1/2.2 alone, makes 8-bit grey and RGBA images sRGB formats. A PNG's colour chunks\n"
     "texunit does not apply (an ICC profile, another gamma) are named in a note, and its\n"
     "codes are read as UNORM; `info` lists them. An OpenEXR file holds one 2D image of\n"
     "decoded values, as `ktx extract` writes float textures: every format but the integer\n"
     "and stencil ones, compressed or not (sRGB decoded to linear), one uncompressed\n"
     "scanline part whose channels are the format's components as R, G, B, A (depth as Z),\n"
     "HALF for float formats of up to 16 bits a field and BC6H and ASTC HDR, else FLOAT.\n"
     "Anything else is refused with the reason, unless the options say what to write:\n"
     "  SELECT: --level L  --layer N  --face F  --slice Z\n"
     "          the one image to write: mip level L (of the view), array layer N (the cube\n"
     "          of a cube array), cube face F (0..5 or +x -x +y -y +z -z), 3D slice Z;\n"
     "          each is needed when the surface has more than one of it (to KTX2 too,\n"
     "          which then holds that one image)\n"
     "  --tonemap  write float, integer, depth, snorm and packed formats, compressed or\n"
     "          not, to PNG: unorm, sRGB, float and depth clamp to [0,1] (NaN is 0); snorm\n"
     "          maps [-1,1] linearly to [0,1]; integers map their field's whole range\n"
     "          linearly to [0,1] (u / (2^bits - 1), signed (v + 2^(bits-1)) /\n"
     "          (2^bits - 1)); a component the format lacks is 0, alpha 1; the image is\n"
     "          grey for one-component and depth formats (the stencil of a combined\n"
     "          format dropped), else RGBA, 16-bit when a field has more than 8 bits, else\n"
     "          8-bit (rounded to nearest even). Where nothing needs mapping (a KTX2 file,\n"
     "          a format PNG holds) it changes nothing, so one command serves every file\n"
     "  --supercompress none|zstd[:1..22]|zlib[:1..9]\n"
     "          how a KTX2 file's levels are stored: as they are, Zstandard (libzstd) or\n"
     "          ZLIB (zlib), each level on its own (KTX 2.0 \u00a73.8.1.2, \u00a73.8.1.3), at\n"
     "          that level (default: zstd 3, zlib 6); without it, as the file read\n"
     "\n"
     "  $ texunit convert sky.ktx2 sky.png --face +y\n"
     "  (refused: R32G32B32A32_SFLOAT has float fields; add --tonemap, or write .ktx2)\n"
     "  $ texunit convert sky.ktx2 sky.png --face +y --level 1 --tonemap\n"
     "  wrote sky.png\n"
     "  $ texunit gen 2d bc7_srgb_block 64 64 1 1 1 gradient bc7.ktx2\n"
     "  wrote bc7.ktx2\n"
     "  $ texunit convert bc7.ktx2 bc7.png\n"
     "  wrote bc7.png\n"
     "  $ texunit info bc7.png\n"
     "  bc7.png: 2d R8G8B8A8_SRGB 64x64x1, 1 level, 1 layer, 16384 bytes\n"
     "    level 0: 64x64x1 at offset 0, row pitch 256\n"
     "    colour: gAMA 0.45455, sRGB (perceptual), cHRM: the codes read as R8G8B8A8_SRGB"},
    {"render", cmd_render, "render OUT.png [key=value ...] [OPTIONS]",
     "draw a textured scene through the engine",
     "A perspective ground plane and a quad facing the viewer, rasterized in 2x2 subspans,\n"
     "four subspans to a SIMD16 SAMPLE message whose lanes are the pixels in the order UL,\n"
     "UR, LL, LR, so the engine derives each pixel's LOD from its neighbours exactly as a\n"
     "pixel shader's implicit LOD. Pixels a primitive does not cover are helper lanes\n"
     "(disabled, their coordinates extrapolated from the primitive's plane).\n"
     "key=value words are the sampler keys of `texunit query`, read by the same parser\n"
     "(default: nearest, no anisotropy; e.g. min=linear mag=linear mip=linear aniso=16).\n"
     "  --texture SPEC   a .ktx2 or .png file, a pattern or seed (a 256x256 rgba8_unorm\n"
     "                   2D texture with its full chain; default checker), or the values\n"
     "                   of a query texture line in quotes (\"2d rgba8_unorm 64 64 1 0 1 grid\")\n"
     "  --size WxH       the picture's size, even (default 320x240)\n"
     "  --show levels    colour each pixel by the LOD the engine used (a LOD message on the\n"
     "                   same subspans; level colours as the levels pattern, mixed by the\n"
     "                   fraction: level 0 red, 1 green, 2 blue, 3 yellow, 4 magenta, ...)\n"
     "  --show aniso     colour each pixel by its anisotropy ratio (tu_lod_detail_of, the\n"
     "                   engine's own LOD code): blue 1, cyan 2, green 4, yellow 8, red 16\n"
     "  --cache SPEC     every message's texel reads through the texture-cache model of\n"
     "                   `run --cache` (e.g. 16KiB,64B,4[,plru]); prints its totals\n"
     "                   (lookups, hits, misses, bytes) and the misses per pixel (max, sum)\n"
     "  --show misses    (with --cache) colour each pixel by its reads' cache misses:\n"
     "                   black 0, through blue, red and yellow to white at the maximum\n"
     "  --compare \"KEYS A\" \"KEYS B\"\n"
     "                   two pictures side by side, the sampler keys plus A, plus B\n"
     "Trilinear filtering blurs the ground to grey towards the horizon, where each pixel's\n"
     "footprint is long and thin; 16x anisotropic filtering keeps the checker much further,\n"
     "as it samples finer levels along the footprint's major axis (--show levels). The\n"
     "pictures of docs/img are these two (`make demo` regenerates them with\n"
     "examples/pictures.sh, and CTest checks them byte for byte):\n"
     "\n"
     "  $ texunit render docs/img/compare.png min=linear mag=linear mip=linear \\\n"
     "        --compare \"\" \"aniso=16\"\n"
     "  $ texunit render docs/img/levels.png min=linear mag=linear mip=linear \\\n"
     "        --show levels --compare \"\" \"aniso=16\""},
    {"info", cmd_info, "info FILE.ktx2|FILE.png [--json]", "describe a file",
     "A KTX2 file as `ktx info` prints it: the header, the index and level index (the\n"
     "file's offsets), the data format descriptor (model, primaries, transfer, flags and\n"
     "every sample, by their khr_df.h names) and the key/value data, then what texunit\n"
     "reads it as (or why it does not). --json prints what `ktx info --format mini-json`\n"
     "prints: the objects header, index, dataFormatDescriptor and keyValueData with its\n"
     "field names. A file that breaks a rule of KTX 2.0 is refused naming the rule.\n"
     "A PNG file: its type, format, size, levels and layers, each level's extent, offset and\n"
     "row pitch in texunit's packed layout, its colour chunks (sRGB, gAMA, cHRM, iCCP),\n"
     "which of them texunit applied and the format its codes were read as."},
    {"texel", cmd_texel, "texel FILE LEVEL LAYER X Y Z", "decode one texel",
     "Four values: %.9g floats, or integers for integer formats."},
    {"query", cmd_query, "query FILE|- [--echo]", "answer the texture queries of a case file",
     "One output line per query line, so the sampler can be tried from a shell; with\n"
     "--echo, every line of the file and each answer below its query as \"    = ...\", for\n"
     "reading by eye. Lines starting with # are comments. The lines:\n"
     "  texture TYPE FORMAT W H D LEVELS LAYERS SEED [tiling=T]\n"
     "  texture_file PATH [tiling=T]\n"
     "  sampler key=value...\n"
     "  fetch x y z_or_layer lod [ox oy oz]       lod u v w_or_layer lod [ox oy oz]\n"
     "  grad u v w_or_layer dudx dvdx dwdx dudy dvdy dwdy [ox oy oz]\n"
     "  cmp ref u v w_or_layer lod [ox oy oz]     gather comp u v w_or_layer [ox oy oz]\n"
     "  cmpgather ref u v w_or_layer [ox oy oz]   size lod     levels\n"
     "\n"
     "texture: TYPE and FORMAT as TYPES and FORMATS below; LEVELS 0 is the full chain;\n"
     "LAYERS counts array layers (6 for cube, 6*n for cube arrays). The texels come from\n"
     "the generator of `gen` with SEED, or from the pattern SEED names. A texture of more\n"
     "than 4 GiB is refused (the limit of every tool's textures: query lines, //! surface\n"
     "and .texture directives).\n"
     "texture_file PATH loads a KTX2 file as the texture, or fills the current texture's\n"
     "texels from a raw blob (level-major, then layer, z, y, x, tightly packed).\n"
     "tiling=x|y|4|64 lays the texels out in an Intel tiling (Tile-X, Tile-Y, Tile-4,\n"
     "Tile-64, as Mesa's isl does; docs/semantics.md, \"Intel tilings\"), @GEN (skl icl tgl\n"
     "dg2 xe2) naming the generation whose rules apply, and the answers are those of the\n"
     "linear texture; `gen` and //! surface take it too.\n"
     "\n"
     "Sampler keys: min mag (nearest linear), mip (nearest linear none), addr_u addr_v\n"
     "addr_w (repeat mirror clamp_edge clamp_border mirror_clamp_edge), border\n"
     "(transparent_black opaque_black opaque_white), compare (never less lequal greater\n"
     "gequal equal notequal always none), min_lod max_lod lod_bias, unnormalized (0/1),\n"
     "aniso (0 = off, 1..16), and texunit's own precision (hw exact), reduction (average\n"
     "min max), seamless (0/1). Defaults: nearest, nearest, nearest, repeat,\n"
     "transparent_black, none, 0, 1000, 0, 0, 0, hw, average, 1. mip=none is Vulkan's\n"
     "mapping: nearest mip with the LOD range [0, 0.25].\n"
     "Cube arrays take four coordinates x y z layer; cube fetches address\n"
     "(x, y, 6 * cube + face).\n"
     "\n"
     "Output: four values, %.9g for floats and integers for integer formats; cmp prints\n"
     "\"result 0 0 0\"; size the level's size padded with 0 (2D array: w h layers 0); levels\n"
     "\"n 0 0 0\". Out-of-bounds fetches read zero, with the format's missing components\n"
     "(0 0 0 1 for one-channel formats). A malformed line prints \"error: line N: reason\"\n"
     "in its place (and \"texunit: FILE:N: reason\" on standard error), and the good lines\n"
     "still answer.\n"
     "\n"
     "  $ texunit query examples/query.txt\n"
     "  5 0 0 0                                        levels\n"
     "  4 4 0 0                                        size 2\n"
     "  0.87843138 0 0.274509817 0.301960796           fetch 3 5 0 0\n"
     "  0 0 0 0                                        fetch 16 0 0 0 (out of bounds)\n"
     "  0.447058827 0.431372553 0.482352942 0.521568656  lod 0.3 0.7 0 1.5\n"
     "  ..."},
    {"explain", cmd_explain,
     "explain FILE LINE [--json]\nexplain FILE.visaasm|FILE.sass LINE LANE [--json]",
     "one query or instruction lane explained step by step by the engine",
     "The query on line LINE of a case file (after the texture and sampler lines before it),\n"
     "or lane LANE of the sampler instruction on line LINE of a .visaasm kernel (the kernel\n"
     "runs up to it with its //! directives, stepping over and listing the instructions\n"
     "outside texunit's; tu_visa_state.trace), or thread LANE of the TLD on line LINE of a\n"
     ".sass program (tu_nv_state.trace), through the engine's generic path with its trace\n"
     "hook (tu_execute_traced, texunit/trace.h). It prints each step the\n"
     "engine reports: the derivatives, rho, the anisotropy ratio and lambda before and after\n"
     "bias and clamps; each isotropic sample's levels and their weight; each level's\n"
     "footprint (for cubes the face and face coordinates), its texel-space position and\n"
     "per-axis weights; each footprint texel's wrapped coordinates (or the border), weight\n"
     "and value after any depth compare, with the memory read behind it (byte offset, raw\n"
     "bits, decoded value); the filtered levels, the lane's reply and the result.\n"
     "--json prints the same steps as one JSON object. Nothing is computed a second time:\n"
     "the numbers are the engine's own records, the stream whose reads `run --trace` writes.\n"
     "\n"
     "  $ texunit explain examples/query.txt 14\n"
     "  examples/query.txt:14: grad 0.3 0.7 0 0.25 0 0 0 0.0625 0\n"
     "  texture: 2d R8G8B8A8_UNORM 16x16x1, levels 5, layers 1\n"
     "  LOD\n"
     "    derivatives d/dx (0.25, 0, 0)  d/dy (0, 0.0625, 0)\n"
     "    rho_x 4  rho_y 1 texels per pixel;  anisotropy eta 1\n"
     "    lambda' 2 (base + bias);  lambda 2 (clamped to min/max LOD)\n"
     "  ...\n"
     "  result: 0.592156887 0.615686297 0.694117665 0.474509805\n"
     "  $ texunit explain examples/trilinear.visaasm 18 5"},
    {"run", cmd_run,
     "run FILE.visaasm|FILE.sass [--trace FILE.jsonl] [--cache SIZE,LINE,WAYS[,plru]]\n"
     "          [--texture-only|--skip-other] [--arch sm_50..sm_62]",
     "run a vISA kernel or a TLD program",
     "A .visaasm kernel of movs and sampler, data-port and LSC instructions, with its setup\n"
     "in //! comments so the file stays valid IGC syntax: surfaces (the query format's\n"
     "texture line; access=rw for the data port's writes), samplers (the query sampler\n"
     "keys), variables, masks, and the variables and surfaces to dump after the run, one\n"
     "register per line. The surface variable holds the binding-table index\n"
     "(movs (M1_NM, 1) T6(0) 0x7b:ud), the sampler variable the sampler-state index; R of\n"
     "lanes 0-15 of a SIMD16 sample fills registers 0-1, G registers 2-3, and so on.\n"
     "\n"
     "A .sass program sets up textures, pools, constant-bank words and registers with .\n"
     "directives, then runs TLD lines; each instruction prints in canonical form with its\n"
     "Maxwell 64-bit word and its control slot. Among the directives it also reads listings\n"
     "as nvdisasm, cuobjdump -sass and maxas print them: address comments, words, control\n"
     "words, maxas's WAIT:RD:WR:Y:STALL prefixes; a TLD must encode to its word and carry its\n"
     "slot's .T/.P, labels and headers are passed over, and other instructions are refused\n"
     "by name. docs/directives.md lists the directives of both. The first refused line\n"
     "stops the run with \"texunit: FILE:LINE: reason\".\n"
     "\n"
     "A whole IGC dump reads as it is (labels, FILE/LOC, mov, add, cmp, goto, ret, ...), but\n"
     "texunit executes only its own instructions: the first other one stops the run, named by\n"
     "line and mnemonic; labels, .function, FILE/LOC and lifetime markers do nothing.\n"
     "  --trace FILE.jsonl  every texel, MCS, header and media_ld read of every message,\n"
     "                      one JSON line each, and a summary line per message\n"
     "                      (texunit/trace.h); \"-\" writes them to standard output\n"
     "  --cache SPEC        the reads through a set-associative texture-cache model,\n"
     "                      SIZE,LINE,WAYS[,plru] (e.g. 16KiB,64B,4; LRU, or tree\n"
     "                      pseudo-LRU with plru): its hits and misses\n"
     "  --texture-only, --skip-other\n"
     "                      step over the instructions outside texunit's: a kernel's\n"
     "                      texture instructions run on the GRF state the //! directives\n"
     "                      give, and each mnemonic stepped over is listed once with its\n"
     "                      count; a program's non-TLD instructions are skipped and\n"
     "                      counted (\"skipped: MOV 3, EXIT 1\")\n"
     "  --arch sm_NN        (.sass) the architecture: sm_50 sm_52 sm_53 sm_60 sm_61 sm_62\n"
     "                      (default sm_53); sm_50 refuses a sparse predicate\n"
     "Each kernel of examples/ has its whole output beside it (.expected), which CTest\n"
     "compares:\n"
     "\n"
     "  $ texunit run examples/trilinear.visaasm\n"
     "  V32[0]:f 0.592156887 0.352941185 0.819607854 0.580392182 0.501960814 ...\n"
     "  ...\n"
     "  $ texunit run examples/histogram.visaasm\n"
     "  $ texunit run examples/tld.sass\n"
     "  $ texunit run examples/tld_listing.sass --arch sm_52\n"
     "  $ texunit run examples/trilinear.visaasm --trace t.jsonl --cache 16KiB,64B,4"},
    {"asm", cmd_asm, "asm FILE.visaasm [OUT.bin]", "encode its instructions (vISA 4.1)",
     "Encodes the instructions in the vISA 4.1 layout into OUT.bin (\"-\": standard output);\n"
     "without OUT.bin, each instruction's bytes in hex followed by its text. texunit writes\n"
     "the binary of the sampler's, the data port's, LSC's and media_ld instructions; every\n"
     "line it writes none for (movs, the instructions outside texunit's, labels, FILE/LOC,\n"
     "and the efficient-64b operands, which have no 4.1 encoding) is named on the error\n"
     "stream, each kind once with its count and first line.\n"
     "\n"
     "  $ texunit asm examples/trilinear.visaasm\n"
     "  $ texunit asm examples/trilinear.visaasm k.bin"},
    {"disasm", cmd_disasm, "disasm FILE.bin [KERNEL.visaasm] [--platform xe-lp|xe2]",
     "decode instructions to text",
     "Decodes the instructions of a vISA 4.1 binary back to text, for the platform that\n"
     "--platform names (default: the kernel's //! platform, else xe-lp; LSC messages need\n"
     "xe2), and writes that platform first as the //! platform line run and asm read. The\n"
     "kernel, when given, names the variables the instructions refer to. Without it,\n"
     "disasm prints .version, .kernel and a .decl for every variable the instructions use\n"
     "(V32..., S0..., T6..., sized from their operands) and the %null.0 paired-surface\n"
     "operand asm prints, so its output assembles again to the same bytes (CTest checks it\n"
     "for every example and every IGC line of the corpus).\n"
     "\n"
     "  $ texunit asm examples/trilinear.visaasm k.bin && texunit disasm k.bin\n"
     "  $ texunit disasm lsc.bin --platform xe2"},
    {"lower", cmd_lower, "lower FILE.visaasm --target skl|tgl|dg2|xe2[-mesa]|ivb|hsw",
     "its physical sampler and data-port messages",
     "What a compiler back end makes of each sampler instruction: the SIMD split into the\n"
     "messages the target takes (with their execution-mask groups, printed as vISA), and per\n"
     "message the descriptor and extended descriptor, the header and the payload registers\n"
     "(docs/lowering.md); -mesa uses Mesa's conservative width rule instead of IGC's.\n"
     "Data-port and LSC instructions lower to their physical sends (split sends for writes).\n"
     "ivb and hsw lower data-port messages only and refuse sampler instructions, whose\n"
     "lowering texunit models from Gfx9 on. The same pipeline is the library's\n"
     "(texunit/lower.h: tu_lower_split, tu_lower_payload, tu_lower_zip; tu_send_execute in\n"
     "texunit/visa.h executes a physical sampler send), and lowered and direct execution\n"
     "agree bit for bit (tests/test_lower_property.c). A whole IGC dump lowers as it is:\n"
     "its instructions outside texunit's are no messages and are listed once at the end.\n"
     "\n"
     "  $ texunit lower examples/lower.visaasm --target tgl\n"
     "  $ texunit lower examples/split_send.visaasm --target tgl"},
    {"decode-send", cmd_decode_send, "decode-send DESC EXDESC --target T [--sfid S]",
     "the message a descriptor pair names",
     "Prints the message a send's descriptor and extended descriptor describe on target T\n"
     "(skl, tgl, dg2, xe2, ivb, hsw): a line as Mesa's disassembler writes it (brw_disasm.c;\n"
     "a value with no meaning as \"*** invalid NAME value N\"), then every field of both words\n"
     "with its bits, value and meaning, then whether texunit executes the message or the\n"
     "decoder's refusal, naming the field. The SFID is ex_desc bits 3:0; --sfid S sets it\n"
     "(a number, or sampler, render, dc0, dc1, tgm, slm, ugm). DESC and EXDESC are C numbers\n"
     "(0x... hex). Exit status 0 when texunit executes the message, 1 when it refuses it.\n"
     "\n"
     "A headered SIMD16 sample_l on tgl sent as Mesa sends it, the header in src0 and the\n"
     "three parameters in src1, and an Xe2 LSC atomic add with cache value 5 (a load value):\n"
     "\n"
     "  $ texunit decode-send 0x028c2001 0x00000182 --target tgl\n"
     "  sampler MsgDesc: sample_l SIMD16 Surface = 1 Sampler = 0 mlen 1 ex_mlen 6 rlen 8\n"
     "    desc    0x028c2001\n"
     "      7:0      binding-table index      1\n"
     "      11:8     sampler index            0\n"
     "      16:12    message type             2 (texunit sample_l)\n"
     "      18:17    SIMD mode 1:0            2 (SIMD16)\n"
     "      29       SIMD mode 2              0\n"
     "      19       header present           1\n"
     "      24:20    response length          8 (GRFs of 32 bytes)\n"
     "      28:25    message length           1 (src0 GRFs)\n"
     "      30       return format            0 (32-bit)\n"
     "      31       CPS LOD compensation     0\n"
     "    ex_desc 0x00000182\n"
     "      3:0      SFID                     2 (sampler)\n"
     "      5:4      reserved                 0\n"
     "      9:6      extended length          6 (a split send: src1 GRFs)\n"
     "      10       reserved                 0\n"
     "      11       CPS                      0\n"
     "      31:12    bindless surface         0\n"
     "  texunit executes it: SIMD16, 3 parameters of 2 GRFs after the header, a split send: src0 "
     "and src1 read as one message (the channels come from the header's DW2)\n"
     "  $ texunit decode-send 0x6425050c 0x0300008f --target xe2\n"
     "  ugm MsgDesc: ( atomic_add, a32, d32, V1, *** invalid cache_store value 5 dst_len = 2, "
     "src0_len = 2, src1_len = 2 bti ) BTI 3  base_offset 0\n"
     "  ...\n"
     "  texunit refuses it: LSC cache control 5 (descriptor bits 19:16) is not a legal atomic "
     "value on target xe2"},
    {"image-format", cmd_image_format, "image-format FORMAT --target T",
     "a storage format's typed messages and conversions",
     "The format a storage image of FORMAT is read and written as by the target's typed\n"
     "messages (native, another typed format, or raw untyped dwords), then the shader's\n"
     "steps after a load and before a store (docs/lowering.md)."},
    {"help", cmd_help,
     "help [COMMAND]\nhelp --man | --markdown\n--help | -h | --version | COMMAND --help",
     "this text, or one command's",
     "`texunit help COMMAND` and `texunit COMMAND --help` (or -h) print one command's usage\n"
     "and what it does; `texunit --version` the version (the CMake project's, as\n"
     "tu_version_string() returns it). `texunit help --man` prints this text as the man\n"
     "page texunit.1, which the build generates and `make install` installs (man texunit);\n"
     "`texunit help --markdown` prints it as markdown, the reference docs/cli.md. CTest\n"
     "checks that all of them agree.\n"
     "\n"
     "  $ texunit --version\n"
     "  texunit 0.1.0"},
};

static const char description[] =
    "texunit executes GPU texture instructions (Intel vISA and sampler sends, NVIDIA TLD)\n"
    "on surfaces in memory, bit-faithfully to their documents. The command runs its\n"
    "engine on files, kernels and query lines. This text is also the man page texunit.1\n"
    "and docs/cli.md; docs/semantics.md has the rules the engine follows.";

static const char formats_text[] =
    "rgba8_unorm rgba8_srgb rgba8_uint rgba16_sfloat rgba32_sfloat r32_sfloat d32_sfloat,\n"
    "or any format of `texunit formats` by its Vulkan name in any case.";

/* The patterns of tu_surface_fill_pattern (texunit/surface.h states the exact rules). */
static const char patterns_text[] =
    "hash      the hash generator with seed 0 (a number in its place: that seed)\n"
    "checker   black and white, 8x8 cells per level (cell = extent / 8 texels; grey under 8)\n"
    "gradient  R = (x + 0.5) / width, G = (y + 0.5) / height, B = slice or layer\n"
    "levels    each mip level one colour: red, green, blue, yellow, magenta, cyan, ...\n"
    "grid      a white line every 8 texels on grey, the same texel spacing at every level\n"
    "A pattern name takes the place of SEED in gen, render and the query texture line;\n"
    "tu_surface_fill_pattern (texunit/surface.h) has the exact rules.";

static const char exit_text[] = "0 success, 1 texunit refused the input or could not write its "
                                "output (the reason is\nprinted), 2 a usage error.";

static const char diagnostics_text[] =
    "Errors go to standard error: \"texunit: FILE:LINE: reason\" where there is a file and\n"
    "a line, \"texunit: STATUS: reason\" for what the library refused (its sentence names\n"
    "the field, the value and the legal range), and a usage error with the command to\n"
    "read (texunit help COMMAND). Work that runs longer than about a second (gen,\n"
    "convert, render, big query textures) draws a progress bar on standard error when\n"
    "that is a terminal, and nothing otherwise.";

/* FILES: the limits of tools/file.c, from its constants. */
static void files_text(char *buf, size_t size) {
    snprintf(buf, size,
             "Every file texunit reads is a regular file: a directory, FIFO or device is refused\n"
             "at once. Text files (query case files, .visaasm, .sass) hold at most %llu bytes,\n"
             "data files (.ktx2, .png, raw texel blobs, vISA binaries) at most %llu bytes;\n"
             "`query -` reads standard input up to the text limit. \"-\" as a file the tool\n"
             "writes is standard output: KTX2 for gen and convert, PNG for render, the\n"
             "records of --trace, the binary of asm OUT.bin; as the image convert, info, texel\n"
             "and render --texture read, it is KTX2 on standard input. A failed write,\n"
             "to a file or to standard output, is exit status 1.",
             (unsigned long long)TF_TEXT_BYTES, (unsigned long long)TF_DATA_BYTES);
}

/* The manual: the command table and the sections; TYPES comes from the query parser's own
 * table, so help lists exactly the words gen and query take. */
enum { SECTION_COUNT = 6, FILES_TEXT_SIZE = 1024 };

static th_manual manual(char *types, size_t size, char files[FILES_TEXT_SIZE],
                        th_section sections[SECTION_COUNT]) {
    size_t n = 0;
    types[0] = 0;
    for (size_t i = 0; tq_type_word_at(i); i++)
        n += (size_t)snprintf(types + n, n < size ? size - n : 0, "%s%s", i ? " " : "",
                              tq_type_word_at(i));
    sections[0] = (th_section){"TYPES", types};
    sections[1] = (th_section){"FORMATS", formats_text};
    sections[2] = (th_section){"PATTERNS", patterns_text};
    files_text(files, FILES_TEXT_SIZE);
    sections[3] = (th_section){"FILES", files};
    sections[4] = (th_section){"EXIT STATUS", exit_text};
    sections[5] = (th_section){"DIAGNOSTICS", diagnostics_text};
    return (th_manual){tu_version_string(), description, commands,
                       COUNT(commands),     sections,    SECTION_COUNT};
}

static int cmd_help(int argc, char **argv) {
    char types[256], files[FILES_TEXT_SIZE];
    th_section sections[SECTION_COUNT];
    const th_manual m = manual(types, sizeof types, files, sections);
    if (argc == 0) {
        th_print_overview(stdout, &m);
        return 0;
    }
    if (argc == 1 && strcmp(argv[0], "--man") == 0) {
        th_print_man(stdout, &m);
        return 0;
    }
    if (argc == 1 && strcmp(argv[0], "--markdown") == 0) {
        th_print_markdown(stdout, &m);
        return 0;
    }
    if (argc != 1) return usage_error("%s", "usage: help [COMMAND]");
    const th_command *c = th_find(&m, argv[0]);
    if (!c) return usage_error("help: unknown command '%s'", argv[0]);
    th_print_command(stdout, c);
    return 0;
}

static bool is_help_flag(const char *arg) {
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

static int run_command(int argc, char **argv) {
    if (argc < 2) {
        cmd_help(0, NULL);
        return EXIT_USAGE;
    }
    if (is_help_flag(argv[1])) return cmd_help(0, NULL);
    if (strcmp(argv[1], "--version") == 0) {
        printf("texunit %s\n", tu_version_string());
        return 0;
    }
    for (size_t i = 0; i < COUNT(commands); i++) {
        if (strcmp(argv[1], commands[i].name) != 0) continue;
        for (int a = 2; a < argc; a++)
            if (is_help_flag(argv[a])) return cmd_help(1, &argv[1]);
        return commands[i].run(argc - 2, argv + 2);
    }
    return usage_error("unknown command '%s'", argv[1]);
}

/* Every command's output checked once at the end: a full disk is a failure. */
int main(int argc, char **argv) {
    return tf_exit(run_command(argc, argv));
}
