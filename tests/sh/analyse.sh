#!/bin/sh
# scripts/analyse: a record's moves scored by the built-in search, a bot file and Debian's
# fairy-stockfish; the annotated record (read back, in both encodings), the graph, progress on a
# terminal only, and every usage error.  Last line: "N passed, N failed".
. "$(dirname "$0")/../lib.sh"
A=$PWD/scripts/analyse
R=tests/data/records/skc__oui202106290101.kif
PATH=$PATH:/usr/games; export PATH

bad() { fail "$1"; echo "  stdout: $(head -c 1500 "$tmp/out")"; echo "  stderr: $(head -c 600 "$tmp/err")"; }
run() { "$A" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; }
out_has() { grep -qF -- "$1" "$tmp/out"; }
err_has() { grep -qF -- "$1" "$tmp/err"; }

run "$R:20" --depth 2 --out "$tmp/a.kifu" --graph "$tmp/a.svg"
expect "built-in, 20 moves" 0 '[ "$(grep -Ec "^ +[0-9]+ [▲△]" "$tmp/out")" -eq 20 ]' \
    'out_has "   1 ▲２六歩"' 'grep -Eq "^(no move lost 300|the moves that lost the most:)" "$tmp/out"' '[ ! -s "$tmp/err" ]'
expect "the annotated record reads back with every move's score" 0 \
    '[ "$(grep -c "^\*#評価値=-\{0,1\}[0-9]" "$tmp/a.kifu")" -eq 20 ]' 'grep -q "^\*#読み筋=[▲△]" "$tmp/a.kifu"' \
    'grep -q "^\*#エンジン=komadai " "$tmp/a.kifu"' 'grep -q "^\*令和の天才か" "$tmp/a.kifu"' \
    'scripts/convert "$tmp/a.kifu" "$tmp/a.usi" && [ "$(wc -w <"$tmp/a.usi")" -eq 23 ]'
expect "the graph is SVG" 0 'xmllint --noout "$tmp/a.svg"' 'grep -q "<polyline" "$tmp/a.svg"'

run "$R:6" --depth 1 --out "$tmp/b.kif" --graph "$tmp/b.png"
expect ".kif in Shift_JIS, .png drawn" 0 'iconv -f cp932 -t utf-8 "$tmp/b.kif" | grep -q "^\*#評価値="' \
    '! grep -q "#評価値" "$tmp/b.kif"' '[ "$(head -c 4 "$tmp/b.png" | tail -c 3)" = PNG ]'

# a move that misses a mate in 1: the worst move, named with the best one
printf 'position sfen 3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1 moves S*9a\n' >"$tmp/miss.usi"
run "$tmp/miss.usi" --depth 3
expect "a missed mate is a 悪手" 0 'out_has "   1 ▲９一銀"' 'out_has "悪手"' \
    'out_has "the moves that lost the most:"' 'out_has "(best ▲６二銀打: 31999 -> "'

run "$R:4" --bot examples/bots/pst.lua --depth 2 --out "$tmp/c.kifu"
expect "a bot file" 0 '[ "$(grep -c "^\*#評価値=" "$tmp/c.kifu")" -eq 4 ]' 'grep -q "^\*#エンジン=komadai-pst" "$tmp/c.kifu"'

if command -v fairy-stockfish >/dev/null 2>&1; then
    run "$R:8" --engine fairy-stockfish --depth 4 --out "$tmp/f.kifu"
    expect "fairy-stockfish" 0 '[ "$(grep -c "^\*#評価値=" "$tmp/f.kifu")" -eq 8 ]' \
        'grep -q "^\*#深さ=4" "$tmp/f.kifu"' 'grep -q "^\*#エンジン=Fairy-Stockfish" "$tmp/f.kifu"'
else
    skip "fairy-stockfish: not installed (make test-deps)"
fi

# progress: on a terminal, not into a pipe
if command -v script >/dev/null 2>&1; then
    script -qc "'$A' '$R:6' --depth 1" "$tmp/tty" >/dev/null 2>&1 </dev/null
    expect "progress on a terminal" 0 'grep -q "analyse: 7/7 positions" "$tmp/tty"'
    run "$R:6" --depth 1
    expect "no progress into a pipe" 0 '! err_has "positions"'
else
    skip "progress on a terminal: script(1) is missing"
fi

# usage errors and bad input change nothing and say what is wrong
run
expect "no record" 2 'err_has "analyse: one RECORD expected, got 0"'
run -h
expect "-h" 0 'out_has "usage: scripts/analyse RECORD"'
run "$tmp/none.kif"
expect "missing file" 2 'err_has "none.kif:0: cannot open the file"'
run "$R" --time -1
expect "bad --time" 2 "err_has \"analyse: --time takes seconds > 0, got '-1'\""
run "$R" --depth 2.5
expect "bad --depth" 2 "err_has \"analyse: --depth takes an integer > 0, got '2.5'\""
run "$R" --engine x --bot y
expect "--engine and --bot" 2 'err_has "analyse: --engine and --bot: give one"'
run "$R" --colour red
expect "unknown option" 2 "err_has \"analyse: unknown option '--colour'\""
run "$R:999" --depth 1
expect "past the record's end" 2 'err_has "has 104 moves, not 999"'
run "$R:2" --engine "$tmp/no-such-engine" --depth 1
expect "an engine that does not start" 2 'err_has "analyse: "' '! out_has "   1 "'
run "$R:2" --depth 1 --out "$tmp/no/dir/x.kif"
expect "an output that cannot be written" 1 'err_has "analyse: cannot write "' 'out_has "   2 △"'
run "$R:2" --depth 1 --out "$tmp/x.sfen"
expect "a format without comments" 1 'err_has "cannot tell a record format with comments"'

end_suite
