"""The signed-in caller: `user_id` in the session (api/auth/sessions.py) that sign-in puts there."""

from __future__ import annotations

from flask import g, session

from api.context import db_sessions
from api.envelope import ApiError
from store.models import User

# A member's session is in Redis: while Redis is away the caller cannot be told from a visitor, and
# answering as if signed out would hide their flags and refuse their writes with the wrong reason.
MSG_SESSIONS_UNAVAILABLE = "服务暂时不可用，请稍后再试"


def current_user_id() -> int | None:
    if getattr(session, "unavailable", False):
        raise ApiError(503, MSG_SESSIONS_UNAVAILABLE)
    value = session.get("user_id")
    try:
        return int(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def current_user() -> User | None:
    """The caller's row (once per request), or None when anonymous or the account is gone."""
    if "hub_user" not in g:
        user_id = current_user_id()
        user = None
        if user_id is not None:
            with db_sessions()() as db:
                user = db.get(User, user_id)
                if user is not None:
                    db.expunge(user)
        g.hub_user = user
    return g.hub_user
