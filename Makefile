# Two commands: `make run` brings the whole site up on http://127.0.0.1:8000; `make test` runs every test.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
ES_JARS := deploy/elasticsearch/target/lib/elasticsearch-cluster-runner-7.10.2.0.jar
KEYCLOAK := deploy/keycloak/target/keycloak-24.0.5/.hub-built

.PHONY: bench-signals install system-deps run test test-fast lint test-python test-ui test-e2e ui services-up services-down clean relevance bench bench-servers soak audit

# The four installs are independent, so they run side by side (pip, Maven, Keycloak's build, npm); the two
# Maven ones one after the other (order-only), since they share the local repository.
install: system-deps
	@$(MAKE) -s -j4 --output-sync=target $(VENV)/.installed $(ES_JARS) $(KEYCLOAK) ui/node_modules/.installed

system-deps:
	@deploy/system-deps.sh

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev,postgres]'
	touch $@

$(ES_JARS): deploy/elasticsearch/pom.xml
	cd deploy/elasticsearch && mvn -B -q dependency:copy-dependencies
	touch $@

# Keycloak's distribution (the local OpenID Connect provider), unpacked and built once.
$(KEYCLOAK): deploy/keycloak/pom.xml | $(ES_JARS)
	deploy/keycloak.sh fetch

ui/node_modules/.installed: ui/package.json ui/package-lock.json
	cd ui && npm ci --no-audit --no-fund
	touch $@

ui: ui/node_modules/.installed
	cd ui && npm run build

# Elasticsearch, Redis, Keycloak (sign-in), the demo corpus, the Celery worker, beat and gunicorn,
# under honcho. Ctrl-C stops everything. HUB_ENV=development: plain-HTTP cookies and the
# local secret key are allowed (production refuses to start without a real HUB_SECRET_KEY).
# The UI builds under honcho (Procfile `ui`) while the services start and the demo corpus is indexed.
run: install
	HUB_ENV=$${HUB_ENV:-development} $(VENV)/bin/honcho start

# Style, formatting, the direction of imports (pyproject: [tool.importlinter]).
lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

test-python: $(VENV)/.installed $(ES_JARS) $(KEYCLOAK) system-deps
	$(VENV)/bin/pytest -n 2 --dist worksteal -m "not serial" tests && $(VENV)/bin/pytest -m serial tests

# The judged set (tests/relevance/judgments.jsonl) against the demo corpus: nDCG@10, MRR@10, the
# zero-result rate, per-category and per-kind figures, worst queries first; figures in var/relevance.json.
# Starts the test services like the suite does (HUB_TEST_ES_PORT / HUB_TEST_REDIS_PORT, default 9250 / 6390).
relevance: $(VENV)/.installed $(ES_JARS) system-deps
	$(PY) -m tests.relevance.score

# Long runs, not part of `make test` (figures in bench/RESULTS.md). The soak: 10 minutes of fixed-rate mixed
# load (reads, searches, signed-in writes) with Locust against the whole site, memory sampled (bench/soak.sh).
BENCH_VENV := .venv-bench
$(BENCH_VENV)/.installed:
	test -x $(BENCH_VENV)/bin/python || python3 -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/pip install -q 'locust>=2.30,<3'
	touch $@

soak: install ui $(BENCH_VENV)/.installed
	bench/soak.sh

# Every row of issue 12 in one run (bench/run.py, figures into bench/RESULTS.md): BENCH_SIZES
# (10000,100000; 1000000 for the 1M run), BENCH_DATABASE=postgresql (deploy/postgres.sh), BENCH_INDEX_SHARDS,
# BENCH_GROW_1M=1 (the 100k index copied ten times by _reindex), own ports BENCH_ES_PORT/BENCH_REDIS_PORT/
# BENCH_WEB_PORT/BENCH_PG_PORT (9270/6397/8130/5447); see bench/README.md.
bench: install
	$(PY) bench/run.py

# The search floor and the site under uWSGI and granian beside gunicorn (bench/server_floor.py), on the data
# an earlier `make bench` kept; BENCH_SIZES picks the size (100000).
bench-servers: install
	$(VENV)/bin/pip install -q -e '.[servers]'
	$(PY) bench/server_floor.py

# The signals issue's attacks at scale (bench/signal_attacks.py; figures in bench/RESULTS.md, "Signals under
# attack"): forged beacons, fresh accounts and a registration burst against the test services.
bench-signals: install
	HUB_ES_PORT=9250 deploy/es.sh start && HUB_REDIS_PORT=6390 deploy/redis.sh start
	HUB_SMTP_PORT=2590 deploy/smtp-sink.sh start && HUB_KEYCLOAK_PORT=8190 HUB_SMTP_PORT=2590 deploy/keycloak.sh start
	$(PY) bench/signal_attacks.py --es http://127.0.0.1:9250 --redis redis://127.0.0.1:6390/3 --rate-limits \
	  --keycloak http://127.0.0.1:8190 --registrations 200

# Known vulnerabilities in the installed Python packages (pip-audit, OSV) and the UI's packages (npm audit).
# Needs the vulnerability databases (OSV's API and the npm registry's audit endpoint) on the network.
audit: $(VENV)/.installed $(BENCH_VENV)/.installed ui/node_modules/.installed
	$(BENCH_VENV)/bin/pip install -q pip-audit
	$(BENCH_VENV)/bin/pip-audit --vulnerability-service osv --path $(VENV)/lib/python3.11/site-packages --skip-editable
	cd ui && npm audit --omit=dev --audit-level=high

test-ui: ui/node_modules/.installed
	cd ui && npm test

test-e2e: install ui
	deploy/e2e.sh

# The fast lane while working: every test that needs no service (Python tests not marked `services`, and the
# UI's unit tests), side by side, nothing started (deploy/test-fast.sh).
test-fast: $(VENV)/.installed ui/node_modules/.installed
	deploy/test-fast.sh

# The one test command (README, .ci/run): installs what is missing, then deploy/test-all.sh.
test: install
	deploy/test-all.sh

services-up: install
	deploy/es.sh start && deploy/redis.sh start && deploy/smtp-sink.sh start && deploy/keycloak.sh start

services-down:
	deploy/es.sh stop; deploy/redis.sh stop; deploy/keycloak.sh stop; deploy/smtp-sink.sh stop
	HUB_ES_PORT=9250 deploy/es.sh stop; HUB_REDIS_PORT=6390 deploy/redis.sh stop; HUB_KEYCLOAK_PORT=8190 deploy/keycloak.sh stop
	HUB_SMTP_PORT=2590 deploy/smtp-sink.sh stop

clean: services-down
	rm -rf var ui/dist
