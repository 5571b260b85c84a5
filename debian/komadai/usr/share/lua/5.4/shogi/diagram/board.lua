-- One board diagram as SVG elements, in the look of a printed tsume diagram:
-- a thick outer frame over even squares, the four star points, coordinates
-- above and to the right, pieces as text (gote's turned 180°), sente's hand in
-- a column at the right ending at the bottom, gote's at the left from the top
-- (swapped when flipped), the last move shaded, marks, arrows, title, caption.
--   board.draw(pos, o, id) -> {width =, height =, body =, title =, desc =}
-- o holds checked options (shogi.diagram checks them); id prefixes element ids.
local piece = require "shogi.diagram.piece"
local pieces = require "shogi.diagram.pieces"
local svg = require "shogi.diagram.svg"

local concat, table_sort = table.concat, table.sort
local ipairs, pairs, tonumber, string_format = ipairs, pairs, tonumber, string.format
local math_min, math_sqrt = math.min, math.sqrt
local utf8_codes, utf8_char = utf8.codes, utf8.char
local el, esc = svg.el, svg.escape
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- geometry, in the units of the viewBox
local CW, CH = 40, 44                 -- a square (a shogi board is a little taller than wide)
local BW, BH = 9 * CW, 9 * CH
local PAD, COORD, GAP, HAND_W = 12, 22, 6, 34
local TITLE_H, CAPTION_H = 36, 32
local HAND_FONT, HAND_STEP = 21, 24
local COORD_FONT = 16
local INK, MARK = "#000", "#c0392b"
local LAST_TO, LAST_FROM = "#f2dc9b", "#faf0d2"

M.CELL_W, M.CELL_H = CW, CH

-- the column and row (0-based, from the viewer's top left) of a square
local function cell_of(sq, flip)
  local f, r = tonumber(sq:sub(1, 1)), sq:byte(2) - 96
  if flip then return f - 1, 9 - r end
  return 9 - f, r - 1
end

local function chars(s)
  local out = {}
  for _, c in utf8_codes(s) do out[#out + 1] = utf8_char(c) end
  return out
end

local function side_word(side, style)
  if style == "western" then return side == "b" and "Sente" or "Gote" end
  return side == "b" and "先手" or "後手"
end

-- the lines of a hand column: {text, letter (nil for the label)}; and the
-- words a screen reader says
local function hand_lines(pos, side, style)
  local items = pieces.hand(pos, side)
  local rest = false
  -- 残り全部 is the tsume convention: only where sente has no king on the board (a problem, not a game)
  local sente_king = false
  for _, pc in pairs(pos:pieces("b")) do if pc == "K" then sente_king = true end end
  if side == "w" and #items > 0 and pos:variant() == "standard" and not sente_king then
    rest = true
    local held = {}
    for _, it in ipairs(items) do held[it[1]] = it[2] end
    local kinds = pos:hand(side) -- the kinds a hand can hold
    for l, n in pairs(pieces.rest_of_set(pos)) do
      if kinds[l] and n > 0 and held[l] ~= n then rest = false end
    end
  end
  local lines, words = {}, {}
  if style == "western" then
    lines[1] = {side_word(side, style), nil, true}
    for _, it in ipairs(items) do
      local text = it[1] .. (it[2] > 1 and it[2] or "")
      lines[#lines + 1] = {text, it[1]}
      words[#words + 1] = text
    end
    if #items == 0 then lines[#lines + 1] = {"-"} end
    return lines, string_format("%s's hand: %s", side_word(side, style), #words > 0 and concat(words, " ") or "none")
  end
  for _, c in ipairs(chars(side_word(side, style) .. "持駒")) do lines[#lines + 1] = {c} end
  lines[#lines + 1] = {""} -- a gap after the label
  if rest then
    for _, c in ipairs(chars("残り全部")) do lines[#lines + 1] = {c} end
    words[1] = "残り全部"
  else
    for _, it in ipairs(items) do
      local word = pieces.name(it[1], "kanji") .. (it[2] > 1 and pieces.kanji_number(it[2]) or "")
      words[#words + 1] = word
      for i, c in ipairs(chars(word)) do lines[#lines + 1] = {c, i == 1 and it[1] or nil} end
    end
    if #items == 0 then
      for _, c in ipairs(chars("なし")) do lines[#lines + 1] = {c} end
    end
  end
  return lines, side_word(side, style) .. "の持駒：" .. (#words > 0 and concat(words, " ") or "なし")
end

-- a hand as one text element (a tspan per line), top- or bottom-aligned in
-- the column at x; returns the SVG and letter -> {x, y} of each piece's line
local function hand_column(pos, side, style, x, top_aligned, top)
  local lines, words = hand_lines(pos, side, style)
  local step = math_min(HAND_STEP, BH / #lines)
  local font = math_min(HAND_FONT, step * 0.92)
  local y0 = top_aligned and top or (top + BH - step * #lines)
  local spans, at = {}, {}
  for i, line in ipairs(lines) do
    local cy = y0 + step * (i - 0.5)
    if line[1] ~= "" then
      local fs = line[3] and font * 0.62 or font
      spans[#spans + 1] = el("tspan", {"x", x, "y", cy + fs * 0.36, "font-size", line[3] and fs or false},
        esc(line[1]))
    end
    if line[2] then at[line[2]] = {x, cy} end
  end
  local text = el("text", {"class", "hand", "data-side", side, "aria-label", words, "text-anchor", "middle",
    "font-size", font, "fill", INK}, concat(spans))
  return text, at
end

local function coordinate_labels(o, bx, by)
  local out = {}
  for i = 1, 9 do
    local file = o.flip and i or 10 - i
    local rank = o.flip and 10 - i or i
    local ftext, rtext
    if o.coords == "japanese" then
      ftext, rtext = pieces.wide_digit(file), pieces.kanji_digit(rank)
    else
      ftext, rtext = "" .. file, ("abcdefghi"):sub(rank, rank)
    end
    out[#out + 1] = el("text", {"x", bx + CW * (i - 0.5), "y", by - 7}, esc(ftext))
    out[#out + 1] = el("text", {"x", bx + BW + COORD / 2, "y", by + CH * (i - 0.5) + COORD_FONT * 0.36},
      esc(rtext))
  end
  return el("g", {"class", "coords", "font-size", COORD_FONT, "text-anchor", "middle", "fill", INK},
    concat(out))
end

local function grid(bx, by, id)
  local out = {}
  for i = 1, 8 do
    out[#out + 1] = el("line", {"x1", bx + CW * i, "y1", by, "x2", bx + CW * i, "y2", by + BH})
    out[#out + 1] = el("line", {"x1", bx, "y1", by + CH * i, "x2", bx + BW, "y2", by + CH * i})
  end
  local lines = el("g", {"class", "lines", "stroke", INK, "stroke-width", 1}, concat(out))
  local stars = {}
  for _, c in ipairs({{3, 3}, {6, 3}, {3, 6}, {6, 6}}) do
    stars[#stars + 1] = el("circle", {"cx", bx + CW * c[1], "cy", by + CH * c[2], "r", 3.2})
  end
  local frame = el("rect", {"id", id .. "-frame", "x", bx, "y", by, "width", BW, "height", BH,
    "fill", "none", "stroke", INK, "stroke-width", 3.2})
  return lines .. el("g", {"class", "stars", "fill", INK}, concat(stars)) .. frame
end

local function cell_rect(sq, o, bx, by, fill, class)
  local c, r = cell_of(sq, o.flip)
  return el("rect", {"class", class, "data-square", sq, "x", bx + CW * c, "y", by + CH * r,
    "width", CW, "height", CH, "fill", fill})
end

local function cell_center(sq, o, bx, by)
  local c, r = cell_of(sq, o.flip)
  return bx + CW * (c + 0.5), by + CH * (r + 0.5)
end

-- a shogi piece's pentagon around (cx, cy), point up
local function piece_outline(cx, cy)
  return piece.outline(cx, cy, CW * piece.W, CH * piece.H)
end

local function piece_texts(pos, o, bx, by)
  local out, squares = {}, {}
  local board = pos:pieces()
  for sq in pairs(board) do squares[#squares + 1] = sq end
  table_sort(squares, function(a, b) -- rank by rank, file 9 to 1: the order a reader reads
    if a:byte(2) ~= b:byte(2) then return a:byte(2) < b:byte(2) end
    return a > b
  end)
  for _, sq in ipairs(squares) do
    local letters = board[sq]
    local gote = letters:lower() == letters
    local name = pieces.name(letters, o.style)
    local fs = o.style == "kanji" and CW * 0.8 or (#name > 1 and CW * 0.42 or CW * 0.56)
    local cx, cy = cell_center(sq, o, bx, by)
    local turned = gote ~= o.flip
    local rotation = turned and string_format("rotate(180 %s %s)", svg.num(cx), svg.num(cy))
    local ty = cy + fs * 0.36
    local where = pieces.wide_digit(tonumber(sq:sub(1, 1))) .. pieces.kanji_digit(sq:byte(2) - 96)
    local said = string_format("%s %s%s", gote and "後手" or "先手", where, pieces.name(letters, "japanese"))
    if o.icons then
      -- the outline points at the opponent; the marks inside show how the piece moves
      out[#out + 1] = el("g", {"class", gote and "piece gote" or "piece sente", "data-square", sq,
        "data-piece", letters, "aria-label", said, "transform", rotation},
        el("path", {"class", "piece-shape", "d", piece_outline(cx, cy), "fill", "none", "stroke", INK})
        .. piece.icon_marks(letters, cx, piece.icon_centre(cy, CH * piece.H), CW * piece.W))
      goto next
    end
    if o.style == "western" then
      -- letters such as N and S read the same turned, so each sits in a piece's
      -- outline, which points at the opponent
      out[#out + 1] = el("path", {"class", "piece-shape", "d", piece_outline(cx, cy), "fill", "none",
        "stroke", INK, "transform", rotation})
      ty = ty + CH * 0.06
    end
    out[#out + 1] = el("text", {"class", gote and "piece gote" or "piece sente", "data-square", sq,
      "data-piece", letters, "aria-label", said, "x", cx, "y", ty, "font-size", fs,
      "transform", rotation}, esc(name))
    ::next::
  end
  return el("g", {"class", "pieces", "text-anchor", "middle", "fill", INK, "stroke-width", 1.1}, concat(out))
end

local function arrow_line(x1, y1, x2, y2, id)
  local dx, dy = x2 - x1, y2 - y1
  local len = math_sqrt(dx * dx + dy * dy)
  local cut = len > 0 and math_min(10, len / 3) / len or 0
  return el("line", {"x1", x1 + dx * cut, "y1", y1 + dy * cut, "x2", x2 - dx * cut, "y2", y2 - dy * cut,
    "marker-end", "url(#" .. id .. "-head)"})
end

local function marks_group(o, bx, by)
  local rings = {}
  for _, sq in ipairs(o.marks) do
    local cx, cy = cell_center(sq, o, bx, by)
    rings[#rings + 1] = el("circle", {"data-square", sq, "cx", cx, "cy", cy, "r", CW * 0.46})
  end
  return el("g", {"class", "marks", "fill", "none", "stroke", MARK, "stroke-width", 2.5}, concat(rings))
end

-- arrows from squares, or from a piece in a hand (hand_at[side][letter] = {x, y})
local function arrows_group(o, bx, by, coord_space, hand_at, id)
  local lines = {el("defs", {}, el("marker", {"id", id .. "-head", "viewBox", "0 0 10 10", "refX", 7,
    "refY", 5, "markerWidth", 3.2, "markerHeight", 3.2, "orient", "auto"},
    el("path", {"d", "M0,0 L10,5 L0,10 z", "fill", MARK})))}
  for _, a in ipairs(o.arrows) do
    local x2, y2 = cell_center(a.to, o, bx, by)
    local x1, y1
    if a.from then
      x1, y1 = cell_center(a.from, o, bx, by)
    elseif hand_at[a.side][a.drop] then
      x1, y1 = hand_at[a.side][a.drop][1], hand_at[a.side][a.drop][2]
    else -- no hand drawn (or the piece not held): from beside the board on the dropper's side
      local near = (a.side == "b") ~= o.flip
      x1 = near and (bx + BW + coord_space) or (bx - GAP)
      y1 = near and (by + BH - CH / 2) or (by + CH / 2)
    end
    lines[#lines + 1] = arrow_line(x1, y1, x2, y2, id)
  end
  return el("g", {"class", "arrows", "stroke", MARK, "stroke-width", 4, "stroke-opacity", 0.8,
    "stroke-linecap", "round"}, concat(lines))
end

--- draw(pos, o, id) -> {width, height, body, desc}
-- o: style, icons (pieces drawn as how they move), flip, coords, hands, last_move = {from, to}, marks, arrows (each
-- {from = square | nil, drop = letter | nil, to = square}), title, caption
local CAPTION_FONT, CAPTION_STEP = 18, 22

-- a caption cut into lines that fit width (units): at spaces, or anywhere
-- in a run of wide (kanji, kana) characters; ASCII counts about half a wide one
local function wrap(text, width)
  local lines, line, w, last_space = {}, {}, 0, nil
  local limit = width / CAPTION_FONT
  for _, c in utf8_codes(text) do
    local ch = utf8_char(c)
    local cw = c < 0x80 and 0.55 or 1
    if w + cw > limit and #line > 0 then
      if last_space and last_space > 1 then
        local rest = {}
        for i = last_space + 1, #line do rest[#rest + 1] = line[i] end
        lines[#lines + 1] = concat(line, "", 1, last_space - 1)
        line, w = rest, 0
        for _, r in ipairs(rest) do w = w + (#r == 1 and 0.55 or 1) end
      else
        lines[#lines + 1] = concat(line)
        line, w = {}, 0
      end
      last_space = nil
      if ch == " " and #line == 0 then ch = nil end
    end
    if ch then
      line[#line + 1] = ch
      w = w + cw
      if ch == " " then last_space = #line end
    end
  end
  if #line > 0 then lines[#lines + 1] = concat(line) end
  return lines
end
M.wrap = wrap

function M.draw(pos, o, id)
  local hands = o.hands and pos:variant() == "standard"
  local side_w = hands and (HAND_W + GAP) or COORD
  local coord_space = o.coords and COORD or 8
  local bx = PAD + side_w
  local by = PAD + (o.title and TITLE_H or 0) + coord_space
  local width = bx + BW + coord_space + (hands and (GAP + HAND_W) or 0) + PAD
  if not hands then width = bx + BW + side_w + PAD end
  local caption_lines = o.caption and wrap(o.caption, width - 2 * PAD) or {}
  local height = by + BH + (o.caption and (CAPTION_H + CAPTION_STEP * (#caption_lines - 1)) or 0) + PAD
  local out = {}
  if o.last_move then
    if o.last_move.from then out[#out + 1] = cell_rect(o.last_move.from, o, bx, by, LAST_FROM, "last-from") end
    out[#out + 1] = cell_rect(o.last_move.to, o, bx, by, LAST_TO, "last-to")
  end
  out[#out + 1] = grid(bx, by, id)
  if o.coords then out[#out + 1] = coordinate_labels(o, bx, by) end
  local hand_at = {b = {}, w = {}}
  if hands then
    local far, near = o.flip and "b" or "w", o.flip and "w" or "b"
    local text
    text, hand_at[far] = hand_column(pos, far, o.style, PAD + HAND_W / 2, true, by)
    out[#out + 1] = text
    text, hand_at[near] = hand_column(pos, near, o.style, bx + BW + coord_space + GAP + HAND_W / 2, false, by)
    out[#out + 1] = text
  end
  out[#out + 1] = piece_texts(pos, o, bx, by)
  if o.marks and #o.marks > 0 then out[#out + 1] = marks_group(o, bx, by) end
  if o.arrows and #o.arrows > 0 then out[#out + 1] = arrows_group(o, bx, by, coord_space, hand_at, id) end
  if o.title then
    out[#out + 1] = el("text", {"class", "title", "x", bx + BW / 2, "y", PAD + TITLE_H * 0.62,
      "font-size", 22, "text-anchor", "middle", "fill", INK}, esc(o.title))
  end
  if o.caption then
    local body = esc(o.caption)
    if #caption_lines > 1 then
      local spans = {}
      for i, l in ipairs(caption_lines) do
        spans[i] = el("tspan", {"x", bx + BW / 2, "dy", i == 1 and 0 or CAPTION_STEP}, esc(l))
      end
      body = concat(spans)
    end
    out[#out + 1] = el("text", {"class", "caption", "x", bx + BW / 2, "y", by + BH + CAPTION_H * 0.7,
      "font-size", CAPTION_FONT, "text-anchor", "middle", "fill", INK}, body)
  end
  local hw = {}
  if hands then
    local _, wb = hand_lines(pos, "b", o.style)
    local _, ww = hand_lines(pos, "w", o.style)
    hw = {"; ", wb, "; ", ww}
  end
  return {width = width, height = height, body = concat(out, "\n"),
    desc = "SFEN " .. pos:sfen() .. concat(hw)}
end

return M
