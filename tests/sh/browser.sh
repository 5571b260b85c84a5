#!/bin/sh
# The game site in a real browser: Debian's chromium, headless, driven through
# the DevTools protocol by puppeteer-core (npm, package.json's devDependencies)
# from the node scripts tests/web/*.mjs, against a komadai --serve this suite
# starts on a loopback port the system picks, with a fresh --data.  Each
# script prints "ok NAME" or "FAIL NAME" a check (tests/web/lib.mjs).
. "$(dirname "$0")/../lib.sh"
K=${KOMADAI:-build/komadai}
need_exe "$K"
need_cmd node "apt-get install nodejs"
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || skip_suite "$CHROMIUM is missing (apt-get install chromium)"
[ -f node_modules/puppeteer-core/package.json ] || skip_suite "node_modules/puppeteer-core is missing (npm ci)"
[ -f build/web/index.html ] || skip_suite "build/web is missing (make web-assets)"
"$K" --serve 2>&1 | grep -q 'usage: komadai --serve' || skip_suite "this komadai has no --serve (libmicrohttpd)"
export CHROMIUM

. tests/web/serve.sh
# the second: another config, whose figures the rules page must show
serve "$tmp/server2.log" --data "$tmp/data2" --config tests/web/rules_config.lua
pid2=$pid url2=$url
# the third watches a CSA server's records folder (tests/web/watch.mjs)
mkdir -p "$tmp/rec"
serve "$tmp/server3.log" --data "$tmp/data3" --watch "$tmp/rec"
pid3=$pid url3=$url
# the fourth serves examples/tsume as problems (tests/web/problems.mjs)
serve "$tmp/server4.log" --data "$tmp/data4" --problems examples/tsume
pid4=$pid url4=$url
serve "$tmp/server.log" --data "$tmp/data"
on_exit 'kill $pid $pid2 $pid3 $pid4 2>/dev/null; wait $pid $pid2 $pid3 $pid4 2>/dev/null'

# one script: its ok lines pass, its FAIL lines fail, a failing exit without a FAIL line fails
web() {
  name=$1; shift
  timeout 60 node "tests/web/$name.mjs" "$url" "$@" >"$tmp/$name.out" 2>&1
  rc=$?
  while IFS= read -r line; do
    case $line in
      "ok "*) ok ;;
      "FAIL "*) fail "$name: ${line#FAIL }" ;;
    esac
  done <"$tmp/$name.out"
  if [ "$rc" -ne 0 ] && ! grep -q '^FAIL ' "$tmp/$name.out"; then
    fail "$name: exit $rc"; sed 's/^/  /' "$tmp/$name.out" | tail -n 20
  fi
}
web play_bot
web piece_style
web board
web two_players
web footer
web actions
web notation
web rules "$url2"
web keys
web phone
web analysis "$url2"
web problems "$url4"
# a live game of two bots (a pause of 0.4 s a move, 16 moves) that the spectator's page follows
case $K in /*) ;; *) K=$PWD/$K;; esac
. tests/web/watch_game.sh
csa_start "$tmp/rec" 16
csa_game 0.4
web watch "$url3"
csa_wait
# a teacher's class and a student's drills, today and the next day (tests/web/drills_browser.sh)
. tests/web/drills_browser.sh
end_suite
