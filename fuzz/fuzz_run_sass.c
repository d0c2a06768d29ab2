/*
 * fuzz_run_sass.c - libFuzzer target for `texunit run FILE.sass` (tools/run_sass.c): the
 * program's directives (.lanes, .texture with its keys, .tic and .tsc fields, .cbank, .reg,
 * .pred, .dump) and TLD lines, through everything they reach: textures in block-linear and
 * pitch memory, pools, the TLD executor and the engine.
 *
 * The input is the program's text (a memory file). It must run or stop at a refused line
 * with "PATH:LINE: reason" (checked: a refusal writes a reason), never crash, hang or touch
 * memory it was not given. Paths of
 * devices and /proc are left out (file=PATH reads a file; reading /dev/stdin would wait).
 */
#include "fuzz_util.h"

#include "run_sass.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (fz_names_special_file(data, size)) return 0;
    int fd;
    char path[64];
    if (!fz_memory_file(data, size, &fd, path, sizeof path)) return 0;
    char *errors = NULL;
    size_t errors_size = 0;
    FILE *err = open_memstream(&errors, &errors_size);
    if (!err) abort();
    const int rc = tq_run_sass(path, fz_null_stream(), err);
    fclose(err);
    if (rc != 0 && (errors_size < 2 || !strchr(errors, ':'))) { /* a refusal says why */
        fprintf(stderr, "refused without a reason: '%s'\n", errors);
        abort();
    }
    free(errors);
    close(fd);
    return 0;
}
