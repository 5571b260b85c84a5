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
. tests/install/commands.sh
check_installed_commands "$root"

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
