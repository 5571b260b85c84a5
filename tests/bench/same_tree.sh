#!/bin/bash
# same_tree.sh: a behaviour-preserving speed change must make exactly the same
# search tree.  At each bench position (tests/bench/search.sh), `go nodes N`
# (NODES, default 100000) and `go depth D` (DEPTH, default 10) must print the
# same info lines (all but time and nps) and the same bestmove from NEW (default
# build/komadai) as from BASE (default /tmp/speed_base/komadai, a copy of the
# build at main's HEAD made before the change).  Not part of `make test`: it
# needs the base binary.  Prints "N passed, N failed".
cd "$(dirname "$0")/../.." || exit 2
BASE=${BASE:-/tmp/speed_base/komadai}
NEW=${NEW:-build/komadai}
NODES=${NODES:-100000}
DEPTH=${DEPTH:-10}
[ -x "$BASE" ] || { echo "same_tree.sh: no base binary at $BASE" >&2; exit 2; }
[ -x "$NEW" ] || { echo "same_tree.sh: no binary at $NEW" >&2; exit 2; }
POSITIONS=$(sed -n '/^POSITIONS="/,/"$/p' tests/bench/search.sh | sed 's/^POSITIONS="//; s/"$//')

# search BIN SFEN GO: the info lines and the bestmove, time and nps taken out
search() {
    coproc K { "$1" --usi 2>/dev/null; }
    printf 'usi\nsetoption name USI_Hash value 16\nisready\nusinewgame\nposition sfen %s\ngo %s\n' "$2" "$3" >&"${K[1]}"
    while IFS= read -r line <&"${K[0]}"; do
        case $line in
        info*depth*) echo "$line" | sed -E 's/ (nps|time) [0-9]+//g' ;;
        bestmove*) echo "$line"; break ;;
        esac
    done
    echo quit >&"${K[1]}"
    wait "$K_PID" 2>/dev/null
}

pass=0 fail=0
while IFS= read -r sfen; do
    [ -n "$sfen" ] || continue
    for go in "nodes $NODES" "depth $DEPTH"; do
        a=$(search "$BASE" "$sfen" "$go")
        b=$(search "$NEW" "$sfen" "$go")
        if [ -n "$a" ] && [ "$a" = "$b" ]; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "DIFFERENT: go $go at $sfen"
            diff <(echo "$a") <(echo "$b") | head -n 10
        fi
    done
done <<< "$POSITIONS"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
