-- shogi.analyse.graph: the score over a game as SVG (sente's advantage up, gote's down), the moves
-- the analysis labelled marked in red with their ply, name and loss as a tooltip.
--   local svg = require("shogi.analyse.graph").svg(report, {width = 720, height = 260, range = 2000})
local ipairs, math_max, math_min, string_format, table_concat, tostring = ipairs, math.max, math.min,
  string.format, table.concat, tostring
local string_gsub = string.gsub
local _ENV = nil -- luacheck: ignore 211

local M = {}

local function esc(s)
  return (string_gsub(tostring(s), "[&<>\"]", {["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;"}))
end

--- svg(report [, opts]) -> SVG text.  opts: width, height (pixels), range (the centipawns at the top and
-- bottom edges; scores past it are drawn at the edge), title.
function M.svg(report, opts)
  opts = opts or {}
  local w, h = opts.width or 720, opts.height or 260
  local range = opts.range or 2000
  local left, right, top, bottom = 48, 12, 24, 28
  local pw, ph = w - left - right, h - top - bottom
  local n = #report.plies
  local function x(ply) return left + (n > 0 and pw * ply / n or 0) end
  local function y(cp)
    local v = math_max(-range, math_min(range, cp))
    return top + ph / 2 - (ph / 2) * v / range
  end
  local out = {}
  local function add(...) out[#out + 1] = string_format(...) end
  add('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" ' ..
    'font-family="sans-serif" font-size="11">', w, h, w, h)
  add('<title>%s</title>', esc(opts.title or "evaluation over the game (sente up)"))
  add('<rect width="%d" height="%d" fill="#fff"/>', w, h)
  -- the frame, the zero line and the score marks
  add('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>', left, top, pw, ph)
  for _, v in ipairs({range, range / 2, 0, -range / 2, -range}) do
    add('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="%s"/>', left, left + pw, y(v), y(v),
      v == 0 and "#555" or "#ddd")
    add('<text x="%d" y="%.1f" text-anchor="end">%s%d</text>', left - 4, y(v) + 4, v > 0 and "+" or "", v)
  end
  local step = n > 200 and 50 or n > 80 and 20 or 10
  for ply = 0, n, step do
    add('<text x="%.1f" y="%d" text-anchor="middle">%d</text>', x(ply), h - 10, ply)
  end
  add('<text x="%d" y="14">%s</text>', left, esc(report.engine or ""))
  -- the curve: the start's score, then the score after each move
  local pts = {string_format("%.1f,%.1f", x(0), y(report.start or 0))}
  for _, e in ipairs(report.plies) do pts[#pts + 1] = string_format("%.1f,%.1f", x(e.ply), y(e.score)) end
  add('<polyline fill="none" stroke="#1f5fbf" stroke-width="1.5" points="%s"/>', table_concat(pts, " "))
  for _, e in ipairs(report.plies) do
    if e.label then
      add('<circle cx="%.1f" cy="%.1f" r="%d" fill="%s" class="blunder"><title>%d %s %s (lost %d)</title></circle>',
        x(e.ply), y(e.score), e.label == "悪手" and 4 or 3, e.label == "悪手" and "#d00" or "#e80", e.ply,
        esc(e.name), esc(e.label), e.loss)
    end
  end
  add('</svg>')
  return table_concat(out, "\n") .. "\n"
end

return M
