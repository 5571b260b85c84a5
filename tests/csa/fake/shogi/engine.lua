-- A stand-in for shogi.engine (the USI client of the engines branch) used by
-- csa_server.sh only while the build has none: the same calls the CSA client
-- makes (new, go, newgame, gameover, quit), answering random legal moves, and
-- a log of the calls in the file the command names ("fake:/path/log").
local M = {}
function M.new(cmd)
  local path = cmd:match("^fake:(.+)$")
  if not path then return nil, "engine '" .. cmd .. "': cannot start", "crash" end
  local log = assert(io.open(path, "a"))
  local e = {}
  function e.go(_, g, opts)
    log:write("go ", g:sfen(), " btime=", tostring(opts.btime), " byoyomi=", tostring(opts.byoyomi), "\n")
    local moves = g:legal_moves()
    if #moves == 0 then return {bestmove = "resign"} end
    return {bestmove = moves[math.random(#moves)]}
  end
  function e.newgame() log:write("newgame\n") end
  function e.gameover(_, result) log:write("gameover ", result, "\n") end
  function e.quit() log:write("quit\n"); log:close() end
  return e
end
return M
