#!/bin/sh
# komadai --usi through a pipe: every command, every bad input answered with
# "info string" and ignored (never a crash or a hang), the time limits, go
# mate, bestmove win and resign, a bot file and its options.
# KOMADAI=path tests another binary (default build/asan/komadai).
# Last line: "N passed, N failed".
. "$(dirname "$0")/../lib.sh"
K=${KOMADAI:-build/asan/komadai}
case $K in /*) ;; *) K=$PWD/$K;; esac
pid=""
on_exit '[ -n "$pid" ] && kill "$pid" 2>/dev/null'
need_exe "$K" "make build/asan/komadai"

bad() { fail "$1"; echo "  output tail:"; tail -n 8 "$tmp/out" | sed 's/^/    /'; }

# start [bot]: the engine reads the fifo on fd 3
start() {
    rm -f "$tmp/in" "$tmp/out" "$tmp/err"; mkfifo "$tmp/in"; : >"$tmp/out"
    "$K" --usi "$@" <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    exec 3>"$tmp/in"
}
send() { printf '%s\n' "$1" >&3; }
# wait_for TEXT [seconds]: until the output holds TEXT (a fixed string) after mark
mark() { marked=$(wc -l <"$tmp/out"); }
since() { tail -n +$((marked + 1)) "$tmp/out"; }
wait_for() {
    n=0; limit=$(( ${2:-20} * 10 ))
    while ! since | grep -qF -- "$1"; do
        n=$((n + 1)); [ $n -gt $limit ] && return 1
        sleep 0.1
    done
    return 0
}
# check NAME TEXT [seconds]: TEXT appears after the mark
check() { if wait_for "$2" "$3"; then ok; else bad "$1 (waited for '$2')"; fi; }
finish() {
    send quit; exec 3>&-
    n=0; while kill -0 "$pid" 2>/dev/null; do n=$((n + 1)); [ $n -gt 100 ] && break; sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null; then bad "$1: no exit after quit"; kill "$pid"; else
        wait "$pid"; rc=$?; if [ $rc -eq 0 ]; then ok; else bad "$1: exit status $rc"; cat "$tmp/err"; fi
    fi
    pid=""
}

# ---- the built-in engine ------------------------------------------------------------
start
mark; send usi
check "usi: id" "id name komadai"
check "usi: hash option" "option name USI_Hash type spin default 16 min 1 max 65536"
check "usi: ponder option" "option name USI_Ponder type check default false"
check "usi: multipv option" "option name MultiPV type spin default 1 min 1 max 16"
check "usi: the built-in evaluation's parameters" "option name Eval_Pawn type spin default 90 min 0 max 3000"
check "usi: ... every one" "option name Eval_Tempo type spin default 20 min 0 max 200"
check "usi: the search's parameters" "option name Search_LmrDiv type spin default 200 min 100 max 400"
check "usi: usiok" "usiok"
mark; send isready; check "isready" "readyok"
mark; send "setoption name USI_Hash value 8"; send usinewgame; send isready; check "hash and newgame" "readyok"
mark; send "go depth 2"; check "go without a position" "info string go: no position yet (send position first)"
mark; send "position startpos"; send "go depth 3"
check "go depth: info" "info depth 3 seldepth"
check "go depth: bestmove" "bestmove "
since | grep -q "score cp -*[0-9]* nodes [0-9]* nps [0-9]* hashfull [0-9]* time [0-9]* pv " && ok || bad "info line fields"

# bad input: each answered, nothing changes, the engine goes on
mark; send "position sfen garbage"; check "sfen garbage" "info string position: sfen:1:"
mark; send "position startpos moves 7g7e"; check "illegal move" "info string position: move 1 7g7e is illegal: the piece cannot move that way"
mark; send "position startpos moves 7g7f nonsense"; check "not a move" "info string position: move 2 'nonsense' is not a move"
mark; send "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 extra"
check "sfen extra field" "info string position: the sfen has more than four fields"
mark; send "frobnicate now"; check "unknown command" "info string unknown command 'frobnicate'"
mark; send "go depth x"; check "bad depth" "info string go: depth takes a number from 0 (no limit) to 120"
mark; send "go btime -5"; check "negative time" "info string go: btime takes milliseconds, not '-5'"
mark; send "go nodes lots"; check "bad nodes" "info string go: nodes takes a positive number"
mark; send "go warp 9"; check "unknown go word" "info string go: unknown word 'warp'"
mark; send "setoption name USI_Hash value huge"; check "bad hash" "info string USI_Hash takes 1 to 65536 (MiB)"
mark; send "setoption name Nonexistent value 1"; check "unknown option" "info string setoption: unknown option 'Nonexistent'"
mark; send "setoption name Eval_Pawn value 5000"; check "eval parameter out of range" "info string setoption: Eval_Pawn takes a whole number from 0 to 3000"
mark; send "setoption name eval_pawn value 100"; send isready; check "eval parameter, any case" "readyok"
send "setoption name Eval_Pawn value 90"
mark; send "setoption"; check "bare setoption" "info string setoption: 'setoption name NAME [value VALUE]' expected"
mark; send "gameover maybe"; check "bad gameover" "info string gameover: win, lose or draw expected"
mark; send "ponderhit"; check "ponderhit idle" "info string ponderhit: not pondering"
mark; send "isready"; check "alive after bad input" "readyok"
# the position before the refused ones is kept: after 7g7f 3c3d?  no: "position startpos"
mark; send "go depth 1 searchmoves 1g1f"; check "searchmoves" "bestmove 1g1f"
mark; send "go nodes 3000"; check "go nodes" "bestmove "
# a search cut before its first iteration ends still moves (it resigned once)
mark; send "go nodes 1"; check "go nodes 1" "bestmove "
since | grep -q "bestmove resign" && bad "go nodes 1 resigned" || ok

# stop, infinite, ponder, clocks
mark; send "position startpos moves 7g7f"; send "go infinite"; sleep 0.5
send isready; check "isready while searching" "readyok"
send "position startpos"; check "position while searching" "info string a search is running: send stop first"
since | grep -q bestmove && bad "infinite answered before stop" || ok
send stop; check "stop" "bestmove "
mark; send "go ponder btime 0 wtime 0 byoyomi 300"; sleep 0.3
since | grep -q bestmove && bad "ponder answered before ponderhit" || ok
send ponderhit; check "ponderhit" "bestmove " 5
mark; t0=$(date +%s%N); send "go btime 0 wtime 0 byoyomi 500"
if wait_for "bestmove " 10; then
    t1=$(date +%s%N); ms=$(( (t1 - t0) / 1000000 ))
    if [ $ms -lt 3000 ]; then ok; else bad "byoyomi 500 took $ms ms"; fi
else bad "byoyomi bestmove"; fi
mark; send "go movetime 300"; check "movetime" "bestmove " 5
mark; send "go btime 2000 wtime 2000 binc 100 winc 100"; check "increment clock" "bestmove " 10

# MultiPV
mark; send "setoption name MultiPV value 3"; send "go depth 2"
check "multipv 3" "multipv 3 score"
check "multipv bestmove" "bestmove "
send "setoption name MultiPV value 1"

# go mate
mark; send "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"; send "go mate 2000"
check "go mate" "checkmate G*5b"
mark; send "position sfen 4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1"; send "go mate 2000"
check "go mate nomate" "checkmate nomate"
mark; send "position sfen ln1g3nl/1r1sg1k2/p1pppp1pp/1p4p2/7P1/2P3P2/PP1PPP2P/1SKG3R1/LN3GSNL b Bbs 1"
send "go mate infinite"; sleep 0.3; send stop
check "go mate stopped" "checkmate " 10

# the end of a game: a declaration, a lost position
mark; send "position sfen KRB6/GGGGSS3/SSNN5/9/9/9/9/9/4k4 b 8Prb2n4l10p 1"; send "go depth 3"
check "declaration" "bestmove win"
mark; send "position sfen 4k4/4G4/4P4/9/9/9/9/9/9 w 2r2b3g4s4n4l17p 2"; send "go depth 3"
check "mated: resign" "bestmove resign"
mark; send "gameover lose"; send isready; check "gameover" "readyok"
finish "built-in"

# the end of the input without quit: the engine exits
start
send usi; exec 3>&-
n=0; while kill -0 "$pid" 2>/dev/null; do n=$((n + 1)); [ $n -gt 100 ] && break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then bad "no exit at the end of input"; kill "$pid"; else wait "$pid"; ok; fi
pid=""

# ---- a bot file ---------------------------------------------------------------------------
start examples/bots/pst.lua
mark; send usi
check "bot: id" "id name komadai-pst"
check "bot: spin option" "option name Advance type spin default 100 min 0 max 400"
check "bot: check option" "option name KingSafety type check default true"
mark; send "setoption name Advance value 999"; check "bot: bad spin" "info string setoption: option 'Advance' takes a number from 0 to 400"
mark; send "setoption name KingSafety value maybe"; check "bot: bad check" "info string setoption: option 'KingSafety' takes true or false"
mark; send "setoption name Nope value 1"; check "bot: unknown option" "info string setoption: the bot has no option 'Nope'"
mark; send "setoption name Advance value 200"; send "position startpos moves 2g2f"; send "go depth 3"
check "bot: search" "bestmove "
finish "pst bot"

start examples/bots/drill.lua
mark; send usi; check "combo option" "option name Style type combo default normal var normal var greedy"
mark; send "setoption name Style value wild"; check "bad combo" "info string setoption: option 'Style' takes one of: normal, greedy"
mark; send "position startpos"; send "go depth 2"; check "drill bot search" "bestmove "
finish "drill bot"

# a bot whose evaluation fails: said once, and a move all the same
cat >"$tmp/broken.lua" <<'BOT'
return {name = "broken", eval = function(pos) return pos:nonexistent() end}
BOT
start "$tmp/broken.lua"
mark; send "position startpos"; send "go depth 3"
check "eval error reported" "info string eval error:"
check "eval error: still a move" "bestmove "
finish "broken bot"

# a bot with move hooks; a hook that fails is reported like the evaluation
cat >"$tmp/hooks.lua" <<'BOT'
return {name = "hooks", eval = function(pos) return pos:material() end,
  order = function(pos, move) return move:find("*", 1, true) and -10 or 0 end,
  prune = function(pos, move) return move:sub(1, 2) == "L*" end}
BOT
start "$tmp/hooks.lua"
mark; send "position startpos moves 7g7f 3c3d"; send "go depth 5"; check "bot with hooks" "bestmove "
finish "hooks bot"
cat >"$tmp/badhook.lua" <<'BOT'
return {name = "badhook", eval = function(pos) return 0 end, order = function() return {} end}
BOT
start "$tmp/badhook.lua"
mark; send "position startpos moves 7g7f 3c3d"; send "go depth 5"
check "order hook error reported" "info string order error: the order hook returned table, not a number"
check "order hook error: still a move" "bestmove "
finish "bad hook bot"

# a C evaluation: in a bot file (shogi.core.c_eval), and a C module given as the bot
printf 'return {name = "cmat", eval = shogi.core.c_eval("material")}\n' >"$tmp/cmat.lua"
start "$tmp/cmat.lua"
mark; send usi; check "C evaluation bot: id" "id name cmat"
mark; send "position sfen 4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1"; send "go depth 3"
check "C evaluation bot: takes the rook" "bestmove 5h5e"
finish "C evaluation bot"
if cc -O2 -shared -fPIC -std=c11 $(pkg-config --cflags lua5.4) -o "$tmp/pawns.so" examples/bots/c_eval/pawns.c 2>/dev/null; then
    start "$tmp/pawns.so"
    mark; send usi; check "C module: id" "id name pawns"
    mark; send "position sfen 4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1"; send "go depth 3"
    check "C module: takes the rook" "bestmove 5h5e"
    finish "C module"
    cp "$tmp/pawns.so" "$tmp/nothere.so"
    printf 'usi\nisready\nquit\n' | "$K" --usi "$tmp/nothere.so" >"$tmp/out" 2>"$tmp/err"; rc=$?
    [ $rc -eq 0 ] && grep -q "info string the bot did not load: .*nothere.so: cannot load luaopen_nothere" "$tmp/out" \
        && ok || bad "C module without its luaopen: exit $rc, $(cat "$tmp/err")"
fi

# bot files that cannot load: the engine still answers usi and isready, says
# why at isready (and on stderr), and plays nothing (resigns) rather than exiting
printf 'return 42\n' >"$tmp/notable.lua"
printf 'return {eval = function( end}\n' >"$tmp/syntax.lua"
printf 'return {eval = function() return 0 end, options = {{name = "X", type = "spin", default = 5, min = 0, max = 3}}}\n' >"$tmp/badopt.lua"
printf 'return {name = "noeval"}\n' >"$tmp/noeval.lua"
printf 'return {eval = function() return os.exit(3) end}\n' >"$tmp/escape.lua"
for f in notable syntax badopt noeval missing; do
    printf 'usi\nisready\nposition startpos\ngo depth 1\nquit\n' | "$K" --usi "$tmp/$f.lua" >"$tmp/out" 2>"$tmp/err"; rc=$?
    if [ $rc -eq 0 ] && grep -q "^usiok" "$tmp/out" && grep -q "^readyok" "$tmp/out" && [ -s "$tmp/err" ] \
        && grep -q "^info string the bot did not load: " "$tmp/out" && grep -q "^bestmove resign" "$tmp/out"; then ok
    else bad "bot $f: exit $rc, stderr $(cat "$tmp/err")"; fi
    # the reason comes before readyok
    sed -n '/^usiok/,/^readyok/p' "$tmp/out" | grep -q "^info string the bot did not load" && ok || bad "bot $f: no reason before readyok"
done
grep -q "the bot has no eval function" "$tmp/out" 2>/dev/null || true
printf 'isready\n' | "$K" --usi "$tmp/noeval.lua" 2>/dev/null | grep -q "info string the bot did not load: .*the bot has no eval function" && ok || bad "no eval message"
printf 'isready\n' | "$K" --usi "$tmp/syntax.lua" 2>/dev/null | grep -q "info string the bot did not load: .*syntax.lua:1:" && ok || bad "syntax error message"
"$K" --usi "$tmp/badopt.lua" </dev/null 2>&1 | grep -q "spin option 'X' needs numbers min <= default <= max" && ok || bad "bad option message"
"$K" --usi "$tmp/notable.lua" </dev/null 2>&1 | grep -q "a bot file must return a table" && ok || bad "not a table message"
# the sandbox: no os in a bot's environment
start "$tmp/escape.lua"
mark; send "position startpos"; send "go depth 1"; check "no os in a bot" "info string eval error:"
finish "escape bot"
"$K" --usi a b </dev/null >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -eq 1 ] && grep -q -- "--usi takes one bot file at most" "$tmp/err" && ok || bad "two bot files"

# ---- never a hang: an evaluation that loops forever --------------------------------
# A count hook in the Lua call looks at the stop flags and the deadline: stop,
# the time limit, isready and quit are answered (the bound here is generous: a
# loaded machine; they come in a few ms) and the interruption is said.
printf 'return {name = "looper", eval = function(v) while true do end end}\n' >"$tmp/loop.lua"
start "$tmp/loop.lua"
mark; send usi; check "loop bot: usiok" "usiok"
mark; send isready; check "loop bot: readyok" "readyok"
mark; send "position startpos"; send "go infinite"; sleep 0.3
send isready; check "loop bot: isready while it loops" "readyok" 2
send stop; check "loop bot: stop answered" "bestmove " 2
check "loop bot: interruption said" "info string eval interrupted: one call ran" 2
mark; send "go btime 0 wtime 0 byoyomi 200"; check "loop bot: byoyomi 200 answered" "bestmove " 2
mark; send "go infinite"; sleep 0.3
finish "loop bot: quit while it loops"
# a final info line just before every bestmove
grep -B1 "^bestmove" "$tmp/out" | grep -q "^info depth [0-9]* seldepth [0-9]* score .* nodes [0-9]* nps [0-9]* .* pv " \
    && ok || bad "loop bot: info before bestmove"

# ---- the root's mate probe within the move's limits, its nodes counted -------------
start
mark; send "position sfen ln1g3nl/1r1sg1k2/p1pppp1pp/1p4p2/7P1/2P3P2/PP1PPP2P/1SKG3R1/LN3GSNL b Bbs 1"
send "go btime 0 wtime 0 byoyomi 200"; check "middle game: byoyomi 200 answered" "bestmove " 2
since | grep -B1 "^bestmove" | head -1 | grep -q "^info depth .* nodes [1-9][0-9]* nps [1-9]" && ok || bad "middle game: nodes counted"
mark; send "go nodes 3000"; check "middle game: go nodes" "bestmove " 2
n=$(since | grep "^info depth" | tail -1 | sed 's/.* nodes \([0-9]*\) .*/\1/')
[ "${n:-0}" -gt 0 ] && [ "${n:-0}" -le 3100 ] && ok || bad "go nodes 3000 searched $n nodes"
mark; send "go depth 1"; check "middle game: go depth 1" "bestmove " 2
since | grep "^info depth" | tail -1 | grep -q "^info depth 1 .* nodes [1-9]" && ok || bad "go depth 1: its info line"
mark; send "go depth 0 nodes 2000"; check "go depth 0: no depth limit (nodes end it)" "bestmove " 2
finish "middle game"

# ---- a bot's print, its scores out of range, options as GUIs send them ---------------
cat >"$tmp/misc.lua" <<'EOB'
return {name = "misc", options = {{name = "Skill Level", type = "spin", default = 5, min = 0, max = 20},
  {name = "Clear Cache", type = "button", press = function(o) print("pressed", o["Clear Cache"]) end},
  {name = "Mode", type = "combo", default = "ok", vars = {"nan", "inf", "huge", "ok"}},
  {name = "Sharp", type = "check", default = false}},
  eval = function(v, o)
    print("skill " .. o["Skill Level"] .. " sharp " .. tostring(o.Sharp))
    if o.Mode == "nan" then return 0/0 elseif o.Mode == "inf" then return math.huge
    elseif o.Mode == "huge" then return 1e9 end
    return 0 end}
EOB
start "$tmp/misc.lua"
mark; send usi
check "option with spaces" "option name Skill Level type spin default 5 min 0 max 20"
check "button option" "option name Clear Cache type button"
mark; send "setoption name skill level value 7"; send "setoption name SHARP value TRUE"; send "setoption name clear cache"
check "button pressed" "info string pressed	1"
mark; send "position startpos"; send "go depth 1"; check "print as info string, names in any case" "info string skill 7 sharp true"
finish "misc bot"
for mode in nan inf huge; do
    printf 'setoption name Mode value %s\nposition startpos\ngo depth 1\nquit\n' $mode | "$K" --usi "$tmp/misc.lua" >"$tmp/out" 2>&1
    case $mode in nan) want="info string eval error: the evaluation returned NaN";;
                  inf) want="info string eval warning: the evaluation returned inf, an infinite score";;
                  huge) want="info string eval warning: the evaluation returned 1e+09, out of its range: counted as 30000";; esac
    grep -qF "$want" "$tmp/out" && grep -q "^bestmove" "$tmp/out" && ok || bad "eval returning $mode"
done

# ---- go searchmoves with a bad move: refused, the move named, nothing played ----------
printf 'position startpos\ngo searchmoves 7g7f 9a9b\nisready\nquit\n' | "$K" --usi >"$tmp/out" 2>&1
grep -qF "info string go: searchmoves: 9a9b is not a legal move here (the go is ignored)" "$tmp/out" \
    && ! grep -q "^bestmove" "$tmp/out" && grep -q "^readyok" "$tmp/out" && ok || bad "searchmoves with a bad move"
printf 'position startpos\ngo depth 2 searchmoves 7g7f\nquit\n' | "$K" --usi >"$tmp/out" 2>&1
grep -q "^bestmove 7g7f" "$tmp/out" && ok || bad "searchmoves 7g7f"

# ---- --help and --version -----------------------------------------------------------
"$K" --help >"$tmp/out" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q -- "--usi" "$tmp/out" && ok || bad "--help: exit $rc"
v=$(sed -n 's/^#define SG_VERSION "\(.*\)"$/\1/p' src/core/version.h)
"$K" --version >"$tmp/out" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -q "^komadai $v " "$tmp/out" && ok || bad "--version: exit $rc, want $v"
"$K" -v </dev/null 2>&1 | head -1 | grep -q "^komadai $v " && ok || bad "-v: want $v"
printf 'usi\nquit\n' | "$K" --usi | grep -q "^id name komadai $v$" && ok || bad "id name with the version"

end_suite
