"""CSRF: every POST/PUT/PATCH/DELETE under /api/ by a caller with a signed-in session must send the
header X-CSRF-Token equal to session["csrf_token"] (compared in constant time), else 403. The token
is also given to the browser in the readable cookie `hub_csrf` so the UI can echo it. Anonymous
requests have no session to ride and are not checked (writes answer 403 请先登录 themselves)."""

from __future__ import annotations

import hmac
import secrets

from flask import Response, request, session

from api.envelope import ApiError

HEADER = "X-CSRF-Token"
COOKIE = "hub_csrf"
MSG_CSRF = "请求已失效，请刷新页面后重试"
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# The tracking beacon (POST /api/v1/track): navigator.sendBeacon cannot send the header, and a beacon
# changes nothing on the member's behalf. The server reads the account from the session itself; a
# cross-site page cannot ride it (the session cookie is SameSite=Lax, so such a beacon arrives anonymous).
NO_HEADER_PATHS = frozenset({"/api/v1/track"})


def new_token() -> str:
    return secrets.token_urlsafe(32)


def check_csrf() -> None:
    if request.method not in UNSAFE or not request.path.startswith("/api/") or request.path in NO_HEADER_PATHS:
        return
    if session.get("user_id") is None:
        return
    verify_csrf()


def verify_csrf() -> None:
    """The header check itself, for the few GET calls the spec makes that change state (link
    authorization, publishing a paper to the link feed)."""
    expected = session.get("csrf_token")
    sent = request.headers.get(HEADER, "")
    if not isinstance(expected, str) or not expected or not hmac.compare_digest(expected.encode(), sent.encode()):
        raise ApiError(403, MSG_CSRF)


def csrf_cookie(secure: bool, max_age: int):
    def after(response: Response) -> Response:
        token = session.get("csrf_token") if session.get("user_id") is not None else None
        if token and request.cookies.get(COOKIE) != token:
            response.set_cookie(COOKIE, token, max_age=max_age, path="/", secure=secure, httponly=False, samesite="Lax")
        elif not token and COOKIE in request.cookies:
            response.delete_cookie(COOKIE, path="/", secure=secure, samesite="Lax")
        return response

    return after
