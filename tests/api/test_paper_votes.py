"""Members upvote papers (issue 34): one vote each, undo allowed, concurrent clicks counted once, the
count in lists and search after the drain, the caller's own vote on every list and the detail, and the
votes of verified members in the paper's heat."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import select

from store.models import ItemHeatDay, Paper, User
from tests.support import data_of, error_of, sign_in, tiny_stack
from worker.runtime import _build

ARXIV = "2601.00003"


@pytest.fixture(scope="module")
def stack(make_stack):
    stack = tiny_stack(make_stack, "paper-votes")
    with stack.sessions()() as session:  # 102 and 103 verified: their votes count in the heat
        for user_id in (102, 103):
            session.get(User, user_id).email = f"u{user_id}@example.com"
        session.commit()
    return stack


def paper_of(stack) -> int:
    with stack.sessions()() as session:
        return session.scalars(select(Paper.id).where(Paper.arxiv_id == ARXIV)).one()


def vote(client, paper: int, user: int, action: str = "vote") -> dict:
    return data_of(client.post(f"/api/v1/papers/{paper}/{action}", headers=sign_in(client, user)))


def listed(client, headers: dict | None = None) -> dict:
    body = {"page": 1, "size": 20, "sort": "new"}
    page = data_of(client.post("/api/v3/paper/list", json=body, headers=headers or {}))
    return {item["paper_info"]["arxiv_id"]: item["paper_info"] for item in page["list"]}


def test_one_vote_each_undo_allowed_and_shown_to_the_voter(stack):
    paper = paper_of(stack)
    with stack.client() as client:
        assert error_of(client.post(f"/api/v1/papers/{paper}/vote"), 403)["msg"] == "请先登录"
        assert vote(client, paper, 101) == {"is_voted": True, "vote_count": 1}
        assert vote(client, paper, 101) == {"is_voted": True, "vote_count": 1}  # idempotent
        assert vote(client, paper, 102) == {"is_voted": True, "vote_count": 2}
        assert vote(client, paper, 101, "unvote") == {"is_voted": False, "vote_count": 1}
        assert vote(client, paper, 101, "unvote") == {"is_voted": False, "vote_count": 1}
        mine = listed(client, sign_in(client, 102))[ARXIV]
        assert mine["is_voted"] is True and mine["vote_count"] == 1  # read-your-writes before the drain
        detail = data_of(client.get(f"/api/v3/paper/{paper}"))
        assert detail["is_voted"] is True and detail["vote_count"] == 1
        assert error_of(client.post("/api/v1/papers/99999999/vote", headers=sign_in(client, 102)), 404)
    with stack.client() as anonymous:
        assert listed(anonymous)[ARXIV]["is_voted"] is False
    stack.drain()
    stack.es().indices.refresh(index=stack.alias)
    with stack.client() as anonymous:
        assert listed(anonymous)[ARXIV]["vote_count"] == 1  # from the index, through the outbox


def test_a_vote_needs_the_csrf_token(stack):
    paper = paper_of(stack)
    with stack.client() as client:
        sign_in(client, 103)
        assert client.post(f"/api/v1/papers/{paper}/vote").status_code == 403


def test_concurrent_clicks_count_once(stack):
    paper = paper_of(stack)
    app = stack.app()

    def click(_):
        with app.test_client() as client:
            return data_of(client.post(f"/api/v1/papers/{paper}/vote", headers=sign_in(client, 103)))

    with ThreadPoolExecutor(max_workers=6) as pool:
        answers = list(pool.map(click, range(12)))
    assert all(answer["is_voted"] for answer in answers)
    with stack.sessions()() as session:
        assert session.get(Paper, paper).vote_count == 2  # 102 and 103, however many clicks


def test_verified_members_votes_are_in_the_papers_heat(stack):
    paper = paper_of(stack)
    with stack.client() as client:
        vote(client, paper, 101)  # 101's e-mail is in the import too: counted
    report = _build(stack.settings()).rollup(now=datetime.now(UTC) + timedelta(days=1))
    assert report is not None
    today = datetime.now(ZoneInfo("Asia/Shanghai")).date()
    with stack.sessions()() as session:
        row = session.scalars(
            select(ItemHeatDay).where(
                ItemHeatDay.item_type == "paper", ItemHeatDay.item_id == paper, ItemHeatDay.day == today
            )
        ).one()
    assert row.votes == 3 and row.heat > 0
