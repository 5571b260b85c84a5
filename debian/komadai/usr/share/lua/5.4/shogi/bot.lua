-- Bot files: a Lua file returning
--   {name = "...", author = "...", options = {{name=, type="spin"|"check"|"combo"|"string"|"button",
--    default=, min=, max=, vars=, press=}, ...}, eval = function(view, opts) return centipawns end,
--    order = function(view, move, opts) return bonus end,      -- optional
--    prune = function(view, move, opts) return skip end}       -- optional
-- loaded in the sandbox (shogi.sandbox): only string, table, math, utf8, the
-- safe base functions and the shogi API.  `opts` holds the current option values;
-- the score is from the side to move's view.  An option's name is words of
-- letters, digits and _ with single spaces ("Skill Level"), matched without
-- regard to case (as GUIs send them); a button has no value: pressing it
-- counts in opts[name] and calls its press(opts) if it has one.  print(...)
-- in a bot goes where set_print says (komadai --usi: "info string" lines).
-- eval may instead be a C evaluation (a "shogi.c_eval" handle, such as
-- shogi.core.c_eval("material")), and load() also takes a C module (NAME.so,
-- whose luaopen_NAME returns one handle): the bot is then that evaluation.
--   local bot = assert(require("shogi.bot").load("examples/bots/pst.lua"))
--   local r = bot:search(pos, {depth = 5})
local ipairs, pairs = ipairs, pairs
local getmetatable, pcall, require, setmetatable = getmetatable, pcall, require, setmetatable
local select, tonumber, tostring, type = select, tonumber, tostring, type
local io_open, io_write, loadlib = io.open, io.write, package.loadlib
local string, table = string, table
local string_format = string.format
local quote = require("shogi.core").quote
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- where a bot's print goes: a function(text), or nil for the standard output
local printer = nil

--- set_print(fn): a bot's print(...) calls fn(text) (its arguments through
-- tostring, tab-separated), nil: the standard output again
function M.set_print(fn) printer = fn end

local function bot_print(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
  local text = table.concat(parts, "\t")
  if printer then printer(text) else io_write(text, "\n") end
end

--- load_bot(text, chunkname) -> value | nil, msg
-- Bot files are other people's code: they load in the sandbox (shogi.sandbox,
-- in this process since a bot returns functions), with 1 s of CPU and 64 MiB
-- for the loading, string, table, math, utf8 and the shogi API.  The
-- functions it returns (eval, order, prune) run later inside the search,
-- without those limits.
function M.load_bot(text, chunkname)
  local name = chunkname:gsub("^@", "")
  return require("shogi.sandbox").load(text, {text = true, name = name, worker = false,
    api = {shogi = require "shogi", print = bot_print}})
end

local TYPES = {spin = true, check = true, combo = true, string = true, button = true}

-- words of letters, digits and _ with single spaces, none of them USI's "name" or "value"
local function good_name(name)
  if type(name) ~= "string" or not name:match("^[%w_]+$") and not name:match("^[%w_][%w_ ]*[%w_]$")
    or name:find("  ", 1, true) then return false end
  for w in name:gmatch("%S+") do
    local l = w:lower()
    if l == "name" or l == "value" then return false end
  end
  return true
end

local function check_option(o, i, where)
  if type(o) ~= "table" then return string_format("%s: options[%d] is not a table", where, i) end
  if not good_name(o.name) then
    return string_format("%s: options[%d] needs a name of letters, digits and _ in words with single spaces "
      .. "(not the words name or value)", where, i)
  end
  if not TYPES[o.type] then
    return string_format("%s: option '%s' has type %s (spin, check, combo, string or button)", where, o.name,
      tostring(o.type))
  end
  if o.type == "spin" then
    if type(o.default) ~= "number" or type(o.min) ~= "number" or type(o.max) ~= "number"
      or o.min > o.max or o.default < o.min or o.default > o.max then
      return string_format("%s: spin option '%s' needs numbers min <= default <= max", where, o.name)
    end
  elseif o.type == "check" then
    if type(o.default) ~= "boolean" then
      return string_format("%s: check option '%s' needs a boolean default", where, o.name)
    end
  elseif o.type == "combo" then
    if type(o.vars) ~= "table" or #o.vars == 0 then
      return string_format("%s: combo option '%s' needs vars", where, o.name)
    end
    local found = false
    for _, v in ipairs(o.vars) do found = found or v == o.default end
    if not found then return string_format("%s: combo option '%s': default is not one of vars", where, o.name) end
  elseif o.type == "button" then
    if o.press ~= nil and type(o.press) ~= "function" then
      return string_format("%s: button option '%s': press must be a function", where, o.name)
    end
  elseif type(o.default) ~= "string" then
    return string_format("%s: string option '%s' needs a string default", where, o.name)
  end
  return nil
end

local Bot = {}
Bot.__index = Bot

--- is_c_eval(v): is v a C evaluation handle (a userdata with the "shogi.c_eval" metatable)?
function M.is_c_eval(v)
  local mt = type(v) == "userdata" and getmetatable(v)
  return type(mt) == "table" and mt.__name == "shogi.c_eval"
end

--- from_value(value, where) -> bot | nil, msg: checks what a bot file returned
function M.from_value(value, where)
  if type(value) ~= "table" then return nil, where .. ": a bot file must return a table" end
  if value.eval == nil then return nil, where .. ": the bot has no eval function" end
  if type(value.eval) ~= "function" and not M.is_c_eval(value.eval) then
    return nil, string_format("%s: eval must be a function or a C evaluation (shogi.core.c_eval), not a %s",
      where, type(value.eval))
  end
  if value.name ~= nil and type(value.name) ~= "string" then return nil, where .. ": name must be a string" end
  for _, hook in ipairs {"order", "prune"} do
    if value[hook] ~= nil and type(value[hook]) ~= "function" then
      return nil, string_format("%s: %s must be a function", where, hook)
    end
  end
  local options = value.options or {}
  if type(options) ~= "table" then return nil, where .. ": options must be a list" end
  local values, seen = {}, {}
  for i, o in ipairs(options) do
    local err = check_option(o, i, where)
    if err then return nil, err end
    local key = o.name:lower()
    if seen[key] then return nil, string_format("%s: option '%s' is given twice", where, o.name) end
    seen[key] = o
    if o.type == "button" then values[o.name] = 0 else values[o.name] = o.default end
  end
  return setmetatable({
    name = value.name or "bot", author = value.author or "", options = options,
    eval = value.eval, order = value.order, prune = value.prune, values = values, by_name = seen,
  }, Bot)
end

--- load_module(path) -> bot | nil, msg: a C evaluation module NAME.so, whose
-- luaopen_NAME returns a "shogi.c_eval" handle.  Native code is not
-- sandboxed: it is loaded only from a path the user names (komadai --usi NAME.so).
function M.load_module(path)
  local stem = path:match("([^/]+)%.so$")
  if not stem or not stem:match("^[%a_][%w_]*$") then
    return nil, path .. ": a C module's file name must be NAME.so with NAME a C identifier (its luaopen_NAME is called)"
  end
  local open, err = loadlib(path, "luaopen_" .. stem)
  if not open then return nil, string_format("%s: cannot load luaopen_%s: %s", path, stem, tostring(err)) end
  local ok, handle = pcall(open)
  if not ok then return nil, string_format("%s: luaopen_%s failed: %s", path, stem, tostring(handle)) end
  if not M.is_c_eval(handle) then
    return nil, string_format("%s: luaopen_%s returned a %s, not a C evaluation (a userdata with the shogi.c_eval metatable)",
      path, stem, type(handle))
  end
  return M.from_value({name = stem, eval = handle}, path)
end

--- load(path) -> bot | nil, msg (a Lua bot file, or a C module NAME.so)
function M.load(path)
  if path:match("%.so$") then return M.load_module(path) end
  local f, err = io_open(path, "r")
  if not f then return nil, err end
  local text = f:read("a")
  f:close()
  local value, msg = M.load_bot(text, "@" .. path)
  if value == nil then return nil, msg or (path .. ": the bot file returned nothing") end
  return M.from_value(value, path)
end

--- bot:set(name, text_or_value) -> true | nil, msg (USI setoption text is accepted)
function Bot:set(name, value)
  local o = type(name) == "string" and self.by_name[name:lower()]
  if not o then return nil, string_format("the bot has no option '%s'", quote(tostring(name))) end
  name = o.name
  if o.type == "spin" then
    local n = tonumber(value)
    if not n or n ~= n or n < o.min or n > o.max then
      return nil, string_format("option '%s' takes a number from %s to %s", name, o.min, o.max)
    end
    self.values[name] = n
  elseif o.type == "check" then
    local l = type(value) == "string" and value:lower()
    if value == true or l == "true" then self.values[name] = true
    elseif value == false or l == "false" then self.values[name] = false
    else return nil, string_format("option '%s' takes true or false", name) end
  elseif o.type == "button" then
    self.values[name] = self.values[name] + 1
    if o.press then
      local ok, err = pcall(o.press, self.values)
      if not ok then return nil, string_format("option '%s': press failed: %s", name, tostring(err)) end
    end
  elseif o.type == "combo" then
    for _, v in ipairs(o.vars) do
      if v == value then self.values[name] = v; return true end
    end
    return nil, string_format("option '%s' takes one of: %s", name, table.concat(o.vars, ", "))
  else
    self.values[name] = tostring(value)
  end
  return true
end

--- bot:search(pos_or_game [, opts]): shogi.search with the bot's evaluation and options
function Bot:search(x, opts)
  local o = {}
  for k, v in pairs(opts or {}) do o[k] = v end
  o.eval, o.eval_opts, o.order, o.prune = self.eval, self.values, self.order, self.prune
  return require("shogi.search").search(x, o)
end

--- bot:evaluate(pos), bot:qsearch(pos): shogi.evaluate and shogi.qsearch with the bot's evaluation
function Bot:evaluate(x) return require("shogi.search").evaluate(x, self) end
function Bot:qsearch(x) return require("shogi.search").qsearch(x, self) end

return M
