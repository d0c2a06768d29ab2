/* SPDX-License-Identifier: MIT */
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
    fz_run_tool_file(data, size, tq_run_sass);
    return 0;
}
