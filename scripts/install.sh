#!/bin/sh
# make install / make uninstall (the one list of what an install holds):
#   sh scripts/install.sh install   ROOT   # ROOT is $(DESTDIR)$(PREFIX)
#   sh scripts/install.sh uninstall ROOT
# install puts in ROOT:
#   bin/komadai, bin/komadai-NAME for each command of docs/man/commands.tsv (the
#     scripts, which find the binary and the modules beside them; perft the binary),
#   share/lua/5.4/shogi/... and lib/lua/5.4/shogi/core.so (for lua5.4 and LuaRocks users),
#   share/komadai/match.lua (the match runner's entry), share/komadai/web (the site's pages),
#   share/man/man1/*.1 (build/man, made by make man), share/doc/komadai (the guides, LICENSE,
#     CHANGELOG, examples), share/bash-completion/completions/komadai and a link per command;
# and writes share/komadai/MANIFEST, every file and link it made, and share/komadai/DIRS, the
# folders it made; uninstall removes exactly those files, then those folders if empty.
# Run from the top of the checkout after make, make man and make web-assets.
set -e
what=$1 root=$2
[ -n "$root" ] || { echo "usage: install.sh install|uninstall ROOT" >&2; exit 2; }
manifest=$root/share/komadai/MANIFEST

if [ "$what" = uninstall ]; then
    [ -f "$manifest" ] || { echo "uninstall: no $manifest (nothing installed there)" >&2; exit 1; }
    dirs=$root/share/komadai/DIRS
    while IFS= read -r f; do rm -f "$root/$f"; done <"$manifest"
    # the folders the install made (none that were there before), deepest first, if left empty
    if [ -f "$dirs" ]; then
        list=$(sort -r "$dirs")
        rm -f "$dirs"
        printf '%s\n' "$list" | while IFS= read -r d; do rmdir "$root/$d" 2>/dev/null || true; done
    fi
    exit 0
fi
[ "$what" = install ] || { echo "usage: install.sh install|uninstall ROOT" >&2; exit 2; }

new_dirs=$(mktemp)
trap 'rm -f "$new_dirs" "$new_dirs.s"' EXIT
# made DIR: the folders of ROOT/DIR that do not exist yet, recorded, then made
made() {
    d=$1
    while [ "$d" != . ] && [ ! -d "$root/$d" ]; do echo "$d" >>"$new_dirs"; d=$(dirname "$d"); done
    mkdir -p "$root/$1"
}
made share/komadai
: >"$manifest.new"
# put MODE SRC DEST: one file, recorded
put() {
    made "$(dirname "$3")"
    install -m "$1" "$2" "$root/$3"
    echo "$3" >>"$manifest.new"
}
link() { # TARGET NAME
    made "$(dirname "$2")"
    ln -sf "$1" "$root/$2"
    echo "$2" >>"$manifest.new"
}

put 755 build/komadai bin/komadai
grep -v '^#' docs/man/commands.tsv | cut -f1 | while IFS= read -r c; do
    case $c in
    perft) put 755 build/perft bin/komadai-perft ;;
    *) put 755 "scripts/$c" "bin/komadai-$c" ;;
    esac
done
put 644 scripts/match.lua share/komadai/match.lua
put 755 build/lib/shogi/core.so lib/lua/5.4/shogi/core.so
(cd lua && find shogi -name '*.lua' | sort) | while IFS= read -r f; do put 644 "lua/$f" "share/lua/5.4/$f"; done
(cd build/web && find . -type f | sed 's|^\./||' | sort) | while IFS= read -r f; do
    put 644 "build/web/$f" "share/komadai/web/$f"; done
for m in build/man/*.1; do put 644 "$m" "share/man/man1/${m##*/}"; done
for f in README.md LICENSE CHANGELOG.md docs/*.md; do put 644 "$f" "share/doc/komadai/${f##*/}"; done
(find examples -type f | sort) | while IFS= read -r f; do put 644 "$f" "share/doc/komadai/$f"; done
put 644 docs/man/komadai.bash share/bash-completion/completions/komadai
grep -v '^#' docs/man/commands.tsv | cut -f1 | while IFS= read -r c; do
    link komadai "share/bash-completion/completions/komadai-$c"; done
echo share/komadai/MANIFEST >>"$manifest.new"
sort -u "$manifest.new" >"$manifest"
rm -f "$manifest.new"
# a second install over the first keeps the first's list of the folders it made
cat "$new_dirs" "$root/share/komadai/DIRS" 2>/dev/null | sort -u >"$new_dirs.s"
cp "$new_dirs.s" "$root/share/komadai/DIRS"
