/* SPDX-License-Identifier: MIT */
/*
 * media.c - MEDIA_LD, the 2D block read (vISA spec, MEDIA_LD, "Semantics"):
 *
 *   reg_pitch = block_width < 4 ? 4 : nextPowerOf2(block_width)
 *   dst[i * reg_pitch + j] = surface[y_offset + i][x_offset + j]      (bytes)
 *
 * with the legal width/height table of the page's "Notes", the field modes of interleaved
 * surfaces, the planes of planar formats, and out-of-bounds elements reading the nearest edge
 * element (texunit's choice, docs/semantics.md: the page's "Properties" leave it
 * "implementation defined ... based on surface format").
 */
#include "engine.h"

#include <string.h>

/* vISA spec, MEDIA_LD, "Notes", the legal width/height table: block width up to max_width
 * bytes -> register pitch, max height. */
static const struct {
    uint32_t max_width, pitch, max_height;
} media_sizes[] = {{4, 4, 64}, {8, 8, 32}, {16, 16, 16}, {32, 32, 8}, {64, 64, 4}};

uint32_t tu_media_pitch(uint32_t width) {
    for (size_t i = 0; i < sizeof media_sizes / sizeof media_sizes[0]; i++)
        if (width <= media_sizes[i].max_width) return media_sizes[i].pitch;
    return 0;
}

tu_status tu_media_check_block(uint32_t width, uint32_t height, tu_error *err) {
    TU_RETURN_IF(width < 1 || width > 64, err, TU_INVALID_ARGUMENT,
                 "media block width %u is not in 1..64 bytes", width);
    TU_RETURN_IF(height < 1 || height > 64, err, TU_INVALID_ARGUMENT,
                 "media block height %u is not in 1..64 rows", height);
    for (size_t i = 0; i < sizeof media_sizes / sizeof media_sizes[0]; i++) {
        if (width > media_sizes[i].max_width) continue;
        TU_RETURN_IF(height > media_sizes[i].max_height, err, TU_INVALID_ARGUMENT,
                     "media block %ux%u is illegal: widths %u-%u bytes allow at most %u rows",
                     width, height, i ? media_sizes[i - 1].max_width + 1 : 1,
                     media_sizes[i].max_width, media_sizes[i].max_height);
        break;
    }
    return TU_OK;
}

static tu_status check_read(const tu_surface *s, const tu_media_read *r, size_t dst_size,
                            tu_error *err) {
    TU_RETURN_IF(s->type != TU_SURFACE_2D || s->arrayed || s->samples > 1, err, TU_INVALID_ARGUMENT,
                 "MEDIA_LD reads a 2D surface (vISA spec, MEDIA_LD), not %s %s surface",
                 s->arrayed       ? "an arrayed"
                 : s->samples > 1 ? "a multisample"
                                  : "a",
                 tu_surface_type_name(s->type));
    TU_RETURN_IF(s->tiling != TU_TILING_LINEAR, err, TU_INVALID_ARGUMENT,
                 "MEDIA_LD reads linear surfaces, not surface tiling %s (%d)",
                 tu_tiling_name(s->tiling), (int)s->tiling);
    TU_RETURN_IF(tu_format_is_compressed(s->format), err, TU_UNSUPPORTED,
                 "MEDIA_LD reads the bytes of texels; surface format %s is block-compressed",
                 tu_format_describe(s->format)->name);
    TU_RETURN_IF(r->mode != TU_MEDIA_FRAME && r->mode != TU_MEDIA_TOP_FIELD &&
                     r->mode != TU_MEDIA_BOTTOM_FIELD,
                 err, TU_INVALID_ARGUMENT,
                 "media modifier %u is not 0 (none), 2 (top_field) or 3 (bottom_field)", r->mode);
    TU_RETURN_IF(r->plane > 3, err, TU_INVALID_ARGUMENT, "media plane %u is not in 0..3", r->plane);
    const uint32_t planes = s->plane_count ? s->plane_count : 1;
    TU_RETURN_IF(r->plane >= planes, err, TU_INVALID_ARGUMENT,
                 "media plane %u, but the surface has %u plane%s", r->plane, planes,
                 planes == 1 ? "" : "s");
    TU_TRY(tu_media_check_block(r->width, r->height, err));
    const uint64_t need = (uint64_t)r->height * tu_media_pitch(r->width);
    TU_RETURN_IF(dst_size < need, err, TU_INVALID_ARGUMENT,
                 "media destination of %zu bytes is smaller than the %llu bytes of %u rows at "
                 "pitch %u",
                 dst_size, (unsigned long long)need, r->height, tu_media_pitch(r->width));
    return TU_OK;
}

/* One record for the run of `size` bytes at `off` copied from element e of memory row `row`
 * (bytes at dst). */
static void record_run(const tu_trace_sink *sink, const tu_surface *s, const tu_media_read *r,
                       tu_format format, int64_t e, int64_t row, uint64_t off, uint32_t size,
                       bool resident, const uint8_t *dst) {
    tu_trace_record rec = {.message = sink->message,
                           .surface = sink->surface,
                           .kind = TU_TRACE_MEDIA,
                           .level = s->plane_count ? 0 : s->base_level,
                           .layer = r->plane,
                           .x = (uint32_t)e,
                           .y = (uint32_t)row,
                           .offset = off,
                           .size = size,
                           .resident = resident,
                           .raw_size = size < 16 ? size : 16,
                           .format = format};
    memcpy(rec.raw, dst, rec.raw_size);
    sink->record(sink->user, &rec);
}

/* The plane a block reads or writes: plane 0 of a non-planar surface is its view's level 0,
 * layer 0. */
static tu_plane media_plane(const tu_surface *s, uint32_t plane) {
    if (s->plane_count) return s->plane[plane];
    uint32_t w, h, d;
    tu_surface_level_extent(s, 0, &w, &h, &d);
    return (tu_plane){s->format, w, h, s->level[s->base_level].offset,
                      s->level[s->base_level].row_pitch};
}

tu_status tu_media_block_read(const tu_surface *s, const tu_media_read *r, void *dst,
                              size_t dst_size, tu_error *err) {
    return tu_media_block_read_traced(s, r, NULL, dst, dst_size, err);
}

tu_status tu_media_block_read_traced(const tu_surface *s, const tu_media_read *r,
                                     const tu_trace_sink *sink, void *dst, size_t dst_size,
                                     tu_error *err) {
    TU_RETURN_IF(!s || !r || !dst, err, TU_INVALID_ARGUMENT,
                 "surface, read and destination must not be NULL");
    TU_TRY(tu_surface_validate(s, err));
    TU_TRY(check_read(s, r, dst_size, err));

    const tu_plane pl = media_plane(s, r->plane);
    const int64_t bpp = tu_format_bytes(pl.format);
    /* Field rows: the top field is rows 0, 2, 4, ...; the bottom field 1, 3, 5, ... */
    const bool field = r->mode != TU_MEDIA_FRAME, bottom = r->mode == TU_MEDIA_BOTTOM_FIELD;
    const int64_t rows = field ? ((int64_t)pl.height + !bottom) / 2 : pl.height;
    const uint32_t pitch = tu_media_pitch(r->width);
    const uint8_t *base = s->data;
    uint8_t *out = dst;
    for (uint32_t i = 0; i < r->height; i++) {
        /* The open run: bytes run_start..j-1 of this row, from element run_e (unclamped
         * run_raw_e) at run_off with residency run_res. */
        uint32_t run_start = 0;
        int64_t run_e = 0, run_raw_e = 0;
        uint64_t run_off = 0;
        bool run_res = false;
        int64_t row = tuB_clamp_i64((int64_t)r->y + i, 0, rows > 0 ? rows - 1 : 0);
        if (field) row = tuB_clamp_i64(2 * row + bottom, 0, (int64_t)pl.height - 1);
        for (uint32_t j = 0; j < r->width; j++) {
            /* The element holding byte x, clamped to the row; the byte's place in it kept. */
            const int64_t xb = (int64_t)r->x + j;
            int64_t e = xb >= 0 ? xb / bpp : -((-xb + bpp - 1) / bpp);
            const int64_t in_element = xb - e * bpp, raw_e = e;
            e = tuB_clamp_i64(e, 0, (int64_t)pl.width - 1);
            const uint64_t off = pl.offset + (uint64_t)row * pl.row_pitch + (uint64_t)(e * bpp) +
                                 (uint64_t)in_element;
            /* Validation put every element of the plane inside the memory. */
            const bool resident = tu_surface_offset_resident(s, off);
            out[(size_t)i * pitch + j] = resident ? base[off] : 0;
            if (!sink) continue;
            if (j > run_start && (raw_e != run_raw_e || resident != run_res)) {
                record_run(sink, s, r, pl.format, run_e, row, run_off, j - run_start, run_res,
                           out + (size_t)i * pitch + run_start);
                run_start = j;
            }
            if (j == run_start) run_e = e, run_raw_e = raw_e, run_off = off, run_res = resident;
        }
        if (sink)
            record_run(sink, s, r, pl.format, run_e, row, run_off, r->width - run_start, run_res,
                       out + (size_t)i * pitch + run_start);
    }
    if (sink && sink->end_message) sink->end_message(sink->user);
    return TU_OK;
}

tu_status tu_media_block_write(const tu_surface *s, const tu_media_read *r, const void *src,
                               size_t src_size, tu_error *err) {
    TU_RETURN_IF(!s || !r || !src, err, TU_INVALID_ARGUMENT,
                 "surface, write and source must not be NULL");
    TU_TRY(tu_surface_validate(s, err));
    TU_RETURN_IF(r->mode != TU_MEDIA_FRAME, err, TU_INVALID_ARGUMENT,
                 "a 2D block write is frame mode (0), not media modifier %u", r->mode);
    TU_TRY(check_read(s, r, src_size, err));
    const tu_plane pl = media_plane(s, r->plane);
    const int64_t bpp = tu_format_bytes(pl.format);
    const uint32_t pitch = tu_media_pitch(r->width);
    uint8_t *base = (uint8_t *)s->data; /* the caller's memory (tu_surface holds it const) */
    const uint8_t *in = src;
    for (uint32_t i = 0; i < r->height; i++) {
        const int64_t row = (int64_t)r->y + i;
        if (row < 0 || row >= (int64_t)pl.height) continue;
        for (uint32_t j = 0; j < r->width; j++) {
            const int64_t xb = (int64_t)r->x + j;
            if (xb < 0 || xb >= (int64_t)pl.width * bpp) continue;
            const uint64_t off = pl.offset + (uint64_t)row * pl.row_pitch + (uint64_t)xb;
            if (tu_surface_offset_resident(s, off)) base[off] = in[(size_t)i * pitch + j];
        }
    }
    return TU_OK;
}
