"""The built-in link service's records: statuses, favourites, bookmarks and bearer tokens.

Every change to a status (new, favourited, replied to) goes through `store.writes` (version bump +
outbox entry in the same transaction), so the `link` kind's search documents follow. Favourites and
bookmarks are (status, user) primary keys: a repeated action changes nothing."""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from store.models import LinkBookmark, LinkFavourite, LinkStatus, LinkToken, User, utcnow
from store.story_actions import insert_ignoring_conflict
from store.writes import insert, touch

MAX_STATUS_CHARS = 500  # a status posted to the service (Mastodon's default)
MAX_REPLY_CHARS = 1000  # a reply in the discussion under a story or paper (the hub writes it itself)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_token(
    session: Session, user_id: int, lifetime: timedelta, scopes: str = "read write", client_id: str | None = None
) -> str:
    """A new bearer token for `user_id` with `scopes`, good for `lifetime`; only its hash is stored. The
    caller commits. `client_id`: the registered client it was issued to (None: the hub's own)."""
    token = secrets.token_urlsafe(32)
    now = utcnow()
    session.add(
        LinkToken(
            token_hash=_hash(token),
            user_id=user_id,
            created_at=now,
            expires_at=now + lifetime,
            scopes=scopes,
            client_id=client_id,
        )
    )
    return token


def allows(scopes: str, needed: str) -> bool:
    """`read` / `write` granted whole or by a sub-scope of it (`write:statuses`)."""
    return any(scope == needed or scope.startswith(needed + ":") for scope in scopes.split())


def user_of_token(session: Session, token: str, needed: str = "read") -> User | None:
    """The token's user while it is unrevoked, unexpired and grants `needed`; else None."""
    if not token:
        return None
    row = session.get(LinkToken, _hash(token))
    if row is None or row.revoked_at is not None or not allows(row.scopes, needed):
        return None
    expires = row.expires_at
    if expires is not None and (expires if expires.tzinfo else expires.replace(tzinfo=UTC)) <= utcnow():
        return None
    return session.get(User, row.user_id)


def token_grants(session: Session, token: str) -> LinkToken | None:
    """The token's row whatever its state (to tell a missing scope from a bad token)."""
    return session.get(LinkToken, _hash(token)) if token else None


def revoke(session: Session, token: str, client_id: str | None = None) -> None:
    """Revoke a token (of that client, when given); unknown tokens are ignored, as RFC 7009 asks."""
    row = session.get(LinkToken, _hash(token)) if token else None
    if row is not None and row.revoked_at is None and (client_id is None or row.client_id == client_id):
        row.revoked_at = utcnow()


def revoke_hub_tokens(session: Session, user_id: int) -> None:
    """Sign-out: the tokens the hub's own authorize call gave this user stop working."""
    session.execute(
        update(LinkToken)
        .where(LinkToken.user_id == user_id, LinkToken.client_id.is_(None), LinkToken.revoked_at.is_(None))
        .values(revoked_at=utcnow())
    )


def live_status(session: Session, status_id: int) -> LinkStatus | None:
    """A live status of the built-in service (remote copies, `origin` set, are not its own)."""
    row = session.get(LinkStatus, status_id)
    return row if row is not None and row.deleted_at is None and row.origin is None else None


def post_status(
    session: Session,
    user_id: int,
    content: str,
    in_reply_to: LinkStatus | None = None,
) -> LinkStatus:
    """Add a status (validated by the caller); a reply moves its parent's reply count and joins its
    parent's thread (root post, level-1 reply, discussed item), wherever it was written. The caller commits."""
    status = LinkStatus(
        user_id=user_id,
        content=content,
        in_reply_to_id=in_reply_to.id if in_reply_to else None,
        favourites_count=0,
        replies_count=0,
        created_at=utcnow(),
        **(thread_of_reply(in_reply_to) if in_reply_to is not None else {}),
    )
    insert(session, status)
    if in_reply_to is not None:
        in_reply_to.replies_count += 1
        touch(session, in_reply_to)
    return status


def thread_of_reply(parent: LinkStatus) -> dict:
    """A reply's place: under the parent's root; level 1 when the parent is the root, else under the
    parent's level-1 reply (a reply to a reply shows flat under it)."""
    if parent.thread_root_id is None:
        return {"thread_root_id": parent.id, "top_id": None, "item_kind": parent.item_kind, "item_id": parent.item_id}
    return {
        "thread_root_id": parent.thread_root_id,
        "top_id": parent.top_id or parent.id,
        "item_kind": parent.item_kind,
        "item_id": parent.item_id,
    }


def _flag(session: Session, model, status: LinkStatus, user_id: int, on: bool) -> bool:
    if on:
        values = {"status_id": status.id, "user_id": user_id, "created_at": utcnow()}
        return session.execute(insert_ignoring_conflict(session, model, values)).rowcount == 1
    query = delete(model).where(model.status_id == status.id, model.user_id == user_id)
    return session.execute(query).rowcount == 1


def set_favourite(session: Session, status: LinkStatus, user_id: int, on: bool) -> None:
    """Favourite or unfavourite; the count moves in the database only when the row did (no double count)."""
    if _flag(session, LinkFavourite, status, user_id, on):
        delta = 1 if on else -1
        session.execute(
            update(LinkStatus)
            .where(LinkStatus.id == status.id)
            .values(favourites_count=LinkStatus.favourites_count + delta)
        )
        session.refresh(status)
        touch(session, status)


def set_bookmark(session: Session, status: LinkStatus, user_id: int, on: bool) -> None:
    _flag(session, LinkBookmark, status, user_id, on)


def flags_of(session: Session, user_id: int | None, status_ids: list[int]) -> tuple[set[int], set[int]]:
    """(favourited, bookmarked) status ids among `status_ids` for the caller."""
    if user_id is None or not status_ids:
        return set(), set()
    favs = session.scalars(
        select(LinkFavourite.status_id).where(LinkFavourite.user_id == user_id, LinkFavourite.status_id.in_(status_ids))
    )
    marks = session.scalars(
        select(LinkBookmark.status_id).where(LinkBookmark.user_id == user_id, LinkBookmark.status_id.in_(status_ids))
    )
    return set(favs), set(marks)


def timeline(
    session: Session, limit: int, max_id: int | None, since_id: int | None, min_id: int | None = None
) -> list[LinkStatus]:
    """Newest first, Mastodon paging: ids below `max_id`, above `since_id`; with `min_id` the page
    just above it (the oldest `limit` newer statuses, still answered newest first)."""
    query = select(LinkStatus).where(LinkStatus.deleted_at.is_(None), LinkStatus.origin.is_(None))
    if max_id is not None:
        query = query.where(LinkStatus.id < max_id)
    if since_id is not None:
        query = query.where(LinkStatus.id > since_id)
    if min_id is not None:
        page = session.scalars(query.where(LinkStatus.id > min_id).order_by(LinkStatus.id.asc()).limit(limit))
        return sorted(page, key=lambda s: s.id, reverse=True)
    return list(session.scalars(query.order_by(LinkStatus.id.desc()).limit(limit)))


def context(session: Session, status: LinkStatus) -> tuple[list[LinkStatus], list[LinkStatus]]:
    """(ancestors oldest first, descendants in thread order: depth first, oldest first per level)."""
    ancestors: list[LinkStatus] = []
    seen = {status.id}
    parent_id = status.in_reply_to_id
    while parent_id is not None and parent_id not in seen:
        parent = live_status(session, parent_id)
        if parent is None:
            break
        seen.add(parent.id)
        ancestors.append(parent)
        parent_id = parent.in_reply_to_id
    ancestors.reverse()
    descendants: list[LinkStatus] = []

    def walk(parent_id: int) -> None:
        children = session.scalars(
            select(LinkStatus)
            .where(LinkStatus.in_reply_to_id == parent_id, LinkStatus.deleted_at.is_(None))
            .order_by(LinkStatus.id)
        )
        for child in children:
            if child.id in seen:
                continue
            seen.add(child.id)
            descendants.append(child)
            walk(child.id)

    walk(status.id)
    return ancestors, descendants


__all__ = [
    "MAX_STATUS_CHARS",
    "context",
    "flags_of",
    "issue_token",
    "live_status",
    "post_status",
    "set_bookmark",
    "set_favourite",
    "thread_of_reply",
    "timeline",
    "user_of_token",
]
