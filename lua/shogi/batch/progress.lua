-- shogi.batch.progress: the progress line of a batch run on a terminal.
--   local p = progress.new(io.stderr, total, already_done)   -- nil handle: silent
--   p:update(done, failed); p:finish(done, failed)
-- "\r  1234/200000 files  812 files/s  3 failed  4m05s left", redrawn at most
-- five times a second; the rate counts this run's files only (a resumed run
-- does not claim the earlier run's), so the time left holds for what remains.
local core = require "shogi.core"

local string, math, setmetatable = string, math, setmetatable
local _ENV = nil -- luacheck: ignore 211

local M = {}
local P = {}
P.__index = P

local function duration(s)
  if s ~= s or s == math.huge then return "?" end
  s = math.floor(s + 0.5)
  if s >= 3600 then return string.format("%dh%02dm", s // 3600, s % 3600 // 60) end
  if s >= 60 then return string.format("%dm%02ds", s // 60, s % 60) end
  return string.format("%ds", s)
end
M.duration = duration

--- progress.new(handle or nil, total, start) -> progress
function M.new(out, total, start)
  return setmetatable({out = out, total = total, start = start or 0, t0 = core.now(), shown = -1}, P)
end

--- the line for done files (of total), failed of them, after elapsed seconds
function M.line(done, total, failed, start, elapsed)
  local rate = elapsed > 0 and (done - start) / elapsed or 0
  local left = rate > 0 and (total - done) / rate or math.huge
  return string.format("%d/%d files  %.0f files/s  %d failed  %s left", done, total, rate, failed,
    duration(left))
end

function P:draw(done, failed, final)
  local now = core.now()
  if not final and now - self.shown < 0.2 then return end
  self.shown = now
  self.out:write("\r", M.line(done, self.total, failed, self.start, now - self.t0), "\27[K",
    final and "\n" or "")
  self.out:flush()
end

function P:update(done, failed) if self.out then self:draw(done, failed, false) end end
function P:finish(done, failed) if self.out then self:draw(done, failed, true) end end

return M
