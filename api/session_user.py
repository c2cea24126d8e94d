"""The signed-in caller: a minimal session (Flask's signed cookie holding `user_id`).

The full SSO comes later and only has to put the same `user_id` into the session."""

from __future__ import annotations

from flask import g, session

from api.context import db_sessions
from store.models import User


def current_user_id() -> int | None:
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
