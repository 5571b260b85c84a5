-- What the REPL's parts share: its display settings, the drill running at the
-- prompt (if any), the game in the global `game`, and error messages without
-- their place.
local render = require "shogi.render"
local value = require "shogi.repl.value"

local G = _G
local pairs, type, tostring = pairs, type, tostring
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- The REPL's own display settings, starting from the renderer's defaults
-- (changing them changes the prompt's boards, not shogi.render() for others).
M.settings = {}
for k, v in pairs(render.defaults) do M.settings[k] = v end

-- the drill played at the prompt (lua/shogi/drill/prompt.lua), set by :drill,
-- and the user's game it stands in for in `game` (put back when the drill ends)
M.drill = nil
M.user_game = nil

-- the editor's steps ({before = game, after = game}, the last one last):
-- `undo` right after an edit brings the game before it back
M.edits = {}

-- the game in the global `game`, or nil when it holds something else
function M.game()
  local g = G.game
  if value.kind(g) == "game" then return g end
  return nil
end

-- an error's text without its "chunk:line: " place
function M.message(err)
  if type(err) ~= "string" then return tostring(err) end
  return (err:gsub("^[^:\n]*:%d+: ", ""))
end

return M
