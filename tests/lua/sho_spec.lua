-- Sho shogi results: royals, the bare royal, no drops, repetition, and random
-- games played to the end with every result explained.
-- Run: busted --lua=lua5.4 tests/lua/sho_spec.lua (with the in-place paths).
local shogi = require "shogi"

local function raised(f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error")
  return (tostring(err):gsub("^[^:]*:%d+: ", ""))
end

local function sho(sfen, opts)
  opts = opts or {}
  opts.variant = "sho"
  return assert(shogi.game(sfen, opts))
end

describe("Sho shogi results", function()
  it("starts open, with sente to move and no impasse or declaration", function()
    local g = sho("sho")
    assert.is_nil(g:result())
    assert.equal("b", g:side())
    assert.equal("impasse count refused: the rule set 'jsa' has no 24-point count (option impasse24)",
      raised(g.impasse, g))
    g = sho("sho", {rules = "computer"})
    assert.equal("declaration refused: the rule set 'computer' has no declaration rule (option declaration)",
      raised(g.declare, g))
  end)

  it("two royals: one may be left attacked and lost; the last royal may not", function()
    local g = sho("4k4/9/9/9/4r4/9/9/4+E4/G3K4 b - 1")
    assert.is_true(g:in_check()) -- the prince is attacked
    g:play("9i9h")                -- and left so: legal with two royals
    g:play("5e5h")                -- white takes the prince
    assert.is_nil(g:result())
    assert.equal("illegal move 9h9g: the move leaves the king in check", raised(g.play, g, "9h9g"))
    g:play("5i5h")                -- the king takes the rook: white is bare
    local r = g:result()
    assert.equal("bare-royal", r.reason)
    assert.equal("b", r.winner)
    assert.equal("Black wins: White is left with a bare royal piece and nothing else.", r.text)
    assert.matches("^game over: Black wins", raised(g.play, g, "5a5b"))
  end)

  it("the last royal checkmated", function()
    local g = sho("3pkp3/9/4PG3/9/9/9/9/9/G3K4 b - 1")
    g:play("4c5b")
    assert.equal("checkmate", g:result().reason)
  end)

  it("a side without royals has lost (royals-lost)", function()
    local r = sho("4k4/9/9/9/9/9/9/9/4G4 b - 1"):result()
    assert.equal("royals-lost", r.reason)
    assert.equal("w", r.winner)
    assert.equal("White wins: Black has lost both its king and its crown prince.", r.text)
  end)

  it("capturing a royal of two leaves the game open", function()
    local g = sho("4k4/9/9/9/4r4/9/9/4+E4/G3K4 b - 1")
    g:play("9i8i"):play("5e5h")
    assert.is_nil(g:result())
  end)

  it("king and prince alone: losing the prince leaves a bare king", function()
    local g = sho("4k4/p8/9/9/4r4/9/9/4+E4/4K4 b - 1")
    g:play("5i4i")
    assert.is_nil(g:result())
    g:play("5e5h")
    local r = g:result()
    assert.equal("bare-royal", r.reason)
    assert.equal("w", r.winner)
  end)

  it("refuses drops", function()
    local g = sho("sho")
    assert.matches("^illegal move P%*5e: ", raised(g.play, g, "P*5e"))
  end)

  it("repetition and perpetual check apply", function()
    local g = sho("4k4/9/p8/9/5R3/9/9/9/G7K b - 1")
    for _ = 1, 3 do g:play("4e5e"):play("5a4a"):play("5e4e"):play("4a5a") end
    local r = g:result()
    assert.equal("perpetual-check", r.reason)
    assert.equal("w", r.winner)
  end)

  it("random games end with an explained result", function()
    local reasons = {checkmate = true, ["bare-royal"] = true, ["royals-lost"] = true, sennichite = true,
      ["perpetual-check"] = true, ["max-moves"] = true, ["no-legal-move"] = true}
    local seen = {}
    math.randomseed(20261129)
    for _ = 1, 40 do
      local g = sho("sho", {max_moves = 600})
      local r = g:result()
      while not r do
        local moves = g:legal_moves()
        assert.is_true(#moves > 0)
        g:play(moves[math.random(#moves)])
        r = g:result()
      end
      assert.truthy(reasons[r.reason], r.reason)
      assert.matches("^[A-Z].*%.$", r.text)
      assert.equal(g:ply(), r.ply)
      assert.equal("game over: " .. r.text, raised(g.play, g, "5g5f"))
      seen[r.reason] = (seen[r.reason] or 0) + 1
      while g:ply() > 0 do g:undo() end
      assert.equal(shogi.position("sho"):sfen(), g:sfen())
    end
    assert.is_true((seen["bare-royal"] or 0) + (seen.checkmate or 0) + (seen["royals-lost"] or 0) > 0)
  end)
end)
