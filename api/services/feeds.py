"""The filtered feeds, unified search and the per-kind counts."""

from __future__ import annotations

import kinds
from api.context import reader
from api.read_cache import read_through
from api.search_log import log_search
from api.user_flags import apply_item_flags
from indexer.queries.feed import build_feed
from indexer.queries.search import build_counts, build_search


def feed_page(kind_name: str, args: dict) -> dict:
    feed = kinds.kind(kind_name).feed

    def read() -> dict:
        body = build_feed(
            kind_name,
            feed.orders[args["sort"]],
            tags=args["label"],
            time=args["time"],
            page=args["page"],
            size=args["size"],
        )
        return reader().page(body, args["page"], args["size"], args["label"])

    data = read_through(args, read)
    apply_item_flags(data["list"])
    return data


def search_page(args: dict) -> dict:
    """Every first-page search that finds something is counted for the hot words."""

    def search() -> dict:
        body = build_search(
            args["q"],
            types=[args["model"]] if args["model"] else None,
            tags=args["label"],
            time=args["time"],
            sort=args["sort"],
            page=args["page"],
            size=args["size"],
        )
        return reader().page(body, args["page"], args["size"], args["label"])

    data = read_through(args, search)
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
