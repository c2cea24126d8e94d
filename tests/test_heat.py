"""The heat rollup on known beacons and interactions: daily heat, the index's windows (with external
versions intact, through reindex too), the paper trend, the hot sort, both ranking tabs, the editors'
endpoint, and crash safety of the stream consumption. Real Redis, Elasticsearch and SQLite."""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from elasticsearch import ConflictError
from sqlalchemy import select

from indexer.sync import reindex_all
from store import attention
from store.heat import day_heat
from store.models import ItemHeatDay, Paper, Story, User
from tests.support import data_of, error_of, sign_in, tiny_stack
from worker.runtime import Runtime, _build

ZONE = ZoneInfo("Asia/Shanghai")


def runtime(stack) -> Runtime:
    return _build(stack.settings())


def tomorrow() -> datetime:
    # The rollup publishes complete days: run it "tomorrow" so that today's attention is in.
    return datetime.now(UTC) + timedelta(days=1)


def track(client, address: str, **content):
    data = {
        "page": {"url": "https://hub.example/"},
        "visitor_id": "visitor-" + address.replace(".", "-"),
        "page_id": "p1",
        "page_code": "home",
        **content,
    }
    raw = base64.b64encode(json.dumps(data).encode()).decode()
    return data_of(client.get("/api/v1/track", query_string={"data": raw}, environ_base={"REMOTE_ADDR": address}))


def paper_id(stack, arxiv: str) -> int:
    with stack.sessions()() as session:
        return session.scalars(select(Paper.id).where(Paper.arxiv_id == arxiv)).one()


def interact(stack) -> None:
    """Known attention: story 1001 (author 101) viewed by 3 clients (one twice), clicked by 2, voted by
    2, bookmarked by 1, reported by 1; story 1003 (author 102) viewed by 4; a paper viewed by 2 and
    shown (exposure, not counted) to 5."""
    paper = paper_id(stack, "2601.00003")
    with stack.client() as client:
        for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.1"):
            data_of(client.get("/api/v1/stories/1001", environ_base={"REMOTE_ADDR": address}))
        track(client, "10.0.0.1", event="click", story_ids=[1001])
        track(client, "10.0.0.2", event="click", story_ids=[1001])
        track(client, "10.0.0.2", event="click", story_ids=[1001])  # the same visitor again: once
        for n in range(1, 5):
            track(client, f"10.{n}.1.1", event="duration", duration_ms=3000, story_ids=[1003])  # four networks
        track(client, "10.0.2.1", event="duration", duration_ms=1000, paper_ids=[paper])
        data_of(client.get(f"/api/v3/paper/{paper}", environ_base={"REMOTE_ADDR": "10.0.2.2"}))
        for n in range(5):
            track(client, f"10.0.3.{n}", event="exposure", paper_ids=[paper], story_ids=[1002])
    for user in (102, 103):
        with stack.client() as client:
            data_of(client.post("/api/v1/stories/1001/favourite", headers=sign_in(client, user)))
    with stack.client() as client:
        headers = sign_in(client, 101)
        data_of(client.post("/api/v1/stories/1001/bookmark", headers=headers))
    with stack.client() as client:
        data_of(client.post("/api/v1/report/up", json={"story_id": 1001, "type": 1}, headers=sign_in(client, 102)))


STORY_1001 = day_heat(views=3, clicks=2, votes=2, bookmarks=1, reports=1)  # 3 + 1 + 8 + 6 - 8 = 10
STORY_1003 = day_heat(views=4)


def doc(stack, doc_id: str) -> dict:
    return stack.es().get(index=stack.alias, id=doc_id)


@pytest.fixture(scope="module")
def rolled(make_stack):
    """A tiny stack with the interactions above, rolled up "tomorrow" and drained."""
    stack = tiny_stack(make_stack, "heat")
    with stack.sessions()() as session:  # the voters' and reporter's e-mails are verified: their flags count
        for user_id in (102, 103):
            session.get(User, user_id).email = f"u{user_id}@example.com"
        session.commit()
    interact(stack)
    stack.drain()
    report = runtime(stack).rollup(now=tomorrow())
    assert report is not None and report.consumed == 4 + 3 + 4 + 2 + 5
    stack.es().indices.refresh(index=stack.alias)
    return stack


def test_known_daily_heat(rolled):
    assert STORY_1001 == 10.0 and STORY_1003 == 4.0
    today = datetime.now(ZONE).date()
    with rolled.sessions()() as session:
        rows = {
            (r.item_type, r.item_id): r for r in session.scalars(select(ItemHeatDay).where(ItemHeatDay.day == today))
        }
    story = rows[("story", 1001)]
    assert (story.views, story.clicks, story.votes, story.bookmarks, story.reports, story.heat) == (3, 2, 2, 1, 1, 10.0)
    assert rows[("story", 1003)].heat == 4.0
    assert rows[("paper", paper_id(rolled, "2601.00003"))].views == 2
    assert ("story", 1002) not in rows  # exposures only
    # A person's day: their named stories' heat.
    assert rows[("person", 101)].heat == 10.0 and rows[("person", 102)].heat == 4.0


def test_index_carries_the_windows_with_external_versions(rolled):
    story = doc(rolled, "story-1001")
    fields = {k: story["_source"][k] for k in ("heat_day", "heat_3day", "heat_week", "heat_month")}
    assert fields == {"heat_day": 10.0, "heat_3day": 10.0, "heat_week": 10.0, "heat_month": 10.0}
    with rolled.sessions()() as session:
        version = session.get(Story, 1001).version
        person_version = session.get(User, 101).version
    # The rollup bumped the row's version; the document carries that version, not an internal one.
    assert story["_version"] == version
    assert doc(rolled, "person-101")["_version"] == person_version
    assert doc(rolled, "person-101")["_source"]["heat_day"] == 10.0
    # An older document (built before the rollup) is refused.
    with pytest.raises(ConflictError):
        rolled.es().index(
            index=rolled.alias,
            id="story-1001",
            body={**story["_source"], "heat_day": 0.0},
            version=version - 1,
            version_type="external_gte",
        )


def test_paper_trend_comes_from_the_rollup(rolled):
    today = datetime.now(ZONE).date().isoformat()
    with rolled.client() as client:
        series = data_of(client.get("/api/v3/paper/trends/2601.00003"))
    # The imported days stay (the day-0 input); today's rolled-up heat (2 views) is appended.
    assert series == [["2026-01-10", 5], ["2026-01-11", 8], ["2026-01-12", 13], [today, 2]]


def test_hot_feed_and_rankings_follow_the_rollup(rolled):
    with rolled.client() as client:
        hot = data_of(client.post("/api/v1/story/list", json={"sort": "hot", "time": "week"}))
        # 1001 (heat_week 10) and 1003 (4) before 1002, whose cumulative heat (50 votes) is higher.
        assert [item["story_id"] for item in hot["list"][:2]] == [1001, 1003]
        ranking = data_of(client.get("/api/v1/rankings", query_string={"time": "week"}))
        # Global: by the heat of their stories this week (101: 10, 102: 4), then score (103: 900).
        assert [(r["id"], r["heat"]) for r in ranking["list"]] == [(101, 10.0), (102, 4.0), (103, 0.0)]
        hub = data_of(client.get("/api/v1/rankings", query_string={"tab": "hub", "time": "week"}))
        assert [(r["id"], r["hub_heat"]) for r in hub["list"]] == [(101, 10.0), (102, 4.0)]
        # The default tab (hot, day) after the rollup, and the same number on the user page, named 热度.
        day = data_of(client.get("/api/v1/rankings"))
        assert [(r["id"], r["heat"]) for r in day["list"][:2]] == [(101, 10.0), (102, 4.0)]
        assert data_of(client.post("/api/v2/papers/userinfo", json={"user_id": 101}))["heat"] == 10.0


def test_reindex_carries_the_heat(rolled):
    reindex_all(rolled.sessions(), rolled.es(), rolled.alias)
    rolled.es().indices.refresh(index=rolled.alias)
    assert doc(rolled, "story-1001")["_source"]["heat_week"] == 10.0
    assert doc(rolled, "story-1003")["_source"]["heat_week"] == 4.0


def test_a_second_rollup_changes_nothing(rolled):
    with rolled.sessions()() as session:
        before = session.get(Story, 1001).version
    report = runtime(rolled).rollup(now=tomorrow())
    assert report.consumed == 0 and report.changed == 0
    with rolled.sessions()() as session:
        assert session.get(Story, 1001).version == before


def _views(stack, addresses) -> None:
    with stack.client() as client:
        for address in addresses:
            data_of(client.get("/api/v1/stories/1005", environ_base={"REMOTE_ADDR": address}))


def _heat_of_1005(stack) -> float:
    today = datetime.now(ZONE).date()
    with stack.sessions()() as session:
        row = session.get(ItemHeatDay, (today, "story", 1005))
        return row.heat if row else 0.0


def test_a_crash_never_loses_nor_double_counts(make_stack):
    stack = tiny_stack(make_stack, "heat-crash")
    client, alias = stack.redis(), stack.alias
    _views(stack, ["10.9.0.1", "10.9.0.2"])
    # A rollup read these entries and died before committing: they stay pending for the next run.
    attention.ensure_group(client, alias)
    read = attention.read_batch(client, alias, ">", 100)
    assert len(read) == 2
    _views(stack, ["10.9.0.3"])
    # Another read the next entry, committed its marks and died before acknowledging it.
    crashed = attention.read_batch(client, alias, ">", 100)
    with stack.sessions()() as session:
        attention.record_marks(session, [m for i, f in crashed for m in attention.marks_of(i, f, ZONE)])
        session.commit()
    assert attention.counters(client, alias)["pending"] == 3
    report = runtime(stack).rollup(now=tomorrow())
    assert report.consumed == 3
    assert _heat_of_1005(stack) == 3.0  # three distinct clients, each once
    assert attention.counters(client, alias)["pending"] == 0
    runtime(stack).rollup(now=tomorrow())
    assert _heat_of_1005(stack) == 3.0


def test_editors_start_the_rollup(make_stack):
    stack = tiny_stack(make_stack, "heat-editor")
    with stack.client() as client:
        assert error_of(client.post("/api/v1/editor/rollup"), 403)["msg"] == "请先登录"
    with stack.client() as client:
        headers = sign_in(client, 101)  # an author, not an editor
        assert error_of(client.post("/api/v1/editor/rollup", headers=headers), 403)["msg"] == "没有权限"
    with stack.client() as client:
        sign_in(client, 102)
        assert error_of(client.post("/api/v1/editor/rollup"), 403)["msg"] == "请求已失效，请刷新页面后重试"
    queue = stack.redis()
    queue.delete("celery")
    with stack.client() as client:
        answer = client.post("/api/v1/editor/rollup", headers=sign_in(client, 102))
        assert data_of(answer) == {"queued": True} and answer.get_json()["msg"] == "已开始汇总"
    # The task is on the worker's queue, by name.
    message = json.loads(queue.lindex("celery", 0))
    assert message["headers"]["task"] == "hub.rollup_heat"
    args, _kwargs, _embed = json.loads(base64.b64decode(message["body"]))
    assert args == [True]  # an editor's rollup counts today so far
    queue.delete("celery")
