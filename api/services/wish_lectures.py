"""Wish lectures on a paper (POST /v3/paper/wish_lectures/status and /start, type 1 or 2): one wish per
user, paper and type, kept in the database (the primary key makes a second wish change nothing)."""

from __future__ import annotations

from sqlalchemy import exists, func, select

from api.context import db_sessions
from api.envelope import MSG_NOT_FOUND, ApiError
from api.services.access import require_user
from api.session_user import current_user
from store.models import Paper, WishLecture, utcnow
from store.story_actions import insert_ignoring_conflict


def _state(db, paper_id: int, wish_type: int, user_id: int | None) -> dict:
    same = (WishLecture.paper_id == paper_id, WishLecture.type == wish_type)
    count = db.scalar(select(func.count()).select_from(WishLecture).where(*same)) or 0
    mine = user_id is not None and bool(db.scalar(select(exists().where(*same, WishLecture.user_id == user_id))))
    return {"id": paper_id, "type": wish_type, "is_wished": mine, "count": count}


def _paper(db, paper_id: int) -> None:
    if db.get(Paper, paper_id) is None:
        raise ApiError(404, MSG_NOT_FOUND)


def wish_status(args: dict) -> dict:
    user = current_user()
    with db_sessions()() as db:
        _paper(db, args["id"])
        return _state(db, args["id"], args["type"], user.id if user else None)


def wish_start(args: dict) -> dict:
    user = require_user()
    with db_sessions()() as db:
        _paper(db, args["id"])
        values = {"user_id": user.id, "paper_id": args["id"], "type": args["type"], "created_at": utcnow()}
        db.execute(insert_ignoring_conflict(db, WishLecture, values))
        db.commit()
        return _state(db, args["id"], args["type"], user.id)


__all__ = ["wish_start", "wish_status"]
