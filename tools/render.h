/* SPDX-License-Identifier: MIT */
/*
 * render.h - `texunit render`: a scene drawn through the engine into a PNG, every pixel a
 * lane of a SIMD16 SAMPLE message in 2x2 subspans, so its LOD is implicit exactly as a pixel
 * shader's (render.c describes the scene and the options).
 */
#ifndef TEXUNIT_RENDER_H
#define TEXUNIT_RENDER_H

#include <stdio.h>

/* Run `texunit render` with the words after "render": 0 when the picture was written, 1
 * when texunit refused (the reason on err as "texunit: ..."), 2 on a usage error. */
int tr_render(int argc, char **argv, FILE *out, FILE *err);

#endif /* TEXUNIT_RENDER_H */
