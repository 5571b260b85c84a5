-- A problem's intended line read move by move: the one reading that every genre's report uses
-- (shogi.tsume's tsume and helpmate, shogi.tsume.hisshi, shogi.tsume.selfmate).
--   line.read(report, pos, solution, read_move [, on_move]) -> moves, the final position | nil
-- A move that does not read, or is illegal, is the solution fault "move N (TEXT) is not legal: WHY"
-- and ends the reading (nil); on_move(i, p, usi), p the position before move i, adds the genre's own.
--   line.attacker_checks(report, attacker) -> an on_move: each of the attacker's moves must check
local ipairs, tostring = ipairs, tostring
local string_format = string.format
local _ENV = nil -- luacheck: ignore 211

local M = {}

function M.read(report, pos, solution, read_move, on_move)
  local line, p = {}, pos
  for i, m in ipairs(solution) do
    local usi, why = read_move(p, m, line[i - 1])
    if not usi then
      report.solution_faults[#report.solution_faults + 1] =
        string_format("move %d (%s) is not legal: %s", i, tostring(m), tostring(why))
      return nil
    end
    if on_move then on_move(i, p, usi) end
    line[i] = usi
    p = p:after(usi)
  end
  return line, p
end

function M.attacker_checks(report, attacker)
  return function(i, p, usi)
    if p:side() == attacker and not p:gives_check(usi) then
      report.solution_faults[#report.solution_faults + 1] =
        string_format("move %d (%s) is the attacker's and does not give check", i, usi)
    end
  end
end

return M
