"""A cache generation number per index alias: cached API reads are keyed on it, so bumping it makes
every cached page of that alias stale at once.

Call `bump(redis_url, alias)` after documents changed (the outbox drain does, when it indexed
something); the API reads `current(...)` on each cacheable request. Best effort: with Redis down the
API simply skips its cache."""

from __future__ import annotations

from functools import lru_cache

import redis


@lru_cache(maxsize=8)
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1, decode_responses=True)


def _key(alias: str) -> str:
    return f"hub:cachegen:{alias}"


def current(redis_url: str, alias: str) -> int:
    value = _client(redis_url).get(_key(alias))
    return int(value) if value else 0


def bump(redis_url: str, alias: str) -> int | None:
    """Invalidate every cached read of `alias`; returns the new generation (None if Redis is down)."""
    try:
        return int(_client(redis_url).incr(_key(alias)))
    except redis.RedisError:
        return None
