-- BOD board diagrams (the KIF board text): read one position, write one.
--   後手の持駒：角　歩二
--     ９ ８ ７ ６ ５ ４ ３ ２ １
--   +---------------------------+
--   |v香v桂v銀v金v玉v金v銀v桂v香|一
--   ...
--   +---------------------------+
--   先手の持駒：なし
--   後手番
-- Used by the KIF/KI2 reader for non-standard starts, and as the "bod" format.
-- A Sho shogi diagram has the header 種類：小将棋 and 酔 (elephant) / 太 (prince).
local common = require "shogi.record.common"
local core = require "shogi.core"

local ipairs, require, tonumber, tostring, utf8 = ipairs, require, tonumber, tostring, utf8
local table_concat = table.concat
local _ENV = nil -- luacheck: ignore 211

local M = {}

local SPACE = "　"   -- U+3000

-- the bytes %s matches (C's isspace): a line with none of them nor U+3000's first byte
-- (E3) first and none nor its last (80) last has nothing to trim, the usual case
local SPACE_BYTE = {[9] = true, [10] = true, [11] = true, [12] = true, [13] = true, [32] = true}

local function trim(s)
  local first, last = s:byte(1), s:byte(-1)
  if first and not SPACE_BYTE[first] and first ~= 0xE3 and not SPACE_BYTE[last] and last ~= 0x80 then
    return s
  end
  s = s:gsub("^%s+", "")
  while s:sub(1, 3) == SPACE do s = s:sub(4) end
  s = s:gsub("%s+$", "")
  while s:sub(-3) == SPACE do s = s:sub(1, -4); s = s:gsub("%s+$", "") end
  return s
end
M.trim = trim

-- "key：value" (or "key:value") -> key, value; nil when the line has no colon
function M.split_header(line)
  local a = line:find("：", 1, true)
  local b = line:find(":", 1, true)
  local at, len = a, 3
  if b and (not a or b < a) then at, len = b, 1 end
  if not at or at == 1 or line:sub(1, 1):match("%s") then return nil end
  return line:sub(1, at - 1), line:sub(at + len)
end

-- "角二　金二　桂" -> {B = 2, G = 2, N = 1} | nil, msg; "残り全部" -> {}, true
function M.parse_hand(text)
  local hand = {}
  text = trim(text)
  if text == "なし" or text == "" then return hand end
  -- 残り全部: every piece on neither the board nor the other hand (a tsume diagram's defender)
  if text == "残り全部" or text == "残りの駒全部" then return hand, true end
  for item in (text:gsub(SPACE, " ") .. " "):gmatch("(%S+)%s") do
    local first = utf8.char(utf8.codepoint(item, 1))
    local row = common.piece_row("standard", first)
    if not row or not row.droppable then
      return nil, "unknown piece in hand '" .. item .. "'"
    end
    local letter = row.usi
    local n = common.kanji_count(item:sub(#first + 1))
    if not n then return nil, "bad count in hand '" .. item .. "'" end
    hand[letter] = (hand[letter] or 0) + n
  end
  return hand
end

function M.format_hand(hand)
  local out = {}
  local t = common.pieces("standard")
  for _, l in ipairs(t.hand_order) do
    local n = hand[l] or 0
    if n > 0 then out[#out + 1] = t[l].kanji1 .. (n > 1 and common.kanji_number(n) or "") .. SPACE end
  end
  return #out > 0 and table_concat(out) or "なし"
end

-- "|v香v桂 ・ 歩|一" -> {[9] = "l", [8] = "n", [6] = "P"} (files), or nil, msg
local function parse_row(line)
  local body = line:match("^|(.*)|")
  if not body then return nil, "bad board row" end
  local cells, file = {}, 9
  local i = 1
  while i <= #body do
    local c = body:sub(i, i)
    local white = false
    if c == "v" or c == "V" then white = true; i = i + 1
    elseif c == " " or c == "^" then i = i + 1
    end
    if i > #body then return nil, "bad board row" end
    local ch = utf8.char(utf8.codepoint(body, i))
    i = i + #ch
    if file < 1 then return nil, "more than nine squares in a board row" end
    if ch ~= "・" then
      local letter = core.parse_piece(ch)
      if not letter or ch:match("^[%w%+]") then return nil, "unknown piece '" .. ch .. "' on the board" end
      cells[file] = white and letter:lower() or letter
    end
    file = file - 1
  end
  if file ~= 0 then return nil, "fewer than nine squares in a board row" end
  return cells
end

-- a move number or 手数 as an integer, or nil when it is out of range
function M.move_number(text)
  local n = #text <= 9 and tonumber(text)
  return n and n // 1 or nil
end

-- Reads a BOD block among lines[i..]; lines outside the block (headers) are
-- skipped by the caller.  Returns {board=, hands=, side=, ply=, rows=} filling
-- from every BOD line it recognises; `line` says whether lines[i] was BOD.
function M.parse_line(state, line)
  local who, hand
  if line:find("の持駒", 1, true) then   -- (the patterns tried only where they can match: a header line each)
    who, hand = line:match("^(..-)の持駒：(.*)$")
    if not who then who, hand = line:match("^(..-)の持駒:(.*)$") end
  end
  if who and common.side_of_word[who] then
    local h, rest = M.parse_hand(hand)
    if not h then return nil, rest end
    state.hands[common.side_of_word[who]] = h
    if rest == true then state.rest = common.side_of_word[who] end
    state.seen = true
    return true
  end
  if line:match("^%s*９ ８ ７") or line:match("^%s*９%s") then return true end
  if line:match("^%+%-%-%-") then state.seen = true; return true end
  if line:match("^|") then
    local cells, err = parse_row(line)
    if not cells then return nil, err end
    state.rows[#state.rows + 1] = cells
    if #state.rows > 9 then return nil, "more than nine board rows" end
    state.seen = true
    return true
  end
  local t = trim(line)
  if t == "先手番" or t == "下手番" then state.side = "b"; return true end
  if t == "後手番" or t == "上手番" then state.side = "w"; return true end
  local n = line:match("^手数＝%s*(%d+)")
  if n then
    local ply = M.move_number(n)
    if not ply then return nil, "move number " .. n .. " is too large" end
    state.ply = ply + 1
    return true
  end
  return false
end

function M.new_state() return {hands = {b = {}, w = {}}, rows = {}, side = "b", seen = false} end

function M.state_sfen(state)
  if #state.rows ~= 9 then return nil, "the board has " .. #state.rows .. " rows, not 9" end
  local sfen = common.sfen(state.rows, state.hands, state.side, state.ply or 1)
  if state.rest then
    -- the hand of 残り全部 gets the pieces of the set that are nowhere else (the core's tsume fill)
    local pos, perr = core.position(sfen, {strict = false})
    if not pos then return nil, "bad start position: " .. tostring(perr) end
    sfen = core.tsume_fill(pos, state.rest == "b" and "w" or "b"):sfen()
  end
  return sfen
end

-- A BOD file: the KIF reader with a board required and no moves.
function M.parse(lines, name)
  local rec, err = require("shogi.record.kif").parse(lines, name)
  if not rec then return nil, err end
  if not rec.board then return nil, ("%s:%d: no board diagram"):format(name, #lines) end
  if #rec.main.moves > 0 then
    return nil, ("%s:%d: moves in a board diagram (read it as KIF)"):format(name, rec.main.moves[1].lineno)
  end
  return rec
end

-- the diagram lines of a position (no trailing newline), names: {b = "先手", w = "後手"}
function M.diagram(pos, names)
  names = names or {b = "先手", w = "後手"}
  local t = common.pieces(pos)
  local board, hands = common.board_of(pos)
  local out = {}
  out[#out + 1] = names.w .. "の持駒：" .. M.format_hand(hands.w)
  out[#out + 1] = "  ９ ８ ７ ６ ５ ４ ３ ２ １"
  out[#out + 1] = "+---------------------------+"
  for r = 1, 9 do
    local row = {"|"}
    for f = 9, 1, -1 do
      local pc = board[r][f]
      if not pc then
        row[#row + 1] = " ・"
      else
        local up = pc:upper()
        row[#row + 1] = (pc == up and " " or "v") .. t[up].kanji1
      end
    end
    row[#row + 1] = "|" .. common.kanji_digit[r]
    out[#out + 1] = table_concat(row)
  end
  out[#out + 1] = "+---------------------------+"
  out[#out + 1] = names.b .. "の持駒：" .. M.format_hand(hands.b)
  return out
end

function M.write(v)
  local pos = v.positions[#v.moves]
  local out = {}
  local variant = common.header_of_variant[pos:variant()]
  if variant then out[#out + 1] = common.VARIANT_HEADER .. "：" .. variant end
  for _, l in ipairs(M.diagram(pos)) do out[#out + 1] = l end
  if #v.moves > 0 then
    local before = v.positions[#v.moves - 1]
    out[#out + 1] = ("手数＝%d  %s%s  まで"):format(#v.moves, before:side() == "b" and "▲" or "△",
      before:move_name(v.moves[#v.moves], "kif", v.moves[#v.moves - 1]))
  end
  out[#out + 1] = pos:side() == "b" and "先手番" or "後手番"
  return table_concat(out, "\n") .. "\n"
end

return M
