-- Drills through the API: loading (every error message), whole sessions with
-- right and wrong answers, hints, mates answered move by move, sequences,
-- play-outs, progress across sessions, and the checker on planted errors.
local shogi = require "shogi"
local drill = require "shogi.drill"
local progress = require "shogi.drill.progress"

local DAY = 86400
local T0 = 1800000000

local function tmpdir()
  local d = os.tmpname()
  os.remove(d)
  os.execute("mkdir -p '" .. d .. "'")
  return d
end

local function write(path, text)
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
  return path
end

local function load_text(text)
  local dir = tmpdir()
  return drill.load(write(dir .. "/d.lua", text))
end

local TSUME = "examples/drills/tsume.lua"
local TESUJI = "examples/drills/tesuji.lua"

describe("drill.load", function()
  it("loads the examples", function()
    for _, f in ipairs {TSUME, TESUJI, "examples/drills/handicap.lua", "examples/drills/entering_king.lua",
      "examples/drills/sho.lua"} do
      local d, err = drill.load(f)
      assert.is_nil(err)
      assert.truthy(#d.exercises >= 1)
    end
  end)

  local BAD = {
    {"return 1", "a drill file must return a table"},
    {"return {exercises = {}}", "the drill has no exercises"},
    {"return {exercises = {{}}, colour = 1}", "unknown drill field 'colour'"},
    {"return {exercises = {{anwsers = {}}}}", "exercise 1: unknown field 'anwsers'"},
    {"return {exercises = {{goal = 'win'}}}", "exercise 1: unknown goal 'win'"},
    {"return {exercises = {5}}", "exercise 1 is not a table"},
    {"return {exercises = {{hints = 'x'}}}", "exercise 1: hints must be a list of strings"},
    {"return {exercises = {{margin = 'x'}}}", "exercise 1: margin must be a number of centipawns"},
    {"return {", "expected"},
    {"while true do end", "cpu limit"},
  }
  for _, row in ipairs(BAD) do
    it("refuses " .. row[1], function()
      local d, err = load_text(row[1])
      assert.is_nil(d)
      assert.truthy(err:find(row[2], 1, true), err)
    end)
  end

  it("says a missing file cannot be opened", function()
    local d, err = drill.load("/nonexistent/drill.lua")
    assert.is_nil(d)
    assert.truthy(err:find("cannot open", 1, true), err)
  end)

  it("keeps what needs the rules as the exercise's faults", function()
    local d = assert(load_text([[return {exercises = {
      {position = "xyz"},
      {position = "startpos", answers = {"7g7e"}},
      {position = "startpos", goal = "sequence"},
      {position = "startpos"},
      {position = "startpos", side = "w"},
      {position = "startpos", goal = "mate"},
      {position = "startpos", rules = 5, answers = {"7g7f"}},
      {position = "nothere.kif:3"},
    }}]]))
    local want = {"position:", "answer 1 (7g7e)", "a sequence needs its line", "needs answers or a margin",
      "the student's side must be the side to move", "the attacker has no check", "rules:", "position:"}
    for i, w in ipairs(want) do
      assert.truthy(d.exercises[i].faults[1] and d.exercises[i].faults[1]:find(w, 1, true),
        i .. ": " .. tostring(d.exercises[i].faults[1]))
    end
  end)

  it("reads a position from a record after N moves", function()
    local d = assert(load_text([[return {exercises = {{position = "]] .. os.getenv("PWD") ..
      [[/tests/data/records/skc__oui202106290101.kif:2", answers = {"2f2e"}}}}]]))
    local ex = d.exercises[1]
    assert.same({}, ex.faults)
    assert.equal(3, ex.position:ply())
  end)
end)

describe("the other messages", function()
  it("names every fault an exercise can have", function()
    local d = assert(load_text([[return {exercises = {
      {position = "startpos", side = "x", answers = {"7g7f"}},
      {position = "]] .. os.getenv("PWD") .. [[/tests/data/records/skc__oui202106290101.kif:900"},
      {position = "startpos", answers = 5},
      {position = 5},
      {position = "startpos", goal = "play", opponent = "nobot.lua"},
      {position = "startpos", goal = "play", opponent = "/bin/false --usi"},
    }}]]))
    local want = {"side must be \"b\" or \"w\"", "has 104 moves, not 900", "answers must be a list of moves",
      "position must be an SFEN"}
    for i, w in ipairs(want) do
      assert.truthy(d.exercises[i].faults[1] and d.exercises[i].faults[1]:find(w, 1, true),
        i .. ": " .. tostring(d.exercises[i].faults[1]))
    end
    local s = d:session{progress = false, only = {5, 6}}
    local r = s:answer("7g7f")
    assert.is_true(r.illegal)
    assert.truthy(r.message:find("opponent nobot.lua: ", 1, true), r.message)
    s:next()
    r = s:answer("7g7f")
    assert.truthy(r.message:find("is an engine command", 1, true) or r.message:find("opponent '/bin/false", 1, true),
      r.message)
  end)

  it("says when a file returns nothing or the argument is no name", function()
    local d, err = load_text("local x = 1")
    assert.is_nil(d)
    assert.truthy(err:find("the drill file returned nothing", 1, true), err)
    assert.has_error(function() drill.load(5) end, "bad argument #1 to 'load' (drill file name expected, got number)")
  end)

  it("says when an exercise or the session is over", function()
    local s = assert(drill.load(TSUME)):session{progress = false, only = {1}}
    s:answer("G*5b")
    assert.equal("this exercise is over: :next goes on, :retry plays it again", s:answer("G*5b").message)
    assert.same({nil, "this exercise is over"}, {s:hint()})
    s:next()
    assert.equal("the session is over", s:answer("G*5b").message)
    assert.same({nil, "the session is over"}, {s:hint()})
    assert.is_true(s:over())
  end)

  it("says when a goal function fails", function()
    local d = assert(load_text([[return {exercises = {{position = "startpos", goal = function() error("oops") end}}}]]))
    local r = d:session{progress = false}:answer("7g7f")
    assert.is_true(r.illegal)
    assert.truthy(r.message:find("the exercise's goal failed: ", 1, true), r.message)
    assert.truthy(r.message:find("oops", 1, true), r.message)
  end)

  it("says why a prompt drill cannot start", function()
    local prompt = require "shogi.drill.prompt"
    local show = function(x) return x:sfen() end
    local ok, msg = prompt.start({}, show)
    assert.is_false(ok)
    assert.equal("no drill file given (:drill FILE, komadai --drill FILE)", msg)
    ok, msg = prompt.start({"tests/data/drills/planted.lua"}, show, {due = false})
    assert.is_true(ok)
    assert.truthy(msg:find("Planted errors: exercise 1 of 7", 1, true), msg)
    assert.is_true(prompt.line(":quit", show))
    local dir = tmpdir()
    write(dir .. "/bad.lua", [[return {title = "all bad", exercises = {{position = "xyz"}}}]])
    ok, msg = prompt.start({dir .. "/bad.lua"}, show)
    assert.is_false(ok)
    assert.equal("all bad: no exercise can be played (scripts/drill check names the faults)", msg)
  end)
end)

describe("a move exercise", function()
  it("takes the answer in any notation and scores it", function()
    local s = assert(drill.load(TESUJI)):session{progress = false}
    assert.equal("knight fork", s:exercise().title)
    local r = s:answer("▲３三桂打")
    assert.is_true(r.correct)
    assert.is_true(r.done)
    assert.truthy(r.message:find("correct", 1, true))
    assert.truthy(r.message:find("Nx2a+", 1, true)) -- the explanation follows
    assert.equal(100, r.points)
  end)

  it("answers a wrong move with its refutation and takes it back", function()
    local s = assert(drill.load(TESUJI)):session{progress = false}
    local before = s:game():sfen()
    local r = s:answer("P*9b")
    assert.is_false(r.correct)
    assert.is_false(r.done)
    assert.truthy(#r.refutation >= 1)
    assert.truthy(r.position)
    assert.equal(before, s:game():sfen())
    r = s:answer("N*3c")
    assert.is_true(r.correct)
    assert.equal(75, r.points)
  end)

  it("gives the teacher's hints, then the piece, then the square", function()
    local s = assert(drill.load(TESUJI)):session{progress = false}
    assert.equal("A knight attacks two squares at once.", s:hint())
    assert.equal("the piece: drop a knight from the hand", s:hint())
    assert.equal("the square: 3c", s:hint())
    local none, msg = s:hint()
    assert.is_nil(none)
    assert.equal("no more hints (:answer shows the move)", msg)
    local r = s:answer("N*3c")
    assert.equal(25, r.points)
  end)

  it("accepts a move within the margin and names the best", function()
    local s = assert(drill.load(TESUJI)):session{progress = false}
    s:next()
    local r = s:answer("P*7g")
    assert.is_true(r.correct)
    assert.truthy(r.message:find("within 30 cp of the best", 1, true), r.message)
    s:retry()
    r = s:answer("8i7g")
    assert.is_false(r.correct)
    assert.truthy(r.message:find("not quite", 1, true), r.message)
  end)

  it("names a board piece in its first hint", function()
    local d = assert(load_text([[return {exercises = {{position = "startpos", answers = {"7g7f"}}}}]]))
    local s = d:session{progress = false}
    assert.equal("the piece: the pawn on 7g", s:hint())
    assert.equal("the square: 7f", s:hint())
  end)

  it("says why text is no move, without counting it", function()
    local s = assert(drill.load(TESUJI)):session{progress = false}
    local r = s:answer("N*3a")
    assert.is_true(r.illegal)
    assert.truthy(r.message:find("3a", 1, true), r.message)
    r = s:answer("N*3c")
    assert.equal(100, r.points)
    assert.has_error(function() s:answer(5) end, "bad argument #1 to 'answer' (a move expected, got number)")
  end)
end)

describe("feedback that explains (issue 35 item 1)", function()
  it("says what a wrong move loses, with the opponent's line only", function()
    local s = assert(drill.load(TESUJI)):session{progress = false}
    local r = s:answer("P*4b")
    assert.is_false(r.correct)
    assert.truthy(r.message:find("P*4b loses a pawn: gote Kx4b", 1, true), r.message)
    assert.truthy(r.message:find("for sente)", 1, true), r.message)
    assert.same({"4a4b"}, r.refutation)
    s:next()
    r = s:answer("8i7g")
    assert.truthy(r.message:find("loses a knight: gote Bx7g+", 1, true), r.message)
    assert.truthy(r.message:find("cp below the best", 1, true), r.message)
    assert.falsy(r.message:find("Black", 1, true))
  end)

  it("speaks kanji under :style kanji, hints too", function()
    local s = assert(drill.load(TESUJI)):session{progress = false, style = "kanji"}
    local r = s:answer("P*4b")
    assert.truthy(r.message:find("▲４二歩 loses 歩", 1, true), r.message)
    assert.truthy(r.message:find("△同玉", 1, true) or r.message:find("△４二玉", 1, true), r.message)
    s:hint()
    assert.equal("the piece: drop a 桂 from the hand", s:hint())
    assert.equal("the square: ３三", s:hint())
    assert.has_error(function() s:set_style("bold") end)
  end)

  it("tells a move of the line played in the wrong order", function()
    local s = assert(drill.load("examples/drills/handicap.lua")):session{progress = false}
    local r = s:answer("2g2f")
    assert.is_false(r.correct)
    assert.truthy(r.message:find("played in the wrong order", 1, true), r.message)
  end)

  it("names a mate a wrong move allows", function()
    local explain = require "shogi.drill.explain"
    assert.equal("mate in 5", explain.score(29995))
    assert.equal("mated in 4", explain.score(-29996))
    assert.equal("+300 cp", explain.score(300))
    local pos = shogi.position("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    local c = explain.cost(pos, "5i4h", 1000, {cp = 30000 - 1, mate = 1, pv = {"5a4a"}}, "letters")
    assert.truthy(c.text:find("allows mate in 1", 1, true), c.text)
  end)
end)

describe("a mate exercise", function()
  it("is answered move by move against the longest defence", function()
    local s = assert(drill.load(TSUME)):session{progress = false}
    s:next()
    s:next()
    local e = s:exercise()
    assert.equal("Mate in 5: a bishop and two knights", e.prompt)
    local r = s:answer("B*8c")
    assert.is_true(r.correct)
    assert.is_false(r.done)
    assert.equal("6a5a", r.reply)
    r = s:answer("N*4c")
    assert.is_true(r.correct)
    assert.equal("5a4a", r.reply)
    r = s:answer("N*5c")
    assert.is_true(r.correct)
    assert.is_true(r.done)
    assert.truthy(r.message:find("^mate"))
    assert.is_true(s:game():is_mate())
  end)

  it("refutes a check that does not mate in time", function()
    local s = assert(drill.load(TSUME)):session{progress = false}
    s:next()
    local r = s:answer("R*3b")
    assert.is_false(r.correct)
    assert.truthy(r.message:find("does not mate in 3", 1, true), r.message)
    assert.equal(1, #r.refutation)
    r = s:answer("4b4a")
    assert.is_false(r.correct)
    assert.truthy(r.message:find("is not a check", 1, true), r.message)
    assert.equal(0, #s:game():moves())
  end)

  it("accepts a dual and names the main line's move", function()
    local d = assert(load_text([[return {exercises = {{position = "9/9/9/9/9/7np/8k/8B/7LR b rb4g4s3n3l17p 1",
      goal = "mate", length = 3, answers = "1h6c+ 2f1h+ 1i1h"}}}]]))
    local s = d:session{progress = false}
    local r = s:answer("1h8a")
    assert.is_true(r.correct)
    assert.equal("1h6c+", r.dual)
    assert.truthy(r.message:find("a dual", 1, true))
    r = s:answer(r.reply == "L*1h" and "8a2g+" or "8a1h")
    assert.is_true(r.done)
  end)

  it("shows the rest of the line as the answer, counted as missed", function()
    local s = assert(drill.load(TSUME)):session{progress = false}
    s:next()
    local text, line = s:reveal()
    assert.same({"R*3d", "3c3d", "4b4d+"}, line)
    assert.truthy(text:find("the answer: R*3d", 1, true), text)
    assert.equal("missed", s:score().exercises[1].status == "solved" and "missed" or s:score().exercises[1].status)
  end)
end)

describe("a mate with a futile interposition (issue 35 item 3)", function()
  it("is solved by the move that leaves only futile drops", function()
    local d = assert(load_text([[return {exercises = {{goal = "mate", length = 1, answers = {"6i6a+"},
      position = "8k/7pp/L3p1p2/RBB6/GGG6/GSS6/SSN6/NNN6/LLLR5 b 14p 1"}}}]]))
    local r = d:session{progress = false}:answer("6i6a+")
    assert.is_true(r.correct, r.message)
    assert.is_true(r.done)
    assert.truthy(r.message:find("futile", 1, true), r.message)
    assert.same({}, d:check().faulty)
  end)
end)

describe("a sequence", function()
  it("plays the other side, the drill's first move included", function()
    local s = assert(drill.load("examples/drills/handicap.lua")):session{progress = false}
    assert.same({"7a6b"}, s:game():moves())
    local r = s:answer("7g7f")
    assert.is_true(r.correct)
    assert.equal("5c5d", r.reply)
    r = s:answer("2g2e")
    assert.is_true(r.illegal)
    r = s:answer("1g1f")
    assert.is_false(r.correct)
    assert.truthy(r.message:find("leaves the line", 1, true))
    for _, m in ipairs {"2g2f", "2f2e", "2e2d"} do assert.is_true(s:answer(m).correct) end
    r = s:answer("同飛")
    assert.is_true(r.done)
    assert.truthy(r.message:find("the line is complete", 1, true))
  end)
end)

describe("a play exercise", function()
  it("is won by entering a tenth piece and declaring", function()
    local s = assert(drill.load("examples/drills/entering_king.lua")):session{progress = false}
    local r = s:answer("declare")
    assert.is_true(r.illegal)
    assert.truthy(r.message:find("9 pieces", 1, true), r.message)
    r = s:answer("8d8c")
    assert.is_true(r.correct)
    assert.is_false(r.done)
    assert.truthy(r.reply)
    r = s:answer("declare")
    assert.is_true(r.correct)
    assert.is_true(r.done)
    assert.truthy(r.message:find("declaration", 1, true))
  end)

  it("is lost when the moves run out", function()
    local d = assert(drill.load("tests/data/drills/planted.lua"))
    d.exercises[7].faults = {}
    local s = d:session{only = {7}, progress = false}
    local r = s:answer("5i4h")
    assert.is_false(r.correct)
    assert.is_true(r.done)
    assert.truthy(r.message:find("not won within 1 moves", 1, true), r.message)
  end)
end)

describe("a function goal", function()
  it("decides with the game after the move", function()
    local d = assert(load_text([[return {exercises = {{position = "startpos", goal = function(g, usi)
      if usi == "2g2f" then return true, "the rook's pawn" end
      return false, "push the rook's pawn"
    end}}}]]))
    local s = d:session{progress = false}
    local r = s:answer("7g7f")
    assert.is_false(r.correct)
    assert.equal("push the rook's pawn", r.message)
    r = s:answer("2g2f")
    assert.is_true(r.correct)
    assert.equal("the rook's pawn", r.message)
  end)
end)

describe("a session", function()
  it("scores every exercise and the whole", function()
    local s = assert(drill.load(TSUME)):session{progress = false}
    assert.is_true(s:answer("G*5b").done)
    s:next()
    s:skip()
    local e = s:exercise()
    assert.equal(3, e.index)
    s:next()
    assert.is_nil(s:exercise())
    local sc = s:score()
    assert.equal(100, sc.points)
    assert.equal(300, sc.max)
    assert.equal(1, sc.solved)
    assert.equal(2, sc.missed)
    assert.equal("score: 100/300 points, 1 of 3 solved", sc.text)
  end)

  it("counts only the exercises played", function()
    local s = assert(drill.load(TSUME)):session{progress = false}
    s:answer("G*5b")
    s:next()
    local sc = s:score()
    assert.equal(1, sc.played)
    assert.equal(100, sc.max)
    assert.equal("score: 100/100 points, 1 of 1 solved (1 of 3 exercises played)", sc.text)
    assert.equal(2, s:exercise().n)
    assert.equal(3, s:exercise().total)
  end)

  it("skips a faulty exercise", function()
    local s = assert(drill.load("tests/data/drills/planted.lua")):session{progress = false, only = {3, 1}}
    assert.equal(1, s:exercise().n)
  end)
end)

describe("progress", function()
  it("brings a missed exercise back the next day and a solved one later", function()
    local home = tmpdir()
    local d = assert(drill.load(TSUME))
    local s = d:session{home = home, student = "ann", now = T0}
    s:answer("G*5b")                  -- clean: box 2, back in 3 days
    s:next()
    s:reveal()                        -- missed: box 1, back the next day
    s:next()
    s:answer("B*8c"); s:answer("N*4c"); s:hint(); s:answer("N*5c") -- with a hint: stays in box 1
    local store = progress.open{home = home, student = "ann"}
    assert.equal(2, store:row(d, 1).box)
    assert.equal(T0 + 3 * DAY, store:row(d, 1).due)
    assert.equal(T0 + DAY, store:row(d, 2).due)
    assert.equal(1, store:row(d, 2).missed)
    assert.equal(1, store:row(d, 3).box)
    assert.same({}, store:due(d, T0 + 100))
    assert.same({2, 3}, store:due(d, T0 + DAY))
    -- the next day: the two due; exercise 2 solved cleanly moves up to box 2
    local s2 = d:session{home = home, student = "ann", now = T0 + DAY, only = store:due(d, T0 + DAY)}
    assert.equal(2, s2:exercise().n)
    s2:answer("R*3d"); s2:answer("4b4d+")
    s2:next()
    s2:skip()                         -- exercise 3 missed
    store = progress.open{home = home, student = "ann"}
    assert.equal(2, store:row(d, 2).box)
    assert.equal(T0 + DAY + 3 * DAY, store:row(d, 2).due)
    assert.equal(1, store:row(d, 3).missed)
    assert.same({3}, store:due(d, T0 + 2 * DAY))
    assert.same({3, 1}, store:due(d, T0 + 3 * DAY)) -- the longest due first
    assert.equal(1, #store:paths())
    assert.same({}, store:unplayed(d))
    assert.same({1, 2, 3}, progress.open{home = home, student = "cy"}:unplayed(d))
    local n, when = store:next_due(d, T0 + DAY + 100)
    assert.equal(3, n)
    assert.equal(T0 + 2 * DAY, when)
    -- another student's file is another file
    assert.same({1, 2, 3}, progress.open{home = home, student = "bob"}:due(d, T0))
  end)
end)

describe("check", function()
  it("names each planted error by number", function()
    local report = assert(drill.load("tests/data/drills/planted.lua")):check()
    assert.same({2, 3, 4, 6, 7}, report.faulty)
    local text = report.text
    for _, w in ipairs {"the mate is 1 move, not 3", "answer 1 (S*5b)", "below the search's best",
      "nifu", "not won in 2 search games", "dual at move 1", "faulty exercises: 2, 3, 4, 6, 7"} do
      assert.truthy(text:find(w, 1, true), w)
    end
  end)

  it("judges the student's moves in a line, with units and no contradiction (issue 35 item 4)", function()
    local d = assert(load_text([[return {exercises = {
      {position = "4k4/9/9/9/9/9/9/9/4K4 b R 1", goal = "sequence", side = "b", answers = "R*5b 5a5b"},
      {position = "4k4/9/ppppppppp/9/4b4/9/P8/L8/KN7 b P 1", answers = {"P*7g"}, margin = 30, depth = 5}}}]]))
    local report = d:check()
    assert.same({1}, report.faulty)
    assert.truthy(report.text:find("move 1 of the line, R*5b (", 1, true), report.text)
    assert.truthy(report.text:find(" cp below the search's best, ", 1, true), report.text)
    assert.truthy(report.text:find("flagged: the search's best, P*8h (-", 1, true), report.text)
    assert.truthy(report.text:find("cp), is not an answer", 1, true), report.text)
    assert.falsy(report.text:find("P*8h (%S+) is not an answer but"), report.text)
  end)

  it("finds the one wrong answer of five", function()
    local report = assert(drill.load("tests/data/drills/five.lua")):check()
    assert.same({3}, report.faulty)
  end)

  it("passes the examples", function()
    for _, f in ipairs {TSUME, TESUJI, "examples/drills/handicap.lua", "examples/drills/entering_king.lua",
      "examples/drills/sho.lua"} do
      assert.same({}, assert(drill.load(f)):check().faulty, f)
    end
  end)
end)

describe("drills from material", function()
  it("makes mate exercises from problem files and a TSV", function()
    local dir = tmpdir()
    write(dir .. "/list.tsv", "id\tsfen\tmate_length\nc1\t4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\t1\n")
    local text = assert(require("shogi.drill.from").tsume({"examples/tsume/atama_kin.lua", dir .. "/list.tsv"}))
    local path = write(dir .. "/made.lua", text)
    local d = assert(drill.load(path))
    assert.equal(2, #d.exercises)
    assert.equal("mate", d.exercises[2].goal)
    assert.same({}, d:check().faulty)
  end)

  it("makes better-move exercises from a record", function()
    local dir = tmpdir()
    local g = shogi.game("5k1r1/9/p1p1p3p/9/9/9/2P1P1P1P/9/4K4 b NP 1")
    g:play("P*9b")
    write(dir .. "/g.usi", "position sfen 5k1r1/9/p1p1p3p/9/9/9/2P1P1P1P/9/4K4 b NP 1 moves P*9b\n")
    local text = assert(require("shogi.drill.from").record(dir .. "/g.usi", {depth = 3}))
    local d = assert(drill.load(write(dir .. "/made.lua", text)))
    assert.equal("N*3c", d.exercises[1].answers[1])
  end)
end)

describe("drills and bots together (issue 35 item 7)", function()
  it("loads a bot once shogi.drill is loaded", function()
    local shogi_mod = require "shogi"
    assert.is_table(shogi_mod.drill)
    local bot, msg = require("shogi.bot").load("examples/bots/pst.lua")
    assert.is_nil(msg)
    assert.is_table(bot)
  end)

  it("plays an exercise against a bot file", function()
    local s = assert(drill.load("tests/data/drills/bot.lua")):session{progress = false}
    local r = s:answer("G*5b")
    assert.is_nil(r.illegal)
    assert.equal("5a5b", r.reply)
    assert.truthy(r.message:find("the opponent (gote) plays Kx5b", 1, true), r.message)
  end)
end)

describe("the student's screen (issue 35 item 2)", function()
  it("keeps a right answer to a move exercise on the board", function()
    local s = assert(drill.load(TESUJI)):session{progress = false}
    local r = s:answer("N*3c")
    assert.is_true(r.correct)
    local moves = s:game():moves()
    assert.equal("N*3c", moves[#moves])
  end)
end)
