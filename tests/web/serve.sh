# serve LOG ARGS...: `komadai --serve` on a port the system picks (0), its output in LOG; its pid in $pid,
# the URL it prints in $url (ending in /) and the same without the / in $site.  Sourced by
# tests/sh/browser.sh and tests/sh/web_watch.sh, after tests/lib.sh ($K).
serve() {
  log=$1; shift
  "$K" --serve 127.0.0.1:0 "$@" >"$log" 2>&1 &
  pid=$!
  url=
  for i in $(seq 50); do
    url=$(sed -n 's|.*serving \(http://127\.0\.0\.1:[0-9]*/\).*|\1|p' "$log")
    [ -n "$url" ] && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.1
  done
  [ -n "$url" ] || { echo "server did not start:"; cat "$log"; exit 1; }
  site=${url%/}
}
