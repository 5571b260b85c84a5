-- Play random Sho shogi games to the end and say how each ended.
--   build/komadai examples/sho_random.lua [games] [seed]
local shogi = require "shogi"

local games = tonumber(arg and arg[1]) or 5
math.randomseed(tonumber(arg and arg[2]) or 7)

for i = 1, games do
  local g = shogi.game("sho", {max_moves = 600})
  local result = g:result()
  while not result do
    local moves, captures = g:legal_moves(), {}
    for _, m in ipairs(moves) do
      if g:at(m:sub(3, 4)) then captures[#captures + 1] = m end   -- prefer captures: games end sooner
    end
    local pool = (#captures > 0 and math.random() < 0.8) and captures or moves
    g:play(pool[math.random(#pool)])
    result = g:result()
  end
  print(("game %d, %d moves: %s"):format(i, g:ply(), result.text))
end
