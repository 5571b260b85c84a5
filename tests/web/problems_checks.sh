# The problem pages' API (docs/WEB.md "Problems"), sourced by tests/sh/web.sh after the other checks
# (whose start, stop, req, session, check and field it uses): a folder served with --problems, listed
# with each problem's stipulation by genre, one shown (its diagram, 残り全部, its solution move by move);
# the editor's edits made and refused by the core; the composer's report as a job (an unneeded piece
# named, a listed problem checked with its solution), its time limit and its job cap; every bad input
# a 4xx with a message, and no file outside the served folder.  Leaves the server stopped.
stop
mkdir -p "$tmp/problems/sub"
cp examples/tsume/atama_kin.lua examples/tsume/leftover.lua examples/tsume/hisshi3.lua examples/tsume/selfmate4.lua "$tmp/problems/"
printf 'return {position = "4k4/9/4P4/9/9/9/9/9/9 b G 1", type = "helpmate", length = 3}\n' >"$tmp/problems/help3.lua"
printf 'return {title = "broken"\n' >"$tmp/problems/broken.lua"
printf 'return {title = "secret", position = "4k4/9/4P4/9/9/9/9/9/9 b G 1"}\n' >"$tmp/problems/sub/secret.lua"
# the long one: Shogi Muso #4 (29 moves, cooked), whose report takes seconds: stopped at the limit
printf '%s\n' 'return {title = "Shogi Muso #4", position = "l2sk4/2p1l4/sl1p5/4p+R3/L1+B3+r2/9/1pP6/9/9 b B3NP4g2sn12p 1"}' >"$tmp/problems/muso4.lua"
echo 'return {problem_jobs = 1, problem_max_seconds = 2}' >"$tmp/problem_site.lua"
"$K" --serve 127.0.0.1:0 $server_args --problems "$tmp/nowhere" >"$tmp/bad.out" 2>&1
expect_eq "a --problems folder that is not there is refused" 1 $?
grep -q "no such folder or file" "$tmp/bad.out" && ok || fail "its message: $(cat "$tmp/bad.out")"
echo 'return {problem_max_seconds = 0}' >"$tmp/problem_bad.lua"
"$K" --serve 127.0.0.1:0 $server_args --config "$tmp/problem_bad.lua" >"$tmp/bad.out" 2>&1
expect_eq "problem_max_seconds out of range is refused" 1 $?
grep -q "problem_max_seconds: expected a number from 0.1 to 600" "$tmp/bad.out" && ok || fail "its message: $(cat "$tmp/bad.out")"

# without --problems: the editor and the reports work, the list says why it is empty
start
req p GET /api/problems; check "no problems served: a 404 that says how" 404 'no problems.*--problems DIR'
req p GET '/api/edit?sfen=4k4/9/9/9/9/9/9/9/9%20b%20-%201&op=put&square=5c&piece=P'; check "the editor needs no problems" 200 '"sfen":"4k4/9/4P4/'
stop
# one file served: the one problem
saved_args=$server_args
server_args="$server_args --problems $tmp/problems/leftover.lua"
start
req p GET /api/problems; check "a file served: its one problem" 200 '"name":"leftover.lua"'
[ "$(printf '%s' "$body" | grep -o '"name":' | wc -l)" -eq 1 ] && ok || fail "one problem only: $body"
req p GET /api/problems/atama_kin.lua; check "its folder's other files are not served" 404 'no problem'
stop
server_args=$saved_args

saved_args=$server_args
server_args="$server_args --config $tmp/problem_site.lua --problems $tmp/problems"
start
session p
req p GET /api/problems; check "the list" 200 '"name":"atama_kin.lua"'
for s in '"stipulation":"1手詰"' '"stipulation":"3手必至"' '"stipulation":"自玉詰4手"' '"stipulation":"ばか詰3手"' '"error":"broken.lua:2: '; do
  printf '%s' "$body" | grep -q "$s" && ok || fail "the list has $s: $body"
done
printf '%s' "$body" | grep -q secret && fail "a sub-folder's problem listed: $body" || ok
printf '%s' "$body" | grep -q "$tmp" && fail "the server's path shown: $body" || ok
req p GET /api/problems/leftover.lua; check "a problem" 200 '"stipulation":"3手詰"'
printf '%s' "$body" >"$tmp/problem.json"
python3 - "$tmp/problem.json" <<'PY' 2>"$tmp/py.err" && ok || fail "the problem's answer: $(tail -n 3 "$tmp/py.err")"
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
assert d["title"] == "Leftovers" and d["type"] == "tsume" and d["length"] == 3 and d["rest"] is True, d
assert d["svg"].startswith("<?xml") and "残り全部" in d["svg"], d["svg"][:200]
s = d["solution"]
assert [m["usi"] for m in s] == ["4b3b", "N*2b", "3b2b"], s
assert [m["japanese"] for m in s] == ["▲３二龍", "△２二桂", "▲同　龍"], s
assert s[2]["in_check"] is True and s[0]["sfen"].startswith("6Snl/6+R1k/"), s
PY
req p GET /api/problems/help3.lua; check "a helpmate without a solution" 200 '"solution":\[\]'
req p GET /api/problems/broken.lua; check "an unreadable file: what is wrong, where" 422 'broken.lua:'
req p GET /api/problems/nothere.lua; check "an unknown problem" 404 "no problem 'nothere.lua' here"
req p GET /api/problems/sub%2Fsecret.lua; check "a path is no problem's name" 404 'no problem'
req p GET /api/problems/..%2F..%2Fetc%2Fpasswd; check "a path out of the folder" 404 'no problem'
req p GET /api/problems/.hidden.lua; check "a hidden name" 404 'no problem'
req p POST /api/problems '{}'; check "the problems take GET only" 405 'takes GET'

# ---- the editor: each edit the core's ----
E='/api/edit?sfen=4k4/9/4P4/9/9/9/9/9/9%20b%20G%201'
req p GET "$E&op=put&square=1i&piece=L&rest=w"; check "put, the defender holding the rest" 200 '"sfen":"4k4/9/4P4/9/9/9/9/9/8L b G2r2b3g4s4n3l17p 1"'
check "the hands by letter" 200 '"hands":{"b":{"R":0,"B":0,"G":1,'
req p GET "$E&op=put&square=1a&piece=L"; check "a dead piece: the core's sentence" 400 'black lance on 1a can never move'
req p GET "$E&op=put&square=5e&piece=k"; check "a second king refused" 400 'white has a king on 5a already'
req p GET '/api/edit?sfen=4k4/9/4P4/9/9/9/9/9/9%20b%20G17p%201&op=add&side=b&piece=P'; check "too many pawns: the core's sentence" 400 'too many pawns: 19 (the set has 18)'
req p GET "$E&op=take&side=b&piece=G"; check "take one from the hand" 200 '"sfen":"4k4/9/4P4/9/9/9/9/9/9 b - 1"'
req p GET "$E&op=take&side=w&piece=G"; check "take what the hand lacks" 400 'gote holds no G'
req p GET "$E&op=add&side=b&piece=K"; check "a king to a hand" 400 'piece: expected a piece a hand holds'
req p GET "$E&op=remove&square=5c"; check "remove" 200 '"sfen":"4k4/9/9/9/9/9/9/9/9 b G 1"'
req p GET "$E&op=side&side=w"; check "the side to move" 200 '"side":"w"'
req p GET "$E&op=clear"; check "clear" 200 '"sfen":"9/9/9/9/9/9/9/9/9 b - 1"'
req p GET "$E&op=mirror"; check "mirror" 200 '"sfen":"4k4/9/4P4/'
req p GET "$E&op=hand&side=w&hand=2R"; check "a hand written out" 200 '"sfen":"4k4/9/4P4/9/9/9/9/9/9 b G2r 1"'
req p GET "$E&op=hand&side=w&hand=2Q"; check "a hand that does not read" 400 'hand:'
req p GET '/api/edit?sfen=r3k4/9/9/9/9/9/9/9/K8%20b%20-%201&op=none'; check "what the position still lacks as a tsume" 200 '"tsume":\["'
req p GET '/api/edit?sfen=4k4/9/9/9/4P4/9/4P4/9/9%20b%20-%201&op=none'; check "a lenient read: the diagram rules' notes (nifu)" 200 '"id":"nifu"'
req p GET "$E&op=fly"; check "an unknown op" 400 'op: expected none, put'
req p GET "$E&op=put&square=0z&piece=P"; check "a bad square" 400 'square: expected a square from 1a to 9i'
req p GET "$E&op=put&square=5e&piece=Q"; check "a bad piece" 400 'piece: expected USI letters'
req p GET "$E&op=side&side=x"; check "a bad side" 400 'side: expected b or w'
req p GET "$E&op=none&rest=q"; check "a bad rest" 400 'rest: expected b or w'
req p GET '/api/edit?op=none'; check "no sfen" 400 'sfen: expected'
req p GET '/api/edit?sfen=4k4/9/junk%20b%20-%201'; check "an SFEN that does not read: where" 400 'sfen:1:'
req p POST /api/edit '{}'; check "the editor takes GET" 405 'takes GET'

# ---- the composer's report: a job ----
req nojar3 POST /api/reports '{"sfen":"4k4/9/4P4/9/9/9/9/9/8L b G 1"}'; check "a report needs the session's CSRF token" 403 session
req p POST /api/reports '{"sfen":"4k4/9/4P4/9/9/9/9/9/8L b G 1","type":"tsume","length":1}'; check "a report starts" 202 '"status":"running","elapsed":0,"limit":2'
rid=$(field id)
wait_report() { for i in $(seq 1 100); do req p GET "/api/reports/$1"; [ "$(field status)" = running ] || break; sleep 0.1; done; }
wait_report "$rid"
check "the report: the unneeded lance" 200 '"verdict":{.*"kind":"unneeded-piece"'
printf '%s' "$body" | grep -q '"text":"unneeded piece: L 1i"' && ok || fail "its verdict's words: $body"
printf '%s' "$body" | grep -Eq '"unneeded":\[\{("piece":"L","square":"1i"|"square":"1i","piece":"L")\}\]' && ok ||
  fail "its unneeded list: $body"  # (cjson writes the keys in any order)
req p GET "/api/analysis/$rid"; check "a report is no analysis" 404
req p POST /api/reports '{"name":"leftover.lua"}'; check "a listed problem checked with its solution" 202
wait_report "$(field id)"
check "its leftovers and unneeded pieces" 200 '"leftover":"G N"'
req p POST /api/reports '{"sfen":"4k4/9/4P4/9/9/9/9/9/9 b G 1","type":"helpmate","length":1}'; check "a helpmate" 202
wait_report "$(field id)"; check "its stipulation by genre" 200 '"stipulation":"ばか詰1手"'
req p POST /api/reports '{"sfen":"4k4/9/9/9/9/9/9/9/9 b - 1"}'; check "no mate" 202
wait_report "$(field id)"; check "no mate said" 200 '"kind":"no-mate"'
req p POST /api/reports '{"sfen":"4k4/4R4/9/9/9/9/9/9/4K4 w - 1"}'; check "an invalid start" 202
wait_report "$(field id)"; check "the invalid start said" 200 '"kind":"invalid-start"'
req p POST /api/reports '{"name":"muso4.lua"}'; check "a long report starts" 202
rid=$(field id)
req p POST /api/reports '{"sfen":"4k4/9/4P4/9/9/9/9/9/9 b G 1"}'; check "a second at once is over the config's 1" 429 'at most 1 reports'
wait_report "$rid"
check "the long report stopped at the config's 2 s" 200 '"status":"error","elapsed":2\.[0-9],"limit":2,.*took longer than this site.s 2 s'
req p POST /api/reports '{"sfen":"4k4/9/9/9/9/9/9/9/9 b - 1","type":"tsume","length":100}'; check "a length out of range" 400 'length: expected a whole number of moves from 1 to 99'
req p POST /api/reports '{"sfen":"4k4/9/9/9/9/9/9/9/9 b - 1","length":2.5}'; check "half a move" 400 'length:'
req p POST /api/reports '{"sfen":"4k4/9/9/9/9/9/9/9/9 b - 1","type":"chess"}'; check "an unknown genre" 400 'type: expected'
req p POST /api/reports '{"sfen":"4k4/9/junk b - 1"}'; check "a bad SFEN: the reader's words" 400 'sfen: sfen:1:'
req p POST /api/reports '{"sfen":"4k4/9/9/9/9/9/9/9/9 b - 1","futile":"some"}'; check "a bad futile rule" 400 'futile: expected'
req p POST /api/reports '{"sfen":"x","colour":"red"}'; check "an unknown field" 400 "unknown field 'colour'"
req p POST /api/reports '{"name":"../atama_kin.lua"}'; check "a path for a name" 404 'no problem'
req p POST /api/reports '{"name":"atama_kin.lua","sfen":"x"}'; check "name and sfen" 400 'not both'
req p POST /api/reports '[1]'; check "not an object" 400 'expected an object'
req p GET /api/reports/0123456789abcdef0123456789abcdef; check "an unknown report" 404 'no such report'
req p GET /api/reports/nothex; check "a malformed id" 404 'no report'
stop
server_args=$saved_args
