/* SPDX-License-Identifier: MIT */
/*
 * image_format.c - storage image formats on the typed data port: which format the message
 * really reads and writes on each generation, and the shader's unpack and pack around it
 * (texunit/lower.h, "image format conversion"; Mesa isl_storage_image.c,
 * isl_lower_storage_image_format).
 *
 * The lowering table is isl_lower_storage_image_format (Mesa 24 where versions differ:
 * docs/semantics.md) with isl's has_matching_typed_storage_image_format (typed from Gen9
 * always; HSW/BDW up to 64 bits per texel; IVB up to 32) folded in as RAW columns.
 *
 * Unpack and pack move bit fields between the lowered format's channels and the original
 * format's texel (Mesa brw_nir_lower_storage_image.c, the field extraction of
 * convert_color_for_load and the packing of convert_color_for_store), and convert with the
 * format table's rules (their numeric conversions: the same c / (2^n - 1), clamps and
 * roundings the engine's typed access uses). R11G11B10 is unpacked as Mesa does, each field
 * shifted into a half float's exponent and converted with half-to-float
 * (convert_color_for_load); it packs with texunit's round-to-nearest-even 11/10-bit
 * conversion, not Mesa's truncating one (docs/semantics.md).
 */
#include "lower_internal.h"

#include "../format/format_internal.h"

#include <stdio.h>
#include <string.h>

#define F(x)   TU_FORMAT_##x
#define SAME   TU_FORMAT_UNDEFINED
#define RAW64  TU_FORMAT_COUNT       /* untyped, R32G32_UINT */
#define RAW128 (TU_FORMAT_COUNT + 1) /* untyped, R32G32B32A32_UINT */

/* The generations' columns (tuL_generation image_column): IVB, HSW/BDW, Gen9/10, Gen11/12,
 * 12.5+. */
enum { COLUMNS = 5 };

typedef struct lowering_row {
    uint16_t format;
    uint16_t lowered[COLUMNS];
} lowering_row;

/* clang-format off */
static const lowering_row rows[] = {
    /* format                          IVB           HSW/BDW                Gen9/10         Gen11/12 Gfx12.5+ */
    {F(R32G32B32A32_UINT),           {RAW128,        RAW128,                SAME,           SAME,    SAME}},
    {F(R32G32B32A32_SINT),           {RAW128,        RAW128,                SAME,           SAME,    SAME}},
    {F(R32G32B32A32_SFLOAT),         {RAW128,        RAW128,                SAME,           SAME,    SAME}},
    {F(R32_UINT),                    {SAME,          SAME,                  SAME,           SAME,    SAME}},
    {F(R32_SINT),                    {SAME,          SAME,                  SAME,           SAME,    SAME}},
    {F(R32_SFLOAT),                  {SAME,          SAME,                  SAME,           SAME,    SAME}},
    {F(R16G16B16A16_UINT),           {RAW64,         SAME,                  SAME,           SAME,    SAME}},
    {F(R16G16B16A16_SINT),           {RAW64,         F(R16G16B16A16_UINT),  SAME,           SAME,    SAME}},
    {F(R16G16B16A16_SFLOAT),         {RAW64,         F(R16G16B16A16_UINT),  SAME,           SAME,    SAME}},
    {F(R32G32_UINT),                 {RAW64,         F(R16G16B16A16_UINT),  SAME,           SAME,    SAME}},
    {F(R32G32_SINT),                 {RAW64,         F(R16G16B16A16_UINT),  SAME,           SAME,    SAME}},
    {F(R32G32_SFLOAT),               {RAW64,         F(R16G16B16A16_UINT),  SAME,           SAME,    SAME}},
    {F(R8G8B8A8_UINT),               {F(R32_UINT),   SAME,                  SAME,           SAME,    SAME}},
    {F(R8G8B8A8_SINT),               {F(R32_UINT),   F(R8G8B8A8_UINT),      SAME,           SAME,    SAME}},
    {F(R16G16_UINT),                 {F(R32_UINT),   SAME,                  SAME,           SAME,    SAME}},
    {F(R16G16_SINT),                 {F(R32_UINT),   F(R16G16_UINT),        SAME,           SAME,    SAME}},
    {F(R16G16_SFLOAT),               {F(R32_UINT),   F(R16G16_UINT),        SAME,           SAME,    SAME}},
    {F(R8G8_UINT),                   {F(R16_UINT),   SAME,                  SAME,           SAME,    SAME}},
    {F(R8G8_SINT),                   {F(R16_UINT),   F(R8G8_UINT),          SAME,           SAME,    SAME}},
    {F(R16_UINT),                    {SAME,          SAME,                  SAME,           SAME,    SAME}},
    {F(R16_SINT),                    {F(R16_UINT),   F(R16_UINT),           SAME,           SAME,    SAME}},
    {F(R16_SFLOAT),                  {F(R16_UINT),   F(R16_UINT),           SAME,           SAME,    SAME}},
    {F(R8_UINT),                     {SAME,          SAME,                  SAME,           SAME,    SAME}},
    {F(R8_SINT),                     {F(R8_UINT),    F(R8_UINT),            SAME,           SAME,    SAME}},
    {F(A2B10G10R10_UINT_PACK32),     {F(R32_UINT),   F(R32_UINT),           F(R32_UINT),    F(R32_UINT), SAME}},
    {F(A2B10G10R10_UNORM_PACK32),    {F(R32_UINT),   F(R32_UINT),           F(R32_UINT),    F(R32_UINT), SAME}},
    {F(B10G11R11_UFLOAT_PACK32),     {F(R32_UINT),   F(R32_UINT),           F(R32_UINT),    F(R32_UINT), SAME}},
    {F(R16G16B16A16_UNORM),          {RAW64,         F(R16G16B16A16_UINT),  F(R32G32_UINT), SAME,    SAME}},
    {F(R16G16B16A16_SNORM),          {RAW64,         F(R16G16B16A16_UINT),  F(R32G32_UINT), SAME,    SAME}},
    {F(R8G8B8A8_UNORM),              {F(R32_UINT),   F(R8G8B8A8_UINT),      F(R32_UINT),    SAME,    SAME}},
    {F(R8G8B8A8_SNORM),              {F(R32_UINT),   F(R8G8B8A8_UINT),      F(R32_UINT),    SAME,    SAME}},
    {F(R16G16_UNORM),                {F(R32_UINT),   F(R16G16_UINT),        F(R32_UINT),    SAME,    SAME}},
    {F(R16G16_SNORM),                {F(R32_UINT),   F(R16G16_UINT),        F(R32_UINT),    SAME,    SAME}},
    {F(R8G8_UNORM),                  {F(R16_UINT),   F(R8G8_UINT),          F(R16_UINT),    SAME,    SAME}},
    {F(R8G8_SNORM),                  {F(R16_UINT),   F(R8G8_UINT),          F(R16_UINT),    SAME,    SAME}},
    {F(R16_UNORM),                   {F(R16_UINT),   F(R16_UINT),           F(R16_UINT),    SAME,    SAME}},
    {F(R16_SNORM),                   {F(R16_UINT),   F(R16_UINT),           F(R16_UINT),    SAME,    SAME}},
    {F(R8_UNORM),                    {F(R8_UINT),    F(R8_UINT),            F(R8_UINT),     SAME,    SAME}},
    {F(R8_SNORM),                    {F(R8_UINT),    F(R8_UINT),            F(R8_UINT),     SAME,    SAME}},
};
/* clang-format on */

tu_status tu_lower_image_format(tu_format format, const tu_target *t, tu_image_lowering *out,
                                tu_error *err) {
    TU_RETURN_IF(!t || !out, err, TU_INVALID_ARGUMENT, "target and lowering must not be NULL");
    const tu_format_desc *d = tu_format_describe(format);
    TU_RETURN_IF(!d, err, TU_INVALID_ARGUMENT,
                 "format %d is not a format of the table (1..%d, `texunit formats`)", (int)format,
                 TU_FORMAT_COUNT - 1);
    const lowering_row *row = NULL;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (rows[i].format == format) row = &rows[i];
    TU_RETURN_IF(!row, err, TU_UNSUPPORTED,
                 "%s is not a storage image format (Mesa isl_storage_image.c, "
                 "isl_lower_storage_image_format lists them)",
                 d->name);
    const uint16_t lowered = row->lowered[tuL_generation_of(t)->image_column];
    memset(out, 0, sizeof *out);
    out->format = format;
    out->raw = lowered == RAW64 || lowered == RAW128;
    out->lowered = lowered == SAME     ? format
                   : lowered == RAW64  ? TU_FORMAT_R32G32_UINT
                   : lowered == RAW128 ? TU_FORMAT_R32G32B32A32_UINT
                                       : (tu_format)lowered;
    out->native = out->lowered == format;
    return TU_OK;
}

/* The lowered channels' raw values placed at their fields: the texel's bytes. */
static void bytes_of(const tu_image_lowering *l, const uint32_t in[4], uint8_t bytes[16]) {
    const tu_format_desc *ld = tu_format_describe(l->lowered);
    memset(bytes, 0, 16);
    for (unsigned i = 0; i < ld->channel_count; i++)
        tuF_write_field(bytes, ld->channels[i].shift, ld->channels[i].bits,
                        in[ld->channels[i].component]);
}

void tu_lower_image_unpack(const tu_image_lowering *l, const uint32_t in[4], tu_texel *out) {
    if (l->native) {
        memcpy(out->u, in, sizeof out->u);
        return;
    }
    uint8_t bytes[16];
    bytes_of(l, in, bytes);
    if (l->format == TU_FORMAT_B10G11R11_UFLOAT_PACK32) {
        /* convert_color_for_load: fields at 0, 11, 22; R, G << 4 and B << 5 put the 5-bit
         * exponent in a half float's; no sign */
        const uint32_t v = tuB_load_le32(bytes);
        out->f[0] = tu_half_to_float((uint16_t)((v & 0x7ff) << 4));
        out->f[1] = tu_half_to_float((uint16_t)((v >> 11 & 0x7ff) << 4));
        out->f[2] = tu_half_to_float((uint16_t)((v >> 22 & 0x3ff) << 5));
        out->f[3] = 1.0f;
        return;
    }
    /* the rest of convert_color_for_load: fields by the format's layout (sign-extended for
     * SNORM/SINT), converted by its numeric type, padded */
    tu_format_decode(l->format, bytes, out);
}

void tu_lower_image_pack(const tu_image_lowering *l, const tu_texel *in, uint32_t out[4]) {
    if (l->native) {
        memcpy(out, in->u, sizeof in->u);
        return;
    }
    /* convert_color_for_store: converted, clamped, masked to each field's width at its shift,
     * then re-split into the lowered format's channels */
    uint8_t bytes[16] = {0};
    tu_format_encode(l->format, in, bytes);
    const tu_format_desc *ld = tu_format_describe(l->lowered);
    memset(out, 0, 4 * sizeof *out);
    for (unsigned i = 0; i < ld->channel_count; i++)
        out[ld->channels[i].component] =
            tuF_read_field(bytes, ld->channels[i].shift, ld->channels[i].bits);
}

tu_status tu_lower_image_address(const tu_surface *s, const tu_texel_coord *c, uint64_t *address,
                                 bool *inside, tu_error *err) {
    TU_RETURN_IF(!s || !c || !address || !inside, err, TU_INVALID_ARGUMENT,
                 "surface, coordinate, address and inside must not be NULL");
    TU_RETURN_IF(s->tiling != TU_TILING_LINEAR, err, TU_UNSUPPORTED,
                 "surface tiling %s (%d) is not linear, the only tiling the raw fallback "
                 "addresses",
                 tu_tiling_name(s->tiling), (int)s->tiling);
    uint32_t w, h, d;
    *inside = tu_surface_level_extent(s, c->level, &w, &h, &d) && c->x < w && c->y < h &&
              c->z < d && c->layer < s->layers && c->sample < s->samples;
    *address = 0;
    if (!*inside) return TU_OK;
    /* Mesa brw_nir_lower_storage_image.c, image_address, with tiling 0: offset + (z, layer)
     * strides + y * pitch + x * bytes per texel */
    const tu_level_layout *lv = &s->level[s->base_level + c->level];
    *address = lv->offset + (uint64_t)c->layer * lv->layer_pitch +
               (uint64_t)c->sample * lv->sample_pitch + (uint64_t)c->z * lv->slice_pitch +
               (uint64_t)c->y * lv->row_pitch + (uint64_t)c->x * tu_format_bytes(s->format);
    return TU_OK;
}

static const char *const numeric_rules[] = {
    [TU_NUMERIC_UNORM] = "unorm c / (2^n - 1)",
    [TU_NUMERIC_SNORM] = "snorm max(s / (2^(n-1) - 1), -1)",
    [TU_NUMERIC_UINT] = "uint as is",
    [TU_NUMERIC_SINT] = "sint sign-extended",
    [TU_NUMERIC_SFLOAT] = "float (16-bit: half to float)",
    [TU_NUMERIC_UFLOAT] = "ufloat (shifted into a half, half to float)",
};

static const char *const numeric_store_rules[] = {
    [TU_NUMERIC_UNORM] = "unorm round_even(sat(f) * (2^n - 1))",
    [TU_NUMERIC_SNORM] = "snorm round_even(clamp(f, -1, 1) * (2^(n-1) - 1)), masked to n bits",
    [TU_NUMERIC_UINT] = "uint umin(v, 2^n - 1)",
    [TU_NUMERIC_SINT] = "sint clamp to n bits, masked",
    [TU_NUMERIC_SFLOAT] = "float (16-bit: float to half, nearest even)",
    [TU_NUMERIC_UFLOAT] = "ufloat (clamp >= 0, nearest even to 6/5 mantissa bits)",
};

/* "; pad missing G, B = 0, A = 1" for the components of R, G, B, A the format has not (zero
 * for R, G, B; one for A), "" when it has all four. */
static void pad_text(const tu_format_desc *fd, char *buf, size_t size) {
    bool has[4] = {false, false, false, false};
    for (unsigned i = 0; fd && i < fd->channel_count; i++)
        if (fd->channels[i].component <= TU_COMPONENT_A) has[fd->channels[i].component] = true;
    char zeros[16] = "";
    size_t z = 0;
    for (unsigned c = 0; c < 3; c++)
        if (!has[c])
            z += (size_t)snprintf(zeros + z, sizeof zeros - z, "%s%c", z ? ", " : "", "RGB"[c]);
    if (!z && has[3]) {
        buf[0] = '\0';
        return;
    }
    snprintf(buf, size, "; pad missing %s%s%s", zeros, z ? " = 0" : "",
             has[3] ? ""
             : z    ? ", A = 1"
                    : "A = 1");
}

size_t tu_lower_image_steps(const tu_image_lowering *l, bool store, char *buf, size_t size) {
    const tu_format_desc *fd = tu_format_describe(l->format), *ld = tu_format_describe(l->lowered);
    char fields[512] = "";
    size_t n = 0;
    for (unsigned i = 0; fd && i < fd->channel_count && n < sizeof fields; i++) {
        const tu_channel *ch = &fd->channels[i];
        if (ch->component > TU_COMPONENT_A) continue;
        const int k = snprintf(fields + n, sizeof fields - n, "%s%c bits %u..%u %s", n ? ", " : "",
                               "RGBA"[ch->component], ch -> shift, ch -> shift + ch -> bits - 1,
                               (store ? numeric_store_rules : numeric_rules)[ch->numeric]
                                   ? (store ? numeric_store_rules : numeric_rules)[ch->numeric]
                                   : "?");
        if (k > 0) n += (size_t)k;
    }
    const char *access = l->raw ? "untyped read/write of the texel's dwords at the raw address "
                                  "(bounds-checked; outside: zero, no write)"
                                : "typed";
    char pad[64];
    pad_text(fd, pad, sizeof pad);
    if (l->native)
        return (size_t)snprintf(buf, size, "%s %s as %s; the data port converts%s",
                                store ? "store" : "load", access, fd ? fd->name : "?",
                                store ? "" : pad);
    if (store)
        return (size_t)snprintf(buf, size,
                                "store: convert %s; pack the fields into %s's channels; "
                                "%s write as %s",
                                fields, ld->name, access, ld->name);
    return (size_t)snprintf(buf, size, "load: %s read as %s; extract %s%s", access, ld->name,
                            fields, pad);
}
