-- What a value is (a position, a game, something else) and the readable dump
-- of a table the REPL prints.
local concat, sort, format = table.concat, table.sort, string.format
local type, tostring, pairs, ipairs, pcall = type, tostring, pairs, ipairs, pcall
local rawget = rawget
local getmetatable = debug and debug.getmetatable or getmetatable
local math_type = math.type
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.WIDTH = 78 -- the width of a dump's lines and of the move list's
local WIDTH = M.WIDTH

-- v[name], or nil when indexing v raises
function M.field(v, name)
  local ok, r = pcall(function() return v[name] end)
  if ok then return r end
  return nil
end
local field = M.field

local function metaname(v)
  local mt = getmetatable(v)
  return type(mt) == "table" and rawget(mt, "__name") or nil
end

-- "position", "game" or nil (by metatable name, else by the methods it answers)
function M.kind(v)
  local tv = type(v)
  if tv ~= "userdata" and tv ~= "table" then return nil end
  local name = metaname(v)
  if name == "shogi.position" then return "position" end
  if name == "shogi.game" then return "game" end
  if tv == "userdata" and type(field(v, "at")) == "function" and type(field(v, "hand")) == "function" then
    local is_game = type(field(v, "moves")) == "function" and type(field(v, "position")) == "function"
    return is_game and "game" or "position"
  end
  return nil
end

-- a Lua name, and the words that cannot be one
M.IDENT = "^[%a_][%w_]*$"
M.KEYWORDS = {
  "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
  "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
}
local IDENT = M.IDENT
local is_keyword = {}
for _, k in ipairs(M.KEYWORDS) do is_keyword[k] = true end

local function scalar(v)
  if type(v) == "string" then return (format("%q", v):gsub("\\\n", "\\n")) end
  return tostring(v)
end

local function key_order(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

local dump

local function items_of(t, indent, seen, depth)
  local items, n = {}, #t
  for i = 1, n do items[#items + 1] = dump(t[i], indent, seen, depth) end
  local keys = {}
  for k in pairs(t) do
    if not (math_type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, key_order)
  for _, k in ipairs(keys) do
    local name = (type(k) == "string" and k:match(IDENT) and not is_keyword[k]) and k
      or ("[" .. dump(k, indent, seen, depth) .. "]")
    items[#items + 1] = name .. " = " .. dump(t[k], indent, seen, depth)
  end
  return items, n
end

-- a readable table dump: on one line when short, else one entry (or a row of
-- short array values) per line
function dump(v, indent, seen, depth)
  if type(v) ~= "table" then return scalar(v) end
  local mt = getmetatable(v)
  if type(mt) == "table" and rawget(mt, "__tostring") then return tostring(v) end
  if seen[v] then return "<cycle>" end
  if depth > 4 then return "{...}" end
  seen[v] = true
  local inner = indent .. "  "
  local items, n = items_of(v, inner, seen, depth + 1)
  seen[v] = nil
  if #items == 0 then return "{}" end
  local flat = "{" .. concat(items, ", ") .. "}"
  if #flat + #indent <= WIDTH and not flat:find("\n") then return flat end
  local lines, row = {}, nil
  for i, item in ipairs(items) do
    if i <= n and not item:find("\n") and #item < 24 then -- array values share rows
      if row and #row + #item + 2 <= WIDTH - #inner then
        row = row .. " " .. item .. ","
      else
        if row then lines[#lines + 1] = inner .. row end
        row = item .. ","
      end
    else
      if row then lines[#lines + 1] = inner .. row; row = nil end
      lines[#lines + 1] = inner .. item .. ","
    end
  end
  if row then lines[#lines + 1] = inner .. row end
  return "{\n" .. concat(lines, "\n") .. "\n" .. indent .. "}"
end

function M.dump(v) return dump(v, "", {}, 0) end

return M
