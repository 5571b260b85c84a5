#!/bin/sh
# Runs the test suites and ends with one line "N passed, N failed, N skipped".
#   sh tests/run.sh [PATTERN]   only the suites whose file name holds PATTERN (a
#                               plain substring: "notation" runs test_notation,
#                               notation_spec.lua and any *notation*.sh)
# (`make test T=PATTERN` builds what those suites need, then runs this.)
# The suites:
#   build/asan/tests/test_*   C unit tests (AddressSanitizer + UBSan), one per tests/c/test_*.c
#   tests/lua/*_spec.lua      busted specs, against the sanitized module
#   tests/sh/*.sh             command-line, REPL and data-suite tests (harness: tests/lib.sh)
# A suite's result is its last line "N passed, N failed" (", N skipped" may
# follow: the parts it skipped).  A suite that dies without that line counts as
# one failure.  A suite that cannot run at all (a program or an outside anchor
# missing) prints "skip: WHY" and exits with status 77 (as automake's tests do):
# it is counted as one skipped suite, shown as "skip NAME: WHY".  A C test or
# spec whose binary, module or busted is missing is skipped the same way, and
# a busted pending() (a spec's program not installed) is a skipped part.
# The closing count of skipped is the skipped suites plus the skipped parts.
cd "$(dirname "$0")/.." || exit 2
PATTERN=${1:-}
export LUA_PATH="$PWD/lua/?.lua;$PWD/lua/?/init.lua;;"
export LUA_CPATH="$PWD/build/lib/?.so;;"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export KOMADAI_HISTORY="${TMPDIR:-/tmp}/komadai-test-history.$$"
SKIP=77
passed=0; failed=0; skipped=0; suites=0; log=$(mktemp)

wanted() { case $1 in *"$PATTERN"*) true;; *) false;; esac; }
skip_suite() { # name, why
    echo "skip $1: $2"; skipped=$((skipped + 1))
}

RESULT='^([A-Za-z]+: )?[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?'
run_suite() { # name, command...
    name=$1; shift
    suites=$((suites + 1))
    "$@" >"$log" 2>&1
    status=$?
    if [ "$status" -eq "$SKIP" ]; then
        why=$(sed -n 's/^skip: //p' "$log" | tail -n 1)
        skip_suite "$name" "${why:-exit status $SKIP, no reason given}"; return
    fi
    line=$(grep -E "$RESULT" "$log" | tail -n 1)
    if [ -z "$line" ]; then
        echo "FAIL $name: no result line (exit $status)"; tail -n 20 "$log"
        failed=$((failed + 1)); return
    fi
    counts=$(echo "$line" | sed -E 's/^([A-Za-z]+: )?([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) skipped)?.*/\2 \3 \5/')
    set -- $counts
    p=$1; f=$2; s=${3:-0}
    if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
    passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
    more=""; [ "$s" -gt 0 ] && more=", $s skipped"
    if [ "$f" -ne 0 ]; then
        echo "FAIL $name: $p passed, $f failed$more"; grep -E '^(not ok|FAIL|#)' "$log" | head -n 40
        [ "$(grep -cE '^(not ok|FAIL)' "$log")" -eq 0 ] && tail -n 20 "$log"
    else
        echo "ok   $name: $p passed$more"
    fi
    [ "$s" -gt 0 ] && grep -E '^skip: ' "$log" | sed 's/^/     /'
}

for src in tests/c/test_*.c; do
    [ -f "$src" ] || continue
    name=$(basename "$src" .c); t=build/asan/tests/$name
    wanted "$name" || continue
    if [ -x "$t" ]; then run_suite "$name" "$t"
    else suites=$((suites + 1)); skip_suite "$name" "$t is not built (make $t)"; fi
done

busted_tap() { # a spec file under the sanitized module, TAP summed into one line (pending: skipped)
    LD_PRELOAD="$(cc -print-file-name=libasan.so)" ASAN_OPTIONS="detect_leaks=0:abort_on_error=1" \
    LUA_CPATH="$PWD/build/asan/lib/?.so;;" busted --lua=lua5.4 -o TAP "$1" 2>&1 |
        awk '/^ok [0-9]+ - # SKIP /{s++; sub(/^ok [0-9]+ - # SKIP /, "skip: "); print; next}
             /^ok /{p++} /^not ok /{f++; print} /^#/{print} {print > "/dev/stderr"}
             END{printf "%d passed, %d failed, %d skipped\n", p, f, s}'
}
for s in tests/lua/*_spec.lua; do
    [ -f "$s" ] || continue
    name=$(basename "$s"); wanted "$name" || continue
    if ! command -v busted >/dev/null 2>&1; then
        suites=$((suites + 1)); skip_suite "$name" "busted is not installed (make test-deps, Debian package lua-busted)"
    elif [ ! -f build/asan/lib/shogi/core.so ]; then
        suites=$((suites + 1)); skip_suite "$name" "build/asan/lib/shogi/core.so is not built (make build/asan/lib/shogi/core.so)"
    else
        run_suite "$name" busted_tap "$s"
    fi
done

for s in tests/sh/*.sh; do
    [ -f "$s" ] || continue
    name=$(basename "$s"); wanted "$name" || continue
    run_suite "$name" sh "$s"
done

rm -f "$log" "$KOMADAI_HISTORY"
if [ "$suites" -eq 0 ]; then
    echo "no suite's name holds '$PATTERN' (tests/c/test_*.c, tests/lua/*_spec.lua, tests/sh/*.sh)"
    exit 2
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
