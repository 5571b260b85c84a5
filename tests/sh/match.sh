#!/bin/sh
# scripts/match: matches between fake engines (tests/data/engines/fake.lua, moves chosen by a fixed
# rule, faults on request) and between Debian's fairy-stockfish and gpsusi; records, faults and the
# reasons in the result lines, openings, shards merged equal to one run, and every usage error.
# Last line: "N passed, N failed".
. "$(dirname "$0")/../lib.sh"
M=$PWD/scripts/match
K=$PWD/build/komadai
F=$PWD/tests/data/engines/fake.lua
PATH=$PATH:/usr/games; export PATH

bad() { fail "$1"; echo "  stdout: $(head -c 1500 "$tmp/out")"; echo "  stderr: $(head -c 600 "$tmp/err")"; }
run() { "$M" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; }
out_has() { grep -qF -- "$1" "$tmp/out"; }
err_has() { grep -qF -- "$1" "$tmp/err"; }
fake() { echo "cmd=$K $F $1 ${2:-1}"; }
summary() { sed -n '/^Score of/,$p' "$1"; }

# a plain match: one line per game, the summary, two records per game that read back
run -engine "$(fake play)" name=a byoyomi=1000 -engine "$(fake play)" name=b byoyomi=1000 \
    -games 4 -repeat -maxmoves 20 -out "$tmp/games"
expect "fake match" 0 'out_has "Finished game 1 (a vs b): 1/2-1/2 {"' 'out_has "Finished game 4 (b vs a): 1/2-1/2"' \
    'out_has "Score of a vs b: 0 - 0 - 4  [0.500] 4"' 'out_has "...      a playing Sente: 0 - 0 - 2  [0.500] 2"' \
    'out_has "Elo difference: 0.0 +/- 0.0, LOS: 50.0 %, DrawRatio: 100.0 %"' 'out_has "Ptnml(0-2): [0, 0, 2, 0, 0]"' \
    '[ "$(ls "$tmp/games" | wc -l)" -eq 8 ]' '[ ! -s "$tmp/err" ]'
expect "records read back" 0 \
    '"$PWD/scripts/convert" "$tmp/games/0001-a-vs-b.kif" "$tmp/g1.usi" && grep -q "moves" "$tmp/g1.usi"' \
    '"$PWD/scripts/convert" "$tmp/games/0002-b-vs-a.csa" "$tmp/g2.usi"' \
    'grep -q "先手：a" "$tmp/games/0001-a-vs-b.kif"' 'grep -q "^N-a" "$tmp/games/0002-b-vs-a.csa"'

# faults: each loses that game with its reason, the match goes on, a dead engine is restarted
run -engine "$(fake play)" name=a byoyomi=500 -engine "$(fake illegal 3)" name=b byoyomi=500 -games 2 -out "$tmp/ill"
expect "illegal move" 0 'out_has "Finished game 1 (a vs b): 1-0 {b played the illegal move 5i5a: "' \
    'out_has "Finished game 2 (b vs a): 0-1 {b played the illegal move 5i5a: "' \
    'grep -q "反則" "$tmp/ill/0001-a-vs-b.kif"' 'grep -q "^%ILLEGAL_MOVE" "$tmp/ill/0001-a-vs-b.csa"' \
    'grep -q "b played the illegal move" "$tmp/ill/0001-a-vs-b.kif"'
run -engine "$(fake play)" name=a byoyomi=500 -engine "$(fake crash 3)" name=b byoyomi=500 -games 2 -out "$tmp/cr"
expect "crash, restarted for the next game" 0 \
    'out_has "Finished game 1 (a vs b): 1-0 {engine '"'b'"': exited with status 3 while searching after '"'go btime 0 wtime 0 byoyomi 500'"'}"' \
    'out_has "Finished game 2 (b vs a): 0-1 {engine '"'b'"': exited with status 3"' \
    'grep -q "^   4 " "$tmp/cr/0002-b-vs-a.kif"' 'grep -q "^%-ILLEGAL_ACTION" "$tmp/cr/0001-a-vs-b.csa"'
run -engine "$(fake play)" name=a byoyomi=200 -engine "$(fake hang 2)" name=b byoyomi=200 -games 1
expect "hang: a time loss, the engine killed" 0 \
    'out_has "Finished game 1 (a vs b): 1-0 {b loses on time: engine '"'b'"': no answer within 0.8 s"' 'out_has ": killed}"'
run -engine "$(fake play)" name=a byoyomi=200 -engine "$(fake slow 2)" name=b byoyomi=200 timemargin=50 -games 1 -out "$tmp/sl"
expect "late answer: a time loss" 0 \
    'out_has "Finished game 1 (a vs b): 1-0 {b loses on time: took 0."' 'out_has "s, 0.200 s allowed (0.250 s with the margin)}"' \
    'grep -q "^%TIME_UP" "$tmp/sl/0001-a-vs-b.csa"' 'grep -q "切れ負け" "$tmp/sl/0001-a-vs-b.kif"'
run -engine "$(fake play)" name=a tc=5+1 -engine "$(fake malformed 2)" name=b tc=5+1 -games 1
expect "malformed line" 0 'out_has "{engine '"'b'"': 13:12: '"'depth'"' needs an integer, got '"'x'"': info depth x}"'
run -engine "$(fake play)" name=a st=0.5 -engine "$(fake resign 4)" name=b st=0.5 -games 1 -out "$tmp/rs"
expect "resignation" 0 'out_has "Finished game 1 (a vs b): 1-0 {Black wins: White resigned.}"' \
    'grep -q "投了" "$tmp/rs/0001-a-vs-b.kif"'
run -engine "$(fake play)" name=a depth=1 -engine "$(fake win 2)" name=b depth=1 -games 1 -rules jsa
expect "declaration under JSA rules" 0 \
    'out_has "{b declared a win: the rule set '"'jsa'"' has no declaration rule (option declaration)}"'
run -engine "$(fake play)" name=a depth=1 -engine "$(fake win 2)" name=b depth=1 -games 1
expect "wrong declaration under computer rules" 0 'out_has "a wrong declaration loses.}"'

# a pawn-drop mate (Debian's Fairy-Stockfish is known to play some) is an illegal move
printf '7nk/9/7G1/9/9/9/9/9/K8 b P2r2b3g4s3n4l17p 1\n' >"$tmp/uchi.txt"
run -engine "$(fake move=P*1b)" name=a depth=1 -engine "$(fake play)" name=b depth=1 -games 1 -openings file="$tmp/uchi.txt"
expect "uchifuzume loses" 0 \
    'out_has "Finished game 1 (a vs b): 0-1 {a played the illegal move P*1b: uchifuzume: a pawn drop may not give mate}"'

# openings: SFEN lines and USI position lines, cut after plies=N, in the seed's random order
cat >"$tmp/open.txt" <<'EOF'
# two openings
startpos moves 7g7f 3c3d 2g2f
position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 8c8d
EOF
run -engine "$(fake play)" name=a depth=1 -engine "$(fake resign 1)" name=b depth=1 -games 2 -repeat \
    -openings file="$tmp/open.txt" plies=2 -out "$tmp/op"
expect "openings" 0 'out_has "Score of a vs b: 2 - 0 - 0"' 'grep -q "^   2 ３四歩(33)" "$tmp/op/0001-a-vs-b.kif"' \
    '! grep -q "２六歩" "$tmp/op/0001-a-vs-b.kif"'
printf 'startpos moves 7g7f 7g7f\n' >"$tmp/bad.txt"
run -engine "$(fake play)" depth=1 -engine "$(fake play)" depth=1 -openings file="$tmp/bad.txt"
expect "a bad opening stops the match" 2 'err_has "bad.txt:1:21: move 2 (7g7f) is illegal: there is no piece on the from square"'
run -engine "$(fake play)" depth=1 -engine "$(fake play)" depth=1 -openings file="$tmp/none.txt"
expect "a missing openings file" 2 'err_has "none.txt:1:1: cannot open the openings: "'
printf '# nothing\n' >"$tmp/empty.txt"
run -engine "$(fake play)" depth=1 -engine "$(fake play)" depth=1 -openings file="$tmp/empty.txt"
expect "an empty openings file" 2 'err_has "empty.txt:1:1: no openings in the file"'

# two shards merged equal one run (with -concurrency 2), SPRT lines
one() { run -engine "$(fake play)" name=a byoyomi=1000 -engine "$(fake resign 6)" name=b byoyomi=1000 \
    -games 6 -repeat -maxmoves 30 -seed 7 -openings file="$tmp/open.txt" order=random \
    -sprt elo0=0 elo1=10 "$@"; }
one -concurrency 2 -json "$tmp/all.json"; summary "$tmp/out" >"$tmp/all.txt"
expect "one run with two workers" 0 'out_has "Finished game 6"' 'out_has "SPRT: llr "' 'out_has "Ptnml LLR: "' \
    '[ -s "$tmp/all.json" ]'
one -shard 1/2 -json "$tmp/s1.json"
expect "shard 1/2" 0 'out_has "Finished game 1 "' 'out_has "Finished game 2 "' '! out_has "Finished game 3 "' \
    'out_has "Finished game 5 "'
one -shard 2/2 -json "$tmp/s2.json"
expect "shard 2/2" 0 'out_has "Finished game 3 "' '! out_has "Finished game 1 "'
run --merge "$tmp/s1.json" "$tmp/s2.json" -sprt elo0=0 elo1=10
expect "merged shards equal one run" 0 '[ "$(cat "$tmp/out")" = "$(cat "$tmp/all.txt")" ]'
# the SPRT stops the match once it decides: b resigns at its 9th move, which the 17-move cap allows
# only when b has sente from the start position; the pairs score 1.5 and 1
printf 'startpos\nstartpos moves 7g7f\n' >"$tmp/ab.txt"
run -engine "$(fake play)" name=a depth=1 -engine "$(fake resign 9)" name=b depth=1 -games 2 -rounds 20 -repeat \
    -maxmoves 17 -openings file="$tmp/ab.txt" -sprt elo0=0 elo1=50
expect "SPRT stops the match" 0 'out_has "Ptnml(0-2): [0, 0, 3, 4, 0]"' \
    'out_has "Ptnml LLR: 3.50 (118.9%) (-2.94, 2.94) [0.00, 50.00] - H1 was accepted"' \
    'out_has "Match stopped: SPRT H1 was accepted"' '! out_has "Finished game 15 "'
run --merge "$tmp/s1.json" "$tmp/s1.json"
expect "a game in two files" 2 'err_has "match: game 1 is in both "'
printf 'not json' >"$tmp/x.json"
run --merge "$tmp/x.json"
expect "merge of a file that is not JSON" 2 'err_has "x.json:1:1: not a match JSON file"'
run --merge "$tmp/nope.json"
expect "merge of a missing file" 2 'err_has "nope.json:1:1: cannot open: "'

# on a terminal the running score follows each game; -rounds multiplies -games
if command -v script >/dev/null 2>&1; then
    script -qc "'$M' -engine '$(fake play)' name=a depth=1 -engine '$(fake resign 9)' name=b depth=1 -games 1 -rounds 3" \
        /dev/null >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?
    expect "progress on a terminal" 0 'out_has "Score of a vs b: 1 - 0 - 0  [1.000] 1  (1 of 3, "' \
        'out_has "Finished game 3 (a vs b): 1-0"' 'out_has "Score of a vs b: 3 - 0 - 0  [1.000] 3  (3 of 3, "'
fi
run -engine "$(fake play)" name=a depth=1 -engine "$(fake resign 9)" name=b depth=1 -games 1 -rounds 3
expect "no progress lines into a pipe" 0 '[ "$(grep -c "^Score of" "$tmp/out")" -eq 1 ]'

# Ctrl-C stops a match, and the workers' engines go with them
timeout -s INT 3 "$M" -engine "$(fake hang)" name=a byoyomi=100000 -engine "$(fake play)" name=b byoyomi=1000 \
    -games 2 -concurrency 2 >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?
sleep 0.5
expect "interrupted" 124 'err_has "interrupted!"' '! pgrep -f "$F hang" >/dev/null'

# usage errors
run -engine cmd=x byoyomi=100
expect "one engine" 2 'err_has "match: two (or -tournament for more) -engine settings needed, got 1"'
run -engine cmd=x -engine cmd=y
expect "no time control" 2 'err_has "match: engine '"'x'"' has no time control (byoyomi=, tc=, st=, depth= or nodes=)"'
run -engine name=x byoyomi=1 -engine cmd=y byoyomi=1
expect "no cmd" 2 'err_has "match: engine 1 has no cmd="'
run -engine cmd=x colour=red -engine cmd=y
expect "unknown engine setting" 2 'err_has "match: unknown engine setting '"'colour'"'"'
run -engine cmd=x tc=fast -engine cmd=y
expect "bad tc" 2 'err_has "match: tc= takes SECONDS or SECONDS+INCREMENT, got '"'fast'"'"'
run -engine cmd=x byoyomi=-5 -engine cmd=y
expect "bad byoyomi" 2 'err_has "match: byoyomi= needs an integer >= 0, got '"'-5'"' (milliseconds)"'
run -engine cmd=x st=0 -engine cmd=y
expect "bad st" 2 'err_has "match: st= takes seconds per move, got '"'0'"'"'
run -engine cmd=x depth=0 -engine cmd=y
expect "bad depth" 2 'err_has "match: depth= needs a positive integer, got '"'0'"'"'
run -engine cmd=x stderr=file -engine cmd=y
expect "bad stderr" 2 'err_has "match: stderr= takes null or inherit"'
run -engine cmd=x byoyomi=1 -engine cmd=y byoyomi=1 -games two
expect "bad -games" 2 'err_has "match: -games needs a positive integer, got '"'two'"'"'
run -engine cmd=x byoyomi=1 -engine cmd=y byoyomi=1 -shard 3/2
expect "bad -shard" 2 'err_has "match: -shard takes I/N with 1 <= I <= N, got '"'3/2'"'"'
run -engine cmd=x byoyomi=1 -engine cmd=y byoyomi=1 -rules shogi
expect "bad -rules" 2 'err_has "match: -rules takes jsa or computer, got '"'shogi'"'"'
run -engine cmd=x byoyomi=1 -engine cmd=y byoyomi=1 -sprt elo0=5 elo1=0
expect "bad -sprt bounds" 2 'err_has "match: -sprt needs elo0 < elo1"'
run -engine cmd=x byoyomi=1 -engine cmd=y byoyomi=1 -sprt elo0=0
expect "bad -sprt" 2 'err_has "match: -sprt needs elo0= and elo1="'
run -engine cmd=x byoyomi=1 -engine cmd=y byoyomi=1 -sprt elo0=0 elo1=5 alpha=2
expect "bad -sprt alpha" 2 'err_has "match: -sprt alpha and beta must lie between 0 and 1"'
run -engine cmd=x byoyomi=1 -engine cmd=y byoyomi=1 -sprt elo0=a elo1=5
expect "bad -sprt number" 2 'err_has "match: -sprt elo0= needs a number, got '"'a'"'"'
run -engine cmd=x byoyomi=1 -engine cmd=y byoyomi=1 -openings order=random
expect "-openings without file" 2 'err_has "match: -openings needs file=F"'
run -engine cmd=x byoyomi=1 -engine cmd=y byoyomi=1 -openings file=a order=shuffled
expect "bad -openings order" 2 'err_has "match: -openings order= takes sequential or random, got '"'shuffled'"'"'
run -engine cmd=x byoyomi=1 -engine cmd=y byoyomi=1 -openings file=a book=yes
expect "bad -openings setting" 2 'err_has "match: -openings does not take '"'book=yes'"'"'
run -engine cmd=x byoyomi=1 -engine cmd=y byoyomi=1 -pgnout x
expect "unknown option" 2 'err_has "match: unknown option '"'-pgnout'"'"'
run --merge
expect "merge without files" 2 'err_has "match: --merge needs JSON files"'
run -h
expect "help" 0 'out_has "usage: scripts/match -engine cmd=CMD"'
run -engine cmd=komadai-no-such-engine name=x depth=1 -engine "$(fake play)" name=y depth=1 -games 1
expect "an engine that cannot start loses" 0 \
    'out_has "Finished game 1 (x vs y): 0-1 {engine '"'x'"': cannot start '"'komadai-no-such-engine'"': No such file or directory}"'

# an option komadai's own engine does not have: the match stops before the first game
run -engine cmd="$K --usi" name=k option.Nope=1 depth=1 -engine "$(fake play)" name=y depth=1 -games 2
expect "a refused option stops the match" 2 \
    'err_has "match: engine '"'k'"': no option '"'Nope'"' (it has: USI_Hash"' '! out_has "Finished game"'
run -engine cmd="$K --usi" name=k option.MultiPV=many depth=1 -engine "$(fake play)" name=y depth=1 -games 2
expect "a refused option value stops the match" 2 'err_has "; the match did not start"'

# a won match: nElo is infinite, not 0.00
run -engine cmd="$K --usi" name=k depth=2 -engine "$(fake play)" name=y depth=1 -games 4 -repeat
expect "nElo of a 4-0" 0 'out_has "Score of k vs y: 4 - 0 - 0"' 'out_has "nElo: inf +/- "'

# tournaments: every pair (roundrobin) or the first against each (gauntlet), then the standings
run -engine "$(fake play)" name=a byoyomi=200 -engine "$(fake play)" name=b byoyomi=200 \
    -engine "$(fake play)" name=c byoyomi=200 -tournament roundrobin -games 2 -maxmoves 10 -json "$tmp/rr.json"
expect "roundrobin of three" 0 'out_has "Match a vs b"' 'out_has "Match a vs c"' 'out_has "Match b vs c"' \
    '[ "$(grep -c "^Finished game" "$tmp/out")" -eq 6 ]' 'out_has "Rank Engine"' \
    'grep -Eq "^1 +a +2.0 +4 +50.0%" "$tmp/out"' 'grep -q "\"tournament\":\"roundrobin\"" "$tmp/rr.json"'
run -engine cmd="$K --usi" name=d2 depth=2 -engine "$(fake play)" name=f1 depth=1 \
    -engine "$(fake play)" name=f2 depth=1 -tournament gauntlet -games 2 -concurrency 2 -out "$tmp/gt"
expect "gauntlet with two workers" 0 'out_has "Match d2 vs f1"' 'out_has "Match d2 vs f2"' '! out_has "Match f1 vs f2"' \
    'grep -Eq "^1 +d2 +4.0 +4 +100.0%" "$tmp/out"' '[ "$(ls "$tmp/gt" | wc -l)" -eq 8 ]'
run -engine cmd=x byoyomi=1 -engine cmd=y byoyomi=1 -engine cmd=z byoyomi=1
expect "three engines without -tournament" 2 'err_has "match: two (or -tournament for more) -engine settings needed, got 3"'
run -engine cmd=x byoyomi=1 -engine cmd=y byoyomi=1 -tournament swiss
expect "bad -tournament" 2 'err_has "match: -tournament takes gauntlet or roundrobin, got '"'swiss'"'"'

# adjudication as cutechess-cli's -resign and -draw; each move's comment: score, depth, nodes, ms, line
run -engine "$(fake play)" name=a depth=1 -engine "$(fake score=-900)" name=f depth=1 -games 1 \
    -resign movecount=3 score=600 -out "$tmp/adj"
expect "-resign" 0 'out_has "Finished game 1 (a vs f): 1-0 {adjudicated: f'"'"'s score at or below -600 for 3 moves}"' \
    'grep -q "^%TORYO" "$tmp/adj/0001-a-vs-f.csa"' '[ "$(grep -c "^-[0-9]" "$tmp/adj/0001-a-vs-f.csa")" -eq 3 ]' \
    '[ "$(grep -c "^+[0-9]" "$tmp/adj/0001-a-vs-f.csa")" -eq 4 ]'
run -engine cmd="$K --usi" name=d3 depth=3 -engine "$(fake play)" name=f depth=1 -games 1 -maxmoves 4 -out "$tmp/cm"
expect "each move's comment" 0 \
    'grep -Eq "^\*cp -?[0-9]+ depth 3 nodes [0-9]+ time [0-9]+ms pv 7g7f" "$tmp/cm/0001-d3-vs-f.kif"'
run -engine cmd="$K --usi" name=a depth=1 -engine cmd="$K --usi" name=b depth=1 -games 1 \
    -draw movenumber=2 movecount=2 score=5000
expect "-draw" 0 'out_has "Finished game 1 (a vs b): 1/2-1/2 {adjudicated a draw: both scores within 5000 for 2 moves each}"'
run -engine cmd=x byoyomi=1 -engine cmd=y byoyomi=1 -resign score=100
expect "-resign without movecount" 2 'err_has "match: -resign needs movecount="'
run -engine cmd=x byoyomi=1 -engine cmd=y byoyomi=1 -draw movenumber=1 movecount=1 score=x
expect "bad -draw score" 2 'err_has "match: -draw score= needs an integer >= 0, got '"'x'"'"'

# -pondering: each engine ponders on the reply it expects; the fakes predict each other, so every move
# after the first two is a ponderhit; komadai's own moves are not what the fake expects (stop, then go)
run -engine "$(fake play)" name=a byoyomi=300 stderr=inherit -engine "$(fake play)" name=b byoyomi=300 \
    stderr=inherit -games 1 -maxmoves 12 -pondering -out "$tmp/pd"
expect "-pondering: ponderhit" 0 '[ "$(grep -c "^fake: ponderhit" "$tmp/err")" -eq 10 ]' \
    'out_has "Finished game 1 (a vs b): 1/2-1/2 {Draw: the game reached the 12-move limit"'
run -engine cmd="$K --usi" name=k depth=1 -engine "$(fake play)" name=f byoyomi=300 -games 2 -maxmoves 16 -pondering
expect "-pondering: a wrong guess is stopped" 0 'out_has "Finished game 2 (f vs k): 1/2-1/2 {Draw: the game reached the 16-move limit"'
run -engine "$(fake play)" name=a byoyomi=300 stderr=inherit -engine "$(fake play)" name=b byoyomi=300 \
    stderr=inherit -games 1 -maxmoves 12
expect "no ponder without -pondering" 0 '! grep -q "ponderhit" "$tmp/err"'

# real engines: Fairy-Stockfish (at depth 2) against gpsusi (byoyomi, a wide margin), two games at once
if command -v fairy-stockfish >/dev/null 2>&1 && command -v gpsusi >/dev/null 2>&1; then
    run -engine cmd=fairy-stockfish name=fsf depth=2 option."Skill Level"=5 \
        -engine cmd=gpsusi name=gps byoyomi=100 timemargin=3000 -games 2 -repeat -maxmoves 16 -concurrency 2 \
        -out "$tmp/real"
    expect "fairy-stockfish against gpsusi" 0 'out_has "Finished game 1 (fsf vs gps): "' \
        'out_has "Finished game 2 (gps vs fsf): "' 'out_has "Score of fsf vs gps: "' 'out_has "Elo difference: "' \
        '[ "$(ls "$tmp/real" | wc -l)" -eq 4 ]'
    run -engine cmd=fairy-stockfish name=fsf option.Nope=1 depth=1 -engine "$(fake play)" name=y depth=1 -games 1
    expect "an option the engine does not have stops the match before it starts" 2 \
        'err_has "match: engine '"'fsf'"': no option '"'Nope'"' (it has: "' 'err_has "; the match did not start"' \
        '! out_has "Finished game"'
else
    skip "fairy-stockfish against gpsusi: fairy-stockfish or gpsusi is not installed (make test-deps)"
fi

end_suite
