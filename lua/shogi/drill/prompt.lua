-- A drill played at the REPL's prompt (`:drill FILE`, `komadai --drill FILE`,
-- `scripts/drill review`).  The REPL hands it every line while a drill runs:
-- moves are answers, :hint :answer :skip :retry :next :quit are its commands,
-- anything else goes back to the REPL (Lua, the REPL's own commands).
--   start({files...}, show [, {due = true, style = function -> "letters" | "kanji"}]) -> ok, text
--   line(text, show) -> nil (not for the drill) | ok, text
--   active() -> bool;  game() -> the exercise's game (a copy) for `game`
-- show(x [, opts]) renders a game or a position with the REPL's settings
-- (opts.gote: from gote's side, for an exercise gote plays).
-- Exercises are numbered as the file numbers them; a drill played again
-- resumes at the first exercise not played yet (all of them once each has
-- been played); with due, only the exercises due, and when none is, when the
-- next one is.
local core = require "shogi.core"
local drill = require "shogi.drill"
local progress = require "shogi.drill.progress"

local moves = require "shogi.repl.moves"

local ipairs, pcall, tostring, type = ipairs, pcall, tostring, type
local string_format, string_match = string.format, string.match
local table_concat, table_remove = table.concat, table.remove
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- M.on_over: called when a drill ends (komadai --drill sets it to end the input)

-- the running drill: {session =, queue = {drills left}, due =, totals = {}}
local state = nil

function M.active() return state ~= nil end

function M.game()
  return state and state.session:game() or nil
end

-- the boards of the exercise being played: from gote's side when gote plays it
local function board(show, x)
  local e = state and state.session and state.session:exercise()
  return show(x, {gote = e and e.side == "w"})
end

local function header(s, show)
  local e = s:exercise()
  local title = s.drill.title
  local named = e.title and (" (" .. e.title .. ")") or ""
  local part = ""
  if e.count < e.total then
    part = string_format(" [%d of %d %s]", e.index, e.count, state.due and "due" or "left")
  end
  local lines = {string_format("%s: exercise %d of %d%s%s", title, e.n, e.total, named, part), board(show, s:game()),
    e.prompt}
  return table_concat(lines, "\n")
end


-- "nothing due" and when the next exercise is
local function nothing_due(d, store)
  local n, due = store:next_due(d)
  if not n then return d.title .. ": nothing due" end
  return string_format("%s: nothing due; the next is exercise %d, due in %s", d.title, n,
    progress.due_in(due))
end

-- the next drill of the queue with something to play: session | nil, skipped messages
local function next_session(notes)
  while #state.queue > 0 do
    local path = table_remove(state.queue, 1)
    local d, err = drill.load(path)
    if not d then
      notes[#notes + 1] = tostring(err)
    else
      local opts = {}
      local store = progress.open()
      if state.due then
        opts.only = store and store:due(d) or nil
      elseif store then
        local left = store:unplayed(d)
        if #left > 0 and #left < #d.exercises then
          opts.only = left
          notes[#notes + 1] = string_format("%s: resumed at exercise %d (%d of %d played before)", d.title, left[1],
            #d.exercises - #left, #d.exercises)
        end
      end
      if not opts.only or #opts.only > 0 then
        local s = d:session(opts)
        if not s:over() then return s end
        notes[#notes + 1] = d.title .. ": no exercise can be played (scripts/drill check names the faults)"
      else
        notes[#notes + 1] = nothing_due(d, store)
        state.nothing_due = (state.nothing_due or 0) + 1
      end
    end
  end
  return nil
end

local function finish_session(out)
  local sc = state.session:score()
  out[#out + 1] = string_format("%s: %s", state.session.drill.title, sc.text)
  state.totals[#state.totals + 1] = sc
end

-- on to the next exercise, the next drill, or the end
local function advance(out, show)
  local s = state.session
  local e = s:next()
  if e then out[#out + 1] = header(s, show); return end
  finish_session(out)
  local notes = {}
  local n = next_session(notes)
  for _, t in ipairs(notes) do out[#out + 1] = t end
  if n then
    state.session = n
    out[#out + 1] = header(n, show)
    return
  end
  local points, max = 0, 0
  for _, sc in ipairs(state.totals) do points, max = points + sc.points, max + sc.max end
  if #state.totals > 1 then out[#out + 1] = string_format("all drills: %d/%d points", points, max) end
  out[#out + 1] = "the drill is over"
  state = nil
  if M.on_over then M.on_over() end
end

--- start(files, show [, opts]) -> ok, text
function M.start(files, show, opts)
  if type(files) == "string" then files = {files} end
  if #files == 0 then
    if opts and opts.due then
      local store = progress.open()
      files = store and store:paths() or {}
      if #files == 0 then return false, "no drill has been played yet: name the drill files" end
    else
      return false, "no drill file given (:drill FILE, komadai --drill FILE)"
    end
  end
  local old = state
  state = {queue = {}, due = opts and opts.due, totals = {}, style = opts and opts.style}
  for i, f in ipairs(files) do state.queue[i] = f end
  local notes = {}
  local s = next_session(notes)
  if not s then
    -- nothing due in every drill named is no failure: said, and the drill ends
    local all_due = state.due and state.nothing_due == #files
    state = old
    if #notes == 0 then notes[1] = "nothing to play" end
    if all_due then
      if M.on_over then M.on_over() end
      return true, table_concat(notes, "\n")
    end
    return false, table_concat(notes, "\n")
  end
  state.session = s
  notes[#notes + 1] = header(s, show)
  return true, table_concat(notes, "\n")
end

local COMMANDS = {}

function COMMANDS.hint()
  local s = state.session
  local h, err = s:hint()
  if not h then return false, err end
  return true, "hint: " .. h
end

function COMMANDS.answer(out, show)
  local s = state.session
  local text, line = s:reveal()
  if not text then return false, line end
  out[#out + 1] = text
  local g = s:game()
  for _, m in ipairs(line or {}) do
    if not pcall(g.play, g, m) then break end
  end
  out[#out + 1] = board(show, g)
  out[#out + 1] = "(counted as missed) :next goes on, :retry plays it again"
  return true
end

function COMMANDS.skip(out, show)
  local s = state.session
  local e = s:exercise()
  s:give_up()
  out[#out + 1] = string_format("exercise %d skipped (counted as missed)", e and e.n or 0)
  advance(out, show)
  return true
end

COMMANDS["next"] = function(out, show)
  advance(out, show)
  return true
end

function COMMANDS.retry(out, show)
  local s = state.session
  s:retry()
  out[#out + 1] = header(s, show)
  return true
end

function COMMANDS.quit(out)
  finish_session(out)
  out[#out + 1] = "the drill is over"
  state = nil
  if M.on_over then M.on_over() end
  return true
end

local function answer(text, show)
  local s = state.session
  local r = s:answer(text)
  if r.illegal then return false, r.message end
  local out = {}
  if r.correct == false and not r.done then
    out[#out + 1] = r.message
    if r.position then
      out[#out + 1] = "the refutation on the board:"
      out[#out + 1] = board(show, r.position)
    end
    out[#out + 1] = "back to the exercise: try again (:hint, :answer, :skip)"
    out[#out + 1] = board(show, s:game())
    return true, table_concat(out, "\n")
  end
  out[#out + 1] = board(show, s:game())
  out[#out + 1] = r.message
  if r.done then
    out[#out + 1] = string_format("exercise %d: %d points%s; :next goes on, :retry plays it again",
      s:exercise().n, r.points or 0, r.correct and "" or " (missed)")
  end
  return true, table_concat(out, "\n")
end

-- does the text name a move of the exercise's position (legal or not)?
local function looks_like_move(text)
  local g = state.session:game()
  if not g then return false end
  if text == "declare" then return true end
  local pos = g:position()
  local ok, usi = pcall(pos.parse_move, pos, text)
  if ok and usi then return true end
  local _, to = core.usi_parts(text) -- from is nil for a drop
  return to ~= nil
end

--- line(text, show) -> nil | ok, text
function M.line(text, show)
  if not state then return nil end
  if state.style then state.session:set_style(state.style()) end
  local name = string_match(text, "^:(%a+)%s*$")
  if name then
    local f = COMMANDS[name]
    if not f then return nil end
    local out = {}
    local ok, msg = f(out, show)
    if ok == false then return false, msg end
    if msg then out[#out + 1] = msg end
    return true, table_concat(out, "\n")
  end
  if state.session:over() then return nil end
  if not looks_like_move(text) then
    local g = state.session:game()
    local played = g and g:moves() or {}
    local near = g and moves.not_a_move(g:position(), text, played[#played])
    if near then return false, near end
    return nil
  end
  return answer(text, show)
end

return M
