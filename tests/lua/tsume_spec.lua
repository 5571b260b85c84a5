-- Tsume: shogi.solve, shogi.tsume.check / load / format / show, core.solve and
-- the tsume helpers, and every error message.
-- Run: busted --lua=lua5.4 tests/lua/tsume_spec.lua (with the in-place paths).
local core = require "shogi.core"
local shogi = require "shogi"
local tsume = require "shogi.tsume"

local HEAD_GOLD = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
local FUTILE = "8k/7pp/L3p1p2/RBB6/GGG6/GSS6/SSN6/NNN6/LLLR5 b 14p 1"
local DUALS = "9/9/9/9/9/7np/8k/8B/7LR b rb4g4s3n3l17p 1"
local MUSOU77 = "9/9/9/1+P1+B5/1p2S4/+pn7/1k2G4/s8/+l1L+p1+B3 b 3G2r2s3n2l14p 1"
local UCHIFUZUME = "kn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1"

local function raised(f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error")
  return (tostring(err):gsub("^[^:]*:%d+: ", ""))
end

local function tmpfile(text)
  local name = os.tmpname()
  local f = assert(io.open(name, "w"))
  f:write(text)
  f:close()
  return name
end

describe("shogi.solve", function()
  it("is shogi.tsume.solve, reachable from the shogi module", function()
    assert.equal(tsume.solve, shogi.solve)
    assert.equal(tsume, shogi.tsume)
  end)

  it("mates in 1 with the head gold", function()
    local r = shogi.solve(shogi.position(HEAD_GOLD))
    assert.equal("mate", r.status)
    assert.equal(1, r.length)
    assert.same({"G*5b"}, r.pv)
    assert.is_true(r.exact)
    assert.is_true(r.nodes > 0)
    assert.is_number(r.seconds)
    assert.equal(HEAD_GOLD, r.position)
  end)

  it("takes an SFEN, a position or a game", function()
    assert.equal(1, shogi.solve(HEAD_GOLD).length)
    local g = shogi.game(HEAD_GOLD)
    assert.equal(1, shogi.solve(g).length)
  end)

  it("finds the shortest mate and the main line without leftovers", function()
    local r = shogi.solve(DUALS)
    assert.equal(3, r.length)
    assert.same({"1h6c+", "L*1h", "6c2g"}, r.pv)
  end)

  it("solves an Edo-era problem", function()
    local r = shogi.solve(MUSOU77, {nodes = 5e6})
    assert.equal("mate", r.status)
    assert.equal(11, r.length)
    assert.equal(11, #r.pv)
  end)

  it("says nomate when the only mate is a pawn-drop mate", function()
    local r = shogi.solve(UCHIFUZUME)
    assert.equal("nomate", r.status)
    assert.is_nil(r.length)
    assert.is_nil(r.pv)
  end)

  it("counts futile interpositions only when asked", function()
    assert.equal(1, shogi.solve(FUTILE).length)
    assert.equal(1, shogi.solve(FUTILE, {futile = "jsa"}).length)
    local r = shogi.solve(FUTILE, {futile = "all"})
    assert.equal(3, r.length)
    assert.same({"6i6a+", "P*4a", "6a4a"}, r.pv)
  end)

  it("stops at a node limit with unknown", function()
    local r = shogi.solve("+B2B1n2K/7+R1/p2p1p1ps/3g2+r1k/1p3n3/4n1P+s1/PP7/1S6p/L7L b 3GS7Pn2l2p 1", {nodes = 100})
    assert.equal("unknown", r.status)
    assert.is_true(r.nodes >= 100)
  end)

  it("limits the length with max_length", function()
    assert.equal("nomate", shogi.solve(MUSOU77, {max_length = 9}).status)
    assert.equal(11, shogi.solve(MUSOU77, {max_length = 11}).length)
  end)

  it("fills the defender's hand on request", function()
    local r = shogi.solve("4k4/9/4P4/9/9/9/9/9/9 b G 1", {fill_hand = true})
    assert.equal(1, r.length)
  end)

  it("starts from the defender's reply when the attacker is not to move", function()
    local r = shogi.solve("4k4/4G4/4P4/9/9/9/9/9/9 w 2r2b3g4s4n4l17p 2", {attacker = "b"})
    assert.equal("mate", r.status)
    assert.equal(0, r.length)
  end)

  it("accepts every option", function()
    local r = shogi.solve(HEAD_GOLD, {nodes = 1000, time = 5, tt_mb = 4, futile = "all", max_length = 5,
      attacker = "b", fill_hand = false, shortest = false, pv = false})
    assert.equal("mate", r.status)
    assert.same({}, r.pv)
  end)

  it("returns nil and a message for a bad SFEN", function()
    local r, msg = shogi.solve("4k4/9/x")
    assert.is_nil(r)
    assert.matches("^sfen:1:%d+: ", msg)
  end)

  it("raises on misuse", function()
    assert.equal("bad argument #1 to 'solve' (position, game or SFEN expected, got number)", raised(shogi.solve, 5))
    assert.equal("bad argument #2 to 'solve' (options table expected, got string)",
      raised(shogi.solve, HEAD_GOLD, "fast"))
    assert.equal("bad argument #2 to 'solve' (unknown option 'depth')", raised(shogi.solve, HEAD_GOLD, {depth = 3}))
    assert.equal("bad argument #2 to 'solve' (option 'futile' must be \"jsa\", \"composer\" or \"all\")",
      raised(shogi.solve, HEAD_GOLD, {futile = "none"}))
    assert.equal("bad argument #2 to 'solve' (option 'nodes' must be a number >= 0)",
      raised(shogi.solve, HEAD_GOLD, {nodes = -1}))
    assert.equal("bad argument #2 to 'solve' (option 'tt_mb' must be a number >= 1)",
      raised(shogi.solve, HEAD_GOLD, {tt_mb = 0}))
    assert.equal("bad argument #2 to 'solve' (option 'tt_mb' is larger than 65536)",
      raised(shogi.solve, HEAD_GOLD, {tt_mb = 1e6}))
    assert.equal("bad argument #2 to 'solve' (option 'attacker' must be \"b\" or \"w\")",
      raised(shogi.solve, HEAD_GOLD, {attacker = "black"}))
  end)
end)

describe("core tsume helpers", function()
  it("lists the faults of a diagram", function()
    assert.same({}, core.tsume_faults(core.position(HEAD_GOLD)))
    assert.same({"the attacker is not to move", "the defender has 0 kings, a tsume needs one"},
      core.tsume_faults(core.position(HEAD_GOLD), "w"))
    local faults = core.tsume_faults(core.position("4k4/4G4/9/9/9/9/9/9/9 w 2r2b3g4s4n4l18p 1"), "b")
    assert.same({"the attacker is not to move", "the defender is already in check"}, faults)
  end)

  it("removes a piece into the defender's hand", function()
    local p = core.tsume_remove(core.position(HEAD_GOLD), "5c")
    assert.equal("4k4/9/9/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1", p:sfen())
    assert.is_nil(core.tsume_remove(core.position(HEAD_GOLD), "5a"))
    assert.is_nil(core.tsume_remove(core.position(HEAD_GOLD), "1a"))
    assert.equal("bad argument #2 to 'shogi.core.tsume_remove' (bad square 'x9')",
      raised(core.tsume_remove, core.position(HEAD_GOLD), "x9"))
  end)

  it("fills the defender's hand", function()
    assert.equal(HEAD_GOLD, core.tsume_fill(core.position("4k4/9/4P4/9/9/9/9/9/9 b G 1")):sfen())
  end)

  it("lists the evasions that count", function()
    local after = core.position(FUTILE):after("6i6a+")
    assert.same({}, core.tsume_evasions(after))
    assert.same({"P*4a"}, core.tsume_evasions(after, "all"))
    assert.matches("invalid option 'some'", raised(core.tsume_evasions, after, "some"))
  end)
end)

describe("shogi.tsume.check", function()
  it("reports a sound problem", function()
    local r = tsume.check{position = HEAD_GOLD, solution = "G*5b", title = "Head gold", author = "traditional"}
    assert.is_true(r.valid)
    assert.same({}, r.faults)
    assert.equal("mate", r.status)
    assert.equal(1, r.length)
    assert.equal(1, r.intended_length)
    assert.same({}, r.solution_faults)
    assert.same({"G*5b"}, r.main_line)
    assert.is_nil(r.leftover)
    assert.same({}, r.duals)
    assert.same({}, r.variations)
    assert.same({}, r.unneeded)
    assert.matches("^Head gold  %(traditional%)\n", r.text)
    assert.equal(r.text, tsume.format(r))
  end)

  it("finds duals, variations of the same length and leftovers", function()
    local r = tsume.check{position = DUALS, solution = {"1h6c+", "2f1h+", "1i1h"}}
    assert.equal(7, #r.duals)
    assert.same({ply = 1, move = "1h6c", length = 3, line = {"1h6c", "L*1h", "6c2g+"}, final = false}, r.duals[1])
    assert.is_true(r.duals[7].final)
    assert.equal("N", r.leftover)
    assert.equal(5, #r.variations)
    assert.same({ply = 2, move = "L*1h", kind = "same", length = 2, line = {"L*1h", "6c2g"}}, r.variations[1])
    -- the knight on 2f plays the intended 2f1h+: without it the line is gone, so it is needed
    assert.same({{square = "1f", piece = "p"}}, r.unneeded)
    assert.equal("cooked", r.verdict.kind)
    assert.is_false(r.verdict.sound)
  end)

  it("reads a Japanese solution with 同 (the previous move's destination)", function()
    local r = tsume.check{position = "4k4/9/4P4/9/9/9/9/9/8K b GS2r2b3g3s4n4l17p 1", solution = "▲４二銀打 △同　玉 ▲５二金打"}
    assert.same({"S*4b", "5a4b", "G*5b"}, r.intended_line)
  end)

  it("takes the stipulated length of a diagram without moves (length =, 手数, N手詰 in the title)", function()
    local r = tsume.check{position = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", length = 3}
    assert.equal("wrong-length", r.verdict.kind)
    assert.matches("stipulated: mate in 3", r.text, 1, true)
    assert.is_true(tsume.check{position = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", length = 1}.verdict.sound)
    local _, msg = tsume.load{position = "9/9/9/9/9/9/9/9/9 b - 1", length = 0}
    assert.matches("'length' must be a whole number of moves", msg)
  end)

  it("checks the intended solution", function()
    local r = tsume.check{position = DUALS, solution = "1h6c+ 2f1h+"}
    assert.same({"the intended line does not end in mate",
      "the defence can last 3 moves, longer than the intended 2: 1h6c+ L*1h 6c2g"}, r.solution_faults)
    r = tsume.check{position = HEAD_GOLD, solution = "G*5a"}
    assert.same({"move 1 (G*5a) is not legal: a piece may only be dropped on an empty square"}, r.solution_faults)
  end)

  it("reports the futile interposition convention and the diagram's faults", function()
    local r = tsume.check({position = FUTILE, solution = "6i6a+"}, {pieces = false})
    assert.equal(1, r.length)
    r = tsume.check({position = FUTILE, solution = "6i6a+ P*4a 6a4a"}, {futile = "all", pieces = false})
    assert.equal(3, r.length)
    assert.same({}, r.solution_faults)
    r = tsume.check{position = "4k4/9/4P4/9/9/9/9/9/9 w G2r2b3g4s4n4l17p 1", attacker = "b"}
    assert.is_false(r.valid)
    assert.same({"the attacker is not to move", "no mate"}, r.faults)
  end)

  it("says when the futile-interposition rules disagree on the length", function()
    -- the February 1967 problem (tests/data/records/jkf__kobayashi_kinsho196702.ki2)
    -- seven plies from its end: its last drop, P*8b next to the king and the
    -- checker, counts under jsa and is futile for the composers
    local K67 = "k8/r3l4/2n2ln2/2+B1pp2p/3l4n/2lp5/6p2/9/7+p1 b Rb4g4sn12p 43"
    assert.equal(9, shogi.solve(K67).length)
    assert.equal(7, shogi.solve(K67, {futile = "composer"}).length)
    assert.equal(9, shogi.solve(K67, {futile = "all"}).length)
    local r = tsume.check({position = K67, solution = "7d7c 9a8a N*9c 9b9c R*8b 8a9a 8b8c+"},
      {futile = "composer", pieces = false})
    assert.equal(7, r.length)
    assert.same({}, r.solution_faults)
    assert.equal("9 moves under the jsa rule, 7 under the composers' rule", tsume.rules_disagree(r))
    assert.truthy(r.text:find("\nfutile interpositions: the rules disagree: 9 moves under the jsa rule, "
      .. "7 under the composers' rule\n", 1, true))
    r = tsume.check({position = K67, solution = "7d7c 9a8a N*9c 9b9c R*8b 8a9a 8b8c+"}, {pieces = false})
    assert.equal(9, r.length)
    assert.same({"the intended line does not end in mate", "the defence can last 9 moves, longer than the "
      .. "intended 7: 7d7c 9a8a N*9c 9b9c R*8b 8a9a 8b8c+ P*8b 7c8b (7 under the composers' rule: "
      .. 'futile = "composer")'}, r.solution_faults)
    -- the rules agree: no line
    r = tsume.check({position = FUTILE}, {pieces = false})
    assert.is_nil(tsume.rules_disagree(r))
    assert.falsy(r.text:find("rules disagree", 1, true))
    assert.equal(0, #core.tsume_evasions(shogi.position(
      "k8/4l4/r+R+B2ln2/4pp2p/3l4n/2lp5/6p2/9/7+p1 w b4g4s2n12p 50"), "composer"))
  end)

  it("reads a problem file", function()
    local name = tmpfile('return {position = "' .. HEAD_GOLD .. '", solution = "G*5b", title = "t"}\n')
    local r = tsume.check(name)
    os.remove(name)
    assert.equal(1, r.length)
    assert.equal("t", r.title)
  end)

  it("returns nil and a message for bad problems", function()
    local r, msg = tsume.check("/nonexistent/p.lua")
    assert.is_nil(r)
    assert.equal("/nonexistent/p.lua:1:1: cannot open the problem file", msg)
    local name = tmpfile("return {position = \n")
    r, msg = tsume.check(name)
    os.remove(name)
    assert.is_nil(r)
    assert.matches(":2: unexpected symbol near <eof>", msg, 1, true)
    name = tmpfile("return 5\n")
    r, msg = tsume.check(name)
    os.remove(name)
    assert.is_nil(r)
    assert.equal(name .. ":1:1: a problem file must return a table", msg)
    name = tmpfile("return {position = 1 + nil}\n")
    r, msg = tsume.check(name)
    os.remove(name)
    assert.is_nil(r)
    assert.matches(":1: attempt to perform arithmetic on a nil value", msg, 1, true)
    r, msg = tsume.check{title = "no position"}
    assert.is_nil(r)
    assert.equal("problem:1:1: the problem has no 'position' (an SFEN)", msg)
    r, msg = tsume.check{position = HEAD_GOLD, colour = "red"}
    assert.is_nil(r)
    assert.equal("problem:1:1: unknown problem field 'colour'", msg)
    r, msg = tsume.check{position = HEAD_GOLD, solution = 5}
    assert.is_nil(r)
    assert.equal("problem:1:1: 'solution' must be a list of moves or a string of moves", msg)
    r, msg = tsume.check{position = "4k4/x"}
    assert.is_nil(r)
    assert.matches("^problem: sfen:1:%d+: ", msg)
  end)

  it("raises on misuse", function()
    assert.equal("bad argument #1 to 'load' (problem table or file name expected, got number)", raised(tsume.check, 5))
    assert.equal("bad argument #2 to 'check' (options table expected, got number)", raised(tsume.check, {}, 5))
    assert.equal("bad argument #2 to 'check' (unknown option 'depth')",
      raised(tsume.check, {position = HEAD_GOLD}, {depth = 1}))
    assert.equal("bad argument #1 to 'format' (report table expected, got nil)", raised(tsume.format))
  end)
end)

describe("shogi.tsume.load", function()
  it("splits a solution string and keeps the fields", function()
    local p = tsume.load{position = HEAD_GOLD, solution = "G*5b", title = "t", author = "a", notes = "n"}
    assert.same({"G*5b"}, p.solution)
    assert.equal("t", p.title)
    assert.equal("a", p.author)
    assert.equal("n", p.notes)
  end)

  it("runs a file with no access to globals", function()
    local name = tmpfile("return {position = os and 'x' or '" .. HEAD_GOLD .. "'}\n")
    local p = tsume.load(name)
    os.remove(name)
    assert.equal(HEAD_GOLD, p.position)
  end)
end)

describe("shogi.tsume.record", function()
  it("writes the checked line as KIF, variations and duals as branches, the report a comment", function()
    local r = tsume.check("examples/tsume/dual.lua")
    local text = assert(tsume.record(r))
    assert.matches("表題：Duals everywhere", text, 1, true)
    assert.matches("\n%*verdict: cooked at move 1", text)
    local n = 0
    for _ in text:gmatch("\n変化：") do n = n + 1 end
    assert.equal(12, n)
    local g = assert(shogi.read(text, "kif"))
    assert.same({"1h6c+", "2f1h+", "1i1h"}, g:moves())
    assert.equal(12, #g:info().branches)
    assert.matches("^#KI2", assert(tsume.record(r, "ki2")))
  end)

  it("says when there is no line", function()
    local r = tsume.check{position = "ln7/1k1+P5/1pp1S4/p8/9/2P6/9/9/9 b GN2r2b3g3s2n3l13p 1"}
    local text, msg = tsume.record(r)
    assert.is_nil(text)
    assert.equal("the report has no line to write (nomate)", msg)
  end)
end)

describe("shogi.tsume.show", function()
  it("plays the main line move by move", function()
    local text = tsume.show(shogi.solve(HEAD_GOLD))
    assert.matches("1%. G%*5b", text)
    local rep = tsume.check{position = DUALS, solution = "1h6c+ 2f1h+ 1i1h"}
    text = tsume.show(rep, rep.duals[1].line)
    assert.matches("3%. 6c2g%+", text)
  end)

  it("names a recapture 同 (the previous move's destination)", function()
    local text = tsume.show({position = "4k4/9/4P4/9/9/9/9/9/8K b GS 1"}, {"S*4b", "5a4b", "G*5b"})
    assert.matches("2%. 5a4b  △同　玉", text)
    assert.matches("3%. G%*5b  ▲５二金", text)
  end)

  it("raises on misuse", function()
    assert.equal("bad argument #1 to 'show' (a solve result or a report expected)", raised(tsume.show, 5))
    assert.equal("bad argument #2 to 'show' (list of moves expected)",
      raised(tsume.show, shogi.solve(HEAD_GOLD), "G*5b"))
  end)
end)
