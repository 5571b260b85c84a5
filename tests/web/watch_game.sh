# A live CSA game for the watch tests (tests/sh/web_watch.sh, tests/sh/browser.sh), sourced after
# tests/lib.sh with K set: komadai --csa-server on a port the system picks, writing its records
# under a folder, and two scripts/csa-client bots (tests/web/watch_bot.lua: a pause a move, and a
# "* SCORE PV" comment) playing one game to a move cap.
# csa_start DIR MAX_MOVES: the server ($csa_pid, $csa_port); csa_game PAUSE: the two bots, in the
# background ($bots_pids); csa_wait: the bots and the server done (the server plays one game).
csa_pid= bots_pids=
csa_start() {
  csa_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  : >"$tmp/csa.log"
  "$K" --csa-server "$csa_port" --records "$1" --max-moves "$2" --max-games 1 >"$tmp/csa.log" 2>&1 &
  csa_pid=$!
  for i in $(seq 100); do grep -q listening "$tmp/csa.log" && return 0; sleep 0.05; done
  echo "the CSA server did not start:"; cat "$tmp/csa.log"; exit 1
}
csa_game() {
  WATCH_BOT_PAUSE=$1 KOMADAI=$K scripts/csa-client --port "$csa_port" --id watch_b --password watch-300-10-b \
    --bot tests/web/watch_bot.lua --out "$tmp/bot_b" >"$tmp/bot_b.log" 2>&1 &
  bots_pids=$!
  WATCH_BOT_PAUSE=$1 KOMADAI=$K scripts/csa-client --port "$csa_port" --id watch_w --password watch-300-10-w \
    --bot tests/web/watch_bot.lua --out "$tmp/bot_w" >"$tmp/bot_w.log" 2>&1 &
  bots_pids="$bots_pids $!"
}
csa_wait() { wait $bots_pids $csa_pid 2>/dev/null; bots_pids= csa_pid=; }
on_exit 'kill $bots_pids $csa_pid 2>/dev/null'
