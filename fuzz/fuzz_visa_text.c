/* SPDX-License-Identifier: MIT */
/*
 * fuzz_visa_text.c - libFuzzer target for the .visaasm parser and printer (src/visa/text.c,
 * print.c) and, through them, the vISA binary encoder and decoder (binary.c).
 *
 * The input is a kernel's text, parsed for Xe-LP and for Xe2. It must be refused with a
 * status (a line and column in the message) or parsed; never crash, hang or read outside the
 * text given (a buffer of exactly its size, no terminating NUL). What is parsed must print,
 * and the printed text must parse again and print the same (print(parse(print(k))) ==
 * print(k), the printer's promise).
 *
 * Then text -> binary -> text -> binary: every instruction that encodes is decoded, the
 * decoded instructions are printed in the kernel in place of the originals, the kernel is
 * parsed again, and each instruction must encode to the very bytes of the first encoding.
 */
#include "fuzz_util.h"

#include "texunit/texunit.h"

enum { MAX_BIN = 256 };

static void parse_or_abort(const char *text, tu_visa_platform p, tu_visa_kernel *k) {
    tu_error err = {0};
    if (tu_visa_parse(text, strlen(text), p, k, &err) != TU_OK) {
        fprintf(stderr, "printed text does not parse: %s\n%s\n", err.message, text);
        abort();
    }
}

/* text -> binary -> text -> binary for the instructions of k. */
static void binary_round_trip(const tu_visa_kernel *k) {
    const uint32_t n = k->line_count;
    uint8_t(*first)[MAX_BIN] = malloc((size_t)n * MAX_BIN + 1);
    size_t *first_size = calloc(n + 1, sizeof *first_size);
    tu_visa_line *lines = malloc((size_t)n * sizeof *lines + 1);
    if (!first || !first_size || !lines) goto done;
    if (n) memcpy(lines, k->lines, (size_t)n * sizeof *lines);
    for (uint32_t i = 0; i < n; i++) {
        tu_error err = {0};
        size_t used = 0;
        if (lines[i].kind != TU_VISA_LINE_INST ||
            tu_visa_encode(&lines[i].inst, first[i], MAX_BIN, &first_size[i], &err) != TU_OK) {
            first_size[i] = 0;
            continue;
        }
        if (tu_visa_decode(first[i], first_size[i], k->platform, &lines[i].inst, &used, &err) !=
                TU_OK ||
            used != first_size[i]) {
            fprintf(stderr, "line %u: the encoding does not decode: %s\n", lines[i].line,
                    err.message);
            abort();
        }
    }
    tu_visa_kernel decoded = *k, again;
    decoded.lines = lines;
    char *text = NULL;
    tu_error err = {0};
    if (tu_visa_print(&decoded, &text, &err) != TU_OK) {
        fprintf(stderr, "decoded instructions do not print: %s\n", err.message);
        abort();
    }
    parse_or_abort(text, k->platform, &again);
    if (again.line_count != n) abort();
    for (uint32_t i = 0; i < n; i++) {
        if (!first_size[i]) continue;
        uint8_t second[MAX_BIN];
        size_t second_size = 0;
        if (tu_visa_encode(&again.lines[i].inst, second, sizeof second, &second_size, &err) !=
                TU_OK ||
            second_size != first_size[i] || memcmp(second, first[i], second_size) != 0) {
            fprintf(stderr, "line %u: text -> binary -> text -> binary differs (%s)\n%s\n",
                    lines[i].line, err.message, text);
            abort();
        }
    }
    tu_visa_kernel_free(&again);
    free(text);
done:
    free(lines);
    free(first_size);
    free(first);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size ? size : 1); /* no NUL: the parser must respect size */
    if (!text) return 0;
    memcpy(text, data, size);
    for (int p = TU_VISA_XE_LP; p <= TU_VISA_XE2; p++) {
        tu_visa_kernel k;
        tu_error err = {0};
        const tu_status st = tu_visa_parse(text, size, (tu_visa_platform)p, &k, &err);
        if (st != TU_OK) {
            /* TU_UNSUPPORTED: what texunit reads but does not run on the platform, named */
            if ((st != TU_PARSE_ERROR && st != TU_INVALID_ARGUMENT && st != TU_UNSUPPORTED &&
                 st != TU_OUT_OF_MEMORY) ||
                !err.message[0]) {
                fprintf(stderr, "refused with %s: '%s'\n", tu_status_name(st), err.message);
                abort(); /* refused, and says why */
            }
            continue;
        }
        char *printed = NULL, *reprinted = NULL;
        if (tu_visa_print(&k, &printed, &err) != TU_OK) abort();
        tu_visa_kernel again;
        parse_or_abort(printed, (tu_visa_platform)p, &again);
        if (tu_visa_print(&again, &reprinted, &err) != TU_OK) abort();
        if (strcmp(printed, reprinted) != 0) {
            fprintf(stderr, "print(parse(print(k))) != print(k):\n%s\n---\n%s\n", printed,
                    reprinted);
            abort();
        }
        binary_round_trip(&k);
        free(reprinted);
        free(printed);
        tu_visa_kernel_free(&again);
        tu_visa_kernel_free(&k);
    }
    free(text);
    return 0;
}
