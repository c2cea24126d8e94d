"""The built-in link service: the Mastodon client API subset the link feed uses, served from the hub's
database (store/link.py). Answers Mastodon's JSON shapes (Status, Account, Context) and its error shape
`{"error": "..."}` with Chinese wording. Callers authenticate with `Authorization: Bearer <token>` only
(tokens come from the hub's authorize flow); cookies are ignored, so no CSRF applies."""

from __future__ import annotations

from html import escape

from flask import request
from sqlalchemy import func, select

from kinds.common import strip_unwanted
from linkservice.host import db as new_session
from store import discussions
from store import link as store
from store.models import LinkStatus, User

MSG_BAD_BEARER = "访问令牌无效，请重新授权"
MSG_SCOPE = "访问令牌的授权范围不足"
MSG_NOT_FOUND = "动态不存在"
MSG_EMPTY = "动态内容不能为空"
MSG_TOO_LONG = f"动态内容不能超过 {store.MAX_STATUS_CHARS} 字"
MSG_REPLY_GONE = "回复的动态不存在"
MSG_BAD_PARAM = "参数格式错误"
MSG_NOT_YOURS = "只能删除自己的动态"
MSG_HOLDS_THREAD = "这条动态承载着评论区，不能删除"
DEFAULT_LIMIT, MAX_LIMIT = 20, 40


class LinkError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


def _iso(value) -> str:
    # Mastodon's format: UTC with milliseconds and a Z.
    return value.strftime("%Y-%m-%dT%H:%M:%S.") + f"{value.microsecond // 1000:03d}Z"


def bearer_token() -> str:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def caller(db, token: str | None, required: bool, needed: str = "read") -> User | None:
    """The token's user; without a valid token a 401 when `required`, else anonymous. A token that
    is sent but wrong, expired or revoked is always a 401 (the client must re-authorize, not silently
    lose its flags); a good token without the `needed` scope (`read` for reads, `write` for writes) 403."""
    user = store.user_of_token(db, token, needed) if token else None
    if user is None and token and store.user_of_token(db, token, "read" if needed == "write" else "write"):
        raise LinkError(403, MSG_SCOPE)
    if user is None and (token or required):
        raise LinkError(401, MSG_BAD_BEARER)
    return user


def account_json(db, user: User) -> dict:
    statuses = db.scalar(
        select(func.count())
        .select_from(LinkStatus)
        .where(LinkStatus.user_id == user.id, LinkStatus.deleted_at.is_(None))
    )
    return {
        "id": str(user.id),
        "username": f"user{user.id}",
        "acct": f"user{user.id}",
        "display_name": user.name,
        "locked": False,
        "bot": False,
        "note": "",
        "url": f"/users/{user.id}",
        "avatar": user.avatar_url or "",
        "avatar_static": user.avatar_url or "",
        "header": "",
        "header_static": "",
        "followers_count": 0,
        "following_count": 0,
        "statuses_count": statuses or 0,
        "created_at": _iso(user.created_at),
        "emojis": [],
        "fields": [],
    }


def content_html(text: str) -> str:
    """Mastodon's content is HTML: the plain text escaped, paragraphs and line breaks kept."""
    paragraphs = [p for p in text.replace("\r\n", "\n").split("\n\n") if p.strip()]
    return "".join("<p>" + "<br>".join(escape(line) for line in p.split("\n")) + "</p>" for p in paragraphs)


def statuses_json(db, statuses: list[LinkStatus], viewer: User | None) -> list[dict]:
    favourited, bookmarked = store.flags_of(db, viewer.id if viewer else None, [s.id for s in statuses])
    accounts: dict[int, dict] = {}
    out = []
    for status in statuses:
        if status.user_id not in accounts:
            accounts[status.user_id] = account_json(db, db.get(User, status.user_id))
        parent = db.get(LinkStatus, status.in_reply_to_id) if status.in_reply_to_id else None
        out.append(
            {
                "id": str(status.id),
                "uri": f"{request.url_root.rstrip('/')}/link?status={status.id}",
                "url": f"{request.url_root.rstrip('/')}/link?status={status.id}",  # absolute, as Mastodon's
                "created_at": _iso(status.created_at),
                "account": accounts[status.user_id],
                "content": content_html(status.content),
                "text": status.content,
                "visibility": "public",
                "sensitive": False,
                "spoiler_text": "",
                "language": None,
                "in_reply_to_id": str(status.in_reply_to_id) if status.in_reply_to_id else None,
                "in_reply_to_account_id": str(parent.user_id) if parent else None,
                "replies_count": status.replies_count,
                "reblogs_count": 0,
                "favourites_count": status.favourites_count,
                "favourited": status.id in favourited,
                "reblogged": False,
                "bookmarked": status.id in bookmarked,
                "muted": False,
                "reblog": None,
                "media_attachments": [],
                "mentions": [],
                "tags": [],
                "emojis": [],
                "card": None,
                "poll": None,
            }
        )
    return out


def _status_id(value: str) -> int:
    if not value.isascii() or not value.isdigit() or len(value) > 18:
        raise LinkError(404, MSG_NOT_FOUND)
    return int(value)


def _found(db, status_id: str) -> LinkStatus:
    status = store.live_status(db, _status_id(status_id))
    if status is None:
        raise LinkError(404, MSG_NOT_FOUND)
    return status


def _optional_id(name: str) -> int | None:
    value = request.args.get(name)
    if value in (None, ""):
        return None
    if not value.isascii() or not value.isdigit() or len(value) > 18:
        raise LinkError(400, MSG_BAD_PARAM)
    return int(value)


def timeline(required_auth: bool) -> tuple[list[dict], str | None]:
    """Newest first; `limit` (1-40, default 20), `max_id`, `since_id`, `min_id`; and the next page's max_id."""
    raw_limit = request.args.get("limit", str(DEFAULT_LIMIT))
    if not raw_limit.isascii() or not raw_limit.isdigit():
        raise LinkError(400, MSG_BAD_PARAM)
    limit = min(max(int(raw_limit), 1), MAX_LIMIT)
    with new_session() as db:
        viewer = caller(db, bearer_token(), required_auth)
        rows = store.timeline(db, limit, _optional_id("max_id"), _optional_id("since_id"), _optional_id("min_id"))
        next_max = str(rows[-1].id) if len(rows) == limit else None
        return statuses_json(db, rows, viewer), next_max


def status(status_id: str, token: str | None) -> dict:
    with new_session() as db:
        viewer = caller(db, token, False)
        return statuses_json(db, [_found(db, status_id)], viewer)[0]


def context(status_id: str, token: str | None) -> dict:
    with new_session() as db:
        viewer = caller(db, token, False)
        ancestors, descendants = store.context(db, _found(db, status_id))
        return {
            "ancestors": statuses_json(db, ancestors, viewer),
            "descendants": statuses_json(db, descendants, viewer),
        }


def request_form() -> dict:
    """A write's parameters as Mastodon clients send them: a JSON object or a form."""
    if request.is_json:
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            raise LinkError(400, MSG_BAD_PARAM)
        return body
    return request.form.to_dict()


def post(token: str | None, form: dict) -> dict:
    """POST /statuses: `status` (plain text, 1-500 characters), optional `in_reply_to_id`."""
    text = form.get("status")
    if not isinstance(text, str) or not text.strip():
        raise LinkError(422, MSG_EMPTY)
    text = strip_unwanted(text).strip()  # control characters out, as every imported text
    if len(text) > store.MAX_STATUS_CHARS:
        raise LinkError(422, MSG_TOO_LONG)
    reply_to = form.get("in_reply_to_id")
    with new_session() as db:
        user = caller(db, token, True, "write")
        parent = None
        if reply_to not in (None, ""):
            parent = store.live_status(db, _status_id(str(reply_to))) if str(reply_to).isdigit() else None
            if parent is None:
                raise LinkError(422, MSG_REPLY_GONE)
        created = store.post_status(db, user.id, text, parent)
        db.commit()
        answer = statuses_json(db, [created], user)[0]
    return answer


def act(status_id: str, action: str, token: str | None) -> dict:
    """favourite / unfavourite / bookmark / unbookmark: idempotent, answers the status as it now is."""
    with new_session() as db:
        user = caller(db, token, True, "write")
        target = _found(db, status_id)
        if action in ("favourite", "unfavourite"):
            store.set_favourite(db, target, user.id, on=action == "favourite")
        else:
            store.set_bookmark(db, target, user.id, on=action == "bookmark")
        db.commit()
        answer = statuses_json(db, [target], user)[0]
    return answer


def delete(status_id: str, token: str | None) -> dict:
    """DELETE /statuses/<id>, as Mastodon's: the author's own status, answered as it was (with `text`).
    A deleted reply leaves its parent's and its item's counts; a story's or paper's link post, which
    holds the item's discussion, is not deleted here."""
    with new_session() as db:
        user = caller(db, token, True, "write")
        target = _found(db, status_id)
        if target.user_id != user.id:
            raise LinkError(403, MSG_NOT_YOURS)
        if target.item_kind is not None and target.thread_root_id is None:
            raise LinkError(422, MSG_HOLDS_THREAD)
        answer = statuses_json(db, [target], user)[0]
        discussions.delete_reply(db, target)
        db.commit()
    return answer


def verify_credentials(token: str | None) -> dict:
    with new_session() as db:
        return account_json(db, caller(db, token, True))


__all__ = [
    "LinkError",
    "act",
    "bearer_token",
    "context",
    "delete",
    "post",
    "request_form",
    "status",
    "timeline",
    "verify_credentials",
]
