"""The signals issue's attacks against the real stack (Redis stream, rollup, SQLite, Elasticsearch): what
a member reads counts, and what one client invents does not. Each test drives the attack through the
API as a client would, rolls up "tomorrow", and reads the day's figures and the ranking."""

from __future__ import annotations

import base64
import json
import secrets
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from store.heat import day_heat
from store.models import ItemHeatDay
from tests.support import data_of, error_of, sign_in, tiny_stack
from worker.runtime import _build

ZONE = ZoneInfo("Asia/Shanghai")
VERIFIED, UNVERIFIED = 101, 103  # tiny corpus: 101 has an e-mail (verified at sign-in), 103 none


def line(**content) -> str:
    data = {
        "page": {"url": "https://hub.example/"},
        "visitor_id": secrets.token_hex(8),
        "page_id": "p1",
        "page_code": "story",
        "event": "duration",
        "duration_ms": 2000,
        **content,
    }
    return base64.b64encode(json.dumps(data).encode()).decode()


def post_lines(client, lines: list[str], address: str, headers: dict | None = None):
    return client.post(
        "/api/v1/track",
        data="\n".join(lines),
        content_type="text/plain;charset=UTF-8",
        headers=headers or {},
        environ_base={"REMOTE_ADDR": address},
    )


def roll_up(stack) -> dict[tuple[str, int], ItemHeatDay]:
    """The rollup as of tomorrow (so today is a complete day), then today's rows by item."""
    report = _build(stack.settings()).rollup(now=datetime.now(UTC) + timedelta(days=1))
    assert report is not None
    today = datetime.now(ZONE).date()
    with stack.sessions()() as session:
        rows = session.query(ItemHeatDay).filter(ItemHeatDay.day == today).all()
        session.expunge_all()
    return {(row.item_type, row.item_id): row for row in rows}


@pytest.fixture()
def stack(make_stack):
    return tiny_stack(make_stack, "attacks")


def test_forged_visitor_ids_from_one_network_count_as_a_few_people(stack):
    """300 lines with random visitor ids from one address (the issue's 15 requests) against three real
    readers from three networks: the forged story gets at most the per-network share and one network."""
    with stack.client() as client:
        for _ in range(15):
            data_of(post_lines(client, [line(story_ids=[1005]) for _ in range(20)], "203.0.113.7"))
        for n in range(3):
            data_of(post_lines(client, [line(story_ids=[1003])], f"198.{51 + n}.100.9"))
    rows = roll_up(stack)
    forged, real = rows[("story", 1005)], rows[("story", 1003)]
    cap = stack.settings().attention_ids_per_network
    assert (forged.views, forged.networks, forged.accounts) == (cap, 1, 0)
    assert (real.views, real.networks) == (3, 3)
    assert forged.heat <= real.heat


def test_the_line_limit_stops_a_flood_of_forged_ids(stack):
    """With the limits on, lines (not requests) count per network: the flood is refused early."""
    app = stack.app(rate_limits_enabled=True)  # the shipped limits: 120 lines a minute per viewer
    accepted = refused = 0
    with app.test_client() as client:
        for n in range(15):
            answer = post_lines(client, [line(story_ids=[1005]) for _ in range(20)], f"203.0.113.{n + 1}")
            if answer.status_code == 429:
                refused += 1
            else:
                accepted += data_of(answer)["accepted"]
    assert accepted == 120 and refused == 9


def test_a_members_beacons_count_once_as_the_account(stack):
    """A signed-in member's batch is accepted without the CSRF header (sendBeacon cannot send it); the
    account is the viewer whatever user or visitor ids the lines claim."""
    with stack.client() as client:
        sign_in(client, VERIFIED)
        lines = [line(story_ids=[1004], user_id=103, visitor_id=secrets.token_hex(8)) for _ in range(10)]
        assert data_of(post_lines(client, lines, "198.51.100.20")) == {"accepted": 10, "dropped": 0}
        # A real write without the header is still refused.
        assert error_of(client.post("/api/v1/stories/1004/favourite"), 403)["msg"] == "请求已失效，请刷新页面后重试"
    entries = [json.loads(f["d"]) for _, f in stack.redis().xrange(f"hub:attention:{stack.alias}")]
    assert {(e["v"], e.get("u")) for e in entries} == {(f"u:{VERIFIED}", VERIFIED)}
    row = roll_up(stack)[("story", 1004)]
    assert (row.views, row.accounts, row.networks) == (1, 1, 1)


def test_an_unverified_accounts_views_and_votes_do_not_move_heat(stack):
    """Kept for the member (the vote shows on the story), but no heat: fresh accounts cannot lift a story."""
    with stack.client() as client:
        headers = sign_in(client, UNVERIFIED)
        data_of(post_lines(client, [line(story_ids=[1002])], "198.51.100.30"))
        data_of(client.get("/api/v1/stories/1002", environ_base={"REMOTE_ADDR": "198.51.100.30"}))
        assert data_of(client.post("/api/v1/stories/1002/favourite", headers=headers))["is_voted"] is True
        assert data_of(client.post("/api/v1/stories/1002/bookmark", headers=headers))["is_marked"] is True
    with stack.client() as client:
        data_of(client.post("/api/v1/stories/1002/favourite", headers=sign_in(client, VERIFIED)))
    row = roll_up(stack)[("story", 1002)]
    assert (row.views, row.accounts, row.votes, row.bookmarks) == (0, 0, 1, 0)
    assert row.heat == day_heat(votes=1)


def _search_as(stack, user_id: int | None, query: str, address: str) -> None:
    with stack.client() as client:
        if user_id is not None:
            sign_in(client, user_id)
        answer = client.get("/api/v2/search", query_string={"q": query}, environ_base={"REMOTE_ADDR": address})
        assert answer.status_code == 200


def _hot(stack, **overrides) -> list[str]:
    from store import hotwords

    settings = stack.settings(**overrides)
    return [w for w, _ in hotwords.ranked_words(stack.redis(), stack.alias, rules=hotwords.Rules.of(settings))]


def _accounts(stack, ids: range, verified: bool) -> None:
    from store.models import User
    from store.writes import upsert

    with stack.sessions()() as session:
        for n in ids:
            email = f"u{n}@example.com" if verified else None
            upsert(session, User, {"id": n}, {"name": f"新用户{n}", "email": email})
        session.commit()


def test_a_crowd_of_fresh_accounts_from_one_address_is_one_searcher(stack):
    """Five new accounts without a verified e-mail, one address: one client. Verified accounts from one
    network are three people but one network: still not hot. A second network makes it hot."""
    _accounts(stack, range(301, 306), verified=False)
    for user in range(301, 306):
        _search_as(stack, user, "边界测试", "203.0.113.50")
    assert "边界测试" not in _hot(stack)
    _accounts(stack, range(311, 314), verified=True)
    for user in range(311, 314):
        _search_as(stack, user, "边界测试", "203.0.113.51")
    assert "边界测试" not in _hot(stack)  # four people, one network
    _search_as(stack, None, "边界测试", "198.51.100.60")
    assert "边界测试" in _hot(stack)


def test_a_spam_phrase_never_becomes_a_hot_word(stack):
    """The issue's attack: a story titled with contact data, searched by many verified people from many
    networks. It is found by search but never counted as a hot word nor shown."""
    from store.models import Story
    from store.writes import upsert
    from tests.support import story_fields

    phrase = "加V 88886666 领取资料 大模型"
    with stack.sessions()() as session:
        upsert(session, Story, {"id": 4901}, story_fields(phrase))
        session.commit()
    stack.drain()
    stack.es().indices.refresh(index=stack.alias)
    _accounts(stack, range(321, 327), verified=True)
    for n, user in enumerate(range(321, 327)):
        _search_as(stack, user, phrase, f"198.51.{n}.7")
    assert _hot(stack, hotwords_min_clients=1, hotwords_min_networks=1) == []
    with stack.client() as client:
        assert phrase not in str(data_of(client.get("/api/v2/search/hotwords")))


EDITOR = 102  # tiny corpus


def test_editors_see_one_network_heat_and_discount_it(stack):
    """A story read only from one network is listed with its share; a story read from three networks is
    not. The editor's discount takes the day's heat away at the next rollup; the counts stay."""
    with stack.client() as client:
        for _ in range(2):
            data_of(post_lines(client, [line(story_ids=[1005]) for _ in range(5)], "203.0.113.9"))
        for n in range(3):
            data_of(post_lines(client, [line(story_ids=[1003])], f"198.{51 + n}.100.9"))
    day_rows = roll_up(stack)
    day = next(iter(day_rows.values())).day.isoformat()
    with stack.client() as client:
        assert error_of(client.get("/api/v1/editor/heat-anomalies", headers=sign_in(client, VERIFIED)), 403)
    with stack.client() as client:
        headers = sign_in(client, EDITOR)
        listed = data_of(client.get("/api/v1/editor/heat-anomalies"))
        assert listed["day"] == day
        rows = {(r["item_type"], r["item_id"]): r for r in listed["list"]}
        assert ("story", 1003) not in rows
        forged = rows[("story", 1005)]
        assert (forged["networks"], forged["top_network_share"], forged["discounted"]) == (1, 1.0, False)
        body = {"day": day, "item_type": "story", "item_id": 1005}
        assert error_of(client.post("/api/v1/editor/heat-anomalies/discount", json=body), 403)  # CSRF
        done = client.post("/api/v1/editor/heat-anomalies/discount", json=body, headers=headers)
        assert data_of(done)["discounted"] is True and done.get_json()["msg"] == "已不计入热度"
        missing = {**body, "item_id": 999999}
        error_of(client.post("/api/v1/editor/heat-anomalies/discount", json=missing, headers=headers), 404)
    after = roll_up(stack)
    assert after[("story", 1005)].heat == 0.0 and after[("story", 1005)].views == 3  # counts kept
    assert after[("story", 1003)].heat == 3.0
    with stack.client() as client:
        headers = sign_in(client, EDITOR)
        again = {
            (r["item_type"], r["item_id"]): r for r in data_of(client.get("/api/v1/editor/heat-anomalies"))["list"]
        }
        assert again[("story", 1005)]["discounted"] is True


def test_the_anomaly_list_weighs_replies_as_the_rollup_does(stack):
    """A story read from one network whose discussion a verified member joined that day: the editors' list
    shows the replier and the same heat as the rolled-up day (views and the reply's weight)."""
    with stack.client() as client:
        data_of(post_lines(client, [line(story_ids=[1005]) for _ in range(5)], "203.0.113.11"))
        headers = sign_in(client, VERIFIED)
        answer = client.post("/api/v1/discussions/story/1005", json={"text": "一个人读遍的文章"}, headers=headers)
        assert answer.get_json()["msg"] == "评论成功"
    rolled = roll_up(stack)[("story", 1005)]
    assert rolled.replies == 1 and rolled.heat == day_heat(views=rolled.views, replies=1) > day_heat(views=rolled.views)
    with stack.client() as client:
        sign_in(client, EDITOR)
        listed = {
            (r["item_type"], r["item_id"]): r for r in data_of(client.get("/api/v1/editor/heat-anomalies"))["list"]
        }
    row = listed[("story", 1005)]
    assert (row["replies"], row["heat"]) == (1, rolled.heat)
