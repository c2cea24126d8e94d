"""The OAuth records of the link feed (Mastodon's authorization-code subset):

- as a provider (the built-in link service): registered client apps and one-use authorization codes;
- as a client (the hub at a remote server): the hub's registration there, one per base URL.

Secrets the hub issues are kept as SHA-256 only; the secret a remote server gave the hub is kept as
is (it must be sent back at the token exchange)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import UTC, timedelta

from sqlalchemy import delete, update
from sqlalchemy.orm import Session

from store.models import LinkOAuthApp, LinkOAuthCode, LinkRemoteApp, utcnow

CODE_LIFETIME = timedelta(minutes=10)


def _hash(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def register_app(
    session: Session, name: str, redirect_uris: list[str], scopes: str, website: str | None
) -> tuple[LinkOAuthApp, str]:
    """A new client app and its secret (shown once). The caller commits."""
    secret = secrets.token_urlsafe(32)
    app = LinkOAuthApp(
        client_id=secrets.token_urlsafe(24),
        secret_hash=_hash(secret),
        name=name,
        website=website,
        redirect_uris="\n".join(redirect_uris),
        scopes=scopes,
        created_at=utcnow(),
    )
    session.add(app)
    return app, secret


def find_app(session: Session, client_id: str) -> LinkOAuthApp | None:
    return session.get(LinkOAuthApp, client_id) if client_id else None


def secret_matches(app: LinkOAuthApp, secret: str) -> bool:
    return hmac.compare_digest(app.secret_hash, _hash(secret or ""))


def issue_code(session: Session, app: LinkOAuthApp, user_id: int, redirect_uri: str, scopes: str) -> str:
    # Codes long past their lifetime can never be redeemed: each new code sweeps them away, so the
    # table stays as small as the codes of the last day.
    session.execute(delete(LinkOAuthCode).where(LinkOAuthCode.expires_at < utcnow() - timedelta(days=1)))
    code = secrets.token_urlsafe(32)
    session.add(
        LinkOAuthCode(
            code_hash=_hash(code),
            client_id=app.client_id,
            user_id=user_id,
            redirect_uri=redirect_uri,
            scopes=scopes,
            expires_at=utcnow() + CODE_LIFETIME,
        )
    )
    return code


def redeem_code(session: Session, code: str, client_id: str, redirect_uri: str) -> LinkOAuthCode | None:
    """The code's grant when it is unused, unexpired and was issued to this client for this redirect
    URI; marked used in the same statement (a code replayed concurrently is redeemed once). The caller commits."""
    row = session.get(LinkOAuthCode, _hash(code or ""))
    if row is None or row.client_id != client_id or row.redirect_uri != redirect_uri:
        return None
    expires = row.expires_at if row.expires_at.tzinfo else row.expires_at.replace(tzinfo=UTC)
    if expires < utcnow():
        return None
    claimed = session.execute(
        update(LinkOAuthCode)
        .where(LinkOAuthCode.code_hash == row.code_hash, LinkOAuthCode.used_at.is_(None))
        .values(used_at=utcnow())
    )
    return row if claimed.rowcount == 1 else None


def remote_app(session: Session, base_url: str) -> LinkRemoteApp | None:
    return session.get(LinkRemoteApp, base_url)


def save_remote_app(
    session: Session, base_url: str, redirect_uri: str, client_id: str, client_secret: str
) -> LinkRemoteApp:
    """Keep (or replace, when the hub's callback address changed) the hub's registration. The caller commits."""
    row = session.get(LinkRemoteApp, base_url)
    if row is None:
        row = LinkRemoteApp(base_url=base_url, created_at=utcnow())
        session.add(row)
    row.redirect_uri, row.client_id, row.client_secret = redirect_uri, client_id, client_secret
    return row


__all__ = ["find_app", "issue_code", "redeem_code", "register_app", "remote_app", "save_remote_app", "secret_matches"]
