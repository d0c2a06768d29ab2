/* SPDX-License-Identifier: MIT */
/*
 * squish_ref.cpp - tu_squish_ref_decode over libsquish (squish_ref.h).
 */
#include "squish_ref.h"

#include <squish.h>

extern "C" void tu_squish_ref_decode(int kind, const uint8_t *block, uint8_t rgba[64]) {
    static const int flags[] = {
        0, squish::kDxt1, squish::kDxt3, squish::kDxt5, squish::kBc4, squish::kBc5};
    squish::Decompress(rgba, block, flags[kind]);
}
