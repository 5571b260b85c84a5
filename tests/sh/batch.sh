#!/bin/sh
# scripts/batch and scripts/records over the real records of tests/data/records.
. "$(dirname "$0")/../lib.sh"
recs=$(ls tests/data/records/*.kif tests/data/records/*.csa | head -n 12)
n=$(echo "$recs" | wc -l)

cat >"$tmp/moves.lua" <<'LUA'
return function(game, path) return {moves = game:ply(), side = game:side()} end
LUA
# shellcheck disable=SC2086
scripts/batch "$tmp/moves.lua" $recs >"$tmp/one" 2>"$tmp/err"; rc=$?
[ $rc -eq 0 ] && ok || bad "batch exits 0 when every file is read (exit $rc: $(cat "$tmp/err"))"
[ "$(wc -l <"$tmp/one")" -eq "$n" ] && ok || bad "one line per file"
lua5.4 -e 'local c = require "cjson"
  for l in io.lines() do local r = c.decode(l); assert(r.file and r.moves and r.side, l) end' <"$tmp/one" \
    && ok || bad "every line is JSON (read back by lua-cjson) with file, moves and side"
# shellcheck disable=SC2086
scripts/batch "$tmp/moves.lua" $recs -j 3 >"$tmp/three"
cmp -s "$tmp/one" "$tmp/three" && ok || bad "-j 3 gives the same lines in the same order"
# shellcheck disable=SC2086
{ scripts/batch "$tmp/moves.lua" $recs --shard 1/2; scripts/batch "$tmp/moves.lua" $recs --shard 2/2; } | sort >"$tmp/shards"
sort "$tmp/one" | cmp -s - "$tmp/shards" && ok || bad "two shards hold every file once"

# --merge: shards 1..N put back together are the unsharded run, byte for byte (N past the files too)
scripts/batch "$tmp/moves.lua" tests/data/records tests/data/records/jkf__fork.kif >"$tmp/whole"
for n in 1 2 3 5 40; do
    shards=""
    for i in $(seq 1 $n); do
        scripts/batch "$tmp/moves.lua" tests/data/records tests/data/records/jkf__fork.kif --shard "$i/$n" >"$tmp/shard.$i"
        shards="$shards $tmp/shard.$i"
    done
    # shellcheck disable=SC2086
    scripts/batch --merge $shards >"$tmp/merged"; rc=$?
    expect "--merge of $n shards is the unsharded run" 0 'cmp -s "$tmp/whole" "$tmp/merged"'
done
# shellcheck disable=SC2086
scripts/batch --merge $shards -o "$tmp/merged2"; cmp -s "$tmp/whole" "$tmp/merged2" && ok || bad "--merge -o FILE"
scripts/batch "$tmp/moves.lua" tests/data/records --shard 1/2 >"$tmp/half.1"
scripts/batch "$tmp/moves.lua" tests/data/records --shard 2/2 >"$tmp/half.2"
scripts/batch --merge "$tmp/half.2" "$tmp/half.1" >/dev/null 2>"$tmp/err"; rc=$?
expect "shards out of order are refused" 126 'grep -q "not shards 1 and 2 of one run" "$tmp/err"'
scripts/batch --merge "$tmp/shard.1" "$tmp/nope" >/dev/null 2>"$tmp/err"; rc=$?
expect "a missing shard is refused" 126 'grep -q "nope: cannot open" "$tmp/err"'
printf '{"error":"x","file":"a"}\n' >"$tmp/e1"; printf '{"file":"b"}\n' >"$tmp/e2"
scripts/batch --merge "$tmp/e1" "$tmp/e2" >/dev/null; rc=$?
expect "--merge exits with the error rows' count" 1

# bad files are rows with an error, and the exit status counts them
printf 'not a record\n' >"$tmp/junk.kif"
printf '\377\376\000garbage' >"$tmp/bin.csa"
scripts/batch "$tmp/moves.lua" "$tmp/junk.kif" "$tmp/bin.csa" "$tmp/missing.kif" tests/data/records/jkf__fork.kif \
    >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -eq 3 ] && ok || bad "the exit status is the number of failed files (exit $rc)"
[ "$(grep -c '"error"' "$tmp/out")" -eq 3 ] && ok || bad "three error rows: $(cat "$tmp/out")"
grep -q 'missing.kif:0: cannot open the file' "$tmp/out" && ok || bad "a missing file says so"
cat >"$tmp/boom.lua" <<'LUA'
return function(game) if game:ply() > 5 then error("too long") end return {} end
LUA
scripts/batch "$tmp/boom.lua" tests/data/records/jkf__fork.kif tests/data/records/jkf__20081220kyoochi.kif >"$tmp/out"; rc=$?
[ $rc -eq 1 ] && grep -q '"error":"script: .*too long' "$tmp/out" && ok || bad "a script error is a row (exit $rc: $(cat "$tmp/out"))"

# usage
scripts/batch >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 126 ] && grep -q "no script given" "$tmp/err" && ok || bad "no script: usage, exit 126 (exit $rc)"
scripts/batch "$tmp/moves.lua" --shard 3/2 x >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 126 ] && grep -q "bad shard '3/2'" "$tmp/err" && ok || bad "a bad shard is refused"
printf 'return 5\n' >"$tmp/five.lua"
scripts/batch "$tmp/five.lua" x >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 126 ] && grep -q "must return function(game, path)" "$tmp/err" && ok || bad "a script that returns no function"

# scripts/records: the ready-made script
scripts/records tests/data/records/ss__oute_sennichite.csa >"$tmp/out"; rc=$?
[ $rc -eq 0 ] && grep -q '"result":"perpetual-check"' "$tmp/out" && grep -q '"moves":110' "$tmp/out" && \
    grep -q '"format":"csa"' "$tmp/out" && grep -q '"sfen":' "$tmp/out" && ok || bad "records: $(cat "$tmp/out")"
# its shards merged equal one run, and its messages name it
scripts/records tests/data/records >"$tmp/rall"
scripts/records tests/data/records --shard 1/2 -o "$tmp/r1"; scripts/records tests/data/records --shard 2/2 -o "$tmp/r2"
scripts/records --merge "$tmp/r1" "$tmp/r2" >"$tmp/rmerged"; rc=$?
[ $rc -eq 0 ] && cmp -s "$tmp/rall" "$tmp/rmerged" && ok || bad "records --merge: rc $rc, $(diff "$tmp/rall" "$tmp/rmerged" | head -3)"
scripts/records --resume "$tmp/st" tests/data/records >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 126 ] && grep -q '^records: --resume needs -o FILE' "$tmp/err" && grep -q '^usage: records \[PATHS' "$tmp/err" && ok ||
    bad "records' usage error: rc $rc, $(cat "$tmp/err")"

end_suite
