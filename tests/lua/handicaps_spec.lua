-- Handicaps: every standard handicap is a valid position with gote (the
-- giver) to move and exactly the named pieces gone; names in English,
-- Japanese and KIF; shogi.position and shogi.game accept them.
-- Run: busted --lua=lua5.4 tests/lua/handicaps_spec.lua (with the in-place paths).
local shogi = require "shogi"
local handicaps = require "shogi.handicaps"

local EVEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

-- white's pieces as square -> letter
local function white_pieces(pos)
  local out = {}
  for sq, pc in pairs(pos:pieces("w")) do out[sq] = pc end
  return out
end

local NAMES = {
  "lance", "right-lance", "bishop", "rook", "rook-lance", "2-piece", "3-piece", "4-piece", "5-piece",
  "left-5-piece", "6-piece", "left-7-piece", "right-7-piece", "8-piece", "9-piece", "10-piece",
  "both-lances", "three-pawns", "naked-king", "dragonfly",
}

describe("handicaps", function()
  it("lists every standard handicap with its names", function()
    local list = handicaps.list()
    assert.equal(#NAMES, #list)
    for i, h in ipairs(list) do
      assert.equal(NAMES[i], h.name)
      assert.is_string(h.japanese)
      assert.is_string(h.kif)
      assert.is_string(h.sfen)
    end
    list[1].name = "changed"
    assert.equal("lance", handicaps.list()[1].name)
  end)

  it("each SFEN is a valid position, white to move, black complete", function()
    local even = assert(shogi.position(EVEN))
    for _, h in ipairs(handicaps.list()) do
      local pos = assert(shogi.position(h.sfen))
      assert.equal("w", pos:side())
      assert.same(even:pieces("b"), pos:pieces("b"))
      assert.equal("k", pos:at("5a"))
      assert.is_true(#pos:legal_moves() > 0)
      assert.is_false(pos:in_check())
    end
  end)

  it("removes exactly the named pieces", function()
    local even = white_pieces(assert(shogi.position(EVEN)))
    for _, h in ipairs(handicaps.list()) do
      if h.removed:match("^%d%a") then
        local expect = {}
        for sq, pc in pairs(even) do expect[sq] = pc end
        for sq in h.removed:gmatch("%w%w") do
          assert.is_not_nil(expect[sq], h.name .. " " .. sq)
          expect[sq] = nil
        end
        assert.same(expect, white_pieces(assert(shogi.position(h.sfen))), h.name)
      end
    end
  end)

  it("the three-pawns, naked-king and dragonfly handicaps", function()
    local p = shogi.position("歩三兵")
    assert.same({["5a"] = "k"}, white_pieces(p))
    assert.equal(3, p:hand("w").P)
    p = shogi.position("裸玉")
    assert.same({["5a"] = "k"}, white_pieces(p))
    assert.equal(0, p:hand("w").P)
    p = shogi.position("トンボ")
    local w = white_pieces(p)
    assert.equal("r", w["8b"])
    assert.equal("b", w["2b"])
    local n = 0
    for _, pc in pairs(w) do n = n + 1; assert.truthy(pc == "k" or pc == "r" or pc == "b" or pc == "p") end
    assert.equal(12, n)
  end)

  it("the 3-piece handicap removes the lance on 1a (KIF convention)", function()
    local p = shogi.position("3-piece")
    assert.is_nil(p:at("1a"))
    assert.equal("l", p:at("9a"))
  end)

  it("finds by English, Japanese and KIF names, and the even game", function()
    assert.equal("2-piece", handicaps.find("2-piece").name)
    assert.equal("2-piece", handicaps.find("Two Piece").name)
    assert.equal("2-piece", handicaps.find("two_piece").name)
    assert.equal("2-piece", handicaps.find("二枚落ち").name)
    assert.equal("rook-lance", handicaps.find("飛香落ち").name)
    assert.equal("right-lance", handicaps.find("右香落ち").name)
    assert.equal("lance", handicaps.find("香落ち").name)
    assert.equal("left-7-piece", handicaps.find("Left 7-piece").name)
    assert.equal("dragonfly", handicaps.find("トンボ").name)
    assert.equal(EVEN, handicaps.find("平手").sfen)
    assert.equal(EVEN, handicaps.find("even").sfen)
    assert.is_nil(handicaps.find("queen"))
    assert.is_nil(handicaps.find(3))
  end)

  it("shogi.position and shogi.game take the names; gote moves first", function()
    local g = assert(shogi.game("2-piece"))
    assert.equal("w", g:side())
    assert.matches("belongs to the opponent", select(2, pcall(g.play, g, "7g7f")))
    g:play("3c3d")
    assert.equal("b", g:side())
    assert.equal(handicaps.find("4-piece").sfen, shogi.position("四枚落ち"):sfen())
  end)
end)
