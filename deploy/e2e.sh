#!/usr/bin/env bash
# Browser tests against the real stack: test Elasticsearch (9250) and Redis (6390), a fresh database
# seeded with the demo corpus, gunicorn serving the built UI on 127.0.0.1:8100, then `npm run test:e2e`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export HUB_ES_PORT=${HUB_TEST_ES_PORT:-9250} HUB_REDIS_PORT=${HUB_TEST_REDIS_PORT:-6390}
export HUB_ES_URL="http://127.0.0.1:$HUB_ES_PORT" HUB_REDIS_URL="redis://127.0.0.1:$HUB_REDIS_PORT/1"
export HUB_VAR_DIR="$root/var/e2e" HUB_INDEX_ALIAS="hub-e2e"
web_port=${HUB_E2E_PORT:-8100}

deploy/es.sh start
deploy/redis.sh start
rm -f "$HUB_VAR_DIR"/hub.db*
mkdir -p "$HUB_VAR_DIR"
curl -fsS -XDELETE "$HUB_ES_URL/hub-e2e-*" >/dev/null 2>&1 || true
.venv/bin/hub seed --wait 120
# Extra JSONL files (comma-separated) imported after the demo corpus: the hostile titles, summaries and
# contents the XSS browser test renders (ui/e2e/security.e2e.test.mjs).
IFS=, read -ra extra <<<"${HUB_E2E_EXTRA-ui/e2e/data/hostile.jsonl}"
if [ ${#extra[@]} -gt 0 ]; then .venv/bin/hub import --index --no-kick "${extra[@]}"; fi
redis-cli -p "$HUB_REDIS_PORT" -n 1 flushdb >/dev/null

.venv/bin/gunicorn -c deploy/gunicorn.conf.py --bind "127.0.0.1:$web_port" --workers 2 --timeout 60 api.wsgi:app \
  > "$HUB_VAR_DIR/gunicorn.log" 2>&1 &
web=$!
trap 'kill $web 2>/dev/null || true; wait $web 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do curl -fsS "http://127.0.0.1:$web_port/healthz" >/dev/null 2>&1 && break; sleep 0.5; done

cd ui && HUB_BASE_URL="http://127.0.0.1:$web_port" npm run test:e2e
