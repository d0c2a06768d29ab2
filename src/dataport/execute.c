/* SPDX-License-Identifier: MIT */
/*
 * execute.c - tu_dp_execute: typed, untyped and scattered reads, writes and atomics on a
 * surface in caller memory (texunit/dataport.h).
 *
 * Every texel goes through the surface module's gate (tu_surface_texel_offset), for writes
 * as for reads; bytes ops are bounded by the buffer's texels, per dword (the SKL PRM rule
 * quoted in vISA spec, the data-port pages, "Semantics"). The whole message is checked before the
 * first byte is written, so a refused message changes nothing. Then lanes run in ascending order.
 */
#include "dataport_internal.h"

#include "../format/format_internal.h"
#include "../surface/surface_internal.h"

#include <string.h>

static const tu_dp_op_info op_table[TU_DP_OP_COUNT] = {
#define TU_DP_OP_ROW_(name, address, access)                  \
    [TU_DP_##name] = {#name, TU_DP_ADDRESS_##address, access, \
                      TU_DP_##name == TU_DP_TYPED_ATOMIC || TU_DP_##name == TU_DP_UNTYPED_ATOMIC},
    TU_DP_OP_LIST(TU_DP_OP_ROW_)
#undef TU_DP_OP_ROW_
};

const tu_dp_op_info *tu_dp_op_describe(tu_dp_op op) {
    return (unsigned)op < TU_DP_OP_COUNT ? &op_table[op] : NULL;
}

tu_status tu_dp_msg_validate(const tu_dp_msg *m, tu_error *err) {
    TU_RETURN_IF(!m, err, TU_INVALID_ARGUMENT, "message is NULL");
    const tu_dp_op_info *info = tu_dp_op_describe(m->op);
    TU_RETURN_IF(!info, err, TU_INVALID_ARGUMENT, "message op %d is not a tu_dp_op (0..%d)",
                 (int)m->op, TU_DP_OP_COUNT - 1);
    TU_RETURN_IF(m->simd < 1 || m->simd > TU_MAX_LANES, err, TU_INVALID_ARGUMENT,
                 "message simd %u is not in 1..32", m->simd);
    TU_RETURN_IF(m->simd < 32 && (m->lane_mask >> m->simd) != 0, err, TU_INVALID_ARGUMENT,
                 "message lane_mask 0x%x enables lanes at or above simd %u", m->lane_mask, m->simd);
    TU_RETURN_IF(m->bf16 && m->op != TU_DP_UNTYPED_ATOMIC, err, TU_INVALID_ARGUMENT,
                 "message bf16 is set on %s: only UNTYPED_ATOMIC has bfloat16 forms", info->name);
    if (info->is_atomic) {
        TU_RETURN_IF(m->atomic >= TU_ATOMIC_COUNT, err, TU_INVALID_ARGUMENT,
                     "message atomic %u is not a tu_atomic (0..%d)", m->atomic,
                     TU_ATOMIC_COUNT - 1);
        TU_RETURN_IF(m->bf16 &&
                         tu_atomic_describe((tu_atomic)m->atomic)->kind != TU_ATOMIC_KIND_FLOAT,
                     err, TU_INVALID_ARGUMENT,
                     "message atomic %s has no bfloat16 form (FADD FSUB FMIN FMAX FCMPXCHG have)",
                     tu_atomic_describe((tu_atomic)m->atomic)->name);
    } else if (m->op == TU_DP_SCATTERED_READ || m->op == TU_DP_SCATTERED_WRITE) {
        TU_RETURN_IF(m->bytes != 1 && m->bytes != 2 && m->bytes != 4, err, TU_INVALID_ARGUMENT,
                     "message bytes %u of %s is not 1, 2 or 4", m->bytes, info->name);
    } else {
        TU_RETURN_IF(m->channel_mask == 0 || m->channel_mask > 0xf, err, TU_INVALID_ARGUMENT,
                     "message channel_mask 0x%x of %s must enable 1 to 4 of R, G, B, A "
                     "(0x1..0xf)",
                     m->channel_mask, info->name);
    }
    return TU_OK;
}

bool tu_dp_format_typed(tu_format format) {
    const tu_format_desc *d = tu_format_describe(format);
    return d && !(d->flags & (TU_FORMAT_FLAG_DEPTH | TU_FORMAT_FLAG_STENCIL | TU_FORMAT_FLAG_SRGB |
                              TU_FORMAT_FLAG_SHARED_EXP | TU_FORMAT_FLAG_COMPRESSED));
}

const char *tu_dp_atomic_refusal(tu_atomic op, tu_format format) {
    const tu_atomic_info *a = tu_atomic_describe(op);
    if (!a) return "the atomic op is not a tu_atomic";
    /* Mesa isl_format.c, format_info: typed atomics need R32_UINT / R32_SINT (SKL PRM), or
     * R32_FLOAT (BSpec 1706; Mesa: CMPXCHG on R32_FLOAT works). */
    switch (format) {
    case TU_FORMAT_R32_UINT:
    case TU_FORMAT_R32_SINT:
        if (a->kind == TU_ATOMIC_KIND_FLOAT)
            return "float atomics need an R32_SFLOAT surface; R32_UINT and R32_SINT take the "
                   "integer ops, xchg and cmpxchg";
        return NULL;
    case TU_FORMAT_R32_SFLOAT:
        if (a->kind == TU_ATOMIC_KIND_INT)
            return "integer atomics need an R32_UINT or R32_SINT surface; R32_SFLOAT takes "
                   "xchg, cmpxchg and the float ops";
        return NULL;
    default:
        return "typed atomics need an R32_UINT, R32_SINT or R32_SFLOAT surface "
               "(Mesa isl_format.c, format_info)";
    }
}

/* --- checks ------------------------------------------------------------------------------ */

static tu_status check(const tu_dp_msg *m, const tu_dp_op_info *info, const tu_surface *s,
                       uint32_t access, tu_error *err) {
    TU_RETURN_IF(access & ~(uint32_t)(TU_DP_ACCESS_READ | TU_DP_ACCESS_WRITE), err,
                 TU_INVALID_ARGUMENT, "access 0x%x has bits other than READ (1) and WRITE (2)",
                 access);
    TU_RETURN_IF((info->access & TU_DP_ACCESS_WRITE) && !(access & TU_DP_ACCESS_WRITE), err,
                 TU_INVALID_ARGUMENT, "%s writes, but the surface is bound read-only", info->name);
    TU_RETURN_IF((info->access & TU_DP_ACCESS_READ) && !(access & TU_DP_ACCESS_READ), err,
                 TU_INVALID_ARGUMENT, "%s reads, but the surface is bound write-only", info->name);
    const tu_format_desc *fd = tu_format_describe(s->format);
    if (info->address == TU_DP_ADDRESS_TYPED) {
        TU_RETURN_IF(!tu_dp_format_typed(s->format), err, TU_UNSUPPORTED,
                     "%s on format %s: sRGB, depth/stencil and shared-exponent formats (and the "
                     "block-compressed ones) have no typed access",
                     info->name, fd->name);
        TU_RETURN_IF(s->samples > 1, err, TU_UNSUPPORTED,
                     "%s on a surface of %u samples: texunit's typed messages take single-sample "
                     "surfaces",
                     info->name, s->samples);
        if (m->op == TU_DP_TYPED_ATOMIC) {
            const char *why = tu_dp_atomic_refusal((tu_atomic)m->atomic, s->format);
            TU_RETURN_IF(why, err, TU_UNSUPPORTED, "typed atomic %s on %s: %s",
                         tu_atomic_describe((tu_atomic)m->atomic)->name, fd->name, why);
        }
        return TU_OK;
    }
    TU_RETURN_IF(s->type != TU_SURFACE_BUFFER || s->tiling != TU_TILING_LINEAR, err,
                 TU_INVALID_ARGUMENT,
                 "%s addresses the bytes of a linear BUFFER surface, not surface type %s, "
                 "tiling %s",
                 info->name, tu_surface_type_name(s->type), tu_tiling_name(s->tiling));
    /* Alignment: dwords for untyped ops, the access size for scattered ones. */
    const uint32_t align = m->op == TU_DP_SCATTERED_READ || m->op == TU_DP_SCATTERED_WRITE
                               ? m->bytes
                           : m->bf16 ? 2
                                     : 4;
    for (uint32_t lane = 0; lane < m->simd; lane++)
        TU_RETURN_IF((m->lane_mask >> lane & 1) && m->addr[0].u[lane] % align != 0, err,
                     TU_INVALID_ARGUMENT, "%s lane %u: byte address 0x%x is not a multiple of %u",
                     info->name, lane, m->addr[0].u[lane], align);
    return TU_OK;
}

/* --- typed ------------------------------------------------------------------------------- */

/* The texel a typed message's lane addresses (dataport.h, tu_dp_msg.addr). */
static tu_texel_coord typed_coord(const tu_dp_msg *m, const tu_surface *s, uint32_t lane) {
    const uint32_t u = m->addr[0].u[lane], v = m->addr[1].u[lane], r = m->addr[2].u[lane];
    tu_texel_coord c = {u, 0, 0, 0, m->addr[3].u[lane], 0};
    switch (s->type) {
    case TU_SURFACE_1D: c.layer = s->arrayed ? v : 0; break;
    case TU_SURFACE_2D:
        c.y = v;
        c.layer = s->arrayed ? r : 0;
        break;
    case TU_SURFACE_CUBE: c.y = v, c.layer = r; break;
    case TU_SURFACE_3D: c.y = v, c.z = r; break;
    case TU_SURFACE_BUFFER: break;
    }
    return c;
}

/* The texel's bytes, or NULL out of bounds; *resident says whether every page they touch is
 * backed. */
static uint8_t *typed_texel(const tu_dp_msg *m, const tu_surface *s, uint32_t lane,
                            bool *resident) {
    const tu_texel_coord c = typed_coord(m, s, lane);
    uint64_t off;
    if (tu_surface_texel_offset(s, &c, &off, NULL) != TU_OK) return NULL;
    *resident = tuS_span_resident(s, off, tu_format_bytes(s->format));
    return (uint8_t *)s->data + off;
}

static void typed_read(const tu_dp_msg *m, const tu_surface *s, tu_reply *r) {
    const tu_format_desc *fd = tu_format_describe(s->format);
    static const uint8_t zeros[16];
    for (uint32_t lane = 0; lane < m->simd; lane++) {
        if (!(m->lane_mask >> lane & 1)) continue;
        bool resident = true;
        const uint8_t *p = typed_texel(m, s, lane, &resident);
        tu_texel t;
        if (!p) { /* out of bounds: (0, 0, 0, 1) in the format's class (IGC GATHER4_TYPED) */
            memset(&t, 0, sizeof t);
            if (fd->format_class == TU_CLASS_FLOAT)
                t.f[3] = 1.0f;
            else
                t.u[3] = 1;
        } else {
            tu_format_decode(s->format, resident ? p : zeros, &t);
        }
        for (int c = 0; c < 4; c++)
            if (m->channel_mask >> c & 1) r->channel[c].u[lane] = t.u[c];
    }
    r->value_class = fd->format_class;
}

/* Write the enabled channels: encode the whole texel, then copy only the fields of enabled
 * components, so the others keep their bits exactly (docs/semantics.md). */
static void typed_write(const tu_dp_msg *m, const tu_surface *s) {
    const tu_format_desc *fd = tu_format_describe(s->format);
    for (uint32_t lane = 0; lane < m->simd; lane++) {
        if (!(m->lane_mask >> lane & 1)) continue;
        bool resident = true;
        uint8_t *p = typed_texel(m, s, lane, &resident);
        if (!p || !resident) continue; /* dropped */
        tu_texel in;
        for (int c = 0; c < 4; c++)
            in.u[c] = m->data[c].u[lane];
        uint8_t encoded[16];
        tu_format_encode(s->format, &in, encoded);
        for (unsigned i = 0; i < fd->channel_count; i++) {
            const tu_channel *ch = &fd->channels[i];
            if (ch->component > TU_COMPONENT_A || !(m->channel_mask >> ch->component & 1)) continue;
            tuF_write_field(p, ch->shift, ch->bits, tuF_read_field(encoded, ch->shift, ch->bits));
        }
    }
}

static void typed_atomic(const tu_dp_msg *m, const tu_surface *s, tu_reply *r) {
    for (uint32_t lane = 0; lane < m->simd; lane++) {
        if (!(m->lane_mask >> lane & 1)) continue;
        bool resident = true;
        uint8_t *p = typed_texel(m, s, lane, &resident);
        uint32_t result = 0; /* out of bounds: returns 0, dropped */
        if (p && resident) {
            const uint32_t next = tu_atomic_apply((tu_atomic)m->atomic, tuB_load_le32(p),
                                                  m->data[0].u[lane], m->data[1].u[lane], &result);
            tuB_store_le32(p, next);
        }
        r->channel[0].u[lane] = result;
    }
    r->value_class = tu_format_describe(s->format)->format_class;
}

/* --- bytes ------------------------------------------------------------------------------- */

/* The bytes of the buffer's texels: [base, base + size) of s->data. */
typedef struct window {
    uint8_t *base;
    uint64_t size, offset;
} window;

static window buffer_window(const tu_surface *s) {
    const uint64_t offset = s->level[s->base_level].offset;
    return (window){(uint8_t *)s->data + offset, (uint64_t)s->width * tu_format_bytes(s->format),
                    offset};
}

/* The `bytes` bytes at byte address a (a 64-bit sum: no wrap), or NULL when the dword holding
 * them is not wholly inside the buffer; *resident says whether every page they touch is
 * backed. */
static uint8_t *window_at(const window *w, const tu_surface *s, uint64_t a, uint32_t bytes,
                          bool *resident) {
    const uint64_t dword = a & ~(uint64_t)3;
    if (dword + 4 > w->size) return NULL;
    *resident = tuS_span_resident(s, w->offset + a, bytes);
    return w->base + a;
}

static uint32_t load_bytes(const uint8_t *p, uint32_t bytes) {
    uint32_t v = 0;
    for (uint32_t b = 0; b < bytes; b++)
        v |= (uint32_t)p[b] << (8 * b);
    return v;
}

static void store_bytes(uint8_t *p, uint32_t bytes, uint32_t v) {
    for (uint32_t b = 0; b < bytes; b++)
        p[b] = (uint8_t)(v >> (8 * b));
}

static void bytes_op(const tu_dp_msg *m, const tu_surface *s, tu_reply *r) {
    const window w = buffer_window(s);
    const bool scattered = m->op == TU_DP_SCATTERED_READ || m->op == TU_DP_SCATTERED_WRITE;
    const bool atomic = m->op == TU_DP_UNTYPED_ATOMIC;
    const bool write = m->op == TU_DP_UNTYPED_WRITE || m->op == TU_DP_SCATTERED_WRITE;
    const uint32_t channels = scattered || atomic ? 1 : m->channel_mask;
    const uint32_t size =
        m->op == TU_DP_SCATTERED_READ || m->op == TU_DP_SCATTERED_WRITE ? m->bytes : 4;
    for (uint32_t lane = 0; lane < m->simd; lane++) {
        if (!(m->lane_mask >> lane & 1)) continue;
        for (uint32_t c = 0; c < 4; c++) {
            if (!(channels >> c & 1)) continue;
            bool resident = true;
            uint8_t *p = window_at(&w, s, (uint64_t)m->addr[0].u[lane] + 4 * c, size, &resident);
            if (write) {
                if (p && resident) store_bytes(p, size, m->data[c].u[lane]);
            } else if (atomic && m->bf16) { /* the 16 bits at the (2-byte aligned) address */
                uint32_t result = 0;
                if (p && resident)
                    store_bytes(p, 2,
                                tu_atomic_apply_bf16((tu_atomic)m->atomic, load_bytes(p, 2),
                                                     m->data[0].u[lane], m->data[1].u[lane],
                                                     &result));
                r->channel[0].u[lane] = result;
            } else if (atomic) {
                uint32_t result = 0;
                if (p && resident)
                    tuB_store_le32(p, tu_atomic_apply((tu_atomic)m->atomic, tuB_load_le32(p),
                                                      m->data[0].u[lane], m->data[1].u[lane],
                                                      &result));
                r->channel[0].u[lane] = result;
            } else { /* reads zero-extend; out of bounds and null pages read 0 */
                r->channel[c].u[lane] = p && resident ? load_bytes(p, size) : 0;
            }
        }
    }
    r->value_class =
        atomic && !m->bf16 && tu_atomic_describe((tu_atomic)m->atomic)->kind == TU_ATOMIC_KIND_FLOAT
            ? TU_CLASS_FLOAT
            : TU_CLASS_UINT; /* a bfloat16 comes back as its bits */
}

tu_status tu_dp_execute(const tu_dp_msg *m, const tu_surface *s, uint32_t access, tu_reply *reply,
                        tu_error *err) {
    TU_TRY(tu_dp_msg_validate(m, err));
    TU_RETURN_IF(!reply, err, TU_INVALID_ARGUMENT, "reply is NULL");
    TU_TRY(tu_surface_validate(s, err));
    const tu_dp_op_info *info = tu_dp_op_describe(m->op);
    TU_TRY(check(m, info, s, access, err));
    switch (m->op) {
    case TU_DP_TYPED_READ: typed_read(m, s, reply); break;
    case TU_DP_TYPED_WRITE: typed_write(m, s); break;
    case TU_DP_TYPED_ATOMIC: typed_atomic(m, s, reply); break;
    default: bytes_op(m, s, reply); break;
    }
    return TU_OK;
}
