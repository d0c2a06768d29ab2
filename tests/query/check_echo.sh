#!/bin/sh
# SPDX-License-Identifier: MIT
# `texunit query FILE --echo`: the file's lines as they are, each answer (or error) right
# after its query line as "    = ANSWER", the answers those of `texunit query FILE`.
#   check_echo.sh TEXUNIT SOURCE_DIR WORK_DIR
set -eu
texunit=$1 src=$2 work=$3
mkdir -p "$work"
status=0
cases="$work/cases.txt"
cat "$src/examples/query.txt" > "$cases"
printf 'fetch 1 2\nlevels\n' >> "$cases" # a malformed line, then one more answer
"$texunit" query "$cases" > "$work/plain" 2> "$work/stderr" || true
grep -q "^texunit: $cases:30: fetch takes" "$work/stderr" ||
    { echo "FAIL: the malformed line is not reported as texunit: FILE:LINE on stderr"; status=1; }
"$texunit" query "$cases" --echo > "$work/echo" || true
grep -v '^    = ' "$work/echo" | cmp -s - "$cases" || { echo "FAIL: --echo changed the lines"; status=1; }
sed -n 's/^    = //p' "$work/echo" | cmp -s - "$work/plain" ||
    { echo "FAIL: --echo answers differ from the plain answers"; status=1; }
# every answer follows a query line (not blank, comment, texture or sampler)
awk '/^    = / { if (prev ~ /^(#|$|texture|sampler)/ || prev == "") bad = 1 } { prev = $0 }
     END { exit bad }' "$work/echo" || { echo "FAIL: an answer follows a non-query line"; status=1; }
grep -q '^    = error: line 3[0-9]: ' "$work/echo" || { echo "FAIL: the error is not echoed"; status=1; }
exit $status
