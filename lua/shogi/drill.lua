-- Teaching drills: exercise files written in Lua, played through sessions.
--   local drill = require "shogi.drill"
--   local d = assert(drill.load("examples/drills/tsume1.lua"))
--   local s = d:session()
--   print(s:exercise().prompt); print(s:answer("G*5b").message)
-- A drill file returns {title =, author =, level =, exercises = {...}}; it is
-- loaded by shogi.sandbox in this state (worker = false), since exercises may
-- hold functions (a goal, end tests).  An exercise:
--   {position = SFEN | handicap name | "record.kif:45", prompt =, goal = "move" |
--    "mate" | "sequence" | "play" | function, answers =, hints =, explain =,
--    opponent = "builtin" | "BOT.lua" | engine command, rules =, margin =,
--    length = plies (mate), moves = N (play: the student's moves allowed), depth =}
-- Loading checks the file's shape (nil, msg on a bad one); what needs the
-- rules (a position, an answer) is read per exercise and kept as its faults,
-- which scripts/drill check names and a session skips.
local error, ipairs, pairs, pcall, require, setmetatable = error, ipairs, pairs, pcall, require, setmetatable
local tostring, type = tostring, type
local string_format, string_gmatch, string_match = string.format, string.gmatch, string.match
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.GOALS = {move = true, mate = true, sequence = true, play = true}

local DRILL_KEYS = {title = true, author = true, level = true, exercises = true, notes = true}
local EXERCISE_KEYS = {position = true, prompt = true, goal = true, answers = true, hints = true,
  explain = true, opponent = true, rules = true, margin = true, length = true, moves = true,
  depth = true, title = true, variant = true, side = true, engine = true, movetime = true}

local Drill = {}
Drill.__index = Drill

-- THE SANDBOX HOOK: one function loads a drill file's chunk (in this state,
-- so functions come back); without shogi.sandbox, a plain load in an empty
-- environment.
local function load_chunk(path)
  local ok, sandbox = pcall(require, "shogi.sandbox")
  if ok and type(sandbox) == "table" and type(sandbox.load) == "function" then
    return sandbox.load(path, {worker = false, cpu = 2})
  end
  error("shogi.drill needs shogi.sandbox to load drill files", 2)
end

local function dir_of(path)
  return string_match(path, "^(.*)/[^/]*$") or "."
end

local function resolve(dir, file)
  if string_match(file, "^/") then return file end
  return dir .. "/" .. file
end

-- a position from the exercise's spec: pos, game_start | nil, msg
local function read_position(spec, dir, variant)
  local shogi = require "shogi"
  if spec == nil then spec = variant == "sho" and "sho" or "startpos" end
  if type(spec) ~= "string" then return nil, "position must be an SFEN, a handicap name or \"record.kif:N\"" end
  local file, n = string_match(spec, "^(.-%.%a+):(%d+)$")
  if file and not string_match(spec, "/.*%s") then
    local g, err = shogi.read(resolve(dir, file))
    if not g then return nil, tostring(err) end
    local moves = g:moves()
    n = n + 0
    if n > #moves then return nil, string_format("%s has %d moves, not %d", file, #moves, n) end
    local p = g:start()
    for i = 1, n do p = p:after(moves[i]) end
    return p
  end
  local pos, err = shogi.position(spec, variant and {variant = variant} or nil)
  if not pos and variant == nil then
    local sho = shogi.position(spec, {variant = "sho"})
    if sho then return sho end
  end
  return pos, err
end

local function words(s)
  local t = {}
  for w in string_gmatch(s, "%S+") do t[#t + 1] = w end
  return t
end

-- a list of moves from a list or a string of moves
local function move_list(x)
  if x == nil then return {} end
  if type(x) == "string" then return words(x) end
  if type(x) == "table" then
    local t = {}
    for i, m in ipairs(x) do t[i] = m end
    return t
  end
  return nil
end

-- text -> usi | nil, msg (the core's parser; prev: the last move, for 同)
function M.read_move(pos, text, prev)
  local ok, usi, msg = pcall(pos.parse_move, pos, text, nil, prev)
  if not ok then return nil, tostring(usi) end
  if not usi then return nil, msg end
  local legal, why = pos:is_legal(usi)
  if not legal then return nil, string_format("%s is not legal: %s", tostring(text), tostring(why)) end
  return usi
end

-- answers as USI: each one against the start (move, mate's first move), or a
-- line played through (sequence, mate given as its whole line)
local function read_answers(ex, add_fault)
  local list = move_list(ex.spec.answers)
  if not list then add_fault("answers must be a list of moves or a string of moves"); return {} end
  local out = {}
  if ex.goal == "sequence" or (ex.goal == "mate" and #list > 1) then
    local p, prev = ex.position, nil
    for i, m in ipairs(list) do
      local usi, err = M.read_move(p, m, prev)
      if not usi then add_fault(string_format("answer %d (%s): %s", i, tostring(m), err)); return out end
      out[i] = usi
      p, prev = p:after(usi), usi
    end
    return out
  end
  for i, m in ipairs(list) do
    local usi, err = M.read_move(ex.position, m)
    if not usi then add_fault(string_format("answer %d (%s): %s", i, tostring(m), err))
    else out[#out + 1] = usi end
  end
  return out
end

local function read_rules(spec)
  if spec == nil then return nil end
  local rules = require "shogi.rules"
  if rules.is(spec) then return spec end
  if type(spec) == "string" then return rules.get(spec) end
  if type(spec) == "table" then return rules.custom(spec) end
  error("rules must be \"jsa\", \"computer\", a rule set or a table for shogi.rules.custom", 0)
end

local function read_exercise(t, i, dir, where)
  if type(t) ~= "table" then return nil, string_format("%s: exercise %d is not a table", where, i) end
  for k in pairs(t) do
    if not EXERCISE_KEYS[k] then
      return nil, string_format("%s: exercise %d: unknown field '%s'", where, i, tostring(k))
    end
  end
  local goal = t.goal or "move"
  if type(goal) ~= "function" and not M.GOALS[goal] then
    return nil, string_format("%s: exercise %d: unknown goal '%s' (move, mate, sequence, play or a function)",
      where, i, tostring(goal))
  end
  if t.hints ~= nil and type(t.hints) ~= "table" then
    return nil, string_format("%s: exercise %d: hints must be a list of strings", where, i)
  end
  if t.margin ~= nil and type(t.margin) ~= "number" then
    return nil, string_format("%s: exercise %d: margin must be a number of centipawns", where, i)
  end
  if t.engine ~= nil and type(t.engine) ~= "string" then
    return nil, string_format("%s: exercise %d: engine must be a USI engine command (a string)", where, i)
  end
  if t.movetime ~= nil and (type(t.movetime) ~= "number" or t.movetime <= 0) then
    return nil, string_format("%s: exercise %d: movetime must be a number of milliseconds above 0", where, i)
  end
  local ex = {n = i, spec = t, goal = goal, engine = t.engine, movetime = t.movetime, prompt = t.prompt, explain = t.explain, hints = t.hints or {},
    margin = t.margin, length = t.length, moves = t.moves, depth = t.depth, opponent = t.opponent,
    title = t.title, faults = {}, dir = dir}
  local function add_fault(text) ex.faults[#ex.faults + 1] = text end
  local pos, err = read_position(t.position, dir, t.variant)
  if not pos then
    add_fault("position: " .. tostring(err))
    ex.answers = {}
    return ex
  end
  ex.position = pos
  ex.side = t.side or pos:side()
  if ex.side ~= "b" and ex.side ~= "w" then add_fault("side must be \"b\" or \"w\"") end
  if ex.side ~= pos:side() and goal ~= "sequence" and goal ~= "play" then
    add_fault("the student's side must be the side to move (the drill moves first only in a sequence or a play)")
  end
  local ok, rs = pcall(read_rules, t.rules)
  if not ok then add_fault("rules: " .. tostring(rs)) else ex.rules = rs end
  ex.answers = read_answers(ex, add_fault)
  if goal == "move" and #ex.answers == 0 and not ex.margin and #ex.faults == 0 then
    add_fault("a move exercise needs answers or a margin")
  end
  if goal == "sequence" and #ex.answers == 0 and #ex.faults == 0 then
    add_fault("a sequence needs its line in answers")
  end
  if goal == "mate" and #pos:checks() == 0 then
    add_fault("the attacker has no check")
  end
  return ex
end

--- drill.from_value(t, path) -> drill | nil, msg: a drill from the table a file returned
function M.from_value(t, path)
  local where = path or "drill"
  if type(t) ~= "table" then return nil, where .. ": a drill file must return a table" end
  for k in pairs(t) do
    if not DRILL_KEYS[k] then return nil, string_format("%s: unknown drill field '%s'", where, tostring(k)) end
  end
  if type(t.exercises) ~= "table" or #t.exercises == 0 then
    return nil, where .. ": the drill has no exercises (exercises = {{...}, ...})"
  end
  local dir = path and dir_of(path) or "."
  local d = setmetatable({title = t.title or where, author = t.author, level = t.level, notes = t.notes,
    path = path, exercises = {}}, Drill)
  for i, e in ipairs(t.exercises) do
    local ex, err = read_exercise(e, i, dir, where)
    if not ex then return nil, err end
    d.exercises[i] = ex
  end
  return d
end

--- drill.load(path) -> drill | nil, msg
function M.load(path)
  if type(path) ~= "string" then
    error("bad argument #1 to 'load' (drill file name expected, got " .. type(path) .. ")", 2)
  end
  local value, err = load_chunk(path)
  if value == nil then return nil, err or (path .. ": the drill file returned nothing") end
  return M.from_value(value, path)
end

--- d:session([opts]) -> session (opts: only = {exercise numbers}, progress = false | store,
-- student =, home =, now =, depth =)
function Drill:session(opts)
  return require("shogi.drill.session").new(self, opts)
end

--- d:check([opts]) -> report (scripts/drill check)
function Drill:check(opts)
  return require("shogi.drill.check").check(self, opts)
end

--- the key that names the drill in the progress file
function Drill:key()
  return self.title
end

-- Drill is not exported: its __index points at itself, and shogi.bot copies
-- the shogi table (shogi.drill included) into the sandbox, which refuses cycles
return M
