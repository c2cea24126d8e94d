"""Vote, unvote, bookmark, unbookmark (spec section 4): idempotent toggles, counters never below 0,
one row per user per story held by the database, correct when clicks arrive in parallel, and the
counts following in lists and search through the outbox."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from store.models import Story, StoryMark, StoryVote, User
from tests.support import client_for, data_of, error_of, sign_in, tiny_stack

ACTIONS = ("favourite", "unfavourite", "bookmark", "unbookmark")
CROWD = list(range(2001, 2013))


@pytest.fixture(scope="module")
def stack(make_stack):
    stack = tiny_stack(make_stack, "actions")
    with stack.sessions()() as db:
        db.add_all([User(id=uid, name=f"读者{uid}") for uid in CROWD])
        # A story whose counters are 0 with no rows behind them.
        db.add(Story(id=3001, title="零计数文章", content="<p>零</p>", summary="零", tags=[], version=1))
        db.commit()
    return stack


def state(stack, story_id: int) -> tuple[int, int, int, int]:
    with stack.sessions()() as db:
        story = db.get(Story, story_id)
        votes = db.scalar(select(func.count()).select_from(StoryVote).where(StoryVote.story_id == story_id))
        marks = db.scalar(select(func.count()).select_from(StoryMark).where(StoryMark.story_id == story_id))
        return story.final_score, story.remark_count, votes, marks


def act(client, story_id: int, action: str, headers: dict):
    return client.post(f"/api/v1/stories/{story_id}/{action}", headers=headers)


def test_anonymous_actions_answer_403(stack):
    with client_for(stack) as client:
        for action in ACTIONS:
            assert error_of(act(client, 1001, action, {}), 403)["msg"] == "请先登录"
        headers = sign_in(client, 101)
        for action in ACTIONS:
            assert error_of(act(client, 99999999, action, headers), 404)["msg"] == "内容不存在"


def test_toggles_are_idempotent_and_answer_the_new_state(stack):
    with client_for(stack) as client:
        headers = sign_in(client, 103)
        base = data_of(act(client, 1001, "unfavourite", headers))  # tiny: final_score 1, no rows
        assert base == {"is_voted": False, "final_score": 1, "is_marked": False, "remark_count": 0}

        voted = act(client, 1001, "favourite", headers)
        assert voted.get_json()["msg"] and data_of(voted) == {**base, "is_voted": True, "final_score": 2}
        assert data_of(act(client, 1001, "favourite", headers))["final_score"] == 2  # again: nothing changes

        marked = data_of(act(client, 1001, "bookmark", headers))
        assert marked == {"is_voted": True, "final_score": 2, "is_marked": True, "remark_count": 1}
        assert data_of(act(client, 1001, "bookmark", headers))["remark_count"] == 1

        assert data_of(act(client, 1001, "unfavourite", headers))["final_score"] == 1
        assert data_of(act(client, 1001, "unfavourite", headers))["final_score"] == 1
        assert data_of(act(client, 1001, "unbookmark", headers)) == base
        detail = data_of(client.get("/api/v1/stories/1001"))
        assert (detail["is_voted"], detail["is_marked"]) == (False, False)


def test_counters_never_go_below_zero(stack):
    with client_for(stack) as client:
        headers = sign_in(client, 101)
        with stack.sessions()() as db:  # a vote row whose count was lost: the counter stays at 0
            db.add(StoryVote(user_id=101, story_id=3001))
            db.add(StoryMark(user_id=101, story_id=3001))
            db.commit()
        assert data_of(act(client, 3001, "unfavourite", headers))["final_score"] == 0
        assert data_of(act(client, 3001, "unbookmark", headers))["remark_count"] == 0
        assert state(stack, 3001) == (0, 0, 0, 0)


def fire(stack, calls: list[tuple[int, str]], story_id: int) -> list[dict]:
    """Send every (user, action) at once, one thread and one client each."""
    app = stack.app()
    barrier = threading.Barrier(len(calls))
    answers: list = [None] * len(calls)

    def run(i: int, user_id: int, action: str):
        with app.test_client() as client:
            headers = sign_in(client, user_id)
            barrier.wait()
            answers[i] = act(client, story_id, action, headers)

    threads = [threading.Thread(target=run, args=(i, u, a)) for i, (u, a) in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return [data_of(answer) for answer in answers]


def test_parallel_clicks_of_one_user_count_once(stack):
    start = state(stack, 1002)  # tiny: final_score 50, remark_count 0
    fire(stack, [(2001, "favourite")] * 8 + [(2001, "bookmark")] * 8, 1002)
    assert state(stack, 1002) == (start[0] + 1, start[1] + 1, start[2] + 1, start[3] + 1)
    fire(stack, [(2001, "unfavourite")] * 8 + [(2001, "unbookmark")] * 8, 1002)
    assert state(stack, 1002) == start


def test_parallel_clicks_of_many_users_all_count(stack):
    start = state(stack, 1003)
    answers = fire(stack, [(uid, "favourite") for uid in CROWD] + [(uid, "bookmark") for uid in CROWD], 1003)
    assert all(a["is_voted"] for a in answers[: len(CROWD)])
    n = len(CROWD)
    assert state(stack, 1003) == (start[0] + n, start[1] + n, start[2] + n, start[3] + n)
    # Votes and unvotes racing: each user ends as their own last word, counters match the rows.
    fire(stack, [(uid, "unfavourite") for uid in CROWD] + [(uid, "favourite") for uid in CROWD[:4]], 1003)
    final_score, remark_count, votes, marks = state(stack, 1003)
    assert final_score - start[0] == votes - start[2] and remark_count - start[1] == marks - start[3]


def test_counts_follow_in_lists_and_search(stack):
    with client_for(stack) as client:
        headers = sign_in(client, 102)
        after = data_of(act(client, 1010, "favourite", headers))
        data_of(act(client, 1010, "bookmark", headers))
    stack.drain()
    with client_for(stack) as client:
        page = data_of(client.post("/api/v1/story/list", json={"time": "day"}))
        info = next(i["story_info"] for i in page["list"] if i["id"] == 1010)
        assert info["final_score"] == after["final_score"] and info["remark_count"] == 1
        hits = data_of(client.get("/api/v2/search", query_string={"q": "编辑今天"}))["list"]
        assert hits[0]["story_info"]["final_score"] == after["final_score"]
        headers = sign_in(client, 102)
        page = data_of(client.post("/api/v1/story/list", json={"time": "day"}, headers=headers))
        info = next(i["story_info"] for i in page["list"] if i["id"] == 1010)
        assert info["is_voted"] is True and info["is_marked"] is True


def test_the_caller_sees_their_own_vote_counted_before_the_index_catches_up(stack):
    with client_for(stack) as client:
        headers = sign_in(client, 101)
        before = data_of(client.get("/api/v1/stories/1003"))["final_score"]
        after = data_of(act(client, 1003, "favourite", headers))
        assert after["final_score"] == before + 1
        # No drain yet: the index still holds the old count, the signed-in read does not.
        assert data_of(client.get("/api/v1/stories/1003"))["final_score"] == before + 1
        page = data_of(client.post("/api/v1/story/list", json={"time": None, "size": 50}, headers=headers))
        assert next(i for i in page["list"] if i["id"] == 1003)["story_info"]["final_score"] == before + 1
