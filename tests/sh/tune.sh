#!/bin/sh
# scripts/tune: SPSA through real matches (komadai --usi, the built-in's Eval_* options and a bot
# file's), the state file that resumes, Texel's fit on the records of tests/data, every usage error.
# Tiny runs: they check the loop, not the strength.  Last line: "N passed, N failed".
. "$(dirname "$0")/../lib.sh"
T=$PWD/scripts/tune
need_exe build/komadai

bad() { fail "$1"; echo "  stdout: $(head -c 1500 "$tmp/out")"; echo "  stderr: $(head -c 600 "$tmp/err")"; }
run() { "$T" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; }
out_has() { grep -qF -- "$1" "$tmp/out"; }
err_has() { grep -qF -- "$1" "$tmp/err"; }

run spsa --params Eval_Pawn,Eval_Tempo --iterations 2 --pairs 1 --tc nodes=300 --final 1 --state "$tmp/s.json"
expect "spsa: two iterations of the built-in's parameters, then tuned against untuned" 0 \
    'out_has "iteration 1/2  plus-minus "' 'out_has "iteration 2/2  plus-minus "' \
    'grep -Eq "^option.Eval_Pawn=[0-9]+   \(from 90\)$" "$tmp/out"' 'grep -q "^option.Eval_Tempo=" "$tmp/out"' \
    'out_has "tuned (plus) against the start values (minus), 2 games:"' 'out_has "Score of plus vs minus:"' \
    'grep -q "\"k\":2" "$tmp/s.json"'

run spsa --params Eval_Pawn,Eval_Tempo --iterations 3 --pairs 1 --tc nodes=300 --final 0 --state "$tmp/s.json"
expect "spsa: the same command with more iterations resumes the state file" 0 \
    'out_has "resuming $tmp/s.json at iteration 3 of 3"' '! out_has "iteration 1/"' 'out_has "iteration 3/3"' \
    'out_has "done: 3 iterations, 6 games"' 'grep -q "\"k\":3" "$tmp/s.json"'

echo '{"k": "x"}' >"$tmp/bad.json"
run spsa --params Eval_Pawn --iterations 1 --state "$tmp/bad.json"
expect "spsa: a state file that is not one is refused" 1 'err_has "$tmp/bad.json: not a tune state file"'

run spsa --engine "$PWD/build/komadai --usi examples/bots/pst.lua" --iterations 1 --pairs 1 --tc nodes=200 --final 0
expect "spsa: a bot file's spin options through komadai --usi" 0 'out_has "iteration 1/1"' \
    'grep -q "^option.Advance=" "$tmp/out"'

run texel tests/data/records --params Eval_Pawn,Eval_Tempo --passes 2 --every 3
expect "texel: the built-in's parameters on the records of tests/data" 0 \
    'grep -Eq "^records 37 \(0 unreadable\), [0-9]+ with a result; positions [0-9]+ quiet" "$tmp/out"' \
    'grep -Eq "^positions [0-9]+  K [0-9.]+  loss 0\.[0-9]+$" "$tmp/out"' 'grep -Eq "^pass 1  loss 0\.[0-9]+  [0-9]+ changed" "$tmp/out"' \
    'grep -Eq "^option.Eval_Pawn=[0-9]+   \(from 90\)$" "$tmp/out"'
l0=$(sed -n 's/^positions [0-9]*  K [0-9.]*  loss //p' "$tmp/out"); l1=$(sed -n 's/^pass [0-9]*  loss \([0-9.]*\) .*/\1/p' "$tmp/out" | tail -1)
expect "texel: the loss never rises" 0 "awk 'BEGIN { exit !($l1 <= $l0) }'"

run texel tests/data/records/skc__oui202106290101.kif --bot examples/bots/pst.lua --passes 1
expect "texel: a bot file's spin options" 0 'grep -q "^option.Advance=" "$tmp/out"'

run bogus;                     expect "an unknown mode" 2 'err_has "unknown mode '\''bogus'\''"' 'err_has "usage: scripts/tune spsa"'
run spsa --params Nope;        expect "spsa: an option the engine lacks" 2 'err_has "the engine has no spin option '\''Nope'\''"'
run spsa --iterations x;       expect "spsa: a bad number" 2 'err_has "--iterations takes a whole number, not '\''x'\''"'
run spsa --passes 3;           expect "spsa: a texel option" 2 'err_has "unknown option --passes for spsa"'
run texel;                     expect "texel: no records" 2 'err_has "texel needs records"'
run texel "$tmp";              expect "texel: a folder without records" 2 'err_has ": no record files"'
run texel tests/data/records --params Nope; expect "texel: no such parameter" 2 'err_has "no such parameter: Nope"'
run texel tests/data/records --bot examples/bots/material.lua; expect "texel: a bot without spin options" 2 'err_has "the bot has no spin option"'
run -h;                        expect "-h prints the usage" 0 'out_has "usage: scripts/tune spsa"' 'out_has "texel:"'
end_suite
