-- Make positions and look at them.
--   build/komadai examples/position.lua
--   LUA_PATH="lua/?.lua;lua/?/init.lua;;" LUA_CPATH="build/lib/?.so;;" lua5.4 examples/position.lua
local shogi = require "shogi"

-- the start position, and any other from its SFEN
local start = shogi.position("startpos")
print("start:   ", start:sfen())

local pos = assert(shogi.position("ln1g1k1nl/1r1s2gb1/p1ppppspp/1p4p2/9/2P4P1/PPSPPPP1P/1BG4R1/LN2KGSNL b - 15"))
print("side to move:", pos:side(), "move number:", pos:ply())
print("on 7g:", pos:at("7g"), "on 5e:", pos:at("5e"))   -- nil for an empty square

-- pieces in hand: a table of counts
local q = assert(shogi.position("4k4/9/9/9/9/9/9/9/4K4 b R2P 1"))
local hand = q:hand("b")
print("black holds", hand.R, "rook and", hand.P, "pawns")

-- every piece of one side
local squares = {}
for square, piece in pairs(start:pieces("w")) do squares[#squares + 1] = square .. "=" .. piece end
table.sort(squares)
print("white:", table.concat(squares, " "))

-- bad text gives nil and a message that points at the column
local bad, msg = shogi.position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNx b - 1")
print(bad, msg)

-- Sho shogi (the drunken elephant, no drops)
local sho = shogi.position("sho")
print("sho:     ", sho:sfen(), sho:variant())

-- positions are values: after() makes a new one, == compares them
local a = start:after("7g7f"):after("3c3d")
local b = start:after("7g7f"):after("3c3d")
print("same position:", a == b, "same key:", a:key() == b:key())
print("start unchanged:", start == shogi.position("startpos"))
