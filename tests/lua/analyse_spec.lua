-- shogi.analyse: a game's moves scored, the loss of each, the worst named, the comments GUIs read, the graph.
local shogi = require "shogi"
local analyse = require "shogi.analyse"

local TSUME = "3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1" -- S*6b mates in 1

describe("analyse", function()
  it("names a move that misses a mate, with the best move and its cost", function()
    local g = shogi.game(TSUME)
    g:play("S*9a")
    local r = g:analyse{depth = 3}
    assert.equal(1, #r.plies)
    local e = r.plies[1]
    assert.equal("S*9a", e.move)
    assert.equal("▲９一銀", e.name)
    assert.equal("悪手", e.label)
    assert.equal("S*6b", e.best)
    assert.equal(2 * analyse.CLAMP, e.loss)            -- from a won game to a lost one, on clamped scores
    assert.equal(analyse.MATE_CP - 1, r.start)          -- mate in 1 for sente at the start
    assert.is_true(e.score < -1000)                     -- gote keeps a whole army in hand
    assert.same({e}, r.worst)
    assert.matches("the moves that lost the most:\n   1 ▲９一銀", analyse.text(r), 1, true)
  end)

  it("the mating move loses nothing, and its comment says who mates", function()
    local g = shogi.game(TSUME)
    g:play("S*6b")
    local r = analyse.run(g, {depth = 2})
    local e = r.plies[1]
    assert.equal(0, e.loss)
    assert.is_nil(e.label)
    assert.equal(0, e.mate)
    assert.equal(analyse.MATE_CP, e.score)
    local c = analyse.comment(e, r.engine)
    assert.matches("#詰み=先手勝ち\n#評価値=32000\n", c, 1, true)
    assert.matches("#エンジン=komadai ", c, 1, true)
    assert.equal("no move lost 300 centipawns or more", analyse.text(r))
  end)

  it("scores are from sente's side whoever moves, and the PV is named in Japanese with 同", function()
    local g = shogi.game()
    for _, m in ipairs({"7g7f", "3c3d", "8h2b+"}) do g:play(m) end
    local r = g:analyse{depth = 3}
    assert.equal(3, #r.plies)
    local e3 = r.plies[3]
    assert.equal("▲２二角成", e3.name)
    assert.equal("2b", e3.pv[1]:sub(3, 4))              -- gote takes back (silver or rook)
    assert.matches("^△同　", e3.pv_names)
    for _, e in ipairs(r.plies) do
      assert.is_true(math.abs(e.score) < 1000, "an even opening: " .. e.score)
    end
  end)

  it("annotate keeps a move's own comment and adds the analysis after it", function()
    local g = shogi.game()
    g:play("7g7f")
    g:play("3c3d")
    g:info().comments = {[1] = "角道を開ける"}
    local r = g:analyse{depth = 1}
    local h = analyse.annotate(g, r)
    assert.equal("角道を開ける", g:info().comments[1])  -- the game itself is unchanged
    local text = h:write("kif")
    assert.matches("   1 ７六歩(77)\n*角道を開ける\n*#評価値=", text, 1, true)
    assert.matches("   2 ３四歩(33)\n*#評価値=", text, 1, true)
    local back = shogi.read(text, "kif")
    assert.same(g:moves(), back:moves())
  end)

  it("the graph is SVG with one point per position and a mark per labelled move", function()
    local g = shogi.game(TSUME)
    g:play("S*9a")
    local r = g:analyse{depth = 2}
    local svg = analyse.graph(r, {title = "t<1>"})
    assert.matches("^<svg ", svg)
    assert.matches("<title>t&lt;1&gt;</title>", svg, 1, true)
    local points = svg:match('<polyline[^>]* points="([^"]*)"')
    local n = 0
    for _ in points:gmatch("%S+") do n = n + 1 end
    assert.equal(2, n)
    local _, marks = svg:gsub('class="blunder"', "")
    assert.equal(1, marks)
  end)

  it("a bot file analyses too, and bad options are named", function()
    local bot = assert(shogi.bot.load("examples/bots/material.lua"))
    local g = shogi.game()
    g:play("7g7f")
    local r = analyse.run(g, {bot = bot, depth = 2})
    assert.equal(1, #r.plies)
    assert.has_error(function() analyse.run(g, {tme = 1}) end, "bad argument to 'analyse' (unknown option 'tme')")
    assert.has_error(function() analyse.run(g, 5) end, "bad argument to 'analyse' (options table expected, got number)")
  end)
end)
