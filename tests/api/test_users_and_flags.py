"""GET /api/v1/users and the per-user flags of a signed-in caller (from the database)."""

from __future__ import annotations

import pytest

from store.models import StoryMark, StoryReport, StoryVote
from tests.support import client_for, data_of, error_of, sign_in, tiny_stack

FLAGS = ("is_voted", "is_marked", "is_reported", "can_editor", "can_delete", "session_user_id")


@pytest.fixture(scope="module")
def flags_stack(make_stack):
    stack = tiny_stack(make_stack, "flags")
    with stack.sessions()() as db:
        db.add_all(
            [
                StoryVote(user_id=101, story_id=1010),
                StoryMark(user_id=101, story_id=1001),
                StoryReport(user_id=101, story_id=1009, type=2),
            ]
        )
        db.commit()
    return stack


def story_flags(client, headers: dict | None = None) -> dict[int, tuple]:
    # A signed-in caller's POST carries the CSRF token (even a read by POST such as a feed).
    page = data_of(client.post("/api/v1/story/list", json={"time": "day"}, headers=headers))
    return {item["id"]: tuple(item["story_info"][f] for f in FLAGS) for item in page["list"]}


def test_anonymous_gets_false_flags_and_401(flags_stack):
    with client_for(flags_stack) as client:
        assert story_flags(client) == dict.fromkeys((1010, 1009, 1001), (False,) * 5 + (None,))
        # the session probe of every page load: a visitor is no user, not a 401
        assert data_of(client.get("/api/v1/users")) is None


def test_signed_in_author_gets_flags_from_the_database(flags_stack):
    with client_for(flags_stack) as client:
        story_flags(client)  # an anonymous read fills the cache first: it must not leak into the signed-in read
        headers = sign_in(client, 101)
        assert story_flags(client, headers) == {
            1010: (True, False, False, False, False, 101),
            1009: (False, False, True, False, False, 101),
            1001: (False, True, False, True, True, 101),
        }
        detail = data_of(client.get("/api/v1/stories/1001"))
        assert tuple(detail[f] for f in FLAGS) == (False, True, False, True, True, 101)
        search = data_of(client.get("/api/v2/search", query_string={"q": "编辑今天"}))
        assert search["list"][0]["story_info"]["is_voted"] is True


def test_editor_may_edit_and_delete_everything(flags_stack):
    with client_for(flags_stack) as client:
        headers = sign_in(client, 102)
        flags = story_flags(client, headers)
        assert all(f[3] and f[4] and f[5] == 102 for f in flags.values())
        assert not any(f[0] or f[1] or f[2] for f in flags.values())


def test_login_info(flags_stack):
    with client_for(flags_stack) as client:
        sign_in(client, 103)
        info = data_of(client.get("/api/v1/users"))
        assert info["id"] == 103 and info["name"] == "作者丙" and info["is_expert"] is True
        assert info["exts"] == {"arxiv_name": "Ada Lovelace", "activity_sheet": ["分享嘉宾"]}
        assert set(info) >= {"email", "phone", "region", "avatar_url", "score"}
        sign_in(client, 424242)  # an account that no longer exists
        assert data_of(client.get("/api/v1/users")) is None


def _pending_stories(stack) -> list[int]:
    from sqlalchemy import select

    from store.models import OutboxEntry

    with stack.sessions()() as db:
        return list(
            db.scalars(
                select(OutboxEntry.entity_id).where(
                    OutboxEntry.entity_type == "story", OutboxEntry.processed_at.is_(None)
                )
            )
        )


def test_a_profile_edit_rebuilds_the_stories_only_when_the_author_shown_changed(make_stack):
    """101 wrote story 1001: a new region rebuilds the person only; a new name rebuilds the story too."""
    stack = tiny_stack(make_stack, "profile-edit")
    stack.drain()
    with stack.client() as client:
        headers = sign_in(client, 101)
        avatar = "https://assets.aihub.example/avatars/101.png"  # as it is
        same = {"name": "作者甲", "avatar_url": avatar, "region": "杭州"}
        data_of(client.post("/api/v1/users/edit", json=same, headers=headers))
        assert _pending_stories(stack) == []
        data_of(client.post("/api/v1/users/edit", json={**same, "name": "作者甲改"}, headers=headers))
        assert 1001 in _pending_stories(stack)


def test_profile_edits_are_rate_limited_as_writes(make_stack):
    stack = tiny_stack(make_stack, "profile-limit")
    app = stack.app(rate_limits_enabled=True, rate_limit_writes="3/minute")
    with app.test_client() as client:
        headers = sign_in(client, 103)
        for n in range(3):
            data_of(client.post("/api/v1/users/edit", json={"name": f"作者{n}"}, headers=headers))
        assert error_of(client.post("/api/v1/users/edit", json={"name": "作者4"}, headers=headers), 429)
        data_of(client.get("/api/v1/users"))  # reads are not writes
