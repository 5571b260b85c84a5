-- The site's drills' data folder, DATA/drills (shogi.web_drills): a class is a folder CODE/ with its
-- class.json ({code, name, teacher_id, teacher, created}) and one STUDENT.tsv a student (the progress
-- file of shogi.drill.progress); logins.tsv says which session (the SHA-256 of its token) is which student.
--   local data = M.open(root)            -> data | nil, msg (the folder made if missing)
--   data:class(code), data:classes_of(user_id), data:make_class(name, user) -> class | nil, msg
--   data:dir(code), data:students(code)  -> the class's folder, its students' names
--   data:login(sid), data:join(sid, code, name) -> true | nil, msg, data:leave(sid)
--   M.ls(dir)                            -> the names in a folder, sorted | nil
local cjson = require "cjson"
local progress = require "shogi.drill.progress"

local ipairs, pairs, pcall, setmetatable, tonumber, type = ipairs, pairs, pcall, setmetatable, tonumber, type
local io_open, io_popen = io.open, io.popen
local os_execute, os_time = os.execute, os.time
local string_byte, string_gmatch, string_gsub, string_match, string_sub =
  string.byte, string.gmatch, string.gsub, string.match, string.sub
local table_concat, table_sort = table.concat, table.sort
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789" -- 32 symbols, none read as another (no 0 O 1 I)
M.CODE_LENGTH = 8
M.LOGIN_DAYS = 90 -- a student's login kept this long unused (the longest a site session lives)

local Data = {}
Data.__index = Data

local function quote(s) return "'" .. string_gsub(s, "'", "'\\''") .. "'" end

function M.ls(dir)
  local p = io_popen("ls -1 -- " .. quote(dir) .. " 2>/dev/null")
  if not p then return nil end
  local out = {}
  for line in p:lines() do out[#out + 1] = line end
  if not p:close() then return nil end
  table_sort(out)
  return out
end

local function mkdir(dir) return os_execute("mkdir -p -- " .. quote(dir) .. " 2>/dev/null") end

local write_file = progress.write_whole -- text written whole or not at all

local function read_file(path)
  local f = io_open(path, "r")
  if not f then return nil end
  local t = f:read("a")
  f:close()
  return t
end

function M.open(root)
  if not mkdir(root) then return nil, root .. ": the drills' data folder cannot be made" end
  local d = setmetatable({root = root, classes = {}, logins = {}}, Data)
  for _, code in ipairs(M.ls(root) or {}) do
    local text = read_file(root .. "/" .. code .. "/class.json")
    local ok, c = pcall(cjson.decode, text or "")
    if text and ok and type(c) == "table" and c.code == code then d.classes[code] = c end
  end
  local oldest = os_time() - M.LOGIN_DAYS * 86400
  local text = read_file(root .. "/logins.tsv") or ""
  for sid, code, name, at in string_gmatch(text, "([0-9a-f]+)\t([^\t\n]+)\t([^\t\n]+)\t(%d+)\n") do
    if tonumber(at) >= oldest and d.classes[code] then d.logins[sid] = {code = code, name = name, at = tonumber(at)} end
  end
  return d
end

function Data:dir(code) return self.root .. "/" .. code end

function Data:class(code) return self.classes[code] end

--- classes_of(user_id) -> the classes that account teaches, newest first
function Data:classes_of(user_id)
  local out = {}
  for _, c in pairs(self.classes) do
    if c.teacher_id == user_id then out[#out + 1] = c end
  end
  table_sort(out, function(a, b) return a.created > b.created or (a.created == b.created and a.code < b.code) end)
  return out
end

--- students(code) -> the names of the class's students (each one's progress file), sorted
function Data:students(code)
  local out = {}
  for _, f in ipairs(M.ls(self:dir(code)) or {}) do
    local name = string_match(f, "^(.+)%.tsv$")
    if name then out[#out + 1] = name end
  end
  return out
end

local function random_code()
  local f = io_open("/dev/urandom", "rb")
  local bytes = f and f:read(M.CODE_LENGTH)
  if f then f:close() end
  if not bytes or #bytes ~= M.CODE_LENGTH then return nil end
  local out = {}
  for i = 1, M.CODE_LENGTH do
    local k = string_byte(bytes, i) % #M.CODE_ALPHABET + 1 -- 256 is a multiple of 32: no symbol favoured
    out[i] = string_sub(M.CODE_ALPHABET, k, k)
  end
  return table_concat(out)
end

--- make_class(name, user) -> class | nil, msg: a new code, its folder and class.json
function Data:make_class(name, user)
  local code
  for _ = 1, 8 do
    code = random_code()
    if code and not self.classes[code] then break end
    code = nil
  end
  if not code then return nil, "no class code could be made" end
  local c = {code = code, name = name, teacher_id = user.id, teacher = user.name, created = os_time()}
  if not mkdir(self:dir(code)) or not write_file(self:dir(code) .. "/class.json", cjson.encode(c)) then
    return nil, "the class's folder could not be written"
  end
  self.classes[code] = c
  return c
end

--- login(sid) -> {code, name} of the student this session is (in a class that is there) | nil
function Data:login(sid)
  local l = sid and self.logins[sid]
  if l and self.classes[l.code] then return l end
  return nil
end

function Data:_save_logins()
  local lines = {}
  for sid, l in pairs(self.logins) do lines[#lines + 1] = table_concat({sid, l.code, l.name, l.at}, "\t") end
  table_sort(lines)
  return write_file(self.root .. "/logins.tsv", table_concat(lines, "\n") .. (#lines > 0 and "\n" or ""))
end

function Data:join(sid, code, name)
  self.logins[sid] = {code = code, name = name, at = os_time()}
  return self:_save_logins()
end

function Data:leave(sid)
  if not self.logins[sid] then return true end
  self.logins[sid] = nil
  return self:_save_logins()
end

return M
