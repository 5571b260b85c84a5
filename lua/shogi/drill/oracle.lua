-- What a drill asks the solver, the search and the opponents, each behind one
-- small function (shogi.solve / core.solve, shogi.search, shogi.bot,
-- shogi.engine), so a session or the checker never calls them directly.
local core = require "shogi.core"

local error, ipairs, pcall, require, tonumber, tostring, type = error, ipairs, pcall, require, tonumber, tostring,
  type
local string_format, string_match = string.format, string.match
local table_sort = table.sort
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

-- Every search here starts from an empty table (clear): a drill's verdict must
-- not depend on what was searched before it, so the generator, the checker and
-- the student's session, asking the same question, get the same answer.

--- best(pos_or_game [, depth [, multipv]]) -> {move =, score = cp (mates as +-30000 - n), pv =, lines =}
-- with multipv, lines are ordered by score and the best is the first of them
function M.best(x, depth, multipv)
  local search = search_fn()
  if not search then error("this drill needs shogi.search, which is not in this build", 0) end
  local r = search(x, {depth = depth or M.DEPTH, multipv = multipv, clear = true})
  r.cp = score_of(r)
  local lines = r.lines or {}
  for _, l in ipairs(lines) do l.cp = score_of(l) end
  table_sort(lines, function(a, b) return a.cp > b.cp end)
  local top = lines[1]
  if top and top.cp > r.cp then r.move, r.cp, r.pv = top.move, top.cp, top.pv end
  return r
end

--- move_score(pos, m [, depth]) -> the mover's score of m (cp) by the same root search as best's
-- (only m searched), and the line after it (the reply first)
function M.move_score(pos, m, depth)
  local after = pos:after(m)
  if #after:legal_moves() == 0 then return M.MATE_SCORE - 1, {} end
  local search = search_fn()
  if not search then error("this drill needs shogi.search, which is not in this build", 0) end
  local r = search(pos, {depth = depth or M.DEPTH, searchmoves = {m}, clear = true})
  local line = {}
  for i = 2, #(r.pv or {}) do line[#line + 1] = r.pv[i] end
  return score_of(r), line
end

-- ---- a USI engine -----------------------------------------------------------------------
local engines = {}

-- the engine for a command, started once per process; who names it in errors
local function engine_for(spec, who)
  local e = engines[spec]
  if e then return e end
  local ok, shogi = pcall(require, "shogi")
  local engine = ok and type(shogi) == "table" and shogi.engine
  if type(engine) ~= "function" then
    error(string_format("%s '%s' is an engine command, and shogi.engine is not in this build", who, spec), 0)
  end
  local err
  e, err = engine(spec)
  if not e then error(string_format("%s '%s': %s", who, spec, tostring(err)), 0) end
  engines[spec] = e
  return e
end

M.MOVETIME = 500 -- ms an engine thinks when the exercise does not say
M.JUDGE_GRACE = 10 -- s an engine may overrun its time as a judge

--- engine_best(pos, cmd [, movetime]) -> {move =, cp = the mover's score, pv =}
function M.engine_best(pos, cmd, movetime)
  if #pos:legal_moves() == 0 then return {cp = -M.MATE_SCORE, pv = {}} end
  -- byoyomi, not movetime: every USI engine takes it (gpsusi refuses movetime).
  -- A judge is not on a clock: an engine that overruns a short byoyomi (gpsusi
  -- takes over a second for 100 ms) is waited for, up to M.JUDGE_GRACE s more.
  local ms = movetime or M.MOVETIME
  local r, err = engine_for(cmd, "engine"):go(pos, {byoyomi = ms, timeout = ms / 1000 + M.JUDGE_GRACE})
  if not r then error(tostring(err), 0) end
  return {move = r.bestmove, cp = M.engine_cp(r), pv = r.pv or {}, mate = tonumber(r.mate)}
end

-- ---- the judge of a move exercise: its engine when it names one, else the search ----------
--- judge_best(ex, pos, depth [, multipv]) -> as best (no lines with an engine)
function M.judge_best(ex, pos, depth, multipv)
  if ex.engine then return M.engine_best(pos, ex.engine, ex.movetime) end
  return M.best(pos, depth, multipv)
end

--- judge_move(ex, pos, m, depth) -> the mover's score of m (cp), and the line after it
function M.judge_move(ex, pos, m, depth)
  if not ex.engine then return M.move_score(pos, m, depth) end
  local r = M.engine_best(pos:after(m), ex.engine, ex.movetime)
  local line = {r.move}
  for i = 2, #r.pv do line[i] = r.pv[i] end
  return -r.cp, line
end

-- ---- opponents -------------------------------------------------------------------------
local bots = {}

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
  local e = engine_for(spec, "opponent")
  local r, err = e:go(g:position(), {byoyomi = 300})
  if not r then error(string_format("opponent '%s': %s", spec, tostring(err)), 0) end
  if r.bestmove == "resign" or r.bestmove == "win" then return nil end
  return r.bestmove
end

return M
