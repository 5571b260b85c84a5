-- Material plus piece-square terms: pawns, silvers and knights gain as they
-- advance, the king wants to stay home.  The view fills one reused table and
-- lists the squares that changed since the last call (square, old, new), so the
-- piece-square sum is updated by a few squares instead of read from all 81;
-- the tables below are indexed by square.  The evaluation allocates nothing.
--   komadai --usi examples/bots/pst.lua
local board, changes = {}, {}
local sum = 0 -- the piece-square sum of what `board` holds, from black's view
-- bonus per rank advanced, for black's letters; white's (lowercase) mirror them
local ADVANCE = {P = 6, S = 5, N = 3, L = 2, G = 1}
local KING_HOME = 12 -- per rank the king stays back

-- BONUS[letters][square] from black's view; square = (file - 1) * 9 + rank (1..81)
local BONUS, ZERO = {}, {}
for i = 1, 81 do ZERO[i] = 0 end
for _, letter in ipairs {"P", "L", "N", "S", "G", "B", "R", "K", "+P", "+L", "+N", "+S", "+B", "+R"} do
  local v = ADVANCE[letter]
  if v then
    local b, w = {}, {}
    for i = 1, 81 do
      local rank = (i - 1) % 9 -- 0 = rank a
      b[i] = v * (8 - rank)
      w[i] = -v * rank
    end
    BONUS[letter], BONUS[letter:lower()] = b, w
  else
    BONUS[letter], BONUS[letter:lower()] = ZERO, ZERO
  end
end

return {
  name = "komadai-pst",
  author = "komadai examples",
  options = {
    {name = "Advance", type = "spin", default = 100, min = 0, max = 400},
    {name = "KingSafety", type = "check", default = true},
  },
  eval = function(pos, opts)
    local _, n = pos:board(board, changes)
    for k = 1, 3 * n, 3 do
      local i, old, new = changes[k], changes[k + 1], changes[k + 2]
      if old then sum = sum - BONUS[old][i] end
      if new then sum = sum + BONUS[new][i] end
    end
    local s = sum * opts.Advance // 100
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
