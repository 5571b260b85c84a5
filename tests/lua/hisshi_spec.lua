-- 必至 (hisshi): core.hisshi and shogi.solve(pos, {type = "hisshi"}) against a brute force written
-- here over the binding's legal moves (tests/data/hisshi_suite.tsv): mates by plain minimax with
-- every legal evasion (so every interposition) counted, a pass made by turning the SFEN's side.
local shogi = require "shogi"
local core = require "shogi.core"

-- does the attacker (to move) mate within n plies, checking on every move?  Every defence is
-- tried here; of the checks, the first tried is the one df-pn's main line names (an order only:
-- a proof is still the brute force's, and with no such hint every check is tried)
local function mate_in(pos, n)
  local checks, hint = {}, nil
  if n >= 5 then
    local r = core.solve(pos, {futile = "all", max_length = n, nodes = 200000})
    hint = r.pv and r.pv[1]
  end
  if hint then checks[1] = hint end
  for _, m in ipairs(pos:legal_moves()) do
    if m ~= hint and pos:gives_check(m) then checks[#checks + 1] = m end
  end
  for _, m in ipairs(checks) do
    local q = pos:after(m)
    local ev = q:legal_moves()
    if #ev == 0 then return true end
    if n >= 3 then
      local all = true
      for _, e in ipairs(ev) do
        if not mate_in(q:after(e), n - 2) then all = false; break end
      end
      if all then return true end
    end
  end
  return false
end
local function mate(pos, k)
  for n = 1, k, 2 do if mate_in(pos, n) then return true end end
  return false
end
local function pass(pos)
  local s = pos:sfen():gsub(" ([bw]) ", function(c) return c == "b" and " w " or " b " end, 1)
  return shogi.position(s)
end

-- m makes a 1手必至 from pos (brute force): a check or a threat, and every defence mated within k;
-- with escapes > 0, a defence that checks the attacker may instead be answered by a move after which
-- the same holds again (one escape fewer)
local function hisshi1(pos, m, k, escapes)
  escapes = escapes or 0
  local q = pos:after(m)
  if not q:in_check() and not mate(pass(q), k) then return false, "no threat" end
  for _, d in ipairs(q:legal_moves()) do
    local r = q:after(d)
    if not mate(r, k) then
      local answered = false
      if escapes > 0 and r:in_check() then
        for _, e in ipairs(r:legal_moves()) do
          if hisshi1(r, e, k, escapes - 1) then answered = true; break end
        end
      end
      if not answered then return false, d end
    end
  end
  return true
end

-- the rows of a hisshi file (hisshi_suite.tsv, or hisshi_published.tsv with its source and published key)
local function rows(file)
  local t = {}
  for l in io.lines(file) do
    if not l:match("^#") and not l:match("^id\t") then
      local f = {}
      for x in (l .. "\t"):gmatch("([^\t]*)\t") do f[#f + 1] = x end
      local ks = {}
      for k in f[4]:gmatch("%S+") do ks[#ks + 1] = k end
      t[#t + 1] = {id = f[1], sfen = f[2], length = tonumber(f[3]), status = tonumber(f[3]) and "hisshi" or f[3],
        keys = ks, max_length = tonumber(f[5]), escapes = tonumber(f[7] or ""), published = f[9]}
    end
  end
  return t
end

local ROWS = rows("tests/data/hisshi_suite.tsv")
for _, row in ipairs(rows("tests/data/hisshi_published.tsv")) do ROWS[#ROWS + 1] = row end

describe("hisshi (必至)", function()
  for _, row in ipairs(ROWS) do
    it(row.id .. ": the solver and the brute force agree", function()
      local pos = shogi.position(row.sfen)
      local r = assert(shogi.solve(pos, {type = "hisshi", max_length = row.max_length, escapes = row.escapes}))
      assert.equal(row.status, r.status)
      if row.status == "tsume" then
        assert.is_true(mate(pos, 3))
        return
      end
      if row.status == "nohisshi" then
        assert.same({}, r.keys)
        -- the brute force agrees for each move of the 1手 rows
        if row.max_length == 1 then
          for _, m in ipairs(pos:legal_moves()) do assert.is_false(hisshi1(pos, m, 3, row.escapes), m) end
        end
        return
      end
      assert.equal(row.length, r.length)
      assert.same(row.keys, r.keys)
      if row.published then
        -- the published key, read with the core's notation, is one of komadai's
        local key = assert(pos:parse_move(row.published))
        local found = false
        for _, k in ipairs(r.keys) do found = found or k == key end
        assert.is_true(found, row.published .. " = " .. key)
      end
      assert.equal("nomate", core.solve(pos).status)   -- no tsume at the start
      assert.is_false(mate(pos, 3))
      if row.length == 1 then
        for _, k in ipairs(r.keys) do assert.is_true(hisshi1(pos, k, 11, row.escapes), k) end
        -- every other move fails: a defence the brute force sees no mate after (within 3)
        local keys = {}
        for _, k in ipairs(r.keys) do keys[k] = true end
        for _, m in ipairs(pos:legal_moves()) do
          if not keys[m] then assert.is_false(hisshi1(pos, m, 3, row.escapes), m) end
        end
        -- the defences reported: each with a mate that the brute force confirms as long
        for _, d in ipairs(r.defences) do
          if d.kind == "answered" then
            assert.is_true((row.escapes or 0) > 0, d.move)
            local q = pos:after(r.keys[1]):after(d.move)
            assert.is_true(hisshi1(q, d.keys[1], 11, row.escapes - 1), d.move .. " " .. d.keys[1])
            goto next
          end
          assert.equal("mate", d.kind)
          local q = pos:after(r.keys[1]):after(d.move)
          assert.is_true(mate(q, d.length), d.move)
          ::next::
        end
      else
        -- 3手必至: every other check or threat is refuted by a defence after which the brute force finds
        -- neither a mate nor a 1手必至 (both within 3)
        local keys = {}
        for _, k in ipairs(r.keys) do keys[k] = true end
        for _, a in ipairs(pos:legal_moves()) do
          local q = pos:after(a)
          if not keys[a] and (q:in_check() or mate(pass(q), 3)) then
            local refuted = false
            for _, d in ipairs(q:legal_moves()) do
              local s = q:after(d)
              if not mate(s, 3) then
                local any = false
                for _, b in ipairs(s:legal_moves()) do
                  if hisshi1(s, b, 3) then any = true; break end
                end
                if not any then refuted = true; break end
              end
            end
            assert.is_true(refuted, a)
          end
        end
        -- after every defence of each key, a mate or a 1手必至 the brute force confirms
        for _, k in ipairs(r.keys) do
          local q = pos:after(k)
          if not q:in_check() then assert.is_true(mate(pass(q), 11), "threat " .. k) end
          for _, d in ipairs(q:legal_moves()) do
            local s = q:after(d)
            if not mate(s, 3) then
              local h = core.hisshi(s, {length = 1})
              if h.status == "tsume" then
                assert.is_true(mate(s, 15), k .. " " .. d)
              else
                assert.equal("hisshi", h.status, k .. " " .. d)
                assert.is_true(hisshi1(s, h.keys[1], 11), k .. " " .. d .. " " .. h.keys[1])
              end
            end
          end
        end
      end
    end)
  end

  it("a defence checking the attacker's king must be answered with a check", function()
    local pos = shogi.position("8k/9/9/9/6NN1/9/9/9/K8 b G2r2b3g4s2n4l18p 1")
    local v, refutation = core.hisshi_move(pos, "2e1c+", {length = 1})
    assert.equal("disproven", v)
    assert.equal("B*2b", refutation)
  end)

  it("a move that is neither a check nor a threat is no hisshi, without a refutation", function()
    local pos = shogi.position("8k/9/9/9/6NN1/9/9/9/9 b G2r2b3g4s2n4l18p 1")
    local v, refutation = core.hisshi_move(pos, "G*9i", {length = 1})
    assert.equal("disproven", v)
    assert.is_nil(refutation)
  end)

  it("refuses options that do not apply and bad lengths", function()
    local pos = shogi.position("8k/9/9/9/6NN1/9/9/9/9 b G2r2b3g4s2n4l18p 1")
    assert.has_error(function() shogi.solve(pos, {type = "hisshi", max_solutions = 3}) end)
    assert.has_error(function() core.hisshi(pos, {length = 2}) end)
    assert.has_error(function() core.hisshi(pos, {futile = "none"}) end)
  end)

  it("a node limit leaves it unknown, never nohisshi", function()
    local pos = shogi.position("9/8k/6+P2/6P2/9/9/9/9/9 b RPr2b4g4s4n4l15p 1")
    local r = core.hisshi(pos, {max_length = 3, nodes = 2000})
    assert.equal("unknown", r.status)
  end)
end)
