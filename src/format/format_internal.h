/*
 * format_internal.h - bit-field access shared by the format, surface and io modules.
 */
#ifndef TEXUNIT_FORMAT_INTERNAL_H
#define TEXUNIT_FORMAT_INTERNAL_H

#include <stdint.h>

/* The field of `bits` (1..32) bits whose lowest bit is bit `shift` of the little-endian
 * texel at p. */
uint32_t tuF_read_field(const uint8_t *p, unsigned shift, unsigned bits);

/* Store the low `bits` bits of value into that field, leaving the other bits alone. */
void tuF_write_field(uint8_t *p, unsigned shift, unsigned bits, uint32_t value);

#endif /* TEXUNIT_FORMAT_INTERNAL_H */
