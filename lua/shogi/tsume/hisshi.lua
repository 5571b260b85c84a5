-- 必至 (hisshi) problems: shogi.solve(pos, {type = "hisshi"}) and the composer's
-- report of a problem file with type = "hisshi".  The search is C's
-- (core.hisshi, src/mate/hisshi.c); here the answer is dressed for reading:
-- each defence of a key with the mate that follows it (its length and line)
-- or, in a longer hisshi, the next hisshi move.  Conventions: docs/RULES.md.
local core = require "shogi.core"
local line_reader = require "shogi.tsume.line"
local verdict = require "shogi.tsume.verdict"

local error, ipairs, pairs, tostring = error, ipairs, pairs, tostring
local string_format = string.format
local table_concat = table.concat
local os_clock = os.clock
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.KEYS = {type = true, length = true, max_length = true, nodes = true, time = true, sub_nodes = true,
  futile = true, tt_mb = true, defences = true, escapes = true}

local function core_opts(opts)
  return {length = opts.length, max_length = opts.max_length, nodes = opts.nodes, time = opts.time,
    sub_nodes = opts.sub_nodes, futile = opts.futile, tt_mb = opts.tt_mb, escapes = opts.escapes}
end

--- hisshi.defences(pos, key, length [, opts]) -> list of {move =, kind = "mate"|"hisshi"|"escape"|"open",
-- length = plies of the mate after the defence, line = {usi...} (the defence and the mate),
-- keys = the next hisshi moves (kind "hisshi")}: what follows every defence of the key
function M.defences(pos, key, length, opts)
  opts = opts or {}
  local attacker = pos:side()
  local q = pos:after(key)
  local out = {}
  for _, d in ipairs(core.hisshi_defences(q, opts.futile)) do
    local r = q:after(d)
    local s = core.solve(r, {attacker = attacker, nodes = opts.sub_nodes or 100000, futile = opts.futile,
      tt_mb = opts.tt_mb})
    local e = {move = d}
    if s.status == "mate" then
      e.kind, e.length, e.exact = "mate", s.length, s.exact
      e.line = {d}
      for _, m in ipairs(s.pv or {}) do e.line[#e.line + 1] = m end
    elseif length == 1 and (opts.escapes or 0) > 0 and r:in_check() then
      -- a check against the attacker, answered by a move after which the hisshi stands again
      local h = core.hisshi(r, {length = 1, nodes = opts.nodes, sub_nodes = opts.sub_nodes, futile = opts.futile,
        tt_mb = opts.tt_mb, escapes = opts.escapes - 1})
      if h.status == "hisshi" then e.kind, e.keys = "answered", h.keys
      elseif h.status == "nohisshi" then e.kind = "escape"
      else e.kind = "open" end
    elseif length >= 3 then
      local h = core.hisshi(r, {length = length - 2, nodes = opts.nodes, sub_nodes = opts.sub_nodes,
        futile = opts.futile, tt_mb = opts.tt_mb, escapes = opts.escapes})
      if h.status == "hisshi" then
        e.kind, e.keys, e.hisshi_length = "hisshi", h.keys, h.length
        -- the longest mate after the next key's defences (a 1手必至 next: one level more)
        if h.length == 1 then
          e.longest = 0
          for _, d2 in ipairs(M.defences(r, h.keys[1], 1, opts)) do
            if d2.kind == "mate" and d2.length > e.longest then e.longest = d2.length end
          end
        end
      elseif h.status == "nohisshi" then e.kind = "escape"
      else e.kind = "open" end
    else
      e.kind = s.status == "nomate" and "escape" or "open"
    end
    out[#out + 1] = e
  end
  return out
end

--- hisshi.solve(pos, opts) -> {type = "hisshi", status = "hisshi"|"tsume"|"nohisshi"|"unknown", length,
-- keys, undecided, pv = {first key}, defences = (the first key's) ..., mate = (status "tsume") the start's
-- own tsume {length, pv}, nodes, solves, seconds}
function M.solve(pos, opts)
  for k in pairs(opts) do
    if not M.KEYS[k] then error("bad argument #2 to 'solve' (option '" .. tostring(k)
      .. "' does not apply to type \"hisshi\")", 3) end
  end
  local t0 = os_clock()
  local r = core.hisshi(pos, core_opts(opts))
  r.type = "hisshi"
  r.position = pos:sfen()
  r.attacker = pos:side()
  if r.status == "hisshi" then
    r.pv = {r.keys[1]}
    if opts.defences ~= false then r.defences = M.defences(pos, r.keys[1], r.length, opts) end
  elseif r.status == "tsume" then
    r.mate = core.solve(pos, {nodes = opts.nodes, time = opts.time, futile = opts.futile, tt_mb = opts.tt_mb})
    r.pv = r.mate.pv
  end
  r.seconds = os_clock() - t0
  return r
end

-- the defences grouped by what follows them: "P*1b 2a2b (2 defences): mate in 3: G*2b 1a2a S*3b"
function M.defence_lines(defences)
  local groups, order = {}, {}
  for _, d in ipairs(defences or {}) do
    local what
    if d.kind == "mate" then
      local rest = {}
      for i = 2, #d.line do rest[#rest + 1] = d.line[i] end
      what = string_format("mate in %d%s%s", d.length, d.exact == false and " (shortest not proven)" or "",
        #rest > 0 and (": " .. table_concat(rest, " ")) or "")
    elseif d.kind == "hisshi" then
      what = string_format("%d手必至: %s%s", d.hisshi_length, table_concat(d.keys, " "),
        d.longest and string_format(" (then every defence mated within %d)", d.longest) or "")
    elseif d.kind == "answered" then
      what = "a check, answered by " .. table_concat(d.keys, " ") .. " (the hisshi stands again)"
    elseif d.kind == "escape" then what = "ESCAPES (no mate)"
    else what = "undecided (the limits)" end
    if not groups[what] then groups[what] = {}; order[#order + 1] = what end
    local g = groups[what]
    g[#g + 1] = d.move
  end
  local out = {}
  for _, what in ipairs(order) do
    local g = groups[what]
    local shown = #g > 12 and (table_concat(g, " ", 1, 12) .. " ...") or table_concat(g, " ")
    out[#out + 1] = string_format("%s (%d defence%s): %s", shown, #g, #g == 1 and "" or "s", what)
  end
  return out
end

--- hisshi.print(result, out): the result as scripts/tsume solve prints it, the last line
-- "hisshi N KEY", "tsume N <moves>", "nohisshi" or "unknown"
function M.print(r, out)
  out(string_format("nodes %d, %d tsume solves, %.3f s", r.nodes, r.solves, r.seconds))
  if r.status == "hisshi" then
    for i = 2, #r.keys do out("also " .. r.keys[i]) end
    out(string_format("after %s, every defence:", r.keys[1]))
    for _, l in ipairs(M.defence_lines(r.defences)) do out("  " .. l) end
    out(string_format("hisshi %d %s", r.length, r.keys[1]))
  elseif r.status == "tsume" then
    out(string_format("tsume %s %s", tostring(r.mate.length), table_concat(r.mate.pv or {}, " ")))
  else
    if #r.undecided > 0 then out("undecided: " .. table_concat(r.undecided, " ")) end
    out(r.status)
  end
end

-- ---- the composer's report -------------------------------------------------------------
local function add(list, kind, text, ply) list[#list + 1] = {kind = kind, text = text, ply = ply} end

-- reads the intended line: attacker moves and defences alternating, the last the hisshi move
local function intended_line(report, pos, solution, read_move)
  if not solution then return nil end
  local line = line_reader.read(report, pos, solution, read_move)
  if not line then return nil end
  if #line % 2 == 0 then
    report.solution_faults[#report.solution_faults + 1] = "the intended line ends with a defence: "
      .. "a hisshi line ends with the attacker's move"
    return nil
  end
  return line
end

-- the record of the report (shogi.tsume.record): the hisshi line and the defence with the
-- longest mate after it, each other kind of defence (one per mate line) a branch
local function record_lines(report, checked)
  local longest, reps, seen = nil, {}, {}
  for _, d in ipairs(report.defences) do
    if d.kind == "mate" then
      if not longest or d.length > longest.length then longest = d end
      local key = table_concat(d.line, " ", 2)
      if not seen[key] then seen[key] = true; reps[#reps + 1] = d end
    end
  end
  if not longest then return end
  local line = {}
  for _, m in ipairs(checked) do line[#line + 1] = m end
  for _, m in ipairs(longest.line) do line[#line + 1] = m end
  report.record_line = line
  report.variations = {}
  for _, d in ipairs(reps) do
    if d ~= longest then report.variations[#report.variations + 1] = {ply = #checked + 1, line = d.line} end
  end
end

--- hisshi.check(report, pos, problem, settings, read_move) -> report: the hisshi problem's report
-- (report holds position, attacker, faults, solution_faults, valid)
function M.check(report, pos, problem, settings, read_move)
  local t0 = os_clock()
  report.type = "hisshi"
  local faults, notes = {}, {}
  local intended = intended_line(report, pos, problem.solution, read_move)
  local length = intended and #intended or problem.length
  if length and (length % 2 == 0 or length > 7) then
    add(faults, "wrong-solution", string_format("a hisshi has an odd length, 1 to 7 (%d)", length))
    length = nil
  end
  local opts = {nodes = settings.nodes, time = settings.time ~= 0 and settings.time or nil,
    sub_nodes = settings.sub_nodes, futile = settings.futile, tt_mb = settings.tt_mb, escapes = problem.escapes}
  local r = core.hisshi(pos, {max_length = length or 3, nodes = opts.nodes, time = opts.time,
    sub_nodes = opts.sub_nodes, futile = opts.futile, tt_mb = opts.tt_mb, escapes = opts.escapes})
  report.nodes = r.nodes
  report.status, report.length, report.keys = r.status, r.length, r.keys
  report.intended_line, report.intended_length = intended, intended and #intended
  if not report.valid then add(faults, "invalid-start", "invalid start: " .. table_concat(report.faults, "; ")) end
  for _, f in ipairs(report.solution_faults) do add(faults, "wrong-solution", "wrong solution: " .. f) end
  if r.status == "tsume" then
    local m = core.solve(pos, {nodes = settings.nodes, futile = settings.futile, tt_mb = settings.tt_mb})
    report.mate = m
    add(faults, "is-tsume", string_format("the start is a tsume: mate in %s (%s)", tostring(m.length),
      table_concat(m.pv or {}, " ")))
  elseif r.status == "nohisshi" then
    add(faults, "no-mate", string_format("no hisshi within %d", length or 3))
  elseif r.status == "unknown" then
    add(faults, "undecided", "undecided (the solver hit its limit)")
  end
  if r.status == "hisshi" and #r.undecided > 0 then
    add(faults, "undecided", string_format("undecided within the limits (possible other keys): %s",
      table_concat(r.undecided, " ")))
  end
  if r.start_undecided then
    add(faults, "undecided", "undecided within the limits: whether the start is already a tsume")
  end
  if r.status == "hisshi" and length and r.length < length then
    add(faults, "wrong-length", string_format("wrong length: a %d手必至 (%s)", r.length, table_concat(r.keys, " ")))
  end
  -- the intended line: its first move must be a key, and each later attacker move a key after the defence
  local checked = intended or (r.status == "hisshi" and {r.keys[1]}) or nil
  report.checked_line = checked
  if intended and r.status == "hisshi" and r.length == #intended then
    local p = pos
    for i = 1, #intended, 2 do
      local left = #intended - i + 1
      local here = i == 1 and r or core.hisshi(p, {length = left, nodes = opts.nodes,
        sub_nodes = opts.sub_nodes, futile = opts.futile, tt_mb = opts.tt_mb, escapes = opts.escapes})
      -- the defence before allows a mate: the check of the first move's defences says so
      if here.status == "tsume" then break end
      local keys = here.keys
      local ok, others = false, {}
      for _, k in ipairs(keys) do
        if k == intended[i] then ok = true else others[#others + 1] = k end
      end
      if not ok then
        local v, refutation = core.hisshi_move(p, intended[i], {length = left, nodes = opts.nodes,
          sub_nodes = opts.sub_nodes, futile = opts.futile, tt_mb = opts.tt_mb, escapes = opts.escapes})
        add(faults, "wrong-solution", string_format("wrong solution: move %d (%s) is no %d手必至%s", i, intended[i],
          left, v == "disproven" and refutation and (": " .. refutation .. " escapes")
            or v == "disproven" and ": neither a check nor a threat of mate (詰めろ)"
            or v == "undecided" and " (undecided)" or " here"), i)
        break
      end
      -- the intended move with the other promotion choice is a note (成生非限定), as in tsume
      verdict.alternatives(faults, notes, i, intended[i], others)
      if i + 1 <= #intended then p = p:after(intended[i]):after(intended[i + 1]) end
    end
  elseif r.status == "hisshi" and #r.keys > 1 then
    add(faults, "cooked", string_format("cooked at move 1 (%s)", table_concat(r.keys, " ", 2)), 1)
  end
  -- what follows each defence of the last hisshi move of the checked line
  if checked and r.status == "hisshi" then
    local p = pos
    for i = 1, #checked - 1 do p = p:after(checked[i]) end
    local last, left = checked[#checked], r.length - #checked + 1
    if left >= 1 and core.hisshi_move(p, last, {length = left, nodes = opts.nodes, sub_nodes = opts.sub_nodes,
        futile = opts.futile, tt_mb = opts.tt_mb, escapes = opts.escapes}) == "proven" then
      report.defences = M.defences(p, last, left, opts)
      report.defended_move = #checked
      record_lines(report, checked)
    end
    -- an intended line of 3 or more: what follows each defence of its first move too
    if #checked >= 3 then
      report.first_defences = M.defences(pos, checked[1], #checked, opts)
      -- the intended defence must be one that needs the rest of the line, not one that allows a mate
      local mine, stronger = nil, {}
      for _, d in ipairs(report.first_defences) do
        if d.move == checked[2] then mine = d elseif d.kind == "hisshi" then stronger[#stronger + 1] = d.move end
      end
      if mine and mine.kind == "mate" and #stronger > 0 then
        add(faults, "wrong-solution", string_format("wrong solution: move 2 (%s) allows a mate in %d; "
          .. "the defences that need the hisshi: %s", checked[2], mine.length, table_concat(stronger, " ")), 2)
      end
    end
  end
  report.verdict = verdict.from(faults, notes)
  report.seconds = os_clock() - t0
  report.text = M.format(report)
  return report
end

--- hisshi.format(report) -> text
function M.format(report)
  local out = {}
  local function say(...) out[#out + 1] = string_format(...) end
  if report.title then say("%s%s", report.title, report.author and ("  (" .. report.author .. ")") or "") end
  say("type: hisshi (必至)")
  say("position: %s", report.position)
  for _, f in ipairs(report.faults or {}) do say("  fault: %s", f) end
  if report.status == "hisshi" then
    say("solver: %d手必至, %d key%s: %s", report.length, #report.keys, #report.keys == 1 and "" or "s",
      table_concat(report.keys, " "))
  else
    say("solver: %s", tostring(report.status))
  end
  if report.intended_line then
    say("intended line: %s (%d moves)", table_concat(report.intended_line, " "), report.intended_length)
  end
  if report.first_defences then
    say("after move 1 (%s), every defence:", report.checked_line[1])
    for _, l in ipairs(M.defence_lines(report.first_defences)) do say("  %s", l) end
  end
  if report.defences and #report.defences == 0 then
    say("after move %d (%s): no legal defence (mate)", report.defended_move, report.checked_line[report.defended_move])
  elseif report.defences then
    say("after move %d (%s), every defence:", report.defended_move, report.checked_line[report.defended_move])
    for _, l in ipairs(M.defence_lines(report.defences)) do say("  %s", l) end
  end
  if report.verdict then
    say("verdict: %s", report.verdict.text)
    for _, n in ipairs(report.verdict.notes) do say("  note: %s", n.text) end
  end
  say("searched %d nodes in %.2f s", report.nodes or 0, report.seconds or 0)
  return table_concat(out, "\n")
end

return M
