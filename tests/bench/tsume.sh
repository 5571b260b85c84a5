#!/bin/sh
# Tsume benchmark (not a test): solves tests/data/tsume_suite.tsv up to 117
# moves with the release build and prints, per length band, the problems
# solved (the exact length, proven shortest), wrong, unknown (a limit hit, or
# a length not yet proven shortest), skipped (the core refuses the SFEN),
# nodes and seconds.
# The anchor, KomoringHeights on one thread with a 2 GB table, proved the 192
# problems up to 9 moves in 10 s and the 329 up to 117 moves in 1,030 s.
#   TSUME_TIME   seconds allowed per problem (default 900: a safety cap, not a
#                target; the longest, Shogi Zuko #99, takes about 215 s here)
#   TSUME_TT_MB  table size in MiB (default 2048, the anchor's 2 GB; the table
#                rounds down to a power-of-two cluster count, 1.5 GiB here)
#   TSUME_MAX    longest problem to try (default 117)
cd "$(dirname "$0")/../.." || exit 2
time_limit=${TSUME_TIME:-900}
tt=${TSUME_TT_MB:-2048}
max=${TSUME_MAX:-117}
echo "  tsume suite up to $max moves, $time_limit s per problem, ${tt} MiB table (anchor: KomoringHeights 1 thread 2 GB:"
echo "  192 problems up to 9 moves in 10 s, 329 up to 117 moves in 1,030 s)"
t0=$(date +%s.%N)
scripts/tsume suite tests/data/tsume_suite.tsv --max-length "$max" --time "$time_limit" --tt-mb "$tt" --quiet |
    sed 's/^/  /'
t1=$(date +%s.%N)
awk -v a="$t0" -v b="$t1" 'BEGIN {printf "  wall time %.1f s\n", b - a}'
exit 0
