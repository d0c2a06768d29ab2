#!/bin/sh
# SPDX-License-Identifier: MIT
# Honest conversions (`texunit gen` and `texunit convert`, tools/export.c): PNG gets only
# what it holds, a selected image is the surface's own texels, --tonemap maps by its rules,
# and everything else is refused with the reason.
#   check_convert.sh TEXUNIT WORK_DIR
. "$(dirname "$0")/../tool_check.sh"

# refuse "REASON" texunit ARGS...: exit 1 (or 2 for usage), nothing written, REASON said.
refuse() {
    want=$1; shift
    rm -f out.png out.ktx2 out.txt
    if "$texunit" "$@" > out.log 2>&1; then fail "accepted: $*"; return; fi
    grep -qF -e "$want" out.log || { fail "$*: expected \"$want\", got: $(cat out.log)"; }
    grep -q '^texunit: ' out.log || fail "$*: no texunit: prefix: $(cat out.log)"
    [ ! -e out.png ] && [ ! -e out.ktx2 ] || fail "$*: wrote a file although it refused"
}

refuse "7 levels (--level L)" gen 2d rgba8_unorm 64 64 1 0 1 9 out.png
refuse "6 faces (--face F)" gen cube rgba8_unorm 4 4 1 1 6 9 out.png
refuse "2 cubes (--layer N), 6 faces (--face F)" gen cubearray rgba8_unorm 4 4 1 1 12 9 out.png
refuse "3 layers (--layer N)" gen 2darray rgba8_unorm 4 4 1 1 3 9 out.png
refuse "4 slices at level 0 (--slice Z)" gen 3d rgba8_unorm 4 4 4 1 1 9 out.png
refuse "R32G32B32A32_SFLOAT has float fields; add --tonemap" gen 2d rgba32_sfloat 4 4 1 1 1 9 out.png
refuse "R8G8B8A8_UINT has integer fields" gen 2d rgba8_uint 4 4 1 1 1 9 out.png
refuse "D24_UNORM_S8_UINT has depth fields" gen 2d d24_unorm_s8_uint 4 4 1 1 1 9 out.png
refuse "R5G6B5_UNORM_PACK16 has 5-bit fields" gen 2d r5g6b5_unorm_pack16 4 4 1 1 1 9 out.png
refuse "R8G8B8A8_SNORM has signed normalized fields" gen 2d r8g8b8a8_snorm 4 4 1 1 1 9 out.png
refuse "texunit reads and writes .ktx2 and .png files" gen 2d rgba8_unorm 4 4 1 1 1 9 out.txt
refuse "BC5_SNORM_BLOCK decodes to signed normalized values; add --tonemap" gen 2d bc5_snorm_block 8 8 1 1 1 9 out.png
refuse "BC6H_UFLOAT_BLOCK decodes to float values; add --tonemap" gen 2d bc6h_ufloat_block 8 8 1 1 1 9 out.png
refuse "--layer 3: the surface has layers 0..2" gen 2darray rgba8_unorm 4 4 1 1 3 9 out.png --layer 3
refuse "--level 3: the surface has levels 0..2" gen 2d rgba8_unorm 4 4 1 0 1 9 out.png --level 3
refuse "--face: the surface is not a cube" gen 2d rgba8_unorm 4 4 1 1 1 9 out.png --face 1
refuse "--face needs a face 0..5" gen cube rgba8_unorm 4 4 1 1 6 9 out.png --face 6
refuse "unknown option '--bogus'" gen 2d rgba8_unorm 4 4 1 1 1 9 out.png --bogus

# A cube array with a chain, kept whole in KTX2; one face of one level exported.
"$texunit" gen cubearray rgba8_unorm 8 8 1 0 12 5 src.ktx2 > /dev/null
refuse "texunit reads and writes .ktx2 and .png files" convert src.ktx2 out.txt
refuse "texunit reads and writes .ktx2 and .png files" convert src.txt out.png
refuse "4 levels (--level L), 2 cubes (--layer N), 6 faces (--face F)" convert src.ktx2 out.png
# texels: same TEXEL_FILE LEVEL LAYER ... against the exported file's level 0 layer 0
same_texels() {
    file=$1 level=$2 layer=$3 z=$4 w=$5 h=$6 png=$7
    y=0
    while [ $y -lt "$h" ]; do
        x=0
        while [ $x -lt "$w" ]; do
            a=$("$texunit" texel "$file" "$level" "$layer" $x $y "$z")
            b=$("$texunit" texel "$png" 0 0 $x $y 0)
            [ "$a" = "$b" ] || { fail "$png ($x,$y): $b, the surface has $a"; return; }
            x=$((x + 1))
        done
        y=$((y + 1))
    done
}
"$texunit" convert src.ktx2 face.png --level 1 --layer 1 --face -y > /dev/null
same_texels src.ktx2 1 9 0 4 4 face.png          # layer 6 * 1 + 3
"$texunit" convert src.ktx2 face.ktx2 --level 2 --layer 0 --face 5 > /dev/null
same_texels src.ktx2 2 5 0 2 2 face.ktx2
"$texunit" gen 3d r16g16b16a16_unorm 4 4 4 1 1 3 vol.ktx2 > /dev/null
"$texunit" convert vol.ktx2 slice.png --slice 2 > /dev/null
same_texels vol.ktx2 0 0 2 4 4 slice.png
# PNG -> KTX2 -> PNG keeps the codes
"$texunit" convert face.png back.ktx2 > /dev/null
same_texels back.ktx2 0 0 0 4 4 face.png

# --tonemap, each value from the rules (docs/cli.md, "texunit convert"): floats clamp to
# [0, 1]; 8-bit uint u is u/255; snorm v is (v + 1) / 2; then encoded as 16- or 8-bit unorm.
# tonemapped SRC BITS RULE [SIZE [COMPS]]: compare every texel of the SIZE x SIZE out.png with
# RULE applied to SRC's first COMPS components (the format's; the others read 0, alpha 1).
tonemapped() {
    src=$1 bits=$2 rule=$3 size=${4:-4} comps=${5:-4}
    y=0
    while [ $y -lt "$size" ]; do
        x=0
        while [ $x -lt "$size" ]; do
            a=$("$texunit" texel "$src" 0 0 $x $y 0)
            b=$("$texunit" texel out.png 0 0 $x $y 0)
            echo "$a $b" | awk -v bits="$bits" -v rule="$rule" -v comps="$comps" '{
                m = 2 ^ bits - 1
                for (c = 1; c <= 4; c++) {
                    v = $c
                    if (rule == "uint8") v = v / 255
                    if (rule == "snorm" && c <= comps) v = (v + 1) / 2
                    if (v < 0) v = 0; if (v > 1) v = 1
                    q = int(v * m + 0.5) / m
                    if (rule == "srgb" && c < 4) {  # the sRGB curve (KDFS, "sRGB EOTF")
                        e = v <= 0.0031308 ? v * 12.92 : 1.055 * exp(log(v) / 2.4) - 0.055
                        e = int(e * m + 0.5) / m
                        q = e <= 0.04045 ? e / 12.92 : exp(2.4 * log((e + 0.055) / 1.055))
                    }
                    d = q - $(c + 4); if (d < 0) d = -d
                    if (d > 2e-7) { print "component " c ": " $(c + 4) ", the rule gives " q; exit 1 }
                }}' || { fail "$src ($x,$y) tonemapped: $a -> $b"; return; }
            x=$((x + 1))
        done
        y=$((y + 1))
    done
}
"$texunit" gen 2d rgba32_sfloat 4 4 1 1 1 11 f.ktx2 > /dev/null
"$texunit" convert f.ktx2 out.png --tonemap > /dev/null
"$texunit" info out.png | grep -q R16G16B16A16_UNORM || fail "rgba32_sfloat did not map to 16 bits"
tonemapped f.ktx2 16 clamp
"$texunit" gen 2d rgba8_uint 4 4 1 1 1 12 u.ktx2 > /dev/null
"$texunit" convert u.ktx2 out.png --tonemap > /dev/null
"$texunit" info out.png | grep -q R8G8B8A8_UNORM || fail "rgba8_uint did not map to 8 bits"
tonemapped u.ktx2 8 uint8
"$texunit" gen 2d r8g8b8a8_snorm 4 4 1 1 1 13 s.ktx2 > /dev/null
"$texunit" convert s.ktx2 out.png --tonemap > /dev/null
tonemapped s.ktx2 8 snorm
"$texunit" gen 2d d32_sfloat 4 4 1 1 1 14 out.png --tonemap > /dev/null
"$texunit" info out.png | grep -q R16_UNORM || fail "d32_sfloat did not map to 16-bit grey"
# Block-compressed UNORM and sRGB formats decode to 8-bit PNG with no option, each texel as
# `texel` decodes it out of its block; SNORM and float ones through --tonemap.
for f in bc1_rgb_unorm_block bc3_unorm_block bc4_unorm_block bc7_unorm_block \
         etc2_r8g8b8a8_unorm_block eac_r11g11_unorm_block astc_6x5_unorm_block; do
    "$texunit" gen 2d $f 8 8 1 1 1 15 c.ktx2 > /dev/null
    "$texunit" convert c.ktx2 out.png > /dev/null || fail "$f: convert refused"
    tonemapped c.ktx2 8 clamp 8
done
for f in bc1_rgba_srgb_block bc7_srgb_block etc2_r8g8b8_srgb_block astc_4x4_srgb_block; do
    "$texunit" gen 2d $f 8 8 1 1 1 16 c.ktx2 > /dev/null
    "$texunit" convert c.ktx2 out.png > /dev/null || fail "$f: convert refused"
    "$texunit" info out.png | grep -q "R8G8B8A8_SRGB 8x8x1" || fail "$f: not written as sRGB"
    tonemapped c.ktx2 8 srgb 8
done
"$texunit" gen 2d bc4_unorm_block 8 8 1 1 1 17 c.ktx2 > /dev/null
"$texunit" convert c.ktx2 out.png > /dev/null
"$texunit" info out.png | grep -q "R8_UNORM 8x8x1" || fail "bc4_unorm_block is not grey"
"$texunit" gen 2d bc5_snorm_block 8 8 1 1 1 18 c.ktx2 > /dev/null
"$texunit" convert c.ktx2 out.png --tonemap > /dev/null
tonemapped c.ktx2 8 snorm 8 2 # B is absent (0), A is 1
"$texunit" gen 2d bc6h_sfloat_block 8 8 1 1 1 19 c.ktx2 > /dev/null
"$texunit" convert c.ktx2 out.png --tonemap > /dev/null
tonemapped c.ktx2 8 clamp 8
# OpenEXR (when the tool was built with it): decoded values of float-class formats; tests/test_exr.c
# reads them back through OpenEXR. Integer formats are refused, and .exr is never read.
if "$texunit" gen 2d bc6h_ufloat_block 8 8 1 1 1 21 out.exr > out.log 2>&1; then
    [ -s out.exr ] || fail "gen wrote no .exr file"
    refuse "R8G8B8A8_UINT has integer fields, and an EXR image holds values" gen 2d rgba8_uint 4 4 1 1 1 9 out.exr
    refuse "texunit writes OpenEXR files (decoded float images) but does not read them" convert out.exr out.png
    refuse "7 levels (--level L)" gen 2d r16g16b16a16_sfloat 64 64 1 0 1 9 out.exr
else
    grep -q "built without OpenEXR" out.log || fail "gen .exr: $(cat out.log)"
fi
# --tonemap where nothing needs mapping changes nothing, so one command serves every file.
"$texunit" gen 2d rgba8_unorm 4 4 1 1 1 20 c.ktx2 > /dev/null
"$texunit" convert c.ktx2 plain.png > /dev/null
"$texunit" convert c.ktx2 out.png --tonemap > /dev/null || fail "--tonemap refused on RGBA8"
cmp -s plain.png out.png || fail "--tonemap changed an RGBA8 PNG"
"$texunit" convert c.ktx2 out.ktx2 --tonemap > /dev/null || fail "--tonemap refused to KTX2"
cmp -s c.ktx2 out.ktx2 || fail "--tonemap changed a KTX2 file"
# off a terminal the progress bar stays silent: nothing on standard error
"$texunit" gen 2d rgba8_unorm 64 64 1 0 1 1 quiet.ktx2 > /dev/null 2> quiet.err
[ ! -s quiet.err ] || fail "gen wrote to standard error off a terminal: $(cat quiet.err)"
exit $status
