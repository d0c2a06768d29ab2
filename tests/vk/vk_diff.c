/* SPDX-License-Identifier: MIT */
/*
 * vk_diff.c - the differential test against lavapipe (Mesa's CPU Vulkan driver): random
 * textures, samplers and queries of the query case format (tools/query.h), answered by
 * texunit (tq_answer) and by a Vulkan compute shader on lavapipe (texquery.comp), compared
 * within the precision rules of both (docs/testing.md).
 *
 *   vk_diff [--seed S] [--cases N] [--max-print K] [--verbose] [--trace] [--replay FILE|-]
 *
 * S (default a fixed seed, or VK_DIFF_SEED) seeds everything; N (default 3000, or
 * VK_DIFF_CASES) is the number of queries, grouped in cases of one texture, one sampler and
 * up to 24 queries. A failure prints the whole case in the query format (texture, sampler
 * and query lines: paste them into `texunit query -`, or into `vk_diff --replay -` to run
 * both sides) with both answers and the bound. --trace prints every case before it runs
 * (to catch a case that crashes the driver). The last line is "vk_diff: N passed, M failed".
 * Exit status 0, 1 on any failure, 77 when lavapipe cannot be used ("skipped: <reason>").
 *
 * ---------------------------------------------------------------------------------------
 * The bound (docs/testing.md has the same derivation at length)
 * ---------------------------------------------------------------------------------------
 * F(x, l) is the ideal result at coordinates x and final LOD l: texunit with precision=exact
 * (IEEE single throughout). The Vulkan rules ("Image Operations") say what else an
 * implementation may return, and each implementation documents its own precision:
 *
 *  (a) Sub-texel precision: the fractions alpha, beta, gamma keep subTexelPrecisionBits
 *      bits, i.e. a level is filtered at some x' with |x' - x| < 2^-b texels of THAT level
 *      on every filtered axis, independently per level. lavapipe reports b = 8 (read at run
 *      time); texunit hw rounds weights to nearest 1/256 (|x' - x| <= 2^-9); exact: x' = x.
 *  (b) Mipmap precision: the blend weight delta is "quantized to mipmapPrecisionBits": for
 *      mip-linear, delta' within 2^-m of delta (lavapipe m = 4; texunit hw 2^-9), unless the
 *      LOD is a multiple of 2^-m, which every rounding keeps.
 *  (c) Arithmetic: lavapipe filters 8-bit formats in 8-bit fixed point (its filtered unorm8
 *      results are multiples of 1/255), < 1/255 per lerp stage (one per filtered axis, one
 *      for the mip blend); texunit hw's fixed point rounds each stage to nearest (0.5/255);
 *      float paths lose a few ulps (2^-20 relative per stage allowed).
 *  (d) Conversion: Vulkan defines unorm as c / 255 and sRGB by the EOTF without stating a
 *      precision. texunit converts exactly; lavapipe multiplies by 1/255 (1 ulp) and
 *      approximates the EOTF within +-0.5 of an 8-bit sRGB step (lp_bld_format_srgb.c), an
 *      error that a filter (a convex combination) passes on at most at its brightest texel.
 *
 * An implementation's result therefore lies in the hull of F over the box of (a) and (b),
 * widened by (c) and (d). Per level, F is multilinear between breakpoints (texel centres for
 * linear, texel edges for nearest filtering), so its hull over a box is the [min, max] at
 * the box's corners and at every breakpoint inside (each exactly and a hair either side,
 * which also covers the jumps of min/max reductions); levels combine as (1 - delta') A +
 * delta' B (or min/max(A, B)) over the delta' interval. Check (1): lavapipe lies in the hull
 * for its precision; check (2): texunit (at the case's precision key) lies in the hull for
 * its own. Both hulls contain F, so |texunit - lavapipe| is bounded by their widths.
 * Nearest filtering away from decision boundaries has a zero-width hull: a bitwise check.
 * fetch, size and levels are bitwise (but for (d)). A gather returns texels: lavapipe's
 * four values must be those of one of the box's corner evaluations, except a cube corner
 * texel, which Vulkan lets the implementation make ("Cube Map Edge Handling") and which must
 * lie in the range of the three texels that meet there (the other three of the footprint).
 *
 * Where a bound would be too loose to mean anything, the GENERATOR is restricted instead
 * (preconditions chosen before any run, never loosened after a failure):
 *  - explicit LODs, lod_bias, min_lod and max_lod are multiples of 1/16 = 2^-m: the final
 *    LOD is exact on both sides and (b) vanishes;
 *  - a final LOD that selects a nearest mip keeps 2^-m from k + 1/2 (the ties where Vulkan
 *    allows either level); a LOD off the grid keeps 2^-m from the min/mag switch at 0;
 *  - gradients are axis-aligned (one axis per derivative), where the exact norm and the
 *    per-axis maximum that lavapipe may use for rho (lp_bld_sample.c) agree; their lengths
 *    are powers of two in texels when the extent is one, where lavapipe's fast_log2 is exact;
 *    otherwise the LOD is off the grid by ulps and both neighbouring level choices with (b)
 *    in full are allowed;
 *  - cube gradients lie in the plane of the selected face with |major axis| = 1, where the
 *    spec's cube derivative transform reduces to ds = dsc / 2 (no dependence on ma');
 *  - 85% of coordinates keep 2/256 texel from nearest-filter edges (and gather centres) at
 *    every level, so most nearest lookups are exact; the hull covers the rest;
 *  - array layers keep 2^-8 from k + 1/2 (RNE ties, where Vulkan allows either).
 *
 * Anisotropic filtering is implementation-defined. What the spec implies: a weighted average
 * (weights >= 0, sum 1) of texels of the levels for LODs in [log2(rho_max / maxAniso),
 * log2(rho_max)] (plus bias, clamped) inside the footprint centre +- dPdx/2 +- dPdy/2,
 * widened by a texel for the filter: the result lies in the component-wise [min, max] of
 * those texels (and the border colour where a clamp_border axis leaves the image). Only
 * texunit is held to it (lavapipe deviation L2); 2D and 2D array textures.
 *
 * After the queries, an image load/store section compares imageLoad, imageStore and the
 * imageAtomic* built-ins on every storage format with texunit's data port (image_section),
 * and r32f's float atomics where VK_EXT_shader_atomic_float(2) expose them
 * (image_float_atomic_section).
 *
 * Known lavapipe deviations (Mesa 22.3, docs/testing.md), each excluded narrowly where the
 * generator would otherwise produce it: L1 an anisotropic sampler with minFilter !=
 * magFilter crashes LLVM on a one-level view; L2 anisotropic sampling takes its footprint
 * from neighbouring invocations; L3 textureSize(lod) uses the first invocation's LOD for its
 * SIMD group; L4 min/max reduction blends mip levels by weight; L5 texelFetch does not
 * bounds-check the layer of a one-layer array; L6 min/max reduction with minFilter !=
 * magFilter uses magFilter for minified lookups of level 0; L7 non-seamless cube maps ignore
 * the address modes.
 */
#define _POSIX_C_SOURCE 200809L /* setenv, clock_gettime */

#include "query.h"

#include <vulkan/vulkan.h>

#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vk_diff_spv.h" /* generated: the SPIR-V of texquery.comp per sampler class */

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

enum { EXIT_SKIP = 77, MAX_QUERIES = 24, LINE = 512 };

static const char *const LVP_ICD = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";

/* ---------------------------------------------------------------------------------------- */
/* Small helpers                                                                            */
/* ---------------------------------------------------------------------------------------- */

static uint64_t rng_state;

/* 2^-mipmapPrecisionBits: how far a computed LOD may be from the exact one ("The LOD must be
 * computed with mipmapPrecisionBits of accuracy"), so how far generated LODs that are not
 * exact keep from the decisions it makes (set from the device limits). */
static double lod_margin = 1.0 / 16.0;

static uint64_t rnd64(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in 0..n-1. */
static uint32_t rnd(uint32_t n) {
    return n ? (uint32_t)(rnd64() % n) : 0;
}

/* Uniform in lo..hi (inclusive). */
static int32_t rnd_range(int32_t lo, int32_t hi) {
    return lo + (int32_t)rnd((uint32_t)(hi - lo + 1));
}

/* True with probability percent/100. */
static bool chance(uint32_t percent) {
    return rnd(100) < percent;
}

/* Uniform float in [lo, hi). */
static float rnd_float(float lo, float hi) {
    return lo + (hi - lo) * (float)((double)(rnd64() >> 40) / (double)(1ull << 24));
}

static float max_f(float a, float b) {
    return a > b ? a : b;
}

static uint32_t extent_at(uint32_t size, uint32_t level) {
    uint32_t e = size >> level;
    return e ? e : 1;
}

__attribute__((format(printf, 1, 2))) static _Noreturn void skip(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    printf("skipped: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    exit(EXIT_SKIP);
}

__attribute__((format(printf, 1, 2))) static _Noreturn void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "vk_diff: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(2);
}

#define VK_CHECK(call)                                                                           \
    do {                                                                                         \
        VkResult r_ = (call);                                                                    \
        if (r_ != VK_SUCCESS) die("%s failed: VkResult %d (line %d)", #call, (int)r_, __LINE__); \
    } while (0)

/* ---------------------------------------------------------------------------------------- */
/* The texture types and formats of the query format                                        */
/* ---------------------------------------------------------------------------------------- */

typedef enum dim {
    DIM_1D,
    DIM_1DARRAY,
    DIM_2D,
    DIM_2DARRAY,
    DIM_3D,
    DIM_CUBE,
    DIM_CUBEARRAY,
    DIM_COUNT
} dim;

static const struct {
    const char *word;
    VkImageType image_type;
    VkImageViewType view_type, fetch_view_type;
    unsigned axes; /* filtered coordinate axes */
    bool gather;   /* OpImageGather takes this dimension */
    bool offsets;  /* ConstOffset / Offset allowed */
} dims[DIM_COUNT] = {
    {"1d", VK_IMAGE_TYPE_1D, VK_IMAGE_VIEW_TYPE_1D, VK_IMAGE_VIEW_TYPE_1D, 1, false, true},
    {"1darray", VK_IMAGE_TYPE_1D, VK_IMAGE_VIEW_TYPE_1D_ARRAY, VK_IMAGE_VIEW_TYPE_1D_ARRAY, 1,
     false, true},
    {"2d", VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D, 2, true, true},
    {"2darray", VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D_ARRAY, VK_IMAGE_VIEW_TYPE_2D_ARRAY, 2, true,
     true},
    {"3d", VK_IMAGE_TYPE_3D, VK_IMAGE_VIEW_TYPE_3D, VK_IMAGE_VIEW_TYPE_3D, 3, false, true},
    {"cube", VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_CUBE, VK_IMAGE_VIEW_TYPE_2D_ARRAY, 2, true,
     false},
    {"cubearray", VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_CUBE_ARRAY, VK_IMAGE_VIEW_TYPE_2D_ARRAY, 2,
     true, false},
};

typedef enum fmt {
    FMT_RGBA8_UNORM,
    FMT_RGBA8_SRGB,
    FMT_RGBA8_UINT,
    FMT_RGBA16_SFLOAT,
    FMT_RGBA32_SFLOAT,
    FMT_R32_SFLOAT,
    FMT_D32_SFLOAT,
    FMT_BC1_RGB,
    FMT_BC1_RGB_SRGB,
    FMT_BC1_RGBA,
    FMT_BC1_RGBA_SRGB,
    FMT_BC2,
    FMT_BC2_SRGB,
    FMT_BC3,
    FMT_BC3_SRGB,
    FMT_BC4,
    FMT_BC4_SNORM,
    FMT_BC5,
    FMT_BC5_SNORM,
    FMT_BC6H_UFLOAT,
    FMT_BC6H_SFLOAT,
    FMT_BC7,
    FMT_BC7_SRGB,
    FMT_B5G6R5,
    FMT_A1R5G5B5,
    FMT_B4G4R4A4,
    FMT_A2R10G10B10,
    FMT_A8B8G8R8_SRGB,
    FMT_R16G16B16_SFLOAT,
    FMT_COUNT
} fmt;

typedef enum vclass { CLASS_FLOAT, CLASS_UINT, CLASS_SHADOW, CLASS_COUNT } vclass;

/* The shader modules of a dimension: the classes, then float and uint without offset
 * instructions (for unnormalized coordinates, 1D and 2D). */
enum { MODULE_NOOFF = CLASS_COUNT, MODULE_COUNT = CLASS_COUNT + 2 };

/* comps: the components the format has (a border keeps those, the others read 0, 0, 1).
 * decode: how far lavapipe's texel values may lie from the exact decode texunit uses, per
 * component. The BC formats (lavapipe reports textureCompressionBC): gallivm decodes BC1-BC5
 * through 8-bit intermediates (endpoints expanded to 8 bits, the thirds and sevenths of the
 * interpolants in integer arithmetic; measured within 1.2/255 of the exact rational the DFS
 * defines, bounded here by 2/255, 2/127 for SNORM) and filters them as unorm8 like RGBA8;
 * BC2's explicit 4-bit alpha is exact; BC7 decodes to exact 8-bit codes; BC6H to the exact
 * binary16 values. srgb: R, G, B are the sRGB codes lavapipe decodes (within `decode` of the
 * exact code) then converts like RGBA8_SRGB (lvp_conversion). */
static const struct {
    const char *word;
    VkFormat vk;
    bool uint, depth, unorm8, srgb;
    uint8_t comps;
    float decode;
} fmts[FMT_COUNT] = {
    {"rgba8_unorm", VK_FORMAT_R8G8B8A8_UNORM, false, false, true, false, 4, 0.0f},
    {"rgba8_srgb", VK_FORMAT_R8G8B8A8_SRGB, false, false, true, true, 4, 0.0f},
    {"rgba8_uint", VK_FORMAT_R8G8B8A8_UINT, true, false, false, false, 4, 0.0f},
    {"rgba16_sfloat", VK_FORMAT_R16G16B16A16_SFLOAT, false, false, false, false, 4, 0.0f},
    {"rgba32_sfloat", VK_FORMAT_R32G32B32A32_SFLOAT, false, false, false, false, 4, 0.0f},
    {"r32_sfloat", VK_FORMAT_R32_SFLOAT, false, false, false, false, 1, 0.0f},
    {"d32_sfloat", VK_FORMAT_D32_SFLOAT, false, true, false, false, 1, 0.0f},
    {"bc1_rgb_unorm_block", VK_FORMAT_BC1_RGB_UNORM_BLOCK, false, false, true, false, 3,
     2 / 255.0f},
    {"bc1_rgb_srgb_block", VK_FORMAT_BC1_RGB_SRGB_BLOCK, false, false, true, true, 3, 2 / 255.0f},
    {"bc1_rgba_unorm_block", VK_FORMAT_BC1_RGBA_UNORM_BLOCK, false, false, true, false, 4,
     2 / 255.0f},
    {"bc1_rgba_srgb_block", VK_FORMAT_BC1_RGBA_SRGB_BLOCK, false, false, true, true, 4, 2 / 255.0f},
    {"bc2_unorm_block", VK_FORMAT_BC2_UNORM_BLOCK, false, false, true, false, 4, 2 / 255.0f},
    {"bc2_srgb_block", VK_FORMAT_BC2_SRGB_BLOCK, false, false, true, true, 4, 2 / 255.0f},
    {"bc3_unorm_block", VK_FORMAT_BC3_UNORM_BLOCK, false, false, true, false, 4, 2 / 255.0f},
    {"bc3_srgb_block", VK_FORMAT_BC3_SRGB_BLOCK, false, false, true, true, 4, 2 / 255.0f},
    {"bc4_unorm_block", VK_FORMAT_BC4_UNORM_BLOCK, false, false, true, false, 1, 2 / 255.0f},
    {"bc4_snorm_block", VK_FORMAT_BC4_SNORM_BLOCK, false, false, false, false, 1, 2 / 127.0f},
    {"bc5_unorm_block", VK_FORMAT_BC5_UNORM_BLOCK, false, false, true, false, 2, 2 / 255.0f},
    {"bc5_snorm_block", VK_FORMAT_BC5_SNORM_BLOCK, false, false, false, false, 2, 2 / 127.0f},
    {"bc6h_ufloat_block", VK_FORMAT_BC6H_UFLOAT_BLOCK, false, false, false, false, 3, 0.0f},
    {"bc6h_sfloat_block", VK_FORMAT_BC6H_SFLOAT_BLOCK, false, false, false, false, 3, 0.0f},
    {"bc7_unorm_block", VK_FORMAT_BC7_UNORM_BLOCK, false, false, true, false, 4, 0.0f},
    {"bc7_srgb_block", VK_FORMAT_BC7_SRGB_BLOCK, false, false, true, true, 4, 0.0f},
    /* packed and three-component formats (skipped where lavapipe does not sample them).
     * gallivm reads 4-, 5- and 6-bit fields through 8-bit codes made by bit replication
     * (c << (8 - n) | c >> (2n - 8): exact for 4 bits, within 0.68/255 of c / 31 and 0.72/255
     * of c / 63), 10-bit ones multiplying by 1 / 1023 (one ulp) */
    {"b5g6r5_unorm_pack16", VK_FORMAT_B5G6R5_UNORM_PACK16, false, false, true, false, 3,
     0.72f / 255.0f},
    {"a1r5g5b5_unorm_pack16", VK_FORMAT_A1R5G5B5_UNORM_PACK16, false, false, true, false, 4,
     0.68f / 255.0f},
    {"b4g4r4a4_unorm_pack16", VK_FORMAT_B4G4R4A4_UNORM_PACK16, false, false, true, false, 4, 0.0f},
    {"a2r10g10b10_unorm_pack32", VK_FORMAT_A2R10G10B10_UNORM_PACK32, false, false, false, false, 4,
     0x1p-23f},
    {"a8b8g8r8_srgb_pack32", VK_FORMAT_A8B8G8R8_SRGB_PACK32, false, false, true, true, 4, 0.0f},
    {"r16g16b16_sfloat", VK_FORMAT_R16G16B16_SFLOAT, false, false, false, false, 3, 0.0f},
};

/* Query kinds; the numbers of texquery.comp. */
typedef enum qkind {
    K_LOD,
    K_GRAD,
    K_GATHER,
    K_FETCH,
    K_SIZE,
    K_LEVELS,
    K_CMP,
    K_CMPGATHER,
    K_COUNT
} qkind;

static const char *const kind_names[K_COUNT] = {"lod",  "grad",   "gather", "fetch",
                                                "size", "levels", "cmp",    "cmpgather"};

/* The query format's words for the sampler keys, indexed by the tq_sampler values. */
static const char *const filter_word[] = {"nearest", "linear"};
static const char *const addr_word[] = {"repeat", "mirror", "clamp_edge", "clamp_border",
                                        "mirror_clamp_edge"};
static const char *const border_word[] = {"transparent_black", "opaque_black", "opaque_white"};
static const char *const compare_word[] = {"none",    "never",    "less",   "equal", "lequal",
                                           "greater", "notequal", "gequal", "always"};
static const char *const reduction_word[] = {"average", "min", "max"};

/* ---------------------------------------------------------------------------------------- */
/* Vulkan: instance, lavapipe device, per-class shader modules                             */
/* ---------------------------------------------------------------------------------------- */

typedef struct gpu {
    VkInstance instance;
    VkPhysicalDevice pdev;
    VkDevice dev;
    VkQueue queue;
    uint32_t queue_family;
    VkCommandPool cmd_pool;
    VkCommandBuffer cmd;
    VkFence fence;
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout pipe_layout;
    VkDescriptorPool desc_pool;
    VkShaderModule modules[DIM_COUNT][MODULE_COUNT];
    VkPhysicalDeviceMemoryProperties mem;
    VkPhysicalDeviceLimits limits;
    char device_name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    char driver_info[2 * VK_MAX_DRIVER_INFO_SIZE];
    bool mirror_clamp, minmax, nonseamless, robust2, aniso;
    /* VK_EXT_shader_atomic_float(2): exposed, and the image features enabled from them */
    bool has_atomic_float, has_atomic_float2, img_f32_atomics, img_f32_add, img_f32_minmax;
    VkFormatFeatureFlags features[FMT_COUNT];
} gpu;

static bool has_extension(const VkExtensionProperties *ext, uint32_t n, const char *name) {
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(ext[i].extensionName, name) == 0) return true;
    return false;
}

/*
 * Keep the driver named by an ICD manifest loaded until exit. The Vulkan loader unloads the
 * driver in vkDestroyInstance, and allocations that lavapipe keeps in its globals then look
 * leaked to LeakSanitizer, in a module it can no longer name. Pinned (RTLD_NODELETE), they
 * stay reachable, and any real leak is reported with lavapipe's name on it (lsan.supp).
 */
static void pin_driver(const char *manifest) {
    char text[4096], path[1024];
    FILE *f = fopen(manifest, "r");
    if (!f) return;
    const size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    const char *key = strstr(text, "\"library_path\"");
    const char *open = key ? strchr(key + 14, '"') : NULL;
    const char *close = open ? strchr(open + 1, '"') : NULL;
    if (!close || (size_t)(close - open - 1) >= sizeof path) return;
    memcpy(path, open + 1, (size_t)(close - open - 1));
    path[close - open - 1] = 0;
    (void)dlopen(path, RTLD_NOW | RTLD_NODELETE); /* deliberately never closed */
}

static void gpu_init(gpu *g) {
    memset(g, 0, sizeof *g);
    /* Force lavapipe unless the user chose the drivers. */
    if (!getenv("VK_ICD_FILENAMES") && !getenv("VK_DRIVER_FILES")) {
        FILE *f = fopen(LVP_ICD, "r");
        if (!f) skip("lavapipe is not installed (%s: %s)", LVP_ICD, strerror(errno));
        fclose(f);
        setenv("VK_ICD_FILENAMES", LVP_ICD, 1);
        pin_driver(LVP_ICD);
    }
    const VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                                   .pApplicationName = "texunit vk_diff",
                                   .apiVersion = VK_API_VERSION_1_2};
    const VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                      .pApplicationInfo = &app};
    VkResult r = vkCreateInstance(&ici, NULL, &g->instance);
    if (r != VK_SUCCESS) skip("vkCreateInstance failed (VkResult %d): no usable Vulkan driver", r);

    uint32_t n = 0;
    vkEnumeratePhysicalDevices(g->instance, &n, NULL);
    VkPhysicalDevice pdevs[16];
    if (n > COUNT(pdevs)) n = COUNT(pdevs);
    vkEnumeratePhysicalDevices(g->instance, &n, pdevs);
    for (uint32_t i = 0; i < n && !g->pdev; i++) {
        VkPhysicalDeviceProperties p;
        vkGetPhysicalDeviceProperties(pdevs[i], &p);
        if (strstr(p.deviceName, "llvmpipe")) {
            g->pdev = pdevs[i];
            g->limits = p.limits;
            snprintf(g->device_name, sizeof g->device_name, "%s", p.deviceName);
            if (p.apiVersion < VK_API_VERSION_1_2)
                skip("%s supports only Vulkan 1.%u", p.deviceName,
                     VK_API_VERSION_MINOR(p.apiVersion));
        }
    }
    if (!g->pdev) {
        vkDestroyInstance(g->instance, NULL);
        skip("no llvmpipe (lavapipe) device among %u Vulkan devices", n);
    }
    VkPhysicalDeviceDriverProperties drv = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
    VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                      .pNext = &drv};
    vkGetPhysicalDeviceProperties2(g->pdev, &p2);
    snprintf(g->driver_info, sizeof g->driver_info, "%s %s", drv.driverName, drv.driverInfo);

    /* Features: the core ones the queries need, and the optional ones the generator uses
     * when present. */
    uint32_t next = 0;
    vkEnumerateDeviceExtensionProperties(g->pdev, NULL, &next, NULL);
    VkExtensionProperties *ext = calloc(next ? next : 1, sizeof *ext);
    if (!ext) die("out of memory");
    vkEnumerateDeviceExtensionProperties(g->pdev, NULL, &next, ext);
    const bool has_robust2 = has_extension(ext, next, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME);
    const bool has_nonseamless =
        has_extension(ext, next, VK_EXT_NON_SEAMLESS_CUBE_MAP_EXTENSION_NAME);
    g->has_atomic_float = has_extension(ext, next, VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME);
    g->has_atomic_float2 = has_extension(ext, next, VK_EXT_SHADER_ATOMIC_FLOAT_2_EXTENSION_NAME);
    free(ext);

    VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT ns = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_NON_SEAMLESS_CUBE_MAP_FEATURES_EXT};
    VkPhysicalDeviceRobustness2FeaturesEXT rb = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
    VkPhysicalDeviceVulkan12Features v12 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                    .pNext = &v12};
    VkPhysicalDeviceShaderAtomicFloatFeaturesEXT af = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
    VkPhysicalDeviceShaderAtomicFloat2FeaturesEXT af2 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_2_FEATURES_EXT};
    void **tail = &v12.pNext;
    if (has_robust2) *tail = &rb, tail = &rb.pNext;
    if (has_nonseamless) *tail = &ns, tail = &ns.pNext;
    if (g->has_atomic_float) *tail = &af, tail = &af.pNext;
    if (g->has_atomic_float2) *tail = &af2, tail = &af2.pNext;
    vkGetPhysicalDeviceFeatures2(g->pdev, &f2);
    if (!f2.features.shaderImageGatherExtended || !f2.features.imageCubeArray)
        skip("%s lacks shaderImageGatherExtended or imageCubeArray", g->device_name);

    VkPhysicalDeviceFeatures2 want = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    want.features.shaderImageGatherExtended = VK_TRUE;
    want.features.imageCubeArray = VK_TRUE;
    want.features.samplerAnisotropy = f2.features.samplerAnisotropy;
    VkPhysicalDeviceVulkan12Features want12 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    want12.samplerMirrorClampToEdge = v12.samplerMirrorClampToEdge;
    want12.samplerFilterMinmax = v12.samplerFilterMinmax;
    want.pNext = &want12;
    tail = &want12.pNext;
    VkPhysicalDeviceRobustness2FeaturesEXT want_rb = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
    VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT want_ns = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_NON_SEAMLESS_CUBE_MAP_FEATURES_EXT};
    VkPhysicalDeviceShaderAtomicFloatFeaturesEXT want_af = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
    VkPhysicalDeviceShaderAtomicFloat2FeaturesEXT want_af2 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_2_FEATURES_EXT};
    const char *exts[4];
    uint32_t next_enabled = 0;
    if (has_robust2 && rb.robustImageAccess2) {
        want_rb.robustImageAccess2 = VK_TRUE;
        *tail = &want_rb, tail = &want_rb.pNext;
        exts[next_enabled++] = VK_EXT_ROBUSTNESS_2_EXTENSION_NAME;
    }
    if (has_nonseamless && ns.nonSeamlessCubeMap) {
        want_ns.nonSeamlessCubeMap = VK_TRUE;
        *tail = &want_ns, tail = &want_ns.pNext;
        exts[next_enabled++] = VK_EXT_NON_SEAMLESS_CUBE_MAP_EXTENSION_NAME;
    }
    /* The image section's float atomics: enabled when exposed (float2 needs float). */
    if (g->has_atomic_float && (af.shaderImageFloat32Atomics || af.shaderImageFloat32AtomicAdd)) {
        want_af.shaderImageFloat32Atomics = af.shaderImageFloat32Atomics;
        want_af.shaderImageFloat32AtomicAdd = af.shaderImageFloat32AtomicAdd;
        *tail = &want_af, tail = &want_af.pNext;
        exts[next_enabled++] = VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME;
        if (g->has_atomic_float2 && af2.shaderImageFloat32AtomicMinMax) {
            want_af2.shaderImageFloat32AtomicMinMax = VK_TRUE;
            *tail = &want_af2, tail = &want_af2.pNext;
            exts[next_enabled++] = VK_EXT_SHADER_ATOMIC_FLOAT_2_EXTENSION_NAME;
        }
    }
    g->img_f32_atomics = want_af.shaderImageFloat32Atomics;
    g->img_f32_add = want_af.shaderImageFloat32AtomicAdd;
    g->img_f32_minmax = want_af2.shaderImageFloat32AtomicMinMax;
    g->aniso = f2.features.samplerAnisotropy;
    g->mirror_clamp = v12.samplerMirrorClampToEdge;
    g->minmax = v12.samplerFilterMinmax;
    g->robust2 = want_rb.robustImageAccess2;
    g->nonseamless = want_ns.nonSeamlessCubeMap;

    uint32_t nq = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(g->pdev, &nq, NULL);
    VkQueueFamilyProperties qf[8];
    if (nq > COUNT(qf)) nq = COUNT(qf);
    vkGetPhysicalDeviceQueueFamilyProperties(g->pdev, &nq, qf);
    g->queue_family = UINT32_MAX;
    for (uint32_t i = 0; i < nq && g->queue_family == UINT32_MAX; i++)
        if (qf[i].queueFlags & VK_QUEUE_COMPUTE_BIT) g->queue_family = i;
    if (g->queue_family == UINT32_MAX) skip("%s has no compute queue", g->device_name);
    const float prio = 1.0f;
    const VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                         .queueFamilyIndex = g->queue_family,
                                         .queueCount = 1,
                                         .pQueuePriorities = &prio};
    const VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                                    .pNext = &want,
                                    .queueCreateInfoCount = 1,
                                    .pQueueCreateInfos = &qci,
                                    .enabledExtensionCount = next_enabled,
                                    .ppEnabledExtensionNames = exts};
    r = vkCreateDevice(g->pdev, &dci, NULL, &g->dev);
    if (r != VK_SUCCESS) skip("vkCreateDevice on %s failed (VkResult %d)", g->device_name, r);
    vkGetDeviceQueue(g->dev, g->queue_family, 0, &g->queue);
    vkGetPhysicalDeviceMemoryProperties(g->pdev, &g->mem);
    for (int f = 0; f < FMT_COUNT; f++) {
        VkFormatProperties fp;
        vkGetPhysicalDeviceFormatProperties(g->pdev, fmts[f].vk, &fp);
        g->features[f] = fp.optimalTilingFeatures;
    }

    const VkCommandPoolCreateInfo cpci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                          .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                                          .queueFamilyIndex = g->queue_family};
    VK_CHECK(vkCreateCommandPool(g->dev, &cpci, NULL, &g->cmd_pool));
    const VkCommandBufferAllocateInfo cbai = {.sType =
                                                  VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                              .commandPool = g->cmd_pool,
                                              .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                              .commandBufferCount = 1};
    VK_CHECK(vkAllocateCommandBuffers(g->dev, &cbai, &g->cmd));
    const VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VK_CHECK(vkCreateFence(g->dev, &fci, NULL, &g->fence));

    const VkDescriptorSetLayoutBinding b[4] = {
        {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
    };
    const VkDescriptorSetLayoutCreateInfo dslci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = 4,
        .pBindings = b};
    VK_CHECK(vkCreateDescriptorSetLayout(g->dev, &dslci, NULL, &g->set_layout));
    const VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 4};
    const VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                             .setLayoutCount = 1,
                                             .pSetLayouts = &g->set_layout,
                                             .pushConstantRangeCount = 1,
                                             .pPushConstantRanges = &pcr};
    VK_CHECK(vkCreatePipelineLayout(g->dev, &plci, NULL, &g->pipe_layout));
    const VkDescriptorPoolSize ps[2] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2},
                                        {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2}};
    const VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                             .maxSets = 1,
                                             .poolSizeCount = 2,
                                             .pPoolSizes = ps};
    VK_CHECK(vkCreateDescriptorPool(g->dev, &dpci, NULL, &g->desc_pool));

    for (int d = 0; d < DIM_COUNT; d++)
        for (int c = 0; c < MODULE_COUNT; c++) {
            const vk_diff_spv *s = &vk_diff_spirv[d][c];
            if (!s->words) continue;
            const VkShaderModuleCreateInfo smci = {.sType =
                                                       VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                                   .codeSize = s->size,
                                                   .pCode = s->words};
            VK_CHECK(vkCreateShaderModule(g->dev, &smci, NULL, &g->modules[d][c]));
        }
}

static void gpu_destroy(gpu *g) {
    for (int d = 0; d < DIM_COUNT; d++)
        for (int c = 0; c < MODULE_COUNT; c++)
            if (g->modules[d][c]) vkDestroyShaderModule(g->dev, g->modules[d][c], NULL);
    vkDestroyDescriptorPool(g->dev, g->desc_pool, NULL);
    vkDestroyPipelineLayout(g->dev, g->pipe_layout, NULL);
    vkDestroyDescriptorSetLayout(g->dev, g->set_layout, NULL);
    vkDestroyFence(g->dev, g->fence, NULL);
    vkDestroyCommandPool(g->dev, g->cmd_pool, NULL);
    vkDestroyDevice(g->dev, NULL);
    vkDestroyInstance(g->instance, NULL);
}

static uint32_t memory_type(const gpu *g, uint32_t type_bits, VkMemoryPropertyFlags want) {
    for (uint32_t i = 0; i < g->mem.memoryTypeCount; i++)
        if ((type_bits >> i & 1) && (g->mem.memoryTypes[i].propertyFlags & want) == want) return i;
    die("no memory type with properties 0x%x among bits 0x%x", (unsigned)want, type_bits);
}

typedef struct buffer {
    VkBuffer buf;
    VkDeviceMemory mem;
    void *map;
    VkDeviceSize size;
} buffer;

static buffer buffer_create(const gpu *g, VkDeviceSize size, VkBufferUsageFlags usage) {
    buffer b = {.size = size};
    const VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                    .size = size,
                                    .usage = usage,
                                    .sharingMode = VK_SHARING_MODE_EXCLUSIVE};
    VK_CHECK(vkCreateBuffer(g->dev, &bci, NULL, &b.buf));
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(g->dev, b.buf, &req);
    const VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                      .allocationSize = req.size,
                                      .memoryTypeIndex =
                                          memory_type(g, req.memoryTypeBits,
                                                      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                          VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)};
    VK_CHECK(vkAllocateMemory(g->dev, &mai, NULL, &b.mem));
    VK_CHECK(vkBindBufferMemory(g->dev, b.buf, b.mem, 0));
    VK_CHECK(vkMapMemory(g->dev, b.mem, 0, VK_WHOLE_SIZE, 0, &b.map));
    return b;
}

/* An image with its own device memory, bound. */
static VkDeviceMemory image_create(const gpu *g, const VkImageCreateInfo *ici, VkImage *image) {
    VK_CHECK(vkCreateImage(g->dev, ici, NULL, image));
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(g->dev, *image, &req);
    const VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                      .allocationSize = req.size,
                                      .memoryTypeIndex = memory_type(g, req.memoryTypeBits, 0)};
    VkDeviceMemory mem;
    VK_CHECK(vkAllocateMemory(g->dev, &mai, NULL, &mem));
    VK_CHECK(vkBindImageMemory(g->dev, *image, mem, 0));
    return mem;
}

/* End the command buffer, submit it and wait for it. */
static void submit_and_wait(const gpu *g) {
    VK_CHECK(vkEndCommandBuffer(g->cmd));
    const VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                                 .commandBufferCount = 1,
                                 .pCommandBuffers = &g->cmd};
    VK_CHECK(vkQueueSubmit(g->queue, 1, &submit, g->fence));
    VK_CHECK(vkWaitForFences(g->dev, 1, &g->fence, VK_TRUE, UINT64_MAX));
    VK_CHECK(vkResetFences(g->dev, 1, &g->fence));
}

static void buffer_destroy(const gpu *g, buffer *b) {
    if (b->map) vkUnmapMemory(g->dev, b->mem);
    vkDestroyBuffer(g->dev, b->buf, NULL);
    vkFreeMemory(g->dev, b->mem, NULL);
    memset(b, 0, sizeof *b);
}

/* ---------------------------------------------------------------------------------------- */
/* Cases: one texture, one sampler, up to MAX_QUERIES queries, all as query-format lines    */
/* ---------------------------------------------------------------------------------------- */

typedef struct query {
    qkind kind;
    char line[LINE];
    tq_line q;      /* the line, parsed */
    bool lod_exact; /* the final LOD is exact in both implementations (multiple of 1/16) */
} query;

typedef struct tcase {
    dim d;
    fmt f;
    vclass cls;
    char tex_line[LINE], smp_line[LINE];
    tq_texture tex;
    tq_sampler smp;
    int32_t off[3];   /* the case's ConstOffset (specialization constants) */
    int32_t size_lod; /* the LOD of the case's size queries (L3) */
    int gather_comp;  /* the case's gather component */
    uint32_t levels;  /* of the texture */
    uint32_t arrays;  /* array layers (cubes for cube arrays), 1 otherwise */
    unsigned nq;
    query q[MAX_QUERIES];
} tcase;

static uint32_t pick_size(void) {
    if (chance(40)) return 1u << rnd(6); /* 1..32: power-of-two chains */
    return (uint32_t)rnd_range(1, 33);
}

static uint32_t full_chain(uint32_t w, uint32_t h, uint32_t d) {
    uint32_t m = w > h ? w : h;
    if (d > m) m = d;
    uint32_t n = 1;
    while (m >>= 1)
        n++;
    return n;
}

static bool image_supported(const gpu *g, dim d, fmt f, uint32_t w, uint32_t h, uint32_t depth,
                            uint32_t levels, uint32_t layers) {
    if (!(g->features[f] & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT)) return false;
    VkImageFormatProperties p;
    const VkImageCreateFlags flags =
        (d == DIM_CUBE || d == DIM_CUBEARRAY) ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0;
    if (vkGetPhysicalDeviceImageFormatProperties(
            g->pdev, fmts[f].vk, dims[d].image_type, VK_IMAGE_TILING_OPTIMAL,
            VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, flags, &p) != VK_SUCCESS)
        return false;
    return w <= p.maxExtent.width && h <= p.maxExtent.height && depth <= p.maxExtent.depth &&
           levels <= p.maxMipLevels && layers <= p.maxArrayLayers;
}

static void gen_texture(const gpu *g, tcase *c) {
    for (;;) {
        const dim d = (dim)rnd(DIM_COUNT);
        const fmt f = (fmt)rnd(FMT_COUNT);
        uint32_t w = pick_size(), h = 1, depth = 1, layers = 1;
        switch (d) {
        case DIM_1DARRAY: layers = (uint32_t)rnd_range(1, 4); break;
        case DIM_2D: h = pick_size(); break;
        case DIM_2DARRAY:
            h = pick_size();
            layers = (uint32_t)rnd_range(1, 4);
            break;
        case DIM_3D:
            h = pick_size() % 17 + 1;
            depth = chance(40) ? 1u << rnd(5) : (uint32_t)rnd_range(1, 17);
            w = w % 17 + 1;
            break;
        case DIM_CUBE: h = w, layers = 6; break;
        case DIM_CUBEARRAY: h = w, layers = 6 * (uint32_t)rnd_range(1, 3); break;
        default: break;
        }
        const uint32_t full = full_chain(w, h, depth);
        const uint32_t levels = chance(55) ? full : (uint32_t)rnd_range(1, (int32_t)full);
        if (!image_supported(g, d, f, w, h, depth, levels, layers)) continue;
        c->d = d, c->f = f;
        c->levels = levels;
        c->arrays = d == DIM_CUBEARRAY ? layers / 6 : (d == DIM_CUBE ? 1 : layers);
        snprintf(c->tex_line, sizeof c->tex_line, "texture %s %s %u %u %u %u %u %u", dims[d].word,
                 fmts[f].word, w, h, depth, levels, layers, (uint32_t)rnd64());
        return;
    }
}

/* A multiple of 1/16 in [lo, hi] sixteenths. */
static float sixteenths(int32_t lo, int32_t hi) {
    return (float)rnd_range(lo, hi) / 16.0f;
}

static void gen_sampler(const gpu *g, tcase *c) {
    const dim d = c->d;
    const fmt f = c->f;
    const bool cube = d == DIM_CUBE || d == DIM_CUBEARRAY;
    const bool linear_ok =
        (g->features[f] & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT) && !fmts[f].uint;
    const bool compare = fmts[f].depth && d != DIM_3D && chance(60); /* no 3D Dref */
    /* Vulkan: unnormalized coordinates only on 1D and 2D views of one level and layer, without
     * compare, mipmaps, anisotropy, offsets or modes other than the two clamps. */
    const bool unnorm = (d == DIM_1D || d == DIM_2D) && !compare && chance(12);
    int minf = linear_ok && chance(50), magf = linear_ok && chance(50);
    if (unnorm) magf = minf;
    int mip = unnorm ? -1 : (int)rnd(linear_ok ? 3 : 2) - 1; /* -1 none, 0 nearest, 1 linear */
    const char *mip_word = mip < 0 ? "none" : mip == 0 ? "nearest" : "linear";
    int addr[3];
    for (int a = 0; a < 3; a++) {
        addr[a] = (int)rnd(g->mirror_clamp ? 5 : 4);
        if (unnorm) addr[a] = chance(50) ? TU_ADDRESS_CLAMP_EDGE : TU_ADDRESS_CLAMP_BORDER;
    }
    const int border = (int)rnd(3);
    const int cmp = compare ? rnd_range(TU_COMPARE_NEVER, TU_COMPARE_ALWAYS) : TU_COMPARE_OFF;
    float min_lod = 0.0f, max_lod = 1000.0f, bias = 0.0f;
    if (!unnorm && chance(45)) {
        min_lod = sixteenths(0, 16 * (int32_t)c->levels);
        max_lod = min_lod + sixteenths(0, 16 * (int32_t)c->levels);
    }
    if (!unnorm && chance(45)) bias = sixteenths(-64, 64);
    int aniso = 0;
    if (g->aniso && (d == DIM_2D || d == DIM_2DARRAY) && !fmts[f].uint && !compare && !unnorm &&
        chance(30)) {
        const int max_aniso = (int)g->limits.maxSamplerAnisotropy;
        aniso = rnd_range(1, max_aniso < 16 ? max_aniso : 16);
    }
    /* Known lavapipe deviation L1 (docs/testing.md): an anisotropic sampler whose min and mag
     * filters differ crashes LLVM while lavapipe compiles the shader for a one-level view. */
    if (aniso >= 2 && c->levels == 1) magf = minf;
    int reduction = TU_REDUCTION_AVERAGE;
    /* Known lavapipe deviation L4: with mipmapMode LINEAR, lavapipe blends the per-level
     * minima/maxima by weight instead of taking the min/max of the two levels ("Texel Mipmap
     * Filtering"). */
    if (g->minmax && !compare && aniso == 0 && mip != 1 &&
        (g->features[f] & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_MINMAX_BIT) && chance(15))
        reduction = chance(50) ? TU_REDUCTION_MIN : TU_REDUCTION_MAX;
    /* Known lavapipe deviation L6: with a min/max reduction and minFilter != magFilter,
     * lavapipe filters minified lookups of level 0 with magFilter. */
    if (reduction != TU_REDUCTION_AVERAGE) magf = minf;
    const int seamless = cube && g->nonseamless && chance(25) ? 0 : 1;
    /* Known lavapipe deviation L7: a non-seamless cube sampler clamps to the face's edge
     * whatever its address modes, which Vulkan applies per face in that mode. */
    if (!seamless) addr[0] = addr[1] = TU_ADDRESS_CLAMP_EDGE;
    snprintf(c->smp_line, sizeof c->smp_line,
             "sampler min=%s mag=%s mip=%s addr_u=%s addr_v=%s addr_w=%s border=%s compare=%s "
             "min_lod=%.9g max_lod=%.9g lod_bias=%.9g unnormalized=%d aniso=%d precision=%s "
             "reduction=%s seamless=%d",
             filter_word[minf], filter_word[magf], mip_word, addr_word[addr[0]], addr_word[addr[1]],
             addr_word[addr[2]], border_word[border], compare_word[cmp], (double)min_lod,
             (double)max_lod, (double)bias, unnorm, aniso, chance(50) ? "hw" : "exact",
             reduction_word[reduction], seamless);
    c->cls = fmts[f].uint ? CLASS_UINT : compare ? CLASS_SHADOW : CLASS_FLOAT;
    for (int a = 0; a < 3; a++)
        c->off[a] = rnd_range(-8, 7);
    c->gather_comp = (int)rnd(4);
    c->size_lod = (int32_t)rnd(c->levels);
}

/* The extent of filtered axis a (u v w; a cube face's s t) at level L. */
static uint32_t axis_extent(const tcase *c, int a, uint32_t level) {
    const uint32_t size[3] = {c->tex.width, c->tex.height, c->tex.depth};
    if (c->d == DIM_CUBE || c->d == DIM_CUBEARRAY) return extent_at(c->tex.width, level);
    return extent_at(size[a], level);
}

/* The final LOD the sampler makes of lambda_base (Vulkan "Level-of-Detail Operation"):
 * bias added and clamped to +-maxSamplerLodBias, then clamped to [minLod, maxLod]; mip=none
 * means minLod 0, maxLod 0.25. */
static double final_lod(const tcase *c, double lambda_base) {
    double bias = c->smp.lod_bias;
    bias = bias < -16 ? -16 : bias > 16 ? 16 : bias;
    double l = lambda_base + bias;
    const double lo = c->smp.mip < 0 ? 0.0 : c->smp.min_lod;
    const double hi = c->smp.mip < 0 ? 0.25 : c->smp.max_lod;
    return l < lo ? lo : l > hi ? hi : l;
}

/* The level range [lo, hi] of the view that a final LOD can touch. */
static void lod_levels(const tcase *c, double lambda, uint32_t *lo, uint32_t *hi) {
    const double q = (double)(c->levels - 1);
    double dp = lambda < 0 ? 0 : lambda > q ? q : lambda;
    *lo = (uint32_t)floor(dp);
    *hi = (uint32_t)ceil(dp);
}

/* Distance of x from the nearest integer. */
static double frac_dist(double x) {
    return fabs(x - floor(x + 0.5));
}

/* Whether normalized coordinate u keeps `margin` texels from every nearest-filter decision
 * boundary (texel edges) and, for gathers, every texel centre, at every level. */
static bool clear_of_boundaries(const tcase *c, int axis, float u, bool gather) {
    const double margin = 2.0 / 256.0;
    for (uint32_t l = 0; l < c->levels; l++) {
        const float e = c->smp.unnormalized ? 1.0f : (float)axis_extent(c, axis, l);
        const double p = (double)(u * e);
        if (frac_dist(p) < margin) return false;
        if (gather && l == 0 && frac_dist(p - 0.5) < margin) return false;
    }
    return true;
}

/* Face axes of the cube directions (Vulkan "Cube Map Face Selection"): direction =
 * ma * N + sc * S + tc * T. */
static const int8_t cube_n[6][3] = {{1, 0, 0},  {-1, 0, 0}, {0, 1, 0},
                                    {0, -1, 0}, {0, 0, 1},  {0, 0, -1}};
static const int8_t cube_s[6][3] = {{0, 0, -1}, {0, 0, 1}, {1, 0, 0},
                                    {1, 0, 0},  {1, 0, 0}, {-1, 0, 0}};
static const int8_t cube_t[6][3] = {{0, -1, 0}, {0, -1, 0}, {0, 0, 1},
                                    {0, 0, -1}, {0, -1, 0}, {0, -1, 0}};

/* A layer coordinate for `count` layers: usually inside, at least 2^-8 from k + 1/2. */
static float gen_layer(uint32_t count) {
    for (;;) {
        float a = chance(90) ? rnd_float(-0.7f, (float)count - 0.3f)
                             : rnd_float(-2.0f, (float)count + 1.0f);
        if (fabs(fabs((double)a - floor((double)a)) - 0.5) >= 1.0 / 256.0) return a;
    }
}

/* Coordinates of a filtered query: u v w_or_layer [layer]. For cube maps *face receives the
 * face and the direction's major component has magnitude `ma`. */
static void gen_coords(const tcase *c, bool nearest, bool gather, float ma, float out[4],
                       int *face) {
    out[0] = out[1] = out[2] = out[3] = 0.0f;
    const bool strict = chance(85); /* keep clear of decision boundaries */
    if (c->d == DIM_CUBE || c->d == DIM_CUBEARRAY) {
        const int f = (int)rnd(6);
        float st[2];
        for (int a = 0; a < 2; a++) {
            for (int tries = 0; tries < 50; tries++) {
                st[a] = rnd_float(1.0f / 2048.0f, 1.0f - 1.0f / 2048.0f);
                if (!strict || !(nearest || gather) || clear_of_boundaries(c, a, st[a], gather))
                    break;
            }
        }
        const float sc = (2.0f * st[0] - 1.0f) * ma, tc = (2.0f * st[1] - 1.0f) * ma;
        for (int k = 0; k < 3; k++)
            out[k] = (float)cube_n[f][k] * ma + (float)cube_s[f][k] * sc + (float)cube_t[f][k] * tc;
        if (c->d == DIM_CUBEARRAY) out[3] = gen_layer(c->arrays);
        *face = f;
        return;
    }
    const unsigned axes = dims[c->d].axes;
    for (unsigned a = 0; a < axes; a++) {
        const float e0 = (float)axis_extent(c, (int)a, 0);
        for (int tries = 0; tries < 50; tries++) {
            float u = chance(75) ? rnd_float(0.0f, 1.0f) : rnd_float(-0.6f, 1.6f);
            if (c->smp.unnormalized) u = chance(85) ? u * e0 : rnd_float(-2.0f, e0 + 2.0f);
            out[a] = u;
            if (!strict || !(nearest || gather) || clear_of_boundaries(c, (int)a, u, gather)) break;
        }
    }
    if (c->d == DIM_1DARRAY || c->d == DIM_2DARRAY) out[2] = gen_layer(c->arrays);
}

/* An explicit LOD on the 1/16 grid whose final LOD keeps clear of nearest-mip ties. Returns
 * false when the sampler allows none (min_lod = max_lod = k + 1/2). */
static bool gen_lod(const tcase *c, float *lod) {
    *lod = 0.0f;
    if (c->smp.unnormalized) return true;
    const double q = (double)(c->levels - 1);
    for (int tries = 0; tries < 40; tries++) {
        const float l = sixteenths(-32, 16 * ((int32_t)c->levels + 1));
        const double lambda = final_lod(c, l);
        const double dp = lambda < 0 ? 0 : lambda > q ? q : lambda;
        if (c->smp.mip == TU_MIP_NEAREST && fabs(dp - floor(dp) - 0.5) < 1.0 / 32.0) continue;
        *lod = l;
        return true;
    }
    return false;
}

/* x (computed exactly in double) is 0 or a power of two. */
static bool is_power_of_two(double x) {
    int e;
    return x == 0.0 || frexp(x, &e) == 0.5;
}

/* Axis-aligned gradients with a chosen LOD (see the top comment). Writes dudx dvdx dwdx dudy
 * dvdy dwdy; *exact when both implementations compute the LOD exactly. Returns false when
 * no acceptable gradient was found. */
static bool gen_grad(const tcase *c, int face, float grad[6], bool *exact) {
    const bool cube = c->d == DIM_CUBE || c->d == DIM_CUBEARRAY;
    const unsigned axes = cube ? 2 : dims[c->d].axes;
    const double q = (double)(c->levels - 1);
    for (int tries = 0; tries < 40; tries++) {
        memset(grad, 0, 6 * sizeof *grad);
        const int target = rnd_range(-2, (int32_t)c->levels + 1);
        const int j = chance(25) ? 99 : rnd_range(0, 4); /* the minor derivative: 2^-j or 0 */
        int ax = (int)rnd(axes), ay = (int)rnd(axes);
        if (c->smp.aniso > 1 && axes > 1 && chance(80)) ay = 1 - ax;
        int lx = target, ly = target - j;
        if (chance(50)) lx = ly, ly = target;
        double rho[2] = {0, 0}; /* exact: a float times an extent <= 2^6 fits a double */
        for (int k = 0; k < 2; k++) {
            const int axis = k ? ay : ax, l = k ? ly : lx;
            if (l < -60) continue;
            const float e = (float)axis_extent(c, axis, 0);
            /* A cube face coordinate moves by half the direction's change (|ma| = 1). */
            const float g = ldexpf(1.0f, cube ? l + 1 : l) / e * (chance(50) ? 1.0f : -1.0f);
            if (cube) {
                const int8_t *dir = axis == 0 ? cube_s[face] : cube_t[face];
                for (int a = 0; a < 3; a++)
                    grad[3 * k + a] = (float)dir[a] * g;
                rho[k] = fabs((double)g * e) / 2.0;
            } else {
                grad[3 * k + axis] = g;
                rho[k] = fabs((double)g * e);
            }
        }
        const double rho_max = rho[0] > rho[1] ? rho[0] : rho[1];
        if (rho_max == 0.0) continue;
        *exact = is_power_of_two(rho[0]) && is_power_of_two(rho[1]);
        const double lambda = final_lod(c, log2(rho_max));
        const double dp = lambda < 0 ? 0 : lambda > q ? q : lambda;
        /* Off the grid by ulps: keep clear of the min/mag switch and nearest-mip boundaries. */
        if (!*exact && c->smp.min != c->smp.mag && fabs(lambda) < lod_margin) continue;
        if (c->smp.mip == TU_MIP_NEAREST && fabs(dp - floor(dp) - 0.5) < lod_margin) continue;
        return true;
    }
    return false;
}

/* A depth reference: often exactly a texel's value (equality compares), else anything. */
static float gen_ref(const tcase *c, const tu_image *img) {
    if (chance(40)) {
        const uint32_t level = rnd(c->levels);
        const tu_texel_coord tc = {rnd(extent_at(c->tex.width, level)),
                                   rnd(extent_at(c->tex.height, level)),
                                   0,
                                   rnd(c->tex.layers),
                                   level,
                                   0};
        tu_texel t;
        if (tu_surface_decode_texel(&img->surface, &tc, &t, NULL) == TU_OK) return t.f[0];
    }
    return rnd_float(-0.05f, 1.05f);
}

static int fmt_coords(char *s, size_t n, const tcase *c, const float co[4]) {
    if (c->d == DIM_CUBEARRAY)
        return snprintf(s, n, "%.9g %.9g %.9g %.9g", (double)co[0], (double)co[1], (double)co[2],
                        (double)co[3]);
    return snprintf(s, n, "%.9g %.9g %.9g", (double)co[0], (double)co[1], (double)co[2]);
}

static qkind pick_kind(const tcase *c) {
    const bool gather = dims[c->d].gather;
    for (;;) {
        const uint32_t r = rnd(100);
        if (c->cls == CLASS_SHADOW) {
            if (r < 45) return K_CMP;
            if (r < 70) {
                if (gather) return K_CMPGATHER;
                continue;
            }
        } else if (c->smp.aniso >= 2) {
            /* Known lavapipe deviation L2: with an anisotropic sampler, explicit-LOD sampling and
             * gathers take a footprint from the coordinates of neighbouring invocations. */
            if (r < 60) return K_GRAD;
        } else {
            if (r < 35) return K_LOD;
            if (r < 58) {
                if (!c->smp.unnormalized) return K_GRAD;
                continue;
            }
            if (r < 72) {
                if (gather) return K_GATHER;
                continue;
            }
        }
        if (r < 88) return K_FETCH;
        return r < 94 ? K_SIZE : K_LEVELS;
    }
}

/* One query line of kind k. Returns false when the generator found no acceptable one. */
static bool gen_query(const gpu *g, const tcase *c, const tu_image *img, qkind k, query *out) {
    char co[160], offs[64] = "";
    float coord[4];
    int face = 0;
    const bool nearest =
        c->smp.min == TU_FILTER_NEAREST || c->smp.mag == TU_FILTER_NEAREST || fmts[c->f].uint;
    const bool can_offset = dims[c->d].offsets && !c->smp.unnormalized;
    out->kind = k;
    out->lod_exact = true;
    if (can_offset && chance(30))
        snprintf(offs, sizeof offs, " %d %d %d", c->off[0], c->off[1], c->off[2]);
    switch (k) {
    case K_LOD:
    case K_CMP: {
        gen_coords(c, nearest, false,
                   chance(70) ? ldexpf(1.0f, rnd_range(-2, 2)) : rnd_float(0.3f, 3.0f), coord,
                   &face);
        fmt_coords(co, sizeof co, c, coord);
        float lod;
        if (!gen_lod(c, &lod)) return false;
        if (k == K_LOD)
            snprintf(out->line, sizeof out->line, "lod %s %.9g%s", co, (double)lod, offs);
        else
            snprintf(out->line, sizeof out->line, "cmp %.9g %s %.9g%s", (double)gen_ref(c, img), co,
                     (double)lod, offs);
        break;
    }
    case K_GRAD: {
        float gr[6];
        gen_coords(c, nearest, false, 1.0f, coord, &face);
        if (!gen_grad(c, face, gr, &out->lod_exact)) return false;
        fmt_coords(co, sizeof co, c, coord);
        snprintf(out->line, sizeof out->line, "grad %s %.9g %.9g %.9g %.9g %.9g %.9g%s", co,
                 (double)gr[0], (double)gr[1], (double)gr[2], (double)gr[3], (double)gr[4],
                 (double)gr[5], offs);
        break;
    }
    case K_GATHER:
    case K_CMPGATHER: {
        gen_coords(c, false, true,
                   chance(70) ? ldexpf(1.0f, rnd_range(-2, 2)) : rnd_float(0.3f, 3.0f), coord,
                   &face);
        fmt_coords(co, sizeof co, c, coord);
        offs[0] = 0;
        if (can_offset && (c->d == DIM_2D || c->d == DIM_2DARRAY) && chance(40)) {
            const int lo =
                g->limits.minTexelGatherOffset > -32 ? g->limits.minTexelGatherOffset : -32;
            const int hi =
                g->limits.maxTexelGatherOffset < 31 ? (int)g->limits.maxTexelGatherOffset : 31;
            const bool wide = chance(30);
            snprintf(offs, sizeof offs, " %d %d 0", wide ? rnd_range(lo, hi) : rnd_range(-8, 7),
                     wide ? rnd_range(lo, hi) : rnd_range(-8, 7));
        }
        if (k == K_GATHER)
            snprintf(out->line, sizeof out->line, "gather %d %s%s", c->gather_comp, co, offs);
        else
            snprintf(out->line, sizeof out->line, "cmpgather %.9g %s%s", (double)gen_ref(c, img),
                     co, offs);
        break;
    }
    case K_FETCH: {
        const bool oob = g->robust2 && chance(15);
        int32_t level = (int32_t)rnd(c->levels);
        if (oob && chance(30))
            level = chance(50) ? -rnd_range(1, 2) : (int32_t)c->levels + rnd_range(0, 1);
        const uint32_t lv = level < 0 || level >= (int32_t)c->levels ? 0 : (uint32_t)level;
        const bool use_off = offs[0] != 0 || (c->smp.unnormalized && chance(30)) ||
                             (!dims[c->d].offsets && chance(30));
        if (use_off)
            snprintf(offs, sizeof offs, " %d %d %d", c->off[0], c->off[1], c->off[2]);
        else
            offs[0] = 0;
        const bool cube = c->d == DIM_CUBE || c->d == DIM_CUBEARRAY;
        const uint32_t ext[3] = {extent_at(c->tex.width, lv), extent_at(c->tex.height, lv),
                                 extent_at(c->tex.depth, lv)};
        const unsigned axes = cube ? 2 : dims[c->d].axes;
        int32_t xyz[3] = {0, 0, 0};
        for (unsigned a = 0; a < axes; a++) {
            int32_t v = (int32_t)rnd(ext[a]);
            if (oob && chance(40))
                v = chance(50) ? -rnd_range(1, 3) : (int32_t)ext[a] + rnd_range(0, 2);
            xyz[a] = v - (use_off ? c->off[a] : 0);
        }
        if (c->d == DIM_1DARRAY || c->d == DIM_2DARRAY || cube) {
            int32_t layer = (int32_t)rnd(c->tex.layers);
            /* Known lavapipe deviation L5: an array view of ONE layer does not bounds-check the
             * layer of texelFetch (robustImageAccess2 requires zeros). */
            if (oob && c->tex.layers > 1 && chance(30))
                layer = chance(50) ? -1 : (int32_t)c->tex.layers;
            xyz[2] = layer;
        }
        snprintf(out->line, sizeof out->line, "fetch %d %d %d %d%s", xyz[0], xyz[1], xyz[2], level,
                 offs);
        break;
    }
    case K_SIZE: /* one LOD per case: known lavapipe deviation L3 (see run_case) */
        snprintf(out->line, sizeof out->line, "size %d", c->size_lod);
        break;
    case K_LEVELS: snprintf(out->line, sizeof out->line, "levels"); break;
    default: return false;
    }
    char why[300];
    tu_surface_type type;
    bool arrayed;
    tq_type_from_word(dims[c->d].word, &type, &arrayed);
    if (!tq_parse(out->line, type, arrayed, &out->q, why, sizeof why))
        die("generated a line texunit cannot parse: %s: %s", out->line, why);
    return true;
}

/* ---------------------------------------------------------------------------------------- */
/* Running a case on lavapipe                                                               */
/* ---------------------------------------------------------------------------------------- */

/* One query as texquery.comp reads it (std430). */
typedef struct gpu_query {
    float coord[4];
    float ddx[4]; /* w: lod */
    float ddy[4]; /* w: ref */
    int32_t icoord[4];
    int32_t info[4]; /* kind, has_offset */
    int32_t goff[4];
} gpu_query;

static VkSampler make_sampler(const gpu *g, const tcase *c) {
    const tq_sampler *s = &c->smp;
    const bool cube = c->d == DIM_CUBE || c->d == DIM_CUBEARRAY;
    VkSamplerReductionModeCreateInfo red = {
        .sType = VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO,
        .reductionMode = s->reduction == TU_REDUCTION_MIN ? VK_SAMPLER_REDUCTION_MODE_MIN
                         : s->reduction == TU_REDUCTION_MAX
                             ? VK_SAMPLER_REDUCTION_MODE_MAX
                             : VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE};
    VkSamplerCreateInfo si = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    if (s->reduction != TU_REDUCTION_AVERAGE) si.pNext = &red;
    if (cube && !s->seamless) si.flags = VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT;
    si.magFilter = s->mag == TU_FILTER_LINEAR ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
    si.minFilter = s->min == TU_FILTER_LINEAR ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
    si.mipmapMode =
        s->mip == TU_MIP_LINEAR ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
    si.addressModeU = (VkSamplerAddressMode)s->addr[0];
    si.addressModeV = (VkSamplerAddressMode)s->addr[1];
    si.addressModeW = (VkSamplerAddressMode)s->addr[2];
    si.mipLodBias = s->lod_bias;
    si.anisotropyEnable = s->aniso >= 1;
    si.maxAnisotropy = s->aniso >= 1 ? (float)s->aniso : 1.0f;
    si.compareEnable = s->compare != TU_COMPARE_OFF;
    si.compareOp =
        s->compare != TU_COMPARE_OFF ? (VkCompareOp)(s->compare - 1) : VK_COMPARE_OP_NEVER;
    /* "No mipmapping" is mipmapMode NEAREST with the LOD clamped to [0, 0.25] (Vulkan,
     * VkSamplerCreateInfo); unnormalized coordinates require minLod = maxLod = 0. */
    si.minLod = s->unnormalized || s->mip < 0 ? 0.0f : s->min_lod;
    si.maxLod = s->unnormalized ? 0.0f : s->mip < 0 ? 0.25f : s->max_lod;
    si.borderColor = (VkBorderColor)(2 * s->border + (fmts[c->f].uint ? 1 : 0));
    si.unnormalizedCoordinates = s->unnormalized != 0;
    VkSampler smp;
    VK_CHECK(vkCreateSampler(g->dev, &si, NULL, &smp));
    return smp;
}

/* Run every query of c on lavapipe; results[i] receives the four 32-bit words. */
static void run_case(const gpu *g, const tcase *c, const tu_image *img, uint32_t results[][4]) {
    const tu_surface *surf = &img->surface;
    const VkImageAspectFlags aspect =
        fmts[c->f].depth ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
    const bool cube = c->d == DIM_CUBE || c->d == DIM_CUBEARRAY;

    /* The image, byte-identical to texunit's: staging copy per level, all layers at once
     * (texunit's packed layout is level, layer, z, y, x, tightly packed: Vulkan's buffer
     * layout with bufferRowLength = bufferImageHeight = 0). */
    const VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                                   .flags = cube ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0,
                                   .imageType = dims[c->d].image_type,
                                   .format = fmts[c->f].vk,
                                   .extent = {surf->width, surf->height, surf->depth},
                                   .mipLevels = surf->levels,
                                   .arrayLayers = surf->layers,
                                   .samples = VK_SAMPLE_COUNT_1_BIT,
                                   .tiling = VK_IMAGE_TILING_OPTIMAL,
                                   .usage =
                                       VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                   .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
                                   .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};
    VkImage image;
    const VkDeviceMemory image_mem = image_create(g, &ici, &image);

    buffer staging = buffer_create(g, surf->size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
    memcpy(staging.map, surf->data, surf->size);
    buffer qbuf = buffer_create(g, c->nq * sizeof(gpu_query), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    buffer rbuf = buffer_create(g, c->nq * 16u, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    gpu_query *gq = qbuf.map;
    for (unsigned i = 0; i < c->nq; i++) {
        const tq_line *q = &c->q[i].q;
        memset(&gq[i], 0, sizeof gq[i]);
        memcpy(gq[i].coord, q->coord, sizeof q->coord);
        for (int k = 0; k < 3; k++)
            gq[i].ddx[k] = q->grad[k], gq[i].ddy[k] = q->grad[3 + k];
        gq[i].ddx[3] = q->lod;
        gq[i].ddy[3] = q->ref;
        memcpy(gq[i].icoord, q->icoord, sizeof q->icoord);
        gq[i].info[0] = (int32_t)c->q[i].kind;
        gq[i].info[1] = q->has_offset;
        /* Known lavapipe deviation L3: textureSize(sampler, lod) uses the LOD of the first
         * invocation of each SIMD group for all of them. The LOD of size queries therefore
         * travels in a field that every query of the case carries with the same value. */
        gq[i].info[2] = c->q[i].kind == K_SIZE ? q->icoord[0] : c->size_lod;
        for (int k = 0; k < 3; k++)
            gq[i].goff[k] = q->offset[k];
    }
    memset(rbuf.map, 0xAB, rbuf.size);

    /* View 0: what the case samples (one level for unnormalized coordinates, as Vulkan
     * requires); view 1: every level and layer, as a 2D array for cube images. */
    VkImageView views[2];
    for (int v = 0; v < 2; v++) {
        const VkImageViewCreateInfo vci = {
            .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
            .image = image,
            .viewType = v == 0 ? dims[c->d].view_type : dims[c->d].fetch_view_type,
            .format = fmts[c->f].vk,
            .subresourceRange = {aspect, 0, v == 0 && c->smp.unnormalized ? 1 : surf->levels, 0,
                                 surf->layers}};
        VK_CHECK(vkCreateImageView(g->dev, &vci, NULL, &views[v]));
    }
    VkSampler samplers[2];
    samplers[0] = make_sampler(g, c);
    const VkSamplerCreateInfo plain = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                                       .magFilter = VK_FILTER_NEAREST,
                                       .minFilter = VK_FILTER_NEAREST,
                                       .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                       .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                                       .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                                       .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                                       .maxLod = VK_LOD_CLAMP_NONE};
    VK_CHECK(vkCreateSampler(g->dev, &plain, NULL, &samplers[1]));

    VK_CHECK(vkResetDescriptorPool(g->dev, g->desc_pool, 0));
    const VkDescriptorSetAllocateInfo dsai = {.sType =
                                                  VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                              .descriptorPool = g->desc_pool,
                                              .descriptorSetCount = 1,
                                              .pSetLayouts = &g->set_layout};
    VkDescriptorSet set;
    VK_CHECK(vkAllocateDescriptorSets(g->dev, &dsai, &set));
    const VkDescriptorImageInfo dii[2] = {
        {samplers[0], views[0], VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL},
        {samplers[1], views[1], VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL}};
    const VkDescriptorBufferInfo dbi[2] = {{qbuf.buf, 0, VK_WHOLE_SIZE},
                                           {rbuf.buf, 0, VK_WHOLE_SIZE}};
    VkWriteDescriptorSet w[4];
    for (int i = 0; i < 4; i++) {
        w[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                      .dstSet = set,
                                      .dstBinding = (uint32_t)i,
                                      .descriptorCount = 1};
        if (i < 2) {
            w[i].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
            w[i].pImageInfo = &dii[i];
        } else {
            w[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            w[i].pBufferInfo = &dbi[i - 2];
        }
    }
    vkUpdateDescriptorSets(g->dev, 4, w, 0, NULL);

    const int32_t spec[4] = {c->off[0], c->off[1], c->off[2], c->gather_comp};
    const VkSpecializationMapEntry entries[4] = {{0, 0, 4}, {1, 4, 4}, {2, 8, 4}, {3, 12, 4}};
    const VkSpecializationInfo spi = {4, entries, sizeof spec, spec};
    const VkComputePipelineCreateInfo cpci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                  .module = g->modules[c->d][c->smp.unnormalized ? MODULE_NOOFF + c->cls : c->cls],
                  .pName = "main",
                  .pSpecializationInfo = &spi},
        .layout = g->pipe_layout};
    VkPipeline pipe;
    const VkResult pr = vkCreateComputePipelines(g->dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipe);
    if (pr != VK_SUCCESS)
        die("vkCreateComputePipelines failed (VkResult %d) for the case\n%s\n%s\n(offsets %d %d "
            "%d, "
            "gather component %d)",
            (int)pr, c->tex_line, c->smp_line, c->off[0], c->off[1], c->off[2], c->gather_comp);

    /* Record: upload, layout changes, dispatch, make the results visible to the host. */
    VK_CHECK(vkResetCommandBuffer(g->cmd, 0));
    const VkCommandBufferBeginInfo cbbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                           .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    VK_CHECK(vkBeginCommandBuffer(g->cmd, &cbbi));
    VkImageMemoryBarrier imb = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                                .srcAccessMask = 0,
                                .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                                .newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                .image = image,
                                .subresourceRange = {aspect, 0, surf->levels, 0, surf->layers}};
    vkCmdPipelineBarrier(g->cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 0, NULL, 0, NULL, 1, &imb);
    VkBufferImageCopy regions[TU_MAX_LEVELS];
    for (uint32_t l = 0; l < surf->levels; l++) {
        uint32_t w_, h_, d_;
        tu_surface_level_extent(surf, l, &w_, &h_, &d_);
        regions[l] = (VkBufferImageCopy){.bufferOffset = surf->level[l].offset,
                                         .imageSubresource = {aspect, l, 0, surf->layers},
                                         .imageExtent = {w_, h_, d_}};
    }
    vkCmdCopyBufferToImage(g->cmd, staging.buf, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                           surf->levels, regions);
    imb.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    imb.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
    imb.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    imb.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    vkCmdPipelineBarrier(g->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, NULL, 0, NULL, 1, &imb);
    vkCmdBindPipeline(g->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
    vkCmdBindDescriptorSets(g->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, g->pipe_layout, 0, 1, &set, 0,
                            NULL);
    const uint32_t count = c->nq;
    vkCmdPushConstants(g->cmd, g->pipe_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &count);
    vkCmdDispatch(g->cmd, (count + 7) / 8, 1, 1);
    const VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                                .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
    vkCmdPipelineBarrier(g->cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                         0, 1, &mb, 0, NULL, 0, NULL);
    submit_and_wait(g);
    memcpy(results, rbuf.map, c->nq * 16u);

    vkDestroyPipeline(g->dev, pipe, NULL);
    for (int i = 0; i < 2; i++) {
        vkDestroySampler(g->dev, samplers[i], NULL);
        vkDestroyImageView(g->dev, views[i], NULL);
    }
    buffer_destroy(g, &rbuf);
    buffer_destroy(g, &qbuf);
    buffer_destroy(g, &staging);
    vkDestroyImage(g->dev, image, NULL);
    vkFreeMemory(g->dev, image_mem, NULL);
}

/* ---------------------------------------------------------------------------------------- */
/* The bound: the hull of texunit-exact over the precision box (top comment)               */
/* ---------------------------------------------------------------------------------------- */

enum { MAX_CAND = 64, MAX_AXIS_VALUES = 24 };

typedef struct hull {
    float lo[4], hi[4];
    unsigned n; /* distinct result vectors kept in cand[] */
    bool overflow;
    tu_texel cand[MAX_CAND];
    uint8_t corner[MAX_CAND]; /* gathers on cube maps: components that are corner texels */
} hull;

static void hull_add_cand(hull *h, const tu_texel *t, uint8_t corner) {
    for (unsigned i = 0; i < h->n; i++)
        if (memcmp(&h->cand[i], t, sizeof *t) == 0 && h->corner[i] == corner) return;
    if (h->n < MAX_CAND)
        h->corner[h->n] = corner, h->cand[h->n++] = *t;
    else
        h->overflow = true;
}

static void hull_add(hull *h, const tu_texel *t, uint8_t corner, bool first) {
    for (int k = 0; k < 4; k++) {
        if (first || t->f[k] < h->lo[k] || isnan(t->f[k])) h->lo[k] = t->f[k];
        if (first || t->f[k] > h->hi[k] || isnan(t->f[k])) h->hi[k] = t->f[k];
    }
    hull_add_cand(h, t, corner);
}

/* The major axis of a cube direction with texunit's tie rule (z, then y), which is the rule
 * the Vulkan spec recommends ("Cube Map Face Selection"). */
static int cube_major(const double d[3]) {
    return fabs(d[2]) >= fabs(d[0]) && fabs(d[2]) >= fabs(d[1]) ? 2
           : fabs(d[1]) >= fabs(d[0])                           ? 1
                                                                : 0;
}

/*
 * For a gather on a cube map at direction `dir`: bit k is set when gathered component k
 * (R G B A = texels (i0,j1) (i1,j1) (i1,j0) (i0,j0), "Texel Gathering") lies beyond the face
 * in both i and j. Vulkan ("Cube Map Edge Handling") says such a corner texel "should" be the
 * average of the three texels that meet there and "may" be made by other methods that return
 * their value when the three are equal. The other three texels of the 2x2 footprint are
 * exactly those three, so the check allows a corner component anywhere in their range.
 */
static uint8_t cube_gather_corners(const tcase *c, const float dir[3]) {
    const double d[3] = {dir[0], dir[1], dir[2]};
    const int axis = cube_major(d);
    const int face = 2 * axis + (d[axis] < 0);
    double ma = fabs(d[axis]), sc = 0, tc = 0;
    for (int k = 0; k < 3; k++)
        sc += cube_s[face][k] * d[k], tc += cube_t[face][k] * d[k];
    if (ma == 0) ma = 1;
    const double n = (double)c->tex.width;
    const int32_t i0 = (int32_t)floor((sc / ma + 1) * 0.5 * n - 0.5);
    const int32_t j0 = (int32_t)floor((tc / ma + 1) * 0.5 * n - 0.5);
    const int32_t ii[4] = {i0, i0 + 1, i0 + 1, i0}, jj[4] = {j0 + 1, j0 + 1, j0, j0};
    uint8_t mask = 0;
    for (int k = 0; k < 4; k++)
        if ((ii[k] < 0 || ii[k] >= (int32_t)n) && (jj[k] < 0 || jj[k] >= (int32_t)n))
            mask |= (uint8_t)(1u << k);
    return mask;
}

/* The derivative lengths rho_x, rho_y in texels of level 0 (Vulkan "Scale Factor"), in double
 * from the query's float gradients, with the cube derivative transform for cube maps. */
static void grad_rho(const tcase *c, const tq_line *q, double rho[2]) {
    const bool cube = c->d == DIM_CUBE || c->d == DIM_CUBEARRAY;
    for (int k = 0; k < 2; k++) {
        const float *gk = &q->grad[3 * k];
        double sum = 0;
        if (cube) {
            const double d[3] = {q->coord[0], q->coord[1], q->coord[2]};
            int axis = fabs(d[2]) >= fabs(d[0]) && fabs(d[2]) >= fabs(d[1]) ? 2
                       : fabs(d[1]) >= fabs(d[0])                           ? 1
                                                                            : 0;
            const int face = 2 * axis + (d[axis] < 0);
            const double ma = fabs(d[axis]), sign = face & 1 ? -1.0 : 1.0;
            double sc = 0, tc = 0, dsc = 0, dtc = 0;
            for (int a = 0; a < 3; a++) {
                sc += cube_s[face][a] * d[a], tc += cube_t[face][a] * d[a];
                dsc += cube_s[face][a] * gk[a], dtc += cube_t[face][a] * gk[a];
            }
            const double dma = sign * gk[axis];
            const double e = (double)c->tex.width;
            const double ds = (dsc * ma - sc * dma) / (2 * ma * ma) * e;
            const double dt = (dtc * ma - tc * dma) / (2 * ma * ma) * e;
            sum = ds * ds + dt * dt;
        } else {
            for (unsigned a = 0; a < dims[c->d].axes; a++) {
                const double m = (double)gk[a] * axis_extent(c, (int)a, 0);
                sum += m * m;
            }
        }
        rho[k] = sqrt(sum);
    }
}

/* The final LOD of a filtered query (0 for unnormalized coordinates, which Vulkan clamps to
 * minLod = maxLod = 0 and texunit ignores). */
static double query_lod(const tcase *c, const query *qq) {
    if (c->smp.unnormalized) return 0.0;
    if (qq->kind == K_GRAD) {
        double rho[2];
        grad_rho(c, &qq->q, rho);
        const double rho_max = rho[0] > rho[1] ? rho[0] : rho[1];
        return final_lod(c, log2(rho_max));
    }
    return final_lod(c, qq->q.lod);
}

static bool texunit_answer(const tu_image *img, const tq_line *q, const tq_sampler *s,
                           tu_texel *out, char *why, size_t why_size) {
    tu_format_class cls;
    return tq_answer(q, img, s, out, &cls, why, why_size);
}

/* Append v to list (n values) if there is room. */
static void push_value(double *list, unsigned *n, double v) {
    if (*n < MAX_AXIS_VALUES) list[(*n)++] = v;
}

/* The candidate values of one coordinate: the box ends and, inside the box, every texel
 * edge and centre of the levels [lo, hi] (each exactly and a hair either side). `scale`
 * maps texel positions of extent e to the coordinate: x = (p / e) * scale + shift. */
static void axis_candidates(double x, double half, const uint32_t *ext, unsigned next, double scale,
                            double shift, double *list, unsigned *n) {
    *n = 0;
    push_value(list, n, x);
    if (half <= 0) return;
    push_value(list, n, x - half);
    push_value(list, n, x + half);
    for (unsigned i = 0; i < next; i++) {
        const double e = (double)ext[i];
        const double p0 = ((x - half) - shift) / scale * e, p1 = ((x + half) - shift) / scale * e;
        for (double k = floor(p0 * 2.0) / 2.0; k <= p1; k += 0.5) {
            if (k <= p0) continue;
            const double b = k / e * scale + shift, hair = half / 256.0;
            push_value(list, n, b - hair);
            push_value(list, n, b);
            push_value(list, n, b + hair);
        }
    }
}

/* The hull of texunit-exact over the sub-texel box of ONE level: the query evaluated at
 * explicit LOD `level` with filter `filter` for both min and mag, every filtered coordinate
 * within dtexel texels of that level (each level is quantized on its own, so levels get
 * independent boxes). Adds to *h (first: start it). */
static bool level_hull(const tcase *c, const tu_image *img, const query *qq, uint32_t level,
                       int filter, double dtexel, hull *h, bool *first, char *why,
                       size_t why_size) {
    if (*first) h->n = 0, h->overflow = false;
    tq_sampler s = c->smp;
    s.precision = TU_PRECISION_EXACT;
    tq_line base = qq->q;
    const bool gather = qq->kind == K_GATHER || qq->kind == K_CMPGATHER;
    if (!gather) {
        s.min = s.mag = filter;
        if (s.mip >= 0) s.mip = TU_MIP_NEAREST;
        s.lod_bias = 0.0f, s.min_lod = 0.0f, s.max_lod = 1000.0f;
        base.lod = (float)level;
        if (qq->kind == K_GRAD) base.kind = TQ_LOD;
    }
    const bool cube = c->d == DIM_CUBE || c->d == DIM_CUBEARRAY;
    const unsigned axes = cube ? 2 : dims[c->d].axes;
    uint32_t ext[3];
    for (unsigned a = 0; a < axes; a++)
        ext[a] = c->smp.unnormalized ? 1 : axis_extent(c, (int)a, level);

    double values[3][MAX_AXIS_VALUES];
    unsigned nvalues[3] = {1, 1, 1};
    int face = 0;
    double ma = 1, sc = 0, tc = 0;
    if (cube) {
        const double d[3] = {base.coord[0], base.coord[1], base.coord[2]};
        const int axis = fabs(d[2]) >= fabs(d[0]) && fabs(d[2]) >= fabs(d[1]) ? 2
                         : fabs(d[1]) >= fabs(d[0])                           ? 1
                                                                              : 0;
        face = 2 * axis + (d[axis] < 0);
        ma = fabs(d[axis]);
        for (int k = 0; k < 3; k++)
            sc += cube_s[face][k] * d[k], tc += cube_t[face][k] * d[k];
        /* s = (sc / ma + 1) / 2: a texel of extent e is 2 * ma / e of sc. */
        const double half = dtexel * 2.0 * ma / (double)ext[0];
        axis_candidates(sc, half, &ext[0], 1, 2.0 * ma, -ma, values[0], &nvalues[0]);
        axis_candidates(tc, half, &ext[1], 1, 2.0 * ma, -ma, values[1], &nvalues[1]);
    } else {
        for (unsigned a = 0; a < axes; a++)
            axis_candidates(base.coord[a], dtexel / (double)ext[a], &ext[a], 1, 1.0, 0.0, values[a],
                            &nvalues[a]);
    }
    for (unsigned i0 = 0; i0 < nvalues[0]; i0++)
        for (unsigned i1 = 0; i1 < nvalues[1]; i1++)
            for (unsigned i2 = 0; i2 < nvalues[2]; i2++) {
                tq_line q = base;
                if (cube) {
                    for (int k = 0; k < 3; k++)
                        q.coord[k] =
                            (float)(cube_n[face][k] * ma + cube_s[face][k] * values[0][i0] +
                                    cube_t[face][k] * values[1][i1]);
                } else {
                    q.coord[0] = (float)values[0][i0];
                    if (axes > 1) q.coord[1] = (float)values[1][i1];
                    if (axes > 2) q.coord[2] = (float)values[2][i2];
                }
                tu_texel t;
                if (!texunit_answer(img, &q, &s, &t, why, why_size)) return false;
                hull_add(h, &t, cube && gather ? cube_gather_corners(c, q.coord) : 0, *first);
                *first = false;
            }
    return true;
}

/* Merge hull b into a (a.lo = min, a.hi = max, candidates united). */
static void hull_union(hull *a, const hull *b, bool *first) {
    for (int k = 0; k < 4; k++) {
        if (*first || b->lo[k] < a->lo[k]) a->lo[k] = b->lo[k];
        if (*first || b->hi[k] > a->hi[k]) a->hi[k] = b->hi[k];
    }
    *first = false;
    for (unsigned i = 0; i < b->n; i++)
        hull_add_cand(a, &b->cand[i], b->corner[i]);
    a->overflow |= b->overflow;
}

/* Add to *out the blend of two level hulls A (level d_hi) and B (d_lo) over weights
 * delta in [d0, d1] ("Texel Mipmap Filtering"): (1 - delta) A + delta B for the weighted
 * average; for min/max, the min/max of A and B where delta > 0 (and A itself at delta = 0). */
static void blend_hulls(const tcase *c, const hull *A, const hull *B, double d0, double d1,
                        hull *out, bool *out_first) {
    static hull C;
    C = *A;
    C.n = 0;
    C.overflow = false;
    if (c->smp.reduction == TU_REDUCTION_AVERAGE) {
        const double ds[2] = {d0, d1};
        for (int k = 0; k < 4; k++)
            for (int j = 0; j < 2; j++) {
                const float lo_v = (float)((1 - ds[j]) * A->lo[k] + ds[j] * B->lo[k]);
                const float hi_v = (float)((1 - ds[j]) * A->hi[k] + ds[j] * B->hi[k]);
                if (j == 0 || lo_v < C.lo[k]) C.lo[k] = lo_v;
                if (j == 0 || hi_v > C.hi[k]) C.hi[k] = hi_v;
            }
    } else {
        const bool want_min = c->smp.reduction == TU_REDUCTION_MIN;
        for (int k = 0; k < 4; k++) {
            C.lo[k] = want_min ? fminf(A->lo[k], B->lo[k]) : fmaxf(A->lo[k], B->lo[k]);
            C.hi[k] = want_min ? fminf(A->hi[k], B->hi[k]) : fmaxf(A->hi[k], B->hi[k]);
            if (d0 == 0) C.lo[k] = fminf(C.lo[k], A->lo[k]), C.hi[k] = fmaxf(C.hi[k], A->hi[k]);
        }
    }
    /* Result vectors (for the bit-exact checks) only exist without blending. */
    if (d0 == 0)
        for (unsigned i = 0; i < A->n; i++)
            C.corner[C.n] = A->corner[i], C.cand[C.n++] = A->cand[i];
    if (d1 == 1)
        for (unsigned i = 0; i < B->n && C.n < MAX_CAND; i++)
            C.corner[C.n] = B->corner[i], C.cand[C.n++] = B->cand[i];
    hull_union(out, &C, out_first);
}

/*
 * The bound of a filtered query (lod, grad, cmp, gather): per level the sub-texel box of
 * dtexel texels; the level(s) and the filter from the final LOD ("Level-of-Detail
 * Operation", "Image Level(s) Selection", "Texel Filtering").
 *
 * A final LOD that is exact (a multiple of 2^-m reached without rounding) is used as it is.
 * One that is not is known within err = 2^-22 (both sides compute it in float; LODs are at
 * most 17): every level choice and filter within err of it is allowed. For mip-linear the
 * blend weight may further be anywhere within dlod (the mipmapPrecisionBits rule, which
 * quantizes delta): for every level pair k the LODs l' in [l - err - dlod, l + err + dlod]
 * give delta' = clamp(l' - k) over an interval, and the blend over it is added.
 */
static bool eval_hull(const tcase *c, const tu_image *img, const query *qq, double dtexel,
                      double dlod, hull *out, char *why, size_t why_size) {
    bool out_first = true;
    memset(out, 0, sizeof *out);
    if (qq->kind == K_GATHER || qq->kind == K_CMPGATHER) /* the base level, no filter choice */
        return level_hull(c, img, qq, 0, TU_FILTER_LINEAR, dtexel, out, &out_first, why, why_size);
    const double lambda = query_lod(c, qq);
    const double q = (double)(c->levels - 1);
    const double err = qq->lod_exact ? 0.0 : 0x1p-22;
    const bool unnorm = c->smp.unnormalized != 0;
    /* The filters: magFilter for lambda <= 0, minFilter above (unnormalized: lambda = 0). */
    int filters[2], nfilters = 0;
    if (unnorm || lambda - err <= 0) filters[nfilters++] = c->smp.mag;
    if (!unnorm && lambda + err > 0 && (nfilters == 0 || c->smp.min != c->smp.mag))
        filters[nfilters++] = c->smp.min;
    for (int fi = 0; fi < nfilters; fi++) {
        const int filter = filters[fi];
        if (unnorm || c->smp.mip != TU_MIP_LINEAR) {
            /* mip none (Vulkan: nearest with the LOD clamped to [0, 0.25]) and nearest: one
             * level, nearest(d') = ceil(d' + 1/2) - 1 (Vulkan's preferred rule; the generator
             * keeps away from the ties where the alternative floor(d' + 1/2) differs). */
            const double ls[2] = {lambda - err, lambda + err};
            uint32_t done = UINT32_MAX;
            for (int j = 0; j < 2; j++) {
                const double dp = ls[j] < 0 ? 0 : ls[j] > q ? q : ls[j];
                const uint32_t level =
                    unnorm || c->smp.mip < 0 ? 0 : (uint32_t)(ceil(dp + 0.5) - 1.0);
                if (level == done) continue;
                done = level;
                if (!level_hull(c, img, qq, level, filter, dtexel, out, &out_first, why, why_size))
                    return false;
            }
            continue;
        }
        const double w = err + dlod;
        const double lo_l = lambda - w < 0 ? 0 : lambda - w > q ? q : lambda - w;
        const double hi_l = lambda + w < 0 ? 0 : lambda + w > q ? q : lambda + w;
        for (uint32_t k = (uint32_t)floor(lo_l); k <= (uint32_t)floor(hi_l); k++) {
            static hull A, B;
            bool fa = true, fb = true;
            if (!level_hull(c, img, qq, k, filter, dtexel, &A, &fa, why, why_size)) return false;
            if ((double)k >= q) { /* the last level: no blend */
                hull_union(out, &A, &out_first);
                continue;
            }
            const double d0 = lo_l - k < 0 ? 0 : lo_l - k;
            const double d1 = hi_l - k > 1 ? 1 : hi_l - k;
            if (d1 <= 0) {
                hull_union(out, &A, &out_first);
                continue;
            }
            if (!level_hull(c, img, qq, k + 1, filter, dtexel, &B, &fb, why, why_size))
                return false;
            blend_hulls(c, &A, &B, d0, d1, out, &out_first);
        }
    }
    return true;
}

/* Vulkan "Wrapping Operation" for one texel index; -1 = the border colour. */
static int32_t wrap_index(int32_t i, int32_t size, int mode) {
    switch (mode) {
    case TU_ADDRESS_WRAP: return ((i % size) + size) % size;
    case TU_ADDRESS_MIRROR: {
        int32_t m = ((i % (2 * size)) + 2 * size) % (2 * size);
        return m < size ? m : 2 * size - 1 - m;
    }
    case TU_ADDRESS_CLAMP_BORDER: return i < 0 || i >= size ? -1 : i;
    case TU_ADDRESS_MIRROR_ONCE: {
        const int32_t m = i >= 0 ? i : -1 - i;
        return m < size ? m : size - 1;
    }
    default: return i < 0 ? 0 : i >= size ? size - 1 : i;
    }
}

/* The anisotropic bound (top comment): the component-wise [min, max] of every texel an
 * anisotropic footprint may reach, 2D and 2D array textures. */
static void aniso_bound(const tcase *c, const tu_image *img, const query *qq, hull *h) {
    const tq_line *q = &qq->q;
    double rho[2];
    grad_rho(c, q, rho);
    const double rho_max = rho[0] > rho[1] ? rho[0] : rho[1];
    const double l_hi = final_lod(c, log2(rho_max));
    const double l_lo = final_lod(c, log2(rho_max / c->smp.aniso));
    uint32_t lo, hi, a, b;
    lod_levels(c, l_lo, &lo, &a);
    lod_levels(c, l_hi, &b, &hi);
    if (c->smp.mip < 0) lo = hi = 0;
    const uint32_t layer =
        (uint32_t)(c->d == DIM_2DARRAY ? fmin(fmax(nearbyint(q->coord[2]), 0), c->tex.layers - 1)
                                       : 0);
    static const float borders[3][4] = {{0, 0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1, 1}};
    /* A border texel keeps only the format's components, then expands to RGBA ("Texel
     * Replacement", "Conversion to RGBA"): (B_r, 0, 0, 1) for R32_SFLOAT and depth, alpha 1
     * for BC6H. */
    float border[4];
    for (unsigned k = 0; k < 4; k++)
        border[k] = k < fmts[c->f].comps ? borders[c->smp.border][k] : k == 3 ? 1.0f : 0.0f;
    bool first = true;
    h->n = 0;
    for (uint32_t l = lo; l <= hi; l++) {
        int32_t range[2][2];
        uint32_t e[2];
        for (int ax = 0; ax < 2; ax++) {
            e[ax] = axis_extent(c, ax, l);
            const double r = 0.5 * (fabs(q->grad[ax]) + fabs(q->grad[3 + ax]));
            const int32_t off = q->has_offset ? q->offset[ax] : 0;
            range[ax][0] = (int32_t)floor((q->coord[ax] - r) * e[ax] - 0.5) - 1 + off;
            range[ax][1] = (int32_t)floor((q->coord[ax] + r) * e[ax] - 0.5) + 2 + off;
            /* A footprint wider than the level reaches every texel (and the border). */
            if (range[ax][1] - range[ax][0] > 2 * (int32_t)e[ax] + 2)
                range[ax][0] = -1, range[ax][1] = (int32_t)e[ax];
        }
        for (int32_t j = range[1][0]; j <= range[1][1]; j++)
            for (int32_t i = range[0][0]; i <= range[0][1]; i++) {
                const int32_t x = wrap_index(i, (int32_t)e[0], c->smp.addr[0]);
                const int32_t y = wrap_index(j, (int32_t)e[1], c->smp.addr[1]);
                tu_texel t;
                if (x < 0 || y < 0) {
                    memcpy(t.f, border, sizeof t.f);
                } else {
                    const tu_texel_coord tc = {(uint32_t)x, (uint32_t)y, 0, layer, l, 0};
                    tu_surface_decode_texel(&img->surface, &tc, &t, NULL);
                }
                hull_add(h, &t, 0, first);
                first = false;
            }
    }
}

/* Per query kind, and at K_COUNT the anisotropic grad queries that are checked on texunit's
 * side only (known lavapipe deviation L2). */
typedef struct stats {
    unsigned pass[K_COUNT + 1], fail[K_COUNT + 1];
    unsigned printed;
} stats;

typedef struct options {
    uint64_t seed;
    unsigned cases;
    unsigned max_print;
    bool verbose;
    bool trace; /* print each case before running it (to find a case that crashes lavapipe) */
    const char *replay; /* a case file to run instead of random cases */
} options;

static void print_texel(const char *label, const tu_texel *t, bool integer) {
    printf("  %-9s", label);
    for (int k = 0; k < 4; k++) {
        if (integer)
            printf(" %u", t->u[k]);
        else
            printf(" %.9g", (double)t->f[k]);
    }
    printf("   [");
    for (int k = 0; k < 4; k++)
        printf("%s%08x", k ? " " : "", t->u[k]);
    printf("]\n");
}

static void print_hull(const char *label, const hull *h, const float eps[4], bool set) {
    if (set) {
        printf("  %-9s one of %u%s:", label, h->n, h->overflow ? "+" : "");
        for (unsigned i = 0; i < h->n && i < 4; i++)
            printf(" (%08x %08x %08x %08x)", h->cand[i].u[0], h->cand[i].u[1], h->cand[i].u[2],
                   h->cand[i].u[3]);
        printf("%s (tolerance %.3g %.3g %.3g %.3g)\n", h->n > 4 ? " ..." : "", (double)eps[0],
               (double)eps[1], (double)eps[2], (double)eps[3]);
        return;
    }
    printf("  %-9s", label);
    for (int k = 0; k < 4; k++)
        printf(" [%.9g, %.9g]", (double)(h->lo[k] - eps[k]), (double)(h->hi[k] + eps[k]));
    printf("\n");
}

/* Whether t equals one of the candidates, component k within tol[k] (0: bit for bit); a
 * cube corner component (cube_gather_corners) may be anything in the range of the other
 * three (with an ulp of slack for a float average). */
static bool in_set(const hull *h, const tu_texel *t, const float tol[4], bool integer) {
    for (unsigned i = 0; i < h->n; i++) {
        const tu_texel *cd = &h->cand[i];
        bool same = true;
        for (int k = 0; k < 4 && same; k++) {
            if (h->corner[i] >> k & 1) {
                bool first = true;
                float lo = 0, hi = 0;
                uint32_t ulo = 0, uhi = 0;
                for (int o = 0; o < 4; o++) {
                    if (o == k) continue;
                    if (first || cd->f[o] < lo) lo = cd->f[o];
                    if (first || cd->f[o] > hi) hi = cd->f[o];
                    if (first || cd->u[o] < ulo) ulo = cd->u[o];
                    if (first || cd->u[o] > uhi) uhi = cd->u[o];
                    first = false;
                }
                const float slack = ldexpf(max_f(fabsf(lo), fabsf(hi)), -22) + tol[k];
                same = integer ? t->u[k] >= ulo && t->u[k] <= uhi
                               : t->f[k] >= lo - slack && t->f[k] <= hi + slack;
            } else {
                same = tol[k] > 0 ? fabsf(t->f[k] - cd->f[k]) <= tol[k] : t->u[k] == cd->u[k];
            }
        }
        if (same) return true;
    }
    return false;
}

static bool in_range(const hull *h, const tu_texel *t, const float eps[4]) {
    for (int k = 0; k < 4; k++)
        if (!(t->f[k] >= h->lo[k] - eps[k] && t->f[k] <= h->hi[k] + eps[k])) return false;
    return true;
}

/* The sRGB EOTF (Khronos Data Format Specification 1.3 §13.3), in double. */
static double srgb_eotf(double x) {
    return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4);
}

static double srgb_oetf(double l) {
    return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
}

/*
 * How far lavapipe's conversion of one texel component may be from the exact value v
 * (texunit converts exactly: unorm is the correctly rounded c / 255, sRGB the EOTF rounded
 * once). Vulkan defines f = c / (2^b - 1) and the sRGB EOTF but states no precision for
 * either; lavapipe documents its own:
 *  - unorm8: gallivm multiplies by 1/255 (lp_bld_conv.c): within 1 ulp;
 *  - sRGB: a polynomial (lp_bld_format_srgb.c) whose error is required to stay within
 *    +-0.5 of an 8-bit sRGB step (the D3D10 rule the file cites; it measures +-0.35), so a
 *    texel of code c reads as a value in [EOTF((c - 1/2) / 255), EOTF((c + 1/2) / 255)].
 * For a filtered result (a convex combination of texels) the error is at most that of the
 * brightest texel of the footprint, `v` here (the deviation grows with the code).
 * A compressed format adds its decode deviation (fmts[].decode), as a convex combination
 * of texels each that near lies that near too.
 */
static float lvp_conversion(const tcase *c, int comp, float v) {
    if (c->cls == CLASS_SHADOW) return 0.0f;
    if (!fmts[c->f].unorm8) return fmts[c->f].decode;
    const float ulp = ldexpf(fabsf(v), -23) + fmts[c->f].decode;
    if (!fmts[c->f].srgb || comp == 3) return ulp;
    if (c->f == FMT_RGBA8_SRGB || c->f == FMT_A8B8G8R8_SRGB) {
        double code = floor(srgb_oetf(v < 0 ? 0 : v > 1 ? 1 : v) * 255.0 + 0.5);
        const double e = srgb_eotf(code / 255.0);
        const double up = srgb_eotf((code + 0.5) / 255.0) - e;
        const double down = code > 0 ? e - srgb_eotf((code - 0.5) / 255.0) : 0.0;
        return (float)(up > down ? up : down) + ulp;
    }
    /* A compressed sRGB format: v is the EOTF of the exact decode x; lavapipe's code lies
     * within `decode` of x, and its conversion within half a step of that code. */
    const double x = srgb_oetf(v < 0 ? 0 : v > 1 ? 1 : v), d = fmts[c->f].decode + 0.5 / 255.0;
    const double up = srgb_eotf(x + d > 1 ? 1 : x + d) - v;
    const double down = v - srgb_eotf(x - d < 0 ? 0 : x - d);
    return (float)(up > down ? up : down) + ldexpf(fabsf(v), -23);
}

/* The brightest texel value per component of the footprint (reduction=max over the same
 * box), for lvp_conversion of filtered sRGB results. */
static bool footprint_max(const tcase *c, const tu_image *img, const query *qq, double dtexel,
                          float out[4], char *why, size_t why_size) {
    static tcase m; /* large: not on the stack */
    m = *c;
    m.smp.reduction = TU_REDUCTION_MAX;
    static hull h;
    if (!eval_hull(&m, img, qq, dtexel, 0, &h, why, why_size)) return false;
    for (int k = 0; k < 4; k++)
        out[k] = h.hi[k];
    return true;
}

/* Check one query; print the case on failure. */
static bool check_query(const gpu *g, const tcase *c, const tu_image *img, const query *qq,
                        const uint32_t bits[4], const options *opt, stats *st) {
    char why[300] = "";
    tu_texel tu, lv;
    memcpy(lv.u, bits, sizeof lv.u);
    tu_format_class cls = TU_CLASS_FLOAT;
    bool ok = true, set = false, bounded = false, tu_only = false;
    const char *reason = "";
    static hull hl, ht;
    float eps_l[4] = {0, 0, 0, 0}, eps_t[4] = {0, 0, 0, 0};
    const bool integer = fmts[c->f].uint && qq->kind != K_CMP && qq->kind != K_CMPGATHER;
    const bool sizeq = qq->kind == K_SIZE || qq->kind == K_LEVELS;
    const double dl = ldexp(1.0, -(int)g->limits.subTexelPrecisionBits);
    const bool hw = c->smp.precision == TU_PRECISION_HW;
    const double dt = hw ? 1.0 / 512.0 : 0.0;
    if (!tq_answer(&qq->q, img, &c->smp, &tu, &cls, why, sizeof why)) {
        ok = false;
        reason = "texunit refused the query";
        memset(&tu, 0, sizeof tu);
    } else if (qq->kind == K_FETCH || sizeq) {
        for (int k = 0; k < 4; k++)
            eps_l[k] = qq->kind == K_FETCH && !integer ? lvp_conversion(c, k, tu.f[k]) : 0.0f;
        for (int k = 0; k < 4; k++)
            if (eps_l[k] > 0 ? !(fabsf(lv.f[k] - tu.f[k]) <= eps_l[k]) : lv.u[k] != tu.u[k])
                ok = false;
        reason = "lavapipe differs from texunit";
    } else if (qq->kind == K_GATHER || qq->kind == K_CMPGATHER) {
        set = bounded = true;
        if (!eval_hull(c, img, qq, dl, 0, &hl, why, sizeof why) ||
            !eval_hull(c, img, qq, dt, 0, &ht, why, sizeof why)) {
            ok = false, reason = "texunit refused a bound evaluation";
        } else {
            for (int k = 0; k < 4; k++)
                eps_l[k] =
                    integer ? 0.0f : lvp_conversion(c, c->gather_comp == 3 ? 3 : 0, hl.hi[k]);
            if (!in_set(&hl, &lv, eps_l, integer))
                ok = false, reason = "lavapipe is none of the allowed texels";
            else if (!in_set(&ht, &tu, eps_t, integer))
                ok = false, reason = "texunit is none of the allowed texels";
        }
    } else {
        bounded = true;
        const bool cube = c->d == DIM_CUBE || c->d == DIM_CUBEARRAY;
        const unsigned axes = cube ? 2 : dims[c->d].axes;
        const bool linear =
            !fmts[c->f].uint && (c->smp.min == TU_FILTER_LINEAR || c->smp.mag == TU_FILTER_LINEAR);
        const unsigned stages = (linear ? axes : 0) + (c->smp.mip == TU_MIP_LINEAR ? 1 : 0);
        float bright[4] = {1, 1, 1, 1};
        if (qq->kind == K_GRAD && c->smp.aniso >= 2) {
            /* Known lavapipe deviation L2: lavapipe's anisotropic footprint comes from the
             * coordinates of neighbouring invocations, not from the gradients, so only texunit
             * is held to the footprint bound. */
            tu_only = true;
            aniso_bound(c, img, qq, &hl);
            ht = hl;
            for (int k = 0; k < 4; k++)
                bright[k] = hl.hi[k];
        } else {
            const double ml = qq->lod_exact ? 0 : ldexp(1.0, -(int)g->limits.mipmapPrecisionBits);
            const double mt = qq->lod_exact ? 0 : hw ? 1.0 / 512.0 : 0.0;
            if (!eval_hull(c, img, qq, dl, ml, &hl, why, sizeof why) ||
                !eval_hull(c, img, qq, dt, mt, &ht, why, sizeof why) ||
                (fmts[c->f].srgb && !footprint_max(c, img, qq, dl, bright, why, sizeof why))) {
                ok = false, reason = "texunit refused a bound evaluation";
            }
        }
        if (ok && integer) {
            set = true;
            if (!in_set(&hl, &lv, eps_l, integer))
                ok = false, reason = "lavapipe is none of the allowed texels";
            else if (!in_set(&ht, &tu, eps_t, integer))
                ok = false, reason = "texunit is none of the allowed texels";
        } else if (ok) {
            const bool eight = fmts[c->f].unorm8 && c->cls != CLASS_SHADOW;
            for (int k = 0; k < 4; k++) {
                const float m = max_f(1.0f, max_f(fabsf(hl.lo[k]), fabsf(hl.hi[k])));
                const float eps_f = (float)(stages + 1) * ldexpf(m, -20);
                eps_l[k] = (eight ? (float)stages / 255.0f : 0.0f) + 2 * eps_f +
                           lvp_conversion(c, k, bright[k]);
                eps_t[k] = (eight && c->f == FMT_RGBA8_UNORM && hw ? 0.5f * (float)stages / 255.0f
                                                                   : 0.0f) +
                           2 * eps_f;
            }
            if (!tu_only && !in_range(&hl, &lv, eps_l))
                ok = false, reason = "lavapipe is outside its bound";
            else if (!in_range(&ht, &tu, eps_t))
                ok = false, reason = "texunit is outside its bound";
        }
    }
    const int slot = tu_only ? K_COUNT : (int)qq->kind;
    if (ok)
        st->pass[slot]++;
    else
        st->fail[slot]++;
    if ((!ok && st->printed < opt->max_print) || opt->verbose) {
        if (!ok) st->printed++;
        printf("%s %s%s: %s%s%s\n", ok ? "ok" : "FAIL", kind_names[qq->kind],
               tu_only ? " (anisotropic, texunit only)" : "", ok ? "" : reason, why[0] ? ": " : "",
               why);
        printf("%s\n%s\n%s\n", c->tex_line, c->smp_line, qq->line);
        print_texel("texunit", &tu, integer || sizeq);
        print_texel("lavapipe", &lv, integer || sizeq);
        if (bounded) {
            print_hull("lvp bound", &hl, eps_l, set);
            print_hull("tu bound", &ht, eps_t, set);
        } else if (eps_l[0] + eps_l[1] + eps_l[2] + eps_l[3] > 0) {
            printf("  tolerance %.3g %.3g %.3g %.3g (lavapipe's unorm/sRGB conversion)\n",
                   (double)eps_l[0], (double)eps_l[1], (double)eps_l[2], (double)eps_l[3]);
        }
    }
    return ok;
}

/* ---------------------------------------------------------------------------------------- */
/* Replay: run a case file of the query format (as printed on failure) on both sides       */
/* ---------------------------------------------------------------------------------------- */

/* Whether the final LOD of a query is exact in both implementations: a multiple of 1/16
 * reached without rounding (for gradients: derivative lengths that are powers of two). */
static bool infer_lod_exact(const tcase *c, const query *qq) {
    if (qq->kind == K_GRAD) {
        double rho[2];
        grad_rho(c, &qq->q, rho);
        if (!is_power_of_two(rho[0]) || !is_power_of_two(rho[1])) return false;
    }
    const double l = query_lod(c, qq) * 16.0;
    return l == floor(l);
}

static void run_and_check(const gpu *g, tcase *c, const tu_image *img, const options *opt,
                          stats *st) {
    static uint32_t results[MAX_QUERIES][4];
    if (opt->trace) {
        fprintf(stderr, "case (offsets %d %d %d, gather component %d)\n%s\n%s\n", c->off[0],
                c->off[1], c->off[2], c->gather_comp, c->tex_line, c->smp_line);
        for (unsigned i = 0; i < c->nq; i++)
            fprintf(stderr, "%s\n", c->q[i].line);
    }
    run_case(g, c, img, results);
    for (unsigned i = 0; i < c->nq; i++)
        check_query(g, c, img, &c->q[i], results[i], opt, st);
}

/* Run the cases of a file: texture and sampler lines, then queries (at most MAX_QUERIES per
 * case). The ConstOffset of the case is that of its first lod/grad/cmp/fetch query with
 * offsets (all of them must agree), the gather component that of its first gather. */
static unsigned replay(const gpu *g, const char *path, const options *opt, stats *st) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f) die("%s: %s", path, strerror(errno));
    static tcase c;
    memset(&c, 0, sizeof c);
    tu_image img = {0};
    bool have_tex = false, have_smp = false, have_off = false, have_comp = false, have_size = false;
    char line[LINE], why[300];
    unsigned lineno = 0, ncases = 0;
    tu_surface_type type = TU_SURFACE_2D;
    bool arrayed = false;
    for (;;) {
        const bool eof = !fgets(line, sizeof line, f);
        if (!eof) {
            lineno++;
            line[strcspn(line, "\r\n")] = 0;
        }
        tq_line q;
        if (!eof && !tq_parse(line, type, arrayed, &q, why, sizeof why))
            die("%s:%u: %s", path, lineno, why);
        if (!eof && q.kind == TQ_BLANK) continue;
        const bool new_state = eof || q.kind == TQ_TEXTURE || q.kind == TQ_SAMPLER;
        if ((new_state || c.nq == MAX_QUERIES) && c.nq > 0) {
            run_and_check(g, &c, &img, opt, st);
            ncases++;
            c.nq = 0;
            have_off = have_comp = have_size = false;
        }
        if (eof) break;
        if (q.kind == TQ_TEXTURE_FILE)
            die("%s:%u: texture_file is not supported here", path, lineno);
        if (q.kind == TQ_TEXTURE) {
            tu_image_free(&img);
            c.tex = q.texture;
            snprintf(c.tex_line, sizeof c.tex_line, "%s", line);
            type = q.texture.type, arrayed = q.texture.arrayed;
            c.d = DIM_COUNT;
            for (int d = 0; d < DIM_COUNT; d++) {
                tu_surface_type t;
                bool a;
                tq_type_from_word(dims[d].word, &t, &a);
                if (t == type && a == arrayed) c.d = (dim)d;
            }
            c.f = FMT_COUNT;
            for (int k = 0; k < FMT_COUNT; k++)
                if (tq_format_from_word(fmts[k].word) == q.texture.format) c.f = (fmt)k;
            if (c.d == DIM_COUNT || c.f == FMT_COUNT)
                die("%s:%u: only the query format's types and short formats run on lavapipe", path,
                    lineno);
            if (!tq_make_texture(&c.tex, &img, why, sizeof why))
                die("%s:%u: %s", path, lineno, why);
            c.levels = img.surface.levels;
            c.arrays = c.d == DIM_CUBEARRAY ? c.tex.layers / 6 : c.d == DIM_CUBE ? 1 : c.tex.layers;
            have_tex = true;
            continue;
        }
        if (q.kind == TQ_SAMPLER) {
            c.smp = q.sampler;
            snprintf(c.smp_line, sizeof c.smp_line, "%s", line);
            have_smp = true;
            continue;
        }
        if (!have_tex) die("%s:%u: a query before the texture line", path, lineno);
        if (!have_smp)
            c.smp = tq_sampler_defaults(), snprintf(c.smp_line, sizeof c.smp_line, "sampler");
        c.cls = fmts[c.f].uint                    ? CLASS_UINT
                : c.smp.compare != TU_COMPARE_OFF ? CLASS_SHADOW
                                                  : CLASS_FLOAT;
        query *qq = &c.q[c.nq];
        memset(qq, 0, sizeof *qq);
        qq->q = q;
        snprintf(qq->line, sizeof qq->line, "%s", line);
        static const qkind kinds[] = {
            [TQ_FETCH] = K_FETCH, [TQ_LOD] = K_LOD,       [TQ_GRAD] = K_GRAD,
            [TQ_CMP] = K_CMP,     [TQ_GATHER] = K_GATHER, [TQ_CMPGATHER] = K_CMPGATHER,
            [TQ_SIZE] = K_SIZE,   [TQ_LEVELS] = K_LEVELS};
        qq->kind = kinds[q.kind];
        if (q.has_offset && qq->kind != K_GATHER && qq->kind != K_CMPGATHER) {
            if (have_off && memcmp(c.off, q.offset, sizeof c.off) != 0)
                die("%s:%u: a case takes one offset triple (specialization constants)", path,
                    lineno);
            memcpy(c.off, q.offset, sizeof c.off);
            have_off = true;
        }
        if (qq->kind == K_SIZE && !have_size) {
            c.size_lod = q.icoord[0]; /* the other queries carry it (L3); mixed LODs show L3 */
            have_size = true;
        }
        if (qq->kind == K_GATHER) {
            if (have_comp && c.gather_comp != q.comp)
                die("%s:%u: a case takes one gather component", path, lineno);
            c.gather_comp = q.comp;
            have_comp = true;
        }
        qq->lod_exact = infer_lod_exact(&c, qq);
        c.nq++;
    }
    tu_image_free(&img);
    if (f != stdin) fclose(f);
    return ncases;
}

/* ---------------------------------------------------------------------------------------- */
/* main                                                                                     */
/* ---------------------------------------------------------------------------------------- */

static bool parse_number(const char *s, uint64_t *out) {
    char *end;
    errno = 0;
    const unsigned long long v = strtoull(s, &end, 0);
    if (end == s || *end || errno || s[0] == '-') return false;
    *out = v;
    return true;
}

static void parse_options(int argc, char **argv, options *opt) {
    uint64_t v;
    opt->seed = 0x7e47u; /* fixed: the run is reproducible */
    opt->cases = 3000;
    opt->max_print = 20;
    opt->verbose = false;
    opt->trace = false;
    opt->replay = NULL;
    const char *env = getenv("VK_DIFF_SEED");
    if (env && parse_number(env, &v)) opt->seed = v;
    env = getenv("VK_DIFF_CASES");
    if (env && parse_number(env, &v) && v > 0 && v <= 10000000) opt->cases = (unsigned)v;
    for (int i = 1; i < argc; i++) {
        const bool more = i + 1 < argc;
        if (strcmp(argv[i], "--seed") == 0 && more && parse_number(argv[i + 1], &v)) {
            opt->seed = v;
            i++;
        } else if (strcmp(argv[i], "--cases") == 0 && more && parse_number(argv[i + 1], &v) &&
                   v > 0 && v <= 10000000) {
            opt->cases = (unsigned)v;
            i++;
        } else if (strcmp(argv[i], "--max-print") == 0 && more && parse_number(argv[i + 1], &v)) {
            opt->max_print = v > 100000 ? 100000 : (unsigned)v;
            i++;
        } else if (strcmp(argv[i], "--verbose") == 0) {
            opt->verbose = true;
        } else if (strcmp(argv[i], "--trace") == 0) {
            opt->trace = true;
        } else if (strcmp(argv[i], "--replay") == 0 && more) {
            opt->replay = argv[++i];
        } else {
            fprintf(stderr,
                    "usage: vk_diff [--seed S] [--cases N] [--max-print K] [--verbose] [--trace] "
                    "[--replay FILE|-]\n");
            exit(2);
        }
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Image load/store: imageLoad, imageStore and imageAtomic* against texunit's data port      */
/* ---------------------------------------------------------------------------------------- */

/* Per storage format (imgquery.comp, tests/vk/CMakeLists.txt): an 8x4 image, one load of every
 * texel, one store to every texel, and on r32ui/r32i every atomic, each compared with
 * tu_dp_execute on the same bytes: loaded values, stored bytes (the memory after), atomic
 * results and memory. Tolerances, from Vulkan's conversion rules: unorm/snorm loads within 2
 * ulps (lavapipe multiplies by 1/(2^n - 1)), stored unorm/snorm/float16/ufloat fields within
 * one code (Vulkan does not require round-to-nearest-even there), NaN as a class; integers,
 * 32-bit floats and atomics exactly. Stores keep integers inside the format's range and
 * normalized values finite (out-of-range integer stores are undefined in Vulkan). */
#include "vk_image_spv.h"

enum { IMG_W = 8, IMG_H = 4, IMG_LANES = IMG_W * IMG_H };

typedef struct img_op {
    int32_t coord[2];
    uint32_t kind, pad;
    uint32_t data[4];
} img_op;

/* imgquery.comp's atomic kinds 2..9 and the engine's ops (min/max by the image's type) */
static const struct {
    const char *name;
    tu_atomic uint_op, sint_op;
} image_atomics[] = {
    {"add", TU_ATOMIC_ADD, TU_ATOMIC_ADD},
    {"min", TU_ATOMIC_UMIN, TU_ATOMIC_IMIN},
    {"max", TU_ATOMIC_UMAX, TU_ATOMIC_IMAX},
    {"and", TU_ATOMIC_AND, TU_ATOMIC_AND},
    {"or", TU_ATOMIC_OR, TU_ATOMIC_OR},
    {"xor", TU_ATOMIC_XOR, TU_ATOMIC_XOR},
    {"exchange", TU_ATOMIC_XCHG, TU_ATOMIC_XCHG},
    {"compswap", TU_ATOMIC_CMPXCHG, TU_ATOMIC_CMPXCHG},
};

typedef struct img_gpu {
    VkDescriptorSetLayout set_layout;
    VkPipelineLayout pipe_layout;
    VkDescriptorPool pool;
} img_gpu;

/* Run `ops` on an image holding `bytes` (IMG_LANES texels of format f): results and the
 * image's bytes afterwards. */
static void img_dispatch(const gpu *g, const img_gpu *ig, VkPipeline pipe, const vk_image_spv *f,
                         uint8_t *bytes, size_t size, const img_op *ops, uint32_t (*results)[4]) {
    const VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                                   .imageType = VK_IMAGE_TYPE_2D,
                                   .format = f->vk,
                                   .extent = {IMG_W, IMG_H, 1},
                                   .mipLevels = 1,
                                   .arrayLayers = 1,
                                   .samples = VK_SAMPLE_COUNT_1_BIT,
                                   .tiling = VK_IMAGE_TILING_OPTIMAL,
                                   .usage = VK_IMAGE_USAGE_STORAGE_BIT |
                                            VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                   .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
                                   .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};
    VkImage image;
    const VkDeviceMemory mem = image_create(g, &ici, &image);
    buffer staging =
        buffer_create(g, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    memcpy(staging.map, bytes, size);
    buffer obuf = buffer_create(g, IMG_LANES * sizeof(img_op), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    buffer rbuf = buffer_create(g, IMG_LANES * 16u, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    memcpy(obuf.map, ops, IMG_LANES * sizeof(img_op));
    memset(rbuf.map, 0, rbuf.size);
    const VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                       .image = image,
                                       .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                       .format = f->vk,
                                       .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
    VkImageView view;
    VK_CHECK(vkCreateImageView(g->dev, &vci, NULL, &view));
    VK_CHECK(vkResetDescriptorPool(g->dev, ig->pool, 0));
    const VkDescriptorSetAllocateInfo dsai = {.sType =
                                                  VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                              .descriptorPool = ig->pool,
                                              .descriptorSetCount = 1,
                                              .pSetLayouts = &ig->set_layout};
    VkDescriptorSet set;
    VK_CHECK(vkAllocateDescriptorSets(g->dev, &dsai, &set));
    const VkDescriptorImageInfo dii = {VK_NULL_HANDLE, view, VK_IMAGE_LAYOUT_GENERAL};
    const VkDescriptorBufferInfo dbi[2] = {{obuf.buf, 0, VK_WHOLE_SIZE},
                                           {rbuf.buf, 0, VK_WHOLE_SIZE}};
    VkWriteDescriptorSet w[3];
    for (uint32_t i = 0; i < 3; i++)
        w[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                      .dstSet = set,
                                      .dstBinding = i,
                                      .descriptorCount = 1,
                                      .descriptorType = i ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
                                                          : VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
                                      .pImageInfo = i ? NULL : &dii,
                                      .pBufferInfo = i ? &dbi[i - 1] : NULL};
    vkUpdateDescriptorSets(g->dev, 3, w, 0, NULL);

    VK_CHECK(vkResetCommandBuffer(g->cmd, 0));
    const VkCommandBufferBeginInfo cbbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                           .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    VK_CHECK(vkBeginCommandBuffer(g->cmd, &cbbi));
    VkImageMemoryBarrier imb = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                                .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                                .newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                .image = image,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
    vkCmdPipelineBarrier(g->cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 0, NULL, 0, NULL, 1, &imb);
    const VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                      .imageExtent = {IMG_W, IMG_H, 1}};
    vkCmdCopyBufferToImage(g->cmd, staging.buf, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                           &region);
    imb.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    imb.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
    imb.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    imb.newLayout = VK_IMAGE_LAYOUT_GENERAL;
    vkCmdPipelineBarrier(g->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, NULL, 0, NULL, 1, &imb);
    vkCmdBindPipeline(g->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
    vkCmdBindDescriptorSets(g->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, ig->pipe_layout, 0, 1, &set, 0,
                            NULL);
    const uint32_t count = IMG_LANES;
    vkCmdPushConstants(g->cmd, ig->pipe_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &count);
    vkCmdDispatch(g->cmd, IMG_LANES / 8, 1, 1);
    imb.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    imb.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
    imb.oldLayout = VK_IMAGE_LAYOUT_GENERAL;
    imb.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    vkCmdPipelineBarrier(g->cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 1, &imb);
    vkCmdCopyImageToBuffer(g->cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, staging.buf, 1,
                           &region);
    const VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                .srcAccessMask =
                                    VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                                .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
    vkCmdPipelineBarrier(g->cmd,
                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
    submit_and_wait(g);
    memcpy(results, rbuf.map, IMG_LANES * 16u);
    memcpy(bytes, staging.map, size);
    vkDestroyImageView(g->dev, view, NULL);
    buffer_destroy(g, &rbuf);
    buffer_destroy(g, &obuf);
    buffer_destroy(g, &staging);
    vkDestroyImage(g->dev, image, NULL);
    vkFreeMemory(g->dev, mem, NULL);
}

/* The field of `bits` bits at bit `shift` of a little-endian texel. */
static uint32_t field_bits(const uint8_t *p, unsigned shift, unsigned bits) {
    uint64_t v = 0;
    p += shift / 8;
    shift %= 8;
    for (unsigned i = 0; i * 8 < shift + bits; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return (uint32_t)(v >> shift) & (bits >= 32 ? 0xffffffffu : (1u << bits) - 1);
}

static bool ulps_within(uint32_t a, uint32_t b, uint32_t n) {
    float fa, fb;
    memcpy(&fa, &a, 4), memcpy(&fb, &b, 4);
    if (isnan(fa) || isnan(fb)) return isnan(fa) && isnan(fb);
    if ((a ^ b) >> 31) return fa == fb; /* +0 and -0 */
    return (a > b ? a - b : b - a) <= n;
}

/* One stored field: exact, or within a code (normalized, 16/11/10-bit floats); NaN as a class. */
static bool field_close(const tu_channel *ch, uint32_t a, uint32_t b) {
    if (a == b) return true;
    const bool is_float = ch->numeric == TU_NUMERIC_SFLOAT || ch->numeric == TU_NUMERIC_UFLOAT;
    if (is_float && ch->bits < 32) {
        const unsigned mb = ch->numeric == TU_NUMERIC_SFLOAT ? 10 : ch->bits - 5u;
        const uint32_t e = (1u << 5) - 1, ea = a >> mb & e, eb = b >> mb & e;
        const bool nan_a = ea == e && (a & ((1u << mb) - 1)),
                   nan_b = eb == e && (b & ((1u << mb) - 1));
        if (nan_a || nan_b) return nan_a && nan_b;
        return (a >> (ch->bits - 1)) == (b >> (ch->bits - 1)) && (a > b ? a - b : b - a) <= 1;
    }
    if (ch->numeric == TU_NUMERIC_SFLOAT) return ulps_within(a, b, 0);
    if (ch->numeric == TU_NUMERIC_UNORM) return (a > b ? a - b : b - a) <= 1;
    if (ch->numeric == TU_NUMERIC_SNORM) { /* -1 has two codes */
        const int32_t m = (int32_t)(1u << (ch->bits - 1));
        int32_t sa = (int32_t)(a << (32 - ch->bits)) >> (32 - ch->bits),
                sb = (int32_t)(b << (32 - ch->bits)) >> (32 - ch->bits);
        if (sa == -m) sa = -m + 1;
        if (sb == -m) sb = -m + 1;
        return (sa > sb ? sa - sb : sb - sa) <= 1;
    }
    return false;
}

/* A value a store of channel ch may take: inside the format's range (integers), finite and a
 * little out of range (normalized), with specials for float formats. */
static uint32_t store_value(const tu_channel *ch, tu_format_class cls) {
    float f;
    uint32_t u;
    if (cls == TU_CLASS_UINT) return ch->bits >= 32 ? (uint32_t)rnd64() : rnd(1u << ch->bits);
    if (cls == TU_CLASS_SINT)
        return ch->bits >= 32 ? (uint32_t)rnd64()
                              : (uint32_t)(int32_t)(rnd(1u << ch->bits) - (1u << (ch->bits - 1)));
    switch (ch->numeric) {
    case TU_NUMERIC_UNORM: f = rnd_float(-0.25f, 1.25f); break;
    case TU_NUMERIC_SNORM: f = rnd_float(-1.25f, 1.25f); break;
    case TU_NUMERIC_UFLOAT:
        f = chance(10) ? 0.0f : ldexpf(rnd_float(1.0f, 2.0f), rnd_range(-16, 15));
        break;
    default:
        if (chance(10)) {
            static const float special[] = {INFINITY, -INFINITY, NAN,     0.0f,
                                            -0.0f,    1e-40f,    65504.0f};
            f = special[rnd(COUNT(special))];
        } else {
            f = ldexpf(rnd_float(-2.0f, 2.0f), rnd_range(-20, 20));
        }
    }
    memcpy(&u, &f, 4);
    return u;
}

/* A compute pipeline of one imgquery.comp module on the section's layout (*module to destroy
 * with it). */
static VkPipeline img_pipeline(const gpu *g, const img_gpu *ig, const uint32_t *words, size_t size,
                               VkShaderModule *module) {
    const VkShaderModuleCreateInfo smci = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = size, .pCode = words};
    VK_CHECK(vkCreateShaderModule(g->dev, &smci, NULL, module));
    const VkComputePipelineCreateInfo cpci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                  .module = *module,
                  .pName = "main"},
        .layout = ig->pipe_layout};
    VkPipeline pipe;
    VK_CHECK(vkCreateComputePipelines(g->dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipe));
    return pipe;
}

/* texunit's IMG_W x IMG_H image of format, and a buffer of its size for lavapipe's bytes. */
static uint8_t *img_create(tu_image *img, tu_format format) {
    const tu_surface desc = {.type = TU_SURFACE_2D,
                             .format = format,
                             .width = IMG_W,
                             .height = IMG_H,
                             .depth = 1,
                             .layers = 1,
                             .levels = 1,
                             .samples = 1};
    tu_error err = {0};
    if (tu_image_create(img, &desc, &err) != TU_OK) die("%s", err.message);
    uint8_t *lvp = malloc(img->surface.size);
    if (!lvp) die("out of memory");
    return lvp;
}

/* r32f's float atomics: imgquery.comp's FLOAT_ATOMICS kinds and the engine's ops. Exchange
 * and add need VK_EXT_shader_atomic_float's shaderImageFloat32Atomics and
 * shaderImageFloat32AtomicAdd, min and max VK_EXT_shader_atomic_float2's
 * shaderImageFloat32AtomicMinMax; FCMPXCHG and FSUB have no GLSL built-in. */
static const struct {
    const char *name;
    uint32_t kind;
    tu_atomic op;
} image_float_atomics[] = {{"exchange", 2, TU_ATOMIC_XCHG},
                           {"add", 3, TU_ATOMIC_FADD},
                           {"min", 4, TU_ATOMIC_FMIN},
                           {"max", 5, TU_ATOMIC_FMAX}};

/* A float an atomic takes: specials (zeros, infinities, NaNs, denormals), small integers (so
 * that min/max tie and adds cancel) or a random magnitude. */
static uint32_t float_atomic_value(void) {
    static const uint32_t special[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u,
                                       0x7fc00000u, 0xffc00000u, 0x7fc12345u, 0x00000001u,
                                       0x807fffffu, 0x00800000u, 0x7f7fffffu, 0xff7fffffu};
    if (chance(25)) return special[rnd(COUNT(special))];
    float f = chance(30) ? (float)rnd_range(-3, 3)
                         : ldexpf(rnd_float(-2.0f, 2.0f),
                                  chance(10) ? rnd_range(-140, -120) : rnd_range(-30, 30));
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Why the float atomics of image_float_atomics[i] cannot run on g, or NULL. */
static const char *float_atomic_missing(const gpu *g, size_t i, VkFormatFeatureFlags r32f) {
    if (!(r32f & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT) ||
        !(r32f & VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT))
        return "R32_SFLOAT lacks VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT";
    if (!g->has_atomic_float) return "the device does not expose VK_EXT_shader_atomic_float";
    if (i < 2 && !(g->img_f32_atomics && g->img_f32_add))
        return "shaderImageFloat32Atomics or shaderImageFloat32AtomicAdd is VK_FALSE";
    if (i >= 2 && !g->has_atomic_float2)
        return "the device does not expose VK_EXT_shader_atomic_float2";
    if (i >= 2 && !g->img_f32_minmax) return "shaderImageFloat32AtomicMinMax is VK_FALSE";
    return NULL;
}

/* Run `rounds` x 16 rounds of each float atomic the device has on an r32f image (every texel
 * once, so the order of lanes does not matter), compare the returned values (bit for bit:
 * both return the old texel) and the memory after (bit for bit, but for the deviations
 * counted in nan_bits, both NaN with different bits, and zero_sign, min/max of +0 and -0
 * giving the other zero; docs/testing.md). Returns the failed checks. */
static unsigned image_float_atomic_section(const gpu *g, const img_gpu *ig, unsigned rounds,
                                           unsigned *passed, unsigned max_print, tu_dp_msg *m,
                                           tu_reply *reply) {
    VkFormatProperties fp;
    vkGetPhysicalDeviceFormatProperties(g->pdev, VK_FORMAT_R32_SFLOAT, &fp);
    static img_op ops[IMG_LANES];
    static uint32_t results[IMG_LANES][4];
    const vk_image_spv f = {"r32f", 'F', VK_FORMAT_R32_SFLOAT, TU_FORMAT_R32_SFLOAT, NULL, 0};
    tu_image img;
    tu_error err = {0};
    uint8_t *lvp = img_create(&img, TU_FORMAT_R32_SFLOAT);
    const size_t size = img.surface.size;
    unsigned failed = 0;
    for (size_t i = 0; i < COUNT(image_float_atomics); i++) {
        const char *name = image_float_atomics[i].name;
        const char *missing = float_atomic_missing(g, i, fp.optimalTilingFeatures);
        if (missing) {
            printf("vk_diff: image float atomics: r32f imageAtomic%c%s skipped: %s\n",
                   name[0] - 'a' + 'A', name + 1, missing);
            continue;
        }
        VkShaderModule module;
        const VkPipeline pipe =
            i < 2 ? img_pipeline(g, ig, spv_img_r32f_fatomic, sizeof spv_img_r32f_fatomic, &module)
                  : img_pipeline(g, ig, spv_img_r32f_fminmax, sizeof spv_img_r32f_fminmax, &module);
        /* what the lanes exercised: a NaN operand, zeros of opposite signs, a denormal */
        unsigned checks = 0, bad = 0, nan_bits = 0, zero_sign = 0, nan_in = 0, zeros = 0,
                 denormal = 0;
        uint32_t nan_example[3] = {0, 0, 0};
        for (unsigned round = 0; round < rounds * 16; round++) {
            uint32_t *texels = img.memory;
            for (uint32_t t = 0; t < IMG_LANES; t++)
                texels[t] = float_atomic_value();
            memset(m, 0, sizeof *m);
            m->simd = IMG_LANES, m->lane_mask = 0xffffffffu, m->channel_mask = 0x1;
            m->op = TU_DP_TYPED_ATOMIC, m->atomic = image_float_atomics[i].op;
            for (uint32_t l = 0; l < IMG_LANES; l++) { /* lane l on texel l: each texel once */
                const uint32_t a = float_atomic_value();
                ops[l] = (img_op){{(int32_t)(l % IMG_W), (int32_t)(l / IMG_W)},
                                  image_float_atomics[i].kind,
                                  0,
                                  {a, 0, 0, 0}};
                m->addr[0].u[l] = l % IMG_W, m->addr[1].u[l] = l / IMG_W, m->data[0].u[l] = a;
            }
            memcpy(lvp, img.memory, size);
            img_dispatch(g, ig, pipe, &f, lvp, size, ops, results);
            if (tu_dp_execute(m, &img.surface, TU_DP_ACCESS_READ | TU_DP_ACCESS_WRITE, reply,
                              &err) != TU_OK)
                die("texunit refused r32f %s: %s", name, err.message);
            bool ok = true;
            for (uint32_t l = 0; l < IMG_LANES; l++) {
                const uint32_t want = reply->channel[0].u[l], got = results[l][0];
                uint32_t after_lvp, after_tu; /* `want` is the old texel */
                memcpy(&after_lvp, lvp + 4 * l, 4);
                memcpy(&after_tu, (uint8_t *)img.memory + 4 * l, 4);
                const uint32_t a = ops[l].data[0], abs_o = want & 0x7fffffffu,
                               abs_a = a & 0x7fffffffu;
                nan_in += abs_o > 0x7f800000u || abs_a > 0x7f800000u;
                zeros += !abs_o && !abs_a && want != a;
                denormal += (abs_o && abs_o < 0x00800000u) || (abs_a && abs_a < 0x00800000u) ||
                            ((after_tu & 0x7fffffffu) && (after_tu & 0x7fffffffu) < 0x00800000u);
                if (got != want) {
                    if (failed++ < max_print)
                        printf("FAIL image r32f %s lane %u: returned lavapipe 0x%08x, texunit "
                               "0x%08x\n",
                               name, l, got, want);
                    ok = false;
                }
                if (after_lvp == after_tu) continue;
                const bool both_nan = (after_lvp & 0x7fffffffu) > 0x7f800000u &&
                                      (after_tu & 0x7fffffffu) > 0x7f800000u;
                if (both_nan) {
                    if (!nan_bits++)
                        nan_example[0] = want, nan_example[1] = a, nan_example[2] = after_lvp;
                    continue;
                }
                /* min/max of +0 and -0: IEEE 754-2008 §5.3.1's minNum/maxNum return either
                 * operand when they compare equal; texunit orders -0 < +0 */
                const bool minmax = image_float_atomics[i].op == TU_ATOMIC_FMIN ||
                                    image_float_atomics[i].op == TU_ATOMIC_FMAX;
                if (minmax && !abs_o && !abs_a && !(after_lvp & 0x7fffffffu)) {
                    zero_sign++;
                    continue;
                }
                bad++;
                if (failed++ < max_print)
                    printf("FAIL image r32f %s texel %u: 0x%08x op 0x%08x: memory lavapipe "
                           "0x%08x, texunit 0x%08x\n",
                           name, l, want, ops[l].data[0], after_lvp, after_tu);
                ok = false;
            }
            checks++;
            if (ok) ++*passed;
        }
        printf("vk_diff: image float atomics: r32f imageAtomic%c%s: %u rounds of %u lanes (%u "
               "with a NaN operand, %u with zeros of opposite signs, %u with a denormal): %u "
               "texels differ; tolerated: %u NaN results with other NaN bits, %u zeros of the "
               "other sign",
               name[0] - 'a' + 'A', name + 1, checks, IMG_LANES, nan_in, zeros, denormal, bad,
               nan_bits, zero_sign);
        if (nan_bits)
            printf(", e.g. 0x%08x and 0x%08x: lavapipe 0x%08x", nan_example[0], nan_example[1],
                   nan_example[2]);
        printf("\n");
        vkDestroyPipeline(g->dev, pipe, NULL);
        vkDestroyShaderModule(g->dev, module, NULL);
    }
    free(lvp);
    tu_image_free(&img);
    return failed;
}

/* The section: returns the number of failed checks; adds the passed ones to *passed. */
static unsigned image_section(const gpu *g, unsigned rounds, unsigned *passed, unsigned max_print) {
    img_gpu ig;
    const VkDescriptorSetLayoutBinding binds[3] = {
        {0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
    const VkDescriptorSetLayoutCreateInfo dslci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = 3,
        .pBindings = binds};
    VK_CHECK(vkCreateDescriptorSetLayout(g->dev, &dslci, NULL, &ig.set_layout));
    const VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 4};
    const VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                             .setLayoutCount = 1,
                                             .pSetLayouts = &ig.set_layout,
                                             .pushConstantRangeCount = 1,
                                             .pPushConstantRanges = &pcr};
    VK_CHECK(vkCreatePipelineLayout(g->dev, &plci, NULL, &ig.pipe_layout));
    const VkDescriptorPoolSize ps[2] = {{VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1},
                                        {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2}};
    const VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                             .maxSets = 1,
                                             .poolSizeCount = 2,
                                             .pPoolSizes = ps};
    VK_CHECK(vkCreateDescriptorPool(g->dev, &dpci, NULL, &ig.pool));
    unsigned failed = 0, skipped = 0;
    static img_op ops[IMG_LANES];
    static uint32_t results[IMG_LANES][4];
    tu_reply *reply = calloc(1, sizeof *reply);
    tu_dp_msg *m = calloc(1, sizeof *m);
    if (!reply || !m) die("out of memory");
#define IMG_FAIL(...)                                                \
    do {                                                             \
        if (failed++ < max_print) printf("FAIL image " __VA_ARGS__); \
    } while (0)
    for (size_t fi = 0; fi < COUNT(vk_image_spirv); fi++) {
        const vk_image_spv *f = &vk_image_spirv[fi];
        const tu_format_desc *fd = tu_format_describe(f->format);
        VkFormatProperties fp;
        vkGetPhysicalDeviceFormatProperties(g->pdev, f->vk, &fp);
        const bool atomics = f->format == TU_FORMAT_R32_UINT || f->format == TU_FORMAT_R32_SINT;
        if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT) ||
            (atomics && !(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT))) {
            skipped++;
            continue;
        }
        VkShaderModule module;
        const VkPipeline pipe = img_pipeline(g, &ig, f->words, f->size, &module);
        tu_image img;
        tu_error err = {0};
        uint8_t *lvp = img_create(&img, f->format);
        const size_t size = img.surface.size;
        const unsigned kinds = atomics ? 2 + COUNT(image_atomics) : 2;
        for (unsigned round = 0; round < rounds; round++)
            for (unsigned kind = 0; kind < kinds; kind++) {
                /* every texel once, in a random order; atomics data small so compares hit */
                for (uint32_t i = 0; i < size; i++)
                    ((uint8_t *)img.memory)[i] =
                        (uint8_t)(kind >= 2 && chance(50) ? rnd(3) : rnd(256));
                if (kind >= 2)
                    for (uint32_t i = 0; i + 4 <= size; i += 4)
                        if (chance(50)) memset((uint8_t *)img.memory + i + 1, 0, 3);
                uint32_t order[IMG_LANES];
                for (uint32_t l = 0; l < IMG_LANES; l++)
                    order[l] = l;
                for (uint32_t l = IMG_LANES - 1; l > 0; l--) {
                    const uint32_t j = rnd(l + 1), t = order[l];
                    order[l] = order[j], order[j] = t;
                }
                memset(m, 0, sizeof *m);
                m->simd = IMG_LANES, m->lane_mask = 0xffffffffu, m->channel_mask = 0xf;
                for (uint32_t l = 0; l < IMG_LANES; l++) {
                    ops[l] = (img_op){{(int32_t)(order[l] % IMG_W), (int32_t)(order[l] / IMG_W)},
                                      kind,
                                      0,
                                      {0, 0, 0, 0}};
                    m->addr[0].u[l] = order[l] % IMG_W, m->addr[1].u[l] = order[l] / IMG_W;
                    for (unsigned c = 0; c < 4; c++) {
                        const tu_channel *ch = &fd->channels[c < fd->channel_count ? c : 0];
                        ops[l].data[c] = kind == 1
                                             ? store_value(ch, (tu_format_class)fd->format_class)
                                         : chance(50) ? rnd(3)
                                                      : (uint32_t)rnd64();
                        m->data[c].u[l] = ops[l].data[c];
                    }
                }
                /* store: channels of the format only (the shader writes all four) */
                memcpy(lvp, img.memory, size);
                img_dispatch(g, &ig, pipe, f, lvp, size, ops, results);
                if (kind >= 2) {
                    const unsigned a = kind - 2;
                    m->op = TU_DP_TYPED_ATOMIC;
                    m->atomic =
                        f->kind == 'I' ? image_atomics[a].sint_op : image_atomics[a].uint_op;
                } else {
                    m->op = kind ? TU_DP_TYPED_WRITE : TU_DP_TYPED_READ;
                }
                if (tu_dp_execute(m, &img.surface, TU_DP_ACCESS_READ | TU_DP_ACCESS_WRITE, reply,
                                  &err) != TU_OK)
                    die("texunit refused image %s: %s", f->qualifier, err.message);
                const char *what = kind == 0   ? "load"
                                   : kind == 1 ? "store"
                                               : image_atomics[kind - 2].name;
                bool ok = true;
                for (uint32_t l = 0; l < IMG_LANES && kind != 1; l++)
                    for (unsigned c = 0; c < (kind ? 1u : 4u); c++) {
                        const uint32_t want = reply->channel[c].u[l], got = results[l][c];
                        const bool norm = fd->channels[0].numeric == TU_NUMERIC_UNORM ||
                                          fd->channels[0].numeric == TU_NUMERIC_SNORM;
                        const bool same = fd->format_class == TU_CLASS_FLOAT
                                              ? ulps_within(got, want, norm ? 2 : 0)
                                              : got == want;
                        if (!same) {
                            IMG_FAIL("%s %s lane %u (%d, %d) channel %u: lavapipe 0x%08x, texunit "
                                     "0x%08x\n",
                                     f->qualifier, what, l, ops[l].coord[0], ops[l].coord[1], c,
                                     got, want);
                            ok = false;
                        }
                    }
                for (uint32_t t = 0; t < IMG_LANES && kind; t++) /* memory afterwards */
                    for (unsigned i = 0; i < fd->channel_count; i++) {
                        const tu_channel *ch = &fd->channels[i];
                        const uint32_t a = field_bits(lvp + t * fd->bytes, ch->shift, ch->bits),
                                       b = field_bits((uint8_t *)img.memory + t * fd->bytes,
                                                      ch->shift, ch->bits);
                        if (kind == 1 ? !field_close(ch, a, b) : a != b) {
                            IMG_FAIL("%s %s texel %u field %u: lavapipe 0x%x, texunit 0x%x\n",
                                     f->qualifier, what, t, i, a, b);
                            ok = false;
                        }
                    }
                if (ok) ++*passed;
            }
        free(lvp);
        tu_image_free(&img);
        vkDestroyPipeline(g->dev, pipe, NULL);
        vkDestroyShaderModule(g->dev, module, NULL);
    }
#undef IMG_FAIL
    failed += image_float_atomic_section(g, &ig, rounds, passed, max_print, m, reply);
    free(m);
    free(reply);
    printf("vk_diff: image load/store: %zu storage formats (%u without storage support skipped), "
           "%u checks passed, %u failed\n",
           COUNT(vk_image_spirv) - skipped, skipped, *passed, failed);
    vkDestroyDescriptorPool(g->dev, ig.pool, NULL);
    vkDestroyPipelineLayout(g->dev, ig.pipe_layout, NULL);
    vkDestroyDescriptorSetLayout(g->dev, ig.set_layout, NULL);
    return failed;
}

int main(int argc, char **argv) {
    options opt;
    parse_options(argc, argv, &opt);
    setvbuf(stdout, NULL, _IOLBF, 0);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);

    gpu g;
    gpu_init(&g);
    if (opt.replay)
        printf("vk_diff: replaying %s; %s (%s)\n", opt.replay, g.device_name, g.driver_info);
    else
        printf("vk_diff: seed %" PRIu64 ", %u queries; %s (%s)\n", opt.seed, opt.cases,
               g.device_name, g.driver_info);
    printf("vk_diff: subTexelPrecisionBits %u, mipmapPrecisionBits %u, maxSamplerAnisotropy %g, "
           "mirror_clamp_edge %d, minmax %d, non_seamless_cube %d, robustImageAccess2 %d\n",
           g.limits.subTexelPrecisionBits, g.limits.mipmapPrecisionBits,
           (double)g.limits.maxSamplerAnisotropy, g.mirror_clamp, g.minmax, g.nonseamless,
           g.robust2);
    rng_state = opt.seed;
    lod_margin = ldexp(1.0, -(int)g.limits.mipmapPrecisionBits);

    stats st;
    memset(&st, 0, sizeof st);
    static tcase c;
    unsigned done = 0, ncases = 0;
    if (opt.replay) ncases = replay(&g, opt.replay, &opt, &st), done = opt.cases;
    while (done < opt.cases) {
        memset(&c, 0, sizeof c);
        gen_texture(&g, &c);
        gen_sampler(&g, &c);
        char why[300];
        tq_line line;
        tu_surface_type type;
        bool arrayed;
        tq_type_from_word(dims[c.d].word, &type, &arrayed);
        if (!tq_parse(c.tex_line, type, arrayed, &line, why, sizeof why))
            die("%s: %s", c.tex_line, why);
        c.tex = line.texture;
        if (!tq_parse(c.smp_line, type, arrayed, &line, why, sizeof why))
            die("%s: %s", c.smp_line, why);
        c.smp = line.sampler;
        tu_image img = {0};
        if (!tq_make_texture(&c.tex, &img, why, sizeof why)) die("%s: %s", c.tex_line, why);
        const unsigned want = opt.cases - done < MAX_QUERIES ? opt.cases - done : MAX_QUERIES;
        while (c.nq < want) {
            if (gen_query(&g, &c, &img, pick_kind(&c), &c.q[c.nq])) c.nq++;
        }
        run_and_check(&g, &c, &img, &opt, &st);
        tu_image_free(&img);
        done += c.nq;
        ncases++;
    }
    unsigned image_passed = 0;
    const unsigned image_failed =
        opt.replay ? 0 : image_section(&g, opt.cases >= 3000 ? 4 : 1, &image_passed, opt.max_print);
    gpu_destroy(&g);

    clock_gettime(CLOCK_MONOTONIC, &t1);
    unsigned pass = 0, fail = 0;
    printf("vk_diff: %u cases in %.1f s; per kind (passed/failed):", ncases,
           (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    for (int k = 0; k <= K_COUNT; k++) {
        printf(" %s %u/%u", k < K_COUNT ? kind_names[k] : "aniso-grad(texunit only)", st.pass[k],
               st.fail[k]);
        pass += st.pass[k], fail += st.fail[k];
    }
    pass += image_passed, fail += image_failed;
    printf("\nvk_diff: %u passed, %u failed\n", pass, fail);
    return fail ? 1 : 0;
}
