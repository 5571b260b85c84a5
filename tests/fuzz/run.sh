#!/bin/sh
# Runs every fuzz target of build/fuzz/: first it replays the committed corpus
# (tests/fuzz/corpus/<target>/: seeds and the minimized inputs of fixed
# findings, regress-*), then fuzzes for SECONDS, with new inputs kept in
# build/fuzz/corpus/<target>/ and findings written to build/fuzz/findings/.
# One line per target (seconds, executions, findings, also appended to
# build/fuzz/figures.tsv), then "N passed, N failed" (a replay or a fuzz run
# with a finding fails).
#   sh tests/fuzz/run.sh [SECONDS] [TARGET...]
cd "$(dirname "$0")/../.." || exit 2
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-$(ls tests/fuzz/fuzz_*.c | sed 's|.*/||; s|\.c$||')}
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
passed=0; failed=0
mkdir -p build/fuzz/findings
log=$(mktemp)
for t in $targets; do
    bin=build/fuzz/$t
    if [ ! -x "$bin" ]; then
        echo "FAIL $t: $bin not built (make $bin)"; failed=$((failed + 1)); continue
    fi
    seeds=tests/fuzz/corpus/$t
    if "$bin" -runs=0 -timeout=20 -handle_xcpu=0 -artifact_prefix="build/fuzz/findings/replay-$t-" "$seeds" >"$log" 2>&1; then
        echo "ok   $t: replayed $(ls "$seeds" | wc -l) inputs"; passed=$((passed + 1))
    else
        echo "FAIL $t: replaying $seeds"; tail -n 30 "$log"; failed=$((failed + 1))
    fi
    work=build/fuzz/corpus/$t
    mkdir -p "$work"
    before=$(ls build/fuzz/findings | grep -c "^$t-")
    "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -handle_xcpu=0 -print_final_stats=1 \
        -artifact_prefix="build/fuzz/findings/$t-" "$work" "$seeds" >"$log" 2>&1
    status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    found=$(( $(ls build/fuzz/findings | grep -c "^$t-") - before ))
    printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "$t" "$seconds" "${execs:-0}" "$found" \
        >>build/fuzz/figures.tsv
    if [ "$status" -eq 0 ] && [ "$found" -eq 0 ]; then
        echo "ok   $t: fuzzed $seconds s, ${execs:-0} executions, no finding"; passed=$((passed + 1))
    else
        echo "FAIL $t: fuzzed $seconds s, ${execs:-0} executions, $found finding(s) (exit $status)"
        grep -E "^(==|SUMMARY|finding:|\s+#[0-9])" "$log" | head -n 30
        ls build/fuzz/findings | grep "^$t-" | sed 's|^|  build/fuzz/findings/|'
        failed=$((failed + 1))
    fi
done
rm -f "$log"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
