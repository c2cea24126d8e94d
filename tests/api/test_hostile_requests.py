"""Hostile or broken requests (issue 11): size limits, unreadable JSON, path traversal, health
details. Each answers the envelope (or the SPA), never a 500 or a traceback."""

from __future__ import annotations

import logging

import pytest

from tests.support import error_of


def test_a_body_over_the_limit_answers_413_in_the_envelope(client):
    body = '{"story_id": 1, "pad": "' + "x" * (200 * 1024) + '"}'
    response = client.post("/api/v1/story/similar", data=body, content_type="application/json")
    assert error_of(response, 413)["msg"] == "请求内容过大"


def test_the_limit_is_a_setting(demo_stack):
    app = demo_stack.app(max_body_bytes=100)
    response = app.test_client().post("/api/v1/events/info", json={"type": "events", "ids": list(range(1, 60))})
    assert error_of(response, 413)["msg"] == "请求内容过大"


@pytest.mark.parametrize(
    "body",
    [
        '{"story_id": ' + "9" * 5000 + "}",  # valid JSON, but past Python's int digit limit
        "[" * 20_000 + "]" * 20_000,  # valid JSON, nested past the recursion limit (and under the size limit)
        '{"story_id": 1,',  # broken JSON
        b'{"story_id": "\xff"}',  # not UTF-8
    ],
    ids=["huge-integer", "deep-nesting", "truncated", "not-utf8"],
)
def test_unreadable_json_answers_400_in_chinese_without_a_traceback(client, caplog, body):
    with caplog.at_level(logging.ERROR):
        response = client.post("/api/v1/story/similar", data=body, content_type="application/json")
    assert error_of(response, 400)["msg"] == "请求参数错误"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_the_openapi_document_describes_errors_as_the_envelope(client):
    doc = client.get("/api/openapi.json").get_json()
    envelope = doc["components"]["schemas"]["ErrorEnvelope"]
    assert set(envelope["properties"]) == {"code", "data", "msg"}
    assert doc["components"]["responses"]["DEFAULT_ERROR"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ErrorEnvelope"
    }
    search = doc["paths"]["/api/v2/search"]["get"]["responses"]
    assert "400" in search and "422" not in search


def test_the_ui_route_does_not_tell_which_files_exist_outside_the_build(demo_stack, tmp_path):
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>hub</title>", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("not for the web", encoding="utf-8")
    client = demo_stack.app(ui_dist=dist).test_client()
    existing = client.get("/..%2fsecret.txt")
    missing = client.get("/..%2fno-such-file.txt")
    assert existing.status_code == missing.status_code == 404  # no UI page there: the app's 404 page
    assert existing.data == missing.data and b"not for the web" not in existing.data
    assert client.get("/index.html").status_code == 200


def test_health_details_only_for_operators(demo_stack):
    broken = demo_stack.app(es_url="http://127.0.0.1:9", health_token="s3cret")
    public = broken.test_client().get("/healthz")
    assert public.status_code == 503
    assert public.get_json()["checks"]["elasticsearch"] == {"ok": False}
    assert "127.0.0.1" not in public.get_data(as_text=True)
    operator = broken.test_client().get("/healthz", headers={"X-Health-Token": "s3cret"})
    assert "error" in operator.get_json()["checks"]["elasticsearch"]
    wrong = broken.test_client().get("/healthz", headers={"X-Health-Token": "guess"})
    assert "error" not in wrong.get_json()["checks"]["elasticsearch"]
