-- Random standard and Sho games (fixed seeds) written and read back through every
-- format: the same moves, final position and verdict.  BOD and SFEN hold a
-- position only; USI has no verdict.
local shogi = require "shogi"
local record = require "shogi.record"

-- a small deterministic generator (the same games on every Lua build)
local function rng(seed)
  local x = seed
  return function(n)
    x = (x * 1103515245 + 12345) % 2147483648
    return x % n + 1
  end
end

-- plays a game: kind "open" stops at `plies`, "resign" resigns there, "mate"
-- plays on (checks preferred) until a mate or 300 plies
local function random_game(variant, seed, plies, kind)
  local g = shogi.game(variant == "sho" and "sho" or "startpos")
  local pick = rng(seed)
  local function mating(moves)
    for _, m in ipairs(moves) do
      if g:position():after(m):is_mate() then return m end
    end
  end
  while not g:result() do
    local n = g:ply()
    if n >= plies and kind ~= "mate" then break end
    if n >= 300 then break end
    local moves = g:legal_moves()
    if #moves == 0 then break end
    local m = mating(moves)
    if not m and kind == "mate" and n >= plies // 2 then
      local checks = g:checks()
      if #checks > 0 and pick(10) <= 7 then m = checks[pick(#checks)] end
    end
    g:play(m or moves[pick(#moves)])
  end
  if kind == "resign" and not g:result() then g:resign() end
  return g
end

local function verdict(g)
  local v = g:result()
  return v and {reason = v.reason, winner = v.winner or false, outcome = v.outcome} or false
end

local GAMES = {}
for i = 1, 16 do
  local variant = i % 2 == 0 and "sho" or "standard"
  local kind = ({"open", "resign", "mate", "mate"})[(i - 1) % 4 + 1]
  local plies = 30 + (i * 37) % 121   -- 30..150
  GAMES[#GAMES + 1] = {variant = variant, seed = 1000 + i, plies = plies, kind = kind}
end

local FULL = {"kif", "ki2", "csa", "jkf"}

describe("random games through every format", function()
  local kinds_seen = {}
  for _, spec in ipairs(GAMES) do
    local label = ("%s game %d (%s, %d plies)"):format(spec.variant, spec.seed, spec.kind, spec.plies)
    local g = random_game(spec.variant, spec.seed, spec.plies, spec.kind)
    local v = verdict(g)
    kinds_seen[v and v.reason or "open"] = true

    for _, f in ipairs(FULL) do
      it(label .. " -> " .. f .. ": the same moves, final position and verdict", function()
        local text = record.write(g, f)
        local g2, err = record.read(text, f, {name = f})
        assert.truthy(g2, err)
        assert.are.equal(g:start(), g2:start())
        assert.are.same(g:moves(), g2:moves())
        assert.are.equal(g:position(), g2:position())
        assert.are.equal(spec.variant, g2:variant())
        assert.are.same(v, verdict(g2))
        assert.are.equal(text, record.write(g2, f))   -- and writing again gives the same text
      end)
    end

    it(label .. " -> usi: the same moves and final position, the variant carried", function()
      local text = record.write(g, "usi")
      if spec.variant == "sho" then assert.truthy(text:match("^variant sho\nposition startpos moves "), text) end
      local g2, err = record.read(text, "usi")
      assert.truthy(g2, err)
      assert.are.same(g:moves(), g2:moves())
      assert.are.equal(g:position(), g2:position())
    end)

    it(label .. " -> sfen and bod: the final position", function()
      local opts = {variant = spec.variant}
      local g2, err = record.read(record.write(g, "sfen"), "sfen", opts)
      assert.truthy(g2, err)
      assert.are.equal(g:position(), g2:position())
      local g3, err3 = record.read(record.write(g, "bod"), "bod")
      assert.truthy(g3, err3)
      assert.are.equal(g:position(), g3:position())
      assert.are.equal(spec.variant, g3:variant())
    end)
  end

  it("the games end in every way asked for: open, resignation and mate", function()
    assert.truthy(kinds_seen.open, "an open game")
    assert.truthy(kinds_seen.resignation, "a resignation")
    assert.truthy(kinds_seen.checkmate, "a checkmate")
  end)
end)

describe("Sho shogi in every format (issue 11)", function()
  local g = shogi.game("sho")
  for _, m in ipairs({"5h4h", "5b6b", "7g7f", "3c3d", "4h5h", "6b5b"}) do g:play(m) end

  it("KIF and KI2 name the variant (種類：小将棋) and write 酔象 in moves, 酔 on the board", function()
    local kif = record.write(g, "kif")
    assert.truthy(kif:find("\n種類：小将棋\n", 1, true), kif)
    assert.truthy(kif:find("| ・ 角 ・ ・ 酔 ・ ・ 飛 ・|八", 1, true), kif)
    assert.truthy(kif:find("   1 ４八酔象(58)\n", 1, true), kif)
    local ki2 = record.write(g, "ki2")
    assert.truthy(ki2:find("▲４八酔象", 1, true), ki2)
  end)

  it("CSA writes SZ and a 'variant sho line; SZ/TS on the board also imply Sho", function()
    local csa = record.write(g, "csa")
    assert.truthy(csa:find("\n'variant sho\n", 1, true), csa)
    assert.truthy(csa:find("\n+5848SZ\n", 1, true), csa)
    local without = csa:gsub("'variant sho\n", "")
    local g2 = assert(record.read(without, "csa"))
    assert.are.equal("sho", g2:variant())
    assert.are.same(g:moves(), g2:moves())
  end)

  it("a promoted elephant is TS in CSA and 太子 in KIF", function()
    local p = shogi.game("4k3p/9/9/4E4/9/9/9/9/4K4 b - 1", {variant = "sho"})
    p:play("5d5c+")
    assert.truthy(record.write(p, "csa"):find("\n+5453TS\n", 1, true))
    assert.truthy(record.write(p, "kif"):find("５三酔象成(54)", 1, true))
    p:play("5a4a")
    local b = record.write(p, "bod")
    assert.truthy(b:find(" 太 ", 1, true), b)
    assert.truthy(b:find("^種類：小将棋\n"), b)
  end)

  it("JKF: header 種類 小将棋 and SZ pieces, read back", function()
    local jkf = record.write(g, "jkf")
    assert.truthy(jkf:find('"種類":"小将棋"', 1, true), jkf)
    assert.truthy(jkf:find('"piece":"SZ"', 1, true), jkf)
    local g2 = assert(record.read(jkf, "jkf"))
    assert.are.same(g:moves(), g2:moves())
  end)

  it("USI: a 'variant sho' line before the position; a bare Sho SFEN with {variant = \"sho\"}", function()
    assert.are.equal("variant sho\nposition startpos moves 5h4h 5b6b 7g7f 3c3d 4h5h 6b5b\n", record.write(g, "usi"))
    local sfen = record.write(g, "sfen")
    local bad, err = record.read(sfen, "sfen", {name = "t"})
    assert.is_nil(bad)
    assert.truthy(err:match("^t:1: bad start position: .*unknown piece letter 'e'"), err)
    assert.are.equal(g:position(), assert(record.read(sfen, "sfen", {variant = "sho"})):position())
  end)

  it("a standard game written after a Sho record was read drops the stale 種類 header", function()
    local g2 = assert(record.read(record.write(g, "kif"), "kif"))
    local std = shogi.game()
    std:info().headers, std:info().header_order = g2:info().headers, g2:info().header_order
    assert.are.equal("小将棋", std:info().headers["種類"])
    std:play("7g7f")
    local kif = record.write(std, "kif")
    assert.falsy(kif:find("種類", 1, true), kif)
    assert.are.equal("standard", assert(record.read(kif, "kif")):variant())
  end)

  local ERRORS = {
    {"USI unknown variant", "variant chu\nposition startpos", "usi", "t:1: unknown variant 'chu' (sho or standard)"},
    {"USI variant after the position", "position startpos\nvariant sho", "usi",
     "t:2: 'variant' must come once, before the position"},
    {"CSA unknown variant", "'variant chu\nPI\n+\n", "csa", "t:1: unknown variant 'chu' (sho or standard)"},
    {"CSA 00AL in Sho", "'variant sho\nP1-OU\nP9+OU\nP+00AL\n+\n", "csa",
     "t:5: 00AL in Sho shogi, which has no pieces in hand"},
  }
  for _, e in ipairs(ERRORS) do
    it(e[1] .. ": " .. e[4], function()
      local g2, err = record.read(e[2], e[3], {name = "t"})
      assert.is_nil(g2)
      assert.are.equal(e[4], err)
    end)
  end
end)

-- every ending a game can have, written and read back in KIF, KI2, CSA and JKF
local function play(g, moves)
  for m in moves:gmatch("%S+") do g:play(m) end
  return g
end

local ENDINGS = {
  {"checkmate", function() return play(shogi.game("4k4/9/4G4/9/9/9/9/9/4K4 b G 1"), "G*5b") end,
   {reason = "checkmate", winner = "b"}, {kif = "詰み", csa = "%TSUMI", jkf = '"special":"TSUMI"'}},
  {"resignation", function() local g = play(shogi.game(), "7g7f"); g:resign(); return g end,
   {reason = "resignation", winner = "b"}, {kif = "投了", csa = "%TORYO", jkf = '"special":"TORYO"'}},
  {"sennichite", function() return play(shogi.game(), ("2h3h 8b7b 3h2h 7b8b "):rep(3)) end,
   {reason = "sennichite"}, {kif = "千日手", csa = "%SENNICHITE", jkf = '"special":"SENNICHITE"'}},
  -- black's rook checks on every move: black's foul, never %SENNICHITE (a draw to every
  -- other program; issue 11).  White to move at the fourth time: the side wronged.
  {"perpetual check by black", function()
     return play(shogi.game("4k4/9/9/9/9/9/9/4R4/4K4 w - 1"), ("5a4a 5h4h 4a5a 4h5h "):rep(3))
   end,
   {reason = "perpetual-check", winner = "w"},
   {kif = "  13 反則勝ち", csa = "%+ILLEGAL_ACTION", jkf = '"special":"+ILLEGAL_ACTION"'}},
  {"perpetual check by white", function()
     return play(shogi.game("4k4/4r4/9/9/9/9/9/9/4K4 b - 1"), ("5i4i 5b4b 4i5i 4b5b "):rep(3))
   end,
   {reason = "perpetual-check", winner = "b"},
   {kif = "  13 反則勝ち", csa = "%-ILLEGAL_ACTION", jkf = '"special":"-ILLEGAL_ACTION"'}},
  -- the checking side to move at the fourth time: it loses by a foul of the side to move
  {"perpetual check by black, black to move", function()
     return play(shogi.game("4k4/9/9/9/9/9/9/5R3/4K4 b - 1"), ("4h5h 5a4a 5h4h 4a5a "):rep(3))
   end,
   {reason = "perpetual-check", winner = "w"},
   {kif = "  13 反則負け", csa = "%ILLEGAL_MOVE", jkf = '"special":"ILLEGAL_MOVE"'}},
  {"declaration", function()
     local g = shogi.game("4K4/9/9/9/9/9/+r+bgggg+b+r1/ssssk4/9 w - 1", {rules = "computer"})
     assert(g:declare())
     return g
   end,
   {reason = "declaration", winner = "w"}, {kif = "入玉勝ち", csa = "%KACHI", jkf = '"special":"KACHI"'}},
  {"impasse count", function()
     local g = shogi.game("9/4K4/9/9/9/9/9/4k4/9 b 2R2B4G4S4N4L18P 1")
     assert(g:impasse())
     return g
   end,
   {reason = "impasse-24", winner = "b"}, {kif = "中断", csa = "%CHUDAN", jkf = '"special":"CHUDAN"'}},
  -- a custom verdict is no foul (issue 11: it was written 反則勝ち / %-ILLEGAL_ACTION)
  {"custom verdict", function()
     local drill = shogi.rules.custom{base = "jsa", name = "took-gold", end_tests = {function(g)
       if g:hand("b").G > 0 then return {outcome = "win", winner = "b", reason = "took-gold", text = "gold taken"} end
     end}}
     return play(shogi.game("4k4/9/4g4/9/4R4/9/9/9/4K4 b - 1", {rules = drill}), "5e5c")
   end,
   {reason = "took-gold", winner = "b"}, {kif = "中断", csa = "%CHUDAN", jkf = '"special":"CHUDAN"'}},
}

describe("each ending written and read in KIF, KI2, CSA and JKF", function()
  for _, e in ipairs(ENDINGS) do
    local name, make, want, words = e[1], e[2], e[3], e[4]
    for _, f in ipairs(FULL) do
      it(name .. " in " .. f, function()
        local g = make()
        local v = g:result()
        assert.truthy(v, "the game has a verdict")
        assert.are.same(want, {reason = v.reason, winner = v.winner})
        local text = record.write(g, f)
        local word = f == "ki2" and "まで" or words[f]
        assert.truthy(text:find(word, 1, true), text)
        assert.falsy(text:find("SENNICHITE", 1, true) and want.reason ~= "sennichite", text)
        if want.reason == "took-gold" or want.reason == "impasse-24" then
          assert.truthy(text:find("komadai verdict: " .. want.reason .. " winner=" .. want.winner, 1, true), text)
          assert.falsy(text:find("反則", 1, true) or text:find("ILLEGAL", 1, true), text)
        end
        local g2, err = record.read(text, f, {name = f})
        assert.truthy(g2, err)
        assert.are.same(g:moves(), g2:moves())
        local v2 = g2:result()
        if want.reason == "took-gold" and not g2.end_custom then
          return pending("a custom verdict read back needs g:end_custom (the lead's endings)")
        end
        assert.truthy(v2, "a verdict after reading")
        assert.are.same(want, {reason = v2.reason, winner = v2.winner})
        assert.are.equal(text, record.write(g2, f))
      end)
    end
  end
end)

-- fouls and time losses a record states become the game's verdict (issue 11)
local STATED = {
  {"CSA %TIME_UP: the side to move lost on time", "PI\n+\n+7776FU\n%TIME_UP\n", "csa",
   {reason = "time-up", winner = "b"}},
  {"CSA %ILLEGAL_MOVE: the side to move fouled", "PI\n+\n+7776FU\n-3334FU\n%ILLEGAL_MOVE\n", "csa",
   {reason = "illegal-move", winner = "w"}},
  {"CSA %-ILLEGAL_ACTION: white fouled", "PI\n+\n+7776FU\n-3334FU\n%-ILLEGAL_ACTION\n", "csa",
   {reason = "illegal-move", winner = "b"}},
  {"KIF 切れ負け", "手数----\n   1 ７六歩(77)\n   2 切れ負け\n", "kif", {reason = "time-up", winner = "b"}},
  {"KIF 反則勝ち: the side to move wins", "手数----\n   1 ７六歩(77)\n   2 反則勝ち\n", "kif",
   {reason = "illegal-move", winner = "w"}},
  {"KIF 反則負け: the side to move loses", "手数----\n   1 ７六歩(77)\n   2 反則負け\n", "kif",
   {reason = "illegal-move", winner = "b"}},
  -- the pinned gold steps aside: the core names the move it refuses, the reader keeps it
  {"CSA: the illegal last move the record calls a foul",
   "P1 *  *  *  * -HI *  *  * -OU\nP2\nP3\nP4\nP5\nP6\nP7\nP8 *  *  *  * +KI *  *  *  * \n" ..
   "P9 *  *  *  * +OU *  *  *  * \n+\n+5848KI\n%ILLEGAL_MOVE\n", "csa",
   {reason = "illegal-move", winner = "w"}},
}

describe("stated fouls and time losses become verdicts", function()
  for _, s in ipairs(STATED) do
    it(s[1], function()
      local g, err = record.read(s[2], s[3], {name = "t"})
      assert.truthy(g, err)
      if not g.end_by then return pending("needs g:end_by (the lead's endings)") end
      local v = g:result()
      assert.truthy(v, "a verdict")
      assert.are.same(s[4], {reason = v.reason, winner = v.winner})
      for _, f in ipairs(FULL) do
        local g2, err2 = record.read(record.write(g, f), f)
        assert.truthy(g2, err2)
        local v2 = g2:result()
        assert.are.same(s[4], v2 and {reason = v2.reason, winner = v2.winner}, f)
      end
    end)
  end

  it("the real records' stated fouls: WCSC31 %ILLEGAL_MOVE, illegal_win %-ILLEGAL_ACTION, 281 手目 反則勝ち", function()
    local dir = (package.searchpath("shogi.record", package.path):match("^(.*)lua/shogi/record%.lua$")
      or "./") .. "tests/data/records/"
    local want = {["kp__WCSC31_L8_ANS_KFW_1.csa"] = "w", ["jkf__illegal_win.csa"] = "b",
                  ["kp__KifuwarabeW31B22-selfplay-shogigui.kif"] = "w"}
    for file, winner in pairs(want) do
      local g = assert(record.read(dir .. file))
      if not g.end_by then return pending("needs g:end_by (the lead's endings)") end
      local v = g:result()
      assert.truthy(v, file)
      assert.are.same({"illegal-move", winner}, {v.reason, v.winner}, file)
    end
  end)
end)

describe("a foul move a record ends with", function()
  local text = "P1 *  *  *  * -HI *  *  * -OU\nP2\nP3\nP4\nP5\nP6\nP7\nP8 *  *  *  * +KI *  *  *  * \n" ..
    "P9 *  *  *  * +OU *  *  *  * \n+\n+5848KI\n%ILLEGAL_MOVE\n"
  it("is kept beside the ending and written as a move, the fouler named by sign", function()
    local g = assert(record.read(text, "csa"))
    assert.are.equal(0, #g:moves())
    assert.are.equal("5h4h", g:info().ending.illegal.usi)
    local kif = record.write(g, "kif")
    assert.truthy(kif:find("   1 ４八金(58)\n   2 反則勝ち\nまで1手で後手の反則勝ち\n", 1, true), kif)
    local csa = record.write(g, "csa")
    assert.truthy(csa:find("\n+5848KI\n%+ILLEGAL_ACTION\n", 1, true), csa)
    for _, f in ipairs({"kif", "csa", "jkf"}) do
      local g2 = assert(record.read(record.write(g, f), f))
      assert.are.same({"5h4h", "w"}, {g2:info().ending.illegal.usi, g2:info().ending.winner}, f)
    end
  end)
end)

describe("a start that breaks a diagram rule (issue 11)", function()
  -- Kifu for Windows' nine-pawns challenge: nine gote pawns on one file
  local kif = "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n" ..
    "| ・ ・ ・ ・v玉 ・ ・ ・v歩|一\n" .. ("| ・ ・ ・ ・ ・ ・ ・ ・v歩|\n"):rep(8) ..
    "+---------------------------+\n先手の持駒：飛\n手数----指手---------消費時間--\n   1 ５二飛打\n"
  local function lenient()
    local ok, pos = pcall(shogi.core.position, "startpos", {strict = false})
    return ok and pos and pos.problems
  end

  it("reads with a warning in g:info().warnings", function()
    if not lenient() then return pending("needs core.position(sfen, {strict = false}) (the lead's lenient mode)") end
    local g, err = record.read(kif, "kif", {name = "t"})
    assert.truthy(g, err)
    assert.are.same({"R*5b"}, g:moves())
    local w = g:info().warnings
    assert.truthy(w and #w > 0, "warnings")
    assert.truthy(w[1]:match("^t:1: start position: "), w[1])
    local g2 = assert(record.read(record.write(g, "kif"), "kif"))
    assert.are.equal(g:start(), g2:start())
  end)

  it("CSA with 00AL on such a board: the rest of the pieces in hand, and the warning", function()
    local g = assert(record.read("P-51OU52FU53FU\nP+59OU\nP+00AL\n+\n", "csa", {name = "t"}))
    assert.are.equal("4k4/4p4/4p4/9/9/9/9/9/4K4 b 2R2B4G4S4N4L16P 1", g:sfen())
    assert.are.same({"t:1: start position: two unpromoted white pawns on file 5 (nifu)"}, g:info().warnings)
  end)

  it("a strict start has no warnings", function()
    assert.is_nil(assert(record.read("PI\n+\n", "csa")):info().warnings)
  end)
end)
