-- USI records: "position startpos moves 7g7f 3c3d", "position sfen <sfen> moves ...",
-- "sfen <sfen> [moves ...]", "startpos [moves ...]" or a plain SFEN, on one line.
-- Sho shogi: a line "variant sho" before the position (startpos is then the Sho
-- start); a bare Sho SFEN is read with record.read(text, "sfen", {variant = "sho"}).
-- Writing: "usi" gives the position command for the whole game; "sfen" gives the
-- SFEN of the current (last) position only.
-- Moves are read by the core (pos:parse_move(text, "usi")).
local ipairs, require, tostring = ipairs, require, tostring
local table_concat = table.concat
local quote = require("shogi.core").quote
local _ENV = nil -- luacheck: ignore 211

local M = {}

local VARIANTS = {standard = true, sho = true}

local function resolve(mv, pos)
  local usi, err = pos:parse_move(mv.text, "usi")
  if not usi then return nil, tostring(err) end
  return usi
end

function M.parse(lines, name)
  local found, lineno, variant
  for i, l in ipairs(lines) do
    local t = l:gsub("^%s+", ""):gsub("%s+$", "")
    if t ~= "" and t:sub(1, 1) ~= "#" then
      local v = t:match("^variant%s+(.*)$")
      if v then
        if found or variant then
          return nil, ("%s:%d: 'variant' must come once, before the position"):format(name, i)
        end
        if not VARIANTS[v] then
          return nil, ("%s:%d: unknown variant '%s' (sho or standard)"):format(name, i, quote(v))
        end
        variant = v
      else
        if found then return nil, ("%s:%d: more than one position in a USI record"):format(name, i) end
        found, lineno = t, i
      end
    end
  end
  if not found then return nil, name .. ":1: no position" end
  local t = found:gsub("^position%s+", "")
  local start, rest
  if t:match("^startpos") then
    start, rest = nil, t:sub(9)
  else
    t = t:gsub("^sfen%s+", "")
    local a, b, c, d, r = t:match("^(%S+)%s+(%S+)%s+(%S+)%s*(%d*)(.*)$")
    if not a then
      return nil, ("%s:%d: bad SFEN (expected board, side, hands, move number)"):format(name, lineno)
    end
    start = a .. " " .. b .. " " .. c .. " " .. (d ~= "" and d or "1")
    rest = r
  end
  rest = rest:gsub("^%s+", "")
  local moves = {}
  if rest ~= "" then
    local list = rest:match("^moves%s*(.*)$")
    if not list then return nil, ("%s:%d: expected 'moves' after the position"):format(name, lineno) end
    for m in list:gmatch("%S+") do moves[#moves + 1] = {text = m, lineno = lineno} end
  end
  return {start = start, start_line = lineno, headers = {}, header_order = {}, variant = variant,
          main = {first = 1, moves = moves}, resolve = resolve}
end

function M.write(v, format)
  if format == "sfen" then return v.positions[#v.moves]:sfen() .. "\n" end
  local s = v.start:sfen()
  local variant = v.start:variant()
  local initial = require("shogi").position(variant == "sho" and "sho" or "startpos")
  local out = {"position"}
  if v.start == initial and s:match(" 1$") then out[#out + 1] = "startpos"
  else out[#out + 1] = "sfen " .. s end
  if #v.moves > 0 then
    out[#out + 1] = "moves"
    for _, m in ipairs(v.moves) do out[#out + 1] = m end
  end
  return (variant == "standard" and "" or "variant " .. variant .. "\n") .. table_concat(out, " ") .. "\n"
end

return M
