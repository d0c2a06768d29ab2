#version 450
// bench.comp - the lavapipe side of texbench: each invocation takes K consecutive samples
// of the coordinate stream and writes their sum (so nothing is dead code).
//   MODE_LOD   textureLod(tex, uv, lod) with uv = uintBitsToFloat(coord[i]), lod a push constant
//   MODE_FETCH texelFetch(tex, ivec2(coord[i]), 0)
layout(local_size_x = 64) in;

layout(binding = 0) uniform sampler2D tex;
layout(std430, binding = 1) readonly buffer Coords { uvec2 coord[]; };
layout(std430, binding = 2) writeonly buffer Sums { vec4 sum[]; };
layout(push_constant) uniform Push {
    uint invocations;
    uint k;
    float lod;
} pc;

void main() {
    uint id = gl_GlobalInvocationID.x;
    if (id >= pc.invocations) return;
    vec4 acc = vec4(0.0);
    uint base = id * pc.k;
    for (uint j = 0u; j < pc.k; j++) {
        uvec2 c = coord[base + j];
#ifdef MODE_FETCH
        acc += texelFetch(tex, ivec2(c), 0);
#else
        acc += textureLod(tex, uintBitsToFloat(c), pc.lod);
#endif
    }
    sum[id] = acc;
}
