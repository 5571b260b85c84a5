-- What a diagram needs to know about pieces, asked of the core in one place:
-- names (shogi.core.piece_name), the hand order and the set's counts (the
-- core's table of piece facts, shogi.core.pieces), and the numerals of
-- coordinates (shogi.core.square_name).  Nothing here repeats a piece fact.
local core = require "shogi.core"

local ipairs, pairs = ipairs, pairs
local utf8_char, utf8_codepoint, utf8_offset = utf8.char, utf8.codepoint, utf8.offset
local _ENV = nil -- luacheck: ignore 211

local M = {}

--- name(letters, style) -> the piece's name: "kanji" gives the one-character
-- forms of printed diagrams (と 杏 圭 全 馬 龍 酔 太), "western" the letters
-- ("P", "+R"), "japanese" the full names (成香, 酔象) for spoken text.
function M.name(letters, style)
  if style == "kanji" then return core.piece_name(letters, "kanji1") end
  return core.piece_name(letters, style)
end

local facts = {} -- variant -> core.pieces(variant), read once
local function facts_of(pos)
  local v = pos:variant()
  if not facts[v] then facts[v] = core.pieces(v) end
  return facts[v]
end

--- hand(pos, side) -> array of {letter, count} of the pieces held, in the core's hand order
function M.hand(pos, side)
  local held, out = pos:hand(side), {}
  for _, letter in ipairs(facts_of(pos).hand_order) do
    local n = held[letter] or 0
    if n > 0 then out[#out + 1] = {letter, n} end
  end
  return out
end

--- rest_of_set(pos) -> letter -> count of the set's pieces neither on the board nor in sente's hand
function M.rest_of_set(pos)
  local rest = {}
  for _, row in ipairs(facts_of(pos).list) do
    if row.set then rest[row.usi] = row.set end
  end
  local f = facts_of(pos)
  for _, pc in pairs(pos:pieces()) do
    local l = f[pc:upper()].unpromoted -- a piece on the board counts as its unpromoted kind
    rest[l] = (rest[l] or 0) - 1
  end
  for _, item in pairs(M.hand(pos, "b")) do rest[item[1]] = (rest[item[1]] or 0) - item[2] end
  return rest
end

-- ---- numerals ------------------------------------------------------------------
-- the core writes squares in Japanese as a full-width file digit and a kanji rank
local function japanese_square(file, rank)
  return core.square_name(file .. ("abcdefghi"):sub(rank, rank), "japanese")
end

--- wide_digit(n) -> "１".."９"
function M.wide_digit(n) return utf8_char(utf8_codepoint(japanese_square(n, 1), 1)) end

--- kanji_digit(n) -> "一".."九"
function M.kanji_digit(n)
  local s = japanese_square(1, n)
  return s:sub(utf8_offset(s, 2))
end

--- kanji_number(n) -> "二", "十", "十八" (hand counts)
function M.kanji_number(n)
  if n < 10 then return M.kanji_digit(n) end
  local tens, ones = n // 10, n % 10
  return (tens > 1 and M.kanji_digit(tens) or "") .. "十" .. (ones > 0 and M.kanji_digit(ones) or "")
end

return M
