/* SPDX-License-Identifier: MIT */
/*
 * fuzz_media.c - libFuzzer target for MEDIA_LD, tu_media_block_read (src/sampler/media.c).
 *
 * From the input: a 2D surface (any format, sizes, layers, a linear or block-linear layout,
 * or an NV12 / P010 planar layout), over a buffer of exactly its reported size filled with
 * input bytes; then block reads with any mode, plane, width, height and position (negative,
 * far outside, huge), into a destination of exactly height * pitch bytes (sometimes less).
 * A read must be refused with a reason or succeed; it writes only the first `width` bytes of
 * each destination row (the rest keep their pattern), and a block that lies wholly inside
 * plane 0 of a one-plane linear surface holds exactly the surface's bytes there (row y + i,
 * or field row 2 (y + i) + 1 for the bottom field).
 */
#include "fuzz_gen.h"

enum { MAX_READS = 4, MAX_BYTES = 4u << 20 };

static void check_read(fuzz_in *in, const tu_surface *s, bool exact_rows) {
    static const uint32_t modes[] = {TU_MEDIA_FRAME, TU_MEDIA_TOP_FIELD, TU_MEDIA_BOTTOM_FIELD, 1,
                                     4};
    tu_media_read r;
    r.mode = modes[fz_below(in, 5)];
    r.plane = fz_below(in, 5);
    r.width = fz_below(in, 66);
    r.height = fz_below(in, 66);
    r.x = fz_bool(in) ? (int32_t)fz_u32(in) : (int32_t)(int8_t)fz_u8(in);
    r.y = fz_bool(in) ? (int32_t)fz_u32(in) : (int32_t)(int8_t)fz_u8(in);
    const uint32_t pitch = tu_media_pitch(r.width);
    size_t dst_size = (size_t)r.height * pitch;
    if (fz_below(in, 16) == 0 && dst_size) dst_size -= 1 + fz_below(in, (uint32_t)dst_size);
    uint8_t *dst = malloc(dst_size ? dst_size : 1);
    if (!dst) abort();
    memset(dst, 0xa5, dst_size);
    tu_error err = {0};
    const tu_status st = tu_media_block_read(s, &r, dst, dst_size, &err);
    if (st != TU_OK) {
        if ((st != TU_INVALID_ARGUMENT && st != TU_UNSUPPORTED) || !err.message[0]) abort();
        free(dst);
        return;
    }
    for (uint32_t i = 0; i < r.height; i++)
        for (uint32_t j = r.width; j < pitch; j++)
            if (dst[(size_t)i * pitch + j] != 0xa5) {
                fprintf(stderr, "MEDIA_LD wrote byte %u of row %u past width %u\n", j, i, r.width);
                abort();
            }
    /* a block inside plane 0 of a one-plane linear surface: the surface's own bytes */
    const uint64_t row_bytes = (uint64_t)s->width * tu_format_describe(s->format)->bytes;
    const uint32_t field = r.mode == TU_MEDIA_FRAME ? 1 : 2;
    const uint32_t first = r.mode == TU_MEDIA_BOTTOM_FIELD ? 1 : 0;
    if (exact_rows && r.plane == 0 && r.x >= 0 && r.y >= 0 &&
        (uint64_t)r.x + r.width <= row_bytes &&
        ((uint64_t)r.y + r.height - 1) * field + first < s->height) {
        const uint8_t *mem = s->data;
        for (uint32_t i = 0; i < r.height; i++) {
            const uint64_t row = ((uint64_t)r.y + i) * field + first;
            const uint8_t *src = mem + s->level[0].offset + row * s->level[0].row_pitch + r.x;
            if (memcmp(dst + (size_t)i * pitch, src, r.width) != 0) {
                fprintf(stderr, "MEDIA_LD row %u of a block inside the surface differs\n", i);
                abort();
            }
        }
    }
    free(dst);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in in = {data, size};
    tu_surface s;
    fz_surface_shape(&in, &s, false);
    s.type = TU_SURFACE_2D;
    uint64_t need = 0;
    tu_error err = {0};
    tu_status st;
    const uint32_t layout = fz_below(&in, 6);
    if (layout == 0) {
        st = tu_surface_layout_planar(&s, fz_bool(&in) ? TU_PLANAR_P010 : TU_PLANAR_NV12, &need,
                                      &err);
    } else if (layout == 1) {
        s.gob_height_log2 = (uint8_t)fz_below(&in, 6);
        st = tu_surface_layout_block_linear(&s, &need, &err);
    } else {
        st = tu_surface_layout_packed(&s, &need, &err);
    }
    if (st != TU_OK || need > MAX_BYTES) return 0;
    s.level_count = s.levels;
    uint8_t *mem = malloc(need ? need : 1);
    if (!mem) return 0;
    s.data = mem;
    s.size = (size_t)need;
    for (size_t i = 0; i < s.size; i++)
        mem[i] = in.n ? in.p[i % in.n] : (uint8_t)(i * 31);
    const bool exact_rows = layout > 1 && s.samples == 1 && s.plane_count == 0 &&
                            tu_surface_validate(&s, &err) == TU_OK;
    const uint32_t reads = 1 + fz_below(&in, MAX_READS);
    for (uint32_t i = 0; i < reads; i++)
        check_read(&in, &s, exact_rows);
    free(mem);
    return 0;
}
