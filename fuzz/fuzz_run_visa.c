/* SPDX-License-Identifier: MIT */
/*
 * fuzz_run_visa.c - libFuzzer target for `texunit run FILE.visaasm` (tools/run_visa.c): the
 * `//!` directives (platform, surface with samples, mcs, clear and texture keys, sampler
 * keys, bindless entries, set, emask, cps, dump) and the kernel they set up, executed on
 * the thread state (src/visa/exec.c) through the sampler and MEDIA_LD.
 *
 * The input is the .visaasm file (a memory file), run as it is and with --texture-only. It
 * must run or be refused with a reason
 * (checked: a refusal writes one), never crash, hang or touch memory it was not given. Paths of
 * devices and /proc are left out (file= and texture_file read files; reading /dev/stdin would
 * wait).
 */
#include "fuzz_util.h"

#include "run_visa.h"

static int run(const char *path, FILE *out, FILE *err) {
    return tq_run_visa(path, out, err, false);
}

/* run --texture-only: the instructions outside texunit's stepped over and listed */
static int run_texture_only(const char *path, FILE *out, FILE *err) {
    return tq_run_visa(path, out, err, true);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_run_tool_file(data, size, run);
    fz_run_tool_file(data, size, run_texture_only);
    return 0;
}
