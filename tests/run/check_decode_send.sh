#!/bin/sh
# SPDX-License-Identifier: MIT
# The runs `texunit help decode-send` shows are what decode-send prints: each "$ texunit
# decode-send ..." line of the help is run, and the lines after it ("..." skips any number)
# must be its output, in order; the exit status is 0 for "texunit executes it", 1 for "texunit
# refuses it". Also the usage errors (exit 2).
#   check_decode_send.sh TEXUNIT WORK_DIR
. "$(dirname "$0")/../tool_check.sh"
"$texunit" help decode-send > help.txt
awk '/^  \$ texunit decode-send / { n++; sub(/^  \$ texunit /, ""); print > ("cmd" n); next }
     n && /^  / { sub(/^  /, ""); print > ("want" n) }
     n && !/^  / { n_done = 1 }' help.txt
runs=0
for cmd in cmd*; do
    [ -e "$cmd" ] || { fail "help decode-send shows no run"; break; }
    k=${cmd#cmd}
    set +e
    # shellcheck disable=SC2046
    "$texunit" $(cat "$cmd") > "got$k"
    rc=$?
    set -e
    runs=$((runs + 1))
    # every wanted line in order, "..." skipping lines
    if ! awk 'NR == FNR { want[++w] = $0; next }
              { got[++g] = $0 }
              END { j = 1
                    for (i = 1; i <= w; i++) {
                        if (want[i] == "...") { skip = 1; continue }
                        while (j <= g && got[j] != want[i] && skip) j++
                        if (j > g || got[j] != want[i]) { print "missing: " want[i]; exit 1 }
                        j++; skip = 0 }
                    if (!skip && j <= g) { print "more than shown: " got[j]; exit 1 } }' \
            "want$k" "got$k"; then
        fail "decode-send $(cat "$cmd"): the output differs from its help"
        cat "got$k"
    fi
    last=$(tail -n 1 "got$k")
    case $last in
    "texunit executes it"*) [ "$rc" = 0 ] || fail "$(cat "$cmd"): exit $rc after executes" ;;
    "texunit refuses it"*) [ "$rc" = 1 ] || fail "$(cat "$cmd"): exit $rc after refuses" ;;
    *) fail "$(cat "$cmd"): no verdict: $last" ;;
    esac
done
for bad in "decode-send 0x1" "decode-send 0x1 2 --target pvc" "decode-send zz 2 --target tgl" \
    "decode-send 1 2 --target tgl --sfid 16"; do
    set +e
    # shellcheck disable=SC2086
    "$texunit" $bad > /dev/null 2> err.txt
    rc=$?
    set -e
    [ "$rc" = 2 ] && [ -s err.txt ] || fail "$bad: exit $rc, not a usage error"
done
[ "$status" = 0 ] && echo "decode-send prints the $runs runs its help shows"
exit "$status"
