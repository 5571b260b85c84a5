-- Tuning an evaluation's parameters (shogi.tune): SPSA through matches and Texel's fit to game results.
--   shogi.tune.spsa.run(cfg, say)         SPSA over an engine's spin options (scripts/tune spsa)
--   shogi.tune.texel.positions/run(...)   the logistic fit on quiet positions (scripts/tune texel)
-- The modules load when first used.
local require, rawset, setmetatable = require, rawset, setmetatable
local _ENV = nil -- luacheck: ignore 211

return setmetatable({}, {__index = function(t, k)
  if k ~= "spsa" and k ~= "texel" and k ~= "cli" then return nil end
  local m = require("shogi.tune." .. k)
  rawset(t, k, m)
  return m
end})
