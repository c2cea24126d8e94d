#!/usr/bin/env bash
# Local OpenID Connect provider for development and tests: Keycloak 24 (runs on JDK 17) from Maven
# Central, no Docker. The realm deploy/keycloak/realm-hub.json (realm `hub`, client `hub-web`, demo
# accounts, the login theme `hub` from deploy/keycloak/themes/hub in the site's look) is imported at
# every start into an in-memory database, so each start is a clean realm.
#   deploy/keycloak.sh run     foreground (used by the Procfile; Ctrl-C stops it)
#   deploy/keycloak.sh start   background; returns once /health/ready answers
#   deploy/keycloak.sh stop    stops the background server (SIGTERM, then waits)
#   deploy/keycloak.sh status  prints the readiness or exits 1
#   deploy/keycloak.sh fetch   resolves and builds the distribution only (make install)
# Settings: HUB_KEYCLOAK_PORT (8180), HUB_KEYCLOAK_HEAP (384m), HUB_KEYCLOAK_ADMIN /
# HUB_KEYCLOAK_ADMIN_PASSWORD (admin / admin, loopback only), HUB_VAR_DIR (var/), HUB_SMTP_PORT (2525:
# where the realm sends its mail, the local sink deploy/smtp-sink.sh). The realm requires a verified
# e-mail for new accounts and locks an account for a while after 5 wrong passwords (brute-force detection).
# The built distribution is also kept in HUB_CACHE_DIR (~/.cache/aihub), keyed by its version, so a new
# clone on the same machine unpacks it in seconds instead of resolving and building it again (about a minute).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
port=${HUB_KEYCLOAK_PORT:-8180}
heap=${HUB_KEYCLOAK_HEAP:-384m}
var=${HUB_VAR_DIR:-$root/var}
base="$var/keycloak-$port"
pidfile="$base/keycloak.pid"
version=24.0.5
dist="$here/keycloak/target/keycloak-$version"
built="$dist/.hub-built"
cache="${HUB_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/aihub}/keycloak-$version-built.tar"

fetch() {
  if [ ! -f "$built" ] && [ -f "$cache" ]; then
    echo "keycloak: unpacking the built server from $cache" >&2
    rm -rf "$dist" && mkdir -p "$(dirname "$dist")"
    tar -xf "$cache" -C "$(dirname "$dist")" || rm -rf "$dist"
  fi
  if [ ! -x "$dist/bin/kc.sh" ]; then
    echo "keycloak: resolving keycloak-quarkus-dist $version with Maven" >&2
    (cd "$here/keycloak" && mvn -B -q dependency:unpack)
  fi
  if [ ! -f "$built" ]; then
    # Build-time options once, so every instance starts with --optimized and never rewrites lib/.
    echo "keycloak: building the server (in-memory database, health checks)" >&2
    "$dist/bin/kc.sh" build --db=dev-mem --health-enabled=true >/dev/null
    touch "$built"
    # Best effort: a cache that cannot be written only costs the next clone the build.
    if mkdir -p "$(dirname "$cache")" 2>/dev/null \
      && tar -cf "$cache.tmp.$$" -C "$(dirname "$dist")" "$(basename "$dist")" 2>/dev/null; then
      mv "$cache.tmp.$$" "$cache"
    else
      rm -f "$cache.tmp.$$"
    fi
  fi
  # --import-realm reads data/import of the distribution; every instance imports the same realm.
  mkdir -p "$dist/data/import"
  cmp -s "$here/keycloak/realm-hub.json" "$dist/data/import/realm-hub.json" \
    || cp "$here/keycloak/realm-hub.json" "$dist/data/import/realm-hub.json"
  # The realm's login theme `hub` (the site's look and a way back to it) lives with the realm.
  if ! diff -rq "$here/keycloak/themes/hub" "$dist/themes/hub" >/dev/null 2>&1; then
    rm -rf "$dist/themes/hub.new" && cp -r "$here/keycloak/themes/hub" "$dist/themes/hub.new"
    rm -rf "$dist/themes/hub" && mv "$dist/themes/hub.new" "$dist/themes/hub"
  fi
}

ready() { curl -fsS "http://127.0.0.1:$port/health/ready" 2>/dev/null; }

run() {
  fetch
  mkdir -p "$base/tmp"
  export KEYCLOAK_ADMIN=${HUB_KEYCLOAK_ADMIN:-admin}
  export KEYCLOAK_ADMIN_PASSWORD=${HUB_KEYCLOAK_ADMIN_PASSWORD:-admin}
  export JAVA_OPTS_KC_HEAP="-Xms64m -Xmx$heap"
  # The realm's mail (e-mail verification) goes to the local SMTP sink (deploy/smtp-sink.sh) on this port.
  export HUB_SMTP_PORT=${HUB_SMTP_PORT:-2525}
  export JAVA_OPTS_APPEND="-Djava.io.tmpdir=$base/tmp -Dhub.keycloak.port=$port"
  # The in-memory H2 database is dropped when its last connection closes; the pool retires idle
  # connections after about 15 minutes, which emptied the realm mid-run. One pooled connection stays open.
  exec "$dist/bin/kc.sh" start --optimized --http-enabled=true --http-host=127.0.0.1 --http-port="$port" \
    --hostname-strict=false --hostname-strict-https=false --import-realm \
    --db-pool-min-size=1 --db-pool-initial-size=1 --log-level=WARN,org.keycloak.services:INFO,io.quarkus:INFO
}

find_pid() {
  local pid
  pid=$(cat "$pidfile" 2>/dev/null || true)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then echo "$pid"; return; fi
  pgrep -f "Dhub.keycloak.port=$port .*io.quarkus" || pgrep -f "Dhub.keycloak.port=$port " || true
}

case "${1:-run}" in
  fetch) fetch ;;
  run) run ;;
  start)
    if ready >/dev/null; then echo "keycloak: already running on $port"; exit 0; fi
    fetch
    mkdir -p "$base"
    started=$(date +%s)
    "$0" run > "$base/keycloak.log" 2>&1 &
    echo $! > "$pidfile"
    for _ in $(seq 1 240); do
      if ready >/dev/null; then echo "keycloak: ready on http://127.0.0.1:$port/realms/hub after $(( $(date +%s) - started )) s"; exit 0; fi
      kill -0 "$(cat "$pidfile")" 2>/dev/null || { echo "keycloak: exited; see $base/keycloak.log" >&2; exit 1; }
      sleep 0.5
    done
    echo "keycloak: not ready on port $port after 120 s; see $base/keycloak.log" >&2
    exit 1
    ;;
  stop)
    for p in $(find_pid); do
      if kill "$p" 2>/dev/null; then
        for _ in $(seq 1 80); do kill -0 "$p" 2>/dev/null || break; sleep 0.25; done
        kill -9 "$p" 2>/dev/null || true
      fi
    done
    rm -f "$pidfile"
    for _ in $(seq 1 20); do ready >/dev/null || break; sleep 0.25; done
    if ready >/dev/null; then echo "keycloak: still answering on $port" >&2; exit 1; fi
    echo "keycloak: stopped ($port)"
    ;;
  status) ready || { echo "keycloak: down on $port" >&2; exit 1; } ;;
  *) echo "usage: $0 run|start|stop|status|fetch" >&2; exit 2 ;;
esac
