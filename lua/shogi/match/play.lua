-- shogi.match.play: one game between two engines, adjudicated by a komadai game and the runner's clock.
--   local r = play.game(cfg, players, index, opening)
-- players[1], players[2]: {spec = cfg.engines[k], e = engine or nil}; the engines are started (or
-- restarted after a crash, a hang or a malformed line) when the game needs them.  The game is a
-- shogi.game with the match's rules, so the core decides mate, sennichite, perpetual check,
-- declaration and the move cap; the runner adds the clock and the engines' faults (an illegal move, a
-- crash, a hang, a time loss, a refused declaration), each a loss for the side at fault with the
-- reason in the record and in the result.
-- r = {index, sente, gote, a_sente, result = "1-0"|"0-1"|"1/2-1/2", reason, plies, a_score, opening, files,
--      seconds (the game's wall time, its engines' start included: what a tuner's idle slots are measured by)}
local shogi = require "shogi"
local core = require "shogi.core"
local clock = require "shogi.match.clock"

local io_open, ipairs, os_date, pcall, string_format, tostring = io.open, ipairs, os.date, pcall, string.format,
  tostring
local math_abs, math_floor, string_gsub, table_concat, tonumber = math.abs, math.floor, string.gsub, table.concat,
  tonumber
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.HANG_GRACE = 0.5 -- seconds past the allowed time before a silent engine is killed

-- the engine of a player, started or restarted as needed: e | nil, msg
local function ensure(p)
  if p.e and p.e:alive() then return p.e end
  local s = p.spec
  local e, msg
  if p.e then e, msg = p.e:restart()
  else
    e, msg = shogi.engine{cmd = s.cmd, args = s.args, cwd = s.dir, name = s.name, options = s.options,
      stderr = s.stderr or "null", group = s.group}
  end
  if not e then return nil, msg end
  p.e = e
  return e
end

local function other(side) return side == "b" and "w" or "b" end

-- the comment of a move: the engine's score, depth, nodes, the time it took in milliseconds and its line
local function move_comment(r)
  local parts = {}
  if r.mate then parts[#parts + 1] = "mate " .. tostring(r.mate)
  elseif r.score then parts[#parts + 1] = "cp " .. r.score end
  if r.depth then parts[#parts + 1] = "depth " .. r.depth end
  if r.nodes then parts[#parts + 1] = "nodes " .. string_format("%d", r.nodes) end
  parts[#parts + 1] = string_format("time %dms", math_floor(r.seconds * 1000 + 0.5))
  if r.pv and #r.pv > 0 then parts[#parts + 1] = "pv " .. table_concat(r.pv, " ") end
  return table_concat(parts, " ")
end

-- the score of an answer in centipawns from the mover's side (a mate as a score past every cp), or nil
local MATE_CP = 100000
local function score_cp(r)
  if r.mate then
    local n = tonumber(r.mate)
    if n then return n >= 0 and MATE_CP or -MATE_CP end
    return (tostring(r.mate):sub(1, 1) == "-") and -MATE_CP or MATE_CP
  end
  return r.score
end

-- Adjudication as cutechess-cli's -resign and -draw: adj.resign = {movecount, score, twosided},
-- adj.draw = {movenumber, movecount, score}.  track(side, cp) after each move; -> "resign", side
-- (that side loses) | "draw" | nil.  A move without a score breaks every run.
local function adjudicator(cfg)
  local lows, highs, quiet = {b = 0, w = 0}, {b = 0, w = 0}, 0
  return function(side, cp, ply)
    local rs, dr = cfg.resign, cfg.draw
    if cp == nil then lows[side], highs[side], quiet = 0, 0, 0; return nil end
    lows[side] = cp <= -(rs and rs.score or 0) and lows[side] + 1 or 0
    highs[side] = cp >= (rs and rs.score or 0) and highs[side] + 1 or 0
    quiet = dr and math_abs(cp) <= dr.score and quiet + 1 or 0
    if rs and lows[side] >= rs.movecount and (not rs.twosided or highs[other(side)] >= rs.movecount) then
      return "resign", side
    end
    if dr and ply >= 2 * dr.movenumber and quiet >= 2 * dr.movecount then return "draw" end
    return nil
  end
end

-- ends the game with a loss for side: the record's end marker and a comment that says why
local function forfeit(g, side, marker, why)
  if not g:result() then g:resign(side) end
  local info = g:info()
  info.ending = {name = marker, ply = #g:moves(), comment = why}
  return why
end

local FAULT_MARKER = {timeout = "TIME_UP", time = "TIME_UP", illegal = "ILLEGAL_MOVE"}
local function fault_marker(kind, side)
  return FAULT_MARKER[kind] or (side == "b" and "+ILLEGAL_ACTION" or "-ILLEGAL_ACTION")
end

local function safe_name(s) return (string_gsub(s, "[^%w._-]", "_")) end

local function write_records(cfg, g, index, names)
  local base = string_format("%s/%04d-%s-vs-%s", cfg.out, index, safe_name(names.b), safe_name(names.w))
  local files = {}
  for _, fmt in ipairs({"kif", "csa"}) do
    local text, msg = g:write(fmt)
    if not text then return nil, msg end
    local path = base .. "." .. fmt
    local f, err = io_open(path, "w")
    if not f then return nil, "match: cannot write " .. path .. ": " .. tostring(err) end
    f:write(text)
    f:close()
    files[#files + 1] = path
  end
  return files
end

--- game(cfg, players, index, opening) -> result table (see the top of the file)
function M.game(cfg, players, index, opening)
  local t0 = core.now()
  local a_sente = index % 2 == 1 -- game 1: the first engine has sente; colours alternate
  local by_side = a_sente and {b = players[1], w = players[2]} or {b = players[2], w = players[1]}
  local names = {b = by_side.b.spec.name, w = by_side.w.spec.name}
  local g = shogi.game(opening.start, {rules = cfg.rules, max_moves = cfg.maxmoves})
  for _, m in ipairs(opening.moves) do g:play(m) end
  local info = g:info()
  info.headers = info.headers or {}
  info.header_order = info.header_order or {}
  local function header(k, v)
    if info.headers[k] == nil then info.header_order[#info.header_order + 1] = k end
    info.headers[k] = v
  end
  header("開始日時", os_date("%Y/%m/%d %H:%M:%S"))
  -- the time control goes in the event: 持ち時間 and CSA's $TIME_LIMIT have formats of their own
  -- (and no comma: CSA reads one as the end of a statement)
  local tc_b, tc_w = clock.describe(by_side.b.spec), clock.describe(by_side.w.spec)
  header("棋戦", string_format("komadai match game %d (%s)", index,
    tc_b == tc_w and tc_b or (names.b .. " " .. tc_b .. " / " .. names.w .. " " .. tc_w)))
  header("先手", names.b)
  header("後手", names.w)
  info.comments = info.comments or {}
  info.times = info.times or {}
  local clocks = {b = clock.new(by_side.b.spec), w = clock.new(by_side.w.spec)}
  local adjudicate = (cfg.resign or cfg.draw) and adjudicator(cfg)
  local why
  local pondering = {} -- side -> the move its engine ponders on (-pondering)
  local resigns -- the side adjudicated lost: it resigns when next to move, so the record ends with %TORYO

  -- start both engines and tell them a game begins
  for _, side in ipairs({"b", "w"}) do
    if not why then
      local e, msg = ensure(by_side[side])
      if e then
        local ok, msg2 = e:newgame()
        if not ok then msg = msg2; e = nil end
      end
      if not e then why = forfeit(g, side, fault_marker("crash", side), msg) end
    end
  end

  while not why and not g:result() do
    local side = g:side()
    local p = by_side[side]
    local c = clocks[side]
    if resigns == side then
      why = forfeit(g, side, "TORYO", string_format("adjudicated: %s's score at or below -%d for %d moves",
        names[side], cfg.resign.score, cfg.resign.movecount))
      break
    end
    local e, msg = ensure(p)
    if not e then why = forfeit(g, side, fault_marker("crash", side), msg); break end
    local opts = c:go_options(clocks[other(side)], side)
    local allowed = c:allowed()
    -- past the allowed time the move is lost anyway; the grace tells a late answer (the engine lives on)
    -- from a hang (killed, restarted for the next game)
    if allowed then opts.timeout = allowed / 1000 + M.HANG_GRACE end
    -- a ponder on the move just played goes on as this move's search; any other is stopped by e:go
    local expected = pondering[side]
    pondering[side] = nil
    local moves_so_far = g:moves()
    local r, err, kind
    if expected and expected == moves_so_far[#moves_so_far] then r, err, kind = e:ponderhit()
    else r, err, kind = e:go(g, opts) end
    if not r then
      if kind == "timeout" then
        err = string_format("%s loses on time: %s", names[side], err)
      end
      why = forfeit(g, side, fault_marker(kind, side), err)
      break
    end
    local ms = r.seconds * 1000
    local in_time, late = c:spend(ms)
    local ply = #g:moves() + 1
    info.times[ply] = {used = r.seconds, total = c.used_total / 1000}
    if not in_time then
      why = forfeit(g, side, "TIME_UP", string_format("%s loses on time: %s", names[side], late))
      break
    end
    local m = r.bestmove
    if m == "resign" then
      g:resign(side)
    elseif m == "win" then
      local ok, v = pcall(g.declare, g)
      if not ok then
        why = forfeit(g, side, fault_marker("illegal", side),
          string_format("%s declared a win: %s", names[side], (string_gsub(tostring(v), "^.-: ", "", 1))))
      end
    else
      local legal, reason = g:is_legal(m)
      if not legal then
        why = forfeit(g, side, "ILLEGAL_MOVE", string_format("%s played the illegal move %s: %s", names[side], m,
          tostring(reason)))
      else
        g:play(m)
        info.comments[ply] = move_comment(r)
        local verdict, loser = nil, nil
        if adjudicate and not resigns and not g:result() then verdict, loser = adjudicate(side, score_cp(r), ply) end
        if cfg.pondering and r.ponder and not g:result() and g:is_legal(r.ponder) then
          local ahead = g:copy()
          ahead:play(r.ponder)
          local popts = c:go_options(clocks[other(side)], side)
          local after = c:allowed()
          if after then popts.timeout = after / 1000 + M.HANG_GRACE end
          if e:ponder(ahead, popts) then pondering[side] = r.ponder end
        end
        if verdict == "resign" then
          resigns = loser
        elseif verdict == "draw" then
          g:agree_draw()
          why = string_format("adjudicated a draw: both scores within %d for %d moves each", cfg.draw.score,
            cfg.draw.movecount)
          info.ending = {name = "HIKIWAKE", ply = #g:moves(), comment = why}
        end
      end
    end
  end

  local v = g:result()
  local result = not v and "*" or v.outcome == "draw" and "1/2-1/2" or v.winner == "b" and "1-0" or "0-1"
  local reason = why or (v and v.text) or "unfinished"
  -- tell the engines how it ended
  for _, side in ipairs({"b", "w"}) do
    local e = by_side[side].e
    if e and e:alive() then
      local word = result == "1/2-1/2" and "draw" or (result == "1-0") == (side == "b") and "win" or "lose"
      e:gameover(word)
    end
  end
  local a_score = result == "1/2-1/2" and 0.5 or ((result == "1-0") == a_sente) and 1 or 0
  local out = {index = index, sente = names.b, gote = names.w, a_sente = a_sente, result = result,
    reason = reason, plies = #g:moves(), a_score = a_score, opening = opening.source}
  if cfg.out then
    local files, msg = write_records(cfg, g, index, names)
    if not files then out.write_error = msg else out.files = files end
  end
  out.seconds = core.now() - t0
  return out, g
end

return M
