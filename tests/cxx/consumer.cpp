/* SPDX-License-Identifier: MIT */
/* A C++ program using texunit: every public header in one C++ translation unit (built as
 * C++11 with the stable declarations and as C++17 with the experimental ones too, by
 * check_cxx.sh), then a surface made, bound and sampled, its reply compared with the texel
 * the surface decodes at the same place. */
#include <texunit/cache.h>
#include <texunit/dataport.h>
#include <texunit/format.h>
#include <texunit/format_list.h>
#include <texunit/io.h>
#include <texunit/lower.h>
#include <texunit/nv.h>
#include <texunit/sampler.h>
#include <texunit/status.h>
#include <texunit/surface.h>
#include <texunit/text.h>
#include <texunit/texunit.h>
#include <texunit/trace.h>
#include <texunit/version.h>
#include <texunit/visa.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static_assert(TU_VERSION_NUMBER ==
                  TU_VERSION_MAJOR * 10000 + TU_VERSION_MINOR * 100 + TU_VERSION_PATCH,
              "TU_VERSION_NUMBER");
static_assert(alignof(tu_binding) >= 16, "tu_binding keeps its 16-byte alignment in C++");

static int fail(const char *what, const tu_error &err) {
    std::fprintf(stderr, "cxx consumer: %s: %s\n", what, err.message);
    return 1;
}

int main() {
    if (tu_version() != TU_VERSION_NUMBER || std::strcmp(tu_version_string(), TU_VERSION_STRING)) {
        std::fprintf(stderr, "cxx consumer: library %s (%u), headers %s\n", tu_version_string(),
                     tu_version(), TU_VERSION_STRING);
        return 1;
    }
    tu_error err = tu_error();
    tu_surface s = tu_surface();
    s.type = TU_SURFACE_2D;
    s.format = TU_FORMAT_R8G8B8A8_UNORM;
    s.width = 8, s.height = 4, s.depth = 1, s.layers = 1, s.levels = 1, s.level_count = 1;
    s.samples = 1;
    uint64_t size = 0;
    if (tu_surface_layout_packed(&s, &size, &err) != TU_OK) return fail("layout", err);
    std::vector<unsigned char> memory(size);
    s.data = memory.data(), s.size = memory.size();
    if (tu_surface_fill_hash(&s, 7, &err) != TU_OK) return fail("fill", err);

    static tu_binding binding; /* 4 KiB and more: not on the stack */
    const tu_sampler smp = tu_sampler_default();
    if (tu_bind(&s, &smp, &binding, &err) != TU_OK) return fail("bind", err);

    alignas(64) static tu_msg msg;
    msg.op = TU_OP_SAMPLE_L;
    msg.simd = 8, msg.lane_mask = 0xff, msg.channel_mask = 0xf;
    for (unsigned l = 0; l < 8; l++) { /* texel (l, l % 4), at its centre, level 0 */
        msg.src[TU_SRC_U].f[l] = (static_cast<float>(l) + 0.5f) / 8.0f;
        msg.src[TU_SRC_V].f[l] = (static_cast<float>(l % 4) + 0.5f) / 4.0f;
        msg.src[TU_SRC_LOD].f[l] = 0.0f;
    }
    alignas(64) static tu_reply reply;
    if (tu_execute_bound(&binding, &msg, &reply, &err) != TU_OK) return fail("execute", err);
    for (unsigned l = 0; l < 8; l++) {
        tu_texel_coord c = tu_texel_coord();
        c.x = l, c.y = l % 4;
        tu_texel want;
        if (tu_surface_decode_texel(&s, &c, &want, &err) != TU_OK) return fail("decode", err);
        for (int ch = 0; ch < 4; ch++)
            if (reply.channel[ch].f[l] != want.f[ch]) {
                std::fprintf(stderr, "cxx consumer: lane %u channel %d: %g, the texel holds %g\n",
                             l, ch, static_cast<double>(reply.channel[ch].f[l]),
                             static_cast<double>(want.f[ch]));
                return 1;
            }
    }
#ifdef TEXUNIT_EXPERIMENTAL
    tu_cache_config config = tu_cache_config();
    config.size = 1024, config.line_size = 64, config.ways = 2, config.replacement = TU_CACHE_LRU;
    tu_cache *cache = nullptr;
    if (tu_cache_create(&config, &cache, &err) != TU_OK) return fail("cache", err);
    tu_cache_stats stats = tu_cache_stats(); /* a 16-byte texel across two lines: 2 misses */
    const tu_status st = tu_cache_access(cache, 56, 16, &stats, &err);
    tu_cache_destroy(cache);
    if (st != TU_OK) return fail("cache access", err);
    if (stats.lookups != 2 || stats.misses != 2) {
        std::fprintf(stderr, "cxx consumer: cache lookups %llu misses %llu\n",
                     static_cast<unsigned long long>(stats.lookups),
                     static_cast<unsigned long long>(stats.misses));
        return 1;
    }
#endif
    std::printf("cxx consumer (C++%ld): texunit %s, 8 lanes sampled\n", __cplusplus / 100 % 100,
                tu_version_string());
    return 0;
}
