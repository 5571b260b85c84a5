-- KIF and KI2 game records (Kakinoki formats), read and write.
-- KIF moves carry their origin ("７六歩(77)", "同　銀(88)", "５五角打"), KI2 moves
-- the JSA words ("▲７六歩", "△同　銀右"); the reader only finds a move's text
-- and the core reads it (pos:parse_move(text, "kif" | "japanese", prev)).
-- Sho shogi: the header 種類：小将棋, 酔象/太子 in moves, 酔/太 on the board.
local common = require "shogi.record.common"
local bod = require "shogi.record.bod"
local core = require "shogi.core"

local ipairs, pairs, require, setmetatable, tonumber, tostring, type =
  ipairs, pairs, require, setmetatable, tonumber, tostring, type
local table_concat, table_sort = table.concat, table.sort
local _ENV = nil -- luacheck: ignore 211

local M = {}

local trim = bod.trim
local SPACE = "　"

-- ---- moves -------------------------------------------------------------------------
--- KIF text of the illegal move a record ends with ("２二銀不成(31)"): the core
-- names legal moves only (pos:move_name), so the names come from its piece table;
-- nil for a move from an empty square (no piece to name)
function M.move_text(pos, m, prev)
  local from, to, promote, drop = common.split_usi(m)
  local f, r = common.file_rank(to)
  local dest
  if prev then
    local _, pto = common.split_usi(prev)
    if pto == to then dest = "同" .. SPACE end
  end
  dest = dest or (common.wide_digit[f] .. common.kanji_digit[r])
  local t = common.pieces(pos)
  if drop then return dest .. t[drop].kanji .. "打" end
  local pc = pos:at(from)
  if not pc then return nil end -- a move of no piece has no KIF text
  pc = pc:upper()
  local s = dest .. t[pc].kanji
  local ff, fr = common.file_rank(from)
  if promote then
    s = s .. "成"
  elseif t[pc] and t[pc].promotes_to and common.could_promote(pos, m) then
    s = s .. "不成"
  end
  return s .. "(" .. ff .. fr .. ")"
end

local black_marks = {["▲"] = true, ["☗"] = true}
local white_marks = {["△"] = true, ["▽"] = true, ["☖"] = true}

local function starts_with_mark(line)
  local at = line:find("%S")
  if not at then return false end
  local c = line:sub(at, at + 2)   -- (every mark is 3 bytes)
  return black_marks[c] or white_marks[c] or false
end

-- the notation a move of this record is read in
local function notation_of(mv) return mv.ki2 and "japanese" or "kif" end

local function resolve(mv, pos, prev)
  local usi, err = pos:parse_move(mv.text, notation_of(mv), prev)
  if not usi then return nil, tostring(err) end
  return usi
end

local function foul(mv, pos, prev)
  return common.foul_move(pos, mv.text, notation_of(mv), prev)
end

-- the same for a record whose moves are all in one notation (M.read_text's: its moves
-- are texts, with no ki2 field)
local resolve_in, foul_in = {}, {}
for _, n in ipairs({"kif", "japanese"}) do
  resolve_in[n] = function(mv, pos, prev) return resolve({text = mv.text, ki2 = n == "japanese"}, pos, prev) end
  foul_in[n] = function(mv, pos, prev) return foul({text = mv.text, ki2 = n == "japanese"}, pos, prev) end
end

-- ---- endings --------------------------------------------------------------------------
local function other(side) return side == "b" and "w" or "b" end

-- KIF special move word -> canonical end name (the core's table), for side to move `side`
local function ending_of_word(word, side)
  return common.ending_name("kif", word, side)
end

-- "まで3手で先手の勝ち" -> {name=, winner=} (name nil when unknown)
local function ending_of_summary(text, side)
  local rest = text:match("^まで%s*%d+%s*手(.*)$")
  if not rest then return {} end
  rest = trim(rest:gsub("^で", ""))
  local simple = common.ending_name("kif", rest, side)   -- まで3手で詰, ...で千日手, ...で中断
  if simple then return {name = simple} end
  local who = rest:match("^時間切れにより(..-)の勝ち$")
  if who and common.side_of_word[who] then return {name = "TIME_UP", winner = common.side_of_word[who]} end
  local what
  who, what = rest:match("^(..-)の(.+)$")
  local w = who and common.side_of_word[who]
  if not w then return {} end
  if what == "勝ち" then
    return {name = (w == other(side)) and "TORYO" or nil, winner = w}
  elseif what == "反則勝ち" then
    return {name = w == "b" and "-ILLEGAL_ACTION" or "+ILLEGAL_ACTION", winner = w}
  elseif what == "反則負け" then
    return {name = w == "b" and "+ILLEGAL_ACTION" or "-ILLEGAL_ACTION", winner = other(w)}
  elseif what == "入玉勝ち" then
    return {name = "KACHI", winner = w}
  elseif what == "切れ負け" then
    return {name = "TIME_UP", winner = other(w)}
  end
  return {winner = w}
end

-- a time is at most a year (as in CSA): anything longer is a broken record, and would
-- overflow an integer as it is summed
local YEAR = 366 * 24 * 3600

local function seconds(text)
  local t = 0
  for part in text:gmatch("%d+") do
    if #part > 9 then return nil end
    t = t * 60 + tonumber(part)
    if t > YEAR then return nil end
  end
  return t
end

-- "( 0:02/00:00:02)+" -> {used=, total=}, branch mark | nil (no time), or false on bad text
local function parse_time(rest)
  -- the shape nearly every KIF writer uses, in one match: "( 0:02/00:00:02)"
  local m, s, h, tm, ts = rest:match("^%s*%(%s*(%d%d?%d?):(%d%d)/(%d%d?%d?):(%d%d):(%d%d)%)%s*$")
  if m then
    return {used = tonumber(m) * 60 + tonumber(s), total = (tonumber(h) * 60 + tonumber(tm)) * 60 + tonumber(ts)},
      false
  end
  rest = trim(rest)
  local plus = false
  if rest:sub(-1) == "+" then plus = true; rest = trim(rest:sub(1, -2)) end
  if rest == "" then return nil, plus end
  local a, b = rest:match("^%(%s*([%d:]+)%s*/%s*([%d:]*)%s*%)$")
  if not a then return false end
  local used, total = seconds(a), b ~= "" and seconds(b) or nil
  if not used or (b ~= "" and not total) then return false end -- longer than a year
  return {used = used, total = total}, plus
end

-- ---- reading --------------------------------------------------------------------------
local function new_line(first)
  return {first = first, moves = {}, comments = {}, times = {}, bookmarks = {}, branches = {}}
end

local function last_ply(line) return line.first + #line.moves - 1 end

function M.parse(lines, name)
  local headers, order = {}, {}
  local board = bod.new_state()
  local main = new_line(1)
  local path = {main}
  local cur = main
  local start, start_side, started, variant = nil, "b", false, nil
  local offset = nil

  local function fail(i, msg) return nil, ("%s:%d: %s"):format(name, i, msg) end

  local function begin(i)
    if started then return true end
    started = true
    variant = common.variant_of_header[headers[common.VARIANT_HEADER] or ""]
    if board.seen then
      local sfen, err = bod.state_sfen(board)
      if not sfen then return fail(i, err) end
      start = sfen
    elseif headers["手合割"] then
      local h = trim(headers["手合割"])
      if h ~= "平手" and h ~= "" then
        local handicaps = require "shogi.handicaps"
        local found = handicaps.find(h)
        if not found then return fail(order.handicap_line or i, "unknown handicap '" .. h .. "'") end
        start = found.sfen
      end
    end
    if start then start_side = start:match("^%S+ ([bw])") or "b" end
    return true
  end

  local function side_at(ply)
    return (ply - 1) % 2 == 0 and start_side or other(start_side)
  end

  -- text lines are gathered in lists and joined once at the end (joining as
  -- they come made a record of many comment lines quadratic)
  local function add_text(field, i, text)
    if cur.ending and field == "comments" then
      local parts = cur.ending.comment_parts or {}
      cur.ending.comment_parts = parts
      parts[#parts + 1] = text
      return i
    end
    local ply = #cur.moves > 0 and last_ply(cur) or cur.first - 1
    local t = cur[field]
    local parts = t[ply] or {}
    t[ply] = parts
    parts[#parts + 1] = text
    if field == "comments" then cur.comment_lines = (cur.comment_lines or 0) + 1 end
    return i
  end

  local function add_move(i, text, ki2, ply)
    if cur.ending then return fail(i, "move after the end of the game (" .. (cur.ending.text or "") .. ")") end
    ply = ply or (cur.first + #cur.moves)
    cur.moves[#cur.moves + 1] = {text = text, lineno = i, ki2 = ki2}
    return ply
  end

  local i, count = 0, #lines
  while i < count do
    i = i + 1
    -- a game's body (its move lines and "*" comments) in C, as this loop would read it,
    -- up to the first line it leaves to the loop
    if started and offset and not cur.ending then
      local taken
      i, taken = core.kif_run(lines, i, cur.moves, cur.times, cur.comments, cur.first, offset)
      if taken > 0 then cur.comment_lines = (cur.comment_lines or 0) + taken end
      if i > count then break end
    end
    local line = lines[i]
    local c1 = line:sub(1, 1)
    -- a KIF move line first (most lines are): no other kind of line starts with a number
    if line:match("^%s*%d+%s+%S") then
      local ok, err = begin(i)
      if not ok then return nil, err end
      local digits, rest = line:match("^%s*(%d+)%s+(.*)$")
      local n = bod.move_number(digits)
      if not n then return fail(i, "move number " .. digits .. " is too large") end
      if not offset then offset = n - 1 end
      local ply = n - offset
      if cur.ending then
        return fail(i, "move after the end of the game (" .. (cur.ending.text or "") .. ")")
      end
      local expected = cur.first + #cur.moves
      if ply ~= expected then
        return fail(i, ("move number %d where %d was expected"):format(n, expected + offset))
      end
      local text, after = rest:match("^(%S+)(.*)$")
      if text == "同" then
        local more
        more, after = after:match("^%s+(%S+)(.*)$")
        if not more then return fail(i, "bad move text") end
        text = text .. SPACE .. more
      end
      if #text > 1 and text:sub(-1) == "+" then text, after = text:sub(1, -2), "+" .. after end
      local time, _ = parse_time(after)
      if time == false then return fail(i, "bad time '" .. trim(after) .. "'") end
      local side = side_at(ply)
      local ename = ending_of_word(text, side)
      if ename then
        cur.ending = {name = ename, text = text, lineno = i, time = time or nil}
      else
        local added, err2 = add_move(i, text, false, ply)
        if not added then return nil, err2 end
        if time then cur.times[ply] = time end
      end
    -- comments and bookmarks next (engine output can be a line after every move)
    elseif c1 == "*" then
      add_text("comments", i, line:sub(2))
    elseif c1 == "&" then
      add_text("bookmarks", i, line:sub(2))
    else
      local t = trim(line)
      if t == "" or c1 == "#" then -- luacheck: ignore 542
        -- blank lines and file comments
      elseif t:match("^変化：") or t:match("^変化:") then
        local ok, err = begin(i)
        if not ok then return nil, err end
        local digits = t:match("^変化：%s*(%d+)%s*手") or t:match("^変化:%s*(%d+)%s*手")
        if not digits then return fail(i, "bad variation line") end
        local n = bod.move_number(digits)
        if not n then return fail(i, "move number " .. digits .. " is too large") end
        local ply = n - (offset or 0)
        local attached = false
        for k = #path, 1, -1 do
          local L = path[k]
          if ply >= L.first and ply <= last_ply(L) then
            local br = new_line(ply)
            br.lineno = i
            if ply == L.first and k > 1 then
              local parent = path[k - 1]
              parent.branches[#parent.branches + 1] = br
              for j = #path, k, -1 do path[j] = nil end
            else
              L.branches[#L.branches + 1] = br
              for j = #path, k + 1, -1 do path[j] = nil end
            end
            path[#path + 1] = br
            cur = br
            attached = true
            break
          end
        end
        if not attached then return fail(i, "variation at move " .. n .. " matches no move") end
      elseif t:match("^まで") then
        cur.summary = t
        local ply = cur.first + #cur.moves
        if not cur.ending then
          local e = ending_of_summary(t, side_at(ply))
          if e.name or e.winner then
            cur.ending = {name = e.name, winner = e.winner, lineno = i, summary = t}
          end
        else
          cur.ending.summary = t
        end
      elseif t:match("^手数%-%-%-") then
        local ok, err = begin(i)
        if not ok then return nil, err end
      elseif starts_with_mark(line) then
        local ok, err = begin(i)
        if not ok then return nil, err end
        -- each move from its mark to the next, its end trimmed (in C: sg_ki2_moves)
        for _, text in ipairs(core.ki2_moves(line)) do
          local added, err2 = add_move(i, text, true)
          if not added then return nil, err2 end
        end
      elseif not started then
        local ok, err = bod.parse_line(board, line)
        if ok == nil then return fail(i, err) end
        if not ok then
          local key, value = bod.split_header(line)
          if not key then return fail(i, "bad header line (expected 'name：value')") end
          value = trim(value)
          if key == "手合割" then order.handicap_line = i end
          if headers[key] == nil then order[#order + 1] = key end
          headers[key] = value
        end
      else
        return fail(i, "cannot read this line: " .. t)
      end
    end
  end
  local ok, err = begin(#lines)
  if not ok then return nil, err end
  order.handicap_line = nil
  local function join(line)
    for _, field in ipairs({"comments", "bookmarks"}) do
      for ply, parts in pairs(line[field]) do line[field][ply] = table_concat(parts, "\n") end
    end
    if line.ending and line.ending.comment_parts then
      line.ending.comment = table_concat(line.ending.comment_parts, "\n")
      line.ending.comment_parts = nil
    end
    for _, br in ipairs(line.branches or {}) do join(br) end
  end
  join(main)
  -- a main line of one kind of move names its notation (played with no call per move)
  local kif_moves, ki2_moves = false, false
  for _, mv in ipairs(main.moves) do
    if mv.ki2 then ki2_moves = true else kif_moves = true end
  end
  local notation = notation_of
  if not (kif_moves and ki2_moves) then notation = ki2_moves and "japanese" or "kif" end
  return {start = start, start_line = 1, headers = headers, header_order = order, main = main,
      resolve = resolve, foul = foul, notation = notation, board = board.seen, variant = variant}
end

--- M.read_text(text) -> rec, its number of lines | nil: the record read whole in C
-- (core.kif_read: no line strings, the moves a list of spans g:play_texts plays), for
-- the records written the usual way; nil for one that M.parse reads (and words the
-- error of).  What the C leaves to this reader's own functions is done here as M.parse
-- does it: a board diagram's lines, the start a 手合割 names (begin), what an end word
-- or a まで line means.
function M.read_text(text)
  local p = core.kif_read(text)
  if not p then return nil end
  local headers, order, h = {}, {}, p.headers
  local board = bod.new_state()
  for k = 1, #h, 2 do
    local key, value = h[k], h[k + 1]
    if not value then
      -- a line the board reader may take, else a header, as M.parse reads it
      local ok = bod.parse_line(board, key)
      if ok == nil then return nil end
      if not ok then
        key, value = bod.split_header(key)
        if not key then return nil end
        value = trim(value)
      end
    end
    if value then
      if headers[key] == nil then order[#order + 1] = key end
      headers[key] = value
    end
  end
  local variant = common.variant_of_header[headers[common.VARIANT_HEADER] or ""]
  local start
  if board.seen then
    start = bod.state_sfen(board)
    if not start then return nil end
  elseif headers["手合割"] then
    local hc = trim(headers["手合割"])
    if hc ~= "平手" and hc ~= "" then
      local found = require("shogi.handicaps").find(hc)
      if not found then return nil end   -- (M.parse words the error)
      start = found.sfen
    end
  end
  local start_side = start and start:match("^%S+ ([bw])") or "b"
  local moves = p.moves
  -- the side to move after the moves: the one an end word or a summary speaks of
  local side = #moves % 2 == 0 and start_side or other(start_side)
  local main = {first = 1, moves = moves, comments = p.comments, times = p.times, bookmarks = p.bookmarks,
    branches = {}}
  local e = p.ending
  if e then
    e.name = ending_of_word(e.text, side)
    if not e.name then return nil end   -- (a word the core knows but names no end: a move, M.parse's)
    main.ending = e
  end
  if p.summary then
    main.summary = p.summary
    if e then
      e.summary = p.summary
    else
      local s = ending_of_summary(p.summary, side)
      if s.name or s.winner then
        main.ending = {name = s.name, winner = s.winner, lineno = p.summary_line, summary = p.summary}
      end
    end
  end
  local notation = p.ki2 and "japanese" or "kif"
  return {start = start, start_line = 1, headers = headers, header_order = order, main = main,
      resolve = resolve_in[notation], foul = foul_in[notation], notation = notation, board = board.seen,
      variant = variant}, p.lines
end

-- ---- writing --------------------------------------------------------------------------
local function side_names(v)
  local handicap = v.headers["下手"] or v.headers["上手"]
  return handicap and {b = "下手", w = "上手"} or {b = "先手", w = "後手"}
end

local function summary_of(e, nmoves, side, names)
  if not e or not e.name then return e and e.summary end
  if e.summary and ending_of_summary(e.summary, side).name == e.name
    and tonumber(e.summary:match("^まで%s*(%d+)")) == nmoves then
    return e.summary
  end
  local n = e.name
  local w = common.ending_winner(n, side)
  local head = ("まで%d手で"):format(nmoves)
  if n == "TORYO" then return head .. names[w] .. "の勝ち"
  elseif n == "TSUMI" then return head .. "詰み"
  elseif n == "TIME_UP" then return head .. "時間切れにより" .. names[w] .. "の勝ち"
  elseif n == "CHUDAN" then return head .. "中断"
  elseif n == "SENNICHITE" then return head .. "千日手"
  elseif n == "JISHOGI" or n == "MAX_MOVES" then return head .. "持将棋"
  elseif n == "FUZUMI" then return head .. "不詰"
  elseif n == "HIKIWAKE" then return head .. "引き分け"
  elseif n == "KACHI" then return head .. names[w] .. "の入玉勝ち"
  elseif w == side then return head .. names[w] .. "の反則勝ち"
  elseif w == "b" or w == "w" then
    -- the side to move lost: named as the loser, as readers that go by the side to move expect
    return head .. names[side] .. "の反則負け"
  end
  return e.summary
end

-- the end line's word: as the record wrote it, the core's word for the game's
-- verdict, or the KIF word that means what the end's name means
local function ending_word(e, side)
  if e.text and (e.from_game or ending_of_word(e.text, side) == e.name) then return e.text end
  return common.translate_ending("csa", e.name, "kif", side)
end

local function time_text(t)
  if not t then return "" end
  return "(" .. common.mmss(t.used or 0) .. "/" .. (t.total and common.hhmmss(t.total) or "") .. ")"
end

-- each line of a comment ("*") or bookmark ("&"): one read from several lines holds them joined by "\n"
local function comment_lines(out, text, mark)
  if not text then return end
  for l in (text .. "\n"):gmatch("(.-)\n") do out[#out + 1] = (mark or "*") .. l end
end

local function header_lines(v, out)
  local handicaps = require "shogi.handicaps"
  local standard = require("shogi").position("startpos")
  local handicap_name, board_needed = nil, false
  if v.start == standard then
    handicap_name = "平手"
  else
    for _, h in ipairs(type(handicaps.list) == "function" and handicaps.list() or {}) do
      local hp = require("shogi").position(h.sfen)
      if hp and hp == v.start then handicap_name = h.kif or h.japanese; break end
    end
    if not handicap_name then board_needed = true end
  end
  local done = false
  local function start_lines()
    if done then return end
    done = true
    if board_needed then
      if v.headers["手合割"] then out[#out + 1] = "手合割：" .. v.headers["手合割"] end
      for _, l in ipairs(bod.diagram(v.start, side_names(v))) do out[#out + 1] = l end
      if v.start:side() == "w" then out[#out + 1] = side_names(v).w .. "番" end
    elseif handicap_name ~= "平手" or v.headers["手合割"] then
      -- an even game without the header stays without it (readers assume 平手)
      out[#out + 1] = "手合割：" .. handicap_name
    end
  end
  -- the variant is the game's, whatever a header read earlier said
  local variant = common.header_of_variant[v.start:variant()]
  if variant then out[#out + 1] = common.VARIANT_HEADER .. "：" .. variant end
  local stale = v.headers[common.VARIANT_HEADER]
  local seen = {[common.VARIANT_HEADER] = (variant or common.variant_of_header[stale or ""]) and true}
  local keys = {}
  for _, k in ipairs(v.header_order) do
    if v.headers[k] ~= nil and not seen[k] then keys[#keys + 1] = k; seen[k] = true end
  end
  local rest = {}
  for k in pairs(v.headers) do if not seen[k] then rest[#rest + 1] = k end end
  table_sort(rest)
  for _, k in ipairs(rest) do keys[#keys + 1] = k end
  for _, k in ipairs(keys) do
    if k == "手合割" then start_lines()
    else out[#out + 1] = k .. "：" .. tostring(v.headers[k]) end
  end
  start_lines()
end

-- positions of a line: base table (ply -> pos) extended along moves from ply `first`
local function line_positions(base, first, moves)
  local pos = setmetatable({}, {__index = base})
  for i, m in ipairs(moves) do
    local ply = first + i - 1
    pos[ply] = pos[ply - 1]:after(m)
  end
  return pos
end

local function branch_plies(branches)
  local by = {}
  for _, b in ipairs(branches or {}) do by[b.ply] = true end
  return by
end

-- writes one line (main or branch) and then its variations, deepest first
local function write_line(out, v, line, positions, prevs, ki2)
  local names = side_names(v)
  local has_branch = branch_plies(line.branches)
  if ki2 then
    local row = {}
    local function flush()
      if #row > 0 then out[#out + 1] = table_concat(row):gsub("%s+$", ""); row = {} end
    end
    for i, m in ipairs(line.moves) do
      local ply = line.first + i - 1
      local pos = positions[ply - 1]
      local name = pos:move_name(m, "japanese", prevs[ply - 1])
      for mk in pairs(black_marks) do if name:sub(1, #mk) == mk then name = name:sub(#mk + 1) end end
      for mk in pairs(white_marks) do if name:sub(1, #mk) == mk then name = name:sub(#mk + 1) end end
      local mark = pos:side() == "b" and "▲" or "△"
      row[#row + 1] = common.pad(mark .. name, 12)
      if #row >= 6 or line.comments[ply] or line.bookmarks[ply] then
        flush()
        comment_lines(out, line.comments[ply])
      end
    end
    flush()
  else
    for i, m in ipairs(line.moves) do
      local ply = line.first + i - 1
      local pos = positions[ply - 1]
      local text = pos:move_name(m, "kif", prevs[ply - 1])
      local mark = has_branch[ply] or (i == 1 and line.first_has_sibling)
      local s = ("%4d %s"):format(ply, text)
      if line.times[ply] then s = common.pad(s, 17) .. " " .. time_text(line.times[ply]) end
      if mark then s = s .. "+" end
      out[#out + 1] = s
      comment_lines(out, line.comments[ply])
      comment_lines(out, line.bookmarks[ply], "&")
    end
  end
  local nlast = line.first + #line.moves - 1
  local e = line.ending
  local side = positions[nlast]:side()
  local foul_text = e and e.illegal and not ki2 and M.move_text(positions[nlast], e.illegal.usi, prevs[nlast])
  if e and e.illegal and not ki2 and not foul_text then
    -- written as KI2 writes every foul: the end alone, the stated move as a comment
    comment_lines(out, "反則手: " .. tostring(e.illegal.text))
  end
  if foul_text then
    local s = ("%4d %s"):format(nlast + 1, foul_text)
    if line.times[nlast + 1] then s = common.pad(s, 17) .. " " .. time_text(line.times[nlast + 1]) end
    out[#out + 1] = s
    comment_lines(out, line.comments[nlast + 1])
    side = positions[nlast]:side() == "b" and "w" or "b"
    nlast = nlast + 1
  end
  if e and e.name and not ki2 then
    local word = ending_word(e, side)
    if word then
      local s = ("%4d %s"):format(nlast + 1, word)
      if e.time then s = common.pad(s, 17) .. " " .. time_text(e.time) end
      out[#out + 1] = s
      comment_lines(out, e.comment)
    end
  end
  local summary = summary_of(e, nlast, side, names)
  if summary then
    out[#out + 1] = summary
    -- KI2 has no end line: the end's comment (a verdict komadai names) follows the summary
    if ki2 and e then comment_lines(out, e.comment) end
  end
  -- variations: latest ply first, siblings in order
  local plies = {}
  for p in pairs(has_branch) do plies[#plies + 1] = p end
  table_sort(plies, function(a, b) return a > b end)
  for _, p in ipairs(plies) do
    local list = {}
    for _, b in ipairs(line.branches) do if b.ply == p then list[#list + 1] = b end end
    for k, b in ipairs(list) do
      out[#out + 1] = ""
      out[#out + 1] = ki2 and ("変化：%4d手"):format(p) or ("変化：%d手"):format(p)
      comment_lines(out, b.comments and b.comments[p - 1])
      local bpos = line_positions(positions, p, b.moves)
      local bprev = setmetatable({}, {__index = prevs})
      for i, m in ipairs(b.moves) do bprev[p + i - 1] = m end
      local sub = {first = p, moves = b.moves, comments = b.comments or {}, times = b.times or {},
                   bookmarks = b.bookmarks or {}, branches = b.branches or {}, ending = b.ending,
                   first_has_sibling = k < #list}
      write_line(out, v, sub, bpos, bprev, ki2)
    end
  end
end

function M.write(v, format)
  local ki2 = format == "ki2"
  local out = {ki2 and "#KI2 version=2.0 encoding=UTF-8" or "#KIF version=2.0 encoding=UTF-8"}
  header_lines(v, out)
  if not ki2 then out[#out + 1] = "手数----指手---------消費時間--" end
  comment_lines(out, v.comments[0])
  comment_lines(out, v.bookmarks[0], "&")
  local prevs = {}
  for i, m in ipairs(v.moves) do prevs[i] = m end
  local main = {first = 1, moves = v.moves, comments = v.comments, times = v.times,
          bookmarks = v.bookmarks, branches = v.branches, ending = v.ending}
  write_line(out, v, main, v.positions, prevs, ki2)
  return table_concat(out, "\n") .. "\n"
end

return M
