-- A random legal mover for the CSA tests: one game per id, on stdin
--   new ID | play ID +7776FU | pick ID   ->  ok | ok | +2726FU or %TORYO (no legal move)
-- Seeded by arg[1] so a failing run repeats.
local shogi = shogi -- luacheck: ignore 113 (komadai runs this script with the global shogi)
math.randomseed(tonumber(arg[1]) or 1)
local games = {}
for line in io.lines() do
  local cmd, id, move = line:match("^(%S+) (%S+) ?(%S*)$")
  if cmd == "new" then
    games[id] = shogi.game("startpos")
    print("ok")
  elseif cmd == "play" then
    games[id]:play(move)
    print("ok")
  elseif cmd == "pick" then
    local g = games[id]
    local moves = g:legal_moves()
    if #moves == 0 then print("%TORYO")
    else print(g:position():move_name(moves[math.random(#moves)], "csa")) end
  elseif cmd == "drop" then
    games[id] = nil
    print("ok")
  end
  io.stdout:flush()
end
