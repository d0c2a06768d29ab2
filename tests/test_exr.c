/* SPDX-License-Identifier: MIT */
/*
 * test_exr.c - the tool's OpenEXR writer (tools/exr.c) read back by OpenEXR's own reader and
 * decoder (OpenEXRCore: exr_start_read, the decoding pipeline to float): the channels and
 * pixel types the rule names, every value equal to the texel tu_surface_decode_texel decodes
 * (compressed formats out of their blocks, sRGB linear), the selected image of a chain and
 * an array, and the formats an EXR image does not hold refused by name.
 */
#include "texunit/texunit.h"

#include "tu_test.h"

#include "exr.h"

#include <openexr.h>

static char tmp_dir[400];

/* A 2D surface (an array for layers > 1) of the format with hashed texels. */
static bool make(tu_format format, uint32_t w, uint32_t h, uint32_t levels, uint32_t layers,
                 uint32_t seed, tu_image *img) {
    *img = tu_test_image(TU_SURFACE_2D, layers > 1, format, w, h, 1, layers, levels, 1);
    tu_error err = {0};
    return img->memory &&
           CHECK(tu_surface_fill_hash(&img->surface, seed, &err) == TU_OK, "%s", err.message);
}

/* What the file must hold, written from the rule of exr.h: the channel names in the file's
 * (sorted) order with the component each holds, and the pixel type. */
typedef struct expected {
    tu_format format;
    const char *names; /* "BGR": one letter a channel */
    const char *components;
    exr_pixel_type_t type;
} expected;

/* Read the file back through OpenEXR and compare it with the surface's image. */
static void check_file(const expected *e, const tu_image *img, uint32_t level, uint32_t layer) {
    const char *name = tu_format_describe(e->format)->name;
    void *bytes = NULL;
    size_t size = 0;
    tu_error err = {0};
    if (!CHECK(tx_exr_write(&img->surface, level, layer, 0, &bytes, &size, &err) == TU_OK, "%s: %s",
               name, err.message))
        return;
    char path[512];
    snprintf(path, sizeof path, "%s/test_exr.exr", tmp_dir);
    FILE *f = fopen(path, "wb");
    const bool written = f && fwrite(bytes, 1, size, f) == size;
    if (f) fclose(f);
    free(bytes);
    if (!CHECK(written, "cannot write %s", path)) return;

    exr_context_t ctx = NULL;
    exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
    if (!CHECK(exr_start_read(&ctx, path, &init) == EXR_ERR_SUCCESS, "%s: OpenEXR refused it",
               name))
        return;
    const exr_attr_chlist_t *chl = NULL;
    exr_attr_box2i_t dw;
    exr_compression_t comp;
    CHECK(exr_get_channels(ctx, 0, &chl) == EXR_ERR_SUCCESS);
    CHECK(exr_get_data_window(ctx, 0, &dw) == EXR_ERR_SUCCESS);
    CHECK(exr_get_compression(ctx, 0, &comp) == EXR_ERR_SUCCESS && comp == EXR_COMPRESSION_NONE);
    uint32_t w, h;
    tu_surface_level_extent(&img->surface, level, &w, &h, NULL);
    const int n = (int)strlen(e->names);
    bool ok =
        CHECK(chl && chl->num_channels == n, "%s: %d channels, expected %d", name,
              chl ? chl->num_channels : -1, n) &&
        CHECK(dw.min.x == 0 && dw.min.y == 0 && dw.max.x == (int)w - 1 && dw.max.y == (int)h - 1,
              "%s: data window (%d %d) - (%d %d)", name, dw.min.x, dw.min.y, dw.max.x, dw.max.y);
    for (int c = 0; ok && c < n; c++)
        ok = CHECK(chl->entries[c].name.length == 1 && chl->entries[c].name.str[0] == e->names[c],
                   "%s: channel %d is %s", name, c, chl->entries[c].name.str) &&
             CHECK(chl->entries[c].pixel_type == e->type, "%s: channel %d type %d", name, c,
                   (int)chl->entries[c].pixel_type);
    float *pixels = ok ? malloc(sizeof(float) * 4 * w * h) : NULL;
    for (uint32_t y = 0; pixels && y < h && ok; y++) {
        exr_chunk_info_t ci;
        exr_decode_pipeline_t dec = EXR_DECODE_PIPELINE_INITIALIZER;
        ok = CHECK(exr_read_scanline_chunk_info(ctx, 0, (int)y, &ci) == EXR_ERR_SUCCESS) &&
             CHECK(exr_decoding_initialize(ctx, 0, &ci, &dec) == EXR_ERR_SUCCESS);
        for (int c = 0; ok && c < dec.channel_count; c++) {
            /* One plane a channel: OpenEXR 3.1.5's interleaved path for four half channels
             * reads such a file's channels in another order when the pointers are given in
             * the file's order (the file's bytes are in the layout's order, checked by hand) */
            dec.channels[c].decode_to_ptr = (uint8_t *)(pixels + ((size_t)c * h + y) * w);
            dec.channels[c].user_pixel_stride = sizeof(float);
            dec.channels[c].user_line_stride = (int32_t)(sizeof(float) * w);
            dec.channels[c].user_data_type = EXR_PIXEL_FLOAT;
            dec.channels[c].user_bytes_per_element = sizeof(float);
        }
        ok = ok && CHECK(exr_decoding_choose_default_routines(ctx, 0, &dec) == EXR_ERR_SUCCESS) &&
             CHECK(exr_decoding_run(ctx, 0, &dec) == EXR_ERR_SUCCESS, "%s: row %u", name, y);
        exr_decoding_destroy(ctx, &dec);
    }
    for (uint32_t y = 0; ok && y < h; y++)
        for (uint32_t x = 0; ok && x < w; x++) {
            const tu_texel_coord tc = {x, y, 0, layer, level, 0};
            tu_texel t;
            ok = CHECK(tu_surface_decode_texel(&img->surface, &tc, &t, &err) == TU_OK, "%s",
                       err.message);
            for (int c = 0; ok && c < n; c++) {
                const float want = t.f[e->components[c] - '0'];
                const float got = pixels[((size_t)c * h + y) * w + x];
                ok = CHECK(got == want || (got != got && want != want),
                           "%s (%u,%u) channel %c: %.9g, decoded %.9g", name, x, y, e->names[c],
                           got, want);
            }
        }
    free(pixels);
    exr_finish(&ctx);
    remove(path);
}

static void test_formats(void) {
    /* Channels sorted by name (A B G R); the component digit of each (R 0 ... A 3, Z 0). */
    static const expected cases[] = {
        {TU_FORMAT_R16G16B16A16_SFLOAT, "ABGR", "3210", EXR_PIXEL_HALF},
        {TU_FORMAT_R16_SFLOAT, "R", "0", EXR_PIXEL_HALF},
        {TU_FORMAT_R32G32_SFLOAT, "GR", "10", EXR_PIXEL_FLOAT},
        {TU_FORMAT_B10G11R11_UFLOAT_PACK32, "BGR", "210", EXR_PIXEL_HALF},
        {TU_FORMAT_E5B9G9R9_UFLOAT_PACK32, "BGR", "210", EXR_PIXEL_FLOAT},
        {TU_FORMAT_BC6H_UFLOAT_BLOCK, "BGR", "210", EXR_PIXEL_HALF},
        {TU_FORMAT_BC6H_SFLOAT_BLOCK, "BGR", "210", EXR_PIXEL_HALF},
        {TU_FORMAT_ASTC_4x4_SFLOAT_BLOCK, "ABGR", "3210", EXR_PIXEL_HALF},
        {TU_FORMAT_R8G8B8A8_UNORM, "ABGR", "3210", EXR_PIXEL_FLOAT},
        {TU_FORMAT_R8G8B8A8_SRGB, "ABGR", "3210", EXR_PIXEL_FLOAT},
        {TU_FORMAT_BC1_RGB_SRGB_BLOCK, "BGR", "210", EXR_PIXEL_FLOAT},
        {TU_FORMAT_BC5_SNORM_BLOCK, "GR", "10", EXR_PIXEL_FLOAT},
        {TU_FORMAT_D32_SFLOAT, "Z", "0", EXR_PIXEL_FLOAT},
        {TU_FORMAT_D16_UNORM, "Z", "0", EXR_PIXEL_FLOAT},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tu_image img;
        if (!make(cases[i].format, 12, 9, 1, 1, 40 + i, &img)) continue;
        check_file(&cases[i], &img, 0, 0);
        tu_image_free(&img);
    }
}

/* The selected image of a chain and an array: level 1 of layer 2. */
static void test_selection(void) {
    static const expected e = {TU_FORMAT_R16G16B16A16_SFLOAT, "ABGR", "3210", EXR_PIXEL_HALF};
    tu_image img;
    if (!make(e.format, 16, 8, 3, 3, 7, &img)) return;
    check_file(&e, &img, 1, 2);
    check_file(&e, &img, 2, 0);
    tu_image_free(&img);
}

static void test_refusals(void) {
    static const struct {
        tu_format format;
        const char *why;
    } cases[] = {
        {TU_FORMAT_R8G8B8A8_UINT, "R8G8B8A8_UINT has integer fields"},
        {TU_FORMAT_R32_SINT, "R32_SINT has integer fields"},
        {TU_FORMAT_S8_UINT, "S8_UINT has stencil fields"},
        {TU_FORMAT_D24_UNORM_S8_UINT, "D24_UNORM_S8_UINT has stencil fields"},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char why[200] = "";
        const bool holds = tx_exr_holds(tu_format_describe(cases[i].format), why, sizeof why);
        CHECK(!holds && strstr(why, cases[i].why), "%s: %s", cases[i].why, why);
    }
    char why[200];
    CHECK(tx_exr_holds(tu_format_describe(TU_FORMAT_BC6H_UFLOAT_BLOCK), why, sizeof why));
}

int main(void) {
    const char *t = getenv("TU_TEST_TMP");
    snprintf(tmp_dir, sizeof tmp_dir, "%s", t && *t ? t : ".");
    TU_RUN(test_formats);
    TU_RUN(test_selection);
    TU_RUN(test_refusals);
    return tu_test_finish();
}
