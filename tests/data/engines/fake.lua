-- A fake USI engine for the tests: plays legal moves by a fixed rule, then misbehaves on request.
--   build/komadai tests/data/engines/fake.lua MODE [N]      (or lua5.4 with LUA_PATH/LUA_CPATH set)
-- Every go of a game before the N-th (default 1) is answered with a legal move (the one at index
-- (ply * 7) % #moves + 1, so games are the same every run); the N-th go gets MODE:
--   play      no fault                      illegal   bestmove 5i5a (the king cannot go there)
--   crash     exits with status 3            hang      never answers (and ignores stop and quit)
--   slow      answers after 0.6 s            malformed prints "info depth x"
--   garbage   prints "bestmove banana"       resign    bestmove resign
--   win       bestmove win (a declaration)   silent    never answers "usi"
--   move=M    bestmove M (any text)       score=N   plays on, reporting score cp N
-- A move comes with "ponder P", P the reply the same rule picks; "go ponder" waits for "ponderhit"
-- (then answers as a go, and says "fake: ponderhit" on stderr) or "stop" (answers at once).
local shogi = require "shogi"
local mode, at = arg[1] or "play", tonumber(arg[2] or "1")

local function out(s) io.stdout:write(s, "\n"); io.stdout:flush() end

local game
local gos = 0
local pondering = nil -- the go line of a "go ponder" waiting for ponderhit or stop

local function pick(g)
  local moves = g:legal_moves()
  if #moves == 0 then return nil, 0 end
  return moves[(#g:moves() * 7) % #moves + 1], #moves
end
for line in io.stdin:lines() do
  local cmd = line:match("^(%S+)")
  if cmd == "usi" then
    if mode == "silent" then goto continue end
    out("id name fake-" .. mode)
    out("id author komadai tests")
    out("option name Depth type spin default 1 min 0 max 9")
    out("option name Style type combo default solid var solid var wild")
    out("option name Flag type check default false")
    out("option name Clear Hash type button")
    out("option name Book File type string default <empty>")
    out("usiok")
  elseif cmd == "usinewgame" then
    gos = 0 -- faults count the moves of each game
  elseif cmd == "isready" then
    out("readyok")
  elseif cmd == "setoption" then
    out("info string set " .. line:gsub("^setoption name ", ""))
  elseif cmd == "position" then
    local sfen, moves = line:match("^position sfen (.-) moves (.*)$")
    if not sfen then sfen = line:match("^position sfen (.*)$") or "startpos" end
    game = shogi.game(sfen)
    for m in (moves or ""):gmatch("%S+") do game:play(m) end
  elseif cmd == "go" and line:match("^go ponder") then
    pondering = line
  elseif cmd == "stop" and pondering then
    pondering = nil
    out("bestmove " .. (pick(game) or "resign"))
  elseif cmd == "go" or (cmd == "ponderhit" and pondering) then
    if cmd == "ponderhit" then io.stderr:write("fake: ponderhit\n"); pondering = nil end
    gos = gos + 1
    local fault = gos >= at and mode or "play"
    if line:match("^go mate") then
      out(mode == "play" and "checkmate nomate" or "checkmate notimplemented")
    elseif fault == "illegal" then out("bestmove 5i5a")
    elseif fault == "crash" then os.exit(3)
    elseif fault == "hang" then
      for _ in io.stdin:lines() do end
      while true do os.execute("sleep 10") end
    elseif fault == "malformed" then out("info depth x")
    elseif fault == "garbage" then out("bestmove banana")
    elseif fault == "resign" then out("bestmove resign")
    elseif fault == "win" then out("bestmove win")
    elseif fault:match("^move=") then out("bestmove " .. fault:sub(6))
    else
      if fault == "slow" then os.execute("sleep 0.6") end
      local m, n = pick(game)
      local score = fault:match("^score=(-?%d+)$") or (n - 30)
      out("info depth 1 score cp " .. score .. " nodes " .. n .. " pv " .. m)
      local ahead = game:copy()
      ahead:play(m)
      local reply = not ahead:result() and pick(ahead)
      out("bestmove " .. m .. (reply and (" ponder " .. reply) or ""))
    end
  elseif cmd == "quit" then
    break
  end
  ::continue::
end
