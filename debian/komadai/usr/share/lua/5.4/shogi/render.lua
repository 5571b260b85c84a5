-- Board diagrams: render(pos_or_game, opts) -> string.
--   opts.style  "letters" (USI letters, gote lowercase, ranks a-i; the default)
--               or "kanji" (KIF style: gote marked v, ranks 一..九)
--   opts.color  ANSI colour (gote in red, the last move's square reversed)
--   opts.last   a USI move whose square is marked with '*' (for a game: its
--               last move unless opts.last is false)
--   opts.flip   gote's view: file 1 on the left, rank i at the top, sente's hand above
-- The caption counts plies as g:ply() does: the moves played (a game), or the
-- SFEN move number less one (a position); KIF's 手数 counts the same.
-- Only the position's public methods are used: at, hand, side, ply, variant;
-- piece names and the hand order come from the core (core.pieces).
local common = require "shogi.record.common"

local concat, format, rep = table.concat, string.format, string.rep
local tonumber = tonumber
local error, setmetatable, type, tostring, ipairs, pairs, pcall =
  error, setmetatable, type, tostring, ipairs, pairs, pcall
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.defaults = {style = "letters", color = false, flip = false}
local KNOWN = {style = true, color = true, last = true, flip = true}

local FILES = {"9", "8", "7", "6", "5", "4", "3", "2", "1"}
local RANKS = {"a", "b", "c", "d", "e", "f", "g", "h", "i"}
local WIDE_DIGITS, KANJI_NUMBERS, kanji_number = common.wide_digit, common.kanji_digit, common.kanji_number
local RED, REVERSE, BOLD, RESET = "\27[31m", "\27[7m", "\27[1m", "\27[0m"

-- the squares a (USI, legal) move comes from and goes to ("P*5e": nil, "5e")
local function move_squares(m)
  if type(m) ~= "string" then return nil, nil end
  local from, to = common.split_usi(m)
  return from, to
end

-- a game answers position() and moves(); a position does not.  Returns the
-- position, the last move and the game (nil for a position).
local function unpack_subject(x)
  local ok, getter = pcall(function() return x.moves end)
  if ok and type(getter) == "function" and type(x.position) == "function" then
    local moves = x:moves()
    return x:position(), moves[#moves], x
  end
  return x, nil, nil
end

-- the game's last move in a notation ("western", "japanese"), when the
-- position can name moves (pos:move_name); nil otherwise
local function last_move_name(game, notation)
  local ok, name = pcall(function()
    local moves = game:moves()
    local p = game:start()
    for i = 1, #moves - 1 do p = p:after(moves[i]) end
    return p:move_name(moves[#moves], notation)
  end)
  return ok and type(name) == "string" and name or nil
end

local function cell(piece, style, mark, color, is_last, names)
  local text
  if not piece then
    text = style == "kanji" and " ・" or " ."
  elseif style == "kanji" then
    local gote = piece:lower() == piece
    local row = names[piece:upper()]
    text = (gote and "v" or " ") .. (row and row.kanji1 or "？")
    if color and gote then text = RED .. text .. RESET end
  else
    text = (#piece == 1 and " " or "") .. piece
    if color and piece:lower() == piece then text = RED .. text .. RESET end
  end
  if color and is_last then text = REVERSE .. BOLD .. text .. RESET end
  return text .. mark
end

local function hand_text(pos, side, style, names)
  local hand, parts = pos:hand(side), {}
  for _, p in ipairs(names.hand_order) do
    local n = hand[p] or 0
    if n > 0 then
      if style == "kanji" then
        parts[#parts + 1] = names[p].kanji1 .. (n > 1 and kanji_number(n) or "")
      else
        parts[#parts + 1] = (n > 1 and tostring(n) or "") .. p
      end
    end
  end
  if style == "kanji" then
    return (side == "b" and "先手" or "後手") .. "の持駒：" .. (#parts > 0 and concat(parts, "　") or "なし")
  end
  return (side == "b" and "sente" or "gote ") .. " hand: " .. (#parts > 0 and concat(parts, " ") or "-")
end

local function option(opts, name)
  local v = opts[name]
  if v == nil then v = M.defaults[name] end
  return v
end

--- render(pos_or_game [, opts]) -> string: the board with both hands, the side to
-- move, the ply and the last move.
function M.render(x, opts)
  opts = opts or {}
  for k in pairs(opts) do
    if not KNOWN[k] then
      error(format("render: unknown option '%s' (known: color, flip, last, style)", tostring(k)), 2)
    end
  end
  local style = option(opts, "style")
  if style ~= "kanji" and style ~= "letters" then
    error(format("render: unknown style '%s' (kanji or letters)", tostring(style)), 2)
  end
  local color = option(opts, "color") and true or false
  local pos, last, game = unpack_subject(x)
  local plies = pos:ply() - 1
  if game then plies = type(game.ply) == "function" and game:ply() or #game:moves() end
  if opts.last ~= nil then last, game = opts.last or nil, nil end
  local _, last_to = move_squares(last)
  local sho = pos:variant() == "sho"
  local names = common.pieces(pos:variant())
  local kanji = style == "kanji"
  local flip = option(opts, "flip") and true or false
  local files, ranks = FILES, RANKS
  if flip then
    files, ranks = {}, {}
    for i = 1, 9 do files[i], ranks[i] = FILES[10 - i], RANKS[10 - i] end
  end
  local top, bottom = flip and "b" or "w", flip and "w" or "b"
  local width = kanji and 4 or 3
  local out = {}
  if not sho then out[#out + 1] = hand_text(pos, top, style, names) end
  local head = {" "}
  for _, f in ipairs(files) do
    head[#head + 1] = kanji and (" " .. WIDE_DIGITS[tonumber(f)] .. " ") or (" " .. f .. " ")
  end
  out[#out + 1] = (concat(head):gsub("%s+$", ""))
  local border = "+" .. rep("-", 9 * width) .. "+"
  out[#out + 1] = border
  for _, rank in ipairs(ranks) do
    local r = rank:byte() - 96
    local row = {"|"}
    for _, f in ipairs(files) do
      local sq = f .. rank
      local is_last = sq == last_to
      row[#row + 1] = cell(pos:at(sq), style, is_last and "*" or " ", color, is_last, names)
    end
    row[#row + 1] = "|" .. (kanji and KANJI_NUMBERS[r] or (" " .. rank))
    out[#out + 1] = concat(row)
  end
  out[#out + 1] = border
  if not sho then out[#out + 1] = hand_text(pos, bottom, style, names) end
  local side = pos:side()
  local named = game and last and last_move_name(game, kanji and "japanese" or "western")
  if kanji then
    out[#out + 1] = format("手数＝%d　%s番%s%s", plies, side == "b" and "先手" or "後手",
      sho and "　小将棋" or "", last and ("　最終手 " .. (named or last)) or "")
  else
    out[#out + 1] = format("ply %d, %s to move%s%s", plies, side == "b" and "sente (b)" or "gote (w)",
      sho and ", sho shogi" or "", last and (", last move " .. last .. (named and (" (" .. named .. ")") or ""))
      or "")
  end
  return concat(out, "\n")
end

return setmetatable(M, {__call = function(_, ...) return M.render(...) end})
