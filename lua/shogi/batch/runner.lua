-- shogi.batch.runner: a whole batch run as scripts/batch makes it: the inputs
-- listed once (shogi.batch.inputs), the rows written in file order by this
-- process or gathered from -j workers, a progress line, a resume state.
--   local status = runner.run(conf)
-- conf: fn (the script's function), paths, files_from, shard ({i, n}), jobs,
--   read (shogi.read's options), output (a file name; nil: stdout), resume (a
--   state file name), progress (a handle: stderr on a terminal; nil: silent),
--   worker_argv (function(list, k, n) -> argv of a worker printing the rows of
--   the k-th of n slices of the list file), id (what makes the run itself: a
--   state of another run is refused), errors (a handle for messages), name (the command the messages name: "batch" unless given).
-- Returns the exit status: the files that failed, this run and the runs it
-- resumes together (at most 125); 126 for a run that cannot start, 130 when
-- interrupted (the state then says where to go on).
local batch = require "shogi.batch"
local inputs = require "shogi.batch.inputs"
local state = require "shogi.batch.state"
local progress = require "shogi.batch.progress"
local core = require "shogi.core"

local io, os, string, table, math = io, os, string, table, math
local pcall, error, ipairs, tostring = pcall, error, ipairs, tostring
local _ENV = nil -- luacheck: ignore 211

local M = {}

local SAVE_EVERY = 1.0 -- seconds between two saves of the state: what an abrupt kill redoes

local function quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

local function file_size(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local n = f:seek("end")
  f:close()
  return n
end

-- cuts a file back to n bytes (the rows the state records)
local function truncate(path, n)
  local ok = os.execute("truncate -s " .. string.format("%d", n) .. " " .. quote(path))
  return ok == true
end

-- the rows of the files of the list file, one process: each row to emit(line, is_error)
local function rows_here(conf, list, emit)
  for path in io.lines(list) do
    local line = batch.line(batch.row(conf.fn, path, conf.read))
    emit(line, batch.is_error_line(line))
  end
end

-- the rows of n workers, each on every n-th file of the list, put back in file order:
-- one line from each in turn, so nothing waits in memory.  Returns true | "interrupted"
local function rows_of_workers(conf, list, count, emit)
  local n = math.min(conf.jobs, count)
  local pipes = {}
  for k = 1, n do
    local argv = conf.worker_argv(list, k, n)
    for i, a in ipairs(argv) do argv[i] = quote(a) end
    pipes[k] = io.popen(table.concat(argv, " "), "r")
  end
  local stopped = {}
  local result = true
  local k = 0
  for path in io.lines(list) do
    k = k % n + 1
    local line = not stopped[k] and pipes[k]:read("l")
    if not line and not stopped[k] then
      local _, how, code = pipes[k]:close()
      stopped[k] = how .. " " .. tostring(code)
      if (how == "exit" and code == 130) or (how == "signal" and (code == 2 or code == 15)) then
        result = "interrupted"
        break
      end
    end
    if not line then
      line = batch.line({file = path, error = "the worker for this file stopped (" .. stopped[k] .. ")"})
    end
    emit(line, batch.is_error_line(line))
  end
  for j = 1, n do if not stopped[j] then pipes[j]:close() end end
  return result
end

function M.run(conf)
  local errors = conf.errors or io.stderr
  local function fail(msg)
    errors:write(conf.name or "batch", ": ", msg, "\n")
    return 126
  end
  -- the state of an earlier run
  local st
  if conf.resume then
    local msg
    st, msg = state.load(conf.resume)
    if msg then return fail(msg) end
    if st and st.run ~= conf.id then
      return fail(conf.resume .. ": the state is of another run (" .. st.run .. ")")
    end
    if st and st.complete then
      errors:write(conf.name or "batch", ": ", conf.resume, ": the run is complete (", st.done, " files, ", st.failed, " failed)\n")
      return batch.exit_status(st.failed)
    end
  end
  local skip = st and st.done or 0
  -- the files, listed once (a worker reads its slice of this list)
  local list = os.tmpname()
  local lh = io.open(list, "wb")
  local listed, total, first = pcall(inputs.list, conf.paths, {files_from = conf.files_from}, conf.shard, skip, lh)
  lh:close()
  local function finish(status)
    os.remove(list)
    return status
  end
  if not listed then
    if not batch.interrupted(tostring(total)) then finish(0); error(total, 0) end
    errors:write(conf.name or "batch", ": interrupted while listing the files\n")
    return finish(130)
  end
  if not total then return finish(fail(first)) end
  if st and (st.total ~= total or (st.next or "") ~= (first or "")) then
    return finish(fail(string.format("%s: the files are not those of the interrupted run (%d then, %d now%s)",
      conf.resume, st.total, total, st.next and ", next was " .. st.next or "")))
  end
  -- the output: a resumed one cut back to the rows the state records
  local out = io.stdout
  if conf.output then
    if st then
      local size = file_size(conf.output)
      if not size or size < st.bytes then
        return finish(fail(string.format("%s: the output is shorter than the %d bytes the state records",
          conf.output, st.bytes)))
      end
      if size > st.bytes and not truncate(conf.output, st.bytes) then
        return finish(fail(conf.output .. ": cannot cut the output back to " .. st.bytes .. " bytes"))
      end
    end
    local msg
    out, msg = io.open(conf.output, st and "ab" or "wb")
    if not out then return finish(fail("cannot write the output: " .. tostring(msg))) end
  end

  -- what is done, replaced whole by one assignment after each row is written, so
  -- an interruption at any instruction sees the counts of the rows written (a row
  -- written but not yet counted is cut off by the resume and done again)
  local next_file = io.lines(list)
  local tally = {done = skip, failed = st and st.failed or 0, bytes = st and st.bytes or 0, next = next_file()}
  local bar = progress.new(conf.progress, total, skip)
  local last_save = core.now()
  local function save(complete)
    if not conf.resume then return end
    out:flush()
    local t = tally
    local ok, msg = state.save(conf.resume, {run = conf.id, total = total, done = t.done, failed = t.failed,
      bytes = t.bytes, next = t.next, complete = complete and "yes" or nil})
    if not ok then error(msg, 0) end
  end
  -- a pipe or terminal reader sees each row at once; a file (-o, or stdout sent to one: it
  -- can seek) is written a buffer at a time, and flushed before a save and at the end
  local flush_each = not conf.output and not io.stdout:seek("cur")
  local function emit(line, is_error)
    out:write(line, "\n")
    if flush_each then out:flush() end
    local t, upcoming = tally, next_file()
    tally = {done = t.done + 1, failed = t.failed + (is_error and 1 or 0), bytes = t.bytes + #line + 1,
      next = upcoming}
    if conf.resume and core.now() - last_save >= SAVE_EVERY then
      save(false)
      last_save = core.now()
    end
    bar:update(tally.done, tally.failed)
  end
  local ok, res = pcall(function()
    if (conf.jobs or 1) > 1 and total - skip > 1 then
      return rows_of_workers(conf, list, total - skip, emit)
    end
    rows_here(conf, list, emit)
    return true
  end)
  local stop = not ok and batch.interrupted(tostring(res)) or res == "interrupted"
  if not ok and not stop then
    save(false)
    if out ~= io.stdout then out:close() end
    finish(0)
    error(res, 0)
  end
  save(not stop)
  bar:finish(tally.done, tally.failed)
  if out ~= io.stdout then out:close() else out:flush() end
  local done, failed = tally.done, tally.failed
  if stop then
    errors:write(string.format("%s: interrupted after %d of %d files%s\n", conf.name or "batch", done, total,
      conf.resume and "; the same command goes on from there" or " (--resume STATE would go on from there)"))
    return finish(130)
  end
  return finish(batch.exit_status(failed))
end

return M
