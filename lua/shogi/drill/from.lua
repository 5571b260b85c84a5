-- Drills made from material (scripts/drill from-tsume, from-record): the text
-- of a drill file, to read, edit and check before students see it.
--   from.tsume({"problems/a.lua", "list.tsv"}, {title = ...}) -> text | nil, msg
--   from.record("game.kif", {engine = CMD, threshold = 200, count = 10}) -> text | nil, msg
local oracle = require "shogi.drill.oracle"
local explain = require "shogi.drill.explain"

local ipairs, pairs, pcall, require, tostring, type = ipairs, pairs, pcall, require, tostring, type
local math_abs = math.abs
local string_format, string_upper = string.format, string.upper
local table_concat, table_sort = table.concat, table.sort
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.DECIDED = 1500 -- cp: a position the mover already wins or loses by this much is decided, no exercise
M.DEPTH = 6 -- the built-in search's depth (about a second for a whole game)
M.MOVETIME = 500 -- ms an engine thinks on each position

local function q(s) return string_format("%q", tostring(s)) end

local function drill_text(title, source, exercises)
  local out = {"-- Made by scripts/drill from " .. source .. "; run scripts/drill check on it.", "return {",
    "  title = " .. q(title) .. ",", "  exercises = {"}
  for _, e in ipairs(exercises) do
    local fields = {}
    for _, k in ipairs({"title", "position", "goal", "length", "prompt", "answers", "margin", "depth", "engine", "movetime",
    "explain"}) do
      local v = e[k]
      if type(v) == "table" then
        local parts = {}
        for i, m in ipairs(v) do parts[i] = q(m) end
        fields[#fields + 1] = k .. " = {" .. table_concat(parts, ", ") .. "}"
      elseif type(v) == "number" then
        fields[#fields + 1] = k .. " = " .. v
      elseif v ~= nil then
        fields[#fields + 1] = k .. " = " .. q(v)
      end
    end
    out[#out + 1] = "    {" .. table_concat(fields, ", ") .. "},"
  end
  out[#out + 1] = "  },"
  out[#out + 1] = "}"
  return table_concat(out, "\n") .. "\n"
end

--- tsume(files [, opts]) -> drill text | nil, msg: each problem a mate exercise
function M.tsume(files, opts)
  opts = opts or {}
  local load_all = require("shogi.diagram").load_all
  local exercises, skipped = {}, {}
  for _, f in ipairs(files) do
    -- a problem of another genre (hisshi, selfmate, helpmate) is no mate exercise: left out, and said
    local genre = f:match("%.lua$") and (require("shogi.tsume").load(f) or {}).type
    if genre and genre ~= "tsume" then
      skipped[#skipped + 1] = string_format("%s (a %s problem)", f, genre)
    else
      local items, err = load_all(f)
      if not items then return nil, tostring(err) end
      for _, it in ipairs(items) do
        local pos = it.position
        if type(pos) ~= "string" then pos = pos:sfen() end
        local length = it.length or (it.solution and #it.solution) or nil
        if not length then
          local r = oracle.mate(require("shogi").position(pos), nil)
          if r.status ~= "mate" then return nil, string_format("%s: no mate found", it.source or f) end
          length = r.length
        end
        exercises[#exercises + 1] = {title = it.title, position = pos, goal = "mate", length = length,
          answers = it.solution and #it.solution > 0 and it.solution or nil,
          prompt = string_format("Mate in %d", length)}
      end
    end
  end
  if #exercises == 0 then return nil, "no problems in the files given" end
  local source = "tsume problems"
  if #skipped > 0 then source = source .. "; left out, not mates: " .. table_concat(skipped, ", ") end
  return drill_text(opts.title or "Tsume", source, exercises)
end

-- the mover's evaluation of each position of the game, by the search or an engine
local function evaluate(pos, opts)
  if opts.engine then
    local r = oracle.engine_best(pos, opts.engine, opts.movetime)
    return r.cp, r.move
  end
  local r = oracle.best(pos, opts.depth)
  return r.cp, r.move
end

-- the answers to "find the better move" at p: every move within the margin of the
-- best by the same question scripts/drill check will ask (the search, its depth
-- and its lines), the move played never among them
local function answers_at(p, played, opts, margin)
  if opts.engine then
    local r = oracle.engine_best(p, opts.engine, opts.movetime)
    if r.move == played then return nil end
    return {r.move}, r.cp
  end
  local r = oracle.best(p, opts.depth, require("shogi.drill.check").DEFAULTS.multipv)
  local list = {}
  for _, l in ipairs(r.lines or {{move = r.move, cp = r.cp}}) do
    -- a line's score from the multi-line search confirmed as the checker scores an answer
    local cp = l.move == r.move and r.cp or (r.cp - l.cp <= margin and oracle.move_score(p, l.move, opts.depth))
    if cp and r.cp - cp <= margin then
      if l.move == played then return nil end -- the move played was as good: no mistake here
      list[#list + 1] = l.move
    end
  end
  if #list == 0 then return nil end
  return list, r.cp
end

--- record(path [, opts]) -> drill text | nil, msg: "find the better move" where a
-- move lost at least opts.threshold (default 300) centipawns by the evaluation.
-- opts: engine (a USI command; else the built-in search at opts.depth, default
-- M.DEPTH), movetime (ms, with an engine), threshold, margin, decided, count
-- (keep the count moves that lost most, in the game's order), title
function M.record(path, opts)
  opts = opts or {}
  local o = {}
  for k, v in pairs(opts) do o[k] = v end
  o.depth = o.depth or M.DEPTH
  o.movetime = o.movetime or M.MOVETIME
  local shogi = require "shogi"
  local g, err = shogi.read(path)
  if not g then return nil, tostring(err) end
  local threshold, margin, decided = o.threshold or 300, o.margin or 100, o.decided or M.DECIDED
  local moves, p = g:moves(), g:start()
  local found = {}
  local ok, e = pcall(function()
    local before = evaluate(p, o)
    for i, m in ipairs(moves) do
      local after = p:after(m)
      if #after:legal_moves() == 0 then break end
      local score_after = evaluate(after, o)
      local now = -score_after -- the mover's score after the move
      local lost = before - now
      local settled = math_abs(before) >= decided -- already won or lost: nothing to teach
      local mating = now > oracle.MATE_SCORE - 1000 -- the move played keeps a mate: not a mistake
      if lost >= threshold and not settled and not mating then
        local answers, best_cp = answers_at(p, m, o, margin)
        if answers then
          local side = explain.side(p:side())
          local by = o.engine and ("the engine, " .. o.movetime .. " ms a move") or ("the search, depth " .. o.depth)
          found[#found + 1] = {lost = lost, ex = {title = string_format("move %d", i), position = p:sfen(),
            goal = "move", answers = answers, margin = margin, depth = not o.engine and o.depth or nil,
            engine = o.engine, movetime = o.engine and o.movetime or nil,
            prompt = string_format("%s played %s here, and %s's score went from %s to %s (%s). Find a better move",
              side:gsub("^%l", string_upper), explain.move(p, m, "letters"), side, explain.score(before),
              explain.score(now), by), best = best_cp}}
        end
      end
      p, before = after, score_after
    end
  end)
  if not ok then return nil, tostring(e) end
  if #found == 0 then
    return nil, string_format("%s: no move lost %d cp or more in a position not yet decided (%d cp)", path, threshold,
      decided)
  end
  if o.count and #found > o.count then
    local order = {}
    for k = 1, #found do order[k] = k end
    table_sort(order, function(x, y) return found[x].lost > found[y].lost end)
    local keep = {}
    for k = 1, o.count do keep[order[k]] = true end
    local kept = {}
    for k = 1, #found do if keep[k] then kept[#kept + 1] = found[k] end end
    found = kept
  end
  local exercises = {}
  for k, f in ipairs(found) do f.ex.best = nil; exercises[k] = f.ex end
  return drill_text(o.title or ("Better moves: " .. path), "the record " .. path, exercises)
end

return M
