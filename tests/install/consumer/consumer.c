/* SPDX-License-Identifier: MIT */
/* A program built against an installed texunit: the library's version is the headers', and
 * one texel encodes and decodes. */
#include <texunit/texunit.h>

#include <stdio.h>
#include <string.h>

int main(void) {
    if (tu_version() != TU_VERSION_NUMBER || strcmp(tu_version_string(), TU_VERSION_STRING) != 0) {
        fprintf(stderr, "consumer: library %s, headers %s\n", tu_version_string(),
                TU_VERSION_STRING);
        return 1;
    }
    tu_texel in = {.f = {1.0f, 0.5f, 0.0f, 1.0f}}, out;
    unsigned char bytes[4];
    tu_format_encode(TU_FORMAT_R8G8B8A8_UNORM, &in, bytes);
    tu_format_decode(TU_FORMAT_R8G8B8A8_UNORM, bytes, &out);
    if (bytes[0] != 255 || bytes[1] != 128 || out.f[1] != 128.0f / 255.0f) {
        fprintf(stderr, "consumer: unexpected texel %u %u\n", bytes[0], bytes[1]);
        return 1;
    }
    return 0;
}
