-- Helpers shared by the record readers and writers (shogi.record.*): squares,
-- SFEN assembly, kanji numbers, text widths, times, and the record end
-- markers.  Piece names are not here: they come from the core
-- (core.pieces, core.parse_piece).
local core = require "shogi.core"

local ipairs, pairs, tonumber, tostring, utf8 = ipairs, pairs, tonumber, tostring, utf8
local string_format, string_rep, table_concat = string.format, string.rep, table.concat
local floor = math.floor
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- ---- pieces ----------------------------------------------------------------------
-- core.pieces builds its table on every call (about 30 us): kept here once per
-- variant, read only
local piece_tables = {}

--- the piece table of a variant ("standard" or "sho"), or of a position's variant
function M.pieces(x)
  if x ~= nil and x ~= "standard" and x ~= "sho" then x = x:variant() end
  x = x or "standard"
  local t = piece_tables[x]
  if not t then
    t = core.pieces(x)
    piece_tables[x] = t
  end
  return t
end

--- the row of a piece given by any name the core reads (USI letters of either
-- case, CSA, kanji in full or one character), in a variant; nil if unknown
function M.piece_row(variant, text)
  local t = M.pieces(variant or "standard")
  return t[text] or t.by_csa[text] or t.by_name[text]
end

-- ---- numbers -----------------------------------------------------------------------
M.kanji_digit = {"一", "二", "三", "四", "五", "六", "七", "八", "九"}
M.wide_digit = {"１", "２", "３", "４", "５", "６", "７", "８", "９"}
local digit_value = {}
for i = 1, 9 do
  digit_value[M.kanji_digit[i]] = i
  digit_value[M.wide_digit[i]] = i
  digit_value[tostring(i)] = i
end
digit_value["〇"] = 0; digit_value["０"] = 0; digit_value["0"] = 0
M.digit_value = digit_value

-- "十二" -> 12, "三" -> 3, "" -> 1 (hand counts: "桂" alone means one)
function M.kanji_count(s)
  if s == "" then return 1 end
  local n, ten = 0, false
  for _, c in utf8.codes(s) do
    local ch = utf8.char(c)
    if ch == "十" then
      n = (n == 0 and 1 or n) * 10; ten = true
    elseif digit_value[ch] then
      n = ten and n + digit_value[ch] or n * 10 + digit_value[ch]
    else
      return nil
    end
  end
  return n
end

function M.kanji_number(n)
  if n <= 9 then return M.kanji_digit[n] end
  local tens, ones = floor(n / 10), n % 10
  return (tens > 1 and M.kanji_digit[tens] or "") .. "十" .. (ones > 0 and M.kanji_digit[ones] or "")
end

-- ---- squares and moves ----------------------------------------------------------------
local rank_letter = "abcdefghi"
function M.square(file, rank)
  file, rank = floor(file), floor(rank)
  return string_format("%d", file) .. rank_letter:sub(rank, rank)
end
function M.file_rank(sq)
  return tonumber(sq:sub(1, 1)), rank_letter:find(sq:sub(2, 2), 1, true)
end

--- could this board move (legal or not) promote?  The core answers: a promotion
-- it refuses for any reason but "cannot-promote" was possible.
function M.could_promote(pos, m)
  local ok, _, id = pos:is_legal(m .. "+")
  return ok or id == "leaves-king-in-check"
end

--- a USI move the core has read -> from square (nil for a drop), to square,
-- promote flag, dropped piece.  The one place a USI move is taken apart; the
-- text itself is always read by the core first (pos:parse_move(text, "usi")).
-- a USI move's parts: from (nil for a drop), to, promote, dropped letter (the core reads them)
function M.split_usi(m)
  return core.usi_parts(m)
end

--- the illegal move a record ends with (its stated foul): the core's parser
-- names the move the text stands for when it is illegal (parse_move's fourth
-- value); returns that USI move and the reason, or nil when the text fits no move.
function M.foul_move(pos, text, notation, prev)
  local usi, _, _, named = pos:parse_move(text, notation, prev)
  if usi or not named then return nil end
  local legal, why = pos:is_legal(named)
  if legal or not why then return nil end
  return named, why
end

-- ---- SFEN from a board -------------------------------------------------------------------
-- board[rank][file] = USI piece letters ("P", "+p", ...); hands[side][letter] = n
local DIGITS = {"1", "2", "3", "4", "5", "6", "7", "8", "9"}

function M.sfen(board, hands, side, ply)
  local rows = {}
  for rank = 1, 9 do
    local br = board[rank]
    if not br then
      rows[rank] = "9"
    else
      local row, n, empty = {}, 0, 0
      for file = 9, 1, -1 do
        local pc = br[file]
        if pc then
          if empty > 0 then n = n + 1; row[n] = DIGITS[empty]; empty = 0 end
          n = n + 1; row[n] = pc
        else
          empty = empty + 1
        end
      end
      if empty > 0 then row[n + 1] = DIGITS[empty] end
      rows[rank] = table_concat(row)
    end
  end
  local hand = {}
  local order = M.pieces("standard").hand_order
  for _, s in ipairs({"b", "w"}) do
    local h = hands[s]
    for _, l in ipairs(order) do
      local n = h and h[l] or 0
      if n > 0 then
        hand[#hand + 1] = (n > 1 and string_format("%d", n) or "") .. (s == "b" and l or l:lower())
      end
    end
  end
  return table_concat(rows, "/") .. " " .. side .. " " ..
    (#hand > 0 and table_concat(hand) or "-") .. " " .. string_format("%d", ply or 1)
end

-- board and hands of a position: board[rank][file] = letters, hands as pos:hand
function M.board_of(pos)
  local board = {}
  for r = 1, 9 do board[r] = {} end
  for sq, pc in pairs(pos:pieces()) do
    local f, r = M.file_rank(sq)
    board[r][f] = pc
  end
  return board, {b = pos:hand("b"), w = pos:hand("w")}
end

-- ---- text ----------------------------------------------------------------------------------
-- display width: East Asian wide characters count two columns
function M.width(s)
  local w = 0
  for _, c in utf8.codes(s) do w = w + (c >= 0x1100 and 2 or 1) end
  return w
end

function M.pad(s, width)
  local n = width - M.width(s)
  return s .. string_rep(" ", n > 0 and n or 0)
end

-- ---- times ---------------------------------------------------------------------------------
-- seconds -> "m:ss" and "hh:mm:ss"
function M.mmss(t)
  t = floor(t)
  return string_format("%2d:%02d", floor(t / 60), t % 60)
end
function M.hhmmss(t)
  t = floor(t)
  return string_format("%02d:%02d:%02d", floor(t / 3600), floor(t / 60) % 60, t % 60)
end

-- ---- variants ---------------------------------------------------------------------------------
-- How a record names Sho shogi: the KIF/KI2/BOD/JKF header 種類 and the CSA
-- comment line 'variant sho (USI: a line "variant sho" before "position").
M.VARIANT_HEADER = "種類"
M.variant_of_header = {["小将棋"] = "sho"}
M.header_of_variant = {sho = "小将棋"}

-- ---- record end markers: the core's table (core.endings, core.parse_ending,
-- core.ending_words, core.parse_verdict_comment) ---------------------------------
-- A stated end is kept in info().ending by its canonical name, the CSA word
-- without '%' ("TORYO", "+ILLEGAL_ACTION", ...); its meaning and its words in the
-- other formats come from the core's table.
local function other(side) return side == "b" and "w" or "b" end

-- the loser a parsed end states: a side, "draw", or nil for no result
local function loser_of(p)
  if not p.result then return nil end
  return p.loser or "draw"
end

local function row_loser(row, side)
  local l = row.loser
  if l == "side-to-move" then return side elseif l == "other" then return other(side)
  elseif l == "none" then return nil end
  return l
end

--- a format's end word, with the side to move -> {result =, reason =, loser =, winner =} | nil
function M.parse_ending(format, word, side)
  return core.parse_ending(format == "ki2" and "kif" or format, word, side)
end

--- the word of format `to` that means what `word` of format `from` means; nil if it has none
function M.translate_ending(from, word, to, side)
  local p = M.parse_ending(from, word, side)
  if not p then return nil end
  local reason, loser = p.result and p.reason or "none", loser_of(p)
  local col, own = to == "ki2" and "kif" or to, from == "ki2" and "kif" or from
  for _, row in ipairs(core.endings) do   -- the word's own row first (不詰 is FUZUMI)
    if row[own] == word and row[col] and row.reason == reason and row_loser(row, side) == loser then
      return row[col]
    end
  end
  for _, row in ipairs(core.endings) do
    if row[col] and row.reason == reason and row_loser(row, side) == loser then return row[col] end
  end
  return nil
end

--- the canonical name of a format's end word (nil for a word the core does not know)
function M.ending_name(format, word, side)
  if format == "csa" or format == "jkf" then
    word = word:gsub("^%%", "")
    return M.parse_ending(format, word, side) and word or nil
  end
  return M.translate_ending(format, word, "csa", side)
end

--- the winner an end name implies, with the side to move: "b", "w", "draw" or nil (no result)
function M.ending_winner(name, side)
  local p = name and M.parse_ending("csa", name, side)
  if not p or not p.result then return nil end
  return p.winner or "draw"
end

--- the game's verdict in a format's words -> ending {name =, text =, comment =} | nil
function M.ending_of_game(g, format)
  local csa = core.ending_words(g, "csa")
  if not csa then return nil end
  local own = (format == "kif" or format == "ki2" or format == "jkf") and core.ending_words(g, format)
  return {name = csa.word, text = own and own.word, comment = csa.comment or csa.note}
end

--- a comment's "komadai verdict: <reason> winner=<b|w|draw>" line -> reason, winner | nil
function M.parse_verdict_comment(text)
  if not text then return nil end
  return core.parse_verdict_comment(text)
end

-- Reads "sente"/"gote" words used in まで lines and headers
M.side_of_word = {["先手"] = "b", ["下手"] = "b", ["後手"] = "w", ["上手"] = "w"}

return M
