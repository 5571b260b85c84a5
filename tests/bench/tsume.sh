#!/bin/sh
# Tsume benchmark (not a test): komadai's solver beside KomoringHeights (when
# its binary is present) on tests/data/tsume_suite.tsv, per length band
# (1-9, 11-19, 21-29, 31-49, 51-117, 119 and longer), one thread, the same
# table size, solving time per problem summed, lengths checked exact for both,
# with the ratio komadai / KomoringHeights.  The driver is tests/bench/tsume.lua;
# its settings (environment):
#   KOMORING_HEIGHTS  the KomoringHeights binary (tests/README.md; built with
#                `make normal TARGET_CPU=ZEN3 COMPILER=clang++` in its source/;
#                unset or "none": komadai alone; KOMORING is an older name)
#   TSUME_TIME   seconds per problem and solver (default 300)
#   TSUME_TT_MB  table size in MiB for both (default 2048)
#   TSUME_BANDS  e.g. "1-9,11-19" or "51,119" (default: all six bands)
#   TSUME_IDS    only these problems, e.g. "zukou096,musou098"
#   TSUME_SOLVER both | komadai | komoring;  TSUME_VERBOSE=1: a line per problem
# A short run: TSUME_BANDS=1-9,11-19 TSUME_TIME=30 make bench BENCH=tsume
cd "$(dirname "$0")/../.." || exit 2
export LUA_PATH="$PWD/lua/?.lua;$PWD/lua/?/init.lua;;"
export LUA_CPATH="$PWD/build/lib/?.so;;"
t0=$(date +%s.%N)
lua5.4 tests/bench/tsume.lua
t1=$(date +%s.%N)
awk -v a="$t0" -v b="$t1" 'BEGIN {printf "  wall time %.1f s\n", b - a}'
exit 0
