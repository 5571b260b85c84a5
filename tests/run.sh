#!/bin/sh
# Runs every test suite and ends with one line "N passed, N failed".
# A suite is anything that prints "N passed, N failed" as its last such line:
#   build/asan/tests/test_*   C unit tests (AddressSanitizer + UBSan)
#   tests/lua/*_spec.lua      busted specs, against the sanitized module
#   tests/sh/*.sh             command-line, REPL and data-suite tests
# A suite that dies without that line counts as one failure.
cd "$(dirname "$0")/.." || exit 2
export LUA_PATH="$PWD/lua/?.lua;$PWD/lua/?/init.lua;;"
export LUA_CPATH="$PWD/build/lib/?.so;;"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export KOMADAI_HISTORY="${TMPDIR:-/tmp}/komadai-test-history.$$"
passed=0; failed=0; log=$(mktemp)

run_suite() { # name, command...
    name=$1; shift
    "$@" >"$log" 2>&1
    status=$?
    line=$(grep -E '^([A-Za-z]+: )?[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    if [ -z "$line" ]; then
        echo "FAIL $name: no result line (exit $status)"; tail -n 20 "$log"
        failed=$((failed + 1)); return
    fi
    p=$(echo "$line" | sed -E 's/^([A-Za-z]+: )?([0-9]+) passed, ([0-9]+) failed.*/\2/')
    f=$(echo "$line" | sed -E 's/^([A-Za-z]+: )?([0-9]+) passed, ([0-9]+) failed.*/\3/')
    if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
    passed=$((passed + p)); failed=$((failed + f))
    if [ "$f" -ne 0 ]; then
        echo "FAIL $name: $p passed, $f failed"; grep -E '^(not ok|FAIL|#)' "$log" | head -n 40
        [ "$(grep -cE '^(not ok|FAIL)' "$log")" -eq 0 ] && tail -n 20 "$log"
    else
        echo "ok   $name: $p passed"
    fi
}

for t in build/asan/tests/test_*; do
    case $t in *.d|*.o) continue;; esac
    [ -x "$t" ] && run_suite "$(basename "$t")" "$t"
done

busted_tap() { # a spec file under the sanitized module, TAP summed into one line
    LD_PRELOAD="$(cc -print-file-name=libasan.so)" ASAN_OPTIONS="detect_leaks=0:abort_on_error=1" \
    LUA_CPATH="$PWD/build/asan/lib/?.so;;" busted --lua=lua5.4 -o TAP "$1" 2>&1 |
        awk '/^ok /{p++} /^not ok /{f++; print} /^#/{print} {print > "/dev/stderr"}
             END{printf "%d passed, %d failed\n", p, f}'
}
for s in tests/lua/*_spec.lua; do
    [ -f "$s" ] && run_suite "$(basename "$s")" busted_tap "$s"
done

for s in tests/sh/*.sh; do
    [ -f "$s" ] && run_suite "$(basename "$s")" sh "$s"
done

rm -f "$log" "$KOMADAI_HISTORY"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
