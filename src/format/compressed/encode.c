/* SPDX-License-Identifier: MIT */
/*
 * encode.c - what the block encoders share: the distance between a decoded texel and the
 * wanted one, and the choice of the nearest candidate per texel.
 *
 * Every encoder picks its endpoints by a simple rule (the bounding box of the block's texels,
 * quantized) and its indices by decoding candidate blocks with the format's own decoder, one
 * candidate per index value, and taking per texel the candidate that decodes nearest.
 */
#include "compressed.h"

#include "texunit/format.h"

/* Binary16 bits as an integer ordered like the values they encode (-0 and +0 both 0). */
static int half_ordinal(uint16_t h) {
    return (h & 0x8000) ? -(int)(h & 0x7fff) : (int)h;
}

/* The squared distance over the format's components: of the values, or for the binary16
 * formats (BC6H, ASTC HDR) of the binary16 bit patterns, which are close to logarithmic, so
 * that small and large values weigh alike. */
double tuC_texel_distance(const tuC_format_info *fmt, const tuC_texel *t, const float want[4]) {
    unsigned channels = tuC_format_channels(fmt);
    bool fp16 = tuC_format_raw_kind(fmt) == TUC_RAW_FP16;
    double d = 0.0;
    for (unsigned c = 0; c < channels; c++) {
        double e = fp16 ? (double)(half_ordinal((uint16_t)t->raw[c]) -
                                   half_ordinal(tu_float_to_half(want[c])))
                        : (double)t->value[c] - (double)want[c];
        d += e * e;
    }
    return d;
}

void tuC_pick_nearest(const tuC_format_info *fmt, const float (*in)[4], unsigned texels,
                      const tuC_texel *cand, unsigned count, unsigned stride, uint8_t *choice) {
    for (unsigned t = 0; t < texels; t++) {
        double best = 0.0;
        choice[t] = 0;
        for (unsigned k = 0; k < count; k++) {
            double d = tuC_texel_distance(fmt, &cand[k * stride + t], in[t]);
            if (k == 0 || d < best) {
                best = d;
                choice[t] = (uint8_t)k;
            }
        }
    }
}
