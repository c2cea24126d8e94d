"""Sessions. A signed-in session lives in Redis: the cookie `hub_session` carries only a random id
(HttpOnly, SameSite=Lax, Secure outside development and tests); the data lives under
`hub:session:<id>` with an expiry. A cookie forged with any key finds nothing. `session.rotate()` (at
sign-in) moves the data to a new id and deletes the old one, so a session id planted before sign-in is
worthless after it.

Before sign-in nothing is kept on the server: what the sign-in flow needs (the OIDC state, PKCE verifier
and nonce, where to go back) rides in the signed cookie `hub_pre` for PRE_SECONDS, holding the newest
PRE_STATES sign-in attempts at most. So anonymous `/auth/login` calls cannot grow Redis, and sign-in
starts even while Redis is away.

With Redis away a signed-in caller cannot be recognised: the session says so (`unavailable`) and the API
answers 503 服务暂时不可用，请稍后再试 instead of treating the member as signed out."""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Callable

import redis
from flask import Flask, Request, Response, request
from flask.json.tag import TaggedJSONSerializer
from flask.sessions import SessionInterface, SessionMixin
from itsdangerous import BadSignature, URLSafeTimedSerializer
from werkzeug.datastructures import CallbackDict

log = logging.getLogger(__name__)

COOKIE = "hub_session"
PRE_COOKIE = "hub_pre"
KEY_PREFIX = "hub:session:"
PRE_SECONDS = 900  # a sign-in attempt's state outlives the provider's login page by far
PRE_STATES = 3  # sign-in attempts kept per browser (the newest)
STATE_PREFIX = "_state_"  # how Authlib names a sign-in attempt's state in the session
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
        self.unavailable = False  # a signed-in cookie came while Redis was away

    def rotate(self) -> None:
        """A new id for the same data (sign-in): the old id stops working."""
        if self.sid is not None:
            self.stale_sid = self.sid
        self.sid = new_sid()
        self.modified = True


def _newest_states(data: dict) -> dict:
    """At most PRE_STATES sign-in attempts (by Authlib's expiry stamp), the rest of the data as it is."""
    states = sorted((k for k in data if k.startswith(STATE_PREFIX)), key=lambda k: _stamp(data[k]), reverse=True)
    return {k: v for k, v in data.items() if not k.startswith(STATE_PREFIX) or k in states[:PRE_STATES]}


def _stamp(value) -> float:
    return float(value.get("exp") or 0) if isinstance(value, dict) else 0.0


class RedisSessionInterface(SessionInterface):
    def __init__(self, redis_of: Callable[[], redis.Redis], ttl: int, secure: bool):
        self.redis_of = redis_of
        self.ttl = ttl
        self.secure = secure

    def _pre(self, app: Flask) -> URLSafeTimedSerializer:
        return URLSafeTimedSerializer(app.secret_key, salt="hub-pre-session", serializer=_serializer)

    def _pre_session(self, app: Flask, request: Request) -> HubSession:
        raw = request.cookies.get(PRE_COOKIE)
        if not raw:
            return HubSession()
        try:
            data = self._pre(app).loads(raw, max_age=PRE_SECONDS)
        except (BadSignature, ValueError):
            return HubSession()
        return HubSession(data if isinstance(data, dict) else {})

    def open_session(self, app: Flask, request: Request) -> HubSession:
        sid = request.cookies.get(COOKIE, "")
        if not _SID.fullmatch(sid):
            return self._pre_session(app, request)
        try:
            raw = self.redis_of().get(KEY_PREFIX + sid)
        except redis.RedisError as exc:
            log.warning("session store unreachable: %s", exc)
            session = HubSession()
            session.unavailable = True
            return session
        if not raw:
            return self._pre_session(app, request)
        try:
            data = _serializer.loads(raw)
        except ValueError:
            return HubSession()
        return HubSession(data if isinstance(data, dict) else {}, sid=sid)

    def save_session(self, app: Flask, session: HubSession, response: Response) -> None:
        if session.unavailable:
            return  # nothing is known, nothing is changed: the cookie stays for when Redis is back
        if session.get("user_id") is None:
            self._save_pre(app, session, response)
            return
        store = self.redis_of()
        if session.stale_sid:
            store.delete(KEY_PREFIX + session.stale_sid)
            session.stale_sid = None
        if PRE_COOKIE in request.cookies:
            response.delete_cookie(PRE_COOKIE, path="/", secure=self.secure, httponly=True, samesite="Lax")
        if not session.modified:
            return
        if session.sid is None:
            session.sid = new_sid()
        store.set(KEY_PREFIX + session.sid, _serializer.dumps(dict(session)), ex=self.ttl)
        response.set_cookie(
            COOKIE, session.sid, max_age=self.ttl, path="/", secure=self.secure, httponly=True, samesite="Lax"
        )
        response.vary.add("Cookie")

    def _save_pre(self, app: Flask, session: HubSession, response: Response) -> None:
        """A session without a user: dropped from Redis if it was there (sign-out), kept in `hub_pre`."""
        if session.sid is not None and session.modified:  # signed out (cleared) or a user's data gone
            try:
                self.redis_of().delete(KEY_PREFIX + session.sid)
            except redis.RedisError as exc:
                log.warning("session %s not deleted, Redis unreachable: %s", session.sid[:6], exc)
            response.delete_cookie(COOKIE, path="/", secure=self.secure, httponly=True, samesite="Lax")
        if not session.modified:
            return
        data = _newest_states(dict(session))
        if not data:
            if PRE_COOKIE in request.cookies:
                response.delete_cookie(PRE_COOKIE, path="/", secure=self.secure, httponly=True, samesite="Lax")
            return
        response.set_cookie(
            PRE_COOKIE,
            self._pre(app).dumps(data),
            max_age=PRE_SECONDS,
            path="/",
            secure=self.secure,
            httponly=True,
            samesite="Lax",
        )
        response.vary.add("Cookie")
