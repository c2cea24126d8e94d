"""POST /api/v1/story/list, /v1/events, /v3/paper/list, /v3.1/github/home/list."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.support import data_of, error_of

FEEDS = {"story": "/api/v1/story/list", "event": "/api/v1/events", "paper": "/api/v3/paper/list",
         "project": "/api/v3.1/github/home/list"}  # fmt: skip


def feed(client, kind: str, **body):
    return data_of(client.post(FEEDS[kind], json=body))


def ids(page: dict) -> list[int]:
    return [item["id"] for item in page["list"]]


@pytest.mark.parametrize(
    ("time", "expected"),
    [
        ("day", {1001, 1009, 1010}),
        ("3day", {1001, 1002, 1003, 1009, 1010}),
        ("week", {1001, 1002, 1003, 1004, 1005, 1009, 1010}),
        ("month", {1001, 1002, 1003, 1004, 1005, 1006, 1007, 1009, 1010}),
        (None, set(range(1001, 1011))),
    ],
)
def test_time_ranges_cut_at_the_boundary(tiny_client, time, expected):
    assert set(ids(feed(tiny_client, "story", time=time, size=50))) == expected


def test_home_default_is_newest_within_a_day(tiny_client):
    page = feed(tiny_client, "story")
    assert ids(page) == [1010, 1009, 1001]
    assert page["page"] == 1 and page["size"] == 20 and page["hasNextPage"] is False


def test_hot_orders_by_heat_within_the_range(tiny_client):
    assert ids(feed(tiny_client, "story", sort="hot", time="3day")) == [1009, 1002, 1010, 1003, 1001]
    assert ids(feed(tiny_client, "story", sort="new", time="3day")) == [1010, 1009, 1001, 1002, 1003]


def test_tags_widen_the_feed_and_matching_tags_come_first(tiny_client):
    page = feed(tiny_client, "story", label=["agent", "llm"], time=None)
    assert set(ids(page)) == {1001, 1002, 1003, 1004}  # llm: 1001 1002 1004; agent: 1002 1003 1004
    for item in page["list"]:
        tags = item["story_info"]["tag_names"]
        wanted = [t for t in tags if t["id"] in ("agent", "llm")]
        assert wanted and tags[: len(wanted)] == wanted and all(t["highlighted"] for t in wanted)
        assert not any(t["highlighted"] for t in tags[len(wanted) :])
    one = feed(tiny_client, "story", label=["agent"], time=None)
    assert set(ids(one)) == {1002, 1003, 1004}
    item = next(i for i in one["list"] if i["id"] == 1002)
    assert item["story_info"]["tag_names"][0] == {"id": "agent", "title": "Agent 智能体", "highlighted": True}


def test_paging_without_duplicates(tiny_client):
    seen, page_number = [], 1
    while True:
        page = feed(tiny_client, "story", time=None, size=3, page=page_number)
        seen += ids(page)
        if not page["hasNextPage"]:
            break
        page_number += 1
    assert page_number == 4 and len(seen) == len(set(seen)) == 10
    assert feed(tiny_client, "story", time=None, size=3, page=5)["list"] == []


def test_events_live_then_upcoming_then_ended(tiny_client):
    """最新 (sort=new, the events page's default): live, then upcoming soonest first, then ended; not the
    events furthest in the future first."""
    page = feed(tiny_client, "event", sort="new")
    assert ids(page) == [502, 503, 504, 505, 501]
    assert ids(feed(tiny_client, "event")) == ids(page)  # the default
    badges = [(i["event_info"]["icon_msg"], i["event_info"]["color_status"]) for i in page["list"]]
    assert badges == [("直播", "live"), ("报名中", "open"), ("报名中", "open"), (None, "ended"), (None, "ended")]
    assert [i["event_info"]["button_msg"] for i in page["list"]][:2] == ["观看直播", "立即报名"]
    assert all(i["is_event"] and i["event_info"]["oldName"] for i in page["list"])
    assert sorted(ids(feed(tiny_client, "event", sort="hot"))) == [501, 502, 503, 504, 505]  # 最热: by heat


def test_papers_and_projects(tiny_client):
    assert [i["paper_info"]["arxiv_id"] for i in feed(tiny_client, "paper")["list"]] == [
        "2601.00003",
        "2601.00002",
        "2601.00001",
    ]
    hot = feed(tiny_client, "paper", sort="hot")["list"]
    assert [i["paper_info"]["hotness"] for i in hot] == [30, 20, 10]
    projects = feed(tiny_client, "project", sort="hot")["list"]
    assert [(p["project_info"]["repo"], p["project_info"]["stars"]) for p in projects] == [
        ("tiny/beta", 500),
        ("tiny/alpha", 100),
    ]
    assert projects[0]["project_info"]["url"] == "https://github.com/tiny/beta"


def test_demo_home_feed_is_within_a_day(client):
    page = feed(client, "story")
    assert page["total"] > 0
    cutoff = (datetime.now(UTC) - timedelta(days=1, minutes=1)).isoformat()
    assert all(item["story_info"]["created_at"] >= cutoff.replace("+00:00", "Z") for item in page["list"])
    for item in page["list"]:
        info = item["story_info"]
        anonymous = not (info["user_name"] and info["user_avatar"] and info["user_id"])
        assert info["author_name"] == ("匿名" if anonymous else info["user_name"])
        assert len(info["tag_names"]) <= 5


def test_body_validation(tiny_client):
    assert error_of(tiny_client.post(FEEDS["story"], json={"page": 0}), 400)["msg"] == "页码必须是正整数"
    assert error_of(tiny_client.post(FEEDS["story"], json={"sort": "best"}), 400)["msg"] == "不支持的排序方式"
    assert error_of(tiny_client.post(FEEDS["paper"], json={"time": "year"}), 400)["msg"] == "不支持的时间范围"
    assert error_of(tiny_client.post(FEEDS["event"], json={"size": 500}), 400)["msg"] == "每页数量应在1到50之间"
    assert error_of(tiny_client.post(FEEDS["event"], json={"page": 500, "size": 50}), 400)["msg"] == "页码超出范围"
    assert error_of(tiny_client.post(FEEDS["story"], json=[1, 2]), 400)
