-- pos:edit (the core's position editor, src/core/edit.c) and the REPL's
-- editing commands (:put :remove :hand :clear :side :mirror :swap, undone by undo)
local shogi = require "shogi"
local repl = require "shogi.repl"

local START = shogi.position("startpos")
local EMPTY = START:edit{clear = true}

describe("pos:edit", function()
  local rows = {
    {"puts a piece, gote's in lower case", EMPTY, {put = {["5a"] = "k", ["5e"] = "+B"}},
      "4k4/9/9/9/4+B4/9/9/9/9 b - 1"},
    {"replaces what stood on the square", START, {put = {["7g"] = "+p"}},
      "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PP+pPPPPPP/1B5R1/LNSGKGSNL b - 1"},
    {"removes pieces (one square or several)", START, {remove = {"1a", "9a"}},
      "1nsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
    {"removes a single square given as a string", START, {remove = "5i"},
      "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG1GSNL b - 1"},
    {"sets a hand (the side's own, case ignored)", EMPTY, {hand = {b = "R2P", w = "g"}}, "9/9/9/9/9/9/9/9/9 b R2Pg 1"},
    {"gives a side the rest of the set", EMPTY:edit{put = {["5a"] = "k", ["5c"] = "G"}},
      {hand = {b = "G", w = "rest"}}, "4k4/9/4G4/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1"},
    {"'-' empties a hand", EMPTY:edit{hand = {b = "R"}}, {hand = {b = "-"}}, "9/9/9/9/9/9/9/9/9 b - 1"},
    {"the side to move", START, {side = "w"}, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"mirrors left and right", START:edit{remove = {"1a"}}, {mirror = true},
      "1nsgkgsnl/1b5r1/ppppppppp/9/9/9/PPPPPPPPP/1R5B1/LNSGKGSNL b - 1"},
    {"swaps the colours (half a turn)", EMPTY:edit{put = {["5a"] = "k", ["5c"] = "G", ["1c"] = "L"}, hand = {b = "S"}},
      {swap = true}, "9/9/9/9/9/9/l3g4/9/4K4 w s 1"},
    {"clears board and hands, keeps the side", START:edit{side = "w"}, {clear = true}, "9/9/9/9/9/9/9/9/9 w - 1"},
    {"the issue's example, on a cleared board", EMPTY,
      {put = {["5e"] = "+B", ["1a"] = "k"}, remove = {"1a"}, hand = {b = "R2P", w = "rest"}, side = "w"},
      "8k/9/9/9/4+B4/9/9/9/9 w R2Prb4g4s4n4l16p 1"},
  }
  for _, r in ipairs(rows) do
    it(r[1], function()
      local q, err = r[2]:edit(r[3])
      assert.is_nil(err)
      assert.are.equal(r[4], q:sfen())
    end)
  end

  it("leaves the position itself as it was", function()
    local p = shogi.position("startpos")
    p:edit{clear = true}
    assert.are.equal(START:sfen(), p:sfen())
  end)

  it("works on a game's current position", function()
    local g = shogi.game()
    g:play("7g7f")
    assert.are.equal("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSN1 w - 2", g:edit{remove = "1i"}:sfen())
  end)

  local faults = {
    {"a square off the board", {put = {["0z"] = "P"}}, "edit: put: '0z' is not a square (1a to 9i)"},
    {"a square to remove off the board", {remove = {"5j"}}, "edit: remove: '5j' is not a square (1a to 9i)"},
    {"a piece that is none", {put = {["5e"] = "X"}},
      "edit: put: 'X' is not a piece (USI letters: P L N S B R G K, +P +L +N +S +B +R; lower case for white)"},
    {"a dead piece (black pawn on the far rank)", {put = {["5a"] = "P"}}, "edit: black pawn on 5a can never move"},
    {"a dead piece (white knight on rank h)", {put = {["5h"] = "n"}}, "edit: white knight on 5h can never move"},
    {"a piece past the set", {put = {["5e"] = "P"}}, "edit: too many pawns: 19 (the set has 18)"},
    {"a hand past the set", {hand = {b = "R"}}, "edit: too many rooks: 3 (the set has 2)"},
    {"a second king of a colour", {put = {["5e"] = "K"}}, "edit: black has a king on 5i already (remove it first)"},
    {"a hand letter that cannot be in hand", {hand = {w = "K"}},
      "edit: hand.w:1: 'K' cannot be in hand (R B G S N L P)"},
    {"a bad count", {hand = {b = "0P"}}, "edit: hand.b:1: bad count in hand"},
    {"a count with no letter", {hand = {b = "2"}}, "edit: hand.b:2: count without a piece letter in hand"},
    {"a piece twice in a hand", {hand = {b = "PP"}}, "edit: hand.b:2: pawn listed twice in hand"},
    {"both sides holding the rest", {hand = {b = "rest", w = "rest"}}, "edit: hand: only one side can hold the rest"},
  }
  for _, r in ipairs(faults) do
    it("refuses " .. r[1], function()
      local q, err = START:edit(r[2])
      assert.is_nil(q)
      assert.are.equal(r[3], err)
    end)
  end

  it("keeps the extra pieces a lenient diagram had, but adds none", function()
    local p = shogi.position("4k4/9/9/9/9/9/9/9/4K4 b 19P 1", {strict = false})
    assert.truthy(p:edit{put = {["1e"] = "G"}})
    local q, err = p:edit{put = {["1e"] = "P"}}
    assert.is_nil(q)
    assert.are.equal("edit: too many pawns: 20 (the set has 18)", err)
  end)

  it("strict = false (the lenient edit) lets dead pieces and pieces past the set through", function()
    local q, err = START:edit{put = {["1a"] = "P", ["5h"] = "n"}, hand = {b = "R"}, strict = false}
    assert.is_nil(err)
    assert.are.equal("lnsgkgsnP/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B2n2R1/LNSGKGSNL b R 1", q:sfen())
    local texts = {}
    for _, pr in ipairs(q:problems()) do texts[#texts + 1] = pr.text end
    assert.are.same({"black pawn on 1a can never move", "two unpromoted black pawns on file 1 (nifu)",
      "white knight on 5h can never move", "too many pawns: 19 (the set has 18)",
      "too many knights: 5 (the set has 4)", "too many rooks: 3 (the set has 2)"}, texts)
    -- what stays refused when lenient
    local r, e = START:edit{put = {["5e"] = "K"}, strict = false}
    assert.is_nil(r)
    assert.are.equal("edit: black has a king on 5i already (remove it first)", e)
    r, e = START:edit{put = {["0z"] = "P"}, strict = false}
    assert.is_nil(r)
    assert.are.equal("edit: put: '0z' is not a square (1a to 9i)", e)
    -- strict = true is the default
    assert.is_nil((START:edit{put = {["1a"] = "P"}, strict = true}))
  end)

  it("counts promoted pieces with their kind for the set and for the rest", function()
    local q = EMPTY:edit{put = {["5a"] = "k", ["5c"] = "+R", ["4c"] = "+p"}, hand = {w = "rest"}}
    assert.are.equal("4k4/9/4+R+p3/9/9/9/9/9/9 b r2b4g4s4n4l17p 1", q:sfen())
    local r, err = q:edit{put = {["1e"] = "+r"}}
    assert.is_nil(r)
    assert.are.equal("edit: too many rooks: 3 (the set has 2)", err)
  end)

  it("says what the result still lacks: pos:problems() and core.tsume_faults", function()
    local q = EMPTY:edit{put = {["5c"] = "G"}, hand = {b = "G"}}
    assert.are.same({}, q:problems())
    local lacks = shogi.core.tsume_faults(q)
    assert.truthy(lacks[1]:find("the defender has 0 kings", 1, true), lacks[1])
  end)

  it("leaves nifu and a check on the side not to move to the diagram rules", function()
    local q = EMPTY:edit{put = {["5a"] = "k", ["5b"] = "G", ["5i"] = "K", ["1g"] = "P", ["1f"] = "P"}, side = "w"}
    local ids = {}
    for _, pr in ipairs(q:problems()) do ids[#ids + 1] = pr.id end
    assert.are.same({"nifu"}, ids)
    q = EMPTY:edit{put = {["5a"] = "k", ["5b"] = "G"}}
    assert.are.equal("opponent-in-check", q:problems()[1].id)
  end)

  it("raises on misuse", function()
    assert.has_error(function() START:edit{colour = "w"} end)
    assert.has_error(function() START:edit{put = "5e"} end)
    assert.has_error(function() START:edit{mirror = "yes"} end)
    assert.has_error(function() START:edit{side = "x"} end)
    assert.has_error(function() START:edit{hand = {x = "P"}} end)
    assert.has_error(function() START:edit("5e") end)
  end)

  it("in Sho puts its pieces, the set bounding nothing (no drops), dead pieces still refused", function()
    local sho = shogi.position("sho")
    local q, err = sho:edit{put = {["5e"] = "R", ["5f"] = "+E", ["4e"] = "e"}}
    assert.is_nil(err)
    assert.are.equal("lnsgkgsnl/1r2e2b1/ppppppppp/9/4Re3/4+E4/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1", q:sfen())
    assert.are.same({}, q:problems())
    local r, e = sho:edit{put = {["5a"] = "P"}}
    assert.is_nil(r)
    assert.are.equal("edit: black pawn on 5a can never move", e)
    r, e = sho:edit{put = {["5e"] = "X"}}
    assert.is_nil(r)
    assert.are.equal("edit: put: 'X' is not a piece (USI letters: P L N S B R E G K, +P +L +N +S +B +R +E; "
      .. "lower case for white)", e)
    r, e = START:edit{put = {["5e"] = "E"}}
    assert.is_nil(r)
    assert.truthy(e:find("edit: put: 'E' is not a piece (USI letters: P L N S B R G K,", 1, true))
  end)

  it("refuses hands in Sho shogi", function()
    local q, err = shogi.position("sho"):edit{hand = {b = "P"}}
    assert.is_nil(q)
    assert.are.equal("edit: sho has no pieces in hand", err)
  end)
end)

describe("the REPL's editor", function()
  local saved
  before_each(function() saved = _G.game; _G.game = shogi.game() end)
  after_each(function() _G.game = saved end)

  it("builds a problem with :clear :put :hand and shows what it lacks", function()
    local ok, text = repl.command(":clear")
    assert.is_true(ok)
    assert.truthy(text:find("as a tsume: the defender has 0 kings, a tsume needs one", 1, true))
    assert.is_true((repl.command(":put 5a k 5c G")))
    ok, text = repl.command(":put 1g P 1f P")
    assert.is_true(ok, text)
    assert.truthy(text:find("note: two unpromoted black pawns on file 1 (nifu)", 1, true))
    assert.is_true((repl.command(":remove 1f 1g")))
    ok, text = repl.command(":hand b G")
    assert.is_true(ok)
    assert.truthy(text:find("sente hand: G", 1, true))
    ok, text = repl.command(":hand w rest")
    assert.is_true(ok)
    assert.are.equal("4k4/9/4G4/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1", _G.game:sfen())
    assert.is_nil(text:find("note:", 1, true))
    assert.is_nil(text:find("as a tsume", 1, true))
  end)

  it("undo takes back each edit, then the moves before it", function()
    _G.game:play("7g7f")
    local before = _G.game
    assert.is_true((repl.command(":side b")))
    assert.is_true((repl.command(":mirror")))
    assert.is_true((repl.command(":swap")))
    local ok, text = repl.command("undo")
    assert.is_true(ok)
    assert.truthy(text:find("sente (b) to move", 1, true))
    assert.is_true((repl.command("undo")))
    assert.is_true((repl.command("undo")))
    assert.is_true(rawequal(before, _G.game))
    assert.is_true((repl.command("undo")))  -- now the move 7g7f
    assert.are.equal(0, #_G.game:moves())
  end)

  it("an edit after moves of the edited game: undo takes the moves first", function()
    assert.is_true((repl.command(":remove 1a")))
    local edited = _G.game
    edited:play("7g7f")
    assert.is_true((repl.command("undo")))
    assert.is_true(rawequal(edited, _G.game))
    assert.is_true((repl.command("undo")))
    assert.are.equal(START:sfen(), _G.game:sfen())
  end)

  local faults = {
    {":put 1a P", ":put: black pawn on 1a can never move"},
    {":put 5e", ":put: expected a square and a piece (:put 5e +B; gote's pieces in lower case: :put 5a k)"},
    {":put 0z P", ":put: '0z' is not a square (1a to 9i)"},
    {":remove", ":remove: expected a square (:remove 5e)"},
    {":remove 5j", ":remove: '5j' is not a square (1a to 9i)"},
    {":hand b 3X", ":hand: hand.b:2: 'X' cannot be in hand (R B G S N L P)"},
    {":hand x P", ":hand: expected a side and pieces (:hand b R2P, :hand w rest, :hand b - for none)"},
    {":hand b R", ":hand: too many rooks: 3 (the set has 2)"},
    {":side x", ":side: expected b or w"},
    {":clear now", ":clear: takes nothing"},
    {":mirror 2", ":mirror: takes nothing"},
    {":swap 2", ":swap: takes nothing"},
    {":put 5b K", ":put: black has a king on 5i already (remove it first)"},
  }
  for _, r in ipairs(faults) do
    it("refuses " .. r[1] .. " and leaves the game", function()
      local g = _G.game
      assert.are.same({false, r[2]}, {repl.command(r[1])})
      assert.is_true(rawequal(g, _G.game))
      assert.are.equal(START:sfen(), g:sfen())
    end)
  end

  it("refuses a position no game can start from (the side not to move in check)", function()
    repl.command(":clear")
    repl.command(":put 5a k 5i K")
    repl.command(":side w")
    local g = _G.game
    local ok, text = repl.command(":put 5h r")
    assert.is_false(ok)
    assert.are.equal(":put: cannot make the game: the side not to move is in check; the position is unchanged", text)
    assert.is_true(rawequal(g, _G.game))
  end)

  it(":put! and :hand! are the lenient edit; the notes name what it breaks", function()
    local ok, text = repl.command(":put! 1a P")
    assert.is_true(ok, text)
    assert.truthy(text:find("note: black pawn on 1a can never move", 1, true))
    ok, text = repl.command(":hand! b 3R")
    assert.is_true(ok, text)
    assert.truthy(text:find("note: too many rooks: 5 (the set has 2)", 1, true))
    assert.are.equal("lnsgkgsnP/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 3R 1", _G.game:sfen())
    assert.is_true((repl.command("undo")))
    assert.is_true((repl.command("undo")))
    assert.are.equal(START:sfen(), _G.game:sfen())
    assert.are.same({false, ":style: takes no '!' (only :put! and :hand!, the lenient edit)"},
      {repl.command(":style! kanji")})
  end)

  it(":help lists every command with its line, the editor's included", function()
    local ok, text = repl.command(":help")
    assert.is_true(ok)
    for _, name in ipairs{":put", ":remove", ":hand", ":clear", ":side", ":mirror", ":swap", ":help", "undo"} do
      local line = text:match("\n  (" .. name:gsub("%p", "%%%0") .. "[^\n]*)")
      assert.truthy(line, name)
      assert.truthy(line:find("REPL editor", 1, true) or line:find("REPL command", 1, true)
        or line:find("Typed alone", 1, true), line)
    end
    assert.truthy(text:find(":first                       (help \":goto\")", 1, true))
    ok, text = repl.command(":help :hand")
    assert.is_true(ok)
    assert.truthy(text:find(":hand! lets it through", 1, true))
    assert.are.same({false, ":help: no help for 'frobnicate'; help() lists the topics"},
      {repl.command(":help frobnicate")})
  end)

  it("without a game says so", function()
    _G.game = nil
    assert.are.same({false, ":put: there is no game in `game`"}, {repl.command(":put 5e P")})
  end)
end)
