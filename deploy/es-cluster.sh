#!/usr/bin/env bash
# A three-node Elasticsearch 7.10.2 cluster on this machine, for the cluster test
# (tests/test_cluster.py): the same runner and jars as deploy/es.sh, one JVM per node so that a node
# can be stopped and started on its own. The local default stays the single node of deploy/es.sh.
#   deploy/es-cluster.sh start             all nodes; returns once the cluster is green with every node
#   deploy/es-cluster.sh stop              all nodes
#   deploy/es-cluster.sh stop-node N       node N only (SIGTERM, as a node being taken down)
#   deploy/es-cluster.sh start-node N      node N only (it rejoins the cluster)
#   deploy/es-cluster.sh urls              the nodes' HTTP URLs, comma-separated (HUB_ES_URL takes this)
# Settings: HUB_ES_CLUSTER_PORT (9270: node N serves HTTP on 9270+N, transport on 9370+N),
# HUB_ES_CLUSTER_NODES (3), HUB_ES_HEAP (384m per node), HUB_VAR_DIR (var/).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
base_port=${HUB_ES_CLUSTER_PORT:-9270}
nodes=${HUB_ES_CLUSTER_NODES:-3}
heap=${HUB_ES_HEAP:-384m}
# More JVM options for the engine (HUB_ES_JAVA_OPTS): the tests' throwaway nodes start with the quick compiler only
# (tests/support.py THROWAWAY_ENGINE), which takes far less CPU to start a node that lives a minute.
read -ra java_extra <<<"${HUB_ES_JAVA_OPTS:-}"
var=${HUB_VAR_DIR:-$root/var}
lib="$here/elasticsearch/target/lib"
java_bin=${HUB_JAVA:-java}

http_port() { echo $((base_port + $1)); }
transport_port() { echo $((base_port + 100 + $1)); }
node_dir() { echo "$var/es-cluster-$base_port/node-$1"; }
joined() { local sep=$1; shift; local IFS=$sep; echo "$*"; }

seed_hosts() {
  local hosts=()
  for n in $(seq 1 "$nodes"); do hosts+=("\"127.0.0.1:$(transport_port "$n")\""); done
  joined , "${hosts[@]}"
}

urls() {
  local list=()
  for n in $(seq 1 "$nodes"); do list+=("http://127.0.0.1:$(http_port "$n")"); done
  joined , "${list[@]}"
}

write_config() {
  # The runner names every node "Node 1" (one node per runner), so the masters that bootstrap the
  # cluster are named by their transport addresses instead.
  local n=$1 dir
  dir=$(node_dir "$n")
  mkdir -p "$dir/node_1/config" "$dir/tmp"
  cat > "$dir/node_1/config/elasticsearch.yml" <<YML
cluster.name: hub-cluster-$base_port
network.host: 127.0.0.1
http.port: $(http_port "$n")
transport.port: $(transport_port "$n")
discovery.seed_hosts: [$(seed_hosts)]
cluster.initial_master_nodes: [$(seed_hosts)]
action.auto_create_index: false
cluster.routing.allocation.disk.threshold_enabled: false
indices.query.bool.max_clause_count: 4096
http.max_content_length: 10mb
indices.id_field_data.enabled: false
YML
}

node_pid() {
  local pid
  pid=$(cat "$(node_dir "$1")/es.pid" 2>/dev/null || true)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then echo "$pid"; fi
}

start_node() {
  local n=$1 dir
  dir=$(node_dir "$n")
  [ -n "$(node_pid "$n")" ] && return 0
  write_config "$n"
  "$java_bin" -Xms"$heap" -Xmx"$heap" -XX:+UseG1GC ${java_extra[@]+"${java_extra[@]}"} \
    -Des.distribution.flavor=default -Dlog4j2.formatMsgNoLookups=true -Djava.io.tmpdir="$dir/tmp" \
    -cp "$lib/*" org.codelibs.elasticsearch.runner.ElasticsearchClusterRunner \
    -basePath "$dir" -numOfNode 1 -baseHttpPort $(( $(http_port "$n") - 1 )) -clusterName "hub-cluster-$base_port" \
    > "$dir/es.log" 2>&1 &
  echo $! > "$dir/es.pid"
}

stop_node() {
  local n=$1 pid
  pid=$(node_pid "$n")
  [ -z "$pid" ] && return 0
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 120); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$(node_dir "$n")/es.pid"
}

wait_nodes() {
  # Green with `want` nodes, asked of any node that answers.
  local want=$1
  for _ in $(seq 1 180); do
    for n in $(seq 1 "$nodes"); do
      if curl -fsS "http://127.0.0.1:$(http_port "$n")/_cluster/health?wait_for_nodes=$want&wait_for_status=green&timeout=1s" 2>/dev/null \
        | grep -q '"timed_out":false'; then return 0; fi
    done
    sleep 1
  done
  echo "es-cluster: not green with $want nodes after 180 s; see $var/es-cluster-$base_port/node-*/es.log" >&2
  return 1
}

running() { local c=0; for n in $(seq 1 "$nodes"); do [ -n "$(node_pid "$n")" ] && c=$((c + 1)); done; echo $c; }

case "${1:-}" in
  start)
    [ -f "$lib/elasticsearch-cluster-runner-7.10.2.0.jar" ] || (cd "$here/elasticsearch" && mvn -B -q dependency:copy-dependencies)
    for n in $(seq 1 "$nodes"); do start_node "$n"; done
    wait_nodes "$nodes" && echo "es-cluster: $nodes nodes green at $(urls)"
    ;;
  stop) for n in $(seq 1 "$nodes"); do stop_node "$n"; done; echo "es-cluster: stopped" ;;
  stop-node) stop_node "${2:?node number}" ;;
  start-node) start_node "${2:?node number}"; wait_nodes "$(running)" ;;
  urls) urls ;;
  *) echo "usage: $0 start|stop|stop-node N|start-node N|urls" >&2; exit 2 ;;
esac
