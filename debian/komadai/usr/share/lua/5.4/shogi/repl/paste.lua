-- Lines that give `game` a new game: a position pasted on a line of its own,
-- and "game = EXPRESSION".  Each answers nil (not such a line) or ok, text.
local value = require "shogi.repl.value"
local state = require "shogi.repl.state"
local display = require "shogi.repl.display"

local G = _G
local type, pcall, require = type, pcall, require
local rawget, load = rawget, load
local table = table
local IDENT, kind = value.IDENT, value.kind
local show_one, message = display.one, state.message
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- A position pasted on a line of its own becomes the new game: an SFEN, "sfen
-- ...", "position startpos|sfen ... [moves ...]", "startpos", "sho" or a
-- handicap name (unless a Lua global has that name).  Returns nil when the
-- line is none of these.
function M.position(text)
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
function M.assignment(text)
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

return M
