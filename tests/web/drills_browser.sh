# The drill pages in the browser, sourced by tests/sh/browser.sh (whose serve and web it uses): a server with
# --drills tests/web/drills and the drill clock KOMADAI_NOW (shogi.drill.progress reads it: tests only) at "the
# day"; tests/web/drills.mjs day1 (a class made, a student joins, solves by dragging, sees a refutation); the
# server restarted at "the next day" (a day and a minute on), drills.mjs day2 (the due exercise, the teacher's
# page and CSV); then that CSV is the one `scripts/drill results --class DATA/drills/CODE --csv` prints.
day=$(date +%s)
export KOMADAI_NOW=$day
serve "$tmp/server5.log" --data "$tmp/data5" --drills tests/web/drills
pid5=$pid url5=$url
web drills "$url5" day1 "$tmp/drills.json"
kill $pid5; wait $pid5 2>/dev/null
export KOMADAI_NOW=$((day + 86400 + 60))
serve "$tmp/server5.log" --data "$tmp/data5" --drills tests/web/drills
pid5=$pid url5=$url
on_exit 'kill $pid5 2>/dev/null'
web drills "$url5" day2 "$tmp/drills.json"
unset KOMADAI_NOW
kill $pid5; wait $pid5 2>/dev/null
code5=$(sed -n 's/.*"code":"\([A-Z0-9]*\)".*/\1/p' "$tmp/drills.json")
scripts/drill results --class "$tmp/data5/drills/$code5" --csv >"$tmp/drills_cli.csv" 2>&1
if [ -s "$tmp/drills.csv" ] && cmp -s "$tmp/drills.csv" "$tmp/drills_cli.csv"; then ok
else fail "the teacher's CSV is scripts/drill results': $(diff "$tmp/drills.csv" "$tmp/drills_cli.csv" | head -n 5)"; fi
