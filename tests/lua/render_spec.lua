-- shogi.render: board diagrams, on stand-in positions (any object with at,
-- hand, side, ply, variant) and on the real ones when the core is there.
local render = require "shogi.render"

-- a stand-in position from the board part of a SFEN
local function fake(board, opts)
  opts = opts or {}
  local files = {"9", "8", "7", "6", "5", "4", "3", "2", "1"}
  local ranks = {"a", "b", "c", "d", "e", "f", "g", "h", "i"}
  local squares, r = {}, 1
  for row in board:gmatch("[^/]+") do
    local f, promoted = 1, false
    for ch in row:gmatch(".") do
      if ch:match("%d") then
        f = f + tonumber(ch)
      elseif ch == "+" then
        promoted = true
      else
        squares[files[f] .. ranks[r]] = (promoted and "+" or "") .. ch
        f, promoted = f + 1, false
      end
    end
    r = r + 1
  end
  local function hand(side)
    local h = {R = 0, B = 0, G = 0, S = 0, N = 0, L = 0, P = 0}
    for k, v in pairs((opts.hands or {})[side] or {}) do h[k] = v end
    return h
  end
  return {
    at = function(_, sq) return squares[sq] end,
    hand = function(_, side) return hand(side) end,
    side = function() return opts.side or "b" end,
    ply = function() return opts.ply or 1 end,
    variant = function() return opts.variant or "standard" end,
  }
end

local START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"

local START_LETTERS = table.concat({
  "gote  hand: -",
  "  9  8  7  6  5  4  3  2  1",
  "+---------------------------+",
  "| l  n  s  g  k  g  s  n  l | a",
  "| .  r  .  .  .  .  .  b  . | b",
  "| p  p  p  p  p  p  p  p  p | c",
  "| .  .  .  .  .  .  .  .  . | d",
  "| .  .  .  .  .  .  .  .  . | e",
  "| .  .  .  .  .  .  .  .  . | f",
  "| P  P  P  P  P  P  P  P  P | g",
  "| .  B  .  .  .  .  .  R  . | h",
  "| L  N  S  G  K  G  S  N  L | i",
  "+---------------------------+",
  "sente hand: -",
  "ply 0, sente (b) to move",
}, "\n")

local START_KANJI = table.concat({
  "後手の持駒：なし",
  "  ９  ８  ７  ６  ５  ４  ３  ２  １",
  "+------------------------------------+",
  "|v香 v桂 v銀 v金 v玉 v金 v銀 v桂 v香 |一",
  "| ・ v飛  ・  ・  ・  ・  ・ v角  ・ |二",
  "|v歩 v歩 v歩 v歩 v歩 v歩 v歩 v歩 v歩 |三",
  "| ・  ・  ・  ・  ・  ・  ・  ・  ・ |四",
  "| ・  ・  ・  ・  ・  ・  ・  ・  ・ |五",
  "| ・  ・  ・  ・  ・  ・  ・  ・  ・ |六",
  "| 歩  歩  歩  歩  歩  歩  歩  歩  歩 |七",
  "| ・  角  ・  ・  ・  ・  ・  飛  ・ |八",
  "| 香  桂  銀  金  玉  金  銀  桂  香 |九",
  "+------------------------------------+",
  "先手の持駒：なし",
  "手数＝0　先手番",
}, "\n")

local function line_of(text, n)
  local i = 0
  for l in (text .. "\n"):gmatch("(.-)\n") do
    i = i + 1
    if i == n then return l end
  end
end

describe("render", function()
  it("draws the start position with letters (the default)", function()
    assert.are.equal(START_LETTERS, render.render(fake(START)))
  end)

  it("draws the start position in kanji", function()
    assert.are.equal(START_KANJI, render.render(fake(START), {style = "kanji"}))
  end)

  it("is callable as the module itself", function()
    assert.are.equal(render.render(fake(START)), render(fake(START)))
  end)

  it("marks the last move's square with *", function()
    local out = render.render(fake("9/9/9/9/9/2P6/9/9/9"), {last = "7g7f"})
    assert.are.equal("| .  .  P* .  .  .  .  .  . | f", line_of(out, 9))
    assert.truthy(out:find("last move 7g7f", 1, true))
  end)

  it("marks a drop's square", function()
    local out = render.render(fake("9/9/9/9/4P4/9/9/9/9"), {last = "P*5e"})
    assert.are.equal("| .  .  .  .  P* .  .  .  . | e", line_of(out, 8))
  end)

  it("marks a promotion's square in kanji", function()
    local out = render.render(fake("9/7+B1/9/9/9/9/9/9/9"), {style = "kanji", last = "8h2b+"})
    assert.are.equal("| ・  ・  ・  ・  ・  ・  ・  馬* ・ |二", line_of(out, 5))
    assert.truthy(out:find("最終手 8h2b+", 1, true))
  end)

  it("takes the last move of a game and its position", function()
    local pos = fake("9/9/9/9/9/2P6/9/9/9", {side = "w", ply = 2})
    local game = {position = function() return pos end, moves = function() return {"7g7f"} end}
    local out = render.render(game)
    assert.truthy(out:find("P*", 1, true))
    assert.truthy(out:find("ply 1, gote (w) to move, last move 7g7f", 1, true))
    assert.falsy(render.render(game, {last = false}):find("*", 1, true))
  end)

  it("shows promoted pieces and gote in lowercase", function()
    local out = render.render(fake("+r+b+s+n+l+p3/9/9/9/9/9/9/9/+R+B+S+N+L+P3"))
    assert.are.equal("|+r +b +s +n +l +p  .  .  . | a", line_of(out, 4))
    assert.are.equal("|+R +B +S +N +L +P  .  .  . | i", line_of(out, 12))
    local k = render.render(fake("+r+b+s+n+l+p3/9/9/9/9/9/9/9/+R+B+S+N+L+P3"), {style = "kanji"})
    assert.are.equal("|v龍 v馬 v全 v圭 v杏 vと  ・  ・  ・ |一", line_of(k, 4))
    assert.are.equal("| 龍  馬  全  圭  杏  と  ・  ・  ・ |九", line_of(k, 12))
  end)

  it("lists both hands with counts", function()
    local pos = fake(START, {hands = {b = {R = 1, P = 2}, w = {G = 1, S = 3, P = 18}}})
    local out = render.render(pos)
    assert.are.equal("gote  hand: G 3S 18P", line_of(out, 1))
    assert.are.equal("sente hand: R 2P", line_of(out, 14))
    local k = render.render(pos, {style = "kanji"})
    assert.are.equal("後手の持駒：金　銀三　歩十八", line_of(k, 1))
    assert.are.equal("先手の持駒：飛　歩二", line_of(k, 14))
    local ten = render.render(fake(START, {hands = {b = {P = 10}}}), {style = "kanji"})
    assert.are.equal("先手の持駒：歩十", line_of(ten, 14))
  end)

  it("draws Sho shogi's elephant and prince, without hands", function()
    local pos = fake("4k4/4e4/9/9/9/9/9/4+E4/4K4", {variant = "sho"})
    local out = render.render(pos)
    assert.are.equal("| .  .  .  .  e  .  .  .  . | b", line_of(out, 4))
    assert.are.equal("| .  .  .  . +E  .  .  .  . | h", line_of(out, 10))
    assert.falsy(out:find("hand", 1, true))
    assert.truthy(out:find("sho shogi", 1, true))
    local k = render.render(pos, {style = "kanji"})
    assert.truthy(k:find("v酔", 1, true))
    assert.truthy(k:find(" 太", 1, true))
    assert.falsy(k:find("持駒", 1, true))
  end)

  it("uses colour only when asked", function()
    assert.falsy(render.render(fake(START)):find("\27", 1, true))
    local out = render.render(fake(START), {color = true, last = "5h5i"})
    assert.truthy(out:find("\27[31m l\27[0m", 1, true))        -- gote in red
    assert.truthy(out:find("\27[7m\27[1m K\27[0m*", 1, true)) -- the last move reversed
  end)

  it("follows the defaults table", function()
    local saved = render.defaults.style
    render.defaults.style = "kanji"
    local out = render.render(fake(START))
    render.defaults.style = saved
    assert.are.equal(START_KANJI, out)
  end)

  it("refuses an unknown style", function()
    assert.has_error(function() render.render(fake(START), {style = "roman"}) end,
      "render: unknown style 'roman' (kanji or letters)")
  end)
end)

-- the real thing, once the binding answers
local ok, shogi = pcall(require, "shogi")
local has_pos = ok and pcall(function() return shogi.position("startpos"):at("5i") end)
describe("render with the core", function()
  if not has_pos then
    pending("shogi.position is not available")
    return
  end
  it("draws a real start position as the stand-in", function()
    assert.are.equal(START_LETTERS, render.render(shogi.position("startpos")))
    assert.are.equal(START_KANJI, render.render(shogi.position("startpos"), {style = "kanji"}))
  end)

  it("draws a real Sho position", function()
    local pos = shogi.position("sho")
    local out = render.render(pos, {style = "kanji"})
    assert.truthy(out:find("酔", 1, true))
    assert.falsy(out:find("持駒", 1, true))
  end)

  it("marks a real game's last move", function()
    local core = shogi.core
    if not core.game then return pending("no games yet") end
    local g = core.game(shogi.position("startpos"))
    g:play("7g7f")
    local out = render.render(g)
    assert.are.equal("| .  .  P* .  .  .  .  .  . | f", line_of(out, 9))
    assert.truthy(out:find("ply 1, gote (w) to move, last move 7g7f", 1, true))
  end)

  it("names a game's last move in Western or Japanese once positions can name moves", function()
    if not shogi.position("startpos").move_name then return pending("no pos:move_name yet") end
    local g = shogi.core.game(shogi.position("startpos"))
    g:play("7g7f")
    g:play("3c3d")
    assert.truthy(render.render(g):find("last move 3c3d (P-3d)", 1, true))
    assert.truthy(render.render(g, {style = "kanji"}):find("最終手 △３四歩", 1, true))
    assert.truthy(render.render(g, {last = "3c3d"}):find("last move 3c3d\n?$"))
  end)
end)

describe("render of games (issue 17)", function()
  local ok, shogi = pcall(require, "shogi")
  if not ok then return end
  it("the caption counts plies as g:ply() does", function()
    local g = shogi.game()
    assert.truthy(render.render(g):find("ply 0, sente", 1, true))
    g:play("7g7f")
    assert.equal(1, g:ply())
    assert.truthy(render.render(g):find("ply 1, gote", 1, true))
    assert.truthy(render.render(g, {style = "kanji"}):find("手数＝1　後手番", 1, true))
  end)
  it("flips to gote's view", function()
    local text = render.render(shogi.position("startpos"), {flip = true})
    local lines = {}
    for l in text:gmatch("[^\n]+") do lines[#lines + 1] = l end
    assert.equal("sente hand: -", lines[1])
    assert.equal("  1  2  3  4  5  6  7  8  9", lines[2])
    assert.equal("| L  N  S  G  K  G  S  N  L | i", lines[4])
    assert.equal("gote  hand: -", lines[#lines - 1])
  end)
  it("refuses unknown options, naming the known ones", function()
    assert.has_error(function() render.render(shogi.position("startpos"), {flipp = true}) end,
      "render: unknown option 'flipp' (known: color, flip, last, style)")
  end)
end)
