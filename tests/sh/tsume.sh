#!/bin/sh
# scripts/tsume with the release build: the suite up to 9 moves with exact
# lengths, the no-mate file, the command line's output and errors, and the
# composer's reports of examples/tsume.
. "$(dirname "$0")/../lib.sh"
expect() { expect_eq "$@"; } # name, expected, actual
T=scripts/tsume

# ---- the suite: every problem up to 9 moves, exact length and a full main line
$T suite tests/data/tsume_suite.tsv --max-length 9 --quiet >"$tmp/suite" 2>&1
status=$?
expect "suite <= 9 exit status" 0 "$status"
last=$(tail -n 1 "$tmp/suite" | sed -E 's/, nodes.*//')
expect "suite <= 9 totals" "solved 189, wrong 0, unknown 0, skipped 3" "$last"
# the three rows the core refuses: the side not to move is in check
skipped=$(grep -c 'skipped: sfen:1:[0-9]*: the side not to move (white) is in check' "$tmp/suite")
expect "suite skipped rows" 3 "$skipped"
expect "suite skipped ids" "c0155 c0156 c0161" "$(grep skipped: "$tmp/suite" | cut -d' ' -f1 | sort | tr '\n' ' ' | sed 's/ $//')"

# ---- no-mate positions
$T suite tests/data/tsume_nomate.tsv --nodes 30000000 --tt-mb 256 >"$tmp/nomate" 2>&1
for id in c0052 c0074 c0075 c0280 c0281 c0283 c0284 c0285 c0287 c0288 c0289 c0345 c0367 c0368 musou037 musou088; do
    if grep -qE "^$id solved: want nomate, got nomate" "$tmp/nomate"; then ok; else fail "nomate $id: $(grep "^$id " "$tmp/nomate")"; fi
done
# nm_uchi1, nm_nifu1, nm_uchi2: the lance on 1e already checks the king, so the core refuses the SFEN
expect "nomate skipped" 3 "$(grep -c '^nm_.* skipped: sfen:1:[0-9]*: the side not to move (white) is in check' "$tmp/nomate")"
# c0050 is a mate in 7 under the core's rules (confirmed by a plain full-width search, every
# interposition counted): the attacker starts in check, which the file's tool did not expect
expect "c0050 is a mate in 7" "c0050 wrong: want nomate, got mate 7 4f5e P*6d 1a5a+ 4b5a 5e6d R*7c 6d7c+" \
    "$(grep '^c0050 ' "$tmp/nomate" | sed 's/ (.*//')"

# ---- solve
out=$($T solve "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1" | tail -n 1)
expect "solve mate 1" "mate 1 G*5b" "$out"
out=$($T solve "9/9/9/9/9/7np/8k/8B/7LR b rb4g4s3n3l17p 1" | tail -n 1)
expect "solve mate 3, no leftover line" "mate 3 1h6c+ L*1h 6c2g" "$out"
out=$($T solve "kn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1" | tail -n 1)
expect "solve nomate (uchifuzume)" "nomate" "$out"
out=$($T solve "+B2B1n2K/7+R1/p2p1p1ps/3g2+r1k/1p3n3/4n1P+s1/PP7/1S6p/L7L b 3GS7Pn2l2p 1" --nodes 1000 | tail -n 1)
expect "solve unknown at a node limit" "unknown" "$out"
out=$($T solve "4k4/9/4P4/9/9/9/9/9/9 b G 1" --fill-hand | tail -n 1)
expect "solve --fill-hand" "mate 1 G*5b" "$out"
out=$($T solve "8k/7pp/L3p1p2/RBB6/GGG6/GSS6/SSN6/NNN6/LLLR5 b 14p 1" | tail -n 1)
expect "solve futile jsa" "mate 1 6i6a+" "$out"
out=$($T solve "8k/7pp/L3p1p2/RBB6/GGG6/GSS6/SSN6/NNN6/LLLR5 b 14p 1" --futile all | tail -n 1)
expect "solve futile all" "mate 3 6i6a+ P*4a 6a4a" "$out"
# the composers' futile interpositions: the February 1967 problem is published
# as a mate in 49; under jsa its last drop, P*8b next to the king, counts (51)
K67="8k/2rrl4/2n2ln2/g3pp2p/3l4n/2lp5/g5p2/9/7+p1 b 2B2GN4s12p 1"
out=$($T solve "$K67" --futile composer --tt-mb 64 | tail -n 1)
expect "1967 composer length" "mate 49" "$(echo "$out" | cut -d' ' -f1-2)"
expect "1967 composer line end" "R*8b 8a7a 7c7b" "$(echo "$out" | awk '{print $(NF-2), $(NF-1), $NF}')"
out=$($T solve "$K67" --futile jsa --tt-mb 64 | tail -n 1)
expect "1967 jsa length" "mate 51" "$(echo "$out" | cut -d' ' -f1-2)"
expect "1967 jsa line end" "8b8c+ P*8b 7c8b" "$(echo "$out" | awk '{print $(NF-2), $(NF-1), $NF}')"

# errors: message on stderr, exit status 1 for bad input, 2 for bad usage
$T solve "4k4/9/4P4/9/9/9/9/9/x b - 1" >"$tmp/out" 2>"$tmp/err"
expect "bad sfen status" 1 $?
expect "bad sfen message" "tsume: sfen:1:" "$(cut -c1-14 "$tmp/err")"
expect "bad sfen stdout" "" "$(cat "$tmp/out")"
$T >/dev/null 2>"$tmp/err"; expect "no command" 2 $?
grep -q '^tsume: usage:' "$tmp/err" && ok || fail "no command: usage on stderr"
$T frobnicate >/dev/null 2>"$tmp/err"; expect "unknown command" 2 $?
expect "unknown command message" "tsume: unknown command 'frobnicate'" "$(head -n 1 "$tmp/err")"
$T solve "4k4/9/4P4/9/9/9/9/9/9 b G 1" --bogus 3 >/dev/null 2>"$tmp/err"; expect "unknown option" 2 $?
expect "unknown option message" "tsume: unknown option --bogus" "$(head -n 1 "$tmp/err")"
$T solve "4k4/9/4P4/9/9/9/9/9/9 b G 1" --nodes >/dev/null 2>"$tmp/err"; expect "option without value" 2 $?
expect "option without value message" "tsume: option --nodes needs a value" "$(head -n 1 "$tmp/err")"
$T solve "4k4/9/4P4/9/9/9/9/9/9 b G 1" --nodes many >/dev/null 2>"$tmp/err"; expect "bad number" 2 $?
expect "bad number message" "tsume: option --nodes needs a number, got 'many'" "$(head -n 1 "$tmp/err")"
$T solve "4k4/9/4P4/9/9/9/9/9/9 b G 1" --futile some >/dev/null 2>"$tmp/err"; expect "bad futile" 2 $?
expect "bad futile message" "tsume: --futile takes jsa, composer or all" "$(head -n 1 "$tmp/err")"
$T solve >/dev/null 2>"$tmp/err"; expect "solve without sfen" 2 $?
$T check "$tmp/none.lua" >/dev/null 2>"$tmp/err"; expect "check missing file" 1 $?
expect "check missing file message" "tsume: $tmp/none.lua:1:1: cannot open the problem file" "$(cat "$tmp/err")"
printf 'return {position = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", colour = "red"}\n' >"$tmp/bad.lua"
$T check "$tmp/bad.lua" >/dev/null 2>"$tmp/err"; expect "check bad field" 1 $?
expect "check bad field message" "tsume: $tmp/bad.lua:1:1: unknown problem field 'colour'" "$(cat "$tmp/err")"
printf 'return {position = \n' >"$tmp/syntax.lua"
$T check "$tmp/syntax.lua" >/dev/null 2>"$tmp/err"; expect "check syntax error" 1 $?
grep -q "syntax.lua:2:" "$tmp/err" && ok || fail "check syntax error message: $(cat "$tmp/err")"
$T suite "$tmp/none.tsv" >/dev/null 2>"$tmp/err"; expect "suite missing file" 1 $?

# ---- the composer's reports of the examples (all but the timing line)
for f in examples/tsume/*.lua; do
    name=${f%.lua}
    $T check "$f" >"$tmp/report" 2>&1; st=$?
    # exit 1 for a problem that is not sound (the dual, leftover and musou 77 examples show faults)
    case $f in *atama_kin.lua|*futile.lua|*hisshi3.lua|*selfmate4.lua) want=0 ;; *) want=1 ;; esac
    expect "check $f status" "$want" "$st"
    if [ "$(sed '$d' "$tmp/report")" = "$(sed '$d' "$name.report.txt")" ]; then ok
    else fail "report of $f differs from $name.report.txt"; diff "$tmp/report" "$name.report.txt" | head -n 10; fi
done
$T check examples/tsume/dual.lua >"$tmp/report"
expect "dual count" "duals (余詰): 7" "$(grep '^duals' "$tmp/report")"
expect "dual line" "  move 1: 1h6c also mates in 3: 1h6c L*1h 6c2g+" "$(grep 'move 1: 1h6c ' "$tmp/report")"
expect "dual henka" 5 "$(grep -c '(変同)' "$tmp/report")"
expect "dual leftover" "leftover in hand (駒余り) after the intended line: N" "$(grep '^leftover' "$tmp/report")"
$T check examples/tsume/leftover.lua >"$tmp/report"
expect "leftovers" "leftover in hand (駒余り) after the intended line: G N" "$(grep '^leftover' "$tmp/report")"
$T check examples/tsume/futile.lua >"$tmp/report"
expect "futile length" "solver: mate in 1" "$(grep '^solver' "$tmp/report")"
expect "futile main line" "main line: 6i6a+" "$(grep '^main line' "$tmp/report")"
K67R=tests/data/records/jkf__kobayashi_kinsho196702.ki2
$T check "$K67R" --futile composer >"$tmp/report"
expect "1967 check composer status" 0 $?
expect "1967 check composer length" "solver: mate in 49" "$(grep '^solver' "$tmp/report")"
expect "1967 rules disagree" "futile interpositions: the rules disagree: 51 moves under the jsa rule, 49 under the composers' rule" \
    "$(grep '^futile' "$tmp/report")"
$T check "$K67R" >"$tmp/report"
expect "1967 check jsa status" 1 $?
expect "1967 check jsa length" "solver: mate in 51" "$(grep '^solver' "$tmp/report")"
grep -q '^  solution: the defence can last 51 moves, longer than the intended 49: .* (49 under the composers'"'"' rule: futile = "composer")$' "$tmp/report" \
    && ok || fail "1967 check jsa: the hint at the composers' rule: $(grep 'defence can last' "$tmp/report" | cut -c1-80)"
$T check examples/tsume/musou077.lua >"$tmp/report"
expect "musou 77 variation" "  move 6: 8g7f is same length, nothing left over (変同), 6 moves: 8g7f G*8f 8e8f 6d6e 7f6e 5g6f" \
    "$(grep 'move 6:' "$tmp/report")"

# ---- what a new user tried (issue 17): records and loaded problems, exit status, the convention
K=build/komadai
OUT="$tmp/one.kif" "$K" -e 'local g = shogi.game("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")
  g:play("G*5b"); io.open(os.getenv("OUT"), "w"):write(g:write("kif")):close()' 
$T check "$tmp/one.kif" >"$tmp/report" 2>&1; st=$?
expect "check of a KIF tsume record exits 0" 0 "$st"
expect "check of a KIF tsume record: intended" "intended line: G*5b (1 moves)" "$(grep '^intended' "$tmp/report")"
"$K" -e 'local t = shogi.tsume.load("examples/tsume/atama_kin.lua"); local r = assert(shogi.tsume.check(t))
  print(r.status, r.length)' >"$tmp/out" 2>&1
expect "check of a loaded problem" "mate	1" "$(cat "$tmp/out")"
printf 'return {position = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", solution = "G*4b"}\n' >"$tmp/bad.lua"
$T check "$tmp/bad.lua" >"$tmp/report" 2>&1; st=$?
expect "check exits 1 when the intended line is not a mate" 1 "$st"
printf 'return {position = "8k/9/9/9/9/9/9/9/9 b 2R 1"}\n' >"$tmp/empty.lua"
$T check "$tmp/empty.lua" >"$tmp/report" 2>&1
expect "an empty defender hand gets the rest of the set, with a warning" \
    "warning: the defender's hand was empty: it holds the rest of the set (the tsume convention; fill_hand = false keeps it empty)" \
    "$(grep '^warning' "$tmp/report")"
expect "... and then it is no mate" "solver: nomate" "$(grep '^solver' "$tmp/report")"
printf 'return {position = "9/9/9/9/9/9/9/9/9 b 2R2b4g4s4n4l18p 1"}\n' >"$tmp/nokg.lua"
$T check "$tmp/nokg.lua" >"$tmp/report" 2>&1
expect "no defender king: a sentence, not nomate" "solver: cannot solve it: the defender has no king to mate" \
    "$(grep '^solver' "$tmp/report")"
"$K" -e 'print(shogi.solve(shogi.position("sho")))' >"$tmp/out" 2>&1
expect "Sho: a sentence" "nil	solve: the tsume solver takes standard shogi positions, and this is sho shogi" "$(cat "$tmp/out")"

# ---- solve: refused positions (issue 34 item 5)
$T solve "9/9/9/9/9/9/9/9/9 b 2R 1" >"$tmp/out" 2>"$tmp/err"; st=$?
expect "solve with no defender king exits 1" 1 "$st"
expect "... saying why" "tsume: not a valid tsume start: the defender has 0 kings, a tsume needs one" "$(cat "$tmp/err")"
$T solve "4k4/9/4P4/9/9/9/9/4r4/4K4 b G 1" >"$tmp/out" 2>"$tmp/err"; st=$?
expect "solve of an invalid start (the attacker in check) exits 1" 1 "$st"
expect "... as check refuses it" "tsume: not a valid tsume start: the attacker is in check" "$(cat "$tmp/err")"
$T solve "position sfen 3k5/9/4P4/9/9/9/9/9/8K b G 1 moves 1i1h 6a5a" >"$tmp/out" 2>&1; st=$?
expect "solve of a USI position line: the position after its moves" "mate 1 G*5b" "$(tail -1 "$tmp/out")"
expect "... exit 0" 0 "$st"
$T solve "position sfen 3k5/9/4P4/9/9/9/9/9/8K b G 1 moves 1i1h 9a9b" >"$tmp/out" 2>"$tmp/err"; st=$?
expect "solve of a USI line with an illegal move exits 1" 1 "$st"

# ---- problem files by their format: BOD, .usi, .sfen (issue 34 item 5)
"$K" -e 'io.write(shogi.game("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"):write("bod"))' >"$tmp/p.bod"
$T check "$tmp/p.bod" >"$tmp/report" 2>&1; st=$?
expect "check of a BOD diagram exits 0" 0 "$st"
expect "... read as a BOD, its diagram the start" "solver: mate in 1" "$(grep '^solver' "$tmp/report")"
expect "... a diagram without moves has no intended line" "" "$(grep '^intended' "$tmp/report")"
echo "position sfen 3k5/9/4P4/9/9/9/9/9/8K b G2r2b3g4s4n4l17p 1 moves 1i1h 6a5a" >"$tmp/p.usi"
$T check "$tmp/p.usi" >"$tmp/report" 2>&1; st=$?
expect "check of a .usi position line exits 0" 0 "$st"
expect "... the position after its moves" "position: 4k4/9/4P4/9/9/9/9/8K/9 b G2r2b3g4s4n4l17p 3" \
    "$(grep '^position' "$tmp/report")"
echo "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1" >"$tmp/p.sfen"
$T check "$tmp/p.sfen" >"$tmp/report" 2>&1; st=$?
expect "check of a .sfen file exits 0" 0 "$st"
expect "... mate in 1" "solver: mate in 1" "$(grep '^solver' "$tmp/report")"
echo "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1 moves 9a9b" >"$tmp/bad.usi"
$T check "$tmp/bad.usi" >"$tmp/report" 2>&1; st=$?
expect "check of a .usi file with an illegal move exits 1" 1 "$st"

# ---- a folder of problems (issue 34): one verdict line each, a summary, exit 1 when any is faulty
F=tests/data/tsume_folder
$T check "$F" >"$tmp/folder" 2>&1; st=$?
expect "check DIR exits 1 with faulty problems" 1 "$st"
expect "check DIR: one line per problem and a summary" 32 "$(wc -l <"$tmp/folder" | tr -d ' ')"
grep -q '^31 problems: 7 sound, 24 faulty (2 invalid-start, 1 no-mate, 1 wrong-solution, 9 cooked, 10 unneeded-piece, 1 leftover-pieces); [0-9]* nodes, [0-9.]* s$' "$tmp/folder" \
    && ok || fail "check DIR summary: $(tail -n 1 "$tmp/folder")"
expect "check DIR: the 非限定 lance drop is one note" \
    "$F/p05_lance_free.lua: sound (mate in 1; 非限定 at move 1 (L*1c, also 1b 1d 1e 1f 1g 1h 1i);" \
    "$(grep '^[^ ]*p05_lance_free' "$tmp/folder" | sed 's/ [0-9.]* s)$//')"
expect "check DIR: a dual that meets the line again is a note, not a cook (Zuko #34)" \
    "$F/zukou034r.lua: sound (mate in 17; 非限定 at move 5 (N*3h, also N*1h, which meets the line at move 15)" \
    "$(grep '^[^ ]*zukou034r' "$tmp/folder" | sed 's/; 変同.*//; s/ [0-9.]* s)$//')"
expect "check DIR: a cook names its move" "$F/musou038.lua: cooked at move 13 (3g2e) (mate in 15;" \
    "$(grep '^[^ ]*musou038' "$tmp/folder" | sed 's/ [0-9.]* s)$//')"
$T check "$F" --json >"$tmp/json" 2>&1
grep '"file"' "$tmp/json" | sed 's/.*"file":"[^"]*\/\([^"/]*\)".*"verdict":"\([^"]*\)".*/\1	\2/' >"$tmp/kinds"
if grep -v '^#' "$F/verdicts.tsv" | diff - "$tmp/kinds" >"$tmp/d"; then ok
else fail "check DIR --json: verdicts differ from $F/verdicts.tsv"; head -n 10 "$tmp/d"; fi
grep -q '^{"summary":{"faulty":24,' "$tmp/json" && ok || fail "check --json summary: $(tail -n 1 "$tmp/json")"
# empty lists are JSON arrays (issue 34: notes printed as {})
if grep -q '"\(faults\|notes\)":{' "$tmp/json"; then fail "check --json: an empty list written as {}: $(grep -m 1 '":{}' "$tmp/json")"
else ok; fi
grep -q '"faults":\[\],' "$tmp/json" && grep -q '"notes":\[\],' "$tmp/json" && ok \
    || fail "check --json: no problem with empty faults and notes written as []"
$T check "$F/c0103.lua" "$F/p05_lance_free.lua" >"$tmp/two" 2>&1; st=$?
expect "check FILES... all sound exits 0" 0 "$st"
expect "check FILES... summary" "2 problems: 2 sound, 0 faulty" "$(tail -n 1 "$tmp/two" | sed 's/;.*//')"
$T check "$F/p06_atama_kin.kif" >"$tmp/report" 2>&1; st=$?
expect "KIF diagram with 後手の持駒：残り全部 and no moves exits 0" 0 "$st"
expect "... the rest of the set in the defender's hand" "position: 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1" \
    "$(grep '^position' "$tmp/report")"
mkdir "$tmp/empty"
$T check "$tmp/empty" >/dev/null 2>"$tmp/err"; st=$?
expect "check of a folder without problems exits 1" 1 "$st"
grep -q 'no problem files in the folder' "$tmp/err" && ok || fail "empty folder message: $(cat "$tmp/err")"
printf 'return {position = "4k4/9/4P4/9/9/9/9/9/9 b G 1", futile = "some"}\n' >"$tmp/fut.lua"
$T check "$tmp/fut.lua" >/dev/null 2>"$tmp/err"; st=$?
expect "a bad futile field exits 1" 1 "$st"
grep -q "fut.lua:1:1: 'futile' must be" "$tmp/err" && ok || fail "bad futile message: $(cat "$tmp/err")"

# ---- the solution as KIF (issue 34): branches for the variations and duals, the report a comment
$T check examples/tsume/dual.lua --kif "$tmp/sol.kif" >/dev/null 2>&1
expect "--kif: one branch per dual and variation" 12 "$(grep -c '^変化：' "$tmp/sol.kif")"
expect "--kif: the title" "表題：Duals everywhere" "$(grep '^表題' "$tmp/sol.kif")"
expect "--kif: the report as a comment" "*verdict: cooked at move 1 (1h7b+ 1h7b 1h8a+ 1h8a); unneeded piece: p 1f; leftover pieces: N" \
    "$(grep '^\*verdict' "$tmp/sol.kif")"
KIFP="$tmp/sol.kif" "$K" -e 'local g = assert(shogi.read(os.getenv("KIFP"))); print(#g:moves(), #g:info().branches)' >"$tmp/out" 2>&1
expect "--kif: reads back with its branches" "3	12" "$(cat "$tmp/out")"
$T check "$F" --kif "$tmp/x.kif" >/dev/null 2>&1; st=$?
expect "--kif with a folder is refused" 2 "$st"

# ---- the stipulation of a diagram without moves: 手数 header or N手詰 in the title
sed 's/^表題：頭金$/表題：頭金 3手詰/' "$F/p06_atama_kin.kif" >"$tmp/st3.kif"
$T check "$tmp/st3.kif" >"$tmp/report" 2>&1; st=$?
expect "N手詰 title: wrong length exits 1" 1 "$st"
expect "... the verdict" "verdict: wrong length: intended 3, mate in 1" "$(grep '^verdict' "$tmp/report")"
sed 's/^表題：頭金$/手数：1/' "$F/p06_atama_kin.kif" >"$tmp/st1.kif"
$T check "$tmp/st1.kif" >"$tmp/report" 2>&1; st=$?
expect "手数：1 header: sound exits 0" 0 "$st"
expect "... stipulated" "stipulated: mate in 1" "$(grep '^stipulated' "$tmp/report")"

# ---- the diagram of a tsume KIF: its start, with its title and 作者
if scripts/diagram "$F/p06_atama_kin.kif" "$tmp/a.svg" 2>"$tmp/err"; then
    grep -q '<title id="kd-title">頭金</title>' "$tmp/a.svg" && ok || fail "tsume KIF diagram title"
    grep -q 'SFEN 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1' "$tmp/a.svg" && ok || fail "tsume KIF diagram start"
    grep -q '>planted<' "$tmp/a.svg" && ok || fail "tsume KIF diagram 作者 caption"
    scripts/diagram "$tmp/sol.kif" "$tmp/b.svg" 2>"$tmp/err"
    grep -q 'SFEN 9/9/9/9/9/7np/8k/8B/7LR b rb4g4s3n3l17p 1' "$tmp/b.svg" && ok \
        || fail "the diagram of tsume.record's KIF draws the start"
else
    fail "scripts/diagram of a tsume KIF: $(cat "$tmp/err")"
fi

# ---- ばか詰 (helpmate): solve --type helpmate
$T solve "4k4/9/9/9/9/9/9/9/9 b RGr2b3g4s4n4l18p 1" --type helpmate >"$tmp/out" 2>&1; st=$?
expect "solve --type helpmate exits 0" 0 "$st"
expect "... the first solution last" "mate 3 R*5b 5a4a G*4b" "$(tail -n 1 "$tmp/out")"
expect "... the other one" "also R*5b 5a6a G*6b" "$(grep '^also' "$tmp/out")"
$T solve "4k4/9/9/9/9/9/9/9/9 b 2G2r2b2g4s4n4l18p 1" --type helpmate --max-length 5 >"$tmp/out" 2>&1
expect "solve --type helpmate without one" "nomate" "$(tail -n 1 "$tmp/out")"
$T solve "4k4/9/9/9/9/9/9/9/9 b 2G2r2b2g4s4n4l18p 1" --type proofgame >/dev/null 2>"$tmp/err"; st=$?
expect "solve --type of an unknown type exits 2" 2 "$st"
$T solve "4k4/9/9/9/9/9/9/9/9 b 2G2r2b2g4s4n4l18p 1" --type helpmate --futile jsa >/dev/null 2>"$tmp/err"; st=$?
expect "solve --type helpmate --futile exits 2" 2 "$st"

# ---- helpmate problems (type = "helpmate"): sound with one solution, cooked with more
printf 'return {type = "helpmate", position = "8k/9/9/9/9/9/9/9/9 b GS2r2b3g3s4n4l18p 1", solution = "S*2b 1a1b G*1c"}\n' >"$tmp/h1.lua"
printf 'return {type = "helpmate", position = "5k3/9/9/9/9/9/9/9/9 b RGr2b3g4s4n4l18p 1"}\n' >"$tmp/h2.lua"
printf 'return {type = "helpmate", position = "8k/9/9/9/9/9/9/9/9 b GS2r2b3g3s4n4l18p 1", solution = "S*2b 1a1b G*2c"}\n' >"$tmp/h3.lua"
$T check "$tmp/h1.lua" >"$tmp/report" 2>&1; st=$?
expect "helpmate problem: sound exits 0" 0 "$st"
expect "... its solver line" "solver: helpmate in 3, 1 solution" "$(grep '^solver' "$tmp/report")"
$T check "$tmp/h2.lua" "$tmp/h3.lua" >"$tmp/out" 2>&1; st=$?
expect "helpmate problems: faulty exits 1" 1 "$st"
expect "... two solutions cook it" "$tmp/h2.lua: cooked: 2 solutions (mate in 3;" "$(grep 'h2.lua' "$tmp/out" | sed 's/ [0-9.]* s)$//')"
grep -q "h3.lua: wrong solution: the intended line is not a helpmate" "$tmp/out" && ok \
    || fail "helpmate wrong solution: $(grep h3.lua "$tmp/out")"
# a start symmetric about the 5th file: a solution and its mirror image are one solution, other pairs cook
printf 'return {type = "helpmate", position = "4k4/9/9/9/9/9/9/9/9 b RGr2b3g4s4n4l18p 1"}\n' >"$tmp/h5.lua"
$T check "$tmp/h5.lua" >"$tmp/report" 2>&1; st=$?
expect "helpmate: a mirror pair in a symmetric start exits 0" 0 "$st"
expect "... its note" "  note: 2 solutions, one the mirror image of the other in a start symmetric about the 5th file: one solution" \
  "$(grep 'note:' "$tmp/report")"
printf 'return {type = "helpmate", position = "4k4/9/9/9/9/9/9/9/9 b BGrb3g4s4n4l18p 1"}\n' >"$tmp/h6.lua"
$T check "$tmp/h6.lua" >"$tmp/report" 2>&1; st=$?
expect "helpmate: three mirror pairs cook it" "verdict: cooked: 6 solutions (3 up to mirror images)" \
  "$(grep '^verdict' "$tmp/report")"
printf 'return {type = "proofgame", position = "8k/9/9/9/9/9/9/9/9 b GS 1"}\n' >"$tmp/h4.lua"
$T check "$tmp/h4.lua" >/dev/null 2>"$tmp/err"; st=$?
expect "an unknown type exits 1" 1 "$st"
grep -q "'type' must be" "$tmp/err" && ok || fail "unknown type message: $(cat "$tmp/err")"

# ---- 必至 (hisshi): solve --type hisshi, problems with type = "hisshi"
H1="8k/9/9/9/6NN1/9/9/9/9 b G2r2b3g4s2n4l18p 1"
$T solve "$H1" --type hisshi --max-length 1 >"$tmp/out" 2>&1; st=$?
expect "solve --type hisshi exits 0" 0 "$st"
expect "... the key last" "hisshi 1 2e1c+" "$(tail -n 1 "$tmp/out")"
grep -q "(481 defences): mate in 1: G\*1b" "$tmp/out" && ok || fail "hisshi defences grouped: $(cat "$tmp/out")"
$T solve "9/8k/6+P2/6P2/9/9/9/9/9 b RPr2b4g4s4n4l15p 1" --type hisshi >"$tmp/out" 2>&1
expect "solve --type hisshi, 3手必至" "hisshi 3 R*2b" "$(tail -n 1 "$tmp/out")"
grep -q "1b1a (1 defence): 1手必至: 3c2c" "$tmp/out" && ok || fail "3手必至 defences: $(cat "$tmp/out")"
$T solve "8k/9/8P/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1" --type hisshi >"$tmp/out" 2>&1
expect "solve --type hisshi of a tsume" "tsume 1 G*1b" "$(tail -n 1 "$tmp/out")"
$T solve "8k/9/9/9/9/9/9/9/9 b GS2r2b3g3s4n4l18p 1" --type hisshi --length 1 >"$tmp/out" 2>&1
expect "solve --type hisshi without one" "nohisshi" "$(tail -n 1 "$tmp/out")"
$T solve "$H1" --type hisshi --length 2 >/dev/null 2>"$tmp/err"; st=$?
expect "solve --type hisshi --length 2 is refused" 2 "$st"
grep -q "^tsume: --length for --type hisshi takes an odd number of plies up to 7, got 2" "$tmp/err" && ok \
    || fail "hisshi --length 2 message: $(cat "$tmp/err")"
printf 'return {type = "hisshi", position = "%s", solution = "2e1c+"}\n' "$H1" >"$tmp/hi1.lua"
printf 'return {type = "hisshi", position = "%s", solution = "3e2c"}\n' "$H1" >"$tmp/hi2.lua"
printf 'return {type = "hisshi", position = "5pk2/9/7P1/9/9/9/9/9/9 b GS2r2b3g3s4n4l16p 1", solution = "S*3c"}\n' >"$tmp/hi3.lua"
printf 'return {type = "hisshi", position = "8k/9/8P/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", length = 1}\n' >"$tmp/hi4.lua"
$T check "$tmp/hi1.lua" >"$tmp/report" 2>&1; st=$?
expect "hisshi problem: sound exits 0" 0 "$st"
expect "... its solver line" "solver: 1手必至, 1 key: 2e1c+" "$(grep '^solver' "$tmp/report")"
$T check "$tmp/hi1.lua" --kif "$tmp/hi1.kif" >/dev/null 2>&1
grep -q "１三桂成(25)" "$tmp/hi1.kif" && [ "$(grep -c '^変化：2手' "$tmp/hi1.kif")" -ge 5 ] && ok \
    || fail "hisshi --kif: the key, the longest defence and one branch per mate: $(cat "$tmp/hi1.kif")"
$T check "$tmp/hi2.lua" "$tmp/hi3.lua" "$tmp/hi4.lua" >"$tmp/out" 2>&1; st=$?
expect "hisshi problems: faulty exits 1" 1 "$st"
grep -q "hi2.lua: wrong solution: move 1 (3e2c) is no 1手必至" "$tmp/out" && ok || fail "hisshi wrong key: $(grep hi2 "$tmp/out")"
grep -q "hi3.lua: cooked at move 1 (G\*3c)" "$tmp/out" && ok || fail "hisshi dual: $(grep hi3 "$tmp/out")"
grep -q "hi4.lua: the start is a tsume: mate in 1 (G\*1b)" "$tmp/out" && ok || fail "hisshi tsume start: $(grep hi4 "$tmp/out")"

# a 3手必至 line: its first move's defences listed, an intended defence that allows a mate is a fault
printf 'return {type = "hisshi", position = "9/8k/6+P2/6P2/9/9/9/9/9 b RPr2b4g4s4n4l15p 1", solution = "R*2b 1b1a 3c2c"}\n' >"$tmp/hi5.lua"
printf 'return {type = "hisshi", position = "9/8k/6+P2/6P2/9/9/9/9/9 b RPr2b4g4s4n4l15p 1", solution = "R*2b 1b1c 2b2c+"}\n' >"$tmp/hi6.lua"
$T check "$tmp/hi5.lua" >"$tmp/report" 2>&1; st=$?
expect "3手必至 line: sound exits 0" 0 "$st"
grep -q "^after move 1 (R\*2b), every defence:" "$tmp/report" && grep -q "^after move 3 (3c2c), every defence:" "$tmp/report" \
    && ok || fail "3手必至 line report: $(cat "$tmp/report")"
$T check "$tmp/hi6.lua" >"$tmp/report" 2>&1
expect "3手必至 line with a weak defence" "verdict: wrong solution: move 2 (1b1c) allows a mate in 1; the defences that need the hisshi: 1b1a" \
    "$(grep '^verdict' "$tmp/report")"

# a KIF diagram titled "3手必至" is a hisshi problem of that length, its report lists each defence
cat >"$tmp/h7.kif" <<'KIF'
表題：3手必至
手合割：詰将棋
後手の持駒：残り全部
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ ・ ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・v玉|二
| ・ ・ ・ ・ ・ ・ と ・ ・|三
| ・ ・ ・ ・ ・ ・ 歩 ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：飛　歩　
手数----指手---------消費時間--
KIF
$T check "$tmp/h7.kif" >"$tmp/report" 2>&1; st=$?
expect "a 3手必至 KIF diagram: sound exits 0" 0 "$st"
expect "... read as a hisshi" "solver: 3手必至, 1 key: R*2b" "$(grep '^solver' "$tmp/report")"
grep -q "1b1a (1 defence): 1手必至: 3c2c (then every defence mated within 3)" "$tmp/report" && ok \
    || fail "3手必至 KIF report: $(cat "$tmp/report")"

# the attacker's king walled in: a knight check refutes unless it may be answered by any move (--escapes)
H13="8k/9/9/9/6NN1/9/9/PGG6/KNL6 b G2r2bg4sn3l17p 1"
$T solve "$H13" --type hisshi --max-length 1 >"$tmp/out" 2>&1
expect "hisshi with a counter-check, strictly" "nohisshi" "$(tail -n 1 "$tmp/out")"
$T solve "$H13" --type hisshi --max-length 1 --escapes 1 >"$tmp/out" 2>&1
expect "hisshi with a counter-check, --escapes 1" "hisshi 1 2e1c+" "$(tail -n 1 "$tmp/out")"
grep -q "N\*8g (1 defence): a check, answered by 7h8g (the hisshi stands again)" "$tmp/out" && ok \
    || fail "hisshi --escapes defence line: $(cat "$tmp/out")"
$T solve "$H13" --type helpmate --escapes 1 >/dev/null 2>"$tmp/err"; st=$?
expect "--escapes for another type exits 2" 2 "$st"

# ---- 自玉詰 (selfmate): solve --type selfmate, problems with type = "selfmate"
S2="7gk/7pb/8K/5B3/4p2g1/9/9/9/9 b N2r2g4s3n4l16p 1"
$T solve "$S2" --type selfmate >"$tmp/out" 2>&1; st=$?
expect "solve --type selfmate exits 0" 0 "$st"
expect "... the main line last" "selfmate 4 N*2c 1b2c 4d2b+ 2a2b" "$(tail -n 1 "$tmp/out")"
$T solve "$S2" --type selfmate --length 2 >"$tmp/out" 2>&1
expect "solve --type selfmate without one" "noselfmate" "$(tail -n 1 "$tmp/out")"
$T solve "$S2" --type selfmate --futile jsa >/dev/null 2>"$tmp/err"; st=$?
expect "solve --type selfmate --futile exits 2" 2 "$st"
grep -q "^tsume: --type selfmate takes" "$tmp/err" && ok || fail "selfmate --futile message: $(cat "$tmp/err")"
$T solve "8k/9/9/9/9/9/9/9/9 b G 1" --type selfmate --fill-hand >/dev/null 2>"$tmp/err"; st=$?
expect "solve --type selfmate without the attacker's king exits 1" 1 "$st"
grep -q "the attacker has no king" "$tmp/err" && ok || fail "selfmate no king message: $(cat "$tmp/err")"
printf 'return {type = "selfmate", position = "%s", solution = "N*2c 1b2c 4d2b+ 2a2b"}\n' "$S2" >"$tmp/s1.lua"
printf 'return {type = "selfmate", position = "7sk/6G2/8K/9/8+b/9/8R/9/9 b Prb3g3s4n4l17p 1", solution = "3b2b 2a2b"}\n' >"$tmp/s2.lua"
$T check "$tmp/s1.lua" >"$tmp/report" 2>&1; st=$?
expect "selfmate problem: sound exits 0" 0 "$st"
grep -q "note: 成生非限定 at move 3 (4d2b+, also 4d2b)" "$tmp/report" && ok || fail "selfmate promotion note: $(cat "$tmp/report")"
$T check "$tmp/s2.lua" >"$tmp/report" 2>&1; st=$?
expect "selfmate problem: cooked exits 1" 1 "$st"
grep -q "verdict: cooked at move 1 (P\*1b)" "$tmp/report" && ok || fail "selfmate dual: $(cat "$tmp/report")"

# ---- solve FILE: a problem file's position (and its type), as a composer types it ----
expect "solve a Lua problem file" "mate 1 G*5b" "$($T solve examples/tsume/atama_kin.lua | tail -n 1)"
cat >"$tmp/p.kif" <<'KIF'
後手の持駒：残り全部
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・v玉 ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：金
KIF
expect "solve a KIF diagram file" "mate 1 G*5b" "$($T solve "$tmp/p.kif" | tail -n 1)"
$T solve examples/tsume/hisshi3.lua >"$tmp/report" 2>&1
grep -q "every defence" "$tmp/report" && ok || fail "solve a hisshi file takes its type: $(head -3 "$tmp/report")"

end_suite
