-- ばか詰 (helpmate): core.helpmate and shogi.solve(pos, {type = "helpmate"}) against an
-- exhaustive search written here over the binding's legal moves (tests/data/helpmate_suite.tsv).
local shogi = require "shogi"
local core = require "shogi.core"

-- every line of exactly n plies, the attacker checking each move, ending with the defender mated
local function helpmates(pos, n, line, out)
  line, out = line or {}, out or {}
  local attacker = #line % 2 == 0
  for _, m in ipairs(pos:legal_moves()) do
    if not attacker or pos:gives_check(m) then
      local q = pos:after(m)
      line[#line + 1] = m
      if #line == n then
        if q:is_mate() then out[#out + 1] = table.concat(line, " ") end
      else
        helpmates(q, n, line, out)
      end
      line[#line] = nil
    end
  end
  return out
end

local function rows()
  local t = {}
  for l in io.lines("tests/data/helpmate_suite.tsv") do
    if not l:match("^#") and not l:match("^id\t") then
      local id, sfen, len, count, sol = l:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)\t?(.*)$")
      t[#t + 1] = {id = id, sfen = sfen, length = tonumber(len), count = tonumber(count), solution = sol}
    end
  end
  return t
end

describe("helpmate (ばか詰)", function()
  for _, row in ipairs(rows()) do
    it(row.id .. ": the solver and the exhaustive check agree", function()
      local pos = shogi.position(row.sfen)
      local r = assert(shogi.solve(pos, {type = "helpmate", max_length = 5}))
      if row.length then
        assert.equal("mate", r.status)
        assert.equal(row.length, r.length)
        assert.equal(row.count, r.count)
        local got = {}
        for i, l in ipairs(r.solutions) do got[i] = table.concat(l, " ") end
        local want = helpmates(pos, row.length)
        table.sort(got); table.sort(want)
        assert.same(want, got)
        assert.equal(row.solution, table.concat(r.pv, " "))
        -- and none shorter
        for n = 1, row.length - 2, 2 do assert.same({}, helpmates(pos, n)) end
      else
        assert.equal("nomate", r.status)
        for n = 1, 5, 2 do assert.same({}, helpmates(pos, n)) end
      end
    end)
  end

  -- a USI move reflected in the 5th file (file f to 10 - f)
  local function mirror(m)
    return (m:gsub("(%d)(%l)", function(f, r) return tostring(10 - tonumber(f)) .. r end))
  end

  for l in io.lines("tests/data/helpmate_published.tsv") do
    if not l:match("^#") and not l:match("^id\t") then
      local f = {}
      for x in (l .. "\t"):gmatch("([^\t]*)\t") do f[#f + 1] = x end
      local id, sfen, len, count, sol, published = f[1], f[2], tonumber(f[3]), tonumber(f[4]), f[5], f[7]
      it(id .. " (helpmate_published.tsv): the published length, its solutions, the line a helpmate", function()
        local pos = shogi.position(sfen)
        local r = assert(shogi.solve(pos, {type = "helpmate", max_length = len}))
        assert.equal("mate", r.status)
        assert.equal(len, r.length)
        assert.equal(count, r.count)
        assert.equal(sol, table.concat(r.pv, " "))
        -- the line over the binding: the attacker checks each move, the last mates
        local p = pos
        for i, m in ipairs(r.pv) do
          assert.is_true(p:is_legal(m), m)
          if i % 2 == 1 then assert.is_true(p:gives_check(m), m) end
          p = p:after(m)
        end
        assert.is_true(p:is_mate())
        -- the published solution, read move by move with the core's notation (同 from the move before),
        -- is komadai's line
        if published and published ~= "" then
          local q, prev, got = pos, nil, {}
          for m in published:gmatch("%S+") do
            local u = assert(q:parse_move(m, nil, prev))
            got[#got + 1], prev, q = u, u, q:after(u)
          end
          assert.equal(sol, table.concat(got, " "))
          -- and as a problem file with that solution, the composer's check finds it sound
          local report = require("shogi.tsume").check(string.format("return {type = %q, position = %q, solution = %q}",
            "helpmate", sfen, published))
          assert.equal("sound", report.verdict.text)
        end
        -- two solutions: a start symmetric about the 5th file and the second the mirror of the first
        if count == 2 then
          assert.equal(pos:sfen(), pos:edit{mirror = true}:sfen())
          local a, b = table.concat(r.solutions[1], " "), table.concat(r.solutions[2], " ")
          local m = {}
          for x in a:gmatch("%S+") do m[#m + 1] = mirror(x) end
          assert.equal(table.concat(m, " "), b)
        else
          assert.equal(1, count)
        end
      end)
    end
  end

  it("never ends with a pawn drop that mates", function()
    -- P*1b would mate (the gold on 2c guards it, the lance blocks 2a): illegal, so no
    -- helpmate of one ply; a lance in hand instead mates
    local pos = shogi.position("7lk/9/7G1/9/9/9/9/9/9 b P2r2b3g4s4n3l17p 1")
    assert.is_false(pos:is_legal("P*1b"))
    assert.equal(0, core.helpmate(pos, {length = 1}).count)
    local lance = shogi.position("7lk/9/7G1/9/9/9/9/9/9 b L2r2b3g4s4n2l18p 1")
    assert.equal("L*1b", table.concat(core.helpmate(lance, {length = 1}).solutions[1], " "))
  end)

  it("takes an exact length and a node limit, and refuses bad options", function()
    local pos = shogi.position("8k/9/9/9/9/9/9/9/9 b 2S2r2b4g2s4n4l18p 1")
    assert.equal(0, core.helpmate(pos, {length = 3}).count)
    assert.equal("unknown", core.helpmate(pos, {max_length = 5, nodes = 10}).status)
    assert.has_error(function() core.helpmate(pos, {length = 2}) end)
    assert.has_error(function() core.helpmate(pos, {colour = 1}) end)
    assert.has_error(function() shogi.solve(pos, {type = "helpmate", futile = "jsa"}) end)
    assert.has_error(function() shogi.solve(pos, {type = "proofgame"}) end)
  end)
end)
