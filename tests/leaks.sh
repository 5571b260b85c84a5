#!/bin/sh
# make check-leaks: under valgrind, on $KOMADAI (default build/komadai): one
# scripted REPL session (positions, a game, moves typed as lines, records
# written and read, the solver, a sandboxed script and a stopped one, errors);
# two komadai --usi sessions (the built-in and a bot file: every command, bad
# input and bad bytes, searches, go mate, stop while thinking); one komadai
# --csa-server session (tests/csa/session.py: two clients, two whole games, a
# hostile x1 client).  Fails on a leak or a memory error.  Last line: "N
# passed, N failed".
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
VG="valgrind --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect --error-exitcode=99"
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

# ---- komadai --usi ---------------------------------------------------------------------------
# (the engine reads its input while it thinks: a line after a go may reach it
# during that search, so the session ends with go infinite / stop and go mate)
printf 'position startpos moves 7g\033[2J\377\n' >"$tmp/usi"
cat >>"$tmp/usi" <<'USI'
usi
isready
setoption name USI_Hash value 4
setoption name MultiPV value 2
usinewgame
position startpos
go depth 1
position startpos moves 7g7f 3c3d
go depth 3
setoption name MultiPV value 1
position startpos moves 7g7e
position sfen garbage
frobnicate now
go warp 9
setoption name Nonexistent value 1
ponderhit
position startpos
go depth 2 searchmoves 2g2f 9z9z
go infinite
isready
stop
position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1
go mate 5000
USI
usi_leaks() { # name, bot file or ""
    rm -f "$tmp"/vg.*
    $VG --log-file="$tmp/vg.%p" "${KOMADAI:-build/komadai}" --usi $2 <"$tmp/usi" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -eq 99 ]; then echo "FAIL $1: valgrind found errors or leaks"; cat "$tmp"/vg.*; failed=$((failed + 1))
    elif [ "$rc" -ne 0 ]; then echo "FAIL $1: komadai exit $rc"; cat "$tmp/err"; failed=$((failed + 1))
    elif [ "$(grep -c '^bestmove ' "$tmp/out")" -ne 4 ] || ! grep -q '^checkmate' "$tmp/out" ||
         ! grep -q "^info string unknown command 'frobnicate'" "$tmp/out" ||
         ! grep -qF "info string position: move 1 '7g\\x1B[2J\\xFF' is not a move" "$tmp/out"; then
        echo "FAIL $1: the session's output"; cat "$tmp/out" "$tmp/err"; failed=$((failed + 1))
    else echo "ok   $1 under valgrind: no leak, no memory error"; passed=$((passed + 1)); fi
}
usi_leaks "usi built-in" ""
usi_leaks "usi bot" examples/bots/pst.lua

# ---- komadai --csa-server ------------------------------------------------------------------------
rm -f "$tmp"/vg.*
if ! command -v python3 >/dev/null; then echo "FAIL python3 is missing"; failed=$((failed + 1))
else
    K=${KOMADAI:-build/komadai}; case $K in /*) ;; *) K=$PWD/$K;; esac
    python3 tests/csa/session.py "$K" "$tmp" $VG --log-file="$tmp/vg.%p" >"$tmp/py.out" 2>&1
    rc=$?
    if grep -q "ERROR SUMMARY: [1-9]\|definitely lost: [1-9]\|indirectly lost: [1-9]" "$tmp"/vg.*; then
        echo "FAIL csa server: valgrind found errors or leaks"; cat "$tmp"/vg.*; failed=$((failed + 1))
    elif [ "$rc" -ne 0 ]; then echo "FAIL csa server session"; cat "$tmp/py.out" "$tmp/server.out"; failed=$((failed + 1))
    else echo "ok   csa server under valgrind: no leak, no memory error ($(tail -n 1 "$tmp/py.out"))"; passed=$((passed + 1)); fi
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
