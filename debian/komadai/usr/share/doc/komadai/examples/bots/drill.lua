-- A sparring partner for drills: the built-in evaluation, weakened on purpose.
-- Strength scales the positional judgement (100 = the built-in's), Noise adds
-- up to that many centipawns of randomness at every leaf, so the bot varies
-- its play and makes human-like mistakes.
--   komadai --usi examples/bots/drill.lua   then   setoption name Noise value 150
local random = math.random

return {
  name = "komadai-drill",
  author = "komadai examples",
  options = {
    {name = "Strength", type = "spin", default = 60, min = 0, max = 100},
    {name = "Noise", type = "spin", default = 80, min = 0, max = 1000},
    {name = "Style", type = "combo", default = "normal", vars = {"normal", "greedy"}},
  },
  eval = function(pos, opts)
    local material = pos:material()
    local positional = pos:builtin() - material
    local s = material + positional * opts.Strength // 100
    if opts.Style == "greedy" then s = s + material // 4 end
    if opts.Noise > 0 then s = s + random(-opts.Noise, opts.Noise) end
    return s
  end,
}
