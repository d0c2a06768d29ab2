/* SPDX-License-Identifier: MIT */
/*
 * fuzz_lower_cmd.c - libFuzzer target for `texunit lower FILE.visaasm --target NAME`
 * (tools/lower_cmd.c, tq_lower): the kernel parsed for the target's platform, its movs
 * values followed, each sampler and data-port instruction split into physical messages and
 * printed with descriptors, headers and payload registers.
 *
 * The input is the .visaasm file (a memory file), lowered for every target preset: skl, tgl
 * and xe2 with IGC's width rule and with Mesa's, dg2, and ivb and hsw (data-port messages
 * only). Each run must finish or be refused with a reason (checked: a refusal writes one),
 * never crash, hang or touch memory it was not given. fuzz_lower fuzzes the lowering itself
 * on logical messages; this target fuzzes the tool's way from a kernel's text to them.
 */
#include "fuzz_util.h"

#include "lower_cmd.h"

#define LOWER_AS(fn, target)                                \
    static int fn(const char *path, FILE *out, FILE *err) { \
        return tq_lower(path, target, out, err);            \
    }
LOWER_AS(lower_skl, "skl")
LOWER_AS(lower_skl_mesa, "skl-mesa")
LOWER_AS(lower_tgl, "tgl")
LOWER_AS(lower_tgl_mesa, "tgl-mesa")
LOWER_AS(lower_xe2, "xe2")
LOWER_AS(lower_xe2_mesa, "xe2-mesa")
LOWER_AS(lower_ivb, "ivb")
LOWER_AS(lower_hsw, "hsw")
LOWER_AS(lower_dg2, "dg2")

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static int (*const targets[])(const char *, FILE *, FILE *) = {
        lower_skl,      lower_skl_mesa, lower_tgl, lower_tgl_mesa, lower_xe2,
        lower_xe2_mesa, lower_ivb,      lower_hsw, lower_dg2};
    for (size_t t = 0; t < sizeof targets / sizeof targets[0]; t++)
        fz_run_tool_file(data, size, targets[t]);
    return 0;
}
