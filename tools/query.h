/* SPDX-License-Identifier: MIT */
/*
 * query.h - the query case format of `texunit query` (docs/cli.md, "texunit query"), parsed into
 * structured lines, and answered through the engine. The lavapipe differential test
 * reuses the parser so that both sides answer the very same queries.
 */
#ifndef TEXUNIT_QUERY_H
#define TEXUNIT_QUERY_H

#include "texunit/texunit.h"

#include <stdbool.h>
#include <stdio.h>

/* The largest texture, in bytes, the tools make for a case file or a kernel file (texunit
 * query and run, .visaasm and .sass): 4 GiB. Fuzz builds make it 1 MiB (CMakeLists.txt): the
 * rules are the same at every size, the tools fill a texture texel by texel, and under the
 * sanitizers a texture of 50-130 MB took longer than libFuzzer's 25 s (docs/testing.md). */
#ifndef TEXUNIT_TOOL_TEXTURE_BYTES
#define TEXUNIT_TOOL_TEXTURE_BYTES (1ull << 32)
#endif

/* Whether a texture of shape desc, laid out packed as tu_image_create lays it and then, when
 * desc->tiling is an Intel tiling, in that tiling as tu_image_convert_tiling lays it, needs
 * more than TEXUNIT_TOOL_TEXTURE_BYTES in either layout; *bytes is the larger. A shape the
 * layout refuses is not too large: tu_image_create or the tiling refuses it, with its reason. */
bool tq_texture_too_large(const tu_surface *desc, uint64_t *bytes);

/* The tools' one float parser: strtof from s, *end after the number. False when there is no
 * number, or it is outside float's range (an overflow, or an underflow past the smallest
 * subnormal); a subnormal is kept as strtof rounds it. "inf" and "nan" parse as themselves. */
bool tq_strtof(const char *s, float *out, char **end);

/* The tools' one strict unsigned parser: the whole of s is a number (decimal, 0x hex or 0
 * octal as strtoul reads them) with no sign, no blank and no other character, of at most
 * max. False otherwise; *out is then unchanged. */
bool tq_parse_u32(const char *s, uint32_t max, uint32_t *out);

typedef enum tq_kind {
    TQ_BLANK, /* empty or comment */
    TQ_TEXTURE,
    TQ_TEXTURE_FILE,
    TQ_SAMPLER,
    TQ_FETCH,
    TQ_LOD,
    TQ_GRAD,
    TQ_CMP,
    TQ_GATHER,
    TQ_CMPGATHER,
    TQ_SIZE,
    TQ_LEVELS
} tq_kind;

typedef struct tq_texture {
    tu_surface_type type;
    bool arrayed;
    tu_format format;
    uint32_t width, height, depth, levels, layers, seed;
    tu_pattern pattern;  /* TU_PATTERN_HASH (with seed) unless SEED names a pattern */
    tu_tiling tiling;    /* tiling=linear|x|y|4|64 (LINEAR by default) */
    uint32_t tiling_gen; /* tiling=T@GEN: the generation's verx10; 0 the tiling's default */
    char path[1024];     /* texture_file */
} tq_texture;

/* The sampler keys as written (defaults applied), before mapping to tu_sampler. */
typedef struct tq_sampler {
    int min, mag; /* tu_filter */
    int mip;      /* -1 = none (Vulkan mapping), else tu_mip_filter NEAREST / LINEAR */
    int addr[3];  /* tu_address */
    int border;   /* 0 transparent_black, 1 opaque_black, 2 opaque_white */
    int compare;  /* tu_compare, OFF for none */
    float min_lod, max_lod, lod_bias;
    int unnormalized;
    int aniso;     /* 0 off, 1..16 */
    int precision; /* tu_precision */
    int reduction; /* tu_reduction */
    int seamless;  /* 0/1 */
} tq_sampler;

typedef struct tq_line {
    tq_kind kind;
    tq_texture texture;
    tq_sampler sampler;
    float coord[4]; /* u v w_or_layer [layer for cube arrays] */
    int32_t icoord[4];
    float lod, ref;
    float grad[6]; /* dudx dvdx dwdx dudy dvdy dwdy */
    int comp;
    int32_t offset[3];
    bool has_offset;
} tq_line;

/* TYPE words (1d 1darray 2d 2darray 3d cube cubearray) and FORMAT words (the short names
 * rgba8_unorm rgba8_srgb rgba8_uint rgba16_sfloat rgba32_sfloat r32_sfloat d32_sfloat, and
 * every table format by its Vulkan name in any case). */
bool tq_type_from_word(const char *word, tu_surface_type *type, bool *arrayed);
const char *tq_type_word(tu_surface_type type, bool arrayed);
/* The i-th TYPE word, NULL past the last (the list `texunit help` prints). */
const char *tq_type_word_at(size_t i);
tu_format tq_format_from_word(const char *word);

/* The SEED word of a texture: a number is the hash generator's seed; a pattern name
 * (checker gradient levels grid hash, texunit/surface.h) fills with that pattern (seed 0).
 * False for anything else. */
bool tq_seed_from_word(const char *word, uint32_t *seed, tu_pattern *pattern);

/* The default sampler of the format: nearest, nearest, nearest, repeat,
 * transparent_black, none, 0, 1000, 0, 0, 0. */
tq_sampler tq_sampler_defaults(void);

/* Parse one line (no trailing newline needed). `type` and `arrayed` are those of the
 * current texture (cube arrays take four coordinates). Returns false with a reason. */
bool tq_parse(const char *line, tu_surface_type type, bool arrayed, tq_line *out, char *why,
              size_t why_size);

/* The tu_sampler a tq_sampler means (float and integer border colours alike); mip=none is
 * nearest mip with max_lod 0.25. */
tu_sampler tq_make_sampler(const tq_sampler *s);

/* Answer a query line against texture `img` and `smp`; *cls says how to print it. */
bool tq_answer(const tq_line *q, const tu_image *img, const tq_sampler *smp, tu_texel *out,
               tu_format_class *cls, char *why, size_t why_size);

/* tq_answer through tu_execute_traced (lane 0: the query's one lane): the engine records
 * its reads and steps to trace (texunit explain). */
bool tq_answer_traced(const tq_line *q, const tu_image *img, const tq_sampler *smp,
                      const tu_trace_sink *trace, tu_texel *out, tu_format_class *cls, char *why,
                      size_t why_size);

/* Read a case file up to line `target` (from 1): the texture and sampler its earlier lines
 * set, and *q the query of line `target` (a fetch, lod, grad, cmp, gather or cmpgather).
 * False with a reason (img is then empty). */
bool tq_state_at(FILE *in, unsigned target, tu_image *img, tq_sampler *smp, tq_line *q, char *why,
                 size_t why_size);

/* "tiling=linear", "tiling=x", "tiling=y", "tiling=4", "tiling=64", an Intel tiling with
 * "@skl", "@icl", "@tgl", "@dg2" or "@xe2" for the generation whose layout rules apply
 * (docs/semantics.md, "Intel tilings"; *verx10 0 without one); false for anything else. */
bool tq_tiling_from_word(const char *w, tu_tiling *t, uint32_t *verx10);

/* Make the texture a TEXTURE / TEXTURE_FILE line describes; the _progress form reports the
 * fill to `progress` (NULL: none). */
bool tq_make_texture(const tq_texture *t, tu_image *img, char *why, size_t why_size);
bool tq_make_texture_progress(const tq_texture *t, tu_image *img, const tu_progress *progress,
                              char *why, size_t why_size);

/* Print four values as the format says: %.9g floats, integers for integer classes. */
void tq_print(FILE *f, const tu_texel *v, tu_format_class cls);

/* Read one line of a text file into buf (NUL-terminated, its LF kept) for the text formats'
 * line readers: TQ_LINE with *len bytes, NUL bytes counted so that tu_text_check sees them;
 * TQ_LINE_LONG when the line does not fit in size - 1 bytes (the rest of it is skipped);
 * TQ_LINE_EOF at the end of the file. */
typedef enum tq_line_read { TQ_LINE_EOF, TQ_LINE, TQ_LINE_LONG } tq_line_read;
tq_line_read tq_read_line(FILE *in, char *buf, size_t size, size_t *len);

/* Run a whole case file: one output line per query, errors as "error: line N: reason" in
 * its place and, when err is not NULL, as "texunit: NAME:N: reason" on err.
 * With echo, every input line is printed as it is, each answer or error after its line
 * indented as "    = ...". Texture fills report to `progress` (NULL: none). Returns the
 * number of malformed lines. */
unsigned tq_run(FILE *in, const char *name, FILE *out, FILE *err, bool echo,
                const tu_progress *progress);

#endif /* TEXUNIT_QUERY_H */
