-- A CSA-client bot for the watch tests (tests/sh/web_watch.sh, tests/web/watch.mjs): a random legal
-- move after a pause (WATCH_BOT_PAUSE seconds, 0.3 unless set), so spectators see the game live,
-- with a Floodgate comment "* SCORE PV" (the score made up, the PV the move's CSA name).
return function(game)
  local moves = game:legal_moves()
  if #moves == 0 then return "%TORYO" end
  local pause = tonumber(os.getenv("WATCH_BOT_PAUSE") or "") or 0.3
  if pause > 0 then os.execute(string.format("sleep %.2f", pause)) end
  local m = moves[math.random(#moves)]
  local reply = game:copy()
  reply:play(m)
  local next_moves = reply:legal_moves()
  local pv = #next_moves > 0 and (" " .. reply:position():move_name(next_moves[1], "csa")) or ""
  return m, string.format("* %d%s", game:ply() * 10, pv)
end
