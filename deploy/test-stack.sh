#!/usr/bin/env bash
# Sourced by deploy/e2e.sh (browser tests) and bench/soak.sh (the soak): the whole site on test ports —
# Elasticsearch (HUB_TEST_ES_PORT, 9250), Redis (HUB_TEST_REDIS_PORT, 6390), Keycloak (HUB_TEST_KEYCLOAK_PORT,
# 8190), a fresh database seeded with the demo corpus, gunicorn serving the built UI on 127.0.0.1:$web_port
# (HUB_E2E_PORT, 8100) and a Celery worker with beat; files under HUB_STACK_VAR_DIR (var/e2e). Both are stopped when the sourcing script exits.
# Leaves `web_port`, `web`, `worker`, `wechat` and `arxiv` (pids) set. Several stacks share the services side by side
# (deploy/e2e.sh's lanes), each with its own port, directory, index alias (HUB_E2E_ALIAS) and Redis database
# (HUB_E2E_REDIS_DB).
export HUB_ES_PORT=${HUB_TEST_ES_PORT:-9250} HUB_REDIS_PORT=${HUB_TEST_REDIS_PORT:-6390}
redis_db=${HUB_E2E_REDIS_DB:-1}
export HUB_ES_URL="http://127.0.0.1:$HUB_ES_PORT" HUB_REDIS_URL="redis://127.0.0.1:$HUB_REDIS_PORT/$redis_db"
export HUB_VAR_DIR="${HUB_STACK_VAR_DIR:-$root/var/e2e}" HUB_INDEX_ALIAS="${HUB_E2E_ALIAS:-hub-e2e}"
web_port=${HUB_E2E_PORT:-8100}
export HUB_KEYCLOAK_PORT=${HUB_TEST_KEYCLOAK_PORT:-8190} HUB_ENV=test
export HUB_SMTP_PORT=${HUB_TEST_SMTP_PORT:-2590}  # the provider's mail (e-mail verification) goes to this sink
export HUB_OIDC_ISSUER="http://127.0.0.1:$HUB_KEYCLOAK_PORT/realms/hub"
export HUB_SITE_ORIGINS="http://127.0.0.1:$web_port,http://localhost:$web_port"
# Small reindex chunks: the editors' page test watches a full reindex's progress move (ui/e2e/editor.e2e.test.mjs).
export HUB_REINDEX_CHUNK=${HUB_REINDEX_CHUNK:-25}
# Documents built in the seeding and worker processes themselves: a pool per build (a forkserver and a child per
# core, each loading the analysis tables) costs more than the demo corpus's few hundred documents.
export HUB_BUILD_PROCESSES=${HUB_BUILD_PROCESSES:-1}
# One content source that always fails (nothing listens on port 1): the editors' page shows its failures
# (ui/e2e/editor.e2e.test.mjs). The other sources stay unconfigured.
export HUB_SOURCE_RSS_FEEDS=${HUB_SOURCE_RSS_FEEDS-http://127.0.0.1:1/e2e-unreachable-feed.xml}
# One browser from one address runs every test within minutes: limits sized for that, still on.
export HUB_RATE_LIMIT_SEARCH=${HUB_RATE_LIMIT_SEARCH:-3000/minute} HUB_RATE_LIMIT_SUGGEST=${HUB_RATE_LIMIT_SUGGEST:-6000/minute}
export HUB_RATE_LIMIT_SIGN_IN=${HUB_RATE_LIMIT_SIGN_IN:-600/minute}
# Beacon lines count per network (the whole suite is one browser on 127.0.0.1): the shipped 120 a minute
# is a reader's share, not a test run's.
export HUB_RATE_LIMIT_BEACONS=${HUB_RATE_LIMIT_BEACONS:-12000/minute} HUB_RATE_LIMIT_BEACONS_ADDRESS=${HUB_RATE_LIMIT_BEACONS_ADDRESS:-12000/minute}

deploy/es.sh start
deploy/redis.sh start
deploy/smtp-sink.sh start
deploy/keycloak.sh start
rm -f "$HUB_VAR_DIR"/hub.db*
mkdir -p "$HUB_VAR_DIR"
curl -fsS -XDELETE "$HUB_ES_URL/$HUB_INDEX_ALIAS-*" >/dev/null 2>&1 || true
.venv/bin/hub seed --wait 120
# Extra JSONL files (comma-separated) imported after the demo corpus: the hostile titles, summaries and
# contents the XSS browser test renders (ui/e2e/security.e2e.test.mjs).
IFS=, read -ra extra <<<"${HUB_E2E_EXTRA-ui/e2e/data/hostile.jsonl}"
if [ ${#extra[@]} -gt 0 ]; then .venv/bin/hub import --index --no-kick "${extra[@]}"; fi
redis-cli -p "$HUB_REDIS_PORT" -n "$redis_db" flushdb >/dev/null

# WeChat's API for the sharing signature: the recorded fixture server the API tests use (tests/support.py),
# so the page-side wx.config in WeChat's browser is exercised end to end (ui/e2e/wechat.e2e.test.mjs).
rm -f "$HUB_VAR_DIR/wechat.base"
.venv/bin/python -m tests.support wechat "$HUB_VAR_DIR/wechat.base" > "$HUB_VAR_DIR/wechat.log" 2>&1 &
wechat=$!
for _ in $(seq 1 50); do [ -s "$HUB_VAR_DIR/wechat.base" ] && break; sleep 0.1; done
export HUB_WECHAT_APP_ID=wx-test-app HUB_WECHAT_APP_SECRET=recorded-secret HUB_WECHAT_API_BASE="$(cat "$HUB_VAR_DIR/wechat.base")"
# arXiv's export API for submitting a paper by its number: a stand-in answering one recorded paper
# (tests/fixtures/sources/arxiv_id_list.xml, 2611.07777). No category is configured, so the arXiv source
# itself stays off and the editors' page lists the sources as before.
rm -f "$HUB_VAR_DIR/arxiv.url"
.venv/bin/python -m tests.support arxiv "$HUB_VAR_DIR/arxiv.url" > "$HUB_VAR_DIR/arxiv.log" 2>&1 &
arxiv=$!
for _ in $(seq 1 50); do [ -s "$HUB_VAR_DIR/arxiv.url" ] && break; sleep 0.1; done
export HUB_SOURCE_ARXIV_URL="$(cat "$HUB_VAR_DIR/arxiv.url")" HUB_SOURCE_ARXIV_CATEGORIES=""

.venv/bin/gunicorn -c deploy/gunicorn.conf.py --bind "127.0.0.1:$web_port" --workers 2 --threads 8 --worker-class api.gunicorn_worker.EnvelopeThreadWorker --timeout 60 api.wsgi:app \
  > "$HUB_VAR_DIR/gunicorn.log" 2>&1 &
web=$!
# The worker drains the outbox, so what the tests publish becomes searchable.
.venv/bin/celery -A worker.app:celery_app worker -B --pool solo --loglevel INFO -s "$HUB_VAR_DIR/beat-schedule" \
  > "$HUB_VAR_DIR/worker.log" 2>&1 &
worker=$!
trap 'kill $web $worker $wechat $arxiv 2>/dev/null || true; wait $web $worker $wechat $arxiv 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do curl -fsS "http://127.0.0.1:$web_port/healthz" >/dev/null 2>&1 && break; sleep 0.5; done
