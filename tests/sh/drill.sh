#!/bin/sh
# Drills from the shell: scripts/drill check (the planted errors, the
# teacher's five), a student playing at the prompt through a pipe (answers,
# hints, refutations, scores), progress kept across days (KOMADAI_NOW), review,
# from-tsume; then a real terminal (tmux): komadai --drill and :drill.
# KOMADAI=path tests another binary (default build/komadai).
# Last line: "N passed, N failed".
. "$(dirname "$0")/../lib.sh"
K=${KOMADAI:-build/komadai}
case $K in /*) ;; *) K=$PWD/$K;; esac
export KOMADAI="$K"
T="tmux -L komadai-drill-$$ -f /dev/null"
on_exit '$T kill-server 2>/dev/null'
export KOMADAI_HOME="$tmp/home" KOMADAI_STUDENT=ann KOMADAI_HISTORY=
DAY=86400; T0=1800000000

bad() { fail "$1"; [ -f "$tmp/out" ] && sed 's/^/  | /' "$tmp/out" | tail -n 15; }
has() { # name, file, text
    if grep -qF -- "$3" "$2"; then ok; else bad "$1: no '$3'"; fi
}
lacks() { # name, file, text
    if grep -qF -- "$3" "$2"; then bad "$1: '$3' is there"; else ok; fi
}
status() { # name, wanted, got
    if [ "$2" = "$3" ]; then ok; else bad "$1: exit status $3, wanted $2"; fi
}

# ---- check ---------------------------------------------------------------------------------
scripts/drill check tests/data/drills/planted.lua >"$tmp/out" 2>&1; st=$?
status "check on planted errors" 1 $st
has "check names the faulty ones" "$tmp/out" "faulty exercises: 2, 3, 4, 6, 7"
has "check: a wrong length" "$tmp/out" "fault: the mate is 1 move, not 3"
has "check: an illegal answer" "$tmp/out" "fault: answer 1 (S*5b)"
has "check: a dual listed" "$tmp/out" "dual at move 1: 1h8a also mates in 3"

scripts/drill check tests/data/drills/five.lua >"$tmp/out" 2>&1; st=$?
status "check on the teacher's five" 1 $st
has "check finds the one wrong answer" "$tmp/out" "faulty exercises: 3"

scripts/drill check examples/drills/*.lua >"$tmp/out" 2>&1; st=$?
status "the examples pass check" 0 $st
scripts/drill check >"$tmp/out" 2>&1; st=$?
status "check with no file" 2 $st
has "check with no file says so" "$tmp/out" "check needs a drill file"
scripts/drill check /nonexistent.lua >"$tmp/out" 2>&1; st=$?
status "check on a missing file" 1 $st
has "a missing file is named" "$tmp/out" "/nonexistent.lua: cannot open the file"
scripts/drill frobnicate >"$tmp/out" 2>&1; st=$?
status "an unknown command" 2 $st
has "an unknown command is named" "$tmp/out" "unknown command 'frobnicate'"
scripts/drill check x.lua --speed 3 >"$tmp/out" 2>&1; st=$?
status "an unknown option" 2 $st
has "an unknown option is named" "$tmp/out" "unknown option --speed"

# ---- a student at the prompt, through a pipe -----------------------------------------------
# exercise 1 solved, 2 with a wrong move and a hint, then solved; 3 (the
# faulty one: a session does not run the checker) shown with :answer; 4 and 5 solved
printf '%s\n' G*5b :next R*3b :hint R*3d 4b4d+ :next :answer :next N*3c :next 7g7f 2g2f :next >"$tmp/in"
KOMADAI_NOW=$T0 "$K" --drill tests/data/drills/five.lua <"$tmp/in" >"$tmp/out" 2>&1; st=$?
status "a session through a pipe" 0 $st
has "the first board" "$tmp/out" "Five for the class: exercise 1 of 5"
has "a mate answered" "$tmp/out" "mate: G*5b"
has "a wrong move is refuted" "$tmp/out" "R*3b does not mate in 3"
has "the refutation is shown on the board" "$tmp/out" "the refutation on the board:"
has "a hint" "$tmp/out" "hint: Sacrifice the rook in hand."
has "the defence is played" "$tmp/out" "gote's defence Kx3d"
has "an exercise's score" "$tmp/out" "exercise 2: 50 points"
has "the answer shown" "$tmp/out" "the answer: P*8b"
has "the drill plays gote's moves" "$tmp/out" "the drill plays P-5d"
has "the session's score" "$tmp/out" "Five for the class: score: 350/500 points, 4 of 5 solved"
has "the end" "$tmp/out" "the drill is over"
has "progress is kept" "$KOMADAI_HOME/drill/ann.tsv" "Five for the class"

# the next day: the exercise missed and the one solved with help come back
# (those solved cleanly in 3 days)
printf '%s\n' :skip :answer :next >"$tmp/in"
KOMADAI_NOW=$((T0 + DAY)) scripts/drill review tests/data/drills/five.lua <"$tmp/in" >"$tmp/out" 2>&1; st=$?
status "review the next day" 0 $st
has "review starts with the missed one, numbered as in the file" "$tmp/out" "exercise 2 of 5 [1 of 2 due]"
has "the missed exercise is back" "$tmp/out" "exercise 3 of 5 [2 of 2 due]"
has "its answer" "$tmp/out" "the answer: P*8b"
KOMADAI_NOW=$((T0 + 100)) scripts/drill review tests/data/drills/five.lua </dev/null >"$tmp/out" 2>&1; st=$?
status "review with nothing due" 0 $st
has "review with nothing due says when the next one is" "$tmp/out" \
    "Five for the class: nothing due; the next is exercise 2, due in 47 hours (2027-01-17 08:00 UTC)"
printf ':quit\n' | KOMADAI_NOW=$((T0 + 30 * DAY)) scripts/drill review >"$tmp/out" 2>&1; st=$?
status "review with no files takes the drills played" 0 $st
if grep -qE "^Five for the class: exercise [0-9] of 5" "$tmp/out"; then ok; else bad "the drill played is found"; fi

KOMADAI_HOME="$tmp/empty" scripts/drill review </dev/null >"$tmp/out" 2>&1; st=$?
status "review before any drill" 1 $st
has "review before any drill says so" "$tmp/out" "no drill has been played yet: name the drill files"

# an illegal move is an error (counted in the exit status), a Lua line still runs
printf '%s\n' G*5a 'print(40 + 2)' G*5b >"$tmp/in"
KOMADAI_HOME=- "$K" --drill examples/drills/tsume.lua <"$tmp/in" >"$tmp/out" 2>&1; st=$?
status "an illegal move counts as an error" 1 $st
has "an illegal move says why" "$tmp/out" "a piece may only be dropped on an empty square"
has "Lua still runs during a drill" "$tmp/out" "42"
has "the right move after it" "$tmp/out" "mate: G*5b"

"$K" --drill </dev/null >"$tmp/out" 2>&1; st=$?
status "komadai --drill with no file" 1 $st
has "no file is named" "$tmp/out" "no drill file given"
printf ':drill\n' | "$K" >"$tmp/out" 2>&1
has ":drill with no file" "$tmp/out" ":drill: no file given"

# ---- from-tsume ----------------------------------------------------------------------------
scripts/drill from-tsume examples/tsume/atama_kin.lua examples/tsume/musou077.lua >"$tmp/made.lua" 2>"$tmp/out"; st=$?
status "from-tsume" 0 $st
scripts/drill check "$tmp/made.lua" >"$tmp/out" 2>&1; st=$?
status "a drill from tsume passes check" 0 $st
has "the 11-move mate" "$tmp/out" "mate in 11"
scripts/drill from-tsume examples/tsume/*.lua >"$tmp/all.lua" 2>"$tmp/out"; st=$?
status "from-tsume on every problem in examples/tsume" 0 $st
scripts/drill check "$tmp/all.lua" >"$tmp/out" 2>&1; st=$?
status "every exercise from examples/tsume passes check (the futile pawn too)" 0 $st
has "from-tsume leaves out the problems that are no mates, and says so" "$tmp/all.lua" "left out, not mates: examples/tsume/hisshi3.lua (a hisshi problem)"

# ---- a class's results (issue 35 item 5) ---------------------------------------------------
mkdir -p "$tmp/class"
printf 'N*3c\n:next\n8i7g\n:answer\n' | KOMADAI_HOME="$tmp/class" KOMADAI_STUDENT=alice KOMADAI_NOW=1800000000 \
    "$K" --drill examples/drills/tesuji.lua >"$tmp/out" 2>&1
printf ':hint\nP*4b\nN*3c\n:next\nP*8h\n' | KOMADAI_HOME="$tmp/class" KOMADAI_STUDENT=bob KOMADAI_NOW=1800000000 \
    "$K" --drill examples/drills/tesuji.lua >"$tmp/out" 2>&1
scripts/drill results --class "$tmp/class/drill" --csv >"$tmp/res.csv" 2>"$tmp/out"; st=$?
status "drill results --csv" 0 $st
has "the CSV header" "$tmp/res.csv" "student,drill,n,points,attempts,hints,seconds,seen,missed"
has "alice's clean solve" "$tmp/res.csv" "alice,Tesuji: fork and block,1,100,1,0,0,1,0"
has "alice's miss" "$tmp/res.csv" "alice,Tesuji: fork and block,2,0,1,0,0,1,1"
has "bob's hint and wrong move" "$tmp/res.csv" "bob,Tesuji: fork and block,1,50,2,1,0,1,0"
KOMADAI_HOME="$tmp/class" scripts/drill results >"$tmp/out" 2>&1; st=$?
status "drill results from KOMADAI_HOME" 0 $st
has "a table for the teacher" "$tmp/out" "bob          Tesuji: fork and block"
scripts/drill results --class "$tmp/none" >"$tmp/out" 2>&1; st=$?
status "drill results of an empty class" 1 $st
has "says where it looked" "$tmp/out" "no student's results there"

# ---- diagrams and sheets of drill files (issue 35 item 6) ---------------------------------
scripts/diagram examples/drills/tesuji.lua:2 "$tmp/ex2.svg" >"$tmp/out" 2>&1; st=$?
status "scripts/diagram drill.lua:2" 0 $st
has "its caption has the side to move and the prompt" "$tmp/ex2.svg" "先手番: Sente is in check from the bishop"
scripts/diagram examples/drills/tesuji.lua:2 "$tmp/wrap.svg" --caption "Sente is in check from the bishop: block it with a pawn drop next to the king, where the king guards it" >"$tmp/out" 2>&1
has "a long caption wraps" "$tmp/wrap.svg" '<tspan x="232" dy="22">with a pawn drop'
scripts/diagram examples/drills/tesuji.lua:3 "$tmp/ex3.svg" >"$tmp/out" 2>&1; st=$?
status "an exercise the drill has not" 1 $st
has "says how many it has" "$tmp/out" "the drill has 2 exercises, not 3"
scripts/diagram "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5" "$tmp/mid.svg" >"$tmp/out" 2>&1
has "a game position's hand shows the pieces held" "$tmp/mid.svg" "後手の持駒：角"
scripts/diagram examples/tsume/atama_kin.lua "$tmp/tsume.svg" >"$tmp/out" 2>&1
has "a tsume problem's hand stays 残り全部" "$tmp/tsume.svg" "後手の持駒：残り全部"
scripts/diagram --sheet examples/drills/tesuji.lua examples/drills/tsume.lua --out "$tmp/sheet.pdf" >"$tmp/out" 2>&1; st=$?
status "a sheet of drill files" 0 $st

# ---- from-record ---------------------------------------------------------------------------
scripts/drill from-record tests/data/records/jkf__ryuou201409020101.kif --depth 3 >"$tmp/rec.lua" 2>"$tmp/out"; st=$?
status "from-record on a professional game" 0 $st
has "the scores carry units and whose they are" "$tmp/rec.lua" "gote's score went from -433 cp to -906 cp"
has "the judge is named" "$tmp/rec.lua" "(the search, depth 3)"
has "the depth that chose it is kept" "$tmp/rec.lua" "depth = 3"
scripts/drill check "$tmp/rec.lua" >"$tmp/out" 2>&1; st=$?
status "every exercise from-record made passes check" 0 $st
scripts/drill from-record tests/data/records/pyshogi__habu-fujii-2006.kif --count 10 >"$tmp/ten.lua" 2>"$tmp/out"; st=$?
status "from-record --count 10" 0 $st
n=$(grep -c 'goal = "move"' "$tmp/ten.lua")
if [ "$n" = 10 ]; then ok; else bad "--count 10 keeps ten exercises, not $n"; fi
has "every move within the margin is an answer" "$tmp/ten.lua" 'answers = {"9f9e", "G*4b", "G*4c"}'
scripts/drill check "$tmp/ten.lua" >"$tmp/out" 2>&1; st=$?
status "the ten pass check (the same search, from an empty table, as chose them)" 0 $st
lacks "no answer is flagged as a second best" "$tmp/out" "is not an answer, and only"
scripts/drill from-record tests/data/records/pyshogi__habu-fujii-2006.kif --count x >"$tmp/out" 2>&1; st=$?
status "--count needs a number" 2 $st

# ---- a real engine as the opponent (Debian's fairy-stockfish, when installed) ---------------
if command -v fairy-stockfish >/dev/null || [ -x /usr/games/fairy-stockfish ]; then
    scripts/drill check tests/data/drills/engine.lua >"$tmp/out" 2>&1; st=$?
    status "a play exercise against fairy-stockfish passes check" 0 $st
    has "won against the engine" "$tmp/out" "won 2 of 2 search games against its opponent"
    printf '%s\n' 8d8c declare | KOMADAI_HOME=- "$K" --drill tests/data/drills/engine.lua >"$tmp/out" 2>&1; st=$?
    status "a session against fairy-stockfish" 0 $st
    has "the engine answers" "$tmp/out" "the opponent (gote) plays"
    has "the declaration wins" "$tmp/out" "won: sente wins by declaration"
    scripts/drill from-record tests/data/records/kp__WCSC31_L8_ANS_KFW_1.csa --engine fairy-stockfish --movetime 50 \
        --count 3 --threshold 200 >"$tmp/fs.lua" 2>"$tmp/out"; st=$?
    status "from-record judged by fairy-stockfish" 0 $st
    has "the exercises name their engine" "$tmp/fs.lua" 'engine = "fairy-stockfish", movetime = 50'
    has "the prompt names the judge" "$tmp/fs.lua" "(the engine, 50 ms a move)"
    # an engine at 50 ms is not deterministic: check may flag or fault an answer, but must ask the engine
    scripts/drill check "$tmp/fs.lua" >"$tmp/out" 2>&1; st=$?
    if [ $st -le 1 ] && grep -q "exercise 3 (move)" "$tmp/out"; then ok; else bad "check asks the engine that chose them: exit $st"; fi
    lacks "the engine, not the built-in search, judges" "$tmp/out" "the search's"
else
    echo "# fairy-stockfish is not installed: the engine opponent is not tested"
fi

# ---- a real terminal -------------------------------------------------------------------------
if ! command -v tmux >/dev/null; then echo "FAIL tmux is not installed"; echo "$passed passed, $((failed + 1)) failed"; exit 1; fi
screen() { $T capture-pane -p -S -300 -t kd 2>/dev/null; }
wait_for() {
    i=0
    while [ $i -lt 100 ]; do
        screen | grep -qF -- "$1" && return 0
        sleep 0.1; i=$((i + 1))
    done
    return 1
}
check() { if wait_for "$2"; then ok; else failed=$((failed + 1)); echo "FAIL $1: no '$2'"; screen | tail -n 20; fi; }
type_line() { $T send-keys -t kd -l -- "$1"; $T send-keys -t kd Enter; }
fresh() { $T send-keys -t kd C-l; sleep 0.1; $T clear-history -t kd; }

$T new-session -d -s kd -x 100 -y 60 "env TERM=xterm KOMADAI_NOW=$T0 '$K' --drill examples/drills/tesuji.lua; echo komadai exited \$?; sleep 30"
check "komadai --drill shows the board" "Tesuji: fork and block: exercise 1 of 2 (knight fork)"
check "and the prompt" "win material with the piece in hand"
check "the banner names the drill's commands" "A drill is running: moves are answers"
fresh
type_line ':hint'
check "a hint in the terminal" "hint: A knight attacks two squares at once."
type_line 'P*9b'
check "a wrong move's refutation" "the refutation on the board:"
fresh
type_line 'N*3c'
check "the right move" "correct: N*3c"
check "its score" "exercise 1: 50 points"
type_line ':quit'
check "quit gives the score of the exercises played" \
    "Tesuji: fork and block: score: 50/100 points, 1 of 1 solved (1 of 2 exercises played)"
check "komadai --drill ends after :quit" "komadai exited 0"
$T kill-session -t kd 2>/dev/null
$T new-session -d -s kd -x 100 -y 60 "env TERM=xterm KOMADAI_NOW=$T0 '$K'; sleep 30"
type_line ':drill examples/drills/sho.lua'
check ":drill at the prompt" "Sho shogi: bare the king: exercise 1 of 1"
type_line '4h4b+'
check "a Sho answer" "correct: Rx4b+"
$T send-keys -t kd C-d
$T kill-session -t kd 2>/dev/null

# ---- komadai --drill ends with the drill (issue 35 item 2)
printf '%s\n' N*3c :quit 'print("after " .. "quit")' >"$tmp/in"
KOMADAI_HOME=- "$K" --drill examples/drills/tesuji.lua <"$tmp/in" >"$tmp/out" 2>&1; st=$?
status "komadai --drill after :quit" 0 $st
has ":quit gives the summary" "$tmp/out" "the drill is over"
if grep -qF "after quit" "$tmp/out"; then bad "no Lua after :quit"; else ok; fi
printf '%s\n' N*3c :next P*8h :next 'print("after " .. "the end")' >"$tmp/in"
KOMADAI_HOME=- "$K" --drill examples/drills/tesuji.lua <"$tmp/in" >"$tmp/out" 2>&1; st=$?
status "komadai --drill after the last exercise" 0 $st
has "the last exercise gives the summary" "$tmp/out" "the drill is over"
if grep -qF "after the end" "$tmp/out"; then bad "no Lua after the last exercise"; else ok; fi
printf '%s\n' ':drill examples/drills/sho.lua' 4h4b+ :next 'print("still " .. "here")' >"$tmp/in"
KOMADAI_HOME=- "$K" <"$tmp/in" >"$tmp/out" 2>&1
has ":drill at the prompt keeps the prompt after the drill" "$tmp/out" "still here"

# ---- the rest of item 2: almost a move, the user's game kept, resuming, gote's side
printf '%s\n' 'n*3c' B5e 76fu 'N*3c' >"$tmp/in"
KOMADAI_HOME=- "$K" --drill examples/drills/tesuji.lua <"$tmp/in" >"$tmp/out" 2>&1
has "a lower-case drop gets a suggestion" "$tmp/out" "'n*3c' is neither Lua nor a move: did you mean N*3c?"
has "a drop written without its star" "$tmp/out" "'B5e' is neither Lua nor a move (no legal move matches 'B5e')"
has "CSA-like text without its origin" "$tmp/out" "'76fu' is neither Lua nor a move: did you mean +7776FU (P-7f)?"
if grep -q "syntax error\|malformed number" "$tmp/out"; then bad "almost a move is no Lua error"; else ok; fi
has "the answer after them" "$tmp/out" "correct: N*3c"
printf '%s\n' 76fu 'b*5e' 7g7f 3c3d B5e >"$tmp/in"
KOMADAI_HOME=- "$K" <"$tmp/in" >"$tmp/out" 2>&1
has "the REPL suggests too" "$tmp/out" "'76fu' is neither Lua nor a move of \`game\`: did you mean +7776FU (P-7f)?"
has "the REPL names a drop with no piece in hand" "$tmp/out" "'b*5e' is neither Lua nor a move of \`game\`: did you mean B*5e"
has "B5e is a move where it names one" "$tmp/out" "last move 8h5e (B-5e)"

printf '%s\n' 7g7f ':drill examples/drills/sho.lua' 4h4b+ :next 'print("game: " .. game:moves()[1])' >"$tmp/in"
KOMADAI_HOME=- "$K" <"$tmp/in" >"$tmp/out" 2>&1
has ":drill keeps the user's game" "$tmp/out" "game: 7g7f"
printf '%s\n' 2g2f ':drill examples/drills/tesuji.lua' :quit 'print("game: " .. game:moves()[1])' >"$tmp/in"
KOMADAI_HOME=- "$K" <"$tmp/in" >"$tmp/out" 2>&1
has ":quit gives the user's game back" "$tmp/out" "game: 2g2f"

export KOMADAI_HOME="$tmp/resume"
printf '%s\n' N*3c :quit | "$K" --drill examples/drills/tesuji.lua >"$tmp/out" 2>&1
printf '%s\n' :quit | "$K" --drill examples/drills/tesuji.lua >"$tmp/out" 2>&1
has "a drill resumes where the student left it" "$tmp/out" "Tesuji: fork and block: resumed at exercise 2 (1 of 2 played before)"
has "the exercise left, numbered as in the file" "$tmp/out" "Tesuji: fork and block: exercise 2 of 2 (a pawn drop that blocks) [1 of 1 left]"
printf '%s\n' P*8h :next | "$K" --drill examples/drills/tesuji.lua >/dev/null 2>&1
printf '%s\n' :quit | "$K" --drill examples/drills/tesuji.lua >"$tmp/out" 2>&1
has "once all are played, from the start" "$tmp/out" "Tesuji: fork and block: exercise 1 of 2 (knight fork)"
export KOMADAI_HOME="$tmp/home"

printf '%s\n' G*5h | KOMADAI_HOME=- "$K" --drill tests/data/drills/gote.lua >"$tmp/out" 2>&1
if sed -n 3p "$tmp/out" | grep -q "^  1  2  3  4  5  6  7  8  9"; then ok; else bad "an exercise for gote is shown from gote's side"; fi
if grep -q "^  9  8  7" "$tmp/out"; then bad "every board of gote's exercise from gote's side"; else ok; fi
has "gote's mate" "$tmp/out" "mate: G*5h"

end_suite
