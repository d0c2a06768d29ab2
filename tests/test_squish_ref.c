/* SPDX-License-Identifier: MIT */
/*
 * test_squish_ref.c - texunit's BC1-BC5 decoders against libsquish, an independent decoder,
 * on random blocks (a share of them forced into BC1's three-colour mode).
 *
 * libsquish decodes to 8 bits: it widens RGB565 by bit replication and interpolates with
 * truncating integer division, where the DFS (and texunit) interpolate the exact values.
 * So colours agree within 1.5 / 255 (replication is within 0.5 of c * 255 / 31, the
 * truncation within 1) and BC3 / BC4 / BC5 values within 1 / 255; what must agree exactly:
 * the mode each block takes, which texels are transparent, black, or an endpoint, and BC2's
 * 4-bit alphas (a * 17). An index or mode error moves a texel by a whole interpolation step,
 * which random endpoints make far larger than the tolerance. libsquish 1.15's Decompress
 * ignores kBc4 / kBc5 (it decodes BC1), so BC4 and BC5 are checked through its BC3 alpha
 * decoder, which the DFS defines identically; it has no SNORM.
 *
 * Without libsquish the test is not built (tests/CMakeLists.txt says so).
 */
#include "../src/format/compressed/compressed.h"
#include "ref/squish_ref.h"

#include "tu_test.h"

#include <math.h>
#include <string.h>

#define BLOCKS_PER_FORMAT 25000

static void compare(tuC_format f, int kind, unsigned count) {
    const tuC_format_info *info = tuC_format_info_get(f);
    uint64_t rng = tu_test_seed(0x5b1c0000ull + (uint64_t)f);
    unsigned checked = 0;
    for (unsigned n = 0; n < count; n++) {
        uint8_t blk[16];
        for (unsigned i = 0; i < 16; i++)
            blk[i] = (uint8_t)tu_test_rand(&rng);
        if ((kind == TU_SQUISH_BC1) && (n & 1)) { /* color0 <= color1: three colours */
            unsigned c0 = blk[0] | blk[1] << 8, c1 = blk[2] | blk[3] << 8;
            if (c0 > c1) {
                blk[0] = (uint8_t)c1, blk[1] = (uint8_t)(c1 >> 8);
                blk[2] = (uint8_t)c0, blk[3] = (uint8_t)(c0 >> 8);
            }
        }
        uint8_t ref[64];
        tuC_texel ours[16];
        if (kind == TU_SQUISH_BC4 || kind == TU_SQUISH_BC5) {
            /* each 8-byte red / green block as the alpha half of a BC3 block */
            for (unsigned half = 0; half < (kind == TU_SQUISH_BC5 ? 2u : 1u); half++) {
                uint8_t bc3[16] = {0}, out[64];
                memcpy(bc3, blk + 8 * half, 8);
                tu_squish_ref_decode(TU_SQUISH_BC3, bc3, out);
                for (unsigned t = 0; t < 16; t++)
                    ref[4 * t + half] = out[4 * t + 3];
            }
        } else {
            tu_squish_ref_decode(kind, blk, ref);
        }
        if (!CHECK(tuC_decode_block(f, blk, info->block_bytes, ours, 16, NULL) == TU_OK)) return;
        unsigned channels = tuC_format_channels(info);
        for (unsigned t = 0; t < 16; t++)
            for (unsigned c = 0; c < 4; c++) {
                float v = ours[t].value[c] * 255.0f, r = (float)ref[4 * t + c];
                float tol;
                if (kind == TU_SQUISH_BC4 || kind == TU_SQUISH_BC5) {
                    if (c >= channels) continue; /* libsquish fills G / B / A its own way */
                    tol = 1.0f;
                } else if (c == 3) {
                    if (f == TUC_BC1_RGB_UNORM_BLOCK) continue; /* no alpha */
                    tol = kind == TU_SQUISH_BC3 ? 1.0f : 0.0f;  /* BC1A and BC2: exact */
                } else {
                    tol = 1.5f;
                }
                bool same = fabsf(v - r) <= tol + 1e-3f;
                if (!CHECK(same, "%s block %u texel %u comp %u: ours %.3f, libsquish %.0f",
                           info->name, n, t, c, (double)v, (double)r))
                    return;
            }
        checked++;
    }
    CHECK_EQ_U(checked, count);
}

static void test_against_libsquish(void) {
    compare(TUC_BC1_RGB_UNORM_BLOCK, TU_SQUISH_BC1, BLOCKS_PER_FORMAT);
    compare(TUC_BC1_RGBA_UNORM_BLOCK, TU_SQUISH_BC1, BLOCKS_PER_FORMAT);
    compare(TUC_BC2_UNORM_BLOCK, TU_SQUISH_BC2, BLOCKS_PER_FORMAT);
    compare(TUC_BC3_UNORM_BLOCK, TU_SQUISH_BC3, BLOCKS_PER_FORMAT);
    compare(TUC_BC4_UNORM_BLOCK, TU_SQUISH_BC4, BLOCKS_PER_FORMAT);
    compare(TUC_BC5_UNORM_BLOCK, TU_SQUISH_BC5, BLOCKS_PER_FORMAT);
}

int main(void) {
    TU_RUN(test_against_libsquish);
    return tu_test_finish();
}
