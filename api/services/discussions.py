"""Discussion under a story or a paper (issue 34): the thread is the context of the item's link post.

With the built-in link service the hub writes the thread itself for the signed-in member (the first
comment posts the item's link post). With a remote Mastodon-compatible server (HUB_LINK_BASE_URL)
replies are posted there with the member's link token (the request's bearer header, as publishing a
paper is) and the thread is read from the post's context; the hub keeps a copy of each status, so
likes, reports, deletions, messages and search work the same in both cases."""

from __future__ import annotations

import logging

from sqlalchemy import select, update

from api.context import db_sessions, settings
from api.envelope import MSG_FORBIDDEN, MSG_NOT_FOUND, ApiError
from api.public_origin import public_origin
from api.schemas.common import MAX_INT
from api.schemas.discussions import MSG_QUOTE_GONE, MSG_REASON_REQUIRED, MSG_REPLY_GONE
from api.services.access import is_editor, require_user
from api.services.link_client import LinkServiceError
from api.services.link_feed import MSG_AUTHORIZE, _find_paper, client
from api.services.reply_json import ReplyView, item_key
from api.services.reply_text import mentioned_names
from api.session_user import current_user
from linkservice.statuses import bearer_token
from store import discussions as threads
from store.link import set_favourite
from store.messages import COMMENT, MENTION, REPLY, REPLY_DELETED, notify_reply
from store.models import LinkStatus, Story, User

log = logging.getLogger(__name__)

KINDS = ("story", "paper")
MSG_GONE = "评论不存在"
PAGES = {"story": "/view/{key}", "paper": "/paper/{key}"}


def _origin() -> str | None:
    return settings().link_base_url or None


def _item(db, kind: str, key: str):
    """The live story or paper, by the key its page takes; 404 `内容不存在` otherwise."""
    row = None
    if kind == "story" and key.isascii() and key.isdigit() and len(key) < 12:
        row = db.get(Story, int(key))
        row = row if row is not None and row.deleted_at is None else None
    elif kind == "paper":
        row = _find_paper(db, key)
    if row is None:
        raise ApiError(404, MSG_NOT_FOUND)
    return row


def _title(kind: str, row) -> str:
    return row.title if kind == "story" else (row.title_cn or row.title)


def _root(db, kind: str, item) -> LinkStatus | None:
    root = threads.root_post(db, item.link_post_id, _origin())
    if root is not None:
        threads.adopt(db, root, kind, item.id)
    return root


def _token() -> str:
    token = bearer_token()
    if not token:
        raise ApiError(401, MSG_AUTHORIZE)
    return token


def _remote_error(exc: LinkServiceError) -> ApiError:
    if exc.status == 401:
        return ApiError(401, MSG_AUTHORIZE)
    return ApiError(503 if exc.status >= 500 or exc.status == 429 else 400, exc.message)


def _sync_remote(db, kind: str, item) -> LinkStatus | None:
    """The remote post's context copied here (new statuses added, counts refreshed, vanished ones
    deleted). An unreachable server leaves the copies as they were."""
    from api.services.remote_threads import copy_context

    try:
        context = client().context(item.link_post_id, bearer_token() or None)
    except LinkServiceError as exc:
        log.warning("remote thread %s of %s %s unreadable: %s", item.link_post_id, kind, item.id, exc)
        return _root(db, kind, item)
    return copy_context(db, _origin(), kind, item, context)


def thread(kind: str, key: str, args: dict) -> dict:
    if kind not in KINDS:
        raise ApiError(404, MSG_NOT_FOUND)
    viewer = current_user()
    with db_sessions()() as db:
        item = _item(db, kind, key)
        root = _sync_remote(db, kind, item) if _origin() and item.link_post_id else _root(db, kind, item)
        db.commit()
        answer = {
            "kind": kind,
            "item_id": item_key(kind, item),
            "post_id": item.link_post_id,
            "count": 0,
            "page": args["page"],
            "size": args["size"],
            "total_top": 0,
            "replies": [],
        }
        if root is None:
            return answer
        rows, total = threads.top_page(db, root.id, args["order"], args["page"], args["size"])
        answer.update(count=threads.comment_count(db, kind, item.id), total_top=total)
        answer["replies"] = ReplyView(db, viewer).replies(rows, children=args["children"])
    return answer


def children(reply_id: str, args: dict) -> dict:
    viewer = current_user()
    with db_sessions()() as db:
        top = _reply(db, reply_id, visible=True)
        if top.top_id is not None:
            raise ApiError(404, MSG_GONE)
        rows, total = threads.children_page(db, top.id, (args["page"] - 1) * args["size"], args["size"])
        replies = ReplyView(db, viewer).replies(rows, children=0)
    return {"page": args["page"], "size": args["size"], "total": total, "replies": replies}


def _reply(db, reply_id: str, visible: bool = False, live: bool = False) -> LinkStatus:
    """A reply of a live item's thread; 404 `评论不存在` otherwise."""
    row = (
        threads.in_thread(db, int(reply_id))
        if reply_id.isascii() and reply_id.isdigit() and len(reply_id) < 19
        else None
    )
    if row is None or (live and row.deleted_at is not None) or (visible and not threads.is_visible(db, row)):
        raise ApiError(404, MSG_GONE)
    model = threads.ITEM_MODELS[row.item_kind]
    item = db.get(model, row.item_id)
    if item is None or getattr(item, "deleted_at", None) is not None:
        raise ApiError(404, MSG_GONE)
    return row


def _in_thread(db, root: LinkStatus, reply_id: str | None, message: str) -> LinkStatus | None:
    if reply_id is None:
        return None
    row = threads.in_thread(db, int(reply_id))
    if row is None or row.thread_root_id != root.id or row.deleted_at is not None:
        raise ApiError(400, message, {"errors": {"json": {"reply_to_id": [message]}}})
    return row


def _open_thread(db, kind: str, item, user: User, token: str | None) -> LinkStatus:
    """The item's link post, posted by its first commenter: the item's title and its page."""
    text = f"{_title(kind, item)}\n{public_origin()}{PAGES[kind].format(key=item_key(kind, item))}"
    if token is None:
        root = threads.open_thread(db, user.id, kind, item.id, text)
        post_id = str(root.id)
    else:
        from api.services.remote_threads import post_remote, remote_root

        post = post_remote(token, text, None)
        post_id = str(post["id"])
        root = remote_root(db, _origin(), kind, item, post_id, user.id, text)
    model = threads.ITEM_MODELS[kind]
    db.execute(update(model).where(model.id == item.id).values(link_post_id=post_id))
    item.link_post_id = post_id
    return root


def post_reply(kind: str, key: str, args: dict) -> dict:
    if kind not in KINDS:
        raise ApiError(404, MSG_NOT_FOUND)
    user = require_user()
    remote = _origin() is not None
    token = _token() if remote else None
    with db_sessions()() as db:
        item = _item(db, kind, key)
        root = _root(db, kind, item)
        if root is None and remote and item.link_post_id:
            root = _sync_remote(db, kind, item)
        if root is None:
            root = _open_thread(db, kind, item, user, token)
        parent = _in_thread(db, root, args.get("reply_to_id"), MSG_REPLY_GONE) or root
        quote = _in_thread(db, root, args.get("quote_id"), MSG_QUOTE_GONE)
        if remote:
            from api.services.remote_threads import post_remote

            post = post_remote(token, args["text"], parent.remote_id)
            copy = {"origin": _origin(), "remote_id": str(post["id"]), "remote_url": post.get("url")}
            reply = threads.add_reply(db, user.id, parent, args["text"], quote, **copy)
        else:
            reply = threads.add_reply(db, user.id, parent, args["text"], quote)
        _notify_reply(db, user, kind, item, parent, reply)
        db.commit()  # durable before the answer; the commit asks for a drain (store/outbox_hook.py)
        return ReplyView(db, user).replies([reply], children=0)[0]


def _notify_reply(db, user: User, kind: str, item, parent: LinkStatus, reply: LinkStatus) -> None:
    """One message per member per reply: a reply to their reply, a comment on their story, a mention."""
    about = {
        "item_kind": kind,
        "item_id": item_key(kind, item),
        "item_title": _title(kind, item),
        "reply_id": str(reply.id),
        "excerpt": threads.excerpt(reply.content),
    }
    told: set[int] = {user.id}  # never oneself
    if parent.thread_root_id is not None and parent.user_id and parent.user_id not in told:
        notify_reply(db, REPLY, parent.user_id, user.id, **about)
        told.add(parent.user_id)
    elif parent.thread_root_id is None and kind == "story" and item.user_id and item.user_id not in told:
        notify_reply(db, COMMENT, item.user_id, user.id, **about)
        told.add(item.user_id)
    names = mentioned_names(reply.content)
    if names:
        members = db.execute(select(User.id, User.name).where(User.name.in_(names)).order_by(User.id)).all()
        for member_id, _name in members:
            if member_id not in told:
                notify_reply(db, MENTION, member_id, user.id, **about)
                told.add(member_id)


def like(reply_id: str, on: bool) -> dict:
    user = require_user()  # the liker is the session's member, never a body field
    remote = _origin() is not None
    token = _token() if remote else None
    with db_sessions()() as db:
        reply = _reply(db, reply_id, live=True)
        if remote and reply.remote_id:
            from api.services.remote_threads import act_remote

            act_remote(token, reply.remote_id, "favourite" if on else "unfavourite")
        set_favourite(db, reply, user.id, on)
        liked = on
        db.commit()
        return {"id": str(reply.id), "like_count": reply.favourites_count, "liked": liked}


def report(reply_id: str, args: dict) -> dict:
    user = require_user()
    with db_sessions()() as db:
        reply = _reply(db, reply_id, live=True)
        threads.report(db, reply.id, user.id, args["type"], args.get("url") or None, args.get("remark") or None)
        db.commit()
    return {"id": str(reply.id), "reported": True}


def unreport(reply_id: str) -> dict:
    user = require_user()
    with db_sessions()() as db:
        reply = _reply(db, reply_id, live=True)
        threads.unreport(db, reply.id, user.id)
        db.commit()
    return {"id": str(reply.id), "reported": False}


def delete(reply_id: str, args: dict) -> dict:
    """The author deletes their own; an editor any, with a reason that reaches the author. A reply the
    remote server holds: the author's delete goes there first (with their link token; one the server
    no longer has is gone already); an editor cannot act for another member there (nor anyone at a
    server no longer configured), so the reply is only hidden here (`remote_kept`) and stays hidden
    when the thread is read again."""
    user = require_user()
    reason = (args.get("reason") or "").strip()
    with db_sessions()() as db:
        reply = _reply(db, reply_id, live=True)
        own = reply.user_id is not None and reply.user_id == user.id
        if not own:
            if not is_editor(user):
                raise ApiError(403, MSG_FORBIDDEN)
            if not reason:
                raise ApiError(400, MSG_REASON_REQUIRED, {"errors": {"json": {"reason": [MSG_REASON_REQUIRED]}}})
        remote = reply.origin is not None and reply.remote_id is not None
        at_remote = remote and own and reply.origin == _origin()  # a server still configured
        if at_remote:
            from api.services.remote_threads import delete_remote

            delete_remote(_token(), reply.remote_id)
        reply.remote_kept = remote and not at_remote
        threads.delete_reply(db, reply)
        if not own and reply.user_id:
            _notify_deleted(db, user, reply, reason)
        db.commit()
    return {"id": str(reply.id), "deleted": True, "remote_kept": reply.remote_kept}


def _notify_deleted(db, editor: User, reply: LinkStatus, reason: str) -> None:
    model = threads.ITEM_MODELS[reply.item_kind]
    item = db.get(model, reply.item_id)
    notify_reply(
        db,
        REPLY_DELETED,
        reply.user_id,
        editor.id,
        item_kind=reply.item_kind,
        item_id=item_key(reply.item_kind, item),
        item_title=_title(reply.item_kind, item),
        reply_id=str(reply.id),
        excerpt=threads.excerpt(reply.content),
        reason=reason,
    )


def user_replies(user_id: int, args: dict) -> dict:
    page, size = args["page"], args["size"]
    with db_sessions()() as db:
        if user_id > MAX_INT or db.get(User, user_id) is None:
            raise ApiError(404, MSG_NOT_FOUND)
        rows, total = threads.replies_of_user(db, user_id, page, size)
        items = ReplyView(db, None).items_of(rows)
        replies = [
            {
                "id": str(row.id),
                "kind": row.item_kind,
                "item_id": items[(row.item_kind, row.item_id)][0],
                "item_title": items[(row.item_kind, row.item_id)][1],
                "excerpt": threads.excerpt(row.content),
                "created_at": ReplyView.iso(row.created_at),
                "like_count": row.favourites_count,
            }
            for row in rows
        ]
    return {"page": page, "size": size, "total": total, "replies": replies}


__all__ = ["KINDS", "children", "delete", "like", "post_reply", "report", "thread", "unreport", "user_replies"]
