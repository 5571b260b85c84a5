-- A student's progress through drills, with spaced repetition (Leitner boxes).
-- Kept in $KOMADAI_HOME/drill/STUDENT.tsv (KOMADAI_HOME defaults to ~/.komadai;
-- STUDENT is $KOMADAI_STUDENT, else $USER, else "student"): one line per
-- exercise, "drill<TAB>number<TAB>box<TAB>due<TAB>seen<TAB>missed<TAB>path<TAB>points<TAB>attempts<TAB>hints
-- <TAB>seconds" (the last four: the latest score, and the answers tried, hints taken and seconds spent over
-- every play; a file without them reads as 0).  M.class(dir) reads every student's file of a directory: the
-- teacher's view (scripts/drill results), and the store a web page would share.
-- The schedule: an exercise never played is due now and starts in box 1;
-- solved with no wrong move and no hint it moves up a box and comes back
-- after INTERVALS[box] days (box 1: 1 day, then 3, 7, 14, 30, 60), so a first
-- clean solve comes back in 3 days; solved with help it stays in its box;
-- missed (the answer shown, skipped, lost) it goes back to box 1 and comes
-- back the next day.  The due exercises come oldest first.
-- KOMADAI_NOW (seconds since the epoch) stands in for the clock, for tests.
local error, ipairs, pairs, setmetatable, tonumber, tostring = error, ipairs, pairs, setmetatable, tonumber, tostring
local io_open, io_popen = io.open, io.popen
local os_date, os_getenv, os_time, os_execute, os_rename, os_remove =
  os.date, os.getenv, os.time, os.execute, os.rename, os.remove
local string_format, string_gmatch, string_match, string_gsub = string.format, string.gmatch, string.match, string.gsub
local table_concat, table_sort = table.concat, table.sort
local math_min = math.min
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.DAY = 86400
M.INTERVALS = {1, 3, 7, 14, 30, 60}

local Store = {}
Store.__index = Store

function M.home()
  local h = os_getenv("KOMADAI_HOME")
  if h and h ~= "" then return h end
  return (os_getenv("HOME") or ".") .. "/.komadai"
end

function M.student()
  local s = os_getenv("KOMADAI_STUDENT") or os_getenv("USER") or "student"
  s = string_gsub(s, "[^%w_%-%.]", "_")
  return s ~= "" and s or "student"
end

function M.now(now)
  if now then return now end
  local env = tonumber(os_getenv("KOMADAI_NOW") or "")
  return env or os_time()
end

local function span(seconds)
  if seconds < 3600 then return string_format("%d minutes", seconds // 60 + 1) end
  if seconds < 2 * 86400 then return string_format("%d hours", seconds // 3600) end
  return string_format("%d days", seconds // 86400)
end

--- progress.write_whole(path, text) -> true | nil, msg: the file holds text whole or is as it was
-- (written to a temporary file beside it, then renamed); the store and the drill pages' files use it
function M.write_whole(path, text)
  local tmp = path .. ".tmp"
  local f, err = io_open(tmp, "w")
  if not f then return nil, err end
  local ok, werr = f:write(text)
  local closed, cerr = f:close()
  if not ok or not closed then
    os_remove(tmp)
    return nil, werr or cerr
  end
  local renamed, rerr = os_rename(tmp, path)
  if not renamed then return nil, rerr end
  return true
end

--- progress.due_in(at [, now]) -> "3 hours (2026-12-05 10:00 UTC)": when an exercise due at `at` is,
-- as the prompt and the drill pages say it
function M.due_in(at, now)
  return string_format("%s (%s)", span(at - M.now(now)), os_date("!%Y-%m-%d %H:%M UTC", at))
end

local function clean(s) return (string_gsub(tostring(s), "[\t\n]", " ")) end

--- open([opts]) -> store (opts: home =, student =); false when progress is off (KOMADAI_HOME = "-")
function M.open(opts)
  opts = opts or {}
  local home = opts.home or M.home()
  if home == "-" then return false end
  local student = opts.student or M.student()
  local file = opts.file or (home .. "/drill/" .. student .. ".tsv")
  -- the folder made on saving: the file's own (a class's folder for opts.file)
  local s = setmetatable({dir = string_match(file, "^(.*)/[^/]*$") or ".", file = file, rows = {},
    student = student}, Store)
  local f = io_open(s.file, "r")
  if f then
    for line in f:lines() do
      local fields = {}
      for v in string_gmatch(line .. "\t", "([^\t]*)\t") do fields[#fields + 1] = v end
      if #fields >= 6 then
        s.rows[fields[1] .. "\t" .. fields[2]] = {drill = fields[1], n = tonumber(fields[2]), box = tonumber(fields[3]),
          due = tonumber(fields[4]), seen = tonumber(fields[5]), missed = tonumber(fields[6]), path = fields[7],
          points = tonumber(fields[8]) or 0, attempts = tonumber(fields[9]) or 0, hints = tonumber(fields[10]) or 0,
          seconds = tonumber(fields[11]) or 0}
      end
    end
    f:close()
  end
  return s
end

local function key(drill, n) return clean(drill:key()) .. "\t" .. n end

--- store:record(drill, n, outcome, now [, stats]): outcome "clean" | "helped" | "missed";
-- stats: {points =, attempts =, hints =, seconds =} of this play
function Store:record(drill, n, outcome, now, stats)
  now = M.now(now)
  local k = key(drill, n)
  local row = self.rows[k] or {drill = clean(drill:key()), n = n, box = 1, seen = 0, missed = 0, points = 0,
    attempts = 0, hints = 0, seconds = 0}
  stats = stats or {}
  row.points = stats.points or row.points
  row.attempts = row.attempts + (stats.attempts or 0)
  row.hints = row.hints + (stats.hints or 0)
  row.seconds = row.seconds + (stats.seconds or 0)
  if outcome == "clean" then row.box = math_min(#M.INTERVALS, row.box + 1)
  elseif outcome == "helped" then row.box = row.box
  elseif outcome == "missed" then row.box = 1; row.missed = row.missed + 1
  else error("bad outcome '" .. tostring(outcome) .. "'", 2) end
  row.seen = row.seen + 1
  row.due = now + M.INTERVALS[row.box] * M.DAY
  if drill.path then
    local path = drill.path
    if not string_match(path, "^/") then path = (os_getenv("PWD") or ".") .. "/" .. path end
    row.path = clean(path)
  end
  self.rows[k] = row
end

--- store:row(drill, n) -> {box, due, seen, missed} | nil
function Store:row(drill, n) return self.rows[key(drill, n)] end

--- store:due(drill [, now]) -> the numbers of the exercises due, missed ones first, then by date
function Store:due(drill, now)
  now = M.now(now)
  local out = {}
  for i = 1, #drill.exercises do
    local row = self.rows[key(drill, i)]
    if not row or (row.due or 0) <= now then out[#out + 1] = i end
  end
  table_sort(out, function(a, b)
    local ra, rb = self.rows[key(drill, a)], self.rows[key(drill, b)]
    local da, db = ra and ra.due or 0, rb and rb.due or 0
    if da ~= db then return da < db end
    return a < b
  end)
  return out
end

--- store:unplayed(drill) -> the numbers of the exercises never played, in the file's order
function Store:unplayed(drill)
  local out = {}
  for i = 1, #drill.exercises do
    if not self.rows[key(drill, i)] then out[#out + 1] = i end
  end
  return out
end

--- store:next_due(drill [, now]) -> the exercise due next after now and when (nil when none is played)
function Store:next_due(drill, now)
  now = M.now(now)
  local best, when
  for i = 1, #drill.exercises do
    local row = self.rows[key(drill, i)]
    if row and row.due and row.due > now and (not when or row.due < when) then best, when = i, row.due end
  end
  return best, when
end

--- store:paths() -> the drill files this student has played (for `scripts/drill review` with no files)
function Store:paths()
  local seen, out = {}, {}
  for _, row in pairs(self.rows) do
    if row.path and row.path ~= "" and not seen[row.path] then seen[row.path] = true; out[#out + 1] = row.path end
  end
  table_sort(out)
  return out
end

--- store:save() -> true | nil, msg (written to a temporary file, then renamed)
function Store:save()
  os_execute(string_format("mkdir -p '%s' 2>/dev/null", string_gsub(self.dir, "'", "'\\''")))
  local keys = {}
  for k in pairs(self.rows) do keys[#keys + 1] = k end
  table_sort(keys)
  local lines = {}
  for _, k in ipairs(keys) do
    local r = self.rows[k]
    lines[#lines + 1] = table_concat({r.drill, r.n, r.box, r.due, r.seen, r.missed, r.path or "", r.points or 0,
      r.attempts or 0, r.hints or 0, r.seconds or 0}, "\t")
  end
  return M.write_whole(self.file, table_concat(lines, "\n") .. (#lines > 0 and "\n" or ""))
end

--- store:results() -> {{student, drill, n, points, attempts, hints, seconds, seen, missed, box, due}...}
-- sorted by drill and number
function Store:results()
  local out = {}
  for _, r in pairs(self.rows) do
    out[#out + 1] = {student = self.student, drill = r.drill, n = r.n, points = r.points or 0,
      attempts = r.attempts or 0, hints = r.hints or 0, seconds = r.seconds or 0, seen = r.seen, missed = r.missed,
      box = r.box, due = r.due}
  end
  table_sort(out, function(a, b)
    if a.drill ~= b.drill then return a.drill < b.drill end
    return a.n < b.n
  end)
  return out
end

--- class([dir]) -> the results of every student with a file in dir (default $KOMADAI_HOME/drill), by
-- student, then drill and number | nil, msg
function M.class(dir)
  dir = dir or (M.home() .. "/drill")
  local p = io_popen(string_format("ls -1 '%s' 2>/dev/null", string_gsub(dir, "'", "'\\''")))
  local names = {}
  if p then
    for line in p:lines() do
      local student = string_match(line, "^(.+)%.tsv$")
      if student then names[#names + 1] = student end
    end
    p:close()
  end
  if #names == 0 then return nil, dir .. ": no student's results there (files STUDENT.tsv)" end
  table_sort(names)
  local out = {}
  for _, student in ipairs(names) do
    local s = M.open{home = dir, student = student, file = dir .. "/" .. student .. ".tsv"}
    for _, r in ipairs(s:results()) do out[#out + 1] = r end
  end
  return out
end

--- the columns of the class's results (scripts/drill results, the teacher's page)
M.COLUMNS = {"student", "drill", "n", "points", "attempts", "hints", "seconds", "seen", "missed"}

--- csv(rows) -> the rows of class() as CSV text (a header line, then one line a row; RFC 4180 quoting)
function M.csv(rows)
  local function q(v)
    v = tostring(v)
    if string_match(v, '[",\r\n]') then return '"' .. string_gsub(v, '"', '""') .. '"' end
    return v
  end
  local lines = {table_concat(M.COLUMNS, ",")}
  for _, r in ipairs(rows) do
    local out = {}
    for i, c in ipairs(M.COLUMNS) do out[i] = q(r[c]) end
    lines[#lines + 1] = table_concat(out, ",")
  end
  return table_concat(lines, "\n") .. "\n"
end

M.Store = Store

return M
