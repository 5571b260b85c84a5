-- shogi.search, the view a Lua evaluation reads, bot files (shogi.bot) and
-- every error message of them.
-- Run: busted --lua=lua5.4 tests/lua/search_spec.lua (with the in-place paths).
local shogi = require "shogi"
local bot_mod = require "shogi.bot"

local function raised(f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "expected an error")
  return (tostring(err):gsub("^[^:]*:%d+: ", ""))
end

local function pos(sfen) return assert(shogi.position(sfen)) end

local MATE1 = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"

local function write(path, text)
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
end

describe("shogi.search", function()
  it("finds a mate in 1 with its score and main line", function()
    local r = shogi.search(pos(MATE1), {depth = 3})
    assert.equal("G*5b", r.move)
    assert.equal(1, r.mate)
    assert.same({"G*5b"}, r.pv)
    assert.is_true(r.depth == 3 and r.nodes > 0 and r.seconds >= 0 and r.nps >= 0)
  end)

  it("asks the df-pn solver at the root with mate_nodes", function()
    local r = shogi.search(pos("9/9/9/9/9/7np/8k/8B/7LR b rb4g4s3n3l17p 1"), {depth = 1, mate_nodes = 100000})
    assert.equal(3, r.mate)
    assert.equal(3, #r.pv)
  end)

  it("takes a hanging rook", function()
    local r = shogi.search(pos("4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1"), {depth = 3})
    assert.equal("5h5e", r.move)
    assert.is_true(r.score > 500)
  end)

  it("reports each iteration to info, and MultiPV lines", function()
    local seen = {}
    local r = shogi.search(pos("startpos"), {depth = 3, multipv = 2, info = function(i)
      seen[#seen + 1] = i.depth
      assert.equal(2, #i.lines)
      assert.is_table(i.pv)
    end})
    assert.same({1, 2, 3}, seen)
    assert.equal(2, #r.lines)
    assert.not_equal(r.lines[1].move, r.lines[2].move)
    assert.equal(r.move, r.lines[1].move)
  end)

  it("honours nodes and time limits, and says it stopped", function()
    local r = shogi.search(pos("startpos"), {nodes = 5000})
    assert.is_true(r.stopped)
    assert.is_true(r.nodes >= 5000 and r.nodes < 5100)
    assert.is_string(r.move)
    local t = os.clock()
    r = shogi.search(pos("startpos"), {time = 0.2})
    assert.is_true(os.clock() - t < 2)
    assert.is_string(r.move)
  end)

  it("searches a game with its history: a repetition is a draw", function()
    local g = assert(shogi.game("4k4/9/9/9/9/9/9/9/RB2K2BR b 4G4S4N4L18P 1"))
    for _, m in ipairs {"5i4i", "5a4a", "4i5i"} do g:play(m) end
    local r = shogi.search(g, {depth = 3})
    assert.equal("4a5a", r.move)
    assert.equal(0, r.score)
    -- the same position alone does not know it
    assert.is_true(shogi.search(g:position(), {depth = 3}).score < -1000)
  end)

  it("declares under the computer rules, not under JSA", function()
    local p = pos("KRB6/GGGGSS3/SSNN5/9/9/9/9/9/4k4 b 8Prb2n4l10p 1")
    local r = shogi.search(p, {depth = 2, rules = "computer"})
    assert.is_true(r.declare)
    assert.is_nil(r.move)
    assert.is_nil(shogi.search(p, {depth = 2}).declare)
    local g = assert(shogi.game(p, {rules = "computer"}))
    assert.is_true(shogi.search(g, {depth = 2}).declare)
  end)

  it("says when the side to move has no legal move", function()
    local r = shogi.search(pos("4k4/4G4/4P4/9/9/9/9/9/9 w 2r2b3g4s4n4l17p 2"), {depth = 2})
    assert.is_nil(r.move)
    assert.equal(0, r.mate)
  end)

  it("calls a Lua evaluation with a view of the position", function()
    local calls = 0
    local r = shogi.search(pos("4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1"), {depth = 2, eval = function(v, o)
      calls = calls + 1
      assert.equal(7, o.bonus)
      assert.is_true(v:side() == "b" or v:side() == "w")
      return v:material() + o.bonus
    end, eval_opts = {bonus = 7}})
    assert.is_true(calls > 0)
    assert.equal("5h5e", r.move)
  end)

  it("gives the view's accessors", function()
    local checked = false
    shogi.search(pos("4k4/9/9/9/4r4/9/9/4R4/4K4 b P 1"), {depth = 1, eval = function(v)
      if checked then return 0 end
      checked = true
      local b = v:board({})
      assert.equal(81, #b)
      local n = 0
      for i = 1, 81 do if b[i] then n = n + 1 end end
      assert.is_true(n >= 3)
      assert.equal(1, v:count("b", "K"))
      assert.equal(1, v:count("w", "K"))
      assert.equal(0, v:count("b", "+R"))
      assert.is_true(v:hand("b", "P") <= 1)
      assert.equal(0, v:hand("w", "G"))
      local f, r = v:king("w")
      assert.is_true(f >= 1 and f <= 9 and r >= 1 and r <= 9)
      assert.is_boolean(v:in_check())
      assert.is_true(v:ply() >= 1)
      assert.equal(v:at("5a") or "none", v:at(5, 1) or "none")
      assert.is_number(v:builtin())
      assert.is_string(v:sfen())
      assert.equal(v:sfen(), v:position():sfen())
      assert.equal("bad argument #2 to 'count' (piece letters like \"P\" or \"+R\" expected)",
        raised(function() return v:count("b", "Q") end))
      assert.equal("bad argument #2 to 'count' (that piece does not promote)",
        raised(function() return v:count("b", "+G") end))
      assert.equal("bad argument #1 to 'at' (square like \"7g\" expected)", raised(function() return v:at("0z") end))
      assert.equal("bad argument #1 to 'at' (file and rank 1..9 expected)", raised(function() return v:at(10, 1) end))
      assert.equal("bad argument #1 to 'hand' (invalid option 'x')", raised(function() return v:hand("x", "P") end))
      return 0
    end})
    assert.is_true(checked)
  end)

  it("raises the evaluation's error after the search, and non-number scores", function()
    assert.equal("boom", raised(shogi.search, pos("startpos"), {depth = 2, eval = function() error("boom", 0) end}))
    assert.equal("the evaluation returned string, not a number",
      raised(shogi.search, pos("startpos"), {depth = 2, eval = function() return "x" end}))
    assert.equal("info failed",
      raised(shogi.search, pos("startpos"), {depth = 2, info = function() error("info failed", 0) end}))
  end)

  it("refuses a view kept past the evaluation", function()
    local kept
    shogi.search(pos("startpos"), {depth = 1, eval = function(v) kept = v; return 0 end})
    assert.equal("the view is only valid during an evaluation", raised(kept.side, kept))
  end)

  it("searches only the searchmoves given, and refuses an illegal one", function()
    local p = pos("startpos")
    assert.equal("2h3h", shogi.search(p, {depth = 3, searchmoves = {"2h3h"}}).move)
    local r = shogi.search(p, {depth = 3, searchmoves = {"9g9f", "1g1f"}})
    assert.truthy(r.move == "9g9f" or r.move == "1g1f", r.move)
    assert.equal("bad option 'searchmoves': 2h3i is not a legal move here",
      raised(shogi.search, p, {depth = 3, searchmoves = {"2h3i"}}))
    assert.equal("bad argument #2 to 'search' (option 'searchmoves' must be a list of USI moves)",
      raised(shogi.search, p, {searchmoves = "2h3h"}))
  end)

  it("refuses unknown and bad options, listing the known ones", function()
    local p = pos("startpos")
    assert.equal("bad argument #2 to 'search' (unknown option 'dept' (known: depth, nodes, time, eval, eval_opts, "
      .. "tt_mb, multipv, info, rules, clear, mate_nodes, order, prune, quiet, searchmoves))",
      raised(shogi.search, p, {dept = 3}))
    assert.equal("bad argument #2 to 'search' (option 'depth' must be a number from 0 to 120)",
      raised(shogi.search, p, {depth = -1}))
    assert.equal("bad argument #2 to 'search' (option 'multipv' must be a number from 1 to 16)",
      raised(shogi.search, p, {multipv = 0}))
    assert.equal("bad argument #2 to 'search' (option 'eval' must be a function, \"builtin\", \"material\" "
      .. "or a C evaluation)",
      raised(shogi.search, p, {eval = "fancy"}))
    assert.equal("bad argument #2 to 'search' (option 'info' must be a function)", raised(shogi.search, p, {info = 1}))
    assert.equal("bad argument #2 to 'search' (option 'eval_opts' must be a table)",
      raised(shogi.search, p, {eval_opts = 1}))
    assert.equal("bad argument #2 to 'search' (option 'rules' must be \"jsa\", \"computer\" or a rules table)",
      raised(shogi.search, p, {rules = "fide"}))
    assert.equal("bad argument #2 to 'search' (options table expected, got number)", raised(shogi.search, p, 3))
    assert.equal("bad argument #1 to 'search' (position or game expected, got number)",
      (raised(shogi.core.search, 1, {}):gsub("shogi.core.search", "search")))
    -- the usual mistake: a position that did not read (nil, msg) given on
    assert.equal("bad argument #1 to 'search' (position or game expected, got nil)",
      (raised(shogi.core.search, nil, {}):gsub("shogi.core.search", "search")))
  end)

  it("calls the order and prune hooks on quiet moves", function()
    local p = pos("ln1gk2nl/1r4g2/pppsp1sp1/3p1pp1p/7P1/2P3PS1/PPSPPP2P/3K3R1/LN1G1G1NL b Bb 21")
    local asked, pruned = 0, 0
    local r = shogi.search(p, {depth = 5, eval_opts = {k = 1},
      order = function(v, m, o)
        asked = asked + 1
        assert.equal(1, o.k)
        assert.is_string(v:side())
        return m:find("*", 1, true) and -50 or 0
      end,
      prune = function(_, m)
        local skip = m:sub(1, 1) == "1" -- moves from the first file
        if skip then pruned = pruned + 1 end
        return skip
      end})
    assert.is_string(r.move)
    assert.is_true(asked > 0 and pruned > 0)
    assert.equal("the order hook returned string, not a number",
      raised(shogi.search, p, {depth = 5, order = function() return "x" end}))
    assert.equal("no", raised(shogi.search, p, {depth = 5, prune = function() error("no", 0) end}))
    assert.equal("bad argument #2 to 'search' (option 'prune' must be a function)",
      raised(shogi.search, p, {depth = 3, prune = 3}))
  end)

  it("takes a C evaluation handle", function()
    local c = shogi.core.c_eval("material")
    local r = shogi.search(pos("4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1"), {depth = 2, eval = c})
    assert.equal("5h5e", r.move)
    assert.equal(shogi.core.evaluate(pos("startpos"), "builtin"),
      shogi.core.evaluate(pos("startpos"), shogi.core.c_eval("builtin")))
    assert.equal("bad argument #1 to 'c_eval' (invalid option 'nn')",
      (raised(shogi.core.c_eval, "nn"):gsub("shogi.core.", "")))
  end)

  it("loads a C evaluation module (examples/bots/c_eval/pawns.c) when a compiler is there", function()
    local dir = os.tmpname()
    os.remove(dir)
    os.execute("mkdir -p " .. dir)
    local built = os.execute("cc -O2 -shared -fPIC -std=c11 $(pkg-config --cflags lua5.4) -o " .. dir
      .. "/pawns.so examples/bots/c_eval/pawns.c 2>/dev/null")
    if built then
      local loader = assert(package.loadlib(dir .. "/pawns.so", "luaopen_pawns"))
      local ev = loader()
      local r = shogi.search(pos("4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1"), {depth = 3, eval = ev})
      assert.equal("5h5e", r.move)
      assert.equal(0, shogi.core.evaluate(pos("startpos"), ev))
      -- the same module as a bot (komadai --usi pawns.so)
      local bot = assert(require("shogi.bot").load(dir .. "/pawns.so"))
      assert.equal("pawns", bot.name)
      assert.equal("5h5e", bot:search(pos("4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1"), {depth = 3}).move)
      os.execute("cp " .. dir .. "/pawns.so " .. dir .. "/other.so")
      local none, msg = require("shogi.bot").load(dir .. "/other.so")
      assert.is_nil(none)
      assert.matches("other.so: cannot load luaopen_other: ", msg, 1, true)
    end
    os.execute("rm -rf " .. dir)
  end)

  it("refuses a C module it cannot use, saying why", function()
    local bot_mod = require "shogi.bot"
    assert.same({nil, "x/my-eval.so: a C module's file name must be NAME.so with NAME a C identifier"
      .. " (its luaopen_NAME is called)"}, {bot_mod.load("x/my-eval.so")})
    local b, msg = bot_mod.load("/nonexistent/pawns.so")
    assert.is_nil(b)
    assert.matches("^/nonexistent/pawns.so: cannot load luaopen_pawns: ", msg)
  end)

  it("evaluates a position with the built-in or material evaluation", function()
    assert.equal(0, shogi.core.evaluate(pos("startpos"), "material"))
    assert.is_number(shogi.core.evaluate(pos("startpos")))
  end)
end)

describe("bot files", function()
  local dir = os.tmpname()
  os.remove(dir)
  os.execute("mkdir -p " .. dir)

  it("loads the examples and searches with them", function()
    for _, name in ipairs {"material", "pst", "drill"} do
      local b = assert(bot_mod.load("examples/bots/" .. name .. ".lua"))
      assert.is_string(b.name)
      local r = b:search(pos("4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1"), {depth = 2})
      assert.equal("5h5e", r.move)
    end
  end)

  it("takes a C evaluation as a bot's eval, options and all", function()
    write(dir .. "/cmat.lua", "return {name = 'cmat', options = {{name = 'Depth', type = 'spin', default = 2,"
      .. " min = 1, max = 9}}, eval = shogi.core.c_eval('material')}")
    local b = assert(bot_mod.load(dir .. "/cmat.lua"))
    assert.equal("cmat", b.name)
    assert.is_true(bot_mod.is_c_eval(b.eval))
    assert.is_false(bot_mod.is_c_eval(function() end))
    assert.equal("5h5e", b:search(pos("4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1"), {depth = 2}).move)
  end)

  it("the view lists the squares that changed: an incremental sum stays the full one", function()
    local board, changes, sum, calls = {}, {}, 0, 0
    local function value(pc, i) return pc and (#pc * 1000 + pc:byte(-1) * 10 + i) or 0 end
    local eval = function(v)
      local _, n = v:board(board, changes)
      for k = 1, 3 * n, 3 do
        local i, old, new = changes[k], changes[k + 1], changes[k + 2]
        assert(old ~= new, "a square listed that did not change")
        sum = sum - value(old, i) + value(new, i)
      end
      local want = 0
      for i = 1, 81 do
        local at = v:at((i - 1) // 9 + 1, (i - 1) % 9 + 1) or false
        assert(board[i] == at, "square " .. i)
        want = want + value(at, i)
      end
      assert(sum == want, "incremental " .. sum .. " full " .. want)
      calls = calls + 1
      return v:material()
    end
    local p = pos("ln1g3nl/2skgsr2/ppppppbpp/9/6p2/2PPP4/PPB1SPPPP/2K4R1/LNSG1G1NL b - 17")
    assert(shogi.search(p, {depth = 3, eval = eval}))
    assert.is_true(calls > 100)
    -- a second search: a new view, the same tables, still consistent; then a table the
    -- view did not fill last (another table in between): its old values are read from it
    assert(shogi.search(p:after("5g4f"), {depth = 2, eval = eval}))
    local other = {}
    assert(shogi.search(p, {depth = 2, eval = function(v)
      v:board(other)
      return eval(v)
    end}))
    for i = 1, 81 do assert.is_not_nil(board[i]) end
  end)

  it("sets options from USI text, refusing bad values", function()
    local b = assert(bot_mod.load("examples/bots/drill.lua"))
    assert.is_true(b:set("Noise", "0"))
    assert.equal(0, b.values.Noise)
    assert.is_true(b:set("Style", "greedy"))
    local ok, msg = b:set("Noise", "loud")
    assert.is_nil(ok)
    assert.equal("option 'Noise' takes a number from 0 to 1000", msg)
    assert.same({nil, "option 'Style' takes one of: normal, greedy"}, {b:set("Style", "wild")})
    assert.same({nil, "the bot has no option 'Nope'"}, {b:set("Nope", "1")})
    local p = assert(bot_mod.load("examples/bots/pst.lua"))
    assert.same({nil, "option 'KingSafety' takes true or false"}, {p:set("KingSafety", "yes")})
    assert.is_true(p:set("KingSafety", "false"))
    assert.is_false(p.values.KingSafety)
  end)

  it("refuses bad bot files with a message", function()
    local cases = {
      {"return 42", "a bot file must return a table"},
      {"return {}", "the bot has no eval function"},
      {"return {eval = 42}", "eval must be a function or a C evaluation (shogi.core.c_eval), not a number"},
      {"return {eval = function() end, name = 3}", "name must be a string"},
      {"return {eval = function() end, options = 3}", "options must be a list"},
      {"return {eval = function() end, order = 1}", "order must be a function"},
      {"return {eval = function() end, prune = 'x'}", "prune must be a function"},
      {"return {eval = function() end, options = {3}}", "options[1] is not a table"},
      {"return {eval = function() end, options = {{name = 'a  b', type = 'spin'}}}",
        "options[1] needs a name of letters, digits and _ in words with single spaces (not the words name or value)"},
      {"return {eval = function() end, options = {{name = 'my value', type = 'spin'}}}",
        "options[1] needs a name of letters, digits and _ in words with single spaces (not the words name or value)"},
      {"return {eval = function() end, options = {{name = 'X', type = 'slider'}}}",
        "option 'X' has type slider (spin, check, combo, string or button)"},
      {"return {eval = function() end, options = {{name = 'X', type = 'button', press = 1}}}",
        "button option 'X': press must be a function"},
      {"return {eval = function() end, options = {{name = 'X', type = 'check', default = true},"
        .. "{name = 'x', type = 'check', default = true}}}", "option 'x' is given twice"},
      {"return {eval = function() end, options = {{name = 'X', type = 'spin', default = 9, min = 0, max = 3}}}",
        "spin option 'X' needs numbers min <= default <= max"},
      {"return {eval = function() end, options = {{name = 'X', type = 'check', default = 1}}}",
        "check option 'X' needs a boolean default"},
      {"return {eval = function() end, options = {{name = 'X', type = 'combo', default = 'a'}}}",
        "combo option 'X' needs vars"},
      {"return {eval = function() end, options = {{name = 'X', type = 'combo', default = 'c', vars = {'a'}}}}",
        "combo option 'X': default is not one of vars"},
      {"return {eval = function() end, options = {{name = 'X', type = 'string', default = 1}}}",
        "string option 'X' needs a string default"},
      {"return {eval = function() end, options = {{name = 'X', type = 'check', default = true},"
        .. "{name = 'X', type = 'check', default = true}}}", "option 'X' is given twice"},
    }
    for i, c in ipairs(cases) do
      local path = dir .. "/bad" .. i .. ".lua"
      write(path, c[1])
      local b, msg = bot_mod.load(path)
      assert.is_nil(b)
      assert.equal(path .. ": " .. c[2], msg)
    end
    write(dir .. "/syntax.lua", "return {")
    local b, msg = bot_mod.load(dir .. "/syntax.lua")
    assert.is_nil(b)
    assert.truthy(msg:find("syntax.lua:1:", 1, true))
    b, msg = bot_mod.load(dir .. "/missing.lua")
    assert.is_nil(b)
    assert.truthy(msg:find("No such file", 1, true))
    write(dir .. "/raises.lua", "error('nope', 0)")
    assert.same({nil, "nope"}, {bot_mod.load(dir .. "/raises.lua")})
  end)

  it("loads a bot in an environment without io or os", function()
    local v = assert(bot_mod.load_bot("return {io = io, os = os, require = require, s = string.rep('a', 2), "
      .. "m = math.max(1, 2), sh = shogi ~= nil}", "=test"))
    assert.is_nil(v.io)
    assert.is_nil(v.os)
    assert.is_nil(v.require)
    assert.equal("aa", v.s)
    assert.equal(2, v.m)
    assert.is_true(v.sh)
  end)

  teardown(function() os.execute("rm -rf " .. dir) end)
end)
