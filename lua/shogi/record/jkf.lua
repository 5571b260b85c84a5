-- JKF, the JSON kifu format (json-kifu-format), through lua-cjson.
-- {header = {...}, initial = {preset = "HIRATE" | "KY" | ... | "OTHER", data = {board, color, hands}},
--  moves = {{comments}, {move = {from = {x, y}, to = {x, y}, piece = "FU", color = 0, promote,
--  same, capture}, time = {now = {m, s}, total = {h, m, s}}, comments, special, forks}, ...}}
-- Sho shogi: the header "種類": "小将棋" and the CSA names SZ (elephant) and TS (prince).
-- A move is handed to the core as the CSA text it stands for ("+7776FU", the piece
-- after the move), or as KIF text "同　歩(77)" when it gives no destination.
local common = require "shogi.record.common"

local ipairs, pairs, pcall, require, setmetatable, tonumber, tostring, type =
  ipairs, pairs, pcall, require, setmetatable, tonumber, tostring, type
local table_concat, table_insert, table_sort, floor = table.concat, table.insert, table.sort, math.floor
local quote = require("shogi.core").quote
local _ENV = nil -- luacheck: ignore 211

local M = {}

local preset_kif = {
  KY = "香落ち", KY_R = "右香落ち", KA = "角落ち", HI = "飛車落ち", HIKY = "飛香落ち",
  ["2"] = "二枚落ち", ["3"] = "三枚落ち", ["4"] = "四枚落ち", ["5"] = "五枚落ち",
  ["5_L"] = "左五枚落ち", ["6"] = "六枚落ち", ["7_L"] = "左七枚落ち", ["7_R"] = "右七枚落ち",
  ["8"] = "八枚落ち", ["10"] = "十枚落ち",
}

local function is_null(x) return x == nil or type(x) == "userdata" end

local function secs(t)
  if type(t) ~= "table" then return nil end
  return (tonumber(t.h) or 0) * 3600 + (tonumber(t.m) or 0) * 60 + (tonumber(t.s) or 0)
end

-- the usual coordinates' texts, looked up (a number key: 7 and 7.0 alike) before any format
local SMALL = {}
for i = 0, 9 do SMALL[i] = ("%d"):format(i) end

-- a coordinate as one digit ("0" for a missing or bad one, which the core refuses)
local function digit(x)
  local d = SMALL[x]
  if d then return d end
  local n = tonumber(x)
  return n and n == floor(n) and n >= 0 and n <= 9 and ("%d"):format(n) or "0"
end

local function num(x)
  local d = SMALL[x]
  if d then return d end
  local n = tonumber(x)
  return n and n == floor(n) and ("%d"):format(n) or "?"
end

local function describe(mv)
  local m = mv.move or {}
  local from = type(m.from) == "table" and (num(m.from.x) .. num(m.from.y)) or "00"
  local to = type(m.to) == "table" and (num(m.to.x) .. num(m.to.y)) or "??"
  return from .. to .. tostring(m.piece or "??") .. (m.promote == true and "+" or "")
end

-- the move's text in a notation the core reads, and that notation
local function move_text(m, variant)
  local t = common.pieces(variant)
  local row = t.by_csa[tostring(m.piece)]
  local sign = ""
  if m.color == 0 then sign = "+" elseif m.color == 1 then sign = "-" end
  if type(m.to) ~= "table" and m.same and row then
    local from = type(m.from) == "table" and ("(" .. digit(m.from.x) .. digit(m.from.y) .. ")") or "打"
    return "同" .. row.kanji .. (m.promote == true and "成" or "") .. from, "kif"
  end
  local piece = tostring(m.piece)
  if row and m.promote == true and row.promotes_to then piece = t[row.promotes_to].csa end
  local from = type(m.from) == "table" and (digit(m.from.x) .. digit(m.from.y)) or "00"
  local to = type(m.to) == "table" and (digit(m.to.x) .. digit(m.to.y)) or "00"
  return sign .. from .. to .. piece, "csa"
end

local function resolve(mv, pos, prev)
  local text, notation = move_text(mv.jkf, pos:variant())
  local usi, err = pos:parse_move(text, notation, prev)
  if not usi then return nil, tostring(err) end
  return usi
end

-- the text and notation the core plays a move in (record.lua's main line in one call)
local function play_text(mv, variant) return move_text(mv.jkf, variant) end

local function foul(mv, pos, prev)
  local text, notation = move_text(mv.jkf, pos:variant())
  return common.foul_move(pos, text, notation, prev)
end

-- line numbers of the "move" keys, in document order; text is the lines joined by "\n"
local function move_lines(text, lines)
  -- plain finds: a pattern tried at every byte of a long record was most of its reading;
  -- the lines counted by their lengths (where the next one starts), not a find each
  local out, line, pos, next_start = {}, 1, 1, #lines[1] + 2
  while true do
    local s = text:find('"move"', pos, true)
    if not s then break end
    if text:find("^%s*:", s + 6) then
      while s >= next_start do line = line + 1; next_start = next_start + #lines[line] + 1 end
      out[#out + 1] = line
    end
    pos = s + 1
  end
  return out
end

local function comments_text(c)
  if type(c) ~= "table" or #c == 0 then return nil end
  local parts = {}
  for _, s in ipairs(c) do parts[#parts + 1] = tostring(s) end
  return table_concat(parts, "\n")
end

-- builds a line from a JKF move list; list[1] is a real move when first > 1 (forks)
local function build_line(list, first, counter, parent, name)
  local line = {first = first, moves = {}, comments = {}, times = {}, bookmarks = {}, branches = {}}
  local start_index = 1
  if first == 1 and parent == nil then
    local init = list[1]
    if type(init) == "table" then line.comments[0] = comments_text(init.comments) end
    start_index = 2
  end
  local ply = first - 1
  for k = start_index, #list do
    local node = list[k]
    if type(node) ~= "table" then return nil, ("%s:1: move list entry %d is not an object"):format(name, k) end
    if node.special and not is_null(node.special) then
      local n = tostring(node.special)
      if not (common.parse_ending("jkf", n, "b") or common.parse_ending("csa", n, "b")) then
        return nil, ("%s:1: unknown special '%s'"):format(name, quote(n))
      end
      line.ending = {name = n, text = n, lineno = counter.lines[counter.n] or 1,
                     time = node.time and secs(node.time.now) and
                       {used = secs(node.time.now), total = secs(node.time.total)} or nil}
      local c = comments_text(node.comments)
      if c then line.ending.comment = c end
    elseif type(node.move) == "table" then
      counter.n = counter.n + 1
      ply = ply + 1
      line.moves[#line.moves + 1] = {jkf = node.move, text = describe(node),
                      lineno = counter.lines[counter.n] or 1}
      line.comments[ply] = comments_text(node.comments)
      if type(node.time) == "table" and node.time.now then
        line.times[ply] = {used = secs(node.time.now), total = secs(node.time.total)}
      end
      if type(node.forks) == "table" then
        for _, fork in ipairs(node.forks) do
          if type(fork) ~= "table" then return nil, name .. ":1: a fork is not a list" end
          local br, err = build_line(fork, ply, counter, line, name)
          if not br then return nil, err end
          -- forks on a branch's first move are its siblings
          local holder = (ply == first and parent) and parent or line
          holder.branches[#holder.branches + 1] = br
        end
      end
    else
      return nil, ("%s:%d: entry %d has neither move nor special"):format(name,
        counter.lines[counter.n] or 1, k)
    end
  end
  return line
end

function M.parse(lines, name)
  local cjson = require "cjson"
  local text = table_concat(lines, "\n")
  local ok, data = pcall(cjson.decode, text)
  if not ok then
    local at = tonumber(tostring(data):match("character (%d+)")) or 1
    local line = 1
    for _ in text:sub(1, at):gmatch("\n") do line = line + 1 end
    return nil, ("%s:%d: bad JSON: %s"):format(name, line, tostring(data):gsub("^.-:%d+: ", ""))
  end
  if type(data) ~= "table" or data[1] ~= nil then return nil, name .. ":1: not a JKF object" end
  local headers, order = {}, {}
  if type(data.header) == "table" then
    for k, v in pairs(data.header) do headers[tostring(k)] = tostring(v); order[#order + 1] = tostring(k) end
    table_sort(order)
  end
  local start
  local variant = common.variant_of_header[headers[common.VARIANT_HEADER] or ""]
  local init = data.initial
  if type(init) == "table" then
    local preset = tostring(init.preset)
    if preset == "OTHER" then
      local d = init.data
      if type(d) ~= "table" or type(d.board) ~= "table" then
        return nil, name .. ":1: initial OTHER without a board"
      end
      local board = {}
      for r = 1, 9 do board[r] = {} end
      for x = 1, 9 do
        local col = d.board[x]
        if type(col) ~= "table" then return nil, name .. ":1: bad initial board" end
        for y = 1, 9 do
          local cell = col[y]
          if type(cell) == "table" and cell.kind and not is_null(cell.kind) then
            local kind = tostring(cell.kind)
            local row = common.pieces("standard").by_csa[kind]
            if not row then
              row = common.pieces("sho").by_csa[kind]   -- SZ and TS: Sho shogi
              if row then variant = variant or "sho" end
            end
            if not row then return nil, name .. ":1: unknown piece '" .. kind .. "'" end
            board[y][x] = cell.color == 0 and row.usi or row.usi:lower()
          end
        end
      end
      local hands = {b = {}, w = {}}
      for i, s in ipairs({"b", "w"}) do
        local h = type(d.hands) == "table" and d.hands[i] or {}
        for k, n in pairs(type(h) == "table" and h or {}) do
          local row = common.pieces("standard").by_csa[k]
          if row and tonumber(n) then hands[s][row.usi] = tonumber(n) end
        end
      end
      start = common.sfen(board, hands, d.color == 1 and "w" or "b", 1)
    elseif preset ~= "HIRATE" and preset ~= "nil" then
      local kifname = preset_kif[preset]
      local h = kifname and require("shogi.handicaps").find(kifname)
      if not h then return nil, name .. ":1: unknown preset '" .. preset .. "'" end
      start = h.sfen
    end
  end
  local moves = type(data.moves) == "table" and data.moves or {{}}
  local counter = {n = 0, lines = move_lines(text, lines)}
  local main, err = build_line(moves, 1, counter, nil, name)
  if not main then return nil, err end
  return {start = start, start_line = 1, headers = headers, header_order = order, main = main,
      resolve = resolve, foul = foul, play_text = play_text, variant = variant}
end

-- ---- writing -----------------------------------------------------------------------
local function time_obj(t)
  if not t then return nil end
  local u, tot = floor(t.used or 0), t.total and floor(t.total)
  local o = {now = {m = floor(u / 60), s = u % 60}}
  if tot then o.total = {h = floor(tot / 3600), m = floor(tot / 60) % 60, s = tot % 60} end
  return o
end

local function split_comment(text)
  if not text then return nil end
  local out = {}
  for l in (text .. "\n"):gmatch("(.-)\n") do out[#out + 1] = l end
  return out
end

local function move_obj(pos, m, prev)
  local from, to, promote, drop = common.split_usi(m)
  local tf, tr = common.file_rank(to)
  local o = {to = {x = tf, y = tr}, color = pos:side() == "b" and 0 or 1}
  local t = common.pieces(pos)
  if drop then
    o.piece = t[drop].csa
  else
    local ff, fr = common.file_rank(from)
    local mid = pos:at(from):upper()
    o.from = {x = ff, y = fr}
    o.piece = t[mid].csa
    if promote then o.promote = true end
    local cap = pos:at(to)
    if cap then o.capture = t[cap:upper()].csa end
    if not promote and t[mid].promotes_to and common.could_promote(pos, m) then o.promote = false end
  end
  if prev then
    local _, pto = common.split_usi(prev)
    if pto == to then o.same = true end
  end
  return o
end

local function line_nodes(line, positions, prevs, first_node)
  local nodes = {}
  if first_node then nodes[1] = first_node end
  local pos = positions
  for i, m in ipairs(line.moves) do
    local ply = line.first + i - 1
    local p = pos[ply - 1]
    local node = {move = move_obj(p, m, prevs[ply - 1]), comments = split_comment(line.comments[ply]),
            time = time_obj(line.times[ply])}
    pos[ply] = p:after(m)
    prevs[ply] = m
    local forks = {}
    for _, b in ipairs(line.branches or {}) do
      if b.ply == ply then
        local bpos = setmetatable({}, {__index = pos})
        local bprev = setmetatable({}, {__index = prevs})
        local sub = {first = b.ply, moves = b.moves, comments = b.comments or {},
                     times = b.times or {}, branches = b.branches or {}, ending = b.ending}
        forks[#forks + 1] = line_nodes(sub, bpos, bprev)
      end
    end
    if #forks > 0 then node.forks = forks end
    nodes[#nodes + 1] = node
  end
  local e = line.ending
  local foul_written, foul_note = false, nil
  if e and e.illegal then
    local ply = line.first + #line.moves
    local from, _, _, drop = common.split_usi(e.illegal.usi)
    if drop or pos[ply - 1]:at(from) then
      nodes[#nodes + 1] = {move = move_obj(pos[ply - 1], e.illegal.usi, prevs[ply - 1]),
                           comments = split_comment(line.comments[ply]), time = time_obj(line.times[ply])}
      foul_written = true
    else
      -- a move of no piece has no JKF move: the end alone, the stated move as a comment (as KIF)
      foul_note = "反則手: " .. tostring(e.illegal.text)
    end
  end
  if e and e.name then
    local side = pos[line.first + #line.moves - 1 + (foul_written and 1 or 0)]
    local special = e.from_game and e.text or
      common.translate_ending("csa", e.name, "jkf", side and side:side() or "b") or e.name
    local comments = split_comment(e.comment)
    if foul_note then
      comments = comments or {}
      table_insert(comments, 1, foul_note)
    end
    nodes[#nodes + 1] = {special = special, time = time_obj(e.time), comments = comments}
  end
  return nodes
end

-- JSON text with keys in a fixed order (cjson encodes the strings and numbers)
local KEY_ORDER = {"header", "initial", "preset", "data", "board", "color", "hands", "moves", "comments",
                   "move", "from", "to", "x", "y", "piece", "same", "promote", "capture", "relative",
                   "special", "time", "now", "total", "h", "m", "s", "forks", "kind"}
local key_rank = {}
for i, k in ipairs(KEY_ORDER) do key_rank[k] = i end

local function encode(cjson, x)
  if type(x) ~= "table" then return cjson.encode(x) end
  local n = #x
  if n > 0 or x == cjson.empty_array then
    local parts = {}
    for i = 1, n do parts[i] = encode(cjson, x[i]) end
    return "[" .. table_concat(parts, ",") .. "]"
  end
  local keys = {}
  for k in pairs(x) do keys[#keys + 1] = k end
  table_sort(keys, function(a, b)
    local ra, rb = key_rank[a] or 1000, key_rank[b] or 1000
    if ra ~= rb then return ra < rb end
    return a < b
  end)
  local parts = {}
  for _, k in ipairs(keys) do parts[#parts + 1] = cjson.encode(k) .. ":" .. encode(cjson, x[k]) end
  return "{" .. table_concat(parts, ",") .. "}"
end

function M.write(v)
  local cjson = require "cjson"
  local doc = {header = {}}
  for k, val in pairs(v.headers) do doc.header[k] = tostring(val) end
  -- the variant is the game's, whatever a header read earlier said
  local variant = common.header_of_variant[v.start:variant()]
  local stale = doc.header[common.VARIANT_HEADER]
  if variant or common.variant_of_header[stale or ""] then doc.header[common.VARIANT_HEADER] = variant end
  local t = common.pieces(v.start)
  local standard = require("shogi").position("startpos")
  if v.start == standard then
    doc.initial = {preset = "HIRATE"}
  else
    local preset
    local handicaps = require "shogi.handicaps"
    for p, kname in pairs(preset_kif) do
      local h = handicaps.find(kname)
      if h and require("shogi").position(h.sfen) == v.start then preset = p; break end
    end
    if preset then
      doc.initial = {preset = preset}
    else
      local board, hands = common.board_of(v.start)
      local cols = {}
      for x = 1, 9 do
        cols[x] = {}
        for y = 1, 9 do
          local pc = board[y][x]
          if pc then
            cols[x][y] = {color = pc == pc:upper() and 0 or 1, kind = t[pc:upper()].csa}
          else
            cols[x][y] = {}
          end
        end
      end
      local h = {}
      for i, s in ipairs({"b", "w"}) do
        h[i] = {}
        for _, l in ipairs(common.pieces("standard").hand_order) do h[i][t[l].csa] = hands[s][l] or 0 end
      end
      doc.initial = {preset = "OTHER", data = {board = cols, color = v.start:side() == "b" and 0 or 1,
                                               hands = h}}
    end
  end
  local positions = setmetatable({}, {__index = v.positions})
  local prevs = {}
  local main = {first = 1, moves = v.moves, comments = v.comments, times = v.times,
          branches = v.branches, ending = v.ending}
  doc.moves = line_nodes(main, positions, prevs, {comments = split_comment(v.comments[0])})
  return encode(cjson, doc) .. "\n"
end

return M
