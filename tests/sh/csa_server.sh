#!/bin/sh
# komadai --csa-server against scripted clients (tests/csa/server_test.py:
# python3's socket module): every result, disconnects, bad lines, x1
# commands, hooks, records, kill -9, and a bounded load test; then the
# command-line errors.  KOMADAI=path tests another binary.
# Last line: "N passed, N failed".
. "$(dirname "$0")/../lib.sh"
K=${KOMADAI:-build/komadai}
case $K in /*) ;; *) K=$PWD/$K;; esac
srv=; on_exit '[ -n "$srv" ] && kill "$srv" 2>/dev/null'
need_exe "$K" "make"
need_cmd python3

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
err_case "missing config" "--csa-server: $tmp/none.lua: cannot open the file" --csa-server 4081 --config "$tmp/none.lua"
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

# scripts/csa-client against the server: two bots play a whole game, each saves its record
C="scripts/csa-client"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
: >"$tmp/srv.log"; "$K" --csa-server "$port" --records "$tmp/rec" --max-games 2 >"$tmp/srv.log" 2>&1 &
srv=$!
i=0; while [ $i -lt 100 ] && ! grep -q listening "$tmp/srv.log"; do sleep 0.05; i=$((i + 1)); done
mkdir -p "$tmp/b"   # $tmp/a: the client makes it (--out DIR when missing)
KOMADAI=$K "$C" --port "$port" --id bot_a --password cl-60-1-b,ta --bot examples/bots/random.lua --out "$tmp/a" --games 2 >"$tmp/ca.out" 2>&1 &
ca=$!
KOMADAI=$K "$C" --port "$port" --id bot_b --password cl-60-1-w,tb --bot examples/bots/greedy.lua --out "$tmp/b" --games 2 >"$tmp/cb.out" 2>&1
rb=$?; wait $ca; ra=$?; wait $srv; rs=$?
check() { if eval "$2"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1"; tail -n 5 "$tmp/ca.out" "$tmp/cb.out" "$tmp/srv.log"; fi; }
check "two clients play two games" '[ $ra -eq 0 ] && [ $rb -eq 0 ] && [ $rs -eq 0 ]'
check "client summary line" 'grep -q "csa-client: 2 game(s): " "$tmp/ca.out"'
check "client saves each record" '[ "$(ls "$tmp/a" | wc -l)" -eq 2 ] && [ "$(ls "$tmp/b" | wc -l)" -eq 2 ]'
# the client's record has the server's moves, and komadai reads both
f=$(ls "$tmp/a" | head -n 1)
srvrec=$(find "$tmp/rec" -name "$f")
mv_c=$(grep -E '^[+-][0-9]{4}[A-Z]{2}$' "$tmp/a/$f" | tr '\n' ' ')
mv_s=$(grep -E '^[+-][0-9]{4}[A-Z]{2}$' "$srvrec" | tr '\n' ' ')
check "client and server records agree" '[ -n "$mv_c" ] && [ "$mv_c" = "$mv_s" ]'
check "komadai reads both records" '"$K" -e "assert(shogi.read(\"$tmp/a/$f\")); assert(shogi.read(\"$srvrec\"))" >/dev/null 2>&1'

# a Sho game the config announces by name, played by two clients
printf 'return {game = function(g) if g.name:find("^sho") then return {variant = "sho"} end end}\n' >"$tmp/sho.lua"
: >"$tmp/srv3.log"; "$K" --csa-server "$port" --config "$tmp/sho.lua" --max-moves 60 --max-games 1 >"$tmp/srv3.log" 2>&1 &
srv=$!
i=0; while [ $i -lt 100 ] && ! grep -q listening "$tmp/srv3.log"; do sleep 0.05; i=$((i + 1)); done
mkdir -p "$tmp/sho"
KOMADAI=$K "$C" --port "$port" --id sho_a --password sho-60-1-b --bot examples/bots/random.lua --out "$tmp/sho" >"$tmp/ca.out" 2>&1 &
ca=$!
# sho_b's record cannot be written (nothing can be made in /proc, even by root): exit status 3
KOMADAI=$K "$C" --port "$port" --id sho_b --password sho-60-1-w --bot examples/bots/random.lua --out /proc >"$tmp/cb.out" 2>&1
rb=$?; wait $ca; ra=$?; wait $srv
check "a Sho game through the clients" '[ $ra -eq 0 ] && grep -q "game finished .*sho-60-1.*: max_moves" "$tmp/srv3.log"'
check "a record not written: exit status 3, the file named" '[ $rb -eq 3 ] && grep -q "csa-client: cannot save /proc/.*\.csa: " "$tmp/cb.out"'
# a side in check at the cap plays on (docs/RULES.md), so a game may run past 60
check "the Sho record reads as Sho" '"$K" -e "local g = assert(shogi.read(\"$(ls "$tmp"/sho/*.csa)\")); assert(g:variant() == \"sho\" and g:ply() >= 60)" >/dev/null 2>&1'

cl_case() { # name, exit, text, args...
    name=$1; want=$2; text=$3; shift 3
    KOMADAI=$K "$C" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    if [ $rc -eq "$want" ] && grep -qF -- "$text" "$tmp/err"; then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "FAIL client: $name (exit $rc): $(head -c 300 "$tmp/err")"; fi
}
KOMADAI=$K "$C" --help 2>&1 | grep -qF "saved as DIR/GAME_ID.csa" && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL client: --help names the record file"; }
cl_case "no id" 2 "csa-client: --id and --password are required" --bot examples/bots/random.lua
cl_case "no player" 2 "csa-client: give one of --engine CMD or --bot BOT.lua" --id a --password p
cl_case "unknown option" 2 "csa-client: unknown option '--fast'" --fast 1
cl_case "bad number" 2 "csa-client: --port needs a number, not 'x'" --port x
cl_case "missing bot" 2 "cannot open $tmp/none.lua" --id a --password p --bot "$tmp/none.lua"
printf 'return 1\n' >"$tmp/bot1.lua"
cl_case "bot not a function" 2 "a bot file returns function(game, clock) -> move" --id a --password p --bot "$tmp/bot1.lua"
if ! "$K" -e 'require "shogi.engine"' >/dev/null 2>&1; then
    cl_case "no USI client in the build" 2 "csa-client: --engine needs the USI client shogi.engine, which this build does not have" --id a --password p --engine /bin/true
    # the engine path of the client, through a stand-in with shogi.engine's calls
    : >"$tmp/srv4.log"; "$K" --csa-server "$port" --max-moves 20 --max-games 1 >"$tmp/srv4.log" 2>&1 &
    srv=$!
    i=0; while [ $i -lt 100 ] && ! grep -q listening "$tmp/srv4.log"; do sleep 0.05; i=$((i + 1)); done
    LUA_PATH="$PWD/tests/csa/fake/?.lua;;" KOMADAI=$K "$C" --port "$port" --id eng_a --password e-60-5-b --engine "fake:$tmp/ea.log" >"$tmp/ca.out" 2>&1 &
    ca=$!
    LUA_PATH="$PWD/tests/csa/fake/?.lua;;" KOMADAI=$K "$C" --port "$port" --id eng_b --password e-60-5-w --engine "fake:$tmp/eb.log" >"$tmp/cb.out" 2>&1
    rb=$?; wait $ca; ra=$?; wait $srv
    check "two engine players play a game" '[ $ra -eq 0 ] && [ $rb -eq 0 ] && grep -q "game finished .*: max_moves" "$tmp/srv4.log"'
    check "the engine is told the clock, the game and its end" 'head -n 1 "$tmp/ea.log" | grep -qx newgame && grep -q "^go lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 btime=60000 byoyomi=4700$" "$tmp/ea.log" && tail -n 2 "$tmp/ea.log" | tr "\n" " " | grep -qx "gameover draw quit "'
    LUA_PATH="$PWD/tests/csa/fake/?.lua;;" cl_case "engine fails to start" 2 "csa-client: engine 'nothing': cannot start" --id a --password p --engine nothing
fi
# two real USI engines behind the client, when gpsusi is installed (Debian's gpsshogi)
gps=$(command -v gpsusi || ls /usr/games/gpsusi 2>/dev/null)
if [ -n "$gps" ] && "$K" -e 'require "shogi.engine"' >/dev/null 2>&1; then
    : >"$tmp/srv5.log"; "$K" --csa-server "$port" --max-moves 8 --max-games 1 >"$tmp/srv5.log" 2>&1 &
    srv=$!
    i=0; while [ $i -lt 100 ] && ! grep -q listening "$tmp/srv5.log"; do sleep 0.05; i=$((i + 1)); done
    KOMADAI=$K timeout 120 "$C" --port "$port" --id gps_a --password usi-60-2-b --engine "$gps" >"$tmp/ca.out" 2>&1 &
    ca=$!
    KOMADAI=$K timeout 120 "$C" --port "$port" --id gps_b --password usi-60-2-w --engine "$gps" >"$tmp/cb.out" 2>&1
    rb=$?; wait $ca; ra=$?; wait $srv
    check "two gpsusi engines play a game through the clients" '[ $ra -eq 0 ] && [ $rb -eq 0 ] && grep -q "game finished .*usi-60-2" "$tmp/srv5.log"'
else
    skip "two gpsusi engines through the clients: gpsusi is not installed (make test-deps)"
fi
# a GUI's CSA client: ShogiHome's (its usi-csa-bridge command runs the GUI's own CSA game manager),
# when $SHOGIHOME_CSA names its built dist/command/usi-csa-bridge/index.js (built outside the
# repository from its public source, see docs/CSA.md; tests/README.md), with node.  It drives
# komadai's engine and plays komadai's csa-client with a bot, 12 moves to the cap.
bridge=${SHOGIHOME_CSA:-}
if [ -n "$bridge" ] && [ -f "$bridge" ] && command -v node >/dev/null; then
    : >"$tmp/srv6.log"; "$K" --csa-server "$port" --max-moves 12 --max-games 1 --records "$tmp/rec6" >"$tmp/srv6.log" 2>&1 &
    srv=$!
    i=0; while [ $i -lt 100 ] && ! grep -q listening "$tmp/srv6.log"; do sleep 0.05; i=$((i + 1)); done
    mkdir -p "$tmp/gui"
    cat >"$tmp/gui/config.yaml" <<EOF2
usi:
  name: komadai-in-shogihome
  path: $K
  options: {}
server:
  protocolVersion: v121_floodgate
  host: 127.0.0.1
  port: $port
  id: shogihome
  password: gui-0-2-b
  tcpKeepalive:
    initialDelay: 10
repeat: 1
autoRelogin: false
saveRecordFile: true
enableComment: true
recordFileNameTemplate: "{_title}"
recordFileFormat: .csa
EOF2
    # the bridge runs komadai with no arguments: a wrapper adds --usi
    printf '#!/bin/sh\nexec "%s" --usi\n' "$K" >"$tmp/gui/komadai-usi"; chmod +x "$tmp/gui/komadai-usi"
    sed -i "s#path: $K#path: $tmp/gui/komadai-usi#" "$tmp/gui/config.yaml"
    (cd "$tmp/gui" && timeout 180 node "$bridge" --lang en --save-record --record-dir "$tmp/gui/rec" config.yaml \
        >"$tmp/gui/out" 2>&1) &
    gui=$!
    KOMADAI=$K timeout 180 "$C" --port "$port" --id bot_gui --password gui-0-2-w --bot examples/bots/greedy.lua \
        >"$tmp/cb.out" 2>&1
    rb=$?; wait $gui; rg=$?
    kill $srv 2>/dev/null; wait $srv   # still running when a client failed
    check "ShogiHome's CSA client plays a game with komadai's engine" \
        '[ $rg -eq 0 ] && [ $rb -eq 0 ] && grep -q "game finished .*gui-0-2.*: max_moves" "$tmp/srv6.log"'
    check "ShogiHome's record has the server's twelve moves" \
        'g=$(ls "$tmp"/gui/rec/*.csa) && [ "$(grep -cE "^[+-][0-9]{4}[A-Z]{2}" "$g")" -eq 12 ] && "$K" -e "assert(shogi.read(\"$g\"):ply() == 12)" >/dev/null 2>&1'
else
    skip "ShogiHome's CSA client: set SHOGIHOME_CSA to its built usi-csa-bridge index.js (and install node)"
fi
cl_case "no server" 1 "csa-client: game 1: 127.0.0.1:1: Connection refused" --port 1 --id a --password p --bot examples/bots/random.lua
: >"$tmp/srv2.log"; "$K" --csa-server "$port" --max-games 1 >"$tmp/srv2.log" 2>&1 &
srv=$!
i=0; while [ $i -lt 100 ] && ! grep -q listening "$tmp/srv2.log"; do sleep 0.05; i=$((i + 1)); done
cl_case "login refused" 1 "the server refused the login: LOGIN:incorrect" --port "$port" --id "bad/id" --password p --bot examples/bots/random.lua
kill "$srv"; wait "$srv" 2>/dev/null

end_suite
