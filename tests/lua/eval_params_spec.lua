-- The built-in evaluation's parameters by name (core.eval_params, core.set_eval_param: what
-- komadai --usi offers as Eval_* options and scripts/tune changes), shogi.evaluate and
-- shogi.qsearch with each kind of evaluation, and their error messages.
local shogi = require "shogi"
local core = require "shogi.core"

local function pos(sfen) return assert(shogi.position(sfen)) end
local START = "startpos"
-- sente's rook can take an undefended gote bishop: the quiet score is above the static one
local HANGING = "4k4/9/9/9/4b4/9/9/9/4R2K1 b - 1"

describe("core.eval_params", function()
  after_each(function() core.set_eval_param() end)

  it("names every parameter with its value, default and range", function()
    local ps = core.eval_params()
    assert.is_true(#ps >= 20)
    local seen = {}
    for _, p in ipairs(ps) do
      assert.truthy(p.name:match("^Eval_[%w_]+$") or p.name:match("^Search_%w+$"), p.name)
      assert.is_nil(seen[p.name]); seen[p.name] = true
      assert.equal(p.default, p.value)
      assert.is_true(p.min <= p.value and p.value <= p.max, p.name)
    end
    assert.is_true(seen.Eval_Pawn and seen.Eval_Tempo and seen.Eval_Hand_Rook and seen.Search_LmrDiv)
  end)

  it("changes the evaluation, case-insensitively, and resets", function()
    local p = pos(HANGING)
    local before = shogi.evaluate(p)
    assert.is_true(core.set_eval_param("eval_rook", 2000))
    assert.equal(before + 2000 - (function()
      for _, e in ipairs(core.eval_params()) do if e.name == "Eval_Rook" then return e.default end end
    end)(), shogi.evaluate(p))
    core.set_eval_param()
    assert.equal(before, shogi.evaluate(p))
  end)

  it("a search after a change does not reuse the table's old scores", function()
    local p = pos(START)
    local a = shogi.search(p, {depth = 3}).score
    core.set_eval_param("Eval_Tempo", 200)
    local b = shogi.search(p, {depth = 3}).score
    assert.are_not.equal(a, b)
  end)

  it("the search's parameters change the tree, and the reset gives it back", function()
    local p = pos(START)
    local function nodes() return shogi.search(p, {depth = 7, clear = true}).nodes end
    local before = nodes()
    assert.is_true(core.set_eval_param("Search_LmrDiv", 100))   -- the reductions' table made again
    assert.are_not.equal(before, nodes())
    core.set_eval_param()
    assert.equal(before, nodes())
    local ok_msg = {core.set_eval_param("Search_NullDiv", 0)}   -- a divisor: never zero
    assert.is_nil(ok_msg[1])
    assert.equal("Search_NullDiv takes a whole number from 1 to 8", ok_msg[2])
  end)

  it("refuses an unknown name and a value out of range, and changes nothing", function()
    local ok, msg = core.set_eval_param("Eval_Nope", 1)
    assert.is_nil(ok)
    assert.equal("the built-in evaluation has no parameter 'Eval_Nope'", msg)
    ok, msg = core.set_eval_param("Eval_Pawn", 5000)
    assert.is_nil(ok)
    assert.equal("Eval_Pawn takes a whole number from 0 to 3000", msg)
    ok = core.set_eval_param("Eval_Pawn", 1.5)
    assert.is_nil(ok)
    for _, e in ipairs(core.eval_params()) do assert.equal(e.default, e.value) end
  end)
end)

describe("shogi.evaluate and shogi.qsearch", function()
  it("the built-in: static from the side to move, nil in check", function()
    local p = pos(HANGING)
    local s = shogi.evaluate(p)
    assert.is_number(s)
    assert.is_nil(shogi.evaluate(pos("4k4/4R4/9/9/9/9/9/9/8K w - 1")))
  end)

  it("the quiet score sees the capture the static score does not", function()
    local p = pos(HANGING)
    assert.is_true(shogi.qsearch(p) > shogi.evaluate(p) + 500)
    local q = pos(START)
    assert.equal(shogi.evaluate(q), shogi.qsearch(q))
  end)

  it("material, a Lua function and a bot", function()
    local p = pos(HANGING)
    assert.is_number(shogi.evaluate(p, "material"))
    assert.equal(1234, shogi.evaluate(p, function() return 1234 end))
    local bot = assert(shogi.bot.load("examples/bots/pst.lua"))
    assert.equal(bot:evaluate(p), shogi.evaluate(p, bot))
    assert.is_number(bot:qsearch(p))
  end)

  it("refuses what is not an evaluation", function()
    local ok, err = pcall(shogi.evaluate, pos(START), 42)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("bad argument #2 to 'evaluate' (an evaluation expected", 1, true))
  end)
end)
