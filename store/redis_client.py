"""One Redis client per URL, with short timeouts: Redis-kept state (hot words, cache generations)
is best effort, so a Redis outage must cost a second, not a hung request."""

from __future__ import annotations

from functools import lru_cache

import redis


@lru_cache(maxsize=8)
def redis_client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1, decode_responses=True)
