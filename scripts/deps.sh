#!/bin/sh
# The one place Debian packages are checked and installed (the Makefile calls it):
#   sh scripts/deps.sh check WHAT PKG...     exit 1, naming the missing ones and
#                                            how to get them, when any is missing
#   sh scripts/deps.sh install WHAT PKG...   apt-get install only the missing ones
#                                            (sudo when not root)
# WHAT names the list in messages ("build", "test", "fuzz", ...); `make WHAT-deps`
# (`make deps` for "build") is the command that installs it.  Without dpkg (not a
# Debian system) nothing can be checked: check says so once and passes; install
# fails with the list to install by hand.
usage() { echo "usage: sh scripts/deps.sh check|install WHAT PKG..." >&2; exit 2; }
[ $# -ge 2 ] || usage
mode=$1; what=$2; shift 2
case $mode in check|install) ;; --help|-h) usage;; *) usage;; esac
target=$what-deps; [ "$what" = build ] && target=deps
[ $# -gt 0 ] || exit 0

if ! command -v dpkg-query >/dev/null 2>&1; then
    if [ "$mode" = check ]; then
        echo "deps.sh: no dpkg, so the $what dependencies are not checked (Debian names: $*)" >&2
        exit 0
    fi
    echo "deps.sh: no dpkg/apt-get here: install the equivalents of these Debian packages yourself: $*" >&2
    exit 1
fi

# one dpkg-query for the whole list; a package dpkg never heard of is missing too
installed=$(dpkg-query -W -f '${db:Status-Status} ${Package}\n' "$@" 2>/dev/null | awk '$1 == "installed" {print $2}')
missing=""
for p in "$@"; do
    # a name given as name:arch is compared on its name (dpkg-query prints ${Package} bare)
    echo "$installed" | grep -qx -- "${p%%:*}" || missing="$missing $p"
done
missing=${missing# }
[ -z "$missing" ] && exit 0
# a name another installed package provides counts as there (NodeSource's nodejs provides npm)
provided=$(dpkg-query -W -f '${db:Status-Status}\t${Provides}\n' 2>/dev/null |
    awk -F '\t' '$1 == "installed" && $2 != "" {n = split($2, a, ","); for (i = 1; i <= n; i++) {
        sub(/^ +/, "", a[i]); sub(/ .*/, "", a[i]); print a[i]}}')
still=""
for p in $missing; do
    echo "$provided" | grep -qx -- "${p%%:*}" || still="$still $p"
done
missing=${still# }
[ -z "$missing" ] && exit 0

sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo "
if [ "$mode" = check ]; then
    {
        echo "missing $what dependencies (Debian packages): $missing"
        echo "  install them with:  make $target"
        echo "  or by hand:         ${sudo}apt-get install $missing"
    } >&2
    exit 1
fi

echo "installing the $what dependencies (Debian packages): $missing"
if ! command -v apt-get >/dev/null 2>&1; then
    echo "deps.sh: no apt-get: install these yourself: $missing" >&2
    exit 1
fi
# shellcheck disable=SC2086
${sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq $missing >/dev/null || {
    echo "deps.sh: apt-get could not install: $missing" >&2
    exit 1
}
