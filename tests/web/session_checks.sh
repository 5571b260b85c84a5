# Session expiry (docs/WEB.md "Sessions"), sourced by tests/sh/web.sh and
# tests/sh/web_pg.sh after tests/web/api_checks.sh (whose start, stop, req,
# session and check it uses; the suite defines db_value SQL): a server
# configured with a 3-second idle limit and an 8-second lifetime; a session
# used every second lives until its lifetime ends, one left alone dies after
# its idle limit, and the expired rows are purged.  The checks go by the time
# that has passed, not by counted sleeps: on a loaded machine a request can
# take a second, which a 2-second limit and fixed sleeps once took for an
# expiry.  Leaves the server stopped.
cat >"$tmp/short.lua" <<'LUA'
return {session_idle = 3, session_lifetime = 8, max_moves = 300, deadlines = {3600, 120}}
LUA
echo 'return {session_idle = "soon"}' >"$tmp/bad.lua"
"$K" --serve 127.0.0.1:0 --config "$tmp/bad.lua" $server_args >"$tmp/bad.out" 2>&1
expect_eq "a bad session_idle is refused" 1 $?
grep -q "session_idle: expected a whole number from 1 to" "$tmp/bad.out" && ok || fail "bad config: $(cat "$tmp/bad.out")"
echo 'return {deadlines = {60, 5}}' >"$tmp/bad.lua"
"$K" --serve 127.0.0.1:0 --config "$tmp/bad.lua" $server_args >"$tmp/bad.out" 2>&1
expect_eq "a deadline under a minute is refused" 1 $?
grep -q "deadlines\[2\]: expected whole seconds from 60" "$tmp/bad.out" && ok || fail "bad deadlines: $(cat "$tmp/bad.out")"

saved_args=$server_args
server_args="$server_args --config $tmp/short.lua"
start
sid() { sed -n 's/.*\tsid\t\([0-9a-f]*\).*/\1/p' "$tmp/$1.jar"; }
session busy
session idle
req busy GET /api/rules; check "the config's figures" 200 '"max_moves":300,'
case $body in *'"deadlines":[120,3600]'*'"sessions":{"idle":3,"lifetime":8}'*) ok ;; *) fail "rules: $body" ;; esac
h=$(curl -s -D - -o /dev/null "$(U /api/session)")
case $h in *"Max-Age=8"*) ok ;; *) fail "the cookie's Max-Age is the lifetime: $h" ;; esac
busy_sid=$(sid busy) idle_sid=$(sid idle)
# the busy session, used every second: alive past its idle limit, dead after its lifetime
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'; }
before() { awk -v x="$1" -v y="$2" 'BEGIN { exit !(x < y) }'; }
t0=$(now)   # (the sessions were made just before: their clocks started a little earlier)
alive=0 tries=0
while before "$(since "$t0")" 4; do
  sleep 1
  req busy POST /api/bot-games '{"level":1}'
  tries=$((tries + 1))
  [ "$code" = 201 ] && alive=$((alive + 1))
done
expect_eq "a session in use outlives its idle limit ($tries uses in $(since "$t0") s)" "$tries" $alive
req idle POST /api/bot-games '{"level":1}'; check "an idle session has expired" 403 "no session"
# half a second past the lifetime (8 s), counted from t0, which is after the sessions were made
left=$(awk -v e="$(since "$t0")" 'BEGIN { w = 8.5 - e; printf "%.3f", (w > 0 ? w : 0) }')
sleep "$left"
req busy POST /api/bot-games '{"level":1}'; check "a session past its lifetime has expired" 403 "no session"
req busy GET /api/session; check "a new session after expiry" 200 csrf
[ "$(sid busy)" != "$busy_sid" ] && ok || fail "the expired token was given again"
sleep 2.2   # the purge runs every half of the shorter limit
expect_eq "expired sessions are purged" 0 "$(db_value "SELECT COUNT(*) FROM sessions WHERE token IN ('$busy_sid', '$idle_sid')")"
expect_eq "a live session is kept" 1 "$(db_value "SELECT COUNT(*) FROM sessions WHERE token = '$(sid busy)'")"
stop
server_args=$saved_args
