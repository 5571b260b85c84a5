-- The match statistics against figures published by cutechess-cli, fastchess and fishtest.
local stats = require "shogi.match.stats"

local function near(want, got, tol)
  assert(math.abs(want - got) <= tol, ("want %.6f, got %.6f"):format(want, got))
end

describe("match statistics", function()
  it("trinomial Elo, error, LOS and draw ratio as cutechess-cli prints them", function()
    -- cutechess-cli 1.3.1, talkchess.com t=84211: "Score of New vs checks: 364 - 346 - 218 [0.510] 928",
    -- "Elo difference: 6.7 +/- 19.5, LOS: 75.0 %, DrawRatio: 23.5 %"
    local t = stats.trinomial(364, 346, 218)
    assert.equal("0.510", ("%.3f"):format(t.score))
    assert.equal("6.7", ("%.1f"):format(t.elo))
    assert.equal("19.5", ("%.1f"):format(t.error))
    assert.equal("75.0", ("%.1f"):format(t.los * 100))
    assert.equal("23.5", ("%.1f"):format(t.draw_ratio * 100))
  end)

  it("cutechess-cli's SPRT: BayesElo model with the draw Elo from the games", function()
    -- same match, "-sprt elo0=0 elo1=10 alpha=0.05 beta=0.05": "SPRT: llr 0.174 (5.9%), lbound -2.94, ubound 2.94"
    local s = stats.sprt(364, 346, 218, 0, 10, 0.05, 0.05)
    near(0.174, s.llr, 0.0015)
    assert.equal("5.9", ("%.1f"):format(s.llr / s.upper * 100))
    assert.equal("-2.94", ("%.2f"):format(s.lower))
    assert.equal("2.94", ("%.2f"):format(s.upper))
    assert.is_nil(s.result)
    -- no result without a win, a loss and a draw
    assert.equal(0, stats.sprt(3, 0, 1, 0, 10, 0.05, 0.05).llr)
  end)

  it("pentanomial Elo, nElo, LOS, draw and pairs ratios as fastchess prints them", function()
    -- fastchess issue #807: "Elo: -168.40 +/- 73.37, nElo: -170.08 +/- 62.16", "LOS: 0.00 %, DrawRatio: 30.00 %,
    -- PairsRatio: 0.17", "Games: 120, Wins: 30, Losses: 84, Draws: 6", "Ptnml(0-2): [30, 6, 18, 0, 6]"
    local p = stats.pentanomial({30, 6, 18, 0, 6})
    assert.equal(120, p.games)
    assert.equal("-168.40", ("%.2f"):format(p.elo))
    assert.equal("73.37", ("%.2f"):format(p.error))
    assert.equal("-170.08", ("%.2f"):format(p.nelo))
    assert.equal("62.16", ("%.2f"):format(p.nelo_error))
    assert.equal("0.00", ("%.2f"):format(p.los * 100))
    assert.equal("30.00", ("%.2f"):format(p.draw_ratio * 100))
    assert.equal("0.17", ("%.2f"):format(p.pairs_ratio))
    -- a fastchess run published at ijccrl.com: "Ptnml(0-2): [3, 75, 149, 83, 4]", "Elo: 5.53 +/- 14.79,
    -- nElo: 10.17 +/- 27.17", "LOS: 76.85 %, DrawRatio: 47.45 %, PairsRatio: 1.12"
    p = stats.pentanomial({3, 75, 149, 83, 4})
    assert.equal("5.53", ("%.2f"):format(p.elo))
    assert.equal("14.79", ("%.2f"):format(p.error))
    assert.equal("10.17", ("%.2f"):format(p.nelo))
    assert.equal("27.17", ("%.2f"):format(p.nelo_error))
    assert.equal("76.85", ("%.2f"):format(p.los * 100))
    assert.equal("47.45", ("%.2f"):format(p.draw_ratio * 100))
    assert.equal("1.12", ("%.2f"):format(p.pairs_ratio))
  end)

  it("the pentanomial GSPRT is fishtest's logistic 'alt2' approximation", function()
    -- a fishtest-style raw statistics page (montytest): results [13, 37, 50, 25, 3], H1 at 2.716 logistic Elo,
    -- "Logistic (alt2) -0.55961", "Elo -43.6578", bounds -2.9444 and 2.9444
    local s = stats.sprt_pentanomial({13, 37, 50, 25, 3}, 0, 2.716, 0.05, 0.05)
    near(-0.55961, s.llr, 0.002)
    near(-2.9444, s.lower, 0.0001)
    near(2.9444, s.upper, 0.0001)
    near(-43.6578, stats.pentanomial({13, 37, 50, 25, 3}).elo, 0.0001)
  end)

  it("decides when the LLR crosses a bound", function()
    assert.equal("H1", stats.sprt(600, 300, 100, 0, 10, 0.05, 0.05).result)
    assert.equal("H0", stats.sprt(300, 600, 100, 0, 10, 0.05, 0.05).result)
  end)

  it("keeps the ends finite where it can", function()
    local t = stats.trinomial(0, 0, 0)
    assert.equal(0, t.games)
    t = stats.trinomial(4, 0, 0)
    assert.equal(math.huge, t.elo)
    near(0.5, stats.score_of(0), 1e-12)
    near(0.8427007929, stats.erf(1), 2e-7)
    near(-0.8427007929, stats.erf(-1), 2e-7)
  end)
end)
