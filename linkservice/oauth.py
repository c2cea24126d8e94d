"""The built-in link service as an OAuth 2 provider, Mastodon's authorization-code subset, so that any
Mastodon client (and a second hub with HUB_LINK_BASE_URL pointing here) can get a bearer token:

- POST /api/v1/apps: register a client (client_name, redirect_uris, scopes, website) -> Application;
- GET /oauth/authorize: the consent page for the signed-in hub user (signed out: sign in first);
  POST /oauth/authorize: the user's decision, back to the client's redirect URI with `code` or
  `error=access_denied`, and the client's `state`;
- POST /oauth/token: grant_type=authorization_code -> Token (the same bearer tokens the hub's own
  authorize call issues).

Errors keep Mastodon's/Doorkeeper's shape (`error`, `error_description`) with Chinese descriptions.
A bad client or redirect URI is never redirected to (an open redirect otherwise): it gets an error page."""

from __future__ import annotations

import base64
import hmac
from datetime import timedelta
from html import escape
from urllib.parse import unquote_plus, urlencode, urlsplit, urlunsplit

from flask import request, session

from linkservice.host import db as new_session
from linkservice.host import host
from linkservice.statuses import LinkError
from store import link as tokens
from store import link_oauth as store

OOB = "urn:ietf:wg:oauth:2.0:oob"
KNOWN_SCOPES = ("read", "write", "follow", "push")
MAX_NAME, MAX_URI = 200, 500

MSG_NAME = "应用名称不能为空"
MSG_REDIRECT = "回调地址无效"
MSG_SCOPE = "授权范围无效"
MSG_CLIENT = "客户端无效"
MSG_GRANT = "授权码无效或已过期"
MSG_GRANT_TYPE = "不支持的授权方式"
MSG_RESPONSE_TYPE = "不支持的响应类型"
MSG_DENIED = "用户拒绝了授权"
MSG_EXPIRED = "页面已失效，请重新授权"


class OAuthError(LinkError):
    """An OAuth error answered as JSON: `error` (the OAuth code) and `error_description`."""

    def __init__(self, status: int, code: str, description: str):
        super().__init__(status, description)
        self.code = code


def _form() -> dict:
    if request.is_json:
        body = request.get_json(silent=True)
        return body if isinstance(body, dict) else {}
    return request.form.to_dict()


def _text(form: dict, name: str) -> str:
    value = form.get(name)
    return value.strip() if isinstance(value, str) else ""


def _valid_uri(uri: str) -> bool:
    if uri == OOB:
        return True
    parts = urlsplit(uri)
    return len(uri) <= MAX_URI and parts.scheme in ("http", "https") and bool(parts.netloc) and not parts.fragment


def _scopes(value: str) -> str | None:
    """Space-separated scopes, each known (`read`, `write`, …, or a sub-scope such as `read:statuses`)."""
    names = value.split() or ["read"]
    for name in names:
        top, _, sub = name.partition(":")
        if top not in KNOWN_SCOPES or (sub and not sub.replace("_", "").isalpha()):
            return None
    return " ".join(dict.fromkeys(names))


def register_app() -> dict:
    form = _form()
    name = _text(form, "client_name")
    if not name or len(name) > MAX_NAME:
        raise OAuthError(422, "invalid_client_metadata", MSG_NAME)
    raw = form.get("redirect_uris")
    uris = raw if isinstance(raw, list) else (raw.split() if isinstance(raw, str) else [])
    if not uris or len(uris) > 10 or not all(isinstance(u, str) and _valid_uri(u) for u in uris):
        raise OAuthError(422, "invalid_redirect_uri", MSG_REDIRECT)
    scopes = _scopes(_text(form, "scopes"))
    if scopes is None:
        raise OAuthError(422, "invalid_scope", MSG_SCOPE)
    website = _text(form, "website")[:MAX_URI] or None
    with new_session() as db:
        app, secret = store.register_app(db, name, uris, scopes, website)
        db.commit()
        return {
            "id": app.client_id,
            "name": app.name,
            "website": app.website,
            "redirect_uri": "\n".join(uris),
            "redirect_uris": uris,
            "scopes": scopes.split(),
            "client_id": app.client_id,
            "client_secret": secret,
            "vapid_key": "",
        }


def _grant_request(args: dict) -> tuple[object, str, str, str]:
    """(app, redirect URI, scopes, state) of an authorize request, or an OAuthError (never redirected)."""
    with new_session() as db:
        app = store.find_app(db, _text(args, "client_id"))
        if app is not None:
            db.expunge(app)
    if app is None:
        raise OAuthError(400, "invalid_client", MSG_CLIENT)
    redirect_uri = _text(args, "redirect_uri") or app.redirect_uris.split("\n")[0]
    if redirect_uri not in app.redirect_uris.split("\n"):
        raise OAuthError(400, "invalid_redirect_uri", MSG_REDIRECT)
    if _text(args, "response_type") != "code":
        raise OAuthError(400, "unsupported_response_type", MSG_RESPONSE_TYPE)
    scopes = _scopes(_text(args, "scope").replace("+", " "))
    if scopes is None or not set(scopes.split()) <= set(app.scopes.split()):
        raise OAuthError(400, "invalid_scope", MSG_SCOPE)
    return app, redirect_uri, scopes, _text(args, "state")[:500]


def consent_page() -> tuple[str, str] | str:
    """GET /oauth/authorize: the page and the origin its form may lead to (the client's redirect URI:
    browsers apply the page's CSP form-action to the redirect after the POST), or (signed out) the
    sign-in URL to send the browser to first."""
    app, redirect_uri, scopes, state = _grant_request(request.args.to_dict())
    user = host().signed_in_user()
    if user is None:
        return host().sign_in_url(request.full_path)
    fields = {
        "response_type": "code",
        "client_id": app.client_id,
        "redirect_uri": redirect_uri,
        "scope": scopes,
        "state": state,
        "csrf_token": session.get("csrf_token", ""),
    }
    hidden = "".join(f'<input type="hidden" name="{k}" value="{escape(v)}">' for k, v in fields.items())
    page = (
        '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1"><title>授权社区动态</title></head>'
        "<body>"
        f"<h1>授权 {escape(app.name)}</h1>"
        f"<p>{escape(user.name)}，{escape(app.name)} 请求以你的身份使用社区动态（{escape(scopes)}）。</p>"
        f'<form method="post">{hidden}'
        '<button type="submit" name="decision" value="approve">授权</button> '
        '<button type="submit" name="decision" value="deny">拒绝</button></form></body></html>'
    )
    parts = urlsplit(redirect_uri)
    return page, f"{parts.scheme}://{parts.netloc}" if parts.netloc else ""


def decide() -> str:
    """POST /oauth/authorize: the consent form's answer; the URL to send the browser back to."""
    form = request.form.to_dict()
    expected = session.get("csrf_token")
    sent = form.get("csrf_token", "")
    user = host().signed_in_user()
    if user is None or not isinstance(expected, str) or not hmac.compare_digest(expected.encode(), sent.encode()):
        raise OAuthError(403, "invalid_request", MSG_EXPIRED)
    app, redirect_uri, scopes, state = _grant_request(form)
    if form.get("decision") != "approve":
        return _back_to(redirect_uri, error="access_denied", error_description=MSG_DENIED, state=state)
    with new_session() as db:
        code = store.issue_code(db, store.find_app(db, app.client_id), user.id, redirect_uri, scopes)
        db.commit()
    return _back_to(redirect_uri, code=code, state=state)


def _back_to(redirect_uri: str, **answer: str) -> str:
    """The client's redirect URI with the answer added to its query (an empty `state` is left out)."""
    parts = urlsplit(redirect_uri)
    added = urlencode({name: value for name, value in answer.items() if value})
    return urlunsplit(parts._replace(query=f"{parts.query}&{added}" if parts.query else added))


def _client_credentials(form: dict) -> tuple[str, str]:
    """client_secret_post, or HTTP Basic (client_secret_basic), as Mastodon accepts both."""
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("basic "):
        try:
            client_id, _, secret = base64.b64decode(header[6:].strip()).decode().partition(":")
        except (ValueError, UnicodeDecodeError):
            return "", ""
        return unquote_plus(client_id), unquote_plus(secret)
    return _text(form, "client_id"), _text(form, "client_secret")


def token() -> dict:
    form = _form()
    if _text(form, "grant_type") != "authorization_code":
        raise OAuthError(400, "unsupported_grant_type", MSG_GRANT_TYPE)
    client_id, secret = _client_credentials(form)
    with new_session() as db:
        app = store.find_app(db, client_id)
        if app is None or not store.secret_matches(app, secret):
            raise OAuthError(401, "invalid_client", MSG_CLIENT)
        grant = store.redeem_code(db, _text(form, "code"), client_id, _text(form, "redirect_uri"))
        if grant is None:
            raise OAuthError(400, "invalid_grant", MSG_GRANT)
        lifetime = timedelta(days=host().token_days())
        access = tokens.issue_token(db, grant.user_id, lifetime, scopes=grant.scopes, client_id=client_id)
        scopes, created = grant.scopes, int(grant.expires_at.timestamp()) - int(store.CODE_LIFETIME.total_seconds())
        db.commit()
    return {
        "access_token": access,
        "token_type": "Bearer",
        "scope": scopes,
        "created_at": created,
        "expires_in": int(lifetime.total_seconds()),
    }


def revoke() -> dict:
    """POST /oauth/revoke (RFC 7009): `token`, and the client's credentials when a client revokes its own.
    Unknown or already revoked tokens answer the same empty success; wrong credentials 401."""
    form = _form()
    client_id, secret = _client_credentials(form)
    with new_session() as db:
        if client_id:
            app = store.find_app(db, client_id)
            if app is None or not store.secret_matches(app, secret):
                raise OAuthError(401, "invalid_client", MSG_CLIENT)
        tokens.revoke(db, _text(form, "token"), client_id or None)
        db.commit()
    return {}


__all__ = ["OAuthError", "consent_page", "decide", "register_app", "revoke", "token"]
