#!/bin/sh
# Ctrl-C in the REPL (a real terminal, tmux) while a sandboxed script runs:
# in a worker (the host stops waiting and kills it) and in process (the
# REPL's own hook).  The session keeps its variables; no worker is left.
# KOMADAI=path tests another binary (default build/komadai).
# Last line: "N passed, N failed".
. "$(dirname "$0")/../lib.sh"
K=${KOMADAI:-build/komadai}
case $K in /*) ;; *) K=$PWD/$K;; esac
T="tmux -L komadai-sandbox-$$ -f /dev/null"
on_exit '$T kill-server 2>/dev/null'

need_cmd tmux
need_exe "$K" "make"

bad() { fail "$1"; screen | sed "/^ *$/d; s/^/  | /" | tail -n 15; }
screen() { $T capture-pane -p -S -200 -t sb 2>/dev/null; }
count() { screen | grep -cF -- "$1"; }
wait_count() { # text, how many times it must show (up to 10 s)
    i=0
    while [ $i -lt 100 ]; do
        [ "$(count "$1")" -ge "$2" ] && return 0
        sleep 0.1; i=$((i + 1))
    done
    return 1
}
type_line() { $T send-keys -t sb -l -- "$1"; $T send-keys -t sb Enter; }
workers() { ps -o pid= --ppid "$(cat "$tmp/pid")" 2>/dev/null | wc -l; }

$T new-session -d -s sb -x 120 -y 40 "env KOMADAI_HISTORY= TERM=xterm sh -c 'echo \$\$ >$tmp/pid; exec $K'"
wait_count "help() lists the topics" 1 || bad "the REPL did not start"
type_line 'kept = 41'

type_line 'print("work" .. "er") v, msg = shogi.sandbox.load("while true do end", {cpu = 100, wall = 100})'
wait_count "worker" 1 || bad "the worker did not start"
sleep 0.5
if [ "$(workers)" -eq 1 ]; then ok; else bad "one worker runs ($(workers))"; fi
$T send-keys -t sb C-c
if wait_count "interrupted!" 1; then ok; else bad "Ctrl-C stops a worker"; fi
sleep 0.3
if [ "$(workers)" -eq 0 ]; then ok; else bad "the worker is gone ($(workers) left)"; fi

type_line 'print("in" .. "process") shogi.sandbox.load("while true do end", {cpu = 100, wall = 100, worker = false})'
wait_count "inprocess" 1 || bad "the in-process run did not start"
sleep 0.5
$T send-keys -t sb C-c
if wait_count "interrupted!" 2; then ok; else bad "Ctrl-C stops an in-process run"; fi

type_line 'print("state " .. (kept + 1) .. " " .. shogi.sandbox.load("return 1 + 1"))'
if wait_count "state 42 2" 1; then ok; else bad "the session keeps its state and the sandbox works after"; fi

end_suite
