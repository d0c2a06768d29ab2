/*
 * fuzz_blocks.c - libFuzzer target for the block decoders (src/format/compressed/).
 *
 * The first byte picks the format, the next 16 are the block (only the format's block_bytes
 * are handed to the decoder, in a buffer of exactly that size, so that the sanitizers see
 * any read past it). Every bit pattern must decode: the whole block, and each texel alone,
 * which must equal the block's.
 *
 *   clang -fsanitize=fuzzer,address,undefined -Iinclude fuzz/fuzz_blocks.c <library sources>
 */
#include "../src/format/compressed/compressed.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    tuC_format f = (tuC_format)(1 + data[0] % (TUC_FORMAT_COUNT - 1));
    const tuC_format_info *info = tuC_format_info_get(f);
    if (!info || size - 1 < info->block_bytes) return 0;
    uint8_t *block = malloc(info->block_bytes);
    if (!block) return 0;
    memcpy(block, data + 1, info->block_bytes);

    tuC_texel all[TUC_MAX_BLOCK_TEXELS], one;
    unsigned texels = (unsigned)info->block_width * info->block_height;
    if (tuC_decode_block(f, block, info->block_bytes, all, texels, NULL) != TU_OK) abort();
    for (unsigned t = 0; t < texels; t++) {
        if (tuC_decode_texel(f, block, info->block_bytes, t % info->block_width,
                             t / info->block_width, &one, NULL) != TU_OK)
            abort();
        if (memcmp(&one, &all[t], sizeof one) != 0) abort();
    }
    /* a block one byte short is refused, never read */
    if (tuC_decode_texel(f, block, info->block_bytes - 1u, 0, 0, &one, NULL) != TU_OUT_OF_RANGE)
        abort();
    free(block);
    return 0;
}
