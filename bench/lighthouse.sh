#!/usr/bin/env bash
# Lighthouse performance of the home page, a search, a paper and a story (and a script-free floor
# page), desktop and mobile, against the site as `make run` serves it (gunicorn, the built and
# precompressed UI, the demo corpus), each measured LH_RUNS times (the machine is shared: the median
# is what bench/RESULTS.md reports).
#
#   (cd ui && npm run build) && bench/lighthouse.sh      # LH_RUNS=3, LH_PORT=8120
#
# Lighthouse drives Debian's Chromium (CHROME_PATH, default /usr/bin/chromium); it never downloads a
# browser. Services on the test ports (HUB_TEST_ES_PORT 9250, HUB_TEST_REDIS_PORT 6390) like the
# browser tests; the database and index are fresh (var/lighthouse, alias hub-lighthouse).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
runs=${LH_RUNS:-3}
port=${LH_PORT:-8120}
export HUB_ES_PORT=${HUB_TEST_ES_PORT:-9250} HUB_REDIS_PORT=${HUB_TEST_REDIS_PORT:-6390}
export HUB_ES_URL="http://127.0.0.1:$HUB_ES_PORT" HUB_REDIS_URL="redis://127.0.0.1:$HUB_REDIS_PORT/2"
export HUB_VAR_DIR="$root/var/lighthouse" HUB_INDEX_ALIAS="hub-lighthouse" HUB_ENV=test
export HUB_SITE_ORIGINS="http://127.0.0.1:$port" CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
reports="$root/bench/lighthouse/reports"

[ -f ui/dist/index.html ] || { echo "ui/dist is missing: run (cd ui && npm run build) first" >&2; exit 1; }
[ -x bench/lighthouse/node_modules/.bin/lighthouse ] || npm ci --prefix bench/lighthouse --no-audit --no-fund

deploy/es.sh start
deploy/redis.sh start
rm -f "$HUB_VAR_DIR"/hub.db*
mkdir -p "$HUB_VAR_DIR" "$reports"
curl -fsS -XDELETE "$HUB_ES_URL/hub-lighthouse-*" >/dev/null 2>&1 || true
.venv/bin/hub seed --wait 120 >"$HUB_VAR_DIR/seed.log" 2>&1
redis-cli -p "$HUB_REDIS_PORT" -n 2 flushdb >/dev/null

# As the Procfile's web process runs it.
.venv/bin/gunicorn -c deploy/gunicorn.conf.py --bind "127.0.0.1:$port" --workers 2 --threads 8 \
  --worker-class api.gunicorn_worker.EnvelopeThreadWorker --timeout 60 api.wsgi:app >"$HUB_VAR_DIR/gunicorn.log" 2>&1 &
web=$!
trap 'kill $web 2>/dev/null || true; wait $web 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.5; done

# The paper and the story are the demo corpus's first ones (data/demo/papers.jsonl, stories.jsonl).
# The floor is a page with one paragraph and no script, served the same way: what this machine's load
# alone costs (a score under target there is the machine, not the site).
declare -A pages=([home]="/" [search]="/search?q=%E5%A4%A7%E6%A8%A1%E5%9E%8B" [paper]="/paper/2609.21889" [story]="/view/1" [floor]="/lighthouse-floor.html")
floor=ui/dist/lighthouse-floor.html
write_floor() {
  printf '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0"><title>AI 社区</title></head><body><h1>AI 社区</h1><p>文章、论文、活动、开源项目与人物榜单</p></body></html>\n' >"$floor"
}
trap 'rm -f "$floor"; kill $web 2>/dev/null || true; wait $web 2>/dev/null || true' EXIT
rm -f "$reports"/*.json
# LH_PAGES picks pages (default: all five).
for name in ${LH_PAGES:-home search paper story floor}; do
  for form in desktop mobile; do
    preset=()
    [ "$form" = desktop ] && preset=(--preset=desktop)
    for run in $(seq 1 "$runs"); do
      # Written before each run: a build in ui/ (the tree is shared) empties ui/dist.
      [ "$name" = floor ] && write_floor
      # Warm the read cache as a visitor before would have (the first run otherwise measures a cold Elasticsearch).
      curl -fsS -o /dev/null "http://127.0.0.1:$port${pages[$name]}"
      bench/lighthouse/node_modules/.bin/lighthouse "http://127.0.0.1:$port${pages[$name]}" "${preset[@]}" \
        --only-categories=performance --output=json --output-path="$reports/$name-$form-$run.json" --quiet \
        --chrome-flags="--headless --no-sandbox --disable-gpu"
    done
  done
done
node bench/lighthouse/summary.mjs "$reports"
