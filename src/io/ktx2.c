/* SPDX-License-Identifier: MIT */
/*
 * ktx2.c - KTX 2.0 files of the formats of texunit's table, compressed ones included.
 *
 * Follows the Khronos KTX File Format Specification 2.0 (document revision 5):
 *   "File Structure": identifier, header, index, level index, DFD, key/value data,
 *      mip level array with levels stored smallest first and each level aligned to
 *      lcm(texel_block_size, 4) (mipPadding); a level is layers, then faces, then z
 *      slices, then tightly packed rows - texunit's packed layout, layer = 6*layer+face.
 *   "Field Descriptions": typeSize, pixelWidth/Height/Depth (0 = axis absent),
 *      layerCount (0 = not arrayed), faceCount (1 or 6), levelCount (0 = "generate
 *      mips": one level), supercompressionScheme, the index and level index fields, the
 *      DFD restrictions, and "Depth and Stencil Formats" (D24_UNORM_S8_UINT holds the
 *      stencil in the 8 LSBs of its word, which texunit's table does not: see
 *      file_shifts below).
 * and the Khronos Data Format Specification 1.4 for the descriptor: one basic descriptor
 * block (KHR_DF_MODEL_RGBSDA), one sample per field, the shared-exponent layout of its
 * "R9G9B9E5 shared-exponent format" example.
 *
 * Every offset and length read from a file is checked against the file's size with
 * overflow-checked arithmetic before any byte it names is touched.
 */
#include "texunit/io.h"
#include "texunit/texunit.h"

#include "../base/base.h"
#include "../format/compressed/compressed.h"
#include "../format/format_internal.h"
#include "io_internal.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if TEXUNIT_HAVE_ZSTD
#include <zstd.h>
#endif
#if TEXUNIT_HAVE_ZLIB
#include <zlib.h>
#endif

/* --- file layout (KTX 2.0 "File Structure")
 * ------------------------------------------------------------ */

static const uint8_t ktx2_identifier[12] = {0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32,
                                            0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A};

enum {
    KTX2_HEADER_SIZE = 80, /* identifier, 9 header words, the index */
    KTX2_LEVEL_SIZE = 24,  /* byteOffset, byteLength, uncompressedByteLength */
    /* byte offsets of the header and index fields */
    KTX2_VK_FORMAT = 12,
    KTX2_TYPE_SIZE = 16,
    KTX2_PIXEL_WIDTH = 20,
    KTX2_PIXEL_HEIGHT = 24,
    KTX2_PIXEL_DEPTH = 28,
    KTX2_LAYER_COUNT = 32,
    KTX2_FACE_COUNT = 36,
    KTX2_LEVEL_COUNT = 40,
    KTX2_SUPERCOMPRESSION = 44,
    KTX2_DFD_OFFSET = 48,
    KTX2_DFD_LENGTH = 52,
    KTX2_KVD_OFFSET = 56,
    KTX2_KVD_LENGTH = 60,
    KTX2_SGD_OFFSET = 64,
    KTX2_SGD_LENGTH = 72,
};

/* --- Khronos Data Format Specification 1.4, khr_df.h values ----------------------------- */

enum {
    KHR_DF_VERSIONNUMBER_1_3 = 2, /* the basic block version KTX 2.0 requires */
    KHR_DF_BASIC_BLOCK_HEADER = 24,
    KHR_DF_SAMPLE_SIZE = 16,
    KHR_DF_MODEL_RGBSDA = 1,
    KHR_DF_MODEL_YUVSDA = 2,
    KHR_DF_CHANNEL_YUVSDA_Y = 0,
    KHR_DF_CHANNEL_YUVSDA_U = 1,
    KHR_DF_CHANNEL_YUVSDA_V = 2,
    KHR_DF_PRIMARIES_UNSPECIFIED = 0,
    KHR_DF_PRIMARIES_BT709 = 1,
    KHR_DF_TRANSFER_UNSPECIFIED = 0,
    KHR_DF_TRANSFER_LINEAR = 1,
    KHR_DF_TRANSFER_SRGB = 2,
    KHR_DF_CHANNEL_RGBSDA_RED = 0,
    KHR_DF_CHANNEL_RGBSDA_GREEN = 1,
    KHR_DF_CHANNEL_RGBSDA_BLUE = 2,
    KHR_DF_CHANNEL_RGBSDA_STENCIL = 13,
    KHR_DF_CHANNEL_RGBSDA_DEPTH = 14,
    KHR_DF_CHANNEL_RGBSDA_ALPHA = 15,
    KHR_DF_SAMPLE_DATATYPE_LINEAR = 0x10,
    KHR_DF_SAMPLE_DATATYPE_EXPONENT = 0x20,
    KHR_DF_SAMPLE_DATATYPE_SIGNED = 0x40,
    KHR_DF_SAMPLE_DATATYPE_FLOAT = 0x80,
};

/* The sample bounds of E5B9G9R9_UFLOAT_PACK32 as KTX-Software's createdfd.c writes them. */
enum {
    SHAREDEXP_MANTISSA_UPPER = 8448,
    SHAREDEXP_EXPONENT_LOWER = 15,
    SHAREDEXP_EXPONENT_UPPER = 31,
};

/* One sample of a basic descriptor block. */
typedef struct dfd_sample {
    uint16_t bit_offset;
    uint8_t bit_length_minus_1;
    uint8_t channel_type; /* channel id | qualifier bits */
    uint8_t position[2];  /* samplePosition0, 1: the sample's place in the block, 1/256 */
    uint32_t lower, upper;
} dfd_sample;

/* At most one sample per field plus one exponent sample per shared-exponent mantissa. */
enum { MAX_DFD_SAMPLES = 8 };

/* The key/value pair the writer stores (KTX 2.0 "KTXwriter"). */
static const char ktx2_writer_key[] = "KTXwriter";
static const char ktx2_writer_value[] = "texunit " TU_VERSION_STRING;

/* --- what the format table says about a format in a KTX2 file --------------------------- */

static bool is_depth_stencil(const tu_format_desc *d) {
    return (d->flags & (TU_FORMAT_FLAG_DEPTH | TU_FORMAT_FLAG_STENCIL)) != 0;
}

/* Whether block format d is one of the 4:2:2 formats (their words are components). */
static bool is_422(const tu_format_desc *d);

/*
 * typeSize (KTX 2.0 "typeSize"): the word size for _PACKxx formats (Vulkan names a packed
 * format's word: _PACK8, _PACK16, _PACK32, also _2PACK16 and _4PACK16, whose words are 16-bit)
 * and for combined depth/stencil words (a field that is not a whole 8/16/32-bit element), the
 * size of one component otherwise (D32_SFLOAT_S8_UINT: 4, D16_UNORM_S8_UINT: 2); 1 for
 * block-compressed formats, the word size for the 4:2:2 ones (their block is four words).
 */
static uint32_t ktx2_type_size(const tu_format_desc *d) {
    const char *pack = strstr(d->name, "PACK");
    if (pack) return (uint32_t)strtoul(pack + 4, NULL, 10) / 8u;
    if (d->flags & TU_FORMAT_FLAG_COMPRESSED) return is_422(d) ? d->bytes / 4u : 1u;
    if (d->flags & TU_FORMAT_FLAG_PACKED) return d->bytes;
    uint32_t bits = 8;
    for (unsigned i = 0; i < d->channel_count; i++)
        if (d->channels[i].numeric != TU_NUMERIC_PAD) bits = tuB_max_u32(bits, d->channels[i].bits);
    return bits / 8;
}

/*
 * Where each field of a texel lies in a KTX2 file. KTX 2.0 "Depth and Stencil
 * Formats" defines D24_UNORM_S8_UINT as one 32-bit word with the stencil in its 8 LSBs
 * and the depth above, while texunit's table keeps the depth in bits 23:0. Rule, from the
 * table: when a depth and a stencil field share a 4-byte texel, the file puts the stencil
 * at bit 0 and the depth right above it, when the two fill the word. Every other format is
 * stored as in memory (D32_SFLOAT_S8_UINT, D16_UNORM_S8_UINT - depth in bytes 0-1, stencil in
 * byte 2 - and X8_D24_UNORM_PACK32 already match the KTX definitions).
 * Returns true when some field moves.
 */
static bool file_shifts(const tu_format_desc *d, uint8_t shift[4]) {
    for (unsigned i = 0; i < 4; i++)
        shift[i] = d->channels[i].shift;
    const unsigned want = TU_FORMAT_FLAG_DEPTH | TU_FORMAT_FLAG_STENCIL;
    if ((d->flags & want) != want || d->bytes != 4) return false;
    int depth = -1, stencil = -1;
    for (unsigned i = 0; i < d->channel_count; i++) {
        if (d->channels[i].component == TU_COMPONENT_D) depth = (int)i;
        if (d->channels[i].component == TU_COMPONENT_S) stencil = (int)i;
    }
    if (depth < 0 || stencil < 0 || d->channels[depth].bits + d->channels[stencil].bits != 32)
        return false;
    shift[stencil] = 0;
    shift[depth] = d->channels[stencil].bits;
    bool moved = false;
    for (unsigned i = 0; i < d->channel_count; i++)
        moved |= shift[i] != d->channels[i].shift;
    return moved;
}

/* Move every field of count texels from the `from` shifts to the `to` shifts. */
static void repack_texels(const tu_format_desc *d, const uint8_t from[4], const uint8_t to[4],
                          const uint8_t *src, uint8_t *dst, uint64_t count) {
    for (uint64_t t = 0; t < count; t++, src += d->bytes, dst += d->bytes) {
        memset(dst, 0, d->bytes);
        for (unsigned i = 0; i < d->channel_count; i++) {
            const tu_channel *ch = &d->channels[i];
            if (ch->numeric == TU_NUMERIC_PAD) continue;
            tuF_write_field(dst, to[i], ch->bits, tuF_read_field(src, from[i], ch->bits));
        }
    }
}

static uint8_t dfd_channel_id(uint8_t component) {
    switch (component) {
    case TU_COMPONENT_R: return KHR_DF_CHANNEL_RGBSDA_RED;
    case TU_COMPONENT_G: return KHR_DF_CHANNEL_RGBSDA_GREEN;
    case TU_COMPONENT_B: return KHR_DF_CHANNEL_RGBSDA_BLUE;
    case TU_COMPONENT_A: return KHR_DF_CHANNEL_RGBSDA_ALPHA;
    case TU_COMPONENT_D: return KHR_DF_CHANNEL_RGBSDA_DEPTH;
    default: return KHR_DF_CHANNEL_RGBSDA_STENCIL;
    }
}

static uint32_t unorm_max(unsigned bits) {
    return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
}

/*
 * The samples of the basic descriptor block (KDFS 1.4 "Sample information"), one per field in the
 * order of their bits in the file, derived from the table's channels:
 *   UNORM, SRGB     lower 0, upper 2^bits - 1
 *   SNORM           SIGNED, lower -(2^(bits-1) - 1), upper 2^(bits-1) - 1
 *   UINT / SINT     upper 1, lower 0 / -1 (SIGNED): integers, not normalised; USCALED /
 *                   SSCALED the same (KTX-Software's descriptors)
 *   SFIXED5         SIGNED, lower -32, upper 32: 1.0 in 5 fraction bits
 *   SFLOAT          FLOAT | SIGNED, lower -1.0f, upper 1.0f
 *   UFLOAT          FLOAT, lower 0.0f, upper 1.0f
 *   SHAREDEXP       a mantissa sample (lower 0, upper 8448) followed by an EXPONENT sample
 *                   of the same channel over the shared exponent field (lower 15, upper 31),
 *                   the values KTX-Software's createDFDPackedShifted writes for E5B9G9R9
 * The alpha sample of an sRGB format carries LINEAR (KTX 2.0 "Data Format Descriptor",
 * "Restrictions"). Padding and the exponent field have no sample of their own.
 */
static unsigned dfd_samples(const tu_format_desc *d, const uint8_t shift[4],
                            dfd_sample out[MAX_DFD_SAMPLES]) {
    int exp_field = -1;
    for (unsigned i = 0; i < d->channel_count; i++)
        if (d->channels[i].numeric == TU_NUMERIC_EXP) exp_field = (int)i;

    unsigned order[4], n_order = 0;
    for (unsigned i = 0; i < d->channel_count; i++) {
        const uint8_t num = d->channels[i].numeric;
        if (num == TU_NUMERIC_PAD || num == TU_NUMERIC_EXP) continue;
        unsigned j = n_order++;
        while (j > 0 && shift[order[j - 1]] > shift[i]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }

    unsigned n = 0;
    for (unsigned k = 0; k < n_order; k++) {
        const unsigned i = order[k];
        const tu_channel *ch = &d->channels[i];
        dfd_sample *s = &out[n++];
        uint8_t type = dfd_channel_id(ch->component);
        s->bit_offset = shift[i];
        s->bit_length_minus_1 = (uint8_t)(ch->bits - 1);
        s->lower = 0;
        s->upper = unorm_max(ch->bits);
        switch (ch->numeric) {
        case TU_NUMERIC_SNORM:
            type |= KHR_DF_SAMPLE_DATATYPE_SIGNED;
            s->upper = unorm_max(ch->bits - 1u);
            s->lower = 0u - s->upper;
            break;
        case TU_NUMERIC_UINT:
        case TU_NUMERIC_USCALED: s->upper = 1; break;
        case TU_NUMERIC_SINT:
        case TU_NUMERIC_SSCALED:
            type |= KHR_DF_SAMPLE_DATATYPE_SIGNED;
            s->upper = 1;
            s->lower = 0xFFFFFFFFu;
            break;
        case TU_NUMERIC_SFIXED5: /* 1.0 is 32 (5 fraction bits) */
            type |= KHR_DF_SAMPLE_DATATYPE_SIGNED;
            s->upper = 32;
            s->lower = 0u - 32u;
            break;
        case TU_NUMERIC_SFLOAT:
            type |= KHR_DF_SAMPLE_DATATYPE_FLOAT | KHR_DF_SAMPLE_DATATYPE_SIGNED;
            s->lower = tuB_float_bits(-1.0f);
            s->upper = tuB_float_bits(1.0f);
            break;
        case TU_NUMERIC_UFLOAT:
            type |= KHR_DF_SAMPLE_DATATYPE_FLOAT;
            s->lower = tuB_float_bits(0.0f);
            s->upper = tuB_float_bits(1.0f);
            break;
        case TU_NUMERIC_SHAREDEXP: s->upper = SHAREDEXP_MANTISSA_UPPER; break;
        default: break; /* UNORM, SRGB */
        }
        if ((d->flags & TU_FORMAT_FLAG_SRGB) && ch->component == TU_COMPONENT_A)
            type |= KHR_DF_SAMPLE_DATATYPE_LINEAR;
        s->channel_type = type;

        if (ch->numeric == TU_NUMERIC_SHAREDEXP && exp_field >= 0) {
            const tu_channel *e = &d->channels[exp_field];
            dfd_sample *x = &out[n++];
            x->bit_offset = shift[exp_field];
            x->bit_length_minus_1 = (uint8_t)(e->bits - 1);
            x->channel_type =
                (uint8_t)(dfd_channel_id(ch->component) | KHR_DF_SAMPLE_DATATYPE_EXPONENT);
            x->lower = SHAREDEXP_EXPONENT_LOWER;
            x->upper = SHAREDEXP_EXPONENT_UPPER;
        }
    }
    return n;
}

/* The texels (blocks, for a compressed format: the partial last block whole) of a w x h
 * image, as a level's bytes count them (KTX 2.0 "levelIndex": a compressed level is its
 * blocks). */
static uint64_t elements(const tu_format_desc *d, uint32_t w, uint32_t h) {
    return (uint64_t)((w + d->block_width - 1) / d->block_width) *
           ((h + d->block_height - 1) / d->block_height);
}

/*
 * The compressed formats' descriptors (KDFS 1.3 §5.6 "colorModel": KHR_DF_MODEL_BC1A 128 ..
 * BC7 134, ETC2 161, ASTC 162, with each model's channel names), as the Khronos reference
 * (KTX-Software's lib/dfdutils/createdfd.c, createDFDCompressed) writes them: one or two
 * samples over the block, channel BC1A_COLOR 0 or BC1A_ALPHAPRESENT 1, BC2/BC3 ALPHA 15 then
 * COLOR 0 at bit 64, BC4 DATA 0, BC5 RED 0 and GREEN 1 at bit 64, BC6H / BC7 / ASTC 0 over 128
 * bits, ETC2 COLOR 2 (RGB8), COLOR 2 and ALPHA 15 both at bit 0 (RGB8A1), ALPHA 15 then COLOR 2
 * at bit 64 (RGBA8), RED 0 and GREEN 1 at bit 64 (EAC). Sample bounds: 0 .. 0xFFFFFFFF (UNORM,
 * sRGB), SIGNED 0x80000000 .. 0x7FFFFFFF (SNORM), FLOAT 0.0f .. 1.0f (BC6H UFLOAT), FLOAT |
 * SIGNED -1.0f .. 1.0f (BC6H SFLOAT and ASTC SFLOAT); an sRGB format's alpha sample is LINEAR.
 * The 4:2:2 formats: KHR_DF_MODEL_YUVSDA 2, their samples from samples_422.
 */
static const struct {
    uint8_t model, samples, bits, second_offset, channel[2];
} block_dfd[TUC_CODEC_COUNT] = {
    [TUC_BC1] = {128, 1, 64, 0, {0, 0}},          [TUC_BC1A] = {128, 1, 64, 0, {1, 0}},
    [TUC_BC2] = {129, 2, 64, 64, {15, 0}},        [TUC_BC3] = {130, 2, 64, 64, {15, 0}},
    [TUC_BC4] = {131, 1, 64, 0, {0, 0}},          [TUC_BC5] = {132, 2, 64, 64, {0, 1}},
    [TUC_BC6H] = {133, 1, 128, 0, {0, 0}},        [TUC_BC7] = {134, 1, 128, 0, {0, 0}},
    [TUC_ETC2_RGB8] = {161, 1, 64, 0, {2, 0}},    [TUC_ETC2_RGB8A1] = {161, 2, 64, 0, {2, 15}},
    [TUC_ETC2_RGBA8] = {161, 2, 64, 64, {15, 2}}, [TUC_EAC_R11] = {161, 1, 64, 0, {0, 0}},
    [TUC_EAC_RG11] = {161, 2, 64, 64, {0, 1}},    [TUC_ASTC_LDR] = {162, 1, 128, 0, {0, 0}},
    [TUC_ASTC_HDR] = {162, 1, 128, 0, {0, 0}},    [TUC_GBGR_422] = {2, 4, 0, 0, {0, 0}},
    [TUC_BGRG_422] = {2, 4, 0, 0, {0, 0}},
};

static const tuC_format_info *block_info(const tu_format_desc *d) {
    return tuC_format_info_get(tuC_format_from_vk(d->vk_format));
}

static bool is_422(const tu_format_desc *d) {
    const tuC_codec codec = block_info(d)->codec;
    return codec == TUC_GBGR_422 || codec == TUC_BGRG_422;
}

/*
 * The 4:2:2 formats' samples (KDFS 1.3 "KHR_DF_MODEL_YUVSDA", and the descriptors KTX-Software
 * writes for them): one per word in bit order, G as Y, B as U, R as V, each over the word's
 * value bits (the 10X6 / 12X4 words' top bits), UNORM bounds 0 .. 2^n - 1, at samplePosition
 * (64, 128) - the even texel's centre in the 2x1 block, where the cosited chroma lies - except
 * the odd texel's Y at (192, 128).
 */
static unsigned samples_422(const tuC_format_info *info, dfd_sample out[MAX_DFD_SAMPLES]) {
    static const uint8_t gbgr[4] = {KHR_DF_CHANNEL_YUVSDA_Y, KHR_DF_CHANNEL_YUVSDA_U,
                                    KHR_DF_CHANNEL_YUVSDA_Y, KHR_DF_CHANNEL_YUVSDA_V};
    static const uint8_t bgrg[4] = {KHR_DF_CHANNEL_YUVSDA_U, KHR_DF_CHANNEL_YUVSDA_Y,
                                    KHR_DF_CHANNEL_YUVSDA_V, KHR_DF_CHANNEL_YUVSDA_Y};
    const uint8_t *channel = info->codec == TUC_GBGR_422 ? gbgr : bgrg;
    const unsigned word = info->block_bytes / 4u * 8u;
    const unsigned pad = (info->flags & TU_BLOCK_PAD6) ? 6 : (info->flags & TU_BLOCK_PAD4) ? 4 : 0;
    bool second_y = false;
    for (unsigned i = 0; i < 4; i++) {
        dfd_sample *s = &out[i];
        s->bit_offset = (uint16_t)(i * word + pad);
        s->bit_length_minus_1 = (uint8_t)(word - pad - 1);
        s->channel_type = channel[i];
        s->position[0] = 64;
        if (channel[i] == KHR_DF_CHANNEL_YUVSDA_Y) {
            if (second_y) s->position[0] = 192;
            second_y = true;
        }
        s->position[1] = 128;
        s->lower = 0;
        s->upper = unorm_max(word - pad);
    }
    return 4;
}

static unsigned block_samples(const tu_format_desc *d, dfd_sample out[MAX_DFD_SAMPLES]) {
    const tuC_format_info *info = block_info(d);
    if (is_422(d)) return samples_422(info, out);
    const unsigned n = block_dfd[info->codec].samples;
    const bool fp = info->codec == TUC_BC6H || info->codec == TUC_ASTC_HDR;
    const bool is_signed = (info->flags & TUC_SIGNED) || info->codec == TUC_ASTC_HDR;
    for (unsigned i = 0; i < n; i++) {
        dfd_sample *s = &out[i];
        uint8_t type = block_dfd[info->codec].channel[i];
        s->bit_offset = i ? block_dfd[info->codec].second_offset : 0;
        s->bit_length_minus_1 = (uint8_t)(block_dfd[info->codec].bits - 1);
        s->lower = 0;
        s->upper = 0xFFFFFFFFu;
        if (fp) {
            type |= KHR_DF_SAMPLE_DATATYPE_FLOAT | (is_signed ? KHR_DF_SAMPLE_DATATYPE_SIGNED : 0);
            s->lower = tuB_float_bits(is_signed ? -1.0f : 0.0f);
            s->upper = tuB_float_bits(1.0f);
        } else if (is_signed) {
            type |= KHR_DF_SAMPLE_DATATYPE_SIGNED;
            s->lower = 0x80000000u;
            s->upper = 0x7FFFFFFFu;
        }
        if ((d->flags & TU_FORMAT_FLAG_SRGB) && (type & 15) == 15)
            type |= KHR_DF_SAMPLE_DATATYPE_LINEAR;
        s->channel_type = type;
    }
    return n;
}

/* Bytes of the DFD (dfdTotalSize included) for n samples. */
static uint32_t dfd_size(unsigned n) {
    return 4 + KHR_DF_BASIC_BLOCK_HEADER + KHR_DF_SAMPLE_SIZE * n;
}

/*
 * Write the DFD at p, as KTX-Software's createdfd.c (writeHeader, createDFDCompressed) writes
 * it: colorPrimaries BT709 for every colour format (integer ones too) and UNSPECIFIED for depth,
 * stencil and depth/stencil (KTX 2.0 §3.10.1 "Restrictions") and for the 4:2:2 formats,
 * transferFunction SRGB for the _SRGB formats and LINEAR for all others, flags ALPHA_STRAIGHT.
 * texelBlockDimension 0 (1x1x1x1), bytesPlane0 = texel bytes; a compressed format has its block's
 * size and bytes there and its model's samples (block_samples).
 */
static void write_dfd(uint8_t *p, const tu_format_desc *d, const dfd_sample *samples, unsigned n) {
    const uint32_t total = dfd_size(n);
    tuB_store_le32(p, total);
    uint8_t *b = p + 4;
    tuB_store_le32(b + 0, 0); /* vendorId KHRONOS, descriptorType BASICFORMAT */
    tuB_store_le32(b + 4, KHR_DF_VERSIONNUMBER_1_3 | (total - 4) << 16);
    const bool block = d->flags & TU_FORMAT_FLAG_COMPRESSED;
    b[8] = block ? block_dfd[block_info(d)->codec].model : KHR_DF_MODEL_RGBSDA;
    /* ktx create leaves the primaries of depth, stencil and the 4:2:2 (YUVSDA) formats
     * unspecified */
    b[9] = is_depth_stencil(d) || (block && is_422(d)) ? KHR_DF_PRIMARIES_UNSPECIFIED
                                                       : KHR_DF_PRIMARIES_BT709;
    b[10] = (d->flags & TU_FORMAT_FLAG_SRGB) ? KHR_DF_TRANSFER_SRGB : KHR_DF_TRANSFER_LINEAR;
    b[11] = 0; /* KHR_DF_FLAG_ALPHA_STRAIGHT */
    memset(b + 12, 0, 12);
    b[12] = (uint8_t)(d->block_width - 1); /* texelBlockDimension0..3: size - 1 */
    b[13] = (uint8_t)(d->block_height - 1);
    b[16] = d->bytes; /* bytesPlane0: bytes per texel or block */
    for (unsigned i = 0; i < n; i++) {
        uint8_t *s = b + KHR_DF_BASIC_BLOCK_HEADER + KHR_DF_SAMPLE_SIZE * i;
        tuB_store_le32(s, (uint32_t)samples[i].bit_offset |
                              (uint32_t)samples[i].bit_length_minus_1 << 16 |
                              (uint32_t)samples[i].channel_type << 24);
        tuB_store_le32(s + 4, (uint32_t)samples[i].position[0] | (uint32_t)samples[i].position[1]
                                                                     << 8); /* samplePosition */
        tuB_store_le32(s + 8, samples[i].lower);
        tuB_store_le32(s + 12, samples[i].upper);
    }
}

/* --- shared arithmetic ------------------------------------------------------------------- */

/* The KTX2 level chain limit: floor(log2(max(w, h, d))) + 1 (KTX 2.0 "levelCount"). */
static uint32_t chain_length(uint32_t w, uint32_t h, uint32_t d) {
    uint32_t largest = tuB_max_u32(w, tuB_max_u32(h, d)), n = 1;
    while (largest >>= 1)
        n++;
    return n;
}

static uint32_t lcm_4(uint32_t bytes) {
    uint32_t a = bytes, b = 4;
    while (b) {
        uint32_t t = a % b;
        a = b;
        b = t;
    }
    return bytes / a * 4;
}

/* Round v up to a multiple of align (align <= 16); false on overflow. */
static bool align_up(uint64_t v, uint32_t align, uint64_t *out) {
    uint64_t r = v % align;
    return tuB_add_u64(v, r ? align - r : 0, out);
}

/* Whether [offset, offset + length) lies inside size bytes. */
static bool range_inside(uint64_t offset, uint64_t length, uint64_t size) {
    uint64_t end;
    return tuB_add_u64(offset, length, &end) && end <= size;
}

/* Whether vk is a block-compressed VkFormat (Vulkan "Compressed Image Formats": the formats
 * whose names end in _BLOCK), known to texunit's table or not. */
static bool vk_is_block_compressed(uint32_t vk) {
    const char *name = tu_vk_format_name(vk);
    return name && strstr(name, "_BLOCK") != NULL;
}

static const char *supercompression_name(uint32_t scheme) {
    switch (scheme) {
    case 0: return "none";
    case 1: return "BasisLZ";
    case 2: return "Zstandard";
    case 3: return "ZLIB";
    case 4: return "UASTC HDR 6x6 intermediate";
    default: return scheme >= 0x10000 && scheme <= 0x1FFFF ? "a vendor scheme" : "reserved";
    }
}

/* --- reader: the structural rules of KTX 2.0 (tu_ktx2_inspect) ------------------------------ */

/* KDFS colour models KTX2 files use without a VkFormat texunit decodes (KDFS 1.4 §5.6). */
enum {
    KHR_DF_MODEL_ETC1S = 163,
    KHR_DF_MODEL_UASTC = 166,
    KHR_DF_MODEL_UASTC_HDR_4X4 = 167,
    KHR_DF_MODEL_UASTC_HDR_6X6 = 168,
    KHR_DF_MODEL_ASTC = 162,
};

enum {
    KTX2_SS_NONE = 0,
    KTX2_SS_BASISLZ = 1,
    KTX2_SS_ZSTD = 2,
    KTX2_SS_ZLIB = 3,
    KTX2_SS_UASTC_HDR_6X6 = 4,
};

/* Refuse with the KTX 2.0 section a broken rule is in. */
#define KTX2_RULE(cond, err, section, ...) \
    TU_RETURN_IF(cond, err, TU_PARSE_ERROR, section ": " __VA_ARGS__)

/* What the basic descriptor block says about the texel blocks (KDFS 1.4 §5: texelBlockDimension,
 * bytesPlane0, colorModel, transferFunction). */
typedef struct dfd_view {
    const uint8_t *block; /* the basic descriptor block */
    uint32_t block_size, samples;
    uint8_t model, primaries, transfer, flags;
    uint32_t block_w, block_h, block_d, bytes;
} dfd_view;

static uint32_t sample_word(const dfd_view *v, uint32_t s, uint32_t word) {
    return tuB_load_le32(v->block + KHR_DF_BASIC_BLOCK_HEADER + KHR_DF_SAMPLE_SIZE * s + 4 * word);
}

/* KTX 2.0 §3.10 Data Format Descriptor, §3.10.4 dfdTotalSize, §3.10.5 dfdBlock: one basic block. */
static tu_status check_dfd(const uint8_t *dfd, uint32_t length, uint32_t scheme, dfd_view *v,
                           tu_error *err) {
    const uint32_t total = tuB_load_le32(dfd);
    KTX2_RULE(total != length, err, "KTX 2.0 §3.10.4 dfdTotalSize",
              "dfdTotalSize %u does not equal dfdByteLength %u", total, length);
    KTX2_RULE(length < 4 + 8, err, "KTX 2.0 §3.10.5 dfdBlock",
              "the data format descriptor of %u bytes has no room for a block header", length);
    const uint8_t *b = dfd + 4;
    const uint32_t head0 = tuB_load_le32(b), head1 = tuB_load_le32(b + 4);
    const uint32_t block_size = head1 >> 16, version = head1 & 0xFFFF;
    KTX2_RULE(head0 != 0, err, "KTX 2.0 §3.10.1 Restrictions",
              "the first descriptor block (vendorId %u, descriptorType %u) is not the basic "
              "block of vendor KHRONOS (0), type BASICFORMAT (0)",
              head0 & 0x1FFFF, head0 >> 17);
    KTX2_RULE(block_size < KHR_DF_BASIC_BLOCK_HEADER ||
                  (block_size - KHR_DF_BASIC_BLOCK_HEADER) % KHR_DF_SAMPLE_SIZE != 0,
              err, "KTX 2.0 §3.10.5 dfdBlock",
              "basic descriptor block size %u is not 24 + 16 bytes per sample", block_size);
    KTX2_RULE(block_size > length - 4, err, "KTX 2.0 §3.10.5 dfdBlock",
              "basic descriptor block size %u exceeds the %u bytes the descriptor has after "
              "dfdTotalSize",
              block_size, length - 4);
    KTX2_RULE(version != KHR_DF_VERSIONNUMBER_1_3, err, "KTX 2.0 §3.10.1 Restrictions",
              "basic descriptor block versionNumber %u is not KHR_DF_VERSIONNUMBER_1_3 (2)",
              version);
    v->block = b;
    v->block_size = block_size;
    v->samples = (block_size - KHR_DF_BASIC_BLOCK_HEADER) / KHR_DF_SAMPLE_SIZE;
    v->model = b[8];
    v->primaries = b[9];
    v->transfer = b[10];
    v->flags = b[11];
    v->block_w = b[12] + 1u;
    v->block_h = b[13] + 1u;
    v->block_d = b[14] + 1u;
    v->bytes = b[16];
    KTX2_RULE(v->transfer > 19, err, "KTX 2.0 §3.10.2 Use of Transfer Functions",
              "transferFunction %u is not a KDFS 1.4 transfer function (0..19)", v->transfer);
    KTX2_RULE(v->primaries > 11, err, "KTX 2.0 §3.10.1 Restrictions",
              "colorPrimaries %u is not a KDFS 1.4 value (0..11)", v->primaries);
    KTX2_RULE(b[15] != 0, err, "KTX 2.0 §3.10.1 Restrictions",
              "texelBlockDimension3 %u: KTX2 textures have one texel block per sample time",
              b[15] + 1u);
    for (unsigned i = 1; i < 8 && scheme != KTX2_SS_BASISLZ; i++)
        KTX2_RULE(b[16 + i] != 0, err, "KTX 2.0 §3.10.1 Restrictions",
                  "bytesPlane%u is %u: multi-plane formats are not allowed", i, b[16 + i]);
    const bool super = scheme != 0;
    KTX2_RULE(!super && v->bytes == 0, err, "KTX 2.0 §3.10.1 Restrictions",
              "bytesPlane0 is 0 in a file without BasisLZ supercompression");
    KTX2_RULE(!super && v->samples == 0, err, "KTX 2.0 §3.10.1 Restrictions",
              "the basic descriptor block has no samples");
    for (uint32_t s = 0; s < v->samples; s++) {
        const uint32_t w0 = sample_word(v, s, 0);
        KTX2_RULE(sample_word(v, s, 1) != 0 && v->block_w * v->block_h * v->block_d == 1, err,
                  "KTX 2.0 §3.10.1 Restrictions",
                  "sample %u has samplePosition 0x%08x in a 1x1x1 texel block: KTX2 texels "
                  "are sampled at one point",
                  s, sample_word(v, s, 1));
        const bool linear = (w0 >> 24) & KHR_DF_SAMPLE_DATATYPE_LINEAR;
        const bool alpha = ((w0 >> 24) & 15) == 15; /* ALPHA in RGBSDA, BC2, BC3, ETC2 */
        KTX2_RULE(linear && v->transfer <= KHR_DF_TRANSFER_LINEAR, err,
                  "KTX 2.0 §3.10.2 Use of Transfer Functions",
                  "sample %u is qualified LINEAR although transferFunction %u is linear", s,
                  v->transfer);
        KTX2_RULE(!alpha && linear && v->transfer > KHR_DF_TRANSFER_LINEAR, err,
                  "KTX 2.0 §3.10.2 Use of Transfer Functions",
                  "colour sample %u is qualified LINEAR: only alpha is linear under "
                  "transferFunction %u",
                  s, v->transfer);
        KTX2_RULE(v->model == KHR_DF_MODEL_RGBSDA && alpha && !linear &&
                      v->transfer > KHR_DF_TRANSFER_SRGB,
                  err, "KTX 2.0 §3.10.2 Use of Transfer Functions",
                  "alpha sample %u is not qualified LINEAR under the non-linear "
                  "transferFunction %u",
                  s, v->transfer);
    }
    /* the channels each model has (KDFS 1.4 §5.6 "colorModel"), and the one shape of the
     * UASTC and ETC1S samples (KTX 2.0 §3.10.3 "Providing additional information") */
    static const struct {
        uint8_t model;
        uint16_t channels; /* bit c: channel c exists */
    } model_channels[] = {
        {KHR_DF_MODEL_RGBSDA, 0xE007},
        {2 /* YUVSDA */, 0xE007},
        {128 /* BC1A */, 0x0003},
        {129 /* BC2 */, 0x8001},
        {130 /* BC3 */, 0x8001},
        {131 /* BC4 */, 0x0001},
        {132 /* BC5 */, 0x0003},
        {133 /* BC6H */, 0x0001},
        {134 /* BC7 */, 0x0001},
        {160 /* ETC1 */, 0x0001},
        {161 /* ETC2 */, 0x8007},
        {KHR_DF_MODEL_ASTC, 0x0001},
        {KHR_DF_MODEL_ETC1S, 0x8019},
        {164 /* PVRTC */, 0x0001},
        {165 /* PVRTC2 */, 0x0001},
        {KHR_DF_MODEL_UASTC, 0x0079},
        {KHR_DF_MODEL_UASTC_HDR_4X4, 0x0001},
        {KHR_DF_MODEL_UASTC_HDR_6X6, 0x0001},
    };
    for (size_t m = 0; m < sizeof model_channels / sizeof model_channels[0]; m++) {
        if (model_channels[m].model != v->model) continue;
        for (uint32_t s = 0; s < v->samples; s++) {
            const unsigned channel = (sample_word(v, s, 0) >> 24) & 15;
            KTX2_RULE(!((model_channels[m].channels >> channel) & 1), err,
                      "KTX 2.0 §3.10.1 Restrictions",
                      "sample %u has channelId %u, which colorModel %u does not have", s, channel,
                      v->model);
        }
    }
    const bool uastc = v->model == KHR_DF_MODEL_UASTC, etc1s = v->model == KHR_DF_MODEL_ETC1S;
    for (uint32_t s = 0; s < v->samples && (uastc || etc1s); s++) {
        const uint32_t w0 = sample_word(v, s, 0);
        const uint32_t offset = etc1s ? 64 * s : 0, bits = etc1s ? 64 : 128;
        KTX2_RULE((w0 & 0xFFFF) != offset || ((w0 >> 16) & 0xFF) + 1u != bits ||
                      sample_word(v, s, 2) != 0 || sample_word(v, s, 3) != 0xFFFFFFFFu,
                  err, "KTX 2.0 §3.10.3 Providing additional information",
                  "%s sample %u (bitOffset %u, bitLength %u, lower %u, upper %u) is not bitOffset "
                  "%u, bitLength %u, lower 0, upper 0xFFFFFFFF",
                  etc1s ? "ETC1S" : "UASTC", s, w0 & 0xFFFF, ((w0 >> 16) & 0xFF) + 1u,
                  sample_word(v, s, 2), sample_word(v, s, 3), offset, bits);
    }
    KTX2_RULE(scheme == KTX2_SS_BASISLZ && v->model != KHR_DF_MODEL_ETC1S, err,
              "KTX 2.0 §3.8.1.1 BasisLZ",
              "colorModel %u: BasisLZ supercompresses ETC1S data (colorModel 163)", v->model);

    /* the blocks after the basic one: each a header and its descriptorBlockSize bytes */
    for (uint32_t at = 4 + block_size; at < length;) {
        KTX2_RULE(length - at < 8, err, "KTX 2.0 §3.10.5 dfdBlock",
                  "%u bytes at offset %u of the descriptor cannot hold a block header", length - at,
                  at);
        const uint32_t size = tuB_load_le32(dfd + at + 4) >> 16;
        KTX2_RULE(size < 8, err, "KTX 2.0 §3.10.5 dfdBlock",
                  "descriptor block at offset %u has descriptorBlockSize %u, less than its "
                  "8-byte header",
                  at, size);
        KTX2_RULE(size > length - at, err, "KTX 2.0 §3.10.5 dfdBlock",
                  "descriptor block at offset %u has descriptorBlockSize %u but %u bytes are "
                  "left",
                  at, size, length - at);
        at += size;
    }
    return TU_OK;
}

/* The key/value data's rules (KTX 2.0 §3.11 Key/Value Data, §5 Predefined Key/Value Pairs). */
static bool valid_utf8(const uint8_t *s, size_t n) {
    for (size_t i = 0; i < n;) {
        const uint8_t c = s[i];
        const unsigned extra = c < 0x80             ? 0
                               : (c & 0xE0) == 0xC0 ? 1
                               : (c & 0xF0) == 0xE0 ? 2
                               : (c & 0xF8) == 0xF0 ? 3
                                                    : 4;
        if (extra == 4 || i + extra >= n + (extra == 0)) return false;
        if (c == 0xC0 || c == 0xC1 || c > 0xF4) return false;
        for (unsigned k = 1; k <= extra; k++)
            if ((s[i + k] & 0xC0) != 0x80) return false;
        i += 1 + extra;
    }
    return true;
}

/* The keys KTX 2.0 §5 defines; any other key starting "KTX" or "ktx" is reserved. */
static const char *const ktx2_known_keys[] = {
    "KTXcubemapIncomplete", "KTXorientation", "KTXglFormat", "KTXdxgiFormat__",
    "KTXmetalPixelFormat",  "KTXswizzle",     "KTXwriter",   "KTXwriterScParams",
    "KTXastcDecodeMode",    "KTXanimData",    "KTXmapRange",
};

typedef struct kv_entry {
    const char *key;
    const uint8_t *value;
    uint32_t value_length;
} kv_entry;

/* The value of key in the key/value data, or NULL. */
static const kv_entry *kv_find(const kv_entry *e, unsigned n, const char *key) {
    for (unsigned i = 0; i < n; i++)
        if (strcmp(e[i].key, key) == 0) return &e[i];
    return NULL;
}

/* A value that must be a NUL-terminated string of at most `max` bytes matching one of `ok`
 * (NULL: any UTF-8). */
static tu_status check_string_value(const kv_entry *e, tu_error *err) {
    KTX2_RULE(e->value_length == 0 || e->value[e->value_length - 1] != 0, err,
              "KTX 2.0 §5 Predefined Key/Value Pairs", "the value of %s is not NUL-terminated",
              e->key);
    KTX2_RULE(!valid_utf8(e->value, e->value_length - 1), err,
              "KTX 2.0 §5 Predefined Key/Value Pairs", "the value of %s is not UTF-8", e->key);
    return TU_OK;
}

enum { KV_MAX_ENTRIES = 256 };

static tu_status check_kvd(const uint8_t *kv, uint32_t length, const tu_ktx2_file *f,
                           bool depth_stencil, tu_error *err) {
    kv_entry e[KV_MAX_ENTRIES];
    unsigned n = 0;
    uint32_t at = 0;
    while (at < length) {
        KTX2_RULE(length - at < 4, err, "KTX 2.0 §3.11 Key/Value Data",
                  "%u bytes left at offset %u cannot hold a keyAndValueByteLength", length - at,
                  at);
        const uint32_t kvl = tuB_load_le32(kv + at);
        KTX2_RULE(kvl > length - at - 4, err, "KTX 2.0 §3.11.1 keyAndValueByteLength",
                  "entry at offset %u: keyAndValueByteLength %u exceeds the %u bytes left", at, kvl,
                  length - at - 4);
        KTX2_RULE(kvl < 2, err, "KTX 2.0 §3.11.1 keyAndValueByteLength",
                  "entry at offset %u: keyAndValueByteLength %u cannot hold a key and its NUL", at,
                  kvl);
        const uint8_t *key = kv + at + 4;
        const uint8_t *nul = memchr(key, 0, kvl);
        KTX2_RULE(!nul, err, "KTX 2.0 §3.11.2 keyAndValue",
                  "entry at offset %u: the key has no NUL terminator", at);
        const size_t key_len = (size_t)(nul - key);
        KTX2_RULE(key_len == 0, err, "KTX 2.0 §3.11.2 keyAndValue",
                  "entry at offset %u: the key is empty", at);
        KTX2_RULE(key_len >= 3 && key[0] == 0xEF && key[1] == 0xBB && key[2] == 0xBF, err,
                  "KTX 2.0 §3.11.2 keyAndValue", "entry at offset %u: the key starts with a BOM",
                  at);
        KTX2_RULE(!valid_utf8(key, key_len), err, "KTX 2.0 §3.11.2 keyAndValue",
                  "entry at offset %u: the key is not UTF-8", at);
        KTX2_RULE(n == KV_MAX_ENTRIES, err, "KTX 2.0 §3.11 Key/Value Data",
                  "more than %d key/value entries", KV_MAX_ENTRIES);
        const char *k = (const char *)key;
        for (unsigned i = 0; i < n; i++)
            KTX2_RULE(strcmp(e[i].key, k) == 0, err, "KTX 2.0 §3.11 Key/Value Data",
                      "key \"%.60s\" appears twice", k);
        KTX2_RULE(n > 0 && strcmp(e[n - 1].key, k) > 0, err, "KTX 2.0 §3.11 Key/Value Data",
                  "key \"%.60s\" follows \"%.60s\": entries must be sorted by key", k,
                  e[n - 1].key);
        if (strncmp(k, "KTX", 3) == 0 || strncmp(k, "ktx", 3) == 0) {
            bool known = false;
            for (size_t i = 0; i < sizeof ktx2_known_keys / sizeof ktx2_known_keys[0]; i++)
                known |= strcmp(k, ktx2_known_keys[i]) == 0;
            KTX2_RULE(!known, err, "KTX 2.0 §3.11.2 keyAndValue",
                      "key \"%.60s\": keys starting \"KTX\" or \"ktx\" are reserved", k);
        }
        e[n].key = k;
        e[n].value = nul + 1;
        e[n].value_length = (uint32_t)(kvl - key_len - 1);
        n++;
        const uint32_t end = at + 4 + kvl, next = at + 4 + ((kvl + 3) & ~3u);
        KTX2_RULE(next > length, err, "KTX 2.0 §3.11 Key/Value Data",
                  "entry \"%.60s\" with its valuePadding ends at byte %u, beyond kvdByteLength "
                  "%u",
                  k, next, length);
        for (uint32_t pad = end; pad < next; pad++)
            KTX2_RULE(kv[pad] != 0, err, "KTX 2.0 §3.11.3 valuePadding",
                      "padding byte %u of the key/value data is 0x%02x, not 0", pad, kv[pad]);
        at = next;
    }

    const bool is_3d = f->pixel_depth != 0, is_1d = f->pixel_height == 0;
    const kv_entry *x;
    if ((x = kv_find(e, n, "KTXcubemapIncomplete"))) {
        KTX2_RULE(x->value_length != 1, err, "KTX 2.0 §5.1 KTXcubemapIncomplete",
                  "the value is %u bytes, not 1", x->value_length);
        const uint8_t faces = x->value[0];
        KTX2_RULE(faces & 0xC0, err, "KTX 2.0 §5.1 KTXcubemapIncomplete",
                  "value 0x%02x sets one of the two most significant bits", faces);
        KTX2_RULE(faces == 0, err, "KTX 2.0 §5.1 KTXcubemapIncomplete",
                  "value 0 marks no face present");
        KTX2_RULE(f->face_count != 1, err, "KTX 2.0 §5.1 KTXcubemapIncomplete",
                  "faceCount %u: an incomplete cube map has faceCount 1", f->face_count);
        KTX2_RULE(f->pixel_width != f->pixel_height, err, "KTX 2.0 §5.1 KTXcubemapIncomplete",
                  "the faces of an incomplete cube map are square, not %ux%u", f->pixel_width,
                  f->pixel_height);
        KTX2_RULE(f->pixel_depth != 0, err, "KTX 2.0 §5.1 KTXcubemapIncomplete",
                  "pixelDepth %u: a cube map's must be 0", f->pixel_depth);
        unsigned present = 0;
        for (unsigned b = 0; b < 6; b++)
            present += (faces >> b) & 1;
        KTX2_RULE(
            tuB_max_u32(1, f->layer_count) % present != 0, err, "KTX 2.0 §5.1 KTXcubemapIncomplete",
            "layerCount %u is not a multiple of the %u faces present", f->layer_count, present);
    }
    if ((x = kv_find(e, n, "KTXorientation"))) {
        TU_TRY(check_string_value(x, err));
        const unsigned dims = is_3d ? 3 : is_1d ? 1 : 2;
        const char *v = (const char *)x->value;
        KTX2_RULE(strlen(v) != dims, err, "KTX 2.0 §5.2 KTXorientation",
                  "\"%.8s\" does not give the %u dimensions of the texture", v, dims);
        KTX2_RULE((v[0] != 'r' && v[0] != 'l') || (dims > 1 && v[1] != 'd' && v[1] != 'u') ||
                      (dims > 2 && v[2] != 'o' && v[2] != 'i'),
                  err, "KTX 2.0 §5.2 KTXorientation", "\"%.8s\" is not [rl][du][oi]", v);
    }
    static const struct {
        const char *key, *section;
        uint32_t size;
    } mappings[] = {{"KTXglFormat", "KTX 2.0 §5.3.1 KTXglFormat", 12},
                    {"KTXdxgiFormat__", "KTX 2.0 §5.3.2 KTXdxgiFormat__", 4},
                    {"KTXmetalPixelFormat", "KTX 2.0 §5.3.3 KTXmetalPixelFormat", 4}};
    for (size_t i = 0; i < 3; i++)
        if ((x = kv_find(e, n, mappings[i].key))) {
            TU_RETURN_IF(x->value_length != mappings[i].size, err, TU_PARSE_ERROR,
                         "%s: the value is %u bytes, not %u", mappings[i].section, x->value_length,
                         mappings[i].size);
            TU_RETURN_IF(f->vk_format != 0, err, TU_PARSE_ERROR,
                         "%s: present with vkFormat %u; it is only for "
                         "VK_FORMAT_UNDEFINED",
                         mappings[i].section, f->vk_format);
        }
    if ((x = kv_find(e, n, "KTXswizzle"))) {
        TU_TRY(check_string_value(x, err));
        KTX2_RULE(x->value_length != 5, err, "KTX 2.0 §5.4 KTXswizzle",
                  "the value is %u bytes, not 4 characters and a NUL", x->value_length);
        for (unsigned i = 0; i < 4; i++)
            KTX2_RULE(!strchr("rgba01", x->value[i]) || x->value[i] == 0, err,
                      "KTX 2.0 §5.4 KTXswizzle", "\"%.4s\" is not four of r, g, b, a, 0, 1",
                      (const char *)x->value);
        KTX2_RULE(depth_stencil, err, "KTX 2.0 §5.4 KTXswizzle",
                  "present with a depth/stencil format, which has no colour to swizzle");
    }
    if ((x = kv_find(e, n, "KTXwriter"))) TU_TRY(check_string_value(x, err));
    if ((x = kv_find(e, n, "KTXwriterScParams"))) {
        TU_TRY(check_string_value(x, err));
        KTX2_RULE(!kv_find(e, n, "KTXwriter"), err, "KTX 2.0 §5.6 KTXwriterScParams",
                  "present without KTXwriter");
    }
    if ((x = kv_find(e, n, "KTXastcDecodeMode"))) {
        TU_TRY(check_string_value(x, err));
        const char *v = (const char *)x->value;
        KTX2_RULE(strcmp(v, "rgb9e5") != 0 && strcmp(v, "unorm8") != 0, err,
                  "KTX 2.0 §5.7 KTXastcDecodeMode", "\"%.16s\" is neither rgb9e5 nor unorm8", v);
        const bool hdr = f->vk_format >= 1000066000u && f->vk_format <= 1000066013u;
        KTX2_RULE(hdr && strcmp(v, "unorm8") == 0, err, "KTX 2.0 §5.7 KTXastcDecodeMode",
                  "unorm8 is for the LDR ASTC formats, not vkFormat %u", f->vk_format);
    }
    if ((x = kv_find(e, n, "KTXanimData"))) {
        KTX2_RULE(x->value_length != 12, err, "KTX 2.0 §5.8 KTXanimData",
                  "the value is %u bytes, not 12", x->value_length);
        KTX2_RULE(f->layer_count == 0, err, "KTX 2.0 §5.8 KTXanimData",
                  "present in a texture that is not an array (layerCount 0)");
        KTX2_RULE(kv_find(e, n, "KTXcubemapIncomplete") != NULL, err, "KTX 2.0 §5.8 KTXanimData",
                  "present together with KTXcubemapIncomplete");
    }
    if ((x = kv_find(e, n, "KTXmapRange")))
        KTX2_RULE(x->value_length != 8, err, "KTX 2.0 §3.11 Key/Value Data",
                  "KTXmapRange value is %u bytes, not 8", x->value_length);
    return TU_OK;
}

/* typeSize from the Vulkan name, for formats texunit's table lacks (KTX 2.0 §3.3: the word
 * size of a _PACKn format, otherwise the size of one component, the first number of the name:
 * R16G16B16 2, A8 1, B16G16R16G16_422 2); 0 where the name does not say (depth/stencil,
 * block-compressed and non-Vulkan formats). */
static uint32_t vk_name_type_size(const char *name) {
    if (!name || strncmp(name, "VK_FORMAT_", 10) != 0) return 0;
    const char *f = name + 10;
    if (strchr("DSX", f[0]) || strstr(f, "_BLOCK")) return 0;
    const char *pack = strstr(f, "PACK");
    if (pack) return (uint32_t)strtoul(pack + 4, NULL, 10) / 8;
    while (*f && (*f < '0' || *f > '9'))
        f++;
    const unsigned long bits = strtoul(f, NULL, 10);
    return bits % 8 == 0 ? (uint32_t)(bits / 8) : 0;
}

static bool vk_is_prohibited(uint32_t vk) {
    const char *name = tu_vk_format_name(vk);
    return name && (strstr(name, "SCALED") || strstr(name, "PLANE"));
}

/* Whether the _UNORM VkFormat vk has an _SRGB twin (the same name with SRGB for UNORM): the
 * core formats and the PVRTC ones are where the twins are (Vulkan "Formats"). */
static bool vk_has_srgb_twin(uint32_t vk) {
    const char *name = tu_vk_format_name(vk), *unorm = name ? strstr(name, "_UNORM") : NULL;
    if (!unorm) return false;
    char twin[96];
    snprintf(twin, sizeof twin, "%.*s_SRGB%s", (int)(unorm - name), name, unorm + 6);
    static const uint32_t ranges[][2] = {{1, 184}, {1000054000u, 1000054007u}};
    for (size_t r = 0; r < 2; r++)
        for (uint32_t v = ranges[r][0]; v <= ranges[r][1]; v++) {
            const char *other = tu_vk_format_name(v);
            if (other && strcmp(other, twin) == 0) return true;
        }
    return false;
}

/* The header, index, level index, data format descriptor and key/value data rules (KTX 2.0 §3),
 * on the fields tu_ktx2_inspect read into *f; copies the descriptor and the key/value data. */
static tu_status inspect_fields(const uint8_t *p, size_t size, tu_ktx2_file *f, tu_error *err) {
    const uint32_t vk = f->vk_format, scheme = f->supercompression_scheme;
    const tu_format known = vk ? tu_format_from_vk(vk) : TU_FORMAT_UNDEFINED;
    const tu_format_desc *d = known != TU_FORMAT_UNDEFINED ? tu_format_describe(known) : NULL;
    const char *vk_name = tu_vk_format_name(vk);

    /* KTX 2.0 §3.2 vkFormat, §3.8 supercompressionScheme */
    KTX2_RULE(vk_is_prohibited(vk), err, "KTX 2.0 §3.2 vkFormat", "%s (%u) is a prohibited format",
              vk_name, vk);
    KTX2_RULE(vk > 184 && vk < 1000000000u, err, "KTX 2.0 §3.2 vkFormat",
              "%u is not a VkFormat value (core values end at 184, extension ones start at "
              "1000000000)",
              vk);
    KTX2_RULE(scheme > KTX2_SS_UASTC_HDR_6X6 && (scheme < 0x10000 || scheme > 0x1FFFF), err,
              "KTX 2.0 §3.8 supercompressionScheme",
              "%u is neither a scheme KTX 2.0 defines (0..4) nor a vendor scheme "
              "(0x10000..0x1FFFF)",
              scheme);
    KTX2_RULE((scheme == KTX2_SS_BASISLZ || scheme == KTX2_SS_UASTC_HDR_6X6) && vk != 0, err,
              "KTX 2.0 §3.2 vkFormat",
              "%s (%u) with %s supercompression, which requires "
              "VK_FORMAT_UNDEFINED",
              vk_name ? vk_name : "vkFormat", vk, supercompression_name(scheme));
    const bool block_compressed = vk_is_block_compressed(vk);
    KTX2_RULE((block_compressed || vk == 0) && f->type_size != 1, err, "KTX 2.0 §3.3 typeSize",
              "typeSize %u: block-compressed formats and VK_FORMAT_UNDEFINED have typeSize 1",
              f->type_size);
    KTX2_RULE(d && !block_compressed && f->type_size != ktx2_type_size(d), err,
              "KTX 2.0 §3.3 typeSize", "typeSize %u does not match %s, whose typeSize is %u",
              f->type_size, d->name, ktx2_type_size(d));
    const uint32_t named_size = d ? 0 : vk_name_type_size(vk_name);
    KTX2_RULE(named_size && f->type_size != named_size, err, "KTX 2.0 §3.3 typeSize",
              "typeSize %u does not match %s, whose typeSize is %u", f->type_size, vk_name,
              named_size);

    /* KTX 2.0 §3.4 pixelWidth, pixelHeight, pixelDepth; §3.5 layerCount; §3.6 faceCount */
    const uint32_t width = f->pixel_width, height = f->pixel_height, depth = f->pixel_depth;
    KTX2_RULE(width == 0, err, "KTX 2.0 §3.4 pixelWidth, pixelHeight, pixelDepth",
              "pixelWidth is 0: every texture has a width");
    KTX2_RULE(block_compressed && height == 0, err,
              "KTX 2.0 §3.4 pixelWidth, pixelHeight, pixelDepth",
              "pixelHeight 0 for the block-compressed format %s", vk_name);
    KTX2_RULE(height == 0 && depth != 0, err, "KTX 2.0 §3.4 pixelWidth, pixelHeight, pixelDepth",
              "pixelDepth %u with pixelHeight 0: a 3D texture must have a height", depth);
    KTX2_RULE(d && is_depth_stencil(d) && depth != 0, err,
              "KTX 2.0 §3.2.1 Depth and Stencil Formats",
              "pixelDepth %u must be 0 for the depth/stencil format %s", depth, d->name);
    KTX2_RULE(f->face_count != 1 && f->face_count != 6, err, "KTX 2.0 §3.6 faceCount",
              "faceCount %u is neither 1 nor 6", f->face_count);
    const bool cube = f->face_count == 6;
    KTX2_RULE(cube && width != height, err, "KTX 2.0 §3.6 faceCount",
              "cube map pixelWidth %u and pixelHeight %u must be equal", width, height);
    KTX2_RULE(cube && depth != 0, err, "KTX 2.0 §3.6 faceCount", "cube map pixelDepth %u must be 0",
              depth);
    /* KTX 2.0 §3.7 levelCount */
    const uint32_t chain = chain_length(width, height, depth);
    KTX2_RULE(f->level_count > chain, err, "KTX 2.0 §3.7 levelCount",
              "levelCount %u exceeds the %u levels a %ux%ux%u image can have", f->level_count,
              chain, width, height, depth);
    KTX2_RULE(block_compressed && f->level_count == 0, err, "KTX 2.0 §3.7 levelCount",
              "levelCount 0 (generate the levels) for the block-compressed format %s", vk_name);
    f->levels = tuB_max_u32(1, f->level_count);
    const uint64_t index_end = KTX2_HEADER_SIZE + (uint64_t)KTX2_LEVEL_SIZE * f->levels;
    KTX2_RULE(index_end > size, err, "KTX 2.0 §2 File Structure",
              "the file of %zu bytes is truncated: the level index of %u levels ends at byte "
              "%llu",
              size, f->levels, (unsigned long long)index_end);

    /* KTX 2.0 §3.9 Index */
    KTX2_RULE(f->dfd_byte_length == 0 || f->dfd_byte_offset == 0, err,
              "KTX 2.0 §3.9.1 dfdByteOffset",
              "the data format descriptor is missing (dfdByteOffset %u, dfdByteLength %u)",
              f->dfd_byte_offset, f->dfd_byte_length);
    KTX2_RULE(f->dfd_byte_offset != index_end, err, "KTX 2.0 §3.9.1 dfdByteOffset",
              "dfdByteOffset %u is not %llu, the end of the level index", f->dfd_byte_offset,
              (unsigned long long)index_end);
    KTX2_RULE(!range_inside(f->dfd_byte_offset, f->dfd_byte_length, size), err,
              "KTX 2.0 §3.9.2 dfdByteLength",
              "the data format descriptor (dfdByteOffset %u, dfdByteLength %u) lies outside "
              "the file of %zu bytes",
              f->dfd_byte_offset, f->dfd_byte_length, size);
    const uint64_t dfd_end = (uint64_t)f->dfd_byte_offset + f->dfd_byte_length;
    KTX2_RULE(f->kvd_byte_length == 0 && f->kvd_byte_offset != 0, err,
              "KTX 2.0 §3.9.3 kvdByteOffset", "kvdByteOffset %u with kvdByteLength 0: it must be 0",
              f->kvd_byte_offset);
    KTX2_RULE(f->kvd_byte_length != 0 && f->kvd_byte_offset != dfd_end, err,
              "KTX 2.0 §3.9.3 kvdByteOffset",
              "kvdByteOffset %u is not %llu, the end of the data format descriptor",
              f->kvd_byte_offset, (unsigned long long)dfd_end);
    KTX2_RULE(!range_inside(f->kvd_byte_offset, f->kvd_byte_length, size), err,
              "KTX 2.0 §3.9.4 kvdByteLength",
              "the key/value data (kvdByteOffset %u, kvdByteLength %u) lies outside the file of "
              "%zu bytes",
              f->kvd_byte_offset, f->kvd_byte_length, size);
    const uint64_t meta_end =
        f->kvd_byte_length ? (uint64_t)f->kvd_byte_offset + f->kvd_byte_length : dfd_end;
    const bool global_data = scheme == KTX2_SS_BASISLZ || scheme == KTX2_SS_UASTC_HDR_6X6;
    KTX2_RULE(f->sgd_byte_length == 0 && f->sgd_byte_offset != 0, err,
              "KTX 2.0 §3.9.5 sgdByteOffset",
              "sgdByteOffset %llu with sgdByteLength 0: it must be 0",
              (unsigned long long)f->sgd_byte_offset);
    KTX2_RULE(global_data && f->sgd_byte_length == 0, err, "KTX 2.0 §3.9.6 sgdByteLength",
              "sgdByteLength 0: %s supercompression has global data",
              supercompression_name(scheme));
    KTX2_RULE(!global_data && scheme < 0x10000 && f->sgd_byte_length != 0, err,
              "KTX 2.0 §3.9.6 sgdByteLength",
              "sgdByteLength %llu: supercompressionScheme %u (%s) has no global data",
              (unsigned long long)f->sgd_byte_length, scheme, supercompression_name(scheme));
    uint64_t sgd_expected;
    align_up(meta_end, 8, &sgd_expected);
    KTX2_RULE(f->sgd_byte_length != 0 && f->sgd_byte_offset != sgd_expected, err,
              "KTX 2.0 §3.9.5 sgdByteOffset",
              "sgdByteOffset %llu is not %llu, the end of the key/value data aligned to 8",
              (unsigned long long)f->sgd_byte_offset, (unsigned long long)sgd_expected);
    KTX2_RULE(!range_inside(f->sgd_byte_offset, f->sgd_byte_length, size), err,
              "KTX 2.0 §3.9.6 sgdByteLength",
              "the supercompression global data (sgdByteOffset %llu, sgdByteLength %llu) lies "
              "outside the file of %zu bytes",
              (unsigned long long)f->sgd_byte_offset, (unsigned long long)f->sgd_byte_length, size);
    const uint64_t data_start =
        f->sgd_byte_length ? f->sgd_byte_offset + f->sgd_byte_length : meta_end;

    /* KTX 2.0 §3.10 Data Format Descriptor */
    dfd_view v = {0};
    TU_TRY(check_dfd(p + f->dfd_byte_offset, f->dfd_byte_length, scheme, &v, err));
    KTX2_RULE(vk_name && strstr(vk_name, "_422_") && v.model != 2, err,
              "KTX 2.0 §3.10.1 Restrictions",
              "colorModel %u for the 4:2:2 format %s: it must be YUVSDA (2)", v.model, vk_name);
    /* the transfer function the format's name implies (Vulkan: _SRGB formats are
     * sRGB-encoded; a _UNORM format with an _SRGB twin is not) */
    const bool srgb = vk_name && strstr(vk_name, "_SRGB") != NULL;
    KTX2_RULE(srgb && v.transfer != KHR_DF_TRANSFER_SRGB, err,
              "KTX 2.0 §3.10.2 Use of Transfer Functions",
              "transferFunction %u for the sRGB format %s: it must be SRGB (2)", v.transfer,
              vk_name);
    KTX2_RULE(!srgb && v.transfer == KHR_DF_TRANSFER_SRGB && vk_has_srgb_twin(vk), err,
              "KTX 2.0 §3.10.2 Use of Transfer Functions",
              "transferFunction SRGB for %s, which has an _SRGB twin", vk_name);
    if (d) {
        dfd_sample want[MAX_DFD_SAMPLES];
        uint8_t shift[4];
        file_shifts(d, shift);
        const bool compressed = d->flags & TU_FORMAT_FLAG_COMPRESSED;
        const unsigned n = compressed ? block_samples(d, want) : dfd_samples(d, shift, want);
        const unsigned model =
            compressed ? block_dfd[block_info(d)->codec].model : KHR_DF_MODEL_RGBSDA;
        const bool uastc_hdr = vk == 1000066000u && v.model == KHR_DF_MODEL_UASTC_HDR_4X4;
        KTX2_RULE(v.model != model && !uastc_hdr, err, "KTX 2.0 §3.10.1 Restrictions",
                  "colorModel %u does not describe %s (colorModel %u)", v.model, d->name, model);
        KTX2_RULE(v.block_w != d->block_width || v.block_h != d->block_height || v.block_d != 1,
                  err, "KTX 2.0 §3.10.1 Restrictions",
                  "texelBlockDimension %ux%ux%u is not the %ux%ux1 of %s", v.block_w, v.block_h,
                  v.block_d, d->block_width, d->block_height, d->name);
        KTX2_RULE(scheme == 0 && v.bytes != d->bytes, err, "KTX 2.0 §3.10.1 Restrictions",
                  "bytesPlane0 %u is not the %u bytes of a %s texel block", v.bytes, d->bytes,
                  d->name);
        KTX2_RULE(!uastc_hdr && v.samples != n, err, "KTX 2.0 §3.10.1 Restrictions",
                  "%u samples: %s has %u", v.samples, d->name, n);
        for (unsigned s = 0; s < n && !uastc_hdr; s++) {
            const uint32_t w0 = sample_word(&v, s, 0);
            const uint32_t mask = 0xFFFFFFFFu & ~((uint32_t)KHR_DF_SAMPLE_DATATYPE_LINEAR << 24);
            const uint32_t expect = (uint32_t)want[s].bit_offset |
                                    (uint32_t)want[s].bit_length_minus_1 << 16 |
                                    (uint32_t)want[s].channel_type << 24;
            KTX2_RULE((w0 & mask) != (expect & mask), err, "KTX 2.0 §3.10.1 Restrictions",
                      "sample %u (bitOffset %u, bitLength %u, channel 0x%02x) is not %s's "
                      "(bitOffset %u, bitLength %u, channel 0x%02x)",
                      s, w0 & 0xFFFF, ((w0 >> 16) & 0xFF) + 1u, w0 >> 24, d->name,
                      want[s].bit_offset, want[s].bit_length_minus_1 + 1u, want[s].channel_type);
        }
    }

    /* KTX 2.0 §3.9.7 Level Index, §3.13 Mip Level Array: each level's byte count and place */
    if (v.bytes == 0 && d && scheme != 0) v.bytes = d->bytes; /* unsized, before KTX 2.0.4 */
    const bool have_bytes = v.bytes != 0 && scheme != KTX2_SS_BASISLZ &&
                            scheme != KTX2_SS_UASTC_HDR_6X6 && scheme < 0x10000;
    const uint32_t align = scheme == 0 ? lcm_4(tuB_max_u32(1, v.bytes)) : 1;
    const uint64_t layers = (uint64_t)tuB_max_u32(1, f->layer_count) * f->face_count;
    uint64_t expected_offset;
    align_up(data_start, align, &expected_offset);
    for (uint32_t L = 0; L < f->levels; L++) {
        const uint8_t *e = p + KTX2_HEADER_SIZE + (size_t)KTX2_LEVEL_SIZE * L;
        f->level[L].byte_offset = tuB_load_le64(e);
        f->level[L].byte_length = tuB_load_le64(e + 8);
        f->level[L].uncompressed_byte_length = tuB_load_le64(e + 16);
    }
    for (uint32_t L = 0; L < f->levels; L++) {
        const tu_ktx2_level_entry *lv = &f->level[L];
        uint64_t expected = 0;
        const uint32_t w = tuB_max_u32(1, width >> L), h = tuB_max_u32(1, height >> L),
                       z = tuB_max_u32(1, depth >> L);
        const bool fits = tuB_mul_u64((uint64_t)((w + v.block_w - 1) / v.block_w) *
                                          ((h + v.block_h - 1) / v.block_h),
                                      (z + v.block_d - 1) / v.block_d, &expected) &&
                          tuB_mul_u64(expected, v.bytes, &expected) &&
                          tuB_mul_u64(expected, layers, &expected);
        KTX2_RULE(!range_inside(lv->byte_offset, lv->byte_length, size), err,
                  "KTX 2.0 §3.9.7.1 levels[p].byteOffset",
                  "level %u data (byteOffset %llu, byteLength %llu) lies outside the file of %zu "
                  "bytes",
                  L, (unsigned long long)lv->byte_offset, (unsigned long long)lv->byte_length,
                  size);
        if (L > 0)
            KTX2_RULE(lv->byte_offset > f->level[L - 1].byte_offset, err,
                      "KTX 2.0 §3.13.1 levelImages",
                      "level %u (byteOffset %llu) lies after level %u (byteOffset %llu): levels "
                      "are stored smallest first",
                      L, (unsigned long long)lv->byte_offset, L - 1,
                      (unsigned long long)f->level[L - 1].byte_offset);
        KTX2_RULE(lv->byte_offset % align != 0, err, "KTX 2.0 §3.13.2 mipPadding",
                  "level %u byteOffset %llu is not a multiple of %u", L,
                  (unsigned long long)lv->byte_offset, align);
        if (scheme == 0 && have_bytes) {
            KTX2_RULE(!fits || lv->byte_length != expected, err,
                      "KTX 2.0 §3.9.7.2 levels[p].byteLength",
                      "level %u byteLength %llu is not the %llu bytes of its texel blocks", L,
                      (unsigned long long)lv->byte_length, (unsigned long long)expected);
            KTX2_RULE(lv->uncompressed_byte_length != lv->byte_length, err,
                      "KTX 2.0 §3.9.7.3 levels[p].uncompressedByteLength",
                      "level %u uncompressedByteLength %llu differs from its byteLength %llu in a "
                      "file without supercompression",
                      L, (unsigned long long)lv->uncompressed_byte_length,
                      (unsigned long long)lv->byte_length);
        } else if (scheme == KTX2_SS_BASISLZ) {
            KTX2_RULE(lv->uncompressed_byte_length != 0, err,
                      "KTX 2.0 §3.9.7.3 levels[p].uncompressedByteLength",
                      "level %u uncompressedByteLength %llu: it is 0 under BasisLZ", L,
                      (unsigned long long)lv->uncompressed_byte_length);
        } else if (scheme < 0x10000 && scheme != KTX2_SS_UASTC_HDR_6X6) {
            KTX2_RULE(lv->uncompressed_byte_length == 0, err,
                      "KTX 2.0 §3.9.7.3 levels[p].uncompressedByteLength",
                      "level %u uncompressedByteLength is 0", L);
            KTX2_RULE(lv->uncompressed_byte_length % layers != 0, err,
                      "KTX 2.0 §3.9.7.3 levels[p].uncompressedByteLength",
                      "level %u uncompressedByteLength %llu does not divide among %llu layers "
                      "and faces",
                      L, (unsigned long long)lv->uncompressed_byte_length,
                      (unsigned long long)layers);
            KTX2_RULE(have_bytes && (!fits || lv->uncompressed_byte_length != expected), err,
                      "KTX 2.0 §3.9.7.3 levels[p].uncompressedByteLength",
                      "level %u uncompressedByteLength %llu is not the %llu bytes of its texel "
                      "blocks",
                      L, (unsigned long long)lv->uncompressed_byte_length,
                      (unsigned long long)expected);
        }
    }
    /* Smallest level first, each right after the one before (with its mipPadding). */
    for (uint32_t L = f->levels; L-- > 0;) {
        const tu_ktx2_level_entry *lv = &f->level[L];
        KTX2_RULE(lv->byte_offset != expected_offset, err, "KTX 2.0 §3.9.7.1 levels[p].byteOffset",
                  "level %u byteOffset %llu is not %llu, where the level before it in the file "
                  "ends (aligned to %u)",
                  L, (unsigned long long)lv->byte_offset, (unsigned long long)expected_offset,
                  align);
        align_up(lv->byte_offset + lv->byte_length, align, &expected_offset);
    }

    /* KTX 2.0 §3.11 Key/Value Data */
    TU_TRY(check_kvd(p + f->kvd_byte_offset, f->kvd_byte_length, f, d && is_depth_stencil(d), err));

    f->dfd = malloc(f->dfd_byte_length);
    f->kvd = f->kvd_byte_length ? malloc(f->kvd_byte_length) : NULL;
    TU_RETURN_IF(!f->dfd || (f->kvd_byte_length && !f->kvd), err, TU_OUT_OF_MEMORY,
                 "could not allocate %u bytes for the KTX2 metadata",
                 f->dfd_byte_length + f->kvd_byte_length);
    memcpy(f->dfd, p + f->dfd_byte_offset, f->dfd_byte_length);
    if (f->kvd) memcpy(f->kvd, p + f->kvd_byte_offset, f->kvd_byte_length);
    return TU_OK;
}

void tu_ktx2_file_free(tu_ktx2_file *f) {
    if (!f) return;
    free(f->dfd);
    free(f->kvd);
    memset(f, 0, sizeof *f);
}

tu_status tu_ktx2_inspect(const void *bytes, size_t size, tu_ktx2_file *f, tu_error *err) {
    TU_RETURN_IF(!f, err, TU_INVALID_ARGUMENT, "KTX2 file description is NULL");
    memset(f, 0, sizeof *f);
    TU_RETURN_IF(!bytes && size != 0, err, TU_INVALID_ARGUMENT,
                 "KTX2 bytes are NULL but size is %zu", size);
    const uint8_t *p = bytes;
    KTX2_RULE(size < sizeof ktx2_identifier ||
                  memcmp(p, ktx2_identifier, sizeof ktx2_identifier) != 0,
              err, "KTX 2.0 §3.1 identifier",
              "not a KTX2 file: the file does not start with the 12-byte identifier "
              "\xC2\xABKTX 20\xC2\xBB\\r\\n\\x1A\\n");
    KTX2_RULE(size < KTX2_HEADER_SIZE, err, "KTX 2.0 §2 File Structure",
              "the file of %zu bytes is truncated: the header and index need %d bytes", size,
              KTX2_HEADER_SIZE);
    f->vk_format = tuB_load_le32(p + KTX2_VK_FORMAT);
    f->type_size = tuB_load_le32(p + KTX2_TYPE_SIZE);
    f->pixel_width = tuB_load_le32(p + KTX2_PIXEL_WIDTH);
    f->pixel_height = tuB_load_le32(p + KTX2_PIXEL_HEIGHT);
    f->pixel_depth = tuB_load_le32(p + KTX2_PIXEL_DEPTH);
    f->layer_count = tuB_load_le32(p + KTX2_LAYER_COUNT);
    f->face_count = tuB_load_le32(p + KTX2_FACE_COUNT);
    f->level_count = tuB_load_le32(p + KTX2_LEVEL_COUNT);
    f->supercompression_scheme = tuB_load_le32(p + KTX2_SUPERCOMPRESSION);
    f->dfd_byte_offset = tuB_load_le32(p + KTX2_DFD_OFFSET);
    f->dfd_byte_length = tuB_load_le32(p + KTX2_DFD_LENGTH);
    f->kvd_byte_offset = tuB_load_le32(p + KTX2_KVD_OFFSET);
    f->kvd_byte_length = tuB_load_le32(p + KTX2_KVD_LENGTH);
    f->sgd_byte_offset = tuB_load_le64(p + KTX2_SGD_OFFSET);
    f->sgd_byte_length = tuB_load_le64(p + KTX2_SGD_LENGTH);
    const tu_status st = inspect_fields(p, size, f, err);
    if (st != TU_OK) tu_ktx2_file_free(f);
    return st;
}

/* --- reader: the texels ------------------------------------------------------------------ */

/* Inflate `length` bytes at src into the `want` bytes at dst with the file's scheme
 * (KTX 2.0 §3.8.1.2 Zstandard, §3.8.1.3 ZLIB: each level compressed on its own). */
static tu_status inflate_level(uint32_t scheme, uint32_t L, const uint8_t *src, uint64_t length,
                               uint8_t *dst, uint64_t want, tu_error *err) {
#if TEXUNIT_HAVE_ZSTD
    if (scheme == KTX2_SS_ZSTD) {
        const size_t got = ZSTD_decompress(dst, (size_t)want, src, (size_t)length);
        TU_RETURN_IF(ZSTD_isError(got), err, TU_PARSE_ERROR,
                     "KTX 2.0 §3.8.1.2 Zstandard: level %u does not decompress: %s", L,
                     ZSTD_getErrorName(got));
        TU_RETURN_IF(got != want, err, TU_PARSE_ERROR,
                     "KTX 2.0 §3.9.7.3 levels[p].uncompressedByteLength: level %u decompresses "
                     "to %zu bytes, not %llu",
                     L, got, (unsigned long long)want);
        return TU_OK;
    }
#endif
#if TEXUNIT_HAVE_ZLIB
    if (scheme == KTX2_SS_ZLIB) {
        uLongf got = (uLongf)want;
        const int rc = uncompress(dst, &got, src, (uLong)length);
        TU_RETURN_IF(rc == Z_BUF_ERROR, err, TU_PARSE_ERROR,
                     "KTX 2.0 §3.9.7.3 levels[p].uncompressedByteLength: level %u decompresses "
                     "to more than %llu bytes",
                     L, (unsigned long long)want);
        TU_RETURN_IF(rc != Z_OK, err, TU_PARSE_ERROR,
                     "KTX 2.0 §3.8.1.3 ZLIB: level %u does not decompress: %s", L,
                     rc == Z_DATA_ERROR ? "corrupt or incomplete data" : "out of memory");
        TU_RETURN_IF(got != want, err, TU_PARSE_ERROR,
                     "KTX 2.0 §3.9.7.3 levels[p].uncompressedByteLength: level %u decompresses "
                     "to %lu bytes, not %llu",
                     L, (unsigned long)got, (unsigned long long)want);
        return TU_OK;
    }
#endif
    (void)L, (void)src, (void)length, (void)dst, (void)want;
    return tuB_fail(err, TU_UNSUPPORTED,
                    "KTX2 supercompressionScheme %u (%s): texunit was built without %s", scheme,
                    supercompression_name(scheme), scheme == KTX2_SS_ZSTD ? "libzstd" : "zlib");
}

/* Refuse what texunit cannot hold, naming what it lacks, and describe the texture in *desc. */
static tu_status describe(const tu_ktx2_file *f, tu_surface *desc, tu_error *err) {
    const uint32_t scheme = f->supercompression_scheme, vk = f->vk_format;
    TU_RETURN_IF(scheme == KTX2_SS_BASISLZ, err, TU_UNSUPPORTED,
                 "KTX2 supercompressionScheme 1 (BasisLZ): ETC1S data needs the Basis Universal "
                 "transcoder, which texunit does not have");
    TU_RETURN_IF(scheme == KTX2_SS_UASTC_HDR_6X6, err, TU_UNSUPPORTED,
                 "KTX2 supercompressionScheme 4 (UASTC HDR 6x6 intermediate) needs the Basis "
                 "Universal transcoder, which texunit does not have");
    TU_RETURN_IF(scheme >= 0x10000, err, TU_UNSUPPORTED,
                 "KTX2 supercompressionScheme 0x%x is a vendor scheme texunit does not know",
                 scheme);
    const uint8_t model = f->dfd_byte_length >= 4 + 12 ? f->dfd[4 + 8] : 0;
    TU_RETURN_IF(vk == 0 && model == KHR_DF_MODEL_UASTC, err, TU_UNSUPPORTED,
                 "KTX2 UASTC LDR 4x4 texture (vkFormat 0, colorModel 166) needs the Basis "
                 "Universal transcoder, which texunit does not have");
    TU_RETURN_IF(vk == 0, err, TU_UNSUPPORTED,
                 "KTX2 vkFormat 0 (VK_FORMAT_UNDEFINED) with colorModel %u: a format only the "
                 "data format descriptor describes, which texunit does not read",
                 model);
    const tu_format format = tu_format_from_vk(vk);
    const char *vk_name = tu_vk_format_name(vk);
    TU_RETURN_IF(format == TU_FORMAT_UNDEFINED && !vk_name, err, TU_UNSUPPORTED,
                 "KTX2 vkFormat %u is not a VkFormat of Vulkan 1.3 core or of the extensions "
                 "KTX2 lists",
                 vk);
    TU_RETURN_IF(format == TU_FORMAT_UNDEFINED, err, TU_UNSUPPORTED,
                 "KTX2 vkFormat %s (%u) is not supported: %s", vk_name, vk,
                 tu_vk_format_refusal(vk));
    const bool cube = f->face_count == 6;
    const bool is_3d = !cube && f->pixel_depth != 0;
    TU_RETURN_IF(is_3d && f->layer_count != 0, err, TU_UNSUPPORTED,
                 "KTX2 3D array texture (layerCount %u, pixelDepth %u) is not supported: texunit "
                 "has no 3D array surfaces",
                 f->layer_count, f->pixel_depth);
    TU_RETURN_IF(f->pixel_width > TU_MAX_DIMENSION, err, TU_UNSUPPORTED,
                 "KTX2 pixelWidth %u exceeds texunit's limit %u", f->pixel_width, TU_MAX_DIMENSION);
    TU_RETURN_IF(f->pixel_height > TU_MAX_DIMENSION, err, TU_UNSUPPORTED,
                 "KTX2 pixelHeight %u exceeds texunit's limit %u", f->pixel_height,
                 TU_MAX_DIMENSION);
    TU_RETURN_IF(f->pixel_depth > TU_MAX_DIMENSION, err, TU_UNSUPPORTED,
                 "KTX2 pixelDepth %u exceeds texunit's limit %u", f->pixel_depth, TU_MAX_DIMENSION);
    const uint64_t layers = (uint64_t)tuB_max_u32(1, f->layer_count) * f->face_count;
    TU_RETURN_IF(layers > TU_MAX_LAYERS, err, TU_UNSUPPORTED,
                 "KTX2 layerCount %u with faceCount %u makes %llu layers, beyond texunit's limit "
                 "%u",
                 f->layer_count, f->face_count, (unsigned long long)layers, TU_MAX_LAYERS);
    TU_RETURN_IF(f->levels > TU_MAX_LEVELS, err, TU_UNSUPPORTED,
                 "KTX2 levelCount %u exceeds texunit's limit %u", f->levels, TU_MAX_LEVELS);
    memset(desc, 0, sizeof *desc);
    desc->type = cube                   ? TU_SURFACE_CUBE
                 : is_3d                ? TU_SURFACE_3D
                 : f->pixel_height == 0 ? TU_SURFACE_1D
                                        : TU_SURFACE_2D;
    desc->arrayed = f->layer_count > 0;
    desc->format = format;
    desc->width = f->pixel_width;
    desc->height = tuB_max_u32(1, f->pixel_height);
    desc->depth = is_3d ? f->pixel_depth : 1;
    desc->layers = (uint32_t)layers;
    desc->levels = f->levels;
    desc->samples = 1;
    return TU_OK;
}

static tu_status read_levels(const uint8_t *p, const tu_ktx2_file *f, tu_image *out,
                             tu_error *err) {
    const tu_format_desc *d = tu_format_describe(out->surface.format);
    uint8_t shift[4];
    const bool repack = file_shifts(d, shift);
    uint8_t *memory = out->memory;
    uint8_t *staging = NULL;
    tu_status st = TU_OK;
    for (uint32_t L = 0; L < f->levels && st == TU_OK; L++) {
        /* The packed layout of level L is exactly the KTX2 level (tu_ktx2_inspect checked that
         * its (uncompressed) byte length is its size), so it lies within the image's memory. */
        uint8_t *dst = memory + out->surface.level[L].offset;
        const tu_ktx2_level_entry *lv = &f->level[L];
        const uint8_t *src = p + lv->byte_offset;
        const uint64_t bytes =
            f->supercompression_scheme ? lv->uncompressed_byte_length : lv->byte_length;
        if (f->supercompression_scheme) {
            uint8_t *target = dst;
            if (repack) {
                free(staging);
                staging = malloc((size_t)bytes);
                if (!staging)
                    return tuB_fail(err, TU_OUT_OF_MEMORY,
                                    "could not allocate %llu bytes to decompress KTX2 level %u",
                                    (unsigned long long)bytes, L);
                target = staging;
            }
            st = inflate_level(f->supercompression_scheme, L, src, lv->byte_length, target, bytes,
                               err);
            src = target;
        }
        if (st != TU_OK) break;
        if (repack) {
            uint8_t mem_shift[4];
            for (unsigned i = 0; i < 4; i++)
                mem_shift[i] = d->channels[i].shift;
            repack_texels(d, shift, mem_shift, src, dst, bytes / d->bytes);
        } else if (src != dst) {
            memcpy(dst, src, (size_t)bytes);
        }
    }
    free(staging);
    return st;
}

tu_status tu_ktx2_read_memory_file(const void *bytes, size_t size, tu_image *out,
                                   tu_ktx2_file *file, tu_error *err) {
    TU_RETURN_IF(!out, err, TU_INVALID_ARGUMENT, "output image is NULL");
    memset(out, 0, sizeof *out);
    if (file) memset(file, 0, sizeof *file);
    tu_ktx2_file f;
    TU_TRY(tu_ktx2_inspect(bytes, size, &f, err));
    tu_surface desc;
    tu_status st = describe(&f, &desc, err);
    if (st == TU_OK) {
        tu_error inner = {TU_OK, ""};
        st = tu_image_create(out, &desc, &inner);
        if (st == TU_INVALID_ARGUMENT)
            st = tuB_fail(err, TU_UNSUPPORTED,
                          "KTX2 file describes a texture texunit cannot represent: %s",
                          inner.message);
        else if (st != TU_OK)
            st = tuB_fail(err, st, "%s", inner.message);
    }
    if (st == TU_OK) st = read_levels(bytes, &f, out, err);
    if (st != TU_OK) tu_image_free(out);
    if (st == TU_OK && file)
        *file = f;
    else
        tu_ktx2_file_free(&f);
    return st;
}

tu_status tu_ktx2_read_memory(const void *bytes, size_t size, tu_image *out, tu_error *err) {
    return tu_ktx2_read_memory_file(bytes, size, out, NULL, err);
}

/* --- writer ------------------------------------------------------------------------------ */

/* Copy the blocks of memory level L (w x h x z texels, every layer) of s into dst in the
 * file's order: layers, z slices, block rows, block columns. Blocks on non-resident pages
 * are written as zero. */
static tu_status copy_blocks(const tu_surface *s, const tu_format_desc *d, uint32_t L, uint32_t w,
                             uint32_t h, uint32_t z, uint8_t *dst, tu_error *err) {
    for (uint32_t layer = 0; layer < s->layers; layer++)
        for (uint32_t zz = 0; zz < z; zz++)
            for (uint32_t y = 0; y < h; y += d->block_height)
                for (uint32_t x = 0; x < w; x += d->block_width, dst += d->bytes) {
                    const tu_texel_coord c = {x, y, zz, layer, L, 0};
                    uint64_t off;
                    TU_TRY(tu_surface_texel_offset(s, &c, &off, err));
                    if (tu_surface_offset_resident(s, off) &&
                        tu_surface_offset_resident(s, off + d->bytes - 1))
                        memcpy(dst, (const uint8_t *)s->data + off, d->bytes);
                    else
                        memset(dst, 0, d->bytes);
                }
    return TU_OK;
}

/*
 * Copy row (y, z, layer) of memory level L of s (a view of every level) into dst in the
 * file's field layout. Texels on non-resident pages are written as zero, as the engine
 * reads them (texunit/surface.h, tu_residency).
 */
static tu_status copy_row(const tu_surface *s, const tu_format_desc *d, uint32_t L, uint32_t y,
                          uint32_t z, uint32_t layer, uint32_t w, bool repack,
                          const uint8_t shift[4], uint8_t *dst, tu_error *err) {
    const uint8_t *base = s->data;
    uint8_t mem_shift[4];
    for (unsigned i = 0; i < 4; i++)
        mem_shift[i] = d->channels[i].shift;
    tu_texel_coord c = {0, y, z, layer, L, 0};
    uint64_t first, last;
    TU_TRY(tu_surface_texel_offset(s, &c, &first, err));
    c.x = w - 1;
    TU_TRY(tu_surface_texel_offset(s, &c, &last, err));
    if (!s->residency && last - first == (uint64_t)(w - 1) * d->bytes) {
        /* The row is contiguous in memory (linear tiling). */
        if (repack)
            repack_texels(d, mem_shift, shift, base + first, dst, w);
        else
            memcpy(dst, base + first, (size_t)w * d->bytes);
        return TU_OK;
    }
    for (uint32_t x = 0; x < w; x++, dst += d->bytes) {
        uint64_t off;
        c.x = x;
        TU_TRY(tu_surface_texel_offset(s, &c, &off, err));
        if (!tu_surface_offset_resident(s, off) ||
            !tu_surface_offset_resident(s, off + d->bytes - 1)) {
            memset(dst, 0, d->bytes);
        } else if (repack) {
            repack_texels(d, mem_shift, shift, base + off, dst, 1);
        } else {
            memcpy(dst, base + off, d->bytes);
        }
    }
    return TU_OK;
}

/* Compress the `length` bytes at src with the scheme into a malloc'ed *out of *out_length bytes
 * (KTX 2.0 §3.8.1.2 Zstandard, §3.8.1.3 ZLIB). */
static tu_status deflate_level(uint32_t scheme, int level, const uint8_t *src, size_t length,
                               uint8_t **out, size_t *out_length, tu_error *err) {
    *out = NULL;
#if TEXUNIT_HAVE_ZSTD
    if (scheme == KTX2_SS_ZSTD) {
        const size_t bound = ZSTD_compressBound(length);
        *out = malloc(bound ? bound : 1);
        TU_RETURN_IF(!*out, err, TU_OUT_OF_MEMORY, "could not allocate %zu bytes for Zstandard",
                     bound);
        const size_t got = ZSTD_compress(*out, bound, src, length, level ? level : 3);
        if (ZSTD_isError(got)) {
            free(*out);
            *out = NULL;
            return tuB_fail(err, TU_INVALID_ARGUMENT, "Zstandard level %d: %s", level,
                            ZSTD_getErrorName(got));
        }
        *out_length = got;
        return TU_OK;
    }
#endif
#if TEXUNIT_HAVE_ZLIB
    if (scheme == KTX2_SS_ZLIB) {
        uLongf bound = compressBound((uLong)length);
        *out = malloc(bound ? bound : 1);
        TU_RETURN_IF(!*out, err, TU_OUT_OF_MEMORY, "could not allocate %lu bytes for ZLIB",
                     (unsigned long)bound);
        const int rc = compress2(*out, &bound, src, (uLong)length, level ? level : 6);
        if (rc != Z_OK) {
            free(*out);
            *out = NULL;
            return tuB_fail(err, TU_INVALID_ARGUMENT, "ZLIB level %d: %s", level,
                            rc == Z_STREAM_ERROR ? "not a deflate level (1..9)" : "out of memory");
        }
        *out_length = bound;
        return TU_OK;
    }
#endif
    (void)level, (void)src, (void)length, (void)out_length;
    return tuB_fail(err, TU_UNSUPPORTED,
                    "KTX2 supercompressionScheme %u (%s): texunit was built without %s", scheme,
                    supercompression_name(scheme), scheme == KTX2_SS_ZSTD ? "libzstd" : "zlib");
}

/* The bytes of memory level L of s in the file's order (KTX 2.0 §3.13.1 levelImages). */
static tu_status level_bytes(const tu_surface *all, const tu_format_desc *d, uint32_t L,
                             bool repack, const uint8_t shift[4], uint8_t *dst, tu_error *err) {
    uint32_t w, h, z;
    tu_surface_level_extent(all, L, &w, &h, &z);
    if (d->flags & TU_FORMAT_FLAG_COMPRESSED) return copy_blocks(all, d, L, w, h, z, dst, err);
    const size_t row = (size_t)w * d->bytes;
    for (uint32_t layer = 0; layer < all->layers; layer++)
        for (uint32_t zz = 0; zz < z; zz++)
            for (uint32_t y = 0; y < h; y++, dst += row)
                TU_TRY(copy_row(all, d, L, y, zz, layer, w, repack, shift, dst, err));
    return TU_OK;
}

static void free_levels(uint8_t *data[TU_MAX_LEVELS], uint32_t n) {
    for (uint32_t i = 0; i < n; i++)
        free(data[i]);
}

tu_status tu_ktx2_write_memory_with(const tu_surface *s, const tu_ktx2_write_options *opt,
                                    void **bytes, size_t *size, tu_error *err) {
    TU_RETURN_IF(!bytes || !size, err, TU_INVALID_ARGUMENT,
                 "KTX2 output pointer and size must not be NULL");
    *bytes = NULL;
    *size = 0;
    TU_RETURN_IF(!s, err, TU_INVALID_ARGUMENT, "surface is NULL");
    TU_TRY(tu_surface_validate(s, err));
    TU_RETURN_IF(s->samples > 1, err, TU_UNSUPPORTED,
                 "surface samples %u: KTX2 cannot hold multisample images", s->samples);
    const tu_format_desc *d = tu_format_describe(s->format);
    TU_RETURN_IF(d->vk_format == 0, err, TU_UNSUPPORTED,
                 "surface format %s: KTX2 cannot hold it, it has no VkFormat (an Intel hardware "
                 "format)",
                 d->name);
    TU_RETURN_IF(vk_is_prohibited(d->vk_format), err, TU_UNSUPPORTED,
                 "surface format %s: KTX 2.0 §3.2 vkFormat prohibits it in KTX2 files", d->name);
    TU_RETURN_IF(s->type == TU_SURFACE_3D && is_depth_stencil(d), err, TU_UNSUPPORTED,
                 "surface type 3D: KTX2 has no 3D textures of the depth/stencil format %s "
                 "(its pixelDepth must be 0)",
                 d->name);
    TU_RETURN_IF((s->type == TU_SURFACE_1D || s->type == TU_SURFACE_BUFFER) &&
                     vk_is_block_compressed(d->vk_format),
                 err, TU_UNSUPPORTED,
                 "surface type 1D: KTX2 has no 1D textures of the block-compressed format %s "
                 "(KTX 2.0 §3.4: their pixelHeight must not be 0)",
                 d->name);
    const tu_ktx2_write_options none = {0, 0, NULL};
    if (!opt) opt = &none;
    const uint32_t scheme = opt->supercompression;
    TU_RETURN_IF(scheme != 0 && scheme != KTX2_SS_ZSTD && scheme != KTX2_SS_ZLIB, err,
                 TU_UNSUPPORTED,
                 "KTX2 supercompressionScheme %u (%s): texunit writes 0 (none), 2 (Zstandard) "
                 "and 3 (ZLIB)",
                 scheme, supercompression_name(scheme));
    const tu_ktx2_file *keep = opt->keep;

    /* Every memory level, whatever the view (io.h). */
    tu_surface all = *s;
    all.base_level = 0;
    all.level_count = s->levels;
    uint8_t shift[4];
    const bool repack = file_shifts(d, shift);

    /* The data format descriptor and key/value data: the kept file's, or KTX-Software's. */
    uint8_t dfd_new[4 + KHR_DF_BASIC_BLOCK_HEADER + KHR_DF_SAMPLE_SIZE * MAX_DFD_SAMPLES];
    const uint8_t *dfd = dfd_new;
    uint32_t dfd_length;
    const bool keep_dfd = keep && keep->dfd && keep->vk_format == d->vk_format &&
                          keep->dfd_byte_length >= 4 + KHR_DF_BASIC_BLOCK_HEADER;
    uint8_t *dfd_kept = NULL;
    if (keep_dfd) {
        dfd_length = keep->dfd_byte_length;
        dfd_kept = malloc(dfd_length);
        TU_RETURN_IF(!dfd_kept, err, TU_OUT_OF_MEMORY, "could not allocate %u bytes", dfd_length);
        memcpy(dfd_kept, keep->dfd, dfd_length);
        /* bytesPlane0 is the block size in a file of levels as they are (KTX 2.0 §3.10.1) */
        if (scheme == 0 && dfd_kept[4 + 16] == 0) dfd_kept[4 + 16] = d->bytes;
        dfd = dfd_kept;
    } else {
        dfd_sample samples[MAX_DFD_SAMPLES] = {{0}};
        const unsigned n_samples = (d->flags & TU_FORMAT_FLAG_COMPRESSED)
                                       ? block_samples(d, samples)
                                       : dfd_samples(d, shift, samples);
        write_dfd(dfd_new, d, samples, n_samples);
        dfd_length = dfd_size(n_samples);
    }
    uint8_t kv_new[4 + sizeof ktx2_writer_key + sizeof ktx2_writer_value + 3] = {0};
    const uint32_t kv_pair = (uint32_t)(sizeof ktx2_writer_key + sizeof ktx2_writer_value);
    const uint8_t *kvd = kv_new;
    uint32_t kvd_length = (4 + kv_pair + 3) & ~3u;
    if (keep) {
        kvd = keep->kvd;
        kvd_length = keep->kvd ? keep->kvd_byte_length : 0;
    } else {
        tuB_store_le32(kv_new, kv_pair);
        memcpy(kv_new + 4, ktx2_writer_key, sizeof ktx2_writer_key);
        memcpy(kv_new + 4 + sizeof ktx2_writer_key, ktx2_writer_value, sizeof ktx2_writer_value);
    }

    const bool cube = s->type == TU_SURFACE_CUBE;
    const uint32_t faces = cube ? 6 : 1;
    const uint32_t n = s->levels;

    /* Each level's bytes, compressed when asked. */
    uint8_t *data[TU_MAX_LEVELS] = {0};
    uint64_t raw_length[TU_MAX_LEVELS], data_length[TU_MAX_LEVELS];
    tu_status st = TU_OK;
    for (uint32_t i = 0; i < n && st == TU_OK; i++) {
        uint32_t w, h, z;
        tu_surface_level_extent(&all, i, &w, &h, &z);
        uint64_t len;
        const bool ok = tuB_mul_u64(elements(d, w, h), z, &len) &&
                        tuB_mul_u64(len, d->bytes, &len) && tuB_mul_u64(len, s->layers, &len) &&
                        len <= SIZE_MAX;
        if (!ok) {
            st = tuB_fail(err, TU_INVALID_ARGUMENT, "surface level %u: too large for KTX2", i);
            break;
        }
        raw_length[i] = data_length[i] = len;
        data[i] = malloc(len ? (size_t)len : 1);
        if (!data[i]) {
            st = tuB_fail(err, TU_OUT_OF_MEMORY, "could not allocate %llu bytes for level %u",
                          (unsigned long long)len, i);
            break;
        }
        st = level_bytes(&all, d, i, repack, shift, data[i], err);
        if (st == TU_OK && scheme != 0) {
            uint8_t *packed;
            size_t packed_length = 0;
            st = deflate_level(scheme, opt->level, data[i], (size_t)len, &packed, &packed_length,
                               err);
            if (st == TU_OK) {
                free(data[i]);
                data[i] = packed;
                data_length[i] = packed_length;
            }
        }
    }

    /* Sections in file order: header, level index, DFD, key/value data, then the levels
     * smallest first, each aligned to lcm(texel size, 4) without supercompression and to 1
     * with it (KTX 2.0 §2 File Structure, §3.13.2 mipPadding). */
    const uint64_t dfd_offset = KTX2_HEADER_SIZE + (uint64_t)KTX2_LEVEL_SIZE * n;
    const uint64_t kvd_offset = dfd_offset + dfd_length;
    const uint32_t align = scheme == 0 ? lcm_4(d->bytes) : 1;
    uint64_t level_offset[TU_MAX_LEVELS];
    uint64_t end = kvd_offset + kvd_length;
    for (uint32_t i = n; i-- > 0 && st == TU_OK;)
        if (!align_up(end, align, &level_offset[i]) ||
            !tuB_add_u64(level_offset[i], data_length[i], &end))
            st = tuB_fail(err, TU_INVALID_ARGUMENT,
                          "surface level %u: the KTX2 file size overflows 64 bits", i);
    if (st == TU_OK && end > SIZE_MAX)
        st = tuB_fail(err, TU_OUT_OF_MEMORY,
                      "a KTX2 file of %llu bytes does not fit in this machine's address space",
                      (unsigned long long)end);
    uint8_t *buf = st == TU_OK ? calloc(1, (size_t)end) : NULL;
    if (st == TU_OK && !buf)
        st = tuB_fail(err, TU_OUT_OF_MEMORY, "could not allocate %llu bytes for a KTX2 file",
                      (unsigned long long)end);
    if (st != TU_OK) {
        free_levels(data, n);
        free(dfd_kept);
        return st;
    }

    memcpy(buf, ktx2_identifier, sizeof ktx2_identifier);
    tuB_store_le32(buf + KTX2_VK_FORMAT, d->vk_format);
    tuB_store_le32(buf + KTX2_TYPE_SIZE, ktx2_type_size(d));
    tuB_store_le32(buf + KTX2_PIXEL_WIDTH, s->width);
    tuB_store_le32(buf + KTX2_PIXEL_HEIGHT,
                   s->type == TU_SURFACE_1D || s->type == TU_SURFACE_BUFFER ? 0 : s->height);
    tuB_store_le32(buf + KTX2_PIXEL_DEPTH, s->type == TU_SURFACE_3D ? s->depth : 0);
    tuB_store_le32(buf + KTX2_LAYER_COUNT, s->arrayed ? s->layers / faces : 0);
    tuB_store_le32(buf + KTX2_FACE_COUNT, faces);
    tuB_store_le32(buf + KTX2_LEVEL_COUNT, n);
    tuB_store_le32(buf + KTX2_SUPERCOMPRESSION, scheme);
    tuB_store_le32(buf + KTX2_DFD_OFFSET, (uint32_t)dfd_offset);
    tuB_store_le32(buf + KTX2_DFD_LENGTH, dfd_length);
    tuB_store_le32(buf + KTX2_KVD_OFFSET, kvd_length ? (uint32_t)kvd_offset : 0);
    tuB_store_le32(buf + KTX2_KVD_LENGTH, kvd_length);
    tuB_store_le64(buf + KTX2_SGD_OFFSET, 0);
    tuB_store_le64(buf + KTX2_SGD_LENGTH, 0);
    for (uint32_t i = 0; i < n; i++) {
        uint8_t *e = buf + KTX2_HEADER_SIZE + (size_t)KTX2_LEVEL_SIZE * i;
        tuB_store_le64(e, level_offset[i]);
        tuB_store_le64(e + 8, data_length[i]);
        tuB_store_le64(e + 16, raw_length[i]);
        memcpy(buf + level_offset[i], data[i], (size_t)data_length[i]);
    }
    memcpy(buf + dfd_offset, dfd, dfd_length);
    if (kvd_length) memcpy(buf + kvd_offset, kvd, kvd_length);
    free_levels(data, n);
    free(dfd_kept);
    *bytes = buf;
    *size = (size_t)end;
    return TU_OK;
}

tu_status tu_ktx2_write_memory(const tu_surface *s, void **bytes, size_t *size, tu_error *err) {
    return tu_ktx2_write_memory_with(s, NULL, bytes, size, err);
}

/* --- files ------------------------------------------------------------------------------- */

tu_status tu_ktx2_read_file(const char *path, tu_image *out, tu_error *err) {
    TU_RETURN_IF(!out, err, TU_INVALID_ARGUMENT, "output image is NULL");
    memset(out, 0, sizeof *out);
    TU_RETURN_IF(!path, err, TU_INVALID_ARGUMENT, "KTX2 file path is NULL");
    FILE *f;
    uint64_t size;
    TU_TRY(tuI_open_regular(path, "KTX2", &f, &size, err));
    /* The size the file system gives, read whole: a file that shrinks meanwhile is an error,
     * one that grows is read as it was. */
    uint8_t *buf = size <= SIZE_MAX ? malloc(size ? (size_t)size : 1) : NULL;
    tu_status st = TU_OK;
    if (!buf)
        st = tuB_fail(err, TU_OUT_OF_MEMORY,
                      "could not allocate %llu bytes to read KTX2 file \"%s\"",
                      (unsigned long long)size, path);
    else if (fread(buf, 1, (size_t)size, f) != (size_t)size)
        st = tuB_fail(err, TU_IO_ERROR, "cannot read the %llu bytes of KTX2 file \"%s\": %s",
                      (unsigned long long)size, path,
                      ferror(f) ? strerror(errno) : "it ended early");
    fclose(f);
    if (st == TU_OK) st = tu_ktx2_read_memory(buf, (size_t)size, out, err);
    free(buf);
    return st;
}

tu_status tu_ktx2_write_file(const char *path, const tu_surface *s, tu_error *err) {
    TU_RETURN_IF(!path, err, TU_INVALID_ARGUMENT, "KTX2 file path is NULL");
    void *bytes = NULL;
    size_t size = 0;
    TU_TRY(tu_ktx2_write_memory(s, &bytes, &size, err));
    FILE *f = fopen(path, "wb");
    if (!f) {
        tu_status st =
            tuB_fail(err, TU_IO_ERROR, "cannot create KTX2 file \"%s\": %s", path, strerror(errno));
        free(bytes);
        return st;
    }
    const bool written = fwrite(bytes, 1, size, f) == size;
    const int write_errno = errno;
    const bool closed = fclose(f) == 0;
    free(bytes);
    TU_RETURN_IF(!written, err, TU_IO_ERROR, "cannot write KTX2 file \"%s\": %s", path,
                 strerror(write_errno));
    TU_RETURN_IF(!closed, err, TU_IO_ERROR, "cannot finish writing KTX2 file \"%s\": %s", path,
                 strerror(errno));
    return TU_OK;
}
