-- The Lua side of the komadai REPL (src/app/repl.c calls these):
--   start(opts)     -> banner; puts a game in the global `game` if there is none
--   show(...)       -> the text printed for the values of an expression
--   command(line)   -> nil (not a command) | ok, text   (`undo`, `:style`, `:color`)
--   move(line)      -> nil (not a move)    | ok, text   (a move of `game`, played)
--   complete(text)  -> array of completions of a global, field or method
-- ok = false means the text is an error message for stderr.
local render = require "shogi.render"

local G = _G
local concat, sort, format = table.concat, table.sort, string.format
local type, tostring, pairs, ipairs, pcall, select, require = type, tostring, pairs, ipairs, pcall, select, require
local rawget, load = rawget, load
local table = table
local getmetatable = debug and debug.getmetatable or getmetatable
local math_type, math_tointeger = math.type, math.tointeger
local quote = require("shogi.core").quote
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- The REPL's own display settings, starting from the renderer's defaults
-- (changing them changes the prompt's boards, not shogi.render() for others).
M.settings = {}
for k, v in pairs(render.defaults) do M.settings[k] = v end

local WIDTH = 78

-- ---- what a value is ----------------------------------------------------------------
local function field(v, name)
  local ok, r = pcall(function() return v[name] end)
  if ok then return r end
  return nil
end

local function metaname(v)
  local mt = getmetatable(v)
  return type(mt) == "table" and rawget(mt, "__name") or nil
end

-- "position", "game" or nil (by metatable name, else by the methods it answers)
local function kind(v)
  local tv = type(v)
  if tv ~= "userdata" and tv ~= "table" then return nil end
  local name = metaname(v)
  if name == "shogi.position" then return "position" end
  if name == "shogi.game" then return "game" end
  if tv == "userdata" and type(field(v, "at")) == "function" and type(field(v, "hand")) == "function" then
    local is_game = type(field(v, "moves")) == "function" and type(field(v, "position")) == "function"
    return is_game and "game" or "position"
  end
  return nil
end
M.kind = kind

-- ---- showing values -----------------------------------------------------------------
local IDENT = "^[%a_][%w_]*$"
local KEYWORDS = {
  "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
  "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
}
local is_keyword = {}
for _, k in ipairs(KEYWORDS) do is_keyword[k] = true end

local function scalar(v)
  if type(v) == "string" then return (format("%q", v):gsub("\\\n", "\\n")) end
  return tostring(v)
end

local function key_order(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

local dump

local function items_of(t, indent, seen, depth)
  local items, n = {}, #t
  for i = 1, n do items[#items + 1] = dump(t[i], indent, seen, depth) end
  local keys = {}
  for k in pairs(t) do
    if not (math_type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, key_order)
  for _, k in ipairs(keys) do
    local name = (type(k) == "string" and k:match(IDENT) and not is_keyword[k]) and k
      or ("[" .. dump(k, indent, seen, depth) .. "]")
    items[#items + 1] = name .. " = " .. dump(t[k], indent, seen, depth)
  end
  return items, n
end

-- a readable table dump: on one line when short, else one entry (or a row of
-- short array values) per line
function dump(v, indent, seen, depth)
  if type(v) ~= "table" then return scalar(v) end
  local mt = getmetatable(v)
  if type(mt) == "table" and rawget(mt, "__tostring") then return tostring(v) end
  if seen[v] then return "<cycle>" end
  if depth > 4 then return "{...}" end
  seen[v] = true
  local inner = indent .. "  "
  local items, n = items_of(v, inner, seen, depth + 1)
  seen[v] = nil
  if #items == 0 then return "{}" end
  local flat = "{" .. concat(items, ", ") .. "}"
  if #flat + #indent <= WIDTH and not flat:find("\n") then return flat end
  local lines, row = {}, nil
  for i, item in ipairs(items) do
    if i <= n and not item:find("\n") and #item < 24 then -- array values share rows
      if row and #row + #item + 2 <= WIDTH - #inner then
        row = row .. " " .. item .. ","
      else
        if row then lines[#lines + 1] = inner .. row end
        row = item .. ","
      end
    else
      if row then lines[#lines + 1] = inner .. row; row = nil end
      lines[#lines + 1] = inner .. item .. ","
    end
  end
  if row then lines[#lines + 1] = inner .. row end
  return "{\n" .. concat(lines, "\n") .. "\n" .. indent .. "}"
end

function M.dump(v) return dump(v, "", {}, 0) end

local function show_one(v)
  if type(v) == "string" then return v end
  if kind(v) then
    local ok, text = pcall(render.render, v, M.settings)
    if ok then return text end
  end
  if type(v) == "table" then return M.dump(v) end
  return tostring(v)
end

function M.show(...)
  local parts, multiline = {}, false
  for i = 1, select("#", ...) do
    parts[i] = show_one((select(i, ...)))
    multiline = multiline or parts[i]:find("\n") ~= nil
  end
  return concat(parts, multiline and "\n" or "\t")
end

-- ---- the game global --------------------------------------------------------------------
local function the_game()
  local g = G.game
  if kind(g) == "game" then return g end
  return nil
end

local function message(err)
  if type(err) ~= "string" then return tostring(err) end
  return (err:gsub("^[^:\n]*:%d+: ", ""))
end

local function board_after(g)
  local text = show_one(g)
  local result = field(g, "result")
  if type(result) == "function" then
    local ok, verdict = pcall(result, g)
    if ok and type(verdict) == "table" and verdict.text then
      text = text .. "\n" .. tostring(verdict.text)
    end
  end
  return text
end

function M.start(opts)
  opts = opts or {}
  M.settings.color = opts.color and true or false
  local shogi = require "shogi"
  local new_game = field(shogi, "game")
  if G.game == nil and new_game then
    local ok, g = pcall(new_game)
    if ok then G.game = g end
  end
  local core = field(shogi, "core")
  local version = core and core.version or "?"
  local banner = format("komadai %s (%s): help() lists the topics; a move such as 7g7f plays on `game`; Ctrl-D quits.",
    version, G._VERSION)
  if M.drill and M.drill.active() then
    banner = banner .. "\nA drill is running: moves are answers; :hint :answer :skip :retry :next :quit."
  end
  return banner
end

-- is m a USI move of pos (legal or not)?  The core decides: is_legal answers
-- for USI text and raises for text of another shape.
local function matches_usi(pos, m)
  local f = field(pos, "is_legal")
  return type(f) == "function" and (pcall(f, pos, m))
end

-- ---- commands ---------------------------------------------------------------------------
local COMMANDS = {}

function COMMANDS.style(arg)
  if arg == "" then return true, "style: " .. M.settings.style end
  if arg ~= "kanji" and arg ~= "letters" then
    return false, format(":style: unknown style '%s' (kanji or letters)", arg)
  end
  M.settings.style = arg
  local g = the_game()
  return true, g and show_one(g) or ("style: " .. arg)
end

-- :flip turns the boards the REPL shows (gote's view), and back
function COMMANDS.flip(arg)
  if arg ~= "" and arg ~= "on" and arg ~= "off" then
    return false, format(":flip: expected nothing, on or off, not '%s'", arg)
  end
  if arg == "" then M.settings.flip = not M.settings.flip else M.settings.flip = arg == "on" end
  local g = the_game()
  return true, g and show_one(g) or ("flip: " .. (M.settings.flip and "on" or "off"))
end

function COMMANDS.color(arg)
  if arg == "" then return true, "color: " .. (M.settings.color and "on" or "off") end
  if arg ~= "on" and arg ~= "off" then return false, format(":color: expected on or off, not '%s'", arg) end
  M.settings.color = arg == "on"
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
  local notation = arg ~= "" and arg or (M.settings.style == "kanji" and "japanese" or "usi")
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
    for k, v in pairs(M.settings) do opts[k] = v end
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
function M.open_drill(...)
  local files, opts = {}, {}
  for _, f in ipairs({...}) do
    if f == "--due" then opts.due = true else files[#files + 1] = f end
  end
  local prompt = require "shogi.drill.prompt"
  local ok, out = prompt.start(files, show_one, opts)
  if ok then M.drill, G.game = prompt, prompt.game() end
  return ok, out
end
function COMMANDS.drill(arg)
  local files = {}
  for w in arg:gmatch("%S+") do files[#files + 1] = w end
  if #files == 0 then return false, ":drill: no file given (:drill examples/drills/tsume.lua)" end
  return M.open_drill(table.unpack(files))
end

-- A position pasted on a line of its own becomes the new game: an SFEN, "sfen
-- ...", "position startpos|sfen ... [moves ...]", "startpos", "sho" or a
-- handicap name (unless a Lua global has that name).  Returns nil when the
-- line is none of these.
local function pasted_position(text)
  local shogi = require "shogi"
  local g, err
  if text:find("^position%s") then
    g, err = shogi.read(text, "usi", {name = "line"})
  elseif text:find("^sfen%s") or (text:find("/", 1, true) and text:find("^[%w%+/]+%s+[bw]%f[%s%z]")) then
    g, err = shogi.game(text)
  elseif text:match(IDENT) and rawget(G, text) ~= nil then
    return nil
  elseif text == "startpos" or text == "sho" or (text:find("^[%w%-]+$") == nil or text:find("%-"))
      and require("shogi.handicaps").find(text) then
    g, err = shogi.game(text)
  else
    return nil
  end
  if not g then return false, "the game is unchanged: " .. message(err) end
  G.game = g
  return true, "new game:\n" .. show_one(g)
end

-- "game = EXPRESSION" keeps the old game when the expression gives nil and a
-- message (shogi.game("xyz")), and says why
local function assign_game(text)
  local rhs = text:match("^game%s*=%s*(.+)$")
  if not rhs or rhs:sub(1, 1) == "=" then return nil end
  local chunk = load("return " .. rhs, "=stdin", "t", G)
  if not chunk then return nil end -- not an expression: Lua says why
  local result = table.pack(pcall(chunk))
  if not result[1] then return false, message(result[2]) end
  if result[2] == nil and type(result[3]) == "string" then
    return false, "the game is unchanged: " .. message(result[3])
  end
  G.game = result[2]
  return true, kind(result[2]) and show_one(result[2]) or nil
end

function M.command(line)
  local text = line:match("^%s*(.-)%s*$")
  if M.drill and M.drill.active() then
    local handled, out = M.drill.line(text, show_one)
    if handled ~= nil then G.game = M.drill.game() or G.game; return handled, out end
  end
  local handled, out = assign_game(text)
  if handled ~= nil then return handled, out end
  handled, out = pasted_position(text)
  if handled ~= nil then return handled, out end
  if text == "undo" and G.undo == nil then
    local g = the_game()
    if not g then return false, "undo: there is no game in `game`" end
    local ok, err = pcall(g.undo, g)
    if not ok then return false, "undo: " .. message(err) end
    return true, show_one(g)
  end
  local name, arg = text:match("^:(%a+)%s*(.-)$")
  if not name then return nil end
  local f = COMMANDS[name]
  if not f then
    local names = {}
    for k in pairs(COMMANDS) do names[#names + 1] = ":" .. k end
    sort(names)
    return false, format("unknown command ':%s' (%s; help \"repl\")", name, concat(names, " "))
  end
  return f(arg)
end

-- ---- moves typed as lines ---------------------------------------------------------------------
local MOVE_LIKE = {
  "^[1-9][a-i][1-9][a-i]", "^%u%*%d", -- USI
  "^[%+%-]?%d%d%d%d%u%u$", -- CSA
  "^%+?%u%d?%w?[%-x%*']%d", -- Western
  "^\226\150[\178\179]", "^\226\152[\151\150]", -- ▲ △ ☗ ☖
  "^\239\188[\145-\153]", "^同", -- a full-width digit, 同
}

local function matches_any(s, patterns)
  for _, p in ipairs(patterns) do
    if s:find(p) then return true end
  end
  return false
end

-- the words of a line of moves; "同 銀" is one move (the core reads 同 with or without a space)
local function move_words(s)
  local words = {}
  for w in s:gmatch("%S+") do
    local last = words[#words]
    if last and (last == "同" or last:find("^\226[\150\152][\178\179\150\151]同$")) then
      words[#words] = last .. " " .. w
    else
      words[#words + 1] = w
    end
  end
  return words
end

-- one word as a USI move of game g: usi | nil, why | nil (not a move at all)
local function read_move(g, word)
  local ok, pos = pcall(g.position, g)
  local parse = ok and field(pos, "parse_move")
  if type(parse) ~= "function" then return nil end
  local prev_square = field(g, "prev_square")   -- for 同
  local prev = type(prev_square) == "function" and prev_square(g) or nil
  local usi, why
  ok, usi, why = pcall(parse, pos, word, nil, prev)
  if not ok then why, usi = usi, nil end
  if usi then return usi end
  if matches_usi(pos, word) then return word end -- play says why, in the core's words
  if matches_any(word, MOVE_LIKE) then return nil, tostring(why) end
  return nil
end

-- Several moves on a line play in turn: all of them, or none (the first bad
-- one is named and the game is unchanged).
function M.move(line)
  local g = the_game()
  if not g then return nil end
  local s = line:match("^%s*(.-)%s*$")
  if s:match(IDENT) and rawget(G, s) ~= nil then return nil end -- a Lua name with a value
  local words = move_words(s)
  if #words == 0 then return nil end
  local trial = #words > 1 and field(g, "copy") and g:copy() or g
  local moves = {}
  for i, w in ipairs(words) do
    local usi, why = read_move(trial, w)
    if not usi then
      if i == 1 and not why then
        -- text Lua cannot read (a digit then a letter, kanji) and no move either: one sentence
        if s:find("^%d%a") or s:find("[\128-\255]") then
          return false, format("'%s' is neither Lua nor a move of `game` (moves look like 7g7f, P-7f, "
            .. "+7776FU or ▲７六歩)", quote(s))
        end
        return nil
      end
      local what = why or format("'%s' is not a move", quote(w))
      return false, #words > 1 and format("move %d (%s): %s; no move was played", i, quote(w), what) or what
    end
    local played, err = pcall(trial.play, trial, usi)
    if not played then
      return false, #words > 1 and format("move %d (%s): %s; no move was played", i, quote(w), message(err))
        or message(err)
    end
    moves[i] = usi
  end
  if trial ~= g then
    for _, m in ipairs(moves) do g:play(m) end
  end
  return true, board_after(g)
end

-- ---- completion ---------------------------------------------------------------------------------
local function add_keys(t, into, only_functions, depth)
  if type(t) == "table" then
    for k, v in pairs(t) do
      if type(k) == "string" and k:match(IDENT) and (not only_functions or type(v) == "function") then
        if into[k] == nil then into[k] = type(v) == "function" end
      end
    end
  end
  local mt = getmetatable(t)
  if depth < 5 and type(mt) == "table" and type(rawget(mt, "__index")) == "table" then
    add_keys(rawget(mt, "__index"), into, only_functions, depth + 1)
  end
end

-- REPL commands, help topics and legal moves, for the word text after before
local function complete_special(text, before)
  local out = {}
  local function add_matching(list)
    for _, k in ipairs(list) do
      if k:sub(1, #text) == text then out[#out + 1] = k end
    end
  end
  if before:match("^%s*$") and text:sub(1, 1) == ":" then
    local names = {}
    for k in pairs(COMMANDS) do names[#names + 1] = ":" .. k end
    add_matching(names)
  elseif before:match("help%s*%(?%s*[\"']$") then
    local ok, help = pcall(require, "shogi.help")
    local topics = ok and type(help) == "table" and type(help.topics) == "function" and help.topics() or {}
    add_matching(topics)
  elseif before:match("^[%w%+%*%s]*$") and text:match("^[1-9PLNSGBRE]") then
    -- moves typed as a line: the legal moves of `game` after those already on the line
    local g = the_game()
    local ok, pos = g and pcall(g.position, g)
    local c = ok and field(g, "copy") and g:copy()
    for w in before:gmatch("%S+") do
      if not c or not pcall(c.play, c, w) then c = nil; break end
    end
    local f = c and field(c, "legal_moves")
    if type(f) == "function" then add_matching(f(c)) end
  end
  sort(out)
  return out
end

function M.complete(text, before)
  local special = complete_special(text, before or "")
  if #special > 0 then return special end
  local out = {}
  local path, sep, partial = text:match("^([%a_][%w_%.]*)([%.:])([%w_]*)$")
  local names = {}
  if not sep then
    if not text:match("^[%a_]?[%w_]*$") then return out end
    partial = text
    add_keys(G, names, false, 0)
    for _, k in ipairs(KEYWORDS) do names[k] = names[k] or false end
  else
    local obj = G
    for name in path:gmatch("[^.]+") do
      if not name:match(IDENT) then return out end
      obj = field(obj, name)
      if obj == nil then return out end
    end
    add_keys(obj, names, sep == ":", 0)
  end
  local prefix = sep and (path .. sep) or ""
  for k, is_function in pairs(names) do
    if k:sub(1, #partial) == partial then
      out[#out + 1] = prefix .. k .. ((is_function and sep) and "(" or "")
    end
  end
  sort(out)
  return out
end

return M
