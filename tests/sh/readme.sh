#!/bin/sh
# The README's REPL session, typed as a new user would (through a pipe): every
# line must run without an error, and a few answers must be what it promises.
. "$(dirname "$0")/../lib.sh"
sed -n 's/^    > //p' README.md | sed 's/  \{1,\}--.*$//' > "$tmp/in"
KOMADAI_HISTORY= build/komadai < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
status=$?
check() { # name, condition
    if eval "$2"; then ok; else fail "$1"; fi
}
check "the README session has lines" '[ "$(wc -l < "$tmp/in")" -ge 10 ]'
check "it runs without an error (exit $status)" '[ $status -eq 0 ] && [ ! -s "$tmp/err" ]'
[ -s "$tmp/err" ] && head -n 10 "$tmp/err"
check "perft(4) answers 719731" 'grep -qx 719731 "$tmp/out"'
check "the record reads and writes as CSA" 'grep -q "^N+藤井聡太王位" "$tmp/out"'
check "the solver finds the mate" 'grep -q "status = \"mate\"" "$tmp/out"'
check "the Japanese move list" 'grep -q "▲７六歩" "$tmp/out"'
end_suite
