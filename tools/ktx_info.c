/* SPDX-License-Identifier: MIT */
/*
 * ktx_info.c - `texunit info` of a KTX2 file (ktx_info.h). The names are those of the Khronos
 * Data Format Specification 1.4's khr_df.h as KTX-Software's printdfd.c prints them; the
 * layout is that of `ktx info` (KTX-Software tools/ktx/command_info.cpp): text sections
 * "Header", "Level Index", "Data Format Descriptor", "Key/Value Data", and JSON objects
 * "header", "index", "dataFormatDescriptor", "keyValueData".
 */
#include "ktx_info.h"

#include "json.h"

#include "texunit/format.h"

#include <inttypes.h>
#include <string.h>

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static uint32_t le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

typedef struct named {
    uint32_t value;
    const char *name;
} named;

static const char *name_of(const named *t, size_t n, uint32_t v) {
    for (size_t i = 0; i < n; i++)
        if (t[i].value == v) return t[i].name;
    return NULL;
}

static const named transfers[] = {
    {0, "UNSPECIFIED"}, {1, "LINEAR"},    {2, "SRGB"},         {3, "ITU"},
    {4, "NTSC"},        {5, "SLOG"},      {6, "SLOG2"},        {7, "BT1886"},
    {8, "HLG_OETF"},    {9, "HLG_EOTF"},  {10, "PQ_EOTF"},     {11, "PQ_OETF"},
    {12, "DCIP3"},      {13, "PAL_OETF"}, {14, "PAL625_EOTF"}, {15, "ST240"},
    {16, "ACESCC"},     {17, "ACESCCT"},  {18, "ADOBERGB"},    {19, "HLG_UNNORMALIZED_OETF"},
};
static const named primaries[] = {
    {0, "UNSPECIFIED"}, {1, "BT709"},  {2, "BT601_EBU"},  {3, "BT601_SMPTE"},
    {4, "BT2020"},      {5, "CIEXYZ"}, {6, "ACES"},       {7, "ACESCC"},
    {8, "NTSC1953"},    {9, "PAL525"}, {10, "DISPLAYP3"}, {11, "ADOBERGB"},
};
static const named models[] = {
    {0, "UNSPECIFIED"},
    {1, "RGBSDA"},
    {2, "YUVSDA"},
    {3, "YIQSDA"},
    {4, "LABSDA"},
    {5, "CMYKA"},
    {6, "XYZW"},
    {7, "HSVA_ANG"},
    {8, "HSLA_ANG"},
    {9, "HSVA_HEX"},
    {10, "HSLA_HEX"},
    {11, "YCGCOA"},
    {12, "YCCBCCRC"},
    {13, "ICTCP"},
    {14, "CIEXYZ"},
    {15, "CIEXYY"},
    {128, "BC1A"},
    {129, "BC2"},
    {130, "BC3"},
    {131, "BC4"},
    {132, "BC5"},
    {133, "BC6H"},
    {134, "BC7"},
    {160, "ETC1"},
    {161, "ETC2"},
    {162, "ASTC"},
    {163, "ETC1S"},
    {164, "PVRTC"},
    {165, "PVRTC2"},
    {166, "UASTC"},
    {167, "UASTC_HDR_4x4"},
    {168, "UASTC_HDR_6x6"},
};

/* Channel names by model (KDFS 1.4 §5.6; the ones printdfd.c prints). */
static const struct {
    uint8_t model, channel;
    const char *name;
} channels[] = {
    {1, 0, "RGBSDA_RED"},
    {1, 1, "RGBSDA_GREEN"},
    {1, 2, "RGBSDA_BLUE"},
    {1, 13, "RGBSDA_STENCIL"},
    {1, 14, "RGBSDA_DEPTH"},
    {1, 15, "RGBSDA_ALPHA"},
    {2, 0, "YUVSDA_Y"},
    {2, 1, "YUVSDA_U"},
    {2, 2, "YUVSDA_V"},
    {2, 13, "YUVSDA_STENCIL"},
    {2, 14, "YUVSDA_DEPTH"},
    {2, 15, "YUVSDA_ALPHA"},
    {128, 0, "BC1A_COLOR"},
    {128, 1, "BC1A_ALPHA"},
    {129, 0, "BC2_COLOR"},
    {129, 15, "BC2_ALPHA"},
    {130, 0, "BC3_COLOR"},
    {130, 15, "BC3_ALPHA"},
    {131, 0, "BC4_DATA"},
    {132, 0, "BC5_RED"},
    {132, 1, "BC5_GREEN"},
    {133, 0, "BC6H_COLOR"},
    {134, 0, "BC7_COLOR"},
    {160, 0, "ETC1_COLOR"},
    {161, 0, "ETC2_RED"},
    {161, 1, "ETC2_GREEN"},
    {161, 2, "ETC2_COLOR"},
    {161, 15, "ETC2_ALPHA"},
    {162, 0, "ASTC_DATA"},
    {163, 0, "ETC1S_RGB"},
    {163, 3, "ETC1S_RRR"},
    {163, 4, "ETC1S_GGG"},
    {163, 15, "ETC1S_AAA"},
    {164, 0, "PVRTC_COLOR"},
    {165, 0, "PVRTC2_COLOR"},
    {166, 0, "UASTC_RGB"},
    {166, 3, "UASTC_RGBA"},
    {166, 4, "UASTC_RRR"},
    {166, 5, "UASTC_RRRG"},
    {166, 6, "UASTC_RG"},
    {167, 0, "UASTC_HDR_4x4_RGB"},
    {168, 0, "UASTC_HDR_6x6_RGB"},
};

static const char *channel_name(uint8_t model, uint8_t channel) {
    for (size_t i = 0; i < COUNT(channels); i++)
        if (channels[i].model == model && channels[i].channel == channel) return channels[i].name;
    return NULL;
}

static const char *const qualifier_names[4] = {"LINEAR", "EXPONENT", "SIGNED", "FLOAT"};

static const char *scheme_name(uint32_t s) {
    static const char *const names[] = {"KTX_SS_NONE", "KTX_SS_BASIS_LZ", "KTX_SS_ZSTD",
                                        "KTX_SS_ZLIB", "KTX_SS_UASTC_HDR_6x6_INTERMEDIATE"};
    return s < COUNT(names) ? names[s] : NULL;
}

/* A "KHR_DF_<kind>_<name>" value, or the number when the table lacks it. */
static void json_enum(FILE *o, const char *kind, const char *name, uint32_t v) {
    if (name)
        fprintf(o, "\"KHR_DF_%s_%s\"", kind, name);
    else
        fprintf(o, "%" PRIu32, v);
}

static void text_enum(FILE *o, const char *kind, const char *name, uint32_t v) {
    if (name)
        fprintf(o, "KHR_DF_%s_%s", kind, name);
    else
        fprintf(o, "%" PRIu32, v);
}

/* The key/value pairs: a value that is a NUL-terminated string is printed as text, any other
 * as its bytes. */
static void print_kvd(FILE *o, const tu_ktx2_file *f, bool json) {
    const uint8_t *kv = f->kvd;
    uint32_t at = 0;
    bool first = true;
    while (kv && at + 4 <= f->kvd_byte_length) {
        const uint32_t len = le32(kv + at);
        if (len > f->kvd_byte_length - at - 4) break;
        const uint8_t *key = kv + at + 4;
        const uint8_t *nul = memchr(key, 0, len);
        if (!nul) break;
        const uint8_t *value = nul + 1;
        const uint32_t vlen = (uint32_t)(len - (uint32_t)(nul - key) - 1);
        const bool text = vlen > 0 && value[vlen - 1] == 0 && !memchr(value, 0, vlen - 1);
        if (json) {
            fputs(first ? "" : ",", o);
            tj_string(o, (const char *)key);
            fputc(':', o);
            if (text) {
                tj_string(o, (const char *)value);
            } else {
                fputc('[', o);
                for (uint32_t i = 0; i < vlen; i++)
                    fprintf(o, "%s%u", i ? "," : "", value[i]);
                fputc(']', o);
            }
        } else {
            fprintf(o, "%s: ", (const char *)key);
            if (text)
                fprintf(o, "%s\n", (const char *)value);
            else {
                for (uint32_t i = 0; i < vlen; i++)
                    fprintf(o, "%s%u", i ? " " : "", value[i]);
                fputc('\n', o);
            }
        }
        first = false;
        at += 4 + ((len + 3) & ~3u);
    }
}

static void print_samples_json(FILE *o, const uint8_t *b, uint32_t n, uint8_t model) {
    for (uint32_t s = 0; s < n; s++) {
        const uint8_t *p = b + 24 + 16 * s;
        const uint32_t w0 = le32(p);
        const uint8_t type = (uint8_t)(w0 >> 24);
        fputs(s ? ",{\"qualifiers\":[" : "{\"qualifiers\":[", o);
        bool any = false;
        for (unsigned q = 0; q < 4; q++)
            if (type & (0x10u << q)) {
                fprintf(o, "%s\"KHR_DF_SAMPLE_DATATYPE_%s\"", any ? "," : "", qualifier_names[q]);
                any = true;
            }
        fputs("],\"channelId\":", o);
        json_enum(o, "CHANNEL", channel_name(model, type & 15), type & 15);
        const bool is_signed = type & 0x40;
        const uint32_t lower = le32(p + 8), upper = le32(p + 12);
        fprintf(o, ",\"bitLength\":%u,\"bitOffset\":%u,\"samplePosition\":[%u,%u,%u,%u]",
                (w0 >> 16) & 0xFF, w0 & 0xFFFF, p[4], p[5], p[6], p[7]);
        if (is_signed)
            fprintf(o, ",\"sampleLower\":%" PRId32 ",\"sampleUpper\":%" PRId32 "}", (int32_t)lower,
                    (int32_t)upper);
        else
            fprintf(o, ",\"sampleLower\":%" PRIu32 ",\"sampleUpper\":%" PRIu32 "}", lower, upper);
    }
}

static void print_json(FILE *o, const tu_ktx2_file *f) {
    const char *vk = tu_vk_format_name(f->vk_format);
    fputs("{\"$schema\":\"https://schema.khronos.org/ktx/info_v1.json\",\"valid\":true,"
          "\"messages\":[],\"header\":{\"identifier\":\"\xC2\xABKTX 20\xC2\xBB\\r\\n\\u001A\\n\","
          "\"vkFormat\":",
          o);
    if (vk)
        fprintf(o, "\"%s\"", vk);
    else
        fprintf(o, "%" PRIu32, f->vk_format);
    fprintf(o,
            ",\"typeSize\":%u,\"pixelWidth\":%u,\"pixelHeight\":%u,\"pixelDepth\":%u,"
            "\"layerCount\":%u,\"faceCount\":%u,\"levelCount\":%u,\"supercompressionScheme\":",
            f->type_size, f->pixel_width, f->pixel_height, f->pixel_depth, f->layer_count,
            f->face_count, f->level_count);
    if (scheme_name(f->supercompression_scheme))
        fprintf(o, "\"%s\"", scheme_name(f->supercompression_scheme));
    else
        fprintf(o, "%u", f->supercompression_scheme);
    fprintf(o,
            "},\"index\":{\"dataFormatDescriptor\":{\"byteOffset\":%u,\"byteLength\":%u},"
            "\"keyValueData\":{\"byteOffset\":%u,\"byteLength\":%u},"
            "\"supercompressionGlobalData\":{\"byteOffset\":%" PRIu64 ",\"byteLength\":%" PRIu64
            "},\"levels\":[",
            f->dfd_byte_offset, f->dfd_byte_length, f->kvd_byte_offset, f->kvd_byte_length,
            f->sgd_byte_offset, f->sgd_byte_length);
    for (uint32_t L = 0; L < f->levels; L++)
        fprintf(o,
                "%s{\"byteOffset\":%" PRIu64 ",\"byteLength\":%" PRIu64
                ",\"uncompressedByteLength\":%" PRIu64 "}",
                L ? "," : "", f->level[L].byte_offset, f->level[L].byte_length,
                f->level[L].uncompressed_byte_length);
    fprintf(o, "]},\"dataFormatDescriptor\":{\"totalSize\":%u,\"blocks\":[", le32(f->dfd));
    for (uint32_t at = 4, k = 0; at + 8 <= f->dfd_byte_length; k++) {
        const uint8_t *b = f->dfd + at;
        const uint32_t h0 = le32(b), h1 = le32(b + 4), size = h1 >> 16;
        const uint32_t vendor = h0 & 0x1FFFF, type = h0 >> 17;
        fputs(k ? ",{\"vendorId\":" : "{\"vendorId\":", o);
        if (vendor == 0)
            fputs("\"KHR_DF_VENDORID_KHRONOS\"", o);
        else
            fprintf(o, "%u", vendor);
        static const char *const types[] = {"BASICFORMAT",      NULL, NULL, NULL, NULL, NULL,
                                            "ADDITIONAL_PLANES"};
        fputs(",\"descriptorType\":", o);
        if (vendor == 0 && type == 0x6001)
            fputs("\"KHR_DF_KHR_DESCRIPTORTYPE_ADDITIONAL_PLANES\"", o);
        else if (vendor == 0 && type == 0x6002)
            fputs("\"KHR_DF_KHR_DESCRIPTORTYPE_ADDITIONAL_DIMENSIONS\"", o);
        else if (vendor == 0 && type < COUNT(types) && types[type])
            fprintf(o, "\"KHR_DF_KHR_DESCRIPTORTYPE_%s\"", types[type]);
        else
            fprintf(o, "%u", type);
        const uint32_t version = h1 & 0xFFFF;
        fputs(",\"versionNumber\":", o);
        if (version >= 1 && version <= 2)
            fprintf(o, "\"KHR_DF_VERSIONNUMBER_1_%u\"", version + 1);
        else
            fprintf(o, "%u", version);
        fprintf(o, ",\"descriptorBlockSize\":%u", size);
        if (vendor == 0 && type == 0 && size >= 24 && at + size <= f->dfd_byte_length) {
            fprintf(o, ",\"flags\":[\"KHR_DF_FLAG_ALPHA_%s\"],\"transferFunction\":",
                    (b[11] & 1) ? "PREMULTIPLIED" : "STRAIGHT");
            json_enum(o, "TRANSFER", name_of(transfers, COUNT(transfers), b[10]), b[10]);
            fputs(",\"colorPrimaries\":", o);
            json_enum(o, "PRIMARIES", name_of(primaries, COUNT(primaries), b[9]), b[9]);
            fputs(",\"colorModel\":", o);
            json_enum(o, "MODEL", name_of(models, COUNT(models), b[8]), b[8]);
            fprintf(o,
                    ",\"texelBlockDimension\":[%u,%u,%u,%u],\"bytesPlane\":[%u,%u,%u,%u,%u,%u,%u,"
                    "%u],\"samples\":[",
                    b[12] + 1u, b[13] + 1u, b[14] + 1u, b[15] + 1u, b[16], b[17], b[18], b[19],
                    b[20], b[21], b[22], b[23]);
            print_samples_json(o, b, (size - 24) / 16, b[8]);
            fputs("]", o);
        }
        fputs("}", o);
        if (size < 8) break;
        at += size;
    }
    fputs("]},\"keyValueData\":{", o);
    print_kvd(o, f, true);
    fputs("}}\n", o);
}

/* An offset as `ktx info` prints it: hexadecimal with 0x, 0 as "0". */
static void hex(FILE *o, uint64_t v) {
    if (v)
        fprintf(o, "0x%" PRIx64, v);
    else
        fputc('0', o);
}

static void print_text(FILE *o, const tu_ktx2_file *f) {
    const char *vk = tu_vk_format_name(f->vk_format);
    fputs("Header\n\nidentifier: \xC2\xABKTX 20\xC2\xBB\\r\\n\\x1A\\n\n", o);
    if (vk)
        fprintf(o, "vkFormat: %s\n", vk);
    else
        fprintf(o, "vkFormat: %u\n", f->vk_format);
    fprintf(o,
            "typeSize: %u\npixelWidth: %u\npixelHeight: %u\npixelDepth: %u\nlayerCount: %u\n"
            "faceCount: %u\nlevelCount: %u\n",
            f->type_size, f->pixel_width, f->pixel_height, f->pixel_depth, f->layer_count,
            f->face_count, f->level_count);
    if (scheme_name(f->supercompression_scheme))
        fprintf(o, "supercompressionScheme: %s\n", scheme_name(f->supercompression_scheme));
    else
        fprintf(o, "supercompressionScheme: %u\n", f->supercompression_scheme);
    fputs("dataFormatDescriptor.byteOffset: ", o);
    hex(o, f->dfd_byte_offset);
    fprintf(o,
            "\ndataFormatDescriptor.byteLength: %u\nkeyValueData.byteOffset: ", f->dfd_byte_length);
    hex(o, f->kvd_byte_offset);
    fprintf(o, "\nkeyValueData.byteLength: %u\nsupercompressionGlobalData.byteOffset: ",
            f->kvd_byte_length);
    hex(o, f->sgd_byte_offset);
    fprintf(o, "\nsupercompressionGlobalData.byteLength: %" PRIu64 "\n\nLevel Index\n\n",
            f->sgd_byte_length);
    for (uint32_t L = 0; L < f->levels; L++) {
        fprintf(o, "Level%u.byteOffset: ", L);
        hex(o, f->level[L].byte_offset);
        fprintf(o,
                "\nLevel%u.byteLength: %" PRIu64 "\nLevel%u.uncompressedByteLength: %" PRIu64 "\n",
                L, f->level[L].byte_length, L, f->level[L].uncompressed_byte_length);
    }
    fprintf(o, "\nData Format Descriptor\n\nDFD total bytes: %u\n", le32(f->dfd));
    const uint8_t *b = f->dfd + 4;
    const uint32_t size = le32(b + 4) >> 16;
    fprintf(o,
            "Vendor ID: KHR_DF_VENDORID_KHRONOS\nDescriptor type: "
            "KHR_DF_KHR_DESCRIPTORTYPE_BASICFORMAT\nVersion: KHR_DF_VERSIONNUMBER_1_3\n"
            "Descriptor block size: %u\nFlags: 0x%x (KHR_DF_FLAG_ALPHA_%s)\nTransfer: ",
            size, b[11], (b[11] & 1) ? "PREMULTIPLIED" : "STRAIGHT");
    text_enum(o, "TRANSFER", name_of(transfers, COUNT(transfers), b[10]), b[10]);
    fputs("\nPrimaries: ", o);
    text_enum(o, "PRIMARIES", name_of(primaries, COUNT(primaries), b[9]), b[9]);
    fputs("\nModel: ", o);
    text_enum(o, "MODEL", name_of(models, COUNT(models), b[8]), b[8]);
    fprintf(o, "\nDimensions: %u, %u, %u, %u\nPlane bytes: %u, %u, %u, %u, %u, %u, %u, %u\n",
            b[12] + 1u, b[13] + 1u, b[14] + 1u, b[15] + 1u, b[16], b[17], b[18], b[19], b[20],
            b[21], b[22], b[23]);
    for (uint32_t s = 0; s < (size - 24) / 16; s++) {
        const uint8_t *p = b + 24 + 16 * s;
        const uint32_t w0 = le32(p);
        const uint8_t type = (uint8_t)(w0 >> 24);
        fprintf(o, "Sample %u:\n    Qualifiers: 0x%x (", s, type & 0xF0);
        bool any = false;
        for (unsigned q = 0; q < 4; q++)
            if (type & (0x10u << q)) {
                fprintf(o, "%sKHR_DF_SAMPLE_DATATYPE_%s", any ? ", " : "", qualifier_names[q]);
                any = true;
            }
        fprintf(o, ")\n    Channel Id: 0x%X (", type & 15);
        text_enum(o, "CHANNEL", channel_name(b[8], type & 15), type & 15);
        fprintf(o,
                ")\n    Length: %u bits Offset: %u\n    Position: %u, %u, %u, %u\n"
                "    Lower: 0x%08x\n    Upper: 0x%08x\n",
                ((w0 >> 16) & 0xFF) + 1u, w0 & 0xFFFF, p[4], p[5], p[6], p[7], le32(p + 8),
                le32(p + 12));
    }
    if (f->kvd_byte_length) {
        fputs("\nKey/Value Data\n\n", o);
        print_kvd(o, f, false);
    }
}

void tk_print(FILE *out, const tu_ktx2_file *f, bool json) {
    if (json)
        print_json(out, f);
    else
        print_text(out, f);
}
