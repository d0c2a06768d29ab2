/* SPDX-License-Identifier: MIT */
/*
 * dump_bptc.c - writes random BC7 and BC6H (unsigned) blocks and texunit's decodes of them,
 * for bptc_pillow.py to compare with Pillow's BCn decoder (a second, independent decoder).
 *
 *   dump_bptc FILE COUNT
 * FILE gets: COUNT BC7 blocks (16 bytes each), COUNT BC6H blocks, then texunit's BC7 texels
 * (COUNT * 16 RGBA8, row by row per block), then its BC6H texels (COUNT * 16 RGB as
 * little-endian binary32).
 */
#include "../../src/format/compressed/compressed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* splitmix64, as tu_test.h's tu_test_rand (this program is not a test and has no checks) */
static uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: dump_bptc FILE COUNT\n");
        return 2;
    }
    unsigned long count = strtoul(argv[2], NULL, 10);
    FILE *f = fopen(argv[1], "wb");
    if (!f || count == 0 || count > 1000000) {
        fprintf(stderr, "dump_bptc: cannot write %s or bad count %s\n", argv[1], argv[2]);
        return 2;
    }
    uint8_t *blocks = malloc(count * 32);
    if (!blocks) return 2;
    uint64_t rng = 0xb97c0de5ull;
    for (unsigned long i = 0; i < count * 32; i++)
        blocks[i] = (uint8_t)next_random(&rng);
    /* spread the BC7 modes: clear the low bits of the first byte by a random amount */
    for (unsigned long i = 0; i < count; i++) {
        unsigned mode = (unsigned)(next_random(&rng) % 8);
        blocks[16 * i] = (uint8_t)((blocks[16 * i] | 1u << mode) & ~((1u << mode) - 1));
    }
    int rc = fwrite(blocks, 32, count, f) == count ? 0 : 2;
    for (unsigned long i = 0; i < count && !rc; i++) {
        tuC_texel t[16];
        uint8_t rgba[64];
        if (tuC_decode_block(TUC_BC7_UNORM_BLOCK, blocks + 16 * i, 16, t, 16, NULL) != TU_OK)
            rc = 1;
        for (unsigned k = 0; k < 64; k++)
            rgba[k] = (uint8_t)t[k / 4].raw[k % 4];
        if (fwrite(rgba, 64, 1, f) != 1) rc = 2;
    }
    for (unsigned long i = 0; i < count && !rc; i++) {
        tuC_texel t[16];
        float rgb[48];
        if (tuC_decode_block(TUC_BC6H_UFLOAT_BLOCK, blocks + 16 * (count + i), 16, t, 16, NULL) !=
            TU_OK)
            rc = 1;
        for (unsigned k = 0; k < 48; k++)
            rgb[k] = t[k / 3].value[k % 3];
        if (fwrite(rgb, sizeof rgb, 1, f) != 1) rc = 2;
    }
    free(blocks);
    if (fclose(f) != 0) rc = 2;
    return rc;
}
