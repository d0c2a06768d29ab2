/* SPDX-License-Identifier: MIT */
/*
 * texquery.comp - the lavapipe side of the differential test (tests/vk/vk_diff.c): one
 * invocation answers one query of the query case format (tools/query.h) with the GLSL
 * texture built-in that means the same thing.
 *
 * Built once per sampler class by glslangValidator with -DDIM_<dim> (1D 1DARRAY 2D 2DARRAY
 * 3D CUBE CUBEARRAY) and -DCLASS_<class> (FLOAT, UINT, SHADOW), because GLSL types the
 * sampler by dimension and result class; 1D and 2D also with -DNO_OFFSETS, for samplers with
 * unnormalized coordinates.
 *
 * Bindings: 0 the case's sampler over the case's view; 1 a plain nearest sampler over the
 * whole image for texelFetch, textureSize and textureQueryLevels (a 2D array view for cube
 * images, where the query format's fetch addresses faces as layers); 2 the queries; 3 the
 * results, four 32-bit words per query (float bits for float results).
 *
 * Texel offsets of lod, grad, fetch and cmp queries must be constant expressions in GLSL
 * (ConstOffset), so they are specialization constants: one offset triple per case. Gather
 * offsets are per query (Offset, shaderImageGatherExtended). The gather component must be
 * a compile-time constant: GATHER_COMP selects one of four calls and is folded away when
 * the pipeline is specialized.
 *
 * The explicit-LOD depth compare (OpImageSampleDrefExplicitLod) has no GLSL 4.50 built-in
 * for 2D arrays and cube maps, and glslang has no GL_EXT_texture_shadow_lod: it is called
 * through GL_EXT_spirv_intrinsics for every dimension alike.
 */
#version 450
#extension GL_EXT_spirv_intrinsics : require

layout(local_size_x = 8) in;

layout(constant_id = 0) const int OFF_X = 0;
layout(constant_id = 1) const int OFF_Y = 0;
layout(constant_id = 2) const int OFF_Z = 0;
layout(constant_id = 3) const int GATHER_COMP = 0;

/* Query kinds; the same numbers as enum gpu_kind in vk_diff.c. */
const int K_LOD = 0, K_GRAD = 1, K_GATHER = 2, K_FETCH = 3, K_SIZE = 4, K_LEVELS = 5,
          K_CMP = 6, K_CMPGATHER = 7;

struct Query {
    vec4 coord;   /* u v w_or_layer layer */
    vec4 ddx;     /* gradients along x; w: lod */
    vec4 ddy;     /* gradients along y; w: ref */
    ivec4 icoord; /* fetch x y z_or_layer lod; size lod */
    ivec4 info;   /* kind, has_offset, size lod */
    ivec4 goff;   /* gather offset */
};

layout(std430, binding = 2) readonly buffer Queries { Query q[]; };
layout(std430, binding = 3) writeonly buffer Results { uvec4 r[]; };
layout(push_constant) uniform Push { uint count; };

/* --- per dimension: sampler types, coordinates, offsets ------------------------------- */
#if defined(DIM_1D)
#define T_FLOAT sampler1D
#define T_UINT usampler1D
#define T_SHADOW sampler1DShadow
#define F_FLOAT sampler1D
#define F_UINT usampler1D
#define COORD_T float
#define COORD(c) (c).x
#define GRAD(g) (g).x
#define OFFSETS OFF_X
#define OFF_T int
#define FCOORD(i) (i).x
#define FOFFSETS OFF_X
#define SIZE4(s) uvec4(s, 0, 0, 0)
#define HAS_OFFSET 1
#define HAS_GATHER 0
#elif defined(DIM_1DARRAY)
#define T_FLOAT sampler1DArray
#define T_UINT usampler1DArray
#define T_SHADOW sampler1DArrayShadow
#define F_FLOAT sampler1DArray
#define F_UINT usampler1DArray
#define COORD_T vec2
#define COORD(c) vec2((c).x, (c).z)
#define GRAD(g) (g).x
#define OFFSETS OFF_X
#define OFF_T int
#define FCOORD(i) ivec2((i).x, (i).z)
#define FOFFSETS OFF_X
#define SIZE4(s) uvec4(uvec2(s), 0, 0)
#define HAS_OFFSET 1
#define HAS_GATHER 0
#elif defined(DIM_2D)
#define T_FLOAT sampler2D
#define T_UINT usampler2D
#define T_SHADOW sampler2DShadow
#define F_FLOAT sampler2D
#define F_UINT usampler2D
#define COORD_T vec2
#define COORD(c) (c).xy
#define GRAD(g) (g).xy
#define OFFSETS ivec2(OFF_X, OFF_Y)
#define OFF_T ivec2
#define FCOORD(i) (i).xy
#define FOFFSETS ivec2(OFF_X, OFF_Y)
#define SIZE4(s) uvec4(uvec2(s), 0, 0)
#define HAS_OFFSET 1
#define HAS_GATHER 1
#elif defined(DIM_2DARRAY)
#define T_FLOAT sampler2DArray
#define T_UINT usampler2DArray
#define T_SHADOW sampler2DArrayShadow
#define F_FLOAT sampler2DArray
#define F_UINT usampler2DArray
#define COORD_T vec3
#define COORD(c) (c).xyz
#define GRAD(g) (g).xy
#define OFFSETS ivec2(OFF_X, OFF_Y)
#define OFF_T ivec2
#define FCOORD(i) (i).xyz
#define FOFFSETS ivec2(OFF_X, OFF_Y)
#define SIZE4(s) uvec4(uvec3(s), 0)
#define HAS_OFFSET 1
#define HAS_GATHER 1
#elif defined(DIM_3D)
#define T_FLOAT sampler3D
#define T_UINT usampler3D
#define F_FLOAT sampler3D
#define F_UINT usampler3D
#define COORD_T vec3
#define COORD(c) (c).xyz
#define GRAD(g) (g).xyz
#define OFFSETS ivec3(OFF_X, OFF_Y, OFF_Z)
#define OFF_T ivec3
#define FCOORD(i) (i).xyz
#define FOFFSETS ivec3(OFF_X, OFF_Y, OFF_Z)
#define SIZE4(s) uvec4(uvec3(s), 0)
#define HAS_OFFSET 1
#define HAS_GATHER 0
#elif defined(DIM_CUBE)
#define T_FLOAT samplerCube
#define T_UINT usamplerCube
#define T_SHADOW samplerCubeShadow
#define F_FLOAT sampler2DArray
#define F_UINT usampler2DArray
#define COORD_T vec3
#define COORD(c) (c).xyz
#define GRAD(g) (g).xyz
#define FCOORD(i) (i).xyz
#define FOFFSETS ivec2(OFF_X, OFF_Y)
#define SIZE4(s) uvec4(uvec2(s), 0, 0)
#define HAS_OFFSET 0
#define HAS_GATHER 1
#define SIZE_FROM_CASE_VIEW 1
#elif defined(DIM_CUBEARRAY)
#define T_FLOAT samplerCubeArray
#define T_UINT usamplerCubeArray
#define T_SHADOW samplerCubeArrayShadow
#define F_FLOAT sampler2DArray
#define F_UINT usampler2DArray
#define COORD_T vec4
#define COORD(c) (c)
#define GRAD(g) (g).xyz
#define FCOORD(i) (i).xyz
#define FOFFSETS ivec2(OFF_X, OFF_Y)
#define SIZE4(s) uvec4(uvec3(s), 0)
#define HAS_OFFSET 0
#define HAS_GATHER 1
#define SIZE_FROM_CASE_VIEW 1
#else
#error "define one DIM_*"
#endif

/* Unnormalized coordinates: Vulkan forbids offsets on OpImageSample* with such a sampler
 * (VUID-vkCmdDispatch-None-02704), so these variants have no offset instruction at all. */
#if defined(NO_OFFSETS)
#undef HAS_OFFSET
#define HAS_OFFSET 0
#endif

#if defined(CLASS_UINT)
#define TEX_T T_UINT
#define FETCH_T F_UINT
#define BITS(v) (v)
#elif defined(CLASS_SHADOW)
#define TEX_T T_SHADOW
#define FETCH_T F_FLOAT
#define BITS(v) floatBitsToUint(v)
#else
#define TEX_T T_FLOAT
#define FETCH_T F_FLOAT
#define BITS(v) floatBitsToUint(v)
#endif

layout(binding = 0) uniform TEX_T tex;
layout(binding = 1) uniform FETCH_T ftex;

#if defined(CLASS_SHADOW)
/* OpImageSampleDrefExplicitLod (opcode 90); image operands Lod = 0x2, ConstOffset = 0x8. */
spirv_instruction(id = 90) float dref_lod(TEX_T s, COORD_T c, float dref, spirv_literal int mask,
                                          float lod);
#if HAS_OFFSET
spirv_instruction(id = 90) float dref_lod_offset(TEX_T s, COORD_T c, float dref,
                                                 spirv_literal int mask, float lod, OFF_T off);
#endif
#endif

uvec4 answer(Query Q) {
    const int kind = Q.info.x;
    const bool offset = Q.info.y != 0;
    const COORD_T c = COORD(Q.coord);
    if (kind == K_FETCH) {
        return offset ? BITS(texelFetchOffset(ftex, FCOORD(Q.icoord), Q.icoord.w, FOFFSETS))
                      : BITS(texelFetch(ftex, FCOORD(Q.icoord), Q.icoord.w));
    }
    if (kind == K_SIZE) {
#if defined(SIZE_FROM_CASE_VIEW)
        return SIZE4(textureSize(tex, Q.info.z));
#else
        return SIZE4(textureSize(ftex, Q.info.z));
#endif
    }
    if (kind == K_LEVELS) {
#if defined(SIZE_FROM_CASE_VIEW)
        return uvec4(textureQueryLevels(tex), 0, 0, 0);
#else
        return uvec4(textureQueryLevels(ftex), 0, 0, 0);
#endif
    }
#if defined(CLASS_SHADOW)
    if (kind == K_CMP) {
        float v;
#if HAS_OFFSET
        if (offset) v = dref_lod_offset(tex, c, Q.ddy.w, 0x2 | 0x8, Q.ddx.w, OFFSETS);
        else
#endif
            v = dref_lod(tex, c, Q.ddy.w, 0x2, Q.ddx.w);
        return floatBitsToUint(vec4(v, 0.0, 0.0, 0.0));
    }
#if HAS_GATHER
    if (kind == K_CMPGATHER) {
#if (defined(DIM_2D) || defined(DIM_2DARRAY)) && HAS_OFFSET
        if (offset) return floatBitsToUint(textureGatherOffset(tex, c, Q.ddy.w, Q.goff.xy));
#endif
        return floatBitsToUint(textureGather(tex, c, Q.ddy.w));
    }
#endif
#else
    if (kind == K_LOD) {
#if HAS_OFFSET
        if (offset) return BITS(textureLodOffset(tex, c, Q.ddx.w, OFFSETS));
#endif
        return BITS(textureLod(tex, c, Q.ddx.w));
    }
    if (kind == K_GRAD) {
#if HAS_OFFSET
        if (offset) return BITS(textureGradOffset(tex, c, GRAD(Q.ddx), GRAD(Q.ddy), OFFSETS));
#endif
        return BITS(textureGrad(tex, c, GRAD(Q.ddx), GRAD(Q.ddy)));
    }
#if HAS_GATHER
    if (kind == K_GATHER) {
#if (defined(DIM_2D) || defined(DIM_2DARRAY)) && HAS_OFFSET
        if (offset) {
            switch (GATHER_COMP) {
            case 0: return BITS(textureGatherOffset(tex, c, Q.goff.xy, 0));
            case 1: return BITS(textureGatherOffset(tex, c, Q.goff.xy, 1));
            case 2: return BITS(textureGatherOffset(tex, c, Q.goff.xy, 2));
            default: return BITS(textureGatherOffset(tex, c, Q.goff.xy, 3));
            }
        }
#endif
        switch (GATHER_COMP) {
        case 0: return BITS(textureGather(tex, c, 0));
        case 1: return BITS(textureGather(tex, c, 1));
        case 2: return BITS(textureGather(tex, c, 2));
        default: return BITS(textureGather(tex, c, 3));
        }
    }
#endif
#endif
    return uvec4(0xdeadbeefu);
}

void main() {
    const uint i = gl_GlobalInvocationID.x;
    if (i < count) r[i] = answer(q[i]);
}
