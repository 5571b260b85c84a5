#!/bin/sh
# The packages (issue 40): the Debian package built from a copy of the checkout
# (dpkg-buildpackage -us -uc -b, what make deb runs; a copy, so the package's
# clean step cannot touch this build), lintian with no error, the .deb unpacked
# (dpkg -x) and every command it holds run from elsewhere with both trees out of
# reach; and the LuaRocks rockspec built into a tree of its own (luarocks make),
# the module then loaded by plain lua5.4.
. "$(dirname "$0")/../lib.sh"
need_cmd dpkg-buildpackage "apt-get install dpkg-dev"
need_cmd dh "apt-get install debhelper"
need_cmd lintian "apt-get install lintian"
need_cmd help2man "apt-get install help2man"
need_cmd luarocks "apt-get install luarocks"
[ -f build/web/index.html ] || skip_suite "build/web is missing (make web-assets)"

# ---- a copy of the checkout: its files (tracked and new), the pages prebuilt ----
src=$tmp/pkg/komadai
mkdir -p "$src/build"
git ls-files --cached --others --exclude-standard -z | xargs -0 cp --parents -t "$src" 2>/dev/null ||
  { tar cf - --exclude=./build --exclude=./node_modules --exclude=./.git . | (cd "$src" && tar xf -); }
cp -R build/web "$src/build/web"
if (cd "$src" && dpkg-buildpackage -us -uc -b) >"$tmp/deb.log" 2>&1; then ok; else fail "dpkg-buildpackage"; tail -n 25 "$tmp/deb.log"; end_suite; exit; fi
deb=$(ls "$tmp"/pkg/komadai_*_*.deb 2>/dev/null | grep -v dbgsym | head -n 1)
if [ -f "$deb" ]; then ok; else fail "no komadai_*.deb"; end_suite; exit; fi
echo "# built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"
lintian --fail-on error "$deb" >"$tmp/lintian.log" 2>&1; st=$?
if [ $st -eq 0 ]; then ok; else fail "lintian finds errors: $(grep '^E:' "$tmp/lintian.log" | head -n 5)"; fi
grep -E '^[EW]:' "$tmp/lintian.log" | sed 's/^/# lintian: /' | head -n 5
info=$(dpkg-deb -f "$deb" Package Version Depends)
case $info in *"Package: komadai"*"Depends:"*liblua5.4*libmicrohttpd*) ok ;; *) fail "the package's fields: $info" ;; esac
dpkg-deb -c "$deb" | awk '{print $6}' >"$tmp/contents"
# (dh_compress gzips the larger docs)
for f in ./usr/bin/komadai ./usr/bin/komadai-tsume ./usr/share/man/man1/komadai.1.gz ./usr/lib/lua/5.4/shogi/core.so \
         ./usr/share/komadai/web/index.html ./usr/share/doc/komadai/copyright ./usr/share/doc/komadai/THIRD_PARTY.md.gz; do
  if grep -qx "$f" "$tmp/contents"; then ok; else fail "the package lacks $f"; fi
done

# ---- the .deb's commands, unpacked, from elsewhere ----
dpkg -x "$deb" "$tmp/root"
. tests/install/commands.sh
check_installed_commands "$tmp/root/usr" "$src"

# ---- LuaRocks: the rockspec builds the module into a tree ----
if (cd "$src" && luarocks --lua-version=5.4 make --tree "$tmp/rocks" komadai-scm-1.rockspec) >"$tmp/rocks.log" 2>&1; then ok
else fail "luarocks make"; tail -n 15 "$tmp/rocks.log"; fi
got=$(LUA_PATH="$tmp/rocks/share/lua/5.4/?.lua;$tmp/rocks/share/lua/5.4/?/init.lua;;" LUA_CPATH="$tmp/rocks/lib/lua/5.4/?.so;;" \
  lua5.4 -e 'print(require("shogi").position("startpos"):perft(3))' 2>&1)
if [ "$got" = 25470 ]; then ok; else fail "the rock's module: $got"; fi
end_suite
