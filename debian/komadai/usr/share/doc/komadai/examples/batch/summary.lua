-- A scripts/batch script: one row per record, with its length, the verdict
-- and the first move.
--   scripts/batch examples/batch/summary.lua tests/data/records/*.kif
return function(game)
  local moves, result = game:moves(), game:result()
  return {plies = #moves, reason = result and result.reason, first = moves[1]}
end
