/* SPDX-License-Identifier: MIT */
/*
 * format_internal.h - bit-field access shared by the format, surface and io modules.
 */
#ifndef TEXUNIT_FORMAT_INTERNAL_H
#define TEXUNIT_FORMAT_INTERNAL_H

#include "texunit/format.h"

#include <stdint.h>

/* The field of `bits` (1..32) bits whose lowest bit is bit `shift` of the little-endian
 * texel at p. */
uint32_t tuF_read_field(const uint8_t *p, unsigned shift, unsigned bits);

/* Store the low `bits` bits of value into that field, leaving the other bits alone. */
void tuF_write_field(uint8_t *p, unsigned shift, unsigned bits, uint32_t value);

/* f rounded to binary16, ties to even, and back: what a half-precision operand keeps. */
static inline float tuF_round_to_half(float f) {
    return tu_half_to_float(tu_float_to_half(f));
}

/* A decoder: tu_format_decode of one format, with that format's descriptor d. */
typedef void (*tuF_decode_fn)(const tu_format_desc *d, const uint8_t *p, tu_texel *out);

/* The decoder of `format`: a function specialised for the format's family (every field
 * 8-bit UNORM, 16-bit UNORM, 32-bit or 16-bit SFLOAT, 8/16/32-bit UINT or SINT, byte
 * aligned, R G B A or depth) or the table-driven tuF_decode_generic. Every one returns
 * exactly what tu_format_decode returns (tests/test_format.c compares them). */
tuF_decode_fn tuF_decoder(tu_format format);

/* tu_format_decode with the descriptor looked up: the generic, table-driven decoder. */
void tuF_decode_generic(const tu_format_desc *d, const uint8_t *p, tu_texel *out);

#endif /* TEXUNIT_FORMAT_INTERNAL_H */
