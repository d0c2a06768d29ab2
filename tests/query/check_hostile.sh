#!/bin/sh
# SPDX-License-Identifier: MIT
# Hostile query files: a texture_file whose tiling is refused (its image freed: the sanitizer
# build reports a leak), a texture whose tiled layout, not its packed one, is over the tool's
# texture limit (refused before anything is allocated), and subnormal floats, which are
# numbers (kept exactly), beside overflow and underflow, which are not.
#   check_hostile.sh TEXUNIT WORK_DIR
. "$(dirname "$0")/../tool_check.sh"

"$texunit" gen 1d rgba8_unorm 8 1 1 1 1 1 line.ktx2 > /dev/null
printf 'texture_file line.ktx2 tiling=x\nlevels\n' > tiling.txt
if "$texunit" query tiling.txt > tiling.out 2> tiling.err; then fail "tiling=x on a 1D file is taken"; fi
grep -q '^texunit: tiling.txt:1: texture_file line.ktx2: .*tiling x' tiling.err ||
    fail "the refused tiling is not reported: $(cat tiling.err)"

# 64 KiB packed, 512 layers of one row each; Tile-64 pads every layer to a 64 KiB tile of
# 256 rows: 512 x 256 x 65536 = 8 GiB, twice the 4 GiB limit.
printf 'texture 2darray r8_unorm 65536 1 1 1 512 0 tiling=64\nsize 0\n' > big.txt
if "$texunit" query big.txt > big.out 2> big.err; then fail "an 8 GiB tiled texture is made"; fi
grep -q '^texunit: big.txt:1: texture: 8589934592 bytes is more than this tool.s 4294967296$' big.err ||
    fail "the tiled size is not the one refused: $(cat big.err)"
# the same shape, linear: 32 MiB, made
printf 'texture 2darray r8_unorm 65536 1 1 1 512 0\nsize 0\n' > small.txt
"$texunit" query small.txt > small.out || fail "the linear texture is refused: $(cat small.out)"
grep -qx '65536 1 512 0' small.out || fail "size 0 of the linear texture: $(cat small.out)"

# Subnormals: the smallest (1.4e-45 rounds to 2^-149) and one near 1e-40, in coordinates,
# the LOD, gradients and a sampler key; each line answers.
cat > sub.txt <<'CASES'
texture 2d rgba8_unorm 16 16 1 0 1 42
sampler min=nearest mag=nearest mip=nearest lod_bias=1e-40
lod 1.4e-45 1e-40 0 1e-40
grad 1e-40 0.5 0 1e-40 0 0 0 1e-40 0
lod 0.5 0.5 0 1e-50
lod 0.5 0.5 0 1e39
CASES
"$texunit" query sub.txt > sub.out 2> sub.err || true
[ "$(grep -c error sub.out)" = 2 ] || fail "subnormal lines are refused: $(cat sub.out)"
grep -q '^error: line 5: lod' sub.out || fail "1e-50 (below every subnormal) is taken"
grep -q '^error: line 6: lod' sub.out || fail "1e39 (above FLT_MAX) is taken"
exit $status
