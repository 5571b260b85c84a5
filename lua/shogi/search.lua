-- shogi.search(pos_or_game, opts): the game-tree search (src/search/search.c
-- through core.search).  For a game, the positions played so far are passed
-- for repetition, and the game's rule set is the default.
--   local r = shogi.search(pos, {depth = 6})
--   print(r.move, r.score, table.concat(r.pv, " "))
local core = require "shogi.core"

local error, pairs, type = error, pairs, type
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

return M
