#!/usr/bin/env bash
# `make soak`: the whole site on test ports (deploy/test-stack.sh: Elasticsearch, Redis, Keycloak, the demo
# corpus, gunicorn with 2 workers x 8 threads, a Celery worker with beat), then bench/soak.py for
# SOAK_MINUTES (10) at a fixed rate: SOAK_VISITORS (8) anonymous visitors at SOAK_VISITOR_RATE (4) requests/s
# each, SOAK_MEMBERS (3) signed-in members writing at SOAK_MEMBER_RATE (0.25) requests/s each.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export HUB_STACK_VAR_DIR="$root/var/soak" HUB_E2E_PORT=${HUB_SOAK_PORT:-8110} HUB_E2E_EXTRA=""
. deploy/test-stack.sh
es_pid=$(pgrep -f "ElasticsearchClusterRunner.*-baseHttpPort $((HUB_ES_PORT - 1)) " | head -1)
redis_pid=$(redis-cli -p "$HUB_REDIS_PORT" info server | tr -d '\r' | awk -F: '/^process_id:/ {print $2}')
.venv/bin/python bench/soak.py --base "http://127.0.0.1:$web_port" --minutes "${SOAK_MINUTES:-10}" \
  --pid "gunicorn=$web" --pid "celery worker=$worker" --pid "elasticsearch=$es_pid" --pid "redis=$redis_pid"
