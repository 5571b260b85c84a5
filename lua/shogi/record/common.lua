-- Helpers shared by the record readers and writers (shogi.record.*): squares,
-- SFEN assembly, kanji numbers, text widths, times, and the record end
-- markers.  Piece names are not here: they come from the core
-- (shogi.pieces, core.piece_name, core.parse_piece).
local core = require "shogi.core"
local pieces = require "shogi.pieces"

local ipairs, pairs, pcall, tonumber, tostring, utf8 = ipairs, pairs, pcall, tonumber, tostring, utf8
local string_format, string_rep, table_concat = string.format, string.rep, table.concat
local floor = math.floor
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- ---- pieces ----------------------------------------------------------------------
--- the piece table of a variant ("standard" or "sho"), or of a position's variant
function M.pieces(x)
  if x ~= nil and x ~= "standard" and x ~= "sho" then x = x:variant() end
  return pieces.of(x)
end

--- the row of a piece given by any name the core reads (USI letters of either
-- case, CSA, kanji in full or one character), in a variant; nil if unknown
function M.piece_row(variant, text)
  local t = pieces.of(variant)
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
function M.split_usi(m)
  if m:sub(2, 2) == "*" then return nil, m:sub(3, 4), false, m:sub(1, 1) end
  return m:sub(1, 2), m:sub(3, 4), m:sub(5, 5) == "+", nil
end

--- the illegal move a record ends with (its stated foul): the core refuses
-- it, naming the move it would be ("illegal move '<text>' (7g7e): ...");
-- returns that USI move and the reason, or nil when the text fits no move.
function M.foul_move(pos, text, notation, prev)
  local usi, msg = pos:parse_move(text, notation, prev)
  if usi then return nil end
  msg = tostring(msg)
  local named = msg:match("^illegal move '.-' %((.-)%): ") or msg:match("^illegal move '(.-)': ")
  if not named then return nil end
  local legal, why = pos:is_legal(named)
  if legal or not why then return nil end
  return named, why
end

-- ---- SFEN from a board -------------------------------------------------------------------
-- board[rank][file] = USI piece letters ("P", "+p", ...); hands[side][letter] = n
function M.sfen(board, hands, side, ply)
  local rows = {}
  for rank = 1, 9 do
    local row, empty = {}, 0
    for file = 9, 1, -1 do
      local pc = board[rank] and board[rank][file]
      if pc then
        if empty > 0 then row[#row + 1] = string_format("%d", empty); empty = 0 end
        row[#row + 1] = pc
      else
        empty = empty + 1
      end
    end
    if empty > 0 then row[#row + 1] = string_format("%d", empty) end
    rows[#rows + 1] = table_concat(row)
  end
  local hand = {}
  for _, s in ipairs({"b", "w"}) do
    for _, l in ipairs(pieces.of("standard").hand_order) do
      local n = hands[s] and hands[s][l] or 0
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

-- ---- record end markers ------------------------------------------------------------------------
-- Canonical names are the CSA ones without '%'.  KIF words per name, for the side
-- to move: the KIF word and whether it needs the side (反則勝ち/反則負け).
M.ending_of_kif = {
  ["投了"] = "TORYO", ["中断"] = "CHUDAN", ["千日手"] = "SENNICHITE", ["切れ負け"] = "TIME_UP",
  ["時間切れ"] = "TIME_UP", ["持将棋"] = "JISHOGI", ["入玉勝ち"] = "KACHI", ["詰み"] = "TSUMI",
  ["詰"] = "TSUMI", ["不詰"] = "FUZUMI", ["引き分け"] = "HIKIWAKE", ["待った"] = "MATTA",
  ["エラー"] = "ERROR", ["封じ手"] = "FUUJITE",
}
M.kif_of_ending = {
  TORYO = "投了", CHUDAN = "中断", SENNICHITE = "千日手", TIME_UP = "切れ負け", JISHOGI = "持将棋",
  KACHI = "入玉勝ち", TSUMI = "詰み", FUZUMI = "不詰", HIKIWAKE = "引き分け", MATTA = "待った",
  ERROR = "エラー", MAX_MOVES = "持将棋", OUTE_SENNICHITE = "反則負け", ILLEGAL_MOVE = "反則負け",
  FUUJITE = "封じ手",
}
M.csa_endings = {TORYO = true, CHUDAN = true, SENNICHITE = true, OUTE_SENNICHITE = true,
                 TIME_UP = true, ILLEGAL_MOVE = true, ["+ILLEGAL_ACTION"] = true,
                 ["-ILLEGAL_ACTION"] = true, JISHOGI = true, KACHI = true, HIKIWAKE = true,
                 MAX_MOVES = true, TSUMI = true, FUZUMI = true, ERROR = true, MATTA = true}

-- the winner an end marker implies, with side the side to move: "b", "w", "draw" or nil
function M.ending_winner(name, side)
  local other = side == "b" and "w" or "b"
  if name == "TORYO" or name == "TIME_UP" or name == "ILLEGAL_MOVE" or name == "TSUMI"
    or name == "OUTE_SENNICHITE" then
    return other
  elseif name == "KACHI" then
    return side
  elseif name == "+ILLEGAL_ACTION" then
    return "w"
  elseif name == "-ILLEGAL_ACTION" then
    return "b"
  elseif name == "SENNICHITE" or name == "JISHOGI" or name == "HIKIWAKE" or name == "MAX_MOVES" then
    return "draw"
  end
  return nil
end

-- ---- verdicts and end markers (adapters: the core's endings table will answer) ----
-- The rules, whatever program reads the record: a custom verdict is never a foul
-- (it is %CHUDAN / 中断 with a comment line naming it, which this reader turns back
-- into the same verdict); perpetual check is the checking side's foul
-- (%+ILLEGAL_ACTION when black checked, %-ILLEGAL_ACTION when white did).
local NAME_OF_REASON = {
  resignation = "TORYO", checkmate = "TSUMI", ["no-legal-move"] = "TSUMI", sennichite = "SENNICHITE",
  declaration = "KACHI", ["max-moves"] = "MAX_MOVES", agreement = "HIKIWAKE", abort = "CHUDAN",
}
local SIGN = {b = "+", w = "-"}

M.VERDICT_COMMENT = "komadai verdict: "

--- the comment line that names a verdict: "komadai verdict: took-gold winner=b"
function M.verdict_comment(v)
  return M.VERDICT_COMMENT .. tostring(v.reason) .. " winner=" .. (v.winner or "draw")
end

--- a comment's verdict line -> reason, winner ("b", "w" or nil for a draw); nil if none
function M.parse_verdict_comment(text)
  if not text then return nil end
  for l in (text .. "\n"):gmatch("(.-)\n") do
    local reason, winner = l:match("^" .. M.VERDICT_COMMENT .. "(%S+) winner=(%S+)%s*$")
    if reason and (winner == "b" or winner == "w" or winner == "draw") then
      return reason, winner ~= "draw" and winner or nil
    end
  end
  return nil
end

--- a verdict (g:result()) and the side to move -> end marker name, comment line or nil
function M.ending_of_verdict(v, side)
  if not v then return nil end
  local r = v.reason
  if NAME_OF_REASON[r] then return NAME_OF_REASON[r] end
  if r == "perpetual-check" and v.loser then return SIGN[v.loser] .. "ILLEGAL_ACTION", M.verdict_comment(v) end
  if r == "illegal-move" and v.loser then
    if v.loser == side then return "ILLEGAL_MOVE" end
    return SIGN[v.loser] .. "ILLEGAL_ACTION"
  end
  if r == "time-up" and v.loser == side then return "TIME_UP" end
  if r == "impasse-24" and not v.winner then return "JISHOGI", M.verdict_comment(v) end
  return "CHUDAN", M.verdict_comment(v)
end

--- an end marker that states a loss by rule rather than by play, with the side
-- to move -> verdict reason ("time-up" | "illegal-move"), loser; nil otherwise
function M.stated_loss(name, side)
  local other = side == "b" and "w" or "b"
  if name == "TIME_UP" then return "time-up", side end
  if name == "ILLEGAL_MOVE" then return "illegal-move", side end
  if name == "+ILLEGAL_ACTION" then return "illegal-move", "b" end
  if name == "-ILLEGAL_ACTION" then return "illegal-move", "w" end
  if name == "OUTE_SENNICHITE" then return "illegal-move", other end
  return nil
end

--- g:end_by(reason, loser): a stated ending made the game's verdict (the core's
-- game API; until it is there the stated ending stays in info().ending only)
function M.end_by(g, reason, loser)
  local f = g.end_by
  if f then return pcall(f, g, reason, loser) end
  return false
end

--- g:end_custom{reason =, winner =, text =}: a custom verdict read back
function M.end_custom(g, t)
  local f = g.end_custom
  if f then return pcall(f, g, t) end
  return false
end

--- a start position that breaks diagram rules, built leniently (the core's
-- {strict = false}) -> position, its problems {{id =, text =}, ...} | nil
function M.lenient_start(start, variant)
  if start == "startpos" or start == "sho" then return nil end
  local ok, pos = pcall(core.position, start, {variant = variant or "standard", strict = false})
  if not ok or not pos or not pos.problems then return nil end
  return pos, pos:problems()
end

-- Reads "sente"/"gote" words used in まで lines and headers
M.side_of_word = {["先手"] = "b", ["下手"] = "b", ["後手"] = "w", ["上手"] = "w"}

return M
