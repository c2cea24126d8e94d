"""Upvote a paper and take the vote back (issue 34): signed in, idempotent, correct under concurrent
clicks (store/paper_votes.py); the answer is the paper's state after the change."""

from __future__ import annotations

from api.context import db_sessions
from api.envelope import MSG_NOT_FOUND, ApiError
from api.services.access import require_user
from store.models import Paper
from store.paper_votes import set_vote, vote_state

ACTIONS = {"vote": True, "unvote": False}


def paper_vote(paper_id: int, action: str) -> dict:
    user = require_user()
    with db_sessions()() as db:
        if db.get(Paper, paper_id) is None:
            raise ApiError(404, MSG_NOT_FOUND)
        set_vote(db, user.id, paper_id, ACTIONS[action])
        state = vote_state(db, user.id, paper_id)
        db.commit()  # durable before the answer; the commit asks for a drain (store/outbox_hook.py)
    return state


__all__ = ["ACTIONS", "paper_vote"]
