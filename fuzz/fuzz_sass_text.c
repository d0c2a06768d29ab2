/* SPDX-License-Identifier: MIT */
/*
 * fuzz_sass_text.c - libFuzzer target for the SASS text of NVIDIA TLD (src/nv/tld_text.c:
 * tu_nv_tld_parse and tu_nv_tld_print) and its Maxwell encoding (tld_binary.c).
 *
 * Each line of the input is parsed. A line must be refused with a status and a message, or
 * parsed into an instruction that validates; never crash or read outside it. What is parsed
 * prints, and the printed text parses again and prints the same. Then text -> binary ->
 * text -> binary: an instruction that encodes (the word has no .T/.P and no index with .B)
 * decodes, prints, parses and encodes again to the same 64-bit word.
 */
#include "fuzz_util.h"

#include "texunit/texunit.h"

static void parse_or_abort(const char *text, tu_nv_tld *out) {
    tu_error err = {0};
    if (tu_nv_tld_parse(text, out, &err) != TU_OK) {
        fprintf(stderr, "printed text does not parse: %s\n%s\n", err.message, text);
        abort();
    }
}

static void print_or_abort(const tu_nv_tld *inst, char *buf, size_t size) {
    tu_error err = {0};
    if (tu_nv_tld_print(inst, buf, size, &err) != TU_OK) {
        fprintf(stderr, "a parsed or decoded instruction does not print: %s\n", err.message);
        abort();
    }
}

static void check_line(const char *line) {
    tu_nv_tld inst, again;
    tu_error err = {0};
    const tu_status st = tu_nv_tld_parse(line, &inst, &err);
    if (st != TU_OK) {
        if ((st != TU_PARSE_ERROR && st != TU_INVALID_ARGUMENT) || !err.message[0]) abort();
        return;
    }
    if (tu_nv_tld_validate(&inst, &err) != TU_OK) abort();
    char printed[512], reprinted[512];
    print_or_abort(&inst, printed, sizeof printed);
    parse_or_abort(printed, &again);
    print_or_abort(&again, reprinted, sizeof reprinted);
    if (strcmp(printed, reprinted) != 0) {
        fprintf(stderr, "print(parse(print(x))) != print(x):\n%s\n%s\n", printed, reprinted);
        abort();
    }
    /* text -> binary -> text -> binary */
    uint64_t word, word2;
    if (tu_nv_tld_encode(&inst, &word, &err) != TU_OK) return;
    tu_nv_tld decoded, reparsed;
    if (tu_nv_tld_decode(word, &decoded, &err) != TU_OK) {
        fprintf(stderr, "%s: the encoding %#llx does not decode: %s\n", printed,
                (unsigned long long)word, err.message);
        abort();
    }
    char text2[512];
    print_or_abort(&decoded, text2, sizeof text2);
    parse_or_abort(text2, &reparsed);
    if (tu_nv_tld_encode(&reparsed, &word2, &err) != TU_OK || word2 != word) {
        fprintf(stderr, "%s -> %#llx -> %s -> %#llx (%s)\n", printed, (unsigned long long)word,
                text2, (unsigned long long)word2, err.message);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0;
    for (char *line = text, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = 0;
        check_line(line);
    }
    free(text);
    return 0;
}
