-- A CSA-client bot: a random legal move, resigning when there is none.
--   scripts/csa-client --port 4081 --id rnd --password test-300-10 --bot examples/bots/random.lua
return function(game)
  local moves = game:legal_moves()
  if #moves == 0 then return "%TORYO" end
  return moves[math.random(#moves)]
end
