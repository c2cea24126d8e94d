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


def sort_clause(sort: str) -> list:
    if sort == "new":
        return [{"created_at": "desc"}, {"doc_key": "desc"}]
    if sort == "hot":
        return [{"heat": "desc"}, {"created_at": "desc"}, {"doc_key": "desc"}]
    return ["_score", {"created_at": "desc"}, {"doc_key": "desc"}]


def paging(page: int, size: int) -> dict:
    return {"from": (page - 1) * size, "size": size, "track_total_hits": True}
