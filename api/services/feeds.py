"""The filtered feeds, unified search and the per-kind counts."""

from __future__ import annotations

from collections.abc import Callable

import kinds
from api.context import reader
from api.read_cache import read_through
from api.search_log import log_search
from api.services.corrections import did_you_mean
from api.user_flags import apply_item_flags
from indexer.queries.feed import build_feed
from indexer.queries.search import build_counts, build_search


def _item_page(args: dict, body: Callable[[], dict]) -> dict:
    """A page of feed items for `body()` (cached for anonymous callers), with the caller's flags."""
    data = read_through(args, lambda: reader().page(body(), args["page"], args["size"], args["label"]))
    apply_item_flags(data["list"])
    return data


def feed_page(kind_name: str, args: dict) -> dict:
    order = kinds.kind(kind_name).feed.orders[args["sort"]]
    paging = {"tags": args["label"], "time": args["time"], "page": args["page"], "size": args["size"]}
    return _item_page(args, lambda: build_feed(kind_name, order, **paging))


def search_page(args: dict) -> dict:
    """Every first-page search that finds something is counted for the hot words; one that finds
    nothing carries a 'did you mean' when a nearby query would find something."""
    types = [args["model"]] if args["model"] else None
    filters = {"tags": args["label"], "time": args["time"], "sort": args["sort"]}

    def read() -> dict:
        body = build_search(args["q"], types=types, page=args["page"], size=args["size"], **filters)
        data = reader().page(body, args["page"], args["size"], args["label"])
        empty = args["q"] and data["total"] == 0 and args["page"] == 1
        return {**data, "did_you_mean": did_you_mean(args["q"]) if empty else None}

    data = read_through(args, read)
    apply_item_flags(data["list"])
    if args["q"] and args["page"] == 1 and data["total"] > 0:
        log_search(args["q"])
    return data


def counts(args: dict) -> dict:
    def count() -> dict:
        result = reader().search(build_counts(args["q"], tags=args["label"], time=args["time"]))
        buckets = {b["key"]: b["doc_count"] for b in result["aggregations"]["types"]["buckets"]}
        per_kind = {name: buckets.get(name, 0) for name in kinds.SEARCHABLE}
        return {"all": sum(per_kind.values()), **per_kind}

    return read_through(args, count)
