-- make bench BENCH=lua: a plain Lua evaluation (all 81 squares through v:board(t), piece values
-- from a table) beside the built-in evaluation, the same search and node count, on three
-- positions; issue 38 asks the Lua one for at least 0.25 of the built-in's nodes per second.
-- Run by tests/bench.sh with build/komadai.
local shogi = require "shogi"

local VALUE = {P = 90, L = 300, N = 300, S = 500, G = 600, B = 800, R = 1000, K = 0,
  ["+P"] = 600, ["+L"] = 600, ["+N"] = 600, ["+S"] = 600, ["+B"] = 1100, ["+R"] = 1300}
local signed = {}
for k, v in pairs(VALUE) do signed[k], signed[k:lower()] = v, -v end
local t = {}
local function plain(v)
  v:board(t)
  local s = 0
  for i = 1, 81 do
    local x = t[i]
    if x then s = s + signed[x] end
  end
  return v:side() == "b" and s or -s
end

local POSITIONS = {
  {"opening", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"},
  {"middle game", "6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1"},
  {"endgame", "4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l16p 1"},
}
local NODES = tonumber(os.getenv("LUA_VIEW_NODES") or "") or 300000
local function nps(p, eval)
  local c = os.clock()
  local r = shogi.search(p, {nodes = NODES, eval = eval, clear = true})
  return r.nodes / (os.clock() - c)
end
for _, row in ipairs(POSITIONS) do
  local p = shogi.position(row[2])
  local lua_nps, c_nps = nps(p, plain), nps(p, nil)
  print(string.format("  plain 81-square Lua eval, %-11s %8.0f nps, built-in %8.0f nps: %.2f of built-in (goal >= 0.25)",
    row[1] .. ":", lua_nps, c_nps, lua_nps / c_nps))
end
