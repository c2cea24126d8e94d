"""Messages to a user about their stories (voted, bookmarked, deleted by a moderator with the reason)
and about discussion replies (a reply to theirs, a comment on their story, a mention, a reply an editor
deleted with the reason).

`notify` is called inside the transaction of the action it reports, so a message exists exactly when
the action was committed."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from store.models import Message, Story, utcnow

VOTED = "voted"
MARKED = "marked"
DELETED = "deleted"
KINDS = (VOTED, MARKED, DELETED)
REPLY = "reply"
COMMENT = "comment"
MENTION = "mention"
REPLY_DELETED = "reply_deleted"
REPLY_KINDS = (REPLY, COMMENT, MENTION, REPLY_DELETED)


def notify(session: Session, kind: str, story: Story, actor_id: int, reason: str | None = None) -> bool:
    """Tell the story's author; nobody is told about their own action or about an authorless story."""
    if kind not in KINDS:
        raise ValueError(kind)
    if story.user_id is None or story.user_id == actor_id:
        return False
    session.add(
        Message(
            user_id=story.user_id,
            kind=kind,
            story_id=story.id,
            story_title=story.title[:200],
            actor_id=actor_id,
            reason=reason,
            created_at=utcnow(),
        )
    )
    return True


def notify_reply(
    session: Session,
    kind: str,
    user_id: int,
    actor_id: int,
    *,
    item_kind: str,
    item_id: str,
    item_title: str,
    reply_id: str,
    excerpt: str,
    reason: str | None = None,
) -> bool:
    """Tell `user_id` about a reply; never about their own action."""
    if kind not in REPLY_KINDS:
        raise ValueError(kind)
    if user_id == actor_id:
        return False
    session.add(
        Message(
            user_id=user_id,
            kind=kind,
            actor_id=actor_id,
            reason=reason,
            item_kind=item_kind,
            item_id=item_id,
            item_title=item_title[:200],
            reply_id=reply_id,
            excerpt=excerpt[:200],
            story_id=int(item_id) if item_kind == "story" else None,
            story_title=item_title[:200] if item_kind == "story" else None,
            created_at=utcnow(),
        )
    )
    return True


def unread_count(session: Session, user_id: int) -> int:
    query = select(func.count()).select_from(Message).where(Message.user_id == user_id, Message.read_at.is_(None))
    return session.scalar(query) or 0


def page_of_messages(session: Session, user_id: int, page: int, size: int) -> tuple[list[Message], int]:
    """Newest first."""
    total = session.scalar(select(func.count()).select_from(Message).where(Message.user_id == user_id)) or 0
    rows = session.scalars(
        select(Message)
        .where(Message.user_id == user_id)
        .order_by(Message.created_at.desc(), Message.id.desc())
        .offset((page - 1) * size)
        .limit(size)
    ).all()
    return list(rows), total


def mark_read(session: Session, user_id: int, ids: list[int] | None, now: datetime | None = None) -> int:
    """Mark the user's messages read (the given ids, or all); other users' ids are ignored."""
    query = update(Message).where(Message.user_id == user_id, Message.read_at.is_(None))
    if ids is not None:
        query = query.where(Message.id.in_(ids))
    return session.execute(query.values(read_at=now or utcnow())).rowcount


__all__ = [
    "COMMENT",
    "DELETED",
    "KINDS",
    "MARKED",
    "MENTION",
    "REPLY",
    "REPLY_DELETED",
    "REPLY_KINDS",
    "VOTED",
    "mark_read",
    "notify",
    "notify_reply",
    "page_of_messages",
    "unread_count",
]
