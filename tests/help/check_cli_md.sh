#!/bin/sh
# SPDX-License-Identifier: MIT
# docs/cli.md is what `texunit help --markdown` prints: the committed CLI reference has not
# drifted from the help table. On a difference it prints the diff and how to regenerate.
# The README's table of commands lists the same commands with the same summaries.
#   check_cli_md.sh TEXUNIT SOURCE_DIR WORK_DIR
set -eu
texunit=$1 top=$2 work=$3
mkdir -p "$work"
"$texunit" help --markdown > "$work/cli.md"
if ! cmp -s "$top/docs/cli.md" "$work/cli.md"; then
    echo "FAIL: docs/cli.md differs from \`texunit help --markdown\` (- committed, + generated):"
    diff -u "$top/docs/cli.md" "$work/cli.md" | head -60 || true
    echo "regenerate it from the source directory with:"
    echo "  $texunit help --markdown > docs/cli.md"
    exit 1
fi
"$texunit" help | awk '/^commands:/ {on = 1; next} on && /^$/ {exit}
                      on {name = $1; sub(/^ *[^ ]+ +/, ""); print "| `texunit " name "` | " $0 " |"}' \
    > "$work/readme_commands"
grep '^| `texunit ' "$top/README.md" > "$work/readme_table" || true
if ! cmp -s "$work/readme_commands" "$work/readme_table"; then
    echo "FAIL: README.md's table of commands differs from \`texunit help\` (- README, + help):"
    diff -u "$work/readme_table" "$work/readme_commands" || true
    exit 1
fi
echo "docs/cli.md matches \`texunit help --markdown\`, and README.md's commands \`texunit help\`"
