#!/usr/bin/env bash
# Browser tests against the real stack: test Elasticsearch (9250), Redis (6390) and Keycloak (8190, the
# sign-in provider), a fresh database seeded with the demo corpus, gunicorn serving the built UI on
# 127.0.0.1:8100, then the browser tests (what `npm run test:e2e` runs).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. deploy/test-stack.sh

# HUB_E2E_FILES (space-separated, relative to ui/) runs only those files; the spec reporter ends
# with a summary of the failing tests and their errors, so the tail of a CI log says what broke.
cd ui && HUB_BASE_URL="http://127.0.0.1:$web_port" \
  HUB_E2E_USER=user HUB_E2E_PASSWORD=user-demo-pass HUB_E2E_EDITOR=editor HUB_E2E_EDITOR_PASSWORD=editor-demo-pass \
  node --test --test-concurrency=1 --test-reporter=spec ${HUB_E2E_FILES:-e2e/*.e2e.test.mjs}
