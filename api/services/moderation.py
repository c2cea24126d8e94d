"""What moderators read: the reports users filed (spec section 5), newest first, with the story and the
reporter, so an editor can open the story and decide. Editors only."""

from __future__ import annotations

from sqlalchemy import func, select

from api.context import db_sessions
from api.services.access import require_editor
from kinds.common import iso
from store.models import Story, StoryReport, User


def list_reports(page: int, size: int) -> dict:
    require_editor()
    with db_sessions()() as db:
        total = db.scalar(select(func.count()).select_from(StoryReport)) or 0
        rows = db.execute(
            select(StoryReport, Story.title, Story.deleted_at, User.name)
            .join(Story, Story.id == StoryReport.story_id)
            .join(User, User.id == StoryReport.user_id)
            .order_by(StoryReport.created_at.desc(), StoryReport.story_id.desc(), StoryReport.user_id.desc())
            .offset((page - 1) * size)
            .limit(size)
        ).all()
    listed = [
        {
            "story_id": report.story_id,
            "story_title": title,
            "story_deleted": deleted_at is not None,
            "user_id": report.user_id,
            "user_name": name,
            "type": report.type,
            "url": report.url,
            "remark": report.remark,
            "created_at": iso(report.created_at),
        }
        for report, title, deleted_at, name in rows
    ]
    return {"list": listed, "total": total, "page": page, "size": size, "hasNextPage": page * size < total}


__all__ = ["list_reports"]
