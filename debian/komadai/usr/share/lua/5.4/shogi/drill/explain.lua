-- What a drill tells the student, in the student's style: move names from the
-- core's notation (western with :style letters, japanese with :style kanji),
-- pieces and squares from the core's tables, sente and gote for the sides,
-- scores with their unit; and what a wrong move costs, read from the search's
-- answer to it.
--   move(pos, m, style [, prev]), line(pos, moves, style), piece(variant, letters, style),
--   square(sq, style), side(c), score(cp), verdict(v), cost(pos, usi, before_cp, reply, style)
local core = require "shogi.core"

local ipairs, pcall, tostring = ipairs, pcall, tostring
local string_format, string_upper, string_sub = string.format, string.upper, string.sub
local table_concat, table_remove = table.concat, table.remove
local math_abs = math.abs
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.SIDE = {b = "sente", w = "gote"}
M.MATE_SCORE = 30000 -- shogi.drill.oracle's mate scores: +-(30000 - plies)
M.LINE_PLIES = 7     -- how far into the search's line a material loss is looked for

function M.side(c) return M.SIDE[c] or tostring(c) end

--- the core's notation for a style
function M.notation(style) return style == "kanji" and "japanese" or "western" end

--- a move's name in the style (the core's notation; USI if it cannot name it)
function M.move(pos, m, style, prev)
  local ok, name = pcall(pos.move_name, pos, m, M.notation(style), prev)
  return ok and name or m
end

--- moves played from pos, named in turn; western names carry their side
-- ("gote Gx5b, sente K-4a"), japanese ones their ▲ △ marks
function M.line(pos, moves, style)
  local out, prev = {}, nil
  for i, m in ipairs(moves) do
    local name = M.move(pos, m, style, prev)
    if style ~= "kanji" then name = M.side(pos:side()) .. " " .. name end
    out[i] = name
    pos, prev = pos:after(m), m
  end
  return table_concat(out, ", ")
end

--- a piece's name: "silver" (letters) or 銀 (kanji)
function M.piece(variant, letters, style)
  local u = string_upper(letters)
  if style == "kanji" then
    local ok, name = pcall(core.piece_name, u, "japanese")
    if ok then return name end
  end
  local row = core.pieces(variant)[u]
  return row and row.english or letters
end

--- a square's name: 4c (letters) or ４三 (kanji)
function M.square(sq, style)
  if style == "kanji" then
    local ok, name = pcall(core.square_name, sq, "japanese")
    if ok then return name end
  end
  return sq
end

--- a score with its unit: "+300 cp", "-90 cp", "mate in 5", "mated in 4"
function M.score(cp)
  if math_abs(cp) > M.MATE_SCORE - 1000 then
    local plies = M.MATE_SCORE - math_abs(cp)
    return string_format(cp > 0 and "mate in %d" or "mated in %d", plies)
  end
  return string_format("%+d cp", cp)
end

--- a game's verdict in sente/gote words
function M.verdict(v)
  if v.winner then
    return string_format("%s wins by %s", M.side(v.winner), tostring(v.reason or v.outcome))
  end
  return string_format("a draw by %s", tostring(v.reason or v.outcome))
end

local function article(word)
  return (string_sub(word, 1, 1)):find("[aeiou]") and ("an " .. word) or ("a " .. word)
end

-- "a silver", "a silver and a pawn", "two pawns"
local function pieces_text(variant, list, style)
  local counts, order = {}, {}
  for _, l in ipairs(list) do
    if not counts[l] then counts[l] = 0; order[#order + 1] = l end
    counts[l] = counts[l] + 1
  end
  local parts = {}
  for _, l in ipairs(order) do
    local name = M.piece(variant, l, style)
    if style == "kanji" then parts[#parts + 1] = counts[l] > 1 and (name .. "×" .. counts[l]) or name
    elseif counts[l] == 1 then parts[#parts + 1] = article(name)
    else parts[#parts + 1] = string_format("%d %ss", counts[l], name) end
  end
  return table_concat(parts, " and ")
end

-- the pieces each side has captured along a line, equal ones cancelled:
-- lost (the student's), won (the opponent's)
local function exchange(pos, line, student)
  local lost, won = {}, {}
  for _, m in ipairs(line) do
    local to = m:match("(%d%a)%+?$")
    local there = to and pos:at(to)
    if there then
      local letters = string_upper(there)
      if pos:side() == student then won[#won + 1] = letters else lost[#lost + 1] = letters end
    end
    pos = pos:after(m)
  end
  for i = #lost, 1, -1 do
    for j = #won, 1, -1 do
      if won[j] == lost[i] then table_remove(won, j); table_remove(lost, i); break end
    end
  end
  return lost, won
end

--- cost(pos, usi, before, reply, style) -> {text =, line = {USI...}}: what the
-- wrong move usi costs.  before: the student's score of the best move (cp);
-- reply: the search's answer in the position after usi ({cp =, mate =, pv =},
-- the opponent's view).  The line shown is the opponent's reply and, when
-- needed, the moves up to the mate or up to the last capture of a material
-- loss; when the loss is not in material, the reply alone and the scores.
function M.cost(pos, usi, before, reply, style)
  local after = pos:after(usi)
  local student = pos:side()
  local pv = reply.pv or {reply.move}
  local now = -(reply.cp or 0)
  local scores = string_format("the position goes from %s to %s for %s", M.score(before), M.score(now),
    M.side(student))
  if reply.mate and reply.mate > 0 then
    local line = {}
    for i = 1, reply.mate do line[i] = pv[i] end
    return {line = line, text = string_format("%s allows mate in %d: %s", M.move(pos, usi, style), reply.mate,
      M.line(after, line, style))}
  end
  -- the shortest start of the line that holds its whole material loss
  local window = {}
  for i = 1, M.LINE_PLIES do window[i] = pv[i] end
  local lost, won = exchange(after, window, student)
  if #lost > 0 then
    for n = 1, #window do
      local cut = {}
      for i = 1, n do cut[i] = window[i] end
      local l, w = exchange(after, cut, student)
      if #l == #lost and #w == #won then
        local what = pieces_text(pos:variant(), lost, style)
        if #won > 0 then what = what .. " for " .. pieces_text(pos:variant(), won, style) end
        return {line = cut, text = string_format("%s loses %s: %s (%s)", M.move(pos, usi, style), what,
          M.line(after, cut, style), scores)}
      end
    end
  end
  local line = {pv[1]}
  if not pv[1] then return {line = {}, text = string_format("%s: %s", M.move(pos, usi, style), scores)} end
  return {line = line, text = string_format("%s: %s answers %s; %s", M.move(pos, usi, style), M.side(after:side()),
    M.move(after, pv[1], style), scores)}
end

return M
