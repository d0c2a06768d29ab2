/* SPDX-License-Identifier: MIT */
/*
 * fast.h - the engine's fast-path table (pixman's
 * pixman-fast-path.c): capability flags computed once per message, rows of {required
 * flags, function, name}, the first row whose required flags are a subset of the message's
 * wins, and the generic path (filter.c, load.c) is the fallback for everything else.
 *
 * Shared by fast.c, execute.c (tu_bind prepares, tu_execute_bound runs) and tests/test_fast.c.
 */
#ifndef TEXUNIT_FAST_H
#define TEXUNIT_FAST_H

#include "engine.h"
#include "kernels/kernels.h"

/* What a message, its surface and its sampler are. A flag is set only when the property
 * certainly holds; an unset flag sends the message to the generic path. 64 bits: a texel
 * format is a flag of its own. */
typedef uint64_t tuE_fast_flags;
#define TUE_FAST_BIT(n)        ((tuE_fast_flags)1 << (n))
/* a SAMPLE-kind op without compare or offsets, any LOD */
#define TUE_FAST_OP_SAMPLE     TUE_FAST_BIT(0)
#define TUE_FAST_OP_LOAD       TUE_FAST_BIT(1) /* LD, LD_LZ or LD_L (no MCS, no sample index) */
#define TUE_FAST_SURF_2D       TUE_FAST_BIT(2) /* a 2D surface (arrayed or not) of one sample */
#define TUE_FAST_TILING_LINEAR TUE_FAST_BIT(3) /* TU_TILING_LINEAR */
#define TUE_FAST_RGBA8         TUE_FAST_BIT(4) /* R8G8B8A8_UNORM or B8G8R8A8_UNORM */
#define TUE_FAST_RESIDENT      TUE_FAST_BIT(5) /* no residency map: every page is resident */
/* every texel of the view lies in memory, below 2^31 */
#define TUE_FAST_IN_BOUNDS     TUE_FAST_BIT(6)
#define TUE_FAST_OP_SAMPLE_C   TUE_FAST_BIT(7)  /* a SAMPLE-kind op with compare, without offsets */
#define TUE_FAST_AVERAGE       TUE_FAST_BIT(8)  /* TU_REDUCTION_AVERAGE */
#define TUE_FAST_ISOTROPIC     TUE_FAST_BIT(9)  /* sampler max_anisotropy 0 or 1 */
#define TUE_FAST_NORMALIZED    TUE_FAST_BIT(10) /* normalized coordinates */
/* no border on u, v, r, or a border colour without NaN */
#define TUE_FAST_BORDER_OK     TUE_FAST_BIT(11)
#define TUE_FAST_FULL_SOURCES  TUE_FAST_BIT(12) /* no TU_MSG_HALF_SOURCES */
#define TUE_FAST_RGBA32F       TUE_FAST_BIT(13) /* R32G32B32A32_SFLOAT */
#define TUE_FAST_R32F          TUE_FAST_BIT(14) /* R32_SFLOAT, or D32_SFLOAT read without compare */
#define TUE_FAST_D32           TUE_FAST_BIT(15) /* D32_SFLOAT */
#define TUE_FAST_SURF_CUBE     TUE_FAST_BIT(16) /* a cube surface (arrayed or not) */
/* the op's LOD is explicit or zero (no derivatives) */
#define TUE_FAST_LOD_GIVEN     TUE_FAST_BIT(17)
#define TUE_FAST_SRGBA8        TUE_FAST_BIT(18) /* R8G8B8A8_SRGB or B8G8R8A8_SRGB */
#define TUE_FAST_RGBA16F       TUE_FAST_BIT(19) /* R16G16B16A16_SFLOAT */
#define TUE_FAST_SURF_1D       TUE_FAST_BIT(20) /* a 1D surface (arrayed or not) */
#define TUE_FAST_D16           TUE_FAST_BIT(21) /* D16_UNORM */
#define TUE_FAST_SURF_3D       TUE_FAST_BIT(22) /* a 3D surface */
#define TUE_FAST_R16           TUE_FAST_BIT(23) /* R16_UNORM, or D16_UNORM read without compare */
#define TUE_FAST_RG16F         TUE_FAST_BIT(24) /* R16G16_SFLOAT */
#define TUE_FAST_RGBA16        TUE_FAST_BIT(25) /* R16G16B16A16_UNORM */
#define TUE_FAST_B10G11R11     TUE_FAST_BIT(26) /* B10G11R11_UFLOAT_PACK32 */
#define TUE_FAST_RGB9E5        TUE_FAST_BIT(27) /* E5B9G9R9_UFLOAT_PACK32 */
#define TUE_FAST_R16F          TUE_FAST_BIT(28) /* R16_SFLOAT */
#define TUE_FAST_RG32F         TUE_FAST_BIT(29) /* R32G32_SFLOAT */
#define TUE_FAST_RG16          TUE_FAST_BIT(30) /* R16G16_UNORM */
#define TUE_FAST_RGB10A2       TUE_FAST_BIT(31) /* A2B10G10R10_UNORM_PACK32 */
/* GATHER4: a gather of the base level without compare or per-lane offsets */
#define TUE_FAST_OP_GATHER     TUE_FAST_BIT(32)
#define TUE_FAST_OP_GATHER_C   TUE_FAST_BIT(33) /* GATHER4_C: the same with compare */

typedef struct tuE_fast_row {
    tuE_fast_flags flags; /* TUE_FAST_*: all required */
    unsigned kernel;      /* TUK_*: the kernel, in the build the binding chose (kernels.h) */
    const char *name;
} tuE_fast_row;

extern const tuE_fast_row tuE_fast_table[];
extern const unsigned tuE_fast_table_size;

/* What tu_bind prepares once for a surface and a sampler (kept in tu_binding.prepared):
 * the flags that do not depend on the message, TUE_FAST_IN_BOUNDS among them, the kernel
 * build chosen, and the level geometry when a row could use it. */
typedef struct tuE_fast_prep {
    tuE_fast_flags state_flags;
    /* The row (index, -1: none) per op, without [0] and with [1] full-precision sources, and
     * its kernel in the build chosen (NULL exactly where there is no row: the way in tests
     * the kernel, and reads the row only for its name). */
    int8_t row_for[TU_OP_COUNT][2];
    tuK_fn fn_for[TU_OP_COUNT][2];
    const tuK_set *kernels;
    unsigned filter; /* the kernels' filter variant (tuK_filter_of) */
    tuK_geom geom;
} tuE_fast_prep;

/* The border colour of smp as a texel of s's format holds it (texel.c's tuE_border, before
 * the components the format lacks are filled and before any compare). */
void tuE_fast_border(const tu_surface *s, const tu_sampler *smp, float out[4]);

/* The flags of a surface and sampler pair, all but TUE_FAST_IN_BOUNDS. */
tuE_fast_flags tuE_fast_state_flags(const tu_surface *s, const tu_sampler *smp);

/* The flags of a message (ctx->op, ctx->msg). */
tuE_fast_flags tuE_fast_msg_flags(const tuE_ctx *ctx);
tuE_fast_flags tuE_fast_op_flags(const tu_op_info *op, bool half_sources);

/* Fill g for a surface viewed with `levels` levels; true (TUE_FAST_IN_BOUNDS) when every
 * texel of every level of the view, in every layer, lies wholly inside [data, data + size)
 * at an offset below 2^31. validated: s passed tu_surface_validate, whose per-level proof
 * this reuses for a LINEAR surface of size < 2^31 instead of checking each level again. */
bool tuE_fast_geometry(const tu_surface *s, uint32_t levels, tuK_geom *g, bool validated);

/* The kernel build for isa (TU_ISA_BEST: the best available); TU_UNSUPPORTED naming the
 * ISA when this build or this CPU has none, TU_INVALID_ARGUMENT when isa is no tu_isa. */
tu_status tuE_kernels_for(tu_isa isa, const tuK_set **out, tu_error *err);

/* Bind time: the kernel build, the state flags and, when a row could match, the geometry.
 * s and smp valid. Fails only for an ISA tuE_kernels_for refuses. */
tu_status tuE_fast_prepare(const tu_surface *s, const tu_sampler *smp, tu_isa isa, tuE_fast_prep *p,
                           tu_error *err);

/* Per message: run the first row that accepts msg (of op `op`) and the state p prepared for
 * binding b; returns the row's name, or NULL having written nothing (the generic path runs). */
const char *tuE_fast_run_prepared(const tu_binding *b, const tuE_fast_prep *p, const tu_msg *msg,
                                  const tu_op_info *op, tu_reply *reply);

/* The cube edge table of tuK_geom (kernels.h), and its derivation from tuE_cube_face
 * (fast.c; tests/test_fast.c checks that the two agree). */
extern const int32_t tuE_cube_edges[32]; /* 24 entries, then zeros */
void tuE_cube_edge_table(int32_t table[24]);

/* The decoded value of each 8-bit sRGB code (R, G, B of the sRGB formats). */
extern const float tuE_srgb8_decode[256];

/* The first row whose required flags are a subset of `flags`, or NULL. */
const tuE_fast_row *tuE_fast_find(tuE_fast_flags flags);

/* (int32_t)(tuE_snap256(x) * 256) for x in [0, 1): the hardware weight 0..256, computed
 * without double precision (exposed for the tests). */
int32_t tuE_fast_weight256(float x);

#endif /* TEXUNIT_FAST_H */
