-- The problem genres' timings (not a test): every row of tests/data/hisshi_suite.tsv, hisshi_published.tsv,
-- selfmate_suite.tsv, helpmate_suite.tsv and helpmate_published.tsv solved with shogi.solve, the answer compared
-- with the row (exact or WRONG), nodes and seconds per row and per file.
local shogi = require "shogi"

local function rows(file)
  local t = {}
  for l in io.lines(file) do
    if not l:match("^#") and not l:match("^id\t") then
      local f = {}
      for x in (l .. "\t"):gmatch("([^\t]*)\t") do f[#f + 1] = x end
      t[#t + 1] = f
    end
  end
  return t
end

local function hisshi(f)
  local r = shogi.solve(shogi.position(f[2]), {type = "hisshi", max_length = tonumber(f[5]), defences = false,
    escapes = tonumber(f[7] or "")})
  local got = r.status == "hisshi" and (r.length .. " " .. table.concat(r.keys, " ")) or r.status
  local want = tonumber(f[3]) and (f[3] .. " " .. f[4]) or f[3]
  return got == want, r
end

local GENRES = {
  {name = "hisshi", file = "tests/data/hisshi_suite.tsv", solve = hisshi},
  {name = "hisshi", file = "tests/data/hisshi_published.tsv", solve = hisshi},
  {name = "selfmate", file = "tests/data/selfmate_suite.tsv", solve = function(f)
    local r = shogi.solve(shogi.position(f[2]), {type = "selfmate", max_length = tonumber(f[5])})
    local got = r.status == "selfmate" and (r.length .. " " .. table.concat(r.keys, " ")) or r.status
    local want = tonumber(f[3]) and (f[3] .. " " .. f[4]) or f[3]
    return got == want, r
  end},
  {name = "helpmate", file = "tests/data/helpmate_suite.tsv", solve = function(f)
    local r = shogi.solve(shogi.position(f[2]), {type = "helpmate", max_length = 5})
    local got = r.status == "mate" and (r.length .. " " .. r.count) or r.status
    local want = tonumber(f[3]) and (f[3] .. " " .. f[4]) or f[3]
    return got == want, r
  end},
  {name = "helpmate", file = "tests/data/helpmate_published.tsv", solve = function(f)
    local r = shogi.solve(shogi.position(f[2]), {type = "helpmate", max_length = tonumber(f[3])})
    local got = r.status == "mate" and (r.length .. " " .. r.count) or r.status
    return got == f[3] .. " " .. f[4], r
  end},
}

for _, g in ipairs(GENRES) do
  local n, exact, nodes, secs = 0, 0, 0, 0
  for _, f in ipairs(rows(g.file)) do
    local t0 = os.clock()
    local ok, r = g.solve(f)
    local s = os.clock() - t0
    n, nodes, secs = n + 1, nodes + (r.nodes or 0), secs + s
    if ok then exact = exact + 1 end
    print(("  %-8s %-11s %-6s %10d nodes %7.3f s"):format(g.name, f[1], ok and "exact" or "WRONG", r.nodes or 0, s))
  end
  print(("  %-8s %s: %d problems, %d exact, %d nodes, %.2f s"):format(g.name, g.file:match("[^/]*$"), n, exact,
    nodes, secs))
end
