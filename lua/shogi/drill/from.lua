-- Drills made from material (scripts/drill from-tsume, from-record): the text
-- of a drill file, to read, edit and check before students see it.
--   from.tsume({"problems/a.lua", "list.tsv"}, {title = ...}) -> text | nil, msg
--   from.record("game.kif", {engine = CMD, threshold = 200}) -> text | nil, msg
local oracle = require "shogi.drill.oracle"
local explain = require "shogi.drill.explain"

local ipairs, pcall, require, tostring, type = ipairs, pcall, require, tostring, type
local string_format = string.format
local table_concat = table.concat
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.DECIDED = 2000 -- cp: a position the mover already wins or loses by this much is decided, no exercise

local function q(s) return string_format("%q", tostring(s)) end

local function drill_text(title, source, exercises)
  local out = {"-- Made by scripts/drill from " .. source .. "; run scripts/drill check on it.", "return {",
    "  title = " .. q(title) .. ",", "  exercises = {"}
  for _, e in ipairs(exercises) do
    local fields = {}
    for _, k in ipairs({"title", "position", "goal", "length", "prompt", "answers", "margin", "depth", "explain"}) do
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
  local exercises = {}
  for _, f in ipairs(files) do
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
  if #exercises == 0 then return nil, "no problems in the files given" end
  return drill_text(opts.title or "Tsume", "tsume problems", exercises)
end

-- the mover's evaluation of each position of the game, by the search or an engine
local function evaluate(pos, opts)
  if opts.engine then
    local shogi = require "shogi"
    local engine = type(shogi) == "table" and shogi.engine
    if type(engine) ~= "function" then
      error("--engine needs shogi.engine, which is not in this build (leave it out to use the built-in search)", 0)
    end
    local e = opts.engine_handle or engine(opts.engine)
    opts.engine_handle = e
    local r, err = e:go(pos, {movetime = opts.movetime or 500})
    if not r then error(tostring(err), 0) end
    return oracle.engine_cp(r), r.bestmove
  end
  local r = oracle.best(pos, opts.depth or 4)
  return r.cp, r.move
end

--- record(path [, opts]) -> drill text | nil, msg: "find the better move" where a
-- move lost at least opts.threshold (default 300) centipawns by the evaluation
function M.record(path, opts)
  opts = opts or {}
  local shogi = require "shogi"
  local g, err = shogi.read(path)
  if not g then return nil, tostring(err) end
  local threshold = opts.threshold or 300
  local moves, p = g:moves(), g:start()
  local exercises = {}
  local ok, e = pcall(function()
    local before, best = evaluate(p, opts)
    for i, m in ipairs(moves) do
      local after = p:after(m)
      if #after:legal_moves() == 0 then break end
      local score_after, best_after = evaluate(after, opts)
      local now = -score_after -- the mover's score after the move
      local lost = before - now
      local decided = before >= M.DECIDED or before <= -M.DECIDED
      local mating = now > oracle.MATE_SCORE - 1000 -- the move played keeps a mate: not a mistake
      local answer = best
      if lost >= threshold and best and best ~= m and not decided and not mating and not opts.engine then
        -- the answer as scripts/drill check will see it: the same search, depth and lines
        answer = oracle.best(p, opts.depth or 4, require("shogi.drill.check").DEFAULTS.multipv).move
      end
      if lost >= threshold and answer and answer ~= m and not decided and not mating then
        local side = p:side() == "b" and "Sente" or "Gote"
        exercises[#exercises + 1] = {title = string_format("move %d", i), position = p:sfen(), goal = "move",
          answers = {answer}, margin = opts.margin or 100, depth = not opts.engine and (opts.depth or 4) or nil,
          prompt = string_format("%s played %s here and the position went from %s to %s: find the better move",
            side, explain.move(p, m, "letters"), explain.score(before), explain.score(now))}
      end
      p, before, best = after, score_after, best_after
    end
  end)
  if not ok then return nil, tostring(e) end
  if #exercises == 0 then return nil, string_format("%s: no move lost %d or more", path, threshold) end
  return drill_text(opts.title or ("Better moves: " .. path), "the record " .. path, exercises)
end

return M
