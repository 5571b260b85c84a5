-- List the legal moves of a position and ask why a move is illegal.
--   build/komadai examples/legal_moves.lua [SFEN]
local shogi = require "shogi"

local pos = assert(shogi.position(arg and arg[1] or "startpos"))
local moves = pos:legal_moves()           -- USI strings: "7g7f", "8h2b+", "P*5e"
table.sort(moves)
print(#moves .. " legal moves:")
print(table.concat(moves, " "))

-- is_legal gives true, or false with a sentence and a short id
for _, m in ipairs {"7g7f", "7g7e", "3c3d", "P*5e", "2h2c"} do
  local ok, why, id = pos:is_legal(m)
  if ok then
    print(m, "legal")
  else
    print(m, "illegal: " .. why .. " (" .. id .. ")")
  end
end

-- after() raises on an illegal move; pcall catches it
local ok, err = pcall(pos.after, pos, "7g7e")
print(ok, err)

-- checks and mates
local tsume = assert(shogi.position("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"))
print("checking moves:", table.concat(tsume:checks(), " "))
for _, m in ipairs(tsume:checks()) do
  if tsume:after(m):is_mate() then print(m .. " is mate") end
end
