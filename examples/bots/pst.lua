-- Material plus piece-square terms: pawns, silvers and knights gain as they
-- advance, the king wants to stay home.  The view fills one reused table, so
-- the evaluation allocates nothing.  komadai --usi examples/bots/pst.lua
local board = {}
-- bonus per rank advanced (black's letters; white's are the lowercase ones)
local ADVANCE = {P = 6, S = 5, N = 3, L = 2, G = 1}
local KING_HOME = 12 -- per rank the king stays back

local by_letter = {}
for letter, v in pairs(ADVANCE) do
  by_letter[letter] = {v, 1}
  by_letter[letter:lower()] = {v, -1}
end

return {
  name = "komadai-pst",
  author = "komadai examples",
  options = {
    {name = "Advance", type = "spin", default = 100, min = 0, max = 400},
    {name = "KingSafety", type = "check", default = true},
  },
  eval = function(pos, opts)
    pos:board(board)
    local s = 0
    for i = 1, 81 do
      local pc = board[i]
      if pc then
        local e = by_letter[pc]
        if e then
          local rank = (i - 1) % 9 -- 0 = rank a
          if e[2] > 0 then s = s + e[1] * (8 - rank) else s = s - e[1] * rank end
        end
      end
    end
    s = s * opts.Advance // 100
    if opts.KingSafety then
      local _, bk = pos:king("b")
      local _, wk = pos:king("w")
      if bk then s = s + KING_HOME * (bk - 1) end
      if wk then s = s - KING_HOME * (9 - wk) end
    end
    if pos:side() == "w" then s = -s end
    return pos:material() + s
  end,
}
