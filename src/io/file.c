/* SPDX-License-Identifier: MIT */
/*
 * file.c - opening an image file to read: only a regular file, whose size is known before a
 * byte is read. A FIFO would block the open until a writer comes, and a device such as
 * /dev/zero never ends; both are refused by name instead.
 */
#define _POSIX_C_SOURCE 200809L /* stat */

#include "io_internal.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

/* What a file that is not a regular file is, for the message. */
static const char *kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

tu_status tuI_open_regular(const char *path, const char *what, FILE **f, uint64_t *size,
                           tu_error *err) {
    *f = NULL;
    struct stat st;
    TU_RETURN_IF(stat(path, &st) != 0, err, TU_IO_ERROR, "cannot open %s file \"%s\": %s", what,
                 path, strerror(errno));
    TU_RETURN_IF(!S_ISREG(st.st_mode), err, TU_IO_ERROR, "%s file \"%s\" is %s, not a regular file",
                 what, path, kind_of(st.st_mode));
    *f = fopen(path, "rb");
    TU_RETURN_IF(!*f, err, TU_IO_ERROR, "cannot open %s file \"%s\": %s", what, path,
                 strerror(errno));
    *size = (uint64_t)st.st_size;
    return TU_OK;
}
