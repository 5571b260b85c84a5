-- Problem sheets: numbered tsume diagrams several to an A4 page, each with
-- its title and length, then the solutions in Japanese notation on the last
-- page(s).
--   sheet.pages(problems, opts) -> {page_svg, ...}
-- problems: a list of {position = pos | SFEN, title =, author =, length =,
-- solution = {usi, ...}} (what shogi.diagram.input.load_all gives).  A problem
-- with no solution is given to shogi.solve (opts.nodes, 2 000 000 by default)
-- for its length and line.
-- opts: per_page (6), solutions (false), title (the heading of every page),
-- style ("kanji"), nodes.
local board = require "shogi.diagram.board"
local svg = require "shogi.diagram.svg"

local error, ipairs, pairs, require, tostring, type = error, ipairs, pairs, require, tostring, type
local concat, string_format = table.concat, string.format
local math_ceil, math_min, math_type = math.ceil, math.min, math.type
local utf8_codes = utf8.codes
local el, esc, num = svg.el, svg.escape, svg.num
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- an A4 page in tenths of a millimetre
local PAGE_W, PAGE_H, MARGIN, HEAD_H = 2100, 2970, 130, 150
local SOL_FONT, SOL_LINE = 38, 60
local KNOWN = {per_page = true, solutions = true, title = true, style = true, nodes = true}

local function bad(what) error("bad argument #2 to 'sheet' (" .. what .. ")", 4) end

local function check(problems, opts)
  if type(problems) ~= "table" then
    error("bad argument #1 to 'sheet' (list of problems expected, got " .. type(problems) .. ")", 4)
  end
  if opts ~= nil and type(opts) ~= "table" then bad("options table expected, got " .. type(opts)) end
  local o = {per_page = 6, solutions = false, style = "kanji", nodes = 2000000}
  for k, v in pairs(opts or {}) do
    if not KNOWN[k] then
      bad("unknown option '" .. tostring(k) .. "' (known: nodes, per_page, solutions, style, title)")
    end
    o[k] = v
  end
  if math_type(o.per_page) ~= "integer" and not (type(o.per_page) == "number" and o.per_page % 1 == 0)
    or o.per_page < 1 or o.per_page > 20 then
    bad("per_page must be a whole number from 1 to 20, got '" .. tostring(o.per_page) .. "'")
  end
  o.per_page = o.per_page // 1
  if o.style ~= "kanji" and o.style ~= "western" and o.style ~= "icons" then
    bad("style must be \"kanji\", \"western\" or \"icons\"")
  end
  if o.style == "icons" then o.style, o.icons = "kanji", true end
  return o
end

-- the problem's position, length and line (solving when the problem has none)
local function complete(p, i, o)
  if type(p) ~= "table" then error(string_format("bad argument #1 to 'sheet' (problem %d is not a table)", i), 4) end
  local shogi = require "shogi"
  local pos = p.position
  if type(pos) == "string" or pos == nil then
    local msg
    pos, msg = shogi.position(pos or "")
    if not pos then error(string_format("sheet: problem %d: %s", i, tostring(msg)), 4) end
  end
  local out = {position = pos, title = p.title, author = p.author, length = p.length, solution = p.solution,
    prompt = p.prompt, goal = p.goal}
  if not out.solution and (p.goal == nil or p.goal == "mate") then
    local r = shogi.solve(pos, {nodes = o.nodes})
    if r.status == "mate" then out.solution, out.length = r.pv, r.length end
  end
  return out
end

local function page(title, body, id)
  return '<?xml version="1.0" encoding="UTF-8"?>\n' .. el("svg", {"xmlns", "http://www.w3.org/2000/svg",
    "version", "1.1", "width", "210mm", "height", "297mm", "viewBox", "0 0 " .. PAGE_W .. " " .. PAGE_H,
    "role", "img", "aria-labelledby", id .. "-title", "xml:lang", "ja",
    "font-family", require("shogi.diagram").FONT_FAMILY},
    "\n" .. el("title", {"id", id .. "-title"}, esc(title)) .. "\n" ..
    el("rect", {"width", PAGE_W, "height", PAGE_H, "fill", "#fff"}) .. "\n" .. body .. "\n") .. "\n"
end

local function heading(text, page_no, pages)
  local parts = {}
  if text then
    parts[#parts + 1] = el("text", {"class", "heading", "x", PAGE_W / 2, "y", MARGIN + 50, "font-size", 64,
      "text-anchor", "middle"}, esc(text))
  end
  parts[#parts + 1] = el("text", {"class", "page-number", "x", PAGE_W / 2, "y", PAGE_H - MARGIN / 2,
    "font-size", 34, "text-anchor", "middle"}, esc(string_format("%d / %d", page_no, pages)))
  return concat(parts)
end

local function length_text(p, style)
  if p.goal and p.goal ~= "mate" then
    local side = p.position:side() == "b" and (style == "kanji" and "先手番" or "sente to move")
      or (style == "kanji" and "後手番" or "gote to move")
    return p.prompt and (side .. ": " .. p.prompt) or side
  end
  if not p.length then return style == "kanji" and "手数不明" or "length unknown" end
  return style == "kanji" and require("shogi.tsume").stipulation("tsume", p.length) or ("mate in " .. p.length)
end

local function number_text(n, style)
  return style == "kanji" and ("第" .. n .. "問") or ("No. " .. n)
end

-- one page of diagrams, problems first..last
local function problem_page(problems, first, last, o, page_no, pages)
  local per = o.per_page
  local cols = per <= 2 and 1 or 2
  local rows = math_ceil(per / cols)
  local top = MARGIN + (o.title and HEAD_H or 0)
  local cell_w, cell_h = (PAGE_W - 2 * MARGIN) / cols, (PAGE_H - MARGIN - top - 40) / rows
  local parts = {heading(o.title, page_no, pages)}
  for i = first, last do
    local p = problems[i]
    local k = i - first
    local col, row = k % cols, k // cols
    local title = number_text(i, o.style) .. (p.title and ("　" .. p.title) or "")
    local caption = length_text(p, o.style) .. (p.author and ("　" .. p.author) or "")
    local d = board.draw(p.position, {style = o.style, coords = o.style == "kanji" and "japanese" or "western",
      icons = o.icons, hands = true, flip = false, title = title, caption = caption}, "p" .. i)
    local s = math_min(cell_w / d.width, cell_h / d.height) * 0.96
    local x = MARGIN + col * cell_w + (cell_w - d.width * s) / 2
    local y = top + row * cell_h + (cell_h - d.height * s) / 2
    parts[#parts + 1] = el("g", {"class", "problem", "data-number", i, "aria-label", title .. "　" .. caption,
      "transform", string_format("translate(%s %s) scale(%s)", num(x), num(y), num(s))}, "\n" .. d.body .. "\n")
  end
  return page(o.title or "詰将棋", concat(parts, "\n"), "page" .. page_no)
end

-- the width of text in full-width characters (ASCII counts half)
local function text_width(s)
  local w = 0
  for _, c in utf8_codes(s) do w = w + (c < 128 and 0.55 or 1) end
  return w
end

-- the solution of one problem as words: "第1問（11手詰）", "▲７八金", "△同　玉", ...
local function solution_words(p, i, o)
  local words = {o.style == "kanji" and (number_text(i, o.style) .. "（" .. length_text(p, o.style) .. "）")
    or (number_text(i, o.style) .. " (" .. length_text(p, o.style) .. ")")}
  if not p.solution then
    words[2] = o.style == "kanji" and "（解答なし）" or "(no solution)"
    return words
  end
  local pos, prev = p.position, nil
  for _, m in ipairs(p.solution) do
    words[#words + 1] = pos:move_name(m, o.style == "kanji" and "japanese" or "western", prev)
    prev = m
    pos = pos:after(m)
  end
  if o.style == "kanji" then words[#words] = words[#words] .. "まで" end
  return words
end

-- words into lines no wider than width (in full-width characters)
local function wrap(words, width)
  local lines, line, w = {}, {}, 0
  for _, word in ipairs(words) do
    local ww = text_width(word) + 1
    if #line > 0 and w + ww > width then
      lines[#lines + 1] = concat(line, " ")
      line, w = {}, 0
    end
    line[#line + 1] = word
    w = w + ww
  end
  if #line > 0 then lines[#lines + 1] = concat(line, " ") end
  return lines
end

-- the solution pages: one line or more per problem
local function solution_pages(problems, o, first_page, pages)
  local top = MARGIN + HEAD_H
  local per_page_lines = (PAGE_H - top - MARGIN - 40) // SOL_LINE
  local width = (PAGE_W - 2 * MARGIN) / SOL_FONT
  local blocks = {}
  for i, p in ipairs(problems) do blocks[i] = wrap(solution_words(p, i, o), width) end
  local out, lines, page_lines = {}, {}, 0
  local function flush()
    local head = o.style == "kanji" and "解答" or "Solutions"
    if o.title then head = o.title .. "　" .. head end
    local parts = {heading(head, first_page + #out, pages)}
    for k, line in ipairs(lines) do
      parts[#parts + 1] = el("text", {"class", "solution", "x", MARGIN, "y", top + SOL_LINE * k,
        "font-size", SOL_FONT}, esc(line))
    end
    out[#out + 1] = page(head, concat(parts, "\n"), "page" .. (first_page + #out))
    lines, page_lines = {}, 0
  end
  for _, block in ipairs(blocks) do
    if page_lines > 0 and page_lines + #block > per_page_lines then flush() end
    for _, l in ipairs(block) do lines[#lines + 1] = l end
    lines[#lines + 1] = ""
    page_lines = page_lines + #block + 1
  end
  flush()
  return out
end

-- how many solution pages (the same walk as solution_pages, counting)
local function count_solution_pages(problems, o)
  local top = MARGIN + HEAD_H
  local per_page_lines = (PAGE_H - top - MARGIN - 40) // SOL_LINE
  local width = (PAGE_W - 2 * MARGIN) / SOL_FONT
  local n, used = 1, 0
  for i, p in ipairs(problems) do
    local k = #wrap(solution_words(p, i, o), width)
    if used > 0 and used + k > per_page_lines then n, used = n + 1, 0 end
    used = used + k + 1
  end
  return n
end

--- pages(problems [, opts]) -> {svg, ...}
function M.pages(problems, opts)
  local o = check(problems, opts)
  local list = {}
  for i, p in ipairs(problems) do list[i] = complete(p, i, o) end
  if #list == 0 then error("bad argument #1 to 'sheet' (no problems)", 3) end
  local problem_pages = math_ceil(#list / o.per_page)
  local total = problem_pages + (o.solutions and count_solution_pages(list, o) or 0)
  local out = {}
  for k = 1, problem_pages do
    local first = (k - 1) * o.per_page + 1
    out[k] = problem_page(list, first, math_min(#list, first + o.per_page - 1), o, k, total)
  end
  if o.solutions then
    for _, s in ipairs(solution_pages(list, o, problem_pages + 1, total)) do out[#out + 1] = s end
  end
  return out
end

return M
