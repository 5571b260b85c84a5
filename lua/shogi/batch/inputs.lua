-- shogi.batch.inputs: the files a batch run reads, in the one order every run
-- (sharded or not, resumed or not) sees them.
--   local inputs = require "shogi.batch.inputs"
--   local n, err = inputs.each({"dir", "a.kif"}, {files_from = "list"}, function(path) ... end)
-- The sources, in this order: the paths named (a directory is walked, every
-- file below it whose extension names a record format, in byte order of the
-- paths), then the lines of the list file (--files-from, "-" for stdin), taken
-- as they are, blank lines skipped.  Nothing is held in memory: a million names
-- stream through.  A name holding a newline cannot be listed.
local record = require "shogi.record"

local io, ipairs = io, ipairs
local _ENV = nil -- luacheck: ignore 211

local M = {}

local function quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

-- a path that is a directory (opening it for reading works, reading does not)
local function is_dir(path)
  local f = io.open(path, "rb")
  if not f then return false end
  local ok, _, code = f:read(0)
  f:close()
  return ok == nil and code == 21 -- EISDIR
end
M.is_dir = is_dir

-- every record file below dir, in byte order (find follows links; sort under LC_ALL=C)
local function walk(dir, fn)
  local p = io.popen("find -L " .. quote(dir) .. " -type f -print | LC_ALL=C sort", "r")
  if not p then return nil, dir .. ": cannot list the directory" end
  for path in p:lines() do
    if record.format_of(path) then fn(path) end
  end
  p:close()
  return true
end

--- inputs.each(paths, opts, fn(path)) -> count | nil, msg
-- opts.files_from: a list file ("-": stdin).  fn sees each file once, in order.
function M.each(paths, opts, fn)
  local n = 0
  local function take(path) n = n + 1; fn(path) end
  for _, p in ipairs(paths) do
    if is_dir(p) then
      local ok, msg = walk(p, take)
      if not ok then return nil, msg end
    else
      take(p)
    end
  end
  local from = opts.files_from
  if from then
    local h = from == "-" and io.stdin or io.open(from, "rb")
    if not h then return nil, from .. ": cannot open the list of files" end
    for line in h:lines() do
      line = line:gsub("\r$", "")
      if line:find("%S") then take(line) end
    end
    if h ~= io.stdin then h:close() end
  end
  return n
end

--- inputs.in_shard(index, shard) -> whether the index-th file (1-based) is the shard's
function M.in_shard(index, shard)
  return not shard or (index - 1) % shard[2] == shard[1] - 1
end

--- inputs.list(paths, opts, shard, skip, out) -> total, first | nil, msg
-- writes the shard's files past the first `skip` of them to the handle out, one a
-- line; total counts the shard's files (the skipped ones included), first is the
-- first one written (nil: none)
function M.list(paths, opts, shard, skip, out)
  local index, total, first, bad = 0, 0, nil, nil
  local n, msg = M.each(paths, opts, function(path)
    index = index + 1
    if M.in_shard(index, shard) then
      total = total + 1
      if path:find("\n", 1, true) then bad = bad or path end
      if total > skip then
        out:write(path, "\n")
        first = first or path
      end
    end
  end)
  if not n then return nil, msg end
  if bad then return nil, "a file name holds a newline: " .. bad:gsub("\n", "\\n") end
  return total, first
end

return M
