-- A drill played at the REPL's prompt (`:drill FILE`, `komadai --drill FILE`,
-- `scripts/drill review`).  The REPL hands it every line while a drill runs:
-- moves are answers, :hint :answer :skip :retry :next :quit are its commands,
-- anything else goes back to the REPL (Lua, the REPL's own commands).
--   start({files...}, show [, {due = true}]) -> ok, text
--   line(text, show) -> nil (not for the drill) | ok, text
--   active() -> bool;  game() -> the exercise's game (a copy) for `game`
-- show(x) renders a game or a position with the REPL's settings.
local core = require "shogi.core"
local drill = require "shogi.drill"
local progress = require "shogi.drill.progress"

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

local function header(s, show)
  local e = s:exercise()
  local title = s.drill.title
  local named = e.title and (" (" .. e.title .. ")") or ""
  local lines = {string_format("%s: exercise %d of %d%s", title, e.index, e.count, named), show(s:game()), e.prompt}
  return table_concat(lines, "\n")
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
      if state.due then
        local store = progress.open()
        opts.only = store and store:due(d) or nil
      end
      if not opts.only or #opts.only > 0 then
        local s = d:session(opts)
        if not s:over() then return s end
        notes[#notes + 1] = d.title .. ": no exercise can be played (scripts/drill check names the faults)"
      else
        notes[#notes + 1] = d.title .. ": nothing due"
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
  state = {queue = {}, due = opts and opts.due, totals = {}}
  for i, f in ipairs(files) do state.queue[i] = f end
  local notes = {}
  local s = next_session(notes)
  if not s then
    state = old
    if #notes == 0 then notes[1] = "nothing to play" end
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
  out[#out + 1] = show(g)
  out[#out + 1] = "(counted as missed) :next goes on, :retry plays it again"
  return true
end

function COMMANDS.skip(out, show)
  local s = state.session
  local e = s:exercise()
  s:give_up()
  out[#out + 1] = string_format("exercise %d skipped (counted as missed)", e and e.index or 0)
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
      out[#out + 1] = show(r.position)
    end
    out[#out + 1] = "back to the exercise: try again (:hint, :answer, :skip)"
    out[#out + 1] = show(s:game())
    return true, table_concat(out, "\n")
  end
  out[#out + 1] = show(s:game())
  out[#out + 1] = r.message
  if r.done then
    out[#out + 1] = string_format("exercise %d: %d points%s; :next goes on, :retry plays it again",
      s:exercise().index, r.points or 0, r.correct and "" or " (missed)")
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
  if not looks_like_move(text) then return nil end
  return answer(text, show)
end

return M
