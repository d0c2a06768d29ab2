#!/bin/sh
# SPDX-License-Identifier: MIT
# docs/cli.md is what `texunit help --markdown` prints: the committed CLI reference has not
# drifted from the help table. On a difference it prints the diff and how to regenerate.
#   check_cli_md.sh TEXUNIT SOURCE_DIR WORK_DIR
set -eu
texunit=$1 src=$2 work=$3
mkdir -p "$work"
"$texunit" help --markdown > "$work/cli.md"
if ! cmp -s "$src/docs/cli.md" "$work/cli.md"; then
    echo "FAIL: docs/cli.md differs from \`texunit help --markdown\` (- committed, + generated):"
    diff -u "$src/docs/cli.md" "$work/cli.md" | head -60 || true
    echo "regenerate it from the source directory with:"
    echo "  $texunit help --markdown > docs/cli.md"
    exit 1
fi
echo "docs/cli.md matches \`texunit help --markdown\`"
