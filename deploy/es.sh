#!/usr/bin/env bash
# Local Elasticsearch 7.10.2 node for development and tests (no Docker, jars from Maven Central).
#   deploy/es.sh run     foreground (used by the Procfile; Ctrl-C stops it)
#   deploy/es.sh start   background; returns once the cluster is yellow or green
#   deploy/es.sh stop    stops the background node cleanly (SIGTERM, then waits)
#   deploy/es.sh status  prints the cluster health or exits 1
# Settings: HUB_ES_PORT (9200), HUB_ES_HEAP (768m, at most 1g by default), HUB_VAR_DIR (var/).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
port=${HUB_ES_PORT:-9200}
heap=${HUB_ES_HEAP:-768m}
# More JVM options for the engine (HUB_ES_JAVA_OPTS): the tests' throwaway nodes start with the quick compiler only
# (tests/support.py THROWAWAY_ENGINE), which takes far less CPU to start a node that lives a minute.
read -ra java_extra <<<"${HUB_ES_JAVA_OPTS:-}"
var=${HUB_VAR_DIR:-$root/var}
base="$var/es-$port"
pidfile="$base/es.pid"
lib="$here/elasticsearch/target/lib"
java_bin=${HUB_JAVA:-java}

fetch_jars() {
  if [ ! -f "$lib/elasticsearch-cluster-runner-7.10.2.0.jar" ]; then
    echo "es: resolving Elasticsearch jars with Maven" >&2
    (cd "$here/elasticsearch" && mvn -B -q dependency:copy-dependencies)
  fi
}

write_config() {
  # Pre-written so the runner keeps it: one node, loopback only, no discovery of other nodes.
  # indices.id_field_data.enabled (a node setting in 7.10, dynamic too) refuses fielddata on _id,
  # as Elasticsearch 8 does by default, so a sort or aggregation on _id fails in the tests rather
  # than on an 8.x cluster. Lists break ties on the doc_key keyword field instead.
  mkdir -p "$base/node_1/config"
  cat > "$base/node_1/config/elasticsearch.yml" <<YML
cluster.name: hub-local
node.name: hub-node-$port
network.host: 127.0.0.1
http.port: $port
transport.port: $((port + 100))
discovery.type: single-node
action.auto_create_index: false
cluster.routing.allocation.disk.threshold_enabled: false
indices.query.bool.max_clause_count: 4096
# Well above any bulk the drain or reindex sends (500 rows); low enough that a tests can make the engine
# refuse a whole bulk request (413) with one oversized row.
http.max_content_length: 10mb
indices.id_field_data.enabled: false
YML
}

health() { curl -fsS "http://127.0.0.1:$port/_cluster/health" 2>/dev/null; }

run() {
  fetch_jars
  write_config
  # The runner's first node listens on baseHttpPort + 1.
  exec "$java_bin" -Xms"$heap" -Xmx"$heap" -XX:+UseG1GC ${java_extra[@]+"${java_extra[@]}"} \
    -Des.distribution.flavor=default -Dlog4j2.formatMsgNoLookups=true \
    -Djava.io.tmpdir="$base/tmp" \
    -cp "$lib/*" org.codelibs.elasticsearch.runner.ElasticsearchClusterRunner \
    -basePath "$base" -numOfNode 1 -baseHttpPort $((port - 1)) -clusterName hub-local
}

wait_ready() {
  for _ in $(seq 1 120); do
    if health | grep -qE '"status":"(green|yellow)"'; then return 0; fi
    sleep 1
  done
  echo "es: not ready on port $port after 120 s; see $base/es.log" >&2
  return 1
}

case "${1:-run}" in
  run) mkdir -p "$base/tmp"; run ;;
  start)
    if health >/dev/null; then echo "es: already running on $port"; exit 0; fi
    mkdir -p "$base/tmp"
    "$0" run > "$base/es.log" 2>&1 &
    echo $! > "$pidfile"
    wait_ready && echo "es: ready on http://127.0.0.1:$port"
    ;;
  stop)
    # The pid file, or else whichever runner serves this port (a node started from another checkout).
    pid=$(cat "$pidfile" 2>/dev/null || true)
    if [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; then
      pid=$(pgrep -f "ElasticsearchClusterRunner.*-baseHttpPort $((port - 1)) " || true)
    fi
    for p in $pid; do
      if kill "$p" 2>/dev/null; then
        # A clean shutdown can take a while on a busy machine; then force it and wait for the exit.
        for _ in $(seq 1 120); do kill -0 "$p" 2>/dev/null || break; sleep 0.5; done
        if kill -9 "$p" 2>/dev/null; then
          for _ in $(seq 1 40); do kill -0 "$p" 2>/dev/null || break; sleep 0.25; done
        fi
      fi
    done
    rm -f "$pidfile"
    for _ in $(seq 1 20); do health >/dev/null || break; sleep 0.25; done
    if health >/dev/null; then echo "es: still answering on $port" >&2; exit 1; fi
    echo "es: stopped ($port)"
    ;;
  status) health || { echo "es: down on $port" >&2; exit 1; } ;;
  *) echo "usage: $0 run|start|stop|status" >&2; exit 2 ;;
esac
