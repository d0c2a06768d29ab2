/* SPDX-License-Identifier: MIT */
/*
 * lower_cmd.h - `texunit lower FILE.visaasm --target NAME`: each sampler instruction of a
 * kernel as the physical messages the lowering makes of it (docs/lowering.md).
 */
#ifndef TEXUNIT_LOWER_CMD_H
#define TEXUNIT_LOWER_CMD_H

#include <stdio.h>

/* Lower every sampler instruction of the kernel at path for target `target` ("skl", "tgl",
 * "xe2", each with "-mesa" for Mesa's width rule) and print, per instruction, its text, then
 * each message: its vISA text (execution-mask group Mn), descriptor and extended descriptor
 * fields, header DWords and which GRF of the payload holds which parameter of which lanes.
 * Returns 0, 1 when the kernel or an instruction was refused (the reason on err), 2 for an
 * unknown target. */
int tq_lower(const char *path, const char *target, FILE *out, FILE *err);

#endif /* TEXUNIT_LOWER_CMD_H */
