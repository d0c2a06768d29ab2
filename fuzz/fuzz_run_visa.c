/*
 * fuzz_run_visa.c - libFuzzer target for `texunit run FILE.visaasm` (tools/run_visa.c): the
 * `//!` directives (platform, surface with samples, mcs, clear and texture keys, sampler
 * keys, bindless entries, set, emask, cps, dump) and the kernel they set up, executed on
 * the thread state (src/visa/exec.c) through the sampler and MEDIA_LD.
 *
 * The input is the .visaasm file (a memory file). It must run or be refused with a reason
 * (checked: a refusal writes one), never crash, hang or touch memory it was not given. Paths of
 * devices and /proc are left out (file= and texture_file read files; reading /dev/stdin would
 * wait).
 */
#include "fuzz_util.h"

#include "run_visa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (fz_names_special_file(data, size)) return 0;
    int fd;
    char path[64];
    if (!fz_memory_file(data, size, &fd, path, sizeof path)) return 0;
    char *errors = NULL;
    size_t errors_size = 0;
    FILE *err = open_memstream(&errors, &errors_size);
    if (!err) abort();
    const int rc = tq_run_visa(path, fz_null_stream(), err);
    fclose(err);
    if (rc != 0 && (errors_size < 2 || !strchr(errors, ':'))) { /* a refusal says why */
        fprintf(stderr, "refused without a reason: '%s'\n", errors);
        abort();
    }
    free(errors);
    close(fd);
    return 0;
}
