"""Sign-in and the session: OpenID Connect (api/auth/oidc.py, routes.py), server-side sessions in
Redis (sessions.py), CSRF on cookie-authenticated writes (csrf.py), and the start-up refusal of an
unsafe secret key outside development and tests."""

from __future__ import annotations

from flask import Flask

from api.auth import csrf, oidc, routes
from api.auth.sessions import RedisSessionInterface
from api.context import EXTENSION
from config import DEFAULT_SECRET_KEY, ENVIRONMENTS, Settings

MIN_SECRET_LENGTH = 32


class UnsafeSettings(RuntimeError):
    """The app refuses to start with these settings."""


def refuse_unsafe(settings: Settings) -> None:
    if settings.environment not in ENVIRONMENTS:
        raise UnsafeSettings(f"HUB_ENV must be one of {', '.join(ENVIRONMENTS)}, not {settings.environment!r}")
    if settings.is_local:
        return
    key = settings.secret_key or ""
    if key == DEFAULT_SECRET_KEY or len(key) < MIN_SECRET_LENGTH:
        raise UnsafeSettings(
            f"HUB_SECRET_KEY is unset, the public default or shorter than {MIN_SECRET_LENGTH} characters: "
            f"refusing to start with HUB_ENV={settings.environment} (set a long random HUB_SECRET_KEY, "
            "or HUB_ENV=development on a developer's machine)"
        )


def init_auth(app: Flask, settings: Settings) -> None:
    """Sessions, CSRF and the sign-in routes (after the app's HubContext is built)."""
    context = app.extensions[EXTENSION]
    secure = not settings.is_local
    app.session_interface = RedisSessionInterface(lambda: context.redis, settings.session_ttl, secure)
    app.before_request(csrf.check_csrf)
    app.after_request(csrf.csrf_cookie(secure, settings.session_ttl))
    oidc.register(app, settings)
    app.register_blueprint(routes.blp)


__all__ = ["UnsafeSettings", "init_auth", "refuse_unsafe"]
