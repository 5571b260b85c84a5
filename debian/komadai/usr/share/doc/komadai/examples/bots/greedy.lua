-- A CSA-client bot that takes the most valuable piece it can (rook and
-- bishop count 5, the rest 1, as the declaration counts them), else plays at
-- random; it resigns when it has no legal move.
return function(game)
  local moves = game:legal_moves()
  if #moves == 0 then return "%TORYO" end
  local best, best_value = nil, -1
  for _, m in ipairs(moves) do
    local target = not m:find("*", 1, true) and game:at(m:sub(3, 4)) or nil
    local value = target and (target:upper():find("[RB]") and 5 or 1) or 0
    if value > best_value or (value == best_value and math.random(2) == 1) then best, best_value = m, value end
  end
  return best
end
