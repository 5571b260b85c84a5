#!/bin/sh
# scripts/batch on runs that must survive: directories and --files-from lists,
# damaged files (one error row each, the run goes on), encodings detected or
# given, a progress line on a terminal only, interrupted runs (SIGINT, SIGKILL;
# one process and -j 2) resumed with --resume to exactly the rows of an
# uninterrupted run.
. "$(dirname "$0")/../lib.sh"
recs=tests/data/records
cat >"$tmp/moves.lua" <<'LUA'
return function(game) return {moves = game:ply(), sfen = game:sfen()} end
LUA

# ---- inputs: a directory walked (record extensions only, in byte order), a list, stdin
mkdir -p "$tmp/tree/b" "$tmp/tree/a"
cp $recs/jkf__fork.kif "$tmp/tree/b/z.kif"; cp $recs/ss__uchifuzume.csa "$tmp/tree/a/y.csa"
cp $recs/jkf__8mai.ki2u "$tmp/tree/x.ki2u"; echo notes >"$tmp/tree/README.txt"
scripts/batch "$tmp/moves.lua" "$tmp/tree" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect_eq "a directory: its record files in byte order" "$tmp/tree/a/y.csa $tmp/tree/b/z.kif $tmp/tree/x.ki2u" \
    "$(lua5.4 -e 'local c = require "cjson" local t = {} for l in io.lines() do t[#t + 1] = c.decode(l).file end print(table.concat(t, " "))' <"$tmp/out")"
expect "a directory: exit 0, nothing on stderr" 0 '[ ! -s "$tmp/err" ]'
ls $recs/*.kif $recs/*.csa >"$tmp/list"
# shellcheck disable=SC2046
scripts/batch "$tmp/moves.lua" $(cat "$tmp/list") >"$tmp/args"
scripts/batch "$tmp/moves.lua" --files-from "$tmp/list" >"$tmp/from"
cmp -s "$tmp/args" "$tmp/from" && ok || bad "--files-from LIST gives the rows of the same files named"
scripts/batch "$tmp/moves.lua" --files-from - <"$tmp/list" >"$tmp/stdin"
cmp -s "$tmp/args" "$tmp/stdin" && ok || bad "--files-from - reads the list from stdin"
scripts/batch "$tmp/moves.lua" --files-from "$tmp/nolist" >/dev/null 2>"$tmp/err"; rc=$?
expect "a missing list: exit 126" 126 'grep -q "nolist: cannot open the list of files" "$tmp/err"'
scripts/batch "$tmp/moves.lua" >/dev/null 2>"$tmp/err"; rc=$?
expect "no files at all: usage" 126 'grep -q "no files given" "$tmp/err"'

# ---- damaged files: one error row each, with the file and the reason; the good ones still read
d=$tmp/damaged; mkdir -p "$d"
cp $recs/jkf__fork.kif "$d/good.kif"
f=$recs/ss__floodgate-900-0-gps_normal-gps_l-20100507120007.csa
head -c "$(( $(wc -c <"$f") / 2 ))" "$f" >"$d/cut.csa"                        # stops inside the game
# stops after the lead byte of a CP932 character (８ is 82 57)
lua5.4 -e 'local b = io.read("a") io.write(b:sub(1, b:find("\130\087", 900, true)))' \
    <$recs/pyshogi__habu-fujii-2006.kif >"$d/cut_sjis.kif"
head -c 4000 /dev/urandom >"$d/binary.kif"
printf '\000\001\002KIF\000' >"$d/nul.csa"
: >"$d/empty.ki2"
printf '\201\100\377\376\000\001' >"$d/noenc.ki2"
scripts/batch "$tmp/moves.lua" "$d" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "damaged files: the exit status counts them" 6 '[ "$(wc -l <"$tmp/out")" -eq 7 ]' '[ ! -s "$tmp/err" ]'
for w in "cut.csa:[0-9]*: the file stops inside a line" "cut_sjis.kif:[0-9]*: " "binary.kif:[0-9]*: " \
         "nul.csa:[0-9]*: " "empty.ki2:1: empty record" "noenc.ki2:1: unknown encoding"; do
    file=${w%%:*}
    [ "$(grep -c "\"file\":\"$d/$file\"" "$tmp/out")" -eq 1 ] && grep "\"file\":\"$d/$file\"" "$tmp/out" |
        grep -q "^{\"error\":\"$d/$w" && ok || bad "$file: one error row with its reason: $(grep "$file" "$tmp/out")"
done
grep '"file":"'"$d"'/good.kif"' "$tmp/out" | grep -q '"moves":3' && ok || bad "the good file among them is read"

# ---- encodings: detected, or given with --encoding
iconv -f UTF-8 -t EUC-JP $recs/jkf__shogidb2.kifu >"$tmp/euc.kifu"
iconv -f UTF-8 -t CP932 $recs/jkf__shogidb2.kifu >"$tmp/sjis.kifu"
scripts/records $recs/jkf__shogidb2.kifu "$tmp/euc.kifu" "$tmp/sjis.kifu" >"$tmp/out"; rc=$?
expect "UTF-8, EUC-JP and CP932 detected" 0 'grep -q "\"encoding\":\"UTF-8\"" "$tmp/out"' \
    'grep -q "\"encoding\":\"EUC-JP\"" "$tmp/out"' 'grep -q "\"encoding\":\"CP932\"" "$tmp/out"' \
    '[ "$(sed "s/.*\"moves\"://; s/,.*//" "$tmp/out" | sort -u | wc -l)" -eq 1 ]'
scripts/records --encoding cp932 "$tmp/sjis.kifu" "$tmp/euc.kifu" >"$tmp/out"; rc=$?
expect "--encoding cp932: the EUC-JP file is refused, not guessed" 1 \
    'grep -q "sjis.kifu\",\"format\"" "$tmp/out"' 'grep -q "^{\"error\":\"$tmp/euc.kifu" "$tmp/out"'
scripts/records --encoding latin9 x.kif >/dev/null 2>"$tmp/err"; rc=$?
expect "an unknown --encoding is refused" 126 'grep -q "unknown encoding .latin9." "$tmp/err"'

# ---- progress: on a terminal only
scripts/batch "$tmp/moves.lua" --files-from "$tmp/list" >/dev/null 2>"$tmp/err"
[ ! -s "$tmp/err" ] && ok || bad "no progress when stderr is not a terminal: $(cat "$tmp/err")"
if command -v script >/dev/null 2>&1; then
    script -qec "scripts/batch $tmp/moves.lua --files-from $tmp/list $d -o $tmp/rows" "$tmp/typescript" >/dev/null 2>&1
    n=$(( $(wc -l <"$tmp/list") + 7 ))
    tr '\r' '\n' <"$tmp/typescript" | grep -aq "^$n/$n files  [0-9]* files/s  6 failed  0s left" && ok ||
        bad "a terminal sees the progress line: $(tr '\r' '\n' <"$tmp/typescript" | tail -n 2)"
else
    skip "progress on a terminal: no script(1) (util-linux)"
fi

# ---- interrupted and resumed: the rows of the whole run, none lost, none twice
cat >"$tmp/slow.lua" <<'LUA'
local core = require "shogi.core"
return function(game)
  local t = core.now()
  while core.now() - t < 0.02 do end
  return {moves = game:ply(), sfen = game:sfen()}
end
LUA
for i in 1 2 3 4 5 6 7 8; do cat "$tmp/list"; done >"$tmp/long"
echo "$d/binary.kif" >>"$tmp/long"
total=$(wc -l <"$tmp/long")
scripts/batch "$tmp/slow.lua" --files-from "$tmp/long" -o "$tmp/whole"; whole_rc=$?
for sig in INT KILL; do
    for j in 1 2; do
        rm -f "$tmp/state" "$tmp/part"
        scripts/batch "$tmp/slow.lua" --files-from "$tmp/long" -o "$tmp/part" --resume "$tmp/state" -j $j \
            2>"$tmp/err" &
        pid=$!
        # the signal once the first state is saved (a second) and some rows are out
        n=0; while [ $n -lt 100 ] && ! { [ -s "$tmp/state" ] && [ "$(wc -l <"$tmp/part")" -ge 60 ]; }; do
            sleep 0.05; n=$((n + 1)); done
        kill -$sig $pid; wait $pid; rc=$?
        part=$(wc -l <"$tmp/part")
        if [ "$part" -ge "$total" ]; then skip "SIG$sig -j $j: the run ended before the signal"; continue; fi
        [ $sig = INT ] && { expect "SIG$sig -j $j: exit 130, says how to go on" 130 \
            'grep -q "interrupted after [0-9]* of '"$total"' files; the same command goes on" "$tmp/err"'; }
        scripts/batch "$tmp/slow.lua" --files-from "$tmp/long" -o "$tmp/part" --resume "$tmp/state" -j $j; rc=$?
        expect "SIG$sig -j $j: resumed after $part rows, the whole run's rows" "$whole_rc" \
            'cmp -s "$tmp/whole" "$tmp/part"' 'grep -q "^complete yes" "$tmp/state"'
    done
done
scripts/batch "$tmp/slow.lua" --files-from "$tmp/long" -o "$tmp/part" --resume "$tmp/state" 2>"$tmp/err"; rc=$?
expect "a complete run is not run again" 1 'grep -q "the run is complete ('"$total"' files, 1 failed)" "$tmp/err"'
scripts/batch "$tmp/slow.lua" --files-from "$tmp/list" -o "$tmp/part" --resume "$tmp/state" 2>"$tmp/err"; rc=$?
expect "the state of another run is refused" 126 'grep -q "the state is of another run" "$tmp/err"'
rm -f "$tmp/state"
scripts/batch "$tmp/slow.lua" --files-from "$tmp/list" --resume "$tmp/state" 2>"$tmp/err"; rc=$?
expect "--resume needs -o" 126 'grep -q -- "--resume needs -o FILE" "$tmp/err"'
printf 'something else\n' >"$tmp/state"
scripts/batch "$tmp/slow.lua" --files-from "$tmp/list" -o "$tmp/part" --resume "$tmp/state" 2>"$tmp/err"; rc=$?
expect "a file that is no state is refused" 126 'grep -q "not a batch state file" "$tmp/err"'

end_suite
