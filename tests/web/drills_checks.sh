# The drills' API (docs/WEB.md "Drills"), sourced by tests/sh/web.sh after the other checks (whose start, stop,
# req, session, check and field it uses): a drills folder with bad files reported at start (and served without
# them), a config naming the teachers and the time limit, a class made and joined, an exercise played (right,
# wrong with its refutation, a hint, the answer), the progress in the prompt's store (the CSV of the teacher's
# page is scripts/drill results'), the logins kept across a restart, "the next day" by KOMADAI_NOW (tests only)
# showing only the exercise due, a runaway goal stopped by the time limit, and every bad input answered 4xx.
# Leaves the server stopped.
saved_args=$server_args
dd=$tmp/drills
mkdir -p "$dd"
cp tests/web/drills/basics.lua "$dd/basics.lua"
printf 'return {title = "broken", exercises = {{position = "startpos", answers = {"7g7f"}}}\n' >"$dd/syntax.lua"
printf 'return {title = "x", colour = "red", exercises = {{answers = {"7g7f"}}}}\n' >"$dd/field.lua"
printf 'return {title = "faulty", exercises = {{answers = {"7g7f"}}, {answers = {"1a1b"}}}}\n' >"$dd/faulty.lua"
printf 'return {title = "reserved", exercises = {{answers = {"7g7f"}}}}\n' >"$dd/play.lua"
printf 'while true do end\n' >"$dd/loops.lua"
printf 'return {title = "runaway", exercises = {{position = "startpos", goal = function() while true do end end}}}\n' >"$dd/runaway.lua"
printf 'not a drill\n' >"$dd/notes.txt"
cat >"$dd/bot.lua" <<EOF
return {title = "against the bot", exercises = {{position = "4k4/9/9/9/9/9/9/9/4K4 b RG 1", goal = "play", moves = 2,
  opponent = "$PWD/examples/bots/pst.lua", prompt = "mate gote's bare king"}}}
EOF

# ---- at start: a folder missing or without a drill stops it; a bad file is said and left out ----
"$K" --serve "127.0.0.1:0" --data "$tmp/dnone" --drills "$tmp/no-such-folder" >"$tmp/d.out" 2>&1; rc=$?
expect "--drills: a missing folder stops the start" 1 'grep -q "no-such-folder: not a folder" "$tmp/d.out"'
mkdir -p "$tmp/empty-drills"; cp "$dd/syntax.lua" "$tmp/empty-drills/"
"$K" --serve "127.0.0.1:0" --data "$tmp/dnone" --drills "$tmp/empty-drills" >"$tmp/d.out" 2>&1; rc=$?
expect "--drills: a folder where no drill loads stops the start" 1 'grep -q "no drill file there loads" "$tmp/d.out"' \
  'grep -q "syntax.lua" "$tmp/d.out"'
cat >"$tmp/drills_site.lua" <<EOF
return {drills = "$dd", teachers = {"dteacher"}, drill_seconds = 1, analysis_jobs = 0}
EOF
printf 'return {teachers = "teach"}\n' >"$tmp/bad_teachers.lua"
"$K" --serve "127.0.0.1:0" --data "$tmp/dnone" --config "$tmp/bad_teachers.lua" >"$tmp/d.out" 2>&1; rc=$?
expect "teachers must be a list" 1 'grep -q "teachers: expected a list" "$tmp/d.out"'
printf 'return {drill_seconds = 0}\n' >"$tmp/bad_seconds.lua"
"$K" --serve "127.0.0.1:0" --data "$tmp/dnone" --config "$tmp/bad_seconds.lua" >"$tmp/d.out" 2>&1; rc=$?
expect "drill_seconds out of range" 1 'grep -q "drill_seconds: expected a number from 0.1 to 600" "$tmp/d.out"'

server_args="$saved_args --config $tmp/drills_site.lua"
export KOMADAI_NOW=1800000000
start
log=$tmp/server.log
grep -q "drills/syntax.lua.*(not served)" "$log" && ok || fail "a file with a syntax error is reported: $(cat "$log")"
grep -q "field.lua: unknown drill field 'colour' (not served)" "$log" && ok || fail "an unknown field is reported: $(cat "$log")"
grep -q "faulty.lua: exercise 2: answer 1 (1a1b).*(skipped)" "$log" && ok || fail "a faulty exercise is reported: $(cat "$log")"
grep -q "play.lua: not served" "$log" && ok || fail "a reserved name is reported: $(cat "$log")"
grep -q "loops.lua.*(not served)" "$log" && ok || fail "a drill file that never returns is stopped by the sandbox: $(cat "$log")"
grep -q "notes.txt" "$log" && fail "a file not .lua is no drill" || ok

session dt; session ds; session dx
req ds GET /api/drills; check "the drills listed" 200 '"id":"basics"'
printf '%s' "$body" | grep -q '"id":"syntax"' && fail "a bad drill is not served" || ok
printf '%s' "$body" | grep -q '"student":null' && ok || fail "no student yet: $body"
req ds GET /api/drills/syntax; check "a drill left out" 404 "no drill 'syntax'"
req ds GET /api/drills/faulty; check "a drill with a faulty exercise is served" 200 '"faulty":true'

# ---- the teacher ----
req dt POST /api/classes '{"name":"nobody"}'; check "classes need an account" 401 'log in'
req dt POST /api/signup '{"name":"dteacher","email":"dteacher@x.org","password":"teachpass1"}'; check "the teacher's account" 201
session dt
req dx POST /api/signup '{"name":"dother","email":"dother@x.org","password":"otherpass1"}'; check "another account" 201
session dx
req dx POST /api/classes '{"name":"bob class"}'; check "only the config's teachers make classes" 403 'names its teachers'
req dt POST /api/classes '{"name":""}'; check "a class needs a name" 400 'name'
req dt POST /api/classes '{"name":"a\u0001b"}'; check "no control characters in a class name" 400 'control'
req dt POST /api/classes '{"name":"Tuesday"}'; check "a class made" 200 '"code":"'
class_code=$(field code)
expect_eq "its code: 8 letters and digits" 1 "$(printf '%s' "$class_code" | grep -c '^[A-HJ-NP-Z2-9]\{8\}$')"
[ -f "$tmp/data/drills/$class_code/class.json" ] && ok || fail "the class's folder under --data: $(ls -R "$tmp/data/drills")"
req dt GET /api/classes; check "the teacher's classes" 200 "\"code\":\"$class_code\""
req dx GET /api/classes; check "another account sees none of them" 200 '"classes":\[\]'
req dx GET "/api/classes/$class_code"; check "another account may not see the class" 403 'not yours'
req dx GET "/api/classes/$class_code/results.csv"; check "nor its CSV" 403 'not yours'
req ds GET "/api/classes/$class_code"; check "a student (no account) neither" 401
req dt GET /api/classes/ABCDEFGH; check "an unknown class" 404 'no class'

# ---- the student ----
req ds POST /api/drills/basics/start '{}'; check "playing needs a class" 401 'join a class'
req ds POST /api/drills/join "{\"code\":\"$class_code\",\"name\":\"../etc\"}"; check "a name with a path" 400 'name: 1 to 32'
req ds POST /api/drills/join "{\"code\":\"$class_code\",\"name\":\"\"}"; check "an empty name" 400 'name'
req ds POST /api/drills/join "{\"code\":\"$class_code\",\"name\":\"$(printf 'a%.0s' $(seq 33))\"}"; check "a name too long" 400 'name'
req ds POST /api/drills/join '{"code":"ZZZZ","name":"hana"}'; check "a code too short" 400 '8 letters'
req ds POST /api/drills/join '{"code":"ZZZZZZZZ","name":"hana"}'; check "an unknown code" 404 'no class with the code ZZZZZZZZ'
req ds POST /api/drills/join '{"code":7,"name":"hana"}'; check "a code not a string" 400 'code'
lower=$(printf '%s' "$class_code" | tr 'A-Z' 'a-z' | sed 's/^\(....\)/\1 /')
req ds POST /api/drills/join "{\"code\":\"$lower\",\"name\":\"hana\"}"; check "joined (the code in any case, spaced)" 200 '"name":"hana"'
req dt GET "/api/classes/$class_code"; check "the teacher sees who joined before they play" 200 '"students":\["hana"\]'
req dt GET "/api/classes/$class_code/results.csv"; check "and an empty CSV, its header" 200 'student,drill,n,points'
printf '%s\n' "$body" >"$tmp/web0.csv"
scripts/drill results --class "$tmp/data/drills/$class_code" --csv >"$tmp/cli0.csv"
cmp -s "$tmp/web0.csv" "$tmp/cli0.csv" && ok || fail "the empty CSV is scripts/drill results': $(diff "$tmp/web0.csv" "$tmp/cli0.csv")"
req ds POST /api/drills/play/move '{"move":"2h2e"}'; check "no drill being played" 404 'no drill is being played'
req ds POST /api/drills/nosuch/start '{}'; check "an unknown drill" 404 "no drill 'nosuch'"
req ds POST /api/drills/basics/start '{"exercise":0}'; check "exercise 0" 400 'from 1 to 2'
req ds POST /api/drills/basics/start '{"exercise":1.5}'; check "exercise 1.5" 400 'from 1 to 2'
req ds POST /api/drills/basics/start '{"exercise":"1"}'; check "exercise as a string" 400 'from 1 to 2'
req ds POST /api/drills/basics/start '{"style":"bold"}'; check "an unknown style" 400 'style'
req ds POST /api/drills/faulty/start '{"exercise":2}'; check "a faulty exercise is not played" 409 'faulty'
req ds POST /api/drills/basics/start '{}'; check "the due exercises started" 200 '"n":1'
printf '%s' "$body" | grep -q '"legal":\["' && ok || fail "the legal moves given: $body"
req ds POST /api/drills/play/move '{}'; check "a move needed" 400 'move: expected'
req ds POST /api/drills/play/move '{"move":5}'; check "a move not a string" 400 'move: expected'
req ds POST /api/drills/play/move '{"move":"2h2a"}'; check "an illegal move: the core's reason" 400 "illegal move '2h2a': the path is blocked"
req ds POST /api/drills/play/move '{"move":"2h2e"}'; check "right" 200 '"correct":true'
printf '%s' "$body" | grep -q '"message":"correct: Rx2e"' && ok || fail "the session's words: $body"
req ds POST /api/drills/play/hint '{}'; check "no hint once solved" 409 'over'
req ds POST /api/drills/play/next '{"style":"kanji"}'; check "the next exercise" 200 '"n":2'
req ds POST /api/drills/play/move '{"move":"4e2e","style":"kanji"}'; check "wrong: the refutation" 200 '"correct":false'
printf '%s' "$body" | grep -q '"line":\[{[^]]*"usi":"4e2e"[^]]*"usi":"2d2e"' && ok || fail "the wrong move and the refutation: $body"
printf '%s' "$body" | grep -q '"message":"not this one: ▲２五飛 loses 飛' && ok || fail "in the student's style (kanji): $body"
req ds POST /api/drills/play/hint '{}'; check "a hint: the teacher's" 200 '"hint":"One of the two pieces is guarded."'
req ds POST /api/drills/play/answer '{}'; check "the answer shown" 200 '"reveal":{'
printf '%s' "$body" | grep -q '"text":"the answer: ' && ok || fail "the answer's words: $body"
req ds POST /api/drills/play/next '{}'; check "the drill over" 200 '"over":true'
req ds POST /api/drills/play/hint '{}'; check "nothing to hint at the end" 409 'over'
req ds POST /api/drills/play/fly '{}'; check "an unknown action" 404 'no such route'
req ds POST /api/drills/play/move '{"move":"2h2e"}' ; check "no move at the end" 409 'over'

# ---- a play-out against the drill's bot file ----
req ds POST /api/drills/bot/start '{}'; check "a play exercise against a bot file" 200 '"goal":"play"'
req ds POST /api/drills/play/move '{"move":"R*5b"}'; check "the bot answers on the board" 200 '"message":"the opponent (gote) plays '
printf '%s' "$body" | grep -q '"line":\[{[^]]*"usi":"R\*5b"[^]]*"side":"white"' && ok || fail "the move and the bot's reply, the line: $body"
printf '%s' "$body" | grep -q '"status":"playing"' && ok || fail "the student's move again: $body"

# ---- the store: the prompt's progress file, and the teacher's CSV is scripts/drill results' ----
f=$tmp/data/drills/$class_code/hana.tsv
[ -f "$f" ] && ok || fail "the student's progress file: $(ls -R "$tmp/data/drills")"
grep -q "^Basics: take what hangs	2	1	" "$f" && ok || fail "exercise 2 missed: box 1: $(cat "$f")"
req dt GET "/api/classes/$class_code/results.csv"; check "the CSV" 200 'student,drill,n,points'
printf '%s\n' "$body" >"$tmp/web.csv"
scripts/drill results --class "$tmp/data/drills/$class_code" --csv >"$tmp/cli.csv"
cmp -s "$tmp/web.csv" "$tmp/cli.csv" && ok || fail "the CSV is scripts/drill results': $(diff "$tmp/web.csv" "$tmp/cli.csv")"
h=$(curl -s -D - -o /dev/null -b "$tmp/dt.jar" "$(U "/api/classes/$class_code/results.csv")")
case $h in *"Content-Type: text/csv"*"attachment"*|*"attachment"*"Content-Type: text/csv"*) ok ;; *) fail "a CSV attachment: $h" ;; esac
req dt GET "/api/classes/$class_code"; check "the teacher's JSON" 200 '"solved":1'

# ---- bad requests ----
req ds GET '/api/drills/..%2f..%2fetc'; check "no path outside" 404
req ds POST /api/drills/join 'not json'; check "not JSON" 400
code_put=$(curl -s -o /dev/null -w '%{http_code}' -X PUT "$(U /api/drills)"); expect_eq "PUT" 405 "$code_put"
req nojar3 POST /api/drills/join "{\"code\":\"$class_code\",\"name\":\"x\"}"; check "a POST without the CSRF token" 403

# ---- a runaway goal: stopped by drill_seconds (1), the server goes on ----
req ds POST /api/drills/runaway/start '{}'; check "the runaway drill starts" 200 '"n":1'
req ds POST /api/drills/play/move '{"move":"7g7f"}'; check "a goal that never returns: stopped" 503 'over the server'"'"'s 1 s'
req ds GET /api/drills; check "and the server answers after it" 200 '"id":"basics"'

# ---- the login kept across a restart, and the next day (KOMADAI_NOW) only the exercise due ----
stop
export KOMADAI_NOW=$((1800000000 + 86400 + 60))
start
req ds GET /api/drills; check "the student is still in the class after a restart" 200 '"name":"hana"'
printf '%s' "$body" | python3 -c 'import json, sys; d = {x["id"]: x for x in json.load(sys.stdin)["drills"]}; sys.exit(d["basics"]["due"] != 1)' &&
  ok || fail "one due in basics: $body"
req ds POST /api/drills/basics/start '{}'; check "the next day: the missed exercise is due" 200 '"n":2'
printf '%s' "$body" | grep -q '"count":1' && ok || fail "only it: $body"
req ds POST /api/drills/basics/start '{"exercise":1}'; check "any exercise may be practised" 200 '"n":1'
req ds POST /api/drills/leave '{}'; check "leaving the class" 200 '"student":null'
req ds POST /api/drills/basics/start '{}'; check "then playing needs the class again" 401
stop
unset KOMADAI_NOW
server_args=$saved_args
