"""Pieces shared by the search and feed queries: type, tag and time filters, sorts, highlighting."""

from __future__ import annotations

from kinds import SEARCHABLE as CONTENT_TYPES

# Rounded to the minute so Elasticsearch can cache the filter between requests.
TIME_RANGES = {"day": "now-1d/m", "3day": "now-3d/m", "week": "now-7d/m", "month": "now-30d/m"}

# What a list needs from each document: the ready-to-render payload, never the full content or series.
LIST_SOURCE = ["type", "item_id", "source", "created_at", "heat"]

HIGHLIGHT = {
    "encoder": "html",  # everything but the <em> marks is escaped by Elasticsearch
    "pre_tags": ["<em>"],
    "post_tags": ["</em>"],
    "fields": {
        "title": {"type": "unified", "number_of_fragments": 0},
        "title_cn": {"type": "unified", "number_of_fragments": 0},
        "summary": {"type": "unified", "number_of_fragments": 1, "fragment_size": 120},
    },
}


def filters(
    types: list[str] | None = None,
    tags: list[str] | None = None,
    time: str | None = None,
    time_field: str = "created_at",
) -> list[dict]:
    clauses: list[dict] = [{"terms": {"type": list(types or CONTENT_TYPES)}}]
    # Several tags widen the list: an item carrying any selected tag matches (a section's 全选 is a union).
    if tags:
        clauses.append({"terms": {"tags": list(tags)}})
    if time:
        clauses.append({"range": {time_field: {"gte": TIME_RANGES[time]}}})
    return clauses


# The daily rollup's heat of each time range (store/heat.py); all time: the kind's cumulative heat.
HEAT_FIELDS = {"day": "heat_day", "3day": "heat_3day", "week": "heat_week", "month": "heat_month"}


def heat_sort(time: str | None = None) -> list:
    """Hot within a time range: the range's rolled-up heat first; the cumulative heat (votes and
    bookmarks, paper hotness, stars: the day-0 input) breaks its ties, so a quiet day or an index
    without rollups still lists the known-popular first."""
    order = [{"heat": "desc"}, {"created_at": "desc"}, {"doc_key": "desc"}]
    return [{HEAT_FIELDS[time]: "desc"}, *order] if time in HEAT_FIELDS else order


def sort_clause(sort: str, time: str | None = None) -> list:
    if sort == "new":
        return [{"created_at": "desc"}, {"doc_key": "desc"}]
    if sort == "hot":
        return heat_sort(time)
    return ["_score", {"created_at": "desc"}, {"doc_key": "desc"}]


def paging(page: int, size: int) -> dict:
    return {"from": (page - 1) * size, "size": size, "track_total_hits": True}
