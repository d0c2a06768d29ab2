/* SPDX-License-Identifier: MIT */
/*
 * file.c - the tool's file reads and writes (file.h), with POSIX open and fstat: a file is
 * opened without blocking, so that a FIFO with no writer is refused at once, not waited on.
 */
#define _POSIX_C_SOURCE 200809L

#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

__attribute__((format(printf, 3, 4))) static bool fail(char *why, size_t why_size, const char *fmt,
                                                       ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, why_size, fmt, ap);
    va_end(ap);
    return false;
}

/* What a file that is not a regular one is, in words. */
static const char *file_kind(mode_t mode) {
    return S_ISDIR(mode)    ? "a directory"
           : S_ISFIFO(mode) ? "a FIFO (named pipe)"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISSOCK(mode) ? "a socket"
                            : "not a regular file";
}

static bool too_large(const char *path, uint64_t size, uint64_t limit, char *why, size_t why_size) {
    return !fail(why, why_size, "%s: %llu bytes is more than this tool's limit of %llu bytes", path,
                 (unsigned long long)size, (unsigned long long)limit);
}

/* Read fd to its end into a buffer that grows, refusing more than limit bytes. */
static char *read_all(int fd, const char *path, uint64_t limit, size_t hint, size_t *size,
                      char *why, size_t why_size) {
    if (limit > SIZE_MAX - 2) limit = SIZE_MAX - 2; /* cap + 1 below must not wrap */
    size_t cap = hint < limit ? hint + 1 : (size_t)limit + 1, n = 0;
    if (cap < 4096) cap = 4096;
    char *buf = malloc(cap + 1);
    while (buf) {
        const ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            fail(why, why_size, "%s: %s", path, strerror(errno));
            free(buf);
            return NULL;
        }
        if (got == 0) break;
        n += (size_t)got;
        if (n > limit) { /* a stream, or a file that grew: its size is not known */
            fail(why, why_size, "%s: more than this tool's limit of %llu bytes", path,
                 (unsigned long long)limit);
            free(buf);
            return NULL;
        }
        if (n < cap) continue;
        const size_t grown = cap <= (size_t)limit / 2 ? cap * 2 : (size_t)limit + 1;
        char *bigger = realloc(buf, grown + 1);
        if (!bigger) free(buf);
        buf = bigger;
        cap = grown;
    }
    if (!buf) {
        fail(why, why_size, "%s: out of memory", path);
        return NULL;
    }
    buf[n] = 0;
    *size = n;
    return buf;
}

/* Open path for reading without blocking and check it is a regular file of at most limit
 * bytes: its descriptor and *size, or -1 with *why. */
static int open_regular(const char *path, uint64_t limit, uint64_t *size, char *why,
                        size_t why_size) {
    const int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) return fail(why, why_size, "%s: %s", path, strerror(errno)), -1;
    struct stat st;
    bool ok = false;
    if (fstat(fd, &st) != 0)
        fail(why, why_size, "%s: %s", path, strerror(errno));
    else if (!S_ISREG(st.st_mode))
        fail(why, why_size, "%s is %s, not a regular file", path, file_kind(st.st_mode));
    else if ((uint64_t)st.st_size > limit)
        too_large(path, (uint64_t)st.st_size, limit, why, why_size);
    else
        ok = true;
    if (ok) {
        *size = (uint64_t)st.st_size;
        return fd;
    }
    close(fd);
    return -1;
}

char *tf_read_file(const char *path, uint64_t limit, size_t *size, char *why, size_t why_size) {
    if (strcmp(path, "-") == 0)
        return read_all(STDIN_FILENO, "<stdin>", limit, 0, size, why, why_size);
    uint64_t file_size;
    const int fd = open_regular(path, limit, &file_size, why, why_size);
    if (fd < 0) return NULL;
    char *buf = read_all(fd, path, limit, (size_t)file_size, size, why, why_size);
    close(fd);
    return buf;
}

FILE *tf_open_text(const char *path, char **bytes, char *why, size_t why_size) {
    size_t size = 0;
    *bytes = tf_read_file(path, TF_TEXT_BYTES, &size, why, why_size);
    if (!*bytes) return NULL;
    FILE *f = fmemopen(*bytes, size, "r");
    if (!f) {
        fail(why, why_size, "%s: %s", path, strerror(errno));
        free(*bytes);
        *bytes = NULL;
    }
    return f;
}

FILE *tf_create(const char *path, char *why, size_t why_size) {
    if (strcmp(path, "-") == 0) return stdout;
    FILE *f = fopen(path, "wb");
    if (!f) fail(why, why_size, "%s: %s", path, strerror(errno));
    return f;
}

/* Whether a failure of standard output was already reported (by a tf_close of it). */
static bool stdout_failed;

bool tf_close(FILE *f, const char *path, char *why, size_t why_size) {
    const char *name = f == stdout ? "standard output" : path;
    errno = 0;
    bool ok = fflush(f) == 0 && !ferror(f);
    int error = errno;
    if (f != stdout) {
        if (fclose(f) != 0 && ok) {
            ok = false;
            error = errno;
        }
    }
    if (!ok)
        fail(why, why_size, "cannot write %s: %s", name, error ? strerror(error) : "write error");
    if (!ok && f == stdout) stdout_failed = true;
    return ok;
}

int tf_exit(int status) {
    char why[300];
    const bool reported = stdout_failed;
    if (!tf_close(stdout, "-", why, sizeof why)) {
        if (!reported) fprintf(stderr, "texunit: %s\n", why);
        return status ? status : 1;
    }
    return status;
}
