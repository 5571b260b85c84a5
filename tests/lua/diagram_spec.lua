-- shogi.diagram: SVG boards read back with a real XML parser (xmllint, from
-- Debian's libxml2-utils), the files it writes, the input it reads for
-- scripts/diagram, and problem sheets (pages counted by pdfinfo).
local shogi = require "shogi"
local diagram = require "shogi.diagram"
local input = require "shogi.diagram.input"
local output = require "shogi.diagram.output"
local core = shogi.core

local tmp = os.tmpname()
os.remove(tmp)
os.execute("mkdir -p '" .. tmp .. "'")
teardown(function() os.execute("rm -rf '" .. tmp .. "'") end)

local function write(name, text)
  local f = assert(io.open(name, "wb"))
  f:write(text)
  f:close()
end

local function read(name)
  local f = io.open(name, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

local function sh(cmd)
  local p = io.popen(cmd .. " 2>&1")
  local out = p:read("a")
  local ok = p:close()
  return out, ok
end

-- the SVG parsed by xmllint: ok, and the elements an XPath selects, each as
-- {text =, attr = {...}} (read from xmllint's own serialization of them)
local n_svg = 0
local function select(text, xpath)
  n_svg = n_svg + 1
  local name = tmp .. "/d" .. n_svg .. ".svg"
  write(name, text)
  local out, ok = sh("xmllint --xpath \"" .. xpath .. "\" '" .. name .. "'")
  local items = {}
  for tag, attrs, body in out:gmatch("<(%w+)([^>]-)>(.-)</%1>") do
    local attr = {}
    for k, v in attrs:gmatch('([%w:-]+)="([^"]*)"') do attr[k] = v end
    items[#items + 1] = {tag = tag, attr = attr, text = body:gsub("<[^>]*>", "")}
  end
  for tag, attrs in out:gmatch("<(%w+)([^>]-)/>") do
    local attr = {}
    for k, v in attrs:gmatch('([%w:-]+)="([^"]*)"') do attr[k] = v end
    items[#items + 1] = {tag = tag, attr = attr, text = ""}
  end
  return items, ok, out
end

-- how many elements an XPath selects
local function count(text, xpath)
  n_svg = n_svg + 1
  local name = tmp .. "/c" .. n_svg .. ".svg"
  write(name, text)
  return tonumber((sh("xmllint --xpath \"count(" .. xpath .. ")\" '" .. name .. "'")))
end

-- the string value of an XPath
local function value(text, xpath)
  n_svg = n_svg + 1
  local name = tmp .. "/v" .. n_svg .. ".svg"
  write(name, text)
  return (sh("xmllint --xpath \"string(" .. xpath .. ")\" '" .. name .. "'"):gsub("%s+$", ""))
end

local function el(name) return "//*[local-name()='" .. name .. "']" end
local function with_class(name, class) return el(name) .. "[contains(@class,'" .. class .. "')]" end

local function well_formed(text)
  n_svg = n_svg + 1
  local name = tmp .. "/w" .. n_svg .. ".svg"
  write(name, text)
  local out, ok = sh("xmllint --noout '" .. name .. "'")
  return ok, out
end

local function pieces_by_square(text)
  local t = {}
  for _, it in ipairs(select(text, with_class("text", "piece"))) do t[it.attr["data-square"]] = it end
  return t
end

local TSUME = "9/9/9/1+P1+B5/1p2S4/+pn7/1k2G4/s8/+l1L+p1+B3 b 3G2r2s3n2l14p 1" -- Shogi Muso #77

describe("shogi.diagram SVG", function()
  it("is well-formed XML with the size asked for and the fonts named with fallbacks", function()
    local text = shogi.diagram(shogi.position("startpos"), {size = 300})
    assert.is_true((well_formed(text)))
    assert.are.equal("300", value(text, "/*[local-name()='svg']/@width"))
    assert.truthy(text:find("'Noto Serif CJK JP', 'IPAexMincho', serif", 1, true)
      or text:find("&apos;Noto Serif CJK JP&apos;, &apos;IPAexMincho&apos;, serif", 1, true))
  end)

  it("names every piece of the position where it stands, in the core's one-character names", function()
    for _, sfen in ipairs({"startpos", TSUME, "l+n+s+b1+r+p1k/9/9/9/9/9/9/9/K+L+N+S+B+R+P2 b - 1"}) do
      local pos = shogi.position(sfen)
      local drawn = pieces_by_square(shogi.diagram(pos))
      local n = 0
      for sq, letters in pairs(pos:pieces()) do
        n = n + 1
        local it = drawn[sq]
        assert.truthy(it, sfen .. ": nothing drawn on " .. sq)
        assert.are.equal(core.piece_name(letters, "kanji1"), it.text, sq)
        assert.are.equal(letters, it.attr["data-piece"], sq)
        assert.truthy(it.attr["aria-label"]:find(core.piece_name(letters, "japanese"), 1, true))
      end
      local m = 0
      for _ in pairs(drawn) do m = m + 1 end
      assert.are.equal(n, m, sfen)
    end
  end)

  it("draws promoted pieces in their one-character forms", function()
    local drawn = pieces_by_square(shogi.diagram(shogi.position("l+n+s+b1+r+p1k/9/9/9/9/9/9/9/K+L+N+S+B+R+P2 b - 1")))
    local names = {}
    for _, sq in ipairs({"8i", "7i", "6i", "5i", "4i", "3i"}) do names[#names + 1] = drawn[sq].text end
    assert.are.same({"杏", "圭", "全", "馬", "龍", "と"}, names)
  end)

  it("turns gote's pieces 180 degrees, and sente's when flipped", function()
    local pos = shogi.position("startpos")
    for _, flip in ipairs({false, true}) do
      local drawn = pieces_by_square(shogi.diagram(pos, {flip = flip}))
      for sq, it in pairs(drawn) do
        local gote = it.attr["data-piece"]:lower() == it.attr["data-piece"]
        local turned = (it.attr.transform or ""):match("^rotate%(180 ") ~= nil
        assert.are.equal(gote ~= flip, turned, sq .. (flip and " flipped" or ""))
      end
    end
  end)

  it("puts the squares where the view puts them: flipped, 1a is at the bottom right", function()
    local pos = shogi.position("startpos")
    local plain, flipped = pieces_by_square(shogi.diagram(pos)), pieces_by_square(shogi.diagram(pos, {flip = true}))
    assert.is_true(tonumber(plain["1a"].attr.x) > tonumber(plain["9a"].attr.x))
    assert.is_true(tonumber(plain["1a"].attr.y) < tonumber(plain["1i"].attr.y))
    assert.is_true(tonumber(flipped["1a"].attr.x) < tonumber(flipped["9a"].attr.x))
    assert.is_true(tonumber(flipped["1a"].attr.y) > tonumber(flipped["1i"].attr.y))
  end)

  it("draws letters in the western style", function()
    local pos = shogi.position(TSUME)
    local drawn = pieces_by_square(shogi.diagram(pos, {style = "western"}))
    for sq, letters in pairs(pos:pieces()) do
      assert.are.equal(core.piece_name(letters, "western"), drawn[sq].text, sq)
    end
    -- each letter sits in a piece's outline, turned with it (N and S read the same upside down)
    local text = shogi.diagram(pos, {style = "western"})
    local n = 0
    for _ in pairs(pos:pieces()) do n = n + 1 end
    assert.are.equal(n, count(text, with_class("path", "piece-shape")))
    assert.are.equal(count(text, with_class("text", "gote")),
      count(text, with_class("path", "piece-shape") .. "[@transform]"))
    assert.are.equal(0, count(shogi.diagram(pos), with_class("path", "piece-shape")))
  end)

  it("writes coordinates: japanese ９..１ across and 一..九 down, western 9..1 and a..i; flipped reversed", function()
    local function labels(opts)
      local out = {}
      for _, it in ipairs(select(shogi.diagram(shogi.position("startpos"), opts), el("g") .. "[@class='coords']/*")) do
        out[#out + 1] = it.text
      end
      return table.concat(out, " ")
    end
    assert.are.equal("９ 一 ８ 二 ７ 三 ６ 四 ５ 五 ４ 六 ３ 七 ２ 八 １ 九", labels({}))
    assert.are.equal("9 a 8 b 7 c 6 d 5 e 4 f 3 g 2 h 1 i", labels({coords = "western"}))
    assert.are.equal("9 a 8 b 7 c 6 d 5 e 4 f 3 g 2 h 1 i", labels({style = "western"}))
    assert.are.equal("１ 九 ２ 八 ３ 七 ４ 六 ５ 五 ６ 四 ７ 三 ８ 二 ９ 一", labels({flip = true}))
    assert.are.equal("", labels({coords = false}))
  end)

  it("has the thick frame, eight inner lines each way and the four star points", function()
    local text = shogi.diagram(shogi.position("startpos"))
    local frame = select(text, el("rect") .. "[@id='kd-frame']")[1]
    local lines = select(text, el("g") .. "[@class='lines']/*")
    local stars = select(text, el("g") .. "[@class='stars']/*")
    local inner = tonumber(value(text, el("g") .. "[@class='lines']/@stroke-width"))
    assert.is_true(tonumber(frame.attr["stroke-width"]) >= 3 * inner)
    assert.are.equal(16, #lines)
    assert.are.equal(4, #stars)
    -- even spacing: the vertical lines are one square apart, starting one square in from the frame
    local xs = {}
    for _, l in ipairs(lines) do if l.attr.x1 == l.attr.x2 then xs[#xs + 1] = tonumber(l.attr.x1) end end
    table.sort(xs)
    for i = 2, #xs do assert.are.equal(xs[2] - xs[1], xs[i] - xs[i - 1]) end
    assert.are.equal(xs[2] - xs[1], xs[1] - tonumber(frame.attr.x))
  end)

  it("writes the hands in the order 飛角金銀桂香歩 with kanji counts; sente's at the right, gote's at the left", function()
    local pos = shogi.position("4k4/9/9/9/9/9/9/9/4K4 b P2LR17p3g2B 1")
    local hands = select(shogi.diagram(pos), with_class("text", "hand"))
    local by_side = {}
    for _, h in ipairs(hands) do by_side[h.attr["data-side"]] = h end
    assert.are.equal("先手持駒飛角二香二歩", by_side.b.text)
    assert.are.equal("先手の持駒：飛 角二 香二 歩", by_side.b.attr["aria-label"])
    assert.are.equal("後手持駒金三歩十七", by_side.w.text)
    local function x_of(text) return tonumber(text:match('x="([%d.]+)"')) end
    local _, _, raw_b = select(shogi.diagram(pos), with_class("text", "hand") .. "[@data-side='b']")
    local _, _, raw_w = select(shogi.diagram(pos), with_class("text", "hand") .. "[@data-side='w']")
    assert.is_true(x_of(raw_b) > x_of(raw_w))
    local _, _, flipped_b = select(shogi.diagram(pos, {flip = true}), with_class("text", "hand") .. "[@data-side='b']")
    assert.is_true(x_of(flipped_b) < x_of(raw_b))
  end)

  it("says 残り全部 when gote holds every other piece, なし for an empty hand", function()
    local hands = select(shogi.diagram(shogi.position(TSUME)), with_class("text", "hand"))
    local by_side = {}
    for _, h in ipairs(hands) do by_side[h.attr["data-side"]] = h.text end
    assert.are.same({b = "先手持駒金三", w = "後手持駒残り全部"}, by_side)
    local start = select(shogi.diagram(shogi.position("startpos")), with_class("text", "hand"))
    assert.are.equal("先手持駒なし", start[1].text == "後手持駒なし" and start[2].text or start[1].text)
    assert.are.equal(0, #select(shogi.diagram(shogi.position("startpos"), {hands = false}), with_class("text", "hand")))
  end)

  it("draws Sho shogi's elephant as 酔 and prince as 太, with no hands", function()
    local pos = shogi.position("4k4/4+e4/9/9/9/9/9/4E4/4K4 b - 1", {variant = "sho"})
    local text = shogi.diagram(pos)
    local drawn = pieces_by_square(text)
    assert.are.equal("酔", drawn["5h"].text)
    assert.are.equal("太", drawn["5b"].text)
    assert.truthy(drawn["5b"].attr.transform)
    assert.are.equal(0, #select(text, with_class("text", "hand")))
    local start = pieces_by_square(shogi.diagram(shogi.position("sho")))
    assert.are.equal("酔", start["5h"].text)
  end)

  it("shades a game's last move, or the one given, or none", function()
    local g = shogi.game()
    g:play("7g7f"); g:play("3c3d"); g:play("8h2b+")
    local function shaded(text)
      local t = {}
      for _, it in ipairs(select(text, el("rect") .. "[starts-with(@class,'last')]")) do
        t[it.attr.class] = it.attr["data-square"]
      end
      return t
    end
    assert.are.same({["last-from"] = "8h", ["last-to"] = "2b"}, shaded(g:diagram()))
    assert.are.same({["last-from"] = "8h", ["last-to"] = "2b"}, shaded(shogi.diagram(g)))
    assert.are.same({}, shaded(g:diagram({last_move = false})))
    assert.are.same({["last-to"] = "5e"}, shaded(shogi.diagram(shogi.position("startpos"), {last_move = "P*5e"})))
    assert.are.same({}, shaded(shogi.diagram(shogi.position("startpos"))))
  end)

  it("rings marked squares and draws arrows, from a square or from the hand", function()
    local pos = shogi.position("4k4/9/9/9/9/9/9/9/4K4 b G 1")
    local text = shogi.diagram(pos, {marks = {"5a", "4b"}, arrows = {{"5i", "5h"}, {"G", "5b"}, "G*4b"}})
    local marks = select(text, el("g") .. "[@class='marks']/*")
    assert.are.same({"5a", "4b"}, {marks[1].attr["data-square"], marks[2].attr["data-square"]})
    local arrows = select(text, el("g") .. "[@class='arrows']/" .. "*[local-name()='line']")
    assert.are.equal(3, #arrows)
    local board_right = tonumber(select(text, el("rect") .. "[@id='kd-frame']")[1].attr.x) + 9 * 40
    assert.is_true(tonumber(arrows[2].attr.x1) > board_right) -- from sente's hand, right of the board
    assert.is_true(tonumber(arrows[1].attr.x1) < board_right)
    assert.are.equal(1, count(text, el("marker")))
    -- with no hands drawn, a drop arrow starts beside the board on the dropper's side
    local bare = shogi.diagram(pos, {hands = false, arrows = {"G*5b"}})
    local line = select(bare, el("g") .. "[@class='arrows']/" .. "*[local-name()='line']")[1]
    local right = tonumber(select(bare, el("rect") .. "[@id='kd-frame']")[1].attr.x) + 9 * 40
    assert.is_true(tonumber(line.attr.x1) > right)
    bare = shogi.diagram(pos, {hands = false, arrows = {"G*5b"}, flip = true})
    line = select(bare, el("g") .. "[@class='arrows']/" .. "*[local-name()='line']")[1]
    assert.is_true(tonumber(line.attr.x1) < tonumber(select(bare, el("rect") .. "[@id='kd-frame']")[1].attr.x))
  end)

  it("writes the title and caption as text, escaped", function()
    local text = shogi.diagram(shogi.position("startpos"), {title = "第1図 <平手> & co", caption = "▲７六歩まで"})
    assert.is_true((well_formed(text)))
    assert.are.equal("第1図 <平手> & co", select(text, with_class("text", "title"))[1].text:gsub("&lt;", "<")
      :gsub("&gt;", ">"):gsub("&amp;", "&"))
    assert.are.equal("▲７六歩まで", select(text, with_class("text", "caption"))[1].text)
    assert.are.equal("第1図 &lt;平手&gt; &amp; co", select(text, el("title"))[1].text)
  end)

  it("describes the position (its SFEN and hands) for screen readers", function()
    local text = shogi.diagram(shogi.position(TSUME))
    local desc = select(text, el("desc"))[1].text
    assert.truthy(desc:find(TSUME, 1, true))
    assert.truthy(desc:find("先手の持駒：金三", 1, true))
    assert.truthy(text:find('role="img"', 1, true))
  end)

  it("takes an SFEN, and returns nil and the core's message for a bad one", function()
    assert.truthy(shogi.diagram("startpos"):find("<svg", 1, true))
    local svg, msg = shogi.diagram("9/9/9 x")
    assert.is_nil(svg)
    assert.truthy(msg:match("^sfen:1:%d+: "))
  end)
end)

describe("shogi.diagram errors", function()
  local pos = shogi.position("startpos")
  local ROWS = {
    {{colour = true}, "unknown option 'colour' (known: arrows, caption, coords, flip, hands, last_move, marks, "
      .. "size, style, title)"},
    {{style = "letters"}, "style must be \"kanji\", \"western\" or \"icons\", got 'letters'"},
    {{coords = "arabic"}, "coords must be \"japanese\", \"western\" or false, got 'arabic'"},
    {{size = 0}, "size must be a width in pixels from 16 to 20000, got '0'"},
    {{size = "big"}, "size must be a width in pixels from 16 to 20000, got 'big'"},
    {{title = 3}, "title must be a string, got number"},
    {{caption = {}}, "caption must be a string, got table"},
    {{last_move = "7g-7f"}, "last_move: '7g-7f' is not a USI move (like \"7g7f\" or \"P*5e\")"},
    {{marks = "5e"}, "marks must be a list of squares, got string"},
    {{marks = {"5e", "0j"}}, "marks[2]: bad square '0j' (like \"7g\": file 1-9, rank a-i)"},
    {{arrows = "7g7f"}, "arrows must be a list of {from, to}, got string"},
    {{arrows = {"7g-7f"}}, "arrows[1]: '7g-7f' is not a USI move (like \"7g7f\" or \"G*5b\")"},
    {{arrows = {{"7g", "7j"}}}, "arrows[1]: bad square '7j' (like \"7g\": file 1-9, rank a-i)"},
    {{arrows = {5}}, "arrows[1]: expected {from, to} or a USI move, got number"},
    {"flip", "options table expected, got string"},
  }
  for _, row in ipairs(ROWS) do
    it("refuses " .. row[2]:sub(1, 40), function()
      local ok, err = pcall(shogi.diagram, pos, row[1])
      assert.is_false(ok)
      assert.are.equal("bad argument #2 to 'diagram' (" .. row[2] .. ")", (err:gsub("^[^:]*:%d+: ", "")))
      -- the message names the caller's line, not the module's
      assert.truthy(err:match("diagram_spec%.lua:%d+: ") or err:match("^bad argument"))
    end)
  end

  it("refuses what is not a position, game or SFEN", function()
    local ok, err = pcall(shogi.diagram, 42)
    assert.is_false(ok)
    assert.truthy(err:find("bad argument #1 to 'diagram' (position, game or SFEN expected, got number)", 1, true))
  end)
end)

describe("shogi.diagram.save", function()
  local pos = shogi.position(TSUME)

  it("writes SVG as it is", function()
    assert.is_true((diagram.save(pos, tmp .. "/a.svg", {title = "t"})))
    assert.are.equal(diagram.diagram(pos, {title = "t"}), read(tmp .. "/a.svg"))
  end)

  it("writes PNG and PDF through rsvg-convert", function()
    assert.is_true((diagram.save(pos, tmp .. "/a.png", {size = 200})))
    local png = read(tmp .. "/a.png")
    assert.are.equal("\137PNG\r\n\26\n", png:sub(1, 8))
    local width, height = string.unpack(">I4I4", png, 17) -- the IHDR chunk
    assert.are.equal(200, width)
    local d = diagram.drawing(pos, {size = 200})
    assert.are.equal(math.floor(200 * d.height / d.width + 0.5), height)
    assert.is_true((diagram.save(shogi.game(), tmp .. "/a.pdf")))
    assert.are.equal("%PDF", read(tmp .. "/a.pdf"):sub(1, 4))
    assert.truthy(sh("pdfinfo '" .. tmp .. "/a.pdf'"):find("Pages:%s+1\n"))
  end)

  it("returns nil and a message for a name it cannot tell, a folder it cannot write, a missing converter", function()
    local ok, msg = diagram.save(pos, tmp .. "/a.gif")
    assert.is_nil(ok)
    assert.are.equal("diagram: cannot tell the format of '" .. tmp .. "/a.gif' (the name ends in .svg, .png or .pdf)",
      msg)
    ok, msg = diagram.save(pos, tmp .. "/no/such/a.svg")
    assert.is_nil(ok)
    assert.truthy(msg:match("^diagram: cannot write .*a%.svg"))
    ok, msg = diagram.save(pos, tmp .. "/no/such/a.png")
    assert.is_nil(ok)
    assert.truthy(msg:match("^diagram: rsvg%-convert could not write '.*a%.png': "))
    local saved = output.CONVERTER
    output.CONVERTER = "komadai-no-such-converter"
    ok, msg = diagram.save(pos, tmp .. "/b.png")
    output.CONVERTER = saved
    assert.is_nil(ok)
    assert.are.equal("diagram: komadai-no-such-converter not found (Debian package librsvg2-bin; make installs it)",
      msg)
    ok, msg = output.write({}, tmp .. "/none.svg")
    assert.is_nil(ok)
    assert.are.equal("diagram: nothing to write", msg)
    local bad_ok, err = pcall(diagram.save, pos, 3)
    assert.is_false(bad_ok)
    assert.truthy(err:find("bad argument #2 to 'save' (file name expected, got number)", 1, true))
  end)
end)

describe("shogi.diagram.input", function()
  it("reads an SFEN, a name, and a Sho SFEN", function()
    assert.are.equal(TSUME, input.load(TSUME).position:sfen())
    assert.are.equal(shogi.position("startpos"), input.load("startpos").position)
    assert.are.equal("sho", input.load("4k4/9/9/9/9/9/9/4E4/4K4 b - 1").position:variant())
  end)

  it("reads a record at a move, with its game so the last move is shaded", function()
    local item = input.load("tests/data/records/jkf__fork.kif:2")
    assert.are.same({"7g7f", "3c3d"}, item.game:moves())
    local whole = input.load("tests/data/records/jkf__fork.kif")
    assert.are.equal(3, #whole.game:moves())
    -- in a sheet, a record that ends in mate is a problem: its start, its moves the solution
    local all = input.load_all("tests/data/diagrams/mate3.usi")
    assert.are.equal("9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b2g4s4n4l17p 1", all[1].position:sfen())
    assert.are.same({3, "G*5c"}, {all[1].length, all[1].solution[1]})
    -- any other record is its end
    all = input.load_all("tests/data/records/jkf__fork.kif")
    assert.are.equal(whole.position, all[1].position)
    assert.is_nil(all[1].length)
  end)

  it("reads a problem file: title, author, solution as USI", function()
    local item = input.load("examples/tsume/musou077.lua")
    assert.are.equal("Shogi Muso #77", item.title)
    assert.are.equal(11, item.length)
    assert.are.equal("G*7h", item.solution[1])
  end)

  it("reads a position list with a header, and one row of it", function()
    local items = input.load_all("tests/data/diagrams/three.tsv")
    assert.are.equal(3, #items)
    assert.are.same({"一間竜", 3, "R*3d"}, {items[1].title, items[1].length, items[1].solution[1]})
    assert.are.equal("c0036", items[3].title)
    assert.is_nil(items[3].length)
    assert.are.equal("頭金", input.load("tests/data/diagrams/three.tsv:2").title)
  end)

  it("says what is wrong with what it cannot read", function()
    local ROWS = {
      {"no-such-file.kif", "no-such-file.kif:1:1: no such file, and not an SFEN (sfen:1:1: not an SFEN, "
        .. "\"startpos\", \"sho\" or a handicap name: 'no-such-file.kif')"},
      {"tests/data/records/jkf__fork.kif:9", "tests/data/records/jkf__fork.kif: the record has 3 moves, not 9"},
      {"tests/data/diagrams/three.tsv:7", "tests/data/diagrams/three.tsv: the list has 3 positions, not 7"},
      {"tests/data/diagrams/three.tsv",
        "tests/data/diagrams/three.tsv: the list has 3 positions (name one: tests/data/diagrams/three.tsv:1)"},
      {"examples/tsume/dual.lua:3", "examples/tsume/dual.lua: a problem file has one position (no :N)"},
    }
    for _, row in ipairs(ROWS) do
      local item, msg = input.load(row[1])
      assert.is_nil(item, row[1])
      assert.are.equal(row[2], msg)
    end
    write(tmp .. "/bad.tsv", "sfen\tid\n9/9 b - 1\tx\n")
    local items, msg = input.load_all(tmp .. "/bad.tsv")
    assert.is_nil(items)
    assert.truthy(msg:match("bad%.tsv:2: sfen:1:%d+: "))
    write(tmp .. "/empty.sfen", "# nothing\n")
    items, msg = input.load_all(tmp .. "/empty.sfen")
    assert.is_nil(items)
    assert.are.equal(tmp .. "/empty.sfen:1:1: no positions in the list", msg)
    write(tmp .. "/badsol.tsv", "sfen\tsolution\n4k4/9/4P4/9/9/9/9/9/9 b G 1\tG*5b 5a4a\n")
    items, msg = input.load_all(tmp .. "/badsol.tsv")
    assert.is_nil(items)
    assert.are.equal(tmp .. "/badsol.tsv:2: solution move 2 (5a4a) is not a legal move", msg)
    write(tmp .. "/badpos.lua", 'return {position = "9/9 b - 1"}')
    items, msg = input.load(tmp .. "/badpos.lua")
    assert.is_nil(items)
    assert.truthy(msg:match("^" .. tmp:gsub("%p", "%%%0") .. "/badpos%.lua: sfen:1:%d+: "), msg)
    items, msg = input.load("README.md")
    assert.is_nil(items)
    assert.are.equal("string", type(msg))
    items, msg = input.load(42)
    assert.is_nil(items)
    assert.are.equal("diagram: expected an SFEN or a file name, got number", msg)
  end)
end)

describe("problem sheets", function()
  local function eight()
    local problems = {}
    for _, f in ipairs({"examples/tsume/musou077.lua", "examples/tsume/dual.lua", "examples/tsume/atama_kin.lua",
      "examples/tsume/futile.lua", "examples/tsume/leftover.lua", "tests/data/diagrams/three.tsv"}) do
      for _, it in ipairs(assert(input.load_all(f))) do problems[#problems + 1] = it end
    end
    return problems
  end

  it("puts eight problems on two pages of six, and the solutions on a third", function()
    local problems = eight()
    assert.are.equal(8, #problems)
    local pages = diagram.sheet(problems, {solutions = true, title = "詰将棋"})
    assert.are.equal(3, #pages)
    for _, p in ipairs(pages) do assert.is_true((well_formed(p))) end
    assert.are.equal(6, count(pages[1], el("g") .. "[@class='problem']"))
    assert.are.equal(2, count(pages[2], el("g") .. "[@class='problem']"))
    local titles = select(pages[1], with_class("text", "title"))
    assert.are.equal("第1問　Shogi Muso #77", titles[1].text)
    local captions = select(pages[1], with_class("text", "caption"))
    assert.are.equal("11手詰　Ito Sokan III (1734)", captions[1].text)
    -- the last problem has no solution in its file: the solver gives its length
    assert.are.equal("1手詰", select(pages[2], with_class("text", "caption"))[2].text)
    local lines = {}
    for _, it in ipairs(select(pages[3], with_class("text", "solution"))) do lines[#lines + 1] = it.text end
    local all = table.concat(lines, "\n")
    assert.truthy(all:find("第1問（11手詰） ▲７八金 △同　桂成", 1, true))
    assert.truthy(all:find("第8問（1手詰） ▲６二銀打まで", 1, true))
    assert.truthy(all:find("第6問（3手詰） ▲３四飛", 1, true))
  end)

  it("writes one PDF of every page (pdfinfo counts them)", function()
    assert.is_true((diagram.save_sheet(eight(), tmp .. "/sheet.pdf", {solutions = true})))
    assert.truthy(sh("pdfinfo '" .. tmp .. "/sheet.pdf'"):find("Pages:%s+3\n"))
    assert.truthy(sh("pdfinfo '" .. tmp .. "/sheet.pdf'"):find("A4", 1, true))
    assert.is_true((diagram.save_sheet(eight(), tmp .. "/sheet4.pdf", {per_page = 4})))
    assert.truthy(sh("pdfinfo '" .. tmp .. "/sheet4.pdf'"):find("Pages:%s+2\n"))
  end)

  it("writes a file a page as SVG", function()
    local ok, files = diagram.save_sheet(eight(), tmp .. "/sheet.svg", {solutions = true})
    assert.is_true(ok)
    assert.are.same({tmp .. "/sheet-1.svg", tmp .. "/sheet-2.svg", tmp .. "/sheet-3.svg"}, files)
  end)

  it("refuses unknown options and bad values", function()
    local ROWS = {
      {{pages = 2},
        "bad argument #2 to 'sheet' (unknown option 'pages' (known: nodes, per_page, solutions, style, title))"},
      {{per_page = 0}, "bad argument #2 to 'sheet' (per_page must be a whole number from 1 to 20, got '0')"},
      {{per_page = 2.5}, "bad argument #2 to 'sheet' (per_page must be a whole number from 1 to 20, got '2.5')"},
      {{style = "x"}, "bad argument #2 to 'sheet' (style must be \"kanji\", \"western\" or \"icons\")"},
      {3, "bad argument #2 to 'sheet' (options table expected, got number)"},
    }
    for _, row in ipairs(ROWS) do
      local ok, err = pcall(diagram.sheet, eight(), row[1])
      assert.is_false(ok)
      assert.are.equal(row[2], (err:gsub("^[^:]*:%d+: ", "")))
    end
    local ok, err = pcall(diagram.sheet, "x")
    assert.is_false(ok)
    assert.truthy(err:find("bad argument #1 to 'sheet' (list of problems expected, got string)", 1, true))
    ok, err = pcall(diagram.sheet, {})
    assert.is_false(ok)
    assert.truthy(err:find("bad argument #1 to 'sheet' (no problems)", 1, true))
    ok, err = pcall(diagram.sheet, {"startpos"})
    assert.is_false(ok)
    assert.truthy(err:find("bad argument #1 to 'sheet' (problem 1 is not a table)", 1, true))
    ok, err = pcall(diagram.sheet, {{position = "9/9 x"}})
    assert.is_false(ok)
    assert.truthy(err:find("sheet: problem 1: sfen:1:", 1, true))
  end)
end)
