-- Writes the seed corpora of the fuzz targets from tests/data (run once from
-- the repository: lua5.4 tests/fuzz/seeds.lua; the corpora are committed).
--   corpus/fuzz_sfen/    variant byte + SFEN from the perft and tsume suites
--   corpus/fuzz_move/    position byte + notation byte + a legal move's name
--   corpus/fuzz_record/  format byte + a record of tests/data/records (and cut ones)
--   corpus/fuzz_roundtrip/ the same with a second byte: the format to write
--   corpus/fuzz_sandbox/ scripts: data results and the hostile files of the spec
package.path = "lua/?.lua;lua/?/init.lua;" .. package.path
package.cpath = "build/lib/?.so;" .. package.cpath
local core = require "shogi.core"

local write = dofile("tests/fuzz/corpus_write.lua")

local function sfens(file, n, every)
  local out, i = {}, 0
  for line in io.lines(file) do
    i = i + 1
    local sfen = line:match("^[^\t]*\t([^\t]+)")
    if i > 1 and sfen and i % every == 0 and #out < n then out[#out + 1] = sfen end
  end
  return out
end

local k = 0
for _, spec in ipairs({{"tests/data/perft_suite.tsv", 0, 12, 3}, {"tests/data/sho_perft.tsv", 1, 6, 2},
                       {"tests/data/tsume_suite.tsv", 0, 12, 25}}) do
  for _, s in ipairs(sfens(spec[1], spec[3], spec[4])) do
    k = k + 1
    write("fuzz_sfen", ("seed%02d"):format(k), string.char(spec[2]) .. s)
  end
end

-- the positions of fuzz_move.c, in its order
local POSITIONS = {
  "startpos",
  "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
  "ln1g5/1ks4+R1/pppp5/4p4/9/2P6/PP1PPPP1P/1BK1G2s1/LNSG4L b BG2N2Pr3p 37",
  "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
  "8k/7pp/L3p1p2/RBB6/GGG6/GSS6/SSN6/NNN6/LLLR5 b 14p 1",
  "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
}
local NOTATIONS = {"usi", "csa", "western", "japanese", "kif"}
k = 0
for pi, sfen in ipairs(POSITIONS) do
  local pos = assert(core.position(sfen))
  local moves = pos:legal_moves()
  for ni, n in ipairs(NOTATIONS) do
    for j = 1, #moves, math.max(1, #moves // 2) do
      k = k + 1
      write("fuzz_move", ("seed%02d"):format(k), string.char(pi - 1, ni - 1) .. pos:move_name(moves[j], n))
    end
  end
  k = k + 1
  write("fuzz_move", ("seed%02d"):format(k), string.char(pi - 1, 5) .. pos:move_name(moves[1], "japanese"))
end

local FORMAT_BYTE = {kif = 0, kifu = 0, ki2 = 1, ki2u = 1, csa = 2, jkf = 3, bod = 4, usi = 5, sfen = 5}
k = 0
local function record_seed(format_byte, text)
  k = k + 1
  write("fuzz_record", ("seed%02d"):format(k), string.char(format_byte) .. text)
  write("fuzz_roundtrip", ("seed%02d"):format(k), string.char(format_byte, k % 5) .. text)
end
local p = io.popen("ls tests/data/records")
for name in p:lines() do
  local ext = name:match("%.(%w+)$")
  if FORMAT_BYTE[ext] then
    local f = assert(io.open("tests/data/records/" .. name, "rb"))
    local text = f:read("a")
    f:close()
    if #text <= 16384 then
      record_seed(FORMAT_BYTE[ext], text)
      record_seed(FORMAT_BYTE[ext], text:sub(1, #text // 2)) -- a truncated copy
    end
  end
end
p:close()
for _, s in ipairs({"position startpos moves 7g7f 3c3d 8h2b+\n", "position sfen " .. POSITIONS[3] .. " moves 2h2a\n",
                    "startpos moves 7g7f\n"}) do
  record_seed(5, s)
end

local SCRIPTS = {
  "return 1", "return {position = 'startpos', solution = '7g7f', title = 'x'}",
  "return {1, 2.5, 'a', true, {x = {y = 1}}}", "local t = {} t.t = t return t", "return function() end",
  "while true do end", "local s = 'x' while true do s = s .. s end", "return string.rep('x', 1 << 30)",
  "return ('a'):rep(40000):find('.-.-.-.-.-.-b')",
  "setmetatable({}, {__gc = function() while true do end end}) for i = 1, 1e7 do local t = {} end",
  "local t = {} for i = 1, 1e8 do t[i] = coroutine.create(function() end) end",
  "while true do pcall(function() while true do end end) end", "return io.open('/etc/passwd')",
  "return load('\\27Lua')", "return getmetatable('')", "error('x')", "x = ", "return coroutine.wrap(print)",
  "local function f() return f() + 1 end return f()", "return load('return 1', 'x', 'b')",
}
for i, s in ipairs(SCRIPTS) do write("fuzz_sandbox", ("seed%02d"):format(i), s) end
