/* SPDX-License-Identifier: MIT */
/*
 * test_etc_mesa.c - ETC2 and EAC against a second, independent decoder: Mesa's OpenGL
 * (src/mesa/main/texcompress_etc.c, which decodes ETC2 / EAC in software when the driver
 * has no native support, as llvmpipe has not), reached headless through EGL's surfaceless
 * platform with a desktop OpenGL 4.5 core context (ETC2 / EAC are core since 4.3,
 * ARB_ES3_compatibility). docs/testing.md, "ETC2 and EAC against Mesa".
 *
 * What is tested, for each of the ten formats (ETC2 RGB8, RGB8A1, RGBA8 and their sRGB forms,
 * EAC R11, signed R11, RG11, signed RG11):
 *   - 102,656 random blocks in one 1022 x 1601 image (partial blocks on the right and bottom
 *     edges), uploaded with glCompressedTexImage2D, read back with glGetTexImage in a type
 *     that shows every bit Mesa decoded, and compared texel for texel with texunit's block
 *     decoder (tuC_decode_block): every 8-bit code of ETC2, every 11-bit value of EAC. A
 *     quarter of the ETC2 blocks is random; the rest is steered into each mode in turn
 *     (individual, differential, T, H, planar; RGB8A1's opaque bit stays random, so
 *     punch-through is on in half of them; a quarter of the H blocks have two equal colours,
 *     the tie of the distance's low bit). The test counts the modes it produced, and the
 *     EAC multiplier / table pairs (every one of the 256, multiplier 0 among them) and the
 *     signed base codeword -128, and fails when one is missing.
 *   - A surface of three levels (13 x 7, 6 x 3, 3 x 1: partial blocks, a level narrower than
 *     a block) of random bytes, each level uploaded as a GL mip level and read back, against
 *     texunit's LD of every texel through tu_execute: the UNORM / SNORM value of the code
 *     Mesa decoded, and for sRGB the EOTF of it, computed here from its definition.
 *
 * Mesa's decoded representation (texcompress_etc.c; the deviations from Vulkan are
 * documented in docs/testing.md):
 *   - ETC2 to RGBA8 (the sRGB forms to SRGB8_ALPHA8, sRGB-encoded): GL_UNSIGNED_BYTE shows
 *     the 8-bit codes; Mesa's glGetTexImage does not convert sRGB.
 *   - EAC unsigned to R16 / RG16: the 11-bit value c widened by bit replication,
 *     (c << 5) | (c >> 6); GL_UNSIGNED_SHORT shows it and c = v >> 5.
 *   - EAC signed to R16_SNORM / RG16_SNORM: the magnitude of c (-1023..1023) widened,
 *     sign(c) * ((|c| << 5) | (|c| >> 5)); GL_SHORT shows it and |c| = |v| >> 5.
 *   The test recovers c and also checks that v is exactly that widening of c, so every bit
 *   of Mesa's answer is accounted for.
 *
 * Without EGL, a surfaceless display or an OpenGL 4.3 context the test prints "skipped: ..."
 * and exits 77 (CTest SKIP_RETURN_CODE). It prefers Mesa's EGL vendor and software
 * rendering (LIBGL_ALWAYS_SOFTWARE) unless the environment chooses otherwise.
 */
#define _POSIX_C_SOURCE 200809L /* setenv, access */

#include "../src/format/compressed/compressed.h"
#include "texunit/texunit.h"

#include "tu_test.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define SKIP 77

/* The bulk image: 256 x 401 blocks, the last column and row partial. */
#define BULK_W 1022u
#define BULK_H 1601u

/* ---- OpenGL through EGL ------------------------------------------------------------------- */

static struct {
    PFNGLGETSTRINGPROC GetString;
    PFNGLGETINTEGERVPROC GetIntegerv;
    PFNGLGETERRORPROC GetError;
    PFNGLGENTEXTURESPROC GenTextures;
    PFNGLDELETETEXTURESPROC DeleteTextures;
    PFNGLBINDTEXTUREPROC BindTexture;
    PFNGLTEXPARAMETERIPROC TexParameteri;
    PFNGLPIXELSTOREIPROC PixelStorei;
    PFNGLCOMPRESSEDTEXIMAGE2DPROC CompressedTexImage2D;
    PFNGLGETTEXIMAGEPROC GetTexImage;
    PFNGLGETTEXLEVELPARAMETERIVPROC GetTexLevelParameteriv;
} gl;

static char skip_reason[256];
static EGLDisplay egl_display = EGL_NO_DISPLAY;
static EGLContext egl_context = EGL_NO_CONTEXT;

/* A current OpenGL 4.3+ core context on a surfaceless EGL display, or false with
 * skip_reason set. */
static bool gl_open(void) {
    /* Mesa's EGL vendor and its software rasterizer, whose ETC2 / EAC decode is the one this
     * test means; the environment may choose otherwise (then the GL in use is the reference). */
    const char *mesa_vendor = "/usr/share/glvnd/egl_vendor.d/50_mesa.json";
    if (access(mesa_vendor, R_OK) == 0) setenv("__EGL_VENDOR_LIBRARY_FILENAMES", mesa_vendor, 0);
    setenv("LIBGL_ALWAYS_SOFTWARE", "1", 0);

    const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    if (!client || !strstr(client, "EGL_MESA_platform_surfaceless")) {
        snprintf(skip_reason, sizeof skip_reason,
                 "EGL has no EGL_MESA_platform_surfaceless (Debian: libegl-mesa0)");
        return false;
    }
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    EGLDisplay dpy = get_display
                         ? get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL)
                         : EGL_NO_DISPLAY;
    EGLint major, minor;
    if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor)) {
        dpy = EGL_NO_DISPLAY;
        snprintf(skip_reason, sizeof skip_reason,
                 "no surfaceless EGL display (EGL error 0x%x; Debian: libegl-mesa0, "
                 "libgl1-mesa-dri)",
                 (unsigned)eglGetError());
        return false;
    }
    egl_display = dpy;
    const char *dpy_ext = eglQueryString(dpy, EGL_EXTENSIONS);
    if (!dpy_ext || !strstr(dpy_ext, "EGL_KHR_no_config_context") ||
        !strstr(dpy_ext, "EGL_KHR_surfaceless_context")) {
        snprintf(skip_reason, sizeof skip_reason,
                 "the EGL display lacks EGL_KHR_no_config_context or "
                 "EGL_KHR_surfaceless_context");
        return false;
    }
    if (!eglBindAPI(EGL_OPENGL_API)) {
        snprintf(skip_reason, sizeof skip_reason, "EGL cannot bind the OpenGL API");
        return false;
    }
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION,
                              4,
                              EGL_CONTEXT_MINOR_VERSION,
                              3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK,
                              EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    egl_context = ctx;
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        snprintf(skip_reason, sizeof skip_reason,
                 "no OpenGL 4.3 core context (EGL error 0x%x; Debian: libgl1-mesa-dri)",
                 (unsigned)eglGetError());
        return false;
    }
#define LOAD(name)                                                              \
    do {                                                                        \
        *(void **)&gl.name = (void *)eglGetProcAddress("gl" #name);             \
        if (!gl.name) {                                                         \
            snprintf(skip_reason, sizeof skip_reason, "no gl" #name " in EGL"); \
            return false;                                                       \
        }                                                                       \
    } while (0)
    LOAD(GetString);
    LOAD(GetIntegerv);
    LOAD(GetError);
    LOAD(GenTextures);
    LOAD(DeleteTextures);
    LOAD(BindTexture);
    LOAD(TexParameteri);
    LOAD(PixelStorei);
    LOAD(CompressedTexImage2D);
    LOAD(GetTexImage);
    LOAD(GetTexLevelParameteriv);
#undef LOAD
    GLint gl_major = 0, gl_minor = 0;
    gl.GetIntegerv(GL_MAJOR_VERSION, &gl_major);
    gl.GetIntegerv(GL_MINOR_VERSION, &gl_minor);
    if (gl_major * 10 + gl_minor < 43) {
        snprintf(skip_reason, sizeof skip_reason, "OpenGL %d.%d, ETC2 / EAC need 4.3", gl_major,
                 gl_minor);
        return false;
    }
    printf("reference: %s, OpenGL %s\n", (const char *)gl.GetString(GL_RENDERER),
           (const char *)gl.GetString(GL_VERSION));
    return true;
}

/* Release the context gl_open made. The display stays initialised: eglTerminate unloads
 * Mesa's driver, which leaves a few of its allocations unreachable (240 bytes, reported as
 * leaks under the sanitizer build though they are Mesa's, not texunit's). */
static void gl_close(void) {
    if (egl_display == EGL_NO_DISPLAY) return;
    eglMakeCurrent(egl_display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (egl_context != EGL_NO_CONTEXT) eglDestroyContext(egl_display, egl_context);
}

/* ---- the formats ------------------------------------------------------------------------- */

typedef struct fmt {
    tu_format tu;
    GLenum gl;
    GLenum read_format, read_type; /* glGetTexImage */
} fmt;

static const fmt formats[] = {
    {TU_FORMAT_ETC2_R8G8B8_UNORM_BLOCK, GL_COMPRESSED_RGB8_ETC2, GL_RGBA, GL_UNSIGNED_BYTE},
    {TU_FORMAT_ETC2_R8G8B8_SRGB_BLOCK, GL_COMPRESSED_SRGB8_ETC2, GL_RGBA, GL_UNSIGNED_BYTE},
    {TU_FORMAT_ETC2_R8G8B8A1_UNORM_BLOCK, GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_RGBA,
     GL_UNSIGNED_BYTE},
    {TU_FORMAT_ETC2_R8G8B8A1_SRGB_BLOCK, GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_RGBA,
     GL_UNSIGNED_BYTE},
    {TU_FORMAT_ETC2_R8G8B8A8_UNORM_BLOCK, GL_COMPRESSED_RGBA8_ETC2_EAC, GL_RGBA, GL_UNSIGNED_BYTE},
    {TU_FORMAT_ETC2_R8G8B8A8_SRGB_BLOCK, GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, GL_RGBA,
     GL_UNSIGNED_BYTE},
    {TU_FORMAT_EAC_R11_UNORM_BLOCK, GL_COMPRESSED_R11_EAC, GL_RED, GL_UNSIGNED_SHORT},
    {TU_FORMAT_EAC_R11_SNORM_BLOCK, GL_COMPRESSED_SIGNED_R11_EAC, GL_RED, GL_SHORT},
    {TU_FORMAT_EAC_R11G11_UNORM_BLOCK, GL_COMPRESSED_RG11_EAC, GL_RG, GL_UNSIGNED_SHORT},
    {TU_FORMAT_EAC_R11G11_SNORM_BLOCK, GL_COMPRESSED_SIGNED_RG11_EAC, GL_RG, GL_SHORT},
};

static bool is_eac(const fmt *f) {
    return f->read_type != GL_UNSIGNED_BYTE;
}

/* Components glGetTexImage returns per texel. */
static unsigned read_components(const fmt *f) {
    return f->read_format == GL_RGBA ? 4 : f->read_format == GL_RG ? 2 : 1;
}

/* Mesa's texel component k at index i of a read-back buffer, as the decoded code: the 8-bit
 * code (ETC2) or the 11-bit value c (EAC), with *ok false when the 16-bit value is not
 * Mesa's widening of any c (see the top of the file). */
static int mesa_code(const fmt *f, const void *buf, size_t i, bool *ok) {
    *ok = true;
    if (f->read_type == GL_UNSIGNED_BYTE) return ((const uint8_t *)buf)[i];
    if (f->read_type == GL_UNSIGNED_SHORT) {
        unsigned v = ((const uint16_t *)buf)[i], c = v >> 5;
        *ok = ((c << 5) | (c >> 6)) == v;
        return (int)c;
    }
    int v = ((const int16_t *)buf)[i], m = v < 0 ? -v : v, c = m >> 5;
    *ok = ((c << 5) | (c >> 5)) == m && c <= 1023;
    return v < 0 ? -c : c;
}

/* Upload `level` of a texture bound to GL_TEXTURE_2D and read it back into out (room for
 * w * h * read_components texels of the read type). */
static bool gl_roundtrip(const fmt *f, GLint level, uint32_t w, uint32_t h, const void *data,
                         size_t size, void *out) {
    gl.CompressedTexImage2D(GL_TEXTURE_2D, level, f->gl, (GLsizei)w, (GLsizei)h, 0, (GLsizei)size,
                            data);
    GLenum e = gl.GetError();
    if (!CHECK(e == GL_NO_ERROR, "%s: glCompressedTexImage2D level %d %ux%u: GL error 0x%x",
               tu_format_describe(f->tu)->name, level, w, h, e))
        return false;
    GLint compressed = 0, internal = 0;
    gl.GetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_COMPRESSED, &compressed);
    gl.GetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_INTERNAL_FORMAT, &internal);
    CHECK(compressed && (GLenum)internal == f->gl, "%s: GL keeps internal format 0x%x",
          tu_format_describe(f->tu)->name, (unsigned)internal);
    gl.GetTexImage(GL_TEXTURE_2D, level, f->read_format, f->read_type, out);
    e = gl.GetError();
    return CHECK(e == GL_NO_ERROR, "%s: glGetTexImage level %d: GL error 0x%x",
                 tu_format_describe(f->tu)->name, level, e);
}

/* ---- random blocks, steered into the modes ----------------------------------------------- */

static uint64_t rng = 0xe7c2d1ffull;

enum { M_INDIVIDUAL, M_DIFFERENTIAL, M_T, M_H, M_PLANAR, MODE_COUNT };
static const char *const mode_names[MODE_COUNT] = {"individual", "differential", "T", "H",
                                                   "planar"};

/* A random byte whose 5-bit base (bits 7..3) plus 3-bit signed delta (bits 2..0) leaves
 * [0, 31] (overflow) or stays inside: the field that selects T, H and planar (DFS ETC2,
 * "differential" mode's overflow rules). */
static uint8_t channel_byte(bool overflow) {
    for (;;) {
        uint8_t b = (uint8_t)tu_test_rand(&rng);
        int d = (int)(b & 3) - (int)(b & 4), s = (b >> 3) + d;
        if ((s < 0 || s > 31) == overflow) return b;
    }
}

/* The mode the DFS assigns to an ETC2 colour block (bytes in memory order). */
static int etc2_mode(const uint8_t *c, bool punch_through) {
    if (!punch_through && !(c[3] & 2)) return M_INDIVIDUAL;
    for (unsigned k = 0; k < 3; k++) {
        int d = (int)(c[k] & 3) - (int)(c[k] & 4), s = (c[k] >> 3) + d;
        if (s < 0 || s > 31) return M_T + (int)k;
    }
    return M_DIFFERENTIAL;
}

/* Fill an ETC2 colour block: random, or (steer < MODE_COUNT) steered into that mode. */
static void etc2_block(uint8_t *c, int steer, bool punch_through) {
    for (unsigned k = 0; k < 8; k++)
        c[k] = (uint8_t)tu_test_rand(&rng);
    if (steer >= MODE_COUNT) return;
    if (steer == M_INDIVIDUAL) {
        if (!punch_through) c[3] &= (uint8_t)~2u; /* RGB8A1 has no individual mode */
        return;
    }
    if (!punch_through) c[3] |= 2; /* the differential bit; RGB8A1's opaque bit stays random */
    c[0] = channel_byte(steer == M_T);
    if (steer != M_T) c[1] = channel_byte(steer == M_H);
    if (steer != M_T && steer != M_H) c[2] = channel_byte(steer == M_PLANAR);
    if (steer == M_H && tu_test_rand(&rng) % 4 == 0) {
        /* colour 2 = colour 1, the tie of the distance's low bit (colour 1 >= colour 2) */
        uint64_t w = 0;
        for (unsigned k = 0; k < 8; k++)
            w = w << 8 | c[k];
        uint64_t r1 = (w >> 59) & 15, g1 = ((w >> 56) & 7) << 1 | ((w >> 52) & 1);
        uint64_t b1 = ((w >> 51) & 1) << 3 | ((w >> 47) & 7);
        w = (w & ~(0xfffull << 35)) | (r1 << 43 | g1 << 39 | b1 << 35);
        for (unsigned k = 0; k < 8; k++)
            c[k] = (uint8_t)(w >> (56 - 8 * k));
    }
}

/* In H mode: colour 1 equals colour 2. */
static bool h_tie(const uint8_t *c) {
    uint64_t w = 0;
    for (unsigned k = 0; k < 8; k++)
        w = w << 8 | c[k];
    uint64_t r1 = (w >> 59) & 15, g1 = ((w >> 56) & 7) << 1 | ((w >> 52) & 1);
    uint64_t b1 = ((w >> 51) & 1) << 3 | ((w >> 47) & 7);
    return (r1 << 8 | g1 << 4 | b1) == ((w >> 35) & 0xfff);
}

/* ---- the bulk comparison ----------------------------------------------------------------- */

typedef struct coverage {
    long mode[MODE_COUNT], transparent[MODE_COUNT]; /* transparent: RGB8A1 opaque bit 0 */
    long eac[16][16];                               /* [multiplier][table] */
    long base_minus_128;
    long h_ties; /* H blocks whose two colours are equal */
} coverage;

static void count_eac(coverage *cov, const uint8_t *e) {
    cov->eac[e[1] >> 4][e[1] & 15]++;
    if (e[0] == 0x80) cov->base_minus_128++;
}

static void test_bulk_format(const fmt *f) {
    const tu_format_desc *d = tu_format_describe(f->tu);
    const tuC_format cf = tuC_format_from_vk(d->vk_format);
    const tuC_format_info *info = tuC_format_info_get(cf);
    const bool punch = info->codec == TUC_ETC2_RGB8A1;
    const uint32_t bx = (BULK_W + 3) / 4, by = (BULK_H + 3) / 4;
    const size_t nblocks = (size_t)bx * by, size = nblocks * d->bytes;
    const unsigned comps = read_components(f), csize = f->read_type == GL_UNSIGNED_BYTE ? 1 : 2;
    uint8_t *data = malloc(size);
    void *back = malloc((size_t)BULK_W * BULK_H * comps * csize);
    coverage *cov = calloc(1, sizeof *cov);
    if (!CHECK(data && back && cov)) goto done;

    for (size_t b = 0; b < nblocks; b++) {
        uint8_t *blk = data + b * d->bytes;
        if (is_eac(f)) {
            for (unsigned k = 0; k < d->bytes; k++)
                blk[k] = (uint8_t)tu_test_rand(&rng);
            for (unsigned k = 0; k < d->bytes; k += 8)
                count_eac(cov, blk + k);
            continue;
        }
        uint8_t *colour = info->codec == TUC_ETC2_RGBA8 ? blk + 8 : blk;
        if (info->codec == TUC_ETC2_RGBA8) { /* the EAC alpha block first */
            for (unsigned k = 0; k < 8; k++)
                blk[k] = (uint8_t)tu_test_rand(&rng);
            count_eac(cov, blk);
        }
        /* a quarter random, the rest each mode in turn */
        int steer = (b % 4 == 0) ? MODE_COUNT : (int)((b / 4) % MODE_COUNT);
        etc2_block(colour, steer, punch);
        int m = etc2_mode(colour, punch);
        cov->mode[m]++;
        if (m == M_H && h_tie(colour)) cov->h_ties++;
        if (punch && !(colour[3] & 2)) cov->transparent[m]++;
    }

    GLuint tex;
    gl.GenTextures(1, &tex);
    gl.BindTexture(GL_TEXTURE_2D, tex);
    bool uploaded = gl_roundtrip(f, 0, BULK_W, BULK_H, data, size, back);
    gl.DeleteTextures(1, &tex);
    if (!uploaded) goto done;

    long texels = 0, wrong = 0;
    for (uint32_t j = 0; j < by; j++)
        for (uint32_t i = 0; i < bx; i++) {
            const uint8_t *blk = data + ((size_t)j * bx + i) * d->bytes;
            tuC_texel t[16];
            tu_error err;
            if (!CHECK(tuC_decode_block(cf, blk, d->bytes, t, 16, &err) == TU_OK, "%s: %s", d->name,
                       err.message))
                goto done;
            for (unsigned y = 0; y < 4; y++)
                for (unsigned x = 0; x < 4; x++) {
                    uint32_t px = i * 4 + x, py = j * 4 + y;
                    if (px >= BULK_W || py >= BULK_H) continue; /* outside the partial block */
                    texels++;
                    bool texel_ok = true;
                    for (unsigned k = 0; k < comps; k++) {
                        bool ok;
                        int want = mesa_code(f, back, ((size_t)py * BULK_W + px) * comps + k, &ok);
                        int got = t[y * 4 + x].raw[k];
                        if (!ok || got != want) {
                            texel_ok = false;
                            CHECK(ok && got == want,
                                  "%s block (%u, %u) texel (%u, %u) comp %u: texunit %d, "
                                  "Mesa %d%s; block %02x%02x%02x%02x%02x%02x%02x%02x...",
                                  d->name, i, j, x, y, k, got, want,
                                  ok ? "" : " (not Mesa's widening)", blk[0], blk[1], blk[2],
                                  blk[3], blk[4], blk[5], blk[6], blk[7]);
                        }
                    }
                    wrong += !texel_ok;
                }
        }
    CHECK(texels == (long)BULK_W * BULK_H);

    /* every mode, and every EAC multiplier / table pair, was there */
    if (!is_eac(f))
        for (int m = 0; m < MODE_COUNT; m++) {
            if (punch && m == M_INDIVIDUAL) {
                CHECK(cov->mode[m] == 0);
                continue;
            }
            CHECK(cov->mode[m] >= 5000, "%s: %ld %s blocks", d->name, cov->mode[m], mode_names[m]);
            if (punch) /* planar ignores the opaque bit: that too is compared */
                CHECK(cov->transparent[m] >= 2000, "%s: %ld %s blocks with opaque 0", d->name,
                      cov->transparent[m], mode_names[m]);
        }
    if (!is_eac(f))
        CHECK(cov->h_ties >= 1000, "%s: %ld H blocks with equal colours", d->name, cov->h_ties);
    if (is_eac(f) || info->codec == TUC_ETC2_RGBA8) {
        long least = -1;
        for (unsigned mul = 0; mul < 16; mul++)
            for (unsigned tab = 0; tab < 16; tab++)
                if (least < 0 || cov->eac[mul][tab] < least) least = cov->eac[mul][tab];
        CHECK(least >= 100, "%s: an EAC multiplier / table pair in only %ld blocks", d->name,
              least);
        CHECK(cov->base_minus_128 >= 100, "%s: base codeword 0x80 in %ld blocks", d->name,
              cov->base_minus_128);
    }
    printf("  %-28s %zu blocks, %ld texels, %ld differ\n", d->name, nblocks, texels, wrong);
done:
    free(data);
    free(back);
    free(cov);
}

static void test_bulk(void) {
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        test_bulk_format(&formats[i]);
}

/* ---- a texunit surface with partial blocks and levels, through LD ------------------------- */

/* The sRGB EOTF (Vulkan "sRGB EOTF"; IEC 61966-2-1), in double. */
static double srgb_eotf(double c) {
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static void test_surface_ld_format(const fmt *f, tu_reply *r, tu_msg *m) {
    const tu_format_desc *d = tu_format_describe(f->tu);
    tu_image img = tu_test_image(TU_SURFACE_2D, false, f->tu, 13, 7, 1, 1, 3, 1);
    if (!img.memory) return;
    uint8_t *mem = img.memory;
    for (size_t k = 0; k < img.surface.size; k++)
        mem[k] = (uint8_t)tu_test_rand(&rng);
    const unsigned comps = read_components(f), csize = f->read_type == GL_UNSIGNED_BYTE ? 1 : 2;
    uint8_t back[13 * 7 * 4 * 2];
    tu_sampler smp = tu_sampler_default();
    GLuint tex;
    gl.GenTextures(1, &tex);
    gl.BindTexture(GL_TEXTURE_2D, tex);
    gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 2);
    for (uint32_t L = 0; L < 3; L++) {
        uint32_t w, h;
        tu_surface_level_extent(&img.surface, L, &w, &h, NULL);
        const tu_level_layout *lv = &img.surface.level[L];
        if (!CHECK((size_t)w * h * comps * csize <= sizeof back)) break;
        if (!gl_roundtrip(f, (GLint)L, w, h, mem + lv->offset, (size_t)lv->slice_pitch, back))
            break;
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                tu_error err;
                memset(m, 0, sizeof *m);
                m->op = TU_OP_LD, m->simd = 1, m->lane_mask = 1, m->channel_mask = 0xf;
                m->src[TU_SRC_U].i[0] = (int32_t)x, m->src[TU_SRC_V].i[0] = (int32_t)y;
                m->src[TU_SRC_LOD].i[0] = (int32_t)L;
                if (!CHECK(tu_execute(m, &img.surface, &smp, r, &err) == TU_OK, "%s: %s", d->name,
                           err.message))
                    continue;
                for (unsigned k = 0; k < 4; k++) {
                    double want;
                    bool ok = true;
                    if (k < comps) {
                        int c = mesa_code(f, back, ((size_t)y * w + x) * comps + k, &ok);
                        if (!is_eac(f))
                            want = (d->flags & TU_FORMAT_FLAG_SRGB) && k < 3 ? srgb_eotf(c / 255.0)
                                                                             : c / 255.0;
                        else
                            want = f->read_type == GL_SHORT ? c / 1023.0 : c / 2047.0;
                    } else {
                        want = k == 3 ? 1.0 : 0.0; /* Vulkan's expansion to RGBA */
                    }
                    double got = r->channel[k].f[0];
                    CHECK(ok && fabs(got - want) <= 1e-6 * (fabs(want) > 1 ? fabs(want) : 1),
                          "%s LD (%u, %u) level %u comp %u: texunit %.9g, Mesa's code gives %.9g",
                          d->name, x, y, L, k, got, want);
                }
            }
    }
    gl.DeleteTextures(1, &tex);
    tu_image_free(&img);
}

static void test_surface_ld(void) {
    tu_reply *r = calloc(1, sizeof *r);
    tu_msg *m = calloc(1, sizeof *m);
    if (CHECK(r && m))
        for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
            for (int rep = 0; rep < 20; rep++)
                test_surface_ld_format(&formats[i], r, m);
    free(r);
    free(m);
}

int main(void) {
    rng = tu_test_seed(rng);
    if (!gl_open()) {
        printf("skipped: %s\n", skip_reason);
        gl_close();
        return SKIP;
    }
    gl.PixelStorei(GL_PACK_ALIGNMENT, 1);
    gl.PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    TU_RUN(test_bulk);
    TU_RUN(test_surface_ld);
    gl_close();
    return tu_test_finish();
}
