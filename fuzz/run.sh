#!/bin/sh
# SPDX-License-Identifier: MIT
# fuzz/run.sh BUILD SECONDS [RUNS]: run every libFuzzer target built in BUILD for SECONDS each
# (or until RUNS executions, when RUNS is given, whichever comes first), FUZZ_JOBS at a time
# (default 1), and print a table: target, executions, executions per second, coverage
# (libFuzzer's final "cov:", the edges reached) and crashes (inputs saved as crash-, leak-,
# timeout- or oom- artifacts). Used by `make fuzz` and `make fuzz-long`.
#
# Each target starts from the corpus checked in under fuzz/corpus/<target>/ (read only: new
# inputs go to BUILD/corpus/<target>/, which is kept between runs) with its dictionary
# fuzz/<target>.dict when there is one. Logs: BUILD/logs/<target>.log; what crashed:
# BUILD/artifacts/<target>/. FUZZ_TARGETS="fuzz_a fuzz_b" runs only those. FUZZ_TIMEOUT=N
# (seconds, default 25) is libFuzzer's -timeout: wall-clock time, so a long run at nice 19
# beside other work needs more (a starved runner saves inputs that run in a second).
# Exit status 0 when nothing crashed.
set -u
build=$1
seconds=$2
runs=${3:-}
timeout=${FUZZ_TIMEOUT:-25}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$build/logs" "$build/corpus" "$build/artifacts"
targets=${FUZZ_TARGETS:-$(cd "$build" && ls -d fuzz_* 2>/dev/null | grep -v '\.' )}
table="$build/logs/summary.txt"
printf '%-20s %12s %9s %7s %8s\n' target execs exec/s cov crashes | tee "$table"
failed=0
# The failing inputs saved in $1 (libFuzzer's slow-unit- files only say an input took long,
# which a stopped or starved process makes any input do).
failures() {
    ls "$1" | grep -c -E '^(crash|leak|timeout|oom)-' || true
}
# Runs target $1 and writes its table row to $build/logs/$1.row, its failure report (when it
# failed) to $build/logs/$1.failed.
run_one() {
    name=$1
    bin="$build/$name"
    rm -f "$build/logs/$name.row" "$build/logs/$name.failed"
    if [ ! -x "$bin" ]; then
        printf '%-20s %12s\n' "$name" "not built" > "$build/logs/$name.row"
        echo "$name: not built" > "$build/logs/$name.failed"
        return
    fi
    scratch="$build/corpus/$name"
    artifacts="$build/artifacts/$name"
    mkdir -p "$scratch" "$artifacts"
    log="$build/logs/$name.log"
    set -- -max_total_time="$seconds" -timeout="$timeout" -print_final_stats=1 \
        -artifact_prefix="$artifacts/"
    [ -n "$runs" ] && set -- "$@" -runs="$runs"
    [ -f "$here/$name.dict" ] && set -- "$@" -dict="$here/$name.dict"
    set -- "$@" "$scratch"
    [ -d "$here/corpus/$name" ] && set -- "$@" "$here/corpus/$name"
    before=$(failures "$artifacts")
    "$bin" "$@" > "$log" 2>&1
    rc=$?
    crashes=$(($(failures "$artifacts") - before))
    [ $rc != 0 ] && [ $crashes = 0 ] && crashes=1 # a failure that saved no input
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(sed -n 's/.* cov: \([0-9]*\) .*/\1/p' "$log" | tail -1)
    printf '%-20s %12s %9s %7s %8s\n' "$name" "${execs:-?}" "${rate:-?}" "${cov:-?}" \
        "$crashes" > "$build/logs/$name.row"
    if [ $crashes != 0 ]; then
        {
            echo "--- $name failed (exit $rc); the end of $log:"
            tail -40 "$log"
            ls "$artifacts"
        } > "$build/logs/$name.failed"
    fi
}
# FUZZ_JOBS targets at a time (default 1); the rows are printed in the targets' order.
jobs=${FUZZ_JOBS:-1}
batch=""
flush() {
    wait
    for name in $batch; do
        cat "$build/logs/$name.row" | tee -a "$table"
        if [ -f "$build/logs/$name.failed" ]; then
            failed=1
            cat "$build/logs/$name.failed"
        fi
    done
    batch="" n=0
}
n=0
for name in $targets; do
    run_one "$name" &
    batch="$batch $name" n=$((n + 1))
    [ $n -ge "$jobs" ] && flush
done
flush
exit $failed
