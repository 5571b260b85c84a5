-- Rule sets as values: rules.jsa, rules.computer, rules.custom{...}.
--   local rules = require "shogi.rules"
--   local blitz = rules.custom{base = "computer", name = "blitz", max_moves = 256}
--   local g = shogi.game("startpos", {rules = blitz})
-- A rule set is immutable; reading a field gives its value for standard
-- shogi (for Sho shogi the core leaves out the impasse and declaration rules
-- of the presets).  Every rule is decided by the core (src/core/rules.c); this
-- module only names the options and asks the core to check them.
local core = require "shogi.core"

local error, next, pairs, rawequal, setmetatable, type, tostring, ipairs =
  error, next, pairs, rawequal, setmetatable, type, tostring, ipairs
local string_format = string.format
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- proxy -> {base =, overrides =, end_tests =}
local SPEC = setmetatable({}, {__mode = "k"})

local function readonly(_, key)
  error(string_format("rule sets are values and cannot change: use rules.custom{base = ..., %s = ...}",
    tostring(key)), 2)
end

local function copy_tests(list)
  local out = {}
  for i, t in ipairs(list or {}) do out[i] = t end
  return out
end

local function make(base, overrides, end_tests)
  local t = {base = base, end_tests = end_tests}
  for k, v in pairs(overrides) do t[k] = v end
  local resolved = core.rules(t) -- raises on a bad option
  local proxy = setmetatable({}, {
    __index = resolved,
    __newindex = readonly,
    __pairs = function() return next, resolved, nil end,
    __tostring = function() return "rules " .. resolved.name end,
    __metatable = "shogi.rules",
  })
  SPEC[proxy] = {base = base, overrides = overrides, end_tests = end_tests}
  return proxy
end

--- rules.is(x) -> true when x is a rule-set value made by this module
function M.is(x)
  return SPEC[x] ~= nil
end

--- rules.options(ruleset) -> the plain table core.game reads: only the
-- options the set changes from its base, so a preset fits either variant.
function M.options(ruleset)
  local spec = SPEC[ruleset]
  if not spec then error("bad argument #1 to 'options' (rule set expected)", 2) end
  local t = {base = spec.base, end_tests = copy_tests(spec.end_tests)}
  for k, v in pairs(spec.overrides) do t[k] = v end
  return t
end

--- rules.custom{base = "jsa"|"computer"|ruleset, name = ..., <option> = ..., end_tests = {...}}
function M.custom(spec)
  if type(spec) ~= "table" then
    error("bad argument #1 to 'custom' (table expected, got " .. type(spec) .. ")", 2)
  end
  local base, overrides, tests = spec.base or "jsa", {}, {}
  local parent = SPEC[base]
  if parent then
    base = parent.base
    for k, v in pairs(parent.overrides) do overrides[k] = v end
    for i, t in ipairs(parent.end_tests) do tests[i] = t end
  elseif type(base) ~= "string" then
    error("bad argument #1 to 'custom' (base must be \"jsa\", \"computer\" or a rule set)", 2)
  end
  for k, v in pairs(spec) do
    if k ~= "base" and k ~= "end_tests" then overrides[k] = v end
  end
  if overrides.name == nil then overrides.name = "custom" end
  if spec.end_tests ~= nil then
    if type(spec.end_tests) ~= "table" then
      error("bad argument #1 to 'custom' (end_tests must be a list of functions)", 2)
    end
    for _, t in ipairs(spec.end_tests) do tests[#tests + 1] = t end
  end
  return make(base, overrides, tests)
end

--- rules.get(name) -> the preset named "jsa" or "computer"
function M.get(name)
  if rawequal(name, "jsa") then return M.jsa end
  if rawequal(name, "computer") then return M.computer end
  error(string_format("bad argument #1 to 'get' (unknown rule set '%s': \"jsa\" or \"computer\")",
    tostring(name)), 2)
end

M.jsa = make("jsa", {}, {})
M.computer = make("computer", {}, {})

return M
