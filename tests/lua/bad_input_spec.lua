-- The table of docs/BAD_INPUT.md, row by row: each kind of bad input, the exact
-- message the user gets, and that nothing changed (the position or game the
-- input was given to is as it was; a reader gives no game, or the game so far).
-- Run: busted --lua=lua5.4 tests/lua/bad_input_spec.lua (with the in-place paths).
local shogi = require "shogi"
local tsume = require "shogi.tsume"

local START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
local AFTER_76 = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
local KIF_HEAD = "手合割：平手\n手数----指手---------消費時間--\n"

local function tmpfile(text)
  local name = os.tmpname()
  local f = assert(io.open(name, "wb"))
  f:write(text)
  f:close()
  return name
end

-- a position's parse_move, with the position checked unchanged afterwards
local function parse(text, notation)
  return function()
    local pos = shogi.position("startpos")
    local m, msg = pos:parse_move(text, notation)
    assert.equal(START, pos:sfen())
    return m, msg
  end
end

local function read(text, format, opts)
  return function() return shogi.read(text, format, opts) end
end

-- {row id (docs/BAD_INPUT.md), function -> value, msg [, partial], message, sfen of the partial game or nil}
local ROWS = {
  {"sfen-rank", function() return shogi.position("lnsgkgsnl/1r5b/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1") end,
    "sfen:1:15: rank b has 8 squares, expected 9"},
  {"sfen-side", function() return shogi.position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1") end,
    "sfen:1:59: side to move must be 'b' or 'w'"},
  {"sfen-huge-hand", function() return shogi.position("9/9/9/9/9/9/9/9/9 b 99999999999999999999P 1") end,
    "sfen:1:21: bad count in hand"},
  {"sfen-huge-ply", function() return shogi.position((START:gsub(" 1$", " 99999999999999999999"))) end,
    "sfen:1:63: move number must be a positive integer"},
  {"sfen-binary", function() return shogi.position("\0\1\2/\255") end, "sfen:1:1: unexpected zero byte"},
  {"sfen-name", function() return shogi.position("") end,
    "sfen:1:1: not an SFEN, \"startpos\", \"sho\" or a handicap name: ''"},
  {"move-usi", parse("7g7e", "usi"), "illegal move '7g7e': the piece cannot move that way"},
  {"move-csa", parse("+7775FU", "csa"), "illegal move '+7775FU' (7g7e): the piece cannot move that way"},
  {"move-western", parse("P-7e", "western"), "no legal move matches 'P-7e'"},
  {"move-japanese", parse("▲７五歩", "japanese"), "no legal move matches '▲７五歩'"},
  {"move-kif", parse("７五歩(77)", "kif"), "illegal move '７五歩(77)' (7g7e): the piece cannot move that way"},
  {"move-binary", parse("\1\2zz"), "not a move '\\x01\\x02zz' (write it like 7g7f, P-7f, +7776FU or ７六歩)"},
  {"move-escape", parse("7g\27[2J\255"), "'7g\\x1B[2J\\xFF': expected a square like ７六 or 同"},
  {"record-truncated-kif", read(KIF_HEAD .. "   1 ７六歩(77)   ( 0:00/00:00:00)\n   2 ３四", "kif"),
    "record:4: move 2 (３四): expected a piece (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)", AFTER_76},
  {"record-truncated-csa", read("V2.2\nPI\n+\n+7776FU\n-33", "csa"),
    "record:5: move 2: not a CSA move '-33' (write it like +7776FU or -0045KA)", AFTER_76},
  {"record-truncated-jkf", read("{\"header\":{},\"moves\":[{},{\"move\":{\"from\":{\"x\":7,\"y\":7}", "jkf"),
    "record:1: bad JSON: Expected comma or object end but found T_END at character 55"},
  {"record-truncated-bod", read("後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n" ..
    "|v香v桂v銀v金v玉v金v銀v桂v香|一\n", "bod"), "record:4: the board has 1 rows, not 9"},
  {"record-illegal-ki2", read("手合割：平手\n▲７五歩\n", "ki2"),
    "record:2: move 1: no legal move matches '▲７五歩'", START},
  {"record-illegal-usi", read("position startpos moves 7g7e\n", "usi"),
    "record:1: move 1: illegal move '7g7e': the piece cannot move that way", START},
  {"record-encoding", read("\130\160\130\162\n1 ７六歩(77)\n", "kif", {encoding = "utf-8"}),
    "record:1: not valid UTF-8"},
  {"record-binary", read("\0\1\2\3\255\254\n", "kif"),
    "record:1: unknown encoding (neither UTF-8, Shift_JIS nor EUC-JP)"},
  {"record-binary-csa", read("\0\1\2\3\255\254\n", "csa"),
    "record:1: unknown encoding (neither UTF-8, Shift_JIS nor EUC-JP)"},
  {"record-usi-binary", read("position startpos moves \1\2\n", "usi"),
    "record:1: move 1: not a USI move '\\x01\\x02' (write it like 7g7f, 8h2b+ or P*5e)", START},
  {"record-usi-variant-escape", read("variant \27x\nstartpos\n", "usi"),
    "record:1: unknown variant '\\x1Bx' (sho or standard)"},
  {"record-after-end-csa-escape", read("PI\n+\n+7776FU\n%TORYO\n-3334FU\27\n", "csa"),
    "record:5: statement after the end of the game: -3334FU\\x1B"},
  {"record-jkf-special-escape", read('{"header":{},"moves":[{},{"special":"\\u001b[0m"}]}\n', "jkf"),
    "record:1: unknown special '\\x1B[0m'"},
  {"record-jkf-deep", read(string.rep("[", 100000) .. "\n", "jkf"),
    "record:1: bad JSON: Found too many nested data structures (1001) at character 1001"},
  {"record-jkf-deep-object", read(string.rep("{\"a\":", 100000) .. "\n", "jkf"),
    "record:1: bad JSON: Found too many nested data structures (1001) at character 5001"},
  {"record-missing-file", read("missing.kif"), "missing.kif:0: cannot open the file"},
  {"record-after-end-kif", read(KIF_HEAD .. "   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n", "kif"),
    "record:5: move after the end of the game (投了)"},
  {"record-after-end-csa", read("PI\n+\n+7776FU\n%TORYO\n-3334FU\n", "csa"),
    "record:5: statement after the end of the game: -3334FU"},
  {"problem-field", function() return tsume.load("return {position = \"startpos\", colour = 1}") end,
    "problem:1:1: unknown problem field 'colour'"},
  {"problem-loop", function() return tsume.load("while true do end return 1") end,
    "problem: cpu limit of 1 s exceeded"},
  {"problem-memory", function() return tsume.load("local s = 'x' while true do s = s .. s end return 1") end,
    "problem: memory limit of 64 MiB exceeded"},
  {"problem-io", function() return tsume.load("return {position = io.open('/etc/passwd'):read('a')}") end,
    "problem:1: attempt to index a nil value (global 'io')"},
}

describe("docs/BAD_INPUT.md", function()
  for _, row in ipairs(ROWS) do
    it(row[1], function()
      local v, msg, partial = row[2]()
      assert.is_nil(v)
      assert.equal(row[3], msg)
      if row[4] then assert.equal(row[4], partial:position():sfen())
      else assert.is_nil(partial) end
    end)
  end

  it("play-illegal: an illegal move given to play raises and leaves the game as it was", function()
    local g = shogi.game()
    g:play("7g7f")
    assert.has_error(function() g:play("3c3e") end, "illegal move 3c3e: the piece cannot move that way")
    assert.equal(1, g:ply())
    assert.equal(AFTER_76, g:position():sfen())
  end)

  it("play-after-end: a move after resignation or mate raises and leaves the game as it was", function()
    local g = shogi.game()
    g:play("7g7f")
    g:resign()
    assert.has_error(function() g:play("3c3d") end, "game over: Black wins: White resigned.")
    assert.equal(1, g:ply())
    local m = shogi.game("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1")
    assert.has_error(function() m:play("5a5b") end,
      "game over: Black wins by checkmate: White is in check and has no legal move.")
    assert.equal(0, m:ply())
  end)

  it("quote: outside text in a message has no control character and no byte that is not UTF-8", function()
    local quote = require("shogi.core").quote
    assert.equal("7g7f", quote("7g7f"))
    assert.equal("a\\x00b\\xFF\\x1B[2J", quote("a\0b\255\27[2J"))
    assert.equal("７六歩", quote("７六歩"))
    assert.equal(string.rep("x", 57) .. "...", quote(string.rep("x", 100)))
    assert.equal("abcdefg...", quote(string.rep("abcdefgh", 4), 10))
    assert.has_error(function() quote("x", 2) end, "bad argument #2 to 'quote' (max must be from 3 to 4096)")
  end)

  it("bot-option-escape: a bot told an unknown option names it quoted", function()
    local bot = assert(require("shogi.bot").load("examples/bots/pst.lua"))
    local ok, msg = bot:set("\1x", "1")
    assert.is_nil(ok)
    assert.equal("the bot has no option '\\x01x'", msg)
  end)

  it("engine-escape: a misbehaving engine's bytes are quoted in the error", function()
    local top = (debug.getinfo(1, "S").source:match("^@(.*)/[^/]*$") or ".") .. "/../.."
    local e = assert(shogi.engine({cmd = {top .. "/build/komadai", top .. "/tests/data/engines/fake.lua",
      "move=\27[2J\255", "1"}, name = "fake"}))
    local m, msg, kind = e:go("startpos", {byoyomi = 1000})
    assert.is_nil(m)
    assert.equal("malformed", kind)
    assert.equal("engine 'fake': 10:10: bestmove '\\x1B[2J\\xFF' is not a USI move: bestmove \\x1B[2J\\xFF", msg)
    assert.is_false(e:alive())
  end)

  it("record-bookmarks: bookmark lines read from KIF write as KI2 and read back (fuzz_roundtrip)", function()
    local g = assert(shogi.read("&a\n&b\n   1 ７六歩(77)\n&c\n&d\n", "kif"))
    for _, f in ipairs({"ki2", "kif"}) do
      local text = g:write(f)
      assert.truthy(text:find("&a\n&b\n", 1, true), text)
      if f == "kif" then assert.truthy(text:find("&c\n&d\n", 1, true), text) end
      local back = assert(shogi.read(text, f))
      assert.equal(1, back:ply())
    end
  end)

  it("file-huge: a problem file larger than its memory limit is not read", function()
    local f = tmpfile("return {position = [[" .. string.rep("x", 1 << 20) .. "]]}")
    local v, msg = require("shogi.sandbox").load(f, {memory = 1 << 19})
    assert.is_nil(v)
    assert.equal(f .. ": the file is larger than the memory limit", msg)
    os.remove(f)
  end)
end)
