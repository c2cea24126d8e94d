"""A member's page lists their stories (GET /api/v1/users/{id}/stories), newest first, never an anonymous
one, with the caller's flags (issue 33, Low; issue 34, item 4)."""

from __future__ import annotations

import pytest

from store.models import Story
from store.writes import enqueue
from tests.support import data_of, sign_in, tiny_stack


@pytest.fixture(scope="module")
def stack(make_stack):
    stack = tiny_stack(make_stack, "user-stories")
    with stack.sessions()() as db:  # 1005 was written by 101 without their name: it stays theirs alone
        db.get(Story, 1005).story_show_user_name = False
        db.get(Story, 1005).version += 1
        enqueue(db, Story.outbox_type, 1005)
        db.commit()
    stack.drain()
    stack.es().indices.refresh(index=stack.alias)
    return stack


def stories_of(client, user_id: int, **query) -> dict:
    return data_of(client.get(f"/api/v1/users/{user_id}/stories", query_string=query))


def test_a_members_stories_newest_first_without_the_anonymous_one(stack):
    with stack.client() as client:
        page = stories_of(client, 101, size=50)
    ids = [item["story_info"]["id"] for item in page["list"]]
    assert ids and 1005 not in ids
    assert {1001, 1002, 1006} <= set(ids)
    assert all(item["story_info"]["user_id"] == 101 for item in page["list"])
    dates = [item["story_info"]["created_at"] for item in page["list"]]
    assert dates == sorted(dates, reverse=True)
    assert page["total"] == len(ids)
    with stack.client() as client:
        assert {item["story_info"]["id"] for item in stories_of(client, 102, size=50)["list"]} >= {1003, 1004}
        assert stories_of(client, 999999)["list"] == []


def test_paging_and_the_callers_flags(stack):
    with stack.client() as client:
        first, second = stories_of(client, 101, size=1), stories_of(client, 101, size=1, page=2)
        assert first["hasNextPage"] and first["list"][0]["id"] != second["list"][0]["id"]
        headers = sign_in(client, 103)
        data_of(client.post(f"/api/v1/stories/{first['list'][0]['id']}/favourite", headers=headers))
        mine = stories_of(client, 101, size=1)["list"][0]["story_info"]
    assert mine["is_voted"] is True and mine["session_user_id"] == 103
