-- The Lua side of the komadai REPL (src/app/repl.c calls these):
--   start(opts)     -> banner; puts a game in the global `game` if there is none
--   show(...)       -> the text printed for the values of an expression
--   command(line)   -> nil (not a command) | ok, text   (`undo`, `:style`, `:color`)
--   move(line)      -> nil (not a move)    | ok, text   (a move of `game`, played)
--   complete(text)  -> array of completions of a global, field or method
-- ok = false means the text is an error message for stderr.
-- The parts are in lua/shogi/repl/: value (what a value is, table dumps),
-- state (settings, the drill, `game`), display (boards), commands (the colon
-- commands), paste (lines that make a new game), moves (moves typed as a
-- line), complete (tab completion).  This module wires them.
local value = require "shogi.repl.value"
local state = require "shogi.repl.state"
local display = require "shogi.repl.display"
local commands = require "shogi.repl.commands"
local paste = require "shogi.repl.paste"
local moves = require "shogi.repl.moves"
local completion = require "shogi.repl.complete"

local G = _G
local concat, format = table.concat, string.format
local pcall, require, rawequal = pcall, require, rawequal
local field, message, the_game = value.field, state.message, state.game
local show_one = display.one
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.settings = state.settings
M.kind = value.kind
M.dump = value.dump
M.show = display.show
M.move = moves.play
M.complete = completion.complete
M.open_drill = commands.open_drill

function M.start(opts)
  opts = opts or {}
  state.settings.color = opts.color and true or false
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
  if state.drill and state.drill.active() then
    banner = banner .. "\nA drill is running: moves are answers; :hint :answer :skip :retry :next :quit."
  end
  return banner
end

-- a line for the REPL itself: the drill's, a new game, `undo`, a colon command
function M.command(line)
  local text = line:match("^%s*(.-)%s*$")
  local drill = state.drill
  if drill and drill.active() then
    local handled, out = drill.line(text, show_one)
    if handled ~= nil then
      if drill.active() then G.game = drill.game() or G.game
      else G.game, state.user_game = state.user_game, nil end -- the drill is over: the user's game is back
      return handled, out
    end
  end
  local handled, out = paste.assignment(text)
  if handled ~= nil then return handled, out end
  handled, out = paste.position(text)
  if handled ~= nil then return handled, out end
  if text == "undo" and G.undo == nil then
    local g = the_game()
    if not g then return false, "undo: there is no game in `game`" end
    -- the last edit, while no move has been played since: the game before it
    local last = state.edits[#state.edits]
    if last and rawequal(last.after, g) and g:ply() == 0 then
      state.edits[#state.edits] = nil
      G.game = last.before
      return true, show_one(last.before)
    end
    local ok, err = pcall(g.undo, g)
    if not ok then return false, "undo: " .. message(err) end
    return true, show_one(g)
  end
  local name, bang, arg = text:match("^:(%a+)(!?)%s*(.-)$")
  if not name then return nil end
  local f = commands.find(name)
  if not f then
    return false, format("unknown command ':%s' (%s; help \"repl\")", name, concat(commands.names(), " "))
  end
  if bang ~= "" and not commands.takes_bang(name) then
    return false, format(":%s: takes no '!' (only :put! and :hand!, the lenient edit)", name)
  end
  return f(arg, bang ~= "")
end

return M
