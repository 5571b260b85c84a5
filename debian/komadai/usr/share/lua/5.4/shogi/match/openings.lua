-- shogi.match.openings: the start positions of a match.
--   local list, msg = openings.load({file = F, order = "sequential"|"random", plies = N}, seed)
--   -> {{start = SFEN, moves = {usi...}, source = "F:LINE"}, ...} | nil, "F:LINE:COL: what"
-- A file holds one opening a line: an SFEN, "startpos", or a USI position line ("position sfen ...
-- moves ...", "startpos moves 7g7f 3c3d"); empty lines and lines starting with '#' are skipped.  A
-- game record (.kif .kifu .ki2 .csa .jkf) is one opening: its start and moves.  plies=N keeps the
-- first N moves.  Every move is replayed through the rules, so a bad opening stops the match before
-- it starts.  order=random shuffles the list with the match's seed, so shards agree.
local shogi = require "shogi"
local record = require "shogi.record"

local io, ipairs, math_random, math_randomseed = io, ipairs, math.random, math.randomseed
local string_find, string_format, string_gmatch, string_gsub, string_match = string.find, string.format,
  string.gmatch, string.gsub, string.match
local _ENV = nil -- luacheck: ignore 211

local M = {}

local RECORD = {kif = true, kifu = true, ki2 = true, ki2u = true, csa = true, jkf = true}

-- checks the moves from start, keeping the first plies; cols[i] is where move i is in the line
local function replay(start, moves, plies, where, cols)
  local g, msg = shogi.game(start)
  if not g then return nil, where .. ":1: " .. msg end
  local kept = {}
  for _, m in ipairs(moves) do
    if plies and #kept >= plies then break end
    local ok, why = g:is_legal(m)
    if not ok then
      return nil, string_format("%s:%d: move %d (%s) is illegal: %s", where, cols and cols[#kept + 1] or 1,
        #kept + 1, m, why)
    end
    g:play(m)
    kept[#kept + 1] = m
  end
  return {start = g:start():sfen(), moves = kept}
end

local function parse_line(line, where, plies)
  local text = string_gsub(line, "^%s*position%s+", "")
  local head, rest = string_match(text, "^(.-)%s+moves%s+(.*)$")
  if not head then head = string_match(text, "^(.-)%s*$") end
  local moves, cols = {}, {}
  local at = rest and #line - #rest or #line -- rest is the line's tail
  for pos, m in string_gmatch(rest or "", "()(%S+)") do
    moves[#moves + 1] = m
    cols[#cols + 1] = at + pos
  end
  head = string_gsub(head, "^sfen%s+", "")
  return replay(head, moves, plies, where, cols)
end

local function shuffle(list, seed)
  math_randomseed(seed)
  for i = #list, 2, -1 do
    local j = math_random(i)
    list[i], list[j] = list[j], list[i]
  end
end

function M.load(spec, seed)
  local file = spec.file
  local ext = string_match(file, "%.(%w+)$")
  local list = {}
  if ext and RECORD[ext:lower()] then
    local g, msg = record.read(file)
    if not g then return nil, msg end
    local o, err = replay(g:start():sfen(), g:moves(), spec.plies, file)
    if not o then return nil, err end
    o.source = file
    list[1] = o
  else
    local f, err = io.open(file, "r")
    if not f then return nil, file .. ":1:1: cannot open the openings: " .. err end
    local n = 0
    for line in f:lines() do
      n = n + 1
      if string_find(line, "%S") and not string_find(line, "^%s*#") then
        local where = file .. ":" .. n
        local o, msg = parse_line(line, where, spec.plies)
        if not o then
          f:close()
          return nil, msg
        end
        o.source = where
        list[#list + 1] = o
      end
    end
    f:close()
    if #list == 0 then return nil, file .. ":1:1: no openings in the file" end
  end
  if spec.order == "random" then shuffle(list, seed or 1) end
  return list
end

return M
