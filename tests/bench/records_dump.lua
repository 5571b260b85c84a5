-- lua5.4 tests/bench/records_dump.lua LIST: for every file named in LIST, what
-- shogi.read makes of it, on one line: the error (and the partial game) or the game
-- (its moves, verdict, SFEN and every field of g:info(), keys sorted).  Run with one
-- tree's modules and with another's (tests/bench/records_same.sh) and compare the
-- outputs: a reader changed for speed must give the same lines.
local shogi = require "shogi"

local function dump(v, out, depth)
  local t = type(v)
  if t == "table" then
    if depth > 40 then out[#out + 1] = "<deep>"; return end
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b)
      local ta, tb = type(a), type(b)
      if ta ~= tb then return ta < tb end
      return a < b
    end)
    out[#out + 1] = "{"
    for _, k in ipairs(keys) do
      dump(k, out, depth + 1)
      out[#out + 1] = "="
      dump(v[k], out, depth + 1)
      out[#out + 1] = ","
    end
    out[#out + 1] = "}"
  elseif t == "string" then
    out[#out + 1] = string.format("%q", v)
  elseif t == "number" then
    out[#out + 1] = math.type(v) == "integer" and string.format("%d", v) or string.format("%.17gf", v)
  else
    out[#out + 1] = t == "boolean" and tostring(v) or t
  end
end

local function game_text(g)
  if not g then return "-" end
  local out = {}
  dump({moves = table.concat(g:moves(), " "), result = g:result() or false, sfen = g:sfen(),
    start = g:start():sfen(), info = g:info()}, out, 0)
  return table.concat(out)
end

for path in io.lines(arg[1]) do
  local ok, g, msg, partial = pcall(shogi.read, path)
  if not ok then
    print(path, "RAISED", (tostring(g):gsub("^.-(lua/shogi/)", "%1")))   -- (the same for either tree)
  elseif g then
    print(path, "OK", game_text(g))
  else
    print(path, "ERR", msg, game_text(partial))
  end
end
