#!/usr/bin/env bash
# Every test, in order: lint, Python (unit + integration on the real services), UI unit tests,
# UI build (reports the initial JS gzip size), browser tests. The test services it starts are
# stopped at the end, pass or fail, so nothing is left running.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export HUB_ES_PORT=${HUB_TEST_ES_PORT:-9250} HUB_REDIS_PORT=${HUB_TEST_REDIS_PORT:-6390}
export HUB_KEYCLOAK_PORT=${HUB_TEST_KEYCLOAK_PORT:-8190} HUB_PG_PORT=${HUB_TEST_PG_PORT:-5433}
export HUB_SMTP_PORT=${HUB_TEST_SMTP_PORT:-2590}

started_es=0; started_redis=0; started_keycloak=0; started_pg=0; started_smtp=0
deploy/es.sh status >/dev/null 2>&1 || started_es=1
redis-cli -p "$HUB_REDIS_PORT" ping >/dev/null 2>&1 || started_redis=1
deploy/keycloak.sh status >/dev/null 2>&1 || started_keycloak=1
deploy/postgres.sh status >/dev/null 2>&1 || started_pg=1
deploy/smtp-sink.sh status >/dev/null 2>&1 || started_smtp=1
cleanup() {
  [ $started_es = 1 ] && deploy/es.sh stop || true
  [ $started_redis = 1 ] && deploy/redis.sh stop || true
  [ $started_keycloak = 1 ] && deploy/keycloak.sh stop || true
  [ $started_pg = 1 ] && deploy/postgres.sh stop || true
  [ $started_smtp = 1 ] && deploy/smtp-sink.sh stop || true
}
trap cleanup EXIT

step() { printf '\n=== %s ===\n' "$*"; }
t0=$(date +%s)
step "lint"; make -s lint
step "API document and UI types are current"; .venv/bin/hub openapi --check ui/src/api/openapi.json && (cd ui && npm run -s api:check)
step "ui lint"; (cd ui && npm run -s lint)
# Two workers (pytest-xdist): each has its own Redis database and stacks (tests/support.py).
step "python tests (2 workers)"; .venv/bin/pytest -n 2 -m "not serial" tests
# The few serial tests mostly wait (an engine of their own stopping and starting, a cluster of their own forming)
# and use no engine the others use, so they run in the background beside the UI's unit tests, its build and the
# browser tests, which keep both cores busy; their report follows at the end.
serial_log=$(mktemp)
.venv/bin/pytest -m serial tests >"$serial_log" 2>&1 &
serial_pid=$!
ui_rc=0; browser_rc=0
step "ui unit tests"; (cd ui && npm test) || ui_rc=$?
[ $ui_rc = 0 ] && { step "ui build"; (cd ui && npm run build) || ui_rc=$?; }
[ $ui_rc = 0 ] && { step "browser tests"; deploy/e2e.sh || browser_rc=$?; }
serial_rc=0; wait $serial_pid || serial_rc=$?
step "python tests (serial), run beside the above"; cat "$serial_log"; rm -f "$serial_log"
[ $serial_rc = 0 ] || { echo "python tests (serial) failed" >&2; exit 1; }
[ $ui_rc = 0 ] || { echo "ui unit tests or build failed" >&2; exit 1; }
[ $browser_rc = 0 ] || { echo "browser tests failed" >&2; exit 1; }
step "all tests passed in $(( $(date +%s) - t0 )) s"
