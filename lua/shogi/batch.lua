-- shogi.batch: run a script over many game records, one JSON line per file
-- (scripts/batch and scripts/records are its command lines).
--   local batch = require "shogi.batch"
--   local failed = batch.run(fn, files, {out = io.stdout})
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
  if not str:find('[%c"\\]') then return '"' .. str .. '"' end   -- (most strings: nothing to escape)
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
  local all_strings = true
  for _, k in ipairs(keys) do
    if type(k) ~= "string" then
      if math.type(k) ~= "integer" then error("a " .. type(k) .. " key", 0) end
      all_strings = false
    end
  end
  -- (string keys, the usual, in their own order: the same as their tostring's, without the calls)
  if all_strings then table.sort(keys) else table.sort(keys, function(a, b) return tostring(a) < tostring(b) end) end
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

-- an interruption (Ctrl-C: lua5.4 raises "interrupted!") is never a row: it stops the run
local function interrupted(msg) return type(msg) == "string" and msg:find("interrupted!$") ~= nil end
M.interrupted = interrupted

--- batch.row(fn, path [, read_opts]) -> row table (never raises, but for an interruption)
-- read_opts: shogi.read's options (encoding)
function M.row(fn, path, read_opts)
  -- a reader's own fault (a raise, where a damaged file should give nil, msg) is this file's error row
  -- too, named as komadai's: one file never stops the run
  local read_ok, g, msg = pcall(shogi.read, path, nil, read_opts)
  if not read_ok then
    if interrupted(g) then error(g, 0) end
    g, msg = nil, "internal error reading the file (please report it): " .. tostring(g)
  end
  if not g then
    if interrupted(tostring(msg)) then error(msg, 0) end
    return {file = path, error = tostring(msg)}
  end
  local ok, r = pcall(fn, g, path)
  if not ok then
    if interrupted(r) then error(r, 0) end
    return {file = path, error = "script: " .. tostring(r)}
  end
  if type(r) ~= "table" then
    return {file = path, error = "script: returned " .. type(r) .. ", not a table"}
  end
  local out = {}
  for k, v in pairs(r) do out[k] = v end
  out.file = path
  return out
end

--- batch.line(row) -> its JSON line (without the newline); a row that cannot be
--- written as JSON becomes an error row
function M.line(row)
  local ok, text = pcall(encode_value, row, 0)
  if ok then return text end
  return encode_value({file = row.file, error = "script: the result cannot be written as JSON: " .. tostring(text)}, 0)
end

--- whether a JSON line is an error row: its keys are sorted, so an error row
--- ({"error":..., "file":...}) starts with its error
function M.is_error_line(line)
  return line:sub(1, 9) == '{"error":'
end

--- batch.run(fn, files, opts) -> failed count: the rows of a list of files, in one
-- process (scripts/batch's runner adds workers, resume and progress: shogi.batch.runner)
-- opts: out (file handle, default io.stdout), read (shogi.read's options)
function M.run(fn, files, opts)
  opts = opts or {}
  local out = opts.out or io.stdout
  local failed = 0
  for _, f in ipairs(files) do
    local row = M.row(fn, f, opts.read)
    if row.error then failed = failed + 1 end
    out:write(M.line(row), "\n")
  end
  out:flush()
  return failed
end

--- the ready-made script of scripts/records: what each record holds (docs/BATCH.md)
function M.records_script(g)
  local info = g:info()
  local r = g:result()
  local warnings = info.warnings
  if type(warnings) == "table" and #warnings == 0 then warnings = nil end
  return {
    format = info.format, encoding = info.encoding, moves = g:ply(),
    result = r and r.reason or nil, winner = r and r.winner or nil,
    ending = type(info.ending) == "table" and info.ending.name or nil,
    -- the move the record states as the foul that ended the game (not played: illegal)
    foul = type(info.ending) == "table" and type(info.ending.illegal) == "table" and info.ending.illegal.usi or nil,
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
