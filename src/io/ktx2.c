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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
 *   SHAREDEXP       a mantissa sample (lower 0, upper 2^(bits-1): "mantissa at 1.0")
 *                   followed by an EXPONENT sample of the same channel over the shared
 *                   exponent field (lower 0, upper = bias 2^(ebits-1) - 1), as in the KDFS
 *                   example "R9G9B9E5 shared-exponent format"
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
        case TU_NUMERIC_SHAREDEXP: s->upper = 1u << (ch->bits - 1); break;
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
            x->lower = 0;
            x->upper = (1u << (e->bits - 1)) - 1;
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
 * (dfdutils' createDFDCompressed) writes them: one sample per independent part of the block,
 * channel BC1A_COLOR 0 or BC1A_ALPHAPRESENT 1, BC2/BC3 ALPHA 15 then COLOR 0 at bit 64,
 * BC4 DATA 0, BC5 RED 0 and GREEN 1 at bit 64, BC6H / BC7 / ASTC 0 over 128 bits, ETC2 COLOR
 * 2 (RGB8, RGB8A1), ALPHA 15 then COLOR 2 at bit 64 (RGBA8), RED 0 and GREEN 1 (EAC).
 * The 4:2:2 formats: KHR_DF_MODEL_YUVSDA 2, their samples from samples_422.
 * Sample bounds: 0 .. 0xFFFFFFFF (UNORM, sRGB), SIGNED 0x80000000 .. 0x7FFFFFFF (SNORM),
 * FLOAT 0.0f .. 1.0f (UFLOAT), FLOAT | SIGNED -1.0f .. 1.0f (SFLOAT); an sRGB format's alpha
 * sample is LINEAR.
 */
static const struct {
    uint8_t model, samples, bits, channel[2];
} block_dfd[TUC_CODEC_COUNT] = {
    [TUC_BC1] = {128, 1, 64, {0, 0}},         [TUC_BC1A] = {128, 1, 64, {1, 0}},
    [TUC_BC2] = {129, 2, 64, {15, 0}},        [TUC_BC3] = {130, 2, 64, {15, 0}},
    [TUC_BC4] = {131, 1, 64, {0, 0}},         [TUC_BC5] = {132, 2, 64, {0, 1}},
    [TUC_BC6H] = {133, 1, 128, {0, 0}},       [TUC_BC7] = {134, 1, 128, {0, 0}},
    [TUC_ETC2_RGB8] = {161, 1, 64, {2, 0}},   [TUC_ETC2_RGB8A1] = {161, 1, 64, {2, 0}},
    [TUC_ETC2_RGBA8] = {161, 2, 64, {15, 2}}, [TUC_EAC_R11] = {161, 1, 64, {0, 0}},
    [TUC_EAC_RG11] = {161, 2, 64, {0, 1}},    [TUC_ASTC_LDR] = {162, 1, 128, {0, 0}},
    [TUC_ASTC_HDR] = {162, 1, 128, {0, 0}},   [TUC_GBGR_422] = {2, 4, 0, {0, 0}},
    [TUC_BGRG_422] = {2, 4, 0, {0, 0}},
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
    const bool is_signed = info->flags & TUC_SIGNED;
    for (unsigned i = 0; i < n; i++) {
        dfd_sample *s = &out[i];
        uint8_t type = block_dfd[info->codec].channel[i];
        s->bit_offset = (uint16_t)(i * block_dfd[info->codec].bits);
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
 * Write the DFD at p. Colour information (KTX 2.0 "Data Format Descriptor", "Restrictions"):
 * integer, depth, stencil and depth/stencil formats have colorPrimaries and transferFunction
 * UNSPECIFIED; the others BT709 primaries with the SRGB transfer for the _SRGB formats and LINEAR
 * otherwise. texelBlockDimension 0 (1x1x1x1), bytesPlane0 = texel bytes; a compressed format
 * has its block's size and bytes there and its model's samples (block_samples).
 */
static void write_dfd(uint8_t *p, const tu_format_desc *d, const dfd_sample *samples, unsigned n) {
    const uint32_t total = dfd_size(n);
    const bool no_colour =
        is_depth_stencil(d) || d->format_class == TU_CLASS_UINT || d->format_class == TU_CLASS_SINT;
    tuB_store_le32(p, total);
    uint8_t *b = p + 4;
    tuB_store_le32(b + 0, 0); /* vendorId KHRONOS, descriptorType BASICFORMAT */
    tuB_store_le32(b + 4, KHR_DF_VERSIONNUMBER_1_3 | (total - 4) << 16);
    const bool block = d->flags & TU_FORMAT_FLAG_COMPRESSED;
    b[8] = block ? block_dfd[block_info(d)->codec].model : KHR_DF_MODEL_RGBSDA;
    b[9] = no_colour ? KHR_DF_PRIMARIES_UNSPECIFIED : KHR_DF_PRIMARIES_BT709;
    b[10] = no_colour                          ? KHR_DF_TRANSFER_UNSPECIFIED
            : (d->flags & TU_FORMAT_FLAG_SRGB) ? KHR_DF_TRANSFER_SRGB
                                               : KHR_DF_TRANSFER_LINEAR;
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

static const char *supercompression_name(uint32_t scheme) {
    switch (scheme) {
    case 1: return "BasisLZ";
    case 2: return "Zstandard";
    case 3: return "ZLIB";
    default: return scheme >= 0x10000 && scheme <= 0x1FFFF ? "a vendor scheme" : "reserved";
    }
}

/* --- reader ------------------------------------------------------------------------------ */

typedef struct ktx2_level {
    uint64_t offset, length, uncompressed;
} ktx2_level;

/* Check the header and the index, and describe the texture in *desc. */
static tu_status read_header(const uint8_t *p, size_t size, tu_surface *desc,
                             ktx2_level levels[TU_MAX_LEVELS], tu_error *err) {
    TU_RETURN_IF(size < sizeof ktx2_identifier ||
                     memcmp(p, ktx2_identifier, sizeof ktx2_identifier) != 0,
                 err, TU_PARSE_ERROR,
                 "not a KTX2 file: the file does not start with the 12-byte KTX 2.0 identifier "
                 "\xC2\xABKTX 20\xC2\xBB\\r\\n\\x1A\\n");
    TU_RETURN_IF(size < KTX2_HEADER_SIZE, err, TU_PARSE_ERROR,
                 "KTX2 file of %zu bytes is truncated: the header and index need %d bytes", size,
                 KTX2_HEADER_SIZE);
    const uint32_t vk_format = tuB_load_le32(p + KTX2_VK_FORMAT);
    const uint32_t type_size = tuB_load_le32(p + KTX2_TYPE_SIZE);
    const uint32_t width = tuB_load_le32(p + KTX2_PIXEL_WIDTH);
    const uint32_t height = tuB_load_le32(p + KTX2_PIXEL_HEIGHT);
    const uint32_t depth = tuB_load_le32(p + KTX2_PIXEL_DEPTH);
    const uint32_t layer_count = tuB_load_le32(p + KTX2_LAYER_COUNT);
    const uint32_t face_count = tuB_load_le32(p + KTX2_FACE_COUNT);
    const uint32_t level_count = tuB_load_le32(p + KTX2_LEVEL_COUNT);
    const uint32_t scheme = tuB_load_le32(p + KTX2_SUPERCOMPRESSION);

    TU_RETURN_IF(scheme != 0, err, TU_UNSUPPORTED,
                 "KTX2 supercompression scheme %u (%s) is not supported: texunit reads only "
                 "supercompressionScheme 0",
                 scheme, supercompression_name(scheme));
    const tu_format format = tu_format_from_vk(vk_format);
    const char *vk_name = tu_vk_format_name(vk_format);
    TU_RETURN_IF(format == TU_FORMAT_UNDEFINED && !vk_name, err, TU_UNSUPPORTED,
                 "KTX2 vkFormat %u is not a VkFormat of Vulkan 1.3 core or of the extensions "
                 "KTX2 lists",
                 vk_format);
    TU_RETURN_IF(format == TU_FORMAT_UNDEFINED, err, TU_UNSUPPORTED,
                 "KTX2 vkFormat %s (%u) is not supported: %s", vk_name, vk_format,
                 tu_vk_format_refusal(vk_format));
    const tu_format_desc *d = tu_format_describe(format);
    TU_RETURN_IF(type_size != ktx2_type_size(d), err, TU_PARSE_ERROR,
                 "KTX2 typeSize %u does not match vkFormat VK_FORMAT_%s (%u), whose typeSize is %u",
                 type_size, d->name, vk_format, ktx2_type_size(d));

    TU_RETURN_IF(width == 0, err, TU_PARSE_ERROR, "KTX2 pixelWidth 0 must be at least 1");
    TU_RETURN_IF(height == 0 && depth != 0, err, TU_PARSE_ERROR,
                 "KTX2 pixelDepth %u with pixelHeight 0: a 3D texture must have a height", depth);
    TU_RETURN_IF(face_count != 1 && face_count != 6, err, TU_PARSE_ERROR,
                 "KTX2 faceCount %u is neither 1 nor 6", face_count);
    /* A cube's pixelDepth must be 0 (KTX 2.0 "pixelWidth, pixelHeight, pixelDepth"); 1 is accepted
     * as the same thing. */
    TU_RETURN_IF(face_count == 6 && width != height, err, TU_PARSE_ERROR,
                 "KTX2 cube map pixelWidth %u and pixelHeight %u must be equal", width, height);
    TU_RETURN_IF(face_count == 6 && depth > 1, err, TU_PARSE_ERROR,
                 "KTX2 cube map pixelDepth %u must be 0", depth);
    TU_RETURN_IF(is_depth_stencil(d) && depth != 0, err, TU_PARSE_ERROR,
                 "KTX2 pixelDepth %u must be 0 for the depth/stencil format %s", depth, d->name);
    const bool cube = face_count == 6;
    const bool is_3d = !cube && depth != 0;
    TU_RETURN_IF(is_3d && layer_count != 0, err, TU_UNSUPPORTED,
                 "KTX2 3D array texture (layerCount %u, pixelDepth %u) is not supported: texunit "
                 "has no 3D array surfaces",
                 layer_count, depth);
    TU_RETURN_IF(width > TU_MAX_DIMENSION, err, TU_UNSUPPORTED,
                 "KTX2 pixelWidth %u exceeds texunit's limit %u", width, TU_MAX_DIMENSION);
    TU_RETURN_IF(height > TU_MAX_DIMENSION, err, TU_UNSUPPORTED,
                 "KTX2 pixelHeight %u exceeds texunit's limit %u", height, TU_MAX_DIMENSION);
    TU_RETURN_IF(depth > TU_MAX_DIMENSION, err, TU_UNSUPPORTED,
                 "KTX2 pixelDepth %u exceeds texunit's limit %u", depth, TU_MAX_DIMENSION);
    const uint64_t layers = (uint64_t)tuB_max_u32(1, layer_count) * face_count;
    TU_RETURN_IF(layers > TU_MAX_LAYERS, err, TU_UNSUPPORTED,
                 "KTX2 layerCount %u with faceCount %u makes %llu layers, beyond texunit's limit "
                 "%u",
                 layer_count, face_count, (unsigned long long)layers, TU_MAX_LAYERS);

    /* levelCount 0 asks the loader to generate the other levels; the file holds one. */
    const uint32_t chain = chain_length(width, height, cube ? 0 : depth);
    const uint32_t n_levels = tuB_max_u32(1, level_count);
    TU_RETURN_IF(n_levels > chain, err, TU_PARSE_ERROR,
                 "KTX2 levelCount %u exceeds the %u levels a %ux%ux%u image can have", level_count,
                 chain, width, height, depth);
    const uint64_t index_end = KTX2_HEADER_SIZE + (uint64_t)KTX2_LEVEL_SIZE * n_levels;
    TU_RETURN_IF(index_end > size, err, TU_PARSE_ERROR,
                 "KTX2 file of %zu bytes is truncated: the level index of %u levels ends at byte "
                 "%llu",
                 size, n_levels, (unsigned long long)index_end);

    /* The index: each section inside the file (KTX 2.0 "Index"). */
    const uint32_t dfd_offset = tuB_load_le32(p + KTX2_DFD_OFFSET);
    const uint32_t dfd_length = tuB_load_le32(p + KTX2_DFD_LENGTH);
    const uint32_t kvd_offset = tuB_load_le32(p + KTX2_KVD_OFFSET);
    const uint32_t kvd_length = tuB_load_le32(p + KTX2_KVD_LENGTH);
    const uint64_t sgd_offset = tuB_load_le64(p + KTX2_SGD_OFFSET);
    const uint64_t sgd_length = tuB_load_le64(p + KTX2_SGD_LENGTH);
    TU_RETURN_IF(dfd_length < 4, err, TU_PARSE_ERROR,
                 "KTX2 dfdByteLength %u is too small: the data format descriptor is required",
                 dfd_length);
    TU_RETURN_IF(!range_inside(dfd_offset, dfd_length, size), err, TU_PARSE_ERROR,
                 "KTX2 data format descriptor (dfdByteOffset %u, dfdByteLength %u) lies outside "
                 "the file of %zu bytes",
                 dfd_offset, dfd_length, size);
    const uint32_t dfd_total = tuB_load_le32(p + dfd_offset);
    TU_RETURN_IF(dfd_total != dfd_length, err, TU_PARSE_ERROR,
                 "KTX2 dfdTotalSize %u does not equal dfdByteLength %u", dfd_total, dfd_length);
    if (d->flags & TU_FORMAT_FLAG_COMPRESSED) {
        /* a compressed format's descriptor must name its model and block size (KDFS 1.3
         * §5.6: colorModel, texelBlockDimension) */
        const uint8_t *b = p + dfd_offset + 4;
        const unsigned model = block_dfd[block_info(d)->codec].model;
        TU_RETURN_IF(dfd_length < 4 + KHR_DF_BASIC_BLOCK_HEADER || b[8] != model ||
                         b[12] + 1u != d->block_width || b[13] + 1u != d->block_height,
                     err, TU_PARSE_ERROR,
                     "KTX2 data format descriptor of vkFormat VK_FORMAT_%s (%u) is not colorModel "
                     "%u with texelBlockDimension %ux%u",
                     d->name, d->vk_format, model, d->block_width, d->block_height);
    }
    TU_RETURN_IF(kvd_length != 0 && !range_inside(kvd_offset, kvd_length, size), err,
                 TU_PARSE_ERROR,
                 "KTX2 key/value data (kvdByteOffset %u, kvdByteLength %u) lies outside the file "
                 "of %zu bytes",
                 kvd_offset, kvd_length, size);
    TU_RETURN_IF(sgd_length != 0 && !range_inside(sgd_offset, sgd_length, size), err,
                 TU_PARSE_ERROR,
                 "KTX2 supercompression global data (sgdByteOffset %llu, sgdByteLength %llu) lies "
                 "outside the file of %zu bytes",
                 (unsigned long long)sgd_offset, (unsigned long long)sgd_length, size);

    /* The level index: each level's byte count is what its texels need, and its bytes lie
     * in the file. Checked before anything is allocated, so a small file cannot ask for a
     * large image. */
    for (uint32_t L = 0; L < n_levels; L++) {
        const uint8_t *e = p + KTX2_HEADER_SIZE + (size_t)KTX2_LEVEL_SIZE * L;
        ktx2_level *lv = &levels[L];
        lv->offset = tuB_load_le64(e);
        lv->length = tuB_load_le64(e + 8);
        lv->uncompressed = tuB_load_le64(e + 16);
        const uint32_t w = tuB_max_u32(1, width >> L), h = tuB_max_u32(1, height >> L),
                       z = cube ? 1 : tuB_max_u32(1, depth >> L);
        uint64_t expected;
        const bool fits = tuB_mul_u64(elements(d, w, h), z, &expected) &&
                          tuB_mul_u64(expected, d->bytes, &expected) &&
                          tuB_mul_u64(expected, layers, &expected);
        TU_RETURN_IF(!fits || lv->length != expected, err, TU_PARSE_ERROR,
                     "KTX2 level %u byteLength %llu is not the %llu bytes of %llu layer(s) of "
                     "%ux%ux%u %s texels",
                     L, (unsigned long long)lv->length, (unsigned long long)expected,
                     (unsigned long long)layers, w, h, z, d->name);
        TU_RETURN_IF(lv->uncompressed != lv->length, err, TU_PARSE_ERROR,
                     "KTX2 level %u uncompressedByteLength %llu differs from its byteLength %llu "
                     "in a file without supercompression",
                     L, (unsigned long long)lv->uncompressed, (unsigned long long)lv->length);
        TU_RETURN_IF(!range_inside(lv->offset, lv->length, size), err, TU_PARSE_ERROR,
                     "KTX2 level %u data (byteOffset %llu, byteLength %llu) lies outside the file "
                     "of %zu bytes",
                     L, (unsigned long long)lv->offset, (unsigned long long)lv->length, size);
        TU_RETURN_IF(lv->offset < index_end, err, TU_PARSE_ERROR,
                     "KTX2 level %u byteOffset %llu lies inside the header and level index (which "
                     "end at byte %llu)",
                     L, (unsigned long long)lv->offset, (unsigned long long)index_end);
    }

    memset(desc, 0, sizeof *desc);
    desc->type = cube          ? TU_SURFACE_CUBE
                 : is_3d       ? TU_SURFACE_3D
                 : height == 0 ? TU_SURFACE_1D
                               : TU_SURFACE_2D;
    desc->arrayed = layer_count > 0;
    desc->format = format;
    desc->width = width;
    desc->height = tuB_max_u32(1, height);
    desc->depth = is_3d ? depth : 1;
    desc->layers = (uint32_t)layers;
    desc->levels = n_levels;
    desc->samples = 1;
    return TU_OK;
}

tu_status tu_ktx2_read_memory(const void *bytes, size_t size, tu_image *out, tu_error *err) {
    TU_RETURN_IF(!out, err, TU_INVALID_ARGUMENT, "output image is NULL");
    memset(out, 0, sizeof *out);
    TU_RETURN_IF(!bytes && size != 0, err, TU_INVALID_ARGUMENT,
                 "KTX2 bytes are NULL but size is %zu", size);
    const uint8_t *p = bytes;
    tu_surface desc;
    ktx2_level levels[TU_MAX_LEVELS];
    TU_TRY(read_header(p, size, &desc, levels, err));

    tu_error inner = {TU_OK, ""};
    tu_status st = tu_image_create(out, &desc, &inner);
    if (st == TU_INVALID_ARGUMENT)
        return tuB_fail(err, TU_UNSUPPORTED,
                        "KTX2 file describes a texture texunit cannot represent: %s",
                        inner.message);
    if (st != TU_OK) return tuB_fail(err, st, "%s", inner.message);

    const tu_format_desc *d = tu_format_describe(desc.format);
    uint8_t shift[4];
    const bool repack = file_shifts(d, shift);
    uint8_t *memory = out->memory;
    for (uint32_t L = 0; L < desc.levels; L++) {
        /* The packed layout of level L is exactly the KTX2 level (read_header checked
         * that byteLength is its size), so it lies within the image's memory. */
        uint8_t *dst = memory + out->surface.level[L].offset;
        const uint8_t *src = p + levels[L].offset;
        if (repack) {
            uint8_t mem_shift[4];
            for (unsigned i = 0; i < 4; i++)
                mem_shift[i] = d->channels[i].shift;
            repack_texels(d, shift, mem_shift, src, dst, levels[L].length / d->bytes);
        } else {
            memcpy(dst, src, (size_t)levels[L].length);
        }
    }
    return TU_OK;
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

tu_status tu_ktx2_write_memory(const tu_surface *s, void **bytes, size_t *size, tu_error *err) {
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
    TU_RETURN_IF(s->type == TU_SURFACE_3D && is_depth_stencil(d), err, TU_UNSUPPORTED,
                 "surface type 3D: KTX2 has no 3D textures of the depth/stencil format %s "
                 "(its pixelDepth must be 0)",
                 d->name);

    /* Every memory level, whatever the view (io.h). */
    tu_surface all = *s;
    all.base_level = 0;
    all.level_count = s->levels;
    uint8_t shift[4];
    const bool repack = file_shifts(d, shift);
    dfd_sample samples[MAX_DFD_SAMPLES] = {{0}};
    const unsigned n_samples = (d->flags & TU_FORMAT_FLAG_COMPRESSED)
                                   ? block_samples(d, samples)
                                   : dfd_samples(d, shift, samples);

    const bool cube = s->type == TU_SURFACE_CUBE;
    const uint32_t faces = cube ? 6 : 1;
    const uint32_t n = s->levels;

    /* Sections in file order: header, level index, DFD, key/value data, then the levels
     * smallest first, each aligned to lcm(texel size, 4) (KTX 2.0 "File Structure"). */
    const uint64_t dfd_offset = KTX2_HEADER_SIZE + (uint64_t)KTX2_LEVEL_SIZE * n;
    const uint32_t dfd_length = dfd_size(n_samples);
    const uint64_t kvd_offset = dfd_offset + dfd_length;
    const uint32_t kv_pair = (uint32_t)(sizeof ktx2_writer_key + sizeof ktx2_writer_value);
    const uint32_t kvd_length = (4 + kv_pair + 3) & ~3u;
    const uint32_t align = lcm_4(d->bytes);
    uint64_t level_offset[TU_MAX_LEVELS], level_length[TU_MAX_LEVELS];
    uint64_t end = kvd_offset + kvd_length;
    for (uint32_t i = n; i-- > 0;) {
        uint32_t w, h, z;
        tu_surface_level_extent(&all, i, &w, &h, &z);
        uint64_t len;
        const bool ok = tuB_mul_u64(elements(d, w, h), z, &len) &&
                        tuB_mul_u64(len, d->bytes, &len) && tuB_mul_u64(len, s->layers, &len) &&
                        align_up(end, align, &level_offset[i]) &&
                        tuB_add_u64(level_offset[i], len, &end);
        TU_RETURN_IF(!ok, err, TU_INVALID_ARGUMENT,
                     "surface level %u: the KTX2 file size overflows 64 bits", i);
        level_length[i] = len;
    }
    TU_RETURN_IF(end > SIZE_MAX, err, TU_OUT_OF_MEMORY,
                 "a KTX2 file of %llu bytes does not fit in this machine's address space",
                 (unsigned long long)end);
    uint8_t *buf = calloc(1, (size_t)end);
    TU_RETURN_IF(!buf, err, TU_OUT_OF_MEMORY, "could not allocate %llu bytes for a KTX2 file",
                 (unsigned long long)end);

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
    tuB_store_le32(buf + KTX2_SUPERCOMPRESSION, 0);
    tuB_store_le32(buf + KTX2_DFD_OFFSET, (uint32_t)dfd_offset);
    tuB_store_le32(buf + KTX2_DFD_LENGTH, dfd_length);
    tuB_store_le32(buf + KTX2_KVD_OFFSET, (uint32_t)kvd_offset);
    tuB_store_le32(buf + KTX2_KVD_LENGTH, kvd_length);
    tuB_store_le64(buf + KTX2_SGD_OFFSET, 0);
    tuB_store_le64(buf + KTX2_SGD_LENGTH, 0);
    for (uint32_t i = 0; i < n; i++) {
        uint8_t *e = buf + KTX2_HEADER_SIZE + (size_t)KTX2_LEVEL_SIZE * i;
        tuB_store_le64(e, level_offset[i]);
        tuB_store_le64(e + 8, level_length[i]);
        tuB_store_le64(e + 16, level_length[i]);
    }
    write_dfd(buf + dfd_offset, d, samples, n_samples);
    uint8_t *kv = buf + kvd_offset;
    tuB_store_le32(kv, kv_pair);
    memcpy(kv + 4, ktx2_writer_key, sizeof ktx2_writer_key);
    memcpy(kv + 4 + sizeof ktx2_writer_key, ktx2_writer_value, sizeof ktx2_writer_value);

    for (uint32_t L = 0; L < n; L++) {
        uint32_t w, h, z;
        tu_surface_level_extent(&all, L, &w, &h, &z);
        uint8_t *dst = buf + level_offset[L];
        if (d->flags & TU_FORMAT_FLAG_COMPRESSED) {
            tu_status st = copy_blocks(&all, d, L, w, h, z, dst, err);
            if (st != TU_OK) {
                free(buf);
                return st;
            }
            continue;
        }
        const size_t row = (size_t)w * d->bytes;
        for (uint32_t layer = 0; layer < s->layers; layer++)
            for (uint32_t zz = 0; zz < z; zz++)
                for (uint32_t y = 0; y < h; y++, dst += row) {
                    tu_status st = copy_row(&all, d, L, y, zz, layer, w, repack, shift, dst, err);
                    if (st != TU_OK) {
                        free(buf);
                        return st;
                    }
                }
    }
    *bytes = buf;
    *size = (size_t)end;
    return TU_OK;
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
