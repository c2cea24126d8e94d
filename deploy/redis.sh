#!/usr/bin/env bash
# Local Redis on loopback (Debian's redis-server), data and AOF under var/.
#   deploy/redis.sh run | start | stop | status      port: HUB_REDIS_PORT (6379), memory: HUB_REDIS_MAXMEMORY (512mb)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
port=${HUB_REDIS_PORT:-6379}
var=${HUB_VAR_DIR:-$root/var}
dir="$var/redis-$port"

ensure_installed() {
  command -v redis-server >/dev/null && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "redis: installing redis-server with apt-get" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  else
    echo "redis: redis-server is missing; install it (Debian/Ubuntu: sudo apt-get install redis-server)" >&2
    exit 1
  fi
}

serve() {
  # appendfsync everysec: the broker survives a crash; the database stays the system of record.
  # A memory limit with noeviction: Redis never drops a broker message or a member's session to make room;
  # at the limit writes fail instead, which the hub treats as Redis being away (cache and counters are
  # best effort, sign-in answers 503). Everything the hub keeps besides the broker queue has an expiry.
  # exec in the foreground (run): the supervisor's signals reach redis-server itself, not a waiting shell.
  [ "$1" = no ] && set -- "$1" "$2" exec || set -- "$1" "$2" ""
  $3 redis-server --port "$port" --bind 127.0.0.1 --dir "$dir" --appendonly yes --appendfsync everysec \
    --maxmemory "${HUB_REDIS_MAXMEMORY:-512mb}" --maxmemory-policy noeviction \
    --save "" --protected-mode yes --daemonize "$1" --pidfile "$dir/redis.pid" --logfile "$2"
}

case "${1:-run}" in
  run) ensure_installed; mkdir -p "$dir"; serve no "" ;;
  start)
    ensure_installed; mkdir -p "$dir"
    if redis-cli -p "$port" ping >/dev/null 2>&1; then echo "redis: already running on $port"; exit 0; fi
    serve yes "$dir/redis.log"
    for _ in $(seq 1 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && { echo "redis: ready on $port"; exit 0; }; sleep 0.1; done
    echo "redis: did not start; see $dir/redis.log" >&2; exit 1 ;;
  stop) redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true; echo "redis: stopped ($port)" ;;
  status) redis-cli -p "$port" ping ;;
  *) echo "usage: $0 run|start|stop|status" >&2; exit 2 ;;
esac
