"""Faults of the services behind the API (issue 11): Redis away, the database away. Reads keep
answering where they can; what cannot answer says so in the envelope (503), never a 500."""

from __future__ import annotations

from tests.support import data_of, error_of, sign_in

DEAD_REDIS = "redis://127.0.0.1:9/0"
DEAD_DATABASE = "postgresql+psycopg://hub:hub@127.0.0.1:9/hub?connect_timeout=2"


def test_with_redis_away_pages_are_served_without_the_cache(demo_stack):
    client = demo_stack.app(redis_url=DEAD_REDIS).test_client()
    assert data_of(client.get("/api/v2/search", query_string={"q": "大模型"}))["total"] > 0
    assert data_of(client.post("/api/v1/story/list", json={"time": None}))["list"]
    assert data_of(client.get("/api/v2/search/hotwords?type=hotwords"))  # the editor-set list
    assert data_of(client.get("/api/v2/search/stories_title", query_string={"q": "大模", "type": "stories_title"}))
    health = client.get("/healthz")
    assert health.status_code == 503 and health.get_json()["checks"]["redis"] == {"ok": False}


def test_with_the_database_away_anonymous_reads_work_and_signed_in_ones_answer_503(demo_stack):
    client = demo_stack.app(database_url=DEAD_DATABASE).test_client()
    assert data_of(client.get("/api/v2/search", query_string={"q": "大模型"}))["total"] > 0
    sign_in(client, 1)
    body = error_of(client.get("/api/v2/search", query_string={"q": "大模型"}), 503)
    assert body["msg"] == "请求失败，点击重新加载"
    assert error_of(client.get("/api/v1/users"), 503)["msg"] == "请求失败，点击重新加载"
