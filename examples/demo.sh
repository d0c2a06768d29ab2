#!/bin/sh
# SPDX-License-Identifier: MIT
# The demo: the format table, the texel generator, KTX2 and PNG files, and the sampler
# answering the queries of examples/query.txt.
#   sh examples/demo.sh build/texunit
set -eu
texunit=${1:-build/texunit}
out=$(dirname "$texunit")/demo
mkdir -p "$out"

echo "\$ texunit formats   (first rows)"
"$texunit" formats | head -6
echo
echo "\$ texunit gen 2darray rgba8_unorm 16 8 1 0 3 42 $out/checker.ktx2"
"$texunit" gen 2darray rgba8_unorm 16 8 1 0 3 42 "$out/checker.ktx2"
echo "\$ texunit info $out/checker.ktx2"
"$texunit" info "$out/checker.ktx2"
echo "\$ texunit texel $out/checker.ktx2 1 2 3 1 0"
"$texunit" texel "$out/checker.ktx2" 1 2 3 1 0
echo
echo "\$ texunit gen cube e5b9g9r9_ufloat_pack32 4 4 1 1 6 7 $out/cube.ktx2"
"$texunit" gen cube e5b9g9r9_ufloat_pack32 4 4 1 1 6 7 "$out/cube.ktx2"
echo "\$ texunit texel $out/cube.ktx2 0 5 0 0 0"
"$texunit" texel "$out/cube.ktx2" 0 5 0 0 0
echo
echo "\$ texunit gen 2d rgba8_unorm 64 64 1 1 1 9 $out/noise.png"
"$texunit" gen 2d rgba8_unorm 64 64 1 1 1 9 "$out/noise.png"
echo "\$ texunit info $out/noise.png"
"$texunit" info "$out/noise.png"
echo
echo "\$ texunit query examples/query.txt"
"$texunit" query "$(dirname "$0")/query.txt"
echo
echo "\$ texunit render docs/img/compare.png min=linear mag=linear mip=linear --compare \"\" \"aniso=16\""
echo "\$ texunit render docs/img/levels.png ... --show levels   (examples/pictures.sh)"
sh "$(dirname "$0")/pictures.sh" "$texunit" "$(dirname "$0")/../docs/img"
