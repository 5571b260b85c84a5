#!/bin/sh
# Runs every examples/*.lua with plain lua5.4 and the in-place paths, and with
# build/komadai when it can run a script; each must exit 0 and print no error.
# Last line: "N passed, N failed"; exit status non-zero on a failure.
. "$(dirname "$0")/../lib.sh"
out=$tmp/out

check() { # name, command...
    name=$1; shift
    if "$@" >"$out" 2>&1 && ! grep -q "stack traceback" "$out"; then
        passed=$((passed + 1)); echo "ok   $name"
    else
        failed=$((failed + 1)); echo "FAIL $name"; sed -n '1,20p' "$out"
    fi
}

komadai_ok=no
if [ -x build/komadai ] && build/komadai -e 'assert(require "shogi")' >/dev/null 2>&1; then
    komadai_ok=yes
fi

for f in examples/*.lua; do
    [ -f "$f" ] || continue
    check "lua5.4 $f" env LUA_PATH="lua/?.lua;lua/?/init.lua;;" LUA_CPATH="build/lib/?.so;;" lua5.4 "$f"
    if [ "$komadai_ok" = yes ]; then
        check "komadai $f" build/komadai "$f"
    fi
done
[ "$komadai_ok" = yes ] || echo "# build/komadai cannot run scripts yet: examples checked with lua5.4 only"

end_suite
