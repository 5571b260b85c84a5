#!/bin/sh
# komadai --csa-server against scripted clients (tests/csa/server_test.py:
# python3's socket module): every result, disconnects, bad lines, x1
# commands, hooks, records, kill -9, and a bounded load test; then the
# command-line errors.  KOMADAI=path tests another binary.
# Last line: "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 2
K=${KOMADAI:-build/komadai}
case $K in /*) ;; *) K=$PWD/$K;; esac
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
[ -x "$K" ] || { echo "FAIL $K is missing"; echo "0 passed, 1 failed"; exit 1; }
command -v python3 >/dev/null || { echo "FAIL python3 is missing"; echo "0 passed, 1 failed"; exit 1; }

timeout 600 python3 tests/csa/server_test.py "$K" "$tmp" >"$tmp/py.out" 2>&1
grep -v -E '^[0-9]+ passed, [0-9]+ failed' "$tmp/py.out"
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$tmp/py.out" | tail -n 1)
if [ -z "$line" ]; then failed=$((failed + 1)); echo "FAIL server_test.py: no result line"
else
    passed=$((passed + $(echo "$line" | cut -d' ' -f1))); failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
fi

# command-line errors: each message once
err_case() { # name, expected text, args...
    name=$1; want=$2; shift 2
    "$K" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    if [ $rc -ne 0 ] && grep -qF -- "$want" "$tmp/err"; then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL $name (exit $rc): $(head -c 300 "$tmp/err")"; fi
}
err_case "no port" "usage: komadai --csa-server PORT" --csa-server
err_case "bad port" "--csa-server: PORT needs a number from 1 to 65535, not 'x'" --csa-server x
err_case "bad max-moves" "--csa-server: --max-moves needs a number from 0 to 100000, not '-1'" --csa-server 4081 --max-moves -1
err_case "bad least time" "--csa-server: --least-time-per-move needs a number from 0 to 3600, not 'a'" --csa-server 4081 --least-time-per-move a
err_case "unknown option" "--csa-server: unknown option '--fast'" --csa-server 4081 --fast 1
err_case "option without value" "--csa-server: '--config' needs an argument" --csa-server 4081 --config
err_case "missing config" "--csa-server: cannot open $tmp/none.lua" --csa-server 4081 --config "$tmp/none.lua"
printf 'return {speed = 1}\n' >"$tmp/c1.lua"
err_case "unknown setting" "unknown setting 'speed' (known: address, agree_timeout," --csa-server 4081 --config "$tmp/c1.lua"
printf 'return {max_moves = "many"}\n' >"$tmp/c2.lua"
err_case "setting type" "setting 'max_moves' must be an integer, not a string" --csa-server 4081 --config "$tmp/c2.lua"
printf 'return 42\n' >"$tmp/c3.lua"
err_case "config not a table" "the config must return a table of settings, not a number" --csa-server 4081 --config "$tmp/c3.lua"
printf 'return {x = io.open("/etc/passwd")}\n' >"$tmp/c4.lua"
err_case "config has no io" "attempt to index a nil value (global 'io')" --csa-server 4081 --config "$tmp/c4.lua"
printf 'return {address = "not an address"}\n' >"$tmp/c5.lua"
err_case "bad address" "cannot listen on not an address:4081" --csa-server 4081 --config "$tmp/c5.lua"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
