"""/auth/login, /auth/callback and /auth/logout on the API host (browser navigations, not JSON calls).

login:    /auth/login?redirect_url=…&from_code=…  -> the provider's login page (code + PKCE).
callback: the provider sends the browser back here; the user is bound or created, the session id is
          rotated and the browser goes back to redirect_url (a path or URL on this site) as it was: the
          from_code (where the sign-in started) goes to the log, not into the address bar.
back:     the sign-in page's 返回 AI 社区 (deploy/keycloak/themes/hub): to the page the newest sign-in
          started from, else the home page; the attempt is kept (another tab may still finish it).
logout:   POST /auth/logout?redirect_url=… with the session's CSRF token (form field `csrf_token` or the
          X-CSRF-Token header; another site cannot sign a member out) ends the session here and at the
          provider (RP-initiated logout with id_token_hint), which sends the browser back to redirect_url."""

from __future__ import annotations

import hmac
import logging
from urllib.parse import urlencode, urljoin

import requests
from authlib.common.errors import AuthlibBaseError
from flask import Blueprint, g, redirect, request, session, url_for
from joserfc.errors import JoseError
from redis.exceptions import RedisError

from api.auth import signup_limit
from api.auth.csrf import HEADER, MSG_CSRF, new_token
from api.auth.error_page import sign_in_error_page
from api.auth.oidc import account_of, client
from api.auth.redirects import safe_target
from api.context import db_sessions, hub, settings
from api.envelope import MSG_UNAVAILABLE, ApiError
from api.session_user import MSG_SESSIONS_UNAVAILABLE
from store.identities import bind, creates_user
from store.link import revoke_hub_tokens

log = logging.getLogger(__name__)
blp = Blueprint("auth", __name__)

MSG_LOGIN_FAILED = "登录失败，请重试"
MSG_TOO_MANY_SIGNUPS = "当前网络今日新注册的账号过多，请明天再试"
NEXT = "auth_next"


@blp.errorhandler(ApiError)
def _sign_in_failed(error: ApiError):
    """A failed sign-in step answers a page with 重试 that keeps where the member was going."""
    kept = getattr(g, "auth_next", None) or session.get(NEXT) or {}
    back = safe_target(kept.get("url") or request.args.get("redirect_url"), settings().site_origins)
    return sign_in_error_page(error, back)


@blp.get("/auth/login")
def login():
    config = settings()
    target = safe_target(request.args.get("redirect_url"), config.site_origins)
    from_code = (request.args.get("from_code") or "")[:100] or None
    session[NEXT] = {"url": target, "from_code": from_code}
    redirect_uri = config.oidc_redirect_uri or url_for("auth.callback", _external=True)
    try:
        return client().authorize_redirect(redirect_uri)
    except requests.RequestException as exc:
        log.warning("sign-in provider unreachable: %s", exc)
        raise ApiError(503, MSG_UNAVAILABLE) from exc


@blp.get("/auth/back")
def back():
    kept = session.get(NEXT) or {}
    return redirect(safe_target(kept.get("url"), settings().site_origins))


@blp.get("/auth/callback")
def callback():
    config = settings()
    after = g.auth_next = session.pop(NEXT, None) or {}
    try:
        token = client().authorize_access_token()
    except (AuthlibBaseError, JoseError) as exc:  # denied, state or nonce mismatch, bad ID token
        log.info("sign-in refused: %s", exc)
        raise ApiError(400, MSG_LOGIN_FAILED) from exc
    except requests.RequestException as exc:
        log.warning("sign-in provider unreachable: %s", exc)
        raise ApiError(503, MSG_UNAVAILABLE) from exc
    claims = token.get("userinfo")
    if not claims or not claims.get("sub"):
        raise ApiError(400, MSG_LOGIN_FAILED)
    try:  # a member's session lives in Redis: without it, say so instead of failing after the provider
        hub().redis.ping()
    except RedisError as exc:
        log.warning("sign-in cannot keep the session, Redis unreachable: %s", exc)
        raise ApiError(503, MSG_SESSIONS_UNAVAILABLE) from exc
    account = account_of(dict(claims), config.oidc_provider_name)
    with db_sessions()() as db:
        new_user = creates_user(db, account)
        if new_user and not signup_limit.allowed():
            raise ApiError(429, MSG_TOO_MANY_SIGNUPS)
        user_id = bind(db, account)
        db.commit()
    if new_user:
        signup_limit.count()
    # A new session id at sign-in: an id known before (planted or leaked) is worthless after it.
    session.clear()
    session.rotate()
    session["user_id"] = user_id
    session["csrf_token"] = new_token()
    session["id_token"] = token.get("id_token")
    target = safe_target(after.get("url"), config.site_origins)
    if after.get("from_code"):
        log.info("sign-in of user %s started from %s", user_id, after["from_code"])
    return redirect(target)


@blp.post("/auth/logout")
def logout():
    config = settings()
    target = safe_target(request.args.get("redirect_url"), config.site_origins)
    if session.get("user_id") is not None:
        sent = request.form.get("csrf_token") or request.headers.get(HEADER, "")
        expected = session.get("csrf_token")
        if not isinstance(expected, str) or not hmac.compare_digest(expected.encode(), str(sent).encode()):
            raise ApiError(403, MSG_CSRF)
    id_token = session.get("id_token")
    user_id = session.get("user_id")
    if user_id is not None:  # the link-feed tokens the hub gave this member stop working with the session
        with db_sessions()() as db:
            revoke_hub_tokens(db, int(user_id))
            db.commit()
    session.clear()
    if not id_token:
        return redirect(target)
    try:
        end_session = client().load_server_metadata().get("end_session_endpoint")
    except requests.RequestException as exc:  # signed out here; the provider's session expires on its own
        log.warning("sign-in provider unreachable at logout: %s", exc)
        end_session = None
    if not end_session:
        return redirect(target)
    back = urljoin(request.host_url, target)
    query = urlencode({"id_token_hint": id_token, "post_logout_redirect_uri": back, "client_id": config.oidc_client_id})
    return redirect(f"{end_session}?{query}")
