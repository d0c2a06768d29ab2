/* SPDX-License-Identifier: MIT */
// imgquery.comp - image load, store and atomics on a 2D storage image, for vk_diff's image
// section. Compiled once per storage format: -DFMT=<GLSL format qualifier>, -DKIND_F /
// -DKIND_I / -DKIND_U for the image's component type, -DATOMICS for r32ui and r32i.
// One dispatch runs one kind of operation (vk_diff never mixes loads and stores), each
// invocation one entry of `ops`: 0 load, 1 store, 2.. the atomics in the order of vk_diff.c's
// image_atomics table. Values travel as their 32-bit patterns. r32f is also compiled with
// -DFLOAT_ATOMICS (kinds 2 exchange, 3 add: VK_EXT_shader_atomic_float) and with
// -DFLOAT_ATOMICS -DFLOAT_MINMAX (kinds 4 min, 5 max: VK_EXT_shader_atomic_float2), separate
// modules because each declares the capability its device feature must enable.
#version 450
#if defined(FLOAT_ATOMICS)
#extension GL_EXT_shader_atomic_float : require
#endif
#if defined(FLOAT_MINMAX)
#extension GL_EXT_shader_atomic_float2 : require
#endif
layout(local_size_x = 8) in;

#if defined(KIND_F)
layout(binding = 0, FMT) uniform coherent image2D img;
#define TO_BITS(v)   floatBitsToUint(v)
#define FROM_BITS(u) uintBitsToFloat(u)
#elif defined(KIND_I)
layout(binding = 0, FMT) uniform coherent iimage2D img;
#define TO_BITS(v)   uvec4(v)
#define FROM_BITS(u) ivec4(u)
#define SCALAR(u)    int(u)
#else
layout(binding = 0, FMT) uniform coherent uimage2D img;
#define TO_BITS(v)   (v)
#define FROM_BITS(u) (u)
#define SCALAR(u)    (u)
#endif

struct op {
    ivec2 coord;
    uint kind;
    uint pad;
    uvec4 data;
};
layout(binding = 1, std430) readonly buffer Ops { op ops[]; };
layout(binding = 2, std430) writeonly buffer Results { uvec4 results[]; };
layout(push_constant) uniform P { uint count; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= count) return;
    op o = ops[i];
    if (o.kind == 0u) {
        results[i] = TO_BITS(imageLoad(img, o.coord));
    } else if (o.kind == 1u) {
        imageStore(img, o.coord, FROM_BITS(o.data));
    }
#if defined(ATOMICS)
    else {
        uint r = 0u;
        switch (o.kind) {
        case 2u: r = uint(imageAtomicAdd(img, o.coord, SCALAR(o.data.x))); break;
        case 3u: r = uint(imageAtomicMin(img, o.coord, SCALAR(o.data.x))); break;
        case 4u: r = uint(imageAtomicMax(img, o.coord, SCALAR(o.data.x))); break;
        case 5u: r = uint(imageAtomicAnd(img, o.coord, SCALAR(o.data.x))); break;
        case 6u: r = uint(imageAtomicOr(img, o.coord, SCALAR(o.data.x))); break;
        case 7u: r = uint(imageAtomicXor(img, o.coord, SCALAR(o.data.x))); break;
        case 8u: r = uint(imageAtomicExchange(img, o.coord, SCALAR(o.data.x))); break;
        default: r = uint(imageAtomicCompSwap(img, o.coord, SCALAR(o.data.x), SCALAR(o.data.y)));
        }
        results[i] = uvec4(r, 0u, 0u, 0u);
    }
#elif defined(FLOAT_MINMAX)
    else {
        float r = o.kind == 4u ? imageAtomicMin(img, o.coord, uintBitsToFloat(o.data.x))
                               : imageAtomicMax(img, o.coord, uintBitsToFloat(o.data.x));
        results[i] = uvec4(floatBitsToUint(r), 0u, 0u, 0u);
    }
#elif defined(FLOAT_ATOMICS)
    else {
        float r = o.kind == 2u ? imageAtomicExchange(img, o.coord, uintBitsToFloat(o.data.x))
                               : imageAtomicAdd(img, o.coord, uintBitsToFloat(o.data.x));
        results[i] = uvec4(floatBitsToUint(r), 0u, 0u, 0u);
    }
#endif
}
