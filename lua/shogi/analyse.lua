-- shogi.analyse: a game's every position searched, each move's score and loss, the moves that lost the most,
-- and the record annotated the way shogi GUIs read it (ShogiHome's "#評価値=" / "#読み筋=" comment lines).
--   local report = shogi.analyse.run(g, {time = 0.5})          -- the built-in search
--   local report = g:analyse{engine = e, time = 1, progress = function(done, total) end}
--   report.plies[i] = {ply=, move=, name=, side=, score=, mate=, pv=, pv_names=, best=, best_name=, loss=,
--                      label=}; report.start (the start's score), report.start_pv and start_pv_names (its
--   line); report.worst (plies, most lost first)
--   shogi.analyse.annotate(g, report) -> a copy of g whose comments carry the scores
-- Scores are centipawns from sente's side (as GUIs graph them); a mate counts as MATE_CP minus its plies.
local core = require "shogi.core"

local error, ipairs, math_abs, math_max, math_min, pairs, pcall, require, string_format, table_concat, table_sort,
  tonumber, tostring, type = error, ipairs, math.abs, math.max, math.min, pairs, pcall, require, string.format,
  table.concat, table.sort, tonumber, tostring, type
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.MATE_CP = 32000    -- the centipawn value of a mate in 0 plies (mate in n: MATE_CP - n)
M.CLAMP = 3000       -- losses are measured on scores clamped to +-CLAMP: a won game stays won
M.THRESHOLD = 300    -- a move losing this much is 疑問手 (dubious); twice this, 悪手 (a mistake)
M.TOP = 5            -- how many of the worst moves report.worst lists

local KNOWN = {engine = true, bot = true, time = true, depth = true, nodes = true, progress = true,
  threshold = true, top = true, name = true}

local function bad(msg, level) error("bad argument to 'analyse' (" .. msg .. ")", level + 1) end

-- a mate from the side to move ("+"/"-" when the plies are unknown) -> centipawns from the side to move
local function mate_cp(m)
  if m == "+" then return M.MATE_CP - 1 end
  if m == "-" then return -(M.MATE_CP - 1) end
  local n = tonumber(m)
  if n == nil then return nil end
  if n > 0 then return M.MATE_CP - n end
  return -(M.MATE_CP + n) -- n <= 0: mated in -n plies
end

-- the searcher opts describe: function(game) -> {score=, mate=, pv=, depth=, nodes=} from the side to move
local function searcher(opts)
  local limits = {time = opts.time, depth = opts.depth, nodes = opts.nodes}
  if not (limits.time or limits.depth or limits.nodes) then limits.time = 1 end
  if opts.engine then
    local e = opts.engine
    local go = {depth = limits.depth, nodes = limits.nodes}
    if limits.time then go.movetime = math_max(1, (limits.time * 1000) // 1) end
    return function(g)
      local r, msg = e:go(g, go)
      if not r then return nil, msg end
      return {score = r.score, mate = r.mate, pv = r.pv or {r.bestmove}, depth = r.depth, nodes = r.nodes}
    end, (e.id and e:id().name) or "engine"
  end
  local bot = opts.bot
  return function(g)
    local r
    if bot then r = bot:search(g, limits) else r = require("shogi.search").search(g, limits) end
    return {score = r.score, mate = r.mate, pv = r.pv or {r.move}, depth = r.depth, nodes = r.nodes}
  end, bot and (bot.name or "bot") or ("komadai " .. core.version)
end

-- the game after its first n moves, with its rules (so a search sees the repetitions)
local function game_at(g, n)
  local moves = g:moves()
  local h = require("shogi.game").new(g:start(), {rules = g:rules()})
  for i = 1, n do h:play(moves[i]) end
  return h
end

-- names of a line from pos in Japanese (▲２六歩△同　歩...), prev the move before it (for 同)
local function line_names(pos, line, prev)
  local out, p = {}, pos
  for _, m in ipairs(line) do
    local ok, name = pcall(p.move_name, p, m, "japanese", prev)
    if not ok then break end
    out[#out + 1] = name
    p, prev = p:after(m), m
  end
  return table_concat(out)
end

local function clamp(v) return math_max(-M.CLAMP, math_min(M.CLAMP, v)) end

--- run(g [, opts]) -> report | nil, msg
-- opts: engine (a shogi.engine), bot (shogi.bot.load's), else the built-in search; time (seconds per
-- position, default 1), depth, nodes; progress = function(done, total); threshold (cp, default 300); top (5).
function M.run(g, opts)
  opts = opts or {}
  if type(opts) ~= "table" then bad("options table expected, got " .. type(opts), 2) end
  for k in pairs(opts) do
    if not KNOWN[k] then bad("unknown option '" .. tostring(k) .. "'", 2) end
  end
  local search, engine_name = searcher(opts)
  local threshold = opts.threshold or M.THRESHOLD
  local moves = g:moves()
  local n = #moves
  local values = {} -- [i] = {cp (sente), mate (sente: + sente mates), pv, depth, nodes} for position i
  for i = 0, n do
    local h = game_at(g, i)
    local pos = h:position()
    local side = pos:side()
    local r
    if #pos:legal_moves() == 0 then
      r = {mate = 0, pv = {}}
    elseif h:result() then
      r = nil -- the game ended here otherwise (a repetition, the cap): the previous score stands
    else
      local msg
      r, msg = search(h)
      if not r then return nil, string_format("analyse: position %d: %s", i, tostring(msg)) end
    end
    if r then
      local cp = r.mate ~= nil and mate_cp(r.mate) or r.score or 0
      local sign = side == "b" and 1 or -1
      -- a mate's plies signed from sente's side too: + sente mates, - gote mates (0: mated here)
      local mate = tonumber(r.mate)
      values[i] = {cp = sign * cp, mate = mate and sign * mate, pv = r.pv or {}, depth = r.depth,
        nodes = r.nodes, side = side}
    else
      values[i] = {cp = values[i - 1] and values[i - 1].cp or 0, pv = {}, side = side, ended = true}
    end
    if opts.progress then opts.progress(i + 1, n + 1) end
  end

  local report = {engine = opts.name or engine_name, start = values[0].cp, plies = {}, worst = {},
    threshold = threshold, start_pv = values[0].pv, start_pv_names = line_names(g:start(), values[0].pv)}
  local pos, prev = g:start(), nil
  for i, m in ipairs(moves) do
    local before, after = values[i - 1], values[i]
    local side = pos:side()
    local sign = side == "b" and 1 or -1
    local best = before.pv[1]
    local loss = math_max(0, sign * (clamp(before.cp) - clamp(after.cp)))
    if best == m then loss = 0 end
    local nextpos = pos:after(m)
    local e = {ply = i, move = m, side = side, name = pos:move_name(m, "japanese", prev), score = after.cp,
      mate = after.mate, pv = after.pv, depth = after.depth, nodes = after.nodes, loss = loss,
      pv_names = line_names(nextpos, after.pv, m)}
    if best and best ~= m then
      local ok, name = pcall(pos.move_name, pos, best, "japanese", prev)
      if ok then e.best, e.best_name, e.best_score = best, name, before.cp end
    end
    if loss >= 2 * threshold then e.label = "悪手" elseif loss >= threshold then e.label = "疑問手" end
    report.plies[i] = e
    pos, prev = nextpos, m
  end
  for _, e in ipairs(report.plies) do
    if e.label then report.worst[#report.worst + 1] = e end
  end
  table_sort(report.worst, function(a, b)
    if a.loss ~= b.loss then return a.loss > b.loss end
    return a.ply < b.ply
  end)
  local top = opts.top or M.TOP
  for k = #report.worst, top + 1, -1 do report.worst[k] = nil end
  return report
end

-- the comment lines of one analysed move, as ShogiHome writes its analysis (prefix '#': a program's)
function M.comment(e, engine_name)
  local lines = {}
  if e.label then
    local s = "【" .. e.label .. "】"
    if e.best_name then s = s .. string_format(" 最善手 %s (評価値 %d → %d)", e.best_name, e.best_score, e.score) end
    lines[#lines + 1] = s
  end
  if e.mate ~= nil then -- mate 0: the position is mate (no count)
    local s = "#詰み=" .. (e.score > 0 and "先手勝ち" or "後手勝ち")
    lines[#lines + 1] = e.mate ~= 0 and string_format("%s:%d手", s, math_abs(e.mate)) or s
  end
  lines[#lines + 1] = string_format("#評価値=%d", e.score)
  if e.pv_names ~= "" then lines[#lines + 1] = "#読み筋=" .. e.pv_names end
  if e.depth then lines[#lines + 1] = "#深さ=" .. e.depth end
  if e.nodes then lines[#lines + 1] = string_format("#ノード数=%d", e.nodes) end
  if engine_name then lines[#lines + 1] = "#エンジン=" .. engine_name end
  return table_concat(lines, "\n")
end

--- annotate(g, report) -> a copy of g whose move comments end with the analysis (earlier comments kept)
function M.annotate(g, report)
  local h = g:copy() -- its info is a copy, but the comments table inside is g's: a new one
  local info = h:info()
  local comments = {}
  for k, v in pairs(info.comments or {}) do comments[k] = v end
  info.comments = comments
  for _, e in ipairs(report.plies) do
    local old = comments[e.ply]
    local add = M.comment(e, report.engine)
    comments[e.ply] = old and (old .. "\n" .. add) or add
  end
  return h
end

--- graph(report [, opts]) -> SVG text: the score over the game (sente up), the marked moves in red
function M.graph(report, opts)
  return require("shogi.analyse.graph").svg(report, opts)
end

--- text(report) -> the summary a terminal shows: the worst moves, one line each
function M.text(report)
  local out = {}
  if #report.worst == 0 then
    out[1] = string_format("no move lost %d centipawns or more", report.threshold)
  else
    out[1] = "the moves that lost the most:"
    for _, e in ipairs(report.worst) do
      out[#out + 1] = string_format("%4d %-12s %s  lost %d%s", e.ply, e.name, e.label, e.loss,
        e.best_name and string_format(" (best %s: %d -> %d)", e.best_name, e.best_score, e.score) or "")
    end
  end
  return table_concat(out, "\n")
end

return M
