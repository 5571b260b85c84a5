-- Writes the seed corpora of the two session targets (run once from the
-- repository: lua5.4 tests/fuzz/seeds_sessions.lua; the corpora are
-- committed).  The sessions are the ones tests/sh/usi.sh and
-- tests/csa/server_test.py play, cut into pieces.
--   corpus/fuzz_usi/  engine byte + command lines (fuzz_usi.c)
--   corpus/fuzz_csa/  cap byte + lines, each behind its client byte (fuzz_csa.c)

local write = dofile("tests/fuzz/corpus_write.lua")

-- ---- USI: byte 0 bits 0-1 the engine (0 built-in, 2 material, 3 pst), bit 2 the larger node cap
local USI = {
  {0, "usi\nisready\nsetoption name USI_Hash value 8\nusinewgame\nisready\n"},
  {0, "go depth 2\nposition startpos\ngo depth 3\n"},
  {0, "position sfen garbage\nposition startpos moves 7g7e\nposition startpos moves 7g7f nonsense\n"
      .. "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 extra\n"},
  {0, "frobnicate now\ngo depth x\ngo btime -5\ngo nodes lots\ngo warp 9\n"
      .. "setoption name USI_Hash value huge\nsetoption name Nonexistent value 1\nsetoption\n"
      .. "gameover maybe\nponderhit\nisready\n"},
  {4, "position startpos\ngo depth 1 searchmoves 1g1f\ngo nodes 3000\n"},
  {4, "position startpos moves 7g7f\ngo infinite\nisready\nposition startpos\nstop\n"},
  {4, "position startpos\ngo ponder btime 0 wtime 0 byoyomi 300\nponderhit\n"},
  {0, "position startpos\ngo btime 0 wtime 0 byoyomi 500\ngo movetime 300\n"
      .. "go btime 2000 wtime 2000 binc 100 winc 100\n"},
  {0, "setoption name MultiPV value 3\nposition startpos\ngo depth 2\nsetoption name MultiPV value 1\n"},
  {4, "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\ngo mate 2000\n"
      .. "position sfen 4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1\ngo mate 2000\n"},
  {4, "position sfen ln1g3nl/1r1sg1k2/p1pppp1pp/1p4p2/7P1/2P3P2/PP1PPP2P/1SKG3R1/LN3GSNL b Bbs 1\n"
      .. "go mate infinite\nstop\n"},
  {0, "position sfen KRB6/GGGGSS3/SSNN5/9/9/9/9/9/4k4 b 8Prb2n4l10p 1\ngo depth 3\n"
      .. "position sfen 4k4/4G4/4P4/9/9/9/9/9/9 w 2r2b3g4s4n4l17p 2\ngo depth 3\ngameover lose\nisready\n"},
  {2, "usi\nsetoption name Nope value 1\nposition startpos moves 7g7f 3c3d\ngo depth 3\nquit\n"},
  {3, "usi\nsetoption name Advance value 999\nsetoption name KingSafety value maybe\n"
      .. "setoption name Advance value 200\nposition startpos moves 2g2f\ngo depth 3\n"},
  {0, "position startpos moves 7g7\27[31m\nsetoption name \1\2 value 1\nfrobnicate\255\254\n"},
  {0, "usi\r\nisready\r\nposition startpos moves 7g7f\r\ngo nodes 500\r\nquit\r\n"},
}
for i, s in ipairs(USI) do write("fuzz_usi", ("seed%02d"):format(i), string.char(s[1]) .. s[2]) end

-- ---- CSA: byte 0 bit 0 a cap of 8 moves; "a..." is client 0's line, "b..." client 1's, "c..." client 2's,
-- "t30" the clock on by 30 s, "xa" client 0 leaves.  Game ids end in the stamp 29991231235960 + n
-- (fuzz_csa.c starts the server's stamps there).
local ID = "fuzz+x1g-60-10+alice+bob+29991231235960"
local CSA = {
  {0, "aLOGIN alice test-60-10-b,tripA\nbLOGIN bob test-60-10-w,tripB\naAGREE\nbAGREE\n"
      .. "a+7776FU\nb-3334FU\na\na%TORYO\n"},
  {0, "aLOGIN alice test-60-10-b,tripA\nbLOGIN bob test-60-10-w,tripB\naAGREE\nbAGREE\n"
      .. "a+7775FU\n"},
  {0, "aLOGIN alice test-60-10-b,tripA\nbLOGIN bob test-60-10-w,tripB\naAGREE\nbAGREE\n"
      .. "b-3334FU\na+7776FU\na%TORYO\n"},
  {0, "aLOGIN alice test-60-10-b\nbLOGIN bob test-60-10-w\naAGREE\nbAGREE\na%KACHI\n"},
  {0, "aLOGIN alice test-60-10-b\nbLOGIN bob test-60-10-w\naAGREE\nbAGREE\na%CHUDAN\n"},
  {0, "aLOGIN alice test-60-10-b\nbLOGIN bob test-60-10-w\naAGREE\nbREJECT\n"},
  {0, "aLOGIN alice test-1-0-b\nbLOGIN bob test-1-0-w\naAGREE\nbAGREE\nt5\na+7776FU\n"},
  {0, "aLOGIN alice test-60-10-b\nbLOGIN bob test-60-10-w\na+7776FU\naAGREE\naAGREE\nbAGREE\nxb\n"},
  {1, "aLOGIN alice test-60-10-b\nbLOGIN bob test-60-10-w\naAGREE\nbAGREE\n"
      .. "a+2726FU\nb-8384FU\na+2625FU\nb-8485FU\na+6978KI\nb-4132KI\na+2524FU\nb-2324FU\n"},
  {0, "aLOGIN\naLOGIN a b c d\naLOGIN bad/name pw\nahello\naLOGIN ivan secretpassword\naAGREE\naREJECT\n"
      .. "a%%GAME badname +\na%%CHALLENGE nobody-60-10 +\naLOGOUT\n"},
  {0, "aLOGIN alice pa x1\nbLOGIN bob pb x1\ncLOGIN mon pm x1\na%%VERSION\na%%HELP\na%%GAME x1g-60-10 +\n"
      .. "a%%WHO\nb%%CHAT hello all\nb%%GAME x1g-60-10 -\naAGREE " .. ID .. "\nbAGREE " .. ID .. "\n"
      .. "c%%LIST\na%%GAME other-60-10 +\na%%GAME\na+7776FU\nc%%MONITOR2ON " .. ID .. "\n"
      .. "b-3334FU\nc%%SHOW " .. ID .. "\nc%%MONITOR2OFF " .. ID .. "\nc%%VERSION\na%TORYO\na%%WHO\n"
      .. "a%%GAME x1h-60-10 +\na%%GAME\na%%WHO\n"},
  {0, "aLOGIN alice pa x1\nbLOGIN alice pa x1\ncLOGIN alice other x1\nb%%WHO\n"},
  {0, "aLOGIN alice pa x1\nbLOGIN bob pb x1\na%%GAME g-60-10 +\nb%%CHALLENGE g-60-10 -\nt200\na%%LIST\n"},
  {0, "aLOGIN alice test-60-10-b\r\nbLOGIN bob test-60-10-w\r\naAGREE\r\nbAGREE\r\na+7776FU,'a comment\r\n"},
  {0, "aLOGIN al\27[31mice pw\nahello \1\2\255 world\naLOGIN alice pa x1\na%%CHAT \27]0;title\7\n"
      .. "a+77\255\nax" .. ("y"):rep(1100) .. "\n"},
}
for i, s in ipairs(CSA) do write("fuzz_csa", ("seed%02d"):format(i), string.char(s[1]) .. s[2]) end
