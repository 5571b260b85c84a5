-- Play a short game: moves, undo, the record, and the result.
--   build/komadai examples/game.lua
local shogi = require "shogi"

local g = shogi.game("startpos")
for _, m in ipairs {"7g7f", "3c3d", "2g2f", "4c4d"} do
  g:play(m)                               -- raises (and changes nothing) if illegal
end
print("after " .. g:ply() .. " moves:", table.concat(g:moves(), " "))
g:undo()                                  -- take the last move back
print("undone, now:", g:sfen())

-- an illegal move says why, and the game stays as it was
local ok, err = pcall(g.play, g, "5a5c")
print(ok, err)

-- a game from a position, played to mate
local mate = shogi.game("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
mate:play("G*5b")
print("mate:", mate:is_mate())
local result = mate:result()
if result then print("result:", result.outcome, result.winner, result.reason, result.text) end
