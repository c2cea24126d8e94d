"""Anonymous reads cached in Redis: shaped data through flask-caching (`read_through`), finished answers as
bytes in plain Redis (`cached_answer`, below).

The key is the alias (and Elasticsearch URL) being read, the alias's cache generation, the method,
the path and the validated arguments (query string or JSON body), so equal requests share one entry.
Signed-in callers skip the cache (their items carry per-user flags). A write makes cached pages
stale within seconds: entries live `cache_timeout` seconds (30 by default) and bumping the
generation (`store.cache_generation.bump`, the worker's after-indexing callback) retires them at once.
A Redis failure never fails the request: the read just goes to Elasticsearch.

The feeds, the search, its tabs' counts and the title suggestions cache their finished answer
instead (`cached_answer`, plain Redis, not flask-caching): the JSON bytes of the envelope, so an
anonymous hit costs one Redis round trip and no schema dump or JSON encoding (with two round trips,
the dump and the encoding, the cached story feed was CPU-bound at ~330 requests/s, issue 12), and a
miss writes the cache after the answer is sent. An answer a browser was sent in brotli is kept in
brotli, and a hit goes out as kept: compressing a 25 KB page for every hit made a browser's cached
search cost half as much again as a plain one (issue 12)."""

from __future__ import annotations

import functools
import hashlib
import json
import logging
from collections.abc import Callable
from typing import Any

import brotli
import redis
from flask import Response, current_app, request

from api.after_answer import after_sending
from api.compression import MIN_SIZE, accepts
from api.context import hub
from api.envelope import ok
from api.extensions import cache
from api.session_user import current_user_id
from store import cache_generation

log = logging.getLogger(__name__)


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()


@functools.lru_cache(maxsize=16)
def _index_tag(es_url: str, alias: str) -> str:
    """Which index a cached read is of (an app reads one; tests run several apps in one process)."""
    return _digest([es_url, alias])[:10]


def cache_key(args: Any, generational: bool = True) -> str:
    context = hub()
    config = context.settings
    generation = cache_generation.current(context.redis, config.index_alias) if generational else "-"
    where = _index_tag(config.es_url, config.index_alias)
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


# One round trip for a cached answer: the alias's generation and the entry under it (the entry's key
# names the generation, so a bump retires every entry at once, as for `read_through`).
_READ_ANSWER = """
local generation = redis.call('GET', KEYS[1]) or '0'
return {generation, redis.call('GET', ARGV[1] .. generation .. ARGV[2])}
"""
# v2: entries with their encoding (`_pack`). A prefix of its own, so processes of the last release still
# running beside this one during a deploy (or after a rollback) never read an entry they cannot parse.
ANSWER_PREFIX = "hub:answer:v2:"


def _answer_key_parts(args: Any) -> tuple[str, str]:
    context = hub()
    config = context.settings
    where = _index_tag(config.es_url, config.index_alias)
    # The glossary's version too: an answer built with the old synonyms is never served once this host
    # reads the new ones (an edit on another host reaches this one within seconds, store/word_lists.py).
    stamp, _text = context.glossary_source()
    glossary = _digest(stamp)[:8]
    return f"{ANSWER_PREFIX}{where}:", f":{glossary}:{request.method}:{request.path}:{_digest(args)}"


BROTLI = "br"


def _pack(body: bytes, total: int | None, encoding: str = "") -> bytes:
    """An entry: a head line `<total>;<encoding>` (either may be empty), then the answer's bytes."""
    return f"{'' if total is None else total};{encoding}\n".encode() + body


def _unpack(entry: bytes) -> tuple[bytes, int | None, str]:
    head, body = entry.split(b"\n", 1)
    total, _, encoding = head.decode().partition(";")
    return body, int(total) if total else None, encoding


def _sent_brotli(sent: Response) -> bool:
    return sent.headers.get("Content-Encoding") == BROTLI


def _cached_response(body: bytes, encoding: str) -> Response:
    """A stored answer as this client takes it. Brotli goes out as stored, the way the UI's precompressed
    files do (api/static_files.py); a client without brotli gets the JSON (compressed by gzip for it,
    if it asks, by the app's compression like any answer)."""
    if encoding != BROTLI:
        return _json_answer(body)
    if accepts(request, BROTLI):
        response = _json_answer(body)
        response.headers["Content-Encoding"] = BROTLI
        response.vary.add("Accept-Encoding")
        return response
    return _json_answer(brotli.decompress(body))


def _keep_brotli_once_sent(store: redis.Redis, key: str, body: bytes, total: int | None) -> None:
    """A plain entry a browser has just been sent compressed: kept in brotli from now on, so the next
    browser's hit is not compressed again. Only while the entry lives (XX), for the rest of its time
    (KEEPTTL): an entry that expired meanwhile must not come back without one."""
    if len(body) < MIN_SIZE or not accepts(request, BROTLI):
        return

    def keep(sent: Response) -> None:
        if _sent_brotli(sent):
            store.set(key, _pack(sent.get_data(), total, BROTLI), xx=True, keepttl=True)

    after_sending(keep)


def _kept(body: bytes, total: int | None, sent: Response) -> bytes:
    """The cache entry for an answer once it is sent: the bytes that went out when the client took
    brotli (the app's compression made them already), else the JSON as it is. Nothing is compressed for
    the cache alone: a plain entry turns brotli when a browser is first sent it (`_keep_brotli_once_sent`)."""
    return _pack(sent.get_data(), total, BROTLI) if _sent_brotli(sent) else _pack(body, total)


def cached_answer(
    args: Any,
    compute: Callable[[], dict | list],
    finish: Callable[[dict], None] | None = None,
) -> tuple[Response, int | None]:
    """The JSON answer `ok(compute())`, and the page's `total` (None without one).

    `finish(data)` completes the page for the caller (the anonymous or per-user flags). The page is
    encoded as built, without a marshmallow dump: the kinds (kinds/) shape it exactly as the route's
    documented schema says, which tests/api/test_answer_shapes.py checks for every feed and search
    (the dump of 20 nested items cost more than the rest of the API's share of a search). Anonymous answers are cached as the exact bytes Flask's JSON answer sends (with the total)
    under `hub:answer:...:<generation>:...` (in brotli once a browser was sent them, `_cached_response`):
    a hit is one Redis round trip (generation and entry in one script) and no schema dump, JSON
    encoding or compression; a miss writes the entry after the answer."""
    key = None
    if current_user_id() is None:
        context = hub()
        head, tail = _answer_key_parts(args)
        try:
            generation, entry = context.answers.eval(
                _READ_ANSWER, 1, cache_generation.key_of(context.settings.index_alias), head, tail
            )
            key = head + generation.decode() + tail
        except Exception as exc:  # Redis down: serve from Elasticsearch, cache nothing
            log.warning("read cache unavailable: %s", exc)
            entry = None
        if entry:
            body, total, encoding = _unpack(entry)
            if not encoding:
                _keep_brotli_once_sent(context.answers, key, body, total)
            return _cached_response(body, encoding), total
    data = compute()
    if finish is not None:
        finish(data)
    answer = current_app.json.response(ok(data))
    total = data.get("total") if isinstance(data, dict) else None
    if key is not None:
        # Everything the deferred write needs is read now: the request's context is gone by then.
        body, store, ttl = answer.get_data(), hub().answers, hub().settings.cache_timeout
        after_sending(lambda sent: store.set(key, _kept(body, total, sent), ex=ttl))
    return answer, total
