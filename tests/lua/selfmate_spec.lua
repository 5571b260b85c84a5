-- 自玉詰 (selfmate): core.selfmate and shogi.solve(pos, {type = "selfmate"}) against an exhaustive
-- search written here over the binding's legal moves (tests/data/selfmate_suite.tsv).
local shogi = require "shogi"
local core = require "shogi.core"

-- the attacker's checks from pos that force the defender to mate the attacker within n plies
local function keys(pos, n)
  local out = {}
  for _, m in ipairs(pos:legal_moves()) do
    if pos:gives_check(m) then
      local q = pos:after(m)
      local ds = q:legal_moves()
      local ok = #ds > 0            -- the defender mated: a failure
      for _, d in ipairs(ds) do
        local r = q:after(d)
        if not r:is_mate() and not (n - 2 >= 2 and #keys(r, n - 2) > 0) then ok = false; break end
      end
      if ok then out[#out + 1] = m end
    end
  end
  return out
end

local function rows()
  local t = {}
  for l in io.lines("tests/data/selfmate_suite.tsv") do
    if not l:match("^#") and not l:match("^id\t") then
      local id, sfen, len, ks, maxlen, line = l:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)\t?(.*)$")
      local k = {}
      for m in ks:gmatch("%S+") do k[#k + 1] = m end
      t[#t + 1] = {id = id, sfen = sfen, length = tonumber(len), keys = k, max_length = tonumber(maxlen), line = line}
    end
  end
  return t
end

describe("selfmate (自玉詰)", function()
  for _, row in ipairs(rows()) do
    it(row.id .. ": the solver and the exhaustive search agree", function()
      local pos = shogi.position(row.sfen)
      local r = assert(shogi.solve(pos, {type = "selfmate", max_length = row.max_length}))
      if row.length then
        assert.equal("selfmate", r.status)
        assert.equal(row.length, r.length)
        assert.same(row.keys, r.keys)
        local want = keys(pos, row.length)
        table.sort(want)
        local got = {table.unpack(r.keys)}
        table.sort(got)
        assert.same(want, got)
        for n = 2, row.length - 2, 2 do assert.same({}, keys(pos, n)) end
        assert.equal(row.line, table.concat(r.pv, " "))
        -- the main line ends with the attacker mated
        local p = pos
        for _, m in ipairs(r.pv) do p = p:after(m) end
        assert.is_true(p:is_mate())
      else
        assert.equal("noselfmate", r.status)
        for n = 2, row.max_length, 2 do assert.same({}, keys(pos, n)) end
      end
    end)
  end

  it("selfmate_move: a check that does not force it names the defence that escapes", function()
    local pos = shogi.position("7gk/7pb/8K/5B3/4p2g1/9/9/9/9 b N2r2g4s3n4l16p 1")
    assert.equal("proven", (core.selfmate_move(pos, "N*2c", {length = 4})))
    local v, esc = core.selfmate_move(pos, "4d2b+", {length = 4})
    assert.equal("disproven", v)
    assert.is_string(esc)
  end)

  it("needs the attacker's king and refuses bad options", function()
    local r, msg = shogi.solve(shogi.position("8k/9/9/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"), {type = "selfmate"})
    assert.is_nil(r)
    assert.equal("solve: the attacker has no king, and a selfmate mates the attacker's king", msg)
    local pos = shogi.position(rows()[1].sfen)
    assert.has_error(function() core.selfmate(pos, {length = 3}) end)
    assert.has_error(function() shogi.solve(pos, {type = "selfmate", futile = "jsa"}) end)
  end)
end)
