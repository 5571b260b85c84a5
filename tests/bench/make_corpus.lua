-- lua5.4 tests/bench/make_corpus.lua DIR N: a synthetic corpus of N record files for
-- make bench BENCH=records, copied from the real records of tests/data/records (those
-- both komadai and tsshogi read whole: no variations, no written-out foul) and varied: each
-- copy has a comment line of its own (its number) and its own name, 1000 files a folder;
-- every fifth is in CP932 (converted with iconv from its UTF-8 text), the rest UTF-8.
-- (the fifth drawn from the records CP932 can hold: not JKF, which is JSON, nor one with a character
-- CP932 lacks).  The records come in a fixed pseudo-random order: a plain cycle of an even length gave
-- the odd-numbered files, one -j 2 worker's, other records than the even ones.  Prints the number of
-- moves the corpus holds.
local core = require "shogi.core"
local record = require "shogi.record"
local dir, n = arg[1], tonumber(arg[2])
assert(dir and n, "usage: make_corpus.lua DIR N")
local here = arg[0]:match("^(.*)/[^/]*$") or "."
local src = here .. "/../data/records/"

local SKIP = {["kp__KifuwarabeW31B22-selfplay-shogigui.kif"] = true}
local templates = {}
for line in io.lines(src .. "MANIFEST.tsv") do
  local f = line:match("^[^\t]*\t([^\t]+)")
  if f and f ~= "file" and not SKIP[f] then
    local h = assert(io.open(src .. f, "rb"))
    local bytes = h:read("a")
    h:close()
    local g = assert(record.read(src .. f))
    if #g:info().branches == 0 then
      local text = assert(record.decode(bytes, f))
      local ext = f:match("%.(%w+)$")
      local mark = (ext == "csa") and "'" or (ext ~= "jkf") and "#" or nil
      local sjis = ext ~= "jkf" and core.iconv(text, "UTF-8", "CP932") -- nil: a character CP932 lacks
      templates[#templates + 1] = {ext = ext, text = text, mark = mark, moves = g:ply(), sjis = sjis ~= nil}
    end
  end
end

local seed = 12345
local function pick(sjis)
  repeat
    seed = (seed * 1103515245 + 12345) % 2147483648
    local t = templates[seed // 65536 % #templates + 1]
    if t.sjis or not sjis then return t end
  until false
end
local moves = 0
for i = 1, n do
  local t = pick(i % 5 == 0)
  local sub = ("%s/%04d"):format(dir, (i - 1) // 1000)
  if (i - 1) % 1000 == 0 then os.execute("mkdir -p '" .. sub .. "'") end
  local text = t.text
  if t.mark then
    -- the comment goes after the first line (a CSA version line, a KIF header stays first)
    text = text:gsub("\n", "\n" .. t.mark .. "synthetic copy " .. i .. "\n", 1)
  end
  if i % 5 == 0 then
    text = assert(core.iconv(text, "UTF-8", "CP932"))
  end
  local h = assert(io.open(("%s/%07d.%s"):format(sub, i, t.ext), "wb"))
  h:write(text)
  h:close()
  moves = moves + t.moves
end
print(moves)
