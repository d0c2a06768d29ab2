/*
 * texbench.c - texture sampling throughput of texunit and of lavapipe (Mesa's CPU Vulkan
 * driver) in the same run (DESIGN.md §6): samples per second, texunit on one thread,
 * lavapipe on one thread (LP_NUM_THREADS=1) and on its default thread count.
 *
 *   texbench [--samples N] [--reps R]
 *
 * Workloads: 2D RGBA8 UNORM bilinear textureLod at LOD 0; RGBA8 trilinear at a fractional
 * LOD; RGBA32F bilinear at LOD 0; texelFetch on RGBA8. Both sides read the same textures
 * (256x256, full mip chain, tu_surface_fill_hash, uploaded byte-identical) at the same
 * deterministic pseudo-random coordinates, N samples per workload (default 2^22).
 *
 * texunit: tu_execute with SIMD16 messages on the calling thread, every lane's result
 * summed. lavapipe: one compute dispatch of N / K invocations, each taking K consecutive
 * samples and storing their sum (bench.comp), timed from vkQueueSubmit to vkQueueWaitIdle;
 * pipeline compilation, upload and one warm-up dispatch are outside the timing. Each
 * lavapipe configuration runs in a child process, so that LP_NUM_THREADS is read by a
 * freshly loaded driver. Each number is the best of R repetitions (default 3).
 *
 * The "sum diff" column is a sanity check: the relative difference of the two sides'
 * total of every sampled channel (filtering precision differs a little, DESIGN.md §5).
 *
 * Without lavapipe: prints "skipped: <reason>" and exits 0. Not a CTest test.
 */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv, clock_gettime */

#include "texunit/texunit.h"

#include <vulkan/vulkan.h>

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_spv_fetch.h" /* generated from bench.comp */
#include "bench_spv_lod.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

enum { TEX_SIZE = 256, SIMD = 16, K = 16, LOCAL_SIZE = 64, MAX_REPS = 100 };

static const char *const LVP_ICD = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";

/* ---------------------------------------------------------------------------------------- */
/* Workloads                                                                                 */
/* ---------------------------------------------------------------------------------------- */

typedef enum tex_id { TEX_RGBA8, TEX_RGBA32F, TEX_COUNT } tex_id;

typedef struct workload {
    const char *name;
    tex_id tex;
    bool fetch;
    bool trilinear; /* mip LINEAR, else mip NEAREST */
    float lod;
} workload;

static const workload workloads[] = {
    {"rgba8 bilinear lod 0", TEX_RGBA8, false, false, 0.0f},
    {"rgba8 trilinear lod 1.4", TEX_RGBA8, false, true, 1.4f},
    {"rgba32f bilinear lod 0", TEX_RGBA32F, false, false, 0.0f},
    {"rgba8 texelFetch", TEX_RGBA8, true, false, 0.0f},
};
enum { WL_COUNT = (int)COUNT(workloads) };

static const tu_format tex_format[TEX_COUNT] = {TU_FORMAT_R8G8B8A8_UNORM,
                                                TU_FORMAT_R32G32B32A32_SFLOAT};
static const VkFormat tex_vk_format[TEX_COUNT] = {VK_FORMAT_R8G8B8A8_UNORM,
                                                  VK_FORMAT_R32G32B32A32_SFLOAT};

/* What a lavapipe child reports through its pipe. */
typedef struct lvp_result {
    int status; /* 0 ok, 1 skipped, 2 error */
    char message[256];
    char device[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    double msps[WL_COUNT]; /* 0: not run (format feature missing) */
    double sum[WL_COUNT];
} lvp_result;

/* ---------------------------------------------------------------------------------------- */
/* Common helpers                                                                            */
/* ---------------------------------------------------------------------------------------- */

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

__attribute__((format(printf, 1, 2), noreturn)) static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("texbench: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static uint32_t float_bits(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* ---------------------------------------------------------------------------------------- */
/* The lavapipe side (runs in a child process)                                               */
/* ---------------------------------------------------------------------------------------- */

static int child_fd = -1;
static lvp_result child_res;

/* Send child_res to the parent and exit. */
__attribute__((noreturn)) static void child_send(void) {
    const char *p = (const char *)&child_res;
    size_t left = sizeof child_res;
    while (left > 0) {
        const ssize_t w = write(child_fd, p, left);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;
        p += w, left -= (size_t)w;
    }
    _exit(0);
}

__attribute__((format(printf, 2, 3), noreturn)) static void child_finish(int status,
                                                                         const char *fmt, ...) {
    child_res.status = status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(child_res.message, sizeof child_res.message, fmt, ap);
    va_end(ap);
    child_send();
}

#define VK_CHECK(call)                                                                          \
    do {                                                                                        \
        const VkResult vk_r_ = (call);                                                          \
        if (vk_r_ != VK_SUCCESS) child_finish(2, "%s failed (VkResult %d)", #call, (int)vk_r_); \
    } while (0)

typedef struct gpu {
    VkInstance instance;
    VkPhysicalDevice pdev;
    VkDevice dev;
    VkQueue queue;
    uint32_t queue_family;
    VkCommandPool cmd_pool;
    VkPhysicalDeviceMemoryProperties mem;
} gpu;

typedef struct buffer {
    VkBuffer buf;
    VkDeviceMemory mem;
    void *map;
} buffer;

static uint32_t memory_type(const gpu *g, uint32_t type_bits, VkMemoryPropertyFlags want) {
    for (uint32_t i = 0; i < g->mem.memoryTypeCount; i++)
        if ((type_bits >> i & 1) && (g->mem.memoryTypes[i].propertyFlags & want) == want) return i;
    child_finish(2, "no memory type with properties 0x%x", (unsigned)want);
}

static buffer buffer_create(const gpu *g, VkDeviceSize size, VkBufferUsageFlags usage) {
    buffer b;
    memset(&b, 0, sizeof b);
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

static void gpu_init(gpu *g) {
    memset(g, 0, sizeof *g);
    const VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                                   .pApplicationName = "texunit texbench",
                                   .apiVersion = VK_API_VERSION_1_1};
    const VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                      .pApplicationInfo = &app};
    VkResult r = vkCreateInstance(&ici, NULL, &g->instance);
    if (r != VK_SUCCESS)
        child_finish(1, "vkCreateInstance failed (VkResult %d): no usable Vulkan driver", (int)r);
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
            snprintf(child_res.device, sizeof child_res.device, "%s", p.deviceName);
        }
    }
    if (!g->pdev) child_finish(1, "no llvmpipe (lavapipe) device among %u Vulkan devices", n);

    uint32_t nq = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(g->pdev, &nq, NULL);
    VkQueueFamilyProperties qf[8];
    if (nq > COUNT(qf)) nq = COUNT(qf);
    vkGetPhysicalDeviceQueueFamilyProperties(g->pdev, &nq, qf);
    g->queue_family = UINT32_MAX;
    for (uint32_t i = 0; i < nq && g->queue_family == UINT32_MAX; i++)
        if (qf[i].queueFlags & VK_QUEUE_COMPUTE_BIT) g->queue_family = i;
    if (g->queue_family == UINT32_MAX) child_finish(1, "llvmpipe has no compute queue");
    const float prio = 1.0f;
    const VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                         .queueFamilyIndex = g->queue_family,
                                         .queueCount = 1,
                                         .pQueuePriorities = &prio};
    const VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                                    .queueCreateInfoCount = 1,
                                    .pQueueCreateInfos = &qci};
    r = vkCreateDevice(g->pdev, &dci, NULL, &g->dev);
    if (r != VK_SUCCESS) child_finish(1, "vkCreateDevice on llvmpipe failed (VkResult %d)", (int)r);
    vkGetDeviceQueue(g->dev, g->queue_family, 0, &g->queue);
    vkGetPhysicalDeviceMemoryProperties(g->pdev, &g->mem);
    const VkCommandPoolCreateInfo cpci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                          .queueFamilyIndex = g->queue_family};
    VK_CHECK(vkCreateCommandPool(g->dev, &cpci, NULL, &g->cmd_pool));
}

static VkCommandBuffer cmd_alloc(const gpu *g) {
    const VkCommandBufferAllocateInfo cbai = {.sType =
                                                  VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                              .commandPool = g->cmd_pool,
                                              .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                              .commandBufferCount = 1};
    VkCommandBuffer cmd;
    VK_CHECK(vkAllocateCommandBuffers(g->dev, &cbai, &cmd));
    const VkCommandBufferBeginInfo cbbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    VK_CHECK(vkBeginCommandBuffer(cmd, &cbbi));
    return cmd;
}

static void submit_wait(const gpu *g, VkCommandBuffer cmd) {
    const VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd};
    VK_CHECK(vkQueueSubmit(g->queue, 1, &submit, VK_NULL_HANDLE));
    VK_CHECK(vkQueueWaitIdle(g->queue));
}

/* An image byte-identical to the texunit surface (packed layout = Vulkan's tightly packed
 * buffer layout), every level, in SHADER_READ_ONLY_OPTIMAL; returns its view. */
static VkImageView upload_image(const gpu *g, const tu_surface *surf, VkFormat format) {
    const VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                                   .imageType = VK_IMAGE_TYPE_2D,
                                   .format = format,
                                   .extent = {surf->width, surf->height, 1},
                                   .mipLevels = surf->levels,
                                   .arrayLayers = 1,
                                   .samples = VK_SAMPLE_COUNT_1_BIT,
                                   .tiling = VK_IMAGE_TILING_OPTIMAL,
                                   .usage =
                                       VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                   .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
                                   .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};
    VkImage image;
    VK_CHECK(vkCreateImage(g->dev, &ici, NULL, &image));
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(g->dev, image, &req);
    const VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                      .allocationSize = req.size,
                                      .memoryTypeIndex = memory_type(g, req.memoryTypeBits, 0)};
    VkDeviceMemory mem;
    VK_CHECK(vkAllocateMemory(g->dev, &mai, NULL, &mem));
    VK_CHECK(vkBindImageMemory(g->dev, image, mem, 0));

    buffer staging = buffer_create(g, surf->size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
    memcpy(staging.map, surf->data, surf->size);
    VkCommandBuffer cmd = cmd_alloc(g);
    VkImageMemoryBarrier imb = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
        .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
        .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
        .newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
        .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
        .image = image,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, surf->levels, 0, 1}};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         0, NULL, 0, NULL, 1, &imb);
    VkBufferImageCopy regions[TU_MAX_LEVELS];
    for (uint32_t l = 0; l < surf->levels; l++) {
        uint32_t w, h, d;
        tu_surface_level_extent(surf, l, &w, &h, &d);
        regions[l] = (VkBufferImageCopy){.bufferOffset = surf->level[l].offset,
                                         .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, 1},
                                         .imageExtent = {w, h, d}};
    }
    vkCmdCopyBufferToImage(cmd, staging.buf, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                           surf->levels, regions);
    imb.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    imb.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
    imb.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    imb.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         0, 0, NULL, 0, NULL, 1, &imb);
    VK_CHECK(vkEndCommandBuffer(cmd));
    submit_wait(g, cmd);
    vkFreeCommandBuffers(g->dev, g->cmd_pool, 1, &cmd);
    vkUnmapMemory(g->dev, staging.mem);
    vkDestroyBuffer(g->dev, staging.buf, NULL);
    vkFreeMemory(g->dev, staging.mem, NULL);

    const VkImageViewCreateInfo vci = {
        .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
        .image = image,
        .viewType = VK_IMAGE_VIEW_TYPE_2D,
        .format = format,
        .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, surf->levels, 0, 1}};
    VkImageView view;
    VK_CHECK(vkCreateImageView(g->dev, &vci, NULL, &view));
    return view; /* the image and its memory live until the child exits */
}

typedef struct push {
    uint32_t invocations, k;
    float lod;
} push;

/* Run every workload on lavapipe; fills child_res and never returns. */
__attribute__((noreturn)) static void lavapipe_child(const tu_surface *surf,
                                                     const uint32_t *coords_f,
                                                     const uint32_t *coords_i, uint32_t samples,
                                                     unsigned reps) {
    gpu g;
    gpu_init(&g);

    VkImageView views[TEX_COUNT];
    bool linear_ok[TEX_COUNT];
    for (int t = 0; t < TEX_COUNT; t++) {
        VkFormatProperties fp;
        vkGetPhysicalDeviceFormatProperties(g.pdev, tex_vk_format[t], &fp);
        if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT))
            child_finish(1, "llvmpipe cannot sample format %d", (int)tex_vk_format[t]);
        linear_ok[t] =
            (fp.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT) != 0;
        views[t] = upload_image(&g, &surf[t], tex_vk_format[t]);
    }

    const VkDeviceSize coord_size = (VkDeviceSize)samples * 8u;
    const uint32_t invocations = samples / K;
    buffer cbuf[2] = {buffer_create(&g, coord_size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
                      buffer_create(&g, coord_size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT)};
    memcpy(cbuf[0].map, coords_f, (size_t)coord_size);
    memcpy(cbuf[1].map, coords_i, (size_t)coord_size);
    buffer sbuf =
        buffer_create(&g, (VkDeviceSize)invocations * 16u, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);

    const VkDescriptorSetLayoutBinding b[3] = {
        {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
        {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
    };
    const VkDescriptorSetLayoutCreateInfo dslci = {
        .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
        .bindingCount = 3,
        .pBindings = b};
    VkDescriptorSetLayout set_layout;
    VK_CHECK(vkCreateDescriptorSetLayout(g.dev, &dslci, NULL, &set_layout));
    const VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(push)};
    const VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                             .setLayoutCount = 1,
                                             .pSetLayouts = &set_layout,
                                             .pushConstantRangeCount = 1,
                                             .pPushConstantRanges = &pcr};
    VkPipelineLayout pipe_layout;
    VK_CHECK(vkCreatePipelineLayout(g.dev, &plci, NULL, &pipe_layout));
    const VkDescriptorPoolSize ps[2] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, WL_COUNT},
                                        {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 * WL_COUNT}};
    const VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                             .maxSets = WL_COUNT,
                                             .poolSizeCount = 2,
                                             .pPoolSizes = ps};
    VkDescriptorPool pool;
    VK_CHECK(vkCreateDescriptorPool(g.dev, &dpci, NULL, &pool));

    /* The two pipelines (shader compilation happens here, outside the timing). */
    VkPipeline pipes[2];
    for (int m = 0; m < 2; m++) {
        const VkShaderModuleCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                               .codeSize = m ? sizeof bench_spv_fetch
                                                             : sizeof bench_spv_lod,
                                               .pCode = m ? bench_spv_fetch : bench_spv_lod};
        VkShaderModule module;
        VK_CHECK(vkCreateShaderModule(g.dev, &smci, NULL, &module));
        const VkComputePipelineCreateInfo cpci = {
            .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
            .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                      .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                      .module = module,
                      .pName = "main"},
            .layout = pipe_layout};
        VK_CHECK(vkCreateComputePipelines(g.dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipes[m]));
        vkDestroyShaderModule(g.dev, module, NULL);
    }

    for (int w = 0; w < WL_COUNT; w++) {
        const workload *wl = &workloads[w];
        if (!wl->fetch && !linear_ok[wl->tex]) continue; /* reported as n/a */
        const VkSamplerCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                                         .magFilter = VK_FILTER_LINEAR,
                                         .minFilter = VK_FILTER_LINEAR,
                                         .mipmapMode = wl->trilinear
                                                           ? VK_SAMPLER_MIPMAP_MODE_LINEAR
                                                           : VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                         .addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT,
                                         .addressModeV = VK_SAMPLER_ADDRESS_MODE_REPEAT,
                                         .addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT,
                                         .maxLod = VK_LOD_CLAMP_NONE};
        VkSampler sampler;
        VK_CHECK(vkCreateSampler(g.dev, &sci, NULL, &sampler));
        const VkDescriptorSetAllocateInfo dsai = {
            .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
            .descriptorPool = pool,
            .descriptorSetCount = 1,
            .pSetLayouts = &set_layout};
        VkDescriptorSet set;
        VK_CHECK(vkAllocateDescriptorSets(g.dev, &dsai, &set));
        const VkDescriptorImageInfo dii = {sampler, views[wl->tex],
                                           VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
        const VkDescriptorBufferInfo dbi[2] = {{cbuf[wl->fetch].buf, 0, VK_WHOLE_SIZE},
                                               {sbuf.buf, 0, VK_WHOLE_SIZE}};
        VkWriteDescriptorSet wr[3];
        for (int i = 0; i < 3; i++) {
            wr[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                           .dstSet = set,
                                           .dstBinding = (uint32_t)i,
                                           .descriptorCount = 1};
            if (i == 0) {
                wr[i].descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
                wr[i].pImageInfo = &dii;
            } else {
                wr[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
                wr[i].pBufferInfo = &dbi[i - 1];
            }
        }
        vkUpdateDescriptorSets(g.dev, 3, wr, 0, NULL);

        VkCommandBuffer cmd = cmd_alloc(&g);
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipes[wl->fetch]);
        vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe_layout, 0, 1, &set, 0,
                                NULL);
        const push pc = {invocations, K, wl->lod};
        vkCmdPushConstants(cmd, pipe_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof pc, &pc);
        vkCmdDispatch(cmd, (invocations + LOCAL_SIZE - 1) / LOCAL_SIZE, 1, 1);
        const VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                    .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                                    .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                             0, 1, &mb, 0, NULL, 0, NULL);
        VK_CHECK(vkEndCommandBuffer(cmd));

        submit_wait(&g, cmd); /* warm-up */
        double best = 1e30;
        for (unsigned r = 0; r < reps; r++) {
            const double t0 = now_s();
            submit_wait(&g, cmd);
            const double dt = now_s() - t0;
            if (dt < best) best = dt;
        }
        const float *s = sbuf.map;
        double total = 0.0;
        for (size_t i = 0; i < (size_t)invocations * 4u; i++)
            total += s[i];
        child_res.msps[w] = samples / best * 1e-6;
        child_res.sum[w] = total;
        vkFreeCommandBuffers(g.dev, g.cmd_pool, 1, &cmd);
        vkDestroySampler(g.dev, sampler, NULL);
    }
    /* Everything else goes with the process: the child exits right here. */
    child_send();
}

/* Run lavapipe in a child with LP_NUM_THREADS=threads (0: the driver's default). */
static lvp_result run_lavapipe(const tu_surface *surf, const uint32_t *coords_f,
                               const uint32_t *coords_i, uint32_t samples, unsigned reps,
                               unsigned threads) {
    lvp_result res;
    memset(&res, 0, sizeof res);
    int fds[2];
    if (pipe(fds) != 0) die("pipe: %s", strerror(errno));
    fflush(NULL);
    const pid_t pid = fork();
    if (pid < 0) die("fork: %s", strerror(errno));
    if (pid == 0) {
        close(fds[0]);
        child_fd = fds[1];
        memset(&child_res, 0, sizeof child_res);
        if (threads) {
            char n[16];
            snprintf(n, sizeof n, "%u", threads);
            setenv("LP_NUM_THREADS", n, 1);
        } else {
            unsetenv("LP_NUM_THREADS");
        }
        lavapipe_child(surf, coords_f, coords_i, samples, reps);
    }
    close(fds[1]);
    char *p = (char *)&res;
    size_t got = 0;
    while (got < sizeof res) {
        const ssize_t r = read(fds[0], p + got, sizeof res - got);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        got += (size_t)r;
    }
    close(fds[0]);
    int wstatus = 0;
    waitpid(pid, &wstatus, 0);
    if (got != sizeof res) {
        memset(&res, 0, sizeof res);
        res.status = 2;
        if (WIFSIGNALED(wstatus))
            snprintf(res.message, sizeof res.message, "the lavapipe process died (signal %d)",
                     WTERMSIG(wstatus));
        else
            snprintf(res.message, sizeof res.message, "the lavapipe process exited early");
    }
    return res;
}

/* ---------------------------------------------------------------------------------------- */
/* The texunit side                                                                          */
/* ---------------------------------------------------------------------------------------- */

static void make_surface(tu_surface *s, tu_format format) {
    tu_error err;
    memset(s, 0, sizeof *s);
    s->type = TU_SURFACE_2D;
    s->format = format;
    s->tiling = TU_TILING_LINEAR;
    s->width = s->height = TEX_SIZE;
    s->depth = s->layers = s->samples = 1;
    s->levels = 1;
    s->levels = tu_surface_max_levels(s);
    s->level_count = s->levels;
    uint64_t need = 0;
    if (tu_surface_layout_packed(s, &need, &err) != TU_OK) die("layout: %s", err.message);
    s->data = malloc((size_t)need);
    if (!s->data) die("out of memory");
    s->size = (size_t)need;
    if (tu_surface_fill_hash(s, 0x7e57u + (uint32_t)format, &err) != TU_OK)
        die("fill: %s", err.message);
}

/* One pass over the samples; returns the sum of every returned channel. */
static double texunit_pass(const workload *wl, const tu_surface *surf, const tu_sampler *smp,
                           const uint32_t *coords, uint32_t samples, tu_msg *msg) {
    tu_reply reply;
    tu_error err;
    double total = 0.0;
    for (uint32_t base = 0; base < samples; base += SIMD) {
        const uint32_t *c = coords + 2u * base;
        for (int l = 0; l < SIMD; l++) {
            msg->src[TU_SRC_U].u[l] = c[2 * l];
            msg->src[TU_SRC_V].u[l] = c[2 * l + 1];
        }
        if (tu_execute(msg, surf, smp, &reply, &err) != TU_OK)
            die("tu_execute (%s): %s", wl->name, err.message);
        float acc = 0.0f;
        for (int ch = 0; ch < 4; ch++)
            for (int l = 0; l < SIMD; l++)
                acc += reply.channel[ch].f[l];
        total += acc;
    }
    return total;
}

static double run_texunit(const workload *wl, const tu_surface *surf, const uint32_t *coords,
                          uint32_t samples, unsigned reps, double *sum) {
    tu_sampler smp = tu_sampler_default();
    smp.min_filter = smp.mag_filter = TU_FILTER_LINEAR;
    smp.mip_filter = wl->trilinear ? TU_MIP_LINEAR : TU_MIP_NEAREST;
    tu_msg *msg = calloc(1, sizeof *msg);
    if (!msg) die("out of memory");
    msg->op = wl->fetch ? TU_OP_LD : TU_OP_SAMPLE_L;
    msg->simd = SIMD;
    msg->lane_mask = (1u << SIMD) - 1u;
    msg->channel_mask = 0xF;
    for (int l = 0; l < SIMD; l++) {
        if (wl->fetch)
            msg->src[TU_SRC_LOD].i[l] = 0;
        else
            msg->src[TU_SRC_LOD].f[l] = wl->lod;
    }
    /* Warm-up: a sixteenth of the stream. */
    (void)texunit_pass(wl, surf, &smp, coords, samples / 16u / SIMD * SIMD, msg);
    double best = 1e30;
    for (unsigned r = 0; r < reps; r++) {
        const double t0 = now_s();
        *sum = texunit_pass(wl, surf, &smp, coords, samples, msg);
        const double dt = now_s() - t0;
        if (dt < best) best = dt;
    }
    free(msg);
    return samples / best * 1e-6;
}

/* ---------------------------------------------------------------------------------------- */

static void usage(void) {
    fprintf(stderr,
            "usage: texbench [--samples N] [--reps R]\n"
            "  N: samples per workload, a multiple of %d (default 4194304)\n"
            "  R: timed repetitions, the best is reported (default 3)\n",
            K * LOCAL_SIZE);
    exit(2);
}

int main(int argc, char **argv) {
    uint32_t samples = 1u << 22;
    unsigned reps = 3;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--samples") == 0 && i + 1 < argc)
            samples = (uint32_t)strtoul(argv[++i], NULL, 0);
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
            reps = (unsigned)strtoul(argv[++i], NULL, 0);
        else
            usage();
    }
    if (samples == 0 || samples % (K * LOCAL_SIZE) != 0 || samples > (1u << 26) || reps == 0 ||
        reps > MAX_REPS)
        usage();

    /* Force lavapipe unless the user chose the drivers. */
    if (!getenv("VK_ICD_FILENAMES") && !getenv("VK_DRIVER_FILES")) {
        FILE *f = fopen(LVP_ICD, "r");
        if (!f) {
            printf("skipped: lavapipe is not installed (%s: %s)\n", LVP_ICD, strerror(errno));
            return 0;
        }
        fclose(f);
        setenv("VK_ICD_FILENAMES", LVP_ICD, 1);
    }

    tu_surface surf[TEX_COUNT];
    for (int t = 0; t < TEX_COUNT; t++)
        make_surface(&surf[t], tex_format[t]);

    /* The coordinate streams: normalized u, v in [0, 1) as float bits, and texel x, y. */
    uint32_t *coords_f = malloc((size_t)samples * 8u);
    uint32_t *coords_i = malloc((size_t)samples * 8u);
    if (!coords_f || !coords_i) die("out of memory");
    for (uint32_t i = 0; i < 2u * samples; i++) {
        const uint32_t h = tu_texel_hash(0x9e3779b9u, 0, 0, i, 0, 0, 0); /* any fixed stream */
        coords_f[i] = float_bits((float)(h >> 8) * (1.0f / 16777216.0f));
        coords_i[i] = h % TEX_SIZE;
    }

    /* lavapipe first: a skip costs nothing then. */
    const lvp_result one = run_lavapipe(surf, coords_f, coords_i, samples, reps, 1);
    if (one.status == 1) {
        printf("skipped: %s\n", one.message);
        return 0;
    }
    if (one.status != 0) die("lavapipe (1 thread): %s", one.message);
    const lvp_result all = run_lavapipe(surf, coords_f, coords_i, samples, reps, 0);
    if (all.status != 0) die("lavapipe (default threads): %s", all.message);

    double tu_msps[WL_COUNT], tu_sum[WL_COUNT];
    for (int w = 0; w < WL_COUNT; w++)
        tu_msps[w] =
            run_texunit(&workloads[w], &surf[workloads[w].tex],
                        workloads[w].fetch ? coords_i : coords_f, samples, reps, &tu_sum[w]);

    const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    printf("texbench: 256x256 textures with full mip chains, %u samples per workload, best of "
           "%u\n",
           samples, reps);
    printf("  texunit: tu_execute, SIMD16 messages, 1 thread\n");
    printf("  lavapipe: %s, one dispatch of %u invocations x %d samples; 1 thread "
           "(LP_NUM_THREADS=1) and default threads (%ld CPUs online)\n",
           one.device, samples / K, K, cpus);
    printf("  Msamples/s:\n");
    printf("%-26s %10s %12s %12s %14s %10s\n", "workload", "texunit", "lvp 1 thr", "lvp all thr",
           "tu/lvp(1 thr)", "sum diff");
    for (int w = 0; w < WL_COUNT; w++) {
        if (one.msps[w] == 0.0 || all.msps[w] == 0.0) {
            printf("%-26s %10.1f %12s %12s %14s %10s\n", workloads[w].name, tu_msps[w], "n/a",
                   "n/a", "n/a", "n/a");
            continue;
        }
        const double diff = fabs(tu_sum[w] - one.sum[w]) / fmax(fabs(one.sum[w]), 1e-30);
        printf("%-26s %10.1f %12.1f %12.1f %14.2f %10.1e\n", workloads[w].name, tu_msps[w],
               one.msps[w], all.msps[w], tu_msps[w] / one.msps[w], diff);
    }
    for (int t = 0; t < TEX_COUNT; t++)
        free(surf[t].data);
    free(coords_f);
    free(coords_i);
    return 0;
}
