-- tests/bench/mkopenings.lua: varied openings for engine matches, on stdout.
-- build/komadai tests/bench/mkopenings.lua [EXTRA=6] [PER=6] [SEED=7]: each base opening
-- of tests/data/openings.txt extended by EXTRA plies, each ply a random choice among the
-- moves within 40 cp of the best (multipv 4 at depth 6); PER tries a base, repeats dropped
local shogi = require "shogi"
local extra, per = tonumber(arg[1] or 6), tonumber(arg[2] or 6)
math.randomseed(tonumber(arg[3] or 7))
local seen, out = {}, {}
for line in io.lines("tests/data/openings.txt") do
  if line:match("^startpos") then
    local mv = {}
    for m in (line:match("moves (.*)") or ""):gmatch("%S+") do mv[#mv + 1] = m end
    for _ = 1, per do
      local g = shogi.game()
      for _, m in ipairs(mv) do g:play(m) end
      local ms = {table.unpack(mv)}
      for _ = 1, extra do
        local r = shogi.search(g, {depth = 6, multipv = 4})
        local ok = {}
        for _, l in ipairs(r.lines) do
          if l.score >= r.lines[1].score - 40 and not l.mate then ok[#ok + 1] = l.move end
        end
        if #ok == 0 then break end
        local m = ok[math.random(#ok)]
        g:play(m); ms[#ms + 1] = m
      end
      local s = "startpos moves " .. table.concat(ms, " ")
      if not seen[s] then seen[s] = true; out[#out + 1] = s end
    end
  end
end
for _, s in ipairs(out) do print(s) end
