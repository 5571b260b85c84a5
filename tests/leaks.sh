#!/bin/sh
# make check-leaks: one scripted REPL session (positions, a game, moves typed
# as lines, records written and read, the solver, a sandboxed script and a
# stopped one, errors) on $KOMADAI (default build/komadai) under valgrind; fails on a leak or a
# memory error.  Last line: "N passed, N failed".
cd "$(dirname "$0")/.." || exit 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export KOMADAI_HISTORY=""
cat >"$tmp/session" <<'LUA'
p = shogi.position("startpos")
#p:legal_moves()
g = shogi.game()
g:play("7g7f"):play("3c3d")
g:perft(2)
kif = g:write("kif")
g2 = shogi.read(kif, "kif")
g2:ply()
shogi.read("position startpos moves 7g7e\n", "usi")
shogi.solve(shogi.position("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")).length
shogi.sandbox.load("return {1, 'two', {3}}")[3][1]
shogi.sandbox.load("while true do end", {cpu = 0.3})
shogi.sandbox.load("local s = 'x' while true do s = s .. s end", {memory = 1 << 20, worker = false})
shogi.sandbox.load("return function() return 1 end", {worker = false})()
p:parse_move("P-7e", "western")
error("an error in the session")
1 + 1
LUA
passed=0; failed=0
valgrind --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect \
    --error-exitcode=99 --log-file="$tmp/vg.%p" "${KOMADAI:-build/komadai}" <"$tmp/session" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 99 ]; then
    echo "FAIL valgrind found errors or leaks"; cat "$tmp"/vg.*; failed=$((failed + 1))
elif [ "$rc" -ne 1 ]; then # 1: the session's error() is counted, as from any pipe
    echo "FAIL komadai exit $rc"; cat "$tmp/err"; failed=$((failed + 1))
else
    echo "ok   valgrind: no leak, no memory error ($(ls "$tmp"/vg.* | wc -l) processes)"; passed=$((passed + 1))
fi
if grep -q "cpu limit of 0.3 s exceeded" "$tmp/out" && grep -q "memory limit of 1 MiB exceeded" "$tmp/out" &&
   grep -q "an error in the session" "$tmp/err"; then
    passed=$((passed + 1))
else
    echo "FAIL the session's output"; cat "$tmp/out" "$tmp/err"; failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
