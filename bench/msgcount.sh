#!/bin/sh
# SPDX-License-Identifier: MIT
# msgcount.sh [BUILD] [N]: instructions per SIMD16 message (callgrind) of W1-W6, on a
# binding (tu_execute_bound) and through tu_execute, and their ratio (docs/bindings.md).
# Needs valgrind; build the target first: cmake --build build --target msgcount
BUILD=${1:-build}
N=${2:-500}
BIN=$BUILD/bench/msgcount
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
count() {
    valgrind --tool=callgrind --callgrind-out-file="$OUT" --toggle-collect=msgcount_run \
        "$BIN" "$1" "$2" "$N" >/dev/null 2>&1 || { echo "msgcount $1 $2 failed" >&2; exit 1; }
    echo $(($(sed -n 's/^summary: //p' "$OUT") / N))
}
printf '%-4s %12s %12s %8s\n' W bound execute ratio
for w in 1 2 3 4 5 6; do
    b=$(count "$w" bound) || exit 1
    e=$(count "$w" execute) || exit 1
    printf 'W%-3s %12s %12s %8s\n' "$w" "$b" "$e" "$(awk -v e="$e" -v b="$b" 'BEGIN { printf "%.3f", e / b }')"
done
