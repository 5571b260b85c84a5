-- shogi.engine.protocol: the text of the USI protocol as the GUI side reads and
-- writes it, with no processes involved (lua/shogi/engine.lua drives those).
--   protocol.option(line)   "option name Hash type spin default 16 min 1 max 33554432"
--                           -> {name=, type=, default=, min=, max=, vars={...}} | nil, col, msg
--   protocol.info(line)     "info depth 3 score cp 40 pv 7g7f 3c3d" -> table | nil, col, msg
--   protocol.bestmove(line) "bestmove 7g7f ponder 3c3d" -> move, ponder | nil, col, msg
--   protocol.checkmate(line) "checkmate 2b3c+ 4a3b" -> {status=, moves=} | nil, col, msg
--   protocol.go_command(opts) -> "go btime 0 wtime 0 byoyomi 1000"
--   protocol.split_command(text) -> {"prog", "arg", ...} | nil, msg
-- Columns are 1-based byte positions in the line, for "engine 'x': 12:7: ..." errors.
local core = require "shogi.core"
local error, ipairs, math_type, pairs, tonumber, tostring, type = error, ipairs, math.type, pairs, tonumber,
  tostring, type
local concat = table.concat
local string_find, string_format, string_sub = string.find, string.format, string.sub
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- words of a line with the column each starts at
local function words(line)
  local out, cols = {}, {}
  local i = 1
  while true do
    local s, e = string_find(line, "%S+", i)
    if not s then break end
    out[#out + 1] = string_sub(line, s, e)
    cols[#cols + 1] = s
    i = e + 1
  end
  return out, cols
end

-- a USI move: board move 7g7f / 8h2b+ or drop P*5e (what the text looks like, not whether it is legal)
local function is_move_text(s)
  if type(s) ~= "string" then return false end
  local _, to = core.usi_parts(s) -- from is nil for a drop
  return to ~= nil
end
M.is_move_text = is_move_text

-- ---- option lines ---------------------------------------------------------------------
local OPTION_TYPES = {check = true, spin = true, combo = true, button = true, string = true, filename = true}
local OPTION_KEYS = {name = true, type = true, default = true, min = true, max = true, var = true}

--- option(line) -> {name, type, default, min, max, vars} | nil, col, msg
-- Names and values may hold spaces ("Skill Level"): a field runs to the next keyword.
function M.option(line)
  local w, cols = words(line)
  if w[1] ~= "option" then return nil, 1, "not an option line" end
  local fields, order, key = {}, {}, nil
  local vars = {}
  for i = 2, #w do
    local t = w[i]
    if OPTION_KEYS[t] and (t ~= "name" or not fields.name) and (key ~= "name" or t == "type") then
      key = t
      if t == "var" then vars[#vars + 1] = {} else fields[t] = {} end
      order[#order + 1] = {t, cols[i]}
    elseif key == nil then
      return nil, cols[i], "expected 'name' after 'option', got '" .. t .. "'"
    elseif key == "var" then
      local v = vars[#vars]
      v[#v + 1] = t
    else
      local f = fields[key]
      f[#f + 1] = t
    end
  end
  if not fields.name or #fields.name == 0 then return nil, #line + 1, "option without a name" end
  if not fields.type or #fields.type ~= 1 then return nil, #line + 1, "option without a type" end
  local o = {name = concat(fields.name, " "), type = fields.type[1]}
  if not OPTION_TYPES[o.type] then
    for _, k in ipairs(order) do
      if k[1] == "type" then return nil, k[2], "unknown option type '" .. o.type .. "'" end
    end
  end
  if fields.default then
    o.default = concat(fields.default, " ")
    if o.default == "<empty>" then o.default = "" end
  end
  for _, k in ipairs({"min", "max"}) do
    if fields[k] then
      local n = tonumber(fields[k][1])
      if not n or #fields[k] ~= 1 then
        for _, kk in ipairs(order) do
          if kk[1] == k then return nil, kk[2], "'" .. k .. "' needs a number" end
        end
      end
      o[k] = n
    end
  end
  if o.type == "check" then o.default = o.default == "true"
  elseif o.type == "spin" then
    local n = tonumber(o.default or "")
    if not n then return nil, #line + 1, "spin option '" .. o.name .. "' without a number default" end
    o.default = n
  end
  if #vars > 0 then
    o.vars = {}
    for i, v in ipairs(vars) do o.vars[i] = concat(v, " ") end
  end
  return o
end

--- check_value(option, value) -> the value as sent (a string) | nil, msg
function M.check_value(o, value)
  local t = o.type
  if t == "button" then return "" end
  if t == "check" then
    if value == true or value == "true" then return "true" end
    if value == false or value == "false" then return "false" end
    return nil, "option '" .. o.name .. "' is a check: true or false, got '" .. tostring(value) .. "'"
  elseif t == "spin" then
    local n = tonumber(value)
    if not n or math_type(n) == "float" and n ~= (n // 1) then
      return nil, "option '" .. o.name .. "' is a spin: an integer, got '" .. tostring(value) .. "'"
    end
    if (o.min and n < o.min) or (o.max and n > o.max) then
      return nil, string_format("option '%s' is a spin from %s to %s, got %s", o.name, tostring(o.min),
        tostring(o.max), tostring(value))
    end
    return string_format("%d", n)
  elseif t == "combo" then
    for _, v in ipairs(o.vars or {}) do
      if v == tostring(value) then return v end
    end
    return nil, "option '" .. o.name .. "' takes one of: " .. concat(o.vars or {}, ", ") .. "; got '"
      .. tostring(value) .. "'"
  end
  if type(value) ~= "string" and type(value) ~= "number" then
    return nil, "option '" .. o.name .. "' takes a string, got " .. type(value)
  end
  return tostring(value)
end

-- ---- info lines -------------------------------------------------------------------------
local INT_KEYS = {depth = true, seldepth = true, time = true, nodes = true, nps = true, hashfull = true,
  multipv = true, currmovenumber = true, cpuload = true, tbhits = true}
local REST_KEYS = {pv = true, refutation = true, currline = true}
local ALL_KEYS = {score = true, currmove = true, string = true}
for k in pairs(INT_KEYS) do ALL_KEYS[k] = true end
for k in pairs(REST_KEYS) do ALL_KEYS[k] = true end

--- info(line) -> {depth=, seldepth=, time=, nodes=, nps=, hashfull=, multipv=, score=cp, mate=N|"+"|"-",
--  bound="lower"|"upper", pv={...}, pv_end=, currmove=, string=} | nil, col, msg
-- pv, refutation and currline hold USI moves, or "pass" (a null move, as gpsusi writes it);
-- a pv that ends in "resign" or "win" (gpsusi) stops there, the word in pv_end.
-- Words the protocol does not define are skipped with what follows up to the next keyword.
function M.info(line)
  local w, cols = words(line)
  if w[1] ~= "info" then return nil, 1, "not an info line" end
  local r = {}
  local i = 2
  while i <= #w do
    local k = w[i]
    if INT_KEYS[k] then
      local n = tonumber(w[i + 1] or "")
      if not n or math_type(n) ~= "integer" then
        return nil, cols[i + 1] or #line + 1, "'" .. k .. "' needs an integer, got '" .. (w[i + 1] or "") .. "'"
      end
      r[k] = n
      i = i + 2
    elseif k == "score" then
      local kind, v = w[i + 1], w[i + 2]
      if kind == "cp" then
        local n = tonumber(v or "")
        if not n or math_type(n) ~= "integer" then
          return nil, cols[i + 2] or #line + 1, "'score cp' needs an integer, got '" .. (v or "") .. "'"
        end
        r.score = n
      elseif kind == "mate" then
        if v == "+" or v == "-" then r.mate = v
        else
          local n = tonumber(v or "")
          if not n or math_type(n) ~= "integer" then
            return nil, cols[i + 2] or #line + 1, "'score mate' needs a number of plies, + or -, got '"
              .. (v or "") .. "'"
          end
          -- "+0"/"-0" keep their sign as "+"/"-"
          if n == 0 and (v:sub(1, 1) == "-") then r.mate = "-" else r.mate = n end
        end
      else
        return nil, cols[i + 1] or #line + 1, "'score' needs cp or mate, got '" .. (kind or "") .. "'"
      end
      i = i + 3
      if w[i] == "lowerbound" then r.bound = "lower"; i = i + 1
      elseif w[i] == "upperbound" then r.bound = "upper"; i = i + 1 end
    elseif k == "currmove" then
      if not is_move_text(w[i + 1]) then
        return nil, cols[i + 1] or #line + 1, "'currmove' needs a move, got '" .. (w[i + 1] or "") .. "'"
      end
      r.currmove = w[i + 1]
      i = i + 2
    elseif REST_KEYS[k] then
      local list = {}
      local j = i + 1
      while j <= #w and not ALL_KEYS[w[j]] do
        -- gpsusi writes a null move in its lines as "pass", and ends a line that loses by
        -- force with "resign" (or one that wins by declaration with "win"): kept as r.pv_end
        if (w[j] == "resign" or w[j] == "win") and k == "pv" then
          r.pv_end = w[j]
          j = j + 1
          break
        end
        if not is_move_text(w[j]) and w[j] ~= "pass" then
          return nil, cols[j], "'" .. k .. "' holds moves, got '" .. w[j] .. "'"
        end
        list[#list + 1] = w[j]
        j = j + 1
      end
      r[k] = list
      i = j
    elseif k == "string" then
      r.string = string_sub(line, (cols[i + 1] or #line + 1))
      break
    else
      i = i + 1
      while i <= #w and not ALL_KEYS[w[i]] do i = i + 1 end
    end
  end
  return r
end

-- ---- bestmove and checkmate ------------------------------------------------------------
--- bestmove(line) -> move ("resign" and "win" kept as such), ponder | nil, col, msg
function M.bestmove(line)
  local w, cols = words(line)
  if w[1] ~= "bestmove" then return nil, 1, "not a bestmove line" end
  local m = w[2]
  if m == nil then return nil, #line + 1, "bestmove without a move" end
  if m ~= "resign" and m ~= "win" and not is_move_text(m) then
    return nil, cols[2], "bestmove '" .. m .. "' is not a USI move"
  end
  local ponder
  if w[3] ~= nil then
    if w[3] ~= "ponder" then return nil, cols[3], "expected 'ponder' after the move, got '" .. w[3] .. "'" end
    ponder = w[4]
    if not is_move_text(ponder) then
      return nil, cols[4] or #line + 1, "ponder '" .. (ponder or "") .. "' is not a USI move"
    end
  end
  return m, ponder
end

--- checkmate(line) -> {status = "mate"|"nomate"|"timeout"|"notimplemented", moves = {...}} | nil, col, msg
function M.checkmate(line)
  local w, cols = words(line)
  if w[1] ~= "checkmate" then return nil, 1, "not a checkmate line" end
  local s = w[2]
  if s == "nomate" or s == "timeout" or s == "notimplemented" then
    if w[3] then return nil, cols[3], "nothing may follow 'checkmate " .. s .. "'" end
    return {status = s, moves = {}}
  end
  if s == nil then return nil, #line + 1, "checkmate without moves" end
  local moves = {}
  for i = 2, #w do
    if not is_move_text(w[i]) then return nil, cols[i], "'" .. w[i] .. "' is not a USI move" end
    moves[#moves + 1] = w[i]
  end
  return {status = "mate", moves = moves}
end

-- ---- go -----------------------------------------------------------------------------------
local TIME_FIELDS = {"btime", "wtime", "byoyomi", "binc", "winc"}

local function ms(opts, k)
  local v = opts[k]
  if v == nil then return nil end
  if type(v) ~= "number" or v < 0 then
    error("bad option '" .. k .. "' to 'go' (milliseconds >= 0 expected, got " .. tostring(v) .. ")", 3)
  end
  return string_format("%d", v // 1)
end

--- go_command(opts) -> the "go ..." line.  Times in milliseconds; btime/wtime default to 0 when another
-- time field is given (USI sends both).
function M.go_command(opts)
  local parts = {"go"}
  if opts.ponder then parts[#parts + 1] = "ponder" end
  local timed = false
  for _, k in ipairs(TIME_FIELDS) do if opts[k] ~= nil then timed = true end end
  if timed then
    parts[#parts + 1] = "btime " .. (ms(opts, "btime") or "0")
    parts[#parts + 1] = "wtime " .. (ms(opts, "wtime") or "0")
    if opts.byoyomi ~= nil then parts[#parts + 1] = "byoyomi " .. ms(opts, "byoyomi") end
    if opts.binc ~= nil then parts[#parts + 1] = "binc " .. ms(opts, "binc") end
    if opts.winc ~= nil then parts[#parts + 1] = "winc " .. ms(opts, "winc") end
  end
  if opts.movetime ~= nil then parts[#parts + 1] = "movetime " .. ms(opts, "movetime") end
  if opts.depth ~= nil then parts[#parts + 1] = "depth " .. ms(opts, "depth") end
  if opts.nodes ~= nil then parts[#parts + 1] = "nodes " .. ms(opts, "nodes") end
  if opts.infinite then parts[#parts + 1] = "infinite" end
  return concat(parts, " ")
end

--- split_command(text) -> words, with '...' and "..." quoting | nil, msg
function M.split_command(text)
  local out, cur, quote, had = {}, {}, nil, false
  for i = 1, #text do
    local c = string_sub(text, i, i)
    if quote then
      if c == quote then quote = nil else cur[#cur + 1] = c end
    elseif c == "'" or c == '"' then quote = c; had = true
    elseif string_find(c, "%s") then
      if #cur > 0 or had then out[#out + 1] = concat(cur); cur = {}; had = false end
    else cur[#cur + 1] = c end
  end
  if quote then return nil, "command:1:" .. #text + 1 .. ": unclosed " .. quote end
  if #cur > 0 or had then out[#out + 1] = concat(cur) end
  if #out == 0 then return nil, "command:1:1: empty command" end
  return out
end

return M
