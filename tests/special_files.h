/* SPDX-License-Identifier: MIT */
/*
 * special_files.h - a file reader of the library (tu_ktx2_read_file, tu_png_read_file) on
 * what is not a regular file: a directory, /dev/zero (a device that never ends) and a FIFO
 * with no writer (whose open would block). Each is refused at once, naming the path and what
 * it is. The includer defines _POSIX_C_SOURCE (mkfifo) before any include.
 */
#ifndef TU_SPECIAL_FILES_H
#define TU_SPECIAL_FILES_H

#include "texunit/texunit.h"

#include "tu_test.h"

#include <sys/stat.h>
#include <unistd.h>

typedef tu_status (*tu_test_file_reader)(const char *path, tu_image *out, tu_error *err);

static inline void tu_test_special_files(tu_test_file_reader read, const char *tmp_dir) {
    char fifo[512];
    snprintf(fifo, sizeof fifo, "%s/special-files-fifo", tmp_dir);
    unlink(fifo);
    const bool have_fifo = mkfifo(fifo, 0600) == 0;
    CHECK(have_fifo, "mkfifo %s", fifo);
    const struct {
        const char *path, *kind;
    } cases[] = {{tmp_dir, "is a directory"},
                 {"/dev/zero", "is a character device"},
                 {have_fifo ? fifo : "", "is a FIFO (named pipe)"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (!cases[i].path[0]) continue;
        tu_image img;
        tu_error err = {0};
        CHECK_ERR(read(cases[i].path, &img, &err), TU_IO_ERROR, &err, cases[i].kind);
        CHECK(strstr(err.message, cases[i].path) != NULL, "%s", err.message);
        CHECK(img.memory == NULL);
    }
    if (have_fifo) unlink(fifo);
}

#endif /* TU_SPECIAL_FILES_H */
