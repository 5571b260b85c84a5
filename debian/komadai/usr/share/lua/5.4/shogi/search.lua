-- shogi.search(pos_or_game, opts): the game-tree search (src/search/search.c
-- through core.search).  For a game, the positions played so far are passed
-- for repetition, and the game's rule set is the default.
--   local r = shogi.search(pos, {depth = 6})
--   print(r.move, r.score, table.concat(r.pv, " "))
local core = require "shogi.core"

local error, pairs, type, getmetatable = error, pairs, type, getmetatable
local _ENV = nil -- luacheck: ignore 211

local M = {}

local function is_game(x)
  return type(x) == "userdata" and x.moves ~= nil and x.start ~= nil
end

-- keys and in-check flags of the game's positions, the current one last
local function history(g)
  local p = g:start()
  local keys, checks = {p:key()}, {p:in_check()}
  for i, m in pairs(g:moves()) do
    p = p:after(m)
    keys[i + 1], checks[i + 1] = p:key(), p:in_check()
  end
  return keys, checks
end

--- search(pos_or_game [, opts]) -> {move=, score=, mate=, pv=, depth=, nodes=, nps=, seconds=, lines=}
function M.search(x, opts)
  if opts ~= nil and type(opts) ~= "table" then
    error("bad argument #2 to 'search' (options table expected, got " .. type(opts) .. ")", 2)
  end
  if is_game(x) then
    local o = {}
    for k, v in pairs(opts or {}) do o[k] = v end
    if o.rules == nil then o.rules = x:rules() end
    local keys, checks = history(x)
    return core.search(x, o, keys, checks)
  end
  return core.search(x, opts)
end

-- the options that name an evaluation: nil or "builtin", "material", a Lua eval
-- function, a C evaluation, or a bot (shogi.bot.load: its eval and option values)
local function with_eval(e, o, name)
  if type(e) == "table" and e.eval ~= nil then
    o.eval, o.eval_opts = e.eval, e.values
  elseif e == nil or e == "builtin" or e == "material" or type(e) == "function"
    or (type(e) == "userdata" and getmetatable(e) ~= nil) then
    o.eval = e
  else
    error("bad argument #2 to '" .. name .. "' (an evaluation expected: \"builtin\", \"material\", a function, "
      .. "a C evaluation or a bot, got " .. type(e) .. ")", 3)
  end
  return o
end

--- evaluate(pos [, eval]) -> the evaluation's static score of pos for its side to move (centipawns),
-- nil in check (no static score there); eval as with_eval says (the built-in by default)
function M.evaluate(x, e)
  local o = with_eval(e, {quiet = "static"}, "evaluate")
  -- the C evaluations straight from the core, without a searcher's set-up (Texel tuning asks often)
  if o.eval == nil or o.eval == "builtin" or o.eval == "material" or type(o.eval) == "userdata" then
    if x:in_check() then return nil end
    return core.evaluate(x, o.eval)
  end
  return core.search(x, o).score
end

--- qsearch(pos [, eval]) -> the quiet score of pos for its side to move: the search's quiescence
-- (captures, promotions, evasions, the first ply's checks) under that evaluation; the table
-- is cleared first, so the score depends on the position and the evaluation only
function M.qsearch(x, e)
  return core.search(x, with_eval(e, {quiet = "qsearch", tt_mb = 1, clear = true}, "qsearch")).score
end

return M
