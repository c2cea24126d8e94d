"""The rules behind the user endpoints: the list for /users, profile edits, account bindings."""

from __future__ import annotations

from urllib.parse import urlsplit

from sqlalchemy import func, select

from api.context import db_sessions, settings
from api.envelope import ApiError
from api.schemas.users import MSG_AVATAR
from api.schemas.writes import is_site_picture
from store.identities import identities_of
from store.models import User
from store.writes import upsert

MSG_NOT_SIGNED_IN = "请先登录"


def user_page(page: int, size: int) -> dict:
    with db_sessions()() as db:
        total = db.scalar(select(func.count()).select_from(User)) or 0
        rows = db.scalars(select(User).order_by(User.score.desc(), User.id).offset((page - 1) * size).limit(size))
        items = [
            {"id": u.id, "name": u.name, "avatar_url": u.avatar_url, "is_expert": u.is_expert, "score": u.score or 0}
            for u in rows
        ]
    return {"list": items, "total": total, "page": page, "size": size, "hasNextPage": page * size < total}


def _avatar(value: str | None) -> str | None:
    if not value:
        return None
    if is_site_picture(value):  # a demo picture this site serves (the profile form sends it back as it is)
        return value
    parts = urlsplit(value)
    hosts = {h.lower() for h in settings().avatar_hosts}
    if parts.scheme not in ("http", "https") or not parts.hostname or "@" in parts.netloc:
        raise ApiError(400, MSG_AVATAR)
    if parts.hostname.lower() not in hosts or len(value) > 500:
        raise ApiError(400, MSG_AVATAR)
    return value


def edit_profile(user_id: int, args: dict) -> dict:
    """name, avatar_url and region of the caller; the person document and their stories are reindexed."""
    fields = {"name": args["name"], "avatar_url": _avatar(args.get("avatar_url")), "region": args.get("region") or None}
    with db_sessions()() as db:
        if db.get(User, user_id) is None:
            raise ApiError(403, MSG_NOT_SIGNED_IN)
        upsert(db, User, {"id": user_id}, fields)
        db.commit()
    return {"id": user_id, **fields}


def bindings(user_id: int) -> dict:
    with db_sessions()() as db:
        rows = identities_of(db, user_id)
        return {"list": [{"provider": r.provider, "email": r.email, "bound_at": r.created_at} for r in rows]}
