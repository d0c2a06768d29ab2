/* SPDX-License-Identifier: MIT */
/*
 * texunit - the command line tool. The commands, their usage and their help text are one
 * table (`commands` below); `texunit help` prints it and `texunit help --man` prints it as
 * the man page texunit.1, which the build generates and `make install` installs.
 *
 * Exit status: 0 on success, 1 when texunit refused the input, 2 on a usage error.
 */
#include "explain.h"
#include "export.h"
#include "help.h"
#include "lower_cmd.h"
#include "progress.h"
#include "memtrace.h"
#include "query.h"
#include "render.h"
#include "run_sass.h"
#include "run_visa.h"

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
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *end || s[0] == '-' || v > UINT32_MAX) return false;
    *out = (uint32_t)v;
    return true;
}

static bool ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
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

static const char *const numeric_names[] = {"unorm",  "snorm", "uint",      "sint", "sfloat",
                                            "ufloat", "srgb",  "sharedexp", "exp",  "pad"};
static const char component_names[] = "RGBADSX";

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
    if (argc == 10 && tq_tiling_from_word(argv[9], &tiling)) argc--;
    if (argc != 9)
        return usage_error("%s", "usage: gen TYPE FORMAT W H D LEVELS LAYERS SEED "
                                 "OUT.ktx2|OUT.png [tiling=linear|x|y|4|64] "
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
    tu_status st = tu_image_convert_tiling(&img, tiling, &err);
    if (st == TU_OK) st = tu_surface_fill_pattern(&img.surface, pattern, seed, &progress, &err);
    if (st == TU_OK) st = tx_write(argv[8], &img.surface, &sel, &progress, &err);
    tp_finish(&bar);
    tu_image_free(&img);
    if (st != TU_OK) return refused(&err);
    printf("wrote %s\n", argv[8]);
    return 0;
}

static int cmd_convert(int argc, char **argv) {
    tx_select sel = tx_select_none();
    int status;
    if (!take_export_options(&argc, argv, &sel, &status)) return status;
    if (argc != 2)
        return usage_error("%s", "usage: convert IN OUT [--level L --layer N --face F "
                                 "--slice Z] [--tonemap]");
    tu_error err = {0};
    tx_kind kind;
    if (tx_kind_of(argv[1], &kind, &err) != TU_OK) return refused(&err);
    tu_image img = {0};
    if (load_image(argv[0], &img, &err) != TU_OK) return refused(&err);
    tp_bar bar;
    tp_start(&bar, "convert");
    const tu_progress progress = tp_progress(&bar);
    const tu_status st = tx_write(argv[1], &img.surface, &sel, &progress, &err);
    tp_finish(&bar);
    tu_image_free(&img);
    if (st != TU_OK) return refused(&err);
    printf("wrote %s\n", argv[1]);
    return 0;
}

static int cmd_info(int argc, char **argv) {
    if (argc != 1) return usage_error("%s", "usage: info FILE.ktx2|FILE.png");
    tu_error err = {0};
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
    FILE *in = strcmp(argv[0], "-") == 0 ? stdin : fopen(argv[0], "r");
    if (!in) {
        fprintf(stderr, "texunit: %s: %s\n", argv[0], strerror(errno));
        return EXIT_REFUSED;
    }
    tp_bar bar;
    tp_start(&bar, "query");
    const tu_progress progress = tp_progress(&bar);
    unsigned bad = tq_run(in, in == stdin ? "<stdin>" : argv[0], stdout, stderr, echo, &progress);
    tp_finish(&bar);
    if (in != stdin) fclose(in);
    return bad ? EXIT_REFUSED : 0;
}

static int cmd_explain(int argc, char **argv) {
    return te_explain(argc, argv, stdout, stderr);
}

static int cmd_render(int argc, char **argv) {
    return tr_render(argc, argv, stdout, stderr);
}

static int cmd_run(int argc, char **argv) {
    const char *trace = NULL, *cache = NULL; /* --trace FILE, --cache SIZE,LINE,WAYS[,plru] */
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--trace") == 0)
            trace = argv[i + 1];
        else if (strcmp(argv[i], "--cache") == 0)
            cache = argv[i + 1];
        else
            return usage_error("run: unknown option '%s'", argv[i]);
    }
    if (argc < 1 || argc % 2 != 1)
        return usage_error("%s", "usage: run FILE.visaasm|FILE.sass [--trace FILE.jsonl] "
                                 "[--cache SIZE,LINE,WAYS[,plru]]");
    const bool visa = ends_with(argv[0], ".visaasm"), sass = ends_with(argv[0], ".sass");
    if ((trace || cache) && (visa || sass)) {
        tq_memtrace mt;
        if (!tq_memtrace_open(&mt, trace, cache, stdout, stderr)) return 1;
        int rc = visa ? tq_run_visa_traced(argv[0], stdout, stderr, &mt.sink)
                      : tq_run_sass_traced(argv[0], stdout, stderr, &mt.sink);
        if (!tq_memtrace_close(&mt, stderr) && !rc) rc = 1;
        return rc;
    }
    if (ends_with(argv[0], ".visaasm")) return tq_run_visa(argv[0], stdout, stderr);
    if (ends_with(argv[0], ".sass")) return tq_run_sass(argv[0], stdout, stderr);
    return usage_error("run: '%s' is neither a .visaasm nor a .sass file", argv[0]);
}

static int cmd_asm(int argc, char **argv) {
    if (argc < 1 || argc > 2) return usage_error("%s", "usage: asm FILE.visaasm [OUT.bin]");
    return tq_asm_visa(argv[0], argc == 2 ? argv[1] : NULL, stdout, stderr);
}

static int cmd_disasm(int argc, char **argv) {
    if (argc < 1 || argc > 2) return usage_error("%s", "usage: disasm FILE.bin [KERNEL.visaasm]");
    return tq_disasm_visa(argv[0], argc == 2 ? argv[1] : NULL, stdout, stderr);
}

static int cmd_lower(int argc, char **argv) {
    if (argc != 3 || strcmp(argv[1], "--target") != 0)
        return usage_error("%s",
                           "usage: lower FILE.visaasm --target skl|tgl|xe2[-mesa]|ivb|hsw|dg2");
    return tq_lower(argv[0], argv[2], stdout, stderr);
}

/* image-format FORMAT --target T: the format a storage image's typed messages use on the
 * target and the shader's conversion steps (docs/lowering.md, notes §4). */
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
     "gen TYPE FORMAT W H D LEVELS LAYERS SEED OUT.ktx2|OUT.png [tiling=linear|x|y|4|64]\n"
     "    [SELECT] [--tonemap]",
     "generate a surface with the texel generator",
     "SEED is a number or a PATTERN name (see PATTERNS). With a number, every field of\n"
     "every texel is a hash of (SEED, level, layer, x, y, z, component)\n"
     "(tu_surface_fill_hash), so the same line always makes the same texels.\n"
     "LEVELS 0 means the full mip chain; LAYERS counts array layers (6 for cube, 6*n for\n"
     "cube arrays). tiling=x|y|4|64 generates the surface in that Intel tiling\n"
     "(docs/semantics.md, \"Intel tilings\"; compressed formats as blocks, Tile-64 with\n"
     "its mip tail; 3, 6 and 12-byte formats stay linear). Prints \"wrote OUT\". The file\n"
     "is written as `convert` says.\n"
     "\n"
     "  $ texunit gen 2d rgba8_unorm 64 64 1 1 1 9 noise.png"},
    {"convert", cmd_convert, "convert IN OUT [SELECT] [--tonemap]", "convert between KTX2 and PNG",
     "Files are KTX2 (.ktx2) or PNG (.png) by extension; others are refused. KTX2 holds\n"
     "every surface. PNG holds one 2D image of 8- or 16-bit UNORM or sRGB texels with 1, 2\n"
     "or 4 channels (grey; grey + alpha, holding R and G; RGBA). Anything else is refused\n"
     "with the reason, unless the options say what to write:\n"
     "  SELECT: --level L  --layer N  --face F  --slice Z\n"
     "          the one image to write: mip level L (of the view), array layer N (the cube\n"
     "          of a cube array), cube face F (0..5 or +x -x +y -y +z -z), 3D slice Z;\n"
     "          each is needed when the surface has more than one of it (to KTX2 too)\n"
     "  --tonemap  write float, integer, depth, snorm and packed formats to PNG: unorm,\n"
     "          sRGB, float and depth clamp to [0,1] (NaN is 0); snorm maps [-1,1] to\n"
     "          [0,1]; integers map their field's range linearly to [0,1]; the image is\n"
     "          grey for one-component and depth formats (stencil dropped), else RGBA,\n"
     "          16-bit when a field has more than 8 bits, else 8-bit\n"
     "\n"
     "  $ texunit convert sky.ktx2 face.png --level 2 --face +y --tonemap"},
    {"render", cmd_render, "render OUT.png [key=value ...] [OPTIONS]",
     "draw a textured scene through the engine",
     "A perspective ground plane and a quad facing the viewer, every pixel a lane of a\n"
     "SIMD16 SAMPLE message in 2x2 subspans, so its LOD is implicit as a pixel shader's.\n"
     "key=value words are the sampler keys of `texunit query` (default: nearest, no\n"
     "anisotropy; e.g. min=linear mag=linear mip=linear aniso=16).\n"
     "  --texture SPEC   a .ktx2 or .png file, a pattern or seed (a 256x256 rgba8_unorm\n"
     "                   2D texture with its full chain; default checker), or the values\n"
     "                   of a query texture line in quotes (\"2d rgba8_unorm 64 64 1 0 1 grid\")\n"
     "  --size WxH       the picture's size, even (default 320x240)\n"
     "  --show levels    colour each pixel by the LOD the engine used (the LOD op; level\n"
     "                   colours as the levels pattern, mixed by the fraction)\n"
     "  --show aniso     colour each pixel by its anisotropy ratio: blue 1, cyan 2,\n"
     "                   green 4, yellow 8, red 16\n"
     "  --cache SPEC     every message's reads through the texture-cache model of\n"
     "                   `run --cache` (e.g. 16KiB,64B,4[,plru]); prints its totals and the\n"
     "                   misses per pixel (max, sum)\n"
     "  --show misses    (with --cache) colour each pixel by its reads' cache misses:\n"
     "                   black 0, through blue, red and yellow to white at the maximum\n"
     "  --compare \"KEYS A\" \"KEYS B\"\n"
     "                   two pictures side by side, the sampler keys plus A, plus B\n"
     "\n"
     "  $ texunit render cmp.png min=linear mag=linear mip=linear --compare \"\" \"aniso=16\""},
    {"info", cmd_info, "info FILE.ktx2|FILE.png", "describe a file",
     "Its type, format, size, levels and layers, and each level's extent, offset and row\n"
     "pitch in texunit's packed layout."},
    {"texel", cmd_texel, "texel FILE LEVEL LAYER X Y Z", "decode one texel",
     "Four values: %.9g floats, or integers for integer formats."},
    {"query", cmd_query, "query FILE|- [--echo]", "answer the texture queries of a case file",
     "One output line per query line (README, \"texunit query\"); with --echo, every line\n"
     "of the file and each answer below its query as \"    = ...\", for reading by eye.\n"
     "The lines:\n"
     "  texture TYPE FORMAT W H D LEVELS LAYERS SEED [tiling=T]\n"
     "  texture_file PATH [tiling=T]   (T: linear x y 4 64, docs/semantics.md)\n"
     "  sampler key=value...\n"
     "  fetch x y z_or_layer lod [ox oy oz]       lod u v w_or_layer lod [ox oy oz]\n"
     "  grad u v w_or_layer dudx dvdx dwdx dudy dvdy dwdy [ox oy oz]\n"
     "  cmp ref u v w_or_layer lod [ox oy oz]     gather comp u v w_or_layer [ox oy oz]\n"
     "  cmpgather ref u v w_or_layer [ox oy oz]   size lod     levels\n"
     "Sampler keys: min mag (nearest linear), mip (nearest linear none), addr_u addr_v\n"
     "addr_w (repeat mirror clamp_edge clamp_border mirror_clamp_edge), border\n"
     "(transparent_black opaque_black opaque_white), compare (never less lequal greater\n"
     "gequal equal notequal always none), min_lod max_lod lod_bias, unnormalized (0/1),\n"
     "aniso (0 = off, 1..16), precision (hw exact), reduction (average min max),\n"
     "seamless (0/1). A malformed line prints \"error: line N: reason\" in its place."},
    {"explain", cmd_explain,
     "explain FILE LINE [--json]\nexplain FILE.visaasm|FILE.sass LINE LANE [--json]",
     "one query or instruction lane explained step by step by the engine",
     "The query on line LINE of a case file (after the texture and sampler lines before it),\n"
     "or lane LANE of the sampler instruction (or thread LANE of the TLD) on line LINE of a\n"
     "kernel or program (run up to it with its directives), through the engine's generic\n"
     "path with its trace hook\n"
     "(tu_execute_traced): the derivatives, rho, anisotropy and lambda before and after bias\n"
     "and clamps; each sample's levels and their weight; each level's footprint (cube face\n"
     "and face coordinates, texel-space position, weights); each texel's wrapped coordinates\n"
     "or border, weight and value after any compare, with the read behind it (byte offset,\n"
     "raw bits, decoded value); the filtered levels, the lane's reply and the result.\n"
     "--json prints the same steps as one JSON object.\n"
     "\n"
     "  $ texunit explain examples/query.txt 14\n"
     "  $ texunit explain examples/trilinear.visaasm 18 5"},
    {"run", cmd_run,
     "run FILE.visaasm|FILE.sass [--trace FILE.jsonl] [--cache SIZE,LINE,WAYS[,plru]]",
     "run a vISA kernel or a TLD program",
     "A .visaasm kernel sets up surfaces, samplers and variables in //! comments; a .sass\n"
     "program in . directives (docs/directives.md lists both). The first refused line\n"
     "stops the run with \"texunit: FILE:LINE: reason\".\n"
     "  --trace FILE.jsonl  every texel, MCS, header and media_ld read of every message,\n"
     "                      one JSON line each, and a summary line per message\n"
     "                      (texunit/trace.h)\n"
     "  --cache SPEC        the reads through a texture-cache model, e.g. 16KiB,64B,4[,plru]:\n"
     "                      its hits and misses"},
    {"asm", cmd_asm, "asm FILE.visaasm [OUT.bin]", "encode its instructions (vISA 4.1)",
     "Without OUT.bin, each instruction's bytes in hex followed by its text."},
    {"disasm", cmd_disasm, "disasm FILE.bin [KERNEL.visaasm]", "decode instructions to text",
     "The kernel, when given, names the variables the instructions refer to."},
    {"lower", cmd_lower, "lower FILE.visaasm --target skl|tgl|xe2[-mesa]|ivb|hsw|dg2",
     "its physical sampler and data-port messages",
     "Each sampler instruction split into the messages the target takes, with descriptors,\n"
     "header and payload registers (docs/lowering.md); -mesa uses Mesa's width rule.\n"
     "Data-port and LSC instructions lower to their sends (split sends for writes).\n"
     "ivb, hsw and dg2 lower data-port messages only (texunit models no sampler there)."},
    {"image-format", cmd_image_format, "image-format FORMAT --target T",
     "a storage format's typed messages and conversions",
     "The format a storage image of FORMAT is read and written as by the target's typed\n"
     "messages (native, another typed format, or raw untyped dwords), then the shader's\n"
     "steps after a load and before a store (docs/lowering.md)."},
    {"help", cmd_help,
     "help [COMMAND]\nhelp --man | --markdown\n--help | -h | --version | COMMAND --help",
     "this text, or one command's",
     "`texunit help --man` prints this text as the man page texunit.1, and\n"
     "`texunit help --markdown` as markdown, the reference docs/cli.md."},
};

static const char description[] =
    "texunit executes GPU texture instructions (Intel vISA and sampler sends, NVIDIA TLD)\n"
    "on surfaces in memory, bit-faithfully to their documents. The command runs its\n"
    "engine on files, kernels and query lines; see README.md and docs/ for the rules.";

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
    "A pattern name takes the place of SEED in gen, render and the query texture line.";

static const char exit_text[] = "0 success, 1 texunit refused the input (the reason is printed "
                                "as\n\"texunit: ...\"), 2 a usage error.";

/* The manual: the command table and the sections; TYPES comes from the query parser's own
 * table, so help lists exactly the words gen and query take. */
enum { SECTION_COUNT = 4 };

static th_manual manual(char *types, size_t size, th_section sections[SECTION_COUNT]) {
    size_t n = 0;
    types[0] = 0;
    for (size_t i = 0; tq_type_word_at(i); i++)
        n += (size_t)snprintf(types + n, n < size ? size - n : 0, "%s%s", i ? " " : "",
                              tq_type_word_at(i));
    sections[0] = (th_section){"TYPES", types};
    sections[1] = (th_section){"FORMATS", formats_text};
    sections[2] = (th_section){"PATTERNS", patterns_text};
    sections[3] = (th_section){"EXIT STATUS", exit_text};
    return (th_manual){tu_version_string(), description, commands,
                       COUNT(commands),     sections,    SECTION_COUNT};
}

static int cmd_help(int argc, char **argv) {
    char types[256];
    th_section sections[SECTION_COUNT];
    const th_manual m = manual(types, sizeof types, sections);
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

int main(int argc, char **argv) {
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
