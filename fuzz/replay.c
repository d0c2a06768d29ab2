/* SPDX-License-Identifier: MIT */
/*
 * replay.c - runs a libFuzzer target's LLVMFuzzerTestOneInput on files, without libFuzzer:
 * CTest builds every fuzz/fuzz_*.c with it and replays the target's checked-in corpus
 * (fuzz/corpus/<target>/), so that every input there, the regression inputs of the bugs the
 * fuzzers and the issues found among them, runs in `make test` (gcc) and in `make asan`
 * (ASan + UBSan) as well as in the fuzz builds. A harness reports a failure by aborting,
 * as under libFuzzer.
 *
 *   replay_<target> FILE|DIR...   every file (a directory: every file in it, in name order)
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned replayed;

static int replay_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 1;
    }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) {
            uint8_t *bigger = realloc(buf, cap *= 2);
            if (!bigger) free(buf);
            buf = bigger;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "replay: out of memory reading %s\n", path);
        return 1;
    }
    /* An exact-size copy, so that a harness reading past the input is caught by ASan. */
    uint8_t *exact = malloc(n ? n : 1);
    if (!exact) {
        free(buf);
        return 1;
    }
    memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    replayed++;
    return 0;
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int replay_dir(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "replay: cannot open directory %s\n", dir);
        return 1;
    }
    char **names = NULL;
    size_t count = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.') continue;
        char **more = realloc(names, (count + 1) * sizeof *names);
        if (!more) break;
        names = more;
        names[count] = malloc(strlen(dir) + strlen(e->d_name) + 2);
        if (!names[count]) break;
        sprintf(names[count++], "%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(names, count, sizeof *names, by_name);
    int failed = 0;
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) failed |= replay_file(names[i]);
        free(names[i]);
    }
    free(names);
    return failed;
}

int main(int argc, char **argv) {
    int failed = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: no such file or directory: %s\n", argv[i]);
            failed = 1;
        } else {
            failed |= S_ISDIR(st.st_mode) ? replay_dir(argv[i]) : replay_file(argv[i]);
        }
    }
    printf("replayed %u inputs\n", replayed);
    return failed || replayed == 0;
}
