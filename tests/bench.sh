#!/bin/sh
# make bench: the speed figures of the issues, on the optimised build.
# Timings, not tests: nothing here fails the build.  Read them as ratios on a
# shared 2-core machine.
cd "$(dirname "$0")/.." || exit 2
export LUA_PATH="$PWD/lua/?.lua;$PWD/lua/?/init.lua;;"
export LUA_CPATH="$PWD/build/lib/?.so;;"
perft=build/perft
# sections to run: perft, lua, records, tsume, genres, match, search, csa, web (default: all), e.g. `make bench BENCH=perft`
want() { [ -z "$SECTIONS" ] || case " $SECTIONS " in *" $1 "*) true;; *) false;; esac; }
SECTIONS="$*"
now() { date +%s.%N; }
median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

row() { # name sfen depth mode -> one line: nodes, seconds, leaves/s
    flag=""; [ "$4" = every ] && flag=--no-bulk
    t0=$(now); n=$($perft "$2" "$3" $flag | tail -n 1); t1=$(now)
    awk -v name="$1" -v d="$3" -v m="$4" -v n="$n" -v a="$t0" -v b="$t1" \
        'BEGIN {s = b - a; printf "  %-18s depth %d  %-5s %13d leaves %8.2f s %8.1f M leaves/s\n", name, d, m, n, s, n / s / 1e6}'
}

if want perft; then
echo "== perft (single thread)"
for mode in bulk every; do
    flag=""; [ $mode = every ] && flag=--no-bulk
    times=$(for i in 1 2 3 4 5; do t0=$(now); $perft startpos 5 $flag >/dev/null; t1=$(now); awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}'; done | median)
    awk -v t="$times" -v m="$mode" 'BEGIN {printf "  startpos depth 5, %-5s median of 5: %.3f s (%.1f M leaves/s)\n", m, t, 19861490 / t / 1e6}'
done
mid="6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1"
hands="4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 1"
for mode in bulk every; do
    row startpos startpos 6 $mode
    row bench_middle_b "$mid" 4 $mode
    row hands_only_kings "$hands" 3 $mode
done
# issue 18's comparison: bulk perft 6 from the start beside YaneuraOu's (its "go perft", 16 MiB
# table, one thread; its own "Elapsed Time", so the table allocation at isready is not timed),
# pairs run back to back, the median of the ratios (goal: komadai at most 0.8x its time)
# report_pairs WHAT ANCHOR GOAL < lines "ratio komadai_s anchor_s": each pair, then the median
report_pairs() {
    r=$(cat)
    echo "$r" | awk -v w="$1" -v a="$2" '{printf "  %s pair %d: komadai %.2f s, %s %.2f s, ratio %.2f\n", w, NR, $2, a, $3, $1}'
    echo "  $1, median ratio komadai/$2 of $(echo "$r" | wc -l) pairs: $(echo "$r" | cut -d' ' -f1 | median)x (goal <= $3)"
}
yo=${YANEURAOU_MATERIAL:-}
if [ -n "$yo" ] && [ -x "$yo" ]; then
    pairs=${PERFT_PAIRS:-3}
    ratios=$(for i in $(seq 1 "$pairs"); do
        t0=$(now); $perft startpos 6 >/dev/null; t1=$(now)
        ms=$(printf 'usi\nsetoption name USI_Hash value 16\nsetoption name Threads value 1\nisready\nposition startpos\ngo perft 6\nquit\n' |
             "$yo" 2>/dev/null | sed -n 's/^Elapsed Time = \([0-9]*\) \[ms\].*/\1/p' | tail -n 1)
        awk -v a="$t0" -v b="$t1" -v y="$ms" 'BEGIN {if (y > 0) printf "%.3f %.2f %.2f\n", (b - a) * 1000 / y, b - a, y / 1000}'
    done)
    echo "$ratios" | report_pairs "perft 6 bulk" YaneuraOu 0.8
else
    echo "  skip perft 6 bulk against YaneuraOu: set YANEURAOU_MATERIAL to its executable (tests/README.md)"
fi
# and every-leaf perft 5 from the start beside cshogi's C++ core (every move of the last ply made
# and unmade): $CSHOGI_PERFT, a small driver built outside the repository over cshogi's src/
# (docs/BENCHMARKS.md, "The anchors", says how); pairs back to back, the median ratio (goal: at most 0.6x)
cs=${CSHOGI_PERFT:-}
if [ -n "$cs" ] && [ -x "$cs" ]; then
    pairs=${PERFT_PAIRS:-3}
    ratios=$(for i in $(seq 1 "$pairs"); do
        t0=$(now); $perft startpos 5 --no-bulk >/dev/null; t1=$(now); n=$("$cs" startpos 5); t2=$(now)
        [ "$n" = 19861490 ] || { echo "cshogi counted $n" >&2; continue; }
        awk -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN {printf "%.3f %.2f %.2f\n", (b - a) / (c - b), b - a, c - b}'
    done)
    echo "$ratios" | report_pairs "perft 5 every-leaf" cshogi 0.6
else
    echo "  skip perft 5 every-leaf against cshogi: set CSHOGI_PERFT to its driver (tests/README.md)"
fi
fsf=$(command -v fairy-stockfish || ls /usr/games/fairy-stockfish 2>/dev/null)
if [ -n "$fsf" ]; then
    t0=$(now)
    printf 'setoption name UCI_Variant value shogi\nposition startpos\ngo perft 5\nquit\n' | "$fsf" >/dev/null 2>&1
    t1=$(now)
    awk -v a="$t0" -v b="$t1" 'BEGIN {printf "  fairy-stockfish startpos perft 5 (same run, for scale): %.2f s\n", b - a}'
fi

fi

if want lua; then
echo "== Lua boundary"
if [ -f tests/bench/lua_positions.lua ]; then lua5.4 tests/bench/lua_positions.lua; fi
build/komadai tests/bench/lua_view.lua
t=$(for i in $(seq 1 21); do t0=$(now); build/komadai -e '' >/dev/null; t1=$(now); awk -v a="$t0" -v b="$t1" 'BEGIN {print (b - a) * 1000}'; done | median)
awk -v t="$t" 'BEGIN {printf "  komadai -e '"''"' startup, median of 21: %.1f ms\n", t}'

fi

if want records; then
echo "== records"
lua5.4 tests/bench/records.lua
sh tests/bench/records_scale.sh
fi

if want tsume; then
echo "== tsume"
if [ -f tests/bench/tsume.sh ]; then sh tests/bench/tsume.sh; fi
fi

if want genres; then
echo "== genres (hisshi, selfmate, helpmate suites)"
lua5.4 tests/bench/genres.lua
fi

if want csa; then
if command -v python3 >/dev/null; then python3 tests/csa/bench.py build/komadai "${CSA_GAMES:-200}" "${CSA_MAX_MOVES:-256}"
else echo "== CSA server: python3 is missing"; fi
fi
if want match; then
echo "== match"
if [ -f tests/bench/match.sh ]; then sh tests/bench/match.sh; fi
fi
if want search; then
if [ -f tests/bench/search.sh ]; then sh tests/bench/search.sh; fi
fi
if want web; then
sh tests/bench/web.sh
fi
