-- shogi.batch.merge: the rows of shards 1..N of a run (--shard I/N, each a
-- file of JSON lines) put back in the order of the unsharded run.  Shard I
-- holds files I, I+N, I+2N, ... of the run's list, so the run's k-th row is
-- the next row of shard (k-1) % N + 1: the shards are read in turn, a line at a
-- time (nothing waits in memory).  The files must come in shard order; shards
-- whose numbers of rows cannot be those of one run (each holds as many as the
-- one before it or one fewer, and only one step down) are refused.
--   local status | nil, msg = merge.run({"shard-1.jsonl", ...}, output_path_or_nil)
-- status: the error rows among them (at most 125), as a run's exit status.
local batch = require "shogi.batch"

local io, string, ipairs, tostring = io, string, ipairs, tostring
local _ENV = nil -- luacheck: ignore 211

local M = {}

local function count_lines(path)
  local h = io.open(path, "rb")
  if not h then return nil end
  local n = 0
  for _ in h:lines() do n = n + 1 end
  h:close()
  return n
end

--- merge.check(counts) -> true | nil, msg: whether the row counts fit shards 1..N of one run
function M.check(counts, names)
  local drop = nil
  for i = 2, #counts do
    local d = counts[i - 1] - counts[i]
    if d ~= 0 and d ~= 1 or (d == 1 and drop) then
      return nil, string.format("%s has %d rows after %d in %s: not shards %d and %d of one run " ..
        "(give the shards' files in order 1..N, each whole)", names[i], counts[i], counts[i - 1],
        names[i - 1], i - 1, i)
    end
    if d == 1 then drop = i end
  end
  return true
end

function M.run(paths, output)
  local counts = {}
  for i, p in ipairs(paths) do
    counts[i] = count_lines(p)
    if not counts[i] then return nil, p .. ": cannot open the shard's rows" end
  end
  local ok, msg = M.check(counts, paths)
  if not ok then return nil, msg end
  local out = io.stdout
  if output then
    out, msg = io.open(output, "wb")
    if not out then return nil, "cannot write the output: " .. tostring(msg) end
  end
  local handles = {}
  for i, p in ipairs(paths) do handles[i] = io.open(p, "rb") end
  local failed, n = 0, #paths
  local k = 0
  while true do
    local line = handles[k % n + 1]:read("l")
    if not line then break end
    out:write(line, "\n")
    if batch.is_error_line(line) then failed = failed + 1 end
    k = k + 1
  end
  for _, h in ipairs(handles) do h:close() end
  if out ~= io.stdout then out:close() else out:flush() end
  return batch.exit_status(failed)
end

return M
