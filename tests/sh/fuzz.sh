#!/bin/sh
# make test's share of fuzzing, without clang: every fuzz target built with gcc
# and the sanitizers (build/asan/fuzz/, main in tests/fuzz/replay.c) replays its
# committed corpus (tests/fuzz/corpus/<target>/), then runs mutations of it for
# FUZZ_TEST_SECONDS (default 4) seconds; `make fuzz` runs libFuzzer longer.
# Findings go to build/asan/fuzz/findings/.  Last line: "N passed, N failed".
. "$(dirname "$0")/../lib.sh"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
log=$tmp/log
findings=build/asan/fuzz/findings
for src in tests/fuzz/fuzz_*.c; do
    t=$(basename "$src" .c)
    bin=build/asan/fuzz/$t
    if [ ! -x "$bin" ]; then
        skip "$t: $bin is not built (make $bin)"; continue
    fi
    seeds=tests/fuzz/corpus/$t
    if "$bin" -findings "$findings" "$seeds" >"$log" 2>&1; then
        echo "ok   $t: $(tail -n 1 "$log")"; ok
    else
        fail "$t: replaying $seeds"; tail -n 30 "$log"
    fi
    if "$bin" -findings "$findings" -mutate "${FUZZ_TEST_SECONDS:-4}" "$seeds" >"$log" 2>&1; then
        echo "ok   $t: $(tail -n 1 "$log")"; ok
    else
        fail "$t: mutations of $seeds"; grep -E "^(==|SUMMARY|finding:|replay:|\s+#[0-9])" "$log" | head -n 30
    fi
done
end_suite
