#!/usr/bin/env bash
# A throw-away PostgreSQL 15 server for the database tests: a fresh cluster in
# a temporary data directory, listening on 127.0.0.1 on a free port and on a
# Unix socket beside the data, with a random password kept in a pgpass file
# (mode 0600) so the tests connect the way users do (PGPASSFILE, no password
# in the connection string).
#
#   scripts/pg-test-server.sh start [STATE_DIR]   start (or reuse) the server; prints the exports
#   scripts/pg-test-server.sh env   [STATE_DIR]   print the exports of a running server
#   scripts/pg-test-server.sh stop  [STATE_DIR]   stop it and remove its data
#
# STATE_DIR (default: build/pg-test in the repository) receives `uri` (the
# connection string), `pgpass` and `datadir`; the tests read
# STREAMSYNTH_TEST_PG (the URI) or, under CTest, STREAMSYNTH_TEST_PG_FILE (the
# `uri` file) and PGPASSFILE. Start is idempotent (a running server is reused)
# and takes about two seconds; stop is a no-op when nothing runs.
# PostgreSQL refuses to run as root: as root the server runs as the system
# user `postgres` (Debian's server package creates it) or, failing that, a
# system user `streamsynth-pg` created here.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cmd="${1:-}"
state="${2:-${STREAMSYNTH_BUILD_DIR:-$here/build}/pg-test}"
bindir="${STREAMSYNTH_PG_BINDIR:-/usr/lib/postgresql/15/bin}"
db=streamsynth_test
role=streamsynth

die() { echo "pg-test-server: $*" >&2; exit 1; }

[ -x "$bindir/initdb" ] && [ -x "$bindir/pg_ctl" ] ||
  die "no PostgreSQL 15 server in $bindir (install postgresql-15: scripts/setup.sh does)"

# Run a server program as the cluster's owner.
owner=""
as_owner() {
  if [ -z "$owner" ]; then "$@"; else runuser -u "$owner" -- "$@"; fi
}
if [ "$(id -u)" -eq 0 ]; then
  if getent passwd postgres >/dev/null; then owner=postgres; else
    getent passwd streamsynth-pg >/dev/null ||
      useradd --system --no-create-home --shell /usr/sbin/nologin streamsynth-pg ||
      die "cannot create the system user streamsynth-pg"
    owner=streamsynth-pg
  fi
fi

running() {
  [ -f "$state/datadir" ] || return 1
  local d
  d="$(cat "$state/datadir")"
  [ -d "$d" ] && as_owner "$bindir/pg_ctl" -D "$d/data" status >/dev/null 2>&1
}

print_env() {
  echo "export STREAMSYNTH_TEST_PG='$(cat "$state/uri")'"
  echo "export PGPASSFILE='$state/pgpass'"
}

# A port nothing listens on (the server's start is retried if it is taken meanwhile).
free_port() {
  local p
  while :; do
    p=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
}

start() {
  if running; then print_env; return 0; fi
  stop_quietly
  mkdir -p "$state"
  chmod 700 "$state"
  # The data lives outside the build folder: CI builds in a private (0700)
  # temporary folder that the server's user could not enter.
  local d port pw
  d="$(mktemp -d "${TMPDIR:-/tmp}/streamsynth-pg.XXXXXX")"
  chmod 755 "$d"
  [ -z "$owner" ] || chown "$owner" "$d"
  echo "$d" > "$state/datadir"
  pw="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
  (umask 077; printf "%s\n" "$pw" > "$d/pw")
  [ -z "$owner" ] || chown "$owner" "$d/pw"
  as_owner "$bindir/initdb" -D "$d/data" -U "$role" --pwfile="$d/pw" --auth=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >"$d/initdb.log" 2>&1 ||
    { cat "$d/initdb.log" >&2; die "initdb failed (log above)"; }
  rm -f "$d/pw"
  mkdir -p "$d/socket"
  [ -z "$owner" ] || chown "$owner" "$d/socket"
  local tries=0
  while :; do
    port="$(free_port)"
    if as_owner "$bindir/pg_ctl" -D "$d/data" -l "$d/server.log" -w -t 30 \
         -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$d/socket -c fsync=off -c full_page_writes=off -c synchronous_commit=off" \
         start >/dev/null 2>&1; then break; fi
    tries=$((tries + 1))
    [ "$tries" -lt 3 ] || { cat "$d/server.log" >&2; die "the server did not start (log above)"; }
  done
  printf '127.0.0.1:%s:*:%s:%s\n' "$port" "$role" "$pw" > "$state/pgpass"
  chmod 600 "$state/pgpass"
  local uri="postgresql://$role@127.0.0.1:$port/$db"
  PGPASSFILE="$state/pgpass" "$bindir/psql" -q -X -d "postgresql://$role@127.0.0.1:$port/postgres" \
    -c "CREATE DATABASE $db" >/dev/null || die "cannot create the test database"
  echo "$uri" > "$state/uri"
  print_env
}

stop_quietly() {
  [ -f "$state/datadir" ] || return 0
  local d
  d="$(cat "$state/datadir")"
  if [ -d "$d/data" ]; then as_owner "$bindir/pg_ctl" -D "$d/data" -m immediate -w stop >/dev/null 2>&1 || true; fi
  case "$d" in */streamsynth-pg.*) rm -rf "$d" ;; esac
  rm -f "$state/datadir" "$state/uri" "$state/pgpass"
}

case "$cmd" in
  start) start ;;
  env) running || die "no test server is running for $state (start one first)"; print_env ;;
  stop) stop_quietly ;;
  *) echo "usage: $0 start|env|stop [STATE_DIR]" >&2; exit 2 ;;
esac
