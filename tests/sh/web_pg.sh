#!/bin/sh
# komadai --serve on PostgreSQL (--db postgresql://..., docs/WEB.md): a
# PostgreSQL server of its own (initdb in a temporary folder, a free port on
# 127.0.0.1, its socket in that folder, stopped on exit), the checks of
# tests/web/api_checks.sh against it, then two komadai processes on the one
# database: a page on one sees the moves played through the other, a ply
# played through both at once is taken once, a deadline both watch is decided
# once, and two processes migrating a fresh database at once both start.
. "$(dirname "$0")/../lib.sh"
K=${KOMADAI:-build/komadai}
need_exe "$K"
need_cmd curl "apt-get install curl"
[ -f build/web/index.html ] || skip_suite "build/web is missing (make web-assets)"
"$K" --serve 2>&1 | grep -q 'usage: komadai --serve' || skip_suite "this komadai has no --serve (libmicrohttpd)"
"$K" --serve 2>&1 | grep -q -- '--db' || skip_suite "this komadai has no --db"

# ---- a PostgreSQL server of our own ----
pg_unavailable() { skip_suite "$1"; }
. tests/web/pg_server.sh
on_exit 'stop2; [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; pg_stop'
pg_start
url=$pg_url
server_args="--db $url"
db_exec() { psql -q -X -v ON_ERROR_STOP=1 "$url" -c "$1" >/dev/null; }
db_value() { psql -q -X -A -t "$url" -c "$1"; }

# ---- the shared checks ----
stop2() { [ -n "$pid2" ] && kill "$pid2" 2>/dev/null && wait "$pid2" 2>/dev/null; pid2=; }
pid2=
. tests/web/api_checks.sh
grep -q "db postgresql://127.0.0.1:$pgport/postgres" "$tmp/server.log" && ok || fail "the start line: $(cat "$tmp/server.log")"

# ---- two processes on one database ----
# start2 ARGS...: a second komadai on port2 (log $tmp/server2.log)
start2() {
  port2=$((port + 100))
  for try in 1 2 3 4 5; do
    : >"$tmp/server2.log"
    "$K" --serve "127.0.0.1:$port2" "$@" >"$tmp/server2.log" 2>&1 &
    pid2=$!
    for i in $(seq 1 100); do
      grep -q serving "$tmp/server2.log" 2>/dev/null && return 0
      kill -0 $pid2 2>/dev/null || break
      sleep 0.1
    done
    port2=$((port2 + 1))
  done
  echo "the second server did not start:"; cat "$tmp/server2.log"; exit 1
}
start
start2 $server_args
# on2 CMD...: CMD with U naming the second process
on2() { _p=$port; port=$port2; "$@"; port=$_p; }
req a POST /api/challenges '{"deadline":3600}'; ch=$(field id)
on2 req b POST "/api/challenges/$ch/accept"; check "accepted through the second process" 201 '"status":"playing"'
tg=$(field id)
req a GET "/api/games/$tg"; tb=$( [ "$(field you)" = black ] && echo a || echo b ); tw=$( [ $tb = a ] && echo b || echo a )
# a page on the second process, a move through the first
curl -s -N -b "$tmp/$tw.jar" --max-time 3 "http://127.0.0.1:$port2/api/games/$tg/events" >"$tmp/sse2.out" 2>/dev/null &
spid=$!
sleep 0.5
req $tb POST "/api/games/$tg/moves" '{"move":"7g7f","ply":0}'; check "a move through the first" 200 '"ply":1'
wait $spid
grep -q '"ply":1' "$tmp/sse2.out" && ok || fail "the second process's page did not see the move: $(head -c 300 "$tmp/sse2.out")"
# and the other way round
curl -s -N -b "$tmp/$tb.jar" --max-time 3 "$(U /api/games/$tg/events)" >"$tmp/sse1.out" 2>/dev/null &
spid=$!
sleep 0.5
on2 req $tw POST "/api/games/$tg/moves" '{"move":"3c3d","ply":1}'; check "a move through the second" 200 '"ply":2'
wait $spid
grep -q '"ply":2' "$tmp/sse1.out" && ok || fail "the first process's page did not see the move: $(head -c 300 "$tmp/sse1.out")"
# the same ply through both at once: one is played, the other refused
cp "$tmp/$tb.jar" "$tmp/race1.jar"; cp "$tmp/$tb.jar" "$tmp/race2.jar"; cp "$tmp/$tb.csrf" "$tmp/race1.csrf"; cp "$tmp/$tb.csrf" "$tmp/race2.csrf"
( req race1 POST "/api/games/$tg/moves" '{"move":"2g2f","ply":2}'; echo "$code" >"$tmp/race1.code" ) &
r1=$!
( on2 req race2 POST "/api/games/$tg/moves" '{"move":"6g6f","ply":2}'; echo "$code" >"$tmp/race2.code" ) &
r2=$!
wait $r1 $r2
codes=$(cat "$tmp/race1.code" "$tmp/race2.code" | sort | tr '\n' ' ')
expect_eq "one ply through two processes at once" "200 409 " "$codes"
req a GET "/api/games/$tg"; check "three moves kept" 200 '"ply":3'
# a deadline both processes watch is decided once: the ratings move once
req a GET /api/me; before_a=$(field games)
db_exec "UPDATE games SET deadline_at = deadline_at - 3601000 WHERE id = $tg"
for i in $(seq 1 40); do req a GET "/api/games/$tg"; [ "$(field status)" = ended ] && break; sleep 0.1; done
check "the deadline decided with two processes" 200 '"id":"time-up"'
sleep 0.5
req a GET /api/me; expect_eq "one rated result for one time-up" $((before_a + 1)) "$(field games)"
stop2
stop
# (after the sessions above are done with: its purge ends them)
. tests/web/session_checks.sh

# ---- two processes migrating a fresh database at once ----
db_exec "CREATE DATABASE fresh"
fresh="postgresql://komadai@127.0.0.1:$pgport/fresh"
port=$((port + 200))
"$K" --serve "127.0.0.1:$port" --db "$fresh" >"$tmp/m1.log" 2>&1 &
pid=$!
start2 --db "$fresh"
for i in $(seq 1 100); do grep -q serving "$tmp/m1.log" && break; kill -0 $pid 2>/dev/null || break; sleep 0.1; done
grep -q serving "$tmp/m1.log" && ok || fail "the first of two migrating processes: $(cat "$tmp/m1.log")"
expect_eq "each migration once" t "$(psql -q -X -A -t "$fresh" -c "SELECT COUNT(*) = MAX(version) AND COUNT(*) >= 2 FROM schema_migrations")"
stop2
stop
# a wrong --db is refused with the reason
"$K" --serve 127.0.0.1:0 --db "mysql://x" >"$tmp/bad.out" 2>&1; rc=$?
expect "a --db that is not postgresql://" 1 'grep -q "expected a postgresql://" "$tmp/bad.out"'
"$K" --serve 127.0.0.1:0 --db "postgresql://komadai@127.0.0.1:1/none" >"$tmp/bad.out" 2>&1; rc=$?
expect "a database that cannot be reached" 1 'grep -q "cannot connect" "$tmp/bad.out"'
end_suite
