/* SPDX-License-Identifier: MIT */
#version 450
// bench.comp - the lavapipe side of texbench: each invocation computes the coordinates of its
// K samples from their indices, as a real shader computes its own, samples, sums in registers
// and stores the sum once (so nothing is dead code). The generator is texbench.c's
// (gen_record), op for op: 32-bit integer products, integer-to-float conversions of at most
// 24 bits, powers of two, and `precise` +, -, *, / (no contraction), so that both sides
// compute bit-identical coordinates. One mode per workload kind:
//   MODE_FETCH   W1      texelFetch(tex, ivec2(floor(uv * size)) & (size - 1), 0)
//   MODE_FETCH4  W4f     the four texelFetch of uv's bilinear footprint, wrapped
//   MODE_LOD     W2 W4   textureLod(tex, uv, 0)
//   MODE_GRAD    W3      textureGrad(tex, uv, dPdx, dPdy)
//   MODE_SHADOW  W5      textureLod(sampler2DShadow, vec3(uv, ref), 0)
//   MODE_CUBE    W6      textureLod(samplerCube, dir, lod)
//   MODE_GATHER  G1      textureGather(tex, uv, 0)
//   MODE_GATHER_SHADOW G2 textureGather(sampler2DShadow, uv, ref)
// The launch shape and the coordinates are specialization constants, so that every variant
// texbench times is compiled with its choices folded in (texbench.c, lvp_shapes).
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint K = 16u;          // samples per invocation: 4, 16 or 64
layout(constant_id = 2) const uint PATTERN = 0u;     // 0 random, 1 coherent
layout(constant_id = 3) const bool INTERLEAVE = false; // sample j of an invocation: false
    // its K consecutive indices; true: a workgroup's K x local samples, lane after lane
layout(constant_id = 4) const bool TABLE = false;    // coherent 2D: the plane's terms of
    // each screen row read from a table (the same values) instead of computed per sample
layout(constant_id = 5) const bool CHECK = false;    // --check: no lookups; store the XOR
    // of every coordinate word, word w rotated left by w (texbench.c, stream_check)

#if defined(MODE_SHADOW) || defined(MODE_GATHER_SHADOW)
layout(binding = 0) uniform sampler2DShadow tex;
#elif defined(MODE_CUBE)
layout(binding = 0) uniform samplerCube tex;
#else
layout(binding = 0) uniform sampler2D tex;
#endif
// W6 coherent: the camera's turn per frame (cos, sin, -, -), read once per invocation
layout(std140, binding = 1) uniform Turns { vec4 turn[1024]; };
layout(std430, binding = 2) writeonly buffer Sums { vec4 sum[]; };
// TABLE: per screen row y the plane's dn, d / 2, -g / size^2, -g / (2 size) (below)
layout(std140, binding = 3) uniform Rows { vec4 row[1024]; };
layout(push_constant) uniform Push {
    uint shift; // log2 of the texture's (W6: the screen's) size
} pc;

// The random pattern's words: i times 2^32 / phi^d (d = 1..4, phi^5 = phi + 1), a Kronecker
// sequence in 4 dimensions: uniform over the texture, each sample far from the last ones.
const uint R1 = 0xdb4f0b91u, R2 = 0xbbe05633u, R3 = 0xa0f2ec75u, R4 = 0x89e18285u;
float unorm24(uint h) { return float(h >> 8) * (1.0 / 16777216.0); } // [0, 1), exact
float pow2(int e) { return uintBitsToFloat(uint(127 + e) << 23); }
uint word(uint w, int v) { return w == 0u ? uint(v) : uint(v) << w | uint(v) >> (32u - w); }
uint word(uint w, float v) { return word(w, floatBitsToInt(v)); }

void main() {
    const int sh = int(pc.shift), size = 1 << sh;
    const uint L = gl_WorkGroupSize.x;
    const uint first = INTERLEAVE ? gl_WorkGroupID.x * L * K + gl_LocalInvocationID.x
                                  : gl_GlobalInvocationID.x * K;
    const uint step = INTERLEAVE ? L : 1u;
    // an invocation's samples lie in one frame of the coherent walk (size^2 samples)
    const uint frame = first >> (2 * sh);
    const vec4 cs = PATTERN == 1u ? turn[frame] : vec4(1.0, 0.0, 0.0, 0.0);
    precise const float fu = float(frame * 23u) * pow2(-sh - 1); // the plane's scroll
    precise const float fv = float(frame * 149u) * pow2(-sh - 2);
    vec4 acc = vec4(0.0);
    uint check = 0u;
    for (uint j = 0u; j < K; j++) {
        const uint i = first + j * step;
        const uint h0 = i * R1, h1 = i * R2, h2 = i * R3, h3 = i * R4;
        vec2 uv, dx, dy;
        int x, y;
        if (PATTERN == 0u) {
            // uniform over the texture; isotropic gradients of LOD e + log2(1 + f) in [0, 4)
            uv = vec2(unorm24(h0), unorm24(h1));
            const float s = uintBitsToFloat(uint(127 - sh + int(h2 >> 30)) << 23 |
                                            (h2 >> 7 & 0x7fffffu));
            dx = vec2(s, 0.0);
            dy = vec2(0.0, s);
        } else {
            // the pixel: 16x16 tiles, 4x4-pixel messages, 2x2 subspans (texbench.c)
            const uint pix = i & ((1u << (2 * sh)) - 1u), tile = pix >> 8;
            const uint msg = pix >> 4 & 15u, quad = pix >> 2 & 3u, corner = pix & 3u;
            x = int((tile & ((1u << (sh - 4)) - 1u)) * 16u + (msg & 3u) * 4u + (quad & 1u) * 2u +
                    (corner & 1u));
            y = int((tile >> (sh - 4)) * 16u + (msg >> 2) * 4u + (quad >> 1) * 2u +
                    (corner >> 1));
            // a ground plane in perspective: depth 1 at the bottom row to 8 at the top
            vec4 r;
            if (TABLE) {
                r = row[y];
            } else {
                precise const float t = float(2 * y + 1) * pow2(-sh - 1);
                precise const float d = 1.0 / (0.125 + t * 0.875);
                precise const float g = d * d * 0.875;
                precise const vec4 terms = vec4(d * pow2(-sh), d * 0.5, -g * pow2(-2 * sh),
                                                -g * pow2(-sh - 1));
                r = terms;
            }
            precise const float cx = float(2 * x + 1 - size) * 0.5;
            precise const float u = cx * r.x + 0.5 + fu;
            precise const float v = r.y + fv;
            precise const float dudy = cx * r.z;
            uv = vec2(u, v);
            dx = vec2(r.x, 0.0);
            dy = vec2(dudy, r.w);
        }
#if defined(MODE_FETCH)
        const ivec2 p = ivec2(floor(uv * float(size))) & (size - 1);
        if (CHECK)
            check ^= word(0u, p.x) ^ word(1u, p.y);
        else
            acc += texelFetch(tex, p, 0);
#elif defined(MODE_FETCH4)
        const int m = size - 1;
        precise const vec2 corner0 = uv * float(size) - 0.5;
        const ivec2 p = ivec2(floor(corner0)) & m, q = (p + 1) & m;
        if (CHECK)
            check ^= word(0u, p.x) ^ word(1u, p.y);
        else
            acc += texelFetch(tex, p, 0) + texelFetch(tex, ivec2(q.x, p.y), 0) +
                   texelFetch(tex, ivec2(p.x, q.y), 0) + texelFetch(tex, q, 0);
#elif defined(MODE_LOD)
        if (CHECK)
            check ^= word(0u, uv.x) ^ word(1u, uv.y);
        else
            acc += textureLod(tex, uv, 0.0);
#elif defined(MODE_GRAD)
        if (CHECK)
            check ^= word(0u, uv.x) ^ word(1u, uv.y) ^ word(2u, dx.x) ^ word(3u, dx.y) ^
                     word(4u, dy.x) ^ word(5u, dy.y);
        else
            acc += textureGrad(tex, uv, dx, dy);
#elif defined(MODE_SHADOW)
        const float ref = unorm24(h2);
        if (CHECK)
            check ^= word(0u, uv.x) ^ word(1u, uv.y) ^ word(2u, ref);
        else
            acc.x += textureLod(tex, vec3(uv, ref), 0.0);
#elif defined(MODE_GATHER)
        if (CHECK)
            check ^= word(0u, uv.x) ^ word(1u, uv.y);
        else
            acc += textureGather(tex, uv, 0);
#elif defined(MODE_GATHER_SHADOW)
        const float ref = unorm24(h2);
        if (CHECK)
            check ^= word(0u, uv.x) ^ word(1u, uv.y) ^ word(2u, ref);
        else
            acc += textureGather(tex, uv, ref);
#elif defined(MODE_CUBE)
        vec3 dir;
        float lod;
        if (PATTERN == 0u) { // directions uniform in [-1, 1)^3, LOD uniform in [0, 4)
            precise const vec3 r = vec3(unorm24(h0), unorm24(h1), unorm24(h2)) * 2.0 - 1.0;
            dir = r;
            lod = unorm24(h3) * 4.0;
        } else { // a 90-degree camera turning frame by frame, at LOD 0.5: two levels read
            precise const float sx = float(2 * x + 1 - size) * pow2(-sh);
            precise const float sy = float(2 * y + 1 - size) * pow2(-sh);
            precise const vec3 r = vec3(sx * cs.x + cs.y, -sy, cs.x - sx * cs.y);
            dir = r;
            lod = 0.5;
        }
        if (CHECK)
            check ^= word(0u, dir.x) ^ word(1u, dir.y) ^ word(2u, dir.z) ^ word(3u, lod);
        else
            acc += textureLod(tex, dir, lod);
#endif
    }
    sum[gl_GlobalInvocationID.x] = CHECK ? vec4(uintBitsToFloat(check), 0.0, 0.0, 0.0) : acc;
}
