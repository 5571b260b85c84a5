-- shogi.match.clock: one side's clock in a match, kept by the runner (the engine only hears about it).
--   local c = clock.new(spec)   -- spec: byoyomi=, main=, inc=, movetime=, depth=, nodes= (ms), margin= (ms)
--   c:go_options(other_clock, side) -> the table for e:go (btime, wtime, byoyomi, binc, winc, depth, nodes)
--   c:allowed() -> ms this move may take before it is a loss (margin included); nil: no clock
--   c:spend(ms) -> true | false, "text" (over the limit: a loss on time)
-- Time controls: byoyomi (main time, then byoyomi per move, which does not accumulate), Fischer (main
-- time, plus the increment added when a move starts, as binc/winc tell the engine), sudden death (main
-- time only), fixed time per move (st=: sent as byoyomi with no main time), or depth/nodes with no clock.
-- An engine may overstep by the margin (timemargin=, 100 ms by default) before it loses.
local setmetatable, string_format = setmetatable, string.format
local _ENV = nil -- luacheck: ignore 211

local M = {}
local C = {}
C.__index = C

function M.new(spec)
  local c = setmetatable({
    main = spec.main or 0, inc = spec.inc or 0,
    byoyomi = spec.byoyomi or spec.movetime or 0,
    timed = (spec.main or spec.byoyomi or spec.movetime) ~= nil,
    depth = spec.depth, nodes = spec.nodes, margin = spec.margin or 0,
    used_total = 0,
  }, C)
  c.left = c.main
  return c
end

--- the time this move may take in ms, margin included; nil when the engine plays without a clock
function C:allowed()
  if not self.timed then return nil end
  return self.left + self.inc + self.byoyomi + self.margin
end

--- go options for the side to move ("b" or "w") with this clock, the opponent's clock beside it
function C:go_options(other, side)
  local o = {depth = self.depth, nodes = self.nodes}
  if self.timed then
    local mine, theirs = self.left, other.timed and other.left or 0
    o.btime = side == "b" and mine or theirs
    o.wtime = side == "b" and theirs or mine
    if self.byoyomi > 0 then o.byoyomi = self.byoyomi end
    if self.inc > 0 or (other.timed and other.inc > 0) then
      o.binc = side == "b" and self.inc or other.inc
      o.winc = side == "b" and other.inc or self.inc
    end
  end
  return o
end

--- spends ms on a move: true, or false and why when the move took too long
function C:spend(ms)
  self.used_total = self.used_total + ms
  if not self.timed then return true end
  local limit = self.left + self.inc + self.byoyomi
  if ms > limit + self.margin then
    return false, string_format("took %.3f s, %.3f s allowed (%.3f s with the margin)", ms / 1000, limit / 1000,
      (limit + self.margin) / 1000)
  end
  local left = self.left + self.inc - ms
  self.left = left > 0 and left or 0
  return true
end

--- the KIF 持ち時間 text of a spec
function M.describe(spec)
  if spec.movetime then return string_format("%g s per move", spec.movetime / 1000) end
  local parts = {}
  if spec.main then parts[#parts + 1] = string_format("%g s", spec.main / 1000) end
  if spec.inc and spec.inc > 0 then parts[#parts + 1] = string_format("+%g s", spec.inc / 1000) end
  if spec.byoyomi then parts[#parts + 1] = string_format("byoyomi %g s", spec.byoyomi / 1000) end
  if spec.depth then parts[#parts + 1] = "depth " .. spec.depth end
  if spec.nodes then parts[#parts + 1] = "nodes " .. spec.nodes end
  local out = parts[1] or ""
  for i = 2, #parts do out = out .. " " .. parts[i] end
  return out
end

return M
