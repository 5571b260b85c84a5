# check_installed_commands ROOT [HIDE...]: every command of an install (ROOT/bin/komadai and
# ROOT/bin/komadai-NAME) run from a folder of its own on real files, with the checkout and any
# HIDE folders out of reach (a tmpfs mounted over each in a mount namespace of its own, where
# unshare can; else only run from elsewhere), each answer checked (ok/fail of tests/lib.sh).
# For tests/sh/install.sh (make install) and tests/sh/package.sh (the .deb, unpacked).
check_installed_commands() {
  _root=$1; shift
  _top=$PWD _w=$tmp/installed
  mkdir -p "$_w/files" "$_w/home"
  cp tests/data/records/ss__uchifuzume.csa tests/data/records/jkf__fork.kif examples/tsume/atama_kin.lua "$_w/files/"
  cat >"$_w/run.sh" <<RUN
export PATH="$_root/bin:/usr/bin:/bin:/usr/games" HOME="$_w/home" KOMADAI_HOME="$_w/home/.komadai"
unset LUA_PATH LUA_CPATH KOMADAI
cd "$_w/home"
[ -e "$_top/Makefile" ] && echo "checkout: visible" || echo "checkout: hidden"
echo "version: \$(komadai --version)"
echo "lua: \$(komadai -e 'print(#require("shogi").position("startpos"):legal_moves())')"
echo "script: \$(printf 'print(require("shogi").position("startpos"):perft(2))\n' >s.lua; komadai s.lua)"
echo "records: \$(komadai-records "$_w/files/ss__uchifuzume.csa")"
echo "batch: \$(komadai-batch --records "$_w/files/jkf__fork.kif" "$_w/files/ss__uchifuzume.csa" -j 2 | wc -l)"
echo "tsume: \$(komadai-tsume check "$_w/files/atama_kin.lua" | tr '\n' ' ')"
echo "solve: \$(komadai-tsume solve '4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1' | tr '\n' ' ')"
echo "perft: \$(komadai-perft startpos 3)"
komadai-convert --to=csa "$_w/files/jkf__fork.kif" "$_w/home/fork.csa" && echo "convert: \$(grep -c '^[+-][0-9]' "$_w/home/fork.csa")"
komadai-diagram "$_w/files/atama_kin.lua" "$_w/home/d.svg" && echo "diagram: \$(grep -c '<svg' "$_w/home/d.svg")"
echo "drill: \$(komadai-drill from-tsume "$_w/files/atama_kin.lua" | grep -c 'goal = "mate"')"
echo "usi: \$(printf 'usi\nisready\nposition startpos\ngo depth 3\nquit\n' | komadai --usi | grep -E '^(usiok|readyok|bestmove)' | cut -c1-8 | tr '\n' ' ')"
echo "serve: \$(komadai --serve 127.0.0.1:0 --data "$_w/home/site" 2>&1 & p=\$!; sleep 2; kill \$p)"
for c in analyse match tune csa-client; do echo "help \$c: \$(komadai-\$c --help 2>&1 | head -n 1 | cut -c1-6)"; done
echo "verify: \$(komadai-verify 2>&1 | head -n 1)"
RUN
  _mounts=
  for _d in "$_top" "$@"; do _mounts="$_mounts mount -t tmpfs none '$_d' &&"; done
  if command -v unshare >/dev/null && unshare -m sh -c "$_mounts true" 2>/dev/null; then
    unshare -m sh -c "$_mounts sh '$_w/run.sh'" >"$_w/got" 2>&1
  else
    echo "# unshare cannot hide the checkout here: the commands run from another folder only"
    sh "$_w/run.sh" >"$_w/got" 2>&1
  fi
  grep -q '^checkout: hidden' "$_w/got" && echo "# the checkout was out of reach (a tmpfs over it)"
  _expect "komadai --version" '^version: komadai [0-9.]+ '
  _expect "the Lua modules from the install" '^lua: 30$'
  _expect "a script" '^script: 900$'
  _expect "komadai-records replays a record" '^records: \{.*"moves":103'
  _expect "komadai-batch -j 2 over two records" '^batch: 2$'
  _expect "komadai-tsume checks a problem file" '^tsume: .*valid tsume start'
  _expect "komadai-tsume solves" '^solve: .*mate'
  _expect "komadai-perft" '^perft: 25470$'
  _expect "komadai-convert" '^convert: 3$'
  _expect "komadai-diagram" '^diagram: 1$'
  _expect "komadai-drill" '^drill: 1$'
  _expect "komadai --usi" '^usi: usiok readyok bestmove'
  _expect "komadai --serve finds its pages" '^serve: .*serving http://127\.0\.0\.1:'
  for _c in analyse match tune csa-client; do _expect "komadai-$_c --help" "^help $_c: usage"; done
  _expect "komadai-verify" '^verify: usage'
}
_expect() { # name, regex
  if grep -qE "$2" "$_w/got"; then ok; else fail "$1: no line like '$2'"; sed 's/^/  | /' "$_w/got" | head -n 30; fi
}
