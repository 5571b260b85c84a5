-- A student's drill being played on the site (shogi.web_drills): a shogi.drill session and what the
-- page is told of it (docs/WEB.md PLAY).  Every verdict, hint, reply and refutation is the session's.
--   M.start(d, store, body) -> 200, session | status, sentence  (body: {exercise =, style =})
--   M.json(pl, extra) -> PLAY (pl: {drill =, session =}; extra's fields added)
--   M.act(pl, action, body) -> status, PLAY | sentence  (action: move, hint, answer, next, retry, skip)
--   M.frames(pos, moves) -> [{usi, western, japanese, side, sfen}], M.side_name(c)
local cjson = require "cjson"
local progress = require "shogi.drill.progress"
local web_json = require "shogi.web_json"

local ipairs, pairs, pcall, tostring, type = ipairs, pairs, pcall, tostring, type
local string_format = string.format
local math_floor = math.floor
local _ENV = nil -- luacheck: ignore 211

local M = {}

local list, null = web_json.list, cjson.null

M.MOVE_MAX = 32 -- the bytes of a move's text

-- a refusal: the status and its sentence (every drill route answers so)
local function fail(code, fmt, ...) return code, string_format(fmt, ...) end

-- a field of a request's body, JSON's null read as absent
local function field(body, key)
  local v = body[key]
  if v == null then return nil end
  return v
end
M.fail, M.field = fail, field

function M.side_name(c) return c == "b" and "black" or "white" end

local function names(pos, m, prev)
  local ok1, western = pcall(pos.move_name, pos, m, "western", prev)
  local ok2, japanese = pcall(pos.move_name, pos, m, "japanese", prev)
  return ok1 and western or m, ok2 and japanese or m
end

function M.frames(pos, moves)
  local out, prev = {}, nil
  for i, m in ipairs(moves) do
    local ok, after = pcall(pos.after, pos, m)
    if not ok then break end
    local western, japanese = names(pos, m, prev)
    out[i] = {usi = m, western = western, japanese = japanese, side = M.side_name(pos:side()), sfen = after:sfen()}
    pos, prev = after, m
  end
  return list(out)
end


local function style_of(body)
  local style = field(body, "style")
  if style ~= nil and style ~= "letters" and style ~= "kanji" then return nil end
  return style or false
end

local BAD_STYLE = "style: expected \"letters\" or \"kanji\""

function M.start(d, store, body)
  local n = field(body, "exercise")
  local only
  if n ~= nil then
    if type(n) ~= "number" or n ~= math_floor(n) or n < 1 or n > #d.exercises then
      return fail(400, "exercise: expected a number from 1 to %d (the drill's exercises)", #d.exercises)
    end
    n = math_floor(n)
    if #d.exercises[n].faults > 0 then
      return fail(409, "exercise %d is faulty (%s): it is not played", n, d.exercises[n].faults[1])
    end
    only = {n}
  else
    only = {}
    for _, k in ipairs(store:due(d)) do
      if #d.exercises[k].faults == 0 then only[#only + 1] = k end
    end
    if #only == 0 then
      local k, at = store:next_due(d)
      if not k then return fail(409, "%s: no exercise can be played", d.title) end
      return fail(409, "%s: nothing due; the next is exercise %d, due in %s", d.title, k,
        progress.due_in(at))
    end
  end
  local style = style_of(body)
  if style == nil then return fail(400, BAD_STYLE) end
  local s = d:session{only = only, progress = store, style = style or nil}
  if s:over() then return fail(409, "%s: no exercise can be played", d.title) end
  return 200, s
end

function M.json(pl, extra)
  local s, d = pl.session, pl.drill
  local sc = s:score()
  local out = {drill = {id = d.id, title = d.title}, style = s.style, score = {text = sc.text, points = sc.points,
    max = sc.max, solved = sc.solved, missed = sc.missed, played = sc.played, total = sc.total}}
  local e = s:exercise()
  if e then
    local g = s:game()
    local pos = g:position()
    local moves = g:moves()
    local open = e.status == "open" and pos:side() == e.side and g:result() == nil
    out.exercise = {n = e.n, total = e.total, index = e.index, count = e.count, prompt = e.prompt, goal = e.goal,
      title = e.title or null, status = e.status, wrong = e.wrong, hints = e.hints}
    out.sfen = pos:sfen()
    out.to_move = M.side_name(pos:side())
    out.you = M.side_name(e.side)
    out.status = open and "playing" or "over"
    local legal, legal_names = open and pos:legal_moves() or {}, {}
    for i, m in ipairs(legal) do
      local western, japanese = names(pos, m, moves[#moves])
      legal_names[i] = {western = western, japanese = japanese}
    end
    out.legal, out.legal_names = list(legal), list(legal_names)
    out.in_check = pos:in_check()
    out.moves = list(#moves > 0 and {{usi = moves[#moves]}} or {})
    out.declare = e.goal == "play" and open
    out.over = false
  else
    out.exercise, out.status, out.over = null, "over", true
  end
  for k, v in pairs(extra or {}) do out[k] = v end
  return out
end

local OVER = "the drill is over: pick it again to play the exercises due"

-- a move: the session's verdict, and the line the board plays out
local function move(pl, body)
  local text = field(body, "move")
  if type(text) ~= "string" or text == "" or #text > M.MOVE_MAX then
    return fail(400, "move: expected a move (USI such as \"7g7f\" or \"P*5e\", or a name such as \"P-7f\")")
  end
  local s = pl.session
  local pos = s:game():position()
  local r = s:answer(text)
  if r.illegal then return fail(400, "%s", r.message) end
  local result = {correct = r.correct == true, done = r.done == true, message = r.message, points = r.points or null}
  local line = {}
  if r.move and r.move ~= "declare" then
    -- the wrong move and the opponent's refutation, or the right one and the drill's reply
    line[1] = r.move
    for _, m in ipairs(r.refutation or {r.reply}) do line[#line + 1] = m end
  end
  result.line = M.frames(pos, line)
  return 200, M.json(pl, {result = result})
end

function M.act(pl, action, body)
  local style = style_of(body)
  if style == nil then return fail(400, BAD_STYLE) end
  local s = pl.session
  if style then s:set_style(style) end
  if action == "next" then s:next(); return 200, M.json(pl) end
  if s:over() then return fail(409, "%s", OVER) end
  if action == "retry" then s:retry(); return 200, M.json(pl) end
  if action == "skip" then s:skip(); return 200, M.json(pl) end
  if action == "hint" then
    local h, err = s:hint()
    if not h then return fail(409, "%s", err) end
    return 200, M.json(pl, {hint = h})
  end
  if action == "answer" then
    local pos = s:game():position()
    local text, line = s:reveal()
    if not text then return fail(409, "%s", tostring(line)) end
    return 200, M.json(pl, {reveal = {text = text, line = M.frames(pos, line or {})}})
  end
  return move(pl, body)
end

return M
