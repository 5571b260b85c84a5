-- Positions: shogi.core.position, the position methods, and shogi.position.
-- Run: busted --lua=lua5.4 tests/lua/position_spec.lua (with the in-place paths).
local core = require "shogi.core"
local shogi = require "shogi"

local START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
local SHO_START = "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1"

local function pos(sfen, variant)
  return assert(core.position(sfen, variant))
end

-- the message of an error raised by f(...), without any "file:line:" prefix
local function raised(f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error")
  return (tostring(err):gsub("^[^:]*:%d+: ", ""))
end

local function sorted(t)
  table.sort(t)
  return t
end

describe("core.position", function()
  it("reads startpos, SFEN with and without 'sfen ', and the ply", function()
    assert.equal(START, pos("startpos"):sfen())
    assert.equal(START, pos(START):sfen())
    assert.equal(START, pos("sfen " .. START):sfen())
    assert.equal(1, pos((START:gsub(" 1$", ""))):ply())
    assert.equal(37, pos((START:gsub(" 1$", " 37"))):ply())
  end)

  it("reads the Sho start for variant sho, by name or option table", function()
    assert.equal(SHO_START, pos("startpos", "sho"):sfen())
    assert.equal(SHO_START, pos("startpos", {variant = "sho"}):sfen())
    assert.equal("sho", pos("startpos", "sho"):variant())
    assert.equal("standard", pos("startpos", "standard"):variant())
  end)

  it("copies a position given instead of text", function()
    local p = pos("startpos")
    local q = core.position(p)
    assert.equal(p, q)
    assert.is_false(rawequal(p, q))
  end)

  it("raises on misuse", function()
    assert.matches("bad argument #1 to .*%(SFEN string or position expected, got number%)",
      raised(core.position, 42))
    assert.matches("unknown variant 'chess' %(\"standard\" or \"sho\"%)", raised(core.position, "startpos", "chess"))
    assert.matches("option 'variant' must be a string", raised(core.position, "startpos", {variant = 1}))
    assert.matches("variant name or options table expected", raised(core.position, "startpos", 1))
  end)

  -- every class of SFEN error: nil and "sfen:1:COL: message", never an error
  local S = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"
  local K = "4k4/9/9/9/9/9/9/9/4K4"
  local SFEN_ERRORS = {
    {"", "sfen:1:1: empty SFEN"},
    {S .. " b - 1 extra", "sfen:1:64: unexpected text after the SFEN"},
    {S:sub(1, -2) .. " b - 1", "sfen:1:57: rank i has 8 squares, expected 9"},
    {S:sub(1, 47) .. " b - 1", "sfen:1:48: board has 8 ranks, expected 9"},
    {S .. "/9 b - 1", "sfen:1:58: board has more than 9 ranks"},
    {S:gsub("1B5R1", "1B5R2") .. " b - 1", "sfen:1:47: rank h has more than 9 squares"},
    {S:gsub("1B5R1", "1B4RR1") .. " b - 1", "sfen:1:47: too many rooks: 3 (the set has 2)"},
    {S:sub(1, -2) .. "x b - 1", "sfen:1:57: unknown piece letter 'x'"},
    {S:sub(1, -2) .. "+ b - 1", "sfen:1:58: '+' must be followed by a piece letter"},
    {S:gsub("LNSGKGSNL", "LNSG+KGSNL") .. " b - 1", "sfen:1:53: a king cannot be promoted"},
    {S .. " x - 1", "sfen:1:59: side to move must be 'b' or 'w'"},
    {S, "sfen:1:58: expected a space and the side to move"},
    {S .. " b", "sfen:1:60: expected a space and the pieces in hand ('-' for none)"},
    {S .. " b  1", "sfen:1:63: count without a piece letter in hand"}, -- doubled spaces are one separator
    {K .. " b 0P 1", "sfen:1:25: bad count in hand"},
    {K .. " b +P 1", "sfen:1:25: pieces in hand are never promoted"},
    {K .. " b K 1", "sfen:1:25: 'K' cannot be in hand"},
    {K .. " b e 1", "sfen:1:25: 'e' cannot be in hand"},
    {K .. " b 2 1", "sfen:1:26: count without a piece letter in hand"},
    {K .. " b PP 1", "sfen:1:26: black pawn listed twice in hand"},
    {K .. " b 19P 1", "sfen:1:25: too many pawns: 19 (the set has 18)"},
    {K .. " b - x", "sfen:1:27: move number must be a positive integer"},
    {K .. " b - 0", "sfen:1:27: move number must be a positive integer"},
    {K .. " b - 1 x", "sfen:1:28: unexpected text after the SFEN"},
    {"sfen " .. K .. " b - 1x", "sfen:1:33: unexpected text after the SFEN"},
    {"4k4/9/9/9/9/9/9/9/4K3K b - 1", "sfen:1:22: two black kings"},
    {K .. " b 5G 1", "sfen:1:25: too many golds: 5 (the set has 4)"},
    {"4k4/4R4/9/9/9/9/9/9/4K4 b - 1", "sfen:1:25: the side not to move (white) is in check"},
    {"P3k4/9/9/9/9/9/9/9/4K4 b - 1", "sfen:1:1: black pawn on 9a can never move"},
    {"4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1", "sfen:1:18: two unpromoted black pawns on file 5 (nifu)"},
    {"4k4/9/9/9/9/9/9/9/4KE3 b - 1", "sfen:1:21: unknown piece letter 'E' (the drunken elephant is Sho shogi's: read the SFEN as variant sho)"},
    {K .. " b P 1", "sfen:1:25: sho has no pieces in hand", "sho"},
    {"4k4/9/9/9/9/9/9/9/K3K4 b - 1", "sfen:1:21: two black kings", "sho"},
    {K .. " b - 1\0x", "sfen:1:28: unexpected zero byte"},
  }
  for _, row in ipairs(SFEN_ERRORS) do
    it("returns nil, msg for " .. row[2], function()
      local ok, p, msg = pcall(core.position, row[1], row[3])
      assert.is_true(ok)
      assert.is_nil(p)
      assert.equal(row[2], msg)
    end)
  end
end)

describe("core.reasons", function()
  it("maps every reason id to its sentence", function()
    local ids = {}
    for id, sentence in pairs(core.reasons) do
      ids[#ids + 1] = id
      assert.equal("string", type(sentence))
    end
    assert.same(sorted {"malformed", "game-over", "no-piece", "not-your-piece", "wrong-piece", "not-in-hand",
      "no-drops", "cannot-reach", "path-blocked", "own-piece", "occupied", "nifu", "uchifuzume",
      "dead-square", "must-promote", "cannot-promote", "leaves-king-in-check"}, sorted(ids))
    assert.equal("the move leaves the king in check", core.reasons["leaves-king-in-check"])
  end)
end)

describe("position queries", function()
  local p = pos("startpos")

  it("sfen, tostring, variant, side, ply", function()
    assert.equal(START, p:sfen())
    assert.equal(START, tostring(p))
    assert.equal("standard", p:variant())
    assert.equal("b", p:side())
    assert.equal(1, p:ply())
    local q = p:after("7g7f")
    assert.equal("w", q:side())
    assert.equal(2, q:ply())
  end)

  it("at", function()
    assert.equal("P", p:at("7g"))
    assert.equal("r", p:at("8b"))
    assert.equal("K", p:at("5i"))
    assert.is_nil(p:at("5e"))
    assert.equal("+R", pos("4k4/9/9/9/9/9/9/9/+R3K4 b - 1"):at("9i"))
    assert.equal("+e", pos("4k4/4+e4/9/9/9/9/9/9/4K4 b - 1", "sho"):at("5b"))
    assert.matches("bad square 'x9' %(like \"7g\": file 1%-9, rank a%-i%)", raised(p.at, p, "x9"))
    assert.matches("bad argument #2 to .*bad square '0a'", raised(p.at, p, "0a"))
    assert.matches("string expected, got no value", raised(p.at, p))
  end)

  it("hand", function()
    local q = pos("4k4/9/9/9/9/9/9/9/4K4 b R2P3g 1")
    assert.same({R = 1, B = 0, G = 0, S = 0, N = 0, L = 0, P = 2}, q:hand("b"))
    assert.same({R = 0, B = 0, G = 3, S = 0, N = 0, L = 0, P = 0}, q:hand("w"))
    assert.same(q:hand("b"), q:hand())
    assert.matches("bad side 'x' %(\"b\" or \"w\"%)", raised(q.hand, q, "x"))
  end)

  it("pieces", function()
    local q = pos("4k4/9/9/9/9/9/9/4p4/4K4 b - 1")
    assert.same({["5a"] = "k", ["5h"] = "p", ["5i"] = "K"}, q:pieces())
    assert.same({["5i"] = "K"}, q:pieces("b"))
    assert.same({["5a"] = "k", ["5h"] = "p"}, q:pieces("w"))
    local n = 0
    for _ in pairs(p:pieces()) do n = n + 1 end
    assert.equal(40, n)
    assert.matches("bad side 'white'", raised(q.pieces, q, "white"))
  end)

  it("raises when self is not a position", function()
    assert.matches("bad argument #1 to .*%(position expected, got string%)", raised(p.sfen, "x"))
    assert.matches("position expected, got no value", raised(p.legal_moves))
  end)
end)

describe("moves", function()
  local p = pos("startpos")

  it("legal_moves lists USI strings", function()
    local moves = p:legal_moves()
    assert.equal(30, #moves)
    local set = {}
    for _, m in ipairs(moves) do set[m] = true end
    assert.is_true(set["7g7f"] and set["2h7h"] and set["5i4h"])
    local q = pos("4k4/9/9/9/9/9/9/9/4K4 b P 1")
    local drops = 0
    for _, m in ipairs(q:legal_moves()) do if m:match("^P%*") then drops = drops + 1 end end
    assert.equal(79 - 8, drops) -- every empty square but the 8 empty ones of rank a
  end)

  it("is_legal says true for a legal move, integer moves too", function()
    assert.is_true(p:is_legal("7g7f"))
    local to, from = (7 - 1) * 9 + 5, (7 - 1) * 9 + 6 -- 7f, 7g
    assert.is_true(p:is_legal(to | from << 7 | 1 << 16))
    assert.equal("wrong-piece", select(3, p:is_legal(to | from << 7 | 2 << 16)))
    assert.equal("malformed", select(3, p:is_legal(1 << 25)))
    assert.equal("malformed", select(3, p:is_legal(-1)))
    assert.matches("a move number must be an integer", raised(p.is_legal, p, 1.5))
  end)

  -- one row per reason: position, move, reason id
  local MATE_DROP = "8k/6G2/7S1/9/9/9/9/9/4K4 b P 1" -- P*1b mates: gold 3b and silver 2c
  local DROPS = "4k4/9/9/9/9/9/9/9/4K4 b PNL 1"
  local PINNED = "4r3k/9/9/9/9/9/9/4G4/4K4 b - 1"
  local REASONS = {
    {START, "3c3d", "not-your-piece"},
    {START, "5e5d", "no-piece"},
    {START, "P*5e", "not-in-hand"},
    {START, "7g7e", "cannot-reach"},
    {START, "2h2c", "path-blocked"},
    {START, "2h2g", "own-piece"},
    {START, "7g7f+", "cannot-promote"},
    {START, "5i5h+", "cannot-promote"},
    {"4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*5i", "occupied"},
    {"4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e", "nifu"},
    {MATE_DROP, "P*1b", "uchifuzume"},
    {DROPS, "P*1a", "dead-square"},
    {DROPS, "L*1a", "dead-square"},
    {DROPS, "N*1b", "dead-square"},
    {"k8/4P4/9/9/9/9/9/9/4K4 b - 1", "5b5a", "must-promote"},
    {PINNED, "5h4h", "leaves-king-in-check"},
    {"4r3k/9/9/9/9/9/9/9/3K5 b - 1", "6i5i", "leaves-king-in-check"},
    {SHO_START, "P*5e", "no-drops", "sho"},
    {"4k4/9/9/9/9/9/4P4/9/9 b - 1", "5g5f", "game-over", "sho"},
  }
  for _, row in ipairs(REASONS) do
    local sfen, move, id, variant = row[1], row[2], row[3], row[4]
    it(("refuses %s with %s"):format(move, id), function()
      local q = pos(sfen, variant or nil)
      local ok, sentence, rid = q:is_legal(move)
      assert.is_false(ok)
      assert.equal(id, rid)
      assert.equal(core.reasons[id], sentence)
      local before = q:sfen()
      local turn = id == "not-your-piece"
        and (q:side() == "b" and ": it is Black's (sente's) turn to move" or ": it is White's (gote's) turn to move")
      assert.equal("illegal move " .. move .. ": " .. core.reasons[id] .. (turn or ""), raised(q.after, q, move))
      assert.equal(before, q:sfen())
    end)
  end

  it("accepts the moves next to the refused ones", function()
    assert.is_true(pos("4k4/9/9/9/9/9/9/9/4K4 b P 1"):is_legal("P*5e"))
    assert.is_true(pos("8k/6G2/9/9/9/9/9/9/4K4 b P 1"):is_legal("P*1b")) -- not mate: the king takes
    assert.is_true(pos("k8/4P4/9/9/9/9/9/9/4K4 b - 1"):is_legal("5b5a+"))
    assert.is_true(pos(PINNED):is_legal("5h5g"))
    assert.is_true(pos(DROPS):is_legal("N*1c"))
    assert.is_true(pos(SHO_START, "sho"):is_legal("7g7f"))
  end)

  it("raises a clear error for text that is no move", function()
    for _, text in ipairs {"xyz", "7g7f++", "7g", "", "7g7f7e"} do
      local msg = raised(p.is_legal, p, text)
      local quoted = "'" .. text:gsub("%+", "%%+") .. "'"
      if text ~= "" then assert.matches(quoted, msg) end
      assert.is_nil(msg:find(quoted .. ".*" .. quoted), "the text is named once: " .. msg)
    end
    assert.equal("not a move 'xyz' (write it like 7g7f, P-7f, +7776FU or ７六歩)", raised(p.is_legal, p, "xyz"))
    assert.equal("bad from square: '0g7f' is not a USI move", raised(p.is_legal, p, "0g7f"))
    assert.equal("bad destination square: '7g7j' is not a USI move", raised(p.after, p, "7g7j"))
    assert.equal("a drop starts with one of P L N S G B R: 'K*5e' is not a USI move", raised(p.after, p, "K*5e"))
    assert.matches("move %(a USI string like \"7g7f\"%) expected, got table", raised(p.after, p, {}))
    assert.matches("move %(a USI string like \"7g7f\"%) expected, got no value", raised(p.is_legal, p))
  end)

  it("reads moves in any notation through the core's parser", function()
    assert.equal("P", p:after("P-7f"):at("7f"))
    assert.equal("P", p:after("▲７六歩"):at("7f"))
    assert.equal("P", p:after("+7776FU"):at("7f"))
    local ok, msg = pcall(p.is_legal, p, "zz")
    assert.is_false(ok)
    assert.matches("^not a move 'zz' ", msg)
  end)

  it("after returns a new position and leaves the original unchanged", function()
    local q = p:after("7g7f")
    assert.equal(START, p:sfen())
    assert.equal("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", q:sfen())
    assert.equal("P", q:at("7f"))
    assert.is_nil(q:at("7g"))
    local r = q:after("3c3d"):after("8h2b+")
    assert.equal("+B", r:at("2b"))
    assert.same({R = 0, B = 1, G = 0, S = 0, N = 0, L = 0, P = 0}, r:hand("b"))
    assert.equal(1, r:after("3a2b"):hand("w").B)
    assert.equal("lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5",
      r:after("3a2b"):sfen())
  end)

  it("after takes a drop", function()
    local q = pos("4k4/9/9/9/9/9/9/9/4K4 b 2P 1"):after("P*5e")
    assert.equal("P", q:at("5e"))
    assert.equal(1, q:hand("b").P)
  end)
end)

describe("checks", function()
  local CHECK = "4k4/9/9/9/9/9/9/4r4/4K4 b - 1"

  it("in_check and checkers", function()
    assert.is_false(pos("startpos"):in_check())
    assert.same({}, pos("startpos"):checkers())
    local q = pos(CHECK)
    assert.is_true(q:in_check())
    assert.same({"5h"}, q:checkers())
    local two = pos("4k4/9/9/9/9/9/3n5/4r4/4K4 b - 1")
    assert.same({"5h", "6g"}, sorted(two:checkers()))
  end)

  it("gives_check, and raises for an illegal move", function()
    local q = pos("4k4/9/9/9/9/9/9/9/4K4 b G 1")
    assert.is_true(q:gives_check("G*5b"))
    assert.is_false(q:gives_check("G*5c"))
    assert.equal("illegal move G*5a: a piece may only be dropped on an empty square",
      raised(q.gives_check, q, "G*5a"))
  end)

  it("is_mate", function()
    assert.is_false(pos("startpos"):is_mate())
    assert.is_true(pos("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1"):is_mate())
    assert.is_false(pos(CHECK):is_mate())
  end)

  it("checks lists the checking moves", function()
    local q = pos("4k4/9/9/9/9/9/9/9/4K4 b G 1")
    assert.same({"G*4a", "G*4b", "G*5b", "G*6a", "G*6b"}, sorted(q:checks()))
    assert.same({}, pos("startpos"):checks())
  end)

  it("attackers", function()
    local q = pos("startpos")
    assert.same({"7g"}, q:attackers("7f", "b"))
    assert.same({"2h", "5i", "6i", "7i"}, sorted(q:attackers("6h", "b")))
    assert.same({}, q:attackers("5e", "w"))
    assert.same({"4a", "5a", "6a", "8b"}, sorted(q:attackers("5b", "w")))
    assert.same(q:attackers("6h"), q:attackers("6h", "b"))
    assert.matches("bad side 'x'", raised(q.attackers, q, "5e", "x"))
    assert.matches("bad square '55'", raised(q.attackers, q, "55", "b"))
  end)
end)

describe("perft", function()
  it("counts startpos to depth 3, bulk or not", function()
    local p = pos("startpos")
    assert.equal(1, p:perft(0))
    assert.equal(30, p:perft(1))
    assert.equal(900, p:perft(2))
    assert.equal(25470, p:perft(3))
    assert.equal(25470, p:perft(3, {bulk = false}))
  end)

  it("counts the Sho start", function()
    local p = pos("startpos", "sho")
    assert.equal(26, p:perft(1))
    assert.equal(676, p:perft(2))
    assert.equal(17368, p:perft(3))
  end)

  it("divides", function()
    local d = pos("startpos"):perft(2, {divide = true})
    local n, total = 0, 0
    for m, c in pairs(d) do
      n, total = n + 1, total + c
      assert.equal(30, c, m)
    end
    assert.equal(30, n)
    assert.equal(900, total)
    assert.same({}, pos("startpos"):perft(0, {divide = true}))
  end)

  it("raises on a bad depth or options", function()
    local p = pos("startpos")
    assert.matches("depth must be between 0 and 64", raised(p.perft, p, -1))
    assert.matches("number expected, got no value", raised(p.perft, p))
    assert.matches("table expected, got string", raised(p.perft, p, 1, "bulk"))
  end)
end)

describe("keys and equality", function()
  it("equal positions reached by different paths, ply ignored", function()
    local a = pos("startpos"):after("7g7f"):after("3c3d"):after("2g2f")
    local b = pos("startpos"):after("2g2f"):after("3c3d"):after("7g7f")
    assert.equal(a, b)
    assert.equal(a:key(), b:key())
    assert.equal(a:board_key(), b:board_key())
    assert.equal(pos(START), pos((START:gsub(" 1$", " 99"))))
  end)

  it("differs by side, hands, variant, board", function()
    local a = pos("4k4/9/9/9/9/9/9/9/4K4 b P 1")
    local b = pos("4k4/9/9/9/9/9/9/9/4K4 w P 1")
    local c = pos("4k4/9/9/9/9/9/9/9/4K4 b p 1")
    assert.are_not.equal(a, b)
    assert.are_not.equal(a, c)
    assert.are_not.equal(a:key(), c:key())
    assert.equal(a:board_key(), c:board_key())
    assert.are_not.equal(a:key(), b:key())
    assert.are_not.equal(pos("startpos"), pos("startpos"):after("7g7f"))
    local s = pos("4k4/9/9/9/9/9/9/9/4K4 b - 1")
    assert.are_not.equal(s, pos("4k4/9/9/9/9/9/9/9/4K4 b - 1", "sho"))
    assert.is_false(s == "4k4/9/9/9/9/9/9/9/4K4 b - 1")
    assert.equal("number", math.type(s:key()) and "number")
    assert.equal("integer", math.type(s:key()))
  end)

  it("copy", function()
    local p = pos("startpos")
    local q = p:copy()
    assert.equal(p, q)
    assert.is_false(rawequal(p, q))
    assert.equal(p:sfen(), q:sfen())
  end)
end)

describe("games where positions are expected", function()
  if not core.game then return end
  local methods = getmetatable(core.position("startpos")).__index

  it("position methods read a game's current position", function()
    local g = core.game(pos("startpos"))
    g:play("7g7f")
    assert.equal("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", methods.sfen(g))
    assert.equal(30, #methods.legal_moves(g))
    assert.equal("P", methods.at(g, "7f"))
    local copy = core.position(g)
    assert.equal(pos("startpos"):after("7g7f"), copy)
    assert.equal(copy, shogi.position(g))
    assert.is_true(copy == g)
    assert.equal("w", methods.side(g))
  end)
end)

describe("shogi.position", function()
  it("takes startpos, sho, an SFEN, and copies a position", function()
    assert.equal(START, shogi.position("startpos"):sfen())
    assert.equal(SHO_START, shogi.position("sho"):sfen())
    assert.equal("sho", shogi.position("sho"):variant())
    assert.equal("sho", shogi.position("startpos", {variant = "sho"}):variant())
    assert.equal(START, shogi.position(START):sfen())
    local p = shogi.position("startpos")
    local q = shogi.position(p)
    assert.equal(p, q)
    assert.is_false(rawequal(p, q))
  end)

  it("looks handicap names up in shogi.handicaps", function()
    local handicaps = require "shogi.handicaps"
    local find = handicaps.find
    handicaps.find = function(name)
      if name == "test-handicap" then
        return {name = name, japanese = "テスト", kif = "テスト", sfen = "4k4/9/9/9/9/9/9/9/4K4 w - 1"}
      end
    end
    local p, msg = shogi.position("test-handicap")
    handicaps.find = find
    assert.is_nil(msg)
    assert.equal("4k4/9/9/9/9/9/9/9/4K4 w - 1", p:sfen())
  end)

  it("reads the real handicap names, English and Japanese", function()
    local h = require("shogi.handicaps").find("2-piece")
    if not h then return end -- the handicap table is not there yet
    local two = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    assert.equal(two, shogi.position("2-piece"):sfen())
    assert.equal(two, shogi.position("二枚落ち"):sfen())
  end)

  it("returns nil, msg for bad text", function()
    local p, msg = shogi.position("nonsense")
    assert.is_nil(p)
    assert.equal("sfen:1:1: not an SFEN, \"startpos\", \"sho\" or a handicap name: 'nonsense'", msg)
    p, msg = shogi.position("9/9 b - 1")
    assert.is_nil(p)
    assert.equal("sfen:1:4: board has 2 ranks, expected 9", msg)
  end)

  it("raises on misuse", function()
    assert.matches("bad argument #1 to 'position' %(SFEN, name or position expected, got nil%)",
      raised(shogi.position))
    assert.matches("options table expected, got string", raised(shogi.position, "startpos", "sho"))
    assert.matches("unknown variant 'chess'", raised(shogi.position, "startpos", {variant = "chess"}))
    assert.matches("the position is standard, not sho",
      raised(shogi.position, shogi.position("startpos"), {variant = "sho"}))
    assert.matches("\"sho\" is the Sho shogi start, not standard",
      raised(shogi.position, "sho", {variant = "standard"}))
  end)
end)
