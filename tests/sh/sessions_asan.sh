#!/bin/sh
# Hostile sessions on the ASan+UBSan build (build/asan/komadai; KOMADAI=path
# for another): the REPL fed moves with escape sequences; komadai --usi (built-in and a bot file) fed control
# characters, bytes that are not UTF-8 and a zero byte, every reply checked
# quoted (\xHH) and no raw control byte sent back; komadai --csa-server with
# two CSA-mode clients playing whole games and an x1 client sending bad lines
# (tests/csa/session.py); "position" and "go" sent right behind "stop".  A sanitizer report or leak fails the run (the
# other whole USI and REPL sessions on this build are tests/sh/usi.sh and
# tests/sh/repl_pipe.sh).  Last line: "N passed, N failed".
. "$(dirname "$0")/../lib.sh"
K=${KOMADAI:-build/asan/komadai}
case $K in /*) ;; *) K=$PWD/$K;; esac
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
bad() { fail "$1"; [ -n "$2" ] && head -c 2000 "$2"; }
need_exe "$K" "make build/asan/komadai"

# ---- komadai --usi ------------------------------------------------------------------------
# want FILE TEXT: the file holds the line TEXT
want() { if grep -qxF -- "$2" "$1"; then ok; else bad "reply '$2'" "$1"; fi; }
# clean FILE: no control character but the newline, valid UTF-8
clean() {
    if LC_ALL=C grep -q "$(printf '[\001-\011\013-\037\177]')" "$1" || ! iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1
    then bad "$2: a raw control character or bad byte in the replies" "$1"; else ok; fi
}
usi_session() { # name, bot file or ""
    printf 'usi\nisready\nfrob\033[2Jnicate\nposition startpos moves 7g7f 3c\033[31m\nposition startpos moves \377\376\n' >"$tmp/in"
    printf 'go warp\001\nsetoption name \033x value 1\nposition sfen \033/9/9 b - 1\nposition startpos\n' >>"$tmp/in"
    printf 'go depth 1 searchmoves 7g\033\nisready\nquit\n' >>"$tmp/in"
    printf 'x\000y\n' >>"$tmp/in"
    "$K" --usi $2 <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 0 ] && ! grep -q "Sanitizer\|runtime error" "$tmp/err"; then ok; else bad "$1: exit $rc" "$tmp/err"; fi
    want "$tmp/out" "info string unknown command 'frob\\x1B[2Jnicate'"
    want "$tmp/out" "info string position: move 2 '3c\\x1B[31m' is not a move: not a USI move (like 7g7f, 8h2b+ or P*5e)"
    want "$tmp/out" "info string position: move 1 '\\xFF\\xFE' is not a move: not a USI move (like 7g7f, 8h2b+ or P*5e)"
    want "$tmp/out" "info string go: unknown word 'warp\\x01'"
    want "$tmp/out" "info string position: sfen:1:1: unknown piece letter '\\x1B'"
    want "$tmp/out" "info string go: searchmoves: 7g\\x1B is not a legal move here (the go is ignored)"
    clean "$tmp/out" "$1"
}
usi_session "usi built-in" ""
want "$tmp/out" "info string setoption: unknown option '\\x1Bx'"
usi_session "usi bot" examples/bots/pst.lua
want "$tmp/out" "info string setoption: the bot has no option '\\x1Bx'"

# "position" and "go" right behind "stop" wait for the search to end (they used to be refused as busy)
printf 'position startpos\ngo infinite\nstop\nposition startpos moves 7g7f\ngo depth 1\nquit\n' | "$K" --usi >"$tmp/out" 2>&1
if [ "$(grep -c '^bestmove ' "$tmp/out")" -eq 2 ] && ! grep -q "a search is running" "$tmp/out"; then ok
else bad "usi: position and go right behind stop" "$tmp/out"; fi

# a line longer than the engine's 64 KiB buffer is dropped with a message; the engine goes on
{ head -c 70000 /dev/zero | tr '\0' x; printf '\nisready\nquit\n'; } | "$K" --usi >"$tmp/out" 2>&1
if grep -qxF "info string line too long: ignored" "$tmp/out" && grep -qx readyok "$tmp/out"; then ok
else bad "usi: a line too long" "$tmp/out"; fi

# ---- the REPL (piped) ------------------------------------------------------------------------
printf 'game = shogi.game()\n7g\033[2J\n7g7f 3c\0333d\nprint("ply", game:ply())\n' | KOMADAI_HISTORY= "$K" >"$tmp/out" 2>"$tmp/err"
want "$tmp/out" "$(printf 'ply\t0')"
want "$tmp/err" "'7g\\x1B[2J' is neither Lua nor a move of \`game\` (moves look like 7g7f, P-7f, +7776FU or ▲７六歩)"
want "$tmp/err" "move 2 (3c\\x1B3d): '3c\\x1B3d' is not a move; no move was played"
clean "$tmp/err" "repl"

# ---- komadai --csa-server -----------------------------------------------------------------------
if command -v python3 >/dev/null; then
    timeout 300 python3 tests/csa/session.py "$K" "$tmp" >"$tmp/py.out" 2>&1
    grep -v -E '^[0-9]+ passed, [0-9]+ failed' "$tmp/py.out"
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$tmp/py.out" | tail -n 1)
    if [ -z "$line" ]; then bad "csa session: no result line" "$tmp/py.out"
    else
        passed=$((passed + $(echo "$line" | cut -d' ' -f1))); failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
    fi
    if grep -q "Sanitizer\|runtime error" "$tmp/server.out"; then bad "csa server: a sanitizer report" "$tmp/server.out"; else ok; fi
else
    skip "the CSA server sessions: python3 is not installed (make test-deps)"
fi
end_suite
