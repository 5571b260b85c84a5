-- A few helpers for writing SVG text: escaped text, numbers written short,
-- and elements with their attributes in the order given.
--   svg.el("rect", {"x", 0, "y", 0, "width", 10}) -> '<rect x="0" y="0" width="10"/>'
local concat, format, tostring, type = table.concat, string.format, tostring, type
local math_type, math_floor = math.type, math.floor
local _ENV = nil -- luacheck: ignore 211

local M = {}

local ESCAPES = {["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;", ["'"] = "&apos;"}

--- escape(text) -> text safe inside an element or an attribute
function M.escape(s) return (tostring(s):gsub("[&<>\"']", ESCAPES)) end

--- num(x) -> "12" or "12.5" (two decimals at most)
function M.num(x)
  if math_type(x) == "integer" then return tostring(x) end
  if x == math_floor(x) and x > -1e15 and x < 1e15 then return format("%d", x) end
  return (format("%.2f", x):gsub("0+$", ""):gsub("%.$", ""))
end

local function value(v)
  if type(v) == "number" then return M.num(v) end
  return M.escape(v)
end

--- el(name, attrs [, content]) -> element text; attrs is {name, value, name, value, ...}
-- (false values are left out; never nil); content is raw SVG (escape text first)
function M.el(name, attrs, content)
  local parts = {"<", name}
  for i = 1, #attrs, 2 do
    if attrs[i + 1] ~= false then parts[#parts + 1] = format(' %s="%s"', attrs[i], value(attrs[i + 1])) end
  end
  if content == nil then
    parts[#parts + 1] = "/>"
  else
    parts[#parts + 1] = ">" .. content .. "</" .. name .. ">"
  end
  return concat(parts)
end

return M
