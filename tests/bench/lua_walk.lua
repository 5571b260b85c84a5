-- Speed of the game binding from Lua: a full tree walk from the start position,
-- g:legal_moves() at every node and g:play(m) / g:undo() for every move.
--   LUA_PATH="lua/?.lua;lua/?/init.lua;;" LUA_CPATH="build/lib/?.so;;" \
--     lua5.4 tests/bench/lua_walk.lua [depth [variant]]
-- Prints the leaves (perft count: 719,731 at depth 4 for standard shogi) and
-- leaves per second; exits non-zero if the count is wrong.
local core = require "shogi.core"

local depth = tonumber(arg and arg[1]) or 4
local variant = arg and arg[2] or "standard"
local EXPECTED = {standard = {30, 900, 25470, 719731, 19861490}, sho = {26, 676, 17368, 445372, 11494746}}

local function walk(g, d)
  local moves = g:legal_moves()
  if d == 1 then
    for i = 1, #moves do
      g:play(moves[i])
      g:undo()
    end
    return #moves
  end
  local n = 0
  for i = 1, #moves do
    g:play(moves[i])
    n = n + walk(g, d - 1)
    g:undo()
  end
  return n
end

local g = core.game(core.position("startpos", variant))
local t0 = os.clock()
local leaves = walk(g, depth)
local dt = os.clock() - t0
print(string.format("lua_walk %s depth %d: %d leaves in %.3f s, %.2f M leaves/s", variant, depth, leaves, dt,
  leaves / dt / 1e6))
local want = EXPECTED[variant] and EXPECTED[variant][depth]
if want and want ~= leaves then
  print(string.format("wrong count: expected %d", want))
  os.exit(1)
end
