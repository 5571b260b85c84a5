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
end)
