"""Anonymous reads cached in Redis (flask-caching).

The key is the alias (and Elasticsearch URL) being read, the alias's cache generation, the method,
the path and the validated arguments (query string or JSON body), so equal requests share one entry.
Signed-in callers skip the cache (their items carry per-user flags). A write makes cached pages
stale within seconds: entries live `cache_timeout` seconds (30 by default) and bumping the
generation (`store.cache_generation.bump`, the worker's after-indexing callback) retires them at once.
A Redis failure never fails the request: the read just goes to Elasticsearch.

The feeds and the search cache their finished answer (`cached_answer`): the JSON bytes of the
envelope, so an anonymous hit costs one Redis read and no schema dump or JSON encoding (these made
the cached story feed CPU-bound at ~330 requests/s, issue 12), and a miss writes the cache after the
answer is sent."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from typing import Any

from flask import Response, current_app, request
from marshmallow import Schema

from api.after_answer import after_answer
from api.context import hub
from api.envelope import ok
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


def _json_answer(body: bytes) -> Response:
    return current_app.response_class(body, mimetype=current_app.json.mimetype)


def cached_answer(
    args: Any,
    compute: Callable[[], dict],
    envelope: Schema,
    finish: Callable[[dict], None] | None = None,
) -> tuple[Response, int | None]:
    """The answer `ok(compute())` dumped by `envelope`, and the page's `total` (None without one).

    `finish(data)` completes the page for the caller (the anonymous or per-user flags) before it is
    dumped. Anonymous answers are cached as (bytes, total) under the same key `read_through` uses;
    the bytes are exactly what Flask's JSON answer would send, so a hit and a miss look the same."""
    key = None
    if current_user_id() is None:
        try:
            key = cache_key(args)
            cached = cache.get(key)
        except Exception as exc:  # Redis down: serve from Elasticsearch, cache nothing
            log.warning("read cache unavailable: %s", exc)
            key, cached = None, None
        if isinstance(cached, tuple) and len(cached) == 2 and isinstance(cached[0], bytes):
            return _json_answer(cached[0]), cached[1]
    data = compute()
    if finish is not None:
        finish(data)
    answer = current_app.json.response(envelope.dump(ok(data)))
    total = data.get("total") if isinstance(data, dict) else None
    if key is not None:
        entry = (answer.get_data(), total)
        backend, ttl = cache.cache, hub().settings.cache_timeout  # the request's context is gone later
        after_answer(lambda: backend.set(key, entry, timeout=ttl))
    return answer, total
