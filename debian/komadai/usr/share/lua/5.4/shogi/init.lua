-- The `shogi` module: positions here, everything else loaded on first use.
--   local shogi = require "shogi"
--   local pos = shogi.position "startpos"
-- Fields other than `position` and `core` come from their own modules the
-- first time they are read (shogi.game, shogi.read, shogi.render, ...), so
-- `require "shogi"` stays fast and a module that is missing only fails when
-- it is used, with an error that names it.
local core = require "shogi.core"

local error, pcall, require, rawset, pairs = error, pcall, require, rawset, pairs
local setmetatable, type, tostring = setmetatable, type, tostring
local string_find, string_format = string.find, string.format
local _ENV = nil -- luacheck: ignore 211

local M = {core = core}

-- field -> {module, field of the module (nil: the module itself)}
local LAZY = {
  game = {"shogi.game", "new"},
  rules = {"shogi.rules"},
  handicaps = {"shogi.handicaps", "list"},
  read = {"shogi.record", "read"},
  solve = {"shogi.tsume", "solve"},
  tsume = {"shogi.tsume"},
  render = {"shogi.render", "render"},
  diagram = {"shogi.diagram"},
  help = {"shogi.help", "help"},
  engine = {"shogi.engine", "new"},
  search = {"shogi.search", "search"},
  evaluate = {"shogi.search", "evaluate"},
  qsearch = {"shogi.search", "qsearch"},
  tune = {"shogi.tune"},
  bot = {"shogi.bot"},
  sandbox = {"shogi.sandbox"},
  drill = {"shogi.drill"},
  analyse = {"shogi.analyse"},
}

local function find_handicap(name)
  local ok, handicaps = pcall(require, "shogi.handicaps")
  if not ok or type(handicaps) ~= "table" or type(handicaps.find) ~= "function" then return nil end
  return handicaps.find(name)
end

local POSITION_OPTIONS = {variant = true, strict = true}

local function variant_of(opts)
  if opts == nil then return nil end
  if type(opts) ~= "table" then
    error("bad argument #2 to 'position' (options table expected, got " .. type(opts) .. ")", 3)
  end
  for k in pairs(opts) do
    if not POSITION_OPTIONS[k] then
      error(string_format("bad argument #2 to 'position' (unknown option '%s' (known: variant, strict))",
        tostring(k)), 3)
    end
  end
  local v = opts.variant
  if v ~= nil and v ~= "standard" and v ~= "sho" then
    error(string_format("bad argument #2 to 'position' (unknown variant '%s' (\"standard\" or \"sho\"))",
      tostring(v)), 3)
  end
  return v
end

--- shogi.position(x [, opts]) -> pos | nil, msg
-- x: an SFEN, "startpos", "sho", a handicap name, or a position or game (copied).
-- opts: variant = "standard" | "sho"; strict = false reads a diagram that breaks
-- the position rules (nifu, too many pieces, ...): pos:problems() lists them.
function M.position(x, opts)
  local variant = variant_of(opts)
  local copts = variant
  if opts and opts.strict == false then copts = {variant = variant, strict = false} end
  local tx = type(x)
  if tx == "userdata" then
    local pos = core.position(x)
    if variant and pos:variant() ~= variant then
      error(string_format("bad argument #2 to 'position' (the position is %s, not %s)",
        pos:variant(), variant), 2)
    end
    return pos
  elseif tx ~= "string" then
    error("bad argument #1 to 'position' (SFEN, name or position expected, got " .. tx .. ")", 2)
  end
  if x == "sho" then
    if variant == "standard" then
      error("bad argument #2 to 'position' (\"sho\" is the Sho shogi start, not standard)", 2)
    end
    return core.position("startpos", "sho")
  end
  if x == "startpos" or string_find(x, "/", 1, true) then
    return core.position(x, copts)
  end
  local h = find_handicap(x)
  if h then return core.position(h.sfen, copts) end
  return nil, string_format("sfen:1:1: not an SFEN, \"startpos\", \"sho\" or a handicap name: '%s'", x)
end

setmetatable(M, {
  __index = function(t, key)
    local spec = LAZY[key]
    if not spec then return nil end
    local ok, mod = pcall(require, spec[1])
    if not ok then
      error(string_format("shogi.%s needs the module '%s', which could not be loaded:\n%s",
        key, spec[1], tostring(mod)), 2)
    end
    local value = mod
    if spec[2] then
      value = type(mod) == "table" and mod[spec[2]] or nil
      if value == nil then
        error(string_format("shogi.%s: module '%s' has no field '%s'", key, spec[1], spec[2]), 2)
      end
    end
    rawset(t, key, value)
    return value
  end,
})

return M
