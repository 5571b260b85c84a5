-- Rule sets and adjudication from Lua: the presets, custom rule sets, every
-- end rule with a game that meets it and one that just misses it, custom end
-- tests, and every error message.
-- Run: busted --lua=lua5.4 tests/lua/rules_spec.lua (with the in-place paths).
local core = require "shogi.core"
local shogi = require "shogi"
local rules = require "shogi.rules"

local function raised(f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error")
  return (tostring(err):gsub("^[^:]*:%d+: ", ""))
end

local function game(start, opts)
  return assert(shogi.game(start, opts))
end

local function play(g, moves)
  for m in moves:gmatch("%S+") do g:play(m) end
  return g
end

describe("rule sets", function()
  it("jsa and computer are complete, readable values", function()
    assert.equal("jsa", rules.jsa.name)
    assert.is_true(rules.jsa.sennichite)
    assert.is_true(rules.jsa.perpetual_check)
    assert.is_true(rules.jsa.impasse24)
    assert.equal(24, rules.jsa.impasse_points)
    assert.is_false(rules.jsa.declaration)
    assert.equal(0, rules.jsa.max_moves)
    assert.equal(500, rules.computer.max_moves)
    assert.is_true(rules.computer.declaration)
    assert.is_true(rules.computer.declaration_loses)
    assert.equal(28, rules.computer.declaration_points_b)
    assert.equal(27, rules.computer.declaration_points_w)
    assert.equal(10, rules.computer.declaration_pieces)
    assert.is_false(rules.computer.impasse24)
    assert.equal(rules.jsa, rules.get("jsa"))
    assert.equal("rules computer", tostring(rules.computer))
    local n = 0
    for _ in pairs(rules.jsa) do n = n + 1 end
    assert.is_true(n >= 14)
    assert.is_true(rules.is(rules.jsa))
    assert.is_false(rules.is({}))
  end)

  it("cannot be changed in place", function()
    assert.equal("rule sets are values and cannot change: use rules.custom{base = ..., max_moves = ...}",
      raised(function() rules.jsa.max_moves = 3 end))
  end)

  it("custom sets start from a base and override options", function()
    local blitz = rules.custom{base = "computer", name = "blitz", max_moves = 256}
    assert.equal("blitz", blitz.name)
    assert.equal(256, blitz.max_moves)
    assert.is_true(blitz.declaration)
    local softer = rules.custom{base = blitz, declaration_loses = false}
    assert.equal(256, softer.max_moves)
    assert.is_false(softer.declaration_loses)
    assert.equal("blitz", softer.name) -- the name comes with the base
    local g = game("startpos", {rules = softer})
    assert.equal(256, g:rules().max_moves)
    assert.equal("computer", g:rules().base)
    assert.is_false(g:rules().declaration_loses)
  end)

  it("takes a name or a value and options beside it", function()
    local g = game("startpos", {rules = "computer", max_moves = 256, declaration_loses = false})
    local r = g:rules()
    assert.equal("computer", r.name)
    assert.equal(256, r.max_moves)
    assert.is_false(r.declaration_loses)
    g = game("startpos", {rules = rules.computer, max_moves = 100})
    assert.equal(100, g:rules().max_moves)
    assert.equal("jsa", game():rules().name)
  end)

  it("presets fit Sho shogi: no impasse, no declaration", function()
    local r = game("sho", {rules = rules.computer}):rules()
    assert.is_false(r.declaration)
    assert.equal(500, r.max_moves)
    assert.equal("sho", r.variant)
    assert.is_false(game("sho"):rules().impasse24)
  end)

  it("reports bad options", function()
    assert.equal("unknown rule option 'max_move'", raised(rules.custom, {max_move = 3}))
    assert.equal("rule option 'max_moves' must be an integer", raised(rules.custom, {max_moves = "x"}))
    assert.equal("rule option 'sennichite' must be true or false", raised(rules.custom, {sennichite = 1}))
    assert.equal("rule option 'max_moves' is out of range", raised(rules.custom, {max_moves = -1}))
    assert.equal("rule option 'name' must be a string of 1 to 31 characters", raised(rules.custom, {name = ""}))
    assert.equal("unknown rule set 'fide' (\"jsa\", \"computer\" or a rule-set table)",
      raised(rules.custom, {base = "fide"}))
    assert.equal("unknown rule set 'fide' (\"jsa\", \"computer\" or a rule-set table)",
      raised(shogi.game, "startpos", {rules = "fide"}))
    assert.equal("rule option 'base' must be \"jsa\" or \"computer\"", raised(core.rules, {base = 3}))
    assert.equal("bad rule set: perpetual_check needs sennichite", raised(rules.custom, {sennichite = false}))
    assert.equal("bad rule set: Sho shogi has no impasse count and no declaration",
      raised(shogi.game, "sho", {impasse24 = true}))
    assert.equal("bad rule set: impasse_points must be between 0 and 100",
      raised(rules.custom, {impasse_points = 1000}))
    assert.equal("bad rule set: declaration points must be between 0 and 100",
      raised(rules.custom, {declaration_points_b = 1000}))
    assert.equal("bad rule set: declaration_pieces must be between 0 and 40",
      raised(rules.custom, {declaration_pieces = 41}))
    assert.equal("rule option 'end_tests' must be a list of functions", raised(core.rules, {end_tests = 3}))
    assert.equal("end test 1 must be a function or {name = ..., test = function}",
      raised(rules.custom, {end_tests = {3}}))
    assert.equal("end test 1: the 'test' field must be a function", raised(rules.custom, {end_tests = {{}}}))
    assert.equal("the rule set is for variant 'standard', the position is sho",
      raised(core.game, core.position("startpos", "sho"), {rules = core.rules("jsa")}))
    assert.equal("unknown variant 'chess'", raised(core.rules, {variant = "chess"}))
    assert.equal("bad argument #1 to 'custom' (table expected, got string)", raised(rules.custom, "jsa"))
    assert.equal("bad argument #1 to 'custom' (base must be \"jsa\", \"computer\" or a rule set)",
      raised(rules.custom, {base = 3}))
    assert.equal("bad argument #1 to 'custom' (end_tests must be a list of functions)",
      raised(rules.custom, {end_tests = 3}))
    assert.equal("bad argument #1 to 'options' (rule set expected)", raised(rules.options, {}))
    assert.equal("bad argument #1 to 'get' (unknown rule set 'x': \"jsa\" or \"computer\")", raised(rules.get, "x"))
    assert.matches("rule%-set name or table", raised(core.rules, 3))
  end)
end)

describe("sennichite and perpetual check", function()
  local START = "4k4/9/9/9/5R3/9/9/9/K8 b - 1"

  it("the side that checked every move of the cycle loses", function()
    local g = game(START)
    play(g, "4e5e 5a4a 5e4e 4a5a 4e5e 5a4a 5e4e 4a5a 4e5e 5a4a 5e4e")
    assert.is_nil(g:result())
    g:play("4a5a")
    local r = g:result()
    assert.equal("perpetual-check", r.reason)
    assert.equal("w", r.winner)
    assert.equal("b", r.checking_side)
    assert.same({start = 0, length = 12, plies = {0, 4, 8, 12}}, r.cycle)
    assert.equal(12, r.ply)
    assert.equal("White wins: the same position occurred for the fourth time (plies 0, 4, 8 and 12) and Black "
      .. "gave check with every move in between, which is perpetual check and not allowed.", r.text)
    assert.matches("^game over: White wins", raised(g.play, g, "4e5e"))
  end)

  it("one quiet move in the cycle makes it a draw", function()
    local g = game(START)
    for _ = 1, 3 do play(g, "4e5e 5a6a 5e6e 6a5b 6e4e 5b5a") end
    local r = g:result()
    assert.equal("sennichite", r.reason)
    assert.equal("draw", r.outcome)
    assert.is_nil(r.winner)
    assert.is_nil(r.checking_side)
    assert.same({0, 6, 12, 18}, r.cycle.plies)
  end)

  it("the same board with other hands is no repetition", function()
    local g = game("k8/9/9/9/4R4/9/9/9/8K w 4p 1")
    for _ = 1, 4 do play(g, "P*5f 5e5f 9a8a 5f5e 8a8b 1i1h 8b9a 1h1i") end
    assert.is_nil(g:result())
    g = game("k8/9/9/9/4R4/9/9/9/8K w 4p 1")
    for _ = 1, 3 do play(g, "9a8a 5e5f 8a9a 5f5e") end
    assert.equal("sennichite", g:result().reason)
  end)

  it("can be switched off", function()
    local g = game(START, {sennichite = false, perpetual_check = false})
    for _ = 1, 5 do play(g, "4e5e 5a4a 5e4e 4a5a") end
    assert.is_nil(g:result())
    g = game(START, {perpetual_check = false})
    for _ = 1, 3 do play(g, "4e5e 5a4a 5e4e 4a5a") end
    assert.equal("sennichite", g:result().reason)
  end)
end)

describe("the move cap", function()
  it("draws at the cap", function()
    local g = game("startpos", {max_moves = 2})
    play(g, "7g7f 3c3d")
    local r = g:result()
    assert.same({outcome = "draw", reason = "max-moves", ply = 2, max_moves = 2,
      text = "Draw: the game reached the 2-move limit with the side to move not in check."}, r)
    assert.equal("game over: " .. r.text, raised(g.play, g, "2g2f"))
  end)

  it("a mate on the last move is a mate", function()
    local g = game("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", {max_moves = 1})
    g:play("G*5b")
    assert.equal("checkmate", g:result().reason)
  end)

  it("a side in check at the cap plays on", function()
    local g = game("4k4/9/9/9/6K2/9/9/9/9 b Rb 1", {max_moves = 1})
    g:play("R*5e")
    assert.is_nil(g:result())
    g:play("B*5c") -- interposes with check: black plays on too
    assert.is_nil(g:result())
    g:play("3e2e")
    local r = g:result()
    assert.equal("max-moves", r.reason)
    assert.equal(3, r.ply)
    assert.equal("Draw: the game reached the 1-move limit and ended at ply 3, once the side to move was no "
      .. "longer in check.", r.text)
  end)
end)

describe("declaration", function()
  local B28 = "+L+NSG1GS+N+L/1R2K2B1/9/9/9/9/9/9/4k4 b 10P 1"
  local B27 = "+L+NSG1GS+N+L/1R2K2B1/9/9/9/9/9/9/4k4 b 9P 1"
  local B9 = "1+NSG1GS+N+L/1R2K2B1/9/9/9/9/9/9/4k4 b 11P 1"
  local W27 = "4K4/9/9/9/9/9/9/1b2k2r1/+l+nsg1gs+n+l w 9p 1"
  local W26 = "4K4/9/9/9/9/9/9/1b2k2r1/+l+nsg1gs+n+l w 8p 1"
  local W9 = "4K4/9/9/9/9/9/9/1b2k2r1/+l+nsg1gs+n1 w 10p 1"
  local soft = {rules = "computer", declaration_loses = false}

  it("wins with 28 points for black and 27 for white, 10 pieces", function()
    local r = game(B28, soft):declare()
    assert.equal("declaration", r.reason)
    assert.equal("b", r.winner)
    assert.same({b = 28, w = 0}, r.points)
    assert.equal(10, r.camp_pieces.b)
    assert.equal(28, r.needed)
    assert.equal("Black wins by declaration: its king is in the enemy camp with 10 other pieces there, it is "
      .. "not in check, and it counts 28 points (28 needed).", r.text)
    r = game(W27, soft):declare()
    assert.equal("w", r.winner)
    assert.equal(27, r.points.w)
  end)

  it("one point or one piece short is refused, the game unchanged", function()
    local g = game(B27, soft)
    assert.equal("declaration refused: Black counts only 27 points (28 needed)", raised(g.declare, g))
    assert.is_nil(g:result())
    g = game(W26, soft)
    assert.equal("declaration refused: White counts only 26 points (27 needed)", raised(g.declare, g))
    g = game(B9, soft)
    assert.equal("declaration refused: Black has only 9 pieces besides the king in the enemy camp (10 needed)",
      raised(g.declare, g))
    g = game(W9, soft)
    assert.equal("declaration refused: White has only 9 pieces besides the king in the enemy camp (10 needed)",
      raised(g.declare, g))
    g = game("+L+NSG1GS+N+L/1R2K2B1/4g4/9/9/9/9/9/4k4 b 10P 1", soft)
    assert.equal("declaration refused: Black is in check", raised(g.declare, g))
    g = game("startpos", soft)
    assert.equal("declaration refused: Black's king is not in the enemy camp", raised(g.declare, g))
  end)

  it("a wrong declaration loses under the computer rules", function()
    local g = game(B27, {rules = "computer"})
    local r = g:declare()
    assert.equal("wrong-declaration", r.reason)
    assert.equal("w", r.winner)
    assert.equal("too-few-points", r.fault)
    assert.equal("White wins: Black declared a win but Black counts only 27 points (28 needed), and under these "
      .. "rules a wrong declaration loses.", r.text)
    assert.same(r, g:result())
  end)

  it("needs the rule", function()
    local g = game(B28)
    assert.equal("declaration refused: the rule set 'jsa' has no declaration rule (option declaration)",
      raised(g.declare, g))
  end)

  it("counts points with g:points", function()
    local g = game(B28)
    assert.same({28, 10}, {g:points("b", true)})
    assert.same({0, 0}, {g:points("w")})
    assert.same({27, 19}, {game():points("b")})
  end)
end)

describe("impasse count", function()
  local B23 = "R7B/4K4/9/9/lnsgbgsnl/lnsgrgsnl/9/4k4/9 b 13P 1"
  local B24 = "R7B/4K4/9/9/lnsgbgsnl/lnsgrgsnl/9/4k4/9 b 14P 1"

  it("under 24 loses, 24 draws", function()
    local r = game(B23):impasse()
    assert.equal("impasse-24", r.reason)
    assert.equal("w", r.winner)
    assert.same({b = 23, w = 26}, r.points)
    assert.equal("White wins the impasse count: both kings are in the enemy camp and Black has 23 points, fewer "
      .. "than 24 (White 26).", r.text)
    r = game(B24):impasse()
    assert.equal("draw", r.outcome)
    assert.same({b = 24, w = 26}, r.points)
    assert.equal("Draw by impasse: both kings are in the enemy camp and both sides have at least 24 points "
      .. "(Black 24, White 26).", r.text)
  end)

  it("needs both kings in the camps and the rule", function()
    local g = game("R7B/4K4/9/4k4/lnsgbgsnl/lnsgrgsnl/9/9/9 b 14P 1")
    assert.equal("impasse count refused: White's king is not in the enemy camp", raised(g.impasse, g))
    g = game(B24, {rules = "computer"})
    assert.equal("impasse count refused: the rule set 'computer' has no 24-point count (option impasse24)",
      raised(g.impasse, g))
    g = game(B24, {impasse_points = 25})
    assert.equal("b", g:impasse().loser)
  end)
end)

describe("custom end tests", function()
  local function other(side) return side == "b" and "w" or "b" end

  local promote_in_5 = {name = "promote within 5 moves", test = function(g)
    local moves = g:moves()
    for i, m in ipairs(moves) do
      if m:sub(-1) == "+" then
        local by = i % 2 == 1 and "b" or "w"
        return {winner = by, reason = "promotion",
          text = (by == "b" and "Black" or "White") .. " wins: it promoted a piece first."}
      end
    end
    if #moves >= 10 then return {winner = "w", reason = "no-promotion"} end
  end}

  it("promote a piece within 5 moves", function()
    local drill = rules.custom{name = "promotion drill", end_tests = {promote_in_5}}
    local g = game("startpos", {rules = drill})
    play(g, "7g7f 3c3d")
    assert.is_nil(g:result())
    g:play("8h2b+")
    local r = g:result()
    assert.same({outcome = "win", winner = "b", loser = "w", reason = "promotion", ply = 3, custom = true,
      text = "Black wins: it promoted a piece first."}, r)
    assert.equal("game over: Black wins: it promoted a piece first.", raised(g.play, g, "3a2b"))
    g = game("startpos", {rules = drill})
    play(g, "1g1f 1c1d 2g2f 2c2d 3g3f 3c3d 4g4f 4c4d 5g5f")
    assert.is_nil(g:result())
    g:play("5c5d")
    r = g:result()
    assert.equal("no-promotion", r.reason)
    assert.equal("White wins by a custom rule (no-promotion).", r.text)
    g:undo()
    assert.is_nil(g:result())
  end)

  it("reach the 27-point count", function()
    local test = function(g)
      for _, side in ipairs({"b", "w"}) do
        if g:points(side, true) >= 27 then
          return {winner = side, reason = "27-points", text = "27 points in the camp."}
        end
      end
    end
    local g = game("+L+NSG1GS+N+L/1R2K4/9/9/9/9/9/2B6/4k4 b 9P 1", {end_tests = {test}})
    g:play("7h2c")
    assert.equal("27-points", g:result().reason)
  end)

  it("check shogi: the first check wins", function()
    local check_shogi = rules.custom{name = "check shogi", end_tests = {function(g)
      if g:in_check() then
        return {winner = other(g:side()), reason = "check", text = "The first check wins."}
      end
    end}}
    local g = game("4k4/9/9/9/9/9/9/9/4K4 b R 1", {rules = check_shogi})
    g:play("R*5e")
    assert.equal("b", g:result().winner)
    assert.equal("check", g:rules().end_tests[1].name ~= nil and g:result().reason)
    g = game("startpos", {rules = check_shogi})
    play(g, "7g7f 3c3d 8h2b+")
    assert.is_nil(g:result())
  end)

  it("king to 5a wins", function()
    local g = game("k8/9/4K4/9/9/9/9/9/9 b - 1", {end_tests = {function(g)
      if g:at("5a") == "K" then return {winner = "b", reason = "king-to-5a"} end
    end}})
    g:play("5c5b")
    assert.is_nil(g:result())
    g:play("9a9b")
    g:play("5b5a")
    assert.equal("Black wins by a custom rule (king-to-5a).", g:result().text)
  end)

  it("are asked again on request by result()", function()
    local g = game("startpos", {end_tests = {function(g)
      if g:info().stop then return {outcome = "draw", reason = "stopped"} end
    end}})
    g:play("7g7f")
    assert.is_nil(g:result())
    g:info().stop = true
    assert.equal("Draw by a custom rule (stopped).", g:result().text)
    assert.equal("game over: Draw by a custom rule (stopped).", raised(g.play, g, "3c3d"))
  end)

  it("an error in a test is reported with a traceback and the move taken back", function()
    local g = game("startpos", {end_tests = {{name = "faulty", test = function() error("boom") end}}})
    local msg = raised(g.play, g, "7g7f")
    assert.matches("^end test 'faulty' failed: .*boom\nstack traceback:", msg)
    assert.equal(0, g:ply())
    assert.matches("^end test 'faulty' failed: .*boom", raised(g.result, g))
    g = game("startpos", {end_tests = {function(self) self:undo() end}})
    assert.matches("^end test 'end test 1' failed: .*a game cannot change while its end tests run",
      raised(g.play, g, "7g7f"))
    assert.equal(0, g:ply())
  end)

  it("a bad verdict is an error", function()
    local cases = {
      {5, "it must return nil or a verdict table"},
      {{winner = "x"}, "its verdict's winner must be \"b\", \"w\" or nil"},
      {{outcome = "lose"}, "its verdict's outcome must be \"win\" or \"draw\""},
      {{outcome = "win"}, "a winning verdict needs a winner (\"b\" or \"w\")"},
      {{outcome = "draw", winner = "b"}, "a drawn verdict cannot have a winner"},
      {{winner = "b", reason = 3}, "its verdict's reason must be a string"},
      {{winner = "b", text = 3}, "its verdict's text must be a string"},
    }
    for _, case in ipairs(cases) do
      local g = game("startpos", {end_tests = {function() return case[1] end}})
      assert.equal("end test 'end test 1' returned a bad verdict: " .. case[2], raised(g.play, g, "7g7f"))
      assert.equal(0, g:ply())
    end
  end)

  it("the game's end tests are listed by g:rules()", function()
    local f = function() end
    local r = game("startpos", {end_tests = {f, {name = "n", test = f}}}):rules()
    assert.equal(2, #r.end_tests)
    assert.equal("end test 1", r.end_tests[1].name)
    assert.equal("n", r.end_tests[2].name)
    assert.equal(f, r.end_tests[2].test)
  end)
end)

describe("agrees with the endings of server records (tests/data/records)", function()
  -- each record read, then its moves replayed on a fresh game under the computer rules
  local function replay(file)
    local rec = assert(shogi.read("tests/data/records/" .. file))
    local g = game(rec:start(), {rules = "computer"})
    for _, m in ipairs(rec:moves()) do g:play(m) end
    return g
  end

  it("sennichite: the start position the 4th time after move 12 is a draw", function()
    local r = replay("sh__e2e05-sennichite.kifu"):result()
    assert.equal("sennichite", r.reason)
    assert.equal(12, r.ply)
    assert.same({0, 4, 8, 12}, r.cycle.plies)
  end)

  it("oute-sennichite: black checked every move and loses", function()
    local r = replay("sh__e2e06-oute-sennichite-black.kifu"):result()
    assert.equal("perpetual-check", r.reason)
    assert.equal("w", r.winner)
    assert.equal(12, r.ply)
  end)

  it("nyugyoku: gote declares with 28 points and 12 pieces and wins", function()
    local r = replay("sh__e2e03-nyugyoku-kachi.kifu"):declare()
    assert.equal("declaration", r.reason)
    assert.equal("w", r.winner)
    assert.equal(28, r.points.w)
    assert.equal(12, r.camp_pieces.w)
  end)
end)
