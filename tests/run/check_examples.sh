#!/bin/sh
# Run every example through `texunit run` (examples/lower.visaasm through `texunit lower
# --target tgl`) and compare with its .expected output (the README shows parts of these),
# then a kernel whose surface comes from a raw blob.
#   check_examples.sh TEXUNIT SOURCE_DIR WORK_DIR
set -eu
texunit=$1 src=$2 work=$3
mkdir -p "$work"
status=0
for example in "$src"/examples/*.visaasm "$src"/examples/*.sass; do
    expected=${example%.*}.expected
    name=$(basename "$example")
    # examples/lower.visaasm shows `texunit lower`; the others `texunit run`
    if [ "$name" = lower.visaasm ]; then set -- lower "examples/$name" --target tgl
    else set -- run "examples/$name"; fi
    if ! (cd "$src" && "$texunit" "$@") > "$work/out" 2>&1 ||
       ! cmp -s "$work/out" "$expected"; then
        echo "FAIL: $(basename "$example") differs from $(basename "$expected"):"
        diff "$expected" "$work/out" | head -20 || true
        status=1
    fi
done
# examples/lower.visaasm runs as well as it lowers
if ! (cd "$src" && "$texunit" run examples/lower.visaasm) > "$work/out" 2>&1 ||
   ! cmp -s "$work/out" "$src/examples/lower.run.expected"; then
    echo "FAIL: texunit run examples/lower.visaasm differs from lower.run.expected:"
    diff "$src/examples/lower.run.expected" "$work/out" | head -20 || true
    status=1
fi
# The blob: bytes 0x10..0x17; texel (3, 1) is 0x17, (0, 0) 0x10, (1, 1) 0x15, (2, 0) 0x12,
# and lanes 4..7 read (0, 0).
printf '\020\021\022\023\024\025\026\027' > "$work/blob.bin"
sed "s|BLOB|$work/blob.bin|" "$src/tests/run/blob.visaasm" > "$work/blob.visaasm"
"$texunit" run "$work/blob.visaasm" > "$work/out"
if [ "$(cat "$work/out")" != "V42[0]:ud 0x17 0x10 0x15 0x12 0x10 0x10 0x10 0x10" ]; then
    echo "FAIL: the raw blob kernel printed:"; cat "$work/out"; status=1
fi
# A blob of the wrong size is refused with both sizes named.
printf '\020' > "$work/blob.bin"
if "$texunit" run "$work/blob.visaasm" > "$work/out" 2>&1 ||
   ! grep -q "has 1 bytes; the texture needs 8" "$work/out"; then
    echo "FAIL: a short blob was not refused:"; cat "$work/out"; status=1
fi
# Directive refusals name the directive and the value: refuse FILE_TEXT MESSAGE
refuse() {
    printf '%s\n' "$1" > "$work/bad.visaasm"
    if "$texunit" run "$work/bad.visaasm" > "$work/out" 2>&1 || ! grep -qF "$2" "$work/out"; then
        echo "FAIL: expected \"$2\" from:"; cat "$work/bad.visaasm"; cat "$work/out"; status=1
    fi
}
tex='texture 2d rgba8_unorm 4 4 1 1 1 1'
refuse "//! surface 256 $tex" "surface: expected a binding-table index 0..255 or 'bindless HANDLE', got '256'"
refuse "//! surface bindless $tex" "surface: expected a binding-table index 0..255 or 'bindless HANDLE', got 'texture'"
refuse "//! sampler x" "sampler: expected a sampler-state index 0..255 or 'bindless HANDLE', got 'x'"
refuse "//! sampler" "sampler: expected a sampler-state index 0..255 or 'bindless HANDLE', got ''"
# The bindless table holds 64 entries, surfaces and samplers together.
full=$(i=0; while [ $i -lt 64 ]; do echo "//! surface bindless $i $tex"; i=$((i + 1)); done)
refuse "$full
//! sampler bindless 64 min=linear" "too many bindless entries (at most 64)"
[ $status = 0 ] && echo "examples: every output as expected; raw blobs read and refused as they should"
exit $status
