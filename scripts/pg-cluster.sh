#!/usr/bin/env bash
# Starts (or stops) a private PostgreSQL cluster on 127.0.0.1 for the server test suite:
# trust auth, its own port and folder, run as the postgres user. Prints the admin URL on start.
#   bash scripts/pg-cluster.sh start   -> prints postgres://postgres@127.0.0.1:PORT/postgres
#   bash scripts/pg-cluster.sh stop
set -euo pipefail
PGPORT="${PGPORT:-54329}"
PGROOT="${PGROOT:-/tmp/portal-pg-$PGPORT}"
bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$bindir/initdb" ] || { echo "PostgreSQL server binaries not found: apt-get install postgresql" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-start}" in
  start)
    if [ ! -s "$PGROOT/data/PG_VERSION" ]; then
      mkdir -p "$PGROOT"
      [ "$(id -u)" = 0 ] && chown postgres:postgres "$PGROOT"
      as_pg "$bindir/initdb" -D "$PGROOT/data" -U postgres --auth=trust -E UTF8 >/dev/null
    fi
    if ! as_pg "$bindir/pg_ctl" -D "$PGROOT/data" status >/dev/null 2>&1; then
      as_pg "$bindir/pg_ctl" -D "$PGROOT/data" -l "$PGROOT/server.log" -w \
        -o "-p $PGPORT -h 127.0.0.1 -k $PGROOT -c fsync=off -c max_connections=200" start >/dev/null
    fi
    echo "postgres://postgres@127.0.0.1:$PGPORT/postgres"
    ;;
  stop)
    as_pg "$bindir/pg_ctl" -D "$PGROOT/data" -m fast stop >/dev/null 2>&1 || true
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
