#!/bin/sh
# make bench BENCH=web (issue 32's figures): komadai --serve on loopback, one
# process, first on a fresh SQLite file and then on a PostgreSQL server of its
# own: 1,000 person games with 2,000 open event streams, the delay from a move's
# POST to the opponent's page (p99), moves/s through the API, and (SQLite) a
# page's cold load in headless chromium; 500 spectators of one live CSA game
# (tests/bench/web_watch.mjs: a record line written to its arrival on every
# page, p99); the analysis of a 120-move record at 0.1 s a move
# (tests/bench/web_analysis.mjs).  Timings, not tests.
# WEB_GAMES, WEB_PAGES (per game), WEB_MOVES (latency samples), WEB_SECONDS
# (throughput), WEB_WATCHERS (spectators) change the load.
cd "$(dirname "$0")/../.." || exit 2
. tests/lib.sh
K=build/komadai
[ -f build/web/index.html ] || { echo "  skip web: build/web is missing (make web-assets)"; exit 0; }
[ -d node_modules/puppeteer-core ] || { echo "  skip web: node_modules is missing (make web-assets)"; exit 0; }
# the load generator holds a descriptor per page, as the server does
ulimit -n "$(ulimit -Hn)" 2>/dev/null
games=${WEB_GAMES:-1000} pages=${WEB_PAGES:-2} moves=${WEB_MOVES:-1000} secs=${WEB_SECONDS:-10}
port=$(( 20000 + $$ % 10000 ))
pid=
stop() { [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; pid=; }
on_exit 'stop; pg_stop'
serve() { # LABEL ARGS...: a server on a free port, base URL in $base
  label=$1; shift
  for try in 1 2 3 4 5; do
    port=$((port + 1))
    "$K" --serve "127.0.0.1:$port" "$@" >"$tmp/server-$label.log" 2>&1 &
    pid=$!
    for i in $(seq 1 100); do
      grep -q serving "$tmp/server-$label.log" 2>/dev/null && { base=http://127.0.0.1:$port; return 0; }
      kill -0 $pid 2>/dev/null || break
      sleep 0.1
    done
  done
  echo "  skip web $label: the server did not start: $(tail -n 2 "$tmp/server-$label.log")"; return 1
}
load() { # LABEL
  node tests/bench/web_load.mjs "$base" "$1" "$games" "$pages" "$moves" "$secs" 2>&1 | sed 's/^/  /'
  rss=$(awk '/VmHWM/ {print $2}' /proc/$pid/status 2>/dev/null)
  [ -n "$rss" ] && echo "  web $1: the server's peak memory $((rss / 1024)) MiB"
}

echo "== web: komadai --serve, loopback, one process ($games games, $pages pages a game)"
if serve sqlite --data "$tmp/data"; then
  load sqlite
  node tests/bench/web_page.mjs "$base" 5 2>&1 | sed 's/^/  /'
  # the analysis board: a 120-move record at 0.1 s a move (issue 33: about 12 s)
  "$K" tests/bench/first_moves.lua tests/data/records/ss__floodgate-900-0-gps_normal-gps_l-20100507120007.csa 120 >"$tmp/rec120.txt" &&
    node tests/bench/web_analysis.mjs "$base" "$tmp/rec120.txt" 0.1 2>&1 | sed 's/^/  /'
  stop
fi
# spectators: WEB_WATCHERS event streams on one live CSA game of a watched records folder
mkdir -p "$tmp/rec"
if serve watch --data "$tmp/data-watch" --watch "$tmp/rec"; then
  node tests/bench/web_watch.mjs "$base" "$tmp/rec" "${WEB_WATCHERS:-500}" 40 100 2>&1 | sed 's/^/  /'
  stop
fi
pg_unavailable() { echo "  skip web postgresql: $1"; }
. tests/web/pg_server.sh
if pg_start; then
  if serve postgresql --db "$pg_url"; then load postgresql; stop; fi
  pg_stop
fi
