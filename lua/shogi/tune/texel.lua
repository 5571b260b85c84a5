-- Texel tuning (shogi.tune.texel): an evaluation's parameters fitted to the results of real games.
-- The positions are the quiet ones of the records (not in check, the quiescence search's score equal
-- to the static one, past the opening); each is labelled with its game's result from sente's side
-- (1, 0.5, 0).  The loss is the mean of (result - sigmoid(K * eval))^2 over them, eval from sente's
-- side and sigmoid(x) = 1 / (1 + 10^(-x / 400)); K is fitted first with the parameters as they are,
-- then each pass tries every parameter one step up and one down and keeps what lowers the loss
-- (the local search of the method's author), until a pass changes nothing or the passes run out.
--   The evaluation: the built-in (its parameters: core.eval_params, the same Eval_* options komadai
--   --usi offers) or a bot (its spin options).
local core = require "shogi.core"
local search = require "shogi.search"

local ipairs, math, string_format = ipairs, math, string.format
local _ENV = nil -- luacheck: ignore 211

local M = {}

local function sigmoid(x, K) return 1 / (1 + 10 ^ (-K * x / 400)) end

-- result of a finished game from sente's side: 1, 0.5, 0; nil when it did not end in a result
local function sente_result(g)
  local r = g:result()
  if not r then return nil end
  if r.winner == "b" then return 1 elseif r.winner == "w" then return 0 end
  if r.outcome == "draw" then return 0.5 end
  return nil
end

--- positions(games, eval, o) -> {{pos, result}, ...}, counts {games, used, positions, noisy}
-- o.skip: plies of each game left out at the start (16); o.every: one position in so many (1);
-- o.max: stop after so many positions
function M.positions(games, eval, o)
  o = o or {}
  local skip, every, max = o.skip or 16, o.every or 1, o.max
  local out, noisy, used = {}, 0, 0
  for _, g in ipairs(games) do
    local res = sente_result(g)
    if res then
      used = used + 1
      local pos = g:start()
      for i, m in ipairs(g:moves()) do
        if max and #out >= max then break end
        if i > skip and (i - skip) % every == 0 and not pos:in_check() then
          local s = search.evaluate(pos, eval)
          if s and s == search.qsearch(pos, eval) then
            out[#out + 1] = {pos, res}
          else
            noisy = noisy + 1
          end
        end
        pos = pos:after(m)
      end
    end
  end
  return out, {games = #games, used = used, positions = #out, noisy = noisy}
end

--- loss(set, eval, K) -> the mean squared error of the set under eval
function M.loss(set, eval, K)
  local sum = 0
  for _, item in ipairs(set) do
    local pos = item[1]
    local s = search.evaluate(pos, eval)
    if pos:side() == "w" then s = -s end
    local e = item[2] - sigmoid(s, K)
    sum = sum + e * e
  end
  return #set > 0 and sum / #set or 0
end

--- fit_k(set, eval) -> K minimising the loss: a golden-section search over log10 K in -3 .. 2, since
-- an evaluation's scale (centipawns or a bot's own units) is known only within powers of ten
function M.fit_k(set, eval)
  local lo, hi = -3, 2
  local g = (math.sqrt(5) - 1) / 2
  local function f(x) return M.loss(set, eval, 10 ^ x) end
  local a, b = hi - g * (hi - lo), lo + g * (hi - lo)
  local fa, fb = f(a), f(b)
  for _ = 1, 50 do
    if fa < fb then hi, b, fb = b, a, fa; a = hi - g * (hi - lo); fa = f(a)
    else lo, a, fa = a, b, fb; b = lo + g * (hi - lo); fb = f(b) end
  end
  return 10 ^ ((lo + hi) / 2)
end

--- the parameters of an evaluation: {get = function(name) -> value, set = function(name, v) -> ok,
-- list = {{name, value, min, max}}}; the built-in's (core.eval_params) or a bot's spin options
function M.handle(bot, names)
  local list = {}
  local wanted
  if names then wanted = {} for _, n in ipairs(names) do wanted[n:lower()] = true end end
  if bot == nil or bot == "builtin" then
    for _, p in ipairs(core.eval_params()) do
      -- the search's parameters (Search_*) change no static or quiet score: not fitted
      if (wanted and wanted[p.name:lower()]) or (not wanted and p.name:match("^Eval_")) then list[#list + 1] = {name = p.name, value = p.value, min = p.min, max = p.max} end
    end
    return {list = list, eval = nil,
      get = function(n) for _, p in ipairs(core.eval_params()) do if p.name == n then return p.value end end end,
      set = function(n, v) return core.set_eval_param(n, v) end}
  end
  for _, o in ipairs(bot.options) do
    if o.type == "spin" and (not wanted or wanted[o.name:lower()]) then
      list[#list + 1] = {name = o.name, value = bot.values[o.name], min = o.min, max = o.max}
    end
  end
  return {list = list, eval = bot, get = function(n) return bot.values[n] end,
    set = function(n, v) return bot:set(n, v) end}
end

--- run(set, h, o, say) -> values {name = v}, last loss
-- h from handle(); o.passes (10), o.step (the change tried: 1 + a hundredth of each range unless
-- given), o.K (fitted unless given)
function M.run(set, h, o, say)
  o = o or {}
  local K = o.K or M.fit_k(set, h.eval)
  local best = M.loss(set, h.eval, K)
  say(string_format("positions %d  K %.4f  loss %.6f", #set, K, best))
  for pass = 1, o.passes or 10 do
    local changed = 0
    for _, p in ipairs(h.list) do
      local step = o.step or (1 + (p.max - p.min) // 100)
      local v = h.get(p.name)
      for _, dir in ipairs{1, -1} do
        local nv = v + dir * step
        if nv >= p.min and nv <= p.max then
          h.set(p.name, nv)
          local l = M.loss(set, h.eval, K)
          if l < best then best, v, changed = l, nv, changed + 1; break end
          h.set(p.name, v)
        end
      end
    end
    say(string_format("pass %d  loss %.6f  %d changed", pass, best, changed))
    if changed == 0 then break end
  end
  local values = {}
  for _, p in ipairs(h.list) do values[p.name] = h.get(p.name) end
  return values, best
end

M.sigmoid = sigmoid
M.sente_result = sente_result

return M
