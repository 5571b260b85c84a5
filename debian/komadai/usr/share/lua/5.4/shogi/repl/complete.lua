-- Tab completion: REPL commands, help topics and legal moves where they fit,
-- else the globals, fields and methods of the Lua expression typed.
local value = require "shogi.repl.value"
local state = require "shogi.repl.state"
local commands = require "shogi.repl.commands"

local G = _G
local sort = table.sort
local type, pairs, ipairs, pcall, require = type, pairs, ipairs, pcall, require
local rawget = rawget
local getmetatable = debug and debug.getmetatable or getmetatable
local field, IDENT, KEYWORDS = value.field, value.IDENT, value.KEYWORDS
local the_game = state.game
local _ENV = nil -- luacheck: ignore 211

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
    add_matching(commands.names())
  elseif before:match("help%s*%(?%s*[\"']$") then
    local ok, help = pcall(require, "shogi.help")
    local topics = ok and type(help) == "table" and type(help.topics) == "function" and help.topics() or {}
    add_matching(topics)
  elseif before:match("^[%w%+%*%s]*$") and text:match("^[1-9PLNSGBRE]") then
    -- moves typed as a line: the legal moves of `game` after those already on the line
    local g = the_game()
    local ok = g and pcall(g.position, g)
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

local M = {}

-- the completions of text, the word before the cursor (before: the line before it)
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
