-- The record readers' hot path in C: core.lines (line ends), g:play_texts (a line of moves), and the
-- whole-record readers core.csa_read and core.kif_read.
local core = require "shogi.core"
local shogi = require "shogi"

describe("core.lines", function()
  local cases = {
    {"", {""}}, {"\n", {""}}, {"a", {"a"}}, {"a\n", {"a"}}, {"a\r\n", {"a"}}, {"a\r\r\nb", {"a", "b"}},
    {"a\rb", {"a", "b"}}, {"a\r\rb", {"a", "", "b"}}, {"a\n\nb\r", {"a", "", "b"}}, {"\r\n\r\n", {"", ""}},
    {"x\r\r", {"x", ""}}, {"a\r\n\rb\n", {"a", "", "b"}},
  }
  for _, c in ipairs(cases) do
    it(("splits %q"):format(c[1]), function() assert.same(c[2], core.lines(c[1])) end)
  end
end)

describe("g:play_texts", function()
  it("plays a line of moves in one notation and stops at the first it cannot play", function()
    local g = shogi.game()
    assert.equal(3, g:play_texts({"+7776FU", "-3334FU", "+8822UM", "-2288GI"}, "csa"))
    assert.same({"7g7f", "3c3d", "8h2b+"}, g:moves())
    g = shogi.game()
    assert.equal(2, g:play_texts({"７六歩(77)", "３四歩(33)", "８八角成(22)"}, "kif"))
    g = shogi.game()
    assert.equal(1, g:play_texts({"▲７六歩", "△７六歩"}, "japanese"))
    assert.has_error(function() g:play_texts({}, "klingon") end)
  end)
  it("stops once the game is over", function()
    local g = shogi.game("4k4/9/4G4/9/9/9/9/9/4K4 b G 1")
    assert.equal(1, g:play_texts({"G*5b", "5a4a"}, "usi"))
    assert.equal("checkmate", g:result().reason)
  end)
end)

describe("core.csa_statements", function()
  it("splits CSA lines at commas, comments and names to the line's end, up to '/'", function()
    local s, n = core.csa_statements({"V2.2", "N+Alice, Bob ", "$EVENT:Cup, round 2  ", "+7776FU,T12",
      "-3334FU , T3 ,'* 30 comment, with a comma", "  'a comment line", "P1 -KY", "'", ",,", "/", "+2726FU"})
    assert.same({"V2.2", "N+Alice, Bob", "$EVENT:Cup, round 2", "+7776FU", "T12", "-3334FU", "T3",
      "'* 30 comment, with a comma", "'a comment line", "P1 -KY", "'", "", "", ""}, s)
    assert.same({1, 2, 3, 4, 4, 5, 5, 5, 6, 7, 8, 9, 9, 9}, n)
    assert.has_error(function() core.csa_statements({1, {}}) end)
  end)
end)

describe("core.csa_lines", function()
  it("takes whole lines of moves, their times and '* comments, and stops at any other line", function()
    local lines = {"+7776FU,T12", "'** 30", "'* more", "-3334FU", "T1.5", "", "%TORYO", "+2726FU"}
    local moves, move_lines, times, comments = {}, {}, {}, {}
    local i, taken = core.csa_lines(lines, 1, moves, move_lines, times, comments, false)
    assert.same({7, 2}, {i, taken})
    assert.same({"+7776FU", "-3334FU"}, moves)
    assert.same({1, 4}, move_lines)
    assert.same({{used = 12}, {used = 1.5}}, times)
    assert.equal(math.type(times[1].used), "integer")
    assert.same({[1] = "* 30\n more"}, comments)
  end)
  it("leaves a line with anything it does not take to the reader, whole", function()
    for _, case in ipairs({{"T3", false}, {"T3x", true}, {"T99999999999", true}, {"T", true},
        {"+7776FU,%TORYO", false}, {"+7776FU,T99999999999", false}, {"/", true}, {"N+name", false}}) do
      local moves = {}
      local i, taken = core.csa_lines({case[1]}, 1, moves, {}, {}, {}, case[2])
      assert.same({1, 0, 0}, {i, taken, #moves})
    end
  end)
end)

describe("core.kif_run", function()
  it("takes move lines in order and * comments, and leaves the rest to the reader", function()
    local lines = {"   1 ７六歩(77)   ( 0:01/00:00:01)", "*a comment", "*another", "   2 ３四歩(33)",
      "   3 同　角成(88)   ( 1:02/00:01:03)", "   4 同 銀(31)", "   5 投了"}
    local moves, times, comments = {}, {}, {}
    local i, taken = core.kif_run(lines, 1, moves, times, comments, 1, 0)
    assert.same({6, 2}, {i, taken})
    assert.same({{text = "７六歩(77)", lineno = 1, ki2 = false}, {text = "３四歩(33)", lineno = 4, ki2 = false},
      {text = "同　角成(88)", lineno = 5, ki2 = false}}, moves)
    assert.same({[1] = {used = 1, total = 1}, [3] = {used = 62, total = 63}}, times)
    assert.same({[1] = {"a comment", "another"}}, comments)
    for _, line in ipairs({"   2 ７六歩(77)", "   1 投了", "   1 ７六歩(77)+", "   1 ７六歩(77) (0:01)",
        "1234567890 ７六歩(77)", "変化：1手", "&mark"}) do
      assert.same({1, 0}, {core.kif_run({line}, 1, {}, {}, {}, 1, 0)})
    end
  end)
end)

describe("core.ki2_moves", function()
  it("splits a KI2 line at its side marks, each move's trailing blanks cut, nothing before the first mark", function()
    assert.same({"▲７六歩", "△３四歩", "▲同　歩"}, core.ki2_moves("  ▲７六歩    △３四歩\t▲同　歩　 　"))
    assert.same({"☗２六歩", "☖８四歩", "▽８五歩"}, core.ki2_moves("x☗２六歩☖８四歩　▽８五歩"))
    assert.same({"▲", "△"}, core.ki2_moves("▲ 　△"))
    assert.same({}, core.ki2_moves("７六歩 ■"))
    local many = string.rep("▲７六歩△３四歩", 50)
    local got = core.ki2_moves(many)
    assert.equal(100, #got)
    assert.equal("△３四歩", got[100])
  end)
end)

describe("core.csa_read", function()
  local text = table.concat({"'CSA encoding=UTF-8", "V2.2", "N+Alice ", "$EVENT: Cup ", "'a note", "PI82HI",
    "+", "+7776FU,T12", "'* well", "'* played", "-3334FU", "T1.5", "%TORYO", "T3", "'* the end"}, "\r\n")
  it("reads a usual record whole: the start, the headers, the moves as spans, their times and comments", function()
    local p = assert(core.csa_read(text))
    assert.equal("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", p.start)   -- (the rook on 82 off)
    assert.same({"+", "", "Alice", "$", "EVENT", "Cup"}, p.headers)   -- (a name line trimmed at its end)
    assert.equal("2.2", p.version)
    assert.equal(15, p.lines)
    assert.equal(2, #p.moves)
    assert.same({"+7776FU", "-3334FU", nil}, {p.moves[1], p.moves[2], p.moves[3]})
    assert.same({8, 11}, {p.moves:line(1), p.moves:line(2)})
    assert.same({[1] = {used = 12}, [2] = {used = 1.5}}, p.times)
    assert.equal("integer", math.type(p.times[1].used))
    assert.same({[1] = " well\n played"}, p.comments)
    assert.same({[0] = "a note"}, p.notes)
    assert.same({text = "%TORYO", lineno = 13, time = {used = 3}, comment = " the end"}, p.ending)
    local g = shogi.game(p.start)
    assert.equal(2, g:play_texts(p.moves, "csa"))
  end)
  it("leaves every record it does not read the usual way to the Lua reader (nil)", function()
    for _, bad in ipairs({"PI\n+\n+7776FU,T1x\n", "PI\n+\n%FOO\n", "PI\n'variant sho\n+\n", "P+00AL\n+\n",
        "PI\n", "+\n", "PI\nPI\n+\n", "PI\n+\n%TORYO\n+7776FU\n", "PI\n+\nT1\n", "PI\n+\n+77\0\n", "V9\nPI\n+\n",
        "P1 * \nP1 * \n+\n", "P+00TO\n+\n", "P5 *  * +SZ\n+\n", "PI\n+\n+7776FU,T31622401\n", "$BAD\nPI\n+\n"}) do
      assert.is_nil(core.csa_read(bad), bad)
    end
  end)
end)

describe("core.kif_read", function()
  local text = table.concat({"#KIF version=2.0", "先手：Alice　", "手合割：平手", "手数----指手---------消費時間--",
    "   1 ７六歩(77)   ( 0:01/00:00:01)", "*good", "&mark", "   2 ３四歩(33)   (00:02 / 00:00:02)",
    "   3 投了", "*the end", "まで2手で後手の勝ち"}, "\n") .. "\n"
  it("reads a usual record whole: headers, moves as spans, times, comments, the end word and summary", function()
    local p = assert(core.kif_read(text))
    assert.same({"先手", "Alice", "手合割", "平手"}, p.headers)
    assert.equal(11, p.lines)
    assert.is_false(p.ki2)
    assert.same({"７六歩(77)", "３四歩(33)"}, {p.moves[1], p.moves[2]})
    assert.same({[1] = {used = 1, total = 1}, [2] = {used = 2, total = 2}}, p.times)
    assert.same({[1] = "good"}, p.comments)
    assert.same({[1] = "mark"}, p.bookmarks)
    assert.same({text = "投了", lineno = 9, comment = "the end"}, p.ending)
    assert.equal("まで2手で後手の勝ち", p.summary)
  end)
  it("reads KI2 lines and hands a board diagram's lines over whole", function()
    local p = assert(core.kif_read("後手番\n▲７六歩　△３四歩\n"))
    assert.is_true(p.ki2)
    assert.same({"後手番", false}, p.headers)
    assert.same({"▲７六歩", "△３四歩"}, {p.moves[1], p.moves[2]})
  end)
  it("leaves every record it does not read the usual way to the Lua reader (nil)", function()
    for _, bad in ipairs({"   1 ７六歩(77)\n   3 ３四歩(33)\n", "   1 ７六歩(77)\n変化：1手\n", "   1 同 歩(77)\n",
        "   1 ７六歩(77)+\n", "   1 ７六歩(77) (0:01)x\n", "   1 ７六歩(77)\n▲３四歩\n", "   1 投了\n   2 ７六歩(77)\n",
        "   1 ７六歩(77)\nまで1手\n   2 ３四歩(33)\n", "   1 ７六歩(77)\nまで1手\n*late\n", " 先手：x\n",
        "   1 ７六歩(77)\nfoo\n", "a\0b：c\n"}) do
      assert.is_nil(core.kif_read(bad), bad)
    end
  end)
end)

describe("core.utf8_check and core.sjis_lead", function()
  it("reads UTF-8 as utf8.len does: the same verdict and the same first bad position, on random bytes", function()
    local seed = 7
    local function r(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed // 65536 % n end
    local pieces = {"a", "\0", "\x7f", "\x80", "\xbf", "\xc0", "\xc1", "\xc2", "\xdf", "\xe0", "\xe3", "\xed", "\xef",
      "\xf0", "\xf4", "\xf5", "\xf8", "\xfe", "\xff", "あ", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf0\x80\x80\x80",
      "abcdefgh"}
    local valid = 0
    for _ = 1, 20000 do
      local t = {}
      for i = 1, r(12) do t[i] = r(2) == 0 and pieces[r(#pieces) + 1] or string.char(0x80 + r(128)) end
      local s = table.concat(t)
      local n, at = utf8.len(s)
      local ok, bad = core.utf8_check(s)
      if n then valid = valid + 1 end
      assert.same({n ~= nil, at}, {ok, bad})
    end
    assert.truthy(valid > 1000)
  end)
  it("finds the bytes only Shift_JIS starts a character with", function()
    assert.is_true(core.sjis_lead("ab\x82\xa0"))
    assert.is_true(core.sjis_lead("\x90"))
    assert.is_false(core.sjis_lead("\xa4\xa2\x8e\x8f"))   -- EUC-JP's あ, SS2, SS3
    assert.is_false(core.sjis_lead(""))
  end)
end)
