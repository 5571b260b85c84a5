-- shogi.batch: run a script over many game records, one JSON line per file
-- (scripts/batch and scripts/records are its command lines).
--   local batch = require "shogi.batch"
--   local rows, failed = batch.run(fn, files, {shard = {1, 4}, jobs = 2, out = io.stdout})
-- fn(game, path) returns a table; each row is that table plus `file`.  A file
-- that cannot be read, or on which fn raises or returns something other than a
-- table, is a row {file =, error = "..."}: never a crash.  Rows come out in the
-- order of the files whatever the number of jobs.
local shogi = require "shogi"

local io, string, math, table = io, string, math, table
local type, pcall, tostring, ipairs, pairs, error, tonumber, load, getmetatable, setmetatable =
  type, pcall, tostring, ipairs, pairs, error, tonumber, load, getmetatable, setmetatable
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- ---- JSON with sorted keys, so the same row is the same line in every run ----
local ESCAPES = {['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b", ["\f"] = "\\f", ["\n"] = "\\n",
  ["\r"] = "\\r", ["\t"] = "\\t"}

local function json_string(str)
  return '"' .. str:gsub('[%c"\\]', function(c)
    return ESCAPES[c] or string.format("\\u%04x", c:byte())
  end) .. '"'
end

-- the metatable batch.array marks a table with: written as a JSON array even when empty
local ARRAY = {}

local function encode_value(v, depth)
  local t = type(v)
  if t == "string" then return json_string(v) end
  if t == "number" then
    if v ~= v or v == math.huge or v == -math.huge then return "null" end
    return math.type(v) == "integer" and string.format("%d", v) or string.format("%.14g", v)
  end
  if t == "boolean" then return tostring(v) end
  if t == "nil" then return "null" end
  if t ~= "table" then error("a " .. t .. " value", 0) end
  if depth > 32 then error("tables nested too deep", 0) end
  local n, keys = #v, {}
  for k in pairs(v) do keys[#keys + 1] = k end
  local parts = {}
  if getmetatable(v) == ARRAY and #keys ~= n then error("an array with other keys than 1.." .. n, 0) end
  if (n > 0 or getmetatable(v) == ARRAY) and #keys == n then
    for i = 1, n do parts[i] = encode_value(v[i], depth + 1) end
    return "[" .. table.concat(parts, ",") .. "]"
  end
  for _, k in ipairs(keys) do
    if type(k) ~= "string" and math.type(k) ~= "integer" then error("a " .. type(k) .. " key", 0) end
  end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for i, k in ipairs(keys) do parts[i] = json_string(tostring(k)) .. ":" .. encode_value(v[k], depth + 1) end
  return "{" .. table.concat(parts, ",") .. "}"
end

--- batch.json(value) -> text: JSON with the keys of every object sorted; a
--- table with keys 1..n is an array, an empty one an object ({}) unless
--- marked by batch.array
function M.json(value) return encode_value(value, 0) end

--- batch.array(t) -> t, marked to be written as a JSON array: [] when empty
function M.array(t) return setmetatable(t, ARRAY) end

--- batch.shard("I/N") -> {i, n} | nil, msg
function M.parse_shard(text)
  local i, n = tostring(text):match("^(%d+)/(%d+)$")
  i, n = tonumber(i), tonumber(n)
  if not i or n < 1 or i < 1 or i > n then
    return nil, string.format("bad shard '%s' (I/N with 1 <= I <= N)", tostring(text))
  end
  return {i, n}
end

--- the files of a shard: every Nth, starting with the Ith (1-based)
function M.select(files, shard)
  if not shard then return files end
  local out = {}
  for k, f in ipairs(files) do
    if (k - 1) % shard[2] == shard[1] - 1 then out[#out + 1] = f end
  end
  return out
end

--- batch.row(fn, path) -> row table (never raises)
function M.row(fn, path)
  local g, msg = shogi.read(path)
  if not g then return {file = path, error = tostring(msg)} end
  local ok, r = pcall(fn, g, path)
  if not ok then return {file = path, error = "script: " .. tostring(r)} end
  if type(r) ~= "table" then
    return {file = path, error = "script: returned " .. type(r) .. ", not a table"}
  end
  local out = {}
  for k, v in pairs(r) do out[k] = v end
  out.file = path
  return out
end

local function encode(row)
  local ok, text = pcall(encode_value, row, 0)
  if ok then return text end
  return encode_value({file = row.file, error = "script: the result cannot be written as JSON: " .. tostring(text)}, 0)
end

--- batch.run(fn, files, opts) -> failed count
-- opts: out (file handle, default io.stdout), progress (file handle or nil),
-- worker_cmd (a function(i, n) -> shell command printing the rows of shard i/n,
-- used when jobs > 1)
function M.run(fn, files, opts)
  opts = opts or {}
  local out = opts.out or io.stdout
  local failed, done = 0, 0
  local function progress()
    if opts.progress then
      opts.progress:write(string.format("\r%d/%d files, %d failed", done, #files, failed))
      opts.progress:flush()
    end
  end
  local jobs = opts.jobs or 1
  if jobs <= 1 or not opts.worker_cmd or #files <= 1 then
    for _, f in ipairs(files) do
      local row = M.row(fn, f)
      if row.error then failed = failed + 1 end
      out:write(encode(row), "\n")
      out:flush()
      done = done + 1
      progress()
    end
  else
    -- each worker takes every jobs-th file; their rows are put back in file order
    jobs = math.min(jobs, #files)
    local pipes = {}
    for i = 1, jobs do pipes[i] = io.popen(opts.worker_cmd(i, jobs), "r") end
    local rows = {}
    for i = 1, jobs do
      local k = i
      for line in pipes[i]:lines() do
        rows[k] = line
        k = k + jobs
        done = done + 1
        if line:find('"error":', 1, true) then failed = failed + 1 end
        progress()
      end
      pipes[i]:close()
    end
    for k = 1, #files do
      out:write(rows[k] or encode({file = files[k], error = "the worker for this file stopped"}), "\n")
      if not rows[k] then failed = failed + 1 end
    end
  end
  if opts.progress then opts.progress:write("\n") end
  return failed
end

--- the ready-made script of scripts/records: what each record holds
function M.records_script(g)
  local info = g:info()
  local r = g:result()
  local warnings = info.warnings
  if type(warnings) == "table" and #warnings == 0 then warnings = nil end
  return {
    format = info.format, encoding = info.encoding, moves = g:ply(),
    result = r and r.reason or nil, winner = r and r.winner or nil,
    ending = type(info.ending) == "table" and info.ending.name or nil,
    sfen = g:sfen(), warnings = warnings,
  }
end

--- batch.load_script(path) -> fn | nil, msg: a Lua file returning function(game, path)
function M.load_script(path)
  local f = io.open(path, "rb")
  if not f then return nil, path .. ": cannot open the script" end
  local text = f:read("a")
  f:close()
  local chunk, err = load(text, "@" .. path, "t")
  if not chunk then return nil, err end
  local ok, fn = pcall(chunk)
  if not ok then return nil, tostring(fn) end
  if type(fn) ~= "function" then
    return nil, path .. ": the script must return function(game, path) ... end, not " .. type(fn)
  end
  return fn
end

--- the exit status for a number of failed files (at most 125)
function M.exit_status(failed) return failed > 125 and 125 or failed end

return M
