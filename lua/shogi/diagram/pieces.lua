-- What a diagram needs to know about pieces, asked of the core in one place:
-- names (shogi.core.piece_name), the hand order and counts (read from the
-- SFEN the core writes, whose hand field is in the order R B G S N L P), the
-- full piece set (counted from the core's start position), and the numerals
-- of coordinates (shogi.core.square_name).  When shogi.core.pieces (a core
-- table of piece facts with a hand order) lands, hand() is the function to
-- swap; nothing else here repeats a piece fact.
local core = require "shogi.core"

local pairs, tonumber, string_gmatch = pairs, tonumber, string.gmatch
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

--- hand(pos, side) -> array of {letter, count} in the core's hand order
function M.hand(pos, side)
  local field = pos:sfen():match("^%S+ [bw] (%S+)")
  local out = {}
  if not field or field == "-" then return out end
  for count, letter in string_gmatch(field, "(%d*)(%a)") do
    local mine = side == "b" and letter:match("%u") or side == "w" and letter:match("%l")
    if mine then out[#out + 1] = {letter:upper(), tonumber(count) or 1} end
  end
  return out
end

-- the unpromoted letter of a piece on the board ("+p" -> "P")
local function base_letter(letters) return letters:sub(-1):upper() end

local full_set -- letter -> count in a standard game, from the core's start position
--- rest_of_set(pos) -> letter -> count of the pieces neither on the board nor in sente's hand
function M.rest_of_set(pos)
  if not full_set then
    full_set = {}
    for _, pc in pairs(core.position("startpos"):pieces()) do
      local l = base_letter(pc)
      full_set[l] = (full_set[l] or 0) + 1
    end
  end
  local rest = {}
  for l, n in pairs(full_set) do rest[l] = n end
  for _, pc in pairs(pos:pieces()) do
    local l = base_letter(pc)
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
