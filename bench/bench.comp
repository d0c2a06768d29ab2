/* SPDX-License-Identifier: MIT */
#version 450
// bench.comp - the lavapipe side of texbench: each invocation takes K consecutive samples of
// the coordinate stream (STRIDE 32-bit words per sample, float or int bits) and writes the
// sum of what it sampled (so nothing is dead code). One mode per workload kind:
//   MODE_FETCH   W1     texelFetch(tex, ivec2(x, y), 0)                        x y
//   MODE_FETCH4  W4 floor  the four texelFetch of a bilinear footprint, wrapped  x0 y0
//   MODE_LOD     W2 W4  textureLod(tex, uv, lod)                               u v
//   MODE_GRAD    W3     textureGrad(tex, uv, dPdx, dPdy)                       u v dPdx dPdy
//   MODE_SHADOW  W5     textureLod(sampler2DShadow, vec3(uv, ref), 0)          u v ref
//   MODE_CUBE    W6     textureLod(samplerCube, dir, lod)                      x y z lod
layout(local_size_x = 64) in;

#if defined(MODE_SHADOW)
layout(binding = 0) uniform sampler2DShadow tex;
#elif defined(MODE_CUBE)
layout(binding = 0) uniform samplerCube tex;
#else
layout(binding = 0) uniform sampler2D tex;
#endif
layout(std430, binding = 1) readonly buffer Coords { uint c[]; };
layout(std430, binding = 2) writeonly buffer Sums { vec4 sum[]; };
layout(push_constant) uniform Push {
    uint invocations;
    uint k;
    float lod;
    int size; // level 0's width and height (a power of two), for FETCH4's wrap
} pc;

#if defined(MODE_GRAD)
#define STRIDE 6u
#elif defined(MODE_SHADOW)
#define STRIDE 3u
#elif defined(MODE_CUBE)
#define STRIDE 4u
#else
#define STRIDE 2u
#endif

float f(uint i) { return uintBitsToFloat(c[i]); }
int n(uint i) { return int(c[i]); }

void main() {
    uint id = gl_GlobalInvocationID.x;
    if (id >= pc.invocations) return;
    vec4 acc = vec4(0.0);
    uint base = id * pc.k;
    for (uint j = 0u; j < pc.k; j++) {
        uint i = (base + j) * STRIDE;
#if defined(MODE_FETCH)
        acc += texelFetch(tex, ivec2(n(i), n(i + 1u)), 0);
#elif defined(MODE_FETCH4)
        int m = pc.size - 1;
        ivec2 p = ivec2(n(i), n(i + 1u));
        ivec2 q = (p + 1) & m;
        acc += texelFetch(tex, p, 0) + texelFetch(tex, ivec2(q.x, p.y), 0) +
               texelFetch(tex, ivec2(p.x, q.y), 0) + texelFetch(tex, q, 0);
#elif defined(MODE_LOD)
        acc += textureLod(tex, vec2(f(i), f(i + 1u)), pc.lod);
#elif defined(MODE_GRAD)
        acc += textureGrad(tex, vec2(f(i), f(i + 1u)), vec2(f(i + 2u), f(i + 3u)),
                           vec2(f(i + 4u), f(i + 5u)));
#elif defined(MODE_SHADOW)
        acc.x += textureLod(tex, vec3(f(i), f(i + 1u), f(i + 2u)), 0.0);
#elif defined(MODE_CUBE)
        acc += textureLod(tex, vec3(f(i), f(i + 1u), f(i + 2u)), f(i + 3u));
#endif
    }
    sum[id] = acc;
}
