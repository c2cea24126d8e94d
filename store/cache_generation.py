"""A cache generation number per index alias: cached API reads are keyed on it, so bumping it makes
every cached page of that alias stale at once.

Call `bump(client, alias)` after documents changed (the worker passes it to the outbox drain and
the reindex as their after-indexing callback); the API reads `current(...)` on each cacheable
request. Best effort: with Redis down the API simply skips its cache."""

from __future__ import annotations

import redis


def key_of(alias: str) -> str:
    return f"hub:cachegen:{alias}"


_key = key_of


def current(client: redis.Redis, alias: str) -> int:
    value = client.get(_key(alias))
    return int(value) if value else 0


def bump(client: redis.Redis, alias: str) -> int | None:
    """Invalidate every cached read of `alias`; returns the new generation (None if Redis is down)."""
    try:
        return int(client.incr(_key(alias)))
    except redis.RedisError:
        return None
