/*
 * fast.h - the engine's fast-path table (DESIGN.md §3 "Fast-path table", §6 "Performance";
 * STYLE.md §3, pixman): capability flags computed once per message, rows of {required
 * flags, function, name}, the first row whose required flags are a subset of the message's
 * wins, and the generic path (filter.c, load.c) is the fallback for everything else.
 *
 * Shared by fast.c, execute.c (tu_bind prepares, tu_execute_bound runs) and tests/test_fast.c.
 */
#ifndef TEXUNIT_FAST_H
#define TEXUNIT_FAST_H

#include "engine.h"

/* What a message, its surface and its sampler are. A flag is set only when the property
 * certainly holds; an unset flag sends the message to the generic path. */
enum {
    TUE_FAST_OP_SAMPLE_LOD = 1u << 0, /* SAMPLE_L or SAMPLE_LZ (explicit LOD, no compare, no _po) */
    TUE_FAST_OP_LOAD = 1u << 1,       /* LD, LD_LZ or LD_L (no MCS, no sample index) */
    TUE_FAST_SURF_2D = 1u << 2,       /* a 2D surface (arrayed or not) of one sample */
    TUE_FAST_TILING_LINEAR = 1u << 3, /* TU_TILING_LINEAR */
    TUE_FAST_RGBA8 = 1u << 4,         /* R8G8B8A8_UNORM or B8G8R8A8_UNORM */
    TUE_FAST_RESIDENT = 1u << 5,      /* no residency map: every page is resident */
    TUE_FAST_IN_BOUNDS = 1u << 6,     /* every texel of every view level lies in memory */
    TUE_FAST_HW = 1u << 7,            /* TU_PRECISION_HW: 8-bit fixed-point filtering */
    TUE_FAST_AVERAGE = 1u << 8,       /* TU_REDUCTION_AVERAGE */
    TUE_FAST_ISOTROPIC = 1u << 9,     /* sampler max_anisotropy 0 or 1 */
    TUE_FAST_NORMALIZED = 1u << 10,   /* normalized coordinates */
    TUE_FAST_NO_BORDER_UV = 1u << 11, /* address[0], address[1] never give the border */
    TUE_FAST_FULL_SOURCES = 1u << 12  /* no TU_MSG_HALF_SOURCES */
};

/* Where one view level's texels are: a texel (x, y) of layer `layer` is the 4 bytes at
 * base + layer * layer_pitch + y * row_pitch + x * 4, for x < w, y < h, layer < the
 * surface's layers. tuE_fast_geometry proves each such address lies in [data, data + size). */
typedef struct tuE_fast_level {
    const uint8_t *base;
    size_t row_pitch, layer_pitch;
    uint32_t w, h;
} tuE_fast_level;

typedef struct tuE_fast_geom {
    tuE_fast_level level[TU_MAX_LEVELS]; /* indexed by view level, < ctx->levels */
    uint8_t swz[4];                      /* byte of component R, G, B, A in a texel */
} tuE_fast_geom;

typedef void (*tuE_fast_fn)(const tuE_ctx *ctx, const tuE_fast_geom *g, tu_reply *reply);

typedef struct tuE_fast_row {
    uint32_t flags; /* TUE_FAST_*: all required */
    tuE_fast_fn fn; /* writes the enabled channels of the enabled lanes */
    const char *name;
} tuE_fast_row;

extern const tuE_fast_row tuE_fast_table[];
extern const unsigned tuE_fast_table_size;

/* What tu_bind prepares once for a surface and a sampler (kept in tu_binding.prepared):
 * the flags that do not depend on the message, TUE_FAST_IN_BOUNDS among them, and the
 * level geometry when a row could use it. */
typedef struct tuE_fast_prep {
    uint32_t state_flags;
    tuE_fast_geom geom;
} tuE_fast_prep;

/* The flags of a surface and sampler pair, all but TUE_FAST_IN_BOUNDS. */
uint32_t tuE_fast_state_flags(const tu_surface *s, const tu_sampler *smp);

/* The flags of a message (ctx->op, ctx->msg). */
uint32_t tuE_fast_msg_flags(const tuE_ctx *ctx);

/* Fill g for a 2D linear RGBA8 surface viewed with `levels` levels; true
 * (TUE_FAST_IN_BOUNDS) when every texel of every level of the view, in every layer, lies
 * wholly inside [data, data + size). */
bool tuE_fast_geometry(const tu_surface *s, uint32_t levels, tuE_fast_geom *g);

/* Bind time: the state flags and, when a row could match, the geometry. s and smp valid. */
void tuE_fast_prepare(const tu_surface *s, const tu_sampler *smp, tuE_fast_prep *p);

/* Per message: run the first row that accepts the message and the prepared state; returns
 * the row's name, or NULL having written nothing (the generic path runs). */
const char *tuE_fast_run_prepared(const tuE_ctx *ctx, const tuE_fast_prep *p, tu_reply *reply);

/* The first row whose required flags are a subset of `flags`, or NULL. */
const tuE_fast_row *tuE_fast_find(uint32_t flags);

/* (int32_t)(tuE_snap256(x) * 256) for x in [0, 1): the hardware weight 0..256, computed
 * without double precision (exposed for the tests). */
int32_t tuE_fast_weight256(float x);

#endif /* TEXUNIT_FAST_H */
