/* SPDX-License-Identifier: MIT */
/*
 * test_png.c - PNG read/write (texunit/io.h): round trips of the formats PNG holds as raw
 * codes, the decoded 8-bit RGBA path with its clamping, level/layer selection, and PNG
 * files made here byte by byte (PNG specification, 2nd edition: chunks, CRC-32, a zlib
 * stream of stored deflate blocks, Adam7) to check that RGB, palette, tRNS, low-bit grey,
 * 16-bit and interlaced images read as io.h says. Corrupt files are refused, never crash.
 *
 * Built without libpng, every call must say TU_UNSUPPORTED, and that is all it checks.
 */
#define _POSIX_C_SOURCE 200809L /* mkfifo (special_files.h) */

#include "texunit/texunit.h"

#include "special_files.h"
#include "tu_test.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static char tmp_dir[400];

static void temp_path(char *buf, size_t n, const char *name) {
    snprintf(buf, n, "%s/%s", tmp_dir, name);
}

/* --- a minimal PNG encoder ---------------------------------------------------------------- */

typedef struct byte_buf {
    uint8_t *p;
    size_t n, cap;
} byte_buf;

static void put(byte_buf *b, const void *src, size_t n) {
    if (b->n + n > b->cap) {
        b->cap = (b->n + n) * 2 + 64;
        b->p = realloc(b->p, b->cap);
    }
    memcpy(b->p + b->n, src, n);
    b->n += n;
}
static void put8(byte_buf *b, uint32_t v) {
    uint8_t c = (uint8_t)v;
    put(b, &c, 1);
}
static void put32be(byte_buf *b, uint32_t v) {
    const uint8_t c[4] = {(uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
    put(b, c, 4);
}

static uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n) {
    crc = ~crc;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
    }
    return ~crc;
}

static void put_chunk(byte_buf *b, const char *type, const uint8_t *data, size_t n) {
    put32be(b, (uint32_t)n);
    const size_t start = b->n;
    put(b, type, 4);
    if (n) put(b, data, n);
    put32be(b, crc32_update(0, b->p + start, n + 4));
}

/* A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 §3.2.4). */
static void put_zlib(byte_buf *b, const uint8_t *raw, size_t n) {
    put8(b, 0x78);
    put8(b, 0x01);
    size_t at = 0;
    do {
        const size_t len = n - at > 65535 ? 65535 : n - at;
        put8(b, at + len == n ? 1 : 0);
        put8(b, (uint32_t)len & 0xFF);
        put8(b, (uint32_t)len >> 8);
        put8(b, ~(uint32_t)len & 0xFF);
        put8(b, (~(uint32_t)len >> 8) & 0xFF);
        put(b, raw + at, len);
        at += len;
    } while (at < n);
    uint32_t s1 = 1, s2 = 0;
    for (size_t i = 0; i < n; i++) {
        s1 = (s1 + raw[i]) % 65521;
        s2 = (s2 + s1) % 65521;
    }
    put32be(b, s2 << 16 | s1);
}

typedef uint32_t (*sample_fn)(uint32_t x, uint32_t y, unsigned c);

typedef struct png_chunk {
    const char *type;
    const uint8_t *data;
    unsigned n;
} png_chunk;

typedef struct png_spec {
    uint32_t width, height;
    int depth, color_type, interlace;
    const uint8_t *plte; /* 3 * n_plte byte_buf */
    unsigned n_plte;
    const uint8_t *trns; /* raw tRNS chunk data */
    unsigned n_trns;
    const png_chunk *extra; /* chunks before IDAT (sRGB, gAMA, iCCP) */
    unsigned n_extra;
} png_spec;

static unsigned color_channels(int color_type) {
    switch (color_type) {
    case 0: return 1;  /* grey */
    case 2: return 3;  /* RGB */
    case 3: return 1;  /* palette */
    case 4: return 2;  /* grey + alpha */
    default: return 4; /* RGBA */
    }
}

/* Scanlines (filter type 0) of the pixels (x0 + i*dx, y0 + j*dy) inside the image. */
static void put_scanlines(byte_buf *raw, const png_spec *ps, sample_fn get, uint32_t x0,
                          uint32_t y0, uint32_t dx, uint32_t dy) {
    const unsigned ch = color_channels(ps->color_type);
    for (uint32_t y = y0; y < ps->height; y += dy) {
        if (x0 >= ps->width) return; /* an empty pass has no scanlines */
        put8(raw, 0);
        unsigned acc = 0, nbits = 0;
        for (uint32_t x = x0; x < ps->width; x += dx)
            for (unsigned c = 0; c < ch; c++) {
                const uint32_t v = get(x, y, c);
                if (ps->depth == 16) {
                    put8(raw, v >> 8);
                    put8(raw, v & 0xFF);
                } else if (ps->depth == 8) {
                    put8(raw, v);
                } else {
                    acc = acc << ps->depth | (v & ((1u << ps->depth) - 1));
                    nbits += (unsigned)ps->depth;
                    if (nbits == 8) {
                        put8(raw, acc);
                        acc = nbits = 0;
                    }
                }
            }
        if (nbits) put8(raw, acc << (8 - nbits));
    }
}

static byte_buf encode_png(const png_spec *ps, sample_fn get) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    byte_buf b = {0}, ihdr = {0}, raw = {0};
    put(&b, signature, 8);
    put32be(&ihdr, ps->width);
    put32be(&ihdr, ps->height);
    put8(&ihdr, (uint32_t)ps->depth);
    put8(&ihdr, (uint32_t)ps->color_type);
    put8(&ihdr, 0);
    put8(&ihdr, 0);
    put8(&ihdr, (uint32_t)ps->interlace);
    put_chunk(&b, "IHDR", ihdr.p, ihdr.n);
    if (ps->n_plte) put_chunk(&b, "PLTE", ps->plte, 3 * ps->n_plte);
    if (ps->n_trns) put_chunk(&b, "tRNS", ps->trns, ps->n_trns);
    for (unsigned k = 0; k < ps->n_extra; k++)
        put_chunk(&b, ps->extra[k].type, ps->extra[k].data, ps->extra[k].n);
    if (!ps->interlace) {
        put_scanlines(&raw, ps, get, 0, 0, 1, 1);
    } else { /* Adam7 */
        static const uint32_t x0[7] = {0, 4, 0, 2, 0, 1, 0}, y0[7] = {0, 0, 4, 0, 2, 0, 1};
        static const uint32_t dx[7] = {8, 8, 4, 4, 2, 2, 1}, dy[7] = {8, 8, 8, 4, 4, 2, 2};
        for (int p = 0; p < 7; p++)
            put_scanlines(&raw, ps, get, x0[p], y0[p], dx[p], dy[p]);
    }
    byte_buf z = {0};
    put_zlib(&z, raw.p, raw.n);
    put_chunk(&b, "IDAT", z.p, z.n);
    put_chunk(&b, "IEND", NULL, 0);
    free(ihdr.p);
    free(raw.p);
    free(z.p);
    return b;
}

static bool write_bytes(const char *path, const void *p, size_t n) {
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    const bool ok = fwrite(p, 1, n, f) == n;
    return fclose(f) == 0 && ok;
}

static byte_buf read_bytes(const char *path) {
    byte_buf b = {0};
    FILE *f = fopen(path, "rb");
    if (!f) return b;
    uint8_t buf[4096];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        put(&b, buf, got);
    fclose(f);
    return b;
}

/* Write the PNG, read it through texunit; false with a failed check when that fails. */
static bool read_made_png(const png_spec *ps, sample_fn get, const char *name, tu_image *img) {
    char path[512];
    temp_path(path, sizeof path, name);
    byte_buf b = encode_png(ps, get);
    tu_error err = {0};
    bool ok = CHECK(write_bytes(path, b.p, b.n), "cannot write %s", path) &&
              CHECK(tu_png_read_file(path, img, &err) == TU_OK, "%s: %s", name, err.message);
    free(b.p);
    remove(path);
    return ok;
}

/* --- texunit round trips ------------------------------------------------------------------ */

static bool make_image(tu_format format, tu_surface_type type, bool arrayed, uint32_t w, uint32_t h,
                       uint32_t layers, uint32_t levels, uint32_t seed, tu_image *img) {
    const tu_surface desc = {.type = type,
                             .arrayed = arrayed,
                             .format = format,
                             .width = w,
                             .height = h,
                             .depth = 1,
                             .layers = layers,
                             .levels = levels,
                             .samples = 1};
    tu_error err = {0};
    if (!CHECK(tu_image_create(img, &desc, &err) == TU_OK, "%s", err.message)) return false;
    if (!CHECK(tu_surface_fill_hash(&img->surface, seed, &err) == TU_OK, "%s", err.message)) {
        tu_image_free(img);
        return false;
    }
    return true;
}

static void test_round_trips(void) {
    const tu_format formats[] = {TU_FORMAT_R8_UNORM,       TU_FORMAT_R8G8_UNORM,
                                 TU_FORMAT_R8G8B8A8_UNORM, TU_FORMAT_R16_UNORM,
                                 TU_FORMAT_R16G16_UNORM,   TU_FORMAT_R16G16B16A16_UNORM};
    for (unsigned i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        const char *name = tu_format_describe(formats[i])->name;
        tu_image img, back;
        if (!make_image(formats[i], TU_SURFACE_2D, false, 13, 7, 1, 1, 40 + i, &img)) continue;
        char path[512];
        temp_path(path, sizeof path, "test_png_round_trip.png");
        tu_error err = {0};
        if (CHECK(tu_png_write_file(path, &img.surface, 0, 0, &err) == TU_OK, "%s: %s", name,
                  err.message) &&
            CHECK(tu_png_read_file(path, &back, &err) == TU_OK, "%s: %s", name, err.message)) {
            CHECK(back.surface.format == formats[i], "%s read as %s", name,
                  tu_format_describe(back.surface.format)->name);
            CHECK(back.surface.type == TU_SURFACE_2D && back.surface.width == 13 &&
                  back.surface.height == 7 && back.surface.levels == 1);
            CHECK(back.surface.size == img.surface.size &&
                      memcmp(back.memory, img.memory, img.surface.size) == 0,
                  "%s: texels differ after the round trip", name);
            tu_image_free(&back);
        }
        remove(path);
        tu_image_free(&img);
    }
}

/* The memory writer makes the file's bytes and the memory reader reads them as the file
 * reader does; a truncated copy is refused with where it ends. */
static void test_memory(void) {
    tu_image img, back;
    if (!make_image(TU_FORMAT_R8G8B8A8_UNORM, TU_SURFACE_2D, false, 13, 7, 1, 1, 77, &img)) return;
    char path[512];
    temp_path(path, sizeof path, "test_png_memory.png");
    tu_error err = {0};
    void *bytes = NULL;
    size_t size = 0;
    if (CHECK(tu_png_write_memory(&img.surface, 0, 0, &bytes, &size, &err) == TU_OK, "%s",
              err.message) &&
        CHECK(tu_png_write_file(path, &img.surface, 0, 0, &err) == TU_OK, "%s", err.message)) {
        FILE *f = fopen(path, "rb");
        uint8_t *file = malloc(size + 1);
        const size_t got = f && file ? fread(file, 1, size + 1, f) : 0;
        CHECK(got == size && memcmp(file, bytes, size) == 0,
              "tu_png_write_memory's %zu bytes are not the file's %zu", size, got);
        if (f) fclose(f);
        free(file);
        if (CHECK(tu_png_read_memory(bytes, size, &back, &err) == TU_OK, "%s", err.message)) {
            CHECK(back.surface.size == img.surface.size &&
                  memcmp(back.memory, img.memory, img.surface.size) == 0);
            tu_image_free(&back);
        }
        CHECK_ERR(tu_png_read_memory(bytes, size - 10, &back, &err), TU_PARSE_ERROR, &err,
                  "PNG data: the file ends after");
        CHECK_ERR(tu_png_read_memory(bytes, 7, &back, &err), TU_PARSE_ERROR, &err,
                  "PNG data does not start with the 8-byte PNG signature");
    }
    free(bytes);
    remove(path);
    tu_image_free(&img);
}

/* Formats written as raw codes but read back as the PNG's own format: an sRGB format of one or
 * four channels gets an sRGB chunk and reads back as sRGB; grey + alpha has a linear alpha in
 * PNG, so R8G8_SRGB keeps its codes without one. */
static void test_raw_code_formats(void) {
    const struct {
        tu_format written, read;
        int swap_rb;
    } cases[] = {
        {TU_FORMAT_R8G8B8A8_SRGB, TU_FORMAT_R8G8B8A8_SRGB, 0},
        {TU_FORMAT_R8_SRGB, TU_FORMAT_R8_SRGB, 0},
        {TU_FORMAT_R8_UINT, TU_FORMAT_R8_UNORM, 0},
        {TU_FORMAT_R16G16B16A16_UINT, TU_FORMAT_R16G16B16A16_UNORM, 0},
        {TU_FORMAT_R8G8_SRGB, TU_FORMAT_R8G8_UNORM, 0},
        {TU_FORMAT_B8G8R8A8_UNORM, TU_FORMAT_R8G8B8A8_UNORM, 1},
        {TU_FORMAT_B8G8R8A8_SRGB, TU_FORMAT_R8G8B8A8_SRGB, 1},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *name = tu_format_describe(cases[i].written)->name;
        tu_image img, back;
        if (!make_image(cases[i].written, TU_SURFACE_2D, false, 6, 5, 1, 1, 60 + i, &img)) continue;
        char path[512];
        temp_path(path, sizeof path, "test_png_raw.png");
        tu_error err = {0};
        if (CHECK(tu_png_write_file(path, &img.surface, 0, 0, &err) == TU_OK, "%s: %s", name,
                  err.message) &&
            CHECK(tu_png_read_file(path, &back, &err) == TU_OK, "%s: %s", name, err.message)) {
            CHECK(back.surface.format == cases[i].read, "%s", name);
            const uint8_t *a = img.memory, *b = back.memory;
            bool same = back.surface.size == img.surface.size;
            const unsigned texel_bytes = tu_format_bytes(cases[i].read);
            for (size_t t = 0; same && t < img.surface.size; t += texel_bytes)
                for (unsigned c = 0; c < texel_bytes; c++) {
                    const unsigned from = cases[i].swap_rb && (c == 0 || c == 2) ? 2 - c : c;
                    same &= b[t + c] == a[t + from];
                }
            CHECK(same, "%s: raw codes changed", name);
            tu_image_free(&back);
        }
        remove(path);
        tu_image_free(&img);
    }
}

/* The writer takes view level `level` and layer `layer`. */
static void test_level_and_layer(void) {
    tu_image img, back;
    if (!make_image(TU_FORMAT_R8G8B8A8_UNORM, TU_SURFACE_2D, true, 8, 6, 3, 3, 5, &img)) return;
    char path[512];
    temp_path(path, sizeof path, "test_png_level.png");
    tu_error err = {0};
    tu_surface view = img.surface;
    view.base_level = 1; /* view level 0 = memory level 1 (4x3) */
    view.level_count = 2;
    if (CHECK(tu_png_write_file(path, &view, 0, 2, &err) == TU_OK, "%s", err.message) &&
        CHECK(tu_png_read_file(path, &back, &err) == TU_OK, "%s", err.message)) {
        CHECK(back.surface.width == 4 && back.surface.height == 3);
        const tu_level_layout *lv = &img.surface.level[1];
        const uint8_t *src = (const uint8_t *)img.memory + lv->offset + 2 * lv->layer_pitch;
        CHECK(memcmp(back.memory, src, 4 * 3 * 4) == 0, "level 1 layer 2");
        tu_image_free(&back);
    }
    remove(path);
    CHECK_ERR(tu_png_write_file(path, &view, 2, 0, &err), TU_OUT_OF_RANGE, &err, "level 2");
    CHECK_ERR(tu_png_write_file(path, &view, 0, 3, &err), TU_OUT_OF_RANGE, &err, "layer 3");
    tu_image_free(&img);

    /* 1D surfaces are one-row images */
    if (make_image(TU_FORMAT_R16_UNORM, TU_SURFACE_1D, false, 9, 1, 1, 1, 6, &img)) {
        if (CHECK(tu_png_write_file(path, &img.surface, 0, 0, &err) == TU_OK, "%s", err.message) &&
            CHECK(tu_png_read_file(path, &back, &err) == TU_OK, "%s", err.message)) {
            CHECK(back.surface.width == 9 && back.surface.height == 1 &&
                  memcmp(back.memory, img.memory, 18) == 0);
            tu_image_free(&back);
        }
        remove(path);
        tu_image_free(&img);
    }
}

/* Every other format: decoded, clamped to [0, 1], written as 8-bit RGBA (io.h), with the
 * R8G8B8A8_UNORM encoder's rounding (to nearest, ties to even). */
static void check_decoded(tu_format format, const void *texels, unsigned n,
                          const uint8_t (*want)[4]) {
    const char *name = tu_format_describe(format)->name;
    const tu_surface desc = {.type = TU_SURFACE_2D,
                             .format = format,
                             .width = n,
                             .height = 1,
                             .depth = 1,
                             .layers = 1,
                             .levels = 1,
                             .samples = 1};
    tu_image img, back;
    tu_error err = {0};
    if (!CHECK(tu_image_create(&img, &desc, &err) == TU_OK, "%s", err.message)) return;
    memcpy(img.memory, texels, (size_t)n * tu_format_bytes(format));
    char path[512];
    temp_path(path, sizeof path, "test_png_decoded.png");
    if (CHECK(tu_png_write_file(path, &img.surface, 0, 0, &err) == TU_OK, "%s: %s", name,
              err.message) &&
        CHECK(tu_png_read_file(path, &back, &err) == TU_OK, "%s: %s", name, err.message)) {
        CHECK(back.surface.format == TU_FORMAT_R8G8B8A8_UNORM, "%s is written as RGBA8", name);
        const uint8_t *p = back.memory;
        for (unsigned t = 0; t < n; t++)
            CHECK(memcmp(p + 4 * t, want[t], 4) == 0,
                  "%s texel %u: (%u, %u, %u, %u), wanted (%u, %u, %u, %u)", name, t, p[4 * t],
                  p[4 * t + 1], p[4 * t + 2], p[4 * t + 3], want[t][0], want[t][1], want[t][2],
                  want[t][3]);
        tu_image_free(&back);
    }
    remove(path);
    tu_image_free(&img);
}

static void test_decoded_formats(void) {
    const float f32[] = {-0.5f, 0.25f, 2.0f, 1.0f, NAN, 0.5f, INFINITY, 0.0f};
    const uint8_t f32_want[][4] = {{0, 64, 255, 255}, {0, 128, 255, 0}};
    check_decoded(TU_FORMAT_R32G32B32A32_SFLOAT, f32, 2, f32_want);

    const int8_t snorm[] = {-128, 127, 0, 64};
    const uint8_t snorm_want[][4] = {{0, 0, 0, 255},
                                     {255, 0, 0, 255},
                                     {0, 0, 0, 255},
                                     {129, 0, 0, 255}}; /* 64/127 * 255 = 128.5 -> 129 */
    check_decoded(TU_FORMAT_R8_SNORM, snorm, 4, snorm_want);

    const uint32_t u32[] = {0, 1, 7};
    const uint8_t u32_want[][4] = {{0, 0, 0, 255}, {255, 0, 0, 255}, {255, 0, 0, 255}};
    check_decoded(TU_FORMAT_R32_UINT, u32, 3, u32_want);

    const int8_t s8[] = {-3, 1, 0, 2};
    const uint8_t s8_want[][4] = {{0, 255, 0, 255}};
    check_decoded(TU_FORMAT_R8G8B8A8_SINT, s8, 1, s8_want);

    const uint16_t half[] = {0x3800 /* 0.5 */, 0xBC00 /* -1 */};
    const uint8_t half_want[][4] = {{128, 0, 0, 255}, {0, 0, 0, 255}};
    check_decoded(TU_FORMAT_R16_SFLOAT, half, 2, half_want);

    const uint16_t r5g6b5[] = {0xF800 /* red 31 */, 0x07E0 /* green 63 */};
    const uint8_t r5g6b5_want[][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}};
    check_decoded(TU_FORMAT_R5G6B5_UNORM_PACK16, r5g6b5, 2, r5g6b5_want);
}

/* --- PNG files made here ------------------------------------------------------------------ */

static uint32_t rgb8(uint32_t x, uint32_t y, unsigned c) {
    return (x * 37 + y * 11 + c * 101) & 0xFF;
}
static uint32_t rgb16(uint32_t x, uint32_t y, unsigned c) {
    return (x * 4099 + y * 257 + c * 10007) & 0xFFFF;
}
static uint32_t rgba8(uint32_t x, uint32_t y, unsigned c) {
    return (x * 13 + y * 59 + c * 71 + 5) & 0xFF;
}
static uint32_t index4(uint32_t x, uint32_t y, unsigned c) {
    (void)c;
    return (x + 3 * y) % 5;
}
static uint32_t grey2(uint32_t x, uint32_t y, unsigned c) {
    (void)c;
    return (x + y) & 3;
}
static uint32_t grey8(uint32_t x, uint32_t y, unsigned c) {
    (void)c;
    return (x * 50 + y) & 0xFF;
}

static void test_rgb_reads_as_rgba(void) {
    const png_spec ps = {5, 3, 8, 2, 0, NULL, 0, NULL, 0, NULL, 0};
    tu_image img;
    if (read_made_png(&ps, rgb8, "test_png_rgb8.png", &img)) {
        CHECK(img.surface.format == TU_FORMAT_R8G8B8A8_UNORM);
        const uint8_t *p = img.memory;
        bool ok = img.surface.width == 5 && img.surface.height == 3;
        for (uint32_t y = 0; ok && y < 3; y++)
            for (uint32_t x = 0; x < 5; x++, p += 4)
                ok &= p[0] == rgb8(x, y, 0) && p[1] == rgb8(x, y, 1) && p[2] == rgb8(x, y, 2) &&
                      p[3] == 255;
        CHECK(ok, "RGB reads as RGBA with alpha 255");
        tu_image_free(&img);
    }
    const png_spec ps16 = {4, 2, 16, 2, 0, NULL, 0, NULL, 0, NULL, 0};
    if (read_made_png(&ps16, rgb16, "test_png_rgb16.png", &img)) {
        CHECK(img.surface.format == TU_FORMAT_R16G16B16A16_UNORM);
        const uint8_t *p = img.memory;
        bool ok = true;
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 4; x++, p += 8)
                for (unsigned c = 0; c < 4; c++) /* little-endian texels */
                    ok &= (uint32_t)(p[2 * c] | p[2 * c + 1] << 8) ==
                          (c == 3 ? 0xFFFFu : rgb16(x, y, c));
        CHECK(ok, "16-bit RGB reads as little-endian RGBA with alpha 65535");
        tu_image_free(&img);
    }
}

static void test_palette_and_grey(void) {
    const uint8_t plte[15] = {255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 200, 100, 50};
    const uint8_t trns[3] = {0, 128, 255}; /* entries 3 and 4 are opaque */
    const png_spec pal = {7, 3, 4, 3, 0, plte, 5, trns, 3, NULL, 0};
    tu_image img;
    if (read_made_png(&pal, index4, "test_png_palette.png", &img)) {
        CHECK(img.surface.format == TU_FORMAT_R8G8B8A8_UNORM);
        const uint8_t *p = img.memory;
        bool ok = true;
        for (uint32_t y = 0; y < 3; y++)
            for (uint32_t x = 0; x < 7; x++, p += 4) {
                const uint32_t i = index4(x, y, 0);
                ok &= p[0] == plte[3 * i] && p[1] == plte[3 * i + 1] && p[2] == plte[3 * i + 2] &&
                      p[3] == (i < 3 ? trns[i] : 255);
            }
        CHECK(ok, "a 4-bit palette image with tRNS reads as RGBA");
        tu_image_free(&img);
    }
    const png_spec pal_opaque = {3, 2, 8, 3, 0, plte, 5, NULL, 0, NULL, 0};
    if (read_made_png(&pal_opaque, index4, "test_png_palette8.png", &img)) {
        CHECK(img.surface.format == TU_FORMAT_R8G8B8A8_UNORM);
        const uint8_t *p = img.memory;
        CHECK(p[0] == plte[0] && p[3] == 255 && p[4] == plte[3] && p[7] == 255);
        tu_image_free(&img);
    }
    const png_spec g2 = {9, 2, 2, 0, 0, NULL, 0, NULL, 0, NULL, 0};
    if (read_made_png(&g2, grey2, "test_png_grey2.png", &img)) {
        CHECK(img.surface.format == TU_FORMAT_R8_UNORM);
        const uint8_t *p = img.memory;
        bool ok = true;
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 9; x++)
                ok &= *p++ == grey2(x, y, 0) * 85;
        CHECK(ok, "2-bit grey reads as 8-bit grey (v * 85)");
        tu_image_free(&img);
    }
    const uint8_t grey_trns[2] = {0, 100}; /* grey 100 is transparent */
    const png_spec g8t = {3, 2, 8, 0, 0, NULL, 0, grey_trns, 2, NULL, 0};
    if (read_made_png(&g8t, grey8, "test_png_grey_trns.png", &img)) {
        CHECK(img.surface.format == TU_FORMAT_R8G8_UNORM, "grey + tRNS reads as R8G8");
        const uint8_t *p = img.memory;
        bool ok = true;
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 3; x++, p += 2)
                ok &= p[0] == grey8(x, y, 0) && p[1] == (grey8(x, y, 0) == 100 ? 0 : 255);
        CHECK(ok, "grey with tRNS reads alpha 0 for the transparent grey");
        tu_image_free(&img);
    }
    const png_spec g16 = {3, 3, 16, 0, 0, NULL, 0, NULL, 0, NULL, 0};
    if (read_made_png(&g16, rgb16, "test_png_grey16.png", &img)) {
        CHECK(img.surface.format == TU_FORMAT_R16_UNORM);
        const uint8_t *p = img.memory;
        CHECK((uint32_t)(p[2] | p[3] << 8) == rgb16(1, 0, 0), "16-bit grey is little-endian");
        tu_image_free(&img);
    }
}

static void test_interlaced(void) {
    const png_spec ps = {11, 9, 8, 6, 1, NULL, 0, NULL, 0, NULL, 0};
    tu_image img;
    if (read_made_png(&ps, rgba8, "test_png_adam7.png", &img)) {
        CHECK(img.surface.format == TU_FORMAT_R8G8B8A8_UNORM);
        const uint8_t *p = img.memory;
        bool ok = true;
        for (uint32_t y = 0; y < 9; y++)
            for (uint32_t x = 0; x < 11; x++)
                for (unsigned c = 0; c < 4; c++)
                    ok &= *p++ == rgba8(x, y, c);
        CHECK(ok, "an Adam7-interlaced image reads as the image");
        tu_image_free(&img);
    }
}

/* --- refusals ------------------------------------------------------------------------------ */

static void test_corrupt_files(void) {
    char path[512];
    temp_path(path, sizeof path, "test_png_corrupt.png");
    tu_image img;
    tu_error err = {0};

    CHECK(write_bytes(path, "GIF89a not a png", 16));
    CHECK_ERR(tu_png_read_file(path, &img, &err), TU_PARSE_ERROR, &err, "signature");
    CHECK(img.memory == NULL);

    const png_spec ps = {6, 4, 8, 6, 0, NULL, 0, NULL, 0, NULL, 0};
    byte_buf good = encode_png(&ps, rgba8);

    /* a CRC error in IDAT (the byte after IHDR's 25 byte_buf and IDAT's 8-byte header) */
    byte_buf b = {0};
    put(&b, good.p, good.n);
    b.p[8 + 25 + 8 + 20] ^= 0x40;
    CHECK(write_bytes(path, b.p, b.n));
    CHECK_ERR(tu_png_read_file(path, &img, &err), TU_PARSE_ERROR, &err, path);
    CHECK(strstr(err.message, "IDAT") != NULL, "libpng's message: %s", err.message);
    CHECK(img.memory == NULL);
    /* a CRC error in IHDR's CRC field */
    memcpy(b.p, good.p, good.n);
    b.p[8 + 4 + 4 + 13] ^= 0x01;
    CHECK(write_bytes(path, b.p, b.n));
    CHECK_ERR(tu_png_read_file(path, &img, &err), TU_PARSE_ERROR, &err, "IHDR: CRC error");
    free(b.p);

    /* an invalid colour type in IHDR (with a correct CRC) */
    const png_spec bad_type = {4, 4, 8, 1, 0, NULL, 0, NULL, 0, NULL, 0};
    b = encode_png(&bad_type, rgba8);
    CHECK(write_bytes(path, b.p, b.n));
    CHECK_ERR(tu_png_read_file(path, &img, &err), TU_PARSE_ERROR, &err, "PNG file");
    free(b.p);

    /* every truncation */
    unsigned accepted = 0;
    for (size_t n = 0; n < good.n; n++) {
        CHECK(write_bytes(path, good.p, n));
        if (tu_png_read_file(path, &img, &err) == TU_OK) {
            accepted++;
            tu_image_free(&img);
        } else {
            CHECK(img.memory == NULL && err.message[0] != 0);
            /* past the signature, the reason is the truncation, not libpng's "Read Error" */
            if (n >= 8)
                CHECK(strstr(err.message, "(a truncated file)") != NULL, "cut at %zu: %s", n,
                      err.message);
        }
    }
    /* IEND's 12 byte_buf are not needed to read the image: libpng may accept those cuts */
    CHECK(accepted <= 12, "%u truncations accepted", accepted);
    free(good.p);

    /* wider than texunit's images */
    const png_spec wide = {70000, 1, 8, 0, 0, NULL, 0, NULL, 0, NULL, 0};
    b = encode_png(&wide, grey8);
    CHECK(write_bytes(path, b.p, b.n));
    CHECK_ERR(tu_png_read_file(path, &img, &err), TU_UNSUPPORTED, &err, "70000x1 exceeds");
    free(b.p);

    /* A header that claims more than the file can hold is refused before any allocation: a
     * 1x1 RGBA8 file whose IHDR (its CRC made good) claims a larger size. Rows of one pixel
     * are 4 bytes, so the file's n bytes hold 1032·n / 4 of them and one more is refused;
     * at the limit libpng reads on and finds the data short. */
    const png_spec one = {1, 1, 8, 6, 0, NULL, 0, NULL, 0, NULL, 0};
    b = encode_png(&one, rgba8);
    const uint32_t rows_held = (uint32_t)(b.n * 1032 / 4);
    const struct {
        uint32_t w, h;
        bool refused_by_size;
    } claims[] = {{65536, 65536, true}, {1, rows_held + 1, true}, {1, rows_held, false}};
    for (unsigned i = 0; i < sizeof claims / sizeof claims[0]; i++) {
        const uint32_t w = claims[i].w, h = claims[i].h;
        const uint8_t ihdr_size[8] = {w >> 24, w >> 16 & 0xFF, w >> 8 & 0xFF, w & 0xFF,
                                      h >> 24, h >> 16 & 0xFF, h >> 8 & 0xFF, h & 0xFF};
        memcpy(b.p + 16, ihdr_size, 8); /* after the signature, IHDR's length and type */
        const uint32_t crc = crc32_update(0, b.p + 12, 4 + 13);
        const uint8_t crc_be[4] = {crc >> 24, crc >> 16 & 0xFF, crc >> 8 & 0xFF, crc & 0xFF};
        memcpy(b.p + 29, crc_be, 4);
        CHECK(write_bytes(path, b.p, b.n));
        char expect[64];
        snprintf(expect, sizeof expect, "a %ux%u image needs", (unsigned)w, (unsigned)h);
        const tu_status st = tu_png_read_file(path, &img, &err);
        CHECK(st == TU_PARSE_ERROR, "%ux%u: status %d", (unsigned)w, (unsigned)h, (int)st);
        CHECK((strstr(err.message, expect) != NULL) == claims[i].refused_by_size, "%ux%u: %s",
              (unsigned)w, (unsigned)h, err.message);
        CHECK(img.memory == NULL);
    }
    free(b.p);
    remove(path);

    CHECK_ERR(tu_png_read_file(path, &img, &err), TU_IO_ERROR, &err, path);
    CHECK_ERR(tu_png_read_file(NULL, &img, &err), TU_INVALID_ARGUMENT, &err, "NULL");
}

static void test_writer_refusals(void) {
    char path[512];
    temp_path(path, sizeof path, "test_png_refused.png");
    tu_error err = {0};
    tu_image img;
    const tu_surface vol = {.type = TU_SURFACE_3D,
                            .format = TU_FORMAT_R8_UNORM,
                            .width = 4,
                            .height = 4,
                            .depth = 4,
                            .layers = 1,
                            .levels = 1,
                            .samples = 1};
    if (CHECK(tu_image_create(&img, &vol, &err) == TU_OK, "%s", err.message)) {
        CHECK_ERR(tu_png_write_file(path, &img.surface, 0, 0, &err), TU_UNSUPPORTED, &err, "3D");
        tu_image_free(&img);
    }
    tu_surface ms = vol;
    ms.type = TU_SURFACE_2D;
    ms.depth = 1;
    ms.samples = 4;
    if (CHECK(tu_image_create(&img, &ms, &err) == TU_OK, "%s", err.message)) {
        CHECK_ERR(tu_png_write_file(path, &img.surface, 0, 0, &err), TU_UNSUPPORTED, &err,
                  "samples 4");
        tu_image_free(&img);
    }
    ms.samples = 1;
    ms.width = 0;
    CHECK_ERR(tu_png_write_file(path, &ms, 0, 0, &err), TU_INVALID_ARGUMENT, &err, "width 0");
    ms.width = 4;
    if (CHECK(tu_image_create(&img, &ms, &err) == TU_OK, "%s", err.message)) {
        temp_path(path, sizeof path, "no-such-directory/x.png");
        CHECK_ERR(tu_png_write_file(path, &img.surface, 0, 0, &err), TU_IO_ERROR, &err,
                  "no-such-directory/x.png");
        tu_image_free(&img);
    }
    CHECK_ERR(tu_png_write_file(NULL, &ms, 0, 0, &err), TU_INVALID_ARGUMENT, &err, "NULL");
    CHECK_ERR(tu_png_write_file(path, NULL, 0, 0, &err), TU_INVALID_ARGUMENT, &err, "NULL");
}

/* The file the writer makes is a PNG of the right kind (IHDR bit depth and colour type). */
static void test_written_header(void) {
    const struct {
        tu_format format;
        uint8_t depth, color_type;
    } cases[] = {{TU_FORMAT_R8_UNORM, 8, 0},           {TU_FORMAT_R8G8_UNORM, 8, 4},
                 {TU_FORMAT_R8G8B8A8_UNORM, 8, 6},     {TU_FORMAT_R16_UNORM, 16, 0},
                 {TU_FORMAT_R16G16B16A16_UINT, 16, 6}, {TU_FORMAT_R32_SFLOAT, 8, 6},
                 {TU_FORMAT_D16_UNORM, 8, 6}};
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tu_image img;
        if (!make_image(cases[i].format, TU_SURFACE_2D, false, 3, 2, 1, 1, 9, &img)) continue;
        char path[512];
        temp_path(path, sizeof path, "test_png_header.png");
        tu_error err = {0};
        if (CHECK(tu_png_write_file(path, &img.surface, 0, 0, &err) == TU_OK, "%s", err.message)) {
            byte_buf b = read_bytes(path);
            CHECK(b.n > 33 && memcmp(b.p + 12, "IHDR", 4) == 0);
            if (b.n > 33)
                CHECK(b.p[24] == cases[i].depth && b.p[25] == cases[i].color_type,
                      "%s: bit depth %u colour type %u", tu_format_describe(cases[i].format)->name,
                      b.p[24], b.p[25]);
            free(b.p);
        }
        remove(path);
        tu_image_free(&img);
    }
}

/* The colour chunks a reader honours (png.c, png_says_srgb): sRGB, or alone a gAMA of 1/2.2,
 * make 8-bit grey and RGBA sRGB formats; a linear gAMA, an ICC profile, grey + alpha and 16-bit
 * samples keep UNORM codes. */
static void test_colour_chunks(void) {
    static const uint8_t srgb[1] = {0}, gamma_srgb[4] = {0, 0, 0xB1, 0x8F} /* 45455 */,
                         gamma_linear[4] = {0, 0x01, 0x86, 0xA0} /* 100000 */;
    /* An iCCP chunk: name "p", method 0, a zlib stream of a 132-byte RGB display profile
     * with no tags (ICC.1:2010, clause 7.2 the header, clause 7.3 the tag count). */
    uint8_t profile[132] = {0};
    const uint8_t fields[][5] = {
        {0, 0, 0, 0, 132},        {8, 2, 0x10, 0, 0},       {12, 'm', 'n', 't', 'r'},
        {16, 'R', 'G', 'B', ' '}, {20, 'X', 'Y', 'Z', ' '}, {36, 'a', 'c', 's', 'p'},
        {68, 0, 0, 0xF6, 0xD6},   {72, 0, 1, 0, 0},         {76, 0, 0, 0xD3, 0x2D}};
    for (unsigned f = 0; f < sizeof fields / sizeof fields[0]; f++)
        memcpy(profile + fields[f][0], fields[f] + 1, 4);
    byte_buf iccp = {0};
    put(&iccp, "p", 2);
    put8(&iccp, 0);
    put_zlib(&iccp, profile, sizeof profile);
    const png_chunk c_srgb = {"sRGB", srgb, 1}, c_gamma_srgb = {"gAMA", gamma_srgb, 4},
                    c_gamma_linear = {"gAMA", gamma_linear, 4},
                    c_iccp = {"iCCP", iccp.p, (unsigned)iccp.n};
    const png_chunk iccp_and_gamma[2] = {c_iccp, c_gamma_srgb};
    const struct {
        const char *what;
        const png_chunk *chunks;
        unsigned n;
        int depth, color_type;
        tu_format read;
    } cases[] = {
        {"no chunk", NULL, 0, 8, 6, TU_FORMAT_R8G8B8A8_UNORM},
        {"sRGB", &c_srgb, 1, 8, 6, TU_FORMAT_R8G8B8A8_SRGB},
        {"sRGB", &c_srgb, 1, 8, 2, TU_FORMAT_R8G8B8A8_SRGB},
        {"sRGB", &c_srgb, 1, 8, 0, TU_FORMAT_R8_SRGB},
        {"sRGB", &c_srgb, 1, 8, 4, TU_FORMAT_R8G8_UNORM},
        {"sRGB", &c_srgb, 1, 16, 6, TU_FORMAT_R16G16B16A16_UNORM},
        {"gAMA 1/2.2", &c_gamma_srgb, 1, 8, 6, TU_FORMAT_R8G8B8A8_SRGB},
        {"gAMA 1", &c_gamma_linear, 1, 8, 6, TU_FORMAT_R8G8B8A8_UNORM},
        {"iCCP, gAMA 1/2.2", iccp_and_gamma, 2, 8, 6, TU_FORMAT_R8G8B8A8_UNORM},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const png_spec ps = {.width = 3,
                             .height = 2,
                             .depth = cases[i].depth,
                             .color_type = cases[i].color_type,
                             .extra = cases[i].chunks,
                             .n_extra = cases[i].n};
        tu_image img;
        if (!read_made_png(&ps, cases[i].depth == 16 ? rgb16 : rgb8, "test_png_colour.png", &img))
            continue;
        CHECK(img.surface.format == cases[i].read, "%s, depth %d, colour type %d: %s",
              cases[i].what, cases[i].depth, cases[i].color_type,
              tu_format_describe(img.surface.format)->name);
        tu_image_free(&img);
    }
    free(iccp.p);
    /* The writer's side: an sRGB chunk exactly for the sRGB formats it marks. */
    const struct {
        tu_format format;
        bool chunk;
    } written[] = {{TU_FORMAT_R8G8B8A8_SRGB, true},
                   {TU_FORMAT_R8_SRGB, true},
                   {TU_FORMAT_R8G8_SRGB, false},
                   {TU_FORMAT_R8G8B8A8_UNORM, false},
                   {TU_FORMAT_B8G8R8A8_SRGB, true}};
    for (unsigned i = 0; i < sizeof written / sizeof written[0]; i++) {
        const char *name = tu_format_describe(written[i].format)->name;
        tu_image img;
        if (!make_image(written[i].format, TU_SURFACE_2D, false, 3, 2, 1, 1, 5, &img)) continue;
        void *bytes = NULL;
        size_t size = 0;
        tu_error err = {0};
        if (CHECK(tu_png_write_memory(&img.surface, 0, 0, &bytes, &size, &err) == TU_OK, "%s: %s",
                  name, err.message)) {
            bool found = false;
            for (size_t k = 8; k + 8 <= size && !found; k++)
                found = memcmp((const uint8_t *)bytes + k, "sRGB", 4) == 0;
            CHECK(found == written[i].chunk, "%s: sRGB chunk %s", name,
                  found ? "written" : "missing");
        }
        free(bytes);
        tu_image_free(&img);
    }
}

static void test_special_files(void) {
    tu_test_special_files(tu_png_read_file, tmp_dir);
}

int main(void) {
    const char *dir = getenv("TU_TEST_TMP");
    snprintf(tmp_dir, sizeof tmp_dir, "%s", dir && *dir ? dir : "/tmp");

    /* Built without libpng: both functions refuse, and that is the whole contract. */
    tu_image img;
    tu_error err = {0};
    char path[512];
    temp_path(path, sizeof path, "test_png_probe.png");
    if (make_image(TU_FORMAT_R8_UNORM, TU_SURFACE_2D, false, 2, 2, 1, 1, 1, &img)) {
        tu_status st = tu_png_write_file(path, &img.surface, 0, 0, &err);
        tu_image_free(&img);
        remove(path);
        if (st == TU_UNSUPPORTED && strstr(err.message, "without libpng")) {
            CHECK_ERR(tu_png_read_file(path, &img, &err), TU_UNSUPPORTED, &err, "without libpng");
            printf("texunit was built without libpng: PNG calls return TU_UNSUPPORTED\n");
            return tu_test_finish();
        }
        CHECK(st == TU_OK, "%s", err.message);
    }

    TU_RUN(test_round_trips);
    TU_RUN(test_special_files);
    TU_RUN(test_memory);
    TU_RUN(test_raw_code_formats);
    TU_RUN(test_colour_chunks);
    TU_RUN(test_level_and_layer);
    TU_RUN(test_decoded_formats);
    TU_RUN(test_rgb_reads_as_rgba);
    TU_RUN(test_palette_and_grey);
    TU_RUN(test_interlaced);
    TU_RUN(test_corrupt_files);
    TU_RUN(test_writer_refusals);
    TU_RUN(test_written_header);
    return tu_test_finish();
}
