"""每日论文 (GET /api/v3/paper/daily): the week's or month's papers under their publication day (Beijing
time), newest day first, each day ranked by members' upvotes, then heat (issue 34, item 2)."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from store.models import Paper
from tests.support import data_of, error_of, sign_in, tiny_stack


@pytest.fixture(scope="module")
def stack(make_stack, tmp_path_factory):
    stack = tiny_stack(make_stack, "daily-papers")
    extra = tmp_path_factory.mktemp("daily") / "papers.jsonl"
    lines = [
        {
            "type": "paper",
            "arxiv": f"2611.9000{n}",
            "title": title,
            "abstract": "同一天的两篇论文。",
            "authors": ["A"],
            "published_at": "-1d",
            "hotness": hotness,
            "hotness_series": [],
        }
        for n, (title, hotness) in enumerate((("Hot but unvoted", 500), ("Quiet but upvoted", 5)))
    ]
    extra.write_text("\n".join(json.dumps(line, ensure_ascii=False) for line in lines) + "\n", encoding="utf-8")
    assert not stack.import_files([extra]).errors
    stack.drain()
    stack.es().indices.refresh(index=stack.alias)
    return stack


def daily(client, **query) -> dict:
    return data_of(client.get("/api/v3/paper/daily", query_string=query))


def titles(group: dict) -> list[str]:
    return [item["paper_info"]["title"] for item in group["list"]]


def test_days_newest_first_each_ranked_by_votes_then_heat(stack):
    with stack.client() as client:
        before = daily(client)
        assert before["range"] == "week"
        days = [group["day"] for group in before["days"]]
        assert days == sorted(days, reverse=True) and len(days) == len(set(days))
        day = next(group for group in before["days"] if "Quiet but upvoted" in titles(group))
        assert titles(day).index("Hot but unvoted") < titles(day).index("Quiet but upvoted")  # heat, no votes yet
        with stack.sessions()() as db:
            quiet = db.scalars(select(Paper.id).where(Paper.arxiv_id == "2611.90001")).one()
        for user in (101, 103):
            data_of(client.post(f"/api/v1/papers/{quiet}/vote", headers=sign_in(client, user)))
    stack.drain()
    stack.es().indices.refresh(index=stack.alias)
    with stack.client() as client:
        after = daily(client)
    day = next(group for group in after["days"] if "Quiet but upvoted" in titles(group))
    assert titles(day).index("Quiet but upvoted") < titles(day).index("Hot but unvoted")  # votes first
    voted = next(item for item in day["list"] if item["paper_info"]["title"] == "Quiet but upvoted")
    assert voted["paper_info"]["vote_count"] == 2 and voted["paper_info"]["is_voted"] is False  # a visitor


def test_a_month_holds_the_week_and_a_bad_range_is_told(stack):
    with stack.client() as client:
        week = {item["id"] for group in daily(client, range="week")["days"] for item in group["list"]}
        month = {item["id"] for group in daily(client, range="month")["days"] for item in group["list"]}
        assert week and week <= month
        assert error_of(client.get("/api/v3/paper/daily?range=year"), 400)["msg"]
