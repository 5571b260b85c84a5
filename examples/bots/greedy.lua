-- A CSA-client bot that takes the most valuable piece it can (points as the
-- declaration counts them, so rook and bishop first), else plays at random;
-- it declares (%KACHI) when the rules say it wins.
return function(game)
  if game:side() and game:points(game:side(), true) >= 28 then
    local ok = pcall(function() return game:copy():declare() end)
    if ok then return "%KACHI" end
  end
  local best, best_value = nil, -1
  local moves = game:legal_moves()
  if #moves == 0 then return "%TORYO" end
  for _, m in ipairs(moves) do
    local to = m:sub(-2):gsub("%+$", "")
    local target = game:at(m:sub(3, 4))
    local value = target and ((target:upper():find("[RB]") and 5) or 1) or 0
    if value > best_value or (value == best_value and math.random(2) == 1) then best, best_value = m, value end
    local _ = to
  end
  return best
end
