"""GET /api/v1/rankings: the 'global' and 'hub' tabs."""

from __future__ import annotations

from tests.support import data_of, error_of


def rankings(client, **params):
    return data_of(client.get("/api/v1/rankings", query_string=params))


def test_global_by_score_with_continuous_ranks(client):
    first = rankings(client, size=10)
    second = rankings(client, size=10, page=2)
    rows = first["list"] + second["list"]
    scores = [row["score"] for row in rows]
    assert scores == sorted(scores, reverse=True)
    assert [row["rank"] for row in rows] == list(range(1, 21))
    assert first["total"] == 57 and first["hasNextPage"] is True
    assert len({row["id"] for row in rows}) == 20
    experts = [row for row in rows if row["is_expert"]]
    assert experts and all(row["arxiv_name"] for row in experts)


def test_hub_tab_ranks_active_authors(tiny_client):
    day = rankings(tiny_client, tab="hub")  # default time: day
    # No rollup has run: hub_heat (the rolled-up heat of the range) is 0 for everyone, and the
    # cumulative heat orders them. Within a day: 1001 (author 101, heat 2), 1010 (author 102, heat 40);
    # 1009 is anonymous. (tests/test_heat.py ranks by rolled-up heat.)
    assert [(r["id"], r["rank"], r["hub_heat"], r["story_count"]) for r in day["list"]] == [
        (102, 1, 0.0, 1),
        (101, 2, 0.0, 1),
    ]
    assert day["total"] == 2 and day["list"][0]["name"] == "编辑乙"
    week = rankings(tiny_client, tab="hub", time="week")
    # Cumulative heat within the week: 101 has 108, 102 has 64.
    assert [(r["id"], r["hub_heat"], r["story_count"]) for r in week["list"]] == [(101, 0.0, 3), (102, 0.0, 3)]
    assert 103 not in [r["id"] for r in rankings(tiny_client, tab="hub", time="month")["list"]]


def test_global_tab_on_tiny(tiny_client):
    assert [r["id"] for r in rankings(tiny_client)["list"]] == [103, 101, 102]


def test_validation(client):
    assert error_of(client.get("/api/v1/rankings?tab=friends"), 400)["msg"] == "不支持的榜单"
    assert error_of(client.get("/api/v1/rankings?time=year"), 400)["msg"] == "不支持的时间范围"
