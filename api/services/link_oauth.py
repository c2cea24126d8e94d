"""The hub as an OAuth 2 client of a remote link server (HUB_LINK_BASE_URL, Mastodon's authorization-code
flow), so a signed-in user gets a bearer token there without the hub ever putting it in a URL:

1. `start`: the hub registers itself at the server once (POST /api/v1/apps; kept in the database, see
   store/link_oauth.py), keeps a random `state` and where the user was in the session, and answers the
   server's /oauth/authorize URL; the UI sends the browser there.
2. `finish` (the callback, GET /api/v3/link/authorize/callback): the state must be the session's (a
   login-CSRF guard, one use); the code is exchanged at POST /oauth/token. The outcome (the token, or
   the reason it failed) waits in the server-side session, and the browser goes back where it was with
   `link_auth=1`.
3. `pick_up` (GET /api/v3/link/authorize/result): the UI takes the outcome once and stores the token
   under its local key, exactly as for the built-in service."""

from __future__ import annotations

import hmac
import logging
import secrets

import requests
from authlib.integrations.base_client.errors import OAuthError
from authlib.integrations.requests_client import OAuth2Session
from flask import request, session
from sqlalchemy.exc import IntegrityError

from api.auth.redirects import with_query
from api.context import db_sessions, settings
from api.envelope import ApiError
from api.public_origin import public_origin
from api.services.link_client import MSG_UNREACHABLE
from outbound import GuardedHttp
from store import link_oauth as store

log = logging.getLogger(__name__)

PENDING, RESULT = "link_oauth", "link_oauth_result"
SCOPES = "read write"
CLIENT_NAME = "AI 社区"
DEFAULT_BACK = "/link"
MSG_DENIED = "你拒绝了社区动态的授权"
MSG_STATE = "授权请求已失效，请重新授权"
MSG_REFUSED = "社区动态服务拒绝了授权，请重新授权"
MSG_NOTHING = "没有待领取的授权结果"


def callback_uri() -> str:
    return public_origin() + "/api/v3/link/authorize/callback"


def _http(base: str, timeout: float) -> GuardedHttp:
    """Only the configured server, no redirect elsewhere (outbound/)."""
    return GuardedHttp([base], timeout=timeout, allow_private=settings().outbound_allow_private)


def back_to(target: str | None) -> str:
    """Only a path of this site (the page the user was on), never another host."""
    if not target or not target.startswith("/") or target.startswith("//") or len(target) > 1000:
        return DEFAULT_BACK
    if any(ch in target for ch in "\\\r\n\t") or any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in target):
        return DEFAULT_BACK
    return target


def _register(base: str, redirect_uri: str, timeout: float) -> tuple[str, str]:
    try:
        answer = _http(base, timeout).post(
            f"{base}/api/v1/apps",
            data={
                "client_name": CLIENT_NAME,
                "redirect_uris": redirect_uri,
                "scopes": SCOPES,
                "website": public_origin(),
            },
            headers={"Accept": "application/json"},
            timeout=timeout,
        )
        body = answer.json()
    except (requests.RequestException, ValueError) as exc:
        log.warning("link server %s: app registration failed: %s", base, exc)
        raise ApiError(503, MSG_UNREACHABLE) from exc
    if not answer.ok or not isinstance(body, dict) or not body.get("client_id") or not body.get("client_secret"):
        log.warning("link server %s refused the app registration: %s %s", base, answer.status_code, str(body)[:200])
        raise ApiError(503, MSG_UNREACHABLE)
    return str(body["client_id"]), str(body["client_secret"])


def _app(base: str, redirect_uri: str, timeout: float) -> tuple[str, str]:
    """The hub's (client_id, client_secret) at `base`, registering once (again if the callback moved)."""
    with db_sessions()() as db:
        row = store.remote_app(db, base)
        if row is not None and row.redirect_uri == redirect_uri:
            return row.client_id, row.client_secret
    client_id, secret = _register(base, redirect_uri, timeout)
    with db_sessions()() as db:
        try:
            store.save_remote_app(db, base, redirect_uri, client_id, secret)
            db.commit()
        except IntegrityError:  # another request registered first: use theirs
            db.rollback()
            row = store.remote_app(db, base)
            return row.client_id, row.client_secret
    return client_id, secret


def start(base: str, next_path: str | None, timeout: float) -> dict:
    redirect_uri = callback_uri()
    client_id, _secret = _app(base, redirect_uri, timeout)
    state = secrets.token_urlsafe(24)
    session[PENDING] = {"state": state, "next": back_to(next_path), "base": base}
    session.pop(RESULT, None)
    oauth = OAuth2Session(client_id, redirect_uri=redirect_uri, scope=SCOPES)
    url, _state = oauth.create_authorization_url(f"{base}/oauth/authorize", state=state)
    return {"access_token": None, "authorize_url": url, "base_url": base}


def _exchange(base: str, code: str, timeout: float) -> dict:
    redirect_uri = callback_uri()
    client_id, secret = _app(base, redirect_uri, timeout)
    oauth = OAuth2Session(
        client_id,
        secret,
        redirect_uri=redirect_uri,
        scope=SCOPES,
        token_endpoint_auth_method="client_secret_post",  # noqa: S106 (a method name, not a secret)
    )
    try:
        _http(base, timeout).check(f"{base}/oauth/token")
        token = oauth.fetch_token(
            f"{base}/oauth/token", code=code, grant_type="authorization_code", timeout=timeout, allow_redirects=False
        )
    except OAuthError as exc:
        log.info("link server %s refused the code: %s", base, exc)
        raise ApiError(400, MSG_REFUSED) from exc
    except (requests.RequestException, ValueError) as exc:
        log.warning("link server %s: token exchange failed: %s", base, exc)
        raise ApiError(503, MSG_UNREACHABLE) from exc
    if not isinstance(token.get("access_token"), str) or not token["access_token"]:
        raise ApiError(503, MSG_UNREACHABLE)
    return {
        "access_token": token["access_token"],
        "token_type": "Bearer",
        "scope": token.get("scope") or SCOPES,
        "base_url": base,
    }


def finish(base: str, timeout: float) -> str:
    """The callback: the outcome into the session; answers where to send the browser."""
    pending = session.pop(PENDING, None) or {}
    sent_state = request.args.get("state", "")
    expected = pending.get("state") if isinstance(pending, dict) else None
    back = back_to(pending.get("next")) if isinstance(pending, dict) else DEFAULT_BACK
    try:
        if (
            not expected
            or not hmac.compare_digest(str(expected).encode(), sent_state.encode())
            or pending.get("base") != base
        ):
            raise ApiError(400, MSG_STATE)
        if request.args.get("error"):
            raise ApiError(400, MSG_DENIED if request.args["error"] == "access_denied" else MSG_REFUSED)
        code = request.args.get("code", "")
        if not code or len(code) > 1000:
            raise ApiError(400, MSG_REFUSED)
        session[RESULT] = {"token": _exchange(base, code, timeout)}
    except ApiError as exc:
        session[RESULT] = {"error": [exc.status, exc.msg]}
    return with_query(back, link_auth="1")


def pick_up() -> dict:
    result = session.pop(RESULT, None)
    if not isinstance(result, dict):
        raise ApiError(404, MSG_NOTHING)
    if "error" in result:
        status, message = result["error"]
        raise ApiError(int(status), str(message))
    return result["token"]


__all__ = ["back_to", "finish", "pick_up", "start"]
