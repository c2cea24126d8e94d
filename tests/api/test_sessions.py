"""Sessions stay bounded (the security issue, part 3 and 4): nothing is kept in Redis before sign-in (the
sign-in attempt rides in the signed `hub_pre` cookie, the newest three at most), /auth/login is rate
limited, and with Redis away a member gets 503 服务暂时不可用，请稍后再试 instead of looking signed out."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from api.auth.sessions import KEY_PREFIX, PRE_COOKIE, PRE_STATES
from tests.support import DEMO_FILES, data_of, error_of, free_port, loaded_stack, sign_in


@pytest.fixture(scope="module")
def stack(make_stack, keycloak):
    return loaded_stack(make_stack, "sessions", [p for p in DEMO_FILES if p.name == "users.jsonl"])


def _session_keys(stack) -> int:
    return sum(1 for _ in stack.redis().scan_iter(f"{KEY_PREFIX}*", count=1000))


def _bytes_kept(stack) -> int:
    """What this test run's Redis database holds (another xdist worker writes to a database of its own, so
    the instance's used_memory is not this test's to measure)."""
    redis = stack.redis()
    return sum(redis.memory_usage(key) or 0 for key in redis.scan_iter(count=1000))


def test_ten_thousand_anonymous_logins_leave_redis_flat(stack):
    app = stack.app()
    keys_before, bytes_before = _session_keys(stack), _bytes_kept(stack)
    with app.test_client() as client:
        for _ in range(10_000):
            answer = client.get("/auth/login", query_string={"redirect_url": "/papers"})
            assert answer.status_code == 302
        pre = client.get_cookie(PRE_COOKIE)
    assert _session_keys(stack) == keys_before
    assert _bytes_kept(stack) - bytes_before < 16 * 1024
    assert pre is not None and len(pre.value) < 3000  # the newest sign-in attempts only
    assert client.get_cookie("hub_session") is None


def test_the_pre_sign_in_cookie_keeps_the_newest_attempts(stack):
    from flask.json.tag import TaggedJSONSerializer
    from itsdangerous import URLSafeTimedSerializer

    app = stack.app()
    states = []
    with app.test_client() as client:
        for _ in range(PRE_STATES + 2):
            location = client.get("/auth/login").headers["Location"]
            states.append(parse_qs(urlsplit(location).query)["state"][0])
        raw = client.get_cookie(PRE_COOKIE).value
    reader = URLSafeTimedSerializer(app.secret_key, salt="hub-pre-session", serializer=TaggedJSONSerializer())
    kept = [k.rsplit("_", 1)[-1] for k in reader.loads(raw) if k.startswith("_state_")]
    assert sorted(kept) == sorted(states[-PRE_STATES:])


def test_sign_in_attempts_are_rate_limited_per_address(stack):
    app = stack.app(rate_limits_enabled=True, rate_limit_sign_in="3/minute")
    with app.test_client() as client:
        for _ in range(3):
            assert client.get("/auth/login", environ_base={"REMOTE_ADDR": "198.51.100.77"}).status_code == 302
        refused = client.get("/auth/login", environ_base={"REMOTE_ADDR": "198.51.100.77"})
        assert refused.status_code == 429 and refused.headers.get("Retry-After")
        assert client.get("/auth/login", environ_base={"REMOTE_ADDR": "203.0.113.77"}).status_code == 302


def test_with_redis_away_a_member_gets_503_not_signed_out(stack):
    app = stack.app()
    with app.test_client() as client:
        sign_in(client, 4)
        client.get("/api/v1/site")  # the session is saved in Redis and its cookie set
        sid = client.get_cookie("hub_session").value
    away = stack.app(redis_url=f"redis://127.0.0.1:{free_port()}/0")
    with away.test_client() as member:
        member.set_cookie("hub_session", sid)
        answer = member.get("/api/v1/users")
        assert error_of(answer, 503)["msg"] == "服务暂时不可用，请稍后再试"
        write = member.post("/api/v1/stories/1/favourite", headers={"X-CSRF-Token": "x"})
        assert error_of(write, 503)["msg"] == "服务暂时不可用，请稍后再试"
    with away.test_client() as visitor:  # sign-in starts without Redis: nothing is stored there before it
        assert visitor.get("/auth/login").status_code == 302
        assert data_of(visitor.get("/api/v1/users")) is None
