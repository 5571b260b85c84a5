-- How the REPL prints values: positions and games as boards (with the REPL's
-- settings), tables as dumps, the rest by tostring; a board after a move
-- carries the game's verdict when it has one.
local render = require "shogi.render"
local value = require "shogi.repl.value"
local state = require "shogi.repl.state"

local concat = table.concat
local type, tostring, pcall, select, pairs = type, tostring, pcall, select, pairs
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- the text of one value (opts.gote: a board from gote's side, the other way
-- round when the REPL's :flip is on)
function M.one(v, opts)
  if type(v) == "string" then return v end
  if value.kind(v) then
    local settings = state.settings
    if opts and opts.gote then
      settings = {}
      for k, x in pairs(state.settings) do settings[k] = x end
      settings.flip = not state.settings.flip
    end
    local ok, text = pcall(render.render, v, settings)
    if ok then return text end
  end
  if type(v) == "table" then return value.dump(v) end
  return tostring(v)
end
local one = M.one

-- the text of an expression's values: tab-separated, one a line when any is a board
function M.show(...)
  local parts, multiline = {}, false
  for i = 1, select("#", ...) do
    parts[i] = one((select(i, ...)))
    multiline = multiline or parts[i]:find("\n") ~= nil
  end
  return concat(parts, multiline and "\n" or "\t")
end

-- game g's board, and its verdict when the game has ended
function M.board_after(g)
  local text = one(g)
  local result = value.field(g, "result")
  if type(result) == "function" then
    local ok, verdict = pcall(result, g)
    if ok and type(verdict) == "table" and verdict.text then
      text = text .. "\n" .. tostring(verdict.text)
    end
  end
  return text
end

return M
