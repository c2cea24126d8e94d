"""A discussion thread held by a remote Mastodon-compatible server (HUB_LINK_BASE_URL): replies posted
there with the member's link token, the post's context copied into link statuses here (origin set), so
the thread's answers, likes, reports and messages work as with the built-in service."""

from __future__ import annotations

import re
from html import unescape

from sqlalchemy import select

from api.envelope import ApiError
from api.services.link_client import LinkServiceError
from api.services.link_feed import MSG_AUTHORIZE, client
from store import discussions as threads
from store.models import LinkStatus, utcnow
from store.writes import insert, touch

TAGS = re.compile(r"<[^>]+>")
BREAKS = re.compile(r"<br\s*/?>|</p>\s*<p>", re.IGNORECASE)


def _error(exc: LinkServiceError) -> ApiError:
    if exc.status == 401:
        return ApiError(401, MSG_AUTHORIZE)
    return ApiError(503 if exc.status >= 500 or exc.status == 429 else 400, exc.message)


def post_remote(token: str, text: str, in_reply_to_id: str | None) -> dict:
    try:
        return client().post_status(token, text, in_reply_to_id)
    except LinkServiceError as exc:
        raise _error(exc) from exc


def act_remote(token: str, remote_id: str, action: str) -> dict:
    try:
        return client().act(remote_id, action, token)
    except LinkServiceError as exc:
        raise _error(exc) from exc


def delete_remote(token: str, remote_id: str) -> None:
    """The author's delete at the remote server; a status it no longer has (404) is deleted already."""
    try:
        client().delete_status(remote_id, token)
    except LinkServiceError as exc:
        if exc.status != 404:
            raise _error(exc) from exc


def plain(status: dict) -> str:
    """A status's text: Mastodon's `text` when sent, else its HTML content as plain text."""
    if isinstance(status.get("text"), str) and status["text"]:
        return status["text"]
    content = BREAKS.sub("\n", str(status.get("content") or ""))
    return unescape(TAGS.sub("", content)).strip()


def remote_root(db, origin: str, kind: str, item, post_id: str, user_id: int | None, text: str) -> LinkStatus:
    """The copy of the item's remote post (made when missing)."""
    root = threads.root_post(db, post_id, origin)
    if root is None:
        root = LinkStatus(
            user_id=user_id,
            origin=origin,
            remote_id=post_id,
            content=text,
            favourites_count=0,
            replies_count=0,
            created_at=utcnow(),
            item_kind=kind,
            item_id=item.id,
        )
        insert(db, root)
    threads.adopt(db, root, kind, item.id)
    return root


def copy_context(db, origin: str, kind: str, item, context: dict) -> LinkStatus:
    """Copy the remote post's descendants (Mastodon sends parents before their replies): new ones added,
    like counts refreshed, those the server no longer has deleted here."""
    root = remote_root(db, origin, kind, item, item.link_post_id, None, f"{item.title}")
    descendants = [s for s in context.get("descendants") or [] if isinstance(s, dict) and s.get("id")]
    ids = [str(s["id"]) for s in descendants]
    known = {
        row.remote_id: row
        for row in db.scalars(
            select(LinkStatus).where(LinkStatus.origin == origin, LinkStatus.thread_root_id == root.id)
        )
    }
    known[root.remote_id] = root
    changed = False
    for status in descendants:
        remote_id = str(status["id"])
        row = known.get(remote_id)
        if row is None:
            parent = known.get(str(status.get("in_reply_to_id")))
            if parent is None:
                continue  # a reply to something outside the thread
            account = status.get("account") or {}
            row = threads.add_reply(
                db,
                None,
                parent,
                plain(status)[:5000] or "…",
                origin=origin,
                remote_id=remote_id,
                remote_url=status.get("url"),
                author_name=(account.get("display_name") or account.get("acct") or None),
                author_avatar=account.get("avatar") or None,
            )
            row.favourites_count = int(status.get("favourites_count") or 0)  # the document is built at the drain
            known[remote_id] = row
            changed = True
        elif row.favourites_count != int(status.get("favourites_count") or 0):
            row.favourites_count = int(status.get("favourites_count") or 0)
            touch(db, row)
    present = set(ids)
    for remote_id, row in known.items():
        if row is not root and remote_id not in present and row.deleted_at is None:
            threads.delete_reply(db, row)
            changed = True
    if changed:
        threads.reindex_item(db, kind, item.id)
    return root


__all__ = ["act_remote", "copy_context", "delete_remote", "plain", "post_remote", "remote_root"]
