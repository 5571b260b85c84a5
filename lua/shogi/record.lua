-- shogi.record: read and write game records (KIF, KI2, CSA, JKF, USI/SFEN, BOD).
--   local record = require "shogi.record"
--   local g, msg, partial = record.read("game.kif")       -- or the text itself
--   print(record.write(g, "csa", {version = "3.0"}))
-- Reading finds each move's text and hands it to the core's notation parser
-- (pos:parse_move, with the previous move for 同), which decides what it is and
-- whether it is legal; a move it refuses stops with "file:line: move N: <the
-- core's reason>" (with "(text)" when the reason does not quote it) and the
-- game so far as a third value.  Everything a
-- record says besides the moves (headers, comments, times, bookmarks,
-- variations, the stated end) goes into g:info():
--   info.headers        header name (KIF spelling: 先手, 後手, 棋戦, ...) -> value
--   info.header_order   header names in the order they were read
--   info.comments[ply]  comment after move `ply` (0: before the first move), lines joined by "\n"
--   info.times[ply]     {used = seconds, total = seconds or nil}
--   info.bookmarks[ply] KIF "&" bookmark name
--   info.branches       list of {ply = N, moves = {usi...}, comments, times, bookmarks,
--                       ending, branches}: alternatives to move N of the line they hang from
--   info.ending         {name = "TORYO"|"SENNICHITE"|..., ply = N, text = as written,
--                       summary = "まで..." line, time = {used, total}, winner = "b"|"w"|"draw"}
--   info.warnings       what a leniently read start position breaks ("file:line: start position: ...")
--   info.format, info.source, info.encoding  where the game came from, and its bytes' encoding
local common = require "shogi.record.common"

local io, type, pcall, require, tostring, ipairs, pairs, error, setmetatable =
  io, type, pcall, require, tostring, ipairs, pairs, error, setmetatable
local table_concat = table.concat
local quote = require("shogi.core").quote
local utf8_check, sjis_lead = require("shogi.core").utf8_check, require("shogi.core").sjis_lead
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.formats = {"kif", "ki2", "csa", "jkf", "usi", "sfen", "bod"}

local extension_format = {
  kif = "kif", kifu = "kif", ki2 = "ki2", ki2u = "ki2", csa = "csa", jkf = "jkf", json = "jkf",
  usi = "usi", sfen = "usi", bod = "bod",
}
local module_of = {kif = "kif", ki2 = "kif", csa = "csa", jkf = "jkf", usi = "usi", sfen = "usi",
                   bod = "bod"}

--- record.format_of(path) -> format name for a file name's extension, or nil
function M.format_of(path)
  local ext = type(path) == "string" and path:match("%.([%w]+)$")
  return ext and extension_format[ext:lower()] or nil
end

-- ---- bytes to UTF-8 lines -------------------------------------------------------
local function line_of(text, pos)
  local n = 1
  for _ in text:sub(1, pos - 1):gmatch("\n") do n = n + 1 end
  return n
end

local function iconv(text, from, to)
  local core = require "shogi.core"
  if type(core.iconv) ~= "function" then return nil, "no iconv in shogi.core" end
  return core.iconv(text, from, to)
end

-- Returns UTF-8 text (BOM removed) and the encoding it was in ("UTF-8",
-- "CP932", "EUC-JP") | nil, msg.  hint: "utf-8", "cp932", "euc-jp" or nil (sniff).
local function decode(bytes, name, hint)
  if bytes:sub(1, 3) == "\239\187\191" then bytes = bytes:sub(4) end
  hint = hint and hint:lower():gsub("[_-]", "")
  -- (core.utf8_check: utf8.len's reading, in C with ASCII runs taken eight bytes at a time)
  local valid, bad = false, nil
  if hint == "utf8" or not hint then valid, bad = utf8_check(bytes) end
  if hint == "utf8" or valid then
    if valid then return bytes, "UTF-8" end
    return nil, ("%s:%d: not valid UTF-8"):format(name, line_of(bytes, bad))
  end
  local order
  if hint == "cp932" or hint == "shiftjis" or hint == "sjis" then
    order = {"CP932"}
  elseif hint == "eucjp" then
    order = {"EUC-JP"}
  elseif hint then
    return nil, ("%s:1: unknown encoding '%s' (UTF-8, CP932 or EUC-JP)"):format(name, hint)
  elseif sjis_lead(bytes) then   -- lead bytes only Shift_JIS uses
    order = {"CP932", "EUC-JP"}
  else
    order = {"EUC-JP", "CP932"}
  end
  for _, enc in ipairs(order) do
    local out = iconv(bytes, enc, "UTF-8")
    if out then
      if out:sub(1, 3) == "\239\187\191" then out = out:sub(4) end
      return out, enc
    end
  end
  local first = bytes:find("[\128-\255]") or 1
  return nil, ("%s:%d: unknown encoding (neither UTF-8, Shift_JIS nor EUC-JP)"):format(
    name, line_of(bytes, first))
end
M.decode = decode

-- the lines of a text at LF, CRLF, CR (and CR CR LF) ends: core.lines, in C (the readers' hot path)
local split_lines = require("shogi.core").lines

-- ---- format sniffing ------------------------------------------------------------------
local function sniff(lines)
  local has = {}
  for i, l in ipairs(lines) do
    if i > 400 then break end
    if i == 1 and l:match("^%s*[{%[]") then return "jkf" end
    if l:match("^%s*position%s") or l:match("^%s*sfen%s") then return "usi" end
    if l:match("^[+-]%d%d%d%d%u%u") or l:match("^PI") or l:match("^P[1-9]") or l:match("^V[23]")
      or l:match("^N[+-]") or l:match("^%%%u") or l:match("^P[+-]00") then
      has.csa = true
    end
    if l:match("^手数%-%-%-%-") or l:match("^%s*%d+%s+[１-９同]") or l:match("^%s*%d+%s+%S+%s*%(") then
      has.kif = true
    end
    for _, mark in ipairs({"▲", "△", "▽", "☗", "☖"}) do
      if l:find(mark, 1, true) and not l:match("^%*") then has.ki2 = true end
    end
    if l:match("^%+%-%-%-") then has.bod = true end
    if l:match("^[%w%+/]+ [bw] [%w%-]+") and l:find("/", 1, true) then has.sfen = true end
  end
  if has.kif then return "kif" end
  if has.csa then return "csa" end
  if has.ki2 then return "ki2" end
  if has.bod then return "bod" end
  if has.sfen then return "usi" end
  return nil
end

-- ---- replaying into a game ---------------------------------------------------------------
local function clean_error(e)
  e = tostring(e)
  return (e:gsub("^[^:\n]*:%d+: ", ""))
end

-- "file:line: move N (text): reason", the text said once: not again when the
-- core's reason quotes it already (the core quotes a move as quote(text, 63) does)
local function move_error(name, mv, ply, err)
  err = tostring(err)
  local text = quote(mv.text, 63)
  local quoted = "'" .. text .. "'"
  if err:sub(1, #quoted + 2) == quoted .. ": " then err = err:sub(#quoted + 3) end
  if err:find(quoted, 1, true) then return ("%s:%d: move %d: %s"):format(name, mv.lineno, ply, err) end
  return ("%s:%d: move %d (%s): %s"):format(name, mv.lineno, ply, text, err)
end

local function copy_line_data(line)
  return {comments = line.comments or {}, times = line.times or {}, bookmarks = line.bookmarks or {}}
end

local function stated_ending(e, ply, side)
  if not e then return nil end
  return {name = e.name, ply = ply, text = e.text, summary = e.summary, time = e.time, comment = e.comment,
      winner = e.winner or common.ending_winner(e.name, side)}
end

-- Replays a branch from the position table of its parent; returns the info entry.
local function replay_branch(rec, br, parent_positions, name)
  local positions = setmetatable({}, {__index = parent_positions})
  local out = copy_line_data(br)
  out.ply, out.moves, out.branches = br.first, {}, {}
  local prev = parent_positions.moves and parent_positions.moves[br.first - 1]
  local moves_by_ply = setmetatable({}, {__index = parent_positions.moves})
  positions.moves = moves_by_ply
  for i, mv in ipairs(br.moves) do
    local ply = br.first + i - 1
    local pos = positions[ply - 1]
    if not pos then
      return nil, ("%s:%d: variation at move %d does not follow a move of its line"):format(
        name, br.lineno or mv.lineno, br.first)
    end
    local usi, err = rec.resolve(mv, pos, prev)
    if not usi then
      return nil, move_error(name, mv, ply, err)
    end
    positions[ply] = pos:after(usi)
    moves_by_ply[ply] = usi
    out.moves[i] = usi
    prev = usi
  end
  local last = positions[br.first + #br.moves - 1]
  out.ending = stated_ending(br.ending, br.first + #br.moves - 1, last and last:side())
  for _, sub in ipairs(br.branches or {}) do
    local b, err = replay_branch(rec, sub, positions, name)
    if not b then return nil, err end
    out.branches[#out.branches + 1] = b
  end
  return out
end

local function verdict_reason(g)
  local v = g:result()
  return v and v.reason, v
end

-- Applies the record's end marker to the game; returns true | nil, msg.
-- the verdicts g:end_by makes (the others come from play, claims or end tests)
local BY_RULE = {["time-up"] = true, ["illegal-move"] = true, resignation = true, agreement = true}

local function apply_ending(g, e, name)
  local where = ("%s:%d: "):format(name, e.lineno or 0)
  local reason = verdict_reason(g)
  local n = e.name
  if n == "TORYO" then
    if not reason then
      local ok, err = pcall(g.resign, g)
      if not ok then return nil, where .. (e.text or n) .. ": " .. clean_error(err) end
    end
  elseif n == "KACHI" then
    if not reason then
      local ok, r, msg = pcall(g.declare, g)
      if not ok or (r == nil and msg) or r == false then
        return nil, where .. (e.text or n) .. ": declaration refused: " ..
          clean_error(ok and (msg or "refused") or r)
      end
    elseif reason ~= "declaration" then
      return nil, where .. (e.text or n) .. ": the game had already ended (" .. reason .. ")"
    end
  elseif n == "SENNICHITE" or n == "OUTE_SENNICHITE" then
    if reason ~= "sennichite" and reason ~= "perpetual-check" then
      return nil, where .. (e.text or n) ..
        ": no repetition: the position has not occurred four times"
    end
  end
  -- 詰み/%TSUMI is kept as stated: a tsume record ends "詰み" where only a futile
  -- interposition is left, which the rules of play do not call checkmate.
  if g:result() then return true end
  -- a verdict komadai wrote as a comment (a custom one, the 24-point count, a
  -- resignation or time loss of the side not to move)
  local vreason, vwinner = common.parse_verdict_comment(e.comment)
  local loser = vwinner and (vwinner == "b" and "w" or "b")
  if vreason == "impasse-24" then
    pcall(g.impasse, g)
  elseif BY_RULE[vreason] then
    pcall(g.end_by, g, vreason, loser)
  elseif vreason then
    pcall(g.end_custom, g, {reason = vreason, winner = vwinner, text = "read from the record: " .. e.comment})
  end
  if g:result() then return true end
  -- fouls and time losses the record states become verdicts
  local p = n and common.parse_ending("csa", n, g:side())
  if p and p.result and (p.reason == "time-up" or p.reason == "illegal-move") then
    pcall(g.end_by, g, p.reason, p.loser)
  end
  return true
end

-- The main line played in one call to the core (g:play_texts) when nothing needs
-- the position before each move (no variations to hang on them) and every move is
-- in the one notation the reader names (rec.notation: a name, or a function of a
-- move), or, for a reader whose moves are not texts the core reads (JKF's objects),
-- the one notation rec.play_text(mv, variant) gives with each move's text.  Returns
-- the index of the first move not played: the move-by-move loop goes on from there
-- and gives any error in its own words.
local function fast_replay(g, rec, main, variant)
  local moves = main.moves
  local notation = rec.notation
  if not (notation or rec.play_text) or #moves == 0 or (main.branches and #main.branches > 0) then return 1 end
  local texts = {}
  if rec.play_text then
    for i, mv in ipairs(moves) do
      local text, n = rec.play_text(mv, variant)
      if i == 1 then notation = n elseif n ~= notation then return 1 end
      texts[i] = text
    end
  elseif type(notation) == "string" then
    -- (the record's every move in one notation: no call per move; moves given as
    -- their texts are handed over as they are)
    if type(moves[1]) == "string" then
      texts = moves
    else
      for i, mv in ipairs(moves) do texts[i] = mv.text end
    end
  else
    notation = rec.notation(moves[1])
    for i, mv in ipairs(moves) do
      if rec.notation(mv) ~= notation then return 1 end
      texts[i] = mv.text
    end
  end
  local ok, n = pcall(g.play_texts, g, texts, notation)
  if not ok then return g:ply() + 1 end
  return n + 1
end

-- rec (from a format parser) -> game | nil, msg, partial game.  rec.main.moves: each move
-- a table {text =, lineno =, ...}, or (CSA, no table per move) its text alone, its line
-- number in rec.main.move_lines; or a reader's move list in C (a "shogi.texts": t[i] the
-- text, t:line(i) its line)
local function build(rec, name, fmt, opts)
  local shogi = require "shogi"
  local variant = rec.variant or opts.variant
  local start = rec.start or (variant == "sho" and "sho" or "startpos")
  local gopts = opts.game
  if gopts == nil and rec.main.ending and rec.main.ending.name == "KACHI" then
    gopts = {declaration = true}   -- the record says a declaration rule was in force
  end
  if variant then
    local o = {variant = variant}
    for k, val in pairs(gopts or {}) do o[k] = val end
    gopts = o
  end
  local ok, g, gerr = pcall(shogi.game, start, gopts)
  local warnings
  if not (ok and g) then
    -- a start that breaks a diagram rule (Kifu for Windows' nine pawns on one
    -- file) is read leniently, with what it breaks as warnings
    local lopts = {strict = false}
    for k, val in pairs(gopts or {}) do lopts[k] = val end
    local lenient = start ~= "startpos" and start ~= "sho" and
      shogi.position(start, {variant = variant, strict = false})
    if lenient then
      local ok2, g2 = pcall(shogi.game, lenient, lopts)
      if ok2 and g2 then
        ok, g, warnings = true, g2, {}
        for _, p in ipairs(lenient:problems()) do
          warnings[#warnings + 1] = ("%s:%d: start position: %s"):format(name, rec.start_line or 1, p.text)
        end
      end
    end
  end
  if not ok or not g then
    return nil, ("%s:%d: bad start position: %s"):format(name, rec.start_line or 1,
      clean_error(ok and gerr or g))
  end
  local info = g:info()
  info.format, info.source = fmt, name
  info.warnings = warnings
  info.headers, info.header_order = rec.headers or {}, rec.header_order or {}
  local main = rec.main
  info.comments, info.times, info.bookmarks = main.comments or {}, main.times or {}, main.bookmarks or {}
  info.branches = {}
  info.notes = main.notes
  info.csa_version = rec.version
  -- the positions the loop below (and the variations) play from: none made when the
  -- main line was played whole in one call
  local positions = {moves = {}}
  local prev = nil
  local first = fast_replay(g, rec, main, rec.play_text and g:position():variant())
  if first == 1 then
    positions[0] = g:position()
  elseif first <= #main.moves then
    positions[first - 1] = g:position()
    prev = g:moves()[first - 1]
  end
  for i = first, #main.moves do
    local mv = main.moves[i]
    if type(mv) == "string" then
      mv = {text = mv, lineno = main.move_lines and main.move_lines[i] or main.moves:line(i)}
    end
    local ply = i
    local pos = positions[ply - 1]
    local usi, err = rec.resolve(mv, pos, prev)
    if usi then
      local played, perr = pcall(g.play, g, usi)
      if not played then usi, err = nil, clean_error(perr) end
    end
    if not usi then
      local e = main.ending
      local mover = pos:side()
      local foul, why
      if i == #main.moves and e and rec.foul and (e.name == "ILLEGAL_MOVE" or
          e.name == (mover == "b" and "+ILLEGAL_ACTION" or "-ILLEGAL_ACTION")) then
        foul, why = rec.foul(mv, pos, prev)
      end
      if foul then
        -- the record itself says this move was a foul: keep it beside the ending
        info.ending = stated_ending(e, #main.moves - 1, mover)
        info.ending.illegal = {usi = foul, text = mv.text, reason = tostring(why)}
        pcall(g.end_by, g, "illegal-move", mover)
        return g
      end
      return nil, move_error(name, mv, ply, err), g
    end
    positions[ply] = g:position()
    positions.moves[ply] = usi
    prev = usi
  end
  if main.ending then
    info.ending = stated_ending(main.ending, #main.moves, g:side())
    local applied, err = apply_ending(g, main.ending, name)
    if not applied then return nil, err, g end
  end
  for _, br in ipairs(main.branches or {}) do
    local b, err = replay_branch(rec, br, positions, name)
    if not b then return nil, err, g end
    info.branches[#info.branches + 1] = b
  end
  return g
end

--- record.read(path_or_text [, format [, opts]]) -> game | nil, "file:line: message" [, partial game]
-- opts: {encoding = "cp932"|"utf-8"|"euc-jp", name = "source name", game = options for shogi.game,
--        variant = "sho" (for a record that does not name its variant: a bare SFEN)}
-- raises for an option name that is not in known (a list), naming the known ones
local function check_options(opts, known, fname)
  if opts == nil then return {} end
  if type(opts) ~= "table" then
    error(("bad argument #3 to '%s' (options table expected, got %s)"):format(fname, type(opts)), 3)
  end
  for k in pairs(opts) do
    local ok = false
    for _, name in ipairs(known) do ok = ok or k == name end
    if not ok then
      error(("bad argument #3 to '%s' (unknown option '%s' (known: %s))"):format(fname, tostring(k),
        table_concat(known, ", ")), 3)
    end
  end
  return opts
end

local MAX_RECORD_BYTES = 64 * 1024 * 1024

function M.read(src, format, opts)
  if type(src) ~= "string" then
    error("bad argument #1 to 'read' (path or record text expected, got " .. type(src) .. ")", 2)
  end
  if format ~= nil and type(format) ~= "string" then
    error("bad argument #2 to 'read' (format name expected, got " .. type(format) .. ")", 2)
  end
  opts = check_options(opts, {"encoding", "game", "name", "variant"}, "read")
  local name, bytes, from_file = opts.name, nil, false
  if not src:find("\n", 1, true) and #src < 4096 then
    local f = io.open(src, "rb")
    if f then
      -- a record is small: never read past the cap (a device such as /dev/zero has no end).
      -- A file that tells its size is read into a buffer of that size (a read of the cap
      -- itself asks Lua for a buffer of the cap, 64 MiB, for every file), the rest after it
      -- (a file that grew since) up to the cap
      local size = f:seek("end")
      if size and not f:seek("set") then size = nil end
      local want = (size and size > 0 and size < MAX_RECORD_BYTES) and size + 1 or MAX_RECORD_BYTES + 1
      bytes = f:read(want) or ""
      if #bytes == want and want <= MAX_RECORD_BYTES then
        bytes = bytes .. (f:read(MAX_RECORD_BYTES + 1 - want) or "")
      end
      f:close()
      if #bytes > MAX_RECORD_BYTES then
        return nil, ("%s:0: the file is larger than %d MiB, too large for a record"):format(src,
          MAX_RECORD_BYTES // (1024 * 1024))
      end
      name = name or src
      format = format or M.format_of(src)
      from_file = true
    elseif M.format_of(src) and not src:find("%s") then
      return nil, ("%s:0: cannot open the file"):format(src)
    end
  end
  if not bytes then bytes, name = src, name or "record" end
  if format then
    format = format:lower()
    if not module_of[format] then
      error("bad argument #2 to 'read' (unknown format '" .. format ..
        "': kif, ki2, csa, jkf, usi, sfen or bod)", 2)
    end
  end
  if bytes == "" then return nil, name .. ":1: empty record" end
  local text, derr = decode(bytes, name, opts.encoding)
  if not text then return nil, derr end
  local encoding = derr
  -- a reader in C takes the usual records whole (no line strings); the rest, and any
  -- record whose format is sniffed, are read line by line
  local mod = format and require("shogi.record." .. module_of[format])
  local rec, nlines
  if mod and mod.read_text then rec, nlines = mod.read_text(text) end
  if not rec then
    local lines = split_lines(text)
    nlines = #lines
    if not format then
      format = sniff(lines)
      if not format then return nil, name .. ":1: unknown record format" end
      mod = require("shogi.record." .. module_of[format])
    end
    local perr
    rec, perr = mod.parse(lines, name)
    if not rec then return nil, perr end
  end
  local g, berr, partial = build(rec, name, format, opts)
  local last = bytes:byte(-1)
  if g and from_file and last ~= 10 and last ~= 13 and not g:info().ending and not g:result() then
    -- a file cut short (a copy or download stopped) ends inside a line: the
    -- moves before the cut would read as a whole game in progress
    return nil, ("%s:%d: the file stops inside a line and before an end of the game: cut short?"):format(
      name, nlines), g
  end
  if g then g:info().encoding = encoding end
  return g, berr, partial
end

-- ---- writing ------------------------------------------------------------------------------
-- The variations that still fit the game (moves may have been played or undone
-- since it was read): each must start within its line and replay legally.
local function valid_branches(list, positions, nmoves)
  local out = {}
  for _, b in ipairs(list or {}) do
    local ok = type(b.ply) == "number" and b.ply >= 1 and b.ply <= nmoves and positions[b.ply - 1]
    local pos = setmetatable({}, {__index = positions})
    if ok then
      for i, m in ipairs(b.moves or {}) do
        local p = pos[b.ply + i - 2]
        local legal = p and p:is_legal(m)
        if not legal then ok = false; break end
        pos[b.ply + i - 1] = p:after(m)
      end
    end
    if ok then
      local copy = {}
      for k, val in pairs(b) do copy[k] = val end
      copy.branches = valid_branches(b.branches, pos, b.ply + #(b.moves or {}) - 1)
      out[#out + 1] = copy
    end
  end
  return out
end

-- What a writer needs of a game, as plain values.
local function view(g, format)
  local info = (g.info and g:info()) or {}
  local start = g:start()
  local moves = g:moves()
  local positions = {[0] = start}
  for i, m in ipairs(moves) do positions[i] = positions[i - 1]:after(m) end
  local last = positions[#moves]
  local ending = info.ending
  if ending and ending.ply ~= #moves then ending = nil end
  if ending and ending.illegal then
    -- the foul is written as a move: the end then names the fouler by sign
    -- (%+ILLEGAL_ACTION, KIF 反則勝ち for the side to move after it)
    local named = {}
    for k, val in pairs(ending) do named[k] = val end
    named.name = (last:side() == "b" and "+" or "-") .. "ILLEGAL_ACTION"
    ending = named
  end
  local verdict = g:result()
  if verdict then
    local derived = common.ending_of_game(g, format)
    -- the game's own verdict wins over a stale or contradicting stated one
    if not ending or common.ending_winner(ending.name, last:side()) ~= (verdict.winner or "draw")
        or (derived.name ~= ending.name and derived.comment) then
      ending = {name = derived.name, text = derived.text, comment = derived.comment, ply = #moves,
                from_game = true}
    end
  end
  return {
    game = g, info = info, start = start, moves = moves, positions = positions,
    branches = valid_branches(info.branches, positions, #moves),
    headers = info.headers or {}, header_order = info.header_order or {},
    comments = info.comments or {}, times = info.times or {}, bookmarks = info.bookmarks or {},
    ending = ending, verdict = verdict,
  }
end
M.view = view

--- record.write(game, format [, opts]) -> text | nil, msg
-- opts: {encoding = "cp932" (KIF/KI2/CSA bytes in Shift_JIS), version = "2.2"|"3.0" (CSA)}
function M.write(g, format, opts)
  if type(format) ~= "string" or not module_of[format:lower()] then
    error("bad argument #2 to 'write' (format expected: kif, ki2, csa, jkf, usi, sfen or bod)", 2)
  end
  format = format:lower()
  opts = check_options(opts, {"encoding", "version"}, "write")
  local mod = require("shogi.record." .. module_of[format])
  local text = mod.write(view(g, format), format, opts)
  local enc = opts.encoding and opts.encoding:lower():gsub("[_-]", "")
  if enc and enc ~= "utf8" then
    local target = (enc == "cp932" or enc == "shiftjis" or enc == "sjis") and "CP932"
      or (enc == "eucjp" and "EUC-JP")
    if not target then
      error("bad option 'encoding' to 'write' (utf-8, cp932 or euc-jp)", 2)
    end
    if format == "kif" or format == "ki2" then
      text = text:gsub("encoding=UTF%-8", "encoding=" .. (target == "CP932" and "Shift_JIS" or target))
    elseif format == "csa" then
      text = text:gsub("'CSA encoding=UTF%-8", "'CSA encoding=" ..
        (target == "CP932" and "SHIFT_JIS" or target))
    end
    local out, err = iconv(text, "UTF-8", target)
    if not out then return nil, "write: cannot encode in " .. target .. ": " .. tostring(err) end
    text = out
  end
  return text
end

M._split_lines, M._sniff = split_lines, sniff
return M
