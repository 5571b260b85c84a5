#!/bin/sh
# tests/bench/records_same.sh BASE [N]: does this tree read records exactly as BASE does
# (another checkout, built: a copy of main made with `git archive main | tar -x -C BASE`
# and `make` there)?  A change to the readers made for speed must keep every game, its
# g:info() and every error.  Compares, file for file, what shogi.read makes
# (tests/bench/records_dump.lua) and the rows of scripts/records on: the records of
# tests/data, a synthetic corpus of 2,000 files (tests/bench/make_corpus.lua), and N (default
# 5000) mutated CSA and N mutated KIF/KI2 records (tests/bench/mutate_records.lua).
# Prints one line per set and exits 1 when any differs.  (A file on which BASE's reader raised
# a Lua error, a bug, differs where this tree has fixed it: main before issue 37's third round
# raised on a 残り全部 diagram with a bad board, one of the default mutated KIF/KI2 set.)  Not a timed test: a check to run
# beside the benchmark.
cd "$(dirname "$0")/../.." || exit 2
base=${1:?usage: records_same.sh BASE [N]}
n=${2:-5000}
[ -f "$base/build/lib/shogi/core.so" ] || { echo "records_same: $base has no build (make there)"; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/komadai-records-same.XXXXXX")
trap 'rm -rf "$work"' EXIT
here=$PWD
with() { # TREE CMD...: CMD with TREE's modules
    tree=$1; shift
    LUA_PATH="$tree/lua/?.lua;$tree/lua/?/init.lua;;" LUA_CPATH="$tree/build/lib/?.so;;" "$@"
}
status=0
same() { # NAME LIST: the dumps and the rows of both trees
    o=$work/$(echo "$1" | tr -c 'a-z\n' _)
    with "$here" lua5.4 tests/bench/records_dump.lua "$2" >"$o.here"
    with "$base" lua5.4 tests/bench/records_dump.lua "$2" >"$o.base"
    "$here/scripts/records" --files-from "$2" >"$o.rows.here" 2>"$o.err.here"
    (cd "$base" && scripts/records --files-from "$2") >"$o.rows.base" 2>"$o.err.base"
    files=$(wc -l <"$2")
    if cmp -s "$o.here" "$o.base" && cmp -s "$o.rows.here" "$o.rows.base"; then
        echo "  $1: the same games, info, errors and rows ($files files)"
    else
        echo "  $1: DIFFERENT ($files files); the first differences:"
        diff "$o.base" "$o.here" | head -6 | cut -c1-400
        diff "$o.rows.base" "$o.rows.here" | head -4 | cut -c1-400
        status=1
    fi
}
find "$here/tests/data" -type f | grep -E '\.(csa|kif|kifu|ki2|ki2u|jkf|bod|usi|sfen)$' | LC_ALL=C sort >"$work/data.list"
same "tests/data" "$work/data.list"
with "$here" lua5.4 tests/bench/make_corpus.lua "$work/corpus" 2000 >/dev/null
find "$work/corpus" -type f | LC_ALL=C sort >"$work/corpus.list"
same "synthetic corpus" "$work/corpus.list"
for kind in csa kif; do
    with "$here" lua5.4 tests/bench/mutate_records.lua "$work/m$kind" "$n" "$kind" >/dev/null
    find "$work/m$kind" -type f | LC_ALL=C sort >"$work/m$kind.list"
    same "mutated $kind" "$work/m$kind.list"
done
exit $status
