-- shogi.engine (the USI client) and core.spawn: the protocol's text, real engines (Debian's
-- fairy-stockfish and gpsusi), and fake engines (tests/data/engines/fake.lua) that crash, hang or
-- print malformed lines.
local shogi = require "shogi"
local core = require "shogi.core"
local protocol = require "shogi.engine.protocol"

local here = debug.getinfo(1, "S").source:match("^@(.*)/[^/]*$") or "."
local top = here .. "/../.."
local FAKE = top .. "/tests/data/engines/fake.lua"

-- fake engines run on the build's komadai (the shogi modules are inside it)
local function fake(mode, n, extra)
  local spec = {cmd = {top .. "/build/komadai", FAKE, mode, tostring(n or 1)}, name = "fake-" .. mode}
  for k, v in pairs(extra or {}) do spec[k] = v end
  return spec
end

local function has(prog)
  return os.execute("command -v " .. prog .. " >/dev/null 2>&1 || test -x /usr/games/" .. prog)
end

describe("USI protocol text", function()
  local OPTIONS = {
    {"option name Hash type spin default 16 min 1 max 33554432",
      {name = "Hash", type = "spin", default = 16, min = 1, max = 33554432}},
    {"option name Skill Level type spin default 20 min -20 max 20",
      {name = "Skill Level", type = "spin", default = 20, min = -20, max = 20}},
    {"option name Ponder type check default false", {name = "Ponder", type = "check", default = false}},
    {"option name Clear Hash type button", {name = "Clear Hash", type = "button"}},
    {"option name Book File type string default <empty>", {name = "Book File", type = "string", default = ""}},
    {"option name Style type combo default Normal var Solid var Normal var Risky Play",
      {name = "Style", type = "combo", default = "Normal", vars = {"Solid", "Normal", "Risky Play"}}},
  }
  for _, row in ipairs(OPTIONS) do
    it("reads " .. row[1], function() assert.same(row[2], (protocol.option(row[1]))) end)
  end

  local BAD_OPTIONS = {
    {"option type spin", 17, "option without a name"},
    {"option foo name X type spin", 8, "expected 'name' after 'option', got 'foo'"},
    {"option name X type dial default 1", 15, "unknown option type 'dial'"},
    {"option name X", 14, "option without a type"},
    {"option name X type spin default 1 min low max 3", 35, "'min' needs a number"},
    {"option name X type spin default many", 37, "spin option 'X' without a number default"},
  }
  for _, row in ipairs(BAD_OPTIONS) do
    it("refuses " .. row[1], function()
      local o, col, msg = protocol.option(row[1])
      assert.is_nil(o)
      assert.equal(row[3], msg)
      assert.equal(row[2], col)
    end)
  end

  local INFOS = {
    {"info depth 12 seldepth 18 time 345 nodes 123456 nps 357843 hashfull 12 score cp 34 multipv 1 pv 7g7f 3c3d",
      {depth = 12, seldepth = 18, time = 345, nodes = 123456, nps = 357843, hashfull = 12, score = 34, multipv = 1,
       pv = {"7g7f", "3c3d"}}},
    {"info score cp -50 lowerbound depth 3", {score = -50, bound = "lower", depth = 3}},
    {"info score cp 10 upperbound", {score = 10, bound = "upper"}},
    {"info score mate 5 pv G*5b 5a4b", {mate = 5, pv = {"G*5b", "5a4b"}}},
    {"info score mate -4", {mate = -4}},
    {"info score mate +", {mate = "+"}},
    {"info score mate -", {mate = "-"}},
    {"info score mate -0", {mate = "-"}},
    {"info currmove 8h2b+ currmovenumber 3", {currmove = "8h2b+", currmovenumber = 3}},
    {"info depth 1 tbhits 0 string hello  world", {depth = 1, tbhits = 0, string = "hello  world"}},
    {"info depth 2 ebf 1.5 nodes 9", {depth = 2, nodes = 9}},
    -- gpsusi, at depth 5 from the position after 7g7f
    {"info depth 5 seldepth 8 time 526 score cp -53 nodes 27662 nps 52508 pv 3c3d 2g2f 8c8d 2f2e pass pass 2b8h+ 7i8h",
      {depth = 5, seldepth = 8, time = 526, score = -53, nodes = 27662, nps = 52508,
       pv = {"3c3d", "2g2f", "8c8d", "2f2e", "pass", "pass", "2b8h+", "7i8h"}}},
    -- gpsusi, lost by force: the line ends in "resign"
    {"info depth 3 score mate -2 pv 5a4a G*4b resign", {depth = 3, mate = -2, pv = {"5a4a", "G*4b"},
      pv_end = "resign"}},
    {"info pv resign nodes 5", {pv = {}, pv_end = "resign", nodes = 5}},
    {"info pv 1g1f win", {pv = {"1g1f"}, pv_end = "win"}},
  }
  for _, row in ipairs(INFOS) do
    it("reads " .. row[1], function() assert.same(row[2], (protocol.info(row[1]))) end)
  end

  local BAD_INFOS = {
    {"info depth x", 12, "'depth' needs an integer, got 'x'"},
    {"info nodes", 11, "'nodes' needs an integer, got ''"},
    {"info score 34", 12, "'score' needs cp or mate, got '34'"},
    {"info score cp high", 15, "'score cp' needs an integer, got 'high'"},
    {"info score mate soon", 17, "'score mate' needs a number of plies, + or -, got 'soon'"},
    {"info pv 7g7f banana", 14, "'pv' holds moves, got 'banana'"},
    {"info currmove up", 15, "'currmove' needs a move, got 'up'"},
  }
  for _, row in ipairs(BAD_INFOS) do
    it("refuses " .. row[1], function()
      local i, col, msg = protocol.info(row[1])
      assert.is_nil(i)
      assert.equal(row[3], msg)
      assert.equal(row[2], col)
    end)
  end

  it("reads bestmove, resign and win kept as such", function()
    assert.same({"7g7f", "3c3d"}, {protocol.bestmove("bestmove 7g7f ponder 3c3d")})
    assert.same({"P*5e"}, {protocol.bestmove("bestmove P*5e")})
    assert.same({"resign"}, {protocol.bestmove("bestmove resign")})
    assert.same({"win"}, {protocol.bestmove("bestmove win")})
    assert.same({nil, 10, "bestmove 'banana' is not a USI move"}, {protocol.bestmove("bestmove banana")})
    assert.same({nil, 9, "bestmove without a move"}, {protocol.bestmove("bestmove")})
    assert.same({nil, 15, "expected 'ponder' after the move, got 'x'"}, {protocol.bestmove("bestmove 7g7f x")})
    assert.same({nil, 21, "ponder '' is not a USI move"}, {protocol.bestmove("bestmove 7g7f ponder")})
  end)

  it("reads checkmate answers", function()
    assert.same({status = "mate", moves = {"G*5b", "5a4b", "S*3b"}}, protocol.checkmate("checkmate G*5b 5a4b S*3b"))
    assert.same({status = "nomate", moves = {}}, protocol.checkmate("checkmate nomate"))
    assert.same({status = "timeout", moves = {}}, protocol.checkmate("checkmate timeout"))
    assert.same({status = "notimplemented", moves = {}}, protocol.checkmate("checkmate notimplemented"))
    assert.same({nil, 18, "nothing may follow 'checkmate nomate'"}, {protocol.checkmate("checkmate nomate 7g7f")})
    assert.same({nil, 10, "checkmate without moves"}, {protocol.checkmate("checkmate")})
    assert.same({nil, 11, "'x' is not a USI move"}, {protocol.checkmate("checkmate x")})
  end)

  it("writes go commands", function()
    assert.equal("go btime 0 wtime 0 byoyomi 1000", protocol.go_command({byoyomi = 1000}))
    assert.equal("go btime 60000 wtime 50000 binc 1000 winc 1000",
      protocol.go_command({btime = 60000, wtime = 50000, binc = 1000, winc = 1000}))
    assert.equal("go depth 3", protocol.go_command({depth = 3}))
    assert.equal("go nodes 1000", protocol.go_command({nodes = 1000}))
    assert.equal("go movetime 200", protocol.go_command({movetime = 200}))
    assert.equal("go infinite", protocol.go_command({infinite = true}))
    assert.equal("go ponder btime 0 wtime 0 byoyomi 100", protocol.go_command({ponder = true, byoyomi = 100}))
    assert.has_error(function() protocol.go_command({byoyomi = -1}) end,
      "bad option 'byoyomi' to 'go' (milliseconds >= 0 expected, got -1)")
  end)

  it("splits command lines with quotes", function()
    assert.same({"build/komadai", "--usi", "my bot.lua"}, protocol.split_command("build/komadai --usi 'my bot.lua'"))
    assert.same({"a", ""}, protocol.split_command('a ""'))
    assert.same({nil, "command:1:4: unclosed \""}, {protocol.split_command('a "')})
    assert.same({nil, "command:1:1: empty command"}, {protocol.split_command("  ")})
  end)

  it("writes positions from games (start and moves), positions and SFEN", function()
    local g = shogi.game()
    g:play("7g7f"); g:play("3c3d")
    assert.equal("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d",
      require("shogi.engine").position_command(g))
    assert.equal("position sfen " .. g:position():sfen(), require("shogi.engine").position_command(g:position()))
    assert.equal("position startpos", require("shogi.engine").position_command("startpos"))
  end)
end)

describe("core.spawn", function()
  it("talks both ways, times out, reports the exit status", function()
    local p = assert(core.spawn({"sh", "-c", "read x; echo \"got $x\"; exit 4"}))
    assert.is_true(p:write("hi\n"))
    assert.equal("got hi", p:read_line(5))
    assert.same({nil, "eof"}, {p:read_line(5)})
    assert.same({"exit", 4}, {p:wait(5)})
    assert.same({nil, "closed"}, {p:write("more\n")})
    local q = assert(core.spawn({"sleep", "30"}))
    assert.same({nil, "timeout"}, {q:read_line(0.05)})
    assert.is_true(q:running())
    assert.same({"signal", 9}, {q:kill()})
    assert.is_false(q:running())
  end)

  it("kills what the program started too (its process group)", function()
    local p = assert(core.spawn({"sh", "-c", "sleep 30 & echo $!; wait"}))
    local child = assert(p:read_line(5))
    -- alive and not a zombie (the orphan may wait a while for init to reap it)
    -- (read from /proc: ps would run under the tests' LD_PRELOAD of libasan, and may hang there)
    local function alive(pid)
      local f = io.open("/proc/" .. pid .. "/stat")
      if not f then return false end
      local stat = f:read("a")
      f:close()
      return stat:match("%) (%a)") ~= "Z"
    end
    assert.is_truthy(alive(child))
    p:kill()
    os.execute("sleep 0.1")
    assert.is_falsy(alive(child))
  end)

  it("says why a program cannot start", function()
    assert.same({nil, "cannot start 'komadai-no-such-program': No such file or directory"},
      {core.spawn({"komadai-no-such-program"})})
    assert.has_error(function() core.spawn({}) end)
    assert.has_error(function() core.spawn({"sh"}, {stderr = "nowhere"}) end)
  end)

  it("waits on several processes at once", function()
    local a = assert(core.spawn({"sh", "-c", "sleep 0.4; echo a"}))
    local b = assert(core.spawn({"sh", "-c", "echo b"}))
    assert.equal(2, core.wait_any({a, b}, 5))
    assert.equal("b", b:read_line(0))
    assert.is_nil(core.wait_any({a}, 0.01))
    a:kill(); b:kill()
  end)

  it("kills a process it loses", function()
    local p = assert(core.spawn({"sleep", "30"}))
    local pid = p:pid()
    p = nil -- luacheck: ignore
    collectgarbage(); collectgarbage()
    assert.is_falsy(os.execute("kill -0 " .. pid .. " 2>/dev/null"))
    do
      local q <close> = assert(core.spawn({"sleep", "30"}))
      pid = q:pid()
    end
    assert.is_falsy(os.execute("kill -0 " .. pid .. " 2>/dev/null"))
  end)
end)

describe("fake engines", function()
  it("handshake, options and their checks", function()
    local e = assert(shogi.engine(fake("play")))
    assert.equal("fake-play", e:id().name)
    assert.equal("komadai tests", e:id().author)
    local names = {}
    for _, o in ipairs(e:options()) do names[#names + 1] = o.name end
    assert.same({"Depth", "Style", "Flag", "Clear Hash", "Book File"}, names)
    assert.is_true(e:set("Depth", 3))
    assert.is_true(e:set("Style", "wild"))
    assert.is_true(e:set("Flag", true))
    assert.is_true(e:set("Clear Hash"))
    assert.is_true(e:set("Book File", "x.db"))
    assert.is_true(e:set("USI_Ponder", true)) -- the GUI's options, which an engine need not list
    assert.is_true(e:set("USI_Hash", 16))
    assert.equal("option", select(3, e:set("USI_Ponder", "maybe")))
    assert.same({nil, "engine 'fake-play': no option 'Nope' (it has: Depth, Style, Flag, Clear Hash, Book File)", "option"},
      {e:set("Nope", 1)})
    assert.same({nil, "engine 'fake-play': option 'Depth' is a spin from 0 to 9, got 12", "option"}, {e:set("Depth", 12)})
    assert.same({nil, "engine 'fake-play': option 'Depth' is a spin: an integer, got 'deep'", "option"}, {e:set("Depth", "deep")})
    assert.same({nil, "engine 'fake-play': option 'Style' takes one of: solid, wild; got 'odd'", "option"},
      {e:set("Style", "odd")})
    assert.same({nil, "engine 'fake-play': option 'Flag' is a check: true or false, got 'maybe'", "option"},
      {e:set("Flag", "maybe")})
    assert.same({nil, "engine 'fake-play': option 'Book File' takes a string, got table", "option"}, {e:set("Book File", {})})
    assert.is_true(e:newgame())
    local infos = 0
    local r = assert(e:go(shogi.game(), {byoyomi = 1000, info = function() infos = infos + 1 end}))
    assert.is_true(shogi.position("startpos"):is_legal(r.bestmove))
    assert.equal(1, infos)
    assert.equal(1, r.depth)
    assert.equal(30 - 30, r.score)
    assert.same({status = "nomate", moves = {}}, e:mate("startpos", 100))
    assert.same({status = "nomate", moves = {}}, e:mate("startpos"))
    assert.same({"exit", 0}, {e:quit()})
    assert.is_false(e:alive())
  end)

  it("options given to shogi.engine are set before the first isready", function()
    local lines = {}
    local e = assert(shogi.engine(fake("play", 1, {options = {Depth = 2, Style = "wild"},
      log = function(dir, l) if dir == ">" then lines[#lines + 1] = l end end})))
    assert.same({"usi", "setoption name Depth value 2", "setoption name Style value wild", "isready"}, lines)
    e:quit()
    assert.same({nil, "engine 'fake-play': option 'Depth' is a spin from 0 to 9, got 10", "option"},
      {shogi.engine(fake("play", 1, {options = {Depth = 10}}))})
  end)

  it("a search cut short by an error is finished before the next one", function()
    local e = assert(shogi.engine(fake("play")))
    assert.has_error(function() e:go("startpos", {byoyomi = 1000, info = function() error("enough") end}) end)
    local g = shogi.game()
    g:play("7g7f")
    local r = assert(e:go(g, {byoyomi = 1000}))
    assert.is_true(g:is_legal(r.bestmove)) -- gote's move, not the stale answer for sente
    e:quit()
  end)

  it("a crash is an error naming the engine and what it was doing", function()
    local e = assert(shogi.engine(fake("crash")))
    local r, msg, kind = e:go("startpos", {byoyomi = 1000})
    assert.is_nil(r)
    assert.equal("engine 'fake-crash': exited with status 3 while searching after 'go btime 0 wtime 0 byoyomi 1000'",
      msg)
    assert.equal("crash", kind)
    assert.is_false(e:alive())
    assert.same({nil, msg, "crash"}, {e:go("startpos", {byoyomi = 1000})})
    -- restarted, it plays again (and crashes at its first go again)
    assert(e:restart())
    assert.is_true(e:alive())
  end)

  it("a hang past the limit is an error and the engine is killed", function()
    local e = assert(shogi.engine(fake("hang")))
    local t0 = core.now()
    local r, msg, kind = e:go("startpos", {byoyomi = 200})
    assert.is_nil(r)
    assert.equal("timeout", kind)
    assert.equal("engine 'fake-hang': no answer within 1.2 s while searching after 'go btime 0 wtime 0 byoyomi 200'"
      .. ": killed", msg)
    assert.is_true(core.now() - t0 < 5)
    assert.is_false(e:alive())
    local r2, msg2 = e:go("startpos", {depth = 1, timeout = 0.3})
    assert.is_nil(r2)
    assert.equal(msg, msg2)
  end)

  it("a silent engine fails the handshake", function()
    assert.same({nil, "engine 'fake-silent': no answer within 0.3 s while waiting for usiok after 'usi': killed",
      "timeout"}, {shogi.engine(fake("silent", 1, {timeout = 0.3}))})
  end)

  it("malformed lines are errors with the line and column", function()
    local e = assert(shogi.engine(fake("malformed")))
    assert.same({nil, "engine 'fake-malformed': 10:12: 'depth' needs an integer, got 'x': info depth x", "malformed"},
      {e:go("startpos", {byoyomi = 1000})})
    assert.is_false(e:alive())
    e = assert(shogi.engine(fake("garbage")))
    assert.same({nil, "engine 'fake-garbage': 10:10: bestmove 'banana' is not a USI move: bestmove banana",
      "malformed"}, {e:go("startpos", {byoyomi = 1000})})
  end)

  it("bestmove resign and win are kept as such", function()
    local e = assert(shogi.engine(fake("resign")))
    assert.equal("resign", e:go("startpos", {byoyomi = 1000}).bestmove)
    e:quit()
    e = assert(shogi.engine(fake("win")))
    assert.equal("win", e:go("startpos", {byoyomi = 1000}).bestmove)
    e:quit()
  end)

  it("a missing program and a bad command", function()
    assert.same({nil,
      "engine 'komadai-no-such-engine': cannot start 'komadai-no-such-engine': No such file or directory",
      "crash"}, {shogi.engine("komadai-no-such-engine")})
    assert.same({nil, "engine: command:1:5: unclosed '", "crash"}, {shogi.engine("a 'b")})
    assert.has_error(function() shogi.engine(42) end, "bad argument #1 to 'engine' (a command or {cmd = ...} expected)")
    local e = assert(shogi.engine(fake("play")))
    assert.has_error(function() e:go(42) end, "bad argument #1 to 'go' (position, game or SFEN expected, got number)")
    assert.has_error(function() e:mate("startpos", -1) end, "bad argument #2 to 'mate' (milliseconds expected)")
    assert.has_error(function() e:gameover("maybe") end,
      "bad argument #1 to 'gameover' (\"win\", \"lose\" or \"draw\" expected)")
    e:quit()
  end)

  it("an engine that died before a command is sent", function()
    local e = assert(shogi.engine(fake("play")))
    e.proc:signal("KILL")
    e.proc:wait(5)
    local ok, msg, kind = e:isready()
    assert.is_nil(ok)
    assert.equal("crash", kind)
    assert.equal("engine 'fake-play': exited (signal 9) before 'isready' could be sent", msg)
  end)
end)

describe("real engines", function()
  local fsf = has("fairy-stockfish")
  local gps = has("gpsusi")

  it("fairy-stockfish speaks USI for shogi", function()
    if not fsf then pending("fairy-stockfish is not installed") return end
    local e = assert(shogi.engine{cmd = "fairy-stockfish", name = "fsf", options = {["Skill Level"] = 20}})
    assert.matches("Fairy%-Stockfish", e:id().name)
    local skill
    for _, o in ipairs(e:options()) do if o.name == "Skill Level" then skill = o end end
    assert.same({name = "Skill Level", type = "spin", default = 20, min = -20, max = 20}, skill)
    assert.is_true(e:newgame())
    local g = shogi.game()
    g:play("7g7f")
    local seen = {}
    local r = assert(e:go(g, {depth = 4, info = function(i) seen[#seen + 1] = i end}))
    assert.is_true(g:is_legal(r.bestmove))
    assert.equal(4, r.depth)
    assert.is_number(r.score)
    assert.is_true(#r.pv >= 1)
    assert.equal(r.bestmove, r.pv[1])
    assert.equal(#seen, #r.info)
    -- an infinite search stopped from the info callback
    local stopped = assert(e:go(g, {infinite = true, info = function(i)
      if (i.depth or 0) >= 3 then e:stop() end
    end}))
    assert.is_true(g:is_legal(stopped.bestmove))
    -- a mate in one: Fairy-Stockfish answers "go mate" with bestmove (a UCI mate search)
    local m = assert(e:mate("3k5/9/3G5/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1", 1000))
    assert.equal("notimplemented", m.status)
    assert.is_true(shogi.position("3k5/9/3G5/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1"):after(m.bestmove):is_mate())
    assert.same({"exit", 0}, {e:quit()})
  end)

  -- pondering: "go ponder" on the expected move, then "ponderhit", or another position (the ponder
  -- search stopped and its answer dropped); on fairy-stockfish and on komadai's own engine
  local function ponders(spec)
    local said = {}
    spec.log = function(dir, line) said[#said + 1] = dir .. " " .. line end
    local e = assert(shogi.engine(spec))
    assert.is_true(e:newgame())
    local g = shogi.game()
    g:play("7g7f")
    local r = assert(e:go(g, {btime = 0, wtime = 0, byoyomi = 200}))
    g:play(r.bestmove)
    -- the opponent is expected to play 2g2f: think on it
    local expected = g:copy()
    expected:play("2g2f")
    assert.is_true(e:ponder(expected, {btime = 0, wtime = 0, byoyomi = 300}))
    os.execute("sleep 0.2")
    local hit = assert(e:ponderhit())
    assert.is_true(expected:is_legal(hit.bestmove))
    -- the engine's bestmove came after the ponderhit, and only once
    local seq = {}
    for _, l in ipairs(said) do
      if l:match("^> go ponder") or l == "> ponderhit" or l:match("^< bestmove") then seq[#seq + 1] = l:sub(1, 5) end
    end
    assert.same({"< bes", "> go ", "> pon", "< bes"}, seq)
    assert.is_true(hit.seconds < 5)
    -- ponder again, then the opponent plays something else: a plain go for the real position
    expected:play(hit.bestmove)
    local other = expected:copy()
    local moves = expected:legal_moves()
    expected:play(moves[1])
    other:play(moves[#moves])
    assert.is_true(e:ponder(expected, {btime = 0, wtime = 0, byoyomi = 300}))
    local r2 = assert(e:go(other, {btime = 0, wtime = 0, byoyomi = 200}))
    assert.is_true(other:is_legal(r2.bestmove))
    assert.has_error(function() e:ponderhit() end, "ponderhit without a ponder search (start one with e:ponder)")
    assert.same({"exit", 0}, {e:quit()})
  end

  it("ponders and takes a ponderhit: fairy-stockfish", function()
    if not fsf then pending("fairy-stockfish is not installed") return end
    ponders{cmd = "fairy-stockfish", name = "fsf", options = {Ponder = true, ["Skill Level"] = 3}}
  end)

  it("ponders and takes a ponderhit: komadai --usi", function()
    ponders{cmd = {top .. "/build/komadai", "--usi"}, name = "komadai", options = {USI_Ponder = true}}
  end)

  it("gpsusi's lost lines end in resign", function()
    if not gps then pending("gpsusi is not installed") return end
    -- gpsusi answers a stop well after a second on a loaded machine
    local e = assert(shogi.engine{cmd = "gpsusi", margin = 5})
    assert.is_true(e:newgame())
    local g = assert(shogi.game(
      "sfen ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 1"))
    g:play("B*5g")
    local r = assert(e:go(g, {btime = 0, wtime = 0, byoyomi = 500, timeout = 10}))
    assert.equal("resign", r.bestmove)
    e:quit()
  end)

  it("gpsusi plays and solves", function()
    if not gps then pending("gpsusi is not installed") return end
    -- gpsusi answers a stop well after a second on a loaded machine
    local e = assert(shogi.engine{cmd = "gpsusi", margin = 5})
    assert.matches("gpsshogi", e:id().name)
    assert.is_true(e:newgame())
    local g = assert(shogi.game("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"))
    local r = assert(e:go(g, {btime = 0, wtime = 0, byoyomi = 300, timeout = 10}))
    assert.is_true(g:is_legal(r.bestmove))
    local m = assert(e:mate("3k5/9/3G5/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1", 2000))
    assert.equal("mate", m.status)
    local p = shogi.position("3k5/9/3G5/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1")
    for _, mv in ipairs(m.moves) do p = p:after(mv) end
    assert.is_true(p:is_mate())
    e:quit()
  end)
end)
