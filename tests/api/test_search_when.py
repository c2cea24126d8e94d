"""Events asked for by when they are held (analysis/when.py) on the demo corpus, whose event dates are set relative
to the import: those running or starting in the window come first, the others follow."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from tests.support import data_of, info_of

CHINA = ZoneInfo("Asia/Shanghai")


def _held(item: dict, start: datetime, end: datetime) -> bool:
    info = info_of(item)
    begins, ends = (datetime.fromisoformat(info[key].replace("Z", "+00:00")) for key in ("start_time", "end_time"))
    return begins < end and ends >= start


def test_events_held_in_the_asked_window_come_first(client):
    """Our own examples: the next 30 days (近期), and today with tomorrow as two windows."""
    now = datetime.now(CHINA)
    today = now.replace(hour=0, minute=0, second=0, microsecond=0)
    for query, start, end in (
        ("近期有什么活动", now, now + timedelta(days=30)),  # from now: not what ended this morning
        ("明天的活动", today + timedelta(days=1), today + timedelta(days=2)),
    ):
        found = data_of(client.get("/api/v2/search", query_string={"q": query, "size": 50}))["list"]
        events = [item for item in found if item["type"] == "event"]
        held = [_held(item, start, end) for item in events]
        assert events and held == sorted(held, reverse=True), (query, held)  # every held event before the others
        if query.startswith("近期"):
            assert any(held) and not all(held), held  # the demo's dates are spread either side of it


def test_a_place_named_comes_before_the_date(client):
    """Our own examples: with a city named, the events held there come first, whether or not they fall in the window;
    an event elsewhere in the window does not pass them."""
    for query, city in (
        ("下周成都有AI活动吗", "成都"),
        ("明天北京有 AI 活动吗", "北京"),
        ("杭州这周末有什么AI活动", "杭州"),
    ):
        found = data_of(client.get("/api/v2/search", query_string={"q": query, "size": 20}))["list"]
        events = [info_of(item) for item in found if item["type"] == "event"]
        held_there = [city in (info.get("address") or "") for info in events]
        assert any(held_there) and held_there == sorted(held_there, reverse=True), (query, held_there)
