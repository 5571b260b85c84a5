#!/bin/sh
# Watching a CSA server's games on the site (docs/WEB.md "Watching"): komadai --serve --watch DIR
# reading the records komadai --csa-server --records DIR writes.  A record written by hand (a
# position with pieces in hand, comments with score and PV, T lines, the end), then a live game of
# two scripts/csa-client bots followed through GET /api/watch, /api/watch/ID and its event stream
# to its end; bad input (unknown games, paths out of the folder, no folder watched).
. "$(dirname "$0")/../lib.sh"
K=${KOMADAI:-build/komadai}
case $K in /*) ;; *) K=$PWD/$K;; esac
need_exe "$K"
need_cmd curl "apt-get install curl"
need_cmd python3
[ -f build/web/index.html ] || skip_suite "build/web is missing (make web-assets)"
"$K" --serve 2>&1 | grep -q 'usage: komadai --serve' || skip_suite "this komadai has no --serve (libmicrohttpd)"
. tests/web/watch_game.sh

pid=
. tests/web/serve.sh   # serve LOG ARGS: $pid, $site (the URL without its last /)
on_exit 'kill $pid 2>/dev/null'
# py EXPR FILE: EXPR on the JSON in FILE as d (python3), printed
py() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($1)" "$2" 2>&1; }
check() { _n=$1; shift; if "$@"; then ok; else fail "$_n"; fi; }
code() { curl -s -o "$tmp/body" -w '%{http_code}' "$site$1"; }

rec=$tmp/rec
mkdir -p "$rec/2026/01/02"
# a record by hand: a position with hands, white to move, comments ("'**" as shogi-server and komadai write a
# client's ",'* 20 ...", and "'*" as some tools do)
cat >"$rec/2026/01/02/test+hand-600-10+alice+bob+20260102030405.csa" <<'REC'
V2
N+alice
N-bob
'Max_Moves:256
$EVENT:test+hand-600-10+alice+bob+20260102030405
$START_TIME:2026/01/02 03:04:05
P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU * 
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7+FU+FU+FU+FU+FU+FU+FU+FU * 
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
P+00FU
P-00FU
-
-3334FU
T12
'* -35 +7776FU -4344FU
+7776FU
T3
'** 20 -0015FU
-0015FU,T40
%TORYO
'summary:toryo:alice lose:bob win
'$END_TIME:2026/01/02 03:10:00
REC
hid='test+hand-600-10+alice+bob+20260102030405'
hide=$(printf %s "$hid" | sed 's/+/%2B/g')
: >"$rec/2026/01/02/not a game.csa"   # a name no game id has: not listed
# another server's record: an end word and no summary (the side to move resigned), and no $END_TIME
mkdir -p "$rec/2025/12/31"
printf 'V2\nN+carol\nN-dave\n$START_TIME:2025/12/31 10:00:00\nPI\n+\n+7776FU\n-3334FU\n%%TORYO\n' \
  >"$rec/2025/12/31/other+x-60-0+carol+dave+20251231100000.csa"
# a link out of the folder (a year that is elsewhere): neither listed nor served
mkdir -p "$tmp/outside/01/01"
printf 'V2\nN+x\nN-y\nPI\n+\n' >"$tmp/outside/01/01/ev+out-60-0+x+y+20270101000000.csa"
ln -s "$tmp/outside" "$rec/2027"
serve "$tmp/site.log" --data "$tmp/data" --watch "$rec"

expect_eq "the list answers" 200 "$(code /api/watch)"
expect_eq "the list: the record's game (the newest first)" "2 alice bob finished 3" \
  "$(py '"%d %s %s %s %d" % (len(d["games"]), d["games"][0]["black"]["name"], d["games"][0]["white"]["name"], d["games"][0]["status"], d["games"][0]["ply"])' "$tmp/body")"
expect_eq "the list: time control from the game name" "600 10" "$(py '"%d %d" % (d["games"][0]["time"]["total"], d["games"][0]["time"]["byoyomi"])' "$tmp/body")"
expect_eq "a game answers" 200 "$(code "/api/watch/$hide")"
expect_eq "a game: start position with hands, white to move" "lnsgkgsnl/1r5b1/pppppppp1/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL w Pp 1" "$(py 'd["start"]' "$tmp/body")"
expect_eq "a game: the moves named by the core" "3c3d P-3d ▲７六歩 P*1e" \
  "$(py '" ".join([d["moves"][0]["usi"], d["moves"][0]["western"], d["moves"][1]["japanese"], d["moves"][2]["western"]])' "$tmp/body")"
expect_eq "a game: seconds per move (a T after a comma too) and the clocks left" "12 3 40 / 597 548" \
  "$(py '"%d %d %d / %d %d" % (d["moves"][0]["seconds"], d["moves"][1]["seconds"], d["moves"][2]["seconds"], d["clocks"]["black"], d["clocks"]["white"])' "$tmp/body")"
expect_eq "a game: a comment's score and PV" "-35 P-7f P-4d" \
  "$(py '"%d %s" % (d["moves"][0]["comment"]["score"], " ".join(m["western"] for m in d["moves"][0]["comment"]["pv"]))' "$tmp/body")"
expect_eq "a game: an old server's '** comment read too" "20 P*1e" \
  "$(py '"%d %s" % (d["moves"][1]["comment"]["score"], d["moves"][1]["comment"]["pv"][0]["western"])' "$tmp/body")"
expect_eq "a game: the result" "finished white White wins by resignation %TORYO" \
  "$(py '"%s %s %s %s" % (d["status"], d["result"]["winner"], d["result"]["reason"], d["result"]["word"])' "$tmp/body")"
expect_eq "no summary: the result from the end word (the side to move resigned)" "finished white White wins by resignation" \
  "$(code /api/watch/other+x-60-0+carol+dave+20251231100000 >/dev/null; py '"%s %s %s" % (d["status"], d["result"]["winner"], d["result"]["reason"])' "$tmp/body")"
# bad input: 404 and a message, nothing outside the folder
expect_eq "an unknown game: 404" 404 "$(code /api/watch/no+such+game)"
check "an unknown game: the message" grep -q "no game 'no+such+game' in the records folder" "$tmp/body"
expect_eq "a record behind a link out of the folder: 404" 404 "$(code /api/watch/ev+out-60-0+x+y+20270101000000)"
expect_eq "a path out of the folder: 404" 404 "$(code /api/watch/..%2F..%2F..%2Fetc%2Fpasswd)"
expect_eq "a dot name: 404" 404 "$(code /api/watch/..)"
expect_eq "a file's name with a space: 404" 404 "$(code /api/watch/not%20a%20game)"
expect_eq "another route under a game: 404" 404 "$(code "/api/watch/$hide/moves")"
expect_eq "unknown game's events: 404" 404 "$(code /api/watch/nothing/events)"
# the record itself (the analysis board opens it): the file's text, found by the id, never a path
expect_eq "a game's record answers" 200 "$(code "/api/watch/$hide/record")"
check "a game's record: the file's own text" cmp -s "$tmp/body" "$rec/2026/01/02/$hid.csa"
expect_eq "an unknown game's record: 404" 404 "$(code /api/watch/no+such+game/record)"
expect_eq "a record behind a link out of the folder: 404 for its text too" 404 "$(code /api/watch/ev+out-60-0+x+y+20270101000000/record)"
expect_eq "a path out of the folder as a record: 404" 404 "$(code /api/watch/..%2F..%2Fetc%2Fpasswd/record)"
expect_eq "POST: 405, the watch routes take GET" 405 "$(curl -s -o /dev/null -w '%{http_code}' -X POST "$site/api/watch/$hide")"
expect_eq "/api/watchers is no watch route" 404 "$(code /api/watchers)"

# a live game: the list shows it live, the stream follows it move by move to its end
csa_start "$rec" 12
csa_game 0.3
gid=
for i in $(seq 100); do
  code /api/watch >/dev/null
  gid=$(py '[g["id"] for g in d["games"] if g["status"] == "live"][0]' "$tmp/body" 2>/dev/null | grep '^komadai+')
  [ -n "$gid" ] && break
  sleep 0.1
done
check "the list shows the live game first" [ -n "$gid" ]
expect_eq "the live game's players and time" "watch_b watch_w 300 10 live" \
  "$(py '" ".join(str(x) for x in [d["games"][0]["black"]["name"], d["games"][0]["white"]["name"], d["games"][0]["time"]["total"], d["games"][0]["time"]["byoyomi"], d["games"][0]["status"]])' "$tmp/body")"
gide=$(printf %s "$gid" | sed 's/+/%2B/g')
timeout 30 curl -sN "$site/api/watch/$gide/events" >"$tmp/events" 2>/dev/null &
ev=$!
csa_wait
for i in $(seq 50); do grep -q '"status":"finished"' "$tmp/events" && break; sleep 0.1; done
kill $ev 2>/dev/null; wait $ev 2>/dev/null
python3 - "$tmp/events" >"$tmp/ev.out" 2>&1 <<'PY'
import json, sys
states = [json.loads(l[6:]) for l in open(sys.argv[1]) if l.startswith("data: ")]
plies = [s["ply"] for s in states]
print("states", len(states))
print("increasing", all(a <= b for a, b in zip(plies, plies[1:])))
print("moves", " ".join(str(p) for p in sorted(set(plies))))
print("last", states[-1]["status"], states[-1]["result"]["reason"] if states[-1]["result"] else None)
print("comments", sum(1 for m in states[-1]["moves"] if m["comment"] and m["comment"]["pv"]))
PY
check "the stream: a state a move, in order" grep -qx "increasing True" "$tmp/ev.out"
check "the stream: it saw the game live (more than 6 plies apart)" [ "$(sed -n 's/^moves //p' "$tmp/ev.out" | wc -w)" -gt 6 ]
check "the stream: the end, with the result" grep -qx "last finished Draw by the move limit" "$tmp/ev.out"
check "the stream: the bots' comments with their PV" [ "$(sed -n 's/^comments //p' "$tmp/ev.out")" -ge 10 ]
[ $failed -eq 0 ] || cat "$tmp/ev.out"
# (the list is made at most once a second)
for i in $(seq 30); do
  got=$(code /api/watch >/dev/null; py '" ".join(str(g["status"]) + " " + str(g["ply"]) for g in d["games"] if g["id"] == "'"$gid"'")' "$tmp/body")
  [ "$got" = "finished 12" ] && break
  sleep 0.1
done
expect_eq "the finished game in the list, with its moves" "finished 12" "$got"
kill $pid; wait $pid 2>/dev/null

# a site without a folder watched: an empty list that says so, and 404 for any game
serve "$tmp/site2.log" --data "$tmp/data2"
expect_eq "no folder: the list" "False 0" "$(code /api/watch >/dev/null; py '"%s %d" % (d["watching"], len(d["games"]))' "$tmp/body")"
expect_eq "no folder: a game is 404" 404 "$(code "/api/watch/$hide")"
kill $pid; wait $pid 2>/dev/null; pid=
# a folder that is not there: the site does not start, and says why
"$K" --serve 127.0.0.1:0 --data "$tmp/data3" --watch "$tmp/none" >"$tmp/out" 2>&1
check "a missing folder: refused at the start" grep -q -- "--serve: --watch $tmp/none: No such file or directory" "$tmp/out"
: >"$tmp/afile"
"$K" --serve 127.0.0.1:0 --data "$tmp/data3" --watch "$tmp/afile" >"$tmp/out" 2>&1
check "a file, not a folder: refused at the start" grep -q -- "--serve: --watch $tmp/afile: not a folder" "$tmp/out"

# the one-process form: --serve ... --csa-server PORT --records DIR, the site watching that folder
cport=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
serve "$tmp/one.log" --data "$tmp/data4" --csa-server "$cport" --records "$tmp/rec4" --max-moves 6
check "one process: both servers start" grep -q "csa-server: listening on 127.0.0.1:$cport" "$tmp/one.log"
csa_port=$cport
csa_game 0.2
for i in $(seq 100); do
  [ "$(code /api/watch >/dev/null; py 'len([g for g in d["games"] if g["status"] == "finished"])' "$tmp/body")" = 1 ] && break
  sleep 0.1
done
expect_eq "one process: the game played there, watched to its end" "watch_b 6 Draw by the move limit" \
  "$(py '" ".join(str(x) for x in [d["games"][0]["black"]["name"], d["games"][0]["ply"], d["games"][0]["result"]["reason"]])' "$tmp/body")"
wait $bots_pids 2>/dev/null; bots_pids=
kill -TERM $pid; wait $pid; rc=$?; pid=
expect "one process: SIGTERM stops both" 0 'grep -q "csa-server: stopped" "$tmp/one.log"' 'grep -q "komadai: stopped" "$tmp/one.log"'
"$K" --serve 127.0.0.1:0 --data "$tmp/data5" --csa-server "$cport" >"$tmp/out" 2>&1
check "one process: --records is needed" grep -q -- "--csa-server: give --records DIR" "$tmp/out"
"$K" --serve 127.0.0.1:0 --data "$tmp/data5" --csa-server x >"$tmp/out" 2>&1
check "one process: the CSA server's own messages" grep -q -- "--csa-server: PORT needs a number from 1 to 65535, not 'x'" "$tmp/out"
end_suite
