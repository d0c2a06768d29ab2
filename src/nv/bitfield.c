/* SPDX-License-Identifier: MIT */
/*
 * bitfield.c - the table-driven codec of 32-byte NVIDIA state entries: texture headers
 * (tic.c) and samplers (tsc.c) are each a table of bit runs (NVIDIA open-gpu-doc clb097tex.h,
 * TEXHEAD_BL .. _1D and TEXSAMP0..7); decode, encode, get and set walk the table, so no field
 * is written down twice.
 * Bits no field of the layout covers are kept in the struct's `reserved` words, so that
 * encode(decode(bytes)) == bytes.
 */
#include "nv_internal.h"

#include <ctype.h>
#include <string.h>

static uint32_t width_mask(unsigned width) {
    return width >= 32 ? 0xffffffffu : (1u << width) - 1;
}

/* Bits hi..lo of the eight little-endian words (a run never spans two words: asserted by
 * the tables' tests through encode/decode round trips of every field). */
static uint32_t get_run(const uint32_t w[8], unsigned hi, unsigned lo) {
    return (w[lo / 32] >> (lo % 32)) & width_mask(hi - lo + 1);
}

static void put_run(uint32_t w[8], unsigned hi, unsigned lo, uint32_t v) {
    const uint32_t m = width_mask(hi - lo + 1);
    w[lo / 32] = (w[lo / 32] & ~(m << (lo % 32))) | (v & m) << (lo % 32);
}

static int64_t member_value(const tuN_member *m, const void *obj) {
    const uint8_t *p = (const uint8_t *)obj + m->offset;
    switch (m->ctype) {
    case TUN_S32: {
        int32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    case TUN_U64: {
        uint64_t v;
        memcpy(&v, p, 8);
        return (int64_t)v;
    }
    default: {
        uint32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    }
}

static void set_member(const tuN_member *m, void *obj, int64_t value) {
    uint8_t *p = (uint8_t *)obj + m->offset;
    if (m->ctype == TUN_U64) {
        uint64_t v = (uint64_t)value;
        memcpy(p, &v, 8);
    } else {
        uint32_t v = (uint32_t)value;
        memcpy(p, &v, 4);
    }
}

/* The value bits member `mi` can hold in `layout`, and the width of its runs. */
static uint64_t member_coverage(const tuN_codec *c, unsigned layout, unsigned mi, unsigned *bits) {
    uint64_t cover = 0;
    *bits = 0;
    for (size_t i = 0; i < c->bit_count; i++) {
        const tuN_bits *b = &c->bits[i];
        if (b->member != mi || !(b->layouts >> layout & 1)) continue;
        cover |= (uint64_t)width_mask(b->hi - b->lo + 1) << b->shift;
        *bits += b->hi - b->lo + 1;
    }
    return cover;
}

static void field_masks(const tuN_codec *c, unsigned layout, uint32_t mask[8]) {
    memset(mask, 0, 8 * sizeof mask[0]);
    for (size_t i = 0; i < c->bit_count; i++) {
        const tuN_bits *b = &c->bits[i];
        if (b->layouts >> layout & 1) put_run(mask, b->hi, b->lo, 0xffffffffu);
    }
}

void tuN_codec_decode(const tuN_codec *c, unsigned layout, const uint8_t *bytes, void *obj) {
    uint32_t w[8], mask[8];
    for (int i = 0; i < 8; i++)
        w[i] = tuB_load_le32(bytes + 4 * i);
    for (size_t mi = 0; mi < c->member_count; mi++) {
        uint64_t v = 0;
        unsigned bits;
        member_coverage(c, layout, (unsigned)mi, &bits);
        for (size_t i = 0; i < c->bit_count; i++) {
            const tuN_bits *b = &c->bits[i];
            if (b->member == mi && (b->layouts >> layout & 1))
                v |= (uint64_t)get_run(w, b->hi, b->lo) << b->shift;
        }
        int64_t value = (int64_t)v;
        if (c->members[mi].ctype == TUN_S32 && bits > 0 && bits < 64 && (v >> (bits - 1) & 1))
            value = (int64_t)v - ((int64_t)1 << bits); /* two's complement of `bits` bits */
        set_member(&c->members[mi], obj, value);
    }
    field_masks(c, layout, mask);
    uint32_t *reserved = (uint32_t *)((uint8_t *)obj + c->reserved_offset);
    for (int i = 0; i < 8; i++)
        reserved[i] = w[i] & ~mask[i];
}

tu_status tuN_codec_encode(const tuN_codec *c, unsigned layout, const char *layout_name,
                           const void *obj, uint8_t *bytes, tu_error *err) {
    uint32_t w[8], mask[8];
    const uint32_t *reserved = (const uint32_t *)((const uint8_t *)obj + c->reserved_offset);
    field_masks(c, layout, mask);
    for (int i = 0; i < 8; i++) {
        TU_RETURN_IF(reserved[i] & mask[i], err, TU_INVALID_ARGUMENT,
                     "%s reserved[%d] 0x%08x overlaps field bits 0x%08x of word %d of a %s entry",
                     c->what, i, reserved[i], reserved[i] & mask[i], i, layout_name);
        w[i] = reserved[i];
    }
    for (size_t mi = 0; mi < c->member_count; mi++) {
        const tuN_member *m = &c->members[mi];
        const int64_t value = member_value(m, obj);
        unsigned bits;
        const uint64_t cover = member_coverage(c, layout, (unsigned)mi, &bits);
        uint64_t v = (uint64_t)value;
        if (m->ctype == TUN_S32 && bits > 0) {
            const int64_t lo = -((int64_t)1 << (bits - 1)), hi = ((int64_t)1 << (bits - 1)) - 1;
            TU_RETURN_IF(value < lo || value > hi, err, TU_INVALID_ARGUMENT,
                         "%s %s %lld is outside the %u-bit signed range %lld..%lld", c->what,
                         m->name, (long long)value, bits, (long long)lo, (long long)hi);
            v &= cover;
        }
        TU_RETURN_IF(cover == 0 && v != 0, err, TU_INVALID_ARGUMENT,
                     "%s %s is %lld, but a %s entry has no %s field", c->what, m->name,
                     (long long)value, layout_name, m->name);
        TU_RETURN_IF(v & ~cover, err, TU_INVALID_ARGUMENT,
                     "%s %s 0x%llx does not fit: a %s entry holds only its bits 0x%llx", c->what,
                     m->name, (unsigned long long)v, layout_name, (unsigned long long)cover);
        for (size_t i = 0; i < c->bit_count; i++) {
            const tuN_bits *b = &c->bits[i];
            if (b->member == mi && (b->layouts >> layout & 1))
                put_run(w, b->hi, b->lo, (uint32_t)(v >> b->shift));
        }
    }
    for (int i = 0; i < 8; i++)
        tuB_store_le32(bytes + 4 * i, w[i]);
    return TU_OK;
}

static bool same_name(const char *a, const char *b) {
    for (; *a && *b; a++, b++)
        if (toupper((unsigned char)*a) != toupper((unsigned char)*b)) return false;
    return *a == *b;
}

static const tuN_member *find_member(const tuN_codec *c, const char *name) {
    for (size_t i = 0; name && i < c->member_count; i++)
        if (same_name(c->members[i].name, name)) return &c->members[i];
    return NULL;
}

tu_status tuN_codec_get(const tuN_codec *c, const void *obj, const char *name, int64_t *value,
                        tu_error *err) {
    TU_RETURN_IF(!obj || !value, err, TU_INVALID_ARGUMENT, "%s and value must not be NULL",
                 c->what);
    const tuN_member *m = find_member(c, name);
    TU_RETURN_IF(!m, err, TU_INVALID_ARGUMENT, "%s has no field named '%s'", c->what,
                 name ? name : "(null)");
    *value = member_value(m, obj);
    return TU_OK;
}

tu_status tuN_codec_set(const tuN_codec *c, void *obj, const char *name, int64_t value,
                        tu_error *err) {
    TU_RETURN_IF(!obj, err, TU_INVALID_ARGUMENT, "%s must not be NULL", c->what);
    const tuN_member *m = find_member(c, name);
    TU_RETURN_IF(!m, err, TU_INVALID_ARGUMENT, "%s has no field named '%s'", c->what,
                 name ? name : "(null)");
    /* A 32-bit member would keep only the low bits of a wider value, and encode would then
     * see a different, possibly in-range number: refuse what the member cannot hold. */
    const int64_t lo = m->ctype == TUN_S32 ? INT32_MIN : m->ctype == TUN_U32 ? 0 : INT64_MIN;
    const int64_t hi = m->ctype == TUN_S32   ? INT32_MAX
                       : m->ctype == TUN_U32 ? UINT32_MAX
                                             : INT64_MAX;
    TU_RETURN_IF(value < lo || value > hi, err, TU_INVALID_ARGUMENT,
                 "%s %s %lld is outside the %s range %lld..%lld of its field", c->what, m->name,
                 (long long)value, m->ctype == TUN_S32 ? "32-bit signed" : "32-bit unsigned",
                 (long long)lo, (long long)hi);
    set_member(m, obj, value);
    return TU_OK;
}
