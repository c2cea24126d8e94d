"""GET /api/v1/editor/sources and POST /api/v1/editor/sources/<name>/run: editors only, CSRF, rate
limit, and what the list shows (configuration without secrets, last run, recent failures)."""

from __future__ import annotations

import json

import pytest

from store.source_runs import RunLog
from tests.support import add_user, data_of, error_of, sign_in

EDITOR, MEMBER = 501, 502
LIST = "/api/v1/editor/sources"


@pytest.fixture(scope="module")
def stack(make_stack):
    stack = make_stack("source-api")
    add_user(stack, EDITOR, "编辑", role="editor")
    add_user(stack, MEMBER, "读者")
    return stack


def app_client(stack, **settings):
    app = stack.app(
        source_rss_feeds=["https://feeds.example/a.xml"],
        source_github_topics=["rag"],
        source_github_token="ghp_secret_value",
        **settings,
    )
    return app.test_client()


def test_anonymous_and_non_editors_are_refused(stack):
    with app_client(stack) as client:
        assert error_of(client.get(LIST), 403)["msg"] == "请先登录"
        assert error_of(client.post(f"{LIST}/stories/run"), 403)["msg"] == "请先登录"
        headers = sign_in(client, MEMBER)
        assert error_of(client.get(LIST), 403)["msg"] == "没有权限"
        assert error_of(client.post(f"{LIST}/stories/run", headers=headers), 403)["msg"] == "没有权限"


def test_editor_sees_configuration_last_run_and_failures(stack):
    runs = RunLog(stack.redis(), stack.alias)
    runs.clear("stories")
    runs.record(
        "stories",
        {
            "source": "stories",
            "started_at": "2026-11-20T00:00:00Z",
            "finished_at": "2026-11-20T00:00:05Z",
            "status": "error",
            "fetches": 1,
            "fetched": 0,
            "created": 0,
            "updated": 0,
            "unchanged": 0,
            "error": "https://feeds.example/a.xml: HTTP 502",
            "retryable": True,
        },
    )
    with app_client(stack) as client:
        sign_in(client, EDITOR)
        listed = {s["name"]: s for s in data_of(client.get(LIST))["list"]}
    assert list(listed) == ["arxiv", "github", "stories", "events", "link"]
    assert [listed[n]["configured"] for n in listed] == [False, True, True, False, False]
    assert listed["github"]["config"]["token_set"] is True
    assert "ghp_secret_value" not in json.dumps(listed)  # the token itself is never shown
    assert listed["stories"]["label"] == "RSS 文章" and listed["stories"]["interval_seconds"] == 3600
    assert listed["stories"]["last_run"]["status"] == "error"
    assert listed["stories"]["failures"] == [
        {"at": "2026-11-20T00:00:05Z", "reason": "https://feeds.example/a.xml: HTTP 502"}
    ]
    assert listed["events"]["last_run"] is None and listed["events"]["failures"] == []


def test_editor_queues_a_run_with_csrf(stack):
    redis = stack.redis()
    with app_client(stack) as client:
        headers = sign_in(client, EDITOR)
        assert error_of(client.post(f"{LIST}/stories/run"), 403)["msg"] == "请求已失效，请刷新页面后重试"
        assert error_of(client.post(f"{LIST}/nope/run", headers=headers), 404)["msg"] == "内容不存在"
        assert error_of(client.post(f"{LIST}/events/run", headers=headers), 400)["msg"] == "该来源未配置"
        answer = client.post(f"{LIST}/stories/run", headers=headers)
        queued = data_of(answer)
        assert answer.get_json()["msg"] == "操作成功" and queued["name"] == "stories"
    # The task is on the broker's queue under its name (no worker runs here: take it off again).
    messages = redis.lrange("celery", 0, -1)
    ours = [m for m in messages if json.loads(m)["headers"]["id"] == queued["task_id"]]
    assert len(ours) == 1 and json.loads(ours[0])["headers"]["task"] == "hub.source.stories"
    redis.lrem("celery", 0, ours[0])


def test_runs_are_rate_limited_like_writes_but_the_list_is_not(stack):
    redis = stack.redis()
    with app_client(stack, rate_limits_enabled=True, rate_limit_writes="2/minute") as client:
        headers = sign_in(client, EDITOR)
        answers = [client.post(f"{LIST}/stories/run", headers=headers) for _ in range(3)]
        assert [a.status_code for a in answers] == [200, 200, 429]
        assert answers[2].get_json()["msg"] == "操作太频繁，请稍后再试"
        assert all(client.get(LIST).status_code == 200 for _ in range(4))
    ids = {a.get_json()["data"]["task_id"] for a in answers[:2]}
    for message in redis.lrange("celery", 0, -1):
        if json.loads(message)["headers"]["id"] in ids:
            redis.lrem("celery", 0, message)
