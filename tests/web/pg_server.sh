# A PostgreSQL server of our own, for tests/sh/web_pg.sh and make bench
# BENCH=web: initdb in a temporary folder (as the postgres user when run as
# root), pg_ctl on a free port on 127.0.0.1 with its socket in that folder.
#   pg_unavailable() { ...; }   # the caller's: called with the reason when it cannot start
#   pg_start                    # sets pg_url (postgresql://komadai@127.0.0.1:PORT/postgres)
#   pg_stop                     # stops it and removes the folder (idempotent)
# Sourced; uses nothing of the caller's but pg_unavailable.
pg_up=
pg_start() {
  pg_bin=
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r) $(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent/x)"); do
    [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && { pg_bin=$d; break; }
  done
  [ -n "$pg_bin" ] || { pg_unavailable "PostgreSQL's initdb and pg_ctl are not installed (apt-get install postgresql)"; return 1; }
  command -v psql >/dev/null || { pg_unavailable "psql is not installed (apt-get install postgresql-client)"; return 1; }
  pg_as=""
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || { pg_unavailable "running as root and there is no postgres user to run PostgreSQL as"; return 1; }
    command -v runuser >/dev/null || { pg_unavailable "running as root without runuser (util-linux) to run PostgreSQL as postgres"; return 1; }
    pg_as="runuser -u postgres --"
  fi
  pgdir=$(mktemp -d /tmp/komadai-pg.XXXXXX)
  [ -n "$pg_as" ] && chown postgres "$pgdir"
  $pg_as "$pg_bin/initdb" -D "$pgdir/data" -A trust -U komadai --no-sync >"$pgdir/initdb.log" 2>&1 ||
    { pg_unavailable "initdb failed: $(tail -n 1 "$pgdir/initdb.log")"; return 1; }
  pgport=$(( 30000 + $$ % 10000 ))
  for try in 1 2 3 4 5; do
    if $pg_as "$pg_bin/pg_ctl" -D "$pgdir/data" -l "$pgdir/server.log" -w -t 30 \
         -o "-p $pgport -k $pgdir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=${PG_MAX_CONNECTIONS:-50}" start >/dev/null 2>&1; then
      pg_up=1; break
    fi
    pgport=$((pgport + 1))
  done
  [ -n "$pg_up" ] || { pg_unavailable "PostgreSQL did not start: $(tail -n 2 "$pgdir/server.log" 2>/dev/null)"; return 1; }
  pg_url="postgresql://komadai@127.0.0.1:$pgport/postgres"
}
pg_stop() {
  [ -n "$pg_up" ] && $pg_as "$pg_bin/pg_ctl" -D "$pgdir/data" -m immediate -w stop >/dev/null 2>&1
  pg_up=
  [ -n "$pgdir" ] && rm -rf "$pgdir"
  pgdir=
}
