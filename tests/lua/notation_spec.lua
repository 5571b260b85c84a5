-- Notation: pos:move_name, pos:parse_move, core.notations, piece and square
-- names, core.iconv.  The C test (tests/c/test_notation.c) covers the rules of
-- every notation in depth; this spec covers the Lua boundary.
-- Run: busted --lua=lua5.4 tests/lua/notation_spec.lua (with the in-place paths).
local core = require "shogi.core"

local START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
-- after 7g7f 3c3d: the bishops see each other
local OPEN = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
local OPEN_W = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 3"

local function pos(sfen, variant)
  return assert(core.position(sfen, variant))
end

-- the message of an error raised by f(...), without any "file:line:" prefix
local function raised(f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error")
  return (tostring(err):gsub("^[^:]*:%d+: ", ""))
end

describe("pos:move_name", function()
  local p = pos(START)
  local rows = {
    {"7g7f", "usi", "7g7f"}, {"7g7f", "csa", "+7776FU"}, {"7g7f", "western", "P-7f"},
    {"7g7f", "japanese", "▲７六歩"}, {"7g7f", "ki2", "▲７六歩"}, {"7g7f", "kif", "７六歩(77)"},
    {"6i5h", "japanese", "▲５八金左"}, {"4i5h", "japanese", "▲５八金右"}, {"6i5h", "western", "G6i-5h"},
    {"6i5h", "kif", "５八金(69)"}, {"6i5h", "csa", "+6958KI"},
  }
  for _, row in ipairs(rows) do
    it(("names %s in %s as %s"):format(row[1], row[2], row[3]), function()
      assert.equal(row[3], p:move_name(row[1], row[2]))
    end)
  end

  it("uses USI by default", function()
    assert.equal("7g7f", p:move_name("7g7f"))
  end)

  it("names promotions, declined promotions and captures", function()
    local o = pos(OPEN)
    assert.equal("+8822UM", o:move_name("8h2b+", "csa"))
    assert.equal("Bx2b+", o:move_name("8h2b+", "western"))
    assert.equal("Bx2b=", o:move_name("8h2b", "western"))
    assert.equal("▲２二角成", o:move_name("8h2b+", "japanese"))
    assert.equal("▲２二角不成", o:move_name("8h2b", "japanese"))
    assert.equal("２二角成(88)", o:move_name("8h2b+", "kif"))
  end)

  it("writes 同 when given the previous move (USI or a square)", function()
    local w = pos(OPEN_W)
    assert.equal("△同　角成", w:move_name("2b8h+", "japanese", "7g8h"))
    assert.equal("△同　角成", w:move_name("2b8h+", "japanese", "8h"))
    assert.equal("同　角成(22)", w:move_name("2b8h+", "kif", "P*8h"))
    assert.equal("△８八角成", w:move_name("2b8h+", "japanese", "7f"))
    assert.equal("-2288UM", w:move_name("2b8h+", "csa", "8h"))
  end)

  it("writes 打 only when a board piece could also go there", function()
    local h = pos("4k4/9/9/9/9/9/9/9/3GK4 b G 1")
    assert.equal("▲５八金打", h:move_name("G*5h", "japanese"))
    assert.equal("▲５五金", h:move_name("G*5e", "japanese"))
    assert.equal("５五金打", h:move_name("G*5e", "kif"))
    assert.equal("G*5e", h:move_name("G*5e", "western"))
    assert.equal("+0055KI", h:move_name("G*5e", "csa"))
  end)

  it("takes the move in any notation", function()
    assert.equal("+7776FU", p:move_name("▲７六歩", "csa"))
    assert.equal("▲７六歩", p:move_name("P-7f", "japanese"))
  end)

  it("names Sho shogi's elephant and prince", function()
    local s = pos("4k4/9/4E4/9/9/9/9/9/4K4 b - 1", "sho")
    assert.equal("+5352TS", s:move_name("5c5b+", "csa"))
    assert.equal("▲５二酔象成", s:move_name("5c5b+", "japanese"))
    assert.equal("E-5b+", s:move_name("5c5b+", "western"))
  end)

  it("raises for an illegal move, an unknown notation and a bad previous move", function()
    assert.equal("illegal move 7g7e: the piece cannot move that way", raised(p.move_name, p, "7g7e"))
    assert.matches("invalid option 'hodges'", raised(p.move_name, p, "7g7f", "hodges"))
    assert.matches("bad previous move 'zz' %(a USI move like \"7g7f\" or a square%)",
      raised(p.move_name, p, "7g7f", "kif", "zz"))
    assert.matches("bad previous move '7g7' ", raised(p.move_name, p, "7g7f", "kif", "7g7"))
    assert.matches("move %(a USI string like \"7g7f\"%) expected, got table", raised(p.move_name, p, {}))
    assert.matches("^ambiguous move '５八金': could be", raised(p.move_name, p, "５八金"))
  end)

  it("works on games, on their current position", function()
    local g = core.game(pos(START))
    assert.equal("▲７六歩", g:move_name("7g7f", "japanese"))
    g:play("▲７六歩")
    g:play("△３四歩")
    assert.equal("Bx2b+", g:move_name("8h2b+", "western"))
    assert.same({"7g7f", "3c3d"}, g:moves())
  end)
end)

describe("pos:parse_move", function()
  local p = pos(START)

  it("reads every notation and says which", function()
    local rows = {
      {"7g7f", "usi"}, {"+7776FU", "csa"}, {"7776FU", "csa"}, {"P-7f", "western"}, {"P7g-7f", "western"},
      {"▲７六歩", "japanese"}, {"７六歩(77)", "japanese"}, {"76歩", "japanese"}, {"７六歩", "japanese"},
    }
    for _, row in ipairs(rows) do
      local usi, which = p:parse_move(row[1])
      assert.equal("7g7f", usi, row[1])
      assert.equal(row[2], which, row[1])
    end
  end)

  it("reads in the notation asked for", function()
    assert.same({"7g7f", "western"}, {p:parse_move("P-7f", "western")})
    assert.same({"7g7f", "kif"}, {p:parse_move("７六歩(77)", "kif")})
    assert.same({"7g7f", "japanese"}, {p:parse_move("７六歩", "ki2")})
    assert.same({nil, "not a CSA move 'P-7f' (write it like +7776FU or -0045KA)", 1}, {p:parse_move("P-7f", "csa")})
  end)

  it("reads 同 with the previous move", function()
    local w = pos(OPEN_W)
    assert.equal("2b8h+", (w:parse_move("同　角成", nil, "7g8h")))
    assert.equal("2b8h+", (w:parse_move("△同角成", "japanese", "8h")))
    assert.same({nil, "'同　角成': 同 needs the previous move's destination", 1}, {w:parse_move("同　角成")})
  end)

  it("refuses ambiguous and impossible moves with the reason and the column", function()
    assert.same({nil, "ambiguous move '５八金': could be ５八金右 (4i5h) or ５八金左 (6i5h)", 1},
      {p:parse_move("５八金")})
    assert.same({nil, "ambiguous move 'G-5h': could be G4i-5h (4i5h) or G6i-5h (6i5h)", 1}, {p:parse_move("G-5h")})
    -- the fourth value: the illegal move the text names (a record's stated foul)
    assert.same({nil, "illegal move '２二角成' (8h2b+): the path is blocked", 1, "8h2b+"}, {p:parse_move("２二角成")})
    assert.same({nil, "unexpected '!' after the move 'P-7f'", 5}, {p:parse_move("P-7f!")})
    assert.same({nil, "unexpected 'です' after the move '７六歩'", 4}, {p:parse_move("７六歩です")})
    assert.same({nil, "empty move", 1}, {p:parse_move("")})
    assert.same({nil, "unexpected zero byte in a move", 1}, {p:parse_move("7g7f\0")})
    assert.same({nil, "not a move 'hello' (write it like 7g7f, P-7f, +7776FU or ７六歩)", 1}, {p:parse_move("hello")})
  end)

  it("raises for misuse", function()
    assert.matches("string expected, got no value", raised(p.parse_move, p))
    assert.matches("invalid option 'x'", raised(p.parse_move, p, "7g7f", "x"))
    assert.matches("bad previous move", raised(p.parse_move, p, "7g7f", nil, "x"))
  end)

  it("lets position and game methods take moves in any notation", function()
    assert.equal(pos(START):after("7g7f"), p:after("▲７六歩"))
    assert.equal(pos(START):after("7g7f"), p:after("P-7f"))
    assert.is_true(p:is_legal("+7776FU"))
    local ok, msg = pcall(p.after, p, "５八金")
    assert.is_false(ok)
    assert.matches("ambiguous move '５八金'", msg)
  end)

  it("round-trips every legal move in every notation", function()
    local sfens = {START, OPEN, OPEN_W, "4k4/9/9/9/9/9/9/9/3GK4 b G 1",
      "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
      "1G3+N1+P1/+L2k1PPb1/1+Pg4Gr/2p1P2L1/1SsppG1BN/L2P5/P2S2+p1p/1+s1K1p+p1+n/+l3+n+p1+p1 b Prp 309"}
    local n = 0
    for _, sfen in ipairs(sfens) do
      local q = pos(sfen)
      for _, m in ipairs(q:legal_moves()) do
        for _, notation in ipairs(core.notations) do
          local name = q:move_name(m, notation)
          assert.equal(m, (q:parse_move(name, notation)), name)
          assert.equal(m, (q:parse_move(name)), name)
          local same = q:move_name(m, notation, m)
          assert.equal(m, (q:parse_move(same, notation, m)), same)
          n = n + 1
        end
      end
    end
    assert.is_true(n > 1000)
  end)
end)

describe("core.notations", function()
  it("lists the notation names", function()
    assert.same({"usi", "csa", "western", "japanese", "kif"}, core.notations)
  end)
end)

describe("piece and square names", function()
  it("names pieces in every style", function()
    assert.equal("成銀", core.piece_name("+S"))
    assert.equal("成銀", core.piece_name("+s", "japanese"))
    assert.equal("全", core.piece_name("+S", "kanji1"))
    assert.equal("NG", core.piece_name("+S", "csa"))
    assert.equal("+S", core.piece_name("+s", "western"))
    assert.equal("玉", core.piece_name("k"))
    assert.equal("OU", core.piece_name("K", "csa"))
    assert.equal("龍", core.piece_name("+R"))
    assert.equal("と", core.piece_name("+P", "kanji1"))
    assert.equal("杏", core.piece_name("+L", "kanji1"))
    assert.equal("圭", core.piece_name("+N", "kanji1"))
    assert.equal("酔象", core.piece_name("E"))
    assert.equal("酔", core.piece_name("E", "kanji1"))
    assert.equal("太子", core.piece_name("+E"))
    assert.equal("TS", core.piece_name("+E", "csa"))
    assert.equal("KI", core.piece_name("G", "csa"))
  end)

  it("raises for bad letters and styles", function()
    assert.matches("bad piece '%+G' %(USI letters like \"P\" or \"%+R\"%)", raised(core.piece_name, "+G"))
    assert.matches("bad piece 'X'", raised(core.piece_name, "X"))
    assert.matches("bad piece 'PP'", raised(core.piece_name, "PP"))
    assert.matches("bad piece ''", raised(core.piece_name, ""))
    assert.matches("invalid option 'kanji'", raised(core.piece_name, "P", "kanji"))
  end)

  it("reads piece names of every style", function()
    local rows = {{"歩", "P"}, {"と", "+P"}, {"成歩", "+P"}, {"全", "+S"}, {"成銀", "+S"}, {"竜", "+R"},
      {"龍", "+R"}, {"王", "K"}, {"玉", "K"}, {"UM", "+B"}, {"NY", "+L"}, {"+N", "+N"}, {"G", "G"},
      {"酔象", "E"}, {"太", "+E"}, {"TS", "+E"}}
    for _, row in ipairs(rows) do assert.equal(row[2], core.parse_piece(row[1]), row[1]) end
    assert.same({nil, "unknown piece name 'x'"}, {core.parse_piece("x")})
    assert.same({nil, "unknown piece name '歩兵'"}, {core.parse_piece("歩兵")})
  end)

  it("names squares", function()
    assert.equal("７六", core.square_name("7f"))
    assert.equal("７六", core.square_name("7f", "japanese"))
    assert.equal("76", core.square_name("7f", "csa"))
    assert.equal("7f", core.square_name("7f", "usi"))
    assert.equal("１一", core.square_name("1a"))
    assert.equal("99", core.square_name("9i", "csa"))
    assert.matches("bad square '0a'", raised(core.square_name, "0a"))
  end)
end)

describe("core.iconv", function()
  it("converts between UTF-8, CP932 and EUC-JP", function()
    local text = "▲７六歩　△３四歩 先手：羽生善治"
    local sjis = assert(core.iconv(text, "UTF-8", "CP932"))
    assert.equal("\x81\xa3\x82\x56\x98\x5a\x95\xe0", sjis:sub(1, 8))
    assert.equal(text, core.iconv(sjis, "CP932", "UTF-8"))
    local euc = assert(core.iconv(text, "UTF-8", "EUC-JP"))
    assert.equal(text, core.iconv(euc, "EUC-JP", "UTF-8"))
    assert.equal("", core.iconv("", "CP932", "UTF-8"))
  end)

  it("handles outputs larger than the first guess", function()
    local big = ("a"):rep(1000)
    local utf32 = assert(core.iconv(big, "UTF-8", "UTF-32LE"))
    assert.equal(4000, #utf32)
    assert.equal(big, core.iconv(utf32, "UTF-32LE", "UTF-8"))
  end)

  it("returns nil and a message for bad input and unknown encodings", function()
    assert.same({nil, "iconv: byte 1 is not valid UTF-8 or has no CP932 form"},
      {core.iconv("\xff\xff", "UTF-8", "CP932")})
    assert.same({nil, "iconv: byte 3 is not valid UTF-8 or has no CP932 form"},
      {core.iconv("ab\xff", "UTF-8", "CP932")})
    assert.same({nil, "iconv: byte 1 is not valid UTF-8 or has no CP932 form"}, {core.iconv("☗", "UTF-8", "CP932")})
    assert.same({nil, "iconv: incomplete UTF-8 sequence at byte 4"}, {core.iconv("abc\xe3", "UTF-8", "CP932")})
    assert.same({nil, "iconv: cannot convert from NOPE to UTF-8"}, {core.iconv("abc", "NOPE", "UTF-8")})
  end)

  it("raises for misuse", function()
    assert.matches("string expected, got no value", raised(core.iconv, "abc", "UTF-8"))
  end)
end)

describe("core.usi_parts", function()
  local core = require "shogi.core"
  it("splits text shaped as a USI move, legal or not, and nothing else", function()
    assert.same({"7g", "7f", false}, {core.usi_parts("7g7f")})
    assert.same({"8h", "2b", true}, {core.usi_parts("8h2b+")})
    assert.same({nil, "5e", false, "P"}, {core.usi_parts("P*5e")})
    for _, t in ipairs {"K*5e", "7g7", "7g7f++", "0g7f", "p*5e", "x"} do assert.is_nil(core.usi_parts(t)) end
  end)
end)
