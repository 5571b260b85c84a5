-- tests/bench/first_moves.lua RECORD N: the first N moves of RECORD as one `position startpos moves ...`
-- line (the analysis bench's record: web_analysis.mjs pastes it as a page does)
local record = require "shogi.record"
local path, n = arg[1], tonumber(arg[2])
local g = assert(record.read(path))
local moves = g:moves()
assert(#moves >= n, ("%s has %d moves, fewer than %d"):format(path, #moves, n))
print("position startpos moves " .. table.concat(moves, " ", 1, n))
