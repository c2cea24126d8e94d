"""Anonymous reads cached in Redis (flask-caching).

The key is the alias (and Elasticsearch URL) being read, the alias's cache generation, the method,
the path and the validated arguments (query string or JSON body), so equal requests share one entry.
Signed-in callers skip the cache (their items carry per-user flags). A write makes cached pages
stale within seconds: entries live `cache_timeout` seconds (30 by default) and bumping the
generation (`store.cache_generation.bump`, the worker's after-indexing callback) retires them at once.
A Redis failure never fails the request: the read just goes to Elasticsearch."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from typing import Any

from flask import request

from api.context import hub
from api.extensions import cache
from api.session_user import current_user_id
from store import cache_generation

log = logging.getLogger(__name__)


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()


def cache_key(args: Any, generational: bool = True) -> str:
    context = hub()
    config = context.settings
    generation = cache_generation.current(context.redis, config.index_alias) if generational else "-"
    where = _digest([config.es_url, config.index_alias])[:10]
    return f"read:{where}:{generation}:{request.method}:{request.path}:{_digest(args)}"


def read_through(args: Any, compute: Callable[[], Any], *, timeout: int | None = None, generational: bool = True):
    """`compute()`'s value, from the cache for anonymous callers when present."""
    if current_user_id() is not None:
        return compute()
    try:
        key = cache_key(args, generational)
        cached = cache.get(key)
    except Exception as exc:  # Redis down: serve from Elasticsearch
        log.warning("read cache unavailable: %s", exc)
        return compute()
    if cached is not None:
        return cached
    value = compute()
    try:
        cache.set(key, value, timeout=timeout if timeout is not None else hub().settings.cache_timeout)
    except Exception as exc:
        log.warning("read cache not written: %s", exc)
    return value
