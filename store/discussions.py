"""Discussion threads under stories and papers (issue 34), kept as link statuses (store/link.py): the
item's link post is the thread's root; a level-1 reply answers the root, every deeper reply hangs flat
under its level-1 reply (`top_id`). A deleted reply stays as a tombstone while live replies point at it
and vanishes with the last of them. Every change goes through `store.writes` (outbox), and the item's
own document is rebuilt too, so its `comment_count` follows."""

from __future__ import annotations

from sqlalchemy import and_, delete, func, or_, select, update
from sqlalchemy.orm import Session, aliased

from store.link import post_status, thread_of_reply
from store.models import LinkReport, LinkStatus, Paper, Story, utcnow
from store.story_actions import insert_ignoring_conflict
from store.writes import enqueue, insert, touch

ITEM_MODELS = {"story": Story, "paper": Paper}
EXCERPT_CHARS = 100


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def root_post(session: Session, post_id: str | None, origin: str | None) -> LinkStatus | None:
    """The item's link post as a row here: the built-in service's own, or the copy of a remote one."""
    if not post_id:
        return None
    if origin is None:
        if not post_id.isascii() or not post_id.isdigit() or len(post_id) > 18:
            return None
        row = session.get(LinkStatus, int(post_id))
        return row if row is not None and row.origin is None and row.deleted_at is None else None
    query = select(LinkStatus).where(LinkStatus.origin == origin, LinkStatus.remote_id == post_id)
    return session.scalars(query).one_or_none()


def adopt(session: Session, root: LinkStatus, kind: str, item_id: int) -> None:
    """Make a post the thread of an item (a story shared to /link, a paper published before its first
    comment): the post and the replies it already had learn the item."""
    if root.item_kind == kind and root.item_id == item_id:
        return
    root.item_kind, root.item_id = kind, item_id
    touch(session, root)
    session.execute(
        update(LinkStatus)
        .where(LinkStatus.thread_root_id == root.id)
        .values(item_kind=kind, item_id=item_id)
        .execution_options(synchronize_session=False)
    )


def open_thread(session: Session, user_id: int, kind: str, item_id: int, text: str) -> LinkStatus:
    """The item's link post, written by its first commenter (the built-in service)."""
    root = LinkStatus(
        user_id=user_id,
        content=text,
        favourites_count=0,
        replies_count=0,
        created_at=utcnow(),
        item_kind=kind,
        item_id=item_id,
    )
    insert(session, root)
    return root


def reindex_item(session: Session, kind: str, item_id: int) -> None:
    """The item's document carries its comment count: a new version through the outbox."""
    model = ITEM_MODELS[kind]
    session.execute(
        update(model)
        .where(model.id == item_id)
        .values(version=model.version + 1, updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    enqueue(session, model.outbox_type, item_id)


def add_reply(
    session: Session, user_id: int | None, parent: LinkStatus, text: str, quote: LinkStatus | None = None, **copy
) -> LinkStatus:
    """A reply under `parent` (the root or a reply of its thread); `copy`: the remote fields of a reply
    the configured remote server holds (origin, remote_id, ...). The caller commits."""
    if copy:
        reply = LinkStatus(
            user_id=user_id,
            content=text,
            in_reply_to_id=parent.id,
            favourites_count=0,
            replies_count=0,
            created_at=utcnow(),
            **thread_of_reply(parent),
            **copy,
        )
        insert(session, reply)
        parent.replies_count += 1
        touch(session, parent)
    else:
        reply = post_status(session, user_id, text, parent)
    if quote is not None:
        reply.quote_id = quote.id
    if reply.item_kind in ITEM_MODELS and reply.item_id:
        reindex_item(session, reply.item_kind, reply.item_id)
    return reply


def in_thread(session: Session, reply_id: int) -> LinkStatus | None:
    """A reply of some item's thread (live or deleted; not a root, not a plain /link status)."""
    row = session.get(LinkStatus, reply_id)
    if row is None or row.thread_root_id is None or row.item_kind not in ITEM_MODELS:
        return None
    return row


def _live_child():
    return aliased(LinkStatus)


def _visible(row=LinkStatus):
    """Live, or deleted with a live reply pointing at it (a tombstone)."""
    child = _live_child()
    has_live = (
        select(child.id)
        .where(child.deleted_at.is_(None), or_(child.in_reply_to_id == row.id, child.top_id == row.id))
        .exists()
    )
    return or_(row.deleted_at.is_(None), has_live)


def is_visible(session: Session, row: LinkStatus) -> bool:
    return bool(session.scalar(select(_visible()).where(LinkStatus.id == row.id)))


def _children_count_column():
    child = _live_child()
    return (
        select(func.count(child.id)).where(child.top_id == LinkStatus.id, child.deleted_at.is_(None)).scalar_subquery()
    )


def top_page(session: Session, root_id: int, order: str, page: int, size: int) -> tuple[list[LinkStatus], int]:
    """Level-1 replies: `new` newest first; `hot` by likes plus live children, then newest."""
    where = and_(LinkStatus.thread_root_id == root_id, LinkStatus.top_id.is_(None), _visible())
    total = session.scalar(select(func.count()).select_from(LinkStatus).where(where)) or 0
    query = select(LinkStatus).where(where)
    if order == "hot":
        query = query.order_by((LinkStatus.favourites_count + _children_count_column()).desc(), LinkStatus.id.desc())
    else:
        query = query.order_by(LinkStatus.id.desc())
    return list(session.scalars(query.offset((page - 1) * size).limit(size))), total


def children_page(session: Session, top_id: int, offset: int, limit: int) -> tuple[list[LinkStatus], int]:
    """A level-1 reply's replies, oldest first (tombstones among them while answered)."""
    where = and_(LinkStatus.top_id == top_id, _visible())
    total = session.scalar(select(func.count()).select_from(LinkStatus).where(where)) or 0
    rows = session.scalars(select(LinkStatus).where(where).order_by(LinkStatus.id).offset(offset).limit(limit))
    return list(rows), total


def children_counts(session: Session, top_ids: list[int]) -> dict[int, int]:
    if not top_ids:
        return {}
    rows = session.execute(
        select(LinkStatus.top_id, func.count())
        .where(LinkStatus.top_id.in_(top_ids), _visible())
        .group_by(LinkStatus.top_id)
    )
    return dict(rows.all())


def comment_counts(session: Session, kind: str, item_ids: list[int]) -> dict[int, int]:
    """Live replies per item, all levels (the root post is not a reply)."""
    if not item_ids:
        return {}
    rows = session.execute(
        select(LinkStatus.item_id, func.count())
        .where(
            LinkStatus.item_kind == kind,
            LinkStatus.item_id.in_(item_ids),
            LinkStatus.thread_root_id.is_not(None),
            LinkStatus.deleted_at.is_(None),
        )
        .group_by(LinkStatus.item_id)
    )
    return dict(rows.all())


def comment_count(session: Session, kind: str, item_id: int) -> int:
    return comment_counts(session, kind, [item_id]).get(item_id, 0)


def delete_reply(session: Session, reply: LinkStatus) -> None:
    """Soft delete; the parent's reply count and the item's comment count follow."""
    if reply.deleted_at is not None:
        return
    reply.deleted_at = utcnow()
    touch(session, reply)
    parent = session.get(LinkStatus, reply.in_reply_to_id) if reply.in_reply_to_id else None
    if parent is not None and parent.replies_count > 0:
        parent.replies_count -= 1
        touch(session, parent)
    if reply.item_kind in ITEM_MODELS and reply.item_id:
        reindex_item(session, reply.item_kind, reply.item_id)


def close_thread(session: Session, kind: str, item_id: int) -> int:
    """The item is gone: its post and every reply leave /link and the index with it."""
    rows = session.scalars(
        select(LinkStatus).where(
            LinkStatus.item_kind == kind, LinkStatus.item_id == item_id, LinkStatus.deleted_at.is_(None)
        )
    ).all()
    now = utcnow()
    for row in rows:
        row.deleted_at = now
        touch(session, row)
    return len(rows)


def report(session: Session, reply_id: int, user_id: int, type_: int, url: str | None, remark: str | None) -> None:
    """One report per member and reply; reporting again replaces the reason."""
    values = {"type": type_, "url": url, "remark": remark}
    row = {"status_id": reply_id, "user_id": user_id, "created_at": utcnow(), **values}
    if session.execute(insert_ignoring_conflict(session, LinkReport, row)).rowcount != 1:
        session.execute(
            update(LinkReport)
            .where(LinkReport.status_id == reply_id, LinkReport.user_id == user_id)
            .values(**values)
            .execution_options(synchronize_session=False)
        )


def unreport(session: Session, reply_id: int, user_id: int) -> None:
    """The member takes their report back (none: nothing to do)."""
    session.execute(
        delete(LinkReport)
        .where(LinkReport.status_id == reply_id, LinkReport.user_id == user_id)
        .execution_options(synchronize_session=False)
    )


def reported_by(session: Session, user_id: int | None, reply_ids: list[int]) -> set[int]:
    """Which of these replies the member has reported."""
    if user_id is None or not reply_ids:
        return set()
    query = select(LinkReport.status_id).where(LinkReport.user_id == user_id, LinkReport.status_id.in_(reply_ids))
    return set(session.scalars(query))


def _live_items():
    """Replies whose item is still there (a deleted story's thread is closed, but a paper has no delete)."""
    story_live = select(Story.id).where(Story.deleted_at.is_(None))
    return or_(
        and_(LinkStatus.item_kind == "story", LinkStatus.item_id.in_(story_live)),
        LinkStatus.item_kind == "paper",
    )


def replies_of_user(session: Session, user_id: int, page: int, size: int) -> tuple[list[LinkStatus], int]:
    """A member's live replies, newest first."""
    where = and_(
        LinkStatus.user_id == user_id,
        LinkStatus.thread_root_id.is_not(None),
        LinkStatus.item_kind.in_(tuple(ITEM_MODELS)),
        LinkStatus.deleted_at.is_(None),
        _live_items(),
    )
    total = session.scalar(select(func.count()).select_from(LinkStatus).where(where)) or 0
    rows = session.scalars(
        select(LinkStatus).where(where).order_by(LinkStatus.id.desc()).offset((page - 1) * size).limit(size)
    )
    return list(rows), total


def repliers_by_day(session: Session, start, end, counting) -> list[tuple[str, int, int, object]]:
    """(item kind, item id, member, created_at) of each live reply in [start, end) by a counting member:
    the heat rollup counts each member once per item and day."""
    rows = session.execute(
        select(LinkStatus.item_kind, LinkStatus.item_id, LinkStatus.user_id, LinkStatus.created_at).where(
            LinkStatus.thread_root_id.is_not(None),
            LinkStatus.item_kind.in_(tuple(ITEM_MODELS)),
            LinkStatus.deleted_at.is_(None),
            LinkStatus.created_at >= start,
            LinkStatus.created_at < end,
            LinkStatus.user_id.in_(counting),
        )
    )
    return [tuple(row) for row in rows]


__all__ = [
    "EXCERPT_CHARS",
    "ITEM_MODELS",
    "add_reply",
    "adopt",
    "children_counts",
    "children_page",
    "close_thread",
    "comment_count",
    "comment_counts",
    "delete_reply",
    "excerpt",
    "in_thread",
    "is_visible",
    "open_thread",
    "reindex_item",
    "replies_of_user",
    "repliers_by_day",
    "report",
    "reported_by",
    "root_post",
    "top_page",
    "unreport",
]
