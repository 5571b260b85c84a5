-- shogi.repl: the Lua side of the REPL (values shown, commands, moves, completion)
local repl = require "shogi.repl"
local shogi = require "shogi"

local function new_game()
  local ok, g = pcall(function() return shogi.game() end)
  if ok and g then return g end
  ok, g = pcall(function() return shogi.core.game(shogi.position("startpos")) end)
  return ok and g or nil
end

describe("repl.dump", function()
  local rows = {
    {"an array and a record", {1, 2, 3, a = {b = "c"}}, '{1, 2, 3, a = {b = "c"}}'},
    {"an empty table", {}, "{}"},
    {"strings quoted", {"a\"b", "x\ny"}, '{"a\\"b", "x\\ny"}'},
    {"keyword and odd keys", {["end"] = 1, ["a b"] = 2, [true] = 3},
      '{[true] = 3, ["a b"] = 2, ["end"] = 1}'},
    {"floats and integers", {1, 1.5, 2.0}, "{1, 1.5, 2.0}"},
    {"deep tables cut", {{{{{{1}}}}}}, "{{{{{{...}}}}}}"},
  }
  for _, r in ipairs(rows) do
    it(r[1], function() assert.are.equal(r[3], repl.dump(r[2])) end)
  end

  it("marks a cycle", function()
    local t = {}
    t.self = t
    assert.are.equal("{self = <cycle>}", repl.dump(t))
  end)

  it("wraps a long array in rows", function()
    local t = {}
    for i = 1, 40 do t[i] = ("m%02d"):format(i) end
    local out = repl.dump(t)
    assert.truthy(out:match("^{\n  \"m01\", \"m02\","))
    assert.truthy(out:match("\n}$"))
    for l in out:gmatch("[^\n]+") do assert.truthy(#l <= 78) end
  end)

  it("puts long records one field per line", function()
    local out = repl.dump({alpha = ("x"):rep(40), beta = ("y"):rep(40)})
    assert.are.equal('{\n  alpha = "' .. ("x"):rep(40) .. '",\n  beta = "' .. ("y"):rep(40) .. '",\n}', out)
  end)
end)

describe("repl.show", function()
  it("prints strings as they are and joins values with tabs", function()
    assert.are.equal("abc\t1\tnil\ttrue", repl.show("abc", 1, nil, true))
  end)

  it("uses __tostring", function()
    local v = setmetatable({}, {__tostring = function() return "thing" end})
    assert.are.equal("thing", repl.show(v))
  end)

  it("draws a position as a board", function()
    local ok, pos = pcall(shogi.position, "startpos")
    if not ok or not pos then return pending("no positions yet") end
    local out = repl.show(pos)
    assert.truthy(out:find("+---------------------------+", 1, true))
    assert.truthy(out:find("ply 0, sente (b) to move", 1, true))
    assert.are.equal("position", repl.kind(pos))
  end)

  it("puts a board on its own lines among other values", function()
    local ok, pos = pcall(shogi.position, "startpos")
    if not ok or not pos then return pending("no positions yet") end
    assert.truthy(repl.show(1, pos):match("^1\ngote  hand"))
  end)
end)

describe("repl.command", function()
  local saved_style, saved_color, saved_game
  before_each(function()
    saved_style, saved_color, saved_game = repl.settings.style, repl.settings.color, _G.game
    _G.game = nil
  end)
  after_each(function()
    repl.settings.style, repl.settings.color, _G.game = saved_style, saved_color, saved_game
  end)

  it("leaves Lua alone", function()
    assert.is_nil(repl.command("x = 1"))
    assert.is_nil(repl.command("::label::"))
  end)

  it(":style switches the board style", function()
    assert.are.same({true, "style: kanji"}, {repl.command(":style kanji")})
    assert.are.equal("kanji", repl.settings.style)
    assert.are.same({true, "style: kanji"}, {repl.command(":style")})
    assert.are.same({true, "style: letters"}, {repl.command("  :style letters  ")})
  end)

  it(":style refuses an unknown style", function()
    assert.are.same({false, ":style: unknown style 'roman' (kanji or letters)"}, {repl.command(":style roman")})
  end)

  it(":color turns colour on and off", function()
    assert.are.same({true, "color: on"}, {repl.command(":color on")})
    assert.is_true(repl.settings.color)
    assert.are.same({true, "color: off"}, {repl.command(":color off")})
    assert.are.same({false, ":color: expected on or off, not 'maybe'"}, {repl.command(":color maybe")})
  end)

  it("names the commands when one is unknown", function()
    assert.are.same({false, "unknown command ':frobnicate' (:clear :color :diagram :drill :first :flip :goto "
      .. ":hand :help :last :line :mirror :moves :next :prev :put :remove :side :style :swap; help \"repl\")"}, {repl.command(":frobnicate")})
  end)

  it(":moves lists the game's moves", function()
    local g = new_game()
    if not g then return pending("no games yet") end
    _G.game = g
    assert.are.same({true, "no moves yet"}, {repl.command(":moves")})
    g:play("7g7f")
    g:play("3c3d")
    assert.are.same({true, "1.7g7f  2.3c3d"}, {repl.command(":moves")})
    assert.are.same({true, "1.7g7f  2.3c3d"}, {repl.command(":moves usi")})
    assert.are.same({false, ":moves: unknown notation 'xx' (usi, western, japanese, kif, csa)"},
      {repl.command(":moves xx")})
  end)

  it(":moves japanese and :moves kif write 同 as g:write(\"ki2\") does (issue 11)", function()
    _G.game = shogi.game()
    for _, m in ipairs({"7g7f", "3c3d", "8h2b+", "3a2b"}) do _G.game:play(m) end
    local ok, text = repl.command(":moves japanese")
    assert.is_true(ok)
    assert.truthy(text:find("4.△同　銀", 1, true), text)
    assert.truthy(_G.game:write("ki2"):find("△同　銀", 1, true))
    ok, text = repl.command(":moves kif")
    assert.truthy(text:find("4.同　銀(31)", 1, true), text)
  end)

  it(":moves without a game says so", function()
    assert.are.same({false, ":moves: there is no game in `game`"}, {repl.command(":moves")})
  end)

  it(":line shows boards without changing the game", function()
    local g = new_game()
    if not g then return pending("no games yet") end
    _G.game = g
    local ok, text = repl.command(":line 7g7f 3c3d")
    assert.is_true(ok)
    assert.truthy(text:match("^1%. 7g7f\n"))
    assert.truthy(text:find("\n2. 3c3d\n", 1, true))
    assert.truthy(text:find("last move 3c3d", 1, true))
    assert.are.equal(0, #g:moves())
    _G.komadai_line = {pv = {"2g2f", "8c8d"}}
    ok, text = repl.command(":line komadai_line")
    _G.komadai_line = nil
    assert.is_true(ok)
    assert.truthy(text:find("last move 8c8d", 1, true))
    -- a solver answer starts from its own position, not the game's
    _G.komadai_line = {position = "3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1", pv = {"S*6b"}}
    ok, text = repl.command(":line komadai_line")
    assert.is_true(ok)
    assert.truthy(text:find("last move S*6b", 1, true))
    _G.komadai_line = {position = "not a position", pv = {"S*6b"}}
    ok, text = repl.command(":line komadai_line")
    _G.komadai_line = nil
    assert.is_false(ok)
    assert.truthy(text:match("^:line: sfen:1:1: "))
  end)

  it(":line names a bad move and its number", function()
    local g = new_game()
    if not g then return pending("no games yet") end
    _G.game = g
    local ok, text = repl.command(":line 7g7f 7g7f")
    assert.is_false(ok)
    assert.truthy(text:match("^:line: move 2: illegal move 7g7f: "))
    assert.are.same({false, ":line: no moves given (:line 7g7f 3c3d, or :line EXPRESSION)"}, {repl.command(":line")})
    assert.are.same({false, ":line: expected an array of moves, got a number"}, {repl.command(":line 1 + 1")})
    assert.are.same({false, ":line: the list of moves is empty"}, {repl.command(":line {}")})
    ok, text = repl.command(":line error('x')")
    assert.is_false(ok)
    assert.truthy(text:match("^:line: "))
  end)

  it(":line without a game says so", function()
    assert.are.same({false, ":line: there is no game in `game`"}, {repl.command(":line 7g7f")})
  end)

  it("undo without a game says so", function()
    assert.are.same({false, "undo: there is no game in `game`"}, {repl.command("undo")})
  end)

  it("undo takes back a move and shows the board", function()
    local g = new_game()
    if not g then return pending("no games yet") end
    _G.game = g
    g:play("7g7f")
    local ok, text = repl.command("undo")
    assert.is_true(ok)
    assert.truthy(text:find("ply 0, sente", 1, true))
    assert.are.equal(0, #g:moves())
  end)

  it("undo at the start gives the game's reason", function()
    local g = new_game()
    if not g then return pending("no games yet") end
    _G.game = g
    local ok, text = repl.command("undo")
    assert.is_false(ok)
    assert.truthy(text:match("^undo: "))
  end)

  it("undo is Lua again when a global undo exists", function()
    _G.undo = 1
    local r = repl.command("undo")
    _G.undo = nil
    assert.is_nil(r)
  end)
end)

describe("repl.move", function()
  local saved_game
  before_each(function() saved_game = _G.game end)
  after_each(function() _G.game = saved_game end)

  it("is not for lines when there is no game", function()
    _G.game = nil
    assert.is_nil(repl.move("7g7f"))
  end)

  it("plays a USI move and shows the board with it marked", function()
    local g = new_game()
    if not g then return pending("no games yet") end
    _G.game = g
    local ok, text = repl.move("7g7f")
    assert.is_true(ok)
    assert.truthy(text:find("P*", 1, true))
    assert.are.same({"7g7f"}, g:moves())
  end)

  it("says why an illegal move is refused and leaves the game", function()
    local g = new_game()
    if not g then return pending("no games yet") end
    _G.game = g
    local ok, text = repl.move("7g7e")
    assert.is_false(ok)
    assert.truthy(text:match("^illegal move 7g7e: "))
    assert.are.equal(0, #g:moves())
  end)

  it("leaves text that is no move to Lua's error", function()
    local g = new_game()
    if not g then return pending("no games yet") end
    _G.game = g
    assert.is_nil(repl.move("x y z"))
    assert.is_nil(repl.move("1 +"))
  end)

  it("asks pos:parse_move first (the real one, or a stand-in before it exists)", function()
    local g = new_game()
    if not g then return pending("no games yet") end
    local methods = getmetatable(g:position()).__index
    local stand_in = methods.parse_move == nil
    if stand_in then
      methods.parse_move = function(_, text)
        if text == "P-7f" then return "7g7f" end
        return nil, "no piece can reach " .. text
      end
    end
    _G.game = g
    local played = {repl.move("P-7f")}
    local refused = {repl.move("P-7e")}
    local lua_text = repl.move("print(")
    _G.Px7f = 1
    local name_with_value = repl.move("Px7f")
    _G.Px7f = nil
    if stand_in then methods.parse_move = nil end
    assert.is_true(played[1])
    assert.are.same({"7g7f"}, g:moves())
    assert.is_false(refused[1])
    assert.are.equal("string", type(refused[2]))
    assert.is_nil(lua_text)
    assert.is_nil(name_with_value)
  end)

  it("reads Japanese and CSA moves once the notation layer is there", function()
    local g = new_game()
    if not g then return pending("no games yet") end
    if not getmetatable(g:position()).__index.parse_move then return pending("no pos:parse_move yet") end
    _G.game = g
    assert.is_true((repl.move("▲７六歩")))
    assert.is_true((repl.move("-3334FU")))
    assert.are.same({"7g7f", "3c3d"}, g:moves())
  end)

  it("gives the core's reason for an illegal USI move even with parse_move", function()
    local g = new_game()
    if not g then return pending("no games yet") end
    _G.game = g
    local ok, text = repl.move("P*5e")
    assert.is_false(ok)
    assert.truthy(text:match("^illegal move P%*5e: "))
  end)

  it("prints the verdict when a move ends the game", function()
    -- a stand-in game: the REPL only needs play, moves, position and result
    local real = new_game()
    if not real then return pending("no games yet") end
    local pos = real:position()
    local stub = setmetatable({}, {__index = {
      play = function() end,
      moves = function() return {"7g7f"} end,
      position = function() return pos end,
      result = function() return {outcome = "win", winner = "b", text = "Sente wins by checkmate."} end,
      at = function() end, hand = function() end,
    }, __name = "shogi.game"})
    _G.game = stub
    local ok, text = repl.move("7g7f")
    assert.is_true(ok)
    assert.truthy(text:match("\nSente wins by checkmate%.$"))
  end)
end)

describe("repl.complete", function()
  it("completes globals and keywords", function()
    local out = repl.complete("strin")
    assert.are.same({"string"}, out)
    assert.are.same({"while"}, repl.complete("whil"))
  end)

  it("completes table fields, functions with a parenthesis", function()
    assert.are.same({"string.upper("}, repl.complete("string.up"))
    local saved = _G.shogi
    _G.shogi = shogi
    local out = repl.complete("shogi.po")
    _G.shogi = saved
    assert.are.same({"shogi.position("}, out)
  end)

  it("completes methods through the metatable", function()
    _G.some_text = "abc"
    local out = repl.complete("some_text:up")
    _G.some_text = nil
    assert.are.same({"some_text:upper("}, out)
  end)

  it("completes a game's methods", function()
    local g = new_game()
    if not g then return pending("no games yet") end
    _G.komadai_test_game = g
    local out = repl.complete("komadai_test_game:legal")
    _G.komadai_test_game = nil
    assert.are.same({"komadai_test_game:legal_moves("}, out)
  end)

  it("gives nothing for what it cannot follow", function()
    assert.are.same({}, repl.complete("1+"))
    assert.are.same({}, repl.complete("no_such_table.x"))
  end)
end)
