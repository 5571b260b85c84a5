-- shogi.match.report: the lines a match prints, from its list of finished games.
--   report.game_line(r)                 "Finished game 3 (fsf vs gps): 1-0 {Sente wins by checkmate.}"
--   report.counts(games)                -> {w, l, d, n, ptnml = {5}, by colour ...}
--   report.summary(games, a, b, cfg)    -> the summary lines (cutechess-cli's form; with -repeat the
--                                          pentanomial line as fastchess prints it; the SPRT when asked)
local stats = require "shogi.match.stats"

local huge, ipairs, string_format, table_concat, table_sort = math.huge, ipairs, string.format, table.concat,
  table.sort
local _ENV = nil -- luacheck: ignore 211

local M = {}

function M.game_line(r)
  return string_format("Finished game %d (%s vs %s): %s {%s}", r.index, r.sente, r.gote, r.result, r.reason)
end

local function num(x, fmt)
  if x ~= x then return "nan" end
  if x == huge then return "inf" end
  if x == -huge then return "-inf" end
  if x == 0 then x = 0 end -- no "-0.0"
  return string_format(fmt, x)
end

local function wld(t) return {w = 0, l = 0, d = 0, n = 0, t = t} end
local function add(c, s)
  c.n = c.n + 1
  if s == 1 then c.w = c.w + 1 elseif s == 0 then c.l = c.l + 1 else c.d = c.d + 1 end
end
local function ratio(c) return c.n > 0 and (c.w + c.d / 2) / c.n or 0 end

--- counts(games) -> {all, a_sente, a_gote, colours (sente's view), ptnml = {p0..p4}, pairs}
function M.counts(games)
  local all, as, ag, col = wld(), wld(), wld(), wld()
  local by_index = {}
  for _, r in ipairs(games) do
    if r.result ~= "*" then
      add(all, r.a_score)
      add(r.a_sente and as or ag, r.a_score)
      add(col, r.result == "1-0" and 1 or r.result == "0-1" and 0 or 0.5)
      by_index[r.index] = r
    end
  end
  -- pairs: games 2k-1 and 2k (same opening, colours swapped)
  local ptnml, pairs = {0, 0, 0, 0, 0}, 0
  for i, r in ipairs(M.sorted(games)) do
    local _ = i
    if r.index % 2 == 1 and r.result ~= "*" then
      local r2 = by_index[r.index + 1]
      if r2 then
        local k = (r.a_score + r2.a_score) * 2 + 1
        ptnml[k] = ptnml[k] + 1
        pairs = pairs + 1
      end
    end
  end
  return {all = all, a_sente = as, a_gote = ag, colours = col, ptnml = ptnml, pairs = pairs}
end

--- sorted(games) -> a copy ordered by game index
function M.sorted(games)
  local out = {}
  for i, r in ipairs(games) do out[i] = r end
  table_sort(out, function(x, y) return x.index < y.index end)
  return out
end

local function score_line(head, c)
  return string_format("%s: %d - %d - %d  [%.3f] %d", head, c.w, c.l, c.d, ratio(c), c.n)
end

function M.score_line(games, a, b)
  return score_line("Score of " .. a .. " vs " .. b, M.counts(games).all)
end

function M.summary(games, a, b, cfg)
  local c = M.counts(games)
  local out = {
    score_line("Score of " .. a .. " vs " .. b, c.all),
    score_line("...      " .. a .. " playing Sente", c.a_sente),
    score_line("...      " .. a .. " playing Gote", c.a_gote),
    score_line("...      Sente vs Gote", c.colours),
  }
  local t = stats.trinomial(c.all.w, c.all.l, c.all.d)
  out[#out + 1] = string_format("Elo difference: %s +/- %s, LOS: %.1f %%, DrawRatio: %.1f %%",
    num(t.elo, "%.1f"), num(t.error, "%.1f"), t.los * 100, t.draw_ratio * 100)
  if cfg.repeat_ then
    local p = stats.pentanomial(c.ptnml)
    out[#out + 1] = string_format("Ptnml(0-2): [%s], Elo: %s +/- %s, nElo: %s +/- %s, LOS: %.2f %%, " ..
      "DrawRatio: %.2f %%, PairsRatio: %s", table_concat(c.ptnml, ", "), num(p.elo, "%.2f"), num(p.error, "%.2f"),
      num(p.nelo or 0, "%.2f"), num(p.nelo_error or 0, "%.2f"), p.los * 100, p.draw_ratio * 100,
      num(p.pairs_ratio, "%.2f"))
  end
  local s = cfg.sprt
  if s then
    local v = stats.sprt(c.all.w, c.all.l, c.all.d, s.elo0, s.elo1, s.alpha, s.beta)
    -- cutechess's model knows no draw rate until the games hold a win, a loss and a draw: its LLR is 0
    -- until then, which shogi's few draws make common; say so rather than print a bare 0
    local c3 = c.all
    local none = (c3.w <= 0 or c3.l <= 0 or c3.d <= 0) and
      (cfg.repeat_ and " (no LLR before a win, a loss and a draw: see the Ptnml LLR)" or
       " (no LLR before a win, a loss and a draw)") or ""
    out[#out + 1] = string_format("SPRT: llr %.3f (%.1f%%), lbound %.2f, ubound %.2f%s%s", v.llr,
      v.llr / v.upper * 100, v.lower, v.upper,
      v.result == "H1" and " - H1 was accepted" or v.result == "H0" and " - H0 was accepted" or "", none)
    if cfg.repeat_ then
      local pv = stats.sprt_pentanomial(c.ptnml, s.elo0, s.elo1, s.alpha, s.beta)
      out[#out + 1] = string_format("Ptnml LLR: %.2f (%.1f%%) (%.2f, %.2f) [%.2f, %.2f]%s", pv.llr,
        pv.llr / pv.upper * 100, pv.lower, pv.upper, s.elo0, s.elo1,
        pv.result == "H1" and " - H1 was accepted" or pv.result == "H0" and " - H0 was accepted" or "")
    end
  end
  return out
end

--- standings(totals, order) -> the lines of a tournament's table: rank, engine, points, games, score %, Elo
--- against the field; totals[name] = {w, l, d, n}, order: the names as given (ties keep it)
function M.standings(totals, order)
  local rows = {}
  for k, name in ipairs(order) do rows[k] = {t = totals[name], k = k} end
  table_sort(rows, function(x, y)
    local px, py = x.t.w + x.t.d / 2, y.t.w + y.t.d / 2
    if px ~= py then return px > py end
    return x.k < y.k
  end)
  local width = 6
  for _, r in ipairs(rows) do if #r.t.name > width then width = #r.t.name end end
  local out = {string_format("%-4s %-" .. width .. "s %7s %6s %7s %8s", "Rank", "Engine", "Points", "Games",
    "Score", "Elo")}
  for rank, r in ipairs(rows) do
    local t = r.t
    local st = stats.trinomial(t.w, t.l, t.d)
    out[#out + 1] = string_format("%-4d %-" .. width .. "s %7s %6d %6.1f%% %8s", rank, t.name,
      num(t.w + t.d / 2, "%.1f"), t.n, t.n > 0 and st.score * 100 or 0, num(st.elo, "%.1f"))
  end
  return out
end

--- sprt_decided(games, cfg) -> "H0" | "H1" | nil (the pentanomial test with -repeat, else cutechess-cli's)
function M.sprt_decided(games, cfg)
  local s = cfg.sprt
  if not s then return nil end
  local c = M.counts(games)
  if cfg.repeat_ then return stats.sprt_pentanomial(c.ptnml, s.elo0, s.elo1, s.alpha, s.beta).result end
  return stats.sprt(c.all.w, c.all.l, c.all.d, s.elo0, s.elo1, s.alpha, s.beta).result
end

return M
