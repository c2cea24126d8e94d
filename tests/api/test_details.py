"""Details: stories, papers and trends, similar stories, events by id, paper authors."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from api.trends import pad_series
from tests.support import data_of, error_of


def test_story_detail(client):
    story = data_of(client.get("/api/v1/stories/9001"))
    assert story["id"] == 9001 and story["content"]
    assert "<script" not in story["content"] and "<script" not in story["title_html"]
    assert "&lt;script&gt;" in story["title_html"]
    assert story["is_voted"] is False and story["session_user_id"] is None
    error_of(client.get("/api/v1/stories/99999999"), 404)


def test_story_detail_keeps_every_tag(client):
    page = data_of(client.post("/api/v1/story/list", json={"time": None, "size": 50}))
    for item in page["list"]:
        detail = data_of(client.get(f"/api/v1/stories/{item['id']}"))
        assert [t["id"] for t in detail["tag_names"]][:5] == [t["id"] for t in item["story_info"]["tag_names"]]


def test_paper_by_number_or_arxiv_id(tiny_client):
    by_arxiv = data_of(tiny_client.get("/api/v3/paper/2601.00002"))
    assert by_arxiv["title"] == "One Point Paper" and by_arxiv["arxiv_version"] == 2
    assert data_of(tiny_client.get(f"/api/v3/paper/{by_arxiv['id']}")) == by_arxiv
    assert data_of(tiny_client.get("/api/v3/paper/arXiv:2601.00002v1")) == by_arxiv
    assert by_arxiv["url"] == "https://arxiv.org/abs/2601.00002v2"
    error_of(tiny_client.get("/api/v3/paper/2601.99999"), 404)
    error_of(tiny_client.get("/api/v3/paper/not-a-paper"), 404)


def test_trends_padding(tiny_client):
    yesterday = datetime.now(UTC).date() - timedelta(days=1)
    empty = data_of(tiny_client.get("/api/v3/paper/trends/2601.00001"))
    assert len(empty) == 10 and all(value == 0 for _, value in empty)
    assert empty[-1][0] == yesterday.isoformat() and empty[0][0] == (yesterday - timedelta(days=9)).isoformat()
    assert data_of(tiny_client.get("/api/v3/paper/trends/2601.00002")) == [["2026-01-09", 0], ["2026-01-10", 5]]
    assert data_of(tiny_client.get("/api/v3/paper/trends/2601.00003")) == [
        ["2026-01-10", 5],
        ["2026-01-11", 8],
        ["2026-01-12", 13],
    ]
    error_of(tiny_client.get("/api/v3/paper/trends/2601.99999"), 404)


def test_pad_series_rules():
    today = date(2026, 3, 1)
    assert pad_series([], today)[0] == ["2026-02-19", 0] and pad_series([], today)[-1] == ["2026-02-28", 0]
    assert pad_series([["2026-03-01", 4]], today) == [["2026-02-28", 0], ["2026-03-01", 4]]
    assert pad_series([["2026-01-02", 2], ["2026-01-01", 1]], today) == [["2026-01-01", 1], ["2026-01-02", 2]]


def test_similar_stories(client):
    data = data_of(client.post("/api/v1/story/similar", json={"story_id": 167, "size": 5}))
    assert 0 < len(data["list"]) <= 5
    assert all(item["type"] == "story" and item["id"] != 167 for item in data["list"])
    # Related by content: the GPT-4 multimodal story finds other multimodal stories.
    assert any("多模态" in item["story_info"]["title"] for item in data["list"])
    error_of(client.post("/api/v1/story/similar", json={"story_id": 99999999}), 404)
    assert error_of(client.post("/api/v1/story/similar", json={}), 400)["msg"] == "缺少文章 id"


def test_events_by_id(tiny_client):
    for path in ("/api/v1/events/info", "/api/v2/info/index"):
        data = data_of(tiny_client.post(path, json={"type": "events", "ids": [503, 999, 502]}))
        assert [e["id"] for e in data] == [503, 502]
        assert data[1]["icon_msg"] == "直播" and data[0]["color_status"] == "open"
        assert data[0]["oldName"] == data[0]["ac_name"] == "即将开始的活动"
        assert error_of(tiny_client.post(path, json={"type": "stories", "ids": [1]}), 400)
        assert error_of(tiny_client.post(path, json={"type": "events", "ids": []}), 400)


def test_paper_author(tiny_client):
    ada = data_of(tiny_client.post("/api/v2/papers/userinfo", json={"arxiv_name": "Ada Lovelace"}))
    assert ada["id"] == 103 and ada["name"] == "作者丙" and ada["is_expert"] is True
    assert ada["paper_count"] == 2 and ada["score"] == 900
    assert data_of(tiny_client.post("/api/v2/papers/userinfo", json={"user_id": 103})) == ada
    grace = data_of(tiny_client.post("/api/v2/papers/userinfo", json={"arxiv_name": "Grace Hopper"}))
    assert grace["id"] is None and grace["paper_count"] == 2 and grace["name"] == "Grace Hopper"
    error_of(tiny_client.post("/api/v2/papers/userinfo", json={"arxiv_name": "Nobody Atall"}), 404)
    error_of(tiny_client.post("/api/v2/papers/userinfo", json={"user_id": 99999}), 404)
    assert error_of(tiny_client.post("/api/v2/papers/userinfo", json={}), 400)["msg"] == "请提供 arxiv_name 或 user_id"


def test_papers_of_an_author(tiny_client):
    page = data_of(tiny_client.post("/api/v2/papers/userlist/arxiv_name", json={"arxiv_name": "Grace Hopper"}))
    assert [i["paper_info"]["arxiv_id"] for i in page["list"]] == ["2601.00003", "2601.00002"]
    assert page["total"] == 2 and page["hasNextPage"] is False
    second = data_of(
        tiny_client.post(
            "/api/v2/papers/userlist/arxiv_name", json={"arxiv_name": "Grace Hopper", "page": 2, "size": 1}
        )
    )
    assert [i["paper_info"]["arxiv_id"] for i in second["list"]] == ["2601.00002"]
    assert error_of(tiny_client.post("/api/v2/papers/userlist/arxiv_name", json={}), 400)["msg"] == "缺少作者名"
