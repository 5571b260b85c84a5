-- One shogi piece drawn on its own: the five-sided shape that points at the
-- opponent, and its name on it (the one-character kanji of printed diagrams,
-- a promoted piece's name in red).  The board diagram takes its outline from
-- here, and the web board's piece images are these pictures
-- (scripts/web-pieces), so a piece is drawn in one place.
--   piece.outline(cx, cy, w, h) -> the SVG path of a piece's shape around (cx, cy), point up
--   piece.svg("+P", {font = "serif"}) -> a standalone SVG document of one piece, point up
local core = require "shogi.core"
local pieces = require "shogi.diagram.pieces"
local svg = require "shogi.diagram.svg"

local concat, ipairs = table.concat, ipairs
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

return M
