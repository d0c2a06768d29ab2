/*
 * texunit - the command line tool.
 *
 *   texunit formats                         the format table
 *   texunit gen TYPE FORMAT W H D LEVELS LAYERS SEED OUT.ktx2|OUT.png [tiling=linear|x|y|4|64]
 *                                           a surface from the texel generator, to a file
 *   texunit info FILE.ktx2|FILE.png         what a file holds
 *   texunit texel FILE LEVEL LAYER X Y Z    one decoded texel
 *   texunit query FILE|-                    answer a case file of texture queries
 *   texunit run FILE.visaasm|FILE.sass      run a vISA kernel or a TLD program (directives
 *                                           in //! comments)
 *   texunit asm FILE.visaasm [OUT.bin]      its instructions as vISA 4.1 binary
 *   texunit disasm FILE.bin [KERNEL.visaasm] decode binary instructions to text
 *   texunit lower FILE.visaasm --target T   the physical sampler messages of its instructions
 *
 * TYPE is 1d 1darray 2d 2darray 3d cube cubearray; FORMAT a short name (rgba8_unorm,
 * rgba8_srgb, rgba8_uint, rgba16_sfloat, rgba32_sfloat, r32_sfloat, d32_sfloat) or any
 * table format by its Vulkan name in any case; LEVELS 0 means the full chain; LAYERS
 * counts array layers (6 for cube, 6*n for cube arrays).
 *
 * Exit status: 0 on success, 1 when texunit refused the input, 2 on a usage error.
 */
#include "lower_cmd.h"
#include "memtrace.h"
#include "query.h"
#include "run_sass.h"
#include "run_visa.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_REFUSED = 1, EXIT_USAGE = 2 };

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

__attribute__((format(printf, 1, 2))) static int usage_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "texunit: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n(run `texunit help` for usage)\n");
    va_end(ap);
    return EXIT_USAGE;
}

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
    if (ends_with(path, ".png")) return tu_png_read_file(path, img, err);
    return tu_ktx2_read_file(path, img, err);
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
    tu_tiling tiling = TU_TILING_LINEAR; /* gen ... tiling=X: generated in that layout */
    if (argc == 10 && tq_tiling_from_word(argv[9], &tiling)) argc--;
    if (argc != 9)
        return usage_error("%s", "usage: gen TYPE FORMAT W H D LEVELS LAYERS SEED OUT.ktx2|OUT.png "
                                 "[tiling=linear|x|y|4|64]");
    tu_surface desc = {0};
    if (!tq_type_from_word(argv[0], &desc.type, &desc.arrayed))
        return usage_error("unknown surface type '%s'", argv[0]);
    desc.format = tq_format_from_word(argv[1]);
    if (desc.format == TU_FORMAT_UNDEFINED) return usage_error("unknown format '%s'", argv[1]);
    uint32_t seed;
    const char *names[] = {"W", "H", "D", "LEVELS", "LAYERS", "SEED"};
    uint32_t *fields[] = {&desc.width,  &desc.height, &desc.depth,
                          &desc.levels, &desc.layers, &seed};
    for (int i = 0; i < 6; i++)
        if (!parse_u32(argv[2 + i], fields[i]))
            return usage_error("%s is not a non-negative 32-bit integer", names[i]);
    desc.samples = 1;
    if (desc.levels == 0) desc.levels = tu_surface_max_levels(&desc);
    tu_error err = {0};
    tu_image img = {0};
    if (tu_image_create(&img, &desc, &err) != TU_OK) return refused(&err);
    tu_status st = tu_image_convert_tiling(&img, tiling, &err);
    if (st == TU_OK) st = tu_surface_fill_hash(&img.surface, seed, &err);
    if (st == TU_OK)
        st = ends_with(argv[8], ".png") ? tu_png_write_file(argv[8], &img.surface, 0, 0, &err)
                                        : tu_ktx2_write_file(argv[8], &img.surface, &err);
    tu_image_free(&img);
    if (st != TU_OK) return refused(&err);
    printf("wrote %s\n", argv[8]);
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
    if (argc != 1) return usage_error("%s", "usage: query FILE (or - for standard input)");
    FILE *in = strcmp(argv[0], "-") == 0 ? stdin : fopen(argv[0], "r");
    if (!in) {
        fprintf(stderr, "texunit: %s: %s\n", argv[0], strerror(errno));
        return EXIT_REFUSED;
    }
    unsigned bad = tq_run(in, stdout);
    if (in != stdin) fclose(in);
    return bad ? EXIT_REFUSED : 0;
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
    if (f == TU_FORMAT_UNDEFINED) return usage_error("image-format: unknown format '%s'", argv[0]);
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

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *usage;
} commands[] = {
    {"formats", cmd_formats, "formats                             list the format table"},
    {"gen", cmd_gen,
     "gen TYPE FORMAT W H D LEVELS LAYERS SEED OUT.ktx2|OUT.png [tiling=x|y|4|64]\n"
     "                                    generate a surface with the texel generator"},
    {"query", cmd_query,
     "query FILE|-                        answer the texture queries of a case file"},
    {"run", cmd_run,
     "run FILE.visaasm|FILE.sass          run a vISA kernel or a TLD program\n"
     "      [--trace FILE.jsonl] [--cache 16KiB,64B,4[,plru]]   its texel reads"},
    {"asm", cmd_asm, "asm FILE.visaasm [OUT.bin]          encode its instructions (vISA 4.1)"},
    {"disasm", cmd_disasm, "disasm FILE.bin [KERNEL.visaasm]    decode instructions to text"},
    {"lower", cmd_lower,
     "lower FILE.visaasm --target T       its physical sampler and data-port messages\n"
     "      (skl, tgl, xe2; ivb, hsw, dg2: data-port messages only)"},
    {"image-format", cmd_image_format,
     "image-format FORMAT --target T      a storage format's typed messages and conversions"},
    {"info", cmd_info, "info FILE.ktx2|FILE.png             describe a file"},
    {"texel", cmd_texel, "texel FILE LEVEL LAYER X Y Z        decode one texel"},
    {"help", cmd_help, "help                                this text"},
};

static int cmd_help(int argc, char **argv) {
    (void)argc;
    (void)argv;
    printf("usage: texunit COMMAND [ARGS]\n\n");
    for (size_t i = 0; i < COUNT(commands); i++)
        printf("  texunit %s\n", commands[i].usage);
    printf("\nTYPE: 1d 1darray 2d 2darray 3d cube cubearray buffer\n"
           "FORMAT: rgba8_unorm rgba8_srgb rgba8_uint rgba16_sfloat rgba32_sfloat r32_sfloat\n"
           "        d32_sfloat, or any format of `texunit formats` in any case\n");
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        cmd_help(0, NULL);
        return EXIT_USAGE;
    }
    for (size_t i = 0; i < COUNT(commands); i++)
        if (strcmp(argv[1], commands[i].name) == 0) return commands[i].run(argc - 2, argv + 2);
    return usage_error("unknown command '%s'", argv[1]);
}
