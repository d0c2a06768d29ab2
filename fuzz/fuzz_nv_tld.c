/* SPDX-License-Identifier: MIT */
/*
 * fuzz_nv_tld.c - libFuzzer target for the NVIDIA decoders: TLD text (tu_nv_tld_parse), listing
 * lines (tu_nv_listing_line_parse), the 64-bit TLD encoding (tu_nv_tld_decode_bytes), the
 * control word (tu_nv_control_split / _decode), and the 32-byte texture header and sampler
 * (tu_nv_tic_decode, tu_nv_tsc_decode).
 *
 * Any input is refused with a status or accepted, never crashes or reads outside what it
 * was given. What is accepted must survive the round trip unchanged:
 * print -> parse for text, encode -> decode for the binary word and the header.
 */
#include "texunit/texunit.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    tu_error err;
    /* text: the input as a NUL-terminated line */
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0;
    tu_nv_tld inst, again;
    if (tu_nv_tld_parse(text, &inst, &err) == TU_OK) {
        char printed[512];
        if (tu_nv_tld_print(&inst, printed, sizeof printed, &err) != TU_OK) abort();
        if (tu_nv_tld_parse(printed, &again, &err) != TU_OK) abort();
        char reprinted[512];
        if (tu_nv_tld_print(&again, reprinted, sizeof reprinted, &err) != TU_OK) abort();
        if (strcmp(printed, reprinted) != 0) abort();
    }
    /* a listing line: refused with a message, or split into parts that fit their fields */
    tu_nv_listing_line line;
    const tu_status ls = tu_nv_listing_line_parse(text, &line, &err);
    if (ls != TU_OK && (ls != TU_PARSE_ERROR || !err.message[0])) abort();
    if (ls == TU_OK && (memchr(line.text, 0, sizeof line.text) == NULL ||
                        memchr(line.mnemonic, 0, sizeof line.mnemonic) == NULL))
        abort();
    free(text);
    /* the control word: its slots decode and encode back, or are refused */
    if (size >= 8) {
        uint64_t word = 0;
        for (int k = 0; k < 8; k++)
            word |= (uint64_t)data[k] << (8 * k);
        uint32_t slots[3], again_slot;
        tu_nv_control c;
        if (tu_nv_control_split(word, slots, &err) == TU_OK)
            for (int k = 0; k < 3; k++)
                if (tu_nv_control_decode(slots[k], &c, &err) == TU_OK &&
                    (tu_nv_control_encode(&c, &again_slot, &err) != TU_OK ||
                     again_slot != slots[k]))
                    abort();
    }
    /* the 64-bit instruction word */
    if (tu_nv_tld_decode_bytes(data, size, &inst, &err) == TU_OK) {
        uint64_t word;
        if (tu_nv_tld_encode(&inst, &word, &err) == TU_OK &&
            (tu_nv_tld_decode(word, &again, &err) != TU_OK || memcmp(&inst, &again, sizeof inst)))
            abort();
    }
    /* headers and samplers */
    if (size >= 32) {
        tu_nv_tic tic;
        uint8_t bytes[32];
        if (tu_nv_tic_decode(data, &tic, &err) == TU_OK) {
            if (tu_nv_tic_encode(&tic, bytes, &err) != TU_OK) abort();
            if (memcmp(bytes, data, 32) != 0) abort(); /* every bit is kept */
        }
        tu_nv_tsc tsc;
        if (tu_nv_tsc_decode(data, &tsc, &err) == TU_OK) {
            if (tu_nv_tsc_encode(&tsc, bytes, &err) != TU_OK) abort();
            if (memcmp(bytes, data, 32) != 0) abort();
        }
    }
    return 0;
}
