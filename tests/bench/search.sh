#!/bin/sh
# make bench BENCH=search: nodes per second of the game-tree search at fixed
# opening positions from real games (tests/data/records: the 2005 Yamada-GPS
# game and the 2014 Ryuou game), SEARCH_MS a move (default 2000), one thread,
# all engines driven through USI the same way:
#   built-in   komadai --usi (the C evaluation)
#   lua pst    komadai --usi examples/bots/pst.lua (an evaluation in Lua)
#   anchor     YaneuraOu's material engine, when $YANEURAOU_MATERIAL names its
#              executable (tests/README.md); built outside the repository,
#              never committed.
# Each row: the nodes per second of the last info line, and the ratios the
# issue asks for (lua/built-in >= 0.25; built-in/anchor >= 1.0, the median of
# SEARCH_PAIRS back-to-back pairs).  Then the nodes each engine needs to reach
# SEARCH_DEPTH (default 12) at the same positions, the built-in against
# another build ($SEARCH_BASE, a komadai binary: SPRT at 100 ms a move) and
# against the anchor (the moonshot, with the score's 95% interval).
cd "$(dirname "$0")/../.." || exit 2
MS=${SEARCH_MS:-2000}
ANCHOR=${YANEURAOU_MATERIAL:-}
POSITIONS="ln1g3nl/2skgsr2/ppppppbpp/9/6p2/2PPP4/PPB1SPPPP/2K4R1/LNSG1G1NL b - 17
lnkg3nl/2s1gs3/pppppp1pp/5b3/9/1BPPP1r2/PP1GSP1PP/2K4R1/LNSG3NL b Pp 25
ln1gk2nl/1r4g2/pppsp1sp1/3p1pp1p/7P1/2P3PS1/PPSPPP2P/3K3R1/LN1G1G1NL b Bb 21
ln2k2nl/2g2r3/pp1sp1gp1/2pp1ps1p/7P1/2P6/PPSPPPS1P/2K1G2R1/LN1G3NL b BPbp 31"

# nps ENGINE_CMD SETUP SFEN: the nps of the last info line with nodes and time
nps() {
    out=$( (printf 'usi\n%sisready\n' "$2"; sleep 1; printf 'usinewgame\nposition sfen %s\ngo movetime %s\n' "$3" "$MS";
            sleep $(( MS / 1000 + 2 )); printf 'quit\n') | $1 2>/dev/null)
    echo "$out" | grep '^info.* nodes ' | grep ' time ' | tail -n 1 |
        awk '{for (i = 1; i < NF; i++) {if ($i == "nodes") n = $(i + 1); if ($i == "time") t = $(i + 1)} }
             END {if (t > 0) printf "%d", n * 1000 / t; else print 0}'
}

echo "== search (single thread, ${MS} ms a move, nodes/s from each engine's last info line)"
have_anchor=""; [ -n "$ANCHOR" ] && [ -x "$ANCHOR" ] && have_anchor=1
anchor_setup='setoption name Threads value 1
setoption name USI_Hash value 64
setoption name BookFile value no_book
setoption name NetworkDelay value 0
setoption name NetworkDelay2 value 0
setoption name MinimumThinkingTime value 1
'
# SEARCH_PAIRS (default 3) back-to-back runs of the built-in and the anchor per
# position, the median of their ratios: this VM's speed drifts by half from one
# run to the next, and a single pair says little
pairs=${SEARCH_PAIRS:-3}
median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2)}'; }
echo "$POSITIONS" | while IFS= read -r sfen; do
    [ -n "$sfen" ] || continue
    b=$(nps "build/komadai --usi" 'setoption name USI_Hash value 64
' "$sfen")
    l=$(nps "build/komadai --usi examples/bots/pst.lua" 'setoption name USI_Hash value 64
' "$sfen")
    row=$(awk -v b="$b" -v l="$l" 'BEGIN {printf "built-in %8.0f  lua pst %8.0f (%.2f of built-in)", b, l, (b > 0 ? l / b : 0)}')
    if [ -n "$have_anchor" ]; then
        ratios=$(i=0; while [ $i -lt "$pairs" ]; do
            [ $i -gt 0 ] && b=$(nps "build/komadai --usi" 'setoption name USI_Hash value 64
' "$sfen")
            a=$(nps "$ANCHOR" "$anchor_setup" "$sfen")
            awk -v a="$a" -v b="$b" 'BEGIN {printf "%.3f %d\n", (a > 0 ? b / a : 0), a}'
            i=$((i + 1)); done)
        a=$(echo "$ratios" | awk '{print $2}' | median)
        r=$(echo "$ratios" | awk '{print $1}' | median)
        all=$(echo "$ratios" | awk '{printf "%s%.2f", (NR > 1 ? " " : ""), $1}')
        row="$row$(awk -v a="$a" -v r="$r" -v all="$all" 'BEGIN {printf "  anchor %8.0f (built-in %.2fx, median of %s)", a, r, all}')"
    fi
    echo "  $(echo "$sfen" | cut -c1-24)...  $row"
done
[ -n "$have_anchor" ] || echo "  skip the anchor column and the moonshot: set YANEURAOU_MATERIAL to YaneuraOu's material engine (tests/README.md)"

# the nodes to reach SEARCH_DEPTH (the last info line of "go depth N" from a new game):
# what a ply of each engine's search costs, which its pruning sets
depth=${SEARCH_DEPTH:-12}
# to_depth ENGINE_CMD SETUP SFEN: "nodes ms" of the last info line at that depth, read
# SEARCH_DEPTH_WAIT seconds (default 3) after the go
to_depth() {
    (printf 'usi\n%sisready\n' "$2"; sleep 1; printf 'usinewgame\nposition sfen %s\ngo depth %s\n' "$3" "$depth";
     sleep "${SEARCH_DEPTH_WAIT:-3}"; printf 'quit\n') | $1 2>/dev/null |
        awk -v d="$depth" '/^info/ && / nodes / {n = t = ""; hit = 0
             for (i = 1; i < NF; i++) {if ($i == "depth" && $(i + 1) == d) hit = 1; if ($i == "nodes") n = $(i + 1); if ($i == "time") t = $(i + 1)}
             if (hit) {nodes = n; ms = t}}
             END {if (nodes != "") printf "%d nodes %s ms", nodes, ms; else printf "not reached"}'
}
echo "== nodes to depth $depth (go depth $depth, one thread, a new game each)"
echo "$POSITIONS" | while IFS= read -r sfen; do
    [ -n "$sfen" ] || continue
    row="built-in $(to_depth "build/komadai --usi" 'setoption name USI_Hash value 64
' "$sfen")"
    [ -n "${SEARCH_BASE:-}" ] && row="$row  base $(to_depth "$SEARCH_BASE --usi" 'setoption name USI_Hash value 64
' "$sfen")"
    [ -n "$have_anchor" ] && row="$row  anchor $(to_depth "$ANCHOR" "$anchor_setup" "$sfen")"
    echo "  $(echo "$sfen" | cut -c1-24)...  $row"
done

# SEARCH_LOG: a file that gets the matches' whole output as they go (what a run
# cut short by a timeout leaves)
log=${SEARCH_LOG:-/dev/null}

# score_interval: the last "Score of A vs B: W - L - D" line of a match's output with
# the score's 95% interval (normal approximation over the games' results 1, 1/2, 0)
score_interval() {
    awk '/^Score of / {w = $(NF - 6); l = $(NF - 4); d = $(NF - 2)}
         END {n = w + l + d; if (n == 0) exit
              p = (w + d / 2) / n; v = (w * (1 - p) ^ 2 + l * p ^ 2 + d * (0.5 - p) ^ 2) / n
              h = 1.96 * sqrt(v / n)
              printf "  score %.1f%% (95%%: %.1f%%-%.1f%%) over %d games\n", 100 * p, 100 * (p - h), 100 * (p + h), n}'
}

# the built-in against $SEARCH_BASE (another build of komadai: the one before tuning),
# an SPRT at SPRT_MS (default 100) ms a move, elo0=0 elo1=SPRT_ELO1 (default 20), at most
# SPRT_GAMES games (default 200) from tests/data/openings_varied.txt in random order
if [ -n "${SEARCH_BASE:-}" ] && [ "${SPRT_GAMES:-200}" -gt 0 ]; then
    sg=${SPRT_GAMES:-200}
    # shellcheck disable=SC2086 # SEARCH_RESIGN is words for -resign
    echo "  this build against $SEARCH_BASE: SPRT elo0=0 elo1=${SPRT_ELO1:-20}, ${SPRT_MS:-100} ms a move, at most $sg games"
    out=$(scripts/match -engine "cmd=build/komadai --usi" name=new option.NetworkDelay=0 \
        -engine "cmd=$SEARCH_BASE --usi" name=base option.NetworkDelay=0 \
        -each byoyomi="${SPRT_MS:-100}" timemargin="${SEARCH_MARGIN:-100}" -openings file=tests/data/openings_varied.txt order=random \
        -games "$sg" -repeat -concurrency 1 -sprt elo0=0 elo1="${SPRT_ELO1:-20}" ${SEARCH_RESIGN:+-resign $SEARCH_RESIGN} 2>&1 | tee -a "$log")
    echo "$out" | grep -E '^(Score of|Elo difference|Ptnml|SPRT|Ptnml LLR)' | sed 's/^/  /'
    echo "$out" | score_interval
fi

# the moonshot: the built-in bot against the anchor at 200 ms a move (byoyomi), colours
# alternated, from the openings of $MOONSHOT_OPENINGS (default tests/data/openings.txt;
# tests/data/openings_varied.txt has 120 longer ones) in order (two games each),
# MOONSHOT_GAMES games (default 8; 0 to skip), through the match runner; both with
# no network margin (komadai's default NetworkDelay of 100 ms would halve its 200 ms).
# SEARCH_MARGIN (ms, default 100): the time either may overstep before it loses (a
# loaded machine's stalls: at a load of 8 on 2 cores most games of a 100 ms SPRT were
# lost on time, 0.2-0.4 s a move; here and in the SPRT); SEARCH_RESIGN (e.g.
# "movecount=3 score=1000 twosided=true", default none): the match runner's -resign
# adjudication, which shortens the lost games (here and in the SPRT)
games=${MOONSHOT_GAMES:-8}
openings=${MOONSHOT_OPENINGS:-tests/data/openings.txt}
if [ -n "$have_anchor" ] && [ "$games" -gt 0 ]; then
    echo "  moonshot: built-in against YaneuraOu material, $games games at 200 ms a move (goal: at least 50%)"
    # shellcheck disable=SC2086 # SEARCH_RESIGN is words for -resign
    out=$(scripts/match -engine "cmd=build/komadai --usi" name=komadai option.NetworkDelay=0 \
        -engine "cmd=$ANCHOR" name=yaneuraou option.Threads=1 option.USI_Hash=64 option.BookFile=no_book \
            option.NetworkDelay=0 option.NetworkDelay2=0 option.MinimumThinkingTime=1 \
        -each byoyomi=200 timemargin="${SEARCH_MARGIN:-100}" -openings file="$openings" -games "$games" -repeat \
        -concurrency 1 ${SEARCH_RESIGN:+-resign $SEARCH_RESIGN} 2>&1 | tee -a "$log")
    echo "$out" | tail -n 4 | sed 's/^/  /'
    echo "$out" | score_interval
fi

# the same match with MOONSHOT_NODES nodes a move for each engine (default 0: skipped):
# the search's worth per node, apart from its speed (2026-12-02: 100000 nodes, 60 games
# from 113 varied openings: 16-44, where 200 ms a move gave 7-33)
nodes=${MOONSHOT_NODES:-0}
if [ -n "$have_anchor" ] && [ "$games" -gt 0 ] && [ "$nodes" -gt 0 ]; then
    echo "  moonshot at equal nodes: $games games at $nodes nodes a move each"
    scripts/match -engine "cmd=build/komadai --usi" name=komadai \
        -engine "cmd=$ANCHOR" name=yaneuraou option.Threads=1 option.USI_Hash=64 option.BookFile=no_book \
        -each nodes="$nodes" -openings file="$openings" -games "$games" -repeat -concurrency 1 2>&1 |
        tail -n 4 | sed 's/^/  /'
fi
