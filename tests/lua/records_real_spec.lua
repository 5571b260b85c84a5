-- Every real record in tests/data/records/ reads with the move count and final
-- position another program (tsshogi) saw, and the server test games come out
-- with the verdicts their notes give.
local shogi = require "shogi"
local record = require "shogi.record"

local function data_dir()
  local base = package.searchpath("shogi.record", package.path):match("^(.*)lua/shogi/record%.lua$") or "./"
  return base .. "tests/data/records/"
end
local DIR = data_dir()

local function manifest()
  local rows = {}
  local f = assert(io.open(DIR .. "MANIFEST.tsv"))
  local head = {}
  for name in (f:read("l") .. "\t"):gmatch("(.-)\t") do head[#head + 1] = name end
  for line in f:lines() do
    local row, k = {}, 1
    for cell in (line .. "\t"):gmatch("(.-)\t") do row[head[k]] = cell; k = k + 1 end
    rows[#rows + 1] = row
  end
  f:close()
  return rows
end

local function count_branches(list)
  local n = 0
  for _, b in ipairs(list or {}) do n = n + 1 + count_branches(b.branches) end
  return n
end

local function count_comments(comments, branches, ending)
  local n = ending and ending.comment and 1 or 0
  for _ in pairs(comments or {}) do n = n + 1 end
  for _, b in ipairs(branches or {}) do n = n + count_comments(b.comments, b.branches, b.ending) end
  return n
end

-- the one record whose last move is the foul its end marker names
local FOUL = "kp__KifuwarabeW31B22-selfplay-shogigui.kif"

describe("real records", function()
  for _, row in ipairs(manifest()) do
    local file = row.file
    it(file .. " reads with " .. row.moves .. " moves and the final position", function()
      local g, err = record.read(DIR .. file)
      assert.is_nil(err)
      assert.truthy(g, err)
      assert.are.equal(shogi.position(row.start_sfen), g:start())
      local info = g:info()
      if file == FOUL then
        -- 281 ▲同玉(59) walks into check; the record ends 反則勝ち for 後手
        assert.are.equal(tonumber(row.moves) - 1, #g:moves())
        assert.are.equal("5i6i", info.ending.illegal.usi)
        assert.are.equal("w", info.ending.winner)
        assert.is_false((g:is_legal("5i6i")))
      else
        assert.are.equal(tonumber(row.moves), #g:moves())
        assert.are.equal(shogi.position(row.final_sfen), g:position())
      end
      assert.are.equal(tonumber(row.variations), count_branches(info.branches))
      local nodes = tonumber(row.notes:match("comment nodes=(%d+)") or "0")
      assert.are.equal(nodes, count_comments(info.comments, info.branches, info.ending))
    end)
  end
end)

describe("verdicts of the server test games", function()
  local function read(file)
    local g, err = record.read(DIR .. file)
    assert.truthy(g, err)
    return g, g:result()
  end

  it("ss__oute_sennichite: black checks every move, black loses by perpetual check", function()
    local g, v = read("ss__oute_sennichite.csa")
    assert.are.equal(110, #g:moves())
    assert.are.equal("perpetual-check", v.reason)
    assert.are.equal("w", v.winner)
  end)

  it("ss__oute_sennichite2: white checks every move, white loses by perpetual check", function()
    local _, v = read("ss__oute_sennichite2.csa")
    assert.are.equal("perpetual-check", v.reason)
    assert.are.equal("b", v.winner)
  end)

  it("ss__not_sennichite: the board repeats four times but hands or side differ: no verdict", function()
    local g, v = read("ss__not_sennichite.csa")
    assert.is_nil(v)
    assert.are.equal(89, #g:moves())
  end)

  it("ss__uchifuzume: the pawn-drop mate the server refuses is refused", function()
    local g, v = read("ss__uchifuzume.csa")
    assert.is_nil(v)
    local ok, _, id = g:is_legal("P*6d")
    assert.is_false(ok)
    assert.are.equal("uchifuzume", id)
    local f = assert(io.open(DIR .. "ss__uchifuzume.csa", "rb"))
    local text = f:read("a") .. "-0064FU\n"
    f:close()
    local g2, err, partial = record.read(text, "csa", {name = "uchifuzume.csa"})
    assert.is_nil(g2)
    assert.truthy(err:match("^uchifuzume%.csa:%d+: move 104: illegal move '%-0064FU' %(P%*6d%): uchifuzume"), err)
    assert.are.equal(103, #partial:moves())
  end)

  it("ss__jishogi_kachi: white declares with 27 points and wins", function()
    local g, v = read("ss__jishogi_kachi.csa")
    assert.are.equal(315, #g:moves())
    assert.are.equal("declaration", v.reason)
    assert.are.equal("w", v.winner)
  end)

  it("dr1test1: black declares after 400 moves and wins", function()
    local _, v = read("jkf__dr1test1-aobazero-viper-20200719201040.csa")
    assert.are.equal("declaration", v.reason)
    assert.are.equal("b", v.winner)
  end)

  it("floodgate: %TORYO resigns for the side to move", function()
    local g, v = read("ss__floodgate-900-0-gps_normal-gps_l-20100507120007.csa")
    assert.are.equal("resignation", v.reason)
    assert.are.equal("w", v.winner)
    assert.are.equal("TORYO", g:info().ending.name)
    assert.are.equal("gps_normal", g:info().headers["先手"])
  end)

  it("sh__e2e03: 入玉勝ち with no moves is white's declaration", function()
    local g, v = read("sh__e2e03-nyugyoku-kachi.kifu")
    assert.are.equal(0, #g:moves())
    assert.are.equal("declaration", v.reason)
    assert.are.equal("w", v.winner)
  end)

  it("sh__e2e05: 千日手 agrees with the game's sennichite (a draw)", function()
    local g, v = read("sh__e2e05-sennichite.kifu")
    assert.are.equal("sennichite", v.reason)
    assert.are.equal("draw", v.outcome)
    assert.are.equal("SENNICHITE", g:info().ending.name)
  end)

  it("sh__e2e06: 反則負け after black's perpetual check", function()
    local g, v = read("sh__e2e06-oute-sennichite-black.kifu")
    assert.are.equal("perpetual-check", v.reason)
    assert.are.equal("w", v.winner)
    assert.are.equal("w", g:info().ending.winner)
  end)

  it("kp__WCSC31: %ILLEGAL_MOVE: black, to move, loses", function()
    local g = read("kp__WCSC31_L8_ANS_KFW_1.csa")
    assert.are.equal("ILLEGAL_MOVE", g:info().ending.name)
    assert.are.equal("w", g:info().ending.winner)
  end)

  it("jkf__illegal_win: %-ILLEGAL_ACTION: white fouled, black wins", function()
    local g = read("jkf__illegal_win.csa")
    assert.are.equal("b", g:info().ending.winner)
  end)

  it("checkmates end with the game's checkmate verdict", function()
    for _, file in ipairs({"skc__everyday_20211107.kif", "kfj__hashimoto-sos.kif",
                           "kp__shogiextend-surokiti0510-muzudho-20211004.kifu"}) do
      local _, v = read(file)
      assert.are.equal("checkmate", v.reason, file)
    end
  end)
end)

describe("encodings and quirks", function()
  it("EUC-JP is sniffed", function()
    local g = record.read(DIR .. "jkf__2005_YAMADA_GPS.csa")
    assert.are.equal("山田将棋 Version 2.18 (LEVEL5)", g:info().headers["後手"])
  end)

  it("a .kif whose header claims UTF-8 but whose bytes are Shift_JIS", function()
    local g = record.read(DIR .. "jkf__no_henka.kif")
    assert.are.equal(11, #g:moves())
    local kifu = record.read(DIR .. "jkf__no_henka.kifu")
    assert.are.same(kifu:moves(), g:moves())
  end)

  it("CR CR LF line ends and 上手/下手 headers", function()
    local g = record.read(DIR .. "jkf__20081220kyoochi.kif")
    assert.are.equal("香落ち", g:info().headers["手合割"])
    assert.truthy(g:info().headers["下手"])
  end)

  it("KIF variations hang from the right move", function()
    local g = record.read(DIR .. "jkf__henka.kif")
    local b = g:info().branches
    assert.are.same({3, 3, 2, 1}, {b[1].ply, b[2].ply, b[3].ply, b[4].ply})
    assert.are.same({"6i7h", "4a3b"}, {b[4].moves[5], b[4].moves[6]})
    assert.are.equal(2, b[4].branches[1].ply)
    assert.are.equal("コメント", b[4].comments[3])
  end)

  it("the JKF and the KIF of the same game agree", function()
    local a = record.read(DIR .. "jkf__ryuou201409020101.jkf")
    local b = record.read(DIR .. "jkf__ryuou201409020101.kif")
    assert.are.same(a:moves(), b:moves())
    assert.are.same(a:info().comments, b:info().comments)
  end)
end)

describe("damaged records", function()
  it("truncated or altered real records never raise: a game or nil, \"name:line: message\"", function()
    for _, row in ipairs(manifest()) do
      local f = assert(io.open(DIR .. row.file, "rb"))
      local data = f:read("a")
      f:close()
      for k = 1, 12 do
        local cut = (k * 7919 * #data // 97) % #data + 1
        local variants = {data:sub(1, cut), data:sub(1, cut - 1) .. "\255" .. data:sub(cut + 1),
                          data:sub(1, cut - 1) .. data:sub(cut + 30)}
        for _, text in ipairs(variants) do
          local ok, g, err = pcall(record.read, text, record.format_of(row.file), {name = "x"})
          assert.truthy(ok, row.file .. ": " .. tostring(g))
          if not g then assert.truthy(tostring(err):match("^x:%d+: "), err) end
        end
      end
    end
  end)
end)
