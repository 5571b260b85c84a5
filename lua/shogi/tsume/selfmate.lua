-- 自玉詰 (selfmate) problems: shogi.solve(pos, {type = "selfmate"}) and the composer's
-- report of a problem file with type = "selfmate".  The search is C's (core.selfmate,
-- src/mate/selfmate.c); conventions in docs/RULES.md.
local core = require "shogi.core"
local line_reader = require "shogi.tsume.line"
local verdict = require "shogi.tsume.verdict"

local error, ipairs, pairs, tostring = error, ipairs, pairs, tostring
local string_format = string.format
local table_concat = table.concat
local os_clock = os.clock
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.KEYS = {type = true, length = true, max_length = true, nodes = true, time = true, tt_mb = true}

--- selfmate.solve(pos, opts) -> {type = "selfmate", status = "selfmate"|"noselfmate"|"unknown", length,
-- keys (every first move that works: the key and its duals), pv (the main line), nodes, seconds}
function M.solve(pos, opts)
  local o = {}
  for k, v in pairs(opts) do
    if not M.KEYS[k] then error("bad argument #2 to 'solve' (option '" .. tostring(k)
      .. "' does not apply to type \"selfmate\")", 3) end
    if k ~= "type" then o[k] = v end
  end
  local t0 = os_clock()
  local r = core.selfmate(pos, o)
  r.type = "selfmate"
  r.position = pos:sfen()
  r.attacker = pos:side()
  r.seconds = os_clock() - t0
  return r
end

--- selfmate.print(result, out): as scripts/tsume solve prints it, the last line
-- "selfmate N <moves>", "noselfmate" or "unknown"
function M.print(r, out)
  out(string_format("nodes %d, %.3f s", r.nodes, r.seconds))
  if r.status == "selfmate" then
    out("keys: " .. table_concat(r.keys, " "))
    out(string_format("selfmate %d %s", r.length, table_concat(r.pv, " ")))
  else
    out(r.status)
  end
end

local function add(list, kind, text, ply) list[#list + 1] = {kind = kind, text = text, ply = ply} end

--- selfmate.check(report, pos, problem, settings, read_move) -> report
function M.check(report, pos, problem, settings, read_move)
  local t0 = os_clock()
  report.type = "selfmate"
  local faults, notes = {}, {}
  local intended
  if problem.solution then
    local p
    -- the attacker moves first: the odd moves are its own
    intended, p = line_reader.read(report, pos, problem.solution, read_move,
      line_reader.attacker_checks(report, pos:side()))
    if intended and not (#intended % 2 == 0 and p:is_mate()) then
      report.solution_faults[#report.solution_faults + 1] = "the intended line does not end with the attacker mated"
    end
  end
  local length = (intended and #intended % 2 == 0 and #intended) or problem.length
  local lim = {nodes = settings.nodes, time = settings.time ~= 0 and settings.time or nil}
  local r = core.selfmate(pos, {max_length = length or 8, nodes = lim.nodes, time = lim.time})
  report.nodes = r.nodes
  report.status, report.length, report.keys, report.main_line = r.status, r.length, r.keys, r.pv
  report.intended_line, report.intended_length = intended, intended and #intended
  report.checked_line = intended or r.pv
  if not report.valid then add(faults, "invalid-start", "invalid start: " .. table_concat(report.faults, "; ")) end
  local has_king = false
  for _, pc in pairs(pos:pieces(report.attacker)) do if pc == "K" or pc == "k" then has_king = true end end
  if not has_king then add(faults, "invalid-start", "invalid start: the attacker has no king to be mated") end
  for _, f in ipairs(report.solution_faults) do add(faults, "wrong-solution", "wrong solution: " .. f) end
  if r.status == "noselfmate" then add(faults, "no-mate", string_format("no selfmate within %d", length or 8))
  elseif r.status == "unknown" then add(faults, "undecided", "undecided (the solver hit its limit)") end
  if r.status == "selfmate" and length and r.length < length then
    add(faults, "wrong-length", string_format("wrong length: a selfmate in %d (%s)", r.length,
      table_concat(r.pv, " ")))
  end
  -- the intended line: each attacker move must force the selfmate in what is left, and be the only one
  if intended and r.status == "selfmate" and r.length == #intended then
    local p = pos
    for i = 1, #intended - 1, 2 do
      local left = #intended - i + 1
      local others, ok = {}, false
      for _, m in ipairs(p:checks()) do
        local v = core.selfmate_move(p, m, {length = left, nodes = lim.nodes})
        if v == "proven" then
          if m == intended[i] then ok = true else others[#others + 1] = m end
        end
      end
      if not ok then
        local _, esc = core.selfmate_move(p, intended[i], {length = left, nodes = lim.nodes})
        add(faults, "wrong-solution", string_format("wrong solution: move %d (%s) does not force it%s", i,
          intended[i], esc and (": " .. esc .. " escapes") or ""), i)
        break
      end
      -- the intended move with the other promotion choice is a note (成生非限定), as in tsume
      verdict.alternatives(faults, notes, i, intended[i], others)
      p = p:after(intended[i]):after(intended[i + 1])
    end
  elseif r.status == "selfmate" and #r.keys > 1 then
    add(faults, "cooked", string_format("cooked at move 1 (%s)", table_concat(r.keys, " ", 2)), 1)
  end
  report.verdict = verdict.from(faults, notes)
  report.seconds = os_clock() - t0
  local out = {}
  if report.title then out[#out + 1] = report.title .. (report.author and ("  (" .. report.author .. ")") or "") end
  out[#out + 1] = "type: selfmate (自玉詰)"
  out[#out + 1] = "position: " .. report.position
  for _, f in ipairs(report.faults) do out[#out + 1] = "  fault: " .. f end
  out[#out + 1] = "solver: " .. (r.status == "selfmate" and string_format("selfmate in %d, keys %s", r.length,
    table_concat(r.keys, " ")) or r.status)
  if r.status == "selfmate" then out[#out + 1] = "main line: " .. table_concat(r.pv, " ") end
  if intended then out[#out + 1] = string_format("intended line: %s (%d moves)", table_concat(intended, " "), #intended) end
  out[#out + 1] = "verdict: " .. report.verdict.text
  for _, n in ipairs(notes) do out[#out + 1] = "  note: " .. n.text end
  out[#out + 1] = string_format("searched %d nodes in %.2f s", report.nodes, report.seconds)
  report.text = table_concat(out, "\n")
  return report
end

return M
