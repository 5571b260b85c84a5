-- One shogi piece drawn on its own: the five-sided shape that points at the
-- opponent, and its name on it (the one-character kanji of printed diagrams,
-- a promoted piece's name in red).  The board diagram takes its outline from
-- here, and the web board's piece images are these pictures
-- (scripts/web-pieces), so a piece is drawn in one place.
--   piece.outline(cx, cy, w, h) -> the SVG path of a piece's shape around (cx, cy), point up
--   piece.svg("+P", {font = "serif"}) -> a standalone SVG document of one piece, point up
--   piece.icon_marks("N", cx, cy, w) -> SVG elements showing how the piece moves, point up
--   piece.icon_svg("+B") -> a standalone SVG document of one piece's icon, point up
-- An icon draws the core's movement table (core.pieces(v)[letters].moves): a dot
-- for each one-square step, an arrow for each line it ranges along, a dot for
-- each jump (the knight's two); a promoted piece is red with a ring at its centre.
local core = require "shogi.core"
local pieces = require "shogi.diagram.pieces"
local svg = require "shogi.diagram.svg"

local concat, ipairs, sqrt = table.concat, ipairs, math.sqrt
local el, esc = svg.el, svg.escape
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.INK, M.PROMOTED_INK = "#000", "#c0392b"
M.WOOD, M.EDGE = "#f3d58f", "#7a5a26"
M.W, M.H = 0.76, 0.84 -- the shape's width and height, in parts of a square's

--- outline(cx, cy, w, h) -> path data of a piece's shape of that size centred at (cx, cy), point up
function M.outline(cx, cy, w, h)
  local pts = {{0, -h / 2}, {w * 0.4, -h * 0.3}, {w / 2, h / 2}, {-w / 2, h / 2}, {-w * 0.4, -h * 0.3}}
  local d = {}
  for i, p in ipairs(pts) do d[i] = (i == 1 and "M" or "L") .. svg.num(cx + p[1]) .. "," .. svg.num(cy + p[2]) end
  return concat(d, " ") .. " Z"
end

--- svg(letters, o) -> the SVG text of one piece in a square of o.width x o.height (40 x 44 unless
-- given), pointing up; letters as USI ("P", "+r": case ignored); o.font the font family
function M.svg(letters, o)
  o = o or {}
  local cw, ch = o.width or 40, o.height or 44
  local promoted = core.pieces()[letters:upper()].promoted
  local fs = cw * 0.62
  local shape = el("path", {"d", M.outline(cw / 2, ch / 2, cw * M.W, ch * M.H), "fill", M.WOOD,
    "stroke", M.EDGE, "stroke-width", 1.2, "stroke-linejoin", "round"})
  local name = el("text", {"x", cw / 2, "y", ch / 2 + ch * 0.06 + fs * 0.36, "font-size", fs,
    "font-family", o.font or "serif", "text-anchor", "middle", "fill", promoted and M.PROMOTED_INK or M.INK},
    esc(pieces.name(letters:upper(), "kanji")))
  return el("svg", {"xmlns", "http://www.w3.org/2000/svg", "viewBox", "0 0 " .. cw .. " " .. ch,
    "width", cw, "height", ch}, shape .. name) .. "\n"
end

-- the row of a piece in whichever variant has it (movement does not depend on the variant)
local function facts(letters)
  local u = letters:upper()
  return core.pieces("standard")[u] or core.pieces("sho")[u]
end

--- icon_marks(letters, cx, cy, w) -> the marks of the piece's moves around the centre (cx, cy) of a
-- piece w wide, point up; each mark has class step, range or jump and data-dx, data-dy (dx > 0 to
-- the owner's right, dy > 0 towards the opponent), so a test can read the picture back
function M.icon_marks(letters, cx, cy, w)
  local row = facts(letters)
  local ink = row.promoted and M.PROMOTED_INK or M.INK
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
    out[#out + 1] = el("circle", {"class", "centre", "cx", cx, "cy", cy, "r", r * 0.6, "fill", M.EDGE})
  else
    out[#out + 1] = el("circle", {"class", "promoted", "cx", cx, "cy", cy, "r", r * 1.4, "fill", "none",
      "stroke", ink, "stroke-width", w * 0.045})
  end
  return el("g", {"class", "moves", "data-piece", row.usi}, concat(out))
end

--- icon_centre(cy, h) -> where an icon's marks centre in a piece of height h centred at cy: a
-- little below the middle, since the pentagon narrows towards its point
function M.icon_centre(cy, h) return cy + h * 0.07 end

--- icon_svg(letters, o) -> the SVG text of one piece's icon in a square of o.width x o.height (40 x 44
-- unless given), pointing up
function M.icon_svg(letters, o)
  o = o or {}
  local cw, ch = o.width or 40, o.height or 44
  local shape = el("path", {"d", M.outline(cw / 2, ch / 2, cw * M.W, ch * M.H), "fill", M.WOOD,
    "stroke", M.EDGE, "stroke-width", 1.2, "stroke-linejoin", "round"})
  return el("svg", {"xmlns", "http://www.w3.org/2000/svg", "viewBox", "0 0 " .. cw .. " " .. ch,
    "width", cw, "height", ch}, shape .. M.icon_marks(letters, cw / 2, M.icon_centre(ch / 2, ch), cw)) .. "\n"
end

return M
