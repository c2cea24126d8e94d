"""Members' upvotes of papers (issue 34): one row per member and paper, held by the database, so a
double click or two tabs count once; only the request whose insert or delete changed a row moves the
paper's `vote_count`, in the same transaction, and the paper goes through the outbox so lists and search
show the new count. The heat rollup counts the votes by their day (store/heat.py)."""

from __future__ import annotations

from sqlalchemy import case, delete, exists, select, update
from sqlalchemy.orm import Session

from store.models import Paper, PaperVote, utcnow
from store.story_actions import insert_ignoring_conflict
from store.writes import enqueue


def set_vote(session: Session, user_id: int, paper_id: int, on: bool) -> bool:
    """Vote (on) or take the vote back; True when this call changed anything."""
    if on:
        values = {"user_id": user_id, "paper_id": paper_id, "created_at": utcnow()}
        changed = session.execute(insert_ignoring_conflict(session, PaperVote, values)).rowcount == 1
    else:
        query = delete(PaperVote).where(PaperVote.user_id == user_id, PaperVote.paper_id == paper_id)
        changed = session.execute(query).rowcount == 1
    if changed:
        count = Paper.vote_count
        value = count + 1 if on else case((count > 0, count - 1), else_=0)
        session.execute(
            update(Paper)
            .where(Paper.id == paper_id)
            .values(vote_count=value, version=Paper.version + 1, updated_at=utcnow())
            .execution_options(synchronize_session=False)
        )
        enqueue(session, Paper.outbox_type, paper_id)
    return changed


def vote_state(session: Session, user_id: int, paper_id: int) -> dict:
    voted = session.scalar(select(exists().where(PaperVote.user_id == user_id, PaperVote.paper_id == paper_id)))
    return {"is_voted": bool(voted), "vote_count": session.scalar(select(Paper.vote_count).where(Paper.id == paper_id))}


def votes_of(session: Session, user_id: int, paper_ids: list[int]) -> tuple[set[int], dict[int, int]]:
    """Of `paper_ids`: those the member voted for, and every one's current count (read-your-writes: the
    index learns of a vote a moment later through the outbox)."""
    counts = dict(session.execute(select(Paper.id, Paper.vote_count).where(Paper.id.in_(paper_ids))).all())
    query = select(PaperVote.paper_id).where(PaperVote.user_id == user_id, PaperVote.paper_id.in_(paper_ids))
    return set(session.scalars(query)), counts


__all__ = ["set_vote", "vote_state", "votes_of"]
