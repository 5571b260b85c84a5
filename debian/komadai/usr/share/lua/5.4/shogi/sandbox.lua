-- shogi.sandbox: other people's scripts (problem files, drills, bot files,
-- hooks) run under limits.
--   local sandbox = require "shogi.sandbox"
--   local v, msg = sandbox.load("problem.lua")              -- a file
--   local v, msg = sandbox.load("return {1, 2}", {text = true, name = "drill"})
-- Options: cpu (seconds, default 1), memory (bytes, default 64 MiB), wall
-- (seconds, default 10 * cpu + 5), libs (list among "string", "table", "math",
-- "utf8", "coroutine"; default the first four), api (name -> value: globals
-- the script sees), worker (default true), name (the chunk name in messages),
-- text (true: the string is the script, never a file name).
-- Returns the chunk's value (nil when it returns nothing: msg is then nil
-- too), or nil and a message that names the limit hit ("x.lua: cpu limit of
-- 1 s exceeded", "memory limit of 64 MiB exceeded", "wall-clock deadline of
-- 15 s exceeded") or the script's own error with its chunk name and line.
-- With worker = true (the default) the chunk runs in a forked process and only
-- data comes back (nil, booleans, numbers, strings, tables of them; no
-- cycles); the api then holds data, C functions and positions only.  With
-- worker = false it runs in this state (functions come back, e.g. a bot's
-- move function), under the same hook and memory cap, but what one C call
-- does (a backtracking pattern) cannot be stopped there, and the functions it
-- returns run later without limits.
local core = require "shogi.core"

local error, type = error, type
local io_open = io.open
local string_find = string.find
local math_floor = math.floor
local sandbox_load = core.sandbox_load
local _ENV = nil -- luacheck: ignore 211

local M = {}

local MIB = 1024 * 1024
M.DEFAULT_MEMORY = 64 * MIB

-- text, chunk name | nil, msg
local function source_of(x, opts)
  if opts.text then return x, "=" .. (opts.name or "sandbox") end
  local f = io_open(x, "rb")
  if not f then
    -- a string that cannot be a file name is the script itself
    if string_find(x, "[%s(){}=\"']") then return x, "=" .. (opts.name or "sandbox") end
    return nil, x .. ": cannot open the file"
  end
  -- a bad memory option is the C function's to refuse
  local limit = type(opts.memory) == "number" and opts.memory >= 1 and math_floor(opts.memory) or M.DEFAULT_MEMORY
  local text = f:read(limit + 1)
  f:close()
  if text == nil then text = "" end
  if type(text) == "string" and #text > limit then
    return nil, x .. ": the file is larger than the memory limit"
  end
  return text, "@" .. (opts.name or x)
end

--- sandbox.load(path_or_text [, opts]) -> value | nil, msg
function M.load(x, opts)
  if type(x) ~= "string" then
    error("bad argument #1 to 'load' (file name or script text expected, got " .. type(x) .. ")", 2)
  end
  if opts ~= nil and type(opts) ~= "table" then
    error("bad argument #2 to 'load' (options table expected, got " .. type(opts) .. ")", 2)
  end
  opts = opts or {}
  local text, name = source_of(x, opts)
  if not text then return nil, name end
  return sandbox_load(text, name, opts)
end

return M
