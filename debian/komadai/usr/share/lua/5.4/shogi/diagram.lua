-- Diagrams: a position or game drawn as SVG, in the look of a printed tsume
-- diagram, and written as SVG, PNG or PDF (PNG and PDF through rsvg-convert).
--   local diagram = require "shogi.diagram"     -- also shogi.diagram
--   local text = shogi.diagram(pos, {flip = true, marks = {"5e"}})
--   shogi.diagram.save(game, "board.png", {title = "第1図"})
--   shogi.diagram.save_sheet(problems, "sheet.pdf", {per_page = 6, solutions = true})
-- The drawing is in shogi.diagram.board, the problem sheets in
-- shogi.diagram.sheet, the files in shogi.diagram.output, reading what to
-- draw from the shell (SFEN, record:N, problem files) in shogi.diagram.input.
local core = require "shogi.core"
local board = require "shogi.diagram.board"
local output = require "shogi.diagram.output"
local svg = require "shogi.diagram.svg"

local error, ipairs, pairs, pcall, require, setmetatable = error, ipairs, pairs, pcall, require, setmetatable
local tostring, type, rawget = tostring, type, rawget
local getmetatable = getmetatable
local concat, sort, string_format = table.concat, table.sort, string.format
local math_type, math_floor = math.type, math.floor
local el, esc = svg.el, svg.escape
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.FONT_FAMILY = "'Noto Serif CJK JP', 'IPAexMincho', serif"

local DEFAULTS = {style = "kanji", flip = false, hands = true, size = 480}
local KNOWN = {"arrows", "caption", "coords", "flip", "hands", "last_move", "marks", "size", "style", "title"}
local is_known = {}
for _, k in ipairs(KNOWN) do is_known[k] = true end
M.options = KNOWN

local function bad(what, level)
  error("bad argument #2 to 'diagram' (" .. what .. ")", level + 1)
end

local function check_square(sq, what, level)
  if type(sq) ~= "string" or not sq:match("^[1-9][a-i]$") then
    bad(string_format("%s: bad square '%s' (like \"7g\": file 1-9, rank a-i)", what, tostring(sq)), level + 1)
  end
  return sq
end

-- a USI move's squares: {from = "7g" | nil, drop = "P" | nil, to = "7f"}; nil if not USI
local function usi_squares(m)
  if type(m) ~= "string" then return nil end
  local from, to, _, drop = core.usi_parts(m)
  if not to then return nil end
  return {from = from, to = to, drop = drop}
end

local function check_arrow(a, i, pos, level)
  local what = "arrows[" .. i .. "]"
  local spec
  if type(a) == "string" then
    spec = usi_squares(a)
    if not spec then bad(what .. ": '" .. a .. "' is not a USI move (like \"7g7f\" or \"G*5b\")", level + 1) end
  elseif type(a) == "table" then
    local from, to = a[1], a[2]
    local letter = type(from) == "string" and (from:match("^([PLNSGBRE])%*?$"))
    if letter then
      spec = {drop = letter, to = check_square(to, what, level + 1)}
    else
      spec = {from = check_square(from, what, level + 1), to = check_square(to, what, level + 1)}
    end
  else
    bad(what .. ": expected {from, to} or a USI move, got " .. type(a), level + 1)
  end
  if spec.drop then -- from the hand of the side to move, or else of the side that holds it
    local side = pos:side()
    local other = side == "b" and "w" or "b"
    if (pos:hand(side)[spec.drop] or 0) == 0 and (pos:hand(other)[spec.drop] or 0) > 0 then side = other end
    spec.side = side
  end
  return spec
end

-- the checked options, defaults filled in; raises (at level) for a bad one
local function check_options(opts, pos, last, level)
  if opts ~= nil and type(opts) ~= "table" then bad("options table expected, got " .. type(opts), level + 1) end
  opts = opts or {}
  local names = {}
  for k in pairs(opts) do names[#names + 1] = tostring(k) end
  sort(names)
  for _, k in ipairs(names) do
    if not is_known[k] then
      bad(string_format("unknown option '%s' (known: %s)", k, concat(KNOWN, ", ")), level + 1)
    end
  end
  local o = {}
  for k, v in pairs(DEFAULTS) do o[k] = v end
  for k, v in pairs(opts) do o[k] = v end
  if o.style ~= "kanji" and o.style ~= "western" and o.style ~= "icons" then
    bad("style must be \"kanji\", \"western\" or \"icons\", got '" .. tostring(o.style) .. "'", level + 1)
  end
  -- icons draw how each piece moves on the board; every word around them is kanji
  if o.style == "icons" then o.style, o.icons = "kanji", true end
  if o.coords == nil or o.coords == true then o.coords = o.style == "kanji" and "japanese" or "western" end
  if o.coords ~= false and o.coords ~= "japanese" and o.coords ~= "western" then
    bad("coords must be \"japanese\", \"western\" or false, got '" .. tostring(o.coords) .. "'", level + 1)
  end
  o.flip = o.flip and true or false
  o.hands = o.hands and true or false
  if type(o.size) ~= "number" or o.size < 16 or o.size > 20000 then
    bad("size must be a width in pixels from 16 to 20000, got '" .. tostring(o.size) .. "'", level + 1)
  end
  for _, k in ipairs({"title", "caption"}) do
    if o[k] ~= nil and type(o[k]) ~= "string" then bad(k .. " must be a string, got " .. type(o[k]), level + 1) end
    if o[k] == "" then o[k] = nil end
  end
  local lm = o.last_move
  if lm == nil then lm = last end
  if lm then
    o.last_move = usi_squares(lm)
    if not o.last_move then
      bad("last_move: '" .. tostring(lm) .. "' is not a USI move (like \"7g7f\" or \"P*5e\")", level + 1)
    end
  else
    o.last_move = nil
  end
  if o.marks ~= nil then
    if type(o.marks) ~= "table" then bad("marks must be a list of squares, got " .. type(o.marks), level + 1) end
    local marks = {}
    for i, sq in ipairs(o.marks) do marks[i] = check_square(sq, "marks[" .. i .. "]", level + 1) end
    o.marks = marks
  end
  if o.arrows ~= nil then
    if type(o.arrows) ~= "table" then bad("arrows must be a list of {from, to}, got " .. type(o.arrows), level + 1) end
    local arrows = {}
    for i, a in ipairs(o.arrows) do arrows[i] = check_arrow(a, i, pos, level + 1) end
    o.arrows = arrows
  end
  return o
end

local function metaname(x)
  local mt = getmetatable(x)
  return type(mt) == "table" and rawget(mt, "__name") or nil
end

-- the position to draw, its game's last move (nil for a position), or nil, msg
local function subject(x, level)
  if type(x) == "string" then
    local pos, msg = require("shogi").position(x)
    if not pos then return nil, msg end
    return pos
  end
  local name = metaname(x)
  if name == "shogi.game" then
    local moves = x:moves()
    return x:position(), moves[#moves]
  elseif name == "shogi.position" then
    return x
  end
  error("bad argument #1 to 'diagram' (position, game or SFEN expected, got " .. type(x) .. ")", level + 1)
end

--- svg_root(width_px, vw, vh, title, desc, body, id) -> a standalone SVG document
local function document(px, vw, vh, title, desc, body, id, lang)
  local h = px * vh / vw
  if math_type(px) == "integer" or px == math_floor(px) then h = math_floor(h + 0.5) end
  return '<?xml version="1.0" encoding="UTF-8"?>\n' .. el("svg", {"xmlns", "http://www.w3.org/2000/svg",
    "version", "1.1", "width", px, "height", h, "viewBox", "0 0 " .. svg.num(vw) .. " " .. svg.num(vh),
    "role", "img", "aria-labelledby", id .. "-title " .. id .. "-desc", "xml:lang", lang,
    "font-family", M.FONT_FAMILY},
    "\n" .. el("title", {"id", id .. "-title"}, esc(title)) .. "\n" .. el("desc", {"id", id .. "-desc"}, esc(desc))
    .. "\n" .. el("rect", {"width", vw, "height", vh, "fill", "#fff"}) .. "\n" .. body .. "\n") .. "\n"
end
M.document = document

--- drawing(x, opts [, id]) -> {width, height, body, desc, options} (for sheets; raises like diagram)
function M.drawing(x, opts, id, level)
  level = level or 1
  local pos, last = subject(x, level + 1)
  if not pos then return nil, last end
  local o = check_options(opts, pos, last, level + 1)
  local d = board.draw(pos, o, id or "kd")
  d.options = o
  d.position = pos
  return d
end

--- diagram(pos_or_game_or_sfen [, opts]) -> SVG text | nil, msg (a bad SFEN)
function M.diagram(x, opts)
  local d, msg = M.drawing(x, opts, "kd", 2)
  if not d then return nil, msg end
  local o = d.options
  local title = o.title or (o.style == "kanji" and "将棋の図" or "Shogi diagram")
  return document(o.size, d.width, d.height, title, d.desc, d.body, "kd", o.style == "kanji" and "ja" or "en")
end

--- save(pos_or_game, file, opts) -> true | nil, msg; the format from the name (.svg .png .pdf)
function M.save(x, file, opts)
  if type(file) ~= "string" then
    error("bad argument #2 to 'save' (file name expected, got " .. type(file) .. ")", 2)
  end
  local fmt, ferr = output.format_of(file)
  if not fmt then return nil, ferr end
  local text, msg = M.diagram(x, opts)
  if not text then return nil, msg end
  return output.write({text}, file)
end

--- sheet(problems [, opts]) -> array of page SVGs (shogi.diagram.sheet)
function M.sheet(problems, opts) return require("shogi.diagram.sheet").pages(problems, opts) end

--- save_sheet(problems, file [, opts]) -> true | nil, msg (a multi-page PDF, or one SVG/PNG per page)
function M.save_sheet(problems, file, opts)
  local ok, pages = pcall(M.sheet, problems, opts)
  if not ok then error(pages, 2) end
  return output.write(pages, file)
end

--- load(spec) -> item | nil, msg: what scripts/diagram reads (shogi.diagram.input)
function M.load(spec) return require("shogi.diagram.input").load(spec) end

--- load_all(spec) -> {item, ...} | nil, msg: the problems a sheet reads from one name
function M.load_all(spec) return require("shogi.diagram.input").load_all(spec) end

return setmetatable(M, {__call = function(_, ...) return M.diagram(...) end})
