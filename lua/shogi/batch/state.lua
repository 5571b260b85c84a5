-- shogi.batch.state: the resume state of a batch run (--resume STATE).
--   local st = state.load(path)            -- nil when there is none yet; nil, msg when unreadable
--   state.save(path, {run = ..., done = n, bytes = b, failed = f, total = t, next = "file"})
-- The file is a few "key value" lines, written whole to PATH.tmp and renamed
-- over PATH, so a run killed at any moment leaves the old state or the new one,
-- never half of one.  The rows it counts were flushed to the output before it
-- was written: a resumed run cuts the output back to `bytes` (rows written
-- after the last save are done again, never twice) and skips `done` files.
local io, os, tonumber, tostring, ipairs = io, os, tonumber, tostring, ipairs
local _ENV = nil -- luacheck: ignore 211

local M = {}

local MAGIC = "komadai-batch-state 1"
local NUMBERS = {done = true, bytes = true, failed = true, total = true}

-- values are one line each: a newline in one (a file name) is written escaped
local function esc(s) return (tostring(s):gsub("\\", "\\\\"):gsub("\n", "\\n")) end
local function unesc(s)
  return (s:gsub("\\(.)", function(c) return c == "n" and "\n" or c end))
end

--- state.load(path) -> table | nil (no state yet) | nil, msg
function M.load(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local first = f:read("l")
  if first ~= MAGIC then
    f:close()
    return nil, path .. ": not a batch state file (its first line is not '" .. MAGIC .. "')"
  end
  local st = {}
  for line in f:lines() do
    local k, v = line:match("^(%w+) (.*)$")
    if k then
      v = unesc(v)
      st[k] = NUMBERS[k] and tonumber(v) or v
    end
  end
  f:close()
  for _, k in ipairs({"total", "done", "failed", "bytes"}) do
    if not st[k] then return nil, path .. ": the state has no '" .. k .. "'" end
  end
  if not st.run then return nil, path .. ": the state has no 'run'" end
  return st
end

--- state.save(path, st) -> true | nil, msg (atomically)
function M.save(path, st)
  local tmp = path .. ".tmp"
  local f, err = io.open(tmp, "wb")
  if not f then return nil, "cannot write the state: " .. tostring(err) end
  f:write(MAGIC, "\n")
  for _, k in ipairs({"run", "total", "done", "failed", "bytes", "next", "complete"}) do
    if st[k] ~= nil then f:write(k, " ", esc(st[k]), "\n") end
  end
  local ok, werr = f:close()
  if not ok then return nil, "cannot write the state: " .. tostring(werr) end
  local renamed, rerr = os.rename(tmp, path)
  if not renamed then return nil, "cannot write the state: " .. tostring(rerr) end
  return true
end

return M
