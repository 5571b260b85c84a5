-- One shogi piece drawn on its own: the five-sided shape that points at the
-- opponent, and its name on it (the one-character kanji of printed diagrams,
-- a promoted piece's name in red).  The board diagram takes its outline from
-- here, and the web board's piece images are these pictures
-- (scripts/web-pieces), so a piece is drawn in one place.
--   piece.outline(cx, cy, w, h) -> the SVG path of a piece's shape around (cx, cy), point up
--   piece.svg("+P") -> a standalone SVG document of one piece, point up
--   piece.icon_marks("N", cx, cy, w) -> SVG elements showing how the piece moves, point up
--   piece.icon_svg("+B") -> a standalone SVG document of one piece's icon, point up
--   piece.set_svg({"P", "L", ...}, {icons = true}) -> every piece of a list in one picture, a row pointing up
--     and a row pointing down in the far side's colours (the web board's pieces: one image for all)
-- A piece's name is drawn as the outline of its kanji (shogi.diagram.glyphs, from Noto Serif CJK JP), so a
-- picture needs no font: it looks the same where no CJK font is installed, and shows no font being looked up.
-- An icon draws the core's movement table (core.pieces(v)[letters].moves): a dot
-- for each one-square step, an arrow for each line it ranges along, a dot for
-- each jump (the knight's two); a promoted piece is red with a ring at its centre.
local core = require "shogi.core"
local glyphs = require "shogi.diagram.glyphs"
local pieces = require "shogi.diagram.pieces"
local svg = require "shogi.diagram.svg"

local concat, format, ipairs, sqrt = table.concat, string.format, ipairs, math.sqrt
local floor, tonumber, min = math.floor, tonumber, math.min
local el, esc = svg.el, svg.escape
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.INK, M.PROMOTED_INK = "#000", "#c0392b"
M.WOOD, M.EDGE = "#f3d58f", "#7a5a26"
M.W, M.H = 0.76, 0.84 -- the shape's width and height, in parts of a square's

-- "#rrggbb" as the CSS filter sepia(.25) brightness(.93) shows it: the far side's pieces, lightly tinted
local function tinted(hex)
  local short = #hex == 4
  local function part(i)
    local h = short and hex:sub(i + 1, i + 1):rep(2) or hex:sub(2 * i, 2 * i + 1)
    return tonumber(h, 16)
  end
  local r, g, b = part(1), part(2), part(3)
  local a, k = 0.25, 0.93
  local function c(x) return min(255, floor(x * k + 0.5)) end
  return format("#%02x%02x%02x",
    c((0.393 + 0.607 * (1 - a)) * r + (0.769 - 0.769 * (1 - a)) * g + (0.189 - 0.189 * (1 - a)) * b),
    c((0.349 - 0.349 * (1 - a)) * r + (0.686 + 0.314 * (1 - a)) * g + (0.168 - 0.168 * (1 - a)) * b),
    c((0.272 - 0.272 * (1 - a)) * r + (0.534 - 0.534 * (1 - a)) * g + (0.131 + 0.869 * (1 - a)) * b))
end

-- the colours of a near piece (pointing up at the viewer's opponent) and of a far one
local NEAR = {ink = M.INK, promoted = M.PROMOTED_INK, wood = M.WOOD, edge = M.EDGE}
local FAR = {ink = tinted(M.INK), promoted = tinted(M.PROMOTED_INK), wood = tinted(M.WOOD), edge = tinted(M.EDGE)}

--- outline(cx, cy, w, h) -> path data of a piece's shape of that size centred at (cx, cy), point up
function M.outline(cx, cy, w, h)
  local pts = {{0, -h / 2}, {w * 0.4, -h * 0.3}, {w / 2, h / 2}, {-w / 2, h / 2}, {-w * 0.4, -h * 0.3}}
  local d = {}
  for i, p in ipairs(pts) do d[i] = (i == 1 and "M" or "L") .. svg.num(cx + p[1]) .. "," .. svg.num(cy + p[2]) end
  return concat(d, " ") .. " Z"
end

local function shape(cw, ch, colours)
  return el("path", {"d", M.outline(cw / 2, ch / 2, cw * M.W, ch * M.H), "fill", colours.wood,
    "stroke", colours.edge, "stroke-width", 1.2, "stroke-linejoin", "round"})
end

-- the kanji k centred on x, its baseline at y, size fs (an em), filled: its outline, or as text in font
-- when the glyph table lacks it; with defs (a picture's table of outlines, kanji -> id), a use of the outline
-- kept once in the picture's defs
local function name(k, x, y, fs, fill, font, defs)
  local g = glyphs.glyphs[k]
  if not g then
    return el("text", {"x", x, "y", y, "font-size", fs, "font-family", font or "serif", "text-anchor", "middle",
      "fill", fill}, esc(k))
  end
  local s = fs / glyphs.em
  local at = format("translate(%s %s) scale(%.6g %.6g)", svg.num(x - g.advance * s / 2), svg.num(y), s, -s)
  if not defs then return el("path", {"transform", at, "d", g.d, "fill", fill}) end
  if not defs[k] then
    defs[#defs + 1] = el("path", {"id", "k" .. #defs + 1, "d", g.d})
    defs[k] = "k" .. #defs
  end
  return el("use", {"href", "#" .. defs[k], "transform", at, "fill", fill})
end

-- the row of a piece in whichever variant has it (movement does not depend on the variant)
local function facts(letters)
  local u = letters:upper()
  return core.pieces("standard")[u] or core.pieces("sho")[u]
end

-- one piece's shape and name in a cw x ch box at 0,0, point up
local function kanji_piece(letters, cw, ch, colours, font, defs)
  local promoted = facts(letters).promoted
  local fs = cw * 0.62
  local baseline = ch / 2 + ch * 0.06 + fs * 0.36
  return shape(cw, ch, colours) .. name(pieces.name(letters:upper(), "kanji"), cw / 2, baseline, fs,
    promoted and colours.promoted or colours.ink, font, defs)
end

--- svg(letters, o) -> the SVG text of one piece in a square of o.width x o.height (40 x 44 unless
-- given), pointing up; letters as USI ("P", "+r": case ignored); o.font: the font of a name that has no
-- outline in the glyph table
function M.svg(letters, o)
  o = o or {}
  local cw, ch = o.width or 40, o.height or 44
  return el("svg", {"xmlns", "http://www.w3.org/2000/svg", "viewBox", "0 0 " .. cw .. " " .. ch,
    "width", cw, "height", ch}, kanji_piece(letters, cw, ch, NEAR, o.font)) .. "\n"
end

--- icon_marks(letters, cx, cy, w [, colours]) -> the marks of the piece's moves around the centre (cx, cy)
-- of a piece w wide, point up (colours: the far side's, inside this module); each mark has class step, range
-- or jump and data-dx, data-dy (dx > 0 to the owner's right, dy > 0 towards the opponent), so a test can read
-- the picture back
function M.icon_marks(letters, cx, cy, w, colours)
  colours = colours or NEAR
  local row = facts(letters)
  local ink = row.promoted and colours.promoted or colours.ink
  local s, r = w * 0.2, w * 0.055
  local out = {}
  for _, m in ipairs(row.moves) do
    local ux, uy = m.dx, -m.dy -- SVG's y runs down the page
    local data = {"class", m.kind, "data-dx", m.dx, "data-dy", m.dy}
    if m.kind == "range" then
      local len = sqrt(ux * ux + uy * uy)
      ux, uy = ux / len, uy / len
      local a, b, head = s * 0.55, s * 1.85, s * 0.55 -- the shaft's ends and the head's length, from the centre
      local tipx, tipy = cx + ux * b, cy + uy * b
      local basex, basey = cx + ux * (b - head), cy + uy * (b - head)
      local px, py = -uy * head * 0.55, ux * head * 0.55
      local shaft = el("line", {"x1", cx + ux * a, "y1", cy + uy * a, "x2", basex, "y2", basey,
        "stroke", ink, "stroke-width", w * 0.06, "stroke-linecap", "round"})
      local tip = el("path", {"d", "M" .. svg.num(tipx) .. "," .. svg.num(tipy) .. " L" .. svg.num(basex + px) .. ","
        .. svg.num(basey + py) .. " L" .. svg.num(basex - px) .. "," .. svg.num(basey - py) .. " Z", "fill", ink})
      data[#data + 1] = "fill"
      data[#data + 1] = ink
      out[#out + 1] = el("g", data, shaft .. tip)
    else
      local x, y = cx + ux * s, cy + uy * s
      if m.kind == "jump" then x, y = cx + ux * s * 0.8, cy + uy * s * 0.85 end
      data[#data + 1], data[#data + 2] = "cx", x
      data[#data + 1], data[#data + 2] = "cy", y
      data[#data + 1], data[#data + 2] = "r", r
      data[#data + 1], data[#data + 2] = "fill", ink
      out[#out + 1] = el("circle", data)
    end
  end
  if not row.promoted then -- the piece's own square, faint, so a lone step reads as a direction
    out[#out + 1] = el("circle", {"class", "centre", "cx", cx, "cy", cy, "r", r * 0.6, "fill", colours.edge})
  else
    out[#out + 1] = el("circle", {"class", "promoted", "cx", cx, "cy", cy, "r", r * 1.4, "fill", "none",
      "stroke", ink, "stroke-width", w * 0.045})
  end
  return el("g", {"class", "moves", "data-piece", row.usi}, concat(out))
end

--- icon_centre(cy, h) -> where an icon's marks centre in a piece of height h centred at cy: a
-- little below the middle, since the pentagon narrows towards its point
function M.icon_centre(cy, h) return cy + h * 0.07 end

-- one piece's icon in a cw x ch box at 0,0, point up
local function icon_piece(letters, cw, ch, colours)
  return shape(cw, ch, colours) .. M.icon_marks(letters, cw / 2, M.icon_centre(ch / 2, ch), cw, colours)
end

--- icon_svg(letters, o) -> the SVG text of one piece's icon in a square of o.width x o.height (40 x 44
-- unless given), pointing up
function M.icon_svg(letters, o)
  o = o or {}
  local cw, ch = o.width or 40, o.height or 44
  return el("svg", {"xmlns", "http://www.w3.org/2000/svg", "viewBox", "0 0 " .. cw .. " " .. ch,
    "width", cw, "height", ch}, icon_piece(letters, cw, ch, NEAR)) .. "\n"
end

--- set_svg(list, o) -> the SVG text of one picture of every piece of list (USI letters), each in a box of
-- o.width x o.height (40 x 44 unless given), side by side in the list's order: the first row pointing up,
-- the second turned to point down in the far side's tint (the colours the filter sepia(.25)
-- brightness(.93) gives); o.icons: the icons rather than the kanji.  A page shows the piece of column i
-- and row r of n as a background of size n x 2 boxes at (i / (n - 1), r) of its room.
function M.set_svg(list, o)
  o = o or {}
  local cw, ch = o.width or 40, o.height or 44
  local defs = {} -- each kanji's outline once, used by its two cells
  local function draw(letters, colours)
    if o.icons then return icon_piece(letters, cw, ch, colours) end
    return kanji_piece(letters, cw, ch, colours, nil, defs)
  end
  local cells = {}
  for i, letters in ipairs(list) do
    local x = (i - 1) * cw
    cells[#cells + 1] = el("g", {"transform", "translate(" .. x .. " 0)"}, draw(letters, NEAR))
    local turned = "translate(" .. x + cw .. " " .. 2 * ch .. ") rotate(180)"
    cells[#cells + 1] = el("g", {"transform", turned}, draw(letters, FAR))
  end
  local head = #defs > 0 and el("defs", {}, concat(defs)) or ""
  return el("svg", {"xmlns", "http://www.w3.org/2000/svg", "viewBox", "0 0 " .. #list * cw .. " " .. 2 * ch,
    "width", #list * cw, "height", 2 * ch}, head .. concat(cells)) .. "\n"
end

return M
