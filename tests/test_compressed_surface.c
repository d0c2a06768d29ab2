/* SPDX-License-Identifier: MIT */
/*
 * test_compressed_surface.c - surfaces of block-compressed formats and their loads, with
 * expected values computed here from the rules (docs/semantics.md, "Compressed formats";
 * Vulkan's tightly packed buffer layout: block columns, block rows, z slices, layers, levels):
 *   - the packed layout of every compressed format over 1D, 2D with partial last blocks and
 *     levels, 2D arrays, cubes and 3D (ASTC's 2D blocks on each slice): pitches in blocks,
 *     level offsets, the offset of every texel's block;
 *   - the address gate refuses a texel whose block does not lie wholly in memory;
 *   - ld of every texel of random blocks (tu_surface_fill_hash) returns the block decoder's
 *     texel (sRGB R, G, B through the EOTF), and a nearest sample_l at the texel's centre
 *     the same; MEDIA_LD, buffers and multisample surfaces are refused;
 *   - the fast-path kernels never take a compressed surface: every format, 1D, 2D, cube, 3D
 *     and block-linear, sample_l, sample_lz and ld on SIMD16 run the generic path
 *     (tuE_execute's fast_path NULL) and answer as with the fast paths forced off, while
 *     the same messages on R8G8B8A8_UNORM do take a kernel.
 */
#include "../src/format/compressed/compressed.h"
#include "../src/sampler/engine.h"
#include "texunit/texunit.h"

#include "tu_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t blocks(uint32_t n, uint32_t b) {
    return (n + b - 1) / b;
}

static void test_layout_every_format(void) {
    const struct {
        tu_surface_type type;
        bool arrayed;
        uint32_t w, h, d, layers, levels;
    } shapes[] = {
        {TU_SURFACE_1D, false, 13, 1, 1, 1, 4}, {TU_SURFACE_2D, false, 13, 7, 1, 1, 4},
        {TU_SURFACE_2D, true, 9, 17, 1, 3, 2},  {TU_SURFACE_CUBE, false, 10, 10, 1, 6, 2},
        {TU_SURFACE_3D, false, 11, 6, 3, 1, 2},
    };
    for (int f = 1; f < TU_FORMAT_COUNT; f++) {
        const tu_format_desc *d = tu_format_describe((tu_format)f);
        if (!(d->flags & TU_FORMAT_FLAG_COMPRESSED)) continue;
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
            tu_image img =
                tu_test_image(shapes[k].type, shapes[k].arrayed, (tu_format)f, shapes[k].w,
                              shapes[k].h, shapes[k].d, shapes[k].layers, shapes[k].levels, 1);
            if (!img.memory) continue;
            const tu_surface *s = &img.surface;
            uint64_t offset = 0;
            for (uint32_t L = 0; L < s->levels; L++) {
                uint32_t w, h, dd;
                tu_surface_level_extent(s, L, &w, &h, &dd);
                const tu_level_layout *lv = &s->level[L];
                const uint64_t row = (uint64_t)blocks(w, d->block_width) * d->bytes;
                const uint64_t slice = row * blocks(h, d->block_height);
                CHECK(lv->offset == offset && lv->row_pitch == row && lv->slice_pitch == slice &&
                          lv->layer_pitch == slice * dd,
                      "%s shape %zu level %u", d->name, k, L);
                offset += slice * dd * s->layers;
                for (uint32_t layer = 0; layer < s->layers; layer++)
                    for (uint32_t z = 0; z < dd; z++)
                        for (uint32_t y = 0; y < h; y++)
                            for (uint32_t x = 0; x < w; x++) {
                                tu_texel_coord c = {x, y, z, layer, L, 0};
                                uint64_t got, want = lv->offset + layer * lv->layer_pitch +
                                                     z * slice + (y / d->block_height) * row +
                                                     (x / d->block_width) * d->bytes;
                                tu_error err;
                                if (!CHECK(tu_surface_texel_offset(s, &c, &got, &err) == TU_OK,
                                           "%s: %s", d->name, err.message))
                                    continue;
                                CHECK(got == want,
                                      "%s (%u, %u, %u) layer %u level %u: %llu, "
                                      "want %llu",
                                      d->name, x, y, z, layer, L, (unsigned long long)got,
                                      (unsigned long long)want);
                            }
            }
            CHECK(offset == s->size, "%s shape %zu: size %zu, levels end at %llu", d->name, k,
                  s->size, (unsigned long long)offset);
            /* the gate checks the whole block: one byte less and the last block is refused */
            tu_surface cut = *s;
            cut.size = s->size - 1;
            uint32_t w, h, dd;
            tu_surface_level_extent(s, s->levels - 1, &w, &h, &dd);
            tu_texel_coord last = {w - 1, h - 1, dd - 1, s->layers - 1, s->levels - 1, 0};
            uint64_t off;
            tu_error err;
            CHECK_ERR(tu_surface_texel_offset(&cut, &last, &off, &err), TU_OUT_OF_RANGE, &err,
                      "outside");
            tu_image_free(&img);
        }
    }
}

/* The decoder's texel as the engine returns it: sRGB R, G, B linearised. */
static tu_texel expected(const tu_surface *s, const tu_texel_coord *c) {
    const tu_format_desc *d = tu_format_describe(s->format);
    tuC_texel t;
    tu_texel out;
    const uint8_t *blk = tu_surface_texel_pointer(s, c);
    if (!(d->flags & TU_FORMAT_FLAG_COMPRESSED)) { /* the table-driven texel decode */
        tu_format_decode(s->format, blk, &out);
        return out;
    }
    tu_error err;
    CHECK(tuC_decode_texel(tuC_format_from_vk(d->vk_format), blk, d->bytes, c->x % d->block_width,
                           c->y % d->block_height, &t, &err) == TU_OK,
          "%s", err.message);
    for (unsigned k = 0; k < 4; k++)
        out.f[k] = (k < 3 && (d->flags & TU_FORMAT_FLAG_SRGB)) ? tu_srgb_to_linear(t.value[k])
                                                               : t.value[k];
    return out;
}

static bool same_float(float a, float b) {
    return a == b || (a != a && b != b);
}

static void test_loads(void) {
    const tu_format formats[] = {
        TU_FORMAT_BC1_RGBA_SRGB_BLOCK,
        TU_FORMAT_BC3_UNORM_BLOCK,
        TU_FORMAT_BC5_SNORM_BLOCK,
        TU_FORMAT_BC6H_SFLOAT_BLOCK,
        TU_FORMAT_BC7_SRGB_BLOCK,
        TU_FORMAT_ETC2_R8G8B8A1_UNORM_BLOCK,
        TU_FORMAT_EAC_R11G11_SNORM_BLOCK,
        TU_FORMAT_ASTC_5x4_UNORM_BLOCK,
        TU_FORMAT_ASTC_12x12_SFLOAT_BLOCK,
        TU_FORMAT_ASTC_6x5_SRGB_BLOCK,
        /* the 4:2:2 block formats, and formats only the generic texel path decodes */
        TU_FORMAT_G8B8G8R8_422_UNORM,
        TU_FORMAT_B10X6G10X6R10X6G10X6_422_UNORM_4PACK16,
        TU_FORMAT_B16G16R16G16_422_UNORM,
        TU_FORMAT_R8G8B8_SRGB,
        TU_FORMAT_A1R5G5B5_UNORM_PACK16,
        TU_FORMAT_R12X4G12X4_UNORM_2PACK16,
        TU_FORMAT_R16G16_SFIXED5_NV,
        TU_FORMAT_A2R10G10B10_SSCALED_PACK32,
        TU_FORMAT_L8A8_UNORM,
        TU_FORMAT_I16_FLOAT,
        TU_FORMAT_R10G10B10_SNORM_A2_UNORM,
    };
    tu_reply *r = calloc(1, sizeof *r);
    tu_msg *m = calloc(1, sizeof *m);
    if (!CHECK(r && m)) goto done;
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        tu_image img = tu_test_image(TU_SURFACE_2D, true, formats[i], 15, 9, 1, 2, 2, 1);
        if (!img.memory) continue;
        tu_error err = {0};
        CHECK(tu_surface_fill_hash(&img.surface, 77 + (uint32_t)i, &err) == TU_OK, "%s",
              err.message);
        tu_sampler smp = tu_sampler_default();
        smp.min_filter = smp.mag_filter = TU_FILTER_NEAREST;
        smp.mip_filter = TU_MIP_NEAREST;
        for (uint32_t L = 0; L < 2; L++) {
            uint32_t w, h;
            tu_surface_level_extent(&img.surface, L, &w, &h, NULL);
            for (uint32_t layer = 0; layer < 2; layer++)
                for (uint32_t y = 0; y < h; y++)
                    for (uint32_t x = 0; x < w; x++) {
                        tu_texel_coord c = {x, y, 0, layer, L, 0};
                        tu_texel want = expected(&img.surface, &c);
                        memset(m, 0, sizeof *m);
                        m->op = TU_OP_LD, m->simd = 1, m->lane_mask = 1, m->channel_mask = 0xf;
                        m->src[TU_SRC_U].i[0] = (int32_t)x, m->src[TU_SRC_V].i[0] = (int32_t)y;
                        m->src[TU_SRC_R].i[0] = (int32_t)layer;
                        m->src[TU_SRC_LOD].i[0] = (int32_t)L;
                        if (!CHECK(tu_execute(m, &img.surface, &smp, r, &err) == TU_OK, "%s",
                                   err.message))
                            continue;
                        for (unsigned k = 0; k < 4; k++)
                            CHECK(same_float(r->channel[k].f[0], want.f[k]),
                                  "%s ld (%u, %u) layer %u level %u comp %u: %g, want %g",
                                  tu_format_describe(formats[i])->name, x, y, layer, L, k,
                                  (double)r->channel[k].f[0], (double)want.f[k]);
                        /* sample_l, nearest, at the texel's centre: the same texel */
                        memset(m, 0, sizeof *m);
                        m->op = TU_OP_SAMPLE_L, m->simd = 1, m->lane_mask = 1;
                        m->channel_mask = 0xf;
                        m->src[TU_SRC_U].f[0] = ((float)x + 0.5f) / (float)w;
                        m->src[TU_SRC_V].f[0] = ((float)y + 0.5f) / (float)h;
                        m->src[TU_SRC_R].f[0] = (float)layer;
                        m->src[TU_SRC_LOD].f[0] = (float)L;
                        if (!CHECK(tu_execute(m, &img.surface, &smp, r, &err) == TU_OK, "%s",
                                   err.message))
                            continue;
                        for (unsigned k = 0; k < 4; k++)
                            CHECK(same_float(r->channel[k].f[0], want.f[k]),
                                  "%s sample_l (%u, %u) comp %u: %g, want %g",
                                  tu_format_describe(formats[i])->name, x, y, k,
                                  (double)r->channel[k].f[0], (double)want.f[k]);
                    }
        }
        if (!tu_format_is_compressed(formats[i])) {
            tu_image_free(&img);
            continue;
        }
        /* MEDIA_LD reads bytes of texels: refused */
        tu_image flat = tu_test_image(TU_SURFACE_2D, false, formats[i], 16, 8, 1, 1, 1, 1);
        uint8_t dst[64 * 64];
        tu_media_read mr = {.mode = TU_MEDIA_FRAME, .width = 8, .height = 4};
        CHECK_ERR(tu_media_block_read(&flat.surface, &mr, dst, sizeof dst, &err), TU_UNSUPPORTED,
                  &err, "block-compressed");
        tu_image_free(&flat);
        tu_image_free(&img);
    }
done:
    free(r);
    free(m);
}

/*
 * The 4:2:2 formats against their Vulkan definitions, read from the NAME ("Formats"): the
 * block's words in order, each named by its component and value width, "X6" / "X4" the unused
 * low bits below the value of a 16-bit word (G10X6 ... _4PACK16); texel i of the pair takes
 * the i-th G and the shared B and R, UNORM c / (2^n - 1). Random blocks decode to that; a
 * pair whose texels share B and R encodes back to the block with its unused bits cleared.
 */
static void test_422_from_names(void) {
    uint64_t rng = tu_test_seed(0x422);
    unsigned formats = 0;
    for (int fi = 1; fi < TU_FORMAT_COUNT; fi++) {
        const tu_format_desc *d = tu_format_describe((tu_format)fi);
        if (!d || !strstr(d->name, "_422_")) continue;
        formats++;
        char comp[4];
        unsigned vbits[4], pad[4], nw = 0;
        for (const char *p = d->name; *p && *p != '_' && nw < 4;) {
            comp[nw] = *p++;
            vbits[nw] = (unsigned)strtoul(p, (char **)&p, 10);
            pad[nw] = 0;
            if (*p == 'X') pad[nw] = (unsigned)strtoul(p + 1, (char **)&p, 10);
            nw++;
        }
        if (!CHECK(nw == 4, "%s: %u words in the name", d->name, nw)) continue;
        const unsigned word_bytes = d->bytes / 4;
        CHECK(word_bytes * 8 == vbits[0] + pad[0], "%s: %u-byte words", d->name, word_bytes);
        CHECK(d->block_width == 2 && d->block_height == 1, "%s", d->name);
        const tuC_format f = tuC_format_from_vk(d->vk_format);
        for (unsigned trial = 0; trial < 200; trial++) {
            uint8_t block[8], back[8];
            for (unsigned b = 0; b < d->bytes; b++)
                block[b] = (uint8_t)tu_test_rand(&rng);
            float want[2][4];
            for (unsigned x = 0; x < 2; x++) {
                unsigned g_seen = 0;
                want[x][3] = 1.0f;
                for (unsigned w = 0; w < 4; w++) {
                    uint32_t word = block[w * word_bytes];
                    if (word_bytes == 2) word |= (uint32_t)block[w * word_bytes + 1] << 8;
                    const uint32_t code = word >> pad[w];
                    const float v = (float)code / (float)((1u << vbits[w]) - 1u);
                    if (comp[w] == 'R') want[x][0] = v;
                    if (comp[w] == 'B') want[x][2] = v;
                    if (comp[w] == 'G' && g_seen++ == x) want[x][1] = v;
                }
            }
            tuC_texel t[2];
            tu_error err;
            for (unsigned x = 0; x < 2; x++) {
                if (!CHECK(tuC_decode_texel(f, block, d->bytes, x, 0, &t[x], &err) == TU_OK, "%s",
                           err.message))
                    continue;
                for (unsigned c = 0; c < 4; c++)
                    CHECK(t[x].value[c] == want[x][c], "%s texel %u comp %u: %g, want %g", d->name,
                          x, c, (double)t[x].value[c], (double)want[x][c]);
            }
            const float in[2][4] = {{want[0][0], want[0][1], want[0][2], 1.0f},
                                    {want[0][0], want[1][1], want[0][2], 1.0f}};
            CHECK(tuC_encode_block(f, in, 2, back, sizeof back, &err) == TU_OK, "%s", err.message);
            for (unsigned w = 0; w < 4; w++) {
                uint32_t word = block[w * word_bytes], got = back[w * word_bytes];
                if (word_bytes == 2) {
                    word |= (uint32_t)block[w * word_bytes + 1] << 8;
                    got |= (uint32_t)back[w * word_bytes + 1] << 8;
                }
                CHECK(got == (word >> pad[w]) << pad[w], "%s word %u: encoded 0x%x, want 0x%x",
                      d->name, w, got, (word >> pad[w]) << pad[w]);
            }
        }
    }
    CHECK_EQ_U(formats, 8);
}

/* tu_surface_fill_hash: each block is the encoder's block of the generator's texels (the rule
 * of texunit/surface.h, recomputed here), edge texels repeated into partial blocks; and
 * tu_surface_decode_texel agrees with the block decoder. */
static void test_fill_and_decode_texel(void) {
    const tu_format formats[] = {TU_FORMAT_BC4_SNORM_BLOCK, TU_FORMAT_BC6H_UFLOAT_BLOCK,
                                 TU_FORMAT_ETC2_R8G8B8_SRGB_BLOCK, TU_FORMAT_ASTC_10x6_SRGB_BLOCK};
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        const tu_format_desc *d = tu_format_describe(formats[i]);
        tu_image img = tu_test_image(TU_SURFACE_3D, false, formats[i], 11, 7, 2, 1, 2, 1);
        if (!img.memory) continue;
        tu_error err;
        CHECK(tu_surface_fill_hash(&img.surface, 5, &err) == TU_OK, "%s", err.message);
        for (uint32_t L = 0; L < 2; L++) {
            uint32_t w, h, dd;
            tu_surface_level_extent(&img.surface, L, &w, &h, &dd);
            for (uint32_t z = 0; z < dd; z++)
                for (uint32_t y = 0; y < h; y += d->block_height)
                    for (uint32_t x = 0; x < w; x += d->block_width) {
                        float in[TUC_MAX_BLOCK_TEXELS][4];
                        for (uint32_t j = 0; j < d->block_height; j++)
                            for (uint32_t k = 0; k < d->block_width; k++)
                                for (unsigned c = 0; c < 4; c++) {
                                    uint32_t tx = x + k < w ? x + k : w - 1;
                                    uint32_t ty = y + j < h ? y + j : h - 1;
                                    uint32_t hh = tu_texel_hash(5, L, 0, tx, ty, z, c);
                                    unsigned num = d->channels[c].numeric;
                                    float v = num == TU_NUMERIC_SNORM
                                                  ? fmaxf((float)(int8_t)(hh >> 24) / 127.0f, -1)
                                              : num == TU_NUMERIC_UFLOAT
                                                  ? (float)((int)(hh >> 21) - 1024) / 1024.0f
                                                  : (float)(hh >> 24) / 255.0f;
                                    in[j * d->block_width + k][c] =
                                        c < d->channel_count ? v : (c == 3 ? 1.0f : 0.0f);
                                }
                        uint8_t want[16];
                        CHECK(tuC_encode_block(tuC_format_from_vk(d->vk_format),
                                               (const float(*)[4])in, TUC_MAX_BLOCK_TEXELS, want,
                                               sizeof want, &err) == TU_OK);
                        tu_texel_coord c = {x, y, z, 0, L, 0};
                        const uint8_t *got = tu_surface_texel_pointer(&img.surface, &c);
                        CHECK(got && memcmp(got, want, d->bytes) == 0,
                              "%s level %u block (%u, %u, %u)", d->name, L, x, y, z);
                        tu_texel t, e = expected(&img.surface, &c);
                        CHECK(tu_surface_decode_texel(&img.surface, &c, &t, &err) == TU_OK);
                        CHECK(memcmp(&t, &e, sizeof t) == 0, "%s decode_texel", d->name);
                    }
        }
        tu_image_free(&img);
    }
}

/* A SIMD16 message of op over the view: lane l at ((l + 0.3) / 16, (l % 5 + 0.6) / 5, 0.4)
 * normalized for sampling, (l % 8, l / 8, 0) for ld, layer 0 (cube: face l % 6), level 0. */
static void fast_probe_msg(tu_msg *m, tu_op op, tu_surface_type type) {
    memset(m, 0, sizeof *m);
    m->op = op, m->simd = 16, m->lane_mask = 0xffff, m->channel_mask = 0xf;
    for (unsigned l = 0; l < 16; l++) {
        if (op == TU_OP_LD) {
            m->src[TU_SRC_U].i[l] = (int32_t)(l % 8), m->src[TU_SRC_V].i[l] = (int32_t)(l / 8);
            continue;
        }
        m->src[TU_SRC_U].f[l] = ((float)l + 0.3f) / 16.0f;
        m->src[TU_SRC_V].f[l] = ((float)(l % 5) + 0.6f) / 5.0f;
        m->src[TU_SRC_R].f[l] = type == TU_SURFACE_3D ? 0.4f : 0.0f;
        if (type == TU_SURFACE_CUBE) /* a direction: major axis x, y or z by lane */
            m->src[TU_SRC_U].f[l] = l % 3 == 0 ? 1.0f : 0.25f,
            m->src[TU_SRC_V].f[l] = l % 3 == 1 ? -1.0f : 0.5f,
            m->src[TU_SRC_R].f[l] = l % 3 == 2 ? 1.0f : -0.125f;
    }
}

/* Run m on s with the fast paths allowed and forced off; returns the fast path's name (NULL
 * for the generic path) and checks that both answer alike. */
static const char *fast_probe(const tu_msg *m, const tu_surface *s, const tu_sampler *smp,
                              const char *what) {
    static tu_reply fast_reply, generic_reply;
    memset(&fast_reply, 0, sizeof fast_reply), memset(&generic_reply, 0, sizeof generic_reply);
    tu_error e1 = {0}, e2 = {0};
    const char *row = "unset";
    const tu_status st1 = tuE_execute(m, s, smp, &fast_reply, &e1, true, &row);
    const tu_status st2 = tuE_execute(m, s, smp, &generic_reply, &e2, false, NULL);
    CHECK(st1 == TU_OK && st2 == TU_OK, "%s: %s / %s", what, e1.message, e2.message);
    CHECK(memcmp(&fast_reply, &generic_reply, sizeof fast_reply) == 0,
          "%s: the reply differs with the fast paths allowed", what);
    return row;
}

static void test_never_fast(void) {
    const struct {
        tu_surface_type type;
        bool block_linear;
        uint32_t w, h, d, layers;
    } shapes[] = {
        {TU_SURFACE_2D, false, 16, 10, 1, 1}, {TU_SURFACE_2D, true, 16, 10, 1, 1},
        {TU_SURFACE_1D, false, 16, 1, 1, 1},  {TU_SURFACE_CUBE, false, 8, 8, 1, 6},
        {TU_SURFACE_3D, false, 16, 10, 3, 1},
    };
    const tu_op ops[] = {TU_OP_SAMPLE_L, TU_OP_SAMPLE_LZ, TU_OP_LD};
    tu_msg *m = calloc(1, sizeof *m);
    if (!CHECK(m != NULL)) return;
    tu_sampler smp = tu_sampler_default();
    smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
    smp.address[0] = smp.address[1] = smp.address[2] = TU_ADDRESS_CLAMP_EDGE;
    unsigned long generic = 0;
    for (int f = 1; f < TU_FORMAT_COUNT; f++) {
        const bool compressed = tu_format_is_compressed((tu_format)f);
        if (!compressed && f != TU_FORMAT_R8G8B8A8_UNORM) continue;
        const char *name = tu_format_describe((tu_format)f)->name;
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
            tu_surface desc = {.type = shapes[k].type,
                               .format = (tu_format)f,
                               .width = shapes[k].w,
                               .height = shapes[k].h,
                               .depth = shapes[k].d,
                               .layers = shapes[k].layers,
                               .levels = 1,
                               .samples = 1,
                               .level_count = 1};
            uint64_t need;
            tu_error err;
            const tu_status st = shapes[k].block_linear
                                     ? tu_surface_layout_block_linear(&desc, &need, &err)
                                     : tu_surface_layout_packed(&desc, &need, &err);
            if (!CHECK(st == TU_OK, "%s shape %zu: %s", name, k, err.message)) continue;
            uint8_t *mem = calloc(1, (size_t)need);
            if (!CHECK(mem != NULL)) continue;
            desc.data = mem, desc.size = (size_t)need;
            CHECK(tu_surface_fill_hash(&desc, 31 + (uint32_t)f, &err) == TU_OK, "%s", err.message);
            for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
                if (ops[o] == TU_OP_LD && shapes[k].type == TU_SURFACE_CUBE) continue;
                fast_probe_msg(m, ops[o], shapes[k].type);
                char what[96];
                snprintf(what, sizeof what, "%s shape %zu op %d", name, k, (int)ops[o]);
                const char *row = fast_probe(m, &desc, &smp, what);
                if (compressed) {
                    CHECK(row == NULL, "%s took the fast path %s", what, row ? row : "?");
                    generic++;
                } else if (shapes[k].type == TU_SURFACE_2D && !shapes[k].block_linear) {
                    /* the control: the same message on RGBA8 2D linear is a kernel's */
                    CHECK(row != NULL, "%s: the control took no fast path", what);
                }
            }
            free(mem);
        }
    }
    CHECK(generic > 0);
    free(m);
}

static void test_refusals(void) {
    tu_surface desc = {.type = TU_SURFACE_BUFFER,
                       .format = TU_FORMAT_BC1_RGB_UNORM_BLOCK,
                       .width = 16,
                       .height = 1,
                       .depth = 1,
                       .layers = 1,
                       .levels = 1,
                       .samples = 1};
    tu_error err;
    uint64_t need;
    CHECK_ERR(tu_surface_layout_packed(&desc, &need, &err), TU_UNSUPPORTED, &err, "BUFFER");
    desc.type = TU_SURFACE_2D, desc.height = 16, desc.samples = 4;
    CHECK_ERR(tu_surface_layout_packed(&desc, &need, &err), TU_UNSUPPORTED, &err, "4 samples");
    desc.samples = 1;
    /* block-linear: 4x4 blocks of 8 bytes, 32 bytes a row: one GOB (test_nv_block_linear) */
    CHECK(tu_surface_layout_block_linear(&desc, &need, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(need, 512);
    desc.tiling = TU_TILING_LINEAR;
    CHECK(tu_surface_layout_packed(&desc, &need, &err) == TU_OK, "%s", err.message);
    CHECK_EQ_U(need, 4 * 4 * 8);
    /* the Intel tilings lay blocks out as elements (test_tiling_intel checks the places): a
     * packed linear layout under an Intel tiling is refused for its pitches, the tiling's own
     * layout is accepted */
    uint8_t mem[4 * 4 * 8];
    desc.data = mem, desc.size = sizeof mem, desc.level_count = 1;
    CHECK(tu_surface_validate(&desc, &err) == TU_OK, "%s", err.message);
    for (int t = TU_TILING_INTEL_X; t <= TU_TILING_INTEL_64; t++) {
        tu_surface tiled = desc;
        tiled.tiling = (tu_tiling)t;
        CHECK_ERR(tu_surface_validate(&tiled, &err), TU_INVALID_ARGUMENT, &err, "slice_pitch");
        CHECK(tu_surface_layout_intel(&tiled, &need, &err) == TU_OK, "%s", err.message);
        void *tm = calloc(need, 1);
        tiled.data = tm, tiled.size = need;
        CHECK(tu_surface_validate(&tiled, &err) == TU_OK, "%s", err.message);
        tiled.size = need - 1;
        CHECK_ERR(tu_surface_validate(&tiled, &err), TU_INVALID_ARGUMENT, &err,
                  "do not fit in size");
        free(tm);
    }
}

int main(void) {
    TU_RUN(test_layout_every_format);
    TU_RUN(test_loads);
    TU_RUN(test_422_from_names);
    TU_RUN(test_fill_and_decode_texel);
    TU_RUN(test_never_fast);
    TU_RUN(test_refusals);
    return tu_test_finish();
}
