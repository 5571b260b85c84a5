-- Benchmark (not a test): how fast Lua walks the move tree through the
-- position binding.  Run from the top directory:
--   LUA_PATH="lua/?.lua;lua/?/init.lua;;" LUA_CPATH="build/lib/?.so;;" \
--     lua5.4 tests/bench/lua_positions.lua [depth [SFEN]]
-- (default: the start position at depth 4, a middle game at depth 3, and the
-- Sho shogi start at depth 4); SFEN is anything shogi.position reads.
-- "game-leaves" at the start position is the issue's figure: a Lua script that
-- walks the tree itself, legal_moves then play/undo for every move.
-- Prints leaves per second for:
--   legal_moves  perft by pos:after, counting #pos:legal_moves() at depth 1
--   after        perft by pos:after down to the leaves (one new position per leaf)
--   game         perft by g:play/g:undo with #g:legal_moves() at depth 1
--   game-leaves  perft by g:play/g:undo down to the leaves (every leaf played)
--   C perft      pos:perft (bulk), for scale
local shogi = require "shogi"

local depth
local clock = os.clock

local function timed(name, f)
  local t0 = clock()
  local n = f()
  local dt = clock() - t0
  print(("%-12s depth %d  %10d leaves  %7.3f s  %6.2f M leaves/s"):format(name, depth, n, dt, n / dt / 1e6))
  return n
end

local function walk_legal(pos, d)
  local moves = pos:legal_moves()
  if d == 1 then return #moves end
  local n = 0
  for i = 1, #moves do n = n + walk_legal(pos:after(moves[i]), d - 1) end
  return n
end

local function walk_after(pos, d)
  if d == 0 then return 1 end
  local n = 0
  local moves = pos:legal_moves()
  for i = 1, #moves do n = n + walk_after(pos:after(moves[i]), d - 1) end
  return n
end

local function walk_game(g, d)
  local moves = g:legal_moves()
  if d == 1 then return #moves end
  local n = 0
  for i = 1, #moves do
    g:play(moves[i])
    n = n + walk_game(g, d - 1)
    g:undo()
  end
  return n
end

local function walk_game_leaves(g, d)
  if d == 0 then return 1 end
  local n = 0
  local moves = g:legal_moves()
  for i = 1, #moves do
    g:play(moves[i])
    n = n + walk_game_leaves(g, d - 1)
    g:undo()
  end
  return n
end

local function bench(start_text, d)
  depth = d
  print(("-- %s"):format(start_text))
  local start = assert(shogi.position(start_text))
  local expected = start:perft(depth)
  local function check(n) assert(n == expected, ("got %d leaves, perft says %d"):format(n, expected)) end

  check(timed("legal_moves", function() return walk_legal(start, depth) end))
  if depth <= 4 then check(timed("after", function() return walk_after(start, depth) end)) end
  local g = shogi.game(start)
  check(timed("game", function() return walk_game(g, depth) end))
  if depth <= 4 then check(timed("game-leaves", function() return walk_game_leaves(g, depth) end)) end
  timed("C perft", function() return start:perft(depth) end)
end

local MIDDLE = "6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1"
if arg and arg[1] then
  bench(arg[2] or "startpos", tonumber(arg[1]))
else
  bench("startpos", 4)
  bench(MIDDLE, 3)
  bench("sho", 4)
end
