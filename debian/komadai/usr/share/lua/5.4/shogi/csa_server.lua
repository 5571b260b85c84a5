-- komadai --csa-server: the config file and what its hooks answer, for
-- src/server/csa_hooks.c.  A config is a Lua file returning a table of settings
-- and hooks (docs/CSA.md lists them):
--   return {event = "test", max_moves = 256, pair = function(a, b) ... end,
--           game = function(info) return {position = "2-piece"} end}
local shogi = require "shogi"

local pairs, type, tostring, error, require = pairs, type, tostring, error, require
local math_type = math.type
local table_concat, table_sort = table.concat, table.sort
local string_format, string_sub = string.format, string.sub
-- what a config sees besides the sandbox's libraries: the clock, for its logs
local config_os = {time = os.time, date = os.date, clock = os.clock}
local globals = _G
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- setting -> the Lua type it takes
local SETTINGS = {
  address = "string", event = "string", records = "string", rules = "string",
  max_moves = "integer", least_time_per_move = "integer", max_connections_per_address = "integer",
  login_timeout = "number", idle_timeout = "number", agree_timeout = "number",
  pair = "function", game = "function", end_test = "function", on_move = "function", on_end = "function",
  log = "function",
}

local function known_list()
  local names = {}
  for k in pairs(SETTINGS) do names[#names + 1] = k end
  table_sort(names)
  return table_concat(names, ", ")
end

local function check_settings(path, cfg)
  for k, v in pairs(cfg) do
    local want = SETTINGS[k]
    if not want then
      return nil, string_format("%s: unknown setting '%s' (known: %s)", path, tostring(k), known_list())
    end
    local ok = want == "integer" and math_type(v) == "integer" or type(v) == want
                 or (want == "number" and type(v) == "number")
    if not ok then
      local article = want == "integer" and "an" or "a"
      return nil, string_format("%s: setting '%s' must be %s %s, not a %s", path, k, article, want, type(v))
    end
  end
  return cfg
end

-- The config is other people's code: it loads in the sandbox (shogi.sandbox,
-- in this process since its hooks are functions), with 1 s of CPU and 64 MiB
-- for the loading, the harmless libraries, shogi, print and os.time/date/clock.  The hooks run
-- later under the server's own instruction limit (csa_hooks.c).
function M.load(path)
  local cfg, err = require("shogi.sandbox").load(path, {worker = false,
    api = {shogi = shogi, print = globals.print, os = config_os}})
  if err then return nil, err end
  if type(cfg) ~= "table" then
    return nil, string_format("%s: the config must return a table of settings, not a %s", path, type(cfg))
  end
  return check_settings(path, cfg)
end

-- shogi-server's handicap game names (hc2p_..., see its login.rb) -> komadai's handicaps
local HANDICAP_PREFIXES = {
  {"hclance_", "lance"}, {"hcbishop_", "bishop"}, {"hcrooklance_", "rook-lance"}, {"hcrook_", "rook"},
  {"hc2p_", "2-piece"}, {"hc4p_", "4-piece"}, {"hc6p_", "6-piece"}, {"hc8p_", "8-piece"},
  {"hc10p_", "10-piece"},
}

-- The start of a game named name: the hook's answer (or nil) -> sfen, variant, rules, max_moves | nil, msg
function M.setup(name, spec)
  if spec == nil then
    spec = {}
    for _, row in pairs(HANDICAP_PREFIXES) do
      if string_sub(name, 1, #row[1]) == row[1] then spec.position = row[2] end
    end
  end
  if type(spec) ~= "table" then return nil, "the game hook must return a table or nil, not a " .. type(spec) end
  local variant = spec.variant or "standard"
  if variant ~= "standard" and variant ~= "sho" then
    return nil, "variant must be \"standard\" or \"sho\", not " .. tostring(variant)
  end
  local start = spec.position or (variant == "sho" and "sho" or "startpos")
  if type(start) ~= "string" then return nil, "position must be a string (an SFEN or a handicap name)" end
  local pos, err = shogi.position(start, {variant = variant})
  if not pos then return nil, err end
  local rules = spec.rules or "computer"
  if rules ~= "computer" and rules ~= "jsa" then
    return nil, "rules must be \"computer\" or \"jsa\", not " .. tostring(rules)
  end
  if spec.max_moves ~= nil and math_type(spec.max_moves) ~= "integer" then
    return nil, "max_moves must be an integer"
  end
  return pos:sfen(), pos:variant(), rules, spec.max_moves
end

-- A custom end test's answer -> winner ("b"|"w"|nil), id | nil (no end) | error
function M.verdict(v)
  if v == nil or v == false then return nil end
  if type(v) ~= "table" or type(v.reason) ~= "string" then
    error("an end test returns nil or {reason = id, winner = \"b\"|\"w\"|nil}", 0)
  end
  if v.winner ~= nil and v.winner ~= "b" and v.winner ~= "w" then
    error("winner must be \"b\", \"w\" or nil (a draw)", 0)
  end
  return v.reason, v.winner
end

return M
