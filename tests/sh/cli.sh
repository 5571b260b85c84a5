#!/bin/sh
# The komadai command line: every option, the arg table, exit statuses,
# embedded modules, Ctrl-C in a script, startup time.
# KOMADAI=path tests another binary (default build/komadai).
# Last line: "N passed, N failed".
. "$(dirname "$0")/../lib.sh"
K=${KOMADAI:-build/komadai}
case $K in /*) ;; *) K=$PWD/$K;; esac
export KOMADAI_HISTORY="$tmp/history"

bad() { fail "$1"; echo "  stdout: $(head -c 400 "$tmp/out")"; echo "  stderr: $(head -c 400 "$tmp/err")"; }
# run komadai with the given arguments (stdin from /dev/null unless redirected by the caller)
kd() { "$K" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; }
out_is()  { [ "$(cat "$tmp/out")" = "$1" ]; }
out_has() { grep -qF -- "$1" "$tmp/out"; }
err_has() { grep -qF -- "$1" "$tmp/err"; }

need_exe "$K" "make"

kd -v
expect "-v prints the version" 0 'out_has "komadai 0.1"' 'out_has "(Lua 5.4"' '[ ! -s "$tmp/err" ]'

kd -h
expect "-h prints the usage" 0 'out_has "usage: komadai [options] [script [args]]"' 'out_has "-e stat"'

kd -e 'print(1 + 2)'
expect "-e runs code" 0 'out_is 3'

kd -e 'x = 2' -e 'print(x * 10)'
expect "several -e run in order" 0 'out_is 20'

kd -e 'error("bad")'
expect "an error in -e: status 1, message and traceback" 1 'err_has "komadai: (command line):1: bad"' \
    'err_has "stack traceback:"' '! err_has "[C]: in ?"'

kd -e 'error({})'
expect "a non-string error object" 1 'err_has "(error object is a table value)"'

kd -e
expect "-e without its argument" 1 "err_has \"komadai: '-e' needs an argument\"" 'err_has "usage:"'

kd -x
expect "an unknown option" 1 "err_has \"komadai: unrecognized option '-x'\""

kd -vx
expect "an option with trailing letters" 1 "err_has \"unrecognized option '-vx'\""

mkdir -p "$tmp/lib"
printf 'return {answer = 42}\n' >"$tmp/lib/mymod.lua"
LUA_PATH="$tmp/lib/?.lua;;" kd -l mymod -e 'print(mymod.answer)'
expect "-l MOD sets the global MOD" 0 'out_is 42'

LUA_PATH="$tmp/lib/?.lua;;" kd -l m=mymod -e 'print(m.answer, mymod)'
expect "-l g=MOD sets the global g" 0 'out_is "$(printf "42\tnil")"'

kd -lmymod
expect "-lMOD without a space" 1 "err_has \"module 'mymod' not found\""

kd -l no_such_module
expect "-l of a missing module" 1 "err_has \"komadai: module 'no_such_module' not found\""

cat >"$tmp/args.lua" <<'EOF'
print(#arg, arg[0], arg[1], arg[2], arg[-1] ~= nil, ...)
EOF
kd "$tmp/args.lua" one two
expect "a script gets arg and ..." 0 'out_is "$(printf "2\t%s\tone\ttwo\ttrue\tone\ttwo" "$tmp/args.lua")"'

kd -e 'y = 1' "$tmp/args.lua"
expect "options before the script go below arg[0]" 0 'out_is "$(printf "0\t%s\tnil\tnil\ttrue" "$tmp/args.lua")"'

kd -e 'print(arg[0] ~= nil, #arg, arg[1])'
expect "no script: arg[0] is the program, the options follow (as lua5.4)" 0 'out_is "$(printf "true\t2\t-e")"'

printf 'local x = nil\nreturn x.y\n' >"$tmp/err.lua"
kd "$tmp/err.lua"
expect "an error in a script: status 1 and where" 1 "err_has \"komadai: $tmp/err.lua:2: attempt to index a nil value (local 'x')\""

printf 'x = = 1\n' >"$tmp/syntax.lua"
kd "$tmp/syntax.lua"
expect "a syntax error in a script" 1 "err_has \"$tmp/syntax.lua:1: unexpected symbol near '='\""

kd "$tmp/none.lua"
expect "a missing script" 1 "err_has \"komadai: cannot open $tmp/none.lua\""

printf 'os.exit(5)\n' >"$tmp/exit.lua"
kd "$tmp/exit.lua"
expect "os.exit in a script sets the status" 5 true

printf 'print("from stdin", ...)\n' | "$K" - a b >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "- runs stdin as a script" 0 'out_is "$(printf "from stdin\ta\tb")"'

printf 'print(1)\nerror("x")\n' | "$K" - >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "- with an error: status 1" 1 'out_is 1' 'err_has "komadai: stdin:2: x"'

cp "$tmp/args.lua" "$tmp/-dash.lua"
(cd "$tmp" && "$K" -- -dash.lua z >"$tmp/out" 2>"$tmp/err"); rc=$?
expect "-- ends the options" 0 'out_is "$(printf "1\t-dash.lua\tz\tnil\ttrue\tz")"'

printf 'v = 7\n' >"$tmp/setv.lua"
printf 'v * 6\n' | "$K" -i "$tmp/setv.lua" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "-i enters the REPL after the script" 0 'out_is 42'

printf 'error("in repl")\n' | "$K" -i -e 'z = 1' >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "-i from a pipe counts REPL errors" 1 'err_has "stdin:1: in repl"'

kd
expect "the REPL on an empty input" 0 '[ ! -s "$tmp/out" ]' '[ ! -s "$tmp/err" ]'

kd -v -e 'print("x")'
expect "-v with -e" 0 'out_has "komadai 0.1"' '[ "$(tail -n 1 "$tmp/out")" = x ]'

kd -e 'print(type(shogi), type(help), type(game))'
expect "the globals of a script: shogi and help, no game" 0 'out_is "$(printf "table\tfunction\tnil")"'

(cd / && LUA_PATH="" LUA_CPATH="" "$K" -e 'print(package.preload["shogi.render"] ~= nil, package.preload["shogi.core"] ~= nil, require("shogi.render") ~= nil)' >"$tmp/out" 2>"$tmp/err"); rc=$?
expect "the Lua modules are inside the binary" 0 'out_is "$(printf "true\ttrue\ttrue")"'

kd -e 'help "undo"'
expect "help works in a script" 0 'out_has "Typed alone in the REPL"'

kd -e 'local p = shogi.position("startpos") print(p:perft(2))'
expect "the shogi module works" 0 'out_is 900'

# Ctrl-C stops a script, in Lua and in C
"$K" -e 'while true do end' >"$tmp/out" 2>"$tmp/err" </dev/null & pid=$!
sleep 0.3; kill -INT $pid; wait $pid; rc=$?
expect "SIGINT stops a Lua loop in a script" 1 'err_has "interrupted!"'

"$K" -e 'print(shogi.position("startpos"):perft(9))' >"$tmp/out" 2>"$tmp/err" </dev/null & pid=$!
sleep 0.5; kill -INT $pid; wait $pid; rc=$?
expect "SIGINT stops perft in a script" 1 'err_has "interrupted!"'

"$K" -e 'while true do pcall(function() while true do end end) end' >"$tmp/out" 2>"$tmp/err" </dev/null & pid=$!
sleep 0.3; kill -INT $pid; sleep 0.5; kill -KILL $pid 2>/dev/null; wait $pid; rc=$?
expect "pcall cannot swallow the interrupt" 1 'err_has "interrupted!"'

# startup time is measured in make bench (tests assert behaviour, never timings)
"$K" -e '' </dev/null; rc=$?
expect "komadai -e '' runs nothing and exits 0" 0 'true'

# every tool in scripts/ answers --help with its usage on stdout and exit status 0
for s in batch convert csa-client diagram drill match perft records tsume usi_duel; do
    scripts/$s --help >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?
    expect "scripts/$s --help prints its usage" 0 'grep -qi "usage" "$tmp/out"'
done

end_suite
