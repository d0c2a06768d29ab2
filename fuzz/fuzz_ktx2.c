/* SPDX-License-Identifier: MIT */
/*
 * fuzz_ktx2.c - libFuzzer target for the KTX2 reader (src/io/ktx2.c).
 *
 * Any input must be refused with a status or read into a valid image, never crash or
 * touch memory outside what it was given. An accepted image must also
 * survive a write and a second read unchanged: the reader and the writer agree.
 *
 *   clang -fsanitize=fuzzer,address,undefined -Iinclude fuzz/fuzz_ktx2.c <library sources>
 */
#include "texunit/texunit.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    tu_image img;
    tu_error err;
    if (tu_ktx2_read_memory(data, size, &img, &err) != TU_OK) return 0;
    if (tu_surface_validate(&img.surface, &err) != TU_OK) abort();

    void *file = NULL;
    size_t file_size = 0;
    tu_image again;
    /* A file read can be written (3D depth/stencil files are refused on reading). */
    if (tu_ktx2_write_memory(&img.surface, &file, &file_size, &err) != TU_OK) abort();
    if (tu_ktx2_read_memory(file, file_size, &again, &err) != TU_OK) abort();
    if (again.surface.size != img.surface.size ||
        memcmp(again.memory, img.memory, img.surface.size) != 0)
        abort();
    tu_image_free(&again);
    free(file);
    tu_image_free(&img);
    return 0;
}
