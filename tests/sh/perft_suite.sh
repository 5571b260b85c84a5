#!/bin/sh
# Every row of the perft suites through scripts/perft (the optimised build),
# plus the command's interface: divide, no-bulk, errors and exit codes.
. "$(dirname "$0")/../lib.sh"
perft=scripts/perft
out=$tmp
bad() { fail "$*"; }

# the suites: name sfen depth nodes [variant]; two rows at a time (2 cores)
{
    tail -n +2 tests/data/perft_suite.tsv | awk -F'\t' '{print "standard\t" $0}'
    tail -n +2 tests/data/sho_perft.tsv | awk -F'\t' '{print "sho\t" $0}'
    tail -n +2 tests/data/sho_perft_semantics.tsv | awk -F'\t' '{print "sho\t" $1 "\t" $2 "\t" $3 "\t" $4}'
} | awk '{print NR "\t" $0}' > "$out/rows"
# one row per line "n variant name sfen depth nodes", two processes at a time (2 cores)
export OUT="$out"
tr '\t' '\037' < "$out/rows" | xargs -d '\n' -P 2 -n 1 sh -c '
    IFS=$(printf "\037"); set -f; set -- $1
    got=$(scripts/perft --variant "$2" "$4" "$5" 2>&1 | tail -n 1)
    if [ "$got" = "$6" ]; then echo ok; else echo "FAIL $2 $3 depth $5: want $6 got $got"; fi > "$OUT/res.$1"
' sh
for r in "$out"/res.*; do
    if [ "$(cat "$r")" = ok ]; then ok; else bad "$(cat "$r")"; fi
done

# playing every leaf gives the same counts
tail -n +2 tests/data/perft_suite.tsv | awk -F'\t' '$4 <= 3000000' | while IFS='	' read -r name sfen depth nodes; do
    got=$($perft "$sfen" "$depth" --no-bulk | tail -n 1)
    [ "$got" = "$nodes" ] && echo ok || echo "FAIL --no-bulk $name $depth: want $nodes got $got"
done > "$out/nobulk"
while read -r line; do if [ "$line" = ok ]; then ok; else bad "$line"; fi; done < "$out/nobulk"

# divide: MOVE COUNT lines that match the suite's divide file, then the total alone
sfen=$(awk -F'\t' '$1 == "uchifuzume_mate" {print $2; exit}' tests/data/perft_suite.tsv)
$perft "$sfen" 3 --divide > "$out/div"
awk -F'\t' '$1 == "uchifuzume_mate" && $2 == 3 {print $3 " " $4}' tests/data/perft_suite_divide.tsv | sort > "$out/want"
head -n -1 "$out/div" | sort > "$out/got"
if cmp -s "$out/want" "$out/got" && [ -s "$out/want" ]; then ok; else bad "divide differs from perft_suite_divide.tsv"; fi
total=$(awk '{s += $2} END {print s}' "$out/got")
[ "$(tail -n 1 "$out/div")" = "$total" ] && ok || bad "divide total line"
[ "$($perft startpos 1 --divide | head -n 1 | grep -cE '^[1-9][a-i][1-9][a-i]\+? [0-9]+$')" = 1 ] && ok || bad "divide line format"
[ "$($perft startpos 0)" = 1 ] && ok || bad "depth 0 is one node"

# errors: a message on stderr, nothing on stdout, exit 2
expect_err() { # expected-stderr-substring args...
    want=$1; shift
    $perft "$@" > "$out/o" 2> "$out/e"; st=$?
    if [ $st -eq 2 ] && [ ! -s "$out/o" ] && grep -qF "$want" "$out/e"; then ok; else bad "perft $*: exit $st, stderr: $(cat "$out/e")"; fi
}
expect_err "sfen:1:21: unknown piece letter 'x'" "lnsgkgsnl/1r5b1/ppppxpppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1" 3
expect_err "bad depth 'x'" startpos x
expect_err "bad depth '-1'" startpos -1
expect_err "need a SFEN and a depth" startpos
expect_err "unknown option '--fast'" startpos 3 --fast
expect_err "unknown variant 'chess'" --variant chess startpos 3
expect_err "sfen:1:" --variant standard "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1" 2
[ "$($perft --variant sho startpos 3)" = 17368 ] && ok || bad "sho startpos"
[ "$($perft sho 3)" = 17368 ] && ok || bad "perft sho 3: a variant's name as the position"
[ "$($perft standard 2)" = 900 ] && ok || bad "perft standard 2"

end_suite
