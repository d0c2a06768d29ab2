/* SPDX-License-Identifier: MIT */
/*
 * fuzz_png.c - libFuzzer target for the PNG reader (src/io/png.c through libpng) and its
 * writer.
 *
 * The input is a PNG file (a memory file: the reader takes a path) whose chunk CRCs the
 * harness recomputes, so that mutations reach past libpng's CRC check. It must be refused with
 * a status and a reason or read into an image whose surface validates; never crash, leak or
 * touch memory outside what it was given. The memory reader (tu_png_read_memory) on the same
 * bytes gives the same status and the same image. What is read is written back (the
 * reader's formats are all written as their raw codes) and read again: the same format,
 * sizes and bytes.
 */
#include "fuzz_util.h"

#include "texunit/texunit.h"

#include <zlib.h>

/* Set the CRC of every whole chunk after the signature to what its type and data give. */
static void fix_crcs(uint8_t *p, size_t size) {
    for (size_t at = 8; at + 12 <= size;) {
        const uint32_t len = (uint32_t)p[at] << 24 | (uint32_t)p[at + 1] << 16 |
                             (uint32_t)p[at + 2] << 8 | p[at + 3];
        if (len > size - at - 12) break;
        const uLong crc = crc32(0L, p + at + 4, (uInt)len + 4);
        uint8_t *c = p + at + 8 + len;
        c[0] = (uint8_t)(crc >> 24), c[1] = (uint8_t)(crc >> 16);
        c[2] = (uint8_t)(crc >> 8), c[3] = (uint8_t)crc;
        at += 12 + (size_t)len;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    int fd, out_fd;
    char path[64], out_path[64];
    uint8_t *file = malloc(size ? size : 1);
    if (!file) return 0;
    memcpy(file, data, size);
    fix_crcs(file, size);
    const bool made = fz_memory_file(file, size, &fd, path, sizeof path) != NULL;
    if (!made) {
        free(file);
        return 0;
    }
    tu_image img = {0}, again = {0}, mem = {0};
    tu_error err = {0}, mem_err = {0};
    const tu_status st = tu_png_read_file(path, &img, &err);
    close(fd);
    const tu_status mem_st = tu_png_read_memory(file, size, &mem, &mem_err);
    free(file);
    if (mem_st != st ||
        (st == TU_OK &&
         (mem.surface.format != img.surface.format || mem.surface.width != img.surface.width ||
          mem.surface.height != img.surface.height || mem.surface.size != img.surface.size ||
          memcmp(mem.memory, img.memory, img.surface.size) != 0))) {
        fprintf(stderr, "the file reader said %s (%s), the memory reader %s (%s)\n",
                tu_status_name(st), err.message, tu_status_name(mem_st), mem_err.message);
        abort();
    }
    tu_image_free(&mem);
    if (st != TU_OK) {
        if (!err.message[0]) { /* every refusal says why */
            fprintf(stderr, "refused with %s: '%s'\n", tu_status_name(st), err.message);
            abort();
        }
        return 0;
    }
    if (tu_surface_validate(&img.surface, &err) != TU_OK) {
        fprintf(stderr, "the image read is invalid: %s\n", err.message);
        abort();
    }
    if (fz_memory_file(NULL, 0, &out_fd, out_path, sizeof out_path)) {
        if (tu_png_write_file(out_path, &img.surface, 0, 0, &err) != TU_OK) {
            fprintf(stderr, "the image read does not write: %s\n", err.message);
            abort();
        }
        if (tu_png_read_file(out_path, &again, &err) != TU_OK ||
            again.surface.format != img.surface.format ||
            again.surface.width != img.surface.width ||
            again.surface.height != img.surface.height || again.surface.size != img.surface.size ||
            memcmp(again.memory, img.memory, img.surface.size) != 0) {
            fprintf(stderr, "read -> write -> read differs (%s)\n", err.message);
            abort();
        }
        tu_image_free(&again);
        close(out_fd);
    }
    tu_image_free(&img);
    return 0;
}
