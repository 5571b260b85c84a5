-- The verdict on a problem from the composer's report (shogi.tsume.check):
-- sound, or what is wrong with it, in the order a composer fixes things.
--
--   local verdict = require "shogi.tsume.verdict"
--   local v = verdict.of(report)
--   v.sound, v.kind ("sound", "cooked", ...), v.faults, v.notes, v.text
--
-- Faults (each {kind =, text =, ply =}), the first one's kind is v.kind:
--   invalid-start    the diagram breaks the tsume start rules (or the solver cannot take it)
--   is-tsume         (hisshi) the start mates outright: no hisshi problem
--   no-mate          the solver proves there is none
--   undecided        the solver hit its limit
--   wrong-solution   the intended line is illegal, not a mate, or a defence escapes it
--   wrong-length     the intended line is not the main line's length
--   cooked           another attacker move mates (余詰), before the last move
--   unneeded-piece   a board piece whose removal leaves the same mate (不要駒)
--   leftover-pieces  the attacker holds pieces when the line ends (駒余り)
-- Notes (not faults): a lance, rook or bishop drop that mates as well from
-- another square on the same line to the king (非限定: one note per move, not
-- one cook per square); another move that reaches the intended line's own
-- position again at a later move against the same defences (a free route,
-- one solution rather than a second one); another mate on the last move (最終手余詰, which the
-- composing conventions tolerate); a defence as long with nothing left over
-- (変同).
local core = require "shogi.core"

local ipairs, pairs, pcall, tostring = ipairs, pairs, pcall, tostring
local math_abs = math.abs
local string_format, string_match = string.format, string.match
local table_concat, table_sort = table.concat, table.sort
local _ENV = nil -- luacheck: ignore 211

local M = {}

local LONG_DROPS = {L = "line", R = "line", B = "diagonal"}

local function coords(sq)
  local f, r = string_match(sq or "", "^([1-9])([a-i])$")
  if not f then return nil end
  return f + 0, r:byte() - 96
end

-- the unit step from a to b when b lies on a straight line from a of the kind, else nil
local function step(a, b, kind)
  local af, ar = coords(a)
  local bf, br = coords(b)
  if not af or not bf or (af == bf and ar == br) then return nil end
  local df, dr = bf - af, br - ar
  if kind == "line" and df ~= 0 and dr ~= 0 then return nil end
  if kind == "diagonal" and math_abs(df) ~= math_abs(dr) then return nil end
  local function sign(x) return x > 0 and 1 or (x < 0 and -1 or 0) end
  return sign(df) .. "," .. sign(dr)
end

-- the defender's king square before each move of the line
local function king_squares(report, line)
  local out = {}
  local pos = report.position and core.position(report.position, {strict = false})
  if not pos then return out end
  local defender = report.attacker == "b" and "w" or "b"
  for i = 1, #line do
    for sq, pc in pairs(pos:pieces(defender)) do
      if pc == "K" or pc == "k" then out[i] = sq end
    end
    local ok, nxt = pcall(pos.after, pos, line[i])
    if not ok then break end
    pos = nxt
  end
  return out
end

-- is the dual d the intended drop at another distance on the same line to the king?
local function non_limiting(intended, dual, king)
  local pi, si = string_match(intended or "", "^(%u)%*(%w%w)$")
  local pd, sd = string_match(dual or "", "^(%u)%*(%w%w)$")
  if not pi or pi ~= pd or not LONG_DROPS[pi] or not king then return false end
  local a, b = step(king, si, LONG_DROPS[pi]), step(king, sd, LONG_DROPS[pi])
  return a ~= nil and a == b
end

-- the positions of the intended line: at[i] the position before move i (at[#line + 1] after the last)
local function line_positions(report, line)
  local at = {}
  local pos = report.position and core.position(report.position, {strict = false})
  for i = 1, #line + 1 do
    if not pos then break end
    at[i] = pos
    if i <= #line then
      local ok, nxt = pcall(pos.after, pos, line[i])
      pos = ok and nxt or nil
    end
  end
  return at
end

-- does the dual d at move ply meet the intended line again (a route 非限定)? Played against
-- the intended defences, some later move of the attacker's reaches the very position the intended line
-- reaches at that move: the two are one solution with a free choice of route, not a second solution.
-- Zuko #34 is the case in point: N*1h or N*3h, the knight goes to 2f at move 15 either way.
-- -> the move number where they meet, or nil
local function meets_line(at, line, ply, dual)
  local ok, pos = pcall(at[ply].after, at[ply], dual)
  if not ok then return nil end
  for j = ply + 1, #line do
    local target = at[j + 1]
    if not target then return nil end
    if (j - ply) % 2 == 0 then -- the attacker's move: any move that reaches the intended position
      for _, m in ipairs(pos:legal_moves()) do
        if pos:after(m) == target then return j end
      end
    end
    local moved
    ok, moved = pcall(pos.after, pos, line[j])
    if not ok then return nil end
    pos = moved
  end
  return nil
end

-- is the dual d the intended move with the other promotion choice (成生非限定, by convention no cook)?
local function promotion_choice(intended, dual)
  if not intended or not dual then return false end
  return intended == dual .. "+" or dual == intended .. "+"
end

local function add(list, kind, text, ply) list[#list + 1] = {kind = kind, text = text, ply = ply} end

--- verdict.of(report) -> {sound = bool, kind = id, faults = {...}, notes = {...}, text = "..."}
function M.of(report)
  local faults, notes = {}, {}
  -- 1. the start and the solver's answer
  if report.status == "cannot" then
    add(faults, "invalid-start", "invalid start: " .. tostring(report.cannot))
  elseif not report.valid then
    add(faults, "invalid-start", "invalid start: " .. table_concat(report.faults or {}, "; "))
  end
  if #faults == 0 then
    if report.status == "nomate" then add(faults, "no-mate", "no mate")
    elseif report.status == "unknown" then add(faults, "undecided", "undecided (the solver hit its limit)") end
  end
  -- 2. the intended line
  for _, f in ipairs(report.solution_faults or {}) do
    if f:find("^the solver mates in") or f:find("^the defence can last") then
      add(faults, "wrong-length", string_format("wrong length: intended %d, %s", report.intended_length or 0,
        report.exact and ("mate in " .. tostring(report.length)) or f))
    else
      add(faults, "wrong-solution", "wrong solution: " .. f)
    end
  end
  local line = report.checked_line or {}
  local L = #line
  local same, same_plies = {}, {}
  for _, v in ipairs(report.variations or {}) do
    if v.kind == "escape" then
      add(faults, "wrong-solution", string_format("wrong solution: move %d %s escapes the mate", v.ply, v.move), v.ply)
    elseif v.kind == "longer" and report.intended_line then
      local seen = false
      for _, f in ipairs(faults) do seen = seen or f.kind == "wrong-length" end
      if not seen then
        add(faults, "wrong-length", string_format("wrong length: move %d %s lasts %d moves, longer than the line",
          v.ply, v.move, v.length), v.ply)
      end
    elseif v.kind == "same" then
      if not same[v.ply] then
        same[v.ply] = {}
        same_plies[#same_plies + 1] = v.ply
      end
      same[v.ply][#same[v.ply] + 1] = v.move
    end
  end
  for _, ply in ipairs(same_plies) do
    add(notes, "same-length", string_format("変同 at move %d (%s)", ply, table_concat(same[ply], " ")), ply)
  end
  -- 3. duals: cooks before the last move, 非限定 drops and last-move alternatives as notes
  local kings = king_squares(report, line)
  local at = line_positions(report, line)
  local by_ply, plies = {}, {}
  for _, d in ipairs(report.duals or {}) do
    if not by_ply[d.ply] then by_ply[d.ply] = {}; plies[#plies + 1] = d.ply end
    local t = by_ply[d.ply]
    t[#t + 1] = d
  end
  table_sort(plies)
  for _, ply in ipairs(plies) do
    local cooks, same_line, promo, routes = {}, {}, false, {}
    for _, d in ipairs(by_ply[ply]) do
      local meet = ply < L and at[ply] and meets_line(at, line, ply, d.move)
      if non_limiting(line[ply], d.move, kings[ply]) then same_line[#same_line + 1] = d.move:sub(3)
      elseif promotion_choice(line[ply], d.move) then promo = d.move
      elseif meet then routes[#routes + 1] = string_format("%s, which meets the line at move %d", d.move, meet)
      else cooks[#cooks + 1] = d.move end
    end
    if #routes > 0 then
      add(notes, "transposition", string_format("非限定 at move %d (%s, also %s)", ply, line[ply],
        table_concat(routes, "; ")), ply)
    end
    if promo then
      add(notes, "promotion-choice", string_format("成生非限定 at move %d (%s, also %s)", ply, line[ply], promo), ply)
    end
    if #same_line > 0 then
      add(notes, "non-limiting", string_format("非限定 at move %d (%s, also %s)", ply, line[ply],
        table_concat(same_line, " ")), ply)
    end
    if #cooks > 0 then
      if ply == L then
        add(notes, "last-move-dual", string_format("最終手余詰 at move %d (%s)", ply, table_concat(cooks, " ")), ply)
      else
        add(faults, "cooked", string_format("cooked at move %d (%s)", ply, table_concat(cooks, " ")), ply)
      end
    end
  end
  -- 4. the pieces
  if #(report.unneeded or {}) > 0 then
    local parts = {}
    for _, u in ipairs(report.unneeded) do parts[#parts + 1] = u.piece .. " " .. u.square end
    add(faults, "unneeded-piece", "unneeded piece" .. (#parts > 1 and "s" or "") .. ": " .. table_concat(parts, ", "))
  end
  if report.leftover then add(faults, "leftover-pieces", "leftover pieces: " .. report.leftover) end

  -- notes in the order of the line (a stable sort: notes of one move keep their order)
  for i, n in ipairs(notes) do n.order = i end
  table_sort(notes, function(a, b)
    if (a.ply or 0) ~= (b.ply or 0) then return (a.ply or 0) < (b.ply or 0) end
    return a.order < b.order
  end)
  for _, n in ipairs(notes) do n.order = nil end
  return M.from(faults, notes)
end

--- verdict.from(faults, notes) -> the verdict of those faults and notes: sound when there is no fault,
-- else the first fault's kind, and every fault's text (every genre's report ends with it)
function M.from(faults, notes)
  local texts = {}
  for _, f in ipairs(faults) do texts[#texts + 1] = f.text end
  local sound = #faults == 0
  local text = sound and "sound" or table_concat(texts, "; ")
  return {sound = sound, kind = sound and "sound" or faults[1].kind, faults = faults, notes = notes, text = text}
end

--- verdict.alternatives(faults, notes, i, move, others): the other moves that work at move i of the
-- intended line (move): the same move with the other promotion choice a note (成生非限定), the rest a cook
function M.alternatives(faults, notes, i, move, others)
  local cooks = {}
  for _, m in ipairs(others) do
    if promotion_choice(move, m) then
      add(notes, "promotion-choice", string_format("成生非限定 at move %d (%s, also %s)", i, move, m), i)
    else
      cooks[#cooks + 1] = m
    end
  end
  if #cooks > 0 then add(faults, "cooked", string_format("cooked at move %d (%s)", i, table_concat(cooks, " ")), i) end
end

-- the kinds in the order verdict lines and summaries list them
M.KINDS = {"sound", "invalid-start", "is-tsume", "no-mate", "undecided", "wrong-solution", "wrong-length", "cooked",
  "unneeded-piece", "leftover-pieces", "unreadable"}

-- exported for tests
M.non_limiting = non_limiting

return M
