#!/bin/sh
# SPDX-License-Identifier: MIT
# The tiling= option of `texunit gen` and of the query `texture` / `texture_file` lines: every
# Intel tiling answers every query exactly as the linear texture does, and a KTX2 file written
# from tiled memory is byte for byte the one written from linear memory.
# usage: check_tiling.sh TEXUNIT WORKDIR
set -eu
T=$1
D=$2
mkdir -p "$D"
cd "$D"
"$T" gen 2darray rgba8_unorm 37 21 1 0 3 5 linear.ktx2 >/dev/null
"$T" gen cube rgba16_sfloat 16 16 1 0 6 9 cube.ktx2 >/dev/null
queries() { # $1: the tiling word
    cat <<CASE
texture 2darray rgba8_unorm 37 21 1 0 3 5 $1
sampler min=linear mag=linear mip=linear
lod 0.3 0.7 1 1.5
lod -0.2 1.3 2 0.25
grad 0.1 0.9 0 0.02 0 0 0 0.05 0
gather 1 0.5 0.5 2
fetch 3 4 2 1
fetch 36 20 0 0
size 2
texture_file linear.ktx2 $1
lod 0.8 0.1 1 2.5
fetch 1 1 1 3
texture_file cube.ktx2 $1
lod 0.2 -0.7 0.4 1
fetch 5 6 3 1
CASE
}
# every_tiling QUERIES LINEAR.ktx2 GEN-ARGS...: the file `gen GEN-ARGS tiling=T` writes is
# LINEAR.ktx2 byte for byte, and QUERIES "tiling=T" answers as QUERIES "" does, for every T.
every_tiling() {
    q=$1 lin=$2
    shift 2
    "$q" "" | "$T" query - >want.txt
    for t in x y 4 64 x@skl y@icl y@tgl x@dg2 4@dg2 x@xe2 4@xe2 64@xe2; do
        "$T" gen "$@" tiled.ktx2 tiling=$t >/dev/null
        cmp "$lin" tiled.ktx2
        "$q" "tiling=$t" | "$T" query - >got.txt
        if ! cmp -s want.txt got.txt; then
            echo "$q with tiling=$t answers differently:"
            diff want.txt got.txt
            exit 1
        fi
    done
}
every_tiling queries linear.ktx2 2darray rgba8_unorm 37 21 1 0 3 5
if echo "texture 2d rgba8_unorm 4 4 1 1 1 1 tiling=z" | "$T" query - | grep -q "not tiling=linear"; then
    :
else
    echo "tiling=z was not refused"
    exit 1
fi
# A 3D surface in Tile-X (Gfx9, the default generation of tiling x, takes it as isl does):
# the file written from tiled memory is the linear one.
"$T" gen 3d rgba8_unorm 8 8 8 0 1 5 vol.ktx2 >/dev/null
"$T" gen 3d rgba8_unorm 8 8 8 0 1 5 volx.ktx2 tiling=x >/dev/null
cmp vol.ktx2 volx.ktx2
"$T" gen 3d rgba8_unorm 8 8 8 0 1 5 volx.ktx2 tiling=x@tgl >/dev/null
cmp vol.ktx2 volx.ktx2
# ... but not from Gfx12.5, and a generation without the tiling, or an unknown one, is named.
refused() { # $1: the tiling word, $2: what the message must say
    if "$T" gen 3d rgba8_unorm 8 8 8 0 1 5 bad.ktx2 "$1" 2>err.txt; then
        echo "$1 was not refused"
        exit 1
    fi
    grep -q "$2" err.txt || { echo "$1:"; cat err.txt; exit 1; }
}
refused tiling=x@dg2 "not 3D: isl_gfx125_filter_tiling()"
refused tiling=x@xe2 "BSpec 57023"
refused tiling=y@dg2 "tiling y does not exist on Gfx12.5 (DG2)"
refused tiling=4@skl "tiling 4 does not exist on Gfx9 (Skylake)"
refused tiling=64@xe2 "ISL_TILING_64_XE2"
if echo "texture 2d rgba8_unorm 4 4 1 1 1 1 tiling=4@gfx7" | "$T" query - | grep -q "not tiling=linear"; then
    :
else
    echo "tiling=4@gfx7 was not refused"
    exit 1
fi
# Compressed formats: blocks through every tiling (generated files and query answers equal).
"$T" gen 2darray BC7_UNORM_BLOCK 37 21 1 0 3 5 bc7.ktx2 >/dev/null
bc_queries() { # $1: the tiling word
    cat <<CASE
texture 2darray ASTC_6x5_SRGB_BLOCK 37 21 1 0 3 5 $1
sampler min=linear mag=linear mip=linear
lod 0.3 0.7 1 1.5
fetch 36 20 0 0
fetch 5 19 2 1
texture_file bc7.ktx2 $1
lod 0.8 0.1 1 2.5
fetch 1 1 1 3
CASE
}
every_tiling bc_queries bc7.ktx2 2darray BC7_UNORM_BLOCK 37 21 1 0 3 5
if "$T" gen 2d R32G32B32_SFLOAT 8 8 1 0 1 1 bad.ktx2 tiling=y 2>err.txt; then
    echo "a 12-byte Tile-Y surface was not refused"
    exit 1
fi
grep -q "12-byte texels" err.txt
echo "tiling: every tiling answers as linear"
