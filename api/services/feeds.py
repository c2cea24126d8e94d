"""The filtered feeds, unified search and the per-kind counts."""

from __future__ import annotations

import time

from flask import Response

import kinds
from api.alternatives_search import alternatives_body
from api.context import reader
from api.envelope import envelope_of
from api.read_cache import cached_answer
from api.relaxed_search import (
    RELAX_BELOW,
    counted_with_alike,
    found_for_relaxing,
    relaxed_for,
    searched_page,
    searched_tab,
)
from api.schemas.items import FeedPageSchema
from api.schemas.search import SearchPageSchema
from api.search_log import log_search_after_answer
from api.services.corrections import did_you_mean
from api.user_flags import apply_item_flags
from indexer.queries.feed import build_feed
from indexer.queries.operators import resolve as resolve_operators
from indexer.queries.relax import widened_body
from indexer.queries.search import build_counts, build_search, ranked_by_relevance

# The routes' documented envelopes; the answers are encoded without dumping through them
# (api/read_cache.py cached_answer), and tests/api/test_answer_shapes.py checks they would not change them.
FEED_ENVELOPE = envelope_of(FeedPageSchema, name="FeedPageEnvelope")()
SEARCH_ENVELOPE = envelope_of(SearchPageSchema, name="SearchPageEnvelope")()


def _flag_items(data: dict) -> None:
    apply_item_flags(data["list"])


def feed_page(kind_name: str, args: dict) -> Response:
    """A page of feed items (the answer cached as bytes for anonymous callers), with the caller's flags."""
    order = kinds.kind(kind_name).feed.orders[args["sort"]]
    paging = {"tags": args["label"], "time": args["time"], "page": args["page"], "size": args["size"]}

    def read() -> dict:
        return reader().page(build_feed(kind_name, order, **paging), args["page"], args["size"], args["label"])

    answer, _total = cached_answer(args, read, _flag_items)
    return answer


def search_page(args: dict) -> Response:
    """Every first-page search that finds something is counted for the hot words (after the answer
    is sent); one that finds nothing carries a 'did you mean' when a nearby query would find something.
    Operators (author:, tag:, type:, arxiv:, "phrase", -word) become constraints; what cannot be read is
    explained in `query_help` (issue 36), and `took` is the engine's time in seconds."""
    filters = {"tags": args["label"], "time": args["time"], "sort": args["sort"]}

    def read() -> dict:
        ops = resolve_operators(args["q"])
        types = ops.kinds(args["model"])
        concepts = reader().concepts()
        shared = {"concepts": concepts, "extra": ops.clauses(), **filters}
        page, size, labels = args["page"], args["size"], args["label"]
        body = build_search(ops.text, types=types, page=page, size=size, **shared)
        started = time.perf_counter()
        if args["model"] and ops.text:  # a tab: its items of the whole list when that was filled (searched_tab)

            def whole() -> dict:  # built only when the tab finds fewer than a page
                return build_search(ops.text, types=ops.kinds(None), page=1, size=RELAX_BELOW, **shared)

            data = searched_tab(reader().search, whole, body, ops.text, concepts, page, size, labels, set(types or ()))
        else:
            data = searched_page(reader().search, body, ops.text, concepts, page, size, labels)
        took = round(time.perf_counter() - started, 3)
        empty = ops.text and data["total"] == 0 and args["page"] == 1
        return {**data, "did_you_mean": did_you_mean(ops.text) if empty else None, "query_help": ops.help, "took": took}

    answer, total = cached_answer(args, read, _flag_items)
    if args["q"] and args["page"] == 1 and total:
        log_search_after_answer(args["q"])
    return answer


def counts(args: dict) -> Response:
    """The search tabs' counts, sent beside every search: cached as the answer's bytes like the page."""

    def count() -> dict:
        ops = resolve_operators(args["q"])
        concepts = reader().concepts()
        body = build_counts(
            ops.text, tags=args["label"], time=args["time"], sort=args["sort"], concepts=concepts, operators=ops
        )
        alternatives = alternatives_body(reader().search, ops.text, body, concepts)
        result = reader().search(alternatives or body)
        found = found_for_relaxing(ops.text, result)
        widen = result["hits"]["total"]["value"] < RELAX_BELOW
        relaxed = None if alternatives else relaxed_for(reader().search, ops.text, body, found, concepts, widen=widen)
        counted = body if relaxed is None else widened_body(body, relaxed.query)
        if relaxed is not None:
            result = reader().search(counted)  # as the list shows them
        if not alternatives and ranked_by_relevance(ops.text, args["sort"]):

            def ranked() -> dict:  # the list's own body, built only for a query finding fewer than a page
                filters = {"tags": args["label"], "time": args["time"], "sort": args["sort"]}
                return build_search(ops.text, types=ops.kinds(None), concepts=concepts, extra=ops.clauses(), **filters)

            relaxing = relaxed.query if relaxed is not None else None
            result = counted_with_alike(reader().search, ops.text, ranked, relaxing, counted, result)
        buckets = {b["key"]: b["doc_count"] for b in result["aggregations"]["types"]["buckets"]}
        per_kind = {name: buckets.get(name, 0) for name in kinds.SEARCHABLE}
        return {"all": sum(per_kind.values()), **per_kind}

    return cached_answer(args, count)[0]
