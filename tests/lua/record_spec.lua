-- shogi.record: round trips in every format, writers, and every error message.
local shogi = require "shogi"
local record = require "shogi.record"

local DIR = (package.searchpath("shogi.record", package.path):match("^(.*)lua/shogi/record%.lua$")
  or "./") .. "tests/data/records/"

local function files_of(kind)
  local out = {}
  local f = assert(io.open(DIR .. "MANIFEST.tsv"))
  f:read("l")
  for line in f:lines() do
    local file, format = line:match("^[^\t]*\t([^\t]*)\t([^\t]*)")
    if format:match("^" .. kind) then out[#out + 1] = file end
  end
  f:close()
  return out
end

local function all_files()
  local out = {}
  for _, k in ipairs({"KIF", "KI2", "CSA", "JKF"}) do
    for _, f in ipairs(files_of(k)) do out[#out + 1] = f end
  end
  return out
end

local function verdict(g)
  local v = g:result()
  return v and {reason = v.reason, winner = v.winner, outcome = v.outcome} or false
end

-- what a round trip must keep: the game and everything the format holds
local function snapshot(g)
  local i = g:info()
  local e = i.ending
  return {
    start = g:start():sfen(), moves = g:moves(), result = verdict(g),
    headers = i.headers, comments = i.comments, times = i.times, bookmarks = i.bookmarks or {},
    branches = i.branches or {}, notes = i.notes or {},
    ending = e and {name = e.name, winner = e.winner, text = e.text, comment = e.comment,
                    time = e.time, illegal = e.illegal and e.illegal.usi} or false,
  }
end

local function game_only(g)
  return {start = g:start():sfen(), moves = g:moves(), result = verdict(g)}
end

local function read_ok(...)
  local g, err = record.read(...)
  assert.truthy(g, err)
  return g
end

describe("round trips in the record's own format", function()
  local own = {KIF = "kif", KI2 = "ki2", CSA = "csa", JKF = "jkf"}
  for kind, format in pairs(own) do
    for _, file in ipairs(files_of(kind)) do
      it(file .. " -> " .. format .. " -> read gives the same game, headers, comments, times, branches",
        function()
          local g = read_ok(DIR .. file)
          local text = record.write(g, format)
          local g2 = read_ok(text, format)
          local a, b = snapshot(g), snapshot(g2)
          -- an end the record did not state is written from the game's verdict
          if not a.ending then b.ending = false end
          assert.are.same(a, b)
          -- and writing again gives the same text
          assert.are.equal(text, record.write(g2, format))
        end)
    end
  end
end)

describe("round trips through every format", function()
  for _, file in ipairs(all_files()) do
    it(file .. " through kif, ki2, csa, jkf and usi keeps the game", function()
      local g = read_ok(DIR .. file)
      for _, format in ipairs({"kif", "ki2", "csa", "jkf", "usi"}) do
        local text = record.write(g, format)
        local g2, err = record.read(text, format)
        assert.truthy(g2, format .. ": " .. tostring(err))
        local a, b = game_only(g), game_only(g2)
        if format == "usi" then a.result, b.result = nil, nil end  -- USI has no end marker
        -- a resignation etc. written by one format is read back by the other
        assert.are.same(a, b, format)
      end
    end)
  end

  it("sfen and bod keep the last position", function()
    for _, file in ipairs(all_files()) do
      local g = read_ok(DIR .. file)
      for _, format in ipairs({"sfen", "bod"}) do
        local g2 = read_ok(record.write(g, format), format)
        assert.are.equal(g:position(), g2:position(), file .. " " .. format)
        assert.are.equal(0, #g2:moves())
      end
    end
  end)

  it("KIF in Shift_JIS (opts.encoding = \"cp932\") reads back the same", function()
    local g = read_ok(DIR .. "jkf__henka.kif")
    local bytes = assert(record.write(g, "kif", {encoding = "cp932"}))
    assert.is_nil(utf8.len(bytes))
    assert.truthy(bytes:find("encoding=Shift_JIS", 1, true))
    assert.are.same(snapshot(g), snapshot(read_ok(bytes, "kif")))
  end)

  it("a character Shift_JIS lacks makes the cp932 writer return nil, msg", function()
    local g = read_ok(DIR .. "jkf__no_henka.kifu")   -- 雞
    local text, err = record.write(g, "kif", {encoding = "cp932"})
    assert.is_nil(text)
    assert.truthy(err:match("^write: cannot encode in CP932"), err)
  end)

  it("CSA V3.0 keeps fractional times; V2.2 writes whole seconds", function()
    local text = "V3.0\nPI\n+\n+7776FU\nT1.25\n-3334FU\nT0.5\n%TORYO\n"
    local g = read_ok(text, "csa")
    assert.are.equal(1.25, g:info().times[1].used)
    local v3 = record.write(g, "csa")
    assert.truthy(v3:find("\nT1.25\n", 1, true), v3)
    assert.truthy(v3:match("^'CSA encoding=UTF%-8\nV3%.0\n"))
    local v2 = record.write(g, "csa", {version = "2.2"})
    assert.truthy(v2:find("\nT1\n", 1, true))
    assert.are.same(snapshot(g), snapshot(read_ok(v3, "csa")))
  end)
end)

describe("writers", function()
  it("an even game: KIF without 手合割 (readers assume 平手), CSA PI, USI startpos", function()
    local g = shogi.game()
    g:play("7g7f"); g:play("3c3d"); g:play("8h2b+"); g:play("3a2b")
    local kif = record.write(g, "kif")
    assert.falsy(kif:find("手合割", 1, true))
    assert.truthy(kif:find("\n   3 ２二角成(88)\n   4 同　銀(31)\n", 1, true), kif)
    local csa = record.write(g, "csa")
    assert.truthy(csa:find("\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n", 1, true), csa)
    assert.are.equal("position startpos moves 7g7f 3c3d 8h2b+ 3a2b\n", record.write(g, "usi"))
    assert.are.equal(g:sfen() .. "\n", record.write(g, "sfen"))
  end)

  it("a handicap game: KIF 手合割 name, CSA PI with the removed pieces, JKF preset", function()
    local g = shogi.game("香落ち")
    g:play("5a4b")
    local kif = record.write(g, "kif")
    assert.truthy(kif:find("手合割：香落ち\n", 1, true), kif)
    local csa = record.write(g, "csa")
    assert.truthy(csa:find("\nPI11KY\n-\n-5142OU\n", 1, true), csa)
    assert.truthy(record.write(g, "jkf"):find('"preset":"KY"', 1, true))
    for _, f in ipairs({"kif", "csa", "jkf", "usi"}) do
      assert.are.same(game_only(g), game_only(read_ok(record.write(g, f), f)), f)
    end
  end)

  it("another start: a BOD in KIF, P1..P9 and hands in CSA, OTHER in JKF", function()
    local sfen = "4k4/9/4G4/9/9/9/9/9/4K4 b G2r2b2g4s4n4l18p 1"
    local g = shogi.game(sfen)
    local kif = record.write(g, "kif")
    assert.truthy(kif:find("後手の持駒：飛二　角二　金二　銀四　桂四　香四　歩十八　\n", 1, true), kif)
    assert.truthy(kif:find("| ・ ・ ・ ・ 金 ・ ・ ・ ・|三\n", 1, true), kif)
    assert.truthy(kif:find("先手の持駒：金　\n", 1, true))
    local csa = record.write(g, "csa")
    assert.truthy(csa:find("\nP3 *  *  *  * +KI *  *  *  * \n", 1, true), csa)
    assert.truthy(csa:find("\nP+00KI\n", 1, true))
    assert.truthy(record.write(g, "jkf"):find('"preset":"OTHER"', 1, true))
    for _, f in ipairs({"kif", "csa", "jkf", "usi", "bod", "sfen"}) do
      assert.are.equal(g:position(), read_ok(record.write(g, f), f):start(), f)
    end
  end)

  it("CSA reads 00AL: the rest of the pieces to one hand", function()
    local text = "P1 *  *  *  * -OU *  *  *  * \nP2\nP3\nP4\nP5\nP6\nP7\nP8\n" ..
      "P9 *  *  *  * +OU *  *  *  * \nP+00KI\nP-00AL\n+\n"
    local g = read_ok(text, "csa")
    assert.are.same({R = 2, B = 2, G = 3, S = 4, N = 4, L = 4, P = 18}, g:hand("w"))
  end)

  it("the game's verdict is written when the record stated none", function()
    local g = shogi.game()
    g:play("7g7f")
    g:resign()
    assert.truthy(record.write(g, "kif"):find("\n   2 投了\nまで1手で先手の勝ち\n", 1, true))
    assert.truthy(record.write(g, "csa"):find("\n%%TORYO\n$"))
    assert.truthy(record.write(g, "ki2"):find("\nまで1手で先手の勝ち\n$"))
  end)

  it("times, comments and a stated end survive KIF", function()
    local text = "手合割：平手\n手数----指手---------消費時間--\n*before\n" ..
      "   1 ７六歩(77)   ( 0:12/00:00:12)\n*first\n*second\n" ..
      "   2 ３四歩(33)   ( 1:05/00:01:05)\n   3 中断         ( 0:00/00:00:12)\nまで2手で中断\n"
    local g = read_ok(text, "kif")
    local i = g:info()
    assert.are.same({used = 65, total = 65}, i.times[2])
    assert.are.equal("first\nsecond", i.comments[1])
    assert.are.equal("before", i.comments[0])
    assert.are.equal("CHUDAN", i.ending.name)
    local out = record.write(g, "kif")
    assert.truthy(out:find("   2 ３四歩(33)   ( 1:05/00:01:05)\n   3 中断         ( 0:00/00:00:12)\n", 1, true), out)
  end)

  it("variations that no longer fit the game are left out", function()
    local g = read_ok(DIR .. "jkf__henka.kif")
    for _ = 1, 10 do g:undo() end                -- 2 moves left: the branches at 3 go
    local g2 = read_ok(record.write(g, "kif"), "kif")
    assert.are.same({2, 1}, {g2:info().branches[1].ply, g2:info().branches[2].ply})
    g:undo(); g:undo(); g:play("2g2f")           -- another first move: the branch at 2 goes too
    local g3 = read_ok(record.write(g, "jkf"), "jkf")
    assert.are.equal(1, #g3:info().branches)
    assert.are.equal("2g2f", g3:moves()[1])
  end)

  it("KIF after a BOD with 手数＝N numbers its moves from N+1", function()
    local text = "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n" ..
      "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n" .. ("| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n"):rep(7) ..
      "| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：金\n手数＝10\n" ..
      "手数----指手---------消費時間--\n  11 ５八玉(59)\n  12 ５二玉(51)\n\n変化：12手\n  12 ４二玉(51)\n"
    local g = read_ok(text, "kif")
    assert.are.same({"5i5h", "5a5b"}, g:moves())
    assert.are.equal(11, g:start():ply())
    assert.are.same({"5a4b"}, g:info().branches[1].moves)
  end)

  it("CSA statements separated by commas, pieces placed by P+ and P- lines", function()
    local g = read_ok("P-51OU\nP+59OU00KI\n+\n+0052KI,T3,-5152OU,T1\n", "csa")
    assert.are.same({"G*5b", "5a5b"}, g:moves())
    assert.are.same({used = 1}, g:info().times[2])
  end)

  it("CSA names and headers run to the end of their line: a comma is theirs", function()
    local g = read_ok("N+Sente, Jr.\nN-Gote\n$EVENT:Cup, round 2\nPI\n+\n+7776FU,T1\n", "csa")
    local h = g:info().headers
    assert.equal("Sente, Jr.", h["先手"])
    assert.equal("Cup, round 2", h["棋戦"])
    -- written and read back the same (found by fuzz_roundtrip: a KI2 name with a comma)
    local back = read_ok(g:write("csa"), "csa")
    assert.equal("Sente, Jr.", back:info().headers["先手"])
    assert.are.same({"7g7f"}, back:moves())
  end)

  it("a foul move of no piece is written to KIF as the end alone, the move as a comment", function()
    -- found by fuzz_roundtrip: "５四?(55)" did not read back
    local g = read_ok("PI\n+\n+7776FU\n-5554FU\n%-ILLEGAL_ACTION\n", "csa")
    local k = g:write("kif")
    assert.truthy(k:find("*反則手: -5554FU", 1, true))
    assert.truthy(k:find("   2 反則負け", 1, true))
    local back = read_ok(k, "kif")
    assert.are.same({"7g7f"}, back:moves())
    assert.equal("b", back:result().winner)
    assert.equal("illegal-move", back:result().reason)
    -- and to JKF the same way (also found by fuzz_roundtrip: the writer raised)
    local j = assert(g:write("jkf"))
    assert.truthy(j:find("反則手: -5554FU", 1, true))
    local jb = read_ok(j, "jkf")
    assert.are.same({"7g7f"}, jb:moves())
    assert.equal("b", jb:result().winner)
  end)

  it("g:write calls record.write", function()
    local g = shogi.game()
    g:play("7g7f")
    if g.write then assert.are.equal(record.write(g, "usi"), g:write("usi")) end
  end)

  it("misuse raises", function()
    assert.has_error(function() record.read(42) end)
    assert.has_error(function() record.read("x", "docx") end)
    assert.has_error(function() record.write(shogi.game(), "docx") end)
  end)
end)

-- every error message: {what, text, format (nil: sniffed), message}
local ERRORS = {
  {"bad header line", "先手 someone\n手数----指手--\n", "kif", "t:1: bad header line (expected 'name：value')"},
  {"unknown handicap", "手合割：九枚半落ち\n手数----\n", "kif", "t:1: unknown handicap '九枚半落ち'"},
  {"bad KIF move text", "手数----\n   1 ７六XX(77)\n", "kif",
   "t:2: move 1 (７六XX(77)): expected a piece (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)"},
  {"bad destination", "手数----\n   1 Ｘ六歩(77)\n", "kif",
   "t:2: move 1 (Ｘ六歩(77)): expected a square like ７六 or 同"},
  {"bad origin", "手数----\n   1 ７六歩(7)\n", "kif",
   "t:2: move 1 (７六歩(7)): expected an origin like (77)"},
  {"trailing text", "手数----\n   1 ７六歩(77)x\n", "kif",
   "t:2: move 1 (７六歩(77)x): unexpected 'x' after the move '７六歩(77)'"},
  {"wrong piece named", "手数----\n   1 ７六銀(77)\n", "kif",
   "t:2: move 1: no legal move matches '７六銀(77)'"},
  {"no piece there", "手数----\n   1 ７六歩(75)\n", "kif",
   "t:2: move 1: no legal move matches '７六歩(75)': did you mean ７六歩(77) (7g7f)?"},
  {"opponent's piece", "手数----\n   1 ７四歩(73)\n", "kif",
   "t:2: move 1: '７四歩(73)' is a move of White (gote), but it is Black's turn to move"},
  {"同 first", "手数----\n   1 同　歩(77)\n", "kif",
   "t:2: move 1 (同　歩(77)): 同 needs the previous move's destination"},
  {"illegal KIF move", "手数----\n   1 ７五歩(77)\n", "kif",
   "t:2: move 1: illegal move '７五歩(77)' (7g7e): the piece cannot move that way"},
  {"move numbers", "手数----\n   1 ７六歩(77)\n   3 ３四歩(33)\n", "kif",
   "t:3: move number 3 where 2 was expected"},
  {"bad time", "手数----\n   1 ７六歩(77) (soon)\n", "kif", "t:2: bad time '(soon)'"},
  {"move after the end", "手数----\n   1 投了\n   2 ７六歩(77)\n", "kif",
   "t:3: move after the end of the game (投了)"},
  {"variation to nowhere", "手数----\n   1 ７六歩(77)\n\n変化：5手\n", "kif",
   "t:4: variation at move 5 matches no move"},
  {"bad variation line", "手数----\n   1 ７六歩(77)\n変化：手\n", "kif", "t:3: bad variation line"},
  {"illegal move in a variation", "手数----\n   1 ７六歩(77)\n変化：1手\n   1 ７五歩(77)\n", "kif",
   "t:4: move 1: illegal move '７五歩(77)' (7g7e): the piece cannot move that way"},
  {"cannot read a line", "手数----\n   1 ７六歩(77)\n???\n", "kif", "t:3: cannot read this line: ???"},
  {"board row", "後手の持駒：なし\n|v香v桂|一\n手数----\n", "kif",
   "t:2: fewer than nine squares in a board row"},
  {"board piece", "| ・ ・ ・ ・ ・ ・ ・ ・ 象|一\n", "bod", "t:1: unknown piece '象' on the board"},
  {"hand piece", "先手の持駒：象二\n", "bod", "t:1: unknown piece in hand '象二'"},
  {"truncated board", "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n" ..
   "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n", "bod", "t:4: the board has 1 rows, not 9"},
  {"KI2 wrong side", "▲７六歩 ▲２六歩\n", "ki2",
   "t:1: move 2: '▲２六歩' is a move of Black (sente), but it is White's turn to move"},
  {"千日手 without repetition", "手数----\n   1 ７六歩(77)\n   2 千日手\n", "kif",
   "t:3: 千日手: no repetition: the position has not occurred four times"},
  {"CSA bad header", "V2.2\n$EVENT\nPI\n+\n", "csa", "t:2: bad header (expected $KEY:value)"},
  {"CSA bad version", "V9\nPI\n+\n", "csa", "t:1: unknown CSA version 'V9'"},
  {"CSA bad move", "PI\n+\n+77FU\n", "csa",
   "t:3: move 1: not a CSA move '+77FU' (write it like +7776FU or -0045KA)"},
  {"CSA bad statement", "PI\n+\nhello\n", "csa", "t:3: cannot read 'hello'"},
  {"CSA bad piece", "PI\n+\n+7776XX\n", "csa", "t:3: move 1 (+7776XX): unknown CSA piece 'XX'"},
  {"CSA wrong side", "PI\n+\n-3334FU\n", "csa", "t:3: move 1 (-3334FU): '-' but it is black's (+) turn to move"},
  {"CSA wrong piece", "PI\n+\n+7776GI\n", "csa",
   "t:3: move 1: '+7776GI' names GI, but the piece on 77 is FU"},
  {"CSA illegal move", "PI\n+\n+7775FU\n", "csa",
   "t:3: move 1: illegal move '+7775FU' (7g7e): the piece cannot move that way"},
  {"CSA bad time", "PI\n+\n+7776FU\nTx\n", "csa", "t:4: bad time 'Tx'"},
  {"CSA time first", "PI\n+\nT5\n", "csa", "t:3: a time with no move before it"},
  {"CSA unknown end", "PI\n+\n%WHATEVER\n", "csa", "t:3: unknown end marker '%WHATEVER'"},
  {"CSA after the end", "PI\n+\n%TORYO\n+7776FU\n", "csa", "t:4: statement after the end of the game: +7776FU"},
  {"CSA PI removal", "PI55KA\n+\n", "csa", "t:1: PI: no KA on 55 to remove"},
  {"CSA bad row", "P1 *  *  * ?? *  *  *  *  * \n", "csa", "t:1: bad square '?? ' in a board row"},
  {"CSA hand piece", "PI\nP+00OU\n+\n", "csa", "t:2: piece 'OU' cannot be in hand"},
  {"CSA truncated (no side)", "V2.2\nPI\n", "csa", "t:2: no side to move ('+' or '-' line)"},
  {"CSA truncated (no position)", "V2.2\nN+a\n", "csa", "t:2: no start position (PI or P1..P9)"},
  {"CSA move before side", "PI\n+7776FU\n", "csa", "t:2: a move before the side to move ('+' or '-' line)"},
  {"JKF bad JSON", '{"header": {}, "moves": [\n{}, {"move": ', "jkf", "^t:2: bad JSON: .+"},
  {"JKF unknown preset", '{"initial": {"preset": "XX"}, "moves": [{}]}', "jkf", "t:1: unknown preset 'XX'"},
  {"JKF bad move", '{"moves": [{},\n {"move": {"from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 5}, "piece": "FU"}}]}',
   "jkf", "t:2: move 1: illegal move '7775FU' (7g7e): the piece cannot move that way"},
  {"JKF unknown special", '{"moves": [{}, {"special": "NAP"}]}', "jkf", "t:1: unknown special 'NAP'"},
  {"USI bad move", "position startpos moves 7g7f zz", "usi",
   "t:1: move 2: not a USI move 'zz' (write it like 7g7f, 8h2b+ or P*5e)"},
  {"USI illegal move", "position startpos moves 7g7f 7f7e", "usi",
   "t:1: move 2: illegal move '7f7e': the piece on the from square belongs to the opponent"},
  {"USI no moves keyword", "position startpos 7g7f", "usi", "t:1: expected 'moves' after the position"},
  {"USI bad SFEN", "sfen lnsgkgsnl", "usi", "t:1: bad SFEN (expected board, side, hands, move number)"},
  {"USI bad SFEN board", "sfen 9/9 b - 1", "usi", "^t:1: bad start position: sfen:1:%d+: .+"},
  {"USI two lines", "startpos\nstartpos\n", "usi", "t:2: more than one position in a USI record"},
  {"KIF drop with origin", "手数----\n   1 ５五角打(88)\n", "kif",
   "t:2: move 1 (５五角打(88)): a drop (打) has no origin"},
  {"KIF drop of a promoted piece", "手数----\n   1 ５五馬打\n", "kif",
   "t:2: move 1 (５五馬打): only a piece in hand can be dropped"},
  {"KIF lone 同", "手数----\n   1 ７六歩(77)\n   2 同\n", "kif", "t:3: bad move text"},
  {"KI2 move the notation refuses", "▲７七角\n", "ki2",
   "t:1: move 1: illegal move '▲７七角' (8h7g): own piece on the destination"},
  {"board row too long", "| ・ ・ ・ ・ ・ ・ ・ ・ ・ ・|一\n", "bod",
   "t:1: more than nine squares in a board row"},
  {"board row unclosed", "| ・ ・ ・ ・ ・ ・ ・ ・ ・\n", "bod", "t:1: bad board row"},
  {"ten board rows", ("| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n"):rep(10), "bod", "t:10: more than nine board rows"},
  {"hand count", "先手の持駒：歩x\n", "bod", "t:1: bad count in hand '歩x'"},
  {"BOD without a board", "先手：x\n", "bod", "t:1: no board diagram"},
  {"BOD with moves", "後手の持駒：なし\n" .. ("| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n"):rep(4) .. "| ・ ・ ・ ・v玉 ・ ・ ・ ・|\n" ..
   ("| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n"):rep(3) .. "| ・ ・ ・ ・ 玉 ・ ・ ・ ・|\n先手の持駒：なし\n   1 ５八玉(59)\n", "bod",
   "t:12: moves in a board diagram (read it as KIF)"},
  {"入玉勝ち refused", "手数----\n   1 入玉勝ち\n", "kif", "^t:2: 入玉勝ち: declaration refused: .+"},
  {"入玉勝ち after a mate", "P1 *  *  *  * -OU *  *  *  * \nP2\nP3 *  *  *  * +FU *  *  *  * \nP4\nP5\nP6\nP7\nP8\n" ..
   "P9 *  *  *  * +OU *  *  *  * \nP+00KI\nP-00AL\n+\n+0052KI\n%KACHI\n", "csa",
   "t:14: %KACHI: the game had already ended (checkmate)"},
  {"CSA second start", "PI\nPI\n+\n", "csa", "t:2: a second start position"},
  {"CSA 00AL on a bad board", "P-51OU\nP+59OU58OU\nP+00AL\n+\n", "csa",
   "t:4: bad start position: sfen:1:22: two black kings"},
  {"CSA bad PI", "PI82H\n+\n", "csa", "t:1: bad PI line"},
  {"CSA row after moves", "PI\n+\n+7776FU\nP1\n", "csa", "t:4: a board row after the moves"},
  {"CSA row number twice", "P1\nP1\n", "csa", "t:2: bad board row number"},
  {"CSA long row", "P1" .. (" * "):rep(10) .. "\n", "csa", "t:1: a board row is 9 squares of 3 characters"},
  {"CSA piece line after moves", "PI\n+\n+7776FU\nP+00FU\n", "csa", "t:4: a piece line after the moves"},
  {"CSA bad piece line", "PI\nP+00F\n", "csa", "t:2: bad piece line"},
  {"CSA bad piece", "PI\nP+55XX\n", "csa", "t:2: bad piece '55XX'"},
  {"CSA side after moves", "PI\n+\n+7776FU\n-\n", "csa", "t:4: side to move after the moves"},
  {"CSA move before position", "+\n+7776FU\n", "csa", "t:2: a move before the start position (PI or P1..P9)"},
  {"CSA end before side", "PI\n%TORYO\n", "csa", "t:2: an end marker before the side to move"},
  {"CSA bad destination", "PI\n+\n+7770FU\n", "csa", "t:3: move 1: bad square '70' in '+7770FU'"},
  {"CSA bad origin", "PI\n+\n+7076FU\n", "csa", "t:3: move 1: bad square '70' in '+7076FU'"},
  {"CSA drop of a promoted piece", "PI\n+\n+0055UM\n", "csa",
   "t:3: move 1 (+0055UM): a UM cannot be dropped"},
  {"CSA no piece", "PI\n+\n+7574FU\n", "csa",
   "t:3: move 1: illegal move '+7574FU' (7e7d): there is no piece on the from square"},
  {"CSA opponent's piece", "PI\n+\n+7374FU\n", "csa",
   "t:3: move 1: illegal move '+7374FU' (7c7d): the piece on the from square belongs to the opponent"},
  {"JKF not an object", "[1]", "jkf", "t:1: not a JKF object"},
  {"JKF string", '"x"', "jkf", "t:1: not a JKF object"},
  {"JKF OTHER without board", '{"initial": {"preset": "OTHER"}}', "jkf", "t:1: initial OTHER without a board"},
  {"JKF bad board", '{"initial": {"preset": "OTHER", "data": {"board": [1]}}}', "jkf", "t:1: bad initial board"},
  {"JKF unknown piece on the board", '{"initial": {"preset": "OTHER", "data": {"board": [[{"color": 0, "kind": "XX"}]' ..
   (',[]'):rep(8) .. ']}}}', "jkf", "t:1: unknown piece 'XX'"},
  {"JKF entry", '{"moves": [{}, 5]}', "jkf", "t:1: move list entry 2 is not an object"},
  {"JKF fork", '{"moves": [{}, {"move": {"from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}, "forks": [5]}]}',
   "jkf", "t:1: a fork is not a list"},
  {"JKF empty entry", '{"moves": [{}, {"time": {}}]}', "jkf", "t:1: entry 2 has neither move nor special"},
  {"JKF wrong color", '{"moves": [{}, {"move": {"color": 1, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}}]}',
   "jkf", "t:1: move 1 (3334FU): '-' but it is black's (+) turn to move"},
  {"JKF bad destination", '{"moves": [{}, {"move": {"from": {"x": 7, "y": 7}, "to": {"x": 0, "y": 6}, "piece": "FU"}}]}',
   "jkf", "t:1: move 1: bad square '06' in '7706FU'"},
  {"JKF no destination", '{"moves": [{}, {"move": {"from": {"x": 7, "y": 7}, "piece": "FU"}}]}',
   "jkf", "t:1: move 1 (77??FU): bad square '00' in '7700FU'"},
  {"JKF unknown piece", '{"moves": [{}, {"move": {"from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "ZZ"}}]}',
   "jkf", "t:1: move 1 (7776ZZ): unknown CSA piece 'ZZ'"},
  {"JKF drop of a king", '{"moves": [{}, {"move": {"to": {"x": 5, "y": 5}, "piece": "OU"}}]}',
   "jkf", "t:1: move 1 (0055OU): a OU cannot be dropped"},
  {"JKF bad origin", '{"moves": [{}, {"move": {"from": {"x": 7, "y": 10}, "to": {"x": 7, "y": 6}, "piece": "FU"}}]}',
   "jkf", "t:1: move 1 (71076FU): bad square '70' in '7076FU'"},
  {"JKF no piece", '{"moves": [{}, {"move": {"from": {"x": 7, "y": 5}, "to": {"x": 7, "y": 4}, "piece": "FU"}}]}',
   "jkf", "t:1: move 1: illegal move '7574FU' (7e7d): there is no piece on the from square"},
  {"JKF wrong piece", '{"moves": [{}, {"move": {"from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "GI"}}]}',
   "jkf", "t:1: move 1: '7776GI' names GI, but the piece on 77 is FU"},
  -- issue 11: a huge move number was "number has no integer representation", raised
  {"huge move number", "手数----\n   99999999999999999999 ７六歩(77)\n", "kif",
   "t:2: move number 99999999999999999999 is too large"},
  {"huge move number later", "手数----\n   1 ７六歩(77)\n   99999999999999999999 ３四歩(33)\n", "kif",
   "t:3: move number 99999999999999999999 is too large"},
  {"huge variation number", "手数----\n   1 ７六歩(77)\n変化：99999999999999999999手\n", "kif",
   "t:3: move number 99999999999999999999 is too large"},
  {"huge 手数", "手数＝99999999999999999999\n", "bod", "t:1: move number 99999999999999999999 is too large"},
  {"USI nothing", "\n\n", "usi", "t:1: no position"},
  {"empty record", "", nil, "t:1: empty record"},
  {"unknown format", "hello world\n", nil, "t:1: unknown record format"},
  {"unknown encoding", "\255\254\253\n\129", nil, "t:1: unknown encoding (neither UTF-8, Shift_JIS nor EUC-JP)"},
  {"forced encoding", "abc", "kif", "t:1: unknown encoding 'latin9' (UTF-8, CP932 or EUC-JP)", {encoding = "latin9"}},
  {"not UTF-8", "\255\n", "kif", "t:1: not valid UTF-8", {encoding = "utf-8"}},
}

describe("error messages", function()
  for _, e in ipairs(ERRORS) do
    it(e[1] .. ": " .. e[4], function()
      local opts = e[5] or {}
      opts.name = "t"
      local g, err = record.read(e[2], e[3], opts)
      assert.is_nil(g)
      if e[4]:sub(1, 1) == "^" then
        assert.truthy(tostring(err):match(e[4]), err)
      else
        assert.are.equal(e[4], err)
      end
    end)
  end

  it("a missing file", function()
    local g, err = record.read("/nonexistent/game.kif")
    assert.is_nil(g)
    assert.are.equal("/nonexistent/game.kif:0: cannot open the file", err)
  end)

  it("an illegal move keeps the game before it", function()
    local g, err, partial = record.read("position startpos moves 7g7f 3c3d 7f7e 8c8d 7e7c",
      "usi", {name = "t"})
    assert.is_nil(g)
    assert.truthy(err:match("^t:1: move 5: illegal move .7e7c.: "), err)
    assert.are.same({"7g7f", "3c3d", "7f7e", "8c8d"}, partial:moves())
  end)

  it("a 残り全部 diagram whose board breaks the rules is an error, not a raise", function()
    local rows = {}
    for r = 1, 9 do rows[r] = "| ・ ・ ・ ・" .. ((r == 1 or r == 3) and "v玉" or " ・") .. " ・ ・ ・ ・|" .. r end
    local text = "後手の持駒：残り全部\n+---------------------------+\n" .. table.concat(rows, "\n") ..
      "\n+---------------------------+\n"
    local g, err = record.read(text, "kif", {name = "t"})
    assert.is_nil(g)
    assert.truthy(tostring(err):match("^t:%d+: bad start position: .*two white kings"), err)
  end)

  it("a file's line numbers count its own lines (CR LF)", function()
    local _, err = record.read("手合割：平手\r\n手数----\r\n   1 ７六歩(77)\r\n   2 ３五歩(33)\r\n", "kif", {name = "t"})
    assert.truthy(err:match("^t:4: move 2: "), err)
  end)
end)

describe("one source of piece facts (issue 11)", function()
  it("no Lua module outside the help text names a piece: the names come from core.pieces", function()
    local root = package.searchpath("shogi.record", package.path):match("^(.*)lua/shogi/record%.lua$") or "./"
    local p = io.popen("find '" .. root .. "lua/shogi' -name '*.lua' -not -path '*/doc/*'")
    local names = {"FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG", "UM", "RY", "SZ", "TS",
                   "歩", "香", "桂", "銀", "金", "角", "飛", "玉", "王", "と", "馬", "龍", "竜", "酔", "太", "杏", "圭", "全"}
    local found = {}
    for path in p:lines() do
      local n = 0
      for line in io.lines(path) do
        n = n + 1
        local code = line:gsub("%-%-.*$", "")
        for _, name in ipairs(names) do
          if code:find('"' .. name .. '"', 1, true) then found[#found + 1] = path:match("lua/shogi/.*") .. ":" .. n end
        end
      end
    end
    p:close()
    assert.are.same({}, found)
  end)
end)

describe("record options", function()
  local record = require "shogi.record"
  it("refuses unknown option names, listing the known ones", function()
    local ok, msg = pcall(record.read, "tests/data/records/jkf__fork.kif", nil, {encodign = "cp932"})
    assert.is_false(ok)
    assert.matches("unknown option 'encodign' %(known: encoding, game, name, variant%)", msg)
    local g = assert(record.read("tests/data/records/jkf__fork.kif"))
    ok, msg = pcall(record.write, g, "csa", {verison = "3.0"})
    assert.is_false(ok)
    assert.matches("unknown option 'verison' %(known: encoding, version%)", msg)
  end)
end)

describe("records that are too large or too long (found by fuzzing)", function()
  local record = require "shogi.record"
  it("never reads a file past 64 MiB: a device has no end", function()
    assert.same({nil, "/dev/zero:0: the file is larger than 64 MiB, too large for a record"},
      {record.read("/dev/zero")})
  end)
  it("refuses a CSA move time longer than a year", function()
    assert.same({nil, "record:5: time 'T99999999999999999999999' is longer than a year"},
      {record.read("V2.2\nPI\n+\n+7776FU\nT99999999999999999999999\n", "csa")})
  end)

  it("refuses a KIF time longer than a year (found by fuzz_roundtrip: it overflowed when summed)", function()
    local kif = "手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:00/07777777777777770:00:00)\n"
    assert.same({nil, "record:2: bad time '( 0:00/07777777777777770:00:00)'"}, {record.read(kif, "kif")})
    local ok = "手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:02/00:00:02)\n"
    assert.equal(2, record.read(ok, "kif"):info().times[1].used)
  end)
end)
