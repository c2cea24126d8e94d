"""Per-user flags on stories (is_voted, is_marked, is_reported, can_editor, can_delete, session_user_id) and
papers (is_voted), and for a signed-in caller the current vote and bookmark counts from the database.

Anonymous callers get them false (and session_user_id null); a signed-in caller gets them from the
database, one query per flag for the whole page."""

from __future__ import annotations

from sqlalchemy import select

from api.context import db_sessions
from api.event_flags import apply_event_flags
from api.session_user import current_user
from kinds.story import ANONYMOUS_FLAGS
from store.models import Story, StoryMark, StoryReport, StoryVote
from store.paper_votes import votes_of


def apply_flags(story_infos: list[dict]) -> None:
    """Set the six flags on each story_info in place, for the current caller."""
    for info in story_infos:
        info.update(ANONYMOUS_FLAGS)
    user = current_user()
    if user is None or not story_infos:
        return
    ids = [info["id"] for info in story_infos]
    with db_sessions()() as db:
        # The counters come along: the index learns of a vote a moment later (outbox), but the person
        # who just voted must see their own vote counted (read-your-writes for the signed-in caller).
        rows = db.execute(
            select(Story.id, Story.user_id, Story.final_score, Story.remark_count).where(Story.id.in_(ids))
        ).all()
        owners = {row.id: row.user_id for row in rows}
        counts = {row.id: (row.final_score, row.remark_count) for row in rows}

        def flagged(model) -> set[int]:
            query = select(model.story_id).where(model.user_id == user.id, model.story_id.in_(ids))
            return set(db.scalars(query))

        voted, marked, reported = flagged(StoryVote), flagged(StoryMark), flagged(StoryReport)
    editor = user.role == "editor"
    for info in story_infos:
        own = owners.get(info["id"]) == user.id
        info.update(
            is_voted=info["id"] in voted,
            is_marked=info["id"] in marked,
            is_reported=info["id"] in reported,
            can_editor=own or editor,
            can_delete=own or editor,
            session_user_id=user.id,
        )
        if info["id"] in counts:
            info["final_score"], info["remark_count"] = counts[info["id"]]


def apply_paper_flags(paper_infos: list[dict]) -> None:
    """is_voted on each paper_info for the current caller (false signed out), with the current counts."""
    for info in paper_infos:
        info["is_voted"] = False
    user = current_user()
    if user is None or not paper_infos:
        return
    with db_sessions()() as db:
        mine, counts = votes_of(db, user.id, [info["id"] for info in paper_infos])
    for info in paper_infos:
        info["is_voted"] = info["id"] in mine
        info["vote_count"] = counts.get(info["id"], info.get("vote_count", 0))


def apply_item_flags(items: list[dict]) -> None:
    apply_flags([item["story_info"] for item in items if item.get("story_info")])
    apply_event_flags([item["event_info"] for item in items if item.get("event_info")])
    apply_paper_flags([item["paper_info"] for item in items if item.get("paper_info")])
