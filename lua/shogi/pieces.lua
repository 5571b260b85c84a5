-- Piece facts for the Lua modules, asked of the core: pieces.of(variant) ->
--   {variant =, hand_order = {"R", "B", ...} (USI letters; empty for Sho),
--    list = {row, ...}, [usi letters] = row, by_csa = {FU = row, ...},
--    by_name = {["歩"] = row, ["王"] = row, ...: every spelling the core reads}}
--   row = {usi = "P" | "+P", csa = "FU", kanji = "歩" | "成香", kanji1 = "歩" | "杏",
--          western = "P" | "+P", promotes_to = "+P" | nil, unpromoted = "P",
--          set = 18 (of that type in a set, both sides; nil for promoted rows)}
-- This is the shape of the core's planned `core.pieces(variant)`; until it is
-- there the table is built here from what the core already answers: the types
-- are those of the variant's start position, the names come from
-- core.piece_name, the hand order from the core's own SFEN writer and the
-- spellings from core.parse_piece.  No piece name is written in this file.
local core = require "shogi.core"

local ipairs, pairs, pcall, setmetatable, tostring = ipairs, pairs, pcall, setmetatable, tostring
local string_gmatch, string_upper = string.gmatch, string.upper
local table_concat, table_sort = table.concat, table.sort
local _ENV = nil -- luacheck: ignore 211

local M = {}

local cache = {}

local function name(letters, style)
  local ok, n = pcall(core.piece_name, letters, style)
  return ok and n or nil
end

local function row_of(letters, unpromoted)
  return {usi = letters, csa = name(letters, "csa"), kanji = name(letters, "japanese"),
          kanji1 = name(letters, "kanji1"), western = name(letters, "western"), unpromoted = unpromoted}
end

-- the core's hand order: the letters a position accepts in hand, in the order
-- its SFEN writer gives a hand of one of each
local function hand_order(letters)
  local kings = "4k4/9/9/9/9/9/9/9/4K4 b "
  local hand = {}
  for _, l in ipairs(letters) do
    if core.position(kings .. l .. " 1") then hand[#hand + 1] = l end
  end
  local order = {}
  local pos = core.position(kings .. table_concat(hand) .. " 1")
  for l in string_gmatch(pos:sfen():match("^%S+ %S+ (%S+)"), "%u") do order[#order + 1] = l end
  return order
end

local function build(variant)
  local start = core.position("startpos", variant)
  local count = {}
  for _, pc in pairs(start:pieces()) do
    local up = string_upper(pc)
    count[up] = (count[up] or 0) + 1
  end
  local letters = {}
  for l in pairs(count) do letters[#letters + 1] = l end
  table_sort(letters)
  local t = {variant = variant, list = {}, by_csa = {}}
  for _, l in ipairs(letters) do
    local row = row_of(l, l)
    row.set = count[l]
    t.list[#t.list + 1] = row
    local promoted = name("+" .. l, "western") and row_of("+" .. l, l)
    if promoted then
      row.promotes_to = promoted.usi
      t.list[#t.list + 1] = promoted
    end
  end
  for _, row in ipairs(t.list) do
    t[row.usi] = row
    t.by_csa[row.csa] = row
  end
  t.hand_order = variant == "sho" and {} or hand_order(letters)
  t.by_name = setmetatable({}, {__index = function(_, k)
    local u = core.parse_piece(tostring(k))
    return u and t[u] or nil
  end})
  return t
end

--- pieces.of([variant]) -> the piece table of "standard" (default) or "sho"
function M.of(variant)
  variant = variant or "standard"
  local t = cache[variant]
  if not t then
    t = build(variant)
    cache[variant] = t
  end
  return t
end

return M
