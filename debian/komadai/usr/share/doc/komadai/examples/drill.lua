-- A teaching drill as a custom rule set: sente wins by bringing the king to
-- 5a, and a handicap game where gote (the handicap giver) moves first.
--   build/komadai examples/drill.lua
local shogi = require "shogi"

local king_to_5a = shogi.rules.custom {
  base = "jsa",
  name = "king-to-5a",
  end_tests = {
    function(g)
      if g:at("5a") == "K" then
        return {outcome = "win", winner = "b", reason = "king-to-5a", text = "sente's king reached 5a"}
      end
    end,
  },
}

local g = shogi.game("4k4/9/9/9/9/9/9/9/4K4 b - 1", {rules = king_to_5a})
for _, m in ipairs {"5i5h", "5a6a", "5h5g", "6a7a", "5g5f", "7a8a", "5f5e", "8a9a",
                    "5e5d", "9a9b", "5d5c", "9b9c", "5c5b", "9c9d", "5b5a"} do
  g:play(m)
end
print(g:result().text)

-- handicaps: gote gives the handicap and moves first
for _, h in ipairs(shogi.handicaps()) do
  if h.name == "2-piece" then print(h.name, h.japanese, h.sfen) end
end
local handicap = shogi.game("2-piece")
print("to move:", handicap:side())
handicap:play("5a5b")
print(handicap:moves()[1])
