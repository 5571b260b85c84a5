-- Count the legal-move tree (perft), in C and by walking it from Lua.
--   build/komadai examples/perft.lua [depth] [SFEN]
local shogi = require "shogi"

local depth = tonumber(arg and arg[1]) or 3
local pos = assert(shogi.position(arg and arg[2] or "startpos"))

local t = os.clock()
local n = pos:perft(depth)
print(("perft(%d) = %d   (%.3f s in C)"):format(depth, n, os.clock() - t))

-- the same count in Lua, with legal_moves and after
local function walk(p, d)
  if d == 0 then return 1 end
  local total = 0
  for _, m in ipairs(p:legal_moves()) do total = total + walk(p:after(m), d - 1) end
  return total
end
t = os.clock()
print(("walk(%d)  = %d   (%.3f s in Lua)"):format(depth, walk(pos, depth), os.clock() - t))

-- divide: the count under each first move
local counts = pos:perft(math.max(depth - 1, 1), {divide = true})
local first = {}
for m in pairs(counts) do first[#first + 1] = m end
table.sort(first)
for i = 1, math.min(#first, 5) do print(first[i], counts[first[i]]) end
print("...", #first .. " first moves")
