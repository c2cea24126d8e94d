"""Rate limits (Flask-Limiter, counters on Redis): every write per signed-in user (else per address),
discussion writes also by a tighter limit of their own,
search and suggestions per address, tracking beacons by line per viewer (account, else network) and per address. A breach answers 429 in the envelope (`操作太频繁，请稍后再试`,
through the app's error handlers). If Redis is unreachable the limits are skipped: writes never
depend on Redis.

Each app gets its own `Limiter` (kept in `app.extensions`), with a key prefix naming its index alias,
so two apps in one process (tests) never share counters."""

from __future__ import annotations

import math
import time

from flask import Flask, Response, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from api.envelope import MSG_TOO_MANY
from api.session_user import current_user_id
from config import Settings

EXTENSION = "hub_limiter"


def address_key() -> str:
    return f"addr:{get_remote_address()}"


def user_or_address_key() -> str:
    user_id = current_user_id()
    return f"user:{user_id}" if user_id is not None else address_key()


def viewer_key() -> str:
    """A beacon's sender as the server knows it: the account, else the network (a claimed visitor id is
    free to invent, so it never names a counter of its own)."""
    from api.services.attention import viewer_key as key

    return key()


def beacon_lines() -> int:
    """What a beacon request costs the limits: one per line (a GET is one line)."""
    from api.services.attention import batch_lines

    if request.method != "POST":
        return 1
    return max(1, len(batch_lines(request.get_data(as_text=True))))


def init_limits(
    app: Flask,
    settings: Settings,
    write_blueprints=(),
    search_blueprints=(),
    suggest_blueprints=(),
    beacon_blueprints=(),
    sharing_blueprints=(),
    sign_in_blueprints=(),
    reply_blueprints=(),
):
    """Build the app's limiter and put the configured limits on the given blueprints (by name, so the
    same blueprint objects can serve several apps with different limits)."""
    limiter = Limiter(
        key_func=address_key,
        app=app,
        storage_uri=settings.rate_limit_storage_url or settings.redis_url,
        storage_options={"socket_connect_timeout": 1, "socket_timeout": 1},
        strategy="moving-window",
        key_prefix=f"hub:limits:{settings.index_alias}",
        swallow_errors=True,
        # X-RateLimit-* on every limited answer cost a Redis round trip before each search answer
        # (issue 12); only a refusal says when to come back (`_retry_after`).
        headers_enabled=False,
        enabled=settings.rate_limits_enabled,
    )
    groups = (
        ("writes", settings.rate_limit_writes, user_or_address_key, write_blueprints),
        ("replies", settings.rate_limit_replies, user_or_address_key, reply_blueprints),
        ("search", settings.rate_limit_search, address_key, search_blueprints),
        ("suggest", settings.rate_limit_suggest, address_key, suggest_blueprints),
        ("beacons", settings.rate_limit_beacons, viewer_key, beacon_blueprints),
        ("beacons-address", settings.rate_limit_beacons_address, address_key, beacon_blueprints),
        ("sharing", settings.rate_limit_sharing, address_key, sharing_blueprints),
        ("sign-in", settings.rate_limit_sign_in, address_key, sign_in_blueprints),
    )
    for scope, limit, key_func, blueprints in groups:
        # One shared counter per scope: 30 writes a minute in all, whichever write it is. Beacons count lines.
        cost = beacon_lines if scope.startswith("beacons") else 1
        shared = limiter.shared_limit(limit, scope=scope, key_func=key_func, error_message=MSG_TOO_MANY, cost=cost)
        for blueprint in blueprints:
            shared(blueprint)
    _check_only_limited_blueprints(app, limiter, [bp for *_, blueprints in groups for bp in blueprints])
    app.extensions[EXTENSION] = limiter
    app.after_request(_retry_after(limiter))
    return limiter


def _check_only_limited_blueprints(app: Flask, limiter: Limiter, limited: list) -> None:
    """Every limit sits on a blueprint, so the limiter's check runs before the requests of those
    blueprints only (Flask runs a blueprint's before-request functions for its requests), not before
    every request of the app. Flask-Limiter registers it for the whole app, where it set up its
    context and found no limit for every feed, page and asset: 7% of a cached story feed's CPU
    in-process, after an exemption filter had already cut it short (issue 12)."""
    if not limiter.enabled:
        return  # limits off (HUB_RATE_LIMITS=0): Flask-Limiter registered nothing
    check = limiter._check_request_limit
    app_wide = app.before_request_funcs.get(None, [])
    if check not in app_wide:
        raise RuntimeError("Flask-Limiter no longer registers its check before every request: see api/limits.py")
    app_wide.remove(check)
    names = {name for name, registered in app.blueprints.items() if any(registered is bp for bp in limited)}
    for name in sorted(names):
        app.before_request_funcs.setdefault(name, []).insert(0, check)


def _retry_after(limiter: Limiter):
    def after(response: Response) -> Response:
        breached = limiter.current_limit if response.status_code == 429 else None
        if breached is not None and "Retry-After" not in response.headers:
            try:
                response.headers["Retry-After"] = str(max(1, math.ceil(breached.reset_at - time.time())))
            except Exception:  # Redis gone since the check: a plain minute
                response.headers["Retry-After"] = "60"
        return response

    return after


__all__ = ["address_key", "beacon_lines", "init_limits", "user_or_address_key", "viewer_key"]
