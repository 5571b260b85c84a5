#!/bin/sh
# The REPL in a real terminal (tmux): prompts, continuation, completion,
# history across sessions, Ctrl-C (in Lua, in perft, at the prompt), colour.
# KOMADAI=path tests another binary (default build/komadai).
# Last line: "N passed, N failed".
. "$(dirname "$0")/../lib.sh"
K=${KOMADAI:-build/komadai}
case $K in /*) ;; *) K=$PWD/$K;; esac
T="tmux -L komadai-test-$$ -f /dev/null"
on_exit '$T kill-server 2>/dev/null'
hist="$tmp/history"

need_cmd tmux
need_exe "$K" "make"

bad() { fail "$1"; screen | sed 's/^/  | /' | tail -n 25; }
screen() { $T capture-pane -p -S -300 -t kd 2>/dev/null; }
# waits (up to 8 s) until the screen shows the text
wait_for() {
    i=0
    while [ $i -lt 80 ]; do
        screen | grep -qF -- "$1" && return 0
        sleep 0.1; i=$((i + 1))
    done
    return 1
}
check() { # name, text that must appear
    if wait_for "$2"; then ok; else bad "$1: no '$2'"; fi
}
# the last line of the screen that is not empty
last_line() { screen | sed '/^ *$/d' | tail -n 1; }
check_last() { # name, the last line wanted
    i=0
    while [ $i -lt 40 ]; do
        [ "$(last_line)" = "$2" ] && { ok; return; }
        sleep 0.1; i=$((i + 1))
    done
    bad "$1: last line '$(last_line)', wanted '$2'"
}
type_line() { $T send-keys -t kd -l -- "$1"; $T send-keys -t kd Enter; }
fresh() { # clear the screen between steps
    $T send-keys -t kd C-l; sleep 0.1; $T clear-history -t kd
}
start() {
    rm -f "$tmp/exit"
    $T new-session -d -s kd -x 100 -y 50 \
        "env KOMADAI_HISTORY='$hist' TERM=xterm '$K'; echo \"EXIT=\$?\" >'$tmp/exit'; sleep 30"
}

# ---- first session ---------------------------------------------------------------------
start
check "a banner" "help() lists the topics"
check_last "the prompt" ">"

type_line 'answer = 6 * 7'
type_line 'answer'
check "an expression prints" "42"

fresh
type_line 'for i = 1, 2 do'
check_last "the continuation prompt" ">>"
type_line 'io.write("i", i, " ") end'
check "the continued chunk runs" "i1 i2"

fresh
$T send-keys -t kd -l 'shogi.po'; $T send-keys -t kd Tab
check "Tab completes a table field" "> shogi.position("
$T send-keys -t kd -l '"startpos")'; $T send-keys -t kd Enter
check "a position prints as a board" "ply 0, sente (b) to move"

fresh
type_line 'if game == nil then game = shogi.core.game(shogi.position("startpos")) end'
$T send-keys -t kd -l 'game:legal_m'; $T send-keys -t kd Tab
check "Tab completes a method" "> game:legal_moves("
$T send-keys -t kd C-u

fresh
type_line '7g7f'
check "a move line is played" "last move 7g7f"
if $T capture-pane -e -p -t kd | grep -q "$(printf '\033')\[31m"; then ok; else bad "colour on a terminal"; fi

fresh
type_line '7g7e'
check "an illegal move says why" "illegal move 7g7e: "

fresh
type_line 'print("loop" .. "ing") while true do end'
wait_for "looping" || bad "the loop did not start"
sleep 0.2
$T send-keys -t kd C-c
check "Ctrl-C stops a Lua loop" "interrupted!"
check_last "the prompt comes back" ">"
type_line 'answer + 1'
check "the session keeps its variables" "43"

fresh
type_line 'print("perft" .. "ing") n = shogi.position("startpos"):perft(9)'
wait_for "perfting" || bad "perft did not start"
sleep 0.3
$T send-keys -t kd C-c
check "Ctrl-C stops perft" "interrupted!"
type_line 'answer + 2'
check "the session survives perft's interruption" "44"

fresh
$T send-keys -t kd -l 'half typed'
$T send-keys -t kd C-c
sleep 0.3
check_last "Ctrl-C at the prompt gives a fresh line" ">"
type_line 'for i = 1, 3 do'
check_last "a chunk under way" ">>"
$T send-keys -t kd C-c
sleep 0.3
check_last "Ctrl-C drops a chunk under way" ">"
type_line 'answer + 3'
check "the session is fine after that" "45"

fresh
type_line 'error("to stderr")'
check "errors show with a traceback" "stdin:1: to stderr"

type_line 'history_marker = 12345'
$T send-keys -t kd C-d
i=0; while [ ! -f "$tmp/exit" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
if [ "$(cat "$tmp/exit" 2>/dev/null)" = "EXIT=0" ]; then ok; else bad "Ctrl-D ends the REPL with status 0 ($(cat "$tmp/exit" 2>/dev/null))"; fi
$T kill-session -t kd 2>/dev/null

if grep -qxF 'history_marker = 12345' "$hist" 2>/dev/null; then ok; else bad "the history file holds the lines"; fi

# ---- second session: the history comes back ---------------------------------------------
start
check_last "the prompt again" ">"
$T send-keys -t kd Up
check "Up recalls the last session's line" "> history_marker = 12345"
$T send-keys -t kd Enter
type_line 'history_marker + 1'
check "the recalled line runs" "12346"
$T send-keys -t kd C-d
$T kill-session -t kd 2>/dev/null

end_suite
