/* SPDX-License-Identifier: MIT */
/*
 * file.h - the files of the command line tool: every whole file it reads goes through
 * tf_read_file (a regular file no larger than a limit, or standard input "-" read up to the
 * limit), every file it writes through tf_create and tf_close ("-" is standard output), and
 * standard output itself is checked once at exit (tf_exit).
 */
#ifndef TEXUNIT_TOOL_FILE_H
#define TEXUNIT_TOOL_FILE_H

#include "query.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The largest text file the tool reads: a query case file, a .visaasm kernel, a .sass
 * program (64 MiB; their lines are at most about 1 KiB). */
#define TF_TEXT_BYTES (64ull << 20)
/* The largest data file: a .ktx2 or .png file, a raw texel blob, a vISA binary. A texture
 * at the tool's limit plus 1 MiB for the headers, level index and metadata around it. */
#define TF_DATA_BYTES (TEXUNIT_TOOL_TEXTURE_BYTES + (1ull << 20))

/* The bytes of the whole file at path, NUL-terminated, malloc'ed (free them), *size of them;
 * "-" reads standard input. NULL with *why naming the path and the reason: it cannot be
 * opened or read, it is not a regular file (a directory, a FIFO, a device: said which), or
 * it holds more than limit bytes (its size and the limit said). A FIFO or device is refused
 * without waiting for it. */
char *tf_read_file(const char *path, uint64_t limit, size_t *size, char *why, size_t why_size);

/* The whole text file at path (tf_read_file with TF_TEXT_BYTES) as a stream to read lines
 * from; *bytes holds its text until the stream is closed (fclose it, then free *bytes). */
FILE *tf_open_text(const char *path, char **bytes, char *why, size_t why_size);

/* A file to write: "-" is standard output, anything else is created (truncated). NULL with
 * *why naming the path and the reason. */
FILE *tf_create(const char *path, char *why, size_t why_size);

/* Finish a file of tf_create: flushed and closed (standard output is flushed, not closed).
 * False with *why naming the path when any write to it or the close failed. */
bool tf_close(FILE *f, const char *path, char *why, size_t why_size);

/* The exit status after checking that everything written to standard output reached it:
 * status, or 1 with a message on stderr when a write or the flush failed. */
int tf_exit(int status);

#endif /* TEXUNIT_TOOL_FILE_H */
