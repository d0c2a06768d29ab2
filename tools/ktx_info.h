/* SPDX-License-Identifier: MIT */
/*
 * ktx_info.h - what `texunit info` prints of a KTX2 file, as KTX-Software's `ktx info` does:
 * the header, the index and level index, the data format descriptor (every block, model,
 * primaries, transfer, flags and every sample, by their khr_df.h names) and the key/value
 * data; as text or as `ktx info --format mini-json` JSON, with its field names.
 */
#ifndef TEXUNIT_TOOL_KTX_INFO_H
#define TEXUNIT_TOOL_KTX_INFO_H

#include "texunit/io.h"

#include <stdbool.h>
#include <stdio.h>

void tk_print(FILE *out, const tu_ktx2_file *f, bool json);

#endif /* TEXUNIT_TOOL_KTX_INFO_H */
