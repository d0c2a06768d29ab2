#!/bin/sh
# SPDX-License-Identifier: MIT
# The man page and `texunit help` say the same: the built texunit.1 is what `help --man`
# prints, each command's man section reads (roff escapes undone) exactly as `help CMD` and
# `CMD --help`, the overview lists the same commands, every TYPE that help lists is one
# `gen` takes, and --version prints the project version.
#   check_help.sh TEXUNIT MANPAGE VERSION WORK_DIR
set -eu
texunit=$1 man=$2 version=$3 work=$4
mkdir -p "$work"
status=0
fail() { echo "FAIL: $*"; status=1; }

"$texunit" help --man > "$work/man.1"
cmp -s "$work/man.1" "$man" || fail "$man is not what \`texunit help --man\` prints"

# The commands of the man page, in order, and of the overview.
sed -n 's/^\.SS //p' "$man" > "$work/man_commands"
"$texunit" help | awk '/^commands:/ {on = 1; next} on && /^$/ {exit} on {print $1}' \
    > "$work/help_commands"
cmp -s "$work/man_commands" "$work/help_commands" ||
    fail "the man page's commands ($(tr '\n' ' ' < "$work/man_commands")) differ from help's"
[ -s "$work/man_commands" ] || fail "no commands in $man"

while read -r name; do
    # The section's no-fill block, with \& \- \e undone.
    awk -v n="$name" '$0 == ".SS " n {on = 1; next} on && $0 == ".nf" {next}
                      on && $0 == ".fi" {exit} on {print}' "$man" |
        sed -e 's/^\\&//' -e 's/\\-/-/g' -e 's/\\e/\\/g' > "$work/man_$name"
    "$texunit" help "$name" > "$work/help_$name"
    cmp -s "$work/man_$name" "$work/help_$name" || {
        fail "man section $name differs from \`texunit help $name\`:"
        diff "$work/help_$name" "$work/man_$name" | head -10
    }
    "$texunit" "$name" --help > "$work/flag_$name" 2>&1 || true
    cmp -s "$work/flag_$name" "$work/help_$name" || fail "\`texunit $name --help\` differs from help"
done < "$work/man_commands"

# Every listed type is one gen takes (and `buffer`, which gen refuses, is not listed).
types=$("$texunit" help | awk '/^TYPES:/ {getline; print; exit}')
[ -n "$types" ] || fail "help lists no TYPES"
for t in $types; do
    layers=1 h=4
    case $t in cube*) layers=6 ;; 1d*) h=1 ;; esac
    "$texunit" gen "$t" rgba8_unorm 4 $h 1 1 $layers 1 "$work/t.ktx2" > /dev/null ||
        fail "help lists TYPE $t, which gen refuses"
done
"$texunit" gen buffer rgba8_unorm 4 1 1 1 1 1 "$work/t.ktx2" > /dev/null 2>&1 &&
    fail "gen takes buffer; list it in help"

# Every listed pattern is one gen takes in place of SEED, and every pattern of the library
# is listed (the library's names are those tu_pattern_name returns; unknown names refused).
patterns=$("$texunit" help | awk '/^PATTERNS:/ {on = 1; next} on && /^$/ {exit}
                                 on && $1 ~ /^[a-z]+$/ && NF > 1 && $2 != "pattern" {print $1}')
[ "$(echo $patterns)" = "hash checker gradient levels grid" ] ||
    fail "help lists the patterns '$(echo $patterns)'"
for p in $patterns; do
    "$texunit" gen 2d rgba8_unorm 4 4 1 1 1 "$p" "$work/t.ktx2" > /dev/null ||
        fail "help lists pattern $p, which gen refuses"
done
"$texunit" gen 2d rgba8_unorm 4 4 1 1 1 stripes "$work/t.ktx2" > /dev/null 2>&1 &&
    fail "gen takes an unknown pattern"

[ "$("$texunit" --version)" = "texunit $version" ] || fail "--version: $("$texunit" --version)"
[ "$("$texunit" -h)" = "$("$texunit" help)" ] || fail "-h differs from help"
[ "$("$texunit" --help)" = "$("$texunit" help)" ] || fail "--help differs from help"
exit $status
