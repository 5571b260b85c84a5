-- CSA game records (V2, V2.2, V3.0), read and write.
-- Statements: V2.2 / V3.0, N+ N- names, $KEY:value headers, PI (even game with
-- pieces removed), P1..P9 rows, P+ P- piece lines (00KI in hand, 00AL the rest),
-- "+"/"-" side to move, moves "+7776FU", times "T12" (V3.0: "T12.345"), "%TORYO"
-- and the other end markers, "'" comments ("'*" a comment on the move, as KIF "*").
-- Several statements may share a line, separated by ",".
-- Sho shogi: SZ (elephant) and TS (prince), and a comment line 'variant sho
-- before the position, which the reader honours (SZ or TS on the board imply it).
local common = require "shogi.record.common"
local core = require "shogi.core"

local ipairs, pairs, tonumber, tostring = ipairs, pairs, tonumber, tostring
local string_rep, table_concat, floor = string.rep, table.concat, math.floor
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- CSA $ headers <-> KIF header names (the names info.headers uses)
local header_of_csa = {
  EVENT = "棋戦", SITE = "場所", START_TIME = "開始日時", END_TIME = "終了日時",
  TIME_LIMIT = "持ち時間", OPENING = "戦型",
}
local csa_order = {"EVENT", "SITE", "START_TIME", "END_TIME", "TIME_LIMIT", "OPENING"}

-- the even start (PI): board[rank][file] = letters
local function hirate_board()
  return (common.board_of(core.position("startpos")))
end

-- a CSA piece name -> its row and whether only Sho shogi has it; nil if unknown
local function piece_of(csa)
  local row = common.pieces("standard").by_csa[csa]
  if row then return row, false end
  row = common.pieces("sho").by_csa[csa]
  return row, row ~= nil
end

-- A board row's 27 characters -> {[file] = USI letter}, whether a Sho piece is on it |
-- nil, the bad square.  Remembered: the same rows (the start position's) open most records.
local rows_read, rows_kept = {}, 0
local function board_row(body)
  local known = rows_read[body]
  if known then return known[1], known[2] end
  local cells, any_sho = {}, false
  for k = 0, 8 do
    local cell = body:sub(3 * k + 1, 3 * k + 3)
    if not (cell:match("^%s*%*%s*$") or cell == "   ") then
      local sign, pc = cell:match("^([+-])(%u%u)$")
      local row, sho = piece_of(pc or "")
      if not sign or not row then return nil, false, cell end
      any_sho = any_sho or sho
      cells[9 - k] = sign == "+" and row.usi or row.usi:lower()
    end
  end
  if rows_kept < 4096 then rows_read[body], rows_kept = {cells, any_sho}, rows_kept + 1 end
  return cells, any_sho
end

-- ---- moves -----------------------------------------------------------------------
local function resolve(mv, pos)
  local usi, err = pos:parse_move(mv.text, "csa")
  if not usi then return nil, tostring(err) end
  return usi
end

local function foul(mv, pos)
  return common.foul_move(pos, mv.text, "csa")
end

-- ---- reading -----------------------------------------------------------------------
function M.parse(lines, name)
  local headers, order = {}, {}
  -- (the moves as their texts, their line numbers beside them in move_lines: no table per move)
  local main = {first = 1, moves = {}, move_lines = {}, comments = {}, times = {}, notes = {}}
  local board, hands, side, variant = nil, {b = {}, w = {}}, nil, nil
  local version
  local rows_seen, in_moves = {}, false
  local last_time_target -- "move" or "ending"

  local function fail(i, msg) return nil, ("%s:%d: %s"):format(name, i, msg) end
  local function header(key, value)
    if headers[key] == nil then order[#order + 1] = key end
    headers[key] = value
  end
  local function ply_now() return #main.moves end
  local function add(t, text)
    if main.ending and t == main.comments then
      main.ending.comment = main.ending.comment and (main.ending.comment .. "\n" .. text) or text
      return
    end
    local p = ply_now()
    t[p] = t[p] and (t[p] .. "\n" .. text) or text
  end

  -- line by line up to a "/" line; a line's statements split at commas in C
  -- (sg_csa_statements: a comment, a name N+/N- and a header $KEY: run to the end of
  -- their line)
  local li, nlines = 1, #lines
  local stmts, k = {}, 1
  local one = {}   -- the statements of a comment line: itself
  while true do
    if k > #stmts then
      -- the next line: the lines of a game's body (moves, their times, "'*" comments)
      -- taken in C as this loop would read them, up to the first it leaves to the loop
      if side and board and not main.ending and li <= nlines then
        local taken
        li, taken = core.csa_lines(lines, li, main.moves, main.move_lines, main.times, main.comments,
          last_time_target == "move")
        if taken > 0 then in_moves, last_time_target = true, "move" end
      end
      if li > nlines or lines[li] == "/" then break end
      local line = lines[li]
      if line:byte(1) == 39 then
        -- a comment line is one statement, the whole line (as sg_csa_statements has it): no call,
        -- no tables (the lines a server writes after the end are mostly comments)
        one[1] = line
        stmts, k = one, 1
      else
        stmts, k = core.csa_statements({line}), 1
      end
      li = li + 1
    end
    local s, i = stmts[k], li - 1
    k = k + 1
    local c1 = s:sub(1, 1)
    if s == "" then -- luacheck: ignore 542
      -- empty
    elseif c1 == "'" then
      local body = s:sub(2)
      if body:sub(1, 1) == "*" then
        add(main.comments, body:sub(2))
      elseif body:match("^CSA encoding=") or body:match("^encoding=") then -- luacheck: ignore 542
        -- the encoding directive: already applied when decoding
      elseif body:match("^variant%s") and not in_moves then
        local v = body:match("^variant%s+(%S+)%s*$")
        if v ~= "sho" and v ~= "standard" then
          return fail(i, "unknown variant '" .. body:sub(9) .. "' (sho or standard)")
        end
        variant = v
      else
        add(main.notes, body)
      end
    elseif main.ending and s == main.ending.text then
      -- a server repeating the end marker it was sent (the same marker twice)
      last_time_target = nil
    elseif main.ending and c1 ~= "T" then
      return fail(i, "statement after the end of the game: " .. core.quote(s))
    -- the statements of every move first: none of the others starts with + - or T
    elseif s:match("^[+-]%d") then
      if not side then return fail(i, "a move before the side to move ('+' or '-' line)") end
      if not board then return fail(i, "a move before the start position (PI or P1..P9)") end
      in_moves = true
      main.moves[#main.moves + 1] = s
      main.move_lines[#main.moves] = i
      last_time_target = "move"
    elseif c1 == "T" then
      local t = s:match("^T(%d+%.?%d*)$")
      if not t then return fail(i, "bad time '" .. s .. "'") end
      -- a move's time is at most a year: anything longer is a broken record
      if tonumber(t) > 366 * 24 * 3600 then return fail(i, "time '" .. s .. "' is longer than a year") end
      if last_time_target == "move" and not main.ending then
        main.times[#main.moves] = {used = tonumber(t)}
      elseif last_time_target == "ending" then
        main.ending.time = {used = tonumber(t)}
      elseif not (last_time_target == nil and main.ending) then
        -- (a time after a repeated end marker is dropped)
        return fail(i, "a time with no move before it")
      end
    elseif s:match("^V%d") then
      if not s:match("^V2$") and not s:match("^V2%.%d$") and not s:match("^V3%.%d$") then
        return fail(i, "unknown CSA version '" .. s .. "'")
      end
      version = s:sub(2)
    elseif s:match("^N[+-]") then
      header(s:sub(2, 2) == "+" and "先手" or "後手", s:sub(3))
    elseif c1 == "$" then
      local key, value = s:match("^%$([%w_]+):(.*)$")
      if not key then return fail(i, "bad header (expected $KEY:value)") end
      header(header_of_csa[key] or ("$" .. key), (value:gsub("^%s+", ""):gsub("%s+$", "")))
    elseif s:match("^PI") then
      if in_moves or board then return fail(i, "a second start position") end
      board = hirate_board()
      local rest = s:sub(3)
      if #rest % 4 ~= 0 then return fail(i, "bad PI line") end
      for f, r, pc in rest:gmatch("(%d)(%d)(%u%u)") do
        f, r = tonumber(f), tonumber(r)
        local on = board[r] and board[r][f]
        local row = piece_of(pc)
        if not on or not row or row.usi ~= on:upper() then
          return fail(i, ("PI: no %s on %d%d to remove"):format(pc, f, r))
        end
        board[r][f] = nil
      end
    elseif s:match("^P%d") then
      if in_moves then return fail(i, "a board row after the moves") end
      local r = tonumber(s:sub(2, 2))
      if r < 1 or r > 9 or rows_seen[r] then return fail(i, "bad board row number") end
      board = board or {}
      board[r] = {}
      rows_seen[r] = true
      local body = s:sub(3)
      body = body .. string_rep(" ", 27 - #body)
      if #body ~= 27 then return fail(i, "a board row is 9 squares of 3 characters") end
      local cells, sho, bad = board_row(body)
      if not cells then return fail(i, "bad square '" .. bad .. "' in a board row") end
      if sho then variant = variant or "sho" end
      for f, usi in pairs(cells) do board[r][f] = usi end
    elseif s:match("^P[+-]") then
      if in_moves then return fail(i, "a piece line after the moves") end
      local sign = s:sub(2, 2)
      local who = sign == "+" and "b" or "w"
      local rest = s:sub(3)
      if #rest % 4 ~= 0 then return fail(i, "bad piece line") end
      board = board or {}
      for f, r, pc in rest:gmatch("(%d)(%d)(%u%u)") do
        f, r = tonumber(f), tonumber(r)
        if f == 0 and r == 0 then
          if pc == "AL" then
            hands.all = who
          else
            local row = piece_of(pc)
            if not row or not row.droppable then
              return fail(i, "piece '" .. pc .. "' cannot be in hand")
            end
            hands[who][row.usi] = (hands[who][row.usi] or 0) + 1
          end
        else
          local row, sho = piece_of(pc)
          if not row or f == 0 or r == 0 then return fail(i, "bad piece '" .. f .. r .. pc .. "'") end
          if sho then variant = variant or "sho" end
          board[r] = board[r] or {}
          board[r][f] = sign == "+" and row.usi or row.usi:lower()
        end
      end
    elseif s == "+" or s == "-" then
      if in_moves then return fail(i, "side to move after the moves") end
      side = s == "+" and "b" or "w"
    elseif c1 == "%" then
      if not side then return fail(i, "an end marker before the side to move") end
      local n = s:sub(2)
      if not common.parse_ending("csa", n, side) then return fail(i, "unknown end marker '" .. s .. "'") end
      main.ending = {name = n, text = s, lineno = i}
      last_time_target = "ending"
      in_moves = true
    else
      return fail(i, "cannot read '" .. s .. "'")
    end
  end
  if not board then return fail(#lines, "no start position (PI or P1..P9)") end
  if not side then return fail(#lines, "no side to move ('+' or '-' line)") end
  local all = hands.all
  hands.all = nil
  local start = common.sfen(board, hands, side, 1)
  if all then
    -- 00AL: the pieces on neither the board nor a hand go to that hand (the core's tsume fill)
    if variant == "sho" then return fail(#lines, "00AL in Sho shogi, which has no pieces in hand") end
    local pos, perr = core.position(start, {strict = false})   -- the reader warns of what it breaks
    if not pos then return fail(#lines, "bad start position: " .. tostring(perr)) end
    start = core.tsume_fill(pos, all == "b" and "w" or "b"):sfen()
  end
  return {start = start, start_line = 1, headers = headers, variant = variant,
      header_order = order, main = main, resolve = resolve, foul = foul, notation = "csa",
      version = version}
end

--- M.read_text(text) -> rec, its number of lines | nil: the record read whole in C
-- (core.csa_read: no line strings, the moves a list of spans g:play_texts plays), for
-- the records written the usual way; nil for one that M.parse reads (and words the error of)
function M.read_text(text)
  local p = core.csa_read(text)
  if not p then return nil end
  local headers, order, h = {}, {}, p.headers
  for k = 1, #h, 3 do
    local kind, key = h[k], h[k + 1]
    key = kind == "+" and "先手" or kind == "-" and "後手" or header_of_csa[key] or ("$" .. key)
    if headers[key] == nil then order[#order + 1] = key end
    headers[key] = h[k + 2]
  end
  local e = p.ending
  if e then e.name = e.text:sub(2) end
  local main = {first = 1, moves = p.moves, comments = p.comments, times = p.times, notes = p.notes, ending = e}
  return {start = p.start, start_line = 1, headers = headers, header_order = order, main = main,
    resolve = resolve, foul = foul, notation = "csa", version = p.version}, p.lines
end

-- ---- writing -----------------------------------------------------------------------
local function time_text(t, v3)
  local u = t.used or 0
  if v3 and u ~= floor(u) then
    return ("T%.3f"):format(u):gsub("0+$", "")
  end
  return "T" .. floor(u)
end

function M.write(v, _, opts)
  local version = opts.version or v.info.csa_version
  local v3 = version ~= nil and tostring(version):sub(1, 1) == "3"
  local out = {}
  if v3 then out[#out + 1] = "'CSA encoding=UTF-8" end
  out[#out + 1] = v3 and "V3.0" or "V2.2"
  local h = v.headers
  local b, w = h["先手"] or h["下手"], h["後手"] or h["上手"]
  if b then out[#out + 1] = "N+" .. b end
  if w then out[#out + 1] = "N-" .. w end
  for _, k in ipairs(csa_order) do
    local val = h[header_of_csa[k]]
    if val then out[#out + 1] = "$" .. k .. ":" .. val end
  end
  for _, k in ipairs(v.header_order) do
    if k:sub(1, 1) == "$" and h[k] then out[#out + 1] = k .. ":" .. h[k] end
  end
  local t = common.pieces(v.start)
  if v.start:variant() == "sho" then out[#out + 1] = "'variant sho" end
  -- start position: PI when the board is the even start minus some pieces
  local board, hands = common.board_of(v.start)
  local even = hirate_board()
  local removed, pi = {}, v.start:variant() == "standard"
  for f = 1, 9 do
    for r = 1, 9 do
      local a, e = board[r][f], even[r][f]
      if a and a ~= e then pi = false
      elseif e and not a then removed[#removed + 1] = ("%d%d%s"):format(f, r, t[e:upper()].csa)
      end
    end
  end
  for _, s in ipairs({"b", "w"}) do
    for _, n in pairs(hands[s]) do if n > 0 then pi = false end end
  end
  local stm = v.start:side()
  if pi and (#removed == 0 and stm == "b" or #removed > 0) then
    out[#out + 1] = "PI" .. table_concat(removed)
  else
    for r = 1, 9 do
      local row = {"P" .. r}
      for f = 9, 1, -1 do
        local pc = board[r][f]
        if pc then
          local up = pc:upper()
          row[#row + 1] = (pc == up and "+" or "-") .. t[up].csa
        else
          row[#row + 1] = " * "
        end
      end
      out[#out + 1] = table_concat(row)
    end
    for _, s in ipairs({"b", "w"}) do
      local line = {}
      for _, l in ipairs(t.hand_order) do
        for _ = 1, hands[s][l] or 0 do line[#line + 1] = "00" .. t[l].csa end
      end
      if #line > 0 then out[#out + 1] = "P" .. (s == "b" and "+" or "-") .. table_concat(line) end
    end
  end
  out[#out + 1] = stm == "b" and "+" or "-"
  local notes = v.info.notes or {}
  local function remarks(ply)
    if notes[ply] then
      for l in (notes[ply] .. "\n"):gmatch("(.-)\n") do out[#out + 1] = "'" .. l end
    end
    if v.comments[ply] then
      for l in (v.comments[ply] .. "\n"):gmatch("(.-)\n") do out[#out + 1] = "'*" .. l end
    end
  end
  remarks(0)
  for i, m in ipairs(v.moves) do
    out[#out + 1] = v.positions[i - 1]:move_name(m, "csa")
    if v.times[i] then out[#out + 1] = time_text(v.times[i], v3) end
    remarks(i)
  end
  local e = v.ending
  if e and e.illegal then
    -- the foul the record ends with: the notation layer names legal moves only
    local n = #v.moves
    local pos = v.positions[n]
    local from, to, promote, drop = common.split_usi(e.illegal.usi)
    local sign = pos:side() == "b" and "+" or "-"
    local tf, tr = common.file_rank(to)
    if drop then
      out[#out + 1] = ("%s00%d%d%s"):format(sign, tf, tr, t[drop].csa)
    elseif pos:at(from) then
      local ff, fr = common.file_rank(from)
      local pc = pos:at(from):upper()
      out[#out + 1] = ("%s%d%d%d%d%s"):format(sign, ff, fr, tf, tr,
        t[promote and t[pc].promotes_to or pc].csa)
    end
    if v.times[n + 1] then out[#out + 1] = time_text(v.times[n + 1], v3) end
    remarks(n + 1)
  end
  if e and e.name then
    local n = e.name
    if n == "OUTE_SENNICHITE" then   -- the checking side (the one not to move) lost
      n = (v.positions[#v.moves]:side() == "b" and "-" or "+") .. "ILLEGAL_ACTION"
    elseif n == "MAX_MOVES" and not v3 then n = "JISHOGI"
    end
    out[#out + 1] = "%" .. n
    if e.time then out[#out + 1] = time_text(e.time, v3) end
    if e.comment then
      for l in (e.comment .. "\n"):gmatch("(.-)\n") do out[#out + 1] = "'*" .. l end
    end
  end
  return table_concat(out, "\n") .. "\n"
end

return M
