#!/bin/sh
# SPDX-License-Identifier: MIT
# `texunit disasm FILE.bin` without the kernel prints the declarations it infers and every
# operand `asm` prints, so its output assembles again to the same bytes: checked for every
# example kernel.
#   check_disasm.sh TEXUNIT SOURCE_DIR WORK_DIR
set -eu
texunit=$1 src=$2 work=$3
mkdir -p "$work"
status=0
for example in "$src"/examples/*.visaasm; do
    name=$(basename "$example" .visaasm)
    "$texunit" asm "$example" "$work/$name.bin"
    platform=$(sed -n 's|^//! platform \([a-z0-9-]*\).*|\1|p' "$example")
    "$texunit" disasm "$work/$name.bin" --platform "${platform:-xe-lp}" > "$work/$name.visaasm"
    grep -qx "//! platform ${platform:-xe-lp}" "$work/$name.visaasm" ||
        { echo "FAIL: $name: disasm's text lacks //! platform ${platform:-xe-lp}"; status=1; }
    if ! "$texunit" asm "$work/$name.visaasm" "$work/$name.again.bin" 2> "$work/$name.err" ||
       ! cmp -s "$work/$name.bin" "$work/$name.again.bin"; then
        echo "FAIL: $name: disasm's text does not assemble to the same bytes:"
        cat "$work/$name.err" "$work/$name.visaasm"
        status=1
    fi
    grep -q '^\.decl ' "$work/$name.visaasm" || { echo "FAIL: $name: no .decl lines"; status=1; }
    # with the kernel, the instructions read as `asm` prints them (names and %null.0)
    "$texunit" disasm "$work/$name.bin" "$example" > "$work/$name.named"
    "$texunit" asm "$example" | sed 's|.*  // ||' | cmp -s - "$work/$name.named" ||
        { echo "FAIL: $name: disasm with the kernel differs from asm's text"; status=1; }
done
[ $status = 0 ] && echo "disasm: every example assembles again to the same bytes"
exit $status
