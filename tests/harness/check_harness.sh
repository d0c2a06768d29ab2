#!/bin/sh
# SPDX-License-Identifier: MIT
# What a failing test prints (tests/tu_test.h): each failure names the file, line, case,
# both expressions and both values; a program whose random cases failed names the
# TEXUNIT_TEST_SEED that repeats them; TEXUNIT_TEST_CASE runs one case alone.
#   check_harness.sh TEST_HARNESS WORK_DIR
. "$(dirname "$0")/../tool_check.sh" # its TEXUNIT argument is the harness here
harness=$texunit
expect() { # expect FILE PATTERN: an extended regular expression some line of FILE matches
    grep -Eq -- "$2" "$1" || fail "$1 lacks /$2/: $(cat "$1")"
}

if "$harness" fail > fail.out 2> fail.err; then fail "a failing run exits 0"; fi
expect fail.err '^FAIL .*test_harness\.c:[0-9]+ in failing_case: two \+ 1 == 4: 3 \(0x3\) != 4 \(0x4\)$'
expect fail.err '^FAIL .* in failing_case: minus \* 2 == -5: -6 != -5$'
expect fail.err '^FAIL .* in failing_case: "texel" == "texels": "texel" != "texels"$'
expect fail.err '^FAIL .* in failing_case: TU_OK: status TU_OK, wanted TU_INVALID_ARGUMENT'
expect fail.err '^FAIL .* in failing_case: TU_OK: message "" lacks "width"$'
expect fail.err '^FAIL .* in failing_case: two > 5: two is 2$'
expect fail.err '^random cases ran with TEXUNIT_TEST_SEED=0 '
expect fail.out '^failing_case +FAILED$'
expect fail.out '^passing_case +ok$'

TEXUNIT_TEST_SEED=77 "$harness" fail > seed.out 2> seed.err || true
expect seed.err '^random cases ran with TEXUNIT_TEST_SEED=77 '
TEXUNIT_TEST_SEED=77 "$harness" > seed2.out
grep '^draw' seed.out > a.draw
grep '^draw' seed2.out > b.draw
grep '^draw' fail.out > c.draw
cmp -s a.draw b.draw || fail "one seed drew two sequences: $(cat a.draw) / $(cat b.draw)"
if cmp -s a.draw c.draw; then fail "TEXUNIT_TEST_SEED=77 drew the fixed sequence"; fi

if TEXUNIT_TEST_SEED=banana "$harness" > bad.out 2> bad.err; then fail "a bad seed is taken"; fi
expect bad.err '^TEXUNIT_TEST_SEED="banana" is not a number'

TEXUNIT_TEST_CASE=seeded_case "$harness" fail > one.out 2> one.err || fail "one case alone failed"
expect one.out '^seeded_case +ok$'
if grep -q 'passing_case\|failing_case' one.out; then fail "other cases ran: $(cat one.out)"; fi

if TEXUNIT_TEST_CASE=no_such_case "$harness" > none.out 2> none.err; then
    fail "a case name that matches nothing is taken"
fi
expect none.err 'TEXUNIT_TEST_CASE="no_such_case" names no case of this program'

[ $status = 0 ] && echo "check_harness: every failure format as documented"
exit $status
