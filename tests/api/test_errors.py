"""The error catalogue: validation (400), unknown ids (404), Elasticsearch unreachable (503)."""

from __future__ import annotations

import dataclasses

import pytest

from api.app import create_app
from tests.support import data_of, error_of


def test_query_limit_is_100_characters(client):
    data_of(client.get("/api/v2/search", query_string={"q": "模" * 100}))
    data_of(client.get("/api/v2/search", query_string={"q": " " + "模" * 100 + " "}))  # trimmed first
    body = error_of(client.get("/api/v2/search", query_string={"q": "模" * 101}), 400)
    assert body["msg"] == "搜索内容不能超过100个字符"
    assert error_of(client.get("/api/v2/total", query_string={"q": "a" * 101}), 400)["msg"] == body["msg"]


def test_bad_parameters(client):
    assert error_of(client.get("/api/v2/search?model=video"), 400)["msg"] == "不支持的内容类型"
    for page in ("abc", "0", "-3", "1.5", ""):
        assert error_of(client.get(f"/api/v2/search?page={page}"), 400)["msg"] == "页码必须是正整数", page
    assert error_of(client.get("/api/v2/search?sort=random"), 400)["msg"] == "不支持的排序方式"


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/v1/stories/424242"),
        ("get", "/api/v3/paper/9999.99999"),
        ("get", "/api/v3/paper/trends/424242"),
        ("post", "/api/v1/story/similar"),
        ("get", "/api/v9/nothing"),
    ],
)
def test_unknown_ids_answer_404_in_the_envelope(client, method, path):
    response = getattr(client, method)(path, json={"story_id": 424242} if method == "post" else None)
    assert error_of(response, 404)["msg"] == "内容不存在"


@pytest.fixture()
def offline_client(demo_stack):
    settings = dataclasses.replace(demo_stack.settings(), es_url="http://127.0.0.1:9")
    app = create_app(settings)
    with app.test_client() as test_client:
        yield test_client


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("get", "/api/v2/search?q=大模型", None),
        ("get", "/api/v2/total", None),
        ("get", "/api/v2/search/stories_title?q=大模", None),
        ("post", "/api/v1/story/list", {}),
        ("get", "/api/v1/stories/1", None),
        ("get", "/api/v3/paper/trends/1", None),
        ("get", "/api/v1/rankings", None),
    ],
)
def test_elasticsearch_unreachable_answers_503(offline_client, method, path, body):
    response = (
        getattr(offline_client, method)(path, json=body) if body is not None else getattr(offline_client, method)(path)
    )
    assert error_of(response, 503)["msg"] == "请求失败，点击重新加载"
    assert b"Traceback" not in response.data


def test_hot_words_survive_elasticsearch_down(offline_client, demo_stack):
    data = data_of(offline_client.get("/api/v2/search/hotwords?type=hotwords"))
    assert data


def test_healthz_reports_every_service(client):
    body = client.get("/healthz").get_json()
    assert body["status"] == "ok"
    assert {k: v["ok"] for k, v in body["checks"].items()} == {"database": True, "redis": True, "elasticsearch": True}


def test_healthz_is_503_when_elasticsearch_is_unreachable(offline_client):
    response = offline_client.get("/healthz")
    assert response.status_code == 503
    assert response.get_json()["checks"]["elasticsearch"]["ok"] is False


def test_a_405_says_which_methods_the_path_takes(client):
    answer = client.delete("/api/v2/search", query_string={"q": "大模型"})
    assert answer.status_code == 405 and answer.get_json()["msg"] == "请求方法不支持"
    assert set(answer.headers["Allow"].replace(" ", "").split(",")) >= {"GET"}


def test_a_hung_engine_costs_a_page_and_healthz_about_a_second(demo_stack, tmp_path):
    """An engine that accepts connections and never answers: the page shell gives up on its title after
    META_TIMEOUT and /healthz reports the engine down within its own bound, not the 3 s read timeout."""
    import socket
    import time

    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("<!doctype html><html><head><title>x</title></head><body></body></html>")
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)
        app = demo_stack.app(es_url=f"http://127.0.0.1:{silent.getsockname()[1]}", ui_dist=dist, es_read_timeout=3)
        with app.test_client() as client:
            started = time.monotonic()
            assert client.get("/view/1").status_code == 200  # the site's own title; the UI shows the story
            page_took = time.monotonic() - started
            started = time.monotonic()
            health = client.get("/healthz")
            health_took = time.monotonic() - started
    assert health.status_code == 503 and health.get_json()["checks"]["elasticsearch"]["ok"] is False
    assert page_took < 2.5 and health_took < 2.5  # each bounded near 1 s, below the 3 s read timeout
