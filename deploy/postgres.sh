#!/usr/bin/env bash
# A private PostgreSQL cluster (Debian's postgresql) on loopback, data under var/; no system service.
#   deploy/postgres.sh start | stop | status | url      port: HUB_PG_PORT (5433)
# Database `hub`, user `hub`, trust authentication on 127.0.0.1 only. The URL to use:
#   postgresql+psycopg://hub@127.0.0.1:$HUB_PG_PORT/hub
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
port=${HUB_PG_PORT:-5433}
var=${HUB_VAR_DIR:-$root/var}
dir="$var/postgres-$port"

ensure_installed() {
  [ -n "$(bindir)" ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "postgres: installing postgresql with apt-get" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "postgres: postgresql is missing; install it (Debian/Ubuntu: sudo apt-get install postgresql)" >&2
    exit 1
  fi
}

bindir() {
  # Debian keeps the server programs out of PATH, one folder per major version: take the newest.
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1
}

# The server refuses to run as root: as root, the cluster belongs to the `postgres` account.
as_owner() {
  # From /: the account may not be able to enter the current folder (a private checkout).
  if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

ready() { as_owner "$(bindir)/pg_isready" -q -h 127.0.0.1 -p "$port"; }

# As root the server runs as `postgres`, which must reach the data folder. A checkout inside a
# private folder (mktemp -d makes it mode 700) is out of its reach: the cluster then lives under
# that account's home, one folder per checkout and port.
place_cluster() {
  [ "$(id -u)" = 0 ] && id postgres >/dev/null 2>&1 || return 0
  mkdir -p "$var"
  runuser -u postgres -- test -x "$var" 2>/dev/null && return 0
  dir="$(getent passwd postgres | cut -d: -f6)/hub-$(printf %s "$var" | sha1sum | cut -c1-12)/postgres-$port"
  mkdir -p "$(dirname "$dir")"
}
place_cluster

case "${1:-status}" in
  start)
    ensure_installed
    place_cluster  # again: installing may have just created the account
    bin=$(bindir)
    if ready; then echo "postgres: already running on $port"; exit 0; fi
    if [ ! -s "$dir/PG_VERSION" ]; then
      mkdir -p "$dir"
      [ "$(id -u)" = 0 ] && chown postgres: "$dir"
      chmod 700 "$dir"
      as_owner "$bin/initdb" -D "$dir" -U hub --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir.initdb.log"
    fi
    as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -c listen_addresses=127.0.0.1 -k $dir -c max_connections=200" start >/dev/null
    as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U hub -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname='hub'" |
      grep -q 1 || as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U hub hub
    echo "postgres: ready on $port"
    ;;
  stop)
    if [ -s "$dir/PG_VERSION" ] && ready; then as_owner "$(bindir)/pg_ctl" -D "$dir" -m fast -w stop >/dev/null; fi
    echo "postgres: stopped ($port)"
    ;;
  status) ready && echo "postgres: running on $port" || { echo "postgres: not running on $port"; exit 3; } ;;
  url) echo "postgresql+psycopg://hub@127.0.0.1:$port/hub" ;;
  *) echo "usage: $0 start|stop|status|url" >&2; exit 2 ;;
esac
