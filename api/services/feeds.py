"""The filtered feeds, unified search and the per-kind counts."""

from __future__ import annotations

import time

from flask import Response

import kinds
from api.context import reader
from api.envelope import envelope_of
from api.feed_items import page_of
from api.read_cache import cached_answer
from api.schemas.items import FeedPageSchema
from api.schemas.search import SearchPageSchema
from api.search_log import log_search_after_answer
from api.services.corrections import did_you_mean
from api.user_flags import apply_item_flags
from indexer.queries.feed import build_feed
from indexer.queries.operators import resolve as resolve_operators
from indexer.queries.relax import (
    is_a_pair,
    names_an_item,
    names_body,
    relaxed_query,
    relaxed_search_body,
    widened_counts_body,
)
from indexer.queries.search import build_counts, build_search

# The routes' documented envelopes; the answers are encoded without dumping through them
# (api/read_cache.py cached_answer), and tests/api/test_answer_shapes.py checks they would not change them.
FEED_ENVELOPE = envelope_of(FeedPageSchema, name="FeedPageEnvelope")()
SEARCH_ENVELOPE = envelope_of(SearchPageSchema, name="SearchPageEnvelope")()
# A strict search finding fewer than a page (the UI's 20) is followed by its relaxed pass; the tab counts
# count that pass from the same threshold, so both agree whatever page size is asked.
RELAX_BELOW = 20


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
        body = build_search(
            ops.text,
            types=types,
            page=args["page"],
            size=args["size"],
            concepts=concepts,
            extra=ops.clauses(),
            **filters,
        )
        started = time.perf_counter()
        data = page_of(reader().search(body), args["page"], args["size"], args["label"], ops.text)
        if ops.text and data["total"] < RELAX_BELOW:
            widen_pair = _may_widen_pair(ops.text, body, data["total"])
            relaxed = relaxed_query(ops.text, concepts, widen_pair=widen_pair, nothing_found=data["total"] == 0)
            data = _with_relaxed(data, body, relaxed, args)
        took = round(time.perf_counter() - started, 3)
        empty = ops.text and data["total"] == 0 and args["page"] == 1
        return {**data, "did_you_mean": did_you_mean(ops.text) if empty else None, "query_help": ops.help, "took": took}

    answer, total = cached_answer(args, read, _flag_items)
    if args["q"] and args["page"] == 1 and total:
        log_search_after_answer(args["q"])
    return answer


def _may_widen_pair(text: str, strict: dict, found: int) -> bool:
    """A topic of one concept and one word (indexer/queries/relax.is_a_pair) that found fewer than a page widens to
    the concept, unless one of its few hits is the item the query names (a repository typed as quartz-rag). The
    same answer for the list, each of its pages and the tabs' counts: it reads the strict hits, not a page."""
    if not is_a_pair(text):
        return False
    if found == 0:
        return True
    return not names_an_item(text, reader().search(names_body(strict))["hits"]["hits"])


def _with_relaxed(data: dict, body: dict, relaxed: dict | None, args: dict) -> dict:
    """The strict pass found fewer than a page (issue 36, item 2): the relaxed pass's hits follow the strict
    ones (indexer/queries/relax.py), paged on after them."""
    if relaxed is None:
        return data
    strict_total, start = data["total"], (args["page"] - 1) * args["size"]
    wanted = args["size"] - len(data["list"])
    relaxed_body = relaxed_search_body(body, relaxed, max(0, start - strict_total), wanted)
    more = page_of(reader().search(relaxed_body), args["page"], args["size"], args["label"], None)
    total = strict_total + more["total"]
    return {**data, "list": [*data["list"], *more["list"]], "total": total, "hasNextPage": start + args["size"] < total}


def counts(args: dict) -> Response:
    """The search tabs' counts, sent beside every search: cached as the answer's bytes like the page."""

    def count() -> dict:
        ops = resolve_operators(args["q"])
        concepts = reader().concepts()
        body = build_counts(ops.text, tags=args["label"], time=args["time"], concepts=concepts, operators=ops)
        result = reader().search(body)
        found = result["hits"]["total"]["value"]
        relaxed = None
        if ops.text and found < RELAX_BELOW:
            widen_pair = _may_widen_pair(ops.text, body, found)
            relaxed = relaxed_query(ops.text, concepts, widen_pair=widen_pair, nothing_found=found == 0)
        if relaxed is not None:
            result = reader().search(widened_counts_body(body, relaxed))  # as the list shows them
        buckets = {b["key"]: b["doc_count"] for b in result["aggregations"]["types"]["buckets"]}
        per_kind = {name: buckets.get(name, 0) for name in kinds.SEARCHABLE}
        return {"all": sum(per_kind.values()), **per_kind}

    return cached_answer(args, count)[0]
