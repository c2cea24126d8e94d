#!/usr/bin/env bash
# Every test: lint and the UI build while the test services start, Python (unit + integration on the real
# services), then the UI's unit tests and the few serial Python tests beside the browser tests. The test services
# it starts are stopped at the end, pass or fail, so nothing is left running.
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

t0=$(date +%s)
# Each step says when it starts (seconds since the run began), so a slow CI run shows where its time went.
step() { printf '\n=== %s (at %d s) ===\n' "$*" "$(( $(date +%s) - t0 ))"; }
# The services start in the background (the engine, the sign-in provider and the databases take tens of seconds)
# while lint and the UI build run; the Python tests would otherwise wait for them one after another.
services_log=$(mktemp)
( deploy/es.sh start && deploy/redis.sh start && deploy/postgres.sh start && deploy/smtp-sink.sh start \
    && deploy/keycloak.sh start ) >"$services_log" 2>&1 &
services_pid=$!
step "lint"; make -s lint
step "API document and UI types are current"; .venv/bin/hub openapi --check ui/src/api/openapi.json && (cd ui && npm run -s api:check)
step "ui lint"; (cd ui && npm run -s lint)
# Built before the Python tests, so the browser tests' stacks can start the moment those end.
step "ui build"; (cd ui && npm run build)
step "test services"; wait $services_pid || { cat "$services_log"; echo "the test services did not start" >&2; exit 1; }
cat "$services_log"; rm -f "$services_log"
# The browser tests' stacks (a database seeded with the demo corpus and a server per lane) start now, beside the
# Python tests; the browsers start when those end (HUB_E2E_START_AFTER). Their report follows the Python tests'.
browser_go=$(mktemp -u); browser_log=$(mktemp)
HUB_E2E_START_AFTER="$browser_go" deploy/e2e.sh >"$browser_log" 2>&1 &
browser_pid=$!
# Two workers (pytest-xdist): each has its own Redis database and stacks (tests/support.py).
python_rc=0
step "python tests (2 workers)"; .venv/bin/pytest -n 2 --dist worksteal -m "not serial" --durations=15 tests || python_rc=$?
if [ $python_rc != 0 ]; then kill $browser_pid 2>/dev/null || true; wait $browser_pid 2>/dev/null || true; exit $python_rc; fi
touch "$browser_go"
# The few serial tests mostly wait (an engine of their own stopping and starting, a cluster of their own forming)
# and use no engine the others use, so they run in the background beside the browser tests, which keep both cores
# busy; so do the UI's unit tests (no service; their limits allow for the loaded machine, ui/vite.config.ts). Their
# reports follow at the end.
serial_log=$(mktemp); ui_log=$(mktemp)
.venv/bin/pytest -m serial tests >"$serial_log" 2>&1 &
serial_pid=$!
(cd ui && npm test) >"$ui_log" 2>&1 &
ui_pid=$!
browser_rc=0
step "browser tests (the ui's unit tests and the serial python tests beside them)"
wait $browser_pid || browser_rc=$?
cat "$browser_log"; rm -f "$browser_log" "$browser_go"
ui_rc=0; wait $ui_pid || ui_rc=$?
serial_rc=0; wait $serial_pid || serial_rc=$?
step "ui unit tests"; cat "$ui_log"
step "python tests (serial)"; cat "$serial_log"; rm -f "$serial_log" "$ui_log"
[ $serial_rc = 0 ] || { echo "python tests (serial) failed" >&2; exit 1; }
[ $ui_rc = 0 ] || { echo "ui unit tests failed" >&2; exit 1; }
[ $browser_rc = 0 ] || { echo "browser tests failed" >&2; exit 1; }
step "all tests passed in $(( $(date +%s) - t0 )) s"
