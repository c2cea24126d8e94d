"""The API's read layer over the index alias: search, count, get, mget and a shaped page.

Routes and services call this instead of the Elasticsearch client, so the alias, the source
filtering and the 404 rule live in one place. Every call goes through a circuit breaker (pybreaker):
after a few engine failures in a row (timeouts, refused connections, 5xx) reads fail at once with
`CircuitBreakerError` (answered 503) instead of each waiting for the timeout, and after a pause one
request probes the engine again."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import pybreaker
from elasticsearch import ConnectionError as EsConnectionError
from elasticsearch import ConnectionTimeout, Elasticsearch, NotFoundError, TransportError

from api.feed_items import page_of
from indexer.concept_shares import broad_concepts
from indexer.lifecycle import indexed_concepts
from indexer.queries.concepts import IndexedConcepts

# How long the glossary concept ids the index carries are trusted before asked again: a rebuild or a
# glossary edit reaches the searches within this. A stale set is still right: it only names groups
# every document carries (indexer.lifecycle.indexed_concepts).
CONCEPTS_TTL = 30.0
# How long which concepts are broad (indexer/concept_shares.py) is trusted: shares of the whole corpus move slowly.
BROAD_TTL = 600.0
# The counts' own timeout: a few hundred counts answered from the index's statistics.
BROAD_TIMEOUT = 2.0
# After the mapping read timed out: the last set is kept, and asked for again this much sooner than the TTL.
CONCEPTS_RETRY = 5.0

log = logging.getLogger(__name__)


def engine_failure(exc: BaseException) -> bool:
    """An outage the breaker counts: not a 404 or a bad query, which are the caller's business."""
    if isinstance(exc, (ConnectionTimeout, EsConnectionError)):
        return True
    return isinstance(exc, TransportError) and isinstance(exc.status_code, int) and exc.status_code >= 500


def make_breaker(fail_max: int, reset_seconds: float) -> pybreaker.CircuitBreaker:
    return pybreaker.CircuitBreaker(
        fail_max=fail_max, reset_timeout=reset_seconds, exclude=[lambda exc: not engine_failure(exc)]
    )


class IndexReader:
    def __init__(self, es: Elasticsearch, alias: str, breaker: pybreaker.CircuitBreaker | None = None):
        self.es = es
        self.alias = alias
        self.breaker = breaker or make_breaker(3, 10)
        self._concepts: tuple[float, frozenset[str]] = (float("-inf"), frozenset())
        self._broad: tuple[float, frozenset[str]] = (float("-inf"), frozenset())

    def _call(self, fn: Callable[..., Any], **kwargs) -> Any:
        return self.breaker.call(fn, **kwargs)

    def search(self, body: dict, timeout: float | None = None) -> dict:
        extra = {"request_timeout": timeout} if timeout is not None else {}
        return self._call(self.es.search, index=self.alias, body=body, **extra)

    def msearch(self, bodies: list[dict], timeout: float | None = None) -> list[dict]:
        """The answers of several searches sent as one request, in order; a failed one raises as a search would."""
        extra = {"request_timeout": timeout} if timeout is not None else {}
        lines = [line for body in bodies for line in ({}, body)]
        answers = self._call(self.es.msearch, index=self.alias, body=lines, **extra)["responses"]
        for answer in answers:
            if "error" in answer:
                raise TransportError(answer.get("status", 500), answer["error"].get("type", "error"), answer["error"])
        return answers

    def concepts(self) -> IndexedConcepts:
        """The glossary concept ids every document behind the alias carries (for text_query), asked of
        the engine at most every CONCEPTS_TTL seconds; none while the alias has no index (the search
        then looks for every glossary term itself, which finds the same documents). A mapping read that
        times out (the engine's master busy with other indices' changes) keeps the last set, so it fails no
        search: the search itself asks the engine next, and tells whether it is away. With them, which are broad
        (`_broad_among`)."""
        known, answered = self._indexed()
        # an engine that did not answer the mapping read is not asked to count as well
        return IndexedConcepts(known, self._broad_among(known) if answered else self._broad[1])

    def _broad_among(self, known: frozenset[str]) -> frozenset[str]:
        """The broad ones among `known` (indexer/concept_shares.py), counted at most every BROAD_TTL seconds (every
        CONCEPTS_TTL while the index holds too few documents to tell); a count that fails keeps the last answer, and
        is asked again CONCEPTS_RETRY seconds later."""
        asked_at, broad = self._broad
        now = time.monotonic()
        if now - asked_at < BROAD_TTL or not known:
            return broad
        try:
            counted = self._call(broad_concepts, es=self.es, alias=self.alias, ids=known, request_timeout=BROAD_TIMEOUT)
            if counted is None:
                now -= BROAD_TTL - CONCEPTS_TTL
            broad = counted or frozenset()
        except NotFoundError:
            broad = frozenset()
        except (ConnectionTimeout, TransportError, pybreaker.CircuitBreakerError) as exc:
            log.warning("broad concepts of %r not counted (%s): the last %d kept", self.alias, exc, len(broad))
            now -= BROAD_TTL - CONCEPTS_RETRY
        self._broad = (now, broad)
        return broad

    def _indexed(self) -> tuple[frozenset[str], bool]:
        """The concept ids, and whether the engine answered (or was not asked)."""
        asked_at, known = self._concepts
        now = time.monotonic()
        if now - asked_at < CONCEPTS_TTL:
            return known, True
        answered = True
        try:
            known = self._call(indexed_concepts, es=self.es, alias=self.alias)
        except NotFoundError:
            known = frozenset()
        except ConnectionTimeout as exc:
            log.warning("glossary concepts of %r not read (%s): the last %d kept", self.alias, exc, len(known))
            now -= CONCEPTS_TTL - CONCEPTS_RETRY
            answered = False
        self._concepts = (now, known)
        return known, answered

    def hits(self, body: dict, timeout: float | None = None) -> list[dict]:
        return self.search(body, timeout)["hits"]["hits"]

    def count(self, query: dict) -> int:
        return self._call(self.es.count, index=self.alias, body={"query": query})["count"]

    def get(self, doc_id: str, source: list[str], timeout: float | None = None) -> dict | None:
        """The document's `_source` (only the `source` fields), or None when there is no such document.
        `timeout`: seconds this read may wait (default: the client's read timeout)."""
        extra = {"request_timeout": timeout} if timeout is not None else {}
        try:
            return self._call(self.es.get, index=self.alias, id=doc_id, _source=source, **extra)["_source"]
        except NotFoundError:
            return None

    def mget(self, doc_ids: list[str], source: list[str]) -> list[dict | None]:
        """The documents' `_source` in the order asked; None where a document is missing."""
        if not doc_ids:
            return []
        docs = self._call(self.es.mget, index=self.alias, body={"ids": doc_ids}, _source=source)["docs"]
        return [doc["_source"] if doc.get("found") else None for doc in docs]

    def page(self, body: dict, page: int, size: int, labels: list[str] | None = None, query: str | None = None) -> dict:
        """{list, total, page, size, hasNextPage} of feed items for one search body (`query`: a search's
        text, whose named tags come first)."""
        return page_of(self.search(body), page, size, labels, query)
