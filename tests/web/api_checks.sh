# The API checks over real HTTP that tests/sh/web.sh (SQLite) and
# tests/sh/web_pg.sh (PostgreSQL) share, sourced after tests/lib.sh.  The
# suite sets K (the komadai to run) and server_args (the options after
# --serve ADDR:PORT that name the database) and defines db_exec SQL (one
# statement on that database, beside the running server).  This file
# starts the server (start, stop; $pid, $port), defines req/session/field/
# check and runs: pages and headers, sessions and CSRF, accounts and the
# login limit, bad input, the bot without an account, records, the seed
# and scripts/verify, two accounts playing with a live stream, kill -9
# after an acknowledged move and during a run of moves, a move after the
# deadline, a deadline passing while the server is down, resigning, the
# leaderboard and a clean SIGTERM (which leaves the server stopped).
port=$(( 20000 + $$ % 20000 ))
pid=
start() {
  for try in 1 2 3 4 5; do
    : >"$tmp/server.log"  # emptied here, so the last run's "serving" line cannot be read before the new one starts
    "$K" --serve "127.0.0.1:$port" $server_args >"$tmp/server.log" 2>&1 &
    pid=$!
    for i in $(seq 1 100); do
      grep -q serving "$tmp/server.log" 2>/dev/null && return 0
      kill -0 $pid 2>/dev/null || break
      sleep 0.1
    done
    port=$((port + 1))
  done
  echo "server did not start:"; cat "$tmp/server.log"; exit 1
}
stop() { [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; pid=; }
on_exit 'stop'
U() { echo "http://127.0.0.1:$port$1"; }
# req JAR METHOD PATH [BODY]: answer in $body, status in $code
req() {
  jar=$tmp/$1.jar
  if [ "$2" = POST ]; then
    csrf=$(cat "$tmp/$1.csrf" 2>/dev/null)
    out=$(curl -s -b "$jar" -c "$jar" -H "X-CSRF-Token: $csrf" -H 'Content-Type: application/json' \
          --data-binary "${4-{\}}" -w '\n%{http_code}' "$(U "$3")")
  else
    out=$(curl -s -b "$jar" -c "$jar" -w '\n%{http_code}' "$(U "$3")")
  fi
  code=$(printf '%s\n' "$out" | tail -n 1)
  body=$(printf '%s\n' "$out" | sed '$d')
}
session() { req "$1" GET /api/session; printf '%s' "$body" | sed -n 's/.*"csrf":"\([0-9a-f]*\)".*/\1/p' >"$tmp/$1.csrf"; }
field() { printf '%s' "$body" | grep -o "\"$1\":\"\{0,1\}[^\",}]*" | head -n 1 | sed 's/^[^:]*:"\{0,1\}//'; }
check() { # name want-code [grep pattern]
  if [ "$code" = "$2" ] && { [ -z "$3" ] || printf '%s' "$body" | grep -q -- "$3"; }; then ok
  else fail "$1: want $2 ${3:+/$3/}, got $code $body"; fi
}

start
# ---- pages and headers ----
h=$(curl -s -D - -o /dev/null "$(U /)")
case $h in *"200 OK"*Content-Security-Policy*"script-src 'self'"*) ok ;; *) fail "index: $h" ;; esac
code=$(curl -s -o /dev/null -w '%{http_code}' "$(U /js/api.js)"); [ "$code" = 200 ] && ok || fail "api.js $code"
code=$(curl -s -o /dev/null -w '%{http_code}' --path-as-is "$(U /../../etc/passwd)"); [ "$code" = 404 ] && ok || fail "path outside: $code"
code=$(curl -s -o /dev/null -w '%{http_code}' --path-as-is "$(U /js/%2e%2e/%2e%2e/Makefile)"); [ "$code" = 404 ] && ok || fail "encoded outside: $code"

# ---- sessions and CSRF ----
session a
case $(cat "$tmp/a.jar") in *sid*) ok ;; *) fail "no cookie" ;; esac
h=$(curl -s -D - -o /dev/null "$(U /api/session)")
case $h in *"HttpOnly; SameSite=Strict"*) ok ;; *) fail "cookie flags: $h" ;; esac
v=$(sed -n 's/^#define SG_VERSION "\(.*\)"$/\1/p' src/core/version.h)
case $h in *"Server: komadai/$v"*) ok ;; *) fail "the version on an API answer (Server: komadai/$v): $h" ;; esac
cp "$tmp/a.csrf" "$tmp/a.good"; echo wrong >"$tmp/a.csrf"
req a POST /api/signup '{"name":"alice","email":"a@x.org","password":"alicepass1"}'; check "wrong csrf" 403 CSRF
cp "$tmp/a.good" "$tmp/a.csrf"
req nojar POST /api/signup '{}'; check "no session" 403 session
# ---- accounts ----
req a POST /api/signup '{"name":"alice","email":"a@x.org","password":"alicepass1"}'; check signup 201 '"name":"alice"'
session a
req a GET /api/me; check me 200 alice
session b
req b POST /api/signup '{"name":"bob","email":"b@x.org","password":"short"}'; check "short password" 400 password
req b POST /api/signup '{"name":"bob","email":"not-an-email","password":"bobpass123"}'; check "bad email" 400 email
req b POST /api/signup '{"name":"alice","email":"a@x.org","password":"bobpass123"}'; check "taken" 409 account
req b POST /api/signup '{"name":"bob","email":"b@x.org","password":"bobpass123"}'; check "signup b" 201 bob
session b
req b POST /api/logout; check logout 200 '"user":null'
session b
req b POST /api/login '{"email":"b@x.org","password":"nope-nope"}'; check "wrong password" 401 wrong
req b POST /api/login '{"email":"b@x.org","password":"bobpass123"}'; check login 200 bob
session b
session r
for i in 1 2 3 4 5; do req r POST /api/login '{"email":"b@x.org","password":"guess'$i'xx"}'; done
req r POST /api/login '{"email":"b@x.org","password":"bobpass123"}'; check "rate limit" 429 "too many"

# ---- bad input ----
req a POST /api/challenges '{"deadline":'; check "malformed json" 400 "malformed JSON"
req a POST /api/challenges '[1,2]'; check "not an object" 400 "malformed JSON"
req a POST /api/challenges '{"deadline":5}'; check "deadline too short" 400 deadline
req a POST /api/challenges '{"deadline":9999999}'; check "deadline too long" 400 deadline
big=$(head -c 20000 /dev/zero | tr '\0' 'x')
req a POST /api/challenges "{\"x\":\"$big\"}"; check "body too big" 413 bytes
req a GET /api/nothing; check "unknown route" 404 route
req a GET /api/games/999; check "no such game" 404 "no game"
req a POST /api/bot-games '{"level":9}'; check "bad level" 400 level

# ---- the bot, no account ----
session g
req g POST /api/bot-games '{"level":1}'; check "bot game" 201 '"kind":"bot"'
bg=$(field id); you=$(field you)
sleep 1
req g GET "/api/games/$bg"
if [ "$you" = black ]; then mv=7g7f; else mv=3c3d; fi
req g POST "/api/games/$bg/moves" "{\"move\":\"$mv\"}"; check "my move" 200 "\"usi\":\"$mv\""
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
  req g GET "/api/games/$bg"; [ "$(field to_move)" = "$you" ] && break; sleep 0.2
done
[ "$(field to_move)" = "$you" ] && ok || fail "the bot did not reply: $body"
req g POST "/api/games/$bg/moves" '{"move":"5e5d"}'; check "illegal move" 400 illegal
req g POST "/api/games/$bg/moves" '{"mv":"7g7f"}'; check "no move field" 400 move
req a POST "/api/games/$bg/moves" "{\"move\":\"$mv\"}"; check "someone else's game" 403 "do not play"
req g GET "/api/games/$bg/record?format=pgn"; check "bad record format" 400 format
req g GET "/api/games/$bg/record?format=csa"; check "csa record" 200 "PI"
req g GET "/api/games/$bg/record?format=sfen"; check "sfen record" 200 "moves"
req g GET "/api/games/$bg/record?format=kif"; check "kif record" 200 "手合割"
req g GET "/api/games/$bg"
if command -v python3 >/dev/null; then
  printf '%s' "$body" | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["moves"][0]["usi"]' && ok || fail "game state is not valid JSON: $body"
fi
req g POST "/api/games/$bg/resign"; check resign 200 '"status":"ended"'
case $body in *'"seed":"'*) ok ;; *) fail "seed not revealed: $body" ;; esac
printf '%s' "$body" > "$tmp/game.json"
req g POST "/api/games/$bg/moves" "{\"move\":\"$mv\"}"; check "move after the end" 409 over
if [ -x scripts/verify ]; then
  KOMADAI=$K scripts/verify "$tmp/game.json" >"$tmp/verify.out" 2>&1 && ok || fail "verify: $(cat "$tmp/verify.out")"
  sed 's/"seed":"0/"seed":"1/; t; s/"seed":"./"seed":"0/' "$tmp/game.json" >"$tmp/forged.json"
  KOMADAI=$K scripts/verify "$tmp/forged.json" >/dev/null 2>&1; expect_eq "verify refuses a forged seed" 1 $?
fi

# ---- two accounts, a challenge, a deadline of a minute ----
req a POST /api/challenges '{"deadline":60}'; check challenge 201 '"id"'
ch=$(field id)
req a GET /api/challenges; check "challenge listed" 200 alice
req a POST "/api/challenges/$ch/accept"; check "own challenge" 409 own
req b POST "/api/challenges/$ch/accept"; check accept 201 '"status":"playing"'
pg=$(field id)
req b POST "/api/challenges/$ch/accept"; check "accepted twice" 409 already
req a GET "/api/games/$pg"
black=$( [ "$(field you)" = black ] && echo a || echo b ); white=$( [ $black = a ] && echo b || echo a )
req $white POST "/api/games/$pg/moves" '{"move":"3c3d"}'; check "not your move" 409 "not your move"
req $black POST "/api/games/$pg/moves" '{"move":"7g7f","ply":3}'; check "stale ply" 409 ply
req $black POST "/api/games/$pg/moves" '{"move":"7g7f","ply":0}'; check "black moves" 200 '"ply":1'
# the live stream sees the next move
curl -s -N -b "$tmp/$black.jar" --max-time 3 "$(U /api/games/$pg/events)" >"$tmp/sse.out" 2>/dev/null &
spid=$!
sleep 0.5
req $white POST "/api/games/$pg/moves" '{"move":"3c3d","ply":1}'; check "white moves" 200 '"ply":2'
wait $spid
grep -q '"ply":2' "$tmp/sse.out" && ok || fail "event stream: $(head -c 300 "$tmp/sse.out")"

# ---- a draw offered, seen live, lapsed by a move, declined, accepted (docs/WEB.md "Draw offers") ----
req a POST /api/challenges '{"deadline":86400}'; dch=$(field id)
req b POST "/api/challenges/$dch/accept"; check "draw game" 201 '"draw_offer":null'
dr=$(field id)
req a GET "/api/games/$dr"
db_=$( [ "$(field you)" = black ] && echo a || echo b ); dw=$( [ $db_ = a ] && echo b || echo a )
req $db_ GET "/api/games/$dr"; check "the declaration judged for the side to move" 200 '"declaration":{"valid":false,"points":'
req $dw GET "/api/games/$dr"; check "no declaration for the side not to move" 200 '"declaration":null'
curl -s -N -b "$tmp/$dw.jar" --max-time 3 "$(U /api/games/$dr/events)" >"$tmp/draw.sse" 2>/dev/null &
spid=$!
sleep 0.5
req $db_ POST "/api/games/$dr/draw/offer"; check "draw offered" 200 '"draw_offer":{"by":"black","ply":0}'
wait $spid
grep -q '"draw_offer":{"by":"black"' "$tmp/draw.sse" && ok || fail "the offer live: $(tail -c 300 "$tmp/draw.sse")"
req $db_ POST "/api/games/$dr/draw/offer"; check "offered twice" 409 "stands already"
req $db_ POST "/api/games/$dr/draw/accept"; check "accepting one's own offer" 409 "no draw offer"
req $dw POST "/api/games/$dr/draw/offer"; check "offering against an offer" 409 "accept or decline"
req $db_ POST "/api/games/$dr/moves" '{"move":"7g7f","ply":0}'; check "a move lapses the offer" 200 '"draw_offer":null'
req $dw POST "/api/games/$dr/draw/accept"; check "a lapsed offer" 409 "no draw offer"
req $dw POST "/api/games/$dr/draw/offer"; check "white offers" 200 '"draw_offer":{"by":"white","ply":1}'
req $db_ POST "/api/games/$dr/draw/decline"; check "declined" 200 '"draw_offer":null'
req $db_ POST "/api/games/$dr/draw/decline"; check "declined twice" 409 "no draw offer"
req $dw POST "/api/games/$dr/draw/offer"; check "offered again" 200 '"by":"white"'
req $db_ POST "/api/games/$dr/draw/accept"; check "accepted" 200 '"winner":null,"id":"agreement","reason":"Draw by agreement."'
case $body in *'"colours":{"text":"komadai colours ","sha256":"'*) ok ;; *) fail "the colours' hash after the end: $body" ;; esac
printf '%s' "$body" > "$tmp/draw.json"
if [ -x scripts/verify ]; then
  KOMADAI=$K scripts/verify "$tmp/draw.json" >"$tmp/verify.out" 2>&1 && ok || fail "verify a draw: $(cat "$tmp/verify.out")"
fi
req $dw POST "/api/games/$dr/draw/offer"; check "an offer after the end" 409 over
session gd
req gd POST /api/bot-games '{"level":1}'; gdg=$(field id)
req gd POST "/api/games/$gdg/draw/offer"; check "no draw offers to the bot" 409 "bot plays on"

# ---- the declaration in a position (a bot game from an SFEN): offered when the core finds it correct ----
# Black: king on 5c, rook and nine pawns in the camp (14 points, 10 pieces), R B 4G in hand: 28, the 28 needed;
# White: the same mirrored (28 of 27).  One gold fewer: a point short for Black (27 of 28), two for White (26 of 27).
DECL_B='R8/PPPPPPPPP/4K4/9/9/9/ppppppppp/9/4k4 b RB4G 1' DECL_W='4K4/9/PPPPPPPPP/9/9/9/4k4/ppppppppp/8r w rb4g 1'
NEAR_B='R8/PPPPPPPPP/4K4/9/9/9/ppppppppp/9/4k4 b RB3G 1' NEAR_W='4K4/9/PPPPPPPPP/9/9/9/4k4/ppppppppp/8r w rb2g 1'
# from_position JAR SFEN_IF_BLACK SFEN_IF_WHITE: a bot game where the seed made us the side to move ($body, $fg)
from_position() {
  for try in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
    req "$1" POST /api/bot-games "{\"level\":1,\"sfen\":\"$2\"}"
    [ "$(field you)" = black ] && { fg=$(field id); return 0; }
    req "$1" POST /api/bot-games "{\"level\":1,\"sfen\":\"$3\"}"
    [ "$(field you)" = white ] && { fg=$(field id); return 0; }
  done
  return 1
}
session dc
req dc POST /api/bot-games '{"level":1,"sfen":"lnsgkgsnl/9 b - 1"}'; check "a bad start position" 400 'column 12: board has 2 ranks'
from_position dc "$NEAR_B" "$NEAR_W" && ok || fail "no near-miss game: $body"
case $body in *'"declaration":{"valid":false,"points":'*'"fault":"too-few-points"'*) ok ;; *) fail "a point short: $body" ;; esac
req dc POST "/api/games/$fg/declare"; check "a declaration a point short is refused" 409 "points"
req dc GET "/api/games/$fg"; check "and the game goes on" 200 '"status":"playing"'
from_position dc "$DECL_B" "$DECL_W" && ok || fail "no declaration game: $body"
case $body in *'"declaration":{"valid":true,"points":28,'*) ok ;; *) fail "the declaration offered: $body" ;; esac
req dc GET "/api/games/$fg/record?format=kif"; check "no kif from a position" 400 "csa or sfen"
req dc GET "/api/games/$fg/record?format=csa"; check "csa from a position" 200 "P2"
req dc POST "/api/games/$fg/declare"; check "declared" 200 '"id":"declaration"'
printf '%s' "$body" > "$tmp/decl.json"
if [ -x scripts/verify ]; then
  KOMADAI=$K scripts/verify "$tmp/decl.json" >"$tmp/verify.out" 2>&1 && ok || fail "verify a declaration: $(cat "$tmp/verify.out")"
fi
# kill -9 right after an acknowledged move: it is there after the restart
req $black POST "/api/games/$pg/moves" '{"move":"2g2f","ply":2}'; check "acknowledged" 200 '"ply":3'
kill -9 $pid; wait $pid 2>/dev/null; pid=
start
req $black GET "/api/games/$pg"; check "kept after kill -9" 200 '"usi":"2g2f"'
req a GET "/api/games?mine=1"; check "my games" 200 "\"id\":$pg"

# ---- kill -9 during a run of moves: every acknowledged move is there after the restart ----
req a POST /api/challenges '{"deadline":3600}'; ch=$(field id)
req b POST "/api/challenges/$ch/accept"; rg=$(field id)
req a GET "/api/games/$rg"; rb=$( [ "$(field you)" = black ] && echo a || echo b ); rw=$( [ $rb = a ] && echo b || echo a )
: >"$tmp/acked"
(
  n=0
  for mv in 7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 3i4h 8b4b 5i6h 5a6b 6h7h 6b7b; do
    if [ $((n % 2)) = 0 ]; then who=$rb; else who=$rw; fi
    req $who POST "/api/games/$rg/moves" "{\"move\":\"$mv\",\"ply\":$n}"
    [ "$code" = 200 ] || break
    n=$((n + 1)); echo "$mv" >>"$tmp/acked"
  done
) &
mpid=$!
for i in $(seq 1 200); do [ "$(wc -l <"$tmp/acked")" -ge 4 ] && break; sleep 0.05; done
kill -9 $pid; wait $pid 2>/dev/null; pid=
wait $mpid
start
req a GET "/api/games/$rg"
printf '%s' "$body" | grep -o '"usi":"[^"]*"' | sed 's/.*:"//; s/"$//' >"$tmp/stored"
acked=$(wc -l <"$tmp/acked"); stored=$(wc -l <"$tmp/stored")
[ "$acked" -ge 4 ] && ok || fail "kill -9 mid-run: only $acked moves were acknowledged"
head -n "$acked" "$tmp/stored" | cmp -s - "$tmp/acked" && [ "$stored" -le $((acked + 1)) ] && ok ||
  fail "kill -9 mid-run: acknowledged $(tr '\n' ' ' <"$tmp/acked"), stored $(tr '\n' ' ' <"$tmp/stored")"

# ---- a move after the stored deadline is refused; the deadline decides ----
req a POST /api/challenges '{"deadline":60}'; ch=$(field id)
req b POST "/api/challenges/$ch/accept"; lg=$(field id)
req a GET "/api/games/$lg"; lb=$( [ "$(field you)" = black ] && echo a || echo b )
db_exec "UPDATE games SET deadline_at = deadline_at - 61000 WHERE id = $lg"
req $lb POST "/api/games/$lg/moves" '{"move":"7g7f","ply":0}'; check "move after the deadline" 409 "deadline has passed\|over"
sleep 0.6
req a GET "/api/games/$lg"; check "the deadline decided" 200 '"id":"time-up"'
case $body in *'"ply":0'*) ok ;; *) fail "a move after the deadline was kept: $body" ;; esac

# ---- a deadline passes while the server is down ----
req a POST /api/challenges '{"deadline":60}'; ch=$(field id)
req b POST "/api/challenges/$ch/accept"; dg=$(field id)
stop
# the stored deadline set 2 seconds ahead, as if a 2-second deadline had been chosen
now=$(date +%s)
db_exec "UPDATE games SET deadline_at = $(( (now + 2) * 1000 )) WHERE id = $dg"
sleep 3
start
sleep 0.5
req a GET "/api/games/$dg"; check "deadline decided after restart" 200 '"status":"ended"'
case $body in *'"id":"time-up"'*'"winner"'*|*'"winner":"white"'*'time-up'*) ok ;; *) fail "time-up: $body" ;; esac
req $white POST "/api/games/$pg/resign"; check "resign person game" 200 ended
req a POST /api/me '{"leaderboard":true}'; check "opt in" 200 '"leaderboard":true'
req a GET /api/leaderboard; check leaderboard 200 alice
case $body in *bob*) fail "bob did not opt in: $body" ;; *) ok ;; esac
kill -TERM $pid; wait $pid; rc=$?; pid=
expect_eq "SIGTERM stops cleanly" 0 $rc
grep -q "stopped (SIGTERM)" "$tmp/server.log" && ok || fail "no stop line: $(cat "$tmp/server.log")"
