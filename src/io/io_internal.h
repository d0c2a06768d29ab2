/* SPDX-License-Identifier: MIT */
/*
 * io_internal.h - what the image readers share (file.c).
 */
#ifndef TEXUNIT_IO_INTERNAL_H
#define TEXUNIT_IO_INTERNAL_H

#include "texunit/status.h"

#include "../base/base.h"

#include <stdint.h>
#include <stdio.h>

/* Open path ("KTX2", "PNG": `what`) for reading when it names a regular file, and give its
 * size; TU_IO_ERROR naming the path and what it is otherwise (a directory, a FIFO, a
 * device), without opening it. */
tu_status tuI_open_regular(const char *path, const char *what, FILE **f, uint64_t *size,
                           tu_error *err);

#endif /* TEXUNIT_IO_INTERNAL_H */
