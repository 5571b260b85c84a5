-- The REPL's colon commands (:style :flip :color :moves :line :first :prev
-- :next :last :goto :diagram :drill, and the editor's :put :remove :hand
-- :clear :side :mirror :swap): each takes the text after its name and
-- answers ok, text (ok = false: the text is an error message).
local render = require "shogi.render"
local value = require "shogi.repl.value"
local state = require "shogi.repl.state"
local display = require "shogi.repl.display"

local G = _G
local concat, sort, format = table.concat, table.sort, string.format
local type, tostring, pairs, ipairs, pcall, require = type, tostring, pairs, ipairs, pcall, require
local load = load
local table = table
local math_tointeger = math.tointeger
local field, show_one, message, the_game = value.field, display.one, state.message, state.game
local WIDTH = value.WIDTH
local settings = state.settings
local _ENV = nil -- luacheck: ignore 211

local COMMANDS = {}

function COMMANDS.style(arg)
  if arg == "" then return true, "style: " .. settings.style end
  if arg ~= "kanji" and arg ~= "letters" then
    return false, format(":style: unknown style '%s' (kanji or letters)", arg)
  end
  settings.style = arg
  local g = the_game()
  return true, g and show_one(g) or ("style: " .. arg)
end

-- :flip turns the boards the REPL shows (gote's view), and back
function COMMANDS.flip(arg)
  if arg ~= "" and arg ~= "on" and arg ~= "off" then
    return false, format(":flip: expected nothing, on or off, not '%s'", arg)
  end
  if arg == "" then settings.flip = not settings.flip else settings.flip = arg == "on" end
  local g = the_game()
  return true, g and show_one(g) or ("flip: " .. (settings.flip and "on" or "off"))
end

function COMMANDS.color(arg)
  if arg == "" then return true, "color: " .. (settings.color and "on" or "off") end
  if arg ~= "on" and arg ~= "off" then return false, format(":color: expected on or off, not '%s'", arg) end
  settings.color = arg == "on"
  return true, "color: " .. arg
end

local NOTATIONS = {usi = true, csa = true, western = true, japanese = true, kif = true}

-- a move's name in a notation (USI as it is; the others need pos:move_name)
-- prev: the move before (for 同, as g:write("ki2") has it)
local function move_name(pos, m, notation, prev)
  if notation == "usi" then return m end
  local f = field(pos, "move_name")
  if type(f) ~= "function" then return nil, "notation " .. notation .. " needs pos:move_name (not there yet)" end
  local ok, name = pcall(f, pos, m, notation, prev)
  if not ok then return nil, message(name) end
  return name
end

local function wrap(items)
  local lines, line = {}, ""
  for _, item in ipairs(items) do
    if #line > 0 and #line + 2 + #item > WIDTH then
      lines[#lines + 1] = line
      line = item
    else
      line = #line > 0 and (line .. "  " .. item) or item
    end
  end
  if #line > 0 then lines[#lines + 1] = line end
  return concat(lines, "\n")
end

function COMMANDS.moves(arg)
  local g = the_game()
  if not g then return false, ":moves: there is no game in `game`" end
  local notation = arg ~= "" and arg or (settings.style == "kanji" and "japanese" or "usi")
  if not NOTATIONS[notation] then
    return false, format(":moves: unknown notation '%s' (usi, western, japanese, kif, csa)", notation)
  end
  local pos, items, moves = g:start(), {}, g:moves()
  for i, m in ipairs(moves) do
    local name, err = move_name(pos, m, notation, moves[i - 1])
    if not name then return false, ":moves: " .. err end
    items[i] = i .. "." .. name
    pos = pos:after(m)
  end
  if #items == 0 then return true, "no moves yet" end
  return true, wrap(items)
end

-- a position from an SFEN or a position value (a solver answer's start)
local function shogi_position(x)
  return require("shogi").position(x)
end

-- the moves of a :line argument: a Lua expression giving an array of moves (or
-- a table with a pv field, such as shogi.solve's answer), else the words
local function line_moves(arg)
  local chunk = load("return " .. arg, "=:line", "t", G)
  if chunk then
    local ok, v = pcall(chunk)
    if not ok then return nil, message(v) end
    local start
    if type(v) == "table" and type(v.pv) == "table" then
      -- a solver answer (or report) carries its own start position
      start = v.position
      v = v.pv
    end
    if type(v) ~= "table" then return nil, "expected an array of moves, got a " .. type(v) end
    return v, nil, start
  end
  local moves = {}
  for w in arg:gmatch("%S+") do moves[#moves + 1] = w end
  return moves
end

-- a move as USI, for marking it on the board (nil when it cannot be told)
local function usi_of(pos, m)
  if type(m) ~= "string" then return nil end
  local f = field(pos, "parse_move")
  if type(f) ~= "function" then return nil end
  local ok, usi = pcall(f, pos, m)
  return ok and usi or nil
end

function COMMANDS.line(arg)
  local g = the_game()
  if not g then return false, ":line: there is no game in `game`" end
  if arg == "" then return false, ":line: no moves given (:line 7g7f 3c3d, or :line EXPRESSION)" end
  local moves, err, start = line_moves(arg)
  if not moves then return false, ":line: " .. err end
  if #moves == 0 then return false, ":line: the list of moves is empty" end
  local pos, out = g:position(), {}
  if start ~= nil then
    local p, perr = shogi_position(start)
    if not p then return false, ":line: " .. tostring(perr) end
    pos = p
  end
  for i, m in ipairs(moves) do
    local ok, nxt = pcall(pos.after, pos, m)
    if not ok then return false, format(":line: move %d: %s", i, message(nxt)) end
    out[#out + 1] = format("%d. %s", i, tostring(m))
    local opts = {}
    for k, v in pairs(settings) do opts[k] = v end
    opts.last = usi_of(pos, m)
    out[#out + 1] = render.render(nxt, opts)
    pos = nxt
  end
  return true, concat(out, "\n")
end

-- :first :prev :next :last :goto N: a cursor through `game`; the moves ahead
-- stay until another move is played there
local function cursor(name, target)
  local g = the_game()
  if not g then return false, format(":%s: there is no game in `game`", name) end
  local last = g:ply() + #g:moves_ahead()
  local n = target(g:ply(), last)
  if not n then return false, format(":goto: expected a move number from 0 to %d", last) end
  if n < 0 or n > last then
    return false, format(":%s: no move %d (the game has moves 0 to %d)", name, n, last)
  end
  local ok, err = pcall(g.go_to, g, n)
  if not ok then return false, format(":%s: %s", name, message(err)) end
  return true, show_one(g)
end
function COMMANDS.first() return cursor("first", function() return 0 end) end
function COMMANDS.prev() return cursor("prev", function(ply) return ply - 1 end) end
COMMANDS["next"] = function() return cursor("next", function(ply) return ply + 1 end) end
function COMMANDS.last() return cursor("last", function(_, last) return last end) end
COMMANDS["goto"] = function(arg)
  return cursor("goto", function() return arg:match("^%d+$") and math_tointeger(arg) end)
end

-- :diagram FILE.svg|FILE.png|FILE.pdf [{options}]: the board of `game` drawn
-- by shogi.diagram.save; the options are a Lua table expression
function COMMANDS.diagram(arg)
  local g = the_game()
  if not g then return false, ":diagram: there is no game in `game`" end
  local file, rest = arg:match("^(%S+)%s*(.-)$")
  if not file then return false, ":diagram: no file given (:diagram board.png [{flip = true}])" end
  local opts
  if rest ~= "" then
    local chunk, err = load("return " .. rest, "=options", "t", G)
    if not chunk then return false, ":diagram: bad options: " .. message(err) end
    local ok, v = pcall(chunk)
    if not ok then return false, ":diagram: " .. message(v) end
    if type(v) ~= "table" then return false, ":diagram: the options must be a table, got a " .. type(v) end
    opts = v
  end
  local ok, done, err = pcall(require("shogi.diagram").save, g, file, opts)
  if not ok then return false, ":diagram: " .. message(done) end
  if not done then return false, ":diagram: " .. tostring(err):gsub("^diagram: ", "") end
  return true, "wrote " .. file
end

-- :drill FILE...: a drill played at the prompt (lua/shogi/drill/prompt.lua);
-- while it runs, moves and its commands (:hint :answer :skip :retry :next
-- :quit) go to it, and `game` is the exercise's board
local function open_drill(...)
  local files, opts = {}, {style = function() return settings.style end}
  for _, f in ipairs({...}) do
    if f == "--due" then opts.due = true else files[#files + 1] = f end
  end
  local prompt = require "shogi.drill.prompt"
  local running = prompt.active()
  local ok, out = prompt.start(files, show_one, opts)
  if ok and prompt.active() then
    if not running then state.user_game = G.game end
    state.drill, G.game = prompt, prompt.game()
  end
  return ok, out
end
function COMMANDS.drill(arg)
  local files = {}
  for w in arg:gmatch("%S+") do files[#files + 1] = w end
  if #files == 0 then return false, ":drill: no file given (:drill examples/drills/tsume.lua)" end
  return open_drill(table.unpack(files))
end

-- The position editor: :put :remove :hand :clear :side :mirror :swap make a
-- new `game` from the current position changed by pos:edit (the core's
-- edit, refused when the piece facts forbid it; :put! and :hand! are the
-- lenient edit, strict = false); `undo` brings the game before back
-- (state.edits).  The board is followed by what the diagram rules (read
-- leniently) and the tsume start rules still find wrong.
local function edit_notes(pos)
  local notes, seen = {}, {}
  for _, p in ipairs(pos:problems()) do
    notes[#notes + 1] = "note: " .. p.text
    seen[p.text] = true
  end
  local core = require("shogi").core
  local ok, faults = pcall(core.tsume_faults, pos)
  if ok and #faults > 0 then
    local rest = {}
    for _, f in ipairs(faults) do
      if not seen[f] then rest[#rest + 1] = f end
    end
    if #rest > 0 then notes[#notes + 1] = "as a tsume: " .. concat(rest, "; ") end
  end
  return notes
end

local function edit(name, spec, lenient)
  if lenient then spec.strict = false end
  local g = the_game()
  if not g then return false, format(":%s: there is no game in `game`", name) end
  local pos = g:position()
  local ok, q, err = pcall(pos.edit, pos, spec)
  if not ok then return false, format(":%s: %s", name, message(q)) end
  if not q then
    local text = tostring(err):gsub("^edit: ", "")
    if text:sub(1, #name + 2) == name .. ": " then text = text:sub(#name + 3) end
    return false, format(":%s: %s", name, text)
  end
  local shogi = require "shogi"
  local made, ng = pcall(shogi.game, q, {strict = false, rules = g:rules()})
  if not made then
    made, ng = pcall(shogi.game, q, {strict = false})
  end
  if not made then return false, format(":%s: %s; the position is unchanged", name, message(ng)) end
  state.edits[#state.edits + 1] = {before = g, after = ng}
  G.game = ng
  local lines = {show_one(ng)}
  for _, n in ipairs(edit_notes(q)) do lines[#lines + 1] = n end
  return true, concat(lines, "\n")
end

local function words(arg)
  local w = {}
  for x in arg:gmatch("%S+") do w[#w + 1] = x end
  return w
end

-- :put SQ PIECE [SQ PIECE ...]: USI letters, gote's in lower case (5e +B, 5a k)
function COMMANDS.put(arg, lenient)
  local w = words(arg)
  if #w == 0 or #w % 2 ~= 0 then
    return false, ":put: expected a square and a piece (:put 5e +B; gote's pieces in lower case: :put 5a k)"
  end
  local put = {}
  for i = 1, #w, 2 do put[w[i]] = w[i + 1] end
  return edit("put", {put = put}, lenient)
end

-- :remove SQ [SQ ...]
function COMMANDS.remove(arg)
  local w = words(arg)
  if #w == 0 then return false, ":remove: expected a square (:remove 5e)" end
  return edit("remove", {remove = w})
end

-- :hand b|w PIECES|-|rest
function COMMANDS.hand(arg, lenient)
  local side, pieces = arg:match("^([bw])%s+(%S+)$")
  if not side then
    return false, ":hand: expected a side and pieces (:hand b R2P, :hand w rest, :hand b - for none)"
  end
  return edit("hand", {hand = {[side] = pieces}}, lenient)
end

function COMMANDS.clear(arg)
  if arg ~= "" then return false, ":clear: takes nothing" end
  return edit("clear", {clear = true})
end

function COMMANDS.side(arg)
  if arg ~= "b" and arg ~= "w" then return false, ":side: expected b or w" end
  return edit("side", {side = arg})
end

function COMMANDS.mirror(arg)
  if arg ~= "" then return false, ":mirror: takes nothing" end
  return edit("mirror", {mirror = true})
end

function COMMANDS.swap(arg)
  if arg ~= "" then return false, ":swap: takes nothing" end
  return edit("swap", {swap = true})
end

-- the commands that take a '!' (:put! 1a P): the lenient edit
local BANG = {put = true, hand = true}

-- :help: the REPL's commands, one line each from their doc entries
-- (lua/shogi/doc/repl.lua); :help TOPIC is help "TOPIC"
function COMMANDS.help(arg)
  local help = require "shogi.help"
  if arg ~= "" then
    local text = help.text(arg)
    if text:find("^no help for ") then return false, ":help: " .. text end
    return true, text
  end
  local entries = {}
  for _, a in ipairs(help.book().areas) do
    for _, e in ipairs(a.entries) do entries[e.name] = e end
  end
  local names = {"undo"}
  for k in pairs(COMMANDS) do names[#names + 1] = ":" .. k end
  sort(names, function(a, b) return a:gsub("^:", "") < b:gsub("^:", "") end)
  local out = {"REPL commands (help \"repl\" says how lines are read; :help NAME shows one):"}
  local function told_by(n) -- the REPL's entry whose summary names a command without its own (:first)
    for _, a in ipairs(help.book().areas) do
      for _, e in ipairs(a.name == "repl" and a.entries or {}) do
        if e.summary and (tostring(e.summary) .. " "):find(n .. "[^%w]") then return e end
      end
    end
  end
  for _, n in ipairs(names) do
    local e, summary = entries[n], ""
    if e and e.summary then summary = tostring(e.summary):match("^[^\n]*")
    elseif not e then
      local other = told_by(n)
      if other then summary = format("(help \"%s\")", other.name) end
    end
    local head = n .. (e and e.args or "")
    if #head < 28 then out[#out + 1] = format("  %-28s %s", head, summary)
    else out[#out + 1] = format("  %s\n  %-28s %s", head, "", summary) end
  end
  return true, concat(out, "\n")
end

local M = {}

M.open_drill = open_drill

-- does the command called name take a '!' (the lenient edit)?
function M.takes_bang(name) return BANG[name] == true end

-- the command called name (without its colon), or nil
function M.find(name) return COMMANDS[name] end

-- every command's name with its colon, sorted
function M.names()
  local names = {}
  for k in pairs(COMMANDS) do names[#names + 1] = ":" .. k end
  sort(names)
  return names
end

return M
