"""The signed-in user's messages: the unread check (GET /v1/messages/is_read), the list
(GET /v1/messages) and marking read (POST /v1/messages/read)."""

from __future__ import annotations

from sqlalchemy import select

from api.context import db_sessions
from api.envelope import MSG_LOGIN_REQUIRED, ApiError
from api.services.access import require_user
from api.session_user import current_user
from kinds.common import iso
from store.messages import (
    COMMENT,
    DELETED,
    MARKED,
    MENTION,
    REPLY,
    REPLY_DELETED,
    VOTED,
    mark_read,
    page_of_messages,
    unread_count,
)
from store.models import Message, User


def _reply_text(message: Message, actor: str) -> str:
    title = f"《{message.item_title}》" if message.item_title else ""
    said = f"：{message.excerpt}" if message.excerpt else ""
    if message.kind == REPLY:
        return f"{actor}回复了你在{title}下的评论{said}"
    if message.kind == COMMENT:
        return f"{actor}评论了你的文章{title}{said}"
    if message.kind == MENTION:
        return f"{actor}在{title}的评论中提到了你{said}"
    reason = f"，理由：{message.reason}" if message.reason else ""
    return f"你在{title}下的评论已被管理员删除{reason}"


def _text(message: Message, actor: str | None = None) -> str:
    if message.kind in (REPLY, COMMENT, MENTION, REPLY_DELETED):
        return _reply_text(message, actor or "有人")
    title = f"《{message.story_title}》" if message.story_title else ""
    if message.kind == VOTED:
        return f"你的文章{title}收到了一个赞"
    if message.kind == MARKED:
        return f"你的文章{title}被收藏了"
    if message.kind == DELETED:
        reason = f"，理由：{message.reason}" if message.reason else ""
        return f"你的文章{title}已被管理员删除{reason}"
    return message.kind


def _signed_in():
    """The unread check answers 401 when signed out, like /v1/users (the UI skips its error handling)."""
    user = current_user()
    if user is None:
        raise ApiError(401, MSG_LOGIN_REQUIRED)
    return user


def unread() -> dict:
    user = _signed_in()
    with db_sessions()() as db:
        count = unread_count(db, user.id)
    return {"is_read": count == 0, "unread_count": count}


def messages_page(args: dict) -> dict:
    user = _signed_in()
    page, size = args["page"], args["size"]
    with db_sessions()() as db:
        rows, total = page_of_messages(db, user.id, page, size)
        actor_ids = {row.actor_id for row in rows if row.actor_id}
        names = dict(db.execute(select(User.id, User.name).where(User.id.in_(actor_ids))).all()) if actor_ids else {}
    items = [
        {
            "id": row.id,
            "kind": row.kind,
            "text": _text(row, names.get(row.actor_id)),
            "story_id": row.story_id,
            "story_title": row.story_title,
            "actor_id": row.actor_id,
            # A moderator stays unnamed to the author; people who voted or bookmarked are named.
            "actor_name": None if row.kind in (DELETED, REPLY_DELETED) else names.get(row.actor_id),
            "reason": row.reason,
            # Discussion messages: the item (kind, the key its page takes, title), the reply, an excerpt.
            "item_kind": row.item_kind,
            "item_id": row.item_id,
            "item_title": row.item_title,
            "reply_id": row.reply_id,
            "excerpt": row.excerpt,
            "created_at": iso(row.created_at),
            "is_read": row.read_at is not None,
        }
        for row in rows
    ]
    return {"list": items, "total": total, "page": page, "size": size, "hasNextPage": page * size < total}


def read_messages(args: dict) -> dict:
    user = require_user()
    with db_sessions()() as db:
        mark_read(db, user.id, args.get("ids"))
        db.commit()
        count = unread_count(db, user.id)
    return {"is_read": count == 0, "unread_count": count}


__all__ = ["messages_page", "read_messages", "unread"]
