"""Sign-in identities: who an account at the provider (issuer + subject) is on the hub.

First sign-in: bound to the user with the same e-mail when the provider says it is verified, else to a
new user. Later sign-ins find the binding. New users go through the outbox like every indexed row."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from store.models import User, UserIdentity, utcnow
from store.writes import enqueue

NAME_LIMIT = 30


@dataclass(frozen=True)
class ProviderAccount:
    """What the provider's ID token says about the account."""

    issuer: str
    subject: str
    provider: str
    email: str | None
    email_verified: bool
    name: str | None


def creates_user(session: Session, account: ProviderAccount) -> bool:
    """Whether `bind` would create a new hub user: an identity never seen, with no verified e-mail of a user."""
    known = session.scalars(select(UserIdentity.id).filter_by(issuer=account.issuer, subject=account.subject)).first()
    if known is not None:
        return False
    return not (account.email and account.email_verified and _user_with_email(session, account.email))


def bind(session: Session, account: ProviderAccount) -> int:
    """The hub user id of `account`, binding (and if need be creating) it on first sign-in."""
    identity = session.scalars(
        select(UserIdentity).filter_by(issuer=account.issuer, subject=account.subject)
    ).one_or_none()
    if identity is not None:
        identity.last_login_at = utcnow()
        if account.email and account.email_verified:
            identity.email = account.email
        session.flush()
        return identity.user_id
    user = _user_with_email(session, account.email) if account.email and account.email_verified else None
    if user is None:
        user = User(
            name=(account.name or (account.email or "").split("@")[0] or "新用户")[:NAME_LIMIT],
            email=account.email if account.email_verified else None,
            score=0,
            activity_sheet=[],
            role="user",
            version=1,
            updated_at=utcnow(),
        )
        session.add(user)
        session.flush()
        enqueue(session, User.outbox_type, user.id)
    session.add(
        UserIdentity(
            issuer=account.issuer,
            subject=account.subject,
            user_id=user.id,
            provider=account.provider,
            email=account.email,
        )
    )
    session.flush()
    return user.id


def _user_with_email(session: Session, email: str) -> User | None:
    matches = session.scalars(select(User).where(func.lower(User.email) == email.strip().lower()).order_by(User.id))
    return matches.first()


def identities_of(session: Session, user_id: int) -> list[UserIdentity]:
    return list(session.scalars(select(UserIdentity).filter_by(user_id=user_id).order_by(UserIdentity.created_at)))


__all__ = ["ProviderAccount", "bind", "identities_of"]
