"""Server-side sessions in Redis: the cookie `hub_session` carries only a random id (HttpOnly,
SameSite=Lax, Secure outside development and tests); the data lives under `hub:session:<id>` with
an expiry. A cookie forged with any key finds nothing. `session.rotate()` (at sign-in) moves the data
to a new id and deletes the old one, so a session id planted before sign-in is worthless after it."""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Callable

import redis
from flask import Flask, Request, Response
from flask.json.tag import TaggedJSONSerializer
from flask.sessions import SessionInterface, SessionMixin
from werkzeug.datastructures import CallbackDict

log = logging.getLogger(__name__)

COOKIE = "hub_session"
KEY_PREFIX = "hub:session:"
_SID = re.compile(r"[A-Za-z0-9_-]{43}")
_serializer = TaggedJSONSerializer()


def new_sid() -> str:
    return secrets.token_urlsafe(32)  # 256 bits, 43 characters


class HubSession(CallbackDict, SessionMixin):
    def __init__(self, initial=None, sid: str | None = None):
        def on_update(_):
            self.modified = True

        super().__init__(initial, on_update)
        self.sid = sid
        self.new = sid is None
        self.modified = False
        self.stale_sid: str | None = None

    def rotate(self) -> None:
        """A new id for the same data (sign-in): the old id stops working."""
        if self.sid is not None:
            self.stale_sid = self.sid
        self.sid = new_sid()
        self.modified = True


class RedisSessionInterface(SessionInterface):
    def __init__(self, redis_of: Callable[[], redis.Redis], ttl: int, secure: bool):
        self.redis_of = redis_of
        self.ttl = ttl
        self.secure = secure

    def open_session(self, app: Flask, request: Request) -> HubSession:
        sid = request.cookies.get(COOKIE, "")
        if not _SID.fullmatch(sid):
            return HubSession()
        try:
            raw = self.redis_of().get(KEY_PREFIX + sid)
        except redis.RedisError as exc:  # Redis away: the caller is anonymous for this request
            log.warning("session store unreachable: %s", exc)
            return HubSession()
        if not raw:
            return HubSession()
        try:
            data = _serializer.loads(raw)
        except ValueError:
            return HubSession()
        return HubSession(data if isinstance(data, dict) else {}, sid=sid)

    def save_session(self, app: Flask, session: HubSession, response: Response) -> None:
        store = self.redis_of()
        if session.stale_sid:
            store.delete(KEY_PREFIX + session.stale_sid)
            session.stale_sid = None
        if not session:
            if session.modified and session.sid is not None:  # cleared (sign-out)
                store.delete(KEY_PREFIX + session.sid)
                response.delete_cookie(COOKIE, path="/", secure=self.secure, httponly=True, samesite="Lax")
            return
        if not session.modified:
            return
        if session.sid is None:
            session.sid = new_sid()
        store.set(KEY_PREFIX + session.sid, _serializer.dumps(dict(session)), ex=self.ttl)
        response.set_cookie(
            COOKIE, session.sid, max_age=self.ttl, path="/", secure=self.secure, httponly=True, samesite="Lax"
        )
        response.vary.add("Cookie")
