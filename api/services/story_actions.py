"""Vote, unvote, bookmark, unbookmark (spec section 4): a toggle per user and story, held by the
database (one row per user per story), idempotent, and correct under concurrent clicks: only the
request whose insert or delete changed a row moves the counter (store/story_actions.py), in the same
transaction. A change bumps the story's version and goes through the outbox, so list and search
counts follow."""

from __future__ import annotations

from sqlalchemy import exists, select

from api.context import db_sessions
from api.services.access import live_story, require_user
from store.messages import MARKED, VOTED, notify
from store.models import Story, StoryMark, StoryVote
from store.story_actions import add_flag, move_counter, remove_flag

# The author hears of a new vote or bookmark (never of its removal), in the action's transaction.
NOTICES = {"favourite": VOTED, "bookmark": MARKED}
# action -> (flag table, counter column, set or clear)
ACTIONS = {
    "favourite": (StoryVote, "final_score", True),
    "unfavourite": (StoryVote, "final_score", False),
    "bookmark": (StoryMark, "remark_count", True),
    "unbookmark": (StoryMark, "remark_count", False),
}


def story_action(story_id: int, action: str) -> dict:
    user = require_user()
    model, counter, turn_on = ACTIONS[action]
    with db_sessions()() as db:
        story = live_story(db.get(Story, story_id))
        # The flag's insert or delete is the transaction's first write: it decides alone whether
        # this request changes anything.
        changed = (add_flag if turn_on else remove_flag)(db, model, user.id, story_id)
        if changed:
            move_counter(db, story_id, counter, +1 if turn_on else -1)
            if action in NOTICES:
                notify(db, NOTICES[action], story, user.id)
        state = _state(db, user.id, story_id)
        db.commit()
    return state


def _state(db, user_id: int, story_id: int) -> dict:
    final_score, remark_count = db.execute(
        select(Story.final_score, Story.remark_count).where(Story.id == story_id)
    ).one()

    def flagged(model) -> bool:
        return bool(db.scalar(select(exists().where(model.user_id == user_id, model.story_id == story_id))))

    return {
        "is_voted": flagged(StoryVote),
        "final_score": final_score,
        "is_marked": flagged(StoryMark),
        "remark_count": remark_count,
    }


__all__ = ["ACTIONS", "story_action"]
