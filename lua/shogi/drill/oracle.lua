-- What a drill asks the solver, the search and the opponents, each behind one
-- small function (shogi.solve / core.solve, shogi.search, shogi.bot,
-- shogi.engine), so a session or the checker never calls them directly.
local core = require "shogi.core"

local error, ipairs, pcall, require, tonumber, tostring, type = error, ipairs, pcall, require, tonumber, tostring,
  type
local string_format, string_match = string.format, string.match
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.MATE_NODES = 2000000
M.DEPTH = 4
M.MATE_SCORE = 30000

-- ---- the solver ------------------------------------------------------------------------
--- mate(pos, attacker [, max_length]) -> {status =, length =, pv =}: the shortest mate
-- against the longest defence (the tsume conventions of lua/shogi/tsume.lua)
function M.mate(pos, attacker, max_length)
  return core.solve(pos, {attacker = attacker, max_length = max_length, shortest = true, nodes = M.MATE_NODES})
end

--- the defender's replies that count in tsume (a futile interposition does not: the core's rule)
function M.defences(pos) return core.tsume_evasions(pos) end

--- is pos (the defender to move) mated in the tsume sense: in check, and no reply counts?
function M.tsume_mated(pos)
  return pos:in_check() and #M.defences(pos) == 0
end

--- does pos (the attacker to move, or the defender after a check) mate within n plies?
function M.mates_within(pos, attacker, n)
  if n < 0 then return false end
  if pos:side() ~= attacker and M.tsume_mated(pos) then return true, {status = "mate", length = 0, pv = {}} end
  if n == 0 then return false end
  local r = M.mate(pos, attacker, n)
  return r.status == "mate" and r.length <= n, r
end

--- a defence after which the attacker has no mate within n plies (nil if every one is mated)
function M.escape(after, attacker, n)
  for _, d in ipairs(M.defences(after)) do
    if not M.mates_within(after:after(d), attacker, n) then return d end
  end
  return nil
end

-- ---- the search ------------------------------------------------------------------------
local function search_fn()
  local ok, search = pcall(require, "shogi.search")
  if ok and type(search) == "table" and type(search.search) == "function" then return search.search end
  return nil
end

--- available() -> whether a search is there (shogi.search)
function M.available() return search_fn() ~= nil end

local function score_of(r)
  if r.mate then
    local m = r.mate
    return m > 0 and (M.MATE_SCORE - m) or (-M.MATE_SCORE - m)
  end
  return r.score or 0
end

--- engine_cp(answer) -> an engine's score as centipawns (mates as +-30000 - n)
function M.engine_cp(r)
  if r.mate ~= nil then
    local m = tonumber(r.mate) or (r.mate == "-" and -1 or 1)
    return m > 0 and (M.MATE_SCORE - m) or (-M.MATE_SCORE - m)
  end
  return r.score or 0
end

--- best(pos_or_game [, depth [, multipv]]) -> {move =, score = cp (mates as +-30000 - n), pv =, lines =}
function M.best(x, depth, multipv)
  local search = search_fn()
  if not search then error("this drill needs shogi.search, which is not in this build", 0) end
  local r = search(x, {depth = depth or M.DEPTH, multipv = multipv})
  r.cp = score_of(r)
  for _, l in ipairs(r.lines or {}) do l.cp = score_of(l) end
  return r
end

--- move_score(pos, m [, depth]) -> the mover's score of m (cp), and the reply line
function M.move_score(pos, m, depth)
  local after = pos:after(m)
  if #after:legal_moves() == 0 then return M.MATE_SCORE - 1, {} end
  local r = M.best(after, (depth or M.DEPTH) - 1)
  return -r.cp, r.pv or {}
end

-- ---- opponents -------------------------------------------------------------------------
local bots, engines = {}, {}

local function resolve(dir, file)
  if string_match(file, "^/") or not dir then return file end
  return dir .. "/" .. file
end

--- opponent_move(game, spec, dir [, depth]) -> usi | nil (no legal move)
-- spec: nil | "builtin" (shogi.search), "BOT.lua" (a bot file), else a USI engine command
function M.opponent_move(g, spec, dir, depth)
  if #g:legal_moves() == 0 then return nil end
  if spec == nil or spec == "builtin" then return M.best(g, depth).move end
  if type(spec) ~= "string" then error("opponent must be \"builtin\", a bot file or an engine command", 0) end
  if string_match(spec, "%.lua$") then
    local path = resolve(dir, spec)
    local bot = bots[path]
    if not bot then
      local err
      bot, err = require("shogi.bot").load(path)
      if not bot then error(string_format("opponent %s: %s", spec, tostring(err)), 0) end
      bots[path] = bot
    end
    return bot:search(g, {depth = depth or M.DEPTH}).move
  end
  local ok, shogi = pcall(require, "shogi")
  local engine = ok and type(shogi) == "table" and shogi.engine
  if type(engine) ~= "function" then
    error(string_format("opponent '%s' is an engine command, and shogi.engine is not in this build", spec), 0)
  end
  local e = engines[spec]
  if not e then
    local err
    e, err = engine(spec)
    if not e then error(string_format("opponent '%s': %s", spec, tostring(err)), 0) end
    engines[spec] = e
  end
  local r, err = e:go(g:position(), {movetime = 300})
  if not r then error(string_format("opponent '%s': %s", spec, tostring(err)), 0) end
  if r.bestmove == "resign" or r.bestmove == "win" then return nil end
  return r.bestmove
end

return M
