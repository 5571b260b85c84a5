#!/bin/sh
# make install into a temporary DESTDIR, then every installed command run from
# another folder, with the checkout out of reach (a tmpfs mounted over it in a
# mount namespace of its own, where unshare can; else only cd'd away from it),
# on real files; the man pages pass groff -ww; the completion loads; make
# uninstall leaves nothing of the install (no file, no folder it made).
. "$(dirname "$0")/../lib.sh"
need_cmd help2man "make install-deps"
need_cmd groff "make install-deps"
[ -f build/web/index.html ] || skip_suite "build/web is missing (make web-assets)"
top=$PWD
dest=$tmp/dest prefix=/opt/komadai
files=$tmp/files
mkdir -p "$files" "$tmp/home"
cp tests/data/records/ss__uchifuzume.csa tests/data/records/jkf__fork.kif examples/tsume/atama_kin.lua "$files/"

if make -s install DESTDIR="$dest" PREFIX="$prefix" >"$tmp/out" 2>&1; then ok; else fail "make install"; tail -n 20 "$tmp/out"; end_suite; exit; fi
root=$dest$prefix
for c in komadai $(grep -v '^#' docs/man/commands.tsv | cut -f1 | sed 's/^/komadai-/'); do
  if [ -x "$root/bin/$c" ] && [ -f "$root/share/man/man1/$c.1" ]; then ok; else fail "$c or its man page is not installed"; fi
done
for f in lib/lua/5.4/shogi/core.so share/lua/5.4/shogi/init.lua share/komadai/web/index.html share/komadai/match.lua \
         share/doc/komadai/LICENSE share/doc/komadai/THIRD_PARTY.md share/doc/komadai/examples/tsume/atama_kin.lua \
         share/bash-completion/completions/komadai share/bash-completion/completions/komadai-tsume; do
  if [ -e "$root/$f" ]; then ok; else fail "$f is not installed"; fi
done

# ---- the man pages ----
for m in "$root"/share/man/man1/*.1; do
  w=$(groff -ww -z -man "$m" 2>&1)
  if [ -z "$w" ]; then ok; else fail "groff -ww on ${m##*/}: $w"; fi
done
if grep -q '^komadai-tsume \\- solve' "$root/share/man/man1/komadai-tsume.1"; then ok; else fail "komadai-tsume(1) is named komadai-tsume"; fi
if grep -qF -- '\-\-fill\-hand' "$root/share/man/man1/komadai-tsume.1"; then ok; else fail "komadai-tsume(1) holds its --help"; fi
if bash -c ". '$root/share/bash-completion/completions/komadai' && complete -p komadai-drill" >/dev/null 2>&1; then ok
else fail "the bash completion does not load"; fi

# ---- the installed commands, from elsewhere, the checkout hidden ----
cat >"$tmp/run.sh" <<EOF
export PATH="$root/bin:/usr/bin:/bin:/usr/games" HOME="$tmp/home" KOMADAI_HOME="$tmp/home/.komadai"
unset LUA_PATH LUA_CPATH KOMADAI
cd "$tmp/home"
[ -e "$top/Makefile" ] && echo "checkout: visible" || echo "checkout: hidden"
echo "version: \$(komadai --version)"
echo "lua: \$(komadai -e 'print(#require("shogi").position("startpos"):legal_moves())')"
echo "records: \$(komadai-records "$files/ss__uchifuzume.csa")"
echo "batch: \$(komadai-batch --records "$files/jkf__fork.kif" "$files/ss__uchifuzume.csa" -j 2 | wc -l)"
echo "tsume: \$(komadai-tsume check "$files/atama_kin.lua" | tr '\n' ' ')"
echo "solve: \$(komadai-tsume solve '4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1' | tr '\n' ' ')"
echo "perft: \$(komadai-perft startpos 3)"
komadai-convert --to=csa "$files/jkf__fork.kif" "$tmp/home/fork.csa" && echo "convert: \$(grep -c '^[+-][0-9]' "$tmp/home/fork.csa")"
komadai-diagram "$files/atama_kin.lua" "$tmp/home/d.svg" && echo "diagram: \$(grep -c '<svg' "$tmp/home/d.svg")"
echo "drill: \$(komadai-drill from-tsume "$files/atama_kin.lua" | grep -c 'goal = "mate"')"
echo "usi: \$(printf 'usi\nisready\nposition startpos\ngo depth 3\nquit\n' | komadai --usi | grep -E '^(usiok|readyok|bestmove)' | cut -c1-8 | tr '\n' ' ')"
for c in analyse match tune csa-client; do echo "help \$c: \$(komadai-\$c --help 2>&1 | head -n 1 | cut -c1-6)"; done
echo "verify: \$(komadai-verify 2>&1 | head -n 1)"
EOF
if command -v unshare >/dev/null && unshare -m sh -c "mount -t tmpfs none '$top'" 2>/dev/null; then
  unshare -m sh -c "mount -t tmpfs none '$top' && sh '$tmp/run.sh'" >"$tmp/got" 2>&1
else
  echo "# unshare cannot hide the checkout here: the commands run from another folder only"
  sh "$tmp/run.sh" >"$tmp/got" 2>&1
fi
expect_line() { # name, regex
  if grep -qE "$2" "$tmp/got"; then ok; else fail "$1: no line like '$2'"; sed 's/^/  | /' "$tmp/got" | head -n 30; fi
}
grep -q '^checkout: hidden' "$tmp/got" && echo "# the checkout was hidden (a tmpfs over it)"
expect_line "komadai --version" '^version: komadai [0-9.]+ '
expect_line "the Lua modules from the install" '^lua: 30$'
expect_line "komadai-records replays a record" '^records: \{.*"moves":103'
expect_line "komadai-batch -j 2 over two records" '^batch: 2$'
expect_line "komadai-tsume checks a problem file" '^tsume: .*valid tsume start'
expect_line "komadai-tsume solves" '^solve: .*mate'
expect_line "komadai-perft" '^perft: 25470$'
expect_line "komadai-convert" '^convert: 3$'
expect_line "komadai-diagram" '^diagram: 1$'
expect_line "komadai-drill" '^drill: 1$'
expect_line "komadai --usi" '^usi: usiok readyok bestmove'
for c in analyse match tune csa-client; do expect_line "komadai-$c --help" "^help $c: usage"; done
expect_line "komadai-verify" '^verify: usage'

# ---- uninstall: nothing of the install left ----
if make -s uninstall DESTDIR="$dest" PREFIX="$prefix" >"$tmp/out" 2>&1; then ok; else fail "make uninstall"; tail "$tmp/out"; fi
left=$(find "$dest" -mindepth 1 ! -type d | head -n 5; find "$dest$prefix" -mindepth 1 -type d 2>/dev/null | head -n 5)
if [ -z "$left" ]; then ok; else fail "make uninstall left: $left"; fi
# an install over a folder that holds other files: uninstall leaves those and their folders
mkdir -p "$tmp/shared/opt/bin" "$tmp/shared/opt/share/man/man1"
echo keep >"$tmp/shared/opt/bin/other"
make -s install DESTDIR="$tmp/shared" PREFIX=/opt >/dev/null 2>&1 && make -s uninstall DESTDIR="$tmp/shared" PREFIX=/opt >/dev/null 2>&1
if [ -f "$tmp/shared/opt/bin/other" ] && [ -d "$tmp/shared/opt/share/man/man1" ] && [ ! -e "$tmp/shared/opt/bin/komadai" ]; then ok
else fail "uninstall over a shared folder: $(find "$tmp/shared" | head)"; fi
end_suite
