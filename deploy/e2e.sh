#!/usr/bin/env bash
# Browser tests against the real stack: test Elasticsearch (9250), Redis (6390) and Keycloak (8190, the
# sign-in provider), and per lane a fresh database seeded with the demo corpus and gunicorn serving the built UI
# (127.0.0.1:8100, 8101, ...), then the browser tests (ui/e2e/lanes.mjs).
#
# HUB_E2E_LANES (2) stacks run side by side, each with its own database, index alias and Redis database, and the
# files are shared out between them (the next file to the lane that is free). The browser tests mostly wait on
# pages and the provider, so two lanes use a 2-core machine's idle time; HUB_E2E_LANES=1 runs them one by one.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export HUB_ES_PORT=${HUB_TEST_ES_PORT:-9250} HUB_REDIS_PORT=${HUB_TEST_REDIS_PORT:-6390}
export HUB_KEYCLOAK_PORT=${HUB_TEST_KEYCLOAK_PORT:-8190} HUB_SMTP_PORT=${HUB_TEST_SMTP_PORT:-2590}
lanes=${HUB_E2E_LANES:-2}
first_port=${HUB_E2E_PORT:-8100}
var_base=${HUB_STACK_VAR_DIR:-$root/var/e2e}

# The services the stacks share, started once before the stacks so two lanes never race to start them.
deploy/es.sh start >/dev/null
deploy/redis.sh start >/dev/null
deploy/smtp-sink.sh start >/dev/null
deploy/keycloak.sh start >/dev/null

# One stack per lane, each in a subshell that keeps it up until this script ends (test-stack.sh's own EXIT trap
# stops its processes when the subshell is told to end).
pids=()
stop_lanes() { [ ${#pids[@]} -gt 0 ] && { kill "${pids[@]}" 2>/dev/null || true; wait "${pids[@]}" 2>/dev/null || true; }; }
trap stop_lanes EXIT
bases=()
for lane in $(seq 1 "$lanes"); do
  suffix=$([ "$lane" = 1 ] && echo "" || echo "$lane")
  var_dir="$var_base$suffix"
  mkdir -p "$var_dir"; rm -f "$var_dir/ready"
  (
    trap 'exit 0' TERM
    export HUB_E2E_PORT=$((first_port + lane - 1)) HUB_STACK_VAR_DIR="$var_dir" HUB_E2E_ALIAS="hub-e2e$suffix"
    # Redis databases 9, 10, …: the Python tests' workers use 0 and 2, 3, … (tests/support.py), and the stacks may
    # start while those run (HUB_E2E_START_AFTER below).
    export HUB_E2E_REDIS_DB=$((8 + lane))
    . deploy/test-stack.sh >"$var_dir/stack.log" 2>&1
    echo "http://127.0.0.1:$web_port" >"$var_dir/ready"
    while :; do sleep 1; done
  ) &
  pids+=($!)
  bases+=("http://127.0.0.1:$((first_port + lane - 1))")
done
for lane in $(seq 1 "$lanes"); do
  suffix=$([ "$lane" = 1 ] && echo "" || echo "$lane")
  until [ -s "$var_base$suffix/ready" ]; do
    kill -0 "${pids[$((lane - 1))]}" 2>/dev/null || { echo "the stack of lane $lane did not start:" >&2; tail -40 "$var_base$suffix/stack.log" >&2; exit 1; }
    sleep 0.5
  done
done

# HUB_E2E_START_AFTER (a file): the stacks start at once, the browsers once that file exists. deploy/test-all.sh
# starts the stacks beside the Python tests this way, so seeding them is not on its own in the run's time.
if [ -n "${HUB_E2E_START_AFTER:-}" ]; then
  until [ -e "$HUB_E2E_START_AFTER" ]; do
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null || { echo "a browser test stack stopped while waiting" >&2; exit 1; }; done
    sleep 0.5
  done
fi

# HUB_E2E_FILES (space-separated, relative to ui/) runs only those files; each file's spec report ends with its
# failing tests and their errors, and the run ends with the failing files, so the tail of a CI log says what broke.
cd ui && HUB_E2E_USER=user HUB_E2E_PASSWORD=user-demo-pass HUB_E2E_EDITOR=editor HUB_E2E_EDITOR_PASSWORD=editor-demo-pass \
  HUB_E2E_DURATIONS="$var_base-durations.json" node e2e/lanes.mjs "${bases[@]}" -- ${HUB_E2E_FILES:-e2e/*.e2e.test.mjs}
