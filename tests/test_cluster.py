"""A three-node cluster (deploy/es-cluster.sh: the same runner, one JVM per node) holding the content
index with one replica (`auto_expand_replicas` 0-1 in the mapping: none on the single local node, one
on a cluster). Taking down the node with the primary keeps search answering with every result while
writes go on and reach the index; the node rejoins and the cluster is green again."""

from __future__ import annotations

import os
import subprocess
import uuid

import pytest

from store.models import Story
from store.writes import upsert
from tests.support import ROOT, THROWAWAY_ENGINE, TINY, Stack, data_of, story_fields, wait_until

pytestmark = pytest.mark.serial  # three engine nodes of its own: too heavy beside the other tests

CLUSTER_PORT = os.environ.get("HUB_TEST_ES_CLUSTER_PORT", "9270")
QUERIES = ["边界测试", "文章", "paper", "大模型"]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    env = {
        **os.environ,
        **THROWAWAY_ENGINE,
        "HUB_ES_CLUSTER_PORT": CLUSTER_PORT,
        "HUB_VAR_DIR": str(tmp_path_factory.mktemp("es-cluster")),
    }

    def run(*args: str) -> str:
        done = subprocess.run(
            [str(ROOT / "deploy" / "es-cluster.sh"), *args], env=env, timeout=400, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout.strip()

    try:
        run("start")
        yield run, run("urls")
    finally:
        run("stop")


def node_of_primary(es, alias: str) -> int:
    """The number N (deploy/es-cluster.sh's node N) of the node holding the index's primary shard."""
    tables = es.cluster.state(metric="routing_table", index=alias)["routing_table"]["indices"]
    (table,) = tables.values()
    primary = next(copy["node"] for copy in table["shards"]["0"] if copy["primary"])
    address = es.nodes.info(node_id=primary, metric="http")["nodes"][primary]["http"]["publish_address"]
    return int(address.rsplit(":", 1)[1]) - int(CLUSTER_PORT)


def totals(client) -> dict[str, int]:
    return {q: data_of(client.get("/api/v2/total", query_string={"q": q}))["all"] for q in QUERIES}


def test_a_node_down_keeps_search_whole_and_writes_going(cluster, services, tmp_path):
    run, urls = cluster
    stack = Stack(
        db_url=f"sqlite:///{tmp_path / 'hub.db'}", alias=f"hub-test-cluster-{uuid.uuid4().hex[:8]}", es_url=urls
    )
    stack.migrate()
    assert not stack.import_files([TINY]).errors
    stack.drain()
    es = stack.es()
    health = es.cluster.health(index=stack.alias, wait_for_status="green", timeout="90s")
    assert health["status"] == "green" and health["number_of_nodes"] == 3
    shards = es.cat.shards(index=stack.alias, format="json", h="prirep,state")
    assert sorted(s["prirep"] for s in shards) == ["p", "r"], "one replica on a cluster"

    client = stack.client()
    before = totals(client)
    assert all(before.values()), before

    down = node_of_primary(es, stack.alias)
    run("stop-node", str(down))
    try:
        # Every search still answers, with every result: the replica takes over.
        for _ in range(5):
            assert totals(client) == before
        # Writes go on: a story written now is indexed on the surviving copy and found.
        title = "集群节点停机时写入的故事"
        with stack.sessions()() as session:
            assert upsert(session, Story, {"id": 7001}, story_fields(title)) == "created"
            session.commit()
        assert stack.drain() >= 1
        es.indices.refresh(index=stack.alias)
        found = data_of(client.get("/api/v2/search", query_string={"q": title}))
        assert any(item["story_info"]["id"] == 7001 for item in found["list"]), found
        assert es.cluster.health(index=stack.alias)["status"] == "yellow"  # one copy left until the node returns
    finally:
        run("start-node", str(down))

    # The node rejoins, its copy catches up, and the cluster is whole again.
    health = es.cluster.health(index=stack.alias, wait_for_status="green", wait_for_nodes="3", timeout="120s")
    assert health["status"] == "green"
    wait_until(lambda: totals(client)["大模型"] >= before["大模型"], timeout=30)
    assert es.count(index=stack.alias, body={"query": {"term": {"doc_key": "story-7001"}}})["count"] == 1
    stack.drop()
