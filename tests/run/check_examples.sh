#!/bin/sh
# SPDX-License-Identifier: MIT
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
# Line ends (texunit/text.h): every example saved with CRLF line ends gives the output of its
# LF original (vISA text, SASS text and `//!` directives through run, lower and asm; the query
# language through query).
crlf() { sed 's/$/\r/' "$1" > "$2"; }
for example in "$src"/examples/*.visaasm "$src"/examples/*.sass "$src"/examples/query.txt; do
    name=$(basename "$example")
    crlf "$example" "$work/crlf-$name"
    case $name in
    *.txt) cmds="query";;
    *.sass) cmds="run";;
    *) cmds="run lower asm";;
    esac
    for cmd in $cmds; do
        set -- "$cmd"
        [ "$cmd" = lower ] && set -- lower --target tgl
        [ "$cmd" = asm ] && set -- asm "" "$work/lf.bin"
        (cd "$src" && timeout 20 "$texunit" "$1" "examples/$name" ${2:+"$2"} ${3:+"$3"}) \
            > "$work/lf.out" 2>&1 || true
        [ "$cmd" = asm ] && set -- asm "" "$work/crlf.bin"
        (cd "$src" && timeout 20 "$texunit" "$1" "$work/crlf-$name" ${2:+"$2"} ${3:+"$3"}) \
            > "$work/crlf.out" 2>&1 || true
        sed "s|$work/crlf-$name|examples/$name|g; s|$work/crlf.bin|$work/lf.bin|g" \
            "$work/crlf.out" > "$work/crlf.cmp"
        if ! cmp -s "$work/lf.out" "$work/crlf.cmp" ||
           { [ "$cmd" = asm ] && ! cmp -s "$work/lf.bin" "$work/crlf.bin"; }; then
            echo "FAIL: texunit $cmd $name with CRLF line ends differs from LF:"
            diff "$work/lf.out" "$work/crlf.cmp" | head -10 || true
            status=1
        fi
    done
done
# Any other control character is refused at its line and column, in every format.
printf '.version 4.2\n.kernel k \013\n' > "$work/vt.visaasm"
printf '//! platform xe-lp\n//! emask\0140xff\n.version 4.2\n' > "$work/ff.visaasm"
printf '.lanes 1\n.lanes\0142\n' > "$work/ff.sass"
printf 'TLD.LZ R0, R4, 0, 2D, 0xf;\r.lanes 1\n' > "$work/cr.sass"
printf '# q\n\001texture 2d rgba8_unorm 4 4 1 1 1 1\n' > "$work/soh.txt"
for c in "run vt.visaasm:line 2, column 11: control character 0x0b" \
         "lower vt.visaasm:line 2, column 11: control character 0x0b" \
         "run ff.visaasm:line 2, column 10: control character 0x0c" \
         "run ff.sass:line 2, column 7: control character 0x0c" \
         "run cr.sass:line 1, column 27: control character 0x0d, a carriage return not followed" \
         "query soh.txt:line 2, column 1: control character 0x01"; do
    cmd=${c%% *} rest=${c#* } file=${rest%%:*} want=${rest#*:}
    set -- "$cmd" "$work/$file"
    [ "$cmd" = lower ] && set -- lower "$work/$file" --target tgl
    timeout 20 "$texunit" "$@" > "$work/out" 2>&1 || true
    if ! grep -qF "$want" "$work/out"; then
        echo "FAIL: texunit $cmd $file: expected \"$want\", got:"; cat "$work/out"; status=1
    fi
done
# The data-port examples through `texunit lower` on IVB, HSW and DG2 (the legacy data ports
# and the LSC with 32-byte GRFs), against dataport.lower.expected; IVB and HSW refuse their
# sampler messages by name, DG2 lowers them.
for target in ivb hsw dg2; do
    for name in split_send image_copy histogram; do
        echo "# texunit lower examples/$name.visaasm --target $target"
        (cd "$src" && "$texunit" lower "examples/$name.visaasm" --target "$target") 2>&1 ||
            echo "exit status $?"
    done
done > "$work/out"
if ! cmp -s "$work/out" "$src/examples/dataport.lower.expected"; then
    echo "FAIL: texunit lower of the data-port examples on ivb, hsw, dg2 differs from" \
         "dataport.lower.expected:"
    diff "$src/examples/dataport.lower.expected" "$work/out" | head -20 || true
    status=1
fi
for target in ivb hsw; do
    if (cd "$src" && "$texunit" lower examples/lower.visaasm --target "$target") \
           > "$work/out" 2>&1 ||
       ! grep -qF "target $target has no sampler lowering" "$work/out"; then
        echo "FAIL: texunit lower examples/lower.visaasm --target $target did not refuse the" \
             "sampler messages by name:"
        head -5 "$work/out"
        status=1
    fi
done
# The split-send write also through `texunit lower`: its physical message on TGL.
if ! (cd "$src" && "$texunit" lower examples/split_send.visaasm --target tgl) > "$work/out" 2>&1 ||
   ! cmp -s "$work/out" "$src/examples/split_send.lower.expected"; then
    echo "FAIL: texunit lower examples/split_send.visaasm differs from split_send.lower.expected:"
    diff "$src/examples/split_send.lower.expected" "$work/out" | head -20 || true
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
# clear= of an integer format takes integers, never a float converted out of range.
uint='texture 2d rgba8_uint 4 4 1 1 1 1'
refuse "//! surface 0 clear=nan,0,0,0 $uint" "surface: clear=nan,0,0,0 needs four numbers"
refuse "//! surface 0 clear=1e40,0,0,0 $uint" "surface: clear=1e40,0,0,0 needs four numbers"
refuse "//! surface 0 clear=4294967296,0,0,0 $uint" "integers in -2^31..2^32-1"
refuse "//! surface 0 clear=1,2,3 $tex" "surface: clear=1,2,3 needs four numbers"
refuse "//! dump surface 300 hex" "dump surface ' 300 hex': expected a binding-table index 0..255 and hex or texels"
refuse "//! dump surface 3 decimal" "expected a binding-table index 0..255 and hex or texels"
# A write through a surface bound without access=rw is refused, naming the line.
refuse "//! surface 3 texture buffer r32_uint 8 1 1 1 1 0
.decl A v_type=G type=ud num_elts=8 align=GRF
.decl T6 v_type=T num_elts=1
movs (M1_NM, 1) T6(0) 0x3:ud
dword_atomic.inc (M1, 8) T6 A.0 %null.0 %null.0 A.0" "line 5: UNTYPED_ATOMIC writes, but the surface is bound read-only"
# The bindless table holds 64 entries, surfaces and samplers together.
full=$(i=0; while [ $i -lt 64 ]; do echo "//! surface bindless $i $tex"; i=$((i + 1)); done)
refuse "$full
//! sampler bindless 64 min=linear" "too many bindless entries (at most 64)"
[ $status = 0 ] && echo "examples: every output as expected; raw blobs read and refused as they should"
exit $status
