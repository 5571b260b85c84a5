-- Games: shogi.game / core.game, play and undo, position methods on games,
-- results, resign and agreement, info, write, copy, and every error message.
-- Run: busted --lua=lua5.4 tests/lua/game_spec.lua (with the in-place paths).
local core = require "shogi.core"
local shogi = require "shogi"

local START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

-- the message of an error raised by f(...), without any "file:line:" prefix
local function raised(f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error")
  return (tostring(err):gsub("^[^:]*:%d+: ", ""))
end

local function game(start, opts)
  return assert(shogi.game(start, opts))
end

describe("shogi.game", function()
  it("starts at startpos by default, or from an SFEN, a position, a handicap, sho", function()
    assert.equal(START, game():sfen())
    assert.equal(START, game("startpos"):sfen())
    assert.equal(START, game(START):sfen())
    assert.equal(START, game(core.position("startpos")):sfen())
    assert.equal("w", game("2-piece"):side())
    assert.equal("w", game("二枚落ち"):side())
    assert.equal("sho", game("sho"):variant())
    assert.equal("sho", game(nil, {variant = "sho"}):variant())
  end)

  it("returns nil and a message for bad start text", function()
    local g, err = shogi.game("nonsense")
    assert.is_nil(g)
    assert.equal("sfen:1:1: not an SFEN, \"startpos\", \"sho\" or a handicap name: 'nonsense'", err)
    g, err = shogi.game("9/9 b - 1")
    assert.is_nil(g)
    assert.matches("^sfen:1:%d+: ", err)
  end)

  it("raises on bad options", function()
    assert.equal("bad argument #2 to 'game' (options table expected, got number)", raised(shogi.game, nil, 3))
    assert.equal("unknown game option 'maxmoves' (rules, variant, strict, or a rule option)",
      raised(shogi.game, "startpos", {maxmoves = 3}))
    assert.equal("option 'variant' is 'sho' but the position is standard",
      raised(core.game, core.position("startpos"), {variant = "sho"}))
    assert.equal("option 'rules' must be a rule-set name or table",
      raised(core.game, core.position("startpos"), {rules = 5}))
  end)
end)

describe("play and undo", function()
  it("plays USI moves, returns the game, keeps the moves", function()
    local g = game()
    assert.equal(g, g:play("7g7f"))
    g:play("3c3d"):play("8h2b+")
    assert.same({"7g7f", "3c3d", "8h2b+"}, g:moves())
    assert.equal(3, g:ply())
    assert.equal(START, g:start():sfen())
    assert.equal(g:sfen(), g:position():sfen())
  end)

  it("accepts integer moves from the core", function()
    local g = game()
    local p = g:position()
    assert.equal("7g7f", g:play("7g7f"):moves()[1])
    assert.is_true(p:is_legal("2g2f"))
  end)

  it("refuses an illegal move with the core's reason and changes nothing", function()
    local g = game()
    local before = g:sfen()
    assert.equal("illegal move 7g7e: the piece cannot move that way", raised(g.play, g, "7g7e"))
    assert.equal("illegal move 5e5d: there is no piece on the from square", raised(g.play, g, "5e5d"))
    assert.equal("illegal move 3c3d: the piece on the from square belongs to the opponent: "
      .. "it is Black's (sente's) turn to move", raised(g.play, g, "3c3d"))
    assert.equal("illegal move P*5e: no such piece in hand", raised(g.play, g, "P*5e"))
    assert.equal(before, g:sfen())
    assert.equal(0, g:ply())
  end)

  it("raises on text that is no move", function()
    local g = game()
    assert.matches("^not a move 'xx' %(write it like", raised(g.play, g, "xx"))
    assert.matches("move", raised(g.play, g, {}))
  end)

  it("undo returns the move and restores the exact position", function()
    local g = game()
    local keys = {g:key()}
    for _, m in ipairs({"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"}) do
      g:play(m)
      keys[#keys + 1] = g:key()
    end
    for i = #keys, 2, -1 do
      assert.equal(keys[i], g:key())
      g:undo()
    end
    assert.equal(keys[1], g:key())
    assert.equal(START, g:sfen())
    assert.equal("nothing to undo: the game is at its start", raised(g.undo, g))
  end)

  it("a cursor through the game: go_to, redo and the moves kept ahead", function()
    local g = game()
    g:play("7g7f"):play("3c3d"):play("8h2b+")
    assert.equal(g, g:go_to(1))
    assert.equal(1, g:ply())
    assert.same({"3c3d", "8h2b+"}, g:moves_ahead())
    assert.equal("3c3d", g:redo())
    g:go_to(3)
    assert.equal("B", g:at("2b"):sub(-1))
    g:go_to(0)
    assert.same({"7g7f", "3c3d", "8h2b+"}, g:moves_ahead())
    g:play("7g7f")                    -- the same move keeps the line ahead
    assert.same({"3c3d", "8h2b+"}, g:moves_ahead())
    g:play("4c4d")                    -- another move there drops it
    assert.same({}, g:moves_ahead())
    assert.is_nil(g:redo())
    assert.matches("no move 5: the game has moves 0 to 2", raised(g.go_to, g, 5))
  end)

  it("undo gives back the last move", function()
    local g = game()
    g:play("7g7f")
    assert.equal("7g7f", g:undo())
  end)
end)

describe("position methods on a game", function()
  it("works on the current position without a copy", function()
    local g = game()
    g:play("7g7f"):play("3c3d")
    local p = g:position()
    assert.equal(p:sfen(), g:sfen())
    assert.equal("b", g:side())
    assert.equal("P", g:at("7f"))
    assert.same(p:legal_moves(), g:legal_moves())
    assert.is_true(g:is_legal("8h2b+"))
    assert.is_false(g:in_check())
    assert.same({}, g:checkers())
    assert.is_false(g:is_mate())
    assert.equal(p:key(), g:key())
    assert.equal(p:perft(2), g:perft(2))
    assert.same(p:hand("b"), g:hand("b"))
  end)

  it("exposes the methods table as core.game_methods", function()
    assert.equal("function", type(core.game_methods.play))
    assert.equal(core.game_methods, require("shogi.game").methods)
    core.game_methods.twice_ply = function(g) return 2 * g:ply() end
    assert.equal(4, game():play("7g7f"):play("3c3d"):twice_ply())
    core.game_methods.twice_ply = nil
  end)

  it("prints itself", function()
    assert.equal("shogi.game: 0 moves, " .. START, tostring(game()))
  end)
end)

describe("results", function()
  it("is nil while the game goes on", function()
    assert.is_nil(game():result())
  end)

  it("reports checkmate and refuses moves after it", function()
    local g = game("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    g:play("G*5b")
    local r = g:result()
    assert.same({outcome = "win", winner = "b", loser = "w", reason = "checkmate", ply = 1,
      text = "Black wins by checkmate: White is in check and has no legal move."}, r)
    assert.equal("game over: Black wins by checkmate: White is in check and has no legal move.",
      raised(g.play, g, "5a4a"))
    assert.equal(1, g:ply())
  end)

  it("resign and agree_draw end the game", function()
    local g = game()
    g:play("7g7f")
    local r = g:resign()
    assert.equal("resignation", r.reason)
    assert.equal("b", r.winner)
    assert.equal("Black wins: White resigned.", r.text)
    assert.same(r, g:result())
    assert.equal("game over: Black wins: White resigned.", raised(g.play, g, "3c3d"))
    assert.equal("game over: Black wins: White resigned.", raised(g.resign, g))
    assert.equal("game over: Black wins: White resigned.", raised(g.agree_draw, g))
    assert.equal("resignation", g:undo())   -- the resignation only, not the move before it
    assert.equal(1, g:ply())
    assert.is_nil(g:result())
    r = g:resign("w")
    assert.equal("b", r.winner)
    g = game()
    assert.matches("bad argument #2 to '%S+' %(bad side 'x' %(\"b\" or \"w\"%)%)", raised(g.resign, g, "x"))
    r = g:agree_draw()
    assert.same({outcome = "draw", reason = "agreement", ply = 0, text = "Draw by agreement."}, r)
  end)

  it("every verdict text is one sentence", function()
    local g = game("8k/6S2/7G1/9/9/9/9/9/K8 w - 1")
    local r = g:result()
    assert.equal("no-legal-move", r.reason)
    assert.matches("^[A-Z].*%.$", r.text)
  end)
end)

describe("info, write, copy, close", function()
  it("keeps a Lua table with the game", function()
    local g = game()
    local info = g:info()
    info.headers = {Event = "test"}
    assert.equal("test", g:info().headers.Event)
    assert.are_not.equal(info, game():info())
  end)

  it("delegates write to shogi.record", function()
    local saved = package.loaded["shogi.record"]
    package.loaded["shogi.record"] = {write = function(g, fmt, opts) return g:ply(), fmt, opts.x end}
    local n, fmt, x = game():play("7g7f"):write("kif", {x = 5})
    assert.same({1, "kif", 5}, {n, fmt, x})
    package.loaded["shogi.record"] = {}
    assert.equal("shogi.record has no write function", raised(game().write, game(), "kif"))
    package.loaded["shogi.record"] = saved
  end)

  it("copies a game with its moves, verdict and info", function()
    local g = game()
    g:play("7g7f"):play("3c3d")
    g:info().x = 1
    local c = g:copy()
    assert.same(g:moves(), c:moves())
    c:undo()
    assert.equal(2, g:ply())
    assert.equal(1, c:info().x)
    g:resign()
    assert.equal("resignation", g:copy():result().reason)
  end)

  it("a closed game refuses use", function()
    local g = game()
    do
      local h <close> = g -- luacheck: ignore 211
    end
    assert.equal("the game has been closed", raised(g.play, g, "7g7f"))
    assert.equal("shogi.game (closed)", tostring(g))
  end)
end)
