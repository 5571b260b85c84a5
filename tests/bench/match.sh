#!/bin/sh
# make bench BENCH=match: the cost of driving engines (timings only, nothing fails).
#   the USI round trip (position + go + bestmove) against the fake engine and Fairy-Stockfish at depth 1,
#   and a 20-game fake-engine match with one and with two game slots.
cd "$(dirname "$0")/../.." || exit 2
K=$PWD/build/komadai
F=$PWD/tests/data/engines/fake.lua
PATH=$PATH:/usr/games; export PATH
lua5.4 - "$K" "$F" <<'LUA'
local shogi = require "shogi"
local core = require "shogi.core"
local K, F = arg[1], arg[2]
local function bench(name, spec, n)
  local t0 = core.now()
  local e = assert(shogi.engine(spec))
  local t1 = core.now()
  local g = shogi.game()
  for _ = 1, n do assert(e:go(g, {depth = 1})) end
  local t2 = core.now()
  e:quit()
  print(("  %s: handshake %.1f ms, position + go depth 1 + bestmove %.2f ms (mean of %d)")
    :format(name, (t1 - t0) * 1000, (t2 - t1) * 1000 / n, n))
end
bench("fake engine (komadai Lua)", {cmd = {K, F, "play"}}, 200)
if os.execute("command -v fairy-stockfish >/dev/null 2>&1") then
  bench("fairy-stockfish", {cmd = "fairy-stockfish"}, 200)
end
LUA
for j in 1 2; do
    t0=$(date +%s.%N)
    scripts/match -engine "cmd=$K $F play" name=a byoyomi=1000 -engine "cmd=$K $F play" name=b byoyomi=1000 \
        -games 20 -maxmoves 60 -concurrency $j >/dev/null
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" -v j=$j 'BEGIN {printf "  20 fake games of 60 moves, -concurrency %d: %.2f s (%.0f moves/s)\n", j, b - a, 1200 / (b - a)}'
done
