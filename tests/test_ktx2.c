/* SPDX-License-Identifier: MIT */
/*
 * test_ktx2.c - KTX2 files (Khronos KTX File Format Specification 2.0): round trips of
 * every format of the table in every surface type, the bytes of the header, index and
 * data format descriptor at the offsets the specification gives them, writers reading
 * through non-packed layouts, and refusals of hostile files (every truncation, every
 * inconsistent field, random corruption) without a crash.
 */
#define _POSIX_C_SOURCE 200809L /* mkfifo (special_files.h) */

#include "texunit/texunit.h"

#include "special_files.h"
#include "tu_test.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static uint32_t rd32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t rd64(const uint8_t *p) {
    return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}
static void wr32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static void wr64(uint8_t *p, uint64_t v) {
    wr32(p, (uint32_t)v);
    wr32(p + 4, (uint32_t)(v >> 32));
}
static uint32_t fbits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static const uint8_t identifier[12] = {0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32,
                                       0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A};

/* Field offsets, KTX 2.0 "File Structure". */
enum {
    VK_FORMAT = 12,
    TYPE_SIZE = 16,
    PIXEL_WIDTH = 20,
    PIXEL_HEIGHT = 24,
    PIXEL_DEPTH = 28,
    LAYER_COUNT = 32,
    FACE_COUNT = 36,
    LEVEL_COUNT = 40,
    SUPERCOMPRESSION = 44,
    DFD_OFFSET = 48,
    DFD_LENGTH = 52,
    KVD_OFFSET = 56,
    KVD_LENGTH = 60,
    SGD_OFFSET = 64,
    SGD_LENGTH = 72,
    LEVEL_INDEX = 80,
};
static uint64_t level_offset(const uint8_t *f, uint32_t L) {
    return rd64(f + LEVEL_INDEX + 24 * L);
}
static uint64_t level_length(const uint8_t *f, uint32_t L) {
    return rd64(f + LEVEL_INDEX + 24 * L + 8);
}

typedef struct shape {
    const char *name;
    tu_surface_type type;
    bool arrayed;
    uint32_t width, height, depth, layers, levels;
} shape;

static const shape shapes[] = {
    {"1D", TU_SURFACE_1D, false, 13, 1, 1, 1, 3},
    {"1D array", TU_SURFACE_1D, true, 7, 1, 1, 3, 3},
    {"2D", TU_SURFACE_2D, false, 9, 6, 1, 1, 4},
    {"2D array", TU_SURFACE_2D, true, 5, 7, 1, 2, 3},
    {"3D", TU_SURFACE_3D, false, 6, 5, 4, 1, 3},
    {"cube", TU_SURFACE_CUBE, false, 8, 8, 1, 6, 4},
    {"cube array", TU_SURFACE_CUBE, true, 4, 4, 1, 12, 3},
};

static tu_surface describe(tu_format format, const shape *sh) {
    tu_surface s = {0};
    s.type = sh->type;
    s.arrayed = sh->arrayed;
    s.format = format;
    s.width = sh->width;
    s.height = sh->height;
    s.depth = sh->depth;
    s.layers = sh->layers;
    s.levels = sh->levels;
    s.samples = 1;
    return s;
}

/* A filled image, or false (with a failed check) when it cannot be made. */
static bool make_image(tu_format format, const shape *sh, uint32_t seed, tu_image *img) {
    tu_error err = {0};
    const tu_surface desc = describe(format, sh);
    if (!CHECK(tu_image_create(img, &desc, &err) == TU_OK, "%s %s: %s",
               tu_format_describe(format)->name, sh->name, err.message))
        return false;
    if (!CHECK(tu_surface_fill_hash(&img->surface, seed, &err) == TU_OK, "%s", err.message)) {
        tu_image_free(img);
        return false;
    }
    return true;
}

/* typeSize from the format's name and KTX 2.0 "typeSize", independent of the library's rule:
 * _PACKxx and _kPACKxx -> xx/8, D24S8 (one packed word) -> 4, block-compressed (_BLOCK) -> 1,
 * otherwise the first component's size (D16S8: 2, D32S8: 4, a 4:2:2 format: its word). */
static uint32_t expected_type_size(const char *name) {
    if (strstr(name, "_BLOCK")) return 1;
    const char *pack = strstr(name, "PACK");
    if (pack) return (uint32_t)atoi(pack + 4) / 8;
    if (strstr(name, "_S8_UINT") && name[0] == 'D' && atoi(name + 1) == 24) return 4;
    return (uint32_t)atoi(name + 1) / 8;
}

static uint32_t lcm4(uint32_t bytes) {
    return bytes % 4 == 0 ? bytes : bytes % 2 == 0 ? bytes * 2 : bytes * 4;
}

/* The structure of a file written for surface s: header fields, index, level order and
 * alignment (KTX 2.0 "File Structure", "Field Descriptions"). */
static void check_structure(const uint8_t *f, size_t n, const tu_surface *s, const char *what) {
    const tu_format_desc *d = tu_format_describe(s->format);
    const bool cube = s->type == TU_SURFACE_CUBE;
    CHECK(n >= LEVEL_INDEX && memcmp(f, identifier, 12) == 0, "%s: identifier", what);
    CHECK(rd32(f + VK_FORMAT) == d->vk_format, "%s: vkFormat %u", what, rd32(f + VK_FORMAT));
    CHECK(rd32(f + TYPE_SIZE) == expected_type_size(d->name), "%s: typeSize %u", what,
          rd32(f + TYPE_SIZE));
    CHECK(rd32(f + PIXEL_WIDTH) == s->width, "%s", what);
    CHECK(rd32(f + PIXEL_HEIGHT) == (s->type == TU_SURFACE_1D ? 0 : s->height), "%s: height %u",
          what, rd32(f + PIXEL_HEIGHT));
    CHECK(rd32(f + PIXEL_DEPTH) == (s->type == TU_SURFACE_3D ? s->depth : 0), "%s", what);
    CHECK(rd32(f + LAYER_COUNT) == (s->arrayed ? s->layers / (cube ? 6 : 1) : 0), "%s", what);
    CHECK(rd32(f + FACE_COUNT) == (cube ? 6u : 1u), "%s", what);
    CHECK(rd32(f + LEVEL_COUNT) == s->levels, "%s", what);
    CHECK(rd32(f + SUPERCOMPRESSION) == 0, "%s", what);
    const uint32_t dfd = rd32(f + DFD_OFFSET);
    CHECK(dfd == LEVEL_INDEX + 24 * s->levels, "%s: dfdByteOffset %u", what, dfd);
    CHECK(rd32(f + dfd) == rd32(f + DFD_LENGTH), "%s: dfdTotalSize", what);
    CHECK(rd32(f + KVD_OFFSET) == dfd + rd32(f + DFD_LENGTH), "%s: kvdByteOffset", what);
    CHECK(rd64(f + SGD_OFFSET) == 0 && rd64(f + SGD_LENGTH) == 0, "%s: sgd", what);
    const uint32_t align = lcm4(d->bytes);
    for (uint32_t L = 0; L < s->levels; L++) {
        CHECK(level_offset(f, L) % align == 0, "%s: level %u byteOffset %llu not aligned to %u",
              what, L, (unsigned long long)level_offset(f, L), align);
        CHECK(rd64(f + LEVEL_INDEX + 24 * L + 16) == level_length(f, L), "%s", what);
        if (L > 0) /* smallest level first in the file */
            CHECK(level_offset(f, L) + level_length(f, L) <= level_offset(f, L - 1),
                  "%s: level %u is not stored before level %u", what, L, L - 1);
    }
    CHECK(level_offset(f, 0) + level_length(f, 0) == n, "%s: level 0 ends the file", what);
}

/* The texel data of the file equals memory, except that D24_UNORM_S8_UINT words are
 * stored with the stencil in the LSBs (KTX 2.0 "Depth and Stencil Formats"). */
static void check_file_texels(const uint8_t *f, const tu_image *img, const char *what) {
    const tu_surface *s = &img->surface;
    for (uint32_t L = 0; L < s->levels; L++) {
        const uint8_t *file = f + level_offset(f, L);
        const uint8_t *mem = (const uint8_t *)img->memory + s->level[L].offset;
        const uint64_t len = level_length(f, L);
        if (s->format != TU_FORMAT_D24_UNORM_S8_UINT) {
            CHECK(memcmp(file, mem, len) == 0, "%s: level %u bytes differ from memory", what, L);
            continue;
        }
        bool same = true;
        for (uint64_t i = 0; i + 4 <= len; i += 4) {
            const uint32_t m = rd32(mem + i);
            same &= rd32(file + i) == ((m & 0xFFFFFFu) << 8 | m >> 24);
        }
        CHECK(same, "%s: level %u D24S8 words are not stencil-low", what, L);
    }
}

static void check_same_image(const tu_image *a, const tu_image *b, const char *what) {
    const tu_surface *x = &a->surface, *y = &b->surface;
    CHECK(x->type == y->type && x->arrayed == y->arrayed && x->format == y->format, "%s", what);
    CHECK(x->width == y->width && x->height == y->height && x->depth == y->depth, "%s: size", what);
    CHECK(x->layers == y->layers && x->levels == y->levels && y->samples == 1, "%s", what);
    CHECK(y->base_level == 0 && y->level_count == y->levels, "%s: view", what);
    if (x->levels != y->levels || x->size != y->size) return;
    for (uint32_t L = 0; L < x->levels; L++) {
        const uint64_t end = L + 1 < x->levels ? x->level[L + 1].offset : x->size;
        CHECK(x->level[L].offset == y->level[L].offset, "%s", what);
        CHECK(memcmp((const uint8_t *)a->memory + x->level[L].offset,
                     (const uint8_t *)b->memory + y->level[L].offset,
                     end - x->level[L].offset) == 0,
              "%s: level %u differs after the round trip", what, L);
    }
}

static void test_round_trip_every_format(void) {
    for (unsigned f = TU_FORMAT_UNDEFINED + 1; f < TU_FORMAT_COUNT; f++) {
        const tu_format format = (tu_format)f;
        for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
            char what[96];
            snprintf(what, sizeof what, "%s %s", tu_format_describe(format)->name, shapes[k].name);
            tu_image img, back;
            if (!make_image(format, &shapes[k], 1000 * f + k, &img)) continue;
            void *bytes = NULL;
            size_t size = 0;
            tu_error err = {0};
            const unsigned ds = TU_FORMAT_FLAG_DEPTH | TU_FORMAT_FLAG_STENCIL;
            if (shapes[k].type == TU_SURFACE_3D && (tu_format_describe(format)->flags & ds)) {
                /* KTX 2.0 "pixelWidth, pixelHeight, pixelDepth": pixelDepth must be 0 for depth and
                 * stencil formats */
                CHECK_ERR(tu_ktx2_write_memory(&img.surface, &bytes, &size, &err), TU_UNSUPPORTED,
                          &err, "no 3D textures of the depth/stencil format");
                tu_image_free(&img);
                continue;
            }
            if (tu_format_describe(format)->vk_format == 0) { /* Intel's: no vkFormat to write */
                CHECK_ERR(tu_ktx2_write_memory(&img.surface, &bytes, &size, &err), TU_UNSUPPORTED,
                          &err, "it has no VkFormat");
                tu_image_free(&img);
                continue;
            }
            const char *name = tu_format_describe(format)->name;
            if (strstr(name, "SCALED")) { /* KTX 2.0 §3.2 prohibits USCALED and SSCALED */
                CHECK_ERR(tu_ktx2_write_memory(&img.surface, &bytes, &size, &err), TU_UNSUPPORTED,
                          &err, "KTX 2.0 §3.2 vkFormat prohibits it");
                tu_image_free(&img);
                continue;
            }
            if (shapes[k].type == TU_SURFACE_1D && strstr(name, "_BLOCK")) {
                /* KTX 2.0 §3.4: pixelHeight must not be 0 for block-compressed formats */
                CHECK_ERR(tu_ktx2_write_memory(&img.surface, &bytes, &size, &err), TU_UNSUPPORTED,
                          &err, "no 1D textures of the block-compressed format");
                tu_image_free(&img);
                continue;
            }
            if (CHECK(tu_ktx2_write_memory(&img.surface, &bytes, &size, &err) == TU_OK, "%s: %s",
                      what, err.message)) {
                check_structure(bytes, size, &img.surface, what);
                check_file_texels(bytes, &img, what);
                if (CHECK(tu_ktx2_read_memory(bytes, size, &back, &err) == TU_OK, "%s: %s", what,
                          err.message)) {
                    check_same_image(&img, &back, what);
                    CHECK(tu_surface_validate(&back.surface, &err) == TU_OK, "%s", err.message);
                    tu_image_free(&back);
                }
            }
            free(bytes);
            tu_image_free(&img);
        }
    }
}

/* KTX 2.0 "File Structure": the bytes of a 16x8 R8G8B8A8_SRGB 2D array of 3 layers and 2 levels. */
static void test_header_bytes(void) {
    const shape sh = {"2D array", TU_SURFACE_2D, true, 16, 8, 1, 3, 2};
    tu_image img;
    if (!make_image(TU_FORMAT_R8G8B8A8_SRGB, &sh, 7, &img)) return;
    void *bytes = NULL;
    size_t size = 0;
    tu_error err = {0};
    CHECK(tu_ktx2_write_memory(&img.surface, &bytes, &size, &err) == TU_OK, "%s", err.message);
    const uint8_t *f = bytes;
    if (f) {
        CHECK(memcmp(f, identifier, 12) == 0);
        CHECK_EQ_U(rd32(f + 12), 43);  /* vkFormat VK_FORMAT_R8G8B8A8_SRGB */
        CHECK_EQ_U(rd32(f + 16), 1);   /* typeSize */
        CHECK_EQ_U(rd32(f + 20), 16);  /* pixelWidth */
        CHECK_EQ_U(rd32(f + 24), 8);   /* pixelHeight */
        CHECK_EQ_U(rd32(f + 28), 0);   /* pixelDepth */
        CHECK_EQ_U(rd32(f + 32), 3);   /* layerCount */
        CHECK_EQ_U(rd32(f + 36), 1);   /* faceCount */
        CHECK_EQ_U(rd32(f + 40), 2);   /* levelCount */
        CHECK_EQ_U(rd32(f + 44), 0);   /* supercompressionScheme */
        CHECK_EQ_U(rd32(f + 48), 128); /* dfdByteOffset = 80 + 2 * 24 */
        CHECK_EQ_U(rd32(f + 52), 92);  /* dfdByteLength = 4 + 24 + 4 * 16 */
        CHECK_EQ_U(rd32(f + 56), 220); /* kvdByteOffset */
        CHECK_EQ_U(rd32(f + 60), 28);  /* kvdByteLength: 4 + "KTXwriter\0texunit 0.1.0\0" */
        CHECK_EQ_U(rd64(f + 64), 0);   /* sgdByteOffset */
        CHECK_EQ_U(rd64(f + 72), 0);   /* sgdByteLength */
        /* level index: level 1 (384 bytes) first at 248, then level 0 (1536 bytes) */
        CHECK_EQ_U(rd64(f + 80), 632);
        CHECK_EQ_U(rd64(f + 88), 16 * 8 * 4 * 3);
        CHECK_EQ_U(rd64(f + 96), 16 * 8 * 4 * 3);
        CHECK_EQ_U(rd64(f + 104), 248);
        CHECK_EQ_U(rd64(f + 112), 8 * 4 * 4 * 3);
        CHECK_EQ_U(rd64(f + 120), 8 * 4 * 4 * 3);
        CHECK_EQ_U(size, 632 + 1536);
        /* key/value data: keyAndValueByteLength, "KTXwriter\0", the value, padding */
        CHECK_EQ_U(rd32(f + 220), 24);
        CHECK(memcmp(f + 224, "KTXwriter\0texunit ", 18) == 0);
        CHECK(f[224 + 23] == 0);
        /* the basic descriptor block */
        const uint8_t *b = f + 132;
        CHECK_EQ_U(rd32(f + 128), 92);         /* dfdTotalSize */
        CHECK_EQ_U(rd32(b), 0);                /* vendorId 0, descriptorType 0 */
        CHECK_EQ_U(rd32(b + 4), 2 | 88 << 16); /* versionNumber 1.3, descriptorBlockSize */
        CHECK_EQ_U(b[8], 1);                   /* KHR_DF_MODEL_RGBSDA */
        CHECK_EQ_U(b[9], 1);                   /* KHR_DF_PRIMARIES_BT709 */
        CHECK_EQ_U(b[10], 2);                  /* KHR_DF_TRANSFER_SRGB */
        CHECK_EQ_U(b[11], 0);                  /* alpha straight */
        CHECK_EQ_U(rd32(b + 12), 0);           /* texelBlockDimension 1x1x1x1 */
        CHECK_EQ_U(rd32(b + 16), 4);           /* bytesPlane0 */
        CHECK_EQ_U(rd32(b + 20), 0);
        for (unsigned i = 0; i < 4; i++) {
            const uint8_t *s = b + 24 + 16 * i;
            const uint32_t channel = i == 3 ? 15 | 0x10 : i; /* alpha: LINEAR */
            CHECK_EQ_U(rd32(s), 8 * i | 7 << 16 | channel << 24);
            CHECK_EQ_U(rd32(s + 4), 0);
            CHECK_EQ_U(rd32(s + 8), 0);
            CHECK_EQ_U(rd32(s + 12), 255);
        }
    }
    free(bytes);
    tu_image_free(&img);
}

/* The basic descriptor block of a 2D 4x4 image of `format`, or NULL. The caller frees
 * *file. */
static const uint8_t *dfd_of(tu_format format, void **file) {
    const shape sh = {"2D", TU_SURFACE_2D, false, 4, 4, 1, 1, 1};
    tu_image img;
    size_t size;
    tu_error err = {0};
    *file = NULL;
    if (!make_image(format, &sh, 3, &img)) return NULL;
    tu_status st = tu_ktx2_write_memory(&img.surface, file, &size, &err);
    tu_image_free(&img);
    if (!CHECK(st == TU_OK, "%s", err.message)) return NULL;
    const uint8_t *f = *file;
    return f + rd32(f + DFD_OFFSET) + 4;
}

static unsigned sample_count(const uint8_t *b) {
    return ((rd32(b + 4) >> 16) - 24) / 16;
}

/* sample i: bitOffset | bitLength << 16 | channelType << 24, lower, upper */
static void check_sample(const uint8_t *b, unsigned i, uint32_t word, uint32_t lower,
                         uint32_t upper, const char *what) {
    const uint8_t *s = b + 24 + 16 * i;
    CHECK(rd32(s) == word, "%s sample %u: word 0x%08x, wanted 0x%08x", what, i, rd32(s), word);
    CHECK(rd32(s + 4) == 0, "%s sample %u: position", what, i);
    CHECK(rd32(s + 8) == lower, "%s sample %u: lower 0x%x, wanted 0x%x", what, i, rd32(s + 8),
          lower);
    CHECK(rd32(s + 12) == upper, "%s sample %u: upper 0x%x, wanted 0x%x", what, i, rd32(s + 12),
          upper);
}

#define WORD(offset, bits, type) \
    ((uint32_t)(offset) | (uint32_t)((bits)-1) << 16 | (uint32_t)(type) << 24)

/* KDFS 1.4 sample encodings and KTX 2.0 "Restrictions" colour rules for a few formats. */
/* Compressed formats: colorModel, texelBlockDimension, bytesPlane0 and the samples as KDFS
 * 1.3 §5.6 names them (BC5: RED 0 and GREEN 1, 64 bits each; ETC2 RGBA8: ALPHA 15 then
 * COLOR 2; ASTC: DATA 0 over 128 bits), with the bounds of the Khronos reference writer. */
static void test_dfd_compressed(void) {
    void *file;
    const uint8_t *b;
    if ((b = dfd_of(TU_FORMAT_BC5_SNORM_BLOCK, &file))) {
        CHECK_EQ_U(b[8], 132); /* KHR_DF_MODEL_BC5 */
        CHECK(b[12] == 3 && b[13] == 3 && b[14] == 0 && b[15] == 0, "BC5 block 4x4x1x1");
        CHECK_EQ_U(b[10], 1); /* LINEAR */
        CHECK_EQ_U(b[16], 16);
        CHECK_EQ_U(sample_count(b), 2);
        check_sample(b, 0, WORD(0, 64, 0 | 0x40), 0x80000000u, 0x7FFFFFFFu, "BC5 red");
        check_sample(b, 1, WORD(64, 64, 1 | 0x40), 0x80000000u, 0x7FFFFFFFu, "BC5 green");
    }
    free(file);
    if ((b = dfd_of(TU_FORMAT_ETC2_R8G8B8A8_SRGB_BLOCK, &file))) {
        CHECK_EQ_U(b[8], 161); /* KHR_DF_MODEL_ETC2 */
        CHECK_EQ_U(b[10], 2);  /* SRGB */
        CHECK_EQ_U(b[16], 16);
        CHECK_EQ_U(sample_count(b), 2);
        check_sample(b, 0, WORD(0, 64, 15 | 0x10), 0, 0xFFFFFFFFu, "ETC2 alpha (linear)");
        check_sample(b, 1, WORD(64, 64, 2), 0, 0xFFFFFFFFu, "ETC2 colour");
    }
    free(file);
    if ((b = dfd_of(TU_FORMAT_ASTC_6x5_SFLOAT_BLOCK, &file))) {
        CHECK_EQ_U(b[8], 162); /* KHR_DF_MODEL_ASTC */
        CHECK(b[12] == 5 && b[13] == 4, "ASTC 6x5: %u %u", b[12], b[13]);
        CHECK_EQ_U(sample_count(b), 1);
        check_sample(b, 0, WORD(0, 128, 0 | 0x80 | 0x40), fbits(-1.0f), fbits(1.0f), "ASTC HDR");
    }
    free(file);
    if ((b = dfd_of(TU_FORMAT_BC1_RGBA_UNORM_BLOCK, &file))) {
        CHECK_EQ_U(b[8], 128); /* KHR_DF_MODEL_BC1A */
        CHECK_EQ_U(b[16], 8);
        check_sample(b, 0, WORD(0, 64, 1), 0, 0xFFFFFFFFu, "BC1 alpha present");
    }
    free(file);
}

static void test_dfd(void) {
    void *file;
    const uint8_t *b;

    if ((b = dfd_of(TU_FORMAT_R32_SFLOAT, &file))) {
        CHECK_EQ_U(sample_count(b), 1);
        CHECK_EQ_U(b[9], 1);  /* BT709 */
        CHECK_EQ_U(b[10], 1); /* LINEAR */
        CHECK_EQ_U(b[16], 4);
        check_sample(b, 0, WORD(0, 32, 0x00 | 0x80 | 0x40), fbits(-1.0f), fbits(1.0f),
                     "R32_SFLOAT");
    }
    free(file);

    if ((b = dfd_of(TU_FORMAT_D24_UNORM_S8_UINT, &file))) {
        CHECK_EQ_U(sample_count(b), 2);
        CHECK_EQ_U(b[9], 0);  /* UNSPECIFIED primaries for depth/stencil (createdfd.c) */
        CHECK_EQ_U(b[10], 1); /* LINEAR transfer, as KTX-Software writes it */
        CHECK_EQ_U(b[16], 4);
        check_sample(b, 0, WORD(0, 8, 13), 0, 1, "D24S8 stencil"); /* stencil in the LSBs */
        check_sample(b, 1, WORD(8, 24, 14), 0, 0xFFFFFF, "D24S8 depth");
    }
    free(file);

    if ((b = dfd_of(TU_FORMAT_D32_SFLOAT_S8_UINT, &file))) {
        CHECK_EQ_U(sample_count(b), 2);
        CHECK_EQ_U(b[16], 8);
        check_sample(b, 0, WORD(0, 32, 14 | 0xC0), fbits(-1.0f), fbits(1.0f), "D32S8 depth");
        check_sample(b, 1, WORD(32, 8, 13), 0, 1, "D32S8 stencil");
    }
    free(file);

    if ((b = dfd_of(TU_FORMAT_X8_D24_UNORM_PACK32, &file))) {
        CHECK_EQ_U(sample_count(b), 1); /* padding has no sample */
        check_sample(b, 0, WORD(0, 24, 14), 0, 0xFFFFFF, "X8_D24");
    }
    free(file);

    if ((b = dfd_of(TU_FORMAT_E5B9G9R9_UFLOAT_PACK32, &file))) {
        /* as KTX-Software's createDFDPackedShifted writes it */
        CHECK_EQ_U(sample_count(b), 6);
        CHECK_EQ_U(b[10], 1);
        for (unsigned c = 0; c < 3; c++) {
            check_sample(b, 2 * c, WORD(9 * c, 9, c), 0, 8448, "E5B9G9R9 mantissa");
            check_sample(b, 2 * c + 1, WORD(27, 5, c | 0x20), 15, 31, "E5B9G9R9 exponent");
        }
    }
    free(file);

    if ((b = dfd_of(TU_FORMAT_R8G8_SNORM, &file))) {
        check_sample(b, 0, WORD(0, 8, 0x40), (uint32_t)-127, 127, "R8G8_SNORM");
        check_sample(b, 1, WORD(8, 8, 1 | 0x40), (uint32_t)-127, 127, "R8G8_SNORM");
    }
    free(file);

    if ((b = dfd_of(TU_FORMAT_R16G16_SINT, &file))) {
        CHECK_EQ_U(b[9], 1); /* integer formats: BT709 and LINEAR, as createdfd.c writes them */
        CHECK_EQ_U(b[10], 1);
        check_sample(b, 1, WORD(16, 16, 1 | 0x40), 0xFFFFFFFFu, 1, "R16G16_SINT");
    }
    free(file);

    if ((b = dfd_of(TU_FORMAT_B8G8R8A8_UNORM, &file))) {
        check_sample(b, 0, WORD(0, 8, 2), 0, 255, "B8G8R8A8 blue");
        check_sample(b, 2, WORD(16, 8, 0), 0, 255, "B8G8R8A8 red");
        check_sample(b, 3, WORD(24, 8, 15), 0, 255, "B8G8R8A8 alpha");
    }
    free(file);

    if ((b = dfd_of(TU_FORMAT_B10G11R11_UFLOAT_PACK32, &file))) {
        check_sample(b, 2, WORD(22, 10, 2 | 0x80), fbits(0.0f), fbits(1.0f), "B10G11R11");
    }
    free(file);

    if ((b = dfd_of(TU_FORMAT_R5G6B5_UNORM_PACK16, &file))) {
        CHECK_EQ_U(rd32(((const uint8_t *)file) + TYPE_SIZE), 2);
        check_sample(b, 0, WORD(0, 5, 2), 0, 31, "R5G6B5 blue");
        check_sample(b, 1, WORD(5, 6, 1), 0, 63, "R5G6B5 green");
        check_sample(b, 2, WORD(11, 5, 0), 0, 31, "R5G6B5 red");
    }
    free(file);
}

/* A surface with padded pitches, levels in reverse order and gaps: the writer reads it
 * through the texel address rules and writes the same file as for the packed image. */
static void test_writer_reads_any_layout(void) {
    const shape shs[] = {{"2D array", TU_SURFACE_2D, true, 10, 6, 1, 3, 3},
                         {"3D", TU_SURFACE_3D, false, 5, 4, 3, 1, 2},
                         {"cube", TU_SURFACE_CUBE, false, 4, 4, 1, 6, 3}};
    const tu_format formats[] = {TU_FORMAT_R8G8B8A8_UNORM, TU_FORMAT_R32G32B32_SFLOAT,
                                 TU_FORMAT_D24_UNORM_S8_UINT, TU_FORMAT_R8_UINT};
    for (unsigned k = 0; k < 3; k++)
        for (unsigned fi = 0; fi < 4; fi++) {
            if (shs[k].type == TU_SURFACE_3D && formats[fi] == TU_FORMAT_D24_UNORM_S8_UINT)
                continue; /* KTX2 has no 3D depth/stencil textures */
            tu_surface s = describe(formats[fi], &shs[k]);
            const uint64_t bytes = tu_format_bytes(s.format);
            uint64_t offset = 32;
            for (uint32_t L = s.levels; L-- > 0;) {
                const uint32_t w = s.width >> L ? s.width >> L : 1;
                const uint32_t h = s.height >> L ? s.height >> L : 1;
                const uint32_t d = s.type == TU_SURFACE_3D && s.depth >> L ? s.depth >> L : 1;
                tu_level_layout *lv = &s.level[L];
                lv->offset = offset;
                lv->row_pitch = w * bytes + 12;
                lv->slice_pitch = lv->row_pitch * h + 40;
                lv->sample_pitch = lv->slice_pitch * d;
                lv->layer_pitch = lv->sample_pitch + 100;
                offset += lv->layer_pitch * s.layers + 64;
            }
            s.size = offset;
            s.data = malloc(s.size);
            memset(s.data, 0xCD, s.size);
            s.level_count = s.levels;
            tu_error err = {0};
            const uint32_t seed = 77 + k;
            if (!CHECK(tu_surface_fill_hash(&s, seed, &err) == TU_OK, "%s", err.message)) {
                free(s.data);
                continue;
            }
            tu_image packed;
            void *a = NULL, *b = NULL, *c = NULL;
            size_t na = 0, nb = 0, nc = 0;
            if (make_image(s.format, &shs[k], seed, &packed)) {
                CHECK(tu_ktx2_write_memory(&s, &a, &na, &err) == TU_OK, "%s", err.message);
                CHECK(tu_ktx2_write_memory(&packed.surface, &b, &nb, &err) == TU_OK, "%s",
                      err.message);
                CHECK(a && b && na == nb && memcmp(a, b, na) == 0,
                      "%s %s: the file of a padded layout differs from the packed one",
                      tu_format_describe(s.format)->name, shs[k].name);
                /* A view of the last level still writes every memory level (io.h). */
                s.base_level = s.levels - 1;
                s.level_count = 1;
                CHECK(tu_ktx2_write_memory(&s, &c, &nc, &err) == TU_OK, "%s", err.message);
                CHECK(c && na == nc && memcmp(a, c, na) == 0, "a view writes every level");
                tu_image_free(&packed);
            }
            free(a);
            free(b);
            free(c);
            free(s.data);
        }
}

/* Texels on non-resident pages are written as the engine reads them: zero. */
static void test_writer_residency(void) {
    const shape sh = {"2D", TU_SURFACE_2D, false, 16, 16, 1, 1, 1};
    tu_image img;
    if (!make_image(TU_FORMAT_R8G8B8A8_UNORM, &sh, 5, &img)) return;
    uint8_t bits[2] = {0xF7, 0xFF}; /* page 3 (bytes 192..255) is not resident */
    const tu_residency map = {bits, sizeof bits, 6};
    tu_surface s = img.surface;
    s.residency = &map;
    void *file = NULL;
    size_t size = 0;
    tu_error err = {0};
    if (CHECK(tu_ktx2_write_memory(&s, &file, &size, &err) == TU_OK, "%s", err.message)) {
        const uint8_t *data = (const uint8_t *)file + level_offset(file, 0);
        const uint8_t *mem = img.memory;
        static const uint8_t zero[64];
        CHECK(memcmp(data, mem, 192) == 0);
        CHECK(memcmp(data + 192, zero, 64) == 0, "non-resident page written as zero");
        CHECK(memcmp(data + 256, mem + 256, 1024 - 256) == 0);
    }
    free(file);
    tu_image_free(&img);
}

/* A BUFFER surface is written as a 1D texture (KTX2 has no buffers). */
static void test_buffer_as_1d(void) {
    const shape sh = {"buffer", TU_SURFACE_BUFFER, false, 100, 1, 1, 1, 1};
    tu_image img, back;
    if (!make_image(TU_FORMAT_R16_SFLOAT, &sh, 9, &img)) return;
    void *file = NULL;
    size_t size = 0;
    tu_error err = {0};
    if (CHECK(tu_ktx2_write_memory(&img.surface, &file, &size, &err) == TU_OK, "%s", err.message)) {
        CHECK_EQ_U(rd32((const uint8_t *)file + PIXEL_HEIGHT), 0);
        if (CHECK(tu_ktx2_read_memory(file, size, &back, &err) == TU_OK, "%s", err.message)) {
            CHECK(back.surface.type == TU_SURFACE_1D && back.surface.width == 100);
            CHECK(memcmp(back.memory, img.memory, 200) == 0);
            tu_image_free(&back);
        }
    }
    free(file);
    tu_image_free(&img);
}

/* KTX 2.0 §3.13.1: the levels lie smallest first; a file with the largest first is refused. */
static void test_reader_follows_level_offsets(void) {
    const shape sh = {"2D array", TU_SURFACE_2D, true, 8, 4, 1, 2, 4};
    tu_image img, back;
    if (!make_image(TU_FORMAT_R16G16_UNORM, &sh, 11, &img)) return;
    void *file = NULL;
    size_t size = 0;
    tu_error err = {0};
    if (CHECK(tu_ktx2_write_memory(&img.surface, &file, &size, &err) == TU_OK, "%s", err.message)) {
        /* Rebuild with the levels largest first. */
        const uint8_t *f = file;
        const uint64_t start = level_offset(f, 3);
        uint8_t *g = malloc(size);
        memcpy(g, f, start);
        uint64_t at = start;
        for (uint32_t L = 0; L < 4; L++) {
            memcpy(g + at, f + level_offset(f, L), level_length(f, L));
            wr64(g + LEVEL_INDEX + 24 * L, at);
            at += level_length(f, L);
        }
        CHECK_EQ_U(at, size);
        CHECK_ERR(tu_ktx2_read_memory(g, size, &back, &err), TU_PARSE_ERROR, &err,
                  "levelImages: level 1 (byteOffset");
        free(g);
    }
    free(file);
    tu_image_free(&img);
}

/* A valid file to corrupt: 2D 8x8 R8G8B8A8_UNORM with 4 levels. */
static uint8_t *valid_file(size_t *size, uint32_t levels) {
    const shape sh = {"2D", TU_SURFACE_2D, false, 8, 8, 1, 1, levels};
    tu_image img;
    void *file = NULL;
    tu_error err = {0};
    *size = 0;
    if (!make_image(TU_FORMAT_R8G8B8A8_UNORM, &sh, 21, &img)) return NULL;
    CHECK(tu_ktx2_write_memory(&img.surface, &file, size, &err) == TU_OK, "%s", err.message);
    tu_image_free(&img);
    return file;
}

typedef struct patch {
    unsigned offset;
    unsigned width; /* 4 or 8 */
    uint64_t value;
} patch;

/* Read base with the patches applied; expect status and a message containing needle. */
static void check_refused(const uint8_t *base, size_t size, const patch *p, unsigned n,
                          tu_status status, const char *needle) {
    uint8_t *f = malloc(size);
    memcpy(f, base, size);
    for (unsigned i = 0; i < n; i++) {
        if (p[i].width == 8)
            wr64(f + p[i].offset, p[i].value);
        else
            wr32(f + p[i].offset, (uint32_t)p[i].value);
    }
    tu_image img;
    tu_error err = {0};
    memset(&img, 0x5A, sizeof img);
    CHECK_ERR(tu_ktx2_read_memory(f, size, &img, &err), status, &err, needle);
    if (CHECK(img.memory == NULL && img.surface.data == NULL, "a refused read leaves no image"))
        tu_image_free(&img);
    free(f);
}

#define REFUSE(st, needle, ...)                                               \
    do {                                                                      \
        const patch p_[] = {__VA_ARGS__};                                     \
        check_refused(f, size, p_, sizeof p_ / sizeof p_[0], (st), (needle)); \
    } while (0)

static void test_refusals(void) {
    size_t size;
    uint8_t *f = valid_file(&size, 4);
    if (!f) return;
    const uint64_t L0 = LEVEL_INDEX; /* level 0's index entry */

    /* identifier */
    {
        uint8_t *g = malloc(size);
        memcpy(g, f, size);
        g[0] = 0x4B;
        tu_image img;
        tu_error err = {0};
        CHECK_ERR(tu_ktx2_read_memory(g, size, &img, &err), TU_PARSE_ERROR, &err, "identifier");
        memcpy(g, f, size);
        g[11] = 0x0D; /* a LF -> CR transfer error */
        CHECK_ERR(tu_ktx2_read_memory(g, size, &img, &err), TU_PARSE_ERROR, &err, "identifier");
        free(g);
    }
    /* BasisLZ requires VK_FORMAT_UNDEFINED; Zstandard data that is not a Zstandard frame */
    REFUSE(TU_PARSE_ERROR, "KTX 2.0 \u00a73.2 vkFormat: VK_FORMAT_R8G8B8A8_UNORM (37) with BasisLZ",
           {SUPERCOMPRESSION, 4, 1});
    REFUSE(TU_PARSE_ERROR, "KTX 2.0 \u00a73.8.1.2 Zstandard: level 0 does not decompress",
           {SUPERCOMPRESSION, 4, 2});
    REFUSE(TU_PARSE_ERROR, "KTX 2.0 \u00a73.8.1.3 ZLIB: level 0 does not decompress",
           {SUPERCOMPRESSION, 4, 3});
    REFUSE(TU_PARSE_ERROR, "KTX 2.0 \u00a73.8 supercompressionScheme: 5 is neither",
           {SUPERCOMPRESSION, 4, 5});
    REFUSE(TU_UNSUPPORTED, "vkFormat 0 (VK_FORMAT_UNDEFINED", {VK_FORMAT, 4, 0});
    /* compressed vkFormats with an RGBSDA descriptor: the model and block size must match */
    REFUSE(TU_PARSE_ERROR, "colorModel 1 does not describe BC1_RGB_UNORM_BLOCK (colorModel 128)",
           {VK_FORMAT, 4, 131});
    REFUSE(TU_PARSE_ERROR, "colorModel 1 does not describe ASTC_4x4_UNORM_BLOCK (colorModel 162)",
           {VK_FORMAT, 4, 157});
    /* formats texunit lacks are named all the same, with the reason: Vulkan 1.3 core and KTX2's
     * extensions */
    REFUSE(TU_UNSUPPORTED,
           "vkFormat VK_FORMAT_PVRTC1_2BPP_UNORM_BLOCK_IMG (1000054000) is not supported: texunit "
           "has no PVRTC",
           {VK_FORMAT, 4, 1000054000});
    REFUSE(TU_UNSUPPORTED,
           "vkFormat VK_FORMAT_ASTC_6x6x6_SFLOAT_BLOCK_EXT (1000288029) is not supported: its ASTC "
           "blocks are 3D",
           {VK_FORMAT, 4, 1000288029});
    REFUSE(TU_UNSUPPORTED,
           "vkFormat VK_FORMAT_R64_UINT (110) is not supported: its components are "
           "64-bit",
           {VK_FORMAT, 4, 110}, {TYPE_SIZE, 4, 8});
    REFUSE(TU_UNSUPPORTED, "vkFormat VK_FORMAT_R64G64B64A64_SFLOAT (121) is not supported",
           {VK_FORMAT, 4, 121}, {TYPE_SIZE, 4, 8});
    REFUSE(TU_PARSE_ERROR,
           "KTX 2.0 §3.2 vkFormat: VK_FORMAT_G8_B8R8_2PLANE_420_UNORM (1000156003) is a "
           "prohibited format",
           {VK_FORMAT, 4, 1000156003});
    REFUSE(TU_PARSE_ERROR, "\u00a73.2 vkFormat: VK_FORMAT_R8_USCALED (11) is a prohibited format",
           {VK_FORMAT, 4, 11});
    /* a 4:2:2 format's descriptor is YUVSDA, not this file's RGBSDA */
    REFUSE(TU_PARSE_ERROR, "colorModel 1 for the 4:2:2 format VK_FORMAT_G8B8G8R8_422_UNORM",
           {VK_FORMAT, 4, 1000156000});
    REFUSE(TU_PARSE_ERROR, "\u00a73.2 vkFormat: 185 is not a VkFormat value", {VK_FORMAT, 4, 185});
    REFUSE(TU_UNSUPPORTED, "vkFormat 4000000000 is not a VkFormat", {VK_FORMAT, 4, 4000000000u});
    REFUSE(TU_PARSE_ERROR, "\u00a73.3 typeSize: typeSize 4 does not match R8G8B8A8_UNORM",
           {TYPE_SIZE, 4, 4});
    REFUSE(TU_PARSE_ERROR, "typeSize 0", {TYPE_SIZE, 4, 0});
    /* R16G16_UNORM (77) has the same texel size but typeSize 2 */
    REFUSE(TU_PARSE_ERROR, "typeSize 1 does not match R16G16_UNORM, whose typeSize is 2",
           {VK_FORMAT, 4, 77});
    REFUSE(TU_PARSE_ERROR, "pixelWidth is 0", {PIXEL_WIDTH, 4, 0});
    REFUSE(TU_PARSE_ERROR, "pixelDepth 2 with pixelHeight 0", {PIXEL_HEIGHT, 4, 0},
           {PIXEL_DEPTH, 4, 2});
    REFUSE(TU_PARSE_ERROR, "faceCount 2", {FACE_COUNT, 4, 2});
    REFUSE(TU_PARSE_ERROR, "faceCount 0", {FACE_COUNT, 4, 0});
    REFUSE(TU_PARSE_ERROR, "cube map pixelWidth 8 and pixelHeight 4", {FACE_COUNT, 4, 6},
           {PIXEL_HEIGHT, 4, 4});
    REFUSE(TU_PARSE_ERROR, "cube map pixelDepth 2", {FACE_COUNT, 4, 6}, {PIXEL_DEPTH, 4, 2});
    /* a cube whose faces the file lacks */
    REFUSE(TU_PARSE_ERROR, "level 0 byteLength 256 is not the 1536 bytes", {FACE_COUNT, 4, 6});
    REFUSE(TU_PARSE_ERROR, "pixelDepth 1 must be 0 for the depth/stencil format D16_UNORM",
           {VK_FORMAT, 4, 124}, {TYPE_SIZE, 4, 2}, {PIXEL_DEPTH, 4, 1});
    REFUSE(TU_PARSE_ERROR, "level 0 byteLength 256 is not the 1024 bytes", {PIXEL_DEPTH, 4, 2},
           {LAYER_COUNT, 4, 2});
    REFUSE(TU_PARSE_ERROR, "levelCount 5 exceeds the 4 levels", {LEVEL_COUNT, 4, 5});
    REFUSE(TU_PARSE_ERROR, "levelCount 4 exceeds the 3 levels", {PIXEL_WIDTH, 4, 4},
           {PIXEL_HEIGHT, 4, 4});
    REFUSE(TU_PARSE_ERROR, "level 0 data (byteOffset 380, byteLength 257) lies outside",
           {L0 + 8, 8, 257}, {L0 + 16, 8, 257});
    REFUSE(TU_PARSE_ERROR, "\u00a73.9.7.2 levels[p].byteLength: level 0 byteLength 255",
           {L0 + 8, 8, 255}, {L0 + 16, 8, 255});
    REFUSE(TU_PARSE_ERROR, "level 2 byteLength 0", {L0 + 48 + 8, 8, 0});
    REFUSE(TU_PARSE_ERROR, "level 1 uncompressedByteLength 0", {L0 + 24 + 16, 8, 0});
    REFUSE(TU_PARSE_ERROR, "level 0 data (byteOffset", {L0, 8, size});
    REFUSE(TU_PARSE_ERROR, "lies outside the file", {L0, 8, size - 255});
    REFUSE(TU_PARSE_ERROR, "lies outside the file", {L0, 8, 0xFFFFFFFFFFFFFF80ull});
    REFUSE(TU_PARSE_ERROR, "lies outside the file", {L0 + 72, 8, 0xFFFFFFFFFFFFFFFFull});
    REFUSE(TU_PARSE_ERROR, "\u00a73.13.1 levelImages: level 1 (byteOffset 316) lies after level 0",
           {L0, 8, 0});
    REFUSE(TU_PARSE_ERROR, "\u00a73.9.7.1 levels[p].byteOffset: level 0 byteOffset 376 is not 380",
           {L0, 8, 376});
    REFUSE(TU_PARSE_ERROR, "dfdByteOffset 636 is not 176, the end of the level index",
           {DFD_OFFSET, 4, size});
    REFUSE(TU_PARSE_ERROR, "\u00a73.9.1 dfdByteOffset", {DFD_OFFSET, 4, 0xFFFFFFFF});
    REFUSE(TU_PARSE_ERROR, "dfdByteLength 0", {DFD_LENGTH, 4, 0});
    REFUSE(TU_PARSE_ERROR, "dfdTotalSize 88 does not equal dfdByteLength 92",
           {rd32(f + DFD_OFFSET), 4, 88});
    REFUSE(TU_PARSE_ERROR, "key/value data", {KVD_LENGTH, 4, 0xFFFFFF00});
    REFUSE(TU_PARSE_ERROR, "sgdByteLength 2: supercompressionScheme 0 (none) has no global data",
           {SGD_OFFSET, 8, ~0ull}, {SGD_LENGTH, 8, 2});
    /* huge sizes with a tiny file: refused before any allocation */
    REFUSE(TU_PARSE_ERROR, "level 0 byteLength", {PIXEL_WIDTH, 4, 65536}, {PIXEL_HEIGHT, 4, 65536},
           {LAYER_COUNT, 4, 65536});
    REFUSE(TU_PARSE_ERROR, "dfdByteOffset 176 is not 104", {PIXEL_WIDTH, 4, 65536},
           {PIXEL_HEIGHT, 4, 65536}, {PIXEL_DEPTH, 4, 65536}, {LEVEL_COUNT, 4, 1},
           {L0 + 8, 8, 1ull << 50}, {L0 + 16, 8, 1ull << 50});
    /* beyond texunit's limits: the level index gives them away before anything is allocated */
    REFUSE(TU_PARSE_ERROR, "level 0 byteLength 256 is not the 68719476736 bytes",
           {PIXEL_WIDTH, 4, 0x80000000u});
    REFUSE(TU_PARSE_ERROR, "level 0 byteLength 256 is not the 2097184 bytes",
           {PIXEL_HEIGHT, 4, 65537});
    REFUSE(TU_PARSE_ERROR, "level 0 byteLength 256 is not the 1099511627520 bytes",
           {LAYER_COUNT, 4, ~0u});

    /* the descriptor and key/value rules (KTX 2.0 §3.10, §3.11), each named */
    {
        const uint32_t dfd = rd32(f + DFD_OFFSET), kvd = rd32(f + KVD_OFFSET);
        const uint32_t b = dfd + 4, s0 = b + 24; /* the basic block, its first sample */
        const uint32_t w0 = rd32(f + s0);
        REFUSE(TU_PARSE_ERROR, "\u00a73.10.2 Use of Transfer Functions: transferFunction 20",
               {b + 8, 4, (rd32(f + b + 8) & 0xFF00FFFFu) | 20u << 16});
        REFUSE(TU_PARSE_ERROR, "\u00a73.10.1 Restrictions: colorPrimaries 12",
               {b + 8, 4, (rd32(f + b + 8) & 0xFFFF00FFu) | 12u << 8});
        REFUSE(TU_PARSE_ERROR, "sample 0 has channelId 5, which colorModel 1 does not have",
               {s0, 4, (w0 & 0xF0FFFFFFu) | 5u << 24});
        REFUSE(TU_PARSE_ERROR, "sample 0 is qualified LINEAR although transferFunction 1",
               {s0, 4, w0 | 0x10u << 24});
        REFUSE(TU_PARSE_ERROR, "sample 0 has samplePosition", {s0 + 4, 4, 1});
        REFUSE(TU_PARSE_ERROR, "basic descriptor block versionNumber 1",
               {b + 4, 4, (rd32(f + b + 4) & 0xFFFF0000u) | 1u});
        REFUSE(TU_PARSE_ERROR, "\u00a73.10.1 Restrictions: bytesPlane1 is 4",
               {b + 16, 4, rd32(f + b + 16) | 4u << 8});
        /* the one entry "KTXwriter": a reserved key, a bad length, non-zero padding */
        REFUSE(TU_PARSE_ERROR, "\u00a73.11.2 keyAndValue: key \"KTXwriteR\"",
               {kvd + 12, 4, (rd32(f + kvd + 12) & ~0xFFu) | 'R'});
        REFUSE(TU_PARSE_ERROR, "\u00a73.11.1 keyAndValueByteLength: entry at offset 0",
               {kvd, 4, 0xFFFFu});
        REFUSE(TU_PARSE_ERROR, "keyAndValueByteLength 1 cannot hold", {kvd, 4, 1});
        REFUSE(TU_PARSE_ERROR, "\u00a73.9.3 kvdByteOffset: kvdByteOffset",
               {KVD_OFFSET, 4, kvd + 4});
        REFUSE(TU_PARSE_ERROR, "\u00a73.9.3 kvdByteOffset: kvdByteOffset 8 with kvdByteLength 0",
               {KVD_OFFSET, 4, 8}, {KVD_LENGTH, 4, 0});
    }

    /* levelCount 0 means "one level, generate the rest": level 0 of the index is read. */
    {
        size_t one_size;
        uint8_t *g = valid_file(&one_size, 1);
        tu_image img;
        tu_error err = {0};
        if (g) wr32(g + LEVEL_COUNT, 0);
        if (g && CHECK(tu_ktx2_read_memory(g, one_size, &img, &err) == TU_OK, "%s", err.message)) {
            CHECK_EQ_U(img.surface.levels, 1);
            CHECK(memcmp(img.memory, g + level_offset(g, 0), 256) == 0);
            tu_image_free(&img);
        }
        free(g);
    }
    /* API misuse */
    {
        tu_image img;
        tu_error err = {0};
        CHECK_ERR(tu_ktx2_read_memory(NULL, 0, &img, &err), TU_PARSE_ERROR, &err, "identifier");
        CHECK_ERR(tu_ktx2_read_memory(NULL, 5, &img, &err), TU_INVALID_ARGUMENT, &err, "NULL");
        CHECK_ERR(tu_ktx2_read_memory(f, size, NULL, &err), TU_INVALID_ARGUMENT, &err, "NULL");
        CHECK(tu_ktx2_read_memory(f, size, &img, NULL) == TU_OK, "err may be NULL");
        tu_image_free(&img);
        CHECK(tu_ktx2_read_memory(f, 10, &img, NULL) == TU_PARSE_ERROR);
    }
    free(f);
}

/* Every truncation of valid files is refused, and never read past the bytes given (each
 * truncated copy is its own allocation, so AddressSanitizer sees any overread). */
static void test_truncations(void) {
    const struct {
        tu_format format;
        shape sh;
    } cases[] = {
        {TU_FORMAT_R8G8B8A8_UNORM, {"2D", TU_SURFACE_2D, false, 8, 8, 1, 1, 4}},
        {TU_FORMAT_R32G32B32_SFLOAT, {"cube array", TU_SURFACE_CUBE, true, 2, 2, 1, 12, 2}},
        {TU_FORMAT_D24_UNORM_S8_UINT, {"1D array", TU_SURFACE_1D, true, 5, 1, 1, 2, 3}},
        {TU_FORMAT_R8_UNORM, {"3D", TU_SURFACE_3D, false, 3, 2, 5, 1, 3}},
    };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        tu_image img;
        if (!make_image(cases[k].format, &cases[k].sh, 4, &img)) continue;
        void *file = NULL;
        size_t size = 0;
        tu_error err = {0};
        CHECK(tu_ktx2_write_memory(&img.surface, &file, &size, &err) == TU_OK, "%s", err.message);
        tu_image_free(&img);
        unsigned accepted = 0;
        for (size_t n = 0; n < size; n++) {
            uint8_t *g = malloc(n ? n : 1);
            memcpy(g, file, n);
            tu_image out;
            tu_status st = tu_ktx2_read_memory(g, n, &out, &err);
            if (st == TU_OK) {
                accepted++;
                tu_image_free(&out);
            } else {
                CHECK(out.memory == NULL);
            }
            free(g);
        }
        CHECK(accepted == 0, "%u truncations of a %zu-byte file were accepted", accepted, size);
        free(file);
    }
}

/* Random corruption: whatever is accepted is a valid image; nothing crashes. */
static void test_random_corruption(void) {
    size_t size;
    uint8_t *f = valid_file(&size, 4);
    if (!f) return;
    uint64_t rng = tu_test_seed(12345);
    unsigned accepted = 0;
    for (unsigned iter = 0; iter < 4000; iter++) {
        uint8_t *g = malloc(size);
        memcpy(g, f, size);
        const unsigned flips = 1 + (unsigned)(tu_test_rand(&rng) % 4);
        for (unsigned i = 0; i < flips; i++) {
            /* mostly the header, index and DFD, where the structure is */
            const uint64_t r = tu_test_rand(&rng);
            const size_t at = (r & 1) ? (size_t)((r >> 1) % 256) % size : (size_t)((r >> 1) % size);
            g[at] = (uint8_t)(tu_test_rand(&rng) >> 13);
        }
        tu_image img;
        tu_error err = {0};
        if (tu_ktx2_read_memory(g, size, &img, &err) == TU_OK) {
            accepted++;
            CHECK(tu_surface_validate(&img.surface, &err) == TU_OK, "%s", err.message);
            tu_image_free(&img);
        } else {
            CHECK(err.message[0] != 0, "a refusal says why");
        }
        free(g);
    }
    CHECK(accepted > 0, "some corruptions only touch texel data and are accepted");
    free(f);
}

static void test_writer_refusals(void) {
    tu_error err = {0};
    void *bytes = (void *)&err;
    size_t size = 1;
    tu_image img;
    const tu_surface ms = {.type = TU_SURFACE_2D,
                           .format = TU_FORMAT_R8G8B8A8_UNORM,
                           .width = 8,
                           .height = 8,
                           .depth = 1,
                           .layers = 1,
                           .levels = 1,
                           .samples = 4};
    if (CHECK(tu_image_create(&img, &ms, &err) == TU_OK, "%s", err.message)) {
        CHECK_ERR(tu_ktx2_write_memory(&img.surface, &bytes, &size, &err), TU_UNSUPPORTED, &err,
                  "samples 4");
        CHECK(bytes == NULL && size == 0);
        tu_image_free(&img);
    }
    tu_surface bad = ms;
    bad.samples = 1;
    bad.width = 0;
    CHECK_ERR(tu_ktx2_write_memory(&bad, &bytes, &size, &err), TU_INVALID_ARGUMENT, &err,
              "width 0");
    CHECK_ERR(tu_ktx2_write_memory(NULL, &bytes, &size, &err), TU_INVALID_ARGUMENT, &err, "NULL");
    CHECK_ERR(tu_ktx2_write_memory(&ms, NULL, &size, &err), TU_INVALID_ARGUMENT, &err, "NULL");
}

static void test_image_create(void) {
    tu_image img;
    tu_error err = {0};
    tu_surface desc = {.type = TU_SURFACE_2D,
                       .format = TU_FORMAT_R8G8_UNORM,
                       .width = 5,
                       .height = 3,
                       .depth = 1,
                       .layers = 1,
                       .levels = 3,
                       .samples = 1,
                       .base_level = 7, /* ignored */
                       .size = 1};
    if (CHECK(tu_image_create(&img, &desc, &err) == TU_OK, "%s", err.message)) {
        CHECK(img.surface.data == img.memory && img.memory != NULL);
        CHECK_EQ_U(img.surface.size, 5 * 3 * 2 + 2 * 1 * 2 + 1 * 1 * 2);
        CHECK(img.surface.base_level == 0 && img.surface.level_count == 3);
        CHECK(img.surface.tiling == TU_TILING_LINEAR && !img.surface.mcs && !img.surface.residency);
        const uint8_t *m = img.memory;
        bool zero = true;
        for (size_t i = 0; i < img.surface.size; i++)
            zero &= m[i] == 0;
        CHECK(zero, "image memory starts zeroed");
        tu_image_free(&img);
        CHECK(img.memory == NULL && img.surface.data == NULL && img.surface.size == 0);
    }
    desc.levels = 4;
    CHECK_ERR(tu_image_create(&img, &desc, &err), TU_INVALID_ARGUMENT, &err, "levels 4");
    CHECK(img.memory == NULL);
    CHECK_ERR(tu_image_create(&img, NULL, &err), TU_INVALID_ARGUMENT, &err, "NULL");
    CHECK_ERR(tu_image_create(NULL, &desc, &err), TU_INVALID_ARGUMENT, &err, "NULL");
    tu_image_free(NULL);
}

static void temp_path(char *buf, size_t n, const char *name) {
    const char *dir = getenv("TU_TEST_TMP");
    snprintf(buf, n, "%s/%s", dir && *dir ? dir : "/tmp", name);
}

static void test_files(void) {
    const shape sh = {"cube", TU_SURFACE_CUBE, false, 4, 4, 1, 6, 3};
    tu_image img, back;
    if (!make_image(TU_FORMAT_R16G16B16A16_SFLOAT, &sh, 17, &img)) return;
    char path[512];
    temp_path(path, sizeof path, "test_ktx2_cube.ktx2");
    tu_error err = {0};
    if (CHECK(tu_ktx2_write_file(path, &img.surface, &err) == TU_OK, "%s", err.message)) {
        if (CHECK(tu_ktx2_read_file(path, &back, &err) == TU_OK, "%s", err.message)) {
            check_same_image(&img, &back, "file round trip");
            tu_image_free(&back);
        }
        remove(path);
    }
    CHECK_ERR(tu_ktx2_read_file(path, &back, &err), TU_IO_ERROR, &err, path);
    CHECK_ERR(tu_ktx2_read_file(path, &back, &err), TU_IO_ERROR, &err, "No such file");
    temp_path(path, sizeof path, "no-such-directory/x.ktx2");
    CHECK_ERR(tu_ktx2_write_file(path, &img.surface, &err), TU_IO_ERROR, &err,
              "no-such-directory/x.ktx2");
    /* a file that is not KTX2 */
    temp_path(path, sizeof path, "test_ktx2_not.ktx2");
    FILE *f = fopen(path, "wb");
    if (CHECK(f != NULL)) {
        fputs("not a KTX file at all", f);
        fclose(f);
        CHECK_ERR(tu_ktx2_read_file(path, &back, &err), TU_PARSE_ERROR, &err, "identifier");
        remove(path);
    }
    CHECK_ERR(tu_ktx2_read_file(NULL, &back, &err), TU_INVALID_ARGUMENT, &err, "NULL");
    tu_image_free(&img);
}

static void test_special_files(void) {
    const char *dir = getenv("TU_TEST_TMP");
    tu_test_special_files(tu_ktx2_read_file, dir && *dir ? dir : "/tmp");
}

/* Zstandard and ZLIB (KTX 2.0 §3.8.1.2, §3.8.1.3): each level compressed on its own, its
 * uncompressedByteLength the level's size, no mipPadding; read back texel for texel. The
 * data format descriptor and key/value data of a file read come back byte for byte. */
static void test_supercompression(void) {
    const shape sh = {"2D array", TU_SURFACE_2D, true, 16, 8, 1, 3, 5};
    static const tu_format formats[] = {TU_FORMAT_R8G8B8A8_SRGB, TU_FORMAT_D24_UNORM_S8_UINT,
                                        TU_FORMAT_BC7_UNORM_BLOCK};
    for (size_t k = 0; k < sizeof formats / sizeof formats[0]; k++)
        for (uint32_t scheme = 2; scheme <= 3; scheme++) {
            tu_image img, back;
            if (!make_image(formats[k], &sh, 31 + (uint32_t)k, &img)) continue;
            const tu_ktx2_write_options opt = {scheme, scheme == 2 ? 19 : 9, NULL};
            void *file = NULL;
            size_t size = 0;
            tu_error err = {0};
            if (CHECK(tu_ktx2_write_memory_with(&img.surface, &opt, &file, &size, &err) == TU_OK,
                      "%s", err.message)) {
                const uint8_t *f = file;
                CHECK_EQ_U(rd32(f + SUPERCOMPRESSION), scheme);
                tu_ktx2_file info;
                if (CHECK(tu_ktx2_read_memory_file(f, size, &back, &info, &err) == TU_OK, "%s",
                          err.message)) {
                    check_same_image(&img, &back, scheme == 2 ? "Zstandard" : "ZLIB");
                    for (uint32_t L = 0; L < 5; L++)
                        CHECK_EQ_U(info.level[L].uncompressed_byte_length,
                                   back.surface.level[L].layer_pitch * 3);
                    /* written back with what was read: the same metadata, byte for byte */
                    const tu_ktx2_write_options keep = {0, 0, &info};
                    void *again = NULL;
                    size_t again_size = 0;
                    tu_ktx2_file info2;
                    tu_image third;
                    if (CHECK(tu_ktx2_write_memory_with(&back.surface, &keep, &again, &again_size,
                                                        &err) == TU_OK,
                              "%s", err.message) &&
                        CHECK(tu_ktx2_read_memory_file(again, again_size, &third, &info2, &err) ==
                                  TU_OK,
                              "%s", err.message)) {
                        CHECK(info2.dfd_byte_length == info.dfd_byte_length &&
                              memcmp(info2.dfd, info.dfd, info.dfd_byte_length) == 0);
                        CHECK(info2.kvd_byte_length == info.kvd_byte_length &&
                              memcmp(info2.kvd, info.kvd, info.kvd_byte_length) == 0);
                        CHECK_EQ_U(info2.supercompression_scheme, 0);
                        check_same_image(&img, &third, "supercompressed, then written plain");
                        tu_image_free(&third);
                        tu_ktx2_file_free(&info2);
                    }
                    free(again);
                    tu_image_free(&back);
                    tu_ktx2_file_free(&info);
                }
                /* a level whose bytes are cut short does not decompress */
                uint8_t *g = malloc(size);
                memcpy(g, f, size);
                const uint64_t off = level_offset(g, 4);
                for (uint64_t i = off; i < off + 8 && i < size; i++)
                    g[i] ^= 0x5A;
                CHECK_ERR(tu_ktx2_read_memory(g, size, &back, &err), TU_PARSE_ERROR, &err,
                          scheme == 2 ? "\u00a73.8.1.2 Zstandard: level 4"
                                      : "\u00a73.8.1.3 ZLIB: level 4");
                free(g);
            }
            free(file);
            tu_image_free(&img);
        }
    tu_image img;
    if (make_image(TU_FORMAT_R8_UNORM, &sh, 3, &img)) {
        const tu_ktx2_write_options basis = {1, 0, NULL};
        void *file = NULL;
        size_t size = 0;
        tu_error err = {0};
        CHECK_ERR(tu_ktx2_write_memory_with(&img.surface, &basis, &file, &size, &err),
                  TU_UNSUPPORTED, &err, "texunit writes 0 (none), 2 (Zstandard) and 3 (ZLIB)");
        tu_image_free(&img);
    }
}

int main(void) {
    TU_RUN(test_image_create);
    TU_RUN(test_special_files);
    TU_RUN(test_round_trip_every_format);
    TU_RUN(test_header_bytes);
    TU_RUN(test_dfd);
    TU_RUN(test_dfd_compressed);
    TU_RUN(test_writer_reads_any_layout);
    TU_RUN(test_writer_residency);
    TU_RUN(test_buffer_as_1d);
    TU_RUN(test_reader_follows_level_offsets);
    TU_RUN(test_refusals);
    TU_RUN(test_supercompression);
    TU_RUN(test_truncations);
    TU_RUN(test_random_corruption);
    TU_RUN(test_writer_refusals);
    TU_RUN(test_files);
    return tu_test_finish();
}
