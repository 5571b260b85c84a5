-- shogi.batch: JSON rows with sorted keys, shards, rows for bad files.
local batch = require "shogi.batch"

describe("batch.json", function()
  local cases = {
    {{b = 1, a = "x"}, '{"a":"x","b":1}'},
    {{1, 2, 3}, "[1,2,3]"},
    {{a = {c = true, b = false}}, '{"a":{"b":false,"c":true}}'},
    {{s = 'q"\\\n\t\1'}, '{"s":"q\\"\\\\\\n\\t\\u0001"}'},
    {{x = 0.5, n = -3}, '{"n":-3,"x":0.5}'},
    {{u = "７六歩"}, '{"u":"７六歩"}'},
    {{}, "{}"},
    {batch.array({}), "[]"},
    {{notes = batch.array({}), faults = batch.array({{ply = 1}})}, '{"faults":[{"ply":1}],"notes":[]}'},
  }
  for _, c in ipairs(cases) do
    it("writes " .. c[2], function() assert.equal(c[2], batch.json(c[1])) end)
  end
  it("refuses what JSON cannot hold", function()
    assert.has_error(function() batch.json({f = print}) end, "a function value")
    local t = {}
    t.t = t
    assert.has_error(function() batch.json(t) end, "tables nested too deep")
    assert.has_error(function() batch.json(batch.array({1, x = 2})) end, "an array with other keys than 1..1")
  end)
end)

describe("batch shards and rows", function()
  it("every Nth file, from the Ith", function()
    local files = {"a", "b", "c", "d", "e"}
    assert.same({"a", "c", "e"}, batch.select(files, {1, 2}))
    assert.same({"b", "d"}, batch.select(files, {2, 2}))
    assert.same(files, batch.select(files, nil))
    assert.same({2, 3}, batch.parse_shard("2/3"))
    assert.same({nil, "bad shard '0/3' (I/N with 1 <= I <= N)"}, {batch.parse_shard("0/3")})
  end)
  it("a file that cannot be read is a row with its error", function()
    local row = batch.row(function() return {} end, "no/such/file.kif")
    assert.equal("no/such/file.kif", row.file)
    assert.equal("no/such/file.kif:0: cannot open the file", row.error)
    row = batch.row(function() return 5 end, "tests/data/records/jkf__fork.kif")
    assert.equal("script: returned number, not a table", row.error)
    assert.equal(3, batch.row(function(g) return {n = g:ply()} end, "tests/data/records/jkf__fork.kif").n)
    assert.equal(125, batch.exit_status(400))
  end)
  it("a reader that raises gives that file's error row, and the run goes on", function()
    local shogi = require "shogi"
    local read = shogi.read
    shogi.read = function() error("reader bug", 0) end
    local ok, row = pcall(batch.row, function() return {} end, "tests/data/records/jkf__fork.kif")
    shogi.read = read
    assert.is_true(ok)
    assert.equal("tests/data/records/jkf__fork.kif", row.file)
    assert.equal("internal error reading the file (please report it): reader bug", row.error)
  end)
end)

describe("batch state, progress and merge", function()
  local state = require "shogi.batch.state"
  local progress = require "shogi.batch.progress"
  local merge = require "shogi.batch.merge"
  it("a state written is read back whole, a name with a newline too", function()
    local path = os.tmpname()
    local st = {run = '{"script":"x"}', total = 10, done = 4, failed = 1, bytes = 321, next = "a\nb\\c.kif"}
    assert.is_true(state.save(path, st))
    assert.same(st, state.load(path))
    os.remove(path)
    assert.is_nil(state.load(path))
    local f = io.open(path, "w"); f:write("komadai-batch-state 1\nrun x\ndone 3\n"); f:close()
    assert.same({nil, path .. ": the state has no 'total'"}, {state.load(path)})
    os.remove(path)
  end)
  it("the progress line: files, rate, failures, time left", function()
    assert.equal("50/200 files  10 files/s  2 failed  15s left", progress.line(50, 200, 2, 0, 5))
    assert.equal("150/200 files  10 files/s  0 failed  5s left", progress.line(150, 200, 0, 100, 5))
    assert.equal("0/9 files  0 files/s  0 failed  ? left", progress.line(0, 9, 0, 0, 0))
    assert.equal("1h01m", progress.duration(3660))
    assert.equal("2m05s", progress.duration(125))
  end)
  it("shards' row counts must fit one run", function()
    assert.is_true(merge.check({3, 3, 2, 2}, {"a", "b", "c", "d"}))
    assert.is_true(merge.check({0, 0}, {"a", "b"}))
    assert.is_nil(merge.check({2, 3}, {"a", "b"}))
    assert.is_nil(merge.check({3, 2, 1}, {"a", "b", "c"}))
    assert.equal("b has 1 rows after 3 in a: not shards 1 and 2 of one run (give the shards' files in order 1..N, each whole)",
      select(2, merge.check({3, 1}, {"a", "b"})))
  end)
end)
