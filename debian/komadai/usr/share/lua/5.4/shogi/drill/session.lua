-- A drill session: the exercises in turn, answers judged, hints, a score.
--   local s = d:session()
--   s:exercise()  -> the exercise being played (nil when the session is over)
--   s:answer(m)   -> {correct =, done =, message =, reply =, refutation =}
--   s:hint(), s:reveal(), s:skip(), s:retry(), s:next(), s:score()
-- Each exercise is played on a game of its own (s:game()); a wrong move is
-- taken back after its refutation is found, so the student tries again from
-- the same position.
local goals = require "shogi.drill.goals"
local progress = require "shogi.drill.progress"
local explain = require "shogi.drill.explain"

local error, ipairs, pcall, require, setmetatable, tostring, type = error, ipairs, pcall, require, setmetatable,
  tostring, type
local string_format = string.format
local table_concat = table.concat
local math_max = math.max
local _ENV = nil -- luacheck: ignore 211

local M = {}

local Session = {}
Session.__index = Session

M.POINTS, M.PENALTY = 100, 25

local function new_game(ex)
  local shogi = require "shogi"
  return shogi.game(ex.position, ex.rules and {rules = ex.rules} or nil)
end

-- the state of one exercise as the session plays it
-- (the drill moves first when the student plays the other side)
local function fresh(ex, depth, now)
  local st = {ex = ex, game = new_game(ex), wrong = 0, hints = 0, status = "open", step = 0, line = {}, attempts = 0,
    started = progress.now(now)}
  if st.game:side() ~= ex.side then
    local m
    if ex.goal == "sequence" then m = ex.answers[1]
    else m = require("shogi.drill.oracle").opponent_move(st.game, ex.opponent, ex.dir, ex.depth or depth) end
    if m then st.game:play(m) end
  end
  return st
end

--- session.new(drill [, opts]) (opts.style: "letters" | "kanji", the names in what the session says)
function M.new(drill, opts)
  opts = opts or {}
  local order = {}
  if opts.only then
    for _, n in ipairs(opts.only) do order[#order + 1] = n end
  else
    for i = 1, #drill.exercises do order[i] = i end
  end
  local store = opts.progress
  if store == nil then store = progress.open(opts) end
  local s = setmetatable({drill = drill, order = order, at = 1, states = {}, results = {}, store = store or nil,
    now = opts.now, depth = opts.depth, style = opts.style or "letters"}, Session)
  s:_enter()
  return s
end

-- starts the exercise at s.at, skipping the faulty ones (they are reported as such)
function Session:_enter()
  while self.at <= #self.order do
    local ex = self.drill.exercises[self.order[self.at]]
    if #ex.faults == 0 then
      local ok, st = pcall(fresh, ex, self.depth, self.now)
      if ok and st.game then
        self.states[self.at] = st
        return
      end
    end
    self.results[#self.results + 1] = {n = ex.n, status = "faulty", points = 0, wrong = 0, hints = 0}
    self.at = self.at + 1
  end
end

function Session:_state() return self.states[self.at] end

--- s:exercise() -> {n = its number in the file, total = the file's count, index =, count = (in this session),
--   prompt =, goal =, side =, position =, title =} | nil
function Session:exercise()
  local st = self:_state()
  if not st then return nil end
  local ex = st.ex
  return {n = ex.n, total = #self.drill.exercises, index = self.at, count = #self.order,
    prompt = ex.prompt or goals.default_prompt(ex),
    goal = type(ex.goal) == "string" and ex.goal or "custom", side = ex.side, position = st.game:position(),
    title = ex.title, status = st.status, wrong = st.wrong, hints = st.hints}
end

--- s:set_style(style): "letters" (western names) | "kanji" (japanese names, kanji pieces and squares)
function Session:set_style(style)
  if style ~= "letters" and style ~= "kanji" then
    error("bad argument #1 to 'set_style' (\"letters\" or \"kanji\" expected, got " .. tostring(style) .. ")", 2)
  end
  self.style = style
end

--- s:game() -> the exercise's game (a copy: changing it changes nothing here)
function Session:game()
  local st = self:_state()
  return st and st.game:copy() or nil
end

local function finish(self, st, status)
  st.status = status
  if st.counted then return {n = st.ex.n, status = status, points = 0, replay = true} end
  local points = 0
  if status == "solved" then points = math_max(10, M.POINTS - M.PENALTY * (st.wrong + st.hints)) end
  local r = {n = st.ex.n, status = status, points = points, wrong = st.wrong, hints = st.hints}
  self.results[#self.results + 1] = r
  if self.store then
    local clean = status == "solved" and st.wrong == 0 and st.hints == 0
    local outcome = clean and "clean" or (status == "solved" and "helped" or "missed")
    local now = progress.now(self.now)
    self.store:record(self.drill, st.ex.n, outcome, now, {points = points, attempts = st.attempts, hints = st.hints,
      seconds = math_max(0, now - (st.started or now))})
    self.store:save()
  end
  return r
end

--- s:answer(move) -> {correct =, done =, message =, reply =, refutation =, position =}
function Session:answer(text)
  if type(text) ~= "string" then
    error("bad argument #1 to 'answer' (a move expected, got " .. type(text) .. ")", 2)
  end
  local st = self:_state()
  if not st then return {correct = false, done = true, message = "the session is over"} end
  if st.status ~= "open" then
    return {correct = false, done = true, message = "this exercise is over: :next goes on, :retry plays it again"}
  end
  st.style = self.style
  local r = goals.answer(st, text, self.depth)
  if r.illegal then return r end
  st.attempts = st.attempts + 1
  if r.correct == false then st.wrong = st.wrong + 1 end
  if r.done then
    local status = r.correct and "solved" or "missed"
    local res = finish(self, st, status)
    r.points = res.points
    local ex = st.ex
    if r.correct and ex.explain then r.message = r.message .. "\n" .. ex.explain end
  end
  return r
end

--- s:hint() -> text | nil, msg: the teacher's hints first, then the piece, then the square
function Session:hint()
  local st = self:_state()
  if not st then return nil, "the session is over" end
  if st.status ~= "open" then return nil, "this exercise is over" end
  local ex = st.ex
  local k = st.hints + 1
  local text
  if k <= #ex.hints then
    text = tostring(ex.hints[k])
  else
    local m = goals.expected(st, self.depth)
    if not m then return nil, "no hint: the drill has no move to suggest here" end
    text = goals.auto_hint(st.game:position(), m, k - #ex.hints, self.style)
  end
  if not text then return nil, "no more hints (:answer shows the move)" end
  st.hints = k
  return text
end

--- s:reveal() -> text: the answer (the exercise counts as missed)
function Session:reveal()
  local st = self:_state()
  if not st then return nil, "the session is over" end
  local line = goals.solution(st, self.depth)
  local names = {}
  local p = st.game:position()
  for i, m in ipairs(line) do
    names[i] = explain.move(p, m, self.style)
    p = p:after(m)
  end
  if st.status == "open" then finish(self, st, "missed") end
  local text = #names > 0 and ("the answer: " .. table_concat(names, " ")) or "the drill has no answer to show"
  if st.ex.explain then text = text .. "\n" .. st.ex.explain end
  return text, line
end

--- s:give_up(): the exercise counts as missed (it stays the current one)
function Session:give_up()
  local st = self:_state()
  if st and st.status == "open" then finish(self, st, "missed") end
end

--- s:skip() -> the next exercise: this one counts as missed
function Session:skip()
  self:give_up()
  return self:next()
end

--- s:retry(): the exercise again from its start (its score stays as first played)
function Session:retry()
  local st = self:_state()
  if not st then return nil end
  local n = fresh(st.ex, self.depth, self.now)
  n.wrong, n.hints = st.wrong, st.hints
  if st.status ~= "open" then n.status, n.replay = "open", true end
  n.counted = st.status ~= "open"
  self.states[self.at] = n
  return self:exercise()
end

--- s:next() -> the next exercise | nil at the end (an open one counts as missed)
function Session:next()
  local st = self:_state()
  if st and st.status == "open" and not st.counted then finish(self, st, "missed") end
  self.at = self.at + 1
  self:_enter()
  return self:exercise()
end

--- s:score() -> {points =, max =, solved =, missed =, played =, total =, exercises = {{n, status, points, wrong,
--   hints}}, text}: the exercises played (solved or missed) count; a faulty one or one not reached does not
function Session:score()
  local seen, list = {}, {}
  for _, r in ipairs(self.results) do
    if not seen[r.n] then seen[r.n] = true; list[#list + 1] = r end
  end
  local points, solved, missed = 0, 0, 0
  for _, r in ipairs(list) do
    points = points + r.points
    if r.status == "solved" then solved = solved + 1 elseif r.status == "missed" then missed = missed + 1 end
  end
  local played, total = solved + missed, #self.order
  local text = string_format("score: %d/%d points, %d of %d solved", points, M.POINTS * played, solved, played)
  if played < total then text = text .. string_format(" (%d of %d exercises played)", played, total) end
  return {points = points, max = M.POINTS * played, solved = solved, missed = missed, played = played, total = total,
    exercises = list, text = text}
end

--- s:over() -> true when every exercise has been played
function Session:over() return self:_state() == nil end

M.Session = Session

return M
