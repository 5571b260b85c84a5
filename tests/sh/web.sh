#!/bin/sh
# komadai --serve over real HTTP (docs/WEB.md) on a fresh SQLite file: the
# checks of tests/web/api_checks.sh (sessions, CSRF, accounts, the bot, two
# accounts playing, deadlines, kill -9 losing no acknowledged move, the bad
# inputs of docs/BAD_INPUT.md), session expiry (tests/web/session_checks.sh), the bot files, the analyses and
# the drills (tests/web/drills_checks.sh).
. "$(dirname "$0")/../lib.sh"
K=${KOMADAI:-build/komadai}
need_exe "$K"
need_cmd curl "apt-get install curl"
[ -f build/web/index.html ] || skip_suite "build/web is missing (make web-assets)"
"$K" --serve 2>&1 | grep -q 'usage: komadai --serve' || skip_suite "this komadai has no --serve (libmicrohttpd)"

data=$tmp/data
server_args="--data $data"
# db_exec SQL: a statement on the server's database, beside the running server
db_exec() {
  sqlite3 "$data/komadai.sqlite3" "$1" 2>/dev/null ||
    python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()" "$data/komadai.sqlite3" "$1"
}
db_value() { sqlite3 "$data/komadai.sqlite3" "$1"; }
. tests/web/api_checks.sh
. tests/web/session_checks.sh
. tests/web/bot_file_checks.sh
. tests/web/analysis_checks.sh
. tests/web/drills_checks.sh
. tests/web/problems_checks.sh
end_suite
