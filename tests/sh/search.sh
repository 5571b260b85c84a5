#!/bin/sh
# shogi.search inside komadai: Ctrl-C (SIGINT) stops a search, which returns
# the best move so far (interrupted = true) and the script goes on; the same
# with a Lua evaluation running when the signal comes.
# KOMADAI=path tests another binary (default build/asan/komadai).
# Last line: "N passed, N failed".
. "$(dirname "$0")/../lib.sh"
K=${KOMADAI:-build/asan/komadai}
case $K in /*) ;; *) K=$PWD/$K;; esac
need_exe "$K" "make build/asan/komadai"
bad() { fail "$1"; cat "$tmp/out" "$tmp/err"; }

cat >"$tmp/intr.lua" <<'LUA'
local pid = io.open("/proc/self/stat"):read("l"):match("^(%d+)")
-- the handles are kept: a collected popen handle waits for its child, and a
-- collection before the search would take the signal outside it
local kept = {}
local function later() kept[#kept + 1] = io.popen("sleep 0.5; kill -INT " .. pid) end
later()
local r = shogi.search(shogi.position "startpos", {depth = 60})
print("builtin", r.move ~= nil, r.interrupted, r.stopped)
later()
r = shogi.search(shogi.position "startpos", {depth = 60, eval = function(v) return v:material() end})
print("lua", r.move ~= nil, r.interrupted, r.stopped)
print("goes on")
LUA
timeout 60 "$K" "$tmp/intr.lua" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -eq 0 ] && ok || bad "exit status $rc"
grep -qx "builtin	true	true	true" "$tmp/out" && ok || bad "built-in evaluation interrupted"
grep -qx "lua	true	true	true" "$tmp/out" && ok || bad "Lua evaluation interrupted"
grep -qx "goes on" "$tmp/out" && ok || bad "the script goes on"

end_suite
