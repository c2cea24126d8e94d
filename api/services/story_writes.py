"""Publish, edit and delete stories.

Content is sanitised with nh3 (links and images keep http and https URLs only: `javascript:`,
`data:` and the like are removed); the summary is plain text. Every change bumps the story's version
and adds an outbox entry in the same transaction (store/writes.py); it is committed before the answer,
then the worker is asked to drain the outbox, so the change is searchable within seconds. A delete is
soft (`deleted_at`, `deleted_by`, `deleted_reason`); the outbox then deletes the document with the
row's version, so a late index action cannot bring it back."""

from __future__ import annotations

import kinds
from analysis.normalize import plain_text
from analysis.summary import summary_from_html
from api.context import db_sessions
from api.envelope import MSG_CONTENT_REQUIRED, MSG_DELETE_REASON_REQUIRED, ApiError
from api.services.access import forbid, is_author, is_editor, live_story, may_edit, require_user
from api.user_flags import apply_flags
from kinds.story import SUMMARY_CHARS, clean_html
from store.discussions import close_thread
from store.messages import DELETED, notify
from store.models import Story, utcnow
from store.writes import insert, touch, upsert

STORY = kinds.kind("story")


def clean_content(html: str) -> str:
    return clean_html(html)


def _has_substance(content: str) -> bool:
    return bool(plain_text(content)) or "<img" in content


def _fields(args: dict) -> dict:
    content = clean_content(args["content"])
    if not _has_substance(content):
        raise ApiError(400, MSG_CONTENT_REQUIRED, {"errors": {"json": {"content": [MSG_CONTENT_REQUIRED]}}})
    summary = plain_text(args.get("summary") or "") or summary_from_html(content, SUMMARY_CHARS)
    tags = list(dict.fromkeys(t.strip() for t in args.get("tags") or [] if t and t.strip()))
    return {
        "title": args["title"],
        "content": content,
        "summary": summary,
        "cover_url": args.get("cover_url") or None,
        "tags": tags,
        "story_show_user_name": args.get("story_show_user_name", True),
    }


def _detail(db, story: Story) -> dict:
    """The story as GET /v1/stories/{id} shows it, built from the row (the index follows shortly)."""
    info = STORY.shape(STORY.payload(db, story), tag_limit=None)
    info["content"] = story.content
    return info


def _answer(info: dict) -> dict:
    apply_flags([info])
    return info


def create_story(args: dict) -> dict:
    user = require_user()
    fields = _fields(args)
    with db_sessions()() as db:
        story = Story(**fields, user_id=user.id, created_at=utcnow())
        insert(db, story)
        db.commit()
        info = _detail(db, story)
    return _answer(info)


def update_story(story_id: int, args: dict) -> dict:
    user = require_user()
    fields = _fields(args)
    with db_sessions()() as db:
        story = live_story(db.get(Story, story_id))
        if not may_edit(user, story):
            raise forbid()
        upsert(db, Story, {"id": story_id}, fields)
        db.commit()
        info = _detail(db, story)
    return _answer(info)


def delete_story(args: dict) -> None:
    user = require_user()
    reason = (args.get("reason") or "").strip()
    with db_sessions()() as db:
        story = live_story(db.get(Story, args["story_id"]))
        if not is_author(user, story):
            if not is_editor(user):
                raise forbid()
            if not reason:
                raise ApiError(
                    400, MSG_DELETE_REASON_REQUIRED, {"errors": {"json": {"reason": [MSG_DELETE_REASON_REQUIRED]}}}
                )
        story.deleted_at = utcnow()
        story.deleted_by = user.id
        story.deleted_reason = reason or None
        touch(db, story)
        close_thread(db, "story", story.id)  # its discussion goes with it, from the thread and /link
        notify(db, DELETED, story, user.id, reason or None)  # a moderator's delete: the author is told why
        db.commit()


__all__ = ["clean_content", "create_story", "delete_story", "plain_text", "update_story"]
