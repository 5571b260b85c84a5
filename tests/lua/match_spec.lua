-- The match runner's parts that need no engine: clocks, the command line, openings, the counts.
local clock = require "shogi.match.clock"
local options = require "shogi.match.options"
local openings = require "shogi.match.openings"
local report = require "shogi.match.report"

describe("match clocks", function()
  it("byoyomi: no main time, the byoyomi each move, the margin on top", function()
    local c, o = clock.new({byoyomi = 200, margin = 50}), clock.new({byoyomi = 200, margin = 50})
    assert.same({btime = 0, wtime = 0, byoyomi = 200}, c:go_options(o, "b"))
    assert.equal(250, c:allowed())
    assert.is_true(c:spend(240))
    assert.equal(250, c:allowed()) -- byoyomi does not accumulate
    assert.same({false, "took 0.260 s, 0.200 s allowed (0.250 s with the margin)"}, {c:spend(260)})
  end)

  it("main time then byoyomi", function()
    local c, o = clock.new({main = 1000, byoyomi = 500}), clock.new({main = 1000, byoyomi = 500})
    assert.is_true(c:spend(1200))
    assert.equal(0, c.left)
    assert.same({btime = 1000, wtime = 0, byoyomi = 500}, o:go_options(c, "b"))
    assert.same({btime = 1000, wtime = 0, byoyomi = 500}, c:go_options(o, "w"))
  end)

  it("Fischer: the increment is added when the move starts", function()
    local c, o = clock.new({main = 1000, inc = 100}), clock.new({main = 2000, inc = 100})
    assert.same({btime = 1000, wtime = 2000, binc = 100, winc = 100}, c:go_options(o, "b"))
    assert.equal(1100, c:allowed())
    assert.is_true(c:spend(1050))
    assert.equal(50, c.left)
    assert.is_false((c:spend(151)))
  end)

  it("sudden death, fixed time per move, and no clock", function()
    local sd = clock.new({main = 300})
    assert.is_true(sd:spend(200))
    assert.is_false((sd:spend(101)))
    local st = clock.new({movetime = 500})
    assert.same({btime = 0, wtime = 0, byoyomi = 500}, st:go_options(st, "w"))
    local d = clock.new({depth = 3})
    assert.is_nil(d:allowed())
    assert.same({depth = 3}, d:go_options(d, "b"))
    assert.is_true(d:spend(1e9))
    assert.equal("depth 3", clock.describe({depth = 3}))
    assert.equal("10 s +0.1 s", clock.describe({main = 10000, inc = 100}))
    assert.equal("byoyomi 0.2 s", clock.describe({byoyomi = 200}))
    assert.equal("2 s per move", clock.describe({movetime = 2000}))
  end)
end)

describe("match command line", function()
  it("reads engines, -each and the options", function()
    local cfg = assert(options.parse({"-engine", "cmd=build/komadai --usi bot.lua", "name=pst",
      "-engine", "cmd=fairy-stockfish", "option.Skill Level=3", "tc=10+0.5",
      "-each", "byoyomi=200", "option.USI_Hash=64", "timemargin=30",
      "-games", "20", "-rounds", "2", "-repeat", "-concurrency", "2", "-rules", "jsa", "-maxmoves", "256",
      "-out", "games/", "-seed", "9", "-shard", "2/3", "-json", "m.json",
      "-openings", "file=book.sfen", "order=random", "plies=8",
      "-sprt", "elo0=0", "elo1=10"}))
    local a, b = cfg.engines[1], cfg.engines[2]
    assert.equal("pst", a.name)
    assert.equal("build/komadai --usi bot.lua", a.cmd)
    assert.equal(200, a.byoyomi)
    assert.equal(30, a.margin)
    assert.same({USI_Hash = "64"}, a.options)
    assert.equal("fairy-stockfish", b.name)
    assert.same({["Skill Level"] = "3", USI_Hash = "64"}, b.options)
    assert.equal(10000, b.main)
    assert.equal(500, b.inc)
    assert.is_nil(b.byoyomi) -- its own time control replaces -each's
    assert.equal(20, cfg.games); assert.equal(2, cfg.rounds); assert.is_true(cfg.repeat_)
    assert.equal(2, cfg.concurrency); assert.equal("jsa", cfg.rules); assert.equal(256, cfg.maxmoves)
    assert.equal(9, cfg.seed); assert.same({2, 3}, cfg.shard); assert.equal("m.json", cfg.json)
    assert.same({file = "book.sfen", order = "random", plies = 8}, cfg.openings)
    assert.same({elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05}, cfg.sprt)
  end)

  it("names the engines from their programs, and two of a name apart", function()
    local cfg = assert(options.parse({"-engine", "cmd=/usr/games/gpsusi", "-engine", "cmd=gpsusi", "-each", "st=1"}))
    assert.equal("gpsusi", cfg.engines[1].name)
    assert.equal("gpsusi-2", cfg.engines[2].name)
    assert.equal(100, cfg.engines[1].margin)
  end)
end)

describe("match openings", function()
  local dir = os.tmpname()
  local function file(text)
    local f = assert(io.open(dir, "w")); f:write(text); f:close()
    return dir
  end

  it("loads the repository's opening files, every move legal", function()
    for name, least in pairs({["tests/data/openings.txt"] = 20, ["tests/data/openings_varied.txt"] = 100}) do
      local list, msg = openings.load({file = name})
      assert.is_nil(msg)
      assert.is_true(#list >= least, name)
    end
  end)

  it("reads SFEN and USI lines, cut after plies", function()
    local list = assert(openings.load({file = file(
      "# a comment\n\nstartpos moves 7g7f 3c3d 2g2f\n" ..
      "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n" ..
      "position startpos\n"), plies = 2}))
    assert.equal(3, #list)
    assert.same({"7g7f", "3c3d"}, list[1].moves)
    assert.equal(dir .. ":3", list[1].source)
    assert.equal("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", list[2].start)
    assert.same({}, list[3].moves)
  end)

  it("shuffles with the seed, the same way every time", function()
    local text = {}
    for i = 1, 9 do text[#text + 1] = "startpos moves " .. ({"7g7f", "2g2f", "5g5f", "6g6f", "1g1f", "9g9f",
      "3g3f", "4g4f", "8g8f"})[i] end
    local path = file(table.concat(text, "\n"))
    local a = assert(openings.load({file = path, order = "random"}, 5))
    local b = assert(openings.load({file = path, order = "random"}, 5))
    local c = assert(openings.load({file = path, order = "sequential"}, 5))
    local function firsts(l) local o = {} for i, x in ipairs(l) do o[i] = x.moves[1] end return o end
    assert.same(firsts(a), firsts(b))
    assert.are_not.same(firsts(a), firsts(c))
  end)

  it("says where a bad opening is", function()
    assert.same({nil, dir .. ":1:21: move 2 (7g7f) is illegal: there is no piece on the from square"},
      {openings.load({file = file("startpos moves 7g7f 7g7f\n")})})
    assert.same({nil, dir .. ":1:30: move 1 (7g7e) is illegal: the piece cannot move that way"},
      {openings.load({file = file("position startpos   moves    7g7e\n")})})
    local r, msg = openings.load({file = file("lnsgk/9 b - 1\n")})
    assert.is_nil(r)
    assert.matches("^" .. dir:gsub("%p", "%%%0") .. ":1:1: sfen:1:6: ", msg)
  end)

  it("reads a record as one opening", function()
    local list = assert(openings.load({file = "tests/data/records/skc__oui202106290101.kif", plies = 6}))
    assert.equal(1, #list)
    assert.equal(6, #list[1].moves)
  end)
end)

describe("match counts", function()
  it("pairs games 2k-1 and 2k into the pentanomial", function()
    local games = {
      {index = 1, a_sente = true, result = "1-0", a_score = 1},
      {index = 2, a_sente = false, result = "1-0", a_score = 0},
      {index = 3, a_sente = true, result = "1/2-1/2", a_score = 0.5},
      {index = 4, a_sente = false, result = "0-1", a_score = 1},
      {index = 5, a_sente = true, result = "0-1", a_score = 0},
    }
    local c = report.counts(games)
    assert.same({2, 2, 1}, {c.all.w, c.all.l, c.all.d})
    assert.same({0, 0, 1, 1, 0}, c.ptnml)
    assert.equal(2, c.pairs)
    assert.same({2, 2, 1}, {c.colours.w, c.colours.l, c.colours.d})
    assert.equal("Score of a vs b: 2 - 2 - 1  [0.500] 5", report.score_line(games, "a", "b"))
    assert.equal("Finished game 1 (x vs y): 1-0 {why}",
      report.game_line({index = 1, sente = "x", gote = "y", result = "1-0", reason = "why"}))
  end)

  it("says why the SPRT's LLR is 0 in a match without a draw", function()
    local games = {}
    for i = 1, 6 do
      games[i] = {index = i, a_sente = i % 2 == 1, result = i <= 4 and "1-0" or "0-1", a_score = i <= 4 and 1 or 0}
    end
    local sprt = {elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05}
    local lines = table.concat(report.summary(games, "a", "b", {sprt = sprt, repeat_ = true}), "\n")
    assert.truthy(lines:find("SPRT: llr 0.000 (0.0%), lbound -2.94, ubound 2.94 (no LLR before a win, a loss and a draw: " ..
      "see the Ptnml LLR)", 1, true), lines)
    games[6].result, games[6].a_score = "1/2-1/2", 0.5
    lines = table.concat(report.summary(games, "a", "b", {sprt = sprt}), "\n")
    assert.falsy(lines:find("no LLR", 1, true), lines)
  end)
end)
