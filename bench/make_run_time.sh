#!/usr/bin/env bash
# How long a fresh clone takes from `make run` to a searchable site (issue 35: ≤ 3 minutes): clones HEAD
# into a temporary folder, runs `make run` there and polls a search until it answers with hits, then stops
# everything. Package caches (pip, npm, Maven, the Keycloak build in HUB_CACHE_DIR) are the machine's own,
# as on a developer's machine after a first install; MAKE_RUN_COLD=1 hides the Keycloak cache too.
#   bench/make_run_time.sh            # prints the seconds and the load average
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
clone=$(mktemp -d /tmp/make-run-XXXX)
git clone -q "$root" "$clone"
cache_env=()
if [ "${MAKE_RUN_COLD:-0}" = 1 ]; then cache_env=(HUB_CACHE_DIR="$clone/.no-cache"); fi
started=$(date +%s)
# A session of its own (setsid execs in place: $runner is its id), so the whole tree stops together.
env -C "$clone" "${cache_env[@]}" setsid make run >"$clone/make-run.log" 2>&1 &
runner=$!
stop() {
  kill -TERM -- "-$runner" 2>/dev/null || true
  sleep 8; pkill -KILL -f "$clone" 2>/dev/null || true
  rm -rf "$clone"
}
trap stop EXIT
until curl -fsS "http://127.0.0.1:${HUB_WEB_PORT:-8000}/api/v2/search?q=agent" 2>/dev/null | grep -q '"list":\[{'; do
  if ! kill -0 $runner 2>/dev/null; then echo "make run stopped; its log:" >&2; tail -30 "$clone/make-run.log" >&2; exit 1; fi
  if [ $(( $(date +%s) - started )) -gt 900 ]; then echo "not searchable after 15 minutes" >&2; exit 1; fi
  sleep 2
done
echo "make run: searchable $(( $(date +%s) - started )) s after it started (load $(cut -d' ' -f1-3 /proc/loadavg))"
