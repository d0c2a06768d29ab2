#!/bin/sh
# SPDX-License-Identifier: MIT
# `texunit explain FILE LINE`: for every query line of examples/query.txt the result is the
# answer `texunit query` gives, a texel fetch names the byte offset of the packed layout,
# --json is one object with the same result, and a line that is not a query is refused.
#   check_explain.sh TEXUNIT SOURCE_DIR WORK_DIR
set -eu
texunit=$1 src=$2 work=$3
mkdir -p "$work"
cases="$src/examples/query.txt"
status=0
"$texunit" query "$cases" --echo > "$work/echo"
n=0
while IFS= read -r line; do
    n=$((n + 1))
    case $line in fetch*|lod*|grad*|cmp*|gather*|cmpgather*) ;; *) continue ;; esac
    # the answer after input line n of the echo (answers are the lines starting "    = ")
    want=$(awk -v n=$n 'found { sub(/^    = /, ""); print; exit }
                        !/^    = / { if (++k == n) found = 1 }' "$work/echo")
    got=$("$texunit" explain "$cases" $n | sed -n 's/^result: //p')
    [ "$got" = "$want" ] || { echo "FAIL: line $n: explain says '$got', query '$want'"; status=1; }
    json=$("$texunit" explain "$cases" $n --json | tr -d '\n')
    case $json in "{"*"\"result\": ["*"]}") ;; *) echo "FAIL: line $n: --json: $json" | head -c 300; status=1 ;; esac
done < "$cases"
# fetch 3 5 0 0 of a 16x16 RGBA8 texture: level 0 texel (3, 5) at (5 * 16 + 3) * 4 bytes
"$texunit" explain "$cases" 8 | grep -q "read (3, 5, 0) layer 0 level 0 sample 0 at byte $(( (5 * 16 + 3) * 4 )):" ||
    { echo "FAIL: the fetch's byte offset"; status=1; }
# the LOD step of a grad query: rho 4 along x, 1 along y (0.25 and 0.0625 of 16 texels)
"$texunit" explain "$cases" 14 | grep -q "rho_x 4  rho_y 1 texels per pixel" ||
    { echo "FAIL: the grad line's rho"; status=1; }
rc=0; "$texunit" explain "$cases" 6 > "$work/out" 2>&1 || rc=$?
[ $rc = 1 ] && grep -q "texunit: .*query.txt:6: line 6 is not a query" "$work/out" ||
    { echo "FAIL: a non-query line: exit $rc, $(cat "$work/out")"; status=1; }
# A lane of a vISA instruction: trilinear.visaasm's SIMD16 sample, lane 5; its reply is
# what `texunit run` writes to V32 (R in registers 0-1, G 2-3, B 4-5, A 6-7; lane 5 is the
# sixth value of registers 0, 2, 4 and 6 of examples/trilinear.expected).
kernel="$src/examples/trilinear.visaasm"
want=$(awk '/^V32\[[0246]\]:f/ { v = v (v ? " " : "") $7 } END { print "(" v ")" }' \
    "$src/examples/trilinear.expected")
got=$("$texunit" explain "$kernel" 18 5 | sed -n "s/^the lane's reply: //p")
[ "$got" = "$want" ] || { echo "FAIL: trilinear lane 5: explain says '$got', run '$want'"; status=1; }
"$texunit" explain "$kernel" 18 5 | grep -q "rho_x 8  rho_y 6.4" ||
    { echo "FAIL: trilinear lane 5's rho (8 texels across x, 6.4 down y)"; status=1; }
for bad in "16 0:not a sampler instruction" "18 16:lane 16 is outside the instruction's 16 lanes"; do
    rc=0; "$texunit" explain "$kernel" ${bad%%:*} > "$work/out" 2>&1 || rc=$?
    [ $rc = 1 ] && grep -qF "${bad#*:}" "$work/out" ||
        { echo "FAIL: explain $kernel ${bad%%:*}: exit $rc, $(cat "$work/out")"; status=1; }
done
# A thread of a TLD: tld.sass line 19 reads (5, 2) of a 16x8 RGBA8 block-linear texture,
# line 22 the same texel through a pitch header (64-byte rows): byte 5 * 4 + 2 * 64 = 148;
# block-linear, the Tegra X1 GOB order puts byte x = 20 of row 2 at
# (20 / 32) * 256 + (2 / 2) * 64 + (20 % 32 / 16) * 32 + (2 % 2) * 16 + 20 % 16 = 100.
sass="$src/examples/tld.sass"
"$texunit" explain "$sass" 19 1 | grep -q "read (5, 2, 0) layer 0 level 0 sample 0 at byte 100:" ||
    { echo "FAIL: tld.sass line 19 thread 1: not byte 100"; status=1; }
"$texunit" explain "$sass" 22 1 | grep -q "read (5, 2, 0) layer 0 level 0 sample 0 at byte 148:" ||
    { echo "FAIL: tld.sass line 22 thread 1: not byte 148"; status=1; }
"$texunit" explain "$sass" 19 2 | grep -q "^the lane's reply: (222 106 129 80)" ||
    { echo "FAIL: tld.sass line 19 thread 2's reply (R0..R3 of tld.expected: de 6a 81 50)"; status=1; }
rc=0; "$texunit" explain "$sass" 18 0 > "$work/out" 2>&1 || rc=$?
[ $rc = 1 ] && grep -q "tld.sass:18: not a TLD instruction" "$work/out" ||
    { echo "FAIL: explain tld.sass 18: exit $rc, $(cat "$work/out")"; status=1; }
exit $status
