#!/bin/sh
# make bench BENCH=records, second part: reading and replaying records at scale.
#  1. komadai beside tsshogi on the same files: scripts/records (every move checked by
#     the core, one JSON row per file) with -j 1 and -j 2, and tests/bench/tsshogi_replay.js
#     (read, decode, import, play every move: one node process), in moves per second;
#  2. komadai -j 2 on synthetic corpora from 1,000 files up to RECORDS_MAX (default
#     100000; 1000000 runs the million too, about 8 GB in TMPDIR and a quarter of an hour):
#     seconds, files/s, moves/s and the largest resident set of any of its processes,
#     which must not grow with the number of files.
# The corpora are made in a temporary directory (tests/bench/make_corpus.lua: copies of the
# real records, each varied, a fifth in CP932) and removed afterwards.  Timings, not tests.
cd "$(dirname "$0")/../.." || exit 2
export LUA_PATH="$PWD/lua/?.lua;$PWD/lua/?/init.lua;;" LUA_CPATH="$PWD/build/lib/?.so;;"
max=${RECORDS_MAX:-100000}
work=$(mktemp -d "${TMPDIR:-/tmp}/komadai-bench-records.XXXXXX")
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
# run LABEL MOVES FILES CMD...: one line: the seconds, files/s and moves/s of CMD, its CPU
# seconds (user + system, its processes together) and moves per CPU second (the figure that
# holds on a loaded machine), and the largest resident set of any of its processes (GNU time)
run() {
    label=$1; moves=$2; files=$3; shift 3
    t0=$(now)
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f '%M %U %S' -o "$work/rss" "$@" >"$work/out" 2>/dev/null
    else
        "$@" >"$work/out" 2>/dev/null; echo 0 0 0 >"$work/rss"
    fi
    t1=$(now)
    set -- $(tail -n 1 "$work/rss")
    awk -v l="$label" -v m="$moves" -v f="$files" -v a="$t0" -v b="$t1" -v r="$1" -v cpu="$(awk -v u="$2" -v s="$3" 'BEGIN {print u + s}')" 'BEGIN {
        s = b - a; printf "  %-28s %7d files %8d moves %7.2f s %6.0f files/s %7.0f moves/s | CPU %6.2f s %7.0f moves/CPU-s | max RSS %5.1f MiB\n",
        l, f, m, s, f / s, m / s, cpu, (cpu > 0 ? m / cpu : 0), r / 1024}'
    last_s=$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')
    last_cpu=$(awk -v u="$2" -v s="$3" 'BEGIN {print u + s}')
}
have_tsshogi=false
command -v node >/dev/null 2>&1 && [ -f node_modules/tsshogi/package.json ] && have_tsshogi=true

corpus() { # N -> $work/cN (made once), its list and its moves
    d=$work/c$1
    if [ ! -d "$d" ]; then
        lua5.4 tests/bench/make_corpus.lua "$d" "$1" >"$d.moves" || { echo "  cannot make the corpus"; exit 1; }
        find "$d" -type f | LC_ALL=C sort >"$d.list"
    fi
}

echo "  -- komadai beside tsshogi $( $have_tsshogi && node -p 'require("./node_modules/tsshogi/package.json").version'), the same 10,000 files"
corpus 10000
n=10000; m=$(cat "$work/c10000.moves")
run "scripts/records -j 1" "$m" $n scripts/records --files-from "$work/c10000.list"; k1=$last_s; c1=$last_cpu
run "scripts/records -j 2" "$m" $n scripts/records --files-from "$work/c10000.list" -j 2; k2=$last_s
if $have_tsshogi; then
    run "tsshogi (node, one process)" "$m" $n node tests/bench/tsshogi_replay.js <"$work/c10000.list"
    t=$last_s; tc=$last_cpu
    got=$(cut -d' ' -f2 "$work/out")
    [ "$got" = "$m" ] || echo "  (tsshogi counted $got moves, komadai $m)"
    awk -v a="$k1" -v b="$k2" -v t="$t" -v c="$c1" -v tc="$tc" 'BEGIN {
        printf "  komadai / tsshogi in moves/s: %.1fx with -j 1, %.1fx with -j 2 (goal: 10x); per CPU second %.1fx\n",
        t / a, t / b, (c > 0 ? tc / c : 0)}'
else
    echo "  skip tsshogi: node or node_modules/tsshogi is missing (npm ci)"
fi

echo "  -- komadai -j 2 as the corpus grows (a fifth of the files in CP932)"
for n in 1000 10000 100000 1000000; do
    [ "$n" -le "$max" ] || break
    corpus $n
    run "scripts/records -j 2" "$(cat "$work/c$n.moves")" $n scripts/records --files-from "$work/c$n.list" -j 2
    rm -rf "$work/c$n"
done
