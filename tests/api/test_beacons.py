"""GET /api/v1/track: beacons decoded, validated, appended to the attention stream; bad ones dropped and
counted; floods cut per visitor and address; Redis away never answers 5xx. Detail pages count views."""

from __future__ import annotations

import base64
import json

import pytest

from store import attention
from tests.support import data_of, error_of, free_port, tiny_stack

BAD = {"code": 400, "data": None, "msg": "埋点数据格式错误"}
TOO_MANY = {"code": 429, "data": None, "msg": "操作太频繁，请稍后再试"}


def beacon(**overrides) -> dict:
    content = {
        "page": {"url": "https://hub.example/stories/1001", "title": "边界测试"},
        "device": {"platform": "pc", "screen": "1280x800"},
        "visitor_id": "visitor-0001",
        "page_id": "story-detail",
        "user_id": None,
        "event": "click",
        "module_code": "feed",
        "page_code": "home",
        "action_code": "open",
        "story_ids": [1001],
        "paper_ids": [],
    }
    return {**content, **overrides}


def encoded(content: dict, urlsafe: bool = False) -> str:
    raw = json.dumps(content, ensure_ascii=False).encode()
    return (base64.urlsafe_b64encode(raw).decode().rstrip("=")) if urlsafe else base64.b64encode(raw).decode()


def track(client, data: str, address: str = "127.0.0.1"):
    return client.get("/api/v1/track", query_string={"data": data}, environ_base={"REMOTE_ADDR": address})


def entries(stack) -> list[dict]:
    return [json.loads(fields["d"]) for _, fields in stack.redis().xrange(attention.stream_key(stack.alias))]


def counts(stack) -> dict[str, int]:
    return attention.counters(stack.redis(), stack.alias)


@pytest.fixture()
def stack(make_stack):
    return tiny_stack(make_stack, "beacons")


def test_valid_beacons_reach_the_stream(stack):
    with stack.client() as client:
        assert data_of(track(client, encoded(beacon()))) == {"accepted": True}
        # URL-safe base64 without padding, a duration beacon naming a paper and a project.
        duration = beacon(event="duration", duration_ms=5400, story_ids=[], paper_ids=[2], project_ids=[7])
        assert data_of(track(client, encoded(duration, urlsafe=True))) == {"accepted": True}
    first, second = entries(stack)
    assert first["e"] == "click" and first["items"] == [["story", 1001]]
    assert second["e"] == "duration" and second["items"] == [["paper", 2], ["project", 7]]
    assert second["x"]["ms"] == 5400 and second["x"]["codes"] == ["feed", "home", "open"]
    # The visitor is stored as a keyed hash, never as sent.
    assert first["v"] != "visitor-0001" and len(first["v"]) == 32 and first["v"] == second["v"]
    assert counts(stack)["accepted"] == 2 and counts(stack).get("dropped", 0) == 0


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ("%%%not base64%%%", "base64"),
        (base64.b64encode(b"\xff\xfe not utf-8").decode(), "json"),
        (base64.b64encode(b"[1, 2]").decode(), "json"),
        (encoded(beacon(event="hover")), "fields"),
        (encoded(beacon(visitor_id="short")), "fields"),
        (encoded(beacon(story_ids=["1001"])), "fields"),
        (encoded(beacon(story_ids=list(range(1, 52)))), "fields"),
        (encoded(beacon(event="duration")), "fields"),  # a duration without its time
        (encoded({k: v for k, v in beacon().items() if k != "page"}), "fields"),
    ],
)
def test_bad_beacons_are_dropped_and_counted(stack, data, reason):
    with stack.client() as client:
        assert error_of(track(client, data), 400) == BAD
    assert entries(stack) == []
    assert counts(stack)["dropped"] == 1 and counts(stack)[f"dropped:{reason}"] == 1


def test_missing_data_is_refused_in_chinese(stack):
    with stack.client() as client:
        assert error_of(client.get("/api/v1/track"), 400)["msg"]


def test_floods_are_cut_per_viewer_and_address(stack):
    """The limits count the viewer the server knows (the account, else the /24 network), never the
    visitor id a beacon claims: rotating ids or neighbouring addresses do not buy a new counter."""
    app = stack.app(rate_limits_enabled=True, rate_limit_beacons="3/minute", rate_limit_beacons_address="5/minute")
    with app.test_client() as client:
        flood = encoded(beacon())
        for _ in range(3):
            assert data_of(track(client, flood)) == {"accepted": True}
        answer = track(client, flood)
        assert error_of(answer, 429) == TOO_MANY and answer.headers.get("Retry-After")
        assert error_of(track(client, encoded(beacon(visitor_id="visitor-0002"))), 429) == TOO_MANY
        assert error_of(track(client, flood, address="127.0.0.2"), 429) == TOO_MANY  # the same /24
        # Another network has a counter of its own.
        assert data_of(track(client, flood, address="10.1.1.1")) == {"accepted": True}
    assert len(entries(stack)) == 4


def test_redis_away_drops_without_5xx(stack):
    app = stack.app(redis_url=f"redis://127.0.0.1:{free_port()}/0")
    with app.test_client() as client:
        assert data_of(track(client, encoded(beacon()))) == {"accepted": False}
        assert error_of(track(client, "%%%"), 400) == BAD
        # A detail page is still served; its view is dropped.
        assert data_of(client.get("/api/v1/stories/1001"))["id"] == 1001


def test_detail_pages_count_views(stack):
    with stack.client() as client:
        data_of(client.get("/api/v1/stories/1001", environ_base={"REMOTE_ADDR": "10.0.0.1"}))
        data_of(client.get("/api/v3/paper/2601.00002", environ_base={"REMOTE_ADDR": "10.0.0.2"}))
        error_of(client.get("/api/v1/stories/999999"), 404)  # unknown: no view
        paper_id = data_of(client.get("/api/v3/paper/2601.00002"))["id"]
    views = entries(stack)
    assert [(e["e"], e["items"]) for e in views] == [
        ("view", [["story", 1001]]),
        ("view", [["paper", paper_id]]),
        ("view", [["paper", paper_id]]),
    ]
    assert views[1]["v"] != views[2]["v"]  # two clients


def post_batch(client, lines: list[str], address: str = "127.0.0.1"):
    return client.post(
        "/api/v1/track",
        data="\n".join(lines),
        content_type="text/plain;charset=UTF-8",
        environ_base={"REMOTE_ADDR": address},
    )


def test_a_posted_batch_takes_each_line_on_its_own(stack):
    """navigator.sendBeacon's batch: good lines land even beside bad ones, which are counted as dropped."""
    lines = [
        encoded(beacon(event="exposure", story_ids=[1001, 1002])),
        "%%%not base64%%%",
        encoded(beacon(event="duration", duration_ms=1200, story_ids=[1001])),
        encoded(beacon(event="hover")),
        "",
    ]
    with stack.client() as client:
        assert data_of(post_batch(client, lines)) == {"accepted": 2, "dropped": 2}
        assert error_of(post_batch(client, []), 400) == BAD
        assert error_of(post_batch(client, [encoded(beacon())] * 21), 400) == BAD
    assert [e["e"] for e in entries(stack)] == ["exposure", "duration"]
    assert counts(stack)["dropped:base64"] == 1 and counts(stack)["dropped:fields"] == 1


def test_batches_count_their_lines_against_the_viewer_limit(stack):
    app = stack.app(rate_limits_enabled=True, rate_limit_beacons="5/minute", rate_limit_beacons_address="50/minute")
    with app.test_client() as client:
        batch = [encoded(beacon(visitor_id=f"visitor-{n:04d}")) for n in range(3)]
        assert data_of(post_batch(client, batch)) == {"accepted": 3, "dropped": 0}
        assert error_of(post_batch(client, batch), 429) == TOO_MANY  # 6 lines > 5
        assert data_of(post_batch(client, batch[:2])) == {"accepted": 2, "dropped": 0}  # 5 lines
        assert error_of(post_batch(client, batch[:1]), 429) == TOO_MANY
        assert data_of(post_batch(client, batch, address="10.2.0.1")) == {"accepted": 3, "dropped": 0}
