"""Rate limits (Flask-Limiter on Redis): writes per user (else per address), search and suggestions
per address; a breach answers 429 in the envelope with a Chinese message."""

from __future__ import annotations

import pytest
from flask import request

from tests.support import data_of, error_of, sign_in, tiny_stack

TOO_MANY = {"code": 429, "data": None, "msg": "操作太频繁，请稍后再试"}


@pytest.fixture(scope="module")
def stack(make_stack):
    return tiny_stack(make_stack, "limits")


def limited_app(stack):
    return stack.app(
        rate_limits_enabled=True,
        rate_limit_writes="3/minute",
        rate_limit_search="4/minute",
        rate_limit_suggest="5/minute",
    )


def test_writes_are_limited_per_user_across_every_write(stack):
    app = limited_app(stack)
    with app.test_client() as client:
        headers = sign_in(client, 101)
        data_of(client.post("/api/v1/stories/1001/favourite", headers=headers))
        data_of(client.post("/api/v1/stories/1001/unfavourite", headers=headers))
        data_of(client.post("/api/v1/report/up", json={"story_id": 1002, "type": 1}, headers=headers))
        answer = client.post("/api/v1/stories/1001/bookmark", headers=headers)
        assert error_of(answer, 429) == TOO_MANY
        assert answer.headers.get("Retry-After")
        assert error_of(client.post("/api/v1/story/del", json={"story_id": 1001}, headers=headers), 429) == TOO_MANY
        # Reads are not writes.
        data_of(client.get("/api/v1/stories/1001"))
        # Another user has a counter of their own.
        headers = sign_in(client, 103)
        data_of(client.post("/api/v1/stories/1001/favourite", headers=headers))


def test_anonymous_writes_are_limited_per_address(stack):
    app = limited_app(stack)
    with app.test_client() as client:
        for _ in range(3):
            error_of(client.post("/api/v1/stories/1001/favourite"), 403)
        assert error_of(client.post("/api/v1/stories/1001/favourite"), 429) == TOO_MANY
        other = {"REMOTE_ADDR": "10.0.0.9"}
        error_of(client.post("/api/v1/stories/1001/favourite", environ_base=other), 403)


def test_search_and_suggestions_are_limited_per_address(stack):
    app = limited_app(stack)
    with app.test_client() as client:
        for q in ("边界", "测试", "一天"):
            data_of(client.get("/api/v2/search", query_string={"q": q}))
        data_of(client.get("/api/v2/total", query_string={"q": "边界"}))  # counts shares the search limit
        assert error_of(client.get("/api/v2/search", query_string={"q": "边界"}), 429) == TOO_MANY
        for _ in range(5):
            data_of(client.get("/api/v2/search/stories_title", query_string={"q": "边", "type": "stories_title"}))
        too_many = client.get("/api/v2/search/stories_title", query_string={"q": "边", "type": "stories_title"})
        assert error_of(too_many, 429) == TOO_MANY
        data_of(client.get("/api/v2/search", query_string={"q": "边界"}, environ_base={"REMOTE_ADDR": "10.0.0.7"}))
        data_of(client.get("/api/v2/search/hotwords", query_string={"type": "hotwords"}))  # not limited


def test_limits_off_by_setting(stack):
    app = stack.app(rate_limits_enabled=False, rate_limit_search="1/minute")
    with app.test_client() as client:
        for _ in range(3):
            data_of(client.get("/api/v2/search", query_string={"q": "边界"}))


def test_redis_away_does_not_stop_writes(stack):
    app = stack.app(rate_limits_enabled=True, rate_limit_storage_url="redis://127.0.0.1:1/0")
    with app.test_client() as client:
        headers = sign_in(client, 102)
        data_of(client.post("/api/v1/stories/1003/favourite", headers=headers))


def test_wechat_share_signatures_have_their_own_limit_not_the_write_budget(stack):
    # Inside WeChat every page view asks for a signature: it must not use up the writes' budget.
    app = stack.app(rate_limits_enabled=True, rate_limit_writes="2/minute", rate_limit_sharing="5/minute")
    page = {"REMOTE_ADDR": "10.0.0.21"}
    with app.test_client() as client:
        for _ in range(5):  # not configured here: 404, but counted by the sharing limit only
            error_of(client.post("/api/v1/other/wxshare", json={"url": "http://localhost/"}, environ_base=page), 404)
        answer = client.post("/api/v1/other/wxshare", json={"url": "http://localhost/"}, environ_base=page)
        assert error_of(answer, 429) == TOO_MANY
        # The writes' own counter for this address is untouched.
        for _ in range(2):
            error_of(client.post("/api/v1/stories/1001/favourite", environ_base=page), 403)
        assert error_of(client.post("/api/v1/stories/1001/favourite", environ_base=page), 429) == TOO_MANY


def test_the_limiter_checks_exactly_the_routes_flask_limiter_finds_limits_for(stack):
    """The limiter's check runs before the requests of the limited blueprints only (api/limits.py
    `_check_only_limited_blueprints`): for every route of the app, Flask would run it exactly when
    Flask-Limiter's own reading of the blueprint limits finds one."""
    app = limited_app(stack)
    limiter = app.extensions["hub_limiter"]
    check = limiter._check_request_limit
    assert check not in app.before_request_funcs.get(None, [])
    checked = {True: 0, False: 0}
    for rule in app.url_map.iter_rules():
        blueprint = rule.endpoint.rpartition(".")[0] or None
        with app.test_request_context():
            request.url_rule = rule
            assert request.blueprint == blueprint
            has_limits = bool(blueprint and limiter.limit_manager.blueprint_limits(app, blueprint))
            runs = any(check in app.before_request_funcs.get(name, []) for name in request.blueprints)
            assert runs is has_limits, rule.rule
            checked[has_limits] += 1
    assert checked[True] >= 10 and checked[False] >= 30
