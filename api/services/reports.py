"""Reports (spec sections 3 and 5): one per user per story (the table's primary key); reporting
again replaces the reason. Reports change only the caller's `is_reported`, not the index."""

from __future__ import annotations

from sqlalchemy import update

from api.context import db_sessions
from api.services.access import live_story, require_user
from store.models import Story, StoryReport
from store.story_actions import add_flag, remove_flag


def report_up(args: dict) -> dict:
    user = require_user()
    reason = {"type": args["type"], "url": args.get("url") or None, "remark": args.get("remark") or None}
    with db_sessions()() as db:
        live_story(db.get(Story, args["story_id"]))
        if not add_flag(db, StoryReport, user.id, args["story_id"], **reason):
            db.execute(
                update(StoryReport)
                .where(StoryReport.user_id == user.id, StoryReport.story_id == args["story_id"])
                .values(**reason)
                .execution_options(synchronize_session=False)
            )
        db.commit()
    return {"is_reported": True}


def report_down(args: dict) -> dict:
    user = require_user()
    with db_sessions()() as db:
        live_story(db.get(Story, args["story_id"]))
        remove_flag(db, StoryReport, user.id, args["story_id"])
        db.commit()
    return {"is_reported": False}


__all__ = ["report_down", "report_up"]
