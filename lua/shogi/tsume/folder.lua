-- Many problems checked in one go (scripts/tsume check DIR|FILES...): the
-- files of folders, one verdict per problem (shogi.tsume.verdict) and a
-- summary.
--
--   local folder = require "shogi.tsume.folder"
--   local files, err = folder.files({"problems/", "x.kif"})
--   local results, summary = folder.check(files, {nodes = 1e6}, function(r) print(r.line) end)
local verdict = require "shogi.tsume.verdict"

local ipairs, pairs, require, tonumber, tostring, type = ipairs, pairs, require, tonumber, tostring, type
local io_open, io_popen, os_clock = io.open, io.popen, os.clock
local string_format = string.format
local table_concat, table_sort = table.concat, table.sort
local _ENV = nil -- luacheck: ignore 211

local M = {}

-- the extensions of the files a folder's problems are read from
M.EXTENSIONS = {lua = true, kif = true, kifu = true, ki2 = true, ki2u = true, csa = true, jkf = true,
  bod = true, usi = true, sfen = true}

local function is_dir(path)
  local f = io_open(path, "r")
  if not f then return nil end
  local ok, _, code = f:read(0)
  f:close()
  return ok == nil and code == 21 -- EISDIR
end

-- names compared with their runs of digits as numbers (2.kif before 10.kif)
local function natural_less(a, b)
  local function key(s)
    local parts = {}
    for text, num in s:gmatch("(%D*)(%d*)") do
      if text ~= "" then parts[#parts + 1] = text end
      if num ~= "" then parts[#parts + 1] = tonumber(num) end
    end
    return parts
  end
  local ka, kb = key(a), key(b)
  for i = 1, #ka < #kb and #ka or #kb do
    local x, y = ka[i], kb[i]
    if x ~= y then
      if type(x) == type(y) then return x < y end
      return type(x) == "number"
    end
  end
  return #ka < #kb
end

local function list_dir(dir)
  local q = "'" .. dir:gsub("'", "'\\''") .. "'"
  local p = io_popen("ls -1 " .. q .. " 2>/dev/null")
  if not p then return nil, dir .. ": cannot list the folder" end
  local names = {}
  for name in p:lines() do
    local ext = name:match("%.(%w+)$")
    if ext and M.EXTENSIONS[ext:lower()] and not name:match("%.report%.") then names[#names + 1] = name end
  end
  p:close()
  table_sort(names, natural_less)
  local out = {}
  local sep = dir:sub(-1) == "/" and "" or "/"
  for i, name in ipairs(names) do out[i] = dir .. sep .. name end
  return out
end

--- folder.files(args) -> array of paths | nil, msg: each folder's problem
-- files (by extension, in natural order), each file as it is
function M.files(args)
  local out = {}
  for _, a in ipairs(args) do
    local d = is_dir(a)
    if d == nil then return nil, a .. ":1:1: cannot open the problem file" end
    if d then
      local list, err = list_dir(a)
      if not list then return nil, err end
      if #list == 0 then return nil, a .. ": no problem files in the folder (" .. M.extension_list() .. ")" end
      for _, f in ipairs(list) do out[#out + 1] = f end
    else
      out[#out + 1] = a
    end
  end
  return out
end

function M.extension_list()
  local t = {}
  for k in pairs(M.EXTENSIONS) do t[#t + 1] = "." .. k end
  table_sort(t)
  return table_concat(t, " ")
end

local function summary_line(s)
  local parts = {}
  for _, k in ipairs(verdict.KINDS) do
    if k ~= "sound" and (s.kinds[k] or 0) > 0 then parts[#parts + 1] = string_format("%d %s", s.kinds[k], k) end
  end
  return string_format("%d problems: %d sound, %d faulty%s; %d nodes, %.2f s", s.problems, s.sound, s.faulty,
    #parts > 0 and (" (" .. table_concat(parts, ", ") .. ")") or "", s.nodes, s.seconds)
end
M.summary_line = summary_line

--- folder.check(files, opts, each) -> results, summary.  opts as for
-- shogi.tsume.check; each(result) (optional) is called as each problem is
-- done.  A result: {file, type, sound, kind, faults, notes, text, line, status,
-- length, nodes, seconds, error}; the summary: {problems, sound, faulty,
-- kinds = {kind = count}, nodes, seconds, line}.
function M.check(files, opts, each)
  local tsume = require "shogi.tsume"
  local results = {}
  local s = {problems = 0, sound = 0, faulty = 0, kinds = {}, nodes = 0, seconds = 0}
  for _, file in ipairs(files) do
    local t0 = os_clock()
    local report, err = tsume.check(file, opts)
    local r
    if not report then
      r = {file = file, sound = false, kind = "unreadable", faults = {{kind = "unreadable", text = tostring(err)}},
        notes = {}, text = "unreadable: " .. tostring(err), error = tostring(err), nodes = 0,
        seconds = os_clock() - t0}
    else
      local v = report.verdict or verdict.of(report)
      r = {file = file, sound = v.sound, kind = v.kind, faults = v.faults, notes = v.notes, text = v.text,
        status = report.status, length = report.length, nodes = report.nodes or 0,
        seconds = report.seconds or (os_clock() - t0), title = report.title, type = report.type or "tsume"}
    end
    local extra = {}
    if r.status == "mate" then extra[#extra + 1] = "mate in " .. tostring(r.length) end
    if r.status == "hisshi" then extra[#extra + 1] = tostring(r.length) .. "手必至" end
    if r.status == "selfmate" then extra[#extra + 1] = "selfmate in " .. tostring(r.length) end
    for _, n in ipairs(r.notes) do extra[#extra + 1] = n.text end
    extra[#extra + 1] = string_format("%.2f s", r.seconds)
    r.line = string_format("%s: %s (%s)", file, r.text, table_concat(extra, "; "))
    results[#results + 1] = r
    s.problems = s.problems + 1
    if r.sound then s.sound = s.sound + 1 else s.faulty = s.faulty + 1 end
    s.kinds[r.kind] = (s.kinds[r.kind] or 0) + 1
    s.nodes = s.nodes + r.nodes
    s.seconds = s.seconds + r.seconds
    if each then each(r) end
  end
  s.line = summary_line(s)
  return results, s
end

return M
