-- make bench BENCH=records: reading and writing the real records of tests/data/records
-- (each file read 5 times; every game written as KIF, KI2, CSA and JKF 5 times).
local record = require "shogi.record"

local dir = (package.searchpath("shogi.record", package.path):match("^(.*)lua/shogi/record%.lua$")
  or "./") .. "tests/data/records/"
local files = {}
for line in io.lines(dir .. "MANIFEST.tsv") do
  local f = line:match("^[^\t]*\t([^\t]+)")
  if f and f ~= "file" then files[#files + 1] = f end
end

local games, moves = {}, 0
local t0 = os.clock()
for round = 1, 5 do
  for _, f in ipairs(files) do
    local g = assert(record.read(dir .. f))
    if round == 1 then games[#games + 1] = g; moves = moves + #g:moves() end
  end
end
local read_s = os.clock() - t0
t0 = os.clock()
for _ = 1, 5 do
  for _, g in ipairs(games) do
    for _, fmt in ipairs({"kif", "ki2", "csa", "jkf"}) do record.write(g, fmt) end
  end
end
local write_s = os.clock() - t0
print(("  read %d records (%d moves) x5: %.2f s, %.0f moves/s"):format(#files, moves, read_s, 5 * moves / read_s))
print(("  write them as kif, ki2, csa, jkf x5: %.2f s, %.0f moves/s"):format(write_s, 20 * moves / write_s))
