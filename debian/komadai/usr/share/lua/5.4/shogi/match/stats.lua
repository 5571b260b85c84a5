-- shogi.match.stats: the arithmetic engine testers read after a match.
--   stats.trinomial(w, l, d)   -> {games, score, elo, error, los, draw_ratio, nelo, nelo_error}
--   stats.pentanomial({p0, p1, p2, p3, p4})   pairs of games with colours swapped, by pair score
--                              0, 1/2, 1, 3/2, 2 -> {pairs, games, score, elo, error, los, draw_ratio,
--                              pairs_ratio, nelo, nelo_error}
--   stats.sprt(w, l, d, elo0, elo1, alpha, beta)  cutechess-cli's SPRT (BayesElo model, draw elo
--                              estimated from the games) -> {llr, lower, upper, result = "H0"|"H1"|nil}
--   stats.sprt_pentanomial(p, elo0, elo1, alpha, beta)  a GSPRT on pair scores in the logistic model
--                              (normal approximation) -> the same fields
-- Elo is logistic: -400 log10(1/s - 1) for the score s; the error bar is the 95 % interval of s
-- (s +- 1.96 standard errors; cutechess-cli's approximate 1.957 for the trinomial) turned into Elo
-- and halved; LOS is the probability that the first
-- engine is the stronger.  Formulas as cutechess-cli (trinomial) and fastchess (pentanomial) print
-- them; tests/lua/match_stats_spec.lua checks them against published outputs of both programs.
local exp, huge, log, sqrt = math.exp, math.huge, math.log, math.sqrt
local _ENV = nil -- luacheck: ignore 211

local M = {}

local Z975 = 1.959963984540054 -- the standard normal's 97.5 % quantile

-- cutechess-cli finds the quantile with an approximate inverse erf (Winitzki's, a = 8(pi-3)/(3pi(4-pi))),
-- 1.9572 instead of 1.9600; the trinomial error bar uses it so that the figures are the ones testers know
local function cutechess_z975()
  local pi = 3.1415926535897
  local a = 8 * (pi - 3) / (3 * pi * (4 - pi))
  local x = 2 * 0.975 - 1
  local y = log(1 - x * x)
  local z = 2 / (pi * a) + y / 2
  return sqrt(2) * sqrt(sqrt(z * z - y / a) - z)
end
local Z975_CUTECHESS = cutechess_z975()
local NELO = 800 / log(10)     -- normalized Elo per standard deviation of the score

local function log10(x) return log(x) / log(10) end

--- elo(score) -> logistic Elo difference for a score in [0, 1] (+-inf at the ends)
local function elo(s)
  if s <= 0 then return -huge end
  if s >= 1 then return huge end
  return -400 * log10(1 / s - 1)
end
M.elo = elo

--- score_of(elo) -> the expected score
function M.score_of(e) return 1 / (1 + 10 ^ (-e / 400)) end

-- erf to 1.2e-7 (Numerical Recipes' erfc by Chebyshev fit)
local function erf(x)
  local z = x < 0 and -x or x
  local t = 1 / (1 + 0.5 * z)
  local r = t * exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 +
    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 +
    t * (-0.82215223 + t * 0.17087277)))))))))
  return x >= 0 and 1 - r or r - 1
end
M.erf = erf

local function phi(x) return 0.5 * (1 + erf(x / sqrt(2))) end

-- Elo, its error bar and nElo for observations with mean mu, variance var (per observation), n of them
local function interval(mu, var, n, per_game, z)
  local se = sqrt(var / n)
  local e = elo(mu)
  local err = (elo(mu + z * se) - elo(mu - z * se)) / 2
  -- normalized Elo: the mean over its standard deviation, per game (a pair's deviation is sqrt 2 games')
  local sd = sqrt(var * per_game)
  -- every result the same: no spread, so a won or lost match is infinitely far from even
  local nelo = sd > 0 and (mu - 0.5) / sd * NELO or mu > 0.5 and huge or mu < 0.5 and -huge or 0
  local nelo_err = Z975 / sqrt(n * per_game) * NELO
  return e, err ~= err and huge or err, nelo, nelo_err
end

function M.trinomial(w, l, d)
  local n = w + l + d
  if n == 0 then return {games = 0, score = 0.5, elo = 0, error = 0, los = 0.5, draw_ratio = 0} end
  local mu = (w + d / 2) / n
  local var = (w * (1 - mu) ^ 2 + l * mu ^ 2 + d * (0.5 - mu) ^ 2) / n
  local e, err, nelo, nelo_err = interval(mu, var, n, 1, Z975_CUTECHESS)
  local los = (w + l) > 0 and 0.5 * (1 + erf((w - l) / sqrt(2 * (w + l)))) or 0.5
  return {games = n, score = mu, elo = e, error = err, los = los, draw_ratio = d / n,
          nelo = nelo, nelo_error = nelo_err}
end

function M.pentanomial(p)
  local n = p[1] + p[2] + p[3] + p[4] + p[5]
  if n == 0 then
    return {pairs = 0, games = 0, score = 0.5, elo = 0, error = 0, los = 0.5, draw_ratio = 0, pairs_ratio = 0}
  end
  local mu = 0
  for i = 1, 5 do mu = mu + p[i] * (i - 1) / 4 end
  mu = mu / n
  local var = 0
  for i = 1, 5 do var = var + p[i] * ((i - 1) / 4 - mu) ^ 2 end
  var = var / n
  local e, err, nelo, nelo_err = interval(mu, var, n, 2, Z975)
  local se = sqrt(var / n)
  local los = se > 0 and phi((mu - 0.5) / se) or (mu > 0.5 and 1 or mu < 0.5 and 0 or 0.5)
  local low = p[1] + p[2]
  return {pairs = n, games = 2 * n, score = mu, elo = e, error = err, los = los, draw_ratio = p[3] / n,
          pairs_ratio = low > 0 and (p[4] + p[5]) / low or huge, nelo = nelo, nelo_error = nelo_err}
end

--- bounds(alpha, beta) -> lower, upper: where the LLR accepts H0 and H1
local function bounds(alpha, beta)
  return log(beta / (1 - alpha)), log((1 - beta) / alpha)
end
M.bounds = bounds

local function verdict(llr, lower, upper)
  return {llr = llr, lower = lower, upper = upper,
          result = llr >= upper and "H1" or llr <= lower and "H0" or nil}
end

-- BayesElo's win and loss probabilities for an Elo difference and a draw Elo
local function bayes_probs(belo, delo)
  local pw = 1 / (1 + 10 ^ ((delo - belo) / 400))
  local pl = 1 / (1 + 10 ^ ((delo + belo) / 400))
  return pw, pl, 1 - pw - pl
end

function M.sprt(w, l, d, elo0, elo1, alpha, beta)
  local lower, upper = bounds(alpha, beta)
  if w <= 0 or l <= 0 or d <= 0 then return verdict(0, lower, upper) end
  local n = w + l + d
  local pw, pl = w / n, l / n
  -- the draw Elo the games show, and the scale from logistic to BayesElo differences at that draw rate
  local delo = 200 * log10((1 - pl) / pl * (1 - pw) / pw)
  local x = 10 ^ (-delo / 400)
  local scale = 4 * x / ((1 + x) * (1 + x))
  local w0, l0, d0 = bayes_probs(elo0 / scale, delo)
  local w1, l1, d1 = bayes_probs(elo1 / scale, delo)
  return verdict(w * log(w1 / w0) + l * log(l1 / l0) + d * log(d1 / d0), lower, upper)
end

function M.sprt_pentanomial(p, elo0, elo1, alpha, beta)
  local lower, upper = bounds(alpha, beta)
  local s = M.pentanomial(p)
  local n = s.pairs
  if n == 0 then return verdict(0, lower, upper) end
  local var = 0
  for i = 1, 5 do var = var + p[i] * ((i - 1) / 4 - s.score) ^ 2 end
  var = var / n
  if var <= 0 then return verdict(0, lower, upper) end
  local s0, s1 = M.score_of(elo0), M.score_of(elo1)
  return verdict(n * ((s.score - s0) ^ 2 - (s.score - s1) ^ 2) / (2 * var), lower, upper)
end

return M
