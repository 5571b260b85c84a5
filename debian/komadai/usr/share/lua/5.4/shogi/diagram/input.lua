-- What scripts/diagram draws, read from the names it is given:
--   an SFEN (or "startpos", "sho", a handicap name); one the standard rules refuse is read
--     as Sho shogi if Sho reads it (so an SFEN with E, the drunken elephant, needs no flag)
--   a tsume problem file (a Lua file returning {position =, title =, solution = ...}, see shogi.tsume.load)
--   a record (anything shogi.read reads); "game.kif:45" is the position after 45 moves
--   a position list (a drill): one SFEN a line, or a TSV with a header naming the columns
--     sfen (or position) and any of id, title, mate_length (or length), solution (USI moves)
--     ("list.tsv:3" is its third position)
-- Each gives items {position = pos, game = g | nil, title =, author =,
-- solution = {usi, ...} | nil, length = n | nil, source = name}.
--   input.load(spec)         -> item | nil, msg      (one position; a whole record: its end)
--   input.load_all(spec)     -> {item, ...} | nil, msg (a sheet's problems; a whole record that ends
--                               in mate: its start, its moves the solution, as tsume records are
--                               written; any other record: its end)
local core = require "shogi.core"

local io_open = io.open
local ipairs, pcall, require, tonumber, tostring, type = ipairs, pcall, require, tonumber, tostring, type
local string_format, string_gmatch = string.format, string.gmatch
local _ENV = nil -- luacheck: ignore 211

local M = {}

local function exists(name)
  local f = io_open(name, "r")
  if not f then return false end
  f:close()
  return true
end

local function basename(name) return (name:match("([^/]+)$") or name) end

-- moves in any notation the positions read, as USI, from pos on; nil, msg if one is not legal
local function usi_line(pos, moves, src)
  local out, p = {}, pos
  for i, m in ipairs(moves) do
    local usi = p:parse_move(m)
    local ok, nxt = pcall(p.after, p, usi or m)
    if not usi or not ok then
      return nil, string_format("%s: solution move %d (%s) is not a legal move", src, i, tostring(m))
    end
    out[i] = usi
    p = nxt
  end
  return out
end

-- a drill file (shogi.drill): one item per exercise, with its prompt and the side to move
local function drill_file(name)
  local ok, drill = pcall(require, "shogi.drill")
  if not ok then return nil end
  local d = drill.load(name)
  if not d then return nil end
  local items = {}
  for i, ex in ipairs(d.exercises) do
    if not ex.position then return nil, string_format("%s: exercise %d: %s", name, i, tostring(ex.faults[1])) end
    local item = {position = ex.position, title = ex.title or string_format("%s %d", d.title, ex.n),
      author = d.author, prompt = ex.prompt, side = ex.position:side(), goal = ex.goal, source = name}
    if ex.goal == "mate" then
      item.length = ex.length or (#ex.answers > 1 and #ex.answers or nil)
      if #ex.answers > 1 then item.solution = ex.answers end
    end
    items[i] = item
  end
  return items
end

local function problem_file(name)
  local tsume = require "shogi.tsume"
  local problem, msg = tsume.load(name)
  if not problem then
    local items = drill_file(name)
    if items then return items end
    return nil, msg
  end
  local pos, perr = core.position(problem.position)
  if not pos then return nil, name .. ": " .. perr end
  if problem.fill_hand then pos = core.tsume_fill(pos, problem.attacker or pos:side()) end
  local item = {position = pos, title = problem.title, author = problem.author, source = name}
  if problem.solution then
    local line, lerr = usi_line(pos, problem.solution, name)
    if not line then return nil, lerr end
    item.solution, item.length = line, #line
  end
  return {item}
end

local function record_title(g, name)
  local h = g:info().headers or {}
  local t = h["表題"] or h["棋戦"] or h["title"]
  if t and t ~= "" then return t end
  local b, w = h["先手"] or h["下手"], h["後手"] or h["上手"]
  if b and b ~= "" and w and w ~= "" then return b .. " - " .. w end
  return basename(name)
end

-- a record: whole (upto nil) or the position after upto moves
local function record_file(name, upto, as_problem)
  local g, msg = require("shogi").read(name)
  if not g then return nil, msg end
  local moves = g:moves()
  local item = {title = record_title(g, name), source = name}
  local h = g:info().headers or {}
  -- a tsume record (手合割：詰将棋, or on a sheet a record ending in mate): its start is the diagram,
  -- its title and 作者 the diagram's title and caption, its moves (when they mate) the solution
  local tsume = tostring(h["手合割"] or ""):find("詰", 1, true) ~= nil
  if upto == nil and ((as_problem and g:is_mate()) or tsume) then
    item.position = g:start()
    item.author = h["作者"] ~= "" and h["作者"] or nil
    if #moves > 0 and g:is_mate() then item.solution, item.length = moves, #moves end
    return {item}
  end
  upto = upto or #moves
  if upto > #moves then
    return nil, string_format("%s: the record has %d moves, not %d", name, #moves, upto)
  end
  local game = require("shogi.game").new(g:start())
  for i = 1, upto do game:play(moves[i]) end
  item.game, item.position = game, game:position()
  if upto < #moves or as_problem then item.title = item.title .. string_format(" (%d)", upto) end
  return {item}
end

local function split_tabs(line)
  local t = {}
  for f in string_gmatch(line .. "\t", "([^\t]*)\t") do t[#t + 1] = f end
  return t
end

local HEADER = {sfen = "sfen", position = "sfen", id = "id", title = "title", mate_length = "length",
  length = "length", solution = "solution", solution_usi_moves_if_known = "solution"}

-- a position list: one SFEN a line, or a TSV with a header
local function list_file(name, text)
  local items, columns = {}, nil
  local lineno = 0
  for line in string_gmatch(text, "([^\n]*)\n?") do
    lineno = lineno + 1
    line = line:gsub("\r$", "")
    if lineno == 1 and line:find("\t") and line:lower():find("sfen") then
      columns = {}
      for i, h in ipairs(split_tabs(line:lower())) do columns[i] = HEADER[h] end
    elseif line:find("%S") and not line:match("^%s*#") then
      local row = {}
      if columns then
        for i, f in ipairs(split_tabs(line)) do
          if columns[i] and f ~= "" then row[columns[i]] = f end
        end
      else
        row.sfen = line:match("^%s*(.-)%s*$")
      end
      local pos, msg = core.position(row.sfen or "")
      if not pos then return nil, string_format("%s:%d: %s", name, lineno, msg) end
      local item = {position = pos, title = row.title or row.id, length = tonumber(row.length or ""),
        source = string_format("%s:%d", name, lineno)}
      if row.solution and row.solution:find("%S") then
        local moves = {}
        for m in string_gmatch(row.solution, "%S+") do moves[#moves + 1] = m end
        local usi, uerr = usi_line(pos, moves, item.source)
        if not usi then return nil, uerr end
        item.solution, item.length = usi, item.length or #usi
      end
      items[#items + 1] = item
    end
  end
  if #items == 0 then return nil, name .. ":1:1: no positions in the list" end
  return items
end

local function read_text(name)
  local f = io_open(name, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

local function looks_like_list(name, text)
  if name:match("%.tsv$") or name:match("%.sfen$") then return true end
  local first = text:match("^([^\n]*)")
  return first:find("\t") ~= nil and first:lower():find("sfen") ~= nil
end

-- items of a file (a whole file; upto: a record's move count or a list's row)
local function file_items(name, upto, as_problem)
  if name:match("%.lua$") then
    local items, msg = problem_file(name)
    if not items or not upto then return items, msg end
    if #items == 1 then return nil, name .. ": a problem file has one position (no :N)" end
    if not items[upto] then return nil, string_format("%s: the drill has %d exercises, not %d", name, #items, upto) end
    return {items[upto]}
  end
  local text = read_text(name) or ""
  if looks_like_list(name, text) then
    local items, msg = list_file(name, text)
    if not items then return nil, msg end
    if upto then
      if not items[upto] then return nil, string_format("%s: the list has %d positions, not %d", name, #items, upto) end
      return {items[upto]}
    end
    return items
  end
  return record_file(name, upto, as_problem)
end

local function items_of(spec, as_problem)
  if type(spec) ~= "string" then
    return nil, "diagram: expected an SFEN or a file name, got " .. type(spec)
  end
  if exists(spec) then return file_items(spec, nil, as_problem) end
  local name, n = spec:match("^(.*):(%d+)$")
  if name and exists(name) then return file_items(name, tonumber(n), as_problem) end
  local shogi = require "shogi"
  local pos, msg = shogi.position(spec)
  -- an SFEN with the drunken elephant (E) is a Sho shogi position
  if not pos and spec:find("/", 1, true) then pos = shogi.position(spec, {variant = "sho"}) end
  if pos then return {{position = pos, source = "sfen"}} end
  if spec:find("/", 1, true) then return nil, msg end
  return nil, spec .. ":1:1: no such file, and not an SFEN (" .. msg .. ")"
end

--- load(spec) -> item | nil, msg
function M.load(spec)
  local items, msg = items_of(spec, false)
  if not items then return nil, msg end
  if #items > 1 then
    return nil, string_format("%s: the list has %d positions (name one: %s:1)", spec, #items, spec)
  end
  return items[1]
end

--- load_all(spec) -> {item, ...} | nil, msg
function M.load_all(spec) return items_of(spec, true) end

return M
