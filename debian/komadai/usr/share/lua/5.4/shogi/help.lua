-- help() and help "topic", from one table: every file lua/shogi/doc/<area>.lua
-- returns a list of {name =, args =, summary =, details =, example =}.
-- Inside komadai the doc files are embedded (package.preload "shogi.doc.*");
-- from plain lua5.4 they are found next to this file on package.path.
--   help()            the areas and their names
--   help "position"   the entries of one area, one line each
--   help "pos:sfen"   one entry in full (also "sfen", or any part of a name)
--   help(shogi.position)  the entry of a function reachable from the globals
--   text(topic)       the same text, returned instead of printed
local M = {}

local concat, sort, format = table.concat, table.sort, string.format
local type, pairs, ipairs, pcall, require, tostring = type, pairs, ipairs, pcall, require, tostring
local package, io = package, io
local G = _G
local _ENV = nil -- luacheck: ignore 211

local WIDTH = 78

-- the names "shogi.doc.<area>" that exist, sorted
local function doc_modules()
  local names, seen = {}, {}
  local function add(name)
    if not seen[name] then seen[name] = true; names[#names + 1] = name end
  end
  for k in pairs(package.preload) do
    if type(k) == "string" and k:match("^shogi%.doc%.[%w_]+$") then add(k) end
  end
  if #names == 0 and package.searchpath and io.popen then
    local me = package.searchpath("shogi.help", package.path)
    local dir = me and me:match("^(.*)help%.lua$")
    if dir then
      local ls = io.popen("ls '" .. (dir .. "doc"):gsub("'", "'\\''") .. "' 2>/dev/null")
      if ls then
        for file in ls:lines() do
          local area = file:match("^([%w_]+)%.lua$")
          if area then add("shogi.doc." .. area) end
        end
        ls:close()
      end
    end
  end
  sort(names)
  return names
end

-- {areas = {{name=, entries=}}, problems = {...}}, loaded once
local book
local function load_book()
  if book then return book end
  local b = {areas = {}, problems = {}}
  for _, mod in ipairs(doc_modules()) do
    local ok, list = pcall(require, mod)
    local area = mod:match("([%w_]+)$")
    if not ok then
      b.problems[#b.problems + 1] = format("doc %s did not load: %s", area, tostring(list))
    elseif type(list) ~= "table" then
      b.problems[#b.problems + 1] = format("doc %s: expected a list of entries, got a %s", area, type(list))
    else
      local entries = {}
      for i, e in ipairs(list) do
        if type(e) == "table" and type(e.name) == "string" then
          entries[#entries + 1] = e
        else
          b.problems[#b.problems + 1] = format("doc %s: entry %d has no name", area, i)
        end
      end
      b.areas[#b.areas + 1] = {name = area, entries = entries}
    end
  end
  book = b
  return b
end

local function wrap(words, indent)
  local lines, line = {}, indent
  for _, w in ipairs(words) do
    if #line > #indent and #line + 1 + #w > WIDTH then
      lines[#lines + 1] = line
      line = indent .. w
    else
      line = (#line > #indent and (line .. " ") or line) .. w
    end
  end
  if #line > #indent then lines[#lines + 1] = line end
  return concat(lines, "\n")
end

local function indent_block(text, pad)
  return pad .. tostring(text):gsub("\n", "\n" .. pad)
end

-- text with its long lines broken between words, each line indented by pad
local function fill(text, pad)
  local out = {}
  for line in (tostring(text) .. "\n"):gmatch("(.-)\n") do
    if #pad + #line <= WIDTH then
      out[#out + 1] = pad .. line
    else
      local words = {}
      for w in line:gmatch("%S+") do words[#words + 1] = w end
      out[#out + 1] = wrap(words, pad)
    end
  end
  return concat(out, "\n")
end

local function full(e)
  local out = {e.name .. (e.args or "")}
  if e.summary then out[#out + 1] = fill(e.summary, "  ") end
  if e.details then out[#out + 1] = fill(e.details, "  ") end
  if e.example then out[#out + 1] = "  example:\n" .. indent_block(e.example, "    ") end
  return concat(out, "\n")
end

local function one_line(e)
  local head = e.name .. (e.args or "")
  local summary = e.summary and tostring(e.summary):match("^[^\n]*") or ""
  if #head < 28 then return format("  %-28s %s", head, summary) end
  return format("  %s\n  %-28s %s", head, "", summary)
end

local function overview(b)
  local out = {"komadai help: help \"area\" lists an area, help \"name\" shows one function", ""}
  for _, a in ipairs(b.areas) do
    local names = {}
    for i, e in ipairs(a.entries) do names[i] = e.name end
    out[#out + 1] = a.name .. ":"
    out[#out + 1] = wrap(names, "  ")
  end
  if #b.areas == 0 then out[#out + 1] = "(no documentation found)" end
  for _, p in ipairs(b.problems) do out[#out + 1] = p end
  return concat(out, "\n")
end

local function area_text(a)
  local out = {a.name .. ":"}
  for _, e in ipairs(a.entries) do out[#out + 1] = one_line(e) end
  return concat(out, "\n")
end

-- the value a documented name stands for ("shogi.position"), or nil
local function value_of(name)
  local v = G
  for part in name:gmatch("[^%.]+") do
    if type(v) ~= "table" then return nil end
    local ok, nv = pcall(function() return v[part] end)
    if not ok then return nil end
    v = nv
  end
  return v
end

local function find(b, topic)
  if type(topic) ~= "string" then
    for _, a in ipairs(b.areas) do
      for _, e in ipairs(a.entries) do
        if e.name:match("^[%w_%.]+$") and value_of(e.name) == topic then return {e} end
      end
    end
    return {}
  end
  local exact, tail, part = {}, {}, {}
  local needle = topic:lower()
  for _, a in ipairs(b.areas) do
    for _, e in ipairs(a.entries) do
      local name = e.name:lower()
      if name == needle or name .. (e.args or ""):lower() == needle then exact[#exact + 1] = e
      elseif name:match("[%.:]" .. needle:gsub("%p", "%%%0") .. "$") then tail[#tail + 1] = e
      elseif name:find(needle, 1, true) then part[#part + 1] = e end
    end
  end
  if #exact > 0 then return exact end
  if #tail > 0 then return tail end
  return part
end

--- text([topic]) -> the help text (see the top of this file)
function M.text(topic)
  local b = load_book()
  if topic == nil then return overview(b) end
  if type(topic) == "string" then
    for _, a in ipairs(b.areas) do
      if a.name == topic then
        for _, e in ipairs(a.entries) do -- an entry named as its area comes first, in full
          if e.name == topic then return full(e) .. "\n\n" .. area_text(a) end
        end
        return area_text(a)
      end
    end
  end
  local found = find(b, topic)
  if #found == 1 then return full(found[1]) end
  if #found > 1 then
    local out = {format("%d entries match '%s':", #found, tostring(topic))}
    for _, e in ipairs(found) do out[#out + 1] = one_line(e) end
    return concat(out, "\n")
  end
  return format("no help for '%s'; help() lists the topics", tostring(topic))
end

--- help([topic]): prints text(topic)
function M.help(topic)
  io.write(M.text(topic), "\n")
end

--- the areas and their entries (for tests and tools)
function M.book() return load_book() end

--- the topics help takes: the areas and every entry's name (for completion)
function M.topics()
  local out = {}
  for _, a in ipairs(load_book().areas) do
    out[#out + 1] = a.name
    for _, e in ipairs(a.entries) do out[#out + 1] = e.name end
  end
  sort(out)
  return out
end

return M
