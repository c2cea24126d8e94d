"""The filtered feeds (stories, papers, events, projects): tags, time range and a named order.

Each kind's feed says which order its `hot` and `new` sorts use (kinds/*.py, `FeedSpec.orders`):
- heat: within the chosen time range of `created_at`, the daily rollup's heat of that range
  (`heat_day`, `heat_3day`, `heat_week`, `heat_month`), then the cumulative `heat` (votes, bookmarks
  and views for stories, hotness for papers, stars and forks for projects), then newest first.
- newest: newest `created_at` first.
- event_status: live events first, then upcoming ones (soonest first), then ended ones (most recent
  first)."""

from __future__ import annotations

from indexer.queries.common import LIST_SOURCE, filters, paging, sort_clause


def _event_status_order(clauses: list[dict]) -> dict:
    # Constant tiers (live 20, upcoming 10, ended 0) plus a 0..1 closeness of start_time to now.
    # Dates are rounded to the minute so the clauses stay cacheable and paging is stable.
    live = {
        "bool": {"filter": [{"range": {"start_time": {"lte": "now/m"}}}, {"range": {"end_time": {"gte": "now/m"}}}]}
    }
    return {
        "bool": {
            "filter": clauses,
            "should": [
                {"constant_score": {"filter": live, "boost": 10}},
                {"constant_score": {"filter": {"range": {"end_time": {"gte": "now/m"}}}, "boost": 10}},
                {"distance_feature": {"field": "start_time", "origin": "now/m", "pivot": "7d", "boost": 1}},
            ],
        }
    }


def build_feed(
    entity_type: str,
    order: str,
    *,
    tags: list[str] | None = None,
    time: str | None = None,
    page: int = 1,
    size: int = 20,
) -> dict:
    clauses = filters([entity_type], tags, time)
    body: dict = {**paging(page, size), "_source": LIST_SOURCE}
    if order == "event_status":
        body["query"] = _event_status_order(clauses)
        body["sort"] = ["_score", {"start_time": "asc"}, {"doc_key": "desc"}]
        return body
    body["query"] = {"bool": {"filter": clauses}}
    if order in ("heat", "newest"):
        body["sort"] = sort_clause("hot" if order == "heat" else "new", time)
    else:
        raise ValueError(f"unknown feed order {order!r}")
    return body
